#!/usr/bin/python3
"""Queries through views against the same queries on the tables, on MariaDB and pressdb.

    /usr/bin/python3 bench/views/run.py --server NAME=PORT [--server NAME=PORT ...]
                                       [--rows 200000] [--rounds 15] [--out bench/results/views]

Against running servers (root, empty password), loaded with the same rows: a posts-like
table of --rows rows, a filtering view MariaDB merges (`published`), one it
materialises (`per_author`: GROUP BY) and a view of a join (`with_author`). Each query
is timed through the view and written on the tables, per server, in alternating
batches (--rounds of 20 runs each), and reported as medians: the view's time over the
table's time (1.0 = a view costs nothing) and each server's time against the first's.
Results are compared before timing (a server that answers differently is reported and
not timed). Writes <out>.md and <out>.json when --out is given.
"""
import argparse
import json
import random
import statistics
import time

import pymysql

QUERIES = [
    ("lookup by key", "SELECT title FROM published WHERE id = %(k)d",
     "SELECT title FROM posts WHERE id = %(k)d AND status = 'publish' AND type = 'post'"),
    ("range on a key", "SELECT id, title FROM published WHERE author = %(a)d ORDER BY id LIMIT 10",
     "SELECT id, title FROM posts WHERE status = 'publish' AND type = 'post' AND author = %(a)d ORDER BY id LIMIT 10"),
    ("count", "SELECT count(*) FROM published",
     "SELECT count(*) FROM posts WHERE status = 'publish' AND type = 'post'"),
    ("grouped view, one group", "SELECT n FROM per_author WHERE author = %(a)d",
     "SELECT count(*) FROM posts WHERE author = %(a)d GROUP BY author"),
    ("join view, lookup", "SELECT title, name FROM with_author WHERE id = %(k)d",
     "SELECT p.title, u.name FROM posts p JOIN users u ON u.id = p.author WHERE p.id = %(k)d"),
]


def setup(cur, rows):
    cur.execute("DROP DATABASE IF EXISTS bench_views")
    cur.execute("CREATE DATABASE bench_views")
    cur.execute("USE bench_views")
    cur.execute("CREATE TABLE users (id INT PRIMARY KEY, name VARCHAR(40))")
    cur.execute("CREATE TABLE posts (id INT PRIMARY KEY, author INT NOT NULL, status VARCHAR(20) NOT NULL, "
                "type VARCHAR(20) NOT NULL, title VARCHAR(100), KEY author (author))")
    cur.execute("INSERT INTO users VALUES " + ",".join("(%d,'user %d')" % (i, i) for i in range(1, 201)))
    rnd = random.Random(7)
    for base in range(0, rows, 2000):
        vals = []
        for i in range(base + 1, min(rows, base + 2000) + 1):
            st = rnd.choice(("publish", "publish", "publish", "draft", "trash"))
            ty = rnd.choice(("post", "post", "page", "revision"))
            vals.append("(%d,%d,'%s','%s','title %d')" % (i, rnd.randrange(1, 201), st, ty, i))
        cur.execute("INSERT INTO posts VALUES " + ",".join(vals))
    cur.execute("CREATE VIEW published AS SELECT id, author, title FROM posts WHERE status = 'publish' AND type = 'post'")
    cur.execute("CREATE VIEW per_author AS SELECT author, count(*) n FROM posts GROUP BY author")
    cur.execute("CREATE VIEW with_author AS SELECT p.id, p.title, u.name FROM posts p JOIN users u ON u.id = p.author")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", action="append", required=True, help="NAME=PORT")
    ap.add_argument("--rows", type=int, default=200000)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--out")
    a = ap.parse_args()
    servers = []
    for s in a.server:
        name, port = s.split("=")
        c = pymysql.connect(host="127.0.0.1", port=int(port), user="root", password="", autocommit=True)
        setup(c.cursor(), a.rows)
        servers.append((name, c.cursor()))
    rnd = random.Random(11)
    params = [dict(k=rnd.randrange(1, a.rows + 1), a=rnd.randrange(1, 201)) for _ in range(20)]
    results = []
    for label, vq, tq in QUERIES:
        same = True
        for p in params[:5]:
            got = []
            for _, cur in servers:
                cur.execute(vq % p)
                v = cur.fetchall()
                cur.execute(tq % p)
                got.append((v, cur.fetchall()))
            if any(g != got[0] for g in got):
                same = False
        times = {name: {"view": [], "table": []} for name, _ in servers}
        for _ in range(a.rounds):
            for name, cur in servers:
                for kind, q in (("view", vq), ("table", tq)):
                    for p in params:
                        t = time.perf_counter()
                        cur.execute(q % p)
                        cur.fetchall()
                        times[name][kind].append((time.perf_counter() - t) * 1000)
        med = {n: {k: statistics.median(v) for k, v in d.items()} for n, d in times.items()}
        results.append(dict(query=label, view_sql=vq, table_sql=tq, same_results=same, median_ms=med))
    first = servers[0][0]
    lines = ["# Views against tables (bench/views/run.py)", "",
             "%d rows; medians of %d runs per cell, in ms. view/table: the view's time over the same query "
             "written on the tables. %s/x: the first server's time over this one's (above 1: this one is faster)."
             % (a.rows, a.rounds * 20, first), "",
             "| query | " + " | ".join("%s view | %s table | %s view/table" % (n, n, n) for n, _ in servers)
             + "".join(" | %s/%s (view)" % (first, n) for n, _ in servers[1:]) + " |",
             "|---|" + "---|" * (3 * len(servers) + len(servers) - 1)]
    for r in results:
        m = r["median_ms"]
        cells = []
        for n, _ in servers:
            cells += ["%.3f" % m[n]["view"], "%.3f" % m[n]["table"], "%.2f" % (m[n]["view"] / m[n]["table"])]
        cells += ["%.2f" % (m[first]["view"] / m[n]["view"]) for n, _ in servers[1:]]
        lines.append("| %s%s | %s |" % (r["query"], "" if r["same_results"] else " (results differ!)", " | ".join(cells)))
    text = "\n".join(lines) + "\n"
    print(text)
    if a.out:
        with open(a.out + ".md", "w") as f:
            f.write(text)
        with open(a.out + ".json", "w") as f:
            json.dump(dict(rows=a.rows, rounds=a.rounds, servers=[n for n, _ in servers], results=results), f, indent=1)


if __name__ == "__main__":
    main()
