#!/usr/bin/env python3
"""Statement memory: statements whose intermediate results once grew without bound run
under a 4 GB address-space limit (ulimit -v), and the server must survive every one of
them and keep answering on the same connection.

 * SELECT from four 1,000-row tables with LIMIT 10 (no ORDER BY): 10 rows, as MariaDB
   (the join stops at the LIMIT; it used to make the whole product, 1 GB/s until killed);
 * WHERE id IN (1,000,000 literals) over 1,000 rows: (1000,), as MariaDB;
 * a two-table cross join with ORDER BY under SET max_session_mem_used = 8M: MariaDB's
   1290 "... --max-session-mem-used=8388608 option ...", as MariaDB answers (the sort
   spills to disk, test_spill.py; its 1,000,000 result rows are held before they are sent);
 * the same cross join without ORDER BY or LIMIT (10^9 rows), max_session_mem_used =
   256M: 1290 (MariaDB streams such rows to the client instead: it does not run out);
 * the same with the default max_session_mem_used: the process ceiling of counted memory
   (--max-memory plus an eighth) fails it with 1037 "Out of memory ..." instead of the
   arena aborting the process (again MariaDB would stream the rows);
 * a REGEXP whose backtracking frames pass the ceiling: 1037 (under max_session_mem_used =
   8M a smaller one answers, as MariaDB's: it does not count PCRE2's memory);
 * after each failure the next statement works and Memory_used is back near its start.

Starts its own pressdb (PRESSDB_BIN) with a temporary datadir."""
import os, resource, shutil, socket, subprocess, sys, tempfile, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

ADDRESS_SPACE = 4000000 * 1024   # as `ulimit -v 4000000`

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p

# A sanitizer build reserves terabytes of address space (ASan's shadow), so it cannot start
# under the address-space limit: there ASan's own RSS limit is the safety net instead, and
# pressdb's ceiling (--max-memory plus an eighth) is what makes the statements fail.
with open(BIN, "rb") as _f:
    SANITIZED = b"AddressSanitizer" in _f.read()


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

def memory_used(cur):
    cur.execute("SHOW GLOBAL STATUS LIKE 'Memory_used'")
    return int(cur.fetchone()[1])

def run(cur, sql):
    """(rows, None) or (None, (code, message))"""
    try:
        cur.execute(sql)
        return cur.fetchall(), None
    except pymysql.err.MySQLError as e:
        return None, (e.args[0], e.args[1] if len(e.args) > 1 else "")

def check_error(failures, what, got, code, text):
    rows, err = got
    if err is None:
        failures.append("%s: no error (%d rows)" % (what, len(rows)))
    elif err[0] != code or text not in err[1]:
        failures.append("%s: %r, expected %d %r" % (what, err, code, text))

def main():
    base = tempfile.mkdtemp(prefix="pressdb-stmtmem-")
    failures, notes = [], []
    p, c = start(base, ["--threads=1", "--max-memory=1G"])
    try:
        cur = c.cursor()
        cur.execute("CREATE DATABASE m")
        cur.execute("USE m")
        for t in ("t1", "t2", "t3", "t4"):
            cur.execute("CREATE TABLE %s (id INT PRIMARY KEY, a INT)" % t)
        cur.execute("INSERT INTO t1 WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 1000) "
                    "SELECT n, n % 7 FROM s")
        for t in ("t2", "t3", "t4"):
            cur.execute("INSERT INTO %s SELECT * FROM t1" % t)
        base_used = memory_used(cur)

        rows, err = run(cur, "SELECT * FROM t1, t2, t3, t4 LIMIT 10")
        if err or len(rows) != 10:
            failures.append("4-table cross join LIMIT 10: %r" % (err or len(rows),))

        t0 = time.time()
        rows, err = run(cur, "SELECT COUNT(*) FROM t1 WHERE id IN (%s)" % ",".join(str(i) for i in range(1, 1000001)))
        if err or rows != ((1000,),):
            failures.append("1,000,000-literal IN list: %r" % (err or rows,))
        notes.append("IN list of 1,000,000: %.1fs" % (time.time() - t0))

        cur.execute("SET max_session_mem_used = 8388608")
        check_error(failures, "cross join ORDER BY under 8M", run(cur, "SELECT t1.id, t2.id FROM t1, t2 ORDER BY t1.a"),
                    1290, "--max-session-mem-used=8388608 option")
        cur.execute("SET max_session_mem_used = 268435456")
        check_error(failures, "cross join under 256M", run(cur, "SELECT t1.id, t2.id, t3.id FROM t1, t2, t3"),
                    1290, "--max-session-mem-used=268435456 option")
        rows, err = run(cur, "SELECT COUNT(*) FROM t1, t2")
        if err or rows != ((1000000,),):
            failures.append("statement after 1290: %r" % (err or rows,))
        cur.execute("SET max_session_mem_used = DEFAULT")

        t0 = time.time()
        check_error(failures, "cross join past the process ceiling", run(cur, "SELECT t1.id, t2.id, t3.id FROM t1, t2, t3"),
                    1037, "Out of memory")
        notes.append("1037 after %.1fs" % (time.time() - t0))
        rows, err = run(cur, "SELECT 1")
        if err or rows != ((1,),):
            failures.append("statement after 1037: %r" % (err or rows,))

        # PCRE2's backtracking frames: not counted against max_session_mem_used (MariaDB
        # does not either: the match answers), bounded by the process ceiling (1037)
        cur.execute("SET max_session_mem_used = 8388608")
        rows, err = run(cur, "SELECT REPEAT('a', 100000) REGEXP '^((a)|b)*$'")
        if err or rows != ((1,),):
            failures.append("REGEXP with 70 MB of frames under max_session_mem_used = 8M: %r" % (err or rows,))
        cur.execute("SET max_session_mem_used = DEFAULT")
        t0 = time.time()
        check_error(failures, "REGEXP backtracking past the process ceiling",
                    run(cur, "SELECT REPEAT('a', 4000000) REGEXP '^((a)|b)*$'"), 1037, "Out of memory")
        notes.append("REGEXP 1037 after %.1fs" % (time.time() - t0))
        rows, err = run(cur, "SELECT REGEXP_SUBSTR('abc', 'b')")
        if err or rows != (("b",),):
            failures.append("REGEXP after 1037: %r" % (err or rows,))
        after = memory_used(cur)
        if after > base_used + (16 << 20):
            failures.append("Memory_used %d after the failures, %d before" % (after, base_used))
        notes.append("Memory_used %.1f MiB before, %.1f MiB after" % (base_used / 1048576, after / 1048576))
        if p.poll() is not None:
            failures.append("server exited (code %s)" % p.returncode)
        c.close()
    finally:
        stop(p)
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("server log kept in", base)
        sys.exit(1)
    shutil.rmtree(base, ignore_errors=True)
    print("ok: under " + ("ASan's hard_rss_limit_mb=8000" if SANITIZED else "ulimit -v 4000000") + " the runaway statements end as expected and the server answers on; " + "; ".join(notes))

main()
