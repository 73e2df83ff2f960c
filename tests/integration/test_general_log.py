#!/usr/bin/env python3
"""The general query log, against MariaDB: each server writes general_log_file (a file
of this test's) while connections log in (one with a bad user), run queries (a multi-line
one, a failing one), change database, ask COM_FIELD_LIST and COM_STATISTICS, ping (not
logged), prepare, execute with parameters of each kind, reset and close statements
(PHP's mysqli), change user and quit; FLUSH LOGS after the file was moved away starts a
new one (logrotate); a session with sql_log_off=ON is not logged, and nothing is after
general_log=OFF. Compared: the header's lines, then every entry's
command and argument in order (connection ids numbered by first appearance; times left
out), and that each entry's time column is a timestamp or two tabs; log_output refuses
TABLE (no mysql.general_log here) and normalises its value as MariaDB does."""
import os, re, shutil, subprocess, sys, tempfile, time
import pymysql
from pymysql.constants import COMMAND
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import targets  # noqa: E402

HOST = "127.0.0.1"
failures = []
ENTRY = re.compile(r"^(\d{6} [ \d]\d:\d\d:\d\d\t|\t\t)\s*(\d+) ([A-Za-z ]+)\t(.*)$")


def connect(port, db=None, user="root"):
    return pymysql.connect(host=HOST, port=port, user=user, password="", autocommit=True, database=db)


def raw(c, cmd, arg=b""):
    """A command PyMySQL has no call for; its answer read to the end."""
    c._execute_command(cmd, arg)
    while True:
        p = c._read_packet()
        if p.is_eof_packet() or p.is_error_packet() or p.is_ok_packet() or cmd == COMMAND.COM_STATISTICS:
            break


def quits(path):
    try:
        with open(path) as f:
            return sum(1 for line in f if re.match(r"^(\S+ +\S+\t|\t\t)\s*\d+ Quit\t", line))
    except OSError:
        return 0


def close(c, path):
    """Closes c and waits for its Quit entry: a server logs it when it reads COM_QUIT, which
    the client does not wait for, so the next connection's entries could come first."""
    n = quits(path)
    c.close()
    for _ in range(500):
        if quits(path) > n:
            return
        time.sleep(0.01)
    failures.append("no Quit entry logged after a close")


def php(port):
    exe = shutil.which("php")
    if not exe:
        return
    code = r'''
$m = new mysqli("127.0.0.1", "root", "", "gl_db", (int)$argv[1]);
$s = $m->prepare("SELECT ?, ?, ?, ?, ? FROM t WHERE a > ?");
$i = 5; $str = "it's \\ \"q\"\n x"; $d = 1.5; $n = null; $day = "2024-01-02"; $k = -3;
$s->bind_param("isdssi", $i, $str, $d, $n, $day, $k);
$s->execute(); $s->get_result(); $s->reset(); $s->close();
$m->change_user("root", "", "gl_db");
$m->query("SELECT 'after change user'");
$m->close();
'''
    r = subprocess.run([exe, "-r", code, "--", str(port)], capture_output=True, text=True, timeout=60)
    if r.returncode:
        failures.append("php: %s" % r.stderr[-300:])


def run(port, path):
    admin = connect(port)
    cur = admin.cursor()
    cur.execute("DROP DATABASE IF EXISTS gl_db")
    cur.execute("CREATE DATABASE gl_db")
    cur.execute("CREATE TABLE gl_db.t (a INT, b VARCHAR(10))")
    cur.execute("INSERT INTO gl_db.t VALUES (1, 'x')")
    cur.execute("SET GLOBAL general_log_file = %s", (path,))
    cur.execute("SET GLOBAL general_log = ON")
    c = connect(port, "gl_db")
    w = c.cursor()
    for q in ["SELECT 1", "SELECT 'a\nb'", "SELECT nosuch FROM t", "INSERT INTO t VALUES (2, 'y')"]:
        try:
            w.execute(q)
            w.fetchall()
        except pymysql.err.MySQLError:
            pass
    c.select_db("information_schema")
    c.select_db("gl_db")
    raw(c, COMMAND.COM_FIELD_LIST, b"t\0")
    raw(c, COMMAND.COM_STATISTICS)
    c.ping()
    close(c, path)
    try:
        connect(port, user="gl_nobody")
    except pymysql.err.MySQLError:
        pass
    php(port)
    os.rename(path, path + ".1")           # logrotate: the file moved, then FLUSH LOGS
    cur.execute("FLUSH LOGS")
    q = connect(port, "gl_db")
    q.cursor().execute("SELECT 'after flush logs'")
    close(q, path)
    q = connect(port, "gl_db")
    q.cursor().execute("SET sql_log_off = ON")
    q.cursor().execute("SELECT 'not logged: sql_log_off'")
    q.close()
    cur.execute("SET GLOBAL general_log = OFF")
    c = connect(port, "gl_db")
    c.cursor().execute("SELECT 'not logged: log off'")
    c.close()
    out = []
    for bad in ("TABLE", "FILE,TABLE", "SPOON"):
        try:
            cur.execute("SET GLOBAL log_output = %s", (bad,))
            out.append("accepted " + bad)
        except pymysql.err.MySQLError as e:
            out.append(e.args[0])
    cur.execute("SET GLOBAL log_output = 'none,file'")
    cur.execute("SELECT @@log_output")
    out.append(cur.fetchall()[0][0])
    cur.execute("SET GLOBAL log_output = DEFAULT")
    cur.execute("DROP DATABASE gl_db")
    admin.close()
    texts = []
    for pth in (path + ".1", path):
        with open(pth) as f:
            texts.append(f.read())
    return texts, out


def entries(texts, name):
    """(connection number, command, argument) per entry of the files in turn, and each
    file's header lines."""
    heads, ids, out = [], {}, []
    for text in texts:
        lines = text.split("\n")
        heads.append(lines[:3])
        start = len(out)
        for line in lines[3:]:
            m = ENTRY.match(line)
            if m:
                cid = ids.setdefault(m.group(2), len(ids) + 1)
                out.append([cid, m.group(3), m.group(4)])
            elif len(out) > start:
                out[-1][2] += "\n" + line      # a statement of several lines
            elif line:
                failures.append("%s: not an entry: %r" % (name, line))
        if len(out) > start and out[-1][2].endswith("\n"):
            out[-1][2] = out[-1][2][:-1]
    return heads, [tuple(e) for e in out]


def main():
    tmp = tempfile.mkdtemp(prefix="pressdb-generallog-")
    res = {}
    for name, port in targets():
        res[name] = run(port, os.path.join(tmp, name + "-general.log"))
    texts, out = res["pressdb"]
    text = "".join(texts)
    heads, ours = entries(texts, "pressdb")
    if "not logged" in text:
        failures.append("logged a statement it should not have")
    if not ours or not any(e[1] == "Execute" for e in ours) and shutil.which("php"):
        failures.append("too few entries:\n" + text)
    if "MariaDB" in res:
        mtexts, mout = res["MariaDB"]
        mtext = "".join(mtexts)
        mheads, theirs = entries(mtexts, "MariaDB")
        for mhead, head in zip(mheads, heads):
            if mhead[2] != head[2] or not head[1].startswith("Tcp port: ") or "started with:" not in head[0]:
                failures.append("header differs:\n    MariaDB: %r\n    pressdb: %r" % (mhead, head))
        if len(theirs) != len(ours):
            failures.append("%d entries, MariaDB %d:\n%s\n---\n%s" % (len(ours), len(theirs), text, mtext))
        for x, y in zip(theirs, ours):
            if x != y:
                failures.append("entry differs:\n    MariaDB: %r\n    pressdb: %r" % (x, y))
        if mout[-1] != out[-1] or out[2] != mout[2]:
            failures.append("log_output: %r, MariaDB %r" % (out, mout))
    # (MariaDB takes TABLE, for its mysql.general_log and slow_log: pressdb has neither)
    if out[0] != 1231 or out[1] != 1231 or out[2] != 1231 or out[3] != "NONE,FILE":
        failures.append("log_output: %r" % out)
    for f in failures:
        print("FAIL: " + f)
    if not failures:
        shutil.rmtree(tmp, ignore_errors=True)
    print("general log: %d entries compared" % len(ours))
    sys.exit(1 if failures else 0)


main()
