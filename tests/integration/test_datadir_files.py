#!/usr/bin/env python3
"""Missing files and file modes in the datadir.

Starts its own pressdb servers (PRESSDB_BIN) on free ports with temporary datadirs.
Checked:
  - a fresh datadir gets the marker pressdb.datadir; a datadir without it whose files an
    older pressdb wrote starts as before and gets the marker;
  - with the marker, a missing accounts file, snapshot (after a clean stop wrote one) or
    log (after a kill -9) makes the server refuse to start (non-zero exit, the file named
    in its log): it neither recreates root@localhost without a password nor starts empty;
  - file modes: an older pressdb's snapshot readable by others is reported; under umask 000 every file pressdb creates in the datadir (snapshot,
    log, accounts, marker, keys and certificates) has no permission for others and no
    group write, and a datadir it creates is 0750 at most.
"""
import os, shutil, signal, socket, stat, subprocess, sys, tempfile, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

failures = []


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what)
    if not cond:
        failures.append(what)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


class Server:
    def __init__(self, datadir, logpath):
        self.datadir, self.logpath = datadir, logpath

    def start(self, expect_fail=False, extra=(), umask=None, password=None):
        self.port = free_port()
        self.log = open(self.logpath, "ab")
        pre = (lambda: os.umask(umask)) if umask is not None else None
        self.p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % self.port, "--datadir=" + self.datadir, "--socket="]
                                  + list(extra), stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=pre)
        for _ in range(300):
            if self.p.poll() is not None:
                self.log.close()
                if expect_fail:
                    return None
                raise SystemExit("pressdb exited on start (code %s): %s" % (self.p.returncode, self.tail()))
            try:
                return pymysql.connect(host="127.0.0.1", port=self.port, user="root",
                                       password=password or "", autocommit=True)
            except pymysql.err.OperationalError as e:
                if e.args[0] == 1045:     # up, but the password is refused
                    return "denied"
                time.sleep(0.05)
        raise SystemExit("pressdb did not start")

    def kill(self):
        self.p.send_signal(signal.SIGKILL)
        self.p.wait()
        self.log.close()

    def stop(self):
        self.p.terminate()
        self.p.wait()
        self.log.close()

    def tail(self, since=0):
        with open(self.logpath, "rb") as f:
            return f.read()[since:][-3000:].decode("utf-8", "replace")


def populate(c):
    cur = c.cursor()
    cur.execute("CREATE DATABASE d")
    cur.execute("CREATE TABLE d.t (id INT PRIMARY KEY, v VARCHAR(20))")
    cur.executemany("INSERT INTO d.t VALUES (%s, %s)", [(i, "v%d" % i) for i in range(100)])


def count(c):
    cur = c.cursor()
    cur.execute("SELECT COUNT(*) FROM d.t")
    return cur.fetchone()[0]


def refused(srv, name, missing, **kw):
    since = os.path.getsize(srv.logpath)
    c = srv.start(expect_fail=True, **kw)
    ok = c is None and srv.p.returncode not in (0, None)
    check(ok, "%s: the server refuses to start (exit code %s%s)"
          % (name, srv.p.returncode, "" if c is None else ", it answered"))
    if c is not None:
        if c != "denied":
            c.close()
        srv.stop()
        return
    lines = [l for l in srv.tail(since).splitlines() if "ERROR" in l]
    check(any(m in l for l in lines for m in missing.split("|")),
          "%s: the error names %s: %s" % (name, missing, lines[-2:]))


def main():
    base = tempfile.mkdtemp(prefix="pressdb-files-")
    try:
        # the accounts file deleted: root@localhost must not come back without a password
        d = os.path.join(base, "acc")
        srv = Server(d, d + ".log")
        c = srv.start(extra=["--root-password=s3cret"], password="s3cret")
        populate(c)
        srv.stop()
        check(os.path.exists(os.path.join(d, "pressdb.datadir")), "a fresh datadir gets the marker pressdb.datadir")
        os.unlink(os.path.join(d, "accounts"))
        refused(srv, "accounts deleted", "accounts")
        check(not os.path.exists(os.path.join(d, "accounts")), "accounts deleted: no new accounts file was made")

        # the snapshot deleted after a clean stop
        d = os.path.join(base, "snap")
        srv = Server(d, d + ".log")
        populate(srv.start())
        srv.stop()
        check(os.path.exists(os.path.join(d, "pressdb.snap")), "a clean stop wrote the snapshot")
        c = srv.start()
        check(count(c) == 100, "restart after a clean stop: the rows are there")
        srv.stop()
        os.unlink(os.path.join(d, "pressdb.snap"))
        refused(srv, "snapshot deleted", "pressdb.snap")

        # the snapshot and the log deleted: the marker still knows
        os.unlink(os.path.join(d, "pressdb.wal"))
        refused(srv, "snapshot and log deleted", "pressdb.wal|pressdb.snap")

        # the log deleted after a kill -9 (it held every commit: no snapshot yet)
        d = os.path.join(base, "wal")
        srv = Server(d, d + ".log")
        populate(srv.start())
        srv.kill()
        os.unlink(os.path.join(d, "pressdb.wal"))
        refused(srv, "log deleted", "pressdb.wal")

        # a datadir of an older pressdb (no marker): starts as before, then gets one
        d = os.path.join(base, "legacy")
        srv = Server(d, d + ".log")
        populate(srv.start())
        srv.stop()
        if os.path.exists(os.path.join(d, "pressdb.datadir")):
            os.unlink(os.path.join(d, "pressdb.datadir"))
        os.chmod(os.path.join(d, "pressdb.snap"), 0o644)     # as older pressdb made it
        since = os.path.getsize(srv.logpath)
        c = srv.start()
        check(count(c) == 100, "a datadir without the marker (older pressdb) starts with its rows")
        srv.stop()
        check("pressdb.snap' is open to other users (mode 644)" in srv.tail(since),
              "an older snapshot readable by others (0644) is reported")
        check(os.path.exists(os.path.join(d, "pressdb.datadir")), "it gets the marker on that start")
        os.unlink(os.path.join(d, "pressdb.snap"))
        refused(srv, "legacy datadir, then snapshot deleted", "pressdb.snap")

        # an older pressdb's datadir that never wrote a snapshot (kill -9 before any stop)
        d = os.path.join(base, "legacy-log")
        srv = Server(d, d + ".log")
        populate(srv.start())
        srv.kill()
        if os.path.exists(os.path.join(d, "pressdb.datadir")):
            os.unlink(os.path.join(d, "pressdb.datadir"))
        c = srv.start()
        check(count(c) == 100, "a datadir without marker and snapshot starts from its log")
        srv.kill()

        # file modes under umask 000, in a datadir pressdb creates (two levels deep)
        d = os.path.join(base, "modes", "deep", "data")
        srv = Server(d, os.path.join(base, "modes.log"))
        c = srv.start(umask=0)
        populate(c)
        c.cursor().execute("CREATE USER u@localhost IDENTIFIED BY 'x'")
        srv.stop()
        c = srv.start(umask=0)
        srv.stop()
        for p in (d, os.path.dirname(d)):
            m = stat.S_IMODE(os.stat(p).st_mode)
            check(m & 0o027 == 0, "directory %s made by pressdb: mode %o (at most 0750)" % (os.path.relpath(p, base), m))
        names = sorted(os.listdir(d))
        check("pressdb.snap" in names and "pressdb.wal" in names and "accounts" in names,
              "the datadir holds snapshot, log and accounts (%s)" % names)
        for n in names:
            st = os.lstat(os.path.join(d, n))
            if not stat.S_ISREG(st.st_mode):
                continue
            m = stat.S_IMODE(st.st_mode)
            check(m & 0o027 == 0, "%s: mode %o (no access for others, no group write)" % (n, m))
    finally:
        if not failures:
            shutil.rmtree(base, ignore_errors=True)
        else:
            print("files kept in", base)
    print("datadir files: %d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
