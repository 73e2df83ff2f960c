#!/usr/bin/python3
"""MariaDB's extended column metadata (MARIADB_CLIENT_EXTENDED_METADATA), as node's
mysql2 uses it to parse JSON columns and JSON function results into objects.

A client that clears CLIENT_MYSQL (bit 0) reads the server's extended capabilities in
the greeting's last 4 reserved bytes and sends its own in the response's filler; with
EXTENDED_METADATA on both sides every column definition carries a block after org_name:
empty, or { 1, "json" } for a JSON value. Each statement below runs over the text
protocol and through a prepare on both servers, with and without the capability, and
the blocks (and that the fixed fields follow them) are compared.

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass)."""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_prepared import BASE_CAPS, Raw, lenenc, packet  # noqa: E402

EXT_METADATA = 8
SETUP = [b"CREATE DATABASE IF NOT EXISTS ext_meta", b"USE ext_meta", b"DROP TABLE IF EXISTS j",
         b"CREATE TABLE j (a JSON, t TEXT, n INT)", b"INSERT INTO j VALUES ('{\"x\": 1}', 'a', 1)"]
STATEMENTS = [
    b"SELECT a, t, n FROM j",
    b"SELECT JSON_OBJECT('a', 1), JSON_EXTRACT(a, '$.x'), JSON_ARRAY(), JSON_COMPACT(a), JSON_UNQUOTE(a) FROM j",
    b"SELECT IF(n, a, a), COALESCE(a, t), JSON_VALUE(a, '$.x'), JSON_LENGTH(a), JSON_TYPE(a) FROM j",
    b"SELECT 1, 'x', NULL",
]


class ExtRaw(Raw):
    """A raw connection that offers MariaDB's extended capabilities (or not)."""

    def __init__(self, host, port, ext):
        import socket
        self.s = socket.create_connection((host, int(port)), timeout=10)
        self.caps = BASE_CAPS & ~1 if ext else BASE_CAPS
        _, g = self.read()
        self.server_ext = struct.unpack("<I", g[g.index(b"\0", 1) + 1 + 4 + 8 + 1 + 2 + 1 + 2 + 2 + 1 + 6:][:4])[0]
        self.s.sendall(packet(1, struct.pack("<IIB19xI", self.caps, 1 << 24, 45, EXT_METADATA if ext else 0)
                              + b"root\0\0" + b"mysql_native_password\0"))
        _, r = self.read()
        if r[:1] != b"\0":
            raise RuntimeError("login failed: %r" % r)
        self.ids = {}


def blocks(coldefs, ext):
    """Per column definition: (name, extended block) or a parse problem."""
    out = []
    for _, p in coldefs:
        i = 0
        fields = []
        for _k in range(6):
            n, i = lenenc(p, i)
            fields.append(p[i:i + n])
            i += n
        block = None
        if ext:
            n, i = lenenc(p, i)
            block = p[i:i + n]
            i += n
        if i >= len(p) or p[i] != 0x0c or len(p) != i + 13:
            out.append(("bad column definition", p.hex()))
        else:
            out.append((fields[4].decode(), block))
    return out


def run(conn, ext):
    res = []
    for sql in STATEMENTS:
        conn.send(b"\x03" + sql)
        r = conn.reply()
        ncols, _ = lenenc(r[0][1])
        res.append(("text", blocks(r[1:1 + ncols], ext)))
        sid, r = conn.prepare(sql)
        ncols = struct.unpack("<H", r[0][1][5:7])[0]
        res.append(("prepare", blocks(r[1:1 + ncols], ext)))
        conn.send(b"\x19" + struct.pack("<I", sid))
    return res


def main():
    if os.environ.get("PRESSDB_SELF_TEST"):
        print("skipped: compares two servers")
        return 0
    failures = 0
    got = {}
    for label, var in (("MariaDB", "MARIADB"), ("pressdb", "PRESSDB")):
        host, port = os.environ.get(var + "_HOST") or "127.0.0.1", os.environ[var + "_PORT"]
        for ext in (True, False):
            c = ExtRaw(host, port, ext)
            for q in SETUP:
                c.send(b"\x03" + q)
                c.reply()
            got[(label, ext)] = (c.server_ext & EXT_METADATA, run(c, ext))
            c.close()
    for ext in (True, False):
        want, have = got[("MariaDB", ext)], got[("pressdb", ext)]
        if want[0] != have[0]:
            failures += 1
            print("FAIL greeting's EXTENDED_METADATA bit: MariaDB %r, pressdb %r" % (want[0], have[0]))
        for (kind, w), (_, h), sql in zip(want[1], have[1], [s for s in STATEMENTS for _ in (0, 1)]):
            if w != h:
                failures += 1
                print("FAIL %s (%s, extended metadata %s): MariaDB %r, pressdb %r" % (sql.decode(), kind, ext, w, h))
    print("%d differences" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
