#!/usr/bin/python3
"""narrow.py - loading a dump of narrow rows (a fact table of integers, dates and
decimals) through the `mariadb` client: pressdb against MariaDB, in one run.

The dump is written as mariadb-dump writes one: a CREATE TABLE, then multi-row INSERTs
of about 1 MB each (--rows rows, deterministic). Each run starts both servers on fresh
data directories (MariaDB as bench/load/run.py starts it: 128 MiB buffer pool, no binary
log, durable commits; pressdb with its defaults), pipes the dump through
`mariadb --batch` over TCP, and measures the client's wall time, the server's CPU time
(utime + stime of its process over the load, with its checkpoint processes') and the client's. The loaded rows are then
checked: row count and sums of every column, equal on both servers. Two tables are
loaded, in separate dumps: with a secondary key (`KEY (cust)`) and without.

  /usr/bin/python3 bench/load/narrow.py --server ./build/pressdb [--rows 1000000] [--runs 3] [--load-data]

--load-data writes the same rows as a tab-separated file and loads it with LOAD DATA LOCAL
INFILE (bench/results/load-data-narrow.*).

Results: bench/results/load-narrow.{json,md} (medians and every value; relative paths).
"""

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)

from lib import client, machine  # noqa: E402
from lib.servers import MariaDBServer, PressdbServer, ensure_mariadb_installed  # noqa: E402

CHECK = ("SELECT COUNT(*), SUM(id), SUM(cust), SUM(prod), SUM(TO_DAYS(day)), SUM(qty), "
         "SUM(price), SUM(total) FROM bulk.fact")


def log(msg):
    print(msg, flush=True)


def fact_rows(rows):
    """The rows (deterministic): id, cust, prod, month, day, qty, price and total as text."""
    rnd = random.Random(20261202)
    for i in range(1, rows + 1):
        q = rnd.randint(1, 20)
        p = rnd.randint(100, 99999)
        yield (i, rnd.randint(1, 50000), rnd.randint(1, 2000), rnd.randint(1, 12), rnd.randint(1, 28),
               q, "%d.%02d" % (p // 100, p % 100), "%d.%02d" % (q * p // 100, q * p % 100))


def write_schema(out, key):
    out.write("CREATE DATABASE IF NOT EXISTS bulk;\nUSE bulk;\nDROP TABLE IF EXISTS fact;\n")
    out.write("CREATE TABLE fact (id INT NOT NULL PRIMARY KEY, cust INT NOT NULL, prod INT NOT NULL, "
              "day DATE NOT NULL, qty SMALLINT NOT NULL, price DECIMAL(10,2) NOT NULL, "
              "total DECIMAL(12,2) NOT NULL%s) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n"
              % (", KEY (cust)" if key else ""))


def write_load_data(path, rows, key):
    """The same rows as a tab-separated file and a script that loads it with LOAD DATA LOCAL
    INFILE (what mariadb-import --local sends)."""
    tsv = path + ".tsv"
    with open(tsv, "w") as out:
        for r in fact_rows(rows):
            out.write("%d\t%d\t%d\t2024-%02d-%02d\t%d\t%s\t%s\n" % r)
    with open(path, "w") as out:
        write_schema(out, key)
        out.write("LOAD DATA LOCAL INFILE '%s' INTO TABLE fact;\n" % tsv)


def write_dump(path, rows, key):
    with open(path, "w") as out:
        write_schema(out, key)
        buf, size = [], 0
        for r in fact_rows(rows):
            row = "(%d,%d,%d,'2024-%02d-%02d',%d,%s,%s)" % r
            buf.append(row)
            size += len(row) + 1
            if size > 1000000:
                out.write("INSERT INTO fact VALUES " + ",".join(buf) + ";\n")
                buf, size = [], 0
        if buf:
            out.write("INSERT INTO fact VALUES " + ",".join(buf) + ";\n")


def proc_cpu(pid):
    """utime + stime of the process and of its children it waited for (pressdb's
    checkpoint processes)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return sum(int(x) for x in fields[11:15]) / tick


def checkpoint_done(srv):
    """Waits until no checkpoint process writes a snapshot (its CPU is then counted)."""
    tmp = os.path.join(getattr(srv, "datadir", ""), "pressdb.snap.tmp")
    if not os.path.exists(tmp):
        return
    for _ in range(1200):
        if not os.path.exists(tmp):
            break
        time.sleep(0.05)
    time.sleep(0.3)   # (renamed, then the process exits and is waited for)


def load(srv, dump):
    cmd = ["mariadb"] + srv.client_args() + ["--batch", "--max-allowed-packet=64M", "--local-infile=1"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    s0 = proc_cpu(srv.pid())
    t0 = time.perf_counter()
    with open(dump, "rb") as f:
        r = subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=3600)
    wall = time.perf_counter() - t0
    checkpoint_done(srv)
    server = proc_cpu(srv.pid()) - s0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cl = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if r.returncode != 0:
        raise RuntimeError("%s: the client failed: %s" % (srv.name, r.stderr.decode(errors="replace")[-2000:]))
    return wall, server, cl


def check(srv):
    conn = srv.connect()
    with conn.cursor() as c:
        c.execute(CHECK)
        row = c.fetchone()
    conn.close()
    return [client.text(v) for v in row]


def median(xs):
    return statistics.median(xs) if xs else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", required=True, help="the pressdb binary")
    ap.add_argument("--rows", type=int, default=1000000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--load-data", action="store_true",
                    help="load the rows from a tab-separated file with LOAD DATA LOCAL INFILE instead of INSERTs")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    if not args.out:
        args.out = os.path.join(BENCH, "results", "load-data-narrow" if args.load_data else "load-narrow")
    if not ensure_mariadb_installed(log):
        sys.exit("MariaDB is not installed")
    work = tempfile.mkdtemp(prefix="pressdb-narrow-")
    res = {}
    try:
        for key in (False, True):
            variant = "with KEY (cust)" if key else "primary key only"
            dump = os.path.join(work, "dump-%s.sql" % ("key" if key else "pk"))
            (write_load_data if args.load_data else write_dump)(dump, args.rows, key)
            size = os.path.getsize(dump) + (os.path.getsize(dump + ".tsv") if args.load_data else 0)
            log("%s: %s of %d rows, %.1f MB" % (variant, "file" if args.load_data else "dump", args.rows, size / 1e6))
            res[variant] = {"mariadb": [], "pressdb": [], "checks": []}
            for run in range(args.runs):
                sums = {}
                for kind in ("mariadb", "pressdb"):
                    d = os.path.join(work, "%s-%d-%s" % (kind, run, "key" if key else "pk"))
                    os.makedirs(d)
                    srv = MariaDBServer(kind, d) if kind == "mariadb" else PressdbServer(kind, d, args.server)
                    if not srv.start():
                        sys.exit("%s did not start: %s" % (kind, srv.error))
                    try:
                        wall, server, cl = load(srv, dump)
                        sums[kind] = check(srv)
                    finally:
                        srv.stop()
                        shutil.rmtree(d, ignore_errors=True)
                    res[variant][kind].append({"wall": wall, "server_cpu": server, "client_cpu": cl})
                    log("  run %d %-7s wall %.2f s  server CPU %.2f s  client CPU %.2f s" % (run + 1, kind, wall, server, cl))
                same = sums["mariadb"] == sums["pressdb"]
                res[variant]["checks"].append(same)
                if not same:
                    log("  rows differ: MariaDB %r, pressdb %r" % (sums["mariadb"], sums["pressdb"]))
            os.remove(dump)
            if args.load_data:
                os.remove(dump + ".tsv")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    write_report(args, res)


def write_report(args, res):
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    m = machine.describe(ROOT)
    doc = {"rows": args.rows, "runs": args.runs, "machine": m, "results": res}
    with open(args.out + ".json", "w") as f:
        json.dump(doc, f, indent=1)
    how = ("a tab-separated file loaded with `LOAD DATA LOCAL INFILE` (the client sends the file)"
           if args.load_data else "INSERTs of about 1 MB")
    lines = ["# Loading %s of narrow rows: pressdb vs MariaDB" % ("a file" if args.load_data else "a dump"), "",
             "Command: `/usr/bin/python3 bench/load/narrow.py --server %s --rows %d --runs %d%s`" % (
                 os.path.relpath(os.path.abspath(args.server), ROOT), args.rows, args.runs,
                 " --load-data" if args.load_data else ""), "",
             "Machine: %s" % machine.one_line(m), "",
             "%d rows of 8 columns (INT, INT, INT, DATE, SMALLINT, DECIMAL(10,2), DECIMAL(12,2)) in %s "
             "through `mariadb --batch` over TCP; fresh servers each run; medians, every value "
             "in brackets. Server CPU: the server process's user + system time over the load, with its checkpoint processes' (pressdb forks one to write each snapshot)." % (args.rows, how), "",
             "| table | | MariaDB | pressdb | pressdb / MariaDB |", "| --- | --- | ---: | ---: | ---: |"]
    for variant, r in res.items():
        for what, label in (("wall", "load (wall)"), ("server_cpu", "server CPU"), ("client_cpu", "client CPU")):
            m = [x[what] for x in r["mariadb"]]
            p = [x[what] for x in r["pressdb"]]
            ratio = median(p) / median(m) if median(m) else float("nan")
            lines.append("| %s | %s | %.2f s [%s] | %.2f s [%s] | %.2f× |" % (
                variant, label, median(m), ", ".join("%.2f" % x for x in m),
                median(p), ", ".join("%.2f" % x for x in p), ratio))
        m = median([x["wall"] for x in r["mariadb"]])
        p = median([x["wall"] for x in r["pressdb"]])
        lines.append("| %s | rows per second | %s | %s | %.2f× faster |" % (
            variant, "{:,.0f}".format(args.rows / m), "{:,.0f}".format(args.rows / p), m / p))
    lines += ["", "Rows checked (count and sums of every column equal on both servers): %s." % ", ".join(
        "%s %s" % (v, "all runs" if all(r["checks"]) else "FAILED") for v, r in res.items())]
    with open(args.out + ".md", "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
