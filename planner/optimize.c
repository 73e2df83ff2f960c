/* optimize.c - the optimizer: a query block's plan (planner.h, "the optimizer").
 *
 * Given a block's sources and WHERE conjuncts, it decides which LEFT JOINs are inner
 * joins, the join order (the fewest estimated rows first, then sources reached by an
 * index lookup or an equality from the placed ones), and how each source finds its rows
 * (index lookup, range over an ordered index, hash join, or a scan). The decisions that
 * depend only on the tree, the catalog and the value kinds go into a pl_plan that the
 * shape cache keeps; what depends on the literals' values (the estimates) is worked out
 * at every execution. Expressions are resolved and evaluated by the engine, through
 * pl_opt_env. */
#include "planner/planner.h"
#include <assert.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SRCMASK(o, e) ((o)->env->srcmask((o)->arg, (e)))
#define OUTSIDE (1ull << 63)

static _Atomic uint64_t plan_hits, plan_stale, plan_replanned;
static _Atomic uint64_t catalog_gen;

void pl_catalog_changed(void) { catalog_gen++; }
uint64_t pl_catalog_gen(void) { return catalog_gen; }

void pl_plan_stats(uint64_t *hits, uint64_t *stale, uint64_t *replanned)
{
    *hits = plan_hits; *stale = plan_stale; *replanned = plan_replanned;
}

void pl_split_and(stor_arena *a, pl_expr *e, pl_expr ***out, int *n, int *cap)
{
    if (!e) return;
    if (e->kind == E_BINARY && e->op == BO_AND) {
        pl_split_and(a, e->args[0], out, n, cap);
        pl_split_and(a, e->args[1], out, n, cap);
        return;
    }
    if (*n == *cap) {
        int nc = *cap ? *cap * 2 : 8;
        pl_expr **x = stor_arena_alloc(a, (size_t)nc * sizeof *x);
        if (*n) memcpy(x, *out, (size_t)*n * sizeof *x);
        *out = x; *cap = nc;
    }
    (*out)[(*n)++] = e;
}

/* The highest source bit of m (bit 63, OUTSIDE, ignored), or -1. */
static int top_bit(uint64_t m)
{
    m &= ~OUTSIDE;
    return m ? 63 - __builtin_clzll(m) : -1;
}

/* A decision that depends on the literals' values: the plan being made is not kept. */
static void mark_nocache(pl_opt *o)
{
    if (o->rec) o->rec->nocache = true;
}

void __attribute__((noreturn)) pl_plan_mismatch(const pl_select *sel, const char *what)
{
    fprintf(stderr, "pressdb: [ERROR] --plan-cache=3: the kept plan of query block %d differs from a fresh one (%s)\n",
            sel->bid, what);
    abort();
}

/* ---------------------------------------------------------------- nodes */

static void nodes_add(stor_arena *a, pl_nodes *m, pl_expr *e)
{
    if (m->n == m->cap) {
        int nc = m->cap ? m->cap * 2 : 32;
        pl_expr **x = stor_arena_alloc(a, (size_t)nc * sizeof *x);
        if (m->n) memcpy(x, m->v, (size_t)m->n * sizeof *x);
        m->v = x; m->cap = nc;
    }
    m->v[m->n++] = e;
}

static void nodes_walk(stor_arena *a, pl_nodes *m, pl_expr *e)
{
    if (!e) return;
    nodes_add(a, m, e);
    for (int i = 0; i < e->nargs; i++) nodes_walk(a, m, e->args[i]);
}

static int32_t nodes_ord(stor_arena *a, pl_nodes *m, pl_expr *e)
{
    for (int i = 0; i < m->n; i++) if (m->v[i] == e) return i;
    m->over = true;
    nodes_add(a, m, e);
    return m->n - 1;
}

int32_t pl_nodes_find(const pl_nodes *m, const pl_expr *e)
{
    for (int i = 0; i < m->n; i++) if (m->v[i] == e) return i;
    return INT32_MIN;
}

static pl_ref ref_slot(stor_arena *a, pl_nodes *m, pl_expr *parent, pl_expr **slot)
{
    pl_ref r = { nodes_ord(a, m, parent), (int32_t)(slot - parent->args) };
    return r;
}

static pl_ref ref_node(stor_arena *a, pl_nodes *m, pl_expr *x)
{
    pl_ref r = { x ? nodes_ord(a, m, x) : -1, -1 };
    return r;
}

/* ---------------------------------------------------------------- what pins a key */

/* Can value v be looked up in column col of source lv (v reads only earlier sources,
 * and compares with the column as the index does)? */
static bool value_ok(pl_opt *o, int lv, const stor_column *col, pl_expr *v)
{
    uint64_t vm = SRCMASK(o, v);
    if (vm & OUTSIDE) return false;
    if (vm >> lv) return false;   /* only earlier sources (or none) */
    if (o->const_only && vm) return false;
    /* a kept plan holds this answer for other values of the literals: only a literal's,
       a parameter's (its type is in psig) or a base table column's type is known without them */
    if (v->kind != E_INT && v->kind != E_DECIMAL && v->kind != E_FLOAT && v->kind != E_STRING && v->kind != E_PARAM &&
        !(v->kind == E_COLUMN && vm && o->src[top_bit(vm)].t))
        mark_nocache(o);
    pdb_vt vt;
    uint16_t coll;
    o->env->value_type(o->arg, v, o->const_only, &vt, &coll);
    /* a string literal or parameter is coercible: it takes the column's collation */
    bool lit = v->kind == E_STRING || v->kind == E_PARAM;
    if (col->kind == CK_STR) {
        /* a string column compared with a number compares as numbers: not index-safe */
        if (vt != VT_STRING) return false;
        if (!lit && coll != col->coll) return false;
        return true;
    }
    if (vt == VT_DOUBLE) return false;
    if (col->kind == CK_F64) return vt != VT_STRING;
    if (vt == VT_STRING && !lit) return false;
    if ((col->type == CT_DATE || col->type == CT_DATETIME || col->type == CT_TIMESTAMP || col->type == CT_TIME) &&
        vt != VT_STRING && vt != VT_DATE && vt != VT_DATETIME) return false;
    return true;
}

/* The term of conjunction e (walked in order, PL_OR_PINS levels deep at most: a chain of
 * thousands of ANDs is not walked on the stack) that pins column col, or NULL. */
static pl_expr *and_pin(pl_expr *e, const char *col, int depth)
{
    if (e->kind == E_BINARY && e->op == BO_AND) {
        if (depth >= PL_OR_PINS) return NULL;
        pl_expr *t = and_pin(e->args[0], col, depth + 1);
        return t ? t : and_pin(e->args[1], col, depth + 1);
    }
    if (e->kind == E_BINARY && e->op == BO_EQ)
        for (int side = 0; side < 2; side++)
            if (e->args[side]->kind == E_COLUMN && !strcasecmp(e->args[side]->s, col)) return e;
    if (e->kind == E_IN && !e->negated && e->args[0]->kind == E_COLUMN && !strcasecmp(e->args[0]->s, col)) return e;
    return NULL;
}

/* The column side of a pinning term t of col (and_pin's): IN's first argument, or the
 * side of an equality that is the column (the left one first). */
static pl_expr *pin_column(const pl_expr *t, const char *col)
{
    if (t->kind == E_IN) return t->args[0];
    return t->args[0]->kind == E_COLUMN && !strcasecmp(t->args[0]->s, col) ? t->args[0] : t->args[1];
}

/* (an OR nested d deep has more than d disjuncts: past cap, the walk stops) */
static int or_pins_at(pl_expr *e, const char *col, pl_expr **out, pl_expr **terms, int cap, int depth)
{
    if (e->kind == E_BINARY && e->op == BO_OR) {
        if (depth >= cap) return -1;
        int a = or_pins_at(e->args[0], col, out, terms, cap, depth + 1);
        if (a < 0) return -1;
        int b = or_pins_at(e->args[1], col, out + a, terms ? terms + a : NULL, cap - a, depth + 1);
        return b < 0 ? -1 : a + b;
    }
    pl_expr *t = and_pin(e, col, 0);
    if (!t) return -1;
    /* (IN's values, or the side of an equality that is not the column) */
    int from = t->kind == E_IN ? 1 : 0, to = t->kind == E_IN ? t->nargs : 1;
    if (to - from > cap) return -1;
    pl_expr *c = pin_column(t, col);
    for (int k = from; k < to; k++) {
        out[k - from] = t->kind == E_IN ? t->args[k] : t->args[0] == c ? t->args[1] : t->args[0];
        if (terms) terms[k - from] = t;
    }
    return to - from;
}

int pl_or_pins(pl_expr *e, const char *col, pl_expr **out, pl_expr **terms, int cap)
{
    return or_pins_at(e, col, out, terms, cap, 0);
}

pl_expr **pl_ref_list(stor_arena *a, const pl_nodes *m, pl_ref r, const char *col, int nv, int *n)
{
    if (r.arg != PL_REF_OR) { *n = nv; return pl_ref_vals(m, r); }
    pl_expr *buf[PL_OR_PINS];
    int k = pl_or_pins(m->v[r.node], col, buf, NULL, PL_OR_PINS);
    assert(k >= 2);   /* the shape the plan was made for */
    pl_expr **out = stor_arena_alloc(a, (size_t)k * sizeof *out);
    memcpy(out, buf, (size_t)k * sizeof *out);
    *n = k;
    return out;
}

/* An OR conjunct as an IN list over column col of source lv: every disjunct pins the
 * column of this source to constants. A superset of the OR's rows: it stays a filter. */
static int or_pinning(pl_opt *o, int lv, const stor_column *col, pl_expr *e, pl_expr ***out)
{
    pl_expr *vals[PL_OR_PINS], *terms[PL_OR_PINS];
    int n = pl_or_pins(e, col->name, vals, terms, PL_OR_PINS);
    if (n < 2) return 0;
    for (int k = 0; k < n; k++) {
        pl_expr *c = pin_column(terms[k], col->name);
        if (SRCMASK(o, c) != (1ull << lv) || SRCMASK(o, vals[k]) != 0 || !value_ok(o, lv, col, vals[k])) return 0;
    }
    *out = stor_arena_alloc(o->a, (size_t)n * sizeof **out);
    memcpy(*out, vals, (size_t)n * sizeof **out);
    return n;
}

/* A ref to the values pinning_values found for conjunct by (at *vals). */
static pl_ref ref_pin(pl_opt *o, pl_expr *by, pl_expr **vals)
{
    if (by->kind == E_BINARY && by->op == BO_OR) {
        pl_ref r = { nodes_ord(o->a, &o->nm, by), PL_REF_OR };
        return r;
    }
    return ref_slot(o->a, &o->nm, by, vals);
}

/* The value expressions that pin column col of source lv: `col = e` gives one, a
 * constant `col IN (a, b)` several; by: the conjunct that pins. Returns how many (0 = none). */
static int pinning_values(pl_opt *o, int lv, const stor_column *col, pl_expr **cj, int ncj, pl_expr ***out,
                          pl_expr **by)
{
    for (int i = 0; i < ncj; i++) {
        pl_expr *e = cj[i];
        if (e->kind == E_BINARY && e->op == BO_EQ) {
            for (int side = 0; side < 2; side++) {
                pl_expr *c = e->args[side], *v = e->args[1 - side];
                if (c->kind != E_COLUMN || strcasecmp(c->s, col->name)) continue;
                if (SRCMASK(o, c) != (1ull << lv)) continue;
                if (!value_ok(o, lv, col, v)) continue;
                *out = &e->args[1 - side];
                if (by) *by = e;
                return 1;
            }
        } else if (e->kind == E_IN && !e->negated && e->args[0]->kind == E_COLUMN &&
                   !strcasecmp(e->args[0]->s, col->name) && SRCMASK(o, e->args[0]) == (1ull << lv)) {
            bool ok = e->nargs - 1 <= 64;
            for (int k = 1; k < e->nargs && ok; k++)
                if (SRCMASK(o, e->args[k]) != 0 || !value_ok(o, lv, col, e->args[k])) ok = false;
            if (!ok) continue;
            *out = &e->args[1];
            if (by) *by = e;
            return e->nargs - 1;
        } else if (e->kind == E_BINARY && e->op == BO_OR) {
            int n = or_pinning(o, lv, col, e, out);
            if (!n) continue;
            if (by) *by = e;
            return n;
        }
    }
    return 0;
}

/* Bounds on column col of source lv from constant comparisons (col < c, col >= c,
 * col BETWEEN a AND b, col LIKE 'abc%'). Any bounds found will do: every conjunct is
 * checked again. */
static void range_bounds(pl_opt *o, int lv, const stor_column *col, pl_expr **cj, int ncj, pl_expr **lo, pl_expr **hi,
                         pl_expr **like, uint8_t *strict)
{
    *lo = *hi = *like = NULL;
    *strict = 0;
    for (int i = 0; i < ncj; i++) {
        pl_expr *e = cj[i];
        if (e->kind == E_BINARY && e->op >= BO_LT && e->op <= BO_GE) {
            for (int side = 0; side < 2; side++) {
                pl_expr *c = e->args[side], *v = e->args[1 - side];
                if (c->kind != E_COLUMN || strcasecmp(c->s, col->name)) continue;
                if (SRCMASK(o, c) != (1ull << lv) || SRCMASK(o, v) != 0) continue;
                if (!value_ok(o, lv, col, v)) continue;
                /* col < v, col <= v: an upper bound; mirrored when the column is on the right */
                bool upper = (e->op == BO_LT || e->op == BO_LE) == (side == 0);
                bool open = e->op == BO_LT || e->op == BO_GT;
                if (upper && !*hi) { *hi = v; if (open) *strict |= PL_HI_STRICT; }
                if (!upper && !*lo) { *lo = v; if (open) *strict |= PL_LO_STRICT; }
            }
        } else if (e->kind == E_BETWEEN && !e->negated && e->args[0]->kind == E_COLUMN &&
                   !strcasecmp(e->args[0]->s, col->name) && SRCMASK(o, e->args[0]) == (1ull << lv) &&
                   SRCMASK(o, e->args[1]) == 0 && SRCMASK(o, e->args[2]) == 0 &&
                   value_ok(o, lv, col, e->args[1]) && value_ok(o, lv, col, e->args[2])) {
            if (!*lo) *lo = e->args[1];
            if (!*hi) *hi = e->args[2];
        } else if (e->kind == E_LIKE && !e->negated && e->nargs == 2 && e->args[0]->kind == E_COLUMN &&
                   e->args[1]->kind == E_STRING && !e->args[1]->coll && col->kind == CK_STR && !*like &&
                   !strcasecmp(e->args[0]->s, col->name) && SRCMASK(o, e->args[0]) == (1ull << lv) &&
                   o->env->like_bound(col->coll, NULL, 0)) {
            /* col LIKE 'abc%': the literal takes the column's collation, the index's. Only a
               pattern with a usable prefix is a bound: a kept plan cannot hold that */
            mark_nocache(o);
            if (o->env->like_bound(col->coll, e->args[1]->s, e->args[1]->slen)) *like = e->args[1];
        }
    }
}

/* Does conjunct e turn every row with source i NULL-extended into not-true? */
static bool null_rejecting(pl_opt *o, pl_expr *e, int i)
{
    pl_expr *col = NULL;
    if (e->kind == E_BINARY && e->op >= BO_EQ && e->op <= BO_GE && e->op != BO_NSEQ)
        col = e->args[0]->kind == E_COLUMN ? e->args[0] : e->args[1]->kind == E_COLUMN ? e->args[1] : NULL;
    else if ((e->kind == E_IN || e->kind == E_LIKE || e->kind == E_BETWEEN) && e->args[0]->kind == E_COLUMN)
        col = e->args[0];
    return col && SRCMASK(o, col) == (1ull << i);
}

/* How constants and earlier sources pin index ix of source lv: per key column the values
 * (vals, nv; by the conjunct) up to the first unpinned one; returns the key columns a
 * lookup can use (the whole key, or 1 for the first column of a composite key, or 0) and
 * the number of value combinations (*combos). */
static uint32_t index_pinning(pl_opt *o, int lv, const stor_table *t, const stor_index *ix, pl_expr **cj, int ncj,
                              pl_expr ***vals, pl_expr **by, int *nv, long *combos)
{
    uint32_t k;
    *combos = 1;
    for (k = 0; k < ix->ncols; k++) {
        nv[k] = pinning_values(o, lv, &t->cols[ix->cols[k]], cj, ncj, &vals[k], &by[k]);
        if (!nv[k]) break;
        *combos *= nv[k];
    }
    return k == ix->ncols ? ix->ncols : (k >= 1 && ix->ncols > 1 ? 1 : 0);
}

/* ---------------------------------------------------------------- estimates */

static void count_row(void *c, uint32_t row) { (void)row; (*(uint32_t *)c)++; }

/* The indexes whose leading columns constants pin (for source i): each is probed with the
 * first value of each key column to estimate the source's rows. */
/* Do source s's index hints keep it from reading through key x? */
static bool denied(const pl_osrc *s, uint32_t x) { return x < 64 && (s->deny >> x & 1); }

static void candidates(pl_opt *o, int i, int slot, pl_expr **cj, int ncj, pl_plan *p)
{
    pl_osrc *s = &o->src[i];
    p->s[slot].cand0 = p->ncands;
    p->s[slot].ncand = 0;
    if (!s->t) return;
    bool was = o->const_only;
    o->const_only = true;
    for (uint32_t x = 0; x < s->t->nidx; x++) {
        stor_index *ix = &s->t->idx[x];
        if (ix->kind == IK_FULLTEXT || ix->kind == IK_SPATIAL || ix->ncols > 16 || denied(s, x)) continue;
        pl_expr **vals[16], *by[16];
        int nv[16];
        long combos;
        uint32_t nk = index_pinning(o, i, s->t, ix, cj, ncj, vals, by, nv, &combos);
        if (!nk) continue;
        if (p->ncands == p->ccands) {
            int nc = p->ccands ? p->ccands * 2 : 8;
            pl_probe *c = stor_arena_alloc(o->a, (size_t)nc * sizeof *c);
            if (p->ncands) memcpy(c, p->cands, (size_t)p->ncands * sizeof *c);
            p->cands = c; p->ccands = nc;
        }
        pl_probe *c = &p->cands[p->ncands++];
        memset(c, 0, sizeof *c);
        c->ix = (uint8_t)x;
        c->nk = (uint8_t)nk;
        for (uint32_t j = 0; j < nk; j++) {
            c->nv[j] = (uint8_t)nv[j];
            c->v[j] = ref_pin(o, by[j], vals[j]);
        }
        p->s[slot].ncand++;
    }
    if (s->t->nidx > 255) p->nocache = true;
    o->const_only = was;
}

/* A probe whose first key column an OR pins (the only one it pins: index_pinning takes
 * the first column of a composite key alone, and a whole key is rarely an OR's): the rows
 * of each distinct value summed; UINT32_MAX for any other probe. */
static uint32_t or_estimate(pl_opt *o, const stor_table *t, const stor_index *ix, const pl_probe *cd)
{
    if (cd->nk != 1 || cd->v[0].arg != PL_REF_OR) return UINT32_MAX;
    const stor_column *col = &t->cols[ix->cols[0]];
    int nv;
    pl_expr **v = pl_ref_list(o->a, &o->nm, cd->v[0], col->name, cd->nv[0], &nv);
    uint64_t n = 0;
    for (int k = 0; k < nv; k++) {
        bool dup = false;   /* the same literal again ('publish' in every disjunct) */
        for (int j = 0; j < k && !dup; j++)
            dup = v[j]->kind == v[k]->kind && v[j]->s && v[k]->s && v[j]->slen == v[k]->slen &&
                  !memcmp(v[j]->s, v[k]->s, v[k]->slen);
        pdb_value key;
        uint32_t c = 0;
        if (!dup && o->env->key_value(o->arg, v[k], col, &key)) stor_index_lookup(t, ix, 1, &key, count_row, &c);
        n += c;
    }
    return n > t->nlive ? t->nlive : (uint32_t)n;
}

/* Rows source i would yield from its best index lookup on constants, or all its rows. */
static uint32_t estimate(pl_opt *o, int i, int slot, const pl_plan *p)
{
    pl_osrc *s = &o->src[i];
    if (!s->t) return s->rows;
    uint32_t best = s->t->nlive;
    for (int c = 0; c < p->s[slot].ncand; c++) {
        const pl_probe *cd = &p->cands[p->s[slot].cand0 + c];
        stor_index *ix = &s->t->idx[cd->ix];
        /* probe with the first value of each key column, times the IN-list sizes; an OR's
           values (post_type = 'post' AND ... OR post_type = 'page' AND ...) each */
        uint32_t n = or_estimate(o, s->t, ix, cd);
        if (n == UINT32_MAX) {
            pdb_value key[16];
            bool ok = true;
            uint32_t mult = 1;
            n = 0;
            for (uint32_t j = 0; j < cd->nk && ok; j++) {
                pl_expr *v = pl_ref_vals(&o->nm, cd->v[j])[0];
                ok = o->env->key_value(o->arg, v, &s->t->cols[ix->cols[j]], &key[j]);
                mult *= cd->nv[j];
            }
            if (ok) stor_index_lookup(s->t, ix, cd->nk, key, count_row, &n);
            n *= mult;
        }
        if (n < best) best = n;
    }
    return best;
}

uint32_t pl_plan_estimate(pl_opt *o, int i, pl_expr **cj, int ncj)
{
    pl_plan *p = stor_arena_alloc(o->a, pl_plan_head(o->nsrc));
    memset(p, 0, pl_plan_head(o->nsrc));
    /* (probes named in a walk of their own: the block's plan is not concerned) */
    pl_plan *was = o->rec;
    pl_nodes nm = o->nm;
    memset(&o->nm, 0, sizeof o->nm);
    o->rec = NULL;
    candidates(o, i, 0, cj, ncj, p);
    uint32_t n = estimate(o, i, 0, p);
    o->rec = was;
    o->nm = nm;
    return n;
}

/* The sets of other sources from which source i is reached by an index lookup: an
 * equality of an index's first column with a value over those sources. */
static void reach(pl_opt *o, int i, pl_expr **cj, int ncj, pl_plan *p)
{
    p->s[i].jm0 = p->njms;
    p->s[i].njm = 0;
    pl_osrc *s = &o->src[i];
    if (!s->t) return;
    for (uint32_t x = 0; x < s->t->nidx; x++) {
        stor_index *ix = &s->t->idx[x];
        if (ix->kind == IK_FULLTEXT || ix->kind == IK_SPATIAL || denied(s, x)) continue;
        const stor_column *c0 = &s->t->cols[ix->cols[0]];
        for (int e = 0; e < ncj; e++) {
            pl_expr *x2 = cj[e];
            if (x2->kind != E_BINARY || x2->op != BO_EQ) continue;
            for (int side = 0; side < 2; side++) {
                pl_expr *c = x2->args[side], *v = x2->args[1 - side];
                if (c->kind != E_COLUMN || strcasecmp(c->s, c0->name) || SRCMASK(o, c) != (1ull << i)) continue;
                uint64_t vm = SRCMASK(o, v);
                if (!vm || (vm & OUTSIDE)) continue;
                bool dup = false;
                for (int k = 0; k < p->s[i].njm; k++) if (p->jms[p->s[i].jm0 + k] == vm) dup = true;
                if (dup) continue;
                if (p->njms == p->cjms) {
                    int nc = p->cjms ? p->cjms * 2 : 8;
                    uint64_t *m = stor_arena_alloc(o->a, (size_t)nc * sizeof *m);
                    if (p->njms) memcpy(m, p->jms, (size_t)p->njms * sizeof *m);
                    p->jms = m; p->cjms = nc;
                }
                p->jms[p->njms++] = vm;
                p->s[i].njm++;
            }
        }
    }
}

/* ---------------------------------------------------------------- join order */

/* The equalities between sources of a block's conjuncts (`x = y` reading two or more
 * sources), worked out when the join order first needs them. */
typedef struct eqlinks {
    uint64_t *m;        /* per equality: the sources it reads */
    int n;              /* -1: not worked out yet */
} eqlinks;

static void eq_links(pl_opt *o, pl_expr **cj, int ncj, eqlinks *el)
{
    el->m = stor_arena_alloc(o->a, (size_t)(ncj ? ncj : 1) * sizeof *el->m);
    el->n = 0;
    for (int e = 0; e < ncj; e++) {
        if (cj[e]->kind != E_BINARY || (cj[e]->op != BO_EQ && cj[e]->op != BO_NSEQ)) continue;
        uint64_t m = SRCMASK(o, cj[e]);
        if (!(m & OUTSIDE) && (m & (m - 1))) el->m[el->n++] = m;
    }
}

/* The unplaced source with the fewest estimated rows that an equality joins to the
 * placed sources alone (a hash join or a filter on the way, never a cross product), or
 * -1. MariaDB's greedy search likewise extends a plan by a table its equalities reach
 * before one they do not: a chain of 22 tables joined by equalities is 22 small steps,
 * not a product of 10-row tables. */
static int eq_joined_pick(pl_opt *o, pl_expr **cj, int ncj, eqlinks *el, int n, uint64_t placed, const uint32_t *est)
{
    if (el->n < 0) eq_links(o, cj, ncj, el);
    int pick = -1;
    for (int i = 0; i < n; i++) {
        uint64_t b = 1ull << i;
        if (placed & b) continue;
        bool joined = false;
        for (int e = 0; e < el->n && !joined; e++)
            joined = (el->m[e] & b) && ((el->m[e] & ~b) & ~placed) == 0;
        if (joined && (pick < 0 || est[i] < est[pick])) pick = i;
    }
    return pick;
}

/* The unplaced source with the fewest estimated rows that an index lookup reaches from
 * the placed ones, or -1. */
static int reached_pick(const pl_plan *p, int n, uint64_t placed, const uint32_t *est)
{
    int pick = -1;
    for (int i = 0; i < n; i++) {
        if (placed & (1ull << i)) continue;
        bool joinable = false;
        for (int j = 0; j < p->s[i].njm && !joinable; j++) {
            uint64_t om = p->jms[p->s[i].jm0 + j];
            if ((om & placed) == om) joinable = true;
        }
        if (joinable && (pick < 0 || est[i] < est[pick])) pick = i;
    }
    return pick;
}

/* Orders n inner-joined sources: the fewest rows first, then (reached: with a plan's
 * reaching sets) a source an index lookup reaches, then one an equality joins to the
 * placed ones, then the fewest rows. */
static void greedy_order(pl_opt *o, const pl_plan *p, bool reached, pl_expr **cj, int ncj, const uint32_t *est,
                         uint8_t *order)
{
    int n = o->nsrc;
    uint64_t placed = 0;
    eqlinks el = { NULL, -1 };
    for (int k = 0; k < n; k++) {
        int pick = reached && k > 0 ? reached_pick(p, n, placed, est) : -1;
        if (pick < 0 && k > 0) pick = eq_joined_pick(o, cj, ncj, &el, n, placed, est);
        if (pick < 0)
            for (int i = 0; i < n; i++) if (!(placed & (1ull << i)) && (pick < 0 || est[i] < est[pick])) pick = i;
        order[k] = (uint8_t)pick;
        placed |= 1ull << pick;
    }
}

/* Applies order to o->src: all inner joins now, no groups. */
static void permute(pl_opt *o, const uint8_t *order)
{
    int n = o->nsrc;
    pl_osrc *tmp = stor_arena_alloc(o->a, (size_t)(n ? n : 1) * sizeof *tmp);
    for (int k = 0; k < n; k++) { tmp[k] = o->src[order[k]]; tmp[k].join = JT_INNER; tmp[k].gsize = 0; }
    memcpy(o->src, tmp, (size_t)n * sizeof *tmp);
}

/* Are all joins inner (after the LEFT JOINs made inner)? Then their ON conditions join
 * the conjuncts. */
static bool all_inner(pl_opt *o, pl_expr ***cj, int *ncj, int *ccj)
{
    for (int i = 1; i < o->nsrc; i++)
        if (o->src[i].join != JT_INNER && o->src[i].join != JT_CROSS) return false;
    for (int i = 0; i < o->nsrc; i++) {
        pl_split_and(o->a, o->src[i].on, cj, ncj, ccj);
        o->src[i].on = NULL;
    }
    return true;
}

/* A block of more than PL_KEEP_SRC sources is ordered by the same rules but for index
 * reachability (the index lookups among the equalities are not told apart), and its
 * LEFT JOINs stay as written. */
static void order_big(pl_opt *o, pl_plan *p, pl_expr ***cj, int *ncj, int *ccj)
{
    int n = o->nsrc;
    if (n > 62 || o->sel->straight || !all_inner(o, cj, ncj, ccj)) return;
    uint32_t *est = stor_arena_alloc(o->a, (size_t)n * sizeof *est);
    uint8_t order[PL_PLAN_SRC];
    for (int i = 0; i < n; i++) est[i] = pl_plan_estimate(o, i, *cj, *ncj);
    greedy_order(o, p, false, *cj, *ncj, est, order);
    for (int i = 0; i < n; i++) p->s[i].order = order[i];
    permute(o, order);
}

void pl_plan_order(pl_opt *o, pl_plan *p, bool fresh, pl_expr ***cj, int *ncj, int *ccj)
{
    int n = o->nsrc;
    uint8_t order[PL_PLAN_SRC];
    for (int i = 0; i < n; i++) order[i] = (uint8_t)i;
    if (n > PL_KEEP_SRC) {
        for (int i = 0; i < n; i++) p->s[i].order = order[i];
        order_big(o, p, cj, ncj, ccj);
        return;
    }
    if (n >= 2 && !o->sel->straight) {
        if (fresh) {
            p->to_inner = 0;
            for (int i = 1; i < n; i++) {
                if (o->src[i].join != JT_LEFT) continue;
                for (int k = 0; k < *ncj; k++) if (null_rejecting(o, (*cj)[k], i)) { p->to_inner |= 1ull << i; break; }
            }
        }
        for (int i = 1; i < n; i++) if (p->to_inner & (1ull << i)) o->src[i].join = JT_INNER;
        if (all_inner(o, cj, ncj, ccj)) {
            if (fresh) {
                pl_plan *was = o->rec;
                o->rec = p;
                for (int i = 0; i < n; i++) {
                    candidates(o, i, i, *cj, *ncj, p);
                    reach(o, i, *cj, *ncj, p);
                }
                o->rec = was;
            }
            uint32_t est[PL_PLAN_SRC];
            for (int i = 0; i < n; i++) est[i] = estimate(o, i, i, p);
            greedy_order(o, p, true, *cj, *ncj, est, order);
            permute(o, order);
        }
    }
    if (!fresh)
        for (int i = 0; i < n; i++)
            if (p->s[i].order != order[i]) {
                /* these values give another join order than the kept plan's */
                p->post = false;
                plan_replanned++;
                break;
            }
    for (int i = 0; i < n; i++) p->s[i].order = order[i];
}

void pl_plan_verify_order(pl_opt *o, const pl_osrc *src0, pl_expr **cj, int ncj, const pl_plan *kept)
{
    pl_opt f = *o;
    f.src = stor_arena_alloc(o->a, (size_t)(o->nsrc ? o->nsrc : 1) * sizeof *f.src);
    memcpy(f.src, src0, (size_t)o->nsrc * sizeof *f.src);
    f.rec = NULL;
    int n = ncj, c = ncj;
    pl_expr **cj2 = stor_arena_alloc(o->a, (size_t)(ncj ? ncj : 1) * sizeof *cj2);
    if (ncj) memcpy(cj2, cj, (size_t)ncj * sizeof *cj2);
    pl_plan *fp = stor_arena_alloc(o->a, pl_plan_head(o->nsrc));
    memset(fp, 0, pl_plan_head(o->nsrc));
    pl_plan_order(&f, fp, true, &cj2, &n, &c);
    o->nm = f.nm;   /* (the walk may have grown) */
    const pl_select *sel = o->sel;
    if (fp->to_inner != kept->to_inner) pl_plan_mismatch(sel, "LEFT JOINs made inner");
    for (int i = 0; i < o->nsrc; i++) {
        if (fp->s[i].ncand != kept->s[i].ncand || fp->s[i].njm != kept->s[i].njm) pl_plan_mismatch(sel, "estimate probes");
        if (fp->s[i].ncand && memcmp(&fp->cands[fp->s[i].cand0], &kept->cands[kept->s[i].cand0], (size_t)fp->s[i].ncand * sizeof(pl_probe)))
            pl_plan_mismatch(sel, "estimate probe values");
        if (fp->s[i].njm && memcmp(&fp->jms[fp->s[i].jm0], &kept->jms[kept->s[i].jm0], (size_t)fp->s[i].njm * sizeof(uint64_t)))
            pl_plan_mismatch(sel, "reaching sources");
        if (fp->s[i].order != kept->s[i].order) pl_plan_mismatch(sel, "join order");
    }
}

/* ---------------------------------------------------------------- the plan */

size_t pl_plan_head(int nsrc)
{
    return (offsetof(pl_plan, s) + (size_t)nsrc * sizeof(struct pl_psrc) + 7) & ~(size_t)7;
}

pl_plan *pl_plan_begin(pl_opt *o, pl_shape *shape, bool keepable, uint32_t mode, uint16_t coll, bool *fresh)
{
    memset(&o->nm, 0, sizeof o->nm);
    nodes_walk(o->a, &o->nm, o->sel->where);
    for (int i = 0; i < o->nsrc; i++) nodes_walk(o->a, &o->nm, o->src[i].on);
    if (o->nsrc > PL_PLAN_SRC) return NULL;
    pl_plan *p = stor_arena_alloc(o->a, pl_plan_head(o->nsrc));
    keepable = keepable && shape && o->sel->bid && !o->const_only && o->nsrc <= PL_KEEP_SRC;
    const pl_plan *c = keepable ? pl_shape_plan(shape, o->sel->bid) : NULL;
    uint64_t gen = catalog_gen;
    if (c) {
        bool ok = c->gen == gen && c->mode == mode && c->coll == coll && c->psig == o->psig &&
                  c->nsrc == o->nsrc && c->nnodes == o->nm.n;
        for (int i = 0; ok && i < o->nsrc; i++) ok = c->s[i].t == o->src[i].t;
        if (ok) {
            memcpy(p, c, pl_plan_head(c->nsrc));   /* the arrays stay the kept plan's: read only */
            p->conj = NULL;
            p->nconj = 0;
            *fresh = false;
            plan_hits++;
            return p;
        }
        plan_stale++;
    }
    memset(p, 0, pl_plan_head(o->nsrc));
    p->gen = gen;
    p->mode = mode;
    p->coll = coll;
    p->psig = o->psig;
    p->nsrc = o->nsrc;
    p->nnodes = o->nm.n;
    for (int i = 0; i < o->nsrc; i++) p->s[i].t = o->src[i].t;
    for (int i = 0; i < o->nsrc; i++) p->s[i].order = (uint8_t)i;
    p->nocache = !keepable;
    *fresh = true;
    return p;
}

/* ---------------------------------------------------------------- access paths */

/* A range over an ordered index for source lv when one beats eq_score (the equality
 * lookup's: 1 = first column of a composite key, -1 = none): constants pin its first
 * columns, the next one has bounds. */
static bool decide_range(pl_opt *o, int lv, pl_expr **cj, int ncj, int eq_score, pl_access *l)
{
    pl_osrc *s = &o->src[lv];
    stor_index *best = NULL;
    uint32_t bestx = 0;
    int best2 = eq_score * 2;                  /* scores doubled: a range adds 1 */
    uint32_t best_req = 0;
    pl_expr *eqv[16], *best_eq[16], *best_lo = NULL, *best_hi = NULL, *best_like = NULL;
    uint8_t strict = 0, best_strict = 0;
    bool was = o->const_only;
    o->const_only = true;
    for (uint32_t x = 0; x < s->t->nidx; x++) {
        stor_index *ix = &s->t->idx[x];
        if (!stor_index_rangeable(s->t, ix) || denied(s, x)) continue;
        uint32_t req = 0;
        for (; req < ix->ncols && req < 16; req++) {
            pl_expr **v;
            if (pinning_values(o, lv, &s->t->cols[ix->cols[req]], cj, ncj, &v, NULL) != 1) break;
            eqv[req] = v[0];
        }
        pl_expr *lo = NULL, *hi = NULL, *like = NULL;
        if (req < ix->ncols) range_bounds(o, lv, &s->t->cols[ix->cols[req]], cj, ncj, &lo, &hi, &like, &strict);
        if (req == ix->ncols) continue;        /* the whole key pinned: the hash lookup */
        int score2 = (int)req * 2 + (lo || hi || like ? 1 : 0);
        if (req < 2 && !lo && !hi && !like) continue;   /* nothing the hash cannot do */
        if (score2 > best2) {
            best = ix; bestx = x; best2 = score2; best_req = req; best_lo = lo; best_hi = hi; best_like = like;
            best_strict = strict;
            memcpy(best_eq, eqv, req * sizeof *eqv);
        }
    }
    o->const_only = was;
    if (!best) return false;
    l->kind = PA_RANGE;
    l->ix = (uint8_t)bestx;
    l->nk = (uint8_t)best_req;
    for (uint32_t k = 0; k < best_req; k++) l->v[k] = ref_node(o->a, &o->nm, best_eq[k]);
    l->lo = ref_node(o->a, &o->nm, best_lo);
    l->hi = ref_node(o->a, &o->nm, best_hi);
    l->like = ref_node(o->a, &o->nm, best_like);
    l->strict = best_strict;
    return true;
}

/* The best index whose key (or whose first column) is pinned by equalities/IN lists over
 * earlier sources or constants; failing that a range, failing that a hash join on an
 * equality with an earlier source. */
void pl_plan_access(pl_opt *o, int lv, pl_expr **cj, int ncj, pl_access *l)
{
    pl_osrc *s = &o->src[lv];
    memset(l, 0, sizeof *l);
    l->kind = PA_SCAN;
    l->hcol = -1;
    if (!s->t || !ncj) return;
    stor_index *best = NULL;
    uint32_t bestx = 0, best_nk = 0;
    int best_score = -1;
    pl_expr **bestv[16], *bestby[16];
    int bestn[16];
    for (uint32_t x = 0; x < s->t->nidx; x++) {
        stor_index *ix = &s->t->idx[x];
        if (ix->kind == IK_FULLTEXT || ix->kind == IK_SPATIAL || ix->ncols > 16 || denied(s, x)) continue;
        pl_expr **vals[16], *by[16];
        int nv[16];
        long combos;
        uint32_t nk = index_pinning(o, lv, s->t, ix, cj, ncj, vals, by, nv, &combos);
        if (!nk || combos > 256) continue;
        /* whole unique key > whole key > first column of a composite key */
        int score = nk == ix->ncols ? ((ix->kind == IK_PRIMARY || ix->kind == IK_UNIQUE) ? 3 : 2) : 1;
        if (score > best_score) {
            best = ix; bestx = x; best_nk = nk; best_score = score;
            for (uint32_t j = 0; j < nk; j++) { bestv[j] = vals[j]; bestn[j] = nv[j]; bestby[j] = by[j]; }
        }
    }
    if (s->t->nidx > 255) mark_nocache(o);
    /* a range over an ordered index: better than a lookup on the first column of a
       composite key alone */
    if (best_score < 2 && decide_range(o, lv, cj, ncj, best_score, l)) return;
    if (best) {
        l->kind = PA_INDEX;
        l->ix = (uint8_t)bestx;
        l->nk = (uint8_t)best_nk;
        for (uint32_t k = 0; k < best_nk; k++) {
            l->nv[k] = (uint8_t)bestn[k];
            l->v[k] = ref_pin(o, bestby[k], bestv[k]);
            l->by[k] = nodes_ord(o->a, &o->nm, bestby[k]);
        }
        return;
    }
    /* hash join: an equality with a column of an earlier source */
    if (lv == 0) return;
    for (uint32_t c = 0; c < s->t->ncols; c++) {
        pl_expr **v, *by;
        const stor_column *col = &s->t->cols[c];
        if (pinning_values(o, lv, col, cj, ncj, &v, &by) != 1) continue;
        if (SRCMASK(o, v[0]) == 0) continue;   /* a constant: a scan is as good */
        l->kind = PA_HASH;
        l->hcol = (int32_t)c;
        l->v[0] = ref_slot(o->a, &o->nm, by, v);
        return;
    }
}
