#!/usr/bin/python3
"""Clients that talk an East Asian character set (SET NAMES big5, ujis, sjis, euckr,
gb2312, gbk, cp932, eucjpms), compared byte for byte with MariaDB (issue 22).

Each charset's client sends text in its own bytes (Python's codec of it, which agrees
with MariaDB's on these characters) into a column of that charset and a utf8mb4 one,
and reads back: the values and their HEX, LENGTH, CHAR_LENGTH, the order, a column
alias and an error message in its charset, the bytes of a value read again in the
charset with an ill-formed byte after them, and the same rows from a utf8mb4 client.
Result metadata (charset number, length) is compared too.

Not compared: a backslash to or from a sjis client beside a utf8mb4 column (MariaDB
converts U+005C to sjis 0x815f; pressdb keeps 0x5c both ways, see ARCHITECTURE.md).

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass)."""
import os
import sys

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import itargets  # noqa: E402

CHARSETS = ["big5", "ujis", "sjis", "euckr", "gb2312", "gbk", "cp932", "eucjpms"]
CODEC = {"eucjpms": "euc_jp", "ujis": "euc_jp"}
TEXTS = ["中文字", "abc\\d", "ｱｲｳ", "é€", "한국어", "ΑΒΓ αβγ", "日本語テキスト", "𝄞x", "Бв ", "", "ＡＢＣａｂｃ", "一丁七"]


def connect(which):
    return pymysql.connect(user="root", charset="latin1", use_unicode=False, autocommit=True,
                           **itargets.connect_params(which))


def run(conn, cs):
    """What a client in cs sees: [(statement, rows or error, column metadata)]."""
    cur = conn.cursor()
    out = []

    def q(sql):
        try:
            cur.execute(sql)
            rows = cur.fetchall()
            fields = getattr(cur._result, "fields", None)
            meta = [(f.name, f.charsetnr, f.length) for f in fields] if fields else None
            out.append((sql, rows, meta))
        except pymysql.MySQLError as e:
            out.append((sql, ("error", e.args[0], e.args[1]), None))

    cur.execute("CREATE DATABASE IF NOT EXISTS east_asian")
    cur.execute("USE east_asian")
    cur.execute("SET NAMES " + cs)
    cur.execute("DROP TABLE IF EXISTS m")
    cur.execute("CREATE TABLE m (id INT PRIMARY KEY, a VARCHAR(20) CHARACTER SET %s, u VARCHAR(20) CHARACTER SET utf8mb4) "
                "DEFAULT CHARSET = utf8mb4" % cs)
    codec = CODEC.get(cs, cs)
    for i, t in enumerate(TEXTS):
        if cs == "sjis" and "\\" in t:
            continue
        raw = t.encode(codec, errors="replace").replace(b"\\", b"\\\\")
        q(b"INSERT INTO m VALUES (%d, '%s', '%s')" % (i, raw, raw))
    q("SELECT id, a, u, HEX(a), HEX(u), LENGTH(a), CHAR_LENGTH(a), a = u FROM m ORDER BY id")
    q("SELECT a FROM m ORDER BY a, id")
    q("SELECT CONVERT(CONCAT(CONVERT(a USING binary), X'FF') USING %s) FROM m ORDER BY id" % cs)
    q("SELECT UPPER(a), LOWER(a), CONCAT(a, u) FROM m ORDER BY id")
    q(b"SELECT id AS `%s` FROM m WHERE id = 0" % "名".encode(codec))
    q(b"SELECT * FROM `%s`" % "表".encode(codec))
    q(b"SELECT a FROM m WHERE a LIKE '%s' ORDER BY id" % "中%".encode(codec))
    cur.execute("SET NAMES utf8mb4")
    q("SELECT id, a, u, HEX(a) FROM m ORDER BY id")
    return out


def main():
    if os.environ.get("PRESSDB_SELF_TEST"):
        print("skipped: compares two servers")
        return 0
    m, p = connect("MARIADB"), connect("PRESSDB")
    failures = checked = 0
    for cs in CHARSETS:
        for (sql, a, ma), (_, b, mb) in zip(run(m, cs), run(p, cs)):
            checked += 1
            if (a, ma) != (b, mb):
                failures += 1
                print("FAIL [%s] %r" % (cs, sql))
                if ma != mb:
                    print("  metadata: MariaDB %r, pressdb %r" % (ma, mb))
                ra, rb = (list(a), list(b)) if isinstance(a, tuple) and isinstance(b, tuple) else ([a], [b])
                for k, (x, y) in enumerate(zip(ra, rb)):
                    if x != y:
                        print("  row %d: MariaDB %r\n         pressdb %r" % (k, x, y))
                if len(ra) != len(rb):
                    print("  rows: MariaDB %d, pressdb %d" % (len(ra), len(rb)))
    for c in (m, p):
        c.cursor().execute("DROP DATABASE IF EXISTS east_asian")
    print("%d statements compared, %d differ" % (checked, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
