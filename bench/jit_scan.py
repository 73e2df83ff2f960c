#!/usr/bin/python3
"""jit_scan.py - full scans with integer and date filters (what the JIT compiles today,
engine/jit_bridge.c): pressdb with the JIT on and off (SET SESSION pressdb_jit) against
MariaDB, on one table of --rows rows loaded identically into both.

  jit_scan.py --pressdb-port N --mariadb-socket PATH [--rows 1000000] [--runs 21]

Each statement's result is compared first (a difference: no timing). Then per statement
and engine: 3 warm-up runs, then --runs runs interleaved (pressdb on, pressdb off,
MariaDB), and the median wall time in ms of each (PyMySQL, established connection).
After the runs, pressdb's Jit_* counters give the compile time per kernel."""
import argparse
import statistics
import time

import pymysql

STATEMENTS = [
    ("count, 1 int filter (50%)", "SELECT COUNT(*) FROM js WHERE a > 500"),
    ("count, 2 int filters, NULLs (12%)", "SELECT COUNT(*) FROM js WHERE a > 500 AND b <= 300"),
    ("count, date range (8%)", "SELECT COUNT(*) FROM js WHERE d >= '2023-01-01' AND d < '2023-02-01'"),
    ("sum, selective (0.1%)", "SELECT SUM(b) FROM js WHERE a = 7 AND b > 0"),
    ("rows, selective + string filter", "SELECT id, s FROM js WHERE a = 7 AND b < 100 AND s <> 'x'"),
]


def load(c, rows):
    cur = c.cursor()
    cur.execute("DROP DATABASE IF EXISTS jitbench")
    cur.execute("CREATE DATABASE jitbench")
    cur.execute("USE jitbench")
    cur.execute("CREATE TABLE js (id INT NOT NULL, a INT NOT NULL, b INT, d DATE, s VARCHAR(8))")
    step = 10000
    for lo in range(0, rows, step):
        vals = []
        for i in range(lo, min(rows, lo + step)):
            b = "NULL" if i % 10 == 0 else str((i * 7919) % 1000)
            vals.append("(%d,%d,%s,'2020-01-01' + INTERVAL %d DAY,'%s')"
                        % (i, (i * 104729) % 1000, b, i % 1500, "x" if i % 2 else "y"))
        cur.execute("INSERT INTO js VALUES " + ",".join(vals))
    cur.execute("DELETE FROM js WHERE id % 20 = 3")


def timed(c, sql):
    cur = c.cursor()
    t0 = time.perf_counter()
    cur.execute(sql)
    rows = cur.fetchall()
    return (time.perf_counter() - t0) * 1000, rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pressdb-port", type=int, required=True)
    ap.add_argument("--mariadb-socket", required=True)
    ap.add_argument("--rows", type=int, default=1000000)
    ap.add_argument("--runs", type=int, default=21)
    a = ap.parse_args()
    p_on = pymysql.connect(host="127.0.0.1", port=a.pressdb_port, user="root", autocommit=True)
    p_off = pymysql.connect(host="127.0.0.1", port=a.pressdb_port, user="root", autocommit=True)
    m = pymysql.connect(unix_socket=a.mariadb_socket, user="root", autocommit=True)
    for c in (p_on, m):
        load(c, a.rows)
    for c in (p_on, p_off, m):
        c.cursor().execute("USE jitbench")
    p_off.cursor().execute("SET SESSION pressdb_jit = OFF")
    print("%d rows (5%% deleted); medians of %d runs, ms" % (a.rows, a.runs))
    print("| statement | pressdb JIT on | pressdb JIT off | MariaDB | off/on | MariaDB/on |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, sql in STATEMENTS:
        r = [timed(c, sql)[1] for c in (p_on, p_off, m)]
        if not (sorted(map(repr, r[0])) == sorted(map(repr, r[1])) == sorted(map(repr, r[2]))):
            print("| %s | results differ: %r |" % (name, [x[:3] for x in r]))
            continue
        for _ in range(3):
            for c in (p_on, p_off, m):
                timed(c, sql)
        t = ([], [], [])
        for _ in range(a.runs):
            for i, c in enumerate((p_on, p_off, m)):
                t[i].append(timed(c, sql)[0])
        on, off, md = (statistics.median(x) for x in t)
        print("| %s | %.2f | %.2f | %.2f | %.1fx | %.1fx |" % (name, on, off, md, off / on, md / on))
    cur = p_on.cursor()
    cur.execute("SHOW GLOBAL STATUS LIKE 'Jit%'")
    st = dict(cur.fetchall())
    n = int(st["Jit_compiled_blocks"])
    print("Jit_compiled_blocks %s, Jit_compile_time_us %s (%.1f us a kernel), Jit_executions %s, Jit_code_bytes %s"
          % (n, st["Jit_compile_time_us"], int(st["Jit_compile_time_us"]) / max(n, 1), st["Jit_executions"],
             st["Jit_code_bytes"]))


if __name__ == "__main__":
    main()
