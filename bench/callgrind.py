#!/usr/bin/python3
"""callgrind.py - server instructions per statement, counted by callgrind.

Builds nothing. For each --server binary: loads the WordPress fixture (bench/wordpress,
scale 0.1 by default) into a fresh data directory with a normal server, stops it, starts
the same data directory under

    valgrind --tool=callgrind --toggle-collect=srv_cmd_packet --collect-atstart=no

(so only the work inside the per-command entry function is counted, on whatever thread runs
it), then per statement on one WordPress-style connection: warm-up executions (the plan
cache keeps the plan and its programs), `callgrind_control -z`, N executions,
`callgrind_control -d`, and the instructions (Ir) of that dump divided by N. The server runs
with --offload-us at its maximum so no statement moves to a worker thread (callgrind slows
everything ~50x, and a moved statement would be counted outside srv_cmd_packet only
partly), with --threads=1, and once more with --plan-cache=0 (nothing kept) for the
"plan cache off" column.

    /usr/bin/python3 bench/callgrind.py --server ./build/pressdb [--server OTHER ...]
        [--runs 2000] [--heavy-runs 20] [--warmup 50] [--scale 0.1] [--only opt,tax]
        [--no-plan-cache-off] [--json FILE] [--keep DIR]

Statements (ids for --only): select1, opt (the option lookup; the option name changes every
execution, as WordPress asks for many), tax (WP_Term_Query's taxonomy join, benchmark
statement 3), tax-cat (the same shape WordPress sends for one category), pk (SELECT * of one
post), and the benchmark statements of shared/benchmark/queries.sql (q2 ... x3; they get
--heavy-runs executions; with FOUND_ROWS() the pair is counted as one).
Output: a Markdown table, one column per binary (and per binary with --plan-cache=0).
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "wordpress"))

from lib import client, queries  # noqa: E402
from lib.servers import PressdbServer  # noqa: E402
import gen  # noqa: E402

ENTRY = "srv_cmd_packet"      # server/command.c: every client command goes through it
OFFLOAD_MAX = 3600000000      # --offload-us: never move a statement to a worker

TAX = ("SELECT DISTINCT t.term_id, tr.object_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt "
       "ON t.term_id = tt.term_id INNER JOIN wp_term_relationships AS tr ON tr.term_taxonomy_id = "
       "tt.term_taxonomy_id WHERE tt.taxonomy IN ('category', 'post_tag', 'post_format') AND "
       "tr.object_id IN (41) ORDER BY t.name ASC")
TAX_CAT = ("SELECT DISTINCT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON "
           "t.term_id = tt.term_id INNER JOIN wp_term_relationships AS tr ON tr.term_taxonomy_id = "
           "tt.term_taxonomy_id WHERE tt.taxonomy IN ('category') AND tr.object_id IN (41) "
           "ORDER BY t.name ASC")
OPT = "SELECT option_value FROM wp_options WHERE option_name = '%s' LIMIT 1"


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def statements(option_names):
    """[(id, name, [sql, ...] cycled through, found_rows, heavy)]"""
    out = [("select1", "SELECT 1", ["SELECT 1"], False, False),
           ("opt", "Option lookup (option name varies)", [OPT % n for n in option_names], False, False),
           ("tax", "Taxonomy join (benchmark 3)", [TAX], False, False),
           ("tax-cat", "Taxonomy join, category only", [TAX_CAT], False, False),
           ("pk", "SELECT * FROM wp_posts WHERE ID = 5", ["SELECT * FROM wp_posts WHERE ID = 5"], False, False)]
    for s in queries.load_statements(add_realistic=False):
        if s["number"] in (1, 3):
            continue                  # measured above
        out.append((s["id"], s["name"], [s["sql"]], s["found_rows"], True))
    return out


def load_fixture(binary, scale, workdir):
    """A fresh datadir with the fixture loaded; returns (datadir, option names)."""
    dump, _ = gen.ensure_fixture(scale, log=log)
    srv = PressdbServer("load", workdir, binary)
    if not srv.start():
        raise SystemExit("pressdb did not start: %s" % srv.error)
    try:
        conn = srv.connect()
        with conn.cursor() as c:
            c.execute("CREATE DATABASE wordpress DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci")
        conn.close()
        t0 = time.time()
        with open(dump, "rb") as f:
            r = subprocess.run(["mariadb"] + srv.client_args() +
                               ["--default-character-set=utf8mb4", "--max-allowed-packet=64M", "--batch",
                                "--database=wordpress"], stdin=f, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
        if r.returncode != 0:
            raise SystemExit("loading %s failed: %s" % (dump, r.stderr.decode()[-500:]))
        log("  loaded %s in %.1f s" % (os.path.basename(dump), time.time() - t0))
        conn = srv.connect(database="wordpress")
        with conn.cursor() as c:
            # names WordPress reads one by one (not autoloaded ones are typical, any will do)
            c.execute("SELECT option_name FROM wp_options ORDER BY option_id LIMIT 40")
            names = [client.text(r[0]) for r in c.fetchall()]
        conn.close()
    finally:
        srv.stop()
    return srv.datadir, names


class Callgrind:
    """pressdb under callgrind on an existing datadir."""

    def __init__(self, binary, datadir, workdir, extra):
        self.srv = PressdbServer("cg", workdir, binary, extra_args=extra)
        self.srv.datadir = datadir
        self.outdir = tempfile.mkdtemp(prefix="cg-", dir=workdir)
        vg = ["valgrind", "--tool=callgrind", "--toggle-collect=" + ENTRY, "--collect-atstart=no",
              "--smc-check=all-non-file",          # the JIT writes code
              "--callgrind-out-file=" + os.path.join(self.outdir, "callgrind.out.%p")]
        orig = self.srv._command
        self.srv._command = lambda: vg + orig()

    def start(self):
        if not self.srv.start(timeout=300):
            raise SystemExit("pressdb under callgrind did not start: %s" % self.srv.error)

    def control(self, opt):
        """callgrind_control OPT; the server may sit in epoll_wait, where valgrind only sees
        the request once a syscall returns: a new TCP connection (handshake work lies outside
        srv_cmd_packet, so it is not counted) wakes it."""
        p = subprocess.Popen(["callgrind_control", opt, str(self.srv.proc.pid)],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.time() + 120
        while p.poll() is None and time.time() < deadline:
            time.sleep(0.3)
            if p.poll() is None:
                try:
                    self.srv.connect(timeout=5).close()
                except Exception:
                    pass
        out = p.communicate(timeout=60)[0].decode()
        if p.returncode != 0:
            raise SystemExit("callgrind_control %s failed: %s" % (opt, out))

    def last_dump(self):
        files = [f for f in glob.glob(os.path.join(self.outdir, "callgrind.out.*"))]
        return max(files, key=os.path.getmtime)

    def stop(self):
        self.srv.stop(timeout=300)


def dump_total(path):
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    return 0


def run_statement(cg, conn, stmt, runs, warmup):
    sid, name, sqls, found_rows, heavy = stmt

    def once(i):
        with conn.cursor() as c:
            c.execute(sqls[i % len(sqls)])
            c.fetchall()
            if found_rows:
                c.execute(client.FOUND_ROWS)
                c.fetchall()
    for i in range(warmup):
        once(i)
    cg.control("-z")
    t0 = time.time()
    for i in range(runs):
        once(i)
    secs = time.time() - t0
    cg.control("-d")
    path = cg.last_dump()
    total = dump_total(path)
    return dict(ir=total / runs, runs=runs, seconds=round(secs, 1), dump=path)


def measure(binary, datadir, workdir, extra, stmts, args):
    log("== %s %s" % (binary, " ".join(extra)))
    cg = Callgrind(binary, datadir, workdir, ["--threads=1", "--offload-us=%d" % OFFLOAD_MAX] + extra)
    cg.start()
    res = {}
    try:
        conn, notes = client.wp_connect(cg.srv, read_timeout=3600)
        for n in notes:
            log("  prologue: " + n)
        for st in stmts:
            heavy = st[4]
            r = run_statement(cg, conn, st, args.heavy_runs if heavy else args.runs,
                              min(args.warmup, 5) if heavy else args.warmup)
            res[st[0]] = r
            log("  %-14s %10.0f instructions (%d runs, %.0f s)" % (st[0], r["ir"], r["runs"], r["seconds"]))
        conn.close()
    finally:
        cg.stop()
    return res


def fmt(v):
    if v is None:
        return ""
    return "%.1fK" % (v / 1000) if v < 1e6 else "%.2fM" % (v / 1e6)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--server", action="append", required=True, help="pressdb binary (repeatable)")
    ap.add_argument("--label", action="append", help="column label per --server")
    ap.add_argument("--runs", type=int, default=2000)
    ap.add_argument("--heavy-runs", type=int, default=20, help="executions of the benchmark statements")
    ap.add_argument("--warmup", type=int, default=50)
    ap.add_argument("--scale", type=float, default=0.1)
    ap.add_argument("--only", help="comma-separated statement ids")
    ap.add_argument("--no-heavy", action="store_true", help="only select1, opt, tax, tax-cat, pk")
    ap.add_argument("--no-plan-cache-off", action="store_true", help="skip the --plan-cache=0 runs")
    ap.add_argument("--json", help="write all figures here")
    ap.add_argument("--keep", help="keep data directories and callgrind dumps in this directory")
    args = ap.parse_args()
    labels = args.label or [os.path.relpath(s) for s in args.server]
    if not shutil.which("valgrind") or not shutil.which("callgrind_control"):
        raise SystemExit("valgrind is missing (apt-get install valgrind)")
    workroot = args.keep or tempfile.mkdtemp(prefix="pressdb-callgrind-")
    os.makedirs(workroot, exist_ok=True)
    cols = []
    results = {}
    try:
        for binary, label in zip(args.server, labels):
            binary = os.path.abspath(binary)
            workdir = tempfile.mkdtemp(prefix="srv-", dir=workroot)
            datadir, names = load_fixture(binary, args.scale, workdir)
            stmts = statements(names)
            if args.no_heavy:
                stmts = [s for s in stmts if not s[4]]
            if args.only:
                keep = set(args.only.split(","))
                stmts = [s for s in stmts if s[0] in keep]
            runs = [(label, [])]
            if not args.no_plan_cache_off:
                runs.append((label + " --plan-cache=0", ["--plan-cache=0"]))
            for col, extra in runs:
                results[col] = measure(binary, datadir, workdir, extra, stmts, args)
                cols.append(col)
    finally:
        if not args.keep:
            shutil.rmtree(workroot, ignore_errors=True)
    names = {s[0]: s[1] for s in statements(["x"])}
    ids = [sid for sid in names if any(sid in results[c] for c in cols)]
    print("| statement | " + " | ".join(cols) + " |")
    print("| --- |" + " ---: |" * len(cols))
    for sid in ids:
        print("| %s | %s |" % (names[sid], " | ".join(fmt(results[c].get(sid, {}).get("ir")) for c in cols)))
    print("\ninstructions per statement (valgrind --tool=callgrind, inclusive of %s; %d runs, "
          "benchmark statements %d runs; fixture scale %g)" % (ENTRY, args.runs, args.heavy_runs, args.scale))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(columns=cols, results=results, runs=args.runs, heavy_runs=args.heavy_runs,
                           scale=args.scale), f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
