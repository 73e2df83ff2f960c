#!/usr/bin/env python3
"""WordPress's own PHPUnit suite against pressdb and against MariaDB, side by side.

The suite is not part of this repository and CI cannot fetch it; this script runs it
where it is present (tests/README.md, "WordPress's PHPUnit suite", has the steps to get
it): a wordpress-develop checkout of branch 6.1 (--suite) and Yoast/PHPUnit-Polyfills
1.1.4 (--polyfills), with Debian's phpunit and Debian's built wordpress assets.

It starts a MariaDB and a pressdb (tests/lib/servers.py), runs the chosen groups on each
(default: the groups that exercise the database), and prints the tests that do not pass
on each, and those that fail on pressdb but pass on MariaDB. Exit status 1 when there are
such tests, 0 when none.

    tests/wordpress/phpunit.py --suite DIR --polyfills DIR [--server build/pressdb]
        [--group db,query,...] [--all] [--filter PATTERN] [--keep] [--only pressdb]
"""
import argparse, os, shutil, subprocess, sys, time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import servers  # noqa: E402

DB_GROUPS = "db,query,meta,option,comment,taxonomy,user,post,wpdb"
DEBIAN_WP = "/usr/share/wordpress"

# WordPress 6.1's bundled Requests library is deprecated under PHP 8.2 in ways PHPUnit
# turns into exceptions when a test first loads one of its classes: the run then ends
# early. Loading them all before PHPUnit's error handler is installed avoids that.
BOOTSTRAP = r"""<?php
define( 'WP_TESTS_CONFIG_FILE_PATH', %(config)s );
define( 'WP_TESTS_PHPUNIT_POLYFILLS_PATH', %(polyfills)s );
$pressdb_src = %(src)s;
$pressdb_level = error_reporting( E_ALL & ~E_DEPRECATED );
require_once $pressdb_src . 'wp-includes/class-requests.php';
Requests::register_autoloader();
$pressdb_it = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $pressdb_src . 'wp-includes/Requests' ) );
foreach ( $pressdb_it as $pressdb_file ) {
	if ( substr( $pressdb_file, -4 ) !== '.php' ) {
		continue;
	}
	$pressdb_rel = substr( $pressdb_file, strlen( $pressdb_src . 'wp-includes/' ), -4 );
	$pressdb_class = str_replace( '/', '_', $pressdb_rel );
	class_exists( $pressdb_class ) || interface_exists( $pressdb_class );
}
error_reporting( $pressdb_level );
require %(wp_bootstrap)s;
"""

CONFIG = r"""<?php
define( 'ABSPATH', %(src)s );
define( 'WP_DEFAULT_THEME', 'default' );
define( 'WP_DEBUG', true );
define( 'DB_NAME', 'wordpress_tests' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', %(host)s );
define( 'DB_CHARSET', 'utf8' );
define( 'DB_COLLATE', '' );
define( 'AUTH_KEY', 'put your unique phrase here' );
define( 'SECURE_AUTH_KEY', 'put your unique phrase here' );
define( 'LOGGED_IN_KEY', 'put your unique phrase here' );
define( 'NONCE_KEY', 'put your unique phrase here' );
define( 'AUTH_SALT', 'put your unique phrase here' );
define( 'SECURE_AUTH_SALT', 'put your unique phrase here' );
define( 'LOGGED_IN_SALT', 'put your unique phrase here' );
define( 'NONCE_SALT', 'put your unique phrase here' );
$table_prefix = 'wptests_';
define( 'WP_TESTS_DOMAIN', 'example.org' );
define( 'WP_TESTS_EMAIL', 'admin@example.org' );
define( 'WP_TESTS_TITLE', 'Test Blog' );
define( 'WP_PHP_BINARY', 'php' );
define( 'WPLANG', '' );
"""


def php_str(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def prepare_suite(suite):
    """Debian's built wp-includes and wp-admin assets (scripts, styles, blocks) into the
    checkout's src/, without overwriting its own files."""
    src = os.path.join(suite, "src")
    for part in ("wp-includes", "wp-admin"):
        subprocess.run(["cp", "-rnL", os.path.join(DEBIAN_WP, part) + "/.", os.path.join(src, part)],
                       check=True, stderr=subprocess.DEVNULL)
    return src + "/"


def outcomes(junit):
    """{test id: 'pass' | 'fail' | 'error' | 'skip'} from a JUnit file."""
    res = {}
    if not os.path.exists(junit):
        return res
    for tc in ET.parse(junit).getroot().iter("testcase"):
        name = "%s::%s" % (tc.get("class") or tc.get("classname"), tc.get("name"))
        kind = "pass"
        for child in tc:
            if child.tag in ("failure", "error"):
                kind = "fail" if child.tag == "failure" else "error"
            elif child.tag == "skipped" and kind == "pass":
                kind = "skip"
        res[name] = kind
    return res


def run_suite(args, area, server, label, src):
    d = area.subdir("phpunit-" + label)
    config = os.path.join(d, "wp-tests-config.php")
    with open(config, "w") as f:
        f.write(CONFIG % {"src": php_str(src), "host": php_str("127.0.0.1:%d" % server.port)})
    boot = os.path.join(d, "bootstrap.php")
    with open(boot, "w") as f:
        f.write(BOOTSTRAP % {"config": php_str(config), "polyfills": php_str(os.path.abspath(args.polyfills)),
                             "src": php_str(src),
                             "wp_bootstrap": php_str(os.path.join(os.path.abspath(args.suite),
                                                                  "tests/phpunit/includes/bootstrap.php"))})
    c = server.connect()
    c.cursor().execute("CREATE DATABASE IF NOT EXISTS wordpress_tests")
    c.close()
    junit = os.path.join(d, "junit.xml")
    argv = ["phpunit", "-c", os.path.join(args.suite, "phpunit.xml.dist"), "--bootstrap", boot,
            "--log-junit", junit]
    if not args.all:
        argv += ["--group", args.group]
    if args.filter:
        argv += ["--filter", args.filter]
    t0 = time.time()
    with open(os.path.join(d, "output.txt"), "wb") as out:
        subprocess.run(argv, cwd=args.suite, stdout=out, stderr=subprocess.STDOUT)
    res = outcomes(junit)
    counts = {}
    for k in res.values():
        counts[k] = counts.get(k, 0) + 1
    print("%s: %d tests in %.0f s: %s (output: %s)" % (label, len(res), time.time() - t0,
          ", ".join("%s %d" % kv for kv in sorted(counts.items())), os.path.join(d, "output.txt")))
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--suite", required=True, help="wordpress-develop checkout (branch 6.1)")
    ap.add_argument("--polyfills", required=True, help="Yoast/PHPUnit-Polyfills checkout (tag 1.1.4)")
    ap.add_argument("--server", default=os.path.join(HERE, "..", "..", "build", "pressdb"))
    ap.add_argument("--group", default=DB_GROUPS)
    ap.add_argument("--all", action="store_true", help="the whole suite instead of --group")
    ap.add_argument("--filter", help="phpunit --filter")
    ap.add_argument("--only", choices=["pressdb", "mariadb"], help="run on one server only")
    ap.add_argument("--keep", action="store_true", help="keep the servers' files and the outputs")
    args = ap.parse_args()
    if not shutil.which("phpunit"):
        print("skipped: phpunit is not installed (Debian package phpunit)")
        return 0
    if not os.path.isfile(os.path.join(args.suite, "tests/phpunit/includes/bootstrap.php")):
        print("skipped: no WordPress PHPUnit suite at %s" % args.suite)
        return 0
    src = prepare_suite(args.suite)
    area = servers.TempArea(keep=True)
    results = {}
    try:
        if args.only != "pressdb":
            results["MariaDB"] = run_suite(args, area, servers.start_mariadb(area), "MariaDB", src)
        if args.only != "mariadb":
            results["pressdb"] = run_suite(args, area, servers.start_pressdb(area, args.server), "pressdb", src)
    finally:
        for s in list(area.servers):
            s.stop()
    for label, res in results.items():
        bad = sorted(k for k, v in res.items() if v in ("fail", "error"))
        print("\nnot passing on %s (%d):" % (label, len(bad)))
        for k in bad:
            print("  %s %s" % (res[k], k))
    if len(results) < 2:
        return 0
    m, p = results["MariaDB"], results["pressdb"]
    worse = sorted(k for k, v in p.items() if v in ("fail", "error") and m.get(k) == "pass")
    missing = sorted(k for k in m if k not in p)
    print("\nfailing on pressdb, passing on MariaDB (%d):" % len(worse))
    for k in worse:
        print("  %s" % k)
    if missing:
        print("\nrun on MariaDB only (pressdb's run ended early?): %d" % len(missing))
    print("\nfiles kept in %s" % area.path)
    return 1 if worse or missing else 0


if __name__ == "__main__":
    sys.exit(main())
