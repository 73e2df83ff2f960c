#!/usr/bin/python3
"""The mariadb command-line client against both servers: same output, same
exit status.

Run by tests/run.py with PRESSDB_PORT, PRESSDB_SOCKET, MARIADB_PORT and
MARIADB_SOCKET set.  Exit 0 = pass.

The client runs with --no-defaults (so no ~/.my.cnf or /etc/mysql setting
leaks in) plus --default-character-set=utf8mb4, which is what Debian's
/etc/mysql/mariadb.conf.d/50-client.cnf sets.
"""

import difflib
import os
import shutil
import subprocess
import sys

import pymysql

DB = "t_cli_test"

SCRIPT = """\
CREATE DATABASE %(db)s;
USE %(db)s;
CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(20), n INT, price DECIMAL(6,2));
INSERT INTO t (name, n, price) VALUES ('apple', 3, 1.50), ('banana', NULL, 0.25);
INSERT INTO t (name, n, price) VALUES ('it''s', -7, NULL), ('tab\\there', 0, -2.00);
SELECT * FROM t ORDER BY id;
SELECT COUNT(*) AS cnt, SUM(price) AS total FROM t;
SELECT name FROM t WHERE n IS NULL;
UPDATE t SET n = 1 WHERE n IS NULL;
SELECT id, n FROM t ORDER BY id;
""" % {"db": DB}


def client():
    for name in ("mariadb", "mysql"):
        p = shutil.which(name)
        if p:
            return p
    sys.exit("mariadb client not found (apt-get install mariadb-client)")


def servers():
    try:
        return [
            ("MariaDB", os.environ["MARIADB_PORT"], os.environ["MARIADB_SOCKET"]),
            (os.environ.get("PRESSDB_LABEL", "pressdb"), os.environ["PRESSDB_PORT"],
             os.environ["PRESSDB_SOCKET"]),
        ]
    except KeyError as e:
        sys.exit("%s is not set: run this through tests/run.py" % e)


def run(base_args, extra, stdin=None):
    argv = [client(), "--no-defaults", "--default-character-set=utf8mb4", "-uroot"] \
        + base_args + extra
    try:
        r = subprocess.run(argv, input=(stdin or "").encode(), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=60)
        return r.returncode, r.stdout.decode("utf-8", "replace"), \
            r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def tcp(port, sock):
    return ["-h127.0.0.1", "-P", str(port)]


def via_socket(port, sock):
    return ["--socket=" + sock]


def drop_db(port):
    """Best effort: pressdb may not support DROP DATABASE yet."""
    try:
        c = pymysql.connect(host="127.0.0.1", port=int(port), user="root", password="",
                            autocommit=True, read_timeout=30)
        try:
            c.cursor().execute("DROP DATABASE IF EXISTS " + DB)
        finally:
            c.close()
    except Exception:  # noqa: BLE001
        pass


CASES = [
    # (name, how to connect, client arguments, stdin)
    ("tcp: -e SELECT 1", tcp, ["-e", "SELECT 1"], None),
    ("socket: -e SELECT 1", via_socket, ["-e", "SELECT 1"], None),
    ("tcp: -e two statements", tcp, ["-e", "SELECT 1 AS a, 'x' AS b; SELECT NULL, 2.50"], None),
    ("tcp: --batch script", tcp, ["--batch"], SCRIPT),
    ("socket: --table", via_socket,
     ["--table", "-e", "SELECT id, name, price FROM %s.t ORDER BY id" % DB], None),
    ("tcp: -N -s", tcp, ["-N", "-s", "-e", "SELECT name, n FROM %s.t ORDER BY id" % DB], None),
    ("tcp: error", tcp, ["-e", "SELECT * FROM %s.nope" % DB], None),
    ("tcp: error in --batch script", tcp, ["--batch", DB],
     "SELECT 1;\nSELECT nosuchcolumn FROM t;\nSELECT 2;\n"),
    ("tcp: --force script", tcp, ["--batch", "--force", DB],
     "SELECT 1;\nSELECT nosuchcolumn FROM t;\nSELECT 2;\n"),
]


def main():
    srv = servers()
    for _, port, _ in srv:
        drop_db(port)
    failures = 0
    try:
        for name, how, args, stdin in CASES:
            results = [run(how(port, sock), args, stdin) for _, port, sock in srv]
            (la, ra), (lb, rb) = zip([s[0] for s in srv], results)
            if ra == rb:
                print("ok   %s" % name)
                continue
            failures += 1
            print("FAIL %s" % name)
            print("  command: mariadb %s" % " ".join(args))
            if stdin:
                print("  stdin:\n" + "".join("    " + l for l in stdin.splitlines(True)))
            for what, i in (("exit status", 0), ("stdout", 1), ("stderr", 2)):
                if ra[i] == rb[i]:
                    continue
                if what == "exit status":
                    print("  exit status: %s %s, %s %s" % (la, ra[0], lb, rb[0]))
                    continue
                print("  %s differs (--- %s, +++ %s):" % (what, la, lb))
                for line in difflib.unified_diff(ra[i].splitlines(), rb[i].splitlines(),
                                                 la, lb, lineterm="", n=2):
                    print("    " + line)
    finally:
        for _, port, _ in srv:
            drop_db(port)
    print("%d cases, %d failed" % (len(CASES), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
