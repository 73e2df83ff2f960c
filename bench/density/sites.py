#!/usr/bin/python3
"""sites.py - what a small WordPress site costs in memory: many databases in one server
(issue 18: density), pressdb and MariaDB side by side.

Each server starts empty; its RSS is read after a short idle (the base). Then N
databases get WordPress 6.1's twelve tables (shared/wordpress/schema.sql, as WordPress
creates them) and a small site's rows: --options autoloaded options of 200 bytes, one
user, --posts posts of about 1 KB with two meta rows each, and a comment on each post.
After another idle the RSS is read again; per site = (RSS - base) / N. For pressdb,
Memory_used (the engine's own count of what it holds) is reported too.

  sites.py [--server ./build/pressdb] [--sites 300] [--engines pressdb,mariadb]

Results: bench/results/density.{json,md} (--quick: bench/results/quick/).
"""
import argparse
import json
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(BENCH, "wordpress"))

from lib import machine  # noqa: E402
from lib.servers import MariaDBServer, PressdbServer  # noqa: E402
from gen import schema_statements  # noqa: E402


def log(msg):
    print(msg, flush=True)


def site_rows(n_options, n_posts):
    """The INSERTs of one small site (deterministic)."""
    opts = ", ".join("('option_%d', '%s', 'yes')" % (i, ("v%d-" % i) * 40)[:200] for i in range(n_options))
    posts, meta, comments = [], [], []
    for p in range(1, n_posts + 1):
        body = ("Post %d body. " % p) * 70
        posts.append("(%d, 1, '2024-01-%02d 10:00:00', '2024-01-%02d 10:00:00', '%s', 'Post %d', '', 'publish', "
                     "'open', 'open', '', 'post-%d', '', '', '2024-01-%02d 10:00:00', '2024-01-%02d 10:00:00', '', 0, "
                     "'', 0, 'post', '', 1)" % (p, p % 28 + 1, p % 28 + 1, body[:1000], p, p, p % 28 + 1, p % 28 + 1))
        meta.append("(%d, '_edit_lock', '1700000000:1'), (%d, '_thumbnail_id', '%d')" % (p, p, p + 100))
        comments.append("(%d, 'A reader', 'r@example.com', '', '127.0.0.1', '2024-02-01 09:00:00', "
                        "'2024-02-01 09:00:00', 'Nice post %d', 0, '1', '', 'comment', 0, 0)" % (p, p))
    return [
        "INSERT INTO wp_options (option_name, option_value, autoload) VALUES " + opts,
        "INSERT INTO wp_users (user_login, user_pass, user_nicename, user_email, user_url, user_registered, "
        "user_activation_key, user_status, display_name) VALUES ('admin', '$P$Bxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', "
        "'admin', 'admin@example.com', '', '2024-01-01 00:00:00', '', 0, 'admin')",
        "INSERT INTO wp_posts (ID, post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, "
        "post_status, comment_status, ping_status, post_password, post_name, to_ping, pinged, post_modified, "
        "post_modified_gmt, post_content_filtered, post_parent, guid, menu_order, post_type, post_mime_type, "
        "comment_count) VALUES " + ", ".join(posts),
        "INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES " + ", ".join(meta),
        "INSERT INTO wp_comments (comment_post_ID, comment_author, comment_author_email, comment_author_url, "
        "comment_author_IP, comment_date, comment_date_gmt, comment_content, comment_karma, comment_approved, "
        "comment_agent, comment_type, comment_parent, user_id) VALUES " + ", ".join(comments),
    ]


def fill(server, n_sites, rows):
    ddl = list(schema_statements().values())
    c = server.connect()
    try:
        with c.cursor() as cur:
            for i in range(n_sites):
                db = "site%05d" % i
                cur.execute("CREATE DATABASE %s" % db)
                cur.execute("USE %s" % db)
                for sql in ddl + rows:
                    cur.execute(sql)
                if (i + 1) % 100 == 0:
                    log("  %s: %d sites" % (server.name, i + 1))
    finally:
        c.close()


def memory_used(server):
    c = server.connect()
    try:
        with c.cursor() as cur:
            cur.execute("SHOW GLOBAL STATUS LIKE 'Memory_used'")
            r = cur.fetchone()
            return int(r[1]) if r else None
    finally:
        c.close()


def data_bytes(server, n_sites):
    c = server.connect()
    try:
        with c.cursor() as cur:
            cur.execute("SELECT SUM(DATA_LENGTH), SUM(INDEX_LENGTH) FROM information_schema.TABLES "
                        "WHERE TABLE_SCHEMA = 'site00000'")
            d, i = cur.fetchone()
            return int(d or 0), int(i or 0)
    finally:
        c.close()


def measure(engine, a, work, rows):
    if engine == "mariadb":
        s = MariaDBServer("mariadb", work)
    else:
        s = PressdbServer("pressdb", work, a.server)
    if not s.start():
        raise RuntimeError("%s: %s" % (engine, s.error))
    try:
        time.sleep(a.idle)
        base = s.rss_kib()
        base_mem = memory_used(s) if engine == "pressdb" else None
        t0 = time.monotonic()
        fill(s, a.sites, rows)
        secs = time.monotonic() - t0
        time.sleep(a.idle)
        rss = s.rss_kib()
        mem = memory_used(s) if engine == "pressdb" else None
        d, i = data_bytes(s, a.sites)
        r = dict(base_kib=base, rss_kib=rss, per_site_kib=(rss - base) / a.sites, fill_s=secs,
                 site_data_bytes=d, site_index_bytes=i)
        if mem is not None:
            r.update(memory_used_base=base_mem, memory_used=mem, memory_per_site_kib=(mem - base_mem) / 1024.0 / a.sites)
        return r
    finally:
        s.stop()


def write_markdown(res, path):
    lines = ["# Density: many small WordPress sites in one server", "",
             "%s; %s. %d databases, each WordPress 6.1's 12 tables with %d options of 200 bytes, one user, %d posts "
             "of about 1 KB with 2 meta rows and a comment each; RSS read after %g s idle before and after. "
             "Per site = (RSS after - RSS before) / sites." % (
                 machine.one_line(res["machine"]), res["machine"]["date"], res["sites"], res["options"],
                 res["posts"], res["idle"]), "",
             "| Server | RSS empty (MiB) | RSS with the sites (MiB) | per site (KiB) | engine's count per site (KiB) "
             "| one site's data + index bytes (information_schema) | fill time (s) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for e, r in res["engines"].items():
        lines.append("| %s | %.1f | %.1f | %.1f | %s | %d + %d | %.1f |" % (
            e, r["base_kib"] / 1024.0, r["rss_kib"] / 1024.0, r["per_site_kib"],
            "%.1f" % r["memory_per_site_kib"] if "memory_per_site_kib" in r else "",
            r["site_data_bytes"], r["site_index_bytes"], r["fill_s"]))
    lines += ["", "Command: `%s`" % res["command"], ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--sites", type=int, default=300)
    ap.add_argument("--options", type=int, default=150)
    ap.add_argument("--posts", type=int, default=20)
    ap.add_argument("--idle", type=float, default=5.0)
    ap.add_argument("--engines", default="pressdb,mariadb")
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    if a.quick:
        a.sites, a.idle = 30, 2.0
    rows = site_rows(a.options, a.posts)
    work = tempfile.mkdtemp(prefix="pressdb-density-")
    res = dict(machine=machine.describe(), sites=a.sites, options=a.options, posts=a.posts, idle=a.idle, engines={},
               command="/usr/bin/python3 bench/density/sites.py" + (" --quick" if a.quick else " --sites %d" % a.sites))
    for e in a.engines.split(","):
        r = res["engines"][e] = measure(e, a, work, rows)
        log("%-8s RSS %.1f -> %.1f MiB: %.1f KiB per site%s" % (
            e, r["base_kib"] / 1024.0, r["rss_kib"] / 1024.0, r["per_site_kib"],
            "; Memory_used %.1f KiB per site" % r["memory_per_site_kib"] if "memory_per_site_kib" in r else ""))
    out = os.path.join(BENCH, "results", "quick" if a.quick else "")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "density.json"), "w") as f:
        json.dump(res, f, indent=1)
    write_markdown(res, os.path.join(out, "density.md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
