#!/usr/bin/env python3
"""Triggers survive restarts, and a mariadb-dump of triggers goes MariaDB -> pressdb -> dump.

1. On a pressdb of its own (PRESSDB_BIN, temporary datadir): triggers of every kind the
   catalog keeps (a BEGIN ... END body over several lines, FOLLOWS / PRECEDES, one made
   under sql_mode '' and one under ANSI_QUOTES, a quoted definer, one on a renamed table,
   a replaced one, a dropped one, one of a dropped table) are recorded with
   information_schema.TRIGGERS, SHOW CREATE TRIGGER (but its creation time) and what a
   write fires, then compared after a kill -9 (the log replayed), after a clean stop (the
   snapshot) and after a second clean stop. The creation times must survive too.
2. With the run's MariaDB and pressdb (tests/run.py): a database with triggers is dumped
   from MariaDB with mariadb-dump (default options: --triggers), loaded into pressdb with
   the mariadb client, and dumped from pressdb: the two dumps are the same text (but for
   the header lines that name the host, server and time), and the same INSERT, UPDATE and
   DELETE fire the same triggers on both servers.
"""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary, check, finish  # noqa: E402
from dumps import drop, round_trip  # noqa: E402
import pymysql  # noqa: E402

TABLES = [
    "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, a INT NOT NULL, b VARCHAR(20))",
    "CREATE TABLE log (n INT AUTO_INCREMENT PRIMARY KEY, msg VARCHAR(200))",
    "CREATE TABLE cnt (k VARCHAR(10) PRIMARY KEY, n INT)",
    "INSERT INTO cnt VALUES ('t', 0)",
]
TRIGGERS = [
    "CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO log (msg) VALUES (concat('ai ', new.id, ' ', new.b))",
    "CREATE TRIGGER t_ai_first AFTER INSERT ON t FOR EACH ROW PRECEDES t_ai UPDATE cnt SET n = n + 1 WHERE k = 't'",
    "CREATE TRIGGER t_ai_last AFTER INSERT ON t FOR EACH ROW FOLLOWS t_ai INSERT INTO log (msg) VALUES ('last')",
    "CREATE TRIGGER t_bu BEFORE UPDATE ON t FOR EACH ROW\nBEGIN\n  DECLARE k INT DEFAULT 2;\n"
    "  IF new.a > 100 THEN\n    SET new.a = 100;\n  END IF;\n  WHILE k > 0 DO\n    SET new.b = concat(new.b, '+'), k = k - 1;\n"
    "  END WHILE;\nEND",
    "CREATE TRIGGER t_ad AFTER DELETE ON t FOR EACH ROW INSERT INTO log (msg) VALUES (concat('ad ', old.id))",
    "SET sql_mode = ''",
    "CREATE TRIGGER t_bi BEFORE INSERT ON t FOR EACH ROW SET new.b = concat('[', ifnull(new.b, 'none'), ']')",
    "SET sql_mode = 'ANSI_QUOTES'",
    'CREATE TRIGGER cnt_bu BEFORE UPDATE ON cnt FOR EACH ROW SET new."n" = new."n" + 0',
    "SET sql_mode = DEFAULT",
]
EXTRA = [   # (pressdb only: what the dump round trip leaves out)
    "CREATE USER IF NOT EXISTS 'q`u'@'h`x'",
    # (its trigger's SET new.msg = new.msg needs the definer's SELECT and UPDATE on msg)
    "GRANT SELECT (msg), UPDATE (msg) ON log TO 'q`u'@'h`x'",
    "CREATE DEFINER='q`u'@'h`x' TRIGGER log_bi BEFORE INSERT ON log FOR EACH ROW SET new.msg = new.msg",
    "CREATE TABLE r (a INT)",
    "CREATE TRIGGER r_bi BEFORE INSERT ON r FOR EACH ROW SET new.a = new.a * 10",
    "RENAME TABLE r TO r2",
    "CREATE OR REPLACE TRIGGER t_ad AFTER DELETE ON t FOR EACH ROW INSERT INTO log (msg) VALUES (concat('deleted ', old.id))",
    "CREATE TRIGGER gone BEFORE INSERT ON t FOR EACH ROW SET @g = 1",
    "DROP TRIGGER gone",
    "CREATE TABLE dropped (a INT)",
    "CREATE TRIGGER dropped_bi BEFORE INSERT ON dropped FOR EACH ROW SET @d = 1",
    "DROP TABLE dropped",
]
WRITES = [
    "INSERT INTO t (a, b) VALUES (1, 'x'), (2, NULL)",
    "UPDATE t SET a = a + 200 WHERE id = 1",
    "DELETE FROM t WHERE id = 2",
]


def outcome(cur, sql):
    try:
        cur.execute(sql)
        return ("rows", [tuple(r) for r in cur.fetchall()])
    except pymysql.err.MySQLError as e:
        return ("error", e.args[0])


def state(c, db, names):
    cur = c.cursor()
    s = {"triggers": outcome(cur, "SELECT TRIGGER_NAME, EVENT_MANIPULATION, EVENT_OBJECT_TABLE, ACTION_ORDER, "
                                  "ACTION_STATEMENT, ACTION_TIMING, CREATED, SQL_MODE, DEFINER, CHARACTER_SET_CLIENT, "
                                  "COLLATION_CONNECTION, DATABASE_COLLATION FROM information_schema.TRIGGERS "
                                  "WHERE TRIGGER_SCHEMA = '%s' ORDER BY 3, 2, 6, 4" % db)}
    for n in names:
        s["show " + n] = outcome(cur, "SHOW CREATE TRIGGER %s.%s" % (db, n))
    return s


def fired(c, db):
    cur = c.cursor()
    cur.execute("USE " + db)
    for sql in WRITES:
        cur.execute(sql)
    return {k: outcome(cur, "SELECT * FROM %s ORDER BY 1" % k) for k in ("t", "log", "cnt")}


NAMES = ["t_ai", "t_ai_first", "t_ai_last", "t_bu", "t_ad", "t_bi", "cnt_bu", "log_bi", "r_bi", "gone", "dropped_bi"]


def restarts():
    d = tempfile.mkdtemp(prefix="pressdb-triggers-")
    try:
        srv = Server(os.path.join(d, "data"), os.path.join(d, "log"))
        c = srv.start()
        cur = c.cursor()
        for sql in ["CREATE DATABASE tg", "USE tg"] + TABLES + TRIGGERS + EXTRA:
            cur.execute(sql)
        before = state(c, "tg", NAMES)
        check(before["show gone"] == ("error", 1360) and before["show dropped_bi"] == ("error", 1360),
              "dropped triggers are gone (%r, %r)" % (before["show gone"], before["show dropped_bi"]))
        check(len(before["triggers"][1]) == 9, "nine triggers (%r)" % (before["triggers"],))
        c.close()
        srv.kill()
        for how in ("kill -9 (log replay)", "clean stop (snapshot)", "second clean stop"):
            c = srv.start()
            after = state(c, "tg", NAMES)
            for k in sorted(before):
                check(after.get(k) == before[k], "after %s: %s the same%s" % (
                    how, k, "" if after.get(k) == before[k] else ": %r, was %r" % (after.get(k), before[k])))
            c.close()
            if how != "second clean stop":
                srv.stop()
        c = srv.connect()
        got = fired(c, "tg")
        check(got["log"] == ("rows", [(1, "ai 1 [x]"), (2, "last"), (3, "ai 2 [none]"), (4, "last"), (5, "deleted 2")]),
              "the recovered triggers fire in their order (%r)" % (got["log"],))
        check(got["t"] == ("rows", [(1, 100, "[x]++")]), "BEFORE UPDATE's loop ran (%r)" % (got["t"],))
        check(got["cnt"] == ("rows", [("t", 2)]), "the PRECEDES trigger ran per row (%r)" % (got["cnt"],))
        cur = c.cursor()
        cur.execute("INSERT INTO tg.r2 VALUES (3)")
        check(outcome(cur, "SELECT * FROM tg.r2") == ("rows", [(30,)]), "the renamed table's trigger fires")
        c.close()
        srv.stop()
    finally:
        shutil.rmtree(d, ignore_errors=True)


def dump_round_trip():
    r = round_trip(check, "tg_dump", TABLES + TRIGGERS + ["INSERT INTO t (a, b) VALUES (5, 'pre')"], "triggers")
    if not r:
        return
    conns, mtext = r[:2], r[2]
    check(mtext.lower().count("trigger") >= 7, "the dump has the triggers")
    got = [fired(c, "tg_dump") for c in conns]
    for k in ("t", "log", "cnt"):
        check(got[0][k] == got[1][k], "tg_dump.%s the same on both after the writes%s" % (
            k, "" if got[0][k] == got[1][k] else ": %r / %r" % (got[0][k], got[1][k])))
    drop(conns, "tg_dump")


binary()
restarts()
dump_round_trip()
finish()
