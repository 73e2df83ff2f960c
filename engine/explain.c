/* EXPLAIN SELECT / UPDATE / DELETE / INSERT with MariaDB's columns.
 *
 * The statement is prepared as a prepared statement is (ctx->describe: names resolved,
 * joins ordered, index lookups planned, nothing read), and while that runs every query
 * block reports what run_block decided for each of its sources (select.c:
 * explain_note -> ex_explain_block). The rows show pressdb's plan, in MariaDB's
 * vocabulary: type const/eq_ref/ref for index lookups (range for an IN list),
 * hash_ALL for a hash join, ALL for a scan; rows is an estimate. */
#include "engine/eng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

__thread bool ex_explaining;
__thread bool ex_analyzing;

enum { X_STYPE, X_TABLE, X_TYPE, X_PKEYS, X_KEY, X_KEYLEN, X_REF, X_ROWS, X_EXTRA, X_N };

typedef struct xrow {
    int id;                 /* 0: NULL (UNION RESULT) */
    double order;
    const char *v[X_N];     /* NULL = SQL NULL */
    const pl_select *sel;   /* ANALYZE: the block and source whose counts it shows */
    int src;
    uint64_t loops, read, pass;
} xrow;

typedef struct xblock {
    pl_select *sel;
    int id;
    const char *stype;
    bool done;
    uint32_t est;           /* rows it yields, roughly (for <derivedN>) */
    pl_select *union_head;  /* first member of its UNION, or NULL */
} xblock;

typedef struct xstate {
    stor_arena *a;
    xblock *b;
    int nb, cb;
    xrow *r;
    int nr, cr;
    const pl_select *dml_sel;   /* a single-table UPDATE / DELETE: its row-finding block */
    const pl_stmt *dml;
} xstate;

static __thread xstate *X;

static char *xstrdup(const char *s)
{
    size_t n = strlen(s);
    char *o = stor_arena_alloc(X->a, n + 1);
    memcpy(o, s, n + 1);
    return o;
}

static char *xfmt_u(uint64_t v)
{
    char b[32];
    snprintf(b, sizeof b, "%llu", (unsigned long long)v);
    return xstrdup(b);
}

static xblock *xfind(const pl_select *sel)
{
    for (int i = 0; i < X->nb; i++) if (X->b[i].sel == sel) return &X->b[i];
    return NULL;
}

static xrow *xrow_add(int id, double order)
{
    if (X->nr == X->cr) {
        int nc = X->cr ? X->cr * 2 : 16;
        xrow *n = stor_arena_alloc(X->a, (size_t)nc * sizeof *n);
        if (X->nr) memcpy(n, X->r, (size_t)X->nr * sizeof *n);
        X->r = n; X->cr = nc;
    }
    xrow *r = &X->r[X->nr++];
    memset(r, 0, sizeof *r);
    r->id = id;
    r->order = order;
    r->src = -1;
    return r;
}

/* ---------------------------------------------------------------- numbering */

/* Query blocks get ids in the order their SELECT appears in the text, as in MariaDB. */
static void number_select(pl_select *s, const char *stype);

static void number_expr(pl_expr *e)
{
    if (!e) return;
    if (e->sub) number_select(e->sub, "SUBQUERY");
    for (int i = 0; i < e->nargs; i++) number_expr(e->args[i]);
}

static void number_parts(pl_select *m)
{
    for (int i = 0; i < m->nitems; i++) number_expr(m->items[i].e);
    for (int i = 0; i < m->nfrom; i++) {
        if (m->from[i].derived) number_select(m->from[i].derived, "DERIVED");
        if (m->from[i].cte) number_select(m->from[i].cte->sel, "DERIVED");
        number_expr(m->from[i].on);
    }
    number_expr(m->where);
    for (int i = 0; i < m->ngroup; i++) number_expr(m->group[i]);
    number_expr(m->having);
    for (int i = 0; i < m->norder; i++) number_expr(m->order[i].e);
}

static void number_select(pl_select *s, const char *stype)
{
    if (!s || xfind(s)) return;
    for (pl_select *m = s; m; m = m->next) {
        if (X->nb == X->cb) {
            int nc = X->cb ? X->cb * 2 : 8;
            xblock *n = stor_arena_alloc(X->a, (size_t)nc * sizeof *n);
            if (X->nb) memcpy(n, X->b, (size_t)X->nb * sizeof *n);
            X->b = n; X->cb = nc;
        }
        xblock *b = &X->b[X->nb++];
        memset(b, 0, sizeof *b);
        b->sel = m;
        b->id = X->nb;
        b->stype = m == s ? stype : "UNION";
        for (int i = 0; m != s && i < m->nfrom; i++)
            if (m->from[i].cte && m->from[i].cte->sel == s) b->stype = "RECURSIVE UNION";
        b->union_head = s->next ? s : NULL;
        number_parts(m);
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
    if ((e->kind == E_IN || (!eq_only && (e->kind == E_BETWEEN || e->kind == E_LIKE))) && !e->negated &&
        e->args[0]->kind == E_COLUMN && ex_expr_srcmask(sc, e->args[0]) == (1ull << i)) {
        *col = e->args[0]; *other = e->nargs > 1 ? e->args[1] : NULL;
        return true;
    }
    return false;
}

static int key_block_id(const pl_select *sel) { xblock *b = xfind(sel); return b ? b->id : 0; }

/* The block a FROM item reads (a derived table or WITH name), or NULL for a table. */
static pl_select *tref_block(const pl_tref *t)
{
    return t->derived ? t->derived : t->cte ? t->cte->sel : NULL;
}

/* The description of the value pinning key column `cname` of source i. */
static const char *ref_of(ex_ctx *ctx, ex_scope *sc, const ex_plan_src *ps, int i, const char *cname)
{
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
                return xstrdup(b);
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

/* Does this block read a column none of its own sources has (a correlated subquery)? */
static bool reads_outer(ex_ctx *ctx, pl_select *sel, pl_expr *e)
{
    if (!e || e->sub) return false;
    if (e->kind == E_COLUMN) {
        for (int i = 0; i < ctx->nsrc; i++) {
            const ex_src *s = &ctx->src[i];
            if (e->tbl) { if (s->alias && !strcmp(s->alias, e->tbl)) return false; continue; }
            if (s->t) { for (uint32_t c = 0; c < s->t->ncols; c++) if (!strcasecmp(s->t->cols[c].name, e->s)) return false; }
            else for (int c = 0; c < s->dncols; c++) if (s->dnames && s->dnames[c] && !strcasecmp(s->dnames[c], e->s)) return false;
        }
        if (!e->tbl) for (int i = 0; i < sel->nitems; i++) if (sel->items[i].alias && !strcasecmp(sel->items[i].alias, e->s)) return false;
        return true;
    }
    for (int i = 0; i < e->nargs; i++) if (reads_outer(ctx, sel, e->args[i])) return true;
    return false;
}

static bool block_reads_outer(ex_ctx *ctx, pl_select *sel)
{
    for (int i = 0; i < sel->nitems; i++) if (reads_outer(ctx, sel, sel->items[i].e)) return true;
    for (int i = 0; i < sel->nfrom; i++) if (reads_outer(ctx, sel, sel->from[i].on)) return true;
    if (reads_outer(ctx, sel, sel->where) || reads_outer(ctx, sel, sel->having)) return true;
    for (int i = 0; i < sel->ngroup; i++) if (reads_outer(ctx, sel, sel->group[i])) return true;
    return false;
}

/* Subqueries run only when a row reaches them (IN, EXISTS): prepare them here. */
static void prepare_subqueries(ex_ctx *ctx, pl_expr *e)
{
    if (!e) return;
    if (e->sub) {
        xblock *b = xfind(e->sub);
        if (b && !b->done) {
            ex_ctx sub = *ctx;
            sub.outer = ctx;
            sub.describe = true;
            ex_rows rows = { 0 };
            ex_type *types = NULL;
            const char **names = NULL;
            uint64_t found;
            ex_select_rows(&sub, e->sub, &rows, &types, &names, &found);
        }
        return;
    }
    for (int i = 0; i < e->nargs; i++) prepare_subqueries(ctx, e->args[i]);
}

void ex_explain_block(ex_ctx *ctx, ex_scope *sc, pl_select *sel, const ex_plan_src *ps, int n,
                      pl_expr **conj, const int *level, int nconj, bool impossible, bool grouped, bool ordered)
{
    if (!X) return;
    xblock *b = xfind(sel);
    if (!b) return;
    if (b->done) {
        /* a block run again (a correlated subquery): its counts add up */
        if (ex_analyzing)
            for (int k = 0; k < X->nr; k++) {
                xrow *xr = &X->r[k];
                if (xr->sel != sel || xr->src < 0 || xr->src >= n) continue;
                xr->loops += ps[xr->src].r_loops; xr->read += ps[xr->src].r_read; xr->pass += ps[xr->src].r_pass;
            }
        return;
    }
    b->done = true;
    if (!strcmp(b->stype, "SUBQUERY") && ctx->outer && block_reads_outer(ctx, sel)) b->stype = "DEPENDENT SUBQUERY";
    if (!strcmp(b->stype, "UNION") && b->union_head) {
        xblock *h = xfind(b->union_head);
        if (h && !strcmp(h->stype, "DEPENDENT SUBQUERY")) b->stype = "DEPENDENT UNION";
    }
    double ord = b->id;
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
    bool dml = X->dml_sel == sel;
    if (dml) const_miss = false;
    if (impossible || const_miss || n == 0) {
        xrow *r = xrow_add(b->id, ord);
        r->v[X_STYPE] = b->stype;
        r->v[X_EXTRA] = impossible ? "Impossible WHERE" : const_miss ? (ex_analyzing ? "no matching row in const table" : "Impossible WHERE noticed after reading const tables")
                                                         : "No tables used";
        b->est = n == 0 ? 1 : 0;
    }
    for (int i = 0; i < n && !impossible && !const_miss; i++) {
        const ex_src *s = &ctx->src[i];
        const ex_plan_src *p = &ps[i];
        xrow *r = xrow_add(b->id, ord + (i + 1) * 1e-3);
        r->v[X_STYPE] = b->stype;
        r->sel = sel; r->src = i;
        r->loops = p->r_loops; r->read = p->r_read; r->pass = p->r_pass;
        const pl_tref *tr = NULL;
        for (int k = 0; k < sel->nfrom; k++)
            if ((sel->from[k].decl1 ? sel->from[k].decl1 - 1 : k) == s->decl) tr = &sel->from[k];
        uint32_t rows = p->rows;
        if (!s->t && tr && tref_block(tr)) {
            char nm[32];
            snprintf(nm, sizeof nm, "<derived%d>", key_block_id(tref_block(tr)));
            r->v[X_TABLE] = xstrdup(nm);
            xblock *db = xfind(tref_block(tr));
            rows = db ? db->est : rows;
        } else r->v[X_TABLE] = s->alias ? s->alias : s->name;
        char extra[256] = "";
        /* possible keys: indexes whose first column this block compares with a value */
        char pk[1024] = "";
        if (s->t) {
            for (uint32_t x = 0; x < s->t->nidx; x++) {
                const stor_index *ix = &s->t->idx[x];
                if (ix->kind == IK_FULLTEXT || ix->kind == IK_SPATIAL) continue;
                const char *c0 = s->t->cols[ix->cols[0]].name;
                bool use = ix == p->ix;
                for (int k = 0; k < p->nconds && !use; k++) {
                    pl_expr *c, *o;
                    if (col_cond(sc, p->conds[k], i, &c, &o, false) && !strcasecmp(c->s, c0)) use = true;
                }
                if (!use) continue;
                size_t l = strlen(pk);
                snprintf(pk + l, sizeof pk - l, "%s%s", l ? "," : "", ix->name);
            }
        }
        r->v[X_PKEYS] = pk[0] ? xstrdup(pk) : NULL;
        bool consumed_eq = false;
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
            r->v[X_KEYLEN] = xfmt_u(kl);
            if (dml) {
                r->v[X_TYPE] = "range";
                r->v[X_REF] = NULL;
                xjoin(extra, sizeof extra, "Using where");
                /* an UPDATE of a column of the key it reads collects the rows first */
                bool buffer = false;
                for (int k = 0; X->dml->kind == S_UPDATE && ix->kind != IK_PRIMARY && k < X->dml->nsets && !buffer; k++) {
                    const char *nm = X->dml->sets[k].name, *dot = strrchr(nm, '.');
                    if (dot) nm = dot + 1;
                    for (uint32_t x = 0; x < ix->ncols && !buffer; x++) buffer = !strcasecmp(src_col(s, (int)ix->cols[x])->name, nm);
                }
                if (buffer) xjoin(extra, sizeof extra, "Using buffer");
                if (uniq && !multi) rows = 1;
            } else if (multi) {
                r->v[X_TYPE] = "range";
                r->v[X_REF] = NULL;
                xjoin(extra, sizeof extra, "Using where");
            } else {
                r->v[X_TYPE] = uniq ? (allc ? "const" : "eq_ref") : "ref";
                r->v[X_REF] = xstrdup(ref);
                consumed_eq = true;
                if (uniq) rows = 1;
                else if (!allc) rows = rows_per_key(s->t, ix, p->nk);
            }
            if (!rows) rows = 1;
        } else if (p->hcol >= 0 && s->t) {
            const stor_column *c = &s->t->cols[p->hcol];
            r->v[X_TYPE] = "hash_ALL";
            r->v[X_KEY] = "#hash#$hj";
            r->v[X_KEYLEN] = xfmt_u(key_part_len(c, 0));
            r->v[X_REF] = ref_of(ctx, sc, p, i, c->name);
            if (!r->v[X_PKEYS]) r->v[X_PKEYS] = "#hash#$hj";
            else {
                char b2[1100];
                snprintf(b2, sizeof b2, "#hash#$hj,%s", r->v[X_PKEYS]);
                r->v[X_PKEYS] = xstrdup(b2);
            }
            rows = s->t->nlive;
            xjoin(extra, sizeof extra, "Using where; Using join buffer (flat, BNLH join)");
        } else {
            r->v[X_TYPE] = "ALL";
            if (s->t) rows = s->t->nlive;
        }
        r->v[X_ROWS] = xfmt_u(rows);
        if (i == 0) b->est = rows;
        /* filters read at this level besides the key lookup's equalities */
        if (!strstr(extra, "Using where")) {
            bool where = false;
            for (int k = 0; k < nconj && !where; k++) {
                if (level[k] != i) continue;
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
        if (!strcmp(r->v[X_TYPE], "const")) extra[0] = 0;   /* read before the join: its conditions too */
        bool all_const = true;
        for (int k = 0; k < n; k++) {
            const ex_plan_src *q2 = &ps[k];
            if (!q2->ix || !ctx->src[k].t || (q2->ix->kind != IK_PRIMARY && q2->ix->kind != IK_UNIQUE) || q2->nk != q2->ix->ncols) { all_const = false; break; }
            for (uint32_t x = 0; x < q2->nk; x++)
                if (q2->nkv[x] != 1 || strcmp(ref_of(ctx, sc, q2, k, ctx->src[k].t->cols[q2->ix->cols[x]].name), "const")) all_const = false;
        }
        if (i == 0 && !all_const) {
            if (grouped && (sel->ngroup > 0 || sel->distinct)) xjoin(extra, sizeof extra, "Using temporary");
            if (ordered || sel->ngroup > 0) xjoin(extra, sizeof extra, "Using filesort");
        }
        r->v[X_EXTRA] = xstrdup(extra);
    }
    /* IN / EXISTS subqueries of this block, prepared with its sources in scope */
    for (int i = 0; i < sel->nitems; i++) prepare_subqueries(ctx, sel->items[i].e);
    for (int i = 0; i < sel->nfrom; i++) prepare_subqueries(ctx, sel->from[i].on);
    prepare_subqueries(ctx, sel->where);
    prepare_subqueries(ctx, sel->having);
    for (int i = 0; i < sel->norder; i++) prepare_subqueries(ctx, sel->order[i].e);
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
    if (st->explain_opt == 3)
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'EXPLAIN FORMAT=JSON'");
    if (!in) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'EXPLAIN'");
    bool anl = st->explain_opt >= 10;
    if (st->explain_opt == 11)
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'ANALYZE FORMAT=JSON'");
    if (anl && in->kind != S_SELECT && in->kind != S_UPDATE && in->kind != S_DELETE &&
        !((in->kind == S_INSERT || in->kind == S_REPLACE) && !in->sel))
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'ANALYZE of statements other than SELECT'");
    xstate xs = { 0 };
    xs.a = ctx->a;
    pl_select *top = NULL, synth;
    switch (in->kind) {
    case S_SELECT:
        top = in->sel;
        break;
    case S_INSERT: case S_REPLACE:
        top = in->sel;   /* INSERT ... SELECT: the SELECT's plan */
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
        break;
    }
    default:
        ex_raise(ctx, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '' at line 1");
    }
    X = &xs;
    if (!anl && in->kind == S_DELETE && in->ntrefs == 1 && !in->ndel_targets && !in->where && !in->limit && !in->norder &&
        !in->trefs[0].derived) {
        /* DELETE FROM t: MariaDB's shape for emptying a table */
        stor_table *t = ex_table(ctx, in->trefs[0].db, in->trefs[0].name);
        xrow *xr = xrow_add(1, 1);
        xr->v[X_STYPE] = "SIMPLE";
        xr->v[X_ROWS] = xfmt_u(t ? t->nlive : 0);
        xr->v[X_EXTRA] = "Deleting all rows";
        top = NULL;
    } else if (top) {
        number_select(top, "PRIMARY");
        if (xs.nb == 1) xs.b[0].stype = "SIMPLE";
        ex_ctx sub = *ctx;
        sub.describe = !anl;        /* ANALYZE runs the statement, counting what it reads */
        ex_explaining = true;
        ex_analyzing = anl;
        jmp_buf *outer_jb = ctx->jb, jb;
        sub.jb = &jb;
        if (setjmp(jb)) {
            ex_explaining = false;
            ex_analyzing = false;
            X = NULL;
            ctx->jb = outer_jb;
            longjmp(*outer_jb, 1);
        }
        ex_rows rows = { 0 };
        ex_type *types = NULL;
        const char **names = NULL;
        uint64_t found;
        ex_select_rows(&sub, top, &rows, &types, &names, &found);
        ex_explaining = false;
        ex_analyzing = false;
        /* blocks never prepared (a subquery in a place that did not get to it): scans */
        for (int i = 0; i < xs.nb; i++) {
            xblock *b = &xs.b[i];
            if (b->done) continue;
            for (int k = 0; k < b->sel->nfrom; k++) {
                const pl_tref *t = &b->sel->from[k];
                xrow *xr = xrow_add(b->id, b->id + (k + 1) * 1e-3);
                xr->v[X_STYPE] = b->stype;
                xr->v[X_TYPE] = "ALL";
                if (tref_block(t)) {
                    char nm[32];
                    snprintf(nm, sizeof nm, "<derived%d>", key_block_id(tref_block(t)));
                    xr->v[X_TABLE] = xstrdup(nm);
                } else {
                    xr->v[X_TABLE] = t->alias ? t->alias : t->name;
                    stor_table *tb = ex_table(ctx, t->db, t->name);
                    if (tb) xr->v[X_ROWS] = xfmt_u(tb->nlive);
                }
                xr->v[X_EXTRA] = "";
            }
            if (!b->sel->nfrom) {
                xrow *xr = xrow_add(b->id, b->id);
                xr->v[X_STYPE] = b->stype;
                xr->v[X_EXTRA] = "No tables used";
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
                xblock *mb = xfind(m);
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
            xrow *xr = xrow_add(0, last + 0.999);
            xr->v[X_STYPE] = "UNION RESULT";
            xr->v[X_TABLE] = xstrdup(nm);
            xr->v[X_TYPE] = "ALL";
            xr->v[X_EXTRA] = "";
        }
    } else if (in->kind != S_DELETE) {
        /* INSERT ... VALUES */
        const char *tname = in->table;
        stor_table *t = ex_table(ctx, in->db, in->table);
        if (t) tname = t->name;
        xrow *xr = xrow_add(1, 1);
        xr->v[X_STYPE] = "INSERT";
        xr->v[X_TABLE] = tname;
        xr->v[X_TYPE] = "ALL";
        xr->v[X_EXTRA] = NULL;
    }
    X = NULL;
    qsort(xs.r, (size_t)xs.nr, sizeof *xs.r, xrow_cmp);
    if (anl && in->kind != S_SELECT) {
        /* ANALYZE UPDATE / DELETE / INSERT: the rows were counted finding them; now the
           change itself, whose OK gives way to the plan's rows */
        if (in->kind == S_UPDATE) ex_update(ctx, in, r);
        else if (in->kind == S_DELETE) ex_delete(ctx, in, r);
        else ex_insert(ctx, in, r);
        ex_drop_ok();
    }

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
        if (ext) v[k++] = x->v[X_TABLE] && x->v[X_TYPE] ? "100.00" : NULL;
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
