#!/usr/bin/python3
"""phpMyAdmin and Adminer (Debian's packages) in headless chromium, on MariaDB and pressdb.

    /usr/bin/python3 tests/admin_ui/run.py --server build/pressdb [--out build/admin-ui]
        [--keep] [-v]

Needs (Debian): chromium chromium-driver phpmyadmin adminer php-cli php-mysql
mariadb-server python3-pymysql.  Runs as any user (nothing outside the
temporary directory and --out is written).  About two and a half minutes.

1. Starts a private MariaDB (tests/lib/servers.py) and a private pressdb, and
   loads the same fixture into both (database `shop`: three tables with
   primary, unique and secondary keys, a few hundred rows, UTF-8 text), then
   gives root@localhost a password (Adminer refuses empty ones).
2. Serves phpMyAdmin with `php -S`: a router defines ROOT_PATH to a shadow
   of /usr/share/phpmyadmin (symlinks) whose libraries/vendor_config.php
   takes Debian's and points configFile and tempDir into the temporary
   directory, so /etc/phpmyadmin is neither read nor written.  One php
   server per database server, each with its own config.inc.php (cookie
   auth, 127.0.0.1 and the port).  Adminer is served from /usr/share/adminer.
3. Drives chromedriver over the W3C WebDriver protocol (webdriver.py), one
   fresh browser session per application and database server, through the
   pages: phpMyAdmin's login form, databases, a database's structure, a
   table's structure, browse (then sorted by a column, then its next page),
   the SQL tab running a SELECT, status, all status variables, variables,
   export (custom, shown as text), import (a .sql file uploaded), and for
   SQL errors only its charsets, engines, processes, query statistics,
   advisor, user accounts, database operations/routines/triggers/events/
   search, table operations/insert/search/SQL pages; Adminer's login,
   databases, a database, a table's structure, select (sorted), an SQL
   command, variables, status, process list, privileges, a new row through
   the edit form and export (as text); then both inserted rows as stored.  For each page it waits until the page and its AJAX requests
   are done, fails when the page shows an SQL error or the login form,
   saves a screenshot PAGE-mariadb.png / PAGE-pressdb.png into --out, and
   prints a line.  Then what each page shows that depends only on the data
   (database and table lists, columns and keys, rows, the SQL exports' text,
   the import's outcome, the variables both servers have) is compared
   between the two servers: a difference fails.  Left out of comparisons:
   sizes, times, versions, InnoDB's cardinality estimates, and MariaDB's
   mysql, performance_schema and sys databases (pressdb lists none of them).
   KNOWN_GAPS lists pages whose errors are a documented gap of pressdb's:
   printed, not failed.

--query-log (with --keep) leaves both servers' general logs in the
temporary directory: every statement the two applications sent.

Exit status 0 when every page passed on both servers.
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, HERE)

import servers  # noqa: E402
import webdriver  # noqa: E402

PMA_DIR = "/usr/share/phpmyadmin"
ADMINER_DIR = "/usr/share/adminer"
PASSWORD = "ui-Test-pw1"
DB = "shop"


class PressDB(servers.PressDB):
    """pressdb as the harness starts it (no option files, tests/lib/launch.py) but without
    a Unix socket: the admin UIs connect over TCP."""

    def argv(self):
        # (with a binary log: phpMyAdmin's binary log and replication pages have content)
        return ([a for a in super().argv() if not a.startswith("--socket=")] +
                ["--socket=", "--log-bin", "--server-id=1"])


class MariaDB(servers.MariaDB):
    def argv(self):
        return super().argv() + ["--log-bin=mbin", "--server-id=1", "--binlog-format=ROW"]


# -- the fixture ---------------------------------------------------------------

FIRST = ["Zoë", "Ångström", "José", "Łukasz", "Søren", "Chloé", "Dmitrij", "Ærin",
         "Nguyễn", "李雷", "Müller", "Ольга", "Renée", "Ñusta", "Grüße"]
CITIES = ["Zürich", "Kraków", "São Paulo", "Reykjavík", "東京", None, "Malmö", "Åre"]


def fixture_statements():
    st = [
        "CREATE DATABASE %s CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci" % DB,
        "USE %s" % DB,
        "CREATE TABLE customers (id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,"
        " name VARCHAR(100) NOT NULL, email VARCHAR(190) NOT NULL,"
        " city VARCHAR(60) DEFAULT NULL COMMENT 'where they live',"
        " created DATETIME NOT NULL DEFAULT '2024-01-01 00:00:00',"
        " UNIQUE KEY email (email), KEY city (city)) ENGINE=InnoDB",
        "CREATE TABLE products (sku CHAR(8) NOT NULL PRIMARY KEY,"
        " title VARCHAR(200) NOT NULL, price DECIMAL(10,2) NOT NULL,"
        " stock SMALLINT NOT NULL DEFAULT 0, description TEXT) ENGINE=InnoDB",
        "CREATE TABLE orders (id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,"
        " customer_id INT UNSIGNED NOT NULL, sku CHAR(8) NOT NULL,"
        " qty INT NOT NULL DEFAULT 1,"
        " status ENUM('new','paid','shipped') NOT NULL DEFAULT 'new',"
        " note VARCHAR(255) NULL, placed DATE NOT NULL,"
        " KEY customer (customer_id), KEY sku_status (sku, status)) ENGINE=InnoDB",
    ]
    rows = []
    for i in range(1, 61):
        name = "%s %d" % (FIRST[i % len(FIRST)], i)
        city = CITIES[i % len(CITIES)]
        rows.append("(%d, '%s', 'c%d@example.org', %s, '2024-%02d-%02d 10:%02d:00')"
                    % (i, name, i, "NULL" if city is None else "'%s'" % city,
                       1 + i % 12, 1 + i % 28, i % 60))
    st.append("INSERT INTO customers VALUES " + ", ".join(rows))
    rows = []
    for i in range(1, 21):
        rows.append("('SKU%05d', 'Product № %d – “%s”', %d.%02d, %d, %s)"
                    % (i, i, FIRST[i % len(FIRST)], 3 + i * 7 % 90, i * 13 % 100,
                       i * 17 % 50,
                       "NULL" if i % 4 == 0 else "'Beschreibung %d: naïve café'" % i))
    st.append("INSERT INTO products VALUES " + ", ".join(rows))
    rows = []
    for i in range(1, 301):
        rows.append("(%d, %d, 'SKU%05d', %d, '%s', %s, '2024-%02d-%02d')"
                    % (i, 1 + i * 7 % 60, 1 + i * 3 % 20, 1 + i % 5,
                       ("new", "paid", "shipped")[i % 3],
                       "NULL" if i % 5 else "'gift ✓ %d'" % i, 1 + i % 12, 1 + i % 28))
    st.append("INSERT INTO orders VALUES " + ", ".join(rows))
    st.append("ALTER USER 'root'@'localhost' IDENTIFIED BY '%s'" % PASSWORD)
    return st


def load_fixture(server):
    c = server.connect()
    try:
        with c.cursor() as cur:
            for s in fixture_statements():
                cur.execute(s)
    finally:
        c.close()


def query(server, sql):
    c = server.connect(password=PASSWORD, database=DB)
    try:
        with c.cursor() as cur:
            cur.execute(sql)
            return cur.fetchall()
    finally:
        c.close()


# -- PHP servers ---------------------------------------------------------------

def php_server(area, name, docroot, router, env):
    port = servers.free_port()
    log = open(os.path.join(area.subdir("php"), name + ".log"), "ab")
    argv = ["php", "-d", "display_errors=stderr", "-d", "upload_max_filesize=8M",
            "-d", "memory_limit=512M", "-S", "127.0.0.1:%d" % port, "-t", docroot]
    if router:
        argv.append(router)
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log,
                            stderr=subprocess.STDOUT, env=dict(os.environ, **env),
                            preexec_fn=servers._set_pdeathsig)
    log.close()
    url = "http://127.0.0.1:%d/" % port
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(url + "robots.txt", timeout=2):
                pass
            return proc, url
        except urllib.error.HTTPError:
            return proc, url      # it answers
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("php -S for %s did not start (log: %s)" % (name, log.name))
            time.sleep(0.1)


def shadow_phpmyadmin(area):
    """A tree of symlinks to Debian's phpMyAdmin but for libraries/vendor_config.php."""
    root = area.subdir("pma-root")
    for e in os.listdir(PMA_DIR):
        if e != "libraries":
            os.symlink(os.path.join(PMA_DIR, e), os.path.join(root, e))
    lib = os.path.join(root, "libraries")
    os.makedirs(lib)
    for e in os.listdir(os.path.join(PMA_DIR, "libraries")):
        if e != "vendor_config.php":
            os.symlink(os.path.join(PMA_DIR, "libraries", e), os.path.join(lib, e))
    with open(os.path.join(lib, "vendor_config.php"), "w") as f:
        f.write("<?php\n// Debian's settings, but this test's config file and temp dir\n"
                "$c = require '%s/libraries/vendor_config.php';\n"
                "$c['configFile'] = getenv('PMA_TEST_CONFIG');\n"
                "$c['tempDir'] = getenv('PMA_TEST_TMP');\n"
                "return $c;\n" % PMA_DIR)
    router = os.path.join(area.path, "pma-router.php")
    with open(router, "w") as f:
        f.write("<?php\ndefine('ROOT_PATH', '%s/');\nreturn false;\n" % root)
    return root, router


def pma_config(area, label, port):
    tmp = area.subdir("pma-tmp-" + label)
    path = os.path.join(area.path, "pma-config-%s.inc.php" % label)
    with open(path, "w") as f:
        f.write("<?php\n"
                "$cfg['blowfish_secret'] = '%s';\n"
                "$cfg['Servers'][1]['auth_type'] = 'cookie';\n"
                "$cfg['Servers'][1]['host'] = '127.0.0.1';\n"
                "$cfg['Servers'][1]['connect_type'] = 'tcp';\n"
                "$cfg['Servers'][1]['port'] = '%d';\n"
                "$cfg['Servers'][1]['AllowNoPassword'] = false;\n"
                "$cfg['TempDir'] = '%s';\n"
                "$cfg['UploadDir'] = '';\n$cfg['SaveDir'] = '';\n"
                "$cfg['VersionCheck'] = false;\n"
                "$cfg['SendErrorReports'] = 'never';\n"
                "$cfg['MaxRows'] = 25;\n"
                % (os.urandom(16).hex(), port, tmp))
    return path, tmp


# -- page checks ---------------------------------------------------------------

WAIT_JS = """
if (document.readyState !== 'complete') return false;
if (window.jQuery && window.jQuery.active > 0) return false;
var n = document.querySelector('#loading_parent .ajax_notification, .ajax_notification');
if (n && n.offsetParent !== null && /Loading|Processing/.test(n.innerText)) return false;
return true;
"""

ERRORS_JS = """
var out = [];
document.querySelectorAll(arguments[0]).forEach(function (e) {
  if (e.offsetParent !== null && e.innerText.trim()) out.push(e.innerText.trim());
});
var body = document.body ? document.body.innerText : '';
(body.match(/#\\d{4} - [^\\n]*/g) || []).forEach(function (m) { out.push(m); });
if (/MySQL said/.test(body)) out.push('MySQL said: ...');
if (/(Fatal error|Parse error|Uncaught)/.test(body)) out.push('PHP error on page');
return out;
"""

# Pages whose errors on a server are a known, documented gap of pressdb's: printed, not
# failed (and said when they pass).
KNOWN_GAPS = {
    ("pma-advisor", "pressdb"): "the Advisor's rules read status counters pressdb does not "
                                "keep: Handler_read_*, Key_*, Opened_tables, Created_tmp_tables "
                                "(ARCHITECTURE.md, Status counters)",
}

PMA_ERRORS = ".alert-danger, #pma_errors .pma_error, .error"
ADMINER_ERRORS = ".error"


class Run:
    def __init__(self, args):
        self.args = args
        self.failures = []
        self.lines = []

    def fail(self, msg):
        self.failures.append(msg)
        print("FAIL " + msg, flush=True)


def wait_rendered(sess, timeout=30):
    deadline = time.monotonic() + timeout
    stable = 0
    while time.monotonic() < deadline:
        try:
            ok = sess.script(WAIT_JS)
        except webdriver.WebDriverError:
            ok = False
        stable = stable + 1 if ok else 0
        if stable >= 3:
            return True
        time.sleep(0.15)
    return False


class Page:
    """One page visit on one server: waits, checks errors, screenshot, extract."""

    def __init__(self, run, sess, label, app, results):
        self.run, self.sess, self.label, self.app = run, sess, label, app
        self.results = results

    def check(self, name, extract=None):
        t0 = time.monotonic()
        if not wait_rendered(self.sess):
            self.run.fail("%s %s: page still loading after 30s" % (name, self.label))
        sel = PMA_ERRORS if self.app == "pma" else ADMINER_ERRORS
        errors = self.sess.script(ERRORS_JS, sel)
        login = "#login_form" if self.app == "pma" else "input[name='auth[server]']"
        if self.sess.find_all(login) and name != "pma-login-form":
            errors.append("not logged in: the login form is shown")
        shot = os.path.join(self.run.args.out, "%s-%s.png" % (name, self.label))
        self.sess.screenshot(shot)
        if self.run.args.html:
            with open(shot[:-4] + ".html", "w", encoding="utf-8") as f:
                f.write(self.sess.script("return document.documentElement.outerHTML;"))
        data = None
        if extract:
            try:
                data = extract(self.sess)
            except webdriver.WebDriverError as e:
                errors.append("extracting the page's contents: %s" % e)
        self.results[name] = data
        gap = KNOWN_GAPS.get((name, self.label))
        status = "ok" if not errors else "GAP" if gap else "ERROR"
        print("%-24s %-8s %-5s %5.1fs %s" % (name, self.label, status, time.monotonic() - t0,
                                             os.path.relpath(shot)), flush=True)
        if gap and errors:
            print("    known gap (%s): %s" % (gap, errors[0][:200].replace("\n", " ")))
        elif gap:
            print("    known gap now passes, remove it from KNOWN_GAPS: %s" % gap)
        for e in ([] if gap else errors):
            self.run.fail("%s %s: %s" % (name, self.label, e[:500]))
        if self.run.args.verbose and data is not None:
            print("    %r" % (data,)[:600])
        return data


def texts_js(selector):
    """A function returning the innerText of each row (cells joined by |)."""
    js = """
    var out = [];
    document.querySelectorAll(arguments[0]).forEach(function (tr) {
      if (tr.offsetParent === null) return;
      var cells = [];
      tr.querySelectorAll('th, td').forEach(function (c) { cells.push(c.innerText.trim()); });
      out.push(cells.join(' | '));
    });
    return out;
    """
    return lambda sess: sess.script(js, selector)


def column_js(selector):
    js = """
    var out = [];
    document.querySelectorAll(arguments[0]).forEach(function (e) {
      if (e.offsetParent !== null) out.push(e.innerText.trim());
    });
    return out;
    """
    return lambda sess: sess.script(js, selector)


# -- phpMyAdmin ----------------------------------------------------------------

SELECT_SQL = ("SELECT c.name, c.city, COUNT(o.id) AS orders, SUM(o.qty) AS items "
              "FROM customers c JOIN orders o ON o.customer_id = c.id "
              "WHERE c.id <= 20 GROUP BY c.id, c.name, c.city ORDER BY c.id")

IMPORT_SQL = ("CREATE TABLE imported (id INT NOT NULL PRIMARY KEY, label VARCHAR(40) NOT NULL,"
              " amount DECIMAL(8,2) DEFAULT NULL) DEFAULT CHARSET=utf8mb4;\n"
              "INSERT INTO imported VALUES (1, 'eins', 1.50), (2, 'zwei ✓', NULL),"
              " (3, 'drei – three', 300.25);\n"
              "UPDATE imported SET amount = amount * 2 WHERE id = 1;\n")

EXTRA_PMA_PAGES = [
    ("pma-charsets", "/server/collations", {}),
    ("pma-engines", "/server/engines", {}),
    ("pma-processes", "/server/status/processes", {}),
    ("pma-query-stats", "/server/status/queries", {}),
    ("pma-advisor", "/server/status/advisor", {}),
    ("pma-users", "/server/privileges", {}),
    ("pma-db-operations", "/database/operations", {"db": DB}),
    ("pma-db-routines", "/database/routines", {"db": DB}),
    ("pma-db-triggers", "/database/triggers", {"db": DB}),
    ("pma-db-events", "/database/events", {"db": DB}),
    ("pma-db-search", "/database/search", {"db": DB}),
    ("pma-table-operations", "/table/operations", {"db": DB, "table": "customers"}),
    ("pma-table-insert", "/table/change", {"db": DB, "table": "customers"}),
    ("pma-table-search", "/table/search", {"db": DB, "table": "customers"}),
    ("pma-table-sql", "/table/sql", {"db": DB, "table": "customers"}),
    ("pma-replication", "/server/replication", {}),
    ("pma-plugins", "/server/plugins", {}),
    ("pma-binlog", "/server/binlog", {}),
    ("pma-server-export", "/server/export", {}),
    ("pma-db-qbe", "/database/multi-table-query", {"db": DB}),
    ("pma-table-relation", "/table/relation", {"db": DB, "table": "orders"}),
    ("pma-table-tracking", "/table/tracking", {"db": DB, "table": "orders"}),
]


def results_data(sess):
    """The data cells of phpMyAdmin's result grid, row by row."""
    return sess.script("""
      var out = [];
      document.querySelectorAll('table.table_results tbody tr').forEach(function (tr) {
        var cells = [];
        tr.querySelectorAll('td.data').forEach(function (c) { cells.push(c.innerText.trim()); });
        out.push(cells.join(' | '));
      });
      var heads = [];
      document.querySelectorAll('table.table_results thead th.column_heading').forEach(
        function (th) { heads.push(th.innerText.trim()); });
      return {head: heads, rows: out};
    """)


def pma_url(base, route, **params):
    q = "&".join("%s=%s" % (k, urllib.parse.quote(str(v))) for k, v in params.items())
    return "%sindex.php?route=%s%s" % (base, route, "&" + q if q else "")


def pma_pages(run, sess, label, base, server, tmpdir, results):
    p = Page(run, sess, label, "pma", results)
    sess.get(base)
    wait_rendered(sess)
    sess.type("#input_username", "root")
    sess.type("#input_password", PASSWORD)
    sess.click("#input_go")
    p.check("pma-login", lambda s: bool(s.find_all("#pma_navigation")))

    sess.get(pma_url(base, "/server/databases"))
    p.check("pma-databases", column_js("#tableDatabases tbody tr td.name, "
                                       "form#dbStatsForm tbody td.name a"))
    p.results["pma-server-tabs"] = column_js("#topmenu > li > a")(sess)

    sess.get(pma_url(base, "/database/structure", db=DB))
    p.results["pma-db-tabs"] = column_js("#topmenu > li > a")(sess)
    p.check("pma-db-structure", lambda s: s.script("""
      // table, rows, engine, collation: sizes and overhead differ by design
      var out = [];
      document.querySelectorAll('#tablesForm table.data tbody tr, #tablesForm table.data tfoot tr')
        .forEach(function (tr) {
          var cells = [];
          tr.querySelectorAll('th, td.tbl_rows, td.text-nowrap').forEach(function (c) {
            cells.push(c.innerText.trim()); });
          out.push(cells.join(' | '));
        });
      return out;"""))

    sess.get(pma_url(base, "/table/structure", db=DB, table="orders"))
    p.check("pma-table-structure", lambda s: {
        "tabs": column_js("#topmenu > li > a")(s),   # (which depend on the user's privileges)
        "columns": texts_js("#tablestructure tbody tr")(s),
        "indexes": texts_js("#table_index tbody tr")(s)})

    sess.get(pma_url(base, "/sql", db=DB, table="orders", pos=0))
    p.check("pma-browse", results_data)
    # sort by a column: its heading is a link
    sess.script("""
      var a = Array.from(document.querySelectorAll('table.table_results thead th a'))
        .find(function (a) { return a.innerText.trim().replace(/\\s.*$/, '') === 'qty'; });
      a.click();""")
    time.sleep(0.3)
    p.check("pma-browse-sorted", results_data)
    # the next page of the sorted rows
    sess.script("""
      var b = Array.from(document.querySelectorAll('input[type=submit], button'))
        .find(function (b) { return (b.value || b.innerText).trim() === '>'; });
      b.click();""")
    time.sleep(0.3)
    p.check("pma-browse-page2", results_data)

    sess.get(pma_url(base, "/database/sql", db=DB))
    wait_rendered(sess)
    sess.script("""
      // the SQL box's editor (the console at the bottom has a CodeMirror of its own)
      var box = document.getElementById('sqlquery');
      var cm = box.parentNode.querySelector('#sqlquery ~ .CodeMirror');
      if (cm && cm.CodeMirror) cm.CodeMirror.setValue(arguments[0]);
      else box.value = arguments[0];""", SELECT_SQL)
    sess.click("#button_submit_query")
    sess.find("table.table_results, .alert-danger, .alert-success", timeout=20)
    p.check("pma-sql-select", results_data)

    sess.get(pma_url(base, "/server/status"))
    p.check("pma-status", column_js("#page_content table th[scope=row], "
                                    "#page_content table th[scope=col]"))
    sess.get(pma_url(base, "/server/status/variables"))
    p.check("pma-status-variables", None)

    sess.get(pma_url(base, "/server/variables"))
    p.check("pma-variables", lambda s: s.script("""
      var out = {};
      document.querySelectorAll('#serverVariables .var-row, #serverVariables tbody tr')
        .forEach(function (r) {
          var n = r.querySelector('.var-name, th'), v = r.querySelector('.var-value, td.value');
          if (n && v) out[n.innerText.trim()] = v.innerText.trim();
        });
      return out;"""))

    # more of phpMyAdmin's pages: no SQL error on them (what they list is the server's own)
    for name, route, params in EXTRA_PMA_PAGES:
        sess.get(pma_url(base, route, **params))
        p.check(name, None)

    # a row through the insert form (the second, blank row is skipped as phpMyAdmin does)
    sess.get(pma_url(base, "/table/change", db=DB, table="customers"))
    wait_rendered(sess)
    sess.type("#field_2_3", "Zoë Insert")
    sess.type("#field_3_3", "insert@example.org")
    sess.type("#field_4_3", "Łódź")
    sess.click("#buttonYes")
    sess.find(".alert-success, .alert-danger", timeout=20)
    p.check("pma-insert-row", column_js(".alert-success"))

    sess.get(pma_url(base, "/database/export", db=DB))
    wait_rendered(sess)
    sess.click("#radio_custom_export")
    sess.click("#radio_view_as_text")
    sess.click("#buttonGo")
    time.sleep(0.5)
    p.check("pma-export", lambda s: s.script(
        "var t = document.querySelector('textarea#textSQLDUMP, textarea[name=sqldump]');"
        "return t ? t.value : null;"))

    path = os.path.join(tmpdir, "import.sql")
    with open(path, "w", encoding="utf-8") as f:
        f.write(IMPORT_SQL)
    sess.get(pma_url(base, "/database/import", db=DB))
    wait_rendered(sess)
    sess.type("#input_import_file", path, clear=False)
    sess.click("#buttonGo")
    time.sleep(0.5)
    p.check("pma-import", column_js(".alert-success"))
    p.results["pma-import-table"] = [str(r) for r in query(
        server, "SELECT id, label, amount FROM imported ORDER BY id")]


# -- Adminer -------------------------------------------------------------------

def adminer_pages(run, sess, label, base, server, results):
    p = Page(run, sess, label, "adminer", results)
    sess.get(base + "adminer.php")
    wait_rendered(sess)
    sess.type("input[name='auth[server]']", "127.0.0.1:%d" % server.port)
    sess.type("input[name='auth[username]']", "root")
    sess.type("input[name='auth[password]']", PASSWORD)
    sess.click("input[type=submit]")
    p.check("adminer-databases", texts_js("#content table tbody tr"))
    q = "adminer.php?server=127.0.0.1:%d&username=root&db=%s" % (server.port, DB)
    sess.get(base + q)
    p.check("adminer-db", texts_js("#content table tbody tr"))
    sess.get(base + q + "&table=orders")
    p.check("adminer-table-structure", texts_js("#content table tbody tr"))
    sess.get(base + q + "&select=orders&order%5B0%5D=qty&limit=50")
    p.check("adminer-select", texts_js("#content table#table tbody tr"))
    sess.get(base + q + "&sql=")
    wait_rendered(sess)
    # (the textarea sits under Adminer's highlighting editor: set it as a script would)
    sess.script("var t = document.querySelector('textarea[name=query]'); t.value = arguments[0];"
                "t.form.querySelector('input[type=submit]').click();", SELECT_SQL)
    p.check("adminer-sql-select", texts_js("#content table tbody tr"))
    for name, param in (("adminer-variables", "variables="), ("adminer-status", "status="),
                        ("adminer-processlist", "processlist="), ("adminer-privileges", "privileges=")):
        sess.get(base + q.replace("&db=" + DB, "") + "&" + param)
        p.check(name, None)
    # a row through the edit form (new item)
    sess.get(base + q + "&edit=customers")
    wait_rendered(sess)
    sess.type("[name='fields[name]']", "Adminer Ærø")
    sess.type("[name='fields[email]']", "adminer@example.org")
    sess.type("[name='fields[city]']", "Tromsø")
    sess.click("input[type=submit][value=Save]")
    p.check("adminer-insert-row", column_js(".message"))
    # the SQL export, opened as text in the browser
    sess.get(base + q + "&dump=")
    wait_rendered(sess)
    sess.click("input[name=output][value=text]")
    sess.click("input[type=submit][value=Export]")
    time.sleep(0.5)
    p.check("adminer-export", lambda s: s.script("return document.body.innerText;"))


# -- comparison ----------------------------------------------------------------

DUMP_VOLATILE = re.compile(r"^-- (Host|Generation Time|Server version|PHP Version|"
                           r"version \d|https://www\.phpmyadmin\.net|Adminer \S+ MySQL \S+ dump|"
                           r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$)",
                           re.M)


SYSTEM_SCHEMAS = ("mysql", "performance_schema", "sys")


def normalise(name, data):
    """What of a page depends only on the data (not on sizes, times, versions)."""
    if data is None:
        return None
    if name in ("pma-export", "adminer-export") and isinstance(data, str):
        return [l for l in data.splitlines() if not DUMP_VOLATILE.match(l)]
    if name in ("pma-databases", "adminer-databases"):
        # pressdb lists no mysql, performance_schema, sys (ARCHITECTURE.md, "The mysql schema")
        return [r for r in data if not set(r.split(" | ")) & set(SYSTEM_SCHEMAS)]
    if name == "pma-table-structure":
        # InnoDB's index cardinality is an estimate from sampled pages: left out
        return {"tabs": data["tabs"], "columns": data["columns"],
                "indexes": [" | ".join(c for c in r.split(" | ") if not c.isdigit())
                            for r in data["indexes"]]}
    if name == "pma-db-structure":
        # the sum row's sizes differ by design
        return [" | ".join(c for c in r.split(" | ") if not re.match(r"^[\d.,]+ [KMG]?i?B$", c))
                for r in data]
    if name == "adminer-insert-row":
        return [re.sub(r"\d\d:\d\d:\d\d", "", r) for r in data]
    if name in ("pma-import", "pma-insert-row"):
        return [re.sub(r"\(Query took [0-9.]+ seconds\.\)", "", r) for r in data]
    if name == "adminer-db":
        # table, engine, collation (lengths, auto_increment estimates differ)
        return [" | ".join(r.split(" | ")[1:4]) for r in data]
    if name == "pma-variables":
        return None     # compared by compare_variables
    if name == "pma-status-variables":
        return None     # values are the server's own; errors only
    return data


# Variables whose values describe the process, not the SQL behaviour (secure_file_priv: a
# path, pressdb's own <datadir>/files by default where Debian's MariaDB has none)
VAR_VOLATILE = re.compile(r"^(version|version comment|have ssl|hostname|port|socket|datadir|pid file|tmpdir|secure file priv|"
                          r"basedir|.*dir|.*file|.*path|server id|timestamp|"
                          r"innodb .*|thread .*|.*cache.*|.*buffer.*|.*size|"
                          r"performance schema.*|log .*|general log.*|slow query log.*|"
                          r"character sets dir|plugin dir|.*uuid|.*time zone.*|"
                          r"open files limit|report port|server uid|wsrep node name)$")


def compare_variables(run, a, b):
    """The variables both servers show must have the same values."""
    if not a or not b:
        run.fail("pma-variables: no variables extracted (MariaDB %d, pressdb %d)"
                 % (len(a or {}), len(b or {})))
        return
    bad = []
    a = {re.sub(r"[\s_]+", " ", k).strip().lower(): v for k, v in a.items()}
    b = {re.sub(r"[\s_]+", " ", k).strip().lower(): v for k, v in b.items()}
    for k in sorted(set(a) & set(b)):
        if VAR_VOLATILE.match(k):
            continue
        if a[k] != b[k]:
            bad.append("%s: MariaDB %r, pressdb %r" % (k, a[k][:80], b[k][:80]))
    for line in bad:
        run.fail("pma-variables differs: " + line)
    print("pma-variables            compared %d variables shown by both, %d only by MariaDB"
          % (len(set(a) & set(b)), len(set(a) - set(b))))


def compare(run, ref, got):
    for name in ref:
        if name == "pma-variables":
            compare_variables(run, ref[name], got.get(name))
            continue
        a, b = normalise(name, ref[name]), normalise(name, got.get(name))
        if a is None and b is None:
            continue
        if a in (None, [], "", {}):
            run.fail("%s: nothing extracted on MariaDB (the test's selector is wrong)" % name)
            continue
        if a != b:
            al = a if isinstance(a, list) else [repr(a)]
            bl = b if isinstance(b, list) else [repr(b)]
            if isinstance(a, dict):
                al, bl = flatten(a), flatten(b or {})
            diff = list(difflib.unified_diff([str(x) for x in al], [str(x) for x in bl],
                                             "MariaDB", "pressdb", lineterm="", n=1))
            run.fail("%s: pressdb shows something else than MariaDB:\n    %s"
                     % (name, "\n    ".join(diff[:40])))
        else:
            print("%-24s same on both (%s)" % (name, describe(a)), flush=True)


def flatten(d):
    """A page's dict of lists as one line per item (for a readable diff)."""
    out = []
    for k, v in sorted(d.items()):
        out.extend("%s: %s" % (k, x) for x in (v if isinstance(v, list) else [v]))
    return out


def describe(a):
    if isinstance(a, list):
        return "%d rows" % len(a)
    if isinstance(a, dict):
        return ", ".join("%s: %d" % (k, len(v)) for k, v in a.items()
                         if isinstance(v, list))
    return "1 value"


# -- main ----------------------------------------------------------------------

def check_prerequisites():
    missing = [p for p in (PMA_DIR + "/index.php", ADMINER_DIR + "/adminer.php")
               if not os.path.exists(p)]
    for exe in ("php", "chromedriver", "chromium"):
        if not shutil.which(exe):
            missing.append(exe)
    if missing:
        sys.exit("admin_ui: missing %s (apt-get install chromium chromium-driver "
                 "phpmyadmin adminer php-cli php-mysql)" % ", ".join(missing))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "admin-ui"))
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--query-log", action="store_true",
                    help="general log of both servers into the temporary directory (with --keep)")
    ap.add_argument("--html", action="store_true", help="save each page's HTML beside its screenshot")
    args = ap.parse_args()
    check_prerequisites()
    os.makedirs(args.out, exist_ok=True)
    for f in os.listdir(args.out):
        if f.endswith(".png") or f.endswith(".html"):
            os.unlink(os.path.join(args.out, f))
    run = Run(args)
    area = servers.TempArea(keep=args.keep)
    procs = []
    driver = None
    t0 = time.monotonic()
    try:
        maria = MariaDB(area)
        maria.initialise()
        maria.start()
        press = PressDB(area, args.server).start()
        for s in (maria, press):
            load_fixture(s)
            if args.query_log:
                # every statement the applications send, for finding what to fix
                c = s.connect(password=PASSWORD)
                with c.cursor() as cur:
                    cur.execute("SET GLOBAL general_log_file = '%s'"
                                % os.path.join(s.dir, "general.log"))
                    cur.execute("SET GLOBAL general_log = ON")
                c.close()
        root, router = shadow_phpmyadmin(area)
        driver = webdriver.Chromedriver(servers.free_port(),
                                        os.path.join(area.path, "chromedriver.log"),
                                        preexec_fn=servers._set_pdeathsig)
        results = {}

        def server_pages(label, server):
            # (each server's pages in a thread of their own, with php servers of their own:
            # most of a page's time is waiting for it to render)
            adminer_proc, adminer_base = php_server(area, "adminer-" + label, ADMINER_DIR, None, {})
            procs.append(adminer_proc)
            config, tmp = pma_config(area, label, server.port)
            proc, base = php_server(area, "pma-" + label, root, router,
                                    {"PMA_TEST_CONFIG": config, "PMA_TEST_TMP": tmp})
            procs.append(proc)
            res = {}
            for app in ("pma", "adminer"):
                sess = webdriver.Session(driver.url, area.subdir("downloads-" + label))
                try:
                    if app == "pma":
                        pma_pages(run, sess, label, base, server,
                                  area.subdir("upload-" + label), res)
                    else:
                        adminer_pages(run, sess, label, adminer_base, server, res)
                except Exception as e:  # noqa: BLE001 - reported, the run goes on
                    run.fail("%s on %s stopped: %s" % (app, label, e))
                    if args.verbose:
                        traceback.print_exc()
                    try:
                        sess.screenshot(os.path.join(args.out, "%s-stopped-%s.png"
                                                     % (app, label)))
                    except Exception:  # noqa: BLE001
                        pass
                finally:
                    sess.quit()
            res["inserted-rows"] = [str(r) for r in query(
                server, "SELECT * FROM customers WHERE id > 60 ORDER BY id")]
            results[label] = res

        def pages_thread(label, server):
            try:
                server_pages(label, server)
            except Exception as e:  # noqa: BLE001 - reported as the harness's failure
                traceback.print_exc()
                run.fail("harness on %s: %s" % (label, e))
        t = threading.Thread(target=pages_thread, args=("mariadb", maria), daemon=True)
        t.start()
        pages_thread("pressdb", press)
        t.join()
        if set(results) != {"mariadb", "pressdb"}:
            raise RuntimeError("the pages of %s did not finish"
                               % ", ".join(sorted({"mariadb", "pressdb"} - set(results))))
        compare(run, results["mariadb"], results["pressdb"])
        if not press.alive():
            run.fail("pressdb is no longer running: %s" % press.exit_description())
    except Exception as e:  # noqa: BLE001
        traceback.print_exc()
        run.fail("harness: %s" % e)
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
        if driver:
            driver.stop()
        area.cleanup(bool(run.failures))
    print("admin_ui: %d failure(s) in %.0fs; screenshots in %s"
          % (len(run.failures), time.monotonic() - t0, os.path.relpath(args.out)))
    return 1 if run.failures else 0


if __name__ == "__main__":
    sys.exit(main())
