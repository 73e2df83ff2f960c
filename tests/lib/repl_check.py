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
