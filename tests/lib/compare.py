"""Run one statement on a server and compare what two servers returned.

Values are fetched with no type conversion at all (conv={} and
use_unicode=False), so every value arrives as the raw bytes the server sent
(or None for NULL) and a difference in formatting cannot hide behind a Python
type.  Errors keep their code, SQLSTATE and message.
"""

import struct
from collections import Counter

import pymysql
import pymysql.err
from pymysql.connections import MySQLResult
from pymysql.constants import CLIENT, FIELD_TYPE
from pymysql.protocol import EOFPacketWrapper

# ---------------------------------------------------------------------------
# PyMySQL patches (this process only):
#  * keep the SQLSTATE of a server error (PyMySQL drops it);
#  * keep server_status of the EOF packet that ends a result set.


def _raise_mysql_exception(data):
    errno = struct.unpack("<H", data[1:3])[0]
    if data[3:4] == b"#":
        sqlstate = data[4:9].decode("ascii", "replace")
        raw = data[9:]
    else:
        sqlstate = None
        raw = data[3:]
    errorclass = pymysql.err.error_map.get(errno)
    if errorclass is None:
        errorclass = (pymysql.err.InternalError if errno < 1000
                      else pymysql.err.OperationalError)
    e = errorclass(errno, raw.decode("utf-8", "replace"))
    e.sqlstate = sqlstate
    e.raw_message = bytes(raw)
    e.from_server = True
    raise e


pymysql.err.raise_mysql_exception = _raise_mysql_exception


def _check_packet_is_eof(self, packet):
    if not packet.is_eof_packet():
        return False
    wp = EOFPacketWrapper(packet)
    self.warning_count = wp.warning_count
    self.has_next = wp.has_next
    self.server_status = wp.server_status
    return True


MySQLResult._check_packet_is_eof = _check_packet_is_eof

# Status bits compared (the others, e.g. "no index used", are noise).
STATUS_MASK = 0x0001 | 0x0002 | 0x0200 | 0x2000
STATUS_NAMES = {0x0001: "IN_TRANS", 0x0002: "AUTOCOMMIT",
                0x0200: "NO_BACKSLASH_ESCAPES", 0x2000: "IN_TRANS_READONLY"}

TYPE_NAMES = {getattr(FIELD_TYPE, n): n for n in dir(FIELD_TYPE) if n.isupper()}
TYPE_NAMES[FIELD_TYPE.INTERVAL] = "ENUM"  # same code; ENUM is the usual name


def type_name(code):
    return "%s(%s)" % (TYPE_NAMES.get(code, "?"), code)


def status_names(st):
    if st is None:
        return "None"
    st &= STATUS_MASK
    return "|".join(v for k, v in sorted(STATUS_NAMES.items()) if st & k) or "0"


def connect(server, read_timeout=60, found_rows=False):
    flags = CLIENT.FOUND_ROWS if found_rows else 0
    return server.connect(conv={}, use_unicode=False, client_flag=flags,
                          read_timeout=read_timeout, write_timeout=read_timeout)


# ---------------------------------------------------------------------------
# Outcomes


class ResultSet:
    __slots__ = ("fields", "rows", "affected_rows", "insert_id",
                 "warning_count", "server_status", "message")

    def __init__(self, res, rows):
        fields = getattr(res, "fields", None) if res.description else None
        self.fields = None
        if fields is not None:
            self.fields = [dict(name=f.name, type=f.type_code, charsetnr=f.charsetnr,
                                length=f.length, flags=f.flags, decimals=f.scale,
                                table=f.table_name, org_table=f.org_table,
                                org_name=f.org_name, db=f.db)
                           for f in fields]
        self.rows = list(rows) if rows is not None else None
        self.affected_rows = res.affected_rows
        self.insert_id = res.insert_id
        self.warning_count = res.warning_count
        self.server_status = res.server_status
        self.message = res.message


class Outcome:
    """What one statement produced on one server."""

    def __init__(self):
        self.results = []          # ResultSet, one per result (CALL gives several)
        self.error = None          # (code, sqlstate, message) sent by the server
        self.client_error = None   # str: connection lost, protocol error, timeout
        self.timed_out = False
        self.warnings = None       # rows of SHOW WARNINGS, or ("error", ...)

    @property
    def warning_count(self):
        return self.results[-1].warning_count if self.results else 0


def _is_server_error(e):
    return getattr(e, "from_server", False)


def execute(conn, sql):
    """Run sql; never raises for server errors or connection trouble."""
    out = Outcome()
    cur = conn.cursor()
    try:
        cur.execute(sql)
        while True:
            res = cur._result
            rows = cur.fetchall() if cur.description else None
            out.results.append(ResultSet(res, rows))
            if not cur.nextset():
                break
    except Exception as e:  # noqa: BLE001
        if _is_server_error(e):
            out.error = (e.args[0], e.sqlstate, e.args[1])
        else:
            out.client_error = "%s: %s" % (type(e).__name__, e)
            msg = str(e)
            out.timed_out = "timed out" in msg or "timeout" in msg.lower()
    finally:
        try:
            cur.close()
        except Exception:  # noqa: BLE001
            pass
    return out


def fetch_warnings(conn, out):
    """Attach SHOW WARNINGS to out.  Returns False on connection trouble."""
    w = execute(conn, "SHOW WARNINGS")
    if w.client_error:
        out.client_error = "during SHOW WARNINGS: " + w.client_error
        out.timed_out = w.timed_out
        return False
    if w.error:
        out.warnings = ("error",) + w.error
    else:
        out.warnings = [tuple(r) for r in (w.results[0].rows or [])] if w.results else []
    return True


# ---------------------------------------------------------------------------
# Formatting


def fmt_value(v):
    if v is None:
        return "NULL"
    if isinstance(v, (bytes, bytearray)):
        try:
            return repr(bytes(v).decode("utf-8"))
        except UnicodeDecodeError:
            return repr(bytes(v))
    return repr(v)


def fmt_row(row):
    return "(" + ", ".join(fmt_value(v) for v in row) + ")"


def fmt_error(err):
    code, state, msg = err
    return "ERROR %s (%s): %s" % (code, state, msg)


def _sort_key(row):
    return tuple((v is not None, bytes(v) if isinstance(v, (bytes, bytearray))
                  else str(v).encode()) for v in row)


# ---------------------------------------------------------------------------
# Comparison

MAX_ROWS_SHOWN = 8


def compare(a, b, stmt, ordered, metadata, la="MariaDB", lb="pressdb"):
    """Differences between outcome a (reference) and b; [] if identical.

    Each difference is a (short label, detail lines) pair.
    """
    diffs = []

    def d(label, *lines):
        diffs.append((label, list(lines)))

    if a.client_error:
        d("%s connection error" % la, a.client_error)
    if b.client_error:
        d("%s connection error" % lb, b.client_error)
    if a.client_error or b.client_error:
        return diffs

    skip_result = "skip-result" in stmt.directives

    if a.error or b.error:
        if not a.error:
            d("error only on %s" % lb, "%s: success" % la, "%s: %s" % (lb, fmt_error(b.error)))
            return diffs
        if not b.error:
            d("error only on %s" % la, "%s: %s" % (la, fmt_error(a.error)), "%s: success" % lb)
            return diffs
        if a.error[0] != b.error[0]:
            d("error code differs", "%s: %s" % (la, fmt_error(a.error)),
              "%s: %s" % (lb, fmt_error(b.error)))
        elif not skip_result and a.error != b.error:
            what = "SQLSTATE" if a.error[1] != b.error[1] else "error message"
            d("%s differs" % what, "%s: %s" % (la, fmt_error(a.error)),
              "%s: %s" % (lb, fmt_error(b.error)))
        # both failed; results sent before the error (multi-result statements)
        # are still compared below
        if skip_result or len(a.results) == len(b.results) == 0:
            return diffs

    if skip_result:
        return diffs

    if len(a.results) != len(b.results):
        d("number of results differs", "%s: %d" % (la, len(a.results)),
          "%s: %d" % (lb, len(b.results)))
    for i, (ra, rb) in enumerate(zip(a.results, b.results)):
        pre = "result %d: " % (i + 1) if len(a.results) > 1 else ""
        _compare_result(ra, rb, pre, ordered, metadata, la, lb, d)

    if a.warnings is not None or b.warnings is not None:
        wa = a.warnings if a.warnings is not None else []
        wb = b.warnings if b.warnings is not None else []
        if wa != wb:
            lines = ["%s:" % la] + ["  %s" % fmt_row(r) for r in (wa if isinstance(wa, list) else [wa])]
            lines += ["%s:" % lb] + ["  %s" % fmt_row(r) for r in (wb if isinstance(wb, list) else [wb])]
            d("SHOW WARNINGS differs", *lines)
    return diffs


def _compare_result(ra, rb, pre, ordered, metadata, la, lb, d):
    if (ra.fields is None) != (rb.fields is None):
        def kind(r):
            return ("result set with %d columns" % len(r.fields)) if r.fields is not None \
                else "OK packet (affected rows %s)" % r.affected_rows
        d(pre + "result kind differs", "%s: %s" % (la, kind(ra)), "%s: %s" % (lb, kind(rb)))
        return
    if ra.fields is not None:
        na = [f["name"] for f in ra.fields]
        nb = [f["name"] for f in rb.fields]
        if na != nb:
            d(pre + "column names differ", "%s: %r" % (la, na), "%s: %r" % (lb, nb))
        ta = [f["type"] for f in ra.fields]
        tb = [f["type"] for f in rb.fields]
        if ta != tb:
            lines = []
            for j, (x, y) in enumerate(zip(ta, tb)):
                if x != y:
                    lines.append("column %d %r: %s %s, %s %s" % (
                        j + 1, na[j], la, type_name(x), lb, type_name(y)))
            if len(ta) != len(tb):
                lines.append("%s %d columns, %s %d columns" % (la, len(ta), lb, len(tb)))
            d(pre + "column types differ", *lines)
        if metadata and len(ra.fields) == len(rb.fields):
            lines = []
            for j, (fa, fb) in enumerate(zip(ra.fields, rb.fields)):
                for k in ("charsetnr", "length", "flags", "decimals", "table",
                          "org_table", "org_name", "db"):
                    if fa[k] != fb[k]:
                        lines.append("column %d %r %s: %s %r, %s %r" % (
                            j + 1, fa["name"], k, la, fa[k], lb, fb[k]))
            if lines:
                d(pre + "column metadata differs", *lines)
        _compare_rows(ra.rows, rb.rows, pre, ordered, la, lb, d)
    else:
        if ra.affected_rows != rb.affected_rows:
            d(pre + "affected rows differ", "%s: %s" % (la, ra.affected_rows),
              "%s: %s" % (lb, rb.affected_rows))
        if ra.insert_id != rb.insert_id:
            d(pre + "last insert id differs", "%s: %s" % (la, ra.insert_id),
              "%s: %s" % (lb, rb.insert_id))
        if (ra.message or b"") != (rb.message or b""):
            d(pre + "OK packet info message differs (raw bytes)", "%s: %r" % (la, ra.message),
              "%s: %r" % (lb, rb.message))
    if ra.warning_count != rb.warning_count:
        d(pre + "warning count differs", "%s: %s" % (la, ra.warning_count),
          "%s: %s" % (lb, rb.warning_count))
    sa = None if ra.server_status is None else ra.server_status & STATUS_MASK
    sb = None if rb.server_status is None else rb.server_status & STATUS_MASK
    if sa != sb:
        d(pre + "server status flags differ", "%s: %s" % (la, status_names(ra.server_status)),
          "%s: %s" % (lb, status_names(rb.server_status)))


def _compare_rows(rows_a, rows_b, pre, ordered, la, lb, d):
    rows_a = [tuple(r) for r in rows_a or []]
    rows_b = [tuple(r) for r in rows_b or []]
    if ordered:
        if rows_a == rows_b:
            return
        i = 0
        while i < min(len(rows_a), len(rows_b)) and rows_a[i] == rows_b[i]:
            i += 1
        lines = ["compared in order; %s %d rows, %s %d rows; first difference at row %d"
                 % (la, len(rows_a), lb, len(rows_b), i + 1)]
        for label, rows in ((la, rows_a), (lb, rows_b)):
            lines.append("%s rows %d..:" % (label, i + 1))
            shown = rows[i:i + MAX_ROWS_SHOWN]
            lines += ["  %s" % fmt_row(r) for r in shown] or ["  (none)"]
            if len(rows) > i + MAX_ROWS_SHOWN:
                lines.append("  ... %d more" % (len(rows) - i - MAX_ROWS_SHOWN))
        d(pre + "rows differ", *lines)
        return
    ca, cb = Counter(rows_a), Counter(rows_b)
    if ca == cb:
        return
    only_a = sorted((ca - cb).elements(), key=_sort_key)
    only_b = sorted((cb - ca).elements(), key=_sort_key)
    lines = ["compared as a multiset; %s %d rows, %s %d rows"
             % (la, len(rows_a), lb, len(rows_b))]
    for label, rows in ((la, only_a), (lb, only_b)):
        lines.append("only in %s (%d):" % (label, len(rows)))
        lines += ["  %s" % fmt_row(r) for r in rows[:MAX_ROWS_SHOWN]] or ["  (none)"]
        if len(rows) > MAX_ROWS_SHOWN:
            lines.append("  ... %d more" % (len(rows) - MAX_ROWS_SHOWN))
    d(pre + "rows differ", *lines)
