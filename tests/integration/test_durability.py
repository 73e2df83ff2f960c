#!/usr/bin/env python3
"""Crash test: concurrent autocommit writers, kill -9 at a random moment, restart, and
check that every acknowledged commit is there, intact, and nothing half-done is visible.
Wide DECIMAL values (more than 18 digits, stored as text) must come back exactly, from the
log and from snapshots.

Starts its own pressdb (PRESSDB_BIN) on a free port with a temporary datadir, so the
server under the main test run is not disturbed. Rounds: PRESSDB_CRASH_ROUNDS (default 3;
the full run uses 20 or more)."""
import os, random, shutil, signal, socket, subprocess, sys, tempfile, threading, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)
ROUNDS = int(os.environ.get("PRESSDB_CRASH_ROUNDS", "3"))
WRITERS = 4

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p

def start(datadir, port, log):
    # a small log size makes checkpoints (snapshot + new log) happen during the test
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--datadir=%s" % datadir, "--socket=",
                          "--threads=2", "--innodb-log-file-size=256K"], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(200):
        try:
            c = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
            return p, c
        except pymysql.err.OperationalError:
            if p.poll() is not None:
                raise SystemExit("pressdb exited on start (code %s)" % p.returncode)
            time.sleep(0.05)
    raise SystemExit("pressdb did not start")

def payload(wid, seq):
    # long enough to span several WAL pages, with 4-byte UTF-8 and quotes
    return ("w%d-%d 😀 'q' \\ " % (wid, seq)) * (1 + (seq % 50) * 20)

def amount(wid, seq):
    # a DECIMAL(65,30) beyond int64: 35 integer digits, 30 after the point, signed
    s = "%s%d%034d.%030d" % ("-" if seq < 0 else "", wid + 1, abs(seq), abs(seq) * 7919)
    return s

# fixed wide decimals written once before the crashes (exact text as MariaDB shows them)
FIXED = [
    (1, "99999999999999999999999999999999999.999999999999999999999999999999", "99999999999999999999.9999999999", "-99999999999999999999"),
    (2, "-12345678901234567890123456789012345.123456789012345678901234567890", "0.3333333330", "0"),
    (3, "0.000000000000000000000000000001", "-1.0000000001", "18446744073709551616"),
]

def writer(port, wid, acked, stop):
    try:
        c = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True, database="crash")
        cur = c.cursor()
        seq = 0
        while not stop.is_set():
            seq += 1
            # a two-row insert and an update: all of it or nothing must survive
            cur.execute("INSERT INTO t (wid, seq, body, amt) VALUES (%s, %s, %s, " + amount(wid, seq) + "), "
                        "(%s, %s, %s, " + amount(wid, -seq) + ")",
                        (wid, seq, payload(wid, seq), wid, -seq, payload(wid, seq)))
            acked.append((wid, seq))
            cur.execute("UPDATE counters SET n = n + 1 WHERE wid = %s", (wid,))
            acked.append((wid, 0))
    except Exception:
        pass   # the server was killed under us

def main():
    base = tempfile.mkdtemp(prefix="pressdb-crash-")
    datadir = os.path.join(base, "data")
    port = free_port()
    log = open(os.path.join(base, "server.log"), "ab")
    ok = False
    try:
        proc, c = start(datadir, port, log)
        cur = c.cursor()
        cur.execute("CREATE DATABASE crash")
        cur.execute("USE crash")
        cur.execute("CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, wid INT NOT NULL, seq INT NOT NULL, "
                    "body LONGTEXT, amt DECIMAL(65,30), UNIQUE KEY ws (wid, seq))")
        cur.execute("CREATE TABLE dec_fixed (id INT PRIMARY KEY, a DECIMAL(65,30), b DECIMAL(30,10), c DECIMAL(20,0))")
        for row in FIXED:
            cur.execute("INSERT INTO dec_fixed VALUES (%d, %s, %s, %s)" % (row[0], row[1], "1.5", row[3]))
            cur.execute("UPDATE dec_fixed SET b = %s WHERE id = %d" % (row[2], row[0]))
        cur.execute("CREATE TABLE counters (wid INT PRIMARY KEY, n INT NOT NULL)")
        cur.execute("INSERT INTO counters VALUES " + ",".join("(%d, 0)" % w for w in range(WRITERS)))
        c.close()
        total_acked = 0
        for rnd in range(ROUNDS):
            acked = [[] for _ in range(WRITERS)]
            stop = threading.Event()
            ths = [threading.Thread(target=writer, args=(port, w, acked[w], stop)) for w in range(WRITERS)]
            for th in ths:
                th.start()
            time.sleep(random.uniform(0.2, 1.0))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            stop.set()
            for th in ths:
                th.join()
            port = free_port()
            proc, c = start(datadir, port, log)
            cur = c.cursor()
            cur.execute("USE crash")
            cur.execute("SELECT wid, seq, body, CAST(amt AS CHAR) FROM t")
            got = cur.fetchall()
            rows = {(w, s): b for w, s, b, _ in got}
            for w, s, _, a in got:
                if a != amount(w, s):
                    raise SystemExit("round %d: row (%d,%d) DECIMAL(65,30) came back as %s, wrote %s" % (rnd, w, s, a, amount(w, s)))
            cur.execute("SELECT id, CAST(a AS CHAR), CAST(b AS CHAR), CAST(c AS CHAR) FROM dec_fixed ORDER BY id")
            fixed = [tuple(str(x) for x in r) for r in cur.fetchall()]
            if fixed != [tuple(str(x) for x in r) for r in FIXED]:
                raise SystemExit("round %d: wide decimals changed across the restart: %r" % (rnd, fixed))
            cur.execute("SELECT wid, n FROM counters")
            counters = dict(cur.fetchall())
            for w in range(WRITERS):
                for (wid, seq) in acked[w]:
                    if seq == 0:
                        continue
                    for s in (seq, -seq):
                        if (wid, s) not in rows:
                            raise SystemExit("round %d: acknowledged row (%d,%d) lost" % (rnd, wid, s))
                        if rows[(wid, s)] != payload(wid, abs(s)):
                            raise SystemExit("round %d: row (%d,%d) body differs" % (rnd, wid, s))
            # no half transaction: each seq has both rows or neither
            for (w, s) in rows:
                if (w, -s) not in rows:
                    raise SystemExit("round %d: half of a two-row insert is visible: (%d,%d)" % (rnd, w, s))
            for w in range(WRITERS):
                nupd = sum(1 for (_, s) in acked[w] if s == 0)
                if counters[w] < nupd:
                    raise SystemExit("round %d: counter %d is %d, %d updates were acknowledged" % (rnd, w, counters[w], nupd))
            total_acked += sum(len(a) for a in acked)
            c.close()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
        snap = os.path.exists(os.path.join(datadir, "pressdb.snap"))
        print("%d rounds, %d acknowledged statements, all present after kill -9 (checkpoints: %s)"
              % (ROUNDS, total_acked, "yes" if snap else "none"))
        if not snap:
            raise SystemExit("no checkpoint happened: the test did not exercise snapshots")
        ok = True
    finally:
        log.close()
        if ok:
            shutil.rmtree(base, ignore_errors=True)
        else:
            print("logs kept in", base)

main()
