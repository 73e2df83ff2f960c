#!/usr/bin/env python3
"""COM_QUERY texts with NUL bytes, as MariaDB takes them: libmariadb's clients (mariadb-slap)
send a statement with a NUL after it, which MariaDB ignores when it is the last byte before
trailing blanks; any other NUL outside a string literal is a syntax error. Each text is
sent raw on both servers and the answers (rows of every result, or the error) compared;
then mariadb-slap's generated workload must succeed on both."""
import os
import shutil
import subprocess
import sys

import pymysql
from pymysql.constants import CLIENT, COMMAND

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params, targets  # noqa: E402

TEXTS = [b"SELECT 1\x00", b"SELECT 1\x00\x00", b"SELECT 1 \x00", b"SELECT 1;\x00", b"SELECT 1\x00 ",
         b"SELECT 1\x00\n\t ", b"SELECT 1\x00x", b"SELECT 1\x00 + 1", b"SELECT '\x00'",
         b"SELECT 'a\x00b', 2\x00", b"\x00", b" \x00", b"SELECT 1;\x00SELECT 2", b"SELECT 1; SELECT 2\x00",
         b"/* c */\x00", b"SELECT 1 -- c\x00", b"CREATE TEMPORARY TABLE t_nul (a INT)\x00",
         b"INSERT INTO t_nul VALUES (1), (2)\x00", b"SELECT * FROM t_nul\x00"]


def answer(params, text):
    c = pymysql.connect(user="root", password="", client_flag=CLIENT.MULTI_STATEMENTS, **params)
    out = []
    try:
        c.query("CREATE TEMPORARY TABLE t_nul (a INT)") if b"INSERT" in text or b"FROM t_nul" in text else None
        c._execute_command(COMMAND.COM_QUERY, text)
        r = pymysql.connections.MySQLResult(c)
        r.read()
        out.append(r.rows)
        while r.has_next:
            r = pymysql.connections.MySQLResult(c)
            r.read()
            out.append(r.rows)
    except pymysql.err.MySQLError as e:
        out.append(("error", e.args[0], e.args[1]))
    finally:
        c.close()
    return out


def slap(params):
    exe = shutil.which("mariadb-slap")
    if not exe:
        return None
    a = [exe, "--no-defaults", "-uroot", "--auto-generate-sql", "--iterations=1", "--concurrency=2",
         "--number-of-queries=40", "--create-schema=t_nul_slap"]
    a += ["--socket=" + params["unix_socket"]] if "unix_socket" in params else \
        ["--protocol=TCP", "--host=" + params["host"], "--port=%d" % params["port"]]
    r = subprocess.run(a, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    return r.returncode, r.stdout.decode(errors="replace").strip().splitlines()[-1:] if r.returncode else []


def main():
    servers = targets()
    failures = []
    got = {}
    for name, _ in servers:
        params = connect_params("MARIADB" if name == "MariaDB" else "PRESSDB")
        got[name] = ([answer(params, t) for t in TEXTS], slap(params))
    if len(servers) == 2:
        (ma, ms), (pa, ps) = got["MariaDB"], got["pressdb"]
        for t, a, b in zip(TEXTS, ma, pa):
            if a != b:
                failures.append("%r: MariaDB %r, pressdb %r" % (t, a, b))
        if ms != ps:
            failures.append("mariadb-slap: MariaDB %r, pressdb %r" % (ms, ps))
    for f in failures:
        print("FAIL:", f)
    print("%d texts compared; mariadb-slap %s" % (len(TEXTS), got["pressdb"][1]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
