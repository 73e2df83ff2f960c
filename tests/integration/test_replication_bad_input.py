#!/usr/bin/env python3
"""Any account with REPLICATION SLAVE can send COM_BINLOG_DUMP and COM_REGISTER_SLAVE:
malformed ones (cut short, random bytes, impossible positions, unknown files, names of
600 bytes, GTID states that do not parse or name what the log never had, odd checksum
and heartbeat settings) get an error or a stream, never a crash, and the server goes on
answering. Starts its own pressdb with --log-bin (two files); PRESSDB_REPL_FUZZ_CASES
cases (default 150), seed PRESSDB_REPL_FUZZ_SEED."""
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402
from servers import free_port  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)
if os.environ.get("PRESSDB_EXTRA_ARGS"):
    # (its own server takes none of the pass's options: the first pass ran this very test)
    print("skipped: starts its own pressdb without PRESSDB_EXTRA_ARGS (same as the first pass)")
    sys.exit(0)
CASES = int(os.environ.get("PRESSDB_REPL_FUZZ_CASES", "150"))
SEED = int(os.environ.get("PRESSDB_REPL_FUZZ_SEED", "1"))
STATES = ["", "0-3-5", "0-3-1,1-2-3", "0-3-999", "garbage", "0-9-2", "1-1-1", "0-3-30", "-", "0-3-", "0-3-80",
          "0-3-18446744073709551615", ",,,", "0-3-5," * 40]



def payload(rnd):
    k = rnd.random()
    if k < 0.45:
        name = rnd.choice([b"", b"pressdb-bin.000001", b"pressdb-bin.000002", b"pressdb-bin.000009",
                           b"x" * rnd.randint(0, 600), bytes(rnd.getrandbits(8) for _ in range(rnd.randint(0, 30)))])
        pos = rnd.choice([0, 3, 4, 5, 100, 256, 283, 328, 0xffffffff, rnd.randint(0, 5000)])
        return bytes([0x12]) + struct.pack("<IHI", pos, rnd.randint(0, 3), rnd.choice([0, 1, 2, 99])) + name
    if k < 0.7:
        return bytes([0x15]) + bytes(rnd.getrandbits(8) for _ in range(rnd.randint(0, 40)))
    if k < 0.85:
        b = bytes([0x15]) + struct.pack("<I", 7) + b"\x03abc\x00\x00" + struct.pack("<HII", 3307, 0, 0)
        return b[:rnd.randint(1, len(b))]
    return bytes([0x12]) + bytes(rnd.getrandbits(8) for _ in range(rnd.randint(0, 20)))


def main():
    base = tempfile.mkdtemp(prefix="pressdb-replfuzz-")
    port = free_port()
    log = open(os.path.join(base, "server.log"), "ab")
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--datadir=" + os.path.join(base, "data"), "--port=%d" % port,
                                             "--socket=", "--log-bin", "--server-id=3", "--skip-ssl"],
                         stdout=log, stderr=subprocess.STDOUT)
    c = None
    for _ in range(200):
        try:
            c = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
            break
        except pymysql.err.OperationalError:
            time.sleep(0.05)
    if c is None:
        sys.exit("pressdb did not start")
    cur = c.cursor()
    cur.execute("CREATE DATABASE f")
    cur.execute("CREATE TABLE f.t (a INT PRIMARY KEY, b TEXT)")
    for i in range(40):
        cur.execute("INSERT INTO f.t VALUES (%s, %s)", (i, "x" * (i * 37)))
    cur.execute("FLUSH BINARY LOGS")
    for i in range(40, 60):
        cur.execute("INSERT INTO f.t VALUES (%s, %s)", (i, "y" * i))
    rnd = random.Random(SEED)
    died = None
    for i in range(CASES):
        try:
            s = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True, read_timeout=2)
            sc = s.cursor()
            if rnd.random() < 0.7:
                sc.execute("SET @slave_connect_state=%s", (rnd.choice(STATES),))
            if rnd.random() < 0.5:
                sc.execute("SET @master_binlog_checksum=%s", (rnd.choice(["CRC32", "NONE", "x"]),))
            if rnd.random() < 0.3:
                sc.execute("SET @master_heartbeat_period=%s", (rnd.choice([0, 1000000, 10 ** 15, -5]),))
            pl = payload(rnd)
            s._write_bytes(struct.pack("<I", len(pl))[:3] + b"\x00" + pl)
            sock = s._sock
            sock.settimeout(0.2)
            t0 = time.time()
            try:
                while time.time() - t0 < 0.2 and sock.recv(65536):
                    pass
            except OSError:
                pass
            sock.close()
        except pymysql.MySQLError:
            pass
        if p.poll() is not None:
            died = i
            break
    ok = died is None
    if ok:
        c2 = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
        k = c2.cursor()
        k.execute("SELECT COUNT(*) FROM f.t")
        ok = k.fetchone()[0] == 60
        c2.close()
    p.terminate()
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
    log.close()
    text = open(os.path.join(base, "server.log"), errors="replace").read()
    bad = [l for l in text.splitlines() if "AddressSanitizer" in l or "runtime error" in l or "LeakSanitizer" in l]
    if not ok or bad or (p.returncode not in (0, None) and p.returncode != -15):
        print("FAIL: server %s (case %s, exit %s); sanitizer: %s; log %s" % (
            "died" if died is not None else "answered wrongly", died, p.returncode, bad[:3], base))
        sys.exit(1)
    shutil.rmtree(base, ignore_errors=True)
    print("replication bad input: %d cases, the server stayed up" % CASES)


main()
