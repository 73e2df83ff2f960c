#!/usr/bin/python3
"""server_check.py - the arm64 build of pressdb against the x86-64 build (`make test-arm64`).

Starts four servers on free ports with temporary data directories: the x86-64 binary and the
arm64 binary (under qemu-aarch64), each with the JIT off and with the JIT forced on for
every scan it applies to (--jit-min-rows=0). Loads the same generated WordPress benchmark
fixture into each (bench/wordpress/gen.py, with the `mariadb` client, as the benchmark
does), runs the seven benchmark statements (shared/benchmark/queries.sql, through
bench/lib/queries.py, with the extra statements after them) and a few statements whose
filters the JIT compiles (integer and date columns against constants), and compares every
complete result (column names, rows in order, FOUND_ROWS()) with the x86-64 JIT-off
server's; each statement three times (the third from the plan the plan cache keeps, with
its kernels). Then checks that the JIT-on servers did run compiled kernels (Jit_executions
before and after each statement).

  server_check.py --x86 build/pressdb --arm64 build/arm64/srv/pressdb \\
                  --qemu "qemu-aarch64 -L ... -E LD_LIBRARY_PATH=..." [--scale 0.05]

Exit 0 when every result is identical, 1 otherwise.
"""

import argparse
import os
import shlex
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "bench", "wordpress"))

from lib import client, queries  # noqa: E402
from lib.servers import PressdbServer  # noqa: E402
import gen  # noqa: E402
import run as wprun  # noqa: E402  (the benchmark's loader)

# Filters the JIT compiles (kern_setup: integer and DATETIME columns against constants,
# first in evaluation order, on a full scan) over the fixture's tables: signed INT, BIGINT
# and DATETIME columns, string and number constants, the extremes; and grouped aggregates
# over integer columns.
JIT_STATEMENTS = [
    "SELECT ID, post_date FROM wp_posts WHERE post_date >= '2025-06-01' AND post_date < '2026-03-01 12:00:00' "
    "AND menu_order <= 0 ORDER BY ID",
    "SELECT COUNT(*), MIN(ID), MAX(ID) FROM wp_posts WHERE menu_order = 0 AND post_modified_gmt > '2000-01-01'",
    "SELECT comment_ID, comment_date FROM wp_comments WHERE comment_karma = 0 AND comment_date > 20260101 "
    "AND comment_date_gmt <= '2030-01-01' ORDER BY comment_ID",
    "SELECT object_id, term_taxonomy_id FROM wp_term_relationships WHERE term_order = 0 AND term_order > -1 "
    "ORDER BY object_id, term_taxonomy_id",
    "SELECT term_taxonomy_id, count FROM wp_term_taxonomy WHERE count >= 1 AND count < 9223372036854775807 "
    "ORDER BY term_taxonomy_id",
    "SELECT COUNT(*) FROM wp_posts WHERE post_date < '2026-02-15 08:30:00' AND menu_order >= -2147483648",
    # grouped aggregates (the compiled sink, engine/jit/agg.c)
    "SELECT post_author, COUNT(*), SUM(comment_count), AVG(menu_order), MIN(comment_count), MAX(menu_order), "
    "COUNT(post_parent) FROM wp_posts GROUP BY post_author",
    "SELECT comment_post_ID, COUNT(*), MAX(comment_ID) FROM wp_comments WHERE comment_karma = 0 "
    "GROUP BY comment_post_ID ORDER BY COUNT(*) DESC, comment_post_ID LIMIT 20",
    "SELECT post_id, COUNT(*), COUNT(meta_id) FROM wp_postmeta GROUP BY post_id ORDER BY 2 DESC, 1 LIMIT 10",
]


class QemuPressdb(PressdbServer):
    """PressdbServer run through a command prefix (qemu-aarch64 and its options)."""

    def __init__(self, name, workdir, binary, prefix, extra_args=()):
        super().__init__(name, workdir, binary, extra_args=extra_args)
        self.prefix = prefix

    def _command(self):
        return self.prefix + super()._command()


def jit_executions(conn):
    with conn.cursor() as c:
        c.execute("SHOW GLOBAL STATUS LIKE 'Jit_executions'")
        row = c.fetchone()
        return int(client.text(row[1])) if row else 0


def log(*a):
    print(*a, flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--x86", required=True, help="the x86-64 pressdb binary")
    ap.add_argument("--arm64", required=True, help="the arm64 pressdb binary")
    ap.add_argument("--qemu", default="qemu-aarch64", help="command prefix that runs the arm64 binary")
    ap.add_argument("--scale", type=float, default=0.05, help="WordPress fixture scale (gen.py)")
    ap.add_argument("--seed", type=int, default=gen.DEFAULT_SEED)
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    args = ap.parse_args()
    if not shutil.which("mariadb"):
        log("server_check: the mariadb command-line client is missing (apt-get install mariadb-client)")
        return 1

    t0 = time.time()
    dump, _ = gen.ensure_fixture(args.scale, args.seed, log=log)
    stmts = queries.load_statements(add_realistic=False)
    stmts += [dict(id="jit%d" % (i + 1), name=sql, sql=sql, found_rows=False, extra=True)
              for i, sql in enumerate(JIT_STATEMENTS)]
    log("fixture scale %g seed %d; %d statements (the seven, q5 with three words: %d; %d extra; %d JIT "
        "filters), each run three times (the plan cache keeps a plan from the second, with its "
        "kernels, and the third runs from it)"
        % (args.scale, args.seed, len(stmts), sum(1 for s in stmts if not s["extra"]),
           sum(1 for s in stmts if s["extra"] and not s["id"].startswith("jit")), len(JIT_STATEMENTS)))
    stmts = stmts + [dict(s, id=s["id"] + "#%d" % k) for k in (2, 3) for s in stmts]

    work = tempfile.mkdtemp(prefix="pressdb-arm64-check-")
    prefix = shlex.split(args.qemu)
    forced = ["--jit=on", "--jit-min-rows=0"]
    servers = [
        PressdbServer("x86-jit-off", work, args.x86, extra_args=["--jit=off"]),
        PressdbServer("x86-jit-forced", work, args.x86, extra_args=forced),
        QemuPressdb("arm64-jit-off", work, args.arm64, prefix, extra_args=["--jit=off"]),
        QemuPressdb("arm64-jit-forced", work, args.arm64, prefix, extra_args=forced),
    ]
    failures = []
    try:
        for srv in servers:
            t = time.time()
            if not srv.start(timeout=120):
                failures.append("%s did not start: %s" % (srv.name, srv.error))
                log("%s: FAILED TO START: %s" % (srv.name, srv.error))
                continue
            eng = wprun.Engine(srv.name, srv.name, srv)
            wprun.load(eng, dump, timeout=1800)
            errs = eng.info.get("load_errors")
            log("%-17s port %d, loaded in %.1f s%s" % (srv.name, srv.port, time.time() - t,
                                                       "; load errors: %s" % errs[:2] if errs else ""))
            if errs or not srv.alive():
                failures.append("%s: load failed: %s" % (srv.name, errs))
        live = [s for s in servers if s.alive()]
        results = {}
        for srv in live:
            conn, notes = client.wp_connect(srv, read_timeout=600)
            res, srv.jit_used = [], []
            for st in stmts:
                before = jit_executions(conn)
                res.append(client.execute(conn, st))
                srv.jit_used.append(jit_executions(conn) > before)
            results[srv.name] = res
            srv.jit_exec = sum(srv.jit_used)
            conn.close()
        ref = results.get("x86-jit-off")
        if ref is None:
            failures.append("no reference results (x86-jit-off)")
        else:
            for i, st in enumerate(stmts):
                r = ref[i]
                if r.error:
                    failures.append("%s: x86-64 reference failed: %s" % (st["id"], r.error))
                line = []
                for srv in live:
                    if srv.name == "x86-jit-off":
                        continue
                    got = results[srv.name][i]
                    ok = (got.error == r.error and got.columns == r.columns and got.types == r.types
                          and got.rows == r.rows and got.found_rows == r.found_rows)
                    if not ok:
                        detail = client.compare(r, got)[1] if not r.error else got.error
                        failures.append("%s on %s differs: %s" % (st["id"], srv.name, detail))
                    line.append("%s %s%s" % (srv.name, "same" if ok else "DIFFERS",
                                             " (JIT)" if srv.jit_used[i] else ""))
                log("  %-8s %-40s %s" % (st["id"], (client.describe(r) if not r.error else r.error)[:40],
                                          ", ".join(line)))
        for srv in live:
            log("%-17s ran compiled code in %d of %d statements" % (srv.name, srv.jit_exec, len(stmts)))
            if srv.name.endswith("forced") and srv.jit_exec == 0:
                failures.append("%s ran no compiled kernel" % srv.name)
    finally:
        for srv in servers:
            srv.stop()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    log("server_check: %d statements, 4 servers, %.0f s: %s"
        % (len(stmts), time.time() - t0, "FAILED" if failures else "all results identical"))
    for f in failures:
        log("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
