#!/usr/bin/env python3
"""FLUSH TABLES WITH READ LOCK and read_only, against MariaDB: the same sessions and
statements on both servers, every answer compared (ok, rows, or the error).

- FTWRL in one session: another session's writes (INSERT, UPDATE, DELETE, CREATE/DROP
  TABLE, CREATE DATABASE) wait and end with 1205 after lock_wait_timeout; its
  reads and its temporary tables go on; the holder's own changes fail with 1223; after
  UNLOCK TABLES, and after the holder disconnects, writes go through; a write that waits
  completes once the lock is released; a transaction's COMMIT waits (1205), its ROLLBACK
  does not.
- read_only=ON: a session without SUPER gets 1290 for changes of tables and DDL but may use
  temporary tables; root (SUPER) writes."""
import os
import sys
import threading
import time

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params, targets  # noqa: E402

DB = "t_global_locks"


def run(c, sql):
    try:
        cur = c.cursor()
        cur.execute(sql)
        return ("ok", cur.fetchall() if cur.description else cur.rowcount)
    except pymysql.err.MySQLError as e:
        return ("error", e.args[0])


def scenario(params):
    def con(user="root"):
        return pymysql.connect(user=user, password="", autocommit=True, database=DB, **params)
    root = pymysql.connect(user="root", password="", autocommit=True, **params)
    run(root, "DROP DATABASE IF EXISTS " + DB)
    run(root, "DROP USER IF EXISTS 't_gl'@'%', 't_gl'@'localhost'")
    run(root, "CREATE DATABASE " + DB)
    run(root, "CREATE TABLE %s.t (id INT PRIMARY KEY, v INT)" % DB)
    run(root, "INSERT INTO %s.t VALUES (1, 1), (2, 2)" % DB)
    # (@localhost too: an anonymous ''@localhost would match a local login first)
    for host in ("%", "localhost"):
        run(root, "CREATE USER 't_gl'@'%s'" % host)
        run(root, "GRANT ALL ON %s.* TO 't_gl'@'%s'" % (DB, host))
    out = []
    a, b = con(), con()
    run(b, "SET SESSION lock_wait_timeout = 1")
    out.append(("FTWRL", run(a, "FLUSH TABLES WITH READ LOCK")))
    for q in ("INSERT INTO t VALUES (3, 3)", "UPDATE t SET v = 9", "DELETE FROM t", "CREATE TABLE t2 (a INT)",
              "DROP TABLE t", "CREATE DATABASE t_global_locks2",
              "SELECT * FROM t ORDER BY id", "CREATE TEMPORARY TABLE tt (a INT)", "INSERT INTO tt VALUES (1)",
              "SELECT * FROM tt"):
        out.append(("other: " + q, run(b, q)))
    for q in ("INSERT INTO t VALUES (4, 4)", "CREATE TABLE t3 (a INT)", "SELECT COUNT(*) FROM t"):
        out.append(("holder: " + q, run(a, q)))
    out.append(("unlock", run(a, "UNLOCK TABLES")))
    out.append(("after unlock", run(b, "INSERT INTO t VALUES (5, 5)")))
    # a write that waits goes through when the lock is released
    run(a, "FLUSH TABLES WITH READ LOCK")
    run(b, "SET SESSION lock_wait_timeout = 20")
    res = {}
    th = threading.Thread(target=lambda: res.setdefault("w", run(b, "INSERT INTO t VALUES (6, 6)")))
    th.start()
    time.sleep(0.5)
    out.append(("waiting before unlock", "w" in res))
    run(a, "UNLOCK TABLES")
    th.join(30)
    out.append(("waited write", res.get("w")))
    # a transaction's COMMIT waits while another session holds the lock; ROLLBACK does not
    run(b, "SET SESSION lock_wait_timeout = 1")
    out.append(("begin", run(b, "BEGIN")))
    out.append(("in transaction", run(b, "INSERT INTO t VALUES (10, 10)")))
    out.append(("FTWRL over an open transaction", run(a, "FLUSH TABLES WITH READ LOCK")))
    out.append(("commit under FTWRL", run(b, "COMMIT")))
    out.append(("rollback under FTWRL", run(b, "ROLLBACK")))
    out.append(("empty commit under FTWRL", run(b, "COMMIT")))
    run(a, "UNLOCK TABLES")
    # the holder's disconnect releases it
    run(a, "FLUSH TABLES WITH READ LOCK")
    a.close()
    time.sleep(0.3)
    run(b, "SET SESSION lock_wait_timeout = 5")
    out.append(("after holder left", run(b, "INSERT INTO t VALUES (7, 7)")))
    # read_only
    u = con("t_gl")
    run(root, "SET GLOBAL read_only = ON")
    try:
        for q in ("INSERT INTO t VALUES (8, 8)", "UPDATE t SET v = 0 WHERE id = 1", "DELETE FROM t WHERE id = 1",
                  "CREATE TABLE t4 (a INT)", "DROP TABLE t", "SELECT COUNT(*) FROM t",
                  "CREATE TEMPORARY TABLE tt2 (a INT)", "INSERT INTO tt2 VALUES (1)", "SELECT * FROM tt2"):
            out.append(("read_only user: " + q, run(u, q)))
        out.append(("read_only root", run(b, "INSERT INTO t VALUES (9, 9)")))
    finally:
        run(root, "SET GLOBAL read_only = OFF")
    out.append(("rows", run(b, "SELECT * FROM t ORDER BY id")))
    for c in (u, b):
        c.close()
    run(root, "DROP DATABASE " + DB)
    run(root, "DROP DATABASE IF EXISTS t_global_locks2")
    run(root, "DROP USER 't_gl'@'%', 't_gl'@'localhost'")
    root.close()
    return out


def main():
    got = {}
    for name, _ in targets():
        got[name] = scenario(connect_params("MARIADB" if name == "MariaDB" else "PRESSDB"))
    failures = []
    if "MariaDB" in got:
        for m, p in zip(got["MariaDB"], got["pressdb"]):
            if m != p:
                failures.append("%s: MariaDB %r, pressdb %r" % (m[0], m[1], p[1]))
    for f in failures:
        print("FAIL:", f)
    print("%d steps compared" % len(got["pressdb"]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
