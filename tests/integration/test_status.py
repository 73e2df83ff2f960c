#!/usr/bin/env python3
"""Status counters: the same workload on MariaDB and on pressdb moves SHOW STATUS the same
way. Per session: every Com_* counter, Questions and Queries (statements of a
multi-statement query, errors, empty queries, EXPLAIN, PREPARE/EXECUTE in SQL, the binary
protocol's COM_STMT_* through PHP's mysqli when php-cli is there, COM_PING, COM_INIT_DB,
COM_STATISTICS) and Bytes_received; after FLUSH STATUS the session's counters start again.
Globally: Connections, Aborted_connects (a failed login), Aborted_clients (a client that
vanished without COM_QUIT), Threads_connected (three more open connections) and
Max_used_connections move by the same amounts, Uptime grows, Threads_running counts the
statement that asks. Rows_sent, Select_*, Sort_* and Handler_write/update/delete move as MariaDB's statement
by statement where both read the tables the same way (and SHOW STATUS leaves the
session's as they were). The list of names is MariaDB's where pressdb keeps the counter."""
import os, shutil, socket, subprocess, sys, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import targets  # noqa: E402
import pymysql.constants.CLIENT as CLIENT

HOST = "127.0.0.1"
failures = []


def connect(port, **kw):
    return pymysql.connect(host=HOST, port=port, user="root", password="", autocommit=True, **kw)


def status(cur, scope="SESSION"):
    cur.execute("SHOW %s STATUS" % scope)
    return {k: v for k, v in cur.fetchall()}


def delta(a, b, names):
    return {k: int(b.get(k, 0)) - int(a.get(k, 0)) for k in names}


WORK = [
    "SET STATEMENT max_statement_time = 0.05 FOR SELECT SLEEP(0.5)",
    "SELECT 1", "SELECT * FROM t", "INSERT INTO t VALUES (1,1),(2,2)", "INSERT INTO t SELECT a + 10, b FROM t",
    "UPDATE t SET b = b + 1 WHERE a = 1", "DELETE FROM t WHERE a = 11", "REPLACE INTO t VALUES (1, 5)",
    "REPLACE INTO t SELECT a, b FROM t WHERE a = 2", "SET @x = 1", "SET NAMES utf8mb4", "USE st_db", "SHOW TABLES",
    "SHOW VARIABLES LIKE 'x'", "SHOW WARNINGS", "SHOW ERRORS", "BEGIN", "COMMIT", "START TRANSACTION", "ROLLBACK",
    "SELECT 1; SELECT 2", "DO 1", "EXPLAIN SELECT * FROM t", "EXPLAIN UPDATE t SET b = 1", "DESCRIBE t",
    "SHOW CREATE TABLE t", "SHOW COLUMNS FROM t", "SHOW INDEX FROM t", "SHOW DATABASES", "SHOW PROCESSLIST",
    "SHOW GRANTS", "SHOW TABLE STATUS", "SHOW CREATE DATABASE st_db", "SHOW ENGINES", "SHOW CHARACTER SET LIKE 'x'",
    "SHOW COLLATION LIKE 'x'", "SHOW PLUGINS", "SHOW PRIVILEGES",
    "ANALYZE TABLE t", "CHECK TABLE t", "OPTIMIZE TABLE t", "REPAIR TABLE t", "CHECKSUM TABLE t", "FLUSH TABLES",
    "LOCK TABLES t READ", "UNLOCK TABLES", "CREATE TEMPORARY TABLE tt (a INT)", "DROP TEMPORARY TABLE tt",
    "CREATE TABLE t2 (a INT)", "ALTER TABLE t2 ADD b INT", "CREATE INDEX i ON t2 (a)", "DROP INDEX i ON t2",
    "TRUNCATE t2", "RENAME TABLE t2 TO t3", "DROP TABLE t3", "CREATE DATABASE st_db2", "DROP DATABASE st_db2",
    "PREPARE p FROM 'SELECT ?'", "EXECUTE p USING @x", "DEALLOCATE PREPARE p", "EXECUTE IMMEDIATE 'SELECT 1'",
    "SAVEPOINT s", "SELECT * FROM t WHERE a = 1", "UPDATE t a, t b SET a.b = 1 WHERE a.a = b.a AND a.a = 99",
    "DELETE a FROM t a JOIN t b ON a.a = b.a WHERE a.a = 99", "SELECT COUNT(*) FROM t GROUP BY b ORDER BY 1",
    "SHOW STATUS LIKE 'x'", "SELECT nosuchcol FROM t", "SELEKT 1", "CREATE USER 'st_u'@'localhost'",
    "GRANT SELECT ON st_db.* TO 'st_u'@'localhost'", "REVOKE SELECT ON st_db.* FROM 'st_u'@'localhost'",
    "RENAME USER 'st_u'@'localhost' TO 'st_v'@'localhost'", "DROP USER 'st_v'@'localhost'", "KILL 999999",
    "CACHE INDEX t IN default", "LOAD INDEX INTO CACHE t", "SET autocommit = 1",
]


def workload(port):
    c = connect(port, client_flag=CLIENT.MULTI_STATEMENTS)
    cur = c.cursor()
    cur.execute("DROP DATABASE IF EXISTS st_db")
    cur.execute("CREATE DATABASE st_db")
    cur.execute("USE st_db")
    cur.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT)")
    cur.execute("DROP USER IF EXISTS 'st_u'@'localhost', 'st_v'@'localhost'")
    s0 = status(cur)
    for w in WORK:
        try:
            cur.execute(w)
            while True:
                cur.fetchall()
                if not cur.nextset():
                    break
        except pymysql.err.MySQLError:
            pass
    c.ping()
    c.select_db("st_db")
    try:
        c._execute_command(9, b"")   # COM_STATISTICS
        c._read_packet()
    except pymysql.err.MySQLError:
        pass
    try:
        cur.execute("")                # an empty query (1065)
    except pymysql.err.MySQLError:
        pass
    s1 = status(cur)
    cur.execute("FLUSH STATUS")
    s2 = status(cur)
    c.close()
    return s0, s1, s2


# Counters of rows and access paths, compared statement by statement where both servers
# choose the same plan (a join, DISTINCT or a derived table may be read otherwise, and
# MariaDB counts its temporary tables' scans too; those are left out)
HANDLER = ("Rows_sent", "Select_scan", "Select_full_join", "Select_range", "Select_full_range_join", "Sort_scan",
           "Sort_rows", "Sort_range", "Handler_write", "Handler_update", "Handler_delete")
HWORK = [
    "SELECT * FROM h", "SELECT * FROM h WHERE id = 3", "SELECT * FROM h ORDER BY v + 0",
    "SELECT * FROM h ORDER BY v + 0 LIMIT 3", "SELECT * FROM h WHERE id > 5 ORDER BY v + 0",
    "SELECT * FROM h WHERE id BETWEEN 2 AND 4", "SELECT COUNT(*) FROM h", "SELECT v, COUNT(*) FROM h GROUP BY v",
    "SELECT id FROM h UNION ALL SELECT id FROM h", "SELECT 1", "UPDATE h SET v = v + 1 WHERE id < 5",
    "UPDATE h SET v = v WHERE id < 3", "DELETE FROM h WHERE id > 8", "INSERT INTO h VALUES (20, 1), (21, 2)",
    "INSERT INTO h VALUES (1, 9) ON DUPLICATE KEY UPDATE v = 9", "INSERT INTO h VALUES (1, 9) ON DUPLICATE KEY UPDATE v = 9",
    "REPLACE INTO h VALUES (2, 7)", "REPLACE INTO h VALUES (30, 7)", "INSERT IGNORE INTO h VALUES (3, 1), (31, 1)",
    "INSERT INTO h SELECT id + 100, v FROM h", "DELETE FROM h WHERE id > 100", "SHOW SESSION STATUS LIKE 'Rows_sent'",
]


def handler_workload(port):
    c = connect(port)
    cur = c.cursor()
    cur.execute("USE st_db")
    cur.execute("DROP TABLE IF EXISTS h")
    cur.execute("CREATE TABLE h (id INT PRIMARY KEY, v INT, KEY (v))")
    cur.execute("INSERT INTO h VALUES " + ",".join("(%d,%d)" % (i, i % 4) for i in range(1, 11)))
    out = []
    for w in HWORK:
        a = status(cur)
        cur.execute(w)
        cur.fetchall()
        b = status(cur)
        out.append(delta(a, b, HANDLER))
    c.close()
    return out


def php_workload(port):
    """The binary protocol: prepare, execute twice, close (PHP's mysqli)."""
    php = shutil.which("php")
    if not php:
        return None
    code = r'''
$m = new mysqli("127.0.0.1", "root", "", "st_db", (int)$argv[1]);
$q = function() use ($m) { $r = $m->query("SHOW SESSION STATUS"); $o = []; while ($x = $r->fetch_row()) $o[$x[0]] = $x[1]; return $o; };
$a = $q();
$s = $m->prepare("SELECT a FROM t WHERE a > ?"); $v = 0; $s->bind_param("i", $v);
$s->execute(); $s->get_result(); $s->execute(); $s->get_result(); $s->reset(); $s->close();
$s = $m->prepare("UPDATE t SET b = b WHERE a = ?"); $s->bind_param("i", $v); $s->execute(); $s->close();
$b = $q();
echo json_encode([$a, $b]);
'''
    r = subprocess.run([php, "-r", code, "--", str(port)], capture_output=True, text=True, timeout=60)
    if r.returncode:
        failures.append("php: %s" % r.stderr[-300:])
        return None
    import json
    return json.loads(r.stdout)


def global_workload(port):
    c = connect(port)
    cur = c.cursor()
    g0 = status(cur, "GLOBAL")
    extra = [connect(port) for _ in range(3)]
    g1 = status(cur, "GLOBAL")
    for e in extra:
        e.close()
    try:
        pymysql.connect(host=HOST, port=port, user="root", password="wrong-password")
    except pymysql.err.MySQLError:
        pass
    # a client that goes away without COM_QUIT
    v = connect(port)
    v._sock.close()
    time.sleep(0.5)
    g2 = status(cur, "GLOBAL")
    cur.execute("SHOW GLOBAL STATUS LIKE 'Threads_running'")
    running = int(cur.fetchall()[0][1])
    c.close()
    return g0, g1, g2, running


def main():
    res = {}
    for name, port in targets():
        res[name] = (workload(port), php_workload(port), global_workload(port), handler_workload(port))
    if "MariaDB" not in res:
        print("no MariaDB: nothing to compare")
        return
    (m0, m1, m2), mphp, mg, mh = res["MariaDB"]
    (p0, p1, p2), pphp, pg, ph = res["pressdb"]
    hmoved = 0
    for w, dm_, dp_ in zip(HWORK, mh, ph):
        for k in HANDLER:
            hmoved += dm_[k] != 0
            if dm_[k] != dp_[k]:
                failures.append("%s: %s moved by %d on MariaDB, %d on pressdb" % (w, k, dm_[k], dp_[k]))
    extra = ("Questions", "Queries", "Bytes_received", "Empty_queries", "Max_statement_time_exceeded",
             "Access_denied_errors")
    names = [k for k in p1 if k.startswith("Com_") or k in extra]
    missing = [k for k in m1 if (k.startswith("Com_") or k in extra) and k not in p1]
    if missing:
        failures.append("counters MariaDB has and pressdb does not list: %s" % missing)
    dm, dp = delta(m0, m1, names), delta(p0, p1, names)
    for k in names:
        if dm[k] != dp[k]:
            failures.append("session %s moved by %d on MariaDB, %d on pressdb" % (k, dm[k], dp[k]))
    moved = sum(1 for k in names if dm[k])
    # after FLUSH STATUS: the session's counters from 0 (the SHOW itself counted)
    for k in ("Com_select", "Com_show_status", "Questions", "Com_flush"):
        if int(m2.get(k, 0)) != int(p2.get(k, 0)):
            failures.append("after FLUSH STATUS %s is %s on MariaDB, %s on pressdb" % (k, m2.get(k), p2.get(k)))
    if mphp and pphp:
        for k in names:
            a = int(mphp[1].get(k, 0)) - int(mphp[0].get(k, 0))
            b = int(pphp[1].get(k, 0)) - int(pphp[0].get(k, 0))
            if a != b:
                failures.append("binary protocol: %s moved by %d on MariaDB, %d on pressdb" % (k, a, b))
    gnames = ("Connections", "Aborted_connects", "Aborted_clients", "Threads_connected")
    for i, (a, b) in enumerate(((0, 1), (1, 2))):
        for k in gnames:
            x = int(mg[b][k]) - int(mg[a][k])
            y = int(pg[b][k]) - int(pg[a][k])
            if x != y:
                failures.append("global %s moved by %d on MariaDB, %d on pressdb (step %d)" % (k, x, y, i + 1))
    g2 = pg[2]
    if int(g2["Max_used_connections"]) < int(pg[1]["Threads_connected"]):
        failures.append("Max_used_connections %s below the %s connections seen open" % (g2["Max_used_connections"], pg[1]["Threads_connected"]))
    if int(g2["Uptime"]) < 1 or int(g2["Uptime_since_flush_status"]) > int(g2["Uptime"]):
        failures.append("Uptime %s, Uptime_since_flush_status %s" % (g2["Uptime"], g2["Uptime_since_flush_status"]))
    if pg[3] < 1:
        failures.append("Threads_running %d while a statement runs" % pg[3])
    for f in failures:
        print("FAIL: " + f)
    print("status: %d session counters compared (%d moved), binary protocol %s, %d global figures; "
          "%d row and access counters over %d statements (%d moves)" % (
              len(names), moved, "compared" if mphp and pphp else "skipped (no php)", len(gnames) * 2,
              len(HANDLER), len(HWORK), hmoved))
    sys.exit(1 if failures else 0)


main()
