"""For integration tests that start their own pressdb (PRESSDB_BIN) on a free port with a
temporary datadir: the binary (or a skip), check lines, and a server they start, stop and
kill."""
import atexit
import os
import signal
import socket
import subprocess
import sys
import time

import pymysql
from launch import pressdb_cmd

failures = []


def binary():
    """PRESSDB_BIN, or exits 0 with a skip line (self-test, or no binary)."""
    b = os.environ.get("PRESSDB_BIN")
    if os.environ.get("PRESSDB_SELF_TEST") or not b:
        print("skipped: needs a pressdb binary (not applicable in --self-test)")
        sys.exit(0)
    return b


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what)
    if not cond:
        failures.append(what)


def finish():
    """Exit 1 after a summary line when a check failed."""
    if failures:
        print("%d failed" % len(failures))
        sys.exit(1)
    print("all passed")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


class Server:
    """pressdb on a free TCP port (no socket) with datadir, its output appended to logpath."""

    def __init__(self, datadir, logpath, args=()):
        self.datadir, self.logpath, self.args = datadir, logpath, list(args)
        self.p = None
        atexit.register(self._reap)   # (a test that fails half way leaves no server behind)

    def _reap(self):
        if self.p is not None and self.p.poll() is None:
            self.p.kill()
            self.p.wait()

    def start(self, expect_fail=False, tries=1200, **connect_kw):
        """The server's root connection once it answers, or None when expect_fail and it
        exited (any other exit raises SystemExit with its log's tail)."""
        self.port = free_port()
        self.log = open(self.logpath, "ab")
        self.p = subprocess.Popen(pressdb_cmd(binary()) + ["--port=%d" % self.port, "--datadir=" + self.datadir, "--socket="]
                                  + self.args, stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(tries):
            if self.p.poll() is not None:
                self.log.close()
                if expect_fail:
                    return None
                raise SystemExit("pressdb exited on start (code %s): %s" % (self.p.returncode, self.tail()))
            try:
                return self.connect(**connect_kw)
            except pymysql.err.OperationalError:
                time.sleep(0.05)
        raise SystemExit("pressdb did not start")

    def connect(self, **kw):
        return pymysql.connect(**dict(dict(host="127.0.0.1", port=self.port, user="root", autocommit=True), **kw))

    def stop(self):
        self.p.terminate()
        self.p.wait()
        self.log.close()

    def kill(self):
        self.p.send_signal(signal.SIGKILL)
        self.p.wait()
        self.log.close()

    def tail(self, n=3000):
        with open(self.logpath, "rb") as f:
            return f.read()[-n:].decode("utf-8", "replace")
