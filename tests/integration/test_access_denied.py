#!/usr/bin/env python3
"""Access_denied_errors moves as MariaDB's does.

For each denied action of an account without privileges, the change of the global
counter on MariaDB and on pressdb: failed logins (wrong password, unknown user, a
database the account may not use), 1142 on SELECT, INSERT, DESCRIBE, SHOW COLUMNS,
TRUNCATE, CREATE TABLE, the mysql schema; 1044 on CREATE/DROP DATABASE, GRANT and
SHOW GRANTS for another account; 1227 on SET GLOBAL, CREATE USER and FLUSH; and what
MariaDB leaves uncounted: USE (as a statement and as COM_INIT_DB) and SHOW CREATE TABLE.
"""
import os, sys
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params  # noqa: E402

USER, PW = "adtest_np", "pw-adtest"


def counter(cur):
    cur.execute("SHOW GLOBAL STATUS LIKE 'Access_denied_errors'")
    row = cur.fetchone()
    return int(row[1]) if row else None


def run(where):
    root = pymysql.connect(user="root", autocommit=True, **where)
    rc = root.cursor()
    for q in ("DROP USER IF EXISTS '%s'@'%%'" % USER, "DROP DATABASE IF EXISTS adtest",
              "CREATE USER '%s'@'%%' IDENTIFIED BY '%s'" % (USER, PW), "CREATE DATABASE adtest",
              "CREATE TABLE adtest.t (a INT)"):
        rc.execute(q)
    c = pymysql.connect(user=USER, password=PW, autocommit=True, **where)
    cur = c.cursor()

    def login(**kw):
        return lambda: pymysql.connect(**dict(where, **kw)).close()
    actions = [
        ("login, wrong password", login(user=USER, password="wrong")),
        ("login, unknown user", login(user="adtest_nobody")),
        ("login into a database it may not use", login(user=USER, password=PW, database="adtest")),
        ("USE", lambda: cur.execute("USE adtest")),
        ("COM_INIT_DB", lambda: c.select_db("adtest")),
        ("SELECT", lambda: cur.execute("SELECT * FROM adtest.t")),
        ("INSERT", lambda: cur.execute("INSERT INTO adtest.t VALUES (1)")),
        ("CREATE DATABASE", lambda: cur.execute("CREATE DATABASE adtest_zz")),
        ("DROP DATABASE", lambda: cur.execute("DROP DATABASE adtest")),
        ("SET GLOBAL", lambda: cur.execute("SET GLOBAL max_connections = 151")),
        ("SHOW CREATE TABLE", lambda: cur.execute("SHOW CREATE TABLE adtest.t")),
        ("SHOW COLUMNS", lambda: cur.execute("SHOW COLUMNS FROM adtest.t")),
        ("DESCRIBE", lambda: cur.execute("DESCRIBE adtest.t")),
        ("mysql.user", lambda: cur.execute("SELECT * FROM mysql.user")),
        ("GRANT", lambda: cur.execute("GRANT SELECT ON adtest.* TO '%s'@'%%'" % USER)),
        ("CREATE USER", lambda: cur.execute("CREATE USER adtest_x1")),
        ("FLUSH TABLES", lambda: cur.execute("FLUSH TABLES")),
        ("SHOW GRANTS for root", lambda: cur.execute("SHOW GRANTS FOR root@localhost")),
        ("TRUNCATE", lambda: cur.execute("TRUNCATE adtest.t")),
        ("CREATE TABLE", lambda: cur.execute("CREATE TABLE adtest.t2 (a INT)")),
    ]
    out = []
    for name, act in actions:
        before = counter(rc)
        try:
            act()
            err = "ok"
        except pymysql.MySQLError as e:
            err = e.args[0]
        after = counter(rc)
        out.append((name, err, None if before is None or after is None else after - before))
    c.close()
    rc.execute("DROP USER '%s'@'%%'" % USER)
    rc.execute("DROP DATABASE adtest")
    root.close()
    return out


def main():
    if os.environ.get("PRESSDB_SELF_TEST"):
        print("skipped: compares two servers")
        return 0
    m = run(connect_params("MARIADB"))
    p = run(connect_params("PRESSDB"))
    bad = 0
    for (name, me, md), (_, pe, pd) in zip(m, p):
        ok = me == pe and md == pd
        bad += not ok
        print("%s  %-38s MariaDB %-5s %+d   pressdb %-5s %s" % ("ok  " if ok else "FAIL", name, me, md, pe,
                                                               "%+d" % pd if pd is not None else "(no counter)"))
    print("%d of %d differ" % (bad, len(m)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
