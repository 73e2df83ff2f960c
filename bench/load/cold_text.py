#!/usr/bin/python3
"""cold_text.py - memory once the WordPress dump has gone cold: pressdb's compression of
cold long strings (storage/compress.c) against MariaDB, optionally against an older pressdb.

In one run, each engine on a fresh data directory loads the generated dump (scale 1 is
~55 MB, scale 10 ~560 MB; bench/wordpress/gen.py) through the `mariadb` client, as
bench/load/run.py does. MariaDB (128 MiB buffer pool): RSS after 5 s idle. pressdb runs
with --compress-after-s=3 (the default is 300 s: this only shortens the wait) and is left
alone until SHOW GLOBAL STATUS's Compressed_values has not moved for 5 s; then its RSS,
Memory_used, Compressed_* and Memory_table_string_bytes. Then every row is read (ordered
by primary key, checksummed against MariaDB's), which restores every compressed value to
its plain bytes, and the same figures once it is compressed again. With --idle-s N (600 by
default, as the issue's "after 10 minutes idle"), each engine's RSS (and its transparent huge
pages) is read again N s after its load ended, before anything reads the rows: khugepaged
works on an idle server's memory meanwhile.

  /usr/bin/python3 bench/load/cold_text.py --server ./build/pressdb [--baseline OLD_PRESSDB] [--scale 10] [--idle-s 600]

Results: bench/results/cold-text.{json,md}.
"""

import argparse
import json
import os
import shutil
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
import importlib.util  # noqa: E402
_spec = importlib.util.spec_from_file_location("load_run", os.path.join(HERE, "run.py"))
load_run = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(load_run)
fingerprint, load, rel = load_run.fingerprint, load_run.load, load_run.rel
stop_clean, timed_start = load_run.stop_clean, load_run.timed_start

AFTER_S = 3
STATUS = ("Memory_used", "Compressed_values", "Compressed_raw_bytes", "Compressed_bytes",
          "Compressed_dictionaries", "Compressed_dictionary_bytes", "Memory_table_string_bytes")


def log(msg):
    print(msg, flush=True)


def status(srv):
    c = srv.connect()
    try:
        with c.cursor() as cur:
            cur.execute("SHOW GLOBAL STATUS WHERE Variable_name IN (%s)" % ",".join("'%s'" % s for s in STATUS))
            return {client.text(k): int(client.text(v)) for k, v in cur.fetchall()}
    finally:
        c.close()


def settled(srv, timeout=900.0):
    """Waits until Compressed_values is above 0 and has not moved for 5 s; seconds waited."""
    t0 = time.perf_counter()
    last, since = None, time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        n = status(srv).get("Compressed_values", 0)
        if n != last:
            last, since = n, time.perf_counter()
        elif n and time.perf_counter() - since >= 5:
            return time.perf_counter() - t0
        time.sleep(0.5)
    raise RuntimeError("%s: compression did not settle within %.0f s" % (srv.name, timeout))


def anon_huge_kib(srv):
    """AnonHugePages of the server's process (KiB), or None."""
    try:
        with open("/proc/%d/smaps_rollup" % srv.pid()) as f:
            for line in f:
                if line.startswith("AnonHugePages:"):
                    return int(line.split()[1])
    except (OSError, TypeError, ValueError):
        pass
    return None


def figures(srv, r, key):
    time.sleep(1)
    r[key] = dict(status(srv), rss_kib=srv.rss_kib(), anon_huge_kib=anon_huge_kib(srv))


def idle_until(srv, r, loaded_at, idle_s):
    """RSS every 60 s until idle_s after the load; r["idle_long"] the last reading."""
    if not idle_s:
        return
    trace = []
    while True:
        left = loaded_at + idle_s - time.perf_counter()
        if left <= 0:
            break
        time.sleep(min(60.0, left))
        trace.append([round(time.perf_counter() - loaded_at), srv.rss_kib(), anon_huge_kib(srv)])
    r["idle_long"] = dict(after_s=idle_s, rss_kib=srv.rss_kib(), anon_huge_kib=anon_huge_kib(srv), trace=trace)


def restart(srv, r, kind):
    """A clean stop and start once the text is cold: the stop's and the start's times (to
    the first answer, to wp_posts counted), then RSS once every table is in memory."""
    rows = int(srv.scalar("SELECT COUNT(*) FROM wordpress.wp_posts"))
    r["shutdown_s"] = round(stop_clean(srv), 3)
    first, probe = timed_start(srv, rows)
    r["restart_first_s"], r["restart_probe_s"] = round(first, 3), round(probe, 3)
    if kind == "mariadb":
        srv.wait_buffer_pool_load()
    else:
        t0 = time.perf_counter()   # (the start's loader brings every table in)
        while srv.status_int("Evict_tables") and time.perf_counter() - t0 < 300:
            time.sleep(0.25)
    time.sleep(5)
    r["restarted"] = dict(rss_kib=srv.rss_kib(), anon_huge_kib=anon_huge_kib(srv))
    if kind != "mariadb":
        r["restarted"].update(status(srv))


def one(kind, name, workdir, binary, dump, ref, idle_s):
    if kind == "mariadb":
        srv = MariaDBServer(name, workdir)
    else:
        srv = PressdbServer(name, workdir, binary, extra_args=["--compress-after-s=%d" % AFTER_S])
    r = dict(engine=name)
    try:
        if not srv.start():
            r["error"] = srv.error
            return r, None
        secs, rc, errs = load(srv, dump)
        loaded_at = time.perf_counter()
        r["load_s"], r["load_errors"] = round(secs, 2), len(errs)
        if kind == "mariadb":
            time.sleep(5)
            r["idle"] = dict(rss_kib=srv.rss_kib())
            idle_until(srv, r, loaded_at, idle_s)
            restart(srv, r, kind)
            return r, fingerprint(srv)
        r["settle_s"] = round(settled(srv), 1)
        figures(srv, r, "cold")
        idle_until(srv, r, loaded_at, idle_s)
        restart(srv, r, kind)
        fp = fingerprint(srv)
        if ref:
            bad = [t for t in fp if fp[t] != ref.get(t)]
            r["check"] = "ok" if not bad else "MISMATCH in " + ", ".join(bad)
        r["resettle_s"] = round(settled(srv), 1)
        figures(srv, r, "cold_again")
        return r, fp
    except Exception as e:  # report, do not hide
        r["error"] = "%s: %s" % (type(e).__name__, e)
        return r, None
    finally:
        if srv.proc is not None:
            srv.stop()


def mib(kib):
    return "%.0f" % (kib / 1024.0)


def mb(b):
    return "%.1f" % (b / 1e6)


def markdown(res):
    m = res["machine"]
    out = ["# Cold text in memory: pressdb's compression against MariaDB", "",
           "Command: `%s`" % res["command"], "",
           "Machine: %s. %s. pressdb %s." % (machine.one_line(m), m.get("mariadb", "MariaDB"), m.get("pressdb_revision") or "?"), "",
           "Fixture: `%s` (%.1f MB, scale %g). pressdb with `--compress-after-s=%d`; figures once "
           "`Compressed_values` stood still for 5 s." % (res["fixture"], res["fixture_bytes"] / 1e6, res["scale"], AFTER_S), ""]
    out += ["| engine | load (s) | settled after (s) | RSS (MiB) | Memory_used (MB) | text plain (MB) | "
            "text compressed (MB) | dictionaries (count, MB) | plain text left (MB) | rows vs MariaDB |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for r in res["engines"]:
        if "error" in r:
            out.append("| %s | error: %s |" % (r["engine"], r["error"]))
            continue
        if r["engine"] == "mariadb":
            out.append("| mariadb | %.2f | | %s | | | | | | |" % (r["load_s"], mib(r["idle"]["rss_kib"])))
            continue
        for key, label in (("cold", ""), ("cold_again", ", read whole, cold again")):
            f = r[key]
            out.append("| %s%s | %s | %s | %s | %s | %s | %s | %d, %s | %s | %s |" % (
                r["engine"], label, "%.2f" % r["load_s"] if key == "cold" else "",
                r["settle_s"] if key == "cold" else r["resettle_s"], mib(f["rss_kib"]), mb(f["Memory_used"]),
                mb(f["Compressed_raw_bytes"]), mb(f["Compressed_bytes"]), f.get("Compressed_dictionaries", 0),
                mb(f.get("Compressed_dictionary_bytes", 0)), mb(f["Memory_table_string_bytes"]),
                r.get("check", "") if key == "cold" else ""))
    if any("idle_long" in r for r in res["engines"]):
        out += ["", "RSS %d s after each load ended, idle (nothing read the rows yet), and how it went "
                "meanwhile (a reading every 60 s):" % res.get("idle_s", 0), "",
                "| engine | RSS after the idle (MiB) | of it transparent huge pages (MiB) | RSS over the idle (MiB) |",
                "| --- | ---: | ---: | --- |"]
        for r in res["engines"]:
            il = r.get("idle_long")
            if il:
                out.append("| %s | %s | %s | %s |" % (
                    r["engine"], mib(il["rss_kib"]), mib(il["anon_huge_kib"] or 0),
                    ", ".join("%s" % mib(x[1]) for x in il["trace"])))
    if any("restarted" in r for r in res["engines"]):
        out += ["", "Then a clean stop and start (SIGTERM; a new process until `SELECT 1` answers on a new "
                "connection, then `SELECT COUNT(*) FROM wordpress.wp_posts` on it), and RSS once every "
                "table is in memory again (MariaDB: its buffer pool loaded) and 5 s passed:", "",
                "| engine | clean stop (s) | start to first answer (s) | to wp_posts counted (s) | "
                "RSS then (MiB) | Memory_used (MB) | values compressed |",
                "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for r in res["engines"]:
            x = r.get("restarted")
            if x:
                out.append("| %s | %.2f | %.2f | %.2f | %s | %s | %s |" % (
                    r["engine"], r["shutdown_s"], r["restart_first_s"], r["restart_probe_s"], mib(x["rss_kib"]),
                    mb(x["Memory_used"]) if "Memory_used" in x else "",
                    x.get("Compressed_values", "")))
    out += ["", "text plain: the length of the values held compressed (`Compressed_raw_bytes`); "
            "text compressed: their size with headers (`Compressed_bytes`); plain text left: "
            "`Memory_table_string_bytes` (values too short, too young, indexed or incompressible). "
            "Rows vs MariaDB: every row of the eight tables, in primary key order, checksummed."]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--baseline", help="an older pressdb binary to run the same way")
    ap.add_argument("--baseline-label", default="pressdb-baseline",
                    help="its name in the results (say, its commit)")
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--out", default=os.path.join(BENCH, "results"))
    ap.add_argument("--name", default="cold-text")
    ap.add_argument("--idle-s", type=int, default=600,
                    help="read RSS again this long after each load, before the rows are read (0: not)")
    args = ap.parse_args()
    if not ensure_mariadb_installed(log=log) or not shutil.which("mariadb"):
        log("MariaDB (mariadb-server, mariadb-client) is not available")
        return 2
    dump, _ = gen.ensure_fixture(args.scale, log=log)
    mach = machine.describe(ROOT)
    try:
        v = subprocess.run([ensure_mariadb_installed(log=log), "--version"], capture_output=True,
                           text=True).stdout.split()
        mach["mariadb"] = "MariaDB " + v[v.index("Ver") + 1] if "Ver" in v else " ".join(v)
    except Exception:
        pass
    res = dict(suite="cold-text", machine=mach, scale=args.scale, fixture=rel(dump),
               fixture_bytes=os.path.getsize(dump),
               command="/usr/bin/python3 bench/load/cold_text.py --server %s%s --scale %g --idle-s %d" % (
                   rel(args.server), " --baseline OLD --baseline-label '%s'" % args.baseline_label
                   if args.baseline else "", args.scale, args.idle_s),
               engines=[], idle_s=args.idle_s)
    work = tempfile.mkdtemp(prefix="pressdb-cold-")
    try:
        r, ref = one("mariadb", "mariadb", work, None, dump, None, args.idle_s)
        log("  %s" % json.dumps(r))
        res["engines"].append(r)
        runs = [("pressdb", args.server)] + ([(args.baseline_label, args.baseline)] if args.baseline else [])
        for name, binary in runs:
            r, _ = one("pressdb", name, work, os.path.abspath(binary), dump, ref, args.idle_s)
            log("  %s" % json.dumps(r))
            res["engines"].append(r)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, args.name + ".json"), "w") as f:
        json.dump(res, f, indent=1)
    md = markdown(res)
    with open(os.path.join(args.out, args.name + ".md"), "w") as f:
        f.write(md + "\n")
    log("\n" + md)
    return 0 if all("error" not in r and r.get("check", "ok") == "ok" for r in res["engines"]) else 1


if __name__ == "__main__":
    sys.exit(main())
