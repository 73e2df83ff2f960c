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
