#!/usr/bin/env python3
"""pressdb follows a MariaDB 10.11 primary (--log-bin, binlog_format=ROW) as its replica:
CHANGE MASTER TO ... MASTER_USE_GTID=slave_pos, START SLAVE on pressdb.

The test starts both servers itself. The replica follows through the binary log workload
(every column kind, DDL, triggers, views, transactions), STOP/START SLAVE, concurrent
writers, a kill -9 of the replica under writers (it restarts replicating by itself from
master.info and @@gtid_slave_pos: nothing missing, nothing applied twice; the table
without a key would show a row applied twice; the same in file and position mode), and a restart of the primary. Each time,
once the replica's @@gtid_slave_pos reaches the primary's @@gtid_binlog_pos, the two
dumps must be the same. A row the replica already holds stops it with MariaDB's 1062 in
Last_SQL_Errno; removed, START SLAVE goes on. Control statements refuse what MariaDB
refuses (1198 while running, 1200 unconfigured).
"""
import os
import shutil
import sys
import time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import servers  # noqa: E402
from binlog_workload import DB, SCHEMA, ROWS, LATER  # noqa: E402
import repl_check  # noqa: E402
from repl_check import FixedPort, q1  # noqa: E402

repl_check.skip_unless_binary()
if not shutil.which("mariadbd"):
    print("skipped: needs mariadbd")
    sys.exit(0)
BIN = os.environ["PRESSDB_BIN"]
check = repl_check.Checks()
status = repl_check.status


class Primary(FixedPort, servers.MariaDB):
    def argv(self):
        return super().argv() + ["--log-bin=mbin", "--server-id=1", "--binlog-format=ROW"]


class Replica(FixedPort, servers.PressDB):
    def argv(self):
        return super().argv() + ["--server-id=2"]


def caught_up(primary, replica, what):
    return repl_check.caught_up(check, primary, replica, what)


def same_data(primary, replica, what, sort=False):
    repl_check.same_data(check, primary, replica, what, sort)


def writers(port, seconds, kill=None):
    repl_check.writers(check, port, seconds, kill, after_kill=seconds / 2)


def error_of(cur, sql):
    try:
        cur.execute(sql)
        return 0
    except pymysql.MySQLError as e:
        return e.args[0]


def main():
    area = servers.TempArea()
    sv = {}

    def body():
        primary = sv["primary"] = Primary(area, "primary", "MariaDB primary")
        primary.initialise()
        primary.start()
        replica = sv["replica"] = Replica(area, BIN, "replica", "pressdb replica").start()
        pc = primary.connect().cursor()
        # (mariadb-install-db's anonymous accounts would shadow repl@'%' from localhost)
        pc.execute("DELETE FROM mysql.global_priv WHERE user = ''")
        pc.execute("FLUSH PRIVILEGES")
        pc.execute("CREATE USER 'repl'@'%' IDENTIFIED BY 'rpw'")
        pc.execute("GRANT REPLICATION SLAVE ON *.* TO 'repl'@'%'")
        rc = replica.connect().cursor()
        check(error_of(rc, "START SLAVE") == 1200, "START SLAVE before CHANGE MASTER is 1200")
        rc.execute("CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=%d, MASTER_USER='repl', "
                   "MASTER_PASSWORD='rpw', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1, "
                   "MASTER_HEARTBEAT_PERIOD=1" % primary.port)
        rc.execute("START SLAVE")
        check(error_of(rc, "CHANGE MASTER TO MASTER_PORT=1") == 1198, "CHANGE MASTER while running is 1198")
        check(error_of(rc, "SET GLOBAL gtid_slave_pos = ''") == 1198, "SET GLOBAL gtid_slave_pos while running is 1198")
        for sql in SCHEMA + ROWS:
            pc.execute(sql)
        st = caught_up(primary, replica, "workload")
        check(st.get("Using_Gtid") == "Slave_Pos" and st.get("Master_Server_Id") == 1 and
              st.get("Master_Host") == "127.0.0.1" and st.get("Last_SQL_Errno") == 0,
              "SHOW SLAVE STATUS: Using_Gtid, Master_Server_Id, Master_Host (%r)" % (
                  {k: st.get(k) for k in ("Using_Gtid", "Master_Server_Id", "Gtid_IO_Pos", "Master_Log_File")},))
        same_data(primary, replica, "workload")

        rc.execute("STOP SLAVE")
        for sql in LATER:
            pc.execute(sql)
        rc.execute("START SLAVE")
        caught_up(primary, replica, "after STOP/START SLAVE (triggers fire on the primary only)")
        # (in order: a row a transaction UPDATEs keeps its place in a table without a key)
        same_data(primary, replica, "after STOP/START SLAVE")

        writers(primary.port, 2.0)
        caught_up(primary, replica, "concurrent writers")
        # (sorted from here: concurrent inserts into a table without a key take their places
        # in insert order on the primary and in commit order on a replica, MariaDB's too)
        same_data(primary, replica, "concurrent writers", sort=True)

        # kill -9 of the replica while it applies: it starts replicating again by itself
        writers(primary.port, 2.0, kill=replica.kill)
        replica.start()
        caught_up(primary, replica, "after kill -9 of the replica")
        same_data(primary, replica, "after kill -9 of the replica (nothing missing or twice)", sort=True)

        primary.stop()
        primary.start()
        pc = primary.connect().cursor()
        pc.execute("INSERT INTO %s.nokey VALUES (77, 'restart')" % DB)
        caught_up(primary, replica, "after a restart of the primary")
        same_data(primary, replica, "after a restart of the primary", sort=True)

        # statement-format events (MariaDB's default binlog_format is MIXED): the replica
        # runs the text with the primary's time (NOW(6)), RAND() seeds, user variables,
        # INSERT_ID and LAST_INSERT_ID
        sc = primary.connect().cursor()
        sc.execute("SET SESSION binlog_format = STATEMENT")
        sc.execute("USE " + DB)
        for sql in ["CREATE TABLE sb (id INT AUTO_INCREMENT PRIMARY KEY, t DATETIME(6), r DOUBLE, "
                    "u VARCHAR(50), n DECIMAL(10,2), i BIGINT, lid BIGINT) ENGINE=InnoDB",
                    "SET @u = 'héllo wörld', @n = 12.34, @i = -7, @f = 2.5e10, @z = NULL",
                    "INSERT INTO sb (t, r, u, n, i) VALUES (NOW(6), RAND(7), @u, @n, @i)",
                    "INSERT INTO sb (t, r, i) VALUES (NOW(), RAND(), @f)",
                    "INSERT INTO sb (lid, u) VALUES (LAST_INSERT_ID(), @z)",
                    "INSERT INTO sb (id, u) VALUES (40, 'explicit')",
                    "INSERT INTO sb (u) VALUES ('after'), ('after2')",
                    "UPDATE sb SET u = CONCAT(IFNULL(u, ''), '!'), t = NOW(6) WHERE id <= 2",
                    "DELETE FROM sb WHERE u = 'explicit'"]:
            sc.execute(sql)
        caught_up(primary, replica, "statement-format events")
        same_data(primary, replica, "statement-format events", sort=True)

        # a local transaction holds a row the replica must change: the applier waits for
        # it, STOP SLAVE ends the wait at once (not after innodb_lock_wait_timeout), and
        # after the holder is gone START SLAVE applies the change
        holder = replica.connect()
        hc = holder.cursor()
        hc.execute("BEGIN")
        hc.execute("UPDATE %s.wp_options SET option_value = 'held' WHERE option_id = 1" % DB)
        pc.execute("UPDATE %s.wp_options SET option_value = 'from primary' WHERE option_id = 1" % DB)
        time.sleep(0.5)
        rc = replica.connect().cursor()
        t0 = time.time()
        rc.execute("STOP SLAVE")
        took = time.time() - t0
        check(took < 5, "STOP SLAVE while the applier waits for a row lock returns at once (%.1f s)" % took)
        st = status(replica)
        check(st.get("Last_SQL_Errno") == 0, "STOP SLAVE leaves no SQL error (%r)" % st.get("Last_SQL_Error"))
        hc.execute("ROLLBACK")
        holder.close()
        rc.execute("START SLAVE")
        caught_up(primary, replica, "after a row lock wait and STOP SLAVE")
        same_data(primary, replica, "after a row lock wait and STOP SLAVE", sort=True)

        # FLUSH TABLES WITH READ LOCK on the replica (a backup) holds the applier until
        # UNLOCK TABLES, as MariaDB's SQL thread waits for it
        holder = replica.connect()
        hc = holder.cursor()
        hc.execute("FLUSH TABLES WITH READ LOCK")
        pc.execute("UPDATE %s.wp_options SET option_value = 'during the read lock' WHERE option_id = 1" % DB)
        time.sleep(0.5)
        check(q1(replica.connect(), "SELECT option_value FROM %s.wp_options WHERE option_id = 1" % DB)[0] != "during the read lock",
              "the applier waits while the replica holds the global read lock")
        hc.execute("UNLOCK TABLES")
        holder.close()
        caught_up(primary, replica, "after UNLOCK TABLES")

        # a row the replica already has: the SQL side stops with MariaDB's error
        rc = replica.connect().cursor()
        rc.execute("INSERT INTO %s.wp_options (option_id, option_name, option_value) VALUES (9000, 'mine', 'x')" % DB)
        pc.execute("INSERT INTO %s.wp_options (option_id, option_name, option_value) VALUES (9000, 'theirs', 'y')" % DB)
        deadline = time.time() + 30
        while time.time() < deadline and status(replica).get("Slave_SQL_Running") == "Yes":
            time.sleep(0.05)
        st = status(replica)
        check(st.get("Slave_SQL_Running") == "No" and st.get("Last_SQL_Errno") == 1062 and
              "Duplicate entry" in (st.get("Last_SQL_Error") or ""),
              "a duplicate key stops the replica with 1062 (%s %r)" % (st.get("Last_SQL_Errno"), st.get("Last_SQL_Error")))
        rc.execute("DELETE FROM %s.wp_options WHERE option_id = 9000" % DB)
        rc.execute("DELETE FROM %s.trg_log WHERE name = 'mine'" % DB)   # (the replica's own trigger's row)
        rc.execute("START SLAVE")
        caught_up(primary, replica, "after the conflict was removed")
        same_data(primary, replica, "after the conflict was removed", sort=True)
        # the same row on both sides: after the 1062 stop, sql_slave_skip_counter passes
        # over the group (its GTID still becomes the position) and the data agrees
        rc.execute("INSERT INTO %s.wp_options (option_id, option_name, option_value) VALUES (9100, 'same', 'v')" % DB)
        pc.execute("INSERT INTO %s.wp_options (option_id, option_name, option_value) VALUES (9100, 'same', 'v')" % DB)
        deadline = time.time() + 30
        while time.time() < deadline and status(replica).get("Slave_SQL_Running") == "Yes":
            time.sleep(0.05)
        check(status(replica).get("Last_SQL_Errno") == 1062, "the same row stops the replica with 1062")
        rc.execute("SET GLOBAL sql_slave_skip_counter = 1")
        check(q1(replica.connect(), "SELECT @@global.sql_slave_skip_counter")[0] == 1, "@@sql_slave_skip_counter reads 1")
        rc.execute("START SLAVE")
        check(error_of(rc, "SET GLOBAL sql_slave_skip_counter = 1") == 1198, "sql_slave_skip_counter while running is 1198")
        caught_up(primary, replica, "after sql_slave_skip_counter = 1")
        same_data(primary, replica, "after sql_slave_skip_counter = 1", sort=True)
        check(q1(replica.connect(), "SELECT @@global.sql_slave_skip_counter")[0] == 0, "the skip counter was used up")

        # MASTER_USE_GTID=no: the file and position, which master.info keeps at STOP SLAVE
        # and shutdown; after a kill -9 it still names where CHANGE MASTER started, behind
        # @@gtid_slave_pos: the groups that holds are passed over, not applied twice (the
        # table without a key would show them twice)
        rc.execute("STOP SLAVE")
        st = status(replica)
        rc.execute("CHANGE MASTER TO MASTER_LOG_FILE='%s', MASTER_LOG_POS=%s" % (
            st["Relay_Master_Log_File"], st["Exec_Master_Log_Pos"]))
        rc.execute("START SLAVE")
        check(status(replica).get("Using_Gtid") == "No", "MASTER_LOG_FILE/POS turn MASTER_USE_GTID to no")
        writers(primary.port, 1.0)
        caught_up(primary, replica, "file and position")
        writers(primary.port, 2.0, kill=replica.kill)
        replica.start()
        caught_up(primary, replica, "file and position, after kill -9 of the replica")
        same_data(primary, replica, "file and position, after kill -9 (nothing applied twice)", sort=True)
        check(status(replica).get("Using_Gtid") == "No", "still MASTER_USE_GTID=no after the restart")

        rc = replica.connect().cursor()
        rc.execute("STOP SLAVE")
        rc.execute("RESET SLAVE ALL")
        check(not status(replica), "RESET SLAVE ALL forgets the primary")

    return repl_check.run(check, area, body, lambda: [s for s in (sv.get("replica"), sv.get("primary")) if s])


if __name__ == "__main__":
    sys.exit(main())
