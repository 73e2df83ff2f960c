#!/usr/bin/python3
"""Read-only cursors: COM_STMT_EXECUTE with CURSOR_TYPE_READ_ONLY and COM_STMT_FETCH,
against both servers.

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass).

A raw client opens cursors and fetches from them in pieces: the column definitions and
their EOF (CURSOR_EXISTS, the statement's warning count), each FETCH's binary rows and
its EOF (CURSOR_EXISTS, or LAST_ROW_SENT when fewer rows than asked were left, after
which the cursor is closed: 1421), FETCH 0, re-EXECUTE, COM_STMT_RESET and a plain
EXECUTE closing the cursor, writes after EXECUTE not showing in its rows (the result is
made at EXECUTE), a cursor inside a transaction, statements that return no rows
(an OK, no cursor), flags 2 and 4 (no cursor), unknown statements. Every packet is
compared byte for byte, with and without CLIENT_DEPRECATE_EOF, except the
NO_INDEX_USED / NO_GOOD_INDEX_USED status bits, which pressdb does not report.

A cursor over 3,000 rows of 200 bytes (more than the 64 KiB pressdb keeps in memory
with tmp_table_size at its minimum: the rest goes to a temporary file) is read in
fetches of 7, 1,000 and the rest, the rows compared by digest.

PHP's mysqli (mysqlnd) with MYSQLI_CURSOR_TYPE_READ_ONLY and a prefetch of 3 rows reads
through the same cursors as an application would.
"""

import hashlib
import os
import shutil
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_prepared import Raw, execute, lenenc, raw_part, servers  # noqa: E402

DB = "t_cursors"
CURSOR_EXISTS, LAST_ROW_SENT = 0x40, 0x80


def masked(p):
    """A packet with the index-use status bits cleared (EOF, and the OK that ends a
    result with CLIENT_DEPRECATE_EOF: 0xfe, two lenenc zeros, status)."""
    if p[:1] == b"\xfe" and len(p) == 5:
        return p[:3] + bytes([p[3] & ~0x30]) + p[4:]
    if p[:1] == b"\xfe" and len(p) < 9:
        _, i = lenenc(p, 1)
        _, i = lenenc(p, i)
        return p[:i] + bytes([p[i] & ~0x30]) + p[i + 1:]
    if p[:1] == b"\x00" and len(p) >= 7 and len(p) < 64:
        _, i = lenenc(p, 1)
        _, i = lenenc(p, i)
        return p[:i] + bytes([p[i] & ~0x30]) + p[i + 1:]
    return p


def status_of(p):
    if len(p) == 5:
        return struct.unpack("<H", p[3:5])[0]
    _, i = lenenc(p, 1)
    _, i = lenenc(p, i)
    return struct.unpack("<H", p[i:i + 2])[0]


def end_packet(p):
    return p[:1] in (b"\xfe", b"\xff") and len(p) < 0xffffff


def exec_reply(c):
    """An EXECUTE's reply: an OK or ERR, or a result set; with a cursor opened, the
    column definitions and their terminator only."""
    out = [c.read()]
    p = out[0][1]
    if p[:1] in (b"\x00", b"\xff"):
        return out
    ncols, _ = lenenc(p)
    for _ in range(ncols):
        out.append(c.read())
    # the definitions' terminator: an EOF, or with CLIENT_DEPRECATE_EOF the OK a cursor
    # sends (without a cursor, rows follow the definitions directly)
    out.append(c.read())
    t = out[-1][1]
    if (t[:1] == b"\xfe" and status_of(t) & CURSOR_EXISTS) or (not c.eof_expected() and end_packet(t)):
        return out
    while True:
        out.append(c.read())
        if end_packet(out[-1][1]):
            return out


def fetch_reply(c):
    out = []
    while True:
        out.append(c.read())
        if end_packet(out[-1][1]):
            return out


def fetch(sid, n):
    return b"\x1c" + struct.pack("<II", sid, n)


def lines(c, pkts):
    res = []
    for seq, p in pkts:
        p = masked(p)
        if p[:1] == b"\xff":
            txt = p[9:].decode("utf-8", "replace")
            for sid, ph in c.ids.items():
                txt = txt.replace("(%d)" % sid, "(%s)" % ph)
            res.append("%d ERR %d %s" % (seq, struct.unpack("<H", p[1:3])[0], txt))
        else:
            res.append("%d %s" % (seq, p.hex()))
    return res


def raw_session(host, port, caps):
    log = []
    c = Raw(host, port, caps)
    q = c.query

    def ex(name, sid, flags=1, types=None, values=b""):
        c.send(execute(sid, types, values, flags=flags))
        log.append([name, lines(c, exec_reply(c))])

    def fe(name, sid, n):
        c.send(fetch(sid, n))
        log.append([name, lines(c, fetch_reply(c))])

    def cmd(name, sql):
        log.append([name, lines(c, q(sql))])

    q(b"DROP DATABASE IF EXISTS " + DB.encode())
    q(b"CREATE DATABASE " + DB.encode())
    q(b"USE " + DB.encode())
    q(b"CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20), d DECIMAL(6,2), dt DATETIME)")
    q(b"INSERT INTO t VALUES (1,'one',1.5,'2024-01-02 03:04:05'),(2,'two',NULL,NULL),"
      b"(3,'three',-3.25,'2020-02-29 00:00:00'),(4,'x4',0,'1999-12-31 23:59:59'),"
      b"(5,'5',5,'2000-01-01 00:00:00')")

    sel, r = c.prepare(b"SELECT id, v, d, dt FROM t ORDER BY id")
    ex("execute cursor", sel)
    fe("fetch 2", sel, 2)
    fe("fetch 0", sel, 0)
    fe("fetch 2 more", sel, 2)
    fe("fetch 2 past the end", sel, 2)
    fe("fetch after the end", sel, 2)
    ex("execute cursor again", sel)
    fe("fetch exactly all", sel, 5)
    fe("fetch after exactly all", sel, 1)
    ex("execute cursor", sel)
    ex("execute cursor while one is open", sel)
    fe("fetch 1", sel, 1)
    ex("plain execute closes it", sel, flags=0)
    fe("fetch after a plain execute", sel, 1)
    ex("execute cursor", sel)
    cmd("write after execute", b"INSERT INTO t VALUES (6,'six',6,NULL)")
    cmd("delete after execute", b"DELETE FROM t WHERE id = 1")
    fe("fetch: the rows as of execute", sel, 100)
    ex("execute cursor", sel)
    c.send(b"\x1a" + struct.pack("<I", sel))
    log.append(["reset", lines(c, [c.read()])])
    fe("fetch after reset", sel, 1)

    par, r = c.prepare(b"SELECT id, v FROM t WHERE id > ? ORDER BY id DESC")
    ex("cursor with a parameter", par, types=[8], values=struct.pack("<q", 2))
    fe("fetch 1", par, 1)
    ex("again with another value", par, types=None, values=struct.pack("<q", 4))
    fe("fetch 5", par, 5)

    warn, r = c.prepare(b"SELECT CAST(v AS SIGNED) AS n, id FROM t ORDER BY id")
    ex("cursor with warnings", warn)
    cmd("show warnings", b"SHOW WARNINGS")
    fe("fetch 2", warn, 2)
    cmd("warnings after fetch", b"SHOW WARNINGS")
    fe("fetch the rest", warn, 10)

    expr, r = c.prepare(b"SELECT 1 AS one, 'abc' AS s, id + 1, CONCAT(v, '!'), NULL, 2.5 AS dec_, "
                        b"COUNT(*) OVER () AS c, 0x41 AS h FROM t ORDER BY id LIMIT 2")
    ex("cursor over expressions", expr)
    fe("fetch", expr, 10)
    none, r = c.prepare(b"SELECT id FROM t WHERE id > 100")
    ex("empty cursor", none)
    fe("fetch from empty", none, 10)
    one, r = c.prepare(b"SELECT 1")
    ex("cursor without a table", one)
    fe("fetch", one, 1)
    fe("fetch", one, 1)
    # (no grouped or windowed query: MariaDB's metadata of their cursors differs from
    # pressdb's, see server/command.c cursor_meta)
    srt, r = c.prepare(b"SELECT v, id FROM t WHERE d IS NOT NULL ORDER BY v DESC LIMIT 1, 3")
    ex("cursor over a sort with a limit", srt)
    fe("fetch", srt, 2)
    fe("fetch", srt, 2)

    cmd("begin", b"BEGIN")
    ex("cursor in a transaction", sel)
    fe("fetch 1 in the transaction", sel, 1)
    cmd("commit", b"COMMIT")
    fe("fetch after commit", sel, 10)

    ins, r = c.prepare(b"INSERT INTO t VALUES (7, 'seven', 7, NULL)")
    ex("insert with the cursor flag", ins)
    fe("fetch from an insert", ins, 1)
    ex("flags 2: no cursor", sel, flags=2)
    ex("flags 4: no cursor", sel, flags=4)
    fe("fetch after flags 4", sel, 1)
    fe("fetch of an unknown statement", 987654, 1)
    ex("execute cursor", sel)
    c.send(b"\x19" + struct.pack("<I", sel))            # CLOSE: no reply
    fe("fetch after close", sel, 1)
    cmd("ping-like query", b"SELECT 'still here'")

    # past the in-memory part: the rows also go to a temporary file in pressdb
    q(b"SET SESSION tmp_table_size = 16384, max_heap_table_size = 16384")
    q(b"CREATE TABLE big (id INT PRIMARY KEY, pad VARCHAR(255))")
    vals = b",".join(b"(%d, REPEAT(CHAR(65 + %d %% 26), 200))" % (i, i) for i in range(3000))
    q(b"INSERT INTO big VALUES " + vals)
    bs, r = c.prepare(b"SELECT id, pad, LENGTH(pad) FROM big ORDER BY id")
    ex("big cursor", bs)
    for n in (7, 1000, 5000):
        c.send(fetch(bs, n))
        pk = fetch_reply(c)
        h = hashlib.sha1(b"".join(p for _, p in pk[:-1])).hexdigest()
        log.append(["big fetch %d" % n, [len(pk), h, lines(c, pk[-1:])]])
    fe("big fetch after the end", bs, 1)
    q(b"DROP DATABASE " + DB.encode())
    c.close()
    return log


PHP = r"""
$db = mysqli_init();
mysqli_report(MYSQLI_REPORT_OFF);
$db->real_connect(getenv('T_HOST'), 'root', '', '', (int)getenv('T_PORT'));
$db->query('DROP DATABASE IF EXISTS t_cursors_php');
$db->query('CREATE DATABASE t_cursors_php');
$db->select_db('t_cursors_php');
$db->query('CREATE TABLE p (id INT PRIMARY KEY, name VARCHAR(30), score DOUBLE, born DATE)');
for ($i = 1; $i <= 40; $i++)
    $db->query(sprintf("INSERT INTO p VALUES (%d, 'name %d', %F, '2000-01-%02d')", $i, $i, $i / 8, 1 + $i % 28));
$out = [];
foreach (['SELECT id, name, score, born FROM p WHERE id > ? ORDER BY score DESC, id',
          'SELECT born, COUNT(*), SUM(score) FROM p WHERE id > ? GROUP BY born ORDER BY born'] as $sql) {
    $st = $db->prepare($sql);
    $st->attr_set(MYSQLI_STMT_ATTR_CURSOR_TYPE, MYSQLI_CURSOR_TYPE_READ_ONLY);
    $st->attr_set(MYSQLI_STMT_ATTR_PREFETCH_ROWS, 3);
    foreach ([0, 25, 100] as $min) {
        $st->bind_param('i', $min);
        $st->execute();
        $res = $st->get_result();
        $rows = $res ? $res->fetch_all(MYSQLI_NUM) : ['error' => $st->error];
        $out[] = [$sql, $min, $rows];
        $st->free_result();
    }
    $st->close();
    // fetched one by one through bind_result, as older code does
    $st = $db->prepare($sql);
    $st->attr_set(MYSQLI_STMT_ATTR_CURSOR_TYPE, MYSQLI_CURSOR_TYPE_READ_ONLY);
    $st->attr_set(MYSQLI_STMT_ATTR_PREFETCH_ROWS, 4);
    $min = 30;
    $st->bind_param('i', $min);
    $st->execute();
    $meta = $st->result_metadata();
    $n = $meta->field_count;
    $vals = array_fill(0, $n, null);
    $refs = [];
    foreach ($vals as $k => &$v) $refs[$k] = &$v;
    $st->bind_result(...$refs);
    $rows = [];
    while ($st->fetch()) $rows[] = array_map(function ($x) { return $x; }, $vals);
    $out[] = [$sql, 'bind_result', $rows, $st->errno];
    $st->close();
}
$db->query('DROP DATABASE t_cursors_php');
echo json_encode($out), "\n";
"""


def php_part(srv):
    php = shutil.which("php")
    if not php:
        print("php not found: the mysqli part is skipped")
        return 0, 0
    outs = []
    for label, host, port in srv:
        env = dict(os.environ, T_HOST=host, T_PORT=str(port))
        r = subprocess.run([php, "-r", PHP], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120)
        outs.append((r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")))
    if outs[0] != outs[1]:
        for (label, _, _), o in zip(srv, outs):
            print("%s: rc %d\n%s\n%s" % (label, o[0], o[1][:3000], o[2][:2000]))
        return 1, 1
    if outs[0][0] != 0 or not outs[0][1].startswith("[["):
        print("php failed on both: %r" % (outs[0],))
        return 1, 1
    return 1, 0


def main():
    srv = servers()
    checks, bad = raw_part(srv, raw_session, "cursor")
    c, d = php_part(srv)
    checks += c
    bad += d
    print("cursors: %d checks, %d differ" % (checks, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
