"""servers.py - start, stop and restart private database servers for the benchmarks.

Every server runs on 127.0.0.1 on a free port with its own temporary data directory, so a
benchmark never touches a system database. Two kinds:

  MariaDBServer  Debian's mariadbd (installed with apt-get when absent), initialised with
                 mariadb-install-db --no-defaults, query cache off, 128 MiB buffer pool.
  PressdbServer  build/pressdb with --port --bind-address --socket --datadir [--jit=...].

A server that fails to start is not an exception for the caller's run: start() returns False
and `error` says why (with the tail of the server's log), so a report can show it as failed.
"""

import os
import pwd
import shutil
import signal
import socket
import subprocess
import time

try:
    import pymysql
except ImportError:  # pragma: no cover - Debian's python3-pymysql is a declared dependency
    pymysql = None

MARIADBD_CANDIDATES = ["/usr/sbin/mariadbd", "/usr/sbin/mysqld", "/usr/bin/mariadbd"]


def free_port():
    """Return a TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def find_mariadbd():
    for path in MARIADBD_CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("mariadbd") or shutil.which("mysqld")


def ensure_mariadb_installed(log=print):
    """Install Debian's mariadb-server and mariadb-client if mariadbd is missing.

    Returns the path of mariadbd, or None when it is still missing (no root, no network)."""
    path = find_mariadbd()
    if path and shutil.which("mariadb") and shutil.which("mariadb-install-db"):
        return path
    log("mariadbd not found: installing Debian's mariadb-server with apt-get")
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    try:
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=False, env=env)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "mariadb-server", "mariadb-client"],
                       check=False, env=env)
    except OSError as e:
        log("apt-get failed: %s" % e)
    return find_mariadbd()


def rss_kib(pid):
    """Resident set size of a process in KiB (VmRSS), or None."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


def tail(path, n=15):
    """The last n lines the server wrote (our own '--- start:' markers left out)."""
    try:
        with open(path, "rb") as f:
            data = f.read()[-8000:]
    except OSError:
        return ""
    text = data.decode("utf-8", "replace")
    if "\n--- start: " in text:
        text = text.rsplit("\n--- start: ", 1)[1].split("\n", 1)[-1] if "\n" in text else ""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return "\n".join(lines[-n:])


class Server:
    """Common part: one child process listening on 127.0.0.1:port."""

    kind = "server"

    def __init__(self, name, workdir):
        self.name = name
        self.workdir = workdir
        self.port = None
        self.proc = None
        self.error = None
        self.logpath = os.path.join(workdir, "%s.log" % name)
        self.version = None

    # -- to be provided by subclasses
    def _command(self):
        raise NotImplementedError

    def _prepare(self):
        return True

    def _after_start(self):
        return True

    # -- life cycle
    def start(self, timeout=60.0):
        """Start the server and wait until it accepts a MySQL login. False on failure (see error)."""
        self.error = None
        if self.proc is None and not self._prepare():
            return False
        if self.port is None:
            self.port = free_port()
        cmd = self._command()
        logf = open(self.logpath, "ab")
        logf.write(("\n--- start: %s\n" % " ".join(cmd)).encode())
        logf.flush()
        try:
            self.proc = subprocess.Popen(cmd, stdout=logf, stderr=logf, stdin=subprocess.DEVNULL,
                                         cwd=self.workdir, start_new_session=True)
        except OSError as e:
            self.error = "cannot execute %s: %s" % (cmd[0], e)
            self.proc = None
            return False
        finally:
            logf.close()
        deadline = time.time() + timeout
        last = None
        while time.time() < deadline:
            if self.proc.poll() is not None:
                self.error = "exited with status %s during start-up: %s" % (
                    self.proc.returncode, tail(self.logpath) or "(no output)")
                self.proc = None
                return False
            try:
                conn = self.connect(timeout=2)
                try:
                    with conn.cursor() as c:
                        c.execute("SELECT VERSION()")
                        self.version = str(c.fetchone()[0])
                except Exception:
                    pass
                conn.close()
                break
            except Exception as e:  # not up yet
                last = e
                time.sleep(0.1)
        else:
            self.error = "did not accept a login within %.0f s (%s):\n%s" % (timeout, last, tail(self.logpath))
            self.stop()
            return False
        if not self._after_start():
            self.stop()
            return False
        return True

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout=60.0):
        """Stop our child (SIGTERM, then SIGKILL after timeout). Never fails."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                self.proc.send_signal(signal.SIGTERM)
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            except OSError:
                pass
        self.proc = None

    def restart(self, timeout=120.0):
        self.stop()
        return self.start(timeout=timeout)

    def pid(self):
        return self.proc.pid if self.alive() else None

    def rss_kib(self):
        p = self.pid()
        return rss_kib(p) if p else None

    def connect(self, database=None, timeout=5, read_timeout=None, raw=True):
        """A PyMySQL connection over TCP, autocommit on; raw=True returns every value as text."""
        kw = dict(host="127.0.0.1", port=self.port, user="root", password="",
                  charset="utf8mb4", autocommit=True, connect_timeout=timeout)
        if database:
            kw["database"] = database
        if read_timeout:
            kw["read_timeout"] = read_timeout
            kw["write_timeout"] = read_timeout
        if raw:
            kw["conv"] = {}
        return pymysql.connect(**kw)

    def scalar(self, sql, raw=True):
        """The first column of sql's first row (as text when raw), over a new connection
        (None: no row)."""
        conn = self.connect(raw=raw)
        try:
            with conn.cursor() as c:
                c.execute(sql)
                row = c.fetchone()
                return None if row is None else row[0]
        finally:
            conn.close()

    def status_int(self, name):
        """A global status counter as an integer (0 when the server has no such counter)."""
        v = self.scalar("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = '%s'"
                        % name.upper())
        return int(v) if v is not None else 0

    def client_args(self):
        """Arguments for the mariadb command-line client to reach this server over TCP."""
        return ["--protocol=TCP", "--host=127.0.0.1", "--port=%d" % self.port, "--user=root"]


class MariaDBServer(Server):
    kind = "mariadb"

    def __init__(self, name, workdir, extra_args=()):
        super().__init__(name, workdir)
        self.datadir = os.path.join(workdir, name + "-data")
        self.socket = os.path.join(workdir, name + ".sock")
        self.extra_args = list(extra_args)
        self.mariadbd = None

    def _prepare(self):
        self.mariadbd = ensure_mariadb_installed()
        if not self.mariadbd:
            self.error = "mariadbd is not installed and could not be installed"
            return False
        if os.path.isdir(os.path.join(self.datadir, "mysql")):
            return True
        os.makedirs(self.datadir, exist_ok=True)
        cmd = ["mariadb-install-db", "--no-defaults", "--auth-root-authentication-method=normal",
               "--datadir=" + self.datadir, "--skip-test-db"]
        if os.geteuid() == 0:
            cmd.append("--user=root")
        with open(self.logpath, "ab") as logf:
            r = subprocess.run(cmd, stdout=logf, stderr=logf)
        if r.returncode != 0:
            self.error = "mariadb-install-db failed (%d):\n%s" % (r.returncode, tail(self.logpath))
            return False
        return True

    def _command(self):
        cmd = [self.mariadbd, "--no-defaults",
               "--datadir=" + self.datadir,
               "--socket=" + self.socket,
               "--pid-file=" + os.path.join(self.workdir, self.name + ".pid"),
               "--port=%d" % self.port, "--bind-address=127.0.0.1",
               "--query-cache-type=0", "--query-cache-size=0",
               "--innodb-buffer-pool-size=128M",
               "--skip-log-bin", "--max-allowed-packet=64M",
               "--log-error=" + os.path.join(self.workdir, self.name + "-error.log")]
        if os.geteuid() == 0:
            cmd.append("--user=root")
        return cmd + self.extra_args

    def start(self, timeout=120.0):
        ok = super().start(timeout)
        if not ok and self.error:
            self.error += "\n" + tail(os.path.join(self.workdir, self.name + "-error.log"))
        return ok

    def wait_buffer_pool_load(self, timeout=60.0):
        """Wait until InnoDB has finished loading its buffer-pool dump after a restart."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                conn = self.connect()
                with conn.cursor() as c:
                    c.execute("SHOW STATUS LIKE 'Innodb_buffer_pool_load_status'")
                    row = c.fetchone()
                conn.close()
                status = row[1] if row else ""
                if isinstance(status, bytes):
                    status = status.decode()
                if not status or "completed" in status or "not started" in status.lower():
                    return True
            except Exception:
                pass
            time.sleep(0.1)
        return False


class PressdbServer(Server):
    kind = "pressdb"

    def __init__(self, name, workdir, binary, jit=None, extra_args=()):
        super().__init__(name, workdir)
        self.binary = os.path.abspath(binary)
        self.datadir = os.path.join(workdir, name + "-data")
        self.socket = os.path.join(workdir, name + ".sock")
        self.jit = jit
        self.use_jit_flag = jit is not None
        self.extra_args = list(extra_args)
        self.note = None

    def _prepare(self):
        if not os.access(self.binary, os.X_OK):
            self.error = "%s is not an executable (build it with make)" % self.binary
            return False
        os.makedirs(self.datadir, exist_ok=True)
        return True

    def _command(self):
        # no option files (the machine's my.cnf is its MariaDB's); --user as mariadbd wants
        # it when started as root
        cmd = [self.binary, "--no-defaults", "--user=" + pwd.getpwuid(os.geteuid()).pw_name,
               "--port=%d" % self.port, "--bind-address=127.0.0.1",
               "--socket=" + self.socket, "--datadir=" + self.datadir]
        if self.use_jit_flag:
            cmd.append("--jit=%s" % self.jit)
        return cmd + self.extra_args

    def start(self, timeout=60.0):
        ok = super().start(timeout)
        if not ok and self.use_jit_flag and self.error and "jit" in self.error.lower() \
                and "exited" in self.error:
            # An early build that does not know --jit yet: run it without the flag, say so.
            self.use_jit_flag = False
            self.note = "--jit=%s rejected; ran without it" % self.jit
            ok = super().start(timeout)
        return ok
