#!/usr/bin/python3
"""run.py - loading a WordPress dump, memory after it, and restart time: pressdb against MariaDB.

In one run, for each engine (a private MariaDB 10.11 with a 128 MiB buffer pool, and
pressdb), on a fresh data directory:

  1. load: CREATE DATABASE, then the generated dump (bench/wordpress/gen.py, scale 1 is the
     ~55 MB mariadb-dump-like file) piped through the `mariadb` client over TCP, as
     bench/wordpress/run.py loads it; the figure is the client's wall time;
  2. import check: row count of every filled table against the fixture's manifest, and a
     checksum of all rows (ordered by primary key) against MariaDB's;
  3. RSS (VmRSS) of the server right after the load and after 5 s idle; for pressdb also
     its Memory_used status (the bytes its counted allocator holds);
  4. restart to first answer: the time from starting the server process until it has
     answered `SELECT COUNT(*) FROM wordpress.wp_posts` (polled every 5 ms), first after
     kill -9 right after the load (crash recovery: pressdb replays its write-ahead log,
     InnoDB its redo log), then after a clean shutdown (SIGTERM, waited for; its duration
     is reported separately). The answer must be the loaded row count, and all rows must
     checksum as before. RSS after the clean restart is reported too.

Everything is repeated --runs times (engines alternate within a run); tables show the
median and every value. Results: bench/results/load.{json,md} (relative paths only).

  /usr/bin/python3 bench/load/run.py --server ./build/pressdb [--scale 1] [--runs 3] [--evict-after S]
"""

import argparse
import hashlib
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(BENCH, "wordpress"))

from lib import client, machine  # noqa: E402
from lib.servers import MariaDBServer, PressdbServer, ensure_mariadb_installed  # noqa: E402
import gen  # noqa: E402

PK = {"wp_posts": "ID", "wp_postmeta": "meta_id", "wp_comments": "comment_ID", "wp_options": "option_id",
      "wp_terms": "term_id", "wp_term_taxonomy": "term_taxonomy_id",
      "wp_term_relationships": "object_id, term_taxonomy_id", "wp_users": "ID"}
PROBE = "SELECT COUNT(*) FROM wordpress.wp_posts"
FIRST = "SELECT 1"


def log(msg):
    print(msg, flush=True)


def rel(path):
    return os.path.relpath(os.path.abspath(path), ROOT)


def load(srv, dump, timeout=1200):
    conn = srv.connect()
    with conn.cursor() as c:
        c.execute("CREATE DATABASE IF NOT EXISTS wordpress DEFAULT CHARACTER SET utf8mb4 "
                  "COLLATE utf8mb4_unicode_520_ci")
    conn.close()
    cmd = (["mariadb"] + srv.client_args() +
           ["--default-character-set=utf8mb4", "--max-allowed-packet=64M", "--force", "--batch",
            "--database=wordpress"])
    errpath = os.path.join(srv.workdir, srv.name + "-load.err")
    t0 = time.perf_counter()
    with open(dump, "rb") as f, open(errpath, "wb") as ef:
        r = subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL, stderr=ef, timeout=timeout)
    secs = time.perf_counter() - t0
    errs = [ln for ln in open(errpath, encoding="utf-8", errors="replace").read().splitlines() if ln.strip()]
    return secs, r.returncode, errs


def fingerprint(srv):
    import pymysql.cursors
    out = {}
    conn = srv.connect(database="wordpress", read_timeout=600)
    try:
        for t, pk in PK.items():
            h = hashlib.sha256()
            n = 0
            with conn.cursor(pymysql.cursors.SSCursor) as c:
                c.execute("SELECT * FROM %s ORDER BY %s" % (t, pk))
                for row in c:
                    n += 1
                    h.update(repr(tuple(client.text(v) for v in row)).encode("utf-8", "surrogateescape"))
            out[t] = dict(rows=n, checksum=h.hexdigest()[:16])
    finally:
        conn.close()
    return out


def memory_used(srv):
    try:
        conn = srv.connect()
        with conn.cursor() as c:
            c.execute("SHOW GLOBAL STATUS LIKE 'Memory_used'")
            row = c.fetchone()
        conn.close()
        return int(client.text(row[1])) if row else None
    except Exception:
        return None


def stop_clean(srv, timeout=120.0):
    """SIGTERM and wait; returns the seconds the shutdown took."""
    t0 = time.perf_counter()
    srv.proc.send_signal(signal.SIGTERM)
    srv.proc.wait(timeout=timeout)
    srv.proc = None
    return time.perf_counter() - t0


def stop_kill9(srv):
    srv.proc.send_signal(signal.SIGKILL)
    srv.proc.wait()
    srv.proc = None


def timed_start(srv, expect_rows, timeout=300.0):
    """Start srv's process and poll until it answers FIRST on a new connection, then send
    PROBE on that connection: seconds from exec to each answer."""
    import pymysql
    cmd = srv._command()
    logf = open(srv.logpath, "ab")
    logf.write(("\n--- start: %s\n" % " ".join(cmd)).encode())
    logf.flush()
    t0 = time.perf_counter()
    srv.proc = subprocess.Popen(cmd, stdout=logf, stderr=logf, stdin=subprocess.DEVNULL,
                                cwd=srv.workdir, start_new_session=True)
    logf.close()
    while True:
        if srv.proc.poll() is not None:
            raise RuntimeError("%s exited during the restart" % srv.name)
        try:
            conn = pymysql.connect(host="127.0.0.1", port=srv.port, user="root", password="",
                                   autocommit=True, connect_timeout=2, read_timeout=60)
            try:
                with conn.cursor() as c:
                    c.execute(FIRST)
                    c.fetchall()
                    first = time.perf_counter() - t0
                    c.execute(PROBE)
                    n = int(c.fetchone()[0])
            finally:
                conn.close()
            secs = time.perf_counter() - t0
            if n != expect_rows:
                raise RuntimeError("%s answered %d rows in wp_posts after the restart, expected %d"
                                   % (srv.name, n, expect_rows))
            return first, secs
        except pymysql.err.MySQLError:
            pass
        if time.perf_counter() - t0 > timeout:
            raise RuntimeError("%s did not answer within %.0f s of a restart" % (srv.name, timeout))
        time.sleep(0.005)


def evicted_figures(srv, r, timeout=600.0):
    """--evict-after: waits until every table holding rows is out; RSS and Memory_used
    then, and the first PROBE's time (wp_posts loaded back)."""
    want = int(srv.scalar("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'wordpress' "
                          "AND TABLE_ROWS > 0"))
    t0 = time.perf_counter()
    while srv.status_int("Evict_tables") < want and time.perf_counter() - t0 < timeout:
        time.sleep(0.5)
    r["evict_wait_s"] = round(time.perf_counter() - t0, 1)
    r["evicted_tables"] = srv.status_int("Evict_tables")
    time.sleep(2)
    r["rss_evicted_kib"] = srv.rss_kib()
    r["memory_used_evicted"] = memory_used(srv)
    r["evict_file_bytes"] = srv.status_int("Evict_file_bytes")
    conn = srv.connect()
    with conn.cursor() as c:
        t0 = time.perf_counter()
        c.execute(PROBE)
        c.fetchall()
        r["first_probe_evicted_s"] = round(time.perf_counter() - t0, 4)
        t0 = time.perf_counter()
        c.execute(PROBE)
        c.fetchall()
        r["probe_hot_s"] = round(time.perf_counter() - t0, 4)
    conn.close()


def one_engine(kind, name, workdir, pressdb_bin, dump, manifest, ref, evict_after=0):
    if kind == "mariadb":
        srv = MariaDBServer(name, workdir)
    else:
        srv = PressdbServer(name, workdir, pressdb_bin,
                            extra_args=["--evict-after-s=%d" % evict_after] if evict_after else ())
    r = dict(engine=kind)
    try:
        if not srv.start():
            r["error"] = srv.error
            return r, None
        if kind == "mariadb":
            r["version"] = srv.version
        secs, rc, errs = load(srv, dump)
        r["load_s"] = round(secs, 3)
        r["load_exit"] = rc
        r["load_errors"] = len(errs)
        if errs:
            r["load_error_lines"] = errs[:5]
        r["rss_after_load_kib"] = srv.rss_kib()
        if kind == "pressdb":
            r["memory_used_after_load"] = memory_used(srv)
        time.sleep(5)
        r["rss_idle_kib"] = srv.rss_kib()
        if kind == "pressdb":
            r["memory_used_idle"] = memory_used(srv)
        if kind == "pressdb":   # where the memory goes (SHOW GLOBAL STATUS Memory_table_*)
            c = srv.connect()
            with c.cursor() as cur:
                cur.execute("SHOW GLOBAL STATUS LIKE 'Memory_table%'")
                rows = [(k.decode() if isinstance(k, bytes) else k, v) for k, v in cur.fetchall()]
                r["memory_parts"] = {k[len("Memory_table_"):]: int(v) for k, v in rows}
            c.close()
        if kind == "pressdb" and evict_after:
            evicted_figures(srv, r)
        fp = fingerprint(srv)
        bad = [t for t, v in fp.items() if v["rows"] != manifest["rows"].get(t)]
        if ref:
            bad += [t for t, v in fp.items() if v["checksum"] != ref[t]["checksum"] and t not in bad]
        r["import_check"] = "ok" if not bad else "MISMATCH in " + ", ".join(bad)
        rows = fp["wp_posts"]["rows"]
        # crash restart first, while the load is still in the logs: kill -9, start, answer
        stop_kill9(srv)
        first, probe = timed_start(srv, rows)
        r["restart_kill9_first_s"], r["restart_kill9_s"] = round(first, 3), round(probe, 3)
        fp_crash = fingerprint(srv)
        # then a clean shutdown and start
        r["shutdown_s"] = round(stop_clean(srv), 3)
        first, probe = timed_start(srv, rows)
        r["restart_clean_first_s"], r["restart_clean_s"] = round(first, 3), round(probe, 3)
        if kind == "mariadb":
            srv.wait_buffer_pool_load()
        time.sleep(1)
        r["rss_after_restart_kib"] = srv.rss_kib()
        fp_clean = fingerprint(srv)
        r["after_restarts_check"] = "ok" if fp_crash == fp and fp_clean == fp else (
            "MISMATCH after kill -9" if fp_crash != fp else "MISMATCH after the clean restart")
        return r, fp
    except Exception as e:  # report, do not hide
        r["error"] = "%s: %s" % (type(e).__name__, e)
        return r, None
    finally:
        if srv.proc is not None:
            srv.stop()


def med(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def fmt_s(v):
    return "–" if v is None else ("%.2f s" % v if v >= 0.1 else "%.0f ms" % (v * 1000))


def fmt_mib(kib):
    return "–" if kib is None else "%.0f MiB" % (kib / 1024)


def markdown(res):
    m = res["machine"]
    L = ["# Loading the WordPress dump, memory, restart: pressdb vs MariaDB", "",
         "Command: `%s`" % res["command"], "",
         "Machine: %s. %s. pressdb %s." % (machine.one_line(m), m.get("mariadb", "MariaDB"),
                                           m.get("pressdb_revision") or "?"), "",
         "Fixture: `%s` (%.1f MB, %d statements, scale %g; %d rows in wp_posts). %d run(s); "
         "medians, every value in brackets." % (res["fixture"]["file"], res["fixture"]["bytes"] / 1e6,
                                               res["fixture"]["statements"], res["scale"],
                                               res["fixture"]["wp_posts"], len(res["runs"])), ""]
    eng = ["mariadb", "pressdb"]
    per = {e: [r[e] for r in res["runs"] if e in r] for e in eng}

    def row(label, key, f, target=None):
        cells = []
        for e in eng:
            vals = [x.get(key) for x in per[e]]
            mv = med(vals)
            cells.append("%s [%s]" % (f(mv), ", ".join(f(v) for v in vals)) if len(vals) > 1 else f(mv))
        a, b = med([x.get(key) for x in per["mariadb"]]), med([x.get(key) for x in per["pressdb"]])
        ratio = "%.2f×" % (b / a) if a and b else "–"
        L.append("| %s | %s | %s | %s | %s |" % (label, cells[0], cells[1], ratio, target or ""))

    L += ["| | MariaDB | pressdb | pressdb / MariaDB | target |", "| --- | ---: | ---: | ---: | --- |"]
    row("load through the `mariadb` client (wall)", "load_s", fmt_s, "≤ 1× MariaDB")
    row("RSS right after the load", "rss_after_load_kib", fmt_mib, "≤ 0.5× MariaDB")
    row("RSS after 5 s idle", "rss_idle_kib", fmt_mib, "≤ 0.5× MariaDB")
    row("start to first answer (`%s`) after kill -9 right after the load" % FIRST, "restart_kill9_first_s", fmt_s, "≤ 0.3 s")
    row("start to `%s` answered after kill -9" % PROBE, "restart_kill9_s", fmt_s)
    row("clean shutdown (SIGTERM until exit)", "shutdown_s", fmt_s, "≤ 0.5 s")
    row("start to first answer (`%s`) after the clean shutdown" % FIRST, "restart_clean_first_s", fmt_s, "≤ 0.3 s")
    row("start to `%s` answered after the clean shutdown" % PROBE, "restart_clean_s", fmt_s)
    row("RSS after the clean restart", "rss_after_restart_kib", fmt_mib)
    L.append("")
    parts = [x["memory_parts"] for x in per["pressdb"] if x.get("memory_parts")]
    if parts:
        keys = sorted(parts[0], key=lambda k: -parts[0][k])
        L.append("Where pressdb's table memory goes after the load (`SHOW GLOBAL STATUS LIKE 'Memory_table%%'`, "
                 "run 1): %s." % ", ".join("%s %.1f MB" % (k.replace("_", " "), parts[0][k] / 1e6) for k in keys))
        L.append("")
    ev = [x for x in per["pressdb"] if "rss_evicted_kib" in x]
    if ev:
        L.append("With `--evict-after-s=%d` (storage/evict.c): every table out after %s s of the idle (%s tables), "
                 "RSS then %s, `Memory_used` %s, their files %s MB; the first `%s` then took %s (wp_posts loaded "
                 "back), the next %s." % (
                     res["evict_after"], ", ".join("%.1f" % x["evict_wait_s"] for x in ev),
                     ", ".join(str(x["evicted_tables"]) for x in ev), ", ".join(fmt_mib(x["rss_evicted_kib"]) for x in ev),
                     ", ".join("%.0f MiB" % (x["memory_used_evicted"] / 1048576) for x in ev),
                     ", ".join("%.1f" % (x["evict_file_bytes"] / 1e6) for x in ev), PROBE,
                     ", ".join(fmt_s(x["first_probe_evicted_s"]) for x in ev),
                     ", ".join(fmt_s(x["probe_hot_s"]) for x in ev)))
        L.append("")
    mu = [x.get("memory_used_idle") for x in per["pressdb"]]
    if any(v is not None for v in mu):
        L.append("pressdb's `Memory_used` (its counted allocator) after the load: %s; RSS then: %s." % (
            ", ".join("%.0f MiB" % (v / 1048576) for v in mu if v is not None),
            ", ".join(fmt_mib(x.get("rss_idle_kib")) for x in per["pressdb"])))
        L.append("")
    checks = []
    for e in eng:
        for i, x in enumerate(per[e]):
            if x.get("error"):
                checks.append("%s run %d: ERROR %s" % (e, i + 1, x["error"]))
            else:
                checks.append("%s run %d: import %s, after restarts %s, %d client errors" % (
                    e, i + 1, x.get("import_check"), x.get("after_restarts_check"), x.get("load_errors", 0)))
    L += ["Checks (row counts against the manifest, row checksums against MariaDB, the same rows "
          "after both restarts):", ""] + ["- " + c for c in checks] + [""]
    L += ["Method: each run starts both servers on fresh data directories (MariaDB: "
          "`mariadbd --no-defaults --innodb-buffer-pool-size=128M --skip-log-bin "
          "--query-cache-type=0`; pressdb with its defaults), loads the dump with "
          "`mariadb --force --batch --default-character-set=utf8mb4` over TCP, measures VmRSS, "
          "checks the import, kills the server with SIGKILL and times a start until "
          "`%s` answers on a new connection (tried every 5 ms) and then `%s` on the same one, then "
          "stops it with SIGTERM and times the next start the same way. After kill -9 pressdb "
          "replays its write-ahead log (the whole load, unless a checkpoint ran during it; a "
          "table the log touches is loaded for it) and InnoDB runs crash recovery; pressdb's "
          "clean shutdown writes a snapshot, whose catalog the next start reads, leaving each "
          "table's rows on disk until a statement (here the probe loads wp_posts) or the "
          "background loader wants them. "
"MariaDB's first answer does not wait for its buffer-pool load." % (FIRST, PROBE), ""]
    return "\n".join(L)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--workdir", default=None)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--out", default=os.path.join(BENCH, "results"))
    ap.add_argument("--name", default="load", help="result file name (without extension)")
    ap.add_argument("--evict-after", type=int, default=0,
                    help="pressdb with --evict-after-s=N: also RSS once every table is out, and the first "
                         "statement on an evicted table")
    args = ap.parse_args()
    if not ensure_mariadb_installed(log=log) or not shutil.which("mariadb"):
        log("MariaDB (mariadb-server, mariadb-client) is not available")
        return 2
    pressdb_bin = os.path.abspath(args.server)
    dump, manifest = gen.ensure_fixture(args.scale, log=log)
    mach = machine.describe(ROOT)
    try:
        v = subprocess.run([ensure_mariadb_installed(log=log), "--version"], capture_output=True,
                           text=True).stdout.split()
        mach["mariadb"] = "MariaDB " + v[v.index("Ver") + 1] if "Ver" in v else " ".join(v)
    except Exception:
        pass
    workroot = tempfile.mkdtemp(prefix="pressdb-load-", dir=args.workdir)
    res = dict(suite="load", machine=mach, scale=args.scale,
               command="/usr/bin/python3 bench/load/run.py --server %s --scale %g --runs %d%s" % (
                   rel(pressdb_bin), args.scale, args.runs,
                   " --evict-after %d" % args.evict_after if args.evict_after else ""),
               evict_after=args.evict_after,
               fixture=dict(file=rel(dump), bytes=os.path.getsize(dump),
                            statements=manifest.get("statements"), wp_posts=manifest["rows"]["wp_posts"]),
               runs=[])
    try:
        for i in range(args.runs):
            log("== run %d of %d" % (i + 1, args.runs))
            run = {}
            order = ["mariadb", "pressdb"] if i % 2 == 0 else ["pressdb", "mariadb"]
            fps = {}
            for kind in order:
                wd = os.path.join(workroot, "run%d" % (i + 1))
                os.makedirs(wd, exist_ok=True)
                r, fp = one_engine(kind, kind, wd, pressdb_bin, dump, manifest,
                                   fps.get("mariadb"), args.evict_after)
                fps[kind] = fp
                run[kind] = r
                log("  %-8s %s" % (kind, json.dumps(r)))
            # the checksum comparison needs MariaDB's; when pressdb ran first, compare now
            if fps.get("mariadb") and fps.get("pressdb") and run["pressdb"].get("import_check") == "ok":
                bad = [t for t in PK if fps["pressdb"][t]["checksum"] != fps["mariadb"][t]["checksum"]]
                if bad:
                    run["pressdb"]["import_check"] = "MISMATCH with MariaDB in " + ", ".join(bad)
            res["runs"].append(run)
    finally:
        if not args.keep:
            shutil.rmtree(workroot, ignore_errors=True)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, args.name + ".json"), "w") as f:
        json.dump(res, f, indent=1)
    md = markdown(res)
    with open(os.path.join(args.out, args.name + ".md"), "w") as f:
        f.write(md + "\n")
    log("\n" + md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
