#!/usr/bin/python3
"""FULLTEXT searches (MATCH ... AGAINST) over WordPress posts, on MariaDB and pressdb.

    /usr/bin/python3 bench/fulltext/run.py --server NAME=PORT|SOCKET [--server ...]
                                          [--db wp] [--rounds 15] [--out bench/results/fulltext]

Against running servers (root, empty password) holding the same WordPress database (for
example the scale-1 fixture of bench/wordpress: `gen.py` writes it, both servers load it).
Adds `FULLTEXT KEY ftx (post_title, post_content)` to wp_posts where it is missing and
reports how long that took. Then, per statement (natural language and boolean mode, the
WHERE MATCH form a search plugin sends), checks that every server returns the same rows
in the same order as the first (the relevance values are compared too: InnoDB's depend on
its row-count estimate, so they are reported, not required equal), and times it in
alternating batches (--rounds of 10 runs each): medians, and each server's time against
the first's. The first execution on each server is reported apart (pressdb builds its
postings then). Writes <out>.md and <out>.json when --out is given.
"""
import argparse
import json
import statistics
import time

import pymysql

SELECT = ("SELECT ID, post_title, MATCH (post_title, post_content) AGAINST (%s%s) AS score FROM wp_posts "
          "WHERE MATCH (post_title, post_content) AGAINST (%s%s) AND post_status = 'publish' LIMIT 20")
COUNT = "SELECT COUNT(*) FROM wp_posts WHERE MATCH (post_title, post_content) AGAINST (%s%s)"
QUERIES = [
    ("natural, one word", SELECT, "nightjar", ""),
    ("natural, two words", SELECT, "realistic performance", ""),
    ("natural, count", COUNT, "quasarless", ""),
    ("natural, common words", COUNT, "lorem ipsum dolor", ""),
    ("boolean +a -b", SELECT, "+wordpress -performance", " IN BOOLEAN MODE"),
    ("boolean phrase", SELECT, '"unit test"', " IN BOOLEAN MODE"),
    ("boolean prefix", COUNT, "night*", " IN BOOLEAN MODE"),
    ("boolean >a <b", SELECT, ">nightjar <realistic", " IN BOOLEAN MODE"),
]


def connect(spec, db):
    name, where = spec.split("=", 1)
    kw = dict(user="root", password="", database=db, charset="utf8mb4", autocommit=True)
    if where.isdigit():
        kw.update(host="127.0.0.1", port=int(where))
    else:
        kw.update(unix_socket=where)
    return name, pymysql.connect(**kw)


def sql_of(q):
    _, tmpl, words, mode = q
    lit = "'" + words.replace("'", "''") + "'"
    return tmpl % (lit, mode, lit, mode) if tmpl is SELECT else tmpl % (lit, mode)


def ensure_key(cur):
    cur.execute("SHOW INDEX FROM wp_posts WHERE Key_name = 'ftx'")
    if cur.fetchall():
        return None
    t = time.perf_counter()
    cur.execute("ALTER TABLE wp_posts ADD FULLTEXT KEY ftx (post_title, post_content)")
    return time.perf_counter() - t


def timed(cur, sql, n):
    out = []
    for _ in range(n):
        t = time.perf_counter()
        cur.execute(sql)
        cur.fetchall()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", action="append", required=True, help="NAME=PORT or NAME=SOCKET (first: the reference)")
    ap.add_argument("--db", default="wp")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--out")
    a = ap.parse_args()
    servers = [connect(s, a.db) for s in a.server]
    report = {"servers": [n for n, _ in servers], "key_seconds": {}, "queries": []}
    for n, c in servers:
        report["key_seconds"][n] = ensure_key(c.cursor())
    for q in QUERIES:
        sql = sql_of(q)
        row = {"name": q[0], "sql": sql, "first_ms": {}, "median_ms": {}, "same_rows": True, "max_score_diff": 0.0}
        results = {}
        for n, c in servers:
            cur = c.cursor()
            t = time.perf_counter()
            cur.execute(sql)
            results[n] = cur.fetchall()
            row["first_ms"][n] = (time.perf_counter() - t) * 1000
        ref = results[servers[0][0]]
        for n, _ in servers[1:]:
            got = results[n]
            if [r[:-1] for r in got] != [r[:-1] for r in ref] if q[1] is SELECT else got != ref:
                row["same_rows"] = False
            elif q[1] is SELECT:
                for x, y in zip(ref, got):
                    if x[-1]:
                        row["max_score_diff"] = max(row["max_score_diff"], abs(y[-1] - x[-1]) / abs(x[-1]))
        times = {n: [] for n, _ in servers}
        if row["same_rows"]:
            for _ in range(a.rounds):
                for n, c in servers:
                    times[n] += timed(c.cursor(), sql, 10)
            for n in times:
                row["median_ms"][n] = statistics.median(times[n])
        report["queries"].append(row)
        base = row["median_ms"].get(servers[0][0])
        cells = []
        for n, _ in servers:
            m = row["median_ms"].get(n)
            cells.append("%s %s ms (first %.2f)%s" % (n, "%.3f" % m if m is not None else "-", row["first_ms"][n],
                                                       " %.1fx" % (base / m) if m and base and n != servers[0][0] else ""))
        print("%-24s %s  rows %s, score diff %.3f" % (q[0], "  ".join(cells), "same" if row["same_rows"] else "DIFFER",
                                                      row["max_score_diff"]))
    if a.out:
        with open(a.out + ".json", "w") as f:
            json.dump(report, f, indent=1)
        with open(a.out + ".md", "w") as f:
            ref = servers[0][0]
            f.write("# FULLTEXT searches, %s database\n\n" % a.db)
            f.write("FULLTEXT key added in: %s\n\n" % ", ".join(
                "%s %s" % (n, "%.2f s" % s if s is not None else "(existed)") for n, s in report["key_seconds"].items()))
            f.write("| statement | " + " | ".join("%s median ms" % n for n in report["servers"]) +
                    " | " + " | ".join("%s first ms" % n for n in report["servers"]) + " | ratio | rows |\n")
            f.write("|---" * (2 * len(report["servers"]) + 3) + "|\n")
            for r in report["queries"]:
                med = [r["median_ms"].get(n) for n in report["servers"]]
                ratio = ", ".join("%.1fx" % (med[0] / m) for m in med[1:] if m and med[0]) or "-"
                f.write("| %s | %s | %s | %s | %s |\n" % (
                    r["name"], " | ".join("%.3f" % m if m is not None else "-" for m in med),
                    " | ".join("%.2f" % r["first_ms"][n] for n in report["servers"]), ratio,
                    "same" if r["same_rows"] else "differ"))
            f.write("\nRatio: %s's median over each other server's (above 1: faster than %s).\n" % (ref, ref))


if __name__ == "__main__":
    main()
