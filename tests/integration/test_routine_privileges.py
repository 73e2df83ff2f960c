#!/usr/bin/env python3
"""Routine privileges: GRANT/REVOKE EXECUTE, ALTER ROUTINE, GRANT OPTION ON PROCEDURE /
FUNCTION db.r to accounts and roles, their errors (1144, 1305, 1403, 1370, 1064),
SHOW GRANTS, mysql.procs_priv, then statements run by accounts holding them: CALL and
stored function calls allowed and denied, ALTER / DROP, GRANT by an account with GRANT
OPTION on a routine, MariaDB's automatic_sp_privileges (the creator of a routine gets
EXECUTE and ALTER ROUTINE on it unless it has both; DROP takes every grant on it away),
a role's routine grants, SHOW CREATE PROCEDURE / SHOW PROCEDURE STATUS / information_
schema.ROUTINES as such accounts see them (the text NULL unless definer), USE and
FLUSH PRIVILEGES. Every outcome (rows, affected rows, error code and message) must be
MariaDB's.

Normalised (tests/known_gaps.txt says why): MariaDB lists the routine lines of SHOW
GRANTS, and the rows of mysql.procs_priv, in the order of its in-memory hash and its
table; pressdb in the order granted. Rows are compared sorted. Debian's MariaDB gives
PUBLIC grants on `test` databases: those lines are left out.

Then (pressdb only, its own server from PRESSDB_BIN on a temporary datadir): routine
grants and their effect across a clean restart and a kill -9."""
import os, sys
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import PrivateServer, private_binary  # noqa: E402
from itargets import compare_runs, finish  # noqa: E402

HOST = "127.0.0.1"
DB = "t_procpriv"
USERS = "'pp_u'@'%', 'pp_r'@'%', 'pp_c'@'%', 'pp_e'@'%', 'pp_n'@'%'"
failures = []


def connect(port, user="root", password="", db=None):
    return pymysql.connect(host=HOST, port=port, user=user, password=password, database=db,
                           autocommit=True, charset="utf8mb4")


def norm(v):
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return None if v is None else str(v)


def run(conn, sql):
    try:
        cur = conn.cursor()
        cur.execute(sql)
        if cur.description:
            rows = [tuple(norm(v) for v in r) for r in cur.fetchall()]
            if sql.startswith("SHOW GRANTS"):   # (Debian's MariaDB: PUBLIC's test-database grants)
                rows = [r for r in rows if " ON `test" not in r[0]]
            if sql.startswith("SHOW PROCEDURE STATUS") or sql.startswith("SHOW FUNCTION STATUS"):
                rows = [r[:4] + r[6:] for r in rows]   # (not the times)
            return ("rows", sorted(rows, key=lambda r: tuple("" if v is None else v for v in r)))
        return ("ok", cur.rowcount)
    except pymysql.err.MySQLError as e:
        return ("error",) + tuple(e.args)


SETUP = [
    "DROP DATABASE IF EXISTS %s" % DB,
    "DROP USER IF EXISTS " + USERS,
    "DROP ROLE IF EXISTS pp_role",
    "DROP ROLE IF EXISTS pp_role2",
    "CREATE DATABASE %s CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci" % DB,
    "CREATE TABLE %s.t (a INT)" % DB,
    "INSERT INTO %s.t VALUES (1), (2)" % DB,
    "CREATE PROCEDURE %s.p() SELECT COUNT(*) AS n FROM t" % DB,
    "CREATE PROCEDURE %s.q(IN x INT) SELECT x + 1 AS y" % DB,
    "CREATE FUNCTION %s.f() RETURNS INT RETURN 7" % DB,
    "CREATE FUNCTION %s.g(x INT) RETURNS INT RETURN x * 2" % DB,
    "CREATE USER 'pp_u'@'%'", "CREATE USER 'pp_r'@'%'", "CREATE USER 'pp_c'@'%'", "CREATE USER 'pp_e'@'%'",
    "CREATE USER 'pp_n'@'%'",
    "CREATE ROLE pp_role", "CREATE ROLE pp_role2",
]

# (who, statement); who None = root
GRANTS = [
    (None, "GRANT EXECUTE ON PROCEDURE %s.p TO 'pp_u'@'%%'" % DB),
    (None, "GRANT EXECUTE, ALTER ROUTINE ON FUNCTION %s.F TO 'pp_u'@'%%' WITH GRANT OPTION" % DB),
    (None, "GRANT ALTER ROUTINE ON PROCEDURE %s.q TO 'pp_u'@'%%'" % DB),
    (None, "GRANT ALL PRIVILEGES ON FUNCTION %s.g TO 'pp_n'@'%%'" % DB),
    (None, "GRANT USAGE ON PROCEDURE %s.q TO 'pp_n'@'%%'" % DB),
    (None, "GRANT GRANT OPTION ON PROCEDURE %s.p TO 'pp_n'@'%%'" % DB),
    (None, "GRANT EXECUTE ON PROCEDURE %s.p TO pp_role" % DB),
    (None, "GRANT EXECUTE ON FUNCTION %s.f TO pp_role2" % DB),
    (None, "GRANT pp_role2 TO pp_role"),
    (None, "GRANT pp_role TO 'pp_r'@'%'"),
    (None, "GRANT CREATE ROUTINE ON %s.* TO 'pp_c'@'%%'" % DB),
    (None, "GRANT CREATE ROUTINE, EXECUTE ON %s.* TO 'pp_e'@'%%'" % DB),
    # errors
    (None, "GRANT EXECUTE ON PROCEDURE %s.nope TO 'pp_u'@'%%'" % DB),
    (None, "GRANT EXECUTE ON FUNCTION %s.p TO 'pp_u'@'%%'" % DB),
    (None, "GRANT EXECUTE ON PROCEDURE nodb.p TO 'pp_u'@'%'"),
    (None, "GRANT SELECT ON PROCEDURE %s.p TO 'pp_u'@'%%'" % DB),
    (None, "GRANT SELECT ON PROCEDURE %s.nope TO 'pp_u'@'%%'" % DB),
    (None, "GRANT DROP, EXECUTE ON PROCEDURE %s.p TO 'pp_u'@'%%'" % DB),
    (None, "GRANT CREATE ROUTINE ON PROCEDURE %s.p TO 'pp_u'@'%%'" % DB),
    (None, "GRANT EXECUTE ON PROCEDURE %s.* TO 'pp_u'@'%%'" % DB),
    (None, "GRANT EXECUTE ON PROCEDURE *.* TO 'pp_u'@'%'"),
    (None, "GRANT EXECUTE (a) ON PROCEDURE %s.p TO 'pp_u'@'%%'" % DB),
    (None, "GRANT SELECT (a) ON PROCEDURE %s.p TO 'pp_u'@'%%'" % DB),
    (None, "GRANT EXECUTE ON PACKAGE %s.p TO 'pp_u'@'%%'" % DB),
    (None, "GRANT EXECUTE ON PACKAGE BODY %s.p TO 'pp_u'@'%%'" % DB),
    (None, "GRANT EXECUTE ON PROCEDURE %s.p TO 'pp_nobody'@'%%'" % DB),
    (None, "REVOKE EXECUTE ON PROCEDURE %s.nope FROM 'pp_u'@'%%'" % DB),
    (None, "REVOKE EXECUTE ON FUNCTION %s.p FROM 'pp_u'@'%%'" % DB),
    (None, "REVOKE EXECUTE ON PROCEDURE %s.q FROM 'pp_n'@'%%'" % DB),
    (None, "REVOKE EXECUTE ON PROCEDURE %s.p FROM pp_role2" % DB),
    (None, "REVOKE SELECT ON PROCEDURE %s.p FROM 'pp_u'@'%%'" % DB),
    (None, "REVOKE EXECUTE ON PROCEDURE %s.p FROM 'pp_nobody'@'%%'" % DB),
    (None, "SHOW GRANTS FOR 'pp_u'@'%'"),
    (None, "SHOW GRANTS FOR 'pp_n'@'%'"),
    (None, "SHOW GRANTS FOR pp_role"),
    (None, "SHOW GRANTS FOR pp_role2"),
    (None, "SELECT Host, Db, User, Routine_name, Routine_type, Grantor, Proc_priv FROM mysql.procs_priv "
           "WHERE Db = '%s'" % DB),
    # REVOKE of part of a grant, of GRANT OPTION, of ALL
    (None, "REVOKE GRANT OPTION ON FUNCTION %s.f FROM 'pp_u'@'%%'" % DB),
    (None, "REVOKE ALTER ROUTINE ON FUNCTION %s.f FROM 'pp_u'@'%%'" % DB),
    (None, "REVOKE ALL PRIVILEGES ON FUNCTION %s.g FROM 'pp_n'@'%%'" % DB),
    (None, "REVOKE ALL PRIVILEGES ON FUNCTION %s.g FROM 'pp_n'@'%%'" % DB),
    (None, "SHOW GRANTS FOR 'pp_u'@'%'"),
    (None, "SHOW GRANTS FOR 'pp_n'@'%'"),
    (None, "SELECT User, Routine_name, Routine_type, Proc_priv FROM mysql.procs_priv WHERE Db = '%s'" % DB),
]

STEPS = [
    ("u", "CALL p()"),
    ("u", "SELECT f()"),
    ("u", "SELECT %s.f()" % DB),
    ("u", "CALL q(1)"),
    ("u", "SELECT g(1)"),
    ("u", "SELECT f() FROM t"),
    ("u", "CALL nope()"),
    ("u", "SHOW CREATE PROCEDURE p"),
    ("u", "SHOW CREATE FUNCTION f"),
    ("u", "SHOW CREATE FUNCTION g"),
    ("u", "SHOW PROCEDURE STATUS WHERE Db = '%s'" % DB),
    ("u", "SHOW FUNCTION STATUS WHERE Db = '%s'" % DB),
    ("u", "SELECT ROUTINE_NAME, ROUTINE_TYPE, ROUTINE_DEFINITION, DEFINER FROM information_schema.ROUTINES"),
    ("u", "SELECT SPECIFIC_NAME, ORDINAL_POSITION, PARAMETER_NAME FROM information_schema.PARAMETERS"),
    ("u", "SHOW GRANTS"),
    ("u", "SELECT * FROM t"),
    ("u", "ALTER PROCEDURE p COMMENT 'x'"),
    ("u", "ALTER PROCEDURE q COMMENT 'x'"),
    ("u", "DROP PROCEDURE nope"),
    ("u", "DROP PROCEDURE IF EXISTS nope"),
    ("u", "SELECT * FROM mysql.procs_priv"),
    # GRANT by accounts: pp_u's EXECUTE on f lost its GRANT OPTION; pp_n has GRANT OPTION only on p
    ("u", "GRANT EXECUTE ON FUNCTION f TO 'pp_n'@'%'"),
    ("n", "GRANT EXECUTE ON PROCEDURE p TO 'pp_u'@'%'"),
    ("n", "GRANT GRANT OPTION ON PROCEDURE p TO 'pp_u'@'%'"),
    ("n", "GRANT EXECUTE ON PROCEDURE nope TO 'pp_u'@'%'"),
    ("n", "REVOKE EXECUTE ON PROCEDURE p FROM 'pp_u'@'%'"),
    ("n", "CALL p()"),
    ("n", "SHOW CREATE PROCEDURE p"),
    ("n", "SHOW CREATE PROCEDURE q"),
    (None, "GRANT EXECUTE ON PROCEDURE %s.p TO 'pp_n'@'%%'" % DB),
    ("n", "GRANT EXECUTE ON PROCEDURE p TO 'pp_u'@'%'"),
    ("n", "CALL p()"),
    (None, "SHOW GRANTS FOR 'pp_u'@'%'"),
    # the role's grants, through SET ROLE
    ("r", "CALL %s.p()" % DB),
    ("r", "SET ROLE pp_role"),
    ("r", "CALL %s.p()" % DB),
    ("r", "SELECT %s.f()" % DB),
    ("r", "SELECT %s.g(2)" % DB),
    ("r", "SHOW GRANTS"),
    ("r", "SELECT ROUTINE_NAME, ROUTINE_DEFINITION FROM information_schema.ROUTINES"),
    ("r", "USE %s" % DB),
    ("r", "DROP FUNCTION f"),
    # automatic_sp_privileges: pp_c has CREATE ROUTINE only, pp_e EXECUTE too
    ("c", "CREATE PROCEDURE pc() SELECT 1 AS one"),
    ("c", "CREATE FUNCTION fc() RETURNS INT RETURN 3"),
    ("e", "CREATE PROCEDURE pe() SELECT 2 AS two"),
    ("c", "CREATE DEFINER = root@localhost PROCEDURE pd() SELECT 1"),
    (None, "SHOW GRANTS FOR 'pp_c'@'%'"),
    (None, "SHOW GRANTS FOR 'pp_e'@'%'"),
    (None, "SELECT User, Host, Routine_name, Routine_type, Grantor, Proc_priv FROM mysql.procs_priv WHERE Db = '%s'" % DB),
    ("c", "CALL pc()"),
    ("c", "SELECT fc()"),
    ("c", "SHOW CREATE PROCEDURE pc"),
    ("c", "SHOW CREATE PROCEDURE p"),
    ("c", "SELECT ROUTINE_NAME, ROUTINE_DEFINITION FROM information_schema.ROUTINES"),
    ("c", "ALTER PROCEDURE pc COMMENT 'mine'"),
    ("c", "CALL p()"),
    ("e", "CALL p()"),
    ("e", "DROP PROCEDURE p"),
    (None, "GRANT EXECUTE ON FUNCTION %s.fc TO 'pp_u'@'%%'" % DB),
    ("u", "SELECT fc()"),
    ("c", "DROP PROCEDURE pc"),
    ("c", "DROP FUNCTION fc"),
    ("c", "CALL pc()"),
    ("u", "SELECT fc()"),
    (None, "SHOW GRANTS FOR 'pp_c'@'%'"),
    (None, "SHOW GRANTS FOR 'pp_u'@'%'"),
    (None, "SELECT User, Routine_name, Routine_type, Proc_priv FROM mysql.procs_priv WHERE Db = '%s'" % DB),
    # a REVOKE made while connected applies at the next statement
    (None, "REVOKE EXECUTE ON PROCEDURE %s.p FROM 'pp_u'@'%%'" % DB),
    ("u", "CALL p()"),
    (None, "GRANT EXECUTE ON PROCEDURE %s.p TO 'pp_u'@'%%'" % DB),
    ("u", "CALL p()"),
    (None, "FLUSH PRIVILEGES"),
    (None, "SHOW GRANTS FOR 'pp_u'@'%'"),
    ("u", "CALL p()"),
    ("u", "ALTER PROCEDURE q COMMENT 'y'"),
    ("u", "DROP PROCEDURE q"),
    (None, "SELECT User, Routine_name, Routine_type, Proc_priv FROM mysql.procs_priv WHERE Db = '%s'" % DB),
    # gone with the account
    (None, "DROP USER 'pp_n'@'%'"),
    (None, "DROP ROLE pp_role2"),
    (None, "SELECT User, Routine_name, Routine_type, Proc_priv FROM mysql.procs_priv WHERE Db = '%s'" % DB),
]

DROP = ["DROP DATABASE IF EXISTS %s" % DB, "DROP USER IF EXISTS " + USERS,
        "DROP ROLE IF EXISTS pp_role", "DROP ROLE IF EXISTS pp_role2"]


def scenario(port):
    out = []
    root = connect(port)
    for q in SETUP:
        r = run(root, q)
        if r[0] == "error":
            raise RuntimeError("setup failed: %s: %r" % (q, r))
    for _, q in GRANTS:
        out.append(("root: " + q, run(root, q)))
    names = {"u": "pp_u", "r": "pp_r", "c": "pp_c", "e": "pp_e", "n": "pp_n"}
    conns = {k: connect(port, v, "", None if k == "r" else DB) for k, v in names.items()}   # (pp_r: only a role)
    for who, q in STEPS:
        c = root if who is None else conns[who]
        out.append(("%s: %s" % (who or "root", q), run(c, q)))
    for c in conns.values():
        c.close()
    for q in DROP:
        run(root, q)
    root.close()
    return out


def compare():
    compare_runs(scenario, failures)


# ------------------------------------------------------------------ restart

RESTART_SETUP = [
    (None, "GRANT EXECUTE ON PROCEDURE %s.p TO 'pp_u'@'%%'" % DB),
    (None, "GRANT EXECUTE, ALTER ROUTINE ON FUNCTION %s.f TO 'pp_u'@'%%' WITH GRANT OPTION" % DB),
    (None, "GRANT EXECUTE ON PROCEDURE %s.q TO pp_role" % DB),
    (None, "GRANT pp_role TO 'pp_r'@'%'"),
    (None, "SET DEFAULT ROLE pp_role FOR 'pp_r'@'%'"),
    (None, "GRANT CREATE ROUTINE ON %s.* TO 'pp_c'@'%%'" % DB),
    ("c", "CREATE PROCEDURE %s.pc() SELECT 1 AS one" % DB),
]

STATE = [
    (None, "SHOW GRANTS FOR 'pp_u'@'%'"),
    (None, "SHOW GRANTS FOR 'pp_c'@'%'"),
    (None, "SHOW GRANTS FOR pp_role"),
    (None, "SELECT Host, Db, User, Routine_name, Routine_type, Grantor, Proc_priv FROM mysql.procs_priv"),
    ("u", "CALL %s.p()" % DB),
    ("u", "SELECT %s.f()" % DB),
    ("r", "CALL %s.q(1)" % DB),
    ("c", "CALL %s.pc()" % DB),
    ("c", "SHOW CREATE PROCEDURE %s.pc" % DB),
]


def state(port):
    root = connect(port)
    users = {"u": connect(port, "pp_u"), "r": connect(port, "pp_r"), "c": connect(port, "pp_c")}
    out = [(who, q, run(root if who is None else users[who], q)) for who, q in STATE]
    for c in list(users.values()) + [root]:
        c.close()
    return out


def restart_case():
    binary = private_binary()
    if not binary:
        return
    with PrivateServer(binary, 'pressdb-procpriv-', connect, failures, HOST) as srv:
        port = srv.port
        root = connect(port)
        for q in SETUP:
            r = run(root, q)
            if r[0] == "error":
                raise RuntimeError("%s: %r" % (q, r))
        c = connect(port, "pp_c")
        for who, q in RESTART_SETUP:
            r = run(root if who is None else c, q)
            if r[0] == "error":
                raise RuntimeError("%s: %r" % (q, r))
        c.close()
        root.close()
        before = state(port)
        bad = [(q, r) for who, q, r in before if who and r[0] == "error"]
        if bad:
            failures.append("before the restart: %r" % (bad,))
        for how in ("clean restart", "kill -9"):
            port = srv.restart(how)
            after = state(port)
            for (who, q, b), (_, _, a) in zip(before, after):
                if a != b:
                    failures.append("after %s: %s: %s\n    before: %r\n    after:  %r" % (how, who or "root", q, b, a))
        print("restart: %d statements checked after a clean restart and a kill -9" % (2 * len(STATE)))
        upgrade_case(srv, before)


def upgrade_case(srv, before):
    """A data directory from before routine grants: its accounts file has no \\S (routine
    grant) and no \\V line. The start gives pp_c, definer of pc, the grants creating pc gives
    (as before), once: revoked afterwards, they stay revoked across a restart."""
    srv.stop()
    path = os.path.join(srv.datadir, "accounts")
    with open(path) as f:
        lines = f.read().splitlines(True)
    with open(path, "w") as f:
        f.writelines(l for l in lines if not l.startswith(("\\S\t", "\\V\t")))
    port = srv.start()
    after = state(port)
    mine = [i for i, (who, q) in enumerate(STATE) if who == "c" or "pp_c" in q]
    for i in mine:
        if after[i][2] != before[i][2]:
            failures.append("upgrade: %s\n    before: %r\n    after:  %r" % (STATE[i][1], before[i][2], after[i][2]))
    rows = after[3][2]   # (the Grantor is the definer: the client's host at CREATE is not kept)
    want = [r[:5] + ("pp_c@%",) + r[6:] for r in before[3][2][1] if r[3] == "pc"]
    if rows[0] != "rows" or rows[1] != want:
        failures.append("upgrade: mysql.procs_priv %r, want %r" % (rows, want))
    root = connect(port)
    run(root, "REVOKE EXECUTE, ALTER ROUTINE ON PROCEDURE %s.pc FROM 'pp_c'@'%%'" % DB)
    root.close()
    port = srv.restart("clean restart")
    c = connect(port, "pp_c")
    r = run(c, "CALL %s.pc()" % DB)
    c.close()
    if r[:2] != ("error", 1370):
        failures.append("upgrade: the revoked grant came back at the next start: CALL gave %r" % (r,))
    print("upgrade: %d statements of the routine's definer equal after the accounts' upgrade" % len(mine))


def main():
    compare()
    restart_case()
    finish(failures)


main()
