#!/usr/bin/env python3
"""Errors answered without running a statement are the session's diagnostics, as in MariaDB.

COM_INIT_DB of an unknown database (1049) and of one the account may not use (1044),
EXECUTE and DEALLOCATE PREPARE of an unknown name (1243), EXECUTE with the wrong number of
values (1210), PREPARE of text that does not parse (1064) or is empty (1065): after each,
SHOW WARNINGS and @@warning_count / @@error_count on MariaDB and on pressdb must be the
same (pressdb answered them without listing them until 2026-12-04).
"""
import os
import sys
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params  # noqa: E402

USER, PW = "direrr_np", "pw-direrr"


def run(where):
    root = pymysql.connect(user="root", autocommit=True, **where)
    rc = root.cursor()
    for q in ("DROP USER IF EXISTS '%s'@'%%'" % USER, "DROP DATABASE IF EXISTS direrr",
              "CREATE USER '%s'@'%%' IDENTIFIED BY '%s'" % (USER, PW), "CREATE DATABASE direrr"):
        rc.execute(q)
    c = pymysql.connect(user=USER, password=PW, autocommit=True, **where)
    cur = c.cursor()
    actions = [
        ("COM_INIT_DB unknown", root, lambda: root.select_db("direrr_nosuch")),
        ("COM_INIT_DB denied", c, lambda: c.select_db("direrr")),
        ("EXECUTE unknown", root, lambda: rc.execute("EXECUTE direrr_nosuch")),
        ("DEALLOCATE unknown", root, lambda: rc.execute("DEALLOCATE PREPARE direrr_nosuch")),
        ("PREPARE", root, lambda: rc.execute("PREPARE p1 FROM 'SELECT ?, ?'")),
        ("EXECUTE wrong count", root, lambda: rc.execute("EXECUTE p1")),
        ("PREPARE bad text", root, lambda: rc.execute("PREPARE p2 FROM 'SELEC 1'")),
        ("PREPARE empty", root, lambda: rc.execute("PREPARE p3 FROM ''")),
        ("a warning, then COM_INIT_DB unknown", root,
         lambda: (rc.execute("SELECT CAST('x' AS SIGNED)"), root.select_db("direrr_nosuch2"))),
    ]
    out = []
    for name, conn, act in actions:
        try:
            act()
            err = "ok"
        except pymysql.MySQLError as e:
            err = e.args[0]
        k = conn.cursor()
        k.execute("SHOW WARNINGS")
        shown = tuple(tuple(r) for r in k.fetchall())
        k.execute("SELECT @@warning_count, @@error_count")
        counts = tuple(k.fetchone())
        out.append((name, err, shown, counts))
    c.close()
    rc.execute("DEALLOCATE PREPARE p1")
    rc.execute("DROP USER '%s'@'%%'" % USER)
    rc.execute("DROP DATABASE direrr")
    root.close()
    return out


def main():
    if os.environ.get("PRESSDB_SELF_TEST") or not os.environ.get("MARIADB_PORT") and not os.environ.get("MARIADB_SOCKET"):
        print("skipped: compares two servers")
        return 0
    m = run(connect_params("MARIADB"))
    p = run(connect_params("PRESSDB"))
    bad = 0
    for mo, po in zip(m, p):
        ok = mo == po
        bad += not ok
        print("%s  %s" % ("ok  " if ok else "FAIL", mo[0]))
        if not ok:
            print("      MariaDB %r\n      pressdb %r" % (mo[1:], po[1:]))
    print("%d of %d differ" % (bad, len(m)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
