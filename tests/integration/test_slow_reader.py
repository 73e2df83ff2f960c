#!/usr/bin/python3
"""A client that does not read its result (ARCHITECTURE.md, Threading model: output).

Starts its own pressdb (PRESSDB_BIN, --threads=1, PRESSDB_LOCK_CHECK=1) with a table
of 200,000 rows of about 300 bytes (a 60 MB result).

1. After one read run (so the shape runs on a worker), two clients send
   SELECT * FROM big and read nothing for a while. Meanwhile another client
   INSERTs into the same table and a watchdog logs in and runs SELECT 1; both must be
   answered. Once both statements are done on the server, its VmRSS (/proc) must not
   have grown by anything like the results (RSS_BOUND_MB); the output waits in a file.
   Then both clients read and must get exactly the 200,000 rows the table had (the INSERTs came after).
2. net_write_timeout: a client sets it to 2 s, sends the SELECT and does not read; the
   server must close the connection (the client then finds it lost before the end of
   the result) and log MariaDB's "Got timeout writing communication packets" note; the
   watchdog goes on being answered.
3. A second pressdb that runs every statement on its event loop (--offload-us at its
   maximum): one client does not read; the same RSS bound, then the complete result.
"""
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

import pymysql
from pymysql.connections import MySQLResult
from pymysql.constants import COMMAND
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

DB = "houtbuf_slow_reader"
ROWS = 200000
PAD = "y" * 290
RESULT_MB = ROWS * (len(PAD) + 10) / 1e6
RSS_BOUND_MB = 24       # growth allowed while two results (60 MB each) are unread
                        # (the bound in memory is 4 MiB of output per connection)
STUCK = 60
LIVE = 5
failures = []
# ASan's allocator keeps freed memory (its quarantine) and adds its own, so a sanitizer
# build's RSS says nothing about what pressdb holds: the bound is checked by the ordinary
# build (make test); the sanitizer build (make test-san) checks everything else here.
with open(BIN, "rb") as _f:
    SANITIZED = b"AddressSanitizer" in _f.read()


def rss_over_bound(growth, what):
    if SANITIZED:
        print("  (RSS bound not checked under ASan)")
    elif growth > RSS_BOUND_MB:
        fail("%s: the server's RSS grew by %.1f MB while the output was unread" % (what, growth))


def fail(msg):
    print("FAIL: " + msg)
    failures.append(msg)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def start(base, args=()):
    port = free_port()
    log = open(os.path.join(base, "server.log"), "a")
    tmp = os.path.join(base, "tmp")
    os.mkdir(tmp)
    env = dict(os.environ, PRESSDB_LOCK_CHECK="1", TMPDIR=tmp)
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--bind-address=127.0.0.1", "--threads=1",
                          "--datadir=%s" % os.path.join(base, "data"), "--socket="] + list(args),
                         stdout=log, stderr=subprocess.STDOUT, env=env)
    log.close()
    for _ in range(400):
        try:
            connect(port).close()
            return p, port
        except pymysql.err.OperationalError:
            if p.poll() is not None:
                raise SystemExit("pressdb exited on start")
            time.sleep(0.05)
    p.kill()
    raise SystemExit("pressdb did not start")


def stop(p):
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def connect(port, timeout=STUCK, **kw):
    return pymysql.connect(host="127.0.0.1", port=port, user="root", connect_timeout=timeout,
                           read_timeout=timeout, write_timeout=timeout, **kw)


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    return 0.0


class Watchdog(threading.Thread):
    """A fresh login and SELECT 1 every half second, each within LIVE seconds."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.stop, self.checks, self.errors = port, threading.Event(), 0, []

    def run(self):
        while not self.stop.is_set():
            t0 = time.monotonic()
            try:
                c = connect(self.port, timeout=LIVE)
                with c.cursor() as cur:
                    cur.execute("SELECT 1")
                    cur.fetchall()
                c.close()
                self.checks += 1
            except Exception as e:  # noqa: BLE001 - any failure is the finding
                self.errors.append("%.1fs: %s" % (time.monotonic() - t0, e))
            self.stop.wait(0.5)

    def finish(self, what):
        self.stop.set()
        self.join(LIVE * 3)
        if self.errors:
            fail("%s: the watchdog was not answered: %s" % (what, self.errors[:3]))
        elif not self.checks:
            fail("%s: the watchdog made no check" % what)
        else:
            print("  watchdog: %d logins + SELECT 1 answered" % self.checks)


def setup(port):
    c = connect(port, autocommit=True)
    cur = c.cursor()
    cur.execute("DROP DATABASE IF EXISTS " + DB)
    cur.execute("CREATE DATABASE " + DB)
    cur.execute("USE " + DB)
    cur.execute("CREATE TABLE big (id INT PRIMARY KEY, s VARCHAR(300))")
    for b in range(0, ROWS, 5000):
        cur.execute("INSERT INTO big VALUES " +
                    ",".join("(%d,'%s')" % (i, PAD) for i in range(b, b + 5000)))
    c.close()


def send_unread(port, sql, pre=()):
    """A connection that sends sql and reads nothing of its result."""
    c = connect(port, database=DB, autocommit=True)
    with c.cursor() as cur:
        for s in pre:
            cur.execute(s)
    c._execute_command(COMMAND.COM_QUERY, sql)
    return c


def read_result(c):
    r = MySQLResult(c)
    r.read()
    return r.rows


def check_rows(rows, what):
    if rows is None or len(rows) != ROWS:
        fail("%s: %s rows, expected %d" % (what, None if rows is None else len(rows), ROWS))
        return
    ids = sorted(r[0] for r in rows)
    if ids != list(range(ROWS)) or any(r[1] != PAD for r in rows):
        fail("%s: the rows differ from the table's" % what)


def wait_asleep(port, conns, what):
    """Until the server is done with the conns' statements (the processlist shows them
    asleep): what is measured then is what is held for a client that does not read, not
    the statement's own memory while it runs (RELIABILITY.md, Statement memory)."""
    ids = [c.thread_id()[0] if isinstance(c.thread_id(), tuple) else c.thread_id()
           for c in conns]
    pl = connect(port)
    with pl.cursor() as cur:
        end = time.monotonic() + STUCK
        while time.monotonic() < end:
            cur.execute("SELECT ID, COMMAND FROM information_schema.PROCESSLIST")
            cmds = dict(cur.fetchall())
            if all(cmds.get(i) == "Sleep" for i in ids):
                break
            time.sleep(0.1)
        else:
            fail("%s: the SELECTs did not end on the server: %s" % (what, cmds))
    pl.close()


def scenario_inline():
    print("3. the same SELECT run on the event loop (--offload-us=3600000000), not read")
    base = tempfile.mkdtemp(prefix="pressdb-slowreader-")
    proc, port = start(base, ["--offload-us=3600000000"])
    try:
        setup(port)
        time.sleep(0.5)
        base_rss = rss_mb(proc.pid)
        c = send_unread(port, "SELECT * FROM big")
        wait_asleep(port, [c], "scenario 3")
        wd = Watchdog(port)
        wd.start()
        # what the server holds for the unread result is the floor of its RSS over the
        # window: a held result would stay for all of it, while memory just freed (the
        # statement's arena, the watchdog's logins) may show for a moment before the
        # allocator returns it (once seen at +26.9 MB on a machine running a CI build)
        low = None
        for _ in range(20):
            r = rss_mb(proc.pid)
            low = r if low is None else min(low, r)
            time.sleep(0.1)
        wd.finish("scenario 3")
        growth = low - base_rss
        print("  VmRSS %.1f MB before, %.1f MB while unread (lowest of 20 samples; +%.1f MB; bound %d MB)"
              % (base_rss, low, growth, RSS_BOUND_MB))
        rss_over_bound(growth, "scenario 3")
        check_rows(read_result(c), "scenario 3")
        c.close()
    finally:
        stop(proc)
        subprocess.run(["rm", "-rf", base])


def scenario_unread(proc, port):
    print("1. two clients send SELECT * FROM big (%.0f MB) and do not read" % RESULT_MB)
    # A read result first: the statement's own memory (kept by the allocator) is not
    # what is measured, the held output is.
    warm = connect(port, database=DB)
    with warm.cursor() as cur:
        cur.execute("SELECT * FROM big")
        check_rows(cur.fetchall(), "scenario 1, warm-up")
    warm.close()
    time.sleep(0.5)
    base_rss = rss_mb(proc.pid)
    wd = Watchdog(port)
    wd.start()
    readers = [send_unread(port, "SELECT * FROM big")]
    time.sleep(1.0)
    readers.append(send_unread(port, "SELECT * FROM big"))
    wait_asleep(port, readers, "scenario 1")
    ins = connect(port, database=DB, autocommit=True)
    peak, n_ins = base_rss, 0
    end = time.monotonic() + 8
    with ins.cursor() as cur:
        while time.monotonic() < end:
            cur.execute("INSERT INTO big VALUES (%d, 'new')" % (1000000 + n_ins))
            n_ins += 1
            peak = max(peak, rss_mb(proc.pid))
            time.sleep(0.01)
    ins.close()
    wd.finish("scenario 1")
    growth = peak - base_rss
    print("  VmRSS %.1f MB before, peak %.1f MB while unread (+%.1f MB; bound %d MB); "
          "%d INSERTs answered" % (base_rss, peak, growth, RSS_BOUND_MB, n_ins))
    rss_over_bound(growth, "scenario 1")
    if n_ins < 10:
        fail("scenario 1: only %d INSERTs answered" % n_ins)
    for k, c in enumerate(readers):
        try:
            check_rows(read_result(c), "scenario 1, reader %d" % (k + 1))
        except Exception as e:  # noqa: BLE001
            fail("scenario 1, reader %d: %s" % (k + 1, e))
        c.close()
    print("  after reading: VmRSS %.1f MB" % rss_mb(proc.pid))


def scenario_timeout(proc, port, base):
    print("2. net_write_timeout=2, the client does not read")
    wd = Watchdog(port)
    wd.start()
    c = send_unread(port, "SELECT * FROM big", pre=("SET SESSION net_write_timeout = 2",))
    time.sleep(6)
    wd.finish("scenario 2")
    try:
        rows = read_result(c)
        fail("scenario 2: the connection was not closed (%d rows read)" % len(rows))
    except pymysql.err.OperationalError as e:
        print("  the client found: %s" % (e,))
    c.close()
    time.sleep(0.2)
    with open(os.path.join(base, "server.log"), errors="replace") as f:
        notes = [l for l in f if "Got timeout writing communication packets" in l]
    if not notes:
        fail("scenario 2: no 'Got timeout writing communication packets' note in the log")
    else:
        print("  log: " + notes[0].strip())
    c2 = connect(port, database=DB)
    with c2.cursor() as cur:
        cur.execute("SELECT COUNT(*) FROM big WHERE id < %d" % ROWS)
        if cur.fetchall()[0][0] != ROWS:
            fail("scenario 2: the table changed")
    c2.close()


def main():
    base = tempfile.mkdtemp(prefix="pressdb-slowreader-")
    proc, port = start(base)
    which = sys.argv[1:] or ["1", "2", "3"]
    try:
        setup(port)
        if "1" in which:
            scenario_unread(proc, port)
        if "2" in which:
            scenario_timeout(proc, port, base)
        if "3" in which:
            scenario_inline()
    except Exception as e:  # noqa: BLE001 - a server that stopped answering
        fail("%s: %s" % (type(e).__name__, e))
    finally:
        alive = proc.poll() is None
        stop(proc)
        if not alive:
            fail("pressdb died (exit %s)" % proc.returncode)
        with open(os.path.join(base, "server.log"), errors="replace") as f:
            log = f.read()
        if "lock order violated" in log:
            fail("the lock-order checker reported: " +
                 [l for l in log.splitlines() if "violated" in l][0])
        subprocess.run(["rm", "-rf", base])
    if failures:
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
