#!/usr/bin/python3
"""sweep.py - one expression over every column type, on MariaDB and pressdb side by side.

A table of 24 columns of different types (INT, BIGINT, DECIMAL, FLOAT, DOUBLE, VARCHAR,
CHAR, TEXT, TINYTEXT, DATETIME(3), DATE, TIME, TIMESTAMP(2), BLOB, VARBINARY, ENUM, SET,
JSON, YEAR, BIT, a latin1 VARCHAR, ...) with one row of values and one of NULLs is made on
both servers; then each template is run with every column (@) or every pair of columns
(@1, @2) put in, and every result that differs is printed: the result's type code and
rows (MariaDB first), or with --full its length, decimals, flags and charset too, and with
--warnings the SHOW WARNINGS after it. Not part of `make test`: a finder of differences,
whose findings become tests/sql files once fixed. Servers: a running MariaDB 10.11 and a
running pressdb, by socket (tests/README.md, "Finding differences").

  sweep.py --mariadb /path/mariadb.sock --pressdb /path/pressdb.sock TEMPLATE...

  TEMPLATE: an expression with @ (every column), or with @1 and @2 (every pair of
  columns); a bare function name NAME means NAME(@). Examples:
    sweep.py ... ABS ROUND 'ROUND(@1, @2)' 'IFNULL(@1, @2)' '@1 = @2' 'SUM(@)'
"""

import argparse
import sys

import pymysql

COLS = ("i INT, u INT UNSIGNED, bi BIGINT, si SMALLINT, d DECIMAL(10,3), f FLOAT, db DOUBLE, "
        "vc VARCHAR(20), ch CHAR(5), tx TEXT, tt TINYTEXT, dt DATETIME(3), da DATE, tm TIME, "
        "ts TIMESTAMP(2) NULL, bl BLOB, vb VARBINARY(10), e ENUM('x','yy'), st SET('a','b'), "
        "js JSON, y YEAR, bt BIT(5), l1 VARCHAR(10) CHARACTER SET latin1, nn INT NOT NULL")
ROW = ("(-5, 7, 123456789012, 300, 12.345, 1.5, 2.25, 'héllo wörld', 'ab', 'some text', 'tiny', "
       "'2024-02-29 13:14:15.123', '2024-02-29', '-12:34:56', '2024-01-01 00:00:00.50', 'blob\\0x', "
       "'vb', 'yy', 'a,b', '{\"a\": [1, 2]}', 2024, b'10101', 'latin', 3)")
NAMES = [c.split()[0] for c in COLS.split(", ")]


def connect(sock):
    c = pymysql.connect(unix_socket=sock, user="root", charset="utf8mb4", conv={}, autocommit=True)
    cur = c.cursor()
    cur.execute("CREATE DATABASE IF NOT EXISTS sweep")
    cur.execute("USE sweep")
    cur.execute("DROP TABLE IF EXISTS ft")
    cur.execute("CREATE TABLE ft (%s) CHARSET utf8mb4" % COLS)
    cur.execute("INSERT INTO ft VALUES " + ROW)
    cur.execute("INSERT INTO ft (nn) VALUES (0)")
    return c


def run(c, expr, full, warnings):
    cur = c.cursor()
    try:
        cur.execute("SELECT %s FROM ft ORDER BY nn DESC" % expr)
        rows = cur.fetchall()
        f = cur._result.fields[0]
        meta = (f.type_code, f.length, f.scale, f.flags & 0xfff1, f.charsetnr) if full else (f.type_code,)
        out = ("ok", meta, repr(rows))
    except pymysql.err.MySQLError as e:
        out = ("error", e.args[0])
    if warnings:
        cur.execute("SHOW WARNINGS")
        out += (repr(cur.fetchall()),)
    return out


def expressions(template):
    if "@" not in template:
        template += "(@)"
    if "@1" in template:
        return [template.replace("@1", a).replace("@2", b) for a in NAMES for b in NAMES]
    return [template.replace("@", a) for a in NAMES]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mariadb", required=True, help="MariaDB's socket")
    ap.add_argument("--pressdb", required=True, help="pressdb's socket")
    ap.add_argument("--full", action="store_true", help="compare the whole column metadata")
    ap.add_argument("--warnings", action="store_true", help="compare SHOW WARNINGS too")
    ap.add_argument("templates", nargs="+")
    args = ap.parse_args()
    m, p = connect(args.mariadb), connect(args.pressdb)
    n = differ = 0
    for t in args.templates:
        for e in expressions(t):
            n += 1
            a, b = run(m, e, args.full, args.warnings), run(p, e, args.full, args.warnings)
            if a != b:
                differ += 1
                print(e, "\n   MariaDB", a, "\n   pressdb", b)
    print("%d of %d differ" % (differ, n))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
