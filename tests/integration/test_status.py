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
import os, shutil, socket, subprocess, sys, threading, time
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
# MariaDB counts its temporary tables' scans too; those are left out). Rows_tmp_read less
# the rows of the SHOW STATUS before (MariaDB counts its temporary table's rows when sent).
READS = ("Handler_read_first", "Handler_read_key", "Handler_read_last", "Handler_read_next", "Handler_read_prev",
         "Handler_read_rnd_next")
HANDLER = ("Rows_sent", "Select_scan", "Select_full_join", "Select_range", "Select_full_range_join", "Sort_scan",
           "Sort_rows", "Sort_range", "Handler_write", "Handler_update", "Handler_delete") + READS + (
           "Rows_read", "Rows_tmp_read", "Handler_commit", "Handler_rollback", "Handler_savepoint",
           "Handler_savepoint_rollback", "Update_scan", "Delete_scan", "Table_open_cache_hits", "Executed_triggers")
# Statements MariaDB reads through another path than pressdb, by the plan its statistics
# choose, not by what a counter means: there the reads (READS summed) may differ by one
# per table read and Rows_read by one; the other counters named are left out (READS:
# the reads too).
#  - a range with a strict bound (id > 5, id < 4): pressdb's range starts (or ends) at the
#    bound's row and reads it, MariaDB's after it; MariaDB counts the row past a range's
#    end in Rows_read;
#  - COUNT(*), GROUP BY v, SELECT id: MariaDB reads the smallest covering index (first,
#    next), pressdb the table (rnd_next); the UNION's second reference to h opens a second
#    instance the first time (Opened_tables, not Table_open_cache_hits);
#  - INSERT ... SELECT from the same table: MariaDB buffers the rows in a temporary table;
#  - a trigger's INSERT: MariaDB opens the trigger's tables with the statement's
#    (prelocking), pressdb as the trigger runs;
#  - an unknown column: MariaDB opens the table before it resolves names (and rolls back
#    the statement), pressdb resolves them first.
PLAN_DIFF = {
    "SELECT * FROM h WHERE id > 5 ORDER BY v + 0": (), "SELECT * FROM h WHERE id BETWEEN 2 AND 4": (),
    "SELECT COUNT(*) FROM h": (), "SELECT v, COUNT(*) FROM h GROUP BY v": (),
    "SELECT id FROM h UNION ALL SELECT id FROM h": ("Table_open_cache_hits",),
    "UPDATE h SET v = v + 1 WHERE id < 5": (), "UPDATE h SET v = v WHERE id < 3": (),
    "DELETE FROM h WHERE id > 8": (), "SELECT * FROM h WHERE id < 4 ORDER BY id DESC": (),
    "SELECT * FROM h WHERE id > 7 ORDER BY id DESC": (),
    "INSERT INTO h SELECT id + 100, v FROM h": ("READS", "Rows_tmp_read"),
    "INSERT INTO tg VALUES (1), (2)": ("Table_open_cache_hits",),
    "SELECT nosuchcol FROM h": ("Handler_rollback", "Table_open_cache_hits"),
}
# (counters this workload moves on both: one that stays 0 on pressdb fails)
MUST_MOVE = READS[:4] + READS[5:] + ("Rows_read", "Handler_commit", "Handler_rollback", "Handler_savepoint",
                                     "Handler_savepoint_rollback", "Update_scan", "Delete_scan",
                                     "Table_open_cache_hits", "Executed_triggers", "Handler_write", "Rows_sent")
HWORK = [
    "SELECT * FROM h", "SELECT * FROM h WHERE id = 3", "SELECT * FROM h ORDER BY v + 0",
    "SELECT * FROM h ORDER BY v + 0 LIMIT 3", "SELECT * FROM h WHERE id > 5 ORDER BY v + 0",
    "SELECT * FROM h WHERE id BETWEEN 2 AND 4", "SELECT COUNT(*) FROM h", "SELECT v, COUNT(*) FROM h GROUP BY v",
    "SELECT id FROM h UNION ALL SELECT id FROM h", "SELECT 1", "UPDATE h SET v = v + 1 WHERE id < 5",
    "UPDATE h SET v = v WHERE id < 3", "DELETE FROM h WHERE id > 8", "INSERT INTO h VALUES (20, 1), (21, 2)",
    "INSERT INTO h VALUES (1, 9) ON DUPLICATE KEY UPDATE v = 9", "INSERT INTO h VALUES (1, 9) ON DUPLICATE KEY UPDATE v = 9",
    "REPLACE INTO h VALUES (2, 7)", "REPLACE INTO h VALUES (30, 7)", "INSERT IGNORE INTO h VALUES (3, 1), (31, 1)",
    "INSERT INTO h SELECT id + 100, v FROM h", "DELETE FROM h WHERE id > 100", "SHOW SESSION STATUS LIKE 'Rows_sent'",
    "SELECT * FROM h WHERE v = 2", "SELECT * FROM h LIMIT 3",
    "SELECT * FROM h WHERE id = 99", "UPDATE h SET v = v + 1", "DELETE FROM tn WHERE a = 100",
    "INSERT INTO tg VALUES (1), (2)", "SELECT nosuchcol FROM h", "BEGIN", "SELECT * FROM h WHERE id = 1 FOR UPDATE",
    "SAVEPOINT s1", "INSERT INTO h VALUES (40, 1)", "ROLLBACK TO SAVEPOINT s1", "ROLLBACK", "BEGIN", "COMMIT",
    "SELECT * FROM h a JOIN h b ON b.id = a.id WHERE a.id = 3", "SELECT * FROM h WHERE id < 4 ORDER BY id DESC",
    "SELECT * FROM h WHERE id > 7 ORDER BY id DESC",
]


def handler_workload(port):
    c = connect(port)
    cur = c.cursor()
    cur.execute("USE st_db")
    cur.execute("DROP TABLE IF EXISTS h")
    cur.execute("CREATE TABLE h (id INT PRIMARY KEY, v INT, KEY (v))")
    cur.execute("INSERT INTO h VALUES " + ",".join("(%d,%d)" % (i, i % 4) for i in range(1, 11)))
    cur.execute("DROP TABLE IF EXISTS tg, tg_log, tn")
    cur.execute("CREATE TABLE tn (a INT)")
    cur.execute("CREATE TABLE tg (a INT)")
    cur.execute("CREATE TABLE tg_log (a INT)")
    cur.execute("CREATE TRIGGER tg_ai AFTER INSERT ON tg FOR EACH ROW INSERT INTO tg_log VALUES (NEW.a)")
    for t in ("tn", "tg", "tg_log"):   # (MariaDB's first open of a table reads its persistent statistics)
        cur.execute("SELECT * FROM " + t)
        cur.fetchall()
    out = []
    for w in HWORK:
        a = status(cur)
        try:
            cur.execute(w)
            cur.fetchall()
        except pymysql.err.MySQLError:
            pass
        b = status(cur)
        d = delta(a, b, HANDLER)
        d["Rows_tmp_read"] -= len(a)
        out.append(d)
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


def engine_workload(port):
    """InnoDB's figures and the server's: a row lock wait of about 0.3 s, a deadlock,
    accounts and grants, log writes; FLUSH STATUS leaves the server's sums."""
    a, b = connect(port), connect(port)
    ca, cb = a.cursor(), b.cursor()
    for c in (ca, cb):
        c.execute("USE st_db")
    ca.execute("DROP TABLE IF EXISTS rl")
    ca.execute("CREATE TABLE rl (id INT PRIMARY KEY, v INT)")
    ca.execute("DROP USER IF EXISTS 'st_acl'@'localhost'")
    g0 = status(ca, "GLOBAL")
    ca.execute("INSERT INTO rl VALUES (1, 0), (2, 0)")
    ca.execute("BEGIN")
    ca.execute("UPDATE rl SET v = 1 WHERE id = 1")
    t = threading.Thread(target=cb.execute, args=("UPDATE rl SET v = 2 WHERE id = 1",))
    t.start()
    time.sleep(0.3)
    ca.execute("COMMIT")
    t.join()
    errs = []

    def run(cur, sql):
        try:
            cur.execute(sql)
        except pymysql.err.MySQLError as e:
            errs.append(e.args[0])
    ca.execute("BEGIN")
    cb.execute("BEGIN")
    ca.execute("UPDATE rl SET v = 3 WHERE id = 1")
    cb.execute("UPDATE rl SET v = 3 WHERE id = 2")
    t = threading.Thread(target=run, args=(cb, "UPDATE rl SET v = 4 WHERE id = 1"))
    t.start()
    time.sleep(0.3)
    run(ca, "UPDATE rl SET v = 4 WHERE id = 2")
    ca.execute("ROLLBACK")
    t.join()
    cb.execute("ROLLBACK")
    g1 = status(ca, "GLOBAL")
    ca.execute("CREATE USER 'st_acl'@'localhost'")
    ca.execute("GRANT SELECT ON st_db.* TO 'st_acl'@'localhost'")
    ca.execute("GRANT SELECT ON st_db.rl TO 'st_acl'@'localhost'")
    g2 = status(ca, "GLOBAL")
    ca.execute("DROP USER 'st_acl'@'localhost'")
    ca.execute("SELECT * FROM rl")
    ca.fetchall()
    ca.execute("FLUSH STATUS")
    g3 = status(ca, "GLOBAL")
    ca.execute("SELECT VARIABLE_NAME FROM information_schema.GLOBAL_STATUS")
    is_names = sorted(r[0].lower() for r in ca.fetchall())
    a.close()
    b.close()
    return g0, g1, g2, g3, errs, is_names


def compare_engine(me, pe):
    """InnoDB's and the server's figures move alike (times and log bytes: both move)."""
    n = 0
    for label, (g0, g1, g2, g3, errs, is_names) in (("MariaDB", me), ("pressdb", pe)):
        d = lambda a, b, k: int(b[k]) - int(a[k])  # noqa: E731
        if d(g0, g1, "Innodb_deadlocks") != 1 or errs.count(1213) != 1:
            failures.append("%s: Innodb_deadlocks moved by %d (errors %s)" % (label, d(g0, g1, "Innodb_deadlocks"), errs))
        if d(g0, g1, "Innodb_row_lock_waits") < 2 or d(g0, g1, "Innodb_row_lock_time") < 250:
            failures.append("%s: Innodb_row_lock_waits moved by %d, _time by %d ms over two waits of 0.3 s" % (
                label, d(g0, g1, "Innodb_row_lock_waits"), d(g0, g1, "Innodb_row_lock_time")))
        if int(g1["Innodb_row_lock_time_max"]) < 250 or int(g1["Innodb_row_lock_current_waits"]) != 0:
            failures.append("%s: Innodb_row_lock_time_max %s, _current_waits %s" % (
                label, g1["Innodb_row_lock_time_max"], g1["Innodb_row_lock_current_waits"]))
        for k in ("Innodb_os_log_written", "Innodb_lsn_current"):   # (MariaDB writes data pages later)
            if d(g0, g1, k) <= 0:
                failures.append("%s: %s did not move over committed writes" % (label, k))
        for k in ("Acl_users", "Acl_database_grants", "Acl_table_grants"):
            if d(g1, g2, k) != 1:
                failures.append("%s: %s moved by %d for one account/grant" % (label, k, d(g1, g2, k)))
        for k in ("Innodb_buffer_pool_pages_total", "Innodb_buffer_pool_pages_data", "Innodb_buffer_pool_bytes_data"):
            if int(g1[k]) <= 0:
                failures.append("%s: %s is %s" % (label, k, g1[k]))
        if int(g1["Innodb_buffer_pool_pages_free"]) + int(g1["Innodb_buffer_pool_pages_data"]) > int(g1["Innodb_buffer_pool_pages_total"]):
            failures.append("%s: buffer pool pages free + data above total" % label)
        # FLUSH STATUS: the server's sums of session counters stay, server-only ones restart
        for k in ("Com_select", "Handler_read_rnd_next", "Innodb_row_lock_waits"):
            if int(g3[k]) < int(g2[k]):
                failures.append("%s: global %s went from %s to %s over FLUSH STATUS" % (label, k, g2[k], g3[k]))
        if int(g3["Uptime_since_flush_status"]) > 1:
            failures.append("%s: Uptime_since_flush_status %s after FLUSH STATUS" % (label, g3["Uptime_since_flush_status"]))
        if sorted(k.lower() for k in g3) != is_names:
            failures.append("%s: information_schema.GLOBAL_STATUS names differ from SHOW GLOBAL STATUS's" % label)
        n += 1
    if me[0]["Innodb_page_size"] != pe[0]["Innodb_page_size"]:
        failures.append("Innodb_page_size %s on MariaDB, %s on pressdb" % (me[0]["Innodb_page_size"], pe[0]["Innodb_page_size"]))
    # every name MariaDB lists (SHOW GLOBAL STATUS, as mysqld_exporter's global_status reads it)
    missing = sorted(set(me[3]) - set(pe[3]))
    if missing:
        failures.append("SHOW GLOBAL STATUS names MariaDB has and pressdb does not: %s" % missing)
    return len(me[3])


def main():
    res = {}
    for name, port in targets():
        res[name] = (workload(port), php_workload(port), global_workload(port), handler_workload(port),
                     engine_workload(port))
    if "MariaDB" not in res:
        print("no MariaDB: nothing to compare")
        return
    (m0, m1, m2), mphp, mg, mh, me = res["MariaDB"]
    (p0, p1, p2), pphp, pg, ph, pe = res["pressdb"]
    nglobal = compare_engine(me, pe)
    # Query_time: the workload's statements took their time (a SLEEP cut at 0.05 s)
    for label, a, b in (("MariaDB", m0, m1), ("pressdb", p0, p1)):
        if float(b["Query_time"]) - float(a["Query_time"]) < 0.04:
            failures.append("%s: session Query_time moved by %.6f" % (label, float(b["Query_time"]) - float(a["Query_time"])))
    hmoved = 0
    stuck = {k: True for k in MUST_MOVE}
    for w, dm_, dp_ in zip(HWORK, mh, ph):
        approx = w in PLAN_DIFF
        for k in HANDLER:
            hmoved += dm_[k] != 0
            if dp_[k] and k in stuck:
                stuck[k] = False
            if approx and (k in READS or k == "Rows_read" or k in PLAN_DIFF[w]):
                continue
            if dm_[k] != dp_[k]:
                failures.append("%s: %s moved by %d on MariaDB, %d on pressdb" % (w, k, dm_[k], dp_[k]))
        if approx and "READS" not in PLAN_DIFF[w]:
            tables = w.count(" h") + w.count(" h ")
            rm, rp = sum(dm_[k] for k in READS), sum(dp_[k] for k in READS)
            if abs(rm - rp) > max(tables, 1) or (rm == 0) != (rp == 0):
                failures.append("%s: Handler_read_* moved by %d on MariaDB, %d on pressdb" % (w, rm, rp))
            if abs(dm_["Rows_read"] - dp_["Rows_read"]) > 1:
                failures.append("%s: Rows_read moved by %d on MariaDB, %d on pressdb" % (w, dm_["Rows_read"], dp_["Rows_read"]))
    # (every counter compared moves somewhere in the workload: one that stays 0 fails)
    for k, v in stuck.items():
        if v:
            failures.append("%s never moved on pressdb over the statements" % k)
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
          "%d row and access counters over %d statements (%d moves); %d names of SHOW GLOBAL STATUS, "
          "InnoDB's and the accounts' figures" % (
              len(names), moved, "compared" if mphp and pphp else "skipped (no php)", len(gnames) * 2,
              len(HANDLER), len(HWORK), hmoved, nglobal))
    sys.exit(1 if failures else 0)


main()
