#!/usr/bin/env python3
"""FULLTEXT after a restart: the postings are built again in the background after a start
(engine/fulltext.c ex_ft_warm) while statements already run, and MATCH must answer as it
did before the restart (rows, order and relevance values), whether a query arrives before,
during or after the build, and while rows are updated meanwhile (outside the key, or the
key's columns to what they hold); after a clean shutdown
and after kill -9 (log replay). The same rows and queries go to MariaDB (MARIADB_PORT),
whose answers must be the ones pressdb gave before the first restart.

Starts its own pressdb (PRESSDB_BIN) on a free port with a temporary datadir."""
import os, random, shutil, signal, socket, subprocess, sys, tempfile, threading, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

DB = "ftr"
WORDS = ("nightjar wordpress search zebra café naïve straße garden quasar lorem ipsum dolor sit amet "
         "performance realistic database tutorial apple pie melon").split()
QUERIES = [
    "MATCH (title, body) AGAINST ('nightjar')",
    "MATCH (title, body) AGAINST ('zebra garden quasar')",
    "MATCH (title, body) AGAINST ('+apple -pie' IN BOOLEAN MODE)",
    "MATCH (title, body) AGAINST ('\"apple pie\" melon' IN BOOLEAN MODE)",
    "MATCH (title, body) AGAINST ('>melon* <garden' IN BOOLEAN MODE)",
    "MATCH (title, body) AGAINST ('cafe strasse')",
]
failures = []


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def connect(port, db=None):
    return pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True, database=db,
                           charset="utf8mb4")


def start(datadir, log):
    port = free_port()
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--datadir=%s" % datadir, "--socket=",
                                            "--threads=2"], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(400):
        try:
            connect(port).close()
            return p, port
        except pymysql.err.OperationalError:
            if p.poll() is not None:
                raise RuntimeError("pressdb exited on start (code %s)" % p.returncode)
            time.sleep(0.02)
    raise RuntimeError("pressdb did not start")


def rows():
    rnd = random.Random(20261204)
    out = []
    for i in range(1, 3001):
        title = " ".join(rnd.choice(WORDS) for _ in range(3))
        body = " ".join(rnd.choice(WORDS) for _ in range(rnd.randrange(20, 400)))
        out.append((i, title, body))
    rnd.shuffle(out)   # (inserted out of id order: equal ranks come in insertion order)
    return out


def load(cur, data):
    cur.execute("DROP DATABASE IF EXISTS " + DB)
    cur.execute("CREATE DATABASE " + DB)
    cur.execute("USE " + DB)
    cur.execute("CREATE TABLE t (id INT PRIMARY KEY, n INT NOT NULL DEFAULT 0, title VARCHAR(200), body TEXT, "
                "FULLTEXT KEY ft (title, body)) "
                "DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_unicode_520_ci STATS_AUTO_RECALC=0")
    for k in range(0, len(data), 300):
        cur.executemany("INSERT INTO t (id, title, body) VALUES (%s, %s, %s)", data[k:k + 300])


def answers(cur):
    out = []
    for q in QUERIES:
        cur.execute("SELECT id, %s FROM t WHERE %s" % (q, q))
        out.append(cur.fetchall())
    return out


def check(what, got, want):
    for q, g, w in zip(QUERIES, got, want):
        if g != w:
            failures.append("%s: %s: %d rows %r..., wanted %d rows %r..." % (what, q, len(g), g[:3], len(w), w[:3]))


def main():
    data = rows()
    tmp = tempfile.mkdtemp(prefix="pressdb-ftr-")
    keep = False
    log = open(os.path.join(tmp, "server.log"), "ab")
    p = None
    try:
        mport = int(os.environ.get("MARIADB_PORT", "0"))
        want = None
        if mport:
            m = pymysql.connect(host="127.0.0.1", port=mport, user="root", autocommit=True, charset="utf8mb4",
                                unix_socket=os.environ.get("MARIADB_SOCKET"))
            load(m.cursor(), data)
            want = answers(m.cursor())
            m.cursor().execute("DROP DATABASE " + DB)
            m.close()
        datadir = os.path.join(tmp, "data")
        p, port = start(datadir, log)
        load(connect(port).cursor(), data)
        before = answers(connect(port, DB).cursor())
        if want is not None:
            check("before a restart, against MariaDB", before, want)
        for how in ("clean", "kill -9", "clean"):
            if how == "clean":
                p.send_signal(signal.SIGTERM)
            else:
                p.send_signal(signal.SIGKILL)
            p.wait(timeout=60)
            p, port = start(datadir, log)
            # at once (the build may be running), while another connection updates a column
            # outside the key and writes the key's columns unchanged, and once more after
            c = connect(port, DB).cursor()
            stop = threading.Event()

            def writer():
                w = connect(port, DB).cursor()
                k = 0
                while not stop.is_set():
                    w.execute("UPDATE t SET n = n + 1 WHERE id = %s", (k % 3000 + 1,))
                    w.execute("UPDATE t SET body = body, title = title WHERE id = %s", (k * 7 % 3000 + 1,))
                    k += 1

            th = threading.Thread(target=writer)
            th.start()
            try:
                check("right after a %s restart" % how, answers(c), before)
                time.sleep(1.0)
                check("a second after a %s restart" % how, answers(c), before)
            finally:
                stop.set()
                th.join()
            check("after the writes (%s restart)" % how, answers(c), before)
    except Exception as e:  # noqa: BLE001
        failures.append("error: %r" % (e,))
    finally:
        if p and p.poll() is None:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(timeout=60)
            except subprocess.TimeoutExpired:
                p.kill()
        log.close()
        if failures:
            keep = True
            print("logs kept in %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    for f in failures:
        print("FAIL " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
