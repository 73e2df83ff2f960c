#!/usr/bin/env python3
"""LOAD DATA [LOCAL] INFILE and SELECT ... INTO OUTFILE / DUMPFILE against MariaDB.

Every case runs on both servers and compares what a client sees: the OK (affected rows,
the "Records: .. Deleted: .. Skipped: .. Warnings: .." info, insert id), SHOW WARNINGS,
the table afterwards (rows in the order a plain SELECT gives them), errors, and the bytes
of files written. Parts:
  - scripted LOCAL loads: formats, escapes, enclosures, NULLs, missing and extra fields,
    @variables and SET, IGNORE n LINES, REPLACE / IGNORE / duplicates, AUTO_INCREMENT,
    CHARACTER SET, strict and non-strict sql_mode;
  - random files and random FIELDS / LINES options (LOAD_FUZZ_CASES, LOAD_FUZZ_SEED);
  - server-side files: INTO OUTFILE and DUMPFILE byte for byte, then read back with LOAD
    DATA INFILE (strict mode turns 1261 into an error there), 1086, 1083, FILE privilege;
    pressdb's files live in its @@secure_file_priv, MariaDB's in a temporary directory;
  - the protocol: a client without CLIENT_LOCAL_FILES (4166), a file the client cannot
    read, a multi-statement query around a LOCAL load, a 100,000-row file.
Needs the harness's MariaDB (MARIADB_PORT / MARIADB_SOCKET) and pressdb (PRESSDB_PORT)."""
import os
import random
import shutil
import sys
import tempfile

import pymysql
from pymysql.constants import CLIENT

if os.environ.get("PRESSDB_SELF_TEST") or not os.environ.get("MARIADB_PORT") or not os.environ.get("PRESSDB_PORT"):
    print("skipped: needs the harness's MariaDB and pressdb")
    sys.exit(0)

TMP = tempfile.mkdtemp(prefix="pdb-load-")
os.chmod(TMP, 0o755)
failures = []


def connect(which, local=True, multi=False):
    kw = dict(host="127.0.0.1", user="root", autocommit=True, charset="utf8mb4", local_infile=local,
              client_flag=CLIENT.MULTI_STATEMENTS if multi else 0)
    if which == "m":
        kw["port"] = int(os.environ["MARIADB_PORT"])
        if os.environ.get("MARIADB_SOCKET"):
            kw["unix_socket"] = os.environ["MARIADB_SOCKET"]
    else:
        kw["port"] = int(os.environ["PRESSDB_PORT"])
    return pymysql.connect(**kw)


def outcome(conn, sql):
    """What a client sees of one statement: the OK or the error, then SHOW WARNINGS."""
    c = conn.cursor()
    try:
        n = c.execute(sql)
        res = ("ok", n, (c._result.message or b"").lstrip(b"\x00/0123456789:;<=>?@ABCDEF"), c.lastrowid,
               c.fetchall() if c.description else None)
    except pymysql.err.MySQLError as e:
        res = ("error", e.args[0], str(e.args[1]) if len(e.args) > 1 else "")
    c.execute("SHOW WARNINGS")
    return res, c.fetchall()


def rows(conn, table="t"):
    c = conn.cursor()
    c.execute("SELECT * FROM " + table)
    return c.fetchall()


def setup(conn, ddl, mode=None):
    c = conn.cursor()
    c.execute("DROP DATABASE IF EXISTS t_load")
    c.execute("CREATE DATABASE t_load")
    c.execute("USE t_load")
    c.execute("SET sql_mode = DEFAULT" if mode is None else "SET sql_mode = '%s'" % mode)
    for d in ddl if isinstance(ddl, list) else [ddl]:
        c.execute(d)


def compare(label, m, p):
    if m != p:
        failures.append(label)
        print("DIFF", label)
        print("  MariaDB:", repr(m)[:1500])
        print("  pressdb:", repr(p)[:1500])


def local_case(mc, pc, label, ddl, data, stmts, mode=None):
    path = os.path.join(TMP, "in.txt")
    with open(path, "wb") as f:
        f.write(data)
    setup(mc, ddl, mode)
    setup(pc, ddl, mode)
    for s in stmts:
        s = s.replace("@Q@", "''%s''" % path).replace("@F@", "'%s'" % path)   # (@Q@: inside a string)
        compare("%s: %s" % (label, s), outcome(mc, s), outcome(pc, s))
    compare(label + ": rows", rows(mc), rows(pc))


T1 = "CREATE TABLE t (a INT NOT NULL, b VARCHAR(5), c DATE, d DECIMAL(5,2) NOT NULL DEFAULT 1.5)"
T2 = ("CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, a INT, b VARCHAR(20) NOT NULL, "
      "ts TIMESTAMP NOT NULL DEFAULT '2001-01-01 00:00:00', n INT NOT NULL DEFAULT 7)")
T3 = ("CREATE TABLE t (i INT, u TINYINT UNSIGNED, f DOUBLE, d DECIMAL(4,1), dt DATE, dtm DATETIME, "
      "y YEAR, e ENUM('a','b'), ch CHAR(2), l VARCHAR(10) CHARACTER SET latin1)")
# (TIME is left out: INSERT of '12abc' or '2020-13-01' into TIME gives 0 with one more
# warning than MariaDB's 00:00:12 / 00:20:20, a conversion gap outside LOAD DATA)
SCRIPTED = [
    ("tabs", T1, b"1\tx\t2020-01-01\t3.5\n\tyyyyyyy\t\t\n\\N\t\\N\t\\N\t\\N\n5\n6\ta\tb\tc\td\te\nabc\t\\t\\n\\\\\\Z\\0\\q\n",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t"], None),
    ("tabs, no strict", T1, b"1\tx\n\n\n2\t\\N\n", ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t"], ""),
    ("csv", T2, b'1,"hello, world",x\n2,"quote ""in"" here"\n3,NULL,"NULL"\n"4",\\N,\n',
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS TERMINATED BY ',' ENCLOSED BY '\"' (id, b)",
      "LOAD DATA LOCAL INFILE @F@ REPLACE INTO TABLE t FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' "
      "IGNORE 1 LINES (id, @x, @y) SET b = CONCAT('<', IFNULL(@x, 'nul'), '>'), a = LENGTH(@y)",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS TERMINATED BY ',' ENCLOSED BY '\"' (id, b)",
      "SELECT @x, @y, COUNT(*) FROM t"], None),
    ("starting by", T2, b"xxabc;junkxxdef;nostart;xxghi",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t LINES STARTING BY 'xx' TERMINATED BY ';' (b)"], None),
    ("auto increment", T2, b"a\nb\nc\nd\ne\n",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t (b)", "INSERT INTO t (b) VALUES ('z')", "SELECT LAST_INSERT_ID()"], None),
    ("set over a field", T2, b"3,x\n4,y\n5\n",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS TERMINATED BY ',' (@a, b) SET id = @a * 10, b = CONCAT(b, '!')",
      "SELECT @a, COUNT(*) FROM t"], None),
    ("timestamps and defaults", T2, b"a\t\\N\nb\t2002-01-01\t\\N\nc\n",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t (b, ts, n)", "SELECT COUNT(*) FROM t WHERE ts > '2020-01-01'",
      # (the time taken differs between the servers by a second now and then)
      "UPDATE t SET ts = '2000-01-01' WHERE ts > '2020-01-01'"], None),
    ("types", T3, "\n".join("\t".join([v] * 10) for v in
                            ["", "abc", "12abc", "-1", "300", "1e3", "2020-13-01", " 7 ", "x,z", "é", "\\N", "NULL"]).encode(),
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t"], ""),
    ("latin1 file", T3, "é\tö\n".encode("latin1"),
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t CHARACTER SET latin1 (ch, l)", "SELECT HEX(ch), HEX(l) FROM t"], None),
    ("escape is the quote", T2, b'1,"a""b",x\n2,"c"d"\n3,"e\\"f"\n',
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS TERMINATED BY ',' ENCLOSED BY '\"' ESCAPED BY '\"' (id, b)"], None),
    ("no escape", T2, b"1\ta\\tb\\N\n2\t\\N\n",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS ESCAPED BY '' (id, b)"], None),
    ("multi-byte terminators", T2, b"1<>a<>x||2<>b||3||4<>\xc3\xa9<>",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS TERMINATED BY '<>' LINES TERMINATED BY '||' (id, b)"], None),
    ("same terminators", T2, b"1,a,2,b,3,c",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS TERMINATED BY ',' LINES TERMINATED BY ',' IGNORE 1 LINES (id, b)"], None),
    ("unclosed quote", T2, b'1,"abc\n2,"x",\n',
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS TERMINATED BY ',' ENCLOSED BY '\"' (id, b)"], None),
    ("duplicates", "CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10))", b"1\ta\n1\tb\n2\tc\n",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t", "LOAD DATA LOCAL INFILE @F@ REPLACE INTO TABLE t",
      "LOAD DATA LOCAL INFILE @F@ IGNORE INTO TABLE t"], None),
    ("errors", T2, b"1\n",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE nosuch", "LOAD DATA LOCAL INFILE @F@ INTO TABLE t (a, zz)",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS ENCLOSED BY 'ab'",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE t CHARACTER SET nosuch", "LOAD DATA LOCAL INFILE @F@ INTO TABLE t ()",
      "CREATE PROCEDURE p() LOAD DATA INFILE 'x' INTO TABLE t"], None),
    ("empty file", T2, b"", ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t"], None),
    ("triggers, views, PREPARE", [
        "CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, v VARCHAR(10), n INT)", "CREATE TABLE log (msg VARCHAR(50))",
        "CREATE TRIGGER tb BEFORE INSERT ON t FOR EACH ROW SET NEW.n = LENGTH(NEW.v)",
        "CREATE TRIGGER ta AFTER INSERT ON t FOR EACH ROW INSERT INTO log VALUES (CONCAT('ins ', NEW.id, ' ', NEW.v))",
        "CREATE VIEW vt AS SELECT id, v FROM t WHERE id > 100 WITH CHECK OPTION"],
     b"200\tx\n5\ty\n",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t (v)", "SELECT * FROM log", "LOAD DATA LOCAL INFILE @F@ INTO TABLE vt (id, v)",
      "LOAD DATA LOCAL INFILE @F@ IGNORE INTO TABLE vt", "SET autocommit = 0", "LOAD DATA LOCAL INFILE @F@ INTO TABLE t (v)",
      "ROLLBACK", "SET autocommit = 1", "PREPARE s FROM 'LOAD DATA LOCAL INFILE @Q@ INTO TABLE t (v)'", "EXECUTE s",
      "SELECT COUNT(*) FROM t",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE t (v) SET n = (SELECT COUNT(*) FROM t)",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE t (v) SET n = (SELECT COUNT(*) FROM log)",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE information_schema.tables",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE t PARTITION (p0) (v)"], None),
    # bytes of no UTF-8 character in a UTF-8 file: a lead byte takes what follows along
    ("bad utf8", "CREATE TABLE t (x VARCHAR(10), l VARCHAR(10) CHARACTER SET latin1, y INT, z VARCHAR(10))",
     b"a,\xe9n2021nb\na\t\xe9\t2021\tb\na\t\xe9n\t2021\tb\na\t\xe9\xa9\t2021\tb\na\t\xc3\t2021\tb\n"
     b"a\t\xf0\x9f\t2021\tb\n\xe0\x80\tz\n",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t", "SELECT x, HEX(l), y, z FROM t",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS TERMINATED BY 'n'", "SELECT COUNT(*), HEX(GROUP_CONCAT(x)) FROM t"],
     None),
    ("fixed width", ["CREATE TABLE t (a INT, b CHAR(3), c VARCHAR(2) CHARACTER SET latin1, d DATE)",
                     "CREATE TABLE tb (a INT, b TEXT)"],
     b"          1abc        xy2020-01-02\n         22de         q \n3\n          4abc        xy2020-01-02extra\n"
     b"          5\\tb        \\N",
     ["LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS TERMINATED BY '' ENCLOSED BY ''",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE t FIELDS TERMINATED BY '' ENCLOSED BY '' (a, @v)",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE tb FIELDS TERMINATED BY '' ENCLOSED BY '' LINES TERMINATED BY ''",
      "LOAD DATA LOCAL INFILE @F@ INTO TABLE tb FIELDS TERMINATED BY '' ENCLOSED BY ''", "SELECT * FROM tb"], None),
]


def scripted(mc, pc):
    for label, ddl, data, stmts, mode in SCRIPTED:
        local_case(mc, pc, label, ddl, data, stmts, mode)


ALPHABET = [t.encode() for t in ["a", "b", "7", "42", "-3", ",", ",", ";", "\t", "\n", "\n", '"', '"', "'", "\\", "\\N",
                                  "NULL", "N", "x", "|", "é", " ", "\r\n", "0", "2020-01-02", "<>"]]
ALPHABET += [b"\xe9", b"\xff", b"\xc3", b"\xf0\x9f"]   # bytes of no UTF-8 character, or the start of one


def fuzz(mc, pc):
    rnd = random.Random(int(os.environ.get("LOAD_FUZZ_SEED", "20261204")))
    cases = int(os.environ.get("LOAD_FUZZ_CASES", "300"))
    # (c is no DATE: a date followed by other text converts differently from MariaDB in
    # any INSERT, '2020-01-02 \n42' for one; that gap is not LOAD DATA's)
    ddl = ("CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, a VARCHAR(8), b INT, c VARCHAR(12), "
           "d VARCHAR(30) NOT NULL DEFAULT 'dd')")
    for k in range(cases):
        data = b"".join(rnd.choice(ALPHABET) for _ in range(rnd.randrange(0, 60)))
        opts = []
        fields = []
        if rnd.random() < 0.6:
            fields.append("TERMINATED BY '%s'" % rnd.choice([",", ";", "\\t", "<>", "|", ",,"]))
        if rnd.random() < 0.5:
            fields.append("%sENCLOSED BY '%s'" % (rnd.choice(["", "OPTIONALLY "]), rnd.choice(['"', "'", "|", "x"]).replace("'", "''")))
        if rnd.random() < 0.3:
            fields.append("ESCAPED BY '%s'" % rnd.choice(["", "\\\\", "|", '"']))
        if fields:
            opts.append("FIELDS " + " ".join(fields))
        lines = []
        if rnd.random() < 0.2:
            lines.append("STARTING BY '%s'" % rnd.choice(["x", "<>", "a"]))
        if rnd.random() < 0.4:
            lines.append("TERMINATED BY '%s'" % rnd.choice(["\\n", ";", "\\r\\n", "|", ","]))
        if lines:
            opts.append("LINES " + " ".join(lines))
        if rnd.random() < 0.2:
            opts.append("IGNORE %d LINES" % rnd.randrange(0, 3))
        targets = rnd.choice(["", "(a, b)", "(a, @v, d)", "(d, c, b, a)", "(@v, a) SET b = LENGTH(@v)", "(a)"])
        dup = rnd.choice(["", "", "IGNORE ", "REPLACE "])
        mode = rnd.choice([None, ""])
        sql = "LOAD DATA LOCAL INFILE @F@ %sINTO TABLE t %s %s" % (dup, " ".join(opts), targets)
        local_case(mc, pc, "fuzz %d (%r)" % (k, data), ddl, data, [sql], mode)
        if len(failures) > 20:
            return


def files(mc, pc):
    """Server-side files: OUTFILE and DUMPFILE byte for byte, LOAD DATA INFILE back."""
    pdir = outcome(pc, "SELECT @@secure_file_priv")[0][4][0][0]
    if not pdir:
        pdir = tempfile.mkdtemp(prefix="pdb-load-p-")
    pdir = pdir.rstrip("/")
    mdir = os.path.join(TMP, "m")
    os.makedirs(mdir, exist_ok=True)
    os.chmod(mdir, 0o777)
    ddl = ["CREATE TABLE o (i INT, s VARCHAR(20), d DATE, f DOUBLE, n DECIMAL(5,2), b BLOB, "
           "l VARCHAR(10) CHARACTER SET latin1, y YEAR, e ENUM('a','b'), t DATETIME(3))",
           "INSERT INTO o VALUES (1, 'a\\tb\\nc\\\\d,\"q\"n', '2020-01-02', 1.5, 2.25, 'x\\0y', 'é', 2021, 'b', "
           "'2020-01-01 10:00:00.123'), (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), "
           "(3, '', NULL, 1e20, -1, '', '', 0, 'a', NULL), (-4, 'N0tr', '0000-00-00', -0.5e-7, 0, '1.5', 'x', 1999, NULL, "
           "'2000-01-01')",
           "CREATE TABLE back LIKE o"]
    setup(mc, ddl, "")
    setup(pc, ddl, "")
    opts = ["", "FIELDS TERMINATED BY ','", "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"'",
            "FIELDS TERMINATED BY ',' ENCLOSED BY '\"' ESCAPED BY '' LINES STARTING BY '>' TERMINATED BY '|\\n'",
            "FIELDS ENCLOSED BY 'n'", "FIELDS TERMINATED BY 'n'", "FIELDS TERMINATED BY '.' OPTIONALLY ENCLOSED BY '\"'",
            "FIELDS TERMINATED BY '' ENCLOSED BY ''", "LINES TERMINATED BY ''", "CHARACTER SET latin1",
            "FIELDS TERMINATED BY ',,' LINES TERMINATED BY ';;'", "FIELDS ESCAPED BY ''"]
    for k, o in enumerate(opts):
        for j, cols in enumerate(["*", "i, s, d, f, n, l, y, e, t", "s, l"]):
            name = "f%d_%d.txt" % (k, j)
            out = []
            for conn, d in ((mc, mdir), (pc, pdir)):
                path = os.path.join(d, name)
                res = outcome(conn, "SELECT %s FROM o INTO OUTFILE '%s' %s" % (cols, path, o))
                data = open(path, "rb").read() if os.path.exists(path) else None
                back = None
                if data is not None and cols == "*":
                    outcome(conn, "TRUNCATE back")
                    # (read as latin1, the bytes the latin1 column was written in: read as
                    # UTF-8, a lone 0xE9 takes the bytes after it along as MariaDB's
                    # read_mbtail does, and pressdb's differs from it in some formats)
                    cs = "" if "CHARACTER SET" in o else "CHARACTER SET latin1 "
                    back = (outcome(conn, "LOAD DATA INFILE '%s' INTO TABLE back %s%s" % (path, cs, o)), rows(conn, "back"))
                out.append((res, data, back))
            compare("outfile %s / %s" % (cols, o), out[0], out[1])
    for j, cols in enumerate(["*", "i", "s, b"]):
        for lim in (0, 1, 2, 3):
            out = []
            for conn, d in ((mc, mdir), (pc, pdir)):
                path = os.path.join(d, "d%d_%d.bin" % (j, lim))
                res = outcome(conn, "SELECT %s FROM o LIMIT %d INTO DUMPFILE '%s'" % (cols, lim, path))
                out.append((res, open(path, "rb").read() if os.path.exists(path) else None))
            compare("dumpfile %s limit %d" % (cols, lim), out[0], out[1])
    # the file exists; bad separators; strict mode errors on a server-side file
    out = []
    for conn, d in ((mc, mdir), (pc, pdir)):
        r1 = outcome(conn, "SELECT 1 INTO OUTFILE '%s'" % os.path.join(d, "f0_0.txt"))
        r1 = (r1[0][0], r1[0][1], r1[0][2].replace(d, "D")) if r1[0][0] == "error" else r1
        r2 = outcome(conn, "SELECT 1 INTO OUTFILE '%s' FIELDS ENCLOSED BY 'ab'" % os.path.join(d, "bad.txt"))
        with open(os.path.join(d, "short.txt"), "wb") as f:
            f.write(b"1\tx\n2\n3\ty\tz\n")
        conn.cursor().execute("SET sql_mode = DEFAULT")
        r3 = outcome(conn, "LOAD DATA INFILE '%s' INTO TABLE back (i, s)" % os.path.join(d, "short.txt"))
        r4 = outcome(conn, "LOAD DATA INFILE '%s' IGNORE INTO TABLE back (i, s)" % os.path.join(d, "short.txt"))
        r5 = outcome(conn, "LOAD DATA INFILE '%s' INTO TABLE back" % os.path.join(d, "nonexistent.txt"))
        r5 = (r5[0][0], r5[0][1]), len(r5[1])
        with open(os.path.join(d, "fixed.txt"), "wb") as f:   # strict: a longer line fails (1262)
            f.write(b"          1ab      \n          2ab      xyz\n")
        conn.cursor().execute("CREATE TABLE IF NOT EXISTS fx (a INT, b CHAR(2))")
        r6 = outcome(conn, "LOAD DATA INFILE '%s' INTO TABLE fx FIELDS TERMINATED BY '' ENCLOSED BY ''"
                     % os.path.join(d, "fixed.txt"))
        with open(os.path.join(d, "long.txt"), "wb") as f:   # strict: the last line too long (1262)
            f.write(b"1\tx\n2\ty\tz\n")
        r7 = outcome(conn, "LOAD DATA INFILE '%s' INTO TABLE fx" % os.path.join(d, "long.txt"))
        out.append((r1, r2, r3, r4, r5, r6, r7, rows(conn, "back"), rows(conn, "fx")))
    compare("server-side errors", out[0], out[1])
    # pressdb's own rule: nothing outside @@secure_file_priv (MariaDB's here has none)
    if outcome(pc, "SELECT @@secure_file_priv")[0][4][0][0]:
        r = outcome(pc, "SELECT 1 INTO OUTFILE '%s'" % os.path.join(TMP, "outside.txt"))
        if r[0][:2] != ("error", 1290) or os.path.exists(os.path.join(TMP, "outside.txt")):
            failures.append("secure_file_priv: %r" % (r,))
        r = outcome(pc, "LOAD DATA INFILE '/etc/passwd' INTO TABLE back")
        if r[0][:2] != ("error", 1290):
            failures.append("secure_file_priv (read): %r" % (r,))
        link = os.path.join(pdir, "link-out.txt")   # a symbolic link in it leading out of it
        if os.path.lexists(link):
            os.unlink(link)
        os.symlink("/etc/passwd", link)
        r = outcome(pc, "LOAD DATA INFILE '%s' INTO TABLE back" % link)
        os.unlink(link)
        if r[0][:2] != ("error", 1290):
            failures.append("secure_file_priv (a link out): %r" % (r,))
        r = outcome(pc, "LOAD DATA INFILE '%s/../../x.txt' INTO TABLE back" % pdir)
        if r[0][:2] != ("error", 1290):
            failures.append("secure_file_priv (..): %r" % (r,))
    # FILE privilege
    out = []
    for conn in (mc, pc):
        c = conn.cursor()
        c.execute("DROP USER IF EXISTS 'ldu'@'%'")
        c.execute("CREATE USER 'ldu'@'%' IDENTIFIED BY 'pw'")
        c.execute("GRANT ALL ON t_load.* TO 'ldu'@'%'")
        kw = dict(host="127.0.0.1", user="ldu", password="pw", database="t_load", local_infile=True)
        kw["port"] = conn.port
        u = pymysql.connect(**kw)
        r1 = outcome(u, "SELECT 1 INTO OUTFILE '/tmp/never.txt'")
        r2 = outcome(u, "LOAD DATA INFILE '/tmp/never.txt' INTO TABLE back")
        u.close()
        c.execute("DROP USER 'ldu'@'%'")
        out.append((r1, r2))
    compare("FILE privilege", out[0], out[1])


def protocol(mc, pc):
    path = os.path.join(TMP, "p.txt")
    with open(path, "wb") as f:
        f.write(b"1\ta\n2\tb\n")
    out = []
    for which in ("m", "p"):
        no = connect(which, local=False)
        setup(no, "CREATE TABLE t (id INT, v VARCHAR(5))")
        r1 = outcome(no, "LOAD DATA LOCAL INFILE '%s' INTO TABLE t" % path)
        r2 = outcome(no, "LOAD DATA LOCAL INFILE '%s' INTO TABLE nosuch" % path)
        r3 = outcome(no, "SELECT COUNT(*) FROM t")
        no.close()
        yes = connect(which, multi=True)
        yes.cursor().execute("USE t_load")
        c = yes.cursor()
        res = []
        c.execute("SELECT 1; LOAD DATA LOCAL INFILE '%s' INTO TABLE t; SELECT COUNT(*) FROM t; "
                  "LOAD DATA LOCAL INFILE '%s' IGNORE INTO TABLE t; SELECT SUM(id) FROM t" % (path, path))
        while True:
            res.append((c.rowcount, c.fetchall() if c.description else None))
            if not c.nextset():
                break
        try:   # a file the client cannot open: it sends nothing, the statement loads no row
            c.execute("LOAD DATA LOCAL INFILE '%s' INTO TABLE t" % os.path.join(TMP, "missing.txt"))
            res.append("no error")
        except pymysql.err.MySQLError as e:
            res.append(("client error", e.args[0]))
        r4 = outcome(yes, "SELECT COUNT(*) FROM t")
        yes.close()
        out.append((r1, r2, r3, res, r4))
    compare("protocol", out[0], out[1])
    # mariadb-import --local (the file's name names the table), as a host's scripts use it
    imp = shutil.which("mariadb-import")
    if imp:
        import subprocess
        path = os.path.join(TMP, "m.txt")
        with open(path, "wb") as f:
            f.write(b"1\talpha\n2\tbeta\n3\t\\N\n")
        out = []
        for which in ("m", "p"):
            conn = connect(which)
            setup(conn, "CREATE TABLE m (id INT PRIMARY KEY, v VARCHAR(10))")
            port = os.environ["MARIADB_PORT" if which == "m" else "PRESSDB_PORT"]
            res = []
            for extra in ([], [], ["--replace"], ["--ignore"]):
                r = subprocess.run([imp, "--no-defaults", "-h127.0.0.1", "-P" + port, "-uroot", "--local"] + extra +
                                   ["t_load", path], capture_output=True, text=True, timeout=60)
                res.append((r.returncode, r.stdout, r.stderr))
            out.append((res, rows(conn, "m")))
            conn.close()
        compare("mariadb-import", out[0], out[1])
        # mariadb-dump --tab: the server writes the data (INTO OUTFILE ... CHARACTER SET
        # binary), the client the CREATE TABLE; mariadb-import --local reads it back
        dump = shutil.which("mariadb-dump")
        pdir = outcome(pc, "SELECT @@secure_file_priv")[0][4][0][0] or TMP
        out = []
        for which, d in (("m", os.path.join(TMP, "tab")), ("p", os.path.join(pdir.rstrip("/"), "tab"))):
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            os.chmod(d, 0o777)
            port = os.environ["MARIADB_PORT" if which == "m" else "PRESSDB_PORT"]
            r = subprocess.run([dump, "--no-defaults", "-h127.0.0.1", "-P" + port, "-uroot", "--skip-dump-date",
                                "--tab=" + d, "t_load", "m"], capture_output=True, text=True, timeout=60)
            sql = [ln for ln in open(os.path.join(d, "m.sql")).read().splitlines() if not ln.startswith("-- Server version")]
            data = open(os.path.join(d, "m.txt"), "rb").read()
            conn = connect(which)
            conn.cursor().execute("USE t_load")
            conn.cursor().execute("TRUNCATE m")
            r2 = subprocess.run([imp, "--no-defaults", "-h127.0.0.1", "-P" + port, "-uroot", "--local", "t_load",
                                 os.path.join(d, "m.txt")], capture_output=True, text=True, timeout=60)
            out.append((r.returncode, r.stderr, sql, data, r2.returncode, r2.stdout, rows(conn, "m")))
            conn.close()
            shutil.rmtree(d, ignore_errors=True)
        compare("mariadb-dump --tab", out[0], out[1])
    # a large file: 100,000 rows, both servers load the same table
    big = os.path.join(TMP, "big.txt")
    rnd = random.Random(7)
    with open(big, "w") as f:
        for i in range(100000):
            f.write("%d\t%s\t%d.%02d\t2024-%02d-%02d\n" % (i, "w%06x" % rnd.randrange(1 << 24), rnd.randrange(1000),
                                                          rnd.randrange(100), rnd.randrange(1, 13), rnd.randrange(1, 29)))
    out = []
    for which in ("m", "p"):
        conn = connect(which)
        setup(conn, "CREATE TABLE t (id INT PRIMARY KEY, w VARCHAR(10), x DECIMAL(7,2), d DATE, KEY (w))")
        r = outcome(conn, "LOAD DATA LOCAL INFILE '%s' INTO TABLE t" % big)
        s = outcome(conn, "SELECT COUNT(*), SUM(id), SUM(x), MIN(w), MAX(d), COUNT(DISTINCT w) FROM t")
        out.append((r, s))
        conn.close()
    compare("100,000 rows", out[0], out[1])


def main():
    mc, pc = connect("m"), connect("p")
    try:
        scripted(mc, pc)
        fuzz(mc, pc)
        files(mc, pc)
        protocol(mc, pc)
    finally:
        for conn in (mc, pc):
            try:
                conn.cursor().execute("DROP DATABASE IF EXISTS t_load")
            except pymysql.err.MySQLError:
                pass
        shutil.rmtree(TMP, ignore_errors=True)
    if failures:
        print("FAIL: %d difference(s) from MariaDB" % len(failures))
        sys.exit(1)
    print("ok: LOAD DATA and INTO OUTFILE answer as MariaDB")


if __name__ == "__main__":
    main()
