#!/usr/bin/env python3
"""Temporary tables and the session's life: a CREATE TEMPORARY TABLE is seen by its own
connection only, shadows the base table of the same name, and is gone after
COM_RESET_CONNECTION, COM_CHANGE_USER and a reconnect. Every reply is compared with
MariaDB's (raw protocol, as test_protocol_commands.py)."""
import os, sys, traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_protocol_commands import Conn, native, targets, DB as _unused  # noqa: E402,F401
import struct  # noqa: E402

DB = "t_temp_sessions"


def q(c, sql):
    c.cmd(b"\x03" + sql.encode())
    return c.results()


def scenario(port):
    out = []
    root = Conn(port)
    for s in ("DROP DATABASE IF EXISTS %s" % DB, "CREATE DATABASE %s" % DB,
              "CREATE TABLE %s.t (a INT)" % DB, "INSERT INTO %s.t VALUES (1)" % DB):
        q(root, s)
    a = Conn(port, db=DB.encode())
    b = Conn(port, db=DB.encode())
    for s in ("CREATE TEMPORARY TABLE t (b INT, c INT)", "INSERT INTO t VALUES (7, 8)", "SELECT * FROM t",
              "CREATE TEMPORARY TABLE only_a (x INT)", "INSERT INTO only_a VALUES (3)"):
        out.append(("a", s, q(a, s)))
    for s in ("SELECT * FROM t", "SELECT * FROM only_a", "CREATE TEMPORARY TABLE only_a (y INT)",
              "INSERT INTO only_a VALUES (4)", "SELECT * FROM only_a"):
        out.append(("b", s, q(b, s)))
    out.append(("a", "SELECT * FROM only_a", q(a, "SELECT * FROM only_a")))
    # COM_RESET_CONNECTION
    a.cmd(b"\x1f")
    out.append(("a", "COM_RESET_CONNECTION", a.result()))
    for s in ("SELECT * FROM t", "SELECT * FROM only_a", "CREATE TEMPORARY TABLE t (z INT)", "SELECT * FROM t"):
        out.append(("a", s, q(a, s)))
    # COM_CHANGE_USER (to the same account)
    auth = native(b"", a.scramble)
    a.cmd(b"\x11root\0" + bytes([len(auth)]) + auth + DB.encode() + b"\0" + struct.pack("<H", 45)
          + b"mysql_native_password\0")
    seq, p = a.read()
    if p[:1] == b"\xfe":
        scramble = p[p.index(b"\0") + 1:-1]
        a.send_raw(seq + 1, native(b"", scramble))
        a.read()
    out.append(("a", "COM_CHANGE_USER", "done"))
    for s in ("SELECT * FROM t", "CREATE TEMPORARY TABLE t (w INT)", "INSERT INTO t VALUES (5)", "SELECT * FROM t"):
        out.append(("a", s, q(a, s)))
    a.close()
    # a new connection: nothing left
    a = Conn(port, db=DB.encode())
    for s in ("SELECT * FROM t", "SELECT * FROM only_a", "DROP TEMPORARY TABLE IF EXISTS t"):
        out.append(("a2", s, q(a, s)))
    out.append(("b", "SELECT * FROM only_a", q(b, "SELECT * FROM only_a")))
    a.close()
    b.close()
    q(root, "DROP DATABASE IF EXISTS %s" % DB)
    root.close()
    return out


def main():
    res = []
    for label, port, sock in targets():
        try:
            res.append((label, scenario(port)))
        except Exception:  # noqa: BLE001
            print("FAIL: %s raised:\n%s" % (label, traceback.format_exc()))
            sys.exit(1)
    if len(res) < 2:
        print("only one server: nothing compared")
        return
    (la, x), (lb, y) = res
    bad = 0
    for (w, s, ox), (_, _, oy) in zip(x, y):
        if ox != oy:
            bad += 1
            print("FAIL: %s: %s\n    %s: %r\n    %s: %r" % (w, s, la, ox, lb, oy))
    print("%d steps compared, %d differ" % (len(x), bad))
    sys.exit(1 if bad else 0)


main()
