#!/usr/bin/env python3
"""A MariaDB 10.11 replica follows a pressdb primary (--log-bin) with MariaDB's own
replication: CHANGE MASTER TO ... MASTER_USE_GTID=slave_pos, START SLAVE.

The test starts both servers itself (private datadirs and ports). The replica follows
through the binary log workload (every column kind, DDL, transactions), concurrent
writers, a STOP/START SLAVE (GTID resume), a clean restart of the primary (a new file; the
replica reconnects) and a kill -9 of the primary under writers (what the replica got was
committed on the primary: after recovery both hold the same rows). Each time, once the
replica's @@gtid_slave_pos reaches the primary's @@gtid_binlog_pos, the two dumps must be
the same. Also: mariadb-binlog --read-from-remote-server gives what the files hold, and
an account without REPLICATION SLAVE is refused as MariaDB refuses it.
"""
import os
import re
import shutil
import subprocess
import sys
import threading
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import dumps  # noqa: E402
import servers  # noqa: E402
from binlog_workload import DB, SCHEMA, ROWS, LATER, writer  # noqa: E402
import repl_check  # noqa: E402
from repl_check import FixedPort  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)
if not shutil.which("mariadbd") or not shutil.which("mariadb-binlog"):
    print("skipped: needs mariadbd and mariadb-binlog")
    sys.exit(0)

if "--offload-us=0" in os.environ.get("PRESSDB_EXTRA_ARGS", ""):
    # (the offload pass moves statements to workers; replication streams on the event
    # loop whatever that option says: the first pass covers it, and CI time counts)
    print("skipped: the offload pass (replication does not depend on it)")
    sys.exit(0)

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


class Primary(FixedPort, servers.PressDB):
    def argv(self):
        return super().argv() + ["--log-bin", "--server-id=11", "--innodb-log-file-size=256K"]


class Replica(servers.MariaDB):
    def argv(self):
        return super().argv() + ["--server-id=2"]


def caught_up(primary, replica, what):
    repl_check.caught_up(check, primary, replica, what)


def dump(server, sort):
    return repl_check.dump(check, server, sort)


def same_data(primary, replica, what, sort=False):
    repl_check.same_data(check, primary, replica, what, sort)


def writers(port, seconds, kill=None):
    repl_check.writers(check, port, seconds, kill)


def main():
    area = servers.TempArea()
    ok = False
    primary = replica = None
    try:
        primary = Primary(area, BIN).start()
        replica = Replica(area, "replica", "MariaDB replica")
        replica.initialise()
        replica.start()
        p = primary.connect()
        pc = p.cursor()
        pc.execute("CREATE USER 'repl'@'%' IDENTIFIED BY 'rpw'")
        pc.execute("GRANT REPLICATION SLAVE ON *.* TO 'repl'@'%'")
        pc.execute("CREATE USER 'norepl'@'%' IDENTIFIED BY 'npw'")
        rc = replica.connect().cursor()
        rc.execute("CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=%d, MASTER_USER='repl', "
                   "MASTER_PASSWORD='rpw', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1, "
                   "MASTER_HEARTBEAT_PERIOD=1" % primary.port)
        rc.execute("START SLAVE")
        for sql in SCHEMA + ROWS:
            pc.execute(sql)
        caught_up(primary, replica, "workload")
        same_data(primary, replica, "workload")
        rc.execute("SELECT user, host FROM mysql.user WHERE user IN ('repl', 'norepl') ORDER BY user")
        check(rc.fetchall() == (("norepl", "%"), ("repl", "%")),
              "account statements (CREATE USER, GRANT) reach the replica, as MariaDB logs them")
        pc.execute("SHOW SLAVE HOSTS")
        hosts = pc.fetchall()
        check(len(hosts) == 1 and hosts[0][0] == 2 and hosts[0][2] == replica.port and hosts[0][3] == 11,
              "SHOW SLAVE HOSTS lists the replica (%r)" % (hosts,))

        rc.execute("STOP SLAVE")
        for sql in LATER:
            pc.execute(sql)
        rc.execute("START SLAVE")
        caught_up(primary, replica, "after STOP/START SLAVE")
        same_data(primary, replica, "after STOP/START SLAVE")

        writers(primary.port, 2.0)
        caught_up(primary, replica, "concurrent writers")
        same_data(primary, replica, "concurrent writers", sort=True)

        p.close()
        primary.stop()
        primary.start()
        pc = primary.connect().cursor()
        pc.execute("INSERT INTO %s.nokey VALUES (77, 'restart')" % DB)
        caught_up(primary, replica, "after a restart of the primary")
        same_data(primary, replica, "after a restart of the primary", sort=True)

        writers(primary.port, 1.5, kill=primary.kill)
        primary.start()
        caught_up(primary, replica, "after kill -9 of the primary")
        same_data(primary, replica, "after kill -9 of the primary", sort=True)

        # a replica made the documented way while the primary takes writes: a dump with
        # --master-data --gtid --single-transaction (its GTID position is the snapshot's),
        # loaded, then START SLAVE from there
        rc.execute("STOP SLAVE")
        rc.execute("RESET SLAVE ALL")
        rc.execute("DROP DATABASE " + DB)
        stop, acked = threading.Event(), []
        ws = [threading.Thread(target=writer, args=(primary.port, w, stop, acked)) for w in range(2)]
        for w in ws:
            w.start()
        time.sleep(0.3)
        d = subprocess.run(["mariadb-dump", "--no-defaults", "-h127.0.0.1", "-P%d" % primary.port, "-uroot",
                            "--single-transaction", "--master-data=1", "--gtid", "--hex-blob", "--databases", DB],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        time.sleep(0.3)
        stop.set()
        for w in ws:
            w.join()
        text = d.stdout.decode("utf-8", "replace")
        m = re.search(r"SET GLOBAL gtid_slave_pos='([^']*)'", text)
        check(d.returncode == 0 and m is not None, "mariadb-dump --master-data --gtid names the position (%s)" %
              d.stderr.decode()[:200])
        lrc, err = dumps.load(dict(host="127.0.0.1", port=replica.port), text)
        check(lrc == 0, "the dump loads into the replica (%s)" % err.strip()[:200])
        rc.execute("CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=%d, MASTER_USER='repl', "
                   "MASTER_PASSWORD='rpw', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1" % primary.port)
        rc.execute("START SLAVE")
        caught_up(primary, replica, "a replica made from a dump under writes")
        same_data(primary, replica, "a replica made from a dump under writes", sort=True)

        # mariadb-binlog reading from the server gives what the files hold
        files = sorted(f for f in os.listdir(primary.datadir) if re.fullmatch(r"pressdb-bin\.\d+", f))
        remote = subprocess.run(["mariadb-binlog", "--no-defaults", "-vv", "-R", "-h127.0.0.1",
                                 "-P%d" % primary.port, "-urepl", "-prpw", "--to-last-log", files[0]],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        local = subprocess.run(["mariadb-binlog", "--no-defaults", "-vv"] +
                               [os.path.join(primary.datadir, f) for f in files],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        # (the events: their GTIDs and rows; how the two modes print file changes differs)
        events = lambda t: [l for l in t.decode("utf-8", "replace").splitlines()   # noqa: E731
                            if l.startswith("###") or re.search(r"\tGTID \d+-\d+-\d+", l)]
        r_ev, l_ev = events(remote.stdout), events(local.stdout)
        check(remote.returncode == 0 and r_ev == l_ev and len(l_ev) > 1000,
              "mariadb-binlog -R gives the files' events (%d / %d lines; %s)" % (
                  len(r_ev), len(l_ev), remote.stderr.decode()[:200]))
        denied = subprocess.run(["mariadb-binlog", "--no-defaults", "-R", "-h127.0.0.1", "-P%d" % primary.port,
                                 "-unorepl", "-pnpw", files[0]], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                timeout=60)
        check(denied.returncode != 0 and b"REPLICATION SLAVE" in denied.stderr,
              "an account without REPLICATION SLAVE is refused (%s)" % denied.stderr.decode().strip()[:200])
        ok = not failures
    finally:
        for s in (replica, primary):
            if s:
                try:
                    s.stop()
                except Exception:
                    pass
        area.cleanup(failed=not ok)
    if failures:
        sys.exit(1)
    print("replica: all checks passed")


main()
