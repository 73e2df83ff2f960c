#!/usr/bin/python3
"""Deadlocks and stalls of the event loops (ARCHITECTURE.md, Threading model).

Starts its own pressdb (PRESSDB_BIN) with --threads=1, so every connection shares
one event loop, and PRESSDB_LOCK_CHECK=1, so a loop thread that would block on the
store lock stops the server (the lock-order checker, storage/table.c).

1. A worker streaming a large offloaded SELECT holds the store lock while it waits
   for the loop to send its output; the loop must not then block on that lock for an
   INSERT of another connection (the server used to stop answering).
2. The same with 300 clients (autocommit off, so each has a transaction to roll back)
   that disconnect in the middle of their result.
3. A SELECT running for seconds inline on the loop (a cross join COUNT, seen for the
   first time) must move to a worker: another connection's SELECT 1 and a fresh login
   are answered meanwhile, also once an INSERT waits for the COUNT: a statement that
   reads no table takes no store lock, and a reader of a table goes ahead of the INSERT
   while a reader older than it (the COUNT) still runs. KILL QUERY then ends the COUNT
   and the INSERT goes on.
4. Moved statements give MariaDB's results (MARIADB_PORT), side effects happen once.
5. Writers are not starved: while three clients loop full scans whose runs overlap
   (readers always hold the store lock), an INSERT must still get its turn (with
   glibc's reader-first lock it waited for as long as the readers went on).

Every scenario has a watchdog: a fresh connection must get SELECT 1 answered
(generous timeouts: liveness checks, not speed assertions); a client stuck past its
timeout is a failure.
"""
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

import pymysql
from pymysql.constants import CLIENT, COMMAND
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

DB = "hserver_deadlock"
STUCK = 60          # a client waiting this long for an answer is stuck
LIVE = 5            # the watchdog's answer (and a login) within this many seconds
failures = []


class Stuck(Exception):
    pass


def fail(msg):
    print("FAIL: " + msg)
    failures.append(msg)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def start(base, args):
    port = free_port()
    log = open(os.path.join(base, "server.log"), "a")
    env = dict(os.environ, PRESSDB_LOCK_CHECK="1")
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--bind-address=127.0.0.1",
                          "--datadir=%s" % os.path.join(base, "data"), "--socket="] + args,
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


def loop_thread(name, body, seconds, errors, counts):
    def run():
        end = time.monotonic() + seconds
        n = 0
        try:
            while time.monotonic() < end:
                body()
                n += 1
        except Exception as e:  # noqa: BLE001
            errors.append("%s: %s" % (name, e))
        counts[name] = n
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def setup(port):
    c = connect(port, autocommit=True)
    cur = c.cursor()
    cur.execute("DROP DATABASE IF EXISTS " + DB)
    cur.execute("CREATE DATABASE " + DB)
    cur.execute("USE " + DB)
    cur.execute("CREATE TABLE big (id INT PRIMARY KEY, s VARCHAR(200))")
    pad = "x" * 146
    for b in range(0, 200000, 5000):
        cur.execute("INSERT INTO big VALUES " +
                    ",".join("(%d,'%s')" % (i, pad) for i in range(b, b + 5000)))
    cur.execute("CREATE TABLE t2 (a INT)")
    for t in ("t1", "t3", "t4"):
        cur.execute("CREATE TABLE %s (a INT, s VARCHAR(10))" % t)
    cur.execute("INSERT INTO t1 VALUES " + ",".join("(%d,'%d')" % (i, i) for i in range(1000)))
    cur.execute("INSERT INTO t3 SELECT * FROM t1")
    cur.execute("INSERT INTO t4 SELECT * FROM t1")
    c.close()


def scenario_insert(port):
    print("1. SELECT * FROM big (200,000 rows) in a loop beside INSERTs, one event loop")
    errors, counts = [], {}
    sel = connect(port, database=DB, autocommit=True)
    ins = connect(port, database=DB, autocommit=True)

    def select_all():
        with sel.cursor() as cur:
            cur.execute("SELECT * FROM big")
            if len(cur.fetchall()) != 200000:
                raise RuntimeError("short result")

    def insert():
        with ins.cursor() as cur:
            cur.execute("INSERT INTO t2 VALUES (1)")

    wd = Watchdog(port)
    wd.start()
    ts = [loop_thread("select", select_all, 8, errors, counts),
          loop_thread("insert", insert, 8, errors, counts)]
    for t in ts:
        t.join(8 + STUCK + 10)
    if any(t.is_alive() for t in ts):
        raise Stuck("scenario 1: a client is stuck (deadlock)")
    for e in errors:
        fail("scenario 1: " + e)
    print("  %s" % counts)
    if counts.get("select", 0) < 2 or counts.get("insert", 0) < 1:
        fail("scenario 1: too few statements ran (%s)" % counts)
    wd.finish("scenario 1")
    sel.close()
    ins.close()


def scenario_disconnect(port, clients=300):
    print("2. %d clients (autocommit off) leave in the middle of a result" % clients)
    errors, counts = [], {}
    sel = connect(port, database=DB, autocommit=True)

    def select_all():
        with sel.cursor() as cur:
            cur.execute("SELECT * FROM big")
            cur.fetchall()

    def leaver(k):
        try:
            for _ in range(k):
                c = connect(port, database=DB, autocommit=False)
                # (about 6 MB: past the 4 MiB a connection holds in memory, so the result
                # spills, as the whole table's 30 MB do, at a fifth of the work)
                c._execute_command(COMMAND.COM_QUERY, "SELECT * FROM big LIMIT 40000")
                for _ in range(20):
                    c._read_packet()
                c._sock.close()     # gone without COM_QUIT, the result half read
        except Exception as e:  # noqa: BLE001
            errors.append("leaver: %s" % e)

    wd = Watchdog(port)
    wd.start()
    reader = loop_thread("select", select_all, 10, errors, counts)
    ls = [threading.Thread(target=leaver, args=(clients // 4,), daemon=True) for _ in range(4)]
    for t in ls:
        t.start()
    for t in ls + [reader]:
        t.join(10 + STUCK + 10)
    if any(t.is_alive() for t in ls + [reader]):
        raise Stuck("scenario 2: a client is stuck (deadlock)")
    for e in errors:
        fail("scenario 2: " + e)
    print("  %s" % counts)
    wd.finish("scenario 2")
    sel.close()
    # every session left: their transactions were rolled back (none is open)
    c = connect(port, database=DB, autocommit=True)
    with c.cursor() as cur:
        cur.execute("INSERT INTO t2 VALUES (2)")
        cur.execute("SELECT COUNT(*) FROM t2 WHERE a = 2")
        if cur.fetchall()[0][0] != 1:
            fail("scenario 2: insert after the disconnects not seen")
    c.close()


def scenario_runaway(port):
    print("3. SELECT COUNT(*) FROM t1,t3,t4 (10^9 rows) run first time on the event loop")
    other = connect(port, database=DB, autocommit=True, timeout=LIVE)
    res = {}

    def count():
        c = connect(port, database=DB, autocommit=True, timeout=600)
        res["id"] = c.thread_id()
        try:
            with c.cursor() as cur:
                cur.execute("SELECT COUNT(*) FROM t1,t3,t4")
                res["count"] = cur.fetchall()[0][0]
        except pymysql.MySQLError as e:
            res["count"] = "error %s" % e.args[0]
        c.close()

    t = threading.Thread(target=count, daemon=True)
    t.start()
    time.sleep(1.0)
    for what in ("a fresh login", "SELECT 1 on a connection of the same loop"):
        t0 = time.monotonic()
        try:
            c = other if what.startswith("SELECT") else connect(port, timeout=LIVE)
            with c.cursor() as cur:
                cur.execute("SELECT 1")
                cur.fetchall()
            print("  %s: answered in %.2fs" % (what, time.monotonic() - t0))
        except Exception as e:  # noqa: BLE001
            fail("scenario 3: %s not answered within %ss while the COUNT runs: %s" % (what, LIVE, e))
    # an INSERT now waits for the COUNT (writers first: later readers of tables wait
    # behind it); a statement that reads no table must still be answered
    ins_done = {}

    def insert():
        c = connect(port, database=DB, autocommit=True, timeout=600)
        with c.cursor() as cur:
            cur.execute("INSERT INTO t2 VALUES (3)")
        ins_done["ok"] = True
        c.close()
    w = threading.Thread(target=insert, daemon=True)
    w.start()
    time.sleep(0.5)
    for sql in ("SELECT 1", "SELECT @@version_comment, 1 + 1", "SELECT COUNT(*) FROM %s.t2" % DB):
        t0 = time.monotonic()
        try:
            c = connect(port, timeout=LIVE)
            with c.cursor() as cur:
                cur.execute(sql)
                cur.fetchall()
            c.close()
            print("  %s with an INSERT waiting: answered in %.2fs" % (sql, time.monotonic() - t0))
        except Exception as e:  # noqa: BLE001
            fail("scenario 3: %s not answered within %ss while an INSERT waits for the COUNT: %s"
                 % (sql, LIVE, e))
    # (KILL QUERY ends the COUNT rather than waiting the tens of seconds it runs, minutes
    # under ASan; the INSERT then gets its turn)
    k = connect(port, timeout=LIVE)
    with k.cursor() as cur:
        cur.execute("KILL QUERY %d" % res["id"])
    k.close()
    t.join(STUCK)
    w.join(STUCK)
    if not ins_done.get("ok"):
        fail("scenario 3: the INSERT waiting for the COUNT never finished")
    if t.is_alive():
        fail("scenario 3: the COUNT did not end after KILL QUERY")
    elif res.get("count") not in ("error 1317", 10 ** 9):
        fail("scenario 3: COUNT(*) = %s (after KILL QUERY: 1317, or 10^9 if it was done)" % res.get("count"))
    other.close()


COMPARE = [
    # moved after their slice on the loop: results as MariaDB's
    "SELECT COUNT(*), SUM(t1.a), MAX(t3.a) FROM t1, t3 WHERE t1.a < t3.a",
    "SELECT t1.a, COUNT(*) FROM t1, t3 WHERE t1.a + t3.a < 1500 GROUP BY t1.a ORDER BY t1.a DESC LIMIT 5",
    # side effects: not run twice
    "SET @n := 0",
    "SELECT COUNT(*) FROM t1, t3 WHERE (@n := @n + 1) > 0",
    "SELECT @n",
    "SELECT SUM(t1.a) INTO @s FROM t1, t3 WHERE t1.a > t3.a",
    "SELECT @s",
    # a multi-statement query whose second statement moves
    "SELECT 1; SELECT COUNT(*) FROM t1, t3 WHERE t1.s < t3.s; SELECT 2",
]


def results(conn, sql):
    out = []
    with conn.cursor() as cur:
        cur.execute(sql)
        while True:
            out.append((cur.description and [d[0] for d in cur.description],
                        cur.fetchall() if cur.description else cur.rowcount))
            if not cur.nextset():
                break
    return out


def scenario_compare(port):
    mport = os.environ.get("MARIADB_PORT")
    if not mport:
        print("4. (no MARIADB_PORT: comparisons skipped)")
        return
    print("4. moved statements give MariaDB's results")
    m = pymysql.connect(host="127.0.0.1", port=int(mport), user="root", autocommit=True,
                        client_flag=CLIENT.MULTI_STATEMENTS)
    mc = m.cursor()
    mc.execute("DROP DATABASE IF EXISTS " + DB)
    mc.execute("CREATE DATABASE " + DB)
    mc.execute("USE " + DB)
    for t in ("t1", "t3"):
        mc.execute("CREATE TABLE %s (a INT, s VARCHAR(10))" % t)
    mc.execute("INSERT INTO t1 VALUES " + ",".join("(%d,'%d')" % (i, i) for i in range(1000)))
    mc.execute("INSERT INTO t3 SELECT * FROM t1")
    p = connect(port, database=DB, autocommit=True, client_flag=CLIENT.MULTI_STATEMENTS)
    for sql in COMPARE:
        want, got = results(m, sql), results(p, sql)
        if want != got:
            fail("scenario 4: %s\n    MariaDB: %r\n    pressdb: %r" % (sql, want, got))
    mc.execute("DROP DATABASE " + DB)
    m.close()
    p.close()


def scenario_writer(port):
    print("5. INSERTs beside three clients whose full scans overlap")
    errors, counts, stop_scans = [], {}, threading.Event()
    conns = [connect(port, database=DB, autocommit=True) for _ in range(3)]

    def scanner(i, c):
        def run():
            n = 0
            try:
                while not stop_scans.is_set():
                    with c.cursor() as cur:
                        cur.execute("SELECT COUNT(*) FROM big WHERE s LIKE '%zz%'")
                        cur.fetchall()
                    n += 1
            except Exception as e:  # noqa: BLE001
                errors.append("scan%d: %s" % (i, e))
            counts["scan%d" % i] = n
        t = threading.Thread(target=run, daemon=True)
        t.start()
        return t

    ts = [scanner(i, c) for i, c in enumerate(conns)]
    time.sleep(1)
    ins = connect(port, database=DB, autocommit=True)
    done = threading.Event()

    def writer():
        with ins.cursor() as cur:
            for _ in range(3):
                cur.execute("INSERT INTO t2 VALUES (5)")
        done.set()
    w = threading.Thread(target=writer, daemon=True)
    w.start()
    # the scans go on until the INSERTs are done, or for STUCK / 2 seconds
    in_time = done.wait(STUCK / 2)
    stop_scans.set()
    for t in ts + [w]:
        t.join(STUCK + 10)
    if any(t.is_alive() for t in ts + [w]):
        raise Stuck("scenario 5: a client is stuck")
    for e in errors:
        fail("scenario 5: " + e)
    if not in_time:
        fail("scenario 5: 3 INSERTs waited %ds for readers that kept coming (writer starved)" % (STUCK // 2))
    else:
        print("  3 INSERTs done while the scans went on; scans %s" % counts)
    ins.close()
    for c in conns:
        c.close()


def main():
    base = tempfile.mkdtemp(prefix="pressdb-deadlock-")
    proc, port = start(base, ["--threads=1"])
    which = sys.argv[1:] or ["1", "2", "3", "4", "5"]     # scenarios to run
    try:
        setup(port)
        for k, f in (("1", scenario_insert), ("2", scenario_disconnect), ("3", scenario_runaway),
                     ("4", scenario_compare), ("5", scenario_writer)):
            if k in which:
                f(port)
    except Stuck as e:
        fail(str(e))
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
