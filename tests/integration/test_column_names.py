#!/usr/bin/python3
"""Column names of expressions whose text or value holds bytes that are not UTF-8.

A driver decodes column names as UTF-8 (PyMySQL raises on bad bytes, and its connection
is out of step afterwards). MariaDB sends them in utf8mb3: a 4-byte character becomes
'?', a byte that is not UTF-8 becomes \\xHH (a literal's value shows a lead byte without
its sequence as '?'), and leading spaces and control characters go. Each statement is
sent as raw bytes to both servers over one connection each (the connection must keep
working) and the names are compared byte for byte.

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass)."""
import os
import sys

import pymysql

STATEMENTS = [
    b"SELECT '\xc3\xa9t\xc3\xa9'", b"SELECT '\x80abc'", b"SELECT ' \x80abc'", b"SELECT 'ab\xe2\x82\xacc'",
    b"SELECT 'a\xe2\x82'", b"SELECT 'a\xe2x'", b"SELECT '\x01a'", b"SELECT 'a\x01b\x7f'",
    b"SELECT 'a\xc0\xafb'", b"SELECT 1+'\xe2\x82'", b"SELECT LENGTH('a\xf0')", b"SELECT 'x\xf0'",
    b"SELECT '  lead'", b"SELECT 'caf\xc3\xa9 \xf0\x9f\x98\x80'", b"SELECT 'a\xc3'",
    b"SELECT _binary'a\x80b'", b"SELECT HEX(_binary'\x80\xff\x00\x01')", b"SELECT 'a\xff\xfe' = 'b'",
]


def connect(port_var, host_var, sock_var):
    kw = dict(user="root", charset="utf8mb4", autocommit=True, use_unicode=False)
    if os.environ.get(port_var):
        kw.update(host=os.environ.get(host_var, "127.0.0.1"), port=int(os.environ[port_var]))
    else:
        kw.update(unix_socket=os.environ[sock_var])
    return pymysql.connect(**kw)


def names(conn, sql):
    conn._execute_command(pymysql.constants.COMMAND.COM_QUERY, sql)
    conn._read_query_result()
    return [f.name for f in conn._result.fields]


def main():
    if os.environ.get("PRESSDB_SELF_TEST"):
        print("skipped: compares two servers")
        return 0
    m = connect("MARIADB_PORT", "MARIADB_HOST", "MARIADB_SOCKET")
    p = connect("PRESSDB_PORT", "PRESSDB_HOST", "PRESSDB_SOCKET")
    failures = 0
    for sql in STATEMENTS:
        want = names(m, sql)
        try:
            got = names(p, sql)
        except Exception as e:   # a name the driver cannot decode, or a broken connection
            got = "error: %r" % e
            p.close()
            p = connect("PRESSDB_PORT", "PRESSDB_HOST", "PRESSDB_SOCKET")
        if got != want:
            failures += 1
            print("FAIL %r: MariaDB %r, pressdb %r" % (sql, want, got))
    cur = p.cursor()
    cur.execute("SELECT 1")
    if cur.fetchone() != (1,):
        failures += 1
        print("FAIL: the connection does not answer afterwards")
    failures += cesu8_names()
    print("column names: %d statements, %d differ" % (len(STATEMENTS) + len(CESU8), failures))
    return 1 if failures else 0


# A 4-byte character sent to a utf8mb3 connection as two 3-byte surrogates (CESU-8, as
# node's mysql2 sends it): MariaDB's utf8mb3 reads each as a character, so the name
# comes back as sent. Read over the raw protocol (PyMySQL cannot decode such a name).
CESU8 = [b"SELECT '\xed\xa0\xbd\xed\xb2\xa9'", b"SELECT 'a\xed\xa0\xbdb'", b"SELECT CONCAT('\xed\xb2\xa9')"]


def cesu8_names():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from test_prepared import BASE_CAPS, Raw, lenenc
    got = []
    for port_var in ("MARIADB_PORT", "PRESSDB_PORT"):
        c = Raw(os.environ.get(port_var.replace("PORT", "HOST"), "127.0.0.1"), os.environ[port_var], BASE_CAPS)
        c.send(b"\x03SET NAMES utf8mb3")
        c.reply()
        out = []
        for sql in CESU8:
            c.send(b"\x03" + sql)
            r = c.reply()
            n, _ = lenenc(r[0][1])
            names = []
            for _, p in r[1:1 + n]:
                i = 0
                for k in range(5):
                    ln, i = lenenc(p, i)
                    if k == 4:
                        names.append(p[i:i + ln])
                    i += ln
            out.append((names, [row for _, row in r[1 + n:] if row[:1] not in (b"\xfe", b"\xff")]))
        c.close()
        got.append(out)
    bad = 0
    for sql, want, have in zip(CESU8, got[0], got[1]):
        if want != have:
            bad += 1
            print("FAIL %r (utf8mb3): MariaDB %r, pressdb %r" % (sql, want, have))
    return bad


sys.exit(main())
