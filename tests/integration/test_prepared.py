#!/usr/bin/python3
"""Prepared statements through PHP (mysqli and PDO) against both servers.

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass); it
also runs alone against servers started by hand:

    MARIADB_PORT=3307 PRESSDB_PORT=3306 /usr/bin/python3 tests/integration/test_prepared.py

A PHP script (php-cli with mysqli and pdo_mysql, run with `php -r`) works in a
fresh database on each server and prints everything it saw as JSON: prepare
results (parameter and field counts, errors), execute results (affected rows,
insert ids, warning counts, errors), fetched rows with their PHP types (mysqli
get_result and bind_result, PDO with ATTR_STRINGIFY_FETCHES off and on) and
the result metadata PHP reports. The two outputs must be equal; a difference
is printed as a unified diff of the two JSON documents.

Covered: CREATE TABLE through a prepared statement; INSERT with parameters of
every kind (ints of each size, negative, BIGINT UNSIGNED beyond 2^63 as a
string, doubles, a DECIMAL string, strings with quotes and an emoji, NULL,
DATE/DATETIME/TIME strings, a blob sent with COM_STMT_SEND_LONG_DATA);
re-execution with new values and with NULLs (parameter types re-bound);
SELECT with WHERE ? and LIMIT ?; every column type fetched back; UPDATE and
DELETE affected rows; an error at prepare (missing table) and at execute
(duplicate key); a statement closed and prepared again.

A second part speaks the protocol directly (with and without
CLIENT_DEPRECATE_EOF) and compares every reply packet byte for byte, with the
statement ids (which differ: MariaDB keeps counting across the connections a
thread served) replaced by a placeholder: STMT_PREPARE_OK and the parameter and
column definitions; binary result sets (rows of every column type, NULLs, a
large result); DECIMAL(65,30) parameters and rows beyond 18 digits; OK packets of executes; re-execution without re-sent types;
statement id 0xffffffff (the last prepared); COM_STMT_SEND_LONG_DATA in chunks;
COM_STMT_RESET, COM_STMT_FETCH (no cursor), COM_STMT_CLOSE (no reply);
unknown statement ids; status flags inside a transaction; statements dropped
by COM_RESET_CONNECTION and COM_CHANGE_USER; max_prepared_stmt_count (1461).
Malformed COM_STMT_* packets are in test_protocol_bad_input.py.

Left out on purpose (engine differences that show in plain SQL too, or MariaDB
oddities no client relies on): the flags of TIMESTAMP columns; the
NO_INDEX_USED status bits; TIME strings without a fraction (the engine's
string-to-TIME conversion reads past the end of a parameter); strings for a
BIGINT beyond 2^53 (converted through a double); YEAR/INT24/BIT parameter
types (MariaDB takes them as NULL and reads no bytes); LIMIT with a string
parameter (the engine answers 1210 where MariaDB converts it).
"""

import difflib
import hashlib
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import time

DB = "t_prepared_php"

PHP = r'''
error_reporting(E_ALL);
mysqli_report(MYSQLI_REPORT_OFF);
$host = getenv("T_HOST");
$port = (int)getenv("T_PORT");
$db = getenv("T_DB");
$out = [];

function note($what, $data) { global $out; $out[] = [$what, $data]; }

/* A value with its PHP type; bytes that are not UTF-8 in base64. */
function enc($v) {
    if (is_null($v)) return null;
    if (is_string($v)) return preg_match('//u', $v) ? ["str", $v] : ["b64", base64_encode($v)];
    if (is_int($v)) return ["int", $v];
    if (is_float($v)) return ["float", is_finite($v) ? $v : (string)$v];
    if (is_bool($v)) return ["bool", $v];
    return [gettype($v), (string)$v];
}
function enc_rows($rows) {
    $r = [];
    foreach ($rows as $row) {
        $e = [];
        foreach ($row as $k => $v) $e[$k] = enc($v);
        $r[] = $e;
    }
    return $r;
}
function merr($o) { return ["errno" => $o->errno, "sqlstate" => $o->sqlstate, "error" => $o->error]; }

/* ------------------------------------------------------------------ mysqli */

$m = new mysqli($host, "root", "", "", $port);
if ($m->connect_errno) { fwrite(STDERR, "connect: " . $m->connect_error . "\n"); exit(2); }
$m->set_charset("utf8mb4");
$m->query("DROP DATABASE IF EXISTS $db");
$m->query("CREATE DATABASE $db");
$m->select_db($db);

function prep($m, $what, $sql) {
    $s = $m->prepare($sql);
    if (!$s) { note("$what: prepare", merr($m)); return null; }
    note("$what: prepare", ["params" => $s->param_count, "fields" => $s->field_count]);
    return $s;
}
function run($m, $s, $what) {
    $ok = $s->execute();
    if (!$ok) { note("$what: execute", merr($s)); return false; }
    note("$what: execute", ["affected" => $s->affected_rows, "insert_id" => $s->insert_id,
                            "fields" => $s->field_count, "warnings" => $m->warning_count]);
    return true;
}
function fields($res) {
    $f = [];
    foreach ($res->fetch_fields() as $x) {
        /* TIMESTAMP columns: the engine's flags differ in the text protocol too
         * (TIMESTAMP_FLAG where MariaDB sends UNSIGNED): not compared here. */
        $flags = $x->type == MYSQLI_TYPE_TIMESTAMP ? $x->flags & ~(32 | 1024) : $x->flags;
        $f[] = [$x->name, $x->orgname, $x->table, $x->orgtable, $x->db, $x->type,
                $flags, $x->length, $x->decimals, $x->charsetnr];
    }
    return $f;
}

$s = prep($m, "create table", "CREATE TABLE t_all (
  id INT AUTO_INCREMENT PRIMARY KEY,
  ti TINYINT, si SMALLINT, mi MEDIUMINT, i INT, bi BIGINT,
  uti TINYINT UNSIGNED, ubi BIGINT UNSIGNED,
  dc DECIMAL(12,3), f FLOAT, d DOUBLE,
  dt DATE, dtm DATETIME, dtm6 DATETIME(6), ts TIMESTAMP NULL DEFAULT NULL, tm TIME, yr YEAR,
  vc VARCHAR(100), tx TEXT, bl BLOB, ch CHAR(5), en ENUM('a','b'),
  UNIQUE KEY uk (vc))");
if ($s) { run($m, $s, "create table"); $s->close(); }

$cols = "ti, si, mi, i, bi, uti, ubi, dc, f, d, dt, dtm, dtm6, ts, tm, yr, vc, tx, bl, ch, en";
/* The TIME strings end in ".0": the engine converts a string to TIME with sscanf, which
 * reads past the end of a parameter's bytes (whatever follows them in memory), and drops
 * fractions. */
$ins = prep($m, "insert", "INSERT INTO t_all ($cols) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
$ti = $si = $mi = $i = $bi = $uti = $ubi = $dc = $f = $d = null;
$dt = $dtm = $dtm6 = $ts = $tm = $yr = $vc = $tx = $bl = $ch = $en = null;
$ins->bind_param("iiiiiissddsssssissbss", $ti, $si, $mi, $i, $bi, $uti, $ubi, $dc, $f, $d,
                 $dt, $dtm, $dtm6, $ts, $tm, $yr, $vc, $tx, $bl, $ch, $en);
$rows = [
  [-128, -32768, -8388608, -2147483648, PHP_INT_MIN, 255, "18446744073709551615", "-123456789.125",
   1.5, -2.25e100, "2024-02-29", "2024-02-29 13:14:15", "2024-02-29 13:14:15.123456",
   "2024-02-29 13:14:15", "-838:59:59.0", 2024, "it's \"quoted\" \\ 😀", "text\n\ttabs", "\x00\xff\x10", "ab", "b"],
  [127, 32767, 8388607, 2147483647, PHP_INT_MAX, 0, "9223372036854775808", "0.5",
   -0.125, 3.141592653589793, "1999-12-31", "2000-01-01 00:00:00", "2000-01-01 00:00:00.000001",
   "2038-01-19 03:14:07", "12:34:56.0", 1999, "plain", "", "", "", "a"],
  [0, 0, 0, 0, 0, 0, "0", "0", 0.0, 0.0, "2024-01-01", "2024-01-01 01:02:03", "2024-01-01 01:02:03.5",
   null, "00:00:00.0", 2000, "zero", "z", "blob", "abcde", null],
  [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
   null, null, null, null, null],
  [-1, -1, -1, -1, -1, 1, "1", "-0.001", 1e-10, -1e-300, "2024-12-31", "2024-12-31 23:59:59", "2024-12-31 23:59:59.999999",
   "2024-06-15 12:00:00", "-00:00:01.0", 2155, "ünïcödé ✓", str_repeat("long ", 200), str_repeat("\x01\x02", 3000), "x", "b"],
];
foreach ($rows as $n => $r) {
    [$ti, $si, $mi, $i, $bi, $uti, $ubi, $dc, $f, $d, $dt, $dtm, $dtm6, $ts, $tm, $yr, $vc, $tx, $blob, $ch, $en] = $r;
    $bl = null;
    if ($blob !== null)
        foreach (str_split($blob, 1000) as $chunk)
            $ins->send_long_data(18, $chunk);
    run($m, $ins, "insert row $n");
}
/* A duplicate key at execute, then the statement is still usable. */
[$ti, $si, $mi, $i, $bi, $uti, $ubi, $dc, $f, $d, $dt, $dtm, $dtm6, $ts, $tm, $yr, $vc, $tx, $blob, $ch, $en] = $rows[1];
$bl = null;
run($m, $ins, "insert duplicate");
$vc = "after duplicate";
run($m, $ins, "insert after duplicate");
$ins->close();

/* Parameters bound by value, retyped between executions. */
$s = prep($m, "insert retyped", "INSERT INTO t_all (i, vc, d) VALUES (?, ?, ?)");
foreach ([[1, "r1", 1.0], ["2", "r2", "2.5"], [null, "r3", null], [4.0, 5, 6]] as $n => $vals) {
    $s->bind_param(str_repeat("s", 3), $vals[0], $vals[1], $vals[2]);
    if ($n == 3) $s->bind_param("idi", $vals[0], $vals[1], $vals[2]);
    run($m, $s, "insert retyped $n");
}
$s->close();

/* SELECT with WHERE ? and LIMIT ?, re-executed; get_result. */
$sel = prep($m, "select", "SELECT * FROM t_all WHERE id > ? ORDER BY id LIMIT ?");
$res = $sel->result_metadata();
note("select: metadata", fields($res));
$from = 0; $lim = 3;
$sel->bind_param("ii", $from, $lim);
foreach ([[0, 3], [2, 100], [1, 0], [100, 5]] as [$from, $lim]) {
    if (run($m, $sel, "select $from $lim")) {
        $res = $sel->get_result();
        note("select $from $lim: rows", enc_rows($res->fetch_all(MYSQLI_ASSOC)));
    }
}
$sel->close();

/* bind_result. */
$s = prep($m, "bind_result", "SELECT id, ti, si, mi, i, bi, uti, ubi, dc, f, d, dt, dtm, dtm6, ts, tm, yr, vc, tx, bl, ch, en FROM t_all WHERE id <= ? ORDER BY id");
$max = 10;
$s->bind_param("i", $max);
if (run($m, $s, "bind_result")) {
    $vars = array_fill(0, 22, null);
    $refs = [];
    foreach ($vars as $k => &$v) $refs[$k] = &$v;
    unset($v);
    $s->bind_result(...$refs);
    $got = [];
    while ($s->fetch()) {
        $row = [];
        foreach ($refs as $v) $row[] = enc($v);
        $got[] = $row;
    }
    note("bind_result: rows", $got);
}
$s->close();

/* Strings in WHERE, the emoji and quotes. */
$s = prep($m, "where string", "SELECT id, vc FROM t_all WHERE vc = ? OR vc LIKE ? ORDER BY id");
$a = "it's \"quoted\" \\ 😀"; $b = "ü%";
$s->bind_param("ss", $a, $b);
if (run($m, $s, "where string")) note("where string: rows", enc_rows($s->get_result()->fetch_all(MYSQLI_NUM)));
$s->close();

/* UPDATE and DELETE affected rows. */
$s = prep($m, "update", "UPDATE t_all SET i = i + ? WHERE id BETWEEN ? AND ?");
$p1 = 10; $p2 = 1; $p3 = 3;
$s->bind_param("iii", $p1, $p2, $p3);
run($m, $s, "update overflow");
$p2 = 3; $p3 = 5;
run($m, $s, "update");
$p1 = 0;
run($m, $s, "update unchanged");
$s->close();
$s = prep($m, "delete", "DELETE FROM t_all WHERE vc = ?");
$a = "r3";
$s->bind_param("s", $a);
run($m, $s, "delete");
run($m, $s, "delete again");
$s->close();

/* Errors at prepare. */
prep($m, "missing table", "SELECT * FROM no_such_table WHERE id = ?");
prep($m, "missing column", "SELECT nope FROM t_all WHERE id = ?");
prep($m, "syntax error", "SELECT * FROM t_all WHERE id = ? AND");

/* Closed, then prepared again. */
$s = prep($m, "reprepare 1", "SELECT COUNT(*) AS n, MAX(id) AS m FROM t_all WHERE id >= ?");
$p1 = 1;
$s->bind_param("i", $p1);
if (run($m, $s, "reprepare 1")) note("reprepare 1: rows", enc_rows($s->get_result()->fetch_all(MYSQLI_ASSOC)));
$s->close();
$s = prep($m, "reprepare 2", "SELECT COUNT(*) AS n, MAX(id) AS m FROM t_all WHERE id >= ?");
$p1 = 3;
$s->bind_param("i", $p1);
if (run($m, $s, "reprepare 2")) note("reprepare 2: rows", enc_rows($s->get_result()->fetch_all(MYSQLI_ASSOC)));
$s->close();

/* A statement without parameters, executed twice. */
$s = prep($m, "no params", "SELECT vc FROM t_all WHERE vc IS NOT NULL ORDER BY vc DESC LIMIT 2");
for ($k = 0; $k < 2; $k++)
    if (run($m, $s, "no params $k")) note("no params $k: rows", enc_rows($s->get_result()->fetch_all(MYSQLI_NUM)));
$s->close();
$m->close();

/* --------------------------------------------------------------------- PDO */

foreach ([false, true] as $sf) {
    $tag = $sf ? "pdo stringify" : "pdo native";
    $pdo = new PDO("mysql:host=$host;port=$port;dbname=$db;charset=utf8mb4", "root", "", [
        PDO::ATTR_EMULATE_PREPARES => false,
        PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
        PDO::ATTR_STRINGIFY_FETCHES => $sf,
    ]);
    $try = function ($what, $fn) use ($tag) {
        try {
            note("$tag: $what", $fn());
        } catch (PDOException $e) {
            note("$tag: $what", ["exception" => $e->getCode(), "info" => $e->errorInfo, "msg" => $e->getMessage()]);
        }
    };
    $try("select int params", function () use ($pdo) {
        $st = $pdo->prepare("SELECT * FROM t_all WHERE id >= ? ORDER BY id LIMIT ?");
        $st->bindValue(1, 2, PDO::PARAM_INT);
        $st->bindValue(2, 4, PDO::PARAM_INT);
        $st->execute();
        $meta = [];
        for ($k = 0; $k < $st->columnCount(); $k++) {
            $cm = $st->getColumnMeta($k);
            $meta[] = [$cm["name"], $cm["native_type"] ?? null, $cm["pdo_type"], $cm["flags"], $cm["len"], $cm["precision"], $cm["table"]];
        }
        return ["rows" => enc_rows($st->fetchAll(PDO::FETCH_ASSOC)), "count" => $st->rowCount(), "meta" => $meta];
    });
    $try("select string params", function () use ($pdo) {
        $st = $pdo->prepare("SELECT id, vc, dc FROM t_all WHERE vc = ? OR dc = ? ORDER BY id");
        $st->execute(["plain", "0.500"]);
        $a = enc_rows($st->fetchAll(PDO::FETCH_NUM));
        $st->execute(["zero", "-123456789.125"]);
        return [$a, enc_rows($st->fetchAll(PDO::FETCH_NUM))];
    });
    $try("insert typed", function () use ($pdo, $tag) {
        $st = $pdo->prepare("INSERT INTO t_all (i, bi, d, vc, bl, uti, dt, tm) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        $st->bindValue(1, -42, PDO::PARAM_INT);
        $st->bindValue(2, 9007199254740993, PDO::PARAM_INT);
        $st->bindValue(3, 0.1, PDO::PARAM_STR);
        $st->bindValue(4, "$tag 'é'", PDO::PARAM_STR);
        $st->bindValue(5, "\x00bin\xfe", PDO::PARAM_LOB);
        $st->bindValue(6, true, PDO::PARAM_BOOL);
        $st->bindValue(7, "2023-03-04", PDO::PARAM_STR);
        $st->bindValue(8, null, PDO::PARAM_NULL);
        $st->execute();
        $r = ["count" => $st->rowCount(), "id" => $pdo->lastInsertId()];
        $st->bindValue(4, "$tag second", PDO::PARAM_STR);
        $st->bindValue(8, "10:11:12.0", PDO::PARAM_STR);
        $st->execute();
        $r["count2"] = $st->rowCount();
        $r["id2"] = $pdo->lastInsertId();
        return $r;
    });
    $try("fetch inserted", function () use ($pdo, $tag) {
        $st = $pdo->prepare("SELECT i, bi, d, vc, bl, uti, dt, tm FROM t_all WHERE vc LIKE ? ORDER BY id");
        $st->execute(["$tag%"]);
        return enc_rows($st->fetchAll(PDO::FETCH_ASSOC));
    });
    $try("duplicate key", function () use ($pdo) {
        $st = $pdo->prepare("INSERT INTO t_all (vc) VALUES (?)");
        $st->execute(["plain"]);
        return "no error";
    });
    $try("missing table", function () use ($pdo) {
        $st = $pdo->prepare("SELECT * FROM missing_table WHERE a = ?");
        return "no error";
    });
    $try("update", function () use ($pdo) {
        $st = $pdo->prepare("UPDATE t_all SET tx = ? WHERE id <= ?");
        $st->execute(["updated", 2]);
        $a = $st->rowCount();
        $st->execute(["updated", 2]);
        return [$a, $st->rowCount()];
    });
    $try("all rows", function () use ($pdo) {
        $st = $pdo->prepare("SELECT * FROM t_all WHERE id > ? ORDER BY id");
        $st->execute([0]);
        return enc_rows($st->fetchAll(PDO::FETCH_ASSOC));
    });
    $pdo = null;
}

echo json_encode($out, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES
                 | JSON_PRESERVE_ZERO_FRACTION | JSON_PARTIAL_OUTPUT_ON_ERROR), "\n";
'''


# ------------------------------------------------------------- raw protocol

RAW_DB = "t_prepared_raw"
TIMEOUT = 10.0
CAP_DEPRECATE_EOF = 1 << 24
BASE_CAPS = (1 | 4 | (1 << 9) | (1 << 13) | (1 << 15) | (1 << 16) | (1 << 17) | (1 << 18)
             | (1 << 19))


def packet(seq, payload):
    return struct.pack("<I", len(payload))[:3] + bytes([seq & 0xff]) + payload


def lenenc(p, i=0):
    c = p[i]
    if c < 0xfb:
        return c, i + 1
    if c == 0xfc:
        return struct.unpack("<H", p[i + 1:i + 3])[0], i + 3
    if c == 0xfd:
        return struct.unpack("<I", p[i + 1:i + 4] + b"\0")[0], i + 4
    return struct.unpack("<Q", p[i + 1:i + 9])[0], i + 9


class Raw:
    """A raw client connection in the command phase."""

    def __init__(self, host, port, caps):
        self.s = socket.create_connection((host, int(port)), timeout=TIMEOUT)
        self.s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.caps = caps
        self.read()                                   # greeting
        self.s.sendall(packet(1, struct.pack("<IIB23x", caps, 1 << 24, 45) + b"root\0\0"
                              + b"mysql_native_password\0"))
        _, r = self.read()
        if r[:1] != b"\0":
            raise RuntimeError("login failed: %r" % r)
        self.ids = {}                                 # statement id -> placeholder

    def read(self):
        h = self._exact(4)
        return h[3], self._exact(h[0] | h[1] << 8 | h[2] << 16)

    def _exact(self, n):
        buf = b""
        while len(buf) < n:
            c = self.s.recv(n - len(buf))
            if not c:
                raise EOFError("connection closed")
            buf += c
        return buf

    def send(self, payload, seq=0):
        self.s.sendall(packet(seq, payload))

    def eof_expected(self):
        return not self.caps & CAP_DEPRECATE_EOF

    def reply(self, prepare=False):
        """One whole reply as a list of (seq, payload)."""
        out = [self.read()]
        p = out[0][1]
        if p[:1] == b"\xff":
            return out
        if p[:1] == b"\x00":
            if prepare and len(p) == 12:
                sid, ncols, nparams = struct.unpack("<IHH", p[1:9])
                self.ids.setdefault(sid, "#%d" % (len(self.ids) + 1))
                for count in (nparams, ncols):
                    for _ in range(count):
                        out.append(self.read())
                    if count and self.eof_expected():
                        out.append(self.read())
            return out
        ncols, _ = lenenc(p)
        for _ in range(ncols):
            out.append(self.read())
        if self.eof_expected():
            out.append(self.read())
        while True:
            out.append(self.read())
            q = out[-1][1]
            if q[:1] in (b"\xfe", b"\xff") and len(q) < 0xffffff:
                return out

    def query(self, sql):
        """COM_QUERY; its whole reply."""
        self.send(b"\x03" + sql)
        return self.reply()

    def silent(self):
        """True if the last command got no reply: a COM_PING is answered next, with seq 1."""
        self.send(b"\x0e")
        seq, p = self.read()
        return seq == 1 and p[:1] == b"\0"

    def prepare(self, sql):
        self.send(b"\x16" + sql)
        r = self.reply(prepare=True)
        p = r[0][1]
        return (struct.unpack("<I", p[1:5])[0] if p[:1] == b"\0" else None), r

    def close(self):
        try:
            self.s.close()
        except OSError:
            pass


def execute(sid, types=None, values=b"", nulls=None, nparams=None, flags=0):
    """COM_STMT_EXECUTE. types: list of type codes (None = not sent again)."""
    p = b"\x17" + struct.pack("<IBI", sid, flags, 1)
    if nparams is None:
        nparams = len(types) if types is not None else 0
    if nparams:
        p += bytes(nulls or bytes((nparams + 7) // 8))
        if types is None:
            p += b"\0"
        else:
            p += b"\1" + b"".join(struct.pack("<H", t) for t in types)
        p += values
    return p


def lstr(b):
    return bytes([len(b)]) + b if len(b) < 251 else b"\xfc" + struct.pack("<H", len(b)) + b


def show(conn, name, pkts, log):
    """Packets as text with statement ids replaced by their placeholders, and the
    NO_INDEX_USED / NO_GOOD_INDEX_USED status bits of EOF and OK packets cleared (the
    engine does not report them; the SQL tests do not compare them either)."""
    lines = []
    for idx, (seq, p) in enumerate(pkts):
        if p[:1] == b"\xfe" and len(p) == 5:                       # EOF
            p = p[:3] + bytes([p[3] & ~0x30]) + p[4:]
        elif len(p) >= 7 and ((p[:1] == b"\xfe" and idx == len(pkts) - 1)
                              or (p[:1] == b"\x00" and len(pkts) == 1)):   # OK
            _, i = lenenc(p, 1)
            _, i = lenenc(p, i)
            p = p[:i] + bytes([p[i] & ~0x30]) + p[i + 1:]
        h = p.hex()
        txt = p.decode("utf-8", "replace")
        for sid, ph in conn.ids.items():
            le = struct.pack("<I", sid).hex()
            if p[:1] == b"\0" and len(p) == 12 and h[2:10] == le:
                h = h[:2] + ph + h[10:]
            if p[:1] == b"\xff":
                txt = txt.replace("(%d)" % sid, "(%s)" % ph)
        if p[:1] == b"\xff":
            lines.append("%d ERR %d %s" % (seq, struct.unpack("<H", p[1:3])[0], txt[3:]))
        elif len(h) > 240:
            lines.append("%d %s... (%d bytes, sha1 %s)" % (seq, h[:200], len(p),
                                                          hashlib.sha1(p).hexdigest()[:16]))
        else:
            lines.append("%d %s" % (seq, h))
    log.append([name, lines])


def raw_session(host, port, caps):
    """Everything the raw part checks, on one server; returns the log."""
    log = []
    c = Raw(host, port, caps)
    q = c.query

    def step(name, payload, prepare=False):
        c.send(payload)
        show(c, name, c.reply(prepare=prepare), log)

    q(b"DROP DATABASE IF EXISTS " + RAW_DB.encode())
    q(b"CREATE DATABASE " + RAW_DB.encode())
    q(b"USE " + RAW_DB.encode())
    q(b"CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, i INT, bi BIGINT UNSIGNED, "
      b"d DOUBLE, f FLOAT, dc DECIMAL(8,3), dt DATE, dtm DATETIME(6), tm TIME(3), "
      b"vc VARCHAR(50), bl BLOB, yr YEAR, ti TINYINT, si SMALLINT)")

    ins, r = c.prepare(b"INSERT INTO t (i, bi, d, f, dc, dt, dtm, tm, vc, bl, yr, ti, si) "
                       b"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    show(c, "prepare insert", r, log)
    # (No YEAR/INT24/BIT parameter types: MariaDB 10.11 takes those as NULL and reads
    # no bytes for them. No TIME fractions: the engine drops them, in SQL too.)
    types = [3, 8 | 0x8000, 5, 4, 246, 10, 12, 11, 253, 252, 2, 1, 2]
    vals = (struct.pack("<i", -7) + struct.pack("<Q", 2 ** 64 - 2) + struct.pack("<d", 2.5)
            + struct.pack("<f", -1.25) + lstr(b"-12.345") + b"\x04" + struct.pack("<HBB", 2024, 2, 29)
            + b"\x0b" + struct.pack("<HBBBBBI", 2001, 2, 3, 4, 5, 6, 789000)
            + b"\x08" + struct.pack("<BIBBB", 1, 1, 2, 3, 4)
            + lstr("quote ' dq \" 😀".encode()) + lstr(b"\x00\xff\x00") + struct.pack("<h", 2021)
            + struct.pack("<b", -5) + struct.pack("<h", -300))
    step("insert 1", execute(ins, types, vals))
    step("insert 2, types not sent", execute(ins, None, vals, nparams=13))
    nulls = bytes([0xff, 0x1f])
    step("insert 3, all NULL", execute(ins, [6] * 13, b"", nulls=nulls))
    vals2 = (struct.pack("<i", 2147483647) + struct.pack("<Q", 5) + struct.pack("<d", -1e-300)
             + struct.pack("<f", 3.5) + lstr(b"99999.999") + b"\x00" + b"\x00" + b"\x00"
             + lstr(b"") + lstr(b"") + struct.pack("<h", 0) + struct.pack("<b", 127)
             + struct.pack("<h", 32767))
    step("insert 4, zero dates", execute(ins, types, vals2))
    step("insert 5, last statement id", execute(0xffffffff, types, vals))

    sel, r = c.prepare(b"SELECT * FROM t WHERE id >= ? ORDER BY id LIMIT ?")
    show(c, "prepare select", r, log)
    step("select", execute(sel, [8, 8], struct.pack("<qq", 1, 10)))
    step("select again, types not sent", execute(sel, None, struct.pack("<qq", 2, 2), nparams=2))
    step("select unsigned limit", execute(sel, [8, 3 | 0x8000], struct.pack("<qI", 0, 1)))

    # DECIMAL beyond 18 digits: wide parameters (sent as text, type 246) stored exactly,
    # compared and computed with, and sent back in binary rows as text.
    q(b"CREATE TABLE wd (id INT PRIMARY KEY, a DECIMAL(65,30), b DECIMAL(30,10), c DECIMAL(10,2))")
    wins, r = c.prepare(b"INSERT INTO wd VALUES (?, ?, ?, ?)")
    show(c, "prepare insert wide decimals", r, log)
    step("insert wide decimals", execute(wins, [3, 246, 246, 246], struct.pack("<i", 1)
         + lstr(b"-12345678901234567890123456789012345.123456789012345678901234567890")
         + lstr(b"99999999999999999999.9999999999") + lstr(b"12.345")))
    step("insert wide decimals 2", execute(wins, [3, 246, 246, 246], struct.pack("<i", 2)
         + lstr(b"0.000000000000000000000000000001") + lstr(b"-1.23456789012") + lstr(b"-0.5")))
    step("insert wide decimal out of range", execute(wins, [3, 246, 246, 246], struct.pack("<i", 3)
         + lstr(b"1" * 40) + lstr(b"0") + lstr(b"0")))
    wsel, r = c.prepare(b"SELECT id, a, b, c, a * 2, b / 3, a + b FROM wd WHERE a < ? ORDER BY id")
    show(c, "prepare select wide decimals", r, log)
    step("select wide decimals", execute(wsel, [246], lstr(b"123456789012345678901234567890.5")))
    step("select wide decimals, narrower bound", execute(wsel, [246], lstr(b"-12345678901234567890123456789012345")))

    # Column types only a table gives: BIT, ENUM, SET, MEDIUMINT, CHAR, midnight DATETIME.
    # (No TIMESTAMP column: the engine's column flags for it differ, in SQL too.)
    q(b"CREATE TABLE o (id INT PRIMARY KEY, b BIT(10), e ENUM('x','y'), st SET('p','q'), "
      b"mi MEDIUMINT UNSIGNED, ch CHAR(3), dtm DATETIME, tx TINYTEXT)")
    q(b"INSERT INTO o VALUES (1, b'1000000001', 'y', 'p,q', 16777215, 'ab', "
      b"'2024-05-06 00:00:00', 'tiny'), "
      b"(2, NULL, NULL, '', 0, '', '0000-00-00 00:00:00', '')")
    oth, r = c.prepare(b"SELECT * FROM o WHERE id >= ? ORDER BY id")
    show(c, "prepare other types", r, log)
    step("other types", execute(oth, [1], b"\x01"))

    one, r = c.prepare(b"SELECT vc, i FROM t WHERE vc = ?")
    show(c, "prepare one", r, log)
    c.send(b"\x18" + struct.pack("<IH", one, 0) + "quote ' ".encode())
    c.send(b"\x18" + struct.pack("<IH", one, 0) + "dq \" 😀".encode())
    log.append(["long data gets no reply", c.silent()])
    step("execute with long data", execute(one, [253], b""))
    step("execute, long data used up", execute(one, [253], b""))
    c.send(b"\x18" + struct.pack("<IH", one, 7) + b"x")
    log.append(["long data to a bad parameter: no reply", c.silent()])
    step("execute after bad long data", execute(one, [253], lstr(b"x")))
    step("execute after bad long data, again", execute(one, [253], lstr(b"x")))
    step("reset", b"\x1a" + struct.pack("<I", one))
    step("execute after reset", execute(one, [253], lstr(b"")))
    step("fetch without cursor", b"\x1c" + struct.pack("<II", one, 5))
    step("fetch unknown", b"\x1c" + struct.pack("<II", 0x7ffffff0, 5))
    step("reset unknown", b"\x1a" + struct.pack("<I", 0x7ffffff0))
    step("execute unknown", execute(0x7ffffff0))
    c.send(b"\x19" + struct.pack("<I", one))
    log.append(["close: no reply", c.silent()])
    step("execute closed", execute(one, [253], lstr(b"")))
    c.send(b"\x19" + struct.pack("<I", 0x7ffffff0))
    log.append(["close unknown: no reply", c.silent()])

    # No parameters, no columns; DDL and an error at execute.
    ddl, r = c.prepare(b"CREATE TABLE t2 (a INT PRIMARY KEY)")
    show(c, "prepare create", r, log)
    step("create", execute(ddl))
    step("create again: error", execute(ddl))
    ins2, r = c.prepare(b"INSERT INTO t2 VALUES (?)")
    show(c, "prepare insert t2", r, log)
    step("insert t2", execute(ins2, [3], struct.pack("<i", 1)))
    step("insert t2 duplicate", execute(ins2, [3], struct.pack("<i", 1)))
    step("prepare missing table", b"\x16SELECT * FROM nope WHERE a = ?", prepare=True)
    step("execute last after failed prepare", execute(0xffffffff))
    step("prepare syntax error", b"\x16SELECT FROM WHERE", prepare=True)
    step("prepare empty", b"\x16", prepare=True)

    # A large result (several network writes) and long values.
    vals_rows = b",".join(b"(%d, 'row %d', REPEAT('v%d', %d))" % (k, k, k % 10, (k % 7) * 300)
                          for k in range(3000))
    q(b"CREATE TABLE big (a INT PRIMARY KEY, b VARCHAR(20), c MEDIUMTEXT)")
    q(b"INSERT INTO big VALUES " + vals_rows)
    q(b"INSERT INTO big VALUES (5000, 'long', REPEAT('xyz', 100000))")
    big, r = c.prepare(b"SELECT a, b, c FROM big WHERE a < ? ORDER BY a")
    show(c, "prepare big", r, log)
    c.send(execute(big, [3], struct.pack("<i", 3000)))
    rows = c.reply()
    log.append(["big result: packets", len(rows), sum(len(p) for _, p in rows),
                hashlib.sha1(b"".join(p for _, p in rows[4:])).hexdigest(), rows[-1][0],
                rows[-1][1].hex()])
    c.send(execute(big, [3], struct.pack("<i", 100000)))
    rows = c.reply()
    log.append(["big values: packets", len(rows), sum(len(p) for _, p in rows),
                hashlib.sha1(b"".join(p for _, p in rows[4:])).hexdigest()])

    # Status flags inside a transaction.
    q(b"BEGIN")
    tr, r = c.prepare(b"SELECT a FROM t2 WHERE a = ?")
    show(c, "prepare in transaction", r, log)
    step("execute in transaction", execute(tr, [3], struct.pack("<i", 1)))
    q(b"COMMIT")

    # COM_RESET_CONNECTION drops the statements.
    step("reset connection", b"\x1f")
    step("execute after reset connection", execute(tr, [3], struct.pack("<i", 1)))
    step("execute last after reset connection", execute(0xffffffff))
    q(b"USE " + RAW_DB.encode())
    again, r = c.prepare(b"SELECT a FROM t2 WHERE a = ?")
    show(c, "prepare after reset connection", r, log)
    log.append(["ids go on after reset connection", again > tr])

    # COM_CHANGE_USER drops them too.
    c.send(b"\x11root\0\0" + RAW_DB.encode() + b"\0" + struct.pack("<H", 45)
           + b"mysql_native_password\0")
    seq, p = c.read()
    if p[:1] == b"\xfe":                              # auth switch: empty password
        c.send(b"", seq + 1)
        seq, p = c.read()
    log.append(["change user", p[:1].hex()])
    step("execute after change user", execute(again, [3], struct.pack("<i", 1)))
    c.close()
    return log


def raw_part(srv, session=None, name="raw"):
    """Runs a raw session (raw_session unless given) on both servers, with and without
    CLIENT_DEPRECATE_EOF; returns (checks, differences)."""
    session = session or raw_session
    bad = 0
    checks = 0
    for caps, tag in ((BASE_CAPS, "eof"), (BASE_CAPS | CAP_DEPRECATE_EOF, "deprecate_eof")):
        logs = []
        for label, host, port in srv:
            try:
                logs.append(session(host, port, caps))
            except Exception as e:  # noqa: BLE001
                logs.append([["exception", repr(e)]])
                print("%s (%s): %s session raised %r" % (label, tag, name, e))
        c, d = compare_logs(logs[0], logs[1], name + " " + tag, srv[0][0], srv[1][0])
        checks += c
        bad += d
    return checks, bad


def compare_logs(a, b, tag, la, lb):
    """Two servers' logs entry by entry, each difference printed; returns (checks, bad)."""
    checks = bad = 0
    for i in range(max(len(a), len(b))):
        checks += 1
        x = a[i] if i < len(a) else ["(missing)"]
        y = b[i] if i < len(b) else ["(missing)"]
        if x != y:
            bad += 1
            print("DIFF %s: %s" % (tag, x[0]))
            for line in difflib.unified_diff(
                    json.dumps(x, indent=1, ensure_ascii=False).splitlines(),
                    json.dumps(y, indent=1, ensure_ascii=False).splitlines(),
                    la, lb, lineterm="", n=1):
                print("   " + line)
    return checks, bad


def limit_part(srv):
    """max_prepared_stmt_count (16382, server-wide): the next prepare fails with 1461,
    and a statement freed by COM_STMT_CLOSE makes room again. Returns (checks, bad)."""
    outcomes = []
    for label, host, port in srv:
        c = Raw(host, port, BASE_CAPS)
        try:
            n = 16382
            # Pipelined: all prepares are written first, then the replies read.
            chunk = packet(0, b"\x16SELECT 1")
            sent = 0
            ids = []
            while sent < n:
                k = min(1000, n - sent)
                c.s.sendall(chunk * k)
                for _ in range(k):
                    r = c.reply(prepare=True)
                    if r[0][1][:1] != b"\x00":
                        raise RuntimeError("prepare #%d failed: %r" % (len(ids) + 1, r[0][1]))
                    ids.append(struct.unpack("<I", r[0][1][1:5])[0])
                sent += k
            sid, r = c.prepare(b"SELECT 2")
            over = r[0][1]
            c.send(b"\x19" + struct.pack("<I", ids[0]))
            sid, r = c.prepare(b"SELECT 3")
            after = r[0][1][:1]
            outcomes.append((over[:3].hex(), over[9:].decode(), after.hex()))
        except Exception as e:  # noqa: BLE001
            outcomes.append(("exception", repr(e)))
        finally:
            c.close()
    if outcomes[0] != outcomes[1]:
        print("DIFF max_prepared_stmt_count: %s %r, %s %r"
              % (srv[0][0], outcomes[0], srv[1][0], outcomes[1]))
        return 1, 1
    return 1, 0


def global_limit_part(srv):
    """SET GLOBAL max_prepared_stmt_count lowers the limit for the next prepare (node's
    mysql2 suite sets it to 10): 1461 with the new value in its message, @@GLOBAL reads
    it, the old value is put back. Returns (checks, bad)."""
    outcomes = []
    for label, host, port in srv:
        c = Raw(host, port, BASE_CAPS)
        out = []
        try:
            # the statements of connections closed before are freed as the server gets to
            # it (a slow, sanitized build later): wait until none is left
            for _ in range(200):
                c.send(b"\x03SHOW GLOBAL STATUS LIKE 'Prepared_stmt_count'")
                if c.reply()[-2][1].endswith(b"\x010"):
                    break
                time.sleep(0.1)
            c.send(b"\x03SELECT @@GLOBAL.max_prepared_stmt_count")
            r = c.reply()
            old = r[-2][1][1:].decode()
            out.append(old)
            c.send(b"\x03SET GLOBAL max_prepared_stmt_count = 3")
            out.append(c.reply()[0][1][:1].hex())
            c.send(b"\x03SELECT @@GLOBAL.max_prepared_stmt_count")
            out.append(c.reply()[-2][1][1:].decode())
            ids = []
            for i in range(4):
                sid, r = c.prepare(b"SELECT %d" % i)
                out.append(r[0][1][:1].hex() if sid is not None else r[0][1][:3].hex() + r[0][1][9:].decode())
                if sid is not None:
                    ids.append(sid)
            c.send(b"\x03SHOW GLOBAL STATUS LIKE 'Prepared_stmt_count'")
            out.append(c.reply()[-2][1])
            c.send(b"\x19" + struct.pack("<I", ids[0]))
            sid, r = c.prepare(b"SELECT 9")
            out.append(r[0][1][:1].hex())
            c.send(b"\x03SET GLOBAL max_prepared_stmt_count = " + old.encode())
            out.append(c.reply()[0][1][:1].hex())
        except Exception as e:  # noqa: BLE001
            out.append("exception %r" % e)
        finally:
            c.close()
        outcomes.append(out)
    if outcomes[0] != outcomes[1]:
        print("DIFF SET GLOBAL max_prepared_stmt_count: %s %r, %s %r"
              % (srv[0][0], outcomes[0], srv[1][0], outcomes[1]))
        return 1, 1
    return 1, 0


def servers():
    out = []
    for label, var in (("MariaDB", "MARIADB"), (os.environ.get("PRESSDB_LABEL", "pressdb"), "PRESSDB")):
        port = os.environ.get(var + "_PORT")
        if not port:
            sys.exit("%s_PORT is not set: run this through tests/run.py" % var)
        out.append((label, os.environ.get(var + "_HOST") or "127.0.0.1", port))
    return out


def run_php(host, port):
    env = dict(os.environ, T_HOST=host, T_PORT=str(port), T_DB=DB)
    r = subprocess.run([shutil.which("php") or "php", "-r", PHP], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=240)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")


def php_part(srv):
    """Runs the PHP script on both servers; returns (checks, differences)."""
    results = []
    for label, host, port in srv:
        rc, out, err = run_php(host, port)
        if rc != 0:
            print("%s: php exited with %d\n%s\n%s" % (label, rc, err, out[-3000:]))
            return 1, 1
        try:
            doc = json.loads(out)
        except ValueError as e:
            print("%s: output is not JSON (%s):\n%s" % (label, e, out[-3000:]))
            return 1, 1
        results.append((label, doc, err.strip()))
    (la, a, ea), (lb, b, eb) = results
    checks = max(len(a), len(b)) + 1
    bad = 0
    # Entry by entry, so that one difference does not hide the others.
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else ["(missing)", None]
        y = b[i] if i < len(b) else ["(missing)", None]
        if x != y:
            bad += 1
            print("DIFF php: %s" % (x[0] if x[0] == y[0] else "%s / %s" % (x[0], y[0])))
            for line in difflib.unified_diff(
                    json.dumps(x[1], indent=1, ensure_ascii=False).splitlines(),
                    json.dumps(y[1], indent=1, ensure_ascii=False).splitlines(),
                    la, lb, lineterm="", n=2):
                print("   " + line)
    if ea != eb:
        bad += 1
        print("DIFF php stderr:\n%s: %s\n%s: %s" % (la, ea, lb, eb))
    return checks, bad


def cleanup(srv):
    for label, host, port in srv:
        try:
            c = Raw(host, port, BASE_CAPS)
            for db in (DB, RAW_DB):
                c.send(b"\x03DROP DATABASE IF EXISTS " + db.encode())
                c.reply()
            c.close()
        except Exception as e:  # noqa: BLE001
            print("%s: cleanup failed: %r" % (label, e))


def main():
    if not shutil.which("php"):
        sys.exit("php not found (apt-get install php-cli php-mysql)")
    srv = servers()
    c1, b1 = php_part(srv)
    c2, b2 = raw_part(srv)
    c3, b3 = limit_part(srv)
    c4, b4 = global_limit_part(srv)
    cleanup(srv)
    print("php: %d checks, %d differ; raw protocol: %d checks, %d differ" % (c1, b1, c2 + c3 + c4, b2 + b3 + b4))
    return 1 if b1 or b2 or b3 or b4 else 0


if __name__ == "__main__":
    sys.exit(main())
