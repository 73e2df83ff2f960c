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


def round_trip(check, db, setup, what, options=()):
    """With the run's MariaDB and pressdb: `setup` run on MariaDB in a fresh database db,
    dumped with mariadb-dump (options), loaded into pressdb with the mariadb client, and
    pressdb's dump of it checked to be the same text (but for body()'s lines). Returns
    the two connections (MariaDB's, pressdb's) and MariaDB's dump, or None when there is
    no MariaDB or client to do it with."""
    import os
    import itargets
    import pymysql
    if not os.environ.get("MARIADB_PORT") and not os.environ.get("MARIADB_SOCKET"):
        print("skipped: the dump round trip needs the run's MariaDB")
        return None
    if not client("mariadb-dump") or not client("mariadb"):
        print("skipped: no mariadb-dump / mariadb client")
        return None
    mp, pp = itargets.connect_params("MARIADB"), itargets.connect_params("PRESSDB")
    conns = []
    for p in (mp, pp):
        c = pymysql.connect(user="root", autocommit=True, **p)
        c.cursor().execute("DROP DATABASE IF EXISTS " + db)
        conns.append(c)
    cur = conns[0].cursor()
    for sql in ["CREATE DATABASE " + db, "USE " + db] + list(setup):
        cur.execute(sql)
    rc, mtext, err = dump(mp, db, options)
    check(rc == 0, "mariadb-dump of MariaDB's %s (%s)" % (what, err.strip()[:300]))
    rc, err = load(pp, mtext)
    check(rc == 0, "the dump loads into pressdb (%s)" % err.strip()[:300])
    rc, ptext, err = dump(pp, db, options)
    check(rc == 0, "mariadb-dump of pressdb's %s (%s)" % (what, err.strip()[:300]))
    a, b = body(mtext), body(ptext)
    diff = [(x, y) for x, y in zip(a, b) if x != y]
    check(a == b, "the two dumps are the same text%s" % (": first difference %r / %r" % diff[0] if diff else
                                                         "" if a == b else ": %d / %d lines" % (len(a), len(b))))
    return conns[0], conns[1], mtext


def drop(conns, db):
    for c in conns:
        c.cursor().execute("DROP DATABASE " + db)
        c.close()
