#!/usr/bin/env python3
"""With --sync-binlog=1 a transaction's events go to replicas only once its log frame is
synced: a replica must never hold a transaction its primary could lose in a power loss.

The server runs with PRESSDB_TEST_SYNC_DELAY_MS (each group commit's fdatasync waits that
long first, a slow disk). A raw COM_BINLOG_DUMP connection reads the binary log while an
INSERT commits: while the INSERT waits for its sync, the dump must not have received its
row; once the INSERT returned, the row must arrive. With --sync-binlog=0 the same row is
sent as soon as its frame is written (before the sync), as before.
"""
import os
import struct
import sys
import threading
import time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import servers  # noqa: E402
import repl_check  # noqa: E402

repl_check.skip_unless_binary()
BIN = os.environ["PRESSDB_BIN"]
check = repl_check.Checks()
DELAY_MS = 1500


class Primary(servers.PressDB):
    sync = "1"

    def env(self):
        return dict(super().env(), PRESSDB_TEST_SYNC_DELAY_MS=str(DELAY_MS))

    def argv(self):
        return super().argv() + ["--log-bin", "--server-id=31", "--sync-binlog=" + self.sync]


class Lazy(Primary):
    sync = "0"


class Dump:
    """COM_BINLOG_DUMP from the start of the current file; every byte received kept."""

    def __init__(self, server):
        self.c = server.connect()
        cur = self.c.cursor()
        cur.execute("SHOW MASTER STATUS")
        name = cur.fetchone()[0].encode()
        pl = bytes([0x12]) + struct.pack("<IHI", 4, 0, 77) + name
        self.c._write_bytes(struct.pack("<I", len(pl))[:3] + b"\x00" + pl)
        self.got = b""
        self.stop = False
        self.t = threading.Thread(target=self.read, daemon=True)
        self.t.start()

    def read(self):
        sock = self.c._sock
        sock.settimeout(0.1)
        while not self.stop:
            try:
                b = sock.recv(65536)
                if not b:
                    break
                self.got += b
            except OSError:
                continue

    def close(self):
        self.stop = True
        self.t.join()
        self.c._sock.close()


def one(server, marker, held):
    """INSERT marker while the dump reads: (seen while the commit waited, seen after)."""
    c = server.connect()
    c.cursor().execute("CREATE TABLE IF NOT EXISTS sa.t (a INT PRIMARY KEY AUTO_INCREMENT, b VARCHAR(40))")
    d = Dump(server)
    time.sleep(0.3)
    done = threading.Event()

    def insert():
        server.connect().cursor().execute("INSERT INTO sa.t (b) VALUES (%s)", (marker,))
        done.set()
    t = threading.Thread(target=insert)
    t0 = time.time()
    t.start()
    time.sleep(DELAY_MS / 2000.0)
    during = marker.encode() in d.got and not done.is_set()
    t.join()
    waited = time.time() - t0
    deadline = time.time() + 5
    while marker.encode() not in d.got and time.time() < deadline:
        time.sleep(0.02)
    after = marker.encode() in d.got
    d.close()
    check(waited >= DELAY_MS / 1000.0 * 0.9, "%s: the commit waited for its (slowed) sync (%.2f s)" % (held, waited))
    return during, after


def main():
    area = servers.TempArea()
    sv = {}

    def body():
        p = sv["p"] = Primary(area, BIN, "primary", "pressdb --sync-binlog=1").start()
        p.connect().cursor().execute("CREATE DATABASE sa")
        during, after = one(p, "sent-after-sync-4711", "sync_binlog=1")
        check(not during, "sync_binlog=1: the row is not sent while its commit waits for the sync")
        check(after, "sync_binlog=1: the row is sent once the commit is synced")
        p.stop()
        q = sv["q"] = Lazy(area, BIN, "lazy", "pressdb --sync-binlog=0").start()
        q.connect().cursor().execute("CREATE DATABASE sa")
        during, after = one(q, "sent-when-written-4712", "sync_binlog=0")
        check(during and after, "sync_binlog=0: the row is sent as soon as its frame is written (%r, %r)" % (during, after))

    return repl_check.run(check, area, body, lambda: [s for s in sv.values() if s])


if __name__ == "__main__":
    try:
        sys.exit(main())
    except pymysql.MySQLError as e:
        print("FAIL", e)
        sys.exit(1)
