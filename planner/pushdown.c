/* Conditions pushed into a materialised derived table or view (MariaDB's
 * condition_pushdown_for_derived): a conjunct of the outer block's WHERE that reads only
 * the derived table's columns is also checked inside it, so the rows (or groups) it would
 * reject are never made. Into WHERE when the columns it reads are plain columns of the
 * derived SELECT (its GROUP BY columns, when it groups), into HAVING when one of them is an
 * aggregate of it. The outer WHERE keeps the conjunct: the result is the same, only the
 * work is less.
 *
 * Conservative by construction: nothing is pushed through a LIMIT, a UNION, a window
 * function, ROLLUP, a subquery, a non-deterministic or state-changing function, or into
 * a derived table on the inner side of an outer join (a NULL-complemented row could then
 * meet a condition the filtered row would not). */
#include "planner/planner.h"

#include <string.h>
#include <strings.h>

/* Functions whose value is not the same for the same arguments in one statement, or that
 * change state: a conjunct calling one stays where it is. */
static bool volatile_fn(const char *name)
{
    static const char *const fns[] = { "RAND", "UUID", "UUID_SHORT", "SLEEP", "GET_LOCK", "RELEASE_LOCK",
        "RELEASE_ALL_LOCKS", "IS_FREE_LOCK", "IS_USED_LOCK", "LAST_INSERT_ID", "ROW_COUNT", "FOUND_ROWS",
        "NEXTVAL", "LASTVAL", "SETVAL", "BENCHMARK", "SYS_GUID", "RANDOM_BYTES", "MASTER_POS_WAIT",
        "MASTER_GTID_WAIT", "NAME_CONST", "SET_USERVAR" };
    for (size_t i = 0; i < sizeof fns / sizeof *fns; i++) if (!strcasecmp(name, fns[i])) return true;
    return false;
}

static bool aggregate_fn(const pl_expr *e)
{
    static const char *const fns[] = { "COUNT", "SUM", "MIN", "MAX", "AVG" };
    if (e->kind != E_FUNC || e->win || e->distinct) return false;
    for (size_t i = 0; i < sizeof fns / sizeof *fns; i++) if (!strcasecmp(e->s, fns[i])) return true;
    return false;
}

/* A derived SELECT's item k: its name and what it may stand for in a pushed condition
 * (1 a plain column, 2 an aggregate of plain columns, 0 neither). */
typedef struct pd_col {
    const char *name;
    const pl_expr *e;
    int kind;
} pd_col;

static bool plain_column(const pl_expr *e) { return e->kind == E_COLUMN && !e->db; }

static bool in_group(const pl_select *d, const pl_expr *e)
{
    for (int i = 0; i < d->ngroup; i++) {
        const pl_expr *g = d->group[i];
        if (g->kind == E_COLUMN && !strcasecmp(g->s, e->s) &&
            ((!g->tbl && !e->tbl) || (g->tbl && e->tbl && !strcmp(g->tbl, e->tbl))))
            return true;
    }
    return false;
}

static int col_kind(const pl_select *d, const pl_expr *e, bool grouped)
{
    if (plain_column(e)) return !grouped || in_group(d, e) ? 1 : 0;
    if (grouped && aggregate_fn(e)) {
        for (int i = 0; i < e->nargs; i++)
            if (e->args[i]->kind != E_STAR && !plain_column(e->args[i])) return 0;
        return 2;
    }
    return 0;
}

/* Can conjunct c be pushed, and into HAVING (*having)? Every column it reads must be one
 * of the derived table's (by alias, or unqualified when it is the block's only source). */
static bool pushable(const pl_expr *c, const char *alias, bool only, const pd_col *cols, int n, bool *having)
{
    if (!c) return true;
    if (c->sub || c->win || c->kind == E_SUBQUERY || c->kind == E_EXISTS || c->kind == E_INSUB ||
        c->kind == E_PARAM || c->kind == E_STAR)
        return false;
    if (c->kind == E_FUNC && (volatile_fn(c->s) || aggregate_fn(c))) return false;
    if (c->kind == E_USERVAR || c->kind == E_SYSVAR) return false;
    if (c->kind == E_COLUMN) {
        if (c->db || (c->tbl ? strcmp(c->tbl, alias) : !only)) return false;
        int found = -1;
        for (int k = 0; k < n; k++)
            if (!strcasecmp(cols[k].name, c->s)) { if (found >= 0) return false; found = k; }
        if (found < 0 || !cols[found].kind) return false;
        if (cols[found].kind == 2) *having = true;
        return true;
    }
    for (int i = 0; i < c->nargs; i++) if (c->args[i] && !pushable(c->args[i], alias, only, cols, n, having)) return false;
    for (int i = 0; i < c->norder; i++) if (!pushable(c->order[i].e, alias, only, cols, n, having)) return false;
    return true;
}

pl_expr *pl_expr_copy(stor_arena *a, const pl_expr *e)
{
    pl_expr *c = stor_arena_alloc(a, sizeof *c);
    *c = *e;
    if (e->nargs) {
        c->args = stor_arena_alloc(a, (size_t)e->nargs * sizeof *c->args);
        for (int i = 0; i < e->nargs; i++) c->args[i] = e->args[i] ? pl_expr_copy(a, e->args[i]) : NULL;
    }
    if (e->norder) {
        c->order = stor_arena_alloc(a, (size_t)e->norder * sizeof *c->order);
        for (int i = 0; i < e->norder; i++) { c->order[i] = e->order[i]; c->order[i].e = pl_expr_copy(a, e->order[i].e); }
    }
    return c;
}

/* c with the derived table's columns replaced by what they are inside it */
static pl_expr *inside(stor_arena *a, const pl_expr *c, const pd_col *cols, int n)
{
    if (c->kind == E_COLUMN) {
        for (int k = 0; k < n; k++)
            if (!strcasecmp(cols[k].name, c->s)) {
                pl_expr *r = pl_expr_copy(a, cols[k].e);
                r->start = c->start;
                r->srclen = c->srclen;
                return r;
            }
        return pl_expr_copy(a, c);
    }
    pl_expr *r = stor_arena_alloc(a, sizeof *r);
    *r = *c;
    if (c->nargs) {
        r->args = stor_arena_alloc(a, (size_t)c->nargs * sizeof *r->args);
        for (int i = 0; i < c->nargs; i++) r->args[i] = c->args[i] ? inside(a, c->args[i], cols, n) : NULL;
    }
    if (c->norder) {
        r->order = stor_arena_alloc(a, (size_t)c->norder * sizeof *r->order);
        for (int i = 0; i < c->norder; i++) { r->order[i] = c->order[i]; r->order[i].e = inside(a, c->order[i].e, cols, n); }
    }
    return r;
}

pl_expr *pl_expr_and(stor_arena *a, pl_expr *x, pl_expr *y)
{
    if (!x) return y;
    if (!y) return x;
    pl_expr *e = stor_arena_alloc(a, sizeof *e);
    memset(e, 0, sizeof *e);
    e->kind = E_BINARY;
    e->op = BO_AND;
    e->nargs = 2;
    e->args = stor_arena_alloc(a, 2 * sizeof *e->args);
    e->args[0] = x;
    e->args[1] = y;
    return e;
}

void pl_expr_conjuncts(pl_expr *e, pl_expr **out, int *n, int cap)
{
    if (!e) return;
    if (e->kind == E_BINARY && e->op == BO_AND) {
        pl_expr_conjuncts(e->args[0], out, n, cap);
        pl_expr_conjuncts(e->args[1], out, n, cap);
        return;
    }
    if (*n < cap) out[(*n)++] = e;
}

pl_select *pl_push_conditions(stor_arena *a, const pl_select *outer, int src, pl_select *d, char **col_names,
                              int ncol_names)
{
    if (!outer->where || src < 0 || src >= outer->nfrom) return d;
    const pl_tref *t = &outer->from[src];
    if (t->join == JT_LEFT || (src + 1 < outer->nfrom && outer->from[src + 1].join == JT_RIGHT) || t->gsize > 1)
        return d;
    for (int i = 0; i < outer->nfrom; i++) if (outer->from[i].gsize > 1 && i < src && i + outer->from[i].gsize > src) return d;
    if (d->next || d->limit || d->offset || d->with_ties || d->rollup || d->tvc || !d->nfrom || d->ninto) return d;
    bool grouped = d->ngroup > 0;
    for (int i = 0; i < d->nitems; i++) {
        const pl_expr *e = d->items[i].e;
        if (e->kind == E_STAR || e->win) return d;
        if (e->kind == E_FUNC && aggregate_fn(e)) grouped = true;
    }
    if (ncol_names && ncol_names != d->nitems) return d;
    pd_col *cols = stor_arena_alloc(a, (size_t)d->nitems * sizeof *cols);
    for (int i = 0; i < d->nitems; i++) {
        const pl_item *it = &d->items[i];
        cols[i].name = ncol_names ? col_names[i] : it->alias ? it->alias : it->e->kind == E_COLUMN ? it->e->s : "";
        cols[i].e = it->e;
        cols[i].kind = col_kind(d, it->e, grouped);
    }
    const char *alias = t->alias ? t->alias : t->name;
    if (!alias) return d;
    pl_expr *cj[64];
    int ncj = 0;
    pl_expr_conjuncts(outer->where, cj, &ncj, 64);
    pl_expr *where = NULL, *having = NULL;
    for (int i = 0; i < ncj; i++) {
        bool to_having = false;
        if (!pushable(cj[i], alias, outer->nfrom == 1, cols, d->nitems, &to_having)) continue;
        pl_expr *c = inside(a, cj[i], cols, d->nitems);
        if (to_having) having = pl_expr_and(a, having, c);
        else where = pl_expr_and(a, where, c);
    }
    if (!where && !having) return d;
    pl_select *out = stor_arena_alloc(a, sizeof *out);
    *out = *d;
    out->orig = d->orig ? d->orig : d;
    if (where) out->where = pl_expr_and(a, d->where ? pl_expr_copy(a, d->where) : NULL, where);
    if (having) out->having = pl_expr_and(a, d->having ? pl_expr_copy(a, d->having) : NULL, having);
    return out;
}
