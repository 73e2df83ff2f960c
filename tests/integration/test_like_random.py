#!/usr/bin/env python3
"""'%word%' LIKE over random text, against MariaDB.

engine/func.c ex_like has fast paths for '%literal%' under _ci collations (the SSE2 pair
scan, the ASCII search, the fold around non-ASCII characters, the fold of a whole text
dense with them); a wrong one loses or invents matches. Texts of 5 to 2,000 characters
mix ASCII, control characters, accents, ligatures, ß, ignorables, fullwidth letters and
4-byte characters with fragments of the needles; each needle's matching ids are compared
with MariaDB's, under utf8mb4_unicode_520_ci and utf8mb4_general_ci, for three seeds.
"""
import os, random, sys
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params  # noqa: E402

ALPHA = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ   .,<>/-_'\n\t\r"
EXTRA = ["é", "É", "ö", "ﬁ", "ß", "\u00ad", "\u2060", "“", "—", "\x01", "\x1f", "😀", "ｆ", "Ｐ"]
WORDS = ["performance", "perf", "ormance", "nightjar", "PERFORMANCE", "PerFormance", "fi", "ss", "stra"]
NEEDLES = ["performance", "PERF", "ormanc", "fi", "ss", "nightjar", "a b", "e,", "finance", "--", "zz", "stras"]


def connect(which):
    return pymysql.connect(user="root", charset="utf8mb4", autocommit=True, **connect_params(which))


def text(rnd):
    n = rnd.choice([5, 20, 40, 100, 300, 2000])
    out = []
    while len(out) < n:
        r = rnd.random()
        out.append(rnd.choice(EXTRA) if r < 0.05 else rnd.choice(WORDS) if r < 0.08 else rnd.choice(ALPHA))
    return "".join(out)


def main():
    if os.environ.get("PRESSDB_SELF_TEST"):
        print("skipped: compares two servers")
        return 0
    conns = [connect("MARIADB"), connect("PRESSDB")]
    bad = checked = 0
    for seed in (1, 2, 3):
        rnd = random.Random(seed)
        rows = [(i, text(rnd)) for i in range(400)]
        for c in conns:
            cur = c.cursor()
            cur.execute("DROP DATABASE IF EXISTS like_random")
            cur.execute("CREATE DATABASE like_random")
            cur.execute("USE like_random")
            cur.execute("CREATE TABLE t (id INT PRIMARY KEY, u TEXT COLLATE utf8mb4_unicode_520_ci, "
                        "g TEXT COLLATE utf8mb4_general_ci)")
            cur.executemany("INSERT INTO t VALUES (%s, %s, %s)", [(i, v, v) for i, v in rows])
        for nd in NEEDLES:
            for col in ("u", "g"):
                q = "SELECT id FROM t WHERE %s LIKE '%%%s%%' ORDER BY id" % (col, nd)
                got = []
                for c in conns:
                    cur = c.cursor()
                    cur.execute(q)
                    got.append([r[0] for r in cur.fetchall()])
                checked += 1
                if got[0] != got[1]:
                    bad += 1
                    print("FAIL  seed %d: %s: MariaDB %d rows, pressdb %d; differ in %s"
                          % (seed, q, len(got[0]), len(got[1]), sorted(set(got[0]) ^ set(got[1]))[:10]))
    for c in conns:
        c.cursor().execute("DROP DATABASE like_random")
    print("%d of %d LIKE results differ from MariaDB's" % (bad, checked))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
