/* check.c - CHECK constraints as MariaDB 10.11 keeps and enforces them.
 *
 * A constraint is kept as MariaDB prints its expression (stor_check.sql, what SHOW
 * CREATE TABLE shows, so snapshots, the log's DDL and dumps keep it through the parser)
 * with its name: a column's own check is named after the column and printed with it; a
 * table's check is named as written or CONSTRAINT_n, the first n from 1 not taken. A
 * statement that writes rows parses and compiles its table's checks once
 * (ex_checks_compile) and asks, for each row about to be written, which one fails
 * (ex_checks_failed): a check fails when it is false, not when it is NULL. The writer
 * then raises 4025, or with IGNORE warns and skips the row, as dml.c decides (MariaDB:
 * a single-row INSERT ... VALUES raises even with IGNORE). `check_constraint_checks=0`
 * turns every check off. A JSON column's CHECK (json_valid(col)) is not one of these:
 * the column's json flag (func.c ex_store_convert).
 *
 * Generated columns (below) are kept and run the same way: the expression as MariaDB
 * prints it (stor_column.gen_sql), compiled once per writing statement, evaluated over
 * the row about to be written, in column order (a column may read generated columns
 * before it). VIRTUAL ones are kept like STORED ones: their values are the same. */
#include "engine/eng.h"
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

bool ex_reads_moment(const pl_expr *e)
{
    static const char *const names[] = { "NOW", "CURRENT_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP", "SYSDATE",
        "CURDATE", "CURRENT_DATE", "CURTIME", "CURRENT_TIME", "UTC_DATE", "UTC_TIME", "UTC_TIMESTAMP", "CONNECTION_ID" };
    if (e->kind != E_FUNC || e->db) return false;
    if (!strcmp(e->s, "UNIX_TIMESTAMP")) return e->nargs == 0;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) if (!strcmp(e->s, names[i])) return true;
    const ex_fdef *fd = ex_func_find(e->s);
    return fd && (fd->flags & EX_FN_SYSCONST);
}

/* 1970 for a subquery, 1901 for what may give another value for the same row. */
static void check_usable(ex_ctx *ctx, const pl_expr *e, const char *cname)
{
    if (!e) return;
    if (e->sub || e->kind == E_SUBQUERY || e->kind == E_EXISTS || e->kind == E_INSUB)
        ex_raise(ctx, 1970, "42000", "CHECK does not support subqueries or stored functions");
    bool volat = e->kind == E_USERVAR || e->kind == E_SYSVAR || e->kind == E_PARAM;
    if (e->kind == E_FUNC) {
        const ex_fdef *fd = ex_func_find(e->s);
        if (!fd && !ex_is_aggregate_name(e->s))
            ex_raise(ctx, 1970, "42000", "CHECK does not support subqueries or stored functions");
        volat = (fd && (fd->flags & EX_FN_VOLATILE)) || e->win || ex_is_aggregate_name(e->s) || ex_reads_moment(e);
    }
    if (volat && e->kind == E_USERVAR)   /* (named as written, not as printed: @`x`) */
        ex_raise(ctx, 1901, "HY000", "Function or expression '@%s' cannot be used in the CHECK clause of `%s`", e->s, cname);
    if (volat)
        ex_raise(ctx, 1901, "HY000", "Function or expression '%s' cannot be used in the CHECK clause of `%s`",
                 ex_check_print(ctx, e), cname);
    for (int i = 0; i < e->nargs; i++) check_usable(ctx, e->args[i], cname);
}

/* Every column e names is one of cols (1054 otherwise, as MariaDB's CREATE says). */
static void check_columns(ex_ctx *ctx, const pl_expr *e, const stor_column *cols, uint32_t ncols)
{
    if (!e) return;
    if (e->kind == E_COLUMN) {
        uint32_t c;
        for (c = 0; c < ncols; c++) if (!strcasecmp(cols[c].name, e->s)) break;
        if (c == ncols) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'CHECK'", e->s);
    }
    for (int i = 0; i < e->nargs; i++) check_columns(ctx, e->args[i], cols, ncols);
}

static bool name_taken(const stor_check *c, uint32_t n, const char *name)
{
    for (uint32_t i = 0; i < n; i++) if (!strcasecmp(c[i].name, name)) return true;
    return false;
}

static bool name_listed(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++) if (names[i] && !strcasecmp(names[i], name)) return true;
    return false;
}

void ex_checks_add(ex_ctx *ctx, stor_check **checks, uint32_t *n, const char *name, const pl_expr *e,
                   const char *col, const stor_column *cols, uint32_t ncols, const char *const *named, int nnamed)
{
    char auto_name[32];
    if (!name && !col) {   /* CONSTRAINT_n: the first n from 1 that no check has or will have */
        uint32_t k = 1;
        do snprintf(auto_name, sizeof auto_name, "CONSTRAINT_%u", k++);
        while (name_taken(*checks, *n, auto_name) || name_listed(named, nnamed, auto_name));
        name = auto_name;
    }
    if (col) name = col;
    if (ex_name_too_long(name)) ex_raise_name_too_long(ctx, name);
    check_usable(ctx, e, name);
    check_columns(ctx, e, cols, ncols);
    if (!col && name_taken(*checks, *n, name)) ex_raise(ctx, 1826, "HY000", "Duplicate CHECK constraint name '%s'", name);
    const char *sql = ex_check_print(ctx, e);
    *checks = stor_realloc(*checks, (*n + 1) * sizeof **checks);
    stor_check *c = &(*checks)[(*n)++];
    c->name = stor_strndup(name, strlen(name));
    c->sql = stor_strndup(sql, strlen(sql));
    c->col = col ? stor_strndup(col, strlen(col)) : NULL;
}

pl_expr *ex_check_parse(ex_ctx *ctx, const char *sql)
{
    size_t n = strlen(sql), pos = 0;
    char *text = stor_arena_alloc(ctx->a, n + 8);
    memcpy(text, "SELECT ", 7);
    memcpy(text + 7, sql, n + 1);
    pl_parse_opts o = { .no_block_ids = true };
    pl_stmt st;
    pl_error err;
    if (pl_parse(ctx->a, text, n + 7, &pos, &o, &st, &err) != 0 || st.kind != S_SELECT || !st.sel ||
        st.sel->nitems != 1)
        ex_raise(ctx, 1064, "42000", "The CHECK constraint `%.200s` cannot be read", sql);
    return st.sel->items[0].e;
}

/* Does e name column col? */
static bool names_column(const pl_expr *e, const char *col)
{
    if (!e) return false;
    if (e->kind == E_COLUMN && !strcasecmp(e->s, col)) return true;
    for (int i = 0; i < e->nargs; i++) if (names_column(e->args[i], col)) return true;
    return false;
}

/* Does e name a column other than col? */
static bool names_other(const pl_expr *e, const char *col)
{
    if (!e) return false;
    if (e->kind == E_COLUMN && strcasecmp(e->s, col)) return true;
    for (int i = 0; i < e->nargs; i++) if (names_other(e->args[i], col)) return true;
    return false;
}

void ex_checks_drop_column(ex_ctx *ctx, stor_check *c, uint32_t *n, const char *col)
{
    for (uint32_t i = 0; i < *n; i++) {
        bool own = c[i].col && !strcasecmp(c[i].col, col);
        if (!own) {
            pl_expr *e = ex_check_parse(ctx, c[i].sql);
            if (!names_column(e, col)) continue;
            /* a check of that column alone goes with it; one of others too is an error */
            if (names_other(e, col)) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'CHECK'", col);
        }
        stor_free(c[i].name); stor_free(c[i].sql); stor_free(c[i].col);
        memmove(&c[i], &c[i + 1], (*n - i - 1) * sizeof *c);
        (*n)--;
        i--;
    }
}

static void rename_in(pl_expr *e, const char *from, const char *to)
{
    if (!e) return;
    if (e->kind == E_COLUMN && !strcasecmp(e->s, from)) e->s = (char *)to;
    for (int i = 0; i < e->nargs; i++) rename_in(e->args[i], from, to);
}

void ex_checks_rename_column(ex_ctx *ctx, stor_check *c, uint32_t n, const char *from, const char *to)
{
    if (!strcmp(from, to)) return;
    for (uint32_t i = 0; i < n; i++) {
        pl_expr *e = ex_check_parse(ctx, c[i].sql);
        if (names_column(e, from)) {
            rename_in(e, from, to);
            const char *sql = ex_check_print(ctx, e);
            stor_free(c[i].sql);
            c[i].sql = stor_strndup(sql, strlen(sql));
        }
        if (c[i].col && !strcasecmp(c[i].col, from)) {
            stor_free(c[i].col); stor_free(c[i].name);
            c[i].col = stor_strndup(to, strlen(to));
            c[i].name = stor_strndup(to, strlen(to));
        }
    }
}

bool ex_checks_drop(stor_check *c, uint32_t *n, const char *name)
{
    for (uint32_t i = 0; i < *n; i++) {
        if (strcasecmp(c[i].name, name)) continue;
        stor_free(c[i].name); stor_free(c[i].sql); stor_free(c[i].col);
        memmove(&c[i], &c[i + 1], (*n - i - 1) * sizeof *c);
        (*n)--;
        return true;
    }
    return false;
}

/* Table t alone as source 0 of a context of its own (an expression kept with a table
 * names its columns bare, so a statement's other tables cannot make a name ambiguous),
 * read from a row image while bound: the source is then a one-row derived table. */
typedef struct row_scope { stor_table *t; ex_ctx cctx; ex_src src; uint32_t row; } row_scope;

static void scope_init(row_scope *r, ex_ctx *ctx, stor_table *t, ex_scope *sc, const char *clause)
{
    r->t = t;
    r->cctx = *ctx;
    r->src.t = t; r->src.db = t->db; r->src.name = t->name; r->src.alias = t->name;
    r->cctx.src = &r->src; r->cctx.nsrc = 1; r->cctx.rows = &r->row;
    r->cctx.outer = NULL;
    memset(sc, 0, sizeof *sc);
    sc->ctx = &r->cctx; sc->item_base = -1; sc->clause = clause;
}

static void scope_bind(row_scope *r, ex_ctx *ctx, ex_rows *one)
{
    ex_row_source_names(&r->cctx, &r->src, r->t);
    r->cctx.a = ctx->a;
    r->cctx.s = ctx->s;
    r->src.t = NULL; r->src.derived = one;
    r->row = 0;
}

static void scope_unbind(row_scope *r) { r->src.t = r->t; r->src.derived = NULL; }

/* vals (the table's columns, as kept) as the session sees them, in ctx's arena. */
static pdb_value *session_view(ex_ctx *ctx, const stor_table *t, const pdb_value *vals)
{
    pdb_value *view = stor_arena_alloc(ctx->a, t->ncols * sizeof *view);
    for (uint32_t c = 0; c < t->ncols; c++) { view[c] = vals[c]; ex_read_ts(ctx->s, &t->cols[c], &view[c]); }
    return view;
}

struct ex_checks {
    row_scope rs;
    int n;
    ex_prog **progs;
};

ex_checks *ex_checks_compile(ex_ctx *ctx, stor_table *t)
{
    if (!t->nchecks) return NULL;
    pdb_value on;
    ex_type ot;
    if (ex_sysvar_get(ctx->s, "check_constraint_checks", false, &on, ctx->a, &ot) == 0 && on.t != VT_NULL &&
        !ex_is_true(&on)) return NULL;
    ex_checks *k = stor_arena_alloc(ctx->a, sizeof *k);
    memset(k, 0, sizeof *k);
    ex_scope sc;
    scope_init(&k->rs, ctx, t, &sc, "CHECK");
    k->progs = stor_arena_alloc(ctx->a, t->nchecks * sizeof *k->progs);
    for (uint32_t i = 0; i < t->nchecks; i++) {
        ex_type ty;
        k->progs[i] = ex_compile(&sc, ex_check_parse(ctx, t->checks[i].sql), &ty);
    }
    k->n = (int)t->nchecks;
    return k;
}

const stor_check *ex_checks_failed(ex_ctx *ctx, ex_checks *k, const pdb_value *vals)
{
    if (!k) return NULL;
    const stor_table *t = k->rs.t;
    if (!ex_ts_identity(ctx->s)) vals = session_view(ctx, t, vals);   /* (the row as the session sees it) */
    ex_rows one = { .v = (pdb_value *)vals, .nrows = 1, .cap = 1, .ncols = t->ncols };
    scope_bind(&k->rs, ctx, &one);
    /* a warning while checking is an error in strict mode without IGNORE (MariaDB's
       abort_on_warning for the statement) */
    k->rs.cctx.abort_warn = ctx->strict && !ctx->ignore;
    k->rs.cctx.writing = true;
    k->rs.cctx.abort_any = true;
    const stor_check *bad = NULL;
    for (int i = 0; i < k->n && !bad; i++) {
        pdb_value v;
        ex_eval(&k->rs.cctx, k->progs[i], &v);
        if (v.t != VT_NULL && !ex_is_true(&v)) bad = &t->checks[i];
    }
    scope_unbind(&k->rs);
    return bad;
}

void ex_check_fail(ex_ctx *ctx, stor_table *t, const stor_check *c, bool warn)
{
    char name[140];
    if (c->col) snprintf(name, sizeof name, "%s.%s", t->name, c->name);
    else snprintf(name, sizeof name, "%s", c->name);
    if (!warn) ex_raise(ctx, 4025, "23000", "CONSTRAINT `%s` failed for `%s`.`%s`", name, t->db, t->name);
    ex_warn(ctx, "Warning", 4025, "CONSTRAINT `%s` failed for `%s`.`%s`", name, t->db, t->name);
}

/* ---- generated columns ---- */

/* A generated column's expression reads columns of the table only, none after it that is
 * generated, not itself (4029), and no subquery (1901). */
static void gen_refs(ex_ctx *ctx, const pl_expr *e, const stor_column *cols, uint32_t ncols, uint32_t c)
{
    if (!e) return;
    if (e->sub || e->kind == E_SUBQUERY || e->kind == E_EXISTS || e->kind == E_INSUB)
        ex_raise(ctx, 1901, "HY000", "Function or expression '%s' cannot be used in the GENERATED ALWAYS AS clause of `%s`",
                 "select ...", cols[c].name);
    if (e->kind == E_COLUMN) {
        uint32_t k;
        for (k = 0; k < ncols; k++) if (!strcasecmp(cols[k].name, e->s)) break;
        if (k == ncols) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'GENERATED ALWAYS AS'", e->s);
        if (k == c || (cols[k].gen && k > c))
            ex_raise(ctx, 4029, "01000", "Expression for field `%s` is referring to uninitialized field `%s`", cols[c].name, cols[k].name);
    }
    for (int i = 0; i < e->nargs; i++) gen_refs(ctx, e->args[i], cols, ncols, c);
}

void ex_gen_validate(ex_ctx *ctx, const stor_column *cols, uint32_t ncols)
{
    for (uint32_t c = 0; c < ncols; c++)
        if (cols[c].gen) gen_refs(ctx, ex_check_parse(ctx, cols[c].gen_sql), cols, ncols, c);
}

/* A writing statement's kept column expressions of one table: its generated columns (in
 * column order) and its expression DEFAULTs (per column, NULL where none). */
struct ex_gens {
    row_scope rs;
    int n;
    uint32_t *col;
    ex_prog **progs;
    ex_prog **defs;
};

ex_gens *ex_gens_compile(ex_ctx *ctx, stor_table *t)
{
    int n = 0, nd = 0;
    for (uint32_t c = 0; c < t->ncols; c++) { n += t->cols[c].gen != 0; nd += t->cols[c].default_expr; }
    if (!n && !nd) return NULL;
    ex_gens *g = stor_arena_alloc(ctx->a, sizeof *g);
    memset(g, 0, sizeof *g);
    ex_scope sc;
    scope_init(&g->rs, ctx, t, &sc, "GENERATED ALWAYS AS");
    g->col = stor_arena_alloc(ctx->a, (size_t)n * sizeof *g->col);
    g->progs = stor_arena_alloc(ctx->a, (size_t)n * sizeof *g->progs);
    for (uint32_t c = 0; c < t->ncols; c++) {
        if (!t->cols[c].gen) continue;
        ex_type ty;
        g->col[g->n] = c;
        g->progs[g->n++] = ex_compile(&sc, ex_check_parse(ctx, t->cols[c].gen_sql), &ty);
    }
    if (nd) {
        sc.clause = "DEFAULT";
        g->defs = stor_arena_alloc(ctx->a, t->ncols * sizeof *g->defs);
        for (uint32_t c = 0; c < t->ncols; c++) {
            ex_type ty;
            g->defs[c] = t->cols[c].default_expr ? ex_compile(&sc, ex_check_parse(ctx, t->cols[c].default_sql), &ty) : NULL;
        }
    }
    return g;
}

/* prog over the row view (the session's view of the row); with col, also its value
 * converted to col's type (errors and warnings at row rowno) */
static void kept_eval(ex_ctx *ctx, ex_gens *g, ex_prog *prog, pdb_value *view, const stor_column *col,
                      uint32_t rowno, pdb_value *out)
{
    ex_rows one = { .v = view, .nrows = 1, .cap = 1, .ncols = g->rs.t->ncols };
    scope_bind(&g->rs, ctx, &one);
    g->rs.cctx.strict = ctx->strict;
    g->rs.cctx.insert_t = ctx->insert_t;
    pdb_value v;
    ex_eval(&g->rs.cctx, prog, &v);
    if (col) ex_store_convert(&g->rs.cctx, col, &v, out, rowno);
    else *out = v;
    scope_unbind(&g->rs);
}

void ex_gens_apply(ex_ctx *ctx, ex_gens *g, pdb_value *vals, uint32_t rowno)
{
    if (!g || !g->n) return;
    const stor_table *t = g->rs.t;
    pdb_value *view = session_view(ctx, t, vals);   /* (later ones see earlier ones computed) */
    for (int i = 0; i < g->n; i++) {
        const stor_column *col = &t->cols[g->col[i]];
        pdb_value o;
        kept_eval(ctx, g, g->progs[i], view, col, rowno, &o);
        view[g->col[i]] = o;
        ex_store_ts(ctx, col, &o);
        vals[g->col[i]] = ex_persist(ctx->a, &o);
    }
}

/* ---- expression defaults ---- */

/* What MariaDB refuses in a DEFAULT (1901, naming the function as name()): a subquery or
 * VALUES(), a stored function, an aggregate or window function, and what reads the
 * session's last statement or waits (EX_FN_NO_DEFAULT). */
void ex_default_usable(ex_ctx *ctx, const pl_expr *e, const char *cname)
{
    if (!e) return;
    const char *what = NULL;
    char buf[200];
    if (e->sub || e->kind == E_SUBQUERY || e->kind == E_EXISTS || e->kind == E_INSUB ||
        (e->kind == E_FUNC && !strcmp(e->s, "VALUES")))
        what = "select ...";
    else if (e->kind == E_FUNC && strcmp(e->s, "DEFAULT")) {   /* (DEFAULT(col) is allowed) */
        const ex_fdef *fd = e->db ? NULL : ex_func_find(e->s);
        if (!fd && !ex_is_aggregate_name(e->s) && !e->win) {   /* a stored function, named as written */
            int n = 0;
            const char *w = e->start ? e->start : "";
            while (*w == '(' || *w == ' ') w++;   /* (a DEFAULT's text starts at its parenthesis) */
            if (!e->tbl) while (n < 64 && w[n] && w[n] != '(' && w[n] != ' ') n++;
            const char *name = e->tbl ? e->tbl : n ? w : e->s;
            if (!e->tbl && n) snprintf(buf, sizeof buf, "`%.*s`()", n, name);
            else if (e->db) snprintf(buf, sizeof buf, "`%s`.`%s`()", e->db, name);
            else snprintf(buf, sizeof buf, "`%s`()", name);
            what = buf;
        } else if (!fd || e->win || (fd->flags & EX_FN_NO_DEFAULT)) {
            size_t n = strlen(e->s) < sizeof buf - 3 ? strlen(e->s) : sizeof buf - 3;
            for (size_t i = 0; i < n; i++) buf[i] = (char)tolower((unsigned char)e->s[i]);
            memcpy(buf + n, "()", 3);
            what = buf;
        }
    }
    if (what) ex_raise(ctx, 1901, "HY000", "Function or expression '%s' cannot be used in the DEFAULT clause of `%s`", what, cname);
    for (int i = 0; i < e->nargs; i++) ex_default_usable(ctx, e->args[i], cname);
}

/* The columns an expression default of cols[c] reads: known (1054), not AUTO_INCREMENT
 * (1901), not itself, a generated column, or a later expression default (4029: it is not
 * computed yet when this one is). */
static void default_refs(ex_ctx *ctx, const pl_expr *e, const stor_column *cols, uint32_t ncols, uint32_t c)
{
    if (!e) return;
    if (e->kind == E_FUNC && !e->db && e->nargs >= 1 && e->args[0]->kind == E_COLUMN &&
        (!strcmp(e->s, "NEXTVAL") || !strcmp(e->s, "LASTVAL") || !strcmp(e->s, "SETVAL"))) {
        const pl_expr *q = e->args[0];   /* (a sequence, not a column: it must be one) */
        const char *db = ex_cur_db(ctx, q->tbl);
        const stor_table *t = stor_table_find(db, q->s);
        if (!t) ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", db, q->s);
        if (!t->sequence) ex_raise(ctx, 4089, "42S02", "'%s.%s' is not a SEQUENCE", db, q->s);
        for (int i = 1; i < e->nargs; i++) default_refs(ctx, e->args[i], cols, ncols, c);
        return;
    }
    if (e->kind == E_COLUMN) {
        uint32_t k;
        for (k = 0; k < ncols; k++) if (!strcasecmp(cols[k].name, e->s)) break;
        if (k == ncols) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'DEFAULT'", e->s);
        if (cols[k].auto_increment)
            ex_raise(ctx, 1901, "HY000", "Function or expression 'AUTO_INCREMENT' cannot be used in the DEFAULT clause of `%s`", cols[k].name);
        if (k == c || cols[k].gen || (cols[k].default_expr && k > c))
            ex_raise(ctx, 4029, "01000", "Expression for field `%s` is referring to uninitialized field `%s`", cols[c].name, cols[k].name);
    }
    for (int i = 0; i < e->nargs; i++) default_refs(ctx, e->args[i], cols, ncols, c);
}

void ex_default_validate(ex_ctx *ctx, const stor_column *cols, uint32_t ncols)
{
    for (uint32_t c = 0; c < ncols; c++)
        if (cols[c].default_expr) default_refs(ctx, ex_check_parse(ctx, cols[c].default_sql), cols, ncols, c);
}

void ex_defaults_apply(ex_ctx *ctx, ex_gens *g, pdb_value *vals, const bool *given, bool stored, uint32_t rowno)
{
    if (!g || !g->defs) return;
    const stor_table *t = g->rs.t;
    pdb_value *view;
    if (stored) view = session_view(ctx, t, vals);
    else { view = stor_arena_alloc(ctx->a, t->ncols * sizeof *view); memcpy(view, vals, t->ncols * sizeof *view); }
    for (uint32_t c = 0; c < t->ncols; c++) {   /* (in column order: later ones see earlier ones) */
        if (!g->defs[c] || given[c]) continue;
        pdb_value o;
        if (!stored) {   /* (the statement's values are converted later, once, with their warnings) */
            kept_eval(ctx, g, g->defs[c], view, NULL, rowno, &o);
            if (o.t == VT_NULL && t->cols[c].not_null && ctx->stmt)
                ctx->stmt->default_null = &t->cols[c];   /* (dml.c's 1048 then names the default: 4028) */
            vals[c] = view[c] = ex_persist(ctx->a, &o);
            continue;
        }
        kept_eval(ctx, g, g->defs[c], view, &t->cols[c], rowno, &o);
        if (o.t == VT_NULL && t->cols[c].not_null) {   /* (a new row's NULL: dml.c's checks) */
            if (ctx->strict) ex_raise(ctx, 1048, "23000", "Column '%s' cannot be null", t->cols[c].name);
            ex_warn(ctx, "Warning", 1048, "Column '%s' cannot be null", t->cols[c].name);
            o = ex_implicit_default(&t->cols[c]);
        }
        o = ex_persist(ctx->a, &o);
        view[c] = o;
        ex_store_ts(ctx, &t->cols[c], &o);
        vals[c] = o;
    }
}

bool ex_default_value(ex_ctx *ctx, ex_gens *g, const stor_table *t, uint32_t c, const pdb_value *vals, bool stored,
                      pdb_value *out, uint32_t rowno)
{
    const stor_column *col = &t->cols[c];
    if (!col->default_expr) return ex_column_default(ctx, col, out);
    assert(g && g->rs.t == t && g->defs && g->defs[c]);
    pdb_value *view;
    if (stored) view = session_view(ctx, t, vals);
    else { view = stor_arena_alloc(ctx->a, t->ncols * sizeof *view); memcpy(view, vals, t->ncols * sizeof *view); }
    kept_eval(ctx, g, g->defs[c], view, NULL, rowno, out);
    *out = ex_persist(ctx->a, out);
    return true;
}

void ex_gen_given(ex_ctx *ctx, const stor_table *t, const stor_column *c)
{
    if (!c->gen) return;
    if (ctx->strict) ex_raise(ctx, 1906, "HY000", "The value specified for generated column '%s' in table '%s' has been ignored", c->name, t->name);
    ex_warn(ctx, "Warning", 1906, "The value specified for generated column '%s' in table '%s' has been ignored", c->name, t->name);
}
