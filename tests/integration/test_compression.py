#!/usr/bin/env python3
"""Compression of cold long strings: with --compress-min-bytes=256 --compress-after-s=1
pressdb compresses every long value (zstd) a second after its segment of 1,024 rows was
last used, and restores it when it is read. Whatever happens, the bytes that come back
must be the bytes that were written.

Starts its own pressdb (PRESSDB_BIN) on a temporary datadir, writes texts of many sizes
(0 bytes to 1 MiB; ASCII words, 4-byte UTF-8, repetitive text) and LONGBLOBs (random
bytes, repeated bytes) over three segments, and a 64 MiB LONGTEXT; the same rows go to
MariaDB (MARIADB_PORT; without the 64 MiB one). Then, each time after waiting until SHOW
GLOBAL STATUS says the values are compressed again (Compressed_values, Compressed_raw_bytes):
LENGTH/MD5 of every value and LIKE counts (searches as WordPress writes them) against
MariaDB and against what was written; the full bytes of every value; after an UPDATE of
a neighbouring column (and a rolled back one), an UPDATE of the values themselves and
DELETEs (the same on MariaDB); after a checkpoint taken while values were compressed;
after a clean restart; after kill -9 (log replay). The snapshot keeps compressed values
compressed (format 3): after each restart the tables, once loaded, hold them compressed
before anything reads them. The long texts' column passes 1 MiB,
so its values are compressed with a dictionary of its own; a DROP DATABASE lets every
compressed value and dictionary go (SHOW GLOBAL STATUS back to 0)."""
import hashlib, os, random, shutil, signal, socket, subprocess, sys, tempfile, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

HOST = "127.0.0.1"
DB = "zc"
NROWS = 2600              # row ids over three segments of 1,024
BIG = 64 << 20            # the LONGTEXT of at least 64 MiB
MIN_BYTES = 256
ARGS = ["--compress-min-bytes=%d" % MIN_BYTES, "--compress-after-s=1", "--threads=2",
        "--max-allowed-packet=256M", "--innodb-log-file-size=16M"]
failures = []


def free_port():
    s = socket.socket()
    s.bind((HOST, 0))
    p = s.getsockname()[1]
    s.close()
    return p


def connect(port, db=None):
    return pymysql.connect(host=HOST, port=port, user="root", autocommit=True, database=db,
                           charset="utf8mb4", max_allowed_packet=256 << 20, read_timeout=300)


def start(datadir, log):
    port = free_port()
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--datadir=%s" % datadir, "--socket="] + ARGS,
                         stdout=log, stderr=subprocess.STDOUT)
    for _ in range(600):
        try:
            connect(port).close()
            return p, port
        except pymysql.err.OperationalError:
            if p.poll() is not None:
                raise RuntimeError("pressdb exited on start (code %s)" % p.returncode)
            time.sleep(0.05)
    raise RuntimeError("pressdb did not start")


# ------------------------------------------------------------------ the data

WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
         "incididunt ut labore et dolore magna aliqua nightjar wordpress search zebra "
         "café naïve Ärger straße ǅemal").split()
UNI = ["😀", "𝄞", "中文", "ß", "é", "🦜", "a", "z", " ", "\U0010FFFF", "Ω"]
SIZES = [0, 1, 17, 100, 255, 256, 257, 511, 512, 513, 1000, 1023, 1024, 1025, 2048, 3000,
         4096, 8191, 12000, 16384]
LARGE = [65535, 65536, 100000, 300000, 1 << 20]


def text(rnd, kind, n):
    """About n characters (exactly n for the cut kinds)."""
    if kind == 0:       # ASCII and Latin-1 words
        out, size = [], 0
        while size < n:
            w = rnd.choice(WORDS)
            out.append(w)
            size += len(w) + 1
        return " ".join(out)[:n]
    if kind == 1:       # 4-byte UTF-8 among others
        return "".join(rnd.choice(UNI) if rnd.random() < 0.3 else rnd.choice(WORDS) + " "
                       for _ in range(n // 3 + 1))[:n]
    if kind == 2:       # repetitive
        unit = "the same sentence again 😀 " if n % 2 else "abc"
        return (unit * (n // len(unit) + 1))[:n]
    return "".join(chr(rnd.randrange(0x20, 0x7f)) for _ in range(n))   # printable noise


def blob(rnd, kind, n):
    if kind % 2:
        return rnd.randbytes(n)            # incompressible
    unit = rnd.randbytes(7) + b"\0\xff"   # repeated bytes, NUL among them
    return (unit * (n // len(unit) + 1))[:n]


def rows():
    rnd = random.Random(20240611)
    out = []
    for i in range(NROWS):
        n = LARGE[(i // 50) % len(LARGE)] if i % 50 == 49 else SIZES[i % len(SIZES)]
        body = None if i % 97 == 5 else text(rnd, i % 4, n)
        bl = None if i % 89 == 7 else blob(rnd, i % 3, SIZES[(i * 7) % len(SIZES)] * (4 if i % 13 == 0 else 1))
        title = "t%d %s" % (i, rnd.choice(WORDS))
        out.append([i, i % 10, title, body, bl])
    return out


def big_text():
    rnd = random.Random(7)
    parts, size = [], 0
    while size < BIG:
        line = "%08d %s %s\n" % (size, " ".join(rnd.choice(WORDS) for _ in range(12)), rnd.choice(UNI))
        parts.append(line)
        size += len(line.encode())
    return "".join(parts)


def md5(v):
    if v is None:
        return None
    return hashlib.md5(v.encode() if isinstance(v, str) else v).hexdigest()


def ln(v):
    if v is None:
        return None
    return len(v.encode() if isinstance(v, str) else v)


# ------------------------------------------------------------------ checks

SEARCHES = [
    "body LIKE '%nightjar%'",
    "body LIKE '%😀%'",
    "body LIKE '%𝄞 %' OR title LIKE '%zebra%'",
    "(title LIKE '%search%' OR body LIKE '%search%') AND (body LIKE '%café%' OR body LIKE '%CAFE%')",
    "body LIKE 'abcabc%'",
    "body LIKE '%straße%ǅemal%'",
    "body LIKE '%again%' AND body NOT LIKE '%abc%'",
    "bl LIKE '%\\0%'",
    "LENGTH(body) >= 256",
]


def status(cur):
    cur.execute("SHOW GLOBAL STATUS LIKE 'Compressed%'")
    return {k: int(v) for k, v in cur.fetchall()}


def wait_compressed(cur, want_values, want_raw, what, timeout=60):
    """Waits until at least want_values values and want_raw bytes are held compressed."""
    t0 = time.time()
    st = {}
    while time.time() - t0 < timeout:
        st = status(cur)
        if st.get("Compressed_values", 0) >= want_values and st.get("Compressed_raw_bytes", 0) >= want_raw:
            return st
        time.sleep(0.2)
    failures.append("%s: values not compressed within %d s: %r (wanted >= %d values, %d bytes)"
                    % (what, timeout, st, want_values, want_raw))
    return st


def check(pc, mc, exp, big, what, full=False):
    """pc/mc: pressdb/MariaDB cursors on DB; exp: {id: row}; big: expected big text or None."""
    n0 = len(failures)
    q = "SELECT id, n, title, LENGTH(body), MD5(body), LENGTH(bl), MD5(bl) FROM docs ORDER BY id"
    pc.execute(q)
    got = pc.fetchall()
    want = tuple((r[0], r[1], r[2], ln(r[3]), md5(r[3]), ln(r[4]), md5(r[4]))
                 for _, r in sorted(exp.items()))
    if got != want:
        bad = [(g, w) for g, w in zip(got, want) if g != w][:3]
        failures.append("%s: LENGTH/MD5 differ from what was written (%d rows vs %d): %r"
                        % (what, len(got), len(want), bad))
    if mc is not None:
        mc.execute(q)
        if mc.fetchall() != got:
            failures.append("%s: LENGTH/MD5 differ from MariaDB's" % what)
        for s in SEARCHES:
            q = "SELECT COUNT(*), SUM(LENGTH(body)), GROUP_CONCAT(id ORDER BY id) FROM docs WHERE " + s
            pc.execute(q)
            a = pc.fetchall()
            mc.execute(q)
            b = mc.fetchall()
            if a != b:
                failures.append("%s: %s: pressdb %r, MariaDB %r" % (what, s, a[0][:2], b[0][:2]))
    if big is not None:
        here, absent = big[len(big) // 2:len(big) // 2 + 30], "nightjar zebra nightjar zebra ipsum"
        pc.execute("SELECT LENGTH(body), MD5(body), body LIKE CONCAT('%%', %s, '%%'), "
                   "body LIKE CONCAT('%%', %s, '%%') FROM big WHERE id = 1", (here, absent))
        g = pc.fetchone()
        w = (len(big.encode()), md5(big), 1, int(absent in big))
        if g != w:
            failures.append("%s: the 64 MiB text: %r, wanted %r" % (what, g, w))
    if full:
        pc.execute("SELECT id, body, bl FROM docs ORDER BY id")
        for r in pc.fetchall():
            e = exp.get(r[0])
            if e is None or r[1] != e[3] or r[2] != e[4]:
                failures.append("%s: row %d: bytes differ from what was written" % (what, r[0]))
                break
        if big is not None:
            pc.execute("SELECT body FROM big WHERE id = 1")
            if pc.fetchone()[0] != big:
                failures.append("%s: the 64 MiB text: bytes differ" % what)
    print("%s: %s" % (what, "ok" if len(failures) == n0 else "FAILED"))


def expected_compressed(exp):
    """A lower bound of the values that get compressed: 90% of the texts long enough
    (most of them compress well; which exactly is zstd's business)."""
    n = 0
    for r in exp.values():
        if r[3] is not None and ln(r[3]) >= MIN_BYTES:
            n += 1
    return n * 9 // 10


def main():
    base = tempfile.mkdtemp(prefix="pressdb-zc-")
    log = open(os.path.join(base, "server.log"), "ab")
    datadir = os.path.join(base, "data")
    proc = None
    mconn = None
    ok = False
    try:
        proc, port = start(datadir, log)
        pconn = connect(port)
        pc = pconn.cursor()
        mc = None
        if os.environ.get("MARIADB_PORT"):
            mconn = connect(int(os.environ["MARIADB_PORT"]))
            mc = mconn.cursor()
        ddl = ("CREATE TABLE docs (id INT PRIMARY KEY, n INT, title VARCHAR(100), body LONGTEXT, "
               "bl LONGBLOB, KEY (title)) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci")
        for c in [pc] + ([mc] if mc else []):
            c.execute("DROP DATABASE IF EXISTS " + DB)
            c.execute("CREATE DATABASE " + DB)
            c.execute("USE " + DB)
            c.execute(ddl)
        pc.execute("CREATE TABLE big (id INT PRIMARY KEY, body LONGTEXT) DEFAULT CHARSET=utf8mb4")
        data = rows()
        exp = {r[0]: list(r) for r in data}
        for i in range(0, len(data), 40):
            chunk = data[i:i + 40]
            sql = "INSERT INTO docs VALUES " + ",".join(["(%s,%s,%s,%s,%s)"] * len(chunk))
            args = [v for r in chunk for v in r]
            pc.execute(sql, args)
            if mc:
                mc.execute(sql, args)
        big = big_text()
        pc.execute("INSERT INTO big VALUES (1, %s)", (big,))
        want = expected_compressed(exp)
        st = wait_compressed(pc, want + 1, BIG, "after the load")
        print("compressed after the load: %r (of %d long text values)" % (st, want))
        # docs.body's and docs.bl's cold long values pass 1 MiB: each gets a dictionary
        if st.get("Compressed_dictionaries", 0) < 1:
            failures.append("after the load: no column dictionary (%r)" % st)
        check(pc, mc, exp, big, "compressed")
        st = wait_compressed(pc, want + 1, BIG, "before reading every byte")
        check(pc, mc, exp, big, "compressed, every byte", full=True)

        # neighbouring columns, a rolled back change, the values themselves, deletes
        wait_compressed(pc, want, 0, "before the updates")
        pc.execute("BEGIN")
        pc.execute("UPDATE docs SET n = n + 100, title = CONCAT(title, '!') WHERE id % 3 = 0")
        pc.execute("ROLLBACK")
        stmts = ["UPDATE docs SET n = n + 1 WHERE id % 2 = 0",
                 "UPDATE docs SET body = CONCAT(body, ' nightjar 😀') WHERE id % 11 = 0",
                 "UPDATE docs SET bl = REVERSE(bl) WHERE id % 17 = 0",
                 "DELETE FROM docs WHERE id % 23 = 0"]
        for s in stmts:
            pc.execute(s)
            if mc:
                mc.execute(s)
        for r in exp.values():
            if r[0] % 2 == 0:
                r[1] += 1
            if r[0] % 11 == 0 and r[3] is not None:
                r[3] += " nightjar 😀"
            if r[0] % 17 == 0 and r[4] is not None:
                r[4] = r[4][::-1]
        for k in [k for k in exp if k % 23 == 0]:
            del exp[k]
        check(pc, mc, exp, big, "after updates and deletes")
        want = expected_compressed(exp)

        # a checkpoint while values are compressed: the log passes innodb_log_file_size
        # and half of the memory held (engine/exec.c checkpoint_threshold)
        wait_compressed(pc, want, BIG, "before the checkpoint")
        snap = os.path.join(datadir, "pressdb.snap")
        before = os.stat(snap).st_ino if os.path.exists(snap) else None
        pc.execute("SHOW GLOBAL STATUS LIKE 'Memory_used'")
        held = int(pc.fetchone()[1])
        pad = "x" * max(17 << 20, held // 2 + (4 << 20))
        pc.execute("CREATE TABLE pad (id INT PRIMARY KEY, v LONGTEXT)")
        pc.execute("INSERT INTO pad VALUES (1, %s)", (pad,))
        pc.execute("DROP TABLE pad")
        # (the checkpoint runs on its own thread, asked for by the INSERT's end)
        for _ in range(300):
            after = os.stat(snap).st_ino if os.path.exists(snap) else None
            if after is not None and after != before:
                break
            time.sleep(0.1)
        if after is None or after == before:
            failures.append("no checkpoint (a new pressdb.snap) after the log passed innodb_log_file_size")
        check(pc, None, exp, big, "after a checkpoint", full=True)

        for how in ("clean restart", "kill -9"):
            wait_compressed(pc, want, BIG, "before the " + how)
            # a change in the log after the last checkpoint (replayed after kill -9)
            pc.execute("UPDATE docs SET n = n + 5 WHERE id = 1")
            if mc:
                mc.execute("UPDATE docs SET n = n + 5 WHERE id = 1")
            exp[1][1] += 5
            pconn.close()
            proc.send_signal(signal.SIGKILL if how == "kill -9" else signal.SIGTERM)
            proc.wait(timeout=60)
            proc, port = start(datadir, log)
            pconn = connect(port, DB)
            pc = pconn.cursor()
            # the snapshot kept them compressed: loading the tables (no value read) brings
            # them back compressed, their dictionaries with them
            pc.execute("SELECT (SELECT COUNT(*) FROM docs), (SELECT COUNT(*) FROM big)")
            pc.fetchall()
            st = status(pc)
            print("compressed once loaded after the %s: %r" % (how, st))
            # (after kill -9 a table may come from a copy made while its values were plain,
            # read whole, if they were compressed again too late for a new copy to follow:
            # storage/evict.c copies unchanged tables as they are)
            if how == "clean restart" and (st.get("Compressed_values", 0) < want or
                                           st.get("Compressed_raw_bytes", 0) < BIG or
                                           st.get("Compressed_dictionaries", 0) < 1):
                failures.append("after the %s, the loaded tables' values are not compressed as they were "
                                "(wanted >= %d values, %d bytes, a dictionary): %r" % (how, want, BIG, st))
            check(pc, mc, exp, big, "after a %s" % how)
            wait_compressed(pc, want, BIG, "after the " + how)
            check(pc, mc, exp, big, "after a %s, compressed again" % how, full=True)
            st = status(pc)
            if st.get("Compressed_dictionaries", 0) < 1:
                failures.append("after the %s: no column dictionary (%r)" % (how, st))

        # the tables go: every compressed value and dictionary with them
        pc.execute("DROP DATABASE " + DB)
        for _ in range(50):   # (a compression pass running now holds its dictionary until it ends)
            st = status(pc)
            if not st.get("Compressed_dictionaries"):
                break
            time.sleep(0.1)
        if any(st.get(k) for k in ("Compressed_values", "Compressed_bytes", "Compressed_raw_bytes",
                                   "Compressed_dictionaries", "Compressed_dictionary_bytes")):
            failures.append("after DROP DATABASE, compressed values or dictionaries remain: %r" % st)
        ok = True
    except Exception as e:   # noqa: BLE001 - reported as a failure
        failures.append("error: %r" % (e,))
    finally:
        if proc and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()
        if mconn:
            try:
                mconn.cursor().execute("DROP DATABASE IF EXISTS " + DB)
            except pymysql.err.MySQLError:
                pass
        if ok and not failures:
            shutil.rmtree(base, ignore_errors=True)
        else:
            print("logs kept in", base)
    for f in failures:
        print("FAIL", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
