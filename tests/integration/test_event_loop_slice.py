#!/usr/bin/python3
"""A statement run inline on an event loop leaves it once its time slice is over, also
when the time goes after the scan (ARCHITECTURE.md, Threading model: moving to a worker).

Starts its own pressdb (PRESSDB_BIN) with --threads=1, so every connection shares one
event loop, and PRESSDB_LOCK_CHECK=1. Each statement below scans a table quickly and then
spends seconds in one part after the scan's row loop: an ORDER BY sort,
a GROUP_CONCAT(... ORDER BY) finalisation, a window function's frames, an EXCEPT
and a UNION's ORDER BY. Each runs for the first time (its shape is not known as slow), so
it starts on the loop; meanwhile a watchdog connection of the same loop must keep getting
SELECT 1 answered (within LIVE seconds: a liveness check, not a speed assertion; the
statements take longer than that). Then each statement runs again (now on a worker from
the start): its result, and how it moved the session's status counters (Select_scan,
Handler_read_*...), must be the same as the first run's.

--offload-us=200000: the scan of each statement stays within its slice, so the slice ends
in the part under test (with the default 2 ms the row loop's own check would move some
of them before they reach it, on any version).
"""
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

DB = "hserver_slice"
ROWS = 15000        # rows of t
WIDTH = 3500        # characters of t.s: the same for all but the last few
STUCK = 300         # a statement not done after this long is stuck
LIVE = 2            # the watchdog's SELECT 1 within this many seconds
failures = []

STATEMENTS = [
    ("ORDER BY (sort)", "SELECT id FROM t ORDER BY s"),
    ("GROUP_CONCAT(... ORDER BY) (grouping finalisation)",
     "SELECT id % 2, MD5(GROUP_CONCAT(id ORDER BY s)) FROM t GROUP BY id % 2"),
    ("window frames", "SELECT id, MAX(s) OVER (ORDER BY id ROWS BETWEEN 8 PRECEDING AND 8 FOLLOWING) FROM t "
                      "ORDER BY id LIMIT 3"),
    ("EXCEPT", "SELECT COUNT(*) FROM (SELECT s FROM t EXCEPT SELECT s FROM t WHERE id < 15) x"),
    ("UNION ... ORDER BY", "SELECT s, id FROM t UNION ALL SELECT s, id FROM t WHERE id < 10 ORDER BY 1, 2 LIMIT 5"),
]


def fail(msg):
    print("FAIL: " + msg)
    failures.append(msg)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def connect(port, timeout=STUCK, **kw):
    return pymysql.connect(host="127.0.0.1", port=port, user="root", connect_timeout=timeout,
                           read_timeout=timeout, write_timeout=timeout, **kw)


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


def setup(port):
    c = connect(port, autocommit=True)
    cur = c.cursor()
    cur.execute("DROP DATABASE IF EXISTS " + DB)
    cur.execute("CREATE DATABASE " + DB)
    cur.execute("USE " + DB)
    cur.execute("CREATE TABLE t (id INT PRIMARY KEY, s TEXT COLLATE utf8mb4_general_ci)")
    for b in range(0, ROWS, 5000):
        cur.execute("INSERT INTO t VALUES " +
                    ",".join("(%d,'%d')" % (i, (i * 7919) % ROWS) for i in range(b, min(b + 5000, ROWS))))
    cur.execute("UPDATE t SET s = CONCAT(REPEAT('a', %d), s)" % WIDTH)
    c.close()


COUNTERS = ("Select_scan", "Select_range", "Select_full_join", "Sort_scan", "Sort_rows", "Rows_read",
            "Handler_read_first", "Handler_read_key", "Handler_read_next", "Handler_read_rnd_next", "Com_select",
            "Questions")


def run(port, sql, counts=None):
    """sql's rows; counts, if given, gets how far it moved the session's COUNTERS"""
    c = connect(port, database=DB, autocommit=True)
    try:
        with c.cursor() as cur:
            def status():
                cur.execute("SHOW SESSION STATUS")
                return {k: int(v) for k, v in cur.fetchall() if k in COUNTERS}
            before = status()
            cur.execute(sql)
            rows = cur.fetchall()
            if counts is not None:
                after = status()
                counts.update({k: after[k] - before[k] for k in COUNTERS})
            return rows
    finally:
        c.close()


def scenario(port, what, sql):
    """sql's first run beside the watchdog: the slowest SELECT 1 (seconds), or None"""
    wd = connect(port, timeout=LIVE)
    res, errs = {}, []

    def body():
        try:
            res["rows"] = run(port, sql, res.setdefault("counts", {}))
        except Exception as e:  # noqa: BLE001
            errs.append(str(e))

    t = threading.Thread(target=body, daemon=True)
    t0 = time.monotonic()
    t.start()
    worst, checks, stalled = 0.0, 0, None
    while t.is_alive() and time.monotonic() - t0 < STUCK:
        a = time.monotonic()
        try:
            with wd.cursor() as cur:
                cur.execute("SELECT 1")
                cur.fetchall()
        except Exception as e:  # noqa: BLE001 - the loop did not answer in time
            stalled = "%.1fs: %s" % (time.monotonic() - a, e)
            break
        worst = max(worst, time.monotonic() - a)
        checks += 1
        time.sleep(0.02)
    t.join(STUCK)
    took = time.monotonic() - t0
    if t.is_alive():
        fail("%s: not done after %ss" % (what, STUCK))
        return None
    if errs:
        fail("%s: %s" % (what, errs[0]))
        return None
    if stalled:
        fail("%s: the watchdog's SELECT 1 on the same loop was not answered within %ss (%s)" % (what, LIVE, stalled))
    print("  %s: %.1fs; watchdog: %d SELECT 1, slowest %.3fs" % (what, took, checks, worst))
    try:
        wd.close()
    except Exception:  # noqa: BLE001
        pass
    # the same statement again, now on a worker from its start: the same result
    counts = {}
    again = run(port, sql, counts)
    if again != res["rows"]:
        fail("%s: the first run's result differs from the second's:\n    %r\n    %r"
             % (what, res["rows"][:5], again[:5]))
    # the moved run (begun on the loop, run again on a worker) counts as one run
    if counts != res["counts"]:
        fail("%s: the session's counters moved otherwise on the moved run than on the second:\n    %r\n    %r"
             % (what, res["counts"], counts))
    return None if stalled else worst


def main():
    base = tempfile.mkdtemp(prefix="pressdb-slice-")
    proc, port = start(base, ["--threads=1", "--offload-us=200000"])
    worst = 0.0
    try:
        setup(port)
        for what, sql in STATEMENTS:
            w = scenario(port, what, sql)
            if w is not None:
                worst = max(worst, w)
        print("slowest SELECT 1 answered beside them: %.3fs" % worst)
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
