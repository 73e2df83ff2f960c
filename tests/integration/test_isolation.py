#!/usr/bin/python3
"""Transactions of several connections at once, on MariaDB (InnoDB) and on pressdb.

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass); it
also runs alone against servers started by hand:

    MARIADB_PORT=3307 PRESSDB_PORT=3306 /usr/bin/python3 tests/integration/test_isolation.py

Each scenario is a script of steps for connections A, B and C (PyMySQL,
autocommit on, as WordPress and most clients run). A step runs one statement
and records what it returned: rows, affected rows, or the error code. A step
written "B&" starts the statement in the background and records whether it is
still running after a moment ("waits") or what it returned; "poll B" records
whether it still waits a moment later; "join B" waits for it and records its
outcome. The two servers must record the same thing, step
by step: who sees what (dirty reads, non-repeatable reads, phantoms under
REPEATABLE READ and READ COMMITTED, START TRANSACTION WITH CONSISTENT
SNAPSHOT), who waits for whom (row locks on UPDATE/DELETE, unique keys held by
another transaction's insert or delete), lock wait timeouts (1205), deadlocks
(1213, the waiter's transaction rolled back), shared row locks (LOCK IN SHARE
MODE: held by several, upgraded, deadlocking on the upgrade), DDL waiting for a
transaction that changed or locked rows of its table, and a statement of a
multi-statement query that waits and then goes on with the rest.
"""

import os
import sys
import threading
import time

import pymysql
from pymysql.constants import CLIENT

DB = "t_isolation"
SETTLE = 1.0        # a statement still running after this long is waiting for a lock

SETUP = [
    "DROP DATABASE IF EXISTS t_isolation",
    "CREATE DATABASE t_isolation",
    "CREATE TABLE t_isolation.t (id INT PRIMARY KEY, v INT, k VARCHAR(20), UNIQUE KEY uk (k)) ENGINE=InnoDB",
    "INSERT INTO t_isolation.t VALUES (1,10,'a'),(2,20,'b'),(3,30,'c'),(4,40,'d')",
    "CREATE TABLE t_isolation.u (id INT PRIMARY KEY) ENGINE=InnoDB",
    "CREATE TABLE t_isolation.g (id INT PRIMARY KEY, n INT, v INT, KEY kn (n)) ENGINE=InnoDB",
    "INSERT INTO t_isolation.g VALUES (10,1,0),(20,2,0),(30,2,0),(40,3,0)",
]

ALL = "SELECT * FROM t ORDER BY id"

SCENARIOS = {
    "dirty read": [
        ("A", "BEGIN"), ("A", "UPDATE t SET v=11 WHERE id=1"),
        ("B", "SELECT v FROM t WHERE id=1"),
        ("A", "SELECT v FROM t WHERE id=1"),
        ("A", "ROLLBACK"), ("B", ALL),
    ],
    "repeatable read": [
        ("B", "BEGIN"), ("B", "SELECT SUM(v) FROM t"),
        ("A", "UPDATE t SET v=v+1 WHERE id=2"),
        ("A", "INSERT INTO t VALUES (5,50,'e')"),
        ("A", "DELETE FROM t WHERE id=3"),
        ("B", "SELECT SUM(v), COUNT(*) FROM t"), ("B", ALL),
        ("B", "SELECT * FROM t WHERE v > 15 ORDER BY id"),
        ("B", "COMMIT"), ("B", ALL),
    ],
    "read committed": [
        ("B", "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"),
        ("B", "BEGIN"), ("B", "SELECT SUM(v) FROM t"),
        ("A", "UPDATE t SET v=v+1 WHERE id=2"),
        ("B", "SELECT SUM(v) FROM t"),
        ("A", "BEGIN"), ("A", "UPDATE t SET v=v+1 WHERE id=4"),
        ("B", "SELECT SUM(v) FROM t"),
        ("A", "COMMIT"), ("B", "SELECT SUM(v) FROM t"), ("B", "COMMIT"),
    ],
    "consistent snapshot": [
        ("B", "START TRANSACTION WITH CONSISTENT SNAPSHOT"),
        ("A", "UPDATE t SET v=0 WHERE id=1"),
        ("B", ALL), ("B", "COMMIT"), ("B", ALL),
    ],
    "snapshot starts at the first read": [
        ("B", "BEGIN"),
        ("A", "UPDATE t SET v=0 WHERE id=1"),
        ("B", ALL),
        ("A", "UPDATE t SET v=1 WHERE id=1"),
        ("B", ALL), ("B", "COMMIT"),
    ],
    "a read of no table takes no snapshot": [
        ("B", "BEGIN"), ("B", "SELECT 1"), ("B", "SELECT @@autocommit, NOW() > 0"),
        ("A", "UPDATE t SET v=0 WHERE id=1"),
        ("B", ALL),
        ("A", "UPDATE t SET v=1 WHERE id=1"),
        ("B", ALL), ("B", "COMMIT"),
    ],
    "no lost update": [
        ("A", "BEGIN"), ("A", "UPDATE t SET v=v+1 WHERE id=2"),
        ("B&", "UPDATE t SET v=v+10 WHERE id=2"),
        ("C", "SELECT v FROM t WHERE id=2"),
        ("A", "COMMIT"), ("join B",), ("C", ALL),
    ],
    "update reads the newest version": [
        ("B", "BEGIN"), ("B", "SELECT v FROM t WHERE id=1"),
        ("A", "UPDATE t SET v=100 WHERE id=1"),
        ("B", "UPDATE t SET v=v+1 WHERE id=1"),
        ("B", "SELECT v FROM t WHERE id=1"),
        ("B", ALL), ("B", "COMMIT"), ("A", ALL),
    ],
    "delete waits": [
        ("A", "BEGIN"), ("A", "UPDATE t SET v=0 WHERE id=3"),
        ("B&", "DELETE FROM t WHERE v >= 30"),
        ("A", "ROLLBACK"), ("join B",), ("C", ALL),
    ],
    "lock wait timeout": [
        ("B", "SET SESSION innodb_lock_wait_timeout=1"),
        ("A", "BEGIN"), ("A", "DELETE FROM t WHERE id=3"),
        ("B", "UPDATE t SET v=5 WHERE id=3"),
        ("B", "SELECT @@in_transaction"),
        ("B", "UPDATE t SET v=5 WHERE id=2"),
        ("A", "ROLLBACK"), ("C", ALL),
    ],
    "timeout keeps the transaction": [
        ("B", "SET SESSION innodb_lock_wait_timeout=1"),
        ("B", "BEGIN"), ("B", "UPDATE t SET v=7 WHERE id=4"),
        ("A", "BEGIN"), ("A", "UPDATE t SET v=8 WHERE id=1"),
        ("B", "UPDATE t SET v=7 WHERE id=1"),
        ("B", "COMMIT"), ("A", "COMMIT"), ("C", ALL),
    ],
    "deadlock": [
        ("A", "BEGIN"), ("B", "BEGIN"),
        ("A", "UPDATE t SET v=0 WHERE id=1"), ("B", "UPDATE t SET v=0 WHERE id=3"),
        ("A&", "UPDATE t SET v=1 WHERE id=3"),
        ("B", "UPDATE t SET v=1 WHERE id=1"),
        ("join A",), ("B", "SELECT @@in_transaction"),
        ("A", "COMMIT"), ("B", "COMMIT"), ("C", ALL),
    ],
    "unique key of an uncommitted insert": [
        ("A", "BEGIN"), ("A", "INSERT INTO t VALUES (9,90,'z')"),
        ("B&", "INSERT INTO t VALUES (10,100,'z')"),
        ("A", "COMMIT"), ("join B",), ("C", ALL),
    ],
    "unique key freed by a rollback": [
        ("A", "BEGIN"), ("A", "INSERT INTO t VALUES (9,90,'z')"),
        ("B&", "INSERT INTO t VALUES (9,91,'y')"),
        ("A", "ROLLBACK"), ("join B",), ("C", ALL),
    ],
    "unique key freed by a delete": [
        ("A", "BEGIN"), ("A", "DELETE FROM t WHERE id=4"),
        ("B&", "INSERT INTO t VALUES (4,41,'dd')"),
        ("A", "COMMIT"), ("join B",), ("C", ALL),
    ],
    "delete and insert again (sysbench)": [
        ("A", "BEGIN"), ("B", "BEGIN"),
        ("A", "DELETE FROM t WHERE id=2"),
        ("B&", "DELETE FROM t WHERE id=2"),
        ("A", "INSERT INTO t VALUES (2,22,'b')"),
        ("A", "COMMIT"), ("join B",),
        ("B", "INSERT INTO t VALUES (2,23,'b')"),
        ("B", "COMMIT"), ("C", ALL),
    ],
    "own changes and savepoints": [
        ("A", "BEGIN"), ("A", "UPDATE t SET v=v*2"),
        ("A", "SAVEPOINT s1"), ("A", "DELETE FROM t WHERE id>2"),
        ("A", "INSERT INTO t VALUES (7,70,'g')"), ("A", ALL),
        ("A", "ROLLBACK TO SAVEPOINT s1"), ("A", ALL), ("B", ALL),
        ("A", "COMMIT"), ("B", ALL),
    ],
    "autocommit off": [
        ("A", "SET autocommit=0"), ("A", "UPDATE t SET v=1 WHERE id=1"),
        ("B", ALL), ("A", "SELECT @@in_transaction"),
        ("A", "COMMIT"), ("B", ALL),
        ("A", "UPDATE t SET v=2 WHERE id=1"),
        ("A", "SET autocommit=1"), ("B", ALL),
    ],
    "a waiting statement of a multi-statement query": [
        ("A", "BEGIN"), ("A", "UPDATE t SET v=0 WHERE id=2"),
        ("B&", "SELECT 1; UPDATE t SET v=v+5 WHERE id=2; SELECT v FROM t WHERE id=2"),
        ("A", "COMMIT"), ("join B",), ("C", ALL),
    ],
    "select for update": [
        ("A", "BEGIN"), ("A", "SELECT * FROM t WHERE id IN (1, 2) ORDER BY id FOR UPDATE"),
        ("B&", "UPDATE t SET v=5 WHERE id=1"),
        ("C", "SELECT v FROM t WHERE id=1"),
        ("C", "UPDATE t SET v=6 WHERE id=3"),
        ("A", "UPDATE t SET v=v+1 WHERE id=2"),
        ("A", "COMMIT"), ("join B",), ("C", ALL),
    ],
    "select for update reads the newest version": [
        ("B", "BEGIN"), ("B", "SELECT v FROM t WHERE id=1"),
        ("A", "UPDATE t SET v=77 WHERE id=1"),
        ("B", "SELECT v FROM t WHERE id=1 FOR UPDATE"),
        ("B", "SELECT v FROM t WHERE id=1"),
        ("A&", "UPDATE t SET v=78 WHERE id=1"),
        ("B", "COMMIT"), ("join A",), ("C", ALL),
    ],
    "lock in share mode waits for a writer": [
        ("A", "BEGIN"), ("A", "UPDATE t SET v=0 WHERE id=2"),
        ("B&", "SELECT v FROM t WHERE id=2 LOCK IN SHARE MODE"),
        ("A", "ROLLBACK"), ("join B",),
    ],
    "share lock holds back a writer until commit": [
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=2 LOCK IN SHARE MODE"),
        ("B&", "UPDATE t SET v=21 WHERE id=2"),
        ("C", "SELECT v FROM t WHERE id=2"),
        ("C", "UPDATE t SET v=31 WHERE id=3"),
        ("A", "SELECT v FROM t WHERE id=2"),
        ("A", "COMMIT"), ("join B",), ("C", ALL),
    ],
    "share lock holds back delete and for update": [
        ("A", "BEGIN"), ("A", "SELECT * FROM t WHERE id IN (1, 4) ORDER BY id LOCK IN SHARE MODE"),
        ("B&", "DELETE FROM t WHERE id=4"),
        ("A", "ROLLBACK"), ("join B",),
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("B", "BEGIN"), ("B&", "SELECT v FROM t WHERE id=1 FOR UPDATE"),
        ("A", "COMMIT"), ("join B",), ("B", "COMMIT"), ("C", ALL),
    ],
    "two share locks on one row": [
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("B", "BEGIN"), ("B", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("C&", "UPDATE t SET v=12 WHERE id=1"),
        ("A", "COMMIT"), ("poll C",),
        ("B", "SELECT v FROM t WHERE id=1"),
        ("B", "COMMIT"), ("join C",), ("C", ALL),
    ],
    "share lock upgraded by its holder": [
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=3 LOCK IN SHARE MODE"),
        ("A", "UPDATE t SET v=33 WHERE id=3"),
        ("B", "SET SESSION innodb_lock_wait_timeout=1"),
        ("B", "BEGIN"), ("B", "SELECT v FROM t WHERE id=3 LOCK IN SHARE MODE"),
        ("B", "SELECT v FROM t WHERE id=3"),
        ("B", "COMMIT"),
        ("A", "SELECT v FROM t WHERE id=3 FOR UPDATE"),
        ("A", "SELECT v FROM t WHERE id=3 LOCK IN SHARE MODE"),
        ("A", "COMMIT"), ("C", ALL),
    ],
    "share lock upgrade deadlock": [
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=2 LOCK IN SHARE MODE"),
        ("B", "BEGIN"), ("B", "SELECT v FROM t WHERE id=2 LOCK IN SHARE MODE"),
        ("A&", "UPDATE t SET v=22 WHERE id=2"),
        ("B", "UPDATE t SET v=23 WHERE id=2"),
        ("join A",), ("B", "SELECT @@in_transaction"),
        ("A", "COMMIT"), ("C", ALL),
    ],
    "a writer waits for the first of two share holders": [
        ("B", "SET SESSION innodb_lock_wait_timeout=1"),
        # C must still be waiting when the harness looks, on a loaded machine too
        ("C", "SET SESSION innodb_lock_wait_timeout=3"),
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("C", "BEGIN"), ("C", "UPDATE t SET v=33 WHERE id=3"),
        ("C", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("B", "BEGIN"), ("B", "UPDATE t SET v=22 WHERE id=2"),
        ("C&", "UPDATE t SET v=23 WHERE id=2"),
        ("B", "UPDATE t SET v=11 WHERE id=1"),
        ("B", "SELECT @@in_transaction"),
        ("join C",), ("C", "COMMIT"), ("A", "COMMIT"), ("A", ALL),
    ],
    "share lock wait timeout": [
        ("B", "SET SESSION innodb_lock_wait_timeout=1"),
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=4 LOCK IN SHARE MODE"),
        ("B", "BEGIN"), ("B", "UPDATE t SET v=1 WHERE id=1"),
        ("B", "UPDATE t SET v=44 WHERE id=4"),
        ("B", "DELETE FROM t WHERE id=4"),
        ("B", "SELECT @@in_transaction"), ("B", "COMMIT"),
        ("A", "ROLLBACK"), ("C", ALL),
    ],
    "share lock of a savepoint rolled back stays": [
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("A", "SAVEPOINT s1"), ("A", "UPDATE t SET v=0 WHERE id=1"),
        ("A", "ROLLBACK TO SAVEPOINT s1"),
        ("B&", "UPDATE t SET v=2 WHERE id=1"),
        ("A", "COMMIT"), ("join B",), ("C", ALL),
    ],
    "share lock holder deletes the row": [
        ("A", "BEGIN"), ("A", "SELECT * FROM t WHERE id=2 LOCK IN SHARE MODE"),
        ("A", "DELETE FROM t WHERE id=2"),
        ("B&", "UPDATE t SET v=v+1 WHERE id=2"),
        ("C", "SELECT * FROM t WHERE id=2"),
        ("A", "COMMIT"), ("join B",), ("C", ALL),
    ],
    "share lock with autocommit off": [
        ("A", "SET autocommit=0"), ("A", "SELECT v FROM t WHERE id=3 LOCK IN SHARE MODE"),
        ("B&", "UPDATE t SET v=0 WHERE id=3"),
        ("A", "SELECT @@in_transaction"),
        ("A", "COMMIT"), ("join B",), ("A", "SET autocommit=1"), ("C", ALL),
    ],
    "share lock under read committed": [
        ("A", "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"),
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=4 LOCK IN SHARE MODE"),
        ("B&", "DELETE FROM t WHERE id=4"),
        ("A", "ROLLBACK"), ("join B",), ("C", ALL),
    ],
    "autocommit lock in share mode keeps no lock": [
        ("A", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("B", "UPDATE t SET v=3 WHERE id=1"),
        ("C", "START TRANSACTION WITH CONSISTENT SNAPSHOT"),
        ("A", "SELECT v FROM t WHERE id=2 LOCK IN SHARE MODE"),
        ("B", "UPDATE t SET v=4 WHERE id=2"),
        ("C", "COMMIT"), ("C", ALL),
    ],
    "share lock and a duplicate key": [
        ("A", "BEGIN"), ("A", "SELECT * FROM t WHERE k='c' LOCK IN SHARE MODE"),
        ("B", "INSERT INTO t VALUES (9,90,'c')"),
        ("B", "INSERT INTO t VALUES (3,90,'cc')"),
        ("A", "COMMIT"),
    ],
    "DDL waits for a transaction holding the table": [
        ("B", "SET SESSION lock_wait_timeout=1"),
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("B", "DROP TABLE t"), ("B", "ALTER TABLE t ADD COLUMN w INT"),
        ("B", "TRUNCATE TABLE t"), ("B", "DROP DATABASE t_isolation"),
        ("C", "DROP TABLE u"), ("A", "SELECT * FROM t WHERE id=1"), ("A", "COMMIT"),
        ("A", "BEGIN"), ("A", "UPDATE t SET v=0 WHERE id=2"),
        ("B", "SET SESSION lock_wait_timeout=10"),
        ("B&", "ALTER TABLE t ADD COLUMN w INT"),
        ("A", "SELECT * FROM t WHERE id=2 FOR UPDATE"),
        ("A", "COMMIT"), ("join B",), ("C", ALL),
    ],
    "GET_LOCK waits for RELEASE_LOCK": [
        ("A", "SELECT GET_LOCK('job', 10), IS_FREE_LOCK('job')"),
        ("B&", "SELECT GET_LOCK('job', 10)"),
        ("C", "SELECT IS_FREE_LOCK('job'), IS_USED_LOCK('job') = CONNECTION_ID()"),
        ("C", "UPDATE t SET v=1 WHERE id=1"),
        ("A", "SELECT RELEASE_LOCK('job')"), ("join B",),
        ("A", "SELECT GET_LOCK('job', 1)"),
        ("B", "SELECT RELEASE_LOCK('job'), RELEASE_LOCK('job')"),
    ],
    "GET_LOCK gives up after its timeout": [
        ("A", "SELECT GET_LOCK('job2', 0)"),
        ("B", "SELECT GET_LOCK('job2', 0)"),
        ("B", "SELECT GET_LOCK('job2', 1)"),
        ("A", "SELECT RELEASE_ALL_LOCKS()"),
        ("B", "SELECT GET_LOCK('job2', 1)"),
    ],
    "LOCK TABLES WRITE holds back readers and writers": [
        ("A", "LOCK TABLES t WRITE"),
        ("B&", "SELECT COUNT(*) FROM t"),
        ("C", "SELECT COUNT(*) FROM u"),
        ("A", "INSERT INTO t VALUES (5,50,'e')"),
        ("A", "SELECT COUNT(*) FROM u"),
        ("A", "UNLOCK TABLES"), ("join B",), ("C", ALL),
    ],
    "LOCK TABLES READ holds back writers only": [
        ("A", "LOCK TABLES t READ"),
        ("B", "SELECT COUNT(*) FROM t"),
        ("B&", "UPDATE t SET v=0 WHERE id=1"),
        ("A", "SELECT v FROM t WHERE id=1"),
        ("A", "UPDATE t SET v=9 WHERE id=1"),
        ("A", "INSERT INTO u VALUES (1)"),
        ("A", "UNLOCK TABLES"), ("join B",), ("C", ALL),
    ],
    "LOCK TABLES timeout and BEGIN releasing": [
        ("B", "SET SESSION lock_wait_timeout=1"),
        ("A", "LOCK TABLES t WRITE, u READ"),
        ("B", "SELECT COUNT(*) FROM t"),
        ("B", "SELECT COUNT(*) FROM u"),
        ("A", "BEGIN"), ("B", "SELECT COUNT(*) FROM t"), ("A", "COMMIT"),
    ],
    "reader does not wait for a writer": [
        ("A", "BEGIN"), ("A", "UPDATE t SET v=0"), ("A", "INSERT INTO t VALUES (8,80,'h')"),
        ("B", "SELECT COUNT(*), SUM(v) FROM t"), ("B", "SELECT * FROM t WHERE k='h'"),
        ("A", "COMMIT"), ("B", "SELECT COUNT(*), SUM(v) FROM t"),
    ],
}

# Gap (next-key) locks under REPEATABLE READ: B's lock waits end after a second (1205),
# so each of its statements records whether A's locks cover it.
GAPS = ("B", "SET SESSION innodb_lock_wait_timeout=1")
GALL = "SELECT * FROM g ORDER BY id"

# Gap (next-key) locks, the lock queue, SERIALIZABLE, INSERT ... SELECT, NOWAIT / SKIP
# LOCKED and SET TRANSACTION: run by test_isolation_locks.py (each file stays well inside
# the harness's time limit per test, also under ASan)
GAP_SCENARIOS = {
    "gap: primary key range for update": [
        GAPS, ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id BETWEEN 15 AND 25 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (12,0,0)"), ("B", "INSERT INTO g VALUES (27,0,0)"),
        ("B", "INSERT INTO g VALUES (35,0,0)"), ("B", "INSERT INTO g VALUES (5,0,0)"),
        ("B", "UPDATE g SET v=1 WHERE id=30"), ("B", "UPDATE g SET v=1 WHERE id=10"),
        ("B", "UPDATE g SET v=1 WHERE id=40"),
        ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: primary key found keeps no gap": [
        GAPS, ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id=20 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (15,0,0)"), ("B", "INSERT INTO g VALUES (25,0,0)"),
        ("B", "UPDATE g SET v=1 WHERE id=20"), ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: primary key not found locks its gap": [
        GAPS, ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id=25 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (22,0,0)"), ("B", "INSERT INTO g VALUES (28,0,0)"),
        ("B", "INSERT INTO g VALUES (35,0,0)"), ("B", "UPDATE g SET v=1 WHERE id=30"),
        ("B", "UPDATE g SET v=1 WHERE id=20"), ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: secondary key equality": [
        GAPS, ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE n=2 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (15,2,0)"), ("B", "INSERT INTO g VALUES (45,2,0)"),
        ("B", "INSERT INTO g VALUES (5,1,0)"), ("B", "INSERT INTO g VALUES (50,3,0)"),
        ("B", "INSERT INTO g VALUES (35,3,0)"), ("B", "INSERT INTO g VALUES (8,1,0)"),
        ("B", "UPDATE g SET v=1 WHERE id=40"), ("B", "UPDATE g SET v=1 WHERE id=10"),
        ("B", "UPDATE g SET n=2 WHERE id=40"),
        ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: secondary key range": [
        GAPS, ("A", "BEGIN"), ("A", "SELECT id FROM g WHERE n > 2 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (35,2,0)"), ("B", "INSERT INTO g VALUES (5,1,0)"),
        ("B", "INSERT INTO g VALUES (60,9,0)"), ("B", "INSERT INTO g VALUES (25,2,0)"),
        ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: a scan without an index locks the table": [
        GAPS, ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE v=7 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (5,0,0)"), ("B", "INSERT INTO g VALUES (99,0,0)"),
        ("B", "UPDATE g SET v=1 WHERE id=10"), ("B", "SELECT * FROM g WHERE id=30"),
        ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: lock in share mode": [
        GAPS, ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id > 35 LOCK IN SHARE MODE"),
        ("B", "INSERT INTO g VALUES (37,0,0)"), ("B", "INSERT INTO g VALUES (90,0,0)"),
        ("B", "INSERT INTO g VALUES (33,0,0)"), ("B", "SELECT * FROM g WHERE id=40 LOCK IN SHARE MODE"),
        ("B", "UPDATE g SET v=2 WHERE id=30"), ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: update and delete of a range": [
        GAPS, ("A", "BEGIN"), ("A", "UPDATE g SET v=v+1 WHERE id > 30"),
        ("B", "INSERT INTO g VALUES (35,0,0)"), ("B", "INSERT INTO g VALUES (50,0,0)"),
        ("B", "INSERT INTO g VALUES (25,0,0)"), ("A", "DELETE FROM g WHERE id=15"),
        ("B", "INSERT INTO g VALUES (12,0,0)"), ("B", "INSERT INTO g VALUES (8,0,0)"),
        ("A", "ROLLBACK"), ("C", GALL),
    ],
    "gap: insert waits, then goes on": [
        ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id > 30 FOR UPDATE"),
        ("B&", "INSERT INTO g VALUES (45,4,0)"), ("poll B",),
        ("A", "COMMIT"), ("join B",), ("C", GALL),
    ],
    "gap: two holders inserting deadlock": [
        ("A", "BEGIN"), ("B", "BEGIN"),
        ("A", "SELECT * FROM g WHERE id=25 FOR UPDATE"), ("B", "SELECT * FROM g WHERE id=26 FOR UPDATE"),
        ("A&", "INSERT INTO g VALUES (25,0,0)"),
        ("B", "INSERT INTO g VALUES (26,0,0)"),
        ("join A",), ("B", "SELECT @@in_transaction"), ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: read committed takes none": [
        GAPS, ("A", "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"),
        ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id > 30 FOR UPDATE"),
        ("A", "SELECT * FROM g WHERE v=7 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (45,0,0)"), ("B", "UPDATE g SET v=1 WHERE id=10"),
        ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: autocommit locking read keeps none": [
        GAPS, ("A", "SELECT * FROM g WHERE id > 30 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (45,0,0)"), ("C", GALL),
    ],
    "gap: own inserts and a join": [
        GAPS, ("A", "BEGIN"),
        ("A", "SELECT g.id FROM t JOIN g ON g.n = t.id WHERE t.id = 2 FOR UPDATE"),
        ("A", "INSERT INTO g VALUES (25,2,0)"),
        ("B", "INSERT INTO g VALUES (26,2,0)"), ("B", "INSERT INTO t VALUES (9,90,'z')"),
        ("B", "UPDATE t SET v=0 WHERE id=3"),
        ("A", "COMMIT"), ("C", GALL),
    ],
    "queue: a share lock waits behind a waiting writer": [
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("B&", "UPDATE t SET v=5 WHERE id=1"),
        ("C", "BEGIN"), ("C&", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("A", "COMMIT"), ("join B",), ("join C",), ("C", "COMMIT"), ("A", ALL),
    ],
    "queue: the holder's upgrade behind a waiting writer": [
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("B", "BEGIN"), ("B&", "UPDATE t SET v=5 WHERE id=1"),
        ("A", "UPDATE t SET v=6 WHERE id=1"), ("join B",),
        ("A", "SELECT @@in_transaction"), ("B", "SELECT @@in_transaction"),
        ("A", "COMMIT"), ("B", "COMMIT"), ("C", ALL),
    ],
    "queue: a heavier holder's upgrade": [
        ("A", "BEGIN"), ("A", "UPDATE t SET v=7 WHERE id=2"), ("A", "UPDATE t SET v=7 WHERE id=3"),
        ("A", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("B", "BEGIN"), ("B&", "UPDATE t SET v=5 WHERE id=1"),
        ("A", "UPDATE t SET v=6 WHERE id=1"), ("join B",),
        ("A", "SELECT @@in_transaction"), ("B", "SELECT @@in_transaction"),
        ("A", "COMMIT"), ("B", "COMMIT"), ("C", ALL),
    ],
    "queue: a waiting share lock does not hold back another": [
        ("A", "BEGIN"), ("A", "SELECT v FROM t WHERE id=1 FOR UPDATE"),
        ("B", "BEGIN"), ("B&", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("C", "BEGIN"), ("C&", "SELECT v FROM t WHERE id=1 LOCK IN SHARE MODE"),
        ("A", "UPDATE t SET v=9 WHERE id=1"), ("A", "COMMIT"),
        ("join B",), ("join C",), ("B", "COMMIT"), ("C", "COMMIT"),
    ],
    # found by review
    "queue: a victim whose holder committed still gets 1213, and no later wait does": [
        ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id=20 LOCK IN SHARE MODE"),
        ("B", "BEGIN"), ("B&", "UPDATE g SET v=2 WHERE id=20"),
        ("A", "UPDATE g SET v=3 WHERE id=20; COMMIT"), ("join B",),
        ("C", "BEGIN"), ("C", "UPDATE g SET v=7 WHERE id=30"),
        ("B&", "UPDATE g SET v=8 WHERE id=30"), ("C", "COMMIT"), ("join B",),
        ("B", "SELECT @@in_transaction"), ("B", "COMMIT"), ("C", GALL),
    ],
    "queue: an autocommit writer is the victim of the holder's upgrade": [
        ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id=20 LOCK IN SHARE MODE"),
        ("B&", "UPDATE g SET v=2 WHERE id=20"),
        ("A", "UPDATE g SET v=3 WHERE id=20"), ("poll B",),
        ("A", "COMMIT"), ("join B",), ("C", GALL),
    ],
    "gap: a LIMIT does not lock past the rows it found": [
        GAPS, ("A", "BEGIN"), ("A", "SELECT id FROM g WHERE n=2 LIMIT 1 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (45,2,0)"), ("B", "INSERT INTO g VALUES (15,2,0)"),
        ("A", "SELECT id FROM g WHERE id > 10 LIMIT 1 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (50,0,0)"), ("B", "INSERT INTO g VALUES (12,0,0)"),
        ("A", "UPDATE g SET v=1 WHERE v=0 LIMIT 1"),
        ("B", "INSERT INTO g VALUES (60,0,0)"),
        ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: a LIMIT that finds nothing locks the gap": [
        GAPS, ("A", "BEGIN"), ("B", "BEGIN"),
        ("A", "SELECT * FROM g WHERE n = 7 LIMIT 1 FOR UPDATE"),
        ("B", "SELECT * FROM g WHERE n = 7 LIMIT 1 FOR UPDATE"),
        ("A&", "INSERT INTO g VALUES (50,7,0)"),
        ("B", "INSERT INTO g VALUES (51,7,0)"),
        ("join A",), ("A", "COMMIT"), ("B", "COMMIT"), ("C", GALL),
    ],
    "gap: a LIMIT the scan did not reach locks the rest": [
        GAPS, ("A", "BEGIN"), ("A", "SELECT id FROM g WHERE n = 3 LIMIT 5 FOR UPDATE"),
        ("B", "INSERT INTO g VALUES (45,3,0)"), ("B", "INSERT INTO g VALUES (5,1,0)"),
        ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: a multi-table delete locks the table it only reads shared": [
        GAPS, ("A", "BEGIN"), ("A", "DELETE g FROM g JOIN t ON t.id = g.n WHERE g.id = 10"),
        ("B", "SELECT id FROM t WHERE id = 1 LOCK IN SHARE MODE"),
        ("B", "BEGIN"), ("B", "DELETE g FROM g JOIN t ON t.id = g.n WHERE g.id = 40"), ("B", "ROLLBACK"),
        ("A", "ROLLBACK"), ("C", GALL),
    ],
    "gap: a changed primary key moves the secondary entry into a gap": [
        GAPS, ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE n=3 FOR UPDATE"),
        ("B", "UPDATE g SET id=35 WHERE id=30"), ("B", "UPDATE g SET id=5 WHERE id=10"),
        ("A", "COMMIT"), ("C", GALL),
    ],
    "gap: an insert that waited keeps its AUTO_INCREMENT id": [
        ("C", "CREATE TABLE ai (id INT AUTO_INCREMENT PRIMARY KEY, x INT)"),
        ("C", "INSERT INTO ai (x) VALUES (1), (2)"),
        ("A", "BEGIN"), ("A", "SELECT * FROM ai WHERE id > 1 FOR UPDATE"),
        ("B&", "INSERT INTO ai (x) VALUES (3)"), ("A", "COMMIT"), ("join B",),
        ("C", "INSERT INTO ai (x) VALUES (4)"), ("C", "SELECT * FROM ai ORDER BY id"), ("C", "DROP TABLE ai"),
    ],
    "serializable: a plain select in a transaction reads shared": [
        GAPS, ("A", "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE"), ("A", "BEGIN"),
        ("A", "SELECT * FROM g WHERE id BETWEEN 15 AND 25"),
        ("B", "INSERT INTO g VALUES (22,0,0)"), ("B", "UPDATE g SET v=1 WHERE id=20"),
        ("B", "SELECT * FROM g WHERE id=20 LOCK IN SHARE MODE"), ("B", "SELECT * FROM g WHERE id=30"),
        ("B", "INSERT INTO g VALUES (50,0,0)"), ("B", "UPDATE g SET v=1 WHERE id=40"),
        ("A", "SELECT count(*) FROM g WHERE id > (SELECT max(id) - 15 FROM g)"),
        ("B", "INSERT INTO g VALUES (60,0,0)"),
        ("A", "COMMIT"), ("C", GALL),
    ],
    "serializable: a select waits for a row another transaction changed": [
        ("A", "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE"), ("A", "SET SESSION innodb_lock_wait_timeout=1"),
        ("B", "BEGIN"), ("B", "UPDATE g SET v=5 WHERE id=30"),
        ("A", "SELECT * FROM g WHERE id=30"), ("A", "SELECT 1"),
        ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id=20"), ("A", "SELECT * FROM g WHERE id=30"),
        ("A", "ROLLBACK"), ("A", "SET SESSION innodb_lock_wait_timeout=20"), ("A", "SET autocommit=0"),
        ("A&", "SELECT v FROM g WHERE id=30"),
        ("B", "COMMIT"), ("join A",), ("A", "COMMIT"), ("A", "SET autocommit=1"), ("C", GALL),
    ],
    "gap: insert ... select reads its source with shared next-key locks": [
        GAPS, ("C", "CREATE TABLE dst (id INT PRIMARY KEY, n INT, v INT)"),
        ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id = 10"),
        ("C", "INSERT INTO g VALUES (33,3,3)"),
        ("A", "INSERT INTO dst SELECT * FROM g WHERE id BETWEEN 15 AND 35"), ("A", "SELECT * FROM dst ORDER BY id"),
        ("A", "SELECT * FROM g ORDER BY id"),
        ("B", "UPDATE g SET v=1 WHERE id=20"), ("B", "SELECT * FROM g WHERE id=20 LOCK IN SHARE MODE"),
        ("B", "INSERT INTO g VALUES (25,0,0)"), ("B", "INSERT INTO g VALUES (50,0,0)"),
        ("B", "UPDATE g SET v=1 WHERE id=40"), ("B", "UPDATE g SET v=1 WHERE id=10"),
        ("A", "COMMIT"), ("C", "SELECT * FROM dst ORDER BY id"), ("C", GALL), ("C", "DROP TABLE dst"),
    ],
    "gap: insert ... select under read committed locks nothing it reads": [
        GAPS, ("C", "CREATE TABLE dst (id INT PRIMARY KEY, n INT, v INT)"),
        ("A", "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"), ("A", "BEGIN"),
        ("B", "BEGIN"), ("B", "UPDATE g SET v=7 WHERE id=30"),
        ("A", "INSERT INTO dst SELECT * FROM g WHERE id BETWEEN 15 AND 35"), ("A", "SELECT * FROM dst ORDER BY id"),
        ("B", "COMMIT"), ("B", "UPDATE g SET v=1 WHERE id=20"), ("B", "INSERT INTO g VALUES (25,0,0)"),
        ("A", "COMMIT"), ("A", "SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ"),
        ("C", "SELECT * FROM dst ORDER BY id"), ("C", GALL), ("C", "DROP TABLE dst"),
    ],
    "skip locked and nowait": [
        ("A", "BEGIN"), ("A", "SELECT * FROM t WHERE id=2 FOR UPDATE"),
        ("B", "SELECT id FROM t ORDER BY id FOR UPDATE SKIP LOCKED"),
        ("B", "SELECT id FROM t WHERE id > 0 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED"),
        ("B", "BEGIN"), ("B", "SELECT id FROM t WHERE id = 3 FOR UPDATE SKIP LOCKED"),
        ("C", "SELECT id FROM t ORDER BY id LOCK IN SHARE MODE SKIP LOCKED"),
        ("C", "SELECT id, v FROM t WHERE id=2 FOR UPDATE NOWAIT"),
        ("C", "SELECT id, v FROM t WHERE id=4 FOR UPDATE NOWAIT"),
        ("C", "SELECT id, v FROM t WHERE id=3 LOCK IN SHARE MODE NOWAIT"),
        ("C", "SELECT id, v FROM t WHERE id=4 LOCK IN SHARE MODE NOWAIT"),
        ("B", "ROLLBACK"), ("C", "SELECT id FROM t ORDER BY id FOR UPDATE SKIP LOCKED"),
        ("A", "ROLLBACK"), ("C", ALL),
    ],
    "wait n: the statement's own lock wait timeout": [
        ("A", "BEGIN"), ("A", "SELECT * FROM t WHERE id=2 FOR UPDATE"),
        ("B", "SET SESSION innodb_lock_wait_timeout=50"),
        ("B", "SELECT id, v FROM t WHERE id=2 FOR UPDATE WAIT 1"),
        ("B", "SELECT id, v FROM t WHERE id=2 LOCK IN SHARE MODE WAIT 0"),
        ("B", "SELECT id, v FROM t WHERE id=4 FOR UPDATE WAIT 2"),
        ("B", "SELECT id, v FROM t WHERE id=4 FOR UPDATE WAIT"),
        ("B", "SELECT id, v FROM t WHERE id=4 FOR UPDATE WAIT x"),
        ("B", "SELECT @@innodb_lock_wait_timeout, @@lock_wait_timeout"),
        ("A", "ROLLBACK"), ("B", "SELECT id, v FROM t WHERE id=2 FOR UPDATE WAIT 1"), ("C", ALL),
    ],
    "set transaction: the next transaction's level only": [
        GAPS, ("A", "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE"), ("A", "SELECT @@tx_isolation"),
        ("A", "BEGIN"), ("A", "SET TRANSACTION ISOLATION LEVEL READ COMMITTED"),
        ("A", "SELECT * FROM g WHERE id=20"), ("B", "UPDATE g SET v=1 WHERE id=20"), ("A", "COMMIT"),
        ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id=20"), ("B", "UPDATE g SET v=2 WHERE id=20"),
        ("A", "COMMIT"),
        ("A", "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE"), ("A", "SELECT 1"),
        ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id=20"), ("B", "UPDATE g SET v=3 WHERE id=20"),
        ("A", "COMMIT"),
        ("A", "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE"), ("A", "SELECT v FROM g WHERE id=10"),
        ("A", "BEGIN"), ("A", "SELECT * FROM g WHERE id=20"), ("B", "UPDATE g SET v=3 WHERE id=20"),
        ("A", "COMMIT"),
        ("A", "SET TRANSACTION ISOLATION LEVEL READ COMMITTED"), ("A", "BEGIN"), ("A", "SELECT v FROM g WHERE id=20"),
        ("B", "UPDATE g SET v=4 WHERE id=20"), ("A", "SELECT v FROM g WHERE id=20"), ("A", "COMMIT"),
        ("C", GALL),
    ],
}


def outcome(cur, fn):
    try:
        fn()
    except pymysql.MySQLError as e:
        return ["error", e.args[0]]
    sets = []
    while True:
        if cur.description is not None:
            sets.append(["rows", [list(map(str, r)) for r in cur.fetchall()]])
        else:
            sets.append(["affected", cur.rowcount])
        if not cur.nextset():
            break
    return sets


class Session:
    def __init__(self, port):
        self.conn = pymysql.connect(host="127.0.0.1", port=port, user="root", password="",
                                    database=DB, autocommit=True,
                                    client_flag=CLIENT.MULTI_STATEMENTS)
        self.cur = self.conn.cursor()
        self.thread = None
        self.result = None

    def run(self, sql):
        return outcome(self.cur, lambda: self.cur.execute(sql))

    def start(self, sql):
        def body():
            self.result = self.run(sql)
        self.result = None
        self.thread = threading.Thread(target=body, daemon=True)
        self.thread.start()
        self.thread.join(SETTLE)
        return "waits" if self.thread.is_alive() else self.result

    def poll(self):
        """Still waiting a moment later? Otherwise its outcome (join still follows)."""
        self.thread.join(SETTLE)
        return "waits" if self.thread.is_alive() else self.result

    def join(self):
        self.thread.join(60)
        if self.thread.is_alive():
            return "still waiting after 60 s"
        self.thread = None
        return self.result


def run_scenario(port, steps):
    admin = pymysql.connect(host="127.0.0.1", port=port, user="root", password="", autocommit=True)
    with admin.cursor() as c:
        for sql in SETUP:
            c.execute(sql)
    sessions = {n: Session(port) for n in "ABC"}
    log = []
    for step in steps:
        who = step[0]
        if who.startswith("join "):
            log.append((who, sessions[who[5:]].join()))
        elif who.startswith("poll "):
            log.append((who, sessions[who[5:]].poll()))
        elif who.endswith("&"):
            log.append((who, step[1], sessions[who[0]].start(step[1])))
        else:
            t0 = time.time()
            res = sessions[who].run(step[1])
            log.append((who, step[1], res))
            if time.time() - t0 > SETTLE and not (isinstance(res, list) and res and res[0] == "error"):
                log.append((who, "took %.0f s" % (time.time() - t0)))
    for s in sessions.values():
        if s.thread:
            s.thread.join(5)
        s.conn.close()
    admin.close()
    return log


def main(scenarios=SCENARIOS):
    mport = int(os.environ["MARIADB_PORT"])
    pport = int(os.environ["PRESSDB_PORT"])
    failed = 0
    only = sys.argv[1:]
    for name, steps in scenarios.items():
        if only and name not in only:
            continue
        # both servers at once: a scenario's time is mostly its waits (SETTLE, lock wait
        # timeouts), and the two servers share nothing
        ref = {}
        t = threading.Thread(target=lambda: ref.update(log=run_scenario(mport, steps)), daemon=True)
        t.start()
        got = run_scenario(pport, steps)
        t.join()
        want = ref.get("log", [("mariadb", "the scenario raised: see above")])
        if want == got:
            print("ok    %s" % name)
            continue
        failed += 1
        print("FAIL  %s" % name)
        for i, (w, g) in enumerate(zip(want, got)):
            mark = "  " if w == g else "!="
            print("   %s mariadb: %s" % (mark, w))
            if w != g:
                print("      pressdb: %s" % (g,))
        if len(want) != len(got):
            print("   (steps: mariadb %d, pressdb %d)" % (len(want), len(got)))
    for port in (mport, pport):
        conn = pymysql.connect(host="127.0.0.1", port=port, user="root", password="", autocommit=True)
        conn.cursor().execute("DROP DATABASE IF EXISTS " + DB)
        conn.close()
    print("isolation: %d scenarios, %d failed" % (len(scenarios), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
