#!/usr/bin/python3
"""The server status flags of a statement's last packet (the EOF after a result set, or
the OK), compared with MariaDB (issue 22: node's mysql2 checks them after a CALL).

MariaDB sets SERVER_QUERY_NO_INDEX_USED (0x20) when a statement read some table whole:
a full scan, a whole key, a join buffer's table, the information_schema table a SHOW
reads, an EXPLAIN of such a plan; not for key lookups and ranges, an impossible WHERE
or LIMIT 0. A CALL's final OK carries what its statements did.

Not compared: choices MariaDB's cost model makes on tiny tables (a range it trades for a
full scan) and MIN/MAX it reads from a key's end ("Select tables optimized away").

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass)."""
import os
import struct
import sys

import pymysql
from pymysql import connections

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import itargets  # noqa: E402

SETUP = ["DROP TABLE IF EXISTS st", "CREATE TABLE st (id INT PRIMARY KEY, a INT, b INT, KEY (a))",
         "INSERT INTO st VALUES (1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)",
         "DROP PROCEDURE IF EXISTS sp_scan", "CREATE PROCEDURE sp_scan() BEGIN SELECT * FROM st; END",
         "DROP PROCEDURE IF EXISTS sp_key", "CREATE PROCEDURE sp_key() BEGIN SELECT * FROM st WHERE id = 1; END",
         "DROP PROCEDURE IF EXISTS sp_set", "CREATE PROCEDURE sp_set() BEGIN SET @x = (SELECT COUNT(*) FROM st); END"]
STATEMENTS = [
    "SELECT * FROM st", "SELECT * FROM st WHERE id = 1", "SELECT * FROM st WHERE a = 1", "SELECT 1",
    "SELECT * FROM st WHERE a > 3", "SELECT COUNT(*) FROM st", "SELECT * FROM st s1 JOIN st s2 ON s1.id = s2.a",
    "SELECT * FROM st s1 JOIN st s2 ON s1.b = s2.b", "SELECT * FROM st ORDER BY a", "SELECT a FROM st",
    "SELECT * FROM st WHERE b = 1", "SELECT * FROM (SELECT * FROM st) d", "SELECT * FROM st WHERE id IN (SELECT a FROM st)",
    "SELECT * FROM st LIMIT 0", "SELECT * FROM st WHERE 1 = 0", "UPDATE st SET b = b + 1", "DELETE FROM st WHERE b = 99",
    "UPDATE st SET b = b + 1 WHERE id = 1", "SET @x = (SELECT COUNT(*) FROM st)", "SELECT * FROM st WHERE id = 1 OR b = 2",
    "SHOW TABLES", "SHOW DATABASES", "SHOW COLUMNS FROM st", "SHOW INDEX FROM st", "SHOW VARIABLES LIKE 'a%'",
    "SHOW STATUS LIKE 'a%'", "SHOW CREATE TABLE st", "SHOW WARNINGS", "SHOW COLLATION LIKE 'utf8mb4_bin'",
    "SHOW TABLE STATUS", "SHOW ENGINES", "SHOW GRANTS", "DESCRIBE st", "EXPLAIN SELECT * FROM st",
    "EXPLAIN SELECT * FROM st WHERE id = 1", "SELECT * FROM information_schema.TABLES WHERE TABLE_NAME = 'st'",
    "CALL sp_scan()", "CALL sp_key()", "CALL sp_set()",
]

_orig_eof = connections.MySQLResult._check_packet_is_eof


def _eof_status(self, packet):
    """(PyMySQL reads no status from the EOF after rows: kept here)"""
    r = _orig_eof(self, packet)
    if r:
        self.eof_status = struct.unpack_from("<xhh", packet._data, 0)[1]
    return r


connections.MySQLResult._check_packet_is_eof = _eof_status


def run(which):
    conn = pymysql.connect(user="root", autocommit=True, **itargets.connect_params(which))
    cur = conn.cursor()
    cur.execute("CREATE DATABASE IF NOT EXISTS status_flags")
    cur.execute("USE status_flags")
    for q in SETUP:
        cur.execute(q)
    out = []
    for q in STATEMENTS:
        cur.execute(q)
        statuses = []
        while True:
            cur.fetchall()
            statuses.append(getattr(cur._result, "eof_status", None) or conn.server_status)
            if not cur._result.has_next:
                break
            cur.nextset()
        out.append((q, statuses))
    cur.execute("DROP DATABASE status_flags")
    return out


def main():
    if os.environ.get("PRESSDB_SELF_TEST"):
        print("skipped: compares two servers")
        return 0
    failures = 0
    m, p = run("MARIADB"), run("PRESSDB")
    for (q, a), (_, b) in zip(m, p):
        if a != b:
            failures += 1
            print("FAIL %s: MariaDB %s, pressdb %s" % (q, [hex(x) for x in a], [hex(x) for x in b]))
    print("%d statements compared, %d differ" % (len(m), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
