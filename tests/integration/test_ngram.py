#!/usr/bin/env python3
"""The n-gram index (engine/ngram.c) differentially against MariaDB: the same table with
keys over its text columns declared COMMENT 'ngram' on both servers (MariaDB keeps them as
prefix keys), rows of text made to trip the folding (accents, case, ß, ligatures,
fullwidth letters, ignorable and combining characters, characters beyond the BMP, '%',
'_' and '\\'), and random LIKE patterns cut from those texts (changed, case-changed,
with wildcards, ORed over two columns, NOT LIKE, another collation): the ids must be
MariaDB's. Then rows rewritten in place and appended on both, and the same comparison; then
pressdb restarted (clean and kill -9), where the index is built again in the background
while the queries already run: the answers must be the ones it gave before. The index must
have been used (Ngram_lookups moved), or the test proves nothing.

Starts its own pressdb (PRESSDB_BIN); MariaDB on MARIADB_PORT (skipped without it). Seed and
count: NGRAM_SEED, NGRAM_CASES."""
import os
import random
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary, check, finish  # noqa: E402
import pymysql  # noqa: E402

if not os.environ.get("MARIADB_PORT"):
    print("skipped: needs the harness's MariaDB (MARIADB_PORT)")
    sys.exit(0)
binary()
DB = "t_ngram"
SEED = int(os.environ.get("NGRAM_SEED", "20261205"))
CASES = int(os.environ.get("NGRAM_CASES", "1200"))
ALPHA = (list("abcdefghijklmnopqrstuvwxyz" "ABCDEFGHIJKLMNOPQRSTUVWXYZ" "      ")
         + list("éÉèàÀßẞæÆœøåÅçÇñÑüÜöÖ’“”—…\u00a0\u200b\u0301ﬁｆＡ😀\t%_\\'0123456789"))
WORDS = "nightjar performance realistic straße café naïve ﬁle ÆON resume Résumé".split()


def text(rnd, n):
    out = []
    while len(out) < n:
        out.append(rnd.choice(WORDS) if rnd.random() < 0.15 else rnd.choice(ALPHA))
    return "".join(out)


def data(rnd):
    return [(i, text(rnd, rnd.randint(0, 20)) if rnd.random() > 0.05 else None,
             text(rnd, rnd.randint(0, 300)) if rnd.random() > 0.05 else None) for i in range(1, 601)]


def load(cur, rows):
    cur.execute("DROP DATABASE IF EXISTS " + DB)
    cur.execute("CREATE DATABASE " + DB)
    cur.execute("USE " + DB)
    cur.execute("CREATE TABLE t (id INT PRIMARY KEY, title VARCHAR(100), body TEXT, "
                "KEY ng_title (title(3)) COMMENT 'ngram', KEY ng_body (body(3)) COMMENT 'ngram') "
                "DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_unicode_520_ci")
    cur.executemany("INSERT INTO t VALUES (%s, %s, %s)", rows)


def pattern(rnd, rows):
    src = rnd.choice([r[2] for r in rows if r[2] and len(r[2]) > 4] or ["nightjar"])
    i = rnd.randint(0, len(src) - 3)
    s = list(src[i:i + rnd.randint(3, 10)])
    for _ in range(rnd.randint(0, 2)):
        s[rnd.randrange(len(s))] = rnd.choice(ALPHA + ["_", "%"])
    s = "".join(s)
    if rnd.random() < 0.4:
        s = s.upper() if rnd.random() < 0.5 else s.lower()
    return rnd.choice(["%" + s + "%", "%" + s + "%", s + "%", "%" + s, "%" + s[:2] + "%" + s[2:] + "%"])


def statements(rnd, rows, n):
    out = []
    for _ in range(n):
        p = pattern(rnd, rows)
        form = rnd.randrange(5)
        if form == 0:
            out.append(("SELECT id FROM t WHERE body LIKE %s ORDER BY id", (p,)))
        elif form == 1:
            out.append(("SELECT id FROM t WHERE title LIKE %s OR body LIKE %s ORDER BY id", (p, p)))
        elif form == 2:
            out.append(("SELECT id FROM t WHERE body NOT LIKE %s ORDER BY id", (p,)))
        elif form == 3:
            out.append(("SELECT id FROM t WHERE body LIKE %s COLLATE utf8mb4_bin ORDER BY id", (p,)))
        else:
            out.append(("SELECT COUNT(*), SUM(body LIKE %s) FROM t WHERE id > 100 AND body LIKE %s", (p, p[1:])))
    return out


def answers(cur, stmts):
    out = []
    for sql, args in stmts:
        cur.execute(sql, args)
        out.append(cur.fetchall())
    return out


def compare(what, got, want, stmts):
    bad = [i for i in range(len(stmts)) if got[i] != want[i]]
    for i in bad[:5]:
        print("  %s: %s %r: %d rows %r..., wanted %d rows %r..." % (
            what, stmts[i][0], stmts[i][1], len(got[i]), got[i][:4], len(want[i]), want[i][:4]))
    check(not bad, "%s: %d of %d statements differ" % (what, len(bad), len(stmts)))


def writes(cur, rnd, rows):
    """The same on both servers: rows rewritten in place (title and body), appended, deleted."""
    for k in range(60):
        i = rnd.randint(1, 600)
        cur.execute("UPDATE t SET body = %s WHERE id = %s", (text(rnd, 80), i))
        cur.execute("UPDATE t SET title = CONCAT(COALESCE(title, ''), %s) WHERE id = %s", (rnd.choice(WORDS), i))
    cur.executemany("INSERT INTO t VALUES (%s, %s, %s)", [(600 + k, text(rnd, 10), text(rnd, 200)) for k in range(1, 41)])
    cur.execute("DELETE FROM t WHERE id % 37 = 0")


def lookups(cur):
    cur.execute("SHOW GLOBAL STATUS LIKE 'Ngram_lookups'")
    return int(cur.fetchone()[1])


def main():
    rnd = random.Random(SEED)
    rows = data(rnd)
    stmts = statements(rnd, rows, CASES)
    m = pymysql.connect(host="127.0.0.1", port=int(os.environ["MARIADB_PORT"]), user="root", autocommit=True,
                        charset="utf8mb4", unix_socket=os.environ.get("MARIADB_SOCKET")).cursor()
    tmp = tempfile.mkdtemp(prefix="pressdb-ngram-")
    srv = Server(os.path.join(tmp, "data"), os.path.join(tmp, "server.log"), ["--threads=2"])
    p = srv.start(charset="utf8mb4").cursor()
    load(m, rows)
    load(p, rows)
    l0 = lookups(p)
    compare("loaded", answers(p, stmts), answers(m, stmts), stmts)
    check(lookups(p) > l0 + CASES // 2, "the n-gram index was not used (Ngram_lookups %d -> %d)" % (l0, lookups(p)))
    wseed = rnd.random()
    writes(m, random.Random(wseed), rows)
    writes(p, random.Random(wseed), rows)
    want = answers(m, stmts)
    before = answers(p, stmts)
    compare("after writes", before, want, stmts)
    for how in ("clean", "kill -9"):
        srv.stop() if how == "clean" else srv.kill()
        srv.start()
        c = srv.connect(database=DB, charset="utf8mb4").cursor()
        compare("after a %s restart" % how, answers(c, stmts), before, stmts)
    srv.stop()
    m.execute("DROP DATABASE " + DB)
    shutil.rmtree(tmp, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
