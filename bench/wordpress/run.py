#!/usr/bin/python3
"""run.py - the WordPress benchmark: pressdb against MariaDB 10.11 on the seven statements.

Method (shared/seeds/000_*): PyMySQL over TCP on an established autocommit connection;
per statement and engine 20 warm-up executions, then 11 batches of 100; the figure is the
median of the 11 batch means in ms per statement (or statement + SELECT FOUND_ROWS() pair).
Engines are interleaved batch by batch so drift hits all alike. Before any timing, each
statement's complete result (column names, rows, order, FOUND_ROWS()) is compared with
MariaDB's; a statement that differs is shown as failed and gets no ratio.

The runner starts its own servers on free ports with temporary data directories: a private
mariadbd (query cache off, 128 MiB buffer pool), and pressdb twice (--jit=off, --jit=on)
when --server is given. It loads the same generated dump into each with the `mariadb`
command-line client (that is the load time), records RSS after the load, times the
statements, then measures the first execution of each statement after a restart of each
server, and finally the SELECT 1 / commit micro-benchmarks. Everything is stopped at the end.

  run.py [--server ./build/pressdb]            full run: scale 1 (seed method) and 10 (growth)
  run.py --server ./build/pressdb --quick      small fixtures, few iterations, same code paths
  run.py --server ./build/pressdb --smoke      tiny fixture, result checks only, no timing;
                                               exit 1 if pressdb answers a statement wrongly

Results: bench/results/wordpress.{json,md}, wordpress*.png, micro.{json,md} (quick and
smoke runs write to bench/results/quick/ and bench/results/smoke/).
"""

import argparse
import signal
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile


def _rel(path):
    """A path for the results: relative to the checkout, so no machine paths are recorded."""
    if not path:
        return path
    top = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    return os.path.relpath(os.path.abspath(path), top)
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
sys.path.insert(0, HERE)

from lib import client, machine, micro, queries, report  # noqa: E402
from lib.servers import MariaDBServer, PressdbServer, ensure_mariadb_installed  # noqa: E402
import gen  # noqa: E402

ENGINES = [("mariadb", "MariaDB"), ("pressdb", "pressdb --jit=off"), ("pressdb-jit", "pressdb + JIT")]
MAX_REVIVE = 5
PK = {"wp_posts": "ID", "wp_postmeta": "meta_id", "wp_comments": "comment_ID", "wp_options": "option_id",
      "wp_terms": "term_id", "wp_term_taxonomy": "term_taxonomy_id",
      "wp_term_relationships": "object_id, term_taxonomy_id", "wp_users": "ID"}

MODES = {
    "full": dict(scales=[1.0, 10.0], warmup=20, batches=11, batch=100, warmup_cap_s=10.0, cap_s=60.0,
                 growth=dict(warmup=5, batches=11, budget_s=0.5, min_batch=3),
                 first_exec=True, micro=True, timing=True, results="results"),
    "quick": dict(scales=[0.1, 0.3], warmup=3, batches=5, batch=10, warmup_cap_s=1.0, cap_s=3.0,
                  growth=dict(warmup=2, batches=3, budget_s=0.05, min_batch=2),
                  first_exec=True, micro=True, timing=True, results="results/quick"),
    "smoke": dict(scales=[0.05], warmup=0, batches=0, batch=0, warmup_cap_s=0, cap_s=0, growth=None,
                  first_exec=False, micro=False, timing=False, results="results/smoke"),
}


def log(msg):
    print(msg, flush=True)


# --------------------------------------------------------------------------------------------

class Engine:
    """One server under test and everything measured about it in the current run."""

    def __init__(self, name, label, server):
        self.name, self.label, self.server = name, label, server
        self.info = dict(label=label, status="not started")
        self.conn = None
        self.prologue_notes = []

    def up(self):
        return self.server is not None and self.server.alive()

    def revive(self, where):
        """If the server was running and has died, note the crash and start it again (at most
        MAX_REVIVE times per run). Returns whether it is up."""
        if self.up():
            return True
        if self.server is None or self.info.get("status") != "ok":
            return False
        crashes = self.info.setdefault("crashes", [])
        rc = self.server.proc.returncode if self.server.proc is not None else None
        crashes.append("%s (exit status %s)" % (where, rc))
        log("  %-12s CRASHED (%s); restarting" % (self.name, where))
        self.drop_connection()
        self.server.proc = None
        if len(crashes) > MAX_REVIVE or not self.server.start():
            self.info["status"] = "crashed"
            self.info["error"] = "crashed at %s%s" % (where, "; restart failed: %s" % self.server.error
                                                       if self.server.error else "")
            return False
        return True

    def connection(self):
        if self.conn is None:
            self.conn, notes = client.wp_connect(self.server)
            for n in notes:
                if n not in self.prologue_notes:
                    self.prologue_notes.append(n)
        return self.conn

    def drop_connection(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except Exception:
                pass
        self.conn = None


def start_engines(workdir, pressdb_bin, absent_reason="no --server given"):
    engines = []
    for name, label in ENGINES:
        if name == "mariadb":
            srv = MariaDBServer(name, workdir)
        elif pressdb_bin:
            srv = PressdbServer(name, workdir, pressdb_bin, jit="on" if name.endswith("jit") else "off")
        else:
            e = Engine(name, label, None)
            e.info.update(status="absent", error=absent_reason)
            engines.append(e)
            continue
        e = Engine(name, label, srv)
        t0 = time.time()
        ok = srv.start()
        e.info["start_s"] = round(time.time() - t0, 2)
        if ok:
            e.info.update(status="ok", version=srv.version)
            if getattr(srv, "note", None):
                e.info["note"] = srv.note
            log("  %-12s started on port %d (%s)" % (name, srv.port, srv.version))
        else:
            e.info.update(status="failed to start", error=srv.error)
            log("  %-12s FAILED TO START: %s" % (name, (srv.error or "").splitlines()[0] if srv.error else ""))
        engines.append(e)
    return engines


def load(engine, dump, timeout):
    """Create the database and pipe the dump through the mariadb client; returns seconds."""
    srv = engine.server
    try:
        conn = srv.connect()
        with conn.cursor() as c:
            c.execute("CREATE DATABASE IF NOT EXISTS wordpress DEFAULT CHARACTER SET utf8mb4 "
                      "COLLATE utf8mb4_unicode_520_ci")
        conn.close()
    except Exception as e:
        engine.info.setdefault("load_errors", []).append("CREATE DATABASE: " + client.err_text(e))
    cmd = (["mariadb"] + srv.client_args() +
           ["--default-character-set=utf8mb4", "--max-allowed-packet=64M", "--force", "--batch",
            "--database=wordpress"])
    errpath = os.path.join(srv.workdir, engine.name + "-load.err")
    t0 = time.time()
    try:
        with open(dump, "rb") as f, open(errpath, "wb") as ef:
            r = subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL, stderr=ef, timeout=timeout)
        rc = r.returncode
    except subprocess.TimeoutExpired:
        rc = "timeout after %d s" % timeout
    secs = time.time() - t0
    errs = [ln for ln in open(errpath, encoding="utf-8", errors="replace").read().splitlines() if ln.strip()]
    engine.info["load_s"] = round(secs, 2)
    engine.info["load_exit"] = rc
    if errs:
        engine.info.setdefault("load_errors", []).extend(errs[:8])
        engine.info["load_error_count"] = len(errs)
    if not srv.alive():
        engine.info["status"] = "died during load"
        engine.info["error"] = "server exited during the load"
    return secs


def table_fingerprint(srv, table, checksum=True):
    """(row count, sha256 of all rows ordered by primary key) or raises."""
    conn = srv.connect(database="wordpress", read_timeout=600)
    try:
        with conn.cursor() as c:
            c.execute("SELECT COUNT(*) FROM %s" % table)
            n = int(client.text(c.fetchone()[0]))
        if not checksum:
            return n, None
        import pymysql.cursors
        h = hashlib.sha256()
        with conn.cursor(pymysql.cursors.SSCursor) as c:
            c.execute("SELECT * FROM %s ORDER BY %s" % (table, PK[table]))
            for row in c:
                h.update(repr(tuple(client.text(v) for v in row)).encode("utf-8", "surrogateescape"))
        return n, h.hexdigest()[:16]
    finally:
        conn.close()


def import_check(engines, manifest, checksum=True):
    ref = {}
    for e in engines:
        if not e.up():
            continue
        res = {}
        for t in PK:
            try:
                n, digest = table_fingerprint(e.server, t, checksum)
                res[t] = dict(rows=n, expected=manifest["rows"].get(t), checksum=digest)
            except Exception as ex:
                res[t] = dict(error=client.err_text(ex), expected=manifest["rows"].get(t))
        if e.name == "mariadb":
            ref = res
        for t, r in res.items():
            if "error" in r:
                r["ok"] = False
                continue
            r["ok"] = (r["rows"] == r["expected"] and
                       (not checksum or e.name == "mariadb" or r["checksum"] == ref.get(t, {}).get("checksum")))
        e.info["import_check"] = res
        bad = [t for t, r in res.items() if not r["ok"]]
        log("  %-12s import check: %s" % (e.name, "all %d tables match" % len(res) if not bad else
                                          "MISMATCH in " + ", ".join(bad)))


# --------------------------------------------------------------------------------------------

def check_results(engines, stmts, run_stmts, manifest):
    """Run each statement once on every engine and compare with MariaDB."""
    for st, rs in zip(stmts, run_stmts):
        results = {}
        for e in engines:
            if not e.revive("before " + st["id"]):
                rs["engines"][e.name] = dict(check="absent" if e.info["status"] == "absent" else "not running",
                                            detail=(e.info.get("error") or e.info["status"]).split("\n")[0][:300])
                continue
            try:
                conn = e.connection()
                res = client.execute(conn, st)
            except Exception as ex:
                res = client.Result()
                res.error = client.err_text(ex)
            if res.error:
                e.drop_connection()
                if not e.up():
                    res.error += " (server crashed)"
                    e.revive("during " + st["id"])
            results[e.name] = res
        ref = results.get("mariadb")
        rs["reference"] = ref.as_json() if ref else None
        for e in engines:
            if e.name not in results:
                continue
            res = results[e.name]
            if e.name == "mariadb":
                rs["engines"][e.name] = dict(check="reference" if res.ok() else "error",
                                            detail=client.describe(res) if res.ok() else "error: " + res.error)
                if res.ok():
                    rs["engines"][e.name]["rows"] = len(res.rows)
                    if res.found_rows is not None:
                        rs["engines"][e.name]["found_rows"] = res.found_rows
                continue
            ok, detail = client.compare(ref, res)
            rs["engines"][e.name] = dict(check="ok" if ok else ("error" if ok is None else "differs"),
                                        detail=detail)
            if res.ok():
                rs["engines"][e.name]["rows"] = len(res.rows)
                if res.found_rows is not None:
                    rs["engines"][e.name]["found_rows"] = res.found_rows
            if ok is False:
                rs["engines"][e.name]["result"] = res.as_json()
        # fixture sanity: MariaDB's search totals must be what the generator computed
        if st.get("word") and ref is not None and ref.ok():
            exp = manifest["search_expected"].get(st["word"], {})
            got_ids = [int(r[0]) for r in ref.rows]
            rs["fixture_expected"] = exp
            if exp and (str(exp.get("found_rows")) != str(ref.found_rows) or exp.get("first_ids") != got_ids):
                rs["fixture_warning"] = ("generator expected FOUND_ROWS %s and IDs %s; MariaDB gave %s and %s"
                                         % (exp.get("found_rows"), exp.get("first_ids"), ref.found_rows, got_ids))
                log("  WARNING %s: %s" % (st["id"], rs["fixture_warning"]))
        line = "  %-15s " % st["id"]
        for e in engines:
            d = rs["engines"].get(e.name, {})
            line += " %s=%s" % (e.name, d.get("check"))
        log(line + "   [" + rs["engines"]["mariadb"]["detail"] + "]")


def time_statements(engines, stmts, run_stmts, p, growth):
    """Seed method: warm-up, then batches interleaved across engines; median of batch means.

    A time cap keeps a very slow engine from taking hours: the warm-up stops after
    p["warmup_cap_s"] seconds (at least one execution), and when batches x batch size x the
    warm-up latency exceeds p["cap_s"], that engine's batches get smaller (down to 1
    execution) and then fewer (down to 3). Such figures are marked "capped"."""
    for st, rs in zip(stmts, run_stmts):
        active = []
        for e in engines:
            d = rs["engines"].get(e.name)
            if d and d["check"] in ("reference", "ok", "differs") and e.revive("before timing " + st["id"]):
                active.append(e)
        if not active:
            continue
        warm = {}
        for e in list(active):
            times = []
            try:
                conn = e.connection()
                t_end = time.time() + p["warmup_cap_s"]
                for _ in range(p["warmup"]):
                    times.append(round(client.run_batch(conn, st, 1), 4))
                    if time.time() > t_end:
                        break
                warm[e.name] = times
                rs["engines"][e.name]["warmup_ms"] = times
            except Exception as ex:
                rs["engines"][e.name]["timing_error"] = "warm-up: " + client.err_text(ex)
                e.drop_connection()
                active.remove(e)
                e.revive("timing " + st["id"])
        if not active:
            continue

        def recent(name):
            v = warm.get(name) or [1.0]
            return max(statistics.median(v[-5:]), 1e-3)

        if growth:
            worst = max(recent(e.name) for e in active)
            n0 = int(max(growth["min_batch"], min(p["batch"], round(growth["budget_s"] * 1000.0 / worst))))
        else:
            n0 = p["batch"]
        size, count = {}, {}
        for e in active:
            n, nb = n0, p["batches"]
            per = recent(e.name) / 1000.0
            if nb * n * per > p["cap_s"]:
                n = max(1, int(p["cap_s"] / (nb * per)))
                if nb * n * per > p["cap_s"]:
                    nb = max(3, min(nb, int(p["cap_s"] / per)))
                rs["engines"][e.name]["capped"] = True
            size[e.name], count[e.name] = n, nb
        means = {e.name: [] for e in active}
        for b in range(max(count.values())):
            for e in list(active):
                if b >= count[e.name]:
                    continue
                try:
                    means[e.name].append(client.run_batch(e.connection(), st, size[e.name]))
                except Exception as ex:
                    rs["engines"][e.name]["timing_error"] = "batch %d: %s" % (b + 1, client.err_text(ex))
                    e.drop_connection()
                    active.remove(e)
                    e.revive("timing " + st["id"])
        for name, m in means.items():
            if m and len(m) == count[name]:
                rs["engines"][name]["median_ms"] = round(statistics.median(m), 4)
                rs["engines"][name]["batch_means_ms"] = [round(x, 4) for x in m]
                rs["engines"][name]["batch_size"] = size[name]
                rs["engines"][name]["batches"] = count[name]
        ref = rs["engines"].get("mariadb", {}).get("median_ms")
        for name in means:
            d = rs["engines"][name]
            if name != "mariadb" and ref and d.get("median_ms"):
                d["ratio"] = round(ref / d["median_ms"], 3)     # > 1: faster than MariaDB
                d["scored"] = d["check"] == "ok"
        log("  %-15s %s" % (st["id"], "  ".join(
            "%s %.3f ms%s" % (k, rs["engines"][k]["median_ms"],
                              " (%dx%d, capped)" % (count[k], size[k]) if rs["engines"][k].get("capped") else "")
            for k in means if "median_ms" in rs["engines"][k])))


def time_round_trip(engines, run, p):
    """`SELECT 1` on each engine's timing connection, by the seed method (warm-up, then
    batches interleaved across engines, median of batch means): the client's own round trip,
    which bounds any ratio (MariaDB's time / this is the most a statement could gain)."""
    st = dict(id="select1", sql="SELECT 1", found_rows=False)
    active = [e for e in engines if e.up()]
    means = {e.name: [] for e in active}
    try:
        for e in active:
            for _ in range(p["warmup"]):
                client.run_batch(e.connection(), st, 1)
        for _ in range(p["batches"]):
            for e in active:
                means[e.name].append(client.run_batch(e.connection(), st, p["batch"]))
    except Exception as ex:
        log("  round trip not measured: %s" % client.err_text(ex))
        return
    run["select1_ms"] = {k: round(statistics.median(v), 4) for k, v in means.items() if v}
    log("  %-15s %s" % ("SELECT 1", "  ".join("%s %.3f ms" % kv for kv in run["select1_ms"].items())))


def jit_status(e):
    """pressdb --jit=on's Jit_* counters (names without the prefix, as integers), or None."""
    if e.name != "pressdb-jit" or not e.up():
        return None
    try:
        cur = e.connection().cursor()
        cur.execute("SHOW GLOBAL STATUS LIKE 'Jit\\_%'")
        return {k[4:].lower(): int(v) for k, v in cur.fetchall()}
    except Exception:
        return None


def first_executions(engines, stmts, run_stmts, refs):
    """Restart each server before each statement; time its first execution on a new connection."""
    for e in engines:
        if not e.up():
            continue
        restarts = []
        for st, rs in zip(stmts, run_stmts):
            d = rs["engines"].get(e.name)
            if d is None:
                continue
            e.drop_connection()
            t0 = time.time()
            ok = e.server.restart()
            restarts.append(time.time() - t0)
            if not ok:
                d["first_exec_error"] = "restart failed: " + (e.server.error or "")[:300]
                e.info["restart_error"] = e.server.error
                break
            if isinstance(e.server, MariaDBServer):
                e.server.wait_buffer_pool_load()
            try:
                conn = e.connection()
                res = client.execute(conn, st)
            except Exception as ex:
                res = client.Result()
                res.error = client.err_text(ex)
            if res.error:
                d["first_exec_error"] = res.error
                e.drop_connection()
            else:
                d["first_exec_ms"] = round(res.ms, 3)
                js = jit_status(e)
                if js:   # the kernels this first execution compiled (the server is fresh)
                    d["first_exec_jit"] = {k: js.get(k) for k in ("compiled_blocks", "compile_time_us")}
                ok2, detail = client.compare(refs[st["id"]], res) if e.name != "mariadb" else (True, "")
                d["first_exec_check"] = "ok" if ok2 else detail
        e.info["restart_s_median"] = round(statistics.median(restarts), 2) if restarts else None
        log("  %-12s first executions done (median restart %.2f s)" % (e.name, e.info["restart_s_median"] or 0))
        if not e.up():
            # leave it stopped; a later stage sees it as not running
            e.info["status"] = e.info.get("status", "ok") + "; not running after restarts"


# --------------------------------------------------------------------------------------------

NGRAM_DDL = ("ALTER TABLE wp_posts ADD KEY ngram_title (post_title(3)) COMMENT 'ngram', "
             "ADD KEY ngram_excerpt (post_excerpt(3)) COMMENT 'ngram', "
             "ADD KEY ngram_content (post_content(3)) COMMENT 'ngram'")


def add_ngram_keys(e):
    """--ngram: the same statement on every server. pressdb keeps the trigrams of the three
    searched columns; MariaDB keeps the ordinary 3-character prefix keys it reads."""
    conn = e.server.connect(database="wordpress")
    with conn.cursor() as c:
        t0 = time.perf_counter()
        c.execute(NGRAM_DDL)
        e.info["ngram_ddl_s"] = round(time.perf_counter() - t0, 3)
        # pressdb's warm thread builds the trigrams (a LIKE meanwhile matches every row):
        # the time until a LIKE finds them (Ngram_lookups moves), and their memory
        c.execute("SHOW GLOBAL STATUS LIKE 'Ngram_lookups'")
        l0 = c.fetchone()
        t0 = time.perf_counter()
        while l0 and time.perf_counter() - t0 < 120:
            c.execute("SELECT COUNT(*) FROM wp_posts WHERE post_title LIKE '%qqq%' OR post_excerpt LIKE '%qqq%' "
                      "OR post_content LIKE '%qqq%'")
            c.fetchall()
            c.execute("SHOW GLOBAL STATUS LIKE 'Ngram_lookups'")
            if int(c.fetchone()[1]) >= int(l0[1]) + 3:
                e.info["ngram_build_s"] = round(time.perf_counter() - t0, 2)
                break
            time.sleep(0.05)
        c.execute("SHOW GLOBAL STATUS LIKE 'Ngram_bytes'")
        nb = c.fetchone()
        if nb:
            e.info["ngram_bytes"] = int(nb[1])
    conn.close()


def run_scale(scale, role, args, p, pressdb_bin, stmts, workroot):
    log("\n== WordPress fixture scale %g (%s) ==" % (scale, role))
    dump, manifest = gen.ensure_fixture(scale, args.seed, log=log)
    if manifest.get("verify_problems"):
        log("  fixture problems: %s" % manifest["verify_problems"])
    log("  fixture: %s rows in wp_posts, %.1f MB dump, search matches %s" % (
        manifest["rows"]["wp_posts"], manifest["dump_bytes"] / 1e6, manifest["search_article_matches"]))
    if workroot:
        os.makedirs(workroot, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="pressdb-bench-s%s-" % gen.scale_tag(scale), dir=workroot)
    run = dict(scale=scale, role=role, fixture={k: manifest[k] for k in (
        "rows", "articles", "revisions", "body_bytes", "search_article_matches", "search_expected",
        "dump_bytes", "statements", "largest_statement_bytes", "longest_post_content_bytes", "seed",
        "generator", "verify_problems", "article_statuses") if k in manifest},
        method=dict(warmup=p["warmup"] if not role == "growth" else p["growth"]["warmup"],
                    batches=p["batches"] if not role == "growth" else p["growth"]["batches"],
                    batch=p["batch"] if not role == "growth" else "adaptive (%.2f s budget)" % p["growth"]["budget_s"]),
        engines={}, statements=[], ngram=bool(args.ngram))
    engines = []
    try:
        engines = start_engines(workdir, pressdb_bin, args.absent_reason)
        if not engines[0].up():
            raise SystemExit("MariaDB did not start: %s" % engines[0].info.get("error"))
        for e in engines:
            if e.up():
                log("  %-12s loading %s" % (e.name, os.path.basename(dump)))
                secs = load(e, dump, timeout=max(600, int(600 * scale)))
                if args.ngram:
                    add_ngram_keys(e)
                if e.name == "mariadb":
                    try:
                        conn = e.server.connect(database="wordpress")
                        with conn.cursor() as c:
                            c.execute("ANALYZE TABLE " + ", ".join(PK))
                            c.fetchall()
                        conn.close()
                    except Exception as ex:
                        e.info["analyze_error"] = client.err_text(ex)
                e.info["rss_after_load_kib"] = e.server.rss_kib()
                log("  %-12s loaded in %.1f s%s, RSS %s MiB" % (
                    e.name, secs, " (%d client errors)" % e.info["load_error_count"] if e.info.get("load_error_count") else "",
                    round((e.info["rss_after_load_kib"] or 0) / 1024, 1)))
        import_check(engines, manifest, checksum=not args.no_checksum)
        run["statements"] = [dict(id=s["id"], name=s["name"], sql=s["sql"], found_rows=s["found_rows"],
                                  extra=s["extra"], word=s.get("word"), engines={}) for s in stmts]
        log("  -- result checks")
        check_results(engines, stmts, run["statements"], manifest)
        if p["timing"]:
            log("  -- timing (%s)" % ("seed method" if role == "main" else "growth method"))
            tp = dict(p) if role == "main" else dict(p, warmup=p["growth"]["warmup"], batches=p["growth"]["batches"])
            if role == "main":
                time_round_trip(engines, run, tp)
            time_statements(engines, stmts, run["statements"], tp, p["growth"] if role == "growth" else None)
            for e in engines:
                if e.up():
                    e.info["rss_after_timing_kib"] = e.server.rss_kib()
                js = jit_status(e)
                if js:
                    e.info["jit_after_timing"] = js
        if p["first_exec"]:
            log("  -- first execution after restart")
            refs = {}
            for s in stmts:
                conn = engines[0].connection()
                refs[s["id"]] = client.execute(conn, s)
            first_executions(engines, stmts, run["statements"], refs)
        if p["micro"] and role == "main" and not args.no_micro:
            log("  -- micro-benchmarks (SELECT 1, commits)")
            for e in engines:
                if e.up():
                    e.drop_connection()
                    log("  %s:" % e.name)
                    e.info["micro"] = micro.run_all(e.server.port, quick=args.quick, log=log)
    finally:
        for e in engines:
            e.drop_connection()
            if e.prologue_notes:
                e.info["prologue_notes"] = e.prologue_notes
            if e.server is not None:
                e.server.stop()
            run["engines"][e.name] = e.info
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            log("  kept %s" % workdir)
    return run


def _on_signal(signum, frame):
    """SIGTERM/SIGHUP (e.g. from `timeout`) unwind like Ctrl-C, so the servers we started stop."""
    raise KeyboardInterrupt("signal %d" % signum)


def main():
    ap = argparse.ArgumentParser(description="WordPress benchmark: pressdb vs MariaDB 10.11")
    ap.add_argument("--server", help="pressdb binary (default ./build/pressdb if it exists)")
    ap.add_argument("--no-pressdb", action="store_true", help="MariaDB only")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--quick", action="store_true", help="small fixtures, few iterations")
    g.add_argument("--smoke", action="store_true", help="tiny fixture, result checks only (CI)")
    ap.add_argument("--scales", help="comma-separated fixture scales (first: seed method, others: growth)")
    ap.add_argument("--seed", type=int, default=gen.DEFAULT_SEED)
    ap.add_argument("--only", help="comma-separated statement ids (q1,q5-nightjar,x1,...)")
    ap.add_argument("--no-extras", action="store_true", help="skip the extra statements of queries.sql")
    ap.add_argument("--no-micro", action="store_true")
    ap.add_argument("--ngram", action="store_true",
                    help="add n-gram keys over wp_posts' title, excerpt and content after the import (on every server)")
    ap.add_argument("--no-checksum", action="store_true", help="row counts only in the import check")
    ap.add_argument("--out", help="results directory (default bench/results[/quick|/smoke])")
    ap.add_argument("--workdir", help="where the temporary data directories go (default $TMPDIR)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary data directories")
    ap.add_argument("--report", metavar="JSON", help="only rewrite the Markdown and charts from a results file")
    args = ap.parse_args()
    if args.report:
        with open(args.report) as f:
            result = json.load(f)
        outdir = os.path.abspath(args.out or os.path.dirname(args.report))
        for pth in report.write_all(result, outdir, charts=result.get("mode") != "smoke", log=log):
            log("wrote %s" % os.path.relpath(pth, os.getcwd()))
        return 0

    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGHUP, _on_signal)
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    p = dict(MODES[mode])
    scales = [float(x) for x in args.scales.split(",")] if args.scales else p["scales"]
    outdir = os.path.abspath(args.out or os.path.join(BENCH, p["results"]))
    os.makedirs(outdir, exist_ok=True)

    pressdb_bin = None
    args.absent_reason = "not requested (--no-pressdb)"
    if not args.no_pressdb:
        cand = args.server or os.path.join(ROOT, "build", "pressdb")
        if os.path.exists(cand):
            pressdb_bin = os.path.abspath(cand)
        else:
            log("pressdb binary %s not found: pressdb columns will be absent" % cand)
            args.absent_reason = "%s not found (not built)" % cand
    if not ensure_mariadb_installed(log=log):
        log("MariaDB is not available; cannot run the benchmark")
        return 2
    if not shutil.which("mariadb"):
        log("the mariadb command-line client is missing (apt-get install mariadb-client)")
        return 2

    stmts = queries.load_statements()
    if args.no_extras:
        stmts = [s for s in stmts if not s["extra"]]
    if args.only:
        keep = set(args.only.split(","))
        stmts = [s for s in stmts if s["id"] in keep]

    mach = machine.describe(ROOT)
    mariadbd = ensure_mariadb_installed(log=log)
    try:
        v = subprocess.run([mariadbd, "--version"], capture_output=True, text=True).stdout.split()
        mach["mariadb"] = "MariaDB " + v[v.index("Ver") + 1] if "Ver" in v else " ".join(v)
    except Exception:
        pass
    result = dict(suite="wordpress", mode=mode, machine=mach,
                  method=dict(client="PyMySQL over TCP 127.0.0.1, established autocommit connection, "
                                     "WordPress prologue (SET NAMES utf8mb4 COLLATE utf8mb4_unicode_520_ci, sql_mode, COM_INIT_DB)",
                              warmup=p["warmup"], batches=p["batches"], batch=p["batch"],
                              statistic="median of batch means, ms per statement (+ SELECT FOUND_ROWS())",
                              order="engines interleaved batch by batch",
                              ratio="MariaDB median / pressdb median (> 1: pressdb faster); only for statements whose result matches",
                              mariadb_config="mariadbd --no-defaults --query-cache-type=0 --innodb-buffer-pool-size=128M --skip-log-bin; ANALYZE TABLE after the load",
                              growth=p["growth"], cap_s=p["cap_s"], warmup_cap_s=p["warmup_cap_s"],
                              cap="an engine whose batches would take longer than cap_s per statement gets smaller "
                                  "(then fewer, at least 3) batches; its figure is marked capped"),
                  pressdb_binary=_rel(pressdb_bin), queries_file=_rel(queries.find_queries_file()), runs=[])
    t_start = time.time()
    exit_code = 0
    try:
        for i, sc in enumerate(scales):
            result["runs"].append(run_scale(sc, "main" if i == 0 else "growth", args, p, pressdb_bin, stmts,
                                            args.workdir))
    except SystemExit as e:
        log("ABORTED: %s" % e)
        result["aborted"] = str(e)
        exit_code = 2
    except KeyboardInterrupt:
        result["aborted"] = "interrupted"
        exit_code = 130
    except Exception:
        tb = traceback.format_exc()
        log(tb)
        result["aborted"] = tb
        exit_code = 2
    result["duration_s"] = round(time.time() - t_start, 1)

    paths = report.write_all(result, outdir, charts=(mode != "smoke"), log=log)
    for pth in paths:
        log("wrote %s" % os.path.relpath(pth, os.getcwd()))

    # summary of pressdb's answers
    bad, unsupported = [], []
    for run in result["runs"]:
        for name, e in run["engines"].items():
            if name != "mariadb" and e.get("status") not in ("ok", "absent"):
                unsupported.append("%s (scale %g): %s: %s" % (name, run["scale"], e.get("status"),
                                                              (e.get("error") or "").split("\n")[0][:200]))
            if e.get("crashes"):
                unsupported.append("%s (scale %g) crashed: %s" % (name, run["scale"], "; ".join(e["crashes"])))
        for s in run["statements"]:
            for name, d in s["engines"].items():
                if name == "mariadb":
                    continue
                if d["check"] == "differs":
                    bad.append("%s (scale %g) on %s: %s" % (s["id"], run["scale"], name, d["detail"]))
                elif d["check"] == "error":
                    unsupported.append("%s (scale %g) on %s: %s" % (s["id"], run["scale"], name, d["detail"][:160]))
    if unsupported:
        log("\npressdb did not answer (reported only):\n  " + "\n  ".join(unsupported))
    if bad:
        log("\npressdb answered WRONGLY:\n  " + "\n  ".join(bad))
    elif not unsupported and pressdb_bin and not result.get("aborted"):
        log("\npressdb answered every statement like MariaDB")
    if mode == "smoke" and bad and exit_code == 0:
        exit_code = 1
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
