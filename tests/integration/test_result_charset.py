#!/usr/bin/python3
"""The character set number, flags and length of string result columns, as drivers see
them (issue 22: node's mysql2 parses JSON and decodes strings by these).

MariaDB sends, with character_set_results set, that collation's number for every text
column (the one the handshake or SET NAMES ... COLLATE named, not the column's own) and
the length converted (a TEXT/BLOB counted in bytes, others in characters); with it NULL,
the column's own collation and length. A column of a _bin collation (JSON's utf8mb4_bin
among them) carries BINARY_FLAG. Each connection setting below is tried on both servers
over PyMySQL (handshake collation 45, utf8mb4_general_ci, and 224) and the column
definitions are compared field by field.

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass)."""
import os
import sys

import pymysql

SETUP = [
    "CREATE DATABASE IF NOT EXISTS result_charset",
    "USE result_charset",
    "DROP TABLE IF EXISTS j",
    "CREATE TABLE j (a JSON, t TEXT, v VARCHAR(10) COLLATE utf8mb4_bin, b BLOB, c CHAR(3) CHARACTER SET latin1, "
    "m MEDIUMTEXT CHARACTER SET utf8mb3, e ENUM('x', 'yy'), vb VARBINARY(8)) DEFAULT CHARSET = utf8mb4",
    "INSERT INTO j VALUES ('{\"x\": 1}', 'a', 'b', 'c', 'd', 'e', 'yy', 'f')",
]
SETTINGS = [None, "SET NAMES utf8mb4", "SET NAMES utf8mb4 COLLATE utf8mb4_unicode_ci", "SET NAMES latin1",
            "SET NAMES utf8mb3 COLLATE utf8mb3_bin", "SET character_set_results = NULL",
            "SET character_set_results = latin1", "SET NAMES binary"]
QUERY = "SELECT a, t, v, b, c, m, e, vb, UPPER(v), CONCAT(c, 'x') FROM j"


def connect(port_var, host_var, sock_var, charset):
    kw = dict(user="root", charset=charset, autocommit=True)
    if os.environ.get(port_var):
        kw.update(host=os.environ.get(host_var, "127.0.0.1"), port=int(os.environ[port_var]))
    else:
        kw.update(unix_socket=os.environ[sock_var])
    return pymysql.connect(**kw)


def columns(conn, setting):
    cur = conn.cursor()
    for q in SETUP[1:2]:
        cur.execute(q)
    if setting:
        cur.execute(setting)
    cur.execute(QUERY)
    return [(f.name, f.type_code, f.charsetnr, f.flags, f.length) for f in cur._result.fields]


def main():
    if os.environ.get("PRESSDB_SELF_TEST"):
        print("skipped: compares two servers")
        return 0
    failures = 0
    for port, host, sock in [("MARIADB_PORT", "MARIADB_HOST", "MARIADB_SOCKET"),
                             ("PRESSDB_PORT", "PRESSDB_HOST", "PRESSDB_SOCKET")]:
        c = connect(port, host, sock, "utf8mb4")
        cur = c.cursor()
        for q in SETUP:
            cur.execute(q)
        c.close()
    for collation in ("utf8mb4_general_ci", "utf8mb4_unicode_ci"):
        for setting in SETTINGS:
            got = []
            for port, host, sock in [("MARIADB_PORT", "MARIADB_HOST", "MARIADB_SOCKET"),
                                     ("PRESSDB_PORT", "PRESSDB_HOST", "PRESSDB_SOCKET")]:
                c = connect(port, host, sock, "utf8mb4")
                if collation != "utf8mb4_general_ci":
                    # (PyMySQL's handshake sends utf8mb4's default; SET NAMES gives the other)
                    c.cursor().execute("SET NAMES utf8mb4 COLLATE " + collation)
                got.append(columns(c, setting))
                c.close()
            for want, have in zip(got[0], got[1]):
                if want != have:
                    failures += 1
                    print("FAIL %s / %s: column %s: MariaDB (type, charset, flags, length) %r, pressdb %r"
                          % (collation, setting, want[0], want[1:], have[1:]))
    print("%d differences" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
