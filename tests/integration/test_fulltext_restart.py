#!/usr/bin/env python3
"""FULLTEXT after a restart: the postings are built again in the background after a start
(engine/fulltext.c ex_ft_warm) while statements already run, and MATCH must answer as it
did before the restart (rows, order and relevance values), whether a query arrives before,
during or after the build, and while rows are updated meanwhile (outside the key, or the
key's columns to what they hold); after a clean shutdown
and after kill -9 (log replay). The same rows and queries go to MariaDB (MARIADB_PORT),
whose answers must be the ones pressdb gave before the first restart.

Starts its own pressdb (PRESSDB_BIN) on a free port with a temporary datadir."""
import os
import random
import shutil
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary, check, finish  # noqa: E402
import pymysql  # noqa: E402

binary()
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


def same(what, got, want):
    for q, g, w in zip(QUERIES, got, want):
        check(g == w, "%s: %s: %d rows %r..., wanted %d rows %r..." % (what, q, len(g), g[:2], len(w), w[:2]))


def writes(srv, stop):
    """Updates a column outside the key, and the key's columns to what they hold."""
    w = srv.connect(database=DB).cursor()
    k = 0
    while not stop.is_set():
        w.execute("UPDATE t SET n = n + 1 WHERE id = %s", (k % 3000 + 1,))
        w.execute("UPDATE t SET body = body, title = title WHERE id = %s", (k * 7 % 3000 + 1,))
        k += 1


def main():
    data = rows()
    mport = int(os.environ.get("MARIADB_PORT", "0"))
    want = None
    if mport:
        m = pymysql.connect(host="127.0.0.1", port=mport, user="root", autocommit=True, charset="utf8mb4",
                            unix_socket=os.environ.get("MARIADB_SOCKET"))
        load(m.cursor(), data)
        want = answers(m.cursor())
        m.cursor().execute("DROP DATABASE " + DB)
        m.close()
    tmp = tempfile.mkdtemp(prefix="pressdb-ftr-")
    srv = Server(os.path.join(tmp, "data"), os.path.join(tmp, "server.log"), ["--threads=2"])
    load(srv.start(charset="utf8mb4").cursor(), data)
    before = answers(srv.connect(database=DB, charset="utf8mb4").cursor())
    if want is not None:
        same("before a restart, against MariaDB", before, want)
    for how in ("clean", "kill -9", "clean"):
        srv.stop() if how == "clean" else srv.kill()
        srv.start()
        # at once (the build may be running), while another connection writes, and again
        c = srv.connect(database=DB, charset="utf8mb4").cursor()
        stop = threading.Event()
        th = threading.Thread(target=writes, args=(srv, stop))
        th.start()
        try:
            same("right after a %s restart" % how, answers(c), before)
            time.sleep(1.0)
            same("a second after a %s restart" % how, answers(c), before)
        finally:
            stop.set()
            th.join()
        same("after the writes (%s restart)" % how, answers(c), before)
    srv.stop()
    shutil.rmtree(tmp, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
