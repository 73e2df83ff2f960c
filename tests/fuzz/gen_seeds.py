#!/usr/bin/python3
"""gen_seeds.py - seed corpora for the libFuzzer harnesses (tests/fuzz/fuzz_*.c).

    /usr/bin/python3 tests/fuzz/gen_seeds.py OUTDIR

Writes OUTDIR/<target>/<n> files, each one input in the layout its harness reads (see
the comment at the top of each fuzz_<target>.c): the statements of tests/sql/*.sql for
the parser, their literals for value conversions and collations, client packets built
here (handshake responses, COM_STMT_EXECUTE with every parameter type, framed streams)
for the protocol, and write-ahead log frames and snapshot contents in pressdb's format
for recovery. Deterministic: the same tests give the same seeds. Run by `make fuzz`.
"""

import glob
import os
import re
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests"))

from lib.sqlfile import SqlFile  # noqa: E402


class Out:
    def __init__(self, base, target):
        self.dir = os.path.join(base, target)
        os.makedirs(self.dir, exist_ok=True)
        self.n = 0
        self.seen = set()

    def add(self, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        if data in self.seen or len(data) > 65536:
            return
        self.seen.add(data)
        with open(os.path.join(self.dir, "%05d" % self.n), "wb") as f:
            f.write(data)
        self.n += 1


def statements():
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "sql", "*.sql"))):
        out.extend(s.sql for s in SqlFile(path).statements)
    return out


STR_RE = re.compile(r"'((?:[^'\\]|\\.|'')*)'")
NUM_RE = re.compile(r"(?<![\w.])(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")


def literals(stmts):
    strs, nums = [], []
    for s in stmts:
        strs.extend(m.group(1) for m in STR_RE.finditer(s))
        nums.extend(m.group(1) for m in NUM_RE.finditer(s))
    # unique, in first-seen order, bounded
    return list(dict.fromkeys(strs))[:3000], list(dict.fromkeys(nums))[:1500]


# ------------------------------------------------------------------ parser

def gen_parser(base, stmts):
    o = Out(base, "parser")
    for i, s in enumerate(stmts):
        o.add(bytes([16 if i % 3 == 0 else (i % 16)]) + s.encode("utf-8"))


# ------------------------------------------------------------------ values

def gen_value(base, strs, nums):
    o = Out(base, "value")
    extra = ["1e308", "-1e308", "1e-400", "18446744073709551616", "-9223372036854775809",
             "0x1F", "  12abc", ".5e", "99999999999999999999999999999999999999999999999999999999999999999.9",
             "2024-02-30", "0000-00-00 00:00:00", "9999-12-31 23:59:59.999999", "20240101123456",
             "-838:59:59", "838:59:59.999999", "34 22:59:59", "99999999999999999999:00", "1:2:3.4567891"]
    for s in nums + strs[:1500] + extra:
        b = s.encode("utf-8")
        o.add(b"\x00" + b)       # string -> number
        o.add(b"\x01" + b)       # string -> temporal
    for k, n in enumerate(nums[:400]):
        o.add(bytes([3]) + n.encode() + b"\x00" + bytes([k % 7]) + nums[(k * 7) % len(nums)].encode())
    for v in (0, 1, -1, 2**63 - 1, -2**63, 10**18, 123456789):
        for kind in range(4):
            o.add(bytes([2]) + struct.pack("<q", v) + bytes([kind, 4, 0, 6, 20, 0, 1, 30, 1]))
    for d in (0.1, 1e308, -0.0, 3.14159, 1e-7, 123456789.125):
        o.add(bytes([2]) + struct.pack("<d", d) + bytes([2, 0, 3, 31, 10, 0, 0, 12, 0]))
    for k, s in enumerate(strs[:300]):
        o.add(bytes([4, 45 + k % 3, 0, 2 * (k % 2)]) + s.encode() + b"\x00" + bytes([0]) + strs[(k * 11) % len(strs)].encode())


# ------------------------------------------------------------------ collations

def gen_collation(base, strs):
    o = Out(base, "collation")
    pats = ["%", "_", "a%", "%a%", "%\u00e9_", "\\%", "a\\_b", "%%%%b", "_%_%_"]
    samples = strs[:600] + ["a", "A", "\u00e9", "E", "ss", "\u00df", "\U0001F600", "a ", "a\t", ""]
    for k, s in enumerate(samples):
        other = samples[(k * 13) % len(samples)]
        pat = pats[k % len(pats)] if k % 2 else other
        o.add(struct.pack("<H", k) + bytes([k % 16]) + s.encode() + b"\x00" + pat.encode())


# ------------------------------------------------------------------ protocol

def lenenc(n):
    if n < 251:
        return bytes([n])
    if n < 1 << 16:
        return b"\xfc" + struct.pack("<H", n)
    if n < 1 << 24:
        return b"\xfd" + n.to_bytes(3, "little")
    return b"\xfe" + struct.pack("<Q", n)


def lstr(b):
    return lenenc(len(b)) + b


def handshake_response(user, db, plugin, attrs, caps_extra=0):
    caps = 0x0200 | 0x8000 | 0x80000 | 0x200000 | caps_extra   # 41, secure, plugin, lenenc data
    if db is not None:
        caps |= 0x08
    if attrs is not None:
        caps |= 0x100000
    p = struct.pack("<IIB", caps, 16 << 20, 45) + b"\x00" * 23 + user + b"\x00"
    p += lstr(b"\x01" * 20)
    if db is not None:
        p += db + b"\x00"
    p += plugin + b"\x00"
    if attrs is not None:
        body = b"".join(lstr(k) + lstr(v) for k, v in attrs)
        p += lstr(body)
    return p


def packets(payload, seq=0):
    out = b""
    while True:
        chunk = payload[:0xFFFFFF]
        payload = payload[0xFFFFFF:]
        out += len(chunk).to_bytes(3, "little") + bytes([seq & 255]) + chunk
        seq += 1
        if len(chunk) < 0xFFFFFF:
            return out


PARAM_VALUES = [
    (1, struct.pack("<b", -1)), (2, struct.pack("<h", 300)), (3, struct.pack("<i", -7)),
    (8, struct.pack("<q", 2**62)), (4, struct.pack("<f", 1.5)), (5, struct.pack("<d", -2.25)),
    (13, struct.pack("<H", 2024)), (9, struct.pack("<i", 5)),
    (10, b"\x04" + struct.pack("<HBB", 2024, 2, 29)),
    (12, b"\x07" + struct.pack("<HBBBBB", 2024, 2, 29, 23, 59, 58)),
    (7, b"\x0b" + struct.pack("<HBBBBBI", 1999, 12, 31, 1, 2, 3, 999999)),
    (11, b"\x08" + struct.pack("<BIBBB", 1, 3, 10, 20, 30)),
    (11, b"\x0c" + struct.pack("<BIBBBI", 0, 0, 1, 2, 3, 5)),
    (10, b"\x00"), (246, lstr(b"-12.50")), (253, lstr(b"hello")), (254, lstr(b"")),
    (252, lstr(b"x" * 300)), (15, lstr(b"v")), (16, lstr(b"\x01")), (245, lstr(b'{"a":1}')),
    (6, b""),
]


def stmt_execute(params, send_types=True, flags=0):
    nullmap = bytearray((len(params) + 7) // 8)
    types = b""
    values = b""
    for k, (t, v) in enumerate(params):
        if t == 6:
            nullmap[k // 8] |= 1 << (k % 8)
        types += bytes([t, 0x80 if k % 5 == 4 else 0])
        values += v
    p = b"\x17" + struct.pack("<IBI", 1, flags, 1)
    if params:
        p += bytes(nullmap) + (b"\x01" + types if send_types else b"\x00") + values
    return p, types


def gen_protocol(base, stmts):
    o = Out(base, "protocol")
    hs = [
        handshake_response(b"root", None, b"mysql_native_password", None),
        handshake_response(b"wp", b"wordpress", b"caching_sha2_password", [(b"_client_name", b"libmariadb"), (b"_pid", b"42")]),
        handshake_response(b"", b"", b"", []),
        struct.pack("<IIB", 0x0200 | 0x0800, 16 << 20, 45) + b"\x00" * 23,   # SSLRequest
    ]
    for h in hs:
        o.add(b"\x01" + h)
        o.add(b"\x00\x00" + bytes([len(h) % 255]) + packets(h, 1))
    for k in range(len(PARAM_VALUES)):
        group = [PARAM_VALUES[(k + j) % len(PARAM_VALUES)] for j in range(1 + k % 6)]
        pkt, types = stmt_execute(group, send_types=k % 4 != 3)
        ctl = struct.pack("<H", len(group)) + bytes([1 if k % 4 == 3 else k % 4])
        for j in range(len(group)):
            ctl += types[2 * j:2 * j + 2]
            if k % 4 == 2:
                ctl += bytes([j % 2])
        ctl = ctl.replace(b"\xfe", b"\xfd")
        o.add(b"\x02" + ctl + b"\xfe" + pkt)
        o.add(b"\x00\x02" + bytes([200]) + packets(pkt))
    o.add(b"\x03" + b"\x18" + struct.pack("<IH", 1, 0) + b"long data")
    o.add(b"\x03" + b"\x1c" + struct.pack("<II", 1, 10))
    o.add(b"\x03" + b"\x19" + struct.pack("<I", 0xFFFFFFFF))
    for s in stmts[:200]:
        q = b"\x03" + s.encode("utf-8")
        o.add(b"\x00\x03" + bytes([7]) + packets(q) + packets(b"\x0e"))
    o.add(b"\x04" + bytes([20, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 0x15, 0x16, 0x17, 0x26, 0x46, 0x57, 0x64, 0x75, 0x88, 0x99]) + bytes(range(256)))
    o.add(b"\x05\x00" + b"abc")
    o.add(b"\x05\x00" + b"\xf3\x41")


# ------------------------------------------------------------------ recovery

def crc(b):
    return zlib.crc32(b) & 0xFFFFFFFF


def wstr(b):
    return struct.pack("<I", len(b)) + b


DDL = [(b"", b"CREATE DATABASE d"),
       (b"d", b"CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, s VARCHAR(20), x DOUBLE, "
              b"n DECIMAL(30,2), dt DATETIME, KEY (s))"),
       (b"d", b"CREATE TABLE u (a BIGINT UNSIGNED, b TEXT, UNIQUE KEY (a))")]


def row_t(i, s, x):
    r = b"\x01" + struct.pack("<q", i)
    r += b"\x01" + wstr(s) if s is not None else b"\x00"
    r += b"\x01" + struct.pack("<d", x)
    r += b"\x01" + wstr(b"%d.25" % i)
    r += b"\x01" + struct.pack("<q", 2024 * 13 * 32 * 24 * 3600 * 1000000)
    return r


def wal_payloads():
    frames = [b"G" + struct.pack("<Q", 1)]
    for db, sql in DDL:
        frames.append(b"T" + wstr(db) + wstr(sql))
    tx = b""
    for i in range(4):
        tx += b"I" + wstr(b"d") + wstr(b"t") + struct.pack("<I", i) + row_t(i + 1, b"row%d" % i, i / 3)
    frames.append(tx)
    frames.append(b"U" + wstr(b"d") + wstr(b"t") + struct.pack("<I", 1) + row_t(2, None, 9.5))
    frames.append(b"D" + wstr(b"d") + wstr(b"t") + struct.pack("<I", 2))
    frames.append(b"I" + wstr(b"d") + wstr(b"u") + struct.pack("<I", 0) + b"\x01" + struct.pack("<q", -1) + b"\x01" + wstr(b"t" * 40))
    frames.append(b"T" + wstr(b"d") + wstr(b"ALTER TABLE t ADD COLUMN z INT DEFAULT 7"))
    # a binary-log-only frame with its GTID and its events' copy ('B', sync_binlog=1)
    frames.append(b"N" + struct.pack("<I", 0) + b"X" + struct.pack("<IIQ", 0, 1, 9) +
                  b"B" + struct.pack("<IQ", 1, 344) + wstr(b"\x00" * 19 + b"event bytes"))
    return frames


def snapshot_body():
    b = struct.pack("<Q", 3) + b"B" + wstr(b"d") + struct.pack("<H", 45)
    b += b"T" + wstr(b"d") + wstr(DDL[1][1]) + struct.pack("<QI", 5, 3)
    b += b"\x01" + row_t(1, b"a", 1.0) + b"\x00" + b"\x01" + row_t(3, None, 2.0)
    b += b"T" + wstr(b"d") + wstr(DDL[2][1]) + struct.pack("<QI", 0, 1)
    b += b"\x01" + b"\x01" + struct.pack("<q", 5) + b"\x00"
    return b


def gen_recovery(base):
    o = Out(base, "recovery")
    frames = wal_payloads()
    raw = b"".join(struct.pack("<II", len(f), crc(f)) + f for f in frames)
    o.add(b"\x00" + raw)
    o.add(b"\x00" + raw + b"\x00" * 16)
    o.add(b"\x00" + raw[:-5])
    o.add(b"\x01" + b"".join(struct.pack("<H", len(f)) + f for f in frames))
    body = snapshot_body()
    o.add(b"\x03" + body)
    later = [b"G" + struct.pack("<Q", 4)] + frames[4:]
    o.add(b"\x03" + body + b"\xfe\xfd\xfc" + b"".join(struct.pack("<H", len(f)) + f for f in later))
    o.add(b"\x02" + b"\x28\xb5\x2f\xfd" + body)


# ------------------------------------------------------------------ apply

def ev(etype, body):
    return struct.pack("<BH", etype, len(body)) + body


def table_map_body(tid, db, table, types, meta):
    b = struct.pack("<Q", tid)[:6] + b"\0\0" + bytes([len(db)]) + db + b"\0" + bytes([len(table)]) + table + b"\0"
    return b + lenenc(len(types)) + types + lenenc(len(meta)) + meta + b"\xff" * ((len(types) + 7) // 8)


def rows_body(tid, ncols, images):
    bits = b"\xff" * ((ncols + 7) // 8)
    return struct.pack("<Q", tid)[:6] + b"\x01\x00" + lenenc(ncols) + bits + b"".join(images)


def dec_bin(digits_int, digits_frac, neg=False):
    # DECIMAL(10,3) 1234567.891: 7 integer digits (4 bytes), 3 fraction digits (2 bytes)
    b = bytearray(struct.pack(">I", digits_int) + struct.pack(">H", digits_frac))
    b[0] ^= 0x80
    if neg:
        b = bytearray(x ^ 0xff for x in b)
    return bytes(b)


def gen_apply(base):
    o = Out(base, "apply")
    gtid = ev(162, struct.pack("<QIB", 1, 0, 0) + b"\0" * 6)
    ddl_gtid = ev(162, struct.pack("<QIB", 2, 0, 1) + b"\0" * 6)
    xid = ev(16, struct.pack("<Q", 9))
    t_map = ev(19, table_map_body(7, b"d", b"t", b"\x03\x0f", b"\x28\x00"))
    t_row = b"\x00" + struct.pack("<i", 1) + b"\x03abc"
    o.add(gtid + t_map + ev(23, rows_body(7, 2, [t_row])) + xid)
    o.add(gtid + t_map + ev(23, rows_body(7, 2, [t_row])) + ev(24, rows_body(7, 2, [t_row, b"\x00" + struct.pack("<i", 1) + b"\x01z"]))[:3] + xid)
    o.add(gtid + t_map + ev(25, rows_body(7, 2, [t_row])) + xid)
    types = bytes([8, 1, 2, 9, 4, 5, 246, 246, 254, 15, 254, 252, 252, 10, 18, 17, 19, 13, 254, 254, 16, 252])
    meta = (b"\x04\x08" + b"\x0a\x03" + b"\x41\x1e" + b"\xfe\x05" + struct.pack("<H", 1200) + b"\xfe\x04" +
            b"\x02\x02" + b"\x06\x03\x02" + b"\xf7\x01\xf8\x01" + b"\x04\x01" + b"\x04")
    k_map = ev(19, table_map_body(8, b"d", b"k", types, meta))
    d2 = bytearray(30)
    d2[0] |= 0x80
    img = (b"\x00\x00\x00" + struct.pack("<Q", 5) + b"\x80" + struct.pack("<H", 65535) + b"\x01\x02\x03" +
           struct.pack("<f", 1.5) + struct.pack("<d", -2.25) + dec_bin(1234567, 891, True) + bytes(d2) +
           b"\x03caf" + struct.pack("<H", 4) + b"h\xc3\xa9y" + b"\x04bin\x00" + struct.pack("<H", 3) + b"\x00\xff\x10" +
           struct.pack("<H", 2) + b"tx" + b"\x9d\x2f\x0f" + bytes([0x99, 0xb0, 0x42, 0x10, 0xc5]) + b"\x01\xe2\x40" +
           struct.pack(">I", 1700000000) + b"\x03\xe7" + bytes([0x80, 0x00, 0x00, 0x0c]) + b"\x7c" + b"\x02" + b"\x03" +
           b"\x0a\xbc" + struct.pack("<I", 7) + b'{"a":1}')
    o.add(gtid + k_map + ev(23, rows_body(8, 22, [img])) + xid)
    o.add(gtid + k_map + ev(30, struct.pack("<Q", 8)[:6] + b"\x01\x00\x02\x00" + rows_body(8, 22, [img])[8:]) + xid)
    status = b"\x00\0\0\0\0" + b"\x01" + b"\0" * 8 + b"\x04" + struct.pack("<HHH", 45, 45, 8) + b"\x05\x06+00:00" + b"\x80\x01\x02\x03"
    q = lambda sql, db=b"d": ev(2, struct.pack("<IIBHH", 1, 0, len(db), 0, len(status)) + status + db + b"\0" + sql)
    o.add(ddl_gtid + q(b"CREATE TABLE t2 (a INT PRIMARY KEY, b DATETIME(6) DEFAULT NOW(6))"))
    o.add(gtid + ev(5, b"\x02" + struct.pack("<Q", 100)) + ev(13, struct.pack("<QQ", 1, 2)) +
          ev(14, struct.pack("<I", 1) + b"u\x00\x00" + struct.pack("<II", 45, 3) + b"abc\x00") +
          q(b"INSERT INTO n VALUES (RAND() * 100, @u)") + q(b"COMMIT"))
    o.add(gtid + q(b"BEGIN") + q(b"UPDATE t SET v = NOW() WHERE id = 1") + xid)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    base = sys.argv[1]
    stmts = statements()
    strs, nums = literals(stmts)
    gen_parser(base, stmts)
    gen_value(base, strs, nums)
    gen_collation(base, strs)
    gen_protocol(base, stmts)
    gen_recovery(base)
    gen_apply(base)
    for t in sorted(os.listdir(base)):
        print("seeds: %s %d" % (t, len(os.listdir(os.path.join(base, t)))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
