#!/usr/bin/python3
"""The ordered view of an index under writes: insert rows into a table whose secondary
index already has its ordered view (a range scan built it), then time range queries.

    /usr/bin/python3 bench/ordered/run.py --port PORT [--preload 300000] [--rows 200000] [--no-view]

Against a running server (pressdb or MariaDB; root, empty password). The table first
gets --preload rows (so the inserts timed below start from a big index), then a range
scan builds the ordered view, then --rows rows are inserted in batches of --batch and
timed (--no-view: no range scan before them, the baseline). The keys are random (a
fixed seed), so every insert lands somewhere inside the index's order. Then the median /
p90 latency of 200 range queries (SELECT id ... WHERE k BETWEEN x AND x+n, about 100
rows each) and of 200 that count about 10,000 rows each.
"""
import argparse
import random
import time

import pymysql


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--rows", type=int, default=200000)
    ap.add_argument("--batch", type=int, default=1000)
    ap.add_argument("--preload", type=int, default=300000)
    ap.add_argument("--no-view", action="store_true", help="insert before any range scan (the baseline)")
    a = ap.parse_args()
    conn = pymysql.connect(host="127.0.0.1", port=a.port, user="root", password="", autocommit=True)
    cur = conn.cursor()
    cur.execute("DROP DATABASE IF EXISTS bench_ordered")
    cur.execute("CREATE DATABASE bench_ordered")
    cur.execute("USE bench_ordered")
    cur.execute("CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, k INT NOT NULL, s VARCHAR(20), KEY k (k))")
    rnd = random.Random(42)
    total = a.preload + a.rows
    space = total * 10

    def insert(n):
        for done in range(0, n, a.batch):
            vals = ",".join("(%d,'v%d')" % (rnd.randrange(space), done + i) for i in range(min(a.batch, n - done)))
            cur.execute("INSERT INTO t (k, s) VALUES " + vals)

    insert(a.preload)
    if not a.no_view:
        cur.execute("SELECT id FROM t WHERE k BETWEEN 0 AND 10")   # builds the ordered view
    t0 = time.perf_counter()
    insert(a.rows)
    ins = time.perf_counter() - t0
    print("insert %d rows (batches of %d) into %d %s the ordered view: %.2f s"
          % (a.rows, a.batch, a.preload, "without" if a.no_view else "with", ins))

    def lat(sql_of):
        ts = []
        for _ in range(200):
            q = sql_of()
            t1 = time.perf_counter()
            cur.execute(q)
            cur.fetchall()
            ts.append((time.perf_counter() - t1) * 1000)
        ts.sort()
        return ts[len(ts) // 2], ts[len(ts) * 9 // 10]

    width = 1000   # ~100 rows: the keys are spread over 10x the row count
    m, p = lat(lambda: "SELECT id FROM t WHERE k BETWEEN %d AND %d" % ((x := rnd.randrange(space - width)), x + width))
    print("range query (~100 rows): median %.3f ms, p90 %.3f ms" % (m, p))
    width *= 100
    m, p = lat(lambda: "SELECT COUNT(s) FROM t WHERE k BETWEEN %d AND %d" % ((x := rnd.randrange(space - width)), x + width))
    print("range count (~10,000 rows): median %.3f ms, p90 %.3f ms" % (m, p))
    cur.execute("DROP DATABASE bench_ordered")


if __name__ == "__main__":
    main()
