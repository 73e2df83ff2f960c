"""mariadb-dump and the mariadb client against a test's servers (tests/integration/*)."""
import re
import shutil
import subprocess


def client(name):
    """The client's path (mariadb-dump / mariadb, else the mysql names), or None."""
    for n in (name, name.replace("mariadb-dump", "mysqldump").replace("mariadb", "mysql")):
        if shutil.which(n):
            return n
    return None


def conn_args(params):
    return ["-h%s" % params["host"], "-P%d" % params["port"]] if "port" in params else ["-S%s" % params["unix_socket"]]


def dump(params, db, options=()):
    """mariadb-dump --databases db: (returncode, stdout, stderr)."""
    argv = [client("mariadb-dump"), "--no-defaults", "-uroot"] + list(options) + conn_args(params)
    r = subprocess.run(argv + ["--databases", db], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")


def load(params, text):
    """text through the mariadb client: (returncode, stderr)."""
    argv = [client("mariadb"), "--no-defaults", "-uroot"] + conn_args(params)
    r = subprocess.run(argv, input=text.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    return r.returncode, r.stderr.decode("utf-8", "replace")


def body(text):
    """A dump's lines but those naming the host, server and time, and CREATE DATABASE
    (the database's default collation clause differs)."""
    return [l for l in text.splitlines()
            if not re.match(r"-- (Host|Server version|Dump completed|MariaDB dump)", l)
            and not l.startswith("CREATE DATABASE")]
