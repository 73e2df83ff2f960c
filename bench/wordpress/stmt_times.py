#!/usr/bin/python3
"""Per-statement times of a real WordPress run, MariaDB against pressdb.

    /usr/bin/python3 tests/wordpress/run.py --server ./build/pressdb --keep
    /usr/bin/python3 bench/wordpress/stmt_times.py DIR/wp-mariadb/queries.jsonl DIR/wp-pressdb/queries.jsonl [--top 25]

tests/wordpress/db.php records, for every statement WordPress sends during the end-to-end
test, the microseconds wpdb::query() took (the round trip through mysqli plus wpdb's
handling of the result, which is the same PHP code on both sites). This groups the
statements of both logs by shape (numbers and quoted strings blanked), and prints per
shape: how often it ran on each site, the median time on each, the ratio, and the total
time it cost; then the shapes where pressdb's median is slower than MariaDB's.

The test drives both sites one after the other on a machine shared with other work, so
single times are noisy; shapes that ran many times are the ones to trust. A diagnostic,
not a benchmark: bench/wordpress/run.py and bench/http/run.py measure speed.
"""
import argparse
import collections
import json
import re
import statistics
import sys

NUM = re.compile(r"(?<![\w.])-?\d+(\.\d+)?(e[+-]?\d+)?")
STR = re.compile(r"'(?:[^'\\]|\\.|'')*'|\"(?:[^\"\\]|\\.)*\"")
INLIST = re.compile(r"\((\s*\?\s*,)+\s*\?\s*\)")


def shape(sql):
    s = STR.sub("?", sql or "")
    s = NUM.sub("?", s)
    s = INLIST.sub("(?...)", s)
    return re.sub(r"\s+", " ", s).strip()


def load(path):
    times = collections.defaultdict(list)
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                e = json.loads(line)
            except ValueError:
                continue
            if "us" in e and not e.get("err"):
                times[shape(e.get("sql"))].append(e["us"])
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mariadb_log")
    ap.add_argument("pressdb_log")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--min-runs", type=int, default=3, help="shapes run fewer times on either site are left out of the slower list")
    args = ap.parse_args()
    a, b = load(args.mariadb_log), load(args.pressdb_log)
    common = [k for k in a if k in b]
    rows = []
    for k in common:
        ma, mb = statistics.median(a[k]), statistics.median(b[k])
        rows.append((k, len(a[k]), len(b[k]), ma, mb, sum(a[k]), sum(b[k])))
    ta = sum(r[5] for r in rows)
    tb = sum(r[6] for r in rows)
    print("statements (shapes in both logs): %d shapes, %d / %d statements; total time in wpdb::query "
          "MariaDB %.1f ms, pressdb %.1f ms (%.2fx)" % (len(rows), sum(r[1] for r in rows), sum(r[2] for r in rows),
                                                       ta / 1e3, tb / 1e3, ta / tb if tb else 0))
    print("\nmost time on MariaDB (median us M / p, ratio M/p, runs M / p):")
    for k, na, nb, ma, mb, sa, sb in sorted(rows, key=lambda r: -r[5])[:args.top]:
        print("  %8.0f / %8.0f  %5.2fx  %4d / %4d  %s" % (ma, mb, ma / mb if mb else 0, na, nb, k[:160]))
    slow = [r for r in rows if r[4] > r[3] and min(r[1], r[2]) >= args.min_runs]
    print("\npressdb slower (median), ran at least %d times on each: %d shapes" % (args.min_runs, len(slow)))
    for k, na, nb, ma, mb, sa, sb in sorted(slow, key=lambda r: -(r[6] - r[5]))[:args.top]:
        print("  %8.0f / %8.0f  %5.2fx  %4d / %4d  %s" % (ma, mb, ma / mb if mb else 0, na, nb, k[:160]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
