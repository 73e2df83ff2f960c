/* command.c - the command phase: one COM_* packet in, its reply packets out.
 *
 * Every reply starts at the request's sequence id + 1 (c->seq, set by conn.c from the
 * framer). Statements go to the engine with a sink (below) that turns each outcome into
 * packets: column count + definitions (+ EOF unless CLIENT_DEPRECATE_EOF), text rows
 * (binary rows for COM_STMT_EXECUTE, whose handling is in stmt.c), then EOF or an OK
 * with the 0xfe header; OK; ERR. What MariaDB 10.11 answers to the
 * other commands was checked against a real server (see tests/integration).
 *
 * Statements run inline on the loop thread: WordPress's statements take microseconds,
 * and a thread hop would cost more than it saves. A COM_QUERY whose shape (its text
 * with literals blanked, hashed: srv_sql_digest) ran longer than OFFLOAD_US before runs on
 * the libuv thread pool instead (uv_queue_work): the connection stops reading, the
 * worker runs pdb_exec_query with the same sink (c->out is the worker's meanwhile;
 * whole packets go to the loop through off_q, see conn.c), and the job's then finishes
 * the command on the loop. So one slow search or report does not stall the other
 * connections of its loop. The engine also answers PDB_EXEC_MOVE for a statement run
 * inline that finds the store lock busy (a loop never blocks on it) or that passes its
 * time slice (a plain SELECT, from its first run): the same worker runs it again.
 */
#include "server/server.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


/* --------------------------------------------------------------- helpers */

uint16_t srv_session_status(const srv_conn *c)
{
    uint16_t st = 0;
    const pdb_session *s = c->sess;
    if (!s)
        return SERVER_STATUS_AUTOCOMMIT;
    if (s->autocommit)
        st |= SERVER_STATUS_AUTOCOMMIT;
    if (s->in_trans)
        st |= SERVER_STATUS_IN_TRANS;
    if (s->sql_mode & MODE_NO_BACKSLASH_ESCAPES)
        st |= SERVER_STATUS_NO_BACKSLASH_ESCAPES;
    return st;
}

void srv_write_err(srv_conn *c, uint16_t code, const char *state, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (proto_write_err(&c->out, &c->seq, c->caps, code, state, msg))
        c->sink_failed = true;
    c->last_err = code;
    c->replied = true;
}

void srv_write_ok(srv_conn *c, uint64_t affected, uint64_t insert_id, uint16_t status,
                  uint16_t warnings, const char *info)
{
    proto_ok ok = { affected, insert_id, status, warnings, info, NULL, 0 };
    if (c->sess) ok.state = pdb_session_track_take(c->sess, &ok.state_len);
    if (proto_write_ok(&c->out, &c->seq, c->caps, &ok, 0))
        c->sink_failed = true;
    c->replied = true;
}

/* EOF, or OK with the 0xfe header for CLIENT_DEPRECATE_EOF clients. */
void srv_write_end(srv_conn *c, uint16_t warnings, uint16_t status)
{
    int rc;
    if (c->caps & CLIENT_DEPRECATE_EOF) {
        proto_ok ok = { 0, 0, status, warnings, NULL, NULL, 0 };
        rc = proto_write_ok(&c->out, &c->seq, c->caps, &ok, 1);
    } else {
        rc = proto_write_eof(&c->out, &c->seq, warnings, status);
    }
    if (rc)
        c->sink_failed = true;
    c->replied = true;
}

void srv_session_apply(srv_conn *c)
{
    pdb_session *s = c->sess;
    s->kill = &c->kill_req;              /* the engine's statements check it (KILL) */
    s->client_caps = c->caps;
    s->client_found_rows = (c->caps & CLIENT_FOUND_ROWS) != 0;
    if (!s->max_allowed_packet)
        s->max_allowed_packet = srv_cfg.max_allowed_packet;
    if (c->caps & CLIENT_INTERACTIVE)
        s->wait_timeout = srv_cfg.interactive_timeout;
    else if (!s->wait_timeout)
        s->wait_timeout = srv_cfg.wait_timeout;
}

/* ------------------------------------------------------------------ sink */

/* Non-zero stops the statement: the connection broke or was killed. */
static int sink_stop(srv_conn *c)
{
    if (c->sink_failed || c->closing)
        return 1;
    if (atomic_load(&c->kill_req)) {
        c->killed_stop = true;
        return 1;
    }
    return 0;
}

/* After a statement's last packet: a kill stops only the statements that follow (the
 * client was told MORE_RESULTS, so the ERR that exec_end writes is the next result);
 * a finished single statement is left alone. */
static int sink_after(srv_conn *c, uint16_t status)
{
    if (c->sink_failed || c->closing)
        return 1;
    if ((status & PDB_ST_MORE_RESULTS) && atomic_load(&c->kill_req)) {
        c->killed_stop = true;
        return 1;
    }
    return 0;
}

static int put_coldef(srv_conn *c, const pdb_colmeta *m)
{
    proto_coldef d = {
        .schema = m->schema, .table = m->table, .org_table = m->org_table,
        .name = m->name, .org_name = m->org_name, .charset = m->charset,
        .length = m->length, .type = m->type, .flags = m->flags, .decimals = m->decimals,
        .ext_meta = (c->ext_caps & MARIADB_CLIENT_EXTENDED_METADATA) != 0, .format = m->format,
    };
    return proto_write_coldef(&c->out, &c->seq, &d);
}

int srv_write_coldefs(srv_conn *c, const pdb_colmeta *cols, size_t n)
{
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++)
        rc = put_coldef(c, &cols[i]);
    if (!rc && !(c->caps & CLIENT_DEPRECATE_EOF))
        rc = proto_write_eof(&c->out, &c->seq, 0, srv_session_status(c));
    if (rc) {
        c->sink_failed = true;
        return -1;
    }
    return 0;
}

static bool is_numeric_type(uint8_t t)
{
    switch (t) {
    case MYSQL_TYPE_DECIMAL: case MYSQL_TYPE_TINY: case MYSQL_TYPE_SHORT: case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_FLOAT: case MYSQL_TYPE_DOUBLE: case MYSQL_TYPE_LONGLONG: case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_NEWDECIMAL:
        return true;
    default:
        return false;
    }
}

/* A cursor's column as MariaDB describes it: a column of the temporary table its rows are
 * materialised in (Materialized_cursor), named after the item (also as org_name), without
 * key, AUTO_INCREMENT, TIMESTAMP and ON UPDATE flags, NULL typed as a string, numbers
 * without BINARY_FLAG, binary strings without UNSIGNED_FLAG, blobs with BLOB_FLAG, strings
 * without the "not fixed" decimals. (Not modelled: a grouped query's items, which keep
 * an empty org_name; a windowed query's columns losing NOT_NULL_FLAG; MIN/MAX of a column keeping its table and flags; GROUP_CONCAT's and
 * YEAR()'s lengths.) */
static void cursor_meta(pdb_colmeta *m)
{
    m->org_name = m->name;
    m->flags &= (uint16_t)~(PRI_KEY_FLAG | UNIQUE_KEY_FLAG | MULTIPLE_KEY_FLAG | AUTO_INCREMENT_FLAG |
                            TIMESTAMP_FLAG | ON_UPDATE_NOW_FLAG | PART_KEY_FLAG);
    if (m->type == MYSQL_TYPE_NULL) {
        m->type = MYSQL_TYPE_STRING;
        return;
    }
    if (is_numeric_type(m->type)) {
        m->flags &= (uint16_t)~BINARY_FLAG;
        return;
    }
    bool blob = m->type >= MYSQL_TYPE_TINY_BLOB && m->type <= MYSQL_TYPE_BLOB;
    bool str = blob || m->type == MYSQL_TYPE_VARCHAR || m->type == MYSQL_TYPE_VAR_STRING ||
               m->type == MYSQL_TYPE_STRING;
    if (!str)
        return;
    if (m->decimals == 39)
        m->decimals = 0;
    if (blob)
        m->flags |= BLOB_FLAG;
    if (m->charset == 63)
        m->flags &= (uint16_t)~UNSIGNED_FLAG;
}

static int sink_columns(void *ctx, const pdb_colmeta *cols, size_t n)
{
    srv_conn *c = ctx;
    if (sink_stop(c))
        return 1;
    if (n > c->cols_cap) {
        size_t cap = n < 16 ? 16 : n;
        pdb_colmeta *nc = realloc(c->cols, cap * sizeof *nc);
        if (!nc) {
            c->sink_failed = true;
            return 1;
        }
        c->cols = nc;
        c->cols_cap = (uint32_t)cap;
    }
    if (n)
        memcpy(c->cols, cols, n * sizeof *cols);
    c->ncols = (uint32_t)n;
    c->replied = true;
    c->in_result = true;
    if (c->cur_fill) {
        for (size_t i = 0; i < n; i++)
            cursor_meta(&c->cols[i]);
        cols = c->cols;
    }
    if (!c->field_list) {
        if (proto_write_column_count(&c->out, &c->seq, n) || srv_write_coldefs(c, cols, n)) {
            c->sink_failed = true;
            return 1;
        }
        /* The EOF's status gets MORE_RESULTS only at end(): remember where to patch it. */
        if (!(c->caps & CLIENT_DEPRECATE_EOF))
            c->eof_patch = c->out.len - 2 + 1;
        return 0;
    }
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        size_t start = c->out.len;
        rc = put_coldef(c, &cols[i]);
        if (!rc) {
            /* COM_FIELD_LIST definitions carry the column default (lenenc; NULL here:
             * the engine's metadata has no default). Appended to the packet just
             * written, whose length is below 0xffffff. */
            rc = proto_buf_put_u8(&c->out, 0xfb);
            if (!rc) {
                uint8_t *h = c->out.data + start;
                uint32_t len = (uint32_t)h[0] | (uint32_t)h[1] << 8 | (uint32_t)h[2] << 16;
                len++;
                h[0] = (uint8_t)len;
                h[1] = (uint8_t)(len >> 8);
                h[2] = (uint8_t)(len >> 16);
            }
        }
    }
    if (rc) {
        c->sink_failed = true;
        return 1;
    }
    return 0;
}

static int sink_row(void *ctx, const pdb_value *vals, size_t n)
{
    srv_conn *c = ctx;
    if (sink_stop(c))
        return 1;
    static const pdb_colmeta none;
    size_t off;
    int rc = proto_pkt_begin(&c->out, &off);
    for (size_t i = 0; i < n && !rc; i++) {
        const pdb_value *v = &vals[i];
        if (v->t == VT_NULL) {
            rc = proto_buf_put_u8(&c->out, 0xfb);
            continue;
        }
        char buf[PDB_VALUE_TEXT_MAX];
        const char *text = buf;
        size_t len = pdb_value_text(v, i < c->ncols ? &c->cols[i] : &none, buf, sizeof buf, &text);
        rc = proto_buf_put_lenenc_str(&c->out, text, len);
    }
    if (!rc)
        rc = proto_pkt_end(&c->out, off, &c->seq);
    if (rc) {
        c->sink_failed = true;
        return 1;
    }
    if (c->out.len >= SRV_FLUSH_AT && srv_conn_flush(c)) {
        c->sink_failed = true;
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------- binary rows */

#define SRV_BTEXT PDB_VALUE_TEXT_MAX                   /* formatting room per cell (pdb_value_text) */

/* "[-][D ]H:MM:SS[.ffffff]" (the text form of a TIME) -> signed microseconds. */
static int64_t parse_time_text(const char *s, size_t n)
{
    size_t i = 0;
    bool neg = false;
    while (i < n && s[i] == ' ')
        i++;
    if (i < n && s[i] == '-') {
        neg = true;
        i++;
    }
    uint64_t part[3] = { 0, 0, 0 }, days = 0, us = 0;
    int k = 0;
    for (; i < n; i++) {
        char ch = s[i];
        if (ch >= '0' && ch <= '9') {
            if (part[k] < 100000000)
                part[k] = part[k] * 10 + (uint64_t)(ch - '0');
        } else if (ch == ' ' && k == 0) {
            days = part[0];
            part[0] = 0;
        } else if (ch == ':' && k < 2) {
            k++;
        } else if (ch == '.') {
            int digits = 0;
            for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
                if (digits++ < 6)
                    us = us * 10 + (uint64_t)(s[i] - '0');
            for (; digits < 6; digits++)
                us *= 10;
            break;
        } else {
            break;
        }
    }
    uint64_t t = (((days * 24 + part[0]) * 60 + part[1]) * 60 + part[2]) * 1000000 + us;
    return neg ? -(int64_t)t : (int64_t)t;
}

/* One result cell in the binary protocol form of its column's type. */
static void binary_cell(proto_value *o, const pdb_value *v, const pdb_colmeta *m, char *buf)
{
    memset(o, 0, sizeof *o);
    o->type = m->type;
    if (v->t == VT_NULL) {
        o->is_null = 1;
        return;
    }
    switch (m->type) {
    case MYSQL_TYPE_NULL:
        o->is_null = 1;
        return;
    case MYSQL_TYPE_TINY:
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_LONGLONG:
    case MYSQL_TYPE_YEAR:
        o->is_unsigned = (m->flags & UNSIGNED_FLAG) != 0;
        if (v->t == VT_UINT) {
            o->u = v->u;
        } else if (o->is_unsigned && v->t != VT_INT && pdb_value_double(v) >= 9223372036854775808.0) {
            double d = pdb_value_double(v);
            o->u = d >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)d;
        } else {
            o->u = (uint64_t)pdb_value_int(v);
        }
        o->i = (int64_t)o->u;
        return;
    case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE:
        o->d = pdb_value_double(v);
        return;
    case MYSQL_TYPE_DATE:
    case MYSQL_TYPE_DATETIME:
    case MYSQL_TYPE_TIMESTAMP:
    case MYSQL_TYPE_NEWDATE: {
        int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, us = 0;
        if (pdb_value_datetime(v, &y, &mo, &d, &h, &mi, &sec, &us) != 0) {
            /* Not a date value: through its text form (zero date if that fails too). */
            const char *txt = buf;
            size_t len = pdb_value_text(v, m, buf, SRV_BTEXT, &txt);
            pdb_value sv = { .t = VT_STRING, .coll = 63, .len = (uint32_t)len, .p = txt };
            if (pdb_value_datetime(&sv, &y, &mo, &d, &h, &mi, &sec, &us) != 0)
                y = mo = d = h = mi = sec = us = 0;
        }
        if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || sec < 0 || us < 0 ||
            y > 9999 || mo > 99 || d > 99 || h > 99 || mi > 99 || sec > 99 || us > 999999)
            y = mo = d = h = mi = sec = us = 0;
        if (m->type == MYSQL_TYPE_NEWDATE)
            o->type = MYSQL_TYPE_DATE;
        o->t.year = (unsigned)y;
        o->t.month = (unsigned)mo;
        o->t.day = (unsigned)d;
        o->t.hour = (unsigned)h;
        o->t.minute = (unsigned)mi;
        o->t.second = (unsigned)sec;
        o->t.microsecond = (uint32_t)us;
        return;
    }
    case MYSQL_TYPE_TIME: {
        int64_t t;
        if (v->t == VT_TIME) {
            t = v->i;
        } else {
            const char *txt = buf;
            size_t len = pdb_value_text(v, m, buf, SRV_BTEXT, &txt);
            t = parse_time_text(txt, len);
        }
        uint64_t a = t < 0 ? (uint64_t)0 - (uint64_t)t : (uint64_t)t;
        o->t.neg = t < 0;
        o->t.microsecond = (uint32_t)(a % 1000000);
        a /= 1000000;
        o->t.second = (unsigned)(a % 60);
        a /= 60;
        o->t.minute = (unsigned)(a % 60);
        a /= 60;
        o->t.hour = (unsigned)(a % 24);
        a /= 24;
        o->t.day = a > 0xffffffffu ? 0xffffffffu : (unsigned)a;
        return;
    }
    default: {
        /* Strings, DECIMAL, BIT, ENUM/SET, JSON, GEOMETRY: their text form. */
        const char *txt = buf;
        size_t len = pdb_value_text(v, m, buf, SRV_BTEXT, &txt);
        o->str = (const uint8_t *)txt;
        o->len = len;
        if (m->type != MYSQL_TYPE_DECIMAL && m->type != MYSQL_TYPE_NEWDECIMAL &&
            m->type != MYSQL_TYPE_BIT && m->type != MYSQL_TYPE_JSON &&
            m->type != MYSQL_TYPE_ENUM && m->type != MYSQL_TYPE_SET &&
            m->type != MYSQL_TYPE_GEOMETRY && m->type != MYSQL_TYPE_VARCHAR &&
            (m->type < MYSQL_TYPE_TINY_BLOB || m->type > MYSQL_TYPE_STRING))
            o->type = MYSQL_TYPE_VAR_STRING; /* a type the binary protocol has no form for */
        return;
    }
    }
}

static int sink_row_binary(void *ctx, const pdb_value *vals, size_t n)
{
    srv_conn *c = ctx;
    if (sink_stop(c))
        return 1;
    if (n > c->bvals_cap) {
        size_t cap = n < 16 ? 16 : n;
        proto_value *nv = realloc(c->bvals, cap * sizeof *nv);
        if (nv)
            c->bvals = nv;
        char *nt = nv ? realloc(c->btext, cap * SRV_BTEXT) : NULL;
        if (nt)
            c->btext = nt;
        if (!nv || !nt) {
            c->sink_failed = true;
            return 1;
        }
        c->bvals_cap = (uint32_t)cap;
    }
    static const pdb_colmeta none = { .type = MYSQL_TYPE_VAR_STRING };
    for (size_t i = 0; i < n; i++)
        binary_cell(&c->bvals[i], &vals[i], i < c->ncols ? &c->cols[i] : &none,
                    c->btext + i * SRV_BTEXT);
    if (c->cur_fill) {
        uint8_t seq = 0;
        if (proto_write_binary_row(srv_cursor_buf(c->cur_fill), &seq, c->bvals, n) ||
            srv_cursor_row_done(c->cur_fill)) {
            c->sink_failed = true;
            return 1;
        }
        return 0;
    }
    if (proto_write_binary_row(&c->out, &c->seq, c->bvals, n)) {
        c->sink_failed = true;
        return 1;
    }
    if (c->out.len >= SRV_FLUSH_AT && srv_conn_flush(c)) {
        c->sink_failed = true;
        return 1;
    }
    return 0;
}

static int sink_end(void *ctx, uint16_t warnings, uint16_t status)
{
    srv_conn *c = ctx;
    if (c->sink_failed || c->closing)
        return 1;
    uint16_t st = status | srv_session_status(c);
    if (c->cur_fill) {
        /* the rows stay with the cursor; the column definitions end with the statement's
           warnings and CURSOR_EXISTS, and nothing follows them */
        st |= SERVER_STATUS_CURSOR_EXISTS;
        if (srv_cursor_finish(c->cur_fill)) {
            c->sink_failed = true;
            return 1;
        }
        c->cur_opened = true;
    }
    if (c->eof_patch) {
        size_t at = c->eof_patch - 1;
        c->out.data[at] = (uint8_t)st;
        c->out.data[at + 1] = (uint8_t)(st >> 8);
        if (c->cur_fill) {
            c->out.data[at - 2] = (uint8_t)warnings;
            c->out.data[at - 1] = (uint8_t)(warnings >> 8);
        }
        c->eof_patch = 0;
    }
    if (!c->cur_fill || (c->caps & CLIENT_DEPRECATE_EOF))
        srv_write_end(c, warnings, st);
    c->in_result = false;
    return sink_after(c, st);
}

static int sink_ok(void *ctx, uint64_t affected, uint64_t insert_id, uint16_t warnings,
                   uint16_t status, const char *info)
{
    srv_conn *c = ctx;
    if (c->sink_failed || c->closing)
        return 1;
    srv_write_ok(c, affected, insert_id, status | srv_session_status(c), warnings, info);
    return sink_after(c, status);
}

static int sink_error(void *ctx, uint16_t code, const char *sqlstate, const char *msg)
{
    srv_conn *c = ctx;
    if (c->sink_failed || c->closing)
        return 1;
    if (code == 1927 && atomic_load(&c->kill_req) == 2) {
        /* KILL CONNECTION stopped the statement: as MariaDB, the victim is sent nothing */
        c->killed_stop = true;
        return 1;
    }
    c->eof_patch = 0;
    c->in_result = false;
    char conv[1024];
    if (c->sess) {
        size_t dropped;   /* (a failed statement's state changes are not reported) */
        (void)pdb_session_track_take(c->sess, &dropped);
        msg = pdb_message_for_client(c->sess, msg, conv, sizeof conv);
    }
    srv_write_err(c, code, sqlstate, "%s", msg ? msg : "");
    return c->sink_failed ? 1 : 0;
}

void srv_cmd_sink(srv_conn *c, pdb_sink *sink)
{
    sink->ctx = c;
    sink->columns = sink_columns;
    sink->row = sink_row;
    sink->end = sink_end;
    sink->ok = sink_ok;
    sink->error = sink_error;
}

void srv_cmd_sink_binary(srv_conn *c, pdb_sink *sink)
{
    srv_cmd_sink(c, sink);
    sink->row = sink_row_binary;
}

/* Before and after running something through the sink. */
void srv_exec_begin(srv_conn *c)
{
    c->replied = false;
    c->last_err = 0;
    c->in_result = false;
    c->killed_stop = false;
    c->eof_patch = 0;
}

void srv_exec_end(srv_conn *c)
{
    if (c->closing)
        return;
    if (c->killed_stop) {
        uint8_t k = atomic_exchange(&c->kill_req, 0);
        if (k == 2) {
            srv_conn_close(c, SRV_CLOSE_NOW);
            return;
        }
        srv_write_err(c, 1317, "70100", "Query execution was interrupted");
    } else if (c->last_err == 1927) {
        /* KILL of the own connection (engine/exec.c do_kill): closed after the error */
        srv_conn_close(c, SRV_CLOSE_LINGER);
        return;
    } else if (c->in_result) {
        /* The engine ended without end(): terminate the result set. */
        srv_write_end(c, 0, srv_session_status(c));
    } else if (!c->replied) {
        srv_write_ok(c, 0, 0, srv_session_status(c), 0, NULL);
    }
    c->in_result = false;
    c->field_list = false;
    if (c->sink_failed)
        srv_conn_close(c, SRV_CLOSE_NOW);
    if (c->ncols > 64 && c->cols_cap > 64) {
        free(c->cols);
        c->cols = NULL;
        c->cols_cap = c->ncols = 0;
    }
    if (c->bvals_cap > 64) {
        free(c->bvals);
        free(c->btext);
        c->bvals = NULL;
        c->btext = NULL;
        c->bvals_cap = 0;
    }
}

/* ------------------------------------------------------------- commands */

/* ---- offloading (see the file comment) ---- */

#define DIGEST_SLOTS 4096                /* the threshold: srv_cfg.offload_us (--offload-us) */

pthread_mutex_t srv_off_mu = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t srv_off_cv = PTHREAD_COND_INITIALIZER;
static _Atomic uint64_t dig_key[DIGEST_SLOTS];
static _Atomic uint32_t dig_us[DIGEST_SLOTS];   /* the shape's last run time */

/* A hash of the statement with numbers and quoted strings blanked (its first 4 KiB);
 * *sleeps: it calls SLEEP(). */
static void offload_work(uv_work_t *w);
static void offload_after(uv_work_t *w, int status);
static void cmd_field_list(srv_conn *c, const uint8_t *p, size_t n);
static void cmd_reset_connection(srv_conn *c);

/* bytes srv_sql_digest looks at: quotes, digits and '(' (after SLEEP); the rest is only hashed */
static const uint8_t digest_special[256] = {
    ['\''] = 1, ['"'] = 1, ['('] = 1,
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
};

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* Has the word a byte equal to c? (exact for "any") */
static inline uint64_t word_has(uint64_t w, uint8_t c)
{
    uint64_t v = w ^ (ONES * c);
    return (v - ONES) & ~v & HIGHS;
}

/* Has the word a special byte of srv_sql_digest? (a digit: 0x30..0x39; bytes >= 0x80 never) */
static inline bool word_special(uint64_t w)
{
    uint64_t lo7 = w & ~HIGHS;
    uint64_t digit = ((lo7 + ONES * (0x80 - 0x30)) & ~(lo7 + ONES * (0x80 - 0x3a)) & ~w & HIGHS);
    return (digit | word_has(w, '\'') | word_has(w, '"') | word_has(w, '(')) != 0;
}

/* A byte of an unquoted name (letters, digits, '_', '$', UTF-8) */
static inline bool name_byte(uint8_t b)
{
    return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_' || b == '$' || b >= 0x80;
}

/* Eight plain bytes are hashed as one word, others one by one: statements that differ
 * only in their literals still meet the same runs of plain bytes, so they hash alike.
 * A number (digits and the letters and points after them: 1.5, 1e5, 0x1F) hashes as '?';
 * digits inside a name (wp_2_posts, t1) are the name's own. */
uint64_t srv_sql_digest(const uint8_t *p, size_t n, bool *sleeps)
{
    uint64_t h = 1469598103934665603ull;
    *sleeps = false;
    if (n > 4096)
        n = 4096;
    for (size_t i = 0; i < n; i++) {
        if (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, p + i, 8);
            if (!word_special(w)) {
                h = (h ^ w) * 0x9e3779b97f4a7c15ull;
                h ^= h >> 29;
                i += 7;
                continue;
            }
        }
        uint8_t ch = p[i];
        if (!digest_special[ch]) {
            h = (h ^ ch) * 1099511628211ull;
            continue;
        }
        if (ch == '(' && i >= 5 && !strncasecmp((const char *)p + i - 5, "sleep", 5))
            *sleeps = true;
        if (ch == '\'' || ch == '"') {
            size_t j = i + 1;
            const uint8_t *q = j < n ? memchr(p + j, ch, n - j) : NULL;
            if (q && !memchr(p + j, '\\', (size_t)(q - p) - j))
                j = (size_t)(q - p);            /* no backslash before the closing quote */
            else
                while (j < n && p[j] != ch) j += p[j] == '\\' ? 2 : 1;
            i = j;
            ch = '?';
        } else if (ch >= '0' && ch <= '9') {
            if (i && name_byte(p[i - 1])) {   /* wp_2_posts: the rest of the name as it is */
                while (i + 1 < n && name_byte(p[i + 1])) {
                    h = (h ^ ch) * 1099511628211ull;
                    ch = p[++i];
                }
            } else {
                while (i + 1 < n && (name_byte(p[i + 1]) || p[i + 1] == '.')) i++;
                ch = '?';
            }
        }
        h = (h ^ ch) * 1099511628211ull;
    }
    return h | 1;
}

static void digest_note(uint64_t d, uint64_t us)
{
    uint32_t slot = (uint32_t)(d >> 20) & (DIGEST_SLOTS - 1);
    atomic_store_explicit(&dig_key[slot], d, memory_order_relaxed);
    atomic_store_explicit(&dig_us[slot], us > UINT32_MAX ? UINT32_MAX : (uint32_t)us, memory_order_relaxed);
}

static bool digest_slow(uint64_t d)
{
    uint32_t slot = (uint32_t)(d >> 20) & (DIGEST_SLOTS - 1);
    if (srv_cfg.offload_us == 0)
        return true;
    return atomic_load_explicit(&dig_key[slot], memory_order_relaxed) == d &&
           atomic_load_explicit(&dig_us[slot], memory_order_relaxed) >= srv_cfg.offload_us;
}

/* The job runs on a libuv worker (a thread that may block on the store lock); then
 * finishes it on the loop. The connection stops reading meanwhile; the worker owns the
 * session and c->out (conn.c hands its packets over). The job's bytes (a statement or a
 * packet, copied) are in off_sql until then has run. False: no worker took it. */
static bool offload(srv_conn *c, const uint8_t *p, size_t n, void (*run)(srv_conn *),
                    void (*then)(srv_conn *))
{
    assert(!c->offloaded);
    c->off_sql = malloc(n ? n : 1);
    if (!c->off_sql)
        return false;
    if (n)
        memcpy(c->off_sql, p, n);
    c->off_len = n;
    c->off_run = run;
    c->off_then = then;
    c->offloaded = true;
    c->paused = true;
    if (c->reading) {
        uv_read_stop(&c->io.s);
        c->reading = false;
    }
    c->work.data = c;
    if (uv_queue_work(&c->lp->loop, &c->work, offload_work, offload_after) == 0)
        return true;
    c->offloaded = false;
    c->paused = false;
    free(c->off_sql);
    c->off_sql = NULL;
    return false;
}

static void offload_work(uv_work_t *w)
{
    srv_conn *c = w->data;
    srv_on_worker = true;
    c->off_run(c);
    srv_on_worker = false;
}

static void offload_after(uv_work_t *w, int status)
{
    srv_conn *c = w->data;
    (void)status;
    srv_conn_take_offloaded(c);
    c->offloaded = false;
    uint8_t *job = c->off_sql;          /* then reads it; it may start another job */
    if (c->close_pending) {
        c->close_pending = false;
        srv_conn_close(c, SRV_CLOSE_NOW);
    } else if (!c->closing) {
        c->off_then(c);
    }
    if (c->off_sql == job)
        c->off_sql = NULL;
    free(job);
}

/* ---- jobs ---- */

/* A statement's clock: on a worker the thread's CPU time, so a shape is slow by its own
 * work, not by the queue for a worker or a wait for the store lock there, which under load
 * would keep every shape that once went to a worker on one; on a loop the wall clock (the
 * loop could block on neither: it moves). */
uint64_t srv_exec_clock_ns(void)
{
    if (!srv_on_worker)
        return uv_hrtime();
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void run_query(srv_conn *c)
{
    pdb_sink sink;
    srv_cmd_sink(c, &sink);
    uint64_t t0 = srv_exec_clock_ns();
    c->off_rc = pdb_exec_query(c->sess, (const char *)c->off_sql, c->off_len, c->multi, &sink);
    c->off_exec_ns += srv_exec_clock_ns() - t0;
}

/* The rest of a COM_QUERY that moved from the loop (PDB_EXEC_MOVE: s->resume). */
static void run_resume(srv_conn *c)
{
    pdb_sink sink;
    srv_cmd_sink(c, &sink);
    uint64_t t0 = srv_exec_clock_ns();
    c->off_rc = pdb_exec_resume(c->sess, &sink);
    c->off_exec_ns += srv_exec_clock_ns() - t0;
}

static void query_done(srv_conn *c)
{
    assert(c->off_rc != PDB_EXEC_MOVE);  /* a worker may block: nothing moves further */
    digest_note(c->off_digest, c->off_exec_ns / 1000);
    if (c->off_rc == PDB_EXEC_WAIT) {
        srv_conn_wait(c, SRV_WAIT_QUERY, NULL, 0);
        return;
    }
    if (c->off_rc == PDB_EXEC_INFILE && srv_infile_start(c)) {
        srv_conn_resume(c);             /* (the file's packets) */
        return;
    }
    srv_exec_end(c);
    srv_cmd_after(c);
    srv_conn_resume(c);
    srv_conn_check_kills(c->lp);
}

/* A command that met a busy store lock on the loop runs again on the worker. */
static void run_packet(srv_conn *c)
{
    const uint8_t *p = c->off_sql;
    size_t n = c->off_len;
    c->off_rc = 0;
    switch (p[0]) {
    case COM_FIELD_LIST:
        cmd_field_list(c, p, n);
        break;
    case COM_RESET_CONNECTION:
        cmd_reset_connection(c);
        break;
    case COM_STMT_PREPARE:
        srv_stmt_prepare(c, p, n);
        break;
    case COM_STMT_EXECUTE:
        srv_stmt_execute(c, p, n);      /* off_rc = PDB_EXEC_WAIT for a row lock wait */
        break;
    default:
        assert(!"a command that does not move");
    }
}

static void packet_done(srv_conn *c)
{
    if (c->off_rc == PDB_EXEC_WAIT) {
        srv_conn_wait(c, SRV_WAIT_EXECUTE, c->off_sql, c->off_len);
        return;
    }
    srv_cmd_after(c);
    srv_conn_resume(c);
    srv_conn_check_kills(c->lp);
}

void srv_cmd_move(srv_conn *c, const uint8_t *p, size_t n)
{
    if (!offload(c, p, n, run_packet, packet_done)) {
        srv_write_err(c, 1041, "HY000", "Out of memory.");
        srv_exec_end(c);
    }
}

void srv_cmd_move_resume(srv_conn *c)
{
    if (!offload(c, NULL, 0, run_resume, query_done)) {
        srv_write_err(c, 1041, "HY000", "Out of memory.");
        srv_exec_end(c);
        srv_cmd_after(c);
    }
}

static void run_rollback(srv_conn *c)
{
    pdb_session_rollback(c->sess);
}

bool srv_cmd_rollback_then(srv_conn *c, void (*then)(srv_conn *))
{
    return offload(c, NULL, 0, run_rollback, then);
}

static void cmd_query(srv_conn *c, const uint8_t *p, size_t n)
{
    pdb_sink sink;
    srv_cmd_sink(c, &sink);
    srv_exec_begin(c);
    bool sleeps;                        /* SLEEP() is slow by design: a worker at once */
    uint64_t d = srv_sql_digest(p + 1, n - 1, &sleeps);
    c->off_digest = d;
    c->off_exec_ns = 0;
    if ((sleeps || digest_slow(d)) && offload(c, p + 1, n - 1, run_query, query_done))
        return;
    /* inline: a plain SELECT past the slice, or a statement the store lock would block,
       moves to a worker (PDB_EXEC_MOVE) */
    pdb_exec_slice_us = srv_cfg.offload_us;
    uint64_t t0 = srv_exec_clock_ns();
    int rc = pdb_exec_query(c->sess, (const char *)p + 1, n - 1, c->multi, &sink);
    c->off_exec_ns = srv_exec_clock_ns() - t0;
    pdb_exec_slice_us = 0;
    if (rc == PDB_EXEC_MOVE) {
        if (offload(c, NULL, 0, run_resume, query_done))
            return;
        srv_write_err(c, 1041, "HY000", "Out of memory.");
        rc = 0;
    }
    digest_note(d, c->off_exec_ns / 1000);
    if (rc == PDB_EXEC_WAIT) {
        srv_conn_wait(c, SRV_WAIT_QUERY, NULL, 0);
        return;
    }
    if (rc == PDB_EXEC_INFILE && srv_infile_start(c))
        return;                         /* the command goes on with the file's packets */
    srv_exec_end(c);
}

static void cmd_init_db(srv_conn *c, const uint8_t *p, size_t n)
{
    pdb_sink sink;
    srv_cmd_sink(c, &sink);
    srv_exec_begin(c);
    pdb_exec_init_db(c->sess, (const char *)p + 1, n - 1, &sink);
    srv_exec_end(c);
}

static void cmd_field_list(srv_conn *c, const uint8_t *p, size_t n)
{
    char table[PDB_NAME_LEN * 4], wild[PDB_NAME_LEN * 4];
    const uint8_t *q = p + 1, *end = p + n;
    const uint8_t *z = memchr(q, 0, (size_t)(end - q));
    size_t tlen = z ? (size_t)(z - q) : (size_t)(end - q);
    if (tlen >= sizeof table)
        tlen = sizeof table - 1;
    memcpy(table, q, tlen);
    table[tlen] = '\0';
    q = z ? z + 1 : end;
    size_t wlen = (size_t)(end - q);
    if (wlen && q[wlen - 1] == 0)
        wlen--;
    if (wlen >= sizeof wild)
        wlen = sizeof wild - 1;
    memcpy(wild, q, wlen);
    wild[wlen] = '\0';

    pdb_sink sink;
    srv_cmd_sink(c, &sink);
    srv_exec_begin(c);
    c->field_list = true;
    if (pdb_exec_field_list(c->sess, table, wild, &sink) == PDB_EXEC_MOVE) {
        c->field_list = false;
        srv_cmd_move(c, p, n);
        return;
    }
    srv_exec_end(c);
}

static void cmd_reset_connection(srv_conn *c)
{
    srv_stmt_free_all(c);
    pdb_session_reset(c->sess);
    srv_session_apply(c);
    srv_write_ok(c, 0, 0, srv_session_status(c), 0, NULL);
}

static void cmd_statistics(srv_conn *c)
{
    uint64_t up_ms = srv_now_ms() - srv_start_ms;
    uint64_t up = up_ms / 1000;
    uint64_t q = pdb_status_global(PDB_STAT_QUESTIONS);
    char text[256];
    int len = snprintf(text, sizeof text,
                       "Uptime: %llu  Threads: %u  Questions: %llu  Slow queries: %llu  Opens: %llu  "
                       "Open tables: 0  Queries per second avg: %.3f",
                       (unsigned long long)up, atomic_load(&srv_nconns), (unsigned long long)q,
                       (unsigned long long)pdb_status_global(PDB_STAT_SLOW_QUERIES),
                       (unsigned long long)pdb_status_global(PDB_STAT_OPENED_TABLES),
                       up ? (double)q / (double)up : (double)q);
    if (proto_write_packet(&c->out, &c->seq, text, (size_t)len))
        c->sink_failed = true;
}

static void cmd_kill(srv_conn *c, const uint8_t *p, size_t n)
{
    if (n < 5) {
        srv_write_err(c, 1047, "08S01", "Unknown command");
        return;
    }
    uint32_t id = (uint32_t)p[1] | (uint32_t)p[2] << 8 | (uint32_t)p[3] << 16 | (uint32_t)p[4] << 24;
    if (id == c->id) {
        srv_write_err(c, 1927, "70100", "Connection was killed");
        srv_conn_close(c, SRV_CLOSE_LINGER);
        return;
    }
    int rc = srv_kill(id, c->is_super ? NULL : c->user, false);
    if (rc == -1)
        srv_write_err(c, 1094, "HY000", "Unknown thread id: %u", id);
    else if (rc == -2)
        srv_write_err(c, 1095, "HY000", "You are not owner of thread %u", id);
    else
        srv_write_ok(c, 0, 0, srv_session_status(c), 0, NULL);
}

/* COM_PROCESS_INFO: the process list as MariaDB sends it (non-SUPER users see their
 * own connections only). */
static void cmd_process_info(srv_conn *c)
{
    static const struct { const char *name; uint16_t cs; uint32_t len; uint8_t type;
                          uint16_t flags; uint8_t dec; } cols[] = {
        { "Id", 63, 11, MYSQL_TYPE_LONGLONG, 0x81, 0 },
        { "User", 45, 512, MYSQL_TYPE_VAR_STRING, 0x01, 39 },
        { "Host", 45, 256, MYSQL_TYPE_VAR_STRING, 0x01, 39 },
        { "db", 45, 256, MYSQL_TYPE_VAR_STRING, 0x00, 39 },
        { "Command", 45, 64, MYSQL_TYPE_VAR_STRING, 0x01, 39 },
        { "Time", 63, 7, MYSQL_TYPE_LONG, 0x81, 0 },
        { "State", 45, 120, MYSQL_TYPE_VAR_STRING, 0x00, 39 },
        { "Info", 45, 400, MYSQL_TYPE_VAR_STRING, 0x00, 39 },
        { "Progress", 63, 7, MYSQL_TYPE_DOUBLE, 0x81, 3 },
    };
    size_t max = atomic_load(&srv_nconns) + 16;
    srv_proc *procs = malloc(max * sizeof *procs);
    if (!procs) {
        srv_write_err(c, 1041, "HY000", "Out of memory.");
        return;
    }
    size_t n = srv_processlist(procs, max);
    int rc = proto_write_column_count(&c->out, &c->seq, 9);
    for (size_t i = 0; i < 9 && !rc; i++) {
        proto_coldef d = { "", "", "", cols[i].name, "", cols[i].cs, cols[i].len,
                           cols[i].type, cols[i].flags, cols[i].dec,
                           (c->ext_caps & MARIADB_CLIENT_EXTENDED_METADATA) != 0, NULL };
        rc = proto_write_coldef(&c->out, &c->seq, &d);
    }
    uint16_t st = srv_session_status(c);
    if (!rc && !(c->caps & CLIENT_DEPRECATE_EOF))
        rc = proto_write_eof(&c->out, &c->seq, 0, st);
    for (size_t i = 0; i < n && !rc; i++) {
        srv_proc *p = &procs[i];
        bool self = p->id == c->id;
        if (!c->is_super && !self && strcmp(p->user, c->user) != 0)
            continue;
        char id[16], tm[16];
        snprintf(id, sizeof id, "%u", p->id);
        snprintf(tm, sizeof tm, "%u", self ? 0 : p->time);
        const char *cmd = self ? "Processlist" : p->command;
        const char *state = self ? "starting"
                          : !strcmp(p->command, "Connect") ? "Reading from net" : "";
        proto_cell cells[9] = {
            { id, strlen(id), 0 }, { p->user, strlen(p->user), 0 },
            { p->host, strlen(p->host), 0 }, { p->db, strlen(p->db), !p->db[0] },
            { cmd, strlen(cmd), 0 }, { tm, strlen(tm), 0 },
            { state, strlen(state), 0 }, { NULL, 0, 1 }, { "0.000", 5, 0 },
        };
        rc = proto_write_text_row(&c->out, &c->seq, cells, 9);
    }
    free(procs);
    if (rc)
        c->sink_failed = true;
    else
        srv_write_end(c, 0, st);
}

static void need_priv(srv_conn *c, const char *priv)
{
    pdb_status_add(c->sess, PDB_STAT_ACCESS_DENIED_ERRORS, 1);
    srv_write_err(c, 1227, "42000",
                  "Access denied; you need (at least one of) the %s privilege(s) for this "
                  "operation", priv);
}

/* The status counters of a command (a COM_QUERY's statements count in the engine):
 * Questions all but STATISTICS, PING and the prepared statements' PREPARE, CLOSE and
 * RESET; Queries those three too; each command's Com_* as MariaDB's dispatch_command. */
static void count_command(srv_conn *c, uint8_t cmd, int delta)
{
    static const struct { uint8_t cmd; pdb_stat com; } coms[] = {
        { COM_INIT_DB, PDB_STAT_COM_CHANGE_DB }, { COM_FIELD_LIST, PDB_STAT_COM_SHOW_FIELDS },
        { COM_PING, PDB_STAT_COM_ADMIN_COMMANDS }, { COM_STATISTICS, PDB_STAT_COM_SHOW_STATUS },
        { COM_PROCESS_KILL, PDB_STAT_COM_KILL }, { COM_PROCESS_INFO, PDB_STAT_COM_SHOW_PROCESSLIST },
        { COM_CHANGE_USER, PDB_STAT_COM_ADMIN_COMMANDS }, { COM_RESET_CONNECTION, PDB_STAT_COM_ADMIN_COMMANDS },
        { COM_SET_OPTION, PDB_STAT_COM_ADMIN_COMMANDS }, { COM_DEBUG, PDB_STAT_COM_ADMIN_COMMANDS },
        { COM_REFRESH, PDB_STAT_COM_FLUSH }, { COM_SHUTDOWN, PDB_STAT_COM_SHUTDOWN },
        { COM_STMT_PREPARE, PDB_STAT_COM_STMT_PREPARE }, { COM_STMT_EXECUTE, PDB_STAT_COM_STMT_EXECUTE },
        { COM_STMT_SEND_LONG_DATA, PDB_STAT_COM_STMT_SEND_LONG_DATA }, { COM_STMT_CLOSE, PDB_STAT_COM_STMT_CLOSE },
        { COM_STMT_RESET, PDB_STAT_COM_STMT_RESET }, { COM_STMT_FETCH, PDB_STAT_COM_STMT_FETCH },
    };
    if (cmd == COM_QUERY || cmd == COM_QUIT)
        return;
    for (size_t i = 0; i < sizeof coms / sizeof coms[0]; i++)
        if (coms[i].cmd == cmd)
            pdb_status_add(c->sess, coms[i].com, delta);
    if (cmd == COM_STATISTICS || cmd == COM_PING)
        return;
    pdb_status_add(c->sess, PDB_STAT_QUERIES, delta);
    if (cmd != COM_STMT_PREPARE && cmd != COM_STMT_CLOSE && cmd != COM_STMT_RESET)
        pdb_status_add(c->sess, PDB_STAT_QUESTIONS, delta);
}

void srv_cmd_uncount(srv_conn *c, uint8_t cmd) { count_command(c, cmd, -1); }

void srv_general_log_cmd(srv_conn *c, const uint8_t *p, size_t n)
{
    char file[SRV_PATH_MAX], *own = NULL;
    if (!n || !pdb_general_log_file(c->sess, file, sizeof file))
        return;
    const char *cmd, *arg = (const char *)p + 1;
    size_t len = n - 1;
    switch (p[0]) {
    case COM_QUIT: cmd = "Quit"; len = 0; break;
    case COM_QUERY: cmd = "Query"; break;
    case COM_INIT_DB: cmd = "Init DB"; break;
    case COM_STMT_PREPARE: cmd = "Prepare"; break;
    case COM_STATISTICS: cmd = "Statistics"; len = 0; break;
    case COM_PROCESS_INFO: cmd = "Processlist"; len = 0; break;
    case COM_REFRESH: cmd = "Refresh"; len = 0; break;
    case COM_STMT_CLOSE: cmd = "Close stmt"; len = 0; break;
    case COM_STMT_RESET: cmd = "Reset stmt"; len = 0; break;
    case COM_FIELD_LIST: {          /* "table wildcard" */
        size_t t = strnlen(arg, len);
        if (!(own = malloc(len + 2)))
            return;
        memcpy(own, arg, t);
        own[t] = ' ';
        memcpy(own + t + 1, arg + t + (t < len), len - t - (t < len));
        len = len + (t == len);
        arg = own;
        cmd = "Field List";
        break;
    }
    case COM_STMT_EXECUTE:
        if (!(own = srv_stmt_log_text(c, p, n, &len)))
            return;
        arg = own;
        cmd = "Execute";
        break;
    default:
        return;
    }
    srv_general_log(c->id, file, cmd, arg, len);
    free(own);
}

void srv_general_log_login(srv_conn *c, bool change_user, const char *user, const char *db, const char *err)
{
    char file[SRV_PATH_MAX], line[600];
    if (!pdb_general_log_file(change_user ? c->sess : NULL, file, sizeof file))
        return;
    const char *cmd = change_user ? "Change user" : "Connect";
    int k = err ? snprintf(line, sizeof line, "%s", err)
                : snprintf(line, sizeof line, "%s@%s on %s using %s", user, c->host, db, c->is_unix ? "Socket" : "TCP/IP");
    srv_general_log(c->id, file, cmd, line, k < 0 ? 0 : (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
}

void srv_cmd_packet(srv_conn *c, const uint8_t *p, size_t n)
{
    if (n)
        count_command(c, p[0], 1);
    c->sink_failed = false;
    srv_registry_publish(c, SRV_CMD_QUERY);
    if (n == 0) {
        srv_write_err(c, 1047, "08S01", "Unknown command");
        return;
    }
    if (c->dump) {              /* a dump's connection takes no more commands */
        c->quit = p[0] == COM_QUIT;
        srv_conn_close(c, SRV_CLOSE_NOW);
        return;
    }
    switch (p[0]) {
    case COM_QUIT:
        c->quit = true;
        srv_conn_close(c, SRV_CLOSE_NOW);
        return;
    case COM_QUERY:
        srv_registry_info(c, p + 1, n - 1);
        cmd_query(c, p, n);
        break;
    case COM_INIT_DB:
        cmd_init_db(c, p, n);
        break;
    case COM_FIELD_LIST:
        cmd_field_list(c, p, n);
        break;
    case COM_PING:
        srv_write_ok(c, 0, 0, srv_session_status(c), 0, NULL);
        break;
    case COM_STATISTICS:
        cmd_statistics(c);
        break;
    case COM_PROCESS_KILL:
        cmd_kill(c, p, n);
        break;
    case COM_PROCESS_INFO:
        cmd_process_info(c);
        break;
    case COM_CHANGE_USER:
        srv_stmt_free_all(c);            /* MariaDB drops them first, whatever follows */
        srv_auth_change_user(c, p, n);
        return;
    case COM_RESET_CONNECTION:
        if (pdb_session_rollback(c->sess) == PDB_EXEC_MOVE)
            srv_cmd_move(c, p, n);      /* the store lock is busy: a worker resets */
        else
            cmd_reset_connection(c);
        break;
    case COM_SET_OPTION: {
        uint16_t opt = n >= 3 ? (uint16_t)(p[1] | p[2] << 8) : 0xffff;
        if (opt == 0 || opt == 1) {
            c->multi = opt == 0;
            if (c->multi)
                c->caps |= CLIENT_MULTI_STATEMENTS;
            else
                c->caps &= ~CLIENT_MULTI_STATEMENTS;
            c->sess->client_caps = c->caps;
            srv_write_end(c, 0, srv_session_status(c));
        } else {
            srv_write_err(c, 1047, "08S01", "Unknown command");
        }
        break;
    }
    case COM_DEBUG:
        if (!c->is_super)
            need_priv(c, "SUPER");
        else
            srv_write_end(c, 0, srv_session_status(c));
        break;
    case COM_REFRESH:
        if (!c->is_super) {
            need_priv(c, "RELOAD");
            break;
        }
        if (n >= 2 && (p[1] & 0x02))       /* REFRESH_LOG */
            srv_log_reopen();
        srv_write_ok(c, 0, 0, srv_session_status(c), 0, NULL);
        break;
    case COM_SHUTDOWN:
        if (!c->is_super) {
            need_priv(c, "SHUTDOWN");
            break;
        }
        srv_write_end(c, 0, srv_session_status(c));
        srv_conn_flush(c);
        {
            char who[400];
            snprintf(who, sizeof who, "%s[%s] @ %s [%s]", c->user, c->user, c->host, c->ip);
            srv_net_shutdown(who);
        }
        break;
    case COM_STMT_PREPARE:
        srv_stmt_prepare(c, p, n);
        break;
    case COM_STMT_EXECUTE:
        srv_stmt_execute(c, p, n);
        break;
    case COM_STMT_SEND_LONG_DATA:        /* never answered */
        srv_stmt_send_long_data(c, p, n);
        break;
    case COM_STMT_CLOSE:                 /* never answered */
        srv_stmt_close(c, p, n);
        break;
    case COM_STMT_RESET:
        srv_stmt_reset(c, p, n);
        break;
    case COM_STMT_FETCH:
        srv_stmt_fetch(c, p, n);
        break;
    case COM_REGISTER_SLAVE:
        srv_dump_register(c, p, n);
        break;
    case COM_BINLOG_DUMP:
        srv_dump_start(c, p, n);
        break;
    default:
        srv_write_err(c, 1047, "08S01", "Unknown command");
        break;
    }
    if (c->offloaded)
        return;                         /* the job's then ends it */
    srv_cmd_after(c);
}

void srv_cmd_after(srv_conn *c)
{
    if (c->closing || c->state != CS_COMMAND || c->dump)
        return;
    if (c->sink_failed) {
        srv_conn_close(c, SRV_CLOSE_NOW);
        return;
    }
    if (c->waiting || srv_conn_hold_for_sync(c))
        return;
    pdb_exec_trim(c->sess);     /* the result has left the arena (packets, spill file) */
    srv_registry_publish(c, SRV_CMD_SLEEP);
    if (c->sess->wait_timeout && c->sess->wait_timeout != c->armed_timeout)
        srv_conn_arm_idle(c);
}
