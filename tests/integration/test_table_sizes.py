#!/usr/bin/env python3
"""information_schema.TABLES' and SHOW TABLE STATUS's sizes as InnoDB reports them
(WordPress's Site Health and phpMyAdmin show DATA_LENGTH + INDEX_LENGTH as the database's
size): pressdb estimates what its rows would take in InnoDB's pages (infoschema.c
ex_table_sizes). Compared with MariaDB (after ANALYZE TABLE): small tables' figures are
equal (one page of data, one per secondary index); a table of 20,000 rows with text and two
secondary indexes within a factor of 1.5 of MariaDB's data and of its indexes;
AVG_ROW_LENGTH is DATA_LENGTH / TABLE_ROWS; SHOW TABLE STATUS says what TABLES says;
UPDATE_TIME is set by a write on both (and NULL for a table written before the server
started: pressdb's own check, after a restart it cannot make here)."""
import os
import sys

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params, targets  # noqa: E402

DB = "t_table_sizes"
SIZES = "SELECT TABLE_NAME, TABLE_ROWS, AVG_ROW_LENGTH, DATA_LENGTH, INDEX_LENGTH, UPDATE_TIME IS NOT NULL " \
        "FROM information_schema.TABLES WHERE TABLE_SCHEMA = '%s' ORDER BY TABLE_NAME" % DB


def scenario(params):
    c = pymysql.connect(user="root", password="", autocommit=True, **params)
    cur = c.cursor()
    cur.execute("DROP DATABASE IF EXISTS " + DB)
    cur.execute("CREATE DATABASE " + DB)
    cur.execute("USE " + DB)
    cur.execute("CREATE TABLE empty1 (id INT PRIMARY KEY, v VARCHAR(20), KEY (v))")
    cur.execute("CREATE TABLE small (id INT PRIMARY KEY AUTO_INCREMENT, a INT, b VARCHAR(40), KEY (a), KEY (b))")
    cur.execute("INSERT INTO small (a, b) VALUES (1, 'x'), (2, 'yy'), (3, 'zzz')")
    cur.execute("CREATE TABLE big (id BIGINT UNSIGNED PRIMARY KEY AUTO_INCREMENT, post_id BIGINT UNSIGNED NOT NULL, "
                "meta_key VARCHAR(255), meta_value LONGTEXT, KEY post_id (post_id), KEY meta_key (meta_key(191)))")
    for k in range(20):
        rows = ", ".join("(%d, 'key_%d', '%s')" % ((k * 1000 + i) % 3000, i % 37, "v" * (20 + (i * 7) % 300))
                         for i in range(1000))
        cur.execute("INSERT INTO big (post_id, meta_key, meta_value) VALUES " + rows)
    cur.execute("ANALYZE TABLE empty1, small, big")
    cur.fetchall()
    cur.execute(SIZES)
    sizes = cur.fetchall()
    cur.execute("SHOW TABLE STATUS")
    status = [(r[0], r[4], r[5], r[6], r[8], r[12] is not None) for r in cur.fetchall()]
    cur.execute("DROP DATABASE " + DB)
    c.close()
    return sizes, status


def main():
    failures = []
    got = {name: scenario(connect_params("MARIADB" if name == "MariaDB" else "PRESSDB")) for name, _ in targets()}
    sizes, status = got["pressdb"]
    p = {r[0]: r for r in sizes}
    for name, rows, avg, data, index, updated in sizes:
        if avg != (data // rows if rows else 0):
            failures.append("%s: AVG_ROW_LENGTH %d, DATA_LENGTH %d / TABLE_ROWS %d" % (name, avg, data, rows))
        if updated != (name != "empty1"):
            failures.append("%s: UPDATE_TIME %s" % (name, "set" if updated else "NULL"))
    if [(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in sizes] != status:
        failures.append("SHOW TABLE STATUS %r, TABLES %r" % (status, sizes))
    if "MariaDB" in got:
        m = {r[0]: r for r in got["MariaDB"][0]}
        for name in ("empty1", "small"):
            if m[name][3:] != p[name][3:]:
                failures.append("%s: MariaDB %r, pressdb %r" % (name, m[name], p[name]))
        for i, what in ((3, "DATA_LENGTH"), (4, "INDEX_LENGTH")):
            ratio = p["big"][i] / m["big"][i]
            if not 1 / 1.5 <= ratio <= 1.5:
                failures.append("big: %s %d, MariaDB %d" % (what, p["big"][i], m["big"][i]))
        print("big: DATA_LENGTH %d (MariaDB %d), INDEX_LENGTH %d (MariaDB %d)" %
              (p["big"][3], m["big"][3], p["big"][4], m["big"][4]))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
