"""The start of every pressdb command line a test runs: no option files (the machine's
/etc/mysql/my.cnf belongs to its MariaDB, as for mariadbd --no-defaults in MariaDB's own
tests) and --user as the account the test runs as (pressdb, as mariadbd, refuses to run
as root without --user)."""
import os
import pwd


def pressdb_cmd(binary):
    return [binary, "--no-defaults", "--user=" + pwd.getpwuid(os.geteuid()).pw_name]


def start_private(binary, datadir, log, connect, host="127.0.0.1"):
    """A pressdb of the test's own on a free port and datadir, one worker thread: the
    process and its port once connect(port) works (connect: the test's own function)."""
    import socket
    import subprocess
    import time
    import pymysql
    s = socket.socket()
    s.bind((host, 0))
    port = s.getsockname()[1]
    s.close()
    p = subprocess.Popen(pressdb_cmd(binary) + ["--port=%d" % port, "--datadir=%s" % datadir, "--socket=", "--threads=1"],
                         stdout=log, stderr=subprocess.STDOUT)
    for _ in range(200):
        try:
            connect(port).close()
            return p, port
        except pymysql.err.OperationalError:
            if p.poll() is not None:
                raise RuntimeError("pressdb exited on start (code %s)" % p.returncode)
            time.sleep(0.05)
    raise RuntimeError("pressdb did not start")


class PrivateServer:
    """start_private in a temporary directory of its own, as a context manager:

        with PrivateServer(binary, "pressdb-x-", connect, failures) as srv:
            ... connect(srv.port) ...
            srv.restart("kill -9")   # or "clean restart": the same datadir again

    On leaving it the server is stopped; the directory goes unless something failed
    (an exception, or anything in failures), when its path is printed."""

    def __init__(self, binary, prefix, connect, failures, host="127.0.0.1"):
        import tempfile
        self.binary, self.connect, self.failures, self.host = binary, connect, failures, host
        self.base = tempfile.mkdtemp(prefix=prefix)
        self.datadir = os.path.join(self.base, "data")
        self.log = open(os.path.join(self.base, "server.log"), "ab")
        self.proc = None
        self.port = None

    def __enter__(self):
        self.proc, self.port = start_private(self.binary, self.datadir, self.log, self.connect, self.host)
        return self

    def stop(self, how="clean restart"):
        import signal
        self.proc.send_signal(signal.SIGKILL if how == "kill -9" else signal.SIGTERM)
        self.proc.wait(timeout=30)

    def start(self):
        self.proc, self.port = start_private(self.binary, self.datadir, self.log, self.connect, self.host)
        return self.port

    def restart(self, how):
        self.stop(how)
        return self.start()

    def __exit__(self, exc_type, exc, tb):
        import shutil
        import subprocess
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()
        if exc_type is None and not self.failures:
            shutil.rmtree(self.base, ignore_errors=True)
        else:
            print("logs kept in", self.base)
        return False


def private_binary():
    """PRESSDB_BIN, for a test that starts pressdbs of its own; None (and a line saying so)
    in the harness's self test or without it."""
    binary = os.environ.get("PRESSDB_BIN")
    if os.environ.get("PRESSDB_SELF_TEST") or not binary:
        print("restart: skipped (needs PRESSDB_BIN)")
        return None
    return binary
