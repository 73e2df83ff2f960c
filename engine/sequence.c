/* sequence.c - SEQUENCE objects as MariaDB 10.11 has them: CREATE / ALTER / DROP
 * SEQUENCE, NEXTVAL / NEXT VALUE FOR, LASTVAL / PREVIOUS VALUE FOR, SETVAL, SHOW CREATE
 * SEQUENCE.
 *
 * A sequence is a table (stor_table.sequence) of MariaDB's eight columns holding one row:
 * next_not_cached_value (R), minimum_value, maximum_value, start_value, increment,
 * cache_size, cycle_option, cycle_count. SELECT reads it as any table; SHOW CREATE TABLE
 * prints it with SEQUENCE=1, which is also how the snapshot keeps it.
 *
 * The values handed out come from the state in memory (seq_state, stor_table.seq): the
 * next free value N and R, the end of the values reserved. N reaching R reserves the next
 * `cache` values: the row is written with the new R at once, in a transaction of its own
 * (not undone by the statement's or the session's rollback, as MariaDB's), so a restart
 * (which loads N = R) never hands out a value twice. A statement that may call NEXTVAL or
 * SETVAL runs as a writer (pl_stmt.seq_write: the store lock exclusive).
 *
 * CREATE and ALTER SEQUENCE are logged as their text; the row they make is written
 * outside any transaction (replay makes it again from the text). */
#include "engine/eng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { SC_NEXT, SC_MIN, SC_MAX, SC_START, SC_INC, SC_CACHE, SC_CYCLE, SC_ROUND, SC_N };

typedef struct seq_state {
    int64_t v[SC_N];          /* the row as last written */
    int64_t next;             /* N: the next value to hand out */
    bool all_used;            /* ran out without CYCLE: 4084 until reset */
    uint32_t row;             /* the row's id */
} seq_state;

static const char seq_columns[] =
    "CREATE TABLE s (`next_not_cached_value` bigint(21) NOT NULL, `minimum_value` bigint(21) NOT NULL, "
    "`maximum_value` bigint(21) NOT NULL, `start_value` bigint(21) NOT NULL COMMENT 'start value when sequences is "
    "created or value if RESTART is used', `increment` bigint(21) NOT NULL COMMENT 'increment value', "
    "`cache_size` bigint(21) unsigned NOT NULL, `cycle_option` tinyint(1) unsigned NOT NULL COMMENT '0 if no cycles "
    "are allowed, 1 if the sequence should begin a new cycle when maximum_value is passed', `cycle_count` bigint(21) "
    "NOT NULL COMMENT 'How many cycles have been done')";

void ex_seq_coldefs(ex_ctx *ctx, pl_stmt *st)
{
    if (st->temporary) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'CREATE TEMPORARY SEQUENCE'");
    pl_parse_opts o = { .no_block_ids = true };
    pl_stmt def;
    pl_error err;
    size_t pos = 0, n = strlen(seq_columns);
    char *text = stor_arena_strndup(ctx->a, seq_columns, n);
    if (pl_parse(ctx->a, text, n, &pos, &o, &def, &err) != 0 || def.ncoldefs != SC_N)
        ex_raise(ctx, 1064, "42000", "CREATE SEQUENCE: %s", err.msg);
    st->coldefs = def.coldefs;
    st->ncoldefs = def.ncoldefs;
}

/* ---- the options, checked as MariaDB checks them ---- */

static int64_t real_inc(ex_ctx *ctx, int64_t inc)
{
    if (inc) return inc;
    pdb_value v;
    ex_type t;
    if (ex_sysvar_get(ctx->s, "auto_increment_increment", true, &v, ctx->a, &t) == 0 && v.t == VT_INT && v.i > 0) return v.i;
    return 1;
}

/* 4085 unless the row's values make a sequence */
static void seq_check(ex_ctx *ctx, const char *db, const char *name, const int64_t *v)
{
    int64_t inc = real_inc(ctx, v[SC_INC]);
    uint64_t m = v[SC_INC] ? (inc < 0 ? 0 - (uint64_t)inc : (uint64_t)inc) : 65535;
    bool ok = v[SC_INC] != INT64_MIN && v[SC_MAX] >= v[SC_START] && v[SC_MAX] > v[SC_MIN] && v[SC_START] >= v[SC_MIN] &&
              v[SC_MAX] != INT64_MAX && v[SC_MIN] != INT64_MIN && v[SC_CACHE] >= 0 &&
              (uint64_t)v[SC_CACHE] < ((uint64_t)INT64_MAX - m) / m &&
              (inc > 0 ? v[SC_NEXT] >= v[SC_MIN] : v[SC_NEXT] <= v[SC_MAX]);
    if (!ok) ex_raise(ctx, 4085, "HY000", "Sequence '%s.%s' has out of range value for options", db, name);
}

/* The row of a new sequence: the defaults for what the options leave out. */
static void seq_fill(ex_ctx *ctx, const pl_seqopt *o, int64_t *v)
{
    v[SC_INC] = (o->has & PL_SEQ_INC) ? o->inc : 1;
    int64_t inc = real_inc(ctx, v[SC_INC]);
    v[SC_MIN] = (o->has & PL_SEQ_MIN) && !o->no_min ? o->min : inc < 0 ? INT64_MIN + 1 : 1;
    v[SC_MAX] = (o->has & PL_SEQ_MAX) && !o->no_max ? o->max : inc < 0 ? -1 : INT64_MAX - 1;
    v[SC_START] = (o->has & PL_SEQ_START) ? o->start : inc < 0 ? v[SC_MAX] : v[SC_MIN];
    v[SC_CACHE] = (o->has & PL_SEQ_CACHE) ? o->cache : 1000;
    v[SC_CYCLE] = (o->has & PL_SEQ_CYCLE) && o->cycle;
    v[SC_ROUND] = 0;
    v[SC_NEXT] = v[SC_START];
}

/* ---- the row ---- */

static void seq_values(const int64_t *v, pdb_value *out)
{
    for (int i = 0; i < SC_N; i++) out[i] = ex_int(v[i]);   /* (cache_size never past 2^63: seq_check) */
}

/* Writes the row outside the statement's transaction: committed (logged) at once when
 * log is set, else not logged at all (CREATE / ALTER: their text is). */
static void seq_write_row(ex_ctx *ctx, stor_table *t, seq_state *s, bool insert, bool log)
{
    pdb_value vals[SC_N];
    seq_values(s->v, vals);
    stor_txn *outer = stor_txn_attached(), *x = log ? stor_txn_new() : NULL;
    stor_view saved = stor_view_cur;
    stor_view_cur = (stor_view){ false, false, 0, 0 };   /* the current row, written in place */
    stor_txn_attach(x);
    int dup = -1;
    uint32_t drow = 0;
    int64_t r = insert ? stor_row_insert(t, vals, &dup, &drow) : stor_row_update(t, s->row, vals, &dup, &drow);
    int rc = r >= 0 && x ? stor_txn_commit() : 0;
    if (r < 0 && x) stor_txn_rollback();
    stor_txn_attach(outer);
    stor_view_cur = saved;
    if (x) stor_txn_free(x);
    if (r == STOR_LOCKED) ex_raise(ctx, 1205, "HY000", "Lock wait timeout exceeded; try restarting transaction");
    if (r < 0) ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 5, "Input/output error");
    if (rc != 0) ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    s->row = (uint32_t)r;
}

/* N from R: aligned to auto_increment_increment / _offset when the increment is 0 */
static int64_t seq_align(ex_ctx *ctx, const int64_t *v, int64_t at)
{
    if (v[SC_INC]) return at;
    pdb_value ov;
    ex_type t;
    int64_t inc = real_inc(ctx, 0), off = 0;
    if (ex_sysvar_get(ctx->s, "auto_increment_offset", true, &ov, ctx->a, &t) == 0 && ov.t == VT_INT && ov.i > 0) off = ov.i;
    if (inc == 1) return at;
    off %= inc;
    int64_t r = at % inc;
    if (r < 0) r += inc;
    int64_t add = (inc + off - r) % inc;
    if (add && at > v[SC_MAX] - add) return v[SC_MAX] + 1;
    return at + add;
}

/* The state: read from the row the first time (N = R: what a restart hands out next). */
static seq_state *seq_state_of(ex_ctx *ctx, stor_table *t)
{
    if (t->seq) return t->seq;
    stor_view saved = stor_view_cur;
    stor_view_cur = (stor_view){ false, false, 0, 0 };
    int64_t row = -1;
    for (uint32_t r = 0; r < t->nrows && row < 0; r++) if (stor_row_visible(t, r)) row = r;
    stor_view_cur = saved;
    if (row < 0) ex_raise(ctx, 4084, "HY000", "Sequence '%s.%s' has run out", t->db, t->name);
    seq_state *s = stor_calloc(1, sizeof *s);
    for (int i = 0; i < SC_N; i++) {
        pdb_value v;
        stor_get(t, (uint32_t)i, (uint32_t)row, &v);
        s->v[i] = v.t == VT_UINT ? (int64_t)v.u : v.i;
    }
    s->row = (uint32_t)row;
    s->next = seq_align(ctx, s->v, s->v[SC_NEXT]);
    t->seq = s;
    return s;
}

/* After CREATE, ALTER or a write of the row other than NEXTVAL's: read again */
void ex_seq_forget(stor_table *t)
{
    stor_free(t->seq);
    t->seq = NULL;
}

/* ---- CREATE / ALTER ---- */

/* The row of a sequence just made: from its options, or (NULL: CREATE TABLE ... LIKE a
 * sequence, for which MariaDB copies the table and not its row) the defaults */
void ex_seq_created(ex_ctx *ctx, stor_table *t, const pl_seqopt *o)
{
    static const pl_seqopt none;
    seq_state s = { 0 };
    seq_fill(ctx, o ? o : &none, s.v);
    seq_write_row(ctx, t, &s, true, false);
    ex_seq_forget(t);
}

void ex_seq_check_create(ex_ctx *ctx, pl_stmt *st, const char *db)
{
    int64_t v[SC_N];
    seq_fill(ctx, st->seq, v);
    seq_check(ctx, db, st->table, v);
}

static stor_table *seq_table(ex_ctx *ctx, const char *dbq, const char *name)
{
    const char *db = ex_cur_db(ctx, dbq);
    stor_table *t = stor_table_find(db, name);
    if (!t) ex_raise(ctx, 4091, "42S02", "Unknown SEQUENCE: '%s'", name);
    if (!t->sequence) ex_raise(ctx, 4089, "42S02", "'%s.%s' is not a SEQUENCE", db, name);
    return t;
}

void ex_seq_alter(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    const char *db = ex_cur_db(ctx, st->db);
    if (st->if_exists && !stor_table_find(db, st->table)) {
        ex_warn(ctx, "Note", 4091, "Unknown SEQUENCE: '%s.%s'", db, st->table);
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    stor_table *t = seq_table(ctx, st->db, st->table);
    seq_state *s = seq_state_of(ctx, t);
    const pl_seqopt *o = st->seq;
    int64_t v[SC_N];
    memcpy(v, s->v, sizeof v);
    if (o->has & PL_SEQ_INC) v[SC_INC] = o->inc;
    int64_t inc = real_inc(ctx, v[SC_INC]);
    if (o->has & PL_SEQ_MIN) v[SC_MIN] = o->no_min ? (inc < 0 ? INT64_MIN + 1 : 1) : o->min;
    if (o->has & PL_SEQ_MAX) v[SC_MAX] = o->no_max ? (inc < 0 ? -1 : INT64_MAX - 1) : o->max;
    if (o->has & PL_SEQ_START) v[SC_START] = o->start;
    if (o->has & PL_SEQ_CACHE) v[SC_CACHE] = o->cache;
    if (o->has & PL_SEQ_CYCLE) v[SC_CYCLE] = o->cycle;
    if (o->has & PL_SEQ_RESTART) v[SC_NEXT] = (o->has & PL_SEQ_RESTART_WITH) ? o->restart : v[SC_START];
    v[SC_ROUND] = 0;
    seq_check(ctx, db, t->name, v);
    if (!ex_replaying && ex_log_ddl(ctx, db, st->start, st->len) != 0)
        ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    memcpy(s->v, v, sizeof v);
    seq_write_row(ctx, t, s, false, false);
    ex_seq_forget(t);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

/* ---- NEXTVAL / LASTVAL / SETVAL ---- */

static int64_t seq_step(const int64_t *v, int64_t inc, int64_t at)
{
    if (inc > 0) return at > v[SC_MAX] - inc ? v[SC_MAX] + 1 : at + inc;
    return at < v[SC_MIN] - inc ? v[SC_MIN] - 1 : at + inc;
}

static void lastval_name(char *out, size_t cap, const stor_table *t)
{
    snprintf(out, cap, "\001seq\001%s\001%s", t->db, t->name);   /* (no SQL name reaches it) */
}

static int64_t seq_next(ex_ctx *ctx, stor_table *t, bool retry)
{
    seq_state *s = seq_state_of(ctx, t);
    int64_t *v = s->v, inc = real_inc(ctx, v[SC_INC]);
    int64_t res = s->next;
    s->next = seq_step(v, inc, s->next);
    if (inc > 0 ? res < v[SC_NEXT] : res > v[SC_NEXT]) return res;   /* reserved already */
    if (s->all_used) ex_raise(ctx, 4084, "HY000", "Sequence '%s.%s' has run out", t->db, t->name);
    int64_t old_r = v[SC_NEXT], old_n = s->next, old_round = v[SC_ROUND];
    __int128 add = (__int128)inc * (v[SC_CACHE] ? v[SC_CACHE] : 1), nr = (__int128)v[SC_NEXT] + add;
    bool out = false;
    if (inc > 0 && nr > v[SC_MAX]) { v[SC_NEXT] = v[SC_MAX] + 1; out = res >= v[SC_NEXT]; }
    else if (inc < 0 && nr < v[SC_MIN]) { v[SC_NEXT] = v[SC_MIN] - 1; out = res <= v[SC_NEXT]; }
    else v[SC_NEXT] = (int64_t)nr;
    if (out) {
        if (!v[SC_CYCLE] || retry) {
            v[SC_NEXT] = old_r;
            s->all_used = true;
            ex_raise(ctx, 4084, "HY000", "Sequence '%s.%s' has run out", t->db, t->name);
        }
        v[SC_ROUND]++;
        v[SC_NEXT] = inc > 0 ? v[SC_MIN] : v[SC_MAX];
        s->next = seq_align(ctx, v, v[SC_NEXT]);
        return seq_next(ctx, t, true);
    }
    jmp_buf jb, *saved = ctx->jb;   /* a failed write: the state as it was */
    ctx->jb = &jb;
    if (setjmp(jb)) {
        ctx->jb = saved;
        v[SC_NEXT] = old_r; s->next = old_n; v[SC_ROUND] = old_round;
        longjmp(*saved, 1);
    }
    seq_write_row(ctx, t, s, false, true);
    ctx->jb = saved;
    return res;
}

/* The sequence a[0], a[1] name: the database ('' the current one) and the name. write:
 * NEXTVAL / SETVAL, which need the store lock exclusive (pl_stmt.seq_write). */
static stor_table *seq_arg(ex_ctx *ctx, const pdb_value *a, bool write)
{
    char db[256], name[256];
    snprintf(db, sizeof db, "%.*s", (int)a[0].len, a[0].p);
    snprintf(name, sizeof name, "%.*s", (int)a[1].len, a[1].p);
    if (write && stor_lock_mode() != 2)
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'NEXTVAL or SETVAL here'");
    return seq_table(ctx, db[0] ? db : NULL, name);
}

void ex_seq_nextval(ex_ctx *ctx, pdb_value *a, pdb_value *out)
{
    stor_table *t = seq_arg(ctx, a, true);
    char key[300];
    lastval_name(key, sizeof key, t);
    pdb_value nul = ex_null();
    ex_uservar_set(ctx->s, key, &nul);
    int64_t v = seq_next(ctx, t, false);
    *out = ex_int(v);
    ex_uservar_set(ctx->s, key, out);
}

void ex_seq_lastval(ex_ctx *ctx, pdb_value *a, pdb_value *out)
{
    char key[300];
    stor_table *t = seq_arg(ctx, a, false);
    lastval_name(key, sizeof key, t);
    ex_uservar_get(ctx->s, key, out);
}

void ex_seq_setval(ex_ctx *ctx, pdb_value *a, int n, pdb_value *out)
{
    stor_table *t = seq_arg(ctx, a, true);
    seq_state *s = seq_state_of(ctx, t);
    int64_t *v = s->v, inc = real_inc(ctx, v[SC_INC]);
    int64_t value = ex_to_int(&a[2]);
    bool used = n > 3 ? ex_to_int(&a[3]) != 0 : true;
    int64_t round = n > 4 ? ex_to_int(&a[4]) : 0;
    int64_t nv = used ? seq_step(v, inc, value) : value;
    bool must = false;
    *out = ex_null();
    if (v[SC_ROUND] > round) return;
    if (v[SC_ROUND] == round) {
        if (inc > 0 ? nv < s->next : nv > s->next) return;
        if (nv == s->next) { *out = ex_int(value); return; }
    } else if (!v[SC_CYCLE]) {
        ex_raise(ctx, 4084, "HY000", "Sequence '%s.%s' has run out", t->db, t->name);
    } else must = true;
    int64_t old[SC_N], old_n = s->next;
    memcpy(old, v, sizeof old);
    v[SC_ROUND] = round;
    s->next = seq_align(ctx, v, nv);
    s->all_used = false;
    if ((inc > 0 ? s->next > v[SC_NEXT] : s->next < v[SC_NEXT]) || must) {
        v[SC_NEXT] = s->next;
        jmp_buf jb, *saved = ctx->jb;
        ctx->jb = &jb;
        if (setjmp(jb)) {
            ctx->jb = saved;
            memcpy(v, old, sizeof old); s->next = old_n;
            longjmp(*saved, 1);
        }
        seq_write_row(ctx, t, s, false, true);
        ctx->jb = saved;
    }
    *out = ex_int(value);
}

/* ---- SHOW CREATE SEQUENCE ---- */

const char *ex_seq_show_create(ex_ctx *ctx, const char *dbq, const char *name)
{
    const char *db = ex_cur_db(ctx, dbq);
    stor_table *t = stor_table_find(db, name);
    if (!t) ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", db, name);
    if (!t->sequence) ex_raise(ctx, 4089, "42S02", "'%s.%s' is not a SEQUENCE", db, name);
    seq_state *s = seq_state_of(ctx, t);
    const int64_t *v = s->v;
    char head[400];
    char *q = stor_arena_alloc(ctx->a, 2 * strlen(t->name) + 3), *w = q;
    *w++ = '`';
    for (const char *p = t->name; *p; p++) { if (*p == '`') *w++ = '`'; *w++ = *p; }
    *w++ = '`'; *w = 0;
    char cache[40];
    if (v[SC_CACHE]) snprintf(cache, sizeof cache, "cache %lld", (long long)v[SC_CACHE]);
    else snprintf(cache, sizeof cache, "nocache");
    snprintf(head, sizeof head, " start with %lld minvalue %lld maxvalue %lld increment by %lld %s %s ENGINE=%s",
             (long long)v[SC_START], (long long)v[SC_MIN], (long long)v[SC_MAX], (long long)v[SC_INC], cache,
             v[SC_CYCLE] ? "cycle" : "nocycle", t->engine);
    size_t n = strlen(q) + strlen(head) + 32 + (t->comment ? 2 * strlen(t->comment) + 16 : 0);
    char *out = stor_arena_alloc(ctx->a, n);
    int k = snprintf(out, n, "CREATE SEQUENCE %s%s", q, head);
    if (t->comment) {
        k += snprintf(out + k, n - (size_t)k, " COMMENT='");
        for (const char *p = t->comment; *p; p++) { if (*p == '\'') out[k++] = '\''; out[k++] = *p; }
        out[k++] = '\'';
        out[k] = 0;
    }
    return out;
}

/* ---- INSERT, UPDATE, DELETE ---- */

/* INSERT into a sequence: its one row replaced by the VALUES row (checked as CREATE's),
 * and the values cached so far dropped, as MariaDB does. */
void ex_seq_insert(ex_ctx *ctx, pl_stmt *st, stor_table *t, ex_result *r)
{
    if (st->sel || st->nsets || st->nrows != 1 || st->ndup)
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'this INSERT into a SEQUENCE'");
    int ncols = st->ncols ? st->ncols : SC_N, map[SC_N];
    bool given[SC_N] = { false };
    for (int i = 0; i < ncols; i++) {
        map[i] = i;
        if (st->ncols) {
            map[i] = -1;
            for (int c = 0; c < SC_N && i < SC_N; c++) if (!strcasecmp(st->cols[i], t->cols[c].name)) map[i] = c;
            if (map[i] < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'INSERT INTO'", st->cols[i]);
            if (given[map[i]]) ex_raise(ctx, 1110, "42000", "Column '%s' specified twice", st->cols[i]);
        }
        given[map[i]] = true;
    }
    pl_expr **row = pl_insert_row(st, 0, ctx->a);
    if (st->rowlen != ncols) ex_raise(ctx, 1136, "21S01", "Column count doesn't match value count at row 1");
    /* columns left out: 1364, but for a replica's rows event, whose image may hold only
       the columns that change (they keep what the row has) */
    for (int c = 0; c < SC_N; c++)
        if (!given[c] && !ctx->s->replica_rows)
            ex_raise(ctx, 1364, "HY000", "Field '%s' doesn't have a default value", t->cols[c].name);
    seq_state *s = seq_state_of(ctx, t);
    int64_t v[SC_N];
    memcpy(v, s->v, sizeof v);
    ex_ctx vctx = *ctx;
    vctx.src = NULL; vctx.nsrc = 0;
    for (int i = 0; i < ncols; i++) {
        ex_scope sc = { 0 };
        sc.ctx = &vctx; sc.item_base = -1; sc.clause = "field list";
        ex_type ty;
        pdb_value x;
        ex_eval(&vctx, ex_compile(&sc, row[i], &ty), &x);
        if (x.t == VT_NULL) ex_raise(ctx, 1048, "23000", "Column '%s' cannot be null", t->cols[map[i]].name);
        v[map[i]] = x.t == VT_UINT ? (int64_t)x.u : ex_to_int(&x);
    }
    seq_check(ctx, t->db, t->name, v);
    int64_t old[SC_N];
    memcpy(old, s->v, sizeof old);
    memcpy(s->v, v, sizeof v);
    jmp_buf jb, *saved = ctx->jb;
    ctx->jb = &jb;
    if (setjmp(jb)) {
        ctx->jb = saved;
        memcpy(s->v, old, sizeof old);
        longjmp(*saved, 1);
    }
    seq_write_row(ctx, t, s, false, true);
    ctx->jb = saved;
    ex_seq_forget(t);
    ex_send_ok(ctx, r, 1, 0, NULL);
}

void ex_seq_no_option(ex_ctx *ctx, const stor_table *t)
{
    ex_raise(ctx, 1031, "HY000", "Storage engine SEQUENCE of the table `%s`.`%s` doesn't have this option", t->db, t->name);
}
