#!/usr/bin/python3
"""sites.py - what a small WordPress site costs in memory: many databases in one server
(issue 18: density), pressdb and MariaDB side by side.

Each server starts empty; its RSS is read after a short idle (the base). Then N
databases get WordPress 6.1's twelve tables (shared/wordpress/schema.sql, as WordPress
creates them) and a small site's rows: --options autoloaded options of 200 bytes, one
user, --posts posts of about 1 KB with two meta rows each, and a comment on each post.
After another idle the RSS is read again; per site = (RSS - base) / N. For pressdb,
Memory_used (the engine's own count of what it holds) is reported too. pressdb-evict is
pressdb with --evict-after-s (storage/evict.c): its RSS is read once every table holding
rows is out. Then a WordPress front page's statements run on every tenth site, first cold
(not used since the fill: evicted, where the server evicts), then hot. Last, a clean stop
and a start, timed to the first answer, and the front page of other sites after it.

  sites.py [--server ./build/pressdb] [--sites 300] [--engines pressdb,pressdb-evict,mariadb]
           [--evict-after 5]

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
    return server.status_int("Memory_used")


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


# The statements of a WordPress front page (shared/wordpress: what 6.1 sends for the
# home page of a small site), run on one site: timed on a cold site (its tables evicted,
# pressdb-evict) and on a hot one.
FIRST_PAGE = [
    "SELECT option_name, option_value FROM wp_options WHERE autoload = 'yes'",
    "SELECT option_value FROM wp_options WHERE option_name = 'WPLANG' LIMIT 1",
    "SELECT * FROM wp_users WHERE ID = '1' LIMIT 1",
    "SELECT user_id, meta_key, meta_value FROM wp_usermeta WHERE user_id IN (1) ORDER BY umeta_id ASC",
    "SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_type = 'post' AND "
    "(wp_posts.post_status = 'publish') ORDER BY wp_posts.post_date DESC LIMIT 0, 10",
    "SELECT FOUND_ROWS()",
    "SELECT wp_posts.* FROM wp_posts WHERE ID IN (20,19,18,17,16,15,14,13,12,11)",
    "SELECT post_id, meta_key, meta_value FROM wp_postmeta WHERE post_id IN (11,12,13,14,15,16,17,18,19,20) "
    "ORDER BY meta_id ASC",
    "SELECT t.*, tt.*, tr.object_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = "
    "tt.term_id INNER JOIN wp_term_relationships AS tr ON tr.term_taxonomy_id = tt.term_taxonomy_id WHERE "
    "tt.taxonomy IN ('category', 'post_tag', 'post_format') AND tr.object_id IN (11,12,13) ORDER BY t.name ASC",
    "SELECT comment_post_ID, COUNT(comment_ID) as num_comments FROM wp_comments WHERE comment_post_ID IN (11,12) "
    "AND comment_approved = '1' GROUP BY comment_post_ID",
]


def wait_evicted(server, timeout):
    """Until every table holding rows is out (information_schema reads no rows), or
    timeout: seconds waited."""
    want = int(server.scalar("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA LIKE 'site%' "
                             "AND TABLE_ROWS > 0"))
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if server.status_int("Evict_tables") >= want:
            break
        time.sleep(0.5)
    return time.monotonic() - t0


def first_page_ms(server, db):
    """The front page's statements on db over a new connection: ms to the first answer and to the last."""
    c = server.connect()
    try:
        with c.cursor() as cur:
            cur.execute("USE %s" % db)
            t0 = time.perf_counter()
            first = None
            for sql in FIRST_PAGE:
                cur.execute(sql)
                cur.fetchall()
                if first is None:
                    first = (time.perf_counter() - t0) * 1000
            return first, (time.perf_counter() - t0) * 1000
    finally:
        c.close()


def restart_timed(s, timeout=120.0):
    """A clean stop (seconds) and a start of the same datadir until SELECT 1 answers on a
    new connection (seconds from exec, tried every 5 ms)."""
    import subprocess
    import pymysql
    t0 = time.perf_counter()
    s.stop()
    down = time.perf_counter() - t0
    cmd = s._command()
    logf = open(s.logpath, "ab")
    t0 = time.perf_counter()
    s.proc = subprocess.Popen(cmd, stdout=logf, stderr=logf, stdin=subprocess.DEVNULL, cwd=s.workdir,
                              start_new_session=True)
    logf.close()
    while time.perf_counter() - t0 < timeout:
        if s.proc.poll() is not None:
            raise RuntimeError("%s exited during the restart" % s.name)
        try:
            c = pymysql.connect(host="127.0.0.1", port=s.port, user="root", password="", connect_timeout=2)
            try:
                with c.cursor() as cur:
                    cur.execute("SELECT 1")
                    cur.fetchall()
            finally:
                c.close()
            return down, time.perf_counter() - t0
        except pymysql.err.MySQLError:
            time.sleep(0.005)
    raise RuntimeError("%s did not answer within %.0f s of a restart" % (s.name, timeout))


def measure(engine, a, work, rows):
    if engine == "mariadb":
        s = MariaDBServer("mariadb", work)
    elif engine == "pressdb-evict":
        s = PressdbServer(engine, work, a.server, extra_args=["--evict-after-s=%d" % a.evict_after])
    else:
        s = PressdbServer(engine, work, a.server)
    is_p = engine.startswith("pressdb")
    if not s.start():
        raise RuntimeError("%s: %s" % (engine, s.error))
    try:
        time.sleep(a.idle)
        base = s.rss_kib()
        base_mem = memory_used(s) if is_p else None
        t0 = time.monotonic()
        fill(s, a.sites, rows)
        secs = time.monotonic() - t0
        waited = wait_evicted(s, a.evict_after + 60) if engine == "pressdb-evict" else 0
        time.sleep(a.idle)
        rss = s.rss_kib()
        mem = memory_used(s) if is_p else None
        d, i = data_bytes(s, a.sites)
        r = dict(base_kib=base, rss_kib=rss, per_site_kib=(rss - base) / a.sites, fill_s=secs,
                 site_data_bytes=d, site_index_bytes=i)
        if mem is not None:
            r.update(memory_used_base=base_mem, memory_used=mem, memory_per_site_kib=(mem - base_mem) / 1024.0 / a.sites)
        if engine == "pressdb-evict":
            r.update(evicted_tables=s.status_int("Evict_tables"), evict_wait_s=waited,
                     evict_file_bytes=s.status_int("Evict_file_bytes"))
        # the front page on sites nobody used since the fill (cold: evicted, if the server
        # evicts), then again on the same sites (hot)
        cold = [first_page_ms(s, "site%05d" % k) for k in range(0, a.sites, max(1, a.sites // 10))]
        hot = [first_page_ms(s, "site%05d" % k) for k in range(0, a.sites, max(1, a.sites // 10))]
        med = lambda v: sorted(v)[len(v) // 2]  # noqa: E731
        r.update(cold_first_ms=med([x[0] for x in cold]), cold_page_ms=med([x[1] for x in cold]),
                 cold_page_max_ms=max(x[1] for x in cold), hot_page_ms=med([x[1] for x in hot]))
        if engine == "pressdb-evict":
            r.update(loads=s.status_int("Evict_loads"), load_us=s.status_int("Evict_load_time_us"))
        # a clean stop and a start: to the first answer, then the front page of sites
        # nobody used since (pressdb: read from the snapshot on first use)
        down, up = restart_timed(s)
        after = [first_page_ms(s, "site%05d" % k) for k in range(1, a.sites, max(1, a.sites // 10))]
        r.update(shutdown_s=down, restart_s=up, restart_page_ms=med([x[1] for x in after]),
                 restart_page_max_ms=max(x[1] for x in after))
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
             "| one site's data + index bytes (information_schema) | fill time (s) | front page, cold site: first "
             "answer / all (ms) | front page, hot site (ms) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for e, r in res["engines"].items():
        lines.append("| %s | %.1f | %.1f | %.1f | %s | %d + %d | %.1f | %.2f / %.2f (max %.2f) | %.2f |" % (
            e, r["base_kib"] / 1024.0, r["rss_kib"] / 1024.0, r["per_site_kib"],
            "%.1f" % r["memory_per_site_kib"] if "memory_per_site_kib" in r else "",
            r["site_data_bytes"], r["site_index_bytes"], r["fill_s"], r["cold_first_ms"], r["cold_page_ms"],
            r["cold_page_max_ms"], r["hot_page_ms"]))
    ev = res["engines"].get("pressdb-evict")
    if ev:
        lines += ["", "pressdb-evict is pressdb with `--evict-after-s=%d`: RSS read once %d tables were out "
                  "(after %.1f s), their files %.1f KiB per site; the front pages then loaded %d tables in %.1f ms "
                  "(Evict_loads, Evict_load_time_us)." % (
                      res["evict_after"], ev["evicted_tables"], ev["evict_wait_s"],
                      ev["evict_file_bytes"] / 1024.0 / res["sites"], ev["loads"], ev["load_us"] / 1000.0)]
    lines += ["", "| Server | clean shutdown (s) | start to first answer (s) | then a front page (ms, median / max) |",
              "| --- | ---: | ---: | ---: |"]
    for e, r in res["engines"].items():
        if "restart_s" in r:
            lines.append("| %s | %.2f | %.2f | %.2f / %.2f |" % (e, r["shutdown_s"], r["restart_s"],
                                                               r["restart_page_ms"], r["restart_page_max_ms"]))
    lines += ["", "Front page: %d statements WordPress sends for a small site's home page, on a new connection, "
              "median over every tenth site; cold = the first use of the site since the fill." % len(FIRST_PAGE),
              "", "Command: `%s`" % res["command"], ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--sites", type=int, default=300)
    ap.add_argument("--options", type=int, default=150)
    ap.add_argument("--posts", type=int, default=20)
    ap.add_argument("--idle", type=float, default=5.0)
    ap.add_argument("--engines", default="pressdb,pressdb-evict,mariadb")
    ap.add_argument("--evict-after", type=int, default=5, help="pressdb-evict's --evict-after-s")
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    if a.quick:
        a.sites, a.idle = 30, 2.0
    rows = site_rows(a.options, a.posts)
    work = tempfile.mkdtemp(prefix="pressdb-density-")
    res = dict(machine=machine.describe(), sites=a.sites, options=a.options, posts=a.posts, idle=a.idle, engines={},
               evict_after=a.evict_after,
               command="/usr/bin/python3 bench/density/sites.py" + (" --quick" if a.quick else " --sites %d" % a.sites))
    for e in a.engines.split(","):
        r = res["engines"][e] = measure(e, a, work, rows)
        log("%-13s RSS %.1f -> %.1f MiB: %.1f KiB per site%s; front page cold %.2f ms, hot %.2f ms" % (
            e, r["base_kib"] / 1024.0, r["rss_kib"] / 1024.0, r["per_site_kib"],
            "; Memory_used %.1f KiB per site" % r["memory_per_site_kib"] if "memory_per_site_kib" in r else "",
            r["cold_page_ms"], r["hot_page_ms"]))
    out = os.path.join(BENCH, "results", "quick" if a.quick else "")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "density.json"), "w") as f:
        json.dump(res, f, indent=1)
    write_markdown(res, os.path.join(out, "density.md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
