#!/usr/bin/env python3
"""Stored procedures and functions survive restarts, and a mariadb-dump --routines goes
MariaDB -> pressdb -> dump.

1. On a pressdb of its own (PRESSDB_BIN, temporary datadir): procedures and functions of
   the kinds the catalog keeps (characteristics, a BEGIN ... END body with a cursor and a
   handler over several lines, one made under ANSI_QUOTES, one altered, one replaced, a
   dropped one) are recorded with SHOW CREATE PROCEDURE / FUNCTION and
   information_schema.ROUTINES (times included), then compared after a kill -9 (the log
   replayed), after a clean stop (the snapshot) and after a second clean stop; CALL and
   the functions then give the same answers.
2. With the run's MariaDB and pressdb (tests/run.py): a database with procedures and
   functions is dumped from MariaDB with mariadb-dump --routines, loaded into pressdb
   with the mariadb client, and dumped from pressdb: the same text (but for the header
   lines that name the host, server and time), and the same CALLs answer the same.
"""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary, check, finish  # noqa: E402
from dumps import drop, round_trip  # noqa: E402
import pymysql  # noqa: E402

SETUP = [
    "CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20))",
    "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')",
    "CREATE PROCEDURE p_out(IN a INT, OUT b VARCHAR(20)) COMMENT 'it''s' DETERMINISTIC READS SQL DATA "
    "SET b = concat(a, '!')",
    "CREATE PROCEDURE p_cur(OUT total VARCHAR(100))\nBEGIN\n  DECLARE done INT DEFAULT 0;\n  DECLARE x VARCHAR(20);\n"
    "  DECLARE c CURSOR FOR SELECT v FROM t ORDER BY id;\n  DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1;\n"
    "  SET total = '';\n  OPEN c;\n  l: LOOP\n    FETCH c INTO x;\n    IF done THEN LEAVE l; END IF;\n"
    "    SET total = concat(total, x);\n  END LOOP;\n  CLOSE c;\nEND",
    "CREATE PROCEDURE p_rows() SELECT id, v FROM t ORDER BY id",
    "CREATE FUNCTION f_inc(a INT) RETURNS INT DETERMINISTIC RETURN a + 1",
    "CREATE FUNCTION f_wrap(s VARCHAR(10)) RETURNS VARCHAR(12)\nBEGIN\n  RETURN concat('<', s, '>');\nEND",
    "SET sql_mode = 'ANSI_QUOTES'",
    'CREATE PROCEDURE p_ansi() SELECT "v" FROM t WHERE "id" = 2',
    "SET sql_mode = DEFAULT",
]
EXTRA = [
    "ALTER PROCEDURE p_rows COMMENT 'altered' SQL SECURITY INVOKER",
    "CREATE OR REPLACE FUNCTION f_inc(a INT) RETURNS INT DETERMINISTIC RETURN a + 10",
    "CREATE PROCEDURE p_gone() SELECT 1",
    "DROP PROCEDURE p_gone",
]
SHOW = ["PROCEDURE p_out", "PROCEDURE p_cur", "PROCEDURE p_rows", "PROCEDURE p_ansi", "FUNCTION f_inc",
        "FUNCTION f_wrap", "PROCEDURE p_gone"]


def outcome(cur, sql):
    try:
        cur.execute(sql)
        return ("rows", [tuple(r) for r in cur.fetchall()])
    except pymysql.err.MySQLError as e:
        return ("error", e.args[0])


def state(c, db):
    cur = c.cursor()
    cur.execute("USE " + db)
    s = {"routines": outcome(cur, "SELECT ROUTINE_NAME, ROUTINE_TYPE, DTD_IDENTIFIER, ROUTINE_DEFINITION, IS_DETERMINISTIC, "
                                  "SQL_DATA_ACCESS, SECURITY_TYPE, CREATED, LAST_ALTERED, SQL_MODE, ROUTINE_COMMENT, DEFINER "
                                  "FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '%s' ORDER BY 1" % db)}
    for what in SHOW:
        s["show " + what] = outcome(cur, "SHOW CREATE " + what)
    return s


def answers(c, db):
    cur = c.cursor()
    cur.execute("USE " + db)
    got = {}
    cur.execute("CALL p_out(7, @b)")
    got["out"] = outcome(cur, "SELECT @b")
    cur.execute("CALL p_cur(@tot)")
    got["cursor"] = outcome(cur, "SELECT @tot")
    got["rows"] = outcome(cur, "CALL p_rows()")
    got["ansi"] = outcome(cur, "CALL p_ansi()")
    got["functions"] = outcome(cur, "SELECT f_inc(1), f_wrap('x'), f_inc(id) FROM t ORDER BY id")
    return got


def restarts():
    d = tempfile.mkdtemp(prefix="pressdb-routines-")
    try:
        srv = Server(os.path.join(d, "data"), os.path.join(d, "log"))
        c = srv.start()
        cur = c.cursor()
        for sql in ["CREATE DATABASE rt", "USE rt"] + SETUP + EXTRA:
            cur.execute(sql)
        before = state(c, "rt")
        check(before["show PROCEDURE p_gone"] == ("error", 1305), "a dropped procedure is gone")
        want = answers(c, "rt")
        check(want["cursor"] == ("rows", [("abc",)]), "the cursor loop reads every row (%r)" % (want["cursor"],))
        check(want["functions"] == ("rows", [(11, "<x>", 11), (11, "<x>", 12), (11, "<x>", 13)]),
              "the replaced function answers (%r)" % (want["functions"],))
        c.close()
        srv.kill()
        for how in ("kill -9 (log replay)", "clean stop (snapshot)", "second clean stop"):
            c = srv.start()
            after = state(c, "rt")
            for k in sorted(before):
                check(after.get(k) == before[k], "after %s: %s the same%s" % (
                    how, k, "" if after.get(k) == before[k] else ": %r, was %r" % (after.get(k), before[k])))
            got = answers(c, "rt")
            check(got == want, "after %s: CALLs and functions answer the same%s" % (how, "" if got == want else ": %r" % (got,)))
            c.close()
            if how != "second clean stop":
                srv.stop()
        srv.stop()
    finally:
        shutil.rmtree(d, ignore_errors=True)


def dump_round_trip():
    r = round_trip(check, "rt_dump", SETUP, "routines", ["--routines"])
    if not r:
        return
    conns, mtext = r[:2], r[2]
    check("PROCEDURE `p_cur`" in mtext and "FUNCTION `f_wrap`" in mtext, "the dump has the routines")
    got = [answers(c, "rt_dump") for c in conns]
    check(got[0] == got[1], "the same CALLs and functions answer the same on both%s" % (
        "" if got[0] == got[1] else ": %r / %r" % (got[0], got[1])))
    drop(conns, "rt_dump")


binary()
restarts()
dump_round_trip()
finish()
