/* EXPLAIN SELECT / UPDATE / DELETE / INSERT with MariaDB's columns.
 *
 * The statement is prepared as a prepared statement is (ctx->describe: names resolved,
 * joins ordered, index lookups planned, nothing read), and while that runs every query
 * block reports what run_block decided for each of its sources (select.c:
 * explain_note -> ex_explain_block). The rows show pressdb's plan, in MariaDB's
 * vocabulary: type const/eq_ref/ref for index lookups (range for an IN list or a range
 * scan), ALL for a scan (also a hash join's: MariaDB's join buffer reads it whole); rows
 * is an estimate.
 *
 * FORMAT=JSON writes the same facts as MariaDB 10.11's JSON document (json_select and
 * below): nested query blocks, key parts, refs and the conditions checked at each table
 * printed as MariaDB prints them (xprint). ANALYZE adds the counts and the times
 * scan_level measured. */
#include "engine/eng.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

uint64_t ex_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

enum { X_STYPE, X_TABLE, X_TYPE, X_PKEYS, X_KEY, X_KEYLEN, X_REF, X_ROWS, X_EXTRA, X_N };

typedef struct xrow {
    int id;                 /* 0: NULL (UNION RESULT) */
    double order;
    const char *v[X_N];     /* NULL = SQL NULL */
    const pl_select *sel;   /* ANALYZE: the block and source whose counts it shows */
    int src;
    uint64_t loops, read, pass;
    uint64_t ns, cond_ns;   /* ANALYZE: time at this level, of it in its conditions */
    /* FORMAT=JSON only */
    const pl_select *blk;   /* the block the row belongs to */
    const char *ukp[16];    /* used_key_parts */
    int nukp;
    const char *refs[16];   /* ref, one per key part */
    int nrefs;
    const char *icond, *acond;   /* index_condition, attached_condition (NULL: none) */
    bool using_index, hash;     /* hash: read through a join buffer (bnl: 1 flat, 2 incremental) */
    uint8_t bnl;
    const pl_select *mat;   /* <derivedN>: the block it materialises */
} xrow;

typedef struct xblock {
    pl_select *sel;
    int id;
    const char *stype;
    bool done;
    uint32_t est;           /* rows it yields, roughly (for <derivedN>) */
    pl_select *union_head;  /* first member of its UNION, or NULL */
    /* FORMAT=JSON */
    pl_select *parent;      /* the block whose expression holds it (subqueries), or NULL */
    bool subquery;          /* a subquery of parent (not a derived table) */
    bool in_agg;            /* inside an aggregate's arguments: MariaDB gives it no expression cache */
    const char *message;    /* "No tables used", "Impossible WHERE", ... */
    bool temptable, filesort, sorted_first;   /* GROUP BY/DISTINCT, ORDER BY wrappers */
    const char *sort_key, *having;
    uint64_t runs, ns;      /* ANALYZE: times it ran, ns in its scans */
    uint64_t noted_ns;      /* ANALYZE: when its scan ended (first run) */
    bool rendering;         /* its JSON is being written (a recursive WITH reads itself) */
    bool ins_tmp;           /* INSERT ... SELECT reading the table it fills: rows go through a temporary table */
    const char *note;       /* EXPLAIN EXTENDED: the block as the note prints it (subqueries as \001id\001) */
    struct xref *refs;      /* EXPLAIN EXTENDED: its columns of enclosing blocks, in resolution order */
    int nrefs;
} xblock;

/* A column a block reads from an enclosing block (a correlated subquery). */
typedef struct xref {
    const char *quoted;     /* `db`.`table`.`column` */
    const char *plain;      /* db.table.column (Note 1276) */
    int up;                 /* how many blocks out it was found */
} xref;

typedef struct xstate {
    stor_arena *a;
    xblock *b;
    int nb, cb;
    xrow *r;
    int nr, cr;
    const pl_select *dml_sel;   /* a single-table UPDATE / DELETE: its row-finding block */
    const pl_select *mdml_sel;  /* a multi-table one's */
    const pl_stmt *dml;
    const pl_stmt *mdml;        /* a multi-table UPDATE / DELETE (its targets read no covering index) */
    const pl_select *ins_sel;   /* INSERT ... SELECT: its SELECT, and the table it fills */
    const stor_table *ins_t;
    bool json;              /* FORMAT=JSON: rows keep what the JSON form shows */
    bool ext;               /* EXPLAIN EXTENDED: each block's note text */
    bool anl;               /* ANALYZE */
    pl_select *number_parent;   /* numbering: the block number_parts is in */
    bool number_sub;            /* numbering a subquery (not a derived table) */
    bool number_agg;            /* numbering an aggregate's arguments */
} xstate;


static char *xstrdup(xstate *xst, const char *s)
{
    size_t n = strlen(s);
    char *o = stor_arena_alloc(xst->a, n + 1);
    memcpy(o, s, n + 1);
    return o;
}

static char *xfmt_u(xstate *xst, uint64_t v)
{
    char b[32];
    snprintf(b, sizeof b, "%llu", (unsigned long long)v);
    return xstrdup(xst, b);
}

static xblock *xfind(xstate *xst, const pl_select *sel)
{
    for (int i = 0; i < xst->nb; i++) if (xst->b[i].sel == sel) return &xst->b[i];
    return NULL;
}

static xrow *xrow_add(xstate *xst, int id, double order)
{
    if (xst->nr == xst->cr) {
        int nc = xst->cr ? xst->cr * 2 : 16;
        xrow *n = stor_arena_alloc(xst->a, (size_t)nc * sizeof *n);
        if (xst->nr) memcpy(n, xst->r, (size_t)xst->nr * sizeof *n);
        xst->r = n; xst->cr = nc;
    }
    xrow *r = &xst->r[xst->nr++];
    memset(r, 0, sizeof *r);
    r->id = id;
    r->order = order;
    r->src = -1;
    return r;
}

/* ---------------------------------------------------------------- numbering */

/* Query blocks get ids in the order their SELECT appears in the text, as in MariaDB. */
static void number_select(xstate *xst, pl_select *s, const char *stype);

static void number_expr(xstate *xst, pl_expr *e)
{
    if (!e) return;
    if (e->sub) { xst->number_sub = true; number_select(xst, e->sub, "SUBQUERY"); }
    bool agg = xst->number_agg;
    if (e->kind == E_FUNC && !e->win && ex_is_aggregate_name(e->s)) xst->number_agg = true;
    for (int i = 0; i < e->nargs; i++) number_expr(xst, e->args[i]);
    xst->number_agg = agg;
}

static void number_parts(xstate *xst, pl_select *m)
{
    for (int i = 0; i < m->nitems; i++) number_expr(xst, m->items[i].e);
    for (int i = 0; i < m->nfrom; i++) {
        xst->number_sub = false;
        if (m->from[i].derived) number_select(xst, m->from[i].derived, "DERIVED");
        xst->number_sub = false;
        if (m->from[i].cte) number_select(xst, m->from[i].cte->sel, "DERIVED");
        number_expr(xst, m->from[i].on);
    }
    number_expr(xst, m->where);
    for (int i = 0; i < m->ngroup; i++) number_expr(xst, m->group[i]);
    number_expr(xst, m->having);
    for (int i = 0; i < m->norder; i++) number_expr(xst, m->order[i].e);
}

static void number_select(xstate *xst, pl_select *s, const char *stype)
{
    if (!s || xfind(xst, s)) return;
    bool sub = xst->number_sub;
    for (pl_select *m = s; m; m = m->next) {
        if (xst->nb == xst->cb) {
            int nc = xst->cb ? xst->cb * 2 : 8;
            xblock *n = stor_arena_alloc(xst->a, (size_t)nc * sizeof *n);
            if (xst->nb) memcpy(n, xst->b, (size_t)xst->nb * sizeof *n);
            xst->b = n; xst->cb = nc;
        }
        xblock *b = &xst->b[xst->nb++];
        memset(b, 0, sizeof *b);
        b->sel = m;
        b->id = xst->nb;
        b->stype = m == s ? stype : "UNION";
        for (int i = 0; m != s && i < m->nfrom; i++)
            if (m->from[i].cte && m->from[i].cte->sel == s) b->stype = "RECURSIVE UNION";
        b->union_head = s->next ? s : NULL;
        b->parent = xst->number_parent;
        b->subquery = sub;
        b->in_agg = xst->number_agg;
        pl_select *sp = xst->number_parent;
        bool agg = xst->number_agg;
        xst->number_parent = m;
        xst->number_agg = false;
        number_parts(xst, m);
        xst->number_parent = sp;
        xst->number_agg = agg;
    }
}

/* ---------------------------------------------------------------- one block's rows */

static const stor_column *src_col(const ex_src *s, int c) { return s->t ? &s->t->cols[c] : NULL; }

/* Bytes of a key part, as MariaDB counts key_len. */
static uint32_t key_part_len(const stor_column *c, uint32_t prefix)
{
    const pdb_collation *co = pdb_coll_by_id(c->coll);
    uint32_t ml = co && co->maxlen ? co->maxlen : 1;
    uint32_t n = 0;
    int fsp = c->scale > 0 ? c->scale : 0;
    switch (c->type) {
    case CT_TINYINT: n = 1; break;
    case CT_SMALLINT: n = 2; break;
    case CT_MEDIUMINT: n = 3; break;
    case CT_INT: n = 4; break;
    case CT_BIGINT: n = 8; break;
    case CT_FLOAT: n = 4; break;
    case CT_DOUBLE: n = 8; break;
    case CT_DECIMAL: {
        static const int d2b[10] = { 0, 1, 1, 2, 2, 3, 3, 4, 4, 4 };
        int p = c->width ? (int)c->width : 10, sc = c->scale > 0 ? c->scale : 0, ip = p - sc;
        n = (uint32_t)((ip / 9) * 4 + d2b[ip % 9] + (sc / 9) * 4 + d2b[sc % 9]);
        break;
    }
    case CT_BIT: n = ((c->width ? c->width : 1) + 7) / 8; break;
    case CT_DATE: n = 3; break;
    case CT_TIME: n = 3 + (uint32_t)(fsp + 1) / 2; break;
    case CT_DATETIME: n = 5 + (uint32_t)(fsp + 1) / 2; break;
    case CT_TIMESTAMP: n = 4 + (uint32_t)(fsp + 1) / 2; break;
    case CT_YEAR: n = 1; break;
    case CT_ENUM: n = c->n_enum > 255 ? 2 : 1; break;
    case CT_SET: n = (c->n_enum + 7) / 8; if (n == 5 || n == 6 || n == 7) n = 8; break;
    case CT_CHAR: n = (prefix ? prefix : c->width) * ml; break;
    case CT_BINARY: n = prefix ? prefix : c->width; break;
    case CT_VARCHAR: n = (prefix ? prefix : c->width) * ml + 2; break;
    case CT_VARBINARY: n = (prefix ? prefix : c->width) + 2; break;
    default: n = prefix * ml + 2; break;   /* TEXT/BLOB: their prefix */
    }
    return n + (c->not_null ? 0 : 1);
}

/* Is e `col = value` / `col IN (...)` / a comparison of a column of source i with
 * something that does not read source i? Gives the column and the other side. */
static bool col_cond(ex_scope *sc, pl_expr *e, int i, pl_expr **col, pl_expr **other, bool eq_only)
{
    if (e->kind == E_BINARY && (e->op == BO_EQ || (!eq_only && e->op >= BO_EQ && e->op <= BO_GE))) {
        for (int side = 0; side < 2; side++) {
            pl_expr *c = e->args[side], *o = e->args[1 - side];
            if (c->kind != E_COLUMN || ex_expr_srcmask(sc, c) != (1ull << i)) continue;
            uint64_t om = ex_expr_srcmask(sc, o);
            if (om & (1ull << i)) continue;
            *col = c; *other = o;
            return true;
        }
        return false;
    }
    /* a LIKE whose pattern starts with a wildcard (or is not a literal) cannot use a key */
    if (e->kind == E_LIKE && (e->args[1]->kind != E_STRING || !e->args[1]->slen || e->args[1]->s[0] == '%' ||
                              e->args[1]->s[0] == '_'))
        return false;
    if ((e->kind == E_IN || (!eq_only && (e->kind == E_BETWEEN || e->kind == E_LIKE))) && !e->negated &&
        e->args[0]->kind == E_COLUMN && ex_expr_srcmask(sc, e->args[0]) == (1ull << i)) {
        *col = e->args[0]; *other = e->nargs > 1 ? e->args[1] : NULL;
        return true;
    }
    return false;
}

static int key_block_id(xstate *xst, const pl_select *sel) { xblock *b = xfind(xst, sel); return b ? b->id : 0; }

/* The block a FROM item reads (a derived table or WITH name), or NULL for a table. */
static pl_select *tref_block(const pl_tref *t)
{
    return t->derived ? t->derived : t->cte ? t->cte->sel : NULL;
}

/* The description of the value pinning key column `cname` of source i. */
static const char *ref_of(ex_ctx *ctx, ex_scope *sc, const ex_plan_src *ps, int i, const char *cname)
{
    xstate *xst = ctx->stmt->explain;
    for (int k = 0; k < ps->nconds; k++) {
        pl_expr *c, *o;
        if (!col_cond(sc, ps->conds[k], i, &c, &o, true) || strcasecmp(c->s, cname) || ps->conds[k]->kind != E_BINARY) continue;
        uint64_t om = ex_expr_srcmask(sc, o);
        if (!om) return "const";
        if (o->kind == E_COLUMN && !(om & (1ull << 63))) {
            int j = 0;
            while (j < 63 && !(om & (1ull << j))) j++;
            if (j < ctx->nsrc) {
                const ex_src *s = &ctx->src[j];
                char b[512];
                const char *db = s->t ? (s->db ? s->db : ctx->s->db) : "";   /* derived tables: alias.column */
                snprintf(b, sizeof b, "%s%s%s.%s", db, db[0] ? "." : "", s->alias ? s->alias : s->name, o->s);
                return xstrdup(xst, b);
            }
        }
        return "func";
    }
    return "func";
}

static void count_cb(void *c, uint32_t row) { (void)row; (*(uint32_t *)c)++; }

/* Rows per key value of ix's first nk columns: the average over a sample of rows. */
static uint32_t rows_per_key(const stor_table *t, const stor_index *ix, uint32_t nk)
{
    if (!t->nlive) return 1;
    uint64_t total = 0, probes = 0;
    uint32_t step = t->nrows / 32 + 1;
    for (uint32_t r = 0; r < t->nrows && probes < 32; r += step) {
        if (!stor_row_visible(t, r)) continue;
        pdb_value key[16];
        bool null = false;
        for (uint32_t k = 0; k < nk && k < 16; k++) {
            stor_get(t, ix->cols[k], r, &key[k]);
            if (key[k].t == VT_NULL) null = true;
        }
        if (null) continue;
        uint32_t n = 0;
        stor_index_lookup(t, ix, nk, key, count_cb, &n);
        total += n ? n : 1;
        probes++;
    }
    if (!probes) return 1;
    return (uint32_t)((total + probes - 1) / probes);
}

static void xjoin(char *buf, size_t cap, const char *s)
{
    size_t l = strlen(buf), sl = strlen(s), sep = l ? 2 : 0;
    if (l + sep + sl + 1 > cap) return;
    if (sep) memcpy(buf + l, "; ", 2);
    memcpy(buf + l + sep, s, sl + 1);
}

/* Is column e one of this block's own (a source's column or a select alias)? */
static bool own_column(ex_ctx *ctx, pl_select *sel, const pl_expr *e)
{
    for (int i = 0; i < ctx->nsrc; i++) {
        const ex_src *s = &ctx->src[i];
        if (e->tbl) { if (s->alias && !strcmp(s->alias, e->tbl)) return true; continue; }
        if (s->t) { for (uint32_t c = 0; c < s->t->ncols; c++) if (!strcasecmp(s->t->cols[c].name, e->s)) return true; }
        else for (int c = 0; c < s->dncols; c++) if (s->dnames && s->dnames[c] && !strcasecmp(s->dnames[c], e->s)) return true;
    }
    if (!e->tbl) for (int i = 0; i < sel->nitems; i++) if (sel->items[i].alias && !strcasecmp(sel->items[i].alias, e->s)) return true;
    return false;
}

/* A column of block sel that none of its own sources has reads an enclosing block's;
 * the blocks in between (a subquery inside a subquery) depend on that block too. */
static void depends_through(ex_ctx *ctx, pl_select *sel, const pl_expr *e)
{
    xstate *xst = ctx->stmt->explain;
    xblock *b = xfind(xst, sel);
    pl_select *ps = b ? b->parent : NULL;
    for (ex_ctx *o = ctx->outer; o && ps && o->outer && !own_column(o, ps, e); o = o->outer) {
        xblock *pb = xfind(xst, ps);
        if (!pb || !pb->subquery) return;
        if (!strcmp(pb->stype, "SUBQUERY")) {
            pb->stype = "DEPENDENT SUBQUERY";
            for (int k = 0; k < xst->nr; k++) if (xst->r[k].id == pb->id) xst->r[k].v[X_STYPE] = pb->stype;
        }
        ps = pb->parent;
    }
}

/* Does this block read a column none of its own sources has (a correlated subquery)? */
static bool reads_outer(ex_ctx *ctx, pl_select *sel, pl_expr *e)
{
    if (!e || e->sub) return false;
    if (e->kind == E_COLUMN) {
        if (own_column(ctx, sel, e)) return false;
        depends_through(ctx, sel, e);
        return true;
    }
    bool r = false;
    for (int i = 0; i < e->nargs; i++) r |= reads_outer(ctx, sel, e->args[i]);
    return r;
}

static bool block_reads_outer(ex_ctx *ctx, pl_select *sel)
{
    bool r = false;   /* every expression walked: each outer column marks the blocks it passes */
    for (int i = 0; i < sel->nitems; i++) r |= reads_outer(ctx, sel, sel->items[i].e);
    for (int i = 0; i < sel->nfrom; i++) r |= reads_outer(ctx, sel, sel->from[i].on);
    r |= reads_outer(ctx, sel, sel->where);
    r |= reads_outer(ctx, sel, sel->having);
    for (int i = 0; i < sel->ngroup; i++) r |= reads_outer(ctx, sel, sel->group[i]);
    return r;
}

/* Subqueries run only when a row reaches them (IN, EXISTS): prepare them here. */
static void prepare_subqueries(ex_ctx *ctx, pl_expr *e)
{
    xstate *xst = ctx->stmt->explain;
    if (!e) return;
    if (e->sub) {
        xblock *b = xfind(xst, e->sub);
        if (b && !b->done) {
            ex_rows rows;
            ex_type *types;
            const char **names;
            ex_describe_subquery(ctx, e->sub, &rows, &types, &names);
        }
        return;
    }
    for (int i = 0; i < e->nargs; i++) prepare_subqueries(ctx, e->args[i]);
}

/* A literal a column of that kind (1 number, 2 temporal) equals without conversion. */
static bool is_literal(const pl_expr *e, int kind)
{
    if (e->kind == E_UNARY && e->op == '-') e = e->args[0];
    return e->kind == E_INT || e->kind == E_DECIMAL || e->kind == E_FLOAT || (kind == 2 && e->kind == E_STRING);
}

/* `col LIKE 'abc%'`: a literal pattern whose one wildcard is a final %, so the rows it
 * lets through are the rows of its range (select.c like_bounds) that start with abc. */
static bool prefix_pattern(const pl_expr *e)
{
    if (e->negated || e->nargs != 2 || e->args[1]->kind != E_STRING) return false;
    const char *s = e->args[1]->s;
    size_t n = e->args[1]->slen;
    if (n < 2 || s[n - 1] != '%') return false;
    for (size_t k = 0; k + 1 < n; k++) {
        if (s[k] == '%' || s[k] == '_') return false;
        if (s[k] == '\\') k++;
    }
    return true;
}

/* Rows of source i a range yields: those its conditions on the range's key columns let
 * through (MariaDB's estimate for a range on constants is close to that count). */
static uint32_t range_rows(ex_ctx *ctx, ex_scope *sc, const ex_plan_src *p, int i)
{
    const ex_src *s = &ctx->src[i];
    if (!ctx->rows || !s->t) return p->rows;
    ex_prog *pr[64];
    int np = 0;
    for (int k = 0; k < p->nconds && np < 64; k++) {
        pl_expr *c, *o;
        if (!col_cond(sc, p->conds[k], i, &c, &o, false)) continue;
        if (p->conds[k]->kind == E_LIKE && !prefix_pattern(p->conds[k])) continue;
        bool lit = true;   /* evaluates nothing but constants (no GET_LOCK, no subquery) */
        for (int a = 0; a < p->conds[k]->nargs; a++)
            if (p->conds[k]->args[a] != c && !is_literal(p->conds[k]->args[a], 2)) lit = false;
        if (!lit) continue;
        bool keycol = false;
        for (uint32_t x = 0; x < p->rreq + (p->rbound ? 1 : 0) && x < p->rix->ncols; x++)
            if (!strcasecmp(s->t->cols[p->rix->cols[x]].name, c->s)) keycol = true;
        if (!keycol) continue;
        ex_type t;
        pr[np++] = ex_compile(sc, p->conds[k], &t);
    }
    uint32_t n = 0, saved = ctx->rows[i];
    for (uint32_t r = 0; r < s->t->nrows; r++) {
        if (!stor_row_visible(s->t, r)) continue;
        ctx->rows[i] = r;
        bool ok = true;
        for (int k = 0; k < np && ok; k++) {
            pdb_value v;
            ex_eval(ctx, pr[k], &v);
            ok = ex_is_true(&v);
        }
        n += ok;
    }
    ctx->rows[i] = saved;
    return n;
}

/* ---------------------------------------------------------------- FORMAT=JSON: printed conditions */

/* MariaDB's keywords (information_schema.KEYWORDS of 10.11, lower case, sorted): a name
 * that is one is printed quoted in conditions, as MariaDB's append_identifier does. */
static const char *const keywords[] = {
    "!=", "&&", "<<", "<=", "<=>", "<>", ">=", ">>", "accessible", "account", "action", "add",
    "admin", "after", "against", "aggregate", "algorithm", "all", "alter", "always", "analyze",
    "and", "any", "as", "asc", "ascii", "asensitive", "at", "atomic", "authors", "auto",
    "auto_increment", "autoextend_size", "avg", "avg_row_length", "backup", "before", "begin",
    "between", "bigint", "binary", "binlog", "bit", "blob", "block", "body", "bool", "boolean",
    "both", "btree", "by", "byte", "cache", "call", "cascade", "cascaded", "case", "catalog_name",
    "chain", "change", "changed", "channel", "char", "character", "charset", "check", "checkpoint",
    "checksum", "cipher", "class_origin", "client", "clob", "close", "coalesce", "code", "collate",
    "collation", "column", "column_add", "column_check", "column_create", "column_delete",
    "column_get", "column_name", "columns", "comment", "commit", "committed", "compact",
    "completion", "compressed", "concurrent", "condition", "connection", "consistent", "constraint",
    "constraint_catalog", "constraint_name", "constraint_schema", "contains", "context", "continue",
    "contributors", "convert", "cpu", "create", "cross", "cube", "current", "current_date",
    "current_pos", "current_role", "current_time", "current_timestamp", "current_user", "cursor",
    "cursor_name", "cycle", "data", "database", "databases", "datafile", "date", "datetime", "day",
    "day_hour", "day_microsecond", "day_minute", "day_second", "deallocate", "dec", "decimal",
    "declare", "default", "definer", "delay_key_write", "delayed", "delete", "delete_domain_id",
    "des_key_file", "desc", "describe", "deterministic", "diagnostics", "directory", "disable",
    "discard", "disk", "distinct", "distinctrow", "div", "do", "do_domain_ids", "double", "drop",
    "dual", "dumpfile", "duplicate", "dynamic", "each", "else", "elseif", "elsif", "empty",
    "enable", "enclosed", "end", "ends", "engine", "engines", "enum", "error", "errors", "escape",
    "escaped", "event", "events", "every", "examined", "except", "exception", "exchange", "exclude",
    "execute", "exists", "exit", "expansion", "expire", "explain", "export", "extended",
    "extent_size", "false", "fast", "faults", "federated", "fetch", "fields", "file", "first",
    "fixed", "float", "float4", "float8", "flush", "following", "follows", "for", "force",
    "foreign", "format", "found", "from", "full", "fulltext", "function", "general", "generated",
    "get", "get_format", "global", "goto", "grant", "grants", "group", "handler", "hard", "hash",
    "having", "help", "high_priority", "history", "host", "hosts", "hour", "hour_microsecond",
    "hour_minute", "hour_second", "id", "identified", "if", "ignore", "ignore_domain_ids",
    "ignore_server_ids", "ignored", "immediate", "import", "in", "increment", "index", "indexes",
    "infile", "initial_size", "inner", "inout", "insensitive", "insert", "insert_method", "install",
    "int", "int1", "int2", "int3", "int4", "int8", "integer", "intersect", "interval", "into",
    "invisible", "invoker", "io", "io_thread", "ipc", "is", "isolation", "isopen", "issuer",
    "iterate", "join", "json", "json_table", "key", "key_block_size", "keys", "kill", "language",
    "last", "last_value", "lastval", "leading", "leave", "leaves", "left", "less", "level", "like",
    "limit", "linear", "lines", "list", "load", "local", "localtime", "localtimestamp", "lock",
    "locked", "locks", "logfile", "logs", "long", "longblob", "longtext", "loop", "low_priority",
    "master", "master_connect_retry", "master_delay", "master_demote_to_replica",
    "master_demote_to_slave", "master_gtid_pos", "master_heartbeat_period", "master_host",
    "master_log_file", "master_log_pos", "master_password", "master_port", "master_server_id",
    "master_ssl", "master_ssl_ca", "master_ssl_capath", "master_ssl_cert", "master_ssl_cipher",
    "master_ssl_crl", "master_ssl_crlpath", "master_ssl_key", "master_ssl_verify_server_cert",
    "master_use_gtid", "master_user", "match", "max_connections_per_hour", "max_queries_per_hour",
    "max_rows", "max_size", "max_statement_time", "max_updates_per_hour", "max_user_connections",
    "maxvalue", "medium", "mediumblob", "mediumint", "mediumtext", "memory", "merge",
    "message_text", "microsecond", "middleint", "migrate", "min_rows", "minus", "minute",
    "minute_microsecond", "minute_second", "minvalue", "mod", "mode", "modifies", "modify",
    "monitor", "month", "mutex", "mysql", "mysql_errno", "name", "names", "national", "natural",
    "nchar", "nested", "never", "next", "nextval", "no", "no_wait", "no_write_to_binlog", "nocache",
    "nocycle", "nodegroup", "nomaxvalue", "nominvalue", "none", "not", "notfound", "nowait", "null",
    "number", "numeric", "nvarchar", "of", "offset", "old_password", "on", "one", "online", "only",
    "open", "optimize", "option", "optionally", "options", "or", "order", "ordinality", "others",
    "out", "outer", "outfile", "over", "overlaps", "owner", "pack_keys", "package", "page",
    "page_checksum", "parse_vcol_expr", "parser", "partial", "partition", "partitioning",
    "partitions", "password", "path", "period", "persistent", "phase", "plugin", "plugins", "port",
    "portion", "precedes", "preceding", "precision", "prepare", "preserve", "prev", "previous",
    "primary", "privileges", "procedure", "process", "processlist", "profile", "profiles", "proxy",
    "purge", "quarter", "query", "quick", "raise", "range", "raw", "read", "read_only",
    "read_write", "reads", "real", "rebuild", "recover", "recursive", "redo_buffer_size",
    "redofile", "redundant", "ref_system_id", "references", "regexp", "relay", "relay_log_file",
    "relay_log_pos", "relay_thread", "relaylog", "release", "reload", "remove", "rename",
    "reorganize", "repair", "repeat", "repeatable", "replace", "replay", "replica", "replica_pos",
    "replicas", "replication", "require", "reset", "resignal", "restart", "restore", "restrict",
    "resume", "return", "returned_sqlstate", "returning", "returns", "reuse", "reverse", "revoke",
    "right", "rlike", "role", "rollback", "rollup", "routine", "row", "row_count", "row_format",
    "row_number", "rowcount", "rownum", "rows", "rowtype", "rtree", "savepoint", "schedule",
    "schema", "schema_name", "schemas", "second", "second_microsecond", "security", "select",
    "sensitive", "separator", "sequence", "serial", "serializable", "server", "session", "set",
    "setval", "share", "show", "shutdown", "signal", "signed", "simple", "skip", "slave",
    "slave_pos", "slaves", "slow", "smallint", "snapshot", "socket", "soft", "some", "soname",
    "sounds", "source", "spatial", "specific", "sql", "sql_big_result", "sql_buffer_result",
    "sql_cache", "sql_calc_found_rows", "sql_no_cache", "sql_small_result", "sql_thread",
    "sql_tsi_day", "sql_tsi_hour", "sql_tsi_minute", "sql_tsi_month", "sql_tsi_quarter",
    "sql_tsi_second", "sql_tsi_week", "sql_tsi_year", "sqlexception", "sqlstate", "sqlwarning",
    "ssl", "stage", "start", "starting", "starts", "statement", "stats_auto_recalc",
    "stats_persistent", "stats_sample_pages", "status", "stop", "storage", "stored",
    "straight_join", "string", "subclass_origin", "subject", "subpartition", "subpartitions",
    "super", "suspend", "swaps", "switches", "sysdate", "system", "system_time", "table",
    "table_checksum", "table_name", "tables", "tablespace", "temporary", "temptable", "terminated",
    "text", "than", "then", "threads", "ties", "time", "timestamp", "timestampadd", "timestampdiff",
    "tinyblob", "tinyint", "tinytext", "to", "trailing", "transaction", "transactional", "trigger",
    "triggers", "true", "truncate", "type", "unbounded", "uncommitted", "undefined", "undo",
    "undo_buffer_size", "undofile", "unicode", "uninstall", "union", "unique", "unknown", "unlock",
    "unsigned", "until", "update", "upgrade", "usage", "use", "use_frm", "user", "user_resources",
    "using", "utc_date", "utc_time", "utc_timestamp", "value", "values", "varbinary", "varchar",
    "varchar2", "varcharacter", "variables", "varying", "versioning", "via", "view", "virtual",
    "visible", "wait", "warnings", "week", "weight_string", "when", "where", "while", "window",
    "with", "within", "without", "work", "wrapper", "write", "x509", "xa", "xml", "xor", "year",
    "year_month", "zerofill", "||"
};

static int kw_cmp(const void *a, const void *b) { return strcasecmp(a, *(const char *const *)b); }

static bool needs_quote(const char *name)
{
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '$' ||
              (unsigned char)*p >= 0x80)) return true;
    return bsearch(name, keywords, sizeof keywords / sizeof *keywords, sizeof *keywords, kw_cmp) != NULL;
}

/* A growing string in the statement arena. */
typedef struct xbuf {
    char *p;
    size_t n, cap;
    stor_arena *a;
} xbuf;

static void xb_put(xbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 256;
        while (nc < b->n + n + 1) nc *= 2;
        char *np = stor_arena_alloc(b->a, nc);
        if (b->n) memcpy(np, b->p, b->n);
        b->p = np; b->cap = nc;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static void xb_s(xbuf *b, const char *s) { xb_put(b, s, strlen(s)); }

static void xb_ident(xbuf *b, const char *name)
{
    if (!needs_quote(name)) { xb_s(b, name); return; }
    xb_s(b, "`");
    for (const char *p = name; *p; p++) {
        if (*p == '`') xb_s(b, "``");
        else xb_put(b, p, 1);
    }
    xb_s(b, "`");
}

/* A name as EXPLAIN EXTENDED's note writes it: always quoted. */
static void xb_qident(xbuf *b, const char *name)
{
    xb_s(b, "`");
    for (const char *p = name; *p; p++) {
        if (*p == '`') xb_s(b, "``");
        else xb_put(b, p, 1);
    }
    xb_s(b, "`");
}

/* MariaDB's operator precedence (item.h enum precedence), for parentheses. */
enum { PR_OR = 2, PR_XOR, PR_AND, PR_NOT, PR_BETWEEN, PR_CMP, PR_BITOR, PR_BITAND, PR_SHIFT, PR_ADD, PR_MUL,
       PR_BITXOR, PR_PIPES, PR_NEG, PR_INTERVAL, PR_HIGHEST };

/* DATE_ADD / DATE_SUB (also ADDDATE, d + INTERVAL n unit), which MariaDB prints as
 * d + interval n unit */
static bool xdate_op(const pl_expr *e)
{
    return e->kind == E_FUNC && e->nargs == 2 && e->args[1]->kind == E_INTERVAL &&
           (!strcmp(e->s, "DATE_ADD") || !strcmp(e->s, "DATE_SUB"));
}

static int prec_of(const pl_expr *e)
{
    switch (e->kind) {
    case E_BINARY:
        switch (e->op) {
        case BO_OR: return PR_OR;
        case BO_XOR: return PR_XOR;
        case BO_AND: return PR_AND;
        case BO_EQ: case BO_NE: case BO_LT: case BO_LE: case BO_GT: case BO_GE: case BO_NSEQ: return PR_CMP;
        case BO_BITOR: return PR_BITOR;
        case BO_BITAND: return PR_BITAND;
        case BO_SHL: case BO_SHR: return PR_SHIFT;
        case BO_ADD: case BO_SUB: return PR_ADD;
        case BO_MUL: case BO_DIV: case BO_IDIV: case BO_MOD: return PR_MUL;
        case BO_BITXOR: return PR_BITXOR;
        default: return PR_HIGHEST;
        }
    case E_IN: case E_LIKE: case E_ISNULL: case E_IS: case E_REGEXP: case E_INSUB: return PR_CMP;
    case E_BETWEEN: return PR_BETWEEN;
    case E_UNARY: return e->op == '!' ? PR_NOT : PR_NEG;
    case E_FUNC: return xdate_op(e) ? PR_INTERVAL : PR_HIGHEST;
    default: return PR_HIGHEST;
    }
}

typedef struct xpctx {
    ex_ctx *ctx;
    pl_select *sel;
    bool bare_alias;        /* HAVING: a select alias prints as its name */
    const char *cur_alias;  /* the source the condition is checked at, or NULL */
    bool order_alias;       /* ORDER BY: a select alias stands for its expression */
    int depth;              /* nesting of xprint (bounded) */
    bool as_written;        /* single-table UPDATE / DELETE: constants as written (no DATE'..') */
    bool note;              /* EXPLAIN EXTENDED's note: `db`.`table`.`column`, names always quoted */
    const int64_t *crow;    /* the note: per source of ctx, the row of a const table (-2: none), or -1 */
    struct vprint *vp;      /* printing a view's SELECT (below) */
    bool bare;              /* a CHECK constraint: a column is `name`, nothing resolved */
} xpctx;

typedef struct vprint {
    xbuf *b;
    const char *cur_db;     /* tables of this database are written without it */
    bool full;              /* every table with its database (information_schema.VIEWS) */
} vprint;

static void vp_select(vprint *vp, ex_ctx *outer, pl_select *sel, char **names, int mode);
static void vp_column(vprint *vp, ex_ctx *ctx, const char *alias, const char *col);

static void xprint(xpctx *pc, xbuf *b, const pl_expr *e);
static void xprint_node(xpctx *pc, xbuf *b, const pl_expr *e);
static int xconst_src(const xpctx *pc, const pl_expr *e);
static void xconst_value(xbuf *b, const ex_src *s, int64_t row, uint32_t col);

static void xprint_paren(xpctx *pc, xbuf *b, const pl_expr *e, int min)
{
    bool par = prec_of(e) < min;
    if (par) xb_s(b, "(");
    xprint(pc, b, e);
    if (par) xb_s(b, ")");
}

/* The source and real column name a column reference reads (this block's sources, then
 * the enclosing blocks'). */
static bool xresolve(ex_ctx *ctx, const pl_expr *e, const char **alias, const char **col)
{
    for (ex_ctx *c = ctx; c; c = c->outer) {
        for (int i = 0; i < c->nsrc; i++) {
            const ex_src *s = &c->src[i];
            if (e->tbl && (!s->alias || strcmp(s->alias, e->tbl))) continue;
            int nc = s->t ? (int)s->t->ncols : s->dncols;
            for (int k = 0; k < nc; k++) {
                const char *cn = s->t ? s->t->cols[k].name : s->dnames ? s->dnames[k] : NULL;
                if (cn && !strcasecmp(cn, e->s)) { *alias = s->alias ? s->alias : s->name; *col = cn; return true; }
            }
        }
    }
    return false;
}

/* The database of the table behind alias al (this block's sources, then the enclosing
 * blocks'), or NULL (a derived table). */
static const char *xsrc_db(ex_ctx *ctx, const char *al)
{
    for (ex_ctx *c = ctx; c; c = c->outer)
        for (int i = 0; i < c->nsrc; i++) {
            const ex_src *s = &c->src[i];
            if (!strcmp(s->alias ? s->alias : s->name, al)) return s->t ? (s->db ? s->db : c->s->db) : NULL;
        }
    return NULL;
}

/* The table column e reads (this block's sources), or NULL. */
static const stor_column *xcolumn(ex_ctx *ctx, const pl_expr *e)
{
    if (e->kind != E_COLUMN) return NULL;
    for (int i = 0; i < ctx->nsrc; i++) {
        const ex_src *s = &ctx->src[i];
        if (e->tbl && (!s->alias || strcmp(s->alias, e->tbl))) continue;
        if (!s->t) continue;
        for (uint32_t k = 0; k < s->t->ncols; k++)
            if (!strcasecmp(s->t->cols[k].name, e->s)) return &s->t->cols[k];
    }
    return NULL;
}

static void xprint_str(xbuf *b, const char *s, size_t n)
{
    xb_s(b, "'");
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        switch (c) {
        case '\'': xb_s(b, "\\'"); break;
        case '\\': xb_s(b, "\\\\"); break;
        case '\n': xb_s(b, "\\n"); break;
        case '\r': xb_s(b, "\\r"); break;
        case 0: xb_s(b, "\\0"); break;
        case 26: xb_s(b, "\\Z"); break;
        default: xb_put(b, &c, 1);
        }
    }
    xb_s(b, "'");
}

static void xprint(xpctx *pc, xbuf *b, const pl_expr *e)
{
    if (pc->depth > 256) {   /* deeper than any condition worth printing: its text */
        xb_put(b, e->start ? e->start : "", e->start ? e->srclen : 0);
        return;
    }
    pc->depth++;
    xprint_node(pc, b, e);
    pc->depth--;
}

/* A CHECK's operand of AND / OR / NOT that is a value (MariaDB compares it with 0). */
static bool xbare_value(const pl_expr *x)
{
    if (x->kind == E_COLUMN) return true;
    return x->kind == E_BINARY && x->op >= BO_ADD && x->op <= BO_SHR && x->op != BO_AND && x->op != BO_OR &&
           x->op != BO_XOR && x->op != BO_NSEQ;
}

/* NOT x in a CHECK, as MariaDB's parser leaves it: the negated comparison or predicate,
 * De Morgan over AND / OR, a value = 0. False: printed as written. */
static bool xbare_not(xpctx *pc, xbuf *b, const pl_expr *x)
{
    static const uint8_t neg[] = { [BO_EQ] = BO_NE, [BO_NE] = BO_EQ, [BO_LT] = BO_GE, [BO_LE] = BO_GT,
                                   [BO_GT] = BO_LE, [BO_GE] = BO_LT };
    static const char *const op[] = { [BO_EQ] = " = ", [BO_NE] = " <> ", [BO_LT] = " < ", [BO_LE] = " <= ",
                                      [BO_GT] = " > ", [BO_GE] = " >= " };
    if (xbare_value(x)) { xprint_paren(pc, b, x, PR_CMP); xb_s(b, " = 0"); return true; }
    if (x->kind == E_BINARY && x->op >= BO_EQ && x->op <= BO_GE && x->op != BO_NSEQ && neg[x->op]) {
        xprint_paren(pc, b, x->args[0], PR_CMP);
        xb_s(b, op[neg[x->op]]);
        xprint_paren(pc, b, x->args[1], PR_CMP + 1);
        return true;
    }
    if (x->kind == E_BINARY && (x->op == BO_AND || x->op == BO_OR)) {
        /* NOT (a AND b) is NOT a OR NOT b; NOT (a OR b) is NOT a AND NOT b, where a negated
           AND (now an OR) needs parentheses */
        xbuf all = { .a = b->a };
        for (int i = 0; i < 2; i++) {
            xbuf t = { .a = b->a };
            if (!xbare_not(pc, &t, x->args[i])) return false;
            bool paren = x->op == BO_OR && x->args[i]->kind == E_BINARY && x->args[i]->op == BO_AND;
            if (i) xb_s(&all, x->op == BO_AND ? " or " : " and ");
            if (paren) xb_s(&all, "(");
            if (t.n) xb_put(&all, t.p, t.n);
            if (paren) xb_s(&all, ")");
        }
        xb_put(b, all.p, all.n);
        return true;
    }
    if ((x->kind == E_IN || x->kind == E_BETWEEN || x->kind == E_LIKE || x->kind == E_ISNULL) && !x->negated) {
        pl_expr n = *x;
        n.negated = true;
        xprint(pc, b, &n);
        return true;
    }
    return false;
}

static void xprint_node(xpctx *pc, xbuf *b, const pl_expr *e)
{
    static const char *const cmp[] = { [BO_EQ] = " = ", [BO_NE] = " <> ", [BO_LT] = " < ", [BO_LE] = " <= ",
        [BO_GT] = " > ", [BO_GE] = " >= ", [BO_NSEQ] = " <=> ", [BO_AND] = " and ", [BO_OR] = " or ",
        [BO_XOR] = " xor ", [BO_ADD] = " + ", [BO_SUB] = " - ", [BO_MUL] = " * ", [BO_DIV] = " / ",
        [BO_IDIV] = " div ", [BO_MOD] = " % ", [BO_BITAND] = " & ", [BO_BITOR] = " | ", [BO_BITXOR] = " ^ ",
        [BO_SHL] = " << ", [BO_SHR] = " >> " };
    switch (e->kind) {
    case E_NULL: xb_s(b, "NULL"); return;
    case E_INT: case E_DECIMAL: xb_s(b, e->s); return;
    case E_STRING: xprint_str(b, e->s, e->slen); return;
    case E_COLUMN: {
        if (pc->bare) { xb_qident(b, e->s); return; }
        if (pc->vp) {
            const char *al, *cn;
            if (xresolve(pc->ctx, e, &al, &cn)) { vp_column(pc->vp, pc->ctx, al, cn); return; }
            if (e->tbl) { xb_qident(b, e->tbl); xb_s(b, "."); }
            xb_qident(b, e->s);
            return;
        }
        if (pc->order_alias && !e->tbl)   /* ORDER BY names a select alias before a column */
            for (int i = 0; i < pc->sel->nitems; i++)
                if (pc->sel->items[i].alias && !strcasecmp(pc->sel->items[i].alias, e->s)) {
                    pc->order_alias = false;   /* the alias's expression reads columns */
                    xprint(pc, b, pc->sel->items[i].e);
                    pc->order_alias = true;
                    return;
                }
        if (pc->bare_alias && !e->tbl)
            for (int i = 0; i < pc->sel->nitems; i++)
                if (pc->sel->items[i].alias && !strcasecmp(pc->sel->items[i].alias, e->s)) {
                    if (pc->note) xb_qident(b, pc->sel->items[i].alias);
                    else xb_ident(b, pc->sel->items[i].alias);
                    return;
                }
        const char *al, *cn;
        int ci = xconst_src(pc, e);
        if (ci >= 0) {   /* a const table's column: the value read */
            xresolve(pc->ctx, e, &al, &cn);
            const ex_src *s = &pc->ctx->src[ci];
            for (uint32_t k = 0; k < s->t->ncols; k++)
                if (!strcmp(s->t->cols[k].name, cn)) { xconst_value(b, s, pc->crow[ci], k); return; }
            xb_s(b, "NULL");
            return;
        }
        if (xresolve(pc->ctx, e, &al, &cn) && pc->note) {
            const char *db = xsrc_db(pc->ctx, al);
            if (db) { xb_qident(b, db); xb_s(b, "."); }
            xb_qident(b, al); xb_s(b, "."); xb_qident(b, cn);
            return;
        }
        if (xresolve(pc->ctx, e, &al, &cn)) { xb_ident(b, al); xb_s(b, "."); xb_ident(b, cn); return; }
        if (!e->tbl && pc->sel)   /* ORDER BY / HAVING on a select alias */
            for (int i = 0; i < pc->sel->nitems; i++)
                if (pc->sel->items[i].alias && !strcasecmp(pc->sel->items[i].alias, e->s)) { xprint(pc, b, pc->sel->items[i].e); return; }
        break;
    }
    case E_BINARY:
        if (e->op == BO_EQ && !pc->as_written && (e->args[0]->kind == E_STRING || e->args[1]->kind == E_STRING)) {
            /* a DATE / DATETIME column equal to a string: MariaDB prints the constant it
               became (DATE'...' / TIMESTAMP'...') */
            int cs = e->args[0]->kind == E_STRING ? 1 : 0;
            const stor_column *c = xcolumn(pc->ctx, e->args[cs]);
            int64_t dt;
            bool isd;
            if (c && (c->type == CT_DATE || c->type == CT_DATETIME || c->type == CT_TIMESTAMP) &&
                ex_parse_datetime(e->args[1 - cs]->s, e->args[1 - cs]->slen, &dt, &isd) == 0) {
                int64_t us = dt % 1000000, v = dt / 1000000;
                int sec = (int)(v % 60), mi = (int)(v / 60 % 60), hr = (int)(v / 3600 % 24);
                v /= 86400;
                int day = (int)(v % 32), mon = (int)(v / 32 % 13), yr = (int)(v / 32 / 13);
                char t[80];
                if (c->type == CT_DATE) snprintf(t, sizeof t, "DATE'%04d-%02d-%02d'", yr, mon, day);
                else if (us) snprintf(t, sizeof t, "TIMESTAMP'%04d-%02d-%02d %02d:%02d:%02d.%06d'", yr, mon, day, hr, mi, sec, (int)us);
                else snprintf(t, sizeof t, "TIMESTAMP'%04d-%02d-%02d %02d:%02d:%02d'", yr, mon, day, hr, mi, sec);
                if (cs) { xb_s(b, t); xb_s(b, " = "); xprint(pc, b, e->args[1]); }
                else { xprint(pc, b, e->args[0]); xb_s(b, " = "); xb_s(b, t); }
                return;
            }
        }
        if (e->op == BO_EQ && pc->crow && e->args[0]->kind == E_COLUMN && e->args[1]->kind == E_COLUMN &&
            (xconst_src(pc, e->args[0]) >= 0) != (xconst_src(pc, e->args[1]) >= 0)) {
            int cs = xconst_src(pc, e->args[0]) >= 0 ? 0 : 1;   /* the column equals the const table's value */
            xprint(pc, b, e->args[1 - cs]);
            xb_s(b, " = ");
            xprint(pc, b, e->args[cs]);
            return;
        }
        if (e->op == BO_EQ && pc->cur_alias && e->args[0]->kind == E_COLUMN && e->args[1]->kind == E_COLUMN) {
            /* an equality of two columns names the table it is checked at first */
            const char *a0, *c0, *a1, *c1;
            if (xresolve(pc->ctx, e->args[0], &a0, &c0) && xresolve(pc->ctx, e->args[1], &a1, &c1) &&
                strcmp(a0, pc->cur_alias) && !strcmp(a1, pc->cur_alias)) {
                xprint(pc, b, e->args[1]);
                xb_s(b, " = ");
                xprint(pc, b, e->args[0]);
                return;
            }
        }
        if ((e->op == BO_IDIV && (pc->note || pc->bare)) || (e->op == BO_MOD && pc->bare)) {
            /* the note writes DIV in capitals; a CHECK DIV and MOD */
            xprint_paren(pc, b, e->args[0], PR_MUL);
            xb_s(b, e->op == BO_IDIV ? " DIV " : " MOD ");
            xprint_paren(pc, b, e->args[1], PR_MUL + 1);
            return;
        }
        if (pc->bare && (e->op == BO_AND || e->op == BO_OR || e->op == BO_XOR)) {
            /* a CHECK: an operand that is a value, not a condition, is compared with 0 */
            for (int i = 0; i < 2; i++) {
                const pl_expr *x = e->args[i];
                if (i) xb_s(b, cmp[e->op]);
                if (x->kind == E_BINARY && x->op == e->op) xprint(pc, b, x);
                else if (xbare_value(x)) { xprint_paren(pc, b, x, PR_CMP); xb_s(b, " <> 0"); }
                else xprint_paren(pc, b, x, prec_of(e));
            }
            return;
        }
        if (e->op >= BO_EQ && e->op <= BO_SHR && cmp[e->op]) {
            int pr = prec_of(e);
            bool cond = e->op == BO_AND || e->op == BO_OR || e->op == BO_XOR;
            /* AND / OR are n-ary in MariaDB: a nested one of the same kind needs no parentheses */
            if (cond && e->args[0]->kind == E_BINARY && e->args[0]->op == e->op) xprint(pc, b, e->args[0]);
            else xprint_paren(pc, b, e->args[0], pr);
            xb_s(b, cmp[e->op]);
            if (cond && e->args[1]->kind == E_BINARY && e->args[1]->op == e->op) xprint(pc, b, e->args[1]);
            else xprint_paren(pc, b, e->args[1], cond ? pr : pr + 1);
            return;
        }
        break;
    case E_UNARY:
        if (e->op == '-') { xb_s(b, "-"); xprint_paren(pc, b, e->args[0], PR_NEG); return; }
        if (e->op == '!' && pc->bare) {   /* (what MariaDB's parser does not turn around: !x) */
            if (xbare_not(pc, b, e->args[0])) return;
            xb_s(b, "!");
            xprint_paren(pc, b, e->args[0], PR_NEG);
            return;
        }
        if (e->op == '!' && e->args[0]->kind == E_EXISTS && !e->args[0]->negated) {   /* NOT EXISTS: !exists(..) */
            xb_s(b, "!");
            xprint(pc, b, e->args[0]);
            return;
        }
        break;
    case E_IN:
        if (e->nargs == 2) {   /* MariaDB turns a one-value IN into = / <> */
            xprint_paren(pc, b, e->args[0], PR_CMP);
            xb_s(b, e->negated ? " <> " : " = ");
            xprint_paren(pc, b, e->args[1], PR_CMP + 1);
            return;
        }
        xprint_paren(pc, b, e->args[0], PR_CMP);
        xb_s(b, e->negated ? " not in (" : " in (");
        for (int i = 1; i < e->nargs; i++) { if (i > 1) xb_s(b, ","); xprint(pc, b, e->args[i]); }
        xb_s(b, ")");
        return;
    case E_BETWEEN:
        xprint_paren(pc, b, e->args[0], PR_BETWEEN);
        xb_s(b, e->negated ? " not between " : " between ");
        xprint_paren(pc, b, e->args[1], PR_BETWEEN + 1);
        xb_s(b, " and ");
        xprint_paren(pc, b, e->args[2], PR_BETWEEN + 1);
        return;
    case E_LIKE:
        xprint_paren(pc, b, e->args[0], PR_CMP);
        xb_s(b, e->negated ? "  not like " : " like ");   /* MariaDB prints two spaces before not */
        xprint_paren(pc, b, e->args[1], PR_CMP + 1);
        if (e->nargs > 2) { xb_s(b, " escape "); xprint(pc, b, e->args[2]); }
        return;
    case E_ISNULL:
        xprint_paren(pc, b, e->args[0], PR_CMP);
        xb_s(b, e->negated ? " is not null" : " is null");
        return;
    case E_CASE: {   /* (a CHECK's; elsewhere as written) */
        if (!pc->bare) break;
        int i = 0;
        xb_s(b, "case ");
        if (e->has_operand) { xprint(pc, b, e->args[i++]); xb_s(b, " "); }
        int pairs = (e->nargs - i - (e->has_else ? 1 : 0)) / 2;
        for (int k = 0; k < pairs; k++, i += 2) {
            xb_s(b, "when "); xprint(pc, b, e->args[i]);
            xb_s(b, " then "); xprint(pc, b, e->args[i + 1]); xb_s(b, " ");
        }
        if (e->has_else) { xb_s(b, "else "); xprint(pc, b, e->args[i]); xb_s(b, " "); }
        xb_s(b, "end");
        return;
    }
    case E_CAST: {
        if (!pc->bare || e->start == NULL || strncasecmp(e->start, "cast", 4) || e->cast.coll) break;
        const char *ty = e->cast.type == -1 ? "signed" : e->cast.type == -2 ? "unsigned" : e->cast.type == CT_DATE ? "date" :
                         e->cast.type == CT_DATETIME ? "datetime" : e->cast.type == CT_TIME ? "time" :
                         e->cast.type == CT_DOUBLE ? "double" : e->cast.type == CT_DECIMAL ? "decimal" : NULL;
        if (!ty) break;
        char t[48];
        xb_s(b, "cast(");
        xprint(pc, b, e->args[0]);
        xb_s(b, " as ");
        xb_s(b, ty);
        if (e->cast.type == CT_DECIMAL && e->cast.len >= 0) {
            snprintf(t, sizeof t, "(%d,%d)", e->cast.len, e->cast.scale < 0 ? 0 : e->cast.scale);
            xb_s(b, t);
        } else if ((e->cast.type == CT_DATETIME || e->cast.type == CT_TIME) && (e->cast.scale > 0 || e->cast.len > 0)) {
            snprintf(t, sizeof t, "(%d)", e->cast.scale > 0 ? e->cast.scale : e->cast.len);
            xb_s(b, t);
        }
        xb_s(b, ")");
        return;
    }
    case E_IS:
        if (!pc->bare) break;
        xprint_paren(pc, b, e->args[0], PR_CMP);
        xb_s(b, e->negated ? " is not " : " is ");
        xb_s(b, e->ival == 1 ? "true" : e->ival == 0 ? "false" : "unknown");
        return;
    case E_REGEXP:
        if (!pc->bare || e->negated || e->nargs != 2) break;
        xprint_paren(pc, b, e->args[0], PR_CMP);
        xb_s(b, " regexp ");
        xprint_paren(pc, b, e->args[1], PR_CMP + 1);
        return;
    case E_SUBQUERY: case E_EXISTS: case E_INSUB: {
        if (pc->vp) {
            if (e->kind == E_INSUB) {
                if (e->negated) xb_s(b, "!(");
                xprint_paren(pc, b, e->args[0], PR_CMP);
                xb_s(b, " in (");
                vp_select(pc->vp, pc->ctx, e->sub, NULL, 1);
                xb_s(b, e->negated ? "))" : ")");
                return;
            }
            xb_s(b, e->kind == E_EXISTS ? (e->negated ? "!exists(" : "exists(") : "(");
            vp_select(pc->vp, pc->ctx, e->sub, NULL, e->kind == E_EXISTS ? 2 : 1);
            xb_s(b, ")");
            return;
        }
        if (e->kind == E_INSUB) break;
        char t[48];
        if (pc->note && e->kind == E_SUBQUERY) {   /* the subquery's own text goes here (note_text) */
            if (!key_block_id(pc->ctx->stmt->explain, e->sub)) break;      /* not explained (INSERT ... VALUES): as written */
            snprintf(t, sizeof t, "\001%d\001", key_block_id(pc->ctx->stmt->explain, e->sub));
            xb_s(b, t);
            return;
        }
        snprintf(t, sizeof t, "%s(subquery#%d)", e->kind == E_EXISTS ? (e->negated ? "!exists" : "exists") : "", key_block_id(pc->ctx->stmt->explain, e->sub));
        xb_s(b, t);
        return;
    }
    case E_HEX: {   /* Item_hex_hybrid / Item_hex_string::print: the bytes in hex */
        if (!pc->bare || !e->s) break;
        static const char dig[] = "0123456789abcdef";
        xb_s(b, e->ival == 0 ? "X'" : "0x");
        for (size_t i = 0; i < e->slen; i++) {
            char h[2] = { dig[(unsigned char)e->s[i] >> 4], dig[(unsigned char)e->s[i] & 15] };
            xb_put(b, h, 2);
        }
        if (e->ival == 0) xb_s(b, "'");
        return;
    }
    case E_USERVAR:
        if (!pc->bare || !e->s) break;
        xb_s(b, "@");   /* (a DEFAULT's @var: Item_func_get_user_var::print) */
        xb_qident(b, e->s);
        return;
    case E_INTERVAL: {
        xb_s(b, "interval ");
        xprint_paren(pc, b, e->args[0], PR_INTERVAL);
        xb_s(b, " ");
        for (const char *u = e->s; u && *u; u++) { char c = (char)tolower((unsigned char)*u); xb_put(b, &c, 1); }
        return;
    }
    case E_FUNC: {
        if (xdate_op(e)) {   /* Item_date_add_interval::print */
            xprint_paren(pc, b, e->args[0], PR_INTERVAL);
            xb_s(b, strcmp(e->s, "DATE_SUB") ? " + " : " - ");
            xprint(pc, b, e->args[1]);
            return;
        }
        if (pc->bare && !e->db && e->nargs >= 1 && e->args[0]->kind == E_COLUMN &&
            (!strcmp(e->s, "NEXTVAL") || !strcmp(e->s, "LASTVAL") || !strcmp(e->s, "SETVAL"))) {
            for (const char *u = e->s; *u; u++) { char lc = (char)tolower((unsigned char)*u); xb_put(b, &lc, 1); }
            xb_s(b, "(");   /* (the sequence as `db`.`name`) */
            if (e->args[0]->tbl) { xb_qident(b, e->args[0]->tbl); xb_s(b, "."); }
            xb_qident(b, e->args[0]->s);
            for (int i = 1; i < e->nargs; i++) { xb_s(b, ","); xprint(pc, b, e->args[i]); }
            xb_s(b, ")");
            return;
        }
        if (!strcmp(e->s, "MATCH") && e->nargs >= 2) {   /* Item_func_match::print */
            xb_s(b, "(match ");
            for (int i = 1; i < e->nargs; i++) {
                if (i > 1) xb_s(b, ",");
                xprint(pc, b, e->args[i]);
            }
            xb_s(b, " against (");
            xprint(pc, b, e->args[0]);
            xb_s(b, e->ival == 1 ? " in boolean mode))" : e->ival == 2 ? " with query expansion))" : "))");
            return;
        }
        char nm[64];
        size_t l = strlen(e->s);
        if (l >= sizeof nm || e->win) break;
        for (size_t i = 0; i <= l; i++) nm[i] = (char)(e->s[i] >= 'A' && e->s[i] <= 'Z' ? e->s[i] + 32 : e->s[i]);
        /* MariaDB prints a function by the name of the function it became */
        static const char *const alias[][2] = { { "upper", "ucase" }, { "lower", "lcase" }, { "substring", "substr" },
            { "length", "octet_length" }, { "character_length", "char_length" }, { "mid", "substr" },
            { "now", "current_timestamp" }, { "localtime", "current_timestamp" }, { "localtimestamp", "current_timestamp" },
            { "current_date", "curdate" }, { "current_time", "curtime" } };
        const char *pn = nm;
        for (size_t i = 0; i < sizeof alias / sizeof *alias; i++) if (!strcmp(nm, alias[i][0])) pn = alias[i][1];
        xb_s(b, pn);
        xb_s(b, "(");
        if (e->distinct) xb_s(b, "distinct ");
        for (int i = 0; i < e->nargs; i++) {
            if (i) xb_s(b, ",");
            if (e->args[i]->kind == E_STAR) xb_s(b, "0");   /* COUNT(*) is count(0) */
            else xprint(pc, b, e->args[i]);
        }
        if (!strcmp(nm, "count") && e->nargs == 0) xb_s(b, "0");
        if (!strcmp(nm, "group_concat")) {   /* its ORDER BY and SEPARATOR, always written */
            for (int i = 0; i < e->norder; i++) {
                xb_s(b, i ? "," : " order by ");
                xprint(pc, b, e->order[i].e);
                xb_s(b, e->order[i].desc ? " DESC" : " ASC");
            }
            xb_s(b, " separator ");
            if (e->sep) xprint_str(b, e->sep, e->slen);
            else xb_s(b, "','");
        }
        xb_s(b, ")");
        return;
    }
    default: break;
    }
    xb_put(b, e->start ? e->start : "", e->start ? e->srclen : 0);
}

const char *ex_check_print(ex_ctx *ctx, const pl_expr *e)
{
    xbuf b = { .a = ctx->a };
    xpctx pc = { .ctx = ctx, .as_written = true, .bare = true };
    xprint(&pc, &b, e);
    return b.p ? b.p : "";
}

static const char *xprint_list(ex_ctx *ctx, pl_select *sel, pl_expr **e, int n, bool having, const char *cur_alias)
{
    xstate *xst = ctx->stmt->explain;
    if (!n) return NULL;
    xbuf b = { .a = xst->a };
    xpctx pc = { ctx, sel, having, cur_alias, false, 0, xst->dml_sel == sel, false, NULL, NULL, false };
    for (int i = 0; i < n; i++) {
        if (i) xb_s(&b, " and ");
        xprint_paren(&pc, &b, e[i], n > 1 ? PR_AND : 0);
    }
    return b.p;
}

/* ---------------------------------------------------------------- FORMAT=JSON: facts of a row */

static void cols_used(ex_ctx *ctx, const pl_expr *e, int src, uint64_t *m)
{
    if (!e) return;
    if (e->kind == E_STAR) {
        const ex_src *s = &ctx->src[src];
        if (!e->tbl || (s->alias && !strcmp(s->alias, e->tbl)))
            *m |= s->t && s->t->ncols < 63 ? (1ull << s->t->ncols) - 1 : ~0ull;   /* every column */
        return;
    }
    if (e->kind == E_COLUMN) {
        const ex_src *s = &ctx->src[src];
        if (!s->t || (e->tbl && (!s->alias || strcmp(s->alias, e->tbl)))) return;
        for (uint32_t c = 0; c < s->t->ncols; c++)
            if (!strcasecmp(s->t->cols[c].name, e->s)) *m |= c < 63 ? 1ull << c : ~0ull;
        return;
    }
    if (e->sub) { *m = ~0ull; return; }   /* a subquery may read it: no covering index */
    for (int i = 0; i < e->nargs; i++) cols_used(ctx, e->args[i], src, m);
}

/* Does index ix hold every column of source i the block reads (InnoDB: with the primary key)? */
static bool covering(ex_ctx *ctx, pl_select *sel, int i, const stor_index *ix)
{
    const ex_src *s = &ctx->src[i];
    if (!s->t || s->t->ncols > 63) return false;
    uint64_t m = 0;
    for (int k = 0; k < sel->nitems; k++) cols_used(ctx, sel->items[k].e, i, &m);
    for (int k = 0; k < sel->nfrom; k++) cols_used(ctx, sel->from[k].on, i, &m);
    cols_used(ctx, sel->where, i, &m);
    cols_used(ctx, sel->having, i, &m);
    for (int k = 0; k < sel->ngroup; k++) cols_used(ctx, sel->group[k], i, &m);
    for (int k = 0; k < sel->norder; k++) cols_used(ctx, sel->order[k].e, i, &m);
    uint64_t have = 0;
    for (uint32_t k = 0; k < ix->ncols; k++) if (!ix->prefix || !ix->prefix[k]) have |= 1ull << ix->cols[k];
    const stor_index *pk = stor_primary(s->t);
    for (uint32_t k = 0; pk && k < pk->ncols; k++) have |= 1ull << pk->cols[k];
    return (m & ~have) == 0;
}

bool ex_covering(ex_ctx *ctx, pl_select *sel, int i, const stor_index *ix) { return covering(ctx, sel, i, ix); }

static bool single_values(const ex_plan_src *p)
{
    for (uint32_t k = 0; k < p->nk; k++) if (p->nkv[k] != 1) return false;
    return true;
}

/* Does reading source i's key x from its column neq on (the columns before it fixed by
 * equalities) give sel's ORDER BY order, as MariaDB's test_if_skip_sort_order finds:
 * the ORDER BY names x's next columns (then the primary key's others: InnoDB's key
 * entries end with it), all in one direction? 1: forward, -1: backward, 0: no (sort). */
int ex_order_key(ex_ctx *ctx, pl_select *sel, int i, const stor_index *x, uint32_t neq)
{
    const ex_src *s = &ctx->src[i];
    const stor_table *t = s->t;
    if (!t || !sel->norder || sel->ngroup || sel->distinct || !stor_index_orderable(t, x)) return 0;
    const stor_index *pk = stor_primary(t);
    uint32_t pos = neq, pkpos = 0;
    for (int m = 0; m < sel->norder; m++) {
        const pl_expr *e = sel->order[m].e;
        if (sel->order[m].desc != sel->order[0].desc || e->kind != E_COLUMN ||
            (e->tbl && (!s->alias || strcasecmp(e->tbl, s->alias))))
            return 0;
        int64_t want = -1;
        if (pos < x->ncols) want = x->cols[pos++];
        else if (pk && pk != x) {
            while (pkpos < pk->ncols && want < 0) {
                uint32_t c = pk->cols[pkpos++];
                bool in_x = false;
                for (uint32_t k = 0; k < x->ncols; k++) if (x->cols[k] == c) in_x = true;
                if (!in_x) want = c;
            }
        }
        if (want < 0 || strcasecmp(t->cols[want].name, e->s)) return 0;
    }
    return sel->order[0].desc ? -1 : 1;
}

/* Bytes of a key (MariaDB's key_length). */
static uint32_t key_len_of(const stor_table *t, const stor_index *ix)
{
    uint32_t len = 0;
    for (uint32_t k = 0; k < ix->ncols; k++) len += key_part_len(&t->cols[ix->cols[k]], ix->prefix ? ix->prefix[k] : 0);
    return len;
}

/* MariaDB's stored record length: the null bits (one more than the nullable columns),
 * then each column's bytes (a BLOB/TEXT its length bytes and a pointer). */
static uint32_t rec_len(const stor_table *t)
{
    uint32_t nullable = 0, len = 0;
    for (uint32_t c = 0; c < t->ncols; c++) {
        const stor_column *col = &t->cols[c];
        if (!col->not_null) nullable++;
        if (col->type >= CT_TINYTEXT && col->type <= CT_LONGBLOB) len += 8 + 4;
        else len += key_part_len(col, 0) - (col->not_null ? 0 : 1);
    }
    return (nullable + 8) / 8 + len;
}

/* An aggregate MariaDB cannot keep up to date in a temporary table's row (its Item_sum
 * quick_group is false): COUNT, SUM or AVG of DISTINCT values, GROUP_CONCAT, JSON_ARRAYAGG. */
static bool agg_unquick(const pl_expr *e)
{
    if (!e || e->sub || e->win) return false;
    if (e->kind == E_FUNC && e->s) {
        if (!strcasecmp(e->s, "GROUP_CONCAT") || !strcasecmp(e->s, "JSON_ARRAYAGG")) return true;
        if (e->distinct && (!strcasecmp(e->s, "COUNT") || !strcasecmp(e->s, "SUM") || !strcasecmp(e->s, "AVG"))) return true;
    }
    for (int i = 0; i < e->nargs; i++) if (agg_unquick(e->args[i])) return true;
    return false;
}

static bool has_window(const pl_expr *e)
{
    if (!e || e->sub) return false;
    if (e->win) return true;
    for (int i = 0; i < e->nargs; i++) if (has_window(e->args[i])) return true;
    return false;
}

/* ORDER BY the GROUP BY's own columns (either direction): the same sort. */
static bool order_is_group(const pl_select *sel)
{
    if (sel->norder != sel->ngroup) return false;
    for (int i = 0; i < sel->norder; i++) {
        const pl_expr *o = sel->order[i].e, *g = sel->group[i];
        if (o == g) continue;
        if (!o || o->kind != E_COLUMN || g->kind != E_COLUMN || strcasecmp(o->s, g->s) ||
            (o->tbl && g->tbl && strcmp(o->tbl, g->tbl)))
            return false;
    }
    return true;
}

bool ex_group_by_sort(ex_ctx *ctx, ex_scope *sc, pl_select *sel)
{
    if (sel->ngroup <= 0 || (sel->norder && !order_is_group(sel)) || sel->rollup || sel->distinct || ctx->nsrc < 1)
        return false;
    const stor_table *t = ctx->src[0].t;
    if (!t || !t->engine || strcasecmp(t->engine, "InnoDB")) return false;
    bool unquick = agg_unquick(sel->having);
    for (int i = 0; i < sel->nitems; i++) {
        if (has_window(sel->items[i].e)) return false;
        unquick = unquick || agg_unquick(sel->items[i].e);
    }
    if (!unquick) return false;
    for (int i = 0; i < sel->ngroup; i++) {
        pl_expr *g = sel->group[i];
        if (g->kind != E_COLUMN && g->kind != E_FUNC) return false;   /* (a position or an alias: not modelled) */
        uint64_t m = ex_expr_srcmask(sc, g);
        if (m != 1) return false;                                    /* the first table's alone */
        if (g->kind == E_COLUMN) {   /* a key that starts with it may give the groups' order */
            int src, col;
            if (ex_find_column(sc, g, &src, &col) != 1 || src != 0) return false;
            for (uint32_t x = 0; x < t->nidx; x++) if (t->idx[x].cols[0] == (uint32_t)col) return false;
        }
    }
    return true;
}

/* The index a full scan of source i reads instead of the table: MariaDB reads a key
 * that holds every column the block reads of the table (make_join_readinfo,
 * find_shortest_key): the one read with the fewest bytes (a secondary key's entry is
 * its key and the primary key, the primary key's the whole record), the first of
 * equals in key order. NULL when none does. The caller compares with stor_primary. */
const stor_index *ex_scan_key(ex_ctx *ctx, pl_select *sel, int i)
{
    const stor_table *t = ctx->src[i].t;
    if (!t || !t->nidx) return NULL;
    const stor_index *pk = stor_primary(t), *best = NULL;
    uint32_t ref = pk ? key_len_of(t, pk) : 6, best_len = 0;   /* (6: InnoDB's hidden row id) */
    for (uint32_t x = 0; x < t->nidx; x++) {
        const stor_index *ix = &t->idx[x];
        if (ix->kind == IK_FULLTEXT || ix->kind == IK_SPATIAL || !ex_key_allowed(&ctx->src[i], ix)) continue;
        uint32_t len = ix == pk ? rec_len(t) : key_len_of(t, ix) + ref;
        if (best && len >= best_len) continue;
        if (!covering(ctx, sel, i, ix)) continue;
        best = ix;
        best_len = len;
    }
    return best;
}

/* The key a single table's full scan reads to give its ORDER BY without sorting
 * (test_if_skip_sort_order): of the keys whose order is the ORDER BY's (ex_order_key, all
 * one direction) and that hold every column the block reads (or the primary key), the one
 * read with the fewest bytes, as ex_scan_key; *dir 1 forwards, -1 backwards. NULL: none. */
const stor_index *ex_order_scan_key(ex_ctx *ctx, pl_select *sel, int i, int *dir)
{
    const stor_table *t = ctx->src[i].t;
    if (!t || !t->nidx || !sel->norder) return NULL;
    const stor_index *pk = stor_primary(t), *best = NULL;
    uint32_t ref = pk ? key_len_of(t, pk) : 6, best_len = 0;
    for (uint32_t x = 0; x < t->nidx; x++) {
        const stor_index *ix = &t->idx[x];
        if (ix->kind == IK_FULLTEXT || ix->kind == IK_SPATIAL || !ex_key_allowed(&ctx->src[i], ix) ||
            (x < 64 && (ctx->src[i].deny_order >> x & 1)))
            continue;
        uint32_t len = ix == pk ? rec_len(t) : key_len_of(t, ix) + ref;
        if (best && len >= best_len) continue;
        if (ix != pk && !covering(ctx, sel, i, ix)) continue;
        int d = ex_order_key(ctx, sel, i, ix, 0);
        if (!d) continue;
        best = ix;
        best_len = len;
        *dir = d;
    }
    return best;
}

/* Does e read only whole (not prefix) columns of index ix of source i, and no subquery? */
static bool on_index_cols(ex_ctx *ctx, const pl_expr *e, int i, const stor_index *ix)
{
    if (e->sub || e->kind == E_STAR) return false;
    if (e->kind == E_COLUMN) {
        const ex_src *s = &ctx->src[i];
        for (uint32_t k = 0; k < ix->ncols; k++)
            if (!strcasecmp(s->t->cols[ix->cols[k]].name, e->s)) return !ix->prefix || !ix->prefix[k];
        return false;
    }
    for (int k = 0; k < e->nargs; k++) if (!on_index_cols(ctx, e->args[k], i, ix)) return false;
    return true;
}


static bool is_text(const stor_column *c)
{
    return c->type == CT_CHAR || c->type == CT_VARCHAR || (c->type >= CT_TINYTEXT && c->type <= CT_LONGTEXT) ||
           c->type == CT_ENUM || c->type == CT_SET;
}


/* How column e compares: 1 as a number, 2 as a temporal value, 0 as text (or not a column). */
static int col_not_text(ex_ctx *ctx, const pl_expr *e)
{
    if (e->kind != E_COLUMN) return 0;
    for (int i = 0; i < ctx->nsrc; i++) {
        const ex_src *s = &ctx->src[i];
        if (e->tbl && (!s->alias || strcmp(s->alias, e->tbl))) continue;
        int nc = s->t ? (int)s->t->ncols : s->dncols;
        for (int k = 0; k < nc; k++) {
            const char *cn = s->t ? s->t->cols[k].name : s->dnames ? s->dnames[k] : NULL;
            if (!cn || strcasecmp(cn, e->s)) continue;
            if (!s->t) return s->dtypes && (s->dtypes[k].vt == VT_INT || s->dtypes[k].vt == VT_DOUBLE || s->dtypes[k].vt == VT_DECIMAL);
            int ty = s->t->cols[k].type;
            if (ty <= CT_BIT || ty == CT_YEAR) return 1;
            if (ty >= CT_DATE && ty <= CT_TIME) return 2;
            return 0;
        }
    }
    return 0;
}


/* Orders conditions as MariaDB prints them: equalities of a non-text column with a
 * constant or another such column first (MariaDB's multiple equalities), then WHERE's
 * (in text order), then ON's. */
typedef struct xsort { pl_select *sel; ex_ctx *ctx; } xsort;
static int cond_rank(const xsort *xs, const pl_expr *e)
{
    if (e->kind == E_BINARY && e->op == BO_EQ) {
        const pl_expr *a = e->args[0], *b = e->args[1];
        int ka = col_not_text(xs->ctx, a), kb = col_not_text(xs->ctx, b);
        if ((ka && (is_literal(b, ka) || kb == ka)) || (kb && is_literal(a, kb))) return 0;
    }
    const pl_expr *w = xs->sel ? xs->sel->where : NULL;
    bool in_where = w && w->start && e->start && e->start >= w->start && e->start < w->start + w->srclen;
    return in_where ? 1 : 2;
}
static int cond_cmp(const void *a, const void *b, void *arg)
{
    const pl_expr *x = *(pl_expr *const *)a, *y = *(pl_expr *const *)b;
    int rx = cond_rank(arg, x), ry = cond_rank(arg, y);
    if (rx != ry) return rx - ry;
    return x->start < y->start ? -1 : x->start > y->start;
}

static int start_cmp(const void *a, const void *b)
{
    const pl_expr *x = *(pl_expr *const *)a, *y = *(pl_expr *const *)b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* Does the multi-table UPDATE / DELETE being explained change rows of source i? */
static bool dml_target(ex_ctx *ctx, int i)
{
    xstate *xst = ctx->stmt->explain;
    const pl_stmt *st = xst->mdml;
    const ex_src *s = &ctx->src[i];
    const char *al = s->alias ? s->alias : s->name;
    if (!s->t || !al) return false;
    if (st->kind == S_DELETE) {
        for (int k = 0; k < st->ndel_targets; k++) if (!strcmp(st->del_targets[k], al)) return true;
        return st->ndel_targets == 0;
    }
    for (int k = 0; k < st->nsets; k++) {
        const char *nm = st->sets[k].name, *dot = strrchr(nm, '.');
        if (dot) {
            const char *q = nm;
            for (const char *d = strchr(nm, '.'); d && d < dot; d = strchr(d + 1, '.')) q = d + 1;   /* db.t.c: t */
            if ((size_t)(dot - q) == strlen(al) && !strncmp(q, al, (size_t)(dot - q))) return true;
            continue;
        }
        for (uint32_t c = 0; c < s->t->ncols; c++) if (!strcasecmp(s->t->cols[c].name, nm)) return true;
    }
    return false;
}

static int top_src(uint64_t m, int n)
{
    if (m & (1ull << 63)) return n - 1;
    int t = -1;
    for (int j = 0; j < 63; j++) if (m & (1ull << j)) t = j;
    return t;
}

/* What the JSON form shows of source i beyond the tabular columns: key parts, refs, the
 * conditions checked at it (index_condition / attached_condition), a covering index. */
static void json_facts(ex_ctx *ctx, ex_scope *sc, pl_select *sel, const ex_plan_src *ps, int n, int i, xrow *r,
                       pl_expr **conj, const int *level, int nconj)
{
    xstate *xst = ctx->stmt->explain;
    const ex_src *s = &ctx->src[i];
    const ex_plan_src *p = &ps[i];
    r->blk = sel;
    const char *type = r->v[X_TYPE] ? r->v[X_TYPE] : "";
    bool multi = !strcmp(type, "range");
    if (p->ix && s->t) {
        for (uint32_t k = 0; k < p->nk && k < 16; k++) r->ukp[r->nukp++] = s->t->cols[p->ix->cols[k]].name;
        if (!multi)
            for (uint32_t k = 0; k < p->nk && k < 16; k++)
                r->refs[r->nrefs++] = ref_of(ctx, sc, p, i, s->t->cols[p->ix->cols[k]].name);
        r->using_index = covering(ctx, sel, i, p->ix);
    } else if (p->rix && s->t) {
        uint32_t nu = p->rreq + (p->rbound ? 1 : 0);
        for (uint32_t k = 0; k < nu && k < p->rix->ncols && k < 16; k++) r->ukp[r->nukp++] = s->t->cols[p->rix->cols[k]].name;
        if (!p->rbound)
            for (uint32_t k = 0; k < p->rreq && k < 16; k++) r->refs[r->nrefs++] = "const";
        r->using_index = covering(ctx, sel, i, p->rix);
    }
    if (!strcmp(type, "const") || !strcmp(type, "system")) { r->using_index = false; return; }
    if (xst->dml_sel == sel) {
        /* a single-table UPDATE / DELETE checks its whole WHERE on each row it reads, in
           the order written (no equality propagation) */
        pl_expr **c = stor_arena_alloc(xst->a, (size_t)(nconj ? nconj : 1) * sizeof *c);
        int nc = 0;
        for (int k = 0; k < nconj; k++) if (ex_expr_srcmask(sc, conj[k])) c[nc++] = conj[k];
        qsort(c, (size_t)nc, sizeof *c, start_cmp);
        r->acond = xprint_list(ctx, sel, c, nc, false, NULL);
        r->using_index = false;
        return;
    }
    if (r->using_index && xst->mdml && dml_target(ctx, i)) r->using_index = false;   /* it changes rows */
    /* the conditions checked at this source */
    int cap = nconj + 64, nc = 0;
    pl_expr **c = stor_arena_alloc(xst->a, (size_t)cap * sizeof *c);
    for (int k = 0; k < nconj; k++) {
        if (level[k] != i) continue;
        if (!ex_expr_srcmask(sc, conj[k])) continue;   /* constants: decided before the scan */
        c[nc++] = conj[k];
    }
    for (int j = 0; j < n; j++) {
        const ex_src *sj = &ctx->src[j];
        if (!sj->on) continue;
        pl_expr *on[64];
        int non = 0;
        pl_expr_conjuncts(sj->on, on, &non, 64);
        for (int k = 0; k < non && nc < cap; k++) {
            int lv = sj->join == JT_LEFT ? j : top_src(ex_expr_srcmask(sc, on[k]), n);
            if (lv < j && sj->join == JT_LEFT) lv = j;
            if (lv == i) c[nc++] = on[k];
        }
    }
    xsort xs = { sel, ctx };
    qsort_r(c, (size_t)nc, sizeof *c, cond_cmp, &xs);
    pl_expr **ic = stor_arena_alloc(xst->a, (size_t)(nc ? nc : 1) * sizeof *ic), **ac = stor_arena_alloc(xst->a, (size_t)(nc ? nc : 1) * sizeof *ac);
    int nic = 0, nac = 0;
    /* a secondary index the row is read through, not covering: conditions on its whole
       columns are checked in the index (index condition pushdown) */
    const stor_index *icp = p->ix ? p->ix : p->rix;
    if (icp && (icp->kind == IK_PRIMARY || r->using_index || r->hash || (xst->mdml && dml_target(ctx, i)))) icp = NULL;
    for (int k = 0; k < nc; k++) {
        pl_expr *cc, *o;
        const stor_index *lix = p->ix ? p->ix : p->rix && !p->rbound ? p->rix : NULL;
        uint32_t lnk = p->ix ? p->nk : p->rreq;
        if (lix && !multi && c[k]->kind == E_BINARY && c[k]->op == BO_EQ && col_cond(sc, c[k], i, &cc, &o, true)) {
            const stor_column *kc = NULL;
            for (uint32_t x = 0; x < lnk; x++)
                if (!strcasecmp(s->t->cols[lix->cols[x]].name, cc->s)) kc = &s->t->cols[lix->cols[x]];
            if (kc && !is_text(kc)) continue;   /* the lookup answers it exactly */
        }
        if (icp && ex_expr_srcmask(sc, c[k]) == (1ull << i) && on_index_cols(ctx, c[k], i, icp)) ic[nic++] = c[k];
        else ac[nac++] = c[k];
    }
    const char *al = s->alias ? s->alias : s->name;
    r->icond = xprint_list(ctx, sel, ic, nic, false, al);
    r->acond = xprint_list(ctx, sel, ac, nac, false, al);
}

/* The sources e reads (bit 63: something else: an outer column, a subquery, an aggregate). */
static uint64_t xmask(ex_ctx *ctx, const pl_expr *e)
{
    if (e->sub || e->kind == E_STAR) return 1ull << 63;
    if (e->kind == E_FUNC && e->nargs && e->args[0]->kind == E_STAR) return 1ull << 63;
    if (e->kind == E_COLUMN) {
        const char *al, *cn;
        if (!xresolve(ctx, e, &al, &cn)) return 1ull << 63;
        for (int i = 0; i < ctx->nsrc && i < 63; i++) {
            const ex_src *s = &ctx->src[i];
            if (!strcmp(s->alias ? s->alias : s->name, al)) return 1ull << i;
        }
        return 1ull << 63;
    }
    uint64_t m = 0;
    for (int i = 0; i < e->nargs; i++) m |= xmask(ctx, e->args[i]);
    return m;
}

/* The GROUP BY / DISTINCT / ORDER BY wrappers MariaDB puts around a block's join. */
static void json_wrappers(ex_ctx *ctx, ex_scope *sc, pl_select *sel, xblock *b, const ex_plan_src *ps, int n, bool grouped)
{
    xstate *xst = ctx->stmt->explain;
    bool all_const = n > 0;
    for (int k = 0; k < n; k++) {
        const ex_plan_src *q2 = &ps[k];
        if (!q2->ix || !ctx->src[k].t || (q2->ix->kind != IK_PRIMARY && q2->ix->kind != IK_UNIQUE) || q2->nk != q2->ix->ncols) { all_const = false; break; }
        for (uint32_t x = 0; x < q2->nk; x++)
            if (q2->nkv[x] != 1 || strcmp(ref_of(ctx, sc, q2, k, ctx->src[k].t->cols[q2->ix->cols[x]].name), "const")) all_const = false;
    }
    if (all_const) return;
    bool agg_only = grouped && !sel->ngroup && !sel->distinct;
    bool order = sel->norder > 0 && !(sel->norder == 1 && sel->order[0].e->kind == E_NULL) && !agg_only;
    b->temptable = sel->ngroup > 0 || sel->distinct || b->ins_tmp;
    b->filesort = order || (sel->ngroup > 0 && !(sel->norder == 1 && sel->order[0].e->kind == E_NULL));
    if (!b->filesort) return;
    xbuf kb = { .a = xst->a };
    xpctx pc = { ctx, sel, false, NULL, false, 0, false, false, NULL, NULL, false };
    uint64_t m = 0;
    int nk = order ? sel->norder : sel->ngroup;
    for (int k = 0; k < nk; k++) {
        pl_expr *e = order ? sel->order[k].e : sel->group[k];
        long pos = e->kind == E_INT ? strtol(e->s, NULL, 10) : 0;
        if (pos >= 1 && pos <= sel->nitems) e = sel->items[pos - 1].e;
        bool aliased = false;
        if (order && e->kind == E_COLUMN && !e->tbl)
            for (int i = 0; i < sel->nitems; i++)
                if (sel->items[i].alias && !strcasecmp(sel->items[i].alias, e->s)) { e = sel->items[i].e; aliased = true; break; }
        if (k) xb_s(&kb, ", ");
        pc.order_alias = order && !aliased;
        xprint(&pc, &kb, e);
        if (order && sel->order[k].desc) xb_s(&kb, " desc");
        m |= xmask(ctx, e);
    }
    b->sort_key = kb.p;
    /* keys of the first table only, nothing grouped: it is read sorted, the others joined to it */
    bool buffered = false;   /* a join buffer (hash join) reads the first table's rows out of order */
    for (int k = 1; k < n; k++) if (ps[k].bnl) buffered = true;
    if (!b->temptable && !(m & ~1ull) && !buffered) b->sorted_first = true;
    else b->temptable = true;
}

/* ---------------------------------------------------------------- EXPLAIN EXTENDED: Note 1003 */

/* Block sel as MariaDB's note prints the query it optimized: names qualified by database
 * and table, the SELECT list named (AS), the FROM list as written with inner joins' ON
 * conditions moved into WHERE, the conditions in FORMAT=JSON's order, HAVING as the
 * constant it leaves behind ("having 1"), ORDER BY aliases replaced by their expressions. */
static const char *note_dml(ex_ctx *ctx, ex_scope *sc, pl_select *sel, pl_expr **conj, int nconj, bool impossible);
static void note_table(xbuf *o, ex_ctx *ctx, const char *db, const char *name, const char *alias);

/* Does e read nothing but columns and constants through operators (no function, no
 * subquery): safe to evaluate while explaining. */
static bool xsimple(const pl_expr *e)
{
    if (e->sub || e->kind == E_FUNC || e->kind == E_STAR) return false;
    for (int i = 0; i < e->nargs; i++) if (!xsimple(e->args[i])) return false;
    return true;
}

/* The const tables of a block (a unique key on constants, as ex_explain_block shows them)
 * and the row each reads: -1 not const, -2 no row, else the row id. */
static int64_t *const_rows(ex_ctx *ctx, ex_scope *sc, const ex_plan_src *ps, int n)
{
    xstate *xst = ctx->stmt->explain;
    int64_t *cr = stor_arena_alloc(xst->a, (size_t)(n ? n : 1) * sizeof *cr);
    for (int i = 0; i < n; i++) {
        cr[i] = -1;
        const ex_plan_src *p = &ps[i];
        const ex_src *s = &ctx->src[i];
        if (!p->ix || !s->t || s->join == JT_LEFT || !ctx->rows || (p->ix->kind != IK_PRIMARY && p->ix->kind != IK_UNIQUE) ||
            p->nk != p->ix->ncols)
            continue;
        bool allc = true;
        for (uint32_t k = 0; k < p->nk; k++)
            if (p->nkv[k] != 1 || strcmp(ref_of(ctx, sc, p, i, s->t->cols[p->ix->cols[k]].name), "const")) allc = false;
        if (!allc) continue;
        /* the row: the one the key's equalities pick */
        ex_prog *pr[16];
        int np = 0;
        for (int k = 0; k < p->nconds && np < 16; k++) {
            pl_expr *cc, *o;
            if (p->conds[k]->kind != E_BINARY || !col_cond(sc, p->conds[k], i, &cc, &o, true) || ex_expr_srcmask(sc, o) ||
                !xsimple(p->conds[k]))
                continue;
            int kind = col_not_text(ctx, cc);   /* a literal of the column's kind: nothing to convert, no warning */
            if (kind ? !is_literal(o, kind) : o->kind != E_STRING) continue;
            bool key = false;
            for (uint32_t x = 0; x < p->nk; x++) if (!strcasecmp(s->t->cols[p->ix->cols[x]].name, cc->s)) key = true;
            if (!key) continue;
            ex_type t;
            pr[np++] = ex_compile(sc, p->conds[k], &t);
        }
        if (np < (int)p->nk) continue;
        cr[i] = -2;
        uint32_t saved = ctx->rows[i];
        for (uint32_t r = 0; r < s->t->nrows && cr[i] == -2; r++) {
            if (!stor_row_visible(s->t, r)) continue;
            ctx->rows[i] = r;
            bool ok = true;
            for (int k = 0; k < np && ok; k++) {
                pdb_value v;
                ex_eval(ctx, pr[k], &v);
                ok = ex_is_true(&v);
            }
            if (ok) cr[i] = r;
        }
        ctx->rows[i] = saved;
    }
    return cr;
}

/* Column col of a const table's row (-2: none) as the note writes the value. */
static void xconst_value(xbuf *b, const ex_src *s, int64_t row, uint32_t col)
{
    pdb_value v;
    memset(&v, 0, sizeof v);
    v.t = VT_NULL;
    if (row >= 0) stor_get(s->t, col, (uint32_t)row, &v);
    if (v.t == VT_NULL) { xb_s(b, "NULL"); return; }
    size_t len;
    const char *txt = ex_to_str(b->a, &v, &len);
    if (v.t == VT_INT || v.t == VT_UINT || v.t == VT_DECIMAL || v.t == VT_DOUBLE) xb_put(b, txt, len);
    else xprint_str(b, txt, len);
}

/* The source of ctx (this block) column e reads when that is a const table, or -1. */
static int xconst_src(const xpctx *pc, const pl_expr *e)
{
    if (!pc->crow || e->kind != E_COLUMN) return -1;
    const char *al, *cn;
    if (!xresolve(pc->ctx, e, &al, &cn)) return -1;
    for (int i = 0; i < pc->ctx->nsrc; i++) {
        const ex_src *s = &pc->ctx->src[i];
        if (!strcmp(s->alias ? s->alias : s->name, al)) return pc->crow[i] != -1 ? i : -1;
    }
    return -1;
}

static const char *note_block(ex_ctx *ctx, ex_scope *sc, pl_select *sel, xblock *b, const ex_plan_src *ps, pl_expr **conj,
                              const int *level, int nconj, bool impossible, bool grouped)
{
    xstate *xst = ctx->stmt->explain;
    if (xst->dml_sel == sel) return note_dml(ctx, sc, sel, conj, nconj, impossible);
    xbuf o = { .a = xst->a };
    int64_t *crow = const_rows(ctx, sc, ps, ctx->nsrc);
    xpctx pc = { ctx, sel, false, NULL, false, 0, false, true, crow, NULL, false };
    bool sub = b->subquery;
    const pl_stmt *md = xst->mdml && sel == xst->mdml_sel ? xst->mdml : NULL;   /* a multi-table UPDATE / DELETE */
    char t[64];
    if (xst->nb > 1) { snprintf(t, sizeof t, "/* select#%d */ ", b->id); xb_s(&o, t); }
    if (!md) xb_s(&o, sel->distinct ? "select distinct " : "select ");
    if (b->ins_tmp) xb_s(&o, "sql_buffer_result ");   /* INSERT ... SELECT from the table it fills */
    /* the sources in the order written */
    int n = ctx->nsrc, *ord = stor_arena_alloc(xst->a, (size_t)(n ? n : 1) * sizeof *ord);
    for (int i = 0; i < n; i++) ord[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && ctx->src[ord[j]].decl < ctx->src[ord[j - 1]].decl; j--) { int x = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = x; }
    int *ford = ord;   /* FROM: as written, or a RIGHT JOIN turned around as MariaDB prints it */
    if (n && ctx->src[ord[0]].join == JT_LEFT) {
        ford = stor_arena_alloc(xst->a, (size_t)n * sizeof *ford);
        for (int i = 0; i < n; i++) ford[i] = i;
    }
    for (int i = 0; i < n; i++) if (!ctx->src[i].t) return NULL;   /* MariaDB merges a derived table first */
    bool firsti = true;
    if (md && md->kind == S_DELETE) {   /* delete  from its targets using the join */
        xb_s(&o, "delete  from ");
        for (int k = 0; k < md->ndel_targets; k++)
            for (int q = 0; q < n; q++) {
                const ex_src *s = &ctx->src[ord[q]];
                if (strcmp(s->alias ? s->alias : s->name, md->del_targets[k])) continue;
                if (k) xb_s(&o, ",");
                note_table(&o, ctx, s->db, s->t->name, s->alias);
                break;
            }
    }
    for (int k = 0; k < sel->nitems && !md; k++) {
        pl_expr *e = sel->items[k].e;
        if (e->kind == E_STAR) {
            for (int q = 0; q < n; q++) {
                const ex_src *s = &ctx->src[ord[q]];
                const char *al = s->alias ? s->alias : s->name;
                if (!s->t || (e->tbl && strcmp(e->tbl, al))) continue;
                const char *db = s->db ? s->db : ctx->s->db;
                for (uint32_t c = 0; c < s->t->ncols; c++) {
                    bool merged = false;   /* USING / NATURAL: the column is the earlier table's */
                    for (int u = 0; u < s->nucols && !s->coalesce_right && !e->tbl; u++)
                        if (!strcasecmp(s->ucols[u], s->t->cols[c].name)) merged = true;
                    if (merged) continue;
                    if (!firsti) xb_s(&o, ",");
                    firsti = false;
                    if (crow[ord[q]] != -1) xconst_value(&o, s, crow[ord[q]], c);
                    else {
                        if (db) { xb_qident(&o, db); xb_s(&o, "."); }
                        xb_qident(&o, al); xb_s(&o, "."); xb_qident(&o, s->t->cols[c].name);
                    }
                    if (!sub) { xb_s(&o, " AS "); xb_qident(&o, s->t->cols[c].name); }
                }
            }
            continue;
        }
        if (!firsti) xb_s(&o, ",");
        firsti = false;
        xprint(&pc, &o, e);
        if (sub) continue;
        xb_s(&o, " AS ");
        if (sel->items[k].alias) xb_qident(&o, sel->items[k].alias);
        else if (e->kind == E_COLUMN) xb_qident(&o, e->s);   /* t.c is named c */
        else if (e->kind == E_STRING && !memchr(e->s, 0, e->slen)) xb_qident(&o, e->s);   /* 'a' is named a */
        else {
            char *nm = stor_arena_alloc(xst->a, (size_t)e->srclen + 1);
            memcpy(nm, e->start ? e->start : "", e->start ? e->srclen : 0);
            nm[e->start ? e->srclen : 0] = 0;
            xb_qident(&o, nm);
        }
    }
    /* FROM: inner joins' ON conditions go to WHERE, a LEFT JOIN keeps its own */
    int cap = nconj + 64, nc = 0;
    pl_expr **c = stor_arena_alloc(xst->a, (size_t)cap * sizeof *c);
    int *lv = stor_arena_alloc(xst->a, (size_t)cap * sizeof *lv);
    bool outer = false, any_where = sel->where != NULL;
    for (int q = 0; q < n; q++) {
        const ex_src *s = &ctx->src[ford[q]];
        xb_s(&o, q > 0 ? (s->join == JT_LEFT ? " left join " : " join ") : !md ? " from " : md->kind == S_UPDATE ? "update " : " using ");
        if (!s->t) { xb_s(&o, "("); xb_s(&o, "subquery"); xb_s(&o, ")"); }
        else {
            const char *db = s->db ? s->db : ctx->s->db;
            if (db) { xb_qident(&o, db); xb_s(&o, "."); }
            xb_qident(&o, s->t->name);
        }
        if (s->alias && (!s->t || strcmp(s->alias, s->t->name))) { xb_s(&o, " "); xb_qident(&o, s->alias); }
        pl_expr *on[64];
        int non = 0;
        pl_expr_conjuncts(s->on, on, &non, 64);
        if (s->join == JT_LEFT) {
            outer = true;
            xb_s(&o, " on(");
            for (int k = 0; k < non; k++) {
                if (k) xb_s(&o, " and ");
                pc.cur_alias = s->alias ? s->alias : s->name;
                xprint_paren(&pc, &o, on[k], non > 1 ? PR_AND : 0);
            }
            xb_s(&o, ")");
            continue;
        }
        for (int k = 0; k < non && nc < cap; k++) { c[nc] = on[k]; lv[nc++] = top_src(ex_expr_srcmask(sc, on[k]), n); any_where = true; }
    }
    for (int k = 0; md && md->kind == S_UPDATE && k < md->nsets; k++) {   /* UPDATE's SET, on the table it names */
        const char *nm = md->sets[k].name, *dot = strrchr(nm, '.'), *cn = dot ? dot + 1 : nm;
        const ex_src *ts = NULL;
        for (int q = 0; q < n && !ts; q++) {
            const ex_src *s = &ctx->src[q];
            const char *al = s->alias ? s->alias : s->name;
            if (dot) {
                const char *tq = nm;
                for (const char *d = strchr(nm, '.'); d && d < dot; d = strchr(d + 1, '.')) tq = d + 1;
                if ((size_t)(dot - tq) == strlen(al) && !strncmp(tq, al, (size_t)(dot - tq))) ts = s;
            } else
                for (uint32_t x = 0; x < s->t->ncols && !ts; x++) if (!strcasecmp(s->t->cols[x].name, cn)) ts = s;
        }
        if (!ts) return NULL;
        for (uint32_t x = 0; x < ts->t->ncols; x++) if (!strcasecmp(ts->t->cols[x].name, cn)) cn = ts->t->cols[x].name;
        xb_s(&o, k ? "," : " set ");
        const char *db = ts->db ? ts->db : ctx->s->db;
        if (db) { xb_qident(&o, db); xb_s(&o, "."); }
        xb_qident(&o, ts->alias ? ts->alias : ts->name); xb_s(&o, "."); xb_qident(&o, cn);
        xb_s(&o, " = ");
        if (md->sets[k].value->kind == E_DEFAULT) xb_s(&o, "DEFAULT");
        else xprint(&pc, &o, md->sets[k].value);
    }
    for (int k = 0; k < nconj && nc < cap; k++) {
        if (!ex_expr_srcmask(sc, conj[k])) {   /* constants: decided before the scan */
            if (!n && xsimple(conj[k])) {
                ex_type ty;
                pdb_value v;
                ex_eval(ctx, ex_compile(sc, conj[k], &ty), &v);
                if (!ex_is_true(&v)) impossible = true;
            }
            continue;
        }
        c[nc] = conj[k]; lv[nc++] = level[k];
    }
    /* conditions on const tables alone were decided reading them */
    uint64_t cmask = 0;
    bool cmiss = false;
    for (int i = 0; i < n && i < 63; i++)
        if (crow[i] != -1) { cmask |= 1ull << i; if (crow[i] == -2) cmiss = true; }
    if (cmask) {
        int m = 0;
        for (int k = 0; k < nc; k++) {
            uint64_t em = ex_expr_srcmask(sc, c[k]);
            if (em & ~cmask) { c[m] = c[k]; lv[m++] = lv[k]; continue; }
            if (cmiss || !xsimple(c[k])) { if (cmiss) impossible = true; else { c[m] = c[k]; lv[m++] = lv[k]; } continue; }
            uint32_t saved[64];
            for (int i = 0; i < n && i < 63; i++) if (crow[i] >= 0) { saved[i] = ctx->rows[i]; ctx->rows[i] = (uint32_t)crow[i]; }
            ex_type ty;
            pdb_value v;
            ex_eval(ctx, ex_compile(sc, c[k], &ty), &v);
            for (int i = 0; i < n && i < 63; i++) if (crow[i] >= 0) ctx->rows[i] = saved[i];
            if (!ex_is_true(&v)) impossible = true;
        }
        if (m < nc) any_where = true;
        nc = m;
    }
    /* the order FORMAT=JSON prints them in (a stable sort: levels follow their conditions) */
    xsort xs = { sel, ctx };
    for (int i = 1; i < nc; i++)
        for (int j = i; j > 0 && cond_cmp(&c[j], &c[j - 1], &xs) < 0; j--) {
            pl_expr *x = c[j]; c[j] = c[j - 1]; c[j - 1] = x;
            int y = lv[j]; lv[j] = lv[j - 1]; lv[j - 1] = y;
        }
    if (impossible) xb_s(&o, " where 0");
    else if (nc) {
        xb_s(&o, " where ");
        for (int k = 0; k < nc; k++) {
            if (k) xb_s(&o, " and ");
            pc.cur_alias = lv[k] >= 0 && lv[k] < n ? (ctx->src[lv[k]].alias ? ctx->src[lv[k]].alias : ctx->src[lv[k]].name) : NULL;
            xprint_paren(&pc, &o, c[k], nc > 1 ? PR_AND : 0);
        }
    } else if (any_where || outer) xb_s(&o, " where 1");
    pc.cur_alias = NULL;
    if (sel->ngroup) {
        xb_s(&o, " group by ");
        for (int k = 0; k < sel->ngroup; k++) { if (k) xb_s(&o, ","); xprint(&pc, &o, sel->group[k]); }
        if (sel->rollup) xb_s(&o, " with rollup");
    }
    if (sel->having && grouped) xb_s(&o, " having 1");   /* what MariaDB leaves of a grouped query's HAVING */
    else if (sel->having) {
        pl_expr *h[64];
        int nh = 0;
        pl_expr_conjuncts(sel->having, h, &nh, 64);
        pc.bare_alias = true;
        xb_s(&o, " having ");
        for (int k = 0; k < nh; k++) { if (k) xb_s(&o, " and "); xprint_paren(&pc, &o, h[k], nh > 1 ? PR_AND : 0); }
        pc.bare_alias = false;
    }
    if (sel->norder) {
        xb_s(&o, " order by ");
        for (int k = 0; k < sel->norder; k++) {
            if (k) xb_s(&o, ",");
            pc.order_alias = true;
            xprint(&pc, &o, sel->order[k].e);
            pc.order_alias = false;
            if (sel->order[k].desc) xb_s(&o, " desc");
        }
    }
    if (sel->limit) {
        xb_s(&o, " limit ");
        if (sel->offset) { xprint(&pc, &o, sel->offset); xb_s(&o, ","); }
        xprint(&pc, &o, sel->limit);
    }
    if (sel->for_update) xb_s(&o, " for update");
    else if (sel->lock_share) xb_s(&o, " lock in share mode");
    return o.p;
}

/* `db`.`table` [`alias`] of a statement's target. */
static void note_table(xbuf *o, ex_ctx *ctx, const char *db, const char *name, const char *alias)
{
    if (!db) db = ctx->s->db;
    if (db) { xb_qident(o, db); xb_s(o, "."); }
    xb_qident(o, name);
    if (alias && strcmp(alias, name)) { xb_s(o, " "); xb_qident(o, alias); }
}

/* A single-table UPDATE / DELETE's note: its SET, its WHERE as written, ORDER BY, LIMIT. */
static const char *note_dml(ex_ctx *ctx, ex_scope *sc, pl_select *sel, pl_expr **conj, int nconj, bool impossible)
{
    xstate *xst = ctx->stmt->explain;
    const pl_stmt *st = xst->dml;
    const ex_src *s = ctx->nsrc == 1 ? &ctx->src[0] : NULL;
    if (!s || !s->t) return NULL;
    const char *al = s->alias ? s->alias : s->name, *db = s->db ? s->db : ctx->s->db;
    xbuf o = { .a = xst->a };
    xpctx pc = { ctx, sel, false, NULL, false, 0, true, true, NULL, NULL, false };
    xb_s(&o, st->kind == S_UPDATE ? "update " : "delete  from ");
    note_table(&o, ctx, s->db, s->t->name, s->alias);
    for (int k = 0; st->kind == S_UPDATE && k < st->nsets; k++) {
        const char *nm = st->sets[k].name, *dot = strrchr(nm, '.');
        xb_s(&o, k ? "," : " set ");
        if (db) { xb_qident(&o, db); xb_s(&o, "."); }
        xb_qident(&o, al); xb_s(&o, ".");
        const char *cn = dot ? dot + 1 : nm;
        for (uint32_t c = 0; c < s->t->ncols; c++) if (!strcasecmp(s->t->cols[c].name, cn)) cn = s->t->cols[c].name;
        xb_qident(&o, cn);
        xb_s(&o, " = ");
        if (st->sets[k].value->kind == E_DEFAULT) {
            xb_s(&o, "default(");
            if (db) { xb_qident(&o, db); xb_s(&o, "."); }
            xb_qident(&o, al); xb_s(&o, "."); xb_qident(&o, cn);
            xb_s(&o, ")");
        } else xprint(&pc, &o, st->sets[k].value);
    }
    (void)conj; (void)nconj; (void)impossible; (void)sc;
    if (st->where) { xb_s(&o, " where "); xprint(&pc, &o, st->where); }   /* as written, constants too */
    for (int k = 0; k < st->norder; k++) {
        xb_s(&o, k ? "," : " order by ");
        xprint(&pc, &o, st->order[k].e);
        if (st->order[k].desc) xb_s(&o, " desc");
    }
    if (st->limit) { xb_s(&o, " limit "); xprint(&pc, &o, st->limit); }
    return o.p;
}

/* INSERT / REPLACE's note up to its rows: the statement, its table and its columns. */
static void note_insert(xbuf *o, ex_ctx *ctx, const pl_stmt *st)
{
    xb_s(o, st->kind == S_REPLACE ? "replace into " : "insert into ");   /* (IGNORE is not printed) */
    stor_table *t = ex_table(ctx, st->db, st->table);
    note_table(o, ctx, st->db, t ? t->name : st->table, NULL);
    int n = st->nsets ? st->nsets : st->ncols;
    for (int k = 0; k < n; k++) {
        xb_s(o, k ? "," : "(");
        xb_s(o, st->nsets ? st->sets[k].name : st->cols[k]);
    }
    if (n) xb_s(o, ")");
}

/* The note of block b with its subqueries' texts in place of their markers. */
/* How many blocks sb is nested in below anc (0: itself, -1: not below it). */
static int block_depth(xstate *xst, const xblock *sb, const xblock *anc)
{
    int d = 0;
    for (const xblock *b = sb; b && d < 256; d++) {
        if (b == anc) return d;
        b = b->parent ? xfind(xst, b->parent) : NULL;
    }
    return -1;
}

/* The enclosing blocks' columns subquery block sb and the blocks inside it read (its
 * expression cache's key, MariaDB's <expr_cache><..>), or NULL when it reads none. */
static const char *cache_refs(xstate *xst, xblock *sb)
{
    xbuf o = { .a = xst->a };
    for (int i = 0; i < xst->nb; i++) {
        xblock *b = &xst->b[i];
        int d = block_depth(xst, b, sb);
        if (d < 0) continue;
        for (int k = 0; k < b->nrefs; k++) {
            if (b->refs[k].up <= d) continue;   /* found inside sb */
            const char *q = b->refs[k].quoted;
            bool dup = false;   /* each column once */
            for (const char *p = o.p; p && (p = strstr(p, q)); p++)
                if ((p == o.p || p[-1] == ',') && (p[strlen(q)] == ',' || !p[strlen(q)])) { dup = true; break; }
            if (dup) continue;
            if (o.n) xb_s(&o, ",");
            xb_s(&o, q);
        }
    }
    return o.p;
}

/* Collects the columns e reads from blocks enclosing ctx's (not inside subqueries). */
static void note_refs(ex_ctx *ctx, const pl_expr *e, xblock *b)
{
    xstate *xst = ctx->stmt->explain;
    if (!e || e->sub) return;
    if (e->kind == E_COLUMN) {
        int up = 0;
        for (ex_ctx *c = ctx; c; c = c->outer, up++)
            for (int i = 0; i < c->nsrc; i++) {
                const ex_src *s = &c->src[i];
                const char *al = s->alias ? s->alias : s->name;
                if (e->tbl && (!al || strcmp(al, e->tbl))) continue;
                int nc = s->t ? (int)s->t->ncols : s->dncols;
                for (int k = 0; k < nc; k++) {
                    const char *cn = s->t ? s->t->cols[k].name : s->dnames ? s->dnames[k] : NULL;
                    if (!cn || strcasecmp(cn, e->s)) continue;
                    if (!up) return;
                    const char *db = s->t ? (s->db ? s->db : c->s->db) : NULL;
                    xbuf q = { .a = xst->a }, pl = { .a = xst->a };
                    if (db) { xb_qident(&q, db); xb_s(&q, "."); xb_s(&pl, db); xb_s(&pl, "."); }
                    xb_qident(&q, al); xb_s(&q, "."); xb_qident(&q, cn);
                    xb_s(&pl, al); xb_s(&pl, "."); xb_s(&pl, cn);
                    if (b->nrefs % 8 == 0) {
                        xref *n = stor_arena_alloc(xst->a, (size_t)(b->nrefs + 8) * sizeof *n);
                        if (b->nrefs) memcpy(n, b->refs, (size_t)b->nrefs * sizeof *n);
                        b->refs = n;
                    }
                    b->refs[b->nrefs++] = (xref){ q.p, pl.p, up };
                    return;
                }
            }
        return;
    }
    for (int i = 0; i < e->nargs; i++) note_refs(ctx, e->args[i], b);
}

static void note_text(xstate *xst, xbuf *o, const char *s, int depth)
{
    while (*s) {
        const char *m = strchr(s, '\001');
        if (!m) { xb_s(o, s); return; }
        xb_put(o, s, (size_t)(m - s));
        int id = atoi(m + 1);
        const char *e = strchr(m + 1, '\001');
        if (!e) return;
        xblock *sb = id >= 1 && id <= xst->nb ? &xst->b[id - 1] : NULL;
        const char *cache = sb ? cache_refs(xst, sb) : NULL;
        if (cache) { xb_s(o, "<expr_cache><"); xb_s(o, cache); xb_s(o, ">("); }
        xb_s(o, "(");
        if (sb && sb->note && depth < 64) note_text(xst, o, sb->note, depth + 1);
        else {
            char t[32];
            snprintf(t, sizeof t, "subquery#%d", id);
            xb_s(o, t);
        }
        xb_s(o, ")");
        if (cache) xb_s(o, ")");
        s = e + 1;
    }
}

/* Does the single-table UPDATE being explained change a column of the (secondary) key ix
 * it reads? Then it collects the rows first (a filesort collects them anyway). */
static bool dml_buffer(xstate *xst, const ex_src *s, const stor_index *ix)
{
    const pl_stmt *st = xst->dml;
    if (st->kind != S_UPDATE || ix->kind == IK_PRIMARY || st->norder) return false;
    for (int k = 0; k < st->nsets; k++) {
        const char *nm = st->sets[k].name, *dot = strrchr(nm, '.');
        if (dot) nm = dot + 1;
        for (uint32_t x = 0; x < ix->ncols; x++) if (!strcasecmp(src_col(s, (int)ix->cols[x])->name, nm)) return true;
    }
    return false;
}

/* Does EXPLAIN show a full scan as MariaDB's read of a covering key (type index)? Not
 * with GROUP BY, nor with ORDER BY over a join (MariaDB may read the key that gives
 * the order). With ORDER BY over one table it does, and its filesort still reads the
 * table (ha_rnd_next: clustered order, engine/sort_ties.md section 6). */
static bool has_match(const pl_expr *e)
{
    if (!e) return false;
    if (e->kind == E_FUNC && !strcmp(e->s, "MATCH")) return true;
    for (int k = 0; k < e->nargs; k++) if (has_match(e->args[k])) return true;
    return false;
}

/* Does ORDER BY name a MATCH (as such or by a select item's alias or position)? */
static bool order_matches(const pl_select *sel)
{
    for (int k = 0; k < sel->norder; k++) {
        const pl_expr *o = sel->order[k].e;
        if (has_match(o)) return true;
        for (int i = 0; i < sel->nitems; i++) {
            const pl_item *it = &sel->items[i];
            bool named = o->kind == E_COLUMN && !o->tbl && it->alias && !strcasecmp(it->alias, o->s);
            bool pos = o->kind == E_INT && o->ival == i + 1;
            if ((named || pos) && has_match(it->e)) return true;
        }
    }
    return false;
}

/* The FULLTEXT key a single table's rows come from (select.c ft_access), or NULL. */
static const stor_index *ft_access_key(const stor_table *t, pl_expr **conj, int nconj)
{
    for (int k = 0; k < nconj; k++) {
        const pl_expr *m = ex_ft_term(conj[k]);
        if (m) return ex_ft_key(t, m);
    }
    return NULL;
}

static bool scan_key_shown(const pl_select *sel, int n)
{
    return !sel->ngroup && (!sel->norder || n == 1);
}

/* The key a full scan reads: the one giving a single table's ORDER BY (select.c
 * block_scan_keys reads it and sorts nothing), else the shortest holding every column. */
static const stor_index *scan_key_of(ex_ctx *ctx, pl_select *sel, int n, int i, bool grouped)
{
    int dir;
    const stor_index *x = n == 1 && !grouped && sel->norder ? ex_order_scan_key(ctx, sel, i, &dir) : NULL;
    return x ? x : ex_scan_key(ctx, sel, i);
}

void ex_explain_block(ex_ctx *ctx, ex_scope *sc, pl_select *sel, const pl_plan *plan, const ex_plan_src *ps,
                      bool impossible)
{
    int n = plan->nsrc, nconj = plan->nconj;
    bool grouped = plan->grouped, ordered = plan->sorted;
    pl_expr **conj = stor_arena_alloc(ctx->a, (size_t)(nconj ? nconj : 1) * sizeof *conj);
    int *level = stor_arena_alloc(ctx->a, (size_t)(nconj ? nconj : 1) * sizeof *level);
    for (int i = 0; i < nconj; i++) { conj[i] = plan->conj[i].e; level[i] = plan->conj[i].level; }
    xstate *xst = ctx->stmt->explain;
    if (!xst) return;
    const pl_select *key = sel->orig ? sel->orig : sel;   /* (a rewritten copy: the block it stands for) */
    xblock *b = xfind(xst, key);
    if (!b) return;
    if (b->done) {
        /* a block run again (a correlated subquery): its counts add up */
        if (ctx->stmt->analyzing)
            for (int k = 0; k < xst->nr; k++) {
                xrow *xr = &xst->r[k];
                if (xr->sel != key || xr->src < 0 || xr->src >= n) continue;
                xr->loops += ps[xr->src].r_loops; xr->read += ps[xr->src].r_read; xr->pass += ps[xr->src].r_pass;
                xr->ns += ps[xr->src].r_ns; xr->cond_ns += ps[xr->src].r_cond_ns;
            }
        if (ctx->stmt->analyzing) {
            b->runs++;
            for (int i = 0; i < n; i++) b->ns += ps[i].r_ns;
        }
        return;
    }
    b->done = true;
    if (ctx->stmt->analyzing && !ctx->describe) {   /* (a subquery typed before it runs is planned, not run) */
        b->runs = 1;
        for (int i = 0; i < n; i++) b->ns += ps[i].r_ns;
        b->noted_ns = ex_now_ns();
    }
    if (!strcmp(b->stype, "SUBQUERY") && ctx->outer && block_reads_outer(ctx, sel)) b->stype = "DEPENDENT SUBQUERY";
    if (!strcmp(b->stype, "UNION") && b->union_head) {
        xblock *h = xfind(xst, b->union_head);
        if (h && !strcmp(h->stype, "DEPENDENT SUBQUERY")) b->stype = "DEPENDENT UNION";
    }
    double ord = b->id;
    for (int i = 0; i < n && xst->ins_sel == sel; i++) if (ctx->src[i].t && ctx->src[i].t == xst->ins_t) b->ins_tmp = true;
    /* a unique lookup on constants that finds nothing: MariaDB reads such tables first */
    bool const_miss = false;
    for (int i = 0; i < n && !impossible; i++) {
        const ex_plan_src *p = &ps[i];
        if (!p->ix || !ctx->src[i].t || ctx->src[i].join == JT_LEFT) continue;
        bool uniq = (p->ix->kind == IK_PRIMARY || p->ix->kind == IK_UNIQUE) && p->nk == p->ix->ncols;
        bool allc = true;
        for (uint32_t k = 0; k < p->nk; k++) {
            if (p->nkv[k] != 1) allc = false;
            else if (strcmp(ref_of(ctx, sc, p, i, ctx->src[i].t->cols[p->ix->cols[k]].name), "const")) allc = false;
        }
        if (uniq && allc && p->rows == 0) const_miss = true;
    }
    /* a single-table UPDATE / DELETE reads its key as a range, never as a const table */
    bool dml = xst->dml_sel == sel;
    if (dml) const_miss = false;
    if (dml && xst->dml->limit && xst->dml->limit->kind == E_INT && !strtoll(xst->dml->limit->s, NULL, 10)) impossible = true;   /* LIMIT 0 */
    if (impossible || const_miss || n == 0) {
        xrow *r = xrow_add(xst, b->id, ord);
        r->v[X_STYPE] = b->stype;
        r->v[X_EXTRA] = impossible ? "Impossible WHERE" : const_miss ? (ctx->stmt->analyzing ? "no matching row in const table" : "Impossible WHERE noticed after reading const tables")
                                                         : "No tables used";
        b->message = r->v[X_EXTRA];
        b->est = n == 0 ? 1 : 0;
    }
    for (int i = 0; i < n && !impossible && !const_miss; i++) {
        const ex_src *s = &ctx->src[i];
        const ex_plan_src *p = &ps[i];
        xrow *r = xrow_add(xst, b->id, ord + (i + 1) * 1e-3);
        r->v[X_STYPE] = b->stype;
        r->sel = key; r->src = i;
        r->loops = p->r_loops; r->read = p->r_read; r->pass = p->r_pass;
        const pl_tref *tr = NULL;
        for (int k = 0; k < sel->nfrom; k++)
            if ((sel->from[k].decl1 ? sel->from[k].decl1 - 1 : k) == s->decl) tr = &sel->from[k];
        uint32_t rows = p->rows;
        if (!s->t && tr && tref_block(tr)) {
            char nm[32];
            snprintf(nm, sizeof nm, "<derived%d>", key_block_id(xst, tref_block(tr)));
            r->v[X_TABLE] = xstrdup(xst, nm);
            xblock *db = xfind(xst, tref_block(tr));
            rows = db ? db->est : rows;
            r->mat = tref_block(tr);
        } else r->v[X_TABLE] = s->alias ? s->alias : s->name;
        char extra[256] = "";
        /* possible keys: indexes whose first column this block compares with a value */
        char pk[1024] = "";
        if (s->t) {
            for (uint32_t x = 0; x < s->t->nidx; x++) {
                const stor_index *ix = &s->t->idx[x];
                if (ix->kind == IK_FULLTEXT || ix->kind == IK_SPATIAL || !ex_key_allowed(s, ix)) continue;
                const char *c0 = s->t->cols[ix->cols[0]].name;
                bool use = ix == p->ix || ix == p->rix;
                for (int k = 0; k < p->nconds && !use; k++) {
                    pl_expr *c, *o;
                    if (col_cond(sc, p->conds[k], i, &c, &o, false) && !strcasecmp(c->s, c0)) use = true;
                }
                if (!use) continue;
                size_t l = strlen(pk);
                snprintf(pk + l, sizeof pk - l, "%s%s", l ? "," : "", ix->name);
            }
        }
        r->v[X_PKEYS] = pk[0] ? xstrdup(xst, pk) : NULL;
        bool consumed_eq = false;
        const stor_index *six = NULL;   /* a full scan read through this key */
        const stor_index *ftk;          /* the FULLTEXT key the rows come from */
        if (p->ix) {
            const stor_index *ix = p->ix;
            bool uniq = (ix->kind == IK_PRIMARY || ix->kind == IK_UNIQUE) && p->nk == ix->ncols;
            bool multi = false, allc = true;
            char ref[1024] = "";
            uint32_t kl = 0;
            for (uint32_t k = 0; k < p->nk; k++) {
                const stor_column *c = src_col(s, (int)ix->cols[k]);
                kl += key_part_len(c, ix->prefix ? ix->prefix[k] : 0);
                if (p->nkv[k] > 1) { multi = true; continue; }
                const char *rf = ref_of(ctx, sc, p, i, c->name);
                if (strcmp(rf, "const")) allc = false;
                size_t l = strlen(ref);
                snprintf(ref + l, sizeof ref - l, "%s%s", l ? "," : "", rf);
            }
            r->v[X_KEY] = ix->name;
            r->v[X_KEYLEN] = xfmt_u(xst, kl);
            if (dml) {
                r->v[X_TYPE] = "range";
                r->v[X_REF] = NULL;
                xjoin(extra, sizeof extra, "Using where");
                if (dml_buffer(xst, s, ix)) xjoin(extra, sizeof extra, "Using buffer");
                if (uniq && !multi) rows = 1;
            } else if (multi) {
                r->v[X_TYPE] = "range";
                r->v[X_REF] = NULL;
                xjoin(extra, sizeof extra, "Using where");
            } else {
                r->v[X_TYPE] = uniq ? (allc ? "const" : "eq_ref") : "ref";
                r->v[X_REF] = xstrdup(xst, ref);
                consumed_eq = true;
                if (uniq) rows = 1;
                else if (!allc) rows = rows_per_key(s->t, ix, p->nk);
            }
            if (!rows) rows = 1;
        } else if (p->rix && s->t) {
            /* a range over an ordered index */
            const stor_index *ix = p->rix;
            uint32_t kl = 0, nu = p->rreq + (p->rbound ? 1 : 0);
            for (uint32_t k = 0; k < nu && k < ix->ncols; k++)
                kl += key_part_len(src_col(s, (int)ix->cols[k]), ix->prefix ? ix->prefix[k] : 0);
            r->v[X_KEY] = ix->name;
            r->v[X_KEYLEN] = xfmt_u(xst, kl);
            rows = range_rows(ctx, sc, p, i);
            if (!rows) rows = 1;
            if (p->rbound || dml) {
                r->v[X_TYPE] = "range";
                xjoin(extra, sizeof extra, "Using where");
                if (dml && dml_buffer(xst, s, ix)) xjoin(extra, sizeof extra, "Using buffer");
            } else {
                /* only constants on its first columns: MariaDB's ref on a key prefix */
                char ref[256] = "";
                for (uint32_t k = 0; k < p->rreq && k < 16; k++) strcat(ref, k ? ",const" : "const");
                r->v[X_TYPE] = "ref";
                r->v[X_REF] = xstrdup(xst, ref);
            }
        } else if (!dml && n == 1 && s->t && (ftk = ft_access_key(s->t, conj, nconj)) != NULL) {
            /* WHERE MATCH ... AGAINST: the rows come from the FULLTEXT key (select.c ft_access) */
            r->v[X_TYPE] = "fulltext";
            r->v[X_KEY] = ftk->name;
            char pkf[1100];   /* (the FULLTEXT key after the others, as MariaDB orders keys) */
            snprintf(pkf, sizeof pkf, "%s%s%s", pk, pk[0] ? "," : "", ftk->name);
            r->v[X_PKEYS] = xstrdup(xst, pkf);
            r->ukp[0] = s->t->cols[ftk->cols[0]].name;
            r->nukp = 1;
            r->v[X_KEYLEN] = "0";
            r->v[X_REF] = "";
            rows = 1;
            xjoin(extra, sizeof extra, "Using where");
        } else if (p->hcol >= 0 && s->t && !(six = !dml && !xst->mdml && scan_key_shown(sel, n) ? ex_scan_key(ctx, sel, i) : NULL)) {
            /* pressdb hash-joins it; MariaDB (join_cache_level 2) reads it whole through
               its join buffer, the equality checked on each pair */
            r->v[X_TYPE] = "ALL";
            rows = s->t->nlive;
            xjoin(extra, sizeof extra, "Using where");
        } else if (six || (six = !dml && !xst->mdml && scan_key_shown(sel, n) ? scan_key_of(ctx, sel, n, i, grouped) : NULL) != NULL) {
            /* the whole of a key that holds every column read */
            r->v[X_TYPE] = "index";
            r->v[X_KEY] = six->name;
            r->v[X_KEYLEN] = xfmt_u(xst, key_len_of(s->t, six));
            rows = s->t->nlive;
            int dir;   /* (read for ORDER BY ... LIMIT: MariaDB expects that many rows) */
            if (n == 1 && !grouped && sel->limit && sel->limit->kind == E_INT && (!sel->offset || sel->offset->kind == E_INT) &&
                six == ex_order_scan_key(ctx, sel, i, &dir)) {
                uint64_t want = strtoull(sel->limit->s, NULL, 10) + (sel->offset ? strtoull(sel->offset->s, NULL, 10) : 0);
                if (want < rows) rows = want;
            }
        } else {
            r->v[X_TYPE] = "ALL";
            if (s->t) rows = s->t->nlive;
        }
        r->v[X_ROWS] = xfmt_u(xst, rows);
        if (i == 0) b->est = rows;
        /* filters read at this level besides the key lookup's equalities */
        if (!strstr(extra, "Using where")) {
            bool where = false;
            for (int k = 0; k < nconj && !where; k++) {
                if (level[k] != i || (!ex_expr_srcmask(sc, conj[k]) && xsimple(conj[k]))) continue;   /* decided before the scan */
                pl_expr *c, *o;
                if (consumed_eq && conj[k]->kind == E_BINARY && col_cond(sc, conj[k], i, &c, &o, true)) {
                    bool keycol = false;
                    for (uint32_t x = 0; x < p->nk; x++) if (!strcasecmp(s->t->cols[p->ix->cols[x]].name, c->s)) keycol = true;
                    if (keycol) continue;
                }
                where = true;
            }
            if (!where && s->join == JT_LEFT && s->on) {
                pl_expr **eqs = NULL;
                int neq = 0;
                for (int k = 0; k < p->nconds; k++) if (p->conds[k]) neq++;
                eqs = p->conds;
                for (int k = 0; k < neq && !where; k++) {
                    pl_expr *c, *o;
                    if (consumed_eq && eqs[k]->kind == E_BINARY && col_cond(sc, eqs[k], i, &c, &o, true)) {
                        bool keycol = false;
                        for (uint32_t x = 0; x < p->nk; x++) if (!strcasecmp(s->t->cols[p->ix->cols[x]].name, c->s)) keycol = true;
                        if (keycol) continue;
                    }
                    where = true;
                }
            }
            if (where) {
                char t2[256];
                memcpy(t2, extra, sizeof t2);
                extra[0] = 0;
                xjoin(extra, sizeof extra, "Using where");
                if (t2[0]) xjoin(extra, sizeof extra, t2);
            }
        }
        /* the rows are read from the index alone (InnoDB's secondary keys hold the primary key) */
        const stor_index *cix = p->ix ? p->ix : p->rix ? p->rix : six;
        if (cix && s->t && !dml && covering(ctx, sel, i, cix)) xjoin(extra, sizeof extra, "Using index");
        if (p->bnl && !dml) {
            xjoin(extra, sizeof extra, p->bnl == 2 ? "Using join buffer (incremental, BNL join)" : "Using join buffer (flat, BNL join)");
            r->hash = true;
            r->bnl = p->bnl;
        }
        if (!strcmp(r->v[X_TYPE], "const")) extra[0] = 0;   /* read before the join: its conditions too */
        bool all_const = true;
        for (int k = 0; k < n; k++) {
            const ex_plan_src *q2 = &ps[k];
            if (!q2->ix || !ctx->src[k].t || (q2->ix->kind != IK_PRIMARY && q2->ix->kind != IK_UNIQUE) || q2->nk != q2->ix->ncols) { all_const = false; break; }
            for (uint32_t x = 0; x < q2->nk; x++)
                if (q2->nkv[x] != 1 || strcmp(ref_of(ctx, sc, q2, k, ctx->src[k].t->cols[q2->ix->cols[x]].name), "const")) all_const = false;
        }
        if (i == 0 && !all_const) {
            /* grouped by sorting the first table's rows (ex_group_by_sort): no temporary table */
            bool gsort = grouped && strcmp(r->v[X_TYPE], "const") && strcmp(r->v[X_TYPE], "eq_ref") && ex_group_by_sort(ctx, sc, sel);
            /* (ORDER BY a MATCH over rows from the FULLTEXT key: MariaDB sorts a temporary table) */
            bool ft_tmp = !strcmp(r->v[X_TYPE], "fulltext") && order_matches(sel);
            if ((grouped && (sel->ngroup > 0 || sel->distinct) && !gsort) || b->ins_tmp || ft_tmp) xjoin(extra, sizeof extra, "Using temporary");
            int dir;
            bool by_key = n == 1 && !dml && !xst->mdml && !grouped &&
                          ((((p->ix && p->nk && single_values(p)) || p->rix) &&
                            ex_order_key(ctx, sel, 0, p->ix ? p->ix : p->rix, p->ix ? p->nk : p->rreq) != 0) ||
                           (!p->ix && !p->rix && p->hcol < 0 && six && ex_order_scan_key(ctx, sel, 0, &dir) == six));
            if ((ordered && !by_key) || sel->ngroup > 0) xjoin(extra, sizeof extra, "Using filesort");
        }
        r->v[X_EXTRA] = xstrdup(xst, extra);
        r->ns = p->r_ns; r->cond_ns = p->r_cond_ns;
        if (xst->json) json_facts(ctx, sc, sel, ps, n, i, r, conj, level, nconj);
    }
    if (xst->json && !b->message) json_wrappers(ctx, sc, sel, b, ps, n, grouped);
    if (xst->json && sel->having) {
        pl_expr *h[64];
        int nh = 0;
        pl_expr_conjuncts(sel->having, h, &nh, 64);
        b->having = xprint_list(ctx, sel, h, nh, true, NULL);
    }
    if (xst->ext) {
        b->note = note_block(ctx, sc, sel->orig ? sel->orig : sel, b, ps, conj, level, nconj, impossible,
                             grouped && (sel->ngroup || !sel->distinct));
        if (ctx->outer) {   /* a correlated subquery's references, as MariaDB resolves them */
            for (int i = 0; i < sel->nitems; i++) note_refs(ctx, sel->items[i].e, b);
            for (int i = 0; i < sel->nfrom; i++) note_refs(ctx, sel->from[i].on, b);
            note_refs(ctx, sel->where, b);
            for (int i = 0; i < sel->ngroup; i++) note_refs(ctx, sel->group[i], b);
            note_refs(ctx, sel->having, b);
            for (int i = 0; i < sel->norder; i++) note_refs(ctx, sel->order[i].e, b);
        }
    }
    /* IN / EXISTS subqueries of this block, prepared with its sources in scope */
    for (int i = 0; i < sel->nitems; i++) prepare_subqueries(ctx, sel->items[i].e);
    for (int i = 0; i < sel->nfrom; i++) prepare_subqueries(ctx, sel->from[i].on);
    prepare_subqueries(ctx, sel->where);
    prepare_subqueries(ctx, sel->having);
    for (int i = 0; i < sel->norder; i++) prepare_subqueries(ctx, sel->order[i].e);
}

/* ---------------------------------------------------------------- FORMAT=JSON: the document */

/* A writer laid out as MariaDB's Json_writer: two spaces per level, one member per line,
 * short arrays of strings on one line. */
#define JW_MAXD 4096        /* deepest nesting written (the parser refuses far less deep queries) */

typedef struct jw {
    xstate *xst;
    xbuf b;
    int d;                  /* depth */
    bool first[JW_MAXD];    /* nothing written yet at this depth */
} jw;

static void jw_indent(jw *w, int d) { for (int i = 0; i < d; i++) xb_s(&w->b, "  "); }

static void jw_elem(jw *w, const char *name)
{
    if (w->b.n) {
        if (!w->first[w->d]) xb_s(&w->b, ",");
        xb_s(&w->b, "\n");
        jw_indent(w, w->d);
    }
    w->first[w->d] = false;
    if (name) { xb_s(&w->b, "\""); xb_s(&w->b, name); xb_s(&w->b, "\": "); }
}

static void jw_open(jw *w, const char *name, const char *br)
{
    jw_elem(w, name);
    xb_s(&w->b, br);
    w->d++;
    w->first[w->d] = true;
}

static void jw_close(jw *w, const char *br)
{
    w->d--;
    xb_s(&w->b, "\n");
    jw_indent(w, w->d);
    xb_s(&w->b, br);
}

/* A string member: MariaDB 10.11 writes the bytes as they are, without JSON escapes (a
 * condition holding a quote or a backslash makes a document no JSON parser reads). */
static void jw_qstr(xbuf *b, const char *s)
{
    xb_s(b, "\"");
    xb_s(b, s);
    xb_s(b, "\"");
}

static void jw_str(jw *w, const char *name, const char *v) { jw_elem(w, name); jw_qstr(&w->b, v); }
static void jw_raw(jw *w, const char *name, const char *v) { jw_elem(w, name); xb_s(&w->b, v); }

static void jw_u64(jw *w, const char *name, uint64_t v)
{
    char t[32];
    snprintf(t, sizeof t, "%llu", (unsigned long long)v);
    jw_raw(w, name, t);
}

static void jw_dbl(jw *w, const char *name, double v)
{
    char t[64];
    snprintf(t, sizeof t, "%.10g", v);
    jw_raw(w, name, t);
}

static void jw_ms(jw *w, const char *name, uint64_t ns) { jw_dbl(w, name, (double)ns / 1e6); }

/* ["a", "b"] on one line while it fits in 80 columns, else one element per line */
static void jw_strs(jw *w, const char *name, const char *const *v, int n)
{
    size_t len = (size_t)w->d * 2 + strlen(name) + 1;
    bool one = true;
    for (int i = 0; i < n; i++) { len += strlen(v[i]) + 4; if (len > 80) one = false; }
    if (one) {
        jw_elem(w, name);
        xb_s(&w->b, "[");
        for (int i = 0; i < n; i++) { if (i) xb_s(&w->b, ", "); jw_qstr(&w->b, v[i]); }
        xb_s(&w->b, "]");
        return;
    }
    jw_open(w, name, "[");
    for (int i = 0; i < n; i++) jw_str(w, NULL, v[i]);
    jw_close(w, "]");
}

static void json_select(jw *w, xblock *b, bool top_level, uint64_t top_ns, uint64_t end_ns, uint64_t out_rows);
static void json_select_body(jw *w, xblock *b, bool top_level, uint64_t top_ns, uint64_t end_ns, uint64_t out_rows);
static void json_subqueries(jw *w, xblock *b, bool anl, bool cache);

/* possible_keys: the tabular column's list (without a hash join's key) */
static void json_possible_keys(jw *w, const xrow *x)
{
    xstate *xst = w->xst;
    if (!x->v[X_PKEYS]) return;
    const char *pk[64];
    int n = 0;
    char *c = xstrdup(xst, x->v[X_PKEYS]);
    for (char *t = c; t && n < 64;) {
        char *e = strchr(t, ',');
        if (e) *e++ = 0;
        if (strcmp(t, "#hash#$hj")) pk[n++] = t;
        t = e;
    }
    if (n) jw_strs(w, "possible_keys", pk, n);
}

static void json_table(jw *w, const xrow *x, bool anl)
{
    xstate *xst = w->xst;
    jw_open(w, "table", "{");
    jw_str(w, "table_name", x->v[X_TABLE] ? x->v[X_TABLE] : "");
    jw_str(w, "access_type", x->v[X_TYPE] ? x->v[X_TYPE] : "ALL");
    json_possible_keys(w, x);
    if (x->v[X_KEY]) jw_str(w, "key", x->v[X_KEY]);
    if (x->v[X_KEYLEN]) jw_str(w, "key_length", x->v[X_KEYLEN]);
    if (x->nukp) jw_strs(w, "used_key_parts", x->ukp, x->nukp);
    if (x->nrefs) jw_strs(w, "ref", x->refs, x->nrefs);
    bool cst = x->v[X_TYPE] && (!strcmp(x->v[X_TYPE], "const") || !strcmp(x->v[X_TYPE], "system"));
    if (anl) jw_u64(w, "r_loops", cst ? 0 : x->loops);
    jw_raw(w, "rows", x->v[X_ROWS] ? x->v[X_ROWS] : "1");
    bool counted = anl && !cst && x->loops;
    if (anl) {
        if (counted) jw_dbl(w, "r_rows", (double)x->read / (double)x->loops);
        else jw_raw(w, "r_rows", "null");
        if (counted) {
            uint64_t oth = x->cond_ns < x->ns ? x->cond_ns : x->ns;
            jw_ms(w, "r_table_time_ms", x->ns - oth);
            jw_ms(w, "r_other_time_ms", oth);
        }
    }
    jw_raw(w, "filtered", "100");
    if (anl) {
        if (counted) jw_dbl(w, "r_filtered", x->read ? 100.0 * (double)x->pass / (double)x->read : 100.0);
        else jw_raw(w, "r_filtered", "null");
    }
    if (x->icond) jw_str(w, "index_condition", x->icond);
    if (x->acond && !x->hash) jw_str(w, "attached_condition", x->acond);
    if (x->using_index) jw_raw(w, "using_index", "true");
    if (x->mat) {
        xblock *mb = xfind(xst, x->mat);
        if (mb && !mb->rendering) {   /* a recursive WITH's reference to itself: a plain table */
            jw_open(w, "materialized", "{");
            json_select(w, mb, false, 0, 0, 0);
            jw_close(w, "}");
        }
    }
    jw_close(w, "}");
}

/* ANALYZE: what the sort did (its time is known for the statement's own block: the work
 * after its scan) */
static void json_filesort_r(jw *w, xblock *b, bool top_level, uint64_t end_ns, uint64_t out_rows)
{
    jw_u64(w, "r_loops", b->runs);
    if (!top_level) return;
    jw_ms(w, "r_total_time_ms", end_ns > b->noted_ns ? end_ns - b->noted_ns : 0);
    const pl_expr *lim = b->sel->limit;
    if (lim && lim->kind == E_INT) jw_raw(w, "r_limit", lim->s);
    jw_raw(w, "r_used_priority_queue", lim && lim->kind == E_INT ? "true" : "false");
    jw_u64(w, "r_output_rows", out_rows);
}

static void json_nested_loop(jw *w, xblock *b, bool anl, bool top_level, uint64_t end_ns, uint64_t out_rows)
{
    xstate *xst = w->xst;
    jw_open(w, "nested_loop", "[");
    bool first = true;
    for (int i = 0; i < xst->nr; i++) {
        const xrow *x = &xst->r[i];
        if (x->blk != b->sel || x->id != b->id) continue;
        jw_open(w, NULL, "{");
        if (first && b->sorted_first) {
            jw_open(w, "read_sorted_file", "{");
            if (anl) jw_u64(w, "r_rows", out_rows);
            jw_open(w, "filesort", "{");
            jw_str(w, "sort_key", b->sort_key);
            if (anl) json_filesort_r(w, b, top_level, end_ns, out_rows);
            json_table(w, x, anl);
            jw_close(w, "}");
            jw_close(w, "}");
        } else if (x->hash) {
            jw_open(w, "block-nl-join", "{");
            json_table(w, x, anl);
            jw_str(w, "buffer_type", x->bnl == 2 ? "incremental" : "flat");
            jw_str(w, "join_type", "BNL");
            if (x->acond) jw_str(w, "attached_condition", x->acond);
            jw_close(w, "}");
        } else json_table(w, x, anl);
        jw_close(w, "}");
        first = false;
    }
    jw_close(w, "]");
}

/* One query block's "query_block" member (a UNION: its union_result). */
static void json_select(jw *w, xblock *b, bool top_level, uint64_t top_ns, uint64_t end_ns, uint64_t out_rows)
{
    xstate *xst = w->xst;
    if (w->d > JW_MAXD - 32 || b->rendering) {
        jw_str(w, "query_block", "nested too deeply");
        return;
    }
    b->rendering = true;
    jw_open(w, "query_block", "{");
    if (b->union_head == b->sel && b->sel->next) {
        bool rec = false;
        for (pl_select *m = b->sel; m; m = m->next) {
            xblock *mb = xfind(xst, m);
            if (mb && !strcmp(mb->stype, "RECURSIVE UNION")) rec = true;
        }
        jw_open(w, rec ? "recursive_union" : "union_result", "{");
        bool all = true;
        char nm[256] = "<union";
        for (pl_select *m = b->sel; m; m = m->next) {
            xblock *mb = xfind(xst, m);
            if (!mb) continue;
            size_t l = strlen(nm);
            snprintf(nm + l, sizeof nm - l, "%s%d", m == b->sel ? "" : ",", mb->id);
            if (m->next && m->set_op != 2) all = false;
        }
        if (!(all && top_level)) {
            size_t l = strlen(nm);
            snprintf(nm + l, sizeof nm - l, ">");
            jw_str(w, "table_name", nm);
            jw_str(w, "access_type", "ALL");
            if (xst->anl && top_level) {   /* the statement's own union: its rows are the result */
                jw_u64(w, "r_loops", 1);
                jw_u64(w, "r_rows", out_rows);
            }
        }
        jw_open(w, "query_specifications", "[");
        for (pl_select *m = b->sel; m; m = m->next) {
            xblock *mb = xfind(xst, m);
            if (!mb) continue;
            jw_open(w, NULL, "{");
            jw_open(w, "query_block", "{");
            json_select_body(w, mb, false, 0, 0, 0);
            jw_close(w, "}");
            jw_close(w, "}");
        }
        jw_close(w, "]");
        jw_close(w, "}");
    } else json_select_body(w, b, top_level, top_ns, end_ns, out_rows);
    jw_close(w, "}");
    b->rendering = false;
}

static void json_select_body(jw *w, xblock *b, bool top_level, uint64_t top_ns, uint64_t end_ns, uint64_t out_rows)
{
    xstate *xst = w->xst;
    bool anl = xst->anl;
    jw_u64(w, "select_id", (uint64_t)b->id);
    if (b->union_head && b->union_head != b->sel) jw_str(w, "operation", "UNION");
    if (anl && !b->message) {
        jw_u64(w, "r_loops", b->runs);
        jw_ms(w, "r_total_time_ms", top_level ? top_ns : b->ns);
    }
    if (b->having) jw_str(w, "having_condition", b->having);
    if (b->message) {
        jw_open(w, "table", "{");
        jw_str(w, "message", b->message);
        jw_close(w, "}");
    } else if (b->filesort && b->temptable) {
        jw_open(w, "filesort", "{");
        jw_str(w, "sort_key", b->sort_key);
        if (anl) json_filesort_r(w, b, top_level, end_ns, out_rows);
        jw_open(w, "temporary_table", "{");
        json_nested_loop(w, b, anl, top_level, end_ns, out_rows);
        jw_close(w, "}");
        jw_close(w, "}");
    } else if (b->temptable) {
        jw_open(w, "temporary_table", "{");
        json_nested_loop(w, b, anl, top_level, end_ns, out_rows);
        jw_close(w, "}");
    } else json_nested_loop(w, b, anl, top_level, end_ns, out_rows);
    json_subqueries(w, b, anl, true);
}

/* The "subqueries" member of block b: its subqueries, in id order (none: nothing). */
static void json_subqueries(jw *w, xblock *b, bool anl, bool cache_ok)
{
    xstate *xst = w->xst;
    bool any = false;
    for (int i = 0; i < xst->nb; i++) {
        xblock *s = &xst->b[i];
        if (s->parent != b->sel || !s->subquery || (s->union_head && s->union_head != s->sel)) continue;
        if (!any) jw_open(w, "subqueries", "[");
        any = true;
        jw_open(w, NULL, "{");
        bool cache = cache_ok && !anl && !strcmp(s->stype, "DEPENDENT SUBQUERY") && !s->in_agg;
        if (cache) {
            jw_open(w, "expression_cache", "{");
            jw_str(w, "state", "uninitialized");
        }
        json_select(w, s, false, 0, 0, 0);
        if (cache) jw_close(w, "}");
        jw_close(w, "}");
    }
    if (any) jw_close(w, "]");
}

/* A single-table UPDATE / DELETE as MariaDB's Explain_update writes it: one "table"
 * object naming the statement ("update": 1), inside a "filesort" or "buffer" when the
 * rows are collected first, no filtered or ref; ANALYZE adds r_rows, r_filtered and the
 * table's times. */
static void json_dml(jw *w, xblock *b, const pl_stmt *st, uint64_t top_ns, uint64_t end_ns, uint64_t out_rows)
{
    xstate *xst = w->xst;
    bool anl = xst->anl;
    jw_open(w, "query_block", "{");
    jw_u64(w, "select_id", (uint64_t)b->id);
    const xrow *x = NULL;
    for (int i = 0; i < xst->nr && !x; i++) if (xst->r[i].blk == b->sel && xst->r[i].id == b->id && xst->r[i].src >= 0) x = &xst->r[i];
    if (b->message || !x) {
        jw_open(w, "table", "{");
        jw_str(w, "message", b->message ? b->message : "Impossible WHERE");
        jw_close(w, "}");
    } else {
        if (anl) jw_ms(w, "r_total_time_ms", top_ns);
        const char *ex = x->v[X_EXTRA] ? x->v[X_EXTRA] : "";
        bool sorted = strstr(ex, "Using filesort") != NULL, buffered = strstr(ex, "Using buffer") != NULL;
        if (sorted) {
            jw_open(w, "filesort", "{");
            if (anl) {
                jw_u64(w, "r_loops", 1);
                jw_ms(w, "r_total_time_ms", end_ns > b->noted_ns ? end_ns - b->noted_ns : 0);
                const pl_expr *lim = st->limit;
                if (lim && lim->kind == E_INT) jw_raw(w, "r_limit", lim->s);
                jw_raw(w, "r_used_priority_queue", lim && lim->kind == E_INT ? "true" : "false");
                jw_u64(w, "r_output_rows", out_rows);
            }
        } else if (buffered) jw_open(w, "buffer", "{");
        jw_open(w, "table", "{");
        jw_u64(w, st->kind == S_UPDATE ? "update" : "delete", 1);
        jw_str(w, "table_name", x->v[X_TABLE] ? x->v[X_TABLE] : "");
        jw_str(w, "access_type", x->v[X_TYPE] ? x->v[X_TYPE] : "ALL");
        json_possible_keys(w, x);
        if (x->v[X_KEY]) jw_str(w, "key", x->v[X_KEY]);
        if (x->v[X_KEYLEN]) jw_str(w, "key_length", x->v[X_KEYLEN]);
        if (x->nukp) jw_strs(w, "used_key_parts", x->ukp, x->nukp);
        jw_raw(w, "rows", x->v[X_ROWS] ? x->v[X_ROWS] : "1");
        if (anl) {
            jw_dbl(w, "r_rows", x->loops ? (double)x->read / (double)x->loops : 0);
            jw_dbl(w, "r_filtered", x->read ? 100.0 * (double)x->pass / (double)x->read : 100.0);
            uint64_t oth = x->cond_ns < x->ns ? x->cond_ns : x->ns;
            jw_ms(w, "r_table_time_ms", x->ns - oth);
            jw_ms(w, "r_other_time_ms", oth);
        }
        if (x->acond) jw_str(w, "attached_condition", x->acond);
        jw_close(w, "}");
        if (sorted || buffered) jw_close(w, "}");
    }
    json_subqueries(w, b, anl, false);   /* no expression cache in a single-table UPDATE / DELETE */
    jw_close(w, "}");
}

/* ---------------------------------------------------------------- the statement */

static int xrow_cmp(const void *a, const void *b)
{
    const xrow *x = a, *y = b;
    return x->order < y->order ? -1 : x->order > y->order;
}

static pl_expr *rowid_expr(ex_ctx *ctx, int i)
{
    pl_expr *e = stor_arena_alloc(ctx->a, sizeof *e);
    memset(e, 0, sizeof *e);
    e->kind = E_ROWID; e->ival = i; e->start = "rowid"; e->srclen = 5;
    return e;
}

void ex_explain(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pl_stmt *in = st->inner;
    if (!in) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'EXPLAIN'");
    bool anl = st->explain_opt >= 10;
    bool json = st->explain_opt == 3 || st->explain_opt == 11;
    uint64_t t_start = ex_now_ns();
    ctx->stmt->an_scan0_ns = 0;
    if (anl && in->kind != S_SELECT && in->kind != S_UPDATE && in->kind != S_DELETE && in->kind != S_INSERT &&
        in->kind != S_REPLACE)
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'ANALYZE of statements other than SELECT'");
    xstate xs = { 0 }, *xst = &xs;
    xs.a = ctx->a;
    xs.json = json;
    xs.ext = st->explain_opt == 1;
    xs.anl = anl;
    uint64_t t_end = 0, out_rows = 0;
    pl_select *top = NULL, synth;
    switch (in->kind) {
    case S_SELECT:
        top = in->sel;
        break;
    case S_INSERT: case S_REPLACE:
        top = in->sel;   /* INSERT ... SELECT: the SELECT's plan */
        if (top && !top->next) { xs.ins_sel = top; xs.ins_t = ex_table(ctx, in->db, in->table); }
        break;
    case S_UPDATE: case S_DELETE: {
        /* the rows are found as dml.c finds them: a SELECT of row ids */
        memset(&synth, 0, sizeof synth);
        synth.from = in->trefs; synth.nfrom = in->ntrefs;
        synth.where = in->where;
        synth.order = in->order; synth.norder = in->norder;
        synth.limit = in->limit;
        int nsets = in->kind == S_UPDATE ? in->nsets : 0;
        synth.items = stor_arena_alloc(ctx->a, (size_t)(in->ntrefs + nsets + 1) * sizeof(pl_item));
        /* UPDATE: the SET values first (MariaDB numbers their subqueries before WHERE's) */
        for (int k = 0; k < nsets; k++)
            if (in->sets[k].value->kind != E_DEFAULT) synth.items[synth.nitems++] = (pl_item){ in->sets[k].value, NULL };
        for (int i = 0; i < in->ntrefs; i++)
            synth.items[synth.nitems++] = (pl_item){ rowid_expr(ctx, in->trefs[i].decl1 ? in->trefs[i].decl1 - 1 : i), NULL };
        top = &synth;
        if (in->ntrefs == 1) { xs.dml_sel = &synth; xs.dml = in; }
        else { xs.mdml = in; xs.mdml_sel = &synth; }
        break;
    }
    default:
        ex_raise(ctx, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '' at line 1");
    }
    ctx->stmt->explain = xst;
    if (!anl && in->kind == S_DELETE && in->ntrefs == 1 && !in->ndel_targets && !in->where && !in->limit && !in->norder &&
        !in->trefs[0].derived) {
        /* DELETE FROM t: MariaDB's shape for emptying a table */
        stor_table *t = ex_table(ctx, in->trefs[0].db, in->trefs[0].name);
        xrow *xr = xrow_add(xst, 1, 1);
        xr->v[X_STYPE] = "SIMPLE";
        xr->v[X_ROWS] = xfmt_u(xst, t ? t->nlive : 0);
        xr->v[X_EXTRA] = "Deleting all rows";
        top = NULL;
    } else if (top) {
        xst->number_parent = NULL;
        xst->number_sub = false;
        xst->number_agg = false;
        number_select(xst, top, "PRIMARY");
        if (xs.nb == 1) xs.b[0].stype = "SIMPLE";
        ex_ctx sub = *ctx;
        sub.describe = !anl;        /* ANALYZE runs the statement, counting what it reads */
        ctx->stmt->explaining = true;
        ctx->stmt->analyzing = anl;
        jmp_buf *outer_jb = ctx->jb, jb;
        sub.jb = &jb;
        if (setjmp(jb)) {
            ctx->stmt->explaining = false;
            ctx->stmt->analyzing = false;
            ctx->stmt->explain = NULL;
            ctx->jb = outer_jb;
            longjmp(*outer_jb, 1);
        }
        ex_rows rows = { 0 };
        ex_type *types = NULL;
        const char **names = NULL;
        uint64_t found;
        ex_select_rows(&sub, top, &rows, &types, &names, &found);
        t_end = ex_now_ns();
        out_rows = rows.nrows;
        ctx->stmt->explaining = false;
        /* blocks never prepared (a subquery in a place that did not get to it): scans */
        for (int i = 0; i < xs.nb; i++) {
            xblock *b = &xs.b[i];
            if (b->done) continue;
            for (int k = 0; k < b->sel->nfrom; k++) {
                const pl_tref *t = &b->sel->from[k];
                xrow *xr = xrow_add(xst, b->id, b->id + (k + 1) * 1e-3);
                xr->v[X_STYPE] = b->stype;
                xr->v[X_TYPE] = "ALL";
                if (tref_block(t)) {
                    char nm[32];
                    snprintf(nm, sizeof nm, "<derived%d>", key_block_id(xst, tref_block(t)));
                    xr->v[X_TABLE] = xstrdup(xst, nm);
                } else {
                    xr->v[X_TABLE] = t->alias ? t->alias : t->name;
                    stor_table *tb = ex_table(ctx, t->db, t->name);
                    if (tb) xr->v[X_ROWS] = xfmt_u(xst, tb->nlive);
                }
                xr->v[X_EXTRA] = "";
                xr->blk = b->sel;
            }
            if (!b->sel->nfrom) {
                xrow *xr = xrow_add(xst, b->id, b->id);
                xr->v[X_STYPE] = b->stype;
                xr->v[X_EXTRA] = "No tables used";
                b->message = xr->v[X_EXTRA];
            }
        }
        /* UNION RESULT rows, after each union's members */
        for (int i = 0; i < xs.nb; i++) {
            xblock *b = &xs.b[i];
            if (b->union_head != b->sel) continue;
            bool all = true;
            int last = b->id;
            char nm[256] = "<union";
            for (pl_select *m = b->sel; m; m = m->next) {
                xblock *mb = xfind(xst, m);
                if (!mb) continue;
                last = mb->id;
                size_t l = strlen(nm);
                snprintf(nm + l, sizeof nm - l, "%s%d", m == b->sel ? "" : ",", mb->id);
                if (m->next && m->set_op != 2) all = false;
            }
            /* MariaDB 10.11 skips the temporary table of a top-level UNION ALL */
            if (all && b->sel == top) continue;
            size_t l = strlen(nm);
            snprintf(nm + l, sizeof nm - l, ">");
            xrow *xr = xrow_add(xst, 0, last + 0.999);
            xr->v[X_STYPE] = "UNION RESULT";
            xr->v[X_TABLE] = xstrdup(xst, nm);
            xr->v[X_TYPE] = "ALL";
            xr->v[X_EXTRA] = "";
        }
    } else if (in->kind != S_DELETE) {
        /* INSERT ... VALUES */
        const char *tname = in->table;
        stor_table *t = ex_table(ctx, in->db, in->table);
        if (t) tname = t->name;
        xrow *xr = xrow_add(xst, 1, 1);
        xr->v[X_STYPE] = "INSERT";
        xr->v[X_TABLE] = tname;
        xr->v[X_TYPE] = "ALL";
        xr->v[X_EXTRA] = NULL;
    }
    qsort(xs.r, (size_t)xs.nr, sizeof *xs.r, xrow_cmp);
    if (anl && in->kind != S_SELECT) {
        /* ANALYZE UPDATE / DELETE / INSERT: the rows were counted finding them; now the
           change itself, whose OK gives way to the plan's rows (its own scans, of the same
           blocks for INSERT ... SELECT and subqueries, are not counted again) */
        ctx->stmt->explain = NULL;
        ctx->stmt->analyzing = false;
        if (in->kind == S_UPDATE) ex_update(ctx, in, r);
        else if (in->kind == S_DELETE) ex_delete(ctx, in, r);
        else ex_insert(ctx, in, r);
        ex_drop_ok(ctx);
        ctx->stmt->explain = xst;
        ctx->stmt->analyzing = true;
    }
    for (int i = 0; i < xst->nr; i++) {   /* (a plan that reads a table whole: as running it would) */
        const char *ty = xst->r[i].v[X_TYPE];
        if (ty && (!strcmp(ty, "ALL") || !strcmp(ty, "index"))) ctx->stmt->no_index_used = true;
    }
    if (json) {
        jw w;
        memset(&w, 0, sizeof w);
        w.xst = xst;
        w.b.a = xst->a;
        w.first[0] = true;
        jw_open(&w, NULL, "{");
        if (anl) {
            jw_open(&w, "query_optimization", "{");
            uint64_t scan0 = ctx->stmt->an_scan0_ns ? ctx->stmt->an_scan0_ns : t_end;
            jw_ms(&w, "r_total_time_ms", scan0 > t_start ? scan0 - t_start : 0);
            jw_close(&w, "}");
        }
        xblock *tb = top ? xfind(xst, top) : NULL;
        uint64_t scan0 = ctx->stmt->an_scan0_ns ? ctx->stmt->an_scan0_ns : t_start;
        if (tb && xs.dml_sel) {
            uint64_t done = ex_now_ns();   /* ANALYZE: the change itself counts too */
            json_dml(&w, tb, in, done > scan0 ? done - scan0 : 0, t_end, out_rows);
        } else if (tb) json_select(&w, tb, true, t_end > scan0 ? t_end - scan0 : 0, t_end, out_rows);
        else {
            /* INSERT ... VALUES names its table; DELETE FROM t empties it */
            jw_open(&w, "query_block", "{");
            jw_u64(&w, "select_id", 1);
            jw_open(&w, "table", "{");
            if (in->kind == S_DELETE) jw_str(&w, "message", "Deleting all rows");
            else {
                stor_table *t = ex_table(ctx, in->db, in->table);
                jw_str(&w, "table_name", t ? t->name : in->table);
            }
            jw_close(&w, "}");
            jw_close(&w, "}");
        }
        jw_close(&w, "}");
        ctx->stmt->analyzing = false;
        ctx->stmt->explain = NULL;
        ex_colspec js = { anl ? "ANALYZE" : "EXPLAIN", MYSQL_TYPE_VAR_STRING, 312, NOT_NULL_FLAG, NULL };
        ex_textset jts;
        ex_textset_spec(ctx, &jts, 1, &js, NULL);
        jts.types[0].decimals = 39;
        const char *v[1] = { w.b.p };
        ex_textset_add(ctx, &jts, v);
        ex_textset_send(ctx, &jts, r);
        return;
    }
    /* EXPLAIN EXTENDED: the query as optimized (the first block's note, subqueries in place) */
    const char *note = NULL;
    const char **w1276 = NULL;
    int n1276 = 0;
    xblock *nb = top && xs.ext ? xfind(xst, top) : NULL;
    if (nb && nb->note) {
        xbuf o = { .a = xst->a };
        if (in->kind == S_INSERT || in->kind == S_REPLACE) { note_insert(&o, ctx, in); xb_s(&o, " "); }
        static const char *const op[] = { "", " union ", " union all ", " intersect ", " except " };
        for (pl_select *m = top; m; m = m->next) {
            xblock *mb = xfind(xst, m);
            if (!mb || !mb->note) { o.p = NULL; o.n = 0; break; }
            note_text(xst, &o, mb->note, 0);
            if (m->next) xb_s(&o, op[m->set_op >= 1 && m->set_op <= 4 ? m->set_op : 1]);
        }
        if (o.p && top->next) {   /* the union's own ORDER BY (positions) and LIMIT */
            for (int k = 0; k < top->nu_order; k++) {
                const pl_expr *e = top->u_order[k].e;
                xb_s(&o, k ? "," : " order by ");
                xb_put(&o, e->start ? e->start : "", e->start ? e->srclen : 0);
                if (top->u_order[k].desc) xb_s(&o, " desc");
            }
            if (top->u_limit && top->u_limit->kind == E_INT) {
                xb_s(&o, " limit ");
                if (top->u_offset && top->u_offset->kind == E_INT) { xb_s(&o, top->u_offset->s); xb_s(&o, ","); }
                xb_s(&o, top->u_limit->s);
            }
        }
        note = o.p;
        /* each reference of a subquery to an enclosing block: Note 1276 (in block order) */
        for (int i = 0; note && i < xs.nb; i++)
            for (int k = 0; k < xs.b[i].nrefs; k++) {
                const xblock *a = &xs.b[i];
                for (int u = 0; u < xs.b[i].refs[k].up && a; u++) a = a->parent ? xfind(xst, a->parent) : NULL;
                if (!a) continue;
                char *t = stor_arena_alloc(ctx->a, 600);
                snprintf(t, 600, "Field or reference '%s' of SELECT #%d was resolved in SELECT #%d", xs.b[i].refs[k].plain,
                         xs.b[i].id, a->id);
                if (n1276 % 16 == 0) {
                    const char **nw = stor_arena_alloc(ctx->a, (size_t)(n1276 + 16) * sizeof *nw);
                    if (n1276) memcpy(nw, w1276, (size_t)n1276 * sizeof *nw);
                    w1276 = nw;
                }
                w1276[n1276++] = t;
            }
    } else if (xs.ext && !top && in->kind == S_DELETE) {   /* emptying a table */
        xbuf o = { .a = xst->a };
        xb_s(&o, "delete  from ");
        note_table(&o, ctx, in->trefs[0].db, in->trefs[0].name, in->trefs[0].alias);
        note = o.p;
    } else if (xs.ext && !top && (in->kind == S_INSERT || in->kind == S_REPLACE)) {
        xbuf o = { .a = xst->a };
        note_insert(&o, ctx, in);
        xpctx pc = { ctx, NULL, false, NULL, false, 0, false, true, NULL, NULL, false };
        xb_s(&o, " values ");
        if (in->nsets) {
            xb_s(&o, "(");
            for (int k = 0; k < in->nsets; k++) { if (k) xb_s(&o, ","); xprint(&pc, &o, in->sets[k].value); }
            xb_s(&o, ")");
        }
        for (int r = 0; r < in->nrows; r++) {
            xb_s(&o, r ? ",(" : "(");
            pl_expr **row = pl_insert_row(in, r, xst->a);
            for (int k = 0; k < in->rowlen; k++) { if (k) xb_s(&o, ","); xprint(&pc, &o, row[k]); }
            xb_s(&o, ")");
        }
        stor_table *t = ex_table(ctx, in->db, in->table);
        const char *db = in->db ? in->db : ctx->s->db;
        ex_ctx tctx = *ctx;   /* ON DUPLICATE KEY UPDATE's values read the table's columns */
        ex_src tsrc;
        memset(&tsrc, 0, sizeof tsrc);
        if (t) {
            tsrc.t = t; tsrc.db = db; tsrc.name = t->name; tsrc.alias = t->name;
            tctx.src = &tsrc; tctx.nsrc = 1; tctx.outer = NULL;
            pc.ctx = &tctx;
        }
        for (int k = 0; k < in->ndup && t; k++) {
            const char *nm = in->dup_sets[k].name, *dot = strrchr(nm, '.');
            xb_s(&o, k ? "," : " on duplicate key update ");
            if (db) { xb_qident(&o, db); xb_s(&o, "."); }
            xb_qident(&o, t->name); xb_s(&o, ".");
            xb_qident(&o, dot ? dot + 1 : nm);
            xb_s(&o, " = ");
            xprint(&pc, &o, in->dup_sets[k].value);
        }
        note = o.p;
    }
    ctx->stmt->analyzing = false;
    ctx->stmt->explain = NULL;

    /* MariaDB's columns: EXTENDED adds filtered, PARTITIONS adds partitions */
    bool ext = st->explain_opt == 1 || anl, part = st->explain_opt == 2;
    ex_colspec spec[16];
    int nc = 0;
    spec[nc++] = (ex_colspec){ "id", MYSQL_TYPE_LONGLONG, 3, UNSIGNED_FLAG | BINARY_FLAG, NULL };
    spec[nc++] = (ex_colspec){ "select_type", MYSQL_TYPE_VAR_STRING, 76, NOT_NULL_FLAG, NULL };
    spec[nc++] = (ex_colspec){ "table", MYSQL_TYPE_VAR_STRING, 256, 0, NULL };
    if (part) spec[nc++] = (ex_colspec){ "partitions", MYSQL_TYPE_VAR_STRING, 40, 0, NULL };
    spec[nc++] = (ex_colspec){ "type", MYSQL_TYPE_VAR_STRING, 40, 0, NULL };
    spec[nc++] = (ex_colspec){ "possible_keys", MYSQL_TYPE_VAR_STRING, 16384, 0, NULL };
    spec[nc++] = (ex_colspec){ "key", MYSQL_TYPE_VAR_STRING, 256, 0, NULL };
    spec[nc++] = (ex_colspec){ "key_len", MYSQL_TYPE_VAR_STRING, 16384, 0, NULL };
    spec[nc++] = (ex_colspec){ "ref", MYSQL_TYPE_VAR_STRING, 8192, 0, NULL };
    spec[nc++] = (ex_colspec){ "rows", MYSQL_TYPE_VAR_STRING, 256, ext ? NOT_NULL_FLAG : 0, NULL };
    if (anl) spec[nc++] = (ex_colspec){ "r_rows", MYSQL_TYPE_VAR_STRING, 256, 0, NULL };
    if (ext) spec[nc++] = (ex_colspec){ "filtered", MYSQL_TYPE_DOUBLE, 4, BINARY_FLAG, NULL };
    if (anl) spec[nc++] = (ex_colspec){ "r_filtered", MYSQL_TYPE_DOUBLE, 4, BINARY_FLAG, NULL };
    spec[nc++] = (ex_colspec){ "Extra", MYSQL_TYPE_VAR_STRING, 1020, NOT_NULL_FLAG, NULL };
    ex_textset ts;
    ex_textset_spec(ctx, &ts, nc, spec, NULL);
    for (int i = 0; i < nc; i++) if (ts.types[i].vt == VT_STRING) ts.types[i].decimals = 39;
    for (int i = 0; note && i < n1276; i++) ex_warn(ctx, "Note", 1276, "%s", w1276[i]);
    if (note) ex_warn(ctx, "Note", 1003, "%s", note);
    for (int i = 0; i < nc; i++) {
        if (spec[i].ptype == MYSQL_TYPE_DOUBLE) ts.types[i].decimals = 2;
        if (part && !strcmp(spec[i].name, "partitions")) {   /* MariaDB types it MEDIUMTEXT */
            ts.types[i].vt = VT_STRING; ts.types[i].ptype = MYSQL_TYPE_MEDIUM_BLOB; ts.types[i].coll = COLL_UTF8MB4_GENERAL_CI;
            ts.types[i].flags = 0; ts.types[i].length = 25264128;
        }
    }
    for (int i = 0; i < xs.nr; i++) {
        const xrow *x = &xs.r[i];
        const char *v[16];
        int k = 0;
        char id[16];
        snprintf(id, sizeof id, "%d", x->id);
        v[k++] = x->id ? id : NULL;
        v[k++] = x->v[X_STYPE];
        v[k++] = x->v[X_TABLE];
        if (part) v[k++] = NULL;
        v[k++] = x->v[X_TYPE];
        v[k++] = x->v[X_PKEYS];
        v[k++] = x->v[X_KEY];
        v[k++] = x->v[X_KEYLEN];
        v[k++] = x->v[X_REF];
        v[k++] = x->v[X_ROWS];
        char rr[32], rf[32];
        /* const tables are read while planning: MariaDB shows no counts for them */
        bool counted = anl && x->src >= 0 && x->loops && !(x->v[X_TYPE] && (!strcmp(x->v[X_TYPE], "const") ||
                                                                           !strcmp(x->v[X_TYPE], "system")));
        if (anl) {
            snprintf(rr, sizeof rr, "%.2f", counted ? (double)x->read / (double)x->loops : 0.0);
            v[k++] = counted ? rr : NULL;
        }
        if (ext) v[k++] = x->v[X_TABLE] && x->v[X_TYPE] && x->id ? "100.00" : NULL;   /* not UNION RESULT */
        if (anl) {
            snprintf(rf, sizeof rf, "%.2f", x->read ? 100.0 * (double)x->pass / (double)x->read : 100.0);
            bool ins = x->v[X_STYPE] && !strcmp(x->v[X_STYPE], "INSERT");   /* MariaDB: 100.00 */
            v[k++] = counted || ins ? rf : NULL;
        }
        v[k++] = x->v[X_EXTRA];
        ex_textset_add(ctx, &ts, v);
    }
    ex_textset_send(ctx, &ts, r);
}

/* ---------------------------------------------------------------- filesort's parameters */

/* The bytes of one ORDER BY key (filesort.cc sortlength): a column's sort length, an
 * expression's by its result type (integers 8), one more when it may be NULL, at most
 * max_sort_length (1024). */
uint32_t ex_fsort_key_len(const ex_type *t)
{
    uint32_t n = 8, fsp = t->decimals <= 6 ? t->decimals : 0;
    const pdb_collation *co = pdb_coll_by_id(t->coll);
    uint32_t ml = co && co->maxlen ? co->maxlen : 1;
    switch (t->ptype) {
    case MYSQL_TYPE_TINY: case MYSQL_TYPE_YEAR: n = t->from_column ? 1 : 8; break;
    case MYSQL_TYPE_SHORT: n = t->from_column ? 2 : 8; break;
    case MYSQL_TYPE_INT24: n = t->from_column ? 3 : 8; break;
    case MYSQL_TYPE_LONG: n = t->from_column ? 4 : 8; break;
    case MYSQL_TYPE_FLOAT: n = t->from_column ? 4 : 8; break;
    case MYSQL_TYPE_DATE: case MYSQL_TYPE_NEWDATE: n = 3; break;
    case MYSQL_TYPE_TIME: n = 3 + (fsp + 1) / 2; break;
    case MYSQL_TYPE_DATETIME: n = 5 + (fsp + 1) / 2; break;
    case MYSQL_TYPE_TIMESTAMP: n = 4 + (fsp + 1) / 2; break;
    case MYSQL_TYPE_NEWDECIMAL: case MYSQL_TYPE_DECIMAL: {
        static const int d2b[10] = { 0, 1, 1, 2, 2, 3, 3, 4, 4, 4 };
        int sc = t->decimals <= 38 ? t->decimals : 0, p = (int)t->length - (sc ? 1 : 0) - (t->is_unsigned ? 0 : 1);
        if (p < sc) p = sc;
        int ip = p - sc;
        n = (uint32_t)((ip / 9) * 4 + d2b[ip % 9] + (sc / 9) * 4 + d2b[sc % 9]);
        break;
    }
    case MYSQL_TYPE_LONGLONG: case MYSQL_TYPE_DOUBLE: n = 8; break;
    case MYSQL_TYPE_BIT: n = (t->length + 7) / 8; break;
    default:   /* strings: their weights, two bytes a character (bytes when binary) */
        n = t->coll == 63 ? t->length : t->length / ml * 2;
        break;
    }
    if (n > 1024) n = 1024;
    return n + (t->nullable ? 1 : 0);
}

/* InnoDB's shortest clustered index record (dict_index_calc_min_rec_len, COMPACT):
 * fixed-size columns their size, others one or two length bytes, the system columns
 * and the header. */
static uint32_t innodb_min_rec_len(const stor_table *t)
{
    uint32_t sum = 5 + 6 + 7, nullable = 0;
    for (uint32_t c = 0; c < t->ncols; c++) {
        const stor_column *col = &t->cols[c];
        bool fixed = col->type <= CT_BIT || col->type >= CT_DATE || col->type == CT_BINARY ||
                     col->type == CT_ENUM || col->type == CT_SET;
        uint32_t len = key_part_len(col, 0) - (col->not_null ? 0 : 1);
        if (col->type == CT_VARCHAR || col->type == CT_VARBINARY) len -= 2;
        if (fixed) sum += len;
        else if (col->type >= CT_TINYTEXT && col->type <= CT_LONGBLOB) sum += 1;
        else sum += len < 128 ? 1 : 2;
        if (!col->not_null) nullable++;
    }
    return sum + (nullable + 7) / 8;
}

/* Field::max_packed_col_length: a field's most bytes in a sort record (get_addon_fields
 * sums them, packed or not): strings with a length of one or two bytes. */
static uint32_t addon_len(const stor_column *c)
{
    uint32_t n = key_part_len(c, 0) - (c->not_null ? 0 : 1);
    if (c->type == CT_VARCHAR || c->type == CT_VARBINARY) {
        uint32_t fl = n - 2, pl = fl + (fl > 255 ? 2 : 1);   /* (key_part_len counted 2) */
        return pl + (pl > 255 ? 2 : 1);
    }
    if (c->type == CT_CHAR || c->type == CT_BINARY) return n + (n > 255 ? 2 : 1);
    return n;
}

static bool col_packable(const stor_column *c)
{
    return c->type == CT_VARCHAR || c->type == CT_VARBINARY || c->type == CT_CHAR || c->type == CT_BINARY;
}

uint32_t ex_fsort_rowlen(const ex_fsort *f, uint32_t r)
{
    const stor_table *t = f->t;
    uint32_t n = f->sort_length + 2 + f->nullbytes;
    for (uint32_t c = 0; c < t->ncols && c < 63; c++) {
        if (!(f->cols >> c & 1)) continue;
        const stor_column *col = &t->cols[c];
        if (stor_is_null(col, r)) continue;   /* (a NULL takes no bytes) */
        uint32_t fixed = key_part_len(col, 0) - (col->not_null ? 0 : 1);
        if (!col_packable(col)) { n += fixed; continue; }
        uint32_t fl = col->type == CT_VARCHAR || col->type == CT_VARBINARY ? fixed - 2 : fixed, len = stor_slen(col, r);
        const pdb_collation *co = pdb_coll_by_id(col->coll);
        if (len && ((col->type == CT_CHAR) || (co && co->maxlen != 4 && col->coll != COLL_BINARY))) {
            pdb_value v;
            stor_get(t, c, r, &v);
            if (col->type == CT_CHAR) while (len && v.p[len - 1] == ' ') len--;   /* (CHAR's trailing spaces go) */
            if (co && co->maxlen != 4 && col->coll != COLL_BINARY)   /* (the bytes in its charset, not UTF-8's) */
                len = (uint32_t)pdb_coll_octets(col->coll, v.p, len, NULL);
        }
        n += (fl > 255 ? 2 : 1) + len;
    }
    return n;
}

/* The columns of source i that e reads, for filesort's read set: as cols_used, but a
 * subquery adds only the columns it names qualified by the source's alias (an outer
 * reference; an unqualified outer reference is not seen). */
static void read_set_sel(ex_ctx *ctx, const pl_select *q, int i, uint64_t *m);
static void read_set(ex_ctx *ctx, const pl_expr *e, int i, uint64_t *m, bool qualified)
{
    if (!e) return;
    if (e->kind == E_STAR || e->kind == E_COLUMN) {
        if (!qualified || e->tbl) cols_used(ctx, e, i, m);
        return;
    }
    for (int k = 0; k < e->nargs; k++) read_set(ctx, e->args[k], i, m, qualified);
    if (e->sub) read_set_sel(ctx, e->sub, i, m);
}

/* The same for the temporary table MariaDB sorts for ORDER BY a MATCH: a MATCH is its
 * value there, not its columns, so a TEXT column searched does not make the sort go by
 * row reference. */
static void sort_read_set(ex_ctx *ctx, const pl_expr *e, int i, uint64_t *m)
{
    if (!e) return;
    if (e->kind == E_FUNC && e->s && !strcmp(e->s, "MATCH")) { sort_read_set(ctx, e->nargs ? e->args[0] : NULL, i, m); return; }
    if (e->kind == E_STAR || e->kind == E_COLUMN) { cols_used(ctx, e, i, m); return; }
    for (int k = 0; k < e->nargs; k++) sort_read_set(ctx, e->args[k], i, m);
    if (e->sub) read_set_sel(ctx, e->sub, i, m);
}

static void read_set_sel(ex_ctx *ctx, const pl_select *q, int i, uint64_t *m)
{
    const char *alias = ctx->src[i].alias;
    for (; q; q = q->next) {
        for (int k = 0; k < q->nfrom; k++)   /* (the alias means the subquery's own table) */
            if (alias && q->from[k].alias ? !strcmp(q->from[k].alias, alias) : q->from[k].name && alias && !strcmp(q->from[k].name, alias))
                return;
        for (int k = 0; k < q->nitems; k++) read_set(ctx, q->items[k].e, i, m, true);
        for (int k = 0; k < q->nfrom; k++) read_set(ctx, q->from[k].on, i, m, true);
        read_set(ctx, q->where, i, m, true);
        read_set(ctx, q->having, i, m, true);
        for (int k = 0; k < q->ngroup; k++) read_set(ctx, q->group[k], i, m, true);
        for (int k = 0; k < q->norder; k++) read_set(ctx, q->order[k].e, i, m, true);
    }
}

void ex_fsort_setup(ex_ctx *ctx, pl_select *sel, int i, const ex_type *otypes, int norder, uint64_t limit, ex_fsort *f)
{
    const stor_table *t = ctx->src[i].t;
    memset(f, 0, sizeof *f);
    f->limit = limit;
    uint32_t sl = 0;
    for (int k = 0; k < norder; k++) sl += ex_fsort_key_len(&otypes[k]);
    /* the columns the statement reads: with a BLOB/TEXT among them, or more than
       max_length_for_sort_data with the key, rows are sorted by reference (rowid mode) */
    uint64_t m = 0;
    if (order_matches(sel)) {
        /* ORDER BY a MATCH: MariaDB sorts a temporary table of what the query shows,
           filled in the FULLTEXT key's order (its columns are not in it) */
        for (int k = 0; k < sel->nitems; k++) sort_read_set(ctx, sel->items[k].e, i, &m);
        for (int k = 0; k < sel->norder; k++) sort_read_set(ctx, sel->order[k].e, i, &m);
    } else {
        for (int k = 0; k < sel->nitems; k++) read_set(ctx, sel->items[k].e, i, &m, false);
        read_set(ctx, sel->where, i, &m, false);
        read_set(ctx, sel->having, i, &m, false);
        for (int k = 0; k < sel->norder; k++) read_set(ctx, sel->order[k].e, i, &m, false);
        for (int k = 0; k < sel->ngroup; k++) read_set(ctx, sel->group[k], i, &m, false);   /* (a sort for GROUP BY) */
    }
    uint32_t alen = 0, nulls = 0, fields = 0, packable = 0;
    bool blob = false;
    for (uint32_t c = 0; c < t->ncols; c++) {
        if (c < 63 ? !(m & (1ull << c)) : !(m & (1ull << 63))) continue;
        const stor_column *col = &t->cols[c];
        if (col->type >= CT_TINYTEXT && col->type <= CT_LONGBLOB) blob = true;
        if (col_packable(col) || !col->not_null) packable += addon_len(col);   /* (Field::is_packable, or nullable) */
        alen += addon_len(col);
        nulls += !col->not_null;
        fields++;
    }
    alen += (nulls + 7) / 8;
    const stor_index *pk = stor_primary(t);
    uint32_t ref = pk ? key_len_of(t, pk) : 6;
    f->rowid = blob || !fields || alen + sl >= 1024;
    /* Sort_param::try_to_pack_addons (without a priority queue): packed when packing could
       save 10 bytes or more beyond its 2-byte length field */
    f->packed = !f->rowid && packable >= 12;
    f->nullbytes = (nulls + 7) / 8;
    f->t = t;
    f->cols = m;
    f->unmodeled = t->ncols > 63 || sl >= 132;   /* (packed sort keys: long string keys) */
    f->sort_length = f->rowid ? sl + ref : sl;
    f->rec_length = f->rowid ? sl + ref : sl + alen;
    f->pack_rec = f->rec_length + 2;
    /* ha_innobase::estimate_rows_upper_bound: 2 * leaf pages * 16 KiB / the shortest
       record. The leaf pages are the statistics': one page for a table created less than
       ten seconds ago (dict_stats recalculates a table at most every ten seconds), else
       what the rows fill (taken at their shortest, pages 15/16 full) */
    uint64_t minrec = innodb_min_rec_len(t), pages = 1;
    if (!t->stat_born || ex_mono_s() >= t->stat_born + 10) {
        pages = ((uint64_t)t->nlive * minrec + 15359) / 15360;
        if (!pages) pages = 1;
    }
    f->est_rows = 2 * pages * 16384 / minrec;
    pdb_value v;
    ex_type vt;
    f->sort_buffer = 2097152;
    if (ex_sysvar_get(ctx->s, "sort_buffer_size", false, &v, ctx->a, &vt) == 0 && v.t != VT_NULL)
        f->sort_buffer = v.t == VT_UINT ? v.u : (uint64_t)ex_to_int(&v);
}

/* ---------------------------------------------------------------- a view's SELECT
 *
 * As MariaDB prints it (SHOW CREATE VIEW, information_schema.VIEWS): every column
 * qualified by its table, `db`. before a table not aliased when it is not of the
 * current database (always with vp->full), items named with AS, joins nested in
 * parentheses with on(...). Each block's sources are opened by name only (a view or
 * derived table by the names of its SELECT), nothing runs. */

static void vp_column(vprint *vp, ex_ctx *ctx, const char *alias, const char *col)
{
    for (ex_ctx *c = ctx; c; c = c->outer)
        for (int i = 0; i < c->nsrc; i++) {
            const ex_src *s = &c->src[i];
            if (strcmp(s->alias, alias)) continue;
            if (s->t && s->alias == s->name && (vp->full || strcmp(s->db, vp->cur_db))) {
                xb_qident(vp->b, s->db);
                xb_s(vp->b, ".");
            }
            xb_qident(vp->b, alias);
            xb_s(vp->b, ".");
            xb_qident(vp->b, col);
            return;
        }
    xb_qident(vp->b, alias);
    xb_s(vp->b, ".");
    xb_qident(vp->b, col);
}

static int vp_ncols(const ex_src *s) { return s->t ? (int)s->t->ncols : s->dncols; }
static const char *vp_col(const ex_src *s, int k) { return s->t ? s->t->cols[k].name : s->dnames[k]; }

/* The names of sel's columns (its block's sources opened in bc). */
static const char **vp_names(ex_ctx *bc, pl_select *sel, int *n)
{
    int cap = 8, k = 0;
    const char **v = stor_arena_alloc(bc->a, (size_t)cap * sizeof *v);
    for (int i = 0; i < sel->nitems; i++) {
        const pl_expr *e = sel->items[i].e;
        int need = 1;
        if (e->kind == E_STAR) { need = 0; for (int j = 0; j < bc->nsrc; j++) need += vp_ncols(&bc->src[j]); }
        if (k + need > cap) {
            while (k + need > cap) cap *= 2;
            const char **nv = stor_arena_alloc(bc->a, (size_t)cap * sizeof *nv);
            memcpy(nv, v, (size_t)k * sizeof *v);
            v = nv;
        }
        if (e->kind == E_STAR) {
            for (int j = 0; j < bc->nsrc; j++)
                if (!e->tbl || !strcmp(e->tbl, bc->src[j].alias))
                    for (int c = 0; c < vp_ncols(&bc->src[j]); c++) v[k++] = vp_col(&bc->src[j], c);
            continue;
        }
        if (sel->items[i].alias) { v[k++] = sel->items[i].alias; continue; }
        if (e->kind == E_COLUMN || (e->kind == E_STRING && !e->ival)) { v[k++] = e->s; continue; }
        size_t l = e->start ? e->srclen : 0;
        char *t = stor_arena_alloc(bc->a, l > 64 ? 24 : l + 1);
        if (l > 64) snprintf(t, 24, "Name_exp_%d", k + 1);
        else { memcpy(t, e->start, l); t[l] = 0; }
        v[k++] = t;
    }
    *n = k;
    return v;
}

/* bc: the block's sources by name, inside outer. */
static void vp_open(vprint *vp, ex_ctx *outer, pl_select *sel, ex_ctx *bc)
{
    (void)vp;
    *bc = *outer;
    bc->outer = outer->nsrc || outer->outer ? outer : NULL;
    bc->nsrc = sel->nfrom;
    bc->src = stor_arena_alloc(outer->a, (size_t)(sel->nfrom ? sel->nfrom : 1) * sizeof(ex_src));
    memset(bc->src, 0, (size_t)(sel->nfrom ? sel->nfrom : 1) * sizeof(ex_src));
    for (int i = 0; i < sel->nfrom; i++) {
        pl_tref *t = &sel->from[i];
        ex_src *s = &bc->src[i];
        pl_select *inner = NULL;
        char **cols = NULL;
        int ncols = 0;
        ex_ctx ic = *outer;
        ic.outer = NULL; ic.nsrc = 0;
        if (t->derived || t->cte) {
            inner = t->derived ? t->derived : t->cte->sel;
            cols = t->derived ? t->col_names : t->cte->cols;
            ncols = t->derived ? t->ncol_names : t->cte->ncols;
            s->alias = s->name = t->alias ? t->alias : t->name;
        } else {
            const char *db = t->db ? t->db : outer->view_db ? outer->view_db : outer->s->db;
            const stor_viewdef *vd = db && db[0] ? ex_view_find(outer, db, t->name) : NULL;
            if (vd) {
                ex_view_src vs;
                ex_view_open(outer, db, vd, &vs);
                inner = vs.sel; cols = vs.cols; ncols = vs.ncols;
                ic.view_db = vs.db;
                ic.view_depth = outer->view_depth + 1;
                s->db = vs.db;
                s->name = vd->name;
                s->alias = t->alias ? t->alias : s->name;
            } else if (db && !strcasecmp(db, "information_schema")) {
                s->db = "information_schema";
                s->name = t->name;
                s->alias = t->alias ? t->alias : s->name;
            } else {
                s->t = ex_table(outer, t->db, t->name);
                s->db = s->t->db;
                s->name = s->t->name;
                s->alias = t->alias ? t->alias : s->name;
            }
        }
        if (inner) {
            if (ncols) { s->dnames = (const char **)cols; s->dncols = ncols; }
            else {
                ex_ctx ib;
                vp_open(vp, &ic, inner, &ib);
                s->dnames = vp_names(&ib, inner, &s->dncols);
            }
        }
    }
}

static void vp_tref(vprint *vp, ex_ctx *bc, pl_tref *t, int i)
{
    const ex_src *s = &bc->src[i];
    if (t->derived) {
        xb_s(vp->b, "(");
        vp_select(vp, bc->outer ? bc->outer : bc, t->derived, NULL, 0);
        xb_s(vp->b, ") ");
        xb_qident(vp->b, t->alias);
        return;
    }
    if (s->db && (vp->full ? !t->cte : strcmp(s->db, vp->cur_db))) { xb_qident(vp->b, s->db); xb_s(vp->b, "."); }
    xb_qident(vp->b, s->name);
    if (t->alias) { xb_s(vp->b, " "); xb_qident(vp->b, t->alias); }
}

static void vp_using(vprint *vp, ex_ctx *bc, int i, char **cols, int n)
{
    for (int k = 0; k < n; k++) {
        if (k) xb_s(vp->b, " and ");
        for (int j = 0; j < i; j++) {
            int c;
            for (c = 0; c < vp_ncols(&bc->src[j]); c++) if (!strcasecmp(vp_col(&bc->src[j], c), cols[k])) break;
            if (c < vp_ncols(&bc->src[j])) { vp_column(vp, bc, bc->src[j].alias, vp_col(&bc->src[j], c)); break; }
        }
        xb_s(vp->b, " = ");
        vp_column(vp, bc, bc->src[i].alias, cols[k]);
    }
}

/* Does join i print in parentheses? Always in SHOW CREATE VIEW; in information_schema's
 * text (MariaDB's stored query) only a join with a condition. */
static bool vp_paren(const vprint *vp, const pl_tref *t)
{
    return !vp->full || t->on || t->nusing || t->natural;
}

static void vp_from(vprint *vp, xpctx *pc, ex_ctx *bc, pl_select *sel)
{
    for (int i = 1; i < sel->nfrom; i++) if (vp_paren(vp, &sel->from[i])) xb_s(vp->b, "(");
    for (int i = 0; i < sel->nfrom; i++) {
        pl_tref *t = &sel->from[i];
        if (i) {
            xb_s(vp->b, t->join == JT_LEFT ? " left join " : t->join == JT_RIGHT ? " right join " :
                        t->join == JT_STRAIGHT ? " straight_join " : " join ");
        }
        vp_tref(vp, bc, t, i);
        if (i && t->on) { xb_s(vp->b, " on("); xprint(pc, vp->b, t->on); xb_s(vp->b, ")"); }
        else if (i && t->nusing) { xb_s(vp->b, " on("); vp_using(vp, bc, i, t->using_cols, t->nusing); xb_s(vp->b, ")"); }
        else if (i && t->natural) {
            char **common = stor_arena_alloc(bc->a, (size_t)(vp_ncols(&bc->src[i]) + 1) * sizeof(char *));
            int n = 0;
            for (int c = 0; c < vp_ncols(&bc->src[i]); c++)
                for (int j = 0; j < i; j++) {
                    int k;
                    for (k = 0; k < vp_ncols(&bc->src[j]); k++) if (!strcasecmp(vp_col(&bc->src[j], k), vp_col(&bc->src[i], c))) break;
                    if (k < vp_ncols(&bc->src[j])) { common[n++] = (char *)vp_col(&bc->src[i], c); break; }
                }
            if (n) { xb_s(vp->b, " on("); vp_using(vp, bc, i, common, n); xb_s(vp->b, ")"); }
        }
        if (i && vp_paren(vp, t)) xb_s(vp->b, ")");
    }
}

/* One block and the blocks of its UNION. mode 0: items named with AS (a view, a derived
 * table), 1: without (a subquery), 2: EXISTS (its items are 1, and LIMIT 1). names: the
 * view's column list, or NULL. */
static void vp_select(vprint *vp, ex_ctx *outer, pl_select *sel, char **names, int mode)
{
    xbuf *b = vp->b;
    for (pl_select *q = sel; q; q = q->next) {
        ex_ctx bc;
        vp_open(vp, outer, q, &bc);
        xpctx pc = { &bc, q, false, NULL, false, 0, true, true, NULL, vp, false };
        int nn;
        const char **auto_names = vp_names(&bc, q, &nn);
        xb_s(b, q->distinct ? "select distinct " : "select ");
        if (mode == 2) xb_s(b, "1");
        int k = 0;
        for (int i = 0; mode != 2 && i < q->nitems; i++) {
            pl_expr *e = q->items[i].e;
            if (e->kind == E_STAR) {
                for (int j = 0; j < bc.nsrc; j++) {
                    if (e->tbl && strcmp(e->tbl, bc.src[j].alias)) continue;
                    for (int c = 0; c < vp_ncols(&bc.src[j]); c++) {
                        if (k) xb_s(b, ",");
                        vp_column(vp, &bc, bc.src[j].alias, vp_col(&bc.src[j], c));
                        if (mode == 0) { xb_s(b, " AS "); xb_qident(b, names && q == sel ? names[k] : auto_names[k]); }
                        k++;
                    }
                }
                continue;
            }
            if (k) xb_s(b, ",");
            xprint(&pc, b, e);
            if (mode == 0) { xb_s(b, " AS "); xb_qident(b, names && q == sel ? names[k] : auto_names[k]); }
            k++;
        }
        if (q->nfrom) { xb_s(b, " from "); vp_from(vp, &pc, &bc, q); }
        if (q->where) { xb_s(b, " where "); xprint(&pc, b, q->where); }
        for (int i = 0; i < q->ngroup; i++) {
            xb_s(b, i ? "," : " group by ");
            xprint(&pc, b, q->group[i]);
            if (q->group_desc & (1ull << i)) xb_s(b, " desc");
        }
        if (q->rollup) xb_s(b, " with rollup");
        if (q->having) { pc.bare_alias = true; xb_s(b, " having "); xprint(&pc, b, q->having); pc.bare_alias = false; }
        for (int i = 0; i < q->norder; i++) {
            xb_s(b, i ? "," : " order by ");
            xprint(&pc, b, q->order[i].e);
            if (q->order[i].desc) xb_s(b, " desc");
        }
        if (q->limit) {
            xb_s(b, " limit ");
            if (q->offset) { xprint(&pc, b, q->offset); xb_s(b, ","); }
            xprint(&pc, b, q->limit);
        } else if (mode == 2) xb_s(b, " limit 1");
        if (q->for_update) xb_s(b, " for update");
        if (q->lock_share) xb_s(b, " lock in share mode");
        if (q->next) xb_s(b, q->set_op == 2 ? " union all " : q->set_op == 3 ? " intersect " : q->set_op == 4 ? " except " : " union ");
        if (!q->next && sel->nu_order + (sel->u_limit != NULL)) {
            xpctx uc = { &bc, sel, false, NULL, false, 0, true, true, NULL, vp, false };
            for (int i = 0; i < sel->nu_order; i++) {
                xb_s(b, i ? "," : " order by ");
                xprint(&uc, b, sel->u_order[i].e);
                if (sel->u_order[i].desc) xb_s(b, " desc");
            }
            if (sel->u_limit) {
                xb_s(b, " limit ");
                if (sel->u_offset) { xprint(&uc, b, sel->u_offset); xb_s(b, ","); }
                xprint(&uc, b, sel->u_limit);
            }
        }
    }
}

/* View v's SELECT as MariaDB prints it; NULL (ctx->err set) when it no longer resolves. */
const char *ex_view_print(ex_ctx *ctx, const char *db, const stor_viewdef *v, bool full)
{
    jmp_buf jb;
    ex_err err;
    ex_ctx sub = *ctx;
    sub.jb = &jb;
    sub.err = &err;
    sub.outer = NULL;
    sub.nsrc = 0;
    xbuf b = { .a = ctx->a };
    vprint vp = { &b, ctx->s->db, full };
    if (setjmp(jb)) {   /* (nothing here runs a query: only names are looked up) */
        if (ex_view_error_caught(&err)) return NULL;
        *ctx->err = err;
        longjmp(*ctx->jb, 1);
    }
    ex_view_src vs;
    ex_view_open(&sub, db, v, &vs);
    sub.view_db = vs.db;
    sub.view_depth++;
    vp_select(&vp, &sub, vs.sel, vs.cols, 0);
    return b.p ? b.p : "";
}
