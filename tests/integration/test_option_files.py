#!/usr/bin/env python3
"""Option files, --user and readiness, against mariadbd.

1. The same option files given to a private MariaDB and to pressdb, in four arrangements:
   the default files ($MYSQL_HOME/my.cnf, ~/.my.cnf through $HOME, besides the machine's
   /etc/my.cnf and /etc/mysql/my.cnf) with a --defaults-extra-file, which !includes another
   file; --defaults-file alone; --no-defaults; and the defaults without the extra file.
   The files set variables in several of the groups a server reads ([mysqld] [server]
   [mariadb] [mariadbd] [client-server]), size suffixes, a loose- option, and set the same
   variables in several files, so which file wins is seen; [client] is not read. Compared:
   the value of every such variable on both servers.
2. Started as root without --user both refuse to start; with --user=nobody pressdb runs as
   nobody and its datadir belongs to nobody (root only).
3. With NOTIFY_SOCKET set, pressdb says READY=1 once it accepts connections and
   STOPPING=1 when told to stop (systemd's Type=notify)."""
import os
import pwd
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import servers  # noqa: E402
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
failures = []

VARS = ["max_connections", "wait_timeout", "interactive_timeout", "net_read_timeout",
        "net_write_timeout", "max_allowed_packet", "connect_timeout", "group_concat_max_len",
        "sort_buffer_size", "sql_mode", "lock_wait_timeout", "max_sp_recursion_depth"]

FILES = {
    "home/my.cnf": """
[mysqld]
wait_timeout = 1001
max_connections = 71
net_read_timeout=41
""",
    "extra.cnf": """
# the extra file, read after the global files and before ~/.my.cnf
[mysqld]
max_connections = 72
interactive_timeout = 2002
[server]
net_write_timeout = 62
!include %(dir)s/inc.cnf
[client]
max_connections = 5
""",
    "inc.cnf": """
[mariadb]
max_allowed_packet = 3M
loose-no-such-option-at-all = 1
[client-server]
connect_timeout = 13
[mariadbd]
group_concat_max_len = 2K
""",
    "user/.my.cnf": """
[mysqld]
max_connections = 73
sort_buffer_size = 1M
[client]
wait_timeout = 5
[mariadb-10.11]
sql_mode = "ANSI_QUOTES,STRICT_ALL_TABLES"
[mysqld-10.11]
max_sp_recursion_depth = 7
""",
}


class Configured:
    """Mixes into a test server: its own option-file arguments instead of --no-defaults,
    and HOME / MYSQL_HOME pointing at the test's files."""

    def setup(self, head, env):
        self.head = head
        self.extra_env = env

    def argv(self):
        a = super().argv()
        i = a.index("--no-defaults")
        return a[:i] + self.head + a[i + 1:]

    def env(self):
        base = super().env() or dict(os.environ)
        return dict(base, **self.extra_env)


class MDB(Configured, servers.MariaDB):
    pass


class PDB(Configured, servers.PressDB):
    pass


def values(srv):
    c = srv.connect()
    try:
        cur = c.cursor()
        out = {}
        for v in VARS:
            cur.execute("SELECT @@GLOBAL." + v)
            out[v] = str(cur.fetchone()[0])
        return out
    finally:
        c.close()


def arrangements(d):
    env = {"HOME": os.path.join(d, "user"), "MYSQL_HOME": os.path.join(d, "home")}
    extra = os.path.join(d, "extra.cnf")
    return [
        ("defaults + extra file", ["--defaults-extra-file=" + extra], env),
        ("--defaults-file only", ["--defaults-file=" + extra], env),
        ("--no-defaults", ["--no-defaults"], env),
        ("defaults only", [], env),
    ]


def option_files(area):
    d = area.subdir("cnf")
    for name, text in FILES.items():
        p = os.path.join(d, name)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text % {"dir": d})
    m = MDB(area)
    p = PDB(area, BIN)
    m.initialise()
    for label, head, env in arrangements(d):
        got = {}
        for srv in (m, p):
            srv.setup(head, env)
            srv.start()
            got[srv.label] = values(srv)
            srv.stop()
        for v in VARS:
            a, b = got["MariaDB"][v], got["pressdb"][v]
            if a != b:
                failures.append("%s: @@%s is %s on MariaDB, %s on pressdb" % (label, v, a, b))
        print("option files, %s: %d variables compared" % (label, len(VARS)))
    if got["MariaDB"]["max_connections"] != "73":
        # the last arrangement reads ~/.my.cnf: if it did not win, the test set-up is wrong
        failures.append("MariaDB did not take ~/.my.cnf's max_connections (%s)"
                        % got["MariaDB"]["max_connections"])


def run_root_checks(area):
    if os.geteuid() != 0:
        print("--user: skipped (not root)")
        return
    d = area.subdir("user")
    data = os.path.join(d, "data")
    r = subprocess.run([BIN, "--no-defaults", "--port=0", "--socket=", "--datadir=" + data],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    if r.returncode == 0 or b"--user" not in r.stdout:
        failures.append("as root without --user pressdb did not refuse (status %d): %r"
                        % (r.returncode, r.stdout[-300:]))
    m = subprocess.run([servers._which("mariadbd", "mysqld"), "--no-defaults",
                        "--datadir=" + os.path.join(area.path, "mariadb", "data"),
                        "--socket=", "--port=0", "--skip-networking"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    if m.returncode == 0:
        failures.append("MariaDB started as root without --user: the comparison is wrong")
    os.chmod(d, 0o777)
    nobody = pwd.getpwnam("nobody")
    port = servers.free_port()
    proc = subprocess.Popen([BIN, "--no-defaults", "--user=nobody", "--port=%d" % port,
                             "--socket=", "--datadir=" + data],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port, proc)
        with open("/proc/%d/status" % proc.pid) as f:
            uids = [l.split()[1:] for l in f if l.startswith("Uid:")][0]
        if any(int(u) != nobody.pw_uid for u in uids):
            failures.append("--user=nobody: the server runs with uids %s" % uids)
        owners = {os.stat(os.path.join(data, n)).st_uid for n in os.listdir(data)}
        if owners != {nobody.pw_uid}:
            failures.append("--user=nobody: datadir files owned by %s" % owners)
        print("--user: refused as root without it; --user=nobody runs as nobody")
    finally:
        proc.terminate()
        proc.wait(60)


def wait_port(port, proc, timeout=60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError("pressdb exited with %s during startup" % proc.returncode)
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("pressdb did not listen on %d" % port)


def notify(area):
    d = area.subdir("notify")
    path = os.path.join(d, "notify.sock")
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(path)
    s.settimeout(60)
    port = servers.free_port()
    proc = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--socket=",
                                                "--datadir=" + os.path.join(d, "data")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ, NOTIFY_SOCKET=path))
    try:
        msg = s.recv(4096).decode()
        if "READY=1" not in msg.split("\n"):
            failures.append("sd_notify: first message %r" % msg)
        try:
            socket.create_connection(("127.0.0.1", port), 5).close()
        except OSError as e:
            failures.append("sd_notify: READY=1 came before the port accepted (%s)" % e)
        proc.send_signal(signal.SIGTERM)
        msg = s.recv(4096).decode()
        if "STOPPING=1" not in msg.split("\n"):
            failures.append("sd_notify: message at shutdown %r" % msg)
        print("sd_notify: READY=1 after the port accepts, STOPPING=1 at SIGTERM")
    except socket.timeout:
        failures.append("sd_notify: no message within 60 s (built without libsystemd?)")
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.wait(60)
        s.close()


def main():
    if os.environ.get("PRESSDB_SELF_TEST") or not BIN or not os.environ.get("MARIADB_PORT"):
        print("test_option_files: needs pressdb and MariaDB (run through tests/run.py)")
        return 0
    area = servers.TempArea()
    ok = False
    try:
        option_files(area)
        run_root_checks(area)
        notify(area)
        ok = not failures
    finally:
        area.cleanup(not ok)
    for f in failures:
        print("FAIL:", f)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
