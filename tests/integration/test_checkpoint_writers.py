#!/usr/bin/env python3
"""Writes go on while a checkpoint writes the snapshot, and a checkpoint cut short loses
nothing.

A checkpoint sets the log so far aside (pressdb.wal.prev), starts a new one, and a
forked process writes the snapshot from the store as it was (storage/wal.c
stor_checkpoint_begin); the server holds its store only for that switch. This test loads
rows of 1 MB (hex: zstd has work to do) with --innodb-log-file-size=1M, so checkpoints
happen during the load, while a second connection inserts small rows all along. It
checks that:
  - small inserts were answered while the snapshot's temporary file existed (the old
    checkpoint made every write wait for it);
  - kill -9 while a checkpoint process writes (its temporary file there): the process
    ends with the server, and the next start has every acknowledged row (the set-aside
    log and the new one replayed);
  - a fresh datadir's first checkpoint process fails (a directory where its temporary
    file goes): the set-aside log (the first log, which has no generation frame) stays,
    the server goes on; kill -9, and the next start replays it and the new log and keeps
    it; once the directory is gone the next checkpoint (the blocking kind) writes the
    snapshot and drops it, and kill -9 then loses nothing. (The build of 2ccb3ba refused
    to start there: it expected a generation frame.)

Starts its own pressdb server (PRESSDB_BIN) on a free port with a temporary datadir."""
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zlib

import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary, check, finish  # noqa: E402

binary()
ARGS = ["--innodb-log-file-size=1M"]


def connect(srv):
    return srv.connect(database="ck", max_allowed_packet=16 << 20)


def contents(srv):
    c = connect(srv)
    cur = c.cursor()
    cur.execute("SELECT COUNT(*), SUM(LENGTH(v)), SUM(id), SUM(CRC32(v)) FROM big")
    big = tuple(int(x or 0) for x in cur.fetchone())
    cur.execute("SELECT COUNT(*), SUM(id) FROM small")
    small = tuple(int(x or 0) for x in cur.fetchone())
    c.close()
    return big, small


class Load:
    """1 MB rows into big, and what was acknowledged."""

    def __init__(self, srv):
        self.c = connect(srv)
        self.next, self.bytes, self.crc = 0, 0, {}

    def row(self):
        v = os.urandom(1 << 19).hex()
        self.c.cursor().execute("INSERT INTO big VALUES (%s, %s)", (self.next, v))
        self.crc[self.next] = zlib.crc32(v.encode())
        self.next += 1
        self.bytes += len(v)

    def rewrite(self, k):
        """A row's value replaced by another as long: the log grows, the memory held does
        not (so the checkpoint threshold, half of that memory, stays where it is)."""
        k %= self.next
        v = os.urandom(1 << 19).hex()
        self.c.cursor().execute("UPDATE big SET v = %s WHERE id = %s", (v, k))
        self.crc[k] = zlib.crc32(v.encode())

    def want(self):
        return (self.next, self.bytes, sum(range(self.next)), sum(self.crc.values()))


def wait_gone(path, secs=60):
    for _ in range(int(secs * 20)):
        if not os.path.exists(path):
            return True
        time.sleep(0.05)
    return False


def pids_with(datadir):
    r = subprocess.run(["pgrep", "-f", "--datadir=" + datadir], capture_output=True, text=True)
    return r.stdout.split()


def main():
    base = tempfile.mkdtemp(prefix="pressdb-ckwrite-")
    datadir = os.path.join(base, "d")
    tmp = os.path.join(datadir, "pressdb.snap.tmp")
    prev = os.path.join(datadir, "pressdb.wal.prev")
    try:
        srv = Server(datadir, os.path.join(base, "log"), ARGS)
        c = srv.start()
        if "Checkpoints block writers in this build" in srv.tail():
            print("skipped: this build (AddressSanitizer) writes checkpoints without a process")
            c.close()
            srv.stop()
            return
        c.cursor().execute("CREATE DATABASE ck")
        c.close()
        c = connect(srv)
        c.cursor().execute("CREATE TABLE big (id INT PRIMARY KEY, v LONGTEXT)")
        c.cursor().execute("CREATE TABLE small (id INT PRIMARY KEY, v INT)")
        c.close()

        stop = threading.Event()
        seen = {"during": 0, "writes": 0, "errors": [], "next": 0}

        def writer():
            w = connect(srv)
            cur = w.cursor()
            while not stop.is_set():
                before = os.path.exists(tmp)
                try:
                    cur.execute("INSERT INTO small VALUES (%s, %s)", (seen["next"], seen["next"] % 7))
                except pymysql.MySQLError as e:
                    seen["errors"].append(str(e))
                    break
                seen["next"] += 1
                seen["writes"] += 1
                if before and os.path.exists(tmp):
                    seen["during"] += 1
            w.close()

        load = Load(srv)
        th = threading.Thread(target=writer)
        th.start()
        for _ in range(100):
            load.row()
        wait_gone(tmp)
        stop.set()
        th.join()
        check(not seen["errors"], "the writer's inserts all answered (%s)" % seen["errors"][:2])
        check(os.path.exists(os.path.join(datadir, "pressdb.snap")), "checkpoints happened during the load")
        check(seen["during"] > 0, "small inserts answered while a checkpoint process was writing the snapshot "
              "(%d of %d)" % (seen["during"], seen["writes"]))
        want_small = (seen["next"], sum(range(seen["next"])))
        check(contents(srv) == (load.want(), want_small), "every row is there")

        # kill -9 while a checkpoint process writes (rewrites: a row added would raise the
        # threshold about as much as it lengthens the log)
        caught = False
        for k in range(400):
            load.rewrite(k)
            if os.path.exists(tmp) and os.path.exists(prev):
                caught = True
                break
        load.c.close()
        srv.kill()
        check(caught, "a checkpoint process was writing when the server was killed")
        gone = False
        for _ in range(100):
            if not pids_with(datadir):
                gone = True
                break
            time.sleep(0.05)
        check(gone, "the checkpoint process ended with the server")
        srv.start().close()
        check(contents(srv) == (load.want(), want_small), "after kill -9 mid-checkpoint every acknowledged row is there")

        srv.stop()

        # a checkpoint process that fails (a directory where its temporary file goes), the
        # datadir's first: its log has no generation frame (a small store: checkpoints
        # come every few rows; with a large one the threshold, half the memory held, grows
        # about as the log does)
        datadir = os.path.join(base, "e")
        tmp = os.path.join(datadir, "pressdb.snap.tmp")
        prev = os.path.join(datadir, "pressdb.wal.prev")
        srv = Server(datadir, os.path.join(base, "log2"), ARGS)
        c = srv.start()
        os.mkdir(tmp)
        c.cursor().execute("CREATE DATABASE ck")
        c.cursor().execute("CREATE TABLE ck.big (id INT PRIMARY KEY, v LONGTEXT)")
        c.cursor().execute("CREATE TABLE ck.small (id INT PRIMARY KEY, v INT)")
        c.cursor().execute("INSERT INTO ck.small VALUES (1, 1), (2, 2)")
        c.close()
        want_small = (2, 3)
        load = Load(srv)
        failed = False
        for _ in range(400):
            load.row()
            if os.path.exists(prev):
                time.sleep(0.5)
                failed = os.path.exists(prev)
                break
        check(failed, "a failed checkpoint process leaves the set-aside log")
        check(contents(srv) == (load.want(), want_small), "the server answers after it")
        load.c.close()
        srv.kill()
        srv.start().close()
        check(contents(srv) == (load.want(), want_small),
              "after kill -9 every acknowledged row is there (the set-aside first log, then the new one)")
        check(os.path.exists(prev), "the set-aside log stays until a snapshot holds it")
        os.rmdir(tmp)
        load.c = connect(srv)
        dropped = False
        for _ in range(400):
            load.row()
            if not os.path.exists(prev):
                dropped = True
                break
        check(dropped, "the next checkpoint wrote the snapshot and dropped the set-aside log%s" %
              ("" if dropped else ": " + srv.tail(1500)))
        load.c.close()
        srv.kill()
        srv.start().close()
        check(contents(srv) == (load.want(), want_small), "after kill -9 every acknowledged row is there")
        srv.stop()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
