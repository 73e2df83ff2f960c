#!/usr/bin/env python3
"""A replica must survive whatever its primary sends. A fake primary (this script: it
speaks the handshake, answers the replica's queries and COM_BINLOG_DUMP) streams, per
connection, one case: well-formed events first (a row that must arrive: the harness
itself is checked), then malformed ones - truncated or inconsistent Table_map, rows and
Query events, impossible metadata, unknown types, lying sizes, and seeded random
mutations of valid events (with their CRC32 recomputed, so they reach the applier).
After each case pressdb must be alive, answer queries, and show the replica stopped with
an error (or still running when the mutation happened to be harmless); nothing it
applied may be half a transaction.
"""
import os
import random
import socket
import struct
import sys
import threading
import time
import zlib
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import servers  # noqa: E402
import repl_check  # noqa: E402

repl_check.skip_unless_binary()
BIN = os.environ["PRESSDB_BIN"]
check = repl_check.Checks(quiet_ok=True)
status = repl_check.status


# ---- events ----

def event(etype, body, ts=1700000000, pos=0, flags=0):
    size = 19 + len(body) + 4
    head = struct.pack("<IBIIIH", ts, etype, 1, size, pos, flags)
    e = head + body
    return e + struct.pack("<I", zlib.crc32(e) & 0xffffffff)


def fde():
    body = struct.pack("<H", 4) + b"10.11.0-MariaDB-fake".ljust(50, b"\0") + struct.pack("<I", 0) + b"\x13"
    body += bytes([0] * 40) + b"\x01"     # post-header lengths, then the checksum algorithm
    return event(15, body, pos=4)


def gtid(seq, standalone=False):
    return event(162, struct.pack("<QIB", seq, 0, 1 if standalone else 0) + b"\0" * 6)


def lenenc(n):
    return bytes([n]) if n < 251 else b"\xfc" + struct.pack("<H", n)


def table_map(tid=7, db=b"d", table=b"t", types=b"\x03\x0f", meta=b"\x28\x00", ncols=None):
    n = len(types) if ncols is None else ncols
    body = struct.pack("<Q", tid)[:6] + b"\0\0" + bytes([len(db)]) + db + b"\0" + bytes([len(table)]) + table + b"\0"
    body += lenenc(n) + types + lenenc(len(meta)) + meta + b"\xff"
    return event(19, body)


def write_rows(tid=7, rows=b"\x00" + struct.pack("<i", 1) + b"\x03abc", ncols=2, etype=23):
    body = struct.pack("<Q", tid)[:6] + b"\x01\x00" + lenenc(ncols) + b"\xff" + rows
    return event(etype, body)


def xid():
    return event(16, struct.pack("<Q", 1))


def query(sql, db=b"d", status=b""):
    body = struct.pack("<IIBHH", 1, 0, len(db), 0, len(status)) + status + db + b"\0" + sql
    return event(2, body)


# ---- the fake primary ----

class FakePrimary:
    def __init__(self):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.case = []
        self.dumps = 0
        self.stop = False
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while not self.stop:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self.client, args=(c,), daemon=True).start()

    @staticmethod
    def packet(c, seq, payload):
        c.sendall(struct.pack("<I", len(payload))[:3] + bytes([seq & 0xff]) + payload)

    @staticmethod
    def read(c):
        h = b""
        while len(h) < 4:
            d = c.recv(4 - len(h))
            if not d:
                raise EOFError
            h += d
        n = h[0] | h[1] << 8 | h[2] << 16
        p = b""
        while len(p) < n:
            d = c.recv(n - len(p))
            if not d:
                raise EOFError
            p += d
        return h[3], p

    def resultset(self, c, value):
        self.packet(c, 1, b"\x01")
        col = b"\x03def\x00\x00\x00\x01v\x00\x0c\x21\x00\x00\x01\x00\x00\xfd\x00\x00\x00\x00\x00"
        self.packet(c, 2, col)
        self.packet(c, 3, b"\xfe\x00\x00\x02\x00")
        self.packet(c, 4, bytes([len(value)]) + value)
        self.packet(c, 5, b"\xfe\x00\x00\x02\x00")

    def client(self, c):
        try:
            caps = 0x0200 | 0x8000 | 0x80000 | 0x0001 | 0x2000
            g = b"\x0a" + b"10.11.0-MariaDB-fake\0" + struct.pack("<I", 1) + b"abcdefgh\0"
            g += struct.pack("<HBHH", caps & 0xffff, 45, 2, caps >> 16) + bytes([21]) + b"\0" * 10
            g += b"ijklmnopqrst\0mysql_native_password\0"
            self.packet(c, 0, g)
            self.read(c)
            self.packet(c, 2, b"\x00\x00\x00\x02\x00\x00\x00")
            while True:
                _, p = self.read(c)
                if p[:1] == b"\x03":
                    q = p[1:].decode(errors="replace").lower()
                    if "server_id" in q:
                        self.resultset(c, b"1")
                    elif q.startswith("select") and "binlog_checksum" in q:
                        self.resultset(c, b"CRC32")
                    else:
                        self.packet(c, 1, b"\x00\x00\x00\x02\x00\x00\x00")
                elif p[:1] == b"\x15":
                    self.packet(c, 1, b"\x00\x00\x00\x02\x00\x00\x00")
                elif p[:1] == b"\x12":
                    self.dumps += 1
                    seq = 1
                    rot = event(4, struct.pack("<Q", 4) + b"fake-bin.000001", ts=0)
                    for ev in [rot, fde()] + list(self.case):
                        self.packet(c, seq, b"\x00" + ev)
                        seq += 1
                    while True:   # (the stream stays open until the replica goes)
                        if not c.recv(4096):
                            break
                    return
                else:
                    self.packet(c, 1, b"\xff\x17\x04#HY000unknown command")
        except (EOFError, OSError):
            pass
        finally:
            c.close()


def q1(server, sql):
    cur = server.connect().cursor()
    cur.execute(sql)
    return cur.fetchone()[0]


def run_case(replica, fake, name, events, expect_row=None):
    fake.case = events
    rc = replica.connect().cursor()
    # (a position given afresh: the fake primary sends its GTIDs again and again, which a
    # resumed MASTER_USE_GTID=no replica would pass over as applied)
    rc.execute("CHANGE MASTER TO MASTER_LOG_FILE='fake-bin.000001', MASTER_LOG_POS=4")
    rc.execute("START SLAVE")
    deadline = time.time() + 2
    st = {}
    while time.time() < deadline:
        st = status(replica)
        if st.get("Slave_SQL_Running") == "No":
            break
        if expect_row is not None and q1(replica, "SELECT COUNT(*) FROM d.t WHERE id = %d" % expect_row) == 1:
            break
        time.sleep(0.02)
    try:
        alive = replica.connect().cursor()
        alive.execute("SELECT 1")
        ok = alive.fetchone() == (1,)
    except pymysql.MySQLError:
        ok = False
    check(ok and replica.proc.poll() is None, "%s: pressdb is alive and answers" % name)
    if expect_row is not None:
        rc.execute("SELECT COUNT(*) FROM d.t WHERE id = %s" % expect_row)
        check(rc.fetchone()[0] == 1, "%s: the well-formed row arrived (the harness works)" % name)
    t0 = time.time()
    rc.execute("STOP SLAVE")
    if time.time() - t0 > 1:
        print("slow STOP SLAVE after %s: %.1f s" % (name, time.time() - t0))
    return st


def main():
    area = servers.TempArea()
    sv = {}
    fake = FakePrimary()

    def body():
        replica = sv["replica"] = servers.PressDB(area, BIN, "replica", "pressdb replica")
        replica.argv = (lambda f: lambda: f() + ["--server-id=2", "--skip-slave-start"])(replica.argv)
        replica.start()
        rc = replica.connect().cursor()
        rc.execute("CREATE DATABASE d")
        rc.execute("CREATE TABLE d.t (id INT PRIMARY KEY, v VARCHAR(10))")
        rc.execute("CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=%d, MASTER_USER='r', "
                   "MASTER_PASSWORD='p', MASTER_CONNECT_RETRY=1, MASTER_USE_GTID=no" % fake.port)
        good = [gtid(1), table_map(), write_rows(), xid()]
        st = run_case(replica, fake, "well-formed", good, expect_row=1)
        check(st.get("Last_SQL_Errno") == 0 and st.get("Slave_SQL_Running") == "Yes",
              "well-formed: no error (%r)" % st.get("Last_SQL_Error"))

        row2 = b"\x00" + struct.pack("<i", 2) + b"\x03xyz"
        cases = {
            "Table_map cut short": [gtid(2), event(19, b"\x07\0\0\0\0\0\0\0\x01d")],
            "Table_map with 65535 columns and no types": [gtid(2), table_map(types=b"", ncols=0xfffe)],
            "Table_map naming more metadata than given": [gtid(2), table_map(meta=b"")],
            "rows naming an unknown table id": [gtid(2), table_map(), write_rows(tid=99, rows=row2)],
            "rows cut inside a value": [gtid(2), table_map(), write_rows(rows=b"\x00" + struct.pack("<i", 2) + b"\x09ab")],
            "rows whose column count differs": [gtid(2), table_map(), write_rows(ncols=5, rows=row2)],
            "rows with a VARCHAR length past the event": [gtid(2), table_map(types=b"\x03\x0f", meta=b"\x00\x02"),
                                                          write_rows(rows=b"\x00" + struct.pack("<i", 2) + b"\xff\xff")],
            "DECIMAL with precision 200": [gtid(2), table_map(types=b"\x03\xf6", meta=b"\xc8\x02"), write_rows(rows=row2)],
            "BLOB with a 7-byte length": [gtid(2), table_map(types=b"\x03\xfc", meta=b"\x07"), write_rows(rows=row2)],
            "a table of another column count": [gtid(2), table_map(types=b"\x03\x0f\x03", meta=b"\x28\x00"),
                                                write_rows(ncols=3, rows=b"\x00" + b"\0" * 12)],
            "a GTID event cut short": [event(162, b"\x01\x02")],
            "a Query event whose database runs past its end": [gtid(3, True), event(2, struct.pack("<IIBHH", 1, 0, 200, 0, 0) + b"d")],
            "a Query event's status variables lying": [gtid(3, True), query(b"SELECT 1", status=b"\x05\xff")],
            "a Query that fails": [gtid(3, True), query(b"CREATE TABLE t (id INT PRIMARY KEY)")],
            "a User_var event with a 4 GB name": [event(14, struct.pack("<I", 0xffffffff) + b"x")],
            "an unknown event type": [event(200, b"whatever")],
            "an event whose size lies": [b"\x00" * 4 + b"\x02" + b"\x01\0\0\0" + struct.pack("<I", 9999) + b"\0" * 6],
            "a Rotate with a long name": [event(4, struct.pack("<Q", 4) + b"n" * 5000)],
            "an Update_rows cut after its before image": [gtid(2), table_map(), event(24, struct.pack("<Q", 7)[:6] + b"\x01\x00\x02\xff\xff" + row2)],
            "rows outside any group": [table_map(), write_rows(rows=b"\x00" + struct.pack("<i", 3) + b"\x01q")],
            # (fuzz_apply's findings: under ASan+UBSan these failed before their fixes)
            "a DATETIME2 with 30 fraction digits": [gtid(2), table_map(types=b"\x03\x12", meta=b"\x1e"),
                                                    write_rows(rows=b"\x00" + struct.pack("<i", 4) + b"\x99" * 20)],
            "a DOUBLE holding NaN for an INT column": [gtid(2), table_map(types=b"\x05\x0f", meta=b"\x08\x28\x00"),
                                                      write_rows(rows=b"\x00" + struct.pack("<d", float("nan")) + b"\x01n")],
        }
        for name, evs in cases.items():
            run_case(replica, fake, name, evs)
        # seeded mutations of the well-formed group: a byte changed or the event cut
        rng = random.Random(1717)
        templates = [gtid(10), table_map(), write_rows(rows=row2), xid(),
                     query(b"INSERT INTO d.t VALUES (5, 'q')", status=b"\x00\0\0\0\0\x01" + b"\0" * 8),
                     table_map(types=b"\x03\xf6", meta=b"\x0a\x02"), event(14, struct.pack("<I", 1) + b"a\x00\x02" + struct.pack("<II", 63, 8) + b"\x07" + b"\0" * 7 + b"\0")]
        for i in range(40):
            evs = []
            for t in templates[:4] if i % 2 else templates:
                body = bytearray(t[:-4])
                if rng.random() < 0.5 and len(body) > 19:
                    k = rng.randrange(19, len(body))
                    body[k] = rng.randrange(256)
                if rng.random() < 0.2:
                    body = body[:rng.randrange(19, len(body) + 1)]
                body[9:13] = struct.pack("<I", len(body) + 4)
                evs.append(bytes(body) + struct.pack("<I", zlib.crc32(bytes(body)) & 0xffffffff))
            run_case(replica, fake, "mutation %d" % i, evs)
        rc = replica.connect().cursor()
        rc.execute("SELECT COUNT(*) FROM d.t")
        n = rc.fetchone()[0]
        check(n >= 1, "the table is still readable (%d rows)" % n)
        print("ok   %d cases: pressdb stayed up and answered after each (%d dumps served)" % (
            len(cases) + 41, fake.dumps))

    try:
        return repl_check.run(check, area, body, lambda: [s for s in (sv.get("replica"),) if s])
    finally:
        fake.stop = True


if __name__ == "__main__":
    sys.exit(main())
