#!/usr/bin/python3
"""run.py - a trigger-heavy write workload and stored-program loops against MariaDB 10.11 and
pressdb, side by side.

sysbench (insert.lua beside this file) sends single-row INSERTs in autocommit to a table
`items`, at 1, 4 and 16 threads, in three setups, each on a fresh database:
  plain    - no trigger (the baseline: what the triggers cost is the difference);
  counter  - AFTER INSERT maintains a counter table (UPDATE counts SET n = n + 1, qty
             summed), the common "keep a count" trigger;
  audit    - BEFORE INSERT normalises NEW (a BEGIN ... END body with a local variable and
             an IF) and AFTER INSERT writes an audit row.
Then, on the same servers, stored programs timed through the client (medians of --repeat
runs): CALL of a procedure looping 100,000 times over two local variables, a stored
function called for each of 100,000 rows (SELECT sum(f(id)) FROM ...), and a procedure
whose cursor walks 10,000 rows.
Servers are private (free ports, temporary data directories), both up, their runs
alternating (the disk's drift falls on both: a paired ratio per run); MariaDB with durable commits (innodb_flush_log_at_trx_commit=1) as in bench/sysbench.
After each run the counter / audit tables are checked against the rows inserted, on both
servers. Results: transactions/s (medians of --repeat runs) and each engine against MariaDB.

  run.py [--server ./build/pressdb] [--time S] [--threads 1,4,16] [--repeat N] [--out DIR]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)

from lib import machine  # noqa: E402
from lib.servers import MariaDBServer, PressdbServer, ensure_mariadb_installed  # noqa: E402
sys.path.insert(0, os.path.join(BENCH, "sysbench"))
from run import ensure_sysbench, parse  # noqa: E402

TABLES = [
    "CREATE TABLE items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(40) NOT NULL, qty INT NOT NULL, "
    "price DECIMAL(10,2), tag VARCHAR(10))",
    "CREATE TABLE counts (k VARCHAR(10) PRIMARY KEY, n BIGINT NOT NULL, qty BIGINT NOT NULL)",
    "INSERT INTO counts VALUES ('items', 0, 0)",
    "CREATE TABLE audit (id INT AUTO_INCREMENT PRIMARY KEY, item INT, msg VARCHAR(100))",
]
SETUPS = {
    "plain": [],
    "counter": ["CREATE TRIGGER items_count AFTER INSERT ON items FOR EACH ROW "
                "UPDATE counts SET n = n + 1, qty = qty + new.qty WHERE k = 'items'"],
    "audit": ["CREATE TRIGGER items_bi BEFORE INSERT ON items FOR EACH ROW BEGIN "
              "DECLARE p DECIMAL(10,2) DEFAULT ifnull(new.price, 0); "
              "IF p > 400 THEN SET new.tag = 'dear'; ELSEIF p < 10 THEN SET new.tag = 'cheap'; "
              "ELSE SET new.tag = 'plain'; END IF; SET new.name = lower(new.name); END",
              "CREATE TRIGGER items_ai AFTER INSERT ON items FOR EACH ROW "
              "INSERT INTO audit (item, msg) VALUES (new.id, concat(new.name, ' ', new.tag))"],
}


def log(msg):
    print(msg, flush=True)


def sql(srv, stmts):
    conn = srv.connect()
    with conn.cursor() as c:
        for s in stmts:
            c.execute(s)
        rows = c.fetchall() if stmts and stmts[-1].lstrip().upper().startswith("SELECT") else None
    conn.close()
    return rows


def sb(srv, threads, seconds):
    cmd = ["sysbench", os.path.join(HERE, "insert.lua"), "--db-driver=mysql", "--mysql-host=127.0.0.1",
           "--mysql-port=%d" % srv.port, "--mysql-user=root", "--mysql-password=", "--mysql-db=trg",
           "--threads=%d" % threads, "--time=%d" % seconds, "--report-interval=0", "--histogram=off",
           "--rand-seed=42", "run"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds * 4 + 300)
    d = parse(r.stdout)
    if r.returncode != 0:
        d["error"] = (r.stderr or r.stdout).strip()[-300:]
    return d


def check(srv, setup):
    """The triggers' tables against the rows inserted: None when they agree."""
    n = sql(srv, ["USE trg", "SELECT count(*), ifnull(sum(qty), 0) FROM items"])[0]
    if setup == "counter":
        c = sql(srv, ["USE trg", "SELECT n, qty FROM counts"])[0]
        if (int(c[0]), int(c[1])) != (int(n[0]), int(n[1])):
            return "counts %r, items %r" % (c, n)
    if setup == "audit":
        a = sql(srv, ["USE trg", "SELECT count(*), sum(msg = concat(lower(i.name), ' ', i.tag)) FROM audit "
                      "JOIN items i ON i.id = audit.item"])[0]
        if int(a[0]) != int(n[0]) or int(a[1]) != int(n[0]):
            return "audit %r, items %r" % (a, n)
    return None


ROUTINES = [
    "CREATE TABLE nums (id INT PRIMARY KEY)",
    "INSERT INTO nums WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 100000) SELECT i FROM s",
    "CREATE PROCEDURE loop100k(OUT r BIGINT) BEGIN DECLARE i INT DEFAULT 0; DECLARE s BIGINT DEFAULT 0; "
    "WHILE i < 100000 DO SET i = i + 1; SET s = s + i; END WHILE; SET r = s; END",
    "CREATE FUNCTION f_sq(a INT) RETURNS BIGINT DETERMINISTIC RETURN a * a",
    "CREATE PROCEDURE walk(OUT r BIGINT) BEGIN DECLARE done INT DEFAULT 0; DECLARE x INT; DECLARE s BIGINT DEFAULT 0; "
    "DECLARE c CURSOR FOR SELECT id FROM nums WHERE id <= 10000 ORDER BY id; "
    "DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1; OPEN c; "
    "l: LOOP FETCH c INTO x; IF done THEN LEAVE l; END IF; SET s = s + x; END LOOP; CLOSE c; SET r = s; END",
]
PROGRAMS = [
    ("procedure loop, 100,000 rounds", ["CALL loop100k(@r)"], "SELECT @r", 5000050000),
    ("stored function per row, 100,000 rows", [], "SELECT sum(f_sq(id)) FROM nums", 333338333350000),
    ("cursor over 10,000 rows", ["CALL walk(@r)"], "SELECT @r", 50005000),
]


def time_programs(srv, repeat, result, name):
    import time
    sql(srv, ["SET GLOBAL max_recursive_iterations = 1000000"] if name == "pressdb" else ["SELECT 1"])
    conn = srv.connect()
    with conn.cursor() as c:
        c.execute("DROP DATABASE IF EXISTS trgp")
        c.execute("CREATE DATABASE trgp")
        c.execute("USE trgp")
        c.execute("SET SESSION max_recursive_iterations = 1000000")
        for s in ROUTINES:
            c.execute(s)
        for label, calls, check_sql, want in PROGRAMS:
            times = []
            for _ in range(repeat):
                t0 = time.perf_counter()
                for s in calls:
                    c.execute(s)
                c.execute(check_sql)
                got = c.fetchall()[0][0]
                times.append(time.perf_counter() - t0)
                if int(got) != want:
                    result["problems"].append("%s %s: %r, expected %r" % (name, label, got, want))
            result["programs"]["%s|%s" % (name, label)] = dict(s=times, median=statistics.median(times))
            log("%-8s %-40s %8.1f ms (median of %s)" % (name, label, statistics.median(times) * 1000,
                                                         ", ".join("%.1f" % (x * 1000) for x in times)))
    conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--time", type=int, default=10)
    ap.add_argument("--threads", default="1,4,16")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(BENCH, "results"))
    args = ap.parse_args()
    if not ensure_sysbench() or not ensure_mariadb_installed(log=log):
        return 2
    threads = [int(x) for x in args.threads.split(",")]
    work = tempfile.mkdtemp(prefix="pressdb-trgbench-")
    servers = [("MariaDB", MariaDBServer("mariadb", work)), ("pressdb", PressdbServer("pressdb", work, args.server))]
    result = dict(suite="triggers", machine=machine.describe(ROOT), seconds=args.time, repeat=args.repeat,
                  threads=threads, runs={}, programs={}, problems=[])
    try:
        up = []
        for name, srv in servers:
            if srv.start():
                up.append((name, srv))
            else:
                result["problems"].append("%s failed to start: %s" % (name, srv.error))
        # Runs alternate between the servers (the first of each pair alternating too), so
        # the disk's drift over minutes falls on both sides; pairs give a paired ratio.
        for setup, trig in SETUPS.items():
            for t in threads:
                tps = {name: [] for name, _ in up}
                for k in range(args.repeat):
                    for name, srv in (up if k % 2 == 0 else up[::-1]):
                        sql(srv, ["DROP DATABASE IF EXISTS trg", "CREATE DATABASE trg", "USE trg"] + TABLES + trig)
                        d = sb(srv, t, args.time)
                        if "error" in d or "tps" not in d:
                            result["problems"].append("%s %s %d threads: %s" % (name, setup, t, d.get("error")))
                            continue
                        bad = check(srv, setup)
                        if bad:
                            result["problems"].append("%s %s %d threads: %s" % (name, setup, t, bad))
                        tps[name].append(d["tps"])
                for name, v in tps.items():
                    if v:
                        result["runs"]["%s|%s|%d" % (name, setup, t)] = dict(tps=v, median=statistics.median(v))
                        log("%-8s %-8s %2d threads: %8.0f tps (median of %s)" % (name, setup, t, statistics.median(v),
                                                                               ", ".join("%.0f" % x for x in v)))
        for name, srv in up:
            time_programs(srv, args.repeat, result, name)
    finally:
        for _, srv in servers:
            srv.stop()
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "triggers.json"), "w") as f:
        json.dump(result, f, indent=1)
    lines = ["# Trigger-heavy inserts: pressdb vs MariaDB", "",
             "%s; %s. sysbench bench/triggers/insert.lua: single-row INSERTs in autocommit, %d s per run, "
             "median of %d runs, the two servers' runs alternating (MariaDB durable: flush at commit). Setups "
             "in bench/triggers/run.py. Figures: transactions/s; ratio = pressdb / MariaDB of the medians; "
             "paired ratio = the median of each run's pressdb / MariaDB next to it." % (
                 machine.one_line(result["machine"]), result["machine"]["date"], args.time, args.repeat), "",
             "| Setup | Threads | MariaDB | pressdb | ratio | paired ratio |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for setup in SETUPS:
        for t in threads:
            m = result["runs"].get("MariaDB|%s|%d" % (setup, t))
            p = result["runs"].get("pressdb|%s|%d" % (setup, t))
            pairs = [b / a for a, b in zip(m["tps"], p["tps"])] if m and p and len(m["tps"]) == len(p["tps"]) else []
            lines.append("| %s | %d | %s | %s | %s | %s |" % (
                setup, t, "%.0f" % m["median"] if m else "—", "%.0f" % p["median"] if p else "—",
                "%.2f" % (p["median"] / m["median"]) if m and p else "—",
                "%.2f" % statistics.median(pairs) if pairs else "—"))
    lines += ["", "Stored programs (time through the client, median of %d runs; ratio = MariaDB / pressdb, above 1: "
              "pressdb faster):" % args.repeat, "", "| Program | MariaDB | pressdb | ratio |", "| --- | ---: | ---: | ---: |"]
    for label, _, _, _ in PROGRAMS:
        m = result["programs"].get("MariaDB|" + label)
        p = result["programs"].get("pressdb|" + label)
        lines.append("| %s | %s | %s | %s |" % (label, "%.1f ms" % (m["median"] * 1000) if m else "—",
                                                "%.1f ms" % (p["median"] * 1000) if p else "—",
                                                "%.2f" % (m["median"] / p["median"]) if m and p else "—"))
    if result["problems"]:
        lines += ["", "Problems:", ""] + ["- " + x for x in result["problems"]]
    with open(os.path.join(args.out, "triggers.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    log("wrote %s" % os.path.join(args.out, "triggers.md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
