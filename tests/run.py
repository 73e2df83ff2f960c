#!/usr/bin/python3
"""Differential tests: run every tests/sql/*.sql statement on a private MariaDB
and on pressdb, and report every difference; then run tests/integration/*.py.

    /usr/bin/python3 tests/run.py --server build/pressdb [--only PATTERN] [--keep]
    /usr/bin/python3 tests/run.py --self-test      # MariaDB against a second MariaDB

See tests/README.md for the file format and the known-gaps file.
"""

import argparse
import fnmatch
import glob
import os
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "lib"))

try:
    import pymysql  # noqa: F401
except ImportError:
    sys.exit("PyMySQL is missing: run this with /usr/bin/python3 "
             "(Debian package python3-pymysql)")

import compare  # noqa: E402
import known_gaps  # noqa: E402
import servers  # noqa: E402
import sqlfile  # noqa: E402

MAX_STMT_LINES = 12


def out(*a):
    print(*a, flush=True)


def indent(text, n=4, max_lines=None):
    lines = text.splitlines() or [""]
    if max_lines and len(lines) > max_lines:
        lines = lines[:max_lines] + ["... (%d more lines)" % (len(lines) - max_lines)]
    return "\n".join(" " * n + l for l in lines)


def banner(text):
    line = "!" * 78
    return "%s\n!!! %s\n%s" % (line, text, line)


class Aborted(Exception):
    pass


class Runner:
    def __init__(self, args, ref, dut, gaps):
        self.args = args
        self.ref = ref
        self.dut = dut
        self.gaps = gaps
        self.la = ref.label
        self.unordered = args.unordered
        self.lb = dut.label
        self.files = 0
        self.statements = 0
        self.passed = 0
        self.failed = 0
        self.known = 0
        self.crashes = 0
        self.harness_errors = []
        self.failures = []          # (where, label) for the summary
        self.integ = {"passed": 0, "failed": 0, "known": 0}
        self.out_lock = threading.Lock()   # integration results come from two threads
        self.stop_own = False
        self.files_run = set()

    # -- connections ---------------------------------------------------------
    def _connect(self, server, found_rows):
        return compare.connect(server, read_timeout=self.args.timeout,
                               found_rows=found_rows)

    def _close(self, conn):
        if conn is None:
            return
        try:
            conn.close()
        except Exception:  # noqa: BLE001
            pass

    def _ref_setup(self, db, found_rows):
        conn = self._connect(self.ref, found_rows)
        for sql in ("DROP DATABASE IF EXISTS `%s`" % db, "CREATE DATABASE `%s`" % db,
                    "USE `%s`" % db):
            o = compare.execute(conn, sql)
            if o.error or o.client_error:
                raise Aborted("%s: setup statement %r failed: %s"
                              % (self.la, sql, o.error or o.client_error))
        return conn

    def _dut_setup(self, db, found_rows, create=True):
        """Connection to the server under test, using db.

        Returns (conn, problem, connection_trouble)."""
        try:
            conn = self._connect(self.dut, found_rows)
        except Exception as e:  # noqa: BLE001
            return None, "cannot connect: %s" % e, True
        steps = []
        if create:
            steps += ["DROP DATABASE IF EXISTS `%s`" % db, "CREATE DATABASE `%s`" % db]
        steps.append("USE `%s`" % db)
        for sql in steps:
            o = compare.execute(conn, sql)
            if o.client_error:
                self._close(conn)
                return None, "%s: %s" % (sql, o.client_error), True
            if not o.error:
                continue
            if sql.startswith("DROP"):
                continue          # DROP DATABASE may be unsupported: ignore
            if sql.startswith("CREATE") and o.error[0] == 1007:
                continue          # exists (because DROP is unsupported): use it
            self._close(conn)
            return None, "%s: %s" % (sql, compare.fmt_error(o.error)), False
        return conn, None, False

    # -- crash handling --------------------------------------------------------
    def _dut_trouble(self, where, stmt_sql, why):
        """pressdb died or hung: report loudly, restart it.  Returns a description."""
        if not self.dut.wait_exit(5):
            what = "HUNG or UNRESPONSIVE (%s); killed it" % why
            self.dut.kill()
        else:
            what = "CRASHED (%s)" % self.dut.exit_description()
        self.crashes += 1
        out(banner("%s %s at %s" % (self.lb, what, where)))
        if stmt_sql:
            out("statement:\n%s" % indent(stmt_sql, 4, MAX_STMT_LINES))
        out("--- %s log tail (%s) ---\n%s\n--- end of log ---"
            % (self.lb, self.dut.log_path, self.dut.log_tail(60)))
        out("restarting %s ..." % self.lb)
        try:
            self.dut.restart()
        except servers.ServerError as e:
            out("%s does not start again on the same datadir: %s" % (self.lb, e))
            out("restarting %s on a fresh datadir ..." % self.lb)
            self.dut.restart(fresh=True)
        out("%s restarted (port %s)" % (self.lb, self.dut.port))
        return "%s %s" % (self.lb, what)

    # -- reporting ---------------------------------------------------------------
    def _report_fail(self, stmt, diffs, note=None):
        self.failed += 1
        self.failures.append((stmt.where, diffs[0][0] if diffs else note))
        out("FAIL %s  %s" % (stmt.where, "; ".join(l for l, _ in diffs) or note))
        out(indent(stmt.sql, 4, MAX_STMT_LINES))
        if note:
            out("  %s" % note)
        for label, lines in diffs:
            out("  - %s" % label)
            for l in lines:
                out("      %s" % l)

    def _record(self, stmt, diffs):
        gap = self.gaps.match(stmt)
        if not diffs:
            self.passed += 1
            if gap:
                gap.passes += 1
            return
        if gap:
            gap.hits += 1
            self.known += 1
            out("known gap %s  %s  [%s]" % (stmt.where, "; ".join(l for l, _ in diffs),
                                            gap.reason))
            if self.args.verbose:
                out(indent(stmt.sql, 4, MAX_STMT_LINES))
                for label, lines in diffs:
                    out("  - %s" % label)
                    for l in lines:
                        out("      %s" % l)
            return
        self._report_fail(stmt, diffs)

    def _fail_rest(self, stmts, reason):
        for st in stmts:
            self.statements += 1
            self.failed += 1
            self.failures.append((st.where, reason))
        if stmts:
            out("FAIL %s..%s  %d statements not run: %s"
                % (stmts[0].where, stmts[-1].line, len(stmts), reason))

    # -- one file ------------------------------------------------------------------
    def run_sql_file(self, sf):
        before = (self.passed, self.failed, self.known)
        self._run_sql_file(sf)
        out("   %s: ok=%d failed=%d known-gaps=%d" % (
            sf.name, self.passed - before[0], self.failed - before[1],
            self.known - before[2]))

    def _run_sql_file(self, sf):
        self.files += 1
        self.files_run.add(sf.name)
        for p in sf.problems:
            self.harness_errors.append(p)
            out("FORMAT %s" % p)
        db = sf.database
        found_rows = "found-rows" in sf.options
        metadata_all = self.args.strict_metadata or "metadata" in sf.options
        out("== %s (%d statements, database %s)" % (sf.name, len(sf.statements), db))

        ref_conn = self._ref_setup(db, found_rows)
        if not self.dut.alive():
            self._dut_trouble("start of %s" % sf.name, None, "not running")
        dut_conn, problem, trouble = self._dut_setup(db, found_rows)
        if dut_conn is None:
            if trouble:
                self._dut_trouble("setup of %s" % sf.name, None, problem)
            self._fail_rest(sf.statements, "%s setup failed: %s" % (self.lb, problem))
            self._finish_file(sf, ref_conn, None)
            return

        stmts = sf.statements
        for i, st in enumerate(stmts):
            self.statements += 1
            oa = compare.execute(ref_conn, st.sql)
            ob = compare.execute(dut_conn, st.sql)
            want_warnings = ("skip-result" not in st.directives
                             and not (oa.error or ob.error or oa.client_error or ob.client_error)
                             and (oa.warning_count or ob.warning_count))
            if want_warnings:
                compare.fetch_warnings(ref_conn, oa)
                compare.fetch_warnings(dut_conn, ob)
            if "ordered" in st.directives:
                ordered = True
            elif "sorted" in st.directives:
                ordered = False
            else:
                ordered = (not self.unordered or "ordered" in sf.options
                           or sqlfile.has_outer_order_by(st.sql))
            metadata = metadata_all or "metadata" in st.directives
            diffs = compare.compare(oa, ob, st, ordered, metadata, self.la, self.lb)

            if oa.client_error:
                # the reference misbehaving is a harness problem
                if not self.ref.alive():
                    raise Aborted("%s died at %s:\n%s" % (self.la, st.where, self.ref.log_tail()))
                self.harness_errors.append("%s: %s connection error: %s"
                                           % (st.where, self.la, oa.client_error))
                self._close(ref_conn)
                ref_conn = self._connect(self.ref, found_rows)
                compare.execute(ref_conn, "USE `%s`" % db)

            if ob.client_error:
                # a crashing server may need a moment to exit (core dump, ASan report)
                dead = self.dut.wait_exit(0 if ob.timed_out else 3)
                if dead or ob.timed_out:
                    what = self._dut_trouble(st.where, st.sql, ob.client_error)
                    self._report_fail(st, diffs, note=what)
                    self._close(dut_conn)
                    self._fail_rest(stmts[i + 1:], "%s at %s" % (what, st.where))
                    self._finish_file(sf, ref_conn, None)
                    return
                # connection dropped or garbled, server still up: reconnect
                self._report_fail(st, diffs, note="%s connection broken; reconnecting "
                                  "(session state is lost)" % self.lb)
                self._close(dut_conn)
                dut_conn, problem, _ = self._dut_setup(db, found_rows, create=False)
                if dut_conn is None:
                    what = self._dut_trouble(st.where, st.sql, "cannot reconnect: %s" % problem)
                    self._fail_rest(stmts[i + 1:], "%s at %s" % (what, st.where))
                    self._finish_file(sf, ref_conn, None)
                    return
                continue
            self._record(st, diffs)

        if not self.dut.alive():
            what = self._dut_trouble("end of %s" % sf.name, None, "exited")
            self.failures.append((sf.name, what))
            self.failed += 1
        self._finish_file(sf, ref_conn, dut_conn)

    def _finish_file(self, sf, ref_conn, dut_conn):
        db = sf.database
        if not self.args.keep:
            try:
                compare.execute(ref_conn, "DROP DATABASE IF EXISTS `%s`" % db)
            except Exception:  # noqa: BLE001
                pass
            if dut_conn is not None and self.dut.alive():
                compare.execute(dut_conn, "DROP DATABASE IF EXISTS `%s`" % db)  # errors ignored
        self._close(ref_conn)
        self._close(dut_conn)

    # -- integration tests -----------------------------------------------------------
    def _integration_env(self):
        env = dict(os.environ)
        env.update({
            "PRESSDB_PORT": str(self.dut.port), "PRESSDB_SOCKET": self.dut.socket,
            "PRESSDB_HOST": "127.0.0.1", "PRESSDB_LABEL": self.lb,
            "PRESSDB_PID": str(self.dut.proc.pid), "PRESSDB_LOG": self.dut.log_path,
            "MARIADB_PORT": str(self.ref.port), "MARIADB_SOCKET": self.ref.socket,
            "MARIADB_HOST": "127.0.0.1",
            "PRESSDB_BIN": os.path.abspath(self.args.server or os.path.join(ROOT, "build", "pressdb")),
            "PRESSDB_SELF_TEST": "1" if self.args.self_test else "",
            "PYTHONPATH": os.pathsep.join([os.path.join(HERE, "lib")]
                                          + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])),
        })
        return env

    def _integration_proc(self, path, env):
        """Runs one integration test; returns (exit code or description, output, seconds)."""
        t0 = time.monotonic()
        try:
            r = subprocess.run([sys.executable, path], env=env, cwd=ROOT,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT,
                               timeout=self.args.integration_timeout)
            rc, output = r.returncode, r.stdout.decode("utf-8", "replace")
        except subprocess.TimeoutExpired as e:
            rc = "timeout after %ss" % self.args.integration_timeout
            output = (e.output or b"").decode("utf-8", "replace")
        return rc, output, time.monotonic() - t0

    def run_integration(self, path):
        """A test that reaches the run's pressdb: run alone, then check that server."""
        rel = os.path.relpath(path, HERE)
        if not self.dut.alive():
            self._dut_trouble("before %s" % rel, None, "not running")
        rc, output, dt = self._integration_proc(path, self._integration_env())
        crashed = not self.dut.alive()
        if crashed:
            self._dut_trouble(rel, None, "during integration test")
        with self.out_lock:
            self._integration_result(rel, rc, output, dt, crashed)

    def run_own_integration(self, paths, area):
        """Tests that start only pressdbs of their own (own_server_only), one after another
        beside the others. Most of their time is waiting (restarts, timeouts), so running
        them alongside saves minutes of CI. Those that compare with MariaDB get a second
        private one, so that nothing they do shows in the run's MariaDB (its processlist,
        engine status, global locks) while the others look at it."""
        if not paths:
            return
        env = self._integration_env()
        try:
            ref2 = servers.MariaDB(area, "mariadb-own", "MariaDB#own")
            ref2.initialise()
            ref2.start()
            ref2.load_time_zones()
        except Exception as e:   # noqa: BLE001 (reported as a failure of the run)
            with self.out_lock:
                self.harness_errors.append("second MariaDB for %d integration tests: %s"
                                           % (len(paths), e))
            return
        env.update({"MARIADB_PORT": str(ref2.port), "MARIADB_SOCKET": ref2.socket})
        for path in paths:
            if self.stop_own:
                return
            rc, output, dt = self._integration_proc(path, env)
            with self.out_lock:
                self._integration_result(os.path.relpath(path, HERE), rc, output, dt, False)

    def _integration_result(self, rel, rc, output, dt, crashed):
        gap = self.gaps.match_integration(rel)
        if rc == 0 and not crashed:
            self.integ["passed"] += 1
            out("ok   %s (%.1fs)" % (rel, dt))
            if gap:
                gap.passes += 1
            return
        if gap and not crashed:
            gap.hits += 1
            self.integ["known"] += 1
            out("known gap %s (exit %s)  [%s]" % (rel, rc, gap.reason))
            if self.args.verbose:
                out(indent(output, 4))
            return
        self.integ["failed"] += 1
        self.failures.append((rel, "exit %s" % rc))
        out("FAIL %s (exit %s, %.1fs)" % (rel, rc, dt))
        out(indent(output.rstrip(), 4))

    # -- the end -----------------------------------------------------------------------
    def gap_report(self, full_run, ran_integration):
        for g in self.gaps.gaps:
            if g.hits:
                continue
            if g.kind in ("loc", "file"):
                relevant = g.key.split(":")[0] in self.files_run
            elif g.kind == "integration":
                relevant = g.key in ran_integration
            else:
                relevant = full_run
            if not relevant:
                continue
            if g.passes:
                out("known gap now passes, remove it: %s" % g.describe())
            else:
                out("known gap matched nothing, remove or fix it: %s" % g.describe())


def find_tests(pattern):
    sql = sorted(glob.glob(os.path.join(HERE, "sql", "*.sql")))
    integ = sorted(glob.glob(os.path.join(HERE, "integration", "*.py")))

    def keep(p):
        if not pattern:
            return True
        rel = os.path.relpath(p, HERE)
        name = os.path.basename(p)
        return (pattern in rel or fnmatch.fnmatch(name, pattern)
                or fnmatch.fnmatch(rel, pattern))
    return [p for p in sql if keep(p)], [p for p in integ if keep(p)]


def runs_alone(path):
    """A test whose source says "run.py: alone": run after the others, with nothing beside it."""
    return "run.py: alone" in open(path, encoding="utf-8").read()


def own_server_only(path):
    """True when an integration test reaches no pressdb but the ones it starts itself
    (tests/lib/launch.py's pressdb_cmd, directly or through tests/lib/standalone.py's
    Server; not through tests/lib/dumps.py or itargets, which reach the run's) and reads
    no PRESSDB_EXTRA_ARGS."""
    src = open(path, encoding="utf-8").read()
    if runs_alone(path):
        return False
    return (("pressdb_cmd(" in src or ("standalone" in src and "Server(" in src))
            and not any(k in src for k in ("PRESSDB_PORT", "PRESSDB_SOCKET", "itargets", "dumps",
                                           "PRESSDB_EXTRA_ARGS")))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", help="pressdb binary (default: build/pressdb)")
    ap.add_argument("--only", metavar="PATTERN",
                    help="run only test files whose name contains PATTERN or matches "
                         "it as a glob (e.g. 001, 'basic', '0*_*.sql', integration)")
    ap.add_argument("--keep", action="store_true",
                    help="keep the temporary directory (datadirs, logs) and the test "
                         "databases")
    ap.add_argument("--self-test", action="store_true",
                    help="compare MariaDB with a second MariaDB instead of pressdb "
                         "(checks the harness and the test files)")
    ap.add_argument("--timeout", type=float, default=60,
                    help="seconds a statement may take before pressdb counts as hung")
    ap.add_argument("--integration-timeout", type=float, default=300)
    ap.add_argument("--strict-metadata", action="store_true",
                    help="also compare column charset, length, flags, decimals and "
                         "table/org names for every statement")
    ap.add_argument("--unordered", action="store_true",
                    help="compare rows as multisets where no outer ORDER BY fixes their order "
                         "(by default every statement's rows are compared in order: InnoDB's "
                         "order is what clients see)")
    ap.add_argument("--no-integration", action="store_true",
                    help="skip tests/integration/*.py")
    ap.add_argument("--skip-own-server", action="store_true",
                    help="skip integration tests that only start pressdbs of their own with "
                         "fixed options (the second pass's options do not reach them, so they "
                         "would run exactly as in the first pass)")
    ap.add_argument("--serial", action="store_true",
                    help="run every integration test alone (by default the ones that start only "
                         "pressdbs of their own run beside the others)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="show the differences of known gaps too")
    args = ap.parse_args()

    def on_term(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGINT, signal.default_int_handler)

    sql_paths, integ_paths = find_tests(args.only)
    if args.no_integration:
        integ_paths = []
    if args.skip_own_server:
        own = [p for p in integ_paths if own_server_only(p)]
        integ_paths = [p for p in integ_paths if p not in own]
        if own:
            out("not run again (own pressdb, fixed options): %s"
                % ", ".join(os.path.basename(p) for p in own))
    if not sql_paths and not integ_paths:
        out("no test files match %r" % args.only)
        return 2
    gaps = known_gaps.KnownGaps(os.path.join(HERE, "known_gaps.txt"))

    area = servers.TempArea(keep=args.keep)
    failed = True
    runner = None
    try:
        t0 = time.monotonic()
        if args.self_test:
            dut = servers.MariaDB(area, "mariadb2", "MariaDB#2")
            dut.initialise()
        else:
            binary = args.server or os.path.join(ROOT, "build", "pressdb")
            dut = servers.PressDB(area, binary)
        ref = servers.MariaDB(area, "mariadb", "MariaDB")
        ref.initialise()
        ref.start()
        ref.load_time_zones()   # (named zones, as Debian's MariaDB has them)
        if args.self_test:
            dut.start()
            dut.load_time_zones()
        else:
            dut.start()
        out("servers: %s; %s  (%.1fs)" % (ref.describe(), dut.describe(), time.monotonic() - t0))
        runner = Runner(args, ref, dut, gaps)
        for p in gaps.problems:
            runner.harness_errors.append(p)
            out("FORMAT %s" % p)

        for p in sql_paths:
            runner.run_sql_file(sqlfile.SqlFile(p))
        ran_integ = set(os.path.relpath(p, HERE) for p in integ_paths)
        own = [] if args.serial else [p for p in integ_paths if own_server_only(p)]
        alone = [] if args.serial else [p for p in integ_paths if runs_alone(p)]
        worker = threading.Thread(target=runner.run_own_integration, args=(own, area), daemon=True)
        worker.start()
        try:
            for p in integ_paths:
                if p not in own and p not in alone:
                    runner.run_integration(p)
        except BaseException:
            runner.stop_own = True   # (the test it runs now still ends)
            raise
        finally:
            worker.join()
        for p in alone:
            runner.run_integration(p)

        runner.gap_report(full_run=not args.only, ran_integration=ran_integ)
        r = runner
        if not args.self_test:
            # how many statements the statement-shape cache served (planner/cache.c):
            # with --plan-cache=2 (make sqltest-offload) that should be most of them
            try:
                c = dut.connect()
                with c.cursor() as cur:
                    cur.execute("SHOW GLOBAL STATUS LIKE 'Plan_cache%'")
                    out("plan cache: " + ", ".join("%s %s" % (k[11:], v) for k, v in cur.fetchall()))
                    # tables evicted and loaded back (--evict-after-s, make sqltest-offload)
                    cur.execute("SHOW GLOBAL STATUS LIKE 'Evict\\_%'")
                    out("eviction: " + ", ".join("%s %s" % (k[6:], v) for k, v in cur.fetchall()))
                c.close()
            except Exception as e:   # a crashed server is reported above
                out("plan cache: not read (%s)" % e)
        out("")
        if r.failures:
            out("failures:")
            for where, label in r.failures[:50]:
                out("  %s  %s" % (where, label))
            if len(r.failures) > 50:
                out("  ... %d more" % (len(r.failures) - 50))
        for e in r.harness_errors:
            out("harness error: %s" % e)
        if r.crashes:
            out(banner("%s crashed or hung %d time(s); see above" % (r.lb, r.crashes)))
        out("summary: %d files, %d statements, %d passed, %d failed, %d known gaps; "
            "integration: %d passed, %d failed, %d known gaps; crashes: %d; %.1fs"
            % (r.files, r.statements, r.passed, r.failed, r.known,
               r.integ["passed"], r.integ["failed"], r.integ["known"], r.crashes,
               time.monotonic() - t0))
        failed = bool(r.failed or r.integ["failed"] or r.crashes or r.harness_errors)
        # the plain closing line CI reads
        out("sqltest: %d passed, %d failed, %d skipped"
            % (r.passed + r.integ["passed"],
               r.failed + r.integ["failed"] + len(r.harness_errors),
               r.known + r.integ["known"]))
        return 1 if failed else 0
    except servers.ServerError as e:
        out(banner("server problem"))
        out(str(e))
        return 1
    except Aborted as e:
        out(banner("aborted"))
        out(str(e))
        return 1
    except KeyboardInterrupt:
        out("\ninterrupted; stopping the servers")
        failed = False   # nothing to keep: remove everything (unless --keep)
        return 130
    finally:
        if failed and runner is not None:
            for s in area.servers:
                if s is runner.dut or s.starts > 1 or not s.alive():
                    out("--- %s log tail (%s) ---\n%s\n--- end of log ---"
                        % (s.label, s.log_path, s.log_tail(15)))
        area.cleanup(failed)


if __name__ == "__main__":
    sys.exit(main())
