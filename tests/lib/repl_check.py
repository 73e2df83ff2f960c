"""What the replication tests (test_replica, test_replica_of_mariadb) share: a server that
keeps its port across restarts (its peer knows one), and comparing two servers' dumps of
the workload's database after concurrent writers."""
import re
import threading
import time
import dumps
import servers
from binlog_workload import DB, writer


class FixedPort:
    """Mixin for a servers.Server: every start after the first keeps the first's port."""
    fixed = None

    def start(self, timeout=servers.START_TIMEOUT):
        if self.fixed is None:
            r = super().start(timeout)
            self.fixed = self.port
            return r
        orig = servers.free_port
        servers.free_port = lambda: self.fixed
        try:
            return super().start(timeout)
        finally:
            servers.free_port = orig


def q1(conn, sql):
    cur = conn.cursor()
    cur.execute(sql)
    return cur.fetchone()


def dump(check, server, sort):
    p = dict(host="127.0.0.1", port=server.port)
    rc, text, err = dumps.dump(p, DB, ("--skip-dump-date",) + (("--skip-extended-insert",) if sort else ()))
    check(rc == 0, "mariadb-dump of %s (%s)" % (server.label, err.strip()[:200]))
    lines = dumps.body(text)
    return sorted(lines) if sort else lines


def same_data(check, primary, replica, what, sort=False):
    a, b = dump(check, primary, sort), dump(check, replica, sort)
    # (AUTO_INCREMENT counters are not in row events: a MariaDB replica differs the same way)
    a = [re.sub(r" AUTO_INCREMENT=\d+", "", x) for x in a]
    b = [re.sub(r" AUTO_INCREMENT=\d+", "", x) for x in b]
    diff = [(x, y) for x, y in zip(a, b) if x != y]
    check(a == b, "%s: the replica's dump is the primary's%s" % (
        what, "" if a == b else ": first difference %r / %r" % diff[0] if diff else ": %d / %d lines" % (len(a), len(b))))


def writers(check, port, seconds, kill=None, after_kill=0.0):
    """Three writer threads for `seconds`; kill() then (if given), and they go on for
    after_kill seconds (a killed primary's writers just fail)."""
    stop, acked = threading.Event(), []
    ws = [threading.Thread(target=writer, args=(port, w, stop, acked)) for w in range(3)]
    for w in ws:
        w.start()
    time.sleep(seconds)
    if kill:
        kill()
        time.sleep(after_kill)
    stop.set()
    for w in ws:
        w.join()
    check(len(acked) > 20, "writers committed (%d)" % len(acked))


def skip_unless_binary():
    """The replica tests need a pressdb binary and run in the first pass only (the
    replica's thread does not depend on --offload-us; CI time counts). Exits when not."""
    import os
    import sys
    if os.environ.get("PRESSDB_SELF_TEST") or not os.environ.get("PRESSDB_BIN"):
        print("skipped: needs a pressdb binary (not applicable in --self-test)")
        sys.exit(0)
    if os.environ.get("PRESSDB_EXTRA_ARGS"):
        print("skipped: the offload pass (the replica's thread does not depend on it; CI time counts)")
        sys.exit(0)


class Checks:
    """check(ok, what) prints ok/FAIL lines and keeps the failures."""
    def __init__(self, quiet_ok=False):
        self.failures = []
        self.quiet_ok = quiet_ok

    def __call__(self, ok, what):
        if not ok or not self.quiet_ok:
            print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            self.failures.append(what)


def status(replica):
    import pymysql
    cur = replica.connect().cursor(pymysql.cursors.DictCursor)
    cur.execute("SHOW SLAVE STATUS")
    return cur.fetchone() or {}


def caught_up(check, primary, replica, what, timeout=60):
    """Waits until the replica applied all the primary logged (after a restart of the
    primary the positions can match while the IO thread still reconnects: both)."""
    want = q1(primary.connect(), "SELECT @@gtid_binlog_pos")[0]
    deadline = time.time() + timeout
    while True:
        got = q1(replica.connect(), "SELECT @@gtid_slave_pos")[0]
        st = status(replica)
        if (got == want and st.get("Slave_IO_Running") == "Yes") or time.time() >= deadline:
            break
        time.sleep(0.05)
    check(got == want and st.get("Slave_IO_Running") == "Yes" and st.get("Slave_SQL_Running") == "Yes",
          "%s: the replica caught up (%s of %s; IO %s, SQL %s %s %s)" % (
              what, got, want, st.get("Slave_IO_Running"), st.get("Slave_SQL_Running"),
              st.get("Last_IO_Error"), st.get("Last_SQL_Error")))
    return st


def run(check, area, body, started):
    """Runs body(); an exception is a failure (with the servers' log tails); the servers
    started (started() lists them) stop, and the area is kept when anything failed.
    The process's exit status."""
    import traceback
    ok = False
    try:
        body()
        ok = not check.failures
    except Exception as e:  # noqa: BLE001
        traceback.print_exc()
        check.failures.append(repr(e))
        for s in started():
            print(s.log_tail())
    finally:
        for s in started():
            try:
                s.stop()
            except Exception:  # noqa: BLE001
                pass
        area.cleanup(not ok)
    print("%d failure(s)" % len(check.failures))
    return 0 if ok else 1
