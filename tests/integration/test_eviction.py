#!/usr/bin/env python3
"""Eviction of cold tables (storage/evict.c): with --evict-after-s=1 every table no
statement used for a second leaves memory (its rows written to datadir/evict/) and the
next statement that uses it reads it back. Whatever happens, every statement must give
what MariaDB gives for the same statements.

Starts its own pressdb (PRESSDB_BIN; a small log, so that checkpoints run while tables
are out; compression of cold strings on too) and uses MariaDB (MARIADB_PORT). Several
WordPress-like sites (a primary key with a FULLTEXT key and a composite key, meta with a
prefix key, a table without a key whose rows an UPDATE in a transaction moved, options
with a unique key; LONGTEXT, DECIMAL(30,5), DOUBLE, ENUM, DATETIME, NULLs), the same on
both servers. Then, each compared in full and in order with MariaDB:
  - every table out (Evict_tables), Memory_used down, information_schema's and SHOW
    TABLE STATUS's figures as before and reading them loads nothing; SHOW OPEN TABLES
    lists what is in memory;
  - the queries of every site (each loads its tables back); unchanged, they go out again
    reusing their files (or their sections of the last checkpoint's snapshot);
  - threads writing and reading their own sites with pauses, so that tables go out and
    come back many times while others run (Evict_loads counts them), an open
    transaction's table staying in;
  - FLUSH TABLES: every table out at once;
  - RENAME, ALTER, TRUNCATE, DROP TABLE and DROP DATABASE of tables that are out;
  - a clean restart and a kill -9 with every table out (snapshots and checkpoints copy
    the evict files; a start leaves every table's rows in the snapshot, out, with the
    same information_schema figures), the evict folder emptied at start; a damaged evict file, which the
    shutdown's checkpoint must refuse, and every row there after the restart;
  - memory pressure (another server, --max-memory=32M, no idle eviction): a cold
    database goes so that writes to another one past the limit together do not fail;
and the servers' logs have no error and no failed checkpoint."""
import os, random, shutil, sys, tempfile, threading, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import standalone  # noqa: E402
from standalone import check  # noqa: E402

standalone.binary()
if not os.environ.get("MARIADB_PORT"):
    print("skipped: needs MariaDB (MARIADB_PORT)")
    sys.exit(0)

SITES = 8
PREFIX = "t_evict_s"
ARGS = ["--evict-after-s=1", "--threads=2", "--innodb-log-file-size=256K", "--compress-after-s=1",
        "--compress-min-bytes=256"]
rnd = random.Random(20261206)
WORDS = ["alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma", "lambda", "zeta", "theta"]


def maria():
    return pymysql.connect(host="127.0.0.1", port=int(os.environ["MARIADB_PORT"]), user="root", autocommit=True,
                           charset="utf8mb4")


def text(n):
    return " ".join(rnd.choice(WORDS) for _ in range(n))


SCHEMA = [
    "CREATE TABLE posts (ID BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, post_title TEXT, "
    "post_content LONGTEXT, post_status VARCHAR(20) NOT NULL DEFAULT 'publish', post_date DATETIME, "
    "menu_order INT NOT NULL DEFAULT 0, price DECIMAL(30,5), ratio DOUBLE, kind ENUM('a','b','c'), "
    "KEY type_status (post_status, post_date), FULLTEXT KEY ft (post_title)) ENGINE=InnoDB",
    "CREATE TABLE meta (meta_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, post_id BIGINT UNSIGNED, "
    "meta_key VARCHAR(255), meta_value LONGTEXT, KEY post_id (post_id), KEY meta_key (meta_key(191)))",
    "CREATE TABLE log (a INT, b VARCHAR(20))",
    "CREATE TABLE opts (option_name VARCHAR(191) NOT NULL, option_value LONGTEXT, autoload VARCHAR(20), "
    "UNIQUE KEY option_name (option_name))",
]
QUERIES = [
    "SELECT * FROM posts",
    "SELECT ID, post_title FROM posts WHERE post_status = 'publish' ORDER BY post_date DESC LIMIT 5",
    "SELECT post_status, COUNT(*), SUM(menu_order), SUM(price), MAX(ratio) FROM posts GROUP BY post_status",
    "SELECT ID FROM posts WHERE MATCH (post_title) AGAINST ('gamma')",
    "SELECT * FROM meta WHERE post_id = 3",
    "SELECT meta_key, COUNT(*) FROM meta GROUP BY meta_key",
    "SELECT * FROM meta",
    "SELECT * FROM log",
    "SELECT * FROM opts",
    "SELECT option_value FROM opts WHERE option_name = 'opt_7'",
]


def fill_statements(site):
    st = ["DROP DATABASE IF EXISTS %s%d" % (PREFIX, site), "CREATE DATABASE %s%d" % (PREFIX, site),
          "USE %s%d" % (PREFIX, site)] + SCHEMA
    for i in range(40 + site * 5):
        big = text(400) if i % 4 == 0 else text(5)
        st.append("INSERT INTO posts (post_title, post_content, post_status, post_date, menu_order, price, ratio, kind) "
                  "VALUES ('%s', %s, '%s', '2024-0%d-1%d 10:00:0%d', %d, %s, %s, %s)" % (
                      text(3), "NULL" if i % 7 == 3 else "'%s'" % big, rnd.choice(["publish", "draft", "inherit"]),
                      1 + i % 9, i % 10, i % 10, rnd.randint(-5, 50),
                      "NULL" if i % 5 == 0 else "%d.%05d" % (rnd.randint(-10 ** 12, 10 ** 12), rnd.randint(0, 99999)),
                      "NULL" if i % 6 == 0 else repr(rnd.random() * 1000), rnd.choice(["'a'", "'b'", "'c'", "NULL"])))
    for i in range(120):
        st.append("INSERT INTO meta (post_id, meta_key, meta_value) VALUES (%d, '_key_%d', %s)" % (
            1 + i % 30, i % 6, "'%s'" % text(rnd.choice([1, 2, 300])) if i % 9 else "NULL"))
    for i in range(30):
        st.append("INSERT INTO log VALUES (%d, '%s')" % (i, rnd.choice(WORDS)))
    # rows of a table without a key moved by an UPDATE's new version (a transaction)
    st += ["BEGIN", "UPDATE log SET b = 'moved' WHERE a % 4 = 1", "COMMIT", "DELETE FROM log WHERE a = 5"]
    for i in range(25):
        st.append("INSERT INTO opts VALUES ('opt_%d', '%s', '%s')" % (i, text(rnd.choice([1, 60])), rnd.choice(["yes", "no"])))
    return st


def run(conn, sql):
    with conn.cursor() as c:
        c.execute(sql)
        return c.fetchall() if c.description else c.rowcount


def both(p, m, sql):
    return run(p, sql), run(m, sql)


def same(p, m, sql, what):
    """sql on both; its results (rows or an error's code) compared."""
    out = []
    for conn in (p, m):
        try:
            out.append(("rows", run(conn, sql)))
        except pymysql.MySQLError as e:
            out.append(("error", e.args[0]))
    ok = out[0] == out[1]
    if not ok:
        print("   pressdb: %r\n   mariadb: %r" % (str(out[0])[:400], str(out[1])[:400]))
    return ok


def own_files(tmp):
    """The evict files of single tables (not the snapshots' links), sorted."""
    return sorted(f for f in os.listdir(os.path.join(tmp, "data", "evict")) if not f.startswith("snapshot."))


def status(p, name):
    return int(run(p, "SHOW GLOBAL STATUS LIKE '%s'" % name)[0][1])


def tables_in(p, sites):
    return sum(1 for s in sites for t in ("posts", "meta", "log", "opts"))


def wait_out(p, n, timeout=30):
    """Until at least n tables are out (Evict_tables)."""
    end = time.time() + timeout
    while time.time() < end:
        if status(p, "Evict_tables") >= n:
            return True
        time.sleep(0.2)
    return False


def compare_sites(p, m, sites, what):
    bad = []
    for s in sites:
        for conn in (p, m):
            run(conn, "USE %s%d" % (PREFIX, s))
        for q in QUERIES:
            if not same(p, m, q, what):
                bad.append("%d: %s" % (s, q))
    check(not bad, "%s: every query of every site as MariaDB%s" % (what, (" (differ: %s)" % bad[:5]) if bad else ""))


def sizes(p):
    return run(p, "SELECT table_schema, table_name, table_rows, data_length, index_length, auto_increment "
                  "FROM information_schema.tables WHERE table_schema LIKE '%s%%' ORDER BY 1, 2" % PREFIX)


def worker(srv, sites, seconds, errors, counts):
    p, m = srv.connect(charset="utf8mb4"), maria()
    r = random.Random(sites[0])
    end = time.time() + seconds
    while time.time() < end:
        s = r.choice(sites)
        for conn in (p, m):
            run(conn, "USE %s%d" % (PREFIX, s))
        k = r.randint(1, 40)
        op = r.randint(0, 6)
        try:
            if op == 0:
                sql = ["UPDATE posts SET menu_order = menu_order + 1, post_content = CONCAT(IFNULL(post_content, ''), 'x') WHERE ID = %d" % k]
            elif op == 1:
                sql = ["INSERT INTO meta (post_id, meta_key, meta_value) VALUES (%d, '_key_w', 'w%d')" % (k, k)]
            elif op == 2:
                sql = ["DELETE FROM meta WHERE post_id = %d AND meta_key = '_key_w'" % k]
            elif op == 3:
                sql = ["BEGIN", "UPDATE log SET b = 'txn%d' WHERE a = %d" % (k, k % 30),
                       "ROLLBACK" if k % 3 == 0 else "COMMIT"]
            else:
                sql = [r.choice(QUERIES)]
            for q in sql:
                if not same(p, m, q, "worker"):
                    errors.append("site %d: %s" % (s, q))
            counts[0] += 1
        except Exception as e:  # a lost connection, a crash
            errors.append("site %d: %r" % (s, e))
            return
        time.sleep(r.random() * 0.9)


def pressure(tmp, m):
    """--max-memory=32M, eviction only for memory: a cold database of about 14 MB, then
    writes of 20 MB to another one (past the limit together): the cold one must go
    (Evict_for_memory) so that no write fails with 1114, and both must then read as on
    MariaDB; then each read in turn, which loads one: the other goes first."""
    srv = standalone.Server(os.path.join(tmp, "data2"), os.path.join(tmp, "log2"),
                            ["--max-memory=32M", "--evict-after-s=0", "--threads=2"])
    p = srv.start(charset="utf8mb4")
    for conn in (p, m):
        run(conn, "DROP DATABASE IF EXISTS %sp_cold" % PREFIX)
        run(conn, "DROP DATABASE IF EXISTS %sp_hot" % PREFIX)
        run(conn, "CREATE DATABASE %sp_cold" % PREFIX)
        run(conn, "CREATE DATABASE %sp_hot" % PREFIX)
        run(conn, "CREATE TABLE %sp_cold.t (id INT PRIMARY KEY, v MEDIUMTEXT)" % PREFIX)
        run(conn, "CREATE TABLE %sp_hot.t (id INT PRIMARY KEY, v MEDIUMTEXT)" % PREFIX)
    blob = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(20000))
    for i in range(700):
        both(p, m, "INSERT INTO %sp_cold.t VALUES (%d, '%s')" % (PREFIX, i, blob[i % 100:] + str(i)))
    time.sleep(3)
    failed = []
    for i in range(1000):
        try:
            both(p, m, "INSERT INTO %sp_hot.t VALUES (%d, '%s')" % (PREFIX, i, blob[i % 77:] + str(i)))
        except pymysql.MySQLError as e:
            failed.append(e.args[0])
            time.sleep(0.2)
        if i % 100 == 99:
            time.sleep(1.2)   # (the eviction thread's pass comes every second)
    check(not failed, "20 MB written beside a cold 14 MB database under --max-memory=32M without 1114 (%d failed: %s)"
          % (len(failed), failed[:3]))
    check(status(p, "Evict_for_memory") >= 1, "the cold database went for memory (Evict_for_memory %d)"
          % status(p, "Evict_for_memory"))
    for db in ("p_cold", "p_hot"):
        q = "SELECT COUNT(*), SUM(CRC32(v)), SUM(LENGTH(v)) FROM %s%s.t" % (PREFIX, db)
        check(same(p, m, q, "pressure"), "%s after the pressure: as MariaDB" % db)
    # both do not fit: each read loads one, and the other must go first (a statement's
    # load makes room rather than fail with 1037)
    ok, f0 = True, status(p, "Evict_for_memory")
    for _ in range(3):
        for db in ("p_cold", "p_hot"):
            q = "SELECT COUNT(*), SUM(CRC32(v)), SUM(LENGTH(v)) FROM %s%s.t" % (PREFIX, db)
            ok = same(p, m, q, "pressure") and ok
    check(ok and status(p, "Evict_for_memory") >= f0 + 4,
          "reading each in turn (they do not fit together): as MariaDB, the other one made room "
          "(Evict_for_memory %d -> %d)" % (f0, status(p, "Evict_for_memory")))
    for conn in (p, m):
        run(conn, "DROP DATABASE %sp_cold" % PREFIX)
        run(conn, "DROP DATABASE %sp_hot" % PREFIX)
    srv.stop()


def main():
    tmp = tempfile.mkdtemp(prefix="pressdb-evict-")
    srv = standalone.Server(os.path.join(tmp, "data"), os.path.join(tmp, "log"), ARGS)
    p = srv.start(charset="utf8mb4")
    m = maria()
    sites = list(range(SITES))
    for s in sites:
        for q in fill_statements(s):
            both(p, m, q)
    ntab = tables_in(p, sites)
    compare_sites(p, m, sites, "as written")
    before = sizes(p)
    mem_in = status(p, "Memory_used")
    run(p, "USE mysql")
    check(wait_out(p, ntab), "every table of the sites goes out within 30 s (Evict_tables %d of %d)"
          % (status(p, "Evict_tables"), ntab))
    mem_out = status(p, "Memory_used")
    check(mem_out < mem_in * 0.7, "Memory_used falls with the tables out (%d -> %d bytes)" % (mem_in, mem_out))
    check(status(p, "Evict_file_bytes") > 0, "Evict_file_bytes counts their files")
    files = own_files(tmp)
    links = [f for f in os.listdir(os.path.join(tmp, "data", "evict")) if f.startswith("snapshot.")]
    check(files or links, "the rows of the tables out are in the evict folder: files of their own (%d) "
          "or their sections of a checkpoint's snapshot, linked there (%d)" % (len(files), len(links)))
    loads0 = status(p, "Evict_loads")
    out_sizes = sizes(p)
    check(out_sizes == before, "information_schema.TABLES' rows, sizes and AUTO_INCREMENT as before")
    run(p, "USE %s0" % PREFIX)
    run(p, "SHOW TABLE STATUS")
    run(p, "SELECT COUNT(*) FROM information_schema.columns WHERE table_schema LIKE '%s%%'" % PREFIX)
    run(p, "SHOW CREATE TABLE posts")
    run(p, "SHOW INDEX FROM meta")
    check(status(p, "Evict_loads") == loads0, "reading the catalog and the sizes loads no table")
    check(run(p, "SHOW OPEN TABLES FROM %s0" % PREFIX) == (), "SHOW OPEN TABLES lists no table that is out")
    run(p, "SELECT COUNT(*) FROM %s0.opts" % PREFIX)
    check(run(p, "SHOW OPEN TABLES FROM %s0" % PREFIX) == (("%s0" % PREFIX, "opts", 0, 0),),
          "SHOW OPEN TABLES lists the table a statement brought back")

    compare_sites(p, m, sites, "after every table went out")
    check(status(p, "Evict_loads") >= ntab, "each table came back when a statement used it (Evict_loads %d)"
          % status(p, "Evict_loads"))
    # tables read but not written since they came back leave again without a new file
    check(wait_out(p, ntab), "every table out again")
    check(own_files(tmp) == files, "unchanged tables went out again reusing their files (%s, before %s)"
          % (own_files(tmp), files))

    # an open transaction's table stays in while it is open
    x = srv.connect()
    run(x, "USE %s1" % PREFIX)
    run(x, "BEGIN")
    run(x, "UPDATE log SET b = 'open' WHERE a = 2")
    time.sleep(3.5)
    t_out = run(p, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '%s1'" % PREFIX)
    out_now = status(p, "Evict_tables")
    run(x, "COMMIT")
    run(m, "UPDATE %s1.log SET b = 'open' WHERE a = 2" % PREFIX)
    check(out_now <= ntab - 1 and t_out[0][0] == 4, "a table with an open transaction's change stays in (%d out)" % out_now)
    x.close()

    # writers and readers on their own sites, tables going out and coming back meanwhile
    loads1 = status(p, "Evict_loads")
    errors, threads, counts = [], [], [0]
    for i in range(4):
        t = threading.Thread(target=worker, args=(srv, [2 * i, 2 * i + 1], 9, errors, counts))
        t.start()
        threads.append(t)
    for t in threads:
        t.join()
    loads = status(p, "Evict_loads") - loads1
    check(not errors, "%d statements of 4 threads while tables go out and come back, as MariaDB%s"
          % (counts[0], (": " + "; ".join(errors[:4])) if errors else ""))
    check(loads >= 8, "tables came back while the threads ran (%d loads)" % loads)
    compare_sites(p, m, sites, "after the threads")
    # FLUSH TABLES (MariaDB's table cache closed): with --evict-after-s, out at once
    run(p, "USE mysql")
    run(p, "FLUSH TABLES")
    check(status(p, "Evict_tables") >= ntab, "FLUSH TABLES: every table out at once (%d of %d)"
          % (status(p, "Evict_tables"), ntab))

    # DDL of tables that are out
    check(wait_out(p, ntab), "every table out again")
    ddl = [("RENAME TABLE %s0.log TO %s0.log2" % (PREFIX, PREFIX), "SELECT * FROM %s0.log2" % PREFIX),
           ("ALTER TABLE %s0.posts ADD COLUMN extra INT DEFAULT 7" % PREFIX, "SELECT * FROM %s0.posts" % PREFIX),
           ("TRUNCATE TABLE %s0.meta" % PREFIX, "SELECT * FROM %s0.meta" % PREFIX),
           ("DROP TABLE %s0.opts" % PREFIX, "SELECT * FROM %s0.opts" % PREFIX),
           ("DROP DATABASE %s7" % PREFIX, "SELECT * FROM %s7.posts" % PREFIX)]
    for stmt, q in ddl:
        wait_out(p, ntab - 2, timeout=10)
        ok = same(p, m, stmt, "ddl") and same(p, m, q, "ddl")
        check(ok, "%s on a table that is out, then %s: as MariaDB" % (stmt.split(" ")[0] + " " + stmt.split(" ")[1], q))
    sites = sites[:-1]
    ntab = tables_in(p, sites) - 1   # (opts of site 0 dropped)
    run(p, "INSERT INTO %s0.posts (post_title) VALUES ('after truncate')" % PREFIX)
    run(m, "INSERT INTO %s0.posts (post_title) VALUES ('after truncate')" % PREFIX)
    check(same(p, m, "SELECT * FROM %s0.posts" % PREFIX, "ddl"), "AUTO_INCREMENT of a table that was out goes on")

    # a clean restart and a kill -9 with every table out
    check(wait_out(p, ntab - 1), "every table out before a clean restart")
    sizes_stop = sizes(p)
    srv.stop()
    p = srv.start(charset="utf8mb4")
    # the start left every table's rows in the snapshot: out at once, the same figures
    out0, loads0 = status(p, "Evict_tables"), status(p, "Evict_loads")
    check(out0 >= ntab - 1, "after a restart every table starts out (Evict_tables %d of %d)" % (out0, ntab - 1))
    check(sizes(p) == sizes_stop and status(p, "Evict_loads") == loads0,
          "after a restart information_schema.TABLES' figures as before the stop, with nothing loaded")
    left = [f for f in os.listdir(os.path.join(tmp, "data", "evict")) if not f.startswith("snapshot.")]
    check(not left, "the evict folder is emptied at start (but for the snapshot's link) %s" % left)
    compare_sites(p, m, sites[1:], "after a clean restart (the snapshot copied the files of the tables out)")
    check(wait_out(p, ntab - 1), "every table out after the restart")
    # writes to a few tables while the others are out: the small log forces checkpoints
    for i in range(30):
        q = "UPDATE %s1.posts SET post_content = CONCAT(IFNULL(post_content, ''), '%s') WHERE ID = %d" % (
            PREFIX, text(200), 1 + i % 20)
        both(p, m, q)
    time.sleep(1.5)
    srv.kill()
    p = srv.start(charset="utf8mb4")
    compare_sites(p, m, sites[1:], "after kill -9 (checkpoints with tables out, then the log)")
    # a damaged evict file: the shutdown's checkpoint must fail rather than copy it into a
    # snapshot, and the next start must have every row (the old snapshot and the log)
    # (a change, so that the table goes to a file of its own: an unchanged one reuses the
    # snapshot's section, and damage there is the snapshot's, test_snapshot_stream.py)
    both(p, m, "UPDATE %s1.posts SET menu_order = menu_order + 1 WHERE ID = 1" % PREFIX)
    run(p, "USE mysql")
    check(wait_out(p, ntab - 1), "every table out before damaging a file")
    evdir = os.path.join(tmp, "data", "evict")
    # (an evict file of its own: the snapshot's link is the snapshot)
    victim = max((os.path.join(evdir, f) for f in os.listdir(evdir) if not f.startswith("snapshot.")),
                 key=os.path.getsize)
    with open(victim, "r+b") as f:
        f.seek(os.path.getsize(victim) // 2)
        b = f.read(16)
        f.seek(os.path.getsize(victim) // 2)
        f.write(bytes(x ^ 0x5A for x in b))
    srv.stop()
    p = srv.start(charset="utf8mb4")
    logtext = open(os.path.join(tmp, "log"), "rb").read().decode("utf-8", "replace")
    check("are damaged" in logtext, "the shutdown's checkpoint refused the damaged evict file")
    compare_sites(p, m, sites[1:], "after a clean stop whose checkpoint met a damaged evict file")
    run(p, "USE mysql")
    for s in sites:
        run(m, "DROP DATABASE IF EXISTS %s%d" % (PREFIX, s))
    run(m, "DROP DATABASE IF EXISTS %s7" % PREFIX)
    srv.stop()
    pressure(tmp, m)
    for name in ("log", "log2"):
        log = open(os.path.join(tmp, name), "rb").read().decode("utf-8", "replace")
        if name == "log":   # (but the one the damaged file made)
            log = "\n".join(x for x in log.split("\n") if "are damaged" not in x)
        check("[ERROR]" not in log and "checkpoint failed" not in log, "no error and no failed checkpoint in the %s" % name)
    if not standalone.failures:
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        print("datadir and log kept in %s" % tmp)
    standalone.finish()


main()
