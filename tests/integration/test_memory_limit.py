#!/usr/bin/env python3
"""Memory limit: with --max-memory, writes past the limit fail with MariaDB's 1114
"The table '...' is full" (as a full InnoDB table does), the statement leaves nothing
behind, reads and deletes keep working, and writes work again once rows are deleted.
The server must not be killed and the connection must stay usable.

Starts its own pressdb (PRESSDB_BIN) with a temporary datadir."""
import os, shutil, socket, subprocess, sys, tempfile, time
import pymysql

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

def main():
    base = tempfile.mkdtemp(prefix="pressdb-mem-")
    port = free_port()
    log = open(os.path.join(base, "server.log"), "w")
    p = subprocess.Popen([BIN, "--port=%d" % port, "--datadir=%s" % os.path.join(base, "data"),
                          "--socket=", "--threads=1", "--max-memory=48M"],
                         stdout=log, stderr=subprocess.STDOUT)
    failures = []
    try:
        c = None
        for _ in range(200):
            try:
                c = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
                break
            except pymysql.err.OperationalError:
                if p.poll() is not None:
                    raise SystemExit("pressdb exited on start")
                time.sleep(0.05)
        if c is None:
            raise SystemExit("pressdb did not start")
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
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        log.close()
        if not failures:
            shutil.rmtree(base, ignore_errors=True)
    if failures:
        for f in failures:
            print("FAIL:", f)
        print("server log kept in", base)
        sys.exit(1)
    print("ok: %d rows of 1 MiB fitted under --max-memory=48M, then 1114; reads, deletes and later inserts work" % inserted)

main()
