#!/usr/bin/python3
"""The command phase on the wire, packet by packet, against MariaDB.

For each command the sequence of reply packets (sequence id, kind, and the fields
that do not depend on timing or ids) must be the same on both servers:
COM_PING, COM_SET_OPTION and multi-statements, result sets with and without
CLIENT_DEPRECATE_EOF (including the MORE_RESULTS flag of intermediate EOFs),
COM_STATISTICS, COM_PROCESS_KILL (self and another connection), COM_CHANGE_USER,
COM_RESET_CONNECTION, COM_INIT_DB, COM_FIELD_LIST, pipelining, access denied,
an unknown database in the handshake, the Unix socket, large results, and
wait_timeout. TLS is checked on pressdb alone (the test MariaDB has no
certificate).

Run by tests/run.py (PRESSDB_PORT, PRESSDB_SOCKET, MARIADB_PORT, MARIADB_SOCKET);
exit 0 = pass.  Alone: PRESSDB_PORT=N [PRESSDB_SOCKET=path] /usr/bin/python3 <this>.
"""

import hashlib
import os
import re
import socket
import ssl
import struct
import sys
import time
import traceback

HOST = "127.0.0.1"
TIMEOUT = 10.0
DB = "t_proto_cmds"

CAP_LONG_PASSWORD = 1
CAP_LONG_FLAG = 1 << 2
CAP_CONNECT_WITH_DB = 1 << 3
CAP_PROTOCOL_41 = 1 << 9
CAP_SSL = 1 << 11
CAP_TRANSACTIONS = 1 << 13
CAP_SECURE_CONNECTION = 1 << 15
CAP_MULTI_STATEMENTS = 1 << 16
CAP_MULTI_RESULTS = 1 << 17
CAP_PLUGIN_AUTH = 1 << 19
CAP_DEPRECATE_EOF = 1 << 24
BASE_CAPS = (CAP_LONG_PASSWORD | CAP_LONG_FLAG | CAP_PROTOCOL_41 | CAP_TRANSACTIONS
             | CAP_SECURE_CONNECTION | CAP_MULTI_RESULTS | CAP_PLUGIN_AUTH)

ST_MORE_RESULTS = 0x0008


def targets():
    out = []
    if os.environ.get("MARIADB_PORT"):
        out.append(("MariaDB", int(os.environ["MARIADB_PORT"]), os.environ.get("MARIADB_SOCKET")))
    if not os.environ.get("PRESSDB_PORT"):
        sys.exit("PRESSDB_PORT is not set: run this through tests/run.py")
    out.append(("pressdb", int(os.environ["PRESSDB_PORT"]), os.environ.get("PRESSDB_SOCKET")))
    return out


# ------------------------------------------------------------------ wire

def packet(seq, payload):
    return struct.pack("<I", len(payload))[:3] + bytes([seq & 0xff]) + payload


class Conn:
    """A raw client connection."""

    def __init__(self, port=None, sock_path=None, caps=BASE_CAPS, user=b"root", password=b"",
                 db=None, tls=False, login=True):
        if sock_path:
            self.s = socket.socket(socket.AF_UNIX)
            self.s.settimeout(TIMEOUT)
            self.s.connect(sock_path)
        else:
            self.s = socket.create_connection((HOST, port), timeout=TIMEOUT)
        self.caps = caps | (CAP_CONNECT_WITH_DB if db is not None else 0)
        seq, g = self.read()
        if g[:1] == b"\xff":
            raise RuntimeError("refused: %r" % g)
        i = g.index(b"\0", 1) + 1
        self.conn_id = struct.unpack("<I", g[i:i + 4])[0]
        self.scramble = g[i + 4:i + 12]
        j = i + 13
        self.server_caps = struct.unpack("<H", g[j:j + 2])[0]
        self.server_caps |= struct.unpack("<H", g[j + 5:j + 7])[0] << 16
        self.scramble += g[j + 18:j + 30]
        self.seq = 1
        self.login_result = None
        if tls:
            self.s.sendall(packet(1, struct.pack("<IIB23x", self.caps | CAP_SSL, 1 << 24, 45)))
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            ctx.check_hostname = False
            ctx.verify_mode = ssl.CERT_NONE
            self.s = ctx.wrap_socket(self.s)
            self.seq = 2
            self.caps |= CAP_SSL
        if login:
            self.send_raw(self.seq, self.handshake(user, password, db))
            self.login_result = self.read_outcome()

    def handshake(self, user, password, db):
        auth = native(password, self.scramble)
        p = struct.pack("<IIB23x", self.caps, 1 << 24, 45) + user + b"\0"
        p += bytes([len(auth)]) + auth
        if db is not None:
            p += db + b"\0"
        return p + b"mysql_native_password\0"

    def send_raw(self, seq, payload):
        self.s.sendall(packet(seq, payload))

    def cmd(self, payload):
        self.s.sendall(packet(0, payload))

    def read(self):
        h = self._exact(4)
        n = h[0] | h[1] << 8 | h[2] << 16
        return h[3], self._exact(n)

    def _exact(self, n):
        buf = b""
        while len(buf) < n:
            c = self.s.recv(n - len(buf))
            if not c:
                raise EOFError
            buf += c
        return buf

    def read_outcome(self):
        return describe(*self.read())

    def result(self):
        """Reads one full reply (OK/ERR/EOF, or a whole result set); returns a list
        of packet descriptions; a result set ends at its final EOF/OK."""
        seq, p = self.read()
        first = describe(seq, p)
        if first[1] in ("OK", "ERR", "EOF", "TEXT"):
            return [first]
        ncols = lenenc(p)[0]
        out = [(seq, "COLUMNS", ncols)]
        for _ in range(ncols):
            seq, p = self.read()
            out.append((seq, "COLDEF", coldef_name(p)))
        if not self.caps & CAP_DEPRECATE_EOF:
            out.append(describe(*self.read()))
        while True:
            seq, p = self.read()
            if p[:1] == b"\xfe" and len(p) < 9:      # EOF, or OK with the 0xfe header
                out.append(describe(seq, p, eof_ok=True))
                return out
            if p[:1] == b"\xff":
                out.append(describe(seq, p))
                return out
            out.append((seq, "ROW", p[:64]))

    def results(self):
        """All results of one command (MORE_RESULTS)."""
        out = []
        while True:
            r = self.result()
            out.append(r)
            last = r[-1]
            if last[1] in ("OK", "EOF") and last[2] & ST_MORE_RESULTS:
                continue
            return out

    def closed(self, wait=TIMEOUT):
        self.s.settimeout(wait)
        try:
            while True:
                if not self.s.recv(65536):
                    return True
        except (ConnectionResetError, BrokenPipeError):
            return True
        except (socket.timeout, ssl.SSLError):
            return False
        except OSError:
            return True

    def close(self):
        try:
            self.s.close()
        except OSError:
            pass


def native(password, scramble):
    if not password:
        return b""
    s1 = hashlib.sha1(password).digest()
    s2 = hashlib.sha1(s1).digest()
    s3 = hashlib.sha1(scramble + s2).digest()
    return bytes(a ^ b for a, b in zip(s1, s3))


def lenenc(p, i=0):
    c = p[i]
    if c < 0xfb:
        return c, i + 1
    if c == 0xfc:
        return struct.unpack("<H", p[i + 1:i + 3])[0], i + 3
    if c == 0xfd:
        return struct.unpack("<I", p[i + 1:i + 4] + b"\0")[0], i + 4
    return struct.unpack("<Q", p[i + 1:i + 9])[0], i + 9


def coldef_name(p):
    i = 0
    fields = []
    for _ in range(5):
        n, i = lenenc(p, i)
        fields.append(p[i:i + n])
        i += n
    return fields[4].decode("utf-8", "replace")


def describe(seq, p, eof_ok=False):
    """(seq, kind, details) for status packets."""
    if p[:1] == b"\xff":
        code = struct.unpack("<H", p[1:3])[0]
        return (seq, "ERR", code, p[4:9].decode(), p[9:].decode("utf-8", "replace"))
    if p[:1] == b"\x00" and len(p) >= 7:
        aff, i = lenenc(p, 1)
        ins, i = lenenc(p, i)
        status = struct.unpack("<H", p[i:i + 2])[0]
        return (seq, "OK", status & 0x020b)
    if p[:1] == b"\xfe" and len(p) == 5:
        status = struct.unpack("<H", p[3:5])[0]
        return (seq, "EOF", status & 0x020b)
    if p[:1] == b"\xfe" and eof_ok:
        aff, i = lenenc(p, 1)
        ins, i = lenenc(p, i)
        status = struct.unpack("<H", p[i:i + 2])[0]
        return (seq, "OK", status & 0x020b)
    if p[:1] == b"\xfe":
        return (seq, "SWITCH", p[1:p.index(b"\0")].decode())
    if p[:1] == b"\x01":
        return (seq, "MORE", p[1:2])
    if p[:7] == b"Uptime:":
        return (seq, "TEXT", "statistics")
    return (seq, "DATA", p[:1])


# ------------------------------------------------------------------ checks

failures = []
checks = 0


def check(cond, what):
    global checks
    checks += 1
    if not cond:
        failures.append(what)
        print("FAIL: " + what, flush=True)


def both(name, fn, compare=True):
    """Runs fn(label, port, sock) on each server; compares results."""
    res = {}
    for label, port, sock in targets():
        try:
            res[label] = fn(label, port, sock)
        except Exception:  # noqa: BLE001
            res[label] = "exception: %s" % traceback.format_exc(limit=3)
    vals = list(res.values())
    if isinstance(vals[-1], str) and vals[-1].startswith("exception"):
        check(False, "%s: pressdb: %s" % (name, vals[-1]))
    elif compare and len(vals) == 2:
        check(vals[0] == vals[1], "%s:\n  MariaDB %r\n  pressdb %r" % (name, vals[0], vals[1]))
    return res


def setup():
    for label, port, sock in targets():
        c = Conn(port)
        for q in ("DROP DATABASE IF EXISTS %s" % DB, "CREATE DATABASE %s" % DB,
                  "CREATE TABLE %s.t (id INT PRIMARY KEY, name VARCHAR(20))" % DB):
            c.cmd(b"\x03" + q.encode())
            c.results()
        c.close()


def teardown():
    for label, port, sock in targets():
        try:
            c = Conn(port)
            c.cmd(b"\x03DROP DATABASE IF EXISTS " + DB.encode())
            c.results()
            c.close()
        except Exception:  # noqa: BLE001
            pass


# ------------------------------------------------------------------ cases

def case_ping_and_options():
    def fn(label, port, sock):
        c = Conn(port)
        out = [c.login_result]
        c.cmd(b"\x0e")
        out.append(c.result())
        c.cmd(b"\x1b\x00\x00")                 # multi statements on
        out.append(c.result())
        c.cmd(b"\x03SELECT 1; SELECT 2")
        out.append(c.results())
        c.cmd(b"\x1b\x01\x00")                 # off again
        out.append(c.result())
        c.cmd(b"\x03SELECT 1; SELECT 2")
        r = c.results()
        out.append([(x[0], x[1], x[2]) if x[1] == "ERR" else x for x in r[0]])
        c.cmd(b"\x03SELECT 3")
        out.append(c.results())
        c.close()
        return out
    both("COM_PING, COM_SET_OPTION, multi statements", fn)


def case_result_framing():
    def fn(label, port, sock):
        out = []
        for caps in (BASE_CAPS, BASE_CAPS | CAP_DEPRECATE_EOF,
                     BASE_CAPS | CAP_MULTI_STATEMENTS,
                     BASE_CAPS | CAP_MULTI_STATEMENTS | CAP_DEPRECATE_EOF):
            c = Conn(port, caps=caps)
            c.cmd(b"\x03SELECT 1 AS a, 'x' AS b")
            out.append(c.results())
            if caps & CAP_MULTI_STATEMENTS:
                c.cmd(b"\x03SELECT 1; SELECT 2 AS two; DO 1")
                out.append(c.results())
            c.cmd(b"\x03SELECT * FROM " + DB.encode() + b".t")
            out.append(c.results())
            c.close()
        return out
    both("result set framing (EOF, DEPRECATE_EOF, MORE_RESULTS)", fn)


def case_statistics():
    def fn(label, port, sock):
        c = Conn(port)
        c.cmd(b"\x09")
        seq, p = c.read()
        c.close()
        text = p.decode()
        ok = re.match(r"^Uptime: \d+  Threads: \d+  Questions: \d+  Slow queries: \d+  "
                      r"Opens: \d+  Open tables: \d+  Queries per second avg: \d+\.\d{3}$", text)
        return (seq, bool(ok))
    r = both("COM_STATISTICS", fn)
    check(r["pressdb"] == (1, True), "COM_STATISTICS text: %r" % (r["pressdb"],))


def case_kill():
    def fn(label, port, sock):
        out = []
        a = Conn(port)
        b = Conn(port)
        b.cmd(b"\x0c" + struct.pack("<I", a.conn_id))
        out.append(b.result())
        out.append(a.closed())
        b.cmd(b"\x0c" + struct.pack("<I", b.conn_id))
        out.append(b.result())
        out.append(b.closed())
        return out
    both("COM_PROCESS_KILL of another connection and of itself", fn)


def case_change_user_and_reset():
    def fn(label, port, sock):
        out = []
        c = Conn(port)
        auth = native(b"", c.scramble)
        chg = b"\x11root\0" + bytes([len(auth)]) + auth + DB.encode() + b"\0" \
            + struct.pack("<H", 45) + b"mysql_native_password\0"
        c.cmd(chg)
        seq, p = c.read()
        d = describe(seq, p)
        out.append(d[:3])
        if d[1] == "SWITCH":
            scramble = p[p.index(b"\0") + 1:-1]
            c.send_raw(seq + 1, native(b"", scramble))
            out.append(c.read_outcome())
        c.cmd(b"\x03SELECT DATABASE()")
        out.append(c.results())
        # wrong password: refused, the connection stays as it was
        c.cmd(b"\x11root\0" + bytes([20]) + b"x" * 20 + b"\0" + struct.pack("<H", 45)
              + b"mysql_native_password\0")
        seq, p = c.read()
        if p[:1] == b"\xfe":
            c.send_raw(seq + 1, b"y" * 20)
            out.append(c.read_outcome())
        else:
            out.append(describe(seq, p))
        c.cmd(b"\x03SELECT 1")
        out.append(c.results())
        c.cmd(b"\x1f")
        out.append(c.result())
        c.cmd(b"\x02" + DB.encode())
        out.append(c.result())
        c.close()
        return out
    both("COM_CHANGE_USER, COM_RESET_CONNECTION, COM_INIT_DB", fn)


def case_field_list():
    def fn(label, port, sock):
        c = Conn(port, db=DB.encode())
        c.cmd(b"\x04t\0")
        out = []
        while True:
            seq, p = c.read()
            if p[:1] in (b"\xfe", b"\xff") and len(p) < 12:
                out.append(describe(seq, p))
                break
            out.append((seq, "COLDEF", coldef_name(p)))
        c.close()
        return out
    both("COM_FIELD_LIST", fn)


def case_process_info():
    def fn(label, port, sock):
        c = Conn(port)
        idle = Conn(port)
        idle.cmd(b"\x0e")                         # a COM_PING answered: past "Connect"
        idle.read()

        def process_info():
            rows = {}
            c.cmd(b"\x0a")
            seq, p = c.read()
            n = lenenc(p)[0]
            names = []
            for _ in range(n):
                names.append(coldef_name(c.read()[1]))
            c.read()                               # EOF
            while True:
                seq, p = c.read()
                if p[:1] == b"\xfe" and len(p) < 9:
                    break
                i, vals = 0, []
                while i < len(p):
                    if p[i] == 0xfb:
                        vals.append(None)
                        i += 1
                        continue
                    ln, i = lenenc(p, i)
                    vals.append(p[i:i + ln].decode())
                    i += ln
                rows[int(vals[0])] = vals
            return names, rows

        # MariaDB's thread may still show the ping ('Ping', 'Writing to net') for a moment
        # after its answer reached the client: ask again until the idle one is idle
        for _ in range(50):
            names, rows = process_info()
            other = rows.get(idle.conn_id)
            if not other or other[4] != "Ping":
                break
            time.sleep(0.05)
        c.close()
        idle.close()
        me = rows.get(c.conn_id)
        other = rows.get(idle.conn_id)
        # user, db, command, state, info, progress of itself; user, command, state of
        # the idle one (ids, ports and times vary)
        return (names, me and [me[1], me[3], me[4], me[6], me[7], me[8]],
                other and [other[1], other[4], other[6]])
    both("COM_PROCESS_INFO", fn)


def case_pipelining():
    def fn(label, port, sock):
        c = Conn(port)
        c.s.sendall(b"".join(packet(0, b"\x03SELECT %d" % i) for i in range(200)))
        rows = []
        for i in range(200):
            r = c.results()[0]
            rows.append([x for x in r if x[1] == "ROW"][0][2])
        c.close()
        return rows == [b"%c%d" % (len(str(i)), i) for i in range(200)]
    r = both("200 pipelined queries", fn)
    check(r["pressdb"] is True, "pipelined queries answered in order")


def case_login_errors():
    def wrong(label, port, sock):
        return Conn(port, password=b"wrong").login_result

    def nodb(label, port, sock):
        c = Conn(port, db=b"no_such_db_proto")
        r = c.login_result
        return (r, c.closed())
    both("access denied", wrong)
    both("unknown database in the handshake", nodb)


def case_unix_socket():
    def fn(label, port, sock):
        if not sock:
            return "no socket"
        c = Conn(sock_path=sock)
        out = [c.login_result]
        c.cmd(b"\x03SELECT USER()")
        out.append(c.results())
        c.close()
        return out
    both("Unix socket login", fn)


def case_large_results():
    def fn(label, port, sock):
        c = Conn(port)
        q = b"\x03SELECT REPEAT('x', 1000000) AS r"
        c.s.sendall(b"".join(packet(0, q) for _ in range(20)))
        sizes = []
        for _ in range(20):
            c.result()
            sizes.append(1)
        c.close()
        return len(sizes)
    both("20 pipelined 1 MB results", fn)


def case_wait_timeout():
    def fn(label, port, sock):
        c = Conn(port)
        c.cmd(b"\x03SET SESSION wait_timeout = 1")
        r = c.results()
        t = time.time()
        gone = c.closed(wait=5)
        return (r, gone, round(time.time() - t) <= 2)
    both("wait_timeout closes an idle connection", fn)


def case_tls():
    port = int(os.environ["PRESSDB_PORT"])
    try:
        c = Conn(port, caps=BASE_CAPS, tls=True)
        check(c.login_result[1] == "OK", "TLS login: %r" % (c.login_result,))
        c.cmd(b"\x03SELECT 1")
        r = c.results()
        check(r[0][-1][1] in ("EOF", "OK"), "TLS SELECT 1: %r" % (r,))
        c.cmd(b"\x03SELECT REPEAT('z', 300000)")
        r = c.results()
        check(any(x[1] == "ROW" for x in r[0]), "TLS large row: %r" % (r[0][:3],))
        c.close()
    except Exception:  # noqa: BLE001
        check(False, "TLS: %s" % traceback.format_exc(limit=3))


CASES = [case_ping_and_options, case_result_framing, case_statistics, case_kill,
         case_process_info,
         case_change_user_and_reset, case_field_list, case_pipelining, case_login_errors,
         case_unix_socket, case_large_results, case_wait_timeout, case_tls]


def main():
    only = sys.argv[1:]
    setup()
    try:
        for case in CASES:
            if only and not any(o in case.__name__ for o in only):
                continue
            before = len(failures)
            start = time.time()
            try:
                case()
            except Exception:  # noqa: BLE001
                check(False, "%s raised:\n%s" % (case.__name__, traceback.format_exc()))
            print("%-32s %s (%.1fs)" % (case.__name__,
                                        "ok" if len(failures) == before else "FAILED",
                                        time.time() - start), flush=True)
    finally:
        teardown()
    print("%d checks, %d failed" % (checks, len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
