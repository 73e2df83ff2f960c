#!/usr/bin/env python3
"""Sorts bigger than memory spill to disk (engine/spill.c) and complete, with MariaDB's
rows, where they used to fail with 1290 / 1037:

 * under SET max_session_mem_used = 8M, ORDER BY ... LIMIT 3 over a 262,144-row join
   (before: 1290 "... --max-session-mem-used=8388608 option ...");
 * with --max-memory=64M (a process ceiling of 72 MiB), ORDER BY ... LIMIT 5 over a
   1,048,576-row join and an ORDER BY over 262,144 rows whose 4,000 last rows are sent
   (before: 1037 "Out of memory ...");
 * under SET max_session_mem_used = 8M, a GROUP BY of about 200,000 groups over 262,144
   rows, and one over 524,288 rows with ORDER BY ... LIMIT 5 (before: 1290);
 * with tmp_table_size = max_heap_table_size = 16K, sorts and groupings over 4,096 rows
   give exactly the rows and order of the same statements in memory, ties included
   (rows that sort alike stay in the order they were made; a group's first row and its
   values' order are the scan's), and SHOW STATUS's Sort_merge_passes and
   Created_tmp_disk_tables count the spills (they stay put in memory);
 * a statement that fails after its sort spilled (1242 from a subquery at row 4,000)
   leaves no temporary file open, and the server answers on.

Results are compared with the reference MariaDB (MARIADB_SOCKET / MARIADB_PORT, set by
tests/run.py) where it can run the statement. Starts its own pressdb (PRESSDB_BIN) under
`ulimit -v 4000000` with a temporary datadir."""
import os, resource, shutil, socket, subprocess, sys, tempfile, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

ADDRESS_SPACE = 4000000 * 1024   # as `ulimit -v 4000000`
with open(BIN, "rb") as _f:
    SANITIZED = b"AddressSanitizer" in _f.read()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def limit_memory():
    if not SANITIZED:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def start(base, args):
    port = free_port()
    log = open(os.path.join(base, "server.log"), "a")
    env = dict(os.environ)
    if SANITIZED:
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "detect_leaks=0") + ":hard_rss_limit_mb=8000"
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--datadir=%s" % os.path.join(base, "data"),
                          "--socket="] + args, stdout=log, stderr=subprocess.STDOUT, preexec_fn=limit_memory,
                         env=env)
    log.close()
    for _ in range(300):
        try:
            return p, pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True, read_timeout=300)
        except pymysql.err.OperationalError:
            if p.poll() is not None:
                raise SystemExit("pressdb exited on start")
            time.sleep(0.05)
    p.kill()
    raise SystemExit("pressdb did not start")


def stop(p):
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()


def reference():
    """A connection to the reference MariaDB, or None."""
    sock, port = os.environ.get("MARIADB_SOCKET"), os.environ.get("MARIADB_PORT")
    try:
        if sock:
            return pymysql.connect(unix_socket=sock, user="root", autocommit=True, read_timeout=600)
        if port:
            return pymysql.connect(host=os.environ.get("MARIADB_HOST", "127.0.0.1"), port=int(port), user="root",
                                   autocommit=True, read_timeout=600)
    except pymysql.err.MySQLError:
        return None
    return None


def run(cur, sql):
    """(rows, None) or (None, (code, message))"""
    try:
        cur.execute(sql)
        return cur.fetchall(), None
    except pymysql.err.MySQLError as e:
        return None, (e.args[0], e.args[1] if len(e.args) > 1 else "")


def status(cur, name):
    cur.execute("SHOW STATUS LIKE '%s'" % name)
    row = cur.fetchone()
    return int(row[1]) if row else 0   # (a build without the counter: the checks fail)


def open_files(pid):
    """The server's open regular files that are deleted (its unlinked temporary files;
    not the JIT's code arena, a memfd, which shows as deleted too)."""
    n = 0
    for fd in os.listdir("/proc/%d/fd" % pid):
        try:
            target = os.readlink("/proc/%d/fd/%s" % (pid, fd))
        except OSError:
            continue
        if target.startswith("/memfd:"):
            continue
        if target.endswith("(deleted)") or "pressdb-sort" in target:
            n += 1
    return n


SETUP = [
    "CREATE DATABASE IF NOT EXISTS spill_it",
    "USE spill_it",
    "DROP TABLE IF EXISTS sp",
    "CREATE TABLE sp (id INT PRIMARY KEY, a INT, s VARCHAR(20) COLLATE utf8mb4_general_ci, d DOUBLE, "
    "u VARCHAR(10) COLLATE utf8mb4_unicode_ci)",
    "INSERT INTO sp WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n < 63) "
    "SELECT x.n * 64 + y.n, IF((x.n * 64 + y.n) % 11 = 0, NULL, ((x.n * 64 + y.n) * 7919) % 37), "
    "IF((x.n * 64 + y.n) % 13 = 0, NULL, ELT((x.n * 64 + y.n) % 6 + 1, 'apple', 'Apple', 'APPLE', 'b', 'B', "
    "CONCAT('v', (x.n * 64 + y.n) % 1000))), ((x.n * 64 + y.n) * 104729 % 1000) / 7.0, "
    "ELT((x.n * 64 + y.n) % 5 + 1, 'e', 'é', 'E', 'ß', 'ss') FROM s x, s y",
    "DROP TABLE IF EXISTS s128",
    "CREATE TABLE s128 AS SELECT * FROM sp WHERE id < 128",
]

BIG_LIMIT = ("SELECT a.id, b.id, a.s FROM sp a, sp b WHERE b.id < 64 "
             "ORDER BY a.d + b.id * 1000 DESC, a.id, b.id LIMIT 3")
HUGE_LIMIT = ("SELECT a.id, b.id, a.s, b.u FROM sp a, sp b WHERE b.id < 256 "
              "ORDER BY b.d - a.d, a.s DESC, a.id, b.id LIMIT 5")
BIG_OFFSET = ("SELECT a.id, b.id, a.u FROM sp a, sp b WHERE b.id < 64 "
              "ORDER BY a.u DESC, a.d, b.id DESC, a.id LIMIT 4000 OFFSET 258144")

# (no MIN/MAX of strings equal in their collation: which one MariaDB shows depends on the
# order it reads the rows in; aggregates of columns: a function's value per row is garbage
# in the statement's arena, spilled or not)
GROUP_BIG = ("SELECT (a.id * 7919 + b.id * 13) % 200003 AS g, COUNT(*), SUM(b.a), MAX(a.d), "
             "GROUP_CONCAT(b.s ORDER BY b.id) "
             "FROM sp a, s128 b WHERE b.id < 64 GROUP BY g HAVING COUNT(*) > 1 AND g % 40 = 0")
GROUP_BIG_LIMIT = ("SELECT (a.id * 7919 + b.id * 13) % 200003 AS g, COUNT(*), SUM(b.a) AS t, "
                   "GROUP_CONCAT(a.u ORDER BY a.id DESC) "
                   "FROM sp a, s128 b GROUP BY g ORDER BY t DESC, g LIMIT 5")

# ties, collations, NULLs, DESC, WITH TIES, the first row of a group, the order of a
# group's values: pressdb's own answers, spilled and in memory, and the counter that
# shows the spill. A third field names the ORDER BY columns of a sort whose ties
# pressdb leaves in memory as MariaDB's filesort does (engine/filesort.c: its quicksort
# is not stable, its chunks past the sort buffer merge in an order of their own; whether
# its LIMIT queue is used depends on the table's age, see sort_ties.md) while a spilled
# sort keeps them in scan order (MariaDB's tie order, which does not depend on
# tmp_table_size, is not replayed there), so it is compared on its rows (without LIMIT)
# and keys only.
TIES = [
    ("Sort_merge_passes", "SELECT id, a FROM sp ORDER BY a", (1,)),
    ("Sort_merge_passes", "SELECT s, id FROM sp ORDER BY s DESC", (0,)),
    ("Sort_merge_passes", "SELECT u, s, id FROM sp ORDER BY u, s", (0, 1)),
    ("Sort_merge_passes", "SELECT id, a, s FROM sp ORDER BY a DESC LIMIT 1000", (1,)),
    ("Sort_merge_passes", "SELECT id, a FROM sp ORDER BY a FETCH FIRST 10 ROWS WITH TIES"),
    ("Sort_merge_passes", "SELECT id % 1000 AS g, COUNT(*) AS c FROM sp GROUP BY g ORDER BY c"),
    ("Created_tmp_disk_tables", "SELECT id % 700 AS g, JSON_ARRAYAGG(a), GROUP_CONCAT(s), SUM(d) FROM sp GROUP BY g"),
    ("Created_tmp_disk_tables", "SELECT s, u, COUNT(*), MIN(id) FROM sp GROUP BY s, u, id % 97"),
    ("Created_tmp_disk_tables", "SELECT a, s, id, COUNT(DISTINCT u), AVG(d) FROM sp GROUP BY a, s"),
    ("Created_tmp_disk_tables", "SELECT id % 900 AS g, COUNT(*) AS c, MAX(u) FROM sp GROUP BY g ORDER BY c DESC, MAX(s) LIMIT 50"),
]


def key_of(row, cols):
    """A row's ORDER BY values as sp's collations compare them (general_ci and
    unicode_ci over its few strings: case, e/é, ß/ss)."""
    return tuple(None if row[c] is None else str(row[c]).lower().replace("é", "e").replace("ß", "ss")
                 for c in cols)


def main():
    base = tempfile.mkdtemp(prefix="pressdb-spill-")
    failures, notes = [], []
    ref = reference()
    rcur = ref.cursor() if ref else None
    if rcur:
        for q in SETUP:
            rcur.execute(q)
    else:
        notes.append("no reference MariaDB: compared with pressdb's own answers only")

    def expect(what, sql):
        t0 = time.time()
        rows, err = run(cur, sql)
        notes.append("%s: %.1fs" % (what, time.time() - t0))
        if err:
            failures.append("%s: %r" % (what, err))
            return
        if rcur:
            want = run(rcur, sql)
            if want[1]:   # (the reference's own temporary files can fail it: not compared then)
                notes.append("not compared: MariaDB failed it with %r" % (want[1],))
            elif list(want[0]) != list(rows):
                failures.append("%s: rows differ from MariaDB's: %r ... vs %r ..." % (what, rows[:3], want[0][:3]))

    p, c = start(base, ["--threads=1", "--max-memory=64M"])
    try:
        cur = c.cursor()
        for q in SETUP:
            cur.execute(q)

        # the statement limit: spills instead of 1290
        passes = status(cur, "Sort_merge_passes")
        cur.execute("SET max_session_mem_used = 8388608")
        expect("262,144-row ORDER BY LIMIT 3 under max_session_mem_used = 8M", BIG_LIMIT)
        cur.execute("SET max_session_mem_used = DEFAULT")
        if status(cur, "Sort_merge_passes") <= passes:
            failures.append("Sort_merge_passes did not grow for the 8M sort")

        # the process ceiling (--max-memory=64M): spills instead of 1037
        expect("1,048,576-row ORDER BY LIMIT 5 under --max-memory=64M", HUGE_LIMIT)
        expect("262,144-row ORDER BY, its last 4,000 rows, under --max-memory=64M", BIG_OFFSET)

        # GROUP BY: groups past the limit go to disk instead of 1290
        made = status(cur, "Created_tmp_disk_tables")
        cur.execute("SET max_session_mem_used = 8388608")
        expect("262,144-row GROUP BY of ~200,000 groups under max_session_mem_used = 8M", GROUP_BIG)
        expect("524,288-row GROUP BY ... ORDER BY ... LIMIT 5 under 8M", GROUP_BIG_LIMIT)
        cur.execute("SET max_session_mem_used = DEFAULT")
        if status(cur, "Created_tmp_disk_tables") < made + 2:
            failures.append("Created_tmp_disk_tables did not grow for the GROUP BYs under 8M")

        # the same answers spilled and in memory, ties included
        for counter, q, *keys in TIES:
            cur.execute("SET tmp_table_size = DEFAULT, max_heap_table_size = DEFAULT")
            before = status(cur, counter)
            mem = run(cur, q)
            if status(cur, counter) != before:
                failures.append("%s: %s grew with the default limits" % (q, counter))
            cur.execute("SET tmp_table_size = 16384, max_heap_table_size = 16384")
            before = status(cur, counter)
            disk = run(cur, q)
            if status(cur, counter) <= before:
                failures.append("%s: did not spill with 16K limits (%s)" % (q, counter))
            if keys:
                # (with LIMIT, which of the rows that tie at the cut are kept differs too)
                same = ("LIMIT" in q or sorted(map(repr, mem[0])) == sorted(map(repr, disk[0]))) and \
                    [key_of(r, keys[0]) for r in mem[0]] == [key_of(r, keys[0]) for r in disk[0]]
            else:
                same = list(mem[0]) == list(disk[0])
            if mem[1] or disk[1] or not same:
                failures.append("%s: spilled rows differ from in-memory rows" % q)

        # an error after the spill: the file is closed
        cur.execute("SET tmp_table_size = 16384, max_heap_table_size = 16384")
        rows, err = run(cur, "SELECT id FROM sp ORDER BY d, IF(id = 4000, (SELECT id FROM sp), 0), id")
        if not err or err[0] != 1242:
            failures.append("error after spilling: %r" % ((err or len(rows)),))
        if open_files(p.pid):
            failures.append("%d temporary files still open after the statements" % open_files(p.pid))
        rows, err = run(cur, "SELECT COUNT(*) FROM sp")
        if err or rows != ((4096,),):
            failures.append("statement after the error: %r" % (err or rows,))
        if p.poll() is not None:
            failures.append("server exited (code %s)" % p.returncode)
        c.close()
    finally:
        stop(p)
        if rcur:
            rcur.execute("DROP DATABASE IF EXISTS spill_it")
            ref.close()
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("server log kept in", base)
        sys.exit(1)
    shutil.rmtree(base, ignore_errors=True)
    print("ok: sorts past the statement limit and the process ceiling spill and complete with MariaDB's rows; " +
          "; ".join(notes))


main()
