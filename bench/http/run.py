#!/usr/bin/python3
"""WordPress HTTP load: the same WordPress site on MariaDB and on pressdb, side by side.

    /usr/bin/python3 bench/http/run.py --server ./build/pressdb [--quick]
        [--rounds 5] [--duration 8] [--concurrency 1,2,4,8] [--workloads front,read,write]
        [--posts 200] [--php-workers 4] [--db-socket] [--keep] [--out DIR] [--report JSON]

Needs (Debian): wordpress php-cli php-mysql mariadb-server mariadb-client wrk
python3-pymysql python3-matplotlib, and root (it writes /etc/wordpress/config-NAME.php,
as tests/wordpress/run.py does; the files are removed at the end).

1. Starts a private MariaDB (bench/lib/servers.py: Debian's mariadbd, durable InnoDB
   defaults, 128 MiB buffer pool) and a private pressdb (its defaults: every commit is
   fsynced), each with a database `wordpress` and a user 'wordpress'@'localhost'.
2. For each: a WordPress site from Debian's /usr/share/wordpress served by PHP's built-in
   server (`php -S`, PHP_CLI_SERVER_WORKERS workers, opcache on, tests/wordpress/router.php
   for pretty permalinks; the Site class of tests/wordpress/run.py without its query-log
   drop-in), installed and filled by bench/http/seed.php through WordPress's own APIs:
   200 posts with 8 categories, 40 tags, meta and ~600 comments, plus an application
   password for the admin.
3. Checks every endpoint once on both sites (status, no database error in the page), warms
   each site up, then measures with wrk (bench/http/wrk.lua) for each workload x
   concurrency x round, the two engines back to back in alternating order:
     front  GET /                                   (anonymous front page)
     read   GET /wp-json/wp/v2/posts?per_page=10    (anonymous REST read)
     write  POST /wp-json/wp/v2/comments            (a new comment, application password)
   Per run: requests per second (2xx answers / duration), p50/p95 latency, the database
   server's CPU seconds (utime+stime in /proc/PID/stat, before/after) per 1,000 requests,
   the PHP workers' CPU the same way, and the database server's peak RSS (VmRSS sampled
   every 0.2 s).  Medians over the rounds go into the table.
4. Afterwards: the number of comments in each database must equal the seeded ones plus the
   2xx answers of the write runs, and PHP's error log must hold no "WordPress database
   error" line.

Results: bench/results/http.{json,md,png} (--quick: bench/results/quick/); with
--db-socket (WordPress reaches the database over its Unix socket) http-socket.*.  The machine
has few CPUs: PHP, the database server and wrk share them, so this measures the whole
stack, not the database alone.
"""

import argparse
import collections
import importlib.util
import json
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, ROOT)

from bench.lib import machine  # noqa: E402
from bench.lib import servers as bservers  # noqa: E402

# tests/wordpress/run.py: its Site (config file, content dir, php -S) and helpers
_spec = importlib.util.spec_from_file_location("wp_e2e", os.path.join(ROOT, "tests", "wordpress", "run.py"))
wp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wp)

SEED = os.path.join(HERE, "seed.php")
WRK_LUA = os.path.join(HERE, "wrk.lua")
ENGINES = ("mariadb", "pressdb")
LABEL = {"mariadb": "MariaDB", "pressdb": "pressdb"}
WORKLOADS = collections.OrderedDict([
    ("front", dict(title="Front page", method="GET", path="/")),
    ("read", dict(title="REST read", method="GET", path="/wp-json/wp/v2/posts?per_page=10")),
    ("write", dict(title="REST write", method="POST", path="/wp-json/wp/v2/comments")),
])
CLK_TCK = os.sysconf("SC_CLK_TCK")
AREA_PATH = None   # the run's temporary directory, kept out of the results
T0 = time.monotonic()


def log(msg):
    print("[%6.1fs] %s" % (time.monotonic() - T0, msg), flush=True)


def rel(path):
    return os.path.relpath(os.path.abspath(path), ROOT)


# ---------------------------------------------------------------------------
# process accounting

def cpu_ticks(pid):
    """utime+stime of one process (all its threads), in clock ticks; None if gone."""
    if not pid:
        return None
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return None


def busy_ticks():
    """CPU ticks the whole machine spent busy (user, nice, system, irq, softirq)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return v[0] + v[1] + v[2] + v[5] + v[6]


def children_ticks():
    """CPU ticks of our waited-for children (wrk), from getrusage."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r.ru_utime + r.ru_stime) * CLK_TCK


def children(pid):
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                out.append(int(d))
        except (OSError, IndexError, ValueError):
            pass
    return out


def tree_ticks(pid):
    """CPU ticks of a process and its direct children (php -S and its workers)."""
    total = 0
    for p in [pid] + children(pid):
        t = cpu_ticks(p)
        total += t or 0
    return total


class RssSampler(threading.Thread):
    def __init__(self, pid, every=0.2):
        super().__init__(daemon=True)
        self.pid, self.every = pid, every
        self.peak = bservers.rss_kib(pid) or 0
        self.stop_ev = threading.Event()

    def run(self):
        while not self.stop_ev.wait(self.every):
            v = bservers.rss_kib(self.pid)
            if v and v > self.peak:
                self.peak = v

    def finish(self):
        self.stop_ev.set()
        self.join(2)
        v = bservers.rss_kib(self.pid)
        if v and v > self.peak:
            self.peak = v
        return self.peak


# ---------------------------------------------------------------------------
# sites

class BenchSite(wp.Site):
    """tests/wordpress/run.py's Site without the query-log drop-in and test mu-plugin,
    WP_DEBUG off, opcache on, N PHP workers."""

    def __init__(self, area, label, db, user, password, workers, socket=False):
        defines = {"WP_DEBUG": False, "WP_DEBUG_LOG": False, "WP_DEBUG_DISPLAY": False,
                   "WP_ENVIRONMENT_TYPE": "local"}   # local: application passwords without HTTPS
        if socket:
            defines["DB_HOST"] = "localhost:" + db.socket   # mysqli then uses the Unix socket only
        super().__init__(area, label, db, wp.DB_NAME, user, password, extra_defines=defines)
        self.conf_name = "pressdbbench-%d-%s" % (os.getpid(), label)
        self.conf_file = os.path.join(wp.WP_CONF_DIR, "config-%s.php" % self.conf_name)
        self.workers = workers

    def prepare(self):
        for sub in ("themes", "plugins", "uploads", "upgrade"):
            os.makedirs(os.path.join(self.content, sub), exist_ok=True)
        for t in os.listdir(os.path.join(wp.WP_ROOT, "wp-content", "themes")):
            src = os.path.join(wp.WP_ROOT, "wp-content", "themes", t)
            dst = os.path.join(self.content, "themes", t)
            if os.path.isdir(src) and not os.path.exists(dst):
                os.symlink(src, dst)
        open(self.debug_log, "a").close()
        os.chmod(self.dir, 0o755)
        self.write_config()
        with open(self.prepend, "w") as f:
            f.write("<?php $_SERVER['WORDPRESS_CONFIG'] = %s;\n" % wp.php_str(self.conf_name))

    def php_args(self):
        return ["-d", "auto_prepend_file=" + self.prepend, "-d", "display_errors=0",
                "-d", "log_errors=1", "-d", "error_log=" + self.debug_log,
                "-d", "memory_limit=512M", "-d", "opcache.enable_cli=1",
                "-d", "opcache.validate_timestamps=0"]

    def start(self):
        env = dict(os.environ)
        env["PHP_CLI_SERVER_WORKERS"] = str(self.workers)
        env["WORDPRESS_CONFIG"] = self.conf_name
        argv = ["php"] + self.php_args() + ["-S", "127.0.0.1:%d" % self.port, "-t", wp.WP_ROOT, wp.ROUTER]
        with open(self.server_log, "ab") as logf:
            self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=logf, stderr=subprocess.STDOUT,
                                         cwd=self.dir, env=env, preexec_fn=wp.servers._set_pdeathsig)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("php -S for %s exited: %s" % (self.label, wp.servers.tail(self.server_log)))
            try:
                with urllib.request.urlopen(self.url + "/readme.html", timeout=5) as r:
                    if r.status == 200:
                        return
            except Exception:  # noqa: BLE001
                time.sleep(0.1)
        raise RuntimeError("php -S for %s did not answer" % self.label)

    def seed(self, posts):
        argv = ["php"] + self.php_args() + [SEED, self.url, wp.ADMIN_PASSWORD, str(posts)]
        r = subprocess.run(argv, cwd=self.dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=900)
        out = r.stdout.decode("utf-8", "replace").strip().splitlines()
        if r.returncode != 0 or not out:
            raise RuntimeError("seed.php on %s failed (status %d): %s %s\n%s" % (
                self.label, r.returncode, r.stderr.decode("utf-8", "replace")[-2000:],
                "\n".join(out)[-2000:], wp.servers.tail(self.debug_log)))
        return json.loads(out[-1])

    def db_errors(self):
        try:
            with open(self.debug_log, encoding="utf-8", errors="replace") as f:
                return [ln.rstrip() for ln in f if "WordPress database error" in ln
                        or "Error establishing a database connection" in ln]
        except OSError:
            return []


def basic_auth(password):
    import base64
    return base64.b64encode(("%s:%s" % (wp.ADMIN_USER, password)).encode()).decode()


def probe(site, name, seedinfo):
    """One request of the workload with urllib: status and content check. Returns an error or None."""
    w = WORKLOADS[name]
    hdr = {"User-Agent": "pressdb-http-bench/1.0"}
    data = None
    if name == "write":
        hdr["Authorization"] = "Basic " + basic_auth(seedinfo["app_password"])
        hdr["Content-Type"] = "application/json"
        data = json.dumps({"post": seedinfo["post_ids"][0], "content": "probe comment from the bench"}).encode()
    req = urllib.request.Request(site.url + w["path"], data=data, method=w["method"], headers=hdr)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            status, body = r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        status, body = e.code, e.read().decode("utf-8", "replace")
    except Exception as e:  # noqa: BLE001
        return "no answer: %s" % e
    want = 201 if name == "write" else 200
    if status != want:
        return "status %d (expected %d): %s" % (status, want, re.sub(r"\s+", " ", body)[:400])
    for m in wp.BAD_MARKERS:
        if m in body:
            return "page shows %r" % m
    if name == "read":
        try:
            j = json.loads(body)
        except ValueError:
            return "not JSON: %s" % body[:200]
        if not isinstance(j, list) or len(j) != 10:
            return "expected a list of 10 posts, got %s" % (type(j).__name__ if not isinstance(j, list) else len(j))
    if name == "front" and "pressdb HTTP bench" not in body:
        return "front page without the site title"
    return None


# ---------------------------------------------------------------------------
# wrk

def run_wrk(site, name, conc, duration, seedinfo, timeout_s=30):
    w = WORKLOADS[name]
    threads = min(conc, 2)
    argv = ["wrk", "-t%d" % threads, "-c%d" % conc, "-d%ds" % duration, "--timeout", "%ds" % timeout_s,
            "-H", "User-Agent: pressdb-http-bench/1.0", "-s", WRK_LUA, site.url + w["path"], "--"]
    if name == "write":
        argv += ["write", basic_auth(seedinfo["app_password"]), ",".join(map(str, seedinfo["post_ids"]))]
    else:
        argv += ["get"]
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=duration + timeout_s + 60)
    out = r.stdout.decode("utf-8", "replace")
    res, bad = None, None
    for ln in out.splitlines():
        if ln.startswith("WRKJSON "):
            res = json.loads(ln[8:])
        elif ln.startswith("WRKBAD "):
            bad = ln[7:][:700]
    if res is None:
        raise RuntimeError("wrk gave no result (status %d): %s %s" % (r.returncode, out[-1000:],
                                                                     r.stderr.decode("utf-8", "replace")[-1000:]))
    if bad and AREA_PATH:
        bad = bad.replace(AREA_PATH, "<tmp>")
    res["last_bad"] = bad
    return res


def measure(eng, name, conc, duration, rnd):
    site, db, seedinfo = eng["site"], eng["db"], eng["seed"]
    dbpid = db.proc.pid
    phppid = site.proc.pid
    with open("/proc/loadavg") as f:
        load1 = float(f.read().split()[0])
    sampler = RssSampler(dbpid)
    sampler.start()
    b0, w0 = busy_ticks(), children_ticks()
    c0, p0, t0 = cpu_ticks(dbpid), tree_ticks(phppid), time.monotonic()
    res = run_wrk(site, name, conc, duration, seedinfo)
    c1, p1, t1 = cpu_ticks(dbpid), tree_ticks(phppid), time.monotonic()
    b1, w1 = busy_ticks(), children_ticks()
    peak = sampler.finish()
    secs = res["duration_us"] / 1e6
    ok = res["n_ok"]
    cell = dict(engine=eng["name"], workload=name, concurrency=conc, round=rnd,
                requests=res["requests"], ok=ok, bad=res["n_bad"],
                # php -S answers without Content-Length and closes the connection: wrk
                # counts that close as a read error after recording the answer, so read
                # errors are listed apart and are not failures
                errors={k[4:]: res[k] for k in res if k.startswith("err_") and k != "err_read" and res[k]},
                closed_reads=res["err_read"],
                seconds=round(secs, 3), rps=round(ok / secs, 2) if secs else None,
                p50_ms=res["p50_us"] / 1000.0, p95_ms=res["p95_us"] / 1000.0, p99_ms=res["p99_us"] / 1000.0,
                mean_ms=round(res["mean_us"] / 1000.0, 3), max_ms=res["max_us"] / 1000.0,
                wall_seconds=round(t1 - t0, 3), loadavg_before=load1)
    if c0 is not None and c1 is not None and ok:
        cell["db_cpu_s"] = round((c1 - c0) / CLK_TCK, 2)
        cell["db_cpu_s_per_1k"] = round((c1 - c0) / CLK_TCK / ok * 1000, 3)
        cell["php_cpu_s_per_1k"] = round((p1 - p0) / CLK_TCK / ok * 1000, 3)
        cell["wrk_cpu_s_per_1k"] = round((w1 - w0) / CLK_TCK / ok * 1000, 3)
    else:
        cell["db_cpu_s"] = None
        cell["db_cpu_s_per_1k"] = None
        cell["php_cpu_s_per_1k"] = None
        cell["wrk_cpu_s_per_1k"] = None
    cell["db_rss_kib"] = peak
    # CPU that neither the database server, PHP nor wrk used during the run: other work on
    # the machine (in cores, averaged over the run) -- how crowded the machine was
    if c0 is not None and c1 is not None:
        other = (b1 - b0) - (c1 - c0) - (p1 - p0) - (w1 - w0)
        cell["other_cpu_cores"] = round(max(other, 0) / CLK_TCK / max(t1 - t0, 0.001), 2)
    if res.get("last_bad"):
        cell["last_bad"] = res["last_bad"]
    if not db.alive():
        cell["db_died"] = True
    return cell


# ---------------------------------------------------------------------------
# summary and report

def med(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def summarise(cells):
    groups = collections.OrderedDict()
    for c in cells:
        groups.setdefault((c["workload"], c["concurrency"], c["engine"]), []).append(c)
    out = []
    for (w, conc, e), cs in groups.items():
        out.append(dict(workload=w, concurrency=conc, engine=e, rounds=len(cs),
                        rps=med([c["rps"] for c in cs]),
                        rps_min=min(c["rps"] or 0 for c in cs), rps_max=max(c["rps"] or 0 for c in cs),
                        p50_ms=med([c["p50_ms"] for c in cs]), p95_ms=med([c["p95_ms"] for c in cs]),
                        db_cpu_s_per_1k=med([c["db_cpu_s_per_1k"] for c in cs]),
                        php_cpu_s_per_1k=med([c["php_cpu_s_per_1k"] for c in cs]),
                        wrk_cpu_s_per_1k=med([c.get("wrk_cpu_s_per_1k") for c in cs]),
                        other_cpu_cores=med([c.get("other_cpu_cores") for c in cs]),
                        db_rss_kib=max(c["db_rss_kib"] or 0 for c in cs),
                        requests=sum(c["requests"] for c in cs), bad=sum(c["bad"] for c in cs),
                        errors=sum(sum(c["errors"].values()) for c in cs)))
    return out


# a table cell for an engine that has no figure (it did not run, or died)
NONE = collections.defaultdict(lambda: None)


def fmt(v, nd=1):
    if v is None:
        return "—"
    return ("%%.%df" % nd) % v


def pair(a, b, nd=1):
    return "%s / %s" % (fmt(a, nd), fmt(b, nd))


def markdown(result):
    cfg = result["config"]
    m = result["machine"]
    lines = ["# WordPress HTTP load: MariaDB and pressdb side by side", ""]
    lines.append("Run %s; %s. pressdb revision %s; %s; PHP %s, WordPress %s, wrk %s." % (
        m.get("date"), machine.one_line(m), m.get("pressdb_revision") or "?",
        result["versions"].get("mariadb", "?"), result["versions"].get("php", "?"),
        result["versions"].get("wordpress", "?"), result["versions"].get("wrk", "?")))
    lines.append("")
    lines.append("Command: `%s`" % result["command"])
    lines.append("")
    lines.append("Method (after the shared seeds 002 and 003): one WordPress site per engine (Debian's "
                 "WordPress, PHP's built-in server with %d workers and opcache, permalinks "
                 "`/%%year%%/%%monthnum%%/%%postname%%/`), each seeded with the same %d posts, %d comments, "
                 "%d terms; MariaDB with Debian's durable InnoDB defaults (128 MiB buffer pool), pressdb "
                 "with its defaults (every commit fsynced). WordPress connects %s as "
                 "'wordpress'@'localhost' with a password, one connection per request. wrk drives each "
                 "cell for %d s (after a warm-up); the two engines run back to back in alternating "
                 "order, %d round%s; the table shows medians over the rounds (peak RSS: the maximum)."
                 % (cfg["php_workers"], cfg["posts"], result["seed"].get("comments", 0),
                    result["seed"].get("terms", 0),
                    "over the Unix socket (DB_HOST 'localhost:/path/to/sock')" if cfg.get("db_socket")
                    else "over TCP to 127.0.0.1", cfg["duration"], cfg["rounds"],
                    "" if cfg["rounds"] == 1 else "s"))
    lines.append("")
    lines.append("**This machine has %s logical CPUs**: the PHP workers, the database server and wrk share "
                 "them, and the machine is shared with other work, so this measures the whole stack on a "
                 "crowded box (PHP takes most of the CPU), not the database alone. Requests per second "
                 "count 2xx answers only. (`php -S` ends every answer by closing the connection, which wrk "
                 "also counts as a socket read error; those are not errors and are left out.)" % m.get("logical_cpus"))
    lines.append("")
    lines.append("Workloads: **front** `GET /` (anonymous); **read** `GET /wp-json/wp/v2/posts?per_page=10` "
                 "(anonymous); **write** `POST /wp-json/wp/v2/comments` (a new comment on a random post, "
                 "authenticated with an application password).")
    lines.append("")
    lines.append("| workload | conc. | req/s MariaDB | req/s pressdb | pressdb / MariaDB | p50 ms (M / p) "
                 "| p95 ms (M / p) | DB CPU s per 1k req (M / p) | DB peak RSS MiB (M / p) |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    by = {(s["workload"], s["concurrency"], s["engine"]): s for s in result["summary"]}
    for w in cfg["workloads"]:
        for conc in cfg["concurrency"]:
            a, b = by.get((w, conc, "mariadb")), by.get((w, conc, "pressdb"))
            if not a and not b:
                continue
            a, b = a or NONE, b or NONE
            ratio = "%.2f×" % (b["rps"] / a["rps"]) if a["rps"] and b["rps"] is not None else "—"
            lines.append("| %s | %d | %s | %s | %s | %s | %s | %s | %s |" % (
                w, conc, fmt(a["rps"]), fmt(b["rps"]), ratio,
                pair(a["p50_ms"], b["p50_ms"]), pair(a["p95_ms"], b["p95_ms"]),
                pair(a["db_cpu_s_per_1k"], b["db_cpu_s_per_1k"], 2),
                pair(a["db_rss_kib"] / 1024.0 if a["db_rss_kib"] else None,
                     b["db_rss_kib"] / 1024.0 if b["db_rss_kib"] else None, 0)))
    lines.append("")
    cores = m.get("logical_cpus") or 1
    lines.append("Where the CPU goes, per 1,000 requests (medians over the rounds), and the throughput "
                 "those costs allow if the %d CPUs did nothing else (%d × 1000 / (DB + PHP + wrk CPU "
                 "seconds per 1k requests): a derived figure, much less sensitive to other work on the "
                 "machine than the measured req/s):" % (cores, cores))
    lines.append("")
    lines.append("| workload | conc. | DB CPU s (M / p) | PHP CPU s (M / p) | wrk CPU s (M / p) "
                 "| CPU-bound req/s (M / p) | pressdb / MariaDB |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")

    def ceiling(x):
        parts = [x.get("db_cpu_s_per_1k"), x.get("php_cpu_s_per_1k"), x.get("wrk_cpu_s_per_1k") or 0]
        if None in parts or sum(parts) <= 0:
            return None
        return cores * 1000.0 / sum(parts)
    for w in cfg["workloads"]:
        for conc in cfg["concurrency"]:
            a, b = by.get((w, conc, "mariadb")), by.get((w, conc, "pressdb"))
            if not a and not b:
                continue
            a, b = a or NONE, b or NONE
            ca, cb = ceiling(a), ceiling(b)
            lines.append("| %s | %d | %s | %s | %s | %s | %s |" % (
                w, conc, pair(a["db_cpu_s_per_1k"], b["db_cpu_s_per_1k"], 2),
                pair(a["php_cpu_s_per_1k"], b["php_cpu_s_per_1k"], 1),
                pair(a.get("wrk_cpu_s_per_1k"), b.get("wrk_cpu_s_per_1k"), 2),
                pair(ca, cb, 1), "%.2f×" % (cb / ca) if ca and cb else "—"))
    lines.append("")
    if cfg["rounds"] > 1:
        lines.append("Spread of req/s over the rounds (min–max), and how busy the machine was with other "
                     "work during the runs (CPU cores used by processes other than the database server, "
                     "PHP and wrk, median over the rounds; the machine has %s):" % m.get("logical_cpus"))
        lines.append("")
        lines.append("| workload | conc. | req/s MariaDB | req/s pressdb | other work, cores (M / p) |")
        lines.append("| --- | ---: | ---: | ---: | ---: |")
        for w in cfg["workloads"]:
            for conc in cfg["concurrency"]:
                a, b = by.get((w, conc, "mariadb")), by.get((w, conc, "pressdb"))
                if a or b:
                    a, b = a or NONE, b or NONE
                    lines.append("| %s | %d | %s–%s | %s–%s | %s |" % (
                        w, conc, fmt(a["rps_min"]), fmt(a["rps_max"]), fmt(b["rps_min"]), fmt(b["rps_max"]),
                        pair(a.get("other_cpu_cores"), b.get("other_cpu_cores"), 2)))
        lines.append("")
    lines.append("## Checks")
    lines.append("")
    for c in result["checks"]:
        lines.append("- " + c)
    lines.append("")
    lines.append("Raw runs: `%s` (every round of every cell)." % result["json_file"])
    lines.append("")
    return "\n".join(lines)


def chart(result, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("matplotlib missing (apt-get install python3-matplotlib): no chart")
        return False
    cfg = result["config"]
    by = {(s["workload"], s["concurrency"], s["engine"]): s for s in result["summary"]}
    ws = cfg["workloads"]
    fig, axes = plt.subplots(3, len(ws), figsize=(4.2 * len(ws), 10), squeeze=False)
    colors = {"mariadb": "#c0392b", "pressdb": "#2471a3"}
    for i, w in enumerate(ws):
        for e in ENGINES:
            xs = [c for c in cfg["concurrency"] if (w, c, e) in by]
            axes[0][i].plot(xs, [by[(w, c, e)]["rps"] for c in xs], "o-", color=colors[e], label=LABEL[e])
            axes[1][i].plot(xs, [by[(w, c, e)]["p95_ms"] for c in xs], "o-", color=colors[e], label=LABEL[e])
            axes[2][i].plot(xs, [by[(w, c, e)]["db_cpu_s_per_1k"] for c in xs], "o-", color=colors[e],
                            label=LABEL[e])
        axes[0][i].set_title("%s (%s)" % (WORKLOADS[w]["title"], w))
        for r, ylabel in ((0, "requests/s (median)"), (1, "p95 latency, ms (median)"),
                          (2, "DB server CPU s per 1k requests")):
            ax = axes[r][i]
            ax.set_xscale("log", base=2)
            ax.set_xticks(cfg["concurrency"])
            ax.set_xticklabels([str(c) for c in cfg["concurrency"]])
            ax.set_xlabel("concurrent requests")
            ax.set_ylabel(ylabel)
            ax.set_ylim(bottom=0)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=8)
    fig.suptitle("WordPress over HTTP (php -S, %d workers, %s CPUs): MariaDB vs pressdb"
                 % (cfg["php_workers"], result["machine"].get("logical_cpus")))
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


def write_report(result, outdir):
    os.makedirs(outdir, exist_ok=True)
    base = "http-socket" if result["config"].get("db_socket") else "http"
    jpath = os.path.join(outdir, base + ".json")
    result["json_file"] = rel(jpath)
    with open(jpath, "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    with open(os.path.join(outdir, base + ".md"), "w") as f:
        f.write(markdown(result))
    chart(result, os.path.join(outdir, base + ".png"))
    for n in (base + ".json", base + ".md", base + ".png"):
        log("wrote %s" % rel(os.path.join(outdir, n)))


# ---------------------------------------------------------------------------

def versions():
    v = {}
    try:
        v["php"] = subprocess.run(["php", "-r", "echo PHP_VERSION;"], stdout=subprocess.PIPE,
                                  timeout=10).stdout.decode().strip()
    except Exception:  # noqa: BLE001
        pass
    try:
        with open(os.path.join(wp.WP_ROOT, "wp-includes", "version.php")) as f:
            m = re.search(r"\$wp_version\s*=\s*'([^']+)'", f.read())
            v["wordpress"] = m.group(1) if m else "?"
    except OSError:
        pass
    try:
        r = subprocess.run(["wrk", "-v"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=10)
        m = re.search(r"wrk (\S+)", r.stdout.decode("utf-8", "replace"))
        v["wrk"] = m.group(1) if m else "?"
    except Exception:  # noqa: BLE001
        pass
    return v


def ensure_wrk():
    if shutil.which("wrk"):
        return True
    log("wrk not found: installing Debian's wrk with apt-get")
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "wrk"], env=env, check=False)
    return bool(shutil.which("wrk"))


def create_db(server):
    wp.db_exec(server, "CREATE DATABASE `%s`" % wp.DB_NAME)
    wp.db_exec(server, "CREATE USER '%s'@'localhost' IDENTIFIED BY '%s'" % (wp.DB_USER, wp.DB_PASSWORD))
    wp.db_exec(server, "GRANT ALL PRIVILEGES ON `%s`.* TO '%s'@'localhost'" % (wp.DB_NAME, wp.DB_USER))
    wp.db_exec(server, "SELECT 1", db=wp.DB_NAME, user=wp.DB_USER, password=wp.DB_PASSWORD)
    return wp.DB_USER, wp.DB_PASSWORD


def died(e, when, checks):
    """The database server is gone: say so precisely and stop measuring it (the report is
    still written, with the other engine's figures)."""
    db = e["db"]
    rc = db.proc.poll() if db.proc is not None else None
    how = ("killed by signal %d" % -rc) if rc is not None and rc < 0 else "exit status %s" % rc
    tail = " | ".join(bservers.tail(db.logpath, 8).splitlines())
    if AREA_PATH:   # no paths of this machine in the results
        tail = tail.replace(AREA_PATH, "<tmp>")
    e["died"] = "%s died %s (%s); last lines of its log: %s" % (LABEL[e["name"]], when, how, tail)
    checks.append("FAILED: " + e["died"])
    log(e["died"])


def count_comments(server, settle=True):
    """Rows in wp_comments; settle: once the count has stopped moving (requests that were in
    flight when wrk stopped still land for a moment afterwards)."""
    def n():
        return int(wp.db_exec(server, "SELECT COUNT(*) FROM wp_comments", db=wp.DB_NAME)[0][0])
    last = n()
    deadline = time.monotonic() + 15
    while settle and time.monotonic() < deadline:
        time.sleep(0.5)
        now = n()
        if now == last:
            break
        last = now
    return last


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--quick", action="store_true", help="concurrency 2 only, 3 s per cell, 1 round")
    ap.add_argument("--rounds", type=int, help="default 5, quick 1")
    ap.add_argument("--duration", type=int, help="seconds per run (default 8, quick 3)")
    ap.add_argument("--warmup", type=int, default=2, help="seconds of warm-up per site and workload")
    ap.add_argument("--concurrency", help="comma list (default 1,2,4,8; quick 2)")
    ap.add_argument("--workloads", default="front,read,write")
    ap.add_argument("--posts", type=int, default=200)
    ap.add_argument("--php-workers", type=int, default=4)
    ap.add_argument("--db-socket", action="store_true",
                    help="WordPress reaches the database over its Unix socket instead of TCP "
                         "(results: http-socket.*)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    ap.add_argument("--out", help="results directory (default bench/results, quick: bench/results/quick)")
    ap.add_argument("--report", metavar="JSON", help="only rewrite Markdown and chart from a results file")
    args = ap.parse_args()
    # a plain kill still removes the config files and stops the servers (finally below)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    outdir = os.path.abspath(args.out or os.path.join(BENCH, "results", "quick" if args.quick else ""))
    if args.report:
        with open(args.report) as f:
            result = json.load(f)
        write_report(result, outdir)
        return 0
    rounds = args.rounds or (1 if args.quick else 5)
    duration = args.duration or (3 if args.quick else 8)
    conc = [int(x) for x in (args.concurrency or ("2" if args.quick else "1,2,4,8")).split(",")]
    workloads = [w for w in args.workloads.split(",") if w]
    for w in workloads:
        if w not in WORKLOADS:
            ap.error("unknown workload %r (front, read, write)" % w)

    problems = wp.preflight()
    if not ensure_wrk():
        problems.append("wrk is not installed (apt-get install wrk)")
    if not os.access(args.server, os.X_OK):
        problems.append("%s is not an executable (make)" % args.server)
    if problems:
        print("cannot run the HTTP benchmark:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 2

    command = "/usr/bin/python3 bench/http/run.py --server %s" % rel(args.server)
    for flag, val in (("--quick", args.quick), ("--db-socket", args.db_socket),
                      ("--rounds", args.rounds), ("--duration", args.duration),
                      ("--concurrency", args.concurrency), ("--posts", args.posts if args.posts != 200 else None),
                      ("--php-workers", args.php_workers if args.php_workers != 4 else None),
                      ("--workloads", args.workloads if args.workloads != "front,read,write" else None)):
        if val is True:
            command += " " + flag
        elif val:
            command += " %s %s" % (flag, val)
    if not command.split("--server ")[1].startswith("."):
        command = command.replace("--server ", "--server ./", 1)

    global AREA_PATH
    area = wp.servers.TempArea(keep=args.keep)
    AREA_PATH = area.path
    engines = {}
    failed = True
    checks = []
    cells = []
    try:
        dbdir = area.subdir("db")
        maria = bservers.MariaDBServer("mariadb", dbdir)
        press = bservers.PressdbServer("pressdb", dbdir, args.server)
        for name, srv in (("mariadb", maria), ("pressdb", press)):
            log("starting %s" % name)
            if not srv.start():
                raise RuntimeError("%s did not start: %s" % (name, srv.error))
            user, pw = create_db(srv)
            site = BenchSite(area, name, srv, user, pw, args.php_workers, socket=args.db_socket)
            site.prepare()
            site.start()
            engines[name] = dict(name=name, db=srv, site=site)
        seed_counts = {}
        for name in ENGINES:
            e = engines[name]
            t = time.monotonic()
            e["seed"] = e["site"].seed(args.posts)
            seed_counts[name] = e["seed"]["counts"]
            log("%s: installed and seeded in %.1fs: %s" % (name, time.monotonic() - t, e["seed"]["counts"]))
        if seed_counts["mariadb"] != seed_counts["pressdb"]:
            checks.append("seeded content differs: MariaDB %s, pressdb %s" % (seed_counts["mariadb"],
                                                                                seed_counts["pressdb"]))
        else:
            checks.append("seeded content: the same row counts on both (%s)" % ", ".join(
                "%s %d" % kv for kv in seed_counts["mariadb"].items()))
        probes_ok = True
        for name in ENGINES:
            for w in workloads:
                err = probe(engines[name]["site"], w, engines[name]["seed"])
                if err:
                    probes_ok = False
                    checks.append("probe %s on %s FAILED: %s" % (w, LABEL[name], err))
        if probes_ok:
            checks.append("one probe request per workload answered correctly on both (status, no database "
                          "error in the page, 10 posts from the REST read)")
        log("warm-up")
        for name in ENGINES:
            for w in workloads:
                r = run_wrk(engines[name]["site"], w, 2, args.warmup, engines[name]["seed"])
                engines[name].setdefault("warm_ok", 0)
                engines[name]["warm_ok"] += r["n_ok"] if w == "write" else 0
        base_comments = {n: count_comments(engines[n]["db"]) for n in ENGINES}

        k = 0
        for rnd in range(1, rounds + 1):
            for w in workloads:
                for c in conc:
                    order = ENGINES if k % 2 == 0 else ENGINES[::-1]
                    k += 1
                    for name in order:
                        e = engines[name]
                        if e.get("died"):
                            continue
                        if not e["db"].alive():
                            died(e, "before %s c=%d (round %d)" % (w, c, rnd), checks)
                            continue
                        cell = measure(e, w, c, duration, rnd)
                        cells.append(cell)
                        log("round %d %-5s c=%d %-7s %7.1f req/s p50 %6.1f ms p95 %6.1f ms db cpu %s s/1k "
                            "rss %s MiB%s" % (rnd, w, c, name, cell["rps"] or 0, cell["p50_ms"], cell["p95_ms"],
                                              cell["db_cpu_s_per_1k"], (cell["db_rss_kib"] or 0) // 1024,
                                              "" if not cell["bad"] and not cell["errors"] else
                                              "  (%d non-2xx, errors %s; last: %s)" % (
                                                  cell["bad"], cell["errors"], (cell.get("last_bad") or "")[:200])))
                        if cell.get("db_died"):
                            died(e, "during %s c=%d (round %d)" % (w, c, rnd), checks)

        # checks after the load
        for name in ENGINES:
            e = engines[name]
            if e.get("died"):
                continue
            written = sum(x["ok"] for x in cells if x["engine"] == name and x["workload"] == "write")
            now = count_comments(e["db"])
            # requests still in flight when wrk stops reach the database uncounted: at
            # most `concurrency` per write run
            slack = sum(x["concurrency"] for x in cells if x["engine"] == name and x["workload"] == "write")
            new = now - base_comments[name]
            if written <= new <= written + slack:
                checks.append("%s: every 2xx answer of the write runs left its comment (%d answers, %d new "
                              "rows; up to %d more are requests in flight when wrk stopped)"
                              % (LABEL[name], written, new, slack))
            else:
                checks.append("%s: MISMATCH: %d comments written by 2xx answers but %d new rows in wp_comments"
                              % (LABEL[name], written, new))
            errs = e["site"].db_errors()
            if errs:
                checks.append("%s: %d database error lines in PHP's log, e.g. `%s`"
                              % (LABEL[name], len(errs), errs[0][:500].replace(AREA_PATH, "<tmp>")))
            else:
                checks.append("%s: no database error in PHP's log" % LABEL[name])
            bad = [x for x in cells if x["engine"] == name and (x["bad"] or x["errors"])]
            if bad:
                checks.append("%s: %d run(s) with non-2xx answers or socket errors, e.g. %s c=%d: %d non-2xx, "
                              "%s; last: `%s`" % (LABEL[name], len(bad), bad[0]["workload"],
                                                  bad[0]["concurrency"], bad[0]["bad"], bad[0]["errors"],
                                                  (bad[0].get("last_bad") or "")[:300]))
            else:
                checks.append("%s: every request of every run answered 2xx" % LABEL[name])

        vers = versions()
        vers["mariadb"] = "MariaDB " + (maria.version or "?")
        vers["pressdb"] = press.version
        result = dict(
            machine=machine.describe(ROOT), command=command, versions=vers,
            config=dict(rounds=rounds, duration=duration, warmup=args.warmup, concurrency=conc,
                        workloads=workloads, posts=args.posts, php_workers=args.php_workers,
                        pressdb_binary=rel(args.server), quick=args.quick, db_socket=args.db_socket,
                        wrk_threads="min(concurrency, 2)",
                        paths={w: WORKLOADS[w]["path"] for w in workloads}),
            seed=seed_counts["mariadb"], checks=checks, summary=summarise(cells), runs=cells)
        write_report(result, outdir)
        failed = False
    finally:
        for e in engines.values():
            if e.get("site"):
                e["site"].cleanup()
        for e in engines.values():
            e["db"].stop()
        area.cleanup(failed or args.keep)
    for c in checks:
        log("check: " + c)
    return 0


if __name__ == "__main__":
    sys.exit(main())
