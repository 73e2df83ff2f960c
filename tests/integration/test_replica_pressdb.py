#!/usr/bin/env python3
"""pressdb follows a pressdb primary (--log-bin): the binary log one writes is what the
other applies. Through the binary log workload, concurrent writers, a kill -9 of the
replica under writers (it resumes from master.info and @@gtid_slave_pos) and a kill -9 of
the primary under writers (its binary log after recovery holds exactly its committed
transactions; the replica reconnects), the two dumps must be the same once the
replica's @@gtid_slave_pos reaches the primary's @@gtid_binlog_pos: nothing missing,
nothing applied twice (the table without a key would show a row twice).
"""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import servers  # noqa: E402
import repl_check  # noqa: E402
from binlog_workload import DB, SCHEMA, ROWS, LATER  # noqa: E402
from repl_check import FixedPort, q1  # noqa: E402

repl_check.skip_unless_binary()
BIN = os.environ["PRESSDB_BIN"]
check = repl_check.Checks()


class Primary(FixedPort, servers.PressDB):
    def argv(self):
        return super().argv() + ["--log-bin", "--server-id=21", "--innodb-log-file-size=256K"]


class Replica(FixedPort, servers.PressDB):
    def argv(self):
        return super().argv() + ["--server-id=22"]


def all_rows(server, sql):
    cur = server.connect().cursor()
    cur.execute(sql)
    return cur.fetchall()


def caught_up(primary, replica, what):
    repl_check.caught_up(check, primary, replica, what)


def main():
    area = servers.TempArea()
    sv = {}

    def body():
        primary = sv["primary"] = Primary(area, BIN, "primary", "pressdb primary").start()
        replica = sv["replica"] = Replica(area, BIN, "replica", "pressdb replica").start()
        pc = primary.connect().cursor()
        pc.execute("CREATE USER 'repl'@'%' IDENTIFIED BY 'rpw'")
        pc.execute("GRANT REPLICATION SLAVE ON *.* TO 'repl'@'%'")
        rc = replica.connect().cursor()
        rc.execute("CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=%d, MASTER_USER='repl', "
                   "MASTER_PASSWORD='rpw', MASTER_CONNECT_RETRY=1, MASTER_HEARTBEAT_PERIOD=1" % primary.port)
        rc.execute("START SLAVE")
        for sql in SCHEMA + ROWS + LATER:
            pc.execute(sql)
        caught_up(primary, replica, "workload")
        repl_check.same_data(check, primary, replica, "workload", sort=True)
        rc.execute("SELECT COUNT(*) FROM mysql.user WHERE user = 'repl'")
        check(rc.fetchone()[0] == 1, "the account statements reached the replica")

        # roles: a new role's admin and CURRENT_USER are the primary's account (Q_INVOKER),
        # SET DEFAULT ROLE without FOR names it in the binary log
        for sql in ("CREATE ROLE rp_a", "CREATE ROLE rp_b WITH ADMIN CURRENT_USER", "GRANT rp_b TO rp_a",
                    "GRANT SELECT ON %s.* TO rp_a" % DB, "CREATE USER 'rp_u'@'localhost'",
                    "GRANT rp_a TO 'rp_u'@'localhost' WITH ADMIN OPTION",
                    "SET DEFAULT ROLE rp_a FOR 'rp_u'@'localhost'", "SET DEFAULT ROLE rp_a", "SET DEFAULT ROLE NONE",
                    "REVOKE ADMIN OPTION FOR rp_a FROM 'rp_u'@'localhost'", "CREATE ROLE rp_c",
                    "GRANT rp_c TO CURRENT_USER", "DROP ROLE rp_b"):
            pc.execute(sql)
        caught_up(primary, replica, "roles")
        for sql in ("SHOW GRANTS FOR 'rp_u'@'localhost'", "SHOW GRANTS FOR rp_a",
                    "SELECT * FROM mysql.roles_mapping ORDER BY 1, 2, 3",
                    "SELECT User, Host, is_role, default_role FROM mysql.user ORDER BY 1, 2"):
            want, got = all_rows(primary, sql), all_rows(replica, sql)
            check(want == got, "roles on the replica as on the primary: %s (%r / %r)" % (sql, want, got))

        repl_check.writers(check, primary.port, 2.0, kill=replica.kill, after_kill=1.0)
        replica.start()
        caught_up(primary, replica, "after kill -9 of the replica")
        repl_check.same_data(check, primary, replica, "after kill -9 of the replica", sort=True)

        repl_check.writers(check, primary.port, 1.5, kill=primary.kill)
        primary.start()
        caught_up(primary, replica, "after kill -9 of the primary")
        repl_check.same_data(check, primary, replica, "after kill -9 of the primary", sort=True)

        # SET sql_log_bin = 0: that session's changes stay out of the binary log
        quiet = primary.connect().cursor()
        quiet.execute("SET sql_log_bin = 0")
        quiet.execute("INSERT INTO %s.nokey VALUES (424242, 'not logged')" % DB)
        pc = primary.connect().cursor()
        pc.execute("INSERT INTO %s.nokey VALUES (434343, 'logged')" % DB)
        caught_up(primary, replica, "after a session with sql_log_bin = 0")
        got = q1(replica.connect(), "SELECT GROUP_CONCAT(b ORDER BY a) FROM %s.nokey WHERE a IN (424242, 434343)" % DB)[0]
        check(got == "logged", "a change made with sql_log_bin = 0 does not reach the replica (%r)" % got)
        # ... nor DDL that copies the table (it detached the session's transaction)
        quiet.execute("ALTER TABLE %s.nokey ADD KEY quiet_key (a), FORCE" % DB)
        pc.execute("INSERT INTO %s.nokey VALUES (444444, 'logged')" % DB)
        caught_up(primary, replica, "after an ALTER with sql_log_bin = 0")
        rc = replica.connect().cursor()
        rc.execute("SHOW INDEX FROM %s.nokey" % DB)
        keys = [r[2] for r in rc.fetchall()]
        check("quiet_key" not in keys, "an ALTER made with sql_log_bin = 0 does not reach the replica (%r)" % keys)

    return repl_check.run(check, area, body, lambda: [s for s in (sv.get("replica"), sv.get("primary")) if s])


if __name__ == "__main__":
    sys.exit(main())
