"""client.py - run benchmark statements over PyMySQL and compare complete results.

Every value is fetched as text (PyMySQL with an empty converter table), as WordPress reads
it through mysqli's text protocol, so two servers agree exactly when their wire results do.
"""

import time

import pymysql

PROLOGUE = ["SET NAMES 'utf8mb4' COLLATE 'utf8mb4_unicode_520_ci'",
            "SET SESSION sql_mode='ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION'"]
DATABASE = "wordpress"
FOUND_ROWS = "SELECT FOUND_ROWS()"

FIELD_TYPES = {v: k for k, v in vars(pymysql.constants.FIELD_TYPE).items() if k.isupper()}


def wp_connect(server, database=DATABASE, read_timeout=300):
    """Connect as WordPress does (SET NAMES, sql_mode, then COM_INIT_DB). Returns (conn, notes):
    a prologue statement the server rejects is noted, not fatal."""
    conn = server.connect(read_timeout=read_timeout)
    notes = []
    with conn.cursor() as c:
        for q in PROLOGUE:
            try:
                c.execute(q)
            except pymysql.err.MySQLError as e:
                notes.append("%s -> %s" % (q.split("'")[0].strip(), err_text(e)))
    if database:
        conn.select_db(database)
    return conn, notes


def err_text(e):
    if isinstance(e, pymysql.err.MySQLError) and len(e.args) >= 2:
        return "%s %s" % (e.args[0], e.args[1])
    return "%s: %s" % (type(e).__name__, e)


def text(v):
    if isinstance(v, (bytes, bytearray)):
        return bytes(v).decode("utf-8", "surrogateescape")
    return v


class Result:
    __slots__ = ("columns", "types", "rows", "found_rows", "error", "ms")

    def __init__(self):
        self.columns = self.types = self.rows = self.found_rows = self.error = None
        self.ms = None

    def ok(self):
        return self.error is None

    def as_json(self, max_rows=12):
        if self.error:
            return dict(error=self.error)
        d = dict(columns=self.columns, types=self.types, row_count=len(self.rows),
                 rows=[list(r) for r in self.rows[:max_rows]])
        if self.found_rows is not None:
            d["found_rows"] = self.found_rows
        return d


def execute(conn, stmt):
    """Run one statement (and SELECT FOUND_ROWS() after it when it asks) and return a Result.
    Errors are captured in Result.error, never raised."""
    res = Result()
    t0 = time.perf_counter()
    try:
        with conn.cursor() as c:
            c.execute(stmt["sql"])
            rows = c.fetchall()
            desc = c.description or ()
            res.columns = [d[0] for d in desc]
            res.types = [FIELD_TYPES.get(d[1], str(d[1])) for d in desc]
            res.rows = [tuple(text(v) for v in r) for r in rows]
            if stmt.get("found_rows"):
                c.execute(FOUND_ROWS)
                fr = c.fetchall()
                res.found_rows = text(fr[0][0]) if fr and fr[0] else None
    except Exception as e:   # a failing engine is a result, not a crash
        res.error = err_text(e)
    res.ms = (time.perf_counter() - t0) * 1000.0
    return res


def compare(ref, got):
    """Compare a result with MariaDB's. Returns (ok, detail); ok is None when got is an error."""
    if got.error:
        return None, "error: " + got.error
    if ref.error:
        return None, "MariaDB failed: " + ref.error
    problems = []
    if got.columns != ref.columns:
        problems.append("column names %s instead of %s" % (got.columns, ref.columns))
    if got.rows != ref.rows:
        if sorted(got.rows, key=repr) == sorted(ref.rows, key=repr):
            first = next(i for i, (a, b) in enumerate(zip(got.rows, ref.rows)) if a != b)
            problems.append("same %d rows, different order (first at row %d: %s instead of %s)"
                            % (len(ref.rows), first + 1, short(got.rows[first]), short(ref.rows[first])))
        elif len(got.rows) != len(ref.rows):
            problems.append("%d rows instead of %d" % (len(got.rows), len(ref.rows)))
        else:
            first = next(i for i, (a, b) in enumerate(zip(got.rows, ref.rows)) if a != b)
            problems.append("row %d is %s instead of %s" % (first + 1, short(got.rows[first]), short(ref.rows[first])))
    if got.found_rows != ref.found_rows:
        problems.append("FOUND_ROWS() %s instead of %s" % (got.found_rows, ref.found_rows))
    if problems:
        return False, "; ".join(problems)
    detail = describe(ref)
    if got.types != ref.types:
        detail += " (column types %s, MariaDB %s)" % ("/".join(got.types), "/".join(ref.types))
    return True, detail


def describe(ref):
    n = len(ref.rows)
    if n == 0:
        d = "same empty result"
    elif n == 1 and len(ref.columns) == 1 and ref.columns[0].lower().startswith(("count", "n")):
        d = "same aggregate (%s)" % ref.rows[0][0]
    elif n == 1:
        d = "same single row"
    else:
        d = "same %d ordered rows" % n
    if ref.found_rows is not None:
        d += ", FOUND_ROWS %s" % ref.found_rows
    return d


def short(row, width=60):
    s = repr(tuple(row))
    return s if len(s) <= width else s[:width - 3] + "..."


def run_batch(conn, stmt, n):
    """Execute stmt (+FOUND_ROWS) n times; return the mean in ms. Raises on error."""
    sql = stmt["sql"]
    fr = stmt.get("found_rows")
    with conn.cursor() as c:
        t0 = time.perf_counter()
        for _ in range(n):
            c.execute(sql)
            c.fetchall()
            if fr:
                c.execute(FOUND_ROWS)
                c.fetchall()
        return (time.perf_counter() - t0) * 1000.0 / n
