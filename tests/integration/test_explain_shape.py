#!/usr/bin/python3
"""EXPLAIN: the shape of the plan against MariaDB's.

pressdb's plans are its own (it has no cost-based optimizer, and it reads tables
through hashed keys and hash joins), so the values of an EXPLAIN row cannot match
MariaDB's in general; tests/sql/043_explain.sql compares whole rows only where both
engines obviously agree. This test compares what must agree for the statements
below, where MariaDB does not merge, materialise or rewrite anything pressdb keeps:

* the result columns (names and type codes) and the number of rows;
* the rows as a multiset of (id, select_type, table): one row per table, the query
  blocks numbered alike (SIMPLE/PRIMARY/SUBQUERY/DEPENDENT SUBQUERY/DERIVED/UNION/
  UNION RESULT, <derivedN>, <unionM,N>);
* on pressdb, that `type` is one of MariaDB's words and `key` is NULL or an index of
  that table (`#hash#$hj` for a hash join), and `rows` a number.

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass).
"""
import os, sys
import pymysql

SETUP = [
    "CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(20), c INT, KEY ka (a), KEY kbc (b, c))",
    "INSERT INTO t VALUES (1, 1, 'x', 1), (2, 2, 'y', 2), (3, 3, 'z', 3), (4, 1, 'x', 2)",
    "CREATE TABLE u (id INT PRIMARY KEY AUTO_INCREMENT, tid INT, v VARCHAR(10), KEY kt (tid))",
    "INSERT INTO u (tid, v) VALUES (1, 'a'), (2, 'b'), (2, 'c'), (5, 'd')",
    "CREATE TABLE w (id INT PRIMARY KEY, uid INT, note TEXT)",
    "INSERT INTO w VALUES (1, 1, 'n'), (2, 2, 'm'), (3, 9, 'o')",
]

KEYS = {"t": {"PRIMARY", "ka", "kbc"}, "u": {"PRIMARY", "kt"}, "w": {"PRIMARY"}}

STATEMENTS = [
    "EXPLAIN SELECT * FROM t",
    "EXPLAIN SELECT * FROM t WHERE id = 2",
    "EXPLAIN SELECT * FROM t WHERE a = 1",
    "EXPLAIN SELECT * FROM t WHERE b = 'x' AND c = 1",
    "EXPLAIN SELECT * FROM t WHERE id IN (1, 2)",
    "EXPLAIN SELECT * FROM t JOIN u ON u.tid = t.id",
    "EXPLAIN SELECT * FROM t LEFT JOIN u ON u.tid = t.id WHERE t.a = 1",
    "EXPLAIN SELECT * FROM t, u WHERE u.v = t.b",
    "EXPLAIN SELECT * FROM t JOIN u ON u.tid = t.id JOIN w ON w.uid = u.id",
    "EXPLAIN SELECT t.id FROM t WHERE t.a > (SELECT MIN(tid) FROM u WHERE v = 'b')",
    "EXPLAIN SELECT (SELECT MAX(v) FROM u WHERE u.tid = t.id) FROM t",
    "EXPLAIN SELECT * FROM (SELECT a, COUNT(*) n FROM t GROUP BY a) d WHERE n > 1",
    "EXPLAIN SELECT id FROM t UNION SELECT id FROM u",
    "EXPLAIN SELECT id FROM t UNION ALL SELECT id FROM u",
    "EXPLAIN SELECT id FROM t UNION SELECT id FROM u UNION SELECT id FROM w",
    "EXPLAIN WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r",
    "EXPLAIN SELECT a, COUNT(*) FROM t GROUP BY a ORDER BY 2",
    "EXPLAIN SELECT * FROM t ORDER BY c LIMIT 2",
    "EXPLAIN SELECT 1",
    "EXPLAIN SELECT * FROM t WHERE 1 = 0",
    "EXPLAIN UPDATE t SET c = 2 WHERE id = 1",
    "EXPLAIN UPDATE w SET note = 'q' WHERE uid = 2",
    "EXPLAIN DELETE FROM t WHERE a = 1",
    "EXPLAIN DELETE FROM w",
    "EXPLAIN INSERT INTO t VALUES (9, 9, 'q', 9)",
    "EXPLAIN EXTENDED SELECT * FROM t JOIN u ON u.tid = t.id",
    "EXPLAIN PARTITIONS SELECT * FROM w WHERE uid = 1",
    "DESCRIBE SELECT * FROM t WHERE a = 2",
]

TYPES = {"ALL", "const", "eq_ref", "ref", "range", "index", "hash_ALL", "system", None}


def connect(port_var, host_var, sock_var):
    kw = dict(user="root", charset="utf8mb4", autocommit=True)
    if os.environ.get(port_var):
        kw.update(host=os.environ.get(host_var, "127.0.0.1"), port=int(os.environ[port_var]))
    else:
        kw.update(unix_socket=os.environ[sock_var])
    return pymysql.connect(**kw)


def run(c, sql):
    cur = c.cursor()
    cur.execute(sql)
    cols = [(d[0], d[1]) for d in cur.description] if cur.description else []
    return cols, cur.fetchall()


def main():
    m = connect("MARIADB_PORT", "MARIADB_HOST", "MARIADB_SOCKET")
    p = connect("PRESSDB_PORT", "PRESSDB_HOST", "PRESSDB_SOCKET")
    for c in (m, p):
        cur = c.cursor()
        cur.execute("DROP DATABASE IF EXISTS t_explain_shape")
        cur.execute("CREATE DATABASE t_explain_shape")
        cur.execute("USE t_explain_shape")
        for s in SETUP:
            cur.execute(s)
    failures = 0
    for sql in STATEMENTS:
        mc, mr = run(m, sql)
        pc, pr = run(p, sql)
        problems = []
        if mc != pc:
            problems.append("columns: MariaDB %s, pressdb %s" % (mc, pc))
        if len(mr) != len(pr):
            problems.append("%d rows on MariaDB, %d on pressdb" % (len(mr), len(pr)))
        shape = lambda rows: sorted((str(r[0]), r[1], str(r[2])) for r in rows)
        if shape(mr) != shape(pr):
            problems.append("(id, select_type, table): MariaDB %s, pressdb %s" % (shape(mr), shape(pr)))
        names = [n for n, _ in pc]
        for r in pr:
            row = dict(zip(names, r))
            if row.get("type") not in TYPES:
                problems.append("pressdb type %r" % row.get("type"))
            key, table = row.get("key"), row.get("table")
            if key is not None and key != "#hash#$hj" and table in KEYS and key not in KEYS[table]:
                problems.append("pressdb key %r is no index of %s" % (key, table))
            if row.get("rows") is not None and not str(row["rows"]).isdigit():
                problems.append("pressdb rows %r" % row.get("rows"))
        if problems:
            failures += 1
            print("FAIL", sql)
            for x in problems:
                print("   ", x)
            print("    MariaDB:", mr)
            print("    pressdb:", pr)
    for c in (m, p):
        c.cursor().execute("DROP DATABASE IF EXISTS t_explain_shape")
    print("%d statements, %d with a different shape" % (len(STATEMENTS), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
