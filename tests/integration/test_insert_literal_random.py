#!/usr/bin/env python3
"""Random dump-style INSERTs, against MariaDB.

An INSERT longer than 8 KiB has its rows of literals read straight from the text
(planner/lexer.c pl_lex_lit_row), which gives up on anything but unsigned numbers, plain
quoted strings and NULL, so the tokens read those rows; both must store the same values.
Rows mix numbers of every form (signs, decimals, exponents, leading zeros), strings with
every escape, doubled quotes, raw newlines and tabs, multibyte and invalid UTF-8 bytes
(into a BLOB), NULL in three spellings, blanks, newlines and comments between values;
some statements are broken (an unterminated string, a missing comma, a value too many).
Each table's contents (as hex) and each statement's error are compared with MariaDB's,
for three seeds, with and without NO_BACKSLASH_ESCAPES.
"""
import os
import random
import sys

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params, finish  # noqa: E402

ESCAPES = ["\\n", "\\t", "\\r", "\\'", '\\"', "\\\\", "\\0", "\\Z", "\\%", "\\_", "\\b", "\\x", "''"]
CHARS = "abcdefghijklmnopqrstuvwxyz ABC,()0123456789;-#/*" + "é€😀ß"


def connect(which):
    return pymysql.connect(user="root", charset="utf8mb4", autocommit=True, **connect_params(which))


def number(rnd):
    k = rnd.random()
    if k < 0.5:
        return str(rnd.randint(0, 10 ** rnd.randint(1, 12)))
    if k < 0.7:
        return "%d.%0*d" % (rnd.randint(0, 99999), rnd.randint(1, 6), rnd.randint(0, 999))
    return rnd.choice(["-7", "- 3", "+4", "007", "1.", ".5", "1e3", "2.5E-2", "0x1F", "18446744073709551615",
                       "99999999999999999999", "-0.000", "NULL", "null", "Null"])


def string(rnd, nobs):
    out = []
    for _ in range(rnd.randint(0, 40)):
        k = rnd.random()
        if k < 0.15:
            e = rnd.choice(ESCAPES)
            out.append("''" if nobs and e != "''" and rnd.random() < 0.5 else e)
        elif k < 0.2:
            out.append(rnd.choice(["\n", "\t", "\r\n"]))
        else:
            out.append(rnd.choice(CHARS))
    return "'" + "".join(out) + "'"


def blob(rnd):
    raw = bytes(rnd.choice([0x41, 0x80, 0xff, 0xc3, 0xa9, 0x20, 0x61]) for _ in range(rnd.randint(0, 12)))
    return "'" + raw.decode("utf-8", "surrogateescape") + "'"


def blank(rnd):
    k = rnd.random()
    return "" if k < 0.7 else rnd.choice([" ", "\n", "\t ", " /* c */ ", "\n\n"])


def row(rnd, rid, nobs):
    vals = [str(rid), string(rnd, nobs), blob(rnd), number(rnd), number(rnd)]
    return "(" + ",".join(blank(rnd) + v + blank(rnd) for v in vals) + ")"


def statement(rnd, base, nobs):
    rows = [row(rnd, base + i, nobs) for i in range(300)]
    k = rnd.random()
    if k < 0.1:
        rows[rnd.randrange(300)] = "(%d,'unterminated,1,2,3)" % base
    elif k < 0.2:
        rows[rnd.randrange(300)] = "(%d,'a' 'b',NULL,1 2,3)" % base
    elif k < 0.3:
        rows[rnd.randrange(300)] = "(%d,'a',NULL,1,2,3)" % base
    return "INSERT INTO t VALUES " + ",".join(rows)


def run(conn, sql):
    cur = conn.cursor()
    try:
        cur.execute(sql)
        return ("ok", cur.rowcount)
    except pymysql.MySQLError as e:
        return ("error", e.args[0])


def main():
    if os.environ.get("PRESSDB_SELF_TEST"):
        print("skipped: compares two servers")
        sys.exit(0)
    conns = [connect("MARIADB"), connect("PRESSDB")]
    failures, checked = [], 0
    for seed in (1, 2, 3):
        for mode in ("", "NO_BACKSLASH_ESCAPES"):
            rnd = random.Random(seed)
            for c in conns:
                for q in ("DROP DATABASE IF EXISTS insert_random", "CREATE DATABASE insert_random",
                          "USE insert_random", "SET SESSION sql_mode = '%s'" % mode,
                          "CREATE TABLE t (id INT PRIMARY KEY, s TEXT, b BLOB, d DECIMAL(30,6), n VARCHAR(40)) "
                          "DEFAULT CHARSET=utf8mb4"):
                    c.cursor().execute(q)
            for k in range(8):
                sql = statement(rnd, 1000 * k, mode != "")
                got = [run(c, sql) for c in conns]
                checked += 1
                if got[0] != got[1]:
                    failures.append("seed %d %s statement %d: MariaDB %s, pressdb %s" % (seed, mode or "-", k, got[0], got[1]))
            q = "SELECT id, HEX(s), HEX(b), d, n FROM t ORDER BY id"
            res = []
            for c in conns:
                cur = c.cursor()
                cur.execute(q)
                res.append(cur.fetchall())
            checked += 1
            if res[0] != res[1]:
                diff = [i for i, (a, b) in enumerate(zip(res[0], res[1])) if a != b][:3]
                failures.append("seed %d %s: %d rows against %d; first differences: %s"
                                % (seed, mode or "-", len(res[0]), len(res[1]),
                                   [(res[0][i], res[1][i]) for i in diff]))
    for c in conns:
        c.cursor().execute("DROP DATABASE insert_random")
    print("%d checks against MariaDB" % checked)
    finish(failures)


if __name__ == "__main__":
    main()
