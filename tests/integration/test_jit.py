#!/usr/bin/python3
"""The JIT (engine/jit_bridge.c) is really used, and gives MariaDB's answers.

1. Replays tests/sql/063_jit_filters.sql on MariaDB and pressdb (a database of its own),
   running each SELECT three times on pressdb (by the third run its block plan is kept,
   so the kernel is compiled whatever --jit-min-rows is) and comparing every result with
   MariaDB's. The third run of every SELECT whose first conjunct the kernel can check
   must raise Jit_executions (SHOW GLOBAL STATUS); those it must leave to the interpreter
   (unsigned BIGINT, constants beyond BIGINT, bad date strings, DATE/TIMESTAMP literals, a
   string constant left of a date column) must not.
2. SET SESSION pressdb_jit = OFF: the same answers, Jit_executions unchanged; ON again:
   used again. Jit_compiled_blocks, Jit_compile_time_us and Jit_code_bytes are non-zero,
   the compile time quantiles in order. SET pressdb_jit_notes = ON: one Note 1003 names
   the scan's filter kernel; none with pressdb_jit = OFF, none with the notes off. A kept
   kernel of string answers alone that passed nearly every row is left to the
   interpreter after that run; a selective one stays.
3. A pressdb of its own (PRESSDB_BIN) whose executable memory is refused
   (PRESSDB_JIT_NOEXEC=1): the same answers, interpreted, counted in Jit_fallbacks; and
   one started with --jit=off: @@global.pressdb_jit is 0 and nothing is compiled; and one
   whose code arena holds two pages (PRESSDB_JIT_ARENA_KB=8): kept kernels are evicted by
   later ones, the scans that meet evicted code filter in C, with the right answers.

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass)."""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402
from sqlfile import SqlFile  # noqa: E402

DB = "t_jit_replay"
SQL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sql", "063_jit_filters.sql")
# SELECTs the kernel must not take (their first conjunct is not an exact int64 compare)
INTERPRETED = [r"\bu\b\s*[<>=]", r"not a date", r"2021-13-45", r"(?<![-\d])9223372036854775808",
               r"-9223372036854775809", r"DATE '", r"TIMESTAMP '", r"'2023-01-01' <= d"]
# SELECTs that may run either way: a join whose hash probe is an expression keeps no block
# plan (ARCHITECTURE.md, Block plans), so it compiles only at --jit-min-rows rows
MAYBE = [r"ON y\.\w+ = x\.\w+ \+ 1"]


def connect(port_var, host_var, sock_var, db=None):
    kw = dict(user="root", password="", autocommit=True)
    if os.environ.get(port_var):
        kw.update(host=os.environ.get(host_var, "127.0.0.1"), port=int(os.environ[port_var]))
    else:
        kw.update(unix_socket=os.environ[sock_var])
    if db:
        kw["database"] = db
    return pymysql.connect(**kw)


def jit_status(c):
    cur = c.cursor()
    cur.execute("SHOW GLOBAL STATUS LIKE 'Jit%'")
    return {k: int(v) for k, v in cur.fetchall()}


def run(c, sql):
    cur = c.cursor()
    try:
        cur.execute(sql)
        rows = cur.fetchall() if cur.description else None
    except pymysql.err.MySQLError as e:
        return ("error", e.args[0])
    cur.execute("SHOW WARNINGS")
    return (rows if rows is None or re.search(r"ORDER BY|LIMIT", sql) else sorted(rows, key=repr),
            cur.fetchall())


def replay(m, p, failures):
    taken = left = 0
    for st in SqlFile(SQL).statements:
        sql = st.sql
        want = run(m, sql)
        if not sql.lstrip().upper().startswith("SELECT"):
            got = run(p, sql)
            if got != want:
                failures.append("%s: %r, MariaDB %r" % (st.where, got, want))
            continue
        for i in range(3):
            before = jit_status(p)["Jit_executions"]
            got = run(p, sql)
            if got != want:
                failures.append("%s (run %d): pressdb %r, MariaDB %r" % (st.where, i + 1, got, want))
        used = jit_status(p)["Jit_executions"] > before
        expect = not any(re.search(x, sql) for x in INTERPRETED)
        if used != expect and not any(re.search(x, sql) for x in MAYBE):
            failures.append("%s: the JIT %s: %s" % (st.where, "was used" if used else "was not used", sql))
        taken += used
        left += not used
    print("replayed %s: %d SELECTs ran compiled on their third run, %d interpreted" % (os.path.basename(SQL), taken, left))


def session_switch(p, failures):
    cur = p.cursor()
    q = "SELECT COUNT(*), SUM(b) FROM jf WHERE a > 20 AND d >= '2021-01-01'"
    want = run(p, q)
    cur.execute("SET SESSION pressdb_jit = OFF")
    cur.execute("SELECT @@pressdb_jit, @@global.pressdb_jit")
    if cur.fetchone() != (0, 1):
        failures.append("SET SESSION pressdb_jit = OFF: the variables do not show it")
    before = jit_status(p)["Jit_executions"]
    for _ in range(3):
        if run(p, q) != want:
            failures.append("pressdb_jit = OFF: another answer")
    if jit_status(p)["Jit_executions"] != before:
        failures.append("pressdb_jit = OFF: Jit_executions still grew")
    cur.execute("SET SESSION pressdb_jit = ON")
    run(p, q)
    st = jit_status(p)
    if st["Jit_executions"] == before:
        failures.append("pressdb_jit = ON again: the JIT was not used")
    for k in ("Jit_compiled_blocks", "Jit_compile_time_us", "Jit_code_bytes"):
        if st.get(k, 0) <= 0:
            failures.append("%s is %r after compiled scans" % (k, st.get(k)))
    if not (st["Jit_compile_time_max_us"] > 0 and
            st["Jit_compile_time_p50_us"] <= st["Jit_compile_time_p99_us"] <= st["Jit_compile_time_max_us"]):
        failures.append("compile time quantiles out of order: %r" % st)


def notes(p, failures):
    """pressdb_jit_notes: a Note names the kernels a block ran, only when asked for."""
    cur = p.cursor()
    q = "SELECT COUNT(*), SUM(b) FROM jf WHERE a > 20 AND d >= '2021-01-01'"
    for jit, want_note in (("ON", True), ("OFF", False)):
        cur.execute("SET SESSION pressdb_jit = " + jit)
        cur.execute("SET SESSION pressdb_jit_notes = ON")
        _, w = run(p, q)
        cur.execute("SET SESSION pressdb_jit_notes = OFF")
        _, w_off = run(p, q)
        got = [x for x in w if x[2].startswith("pressdb JIT:")]
        if want_note and not (len(got) == 1 and got[0][:2] == ("Note", 1003) and "jf: filter kernel" in got[0][2]):
            failures.append("pressdb_jit_notes = ON, pressdb_jit = %s: warnings %r" % (jit, w))
        if not want_note and got:
            failures.append("pressdb_jit = OFF: a JIT note %r" % (got,))
        if w_off:
            failures.append("pressdb_jit_notes = OFF: warnings %r" % (w_off,))
    cur.execute("SET SESSION pressdb_jit = ON")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def own_server(base, args, env):
    port = free_port()
    os.makedirs(base, exist_ok=True)
    log = open(os.path.join(base, "server.log"), "a")
    proc = subprocess.Popen(pressdb_cmd(os.environ["PRESSDB_BIN"]) + ["--port=%d" % port, "--socket=",
                             "--datadir=" + os.path.join(base, "data")] + args,
                            stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ, **env))
    log.close()
    for _ in range(200):
        try:
            return proc, pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
        except pymysql.err.OperationalError:
            if proc.poll() is not None:
                raise SystemExit("pressdb exited on start: " + open(os.path.join(base, "server.log")).read()[-2000:])
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("pressdb did not start")


def stop(proc):
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def evicted(cur, failures):
    """An arena of two pages: kept plans' kernels are evicted by later ones, and their
    scans filter each chunk with the same test in C (counted in Jit_fallbacks)."""
    cur.execute("CREATE TABLE e (x INT, y BIGINT)")
    rows = [(i % 100 if i % 9 else None, (i * 7919) % 2000 - 1000) for i in range(3000)]
    cur.execute("INSERT INTO e VALUES " + ", ".join("(%s, %d)" % ("NULL" if x is None else x, y) for x, y in rows))
    cur.execute("DELETE FROM e WHERE y = 5")
    rows = [r for r in rows if r[1] != 5]
    ops = {"=": lambda a, b: a == b, "<>": lambda a, b: a != b, "<": lambda a, b: a < b,
           "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
    before = jit_status(cur.connection)["Jit_fallbacks"]
    for rnd in range(5):   # plans are kept from the third run on, used from the fourth
        for op in ops:
            for col, k in (("x", 50), ("y", -3)):
                i = 0 if col == "x" else 1
                cur.execute("SELECT COUNT(*), MIN(y) FROM e WHERE %s %s %d" % (col, op, k + rnd))
                want = [r for r in rows if r[i] is not None and ops[op](r[i], k + rnd)]
                got = cur.fetchone()
                if got != (len(want), min(r[1] for r in want) if want else None):
                    failures.append("evicted: %s %s %d: %r" % (col, op, k + rnd, got))
    st = jit_status(cur.connection)
    if st["Jit_fallbacks"] == before or not st["Jit_executions"]:
        failures.append("evicted: no scan ran on evicted code: %r" % st)


def no_exec(failures):
    if os.environ.get("PRESSDB_SELF_TEST") or not os.environ.get("PRESSDB_BIN"):
        print("own servers: skipped (no pressdb binary)")
        return
    base = tempfile.mkdtemp(prefix="pressdb-jit-")
    try:
        q = "SELECT COUNT(*), SUM(x) FROM t WHERE x > 10 AND x <> 50"
        for args, env, what in ((["--jit-min-rows=0"], {"PRESSDB_JIT_NOEXEC": "1"}, "noexec"),
                                (["--jit=off", "--jit-min-rows=0"], {}, "off"),
                                (["--jit-min-rows=0"], {"PRESSDB_JIT_ARENA_KB": "8"}, "evicted")):
            proc, c = own_server(os.path.join(base, what), args, env)
            try:
                cur = c.cursor()
                cur.execute("CREATE DATABASE j")
                cur.execute("USE j")
                cur.execute("CREATE TABLE t (x INT)")
                cur.execute("INSERT INTO t VALUES " + ", ".join("(%d)" % (i % 100) for i in range(1000)))
                cur.execute(q)
                want = [i % 100 for i in range(1000) if i % 100 > 10 and i % 100 != 50]
                if cur.fetchone() != (len(want), sum(want)):
                    failures.append("%s: wrong answer" % what)
                st = jit_status(c)
                if what != "evicted" and (st["Jit_executions"] or st["Jit_compiled_blocks"]):
                    failures.append("%s: compiled code ran: %r" % (what, st))
                if what == "noexec" and not st["Jit_fallbacks"]:
                    failures.append("noexec: Jit_fallbacks not counted: %r" % st)
                if what == "evicted":
                    evicted(cur, failures)
                if what == "off":
                    cur.execute("SELECT @@global.pressdb_jit, @@pressdb_jit")
                    if cur.fetchone() != (0, 0):
                        failures.append("--jit=off: pressdb_jit is not OFF")
            finally:
                stop(proc)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def idle(m, p, failures):
    """A kept kernel made of string answers alone that passed nearly every row of its last
    full run is left to the interpreter after it (jit_bridge.c JB_IDLE_PASS_*); one that
    drops most rows stays compiled; an idle one runs again every JB_IDLE_RETRY-th time, so
    the same statement with a selective constant is compiled again. Every run gives
    MariaDB's answer."""
    rows = ", ".join("(%d, '%s', %d)" % (i, "z" if i % 100 == 0 else "a", i % 13) for i in range(10000))
    for c in (m, p):
        cur = c.cursor()
        cur.execute("CREATE TABLE js (id INT PRIMARY KEY, s VARCHAR(10), b INT)")
        cur.execute("INSERT INTO js VALUES " + rows)
    cur = p.cursor()
    cur.execute("SET SESSION pressdb_jit_notes = ON")
    wide = "SELECT COUNT(*), SUM(b) FROM js WHERE s = '%s' AND b %% 7 = 1"
    for q, n, stays in ((wide % "a", 5, False), ("SELECT COUNT(*), SUM(b) FROM js WHERE s = 'z' AND b - 1 <> 3", 5, True),
                        (wide % "z", 40, True)):
        want = run(m, q)[0]
        seen = []
        for _ in range(n):
            got, w = run(p, q)
            if got != want:
                failures.append("idle kernels: %s: %r, MariaDB %r" % (q, got, want))
            seen.append(any("js: filter kernel" in x[2] for x in w))
        if not any(seen):
            failures.append("idle kernels: %s never ran compiled: %r" % (q, seen))
        elif stays != seen[-1]:
            failures.append("idle kernels: %s: compiled in the runs %r (the last should be %s)" % (q, seen, stays))
    cur.execute("SET SESSION pressdb_jit_notes = OFF")


def main():
    if os.environ.get("PRESSDB_SELF_TEST"):
        print("skipped: pressdb's counters (not applicable in --self-test)")
        return 0
    m = connect("MARIADB_PORT", "MARIADB_HOST", "MARIADB_SOCKET")
    p = connect("PRESSDB_PORT", "PRESSDB_HOST", "PRESSDB_SOCKET")
    for c in (m, p):
        cur = c.cursor()
        cur.execute("DROP DATABASE IF EXISTS " + DB)
        cur.execute("CREATE DATABASE " + DB)
        cur.execute("USE " + DB)
    failures = []
    replay(m, p, failures)
    session_switch(p, failures)
    notes(p, failures)
    idle(m, p, failures)
    no_exec(failures)
    for c in (m, p):
        c.cursor().execute("DROP DATABASE IF EXISTS " + DB)
    if failures:
        print("\n".join(failures))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
