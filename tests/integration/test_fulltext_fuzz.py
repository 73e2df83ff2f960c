#!/usr/bin/env python3
"""MATCH ... AGAINST differentially fuzzed against MariaDB: random queries of words,
operators, quotes, parentheses, '@', '*', tabs, commas and non-ASCII letters, in boolean,
natural language and query expansion mode, over the same 13 rows on both servers; rows,
order, relevance values and errors must be MariaDB's.

MariaDB's key is written out of its FTS cache first (OPTIMIZE TABLE with
innodb_optimize_fulltext_only): InnoDB answers a prefix that has several forms in one row,
and a phrase beside a prefix, differently while rows are still in that cache; pressdb
answers as InnoDB does from disk. Left out: WITH QUERY EXPANSION of a query with a '*'
(ARCHITECTURE.md, FULLTEXT). Needs MARIADB_PORT and a pressdb on PRESSDB_PORT (the
harness's servers); seed and count: FT_FUZZ_SEED, FT_FUZZ_CASES."""
import os
import random
import sys

import pymysql

if os.environ.get("PRESSDB_SELF_TEST") or not os.environ.get("MARIADB_PORT") or not os.environ.get("PRESSDB_PORT"):
    print("skipped: needs the harness's MariaDB and pressdb")
    sys.exit(0)

ROWS = [(5, 'apple banana', 'apple cherry apple'), (2, 'banana split', 'banana banana cherry grape'),
        (9, 'cherry pie', 'the apple of my eye'), (1, 'grape juice', 'grape grape grape melon'),
        (7, 'melon', 'apple pie with melon'), (3, 'lemon tart', 'lemon apple banana cherry'),
        (12, 'orange', 'orange orange apple pie'), (4, 'peach', 'peach cobbler apple a pie'),
        (11, 'plum', 'plum plums plumber'), (8, 'kiwi', 'kiwi fruit and apples'),
        (6, 'apple-pie', 'apple pie apple pie'), (10, 'nothing', 'xyz words only here'),
        (13, 'grapefruit', 'grapefruit grapes grape')]
PARTS = ['apple', 'pie', 'banana', 'cherry', 'grape', 'melon', 'the', 'ab', 'a', 'plum', 'app', 'gra', 'x', '12',
         'kiwi', '+', '-', '~', '<', '>', '(', ')', '*', '"', '@', '3', ' ', ' ', ' ', ',', '\t', '%', 'é', 'Apple',
         'APPLE', "'"]
MODES = [' IN BOOLEAN MODE', ' IN BOOLEAN MODE', '', ' WITH QUERY EXPANSION']


def connect(port, socket=None):
    kw = dict(host="127.0.0.1", port=port, user="root", autocommit=True, charset="utf8mb4")
    if socket:
        kw["unix_socket"] = socket
    return pymysql.connect(**kw).cursor()


def setup(c):
    c.execute("DROP DATABASE IF EXISTS t_ft_fuzz")
    c.execute("CREATE DATABASE t_ft_fuzz")
    c.execute("USE t_ft_fuzz")
    c.execute("CREATE TABLE t (id INT PRIMARY KEY, title VARCHAR(200), body TEXT, FULLTEXT KEY ft (title, body)) "
              "DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_unicode_520_ci STATS_AUTO_RECALC=0")
    for r in ROWS:
        c.execute("INSERT INTO t VALUES (%s, %s, %s)", r)


def answer(c, sql, q):
    try:
        c.execute(sql, (q, q))
        return ("rows", c.fetchall())
    except pymysql.err.MySQLError as e:
        return ("error", e.args[0], e.args[1] if len(e.args) > 1 else "")


def main():
    m = connect(int(os.environ["MARIADB_PORT"]), os.environ.get("MARIADB_SOCKET"))
    p = connect(int(os.environ["PRESSDB_PORT"]))
    setup(m)
    setup(p)
    m.execute("SET GLOBAL innodb_optimize_fulltext_only = ON")
    try:
        m.execute("OPTIMIZE TABLE t")
        m.fetchall()
    finally:
        m.execute("SET GLOBAL innodb_optimize_fulltext_only = OFF")
    rnd = random.Random(int(os.environ.get("FT_FUZZ_SEED", "20261204")))
    cases = int(os.environ.get("FT_FUZZ_CASES", "3000"))
    diffs, ran = [], 0
    for _ in range(cases):
        q = "".join(rnd.choice(PARTS) + (" " if rnd.random() < 0.5 else "") for _ in range(rnd.randrange(1, 9)))
        mode = rnd.choice(MODES)
        if "EXPANSION" in mode and "*" in q:
            continue
        sql = ("SELECT id, MATCH (title, body) AGAINST (%s" + mode + ") FROM t "
               "WHERE MATCH (title, body) AGAINST (%s" + mode + ")")
        a, b = answer(m, sql, q), answer(p, sql, q)
        ran += 1
        if a != b:
            diffs.append((q, mode, a, b))
    for c in (m, p):
        c.execute("DROP DATABASE t_ft_fuzz")
    for q, mode, a, b in diffs[:10]:
        print("FAIL %r%s\n  MariaDB %s\n  pressdb %s" % (q, mode, str(a)[:300], str(b)[:300]))
    print("%d queries, %d differ" % (ran, len(diffs)))
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
