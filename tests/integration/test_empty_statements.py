#!/usr/bin/env python3
"""Queries that are empty or hold empty statements, and version comments, answered as
MariaDB answers them, with and without CLIENT_MULTI_STATEMENTS: whitespace or semicolons
only (1065), comments only (an OK, counted in Com_empty_query), trailing semicolons and
comments after a statement (ignored, or an OK of their own in a multi-statement query),
an empty statement followed by another (1064), and /*!NNNNN ... */ comments (executed up
to our version, except MySQL's 50700-99999, which only the /*M! form runs). Every
outcome (result sets, error code and message) and the connection's next answer must be
the same on both."""
import os, sys
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import targets  # noqa: E402
import pymysql.constants.CLIENT as CLIENT

HOST = "127.0.0.1"

QUERIES = [
    "", "   ", "\n\n", ";", " ; ", "; ;", "/* c */", "-- x\n", "# hash\n", "/* c */;", "/* a */;;",
    "/* c */ /* d */", "/* a */;/* b */", "/* a */ ; -- b\n", "/* a */; x", ";SELECT 1", "/* c */ SELECT 3",
    "SELECT 1;", "SELECT 1;;", "SELECT 1; ;", "SELECT 1; /* c */", "SELECT 1; /* c */ ;", "SELECT 1;\n-- x\n",
    "SELECT 1; # x", "SELECT 1 /* c */;", "SELECT 1; SELECT 2", "SELECT 1; SELECT 2;",
    "/*!40101 SELECT 1 */", "/*!50100 SELECT 1 */", "/*!50700 SELECT 1 */", "/*!50799 SELECT 1 */",
    "/*!80000 SELECT 1 */", "/*!99999 SELECT 5 */", "/*!100100 SELECT 1 */", "/*!101119 SELECT 1 */",
    "/*!101120 SELECT 1 */", "/*!110000 SELECT 1 */", "/*M!100100 SELECT 1 */", "/*M!999999 SELECT 1 */",
    "/*M!50700 SELECT 7 */", "SELECT 1 /*!80000 + 1 */", "SELECT 1 /*!50100 + 1 */", "/*!40101 SET @x = 1 */",
    "CREATE DATABASE IF NOT EXISTS es_db /*!40100 DEFAULT CHARACTER SET utf8mb4 */ /*!80016 DEFAULT ENCRYPTION='N' */",
]


def outcome(cur, conn, q):
    try:
        cur.execute(q)
        res = [[list(r) for r in cur.fetchall()]]
        while cur.nextset():
            res.append([list(r) for r in cur.fetchall()])
        out = ("ok", res)
    except pymysql.err.MySQLError as e:
        out = ("error",) + tuple(e.args)
    try:
        cur.execute("SELECT 42")
        after = cur.fetchall()
    except pymysql.err.MySQLError as e:
        after = ("error",) + tuple(e.args)
    return out, after


def run(port, multi):
    conn = pymysql.connect(host=HOST, port=port, user="root", password="", autocommit=True,
                           client_flag=CLIENT.MULTI_STATEMENTS if multi else 0)
    cur = conn.cursor()
    cur.execute("DROP DATABASE IF EXISTS es_db")
    out = [outcome(cur, conn, q) for q in QUERIES]
    cur.execute("SHOW SESSION STATUS LIKE 'Com_empty_query'")
    out.append(cur.fetchall())
    cur.execute("DROP DATABASE IF EXISTS es_db")
    conn.close()
    return out


def main():
    res = {name: (run(port, True), run(port, False)) for name, port in targets()}
    if "MariaDB" not in res:
        print("no MariaDB: nothing to compare")
        return
    failures = []
    for m, mode in enumerate(("multi", "single")):
        for i, (a, b) in enumerate(zip(res["MariaDB"][m], res["pressdb"][m])):
            if a != b:
                what = QUERIES[i] if i < len(QUERIES) else "Com_empty_query"
                failures.append("%s %r:\n    MariaDB: %r\n    pressdb: %r" % (mode, what, a, b))
    for f in failures:
        print("FAIL: " + f)
    print("empty statements: %d queries compared in two modes" % len(QUERIES))
    sys.exit(1 if failures else 0)


main()
