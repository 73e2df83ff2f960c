#!/usr/bin/env python3
"""Events run by the scheduler (engine/event.c, server/scheduler.c), as MariaDB runs them:

- with event_scheduler OFF nothing runs; SET GLOBAL event_scheduler = ON starts them;
- EVERY 1 SECOND runs about once a second; a BEGIN ... END body runs whole;
- a one-time event runs once, then is dropped (ON COMPLETION NOT PRESERVE) or disabled
  (PRESERVE); an EVERY event past its ENDS likewise;
- an event runs as its definer: a definer without INSERT on a table gets its error, which
  the error log reports as MariaDB's does ("Event Scheduler: [user@host][db.event] ..."),
  and writes nothing; a failing body does not stop the others;
- events survive kill -9 (the log) and a clean shutdown (the snapshot's 'S' records)
  with the same SHOW CREATE EVENT, and --event-scheduler=ON starts them at startup;
- an event whose body never ends is in SHOW PROCESSLIST, KILL stops it (the tables it
  held are free at once), and a shutdown does not wait for it;
- with the run's MariaDB (tests/run.py): events made on MariaDB, dumped with
  mariadb-dump --events, load into pressdb, whose dump is the same text.

Timing assertions are loose (the scheduler ticks each second; counts are at least /
at most, never exact rates). Starts its own pressdb (PRESSDB_BIN) on a free port."""
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from standalone import Server, binary  # noqa: E402
from dumps import drop, round_trip  # noqa: E402

binary()   # (or a skip)


def check(cond, what):
    if not cond:
        raise SystemExit("FAIL: " + what)
    print("    ok    " + what)


def wait_for(cur, sql, pred, secs=8.0):
    deadline = time.time() + secs
    while True:
        cur.execute(sql)
        rows = cur.fetchall()
        if pred(rows) or time.time() > deadline:
            return rows
        time.sleep(0.2)


def creates(cur):
    cur.execute("SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = 'ev' ORDER BY 1")
    out = {}
    for (name,) in cur.fetchall():
        cur.execute("SHOW CREATE EVENT ev.`%s`" % name)
        out[name] = cur.fetchone()[3]
    return out


def main():
    base = tempfile.mkdtemp(prefix="pressdb-events-")
    srv = Server(os.path.join(base, "data"), os.path.join(base, "server.log"))
    ok = False
    try:
        c = srv.start()
        cur = c.cursor()
        for sql in ("CREATE DATABASE ev", "USE ev", "CREATE TABLE t (a INT, k VARCHAR(10))",
                    "CREATE TABLE other (a INT)",
                    "CREATE USER lim@localhost", "GRANT EVENT, SELECT ON ev.* TO lim@localhost",
                    "GRANT INSERT ON ev.t TO lim@localhost",
                    "CREATE EVENT every1 ON SCHEDULE EVERY 1 SECOND DO INSERT INTO t VALUES (1, 'every')",
                    "CREATE EVENT once_gone ON SCHEDULE AT NOW() + INTERVAL 2 SECOND DO INSERT INTO t VALUES (2, 'gone')",
                    "CREATE EVENT once_kept ON SCHEDULE AT NOW() + INTERVAL 2 SECOND ON COMPLETION PRESERVE "
                    "DO BEGIN INSERT INTO t VALUES (3, 'kept'); INSERT INTO t VALUES (4, 'kept'); END",
                    "CREATE EVENT broken ON SCHEDULE EVERY 1 SECOND DO INSERT INTO no_such_table VALUES (1)",
                    "CREATE DEFINER = lim@localhost EVENT as_lim ON SCHEDULE EVERY 1 SECOND "
                    "DO INSERT INTO other VALUES (99)",
                    "CREATE DEFINER = lim@localhost EVENT as_lim_ok ON SCHEDULE EVERY 1 SECOND "
                    "DO INSERT INTO t VALUES (6, 'lim')"):
            cur.execute(sql)
        time.sleep(2.5)
        cur.execute("SELECT COUNT(*) FROM t")
        check(cur.fetchone()[0] == 0, "with event_scheduler OFF no event runs")
        cur.execute("SET GLOBAL event_scheduler = ON")
        cur.execute("CREATE EVENT ends_soon ON SCHEDULE EVERY 1 SECOND ENDS NOW() + INTERVAL 2 SECOND "
                    "ON COMPLETION PRESERVE DO INSERT INTO t VALUES (5, 'ends')")
        rows = wait_for(cur, "SELECT k, COUNT(*) FROM t GROUP BY k ORDER BY k",
                        lambda r: dict(r).get("every", 0) >= 3 and "gone" in dict(r) and "kept" in dict(r))
        got = dict(rows)
        check(got.get("every", 0) >= 3, "EVERY 1 SECOND ran %d times" % got.get("every", 0))
        check(got.get("gone") == 1, "a one-time event ran once")
        check(got.get("kept") == 2, "a BEGIN ... END body ran whole (2 rows)")
        check(got.get("lim", 0) >= 1, "an event of a definer with INSERT on the table ran")
        cur.execute("SELECT COUNT(*) FROM other")
        check(cur.fetchone()[0] == 0, "an event whose definer lacks INSERT wrote nothing")
        time.sleep(2)
        cur.execute("SELECT EVENT_NAME, STATUS, LAST_EXECUTED IS NOT NULL FROM information_schema.EVENTS "
                    "WHERE EVENT_SCHEMA = 'ev' ORDER BY 1")
        st = {r[0]: (r[1], r[2]) for r in cur.fetchall()}
        check("once_gone" not in st, "ON COMPLETION NOT PRESERVE: dropped after its run")
        check(st.get("once_kept") == ("DISABLED", 1), "ON COMPLETION PRESERVE: disabled after its run, LAST_EXECUTED set")
        check(st.get("ends_soon", ("",))[0] == "DISABLED", "an EVERY event past its ENDS is disabled (PRESERVE)")
        cur.execute("SELECT COUNT(*) FROM t WHERE k = 'ends'")
        n_ends = cur.fetchone()[0]
        check(1 <= n_ends <= 4, "it ran until its ENDS (%d times)" % n_ends)
        log = srv.tail(20000)
        check("Event Scheduler: [root@localhost][ev.broken]" in log and "no_such_table" in log,
              "a failing event is in the error log as MariaDB writes it")
        check("[lim@localhost][ev.as_lim]" in log and "denied" in log,
              "the definer's missing privilege is the event's error")
        cur.execute("SET GLOBAL event_scheduler = OFF")
        time.sleep(1.5)
        cur.execute("SELECT COUNT(*) FROM t")
        n1 = cur.fetchone()[0]
        time.sleep(2)
        cur.execute("SELECT COUNT(*) FROM t")
        check(cur.fetchone()[0] == n1, "SET GLOBAL event_scheduler = OFF stops them")
        cur.execute("ALTER EVENT every1 ON SCHEDULE EVERY 1 HOUR STARTS '2030-01-01 00:00:00' COMMENT 'later'")
        cur.execute("SET sql_mode = 'ANSI_QUOTES'")   # (its text replays under its own sql_mode)
        cur.execute("CREATE EVENT ansi ON SCHEDULE AT '2030-01-01 00:00:00' DO UPDATE t SET \"a\" = 2")
        cur.execute("SET sql_mode = DEFAULT")
        cur.execute("DROP EVENT broken")
        before = creates(cur)
        c.close()
        srv.kill()
        c = srv.start()   # the log replays
        check(creates(c.cursor()) == before, "after kill -9 every event's SHOW CREATE EVENT is the same (%d events)"
              % len(before))
        c.close()
        srv.stop()   # a clean shutdown writes a snapshot
        c = srv.start()
        check(creates(c.cursor()) == before, "after a snapshot every event's SHOW CREATE EVENT is the same")
        c.close()
        srv.stop()
        srv.args = ["--event-scheduler=ON"]
        c = srv.start()
        cur = c.cursor()
        cur.execute("SELECT COUNT(*) FROM ev.t WHERE k = 'lim'")
        n_lim = cur.fetchone()[0]
        rows = wait_for(cur, "SELECT COUNT(*) FROM ev.t WHERE k = 'lim'", lambda r: r[0][0] > n_lim)
        check(rows[0][0] > n_lim, "--event-scheduler=ON runs them from the start")
        # an event whose body never ends holds the store's write lock, as a CALL would: it
        # is in SHOW PROCESSLIST, KILL stops it, and so does a shutdown
        loop = ("ON SCHEDULE AT NOW() DO BEGIN DECLARE i INT DEFAULT 0; WHILE 1 DO SET i = i + 1; END WHILE; END")
        cur.execute("CREATE EVENT ev.forever " + loop)
        time.sleep(2)
        d = srv.connect(read_timeout=10)
        dc = d.cursor()
        dc.execute("SHOW PROCESSLIST")
        ev = [r for r in dc.fetchall() if r[4] == "Query" and r[0] != d.thread_id()]
        check(len(ev) == 1 and "WHILE 1" in (ev[0][7] or ""), "the running event is in SHOW PROCESSLIST")
        dc.execute("KILL %d" % ev[0][0])
        t0 = time.time()
        dc.execute("SELECT COUNT(*) FROM ev.t")
        check(time.time() - t0 < 5, "after KILL of it a table is read at once")
        for _ in range(50):
            if "[root@localhost][ev.forever] Connection was killed" in srv.tail(4000):
                break
            time.sleep(0.1)
        check("[root@localhost][ev.forever] Connection was killed" in srv.tail(4000), "the killed event is logged")
        cur.execute("CREATE EVENT ev.forever2 " + loop)
        time.sleep(2)
        d.close()
        c.close()
        srv.p.terminate()
        try:
            srv.p.wait(timeout=20)
        except Exception:
            raise SystemExit("FAIL: a running event held up the shutdown")
        srv.log.close()
        check(True, "a shutdown stops a running event")
        print("events: scheduled, run as their definers, finished as MariaDB does, kept across restarts")
        ok = True
    finally:
        if srv.p and srv.p.poll() is None:
            srv.kill()
        if ok:
            shutil.rmtree(base, ignore_errors=True)
        else:
            print("server log kept in %s" % base)


def dump_round_trip():
    setup = ["CREATE TABLE t (a INT)",
             "CREATE EVENT e1 ON SCHEDULE EVERY 1 HOUR STARTS '2030-01-01 10:00:00' DO INSERT INTO t VALUES (1)",
             "CREATE EVENT e2 ON SCHEDULE AT '2030-01-01 00:00:00' ON COMPLETION PRESERVE DISABLE COMMENT 'x''y' "
             "DO INSERT INTO t VALUES (2)",
             "CREATE EVENT e3 ON SCHEDULE EVERY '1:30' HOUR_MINUTE STARTS '2030-01-01' ENDS '2031-01-01' "
             "DO BEGIN INSERT INTO t VALUES (3); DELETE FROM t WHERE a = 1; END"]
    r = round_trip(check, "ev_dump", setup, "events", ("--events",))
    if not r:
        return
    conns, mtext = r[:2], r[2]
    check(mtext.count(" EVENT `") == 3, "the dump has the three events")
    got = []
    for c in conns:
        cur = c.cursor()
        out = []
        for name in ("e1", "e2", "e3"):
            cur.execute("SHOW CREATE EVENT ev_dump." + name)
            out.append(cur.fetchone()[3])
        got.append(out)
    check(got[0] == got[1], "SHOW CREATE EVENT is the same on both for each event")
    drop(conns, "ev_dump")


main()
dump_round_trip()
