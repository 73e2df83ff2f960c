#!/usr/bin/python3
"""A database holding every kind of object (a table, a view, triggers, a procedure, a
function, an event and a sequence) goes MariaDB -> pressdb -> MariaDB through
mariadb-dump --routines --triggers --events and the mariadb client:

1. made on MariaDB, dumped, loaded into pressdb, dumped from pressdb: the same text
   (tests/lib/dumps.py round_trip, but for the host, version and time lines);
2. pressdb's dump loaded back into MariaDB (the database dropped first) and dumped
   again there: the same text as MariaDB's first dump;
3. SHOW CREATE of each object is the same on both servers, and so are the rows the
   objects make (the triggers fire, the procedure and function answer, NEXTVAL goes on).

Run by tests/run.py (MARIADB_PORT / PRESSDB_PORT); skipped without the clients."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import itargets  # noqa: E402
from dumps import body, dump, load, round_trip  # noqa: E402

DB = "dump_objs"
OPTIONS = ("--routines", "--triggers", "--events")
failures = []

SETUP = [
    "CREATE TABLE items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(20) NOT NULL, qty INT DEFAULT 0)",
    "CREATE TABLE counts (k VARCHAR(10) PRIMARY KEY, n INT NOT NULL)",
    "INSERT INTO counts VALUES ('items', 0)",
    "INSERT INTO items (name, qty) VALUES ('a', 1), ('b', 2)",
    "CREATE VIEW big AS SELECT id, name FROM items WHERE qty > 1",
    "CREATE TRIGGER items_bi BEFORE INSERT ON items FOR EACH ROW SET NEW.name = lower(NEW.name)",
    "CREATE TRIGGER items_ai AFTER INSERT ON items FOR EACH ROW UPDATE counts SET n = n + 1 WHERE k = 'items'",
    "CREATE PROCEDURE add_item(IN nm VARCHAR(20), OUT total INT) BEGIN "
    "INSERT INTO items (name, qty) VALUES (nm, 5); SELECT COUNT(*) INTO total FROM items; END",
    "CREATE FUNCTION qty_of(i INT) RETURNS INT READS SQL DATA RETURN (SELECT qty FROM items WHERE id = i)",
    "CREATE EVENT tidy ON SCHEDULE EVERY 1 DAY STARTS '2031-01-01 03:00:00' ON COMPLETION PRESERVE DISABLE "
    "COMMENT 'nightly' DO DELETE FROM items WHERE qty = 0",
    "CREATE SEQUENCE ticket START WITH 100 INCREMENT BY 5",
    "SELECT NEXTVAL(ticket)",
]

SHOW = [
    "SHOW CREATE TABLE %s.items" % DB,
    "SHOW CREATE VIEW %s.big" % DB,
    "SHOW CREATE TRIGGER %s.items_bi" % DB,
    "SHOW CREATE TRIGGER %s.items_ai" % DB,
    "SHOW CREATE PROCEDURE %s.add_item" % DB,
    "SHOW CREATE FUNCTION %s.qty_of" % DB,
    "SHOW CREATE EVENT %s.tidy" % DB,
    "SHOW CREATE SEQUENCE %s.ticket" % DB,
]

USE = [
    "INSERT INTO %s.items (name, qty) VALUES ('MIXED', 3)" % DB,
    "CALL %s.add_item('Proc', @total)" % DB,
    "SELECT @total",
    "SELECT %s.qty_of(1), %s.qty_of(3)" % (DB, DB),
    "SELECT * FROM %s.items ORDER BY id" % DB,
    "SELECT * FROM %s.big ORDER BY id" % DB,
    "SELECT * FROM %s.counts" % DB,
    "SELECT NEXTVAL(%s.ticket), NEXTVAL(%s.ticket)" % (DB, DB),
]


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what)
    if not cond:
        failures.append(what)


def answers(conn, stmts):
    out = []
    cur = conn.cursor()
    for sql in stmts:
        try:
            cur.execute(sql)
            rows = cur.fetchall() if cur.description else None
            if rows is not None and sql.startswith("SHOW CREATE TRIGGER"):
                rows = [r[:-1] for r in rows]   # (Created: when each server loaded it)
            out.append([tuple(str(v) for v in r) for r in rows] if rows is not None else cur.rowcount)
        except Exception as e:   # noqa: BLE001 - the outcome is what is compared
            out.append(("error", e.args[0] if e.args else str(e)))
    return out


def main():
    r = round_trip(check, DB, SETUP, "every kind of object", OPTIONS)
    if not r:
        return 0
    mconn, pconn, mtext = r
    for kind in (" VIEW ", " TRIGGER ", " PROCEDURE ", " FUNCTION ", " EVENT ", "CREATE SEQUENCE"):
        check(kind in mtext, "MariaDB's dump has a%s" % kind.rstrip())
    # back to MariaDB: pressdb's dump replaces the database there
    mp, pp = itargets.connect_params("MARIADB"), itargets.connect_params("PRESSDB")
    rc, ptext, err = dump(pp, DB, OPTIONS)
    check(rc == 0, "mariadb-dump of pressdb (%s)" % err.strip()[:300])
    mconn.cursor().execute("DROP DATABASE %s" % DB)
    rc, err = load(mp, ptext)
    check(rc == 0, "pressdb's dump loads into MariaDB (%s)" % err.strip()[:300])
    rc, magain, err = dump(mp, DB, OPTIONS)
    check(rc == 0, "mariadb-dump of MariaDB after the load (%s)" % err.strip()[:300])
    a, b = body(mtext), body(magain)
    diff = [(x, y) for x, y in zip(a, b) if x != y]
    check(a == b, "MariaDB -> pressdb -> MariaDB gives MariaDB's dump again%s" %
          (": first difference %r / %r" % diff[0] if diff else "" if a == b else ": %d / %d lines" % (len(a), len(b))))
    # each object the same, and working the same, on both
    shown = [answers(c, SHOW) for c in (mconn, pconn)]
    for sql, a, b in zip(SHOW, shown[0], shown[1]):
        check(a == b, "%s: the same on both%s" % (sql, "" if a == b else " (%r / %r)" % (a, b)))
    used = [answers(c, USE) for c in (mconn, pconn)]
    for sql, a, b in zip(USE, used[0], used[1]):
        check(a == b, "%s: the same on both%s" % (sql, "" if a == b else " (%r / %r)" % (a, b)))
    for c in (mconn, pconn):
        c.cursor().execute("DROP DATABASE IF EXISTS %s" % DB)
        c.close()
    print("dump objects: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
