#!/usr/bin/python3
"""live_lag.py - how far a replica falls behind while its primary is busy: pressdb vs
MariaDB as replicas of one MariaDB 10.11 primary running sysbench oltp_write_only
(issue 17: "a pressdb replica follows a MariaDB primary through sysbench
oltp_write_only for 60 s; lag reported").

The primary (--log-bin, binlog_format=ROW) gets sysbench's tables (prepare). Then, for
each replica in turn (one at a time, so none competes with another for the machine):
the replica starts empty and catches up with the primary (not timed), then sysbench
runs for --time seconds at --threads threads on the primary while the replica
follows; every 0.25 s the lag is sampled as transactions (the primary's
@@gtid_binlog_pos sequence minus the replica's @@gtid_slave_pos) and as
Seconds_Behind_Master. When sysbench ends, the time until the replica has applied
everything is the drain time. CHECKSUM TABLE then compares its tables with the
primary's.

  live_lag.py [--server ./build/pressdb] [--time 60] [--threads 16] [--quick]

Results: bench/results/replica-lag.{json,md} (quick: bench/results/quick/).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, HERE)
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(BENCH, "sysbench"))

from lib import machine  # noqa: E402
from lib.servers import MariaDBServer, PressdbServer  # noqa: E402
from run import ensure_sysbench  # noqa: E402
from apply_rate import ENGINES, q1, run_sql, sysbench, catch_up, _checksums, log  # noqa: E402


def seq(pos):
    """The sequence number of a one-domain GTID position ('' = 0)."""
    return int(pos.rsplit("-", 1)[1]) if pos else 0


def behind(replica):
    c = replica.connect(raw=False)
    try:
        with c.cursor() as cur:
            cur.execute("SHOW SLAVE STATUS")
            cols = [d[0] for d in cur.description]
            row = dict(zip(cols, cur.fetchone() or ()))
    finally:
        c.close()
    if row.get("Slave_SQL_Running") == "No" or row.get("Last_IO_Errno"):
        raise RuntimeError("replica stopped: %s %s" % (row.get("Last_IO_Error"), row.get("Last_SQL_Error")))
    return row.get("Seconds_Behind_Master")


def pct(xs, p):
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p / 100.0 * (len(s) - 1))))] if s else 0


def one_replica(engine, a, work, n, primary, tables):
    args = ["--server-id=%d" % (10 + n)] + ENGINES[engine][1]
    name = "%s-%d" % (engine, n)
    r = (MariaDBServer(name, work, extra_args=args) if engine.startswith("mariadb")
         else PressdbServer(name, work, a.server, extra_args=args))
    if not r.start():
        raise RuntimeError("%s: %s" % (name, r.error))
    try:
        start_pos = q1(primary, "SELECT @@gtid_binlog_pos")
        catch_up(r, primary.port, start_pos, 3600)
        cmd = ["sysbench", "oltp_write_only", "--db-driver=mysql", "--mysql-host=127.0.0.1",
               "--mysql-port=%d" % primary.port, "--mysql-user=root", "--mysql-password=", "--mysql-db=sbtest",
               "--tables=%d" % tables, "--table-size=%d" % a.size, "--threads=%d" % a.threads,
               "--time=%d" % a.time, "--report-interval=0", "run"]
        sb = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        lag, sbm = [], []
        while sb.poll() is None:
            p = seq(q1(primary, "SELECT @@gtid_binlog_pos"))
            lag.append(max(0, p - seq(q1(r, "SELECT @@gtid_slave_pos"))))
            s = behind(r)
            if s is not None:
                sbm.append(int(s))
            time.sleep(0.25)
        if sb.returncode != 0:
            raise RuntimeError("sysbench failed: %s" % sb.stderr.read()[-500:])
        end_pos = q1(primary, "SELECT @@gtid_binlog_pos")
        t0 = time.monotonic()
        while q1(r, "SELECT @@gtid_slave_pos") != end_pos:
            behind(r)
            time.sleep(0.02)
        drain = time.monotonic() - t0
        same = _checksums(r, tables) == _checksums(primary, tables)
        txns = seq(end_pos) - seq(start_pos)
        return dict(txns=txns, tps=txns / a.time, lag=lag, sbm=sbm, drain=drain, same=same)
    finally:
        r.stop()


def write_markdown(res, path):
    lines = ["# Replica lag under load: pressdb vs MariaDB as replicas of a MariaDB primary", "",
             "%s; %s. MariaDB 10.11 primary (binlog_format=ROW), sysbench oltp_write_only at %d threads for %d s "
             "on %d tables x %d rows, one replica following at a time. Lag sampled every 0.25 s: transactions "
             "(primary's GTID sequence minus the replica's) and Seconds_Behind_Master; drain = seconds from "
             "sysbench's end until the replica applied everything." % (
                 machine.one_line(res["machine"]), res["machine"]["date"], res["threads"], res["time"],
                 res["tables"], res["size"]), "",
             "| Replica | primary transactions/s | lag, median | lag, p95 | lag, max | Seconds_Behind_Master, max "
             "| drain (s) | data = primary's |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for e in ENGINES:
        x = res["runs"][e]
        lines.append("| %s | %.0f | %d | %d | %d | %s | %.2f | %s |" % (
            ENGINES[e][0], x["tps"], statistics.median(x["lag"]) if x["lag"] else 0, pct(x["lag"], 95),
            max(x["lag"] or [0]), max(x["sbm"]) if x["sbm"] else "NULL", x["drain"], "yes" if x["same"] else "NO"))
    lines += ["", "Command: `%s`" % res["command"], ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--time", type=int, default=60)
    ap.add_argument("--threads", type=int, default=16)
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    if a.quick:
        a.time, a.size = 5, 2000
    if not ensure_sysbench():
        log("sysbench is not available")
        return 1
    work = tempfile.mkdtemp(prefix="pressdb-lag-")
    primary = MariaDBServer("primary", work, extra_args=["--log-bin=mbin", "--server-id=1", "--binlog-format=ROW"])
    if not primary.start():
        log("primary: %s" % primary.error)
        return 1
    try:
        run_sql(primary, "CREATE USER 'repl'@'%' IDENTIFIED BY 'rpw'", "GRANT REPLICATION SLAVE ON *.* TO 'repl'@'%'",
                "CREATE USER 'repl'@'localhost' IDENTIFIED BY 'rpw'",
                "GRANT REPLICATION SLAVE ON *.* TO 'repl'@'localhost'", "CREATE DATABASE sbtest")
        sysbench(primary, "prepare", 0, a.tables, a.size)
        runs = {}
        for n, e in enumerate(ENGINES, 1):
            x = runs[e] = one_replica(e, a, work, n, primary, a.tables)
            log("%-13s %6.0f tps on the primary; lag median %d, p95 %d, max %d transactions; SBM max %s; "
                "drain %.2f s%s" % (e, x["tps"], statistics.median(x["lag"]) if x["lag"] else 0, pct(x["lag"], 95),
                                    max(x["lag"] or [0]), max(x["sbm"]) if x["sbm"] else "NULL", x["drain"],
                                    "" if x["same"] else "  DATA DIFFERS"))
        res = dict(machine=machine.describe(), time=a.time, threads=a.threads, tables=a.tables, size=a.size,
                   runs=runs, command="/usr/bin/python3 bench/replication/live_lag.py" +
                   (" --quick" if a.quick else " --time %d --threads %d" % (a.time, a.threads)))
        out = os.path.join(BENCH, "results", "quick" if a.quick else "")
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "replica-lag.json"), "w") as f:
            json.dump(res, f, indent=1)
        write_markdown(res, os.path.join(out, "replica-lag.md"))
        return 0 if all(x["same"] for x in runs.values()) else 1
    finally:
        primary.stop()


if __name__ == "__main__":
    sys.exit(main())
