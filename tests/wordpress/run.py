#!/usr/bin/python3
"""WordPress end to end: Debian's WordPress against MariaDB and against pressdb.

    /usr/bin/python3 tests/wordpress/run.py [--server build/pressdb]
        [--keep] [--no-migration] [--no-socket] [--replica] [--evict] [--self-test] [-v]

Needs (Debian): wordpress php-cli php-mysql php-xml mariadb-server
mariadb-client python3-pymysql, and root (it writes /etc/wordpress/).
About a minute.

1. Starts a private MariaDB and a private pressdb (tests/lib/servers.py), and
   on each creates the database `wordpress` and the user
   'wordpress'@'localhost' with a password (if pressdb refuses CREATE USER or
   GRANT, its site uses root with an empty password and that is a failure).
2. Prepares two WordPress sites from Debian's /usr/share/wordpress.  Debian's
   wp-config.php loads /etc/wordpress/config-$WORDPRESS_CONFIG.php; each PHP
   built-in server (`php -S`, 4 workers, router.php doing what Apache's
   rewrite rules do) gets an auto_prepend_file that sets WORDPRESS_CONFIG to
   this run's own name (pressdbtest-PID-LABEL); the config files are removed
   at the end.  Each site has its own WP_CONTENT_DIR in the temporary
   directory with Debian's twentytwentythree theme, the classic theme in
   theme/, mu-plugin.php (REST routes running the WordPress APIs plugins
   use) and db.php, a wpdb drop-in that logs every statement with its outcome
   (it changes nothing else).  WP_DEBUG is on; errors go to debug.log, never
   into pages.
3. Drives both sites in lockstep over HTTP: install, login, admin screens,
   REST writes (terms, posts, pages, scheduled and big posts, revisions,
   trash, users, media), comments and moderation, settings and permalink
   forms, search, archives, feeds, sitemaps, REST reads with paging, the
   mu-plugin cases (meta/tax/date queries, user/comment/term queries,
   dbDelta, wpdb helpers, non-strict writes, charsets, transients), a schema
   upgrade (upgrade.php), XML-RPC, application passwords, quick draft,
   heartbeat, bulk trash, a theme switch, wp-cron.php, concurrent requests,
   and a restart of the database servers (pressdb is killed with SIGKILL and
   must keep every commit).  Every response is checked for its status, its
   expected content and the absence of database errors, and the pages are
   compared between the sites after normalising hosts, nonces, times, hashes.
4. Lines up each request's statements on both sites (from db.php's logs) and
   reports every statement whose error or result differs on pressdb, with
   both outcomes; and PHP/database errors in pressdb's site's logs only.
5. Migration round trip: mariadb-dump (default options) of MariaDB's site
   loaded into a fresh pressdb database with the mariadb client (same table
   contents, the same dump text back, and a third PHP server renders the same
   pages from it), then mariadb-dump of pressdb's site loaded into MariaDB
   (same table contents: per-table hashes of SELECT * ORDER BY primary key).
6. Unix socket pass (--no-socket skips it): a second, light site on the same
   pressdb with DB_HOST = 'localhost:/path/to/sock', so PHP reaches it over the
   Unix socket only: install, front page, login, a REST write, the new post
   on the page and in the database, and no database error in PHP's log that
   the TCP site's log does not have.  A few seconds.

7. --replica: pressdb runs with --log-bin, and a MariaDB 10.11 replica
   (MASTER_USE_GTID=slave_pos) follows it from the start through every step
   (pointed at pressdb's new port after the restart, resuming by GTID); at the
   end its mariadb-dump of each database is pressdb's (AUTO_INCREMENT counters
   aside: row events do not carry them, as between MariaDB servers). And the
   other way round: the run's MariaDB has --log-bin (its default MIXED format:
   WordPress's statements arrive as statement and row events) and a pressdb
   replica follows it; at the end its dumps are MariaDB's.
8. --evict: pressdb runs with --evict-after-s=3600 and gets FLUSH TABLES before each
   step of the scenario, so that every table nothing holds leaves memory between
   requests and each request's statements load back what they use
   (storage/evict.c); at the end Evict_evictions and Evict_loads must have counted
   them.

Exit status 0 when everything passes; otherwise a list of failures by kind.
Row-order-only differences (ORDER BY ties, no ORDER BY) are printed as notes.
Failures listed in tests/wordpress/known_gaps.txt (format in its header) are
printed as "known gap" and do not fail the run; an entry that matched no
failure is printed as "known gap now passes, remove it" (not a failure).
Failures of pressdb itself (crashes, hangs) and of the harness always fail.
--self-test runs the second site on another MariaDB instead of pressdb
(everything must pass: checks the normalisation; known gaps are not
applied).  --keep keeps the temporary directory (server logs, query logs,
recorded pages).  -v also shows the differences behind known gaps.
"""

import argparse
import base64
import collections
import concurrent.futures
import difflib
import hashlib
import html.parser
import http.cookiejar
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
import xmlrpc.client

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))

import pymysql  # noqa: E402

import servers  # noqa: E402

WP_ROOT = "/usr/share/wordpress"
WP_CONF_DIR = "/etc/wordpress"
THEME_DIR = os.path.join(HERE, "theme")
DROPIN = os.path.join(HERE, "db.php")
ROUTER = os.path.join(HERE, "router.php")
MU_PLUGIN = os.path.join(HERE, "mu-plugin.php")
DB_NAME = "wordpress"
DB_USER = "wordpress"
DB_PASSWORD = "wp-Test-pw-9d2f"
ADMIN_USER = "admin"
ADMIN_PASSWORD = "Pressdb-Admin-Pw-4711!"
ADMIN_EMAIL = "admin@example.com"
HTTP_TIMEOUT = 60
MAX_NO_RESPONSE = 3      # then the site's scenario stops (a hung server must not take hours)

# Things that must never appear in a page.
BAD_MARKERS = [
    "WordPress database error",
    "Error establishing a database connection",
    "There has been a critical error",
    "Fatal error",
    "Database Error",
    "<b>Warning</b>:",
    "<b>Notice</b>:",
]


# ---------------------------------------------------------------------------
# failures

class Failures:
    def __init__(self):
        self.items = []   # (section, site, step, message, key)

    def add(self, section, site, step, message, key=None):
        """key: what known_gaps.txt matches (default "step: message")."""
        if key is None:
            key = "%s: %s" % (step, message) if step else message
        self.items.append((section, site, step, message, key))

    def __bool__(self):
        return bool(self.items)

    @staticmethod
    def report(items):
        by = collections.OrderedDict()
        for sec, site, step, msg, _ in items:
            by.setdefault(sec, []).append((site, step, msg))
        out = []
        first = ("server", "harness", "setup")
        for sec, items in sorted(by.items(), key=lambda kv: first.index(kv[0]) if kv[0] in first else 9):
            out.append("== %s (%d)" % (sec, len(items)))
            for site, step, msg in items:
                head = "FAIL [%s] %s" % (site, step) if step else "FAIL [%s]" % site
                out.append(head + ": " + msg.rstrip().replace("\n", "\n      "))
        return "\n".join(out)


FAIL = Failures()


def log(msg):
    print("[%6.1fs] %s" % (time.monotonic() - T0, msg), flush=True)


T0 = time.monotonic()


# ---------------------------------------------------------------------------
# known gaps: tests/wordpress/known_gaps.txt

GAPS_FILE = os.path.join(HERE, "known_gaps.txt")
# the report sections an entry may name (server and harness problems, that is
# crashes, hangs and aborted scenarios, always fail)
GAP_SECTIONS = ("migrated page differs", "page differs", "SQL statement", "PHP log", "HTTP",
                "migration", "setup")


def gap_norm(text):
    return re.sub(r"\s+", " ", text or "").strip().lower()


class Gap:
    def __init__(self, lineno, section, key, reason, text):
        self.lineno = lineno
        self.section = section
        self.key = key            # gap_norm()ed prefix
        self.text = text          # as written
        self.reason = reason or "(no reason given)"
        self.hits = 0

    def describe(self):
        return "known_gaps.txt:%d %s: %s" % (self.lineno, self.section, self.text)


class KnownGaps:
    """Format (also in the file's header and tests/README.md):

        # comment
        SECTION: KEY ## REASON

    SECTION is a report section (the "== ..." headings); KEY is the start of
    the failure's key, case and spacing ignored.  A failure's key is
    "KIND: STATEMENT" for SQL statement failures (KIND as in "different
    result", "error on pressdb only"), and "STEP: MESSAGE" (what follows
    "FAIL [site] ") for the others."""

    def __init__(self, path):
        self.path = path
        self.gaps = []
        self.problems = []
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except FileNotFoundError:
            lines = []
        for n, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            body, sep, reason = line.partition("##")
            for sec in GAP_SECTIONS:
                if body.lower().startswith(sec.lower() + ":"):
                    key = gap_norm(body[len(sec) + 1:])
                    if key and sep and reason.strip():
                        self.gaps.append(Gap(n, sec, key, reason.strip(), body[len(sec) + 1:].strip()))
                        break
            else:
                self.problems.append("%s:%d: cannot parse (SECTION: KEY ## REASON, SECTION one of %s): %s"
                                     % (os.path.relpath(path, ROOT), n, ", ".join(GAP_SECTIONS), raw))

    def match(self, item):
        section, _site, _step, _msg, key = item
        if section not in GAP_SECTIONS:
            return None
        k = gap_norm(key)
        kn = gap_norm(norm(key))
        for g in self.gaps:
            if g.section == section and (k.startswith(g.key) or kn.startswith(g.key)):
                return g
        return None


def split_known(items, gaps):
    """(unexpected failures, [(failure, gap)]): the failures a known_gaps.txt
    entry covers are known gaps."""
    unexpected, known = [], []
    for it in items:
        g = gaps.match(it)
        if g:
            g.hits += 1
            known.append((it, g))
        else:
            unexpected.append(it)
    return unexpected, known


def report_known(known, gaps, checked, stopped, verbose=False):
    for (sec, site, _step, msg, key), g in known:
        print("known gap %s [%s]: %s  [known_gaps.txt:%d: %s]"
              % (sec, site, short(key.strip().split("\n")[0], 200), g.lineno, g.reason))
        if verbose:
            print("      " + msg.rstrip().replace("\n", "\n      "))
    for g in gaps.gaps:
        if g.hits:
            continue
        if stopped or g.section not in checked:
            print("known gap not checked (the run stopped early or skipped it): %s" % g.describe())
        else:
            print("known gap now passes, remove it: %s" % g.describe())


# ---------------------------------------------------------------------------
# normalisation for comparing two sites' output

def _today_patterns():
    pats = []
    now = time.time()
    for delta in (-86400, 0, 86400):
        t = time.gmtime(now + delta)
        for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%B %-d, %Y", "%b %-d, %Y",
                    "%a, %d %b %Y", "%d %b %Y", "%Y%m%d", "%-d %B %Y"):
            pats.append(time.strftime(fmt, t))
    pats.sort(key=len, reverse=True)
    return [re.escape(p) for p in pats]


_TODAY_RE = None

NORMALISERS = [
    # hosts and ports, in every escaping
    (re.compile(r"(https?:(?:\\?/){2})?(?:127\.0\.0\.1|localhost)(?::|%3A|%3a)\d{2,5}"), "SITE"),
    (re.compile(r"https?%3A%2F%2FSITE", re.I), "SITE"),
    # temporary paths and per-run names
    (re.compile(r"/tmp/pressdb-test-[A-Za-z0-9_]+(/wp-[a-z0-9]+)?"), "TMP"),
    (re.compile(r"pressdbtest-\d+-[a-z]+"), "CONFNAME"),
    # hashes, nonces, tokens, salts
    (re.compile(r"\$P\$[./0-9A-Za-z]{31}"), "PWHASH"),
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "UUID"),
    (re.compile(r"\$generic\$[./0-9A-Za-z]+"), "PWHASH"),
    (re.compile(r"(?<![0-9A-Za-z])[0-9a-f]{64}(?![0-9A-Za-z])"), "HASH64"),
    (re.compile(r"(?<![0-9A-Za-z])[0-9a-f]{32}(?![0-9A-Za-z])"), "HASH32"),
    (re.compile(r"(?<![0-9A-Za-z])\d{10}\.\d+(?![0-9A-Za-z])"), "MICROTIME"),
    (re.compile(r"(?<![0-9A-Za-z])[0-9a-f]{10}(?![0-9A-Za-z])"), "NONCE"),
    (re.compile(r"(?<![0-9A-Za-z])1[7-9]\d{8}(?![0-9A-Za-z])"), "TS"),
    (re.compile(r"(?<=key=)[A-Za-z0-9]{20}"), "KEY"),
    # times of day and relative times
    (re.compile(r"\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:?\d\d|Z)?"), "DATETIME"),
    (re.compile(r"\b\d{1,2}:\d\d(?::\d\d)?(?:\s*(?:am|pm|AM|PM))?(?:\s*[+-]\d{4}| GMT| UTC)?"), "TIME"),
    (re.compile(r"\b\d+\s+(?:sec|second|min|minute|hour|day)s?(?= ago|\b)"), "N-UNITS"),
    # gravatar picks a random host for an empty e-mail hash
    (re.compile(r"\b\d\.gravatar\.com"), "N.gravatar.com"),
    # random passwords offered by forms
    (re.compile(r'data-pw="[^"]*"'), 'data-pw="PW"'),
    # the seconds, minutes and hours of "now" in quick-edit data
    (re.compile(r'<div class="(hh|mn|ss)">\d+</div>'), r'<div class="\1">N</div>'),
    (re.compile(r'name="(hh|mn|ss|hidden_hh|hidden_mn|hidden_ss|cur_hh|cur_mn)" value="\d+"'), r'name="\1" value="N"'),
    # serialised PHP string lengths change with the values above
    (re.compile(r"s:\d+:\\?\""), "s:N:\""),
    # a request's own cache-busters
    (re.compile(r"\bver=[0-9a-zA-Z.\-]+"), "ver=V"),
]


def norm(text):
    global _TODAY_RE
    if _TODAY_RE is None:
        _TODAY_RE = re.compile("|".join(_today_patterns()))
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    # antispambot() encodes e-mail addresses at random
    text = re.sub(r"&#0*(\d{2,3});", lambda m: chr(int(m.group(1))) if 32 < int(m.group(1)) < 127
                  and m.group(1) not in ("38", "60", "62", "34", "39") else m.group(0), text)
    for rx, rep in NORMALISERS:
        text = rx.sub(rep, text)
    text = _TODAY_RE.sub("TODAY", text)
    return text


def pretty_json(body):
    try:
        return json.dumps(json.loads(body), indent=1, sort_keys=True, ensure_ascii=False)
    except Exception:  # noqa: BLE001
        return body


def split_lines(text):
    # one tag per line so that diffs stay readable
    text = re.sub(r">\s*<", ">\n<", text)
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


# ---------------------------------------------------------------------------
# HTML forms

class FormParser(html.parser.HTMLParser):
    """Collects the fields of every <form> as a browser would submit them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms = []
        self.cur = None
        self.select = None
        self.textarea = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.cur = {"action": a.get("action", ""), "method": a.get("method", "get"),
                        "id": a.get("id", ""), "fields": []}
            self.forms.append(self.cur)
        if self.cur is None:
            return
        if tag == "input":
            typ = (a.get("type") or "text").lower()
            name = a.get("name")
            if not name or typ in ("submit", "button", "image", "reset", "file"):
                return
            if typ in ("checkbox", "radio") and "checked" not in a:
                return
            self.cur["fields"].append([name, a.get("value", "on" if typ == "checkbox" else "")])
        elif tag == "select" and a.get("name"):
            self.select = {"name": a["name"], "value": None, "first": None}
        elif tag == "option" and self.select is not None:
            v = a.get("value", "")
            if self.select["first"] is None:
                self.select["first"] = v
            if "selected" in a:
                self.select["value"] = v
        elif tag == "textarea" and a.get("name"):
            self.textarea = [a["name"], ""]

    def handle_endtag(self, tag):
        if tag == "select" and self.select is not None and self.cur is not None:
            v = self.select["value"] if self.select["value"] is not None else self.select["first"]
            if v is not None:
                self.cur["fields"].append([self.select["name"], v])
            self.select = None
        elif tag == "textarea" and self.textarea is not None and self.cur is not None:
            self.cur["fields"].append(self.textarea)
            self.textarea = None
        elif tag == "form":
            self.cur = None

    def handle_data(self, data):
        if self.textarea is not None:
            self.textarea[1] += data


def find_form(page, action_part, form_id=None):
    p = FormParser()
    p.feed(page)
    for f in p.forms:
        if action_part in f["action"] and (form_id is None or f["id"] == form_id):
            return f
    return None


# ---------------------------------------------------------------------------
# HTTP

class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


class Resp:
    def __init__(self, status, headers, body, url):
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.text = body.decode("utf-8", "replace")

    def header(self, name, default=None):
        return self.headers.get(name, default) if self.headers else default

    def json(self):
        try:
            return json.loads(self.text)
        except ValueError:
            return None


class Client:
    def __init__(self, site):
        self.site = site
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect(),
            urllib.request.ProxyHandler({}))

    def raw(self, method, path, body=None, headers=None, tag=None):
        url = path if path.startswith("http") else self.site.url + path
        req = urllib.request.Request(url, data=body, method=method)
        req.add_header("User-Agent", "pressdb-wordpress-test/1.0")
        if tag is None:
            self.site.reqno += 1
            tag = "%s#%d" % (self.site.step, self.site.reqno)
        req.add_header("X-Pressdb-Step", tag)
        for k, v in (headers or {}).items():
            req.add_header(k, v)
        try:
            with self.opener.open(req, timeout=HTTP_TIMEOUT) as r:
                return Resp(r.status, r.headers, r.read(), url)
        except urllib.error.HTTPError as e:
            return Resp(e.code, e.headers, e.read() if e.fp else b"", url)
        except Exception as e:  # noqa: BLE001 - timeouts, resets
            self.site.no_response += 1
            if self.site.no_response > MAX_NO_RESPONSE:
                raise RuntimeError("%d requests got no response (last: %s %s: %s); giving up on this site"
                                   % (self.site.no_response, method, path, e))
            return Resp(0, None, ("(no response: %s)" % e).encode(), url)


class Site:
    """One WordPress site: a config file, a content dir, a PHP server."""

    def __init__(self, area, label, db, db_name, db_user, db_password, extra_defines=None):
        self.label = label
        self.db = db
        self.db_name = db_name
        self.db_user = db_user
        self.db_password = db_password
        self.dir = area.subdir("wp-" + label)
        self.content = os.path.join(self.dir, "wp-content")
        self.debug_log = os.path.join(self.dir, "debug.log")
        self.query_log = os.path.join(self.dir, "queries.jsonl")
        self.server_log = os.path.join(self.dir, "php-server.log")
        self.conf_name = "pressdbtest-%d-%s" % (os.getpid(), label)
        self.conf_file = os.path.join(WP_CONF_DIR, "config-%s.php" % self.conf_name)
        self.prepend = os.path.join(self.dir, "prepend.php")
        self.port = servers.free_port()
        self.url = "http://127.0.0.1:%d" % self.port
        self.proc = None
        self.extra_defines = extra_defines or {}
        self.step = "setup"
        self.reqno = 0
        self.no_response = 0
        self.pages = collections.OrderedDict()   # key -> (kind, text)
        self.state = {}
        self.admin = Client(self)
        self.anon = Client(self)

    # -- setup -------------------------------------------------------------
    def prepare(self):
        os.makedirs(os.path.join(self.content, "themes"), exist_ok=True)
        os.makedirs(os.path.join(self.content, "plugins"), exist_ok=True)
        os.makedirs(os.path.join(self.content, "uploads"), exist_ok=True)
        os.makedirs(os.path.join(self.content, "upgrade"), exist_ok=True)
        os.makedirs(os.path.join(self.content, "mu-plugins"), exist_ok=True)
        shutil.copy(MU_PLUGIN, os.path.join(self.content, "mu-plugins", "pressdb-test-queries.php"))
        for t in os.listdir(os.path.join(WP_ROOT, "wp-content", "themes")):
            src = os.path.join(WP_ROOT, "wp-content", "themes", t)
            dst = os.path.join(self.content, "themes", t)
            if os.path.isdir(src) and not os.path.exists(dst):
                os.symlink(src, dst)
        for t in os.listdir(THEME_DIR):
            dst = os.path.join(self.content, "themes", t)
            if not os.path.exists(dst):
                shutil.copytree(os.path.join(THEME_DIR, t), dst)
        shutil.copy(DROPIN, os.path.join(self.content, "db.php"))
        for p in (self.debug_log, self.query_log):
            open(p, "a").close()
        if os.geteuid() == 0:
            # PHP runs as root here, but keep it readable for a www-data test too
            os.chmod(self.dir, 0o755)
        self.write_config()
        with open(self.prepend, "w") as f:
            f.write("<?php $_SERVER['WORDPRESS_CONFIG'] = %s;\n" % php_str(self.conf_name))

    def write_config(self):
        """/etc/wordpress/config-NAME.php (again after the database moved port)."""
        defines = collections.OrderedDict([
            ("DB_NAME", self.db_name), ("DB_USER", self.db_user),
            ("DB_PASSWORD", self.db_password),
            ("DB_HOST", "127.0.0.1:%d" % self.db.port),
            ("DB_CHARSET", "utf8mb4"), ("DB_COLLATE", ""),
            ("WP_CONTENT_DIR", self.content),
            ("WP_DEBUG", True), ("WP_DEBUG_DISPLAY", False), ("WP_DEBUG_LOG", self.debug_log),
            ("SCRIPT_DEBUG", False),
            ("DISABLE_WP_CRON", True), ("AUTOMATIC_UPDATER_DISABLED", True),
            ("WP_AUTO_UPDATE_CORE", False), ("WP_HTTP_BLOCK_EXTERNAL", True),
            ("FS_METHOD", "direct"), ("WP_ENVIRONMENT_TYPE", "local"),
            ("PRESSDB_TEST_QUERY_LOG", self.query_log),
        ])
        # fixed keys and salts: both sites derive cookies and nonces the same way
        for k in ("AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY",
                  "AUTH_SALT", "SECURE_AUTH_SALT", "LOGGED_IN_SALT", "NONCE_SALT"):
            defines[k] = "pressdb-test-" + k.lower()
        defines.update(self.extra_defines)
        lines = ["<?php", "// written by pressdb tests/wordpress/run.py; removed at the end of the run"]
        for k, v in defines.items():
            lines.append("define(%s, %s);" % (php_str(k), php_val(v)))
        lines.append("$table_prefix = 'wp_';")
        tmp = self.conf_file + ".tmp"
        with open(tmp, "w") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(tmp, self.conf_file)

    def start(self):
        env = dict(os.environ)
        env["PHP_CLI_SERVER_WORKERS"] = "4"
        env["WORDPRESS_CONFIG"] = self.conf_name   # for router.php
        argv = ["php", "-d", "auto_prepend_file=" + self.prepend,
                "-d", "display_errors=0", "-d", "log_errors=1",
                "-d", "error_log=" + self.debug_log,
                "-d", "memory_limit=512M",
                # the config file changes when a database server moves port
                "-d", "opcache.revalidate_freq=0",
                "-S", "127.0.0.1:%d" % self.port, "-t", WP_ROOT, ROUTER]
        with open(self.server_log, "ab") as logf:
            self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=logf,
                                         stderr=subprocess.STDOUT, cwd=self.dir, env=env,
                                         preexec_fn=servers._set_pdeathsig)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("php -S for %s exited: %s" % (self.label, servers.tail(self.server_log)))
            try:
                with urllib.request.urlopen(self.url + "/readme.html", timeout=5) as r:
                    if r.status == 200:
                        return
            except Exception:  # noqa: BLE001
                time.sleep(0.1)
        raise RuntimeError("php -S for %s did not answer" % self.label)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except OSError:
                pass
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except OSError:
                    pass
        self.proc = None

    def cleanup(self):
        self.stop()
        try:
            os.unlink(self.conf_file)
        except OSError:
            pass

    # -- requests ----------------------------------------------------------
    def check(self, r, what, expect=200, contains=(), absent=(), bad=True, main=(), main_not=()):
        ok = True
        if main or main_not:
            i, j = r.text.find("<main"), r.text.rfind("</main>")
            body = r.text[i:j] if 0 <= i < j else r.text
            for c in main:
                if c not in body:
                    FAIL.add("HTTP", self.label, self.step, "%s: expected in the main content but missing: %r"
                             % (what, c))
                    ok = False
            for c in main_not:
                if c in body:
                    FAIL.add("HTTP", self.label, self.step, "%s: unexpected in the main content: %r" % (what, c))
                    ok = False
        exp = expect if isinstance(expect, (tuple, list, set)) else (expect,)
        if r.status not in exp:
            snippet = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.text))[:400]
            FAIL.add("HTTP", self.label, self.step,
                     "%s: status %s, expected %s: %s" % (what, r.status, "/".join(map(str, exp)), snippet))
            ok = False
        for c in contains:
            if c not in r.text:
                FAIL.add("HTTP", self.label, self.step, "%s: expected content missing: %r" % (what, c))
                ok = False
        for c in absent:
            if c in r.text:
                FAIL.add("HTTP", self.label, self.step, "%s: unexpected content present: %r" % (what, c))
                ok = False
        if bad:
            for m in BAD_MARKERS:
                if m in r.text:
                    i = r.text.index(m)
                    FAIL.add("HTTP", self.label, self.step, "%s: page shows %r: %s"
                             % (what, m, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.text[i:i + 600]))[:500]))
                    ok = False
        return ok

    def record(self, key, r, kind="html", hops=()):
        text = r.text
        if kind == "json":
            text = pretty_json(text)
        self.pages[key] = (kind, "%sstatus %s\n%s" % ("".join("redirect %s\n" % h for h in hops),
                                                      r.status, text))

    def get(self, path, expect=200, contains=(), absent=(), record=None, client=None,
            kind="html", headers=None, follow=True, main=(), main_not=()):
        """GET, following redirects within the site unless follow=False."""
        c = client or self.admin
        r = c.raw("GET", path, headers=headers)
        hops = []
        while follow and r.status in (301, 302, 303, 307, 308) and len(hops) < 5:
            loc = urllib.parse.urljoin(r.url, r.header("Location", ""))
            if not loc.startswith(self.url + "/"):
                break
            hops.append("%s -> %s" % (r.status, loc[len(self.url):]))
            r = c.raw("GET", loc, headers=headers)
        what = "GET " + path + ("" if not hops else " (" + ", ".join(hops) + ")")
        self.check(r, what, expect, contains, absent, main=main, main_not=main_not)
        if record:
            self.record(record, r, kind, hops)
        return r

    def post_form(self, path, fields, expect=302, contains=(), absent=(), client=None, record=None):
        c = client or self.admin
        body = urllib.parse.urlencode(fields).encode()
        r = c.raw("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded"})
        self.check(r, "POST " + path, expect, contains, absent)
        if record:
            self.record(record, r)
        return r

    def rest(self, method, route, params=None, body=None, expect=200, record=None,
             client=None, raw_body=None, headers=None, contains=(), bad=True):
        q = "/?rest_route=" + route
        if params:
            q += "&" + urllib.parse.urlencode(params)
        h = {"X-WP-Nonce": self.state.get("rest_nonce", "")}
        data = None
        if raw_body is not None:
            data = raw_body
        elif body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        h.update(headers or {})
        c = client or self.admin
        if c is self.anon:
            h.pop("X-WP-Nonce", None)
        r = c.raw(method, q, data, h)
        self.check(r, "%s %s" % (method, q), expect, contains, bad=bad)
        if record:
            self.record(record, r, "json")
        j = r.json()
        return r, (j if j is not None else {})


def php_str(s):
    return "'" + str(s).replace("\\", "\\\\").replace("'", "\\'") + "'"


def php_val(v):
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    return php_str(v)


# ---------------------------------------------------------------------------
# the scenario, run in lockstep on every site (a generator per site: each
# `yield` ends a step)

PNG_1X1 = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360606060000000050001a5f645400000000049454e44ae426082")


def link_re(action, extra):
    """An admin link with &amp; / &#038; / & between its parameters."""
    amp = r"&(?:amp;|#038;)?"
    return re.compile(r"action=%s%s%s%s_wpnonce=([0-9a-f]{10})" % (action, amp, extra, amp))


def scenario(s):
    st = s.state
    anon = s.anon
    # --- install --------------------------------------------------------
    s.step = "install"
    s.get("/", expect=302, follow=False)
    s.get("/wp-admin/install.php", contains=["install"], record="install-form")
    s.post_form("/wp-admin/install.php?step=2", {
        "weblog_title": "Pressdb Test Blog", "user_name": ADMIN_USER,
        "admin_password": ADMIN_PASSWORD, "admin_password2": ADMIN_PASSWORD,
        "admin_email": ADMIN_EMAIL, "blog_public": "1", "language": "",
        "Submit": "Install WordPress"}, expect=200, contains=["Success!"], record="install-done")
    yield
    s.step = "front-after-install"
    s.get("/", client=anon, contains=["Pressdb Test Blog"], main=["Hello world!"], record="home-tt3-fresh")
    s.get("/?p=1", client=anon, main=["Hello world!", "A WordPress Commenter"], record="post1-tt3-fresh")
    yield

    # --- login ----------------------------------------------------------
    s.step = "login"
    s.get("/wp-login.php", contains=["user_login"], record="login-form")
    r = s.post_form("/wp-login.php", {
        "log": ADMIN_USER, "pwd": ADMIN_PASSWORD, "rememberme": "forever",
        "wp-submit": "Log In", "redirect_to": s.url + "/wp-admin/", "testcookie": "1"},
        expect=302)
    loc = r.header("Location", "") or ""
    if "/wp-admin/" not in loc:
        FAIL.add("HTTP", s.label, s.step, "login did not redirect to wp-admin (Location: %r): %s"
                 % (loc, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.text))[:300]))
    s.get("/wp-admin/", contains=["Dashboard", "At a Glance"], record="dashboard-fresh")
    r = s.get("/wp-admin/admin-ajax.php?action=rest-nonce")
    st["rest_nonce"] = r.text.strip()
    if not re.fullmatch(r"[0-9a-f]{10}", st["rest_nonce"]):
        FAIL.add("HTTP", s.label, s.step, "no REST nonce from admin-ajax.php: %r" % r.text[:200])
    s.rest("GET", "/wp/v2/users/me", {"context": "edit"}, contains=['"username":"admin"'], record="rest-me")
    yield

    # --- taxonomy -------------------------------------------------------
    s.step = "terms"
    _, j = s.rest("POST", "/wp/v2/categories", body={"name": "News", "description": "All the news"},
                  expect=201, record="cat-news")
    st["cat_news"] = j.get("id")
    _, j = s.rest("POST", "/wp/v2/categories", body={"name": "Tech", "parent": st["cat_news"]},
                  expect=201, record="cat-tech")
    st["cat_tech"] = j.get("id")
    _, j = s.rest("POST", "/wp/v2/categories", body={"name": "Ümlaut & Co"}, expect=201, record="cat-umlaut")
    st["cat_uml"] = j.get("id")
    for t in ("hello", "mariadb", "obsolete"):
        _, j = s.rest("POST", "/wp/v2/tags", body={"name": t}, expect=201, record="tag-" + t)
        st["tag_" + t] = j.get("id")
    s.rest("POST", "/wp/v2/categories/%s" % st["cat_news"], body={"description": "Updated news description"},
           record="cat-news-update")
    s.rest("DELETE", "/wp/v2/tags/%s" % st["tag_obsolete"], {"force": "true"}, record="tag-delete")
    s.rest("POST", "/wp/v2/categories", body={"name": "News"}, expect=400, record="cat-duplicate")
    yield

    # --- users ----------------------------------------------------------
    s.step = "users"
    _, j = s.rest("POST", "/wp/v2/users", body={
        "username": "author2", "email": "author2@example.com", "password": "Author2-Pw-0815!",
        "name": "Second Author", "first_name": "Second", "last_name": "Author",
        "roles": ["author"]}, expect=201, record="user-author2")
    st["author2"] = j.get("id")
    s.rest("POST", "/wp/v2/users", body={"username": "author2", "email": "other@example.com",
           "password": "x-Y-z-123456"}, expect=500, record="user-duplicate")
    yield

    # --- posts and pages (every post has its own date: no ORDER BY ties) --
    s.step = "posts"

    def mkpost(key, expect=201, **fields):
        _, j = s.rest("POST", "/wp/v2/posts", body=fields, expect=expect, record="post-" + key)
        st["post_" + key] = j.get("id")
        return j
    mkpost("hello", title="Hello pressdb", status="publish", date="2025-01-20T10:00:00",
           content="<!-- wp:paragraph --><p>Hello world from pressdb, a MariaDB replacement.</p><!-- /wp:paragraph -->",
           excerpt="A hello post", categories=[st["cat_news"]], tags=[st["tag_hello"], st["tag_mariadb"]])
    mkpost("percent", title="Percent post", status="publish", date="2025-01-19T10:00:00",
           content="<p>We are 100% compatible, or so we say.</p>", categories=[st["cat_tech"]])
    mkpost("underscore", title="Underscore post", status="publish", date="2025-01-18T10:00:00",
           content="<p>Searching for it's_fine must find this one.</p>", categories=[st["cat_tech"]],
           tags=[st["tag_hello"]])
    mkpost("decoy", title="Decoy post", status="publish", date="2025-01-17T10:00:00",
           content="<p>100 percent, 1000 items, its fine, it's-fine, itXs fine.</p>", categories=[st["cat_uml"]])
    mkpost("dated", title="Dated post", status="publish", date="2024-03-15T12:00:00",
           content="<p>From March 2024 with <strong>markup</strong> &amp; entities.</p>",
           categories=[st["cat_news"]])
    mkpost("unicode", title="Ünïcödé ☃ 日本語 😀", status="publish", date="2024-03-20T08:30:00",
           content="<p>Emoji 😀, CJK 日本語, combining é, and a backslash \\ and quotes \" '</p>",
           tags=[st["tag_mariadb"]])
    for i in range(1, 13):
        mkpost("filler%d" % i, title="Filler %02d" % i, status="publish",
               date="2023-%02d-%02dT%02d:00:00" % (i, 10 + i, 6 + i),
               content="<p>Filler number %d for paging.</p>" % i,
               categories=[st["cat_news"] if i % 2 else st["cat_tech"]])
    mkpost("by_author2", title="Written by author two", status="publish", author=st["author2"],
           date="2025-01-16T10:00:00", content="<p>A post by the second author.</p>")
    j = mkpost("future", title="Future post", status="future", date="2030-01-01T10:00:00",
               content="<p>Scheduled for 2030.</p>")
    if j.get("status") != "future":
        FAIL.add("HTTP", s.label, s.step, "scheduled post has status %r" % j.get("status"))
    mkpost("draft", title="Draft post", status="draft", date="2025-01-15T10:00:00",
           content="<p>First version.</p>")
    mkpost("trash_me", title="Trash me", status="publish", date="2025-01-14T10:00:00",
           content="<p>Soon gone.</p>")
    mkpost("delete_me", title="Delete me", status="publish", date="2025-01-13T10:00:00",
           content="<p>Gone for good.</p>")
    mkpost("big", title="Big post", status="publish", date="2021-05-05T05:05:05",
           content="<p>" + "Lorem ipsum dolor sit amet, ünïcödé 😀 \\ 'quoted' " * 8000 + "</p>")
    mkpost("sticky", title="Sticky post", status="publish", sticky=True, date="2022-06-01T09:00:00",
           content="<p>Always on top.</p>")
    _, j = s.rest("POST", "/wp/v2/pages", body={"title": "About", "status": "publish", "date": "2024-01-01T00:00:00",
                  "content": "<p>About this blog.</p>", "menu_order": 1}, expect=201, record="page-about")
    st["page_about"] = j.get("id")
    _, j = s.rest("POST", "/wp/v2/pages", body={"title": "Team", "status": "publish", "date": "2024-01-02T00:00:00",
                  "parent": st["page_about"], "content": "<p>The team.</p>", "menu_order": 2}, expect=201, record="page-team")
    st["page_team"] = j.get("id")
    # the cron step publishes this one
    st["cron_due"] = time.time() + 4
    mkpost("cron", title="Cron post", status="future",
           date_gmt=time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(st["cron_due"])),
           content="<p>Published by wp-cron.php.</p>")
    yield

    s.step = "edit"
    s.rest("POST", "/wp/v2/posts/%s" % st["post_draft"], body={"content": "<p>Second version.</p>"},
           record="draft-edit1")
    s.rest("POST", "/wp/v2/posts/%s" % st["post_draft"],
           body={"title": "Draft post, published", "content": "<p>Third version.</p>", "status": "publish"},
           record="draft-publish")
    s.rest("POST", "/wp/v2/posts/%s" % st["post_hello"],
           body={"content": "<!-- wp:paragraph --><p>Hello world from pressdb, a MariaDB replacement. "
                            "Edited.</p><!-- /wp:paragraph -->"},
           record="hello-edit")
    s.rest("GET", "/wp/v2/posts/%s/revisions" % st["post_draft"], {"_fields": "id,parent,title"},
           record="draft-revisions")
    s.rest("DELETE", "/wp/v2/posts/%s" % st["post_trash_me"], record="trash")
    s.rest("DELETE", "/wp/v2/posts/%s" % st["post_delete_me"], {"force": "true"}, record="delete")
    s.rest("GET", "/wp/v2/posts/%s" % st["post_delete_me"], expect=404, record="deleted-404")
    yield

    s.step = "media"
    _, j = s.rest("POST", "/wp/v2/media", raw_body=PNG_1X1, expect=201, headers={
        "Content-Type": "image/png", "Content-Disposition": 'attachment; filename="pixel.png"'})
    st["media"] = j.get("id")
    s.rest("POST", "/wp/v2/media/%s" % st["media"], body={"alt_text": "One pixel", "title": "Pixel",
           "post": st["post_hello"], "date": "2025-01-20T11:00:00"}, record="media-update")
    yield

    # --- comments -------------------------------------------------------
    s.step = "comment-anon"
    r = s.post_form("/wp-comments-post.php", {
        "comment_post_ID": st["post_hello"], "author": "Anonymous Reader", "email": "reader@example.com",
        "url": "http://example.com/reader", "comment": "Great post! 100% agree; it's_fine.",
        "submit": "Post Comment", "comment_parent": "0"}, client=anon, expect=302)
    m = re.search(r"#comment-(\d+)", r.header("Location", "") or "")
    st["comment_anon"] = int(m.group(1)) if m else None
    if not m:
        FAIL.add("HTTP", s.label, s.step, "comment post did not redirect to the comment: %r"
                 % (r.header("Location"),))
    s.get("/?p=%s" % st["post_hello"], client=anon, absent=["Great post! 100% agree"],
          record="hello-before-moderation")
    yield
    s.step = "comment-moderate"
    r = s.get("/wp-admin/edit-comments.php?comment_status=moderated", contains=["Anonymous Reader"],
              record="comments-moderated")
    m = re.search(r"c=%s&(?:amp;|#038;)?action=approvecomment&(?:amp;|#038;)?_wpnonce=([0-9a-f]{10})"
                  % st["comment_anon"], r.text) or re.search(
        r"action=approvecomment&(?:amp;|#038;)?p=\d+&(?:amp;|#038;)?c=%s&(?:amp;|#038;)?_wpnonce=([0-9a-f]{10})"
        % st["comment_anon"], r.text)
    if m:
        s.get("/wp-admin/comment.php?c=%s&action=approvecomment&_wpnonce=%s" % (st["comment_anon"], m.group(1)),
              expect=302, follow=False)
    else:
        FAIL.add("HTTP", s.label, s.step, "no approve link for comment %s" % st["comment_anon"])
    s.get("/?p=%s" % st["post_hello"], client=anon, contains=["Great post! 100% agree"],
          record="hello-after-moderation")
    _, j = s.rest("POST", "/wp/v2/comments", body={"post": st["post_hello"], "parent": st["comment_anon"],
                  "content": "Thanks, reader!", "date": "2025-02-01T10:00:00"}, expect=201,
                  record="comment-reply")
    st["comment_reply"] = j.get("id")
    _, j = s.rest("POST", "/wp/v2/comments", body={"post": st["post_percent"], "content": "Buy cheap stuff",
                  "author_name": "Spammer", "author_email": "spam@example.com", "date": "2025-02-02T10:00:00"},
                  expect=201)
    s.rest("POST", "/wp/v2/comments/%s" % j.get("id"), body={"status": "spam"}, record="comment-spam")
    s.rest("DELETE", "/wp/v2/comments/1", record="comment-trash")
    s.get("/wp-admin/edit-comments.php", contains=["Thanks, reader!"], record="comments-all")
    s.get("/wp-admin/edit-comments.php?comment_status=spam", contains=["Spammer"], record="comments-spam")
    yield

    # --- settings forms -------------------------------------------------
    s.step = "settings"
    for page, title, changes in [
            ("options-general.php", "General Settings", {"blogdescription": "Just another pressdb test"}),
            ("options-reading.php", "Reading Settings", {"posts_per_page": "5", "posts_per_rss": "8"}),
            ("options-discussion.php", "Discussion Settings", {"page_comments": "1", "comments_per_page": "2"})]:
        r = s.get("/wp-admin/" + page, contains=[title])
        f = find_form(r.text, "options.php")
        if f:
            fields = dict((k, v) for k, v in f["fields"])
            fields.update(changes)
            s.post_form("/wp-admin/options.php", fields, expect=302)
        else:
            FAIL.add("HTTP", s.label, s.step, "no settings form on " + page)
    r = s.get("/wp-admin/options-permalink.php", contains=["Permalink Settings"])
    f = find_form(r.text, "options-permalink.php")
    if f:
        fields = dict((k, v) for k, v in f["fields"])
        fields.update({"selection": "custom", "permalink_structure": "/%year%/%monthnum%/%postname%/",
                       "category_base": "topics", "tag_base": ""})
        s.post_form("/wp-admin/options-permalink.php", fields, expect=302)
    else:
        FAIL.add("HTTP", s.label, s.step, "no form on options-permalink.php")
    s.rest("GET", "/wp/v2/settings", contains=['"posts_per_page":5', "Just another pressdb test"],
           record="rest-settings")
    yield

    # --- admin screens --------------------------------------------------
    s.step = "admin"
    screens = [
        ("/wp-admin/", ["Dashboard", "Activity"]),
        ("/wp-admin/edit.php", ["Posts", "Hello pressdb"]),
        ("/wp-admin/edit.php?paged=2", ["Posts", "Filler"]),
        ("/wp-admin/edit.php?post_status=future", ["Future post"]),
        ("/wp-admin/edit.php?post_status=trash", ["Trash me"]),
        ("/wp-admin/edit.php?post_status=draft", ["Posts"]),
        ("/wp-admin/edit.php?s=hello", ["Hello pressdb"]),
        ("/wp-admin/edit.php?cat=%s" % st["cat_tech"], ["Percent post"]),
        ("/wp-admin/edit.php?m=202403", ["Dated post"]),
        ("/wp-admin/edit.php?orderby=title&order=asc", ["Posts"]),
        ("/wp-admin/edit.php?post_type=page", ["About", "Team"]),
        ("/wp-admin/post-new.php", ["Add New Post"]),
        ("/wp-admin/post.php?post=%s&action=edit" % st["post_hello"], ["Edit Post"]),
        ("/wp-admin/edit-tags.php?taxonomy=category", ["Categories", "News", "Tech"]),
        ("/wp-admin/edit-tags.php?taxonomy=post_tag", ["Tags", "mariadb"]),
        ("/wp-admin/term.php?taxonomy=category&tag_ID=%s" % st["cat_news"], ["Edit Category"]),
        ("/wp-admin/edit-comments.php", ["Comments"]),
        ("/wp-admin/upload.php?mode=list", ["Media Library", "Pixel"]),
        ("/wp-admin/users.php", ["Users", "author2"]),
        ("/wp-admin/users.php?role=author", ["author2"]),
        ("/wp-admin/user-edit.php?user_id=%s" % st["author2"], ["Edit User"]),
        ("/wp-admin/profile.php", ["Profile"]),
        ("/wp-admin/options-general.php", ["General Settings", "Just another pressdb test"]),
        ("/wp-admin/options-permalink.php", ["Permalink Settings", "/%year%/%monthnum%/%postname%/"]),
        ("/wp-admin/site-health.php", ["Site Health"]),
        ("/wp-admin/themes.php", ["Themes", "pressdb classic"]),
        ("/wp-admin/tools.php", ["Tools"]),
        ("/wp-admin/export.php", ["Export"]),
        ("/wp-admin/plugins.php", ["Plugins"]),
    ]
    for path, want in screens:
        s.get(path, contains=want, record="admin " + path)
    # not compared: shows server versions and sizes
    s.get("/wp-admin/site-health.php?tab=debug", contains=["Database", "Server version"])
    s.get("/wp-admin/export.php?download=true&content=all&submit=Download+Export+File",
          contains=["<rss", "Hello pressdb", "Filler 12"], record="export-wxr", kind="wxr")
    yield

    # --- front end with the block theme ---------------------------------
    s.step = "front-tt3"
    s.get("/", client=anon, main=["Sticky post", "Hello pressdb"], record="home-tt3")
    s.get("/?p=%s" % st["post_hello"], client=anon, main=["Hello pressdb", "Great post!"],
          record="post-hello-tt3")
    s.get("/?s=hello", client=anon, main=["Hello pressdb"], record="search-hello-tt3")
    s.get("/?page_id=%s" % st["page_team"], client=anon, main=["The team."], record="page-team-tt3")
    yield

    # --- theme switch ---------------------------------------------------
    s.step = "theme-switch"
    r = s.get("/wp-admin/themes.php")
    m = link_re("activate", r"stylesheet=pressdb-classic").search(r.text)
    if m:
        s.get("/wp-admin/themes.php?action=activate&stylesheet=pressdb-classic&_wpnonce=" + m.group(1),
              expect=302, follow=False)
        s.get("/wp-admin/themes.php?activated=true", contains=["New theme activated"])
    else:
        FAIL.add("HTTP", s.label, s.step, "no activate link for pressdb-classic on themes.php")
    s.get("/", client=anon, contains=["pressdb-classic-theme"])
    s.get("/wp-admin/nav-menus.php", contains=["Menus"], record="admin nav-menus")
    s.get("/wp-admin/widgets.php", contains=["Widgets"])
    yield

    # --- front end ------------------------------------------------------
    s.step = "front"
    pages = [
        ("/", ["Sticky post", "Hello pressdb", "Older posts"], []),
        ("/?paged=2", ["Written by author two"], ["Sticky post"]),
        ("/?paged=5", ["Filler"], []),
        ("/?p=%s" % st["post_hello"], ["Hello pressdb", "Great post! 100% agree", "Thanks, reader!",
                                       "Edited."], []),
        ("/?p=%s" % st["post_unicode"], ["Ünïcödé ☃ 日本語 😀", "backslash \\ and quotes"], []),
        ("/?p=%s" % st["post_future"], [], []),
        ("/?page_id=%s" % st["page_about"], ["About this blog."], []),
        ("/?p=%s" % st["post_big"], ["Big post", "Lorem ipsum dolor sit amet, ünïcödé 😀"], []),
        ("/?page_id=%s" % st["page_team"], ["The team."], []),
        ("/?attachment_id=%s" % st["media"], ["Pixel"], []),
        ("/?s=hello", ["Hello pressdb"], ["Decoy post", "Underscore post"]),
        ("/?s=100%25", ["Percent post"], ["Decoy post"]),
        ("/?s=it%27s_fine", ["Underscore post"], ["Decoy post"]),
        ("/?s=%22hello+world%22", ["Hello pressdb"], []),
        ("/?s=filler+-number", [], []),
        ("/?s=%E6%97%A5%E6%9C%AC", ["Ünïcödé"], []),
        ("/?s=nothing-matches-this", ["Nothing found."], []),
        ("/?m=202403", ["Dated post", "Ünïcödé"], ["Filler"]),
        ("/?m=2023", ["Filler 12"], []),
        ("/?m=20240315", ["Dated post"], ["Ünïcödé"]),
        ("/?year=2024&monthnum=3", ["Dated post"], []),
        ("/?year=2023&monthnum=5&day=15", ["Filler 05"], ["Filler 04"]),
        ("/?cat=%s" % st["cat_news"], ["Hello pressdb"], ["Decoy post"]),
        ("/?cat=%s" % st["cat_tech"], ["Percent post"], ["Hello pressdb"]),
        ("/?cat=%s&paged=2" % st["cat_news"], ["Filler"], []),
        ("/?category_name=news", ["Hello pressdb"], []),
        ("/?category_name=news/tech", ["Percent post"], []),
        ("/?tag=hello", ["Hello pressdb", "Underscore post"], ["Percent post"]),
        ("/?tag=mariadb", ["Hello pressdb", "Ünïcödé"], []),
        ("/?author=1", ["Hello pressdb"], ["Written by author two"]),
        ("/?author=%s" % st["author2"], ["Written by author two"], ["Hello pressdb"]),
        ("/?author_name=author2", ["Written by author two"], []),
        ("/?name=hello-pressdb", ["Hello pressdb"], []),
        ("/?pagename=about/team", ["The team."], []),
        ("/2024/03/", ["Dated post"], []),
        ("/2025/01/hello-pressdb/", ["Hello pressdb"], []),
        ("/topics/news/", ["Hello pressdb"], []),
        ("/tag/mariadb/", ["Hello pressdb"], []),
        ("/author/author2/", ["Written by author two"], []),
        ("/about/team/", ["The team."], []),
        ("/search/hello/", ["Hello pressdb"], []),
        ("/2025/01/hello-pressdb/comment-page-1/", ["Hello pressdb"], []),
        ("/?p=999999", [], []),
        ("/no-such-page/", [], []),
    ]
    for path, want, notwant in pages:
        exp = 404 if path in ("/?p=999999", "/?p=%s" % st["post_future"], "/no-such-page/") else 200
        s.get(path, client=anon, main=want, main_not=notwant, expect=exp, record="front " + path)
    # the same pages again, 8 at a time (PHP has 4 workers): concurrent connections
    jobs = [(path, 404 if path in ("/?p=999999", "/?p=%s" % st["post_future"], "/no-such-page/") else 200)
            for path, _, _ in pages if not path.startswith("/?p=")]
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda j: (j, Client(s).raw("GET", j[0], tag="internal-parallel")), jobs))
    for (path, exp), r in results:
        s.check(r, "parallel GET " + path, (exp, 301, 302))
    yield

    s.step = "feeds"
    feeds = [
        ("/?feed=rss2", ["<rss", "Hello pressdb"]),
        ("/?feed=atom", ["<feed", "Hello pressdb"]),
        ("/?feed=rdf", ["rdf:RDF"]),
        ("/?feed=comments-rss2", ["Thanks, reader!"]),
        ("/?p=%s&feed=rss2" % st["post_hello"], ["Great post! 100% agree"]),
        ("/?cat=%s&feed=rss2" % st["cat_news"], ["Dated post"]),
        ("/?tag=hello&feed=atom", ["Underscore post"]),
        ("/?s=hello&feed=rss2", ["Hello pressdb"]),
        ("/?author=%s&feed=rss2" % st["author2"], ["Written by author two"]),
        ("/feed/", ["<rss"]),
        ("/topics/news/tech/feed/", ["Percent post"]),
    ]
    for path, want in feeds:
        s.get(path, client=anon, contains=want, record="feed " + path, kind="xml")
    yield

    s.step = "sitemap"
    s.get("/wp-sitemap.xml", client=anon, contains=["sitemapindex", "wp-sitemap-posts-post-1.xml"],
          record="sitemap-index", kind="xml")
    for path, want in [
            ("/wp-sitemap-posts-post-1.xml", ["hello-pressdb", "urlset"]),
            ("/wp-sitemap-posts-page-1.xml", ["about/team"]),
            ("/wp-sitemap-taxonomies-category-1.xml", ["topics/news"]),
            ("/wp-sitemap-taxonomies-post_tag-1.xml", ["tag/hello"]),
            ("/wp-sitemap-users-1.xml", ["author/admin"]),
            ("/?sitemap=posts&sitemap-subtype=post&paged=1", ["hello-pressdb"])]:
        s.get(path, client=anon, contains=want, record="sitemap " + path, kind="xml")
    s.get("/wp-sitemap.xsl", client=anon, record="sitemap-xsl", kind="xml")
    s.get("/robots.txt", client=anon, contains=["User-agent", "wp-sitemap.xml"], record="robots", kind="text")
    yield

    s.step = "rest-read"
    for page in (1, 2, 3, 4):
        r, j = s.rest("GET", "/wp/v2/posts", {"per_page": 7, "page": page, "_fields": "id,title,date,sticky"},
                      client=anon, record="rest-posts-page%d" % page)
        s.pages["rest-posts-page%d-headers" % page] = (
            "text", "total=%s pages=%s" % (r.header("X-WP-Total"), r.header("X-WP-TotalPages")))
    s.rest("GET", "/wp/v2/posts", {"per_page": 7, "page": 9}, client=anon, expect=400, record="rest-bad-page")
    reads = [
        ("/wp/v2/posts", {"search": "hello", "_fields": "id,title"}),
        ("/wp/v2/posts", {"search": "100%", "_fields": "id,title"}),
        ("/wp/v2/posts", {"categories": st["cat_news"], "_fields": "id,title", "per_page": 50}),
        ("/wp/v2/posts", {"categories_exclude": st["cat_news"], "_fields": "id,title", "per_page": 50}),
        ("/wp/v2/posts", {"tags": st["tag_hello"], "_fields": "id,title"}),
        ("/wp/v2/posts", {"orderby": "title", "order": "asc", "per_page": 100, "_fields": "id,title"}),
        ("/wp/v2/posts", {"orderby": "slug", "order": "desc", "per_page": 3, "_fields": "id"}),
        ("/wp/v2/posts", {"after": "2023-03-01T00:00:00", "before": "2023-09-01T00:00:00", "_fields": "id,date"}),
        ("/wp/v2/posts", {"author": st["author2"], "_fields": "id,author"}),
        ("/wp/v2/posts", {"sticky": "true", "_fields": "id,title"}),
        ("/wp/v2/posts", {"slug": "hello-pressdb", "_fields": "id,slug"}),
        ("/wp/v2/posts", {"include": "%s,%s" % (st["post_hello"], st["post_dated"]), "orderby": "include",
                          "_fields": "id"}),
        ("/wp/v2/posts", {"offset": 3, "per_page": 4, "_fields": "id"}),
        ("/wp/v2/posts/%s" % st["post_unicode"], {}),
        ("/wp/v2/pages", {"parent": st["page_about"], "_fields": "id,title,parent"}),
        ("/wp/v2/pages", {"orderby": "menu_order", "order": "asc", "_fields": "id,menu_order"}),
        ("/wp/v2/comments", {"post": st["post_hello"], "_fields": "id,content,parent,author_name"}),
        ("/wp/v2/categories", {"per_page": 100, "_fields": "id,name,count,parent,slug"}),
        ("/wp/v2/categories", {"orderby": "count", "order": "desc", "_fields": "id,count"}),
        ("/wp/v2/tags", {"hide_empty": "true", "_fields": "id,name,count"}),
        ("/wp/v2/users", {"_fields": "id,name,slug"}),
        ("/wp/v2/search", {"search": "hello"}),
        ("/wp/v2/search", {"search": "team", "type": "post", "subtype": "page"}),
        ("/wp/v2/media", {"_fields": "id,title,alt_text,mime_type"}),
        ("/wp/v2/types", {"_fields": "slug"}),
        ("/wp/v2/taxonomies", {"_fields": "slug"}),
    ]
    for route, params in reads:
        s.rest("GET", route, params, client=anon,
               record="rest " + route + "?" + urllib.parse.urlencode(params))
    for route, params in [
            ("/wp/v2/posts", {"status": "draft,future,trash", "context": "edit", "_fields": "id,status"}),
            ("/wp/v2/posts/%s/revisions" % st["post_hello"], {"_fields": "id,parent"}),
            ("/wp/v2/users", {"context": "edit", "_fields": "id,username,roles"}),
            ("/wp/v2/comments", {"status": "spam", "_fields": "id,status"}),
            ("/wp/v2/settings", {}),
            ("/wp/v2/themes", {"status": "active", "_fields": "stylesheet"}),
            ("/wp/v2/block-types", {"_fields": "name", "per_page": 3}),
            ("/wp/v2/templates", {"_fields": "id"})]:
        s.rest("GET", route, params, record="rest-auth " + route + "?" + urllib.parse.urlencode(params))
    yield

    # --- what plugins do: mu-plugin.php cases --------------------------
    s.step = "api-cases"
    for case in ("setup", "meta_query", "tax_query", "date_query", "search_order", "users", "comments",
                 "terms", "archives", "dbdelta", "wpdb", "nonstrict", "charset", "transients", "posts_api"):
        # some cases provoke database errors on purpose: compared, not flagged
        s.rest("GET", "/pressdb-test/v1/case/" + case, contains=['"case":"%s"' % case], record="case " + case,
               bad=False)
    s.step = "db-upgrade"
    s.rest("GET", "/pressdb-test/v1/case/lower_db_version", contains=['"now":"51000"'])
    s.get("/wp-admin/upgrade.php?step=1", contains=["Update Complete"], record="upgrade.php")
    s.get("/wp-admin/", contains=["Dashboard"])
    yield

    # --- other clients and admin actions -------------------------------
    s.step = "xmlrpc"
    for method, params, want in [
            ("wp.getUsersBlogs", (ADMIN_USER, ADMIN_PASSWORD), "blogName"),
            ("wp.getPosts", (1, ADMIN_USER, ADMIN_PASSWORD, {"number": 5, "orderby": "post_date",
                                                               "order": "DESC"}), "post_title"),
            ("wp.getPost", (1, ADMIN_USER, ADMIN_PASSWORD, st["post_unicode"]), "post_title"),
            ("wp.newPost", (1, ADMIN_USER, ADMIN_PASSWORD, {
                "post_title": "Via XML-RPC", "post_content": "Posted over XML-RPC.", "post_status": "publish",
                "post_date": xmlrpc.client.DateTime("20250105T10:00:00"),
                "terms_names": {"post_tag": ["xmlrpc", "hello"]}}), "<string>"),
            ("wp.getComments", (1, ADMIN_USER, ADMIN_PASSWORD, {"post_id": st["post_hello"]}), "comment_id"),
            ("wp.getTerms", (1, ADMIN_USER, ADMIN_PASSWORD, "category"), "News"),
            ("wp.getOptions", (1, ADMIN_USER, ADMIN_PASSWORD, ["blog_title", "date_format"]), "blog_title"),
            ("metaWeblog.getRecentPosts", (1, ADMIN_USER, ADMIN_PASSWORD, 3), "title"),
            ("wp.getPosts", (1, ADMIN_USER, "wrong-password", {}), "faultCode")]:
        body = xmlrpc.client.dumps(params, method, allow_none=True).encode()
        r = s.anon.raw("POST", "/xmlrpc.php", body, {"Content-Type": "text/xml"})
        s.check(r, "XML-RPC " + method, 200, [want], absent=[] if want == "faultCode" else ["faultCode"])
        s.record("xmlrpc %s %d" % (method, len(params)), r, "xml")
    yield

    s.step = "app-password"
    r, j = s.rest("POST", "/wp/v2/users/me/application-passwords", body={"name": "ci"}, expect=201)
    pw = j.get("password", "")
    basic = Client(s)
    auth = base64.b64encode(("%s:%s" % (ADMIN_USER, pw)).encode()).decode()
    r = basic.raw("GET", "/?rest_route=/wp/v2/users/me&context=edit&_fields=id,username",
                  headers={"Authorization": "Basic " + auth})
    s.check(r, "REST with an application password", 200, ['"username":"admin"'])
    r = basic.raw("POST", "/?rest_route=/wp/v2/posts", json.dumps({
        "title": "Via application password", "status": "draft", "date": "2025-01-04T10:00:00"}).encode(),
        headers={"Authorization": "Basic " + auth, "Content-Type": "application/json"})
    s.check(r, "REST write with an application password", 201)
    r = basic.raw("GET", "/?rest_route=/wp/v2/users/me",
                  headers={"Authorization": "Basic " + base64.b64encode(b"admin:wrong").decode()})
    s.check(r, "REST with a wrong application password", 401)
    yield

    s.step = "admin-actions"
    r = s.get("/wp-admin/")
    f = find_form(r.text, "post.php", "quick-press")
    if f:
        fields = dict((k, v) for k, v in f["fields"])
        fields.update({"post_title": "Quick draft title", "content": "Quick draft body"})
        s.post_form("/wp-admin/post.php", fields, expect=(200, 302))
    else:
        FAIL.add("HTTP", s.label, s.step, "no quick draft form on the dashboard")
    s.rest("POST", "/wp/v2/posts/%s/autosaves" % st["post_hello"],
           body={"content": "<p>Autosaved text.</p>", "title": "Hello pressdb"}, expect=(200, 201))
    m = re.search(r'heartbeatSettings\s*=\s*\{"nonce":"([0-9a-f]{10})"', r.text)
    if not m:
        FAIL.add("HTTP", s.label, s.step, "no heartbeat nonce on the dashboard")
    else:
        s.post_form("/wp-admin/admin-ajax.php", {
            "action": "heartbeat", "_nonce": m.group(1), "screen_id": "dashboard", "interval": "60",
            "has_focus": "false", "data[wp-refresh-post-lock][post_id]": st["post_hello"],
            "data[wp-check-locked-posts][]": "post-%s" % st["post_hello"]}, expect=200, contains=["server_time"])
    s.get("/wp-admin/users.php?s=auth", contains=["author2"], record="admin users-search")
    s.get("/wp-admin/edit-comments.php?s=agree", contains=["Anonymous Reader"], record="admin comments-search")
    s.get("/wp-admin/edit.php?post_status=draft", contains=["Quick draft title"], record="admin drafts")
    s.get("/wp-admin/customize.php", contains=["Customiz"])
    r = s.post_form("/wp-admin/admin-ajax.php", {"action": "query-attachments", "query[posts_per_page]": "40",
                                                 "query[orderby]": "date", "query[order]": "DESC", "post_id": "0"},
                    expect=200, contains=['"success":true', "pixel"])
    r = s.get("/wp-admin/site-health.php?tab=debug")
    m = re.search(r'"site_status_result":"([0-9a-f]{10})"', r.text)
    if m:
        s.post_form("/wp-admin/admin-ajax.php", {"action": "health-check-get-sizes", "_wpnonce": m.group(1)},
                    expect=200, contains=['"success":true'])
    for test in ("background-updates", "loopback-requests", "authorization-header"):
        s.rest("GET", "/wp-site-health/v1/tests/" + test, contains=['"status"'])
    s.post_form("/wp-login.php", {"log": ADMIN_USER, "pwd": "not-the-password", "wp-submit": "Log In"},
                client=Client(s), expect=200, contains=["incorrect"], record="login-failed")
    s.post_form("/wp-login.php?action=lostpassword", {"user_login": "author2", "wp-submit": "Get New Password"},
                client=Client(s), expect=(200, 302), record="lost-password")
    yield

    # --- cron -----------------------------------------------------------
    s.step = "cron"
    wait = st["cron_due"] + 1.0 - time.time()
    if wait > 0:
        time.sleep(wait)
    s.get("/wp-cron.php", client=anon)
    _, j = s.rest("GET", "/wp/v2/posts/%s" % st["post_cron"], {"context": "edit", "_fields": "id,status"})
    if j.get("status") != "publish":
        FAIL.add("HTTP", s.label, s.step, "wp-cron.php did not publish the due post: status %r" % j.get("status"))
    s.get("/", client=anon, main=["Cron post"])
    s.get("/wp-cron.php?doing_wp_cron", client=anon)
    yield

    # --- final admin pass (counts changed) ------------------------------
    s.step = "admin-final"
    s.get("/wp-admin/", contains=["Dashboard"], record="dashboard-final")
    s.get("/wp-admin/edit.php", contains=["Cron post"], record="edit-final")
    s.get("/wp-admin/edit-tags.php?taxonomy=category", contains=["News"], record="categories-final")
    r = s.get("/wp-admin/edit.php")
    m = re.search(r'name="_wpnonce" value="([0-9a-f]{10})"', r.text)
    if m:
        s.get("/wp-admin/edit.php?post_type=post&action=trash&_wpnonce=%s&post[]=%s&post[]=%s"
              % (m.group(1), st["post_filler1"], st["post_filler2"]), expect=302, follow=False)
        r = s.get("/wp-admin/edit.php?post_status=trash", contains=["Filler 01", "Filler 02", "Trash me"],
                  record="bulk-trashed")
        m = re.search(r'name="_wpnonce" value="([0-9a-f]{10})"', r.text)
        if m:
            s.get("/wp-admin/edit.php?post_status=trash&post_type=post&delete_all=Empty+Trash&_wpnonce="
                  + m.group(1), expect=302, follow=False)
    else:
        FAIL.add("HTTP", s.label, s.step, "no bulk action nonce on edit.php")
    s.get("/wp-admin/edit.php?post_status=trash", absent=["Filler 01"], record="trash-emptied")
    s.rest("DELETE", "/wp/v2/users/%s" % st["author2"], {"force": "true", "reassign": 1}, record="user-delete")
    s.get("/wp-admin/users.php", contains=["Users"], absent=["author2"], record="users-final")
    yield

    # --- the database server restarts (pressdb: killed, must keep every commit)
    s.step = "db-restart"
    if isinstance(s.db, servers.PressDB):
        s.db.kill()
    else:
        s.db.stop()
    s.db.start()
    s.write_config()
    s.get("/", client=anon, main=["Cron post", "Sticky post"], record="restart home")
    s.get("/?p=%s" % st["post_hello"], client=anon, main=["Thanks, reader!"], record="restart hello")
    s.get("/wp-admin/edit.php", contains=["Quick draft title"], record="restart edit.php")
    s.rest("GET", "/wp/v2/posts", {"per_page": 100, "_fields": "id,title,status", "status": "publish,draft,future"},
           record="restart rest-posts")
    s.rest("POST", "/wp/v2/posts", body={"title": "After restart", "status": "publish",
                                         "date": "2025-01-03T10:00:00"}, expect=201, record="restart write")
    yield


# ---------------------------------------------------------------------------
# comparison of recorded pages

def clip_long_lines(diff, width=240):
    """Long changed lines: show the part around the first difference."""
    out = list(diff)
    for i in range(len(out) - 1):
        x, y = out[i], out[i + 1]
        if x.startswith("-") and y.startswith("+") and not x.startswith("---") and (len(x) > width or len(y) > width):
            k = 1
            while k < min(len(x), len(y)) and x[k] == y[k]:
                k += 1
            lo = max(1, k - 80)
            out[i] = "-..." + x[lo:lo + width] + ("..." if len(x) > lo + width else "")
            out[i + 1] = "+..." + y[lo:lo + width] + ("..." if len(y) > lo + width else "")
    return [ln if len(ln) <= width + 10 else ln[:width] + "..." for ln in out]


def sort_items(lines):
    """A WXR export's <item>s in a canonical order: the export query has no
    ORDER BY, so the order of the posts is the server's choice."""
    head, items, cur = [], [], None
    for ln in lines:
        if ln == "<item>":
            cur = [ln]
            continue
        if cur is not None:
            cur.append(ln)
            if ln == "</item>":
                items.append(cur)
                cur = None
            continue
        head.append(ln)
    return head + [ln for it in sorted(items) for ln in it]


def save_pages(site, sub="pages"):
    d = os.path.join(site.dir, sub)
    os.makedirs(d, exist_ok=True)
    for n, (key, (kind, text)) in enumerate(site.pages.items()):
        name = "%03d-%s.txt" % (n, re.sub(r"[^A-Za-z0-9_.-]+", "_", key)[:80])
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text)


def compare_pages(a, b, section="page differs", keys=None, verbose=False):
    if area_keep:
        save_pages(a)
        save_pages(b)
    n = 0
    for key in (keys if keys is not None else a.pages.keys()):
        if key not in a.pages or key not in b.pages:
            if key in a.pages:
                FAIL.add(section, b.label, key, "page recorded on %s but not on %s" % (a.label, b.label))
            continue
        ka, ta = a.pages[key]
        kb, tb = b.pages[key]
        la, lb = split_lines(norm(ta)), split_lines(norm(tb))
        if ka == "wxr":
            la, lb = sort_items(la), sort_items(lb)
        if la == lb:
            continue
        n += 1
        diff = clip_long_lines(list(difflib.unified_diff(la, lb, a.label, b.label, n=1, lineterm="")))
        shown = diff[:60 if verbose else 24]
        more = "" if len(diff) <= len(shown) else "\n... %d more diff lines" % (len(diff) - len(shown))
        FAIL.add(section, b.label, key, "differs from %s:\n%s%s"
                 % (a.label, "\n".join(ln[:300] for ln in shown), more))
    return n


# ---------------------------------------------------------------------------
# query logs

def load_queries(path):
    """step -> list of entries, in request order, then statement order."""
    reqs = collections.OrderedDict()
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                try:
                    e = json.loads(line)
                except ValueError:
                    continue
                reqs.setdefault(e.get("step", "?"), []).append(e)
    except OSError:
        pass
    return reqs


# statements whose result differs by design (the server's version string)
IGNORE_RESULT_SQL = re.compile(r"^\s*SELECT\s+VERSION\(\)\s*$|SUM\(\s*data_length\s*\+\s*index_length\s*\)", re.I)


TIMEISH_SQL = re.compile(r"(?<!\d)1[7-9]\d{8}(?!\d)|_transient_|_edit_lock|session_tokens")
# WordPress statements whose result is not determined by SQL (a GROUP BY
# selecting a column that is neither grouped nor aggregated: MariaDB returns
# the first row it met, in the order of the index it chose); differences are
# notes, not failures
INDETERMINATE_SQL = re.compile(r"^\s*SELECT DISTINCT WEEK\(", re.I)
DDL_SQL = re.compile(r"^\s*(ALTER|CREATE|DROP|RENAME|TRUNCATE)\s", re.I)

# statements compared on some columns only (the others are storage statistics)
# (InnoDB's estimates and times); cols: kept columns, or "-" + dropped ones
PROJECT_SQL = [(re.compile(r"^\s*SHOW\s+TABLE\s+STATUS", re.I), ("Name", "Engine", "Collation")),
               (re.compile(r"^\s*SHOW\s+(INDEX|INDEXES|KEYS)\s", re.I), ("-Cardinality",))]


def project(e):
    for rx, cols in PROJECT_SQL:
        if rx.match(e.get("sql") or "") and e.get("rows"):
            if cols[0].startswith("-"):
                drop = {c[1:] for c in cols}
                rows = [{k: v for k, v in r.items() if k not in drop} for r in e["rows"]]
            else:
                rows = [{c: r.get(c) for c in cols} for r in e["rows"]]
            return dict(e, rows=rows), True
    return e, False


def host_norm(sql):
    return NORMALISERS[0][0].sub("SITE", sql or "")


def sql_key(sql):
    sql = re.sub(r"\s+", " ", sql or "").strip()
    if VOLATILE_SQL.search(sql):
        sql = re.sub(r"'(?:[^'\\]|\\.){100,}'", "'(volatile)'", sql)
    return norm(sql)


# options whose values depend on when things ran (cron events group by second)
VOLATILE_OPTIONS = {"cron", "_transient_doing_cron", "_transient_dirsize_cache"}


VOLATILE_SQL = re.compile(r"option_name`?\s*=\s*'(%s)'" % "|".join(re.escape(o) for o in VOLATILE_OPTIONS))


def norm_rows(e):
    out = []
    volatile = bool(VOLATILE_SQL.search(e.get("sql") or ""))
    for r in e.get("rows") or []:
        if isinstance(r, dict) and "option_value" in r and (volatile or r.get("option_name") in VOLATILE_OPTIONS):
            r = dict(r, option_value="(volatile)")
        out.append(norm(json.dumps(r, sort_keys=True, ensure_ascii=False)))
    return out


def result_key(e, ordered=False):
    """What must match between the two servers for one statement.

    Rows compare as a multiset: ORDER BY ties may come back in any order
    (MariaDB against MariaDB differs there too); order-only differences
    are noted separately."""
    if e.get("err"):
        return ("err", e.get("errno"))
    if "n" in e:
        rows = norm_rows(e)
        return ("rows", e["n"], tuple(rows if ordered else sorted(rows)))
    if "affected" in e:
        return ("ok", e.get("affected"), e.get("insert_id"))
    return ("ret", str(e.get("ret")))


def short(s, n=600):
    s = re.sub(r"\s+", " ", str(s)).strip()
    return s if len(s) <= n else s[:n] + " ...(%d chars)" % len(s)


NOTES = []
area_keep = False


def rows_diff(a, b):
    """The rows only one side returned (normalised), for the report."""
    ra, rb = collections.Counter(norm_rows(a)), collections.Counter(norm_rows(b))
    only_a = list((ra - rb).elements())
    only_b = list((rb - ra).elements())
    return only_a, only_b


def describe_result(e):
    if e.get("err"):
        return "ERROR %s: %s" % (e.get("errno"), e.get("err"))
    if "n" in e:
        return "%d row(s): %s" % (e["n"], short(json.dumps(e.get("rows"), ensure_ascii=False), 700))
    if "affected" in e:
        s = "OK, %s row(s) affected" % e.get("affected")
        if "insert_id" in e:
            s += ", insert id %s" % e.get("insert_id")
        return s
    return "returned %s" % e.get("ret")


def compare_queries(a, b, verbose=False):
    """Line up each request's statements; report the ones whose outcome differs.

    Returns findings: a list of dicts (kind, sql, step, a, b) in request order.
    """
    qa, qb = load_queries(a.query_log), load_queries(b.query_log)
    findings = []
    checked = set()   # ids of b's entries already lined up
    for step, ea in qa.items():
        eb = qb.get(step)
        if eb is None or step.startswith("internal"):
            continue
        ka = [sql_key(e["sql"]) for e in ea]
        kb = [sql_key(e["sql"]) for e in eb]
        sm = difflib.SequenceMatcher(None, ka, kb, autojunk=False)
        for tag, i1, i2, j1, j2 in sm.get_opcodes():
            if tag != "equal":
                # the two sites sent different statements here: a failure only
                # for schema changes (dbDelta deciding to ALTER a table because
                # DESCRIBE / SHOW INDEX looked different); other writes differ
                # with timing (update checks, transients) or follow from an
                # earlier difference that is reported by itself
                if not any(DDL_SQL.match(e["sql"] or "") for e in ea[i1:i2] + eb[j1:j2]):
                    continue
                findings.append({"kind": "different statements sent", "sql": "", "step": step,
                                 "uri": ea[i1 if i1 < len(ea) else -1].get("uri"),
                                 "a": {"ret": " / ".join(short(e["sql"], 300) for e in ea[i1:i2][:3])
                                       + (" ..." if i2 - i1 > 3 else "") or "(nothing)"},
                                 "b": {"ret": " / ".join(short(e["sql"], 300) for e in eb[j1:j2][:3])
                                       + (" ..." if j2 - j1 > 3 else "") or "(nothing)"}})
                continue
            for i, j in zip(range(i1, i2), range(j1, j2)):
                xa, xb = ea[i], eb[j]
                checked.add(id(xb))
                xa, proj = project(xa)
                xb, _ = project(xb)
                ra, rb = result_key(xa, proj), result_key(xb, proj)
                if (ra[0] == "ok" and rb[0] == "ok" and ra[2] == rb[2]
                        and (host_norm(xa["sql"]) != host_norm(xb["sql"]) or TIMEISH_SQL.search(xa["sql"]))):
                    # an UPDATE writing a time: 0 or 1 rows changed depending on
                    # the second it ran in (and the second of the previous write)
                    continue
                if ra[0] == rb[0] == "rows" and IGNORE_RESULT_SQL.match(xa["sql"] or ""):
                    continue
                if ra == rb:
                    if ra[0] == "rows" and result_key(xa, True) != result_key(xb, True):
                        NOTES.append({"kind": "row order differs (ties?)", "sql": xa["sql"], "step": step,
                                      "uri": xa.get("uri"), "a": xa, "b": xb})
                    continue
                if xa.get("err") or xb.get("err"):
                    if xa.get("err") and xb.get("err"):
                        kind = "different error"
                    elif xb.get("err"):
                        kind = "error on %s only" % b.label
                    else:
                        kind = "error on %s only" % a.label
                else:
                    kind = "different result"
                    if INDETERMINATE_SQL.match(xa["sql"] or ""):
                        NOTES.append({"kind": "indeterminate", "sql": xa["sql"], "step": step,
                                      "uri": xa.get("uri"), "a": xa, "b": xb})
                        continue
                findings.append({"kind": kind, "sql": xa["sql"], "step": step,
                                 "uri": xa.get("uri"), "a": xa, "b": xb})
    # errors on b in requests that could not be lined up (internal requests,
    # or after the two sites went different ways): any statement that never
    # failed that way on a
    a_errors = set()
    for ea in qa.values():
        for e in ea:
            if e.get("err"):
                a_errors.add((sql_key(e["sql"]), e.get("errno")))
    for step, eb in qb.items():
        for e in eb:
            if e.get("err") and id(e) not in checked and (sql_key(e["sql"]), e.get("errno")) not in a_errors:
                findings.append({"kind": "error on %s only" % b.label, "sql": e["sql"], "step": step,
                                 "uri": e.get("uri"), "a": {"ret": "(not lined up: no such error on %s)"
                                                            % a.label}, "b": e})
    return findings


def report_queries(findings, a, b):
    """Group by the statement (normalised) and add one failure per group."""
    groups = collections.OrderedDict()
    for f in findings:
        k = (f["kind"], sql_key(f["sql"])[:300] if f["sql"] else f["step"])
        groups.setdefault(k, []).append(f)
    order = sorted(groups.items(), key=lambda kv: (0 if "error" in kv[0][0] else
                                                   2 if "statements" in kv[0][0] else 1))
    for (kind, _), fs in order:
        f = fs[0]
        if kind == "different statements sent":
            FAIL.add("SQL statement", b.label, "", "%s (first in %s %s)\n  %s sent: %s\n  %s sent: %s"
                     % (kind, f["step"], f["uri"], a.label, f["a"]["ret"], b.label, f["b"]["ret"]),
                     key="%s: %s" % (kind, f["a"]["ret"]))
            continue
        msg = ("%s (%d time%s, first in %s %s)\n  SQL: %s\n  %s: %s\n  %s: %s"
               % (kind, len(fs), "" if len(fs) == 1 else "s", f["step"], f["uri"],
                  short(f["sql"], 1500), a.label, describe_result(f["a"]), b.label,
                  describe_result(f["b"])))
        if kind == "different result" and "n" in f["a"] and "n" in f["b"]:
            only_a, only_b = rows_diff(f["a"], f["b"])
            for r in only_a[:3]:
                msg += "\n  only %s: %s" % (a.label, short(r, 600))
            for r in only_b[:3]:
                msg += "\n  only %s: %s" % (b.label, short(r, 600))
        FAIL.add("SQL statement", b.label, "", msg, key="%s: %s" % (kind, f["sql"]))


def scan_debug_log(a, b, both_ways=True):
    """PHP and database errors in the debug logs: any on b that a has not
    (and, both_ways, database errors on a that b has not)."""
    def lines(site):
        out = []
        try:
            with open(site.debug_log, encoding="utf-8", errors="replace") as f:
                for ln in f:
                    ln = re.sub(r"^\[[^\]]*\] ", "", ln.rstrip())
                    if ln:
                        out.append(ln)
        except OSError:
            pass
        # the PHP server's own output: its access log, and anything PHP
        # printed before WordPress set up its log
        try:
            with open(site.server_log, encoding="utf-8", errors="replace") as f:
                for ln in f:
                    if "PHP " in ln or "database error" in ln.lower():
                        out.append(re.sub(r"^(\[[^\]]*\] )+", "", ln.rstrip()))
        except OSError:
            pass
        return out
    la, lb = lines(a), lines(b)
    ca = collections.Counter(norm(x) for x in la)
    cb = collections.Counter(norm(x) for x in lb)
    seen = set()
    for ln in lb:
        n = norm(ln)
        if ca[n] < cb[n] and n not in seen:
            seen.add(n)
            FAIL.add("PHP log", b.label, "", "only on %s: %s" % (b.label, short(ln, 1500)))
    for ln in la:
        n = norm(ln)
        if both_ways and "database error" in ln.lower() and cb[n] < ca[n] and n not in seen:
            seen.add(n)
            FAIL.add("PHP log", b.label, "", "only on %s: %s" % (a.label, short(ln, 1500)))


# ---------------------------------------------------------------------------
# database set-up and migration

def db_exec(server, sql, db=None, user="root", password=""):
    c = pymysql.connect(host="127.0.0.1", port=server.port, user=user, password=password,
                        database=db, autocommit=True, charset="utf8mb4", connect_timeout=10,
                        read_timeout=120)
    try:
        with c.cursor() as cur:
            cur.execute(sql)
            return cur.fetchall()
    finally:
        c.close()


def create_db_and_user(server, label, db_name=DB_NAME):
    """Returns (user, password) the site should use."""
    db_exec(server, "CREATE DATABASE `%s`" % db_name)
    try:
        db_exec(server, "CREATE USER '%s'@'localhost' IDENTIFIED BY '%s'" % (DB_USER, DB_PASSWORD))
        db_exec(server, "GRANT ALL PRIVILEGES ON `%s`.* TO '%s'@'localhost'" % (db_name, DB_USER))
        db_exec(server, "SELECT 1", db=db_name, user=DB_USER, password=DB_PASSWORD)
        return DB_USER, DB_PASSWORD
    except pymysql.MySQLError as e:
        FAIL.add("setup", label, "", "CREATE USER / GRANT / login as %s failed (%s); using root with "
                 "an empty password instead" % (DB_USER, e))
        return "root", ""


def client_bin(name, *alts):
    for n in (name,) + alts:
        p = shutil.which(n)
        if p:
            return p
    raise RuntimeError("%s not found (apt-get install mariadb-client)" % name)


def dump(server, db, path, extra=()):
    argv = [client_bin("mariadb-dump", "mysqldump"), "--no-defaults", "-h127.0.0.1",
            "-P%d" % server.port, "-uroot"] + list(extra) + [db]
    with open(path, "wb") as out:
        r = subprocess.run(argv, stdout=out, stderr=subprocess.PIPE, timeout=300)
    return r.returncode, r.stderr.decode("utf-8", "replace")


def dump_pressdb(server, db, path, label):
    """mariadb-dump with default options; if that fails (a failure), again
    with --skip-triggers so that the rest of the round trip is still tested."""
    rc, err = dump(server, db, path)
    if rc == 0:
        return True
    FAIL.add("migration", label, "dump", "mariadb-dump (default options) of pressdb's %s failed (status %s): %s"
             % (db, rc, short(err, 1500)))
    rc, err = dump(server, db, path, ["--skip-triggers"])
    if rc == 0:
        log("mariadb-dump of pressdb's %s works with --skip-triggers; going on with that dump" % db)
        return True
    FAIL.add("migration", label, "dump", "mariadb-dump --skip-triggers of pressdb's %s failed too (status %s): %s"
             % (db, rc, short(err, 1500)))
    return False


def load(server, db, path):
    argv = [client_bin("mariadb", "mysql"), "--no-defaults", "-h127.0.0.1",
            "-P%d" % server.port, "-uroot", db]
    with open(path, "rb") as inp:
        r = subprocess.run(argv, stdin=inp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    return r.returncode, (r.stdout + r.stderr).decode("utf-8", "replace")


def table_hashes(server, db, order_from=None):
    """table -> (row count, sha1 of the rows in primary-key order).

    order_from: (server, db) whose SHOW KEYS gives the ORDER BY columns (so
    both sides sort alike even if one side's metadata is wrong)."""
    ref_server, ref_db = order_from or (server, db)
    c = pymysql.connect(host="127.0.0.1", port=server.port, user="root", password="",
                        database=db, autocommit=True, charset="utf8mb4", conv={},
                        use_unicode=False, read_timeout=120)
    rc = pymysql.connect(host="127.0.0.1", port=ref_server.port, user="root", password="",
                         database=ref_db, autocommit=True, charset="utf8mb4", read_timeout=120)
    out = {}
    try:
        with rc.cursor() as cur:
            cur.execute("SHOW TABLES")
            tables = sorted(r[0] for r in cur.fetchall())
            keys = {}
            for t in tables:
                cur.execute("SHOW KEYS FROM `%s` WHERE Key_name = 'PRIMARY'" % t)
                keys[t] = [r[4] for r in sorted(cur.fetchall(), key=lambda r: r[3])]
        with c.cursor() as cur:
            for t in tables:
                cols = ", ".join("`%s`" % k for k in keys[t]) or "1"
                try:
                    cur.execute("SELECT * FROM `%s` ORDER BY %s" % (t, cols))
                    rows = cur.fetchall()
                except pymysql.MySQLError as e:
                    out[t] = ("error", str(e))
                    continue
                h = hashlib.sha1()
                for row in rows:
                    h.update(repr(row).encode())
                out[t] = (len(rows), h.hexdigest())
    finally:
        c.close()
        rc.close()
    return out


def compare_hashes(label, ha, hb, la, lb):
    ok = True
    for t in sorted(set(ha) | set(hb)):
        if ha.get(t) != hb.get(t):
            FAIL.add("migration", label, t, "table contents differ: %s %s, %s %s"
                     % (la, ha.get(t, "missing"), lb, hb.get(t, "missing")))
            ok = False
    return ok


def first_row_diff(sa, dba, sb, dbb, table, pk):
    """The first differing row of a table, for the report."""
    def rows(s, db):
        c = pymysql.connect(host="127.0.0.1", port=s.port, user="root", password="", database=db,
                            charset="utf8mb4", conv={}, use_unicode=False)
        try:
            with c.cursor() as cur:
                cur.execute("SELECT * FROM `%s` ORDER BY %s" % (table, pk))
                return cur.fetchall()
        finally:
            c.close()
    ra, rb = rows(sa, dba), rows(sb, dbb)
    for x, y in zip(ra, rb):
        if x != y:
            diffs = [(i, x[i], y[i]) for i in range(min(len(x), len(y))) if x[i] != y[i]]
            return "first differing row %r: %s" % (x[0], "; ".join(
                "col %d: %r vs %r" % (i, short(p, 200), short(q, 200)) for i, p, q in diffs[:4]))
    if len(ra) != len(rb):
        return "row counts %d vs %d" % (len(ra), len(rb))
    return "no row difference found"


def migration(area, maria, pressdb, a, b, verbose):
    """Dump/load both ways; a third site renders a's content from pressdb."""
    work = area.subdir("migration")
    # MariaDB -> pressdb
    dump_a = os.path.join(work, "from-mariadb.sql")
    rc, err = dump(maria, DB_NAME, dump_a)
    if rc != 0:
        FAIL.add("migration", "MariaDB", "dump", "mariadb-dump of MariaDB failed: %s" % err)
        return
    try:
        db_exec(pressdb, "CREATE DATABASE wordpress_mig")
    except pymysql.MySQLError as e:
        FAIL.add("migration", b.label, "load", "CREATE DATABASE wordpress_mig: %s" % e)
        return
    rc, out = load(pressdb, "wordpress_mig", dump_a)
    if rc != 0:
        FAIL.add("migration", b.label, "load", "loading MariaDB's dump with the mariadb client failed "
                 "(status %s): %s" % (rc, short(out, 1500)))
    ha = table_hashes(maria, DB_NAME)
    hm = table_hashes(pressdb, "wordpress_mig", order_from=(maria, DB_NAME))
    if not compare_hashes(b.label, ha, hm, "MariaDB wordpress", "pressdb wordpress_mig"):
        for t in sorted(ha):
            if ha.get(t) != hm.get(t) and isinstance(hm.get(t, (0,))[0], int):
                keys = [r[4] for r in db_exec(maria, "SHOW KEYS FROM `%s` WHERE Key_name='PRIMARY'" % t,
                                              db=DB_NAME)]
                try:
                    FAIL.add("migration", b.label, t, first_row_diff(
                        maria, DB_NAME, pressdb, "wordpress_mig", t, ", ".join(keys)))
                except pymysql.MySQLError as e:
                    FAIL.add("migration", b.label, t, "cannot read rows: %s" % e)
    # the dump of the loaded copy must be the same text
    dump_m = os.path.join(work, "from-pressdb-wordpress_mig.sql")
    if dump_pressdb(pressdb, "wordpress_mig", dump_m, b.label):
        def body(p):
            with open(p, encoding="utf-8", errors="replace") as f:
                return [ln.rstrip("\n") for ln in f
                        if not re.match(r"-- (MariaDB dump|Host:|Server version|Dump completed)", ln)]
        da, dm = body(dump_a), body(dump_m)
        if da != dm:
            diff = list(difflib.unified_diff(da, dm, "dump of MariaDB wordpress",
                                             "dump of pressdb wordpress_mig", n=0, lineterm=""))
            shown = [short(ln, 400) for ln in diff[:40 if verbose else 20]]
            FAIL.add("migration", b.label, "dump text", "mariadb-dump output differs (%d diff lines):\n%s"
                     % (len(diff), "\n".join(shown)))

    # a third PHP server on the migrated database renders a's pages
    user, pw = DB_USER, DB_PASSWORD
    try:
        db_exec(pressdb, "GRANT ALL PRIVILEGES ON `wordpress_mig`.* TO '%s'@'localhost'" % DB_USER)
        db_exec(pressdb, "SELECT 1", db="wordpress_mig", user=DB_USER, password=DB_PASSWORD)
    except pymysql.MySQLError:
        user, pw = "root", ""
    c = Site(area, "migrated", pressdb, "wordpress_mig", user, pw)
    c.extra_defines = {"WP_HOME": c.url, "WP_SITEURL": c.url}
    try:
        c.prepare()
        c.start()
        st = a.state
        paths = ["/", "/?paged=2", "/?p=%s" % st.get("post_hello"), "/?p=%s" % st.get("post_unicode"),
                 "/?s=100%25", "/?s=it%27s_fine", "/?m=202403", "/?cat=%s" % st.get("cat_news"),
                 "/?tag=hello", "/?author=1", "/?page_id=%s" % st.get("page_team"),
                 "/?feed=rss2", "/?sitemap=posts&sitemap-subtype=post&paged=1"]
        a.pages.clear()
        a.step = c.step = "migrated"
        for p in paths:
            kind = "xml" if "feed" in p or "sitemap" in p else "html"
            a.get(p, client=a.anon, record="migrated " + p, kind=kind)
            c.get(p, client=c.anon, record="migrated " + p, kind=kind)
        # logged in: the same admin screens
        c.get("/wp-login.php")
        c.post_form("/wp-login.php", {"log": ADMIN_USER, "pwd": ADMIN_PASSWORD, "wp-submit": "Log In",
                                          "redirect_to": c.url + "/wp-admin/", "testcookie": "1"}, expect=302)
        for p in ["/wp-admin/edit.php", "/wp-admin/edit-tags.php?taxonomy=category",
                  "/wp-admin/edit-comments.php", "/wp-admin/users.php"]:
            a.get(p, record="migrated " + p)
            c.get(p, record="migrated " + p)
        compare_pages(a, c, section="migrated page differs", verbose=verbose)
        fs = compare_queries(a, c, verbose)
        report_queries(fs, a, c)
        scan_debug_log(a, c, both_ways=False)
    finally:
        c.cleanup()

    # pressdb -> MariaDB
    dump_b = os.path.join(work, "from-pressdb.sql")
    if not dump_pressdb(pressdb, DB_NAME, dump_b, b.label):
        return
    db_exec(maria, "CREATE DATABASE wordpress_from_pressdb")
    rc, out = load(maria, "wordpress_from_pressdb", dump_b)
    if rc != 0:
        FAIL.add("migration", "MariaDB", "load", "loading pressdb's dump into MariaDB failed (status %s): %s"
                 % (rc, short(out, 1500)))
        return
    hb = table_hashes(pressdb, DB_NAME, order_from=(maria, "wordpress_from_pressdb"))
    hx = table_hashes(maria, "wordpress_from_pressdb")
    if not compare_hashes(b.label, hb, hx, "pressdb wordpress", "MariaDB wordpress_from_pressdb"):
        for t in sorted(hx):
            if hb.get(t) != hx.get(t) and isinstance(hb.get(t, (0,))[0], int):
                keys = [r[4] for r in db_exec(maria, "SHOW KEYS FROM `%s` WHERE Key_name='PRIMARY'" % t,
                                              db="wordpress_from_pressdb")]
                FAIL.add("migration", b.label, t, first_row_diff(
                    pressdb, DB_NAME, maria, "wordpress_from_pressdb", t, ", ".join(keys)))


# ---------------------------------------------------------------------------
# second pass over the Unix socket

SOCKET_DB = "wordpress_socket"


class ReplicaServer(servers.MariaDB):
    def argv(self):
        return super().argv() + ["--server-id=2"]


class PrimaryMariaDB(servers.MariaDB):
    """--replica: the run's MariaDB with a binary log (MIXED, its default) for pressdb to follow."""
    def argv(self):
        return super().argv() + ["--log-bin=mbin", "--server-id=1"]


class PressdbReplica(servers.PressDB):
    def argv(self):
        return super().argv() + ["--server-id=3"]


def point_replica(replica, primary):
    c = pymysql.connect(host="127.0.0.1", port=replica.port, user="root", password="", autocommit=True)
    cur = c.cursor()
    cur.execute("STOP SLAVE")
    cur.execute("CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=%d, MASTER_USER='root', "
                "MASTER_PASSWORD='', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1" % primary.port)
    cur.execute("START SLAVE")
    c.close()


def start_replica(area, primary):
    """A MariaDB replica of pressdb (--replica), following it from its first statement."""
    r = ReplicaServer(area, "replica", "MariaDB replica")
    r.initialise()
    r.start()
    point_replica(r, primary)
    return r


def start_pressdb_replica(area, primary, server):
    """A pressdb replica of the run's MariaDB (--replica), from its first statement."""
    r = PressdbReplica(area, server, "preplica", "pressdb replica").start()
    point_replica(r, primary)
    return r


def check_replica(primary, replica, name="replica"):
    """The replica caught up (re-pointed: the primary's port changes at its restart) and
    holds the same databases, dump for dump."""
    point_replica(replica, primary)
    pc = pymysql.connect(host="127.0.0.1", port=primary.port, user="root", password="", autocommit=True)
    rcn = pymysql.connect(host="127.0.0.1", port=replica.port, user="root", password="", autocommit=True)
    pcur, rcur = pc.cursor(), rcn.cursor(pymysql.cursors.DictCursor)
    pcur.execute("SELECT @@gtid_binlog_pos")
    want = pcur.fetchone()[0]
    got, st = None, {}
    for _ in range(1200):
        rcur.execute("SELECT @@gtid_slave_pos AS p")
        got = rcur.fetchone()["p"]
        if got == want:
            break
        time.sleep(0.05)
    rcur.execute("SHOW SLAVE STATUS")
    st = rcur.fetchone() or {}
    if got != want or st.get("Slave_SQL_Running") != "Yes":
        FAIL.add("replica", name, "catch-up", "the replica is at %s of %s (IO %s: %s; SQL %s: %s)" % (
            got, want, st.get("Slave_IO_Running"), st.get("Last_IO_Error"), st.get("Slave_SQL_Running"),
            st.get("Last_SQL_Error")))
        return
    pcur.execute("SHOW DATABASES")
    dbs = [r[0] for r in pcur.fetchall() if r[0] not in ("information_schema", "mysql", "performance_schema", "sys")]
    for db in dbs:
        texts = []
        for srv in (primary, replica):
            r = subprocess.run([servers._which("mariadb-dump", "mysqldump"), "--no-defaults", "-h127.0.0.1",
                                "-P%d" % srv.port, "-uroot", "--skip-dump-date", "--hex-blob", db],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
            texts.append([re.sub(r" AUTO_INCREMENT=\d+", "", l) for l in r.stdout.decode("utf-8", "replace").splitlines()
                          if not l.startswith("-- ")])
        if texts[0] != texts[1]:
            diff = [(x, y) for x, y in zip(*texts) if x != y]
            FAIL.add("replica", name, db, "the replica's dump differs: %s" % (
                "%r / %r" % (diff[0][0][:300], diff[0][1][:300]) if diff else "%d / %d lines" % tuple(map(len, texts))))
    log("%s: %d databases compared at GTID %s" % (name, len(dbs), want))
    pc.close()
    rcn.close()


def socket_pass(area, server, main_site, user, password):
    """A light second site on the same server reached over its Unix socket
    (DB_HOST = 'localhost:/path/to/sock', which makes PHP's mysqli use the
    socket and never TCP): install, front page, login, a REST write, the new
    post on the front page and in the database, no database error in PHP's
    log that the TCP site's log does not have too.  A few seconds."""
    db_exec(server, "CREATE DATABASE `%s`" % SOCKET_DB)
    if user != "root":
        try:
            db_exec(server, "GRANT ALL PRIVILEGES ON `%s`.* TO '%s'@'localhost'" % (SOCKET_DB, user))
        except pymysql.MySQLError as e:
            FAIL.add("setup", main_site.label + "-socket", "", "GRANT on %s failed: %s" % (SOCKET_DB, e))
    s = Site(area, main_site.label + "-socket", server, SOCKET_DB, user, password,
             extra_defines={"DB_HOST": "localhost:" + server.socket})
    try:
        s.prepare()
        s.start()
        s.step = "socket-install"
        s.get("/", expect=302, follow=False)
        s.post_form("/wp-admin/install.php?step=2", {
            "weblog_title": "Pressdb Socket Blog", "user_name": ADMIN_USER,
            "admin_password": ADMIN_PASSWORD, "admin_password2": ADMIN_PASSWORD,
            "admin_email": ADMIN_EMAIL, "blog_public": "1", "language": "",
            "Submit": "Install WordPress"}, expect=200, contains=["Success!"])
        s.step = "socket-front"
        s.get("/", client=s.anon, contains=["Pressdb Socket Blog"], main=["Hello world!"])
        s.get("/?p=1", client=s.anon, main=["Hello world!", "A WordPress Commenter"])
        s.step = "socket-login"
        s.get("/wp-login.php", contains=["user_login"])   # sets the test cookie
        r = s.post_form("/wp-login.php", {
            "log": ADMIN_USER, "pwd": ADMIN_PASSWORD, "wp-submit": "Log In",
            "redirect_to": s.url + "/wp-admin/", "testcookie": "1"}, expect=302)
        if "/wp-admin/" not in (r.header("Location", "") or ""):
            FAIL.add("HTTP", s.label, s.step, "login did not redirect to wp-admin (Location: %r)"
                     % r.header("Location", ""))
        r = s.get("/wp-admin/admin-ajax.php?action=rest-nonce")
        s.state["rest_nonce"] = r.text.strip()
        s.step = "socket-rest-write"
        _, j = s.rest("POST", "/wp/v2/posts", body={
            "title": "Written over the Unix socket", "status": "publish", "date": "2025-02-01T10:00:00",
            "content": "<!-- wp:paragraph --><p>Stored through pressdb's Unix socket.</p><!-- /wp:paragraph -->"},
            expect=201)
        pid = j.get("id")
        s.get("/", client=s.anon, main=["Written over the Unix socket"])
        if pid:
            s.get("/?p=%d" % pid, client=s.anon, main=["Stored through pressdb"])
            rows = db_exec(server, "SELECT post_title FROM wp_posts WHERE ID = %d" % int(pid), db=SOCKET_DB)
            if [tuple(r) for r in rows] != [("Written over the Unix socket",)]:
                FAIL.add("HTTP", s.label, s.step, "the post written over the socket is not in %s (read "
                         "over TCP): %r" % (SOCKET_DB, rows))
        s.stop()
        scan_debug_log(main_site, s, both_ways=False)
    finally:
        s.cleanup()


# ---------------------------------------------------------------------------

def preflight():
    problems = []
    if not os.path.isfile(os.path.join(WP_ROOT, "wp-config.php")):
        problems.append("Debian's wordpress package is not installed (apt-get install wordpress)")
    if not shutil.which("php"):
        problems.append("php is not installed (apt-get install php-cli php-mysql)")
    else:
        r = subprocess.run(["php", "-m"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        if b"mysqli" not in r.stdout:
            problems.append("PHP's mysqli is missing (apt-get install php-mysql)")
        if b"\nxml\n" not in r.stdout:
            problems.append("PHP's xml extension is missing (apt-get install php-xml): XML-RPC needs it")
    if not os.access(WP_CONF_DIR, os.W_OK):
        problems.append("%s is not writable (run as root)" % WP_CONF_DIR)
    return problems


EVICT_SEEN = {"prev": {}, "total": collections.Counter()}


def evict_counts(server):
    c = server.connect()
    try:
        cur = c.cursor()
        cur.execute("SHOW GLOBAL STATUS LIKE 'Evict%'")
        now = {k: int(v) for k, v in cur.fetchall()}
    finally:
        c.close()
    # counted across the restart step (a new process counts from 0)
    for k in ("Evict_evictions", "Evict_loads"):
        before = EVICT_SEEN["prev"].get(k, 0)
        EVICT_SEEN["total"][k] += now.get(k, 0) - before if now.get(k, 0) >= before else now.get(k, 0)
    EVICT_SEEN["prev"] = now
    return dict(EVICT_SEEN["total"])


def flush_tables(server):
    """--evict: every table of pressdb's that nothing holds leaves memory now."""
    try:
        evict_counts(server)
        c = server.connect()
        try:
            c.cursor().execute("FLUSH TABLES")
        finally:
            c.close()
    except pymysql.err.MySQLError as e:
        FAIL.add("harness", "evict", "", "FLUSH TABLES failed: %s" % e)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    ap.add_argument("--no-migration", action="store_true")
    ap.add_argument("--self-test", action="store_true", help="second site on another MariaDB")
    ap.add_argument("--no-socket", action="store_true", help="skip the second pass over the Unix socket")
    ap.add_argument("--replica", action="store_true",
                    help="a MariaDB replica follows pressdb (--log-bin), a pressdb replica follows MariaDB; "
                         "each must end with its primary's data")
    ap.add_argument("--evict", action="store_true",
                    help="pressdb evicts every table nothing holds before each step (FLUSH TABLES "
                         "with --evict-after-s)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    global area_keep
    area_keep = args.keep

    problems = preflight()
    if problems:
        print("cannot run the WordPress test:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 2

    # known gaps are pressdb's: a self-test must pass without them
    gaps = KnownGaps(os.devnull if args.self_test else GAPS_FILE)
    for p in gaps.problems:
        FAIL.add("harness", "known gaps", "", p)
    checked = {"HTTP", "PHP log", "setup"}   # sections whose checks ran (for "now passes")

    area = servers.TempArea(keep=args.keep)
    sites = []
    replica = preplica = None
    failed = True
    unexpected, known = FAIL.items, []
    try:
        log("starting MariaDB and %s" % ("a second MariaDB" if args.self_test else args.server))
        if args.replica and not args.self_test:
            maria = PrimaryMariaDB(area)
            maria.initialise()
            maria.start()
            preplica = start_pressdb_replica(area, maria, args.server)
        else:
            maria = servers.start_mariadb(area)
        if args.self_test:
            other = servers.start_mariadb(area, name="mariadb2", label="MariaDB-2")
            blabel = "mariadb2"
        else:
            if args.replica:
                os.environ["PRESSDB_EXTRA_ARGS"] = (os.environ.get("PRESSDB_EXTRA_ARGS", "") +
                                                    " --log-bin --server-id=11").strip()
            if args.evict:
                os.environ["PRESSDB_EXTRA_ARGS"] = (os.environ.get("PRESSDB_EXTRA_ARGS", "") +
                                                    " --evict-after-s=3600").strip()
            other = servers.start_pressdb(area, args.server)
            blabel = "pressdb"
        replica = start_replica(area, other) if args.replica and not args.self_test else None
        ua, pa = create_db_and_user(maria, "mariadb")
        ub, pb = create_db_and_user(other, blabel)
        a = Site(area, "mariadb", maria, DB_NAME, ua, pa)
        b = Site(area, blabel, other, DB_NAME, ub, pb)
        sites = [a, b]
        for s in sites:
            s.prepare()
            s.start()
        log("sites: %s (MariaDB port %d), %s (%s port %d)" % (a.url, maria.port, b.url, blabel, other.port))

        gens = [(s, scenario(s)) for s in sites]
        alive = {s.label: True for s in sites}
        aborted = set()
        while any(alive.values()):
            for s, g in gens:
                if not alive[s.label]:
                    continue
                t = time.monotonic()
                if args.evict and s is b and s.db.alive():
                    flush_tables(s.db)
                try:
                    next(g)
                except StopIteration:
                    alive[s.label] = False
                    continue
                except Exception:  # noqa: BLE001
                    FAIL.add("harness", s.label, s.step, "scenario aborted:\n" + traceback.format_exc())
                    alive[s.label] = False
                    aborted.add(s.label)
                    continue
                if not s.db.alive():
                    # everything after this would fail for the same reason
                    FAIL.add("server", s.label, s.step, "%s died during this step (%s); the scenario stops "
                             "here\n%s" % (s.db.label, s.db.exit_description(), s.db.log_tail(30)))
                    alive[s.label] = False
                    aborted.add(s.label)
                    continue
                if args.verbose:
                    log("%s: %s done in %.1fs" % (s.label, s.step, time.monotonic() - t))
            if not args.verbose:
                log("step %s done" % a.step)

        if aborted:
            log("not comparing the sites: the scenario of %s stopped early" % ", ".join(sorted(aborted)))
        else:
            log("comparing %d pages" % len(a.pages))
            compare_pages(a, b, verbose=args.verbose)
            log("comparing statements")
            fs = compare_queries(a, b, args.verbose)
            report_queries(fs, a, b)
            checked.update(("page differs", "SQL statement"))
        scan_debug_log(a, b, both_ways=not aborted)

        if not args.no_migration and other.alive() and not aborted:
            log("migration round trip")
            try:
                migration(area, maria, other, a, b, args.verbose)
                checked.update(("migration", "migrated page differs"))
            except Exception:  # noqa: BLE001
                FAIL.add("harness", "migration", "", traceback.format_exc())
        if not args.no_socket and other.alive() and not aborted:
            log("second pass over the Unix socket (%s)" % other.label)
            try:
                socket_pass(area, other, b, ub, pb)
            except Exception:  # noqa: BLE001
                FAIL.add("harness", blabel + "-socket", "", traceback.format_exc())
        if replica and other.alive() and not aborted:
            log("the MariaDB replica of %s" % other.label)
            try:
                check_replica(other, replica)
            except Exception:  # noqa: BLE001
                FAIL.add("harness", "replica", "", traceback.format_exc())
        if preplica and maria.alive() and not aborted:
            log("the pressdb replica of MariaDB")
            try:
                check_replica(maria, preplica, "pressdb replica")
            except Exception:  # noqa: BLE001
                FAIL.add("harness", "pressdb replica", "", traceback.format_exc())
        if args.evict and other.alive() and not aborted:
            ev = evict_counts(other)
            log("eviction: %s" % ", ".join("%s %s" % kv for kv in sorted(ev.items())))
            if ev.get("Evict_evictions", 0) < 100 or ev.get("Evict_loads", 0) < 100:
                FAIL.add("harness", "evict", "", "tables did not leave memory and come back between "
                         "requests: %s" % ev)
        if not other.alive() and blabel not in aborted:
            FAIL.add("server", blabel, "", "%s died: %s\n%s" % (blabel, other.exit_description(),
                                                                 other.log_tail(30)))
        unexpected, known = split_known(FAIL.items, gaps)
        failed = bool(unexpected)
    finally:
        for s in sites:
            s.cleanup()
        for r in (replica, preplica):
            if r:
                r.stop()
        area.cleanup(failed or args.keep)

    n = len(unexpected)
    print()
    if NOTES:
        groups = collections.OrderedDict()
        for f in NOTES:
            groups.setdefault(sql_key(f["sql"])[:300], []).append(f)
        print("notes (not failures): %d statement%s returned the same rows in another order "
              "(ORDER BY ties or no ORDER BY) or another value for a column that is neither "
              "grouped nor aggregated%s" % (len(groups), "" if len(groups) == 1 else "s",
                                            "" if args.verbose else "; -v shows them"))
        if args.verbose:
            for k, fs in groups.items():
                f = fs[0]
                print("  NOTE %dx, first in %s %s\n    SQL: %s\n    %s: %s\n    %s: %s"
                      % (len(fs), f["step"], f["uri"], short(f["sql"], 800), "first",
                         short([list(r.values())[0] if len(r) == 1 else r for r in f["a"].get("rows", [])], 300),
                         "other", short([list(r.values())[0] if len(r) == 1 else r
                                         for r in f["b"].get("rows", [])], 300)))
        print()
    if known or gaps.gaps:
        report_known(known, gaps, checked,
                     stopped=any(it[0] == "server" or (it[0] == "harness" and it[1] != "known gaps")
                                 for it in FAIL.items),
                     verbose=args.verbose)
        print()
    kg = ", %d known gap%s" % (len(known), "" if len(known) == 1 else "s") if known else ""
    if n:
        print(Failures.report(unexpected))
        print()
        print("wordpress: %d failure%s%s (%.0fs)" % (n, "" if n == 1 else "s", kg, time.monotonic() - T0))
        print("wordpress: 0 passed, 1 failed")
        return 1
    print("wordpress: all checks passed%s (%.0fs)" % (kg, time.monotonic() - T0))
    print("wordpress: 1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
