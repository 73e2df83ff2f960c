#!/usr/bin/env python3
"""Row order of tables without a key across restarts: InnoDB hands such a table out in
its hidden row id order (insertion order), and an UPDATE never moves a row. pressdb
appends an UPDATE's new version and remembers the first version's place (table.c
origin_set); that place must survive the log's replay (redo 'O') and a snapshot
(snapshot 'O').

Starts its own pressdb (PRESSDB_BIN, a small log so that checkpoints happen) and runs the
same random transactions (UPDATEs, DELETEs, INSERTs, some rolled back) on it and on
MariaDB (MARIADB_PORT); after each step the rows of every table are compared in order:
live, after kill -9 (the log replayed), after a clean restart (a snapshot), and after a
checkpoint followed by more transactions and kill -9 (a snapshot and a log)."""
import os, random, shutil, signal, subprocess, sys, tempfile, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402
from servers import free_port  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN or not os.environ.get("MARIADB_PORT"):
    print("skipped: needs a pressdb binary and MariaDB (not applicable in --self-test)")
    sys.exit(0)
DB = "t_row_order_restart"
QUERIES = ["SELECT * FROM nk", "SELECT a FROM nk WHERE b = 'b'", "SELECT * FROM nk WHERE a > 20",
           "SELECT b, GROUP_CONCAT(a) FROM nk GROUP BY b", "SELECT * FROM nk2",
           "SELECT * FROM pk"]
failures = []


def connect(port, db=None):
    return pymysql.connect(host="127.0.0.1", port=port, user="root", database=db, autocommit=True)


def start(datadir, log, db=None):
    port = free_port()
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--datadir=%s" % datadir, "--socket=",
                                             "--threads=2", "--innodb-log-file-size=64K"],
                         stdout=log, stderr=subprocess.STDOUT)
    for _ in range(400):
        try:
            return p, connect(port, db)
        except pymysql.err.OperationalError:
            if p.poll() is not None:
                raise SystemExit("pressdb exited on start (code %s)" % p.returncode)
            time.sleep(0.05)
    raise SystemExit("pressdb did not start")


def both(cs, sql):
    for c in cs:
        c.execute(sql)


def compare(pc, mc, what):
    for q in QUERIES:
        pc.execute(q)
        mc.execute(q)
        got, want = pc.fetchall(), mc.fetchall()
        if got != want:
            failures.append("%s: %s\n  pressdb %r\n  MariaDB %r" % (what, q, got[:12], want[:12]))


def transaction(rnd, cs, seq):
    """One random transaction on both servers, committed or rolled back."""
    both(cs, "START TRANSACTION")
    for _ in range(rnd.randint(1, 5)):
        k = rnd.random()
        a = rnd.randint(1, 40)
        if k < 0.5:
            both(cs, "UPDATE nk SET b = '%s', c = CONCAT(c, '+') WHERE a = %d" % (rnd.choice("abcx"), a))
        elif k < 0.65:
            both(cs, "UPDATE nk SET a = a + 40 WHERE a = %d" % a)
        elif k < 0.75:
            both(cs, "DELETE FROM nk WHERE a = %d" % a)
        elif k < 0.85:
            both(cs, "INSERT INTO nk VALUES (%d, 'b', 'i%d')" % (a, seq))
        elif k < 0.95:
            both(cs, "UPDATE nk2 SET v = v + 1 WHERE id %% 3 = %d" % (a % 3))
        else:
            both(cs, "UPDATE pk SET v = v + 1 WHERE id = %d" % a)
    both(cs, "ROLLBACK" if rnd.random() < 0.2 else "COMMIT")


def main():
    rnd = random.Random(int(os.environ.get("PRESSDB_SEED", "22")))
    base = tempfile.mkdtemp(prefix="pressdb-order-")
    log = open(os.path.join(base, "server.log"), "ab")
    datadir = os.path.join(base, "data")
    proc = None
    ok = False
    mconn = connect(int(os.environ["MARIADB_PORT"]))
    mc = mconn.cursor()
    try:
        proc, pconn = start(datadir, log)
        pc = pconn.cursor()
        for c in (pc, mc):
            c.execute("DROP DATABASE IF EXISTS " + DB)
            c.execute("CREATE DATABASE " + DB)
            c.execute("USE " + DB)
            c.execute("CREATE TABLE nk (a INT, b VARCHAR(10), c TEXT, KEY (b))")
            c.execute("CREATE TABLE nk2 (id INT, v INT)")
            c.execute("CREATE TABLE pk (id INT PRIMARY KEY, v INT)")
            c.execute("INSERT INTO nk VALUES " + ",".join("(%d, '%s', 'r%d')" % (i, "abcb"[i % 4], i)
                                                         for i in range(1, 31)))
            c.execute("INSERT INTO nk2 VALUES " + ",".join("(%d, 0)" % i for i in range(20)))
            c.execute("INSERT INTO pk VALUES " + ",".join("(%d, 0)" % i for i in (5, 3, 9, 1, 7, 2)))
        seq = 0
        for step in ("live", "kill -9", "clean restart", "checkpoint, then kill -9"):
            for _ in range(25):
                seq += 1
                transaction(rnd, (pc, mc), seq)
            if step == "checkpoint, then kill -9":
                snap = os.path.join(datadir, "pressdb.snap")
                before = os.stat(snap).st_mtime_ns if os.path.exists(snap) else None
                pc.execute("CREATE TABLE pad (id INT PRIMARY KEY, v LONGTEXT)")
                pc.execute("INSERT INTO pad VALUES (1, REPEAT('x', 200000))")
                pc.execute("DROP TABLE pad")
                for _ in range(100):
                    if os.path.exists(snap) and os.stat(snap).st_mtime_ns != before:
                        break
                    time.sleep(0.05)
                else:
                    failures.append("no checkpoint after the log passed its size")
                for _ in range(10):
                    seq += 1
                    transaction(rnd, (pc, mc), seq)
            compare(pc, mc, step + " (before)")
            if step != "live":
                pconn.close()
                proc.send_signal(signal.SIGTERM if step == "clean restart" else signal.SIGKILL)
                proc.wait(timeout=60)
                proc, pconn = start(datadir, log, DB)
                pc = pconn.cursor()
                compare(pc, mc, step)
        ok = True
    except Exception as e:   # noqa: BLE001 - reported as a failure
        failures.append("error: %r" % (e,))
    finally:
        if proc and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()
        try:
            mc.execute("DROP DATABASE IF EXISTS " + DB)
        except pymysql.err.MySQLError:
            pass
        if ok and not failures:
            shutil.rmtree(base, ignore_errors=True)
        else:
            print("logs kept in", base)
    for f in failures:
        print("FAIL", f)
    if not failures:
        print("row order equal to MariaDB's live, after kill -9, a clean restart and a checkpoint")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
