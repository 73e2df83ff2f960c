"""Start and stop the servers the differential tests talk to.

Two kinds of server, both private to one test run and living under one
temporary directory (see TempArea):

  * a throw-away MariaDB 10.11 (mariadb-install-db + mariadbd --no-defaults),
    the reference;
  * build/pressdb (or any binary taking MariaDB's flag names), the server
    under test.

Each gets a free TCP port on 127.0.0.1 (found by binding to port 0), a unix
socket inside its own directory and its own datadir.  start() returns only
once the server accepts a connection as root with an empty password.

Servers are started in their own process group with a parent-death signal,
so they go away even if the harness is killed; stop() shuts them down
(SIGTERM, then SIGKILL).  Works as root (mariadbd then gets --user=root) and
as an ordinary user.
"""

import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import pymysql

from launch import pressdb_cmd

# Options that make the reference server look like Debian's packaged MariaDB
# (/etc/mysql/mariadb.conf.d/50-server.cnf sets these two; --no-defaults
# would otherwise leave latin1/latin1_swedish_ci).
MARIADB_CONFIG_OPTS = [
    "--character-set-server=utf8mb4",
    "--collation-server=utf8mb4_general_ci",
]

# Options that only make the reference server cheaper to run; apart from the
# values of these variables themselves, none changes what a statement returns.
MARIADB_SPEED_OPTS = [
    "--innodb-buffer-pool-size=128M",
    "--innodb-log-file-size=16M",
    "--innodb-flush-log-at-trx-commit=0",
    "--innodb-doublewrite=0",
    "--skip-log-bin",
    "--query-cache-type=0",
    "--performance-schema=OFF",
]

START_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0


def free_port():
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _which(name, *fallbacks):
    for n in (name,) + fallbacks:
        p = shutil.which(n)
        if p:
            return p
        for d in ("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"):
            if os.access(os.path.join(d, n), os.X_OK):
                return os.path.join(d, n)
    raise RuntimeError("cannot find %s (is mariadb-server installed?)" % name)


def _set_pdeathsig():
    """preexec_fn: new process group + SIGTERM when the harness dies."""
    os.setpgrp()
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def tail(path, n=40):
    """The last n lines of a text file (or a note that it is missing)."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - 64 * 1024))
            data = f.read().decode("utf-8", "replace")
    except OSError as e:
        return "(no log: %s)" % e
    lines = data.splitlines()
    return "\n".join(lines[-n:])


class ServerError(RuntimeError):
    pass


class TempArea:
    """A temporary directory holding every server's files for one run.

    cleanup(failed): without --keep, removes everything on success; on
    failure removes the data directories but keeps the logs (and says where).
    """

    def __init__(self, keep=False):
        base = os.environ.get("TMPDIR") or "/tmp"
        # unix socket paths must stay under ~107 bytes
        if len(base) > 40:
            base = "/tmp"
        self.path = tempfile.mkdtemp(prefix="pressdb-test-", dir=base)
        os.chmod(self.path, 0o755)
        self.keep = keep
        self.servers = []

    def subdir(self, name):
        p = os.path.join(self.path, name)
        os.makedirs(p, exist_ok=True)
        return p

    def cleanup(self, failed):
        for s in list(self.servers):
            s.stop()
        if self.keep:
            print("kept temporary directory: %s" % self.path, file=sys.stderr)
            return
        if not failed:
            shutil.rmtree(self.path, ignore_errors=True)
            return
        # keep logs, drop the bulky data
        for s in self.servers:
            for d in s.data_dirs():
                shutil.rmtree(d, ignore_errors=True)
        print("server logs kept in %s" % self.path, file=sys.stderr)


class Server:
    """One server process.  Subclasses say how to initialise and launch it."""

    kind = "server"

    def __init__(self, area, name, label):
        self.area = area
        self.name = name          # directory name inside the temp area
        self.label = label        # how reports call it ("MariaDB", "pressdb")
        self.dir = area.subdir(name)
        self.datadir = os.path.join(self.dir, "data")
        self.socket = os.path.join(self.dir, "sock")
        self.port = None
        self.proc = None
        self.log_path = os.path.join(self.dir, "server.log")
        self.starts = 0
        area.servers.append(self)

    # -- to override -------------------------------------------------------
    def initialise(self):
        os.makedirs(self.datadir, exist_ok=True)

    def argv(self):
        raise NotImplementedError

    def env(self):
        return None             # the harness's environment

    def data_dirs(self):
        return [self.datadir]

    def extra_logs(self):
        return []

    # -- common ------------------------------------------------------------
    def start(self, timeout=START_TIMEOUT):
        if not os.path.isdir(self.datadir):
            self.initialise()
        last = None
        for attempt in range(3):
            self.port = free_port()
            if os.path.exists(self.socket):
                try:
                    os.unlink(self.socket)
                except OSError:
                    pass
            self.starts += 1
            logf = open(self.log_path, "ab")
            logf.write(("\n==== harness: start #%d: %s\n"
                        % (self.starts, " ".join(self.argv()))).encode())
            logf.flush()
            self.proc = subprocess.Popen(
                self.argv(), stdin=subprocess.DEVNULL, stdout=logf,
                stderr=subprocess.STDOUT, cwd=self.dir, env=self.env(),
                preexec_fn=_set_pdeathsig)
            logf.close()
            try:
                self._wait_ready(timeout)
                return self
            except ServerError as e:
                last = e
                self.kill()
                log = self.log_tail(200)
                if "in use" not in log and "Address already" not in log:
                    break
        raise ServerError("%s did not start: %s\n--- log tail (%s) ---\n%s"
                          % (self.label, last, self.log_path, self.log_tail()))

    def _wait_ready(self, timeout):
        deadline = time.monotonic() + timeout
        err = None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise ServerError("process exited with status %s during startup"
                                  % self.proc.returncode)
            try:
                c = pymysql.connect(host="127.0.0.1", port=self.port, user="root",
                                    password="", connect_timeout=2,
                                    read_timeout=10, write_timeout=10)
                c.close()
                return
            except Exception as e:  # noqa: BLE001 - any failure: retry
                err = e
            time.sleep(0.1)
        raise ServerError("not accepting connections on port %s after %.0fs "
                          "(last error: %s)" % (self.port, timeout, err))

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def wait_exit(self, timeout):
        """True if the process has exited (waiting up to timeout seconds)."""
        if self.proc is None:
            return True
        try:
            self.proc.wait(timeout)
            return True
        except subprocess.TimeoutExpired:
            return False

    def exit_description(self):
        if self.proc is None:
            return "never started"
        rc = self.proc.poll()
        if rc is None:
            return "running"
        if rc < 0:
            try:
                return "killed by signal %s" % signal.Signals(-rc).name
            except ValueError:
                return "killed by signal %d" % -rc
        return "exited with status %d" % rc

    def kill(self):
        """Hard stop (used for a hung server)."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                self.proc.kill()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            pass

    def stop(self):
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            print("%s did not stop within %.0fs; killing it"
                  % (self.label, STOP_TIMEOUT), file=sys.stderr)
            self.kill()
        except OSError:
            pass
        # a forked child (if any) shares the process group
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass

    def restart(self, fresh=False):
        """Start again (after a crash or hang).  fresh=True: new datadir."""
        self.kill()
        if fresh:
            shutil.rmtree(self.datadir, ignore_errors=True)
        return self.start()

    def log_tail(self, n=40):
        parts = [tail(self.log_path, n)]
        for p in self.extra_logs():
            if os.path.exists(p):
                parts.append("--- %s ---\n%s" % (p, tail(p, n)))
        return "\n".join(parts)

    def connect(self, **kw):
        args = dict(host="127.0.0.1", port=self.port, user="root", password="",
                    charset="utf8mb4", autocommit=True, connect_timeout=10)
        args.update(kw)
        return pymysql.connect(**args)

    def describe(self):
        return "%s pid %s port %s socket %s" % (
            self.label, self.proc.pid if self.proc else "-", self.port, self.socket)


class MariaDB(Server):
    kind = "mariadb"

    def __init__(self, area, name="mariadb", label="MariaDB"):
        super().__init__(area, name, label)
        self.error_log = os.path.join(self.dir, "error.log")
        self.pid_file = os.path.join(self.dir, "mariadbd.pid")
        self.tmp = os.path.join(self.dir, "tmp")

    def _root_opts(self):
        return ["--user=root"] if os.geteuid() == 0 else []

    def initialise(self):
        os.makedirs(self.datadir, exist_ok=True)
        os.makedirs(self.tmp, exist_ok=True)
        argv = [_which("mariadb-install-db", "mysql_install_db"), "--no-defaults",
                "--auth-root-authentication-method=normal",
                "--datadir=" + self.datadir, "--skip-test-db",
                "--innodb-log-file-size=16M"] + self._root_opts()
        with open(os.path.join(self.dir, "install.log"), "wb") as log:
            r = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=log,
                               stderr=subprocess.STDOUT, cwd=self.dir)
        if r.returncode != 0:
            raise ServerError("mariadb-install-db failed (status %d):\n%s"
                              % (r.returncode,
                                 tail(os.path.join(self.dir, "install.log"))))

    def argv(self):
        return ([_which("mariadbd", "mysqld"), "--no-defaults",
                 "--datadir=" + self.datadir,
                 "--socket=" + self.socket,
                 "--port=%d" % self.port,
                 "--bind-address=127.0.0.1",
                 "--pid-file=" + self.pid_file,
                 "--log-error=" + self.error_log,
                 "--tmpdir=" + self.tmp]
                + self._root_opts() + MARIADB_CONFIG_OPTS + MARIADB_SPEED_OPTS)

    def load_time_zones(self, zoneinfo="/usr/share/zoneinfo"):
        """The time zone tables from the system's tzdata, as Debian's package loads them,
        so that named zones (SET time_zone = 'Europe/Berlin') work. False without tzdata."""
        if not os.path.isdir(zoneinfo):
            return False
        gen = subprocess.Popen([_which("mariadb-tzinfo-to-sql", "mysql_tzinfo_to_sql"), zoneinfo],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        load = subprocess.run([_which("mariadb", "mysql"), "--no-defaults", "--socket=" + self.socket,
                               "-uroot", "mysql"], stdin=gen.stdout, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
        gen.stdout.close()
        gen.wait()
        if load.returncode != 0:
            raise ServerError("loading the time zone tables failed: %s" % load.stderr.decode(errors="replace")[-500:])
        return True

    def log_tail(self, n=40):
        return "%s\n--- %s ---\n%s" % (tail(self.log_path, 10), self.error_log,
                                        tail(self.error_log, n))


class PressDB(Server):
    kind = "pressdb"

    def __init__(self, area, binary, name="pressdb", label="pressdb"):
        super().__init__(area, name, label)
        self.binary = os.path.abspath(binary)
        if not os.access(self.binary, os.X_OK):
            raise ServerError("server binary %s does not exist or is not executable"
                              % self.binary)

    def env(self):
        # the store lock's order checker stops the server at a violation (storage/table.c)
        return dict(os.environ, PRESSDB_LOCK_CHECK="1")

    def argv(self):
        # PRESSDB_EXTRA_ARGS: more options for every pressdb a test starts
        # (make test runs the SQL suite again with --offload-us=0)
        extra = os.environ.get("PRESSDB_EXTRA_ARGS", "").split()
        return pressdb_cmd(self.binary) + ["--port=%d" % self.port, "--bind-address=127.0.0.1",
                "--socket=" + self.socket, "--datadir=" + self.datadir] + extra


def start_mariadb(area, name="mariadb", label="MariaDB"):
    s = MariaDB(area, name, label)
    s.initialise()
    return s.start()


def start_pressdb(area, binary):
    return PressDB(area, binary).start()
