#!/usr/bin/env python3
"""Opened_tables and Opened_table_definitions move as MariaDB's when new tables are first
used (pressdb keeps every table in memory: a table's first open since the start is the one
MariaDB's table cache misses), not again for later statements; COM_STATISTICS
(mariadb-admin status) reports the count as "Opens"."""
import os
import re
import sys

import pymysql
from pymysql.constants import COMMAND

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params, targets  # noqa: E402

DB = "t_opened_tables"
NAMES = ("Opened_tables", "Opened_table_definitions")


def status(cur):
    cur.execute("SHOW GLOBAL STATUS WHERE Variable_name IN ('Opened_tables', 'Opened_table_definitions')")
    return {k: int(v) for k, v in cur.fetchall()}


def opens(c):
    c._execute_command(COMMAND.COM_STATISTICS, b"")
    text = c._read_packet().read_all().decode()
    return int(re.search(r"Opens: (\d+)", text).group(1))


def scenario(params):
    c = pymysql.connect(user="root", password="", autocommit=True, **params)
    cur = c.cursor()
    cur.execute("DROP DATABASE IF EXISTS " + DB)
    cur.execute("CREATE DATABASE " + DB)
    before = status(cur)
    for t in ("a", "b", "c"):
        cur.execute("CREATE TABLE %s.%s (id INT PRIMARY KEY, v INT)" % (DB, t))
    for _ in range(2):
        cur.execute("SELECT * FROM %s.a" % DB)
        cur.execute("SELECT * FROM %s.b JOIN %s.c USING (id)" % (DB, DB))
        cur.execute("INSERT INTO %s.a VALUES (1, 1) ON DUPLICATE KEY UPDATE v = v + 1" % DB)
    after = status(cur)
    o = opens(c)
    cur.execute("DROP DATABASE " + DB)
    c.close()
    return {k: after[k] - before[k] for k in NAMES}, o == after["Opened_tables"]


def main():
    failures = []
    got = {}
    for name, _ in targets():
        got[name] = scenario(connect_params("MARIADB" if name == "MariaDB" else "PRESSDB"))
    if "MariaDB" in got and got["MariaDB"][0] != got["pressdb"][0]:
        failures.append("moves: MariaDB %r, pressdb %r" % (got["MariaDB"][0], got["pressdb"][0]))
    if not got["pressdb"][1]:
        failures.append("COM_STATISTICS' Opens is not Opened_tables")
    for f in failures:
        print("FAIL:", f)
    print("Opened_tables moves: %r" % (got["pressdb"][0],))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
