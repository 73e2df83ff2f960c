#!/usr/bin/env python3
"""Stored programs run with their definer's privileges, and making or calling one needs
its own: on the run's MariaDB and pressdb alike, a user with SELECT on one database

- cannot CREATE PROCEDURE there without CREATE ROUTINE (1044), nor CALL root's
  procedure without EXECUTE (1370), nor DROP it without ALTER ROUTINE (1370);
- with CREATE ROUTINE, makes procedures and functions whose bodies still cannot read a
  table the user may not (1142): the body runs as its definer, the user;
- with TRIGGER, makes a trigger whose body cannot write a table the user may not, and
  that trigger fails the same way when root's INSERT fires it (it runs as its definer);
- a SQL SECURITY INVOKER procedure of root's runs with the caller's privileges;
- root's SQL SECURITY DEFINER procedure lends root's reads to a caller with EXECUTE;
  inside it CURRENT_USER() is root, USER() and SESSION_USER() still the caller.

Before, pressdb ran every body unchecked and did not check CREATE ROUTINE or EXECUTE: a
user with SELECT on one database could read any table through a procedure of their own.
Each statement's outcome (error code, or rows) must be the same on both servers."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import itargets  # noqa: E402
import pymysql  # noqa: E402

SETUP = [
    "DROP USER IF EXISTS dr_u@localhost",
    "DROP DATABASE IF EXISTS dr_a", "DROP DATABASE IF EXISTS dr_b",
    "CREATE DATABASE dr_a", "CREATE DATABASE dr_b",
    "CREATE TABLE dr_b.secret (a INT)", "INSERT INTO dr_b.secret VALUES (42)",
    "CREATE TABLE dr_a.t (a INT)",
    "CREATE USER dr_u@localhost", "GRANT SELECT ON dr_a.* TO dr_u@localhost",
    "CREATE PROCEDURE dr_a.root_p() SELECT * FROM dr_b.secret",
    "CREATE PROCEDURE dr_a.root_inv() SQL SECURITY INVOKER SELECT * FROM dr_b.secret",
    "CREATE PROCEDURE dr_a.who() SELECT USER(), CURRENT_USER(), SESSION_USER(), CURRENT_ROLE()",
    "CREATE EVENT dr_a.ev ON SCHEDULE AT '2030-01-01 00:00:00' DO SELECT 1",
]
# (who, statement): the user's connection or root's
STEPS = [
    ("u", "CREATE PROCEDURE p() SELECT * FROM dr_b.secret"),
    ("u", "CALL root_p()"),
    ("u", "DROP PROCEDURE root_p"),
    ("root", "GRANT CREATE ROUTINE ON dr_a.* TO dr_u@localhost"),
    ("u", "CREATE PROCEDURE p2() SELECT * FROM dr_b.secret"),
    ("u", "CALL p2()"),
    ("u", "CREATE FUNCTION f() RETURNS INT RETURN (SELECT a FROM dr_b.secret)"),
    ("u", "SELECT f()"),
    ("u", "DROP PROCEDURE p2"),
    ("root", "GRANT TRIGGER, INSERT ON dr_a.t TO dr_u@localhost"),
    ("u", "CREATE TRIGGER tg AFTER INSERT ON t FOR EACH ROW INSERT INTO dr_b.secret VALUES (NEW.a)"),
    ("u", "INSERT INTO t VALUES (7)"),
    ("root", "INSERT INTO dr_a.t VALUES (8)"),
    ("root", "SELECT * FROM dr_b.secret ORDER BY a"),
    ("root", "SELECT * FROM dr_a.t ORDER BY a"),
    ("root", "GRANT EXECUTE ON dr_a.* TO dr_u@localhost"),
    ("u", "CALL root_inv()"),
    ("u", "CALL root_p()"),
    ("u", "DROP PROCEDURE root_p"),
    ("u", "CALL who()"),
    # a function of the user's own, read through a DEFINER view of theirs: still the user's rights
    ("root", "GRANT CREATE VIEW ON dr_a.* TO dr_u@localhost"),
    ("u", "CREATE FUNCTION peek() RETURNS INT RETURN (SELECT a FROM dr_b.secret LIMIT 1)"),
    ("u", "CREATE VIEW pv AS SELECT peek() AS x"),
    ("u", "SELECT * FROM pv"),
    # events: seen and changed with EVENT only; who alters one becomes its definer
    ("u", "SELECT COUNT(*) FROM information_schema.EVENTS WHERE EVENT_SCHEMA = 'dr_a'"),
    ("u", "SHOW EVENTS FROM dr_a"),
    ("root", "GRANT EVENT ON dr_a.* TO dr_u@localhost"),
    ("u", "SELECT EVENT_NAME, DEFINER FROM information_schema.EVENTS WHERE EVENT_SCHEMA = 'dr_a'"),
    ("u", "ALTER EVENT ev DO INSERT INTO dr_a.t SELECT a FROM dr_b.secret"),
    ("u", "SELECT EVENT_NAME, DEFINER FROM information_schema.EVENTS WHERE EVENT_SCHEMA = 'dr_a'"),
]


def outcome(cur, sql):
    try:
        cur.execute(sql)
        rows = cur.fetchall() if cur.description else None
        while cur.nextset():
            pass
        return ("ok", rows)
    except pymysql.err.MySQLError as e:
        return ("error", e.args[0])


def run(port):
    root = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
    rc = root.cursor()
    for sql in SETUP:
        rc.execute(sql)
    u = pymysql.connect(host="127.0.0.1", port=port, user="dr_u", database="dr_a", autocommit=True)
    out = []
    for who, sql in STEPS:
        out.append(outcome((u if who == "u" else root).cursor(), sql))
        if who == "root" and sql.startswith("GRANT"):   # (MariaDB reads a session's grants on its
            u.close()                                     # current database at USE)
            u = pymysql.connect(host="127.0.0.1", port=port, user="dr_u", database="dr_a", autocommit=True)
    u.close()
    for sql in ("DROP DATABASE dr_a", "DROP DATABASE dr_b", "DROP USER dr_u@localhost"):
        rc.execute(sql)
    root.close()
    return out


def memory_limit(port):
    """An error a body's own handler never sees (the session's memory limit) leaves the
    session as the client's account, not the definer's (pressdb alone: MariaDB's limit
    counts other memory)."""
    root = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
    rc = root.cursor()
    for sql in ("DROP USER IF EXISTS dr_m@localhost", "DROP DATABASE IF EXISTS dr_m", "CREATE DATABASE dr_m",
                "CREATE TABLE dr_m.s (x INT)", "CREATE USER dr_m@localhost", "GRANT EXECUTE ON dr_m.* TO dr_m@localhost",
                "CREATE PROCEDURE dr_m.big() BEGIN %s SELECT 1; END"
                % " ".join("DECLARE v%d VARCHAR(200) DEFAULT REPEAT('x', 200);" % i for i in range(40))):
        rc.execute(sql)
    u = pymysql.connect(host="127.0.0.1", port=port, user="dr_m", autocommit=True)
    uc = u.cursor()
    failed = 0
    for limit in (20000, 40000, 61244):
        uc.execute("SET SESSION max_session_mem_used = %d" % limit)
        if outcome(uc, "CALL dr_m.big()")[0] == "error":
            failed += 1
        uc.execute("SET SESSION max_session_mem_used = DEFAULT")
        got = outcome(uc, "SELECT CURRENT_USER()")
        if got != ("ok", (("dr_m@localhost",),)):
            raise SystemExit("FAIL: after a CALL that ran out of memory the session is %r" % (got,))
        if outcome(uc, "SELECT * FROM dr_m.s")[0] != "error":
            raise SystemExit("FAIL: after a CALL that ran out of memory the session reads as root")
    if not failed:
        raise SystemExit("FAIL: no CALL ran out of memory (the check proved nothing)")
    u.close()
    rc.execute("DROP DATABASE dr_m")
    rc.execute("DROP USER dr_m@localhost")
    root.close()
    print("    ok    %d CALLs that ran out of memory left the session its own account" % failed)


def main():
    ports = dict(itargets.targets())
    results = {name: run(port) for name, port in ports.items()}
    p = results["pressdb"]
    expect = {0: 1044, 1: 1370, 2: 1370, 5: 1142, 7: 1142, 11: 1142, 12: 1142, 16: 1142, 18: 1370}
    bad = [(i, STEPS[i][1], p[i]) for i, code in expect.items() if p[i] != ("error", code)]
    if bad:
        raise SystemExit("FAIL: pressdb let these through or failed otherwise: %r" % bad)
    if p[17][0] != "ok" or p[17][1] != ((42,),):
        raise SystemExit("FAIL: root's DEFINER procedure did not lend its reads: %r" % (p[17],))
    if p[19] != ("ok", (("dr_u@localhost", "root@localhost", "dr_u@localhost", None),)):
        raise SystemExit("FAIL: USER() / CURRENT_USER() inside root's procedure: %r" % (p[19],))
    if p[23][0] != "error":
        raise SystemExit("FAIL: a view lent its definer's rights to a function it calls: %r" % (p[23],))
    if p[29] != ("ok", (("ev", "dr_u@localhost"),)):
        raise SystemExit("FAIL: ALTER EVENT kept root as the definer: %r" % (p[29],))
    memory_limit(ports["pressdb"])
    if "MariaDB" in results:
        m = results["MariaDB"]
        diff = [(STEPS[i][1], m[i], p[i]) for i in range(len(STEPS)) if m[i] != p[i]]
        if diff:
            raise SystemExit("FAIL: differs from MariaDB: %r" % diff)
        print("    ok    %d statements: the same outcome on MariaDB and pressdb" % len(STEPS))
    print("    ok    bodies run with their definer's privileges; CREATE ROUTINE, EXECUTE, ALTER ROUTINE checked")


main()
