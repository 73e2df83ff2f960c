#!/usr/bin/env python3
"""Damaged files and a full disk: the write-ahead log cut short or with flipped bytes, a
corrupt snapshot, and a datadir on a small tmpfs that fills up.

Starts its own pressdb servers (PRESSDB_BIN) on free ports with temporary datadirs.
Checked:
  - a log whose last frame is cut short, or has a flipped byte (a torn tail: a commit
    never acknowledged): the server starts, says so in its log, and has every
    transaction before that frame and nothing of it;
  - damage before the last frame (a flipped byte in a middle frame, in the generation
    frame, a zeroed header): the server refuses to start (non-zero exit), its log names
    the byte offset and the frame, and the log file is left byte for byte as it was;
    with --wal-recovery=1 it starts with the transactions before the damage, keeps the
    damaged log aside (pressdb.wal.damaged-*, identical to it) and then restarts
    without the option;
  - a snapshot with a flipped byte: the server refuses to start and names the file;
  - a full disk (a 8 MiB tmpfs; skipped with a message where tmpfs cannot be mounted):
    writes get an error, the server and the connection keep working, reads answer, every
    acknowledged row is there after a kill -9 and restart, and nothing else is.
"""
import glob, os, shutil, signal, socket, subprocess, sys, tempfile, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

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

    def start(self, expect_fail=False, extra=()):
        self.port = free_port()
        self.log = open(self.logpath, "ab")
        self.p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % self.port, "--datadir=" + self.datadir, "--socket=",
                                   "--innodb-log-file-size=64M"] + list(extra),
                                  stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(200):
            if self.p.poll() is not None:
                self.log.close()
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


def prepare(base, name):
    """Tables d.t and d.c, a clean restart (the log then starts with its generation frame),
    then transactions a (20 pairs of autocommit statements: 40 frames) and b (one frame),
    kill -9. Returns the server, the log's path, its frames and the frame count before b."""
    datadir = os.path.join(base, name)
    srv = Server(datadir, os.path.join(base, name + ".log"))
    c = srv.start()
    cur = c.cursor()
    cur.execute("CREATE DATABASE d")
    cur.execute("CREATE TABLE d.t (id INT AUTO_INCREMENT PRIMARY KEY, tag VARCHAR(8), seq INT, body TEXT)")
    cur.execute("CREATE TABLE d.c (tag VARCHAR(8) PRIMARY KEY, n INT)")
    cur.execute("INSERT INTO d.c VALUES ('a', 0), ('b', 0)")
    srv.stop()
    c = srv.start()
    cur = c.cursor()
    fill(c, 20, "a")
    wal = os.path.join(datadir, "pressdb.wal")
    before = len(frames(wal))
    cur.execute("BEGIN")
    fill(c, 5, "b")
    cur.execute("COMMIT")
    srv.kill()
    fr = frames(wal)
    check(len(fr) == before + 1 == 42, "%s: the generation frame, 40 of a, one of b (%d frames, %d before b)"
          % (name, len(fr), before))
    return srv, wal, fr, before


def damage_case(base, name, how):
    """Damages b's frame (the last) by how, restarts."""
    srv, wal, fr, before = prepare(base, name)
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


def flip_at(wal, pos, mask):
    with open(wal, "r+b") as f:
        f.seek(pos)
        b = f.read(1)
        f.seek(pos)
        f.write(bytes([b[0] ^ mask]))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def refused_case(base, name, how, bad):
    """Damage in frame bad (0-based; 0 is the generation frame) of a log with frames after
    it: refused, untouched; --wal-recovery=1 starts with the frames before it."""
    srv, wal, fr, before = prepare(base, name)
    how(wal, fr[bad])
    damaged = read(wal)
    c = srv.start(expect_fail=True)
    check(c is None and srv.p.returncode not in (0, None),
          "%s: the server refuses to start (exit code %s)" % (name, srv.p.returncode))
    if c is not None:
        srv.stop()
        return
    log = srv.tail()
    check("at byte %d (frame %d of the log)" % (fr[bad][0], bad + 1) in log,
          "%s: the error names byte %d and frame %d: %s" % (name, fr[bad][0], bad + 1,
                                                             log.strip().splitlines()[-2:]))
    check(read(wal) == damaged, "%s: the log file is left as it was" % name)
    check(glob.glob(wal + ".damaged-*") == [], "%s: no copy is made without --wal-recovery" % name)
    # a second refusal is the same refusal (nothing was changed by the first)
    c = srv.start(expect_fail=True)
    check(c is None and read(wal) == damaged, "%s: refused again, file still untouched" % name)
    if c is not None:
        srv.stop()
        return

    c = srv.start(extra=["--wal-recovery=1"])
    a_rows, a_n = rows(c, "a")
    b_rows, b_n = rows(c, "b")
    srv.stop()
    kept = max(bad - 1, 0)              # frames of a replayed (frame 0 is the generation)
    check(intact(a_rows, "a", (kept + 1) // 2) and a_n == kept // 2 and b_rows == () and b_n == 0,
          "%s: --wal-recovery=1 starts with exactly the %d transactions before the damage "
          "(rows %d, counter %s, b rows %d)" % (name, kept, len(a_rows), a_n, len(b_rows)))
    copies = glob.glob(wal + ".damaged-*")
    check(len(copies) == 1 and read(copies[0]) == damaged,
          "%s: the damaged log is kept aside, byte for byte (%s)" % (name, [os.path.basename(p) for p in copies]))
    check("--wal-recovery=1" in srv.tail() and "pressdb.wal.damaged-" in srv.tail(),
          "%s: the server log says what was set aside" % name)
    c = srv.start()
    a2, n2 = rows(c, "a")
    c.cursor().execute("INSERT INTO d.t (tag, seq, body) VALUES ('z', 0, 'after')")
    srv.kill()
    c = srv.start()
    cur = c.cursor()
    cur.execute("SELECT COUNT(*) FROM d.t WHERE tag = 'z'")
    z = cur.fetchone()[0]
    srv.stop()
    check(a2 == a_rows and n2 == a_n and z == 1,
          "%s: later starts without the option keep that state and new commits" % name)


def flip_payload_end(wal, frame):
    off, n = frame
    flip_at(wal, off + 8 + n - 1, 0x01)


def flip_generation(wal, frame):
    off, n = frame
    flip_at(wal, off + 8 + 1, 0x04)     # a bit of the generation number


def zero_frame(wal, frame):
    """A lost write: the frame reads as zeros, like the log's preallocated space."""
    off, n = frame
    with open(wal, "r+b") as f:
        f.seek(off)
        f.write(bytes(8 + n))


def flip_length(wal, frame):
    off, n = frame
    flip_at(wal, off + 3, 0x80)         # the length now runs past the end of the file


def main():
    base = tempfile.mkdtemp(prefix="pressdb-damage-")
    mnt = None
    try:
        for name, how in (("cut-tail", cut_tail), ("flipped-last", flip_last)):
            srv, a_rows, a_n, b_rows, b_n = damage_case(base, name, how)
            check(intact(a_rows, "a", 20) and a_n == 20, "%s: every transaction before the damaged frame is there" % name)
            check(b_rows == () and b_n == 0, "%s: nothing of the damaged transaction (rows %d, counter %s)" % (name, len(b_rows), b_n))
            check("torn tail" in srv.tail(), "%s: the server log reports the cut" % name)

        # damage before the last frame: frame 31 of 42 (a's 30th statement), the
        # generation frame, a zeroed frame, a length past the end of the file
        refused_case(base, "flipped-middle", flip_payload_end, 30)
        refused_case(base, "flipped-generation", flip_generation, 0)
        refused_case(base, "zeroed-middle", zero_frame, 20)
        refused_case(base, "bad-length", flip_length, 5)

        # a bad generation frame with nothing after it (no commit since the clean stop):
        # nothing is lost, the snapshot holds everything; the log starts anew
        datadir = os.path.join(base, "gen-only")
        srv = Server(datadir, os.path.join(base, "gen-only.log"))
        c = srv.start()
        c.cursor().execute("CREATE DATABASE d")
        c.cursor().execute("CREATE TABLE d.t (id INT PRIMARY KEY)")
        c.cursor().execute("INSERT INTO d.t VALUES (1), (2), (3)")
        srv.stop()
        wal = os.path.join(datadir, "pressdb.wal")
        check(len(frames(wal)) == 1, "gen-only: after a clean stop the log is its generation frame")
        flip_at(wal, 12, 0x01)
        c = srv.start()
        cur = c.cursor()
        cur.execute("SELECT COUNT(*) FROM d.t")
        check(cur.fetchone()[0] == 3 and "the snapshot holds all of it" in srv.tail(),
              "gen-only: a bad generation frame alone: starts from the snapshot, says so")
        srv.stop()

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
