#!/usr/bin/python3
"""Kept query block plans (engine/select.c "block plans"): a shape run again uses the
plan an earlier statement made, across connections; DDL makes kept plans stale; a
temporary table hiding a table on one connection is not read through another
connection's plan; literals that change the join order get a plan of their own. The
expression programs kept with the plans (Plan_cache_programs_kept / _used) are used,
and statements that warn give MariaDB's warnings on every run.

Every statement runs on MariaDB and pressdb and the results are compared (in order:
every SELECT here has an ORDER BY). Then pressdb's counters must show the plans were
used, found stale and replanned (SHOW GLOBAL STATUS LIKE 'Plan_cache_plans%'); their
changes are checked, not their values, so the test holds under --plan-cache=1 (a shape
is cached the second time it is seen) and =2 (the first time).

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass).
"""
import os
import sys

import pymysql

DB = "t_plan_cache"
JOIN = ("SELECT a.id, b.id FROM a JOIN b ON b.a_id = a.id WHERE a.k = %d AND b.v = %d "
        "ORDER BY a.id, b.id")
POINT = "SELECT id, k FROM a WHERE k = %d ORDER BY id"
PROG = "SELECT id, k + id FROM a WHERE k = %d AND id < 50 ORDER BY id"
# statements whose warnings MariaDB gives on every run: a string column against a number
# (each row compared), a number column against a string converted once per statement,
# IN lists converted up front (and a DATE against string bounds, converted once)
WARNED = ("SELECT id FROM w WHERE s = 2 ORDER BY id",
          "SELECT id FROM w WHERE n = '2x' ORDER BY id",
          "SELECT id FROM w WHERE n IN ('1', '3y', 'z') ORDER BY id",
          "SELECT id FROM w WHERE s IN (1, 2) AND n <> '9q' ORDER BY id",
          "SELECT id FROM w WHERE d BETWEEN '2024-01-01' AND '2024-03-01' ORDER BY id")


def connect(port_var, host_var, sock_var, db=None):
    kw = dict(user="root", password="", autocommit=True)
    if os.environ.get(port_var):
        kw.update(host=os.environ.get(host_var, "127.0.0.1"), port=int(os.environ[port_var]))
    else:
        kw.update(unix_socket=os.environ[sock_var])
    if db:
        kw["database"] = db
    return pymysql.connect(**kw)


def status(c):
    cur = c.cursor()
    cur.execute("SHOW GLOBAL STATUS LIKE 'Plan_cache_plans%'")
    return {k[len("Plan_cache_plans_"):]: int(v) for k, v in cur.fetchall()}


def programs(c):
    cur = c.cursor()
    cur.execute("SHOW GLOBAL STATUS LIKE 'Plan_cache_programs%'")
    got = {k[len("Plan_cache_programs_"):]: int(v) for k, v in cur.fetchall()}
    return {"kept": got.get("kept", -1), "used": got.get("used", -1)}


def main():
    m = connect("MARIADB_PORT", "MARIADB_HOST", "MARIADB_SOCKET")
    p = connect("PRESSDB_PORT", "PRESSDB_HOST", "PRESSDB_SOCKET")
    for c in (m, p):
        cur = c.cursor()
        cur.execute("DROP DATABASE IF EXISTS " + DB)
        cur.execute("CREATE DATABASE " + DB)
        cur.execute("USE " + DB)
        cur.execute("CREATE TABLE a (id INT NOT NULL PRIMARY KEY, k INT NOT NULL, KEY k (k))")
        cur.execute("CREATE TABLE b (id INT NOT NULL PRIMARY KEY, a_id INT NOT NULL, v INT NOT NULL, "
                    "KEY a_id (a_id), KEY v (v))")
        cur.execute("INSERT INTO a VALUES " + ", ".join("(%d, %d)" % (i, 7 if i == 77 else i % 2)
                                                       for i in range(1, 201)))
        cur.execute("INSERT INTO b VALUES " + ", ".join("(%d, %d, %d)" % (i, i * 7 % 200 + 1, 9 if i == 33 else 1)
                                                       for i in range(1, 201)))
    m2 = connect("MARIADB_PORT", "MARIADB_HOST", "MARIADB_SOCKET", DB)
    p2 = connect("PRESSDB_PORT", "PRESSDB_HOST", "PRESSDB_SOCKET", DB)
    failures = []

    def run(sql, conns=((m, p),)):
        for mc, pc in conns:
            rows = []
            for c in (mc, pc):
                cur = c.cursor()
                try:
                    cur.execute(sql)
                    rows.append(cur.fetchall())
                except pymysql.MySQLError as e:
                    rows.append(("error", e.args[0]))
            if rows[0] != rows[1]:
                failures.append("%s\n  MariaDB: %r\n  pressdb: %r" % (sql, rows[0][:10], rows[1][:10]))

    s0 = status(p)
    # the same shape, five times, from two connections
    for k, v in ((7, 1), (1, 1), (7, 1), (0, 1), (7, 1)):
        run(JOIN % (k, v), ((m, p), (m2, p2)))
    s1 = status(p)
    if s1["used"] - s0["used"] < 4:
        failures.append("plans used %d -> %d for ten statements of one shape" % (s0["used"], s1["used"]))
    # literals that start the join from the other table
    for k, v in ((1, 9), (0, 9), (7, 1), (1, 9)):
        run(JOIN % (k, v))
    s2 = status(p)
    if s2["replanned"] <= s1["replanned"]:
        failures.append("no replanning for another join order: %r -> %r" % (s1, s2))
    # DDL: the kept plans name the indexes of the table as it was
    for c in (m, p):
        c.cursor().execute("ALTER TABLE b DROP INDEX a_id, ADD INDEX va (v, a_id)")
    for k, v in ((7, 1), (1, 9), (7, 1)):
        run(JOIN % (k, v), ((m, p), (m2, p2)))
    s3 = status(p)
    if s3["stale"] <= s2["stale"]:
        failures.append("no stale plan after ALTER TABLE: %r -> %r" % (s2, s3))
    # a temporary table hides a on the second connection only
    for k in (1, 7, 0):
        run(POINT % k, ((m, p), (m2, p2)))
    for c in (m2, p2):
        cur = c.cursor()
        cur.execute("CREATE TEMPORARY TABLE a (k INT NOT NULL, id INT NOT NULL, note CHAR(3), KEY id (id))")
        cur.execute("INSERT INTO a VALUES (1, 500, 'x'), (7, 501, 'y'), (1, 502, 'z')")
    for k in (1, 7, 0, 1):
        run(POINT % k, ((m, p), (m2, p2)))
    for c in (m2, p2):
        c.cursor().execute("DROP TEMPORARY TABLE a")
    for k in (1, 7):
        run(POINT % k, ((m, p), (m2, p2)))
    # expression programs kept with the plans: counted, and warnings the same on every run
    k0 = programs(p)
    for n in (5, 2, 5, 3, 1):
        run(PROG % n)
    k1 = programs(p)
    if k1["kept"] <= k0["kept"] or k1["used"] - k0["used"] < 2:
        failures.append("programs kept/used %r -> %r for five statements of one shape" % (k0, k1))
    for c in (m, p):
        cur = c.cursor()
        cur.execute("CREATE TABLE w (id INT NOT NULL PRIMARY KEY, s VARCHAR(10), n INT, d DATE)")
        cur.execute("INSERT INTO w VALUES (1, 'x', 1, '2024-01-05'), (2, '2abc', 2, '2024-02-01'), "
                    "(3, '3', 3, NULL), (4, NULL, NULL, '2023-12-31')")
    for sql in WARNED:
        for _ in range(4):   # (under --plan-cache=1 the fourth run is the first from a kept plan)
            got = []
            for c in (m, p):
                cur = c.cursor()
                cur.execute(sql)
                rows = cur.fetchall()
                cur.execute("SHOW WARNINGS")
                got.append((rows, cur.fetchall()))
            if got[0] != got[1]:
                failures.append("%s\n  MariaDB: %r\n  pressdb: %r" % (sql, got[0], got[1]))
    k2 = programs(p)
    if k2["used"] - k1["used"] < len(WARNED):
        failures.append("programs used %r -> %r for four runs of each warned statement" % (k1, k2))
    for c in (m, p):
        c.cursor().execute("DROP DATABASE " + DB)
    for f in failures:
        print("FAIL " + f)
    print("plan counters: %r -> %r" % (s0, status(p)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
