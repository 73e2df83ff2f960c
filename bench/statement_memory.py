#!/usr/bin/env python3
"""Statement memory figures (RELIABILITY.md): each runaway statement on a fresh pressdb
under `ulimit -v 4000000`, or on a running MariaDB: time, outcome, peak RSS (VmHWM).

    /usr/bin/python3 bench/statement_memory.py build/pressdb
    /usr/bin/python3 bench/statement_memory.py mariadb --port 3306 [--db NAME]

Creates and drops the database NAME (statement_memory); the MariaDB run skips the join
without LIMIT (MariaDB streams its 10^9 rows to the client)."""
import os, pwd, resource, subprocess, sys, time, tempfile, shutil, socket
import pymysql
which = sys.argv[1]
opts = dict(zip(sys.argv[2::2], sys.argv[3::2]))
MPORT = int(opts.get("--port", 3306))
DB = opts.get("--db", "statement_memory")

def chain22():
    """22 tables of 10 rows joined by a chain of equalities, one end pinned to a constant,
    listed in FROM so that no two neighbours of the chain come first."""
    import random
    r = random.Random(22)
    names = ["j%d" % i for i in range(1, 23)]
    setup = []
    for n in names:
        perm = list(range(1, 11)); r.shuffle(perm)
        setup.append("CREATE TABLE %s (a INT PRIMARY KEY, b INT, x VARCHAR(20))" % n)
        setup.append("INSERT INTO %s VALUES %s" % (n, ", ".join("(%d, %d, '%s-%d')" % (i, perm[i - 1], n, i) for i in range(1, 11))))
    chain = names[:]; r.shuffle(chain)
    conds = ["%s.b = %s.a" % (chain[k], chain[k + 1]) for k in range(21)] + ["%s.a = 3" % chain[0]]
    r.shuffle(conds)
    frm = chain[0::2] + chain[1::2]
    return setup, "SELECT %s FROM %s WHERE %s" % (", ".join(n + ".x" for n in names), ", ".join(frm), " AND ".join(conds))

def nested_in():
    """One table of 1,000 rows and an uncorrelated IN nested in an uncorrelated IN."""
    setup = ["CREATE TABLE tab0 (pk INT PRIMARY KEY, col0 INT, col1 DOUBLE, col3 INT, col4 DOUBLE)",
             "INSERT INTO tab0 WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n < 999) "
             "SELECT n, (n * 7919) % 10000, ((n * 104729) % 1000000) / 100.0, (n * 6007 + 13) % 10000, ((n * 3571) % 1000000) / 100.0 FROM s"]
    q = ("SELECT pk FROM tab0 WHERE col0 IN (SELECT col3 FROM tab0 WHERE col3 = 7862 OR (col0 > 7104) AND col3 IN "
         "(SELECT col0 FROM tab0 WHERE col4 < 3774.80) OR col0 >= 4545) OR col3 >= 7199 OR col3 < 6877")
    return setup, q
def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p
def lim(): resource.setrlimit(resource.RLIMIT_AS, (4000000 * 1024,) * 2)
j22_setup, j22_q = chain22()
nested_setup, nested_q = nested_in()
four = ["CREATE TABLE t%d (id INT PRIMARY KEY, a INT)" % i for i in range(1, 5)] + \
    ["INSERT INTO t1 WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 1000) SELECT n, n % 7 FROM s"] + \
    ["INSERT INTO t%d SELECT * FROM t1" % i for i in range(2, 5)]
cases = [
    ("4 x 1,000 rows cross join LIMIT 10", four, "SELECT * FROM t1, t2, t3, t4 LIMIT 10"),
    ("3 x 1,000 rows cross join LIMIT 10", four, "SELECT * FROM t1, t2, t3 LIMIT 10"),
    ("id IN (1,000,000 literals)", four, "SELECT COUNT(*) FROM t1 WHERE id IN (%s)" % ",".join(str(i) for i in range(1, 1000001))),
    ("22-table equality chain", j22_setup, j22_q),
    ("nested uncorrelated IN over 1,000 rows", nested_setup, nested_q),
    ("3 x 1,000 rows cross join, no LIMIT", four, "SELECT t1.id, t2.id, t3.id FROM t1, t2, t3"),
]
for name, setup, q in (cases[:-1] if which == "mariadb" else cases):
    proc = None
    if which == "mariadb":
        port = MPORT
    else:
        base = tempfile.mkdtemp(prefix="pressdb-stmtmem-"); port = free_port()
        proc = subprocess.Popen([which, "--no-defaults", "--user=" + pwd.getpwuid(os.geteuid()).pw_name, "--port=%d" % port, "--datadir=" + base + "/d", "--socket=", "--threads=1"],
                                stdout=open(base + "/log", "w"), stderr=subprocess.STDOUT, preexec_fn=lim)
        for _ in range(300):
            try: pymysql.connect(host="127.0.0.1", port=port, user="root").close(); break
            except Exception: time.sleep(0.05)
    c = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True, read_timeout=60)
    cur = c.cursor()
    cur.execute("DROP DATABASE IF EXISTS " + DB); cur.execute("CREATE DATABASE " + DB); cur.execute("USE " + DB)
    for s in setup: cur.execute(s)
    t = time.time()
    try:
        cur.execute(q); rows = cur.fetchall(); out = "%d rows" % len(rows)
        if len(rows) == 1: out += " %r" % (rows[0][:3],)
    except Exception as e:
        out = "ERR %r" % (e.args[:2],)
    el = time.time() - t
    hwm = ""
    if proc:
        try:
            hwm = [l for l in open("/proc/%d/status" % proc.pid) if l.startswith("VmHWM")][0].split()[1]
            hwm = "peak RSS %d MB" % (int(hwm) // 1024)
        except Exception: hwm = "process gone"
        alive = proc.poll() is None
        if not alive:
            tail = open(base + "/log").read().strip().splitlines()[-1]
            hwm += ", exited (%s)" % tail
        proc.terminate(); proc.wait()
        shutil.rmtree(base, ignore_errors=True)
    else:
        try: cur.execute("DROP DATABASE " + DB)
        except Exception: pass
    print("%-42s %6.2fs  %s  %s" % (name, el, out[:60], hwm), flush=True)
