/* dml.c - INSERT, REPLACE, UPDATE and DELETE with MariaDB's affected-row counts,
 * insert ids, defaults, truncation rules and duplicate-key handling. */
#include "engine/eng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int col_index(stor_table *t, const char *name)
{
    for (uint32_t i = 0; i < t->ncols; i++) if (!strcasecmp(t->cols[i].name, name)) return (int)i;
    return -1;
}

/* The implicit default of a NOT NULL column without DEFAULT (non-strict mode). */
static pdb_value implicit_default(const stor_column *c)
{
    switch (c->kind) {
    case CK_F64: return ex_dbl(0);
    case CK_STR:
        if (c->type == CT_ENUM && c->n_enum) return ex_str(c->enum_vals[0], strlen(c->enum_vals[0]), c->coll);
        return ex_str("", 0, c->coll);
    default: {
        pdb_value v = ex_int(0);
        if (c->type == CT_DECIMAL) { v.t = VT_DECIMAL; v.scale = (uint8_t)(c->scale < 0 ? 0 : c->scale); }
        if (c->type == CT_DATE) v.t = VT_DATE;
        if (c->type == CT_DATETIME || c->type == CT_TIMESTAMP) v.t = VT_DATETIME;
        if (c->type == CT_TIME) v.t = VT_TIME;
        return v;
    }
    }
}

/* The statement's start (as MariaDB: one time for every row) with fsp fraction digits,
 * in the session's time zone. */
static pdb_value now_value(ex_ctx *ctx, int fsp)
{
    time_t tt = (time_t)(ctx->now_us / 1000000);
    int us = (int)(ctx->now_us % 1000000);
    static const int cut[7] = { 1000000, 100000, 10000, 1000, 100, 10, 1 };
    us = fsp <= 0 ? 0 : fsp >= 6 ? us : us - us % cut[fsp];
    struct tm tm;
    ex_tz_local(ctx->s, tt, &tm);
    pdb_value v = ex_int(pdb_dt_pack(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, us));
    v.t = VT_DATETIME;
    v.scale = (uint8_t)(fsp > 0 ? fsp : 0);
    return v;
}

/* CURRENT_TIMESTAMP as a column's default takes it (whole seconds). */
void ex_column_default_now(ex_ctx *ctx, pdb_value *out) { *out = now_value(ctx, 0); }

pdb_value ex_implicit_default(const stor_column *c) { return implicit_default(c); }

/* The column's DEFAULT as a value (stored as SQL text in the catalog). */
bool ex_column_default(ex_ctx *ctx, const stor_column *c, pdb_value *out)
{
    if (!c->has_default || !c->default_sql || c->default_expr) { *out = ex_null(); return c->has_default; }
    const char *d = c->default_sql;
    if (!strcasecmp(d, "NULL")) { *out = ex_null(); return true; }
    if (!strncasecmp(d, "current_timestamp", 17) || !strncasecmp(d, "now(", 4)) {
        const char *par = strchr(d, '(');   /* CURRENT_TIMESTAMP(n): n fraction digits */
        *out = now_value(ctx, par ? atoi(par + 1) : 0);
        return true;
    }
    if ((d[0] == 'b' || d[0] == 'B') && d[1] == '\'') {   /* a BIT column's b'101' */
        uint64_t u = 0;
        for (const char *p = d + 2; *p == '0' || *p == '1'; p++) u = u << 1 | (uint64_t)(*p - '0');
        *out = ex_bit_bytes(ctx, c->width ? c->width : 1, u);
        return true;
    }
    if (d[0] == '\'') {
        /* 'text' with '' doubled */
        size_t n = strlen(d);
        char *buf = stor_arena_alloc(ctx->a, n);
        size_t k = 0;
        for (size_t i = 1; i + 1 < n; i++) { buf[k++] = d[i]; if (d[i] == '\'' && d[i + 1] == '\'') i++; }
        *out = ex_str(buf, k, c->coll);
        return true;
    }
    *out = ex_str(d, strlen(d), COLL_BINARY);
    return true;
}

static void dup_message(ex_ctx *ctx, stor_table *t, int ix, const pdb_value *vals, char *buf, size_t cap)
{
    stor_index *x = &t->idx[ix];
    size_t k = 0;
    for (uint32_t i = 0; i < x->ncols && k < cap - 1; i++) {
        size_t l; const char *s = ex_to_str(ctx->a, &vals[x->cols[i]], &l);
        if (x->prefix[i] && l > x->prefix[i]) l = x->prefix[i];
        k += (size_t)snprintf(buf + k, cap - k, "%s%.*s", i ? "-" : "", (int)(l > 64 ? 64 : l), s);
    }
}

static void raise_dup(ex_ctx *ctx, stor_table *t, int ix, const pdb_value *vals)
{
    char key[200];
    dup_message(ctx, t, ix, vals, key, sizeof key);
    ex_raise(ctx, 1062, "23000", "Duplicate entry '%s' for key '%s'", key, t->idx[ix].name);
}

/* LOAD DATA's NULL for a NOT NULL column: a TIMESTAMP takes the time, another column
 * its type's zero with warning 1263 (an error in strict mode). */
void ex_load_null(ex_ctx *ctx, const stor_column *col, pdb_value *v)
{
    if (col->type == CT_TIMESTAMP) {
        pdb_value now;
        ex_column_default_now(ctx, &now);
        *v = now;
        return;
    }
    uint32_t row = ctx->feed->rowno;
    if (ctx->strict && !ctx->ignore)
        ex_raise(ctx, 1263, "22004", "Column set to default value; NULL supplied to NOT NULL column '%s' at row %u", col->name, row);
    ex_warn(ctx, "Warning", 1263, "Column set to default value; NULL supplied to NOT NULL column '%s' at row %u", col->name, row);
    *v = implicit_default(col);
}

/* A NULL for a NOT NULL column: MariaDB's 1048, or its warning and the type's zero. */
static void null_column(ex_ctx *ctx, const stor_column *col, pdb_value *v, bool multi)
{
    if (ctx->feed) { ex_load_null(ctx, col, v); return; }
    if ((!multi || ctx->strict) && !ctx->ignore) {
        if (!multi && ctx->stmt && ctx->stmt->default_null == col) {   /* (MariaDB says whose default it was) */
            ctx->stmt->err_after = 4028;
            snprintf(ctx->stmt->err_after_msg, sizeof ctx->stmt->err_after_msg,
                     "Got an error when calculating default value for `%s`", col->name);
        }
        ex_raise(ctx, 1048, "23000", "Column '%s' cannot be null", col->name);
    }
    ex_warn(ctx, "Warning", 1048, "Column '%s' cannot be null", col->name);
    *v = implicit_default(col);
}

/* NOT NULL columns without a default that the INSERT does not give (after BEFORE INSERT
 * triggers, which may still set them): 1364, or its warning and the type's zero. */
static void no_default_check(ex_ctx *ctx, stor_table *t, pdb_value *vals, const bool *given)
{
    for (uint32_t c = 0; c < t->ncols; c++) {
        stor_column *col = &t->cols[c];
        if (!given[c] && !col->has_default && col->not_null && !col->auto_increment && vals[c].t == VT_NULL) {
            if (ctx->strict) ex_raise(ctx, 1364, "HY000", "Field '%s' doesn't have a default value", col->name);
            ex_warn(ctx, "Warning", 1364, "Field '%s' doesn't have a default value", col->name);
            vals[c] = implicit_default(col);
        }
    }
}

/* After BEFORE INSERT triggers (which may still fill them in): the NULLs left. */
static void null_check(ex_ctx *ctx, stor_table *t, pdb_value *vals, bool multi)
{
    for (uint32_t c = 0; c < t->ncols; c++)
        if (vals[c].t == VT_NULL && t->cols[c].not_null && !t->cols[c].auto_increment)
            null_column(ctx, &t->cols[c], &vals[c], multi);
}

/* Converts a full row of values for storage (nulls_later: NULLs of NOT NULL columns are
 * left for null_check; done: columns a LOAD DATA feed converted already). */
static void convert_row(ex_ctx *ctx, stor_table *t, pdb_value *vals, uint32_t rowno, bool multi, bool nulls_later,
                        const bool *done)
{
    for (uint32_t c = 0; c < t->ncols; c++) {
        stor_column *col = &t->cols[c];
        if (done && done[c]) continue;
        if (vals[c].t == VT_NULL && col->not_null && !col->auto_increment) {
            if (!nulls_later) null_column(ctx, col, &vals[c], multi);
            continue;
        }
        pdb_value o;
        ex_store_convert(ctx, col, &vals[c], &o, rowno);
        ex_store_ts(ctx, col, &o);
        vals[c] = o;
    }
}

/* Past the memory limit writes fail as a full InnoDB table would (reads, deletes go on). */
static void check_room(ex_ctx *ctx, stor_table *t)
{
    if (stor_mem_full()) ex_raise(ctx, 1114, "HY000", "The table '%s' is full", t->name);
}

/* The largest value an AUTO_INCREMENT column can take. */
static uint64_t autoinc_max(const stor_column *c)
{
    switch (c->type) {
    case CT_TINYINT: return c->is_unsigned ? 255 : 127;
    case CT_SMALLINT: return c->is_unsigned ? 65535 : 32767;
    case CT_MEDIUMINT: return c->is_unsigned ? 16777215 : 8388607;
    case CT_INT: return c->is_unsigned ? UINT32_MAX : INT32_MAX;
    case CT_BIGINT: return c->is_unsigned ? UINT64_MAX : INT64_MAX;
    default: return UINT64_MAX;
    }
}

static int auto_col(stor_table *t)
{
    for (uint32_t c = 0; c < t->ncols; c++) if (t->cols[c].auto_increment) return (int)c;
    return -1;
}

/* Values of an existing row. */
static void load_row(stor_table *t, uint32_t row, pdb_value *vals)
{
    for (uint32_t c = 0; c < t->ncols; c++) stor_get(t, c, row, &vals[c]);
}

static bool rows_equal(stor_table *t, const pdb_value *a, const pdb_value *b)
{
    for (uint32_t c = 0; c < t->ncols; c++) {
        if (a[c].t == VT_NULL || b[c].t == VT_NULL) { if (a[c].t != b[c].t) return false; continue; }
        if (a[c].t == VT_STRING) {
            if (a[c].len != b[c].len || memcmp(a[c].p, b[c].p, a[c].len)) return false;
        } else if (a[c].t == VT_DOUBLE) { if (a[c].d != b[c].d) return false; }
        else if (ex_dec_wide(&a[c]) || ex_dec_wide(&b[c])) {
            /* a wide decimal's p points at its text: compare the values */
            ex_dec x, y;
            ex_dec_get(&a[c], &x);
            ex_dec_get(&b[c], &y);
            if (a[c].t != b[c].t || ex_dec_cmp(&x, &y)) return false;
        }
        else if (a[c].i != b[c].i) return false;
    }
    return true;
}

/* MariaDB's REPLACE updates the old row in place when the conflict is on the table's last
 * unique key (sql_insert.cc write_record, last_uniq_key; no triggers or foreign keys
 * here): a new row identical to the old one then changes nothing and is not counted as a
 * duplicate. */
static bool replace_same(stor_table *t, int dix, uint32_t drow, const pdb_value *vals)
{
    for (uint32_t i = (uint32_t)dix + 1; i < t->nidx; i++)
        if (t->idx[i].kind == IK_PRIMARY || t->idx[i].kind == IK_UNIQUE) return false;
    pdb_value old[t->ncols];
    load_row(t, drow, old);
    return rows_equal(t, old, vals);
}

static void stamp_on_update(ex_ctx *ctx, stor_table *t, pdb_value *vals, const bool *assigned)
{
    for (uint32_t c = 0; c < t->ncols; c++) {
        if (!t->cols[c].on_update_now || (assigned && assigned[c])) continue;
        vals[c] = now_value(ctx, t->cols[c].scale);   /* (ON UPDATE's precision is the column's) */
        ex_store_ts(ctx, &t->cols[c], &vals[c]);
    }
}

/* Source 0 of a write's context (table t) read as a one-row derived source of the row
 * being written: its names and types (also for a subquery's outer references). */
void ex_row_source_names(ex_ctx *ctx, ex_src *src, const stor_table *t)
{
    if (src->dnames) return;
    src->dncols = (int)t->ncols;
    src->dnames = stor_arena_alloc(ctx->a, t->ncols * sizeof(char *));
    src->dtypes = stor_arena_alloc(ctx->a, t->ncols * sizeof(ex_type));
    for (uint32_t c = 0; c < t->ncols; c++) {
        src->dnames[c] = t->cols[c].name;
        ex_type_of_column(&t->cols[c], &src->dtypes[c]);
    }
}

/* Applies SET assignments (ON DUPLICATE KEY UPDATE / UPDATE) to a row; returns true if
 * any value changed. */
static bool apply_sets(ex_ctx *ctx, stor_table *t, uint32_t row, pl_assign *sets, int nsets, ex_prog **progs,
                       pdb_value *newv, uint32_t rowno, ex_gens *gens)
{
    pdb_value oldv[t->ncols], view[t->ncols];
    load_row(t, row, oldv);
    for (uint32_t c = 0; c < t->ncols; c++) {
        newv[c] = view[c] = oldv[c];
        ex_read_ts(ctx->s, &t->cols[c], &view[c]);
    }
    bool assigned[t->ncols];
    memset(assigned, 0, sizeof assigned);
    /* assignments run left to right and see the ones before them (SET a = a + 1, b = a):
       the row is read from view (newv as the session sees it: its TIMESTAMPs in the
       session's zone), as a one-row derived source, while they run */
    ex_src *src = &ctx->src[0];
    ex_rows one = { .v = view, .nrows = 1, .cap = 1, .ncols = t->ncols };
    ex_row_source_names(ctx, src, t);
    src->t = NULL; src->derived = &one;
    ctx->rows[0] = 0;
    for (int i = 0; i < nsets; i++) {
        const char *name = sets[i].name;
        const char *dot = strrchr(name, '.');
        if (dot) name = dot + 1;
        int c = col_index(t, name);
        pdb_value v;
        if (t->cols[c].gen) {   /* computed below; a value for it is refused or ignored */
            if (sets[i].value->kind != E_DEFAULT) ex_gen_given(ctx, t, &t->cols[c]);
            continue;
        }
        if (sets[i].value->kind == E_DEFAULT) { if (!ex_default_value(ctx, gens, t, (uint32_t)c, newv, true, &v, rowno)) v = implicit_default(&t->cols[c]); }
        else ex_eval(ctx, progs[i], &v);
        v = ex_persist(ctx->a, &v);
        if (v.t == VT_NULL && t->cols[c].not_null) {
            if (ctx->strict) ex_raise(ctx, 1048, "23000", "Column '%s' cannot be null", t->cols[c].name);
            ex_warn(ctx, "Warning", 1048, "Column '%s' cannot be null", t->cols[c].name);
            v = implicit_default(&t->cols[c]);
        }
        pdb_value o;
        ex_store_convert(ctx, &t->cols[c], &v, &o, rowno);
        view[c] = o;
        ex_store_ts(ctx, &t->cols[c], &o);
        newv[c] = o;
        assigned[c] = true;
    }
    src->t = t; src->derived = NULL;
    ctx->rows[0] = row;
    ex_gens_apply(ctx, gens, newv, rowno);
    bool changed = !rows_equal(t, oldv, newv);
    if (changed) stamp_on_update(ctx, t, newv, assigned);
    return changed;
}

/* A write through a view WITH CHECK OPTION (st->view_check): does the row about to be
 * written (newv) meet the view's condition? Otherwise MariaDB's 1369; with IGNORE a
 * warning and false (the row is skipped). ctx's source 0 is t, as for apply_sets. */
static bool view_check_ok(ex_ctx *ctx, const pl_stmt *st, ex_prog *prog, stor_table *t, pdb_value *newv)
{
    if (!prog) return true;
    ex_src *src = &ctx->src[0];
    pdb_value view[t->ncols];   /* (the row as the session sees it) */
    for (uint32_t c = 0; c < t->ncols; c++) { view[c] = newv[c]; ex_read_ts(ctx->s, &t->cols[c], &view[c]); }
    ex_rows one = { .v = view, .nrows = 1, .cap = 1, .ncols = t->ncols };
    ex_row_source_names(ctx, src, t);
    uint32_t keep = ctx->rows[0];
    src->t = NULL; src->derived = &one;
    ctx->rows[0] = 0;
    pdb_value v;
    ex_eval(ctx, prog, &v);
    src->t = t; src->derived = NULL;
    ctx->rows[0] = keep;
    if (ex_is_true(&v)) return true;
    if (!st->ignore) ex_raise(ctx, 1369, "44000", "CHECK OPTION failed `%s`.`%s`", st->view_check_db, st->view_check_name);
    ex_warn(ctx, "Warning", 1369, "CHECK OPTION failed `%s`.`%s`", st->view_check_db, st->view_check_name);
    return false;
}

static ex_prog *compile_check(ex_scope *sc, const pl_stmt *st)
{
    if (!st->view_check) return NULL;
    ex_type ty;
    return ex_compile(sc, st->view_check, &ty);
}

/* (target: the clause an unknown target column is named in, MariaDB's 'UPDATE' for ON
 * DUPLICATE KEY UPDATE whatever its values' clause) */
static ex_prog **compile_sets(ex_ctx *ctx, ex_scope *sc, stor_table *t, pl_assign *sets, int n, const char *target)
{
    ex_prog **p = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *p);
    for (int i = 0; i < n; i++) {
        const char *name = sets[i].name;
        const char *dot = strrchr(name, '.');
        if (dot) name = dot + 1;
        if (col_index(t, name) < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in '%s'", sets[i].name, target);
        p[i] = NULL;
        if (sets[i].value->kind != E_DEFAULT) { ex_type ty; p[i] = ex_compile(sc, sets[i].value, &ty); }
    }
    return p;
}

/* Does e hold no aggregate or window function (outside subqueries)? */
static bool plain_item(const pl_expr *e)
{
    if (!e || e->sub) return true;
    if (e->kind == E_FUNC && (e->win || ex_is_aggregate_name(e->s))) return false;
    for (int i = 0; i < e->nargs; i++) if (!plain_item(e->args[i])) return false;
    return true;
}

/* INSERT ... SELECT ... ON DUPLICATE KEY UPDATE may read the SELECT's tables, at the row
 * the inserted values came from. Done for a plain block over base tables other than the
 * target (no UNION, DISTINCT, grouping or aggregates): fills tabs[] and returns true. */
static bool dup_select_tables(ex_ctx *ctx, const pl_select *s, const stor_table *target, stor_table **tabs)
{
    if (s->next || s->tvc || s->distinct || s->ngroup || s->having || !s->nfrom) return false;
    for (int i = 0; i < s->nitems; i++) if (!plain_item(s->items[i].e)) return false;
    for (int i = 0; i < s->nfrom; i++) {
        const pl_tref *tr = &s->from[i];
        if (!tr->name || tr->derived || tr->cte) return false;
        const char *d = tr->db ? tr->db : ctx->s->db;
        if (!d[0]) return false;
        stor_table *t = ctx->s->tmp && !ctx->no_temp ? ex_tmp_find(ctx->s, d, tr->name) : NULL;
        if (!t) t = stor_table_find(d, tr->name);
        if (!t || t == target) return false;
        tabs[i] = t;
    }
    return true;
}

void ex_insert(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    stor_table *t = ex_table_write(ctx, st->db, st->table);
    if (t->sequence) { ex_seq_insert(ctx, st, t, r); return; }
    if (ctx->trg_use || ctx->fn_use) ex_trg_check_write(ctx, t);
    ex_trg_set *trg = ex_trg_load(ctx, t, ctx->feed ? ctx->feed->by : st);
    bool trg_before = ex_trg_has(trg, 0, 0);
    bool replace = st->kind == S_REPLACE;
    int ncols = st->ncols;
    int *map = stor_arena_alloc(ctx->a, (size_t)(t->ncols + 1) * sizeof(int));
    bool explicit_cols = ncols > 0 || st->nsets > 0;
    if (st->nsets) {
        ncols = st->nsets;
        map = stor_arena_alloc(ctx->a, (size_t)ncols * sizeof(int));
        for (int i = 0; i < ncols; i++) {
            map[i] = col_index(t, st->sets[i].name);
            if (map[i] < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'INSERT INTO'", st->sets[i].name);
        }
    } else if (ncols) {
        map = stor_arena_alloc(ctx->a, (size_t)ncols * sizeof(int));
        for (int i = 0; i < ncols; i++) {
            map[i] = col_index(t, st->cols[i]);
            if (map[i] < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'INSERT INTO'", st->cols[i]);
            for (int j = 0; j < i; j++) if (map[j] == map[i]) ex_raise(ctx, 1110, "42000", "Column '%s' specified twice", st->cols[i]);
        }
    } else {
        ncols = (int)t->ncols;
        for (int i = 0; i < ncols; i++) map[i] = i;
    }
    (void)explicit_cols;

    /* the rows to insert, as expression lists or as values from a SELECT */
    ex_rows selrows = { 0 };
    uint32_t nrows;
    int nsel = 0;   /* the SELECT's tables ON DUPLICATE KEY UPDATE reads (their row ids follow its values) */
    stor_table **seltabs = NULL;
    if (st->sel) {
        ex_type *ty; const char **nm; uint64_t f;
        pl_select *s0 = st->sel;
        if (st->ndup && !ctx->pre_rows) {
            seltabs = stor_arena_alloc(ctx->a, (size_t)(s0->nfrom ? s0->nfrom : 1) * sizeof *seltabs);
            if (dup_select_tables(ctx, s0, t, seltabs)) nsel = s0->nfrom;
        }
        if (nsel) {
            pl_select *sx = stor_arena_alloc(ctx->a, sizeof *sx);
            *sx = *s0;
            sx->nitems = s0->nitems + nsel;
            sx->items = stor_arena_alloc(ctx->a, (size_t)sx->nitems * sizeof(pl_item));
            memcpy(sx->items, s0->items, (size_t)s0->nitems * sizeof(pl_item));
            for (int i = 0; i < nsel; i++) {
                pl_expr *e = stor_arena_alloc(ctx->a, sizeof *e);
                memset(e, 0, sizeof *e);
                e->kind = E_ROWID; e->ival = s0->from[i].decl1 ? s0->from[i].decl1 - 1 : i; e->start = "rowid"; e->srclen = 5;
                sx->items[s0->nitems + i].e = e; sx->items[s0->nitems + i].alias = NULL;
            }
            s0 = sx;
        }
        if (ctx->pre_rows) selrows = *ctx->pre_rows;   /* CREATE TABLE ... SELECT ran it */
        else ex_select_rows(ctx, s0, &selrows, &ty, &nm, &f);
        if ((int)selrows.ncols - nsel != ncols) ex_raise(ctx, 1136, "21S01", "Column count doesn't match value count at row 1");
        nrows = selrows.nrows;
    } else if (ctx->feed) nrows = UINT32_MAX;   /* (until the file ends) */
    else if (st->nsets) nrows = 1;
    else {
        nrows = (uint32_t)st->nrows;
        if (st->count_row)
            ex_raise(ctx, 1136, "21S01", "Column count doesn't match value count at row %d", st->count_row);
        if (st->rowlen != ncols && !(st->rowlen == 0 && ncols == (int)t->ncols && st->ncols == 0))
            ex_raise(ctx, 1136, "21S01", "Column count doesn't match value count at row 1");
        if (st->rowlen == 0) ncols = 0;   /* VALUES (): every column gets its default */
    }
    ex_feed *feed = ctx->feed;
    bool multi = nrows > 1 || st->sel || feed;
    pdb_value *fvals = feed ? stor_arena_alloc(ctx->a, (size_t)(ncols ? ncols : 1) * sizeof *fvals) : NULL;

    /* ON DUPLICATE KEY UPDATE programs: evaluated against the existing row (source 0) */
    ex_ctx uctx = *ctx;
    ex_src usrc = { 0 };
    usrc.t = t; usrc.db = t->db; usrc.name = t->name; usrc.alias = t->name;
    usrc.lent = ex_lent(ctx, st->table);
    uint32_t urow = 0;
    uctx.src = &usrc; uctx.nsrc = 1; uctx.rows = &urow;
    uctx.insert_t = t;
    if (nsel) {   /* the SELECT's tables after the target, at the row ids of each inserted row */
        uctx.nsrc = 1 + nsel;
        uctx.src = stor_arena_alloc(ctx->a, (size_t)uctx.nsrc * sizeof(ex_src));
        uctx.rows = stor_arena_alloc(ctx->a, (size_t)uctx.nsrc * sizeof(uint32_t));
        memset(uctx.src, 0, (size_t)uctx.nsrc * sizeof(ex_src));
        uctx.src[0] = usrc;
        for (int i = 0; i < nsel; i++) {
            ex_src *ss = &uctx.src[1 + i];
            const pl_tref *tr = &st->sel->from[i];
            ss->t = seltabs[i]; ss->db = seltabs[i]->db; ss->name = seltabs[i]->name;
            ss->alias = tr->alias ? tr->alias : seltabs[i]->name;
            ss->decl = 1 + i;
            uctx.rows[1 + i] = EX_NULLROW;
        }
    }
    ex_scope usc = { 0 };
    /* (MariaDB names the clause of an unknown column in ON DUPLICATE KEY UPDATE 'UPDATE'
       after a SELECT, 'SELECT' after VALUES or SET: the name its rows left) */
    usc.ctx = &uctx; usc.item_base = -1; usc.clause = st->sel ? "UPDATE" : "SELECT";
    ex_prog **dup_progs = st->ndup ? compile_sets(&uctx, &usc, t, st->dup_sets, st->ndup, "UPDATE") : NULL;
    ex_prog *check = compile_check(&usc, st);
    ex_checks *tchecks = ex_checks_compile(ctx, t);
    ex_fks *fks = ex_fks_prepare(ctx, t);
    ex_gens *gens = ex_gens_compile(ctx, t);
    /* a single row of VALUES / SET fails a CHECK even with IGNORE, as MariaDB's does */
    bool check_warns = st->ignore && multi;

    /* value expressions see the row being inserted: a column is its value so far (its
       default until the statement assigns it), as in MariaDB */
    pdb_value *vals = stor_arena_alloc(ctx->a, t->ncols * sizeof(pdb_value));
    pdb_value *view = stor_arena_alloc(ctx->a, t->ncols * sizeof(pdb_value));   /* what they see */
    ex_rows cur = { view, 1, 1, t->ncols };
    ex_src isrc = { 0 };
    isrc.derived = &cur;
    isrc.dncols = (int)t->ncols;
    isrc.dnames = stor_arena_alloc(ctx->a, t->ncols * sizeof(char *));
    isrc.dtypes = stor_arena_alloc(ctx->a, t->ncols * sizeof(ex_type));
    for (uint32_t c = 0; c < t->ncols; c++) {
        isrc.dnames[c] = t->cols[c].name;
        ex_type_of_column(&t->cols[c], &isrc.dtypes[c]);
    }
    isrc.alias = t->name; isrc.name = t->name; isrc.db = t->db;
    isrc.deft = t;
    uint32_t row0 = 0;
    ex_ctx vctx = *ctx;
    vctx.src = &isrc; vctx.nsrc = 1; vctx.rows = &row0;
    vctx.insert_t = t;
    ex_scope vsc = { 0 };
    vsc.ctx = &vctx; vsc.item_base = -1; vsc.clause = "VALUES";
    ctx->insert_t = t;
    if (ctx->stmt && !t->temporary) ctx->stmt->tables_used++;   /* (the target: Table_open_cache_hits) */

    int ai = auto_col(t);
    uint64_t first_id = 0, affected = 0, dups = 0, records = 0, explicit_id = 0, writes = 0, replaces = 0, dup_reads = 0;
    uint64_t resv_next = 0, resv_end = 0;   /* reserved AUTO_INCREMENT ids */
    uint64_t nchecked = 0;                  /* rows IGNORE skipped for a CHECK before the handler saw them */
    uint32_t nresv = 0;                     /* reservations made */
    uint64_t upd_id = 0;                    /* id of the last row an upsert changed */
    uint64_t upd_count = 0;                 /* rows an upsert changed ("Duplicates") */
    uint64_t upd_skipped = 0;               /* upserts IGNORE skipped for a CHECK (also "Duplicates") */
    bool got_id = false;
    /* the columns VALUES rows set: a row of literals (pl_stmt.lrows) needs no default for
       them, and nothing reads its view */
    bool *mapped = NULL;
    if (st->lrows) {
        mapped = stor_arena_alloc(ctx->a, t->ncols);
        memset(mapped, 0, t->ncols);
        for (int i = 0; i < ncols; i++) mapped[map[i]] = true;
    }
    /* a file's rows leave nothing behind in the arena: its memory is taken back after
       each (unless triggers or a view's check, which compile as they go, run) */
    bool rewind = feed && !trg && !check;
    stor_arena_pos row_mem = stor_arena_here(ctx->a);
    for (uint32_t rn = 0; rn < nrows; rn++) {
        if (rewind) stor_arena_rewind(ctx->a, row_mem);
        if (feed && !feed->next(feed, ctx, fvals)) break;
        vsc.clause = rn ? "SELECT" : "VALUES";   /* (MariaDB's name after the first row) */
        uint32_t rowno = feed ? feed->rowno : rn + 1;
        const pl_lit *lrow = st->lrows ? st->lrows[rn] : NULL;
        for (uint32_t c = 0; c < t->ncols; c++) {
            if (lrow && mapped[c]) continue;
            if (!ex_column_default(ctx, &t->cols[c], &vals[c])) {
                vals[c] = ex_null();
                /* no default: warn or fail unless a value is given below */
            }
        }
        /* before its assignment a column reads as its default; an AUTO_INCREMENT column
           as 0, one without a default (or defaulting to the time) as its type's zero */
        for (uint32_t c = 0; c < t->ncols && !lrow; c++) {
            const stor_column *col = &t->cols[c];
            view[c] = vals[c];
            if (col->auto_increment && vals[c].t == VT_NULL) view[c] = ex_int(0);
            else if ((vals[c].t == VT_NULL && col->not_null) ||
                     (col->default_sql && (!strncasecmp(col->default_sql, "current_timestamp", 17) ||
                                           !strncasecmp(col->default_sql, "now(", 4))))
                view[c] = implicit_default(col);
        }
        bool given[t->ncols];
        memset(given, 0, sizeof given);
        bool ai_null_given = false;
        for (int i = 0; i < ncols; i++) {
            int c = map[i];
            pdb_value v;
            if (st->sel) v = selrows.v[(size_t)rn * selrows.ncols + (size_t)i];
            else if (feed) v = fvals[i];
            else if (lrow) ex_lit_value(&vctx, &lrow[i], &v);
            else {
                pl_expr *e = st->nsets ? st->sets[i].value : st->rows[rn][i];
                if (e->kind == E_DEFAULT) { if (!ex_default_value(ctx, gens, t, (uint32_t)c, view, false, &v, rowno)) v = ex_null(); given[c] = true; vals[c] = v; view[c] = v; continue; }
                if (e->kind == E_NULL) v = ex_null();
                else if (!ex_literal_value(&vctx, e, &v)) {   /* (a literal: as compiled, without it) */
                    ex_type ty;
                    ex_prog *p = ex_compile(&vsc, e, &ty);
                    ex_eval(&vctx, p, &v);
                }
            }
            vals[c] = ex_persist(ctx->a, &v);
            if (t->cols[c].gen) { ex_gen_given(ctx, t, &t->cols[c]); vals[c] = ex_null(); }   /* (computed below) */
            view[c] = vals[c];
            given[c] = true;
            if (c == ai && v.t == VT_NULL) ai_null_given = true;
        }
        ex_defaults_apply(ctx, gens, vals, given, false, rowno);   /* (before BEFORE triggers, as MariaDB) */
        if (!trg_before) no_default_check(ctx, t, vals, given);
        /* values are converted first (a conversion error consumes no id), then the
           AUTO_INCREMENT column gets its id */
        ctx->check_defer = check_warns;
        ctx->check_failed = NULL;
        convert_row(ctx, t, vals, rowno, multi, trg_before, feed ? feed->done : NULL);
        ctx->check_defer = false;
        if (trg_before) {
            /* an AUTO_INCREMENT column not given reads 0 in BEFORE INSERT (NULL if
               NULL was given); missing values are refused after the triggers */
            bool ai_zeroed = ai >= 0 && vals[ai].t == VT_NULL && !ai_null_given;
            if (ai_zeroed) vals[ai] = ex_int(0);
            ex_trg_fire(ctx, trg, 0, 0, vals, NULL);
            if (ai_zeroed && vals[ai].t != VT_NULL && vals[ai].i == 0) vals[ai] = ex_null();
            no_default_check(ctx, t, vals, given);
            null_check(ctx, t, vals, multi);
        }
        ex_gens_apply(ctx, gens, vals, rowno);   /* (after BEFORE triggers, as MariaDB computes them) */
        if (ctx->check_failed) {   /* INSERT IGNORE: the row fails a JSON column's CHECK (before
                                      an AUTO_INCREMENT id is taken, as the handler takes it) */
            ex_warn(ctx, "Warning", 4025, "CONSTRAINT `%s.%s` failed for `%s`.`%s`", t->name, ctx->check_failed->name, t->db, t->name);
            ctx->check_failed = NULL;
            nchecked++;
            continue;
        }
        const stor_check *bad = ex_checks_failed(ctx, tchecks, vals);
        if (bad) {   /* (before an id is taken, as for a JSON column's check) */
            ex_check_fail(ctx, t, bad, check_warns);
            nchecked++;
            continue;
        }
        bool generated = false;
        int64_t row_explicit = 0;
        bool has_explicit = false;
        if (ai >= 0) {
            pdb_value *v = &vals[ai];
            bool zero = v->t != VT_NULL && v->i == 0 && !(ctx->s->sql_mode & MODE_NO_AUTO_VALUE_ON_ZERO);
            if (v->t == VT_NULL || zero) {
                /* InnoDB (autoinc lock mode 1) reserves ids for all remaining rows of the
                   statement at once; a row that turns out a duplicate gives its id back to
                   the next row, and what is left of the reservation is lost at the end */
                if (resv_next == resv_end) {
                    /* INSERT ... SELECT does not know its row count: the handler asks for
                       1, 2, 4, ... ids (at most 65535) as InnoDB does */
                    uint64_t want = st->sel || feed ? (nresv <= 16 ? (1ull << nresv) : 65535) : nrows - rn + nchecked;
                    if (want > 65535 && st->sel) want = 65535;
                    nresv++;
                    resv_next = t->auto_inc;
                    pdb_session *ss = ctx->s;
                    if (nresv == 1 && ss->ai_pend_t == t && ss->ai_pend_gen == pl_catalog_gen() &&
                        ss->ai_pend_first < t->auto_inc)
                        resv_next = ss->ai_pend_first;   /* (run again after a wait: its ids) */
                    ss->ai_pend_t = NULL;
                    if (nresv == 1 && ctx->s->insert_id) {   /* SET insert_id: used once */
                        resv_next = ctx->s->insert_id;
                        ctx->s->insert_id = 0;
                    }
                    resv_end = resv_next + want;
                    if (!ctx->stmt->ai_t) { ctx->stmt->ai_t = t; ctx->stmt->ai_first = resv_next; }
                    if (t->auto_inc < resv_end) t->auto_inc = resv_end;
                }
                if (resv_next > autoinc_max(&t->cols[ai])) {
                    /* the counter is past the column's range: InnoDB's HA_ERR_AUTOINC_ERANGE
                       in any sql_mode (IGNORE: a warning and the row is skipped) */
                    if (!st->ignore) ex_raise(ctx, 167, "22003", "Out of range value for column '%s' at row %u", t->cols[ai].name, rowno);
                    ex_warn(ctx, "Warning", 167, "Out of range value for column '%s' at row %u", t->cols[ai].name, rowno);
                    records++; dups++;
                    continue;
                }
                pdb_value gv = ex_int((int64_t)resv_next), o;
                ex_store_convert(ctx, &t->cols[ai], &gv, &o, rowno);
                *v = o;
                generated = true;
            } else {
                int64_t idv = v->i;
                if (idv > 0 && (uint64_t)idv >= t->auto_inc) t->auto_inc = (uint64_t)idv + 1;
                /* an explicit id at or past the reserved ones moves the next past it; the
                   next generated one past the reservation takes a new one (MariaDB's
                   adjust_next_insert_id_after_explicit_value) */
                if (idv > 0 && resv_next < resv_end && (uint64_t)idv >= resv_next)
                    resv_next = (uint64_t)idv + 1 < resv_end ? (uint64_t)idv + 1 : resv_end;
                row_explicit = idv; has_explicit = true;
            }
        }
        int dix; uint32_t drow;
        bool replaced = false;
        if (check && !view_check_ok(&uctx, st, check, t, vals)) continue;   /* (not a record, as MariaDB counts) */
        writes++;   /* Handler_write: MariaDB counts the attempt, a duplicate too */
        for (;;) {
            check_room(ctx, t);
            /* (InnoDB checks the parent as it writes: the row has its id; IGNORE gives the
               id to the next row, as for a duplicate) */
            if (fks && !ex_fk_child_ok(ctx, fks, vals, NULL, st->ignore)) { records++; dups++; break; }
            int64_t nr = stor_row_insert(t, vals, &dix, &drow);
            if (nr == STOR_LOCKED) ex_raise_locked(ctx);
            if (nr >= 0) {
                affected++; records++;
                if (has_explicit) explicit_id = (uint64_t)row_explicit;   /* only rows that went in */
                if (generated) {
                    if (!got_id) { first_id = (uint64_t)vals[ai].i; got_id = true; }
                    resv_next++;
                }
                ex_trg_fire(ctx, trg, 1, 0, vals, NULL);
                break;
            }
            if (!replaced) dup_reads++;   /* (the duplicate row read by its key: Handler_read_key) */
            if (replace) {
                if (!replaced) replaces++;   /* MariaDB updates the row in place (Handler_update) */
                if (!replaced && replace_same(t, dix, drow, vals)) {
                    affected++; records++;
                    if (has_explicit) explicit_id = (uint64_t)row_explicit;
                    break;
                }
                pdb_value *gone = NULL;
                if (ex_trg_has(trg, 0, 2) || ex_trg_has(trg, 1, 2) || ex_fks_referenced(fks)) {
                    gone = stor_arena_alloc(ctx->a, t->ncols * sizeof *gone);
                    load_row(t, drow, gone);
                    ex_trg_fire(ctx, trg, 0, 2, NULL, gone);
                    ex_fk_parent_delete(ctx, fks, drow, gone);
                }
                if (stor_row_delete(t, drow) == STOR_LOCKED) ex_raise_locked(ctx);
                if (gone) ex_trg_fire(ctx, trg, 1, 2, NULL, gone);
                affected++;
                if (!replaced) dups++, replaced = true;   /* "Duplicates": rows that replaced some */
                continue;
            }
            if (dup_progs) {
                pdb_value newv[t->ncols];
                uctx.insert_vals = vals;
                uctx.rows[0] = drow;
                for (int i = 0; i < nsel; i++) {
                    const pdb_value *rv = &selrows.v[(size_t)rn * selrows.ncols + (size_t)ncols + (size_t)i];
                    uctx.rows[1 + i] = rv->t == VT_NULL || rv->i < 0 ? EX_NULLROW : (uint32_t)rv->i;
                }
                bool changed = apply_sets(&uctx, t, drow, st->dup_sets, st->ndup, dup_progs, newv, rowno, gens);
                uctx.insert_vals = NULL;
                pdb_value *oldv = NULL;
                if (ex_trg_has(trg, 0, 1) || ex_trg_has(trg, 1, 1)) {
                    oldv = stor_arena_alloc(ctx->a, t->ncols * sizeof *oldv);
                    load_row(t, drow, oldv);
                    ex_trg_fire(ctx, trg, 0, 1, newv, oldv);
                    changed = !rows_equal(t, oldv, newv);
                }
                if (changed && check && !view_check_ok(&uctx, st, check, t, newv)) { records++; break; }
                const stor_check *ubad = changed ? ex_checks_failed(ctx, tchecks, newv) : NULL;
                if (ubad) { ex_check_fail(ctx, t, ubad, check_warns); records++; upd_skipped++; break; }
                if (changed && fks) {
                    pdb_value *ov = oldv;
                    if (!ov) { ov = stor_arena_alloc(ctx->a, t->ncols * sizeof *ov); load_row(t, drow, ov); }
                    if (!ex_fk_child_ok(ctx, fks, newv, ov, st->ignore)) { records++; upd_skipped++; break; }
                    ex_fk_parent_update(ctx, fks, drow, ov, newv);
                }
                if (changed) {
                    int d2; uint32_t r2;
                    int64_t ur = stor_row_update(t, drow, newv, &d2, &r2);
                    if (ur == STOR_LOCKED) ex_raise_locked(ctx);
                    if (ur < 0) raise_dup(ctx, t, d2, newv);
                    affected += 2;
                    if (ai >= 0 && newv[ai].t != VT_NULL) {
                        int64_t idv = newv[ai].i;
                        if ((uint64_t)idv >= t->auto_inc) t->auto_inc = (uint64_t)idv + 1;
                        /* a changed row reports its id unless the statement generated one */
                        upd_id = (uint64_t)idv;
                    }
                    upd_count++;
                } else if (ctx->s->client_found_rows) affected += 1;
                if (oldv) ex_trg_fire(ctx, trg, 1, 1, newv, oldv);
                /* an upsert that updated reports no new id (LAST_INSERT_ID(expr) in the
                   SET list still sets it through the function) */
                records++;
                break;
            }
            if (st->ignore) {
                char key[200];
                dup_message(ctx, t, dix, vals, key, sizeof key);
                ex_warn(ctx, "Warning", 1062, "Duplicate entry '%s' for key '%s'", key, t->idx[dix].name);
                dups++;
                records++;
                break;
            }
            raise_dup(ctx, t, dix, vals);
        }
    }
    if (!got_id && upd_id) { first_id = upd_id; got_id = true; }
    pdb_status_add(ctx->s, PDB_STAT_HANDLER_WRITE, (int64_t)writes);
    pdb_status_add(ctx->s, PDB_STAT_HANDLER_UPDATE, (int64_t)(upd_count + replaces));
    if (dup_reads && (replace || dup_progs)) {
        pdb_status_add(ctx->s, PDB_STAT_HANDLER_READ_KEY, (int64_t)dup_reads);
        pdb_status_add(ctx->s, PDB_STAT_ROWS_READ, (int64_t)dup_reads);
    }
    if (dup_progs) dups = upd_count + upd_skipped;   /* (MariaDB counts an update a CHECK skipped) */
    if (got_id) ctx->s->last_insert_id = first_id;
    ctx->s->row_count = (int64_t)affected;
    char info[128];
    const char *ip = NULL;
    if (feed) {
        snprintf(info, sizeof info, "Records: %llu  Deleted: %llu  Skipped: %llu  Warnings: %u",
                 (unsigned long long)records, (unsigned long long)(replace ? dups : 0),
                 (unsigned long long)(replace ? 0 : dups), ctx->s->warn_count);
        ip = info;
        got_id = false;   /* (MariaDB's OK after LOAD DATA has no insert id) */
        explicit_id = 0;
    } else if (multi || st->nrows > 1) {
        snprintf(info, sizeof info, "Records: %llu  Duplicates: %llu  Warnings: %u", (unsigned long long)records,
                 (unsigned long long)dups, ctx->s->warn_count);
        ip = info;
    }
    /* the OK packet's id: the first generated one, else the explicit value of the last row */
    if (ctx->s->lid_arg && !got_id) first_id = ctx->s->last_insert_id, got_id = true;
    ex_send_ok(ctx, r, affected, got_id ? first_id : explicit_id, ip);
}

/* Row ids of every source for the rows a WHERE (with ORDER BY/LIMIT) matches. */
static uint64_t tref_bit(const pl_tref *trefs, int i) { return 1ull << ((trefs[i].decl1 ? trefs[i].decl1 - 1 : i) & 63); }

/* (written: the trefs whose rows the statement changes, bit i: trefs[i]) */
static ex_rows match_rows(ex_ctx *ctx, pl_tref *trefs, int ntrefs, pl_expr *where, pl_order *order, int norder, pl_expr *limit,
                          uint64_t written)
{
    pl_select sel;
    memset(&sel, 0, sizeof sel);
    sel.from = trefs; sel.nfrom = ntrefs;
    sel.where = where;
    sel.order = order; sel.norder = norder;
    sel.limit = limit;
    sel.nitems = ntrefs;
    sel.items = stor_arena_alloc(ctx->a, (size_t)ntrefs * sizeof(pl_item));
    for (int i = 0; i < ntrefs; i++) {
        pl_expr *e = stor_arena_alloc(ctx->a, sizeof *e);
        memset(e, 0, sizeof *e);
        e->kind = E_ROWID; e->ival = trefs[i].decl1 ? trefs[i].decl1 - 1 : i; e->start = "rowid"; e->srclen = 5;
        sel.items[i].e = e; sel.items[i].alias = NULL;
    }
    ex_rows rows = { 0 };
    ex_type *ty; const char **nm; uint64_t f;
    ctx->lock_match = 0;
    for (int i = 0; i < ntrefs; i++) if (written >> i & 1) ctx->lock_match |= tref_bit(trefs, i);
    ex_select_rows(ctx, &sel, &rows, &ty, &nm, &f);
    ctx->lock_match = 0;
    return rows;
}

/* A row's place among the visible rows of t in scan order (clustered order where
 * stor_reordered, else row id order), for rows asked in that order. */
typedef struct scan_pos {
    uint32_t *order;     /* the clustered order's row ids, or NULL: row ids */
    uint32_t n, at, pos; /* (order's length; the next row id or index to pass; rows passed) */
} scan_pos;

static void scan_pos_init(ex_ctx *ctx, stor_table *t, scan_pos *sp)
{
    memset(sp, 0, sizeof *sp);
    if (!stor_reordered(t)) return;
    uint32_t *buf = stor_arena_alloc(ctx->a, ((size_t)t->nrows + 1) * sizeof *buf);
    int64_t n = stor_clustered_rows(t, buf);
    if (n >= 0) { sp->order = buf; sp->n = (uint32_t)n; }
}

static uint32_t scan_pos_of(const stor_table *t, scan_pos *sp, uint32_t row)
{
    if (!sp->order) {
        for (; sp->at <= row; sp->at++) if (stor_row_visible(t, sp->at)) sp->pos++;
        return sp->pos;
    }
    while (sp->at < sp->n) {
        uint32_t r = sp->order[sp->at++];
        if (stor_row_visible(t, r)) sp->pos++;
        if (r == row) break;
    }
    return sp->pos;
}

/* Writes an UPDATE's new row image; false when IGNORE skipped it for a duplicate key. */
static bool write_updated(ex_ctx *ctx, stor_table *t, uint32_t row, pdb_value *newv, bool ignore)
{
    int dix; uint32_t drow;
    check_room(ctx, t);
    int64_t ur = stor_row_update(t, row, newv, &dix, &drow);
    if (ur == STOR_LOCKED) ex_raise_locked(ctx);
    if (ur < 0) {
        if (ignore) return false;   /* MariaDB's UPDATE IGNORE skips the row without a warning */
        raise_dup(ctx, t, dix, newv);
    }
    int ai = auto_col(t);
    if (ai >= 0 && newv[ai].t != VT_NULL && newv[ai].i > 0 && (uint64_t)newv[ai].i >= t->auto_inc) t->auto_inc = (uint64_t)newv[ai].i + 1;
    return true;
}

/* The OK of an UPDATE: "Rows matched: m  Changed: c" (affected rows per CLIENT_FOUND_ROWS). */
static void send_update_ok_n(ex_ctx *ctx, ex_result *r, uint64_t matched, uint64_t changed, unsigned unshown)
{
    char info[128];
    snprintf(info, sizeof info, "Rows matched: %llu  Changed: %llu  Warnings: %u", (unsigned long long)matched,
             (unsigned long long)changed, ctx->s->warn_count - unshown);
    uint64_t affected = ctx->s->client_found_rows ? matched : changed;
    ctx->s->row_count = (int64_t)affected;
    pdb_status_add(ctx->s, PDB_STAT_HANDLER_UPDATE, (int64_t)changed);
    ex_send_ok(ctx, r, affected, ctx->s->lid_arg ? ctx->s->last_insert_id : 0, info);
}

static void send_update_ok(ex_ctx *ctx, ex_result *r, uint64_t matched, uint64_t changed)
{
    send_update_ok_n(ctx, r, matched, changed, 0);
}

/* UPDATE a JOIN b ... SET a.x = b.y: the join runs once as a SELECT of the row ids
 * and the assigned values; each target row changes at most once (its first match). */
static void update_multi(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    if (st->limit && st->limit->kind != E_INT) ex_raise(ctx, 1691, "HY000", "A variable of a non-integer based type in LIMIT clause");
    int nt = st->ntrefs;
    stor_table *tabs[nt];
    const char *aliases[nt];
    ex_trg_set *trgs[nt];
    for (int i = 0; i < nt; i++) {
        pl_tref *tr = &st->trefs[i];
        tabs[i] = tr->name ? ex_table_ref(ctx, tr->db, tr->name, tr->alias, false) : NULL;
        aliases[i] = tr->alias ? tr->alias : tr->name;
        trgs[i] = NULL;
    }
    /* which table each assignment writes, and the column */
    int *tgt = stor_arena_alloc(ctx->a, (size_t)(st->nsets ? st->nsets : 1) * sizeof(int));
    int *tcol = stor_arena_alloc(ctx->a, (size_t)(st->nsets ? st->nsets : 1) * sizeof(int));
    for (int k = 0; k < st->nsets; k++) {
        const char *name = st->sets[k].name, *dot = strrchr(name, '.');
        tgt[k] = -1;
        if (dot) {
            size_t al = (size_t)(dot - name);
            const char *q = memchr(name, '.', al);   /* db.table.column: the table part */
            const char *tn = q ? q + 1 : name;
            size_t tl = q ? (size_t)(dot - tn) : al;
            for (int i = 0; i < nt; i++)
                if (aliases[i] && strlen(aliases[i]) == tl && !memcmp(aliases[i], tn, tl)) tgt[k] = i;
            if (tgt[k] >= 0 && !tabs[tgt[k]])
                ex_raise(ctx, 1288, "HY000", "The target table %s of the UPDATE is not updatable", aliases[tgt[k]]);
            if (tgt[k] < 0 || !tabs[tgt[k]] || (tcol[k] = col_index(tabs[tgt[k]], dot + 1)) < 0)
                ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'SET'", name);
        } else {
            for (int i = 0; i < nt; i++) {
                int c = tabs[i] ? col_index(tabs[i], name) : -1;
                if (c < 0) continue;
                if (tgt[k] >= 0) ex_raise(ctx, 1052, "23000", "Column '%s' in field list is ambiguous", name);
                tgt[k] = i; tcol[k] = c;
            }
            if (tgt[k] < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'SET'", name);
        }
    }
    /* the assigned tables are written (LOCK TABLES: a READ lock does for the others); a
       READ ONLY transaction refuses the statement if any table is a base table, as
       MariaDB does (it checks before it knows which tables are assigned) */
    for (int i = 0; i < nt; i++) {
        bool assigned = false;
        for (int k = 0; k < st->nsets && !assigned; k++) assigned = tgt[k] == i;
        if (assigned) ex_table_ref(ctx, st->trefs[i].db, st->trefs[i].name, st->trefs[i].alias, true);
    }
    for (int i = 0; i < nt; i++) if (tabs[i] && !tabs[i]->temporary) { ex_txn_write_check(ctx); break; }
    /* SELECT rowid(0..nt-1), value(0..nsets-1) FROM ... WHERE ... */
    pl_select sel;
    memset(&sel, 0, sizeof sel);
    sel.from = st->trefs; sel.nfrom = nt;
    sel.where = st->where;
    sel.order = st->order; sel.norder = st->norder;
    sel.limit = st->limit;
    sel.nitems = nt + st->nsets;
    sel.items = stor_arena_alloc(ctx->a, (size_t)sel.nitems * sizeof(pl_item));
    for (int i = 0; i < nt; i++) {
        pl_expr *e = stor_arena_alloc(ctx->a, sizeof *e);
        memset(e, 0, sizeof *e);
        e->kind = E_ROWID; e->ival = st->trefs[i].decl1 ? st->trefs[i].decl1 - 1 : i; e->start = "rowid"; e->srclen = 5;
        sel.items[i].e = e; sel.items[i].alias = NULL;
    }
    for (int k = 0; k < st->nsets; k++) {
        pl_expr *v = st->sets[k].value;
        if (v->kind == E_DEFAULT) {   /* the column's default: filled in below */
            v = stor_arena_alloc(ctx->a, sizeof *v);
            memset(v, 0, sizeof *v);
            v->kind = E_NULL; v->start = "NULL"; v->srclen = 4;
        }
        sel.items[nt + k].e = v; sel.items[nt + k].alias = NULL;
    }
    ex_rows rows = { 0 };
    ex_type *ty; const char **nm; uint64_t f;
    ctx->lock_match = 0;   /* (the search locks as InnoDB's: the tables written exclusively) */
    for (int k = 0; k < st->nsets; k++) if (tgt[k] >= 0) ctx->lock_match |= tref_bit(st->trefs, tgt[k]);
    ex_select_rows(ctx, &sel, &rows, &ty, &nm, &f);
    ctx->lock_match = 0;

    uint8_t *done[nt];
    ex_checks *tchk[nt];
    ex_fks *tfk[nt];
    ex_gens *tgen[nt];
    for (int i = 0; i < nt; i++) {
        done[i] = NULL;
        tchk[i] = NULL;
        tfk[i] = NULL;
        tgen[i] = NULL;
        bool target = false;
        for (int k = 0; k < st->nsets; k++) if (tgt[k] == i) target = true;
        if (target && tabs[i]) {
            done[i] = stor_arena_alloc(ctx->a, (size_t)tabs[i]->nrows + 1);
            memset(done[i], 0, (size_t)tabs[i]->nrows + 1);
            if (ctx->trg_use || ctx->fn_use) ex_trg_check_write(ctx, tabs[i]);
            trgs[i] = ex_trg_load(ctx, tabs[i], st);
            tchk[i] = ex_checks_compile(ctx, tabs[i]);
            tgen[i] = ex_gens_compile(ctx, tabs[i]);
            tfk[i] = ex_fks_prepare(ctx, tabs[i]);
        }
    }
    uint64_t matched = 0, changed = 0;
    unsigned unshown = 0;
    for (uint32_t ri = 0; ri < rows.nrows; ri++) {
        pdb_value *rv = &rows.v[(size_t)ri * rows.ncols];
        for (int i = 0; i < nt; i++) {
            if (!done[i]) continue;
            stor_table *t = tabs[i];
            int64_t row = rv[i].i;
            if (rv[i].t == VT_NULL || row < 0 || (uint64_t)row >= t->nrows || done[i][row] || !stor_row_visible(t, (uint32_t)row)) continue;
            done[i][row] = 1;
            matched++;
            pdb_value oldv[t->ncols], newv[t->ncols];
            bool assigned[t->ncols];
            load_row(t, (uint32_t)row, oldv);
            memcpy(newv, oldv, sizeof newv);
            memset(assigned, 0, sizeof assigned);
            for (int k = 0; k < st->nsets; k++) {
                if (tgt[k] != i) continue;
                const stor_column *c = &t->cols[tcol[k]];
                pdb_value v = rv[nt + k];
                if (c->gen) {   /* computed below */
                    if (st->sets[k].value->kind != E_DEFAULT) ex_gen_given(ctx, t, c);
                    continue;
                }
                if (st->sets[k].value->kind == E_DEFAULT) { if (!ex_default_value(ctx, tgen[i], t, tcol[k], newv, true, &v, (uint32_t)matched)) v = implicit_default(c); }
                if (v.t == VT_NULL && c->not_null) {
                    if (ctx->strict) ex_raise(ctx, 1048, "23000", "Column '%s' cannot be null", c->name);
                    ex_warn(ctx, "Warning", 1048, "Column '%s' cannot be null", c->name);
                    v = implicit_default(c);
                }
                pdb_value o;
                ex_store_convert(ctx, c, &v, &o, (uint32_t)matched);
                ex_store_ts(ctx, c, &o);
                newv[tcol[k]] = o;
                assigned[tcol[k]] = true;
            }
            ex_gens_apply(ctx, tgen[i], newv, (uint32_t)matched);
            bool fire = ex_trg_has(trgs[i], 0, 1) || ex_trg_has(trgs[i], 1, 1);
            if (fire) ex_trg_fire(ctx, trgs[i], 0, 1, newv, oldv);
            if (rows_equal(t, oldv, newv)) {
                if (fire) ex_trg_fire(ctx, trgs[i], 1, 1, newv, oldv);
                continue;
            }
            stamp_on_update(ctx, t, newv, assigned);
            const stor_check *bad = ex_checks_failed(ctx, tchk[i], newv);
            if (bad) {   /* (MariaDB's OK packet does not count these warnings) */
                ex_check_fail(ctx, t, bad, st->ignore);
                matched--;
                unshown++;
                continue;
            }
            if (tfk[i]) {
                if (!ex_fk_child_ok(ctx, tfk[i], newv, oldv, st->ignore ? 2 : 0)) continue;
                ex_fk_parent_update(ctx, tfk[i], (uint32_t)row, oldv, newv);
            }
            if (write_updated(ctx, t, (uint32_t)row, newv, st->ignore)) changed++;
            if (fire) ex_trg_fire(ctx, trgs[i], 1, 1, newv, oldv);
        }
    }
    send_update_ok_n(ctx, r, matched, changed, unshown);
}

void ex_update(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    if (st->ntrefs != 1) { update_multi(ctx, st, r); return; }
    pl_tref *tr = &st->trefs[0];
    if (!tr->name) {   /* a derived table: MariaDB refuses to write into it */
        if (!tr->alias) ex_raise(ctx, 1248, "42000", "Every derived table must have its own alias");
        ex_raise(ctx, 1288, "HY000", "The target table %s of the UPDATE is not updatable", tr->alias);
    }
    stor_table *t = ex_table_ref(ctx, tr->db, tr->name, tr->alias, true);
    if (t->sequence) ex_seq_no_option(ctx, t);
    ctx->insert_t = t;
    if (ctx->trg_use || ctx->fn_use) ex_trg_check_write(ctx, t);
    ex_trg_set *trg = ex_trg_load(ctx, t, st);
    bool trg_any = ex_trg_has(trg, 0, 1) || ex_trg_has(trg, 1, 1);
    if (st->limit && st->limit->kind != E_INT) ex_raise(ctx, 1691, "HY000", "A variable of a non-integer based type in LIMIT clause");
    ex_rows rows = match_rows(ctx, st->trefs, 1, st->where, st->order, st->norder, st->limit, 1);
    ex_ctx uctx = *ctx;
    ex_src usrc = { 0 };
    usrc.t = t; usrc.db = t->db; usrc.name = t->name; usrc.alias = tr->alias ? tr->alias : t->name;
    usrc.lent = ex_lent(ctx, tr->name);
    uint32_t urow = 0;
    uctx.src = &usrc; uctx.nsrc = 1; uctx.rows = &urow;
    ex_scope sc = { 0 };
    sc.ctx = &uctx; sc.item_base = -1; sc.clause = "SET";
    ex_prog **progs = compile_sets(&uctx, &sc, t, st->sets, st->nsets, sc.clause);
    ex_prog *check = compile_check(&sc, st);
    ex_checks *tchecks = ex_checks_compile(ctx, t);
    ex_fks *fks = ex_fks_prepare(ctx, t);
    ex_gens *gens = ex_gens_compile(ctx, t);
    bool nothing = st->limit && st->limit->kind == E_INT && strtoll(st->limit->s, NULL, 10) == 0;
    if (!nothing && st->where && !rows.nrows && ex_expr_srcmask(&sc, st->where) == 0) {
        ex_type wt;   /* a WHERE that is false whatever the row */
        pdb_value wv;
        ex_eval(&uctx, ex_compile(&sc, st->where, &wt), &wv);
        nothing = !ex_is_true(&wv);
    }
    if (nothing) {   /* MariaDB answers before reading a row: no "Rows matched" text */
        ctx->s->row_count = 0;
        ex_send_ok(ctx, r, 0, ctx->s->lid_arg ? ctx->s->last_insert_id : 0, NULL);
        return;
    }
    uint64_t matched = 0, changed = 0;
    pdb_value *newv = stor_arena_alloc(ctx->a, t->ncols * sizeof(pdb_value));
    /* "at row N" in warnings counts the rows read: with a table scan, the row's position */
    bool scanned = !ctx->stmt->last_scan_indexed;
    scan_pos sp = { 0 };
    if (scanned && !st->norder) scan_pos_init(ctx, t, &sp);
    for (uint32_t i = 0; i < rows.nrows; i++) {
        uint32_t row = (uint32_t)rows.v[i].i;
        if (!stor_row_visible(t, row)) continue;
        matched++;
        urow = row;
        uint32_t rowno = (uint32_t)matched;
        if (scanned && !st->norder) rowno = scan_pos_of(t, &sp, row);
        uctx.check_defer = st->ignore;
        uctx.check_failed = NULL;
        bool differs = apply_sets(&uctx, t, row, st->sets, st->nsets, progs, newv, rowno, gens);
        uctx.check_defer = false;
        if (uctx.check_failed) {   /* UPDATE IGNORE: the new row fails a JSON column's CHECK */
            ex_warn(ctx, "Warning", 4025, "CONSTRAINT `%s.%s` failed for `%s`.`%s`", t->name, uctx.check_failed->name, t->db, t->name);
            uctx.check_failed = NULL;
            matched--;   /* (not matched, as MariaDB counts) */
            continue;
        }
        pdb_value *oldv = NULL;
        if (trg_any) {
            oldv = stor_arena_alloc(ctx->a, t->ncols * sizeof *oldv);
            load_row(t, row, oldv);
            ex_trg_fire(ctx, trg, 0, 1, newv, oldv);
            differs = !rows_equal(t, oldv, newv);
        }
        if (!differs) {
            if (oldv) ex_trg_fire(ctx, trg, 1, 1, newv, oldv);
            continue;
        }
        if (check && !view_check_ok(&uctx, st, check, t, newv)) { matched--; continue; }   /* (not matched, as MariaDB counts) */
        const stor_check *bad = ex_checks_failed(ctx, tchecks, newv);
        if (bad) { ex_check_fail(ctx, t, bad, st->ignore); matched--; continue; }
        if (fks) {
            pdb_value *ov = oldv;
            if (!ov) { ov = stor_arena_alloc(ctx->a, t->ncols * sizeof *ov); load_row(t, row, ov); }
            if (!ex_fk_child_ok(ctx, fks, newv, ov, st->ignore ? 2 : 0)) continue;   /* (UPDATE IGNORE: no warning) */
            ex_fk_parent_update(ctx, fks, row, ov, newv);
        }
        if (write_updated(ctx, t, row, newv, st->ignore)) changed++;
        if (oldv) ex_trg_fire(ctx, trg, 1, 1, newv, oldv);
    }
    if (scanned) pdb_status_add(ctx->s, PDB_STAT_UPDATE_SCAN, 1);   /* (its rows found by a full scan) */
    send_update_ok(ctx, r, matched, changed);
}

static bool sel_reads(ex_ctx *ctx, const pl_select *s, stor_table *t);

/* Does a subquery in e read table t (a base table of its FROM, not inside a derived
 * table, which is materialised first)? */
static bool expr_subq_reads(ex_ctx *ctx, const pl_expr *e, stor_table *t)
{
    if (!e) return false;
    if (e->sub && sel_reads(ctx, e->sub, t)) return true;
    for (int i = 0; i < e->nargs; i++) if (expr_subq_reads(ctx, e->args[i], t)) return true;
    return false;
}

bool ex_expr_reads(ex_ctx *ctx, const pl_expr *e, const stor_table *t)
{
    return expr_subq_reads(ctx, e, (stor_table *)t);
}

static bool sel_reads(ex_ctx *ctx, const pl_select *s, stor_table *t)
{
    for (; s; s = s->next) {
        for (int i = 0; i < s->nfrom; i++) {
            const pl_tref *tr = &s->from[i];
            if (tr->name && !tr->derived && !tr->cte) {
                const char *d = tr->db ? tr->db : ctx->s->db;
                stor_table *x = ctx->s->tmp && !ctx->no_temp ? ex_tmp_find(ctx->s, d, tr->name) : NULL;
                if (!x) x = stor_table_find(d, tr->name);
                if (x == t) return true;
            }
            if (expr_subq_reads(ctx, tr->on, t)) return true;
        }
        for (int i = 0; i < s->nitems; i++) if (expr_subq_reads(ctx, s->items[i].e, t)) return true;
        if (expr_subq_reads(ctx, s->where, t) || expr_subq_reads(ctx, s->having, t)) return true;
    }
    return false;
}

/* Does statement st read table t other than as the table it writes (its SELECT, the
 * other tables of a multi-table UPDATE / DELETE, subqueries)? A trigger it fires may not
 * write such a table (trigger.c, 1442). */
bool ex_stmt_reads(ex_ctx *ctx, const pl_stmt *st, const stor_table *t)
{
    stor_table *x = (stor_table *)t;
    if (st->sel && sel_reads(ctx, st->sel, x)) return true;
    if (st->kind == S_UPDATE || st->kind == S_DELETE) {
        pl_select s;
        memset(&s, 0, sizeof s);
        s.from = st->trefs; s.nfrom = st->ntrefs; s.where = st->where;
        if (sel_reads(ctx, &s, x)) return true;
    }
    for (int i = 0; i < st->nsets; i++) if (expr_subq_reads(ctx, st->sets[i].value, x)) return true;
    return false;
}

void ex_delete(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    if (st->limit && st->limit->kind != E_INT) ex_raise(ctx, 1691, "HY000", "A variable of a non-integer based type in LIMIT clause");
    uint64_t written = 0;   /* (the targets, for the search's locks) */
    for (int i = 0; i < st->ntrefs && i < 64; i++) {
        const char *alias = st->trefs[i].alias ? st->trefs[i].alias : st->trefs[i].name;
        bool w = st->ndel_targets == 0;
        for (int k = 0; k < st->ndel_targets; k++) if (alias && !strcmp(st->del_targets[k], alias)) w = true;
        if (w) written |= 1ull << i;
        /* (a target is opened for writing first: a lock or READ ONLY error comes before the search) */
        if (w && st->trefs[i].name) ex_table_ref(ctx, st->trefs[i].db, st->trefs[i].name, st->trefs[i].alias, true);
    }
    ex_rows rows = match_rows(ctx, st->trefs, st->ntrefs, st->where, st->order, st->norder, st->limit, written);
    /* which sources lose rows */
    bool target[st->ntrefs];
    stor_table *tabs[st->ntrefs];
    for (int i = 0; i < st->ntrefs; i++) {
        target[i] = st->ndel_targets == 0;
        /* a derived table has no name: it can be read, not deleted from */
        const char *alias = st->trefs[i].alias ? st->trefs[i].alias : st->trefs[i].name;
        for (int k = 0; k < st->ndel_targets; k++) if (alias && !strcmp(st->del_targets[k], alias)) target[i] = true;
        tabs[i] = st->trefs[i].name ? ex_table_ref(ctx, st->trefs[i].db, st->trefs[i].name, st->trefs[i].alias, false) : NULL;
        if (target[i] && !tabs[i])
            ex_raise(ctx, 1288, "HY000", "The target table %s of the DELETE is not updatable", alias ? alias : "");
        if (target[i] && tabs[i]->sequence) ex_seq_no_option(ctx, tabs[i]);
    }
    for (int k = 0; k < st->ndel_targets; k++) {
        bool found = false;
        for (int i = 0; i < st->ntrefs; i++) {
            const char *alias = st->trefs[i].alias ? st->trefs[i].alias : st->trefs[i].name;
            if (alias && !strcmp(st->del_targets[k], alias)) found = true;
        }
        if (!found) ex_raise(ctx, 1109, "42S02", "Unknown table '%s' in MULTI DELETE", st->del_targets[k]);
    }
    /* a multi-table DELETE whose subquery reads a target: MariaDB refuses it (a single-
       table DELETE reads the subquery's rows before deleting any) */
    for (int i = 0; i < st->ntrefs && st->ndel_targets; i++) {
        if (!target[i]) continue;
        bool reads = expr_subq_reads(ctx, st->where, tabs[i]);
        for (int k = 0; k < st->ntrefs && !reads; k++) reads = expr_subq_reads(ctx, st->trefs[k].on, tabs[i]);
        if (reads)
            ex_raise(ctx, 1093, "HY000", "Table '%s' is specified twice, both as a target for 'DELETE' and as a separate source for data",
                     st->trefs[i].alias ? st->trefs[i].alias : st->trefs[i].name);
    }
    ex_trg_set *trgs[st->ntrefs];
    ex_fks *dfk[st->ntrefs];
    pdb_value *oldv = NULL;
    for (int i = 0; i < st->ntrefs; i++) {
        trgs[i] = NULL;
        dfk[i] = NULL;
        if (!target[i]) continue;
        if (ctx->trg_use || ctx->fn_use) ex_trg_check_write(ctx, tabs[i]);
        trgs[i] = ex_trg_load(ctx, tabs[i], st);
        dfk[i] = ex_fks_prepare(ctx, tabs[i]);
        if (!ex_fks_referenced(dfk[i])) dfk[i] = NULL;
        if ((trgs[i] || dfk[i]) && !oldv) {
            uint32_t most = 0;
            for (int k = 0; k < st->ntrefs; k++) if (tabs[k] && tabs[k]->ncols > most) most = tabs[k]->ncols;
            oldv = stor_arena_alloc(ctx->a, most * sizeof *oldv);
        }
    }
    uint64_t deleted = 0;
    for (uint32_t i = 0; i < rows.nrows; i++) {
        for (int s = 0; s < st->ntrefs; s++) {
            if (!target[s]) continue;
            int64_t row = rows.v[(size_t)i * rows.ncols + (size_t)s].i;
            if (row < 0 || !stor_row_visible(tabs[s], (uint32_t)row)) continue;
            bool fire = ex_trg_has(trgs[s], 0, 2) || ex_trg_has(trgs[s], 1, 2);
            if (fire || dfk[s]) load_row(tabs[s], (uint32_t)row, oldv);
            if (fire) {
                ex_trg_fire(ctx, trgs[s], 0, 2, NULL, oldv);
                if (!stor_row_visible(tabs[s], (uint32_t)row)) continue;
            }
            if (dfk[s]) {   /* the children first (refused, deleted, cleared) */
                ex_fk_parent_delete(ctx, dfk[s], (uint32_t)row, oldv);
                if (!stor_row_visible(tabs[s], (uint32_t)row)) continue;
            }
            if (stor_row_delete(tabs[s], (uint32_t)row) == STOR_LOCKED) ex_raise_locked(ctx);
            deleted++;
            if (fire) ex_trg_fire(ctx, trgs[s], 1, 2, NULL, oldv);
        }
    }
    ctx->s->row_count = (int64_t)deleted;
    pdb_status_add(ctx->s, PDB_STAT_HANDLER_DELETE, (int64_t)deleted);
    if (ctx->stmt && !ctx->stmt->last_scan_indexed) pdb_status_add(ctx->s, PDB_STAT_DELETE_SCAN, 1);   /* (likewise) */
    ex_send_ok(ctx, r, deleted, 0, NULL);
}
