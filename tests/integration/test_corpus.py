#!/usr/bin/python3
"""Every statement shape WordPress 6.1 sent to MariaDB (tests/wordpress/corpus.sql, a copy
of the captured corpus) runs on pressdb with the outcome MariaDB gives it.

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass). The shapes
have their literals replaced by `?` (and IN lists by `?, ...`); each `?` becomes the
number 1, which keeps every statement well-formed wherever WordPress put a literal. The
statements (the corpus starts with WordPress's own CREATE TABLEs) run in corpus order in
a fresh database on both servers, and for each the outcome class is
compared: the error code, or success. pressdb must never answer 1064 (a syntax error)
where MariaDB parses the statement, and must fail exactly where MariaDB fails.
"""
import os
import re
import sys

import pymysql

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DB = "t_corpus"


def statements(path):
    text = "\n".join(l for l in open(path, encoding="utf-8").read().split("\n") if not l.startswith("--"))
    out = []
    for s in re.split(r";\s*\n", text):
        s = s.strip()
        if s:
            out.append(s.rstrip(";"))
    return out


def outcome(cur, sql):
    try:
        cur.execute(sql)
        if cur.description is not None:
            cur.fetchall()
        return "ok"
    except pymysql.MySQLError as e:
        return "error %s" % e.args[0]


def run(port, stmts):
    c = pymysql.connect(host="127.0.0.1", port=port, user="root", password="", autocommit=True,
                        charset="utf8mb4")
    cur = c.cursor()
    cur.execute("DROP DATABASE IF EXISTS " + DB)
    cur.execute("CREATE DATABASE " + DB)
    cur.execute("USE " + DB)
    res = [outcome(cur, s) for s in stmts]
    cur.execute("DROP DATABASE IF EXISTS " + DB)
    c.close()
    return res


def main():
    stmts = [re.sub(r"\?(, \.\.\.)?", "1", s) for s in statements(os.path.join(ROOT, "tests", "wordpress", "corpus.sql"))]
    want = run(int(os.environ["MARIADB_PORT"]), stmts)
    got = run(int(os.environ["PRESSDB_PORT"]), stmts)
    bad = [(s, w, g) for s, w, g in zip(stmts, want, got) if w != g]
    syntax = [b for b in bad if b[2] == "error 1064"]
    for s, w, g in bad[:30]:
        print("differs: MariaDB %s, pressdb %s: %s" % (w, g, s[:300]))
    print("corpus: %d statements, %d with MariaDB's outcome, %d differ (%d syntax errors on pressdb)"
          % (len(stmts), len(stmts) - len(bad), len(bad), len(syntax)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
