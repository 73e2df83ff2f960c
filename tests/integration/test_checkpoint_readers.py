#!/usr/bin/env python3
"""Reads go on while a checkpoint writes the snapshot.

A checkpoint (engine/exec.c checkpoint_now) writes every table; on a large store that
takes seconds. A forked process writes it (storage/wal.c stor_checkpoint_begin), so
statements keep being answered meanwhile (writes too: test_checkpoint_writers); the
blocking kind, after a failed process, runs under the store lock shared. This test loads about
120 MB of rows, one 1 MB row per INSERT, so that checkpoints happen during the load, and
a second connection reads all along. It checks that:
  - reads completed while the snapshot's temporary file existed (a checkpoint under way);
  - meanwhile a third connection reads a table whose values the compression thread keeps
    compressing (--compress-after-s=1): each read restores them in the table under the
    shared lock, as the checkpoint reads them (storage/compress.c zv_read; the sanitizer
    build catches a value freed under the checkpoint);
  - what the writer inserted is all there afterwards, after a clean restart, and after
    kill -9 (the snapshot and the log agree).

Starts its own pressdb server (PRESSDB_BIN) on a free port with a temporary datadir.
"""
import os, shutil, sys, tempfile, threading, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary, check, finish  # noqa: E402

binary()
ROWS = 120
ARGS = ["--innodb-log-file-size=1M", "--compress-after-s=1", "--compress-min-bytes=512"]


def connect(srv):
    return srv.connect(database="ck", max_allowed_packet=16 << 20)


def contents(srv):
    c = connect(srv)
    cur = c.cursor()
    cur.execute("SELECT COUNT(*), SUM(LENGTH(v)), SUM(id) FROM big")
    r = cur.fetchone()
    c.close()
    return (int(r[0]), int(r[1] or 0), int(r[2] or 0))


def main():
    base = tempfile.mkdtemp(prefix="pressdb-ckread-")
    datadir = os.path.join(base, "d")
    tmp = os.path.join(datadir, "pressdb.snap.tmp")
    try:
        srv = Server(datadir, os.path.join(base, "log"), ARGS)
        c = srv.start()
        c.cursor().execute("CREATE DATABASE ck")
        c.close()
        w = connect(srv)
        w.cursor().execute("CREATE TABLE big (id INT PRIMARY KEY, v LONGTEXT)")
        w.cursor().execute("CREATE TABLE small (id INT PRIMARY KEY, v INT)")
        w.cursor().execute("CREATE TABLE mid (id INT PRIMARY KEY, v TEXT)")
        w.cursor().executemany("INSERT INTO small VALUES (%s, %s)", [(i, i * i) for i in range(100)])

        stop = threading.Event()
        seen = {"during": 0, "reads": 0, "errors": []}

        def reader():
            r = connect(srv)
            cur = r.cursor()
            while not stop.is_set():
                before = os.path.exists(tmp)
                try:
                    cur.execute("SELECT SUM(v) FROM small WHERE id < 50")
                    ok = cur.fetchone()[0] == sum(i * i for i in range(50))
                except pymysql.MySQLError as e:
                    seen["errors"].append(str(e))
                    break
                if not ok:
                    seen["errors"].append("wrong sum")
                seen["reads"] += 1
                if before and os.path.exists(tmp):
                    seen["during"] += 1
            r.close()

        mid = ["%05d " % i + "lorem ipsum dolor %d sit amet " % (i % 7) * 40 for i in range(2000)]
        w.cursor().executemany("INSERT INTO mid VALUES (%s, %s)", list(enumerate(mid)))
        want_mid = sum(len(v) for v in mid)

        def restorer():
            r = connect(srv)
            cur = r.cursor()
            while not stop.is_set():
                try:
                    cur.execute("SELECT SUM(LENGTH(v)), COUNT(DISTINCT MD5(v)) FROM mid")
                    got = cur.fetchone()
                except pymysql.MySQLError as e:
                    seen["errors"].append(str(e))
                    break
                if (int(got[0]), got[1]) != (want_mid, len(mid)):
                    seen["errors"].append("mid: %r" % (got,))
                stop.wait(1.3)   # cold again: compressed again before the next read
            r.close()

        th = threading.Thread(target=reader)
        th.start()
        th2 = threading.Thread(target=restorer)
        th2.start()
        for i in range(ROWS):
            w.cursor().execute("INSERT INTO big VALUES (%s, REPEAT(%s, 1048576))", (i, chr(97 + i % 26)))
        # the last checkpoint asked for may still be writing: let it end
        for _ in range(600):
            if not os.path.exists(tmp):
                break
            time.sleep(0.05)
        stop.set()
        th.join()
        th2.join()
        w.close()
        check(not seen["errors"], "the reader's statements all answered, rightly (%s)" % seen["errors"][:2])
        check(os.path.exists(os.path.join(datadir, "pressdb.snap")), "checkpoints happened during the load")
        check(seen["during"] > 0, "reads answered while a checkpoint was writing the snapshot "
              "(%d of %d reads)" % (seen["during"], seen["reads"]))
        want = (ROWS, ROWS * 1048576, sum(range(ROWS)))
        check(contents(srv) == want, "every row is there")
        c = connect(srv)
        cur = c.cursor()
        for _ in range(100):   # (cold after a second: the thread's next pass compresses them)
            cur.execute("SHOW GLOBAL STATUS LIKE 'Compressed_values'")
            compressed = int(cur.fetchone()[1])
            if compressed:
                break
            time.sleep(0.1)
        check(compressed > 0, "the compression thread compresses values (%d)" % compressed)
        c.close()
        srv.stop()
        srv.start().close()
        check(contents(srv) == want, "every row is there after a clean restart")
        w = connect(srv)
        w.cursor().execute("INSERT INTO big VALUES (%s, REPEAT('z', 1048576))", (ROWS,))
        w.close()
        srv.kill()
        srv.start().close()
        want = (ROWS + 1, (ROWS + 1) * 1048576, sum(range(ROWS + 1)))
        check(contents(srv) == want, "every row is there after kill -9")
        srv.stop()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
