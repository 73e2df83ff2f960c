#!/usr/bin/python3
"""run.py - the seven WordPress benchmark statements through PHP PDO, text protocol and
server-side prepared statements, MariaDB and pressdb side by side.

Loads the scale-1 fixture (bench/wordpress/gen.py) into a private MariaDB 10.11 and a
pressdb, then runs bench/prepared/pdo.php against each with PDO::ATTR_EMULATE_PREPARES on
(PDO substitutes the values: the text protocol) and off (COM_STMT_PREPARE once,
COM_STMT_EXECUTE per run). The statements are bench/queries.sql's with their values as
parameters (integers bound as PDO::PARAM_INT). Every run's rows (and FOUND_ROWS() where
the statement asks for it) must be the same on all four; a statement whose results
differ is reported, not timed. Figures: median microseconds per execution, measured in
PHP around bind + execute + fetch (+ FOUND_ROWS()).

  /usr/bin/python3 bench/prepared/run.py --server ./build/pressdb [--runs 200] [--scale 1]

Results: bench/results/prepared.{json,md}.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(BENCH, "wordpress"))

from lib import machine  # noqa: E402
from lib.servers import MariaDBServer, PressdbServer, ensure_mariadb_installed  # noqa: E402
import gen  # noqa: E402

SEARCH = ("SELECT SQL_CALC_FOUND_ROWS ID FROM wp_posts "
          "WHERE ((post_title LIKE ?) OR (post_excerpt LIKE ?) OR (post_content LIKE ?)) "
          "AND post_password = '' "
          "AND ((post_type = 'attachment' AND post_status = 'publish') "
          "OR (post_type = 'page' AND post_status = 'publish') "
          "OR (post_type = 'post' AND post_status = 'publish')) "
          "ORDER BY post_title LIKE ? DESC, post_date DESC LIMIT ?")

STMTS = [
    dict(name="1 option lookup", found_rows=False,
         sql="SELECT option_value FROM wp_options WHERE option_name = ? LIMIT 1",
         params=[["siteurl", "s"]]),
    dict(name="2 postmeta join, LIMIT", found_rows=False,
         sql="SELECT p.ID, p.post_title, pm.meta_value FROM wp_posts p JOIN wp_postmeta pm ON pm.post_id = p.ID "
             "WHERE p.post_type = ? AND p.post_status = ? AND pm.meta_key = ? ORDER BY p.ID DESC LIMIT ?",
         params=[["post", "s"], ["publish", "s"], ["custom_color", "s"], [20, "i"]]),
    dict(name="3 taxonomy join, DISTINCT", found_rows=False,
         sql="SELECT DISTINCT t.term_id, tr.object_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt "
             "ON t.term_id = tt.term_id INNER JOIN wp_term_relationships AS tr ON tr.term_taxonomy_id = "
             "tt.term_taxonomy_id WHERE tt.taxonomy IN (?, ?, ?) AND tr.object_id IN (?) ORDER BY t.name ASC",
         params=[["category", "s"], ["post_tag", "s"], ["post_format", "s"], [41, "i"]]),
    dict(name="4 comment count", found_rows=False,
         sql="SELECT COUNT(*) AS n FROM wp_comments c LEFT JOIN wp_posts p ON c.comment_post_ID = p.ID "
             "WHERE c.comment_approved = ? AND c.comment_type NOT IN (?) AND c.comment_type != ? "
             "AND c.comment_type != ? AND c.comment_type != ? AND p.post_type NOT IN (?)",
         params=[["1", "s"], ["note", "s"], ["order_note", "s"], ["webhook_delivery", "s"],
                 ["action_log", "s"], ["product", "s"]]),
    dict(name="5 search 'performance'", found_rows=True, sql=SEARCH,
         params=[["%performance%", "s"]] * 4 + [[10, "i"]]),
    dict(name="6 SEO meta, GROUP BY", found_rows=True,
         sql="SELECT SQL_CALC_FOUND_ROWS p.ID FROM wp_posts p INNER JOIN wp_postmeta m ON p.ID = m.post_id "
             "WHERE m.meta_key = ? AND CAST(m.meta_value AS SIGNED) BETWEEN ? AND ? "
             "AND p.post_type = ? AND p.post_status = ? GROUP BY p.ID ORDER BY p.post_date DESC LIMIT ?, ?",
         params=[["_yoast_wpseo_linkdex", "s"], ["1", "s"], ["40", "s"], ["post", "s"], ["publish", "s"],
                 [0, "i"], [10, "i"]]),
    dict(name="7 month archive", found_rows=False,
         sql="SELECT DISTINCT YEAR( post_date ) AS year, MONTH( post_date ) AS month FROM wp_posts "
             "WHERE post_type = ? AND post_status != ? AND post_status != ? ORDER BY post_date DESC",
         params=[["post", "s"], ["auto-draft", "s"], ["trash", "s"]]),
]

MODES = [("text", True), ("prepared", False)]


def log(msg):
    print(msg, flush=True)


def load(srv, dump):
    conn = srv.connect()
    with conn.cursor() as c:
        c.execute("CREATE DATABASE IF NOT EXISTS wordpress DEFAULT CHARACTER SET utf8mb4 "
                  "COLLATE utf8mb4_unicode_520_ci")
    conn.close()
    with open(dump, "rb") as f:
        r = subprocess.run(["mariadb"] + srv.client_args() + ["--default-character-set=utf8mb4",
                           "--max-allowed-packet=64M", "--batch", "--database=wordpress"],
                           stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=1800)
    if r.returncode != 0:
        raise RuntimeError("load failed: %s" % r.stderr.decode(errors="replace")[-400:])


def run_pdo(srv, emulate, warmup, runs):
    doc = dict(host="127.0.0.1", port=srv.port, db="wordpress", emulate=emulate, warmup=warmup,
               runs=runs, stmts=STMTS)
    r = subprocess.run([shutil.which("php") or "php", os.path.join(HERE, "pdo.php")],
                       input=json.dumps(doc).encode(), capture_output=True, timeout=3600)
    if r.returncode != 0:
        raise RuntimeError("php failed: %s" % (r.stderr or r.stdout).decode(errors="replace")[-600:])
    return {s["name"]: s for s in json.loads(r.stdout)}


def write_markdown(result, path):
    cols = [(e, m) for e in ("mariadb", "pressdb") for m, _ in MODES]
    lines = ["# WordPress statements through PHP PDO: text protocol and prepared statements", "",
             "%s; %s. Scale-%g fixture; %d runs after %d warm-ups per statement; median microseconds "
             "per execution (bind, execute, fetch, FOUND_ROWS() where asked) measured in PHP; one "
             "engine at a time." % (machine.one_line(result["machine"]), result["machine"]["date"],
                                   result["scale"], result["runs"], result["warmup"]), "",
             "| Statement | " + " | ".join("%s, %s" % ("MariaDB" if e == "mariadb" else "pressdb", m)
                                          for e, m in cols) +
             " | pressdb prepared / text | MariaDB prepared / pressdb prepared |",
             "| --- |" + " ---: |" * (len(cols) + 2)]
    for s in STMTS:
        n = s["name"]
        row = [n]
        vals = {}
        for e, m in cols:
            d = result["results"].get(e, {}).get(m, {}).get(n, {})
            if "error" in d:
                row.append("error")
            else:
                vals[(e, m)] = d.get("median_us")
                row.append("%.0f" % d["median_us"] if d.get("median_us") is not None else "—")
        if n in result["mismatch"]:
            row += ["results differ", ""]
        else:
            pp, pt, mp = vals.get(("pressdb", "prepared")), vals.get(("pressdb", "text")), vals.get(("mariadb", "prepared"))
            row.append("%.2f" % (pp / pt) if pp and pt else "—")
            row.append("%.1fx" % (mp / pp) if pp and mp else "—")
        lines.append("| " + " | ".join(row) + " |")
    if result["mismatch"]:
        lines += ["", "Results that differ: " + "; ".join("%s: %s" % kv for kv in result["mismatch"].items())]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--out", default=os.path.join(BENCH, "results"))
    args = ap.parse_args()
    if not ensure_mariadb_installed(log=log):
        return 2
    dump, _ = gen.ensure_fixture(args.scale, log=log)
    work = tempfile.mkdtemp(prefix="pressdb-prepared-")
    result = dict(suite="prepared", machine=machine.describe(ROOT), scale=args.scale, runs=args.runs,
                  warmup=args.warmup, results={}, mismatch={})
    servers = [("mariadb", MariaDBServer("mariadb", work)),
               ("pressdb", PressdbServer("pressdb", work, os.path.abspath(args.server), jit="on"))]
    try:
        for name, srv in servers:
            if not srv.start():
                log("%s failed to start: %s" % (name, srv.error))
                return 1
            load(srv, dump)
            log("%s: loaded" % name)
            for mode, emulate in MODES:
                result["results"].setdefault(name, {})[mode] = run_pdo(srv, emulate, args.warmup, args.runs)
                log("  %s %s: %s" % (name, mode, ", ".join(
                    "%s %.0f us" % (k.split()[0], v["median_us"]) if "median_us" in v else "%s error" % k
                    for k, v in result["results"][name][mode].items())))
            srv.stop()
    finally:
        for _, srv in servers:
            srv.stop()
        shutil.rmtree(work, ignore_errors=True)
    for s in STMTS:
        seen = {}
        for e in result["results"]:
            for m in result["results"][e]:
                d = result["results"][e][m].get(s["name"], {})
                seen["%s %s" % (e, m)] = d.get("sha1") or "error: %s" % d.get("error")
        if len(set(seen.values())) != 1:
            result["mismatch"][s["name"]] = ", ".join("%s %s" % (k, v[:12]) for k, v in seen.items())
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "prepared.json"), "w") as f:
        json.dump(result, f, indent=1)
    write_markdown(result, os.path.join(args.out, "prepared.md"))
    log(open(os.path.join(args.out, "prepared.md")).read())
    return 1 if result["mismatch"] else 0


if __name__ == "__main__":
    sys.exit(main())
