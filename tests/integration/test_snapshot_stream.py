#!/usr/bin/env python3
"""The snapshot read as a stream: records across the loader's window, rows larger than it.

The loader (storage/snapshot.c) decompresses the snapshot through a window of 512 KiB and
parses a record (a database, a table's head, a row) at a time; a record that runs past the
window is parsed again once more of the stream is in. This test writes a snapshot in which
thousands of rows straddle window boundaries, rows of 1.5 and 3 MB are larger than the
window, and tables end with dead rows, are empty, or hold only dead rows. It compares
every table's rows (their digests, in id order), CHECKSUM TABLE and the next
AUTO_INCREMENT before a clean stop and after each of two restarts, and checks that a
snapshot cut in the middle, or with bytes after its end record, is refused with the file
named; and that a snapshot whose end falls exactly at the end of a full window loads.

The snapshot's format 2 (a catalog, each table's rows in frames of their own, a table of
contents) lets a start leave the rows on disk until they are wanted: the restarts above
go through that. A snapshot whose table of contents or one table's rows are damaged is
refused at start too. A format 1 snapshot (an older pressdb's: each table's rows after
its head, one stream), made here from the format 2 one, still starts with every table
the same, and the next checkpoint writes format 2.

Format 3's compressed string cells (a zstd frame, the section's dictionaries), written
by hand: one made with the sixteenth dictionary loads compressed and reads back; a
seventeenth dictionary in a section is refused as damage.

Starts its own pressdb servers (PRESSDB_BIN) on free ports with temporary datadirs.
"""
import os, shutil, struct, subprocess, sys, tempfile, zlib
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary, check, finish  # noqa: E402

binary()
BIG = dict(max_allowed_packet=64 << 20)


TABLES = ["s1.big", "s1.empty", "s1.gone", "s1.nums", "s2.small"]


def populate(c):
    cur = c.cursor()
    cur.execute("CREATE DATABASE s1")
    cur.execute("CREATE DATABASE s2 COLLATE utf8mb4_bin")
    cur.execute("CREATE TABLE s1.big (id INT AUTO_INCREMENT PRIMARY KEY, s LONGTEXT, d DOUBLE, "
                "n INT NULL, KEY (n))")
    # lengths cycle through 0..997 bytes so row ends fall everywhere in the window
    rows = []
    for i in range(1, 4001):
        s = None if i % 97 == 0 else ("%d:" % i) * ((i * 37) % 250)
        rows.append((s, i / 7.0, None if i % 5 == 0 else i % 13))
    cur.executemany("INSERT INTO s1.big (s, d, n) VALUES (%s, %s, %s)", rows)
    # rows larger than the window (one of them larger than twice it)
    for n in (1_500_000, 3_000_000, 1_500_001):
        cur.execute("INSERT INTO s1.big (s, d, n) VALUES (REPEAT('ab', %s), 1.5, 7)", (n // 2,))
    cur.executemany("INSERT INTO s1.big (s, d, n) VALUES (%s, %s, %s)", rows[:500])
    cur.execute("DELETE FROM s1.big WHERE id % 11 = 3")
    cur.execute("DELETE FROM s1.big ORDER BY id DESC LIMIT 40")   # trailing dead rows
    cur.execute("CREATE TABLE s1.empty (a INT)")
    cur.execute("CREATE TABLE s1.gone (a INT PRIMARY KEY AUTO_INCREMENT, b VARCHAR(20))")
    cur.executemany("INSERT INTO s1.gone (b) VALUES (%s)", [("x%d" % i,) for i in range(300)])
    cur.execute("DELETE FROM s1.gone")
    cur.execute("CREATE TABLE s1.nums (a BIGINT, b DECIMAL(30,4), c DATETIME(6), e ENUM('x','y'))")
    cur.executemany("INSERT INTO s1.nums VALUES (%s, %s, %s, %s)",
                    [(i * 1000003 - 5, "%d.%04d" % (i, i % 10000), "2026-01-02 03:04:%02d.%06d" % (i % 60, i),
                      "xy"[i % 2]) for i in range(20000)])
    cur.execute("CREATE TABLE s2.small (k VARCHAR(10) PRIMARY KEY, v TEXT)")
    cur.executemany("INSERT INTO s2.small VALUES (%s, %s)", [("k%d" % i, "é" * i) for i in range(50)])


def fingerprint(c):
    cur = c.cursor()
    fp = {}
    for t in TABLES:
        cur.execute("CHECKSUM TABLE " + t)
        ck = cur.fetchone()[1]
        cur.execute("SELECT * FROM " + t)
        cols = [d[0] for d in cur.description]
        order = cols[0]
        digest = "MD5(CONCAT_WS('|', %s))" % ", ".join("IFNULL(%s, 'NULL')" % x for x in cols)
        cur.execute("SELECT COUNT(*), MD5(GROUP_CONCAT(%s ORDER BY %s SEPARATOR ',')) FROM %s"
                    % (digest, order, t))
        cnt, whole = cur.fetchone()
        db, name = t.split(".")
        cur.execute("SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA=%s "
                    "AND TABLE_NAME=%s", (db, name))
        fp[t] = (ck, cnt, whole, cur.fetchone()[0])
    cur.execute("SELECT DEFAULT_COLLATION_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME='s2'")
    fp["s2 collation"] = cur.fetchone()[0]
    return fp


WINDOW = 512 << 10   # storage/snapshot.c ZR_WINDOW


def unzstd(data):
    return subprocess.run(["zstd", "-q", "-d", "-c"], input=data, capture_output=True, check=True).stdout


def footer(whole):
    """(catalog length, toc offset, toc length) of a format 3 snapshot."""
    assert whole[-8:] == b"PDBTOC03"
    cat, toc, tlen, _crc = struct.unpack("<QQII", whole[-32:-8])
    return cat, toc, tlen


def to_format1(whole):
    """The plain stream of a format 1 snapshot holding what this format 3 one holds (its
    sections' strings are plain: nothing here is old enough to be compressed)."""
    cat_len, toc_off, _ = footer(whole)
    cat = unzstd(whole[:cat_len])
    assert cat[:8] == b"PDBSNAP3"
    n = struct.unpack_from("<I", whole, toc_off)[0]
    p, sections = toc_off + 4, []
    for _ in range(n):
        off, ln, _plain, _crc, _ccrc, _nr, _nl, ncols = struct.unpack_from("<QQQIIIII", whole, p)
        p += 44 + 16 * ncols
        sections.append(unzstd(whole[off:off + ln]))
    out, rest, i, k = [b"PDBSNAP1" + cat[8:16]], [], 16, 0

    def s32(at):
        return 4 + struct.unpack_from("<I", cat, at)[0]
    while cat[i:i + 1] != b"E":
        kind = cat[i:i + 1]
        if kind == b"B":
            j = i + 1 + s32(i + 1) + 2
            out.append(cat[i:j])
        elif kind == b"T":
            j = i + 1 + s32(i + 1)
            j += s32(j) + 8
            out.append(cat[i:j] + sections[k])
            k += 1
        else:                              # V, G, R, S: after every table
            j = i + 1 + s32(i + 1)
            j += s32(j)
            rest.append(cat[i:j])
        i = j
    body = b"".join(out + rest)
    return body + b"E" + struct.pack("<I", zlib.crc32(body) & 0xffffffff)


def one_row(base, name, what):
    """A server whose only table, name1.t (v LONGTEXT), holds the row 'x', stopped; its
    snapshot as a format 1 stream. (srv, snapshot path, plain stream) or None."""
    datadir = os.path.join(base, name)
    srv = Server(datadir, os.path.join(base, name + "log"))
    c = srv.start(**BIG)
    c.cursor().execute("CREATE DATABASE %s1" % name)
    c.cursor().execute("CREATE TABLE %s1.t (v LONGTEXT)" % name)
    c.cursor().execute("INSERT INTO %s1.t VALUES ('x')" % name)
    c.close()
    srv.stop()
    snap = os.path.join(datadir, "pressdb.snap")
    plain = to_format1(open(snap, "rb").read())
    # the last row is [live 1][not null 1][u32 1]['x'], then 'E' and the CRC
    tail = b"\x01\x01" + struct.pack("<I", 1) + b"x" + b"E"
    ok = plain[-12:-4] == tail
    check(ok, "%s: the original ends with the row 'x'" % what)
    return (srv, snap, plain) if ok else None


def compressed_cells(base):
    """Format 3's compressed string cells, written here by hand into a format 1 stream (the
    same rows encoding): a value given as a zstd frame made with the section's sixteenth
    dictionary loads, held compressed, and reads back; a seventeenth dictionary in one
    section is damage: the server refuses to start (its list holds sixteen)."""
    if not shutil.which("zstd"):
        print("skip  compressed cells: no zstd command")
        return
    got = one_row(base, "z", "compressed cells")
    if not got:
        return
    srv, snap, plain = got
    head = plain[:-11]          # up to and with the row's live flag
    value = b"nightjar " * 300
    dicts = [(b"dictionary %02d: " % k) * 8 + b"nightjar " * 4 for k in range(1, 18)]
    dpath, vpath = os.path.join(base, "dict16"), os.path.join(base, "value")
    with open(dpath, "wb") as f:
        f.write(dicts[15])
    with open(vpath, "wb") as f:
        f.write(value)
    frame = subprocess.run(["zstd", "-q", "-c", "-3", "-D", dpath, vpath], capture_output=True, check=True).stdout

    def defs(n):
        return b"".join(b"\x03" + struct.pack("<II", k + 1, len(dicts[k])) + dicts[k] for k in range(n))

    def snapshot(cell):
        body = head + cell
        body += b"E" + struct.pack("<I", zlib.crc32(body) & 0xffffffff)
        z = subprocess.run(["zstd", "-q", "-c", "-3"], input=body, capture_output=True, check=True).stdout
        with open(snap, "wb") as f:
            f.write(z)

    snapshot(defs(16) + b"\x02" + struct.pack("<IIII", len(value), 16, len(frame), zlib.crc32(value) & 0xffffffff)
             + frame)
    c = srv.start(**BIG)
    cur = c.cursor()
    cur.execute("SELECT COUNT(*) FROM z1.t")
    cur.fetchall()
    cur.execute("SHOW GLOBAL STATUS LIKE 'Compressed_values'")
    held = int(cur.fetchone()[1])
    cur.execute("SELECT v = %s, LENGTH(v) FROM z1.t", (value.decode(),))
    got = cur.fetchone()
    check(held == 1 and got == (1, len(value)),
          "compressed cells: a value made with the sixteenth dictionary loads compressed (%d) and reads "
          "back (%r)" % (held, got))
    c.close()
    srv.stop()
    snapshot(defs(17) + b"\x01" + struct.pack("<I", 1) + b"x")
    mark = os.path.getsize(srv.logpath)
    c2 = srv.start(expect_fail=True, **BIG)
    check(c2 is None, "compressed cells: a seventeenth dictionary in a section: the server refuses to start")
    with open(srv.logpath, "rb") as f:
        msg = f.read()[mark:].decode("utf-8", "replace")
    check("pressdb.snap" in msg and ("malformed" in msg or "damaged" in msg),
          "compressed cells: the message names the file")
    if c2 is not None:
        c2.close()
        srv.stop()


def exact_window(base):
    """A snapshot of exactly one window: the first refill fills the window and the stream's
    end is only seen by asking for more after the end record."""
    if not shutil.which("zstd"):
        print("skip  a snapshot of exactly one window: no zstd command")
        return
    got = one_row(base, "w", "a snapshot of exactly one window")
    if not got:
        return
    srv, snap, plain = got
    head = plain[:-10]          # up to and with the row's null flag
    n = WINDOW - len(head) - 4 - 5
    body = head + struct.pack("<I", n) + b"y" * n
    body += b"E" + struct.pack("<I", zlib.crc32(body) & 0xffffffff)
    check(len(body) == WINDOW, "a snapshot of exactly one window: %d bytes" % len(body))
    z = subprocess.run(["zstd", "-q", "-c", "-3"], input=body, capture_output=True, check=True).stdout
    with open(snap, "wb") as f:
        f.write(z)
    c = srv.start(**BIG)
    cur = c.cursor()
    cur.execute("SELECT LENGTH(v), v = REPEAT('y', %s) FROM w1.t", (n,))
    check(cur.fetchone() == (n, 1), "a snapshot of exactly one window: loads, with its row")
    c.close()
    srv.stop()


def main():
    base = tempfile.mkdtemp(prefix="pressdb-snapstream-")
    try:
        datadir = os.path.join(base, "d")
        srv = Server(datadir, os.path.join(base, "log"))
        c = srv.start(**BIG)
        c.cursor().execute("SET SESSION group_concat_max_len = 1 << 20")
        populate(c)
        before = fingerprint(c)
        c.close()
        srv.stop()
        snap = os.path.join(datadir, "pressdb.snap")
        check(os.path.exists(snap), "a clean stop wrote the snapshot")
        c = srv.start(**BIG)
        after = fingerprint(c)
        for t in before:
            check(after.get(t) == before[t], "after a restart from the snapshot: %s the same (%s, before %s)" % (t, after.get(t), before[t]))
        # a second generation: one more write, stop, start
        c.cursor().execute("INSERT INTO s1.big (s) VALUES ('one more')")
        before2 = fingerprint(c)
        check(before2["s1.big"] != before["s1.big"], "the extra row changed s1.big's fingerprint")
        c.close()
        srv.stop()
        c = srv.start(**BIG)
        after2 = fingerprint(c)
        check(after2 == before2, "after a second restart: every table the same")
        c.close()
        srv.stop()

        # damage: cut in the middle, and bytes after the end record (in the zstd stream)
        whole = open(snap, "rb").read()
        for what, data in (("cut in the middle", whole[: len(whole) // 2]),
                           ("a second zstd frame after the end record",
                            whole + subprocess.run(["zstd", "-q", "-c"], input=b"junk", capture_output=True).stdout
                            if shutil.which("zstd") else None)):
            if data is None:
                print("skip  %s: no zstd command" % what)
                continue
            with open(snap, "wb") as f:
                f.write(data)
            mark = os.path.getsize(srv.logpath)
            c2 = srv.start(expect_fail=True, **BIG)
            check(c2 is None, "a snapshot %s: the server refuses to start" % what)
            with open(srv.logpath, "rb") as f:
                msg = f.read()[mark:].decode("utf-8", "replace")
            check("pressdb.snap" in msg, "a snapshot %s: the message names the file" % what)
            if c2 is not None:
                c2.close()
                srv.stop()
        # damage inside the format 2 file: one table's rows, the table of contents
        cat_len, toc_off, _ = footer(whole)
        for what, at in (("with a table's rows damaged", (cat_len + toc_off) // 2),
                         ("with its table of contents damaged", toc_off + 6)):
            data = bytearray(whole)
            data[at] ^= 0x5A
            with open(snap, "wb") as f:
                f.write(bytes(data))
            mark = os.path.getsize(srv.logpath)
            c2 = srv.start(expect_fail=True, **BIG)
            check(c2 is None, "a snapshot %s: the server refuses to start" % what)
            with open(srv.logpath, "rb") as f:
                msg = f.read()[mark:].decode("utf-8", "replace")
            check("pressdb.snap" in msg and "damaged" in msg, "a snapshot %s: the message names the file" % what)
            if c2 is not None:
                c2.close()
                srv.stop()
        with open(snap, "wb") as f:
            f.write(whole)
        c = srv.start(**BIG)
        check(fingerprint(c) == before2, "the snapshot put back: starts with every table the same")
        c.close()
        srv.stop()
        if shutil.which("zstd"):
            # an older pressdb's format 1 snapshot of the same store
            v1 = subprocess.run(["zstd", "-q", "-c", "-3"], input=to_format1(whole), capture_output=True,
                                check=True).stdout
            with open(snap, "wb") as f:
                f.write(v1)
            c = srv.start(**BIG)
            check(fingerprint(c) == before2, "a format 1 snapshot: starts with every table the same")
            c.cursor().execute("CREATE TABLE s1.extra (a INT, b VARCHAR(100))")   # (a log past 64 bytes:
            c.cursor().execute("INSERT INTO s1.extra VALUES (1, REPEAT('e', 100))")  # a stop checkpoints)
            c.close()
            srv.stop()
            check(open(snap, "rb").read()[-8:] == b"PDBTOC03", "the next checkpoint wrote format 3")
            c = srv.start(**BIG)
            cur = c.cursor()
            cur.execute("SELECT COUNT(*) FROM s1.extra")
            check(cur.fetchone()[0] == 1 and fingerprint(c)["s1.big"] == before2["s1.big"],
                  "format 3 again: every row there")
            c.close()
            srv.stop()
        exact_window(base)
        compressed_cells(base)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
