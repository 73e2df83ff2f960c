/* apply.c - a replica's SQL side: the primary's binary log events, applied through an
 * engine session of its own (server/replica.c reads them from the primary).
 *
 * A GTID event opens the group: a transaction (BEGIN) unless it is standalone (DDL). Row
 * events become prepared statements per Table_map and kind, run once per row:
 *   Write_rows   INSERT INTO `db`.`t` (cols) VALUES (?, ...)
 *   Update_rows  UPDATE `db`.`t` SET col = ?, ... WHERE key LIMIT 1
 *   Delete_rows  DELETE FROM `db`.`t` WHERE key LIMIT 1
 * where key is the primary key's columns (`c` = ?), or every column (`c` <=> ?) when
 * the table has none, as MariaDB's replica finds a row by its before image. A row not
 * found is MariaDB's 1032. Row events fire no triggers (slave_run_triggers_for_rbr=NO).
 * Query events run as their text with the session settings they carry (database,
 * sql_mode, character sets, auto_increment_*, time zone). Xid (or a Query COMMIT) ends
 * the group: the transaction commits with its GTID in the same log frame
 * (stor_txn_set_applied), so @@gtid_slave_pos never runs ahead of or behind the data.
 * Nothing applied goes to this server's own binary log (log_slave_updates=OFF).
 */
#include "engine/eng.h"
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_MAPS 64

enum {
    EV_QUERY = 2, EV_STOP = 3, EV_ROTATE = 4, EV_INTVAR = 5, EV_RAND = 13, EV_USER_VAR = 14,
    EV_FDE = 15, EV_XID = 16, EV_TABLE_MAP = 19, EV_WRITE_V1 = 23, EV_UPDATE_V1 = 24,
    EV_DELETE_V1 = 25, EV_HEARTBEAT = 27, EV_WRITE_V2 = 30, EV_UPDATE_V2 = 31, EV_DELETE_V2 = 32,
    EV_ANNOTATE = 160, EV_CHECKPOINT = 161, EV_GTID = 162, EV_GTID_LIST = 163, EV_START_ENC = 164,
};

/* MYSQL_TYPE_* codes of a Table_map */
enum {
    T_DECIMAL = 0, T_TINY = 1, T_SHORT = 2, T_LONG = 3, T_FLOAT = 4, T_DOUBLE = 5, T_NULL = 6,
    T_TIMESTAMP = 7, T_LONGLONG = 8, T_INT24 = 9, T_DATE = 10, T_TIME = 11, T_DATETIME = 12,
    T_YEAR = 13, T_NEWDATE = 14, T_VARCHAR = 15, T_BIT = 16, T_TIMESTAMP2 = 17, T_DATETIME2 = 18,
    T_TIME2 = 19, T_JSON = 245, T_NEWDECIMAL = 246, T_ENUM = 247, T_SET = 248, T_TINY_BLOB = 249,
    T_MEDIUM_BLOB = 250, T_LONG_BLOB = 251, T_BLOB = 252, T_VAR_STRING = 253, T_STRING = 254,
    T_GEOMETRY = 255,
};

typedef struct amap {
    uint64_t id;
    char db[PDB_NAME_LEN], name[PDB_NAME_LEN];
    uint32_t ncols;
    uint8_t *types;
    uint16_t *meta;
    pdb_stmt *st[3];          /* insert, update, delete, for the columns in bits[] */
    uint8_t *bits[3];         /* the present-column bitmaps they were prepared for */
} amap;

struct pdb_applier {
    pdb_session s;
    pdb_sink sink;            /* the session's outcomes come back here (ctx: the applier) */
    amap maps[MAX_MAPS];
    int nmaps;
    stor_gtid gtid;           /* the group's */
    bool in_group, standalone, began;
    uint64_t groups_ddl, groups_trx;
    uint32_t hrnow_us;        /* a Query event's microseconds (status variable 128) */
    uint64_t skip;            /* sql_slave_skip_counter: event groups still to pass over */
    bool skipping, skip_standalone;
    bool skip_applied;        /* pass over groups @@gtid_slave_pos holds (file/pos resume) */
    bool skip_dup;            /* the group being passed over is such a one */
    uint16_t coll_server;     /* its collation_server (CREATE DATABASE's default) */
    uint16_t coll_server_set; /* the one the session has */
    stor_arena rowmem;        /* a row's converted strings (the session's arena is the
                                 statement's: reset when it starts) */
    char *buf;                /* statement text being built */
    size_t cap;
    /* the outcome of the last statement (the sink's) */
    uint16_t code;
    char msg[PDB_MSG_LEN];
    uint64_t affected;
};

/* ---- the sink: errors and affected rows kept, rows of a result dropped ---- */

static int sk_cols(void *c, const pdb_colmeta *m, size_t n) { (void)c; (void)m; (void)n; return 0; }
static int sk_row(void *c, const pdb_value *v, size_t n) { (void)c; (void)v; (void)n; return 0; }
static int sk_end(void *c, uint16_t w, uint16_t st) { (void)c; (void)w; (void)st; return 0; }
static int sk_ok(void *c, uint64_t affected, uint64_t id, uint16_t w, uint16_t st, const char *info)
{
    (void)id; (void)w; (void)st; (void)info;
    ((pdb_applier *)c)->affected = affected;
    return 0;
}
static int sk_err(void *c, uint16_t code, const char *state, const char *msg)
{
    pdb_applier *a = c;
    (void)state;
    if (!a->code) { a->code = code; snprintf(a->msg, sizeof a->msg, "%s", msg); }
    return 0;
}

pdb_applier *pdb_applier_new(void)
{
    pdb_applier *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    pdb_session_init(&a->s, 0);
    a->sink = (pdb_sink){ a, sk_cols, sk_row, sk_end, sk_ok, sk_err };
    stor_arena_init(&a->rowmem);
    snprintf(a->s.user, sizeof a->s.user, "system user");
    a->s.no_account = true;
    a->s.replica_applier = true;
    a->s.client_found_rows = true;   /* an UPDATE's count is the rows it found */
    a->s.sql_log_bin_off = true;     /* log_slave_updates=OFF: nothing applied is logged again */
    return a;
}

static void map_clear(amap *m)
{
    for (int k = 0; k < 3; k++) {
        if (m->st[k]) pdb_stmt_close(m->st[k]);
        free(m->bits[k]);
        m->st[k] = NULL; m->bits[k] = NULL;
    }
    free(m->types); free(m->meta);
    m->types = NULL; m->meta = NULL;
}

static void maps_clear(pdb_applier *a)
{
    for (int i = 0; i < a->nmaps; i++) map_clear(&a->maps[i]);
    a->nmaps = 0;
}

void pdb_applier_free(pdb_applier *a)
{
    if (!a) return;
    maps_clear(a);
    pdb_session_rollback(&a->s);
    pdb_session_free(&a->s);
    stor_arena_free(&a->rowmem);
    free(a->buf);
    free(a);
}

void pdb_applier_counts(const pdb_applier *a, uint64_t *ddl, uint64_t *trx)
{
    *ddl = a->groups_ddl; *trx = a->groups_trx;
}

static size_t decimal_size(int prec, int scale);
static size_t decimal_text(const uint8_t *src, int prec, int scale, char *out);

/* ---- running statements ---- */


/* A statement parked behind a local transaction's row lock waits for it, as a replica's
 * SQL thread does (innodb_lock_wait_timeout, then 1205). */
static int wait_parked(pdb_applier *a, int rc, bool stmt)
{
    uint32_t limit_ms = pdb_lock_wait_timeout(&a->s) * 1000u;
    for (uint32_t ms = 0; rc == PDB_EXEC_WAIT; ms++) {
        if (a->s.kill && atomic_load(a->s.kill)) { pdb_exec_wait_killed(&a->s, &a->sink); return 0; }   /* STOP SLAVE */
        if (a->s.wait_blocker && stor_txn_running(a->s.wait_blocker) && ms < limit_ms) { usleep(1000); continue; }
        if (ms >= limit_ms) { pdb_exec_wait_timeout(&a->s, &a->sink); return 0; }
        /* a wait on no transaction (the global read lock, LOCK TABLES, GET_LOCK): look
           again in a moment rather than spin */
        if (!a->s.wait_blocker) usleep(1000);
        if (stmt) return PDB_EXEC_WAIT;          /* the caller runs it again */
        rc = pdb_exec_resume(&a->s, &a->sink);
        ms = 0;
    }
    return rc;
}

static int run_sql(pdb_applier *a, const char *sql, size_t len)
{
    a->code = 0; a->affected = 0;
    int rc = pdb_exec_query(&a->s, sql, len, false, &a->sink);
    wait_parked(a, rc, false);
    return a->code ? -1 : 0;
}

static int run_text(pdb_applier *a, const char *sql) { return run_sql(a, sql, strlen(sql)); }

static int fail(pdb_applier *a, uint16_t code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(pdb_applier *a, uint16_t code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->msg, sizeof a->msg, fmt, ap);
    va_end(ap);
    a->code = code;
    return -1;
}

/* ---- text being built ---- */

static void put(pdb_applier *a, size_t *n, const char *s, size_t len)
{
    if (*n + len + 1 > a->cap) {
        size_t nc = (a->cap ? a->cap * 2 : 1024) + len;
        char *b = realloc(a->buf, nc);
        if (!b) abort();   /* (a few KiB: as the engine's own arena) */
        a->buf = b; a->cap = nc;
    }
    memcpy(a->buf + *n, s, len);
    *n += len;
    a->buf[*n] = 0;
}
static void puts_(pdb_applier *a, size_t *n, const char *s) { put(a, n, s, strlen(s)); }
static void put_ident(pdb_applier *a, size_t *n, const char *s)
{
    put(a, n, "`", 1);
    for (const char *p = s; *p; p++) put(a, n, *p == '`' ? "``" : p, *p == '`' ? 2 : 1);
    put(a, n, "`", 1);
}

/* ---- groups ---- */

static int group_begin(pdb_applier *a, const uint8_t *ev, size_t n)
{
    if (n < 19 + 13) return fail(a, 1594, "Relay log read failure: a GTID event is too short");
    if (a->in_group && a->began) run_text(a, "ROLLBACK");   /* (a group the primary cut off) */
    memcpy(&a->gtid.seq, ev + 19, 8);
    memcpy(&a->gtid.domain, ev + 27, 4);
    memcpy(&a->gtid.server, ev + 5, 4);
    a->standalone = ev[31] & 1;
    a->in_group = true;
    a->began = false;
    if (!a->standalone) {
        if (run_text(a, "BEGIN") != 0) return -1;
        a->began = true;
    }
    return 0;
}

/* The group's GTID rides on the next log frame the session writes (its commit, its DDL);
 * applied_end writes it alone when none did (a group that changed nothing). */
static void applied_begin(pdb_applier *a)
{
    if (!a->s.txn) a->s.txn = stor_txn_new();
    stor_txn_set_applied(a->s.txn, &a->gtid);
}

static int applied_end(pdb_applier *a)
{
    int rc = stor_txn_flush_applied(a->s.txn) == 0 ? 0 : fail(a, 1026, "Error writing file 'pressdb.wal' (gtid_slave_pos)");
    stor_txn_set_applied(a->s.txn, NULL);
    return rc;
}

/* The group ends: its GTID goes with the commit (or alone when nothing changed). */
static int group_commit(pdb_applier *a)
{
    if (!a->in_group) return run_text(a, "COMMIT");
    applied_begin(a);
    int rc = run_text(a, "COMMIT");
    /* durable soon, without waiting: the log's syncer groups the replica's commits (the
       position is in the same frame as the rows, so a power loss loses both together) */
    if (a->s.durable_lsn) { stor_sync_request(a->s.durable_lsn); a->s.durable_lsn = 0; }
    if (rc == 0) rc = applied_end(a);
    else stor_txn_set_applied(a->s.txn, NULL);
    a->in_group = a->began = false;
    a->groups_trx++;
    return rc;
}

/* ---- Query events ---- */

static uint16_t rd16(const uint8_t *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

/* The status variables this session takes from a Query event. false when one is not
 * understood (its length unknown: the rest cannot be read), as MariaDB stops there. */
static void query_status(pdb_applier *a, const uint8_t *p, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint8_t code = p[i++];
        size_t left = n - i;
        switch (code) {
        case 0: if (left < 4) return; i += 4; break;                          /* flags2 */
        case 1:                                                              /* sql_mode */
            if (left < 8) return;
            a->s.sql_mode = (uint32_t)rd64(p + i);
            i += 8; break;
        case 2: if (left < 1 || left < 2u + p[i]) return; i += 2u + p[i]; break;   /* catalog (old) */
        case 3: if (left < 4) return; i += 4; break;                          /* auto_increment */
        case 4:                                                              /* charsets */
            if (left < 6) return;
            a->s.coll_client = rd16(p + i);
            a->s.coll_connection = rd16(p + i + 2);
            a->coll_server = rd16(p + i + 4);
            i += 6; break;
        case 5: {                                                            /* time zone */
            if (left < 1 || left < 1u + p[i]) return;
            size_t l = p[i];
            if (l < sizeof a->s.time_zone) { memcpy(a->s.time_zone, p + i + 1, l); a->s.time_zone[l] = 0; }
            i += 1 + l; break;
        }
        case 6: if (left < 1 || left < 1u + p[i]) return; i += 1u + p[i]; break;   /* catalog */
        case 7: case 8: if (left < 2) return; i += 2; break;                  /* lc_time, db charset */
        case 9: if (left < 8) return; i += 8; break;                          /* table map for update */
        case 10: if (left < 4) return; i += 4; break;
        case 11: {                                                           /* invoker */
            if (left < 1 || left < 1u + p[i]) return;
            size_t u = 1u + p[i];
            if (left < u + 1 || left < u + 1 + p[i + u]) return;
            /* the primary's account: CURRENT_USER, a new role's admin (as MariaDB's replica) */
            if (p[i] < sizeof a->s.user) {   /* (a host's length byte always fits priv_host) */
                memcpy(a->s.user, p + i + 1, p[i]); a->s.user[p[i]] = 0;
                memcpy(a->s.priv_host, p + i + u + 1, p[i + u]); a->s.priv_host[p[i + u]] = 0;
                a->s.no_account = false;
            }
            i += u + 1 + p[i + u]; break;
        }
        case 12: {                                                           /* updated dbs */
            if (left < 1) return;
            uint8_t cnt = p[i++];
            if (cnt == 254) break;
            for (int k = 0; k < cnt; k++) {
                while (i < n && p[i]) i++;
                if (i >= n) return;
                i++;
            }
            break;
        }
        case 13: if (left < 3) return; i += 3; break;                         /* microseconds */
        case 16: if (left < 1) return; i += 1; break;
        case 17: if (left < 8) return; i += 8; break;                         /* ddl logged with xid */
        case 18: if (left < 2) return; i += 2; break;
        case 128:                                                            /* hrnow: usec */
            if (left < 3) return;
            a->hrnow_us = p[i] | p[i + 1] << 8 | (uint32_t)p[i + 2] << 16;
            i += 3; break;
        case 129: if (left < 8) return; i += 8; break;                        /* xid */
        default: return;
        }
    }
}

static int apply_query_text(pdb_applier *a, const uint8_t *ev, const uint8_t *b, size_t at, uint8_t dblen, size_t n);

static int apply_query(pdb_applier *a, const uint8_t *ev, size_t n)
{
    if (n < 19 + 13) return fail(a, 1594, "Relay log read failure: a Query event is too short");
    const uint8_t *b = ev + 19;
    uint8_t dblen = b[8];
    uint16_t svlen = rd16(b + 11);
    size_t at = 13u + svlen;
    if (19 + at + dblen + 1 > n) return fail(a, 1594, "Relay log read failure: a Query event is malformed");
    a->hrnow_us = 0;
    query_status(a, b + 13, svlen);
    int rc = apply_query_text(a, ev, b, at, dblen, n);
    snprintf(a->s.user, sizeof a->s.user, "system user");   /* (until the next invoker) */
    a->s.priv_host[0] = 0;
    a->s.no_account = true;
    return rc;
}

static int apply_query_text(pdb_applier *a, const uint8_t *ev, const uint8_t *b, size_t at, uint8_t dblen, size_t n)
{
    char db[PDB_NAME_LEN];
    snprintf(db, sizeof db, "%.*s", dblen, (const char *)b + at);
    const char *q = (const char *)b + at + dblen + 1;
    size_t qlen = n - (19 + at + dblen + 1);
    if (qlen == 5 && !strncasecmp(q, "BEGIN", 5)) {
        if (!a->began && run_text(a, "BEGIN") != 0) return -1;
        a->began = true;
        return 0;
    }
    if ((qlen == 6 && !strncasecmp(q, "COMMIT", 6)) || (qlen == 8 && !strncasecmp(q, "ROLLBACK", 8))) {
        if (q[0] == 'R' || q[0] == 'r') { run_text(a, "ROLLBACK"); a->in_group = a->began = false; return 0; }
        return group_commit(a);
    }
    snprintf(a->s.db, sizeof a->s.db, "%s", db);
    if (a->coll_server && a->coll_server != a->coll_server_set && pdb_coll_by_id(a->coll_server)) {
        char set[128];
        snprintf(set, sizeof set, "SET SESSION collation_server = %s", pdb_coll_by_id(a->coll_server)->name);
        if (run_text(a, set) != 0) return -1;
        a->coll_server_set = a->coll_server;
    }
    if (a->in_group && a->standalone) applied_begin(a);
    /* NOW() is the primary's: the statement's time (MariaDB's SET TIMESTAMP) */
    uint32_t when;
    memcpy(&when, ev, 4);
    a->s.fixed_now_us = (int64_t)when * 1000000 + a->hrnow_us;
    int rc = run_sql(a, q, qlen);
    a->s.fixed_now_us = 0;
    if (rc != 0) {
        char m[PDB_MSG_LEN];
        snprintf(m, sizeof m, "Error '%.200s' on query. Default database: '%s'. Query: '%.*s'", a->msg, db,
                 (int)(qlen > 200 ? 200 : qlen), q);
        snprintf(a->msg, sizeof a->msg, "%s", m);
        if (a->s.txn) stor_txn_set_applied(a->s.txn, NULL);
        return -1;
    }
    if (a->in_group && a->standalone) {
        if (applied_end(a) != 0) return -1;
        a->in_group = false;
        a->groups_ddl++;
    }
    return 0;
}

/* Intvar: LAST_INSERT_ID (1) or INSERT_ID (2) for the next statement. */
static int apply_intvar(pdb_applier *a, const uint8_t *ev, size_t n)
{
    if (n < 19 + 9) return fail(a, 1594, "Relay log read failure: an Intvar event is too short");
    uint64_t v = rd64(ev + 20);
    if (ev[19] == 1) a->s.last_insert_id = v;
    else a->s.insert_id = v;
    return 0;
}

/* Rand: the seeds RAND() continues from in the next statement. */
static int apply_rand(pdb_applier *a, const uint8_t *ev, size_t n)
{
    if (n < 19 + 16) return fail(a, 1594, "Relay log read failure: a Rand event is too short");
    a->s.rnd_s1 = rd64(ev + 19);
    a->s.rnd_s2 = rd64(ev + 27);
    return 0;
}

/* User_var: @name as the statement that follows read it on the primary. */
static int apply_user_var(pdb_applier *a, const uint8_t *ev, size_t n)
{
    const uint8_t *p = ev + 19, *end = ev + n;
    if (end - p < 5) goto bad;
    uint32_t nl;
    memcpy(&nl, p, 4);
    p += 4;
    if ((size_t)(end - p) < (size_t)nl + 1 || nl > 64) goto bad;
    const char *name = (const char *)p;
    p += nl;
    bool is_null = *p++;
    size_t o = 0;
    char name0[65];
    memcpy(name0, name, nl);
    name0[nl] = 0;
    puts_(a, &o, "SET @");
    put_ident(a, &o, name0);
    puts_(a, &o, " := ");
    if (is_null) puts_(a, &o, "NULL");
    else {
        if (end - p < 9) goto bad;
        uint8_t type = p[0];
        uint32_t cs, vl;
        memcpy(&cs, p + 1, 4);
        memcpy(&vl, p + 5, 4);
        p += 9;
        if ((size_t)(end - p) < vl) goto bad;
        bool uns = (size_t)(end - p) > vl && (p[vl] & 1);
        char tb[160];
        if (type == 1 && vl == 8) {                       /* REAL */
            double d;
            memcpy(&d, p, 8);
            snprintf(tb, sizeof tb, "%.17g", d);
            puts_(a, &o, tb);
        } else if (type == 2 && vl == 8) {                /* INT */
            snprintf(tb, sizeof tb, uns ? "%" PRIu64 : "%" PRId64, rd64(p));
            puts_(a, &o, tb);
        } else if (type == 4 && vl >= 2) {                /* DECIMAL: precision, scale, digits */
            int prec = p[0], scale = p[1];
            if (prec < 1 || prec > 65 || scale > prec || decimal_size(prec, scale) > (size_t)vl - 2) goto bad;
            decimal_text(p + 2, prec, scale, tb);
            puts_(a, &o, tb);
        } else if (type == 0) {                           /* STRING, in its charset */
            const pdb_collation *cl = pdb_coll_by_id((uint16_t)cs);
            puts_(a, &o, cl && cs != COLL_BINARY ? "_" : "_binary ");
            if (cl && cs != COLL_BINARY) { puts_(a, &o, cl->charset); puts_(a, &o, " "); }
            puts_(a, &o, "x'");
            for (uint32_t i = 0; i < vl; i++) { snprintf(tb, sizeof tb, "%02x", p[i]); puts_(a, &o, tb); }
            puts_(a, &o, "'");
            if (cl && cs != COLL_BINARY) { puts_(a, &o, " COLLATE "); puts_(a, &o, cl->name); }
        } else goto bad;
    }
    return run_sql(a, a->buf, o);
bad:
    return fail(a, 1594, "Relay log read failure: a User_var event is malformed");
}

/* ---- Table_map ---- */

static uint64_t rd_lenenc(const uint8_t **p, const uint8_t *end, bool *bad)
{
    if (*p >= end) { *bad = true; return 0; }
    uint8_t c = *(*p)++;
    int k = c < 251 ? 0 : c == 252 ? 2 : c == 253 ? 3 : c == 254 ? 8 : -1;
    if (k < 0) { *bad = true; return 0; }
    if (k == 0) return c;
    if (end - *p < k) { *bad = true; return 0; }
    uint64_t v = 0;
    memcpy(&v, *p, (size_t)k);
    *p += k;
    return v;
}

static amap *map_find(pdb_applier *a, uint64_t id)
{
    for (int i = 0; i < a->nmaps; i++) if (a->maps[i].id == id) return &a->maps[i];
    return NULL;
}

static int meta_len(uint8_t t)
{
    switch (t) {
    case T_FLOAT: case T_DOUBLE: case T_BLOB: case T_TINY_BLOB: case T_MEDIUM_BLOB: case T_LONG_BLOB:
    case T_GEOMETRY: case T_JSON: case T_TIMESTAMP2: case T_DATETIME2: case T_TIME2: return 1;
    case T_VARCHAR: case T_VAR_STRING: case T_BIT: case T_NEWDECIMAL: case T_STRING: case T_ENUM: case T_SET:
    case T_DECIMAL: return 2;
    default: return 0;
    }
}

static int apply_table_map(pdb_applier *a, const uint8_t *ev, size_t n)
{
    const uint8_t *p = ev + 19, *end = ev + n;
    bool bad = false;
    if (n < 19 + 8 + 2) return fail(a, 1594, "Relay log read failure: a Table_map event is too short");
    uint64_t id = 0;
    memcpy(&id, p, 6);
    p += 8;
    amap *m = map_find(a, id);
    if (!m) {
        if (a->nmaps == MAX_MAPS) { maps_clear(a); }
        m = &a->maps[a->nmaps++];
        memset(m, 0, sizeof *m);
    } else map_clear(m);
    m->id = id;
    if (p >= end || end - p < 1 + p[0] + 1) goto bad;
    snprintf(m->db, sizeof m->db, "%.*s", p[0], (const char *)p + 1);
    p += 1 + p[0] + 1;
    if (p >= end || end - p < 1 + p[0] + 1) goto bad;
    snprintf(m->name, sizeof m->name, "%.*s", p[0], (const char *)p + 1);
    p += 1 + p[0] + 1;
    uint64_t nc = rd_lenenc(&p, end, &bad);
    if (bad || nc > 4096 || (uint64_t)(end - p) < nc) goto bad;
    m->ncols = (uint32_t)nc;
    m->types = malloc(nc + 1);
    m->meta = calloc(nc + 1, sizeof *m->meta);
    if (!m->types || !m->meta) goto bad;
    memcpy(m->types, p, nc);
    p += nc;
    uint64_t ml = rd_lenenc(&p, end, &bad);
    if (bad || (uint64_t)(end - p) < ml) goto bad;
    const uint8_t *mp = p, *mend = p + ml;
    for (uint32_t i = 0; i < m->ncols; i++) {
        int k = meta_len(m->types[i]);
        if (mend - mp < k) goto bad;
        if (k == 1) m->meta[i] = mp[0];
        else if (k == 2) m->meta[i] = (uint16_t)(m->types[i] == T_STRING || m->types[i] == T_ENUM ||
                                                 m->types[i] == T_SET || m->types[i] == T_NEWDECIMAL ||
                                                 m->types[i] == T_BIT
                                                 ? (mp[0] << 8 | mp[1]) : (mp[0] | mp[1] << 8));
        mp += k;
    }
    return 0;
bad:
    m->id = UINT64_MAX;
    return fail(a, 1594, "Relay log read failure: a Table_map event is malformed");
}

/* ---- row images ---- */

static uint64_t be(const uint8_t *p, int n) { uint64_t v = 0; for (int i = 0; i < n; i++) v = v << 8 | p[i]; return v; }
static uint64_t le(const uint8_t *p, int n) { uint64_t v = 0; for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i]; return v; }

static const int dig2bytes[10] = { 0, 1, 1, 2, 2, 3, 3, 4, 4, 4 };

static size_t decimal_size(int prec, int scale)
{
    int intg = prec - scale;
    return (size_t)(intg / 9 * 4 + dig2bytes[intg % 9] + scale / 9 * 4 + dig2bytes[scale % 9]);
}

/* MySQL's binary DECIMAL as text ("-12.340"). */
static size_t decimal_text(const uint8_t *src, int prec, int scale, char *out)
{
    int intg = prec - scale;
    size_t sz = decimal_size(prec, scale);
    uint8_t b[64];
    if (sz > sizeof b) sz = sizeof b;
    memcpy(b, src, sz);
    bool neg = !(b[0] & 0x80);
    b[0] ^= 0x80;
    if (neg) for (size_t i = 0; i < sz; i++) b[i] ^= 0xff;
    char digits[100];
    size_t nd = 0, at = 0;
    int lead = intg % 9;
    if (lead) { nd += (size_t)sprintf(digits + nd, "%0*" PRIu64, lead, be(b + at, dig2bytes[lead])); at += (size_t)dig2bytes[lead]; }
    for (int i = 0; i < intg / 9; i++) { nd += (size_t)sprintf(digits + nd, "%09" PRIu64, be(b + at, 4)); at += 4; }
    size_t ni = nd;
    for (int i = 0; i < scale / 9; i++) { nd += (size_t)sprintf(digits + nd, "%09" PRIu64, be(b + at, 4)); at += 4; }
    int tail = scale % 9;
    if (tail) { nd += (size_t)sprintf(digits + nd, "%0*" PRIu64, tail, be(b + at, dig2bytes[tail])); }
    size_t o = 0, z = 0;
    while (z + 1 < ni && digits[z] == '0') z++;
    if (neg) out[o++] = '-';
    if (ni == 0) out[o++] = '0';
    else { memcpy(out + o, digits + z, ni - z); o += ni - z; }
    if (scale) { out[o++] = '.'; memcpy(out + o, digits + ni, nd - ni); o += nd - ni; }
    out[o] = 0;
    return o;
}

static size_t fmt_frac(char *o, uint64_t us, int fsp)
{
    if (fsp <= 0) return 0;
    if (fsp > 6) fsp = 6;
    char f[24];
    snprintf(f, sizeof f, "%06" PRIu64, us % 1000000);
    o[0] = '.';
    memcpy(o + 1, f, (size_t)fsp);
    return (size_t)fsp + 1;
}

/* The fraction of a TIME2/DATETIME2/TIMESTAMP2 (fsp digits in (fsp+1)/2 bytes): usec. */
static uint64_t frac_us(const uint8_t *p, int fsp)
{
    int k = (fsp + 1) / 2;
    uint64_t v = be(p, k);
    return k == 1 ? v * 10000 : k == 2 ? v * 100 : v;
}

/* One column's value at p (type t, metadata m) into *v (text in tb when needed); its
 * size in bytes, or 0 when it does not fit in left. */
/* What a rows event reads of its table, copied under the shared store lock: between the
 * applier's statements the table may be rebuilt (ALTER TABLE, the compaction's) and the
 * old one freed, so no pointer into it is kept. */
typedef struct acol { char *name; bool is_unsigned, not_null; uint16_t coll; uint8_t kind; } acol;
typedef struct atab {
    uint32_t ncols;
    acol *cols;
    uint32_t npk, pk[64];     /* the primary key's columns */
    bool pk_prefix;           /* one of them a prefix */
} atab;

static void atab_free(atab *t)
{
    for (uint32_t i = 0; t->cols && i < t->ncols; i++) free(t->cols[i].name);
    free(t->cols);
    t->cols = NULL;
}

/* 1: taken; 0: no such table; -1: its column count is not the map's (t->ncols says it);
 * -2: out of memory. */
static int atab_take(const amap *m, atab *t)
{
    memset(t, 0, sizeof *t);
    stor_lock_shared();
    const stor_table *tb = stor_table_find(m->db, m->name);
    int rc = !tb ? 0 : tb->ncols != m->ncols ? -1 : 1;
    if (tb) t->ncols = tb->ncols;
    if (rc == 1) {
        t->cols = calloc(tb->ncols + 1, sizeof *t->cols);
        for (uint32_t i = 0; t->cols && i < tb->ncols; i++) {
            const stor_column *c = &tb->cols[i];
            t->cols[i] = (acol){ strdup(c->name), c->is_unsigned, c->not_null, c->coll, c->kind };
        }
        const stor_index *ix = stor_primary(tb);
        for (uint32_t k = 0; ix && k < ix->ncols && k < 64; k++) {
            t->pk[t->npk++] = ix->cols[k];
            if (ix->prefix[k]) t->pk_prefix = true;
        }
        if (ix && ix->ncols > 64) t->pk_prefix = true;   /* (never: keys have at most 32 parts) */
    }
    stor_unlock();
    if (rc == 1 && !t->cols) rc = -2;
    for (uint32_t i = 0; rc == 1 && i < t->ncols; i++) if (!t->cols[i].name) rc = -2;
    if (rc != 1) atab_free(t);
    return rc;
}

static size_t col_value(const acol *c, uint8_t t, uint16_t m, const uint8_t *p, size_t left,
                        pdb_value *v, char *tb)
{
    memset(v, 0, sizeof *v);
    bool uns = c && c->is_unsigned;
    /* a temporal type's metadata is its fraction digits: 0..6 (found by fuzz_apply: a
       larger one overran the text buffer) */
    if ((t == T_TIMESTAMP2 || t == T_DATETIME2 || t == T_TIME2) && m > 6) return 0;
    size_t sz = 0;
    int k;
#define NEED(x) do { if ((size_t)(x) > left) return 0; } while (0)
    switch (t) {
    case T_TINY: case T_SHORT: case T_INT24: case T_LONG: case T_LONGLONG:
        k = t == T_TINY ? 1 : t == T_SHORT ? 2 : t == T_INT24 ? 3 : t == T_LONG ? 4 : 8;
        NEED(k);
        v->u = le(p, k);
        if (uns) v->t = VT_UINT;
        else {
            v->t = VT_INT;
            if (k < 8 && (v->u >> (8 * k - 1)) & 1) v->i = (int64_t)(v->u | (~0ull << (8 * k)));
        }
        if (v->t == VT_UINT && v->u <= INT64_MAX) v->t = VT_INT;
        return (size_t)k;
    /* (a FLOAT or DOUBLE column never holds NaN or an infinity: such bytes are damage) */
    case T_FLOAT: { NEED(4); float f; memcpy(&f, p, 4); v->t = VT_DOUBLE; v->d = f; return isfinite(f) ? 4 : 0; }
    case T_DOUBLE: NEED(8); v->t = VT_DOUBLE; memcpy(&v->d, p, 8); return isfinite(v->d) ? 8 : 0;
    case T_YEAR: NEED(1); v->t = VT_INT; v->i = p[0] ? 1900 + p[0] : 0; return 1;
    case T_DATE: case T_NEWDATE: {
        NEED(3);
        uint32_t x = (uint32_t)le(p, 3);
        sz = (size_t)sprintf(tb, "%04u-%02u-%02u", x >> 9, (x >> 5) & 15, x & 31);
        *v = ex_str(tb, sz, COLL_UTF8MB4_GENERAL_CI);
        return 3;
    }
    case T_TIMESTAMP: case T_TIMESTAMP2: {
        int fsp = t == T_TIMESTAMP2 ? m : 0;
        k = t == T_TIMESTAMP2 ? 4 + (fsp + 1) / 2 : 4;
        NEED(k);
        int64_t secs = t == T_TIMESTAMP2 ? (int64_t)be(p, 4) : (int64_t)le(p, 4);
        if (secs == 0) { sz = (size_t)sprintf(tb, "0000-00-00 00:00:00"); }
        else {
            time_t tt = (time_t)secs;
            struct tm tm;
            gmtime_r(&tt, &tm);
            sz = strftime(tb, 32, "%Y-%m-%d %H:%M:%S", &tm);
        }
        if (t == T_TIMESTAMP2) sz += fmt_frac(tb + sz, frac_us(p + 4, fsp), fsp);
        *v = ex_str(tb, sz, COLL_UTF8MB4_GENERAL_CI);
        return (size_t)k;
    }
    case T_DATETIME2: {
        int fsp = m;
        k = 5 + (fsp + 1) / 2;
        NEED(k);
        int64_t ip = (int64_t)be(p, 5) - 0x8000000000LL;
        int64_t ymd = ip >> 17, ym = ymd >> 5, hms = ip % (1 << 17);
        sz = (size_t)sprintf(tb, "%04d-%02d-%02d %02d:%02d:%02d", (int)(ym / 13), (int)(ym % 13), (int)(ymd % 32),
                             (int)(hms >> 12), (int)((hms >> 6) % 64), (int)(hms % 64));
        sz += fmt_frac(tb + sz, frac_us(p + 5, fsp), fsp);
        *v = ex_str(tb, sz, COLL_UTF8MB4_GENERAL_CI);
        return (size_t)k;
    }
    case T_DATETIME: {
        NEED(8);
        uint64_t x = le(p, 8);
        sz = (size_t)sprintf(tb, "%04d-%02d-%02d %02d:%02d:%02d", (int)(x / 10000000000ull), (int)(x / 100000000 % 100),
                             (int)(x / 1000000 % 100), (int)(x / 10000 % 100), (int)(x / 100 % 100), (int)(x % 100));
        *v = ex_str(tb, sz, COLL_UTF8MB4_GENERAL_CI);
        return 8;
    }
    case T_TIME2: {
        int fsp = m;
        k = 3 + (fsp + 1) / 2;
        NEED(k);
        int64_t packed;
        int64_t ip = (int64_t)be(p, 3) - 0x800000;
        if (fsp == 0) packed = ip * (1LL << 24);
        else if (fsp <= 2) {
            int64_t f = p[3];   /* (unsigned: a negative's fraction is stored reversed) */
            if (ip < 0 && f) { ip++; f -= 0x100; }
            packed = ip * (1LL << 24) + f * 10000;
        } else if (fsp <= 4) {
            int64_t f = (int64_t)be(p + 3, 2);
            if (ip < 0 && f) { ip++; f -= 0x10000; }
            packed = ip * (1LL << 24) + f * 100;
        } else packed = (int64_t)be(p, 6) - 0x800000000000LL;
        bool neg = packed < 0;
        if (neg) packed = -packed;
        int64_t hms = packed >> 24, us = packed % (1LL << 24);
        sz = (size_t)sprintf(tb, "%s%02d:%02d:%02d", neg ? "-" : "", (int)((hms >> 12) % (1 << 10)),
                             (int)((hms >> 6) % 64), (int)(hms % 64));
        sz += fmt_frac(tb + sz, (uint64_t)us, fsp);
        *v = ex_str(tb, sz, COLL_UTF8MB4_GENERAL_CI);
        return (size_t)k;
    }
    case T_TIME: {
        NEED(3);
        int32_t x = (int32_t)le(p, 3);
        if (x & 0x800000) x |= ~0xffffff;
        int32_t ax = x < 0 ? -x : x;
        sz = (size_t)sprintf(tb, "%s%02d:%02d:%02d", x < 0 ? "-" : "", ax / 10000, ax / 100 % 100, ax % 100);
        *v = ex_str(tb, sz, COLL_UTF8MB4_GENERAL_CI);
        return 3;
    }
    case T_NEWDECIMAL: {
        int prec = m >> 8, scale = m & 0xff;
        if (prec < 1 || prec > 65 || scale > 38 || scale > prec) return 0;
        sz = decimal_size(prec, scale);
        NEED(sz);
        size_t tl = decimal_text(p, prec, scale, tb);
        *v = ex_str(tb, tl, COLL_UTF8MB4_GENERAL_CI);
        return sz;
    }
    case T_BIT: {
        k = (m & 0xff) + ((m >> 8) ? 1 : 0);
        NEED(k);
        v->t = VT_UINT;
        v->u = be(p, k);
        if (v->u <= INT64_MAX) v->t = VT_INT;
        return (size_t)k;
    }
    case T_STRING: case T_ENUM: case T_SET: {
        int rt = m >> 8, len = m & 0xff;
        if ((rt & 0x30) != 0x30) { len |= ((rt & 0x30) ^ 0x30) << 4; rt |= 0x30; }
        if (rt == T_ENUM || rt == T_SET) {
            NEED(len);
            v->t = VT_INT;
            v->i = (int64_t)le(p, len);
            return (size_t)len;
        }
        k = len > 255 ? 2 : 1;
        break;
    }
    case T_VARCHAR: case T_VAR_STRING:
        k = m > 255 ? 2 : 1;
        break;
    case T_BLOB: case T_TINY_BLOB: case T_MEDIUM_BLOB: case T_LONG_BLOB: case T_GEOMETRY: case T_JSON:
        k = m;
        if (k < 1 || k > 4) return 0;
        break;
    default:
        return 0;
    }
    /* a string: a k-byte length, then its bytes as they are (row_image converts them for
       the column) */
    NEED(k);
    sz = le(p, k);
    NEED(k + sz);
    p += k;
    sz += (size_t)k;
    *v = ex_str((const char *)p, sz - (size_t)k, COLL_BINARY);
    return sz;
#undef NEED
}

/* The bytes of a string-valued column: set after col_value returned its size. */
static void text_value(const acol *c, const uint8_t *bytes, size_t n, pdb_value *v, stor_arena *ar)
{
    uint16_t coll = c ? c->coll : COLL_BINARY;
    const pdb_collation *cl = pdb_coll_by_id(coll);
    if (coll == COLL_BINARY || !c || c->kind != CK_STR) *v = ex_str((const char *)bytes, n, COLL_BINARY);
    else if (cl && pdb_coll_transcoded(coll)) *v = ex_bytes_in_charset(ar, (const char *)bytes, n, coll, NULL);
    else *v = ex_str((const char *)bytes, n, COLL_UTF8MB4_BIN);
}

static bool is_text_type(uint8_t t)
{
    return t == T_VARCHAR || t == T_VAR_STRING || t == T_STRING || t == T_BLOB || t == T_TINY_BLOB ||
           t == T_MEDIUM_BLOB || t == T_LONG_BLOB || t == T_GEOMETRY || t == T_JSON;
}

/* One row image (the columns in bits) into vals; its size, 0 when malformed. */
static size_t row_image(pdb_applier *a, const amap *m, const atab *tb, const uint8_t *bits,
                        const uint8_t *p, size_t left, pdb_value *vals, char *texts)
{
    uint32_t npresent = 0;
    for (uint32_t i = 0; i < m->ncols; i++) if (bits[i / 8] >> (i % 8) & 1) npresent++;
    size_t nb = (npresent + 7) / 8;
    if (left < nb) return 0;
    const uint8_t *nulls = p;
    size_t at = nb;
    uint32_t j = 0;
    for (uint32_t i = 0; i < m->ncols; i++) {
        if (!(bits[i / 8] >> (i % 8) & 1)) continue;
        pdb_value *v = &vals[i];
        if (nulls[j / 8] >> (j % 8) & 1) { memset(v, 0, sizeof *v); v->t = VT_NULL; j++; continue; }
        j++;
        const acol *c = i < tb->ncols ? &tb->cols[i] : NULL;
        char *tbuf = texts + (size_t)i * 128;
        size_t sz = col_value(c, m->types[i], m->meta[i], p + at, left - at, v, tbuf);
        if (!sz) return 0;
        if (is_text_type(m->types[i]) && v->t == VT_STRING) text_value(c, (const uint8_t *)v->p, v->len, v, &a->rowmem);
        at += sz;
    }
    return at;
}

/* ---- statements per map ---- */

static bool bit(const uint8_t *b, uint32_t i) { return b[i / 8] >> (i % 8) & 1; }

/* The key a before image finds its row by: the primary key's columns when all are in
 * the image, else every column of it. Sets use[] and returns how many. */
static uint32_t key_columns(const atab *t, const amap *m, const uint8_t *bits, bool *use)
{
    uint32_t n = 0;
    memset(use, 0, m->ncols * sizeof *use);
    bool all = t->npk > 0;
    for (uint32_t k = 0; k < t->npk; k++)
        if (t->pk[k] >= m->ncols || !bit(bits, t->pk[k]) || t->pk_prefix) all = false;
    if (all) {
        for (uint32_t k = 0; k < t->npk; k++) if (!use[t->pk[k]]) { use[t->pk[k]] = true; n++; }
        return n;
    }
    for (uint32_t i = 0; i < m->ncols; i++) if (bit(bits, i)) { use[i] = true; n++; }
    return n;
}

static pdb_stmt *prepare(pdb_applier *a, amap *m, const atab *t, int kind, const uint8_t *bits,
                         const uint8_t *bits2, size_t nb)
{
    if (m->st[kind] && !memcmp(m->bits[kind], bits, nb) && (!bits2 || !memcmp(m->bits[kind] + nb, bits2, nb)))
        return m->st[kind];
    if (m->st[kind]) { pdb_stmt_close(m->st[kind]); m->st[kind] = NULL; }
    free(m->bits[kind]);
    m->bits[kind] = malloc(2 * nb + 1);
    if (!m->bits[kind]) return NULL;
    memcpy(m->bits[kind], bits, nb);
    if (bits2) memcpy(m->bits[kind] + nb, bits2, nb);
    size_t n = 0;
    bool first = true;
    if (kind == 0) {
        puts_(a, &n, "INSERT INTO "); put_ident(a, &n, m->db); puts_(a, &n, "."); put_ident(a, &n, m->name);
        puts_(a, &n, " (");
        uint32_t cnt = 0;
        for (uint32_t i = 0; i < m->ncols; i++) {
            if (!bit(bits, i)) continue;
            if (cnt++) puts_(a, &n, ", ");
            put_ident(a, &n, t->cols[i].name);
        }
        puts_(a, &n, ") VALUES (");
        for (uint32_t i = 0; i < cnt; i++) puts_(a, &n, i ? ", ?" : "?");
        puts_(a, &n, ")");
    } else {
        puts_(a, &n, kind == 1 ? "UPDATE " : "DELETE FROM ");
        put_ident(a, &n, m->db); puts_(a, &n, "."); put_ident(a, &n, m->name);
        if (kind == 1) {
            puts_(a, &n, " SET ");
            for (uint32_t i = 0; i < m->ncols; i++) {
                if (!bit(bits2, i)) continue;
                if (!first) puts_(a, &n, ", ");
                first = false;
                put_ident(a, &n, t->cols[i].name);
                puts_(a, &n, " = ?");
            }
        }
        bool use[m->ncols + 1];
        key_columns(t, m, bits, use);
        puts_(a, &n, " WHERE ");
        first = true;
        for (uint32_t i = 0; i < m->ncols; i++) {
            if (!use[i]) continue;
            if (!first) puts_(a, &n, " AND ");
            first = false;
            put_ident(a, &n, t->cols[i].name);
            /* (a primary key's columns are never NULL: = finds the row by the index) */
            puts_(a, &n, t->cols[i].not_null ? " = ?" : " <=> ?");
        }
        puts_(a, &n, " LIMIT 1");
    }
    uint32_t np = 0, nc = 0;
    const pdb_colmeta *cols;
    a->code = 0;
    m->st[kind] = pdb_stmt_prepare(&a->s, a->buf, n, &a->sink, &np, &cols, &nc);
    return m->st[kind];
}

static int exec_row(pdb_applier *a, pdb_stmt *st, const pdb_value *params, uint32_t np)
{
    int rc;
    do {
        a->code = 0; a->affected = 0;
        rc = pdb_stmt_execute(&a->s, st, params, np, &a->sink);
        if (rc == PDB_EXEC_WAIT) rc = wait_parked(a, rc, true);
    } while (rc == PDB_EXEC_WAIT);
    return a->code ? -1 : 0;
}

static const char *const rows_names[3] = { "Write_rows_v1", "Update_rows_v1", "Delete_rows_v1" };

static int rows_fail(pdb_applier *a, int kind, const amap *m)
{
    char msg[PDB_MSG_LEN + 2 * PDB_NAME_LEN];   /* (names of 64 characters may be 256 bytes) */
    snprintf(msg, sizeof msg, "Could not execute %s event on table %s.%s; %.300s, Error_code: %u", rows_names[kind],
             m->db, m->name, a->msg, a->code);
    snprintf(a->msg, sizeof a->msg, "%.*s", (int)sizeof a->msg - 1, msg);
    return -1;
}

static int apply_rows(pdb_applier *a, const uint8_t *ev, size_t n, int kind, bool v2)
{
    const uint8_t *p = ev + 19, *end = ev + n;
    bool bad = false;
    if (n < 19 + 8) return fail(a, 1594, "Relay log read failure: a rows event is too short");
    uint64_t id = 0;
    memcpy(&id, p, 6);
    uint16_t flags = rd16(p + 6);
    p += 8;
    if (v2) {
        if (end - p < 2) return fail(a, 1594, "Relay log read failure: a rows event is too short");
        uint16_t el = rd16(p);
        if (el < 2 || end - p < el) return fail(a, 1594, "Relay log read failure: a rows event is malformed");
        p += el;
    }
    (void)flags;
    amap *m = map_find(a, id);
    if (!m) return fail(a, 1594, "Relay log read failure: a rows event names no Table_map");
    uint64_t nc = rd_lenenc(&p, end, &bad);
    if (bad || nc != m->ncols) return fail(a, 1594, "Relay log read failure: a rows event is malformed");
    size_t nb = (nc + 7) / 8;
    if ((size_t)(end - p) < nb * (kind == 1 ? 2 : 1)) return fail(a, 1594, "Relay log read failure: a rows event is malformed");
    const uint8_t *bits = p, *bits2 = kind == 1 ? p + nb : NULL;
    p += nb * (kind == 1 ? 2 : 1);
    atab snap, *t = &snap;
    int found = atab_take(m, t);
    if (found == -2) return fail(a, 1041, "Out of memory");
    if (found <= 0) {
        a->code = found < 0 ? 1677 : 1146;
        if (found < 0)
            snprintf(a->msg, sizeof a->msg, "Column count of %s.%s does not match the primary's (%u, %u)", m->db,
                     m->name, t->ncols, m->ncols);
        else snprintf(a->msg, sizeof a->msg, "Table '%s.%s' doesn't exist", m->db, m->name);
        return rows_fail(a, kind, m);
    }
    pdb_stmt *st = prepare(a, m, t, kind, bits, bits2, nb);
    if (!st) { atab_free(t); return rows_fail(a, kind, m); }
    pdb_value *before = calloc(2 * m->ncols + 1, sizeof *before), *after = before + m->ncols;
    pdb_value *params = calloc(2 * m->ncols + 1, sizeof *params);
    char *texts = malloc((size_t)m->ncols * 2 * 128 + 1);
    bool *use = calloc(m->ncols + 1, sizeof *use);
    int rc = 0;
    if (!before || !params || !texts || !use) { rc = fail(a, 1041, "Out of memory"); goto done; }
    key_columns(t, m, bits, use);
    a->s.replica_rows = true;
    /* values go in as the primary had them: no strictness (an ENUM's '' is index 0), no
       new AUTO_INCREMENT value for a 0 */
    uint32_t mode = a->s.sql_mode;
    a->s.sql_mode = MODE_NO_AUTO_VALUE_ON_ZERO;
    while (p < end && rc == 0) {
        size_t sz = row_image(a, m, t, bits, p, (size_t)(end - p), before, texts);
        if (!sz) { rc = fail(a, 1594, "Relay log read failure: a row image is malformed"); break; }
        p += sz;
        if (kind == 1) {
            sz = row_image(a, m, t, bits2, p, (size_t)(end - p), after, texts + (size_t)m->ncols * 128);
            if (!sz) { rc = fail(a, 1594, "Relay log read failure: a row image is malformed"); break; }
            p += sz;
        }
        uint32_t np = 0;
        if (kind == 0) {
            for (uint32_t i = 0; i < m->ncols; i++) if (bit(bits, i)) params[np++] = before[i];
        } else {
            if (kind == 1) for (uint32_t i = 0; i < m->ncols; i++) if (bit(bits2, i)) params[np++] = after[i];
            for (uint32_t i = 0; i < m->ncols; i++) if (use[i]) params[np++] = before[i];
        }
        rc = exec_row(a, st, params, np);
        if (rc == 0 && kind != 0 && a->affected == 0) {
            a->code = 1032;
            snprintf(a->msg, sizeof a->msg, "Can't find record in '%s'", m->name);
            rc = -1;
        }
        if (rc != 0) rows_fail(a, kind, m);
        stor_arena_reset(&a->rowmem);
    }
    a->s.replica_rows = false;
    a->s.sql_mode = mode;
done:
    free(before); free(params); free(texts); free(use);
    atab_free(t);
    return rc;
}

/* ---- one event ---- */

void pdb_applier_skip(pdb_applier *a, uint64_t groups) { a->skip = groups; }
void pdb_applier_skip_applied(pdb_applier *a, bool on) { a->skip_applied = on; }

/* Does @@gtid_slave_pos hold g already (its domain at g's sequence or past it)? */
static bool already_applied(const pdb_applier *a, const stor_gtid *g)
{
    if (!a->skip_applied) return false;
    stor_gtid st[64];
    int n = stor_slave_state(st, 64);
    for (int i = 0; i < n; i++)
        if (st[i].domain == g->domain) return g->seq <= st[i].seq;
    return false;
}
uint64_t pdb_applier_skip_left(const pdb_applier *a) { return a->skip; }

/* sql_slave_skip_counter: a group is passed over whole, from its GTID event to its end
 * (Xid, COMMIT, or a standalone group's statement); its GTID still becomes the position,
 * as MariaDB's SQL thread counts a skipped group as done. A group the position already
 * holds (pdb_applier_skip_applied) is passed over the same way, neither counted nor
 * written again. true: the event was skipped. */
static bool skipped(pdb_applier *a, const uint8_t *ev, size_t n)
{
    uint8_t type = ev[4];
    if (!a->skipping) {
        if ((!a->skip && !a->skip_applied) || type != EV_GTID || n < 19 + 13) return false;
        stor_gtid g;
        memcpy(&g.seq, ev + 19, 8);
        memcpy(&g.domain, ev + 27, 4);
        memcpy(&g.server, ev + 5, 4);
        bool dup = already_applied(a, &g);
        if (!dup && !a->skip) return false;
        a->gtid = g;
        a->skip_dup = dup;
        a->skip_standalone = ev[31] & 1;
        a->skipping = true;
        return true;
    }
    bool end = type == EV_XID || (type == EV_QUERY && a->skip_standalone);
    if (type == EV_QUERY && !end && n >= 19 + 13) {   /* a non-transactional group's COMMIT */
        size_t at = 19 + 13u + rd16(ev + 19 + 11) + ev[19 + 8] + 1;
        end = at + 6 == n && !strncasecmp((const char *)ev + at, "COMMIT", 6);
    }
    if (end && a->skip_dup) a->skipping = false;
    else if (end) {
        a->skipping = false;
        a->skip--;
        applied_begin(a);
        applied_end(a);   /* (should this write fail, the position stays before the group) */
    }
    return type != EV_FDE && type != EV_ROTATE;
}

int pdb_applier_event(pdb_applier *a, const uint8_t *ev, size_t n, uint16_t *code, char *msg, size_t cap)
{
    if (n < 19) { *code = 1594; snprintf(msg, cap, "Relay log read failure: an event is too short"); return -1; }
    a->code = 0;
    if (skipped(a, ev, n)) return 0;
    int rc = 0;
    switch (ev[4]) {
    case EV_GTID: rc = group_begin(a, ev, n); break;
    case EV_QUERY: rc = apply_query(a, ev, n); break;
    case EV_XID: rc = group_commit(a); break;
    case EV_TABLE_MAP: rc = apply_table_map(a, ev, n); break;
    case EV_WRITE_V1: rc = apply_rows(a, ev, n, 0, false); break;
    case EV_UPDATE_V1: rc = apply_rows(a, ev, n, 1, false); break;
    case EV_DELETE_V1: rc = apply_rows(a, ev, n, 2, false); break;
    case EV_WRITE_V2: rc = apply_rows(a, ev, n, 0, true); break;
    case EV_UPDATE_V2: rc = apply_rows(a, ev, n, 1, true); break;
    case EV_DELETE_V2: rc = apply_rows(a, ev, n, 2, true); break;
    case EV_INTVAR: rc = apply_intvar(a, ev, n); break;
    case EV_FDE: case EV_ROTATE: case EV_STOP: maps_clear(a); break;
    case EV_RAND: rc = apply_rand(a, ev, n); break;
    case EV_USER_VAR: rc = apply_user_var(a, ev, n); break;
    case EV_HEARTBEAT: case EV_ANNOTATE: case EV_CHECKPOINT:
    case EV_GTID_LIST: case EV_START_ENC:
        break;
    default:
        rc = fail(a, 1594, "Relay log read failure: event type %u is not supported by this replica", ev[4]);
    }
    if (rc != 0) {
        *code = a->code ? a->code : 1594;
        snprintf(msg, cap, "%s", a->msg);
        if (a->began || a->in_group) {   /* the group is undone; START SLAVE runs it again */
            a->code = 0;
            pdb_session_rollback(&a->s);
            a->in_group = a->began = false;
        }
        if (a->s.txn) stor_txn_set_applied(a->s.txn, NULL);
        a->s.replica_rows = false;
    }
    return rc;
}

bool pdb_applier_in_group(const pdb_applier *a) { return a->in_group; }

void pdb_applier_set_kill(pdb_applier *a, _Atomic uint8_t *kill) { a->s.kill = kill; }
