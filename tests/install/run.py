#!/usr/bin/env python3
"""The install as a host does it, without touching the system (make installtest).

1. `make install` into a temporary DESTDIR: the files, their paths filled in, and
   `systemd-analyze verify` of the unit (any complaint fails).
2. The service as systemd would run it: the unit's ExecStart with the installed option
   file (its paths moved into the temporary tree and a free port), the machine's
   /etc/my.cnf and /etc/mysql/my.cnf read as well, the account of the unit (nobody here,
   when run as root), NOTIFY_SOCKET for Type=notify. It must say READY=1 once it accepts
   connections; PHP's mysqli reaches it as "localhost" through the socket the option file
   names; `systemctl reload`'s command (SIGHUP) and logrotate with the installed snippet
   move the slow query log away and the server writes a new one.
3. docker/: every file the Dockerfile copies exists; the run stage's packages provide
   every library the binary links; the build stage's packages are the Makefile's; the
   entrypoint (as an unprivileged account) refuses a fresh datadir without a root
   password option, sets one up (root password, database, user, an init .sql), restarts
   without setting it up again, and the healthcheck answers while the server runs and
   fails when it does not."""
import argparse
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
from servers import free_port  # noqa: E402
failures = []


def fail(msg):
    print("FAIL:", msg)
    failures.append(msg)


def as_account():
    """preexec_fn and environment that run a child as the service's unprivileged account
    (nobody: the test does not create accounts) when the test runs as root."""
    if os.geteuid() != 0:
        return None
    pw = pwd.getpwnam("nobody")

    def drop():
        os.setgroups([])
        os.setgid(pw.pw_gid)
        os.setuid(pw.pw_uid)
    return drop


def install(tmp, build):
    dest = os.path.join(tmp, "dest")
    r = subprocess.run(["make", "-s", "-C", ROOT, "install", "DESTDIR=" + dest, "PREFIX=/usr",
                        "BUILD=" + build], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode:
        fail("make install: %s" % r.stdout.decode(errors="replace")[-500:])
        return None
    want = ["usr/sbin/pressdb", "usr/lib/systemd/system/pressdb.service", "etc/pressdb/pressdb.cnf",
            "etc/logrotate.d/pressdb", "usr/share/doc/pressdb/pressdb.cnf.example"]
    for w in want:
        if not os.path.isfile(os.path.join(dest, w)):
            fail("make install did not write %s" % w)
    unit = open(os.path.join(dest, "usr/lib/systemd/system/pressdb.service")).read()
    if "@" + "SBINDIR@" in unit or "/usr/sbin/pressdb --defaults-extra-file=/etc/pressdb/pressdb.cnf" not in unit:
        fail("the unit's ExecStart is not filled in")
    verify(dest, unit, tmp)
    print("make install: %d files, unit filled in" % len(want))
    return dest


def verify(dest, unit, tmp):
    exe = shutil.which("systemd-analyze")
    if not exe:
        fail("systemd-analyze is missing (apt-get install systemd)")
        return
    # the unit as installed, its binary where DESTDIR put it
    p = os.path.join(tmp, "pressdb.service")
    with open(p, "w") as f:
        f.write(unit.replace("/usr/sbin/pressdb", os.path.join(dest, "usr/sbin/pressdb")))
    r = subprocess.run([exe, "verify", p], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = r.stdout.decode(errors="replace").strip()
    if r.returncode or out:
        fail("systemd-analyze verify: %s" % out)


def unit_value(unit, key):
    m = re.search(r"^%s=(.*)$" % key, unit, re.M)
    return m.group(1).strip() if m else None


class Service:
    """The unit's command line, its paths under tmp."""

    def __init__(self, dest, tmp):
        self.tmp = tmp
        self.unit = open(os.path.join(dest, "usr/lib/systemd/system/pressdb.service")).read()
        cnf = open(os.path.join(dest, "etc/pressdb/pressdb.cnf")).read()
        self.root = os.path.join(tmp, "sys")
        self.logdir = os.path.join(self.root, "var/log/pressdb")
        for d in ("var/lib/pressdb", "run/pressdb", "run/mysqld", "var/log/pressdb", "home"):
            os.makedirs(os.path.join(self.root, d), exist_ok=True)
        os.chmod(tmp, 0o755)
        # the service's directories belong to its account, as systemd's StateDirectory=,
        # RuntimeDirectory= and LogsDirectory= make them (logrotate refuses a log
        # directory others may write)
        owner = pwd.getpwnam("nobody") if os.geteuid() == 0 else None
        for dp, dn, fn in os.walk(self.root):
            os.chmod(dp, 0o755)
            if owner:
                os.chown(dp, owner.pw_uid, owner.pw_gid)
        self.port = free_port()
        cnf = cnf.replace("/var/lib/pressdb", self.root + "/var/lib/pressdb")
        cnf = cnf.replace("/run/", self.root + "/run/")
        cnf += ("\nport = %d\nslow-query-log = ON\nslow-query-log-file = %s/slow.log\n"
                "long-query-time = 0\n" % (self.port, self.logdir))
        self.cnf = os.path.join(tmp, "pressdb.cnf")
        with open(self.cnf, "w") as f:
            f.write(cnf)
        os.chmod(self.cnf, 0o644)
        self.socket = self.root + "/run/mysqld/mysqld.sock"
        # the client tools find the socket through the account's ~/.my.cnf, read after
        # the machine's /etc/mysql/my.cnf
        self.home = os.path.join(self.root, "home")
        with open(os.path.join(self.home, ".my.cnf"), "w") as f:
            f.write("[client]\nsocket = %s\n" % self.socket)
        argv = unit_value(self.unit, "ExecStart").replace("$PRESSDB_OPTS", "").split()
        self.argv = [os.path.join(dest, argv[0].lstrip("/"))] + [
            a.replace("/etc/pressdb/pressdb.cnf", self.cnf) for a in argv[1:]]
        self.proc = None

    def start(self):
        notify = os.path.join(self.tmp, "notify.sock")
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.bind(notify)
        os.chmod(notify, 0o777)
        s.settimeout(60)
        env = dict(os.environ, NOTIFY_SOCKET=notify, HOME=self.home)
        self.log = open(os.path.join(self.tmp, "service.log"), "wb")
        self.proc = subprocess.Popen(self.argv, stdout=self.log, stderr=subprocess.STDOUT, env=env,
                                     preexec_fn=as_account(), cwd="/")
        try:
            msg = s.recv(4096).decode()
        except socket.timeout:
            msg = ""
        s.close()
        if "READY=1" not in msg.split("\n"):
            fail("the service did not say READY=1 (got %r); log: %s" % (msg, self.log_tail()))
            return False
        return True

    def log_tail(self):
        try:
            return open(os.path.join(self.tmp, "service.log"), errors="replace").read()[-1500:]
        except OSError:
            return ""

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def php_localhost(svc):
    """PHP's mysqli with "localhost", as WordPress's DB_HOST, through the socket."""
    code = ('$m = new mysqli("localhost", "root", ""); '
            'echo $m->query("SELECT CONCAT(@@socket, \' \', VERSION())")->fetch_row()[0];')
    r = subprocess.run(["php", "-d", "mysqli.default_socket=" + svc.socket, "-r", code],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    out = r.stdout.decode(errors="replace")
    if r.returncode or not out.startswith(svc.socket + " "):
        fail("PHP mysqli to localhost: %r" % out[-400:])


def query(svc, sql):
    return subprocess.run(["mariadb", "--no-defaults", "--socket=" + svc.socket, "-uroot", "-N", "-e", sql],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)


def rotations(svc):
    slow = os.path.join(svc.logdir, "slow.log")
    query(svc, "SELECT 'before rotation'")
    if "before rotation" not in read(slow):
        fail("the slow query log has no entry before rotation: %r" % read(slow)[-300:])
        return
    # logrotate with the installed snippet, its path moved into the tree
    conf = open(os.path.join(svc.dest, "etc/logrotate.d/pressdb")).read()
    conf = conf.replace("/var/log/pressdb", svc.logdir)
    lr = os.path.join(svc.tmp, "logrotate.conf")
    with open(lr, "w") as f:
        f.write(conf)
    exe = shutil.which("logrotate") or "/usr/sbin/logrotate"
    r = subprocess.run([exe, "-f", "-s", os.path.join(svc.tmp, "logrotate.state"), lr],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       env=dict(os.environ, HOME=svc.home))
    if r.returncode:
        fail("logrotate: %s" % r.stdout.decode(errors="replace")[-400:])
    query(svc, "SELECT 'after rotation'")
    if not os.path.exists(slow + ".1"):
        fail("logrotate did not move the slow log")
    if "after rotation" not in read(slow) or "before rotation" in read(slow):
        fail("after logrotate the server did not start a new slow log: %r" % read(slow)[-300:])
    # systemctl reload: ExecReload's SIGHUP
    if "kill -HUP $MAINPID" not in (unit_value(svc.unit, "ExecReload") or ""):
        fail("the unit has no ExecReload with SIGHUP")
    os.rename(slow, slow + ".hup")
    svc.proc.send_signal(signal.SIGHUP)
    time.sleep(0.5)
    query(svc, "SELECT 'after sighup'")
    if "after sighup" not in read(slow):
        fail("after SIGHUP the server did not start a new slow log")


def read(path):
    try:
        return open(path, errors="replace").read()
    except OSError:
        return ""


def service(dest, tmp):
    svc = Service(dest, tmp)
    svc.dest = dest
    try:
        if not svc.start():
            return
        php_localhost(svc)
        rotations(svc)
        print("service: READY=1, PHP localhost through %s, logrotate and SIGHUP reopen the logs"
              % os.path.relpath(svc.socket, tmp))
    finally:
        svc.stop()
        if failures:
            print(svc.log_tail())


# ---- docker/ ------------------------------------------------------------------------

def dockerfile_refs():
    df = open(os.path.join(ROOT, "docker/Dockerfile")).read()
    for m in re.finditer(r"^COPY (?!--from)(.*)$", df, re.M):
        for src in m.group(1).split()[:-1]:
            if src != "." and not os.path.exists(os.path.join(ROOT, src)):
                fail("docker/Dockerfile copies %s, which does not exist" % src)
            if src.endswith(".sh") and not os.access(os.path.join(ROOT, src), os.X_OK):
                fail("%s is not executable" % src)


def runtime_packages(binary):
    """Each library the binary names (its NEEDED entries; their own dependencies come with
    their packages) is in a package of the run stage, or in every Debian image."""
    pkgs = set(open(os.path.join(ROOT, "docker/runtime-packages.txt")).read().split())
    dyn = subprocess.run(["objdump", "-p", binary], stdout=subprocess.PIPE, check=True).stdout.decode()
    needed = re.findall(r"^\s*NEEDED\s+(\S+)", dyn, re.M)
    paths = dict(re.findall(r"^\s*(\S+) => (/\S+)", subprocess.run(
        ["ldd", binary], stdout=subprocess.PIPE, check=True).stdout.decode(), re.M))
    for lib in needed:
        path = paths.get(lib)
        pkg = ""
        for cand in filter(None, (path, path and os.path.realpath(path))):
            for p in (cand, cand.replace("/usr/lib/", "/lib/", 1)):
                q = subprocess.run(["dpkg", "-S", p], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
                if q.returncode == 0:
                    pkg = q.stdout.decode().split(":")[0]
                    break
            if pkg:
                break
        if pkg in ("libc6", "libgcc-s1"):
            continue       # in every Debian image
        if not pkg:
            fail("no Debian package provides %s (%s)" % (lib, path))
        elif pkg not in pkgs:
            fail("the binary needs %s (%s), not in docker/runtime-packages.txt" % (lib, pkg))


def build_packages():
    mk = open(os.path.join(ROOT, "Makefile")).read()
    m = re.search(r"^DEB_PKGS\s*:=((?:.*\\\n)*.*)$", mk, re.M)
    deb = set(m.group(1).replace("\\\n", " ").split())
    for p in open(os.path.join(ROOT, "docker/build-packages.txt")).read().split():
        if p not in deb:
            fail("docker/build-packages.txt has %s, which the Makefile's DEB_PKGS lacks" % p)


def entrypoint(binary, tmp):
    base = os.path.join(tmp, "docker")
    os.makedirs(os.path.join(base, "initdb"))
    os.chmod(base, 0o777)
    with open(os.path.join(base, "initdb", "10-table.sql"), "w") as f:
        f.write("CREATE TABLE from_initdb (id INT PRIMARY KEY, v VARCHAR(10));\n"
                "INSERT INTO from_initdb VALUES (1, 'seeded');\n")
    os.chmod(os.path.join(base, "initdb", "10-table.sql"), 0o644)
    data = os.path.join(base, "data")
    sock = os.path.join(base, "mysqld.sock")
    port = free_port()
    args = [os.path.join(ROOT, "docker/entrypoint.sh"), "--no-defaults", "--datadir=" + data,
            "--port=%d" % port, "--bind-address=127.0.0.1", "--socket=" + sock]
    env = dict(os.environ, PRESSDB_DATADIR=data, PRESSDB_BIN=os.path.abspath(binary),
               PRESSDB_INITDB_DIR=os.path.join(base, "initdb"), PRESSDB_HEALTH_SOCKET=sock)
    env.pop("HOME", None)
    run = dict(stdout=subprocess.PIPE, stderr=subprocess.STDOUT, preexec_fn=as_account(), cwd="/")
    r = subprocess.run(args, env=env, timeout=120, **run)
    if r.returncode == 0 or b"PRESSDB_ROOT_PASSWORD" not in r.stdout or os.path.exists(data + "/pressdb.datadir"):
        fail("the entrypoint started without a root password option: %r" % r.stdout[-300:])
    env.update(PRESSDB_ROOT_PASSWORD="r00t'pw", PRESSDB_DATABASE="site", PRESSDB_USER="siteuser",
               PRESSDB_PASSWORD="s3cret")
    health = [os.path.join(ROOT, "docker/healthcheck.sh")]
    for attempt in ("first start", "restart"):
        logp = os.path.join(base, "entrypoint-%s.log" % attempt.replace(" ", "-"))
        logf = open(logp, "wb")
        p = subprocess.Popen(args, env=env, stdout=logf, stderr=subprocess.STDOUT,
                             preexec_fn=as_account(), cwd="/")
        try:
            up = wait_health(health, env, p)
            log = read(logp)
            if not up:
                fail("entrypoint, %s: the server did not come up: %s" % (attempt, log[-800:]))
                return
            inited = "initialising" in log
            if inited != (attempt == "first start"):
                fail("entrypoint, %s: set up the datadir: %s" % (attempt, inited))
            check_accounts(sock, attempt)
        finally:
            p.send_signal(signal.SIGTERM)
            p.wait(60)
            logf.close()
    if subprocess.run(health, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
        fail("the healthcheck passes with the server stopped")
    print("docker: Dockerfile's files, run-stage packages cover the binary, entrypoint "
          "first start and restart, healthcheck")


def wait_health(health, env, proc, timeout=60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            return False
        r = subprocess.run(health, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # the entrypoint's private server answers too: wait for the exec'd one
        if r.returncode == 0 and proc_is_final(proc):
            return True
        time.sleep(0.2)
    return False


def proc_is_final(proc):
    """The entrypoint has exec'd the server (its command line is pressdb's)."""
    try:
        cmd = open("/proc/%d/cmdline" % proc.pid, "rb").read().split(b"\0")
    except OSError:
        return False
    return bool(cmd) and os.path.basename(cmd[0]) == b"pressdb"


def check_accounts(sock, attempt):
    def sql(user, pw, stmt, db=None):
        a = ["mariadb", "--no-defaults", "--socket=" + sock, "-u" + user, "-N", "-e", stmt]
        if pw is not None:
            a.insert(4, "-p" + pw)
        if db:
            a.append(db)
        return subprocess.run(a, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    r = sql("siteuser", "s3cret", "SELECT v FROM from_initdb", "site")
    if r.returncode or r.stdout.strip() != b"seeded":
        fail("entrypoint, %s: the user's database: %r" % (attempt, r.stdout[-300:]))
    r = sql("root", "r00t'pw", "SELECT COUNT(*) FROM mysql.user WHERE User = 'root'")
    if r.returncode:
        fail("entrypoint, %s: root with its password: %r" % (attempt, r.stdout[-300:]))
    r = sql("root", None, "SELECT 1")
    if r.returncode == 0:
        fail("entrypoint, %s: root logs in without a password" % attempt)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    binary = os.path.abspath(args.server)
    build = os.path.relpath(os.path.dirname(binary), ROOT)
    tmp = tempfile.mkdtemp(prefix="pressdb-install-")
    os.chmod(tmp, 0o755)
    t0 = time.monotonic()
    try:
        dest = install(tmp, build)
        if dest:
            service(dest, tmp)
        dockerfile_refs()
        runtime_packages(binary)
        build_packages()
        entrypoint(binary, tmp)
    finally:
        if args.keep or failures:
            print("kept %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print("installtest: %s (%.1fs)" % ("FAILED, %d problems" % len(failures) if failures else "passed",
                                       time.monotonic() - t0))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
