#!/usr/bin/python3
"""Prepared statements that keep their plans: the same statement executed again and
again with parameters of other types, over keys, against both servers.

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass).

pressdb keeps a prepared statement's block plan (its access paths: which key a `?`
pins) with the statement's shape, for the types its parameters had; an execution with
other types plans afresh. What a kept plan must never do is answer for a type it was
not made for: `v = ?` can use v's index for a string but not for a number (every
string that reads as 0 equals 0), `id = ?` can for an integer and for '5' but not
for 5.5. So each statement runs with one type, then another, then the first again,
in changing orders, and every reply packet (binary rows, OK packets, warning
counts) is compared byte for byte with MariaDB's; DDL between executions (an index
added, dropped) must not leave a stale plan in use. Every statement's warnings are
compared too (SHOW WARNINGS after each execution).

On pressdb alone: Plan_cache_plans_used grows while the same statement runs with
the same types (the plan is kept and used, not made each time).
"""

import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_prepared import (BASE_CAPS, CAP_DEPRECATE_EOF, Raw, compare_logs, execute, lstr,  # noqa: E402
                           servers, show)

DB = "t_prepared_plans"

INT, DOUBLE, NULL, STRING, LONGLONG = 3, 5, 6, 253, 8


def p_int(v):
    return (LONGLONG, struct.pack("<q", v), False)


def p_dbl(v):
    return (DOUBLE, struct.pack("<d", v), False)


def p_str(v):
    return (STRING, lstr(v.encode()), False)


def p_null():
    return (NULL, b"", True)


def run_exec(c, sid, params):
    types = [t for t, _, _ in params]
    nulls = bytearray((len(params) + 7) // 8)
    vals = b""
    for i, (_, v, isnull) in enumerate(params):
        if isnull:
            nulls[i // 8] |= 1 << (i % 8)
        vals += v
    return execute(sid, types, vals, nulls=bytes(nulls))


SETUP = [
    b"CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20), w VARCHAR(20), n INT, KEY (v)) "
    b"DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci",
    b"INSERT INTO t VALUES (1,'abc','p',10),(2,'ABC','q',20),(3,'0','r',30),(4,'5','s',40),"
    b"(5,'5abc','t',50),(6,' 5','u',60),(7,'05','v',70),(8,NULL,'w',80),(9,'x','x',90),"
    b"(10,'abd','y',100),(11,'5.0','z',110),(12,'-1','p',120)",
    b"CREATE TABLE u (tid INT, x VARCHAR(10), KEY (tid))",
    b"INSERT INTO u VALUES (1,'u1'),(2,'u2'),(4,'u4'),(5,'u5'),(5,'u5b'),(9,'u9'),(12,'u12')",
]

# (name, statement, [parameter lists in the order they run])
CASES = [
    ("pk", b"SELECT id, v FROM t WHERE id = ?",
     [[p_int(5)], [p_str("5")], [p_int(4)], [p_str("5.5")], [p_dbl(5.5)], [p_dbl(4.0)],
      [p_null()], [p_str(" 4")], [p_int(5)], [p_str("4.0")], [p_int(-1)], [p_int(2 ** 40)]]),
    ("key string first", b"SELECT id, v FROM t WHERE v = ? ORDER BY id",
     [[p_str("abc")], [p_int(0)], [p_str("ABC")], [p_int(5)], [p_dbl(5.0)], [p_str("5")],
      [p_null()], [p_str("abc")], [p_int(0)]]),
    ("key number first", b"SELECT id FROM t WHERE v = ? AND n > ? ORDER BY id",
     [[p_int(5), p_int(0)], [p_str("5"), p_int(0)], [p_int(0), p_int(15)],
      [p_str("abc"), p_int(15)], [p_dbl(5.0), p_int(0)], [p_int(5), p_str("45")]]),
    ("range", b"SELECT id FROM t WHERE id BETWEEN ? AND ? ORDER BY id",
     [[p_int(3), p_int(6)], [p_str("3"), p_str("6")], [p_dbl(2.5), p_dbl(6.5)],
      [p_str("3.5"), p_int(5)], [p_null(), p_int(4)], [p_int(3), p_int(6)]]),
    ("greater", b"SELECT id FROM t WHERE id > ? ORDER BY id DESC LIMIT ?",
     [[p_int(8), p_int(10)], [p_str("8"), p_int(2)], [p_dbl(10.5), p_int(10)],
      [p_int(8), p_int(1)]]),
    ("in list", b"SELECT id, v FROM t WHERE v IN (?, ?) ORDER BY id",
     [[p_str("abc"), p_str("x")], [p_int(0), p_str("x")], [p_str("5"), p_int(5)],
      [p_str("abc"), p_str("x")]]),
    ("string key prefix", b"SELECT id FROM t WHERE v LIKE ? ORDER BY id",
     [[p_str("ab%")], [p_str("5%")], [p_int(5)], [p_str("%c")], [p_str("ab%")]]),
    ("join", b"SELECT u.x FROM t JOIN u ON u.tid = t.id WHERE t.v = ? ORDER BY u.x",
     [[p_str("5abc")], [p_int(5)], [p_str("abc")], [p_int(0)], [p_str("5abc")]]),
    ("join on parameter", b"SELECT u.x FROM u JOIN t ON t.id = u.tid AND t.n > ? "
     b"WHERE u.tid = ? ORDER BY u.x",
     [[p_int(10), p_int(5)], [p_str("10"), p_str("5")], [p_dbl(45.5), p_int(5)],
      [p_int(10), p_str("5x")]]),
    ("parameter on both sides", b"SELECT id FROM t WHERE ? = id OR ? = v ORDER BY id",
     [[p_int(3), p_str("x")], [p_str("3"), p_int(0)], [p_null(), p_str("abc")]]),
    ("constant condition", b"SELECT COUNT(*) FROM t WHERE ? = 1",
     [[p_int(1)], [p_int(0)], [p_str("1")], [p_null()], [p_int(1)]]),
    ("subquery", b"SELECT id FROM t WHERE id IN (SELECT tid FROM u WHERE x = ?) ORDER BY id",
     [[p_str("u5")], [p_int(0)], [p_str("u9")]]),
    # a parameter's column type follows its bound value: NOT NULL, BIGINT(21). (Not here:
    # a NULL one, typed by its declared type in MariaDB; a warning, which a statement
    # without tables leaves for SHOW WARNINGS in MariaDB.)
    ("parameters as columns", b"SELECT ?, ? + 1 AS k1, CONCAT(?, '') AS k2",
     [[p_int(7)] * 3, [p_str("12")] * 3, [p_dbl(2.5)] * 3, [p_int(-2 ** 40)] * 3]),
]

DDL_CASE = b"SELECT id, w FROM t WHERE w = ? ORDER BY id"
UPDATE = b"UPDATE t SET n = n + 1 WHERE v = ?"
DELETE = b"DELETE FROM u WHERE tid = ?"


def session(host, port, caps):
    log = []
    c = Raw(host, port, caps)
    q = c.query

    def step(name, payload):
        c.send(payload)
        show(c, name, c.reply(), log)
        show(c, name + ": warnings", q(b"SHOW WARNINGS"), log)

    q(b"DROP DATABASE IF EXISTS " + DB.encode())
    q(b"CREATE DATABASE " + DB.encode())
    q(b"USE " + DB.encode())
    for s in SETUP:
        q(s)
    for name, sql, runs in CASES:
        sid, r = c.prepare(sql)
        show(c, "prepare " + name, r, log)
        if sid is None:
            continue
        for k, params in enumerate(runs):
            step("%s #%d" % (name, k + 1), run_exec(c, sid, params))

    # DDL between executions: the statement keeps working, with the key and without
    sid, r = c.prepare(DDL_CASE)
    show(c, "prepare ddl case", r, log)
    step("ddl case, no key", run_exec(c, sid, [p_str("p")]))
    q(b"ALTER TABLE t ADD KEY kw (w)")
    step("ddl case, key added", run_exec(c, sid, [p_str("p")]))
    step("ddl case, key added, number", run_exec(c, sid, [p_int(0)]))
    q(b"ALTER TABLE t DROP KEY kw")
    step("ddl case, key dropped", run_exec(c, sid, [p_str("p")]))

    # writes through kept plans (strict: a truncation in an UPDATE's WHERE is an error)
    up, r = c.prepare(UPDATE)
    show(c, "prepare update", r, log)
    for k, params in enumerate([[p_str("abc")], [p_int(0)], [p_str("5")], [p_int(5)], [p_str("abc")]]):
        step("update #%d" % (k + 1), run_exec(c, up, params))
    de, r = c.prepare(DELETE)
    show(c, "prepare delete", r, log)
    for k, params in enumerate([[p_int(5)], [p_str("9")], [p_str("12abc")], [p_dbl(1.0)]]):
        step("delete #%d" % (k + 1), run_exec(c, de, params))
    show(c, "table t after writes", q(b"SELECT * FROM t ORDER BY id"), log)
    show(c, "table u after writes", q(b"SELECT * FROM u ORDER BY tid, x"), log)
    c.close()
    return log


def plans_used(c):
    c.send(b"\x03SHOW GLOBAL STATUS LIKE 'Plan_cache_plans_used'")
    rows = c.reply()
    for _, p in rows:
        if b"Plan_cache_plans_used" in p:
            i = 1 + len("Plan_cache_plans_used")
            n, i = p[i], i + 1
            return int(p[i:i + n])
    return None


def kept_plan_check(host, port):
    """pressdb: the same statement with the same types uses a kept plan."""
    c = Raw(host, port, BASE_CAPS)
    c.send(b"\x03USE " + DB.encode())
    c.reply()
    sid, _ = c.prepare(b"SELECT id, v FROM t WHERE id = ? AND n >= ?")
    for k in range(3):
        c.send(run_exec(c, sid, [p_int(k + 1), p_int(0)]))
        c.reply()
    before = plans_used(c)
    for k in range(20):
        c.send(run_exec(c, sid, [p_int(k % 12 + 1), p_int(0)]))
        c.reply()
    after = plans_used(c)
    c.close()
    if before is None or after is None:
        return "Plan_cache_plans_used not found"
    if after - before < 20:
        return "20 executions used %d kept plans" % (after - before)
    return None


def main():
    srv = servers()
    bad = checks = 0
    for caps, tag in ((BASE_CAPS, "eof"), (BASE_CAPS | CAP_DEPRECATE_EOF, "deprecate_eof")):
        logs = [session(h, p, caps) for _, h, p in srv]
        c, d = compare_logs(logs[0], logs[1], tag, srv[0][0], srv[1][0])
        checks += c
        bad += d
    if not os.environ.get("PRESSDB_EXTRA_ARGS", "").count("--plan-cache=0"):
        why = kept_plan_check(srv[1][1], srv[1][2])
        checks += 1
        if why:
            bad += 1
            print("kept plans: " + why)
    for _, h, p in srv:
        c = Raw(h, p, BASE_CAPS)
        c.send(b"\x03DROP DATABASE IF EXISTS " + DB.encode())
        c.reply()
        c.close()
    print("%d checks, %d differ" % (checks, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
