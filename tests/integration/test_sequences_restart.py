#!/usr/bin/env python3
"""Sequences keep their promise across restarts: no value is handed out twice, whatever
happens to the server. NEXTVAL writes the row (next_not_cached_value, the end of the
values reserved) in a transaction of its own before the reply, so after kill -9 (the
log replayed) and after a clean restart (the snapshot loaded: SHOW CREATE TABLE's
`SEQUENCE=1`) the next value is the one past the reserved block, as on MariaDB, and
ROLLBACK of the session's transaction does not give values back. A sequence written by
SETVAL, ALTER SEQUENCE and INSERT keeps what they wrote. A second connection's NEXTVAL
interleaved with the first's never repeats a value.

Needs PRESSDB_BIN."""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary, check, finish  # noqa: E402

binary()   # (or a skip)


def one(c, sql):
    cur = c.cursor()
    cur.execute(sql)
    r = cur.fetchall()
    return r[0] if r else None


def tables(c):
    cur = c.cursor()
    cur.execute("SHOW FULL TABLES FROM sq")
    return sorted(cur.fetchall())


def state(c):
    return {
        "a": one(c, "SELECT * FROM sq.a"),
        "b": one(c, "SELECT * FROM sq.b"),
        "c": one(c, "SELECT * FROM sq.c"),
        "type": tables(c),
    }


def main():
    base = tempfile.mkdtemp(prefix="pressdb-seq-")
    try:
        s = Server(os.path.join(base, "d"), os.path.join(base, "d.log"))
        c = s.start()
        c.autocommit(True)
        for q in ["CREATE DATABASE sq", "CREATE SEQUENCE sq.a CACHE 5",
                  "CREATE SEQUENCE sq.b START WITH 100 INCREMENT BY -7 MINVALUE 1 MAXVALUE 100 CACHE 3 CYCLE",
                  "CREATE SEQUENCE sq.c NOCACHE"]:
            c.cursor().execute(q)
        seen = set()
        c2 = s.connect()
        c2.autocommit(True)
        dup = False
        for i in range(12):   # two connections interleaved
            for conn in (c, c2):
                v = one(conn, "SELECT NEXTVAL(sq.a)")[0]
                dup |= v in seen
                seen.add(v)
        check(not dup and len(seen) == 24, "two connections' NEXTVAL never repeat a value (%d distinct)" % len(seen))
        b_vals = [one(c, "SELECT NEXTVAL(sq.b)")[0] for _ in range(20)]
        check(b_vals[:15] == [100, 93, 86, 79, 72, 65, 58, 51, 44, 37, 30, 23, 16, 9, 2] and b_vals[15] == 100,
              "a negative increment wraps with CYCLE: %r" % (b_vals,))
        c.cursor().execute("BEGIN")
        rolled = one(c, "SELECT NEXTVAL(sq.c)")[0]
        c.cursor().execute("ROLLBACK")
        after = one(c, "SELECT NEXTVAL(sq.c)")[0]
        check(after == rolled + 1, "ROLLBACK gives no value back: %d then %d" % (rolled, after))
        before = state(c)
        top = max(seen)
        reserved = before["a"][0]
        check(reserved > top, "next_not_cached_value %d is past every value handed out (%d)" % (reserved, top))

        s.kill()
        c = s.start()
        c.autocommit(True)
        check(state(c) == before, "after kill -9 the rows are as they were: %r / %r" % (state(c), before))
        v = one(c, "SELECT NEXTVAL(sq.a)")[0]
        check(v == reserved, "after kill -9 NEXTVAL continues past the reserved block: %d (want %d)" % (v, reserved))
        check(one(c, "SELECT NEXTVAL(sq.c)")[0] == after + 1, "a NOCACHE sequence loses nothing after kill -9")
        c.cursor().execute("SELECT SETVAL(sq.c, 500)")
        c.cursor().execute("ALTER SEQUENCE sq.b RESTART WITH 50 NOCYCLE")
        c.cursor().execute("INSERT INTO sq.a VALUES (9000, 1, 100000, 1, 2, 10, 0, 0)")
        mid = state(c)
        c.close()
        s.stop()

        c = s.start()   # a clean stop: the snapshot holds the sequences
        c.autocommit(True)
        check(state(c) == mid, "after a clean restart the sequences are the snapshot's: %r / %r" % (state(c), mid))
        r = one(c, "SELECT NEXTVAL(sq.a), NEXTVAL(sq.b), NEXTVAL(sq.c)")
        check(r == (9000, 50, 501), "SETVAL, ALTER SEQUENCE and INSERT were kept: %r" % (r,))
        check(one(c, "SHOW CREATE SEQUENCE sq.b")[1].endswith("increment by -7 cache 3 nocycle ENGINE=InnoDB"),
              "SHOW CREATE SEQUENCE after the restart: %r" % (one(c, "SHOW CREATE SEQUENCE sq.b"),))
        c.close()
        s.stop()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    finish()


main()
