#!/usr/bin/env python3
"""Accounts come with a restore of MariaDB's grant tables, as `mariadb-dump --all-databases`
writes them (DROP TABLE, CREATE TABLE and INSERT into mysql.global_priv, db, tables_priv,
roles_mapping, ... and the mysql.user view): the accounts a MariaDB has (passwords, global,
database and table grants, roles, a default role, ACCOUNT LOCK) are made there, dumped
(the mysql database and one of data), and read by the mariadb client into a pressdb of its
own. Before FLUSH PRIVILEGES the tables hold the dump's rows and the accounts are not yet
there; after it, every account's SHOW GRANTS (routine grants of mysql.procs_priv too) and
SHOW CREATE USER, and logins with the
right and a wrong password, are as on the MariaDB the dump came from, and the grant
tables are views of the account store again. A second pressdb is killed (-9) after the
restore without FLUSH PRIVILEGES: the next start reads the tables, as MariaDB's does.
An account that authenticates only through a plugin pressdb lacks (unix_socket) is locked.

Routines come the same way: such a dump without --routines has them only as rows of
mysql.proc. After FLUSH PRIVILEGES (or the next start) SHOW CREATE, information_schema.
ROUTINES and CALLs of a procedure, a function and a procedure made under ANSI_QUOTES are
as on MariaDB. The dump is made with --events, which writes each event twice: as CREATE
EVENT and as a row of mysql.event (its times in UTC, its interval in the unit's smallest
part), which FLUSH PRIVILEGES reads over the event: SHOW CREATE EVENT and
information_schema.EVENTS of events made in another time zone, with compound, WEEK and
QUARTER intervals, are still as on MariaDB.

Also ACCOUNT LOCK / UNLOCK, compared with MariaDB: 4151 for the right password, 1045 for
a wrong one, SHOW CREATE USER.

Needs MariaDB (the harness's) and PRESSDB_BIN."""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary, check, finish  # noqa: E402
from itargets import targets  # noqa: E402
import pymysql  # noqa: E402

binary()   # (or a skip)
HOST = "127.0.0.1"

SETUP = [
    "CREATE DATABASE gtr_db",
    "CREATE TABLE gtr_db.t1 (id INT PRIMARY KEY, v VARCHAR(10))",
    "INSERT INTO gtr_db.t1 VALUES (1, 'a'), (2, 'b')",
    "CREATE TABLE gtr_db.t2 (id INT)",
    "CREATE USER gtr_app@'%' IDENTIFIED BY 'app-pass'",
    "GRANT SELECT, INSERT ON gtr_db.* TO gtr_app@'%'",
    "GRANT UPDATE, DELETE ON gtr_db.t1 TO gtr_app@'%'",
    "CREATE ROLE gtr_role",
    "GRANT SELECT ON gtr_db.t2 TO gtr_role",
    "GRANT gtr_role TO gtr_app@'%'",
    "SET DEFAULT ROLE gtr_role FOR gtr_app@'%'",
    "CREATE USER gtr_admin@'%' IDENTIFIED BY 'admin-pass'",
    "GRANT ALL PRIVILEGES ON *.* TO gtr_admin@'%' WITH GRANT OPTION",
    "CREATE USER gtr_locked@'%' IDENTIFIED BY 'lk-pass' ACCOUNT LOCK",
    "CREATE USER gtr_nopw@'%'",
    "GRANT SELECT ON gtr_db.t1 TO gtr_nopw@'%'",
    "CREATE USER gtr_sock@'%' IDENTIFIED VIA unix_socket",
    # routines: a dump without --routines has them only in mysql.proc
    "CREATE PROCEDURE gtr_db.gtr_p(IN a INT, OUT b INT) COMMENT 'a ''quoted'' comment' SQL SECURITY INVOKER "
    "BEGIN SELECT a + 1 INTO b; SELECT COUNT(*) AS n FROM t1; END",
    "CREATE FUNCTION gtr_db.gtr_f(x VARCHAR(20)) RETURNS VARCHAR(40) CHARSET utf8mb4 DETERMINISTIC READS SQL DATA "
    "RETURN CONCAT(x, '-', (SELECT COUNT(*) FROM t1))",
    "SET @gtr_mode = @@sql_mode",
    "SET sql_mode = 'ANSI_QUOTES,PIPES_AS_CONCAT'",
    "CREATE PROCEDURE gtr_db.gtr_ansi() SELECT 'a' || 'b' AS \"x y\"",
    "SET sql_mode = @gtr_mode",
    # routine grants: rows of mysql.procs_priv
    "GRANT EXECUTE ON PROCEDURE gtr_db.gtr_p TO gtr_nopw@'%'",
    "GRANT EXECUTE, ALTER ROUTINE ON FUNCTION gtr_db.gtr_f TO gtr_role WITH GRANT OPTION",
    # events too: mysql.event keeps their times in UTC, shown in the zone they were made in
    "SET time_zone = '+05:00'",
    "CREATE EVENT gtr_db.gtr_e1 ON SCHEDULE EVERY '1:30' HOUR_MINUTE STARTS '2030-01-01 10:00:00' ENDS '2031-01-01' "
    "DO INSERT INTO t1 VALUES (1)",
    "CREATE EVENT gtr_db.gtr_e2 ON SCHEDULE AT '2030-06-01 12:00:00' ON COMPLETION PRESERVE DISABLE COMMENT 'c' "
    "DO SELECT 2",
    "SET time_zone = DEFAULT",
    "CREATE EVENT gtr_db.gtr_e3 ON SCHEDULE EVERY 2 WEEK STARTS '2030-01-01' DO BEGIN SELECT 3; SELECT 4; END",
    "CREATE EVENT gtr_db.gtr_e4 ON SCHEDULE EVERY 2 QUARTER STARTS '2030-01-01' ENDS '2035-01-01' DO SELECT 5",
]
ROUTINES = [   # what is compared, on a connection whose database is gtr_db
    "SHOW CREATE PROCEDURE gtr_p", "SHOW CREATE FUNCTION gtr_f", "SHOW CREATE PROCEDURE gtr_ansi",
    "SELECT ROUTINE_NAME, ROUTINE_TYPE, DTD_IDENTIFIER, ROUTINE_DEFINITION, IS_DETERMINISTIC, SQL_DATA_ACCESS, "
    "SECURITY_TYPE, CREATED, LAST_ALTERED, SQL_MODE, ROUTINE_COMMENT, DEFINER, CHARACTER_SET_CLIENT, "
    "COLLATION_CONNECTION, DATABASE_COLLATION FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'gtr_db' "
    "ORDER BY ROUTINE_NAME",
    "CALL gtr_p(41, @gtr_b)", "SELECT @gtr_b", "SELECT gtr_f('x')", "CALL gtr_ansi()",
    "SHOW CREATE EVENT gtr_e1", "SHOW CREATE EVENT gtr_e2", "SHOW CREATE EVENT gtr_e3", "SHOW CREATE EVENT gtr_e4",
    "SELECT EVENT_NAME, DEFINER, TIME_ZONE, EVENT_DEFINITION, EVENT_TYPE, EXECUTE_AT, INTERVAL_VALUE, INTERVAL_FIELD, "
    "SQL_MODE, STARTS, ENDS, STATUS, ON_COMPLETION, CREATED, LAST_ALTERED, EVENT_COMMENT, CHARACTER_SET_CLIENT, "
    "COLLATION_CONNECTION, DATABASE_COLLATION FROM information_schema.EVENTS WHERE EVENT_SCHEMA = 'gtr_db' ORDER BY 1",
]
DROP = [
    "DROP DATABASE IF EXISTS gtr_db",
    "DROP USER IF EXISTS gtr_app@'%', gtr_admin@'%', gtr_locked@'%', gtr_nopw@'%', gtr_sock@'%', gtr_new@'%'",
    "DROP ROLE IF EXISTS gtr_role",
]
ACCOUNTS = ["gtr_app@'%'", "gtr_admin@'%'", "gtr_locked@'%'", "gtr_nopw@'%'", "gtr_role"]
LOGINS = [   # (user, password, statement)
    ("gtr_app", "app-pass", "SELECT CURRENT_USER(), CURRENT_ROLE()"),
    ("gtr_app", "app-pass", "SELECT * FROM gtr_db.t1 ORDER BY id"),
    ("gtr_app", "app-pass", "SELECT * FROM gtr_db.t2"),
    ("gtr_app", "app-pass", "DROP TABLE gtr_db.t2"),
    ("gtr_app", "wrong", "SELECT 1"),
    ("gtr_admin", "admin-pass", "SELECT CURRENT_USER()"),
    ("gtr_locked", "lk-pass", "SELECT 1"),
    ("gtr_locked", "wrong", "SELECT 1"),
    ("gtr_nopw", "", "SELECT COUNT(*) FROM gtr_db.t1"),
    ("gtr_nopw", "", "SELECT * FROM gtr_db.t2"),
]


def run(conn, sql):
    try:
        cur = conn.cursor()
        cur.execute(sql)
        return ("rows", [tuple(str(v) for v in r) for r in cur.fetchall()]) if cur.description else ("ok",)
    except pymysql.err.MySQLError as e:
        return ("error", e.args[0])


def login(port, user, password, sql):
    try:
        c = pymysql.connect(host=HOST, port=port, user=user, password=password, autocommit=True)
    except pymysql.err.MySQLError as e:
        return ("connect error", e.args[0])
    out = run(c, sql)
    c.close()
    return out


def grants(conn):
    out = []
    for a in ACCOUNTS:
        out.append((a, sorted(r for r in run(conn, "SHOW GRANTS FOR " + a)[1:])))
        if "@" in a:
            out.append((a, run(conn, "SHOW CREATE USER " + a)))
    return out


def routines(port):
    c = pymysql.connect(host=HOST, port=port, user="root", database="gtr_db", autocommit=True)
    out = [run(c, q) for q in ROUTINES]
    c.close()
    return out


def same_routines(port, want, when):
    for q, w, g in zip(ROUTINES, want, routines(port)):
        check(w == g, "%s, %s: %r / %r" % (when, q, w, g))


def dump(mport):
    d = subprocess.run(["mariadb-dump", "-h", HOST, "-P", str(mport), "-uroot", "--events", "--databases", "mysql", "gtr_db"]
                       + ["--ignore-table=mysql.%s" % t for t in ("time_zone", "time_zone_name", "time_zone_transition",
                                                                   "time_zone_transition_type", "time_zone_leap_second")],
                       capture_output=True, timeout=120)
    if d.returncode:
        raise SystemExit("mariadb-dump failed: %s" % d.stderr.decode(errors="replace")[-400:])
    return d.stdout


def restore(port, text):
    r = subprocess.run(["mariadb", "-h", HOST, "-P", str(port), "-uroot"], input=text, capture_output=True, timeout=120)
    check(r.returncode == 0, "the dump reads in without an error %s" % r.stderr.decode(errors="replace")[-300:])


def same_accounts(c, port, want_grants, want_logins, when):
    """SHOW GRANTS, SHOW CREATE USER and logins as on MariaDB."""
    for (a, w), (_, g) in zip(want_grants, grants(c)):
        check(w == g, "%s, %s: %r / %r" % (when, a, w, g))
    for x, w in zip(LOGINS, want_logins):
        g = login(port, *x)
        check(w == g, "%s, login %s/%s: %s: %r / %r" % (when, x[0], x[1] or "''", x[2], w, g))


def lock_statements(mport, pport):
    """ACCOUNT LOCK and UNLOCK, the same on both."""
    steps = [(None, "CREATE USER gtr_new@'%' IDENTIFIED BY 'np' ACCOUNT LOCK"), (None, "SHOW CREATE USER gtr_new@'%'"),
             ("login",), (None, "ALTER USER gtr_new@'%' ACCOUNT UNLOCK"), (None, "SHOW CREATE USER gtr_new@'%'"),
             ("login",), (None, "ALTER USER gtr_new@'%' ACCOUNT LOCK"), ("login",), ("bad login",),
             (None, "DROP USER gtr_new@'%'")]
    out = {}
    for name, port in (("MariaDB", mport), ("pressdb", pport)):
        c = pymysql.connect(host=HOST, port=port, user="root", autocommit=True)
        res = []
        for s in steps:
            if s[0] == "login":
                res.append(login(port, "gtr_new", "np", "SELECT CURRENT_USER()"))
            elif s[0] == "bad login":
                res.append(login(port, "gtr_new", "nope", "SELECT 1"))
            else:
                res.append(run(c, s[1]))
        c.close()
        out[name] = res
    for i, s in enumerate(steps):
        check(out["MariaDB"][i] == out["pressdb"][i], "ACCOUNT LOCK step %s: %r / %r" % (s, out["MariaDB"][i], out["pressdb"][i]))


def main():
    t = dict(targets())
    if "MariaDB" not in t:
        print("skipped: needs MariaDB")
        return
    mport = t["MariaDB"]
    m = pymysql.connect(host=HOST, port=mport, user="root", autocommit=True)
    for q in DROP + SETUP:
        r = run(m, q)
        if r[0] == "error" and q not in DROP:
            raise SystemExit("setup on MariaDB: %s: %r" % (q, r))
    want_grants = grants(m)
    want_logins = [login(mport, *x) for x in LOGINS]
    want_users = sorted(run(m, "SELECT Host, User FROM mysql.global_priv")[1])
    text = dump(mport)
    want_routines = routines(mport)
    check(all(r[0] != "error" for r in want_routines), "the routines run on MariaDB: %r" % (want_routines,))
    base = tempfile.mkdtemp(prefix="pressdb-gtr-")
    try:
        s = Server(os.path.join(base, "a"), os.path.join(base, "a.log"))
        c = s.start()
        lock_statements(mport, s.port)
        restore(s.port, text)
        check(sorted(run(c, "SELECT Host, User FROM mysql.global_priv")[1]) == want_users,
              "before FLUSH PRIVILEGES mysql.global_priv holds the dump's rows")
        check(login(s.port, "gtr_admin", "admin-pass", "SELECT 1")[0] == "connect error",
              "before FLUSH PRIVILEGES the dump's accounts cannot log in")
        r = run(c, "FLUSH PRIVILEGES")
        check(r == ("ok",), "FLUSH PRIVILEGES: %r" % (r,))
        same_accounts(c, s.port, want_grants, want_logins, "after FLUSH PRIVILEGES")
        same_routines(s.port, want_routines, "after FLUSH PRIVILEGES")
        r = run(c, "SHOW TABLES FROM mysql LIKE 'proc'")
        check(r == ("rows", []), "mysql.proc is gone once read: %r" % (r,))
        r = login(s.port, "gtr_sock", "", "SELECT 1")
        check(r[0] == "connect error", "an account pressdb cannot authenticate (unix_socket) cannot log in: %r" % (r,))
        r = run(c, "SHOW CREATE USER gtr_sock@'%'")
        check(r[0] == "rows" and r[1][0][0].endswith("ACCOUNT LOCK"), "... and is locked: %r" % (r,))
        run(c, "CREATE USER gtr_new@'%'")
        r = run(c, "SELECT COUNT(*) FROM mysql.global_priv WHERE User = 'gtr_new'")
        check(r == ("rows", [("1",)]), "the grant tables are views of the accounts again: %r" % (r,))
        s.stop()
        c = s.start()
        got = grants(c)
        check(all(w == g for (_, w), (_, g) in zip(want_grants, got)), "the accounts are the same after a restart")
        same_routines(s.port, want_routines, "after a restart")
        c.close()
        s.stop()

        s2 = Server(os.path.join(base, "b"), os.path.join(base, "b.log"))
        s2.start().close()
        restore(s2.port, text)
        s2.kill()
        c = s2.start()
        same_accounts(c, s2.port, want_grants, want_logins, "killed before FLUSH PRIVILEGES, after the next start")
        same_routines(s2.port, want_routines, "killed before FLUSH PRIVILEGES, after the next start")
        c.close()
        s2.stop()
    finally:
        for q in DROP:
            run(m, q)
        m.close()
        shutil.rmtree(base, ignore_errors=True)
    finish()


main()
