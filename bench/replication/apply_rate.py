#!/usr/bin/python3
"""apply_rate.py - how fast a replica catches up: pressdb vs MariaDB as replicas of one
MariaDB 10.11 primary (issue 17's target: pressdb at least 2x faster after a
100,000-transaction backlog).

The primary (--log-bin, binlog_format=ROW) gets sysbench's oltp_write_only tables
(prepare) and then N transactions (run --events=N: per transaction two UPDATEs, a DELETE
and an INSERT). Each replica then starts empty, CHANGE MASTER TO ... MASTER_USE_GTID=
slave_pos, START SLAVE, and is timed until its @@gtid_slave_pos is the primary's
@@gtid_binlog_pos (the whole binary log: the prepare's bulk inserts and the backlog).
Replicas run one at a time, engines interleaved, each several times; medians reported.

Replicas: MariaDB with its defaults (serial apply, innodb_flush_log_at_trx_commit=1:
an fsync per applied transaction), MariaDB with innodb_flush_log_at_trx_commit=2 (a sync
a second, the usual replica setting) and slave_parallel_threads=4, and pressdb (its log's
syncer groups the applied commits; the position is written with the rows either way).

  apply_rate.py [--server ./build/pressdb] [--events 100000] [--runs 3] [--quick]

Results: bench/results/replica-apply.{json,md} (quick: bench/results/quick/).
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
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(BENCH, "sysbench"))

from lib import machine  # noqa: E402
from lib.servers import MariaDBServer, PressdbServer  # noqa: E402
from run import ensure_sysbench  # noqa: E402

ENGINES = {
    "mariadb": ("MariaDB replica (defaults: serial, flush_log_at_trx_commit=1)", []),
    "mariadb-fast": ("MariaDB replica (flush_log_at_trx_commit=2, 4 parallel threads)",
                     ["--innodb-flush-log-at-trx-commit=2", "--slave-parallel-threads=4"]),
    "pressdb": ("pressdb replica", []),
}


def log(msg):
    print(msg, flush=True)


def run_sql(server, *stmts):
    c = server.connect()
    try:
        with c.cursor() as cur:
            for s in stmts:
                cur.execute(s)
    finally:
        c.close()


def sysbench(server, action, events, tables, size):
    cmd = ["sysbench", "oltp_write_only", "--db-driver=mysql", "--mysql-host=127.0.0.1",
           "--mysql-port=%d" % server.port, "--mysql-user=root", "--mysql-password=", "--mysql-db=sbtest",
           "--tables=%d" % tables, "--table-size=%d" % size, "--threads=16", "--events=%d" % events,
           "--time=0", "--report-interval=0", "--rand-seed=42", action]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("sysbench %s failed: %s" % (action, r.stderr[-500:]))


def catch_up(replica, primary_port, want, timeout):
    run_sql(replica, "CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=%d, MASTER_USER='repl', "
                     "MASTER_PASSWORD='rpw', MASTER_USE_GTID=slave_pos" % primary_port)
    t0 = time.monotonic()
    run_sql(replica, "START SLAVE")
    while time.monotonic() - t0 < timeout:
        if replica.scalar("SELECT @@gtid_slave_pos") == want:
            return time.monotonic() - t0
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
        time.sleep(0.02)
    raise RuntimeError("did not catch up within %d s" % timeout)


def _checksums(server, tables):
    c = server.connect()
    try:
        with c.cursor() as cur:
            cur.execute("CHECKSUM TABLE %s" % ", ".join("sbtest.sbtest%d" % i for i in range(1, tables + 1)))
            return [r[1] for r in cur.fetchall()]
    finally:
        c.close()


def one_replica(engine, binary, work, n, primary, want, tables, timeout):
    args = ["--server-id=%d" % (10 + n)] + ENGINES[engine][1]
    name = "%s-%d" % (engine, n)
    if engine.startswith("mariadb"):
        r = MariaDBServer(name, work, extra_args=args)
    else:
        r = PressdbServer(name, work, binary, extra_args=args)
    if not r.start():
        raise RuntimeError("%s: %s" % (name, r.error))
    try:
        secs = catch_up(r, primary.port, want, timeout)
        same = _checksums(r, tables) == _checksums(primary, tables)
        return secs, same
    finally:
        r.stop()


def write_markdown(res, path):
    lines = ["# Replica catch-up: pressdb vs MariaDB as replicas of a MariaDB primary", "",
             "%s; %s. MariaDB 10.11 primary (binlog_format=ROW) with sysbench oltp_write_only: %d tables x %d rows "
             "(prepare), then %d transactions (16 threads). Each replica starts empty and applies the whole binary "
             "log; seconds until its @@gtid_slave_pos is the primary's, medians of %d runs (one replica at a time, "
             "engines interleaved); transactions/s = backlog transactions / median." % (
                 machine.one_line(res["machine"]), res["machine"]["date"], res["tables"], res["size"], res["events"],
                 res["runs"]), "",
             "| Replica | seconds (median) | runs | backlog transactions/s | pressdb faster by | data = primary's |",
             "| --- | ---: | --- | ---: | ---: | --- |"]
    p = statistics.median(res["times"]["pressdb"])
    for e in ENGINES:
        ts = res["times"][e]
        m = statistics.median(ts)
        lines.append("| %s | %.2f | %s | %.0f | %s | %s |" % (
            ENGINES[e][0], m, ", ".join("%.2f" % t for t in ts), res["events"] / m,
            "" if e == "pressdb" else "%.2f×" % (m / p), "yes" if all(res["same"][e]) else "NO"))
    lines += ["", "Command: `%s`" % res["command"], ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--events", type=int, default=100000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    if a.quick:
        a.events, a.runs, a.size = 5000, 1, 2000
    if not ensure_sysbench():
        log("sysbench is not available")
        return 1
    work = tempfile.mkdtemp(prefix="pressdb-apply-")
    primary = MariaDBServer("primary", work, extra_args=["--log-bin=mbin", "--server-id=1", "--binlog-format=ROW"])
    if not primary.start():
        log("primary: %s" % primary.error)
        return 1
    try:
        # (repl@localhost too: the install's anonymous ''@localhost would match a login
        # from 127.0.0.1 before repl@'%')
        run_sql(primary, "CREATE USER 'repl'@'%' IDENTIFIED BY 'rpw'", "GRANT REPLICATION SLAVE ON *.* TO 'repl'@'%'",
                "CREATE USER 'repl'@'localhost' IDENTIFIED BY 'rpw'",
                "GRANT REPLICATION SLAVE ON *.* TO 'repl'@'localhost'", "CREATE DATABASE sbtest")
        log("primary: prepare %d x %d, then %d transactions" % (a.tables, a.size, a.events))
        sysbench(primary, "prepare", 0, a.tables, a.size)
        t0 = time.monotonic()
        sysbench(primary, "run", a.events, a.tables, a.size)
        log("  backlog written in %.1f s" % (time.monotonic() - t0))
        want = primary.scalar("SELECT @@gtid_binlog_pos")
        times = {e: [] for e in ENGINES}
        same = {e: [] for e in ENGINES}
        n = 0
        for run in range(a.runs):
            for e in ENGINES:
                n += 1
                secs, ok = one_replica(e, a.server, work, n, primary, want, a.tables, 3600)
                times[e].append(secs)
                same[e].append(ok)
                log("  run %d %-13s %.2f s  (%.0f transactions/s)%s" % (
                    run + 1, e, secs, a.events / secs, "" if ok else "  DATA DIFFERS"))
        res = dict(machine=machine.describe(), tables=a.tables, size=a.size, events=a.events, runs=a.runs,
                   times=times, same=same, command="/usr/bin/python3 bench/replication/apply_rate.py" +
                   (" --quick" if a.quick else " --events %d --runs %d" % (a.events, a.runs)))
        out = os.path.join(BENCH, "results", "quick" if a.quick else "")
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "replica-apply.json"), "w") as f:
            json.dump(res, f, indent=1)
        write_markdown(res, os.path.join(out, "replica-apply.md"))
        for e in ENGINES:
            log("%-13s median %.2f s" % (e, statistics.median(times[e])))
        return 0 if all(all(v) for v in same.values()) else 1
    finally:
        primary.stop()


if __name__ == "__main__":
    sys.exit(main())
