#!/usr/bin/env python3
"""Column privileges: GRANT/REVOKE priv (cols) ON db.t, their errors, SHOW GRANTS,
information_schema.COLUMN_PRIVILEGES / TABLE_PRIVILEGES / COLUMNS, mysql.columns_priv and
tables_priv, then statements run by accounts holding column grants (a role's too):
SELECT lists, WHERE, ORDER BY, GROUP BY, joins, subqueries, `*`, INSERT with and
without a column list, ON DUPLICATE KEY UPDATE, REPLACE, UPDATE SET and WHERE, DELETE,
SHOW TABLES / SHOW COLUMNS / SHOW CREATE TABLE. Every outcome (rows, affected rows, error
code and message) must be MariaDB's. FLUSH PRIVILEGES keeps them.

Normalised (tests/known_gaps.txt says why): MariaDB lists the columns of a SHOW GRANTS
privilege, and the tables with column grants, in the order of its in-memory hash;
pressdb in the order granted. The column lists are compared sorted, and rows sorted.

Then (pressdb only, its own server from PRESSDB_BIN on a temporary datadir): column
grants and their effect across a clean restart and a kill -9."""
import os, re, sys
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import PrivateServer, private_binary  # noqa: E402
from itargets import compare_runs, finish  # noqa: E402

HOST = "127.0.0.1"
DB = "t_colpriv"
failures = []


def connect(port, user="root", password="", db=None):
    return pymysql.connect(host=HOST, port=port, user=user, password=password, database=db,
                           autocommit=True, charset="utf8mb4")


def norm(v):
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return None if v is None else str(v)


def sort_cols(s):
    """`b`, `a` inside a privilege's parentheses, sorted (see the docstring)."""
    return re.sub(r"\(((?:`[^`]*`(?:, )?)+)\)",
                  lambda m: "(" + ", ".join(sorted(m.group(1).split(", "))) + ")", s)


def run(conn, sql):
    try:
        cur = conn.cursor()
        cur.execute(sql)
        if cur.description:
            rows = [tuple(norm(v) for v in r) for r in cur.fetchall()]
            if sql.startswith("SHOW GRANTS"):   # (PUBLIC's lines: Debian's MariaDB has test-database grants)
                rows = [(sort_cols(r[0]),) for r in rows if not r[0].endswith(" TO PUBLIC")]
            return ("rows", sorted(rows))
        return ("ok", cur.rowcount)
    except pymysql.err.MySQLError as e:
        return ("error",) + tuple(e.args)


SETUP = [
    "DROP DATABASE IF EXISTS %s" % DB,
    "DROP DATABASE IF EXISTS %s_v" % DB,
    "DROP USER IF EXISTS 'cp_u'@'%', 'cp_r'@'%', 'cp_none'@'%'",
    "DROP ROLE IF EXISTS cp_role",
    "CREATE DATABASE %s" % DB,
    "CREATE TABLE %s.t (a INT PRIMARY KEY, b INT, c VARCHAR(10), d INT) CHARSET utf8mb4" % DB,
    "CREATE TABLE %s.u (a INT, x INT)" % DB,
    "CREATE TABLE %s.w (z INT, y INT, x INT, zz INT, aa INT)" % DB,
    "INSERT INTO %s.t VALUES (1, 10, 'x', 100), (2, 20, 'y', 200)" % DB,
    "INSERT INTO %s.u VALUES (1, 5), (2, 6)" % DB,
    "CREATE USER 'cp_u'@'%'", "CREATE USER 'cp_r'@'%'",
    "CREATE ROLE cp_role",
    # found by review: a DEFINER view's write, UPDATE/DELETE without SELECT, keys of
    # columns not granted, wide grants
    "DROP USER IF EXISTS 'cp_x'@'%', 'cp_up'@'%'",
    "CREATE USER 'cp_x'@'%'", "CREATE USER 'cp_up'@'%'",
    # stored programs of an account holding column grants run with them, whoever calls
    "DROP USER IF EXISTS 'cp_def'@'%'", "CREATE USER 'cp_def'@'%'",
    "CREATE TABLE %s.log (a INT, c INT)" % DB,
    "CREATE DATABASE %s_v" % DB,
    "CREATE SQL SECURITY DEFINER VIEW %s_v.vd AS SELECT a, b FROM %s.t" % (DB, DB),
    "CREATE TABLE %s.k (a INT PRIMARY KEY, b INT, s VARCHAR(10), UNIQUE KEY ub (b, s), KEY ks (s), KEY kb (b), "
    "KEY kba (b, a), CONSTRAINT ck CHECK (s <> 'bad'))" % DB,
    "CREATE TABLE %s.wide (%s)" % (DB, ", ".join("c%02d_%s INT" % (i, "x" * 56) for i in range(30))),
]

# (who, statement); who None = root
GRANTS = [
    (None, "GRANT SELECT (c, a, b), INSERT (a), UPDATE (b), REFERENCES (c) ON %s.t TO 'cp_u'@'%%'" % DB),
    (None, "GRANT SELECT (a), DELETE ON %s.u TO 'cp_u'@'%%'" % DB),
    (None, "GRANT SELECT (y, z), INSERT (x, z, aa) ON %s.w TO 'cp_u'@'%%'" % DB),
    (None, "GRANT SELECT (aa) ON %s.w TO 'cp_u'@'%%'" % DB),
    (None, "GRANT SELECT (a, x) ON %s.u TO cp_role" % DB),
    (None, "GRANT cp_role TO 'cp_r'@'%'"),
    (None, "SET DEFAULT ROLE cp_role FOR 'cp_r'@'%'"),
    # errors
    (None, "GRANT SELECT (nope) ON %s.u TO 'cp_u'@'%%'" % DB),
    (None, "GRANT SELECT (a) ON %s.nope TO 'cp_u'@'%%'" % DB),
    (None, "GRANT DELETE (a) ON %s.u TO 'cp_u'@'%%'" % DB),
    (None, "GRANT ALTER (a) ON %s.u TO 'cp_u'@'%%'" % DB),
    (None, "GRANT SELECT (a) ON %s.* TO 'cp_u'@'%%'" % DB),
    (None, "GRANT SELECT (a) ON *.* TO 'cp_u'@'%'"),
    (None, "GRANT SELECT (a) ON u TO 'cp_u'@'%'"),
    (None, "GRANT REFERENCES (a) ON %s.u TO 'cp_none'@'%%'" % DB),
    (None, "REVOKE SELECT (x) ON %s.u FROM 'cp_u'@'%%'" % DB),
    (None, "REVOKE SELECT (nope) ON %s.u FROM 'cp_u'@'%%'" % DB),
    (None, "REVOKE SELECT (a) ON %s.nope FROM 'cp_u'@'%%'" % DB),
    (None, "REVOKE SELECT (a, x) ON %s.u FROM 'cp_u'@'%%'" % DB),
    (None, "REVOKE UPDATE (a) ON %s.u FROM 'cp_u'@'%%'" % DB),
    (None, "SHOW GRANTS FOR 'cp_u'@'%'"),
    (None, "SHOW GRANTS FOR cp_role"),
    (None, "SELECT * FROM information_schema.COLUMN_PRIVILEGES WHERE TABLE_SCHEMA = '%s'" % DB),
    (None, "SELECT * FROM information_schema.TABLE_PRIVILEGES WHERE TABLE_SCHEMA = '%s'" % DB),
    (None, "SELECT Host, Db, User, Table_name, Column_name, Column_priv FROM mysql.columns_priv WHERE Db = '%s'" % DB),
    (None, "SELECT Host, Db, User, Table_name, Table_priv, Column_priv FROM mysql.tables_priv WHERE Db = '%s'" % DB),
    # a table grant beside column grants; WITH GRANT OPTION; REVOKE of a table privilege
    (None, "CREATE TABLE %s.v (a INT, b INT)" % DB),
    (None, "GRANT SELECT (a) ON %s.v TO 'cp_u'@'%%' WITH GRANT OPTION" % DB),
    (None, "GRANT SELECT, INSERT (b) ON %s.v TO 'cp_u'@'%%'" % DB),
    (None, "SHOW GRANTS FOR 'cp_u'@'%'"),
    (None, "SELECT * FROM information_schema.COLUMN_PRIVILEGES WHERE TABLE_NAME = 'v'"),
    (None, "REVOKE GRANT OPTION ON %s.v FROM 'cp_u'@'%%'" % DB),
    (None, "REVOKE SELECT ON %s.v FROM 'cp_u'@'%%'" % DB),
    (None, "SHOW GRANTS FOR 'cp_u'@'%'"),
    (None, "REVOKE ALL PRIVILEGES ON %s.v FROM 'cp_u'@'%%'" % DB),
    (None, "SHOW GRANTS FOR 'cp_u'@'%'"),
    (None, "SELECT Table_name, Column_name, Column_priv FROM mysql.columns_priv WHERE Table_name = 'v'"),
    (None, "GRANT SELECT (a) ON %s.t TO 'cp_def'@'%%'" % DB),
    (None, "GRANT INSERT, SELECT, UPDATE, TRIGGER ON %s.log TO 'cp_def'@'%%'" % DB),
    (None, "GRANT EXECUTE ON %s.* TO 'cp_def'@'%%'" % DB),
    (None, "CREATE DEFINER='cp_def'@'%%' FUNCTION %s.f_secret() RETURNS INT READS SQL DATA "
           "RETURN (SELECT d FROM %s.t WHERE a = 1)" % (DB, DB)),
    (None, "CREATE DEFINER='cp_def'@'%%' PROCEDURE %s.p_secret() BEGIN DECLARE v INT; "
           "SET v = (SELECT d FROM %s.t WHERE a = 1); SELECT v; END" % (DB, DB)),
    (None, "CREATE DEFINER='cp_def'@'%%' PROCEDURE %s.p_open() SELECT a FROM %s.t ORDER BY a" % (DB, DB)),
    (None, "CREATE DEFINER='cp_def'@'%%' TRIGGER %s.log_bi BEFORE INSERT ON %s.log FOR EACH ROW "
           "SET NEW.c = (SELECT d FROM %s.t WHERE a = NEW.a)" % (DB, DB, DB)),
    (None, "SELECT %s.f_secret()" % DB),
    (None, "CALL %s.p_secret()" % DB),
    (None, "CALL %s.p_open()" % DB),
    (None, "INSERT INTO %s.log (a) VALUES (1)" % DB),
    (None, "SELECT COUNT(*) FROM %s.log" % DB),
    (None, "GRANT SELECT, INSERT ON %s_v.* TO 'cp_x'@'%%'" % DB),
    (None, "GRANT UPDATE, DELETE ON %s.t TO 'cp_up'@'%%'" % DB),
    (None, "GRANT SELECT (a, b) ON %s.k TO 'cp_u'@'%%'" % DB),
    (None, "GRANT CREATE TEMPORARY TABLES ON %s.* TO 'cp_u'@'%%'" % DB),
    (None, "GRANT SELECT (%s), INSERT (%s), UPDATE (%s), REFERENCES (%s) ON %s.wide TO 'cp_none'@'%%'" %
     tuple([", ".join("c%02d_%s" % (i, "x" * 56) for i in range(30))] * 4 + [DB])),
    (None, "SHOW GRANTS FOR 'cp_none'@'%'"),
    (None, "SHOW GRANTS FOR 'cp_none'@'%'"),
]

STEPS = [
    ("u", "SELECT a, b FROM t"),
    ("u", "SELECT * FROM t"),
    ("u", "SELECT t.* FROM t"),
    ("u", "SELECT d FROM t"),
    ("u", "SELECT a FROM t WHERE d > 1"),
    ("u", "SELECT a FROM t ORDER BY d"),
    ("u", "SELECT a FROM t GROUP BY d"),
    ("u", "SELECT d, a FROM t"),
    ("u", "SELECT a, d FROM t"),
    ("u", "SELECT d FROM t WHERE x = 1"),
    ("u", "SELECT COUNT(*) FROM t"),
    ("u", "SELECT COUNT(d) FROM t"),
    ("u", "SELECT MAX(a) FROM t"),
    ("u", "SELECT 1 FROM t"),
    ("u", "SELECT a AS d FROM t ORDER BY d"),
    ("u", "SELECT b FROM t HAVING b > 1"),
    ("u", "SELECT t.a, u.a FROM t JOIN u ON t.a = u.a"),
    ("u", "SELECT t.a FROM t JOIN u ON t.a = u.x"),
    ("u", "SELECT a FROM t JOIN u ON u.x = t.a WHERE t.d = 1"),
    ("u", "SELECT t.a FROM t, u"),
    ("u", "SELECT a FROM t WHERE a IN (SELECT a FROM u)"),
    ("u", "SELECT a FROM t WHERE a IN (SELECT x FROM u)"),
    ("u", "SELECT (SELECT MAX(d) FROM t) FROM u"),
    ("u", "SELECT a FROM t WHERE EXISTS (SELECT * FROM u)"),
    ("u", "SELECT a FROM t WHERE EXISTS (SELECT * FROM u WHERE u.x = t.a)"),
    ("u", "SELECT * FROM u"),
    ("u", "SELECT x FROM u"),
    ("u", "SELECT a, b FROM w"),
    ("u", "SELECT z, aa FROM w"),
    ("u", "SELECT * FROM w"),
    ("u", "INSERT INTO t (a) VALUES (5)"),
    ("u", "INSERT INTO t (a, b) VALUES (6, 1)"),
    ("u", "INSERT INTO t VALUES (7, 1, 'z', 2)"),
    ("u", "INSERT INTO t SET a = 8"),
    ("u", "INSERT INTO t (a) SELECT a + 100 FROM u"),
    ("u", "INSERT INTO t (a) SELECT d FROM t"),
    ("u", "INSERT INTO t (a) VALUES (5) ON DUPLICATE KEY UPDATE b = 1"),
    ("u", "INSERT INTO w (x, z) VALUES (1, 2) ON DUPLICATE KEY UPDATE x = 1"),
    ("u", "INSERT INTO w (aa) VALUES (1)"),
    ("u", "INSERT INTO w (y) VALUES (1)"),
    ("u", "INSERT INTO w (y, zz) VALUES (1, 1)"),
    ("u", "REPLACE INTO t (a) VALUES (5)"),
    ("u", "UPDATE t SET b = 1"),
    ("u", "UPDATE t SET b = 1 WHERE a = 1"),
    ("u", "UPDATE t SET b = 1 WHERE d = 1"),
    ("u", "UPDATE t SET b = a + 1 WHERE a = 1"),
    ("u", "UPDATE t SET b = b + 1 WHERE a = 1"),
    ("u", "UPDATE t SET b = d WHERE a = 1"),
    ("u", "UPDATE t SET c = 'q' WHERE a = 1"),
    ("u", "UPDATE t SET c = 'q' WHERE d = 1"),
    ("u", "UPDATE t SET b = d, c = 'q' WHERE a = 1"),
    ("u", "UPDATE t SET b = 2 ORDER BY d LIMIT 1"),
    ("u", "UPDATE u SET a = 1 WHERE a = 99"),
    ("u", "DELETE FROM t WHERE a = 5"),
    ("u", "DELETE FROM u WHERE a = 99"),
    ("u", "DELETE FROM u WHERE x = 99"),
    ("u", "SHOW TABLES"),
    ("u", "SHOW COLUMNS FROM t"),
    ("u", "SHOW COLUMNS FROM w"),
    ("u", "DESCRIBE u"),
    ("u", "SHOW FULL COLUMNS FROM t"),
    ("u", "SHOW CREATE TABLE t"),
    ("u", "SELECT table_name FROM information_schema.tables WHERE table_schema = '%s'" % DB),
    ("u", "SELECT table_name, column_name, privileges FROM information_schema.columns WHERE table_schema = '%s'" % DB),
    ("u", "SELECT * FROM information_schema.COLUMN_PRIVILEGES"),
    ("u", "SELECT * FROM information_schema.TABLE_PRIVILEGES"),
    ("u", "SHOW GRANTS"),
    ("u", "SELECT a, b FROM t ORDER BY a"),
    # an EXISTS's `*` reads none of its columns, but HAVING, GROUP BY and ORDER BY do
    ("u", "SELECT a FROM u WHERE EXISTS (SELECT * FROM t WHERE t.a = u.a GROUP BY a HAVING MAX(d) > 0)"),
    ("u", "SELECT a FROM u WHERE EXISTS (SELECT * FROM t HAVING MAX(d) > 0)"),
    ("u", "SELECT a FROM u WHERE EXISTS (SELECT *, d AS dd FROM t HAVING dd > 0)"),
    ("u", "SELECT a FROM u WHERE EXISTS (SELECT * FROM t ORDER BY d)"),
    # a write through a DEFINER view lends the definer's rights to the view's table only
    ("x", "INSERT INTO %s_v.vd (a, b) SELECT a + 100, d FROM %s.t" % (DB, DB)),
    ("x", "INSERT INTO %s_v.vd (a, b) VALUES (500, (SELECT d FROM %s.t WHERE a = 1))" % (DB, DB)),
    ("x", "INSERT INTO %s_v.vd (a, b) VALUES (501, 1)" % DB),
    ("x", "UPDATE %s_v.vd SET b = 2 WHERE a = 501" % DB),
    ("x", "SELECT * FROM %s_v.vd WHERE a > 100" % DB),
    # UPDATE and DELETE read columns: SELECT is needed, column grants or not
    ("up", "UPDATE t SET b = b WHERE d > 1"),
    ("up", "UPDATE t SET b = d WHERE a = 1"),
    ("up", "UPDATE t SET b = 1"),
    ("up", "DELETE FROM t WHERE d = 99"),
    ("up", "DELETE FROM t WHERE a IN (SELECT a FROM t WHERE d > 0)"),
    # multi-table statements through column grants
    ("u", "UPDATE t, u SET t.b = u.a WHERE t.a = u.a"),
    ("u", "UPDATE t, u SET t.c = 'z' WHERE t.a = u.a"),
    ("u", "UPDATE t, u SET t.b = t.d WHERE t.a = u.a"),
    ("u", "DELETE u FROM u JOIN t ON u.a = t.a WHERE t.b = 999"),
    ("u", "DELETE u FROM u JOIN t ON u.a = t.a WHERE t.d = 999"),
    ("u", "CHECK TABLE t"),
    # keys and constraints of a table reached through column grants alone
    ("u", "SHOW INDEX FROM k"),
    ("u", "SELECT index_name, seq_in_index, column_name FROM information_schema.STATISTICS WHERE table_schema = '%s' AND table_name = 'k'" % DB),
    ("u", "SELECT constraint_name, column_name FROM information_schema.KEY_COLUMN_USAGE WHERE table_schema = '%s' AND table_name = 'k'" % DB),
    ("u", "SELECT constraint_name FROM information_schema.TABLE_CONSTRAINTS WHERE table_schema = '%s' AND table_name = 'k'" % DB),
    ("u", "SELECT constraint_name FROM information_schema.CHECK_CONSTRAINTS WHERE constraint_schema = '%s' AND table_name = 'k'" % DB),
    # a temporary table of the same name hides nothing of the table's columns
    ("u", "CREATE TEMPORARY TABLE k (z INT)"),
    ("u", "SELECT column_name FROM information_schema.COLUMNS WHERE table_schema = '%s' AND table_name = 'k'" % DB),
    ("u", "DROP TEMPORARY TABLE k"),
    # the role's column grants, through the default role
    ("r", "SELECT a, x FROM u"),
    ("r", "SELECT * FROM u"),
    ("r", "SELECT a FROM t"),
    ("r", "SHOW TABLES"),
    # a grant made while connected applies at the next statement; a revoke likewise
    (None, "GRANT SELECT (d) ON %s.t TO 'cp_u'@'%%'" % DB),
    ("u", "SELECT * FROM t"),
    (None, "REVOKE SELECT (d) ON %s.t FROM 'cp_u'@'%%'" % DB),
    ("u", "SELECT d FROM t"),
    (None, "FLUSH PRIVILEGES"),
    (None, "SHOW GRANTS FOR 'cp_u'@'%'"),
    ("u", "SELECT a, b, c FROM t ORDER BY a"),
    ("u", "SELECT d FROM t"),
]

DROP = ["DROP DATABASE IF EXISTS %s" % DB, "DROP DATABASE IF EXISTS %s_v" % DB,
        "DROP USER IF EXISTS 'cp_u'@'%', 'cp_r'@'%', 'cp_none'@'%', 'cp_x'@'%', 'cp_up'@'%', 'cp_def'@'%'",
        "DROP ROLE IF EXISTS cp_role"]


def scenario(port):
    out = []
    root = connect(port)
    for q in SETUP:
        r = run(root, q)
        if r[0] == "error":
            raise RuntimeError("setup failed: %s: %r" % (q, r))
    for _, q in GRANTS:
        out.append(("root: " + q, run(root, q)))
    conns = {"u": connect(port, "cp_u", "", DB), "r": connect(port, "cp_r", "", DB),
             "x": connect(port, "cp_x"), "up": connect(port, "cp_up", "", DB)}
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

STATE = [
    (None, "SHOW GRANTS FOR 'cp_u'@'%'"),
    (None, "SHOW GRANTS FOR cp_role"),
    (None, "SELECT * FROM information_schema.COLUMN_PRIVILEGES WHERE TABLE_SCHEMA = '%s'" % DB),
    ("u", "SELECT a, b, c FROM %s.t" % DB),
    ("u", "SELECT d FROM %s.t" % DB),
    ("u", "SELECT * FROM %s.t" % DB),
    ("u", "INSERT INTO %s.t (a, b) VALUES (9, 9)" % DB),
    ("u", "SHOW COLUMNS FROM %s.t" % DB),
    ("r", "SELECT a, x FROM %s.u" % DB),
]


def state(port):
    root = connect(port)
    users = {"u": connect(port, "cp_u"), "r": connect(port, "cp_r")}
    out = [(who, q, run(root if who is None else users[who], q)) for who, q in STATE]
    for c in list(users.values()) + [root]:
        c.close()
    return out


def restart_case():
    binary = private_binary()
    if not binary:
        return
    with PrivateServer(binary, "pressdb-colpriv-", connect, failures, HOST) as srv:
        root = connect(srv.port)
        for q in SETUP + [q for _, q in GRANTS[:7]]:
            r = run(root, q)
            if r[0] == "error":
                raise RuntimeError("%s: %r" % (q, r))
        root.close()
        before = state(srv.port)
        for how in ("clean restart", "kill -9"):
            after = state(srv.restart(how))
            for (who, q, b), (_, _, a) in zip(before, after):
                if a != b and not q.startswith("INSERT"):
                    failures.append("after %s: %s: %s\n    before: %r\n    after:  %r" % (how, who or "root", q, b, a))
        print("restart: %d statements checked after a clean restart and a kill -9" % (2 * len(STATE)))


def main():
    compare()
    restart_case()
    finish(failures)


main()
