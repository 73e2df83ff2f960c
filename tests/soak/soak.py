#!/usr/bin/python3
"""soak.py - everything at once against one pressdb, for a long time (`make soak`; not in CI).

    /usr/bin/python3 tests/soak/soak.py --server ./build/pressdb [--minutes 30]
        [--kill-every 300] [--server-memory-gb 8] [--no-http] [--no-sysbench] [--keep]

One pressdb on a private datadir, and at the same time:
  durability   4 writers commit in a loop (autocommit, and 3-statement transactions), each
               commit also deleting the writer's row 2,000 commits back, so the data stays
               bounded; every acknowledged commit is remembered
  wordpress    (root, Debian's wordpress + php-cli) a WordPress site (bench/http's seeding)
               under HTTP traffic: front page, REST read, REST comment writes
  sysbench     (when installed) oltp_read_write, 4 threads, in a loop
  garbage      connections that send random bytes, and half-open ones that never log in
  mid-result   clients that start reading a 20,000-row result (some with an open
               transaction) and drop the socket in the middle
  cartesian    `SELECT COUNT(*)` over a 3-way cross join and a 4-way cross join with LIMIT,
               with KILL QUERY / KILL from another connection
  watchdog     `SELECT 1` every 0.5 s (a fresh login every 5th time)
  killer       kill -9 every --kill-every seconds, then a restart on the same datadir

Checks, printed at the end (exit 1 if one fails):
  - after every restart and at the end, every acknowledged commit is there (and each
    writer's deleted rows are gone);
  - the watchdog was answered within 1 s every time, outside the restart windows;
  - the server never died except by our kill -9 (and restarted every time);
  - resident memory at the end (load stopped, 15 s to settle) is within 10% of resident
    memory 60 s into the last run of the server (the point where it "started" under load),
    and the figures of every run are printed.
"""

import argparse
import importlib.util
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)

import resource  # noqa: E402

import pymysql  # noqa: E402
from bench.lib import servers as bservers  # noqa: E402

KEEP_ROWS = 2000
T0 = time.monotonic()


def log(msg):
    print("[%7.1f s] %s" % (time.monotonic() - T0, msg), flush=True)


class Soak:
    def __init__(self, args, workdir):
        self.args = args
        self.db = bservers.PressdbServer("pressdb", workdir, args.server)
        self.stop = threading.Event()
        self.down = threading.Event()        # set while the killer restarts the server
        self.lock = threading.Lock()
        self.acked = {}                      # writer -> highest acknowledged sequence number
        self.stats = {}                      # name -> count
        self.failures = []
        self.watch = []                      # watchdog latencies outside restart windows
        self.rss = []                        # (run, label, KiB)
        self.run_no = 0
        self.area = None                     # the WordPress site's temporary directory

    # -- small tools
    def count(self, name, n=1):
        with self.lock:
            self.stats[name] = self.stats.get(name, 0) + n

    def fail(self, msg):
        with self.lock:
            self.failures.append(msg)
        log("FAIL: " + msg)

    def conn(self, db="soak", autocommit=True, timeout=10, cursorclass=pymysql.cursors.Cursor, read_timeout=60):
        return pymysql.connect(host="127.0.0.1", port=self.db.port, user="root", password="",
                               database=db, autocommit=autocommit, connect_timeout=timeout,
                               read_timeout=read_timeout, write_timeout=read_timeout,
                               cursorclass=cursorclass)

    def sql(self, stmt, db="soak"):
        c = self.conn(db)
        try:
            with c.cursor() as cur:
                cur.execute(stmt)
                return cur.fetchall()
        finally:
            c.close()

    def start_server(self):
        """Start pressdb with an address-space limit (--server-memory-gb), so a statement
        whose memory runs away ends the server (a failure of the soak) instead of taking
        the machine's memory from everything else."""
        ok = self.db.start(timeout=300)
        if ok and self.args.server_memory_gb > 0:
            lim = int(self.args.server_memory_gb * (1 << 30))
            resource.prlimit(self.db.proc.pid, resource.RLIMIT_AS, (lim, lim))
        return ok

    def pause(self, s):
        self.stop.wait(s)

    # -- setup
    def seed(self):
        self.sql("CREATE DATABASE soak", db=None)
        self.sql("CREATE TABLE acked (w INT NOT NULL, n BIGINT NOT NULL, pad VARCHAR(100), "
                 "PRIMARY KEY (w, n))")
        self.sql("CREATE TABLE big (id INT PRIMARY KEY, pad VARCHAR(150))")
        vals = ",".join("(%d, REPEAT('x', 140))" % i for i in range(20000))
        self.sql("INSERT INTO big VALUES " + vals)
        for t in ("c1", "c2", "c3", "c4"):
            self.sql("CREATE TABLE %s (a INT PRIMARY KEY, b INT)" % t)
            self.sql("INSERT INTO %s VALUES %s" % (t, ",".join("(%d,%d)" % (i, i % 7) for i in range(300))))

    # -- workloads (each a loop until stop; connection errors while the server is down are expected)
    def writer(self, w):
        n = 0
        c = None
        while not self.stop.is_set():
            try:
                if c is None:
                    c = self.conn()
                n += 1
                with c.cursor() as cur:
                    if n % 3:
                        cur.execute("INSERT INTO acked VALUES (%s, %s, 'autocommit')", (w, n))
                        cur.execute("DELETE FROM acked WHERE w = %s AND n = %s", (w, n - KEEP_ROWS))
                    else:
                        cur.execute("BEGIN")
                        cur.execute("INSERT INTO acked VALUES (%s, %s, 'transaction')", (w, n))
                        cur.execute("DELETE FROM acked WHERE w = %s AND n = %s", (w, n - KEEP_ROWS))
                        cur.execute("COMMIT")
                with self.lock:
                    self.acked[w] = n
                self.count("commits")
                self.pause(0.005)
            except pymysql.err.IntegrityError:
                # the insert committed but the reply was lost in a kill: that row is there
                with self.lock:
                    self.acked[w] = n
            except Exception:  # noqa: BLE001 - the server is restarting
                n -= 1
                c = self.drop(c)
                self.pause(0.2)
        self.drop(c)

    @staticmethod
    def drop(c):
        try:
            if c is not None:
                c.close()
        except Exception:  # noqa: BLE001
            pass
        return None

    def check_acked(self, when):
        with self.lock:
            acked = dict(self.acked)
        try:
            rows = self.sql("SELECT w, MIN(n), MAX(n), COUNT(*) FROM acked GROUP BY w")
        except Exception as e:  # noqa: BLE001
            self.fail("%s: cannot read the acknowledged commits: %s" % (when, e))
            return
        have = {int(r[0]): (int(r[1]), int(r[2]), int(r[3])) for r in rows}
        lost = 0
        for w, n in acked.items():
            lo, hi, cnt = have.get(w, (0, 0, 0))
            want_lo = max(1, n - KEEP_ROWS + 1)
            if hi < n or lo > want_lo or cnt < n - want_lo + 1:
                lost += 1
                self.fail("%s: writer %d acknowledged up to %d, the table has %s..%s (%s rows)"
                          % (when, w, n, lo, hi, cnt))
        self.count("acked_checks")
        log("%s: acknowledged commits all present (%s)" % (when, ", ".join(
            "w%d..%d" % (w, n) for w, n in sorted(acked.items()))) if not lost else "%s: LOST" % when)

    def garbage(self):
        held = []
        while not self.stop.is_set():
            try:
                s = socket.create_connection(("127.0.0.1", self.db.port), timeout=2)
                if random.random() < 0.5:
                    s.recv(4096)                                   # the greeting
                    s.sendall(os.urandom(random.randint(1, 300)))
                    s.close()
                else:
                    held.append(s)                                 # half-open: never logs in
                self.count("garbage")
            except Exception:  # noqa: BLE001
                pass
            if len(held) > 50:
                for s in held:
                    s.close()
                held = []
            self.pause(0.05)
        for s in held:
            s.close()

    def midresult(self):
        while not self.stop.is_set():
            try:
                c = self.conn(autocommit=random.random() < 0.5, cursorclass=pymysql.cursors.SSCursor)
                cur = c.cursor()
                if not c.get_autocommit():
                    cur.execute("SELECT COUNT(*) FROM acked")
                    cur.fetchall()
                cur.execute("SELECT * FROM big")
                for _ in range(random.randint(1, 5000)):
                    if cur.fetchone() is None:
                        break
                c._sock.close()                                    # gone in the middle
                cur._result = c._result = c._sock = None           # nothing left to drain
                self.count("midresult")
            except Exception:  # noqa: BLE001
                self.pause(0.2)
            self.pause(0.1)

    def cartesian(self):
        stmts = ["SELECT COUNT(*) FROM c1, c2, c3",
                 "SELECT * FROM c1, c2, c3, c4 LIMIT 10",
                 "SELECT c1.b, COUNT(*) FROM c1, c2, c3 GROUP BY c1.b"]
        while not self.stop.is_set():
            try:
                c = self.conn()
                with c.cursor() as cur:
                    cur.execute(random.choice(stmts))
                    cur.fetchall()
                c.close()
                self.count("cartesian_done")
            except Exception:  # noqa: BLE001 - killed (1317/1927/2013) or restarting
                self.count("cartesian_stopped")
                self.pause(0.2)

    def killer_of_queries(self):
        while not self.stop.is_set():
            self.pause(random.uniform(1, 4))
            try:
                for row in self.sql("SHOW PROCESSLIST"):
                    info = row[7] or ""
                    if "c1, c2, c3" in info:
                        verb = "KILL QUERY" if random.random() < 0.7 else "KILL"
                        try:
                            self.sql("%s %d" % (verb, int(row[0])))
                            self.count("kills_ok")
                        except Exception:  # noqa: BLE001
                            self.count("kills_refused")
            except Exception:  # noqa: BLE001
                pass

    def watchdog(self):
        c, i, run = None, 0, -1
        while not self.stop.is_set():
            i += 1
            down = self.down.is_set()
            t = time.monotonic()
            try:
                if c is None or i % 5 == 0 or run != self.run_no:
                    # a connection from before a kill -9 is gone: log in again
                    self.drop(c)
                    run = self.run_no
                    c = self.conn(db=None, timeout=5, read_timeout=5)
                with c.cursor() as cur:
                    cur.execute("SELECT 1")
                    cur.fetchall()
                dt = time.monotonic() - t
                if not down and not self.down.is_set():
                    with self.lock:
                        self.watch.append(dt)
                    if dt > 1.0:
                        self.fail("watchdog: SELECT 1 took %.2f s" % dt)
            except Exception as e:  # noqa: BLE001
                c = self.drop(c)
                if not down and not self.down.is_set():
                    self.fail("watchdog: %s" % e)
            self.pause(0.5)
        self.drop(c)

    def sysbench(self):
        base = ["sysbench", "oltp_read_write", "--db-driver=mysql", "--mysql-host=127.0.0.1",
                "--mysql-user=root", "--mysql-db=sbtest", "--tables=4", "--table-size=5000",
                "--mysql-ignore-errors=all"]
        try:
            self.sql("CREATE DATABASE sbtest", db=None)
            subprocess.run(base + ["--mysql-port=%d" % self.db.port, "prepare"], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
        except Exception as e:  # noqa: BLE001
            self.fail("sysbench prepare: %s" % e)
            return
        while not self.stop.is_set():
            p = subprocess.Popen(base + ["--mysql-port=%d" % self.db.port, "--threads=4", "--time=60",
                                         "run"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            while p.poll() is None and not self.stop.is_set():
                time.sleep(0.5)
            if p.poll() is None:
                p.terminate()
                p.wait()
            self.count("sysbench_runs")
            self.pause(1)

    def http(self, site, info):
        ids = info.get("post_ids") or [1]
        auth = "Basic " + __import__("base64").b64encode(
            ("admin:" + info["app_password"]).encode()).decode()
        paths = ["/", "/wp-json/wp/v2/posts?per_page=10", "/?s=post"]
        n = 0
        while not self.stop.is_set():
            n += 1
            try:
                if n % 4 == 0:
                    body = ('{"post": %d, "content": "soak comment %d %f"}'
                            % (random.choice(ids), n, time.time())).encode()
                    req = urllib.request.Request(site.url + "/wp-json/wp/v2/comments", data=body,
                                                 headers={"Content-Type": "application/json",
                                                          "Authorization": auth})
                else:
                    req = urllib.request.Request(site.url + random.choice(paths))
                with urllib.request.urlopen(req, timeout=30) as r:
                    r.read()
                self.count("http_ok")
            except Exception:  # noqa: BLE001
                self.count("http_error")
                self.pause(0.2)

    def killer(self):
        while not self.stop.is_set():
            self.pause(self.args.kill_every)
            if self.stop.is_set():
                break
            self.down.set()
            log("kill -9")
            self.db.proc.send_signal(signal.SIGKILL)
            self.db.proc.wait()
            self.db.proc = None
            if not self.start_server():
                self.fail("restart after kill -9 failed: %s" % self.db.error)
                self.stop.set()
                break
            self.run_no += 1
            self.count("kills")
            self.check_acked("after kill -9 #%d" % self.run_no)
            self.down.clear()
            threading.Thread(target=self.rss_at, args=(self.run_no, 60), daemon=True).start()

    def rss_at(self, run, after):
        if self.stop.wait(after) or self.run_no != run:
            return
        v = self.db.rss_kib()
        if v:
            with self.lock:
                self.rss.append((run, "%d s into run %d" % (after, run), v))
            log("RSS %d s into run %d: %.1f MiB" % (after, run, v / 1024))

    def monitor_death(self):
        while not self.stop.is_set():
            if not self.down.is_set() and self.db.proc is not None and self.db.proc.poll() is not None:
                self.fail("the server died on its own (status %s): %s"
                          % (self.db.proc.returncode, bservers.tail(self.db.logpath, 10)))
                self.stop.set()
            self.pause(0.5)


def start_wordpress(soak, workdir):
    spec = importlib.util.spec_from_file_location("bench_http", os.path.join(ROOT, "bench", "http", "run.py"))
    bh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bh)
    wp = bh.wp
    problems = wp.preflight()
    if problems:
        log("WordPress traffic skipped: " + "; ".join(problems))
        return None, None, None
    wp.db_exec(soak.db, "CREATE DATABASE `%s`" % wp.DB_NAME)
    wp.db_exec(soak.db, "CREATE USER '%s'@'localhost' IDENTIFIED BY '%s'" % (wp.DB_USER, wp.DB_PASSWORD))
    wp.db_exec(soak.db, "GRANT ALL PRIVILEGES ON `%s`.* TO '%s'@'localhost'" % (wp.DB_NAME, wp.DB_USER))
    area = wp.servers.TempArea(keep=soak.args.keep)
    site = bh.BenchSite(area, "soak", soak.db, wp.DB_USER, wp.DB_PASSWORD, 4)
    site.prepare()
    site.start()
    info = site.seed(50)
    soak.area = area
    log("WordPress site seeded (%d posts)" % len(info.get("post_ids") or []))
    return bh, site, info


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--kill-every", type=float, default=300, help="seconds between kill -9s (0: none)")
    ap.add_argument("--server-memory-gb", type=float, default=8,
                    help="address-space limit of the server (0: none)")
    ap.add_argument("--no-http", action="store_true")
    ap.add_argument("--no-sysbench", action="store_true")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    if args.kill_every <= 0:
        args.kill_every = 1e9
    workdir = tempfile.mkdtemp(prefix="pressdb-soak-")
    soak = Soak(args, workdir)
    site = None
    try:
        if not soak.start_server():
            print("pressdb did not start: %s" % soak.db.error, file=sys.stderr)
            return 2
        soak.seed()
        if not args.no_http:
            try:
                bh, site, info = start_wordpress(soak, workdir)
            except Exception as e:  # noqa: BLE001
                log("WordPress traffic skipped: %s" % e)
                site = None
        threads = [threading.Thread(target=soak.writer, args=(w,)) for w in range(4)]
        threads += [threading.Thread(target=f) for f in
                    (soak.garbage, soak.midresult, soak.midresult, soak.cartesian,
                     soak.killer_of_queries, soak.watchdog, soak.killer, soak.monitor_death)]
        if site is not None:
            threads += [threading.Thread(target=soak.http, args=(site, info)) for _ in range(3)]
        if not args.no_sysbench:
            if shutil.which("sysbench"):
                threads.append(threading.Thread(target=soak.sysbench))
            else:
                log("sysbench not installed (apt-get install sysbench): skipped")
        for t in threads:
            t.start()
        threading.Thread(target=soak.rss_at, args=(0, 60), daemon=True).start()
        log("load running for %.0f minutes, kill -9 every %.0f s" % (args.minutes, min(args.kill_every, 1e6)))
        end = time.monotonic() + args.minutes * 60
        while time.monotonic() < end and not soak.stop.is_set():
            time.sleep(min(30, max(0.1, end - time.monotonic())))
            with soak.lock:
                log("status: %s; %d failures" % (dict(sorted(soak.stats.items())), len(soak.failures)))
        soak.stop.set()
        for t in threads:
            t.join(120)
        if soak.db.alive():
            time.sleep(15)
            end_rss = soak.db.rss_kib()
            soak.check_acked("at the end")
            start = [v for run, _, v in soak.rss if run == soak.run_no]
            if start and end_rss:
                ratio = end_rss / start[0]
                log("RSS: %.1f MiB 60 s into the last run, %.1f MiB at the end (%.2fx)"
                    % (start[0] / 1024, end_rss / 1024, ratio))
                if ratio > 1.10:
                    soak.fail("RSS at the end is %.0f%% above its start" % ((ratio - 1) * 100))
            else:
                log("RSS: the last run was shorter than 60 s; no comparison")
        else:
            soak.fail("the server is gone at the end (status %s): %s" % (
                soak.db.proc.returncode if soak.db.proc else None, bservers.tail(soak.db.logpath, 10)))
        w = sorted(soak.watch)
        if w:
            log("watchdog: %d answers, median %.1f ms, max %.1f ms" % (
                len(w), w[len(w) // 2] * 1000, w[-1] * 1000))
        log("counts: %s" % dict(sorted(soak.stats.items())))
        if soak.failures:
            print("\nsoak FAILED:\n  " + "\n  ".join(soak.failures[:50]))
            return 1
        print("\nsoak passed: %d kill -9 rounds, 0 lost commits, %d commits" % (
            soak.stats.get("kills", 0), soak.stats.get("commits", 0)))
        return 0
    finally:
        soak.stop.set()
        if site is not None:
            try:
                site.stop()
                site.cleanup()
            except Exception:  # noqa: BLE001
                pass
        soak.db.stop()
        if soak.area is not None:
            soak.area.cleanup(bool(soak.failures))
        if args.keep:
            print("kept %s" % workdir)
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
