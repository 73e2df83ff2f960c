#!/usr/bin/env python3
"""SHOW GLOBAL VARIABLES and SHOW SESSION VARIABLES name the same variables on both servers,
in the same order, apart from pressdb's own (pressdb_*); the MariaDB 11 names
transaction_isolation and transaction_read_only are unknown (1193) on both; three Galera variables MariaDB
sorts by their mixed-case names (wsrep_OSU_method ...) are compared as a set. Then every
variable both list answers SELECT @@name on pressdb, and a SET GLOBAL of a listed variable
pressdb does not act on is kept."""
import os
import sys

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params, targets  # noqa: E402

OURS = {"pressdb_jit", "pressdb_jit_notes"}
MIXED = {"wsrep_osu_method", "wsrep_sr_store", "wsrep_slave_uk_checks"}


def names(params, scope):
    c = pymysql.connect(user="root", password="", **params)
    cur = c.cursor()
    cur.execute("SHOW %s VARIABLES" % scope)
    out = [r[0] for r in cur.fetchall()]
    c.close()
    return out


def main():
    failures = []
    got = {}
    for name, _ in targets():
        p = connect_params("MARIADB" if name == "MariaDB" else "PRESSDB")
        got[name] = {s: names(p, s) for s in ("GLOBAL", "SESSION")}
    pp = connect_params("PRESSDB")
    if "MariaDB" in got:
        for scope in ("GLOBAL", "SESSION"):
            m = [n for n in got["MariaDB"][scope] if n not in MIXED]
            p = [n for n in got["pressdb"][scope] if n not in OURS and n not in MIXED]
            if m != p:
                missing = sorted(set(m) - set(p))
                extra = sorted(set(p) - set(m))
                failures.append("SHOW %s VARIABLES: missing %s, extra %s%s" % (
                    scope, missing[:20], extra[:20], "" if missing or extra else ", order differs"))
            if set(got["MariaDB"][scope]) & MIXED != set(got["pressdb"][scope]) & MIXED:
                failures.append("SHOW %s VARIABLES: the wsrep mixed-case names differ" % scope)
    c = pymysql.connect(user="root", password="", autocommit=True, **pp)
    cur = c.cursor()
    for n in got["pressdb"]["SESSION"]:
        try:
            cur.execute("SELECT @@%s" % n)
            cur.fetchall()
        except pymysql.err.MySQLError as e:
            failures.append("SELECT @@%s: %s" % (n, e))
    for n in ("transaction_isolation", "transaction_read_only"):
        try:
            cur.execute("SELECT @@%s" % n)
            failures.append("SELECT @@%s answered (MariaDB 10.11: 1193)" % n)
        except pymysql.err.MySQLError as e:
            if e.args[0] != 1193:
                failures.append("SELECT @@%s: %s" % (n, e))
    cur.execute("SELECT @@GLOBAL.innodb_io_capacity")
    old = cur.fetchone()[0]
    cur.execute("SET GLOBAL innodb_io_capacity = 4321")
    cur.execute("SELECT @@GLOBAL.innodb_io_capacity")
    if str(cur.fetchone()[0]) != "4321":
        failures.append("SET GLOBAL innodb_io_capacity was not kept")
    cur.execute("SET GLOBAL innodb_io_capacity = %s", (old,))
    c.close()
    for f in failures:
        print("FAIL:", f)
    print("%d global, %d session variables" % (len(got["pressdb"]["GLOBAL"]), len(got["pressdb"]["SESSION"])))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
