#!/usr/bin/env python3
"""Privileges: accounts with narrow GRANTs connect to MariaDB and to pressdb and run the
same statements; every outcome (rows, affected rows, error code and message) must be
the same on both. Covers: ALL on one database (1044 on other databases at connect, USE,
COM_INIT_DB and CREATE/DROP DATABASE; 1142 on their tables; SHOW DATABASES, SHOW TABLES
and information_schema list only what is permitted), SELECT-only accounts, table grants,
global grants, REVOKE and GRANT taking effect on open connections, WITH GRANT OPTION,
SHOW GRANTS, SHOW CREATE USER, CURRENT_USER(), roles (a default role at login, a role
granted to a role, SET ROLE, WITH ADMIN OPTION), PUBLIC (grants to it and to a role
granted to it apply to every account), and root being unaffected. Accounts and
roles go through `mariadb-dump --system=users` from MariaDB into pressdb and back, and
must come out as they went in.

Then (pressdb only, its own server from PRESSDB_BIN on a temporary datadir): grants,
CREATE TABLE ... SELECT and temporary tables across a clean restart and a kill -9; what
comes back is compared with what the server said before the restart."""
import os, subprocess, sys
import struct
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import PrivateServer, private_binary  # noqa: E402
from itargets import compare_runs, targets, finish  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_protocol_commands import Conn, native, describe  # noqa: E402

HOST = "127.0.0.1"
DBA, DBB = "pt_wordpress", "pt_other"

failures = []


def connect(port, user="root", password="", db=None):
    return pymysql.connect(host=HOST, port=port, user=user, password=password, database=db,
                           autocommit=True, charset="utf8mb4")


def norm(v):
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return None if v is None else str(v)


def run(conn, sql):
    """The outcome of one statement: rows (sorted) or the error."""
    try:
        cur = conn.cursor()
        cur.execute(sql)
        if cur.description:
            return ("rows", sorted(tuple(norm(v) for v in r) for r in cur.fetchall()))
        return ("ok", cur.rowcount)
    except pymysql.err.MySQLError as e:
        return ("error",) + tuple(e.args)


def try_connect(port, user, password, db=None):
    try:
        c = connect(port, user, password, db)
        out = run(c, "SELECT CURRENT_USER(), DATABASE()")
        c.close()
        return out
    except pymysql.err.MySQLError as e:
        return ("error",) + tuple(e.args)


SETUP = [
    "DROP DATABASE IF EXISTS %s" % DBA, "DROP DATABASE IF EXISTS %s" % DBB,
    "DROP USER IF EXISTS 'pt_wp'@'localhost', 'pt_ro'@'%', 'pt_tab'@'%', 'pt_glob'@'%', 'pt_gr'@'localhost', 'pt_alt'@'localhost'",
    "CREATE DATABASE %s" % DBA, "CREATE DATABASE %s" % DBB,
    "CREATE TABLE %s.posts (id INT PRIMARY KEY, title VARCHAR(20))" % DBA,
    "INSERT INTO %s.posts VALUES (1, 'hello'), (2, 'world')" % DBA,
    "CREATE TABLE %s.secret (id INT PRIMARY KEY, v VARCHAR(20))" % DBB,
    "INSERT INTO %s.secret VALUES (1, 'x')" % DBB,
    "CREATE TABLE %s.open (id INT PRIMARY KEY, v VARCHAR(20))" % DBB,
    "CREATE USER 'pt_wp'@'localhost' IDENTIFIED BY 'wp-pass'",
    "GRANT ALL ON %s.* TO 'pt_wp'@'localhost'" % DBA,
    "CREATE USER 'pt_ro'@'%' IDENTIFIED BY 'ro-pass'",
    "GRANT SELECT ON %s.* TO 'pt_ro'@'%%'" % DBA,
    "CREATE USER 'pt_tab'@'%' IDENTIFIED BY 'tab-pass'",
    "GRANT SELECT, INSERT ON %s.open TO 'pt_tab'@'%%'" % DBB,
    "CREATE USER 'pt_glob'@'%' IDENTIFIED BY 'glob-pass'",
    "GRANT SELECT ON *.* TO 'pt_glob'@'%'",
    "CREATE USER 'pt_gr'@'localhost' IDENTIFIED BY 'gr-pass'",
    "GRANT SELECT, INSERT ON %s.* TO 'pt_gr'@'localhost' WITH GRANT OPTION" % DBA,
    "CREATE USER 'pt_alt'@'localhost' IDENTIFIED BY 'alt-pass'",
    "GRANT ALTER ON %s.* TO 'pt_alt'@'localhost'" % DBA,
    "CREATE TABLE %s.alt1 (a INT)" % DBA,
    # roles: pt_reader (with pt_writer granted to it) is pt_rl's default role; pt_rm has
    # it WITH ADMIN OPTION, not enabled
    "DROP USER IF EXISTS 'pt_rl'@'localhost', 'pt_rm'@'localhost'",
    "DROP ROLE IF EXISTS pt_reader", "DROP ROLE IF EXISTS pt_writer", "DROP ROLE IF EXISTS pt_pubrole",
    "CREATE ROLE pt_reader, pt_writer",
    "GRANT SELECT ON %s.* TO pt_reader" % DBA,
    "GRANT INSERT, UPDATE ON %s.posts TO pt_writer" % DBA,
    "GRANT pt_writer TO pt_reader",
    "CREATE USER 'pt_rl'@'localhost' IDENTIFIED BY 'rl-pass'",
    "GRANT pt_reader TO 'pt_rl'@'localhost'",
    "SET DEFAULT ROLE pt_reader FOR 'pt_rl'@'localhost'",
    "CREATE USER 'pt_rm'@'localhost' IDENTIFIED BY 'rm-pass'",
    "GRANT pt_reader TO 'pt_rm'@'localhost' WITH ADMIN OPTION",
]

# (account, statement); account None = root
A, B = DBA, DBB
STEPS = [
    ("wp", "SELECT CURRENT_USER(), USER()"),
    ("wp", "SHOW DATABASES LIKE 'pt\\_%'"),
    ("wp", "SELECT User FROM mysql.user WHERE User = 'pt_wp'"),   # (password hashes)
    ("wp", "SET sql_log_off = ON"),                               # (hiding from the general log)
    ("wp", "SET SESSION sql_log_bin = 0"),
    ("wp", "SET @sql_log_off = 1"),
    ("wp", "SELECT COUNT(*) FROM (SELECT Db FROM mysql.db) d"),
    ("wp", "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE 'pt\\_%'"),
    ("wp", "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema LIKE 'pt\\_%'"),
    ("wp", "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema LIKE 'pt\\_%'"),
    ("wp", "USE %s" % B),
    ("wp", "USE %s" % A),
    ("wp", "SHOW TABLES"),
    ("wp", "SHOW TABLES FROM %s" % B),
    ("wp", "SELECT * FROM posts"),
    ("wp", "SELECT * FROM %s.secret" % B),
    ("wp", "SELECT p.id FROM posts p JOIN %s.secret s ON s.id = p.id" % B),
    ("wp", "SELECT id FROM posts WHERE id IN (SELECT id FROM %s.secret)" % B),
    ("wp", "INSERT INTO %s.secret VALUES (2, 'y')" % B),
    ("wp", "INSERT INTO posts SELECT * FROM %s.secret" % B),
    ("wp", "UPDATE %s.secret SET v = 'z'" % B),
    ("wp", "UPDATE posts, %s.secret SET posts.title = secret.v" % B),
    ("wp", "UPDATE posts a, %s.secret b SET b.v = 'z'" % B),
    ("wp", "UPDATE posts a JOIN %s.secret b ON a.id = b.id SET a.title = 'z'" % B),
    ("wp", "UPDATE posts x, posts y SET x.title = 'same' WHERE x.id = 0"),
    ("wp", "DELETE FROM %s.secret" % B),
    ("wp", "DELETE a FROM posts a JOIN %s.secret b ON a.id = b.id" % B),
    ("wp", "DELETE b FROM posts a JOIN %s.secret b ON a.id = b.id" % B),
    ("wp", "REPLACE INTO %s.secret VALUES (1, 'r')" % B),
    ("wp", "CREATE TABLE %s.x (a INT)" % B),
    ("wp", "CREATE TABLE %s.x SELECT 1 AS a" % B),
    ("wp", "CREATE TABLE x2 SELECT * FROM %s.secret" % B),
    ("wp", "DROP TABLE %s.secret" % B),
    ("wp", "ALTER TABLE %s.secret ADD COLUMN c INT" % B),
    ("wp", "TRUNCATE TABLE %s.secret" % B),
    ("wp", "RENAME TABLE %s.secret TO %s.secret2" % (B, B)),
    ("wp", "CREATE INDEX i ON %s.secret (v)" % B),
    ("wp", "SHOW CREATE TABLE %s.secret" % B),
    ("wp", "DESCRIBE %s.secret" % B),
    ("wp", "SHOW COLUMNS FROM %s.secret" % B),
    ("wp", "CREATE DATABASE pt_new"),
    ("wp", "DROP DATABASE %s" % B),
    ("wp", "LOCK TABLES %s.secret READ" % B),
    ("wp", "CREATE USER 'pt_x'@'%'"),
    ("wp", "GRANT SELECT ON %s.* TO 'pt_ro'@'%%'" % A),
    ("wp", "FLUSH TABLES"),
    ("wp", "SET GLOBAL sql_mode = ''"),
    ("wp", "SET GLOBAL max_connections = 100"),
    ("wp", "SET @@global.wait_timeout = 100"),
    ("wp", "SET SESSION sql_mode = DEFAULT"),
    ("wp", "SHOW GRANTS"),
    ("wp", "SHOW GRANTS FOR CURRENT_USER"),
    ("wp", "SHOW GRANTS FOR 'pt_ro'@'%'"),
    # SHOW CREATE USER (mariadb-dump --system=users): one's own, another's (1044), unknown
    ("wp", "SHOW CREATE USER"),
    ("wp", "SHOW CREATE USER CURRENT_USER()"),
    ("wp", "SHOW CREATE USER 'pt_ro'@'%'"),
    (None, "SHOW CREATE USER 'pt_ro'@'%'"),
    (None, "SHOW CREATE USER 'pt_ro'"),
    (None, "SHOW CREATE USER 'pt_wp'@'localhost'"),
    (None, "SHOW CREATE USER 'pt_nosuch'@'%'"),
    # everything in its own database
    ("wp", "CREATE TABLE t1 (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(10))"),
    ("wp", "INSERT INTO t1 (v) VALUES ('a'), ('b')"),
    ("wp", "UPDATE t1 SET v = 'c' WHERE id = 2"),
    ("wp", "DELETE FROM t1 WHERE id = 1"),
    ("wp", "ALTER TABLE t1 ADD COLUMN n INT"),
    ("wp", "CREATE INDEX iv ON t1 (v)"),
    ("wp", "CREATE TABLE t2 SELECT * FROM t1"),
    ("wp", "CREATE TEMPORARY TABLE tmp1 SELECT * FROM posts"),
    ("wp", "SELECT * FROM tmp1"),
    ("wp", "RENAME TABLE t2 TO t3"),
    ("wp", "TRUNCATE TABLE t3"),
    ("wp", "DROP TABLE t3"),
    ("wp", "SELECT * FROM t1"),
    ("wp", "SHOW TABLES"),
    ("wp", "DROP TABLE t1"),
    # SELECT only
    ("ro", "SELECT CURRENT_USER()"),
    ("ro", "SELECT * FROM %s.posts" % A),
    ("ro", "INSERT INTO %s.posts VALUES (3, 'x')" % A),
    # table maintenance: ANALYZE/OPTIMIZE/REPAIR need SELECT and INSERT, CHECKSUM SELECT,
    # CHECK and the key cache statements any privilege on the table
    ("ro", "ANALYZE TABLE %s.posts" % A),
    ("ro", "OPTIMIZE TABLE %s.posts" % A),
    ("ro", "REPAIR TABLE %s.posts" % A),
    ("ro", "CHECK TABLE %s.posts" % A),
    ("ro", "CHECKSUM TABLE %s.posts" % A),
    ("ro", "CACHE INDEX %s.posts IN default" % A),
    ("ro", "LOAD INDEX INTO CACHE %s.posts" % A),
    ("ro", "ANALYZE TABLE %s.secret" % B),
    ("ro", "CHECK TABLE %s.posts, %s.secret" % (A, B)),   # (only the first table is checked)
    ("ro", "CHECK TABLE %s.secret, %s.posts" % (B, A)),
    ("ro", "CHECKSUM TABLE %s.secret" % B),
    ("ro", "CHECKSUM TABLE %s.nope" % A),
    ("ro", "CACHE INDEX %s.secret IN default" % B),
    ("ro", "LOAD INDEX INTO CACHE %s.secret" % B),
    ("ro", "LOAD INDEX INTO CACHE %s.posts, %s.secret" % (A, B)),
    ("ro", "CHECKSUM TABLE %s.posts, %s.secret" % (A, B)),
    ("tab", "ANALYZE TABLE %s.open" % B),
    ("tab", "CHECKSUM TABLE %s.open" % B),
    ("ro", "UPDATE %s.posts SET title = 'x'" % A),
    ("ro", "DELETE FROM %s.posts" % A),
    ("ro", "ANALYZE UPDATE %s.posts SET title = 'x'" % A),
    ("ro", "ANALYZE DELETE FROM %s.posts WHERE id = 99" % A),
    ("ro", "ANALYZE INSERT INTO %s.posts VALUES (3, 'x')" % A),
    ("ro", "ANALYZE SELECT title FROM %s.posts WHERE id = 1" % A),
    ("wp", "ANALYZE UPDATE %s.secret SET v = 'q'" % B),
    ("ro", "REPLACE INTO %s.posts VALUES (1, 'x')" % A),
    ("ro", "CREATE TABLE %s.z (a INT)" % A),
    ("ro", "CREATE TEMPORARY TABLE %s.z (a INT)" % A),
    ("ro", "DROP TABLE %s.posts" % A),
    ("ro", "ALTER TABLE %s.posts ADD COLUMN c INT" % A),
    ("ro", "TRUNCATE TABLE %s.posts" % A),
    ("ro", "SHOW CREATE TABLE %s.posts" % A),
    ("ro", "SHOW DATABASES LIKE 'pt\\_%'"),
    ("ro", "SET PASSWORD = PASSWORD('ro-pass')"),
    ("ro", "SET PASSWORD FOR 'pt_wp'@'localhost' = PASSWORD('x')"),
    # a table grant only
    ("tab", "SHOW DATABASES LIKE 'pt\\_%'"),
    ("tab", "USE %s" % B),
    ("tab", "SHOW TABLES"),
    ("tab", "SELECT table_name FROM information_schema.tables WHERE table_schema LIKE 'pt\\_%'"),
    ("tab", "INSERT INTO open VALUES (1, 'o')"),
    ("tab", "SELECT * FROM open"),
    ("tab", "UPDATE open SET v = 'p'"),
    ("tab", "SELECT * FROM secret"),
    ("tab", "UPDATE open a, secret b SET a.v = 'q'"),
    ("tab", "UPDATE open a, secret b SET b.v = 'q'"),
    ("tab", "USE %s" % A),
    # ALTER only
    ("alt", "ALTER TABLE %s.alt1 ADD COLUMN b INT" % A),
    ("alt", "CREATE INDEX ia ON %s.alt1 (a)" % A),
    ("alt", "ALTER TABLE %s.alt1 ADD INDEX ib (b)" % A),
    ("alt", "ALTER TABLE %s.alt1 RENAME TO %s.alt2" % (A, A)),
    ("alt", "ALTER TABLE %s.alt1 RENAME TO %s.alt2" % (A, B)),
    ("alt", "SELECT * FROM %s.alt1" % A),
    ("alt", "SHOW CREATE TABLE %s.alt1" % A),
    ("alt", "DESCRIBE %s.alt1" % A),
    ("alt", "SHOW COLUMNS FROM %s.alt1" % A),
    ("alt", "SHOW INDEX FROM %s.alt1" % A),
    (None, "SHOW CREATE TABLE %s.alt1" % A),
    # a global grant
    ("glob", "SHOW DATABASES LIKE 'pt\\_%'"),
    ("glob", "SELECT * FROM %s.secret" % B),
    ("glob", "INSERT INTO %s.secret VALUES (5, 'g')" % B),
    ("glob", "SHOW GRANTS"),
    # grants change under open connections
    (None, "REVOKE SELECT ON %s.* FROM 'pt_ro'@'%%'" % A),
    ("ro", "SELECT * FROM %s.posts" % A),
    ("ro", "SHOW DATABASES LIKE 'pt\\_%'"),
    (None, "GRANT SELECT, UPDATE ON %s.posts TO 'pt_ro'@'%%'" % A),
    ("ro", "SELECT * FROM %s.posts" % A),
    ("ro", "UPDATE %s.posts SET title = 'upd' WHERE id = 2" % A),
    ("ro", "DELETE FROM %s.posts" % A),
    (None, "REVOKE UPDATE ON %s.posts FROM 'pt_ro'@'%%'" % A),
    ("ro", "UPDATE %s.posts SET title = 'upd2' WHERE id = 2" % A),
    (None, "REVOKE SELECT ON %s.posts FROM 'pt_ro'@'%%'" % A),
    (None, "REVOKE SELECT ON %s.posts FROM 'pt_ro'@'%%'" % A),
    (None, "REVOKE SELECT ON %s.* FROM 'pt_ro'@'%%'" % A),
    ("ro", "SELECT * FROM %s.posts" % A),
    (None, "SHOW GRANTS FOR 'pt_ro'@'%'"),
    (None, "GRANT ALL PRIVILEGES ON *.* TO 'pt_glob'@'%'"),
    ("glob", "SHOW GRANTS"),
    (None, "REVOKE ALL PRIVILEGES, GRANT OPTION FROM 'pt_glob'@'%'"),
    (None, "SHOW GRANTS FOR 'pt_glob'@'%'"),
    ("glob", "SELECT * FROM %s.secret" % B),
    # WITH GRANT OPTION: may pass on what it holds, not more
    ("gr", "GRANT SELECT ON %s.* TO 'pt_ro'@'%%'" % A),
    ("gr", "GRANT DELETE ON %s.* TO 'pt_ro'@'%%'" % A),
    ("gr", "GRANT SELECT ON %s.* TO 'pt_ro'@'%%'" % B),
    ("gr", "GRANT SELECT ON *.* TO 'pt_ro'@'%'"),
    ("ro", "SELECT * FROM %s.posts" % A),
    (None, "SHOW GRANTS FOR 'pt_ro'@'%'"),
    (None, "SHOW GRANTS FOR 'pt_gr'@'localhost'"),
    # errors of GRANT/REVOKE themselves
    (None, "GRANT SUPER ON %s.* TO 'pt_ro'@'%%'" % A),
    (None, "GRANT SUPER ON %s.posts TO 'pt_ro'@'%%'" % A),
    (None, "GRANT SELECT ON %s.nosuch TO 'pt_ro'@'%%'" % A),
    (None, "GRANT BOGUS ON *.* TO 'pt_ro'@'%'"),
    # views: a creator cannot lend rights it lacks, nor another account's; a DEFINER view
    # lends its definer's rights to its readers and writers, an INVOKER view does not
    ("wp", "CREATE VIEW vleak AS SELECT * FROM %s.secret" % B),
    ("wp", "CREATE DEFINER='root'@'localhost' VIEW vleak2 AS SELECT id FROM posts"),
    ("wp", "CREATE VIEW vmine AS SELECT id, title FROM posts"),
    ("wp", "SELECT * FROM vmine"),
    ("wp", "SHOW CREATE VIEW vmine"),
    (None, "CREATE DEFINER='root'@'localhost' VIEW %s.vroot AS SELECT id, v FROM %s.secret" % (A, B)),
    (None, "CREATE SQL SECURITY INVOKER VIEW %s.vinv AS SELECT id, v FROM %s.secret" % (A, B)),
    ("wp", "SELECT * FROM vroot"),
    ("wp", "SELECT * FROM vinv"),
    ("wp", "SELECT p.id FROM posts p JOIN vroot r ON r.id = p.id"),
    ("wp", "UPDATE vroot SET v = 'via view' WHERE id = 1"),
    ("wp", "UPDATE vinv SET v = 'via view' WHERE id = 1"),
    ("wp", "SELECT * FROM vroot"),
    ("ro", "SELECT * FROM %s.vroot" % A),
    (None, "DROP VIEW %s.vmine, %s.vroot, %s.vinv" % (A, A, A)),
    (None, "REVOKE SELECT ON %s.* FROM 'pt_ro'@'%%'" % B),
    (None, "REVOKE SELECT ON *.* FROM 'pt_nobody'@'%'"),
    (None, "GRANT SELECT ON %s.* TO 'pt_nobody'@'%%'" % A),
    # roles: the default role at login, privileges through it and the role granted to it
    ("rl", "SELECT CURRENT_ROLE()"),
    ("rl", "SELECT * FROM %s.posts" % A),
    ("rl", "INSERT INTO %s.posts VALUES (3, 'role')" % A),
    ("rl", "UPDATE %s.posts SET title = 'r' WHERE id = 3" % A),
    ("rl", "DELETE FROM %s.posts WHERE id = 3" % A),
    ("rl", "SELECT * FROM %s.secret" % B),
    ("rl", "SHOW DATABASES LIKE 'pt\\_%'"),
    ("rl", "SHOW GRANTS"),
    ("rl", "SHOW GRANTS FOR pt_reader"),
    ("rl", "SHOW GRANTS FOR pt_writer"),
    ("rl", "SHOW GRANTS FOR 'pt_rm'@'localhost'"),
    ("rl", "SELECT * FROM information_schema.ENABLED_ROLES ORDER BY 1"),
    ("rl", "SELECT * FROM information_schema.APPLICABLE_ROLES ORDER BY 1, 2"),
    ("rl", "SELECT table_name FROM information_schema.tables WHERE table_schema = '%s' ORDER BY 1" % A),
    ("rl", "SET ROLE NONE"),
    ("rl", "SELECT * FROM %s.posts" % A),
    ("rl", "SHOW DATABASES LIKE 'pt\\_%'"),
    ("rl", "SET ROLE pt_writer"),
    ("rl", "SET ROLE pt_reader"),
    ("rl", "SELECT COUNT(*) FROM %s.posts" % A),
    ("rl", "SET DEFAULT ROLE NONE"),
    ("rl", "SET DEFAULT ROLE pt_reader"),
    ("rl", "SET DEFAULT ROLE pt_reader FOR 'pt_rm'@'localhost'"),
    ("rl", "GRANT pt_reader TO 'pt_rm'@'localhost'"),
    ("rl", "REVOKE pt_reader FROM 'pt_rm'@'localhost'"),
    ("rl", "CREATE ROLE pt_x"),
    ("rm", "SELECT CURRENT_ROLE()"),
    ("rm", "SELECT * FROM %s.posts" % A),
    ("rm", "SET ROLE pt_reader"),
    ("rm", "SELECT COUNT(*) FROM %s.posts" % A),
    ("rm", "GRANT pt_reader TO 'pt_ro'@'%'"),
    ("rm", "SHOW GRANTS FOR 'pt_ro'@'%'"),
    ("rm", "REVOKE pt_reader FROM 'pt_ro'@'%'"),
    ("rm", "GRANT pt_writer TO 'pt_ro'@'%'"),
    ("rm", "DROP ROLE pt_writer"),
    (None, "REVOKE SELECT ON %s.* FROM pt_reader" % A),
    ("rl", "SELECT COUNT(*) FROM %s.posts" % A),
    ("rl", "INSERT INTO %s.posts VALUES (4, 'still')" % A),
    # PUBLIC: what is granted to it (and to a role granted to it) every account has
    (None, "SHOW GRANTS FOR PUBLIC"),
    (None, "GRANT SELECT ON %s.secret TO PUBLIC" % B),
    (None, "CREATE ROLE pt_pubrole"),
    (None, "GRANT INSERT ON %s.open TO pt_pubrole" % B),
    (None, "GRANT pt_pubrole TO public"),
    ("ro", "SELECT * FROM %s.secret" % B),
    ("ro", "INSERT INTO %s.open VALUES (7, 'pub')" % B),
    ("ro", "SHOW GRANTS"),
    ("ro", "SET ROLE pt_pubrole"),
    ("ro", "SELECT CURRENT_ROLE()"),
    (None, "SHOW GRANTS FOR PUBLIC"),
    (None, "SHOW GRANTS FOR public"),
    (None, "SELECT * FROM mysql.roles_mapping WHERE User = 'PUBLIC'"),
    (None, "SELECT User, Host, is_role FROM mysql.user WHERE User = 'PUBLIC'"),
    (None, "SELECT * FROM mysql.global_priv WHERE User = 'PUBLIC'"),
    (None, "SELECT * FROM information_schema.TABLE_PRIVILEGES WHERE GRANTEE LIKE '%PUBLIC%' ORDER BY 3, 4, 5"),
    (None, "DROP ROLE PUBLIC"),
    (None, "CREATE ROLE public"),
    (None, "GRANT PUBLIC TO 'pt_ro'@'%'"),
    (None, "SET ROLE public"),
    (None, "SET DEFAULT ROLE PUBLIC FOR 'pt_ro'@'%'"),
    (None, "GRANT SELECT ON %s.* TO public@localhost" % B),
    (None, "REVOKE pt_pubrole FROM PUBLIC"),
    (None, "REVOKE SELECT ON %s.secret FROM PUBLIC" % B),
    (None, "REVOKE SELECT ON %s.secret FROM PUBLIC" % B),
    ("ro", "SELECT * FROM %s.secret" % B),
    ("ro", "INSERT INTO %s.open VALUES (8, 'pub')" % B),
    (None, "SHOW GRANTS FOR PUBLIC"),
    (None, "DROP ROLE pt_pubrole"),
    # root is not limited
    (None, "SELECT * FROM %s.secret" % B),
    (None, "INSERT INTO %s.secret VALUES (9, 'root')" % B),
    (None, "SHOW DATABASES LIKE 'pt\\_%'"),
]

PASSWORDS = {"wp": ("pt_wp", "wp-pass"), "ro": ("pt_ro", "ro-pass"), "tab": ("pt_tab", "tab-pass"),
             "glob": ("pt_glob", "glob-pass"), "gr": ("pt_gr", "gr-pass"), "alt": ("pt_alt", "alt-pass"),
             "rl": ("pt_rl", "rl-pass"), "rm": ("pt_rm", "rm-pass")}


def change_user(port):
    """COM_CHANGE_USER to pt_wp: refused (1044) with a database it may not use, the old
    account stays; then accepted with its own database, and its privileges apply."""
    def chg(c, user, pw, db):
        auth = native(pw, c.scramble)
        c.cmd(b"\x11" + user + b"\0" + bytes([len(auth)]) + auth + db + b"\0" + struct.pack("<H", 45)
              + b"mysql_native_password\0")
        seq, p = c.read()
        d = describe(seq, p)
        if d[1] == "SWITCH":
            c.send_raw(seq + 1, native(pw, p[p.index(b"\0") + 1:-1]))
            d = c.read_outcome()
        return d
    out = []
    c = Conn(port)
    out.append(chg(c, b"pt_wp", b"wp-pass", DBB.encode()))
    for q in ("SELECT CURRENT_USER(), DATABASE()",):
        c.cmd(b"\x03" + q.encode())
        out.append(c.results())
    out.append(chg(c, b"pt_wp", b"wp-pass", DBA.encode()))
    for q in ("SELECT CURRENT_USER(), DATABASE()", "SELECT * FROM %s.secret" % DBB, "SELECT COUNT(*) FROM posts"):
        c.cmd(b"\x03" + q.encode())
        out.append(c.results())
    c.close()
    return out


def scenario(port):
    out = []
    root = connect(port)
    for q in SETUP:
        r = run(root, q)
        if r[0] == "error":
            raise RuntimeError("setup failed: %s: %r" % (q, r))
    # connecting with a default database
    out.append(("connect wp to %s" % B, try_connect(port, "pt_wp", "wp-pass", B)))
    out.append(("connect wp to %s" % A, try_connect(port, "pt_wp", "wp-pass", A)))
    out.append(("connect wp to pt_nosuch", try_connect(port, "pt_wp", "wp-pass", "pt_nosuch")))
    out.append(("connect ro wrong password", try_connect(port, "pt_ro", "nope")))
    out.append(("COM_CHANGE_USER", change_user(port)))
    conns = {}
    for who, (u, pw) in PASSWORDS.items():
        conns[who] = connect(port, u, pw, A if who == "wp" else None)
    # COM_INIT_DB
    try:
        conns["wp"].select_db(B)
        out.append(("init_db wp %s" % B, "ok"))
    except pymysql.err.MySQLError as e:
        out.append(("init_db wp %s" % B, ("error",) + tuple(e.args)))
    for who, q in STEPS:
        c = root if who is None else conns[who]
        out.append(("%s: %s" % (who or "root", q), run(c, q)))
    for c in conns.values():
        c.close()
    for q in ("DROP DATABASE IF EXISTS %s" % DBA, "DROP DATABASE IF EXISTS %s" % DBB, "DROP DATABASE IF EXISTS pt_new",
              "DROP USER IF EXISTS 'pt_wp'@'localhost', 'pt_ro'@'%', 'pt_tab'@'%', 'pt_glob'@'%', 'pt_gr'@'localhost', 'pt_alt'@'localhost', 'pt_nobody'@'%'",
              "DROP USER IF EXISTS 'pt_rl'@'localhost', 'pt_rm'@'localhost'", "DROP ROLE IF EXISTS pt_reader",
              "DROP ROLE IF EXISTS pt_writer"):
        run(root, q)
    root.close()
    return out


def compare():
    compare_runs(scenario, failures)


# ------------------------------------------------------------------ restart

STATE = [
    (None, "SHOW GRANTS FOR 'pt_wp'@'localhost'"),
    (None, "SHOW GRANTS FOR 'pt_ro'@'%'"),
    (None, "SHOW CREATE TABLE %s.made" % DBA),
    (None, "SELECT * FROM %s.made" % DBA),
    (None, "SELECT * FROM %s.shadowed" % DBA),
    (None, "SHOW TABLES FROM %s" % DBA),
    ("wp", "SELECT * FROM %s.secret" % DBB),
    ("wp", "SELECT COUNT(*) FROM %s.posts" % DBA),
    ("ro", "SELECT * FROM %s.posts" % DBA),
    ("ro", "DELETE FROM %s.posts WHERE id < 0" % DBA),
    ("ro", "UPDATE %s.posts SET title = 'no'" % DBA),
]


def state(port):
    root = connect(port)
    users = {"wp": connect(port, "pt_wp", "wp-pass"), "ro": connect(port, "pt_ro", "ro-pass")}
    out = [(who, q, run(root if who is None else users[who], q)) for who, q in STATE]
    for c in list(users.values()) + [root]:
        c.close()
    return out


def restart_case():
    binary = private_binary()
    if not binary:
        return
    with PrivateServer(binary, 'pressdb-priv-', connect, failures, HOST) as srv:
        port = srv.port
        root = connect(port)
        for q in SETUP + [
                "CREATE TABLE %s.made (id INT PRIMARY KEY) SELECT id, CONCAT(title, '!') AS t FROM %s.posts" % (DBA, DBA),
                "GRANT DELETE ON %s.posts TO 'pt_ro'@'%%'" % DBA,
                "REVOKE SELECT ON %s.* FROM 'pt_ro'@'%%'" % DBA,
                "GRANT SELECT ON %s.posts TO 'pt_ro'@'%%'" % DBA,
                "CREATE TABLE %s.shadowed (a INT)" % DBA,
                "INSERT INTO %s.shadowed VALUES (1)" % DBA]:
            r = run(root, q)
            if r[0] == "error":
                raise RuntimeError("%s: %r" % (q, r))
        # a temporary table of the same name: its changes must never reach the log
        for q in ("CREATE TEMPORARY TABLE %s.shadowed (b INT, c INT)" % DBA,
                  "INSERT INTO %s.shadowed VALUES (7, 7), (8, 8)" % DBA,
                  "UPDATE %s.shadowed SET b = 9" % DBA,
                  "DROP TABLE %s.shadowed" % DBA,
                  "CREATE TEMPORARY TABLE %s.shadowed SELECT 5 AS z" % DBA,
                  "DELETE FROM %s.shadowed" % DBA):
            r = run(root, q)
            if r[0] == "error":
                raise RuntimeError("%s: %r" % (q, r))
        before = state(port)
        root.close()
        for how in ("clean restart", "kill -9"):
            port = srv.restart(how)
            after = state(port)
            for (who, q, b), (_, _, a) in zip(before, after):
                if a != b:
                    failures.append("after %s: %s: %s\n    before: %r\n    after:  %r" % (how, who or "root", q, b, a))
        print("restart: %d statements checked after a clean restart and a kill -9" % (2 * len(STATE)))


# ------------------------------------------------------------------ dump round trip

DUMP_SETUP = [
    "CREATE ROLE pt_dr_a, pt_dr_b",
    "GRANT pt_dr_b TO pt_dr_a",
    "GRANT SELECT ON `pt\\_dumped`.* TO pt_dr_b",
    "GRANT RELOAD ON *.* TO pt_dr_a",
    "CREATE USER 'pt_du'@'localhost' IDENTIFIED BY 'du-pass'",
    "GRANT pt_dr_a TO 'pt_du'@'localhost'",
    "SET DEFAULT ROLE pt_dr_a FOR 'pt_du'@'localhost'",
    "CREATE ROLE pt_dr_c WITH ADMIN 'pt_du'@'localhost'",
]
DUMP_DROP = ["DROP USER IF EXISTS 'pt_du'@'localhost'", "DROP ROLE IF EXISTS pt_dr_a",
             "DROP ROLE IF EXISTS pt_dr_b", "DROP ROLE IF EXISTS pt_dr_c"]
DUMP_CHECK = ["SHOW GRANTS FOR 'pt_du'@'localhost'", "SHOW GRANTS FOR pt_dr_a", "SHOW GRANTS FOR pt_dr_b",
              "SHOW GRANTS FOR pt_dr_c",
              "SELECT Host, User, Role, Admin_option FROM mysql.roles_mapping WHERE Role LIKE 'pt\\_dr%' ORDER BY 1, 2, 3",
              "SELECT User, Host, is_role, default_role FROM mysql.user WHERE User LIKE 'pt\\_d%' ORDER BY 1, 2"]


def dump_state(port):
    c = connect(port)
    # (SHOW GRANTS sorted: MariaDB lists several roles granted to one account in its hash's order)
    out = []
    for q in DUMP_CHECK:
        r = run(c, q)
        out.append((q, ("rows", sorted(r[1])) if q.startswith("SHOW") and r[0] == "rows" else r))
    c.close()
    return out


def dump_into(src_port, dst_port):
    """mariadb-dump --system=users of one server, read by the mariadb client into the other."""
    d = subprocess.run(["mariadb-dump", "-h", HOST, "-P", str(src_port), "-uroot", "--system=users", "--insert-ignore"],
                       capture_output=True, timeout=60)
    if d.returncode:
        return "dump failed: %s" % d.stderr.decode(errors="replace")[-300:]
    # (--force: the dump holds every account of the server, and what other tests left
    # there may not import; only errors about this test's accounts and roles count)
    r = subprocess.run(["mariadb", "--force", "-h", HOST, "-P", str(dst_port), "-uroot"], input=d.stdout,
                       capture_output=True, timeout=60)
    err = r.stderr.decode(errors="replace")
    return "import failed: %s" % err[-300:] if "pt_d" in err else None


def dump_roundtrip():
    t = dict(targets())
    if "MariaDB" not in t:
        print("dump round trip: skipped (no MariaDB)")
        return
    m, p = t["MariaDB"], t["pressdb"]
    for port in (m, p):
        c = connect(port)
        for q in DUMP_DROP:
            run(c, q)
        c.close()
    c = connect(m)
    for q in DUMP_SETUP:
        r = run(c, q)
        if r[0] == "error":
            failures.append("dump setup on MariaDB: %s: %r" % (q, r))
    c.close()
    want = dump_state(m)
    err = dump_into(m, p)
    if err:
        failures.append("MariaDB to pressdb: " + err)
    got = dump_state(p)
    c = connect(m)
    for q in DUMP_DROP:
        run(c, q)
    c.close()
    err = dump_into(p, m)
    if err:
        failures.append("pressdb to MariaDB: " + err)
    back = dump_state(m)
    for what, st in (("in pressdb from MariaDB's dump", got), ("in MariaDB from pressdb's dump", back)):
        for (q, a), (_, b) in zip(want, st):
            if a != b:
                failures.append("accounts and roles %s: %s\n    want: %r\n    got:  %r" % (what, q, a, b))
    for port in (m, p):
        c = connect(port)
        for q in DUMP_DROP:
            run(c, q)
        c.close()
    print("dump round trip: %d checks each way" % len(DUMP_CHECK))


def main():
    compare()
    dump_roundtrip()
    restart_case()
    finish(failures)


main()
