#!/usr/bin/python3
"""run.py - sysbench OLTP against MariaDB 10.11 and pressdb (--jit=off, --jit=on).

Runs Debian's sysbench (installed with apt-get when absent) workloads oltp_point_select,
oltp_read_only, oltp_read_write and oltp_write_only at 1, 4, 16 and 64 threads against
private servers started like the WordPress benchmark does (free ports, temporary data
directories; MariaDB with its defaults plus query cache off and a 128 MiB buffer pool, so
commits are durable: innodb_flush_log_at_trx_commit=1). Each workload runs with the text
protocol (--db-ps-mode=disable) and with server-side prepared statements (--db-ps-mode=auto,
sysbench's default: COM_STMT_PREPARE once, COM_STMT_EXECUTE per query), on every engine.

  run.py [--server ./build/pressdb] [--quick] [--time S] [--threads 1,4,16,64]
         [--ps-modes disable,auto] [--engines mariadb,pressdb,pressdb-jit]
         [--interleave [--repeat N]]

By default one engine at a time runs every cell. With --interleave every engine is
started and prepared first, then each cell (test, threads, mode) runs on each engine in
turn (the order alternating from cell to cell), N times, and the run with the median
transactions/s is kept: on a shared machine whose speed drifts over minutes, engines
compared within a cell saw the same machine.

Results: bench/results/sysbench.{json,md} (quick: bench/results/quick/).
"""

import argparse
import signal
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)

from lib import machine  # noqa: E402
from lib.servers import MariaDBServer, PressdbServer, ensure_mariadb_installed  # noqa: E402

TESTS = ["oltp_point_select", "oltp_read_only", "oltp_read_write", "oltp_write_only"]
LABEL = {"mariadb": "MariaDB", "pressdb": "pressdb --jit=off", "pressdb-jit": "pressdb + JIT",
         "mariadb-binlog": "MariaDB, binary log (ROW, sync_binlog=1)",
         "pressdb-binlog": "pressdb + JIT, binary log (sync_binlog=1)",
         "pressdb-binlog-nosync": "pressdb + JIT, binary log (sync_binlog=0)"}
# issue 17: the binary log's cost, each server with and without it (durable: sync_binlog=1)
BINLOG_ARGS = ["--log-bin", "--server-id=1", "--binlog-format=ROW", "--sync-binlog=1"]


def log(msg):
    print(msg, flush=True)


def ensure_sysbench():
    if shutil.which("sysbench"):
        return True
    log("sysbench not found: installing Debian's sysbench")
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "sysbench"], env=env, check=False)
    return bool(shutil.which("sysbench"))


def sb(server, test, action, threads=1, seconds=10, tables=4, size=100000, timeout=None, ps_mode="disable"):
    cmd = ["sysbench", test, "--db-driver=mysql", "--mysql-host=127.0.0.1", "--mysql-port=%d" % server.port,
           "--mysql-user=root", "--mysql-password=", "--mysql-db=sbtest", "--tables=%d" % tables,
           "--table-size=%d" % size, "--db-ps-mode=%s" % ps_mode, "--threads=%d" % threads,
           "--time=%d" % seconds, "--report-interval=0", "--histogram=off", "--rand-seed=42", action]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout or seconds * 4 + 600)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", "sysbench did not finish"


def parse(out):
    d = {}
    m = re.search(r"transactions:\s+(\d+)\s+\(([\d.]+) per sec", out)
    if m:
        d["tps"] = float(m.group(2))
    m = re.search(r"queries:\s+(\d+)\s+\(([\d.]+) per sec", out)
    if m:
        d["qps"] = float(m.group(2))
    m = re.search(r"95th percentile:\s+([\d.]+)", out)
    if m:
        d["p95_ms"] = float(m.group(1))
    m = re.search(r"avg:\s+([\d.]+)", out)
    if m:
        d["avg_ms"] = float(m.group(1))
    m = re.search(r"ignored errors:\s+(\d+)", out)
    if m:
        d["ignored_errors"] = int(m.group(1))
    return d


def start_and_prepare(name, srv, info, size):
    """Start srv and load sysbench's tables; False (info["error"] set) when it cannot."""
    if not srv.start():
        info["error"] = srv.error
        log("%s failed to start: %s" % (name, srv.error))
        return False
    info["version"] = srv.version
    try:
        conn = srv.connect()
        with conn.cursor() as c:
            c.execute("CREATE DATABASE IF NOT EXISTS sbtest")
        conn.close()
    except Exception as e:
        info["error"] = "CREATE DATABASE: %s" % e
    t0 = time.time()
    rc, out, err = sb(srv, "oltp_common", "prepare", threads=4, size=size, seconds=1)
    info["prepare_s"] = round(time.time() - t0, 1)
    if rc != 0:
        info["error"] = "prepare failed: %s" % (err or out).strip()[-400:]
        log("%s: %s" % (name, info["error"]))
        srv.stop()
        return False
    log("%s: prepared %d x %d rows in %.1f s" % (name, 4, size, info["prepare_s"]))
    return True


def run_interleaved(servers, result, tests, threads, modes, seconds, size, repeat):
    live = []
    for name, srv in servers:
        info = result["engines"][name] = dict(label=LABEL[name], runs={})
        if start_and_prepare(name, srv, info, size):
            live.append((name, srv))
    cell = 0
    for test in tests:
        for t in threads:
            for mode in modes:
                order = live if cell % 2 == 0 else live[::-1]
                cell += 1
                got = {name: [] for name, _ in live}
                for _ in range(repeat):
                    for name, srv in order:
                        if not srv.alive():
                            continue
                        rc, out, err = sb(srv, test, "run", threads=t, seconds=seconds, size=size, ps_mode=mode)
                        d = parse(out)
                        if rc != 0:
                            d["error"] = (err or out).strip()[-400:]
                        got[name].append(d)
                        log("  %-8s %-18s %3d threads %-8s: %s" % (name, test, t, MODE.get(mode, mode), d))
                        if not srv.alive():
                            result["engines"][name]["error"] = "server died during %s at %d threads (%s)" % (test, t, mode)
                for name, runs in got.items():
                    ok = sorted((d for d in runs if "tps" in d and not d.get("error")), key=lambda d: d["tps"])
                    keep = ok[(len(ok) - 1) // 2] if ok else (runs[0] if runs else None)
                    if keep is not None:
                        keep = dict(keep, all_tps=[d.get("tps") for d in runs])
                        result["engines"][name]["runs"][run_key(test, t, mode)] = keep
    for name, srv in live:
        result["engines"][name]["rss_kib"] = srv.rss_kib()
        srv.stop()


def _on_signal(signum, frame):
    """SIGTERM/SIGHUP (e.g. from `timeout`) unwind like Ctrl-C, so the servers we started stop."""
    raise KeyboardInterrupt("signal %d" % signum)


MODE = {"disable": "text", "auto": "prepared"}


def run_key(test, threads, mode):
    # (results of runs before both modes were measured have "test@threads", text protocol)
    return "%s@%d" % (test, threads) if mode == "disable" else "%s@%d@%s" % (test, threads, mode)


def write_markdown(result, outdir):
    names = [n for n in LABEL if n in result["engines"]]
    modes = result.get("ps_modes") or [result.get("ps_mode", "disable")]
    cols = [(n, m) for n in names for m in modes]
    lines = ["# sysbench OLTP: pressdb vs MariaDB", "",
             "%s; %s. %d tables x %d rows, %d s per run; text protocol (--db-ps-mode=disable) and "
             "prepared statements (--db-ps-mode=auto) as columns; %s. "
             "Figures: transactions/s (queries/s), p95 latency." % (
                 machine.one_line(result["machine"]), result["machine"]["date"], result["tables"],
                 result["table_size"], result["seconds"],
                 "engines interleaved within each cell (order alternating), the median of %d runs"
                 % result.get("repeat", 1) if result.get("interleave") else "one engine at a time"), ""]
    lines += ["| Test | Threads | " + " | ".join("%s, %s" % (LABEL[n], MODE.get(m, m)) for n, m in cols) + " |",
              "| --- | ---: |" + " ---: |" * len(cols)]
    failures = []
    for test in result["tests"]:
        for t in result["threads"]:
            row = [test, str(t)]
            for n, m in cols:
                e = result["engines"].get(n, {})
                d = e.get("runs", {}).get(run_key(test, t, m))
                if not d:
                    row.append("failed" if e.get("error") else "—")
                elif d.get("error") or "tps" not in d:
                    row.append("failed")
                    last = [ln for ln in (d.get("error") or "no result").splitlines() if ln.strip()][-1:]
                    failures.append("%s %s, %s, %d threads: %s" % (LABEL[n], MODE.get(m, m), test, t,
                                                                   last[0][-220:] if last else ""))
                else:
                    row.append("%.0f tps (%.0f qps), p95 %.2f ms" % (d["tps"], d.get("qps", 0), d.get("p95_ms", 0)))
            lines.append("| " + " | ".join(row) + " |")
    base = "mariadb" if "mariadb" in names else None
    others = [n for n in names if n.startswith("pressdb")]
    if base and others:
        lines += ["", "pressdb's transactions/s over MariaDB's, same protocol:", "",
                  "| Test | Threads | " + " | ".join("%s, %s" % (LABEL[n], MODE.get(m, m)) for n in others for m in modes) + " |",
                  "| --- | ---: |" + " ---: |" * (len(others) * len(modes))]
        for test in result["tests"]:
            for t in result["threads"]:
                row = [test, str(t)]
                for n in others:
                    for m in modes:
                        a = result["engines"].get(base, {}).get("runs", {}).get(run_key(test, t, m)) or {}
                        b = result["engines"].get(n, {}).get("runs", {}).get(run_key(test, t, m)) or {}
                        row.append("%.2fx" % (b["tps"] / a["tps"]) if a.get("tps") and b.get("tps") else "—")
                lines.append("| " + " | ".join(row) + " |")
    for n in names:
        if result["engines"].get(n, {}).get("error"):
            failures.append("%s: %s" % (LABEL[n], result["engines"][n]["error"].replace("\n", " ")[:300]))
    if failures:
        lines += ["", "Failures (sysbench stops a run at the first SQL error):", ""] + ["- " + f.replace("|", "\\|") for f in failures]
    with open(os.path.join(outdir, "sysbench.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", help="pressdb binary (default ./build/pressdb if it exists)")
    ap.add_argument("--quick", action="store_true", help="small tables, 3 s per run")
    ap.add_argument("--time", type=int, help="seconds per run (default 20, quick 3)")
    ap.add_argument("--threads", default="1,4,16,64")
    ap.add_argument("--tests", default=",".join(TESTS))
    ap.add_argument("--ps-modes", default="disable,auto", help="sysbench --db-ps-mode values to run")
    ap.add_argument("--engines", default="mariadb,pressdb,pressdb-jit")
    ap.add_argument("--interleave", action="store_true",
                    help="start every engine, then run each cell on each in turn")
    ap.add_argument("--repeat", type=int, default=1, help="with --interleave: runs per cell (median kept)")
    ap.add_argument("--out", help="results directory")
    ap.add_argument("--report", metavar="JSON", help="only rewrite sysbench.md from a results file")
    args = ap.parse_args()
    if args.report:
        with open(args.report) as f:
            write_markdown(json.load(f), os.path.dirname(os.path.abspath(args.report)))
        return 0
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGHUP, _on_signal)
    seconds = args.time or (3 if args.quick else 20)
    size = 10000 if args.quick else 100000
    threads = [int(x) for x in args.threads.split(",")]
    tests = args.tests.split(",")
    outdir = os.path.abspath(args.out or os.path.join(BENCH, "results", "quick" if args.quick else ""))
    os.makedirs(outdir, exist_ok=True)
    if not ensure_sysbench():
        log("sysbench is not available")
        return 2
    if not ensure_mariadb_installed(log=log):
        return 2
    binary = args.server or os.path.join(ROOT, "build", "pressdb")
    binary = binary if os.path.exists(binary) else None
    work = tempfile.mkdtemp(prefix="pressdb-sysbench-")
    engines = args.engines.split(",")
    modes = args.ps_modes.split(",")
    servers = [("mariadb", MariaDBServer("mariadb", work)),
               ("mariadb-binlog", MariaDBServer("mariadb-binlog", work, extra_args=BINLOG_ARGS))]
    if binary:
        servers += [("pressdb", PressdbServer("pressdb", work, binary, jit="off")),
                    ("pressdb-jit", PressdbServer("pressdb-jit", work, binary, jit="on")),
                    ("pressdb-binlog", PressdbServer("pressdb-binlog", work, binary, jit="on",
                                                     extra_args=[a for a in BINLOG_ARGS if "format" not in a])),
                    ("pressdb-binlog-nosync", PressdbServer("pressdb-binlog-nosync", work, binary, jit="on",
                                                            extra_args=["--log-bin", "--server-id=1"]))]
    servers = [(n, s) for n, s in servers if n in engines]
    result = dict(suite="sysbench", machine=machine.describe(ROOT), seconds=seconds, table_size=size, tables=4,
                  threads=threads, tests=tests, ps_modes=modes, engines={})
    if args.interleave:
        result.update(interleave=True, repeat=args.repeat)
    try:
        if args.interleave:
            run_interleaved(servers, result, tests, threads, modes, seconds, size, args.repeat)
            servers = []
        for name, srv in servers:
            info = result["engines"][name] = dict(label=LABEL[name], runs={})
            # one engine at a time: the machine's CPUs are the client's and that server's alone
            if not start_and_prepare(name, srv, info, size):
                continue
            for test in tests:
                for t in threads:
                    for mode in modes:
                        rc, out, err = sb(srv, test, "run", threads=t, seconds=seconds, size=size, ps_mode=mode)
                        d = parse(out)
                        if rc != 0:
                            d["error"] = (err or out).strip()[-400:]
                        info["runs"][run_key(test, t, mode)] = d
                        log("  %-8s %-18s %3d threads %-8s: %s" % (name, test, t, MODE.get(mode, mode), d))
                        if not srv.alive():
                            info["error"] = "server died during %s at %d threads (%s)" % (test, t, mode)
                            break
                    if not srv.alive():
                        break
                if not srv.alive():
                    break
            info["rss_kib"] = srv.rss_kib()
            srv.stop()
    finally:
        for _, srv in servers:
            srv.stop()
        shutil.rmtree(work, ignore_errors=True)
    with open(os.path.join(outdir, "sysbench.json"), "w") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
    write_markdown(result, outdir)
    log("wrote %s" % os.path.join(outdir, "sysbench.md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
