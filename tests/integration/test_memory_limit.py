#!/usr/bin/env python3
"""Memory limit: with --max-memory, writes past the limit fail with MariaDB's 1114
"The table '...' is full" (as a full InnoDB table does), the statement leaves nothing
behind, reads and deletes keep working, and writes work again once rows are deleted.
The server must not be killed and the connection must stay usable.

Then, with the default limit (80% of RAM or of the cgroup limit): big multi-row INSERTs
like a dump's load without a 1114, and the memory counter (SHOW GLOBAL STATUS
'Memory_used') stays close to the real use while they run -- it used to count the rest
of the statement for every string literal, gigabytes while RSS stayed at a few hundred MB.

Starts its own pressdb (PRESSDB_BIN) with a temporary datadir."""
import os, shutil, socket, subprocess, sys, tempfile, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p

def start(base, args):
    port = free_port()
    log = open(os.path.join(base, "server.log"), "a")
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--datadir=%s" % os.path.join(base, "data"),
                          "--socket="] + args, stdout=log, stderr=subprocess.STDOUT)
    log.close()
    for _ in range(200):
        try:
            return p, port, pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
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

def rss(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0

def memory_used(cur):
    cur.execute("SHOW GLOBAL STATUS LIKE 'Memory_used'")
    return int(cur.fetchone()[1])

def limit_test(base, failures):
    p, port, c = start(base, ["--threads=1", "--max-memory=48M"])
    try:
        cur = c.cursor()
        cur.execute("CREATE DATABASE m")
        cur.execute("USE m")
        cur.execute("CREATE TABLE big (id INT AUTO_INCREMENT PRIMARY KEY, body LONGTEXT)")
        body = "x" * (1 << 20)
        inserted, err = 0, None
        for i in range(200):   # 200 MiB would be far past the limit
            try:
                cur.execute("INSERT INTO big (body) VALUES (%s)", (body,))
                inserted += 1
            except pymysql.err.OperationalError as e:
                err = e
                break
        if err is None:
            failures.append("no error after %d MiB of inserts with --max-memory=48M" % inserted)
        elif err.args[0] != 1114 or err.args[1] != "The table 'big' is full":
            failures.append("wrong error: %r" % (err.args,))
        if inserted < 10:
            failures.append("only %d rows fitted under 48M" % inserted)
        # a multi-row insert that fails part-way leaves nothing
        try:
            cur.execute("INSERT INTO big (body) VALUES (%s), (%s)", (body, body))
            failures.append("second insert past the limit succeeded")
        except pymysql.err.OperationalError as e:
            if e.args[0] != 1114:
                failures.append("second insert: %r" % (e.args,))
        # reads keep working and see exactly the committed rows
        cur.execute("SELECT COUNT(*), SUM(LENGTH(body)) FROM big")
        n, total = cur.fetchone()
        if n != inserted or int(total) != inserted * len(body):
            failures.append("after the limit: %s rows / %s bytes, expected %d / %d" % (n, total, inserted, inserted * len(body)))
        # deletes free room, and writes work again
        cur.execute("DELETE FROM big WHERE id % 2 = 0")
        deadline = time.time() + 10
        ok = False
        while time.time() < deadline and not ok:
            try:
                cur.execute("INSERT INTO big (body) VALUES ('small')")
                ok = True
            except pymysql.err.OperationalError as e:
                if e.args[0] != 1114:
                    failures.append("insert after delete: %r" % (e.args,))
                    break
                time.sleep(0.2)
        if not ok:
            failures.append("inserts still refused after deleting half the rows")
        cur.execute("SELECT 1")
        if cur.fetchone() != (1,):
            failures.append("connection unusable")
        if p.poll() is not None:
            failures.append("server exited (code %s)" % p.returncode)
        c.close()
    finally:
        stop(p)
    return inserted

def load_test(base, failures):
    """The default limit, and the counter during a dump-like load."""
    p, port, a = start(base, ["--threads=2"])
    try:
        with open(os.path.join(base, "server.log")) as f:
            note = [l for l in f if "Memory limit for table data" in l]
        mem_total = 0
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    mem_total = int(line.split()[1]) * 1024
        if not note:
            failures.append("no memory limit by default (log says nothing about one)")
        else:
            mib = int(note[-1].split(":")[-1].split()[0])
            if not (16 <= mib <= mem_total * 0.8 / 1048576 + 1):
                failures.append("default limit %d MiB, RAM %d MiB" % (mib, mem_total >> 20))
        b = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
        ca, cb = a.cursor(), b.cursor()
        ca.execute("CREATE DATABASE l")
        ca.execute("USE l")
        ca.execute("CREATE TABLE posts (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, "
                   "title TEXT NOT NULL, body LONGTEXT NOT NULL, status VARCHAR(20) NOT NULL, "
                   "name VARCHAR(200) NOT NULL, KEY name (name(191)), KEY st (status, id)) "
                   "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci")
        text_bytes, worst, rows = 0, None, 0
        for stmt in range(12):
            vals = []
            size = 0
            while size < 1000000:
                body = ("Paragraph %d of post %d, with 'quotes' and \\ backslashes. " % (size, rows)) * 20
                t = "Title of post %d \u00e9\U0001F600" % rows
                row = "(%s,%s,'publish',%s)" % (pymysql.converters.escape_string(t).join("''"),
                                                pymysql.converters.escape_string(body).join("''"),
                                                ("'post-%d'" % rows))
                vals.append(row)
                size += len(row)
                text_bytes += len(body.encode()) + len(t.encode())
                rows += 1
            try:
                ca.execute("INSERT INTO posts (title, body, status, name) VALUES " + ",".join(vals))
            except pymysql.err.MySQLError as e:
                failures.append("insert %d refused under the default limit: %r" % (stmt, e.args))
                break
            # a's statement memory (its arena) is held until a's next statement: b sees it
            used, resident = memory_used(cb), rss(p.pid)
            if worst is None or used > worst[0]:
                worst = (used, resident, stmt)
            if used > 1.5 * resident + (16 << 20):
                failures.append("after insert %d Memory_used is %.0f MiB with RSS %.0f MiB" % (
                    stmt, used / 1048576, resident / 1048576))
                break
        used = memory_used(cb)
        if used < 0.9 * text_bytes:
            failures.append("Memory_used %d after %d bytes of text were stored" % (used, text_bytes))
        cb.execute("SELECT COUNT(*), SUM(LENGTH(body)) FROM l.posts")
        n, _ = cb.fetchone()
        if n != rows and not failures:
            failures.append("%s rows stored, %d inserted" % (n, rows))
        a.close()
        b.close()
        return rows, text_bytes, worst
    finally:
        stop(p)

def main():
    base = tempfile.mkdtemp(prefix="pressdb-mem-")
    failures = []
    try:
        inserted = limit_test(base, failures)
        shutil.rmtree(os.path.join(base, "data"), ignore_errors=True)
        rows, text_bytes, worst = load_test(base, failures)
    finally:
        if not failures:
            shutil.rmtree(base, ignore_errors=True)
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("server log kept in", base)
        sys.exit(1)
    print("ok: %d rows of 1 MiB fitted under --max-memory=48M, then 1114; reads, deletes and later inserts work; "
          "default limit: %d rows (%.0f MB of text) in 12 INSERTs of 1 MB, Memory_used at most %.0f MiB "
          "(RSS then %.0f MiB)" % (inserted, rows, text_bytes / 1e6, worst[0] / 1048576, worst[1] / 1048576))

main()
