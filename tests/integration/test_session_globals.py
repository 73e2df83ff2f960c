#!/usr/bin/env python3
"""A session starts with the global values of its variables, as in MariaDB: after SET GLOBAL
a new connection's @@SESSION values are the new global ones, a connection made before
keeps its own, and the session's own SET still wins. Compared on both servers for
variables of each kind (numbers, booleans, sql_mode, time_zone, isolation, character set);
the globals are put back afterwards."""
import os
import sys

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params, targets  # noqa: E402

CHANGES = [("wait_timeout", "1234"), ("sql_mode", "'ANSI_QUOTES,STRICT_ALL_TABLES'"),
           ("autocommit", "0"), ("time_zone", "'+03:00'"), ("group_concat_max_len", "2048"),
           ("lock_wait_timeout", "77"), ("tx_isolation", "'READ-COMMITTED'"),
           ("div_precision_increment", "7"), ("sql_select_limit", "1000"),
           ("character_set_results", "'latin1'"), ("max_statement_time", "12.5")]
SHOW = ", ".join("@@SESSION.%s" % n for n, _ in CHANGES)


def values(c):
    cur = c.cursor()
    cur.execute("SELECT " + SHOW)
    row = cur.fetchone()
    cur.execute("SELECT NOW() - UTC_TIMESTAMP()")
    return [str(v) for v in row] + [str(cur.fetchone()[0])]


def scenario(params):
    def con():
        return pymysql.connect(user="root", password="", autocommit=None, **params)
    root = pymysql.connect(user="root", password="", autocommit=True, **params)
    cur = root.cursor()
    cur.execute("SELECT " + ", ".join("@@GLOBAL.%s" % n for n, _ in CHANGES))
    saved = cur.fetchone()
    out = []
    before = con()
    try:
        for n, v in CHANGES:
            cur.execute("SET GLOBAL %s = %s" % (n, v))
        after = con()
        out.append(("new session", values(after)))
        out.append(("old session", values(before)))
        after.cursor().execute("SET SESSION wait_timeout = 99")
        out.append(("own SET", values(after)))
        after.close()
    finally:
        for (n, _), v in zip(CHANGES, saved):
            cur.execute("SET GLOBAL %s = %%s" % n, (v,))
        before.close()
        root.close()
    return out


def main():
    got = {}
    for name, _ in targets():
        got[name] = scenario(connect_params("MARIADB" if name == "MariaDB" else "PRESSDB"))
    failures = []
    if "MariaDB" in got:
        for (what, m), (_, p) in zip(got["MariaDB"], got["pressdb"]):
            for (n, _), a, b in zip(CHANGES + [("NOW() - UTC_TIMESTAMP()", "")], m, p):
                if a != b:
                    failures.append("%s: @@%s is %s on MariaDB, %s on pressdb" % (what, n, a, b))
    for f in failures:
        print("FAIL:", f)
    print("%d variables compared in 3 sessions" % len(CHANGES))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
