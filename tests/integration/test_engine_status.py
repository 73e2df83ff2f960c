#!/usr/bin/env python3
"""SHOW ENGINE INNODB STATUS as MariaDB 10.11 answers it (monitoring tools and phpMyAdmin's
engine page read it): one row (Type, Name, Status) with the same column definitions, a
report whose section and line labels come in MariaDB's order (the figures are each
server's own), LOGS, MUTEX and the other engines no rows, an unknown
engine 1286, Com_show_engine_status counted. On pressdb the figures follow the store: the
log sequence number moves with a committed write, a transaction's consistent snapshot is
a read view open, the transaction id counter is Innodb_max_trx_id."""
import os
import re
import sys

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params, targets  # noqa: E402

DB = "t_engine_status"


def labels(report):
    """The report's lines with every figure (numbers, the date, the thread handle) taken out.
    The purge state is a figure too: MariaDB says "running" or "running but idle" as its
    purge thread happens to be (it changed between CI runs), so any of its states counts.
    MariaDB's LATEST FOREIGN KEY ERROR section, there once a statement of the SQL suite hit
    a FOREIGN KEY (its index records in InnoDB's physical format), is left out: pressdb's
    report has none. "No buffer pool page gets since the last printout" stands for the
    hit rate line printed when pages were read in between: which of the two a server
    prints depends on what ran since its last report, so they count as one."""
    report = re.sub(r"-+\nLATEST FOREIGN KEY ERROR\n-+\n.*?(?=-+\nTRANSACTIONS\n)", "", report, flags=re.S)
    out = []
    for line in report.split("\n"):
        line = re.sub(r"(undo n:o < \d+ state:) (running but idle|running|stopped|disabled)$",
                      r"\1 #", line)
        line = re.sub(r"0x[0-9a-f]+", "#", line)
        line = re.sub(r"\d+(\.\d+)?", "#", line)
        # (the hit rate only when pages were read since the last report, else this line)
        if line == "No buffer pool page gets since the last printout":
            line = "Buffer pool hit rate # / #, young-making rate # / # not # / #"
        out.append(line.rstrip())
    return out


def figure(report, pattern):
    m = re.search(pattern, report)
    return int(m.group(1)) if m else None


def scenario(params):
    c = pymysql.connect(user="root", password="", autocommit=True, **params)
    cur = c.cursor()
    res = {}
    cur.execute("SHOW SESSION STATUS LIKE 'Com_show_engine_status'")
    com0 = int(cur.fetchone()[1])
    cur.execute("SHOW ENGINE INNODB STATUS")
    res["desc"] = [d[:2] + d[3:5] + d[6:] for d in cur.description]
    rows = cur.fetchall()
    res["shape"] = [(r[0], r[1]) for r in rows]
    res["labels"] = labels(rows[0][2]) if rows else None
    cur.execute("SHOW SESSION STATUS LIKE 'Com_show_engine_status'")
    res["com"] = int(cur.fetchone()[1]) - com0
    for q in ("SHOW ENGINE InnoDB LOGS", "SHOW ENGINE INNODB MUTEX", "SHOW ENGINE MyISAM STATUS", "SHOW ENGINE MEMORY STATUS"):
        cur.execute(q)
        res[q] = ([d[0] for d in cur.description], cur.fetchall())
    try:
        cur.execute("SHOW ENGINE NOSUCH STATUS")
        res["unknown"] = "answered"
    except pymysql.err.MySQLError as e:
        res["unknown"] = (e.args[0], e.args[1])
    # the figures follow the store
    cur.execute("DROP DATABASE IF EXISTS " + DB)
    cur.execute("CREATE DATABASE " + DB)
    cur.execute("CREATE TABLE %s.t (id INT PRIMARY KEY)" % DB)
    cur.execute("SHOW ENGINE INNODB STATUS")
    before = cur.fetchone()[2]
    cur.execute("INSERT INTO %s.t VALUES (1), (2), (3)" % DB)
    other = pymysql.connect(user="root", password="", autocommit=True, **params)
    ocur = other.cursor()
    ocur.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT")
    ocur.execute("SELECT COUNT(*) FROM %s.t" % DB)
    cur.execute("SHOW ENGINE INNODB STATUS")
    after = cur.fetchone()[2]
    cur.execute("SHOW GLOBAL STATUS LIKE 'Innodb_max_trx_id'")
    max_trx = int(cur.fetchone()[1])
    ocur.execute("COMMIT")
    other.close()
    cur.execute("DROP DATABASE " + DB)
    c.close()
    res["lsn"] = (figure(before, r"Log sequence number (\d+)"), figure(after, r"Log sequence number (\d+)"))
    res["views"] = figure(after, r"(\d+) read views open inside InnoDB")
    res["trx"] = (figure(after, r"Trx id counter (\d+)"), max_trx)
    return res


def main():
    failures = []
    got = {name: scenario(connect_params("MARIADB" if name == "MariaDB" else "PRESSDB")) for name, _ in targets()}
    p = got["pressdb"]
    if "MariaDB" in got:
        m = got["MariaDB"]
        for k in ("desc", "shape", "labels", "com", "SHOW ENGINE InnoDB LOGS", "SHOW ENGINE INNODB MUTEX", "SHOW ENGINE MyISAM STATUS",
                  "SHOW ENGINE MEMORY STATUS", "unknown"):
            if m[k] != p[k]:
                failures.append("%s: MariaDB %r\n    pressdb %r" % (k, m[k], p[k]))
    if not (p["lsn"][0] is not None and p["lsn"][1] > p["lsn"][0]):
        failures.append("the log sequence number did not move with a write: %r" % (p["lsn"],))
    if not p["views"] or p["views"] < 1:
        failures.append("a consistent snapshot open, read views: %r" % (p["views"],))
    if p["trx"][0] != p["trx"][1] or not p["trx"][0]:
        failures.append("Trx id counter %r, Innodb_max_trx_id %r" % p["trx"])
    for f in failures:
        print("FAIL: " + f)
    print("engine status: %d report lines compared" % len(p["labels"] or []))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
