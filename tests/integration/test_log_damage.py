#!/usr/bin/env python3
"""Damaged files and a full disk: the write-ahead log cut short or with flipped bytes, a
corrupt snapshot, and a datadir on a small tmpfs that fills up.

Starts its own pressdb servers (PRESSDB_BIN) on free ports with temporary datadirs.
Checked:
  - a log whose last frame is cut short, or has a flipped byte: the server starts, says
    so in its log, and has every transaction before that frame and nothing of it;
  - a flipped byte in an earlier frame: the log ends there (reported), earlier
    transactions are intact, no half transaction is visible;
  - a snapshot with a flipped byte: the server refuses to start and names the file;
  - a full disk (a 8 MiB tmpfs; skipped with a message where tmpfs cannot be mounted):
    writes get an error, the server and the connection keep working, reads answer, every
    acknowledged row is there after a kill -9 and restart, and nothing else is.
"""
import glob, os, shutil, signal, socket, subprocess, sys, tempfile, time
import pymysql

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

failures = []


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what)
    if not cond:
        failures.append(what)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


class Server:
    def __init__(self, datadir, logpath):
        self.datadir, self.logpath = datadir, logpath

    def start(self, expect_fail=False):
        self.port = free_port()
        self.log = open(self.logpath, "ab")
        self.p = subprocess.Popen([BIN, "--port=%d" % self.port, "--datadir=" + self.datadir, "--socket=",
                                   "--innodb-log-file-size=64M"], stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(200):
            if self.p.poll() is not None:
                if expect_fail:
                    return None
                raise SystemExit("pressdb exited on start (code %s): %s" % (self.p.returncode, self.tail()))
            try:
                return pymysql.connect(host="127.0.0.1", port=self.port, user="root", autocommit=True)
            except pymysql.err.OperationalError:
                time.sleep(0.05)
        raise SystemExit("pressdb did not start")

    def kill(self):
        self.p.send_signal(signal.SIGKILL)
        self.p.wait()
        self.log.close()

    def stop(self):
        self.p.terminate()
        self.p.wait()
        self.log.close()

    def tail(self):
        with open(self.logpath, "rb") as f:
            return f.read()[-2000:].decode("utf-8", "replace")


def frames(path):
    """Offsets and lengths of the log's frames ([u32 len][u32 crc][payload]), up to the zeros."""
    out = []
    with open(path, "rb") as f:
        data = f.read()
    off = 0
    while off + 8 <= len(data):
        n = int.from_bytes(data[off:off + 4], "little")
        if n == 0 or off + 8 + n > len(data):
            break
        out.append((off, n))
        off += 8 + n
    return out


def fill(conn, n, tag):
    cur = conn.cursor()
    for i in range(n):
        cur.execute("INSERT INTO d.t (tag, seq, body) VALUES (%s, %s, %s)", (tag, i, ("%s-%d " % (tag, i)) * 50))
        cur.execute("UPDATE d.c SET n = n + 1 WHERE tag = %s", (tag,))


def rows(conn, tag):
    cur = conn.cursor()
    cur.execute("SELECT seq, body FROM d.t WHERE tag = %s ORDER BY seq", (tag,))
    got = cur.fetchall()
    cur.execute("SELECT n FROM d.c WHERE tag = %s", (tag,))
    c = cur.fetchall()
    return got, (c[0][0] if c else None)


def intact(got, tag, n):
    return [s for s, _ in got] == list(range(n)) and all(b == ("%s-%d " % (tag, s)) * 50 for s, b in got)


def damage_case(base, name, how):
    """Writes transactions a (kept) and b (its last frame damaged by how), kill -9, restart."""
    datadir = os.path.join(base, name)
    srv = Server(datadir, os.path.join(base, name + ".log"))
    c = srv.start()
    cur = c.cursor()
    cur.execute("CREATE DATABASE d")
    cur.execute("CREATE TABLE d.t (id INT AUTO_INCREMENT PRIMARY KEY, tag VARCHAR(8), seq INT, body TEXT)")
    cur.execute("CREATE TABLE d.c (tag VARCHAR(8) PRIMARY KEY, n INT)")
    cur.execute("INSERT INTO d.c VALUES ('a', 0), ('b', 0)")
    fill(c, 20, "a")
    before = len(frames(os.path.join(datadir, "pressdb.wal")))
    cur.execute("BEGIN")
    fill(c, 5, "b")
    cur.execute("COMMIT")
    srv.kill()
    wal = os.path.join(datadir, "pressdb.wal")
    fr = frames(wal)
    check(len(fr) == before + 1, "%s: the transaction of b is one frame (%d frames, %d before)" % (name, len(fr), before))
    how(wal, fr, before)
    c = srv.start()
    a_rows, a_n = rows(c, "a")
    b_rows, b_n = rows(c, "b")
    srv.stop()
    return srv, a_rows, a_n, b_rows, b_n


def cut_tail(wal, fr, before):
    off, n = fr[-1]
    with open(wal, "r+b") as f:
        f.truncate(off + 8 + n // 2)


def flip_last(wal, fr, before):
    off, n = fr[-1]
    with open(wal, "r+b") as f:
        f.seek(off + 8 + n // 2)
        b = f.read(1)
        f.seek(off + 8 + n // 2)
        f.write(bytes([b[0] ^ 0x40]))


def flip_middle(wal, fr, before):
    off, n = fr[before - 10]      # a frame of a's: the log ends before it
    with open(wal, "r+b") as f:
        f.seek(off + 8 + n - 1)
        b = f.read(1)
        f.seek(off + 8 + n - 1)
        f.write(bytes([b[0] ^ 0x01]))


def main():
    base = tempfile.mkdtemp(prefix="pressdb-damage-")
    mnt = None
    try:
        for name, how in (("cut-tail", cut_tail), ("flipped-last", flip_last)):
            srv, a_rows, a_n, b_rows, b_n = damage_case(base, name, how)
            check(intact(a_rows, "a", 20) and a_n == 20, "%s: every transaction before the damaged frame is there" % name)
            check(b_rows == () and b_n == 0, "%s: nothing of the damaged transaction (rows %d, counter %s)" % (name, len(b_rows), b_n))
            check("torn or corrupt tail" in srv.tail(), "%s: the server log reports the cut" % name)

        srv, a_rows, a_n, b_rows, b_n = damage_case(base, "flipped-middle", flip_middle)
        # the log ends at the damaged frame: a's first statements survive, whole
        seqs = [s for s, _ in a_rows]
        check(seqs == list(range(len(seqs))) and intact(a_rows, "a", len(seqs)),
              "flipped-middle: the rows before the damage are intact (%d of 20)" % len(seqs))
        check(len(seqs) < 20 and b_rows == () and b_n == 0, "flipped-middle: nothing after the damage")
        check(a_n in (len(seqs), len(seqs) - 1) if a_n is not None else False,
              "flipped-middle: no half statement pair (rows %d, counter %s)" % (len(seqs), a_n))
        check("torn or corrupt tail" in srv.tail(), "flipped-middle: the server log reports the cut")

        # a corrupt snapshot: refused, never served
        datadir = os.path.join(base, "snap")
        srv = Server(datadir, os.path.join(base, "snap.log"))
        c = srv.start()
        cur = c.cursor()
        cur.execute("CREATE DATABASE d")
        cur.execute("CREATE TABLE d.t (id INT PRIMARY KEY, body TEXT)")
        cur.executemany("INSERT INTO d.t VALUES (%s, %s)", [(i, "x" * 200) for i in range(200)])
        srv.stop()      # a clean shutdown writes the snapshot
        snap = os.path.join(datadir, "pressdb.snap")
        check(os.path.exists(snap), "snapshot written at shutdown")
        if os.path.exists(snap):
            size = os.path.getsize(snap)
            with open(snap, "r+b") as f:
                f.seek(size // 2)
                b = f.read(1)
                f.seek(size // 2)
                f.write(bytes([b[0] ^ 0x10]))
            c = srv.start(expect_fail=True)
            check(c is None, "a corrupt snapshot: the server refuses to start")
            check("pressdb.snap" in srv.tail(), "a corrupt snapshot: the message names the file")
            if c is not None:
                srv.stop()

        # a full disk
        mnt = os.path.join(base, "tmpfs")
        os.makedirs(mnt)
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mnt],
                          stderr=subprocess.DEVNULL).returncode != 0:
            print("skipped: disk full (cannot mount a tmpfs here)")
            mnt = None
        else:
            datadir = os.path.join(mnt, "data")
            srv = Server(datadir, os.path.join(base, "full.log"))
            c = srv.start()
            cur = c.cursor()
            cur.execute("CREATE DATABASE d")
            cur.execute("CREATE TABLE d.t (id INT PRIMARY KEY, body LONGTEXT)")
            acked, err = [], None
            for i in range(200):
                try:
                    cur.execute("INSERT INTO d.t VALUES (%s, %s)", (i, ("%d" % i) * 20000))
                    acked.append(i)
                except pymysql.MySQLError as e:
                    err = e
                    break
            check(err is not None, "disk full: a write gets an error (%s)" % (err,))
            try:
                cur.execute("SELECT COUNT(*) FROM d.t")
                n = cur.fetchone()[0]
                check(n == len(acked), "disk full: the connection still answers reads (%d rows, %d acknowledged)" % (n, len(acked)))
            except pymysql.MySQLError as e:
                check(False, "disk full: the connection still answers reads (%s)" % e)
            try:
                c2 = pymysql.connect(host="127.0.0.1", port=srv.port, user="root", autocommit=True)
                c2.cursor().execute("SELECT 1")
                check(True, "disk full: new connections work")
                c2.close()
            except pymysql.MySQLError as e:
                check(False, "disk full: new connections work (%s)" % e)
            srv.kill()
            subprocess.run(["rm", "-f"] + glob.glob(os.path.join(datadir, "*.tmp")))
            c = srv.start()
            cur = c.cursor()
            cur.execute("SELECT id, body FROM d.t ORDER BY id")
            got = cur.fetchall()
            check([r[0] for r in got] == acked and all(b == ("%d" % i) * 20000 for i, b in got),
                  "disk full: after kill -9, exactly the acknowledged rows (%d)" % len(got))
            srv.kill()
    finally:
        if mnt:
            subprocess.run(["umount", mnt])
        if not failures:
            shutil.rmtree(base, ignore_errors=True)
        else:
            print("files kept in", base)
    print("log damage: %d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
