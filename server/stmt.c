/* stmt.c - prepared statements: COM_STMT_PREPARE, EXECUTE, SEND_LONG_DATA, CLOSE, RESET, FETCH.
 *
 * Each connection keeps its statements in c->stmts, sorted by id (ids only grow, so a
 * new statement is appended; lookups are binary searches). What MariaDB 10.11 answers
 * was checked against a real server (tests/integration/test_prepared.py and
 * test_protocol_bad_input.py):
 *
 *   - ids come from a per-connection counter that a failed prepare also advances and
 *     that COM_RESET_CONNECTION / COM_CHANGE_USER do not reset (they drop the
 *     statements); id 0xffffffff means the statement prepared last (cleared when that
 *     one is closed or a prepare fails);
 *   - at most max_prepared_stmt_count (16382; SET GLOBAL changes it) statements exist server-wide: 1461;
 *   - PREPARE answers STMT_PREPARE_OK, one definition per parameter (name "?", type
 *     NULL, binary, BINARY_FLAG), EOF, the result columns, EOF (no EOFs with
 *     CLIENT_DEPRECATE_EOF; a group that is empty is left out with its EOF);
 *   - EXECUTE shorter than its 9 fixed bytes, or whose parameter types are cut, is
 *     1835 "Malformed communication packet"; values that are missing or malformed,
 *     unknown parameter types, a NULL-typed parameter without its NULL bit, long data
 *     for a type that cannot take it, or no types ever bound: 1210 "Incorrect arguments
 *     to mysqld_stmt_execute"; bytes after the last value are ignored;
 *   - EXECUTE with CURSOR_TYPE_READ_ONLY (flag 1; 2 and 4 alone are ignored) and a result
 *     set sends its column definitions and an EOF with CURSOR_EXISTS (and the statement's
 *     warnings) and keeps the rows (cursor.c); each FETCH of N sends up to N of them and
 *     an EOF with CURSOR_EXISTS, or LAST_ROW_SENT when fewer than N were left, which
 *     closes the cursor; another EXECUTE, RESET and CLOSE close it too;
 *   - SEND_LONG_DATA appends to the parameter's buffer and never answers; a bad
 *     parameter number makes every EXECUTE fail with 1210 "... mysqld_stmt_send_long_data"
 *     until COM_STMT_RESET. EXECUTE consumes the long data;
 *   - CLOSE never answers; RESET drops the long data and that error and answers OK;
 *     FETCH without an open cursor answers 1421 "The statement (N) has no open cursor";
 *   - an unknown id: 1243 "Unknown prepared statement handler (N) given to
 *     mysqld_stmt_execute" (mysqld_stmt_reset, mysqld_stmt_fetch); nothing for CLOSE
 *     and SEND_LONG_DATA.
 */
#include "server/server.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct srv_stmt {
    uint32_t id;
    uint32_t nparams;
    pdb_stmt *ps;
    uint16_t *types;        /* nparams types bound by the last execute that sent them */
    bool types_bound;
    bool has_long_any;      /* some has_long[i] is set */
    uint8_t *has_long;      /* nparams flags: SEND_LONG_DATA was used for the parameter */
    proto_buf *long_data;   /* nparams buffers, allocated at the first chunk */
    uint16_t err_code;      /* error left by SEND_LONG_DATA, reported by EXECUTE until RESET */
    char err_msg[200];
    uint64_t last_us;       /* its last execution's time: at --offload-us and more, the next
                               one goes to a worker at once (as a slow text shape does) */
    srv_cursor *cur;        /* the open cursor's rows (EXECUTE with CURSOR_TYPE_READ_ONLY) */
};

static _Atomic uint32_t srv_prepared_count;   /* statements of every connection */

uint32_t srv_prepared_stmts(void) { return atomic_load(&srv_prepared_count); }

#define LAST_STMT_ID 0xffffffffu

/* ------------------------------------------------------------ helpers */

/* An error for a command handled here: the session's warnings become just this error
 * (MariaDB clears the diagnostics area at the start of these commands), then ERR. */
static void stmt_error(srv_conn *c, uint16_t code, const char *state, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void stmt_error(srv_conn *c, uint16_t code, const char *state, const char *fmt, ...)
{
    char msg[PDB_MSG_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    pdb_session *s = c->sess;
    s->nwarnings = 0;
    s->warn_count = 1;
    pdb_warning *w = pdb_warning_slot(s);
    if (w) {
        snprintf(w->level, sizeof w->level, "Error");
        w->code = code;
        snprintf(w->msg, sizeof w->msg, "%s", msg);
    }
    srv_write_err(c, code, state, "%s", msg);
}

static void unknown_stmt(srv_conn *c, uint32_t id, const char *where)
{
    stmt_error(c, 1243, "HY000", "Unknown prepared statement handler (%u) given to %s", id, where);
}

/* The statement id of a COM_STMT_* payload. A payload shorter than the id: MariaDB
 * reads past its end (whatever the buffer holds); here the missing bytes are taken as
 * 0 and *whole is false, so that no statement is found by it. */
static uint32_t stmt_id_of(const uint8_t *p, size_t n, bool *whole)
{
    uint8_t b[4] = { 0, 0, 0, 0 };
    *whole = n >= 5;
    if (n > 1)
        memcpy(b, p + 1, n - 1 < 4 ? n - 1 : 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static size_t find_index(const srv_conn *c, uint32_t id, bool *found)
{
    size_t lo = 0, hi = c->nstmts;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (c->stmts[mid]->id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = lo < c->nstmts && c->stmts[lo]->id == id;
    return lo;
}

static srv_stmt *find_stmt(srv_conn *c, uint32_t id)
{
    if (id == LAST_STMT_ID) {
        if (!c->stmt_last_id)
            return NULL;
        id = c->stmt_last_id;
    }
    bool found;
    size_t i = find_index(c, id, &found);
    return found ? c->stmts[i] : NULL;
}

static void clear_long_data(srv_stmt *st)
{
    if (!st->has_long_any)
        return;
    for (uint32_t i = 0; i < st->nparams; i++) {
        st->has_long[i] = 0;
        if (st->long_data) {
            if (st->long_data[i].cap > 64 * 1024)
                proto_buf_free(&st->long_data[i]);
            else
                proto_buf_reset(&st->long_data[i]);
        }
    }
    st->has_long_any = false;
}

static void stmt_free(srv_stmt *st)
{
    if (!st)
        return;
    pdb_stmt_close(st->ps);
    srv_cursor_free(st->cur);
    if (st->long_data) {
        for (uint32_t i = 0; i < st->nparams; i++)
            proto_buf_free(&st->long_data[i]);
        free(st->long_data);
    }
    free(st->types);
    free(st->has_long);
    free(st);
    atomic_fetch_sub(&srv_prepared_count, 1);
}

void srv_stmt_free_all(srv_conn *c)
{
    for (uint32_t i = 0; i < c->nstmts; i++)
        stmt_free(c->stmts[i]);
    free(c->stmts);
    c->stmts = NULL;
    c->nstmts = c->stmts_cap = 0;
    c->stmt_last_id = 0;
}

/* Takes one slot of max_prepared_stmt_count; false when none is left. */
static bool take_slot(void)
{
    uint32_t n = atomic_load(&srv_prepared_count);
    do {
        if (n + pdb_sql_prepared() >= pdb_max_prepared_stmts())   /* (PREPARE's count too) */
            return false;
    } while (!atomic_compare_exchange_weak(&srv_prepared_count, &n, n + 1));
    return true;
}

/* ------------------------------------------------------------ COM_STMT_PREPARE */

/* Parameter definitions as MariaDB sends them at prepare: "?", type NULL, binary. */
static int write_param_defs(srv_conn *c, uint32_t n)
{
    proto_coldef d = {
        .schema = "", .table = "", .org_table = "", .name = "?", .org_name = "",
        .charset = 63, .length = 0, .type = MYSQL_TYPE_NULL, .flags = BINARY_FLAG, .decimals = 0,
        .ext_meta = (c->ext_caps & MARIADB_CLIENT_EXTENDED_METADATA) != 0,
    };
    int rc = 0;
    for (uint32_t i = 0; i < n && !rc; i++)
        rc = proto_write_coldef(&c->out, &c->seq, &d);
    if (!rc && !(c->caps & CLIENT_DEPRECATE_EOF))
        rc = proto_write_eof(&c->out, &c->seq, 0, srv_session_status(c));
    if (rc)
        c->sink_failed = true;
    return rc ? -1 : 0;
}

void srv_stmt_prepare(srv_conn *c, const uint8_t *p, size_t n)
{
    /* Each prepare takes the next id, even one that fails. After 2^32 of them the
     * counter wraps: skip 0, 0xffffffff and ids still in use. */
    uint32_t id;
    bool used;
    do {
        id = ++c->stmt_next_id;
        find_index(c, id, &used);
    } while (id == 0 || id == LAST_STMT_ID || used);
    if (!take_slot()) {
        stmt_error(c, 1461, "42000",
                   "Can't create more than max_prepared_stmt_count statements (current value: %u)",
                   (unsigned)pdb_max_prepared_stmts());
        return;
    }
    if (c->nstmts == c->stmts_cap) {
        uint32_t cap = c->stmts_cap ? c->stmts_cap * 2 : 8;
        srv_stmt **ns = realloc(c->stmts, cap * sizeof *ns);
        if (!ns) {
            atomic_fetch_sub(&srv_prepared_count, 1);
            c->stmt_last_id = 0;
            stmt_error(c, 1041, "HY000", "Out of memory.");
            return;
        }
        c->stmts = ns;
        c->stmts_cap = cap;
    }
    srv_stmt *st = calloc(1, sizeof *st);
    if (!st) {
        atomic_fetch_sub(&srv_prepared_count, 1);
        c->stmt_last_id = 0;
        stmt_error(c, 1041, "HY000", "Out of memory.");
        return;
    }
    st->id = id;

    pdb_sink sink;
    srv_cmd_sink(c, &sink);
    srv_exec_begin(c);
    uint32_t nparams = 0, ncols = 0;
    const pdb_colmeta *cols = NULL;
    st->ps = pdb_stmt_prepare(c->sess, (const char *)p + 1, n - 1, &sink, &nparams, &cols, &ncols);
    if (!st->ps && c->sess->exec_moved) {
        /* the store lock is busy: a worker prepares it again, with this same id */
        free(st);
        atomic_fetch_sub(&srv_prepared_count, 1);
        c->stmt_next_id = id - 1;
        srv_cmd_move(c, p, n);
        return;
    }
    if (!st->ps) {
        /* The engine reported the error through the sink. */
        free(st);
        atomic_fetch_sub(&srv_prepared_count, 1);
        c->stmt_last_id = 0;
        if (!c->replied)
            stmt_error(c, 1295, "HY000",
                       "This command is not supported in the prepared statement protocol yet");
        srv_exec_end(c);
        return;
    }
    if (nparams > 0xffff) {
        pdb_stmt_close(st->ps);
        free(st);
        atomic_fetch_sub(&srv_prepared_count, 1);
        c->stmt_last_id = 0;
        stmt_error(c, 1390, "HY000", "Prepared statement contains too many placeholders");
        return;
    }
    st->nparams = nparams;
    if (nparams) {
        st->types = calloc(nparams, sizeof *st->types);
        st->has_long = calloc(nparams, 1);
        if (!st->types || !st->has_long) {
            stmt_free(st);
            c->stmt_last_id = 0;
            stmt_error(c, 1041, "HY000", "Out of memory.");
            return;
        }
    }
    bool dup;
    size_t at = find_index(c, id, &dup);     /* the end, unless the ids wrapped */
    memmove(&c->stmts[at + 1], &c->stmts[at], (c->nstmts - at) * sizeof *c->stmts);
    c->stmts[at] = st;
    c->nstmts++;
    c->stmt_last_id = id;

    uint32_t warnings = c->sess->warn_count > 0xffff ? 0xffff : c->sess->warn_count;
    uint16_t ncols16 = ncols > 0xffff ? 0xffff : (uint16_t)ncols;
    int rc = proto_write_stmt_prepare_ok(&c->out, &c->seq, id, ncols16, (uint16_t)nparams,
                                         (uint16_t)warnings);
    if (rc)
        c->sink_failed = true;
    if (!rc && nparams)
        rc = write_param_defs(c, nparams);
    if (!rc && ncols16)
        srv_write_coldefs(c, cols, ncols16);
    c->replied = true;
}

/* ------------------------------------------------------------ COM_STMT_EXECUTE */

/* Parameter types MariaDB 10.11 accepts (others: 1210): a known type code, and no flag
 * but the unsigned one. MYSQL_TYPE_NULL is accepted only for a parameter whose NULL bit
 * is set (checked by the caller). */
static bool param_type_ok(uint16_t code)
{
    uint8_t t = (uint8_t)code;
    if ((code & ~PROTO_PARAM_UNSIGNED) >> 8)
        return false;
    return t <= MYSQL_TYPE_BIT || t >= MYSQL_TYPE_NEWDECIMAL;
}

/* Types a SEND_LONG_DATA stream may be given to (MariaDB's is_param_long_data_type). */
static bool long_data_type_ok(uint8_t t)
{
    switch (t) {
    case MYSQL_TYPE_VARCHAR:
    case MYSQL_TYPE_ENUM:
    case MYSQL_TYPE_SET:
    case MYSQL_TYPE_TINY_BLOB:
    case MYSQL_TYPE_MEDIUM_BLOB:
    case MYSQL_TYPE_LONG_BLOB:
    case MYSQL_TYPE_BLOB:
    case MYSQL_TYPE_VAR_STRING:
    case MYSQL_TYPE_STRING:
    case MYSQL_TYPE_GEOMETRY:
        return true;
    default:
        return false;
    }
}

static bool is_binary_type(uint8_t t)
{
    return (t >= MYSQL_TYPE_TINY_BLOB && t <= MYSQL_TYPE_BLOB) || t == MYSQL_TYPE_GEOMETRY ||
           t == MYSQL_TYPE_BIT;
}

/* "[-+]digits[.digits]" with at most 18 digits -> VT_DECIMAL; false otherwise. */
static bool parse_decimal(const uint8_t *s, size_t n, pdb_value *o)
{
    size_t i = 0;
    bool neg = false;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    int64_t v = 0;
    int digits = 0, scale = 0;
    bool point = false, any = false;
    for (; i < n; i++) {
        if (s[i] == '.' && !point) {
            point = true;
            continue;
        }
        if (s[i] < '0' || s[i] > '9')
            return false;
        any = true;
        if (v == 0 && s[i] == '0' && !point)
            continue;                            /* leading zeros do not count */
        if (++digits > 18)
            return false;
        v = v * 10 + (s[i] - '0');
        if (point)
            scale++;
    }
    if (!any)
        return false;
    o->t = VT_DECIMAL;
    o->scale = (uint8_t)scale;
    o->i = neg ? -v : v;
    return true;
}

/* A longer DECIMAL parameter written as the engine writes a wide decimal's text
 * ("-123.4500": no '+', no leading zeros, no exponent, not a negative zero, at most 81
 * digits): a VT_DECIMAL of that text (pointing into the packet). false otherwise. */
static bool wide_decimal(const uint8_t *s, size_t n, pdb_value *o)
{
    size_t i = s && n && s[0] == '-' ? 1 : 0, digits = 0, scale = 0;
    bool neg = i == 1, point = false, nonzero = false;
    if (i >= n || s[i] < '0' || s[i] > '9' || (s[i] == '0' && i + 1 < n && s[i + 1] != '.'))
        return false;
    for (; i < n; i++) {
        if (s[i] == '.' && !point && i + 1 < n) { point = true; continue; }
        if (s[i] < '0' || s[i] > '9') return false;
        digits++;
        if (point) scale++;
        if (s[i] != '0') nonzero = true;
    }
    if (digits > 81 || scale > 80 || (neg && !nonzero)) return false;
    memset(o, 0, sizeof *o);
    o->t = VT_DECIMAL;
    o->scale = (uint8_t)scale;
    o->p = (const char *)s;
    o->len = (uint32_t)n;
    return true;
}

/* A parsed parameter as an engine value. Strings point into the packet or the long
 * data buffer (the engine copies them). */
static void param_value(const srv_conn *c, srv_stmt *st, uint32_t i, const proto_value *v,
                        pdb_value *o)
{
    memset(o, 0, sizeof *o);
    if (v->is_long_data) {
        proto_buf *b = st->long_data ? &st->long_data[i] : NULL;
        o->t = VT_STRING;
        o->p = b && b->data ? (const char *)b->data : "";
        o->len = b ? (uint32_t)b->len : 0;
        o->coll = is_binary_type(v->type) ? 63 : c->sess->coll_connection;
        return;
    }
    if (v->is_null) {
        o->t = VT_NULL;
        return;
    }
    switch (v->type) {
    case MYSQL_TYPE_TINY:
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONGLONG:
    case MYSQL_TYPE_YEAR:
        if (v->is_unsigned) {
            o->t = VT_UINT;
            o->u = v->u;
        } else {
            o->t = VT_INT;
            o->i = v->i;
        }
        return;
    case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE:
        o->t = VT_DOUBLE;
        o->d = v->d;
        return;
    case MYSQL_TYPE_DATE:
        o->t = VT_DATE;
        o->i = pdb_dt_pack((int)v->t.year, (int)v->t.month, (int)v->t.day, 0, 0, 0, 0);
        return;
    case MYSQL_TYPE_DATETIME:
    case MYSQL_TYPE_TIMESTAMP:
        o->t = VT_DATETIME;
        o->scale = v->t.microsecond ? 6 : 0;
        o->i = pdb_dt_pack((int)v->t.year, (int)v->t.month, (int)v->t.day, (int)v->t.hour,
                           (int)v->t.minute, (int)v->t.second, (int)(v->t.microsecond % 1000000));
        return;
    case MYSQL_TYPE_TIME: {
        /* As MariaDB: days fold into hours; beyond 838 hours it is 838:59:59. */
        uint64_t hours = (uint64_t)v->t.day * 24 + v->t.hour;
        uint64_t min = v->t.minute, sec = v->t.second, us = v->t.microsecond % 1000000;
        if (hours > 838) {
            hours = 838;
            min = sec = 59;
            us = 0;
        }
        int64_t t = (int64_t)(((hours * 60 + min) * 60 + sec) * 1000000 + us);
        o->t = VT_TIME;
        o->scale = us ? 6 : 0;
        o->i = v->t.neg ? -t : t;
        return;
    }
    case MYSQL_TYPE_DECIMAL:
    case MYSQL_TYPE_NEWDECIMAL:
        if (parse_decimal(v->str, v->len, o) || wide_decimal(v->str, v->len, o))
            return;
        break;                           /* not a plain number: its text */
    default:
        break;
    }
    o->t = VT_STRING;
    o->p = v->str ? (const char *)v->str : "";
    o->len = (uint32_t)v->len;
    o->coll = is_binary_type(v->type) ? 63 : c->sess->coll_connection;
}

/* The parameter values of execute packet p for st into *pvp / *valsp (malloc'd; NULL
 * without parameters): 0, or the error: 1835 malformed packet, 1210 bad arguments (both
 * left for the caller to free), 1041 out of memory. The types a packet binds are kept. */
static int decode_params(const srv_conn *c, srv_stmt *st, const uint8_t *p, size_t n, proto_value **pvp,
                         pdb_value **valsp)
{
    uint32_t np = st->nparams;
    *pvp = NULL;
    *valsp = NULL;
    if (!np)
        return 0;
    size_t nbits = (np + 7) / 8;
    size_t at = 10 + nbits;              /* the new-params-bound byte */
    if (at >= n)
        return 1210;
    if (p[at] > 1 || (p[at] && (n - at - 1) / 2 < np))
        return 1835;                     /* new-params-bound is 0 or 1; the types must all be there */
    if (p[at]) {
        /* The types are kept even if the values turn out to be bad (as MariaDB). */
        for (uint32_t i = 0; i < np; i++)
            st->types[i] = (uint16_t)(p[at + 1 + 2 * i] | p[at + 2 + 2 * i] << 8);
        st->types_bound = true;
    } else if (!st->types_bound) {
        return 1210;
    }
    for (uint32_t i = 0; i < np; i++)
        if (!param_type_ok(st->types[i]))
            return 1210;
    proto_value *pv = malloc(np * sizeof *pv);
    pdb_value *vals = malloc(np * sizeof *vals);
    if (!pv || !vals) {
        free(pv);
        free(vals);
        return 1041;
    }
    *pvp = pv;
    *valsp = vals;
    proto_stmt_exec ex;
    if (proto_parse_stmt_execute(p, n, np, st->types, st->has_long_any ? st->has_long : NULL, &ex, pv))
        return 1210;
    const uint8_t *nulls = p + 10;
    for (uint32_t i = 0; i < np; i++) {
        if (pv[i].is_long_data) {
            if (!long_data_type_ok(pv[i].type))
                return 1210;
        } else if (pv[i].type == MYSQL_TYPE_NULL && !(nulls[i / 8] >> (i % 8) & 1)) {
            return 1210;                 /* MariaDB finds no value for it */
        }
        param_value(c, st, i, &pv[i], &vals[i]);
    }
    return 0;
}

char *srv_stmt_log_text(srv_conn *c, const uint8_t *p, size_t n, size_t *len)
{
    if (n < 10)
        return NULL;
    bool whole;
    srv_stmt *st = find_stmt(c, stmt_id_of(p, n, &whole));
    if (!st || st->err_code)
        return NULL;
    proto_value *pv;
    pdb_value *vals;
    char *text = decode_params(c, st, p, n, &pv, &vals) ? NULL : pdb_stmt_log_text(c->sess, st->ps, vals, st->nparams, len);
    free(pv);
    free(vals);
    return text;
}

void srv_stmt_execute(srv_conn *c, const uint8_t *p, size_t n)
{
    if (n < 10) {
        stmt_error(c, 1835, "HY000", "Malformed communication packet");
        return;
    }
    bool whole;
    uint32_t id = stmt_id_of(p, n, &whole);
    srv_stmt *st = find_stmt(c, id);
    if (!st) {
        unknown_stmt(c, id, "mysqld_stmt_execute");
        return;
    }
    if (st->err_code) {
        stmt_error(c, st->err_code, "HY000", "%s", st->err_msg);
        return;
    }
    uint32_t np = st->nparams;
    proto_value *pv = NULL;
    pdb_value *vals = NULL;
    int bad = decode_params(c, st, p, n, &pv, &vals);
    if (bad == 1835 || bad == 1041) {
        clear_long_data(st);
        stmt_error(c, (uint16_t)bad, "HY000", bad == 1835 ? "Malformed communication packet" : "Out of memory.");
        return;
    }
    if (bad)
        goto bad_args;

    if (!srv_on_worker && srv_cfg.offload_us && st->last_us >= srv_cfg.offload_us) {
        /* slow last time: not on the loop (its time slice would end it and run it again) */
        free(pv);
        free(vals);
        srv_cmd_move(c, p, n);
        return;
    }
    /* an execution closes the cursor the last one opened; with CURSOR_TYPE_READ_ONLY a
       result set's rows go to a new one (flags 2 and 4 are not cursors in MariaDB) */
    srv_cursor_free(st->cur);
    st->cur = NULL;
    if (p[5] & 1) {
        c->cur_fill = srv_cursor_new(pdb_tmp_table_limit(c->sess));
        if (!c->cur_fill) {
            free(pv);
            free(vals);
            clear_long_data(st);
            stmt_error(c, 1041, "HY000", "Out of memory.");
            return;
        }
        c->cur_opened = false;
    }
    pdb_sink sink;
    srv_cmd_sink_binary(c, &sink);
    srv_exec_begin(c);
    pdb_exec_slice_us = srv_on_worker ? 0 : srv_cfg.offload_us;
    uint64_t t0 = srv_exec_clock_ns();   /* (on a worker: a wait for the store lock is not slowness) */
    int rc = pdb_stmt_execute(c->sess, st->ps, vals, np, &sink);
    pdb_exec_slice_us = 0;
    if (c->cur_fill) {
        /* kept when its result set ended (not after an error, a wait or a move: the
           execution starts again then) */
        if (c->cur_opened && rc != PDB_EXEC_WAIT && rc != PDB_EXEC_MOVE && !c->sink_failed)
            st->cur = c->cur_fill;
        else
            srv_cursor_free(c->cur_fill);
        c->cur_fill = NULL;
        c->cur_opened = false;
    }
    if (rc != PDB_EXEC_WAIT && rc != PDB_EXEC_MOVE)
        st->last_us = (srv_exec_clock_ns() - t0) / 1000;
    if (rc == PDB_EXEC_WAIT || rc == PDB_EXEC_MOVE) {
        /* runs again from the same packet (and the same long data) after the wait, or
           on a worker (the command's end parks it on the loop after a wait there) */
        if (rc == PDB_EXEC_MOVE)
            srv_cmd_move(c, p, n);
        else if (srv_on_worker)
            c->off_rc = PDB_EXEC_WAIT;
        else
            srv_conn_wait(c, SRV_WAIT_EXECUTE, p, n);
        free(pv);
        free(vals);
        return;
    }
    srv_exec_end(c);
    clear_long_data(st);
    free(pv);
    free(vals);
    return;

bad_args:
    free(pv);
    free(vals);
    clear_long_data(st);
    stmt_error(c, 1210, "HY000", "Incorrect arguments to mysqld_stmt_execute");
}

/* ------------------------------------------------------------ the others */

void srv_stmt_send_long_data(srv_conn *c, const uint8_t *p, size_t n)
{
    uint32_t id;
    uint16_t param;
    const uint8_t *data;
    size_t len;
    if (proto_parse_stmt_send_long_data(p, n, &id, &param, &data, &len))
        return;                              /* shorter than its header: ignored */
    srv_stmt *st = find_stmt(c, id);
    if (!st)
        return;
    if (param >= st->nparams) {
        st->err_code = 1210;
        snprintf(st->err_msg, sizeof st->err_msg,
                 "Incorrect arguments to mysqld_stmt_send_long_data");
        return;
    }
    if (!st->long_data) {
        st->long_data = calloc(st->nparams, sizeof *st->long_data);
        if (!st->long_data)
            goto oom;
    }
    proto_buf *b = &st->long_data[param];
    if (b->len + len > c->sess->max_allowed_packet) {
        st->err_code = 1105;
        snprintf(st->err_msg, sizeof st->err_msg,
                 "Parameter of prepared statement which is set through mysql_send_long_data() "
                 "is longer than 'max_long_data_size' bytes");
        return;
    }
    if (proto_buf_put(b, data, len))
        goto oom;
    st->has_long[param] = 1;
    st->has_long_any = true;
    return;
oom:
    st->err_code = 1041;
    snprintf(st->err_msg, sizeof st->err_msg, "Out of memory.");
}

void srv_stmt_close(srv_conn *c, const uint8_t *p, size_t n)
{
    bool whole;
    uint32_t id = stmt_id_of(p, n, &whole);
    if (!whole)
        return;
    if (id == LAST_STMT_ID) {
        if (!c->stmt_last_id)
            return;
        id = c->stmt_last_id;
    }
    bool found;
    size_t i = find_index(c, id, &found);
    if (!found)
        return;
    stmt_free(c->stmts[i]);
    memmove(&c->stmts[i], &c->stmts[i + 1], (c->nstmts - i - 1) * sizeof *c->stmts);
    c->nstmts--;
    if (c->stmt_last_id == id)
        c->stmt_last_id = 0;
    if (c->nstmts == 0 && c->stmts_cap > 64) {
        free(c->stmts);
        c->stmts = NULL;
        c->stmts_cap = 0;
    }
}

void srv_stmt_reset(srv_conn *c, const uint8_t *p, size_t n)
{
    bool whole;
    uint32_t id = stmt_id_of(p, n, &whole);
    srv_stmt *st = whole ? find_stmt(c, id) : NULL;
    if (!st) {
        unknown_stmt(c, id, "mysqld_stmt_reset");
        return;
    }
    clear_long_data(st);
    srv_cursor_free(st->cur);
    st->cur = NULL;
    st->err_code = 0;
    c->sess->nwarnings = 0;
    c->sess->warn_count = 0;
    srv_write_ok(c, 0, 0, srv_session_status(c), 0, NULL);
}

void srv_stmt_fetch(srv_conn *c, const uint8_t *p, size_t n)
{
    bool whole;
    uint32_t id = stmt_id_of(p, n, &whole);
    srv_stmt *st = whole ? find_stmt(c, id) : NULL;
    if (!st) {
        unknown_stmt(c, id, "mysqld_stmt_fetch");
        return;
    }
    if (!st->cur) {
        stmt_error(c, 1421, "HY000", "The statement (%u) has no open cursor", id);
        return;
    }
    /* (MariaDB reads a row count the packet lacks from past its end: all rows, here) */
    uint32_t want = n >= 9 ? (uint32_t)(p[5] | p[6] << 8 | p[7] << 16 | (uint32_t)p[8] << 24)
                           : UINT32_MAX;
    bool last;
    if (srv_cursor_fetch(c, st->cur, want, &last)) {
        c->sink_failed = true;
        srv_conn_close(c, SRV_CLOSE_NOW);
        return;
    }
    /* the warnings stay those of the EXECUTE; the EOF counts none */
    uint16_t status = srv_session_status(c);
    if (last) {
        srv_cursor_free(st->cur);
        st->cur = NULL;
        status |= SERVER_STATUS_LAST_ROW_SENT;
    } else {
        status |= SERVER_STATUS_CURSOR_EXISTS;
    }
    srv_write_end(c, 0, status);
}
