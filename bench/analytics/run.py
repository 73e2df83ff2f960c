#!/usr/bin/python3
"""run.py - analytics: grouped aggregates and joins over millions of rows, pressdb against
MariaDB 10.11 and DuckDB (one thread), on the same generated data in one run.

Data (deterministic, `--scale 1`): a WordPress-shaped set (200,000 posts, 1,000,000
postmeta, 400,000 comments) and a 5,000,000-row sales fact table (700,000 customers,
DECIMAL amounts, dates). Every table is generated once into tab-separated files; MariaDB
and pressdb load them through multi-row INSERTs (PyMySQL), DuckDB reads them with
read_csv in process (the npm package @duckdb/node-api, installed into
bench/analytics/node_modules on first use; one thread).

Queries: GROUP BY of low and high cardinality, COUNT(DISTINCT), a TPC-H-Q1-like DECIMAL
aggregate with a date filter, posts joined with postmeta and with comments then grouped,
a semi-join through a grouped derived table, a filtered scan. Every query's complete
result is compared first: pressdb with MariaDB exactly (text of every value, in order);
DuckDB with MariaDB numerically (relative 1e-9: DuckDB's AVG of a DECIMAL is a DOUBLE).
A query whose result differs gets no ratio. Then each engine runs each query once to warm
up and `--runs` times; the figure is the median (ms, wall clock at the client).

Beside the ratios: rows per second per core of pressdb over the query's largest table,
and the machine's memory bandwidth (stream.c, STREAM's copy) measured in the same run.

  run.py --server ./build/pressdb [--scale 0.2] [--runs 5] [--only q4,q8] [--no-duckdb]

Results: bench/results/analytics.{json,md} (bench/results/analytics-<scale>.* when the
scale is not 1).
"""

import argparse
import decimal
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from lib import machine, servers  # noqa: E402

TABLES = {
    "posts": ("ID BIGINT UNSIGNED NOT NULL, post_author BIGINT UNSIGNED NOT NULL, "
              "post_date DATETIME NOT NULL, post_status VARCHAR(20) NOT NULL, "
              "post_type VARCHAR(20) NOT NULL, comment_count BIGINT NOT NULL",
              "PRIMARY KEY (ID), KEY type_status_date (post_type, post_status, post_date, ID), "
              "KEY post_author (post_author)"),
    "postmeta": ("meta_id BIGINT UNSIGNED NOT NULL, post_id BIGINT UNSIGNED NOT NULL, "
                 "meta_key VARCHAR(255), meta_value VARCHAR(200)",
                 "PRIMARY KEY (meta_id), KEY post_id (post_id), KEY meta_key (meta_key(191))"),
    "comments": ("comment_ID BIGINT UNSIGNED NOT NULL, comment_post_ID BIGINT UNSIGNED NOT NULL, "
                 "comment_author_email VARCHAR(100) NOT NULL, comment_date DATETIME NOT NULL, "
                 "comment_approved VARCHAR(20) NOT NULL",
                 "PRIMARY KEY (comment_ID), KEY comment_post_ID (comment_post_ID), "
                 "KEY comment_approved_date (comment_approved, comment_date)"),
    "sales": ("id BIGINT NOT NULL, customer_id INT NOT NULL, d DATE NOT NULL, status CHAR(1) NOT NULL, "
              "flag CHAR(1) NOT NULL, qty DECIMAL(15,2) NOT NULL, price DECIMAL(15,2) NOT NULL, "
              "discount DECIMAL(15,2) NOT NULL, tax DECIMAL(15,2) NOT NULL",
              "PRIMARY KEY (id), KEY customer_id (customer_id)"),
}
BASE = {"posts": 200000, "postmeta": 1000000, "comments": 400000, "sales": 5000000}

# name, the table whose rows it reads most (for rows per second), SQL (identical on all three)
QUERIES = [
    ("q1_group_low", "posts",
     "SELECT post_type, post_status, COUNT(*) FROM posts GROUP BY post_type, post_status "
     "ORDER BY post_type, post_status"),
    ("q2_group_high", "sales",
     "SELECT COUNT(*), SUM(n), MAX(s) FROM (SELECT customer_id, COUNT(*) AS n, SUM(qty) AS s "
     "FROM sales GROUP BY customer_id) d"),
    ("q3_count_distinct", "sales",
     "SELECT COUNT(DISTINCT customer_id), COUNT(DISTINCT d) FROM sales"),
    ("q4_tpch_q1", "sales",
     "SELECT status, flag, SUM(qty), SUM(price), SUM(price * (1 - discount)), "
     "SUM(price * (1 - discount) * (1 + tax)), AVG(qty), AVG(price), AVG(discount), COUNT(*) "
     "FROM sales WHERE d <= '2024-09-01' GROUP BY status, flag ORDER BY status, flag"),
    ("q5_posts_meta", "postmeta",
     "SELECT p.post_type, COUNT(*), COUNT(DISTINCT m.meta_key) FROM posts p "
     "JOIN postmeta m ON m.post_id = p.ID WHERE p.post_status = 'publish' "
     "GROUP BY p.post_type ORDER BY p.post_type"),
    ("q6_posts_comments", "comments",
     "SELECT p.post_author, COUNT(*) AS n FROM posts p JOIN comments c ON c.comment_post_ID = p.ID "
     "WHERE c.comment_approved = '1' GROUP BY p.post_author ORDER BY n DESC, p.post_author LIMIT 10"),
    ("q7_semi_join", "postmeta",
     "SELECT COUNT(*), SUM(post_author) FROM posts WHERE ID IN (SELECT post_id FROM "
     "(SELECT post_id, COUNT(*) AS n FROM postmeta GROUP BY post_id HAVING n >= 8) d)"),
    ("q8_scan_filter", "sales",
     "SELECT COUNT(*), SUM(qty) FROM sales WHERE qty BETWEEN 10 AND 20 AND d >= '2024-01-01'"),
]

STATUSES = ["publish"] * 8 + ["draft", "private", "trash"]
TYPES = ["post"] * 6 + ["page", "attachment", "revision", "revision", "product"]
KEYS = ["_edit_lock", "_edit_last", "_thumbnail_id", "_price", "_sku", "_stock", "_yoast_wpseo_title",
        "_yoast_wpseo_metadesc", "_wp_page_template", "custom_color", "_elementor_data", "views"]


def generate(dirpath, scale, seed, log):
    """Write one tab-separated file per table; returns {table: rows}."""
    rnd = random.Random(seed)
    n = {t: max(10, int(b * scale)) for t, b in BASE.items()}
    ncust = max(10, int(700000 * scale))
    t0 = time.time()
    with open(os.path.join(dirpath, "posts.tsv"), "w") as f:
        for i in range(1, n["posts"] + 1):
            f.write("%d\t%d\t2%03d-%02d-%02d %02d:%02d:00\t%s\t%s\t%d\n" % (
                i, rnd.randint(1, 500), 15 + rnd.randint(0, 9), rnd.randint(1, 12), rnd.randint(1, 28),
                rnd.randint(0, 23), rnd.randint(0, 59), rnd.choice(STATUSES), rnd.choice(TYPES),
                rnd.randint(0, 40)))
    with open(os.path.join(dirpath, "postmeta.tsv"), "w") as f:
        for i in range(1, n["postmeta"] + 1):
            k = rnd.choice(KEYS)
            v = str(rnd.randint(0, 99999)) if k in ("_price", "_stock", "views", "_thumbnail_id") \
                else "v%d" % rnd.randint(0, 5000)
            # posts with low ids carry more meta (skew, as real sites)
            f.write("%d\t%d\t%s\t%s\n" % (i, min(n["posts"], 1 + int(rnd.paretovariate(1.2)) * 7 % n["posts"])
                                           if rnd.random() < 0.3 else rnd.randint(1, n["posts"]), k, v))
    with open(os.path.join(dirpath, "comments.tsv"), "w") as f:
        for i in range(1, n["comments"] + 1):
            f.write("%d\t%d\tu%d@example.org\t2%03d-%02d-%02d 12:00:00\t%s\n" % (
                i, rnd.randint(1, n["posts"]), rnd.randint(1, 50000), 18 + rnd.randint(0, 6),
                rnd.randint(1, 12), rnd.randint(1, 28), rnd.choice(["1"] * 8 + ["0", "spam"])))
    with open(os.path.join(dirpath, "sales.tsv"), "w") as f:
        for i in range(1, n["sales"] + 1):
            f.write("%d\t%d\t20%02d-%02d-%02d\t%s\t%s\t%d.00\t%d.%02d\t0.%02d\t0.%02d\n" % (
                i, rnd.randint(1, ncust), 20 + rnd.randint(0, 4), rnd.randint(1, 12), rnd.randint(1, 28),
                rnd.choice("ANR"), rnd.choice("FO"), rnd.randint(1, 50), rnd.randint(900, 104999),
                rnd.randint(0, 99), rnd.randint(0, 10), rnd.randint(0, 8)))
    log("generated %s in %.1f s" % (", ".join("%s %d" % kv for kv in n.items()), time.time() - t0))
    return n


def sql_literal(v):
    return v if v.replace(".", "", 1).isdigit() else "'%s'" % v


def load_server(srv, dirpath, log):
    conn = srv.connect(timeout=30, read_timeout=3600)
    cur = conn.cursor()
    cur.execute("CREATE DATABASE an")
    cur.execute("USE an")
    t0 = time.time()
    for t, (cols, keys) in TABLES.items():
        cur.execute("CREATE TABLE %s (%s, %s) ENGINE=InnoDB" % (t, cols, keys))
        batch = []
        with open(os.path.join(dirpath, t + ".tsv")) as f:
            for line in f:
                batch.append("(" + ",".join(sql_literal(v) for v in line.rstrip("\n").split("\t")) + ")")
                if len(batch) == 5000:
                    cur.execute("INSERT INTO %s VALUES %s" % (t, ",".join(batch)))
                    batch = []
        if batch:
            cur.execute("INSERT INTO %s VALUES %s" % (t, ",".join(batch)))
    cur.execute("ANALYZE TABLE posts, postmeta, comments, sales")
    cur.fetchall()
    log("%s: loaded in %.1f s" % (srv.name, time.time() - t0))
    return conn, time.time() - t0


def run_query(conn, sql):
    cur = conn.cursor()
    t0 = time.perf_counter()
    cur.execute(sql)
    rows = cur.fetchall()
    return rows, (time.perf_counter() - t0) * 1000.0


def text(v):
    if v is None:
        return "NULL"
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return str(v)


def close_enough(ref, got):
    """DuckDB against MariaDB: same strings, numbers within a relative 1e-9."""
    if len(ref) != len(got):
        return "%d rows, MariaDB %d" % (len(got), len(ref))
    for i, (a, b) in enumerate(zip(ref, got)):
        if len(a) != len(b):
            return "row %d: %d columns" % (i, len(b))
        for x, y in zip(a, b):
            try:
                tx = text(x)
                fx, fy = float(tx), float(y)
                # MariaDB shows AVG of a DECIMAL rounded to its scale + 4: half a unit of its
                # last digit is the tolerance then
                ulp = 0.5 * 10 ** -(len(tx) - tx.index(".") - 1) if "." in tx else 0.0
                if abs(fx - fy) > max(ulp, 1e-9 * max(1.0, abs(fx))):
                    return "row %d: %s, MariaDB %s" % (i, y, text(x))
            except (TypeError, ValueError):
                if text(x) != str(y):
                    return "row %d: %r, MariaDB %r" % (i, y, text(x))
    return None


def duckdb_side(dirpath, queries, runs, log):
    mod = os.path.join(HERE, "node_modules", "@duckdb", "node-api")
    if not os.path.isdir(mod):
        log("installing @duckdb/node-api with npm into bench/analytics/node_modules")
        r = subprocess.run(["npm", "install", "--no-save", "--prefix", HERE, "@duckdb/node-api"],
                           capture_output=True, text=True)
        if r.returncode:
            return None, "npm install failed: " + r.stderr[-300:]
    ddl_type = {"BIGINT UNSIGNED": "UBIGINT", "DATETIME": "TIMESTAMP"}
    tables = {}
    for t, (cols, _) in TABLES.items():
        parts = []
        for c in cols.split(", "):
            name, rest = c.split(" ", 1)
            typ = rest.replace(" NOT NULL", "")
            typ = ddl_type.get(typ, typ)
            parts.append((name, typ))
        tables[t] = {"ddl": "CREATE TABLE %s (%s)" % (t, ", ".join("%s %s" % p for p in parts)),
                     "csv": os.path.join(dirpath, t + ".tsv"),
                     "columns": "{%s}" % ", ".join("'%s': '%s'" % p for p in parts)}
    job = {"tables": tables, "queries": [{"name": q[0], "sql": q[2]} for q in queries], "runs": runs}
    r = subprocess.run(["node", os.path.join(HERE, "duck.mjs")], input=json.dumps(job),
                       capture_output=True, text=True, cwd=HERE)
    if r.returncode:
        return None, "duck.mjs failed: " + r.stderr[-500:]
    out = json.loads(r.stdout)
    log("DuckDB: loaded in %.1f s" % (out["load_ms"] / 1000))
    return out, None


def stream_gbs(workdir):
    exe = os.path.join(workdir, "stream")
    if subprocess.run(["cc", "-O2", "-o", exe, os.path.join(HERE, "stream.c")]).returncode:
        return None
    return float(subprocess.run([exe], capture_output=True, text=True).stdout)


def markdown(res):
    lines = ["# Analytics: pressdb, MariaDB 10.11 and DuckDB (one thread)", "",
             "`%s` on %s. Scale %s: %s. Median of %d runs after a warm-up, ms at the client. "
             "Memory bandwidth (STREAM copy, same run): %s GB/s." % (
                 res["command"], res["machine"], res["scale"],
                 ", ".join("%s %s rows" % (t, format(n, ",")) for t, n in res["rows"].items()),
                 res["runs"], res["stream_gbs"]), "",
             "| query | MariaDB | pressdb | DuckDB | pressdb vs MariaDB | pressdb vs DuckDB | pressdb rows/s/core |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for q in res["queries"]:
        def cell(k):
            v = q.get(k)
            return "%.1f" % v if isinstance(v, float) else (q.get(k + "_error") or "-")
        def versus(other):
            r = q[other] / q["pressdb"]
            return "%.1f× faster" % r if r >= 1 else "%.1f× slower" % (1 / r)
        ratio = versus("mariadb") if q.get("pressdb_ok") else "failed: " + q.get("pressdb_error", "")
        vs_duck = versus("duckdb") if q.get("duckdb_ok") and q.get("pressdb_ok") else \
            "DuckDB: " + q.get("duckdb_error", "-")
        rps = "%.1f M" % (q["rows_read"] / q["pressdb"] / 1000.0) if q.get("pressdb_ok") else "-"
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (q["name"], cell("mariadb"), cell("pressdb"),
                                                           cell("duckdb"), ratio, vs_duck, rps))
    lines += ["", "Loads: " + ", ".join("%s %.1f s" % kv for kv in res["load_s"].items()), "",
              "Queries:", ""] + ["- %s: `%s`" % (q[0], q[2]) for q in QUERIES if q[0] in [x["name"] for x in res["queries"]]]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", required=True, help="the pressdb binary")
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--only", help="comma-separated query name prefixes (q4,q8)")
    ap.add_argument("--no-duckdb", action="store_true")
    ap.add_argument("--pressdb-args", default="", help="extra pressdb options, space separated")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    args = ap.parse_args()
    log = lambda m: print(m, flush=True)  # noqa: E731
    queries = [q for q in QUERIES if not args.only or any(q[0].startswith(p) for p in args.only.split(","))]
    work = tempfile.mkdtemp(prefix="pressdb-analytics-")
    srvs = []
    try:
        rows = generate(work, args.scale, args.seed, log)
        if not servers.ensure_mariadb_installed(log):
            raise SystemExit("no mariadbd")
        maria = servers.MariaDBServer("mariadb", work, extra_args=["--innodb-buffer-pool-size=4G"])
        press = servers.PressdbServer("pressdb", work, args.server, extra_args=args.pressdb_args.split())
        srvs = [maria, press]
        conns, load_s = {}, {}
        for s in srvs:
            if not s.start():
                raise SystemExit("%s did not start: %s" % (s.name, s.error))
            conns[s.name], load_s[s.name] = load_server(s, work, log)
        duck, derr = (None, "not run") if args.no_duckdb else duckdb_side(work, queries, args.runs, log)
        if duck:
            load_s["duckdb"] = duck["load_ms"] / 1000.0
        out = []
        for name, table, sql in queries:
            q = {"name": name, "rows_read": rows[table]}
            ref, _ = run_query(conns["mariadb"], sql)
            got, _ = run_query(conns["pressdb"], sql)
            q["pressdb_ok"] = [[text(v) for v in r] for r in ref] == [[text(v) for v in r] for r in got]
            if not q["pressdb_ok"]:
                q["pressdb_error"] = "result differs (%d rows, MariaDB %d)" % (len(got), len(ref))
            for s in ("mariadb", "pressdb"):
                ts = [run_query(conns[s], sql)[1] for _ in range(args.runs)]
                q[s] = statistics.median(ts)
            if duck:
                d = duck["queries"][name]
                diff = close_enough(ref, d["rows"])
                q["duckdb_ok"] = diff is None
                q["duckdb"] = statistics.median(d["times"])
                if diff:
                    q["duckdb_error"] = diff
            else:
                q["duckdb_error"] = derr
            log("%-18s MariaDB %9.1f ms  pressdb %9.1f ms%s  DuckDB %s" % (
                name, q["mariadb"], q["pressdb"], "" if q["pressdb_ok"] else " (WRONG)",
                "%.1f ms" % q["duckdb"] if "duckdb" in q else derr))
            out.append(q)
        res = {"command": "bench/analytics/run.py --scale %s --runs %d" % (args.scale, args.runs),
               "machine": machine.one_line(machine.describe()), "scale": args.scale, "rows": rows,
               "runs": args.runs, "load_s": load_s, "stream_gbs": stream_gbs(work), "queries": out}
        resdir = os.path.join(os.path.dirname(HERE), "results")
        stem = "analytics" if args.scale == 1 else "analytics-%s" % args.scale
        with open(os.path.join(resdir, stem + ".json"), "w") as f:
            json.dump(res, f, indent=1)
        with open(os.path.join(resdir, stem + ".md"), "w") as f:
            f.write(markdown(res))
        log("wrote bench/results/%s.md" % stem)
        return 0 if all(q["pressdb_ok"] for q in out) else 1
    finally:
        for s in srvs:
            s.stop()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    decimal.getcontext().prec = 60
    sys.exit(main())
