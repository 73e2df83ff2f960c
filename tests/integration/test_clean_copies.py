#!/usr/bin/env python3
"""Copies of tables that stopped changing, and the checkpoints they make cheap
(storage/evict.c clean_pass, storage/snapshot.c copy_rows).

A table unchanged for STOR_CLEAN_AFTER_S (2 s) gets its rows section written to
datadir/evict/ while its rows stay in memory; once every table holding rows has one and
the log passed 16 MiB, a checkpoint runs that only copies them, and its snapshot, linked
into evict/, becomes every table's copy. This test, with the server's defaults (its
own checkpoint threshold is far above what it writes):
  - writes about 20 MB (a bulk table, a small one), sees Memory_table_* count its
    string bytes, slots and key chains, idles, and sees the checkpoint
    come (Innodb_lsn_last_checkpoint reaches the log's end) and the copies replaced by
    the snapshot's link;
  - changes one row of the small table and sees a copy of it alone appear;
  - after kill -9, then after a clean stop, every table has the rows, checksums and
    AUTO_INCREMENT it had, and the copies a clean stop's checkpoint made (unchanged
    tables copied, the changed one compressed) read back the same.

Starts its own pressdb (PRESSDB_BIN) on a free port with a temporary datadir.
"""
import os, shutil, sys, tempfile, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary, check, finish  # noqa: E402

binary()


def status(c, name):
    cur = c.cursor()
    cur.execute("SHOW GLOBAL STATUS LIKE %s", (name,))
    row = cur.fetchone()
    return int(row[1]) if row else None


def fingerprint(c):
    cur = c.cursor()
    fp = {}
    for t in ("cc.bulk", "cc.small"):
        cur.execute("CHECKSUM TABLE " + t)
        ck = cur.fetchone()[1]
        cur.execute("SELECT COUNT(*), SUM(LENGTH(body)) FROM " + t)
        fp[t] = (ck,) + tuple(cur.fetchone())
        db, name = t.split(".")
        cur.execute("SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA=%s AND "
                    "TABLE_NAME=%s", (db, name))
        fp[t] += (cur.fetchone()[0],)
    return fp


def wait_for(cond, timeout=30.0):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if cond():
            return True
        time.sleep(0.25)
    return False


def evict_files(datadir):
    d = os.path.join(datadir, "evict")
    own = sorted(f for f in os.listdir(d) if not f.startswith("snapshot."))
    links = sorted(f for f in os.listdir(d) if f.startswith("snapshot."))
    return own, links


def main():
    base = tempfile.mkdtemp(prefix="pressdb-clean-")
    datadir = os.path.join(base, "d")
    srv = Server(datadir, os.path.join(base, "log"))
    c = srv.start(max_allowed_packet=16 << 20)
    cur = c.cursor()
    cur.execute("CREATE DATABASE cc")
    cur.execute("CREATE TABLE cc.bulk (id INT AUTO_INCREMENT PRIMARY KEY, k INT, body TEXT, KEY (k))")
    cur.execute("CREATE TABLE cc.small (id INT AUTO_INCREMENT PRIMARY KEY, body VARCHAR(200))")
    # one transaction: no table can look unchanged (and get a copy, and a checkpoint that
    # only copies come) before the last write, however slowly the statements run
    cur.execute("BEGIN")
    for b in range(20):   # about 20 MB of rows, in multi-row inserts
        vals = ",".join("(%d, REPEAT('%s', 4000))" % (b * 250 + i, "abcd"[(b + i) % 4]) for i in range(250))
        cur.execute("INSERT INTO cc.bulk (k, body) VALUES " + vals)
    for i in range(50):
        cur.execute("INSERT INTO cc.small (body) VALUES (%s)", ("row %d" % i,))
    time.sleep(3)   # (longer than STOR_CLEAN_AFTER_S: as a loaded machine may stall)
    cur.execute("DELETE FROM cc.bulk WHERE id % 7 = 0")
    cur.execute("COMMIT")
    # where the memory goes: the bodies' bytes, their slots, the keys' chains
    cur.execute("SELECT SUM(LENGTH(body)), COUNT(*) FROM cc.bulk")
    body_bytes, nbulk = (int(x) for x in cur.fetchone())
    sb, slots, chains = (status(c, "Memory_table_" + k) for k in ("string_bytes", "string_slots", "index_hash"))
    check(body_bytes <= sb <= body_bytes * 1.2 and slots >= nbulk * 16 and chains >= nbulk * 8 * 2,
          "Memory_table_*: string bytes %d (bodies %d), slots %d, index chains %d for %d rows"
          % (sb, body_bytes, slots, chains, nbulk))
    written = status(c, "Innodb_lsn_current")
    check(written > 16 << 20, "the log passed 16 MiB (%d bytes)" % written)
    # (a liveness wait)
    ok = wait_for(lambda: status(c, "Innodb_lsn_last_checkpoint") >= written, timeout=120.0)
    check(ok, "idle, a checkpoint came by itself (checkpoint at %d, log at %d)"
          % (status(c, "Innodb_lsn_last_checkpoint"), written))
    ok = wait_for(lambda: evict_files(datadir)[0] == [] and len(evict_files(datadir)[1]) == 1, 10)
    check(ok, "the snapshot's link replaced the copies (%s)" % (evict_files(datadir),))
    before = fingerprint(c)

    # one change: a copy of that table alone
    cur.execute("UPDATE cc.small SET body = 'changed' WHERE id = 7")
    ok = wait_for(lambda: len(evict_files(datadir)[0]) == 1, 15)
    check(ok, "a changed table got a copy of its own once unchanged (%s)" % (evict_files(datadir),))
    after_change = fingerprint(c)
    check(after_change["cc.bulk"] == before["cc.bulk"] and after_change["cc.small"] != before["cc.small"],
          "the change is in the small table only")
    c.close()

    # kill -9: the log since the checkpoint replayed
    srv.kill()
    c = srv.start(max_allowed_packet=16 << 20)
    check(fingerprint(c) == after_change, "after kill -9 every table as before")
    c.cursor().execute("INSERT INTO cc.small (body) VALUES (REPEAT('x', 150))")
    final = fingerprint(c)
    c.close()
    srv.stop()   # (its checkpoint copies bulk's section, compresses small)
    c = srv.start(max_allowed_packet=16 << 20)
    check(fingerprint(c) == final, "after a clean stop every table as before")
    c.close()
    srv.stop()
    log = srv.tail(100000)
    check("[ERROR]" not in log and "checkpoint failed" not in log and "damaged" not in log,
          "no error and no failed checkpoint in the log")
    if not __import__("standalone").failures:
        shutil.rmtree(base, ignore_errors=True)
    else:
        print("datadir and log kept in %s" % base)
    finish()


if __name__ == "__main__":
    main()
