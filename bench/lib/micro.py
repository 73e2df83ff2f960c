"""micro.py - protocol micro-benchmarks: SELECT 1 latency and throughput, commit throughput.

  select1_latency  one established connection, N round trips of `SELECT 1`; p50/p90/p99/mean
  select1_qps      C client processes (not threads: the GIL would cap the client), each with
                   its own connection, `SELECT 1` in a loop for D seconds; total queries/s
  commit_rate      autocommit single-row INSERTs into an InnoDB-style table for D seconds on
                   C connections; commits/s. MariaDB runs with its defaults
                   (innodb_flush_log_at_trx_commit=1: every commit is flushed to disk).

All figures include PyMySQL's client cost; on a machine with few cores the client processes
compete with the server for CPU, so QPS is a floor, not a ceiling.
"""

import multiprocessing as mp
import statistics
import time

import pymysql

MICRO_DB = "pressdb_micro"


def _connect(port, database=None):
    kw = dict(host="127.0.0.1", port=port, user="root", password="", autocommit=True, conv={},
              charset="utf8mb4", connect_timeout=5, read_timeout=60, write_timeout=60)
    if database:
        kw["database"] = database
    return pymysql.connect(**kw)


def select1_latency(port, n=20000, warmup=500):
    conn = _connect(port)
    lat = []
    with conn.cursor() as c:
        for _ in range(warmup):
            c.execute("SELECT 1")
            c.fetchall()
        pc = time.perf_counter_ns
        for _ in range(n):
            t0 = pc()
            c.execute("SELECT 1")
            c.fetchall()
            lat.append(pc() - t0)
    conn.close()
    lat.sort()

    def q(p):
        return lat[min(len(lat) - 1, int(p * len(lat)))] / 1000.0

    return dict(n=n, p50_us=round(q(0.50), 1), p90_us=round(q(0.90), 1), p99_us=round(q(0.99), 1),
                mean_us=round(statistics.mean(lat) / 1000.0, 1))


def _qps_worker(port, sql, start, seconds, out):
    try:
        conn = _connect(port, MICRO_DB if "bench_commit" in sql else None)
        n = 0
        with conn.cursor() as c:
            start.wait()
            deadline = time.perf_counter() + seconds
            while time.perf_counter() < deadline:
                for _ in range(20):
                    c.execute(sql)
                    c.fetchall()
                n += 20
        conn.close()
        out.put(("ok", n))
    except Exception as e:
        out.put(("error", "%s: %s" % (type(e).__name__, e)))


def _parallel(port, sql, conns, seconds):
    ctx = mp.get_context("fork")
    start = ctx.Event()
    out = ctx.Queue()
    procs = [ctx.Process(target=_qps_worker, args=(port, sql, start, seconds, out)) for _ in range(conns)]
    for p in procs:
        p.start()
    time.sleep(0.3)                     # let every worker connect
    t0 = time.perf_counter()
    start.set()
    results = [out.get(timeout=seconds + 120) for _ in procs]
    elapsed = time.perf_counter() - t0
    for p in procs:
        p.join(timeout=30)
    errors = [r[1] for r in results if r[0] == "error"]
    total = sum(r[1] for r in results if r[0] == "ok")
    return dict(connections=conns, seconds=round(elapsed, 2), queries=total,
                qps=round(total / max(seconds, 1e-9)), errors=errors[:3])


def select1_qps(port, conns=(1, 2, 4, 8), seconds=5.0):
    return [_parallel(port, "SELECT 1", c, seconds) for c in conns]


def commit_rate(port, conns=(1, 4), seconds=5.0):
    conn = _connect(port)
    with conn.cursor() as c:
        c.execute("CREATE DATABASE IF NOT EXISTS %s" % MICRO_DB)
        c.execute("DROP TABLE IF EXISTS %s.bench_commit" % MICRO_DB)
        c.execute("CREATE TABLE %s.bench_commit (id bigint(20) unsigned NOT NULL auto_increment, "
                  "v varchar(100) NOT NULL default '', PRIMARY KEY (id))" % MICRO_DB)
    conn.close()
    sql = "INSERT INTO bench_commit (v) VALUES ('commit throughput row')"
    out = []
    for c in conns:
        r = _parallel(port, sql, c, seconds)
        r["commits_per_s"] = r.pop("qps")
        out.append(r)
    return out


def run_all(port, quick=False, log=print):
    """All micro-benchmarks against one server. Each part fails on its own (error recorded)."""
    res = {}
    parts = [("select1_latency", lambda: select1_latency(port, n=2000 if quick else 20000,
                                                         warmup=100 if quick else 500)),
             ("select1_qps", lambda: select1_qps(port, conns=(1, 4) if quick else (1, 2, 4, 8),
                                                 seconds=1.0 if quick else 5.0)),
             ("commit_rate", lambda: commit_rate(port, conns=(1,) if quick else (1, 4),
                                                 seconds=1.0 if quick else 5.0))]
    for name, fn in parts:
        try:
            res[name] = fn()
        except Exception as e:
            res[name] = dict(error="%s: %s" % (type(e).__name__, e))
        log("    %s: %s" % (name, res[name]))
    return res
