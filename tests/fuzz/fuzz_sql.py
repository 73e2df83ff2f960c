#!/usr/bin/python3
"""fuzz_sql.py - a mutation fuzzer that looks for crashes, hangs and dropped connections.

    /usr/bin/python3 tests/fuzz/fuzz_sql.py --server build-san/pressdb --seconds 300 --seed 1
    /usr/bin/python3 tests/fuzz/fuzz_sql.py --server build-san/pressdb --replay CASE.sql
    /usr/bin/python3 tests/fuzz/fuzz_sql.py --server build-san/pressdb --reduce CASE.sql

The statements come from tests/sql/*.sql and tests/wordpress/corpus.sql (its `?` shapes
with `?` as 1, and its "e.g." lines), plus any --corpus FILE. One round takes a source
file, makes a fresh database, runs the file's CREATE/INSERT/ALTER/SET statements there
(the seed data), then sends mutated statements: tokens dropped, duplicated or swapped,
literals replaced by extreme values (NULL, '', 0, -1, 2^64, 1e308, long strings, 4-byte
UTF-8, '0000-00-00', ...), deep parentheses, huge IN lists, unknown functions, wrong
argument counts, subqueries in odd places, random function calls; some go through the
binary protocol (COM_STMT_PREPARE/EXECUTE with random parameter types).

It watches for the server process dying, an ASan/UBSan report in its stderr, a statement
that takes longer than --hang seconds, and the connection being dropped after a
statement. Each finding is written to OUT/crash-SEED-N.sql (the statements of its round,
in order, `-- prepared N` before one sent through the binary protocol) with the reason, and
the server is restarted on a fresh datadir. A statement that is only slow (the server
still answers another connection) is killed and reported as "slow", not as a crash. --reduce shrinks such a file to the fewest
statements (then the fewest tokens) that still show the same kind of failure.

It only checks that pressdb survives: the answers themselves are compared with MariaDB
by tests/run.py (add the reduced case to tests/sql/090_fuzz_regressions.sql).
"""

import argparse
import glob
import os
import random
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import pymysql  # noqa: E402

from lib.sqlfile import SqlFile  # noqa: E402

SAN_MARKERS = (b"ERROR: AddressSanitizer", b"runtime error:", b"ERROR: LeakSanitizer",
               b"SUMMARY: UndefinedBehaviorSanitizer", b"AddressSanitizer:DEADLYSIGNAL")

# Statements never sent: they wait on purpose, end the connection or the server, or
# touch the file system.
SKIP_RE = re.compile(r"\b(SLEEP|BENCHMARK|GET_LOCK|KILL|SHUTDOWN|LOCK\s+TABLES?|"
                     r"FLUSH|INTO\s+OUTFILE|INTO\s+DUMPFILE|LOAD\s+DATA|LOAD_FILE|"
                     r"RELEASE_ALL_LOCKS|lock_wait_timeout|innodb_lock_wait_timeout|"
                     r"max_statement_time|max_allowed_packet|wait_timeout|"
                     r"XA|HANDLER|CHANGE\s+MASTER|max_memory|SET\s+GLOBAL|"
                     r"DROP\s+USER|CREATE\s+USER|GRANT|REVOKE|RENAME\s+USER|SET\s+PASSWORD|"
                     r"DROP\s+DATABASE|CREATE\s+DATABASE|USE)\b", re.I)

# A statement worth running as seed data before the mutations.
SEED_RE = re.compile(r"^\s*(CREATE|INSERT|REPLACE|ALTER|SET|UPDATE|DELETE)\b", re.I)

TOKEN_RE = re.compile(r"""
    (?P<ws>\s+)
  | (?P<str>'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*")
  | (?P<qid>`(?:[^`]|``)*`)
  | (?P<num>0x[0-9a-fA-F]+|\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+(?:[eE][-+]?\d+)?)
  | (?P<var>@@?[A-Za-z0-9_.$]+)
  | (?P<id>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<op><=>|<=|>=|<>|!=|:=|\|\||&&|<<|>>|->>|->|.)
""", re.X | re.S)

EXTREMES = [
    "NULL", "''", "0", "-1", "1", "18446744073709551616", "18446744073709551615",
    "-9223372036854775808", "9223372036854775807", "-9223372036854775809", "1e308", "-1e308",
    "1e-308", "2.2250738585072014e-308", "0.000000000000000000000000000001",
    "99999999999999999999999999999999999999999999999999999999999999999.999999999999999",
    "-0.0", "0x", "0xFFFFFFFFFFFFFFFFFFFF", "X'00'", "b'1'", "_binary'\\0'", "'\\0'",
    "'0000-00-00'", "'0000-00-00 00:00:00'", "'9999-12-31 23:59:59.999999'", "'2024-02-30'",
    "'-838:59:59'", "'838:59:59.999999'", "'99999999999999999999:00'", "'1000-01-01'",
    "'1970-01-01 00:00:00'", "'2038-01-19 03:14:08'", "'\U0001F600'", "'\U0001F600\U0001F600x'",
    "'\u00e9'", "'%'", "'_'", "'\\\\'", "'\\''", "'a' COLLATE utf8mb4_bin", "'1e400'",
    "'  12abc'", "'-'", "'.'", "'0x1'", "'[1,2,{\"a\":[]}]'", "'{\"a\":'", "'$.a[*]'",
    "'$**.b'", "'$[9999999999]'", "CURRENT_TIMESTAMP", "NOW(6)", "DEFAULT", "@nosuchvar",
    "@@sql_mode", "(SELECT 1)", "(SELECT NULL)", "(SELECT 1 UNION SELECT 2)", "REPEAT('x', 70000)",
    "REPEAT('\U0001F600', 20000)", "CHAR(0)", "-(-(-1))", "~0", "1/0", "0 DIV 0", "NULL IS NULL",
    "'x' = 'X'", "ROW(1, 2)", "(1, 2)", "CAST(-1 AS UNSIGNED)", "CAST('' AS DATE)",
    "CONVERT('\u00e9' USING latin1)", "_latin1'\u00e9'", "N'x'", "TRUE", "FALSE", "?",
]

FUNCS = [
    "ABS", "ACOS", "ADDDATE", "ADDTIME", "AES_DECRYPT", "AES_ENCRYPT", "ASCII", "ASIN", "ATAN",
    "ATAN2", "AVG", "BIN", "BIT_AND", "BIT_COUNT", "BIT_LENGTH", "BIT_OR", "CAST", "CEIL",
    "CHAR", "CHAR_LENGTH", "CHARSET", "COALESCE", "COERCIBILITY", "COLLATION", "COMPRESS",
    "CONCAT", "CONCAT_WS", "CONNECTION_ID", "CONV", "CONVERT_TZ", "COS", "COT", "COUNT", "CRC32",
    "CURDATE", "CURTIME", "DATABASE", "DATE", "DATE_ADD", "DATE_FORMAT", "DATE_SUB", "DATEDIFF",
    "DAY", "DAYNAME", "DAYOFMONTH", "DAYOFWEEK", "DAYOFYEAR", "DEGREES", "ELT", "EXP",
    "EXPORT_SET", "EXTRACT", "FIELD", "FIND_IN_SET", "FLOOR", "FORMAT", "FOUND_ROWS",
    "FROM_BASE64", "FROM_DAYS", "FROM_UNIXTIME", "GREATEST", "GROUP_CONCAT", "HEX", "HOUR",
    "IF", "IFNULL", "INET_ATON", "INET_NTOA", "INET6_ATON", "INET6_NTOA", "INSERT", "INSTR",
    "IS_IPV4", "IS_IPV6", "ISNULL", "JSON_ARRAY", "JSON_ARRAYAGG", "JSON_CONTAINS",
    "JSON_CONTAINS_PATH", "JSON_DEPTH", "JSON_EXTRACT", "JSON_INSERT", "JSON_KEYS",
    "JSON_LENGTH", "JSON_MERGE_PATCH", "JSON_MERGE_PRESERVE", "JSON_OBJECT", "JSON_OBJECTAGG",
    "JSON_QUOTE", "JSON_REMOVE", "JSON_REPLACE", "JSON_SEARCH", "JSON_SET", "JSON_TYPE",
    "JSON_UNQUOTE", "JSON_VALID", "JSON_VALUE", "JSON_DETAILED", "JSON_ARRAY_APPEND",
    "JSON_ARRAY_INSERT", "LAST_DAY", "LAST_INSERT_ID", "LCASE", "LEAST", "LEFT", "LENGTH",
    "LN", "LOCATE", "LOG", "LOG10", "LOG2", "LOWER", "LPAD", "LTRIM", "MAKE_SET", "MAKEDATE",
    "MAKETIME", "MAX", "MD5", "MICROSECOND", "MID", "MIN", "MINUTE", "MOD", "MONTH",
    "MONTHNAME", "NOW", "NULLIF", "OCT", "ORD", "PERIOD_ADD", "PERIOD_DIFF", "PI", "POSITION",
    "POW", "POWER", "QUARTER", "QUOTE", "RADIANS", "RAND", "REGEXP_INSTR", "REGEXP_REPLACE",
    "REGEXP_SUBSTR", "REPEAT", "REPLACE", "REVERSE", "RIGHT", "ROUND", "RPAD", "RTRIM",
    "SEC_TO_TIME", "SECOND", "SHA1", "SHA2", "SIGN", "SIN", "SOUNDEX", "SPACE", "SQRT", "STD",
    "STDDEV", "STR_TO_DATE", "STRCMP", "SUBDATE", "SUBSTR", "SUBSTRING", "SUBSTRING_INDEX",
    "SUBTIME", "SUM", "SYSDATE", "TAN", "TIME", "TIME_FORMAT", "TIME_TO_SEC", "TIMEDIFF",
    "TIMESTAMP", "TIMESTAMPADD", "TIMESTAMPDIFF", "TO_BASE64", "TO_DAYS", "TO_SECONDS", "TRIM",
    "TRUNCATE", "UCASE", "UNCOMPRESS", "UNHEX", "UNIX_TIMESTAMP", "UPPER", "UTC_DATE",
    "UTC_TIMESTAMP", "UUID", "VALUES", "VARIANCE", "VERSION", "WEEK", "WEEKDAY", "WEEKOFYEAR",
    "WEIGHT_STRING", "YEAR", "YEARWEEK", "NOSUCHFUNC", "ROW_NUMBER", "RANK", "LAG", "LEAD",
    "NTILE", "FIRST_VALUE", "NTH_VALUE", "DATE_FORMAT", "STR_TO_DATE", "INTERVAL", "CHAR_LENGTH",
]

KEYWORDS = ["SELECT", "FROM", "WHERE", "GROUP BY", "ORDER BY", "HAVING", "LIMIT", "UNION",
            "UNION ALL", "JOIN", "LEFT JOIN", "RIGHT JOIN", "ON", "USING", "AND", "OR", "NOT",
            "IN", "EXISTS", "DISTINCT", "AS", "IS", "NULL", "LIKE", "BETWEEN", "CASE", "WHEN",
            "THEN", "ELSE", "END", "WITH", "RECURSIVE", "OVER", "PARTITION BY", "ROWS",
            "DESC", "ASC", "WITH ROLLUP", "FOR UPDATE", "COLLATE utf8mb4_bin", "INTERVAL 1 DAY",
            "ESCAPE", "REGEXP", "SOUNDS LIKE", "DIV", "MOD", "XOR", "*", ",", "(", ")", "=",
            "+", "-", "/", "<=>", "||", "&&", "!", "~", "^", "|", "&", "<<", ">>", ".",
            "ALL", "ANY", "SOME", "OFFSET", "STRAIGHT_JOIN", "SQL_CALC_FOUND_ROWS", "IGNORE",
            "ON DUPLICATE KEY UPDATE", "VALUES", "SET", "DEFAULT", "BINARY", "CHARACTER SET"]

ODD_SUBQUERIES = ["(SELECT 1)", "(SELECT NULL)", "(SELECT 1 UNION SELECT 2)",
                  "(SELECT 1 FROM DUAL WHERE 0)", "EXISTS (SELECT 1)", "(SELECT MAX(1))",
                  "(SELECT * FROM (SELECT 1) d)", "(WITH w AS (SELECT 1) SELECT * FROM w)",
                  "(SELECT 1 LIMIT 0)", "(SELECT (SELECT (SELECT 1)))",
                  "(SELECT COUNT(*) OVER ())", "(SELECT 1, 2)"]


def tokens(sql):
    return [m.group(0) for m in TOKEN_RE.finditer(sql)]


def kind(tok):
    m = TOKEN_RE.fullmatch(tok)
    return m.lastgroup if m else "op"


class Corpus:
    """Source files: each a list of statements (seed data first when run)."""

    def __init__(self, extra):
        self.files = []
        for path in sorted(glob.glob(os.path.join(ROOT, "tests", "sql", "*.sql"))):
            stmts = [s.sql for s in SqlFile(path).statements]
            self.files.append((os.path.basename(path), stmts))
        for path in [os.path.join(ROOT, "tests", "wordpress", "corpus.sql")] + extra:
            if os.path.exists(path):
                self.files.append((os.path.basename(path), corpus_statements(path)))
        self.all = [s for _, ss in self.files for s in ss]


def corpus_statements(path):
    """The shapes of a WordPress corpus file with ? as 1, and its e.g. lines."""
    out = []
    text = open(path, encoding="utf-8").read().split("\n")
    body = "\n".join(l for l in text if not l.startswith("--"))
    for s in re.split(r";\s*\n", body):
        s = s.strip().rstrip(";")
        if s:
            out.append(re.sub(r"\?(, \.\.\.)?", "1", s))
    for l in text:
        m = re.match(r"^--\s+e\.g\.\s+(.*)$", l)
        if m:
            out.append(m.group(1).rstrip(";"))
    return out


class Mutator:
    def __init__(self, rng, corpus):
        self.rng = rng
        self.corpus = corpus

    def extreme(self):
        r = self.rng
        if r.random() < 0.1:
            n = r.choice([1000, 70000, 300000])
            return "'" + r.choice(["a", "\U0001F600", "\u00e9", "%", "0"]) * n + "'"
        return r.choice(EXTREMES)

    def func_call(self, depth=0):
        r = self.rng
        name = r.choice(FUNCS)
        n = r.choice([0, 1, 1, 2, 2, 3, 4, 7])
        args = []
        for _ in range(n):
            if depth < 2 and r.random() < 0.25:
                args.append(self.func_call(depth + 1))
            else:
                args.append(self.extreme())
        return "%s(%s)" % (name, ", ".join(args))

    def mutate(self, sql):
        r = self.rng
        toks = tokens(sql)
        for _ in range(r.choice([1, 1, 1, 2, 3])):
            toks = self.mutate_once(toks)
        return "".join(toks)

    def mutate_once(self, toks):
        r = self.rng
        if not toks:
            return toks
        idx = [i for i, t in enumerate(toks) if kind(t) != "ws"] or [0]
        lits = [i for i in idx if kind(toks[i]) in ("str", "num")]
        ids = [i for i in idx if kind(toks[i]) in ("id", "qid")]
        calls = [i for i in idx if kind(toks[i]) == "id" and i + 1 < len(toks) and toks[i + 1] == "("]
        op = r.randrange(14)
        i = r.choice(idx)
        if op == 0:                                       # drop a token
            del toks[i]
        elif op == 1:                                     # duplicate a token
            toks.insert(i, toks[i] + " ")
        elif op == 2:                                     # swap two tokens
            j = r.choice(idx)
            toks[i], toks[j] = toks[j], toks[i]
        elif op in (3, 4, 5):                             # a literal becomes an extreme value
            j = r.choice(lits or idx)
            toks[j] = " " + self.extreme() + " "
        elif op == 6:                                     # deep parentheses
            j = r.choice(lits or idx)
            d = r.choice([2, 20, 100, 1000, 10000])
            toks[j] = "(" * d + toks[j] + ")" * d
        elif op == 7:                                     # a huge IN list
            j = r.choice(lits or idx)
            n = r.choice([100, 5000, 50000])
            vals = r.choice([lambda k: str(k), lambda k: "'v%d'" % k, lambda k: "NULL"])
            toks[j] = " %s IN (%s) " % (toks[j], ", ".join(vals(k) for k in range(n)))
        elif op == 8:                                     # unknown function / wrong arg count
            if calls:
                j = r.choice(calls)
                if r.random() < 0.3:
                    toks[j] = r.choice(["NOSUCHFUNC", "no_such.fn", "`" + toks[j] + "x`"])
                else:                                    # add or drop arguments after "("
                    if r.random() < 0.5:
                        toks.insert(j + 2, self.extreme() + ", ")
                    else:
                        k = j + 2
                        while k < len(toks) and toks[k] not in (",", ")"):
                            k += 1
                        del toks[j + 2:k + 1 if k < len(toks) and toks[k] == "," else k]
            else:
                toks[i] = " " + self.func_call() + " "
        elif op == 9:                                     # subquery in an odd place
            j = r.choice(lits + ids or idx)
            toks[j] = " " + r.choice(ODD_SUBQUERIES) + " "
        elif op == 10:                                    # a keyword inserted
            toks.insert(i, " " + r.choice(KEYWORDS) + " ")
        elif op == 11:                                    # a random function call
            j = r.choice(lits + ids or idx)
            toks[j] = " " + self.func_call() + " "
        elif op == 12:                                    # splice from another statement
            other = tokens(r.choice(self.corpus.all))
            if other:
                a = r.randrange(len(other))
                b = min(len(other), a + r.randrange(1, 12))
                toks[i:i + 1] = other[a:b]
        else:                                             # identifier swapped for another
            if ids:
                j = r.choice(ids)
                k = r.choice(ids)
                toks[j] = toks[k] if r.random() < 0.7 else r.choice(["nosuch", "`` ", "t.*"])
        return toks


# ----------------------------------------------------------------------- the server

class Pressdb:
    def __init__(self, binary, port, workdir):
        self.binary = os.path.abspath(binary)
        self.port = port
        self.workdir = workdir
        self.proc = None
        self.log = os.path.join(workdir, "stderr.log")
        self.log_pos = 0

    def start(self):
        data = os.path.join(self.workdir, "data")
        shutil.rmtree(data, ignore_errors=True)
        env = dict(os.environ)
        env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
        env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
        logf = open(self.log, "ab")
        self.log_pos = logf.tell()
        self.proc = subprocess.Popen(
            [self.binary, "--port=%d" % self.port, "--bind-address=127.0.0.1", "--socket=",
             "--datadir=" + data] + os.environ.get("PRESSDB_EXTRA_ARGS", "").split(),
            stdin=subprocess.DEVNULL, stdout=logf, stderr=subprocess.STDOUT, env=env,
            preexec_fn=os.setpgrp)
        logf.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("pressdb exited at start: " + self.log_tail())
            try:
                self.connect(timeout=5).close()
                time.sleep(0.2)
                if self.proc.poll() is not None:      # another server answered on the port
                    raise RuntimeError("pressdb exited at start: " + self.log_tail())
                return
            except pymysql.MySQLError:
                time.sleep(0.1)
        raise RuntimeError("pressdb did not start")

    def connect(self, timeout):
        return pymysql.connect(host="127.0.0.1", port=self.port, user="root", password="",
                               charset="utf8mb4", autocommit=True, connect_timeout=5, use_unicode=False, conv={},
                               read_timeout=timeout, write_timeout=timeout)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                pass
            self.proc.wait()
        self.proc = None

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def sanitizer_report(self):
        """New ASan/UBSan output since the start (waits a moment for it to be written)."""
        try:
            with open(self.log, "rb") as f:
                f.seek(self.log_pos)
                data = f.read()
        except OSError:
            return None
        for m in SAN_MARKERS:
            k = data.find(m)
            if k >= 0:
                return data[max(0, k - 200):k + 6000].decode("utf-8", "replace")
        return None

    def log_tail(self, n=60):
        try:
            with open(self.log, "rb") as f:
                f.seek(self.log_pos)
                return "\n".join(f.read().decode("utf-8", "replace").splitlines()[-n:])
        except OSError:
            return ""


# ----------------------------------------------------- the binary protocol (prepared)

def lenenc_int(b, pos):
    c = b[pos]
    if c < 0xfb:
        return c, pos + 1
    if c == 0xfc:
        return struct.unpack_from("<H", b, pos + 1)[0], pos + 3
    if c == 0xfd:
        return int.from_bytes(b[pos + 1:pos + 4], "little"), pos + 4
    return struct.unpack_from("<Q", b, pos + 1)[0], pos + 9


def read_until_eof(conn, n):
    """Read n definition packets, then an EOF packet (pymysql has no DEPRECATE_EOF)."""
    for _ in range(n):
        conn._read_packet()
    if n:
        conn._read_packet()


def param_value(rng):
    """(type, unsigned flag, bytes) of one random binary-protocol parameter, or None (NULL)."""
    c = rng.randrange(12)
    if c == 0:
        return None
    if c == 1:
        return (8, rng.choice([0, 0x80]), struct.pack("<q", rng.choice([0, -1, 2**63 - 1, -2**63, 42])))
    if c == 2:
        return (3, 0, struct.pack("<i", rng.choice([0, -1, 2**31 - 1, 7])))
    if c == 3:
        return (1, 0, struct.pack("<b", rng.choice([0, -1, 127])))
    if c == 4:
        return (5, 0, struct.pack("<d", rng.choice([0.0, -1.5, 1e308, float("inf"), float("nan")])))
    if c == 5:
        return (4, 0, struct.pack("<f", rng.choice([0.0, 3.5, -1e30])))
    if c in (6, 7):
        s = rng.choice(EXTREMES).strip("'").encode("utf-8")
        if rng.random() < 0.1:
            s = b"x" * rng.choice([300, 70000])
        return (rng.choice([253, 254, 15, 252, 246]), 0, lenenc(s))
    if c in (8, 9, 10):                       # DATE, DATETIME, TIMESTAMP, TIME in every length
        t = rng.choice([10, 12, 7, 11])
        ln = rng.choice([0, 4, 7, 8, 11, 12])
        body = bytes(rng.choice([0, 1, 12, 31, 59, 255]) for _ in range(ln))
        return (t, 0, bytes([ln]) + body)
    s = bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 5, 40])))
    return (rng.choice([253, 252, 246, 245]), 0, lenenc(s))


def lenenc(s):
    n = len(s)
    if n < 0xfb:
        return bytes([n]) + s
    if n < 1 << 16:
        return b"\xfc" + struct.pack("<H", n) + s
    if n < 1 << 24:
        return b"\xfd" + n.to_bytes(3, "little") + s
    return b"\xfe" + struct.pack("<Q", n) + s


def run_prepared(conn, sql, rng):
    """COM_STMT_PREPARE sql, COM_STMT_EXECUTE it with random parameters, COM_STMT_CLOSE.
    Raises pymysql errors as a text statement would."""
    conn._execute_command(0x16, sql)
    p = conn._read_packet()
    data = p.get_all_data()
    stmt_id, ncols, nparams = struct.unpack_from("<IHH", data, 1)
    read_until_eof(conn, nparams)
    read_until_eof(conn, ncols)
    try:
        for _ in range(rng.choice([1, 1, 2])):
            vals = [param_value(rng) for _ in range(nparams)]
            nullmap = bytearray((nparams + 7) // 8)
            types = b""
            body = b""
            for k, v in enumerate(vals):
                if v is None:
                    nullmap[k // 8] |= 1 << (k % 8)
                    types += bytes([6, 0])
                else:
                    types += bytes([v[0], v[1]])
                    body += v[2]
            payload = struct.pack("<IBI", stmt_id, 0, 1)
            if nparams:
                payload += bytes(nullmap) + b"\x01" + types + body
            conn._execute_command(0x17, payload)
            p = conn._read_packet()
            data = p.get_all_data()
            if data[0] == 0:
                continue                         # OK packet
            n, _ = lenenc_int(data, 0)
            read_until_eof(conn, n)
            while True:
                p = conn._read_packet()
                if p.is_eof_packet():
                    break
    finally:
        conn._execute_command(0x19, struct.pack("<I", stmt_id))   # COM_STMT_CLOSE: no reply


# ------------------------------------------------------------------------ running

class Finding(Exception):
    def __init__(self, what, detail):
        super().__init__(what)
        self.what = what
        self.detail = detail


class Runner:
    def __init__(self, server, hang):
        self.server = server
        self.hang = hang
        self.conn = None
        self.statements = 0

    def fresh_conn(self, db, keep=False):
        self.db = db
        if self.conn is not None:
            try:
                self.conn.close()
            except Exception:  # noqa: BLE001
                pass
        self.conn = self.server.connect(self.hang)
        cur = self.conn.cursor()
        if not keep:
            cur.execute("DROP DATABASE IF EXISTS %s" % db)
            cur.execute("CREATE DATABASE %s" % db)
        cur.execute("USE %s" % db)

    def reconnect(self):
        """A new connection to the current database after a client-side failure."""
        db = self.db
        self.fresh_conn(db, keep=True)

    def check_server(self, sql):
        time.sleep(0.05)
        if not self.server.alive():
            time.sleep(0.5)
            rep = self.server.sanitizer_report() or self.server.log_tail()
            raise Finding("server died (%s)" % describe_exit(self.server.proc), rep)
        rep = self.server.sanitizer_report()
        if rep:
            raise Finding("sanitizer report", rep)

    def run(self, sql, prepared=False, rng=None):
        """Run one statement; raise Finding on a crash, a hang or a dropped connection."""
        self.statements += 1
        t0 = time.monotonic()
        try:
            if prepared:
                run_prepared(self.conn, sql, rng or random.Random(0))
            else:
                cur = self.conn.cursor()
                cur.execute(sql)
                while True:
                    if cur.description is not None:
                        cur.fetchall()
                    if not cur.nextset():
                        break
            return "ok"
        except pymysql.err.OperationalError as e:
            code = e.args[0] if e.args else 0
            if code in (2006, 2013, 2014, 2055) or not isinstance(code, int):
                self.after_loss(sql, t0, e)
            return "error %s" % code
        except pymysql.MySQLError as e:
            return "error %s" % (e.args[0] if e.args else "?")
        except (struct.error, IndexError, AssertionError) as e:
            self.after_loss(sql, t0, e)
            return "protocol error"
        except (UnicodeError, ValueError, TypeError) as e:   # a client-side decoding problem
            self.conn = None
            self.reconnect()
            return "client error %s" % e
        except (OSError, ConnectionError) as e:
            self.after_loss(sql, t0, e)
            return "lost"
        finally:
            if self.server.alive():
                rep = self.server.sanitizer_report()
                if rep:
                    raise Finding("sanitizer report", rep)

    def after_loss(self, sql, t0, err):
        self.check_server(sql)
        took = time.monotonic() - t0
        if took >= self.hang - 0.5:
            # does the server still answer another connection?
            try:
                c = self.server.connect(5)
                c.cursor().execute("SELECT 1")
                try:                                 # stop the slow one
                    c.cursor().execute("KILL %d" % self.conn.server_thread_id[0])
                except (pymysql.MySQLError, TypeError, IndexError):
                    pass
                c.close()
                raise Finding("slow: statement ran past %.0fs (server still answers)" % took, str(err))
            except pymysql.MySQLError as e2:
                raise Finding("server hung (no answer to a new connection)", "%s / %s" % (err, e2))
        raise Finding("connection dropped", str(err))


def describe_exit(proc):
    rc = proc.poll() if proc else None
    if rc is None:
        return "running"
    if rc < 0:
        try:
            return "signal " + signal.Signals(-rc).name
        except ValueError:
            return "signal %d" % -rc
    return "status %d" % rc


def ok_to_send(sql):
    return len(sql) < 4_000_000 and not SKIP_RE.search(sql)


def write_case(outdir, n, finding, db, history, seed):
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, "crash-%d-%d.sql" % (seed, n))
    with open(path, "w", encoding="utf-8") as f:
        f.write("-- fuzz_sql.py seed %d: %s\n" % (seed, finding.what))
        for line in finding.detail.splitlines()[:80]:
            f.write("-- | %s\n" % line)
        for sql, prepared, pseed in history:
            if prepared:
                f.write("-- prepared %d\n" % pseed)
            f.write(sql.replace("\n;", "\n ;") + ";\n")
    return path


def read_case(path):
    """[(sql, prepared, param seed)] from a case file."""
    out = []
    prep = None
    buf = []
    for line in open(path, encoding="utf-8").read().split("\n"):
        if not buf:
            m = re.match(r"^-- prepared (\d+)$", line)
            if m:
                prep = int(m.group(1))
                continue
            if line.startswith("--") or not line.strip():
                continue
        buf.append(line)
        if line.endswith(";"):
            out.append(("\n".join(buf)[:-1], prep is not None, prep or 0))
            buf, prep = [], None
    return out


def fuzz(args, corpus, server, runner):
    rng = random.Random(args.seed)
    mut = Mutator(rng, corpus)
    deadline = time.monotonic() + args.seconds
    findings = 0
    slow = 0
    rounds = 0
    prev_history = []
    while time.monotonic() < deadline:
        rounds += 1
        name, stmts = rng.choice(corpus.files)
        db = "fz_%d" % (rounds % 4)
        history = []
        try:
            runner.fresh_conn(db)
            seeds = [s for s in stmts if SEED_RE.match(s) and ok_to_send(s)]
            for s in seeds:
                history.append((s, False, 0))
                runner.run(s)
            pool = [s for s in stmts if ok_to_send(s)] or seeds
            for _ in range(args.per_round):
                if time.monotonic() >= deadline or not pool:
                    break
                base = rng.choice(pool) if rng.random() < 0.9 else rng.choice(corpus.all)
                sql = mut.mutate(base)
                if not ok_to_send(sql):
                    continue
                prepared = rng.random() < args.prepared
                pseed = rng.randrange(1 << 30)
                history.append((sql, prepared, pseed))
                runner.run(sql, prepared, random.Random(pseed))
        except Finding as f:
            findings += 1
            path = write_case(args.out, findings, f, db, history, args.seed)
            print("FINDING %d (%s, round %d, %s): %s\n  case: %s\n  %s" % (
                findings, name, rounds, f.what, history[-1][0][:300] if history else "",
                path, "\n  ".join(f.detail.splitlines()[:12])), flush=True)
            if f.what.startswith("slow"):
                slow += 1                            # not a crash: the server goes on
                continue
            server.stop()
            server.start()
        except pymysql.MySQLError as e:          # setting up the round failed
            time.sleep(0.5)
            if not server.alive() or server.sanitizer_report():
                # it died between statements: closing the last round's connection
                findings += 1
                f = Finding("server died between statements (%s)" % describe_exit(server.proc),
                            server.sanitizer_report() or server.log_tail())
                path = write_case(args.out, findings, f, db, prev_history, args.seed)
                print("FINDING %d (%s, round %d, %s): after the round's last statement\n  case: %s\n  %s"
                      % (findings, name, rounds, f.what, path, "\n  ".join(f.detail.splitlines()[:12])),
                      flush=True)
                server.stop()
                server.start()
            else:
                print("round %d (%s): setup failed: %s" % (rounds, name, e), flush=True)
        prev_history = history
    return findings - slow, slow, rounds


def replay(case, server, runner):
    """Run a case in a fresh database; the Finding (or None)."""
    try:
        runner.fresh_conn("fz_replay")
        for sql, prepared, pseed in case:
            runner.run(sql, prepared, random.Random(pseed))
        runner.run("SELECT 1")
        return None
    except Finding as f:
        server.stop()
        server.start()
        return f
    except pymysql.MySQLError:
        server.stop()
        server.start()
        return None


def reduce(case, server, runner):
    """Delta-debug the statement list, then the tokens of the last statement."""
    first = replay(case, server, runner)
    if first is None:
        print("the case does not fail")
        return case
    want = first.what.split(" (")[0]
    print("reducing: %s" % first.what)

    def fails(c):
        f = replay(c, server, runner)
        return f is not None and f.what.split(" (")[0] == want

    n = 2
    while len(case) >= 2:
        chunk = max(1, len(case) // n)
        done = False
        for k in range(0, len(case), chunk):
            cand = case[:k] + case[k + chunk:]
            if cand and fails(cand):
                case = cand
                n = max(n - 1, 2)
                done = True
                break
        if not done:
            if chunk == 1:
                break
            n = min(len(case), n * 2)
    # shrink tokens of each statement
    for idx in range(len(case)):
        sql, prep, pseed = case[idx]
        toks = tokens(sql)
        i = 0
        while i < len(toks):
            cand_t = toks[:i] + toks[i + 1:]
            cand = case[:idx] + [("".join(cand_t), prep, pseed)] + case[idx + 1:]
            if kind(toks[i]) != "ws" and fails(cand):
                toks = cand_t
                case = cand
            else:
                i += 1
    return case


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", default=os.path.join(ROOT, "build-san", "pressdb"))
    ap.add_argument("--seconds", type=float, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--port", type=int, default=0, help="TCP port for pressdb (default: free)")
    ap.add_argument("--hang", type=float, default=10, help="seconds before a statement counts as hung")
    ap.add_argument("--per-round", type=int, default=60, help="mutated statements per round")
    ap.add_argument("--prepared", type=float, default=0.15, help="share sent as prepared statements")
    ap.add_argument("--corpus", action="append", default=[], help="another statement file")
    ap.add_argument("--out", default="fuzz-findings", help="where findings are written")
    ap.add_argument("--replay", help="run a case file once")
    ap.add_argument("--reduce", help="reduce a case file (writes CASE.min.sql)")
    args = ap.parse_args()

    extra = list(args.corpus)
    shared = os.path.join(os.path.dirname(ROOT), "shared", "wordpress", "corpus.sql")
    if os.path.exists(shared):
        extra.append(shared)
    corpus = Corpus(extra)
    work = tempfile.mkdtemp(prefix="pressdb-fuzz-")
    port = args.port
    if not port:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    server = Pressdb(args.server, port, work)
    runner = Runner(server, args.hang)
    t0 = time.monotonic()
    rc = 0
    try:
        server.start()
        if args.replay or args.reduce:
            case = read_case(args.replay or args.reduce)
            if args.replay:
                f = replay(case, server, runner)
                print("no failure" if f is None else "%s\n%s" % (f.what, f.detail))
                rc = 0 if f is None else 1
            else:
                small = reduce(case, server, runner)
                out = re.sub(r"\.sql$", "", args.reduce) + ".min.sql"
                with open(out, "w", encoding="utf-8") as fh:
                    for sql, prepared, pseed in small:
                        if prepared:
                            fh.write("-- prepared %d\n" % pseed)
                        fh.write(sql + ";\n")
                print("reduced to %d statements: %s" % (len(small), out))
                for sql, prepared, _ in small:
                    print(("[prepared] " if prepared else "") + sql[:500])
        else:
            findings, slow, rounds = fuzz(args, corpus, server, runner)
            rc = 1 if findings else 0
            print("fuzz: seed %d, %d rounds, %d statements, %d findings, %d slow statements, %.0fs"
                  % (args.seed, rounds, runner.statements, findings, slow, time.monotonic() - t0))
    finally:
        server.stop()
        if rc == 0:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print("server log: %s" % server.log)
    return rc


if __name__ == "__main__":
    sys.exit(main())
