#!/usr/bin/python3
"""Malformed and hostile input on the wire.

pressdb must answer like MariaDB 10.11 (the same error packet, or a closed
connection), never crash, and keep serving other clients: after every case a
fresh PyMySQL connection must still get an answer to SELECT 1.

Run by tests/run.py with PRESSDB_PORT, PRESSDB_SOCKET, MARIADB_PORT and
MARIADB_SOCKET set; exit 0 = pass.  It also runs alone against a pressdb
(MARIADB_PORT unset: the MariaDB comparisons are skipped):

    PRESSDB_PORT=3306 /usr/bin/python3 tests/integration/test_protocol_bad_input.py

Cases: truncated handshake responses, wrong sequence ids, length fields larger
than the data, random bytes before and after the handshake, a client that
vanishes in the middle of a result, a packet over max_allowed_packet, unknown
command bytes (ERR 1047, then SELECT 1 on the same connection), and a few
commands with odd arguments, an SSLRequest followed by bytes that are not TLS, and
malformed prepared-statement commands (COM_STMT_EXECUTE cut short at every field, unknown
parameter types, wrong parameter counts, random bytes; COM_STMT_SEND_LONG_DATA, RESET,
FETCH and CLOSE with bad ids or lengths): the same error as MariaDB, and the connection
still executes a prepared statement and SELECT 1 afterwards.
"""

import hashlib
import os
import random
import socket
import struct
import sys
import threading
import time
import traceback

import pymysql

HOST = "127.0.0.1"
TIMEOUT = 5.0

# Client capabilities of a plain MySQL 4.1+ client (no SSL, no attributes).
CAP_LONG_PASSWORD = 1
CAP_LONG_FLAG = 1 << 2
CAP_CONNECT_WITH_DB = 1 << 3
CAP_PROTOCOL_41 = 1 << 9
CAP_SSL = 1 << 11
CAP_TRANSACTIONS = 1 << 13
CAP_SECURE_CONNECTION = 1 << 15
CAP_MULTI_RESULTS = 1 << 17
CAP_PLUGIN_AUTH = 1 << 19
CAP_CONNECT_ATTRS = 1 << 20
CAP_LENENC_DATA = 1 << 21
BASE_CAPS = (CAP_LONG_PASSWORD | CAP_LONG_FLAG | CAP_PROTOCOL_41 | CAP_TRANSACTIONS
             | CAP_SECURE_CONNECTION | CAP_MULTI_RESULTS | CAP_PLUGIN_AUTH)


# --------------------------------------------------------------------- servers

def servers():
    """[(label, port)] with MariaDB first when known."""
    out = []
    if os.environ.get("MARIADB_PORT"):
        out.append(("MariaDB", int(os.environ["MARIADB_PORT"])))
    if not os.environ.get("PRESSDB_PORT"):
        sys.exit("PRESSDB_PORT is not set: run this through tests/run.py")
    out.append((os.environ.get("PRESSDB_LABEL", "pressdb"), int(os.environ["PRESSDB_PORT"])))
    return out


PRESSDB_PORT = int(os.environ.get("PRESSDB_PORT", "0") or 0)
MARIADB_PORT = int(os.environ.get("MARIADB_PORT", "0") or 0)


# ------------------------------------------------------------- raw protocol

def packet(seq, payload):
    return struct.pack("<I", len(payload))[:3] + bytes([seq & 0xff]) + payload


def recv_exact(s, n):
    buf = b""
    while len(buf) < n:
        chunk = s.recv(n - len(buf))
        if not chunk:
            raise EOFError
        buf += chunk
    return buf


def read_packet(s):
    h = recv_exact(s, 4)
    n = h[0] | h[1] << 8 | h[2] << 16
    return h[3], recv_exact(s, n)


def native_scramble(password, scramble):
    if not password:
        return b""
    s1 = hashlib.sha1(password).digest()
    s2 = hashlib.sha1(s1).digest()
    s3 = hashlib.sha1(scramble + s2).digest()
    return bytes(a ^ b for a, b in zip(s1, s3))


def parse_greeting(p):
    if p[:1] == b"\xff":
        raise RuntimeError("server refused: %r" % p)
    i = p.index(b"\0", 1) + 1
    conn_id = struct.unpack("<I", p[i:i + 4])[0]
    s1 = p[i + 4:i + 12]
    i += 13 + 2 + 1 + 2 + 2 + 1 + 10
    s2 = p[i:i + 12]
    return conn_id, s1 + s2


def handshake_response(scramble, user=b"root", password=b"", caps=BASE_CAPS, db=None,
                       plugin=b"mysql_native_password"):
    if db is not None:
        caps |= CAP_CONNECT_WITH_DB
    auth = native_scramble(password, scramble)
    p = struct.pack("<IIB23x", caps, 16 << 20, 45) + user + b"\0"
    p += bytes([len(auth)]) + auth
    if db is not None:
        p += db + b"\0"
    if caps & CAP_PLUGIN_AUTH:
        p += plugin + b"\0"
    return p


def open_raw(port):
    s = socket.create_connection((HOST, port), timeout=TIMEOUT)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def login(port):
    """A raw connection in the command phase."""
    s = open_raw(port)
    _, g = read_packet(s)
    conn_id, scramble = parse_greeting(g)
    s.sendall(packet(1, handshake_response(scramble)))
    seq, r = read_packet(s)
    if r[:1] != b"\0":
        raise RuntimeError("login failed: %r" % r)
    return s, conn_id


def outcome(s, wait=TIMEOUT):
    """What the server does next: ('err', code, sqlstate, message, seq),
    ('ok', seq), ('eof', seq), ('data', first_byte, seq), ('closed',) or
    ('silent',) when nothing arrives within wait seconds."""
    s.settimeout(wait)
    try:
        seq, p = read_packet(s)
    except (EOFError, ConnectionResetError, BrokenPipeError):
        return ("closed",)
    except socket.timeout:
        return ("silent",)
    if p[:1] == b"\xff":
        code = struct.unpack("<H", p[1:3])[0]
        if p[3:4] == b"#":
            return ("err", code, p[4:9].decode(), p[9:].decode("utf-8", "replace"), seq)
        return ("err", code, "", p[3:].decode("utf-8", "replace"), seq)
    if p[:1] == b"\0":
        return ("ok", seq)
    if p[:1] == b"\xfe" and len(p) < 9:
        return ("eof", seq)
    return ("data", p[:1], seq)


def closed_after(s, wait=TIMEOUT):
    """True if the server closes the connection (reading and discarding)."""
    s.settimeout(wait)
    end = time.time() + wait
    try:
        while time.time() < end:
            if not s.recv(65536):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False
    return False


def send_and_shut(s, data):
    """Sends data and half-closes; the server may have closed already."""
    try:
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
    except OSError:
        pass


def quiet_close(s):
    try:
        s.close()
    except OSError:
        pass


def reset_close(s):
    """Close with a TCP reset (the client process died)."""
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    quiet_close(s)


# ----------------------------------------------------------------- checking

failures = []
checks = 0


def check(cond, what):
    global checks
    checks += 1
    if not cond:
        failures.append(what)
        print("FAIL: " + what, flush=True)


def alive(where):
    """pressdb still answers a fresh client."""
    try:
        c = pymysql.connect(host=HOST, port=PRESSDB_PORT, user="root", password="",
                            connect_timeout=10, read_timeout=10)
        cur = c.cursor()
        cur.execute("SELECT 1")
        row = cur.fetchone()
        c.close()
        check(row is not None and str(row[0]) == "1",
              "%s: SELECT 1 on a fresh connection returned %r" % (where, row))
    except Exception as e:  # noqa: BLE001
        check(False, "%s: pressdb no longer answers a fresh connection: %s" % (where, e))
    pid = os.environ.get("PRESSDB_PID")
    if pid:
        try:
            os.kill(int(pid), 0)
        except OSError:
            check(False, "%s: pressdb process %s is gone" % (where, pid))


def same_kind(a, b):
    """Outcomes match: same error code and SQLSTATE, or both closed/silent/ok."""
    if a[0] == "err" and b[0] == "err":
        return a[1:3] == b[1:3]
    closedish = ("closed", "silent")
    if a[0] in closedish and b[0] in closedish:
        return True
    return a[0] == b[0]


def compare_servers(name, fn, exact_message=False):
    """Runs fn(port) -> outcome on both servers and compares."""
    results = {}
    for label, port in servers():
        try:
            results[label] = fn(port)
        except Exception as e:  # noqa: BLE001
            results[label] = ("exception", repr(e))
    labels = list(results)
    pressdb = results[labels[-1]]
    check(pressdb[0] != "exception", "%s: %s raised %s" % (name, labels[-1], pressdb))
    if len(labels) == 2:
        ref = results[labels[0]]
        ok = same_kind(ref, pressdb)
        if ok and exact_message and ref[0] == "err":
            ok = ref[3] == pressdb[3]
        check(ok, "%s: MariaDB %r, pressdb %r" % (name, ref, pressdb))
    alive(name)
    return results


# -------------------------------------------------------------------- cases

def case_truncated_handshake():
    """A HandshakeResponse cut at various points: 1043 Bad handshake, or close."""
    def run(cut):
        def fn(port):
            s = open_raw(port)
            try:
                _, g = read_packet(s)
                _, scramble = parse_greeting(g)
                p = handshake_response(scramble)[:cut]
                s.sendall(packet(1, p))
                return outcome(s)
            finally:
                quiet_close(s)
        return fn
    for cut in (0, 1, 3, 4, 8, 20, 31, 32, 33, 35, 37):
        compare_servers("truncated handshake response (%d bytes)" % cut, run(cut),
                        exact_message=True)


def case_bad_handshake_lengths():
    """Length fields inside the HandshakeResponse larger than the data."""
    def mk(build):
        def fn(port):
            s = open_raw(port)
            try:
                _, g = read_packet(s)
                s.sendall(packet(1, build()))
                return outcome(s)
            finally:
                quiet_close(s)
        return fn
    head = lambda caps: struct.pack("<IIB23x", caps, 16 << 20, 45) + b"root\0"  # noqa: E731
    compare_servers("auth length byte beyond the data",
                    mk(lambda: head(BASE_CAPS) + b"\xc8" + b"abcde"), exact_message=True)
    compare_servers("lenenc auth length beyond the data",
                    mk(lambda: head(BASE_CAPS | CAP_LENENC_DATA) + b"\xfc\xff\xff" + b"abc"),
                    exact_message=True)
    compare_servers("connect attributes length beyond the data",
                    mk(lambda: head(BASE_CAPS | CAP_CONNECT_ATTRS) + b"\x00"
                       + b"mysql_native_password\0" + b"\xfc\x00\x10" + b"\x03abc"),
                    exact_message=True)


def case_wrong_sequence_ids():
    """A HandshakeResponse or a command with an unexpected sequence id: closed."""
    def hs(seq):
        def fn(port):
            s = open_raw(port)
            try:
                _, g = read_packet(s)
                _, scramble = parse_greeting(g)
                s.sendall(packet(seq, handshake_response(scramble)))
                return outcome(s)
            finally:
                quiet_close(s)
        return fn

    def cmd(seq):
        def fn(port):
            s, _ = login(port)
            try:
                s.sendall(packet(seq, b"\x03SELECT 1"))
                return outcome(s)
            finally:
                quiet_close(s)
        return fn
    for seq in (0, 2, 7, 255):
        compare_servers("handshake response with sequence id %d" % seq, hs(seq))
    for seq in (1, 5, 255):
        compare_servers("command with sequence id %d" % seq, cmd(seq))


def case_length_beyond_data():
    """A header announcing more bytes than ever arrive, then EOF: closed, no reply."""
    def pre(port):
        s = open_raw(port)
        try:
            read_packet(s)
            send_and_shut(s, b"\xe8\x03\x00\x01" + b"0123456789")
            return outcome(s)
        finally:
            quiet_close(s)

    def post(port):
        s, _ = login(port)
        try:
            send_and_shut(s, b"\xe8\x03\x00\x00" + b"\x03SELECT")
            return outcome(s)
        finally:
            quiet_close(s)
    compare_servers("handshake packet longer than its data", pre)
    compare_servers("command packet longer than its data", post)


def case_random_bytes():
    """Garbage before the greeting is read, after the greeting, and after login."""
    rng = random.Random(20261130)
    for i in range(12):
        blob = bytes(rng.randrange(256) for _ in range(rng.choice((1, 3, 4, 5, 64, 700))))

        def before(port, blob=blob):
            s = open_raw(port)
            try:
                send_and_shut(s, blob)        # before even reading the greeting
                st = outcome(s)               # the greeting
                while st[0] == "data":
                    st = outcome(s)
                return ("not authenticated",) if st[0] != "ok" else st
            finally:
                quiet_close(s)
        r = compare_servers("random bytes before the handshake #%d" % i, before)
        check(r[list(r)[-1]] != ("ok",), "random bytes before the handshake #%d: accepted" % i)

        def after(port, blob=blob):
            s, _ = login(port)
            try:
                send_and_shut(s, blob)
                return ("closed",) if closed_after(s) else ("silent",)
            finally:
                quiet_close(s)
        r = compare_servers("random bytes after login #%d" % i, after)
        check(r[list(r)[-1]] == ("closed",), "random bytes after login #%d: not closed" % i)

    def http(port):
        s = open_raw(port)
        try:
            read_packet(s)
            s.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            return outcome(s)
        finally:
            quiet_close(s)
    compare_servers("an HTTP request instead of a handshake", http)


def case_client_vanishes():
    """The client disappears while results are being sent (or never read)."""
    def burst(port):
        s, _ = login(port)
        s.sendall(b"".join(packet(0, b"\x03SELECT 1") for _ in range(500)))
        reset_close(s)
        return ("closed",)

    def big(port):
        s, _ = login(port)
        q = b"\x03SELECT REPEAT('x', 1000000)"
        s.sendall(b"".join(packet(0, q) for _ in range(20)))
        s.settimeout(TIMEOUT)
        try:
            s.recv(100)
        except OSError:
            pass
        reset_close(s)
        return ("closed",)

    def unread(port):
        """Never reads: the server must not block other clients."""
        s, _ = login(port)
        q = b"\x03SELECT REPEAT('y', 1000000)"
        s.sendall(b"".join(packet(0, q) for _ in range(8)))
        alive("while a client does not read its results")
        quiet_close(s)
        return ("closed",)
    compare_servers("client resets after 500 pipelined queries", burst)
    compare_servers("client resets in the middle of large results", big)
    compare_servers("client leaves large results unread", unread)


def case_oversized_packet():
    """A logical packet over max_allowed_packet (16M, the default of both):
    ERR 1153 (08S01), then the connection is closed."""
    def fn(port):
        s, _ = login(port)
        payload_first = b"\x03SELECT '" + b"a" * (0xffffff - 9)
        box = {}

        def reader():
            box["r"] = outcome(s, wait=20)
        t = threading.Thread(target=reader)
        t.start()
        try:
            s.sendall(struct.pack("<I", 0xffffff)[:3] + b"\x00" + payload_first)
            s.sendall(packet(1, b"a" * 4096 + b"'"))
        except OSError:
            pass
        t.join(30)
        r = box.get("r", ("silent",))
        if r[0] == "err":
            check(closed_after(s, 10), "oversized packet: connection not closed after the error")
        quiet_close(s)
        return r
    r = compare_servers("packet larger than max_allowed_packet", fn, exact_message=True)
    got = r[list(r)[-1]]
    check(got[0] == "err" and got[1] == 1153 and got[2] == "08S01",
          "oversized packet: pressdb answered %r, want ERR 1153 08S01" % (got,))


def case_unknown_commands():
    """Unknown command bytes: ERR 1047 08S01 "Unknown command", and the connection
    goes on (SELECT 1 on the same connection)."""
    def run(payload):
        def fn(port):
            s, _ = login(port)
            try:
                s.sendall(packet(0, payload))
                r = outcome(s)
                s.sendall(packet(0, b"\x03SELECT 1"))
                follow = outcome(s)
                if follow[0] == "data":
                    # column count: read the rest of the result set
                    s.settimeout(TIMEOUT)
                    rows = []
                    while True:
                        _, p = read_packet(s)
                        rows.append(p)
                        if p[:1] == b"\xfe" and len(p) < 9 and len(rows) >= 3:
                            break
                    check(any(p == b"\x011" for p in rows),
                          "after %r: SELECT 1 on the same connection: %r" % (payload, rows))
                else:
                    check(False, "after %r: SELECT 1 on the same connection: %r"
                          % (payload, follow))
                return r
            finally:
                quiet_close(s)
        return fn
    for b in (0x00, 0x05, 0x06, 0x0b, 0x0f, 0x10, 0x1d, 0x20, 0x40, 0x7f, 0xfe, 0xff):
        r = compare_servers("unknown command byte 0x%02x" % b, run(bytes([b]) + b"xyz"),
                            exact_message=True)
        got = r[list(r)[-1]]
        check(got[0] == "err" and got[1] == 1047 and got[2] == "08S01",
              "command 0x%02x: pressdb answered %r, want ERR 1047 08S01" % (b, got))
    compare_servers("empty command packet", run(b""), exact_message=True)
    compare_servers("COM_SET_OPTION with an unknown option", run(b"\x1b\x09\x00"),
                    exact_message=True)


def case_odd_commands():
    """Known commands with odd arguments."""
    def run(payload, expect_reply=True):
        def fn(port):
            s, _ = login(port)
            try:
                s.sendall(packet(0, payload))
                if not expect_reply:
                    return ("closed",) if outcome(s, wait=0.5)[0] == "silent" else ("replied",)
                return outcome(s)
            finally:
                quiet_close(s)
        return fn
    compare_servers("COM_PROCESS_KILL of an unknown id",
                    run(b"\x0c" + struct.pack("<I", 0x7ffffff0)), exact_message=True)
    compare_servers("COM_PING with trailing bytes", run(b"\x0eabc"))
    compare_servers("COM_STMT_CLOSE gets no reply", run(b"\x19\x01\x00\x00\x00", False))
    compare_servers("COM_SET_OPTION on", run(b"\x1b\x00\x00"))
    compare_servers("COM_INIT_DB of a missing database",
                    run(b"\x02nosuch_db_for_bad_input"), exact_message=True)
    compare_servers("COM_QUERY with an empty statement", run(b"\x03"), exact_message=True)


def case_prepared_statements():
    """Malformed COM_STMT_* packets: MariaDB's error (1835 Malformed communication
    packet, 1210 Incorrect arguments to mysqld_stmt_execute, 1243 unknown handler,
    1421 no open cursor) or no reply, and the connection goes on: a valid execute
    and SELECT 1 on the same connection work afterwards."""

    def reply(s):
        """The whole reply: ('err', code, state, msg) or ('rows', [row payloads]) or
        ('ok', payload)."""
        seq, p = read_packet(s)
        if p[:1] == b"\xff":
            return ("err", struct.unpack("<H", p[1:3])[0], p[4:9].decode(),
                    p[9:].decode("utf-8", "replace"))
        if p[:1] == b"\x00":
            return ("ok", p.hex())
        ncols = p[0]
        for _ in range(ncols + 1):                   # definitions and their EOF
            read_packet(s)
        rows = []
        while True:
            _, p = read_packet(s)
            if p[:1] in (b"\xfe", b"\xff") and len(p) < 9:
                return ("rows", rows)
            rows.append(p.hex())

    def prepare(s, sql):
        s.sendall(packet(0, b"\x16" + sql))
        seq, p = read_packet(s)
        if p[:1] != b"\x00":
            raise RuntimeError("prepare %r: %r" % (sql, p))
        sid, ncols, nparams = struct.unpack("<IHH", p[1:9])
        for count in (nparams, ncols):
            for _ in range(count + (1 if count else 0)):
                read_packet(s)
        return sid

    def head(sid, flags=0):
        return b"\x17" + struct.pack("<IBI", sid, flags, 1)

    def usable(s, what):
        """A good execute and SELECT 1 on the same connection."""
        sid = prepare(s, b"SELECT ? AS v")
        s.sendall(packet(0, head(sid) + b"\x00\x01\x08\x00" + struct.pack("<q", 7)))
        r = reply(s)
        check(r == ("rows", ["000007" + "00" * 7]),
              "%s: a prepared statement on the same connection returned %r" % (what, r))
        s.sendall(packet(0, b"\x03SELECT 1"))
        r = reply(s)
        check(r == ("rows", ["0131"]), "%s: SELECT 1 on the same connection returned %r" % (what, r))

    def run(what, build, no_reply=False):
        """build(s) -> payload to send (after preparing what it needs)."""
        def fn(port):
            s, _ = login(port)
            try:
                s.sendall(packet(0, build(s)))
                if no_reply:
                    s.sendall(packet(0, b"\x0e"))
                    seq, p = read_packet(s)
                    r = ("no reply",) if (seq, p[:1]) == (1, b"\x00") else ("replied", p[:1].hex())
                else:
                    r = reply(s)
                usable(s, what)
                return r
            finally:
                quiet_close(s)
        return fn

    one = lambda s: prepare(s, b"SELECT ? AS v")              # noqa: E731
    two = lambda s: prepare(s, b"SELECT ? AS a, ? AS b")      # noqa: E731
    none = lambda s: prepare(s, b"SELECT 1 AS v")             # noqa: E731
    nine = lambda s: prepare(s, b"SELECT ?,?,?,?,?,?,?,?,? FROM DUAL")  # noqa: E731
    i64 = struct.pack("<q", 5)
    cases = [
        ("execute: command byte only", lambda s: b"\x17"),
        ("execute: statement id only", lambda s: head(one(s))[:5]),
        ("execute: 8 of the 9 fixed bytes", lambda s: head(one(s))[:9]),
        ("execute: 8 fixed bytes, unknown id", lambda s: head(0x7ffffff0)[:9]),
        ("execute: unknown statement id", lambda s: head(0x7ffffff0)),
        ("execute: no NULL bitmap", lambda s: head(one(s))),
        ("execute: no new-params-bound byte", lambda s: head(one(s)) + b"\x00"),
        ("execute: no types ever bound", lambda s: head(one(s)) + b"\x00\x00" + i64),
        ("execute: types cut (0 of 2 bytes)", lambda s: head(one(s)) + b"\x00\x01"),
        ("execute: types cut (1 of 2 bytes)", lambda s: head(one(s)) + b"\x00\x01\x08"),
        ("execute: types cut (3 of 4 bytes)", lambda s: head(two(s)) + b"\x00\x01\x08\x00\x08"),
        ("execute: value missing", lambda s: head(one(s)) + b"\x00\x01\x08\x00"),
        ("execute: value cut", lambda s: head(one(s)) + b"\x00\x01\x08\x00" + i64[:3]),
        ("execute: second value missing",
         lambda s: head(two(s)) + b"\x00\x01\x08\x00\x08\x00" + i64),
        ("execute: unknown type 0x20", lambda s: head(one(s)) + b"\x00\x01\x20\x00\x011"),
        ("execute: unknown type 0xf0", lambda s: head(one(s)) + b"\x00\x01\xf0\x00\x011"),
        ("execute: JSON type", lambda s: head(one(s)) + b"\x00\x01\xf5\x00\x011"),
        ("execute: type flags other than unsigned",
         lambda s: head(one(s)) + b"\x00\x01\x08\x01" + i64),
        ("execute: unsigned flag", lambda s: head(one(s)) + b"\x00\x01\x08\x80" + i64),
        ("execute: new-params-bound byte 2", lambda s: head(one(s)) + b"\x00\x02\x08\x00" + i64),
        ("execute: NULL type without its NULL bit", lambda s: head(one(s)) + b"\x00\x01\x06\x00"),
        ("execute: NULL type with its NULL bit", lambda s: head(one(s)) + b"\x01\x01\x06\x00"),
        ("execute: trailing bytes", lambda s: head(one(s)) + b"\x00\x01\x08\x00" + i64 + b"junk"),
        ("execute: trailing bytes, no parameters", lambda s: head(none(s)) + b"\xff\xfe\xfd"),
        ("execute: 3 parameters sent to a 1-parameter statement",
         lambda s: head(one(s)) + b"\x00\x01" + b"\x08\x00" * 3 + i64 * 3),
        ("execute: 1 parameter sent to a 2-parameter statement",
         lambda s: head(two(s)) + b"\x00\x01\x08\x00" + i64),
        ("execute: 1-byte NULL bitmap for 9 parameters",
         lambda s: head(nine(s)) + b"\x00\x01" + b"\x08\x00" * 9 + i64 * 9),
        ("execute: cursor flag 0 with iterations 0",
         lambda s: b"\x17" + struct.pack("<IBI", one(s), 0, 0) + b"\x00\x01\x08\x00" + i64),
        ("send long data to a bad parameter, then execute",
         lambda s: (lambda sid: (s.sendall(packet(0, b"\x18" + struct.pack("<IH", sid, 3) + b"x")),
                                 head(sid) + b"\x00\x01\xfd\x00\x01x")[1])(one(s))),
        ("send long data for an integer parameter, then execute",
         lambda s: (lambda sid: (s.sendall(packet(0, b"\x18" + struct.pack("<IH", sid, 0) + b"1")),
                                 head(sid) + b"\x00\x01\x08\x00")[1])(one(s))),
        ("send long data, then execute without it",
         lambda s: (lambda sid: (s.sendall(packet(0, b"\x18" + struct.pack("<IH", sid, 0) + b"ab")),
                                 head(sid) + b"\x00\x01\xfd\x00")[1])(one(s))),
        ("reset: unknown statement id", lambda s: b"\x1a" + struct.pack("<I", 0x7ffffff0)),
        ("fetch: unknown statement id", lambda s: b"\x1c" + struct.pack("<II", 0x7ffffff0, 1)),
        ("prepare: empty", lambda s: b"\x16"),
        ("prepare: two statements", lambda s: b"\x16SELECT 1; SELECT 2"),
    ]
    for what, build in cases:
        compare_servers("prepared: " + what, run(what, build), exact_message=True)

    # The statement id is in this message; the ids differ between the servers.
    r = compare_servers("prepared: fetch without a cursor",
                        run("fetch", lambda s: b"\x1c" + struct.pack("<II", one(s), 1)))
    got = r[list(r)[-1]]
    check(got[:3] == ("err", 1421, "HY000") and got[3].endswith(") has no open cursor"),
          "fetch without a cursor: pressdb answered %r" % (got,))

    no_reply = [
        ("send long data: header cut", lambda s: b"\x18\x01\x00"),
        ("send long data: unknown statement", lambda s: b"\x18" + struct.pack("<IH", 0x7ffffff0, 0)),
        ("close: id cut", lambda s: b"\x19\x01"),
        ("close: unknown statement", lambda s: b"\x19" + struct.pack("<I", 0x7ffffff0)),
        ("close: last statement (0xffffffff)", lambda s: (one(s), b"\x19\xff\xff\xff\xff")[1]),
    ]
    for what, build in no_reply:
        compare_servers("prepared: " + what, run(what, build, no_reply=True))

    # Random bytes after a valid header (pressdb only: MariaDB reads some of these past
    # the end of the packet). An error or a result, never a crash, and the connection
    # goes on.
    rng = random.Random(20261201)
    s, _ = login(PRESSDB_PORT)
    try:
        sid = prepare(s, b"SELECT ?, ?, ? FROM DUAL")
        for i in range(300):
            body = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 40)))
            if i % 3 == 0 and body:
                body = b"\x00\x01" + body               # types present, random values
            s.sendall(packet(0, head(sid) + body))
            r = reply(s)
            check(r[0] == "rows" or (r[0] == "err" and r[1] in (1210, 1835)),
                  "random execute body #%d %s: %r" % (i, body.hex(), r))
        usable(s, "after 300 random execute bodies")
    except Exception as e:  # noqa: BLE001
        check(False, "random execute bodies: %r" % e)
    finally:
        quiet_close(s)
    alive("after random execute bodies")


def case_many_half_open():
    """Connections that never finish the handshake do not block anybody."""
    socks = []
    try:
        for _ in range(40):
            s = open_raw(PRESSDB_PORT)
            socks.append(s)
        alive("40 connections idle in the handshake")
        for s in socks[:20]:
            try:
                read_packet(s)
                s.sendall(packet(1, b"\x00" * 10))
            except OSError:
                pass
        alive("20 bad handshakes at once")
    finally:
        for s in socks:
            reset_close(s)
    alive("after resetting 40 half-open connections")


def case_tls_garbage():
    """An SSLRequest followed by bytes that are not TLS (pressdb only: the test
    MariaDB has no certificate and answers the SSLRequest with Bad handshake)."""
    rng = random.Random(7)
    for i, tail in enumerate((b"", b"\x16\x03\x01\x00\x05hello",
                              bytes(rng.randrange(256) for _ in range(300)))):
        s = open_raw(PRESSDB_PORT)
        try:
            _, g = read_packet(s)
            req = struct.pack("<IIB23x", BASE_CAPS | CAP_SSL, 16 << 20, 45)
            send_and_shut(s, packet(1, req) + tail)
            check(closed_after(s), "SSLRequest + garbage #%d: connection not closed" % i)
        finally:
            quiet_close(s)
        alive("SSLRequest + garbage #%d" % i)


CASES = [
    case_truncated_handshake,
    case_bad_handshake_lengths,
    case_wrong_sequence_ids,
    case_length_beyond_data,
    case_random_bytes,
    case_client_vanishes,
    case_oversized_packet,
    case_unknown_commands,
    case_odd_commands,
    case_prepared_statements,
    case_many_half_open,
    case_tls_garbage,
]


def main():
    only = sys.argv[1:]
    for case in CASES:
        if only and not any(o in case.__name__ for o in only):
            continue
        start = time.time()
        before = len(failures)
        try:
            case()
        except Exception:  # noqa: BLE001
            failures.append("%s raised:\n%s" % (case.__name__, traceback.format_exc()))
            print("FAIL: %s raised\n%s" % (case.__name__, traceback.format_exc()), flush=True)
        print("%-32s %s (%.1fs)" % (case.__name__, "ok" if len(failures) == before else "FAILED",
                                    time.time() - start), flush=True)
    alive("at the end")
    print("%d checks, %d failed" % (checks, len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
