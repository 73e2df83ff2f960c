#!/usr/bin/env python3
"""Tables with churn: rows inserted and deleted over and over (WordPress's transients:
an INSERT and a DELETE each) leave dead row slots, which pressdb never reuses; once a
table's dead slots reach 4,096 and outnumber its rows, the server rebuilds it in the
background as ALTER TABLE ... FORCE does (Table_compactions counts them), and OPTIMIZE
TABLE rebuilds it at once, as InnoDB's does. Neither may change what a client sees.

On MariaDB and pressdb: a table with a primary key and a unique key, one without a key
(InnoDB's insertion order, which an UPDATE keeps) and one with a FULLTEXT key, churned
past the threshold; then every row in the order a scan gives it, AUTO_INCREMENT going on,
FULLTEXT matches, SHOW CREATE TABLE and OPTIMIZE TABLE's answer must be MariaDB's, and
pressdb must have compacted the three tables.

Then (pressdb only, its own server from PRESSDB_BIN): the same churn, a kill -9 after
the compactions and writes after them, a restart that replays the log across the
rebuilds, and a clean restart: the rows must be those before."""
import os
import sys
import time

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import PrivateServer, private_binary  # noqa: E402
from itargets import compare_runs, finish  # noqa: E402

HOST = "127.0.0.1"
DB = "t_compact"
ROUNDS = 12       # x 500 rows inserted and deleted per table: past 4,096 dead slots
failures = []


def connect(port, db=None):
    return pymysql.connect(host=HOST, port=port, user="root", password="", database=db,
                           autocommit=True, charset="utf8mb4")


def run(cur, sql):
    try:
        cur.execute(sql)
        if cur.description:
            return ("rows", [tuple(None if v is None else str(v) for v in r) for r in cur.fetchall()])
        return ("ok", cur.rowcount)
    except pymysql.err.MySQLError as e:
        return ("error",) + tuple(e.args)


SETUP = [
    "DROP DATABASE IF EXISTS %s" % DB,
    "CREATE DATABASE %s CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci" % DB,
    "USE %s" % DB,
    "CREATE TABLE o (id BIGINT UNSIGNED AUTO_INCREMENT PRIMARY KEY, name VARCHAR(191) NOT NULL, "
    "v LONGTEXT, UNIQUE KEY name (name))",
    "CREATE TABLE n (a INT, b VARCHAR(20), KEY b (b))",
    "CREATE TABLE f (id INT PRIMARY KEY, body TEXT, FULLTEXT KEY body (body))",
    "INSERT INTO o (name, v) WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 200) "
    "SELECT concat('keep', i), repeat('k', i % 30) FROM s",
    "INSERT INTO n WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 200) "
    "SELECT (i * 37) % 211, concat('k', i) FROM s",
    "INSERT INTO f WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 200) "
    "SELECT i, concat('keep word', i, if(i % 3 = 0, ' third', '')) FROM s",
]


def churn(cur, rounds=ROUNDS):
    for r in range(rounds):
        for q in (
            "INSERT INTO o (name, v) WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 500) "
            "SELECT concat('_transient_%d_', i), repeat('t', 80) FROM s" % r,
            "DELETE FROM o WHERE name LIKE '\\_transient%'",
            "INSERT INTO n WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 500) "
            "SELECT 1000 + i, 'churn' FROM s",
            "DELETE FROM n WHERE a >= 1000",
            "UPDATE n SET b = concat(b, 'u') WHERE a %% 7 = %d" % (r % 7),
            "INSERT INTO f WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 500) "
            "SELECT 1000 + i, 'churn word' FROM s",
            "DELETE FROM f WHERE id >= 1000",
        ):
            cur.execute(q)


def compactions(cur):
    cur.execute("SHOW GLOBAL STATUS LIKE 'Table_compactions'")
    rows = cur.fetchall()
    return int(rows[0][1]) if rows else None


def com_alter_table(cur):
    cur.execute("SHOW GLOBAL STATUS LIKE 'Com_alter_table'")
    return int(cur.fetchall()[0][1])


def wait_compactions(cur, want):
    for _ in range(150):
        if (compactions(cur) or 0) >= want:
            return True
        time.sleep(0.1)
    return False


STATE = [
    "SELECT * FROM o",
    "SELECT * FROM n",
    "SELECT b, a FROM n WHERE b LIKE 'k1%'",
    "SELECT id FROM f WHERE MATCH(body) AGAINST('+keep +third' IN BOOLEAN MODE) ORDER BY id",
    "SELECT count(*) FROM f WHERE MATCH(body) AGAINST('churn')",
    "SELECT * FROM o WHERE name = 'keep77'",
]


def scenario(port):
    conn = connect(port)
    cur = conn.cursor()
    for q in SETUP:
        cur.execute(q)
    cur.execute("SELECT @@version LIKE '%pressdb%'")
    pressdb = bool(cur.fetchall()[0][0])
    before = (compactions(cur) or 0) if pressdb else None
    alters = com_alter_table(cur)
    churn(cur)
    out = []
    if pressdb and not wait_compactions(cur, before + 3):
        failures.append("pressdb compacted %d tables, expected 3" % ((compactions(cur) or 0) - before))
    out.append(("Com_alter_table grew by", com_alter_table(cur) - alters))   # (the rebuilds are not statements)
    for q in STATE:
        out.append((q, run(cur, q)))
    for q in ("INSERT INTO o (name) VALUES ('after')", "SELECT LAST_INSERT_ID()", "SHOW CREATE TABLE o",
              "INSERT INTO n VALUES (5000, 'after')", "SELECT * FROM n WHERE a > 200",
              "OPTIMIZE TABLE o, n", "SELECT * FROM n", "SELECT * FROM o WHERE id > 190",
              "SHOW CREATE TABLE o", "CHECK TABLE o, n, f"):
        out.append((q, run(cur, q)))
    cur.execute("DROP DATABASE %s" % DB)
    conn.close()
    return out


def compare():
    compare_runs(scenario, failures)


# ------------------------------------------------------------------ restart

def state(port):
    conn = connect(port, DB)
    cur = conn.cursor()
    out = [(q, run(cur, q)) for q in STATE[:2] + ["SHOW CREATE TABLE o", "SELECT count(*) FROM f"]]
    conn.close()
    return out


def restart_case():
    binary = private_binary()
    if not binary:
        return
    with PrivateServer(binary, "pressdb-compact-", connect, failures, HOST) as srv:
        conn = connect(srv.port)
        cur = conn.cursor()
        for q in SETUP:
            cur.execute(q)
        churn(cur)
        if not wait_compactions(cur, 3):
            failures.append("restart: %d compactions, expected 3" % (compactions(cur) or 0))
        cur.execute("INSERT INTO o (name, v) VALUES ('after1', 'x'), ('after2', 'y')")
        cur.execute("DELETE FROM o WHERE name = 'keep5'")
        cur.execute("UPDATE n SET b = 'moved' WHERE a = 37")
        cur.execute("INSERT INTO n VALUES (7000, 'after')")
        conn.close()
        before = state(srv.port)
        for how in ("kill -9", "clean restart"):
            after = state(srv.restart(how))
            for (q, b), (_, a) in zip(before, after):
                if a != b:
                    failures.append("after %s: %s\n    before: %.300r\n    after:  %.300r" % (how, q, b, a))
        print("restart: %d statements checked after a kill -9 and a clean restart" % (2 * len(before)))


def main():
    compare()
    restart_case()
    finish(failures)


main()
