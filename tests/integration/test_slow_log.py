#!/usr/bin/env python3
"""The slow query log and Slow_queries, against MariaDB: each server writes its log to a
file of this test's (slow_query_log_file, slow_query_log=ON) while one session runs a
workload with long_query_time=0, then another with the default 10 s. Compared: the
entries (who ran them, schema, Rows_sent, Rows_affected, the "use" lines, the statement
texts, in order; times, thread ids, Rows_examined and Bytes_sent, which pressdb does not
count, left out), the header, and the session's Slow_queries. Nothing is logged for the
session under the default long_query_time, and with slow_query_log=OFF."""
import os, re, shutil, sys, tempfile
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import targets  # noqa: E402

HOST = "127.0.0.1"
WORK = ["SELECT 1", "USE sl_db", "SELECT * FROM t", "INSERT INTO t VALUES (1), (2)", "UPDATE t SET a = a + 10",
        "SELECT a FROM t ORDER BY a", "SELECT nosuch FROM t", "DELETE FROM t WHERE a > 11",
        "SELECT COUNT(*) FROM t;"]


def connect(port, db=None):
    return pymysql.connect(host=HOST, port=port, user="root", password="", autocommit=True, database=db)


def entries(text):
    """The comparable part of each entry."""
    out = []
    for block in re.split(r"(?m)^# User@Host: ", text)[1:]:
        lines = block.splitlines()
        who = lines[0]
        schema = re.search(r"Schema: (\S*)", block)
        sent = re.search(r"Rows_sent: (\d+)", block)
        aff = re.search(r"Rows_affected: (\d+)", block)
        uses = [l for l in lines if l.startswith("use ")]
        body = [l for l in lines if not l.startswith("#") and not l.startswith("use ") and not l.startswith("SET timestamp=")]
        out.append((who, schema.group(1) if schema else None, sent.group(1) if sent else None,
                    aff.group(1) if aff else None, uses, "\n".join(body)))
    return out


def run(port, path):
    admin = connect(port)
    cur = admin.cursor()
    cur.execute("DROP DATABASE IF EXISTS sl_db")
    cur.execute("CREATE DATABASE sl_db")
    cur.execute("CREATE TABLE sl_db.t (a INT)")
    cur.execute("SET GLOBAL slow_query_log_file = %s", (path,))
    cur.execute("SET GLOBAL slow_query_log = ON")
    c = connect(port)
    w = c.cursor()
    w.execute("SET SESSION long_query_time = 0")
    w.execute("SHOW SESSION STATUS LIKE 'Slow_queries'")
    before = int(w.fetchall()[0][1])
    for q in WORK:
        try:
            w.execute(q)
            w.fetchall()
        except pymysql.err.MySQLError:
            pass
    w.execute("SHOW SESSION STATUS LIKE 'Slow_queries'")
    slow = int(w.fetchall()[0][1]) - before
    c.close()
    # the default long_query_time: nothing from this session
    c = connect(port, "sl_db")
    c.cursor().execute("SELECT 'not slow'")
    c.close()
    cur.execute("SET GLOBAL slow_query_log = OFF")
    c = connect(port, "sl_db")
    w = c.cursor()
    w.execute("SET SESSION long_query_time = 0")
    w.execute("SELECT 'log is off'")
    c.close()
    cur.execute("DROP DATABASE sl_db")
    admin.close()
    with open(path) as f:
        text = f.read()
    return text, slow


def main():
    failures = []
    res = {}
    tmp = tempfile.mkdtemp(prefix="pressdb-slowlog-")
    for name, port in targets():
        path = os.path.join(tmp, name + "-slow.log")
        res[name] = run(port, path)
    text, slow = res["pressdb"]
    if not text.splitlines() or "started with:" not in text.splitlines()[0]:
        failures.append("no header: %r" % text[:200])
    if "not slow" in text or "log is off" in text:
        failures.append("logged a statement it should not have")
    ours = entries(text)
    if slow < len(WORK) - 1:
        failures.append("Slow_queries moved by %d for %d statements" % (slow, len(WORK)))
    if "MariaDB" in res:
        mtext, mslow = res["MariaDB"]
        theirs = entries(mtext)
        # (MariaDB's session also logs the SHOW and SET it ran after long_query_time=0)
        keep = lambda es: [e for e in es if not e[5].startswith(("SHOW SESSION STATUS", "SET SESSION"))]
        a, b = keep(theirs), keep(ours)
        if len(a) != len(b):
            failures.append("%d entries, MariaDB %d:\n%s\n---\n%s" % (len(b), len(a), text, mtext))
        for x, y in zip(a, b):
            if x != y:
                failures.append("entry differs:\n    MariaDB: %r\n    pressdb: %r" % (x, y))
        if mslow != slow:
            failures.append("Slow_queries moved by %d on pressdb, %d on MariaDB" % (slow, mslow))
    for f in failures:
        print("FAIL: " + f)
    if not failures:
        shutil.rmtree(tmp, ignore_errors=True)
    print("slow log: %d entries compared" % len(ours))
    sys.exit(1 if failures else 0)


main()
