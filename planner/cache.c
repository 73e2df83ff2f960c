/* cache.c - the statement-shape cache: each SELECT/INSERT/REPLACE/UPDATE/DELETE shape
 * is parsed once, and later statements of the same shape get a copy of its syntax tree
 * with their own literals put in.
 *
 * The shape is the statement's token stream with every number and quoted string
 * replaced by its kind (the lexer does the tokenising, so comments, quoting and
 * executable comments are read exactly as the parser reads them), with the exact text
 * between the tokens (spaces, comments), plus the parse options that change how text
 * is read (sql_mode bits). Two statements of one shape differ only in those literals,
 * so the parser builds the same tree for both except at the literal nodes (E_INT,
 * E_DECIMAL, E_FLOAT, E_STRING) and in the source positions after them, which move by
 * the literals' change in length alone (column names come from the source text: a
 * shape blind to spacing would give spans running past a shorter statement's end).
 *
 * That is checked, not assumed: when a shape is first cached, its tree is copied once
 * with the statement's own literals put back in, and the shape is used only if every
 * literal token landed on exactly one literal node whose value and span equal the
 * token's. A literal the parser folded into something else (adjacent strings
 * concatenated, a CAST length, a window frame bound, a GROUP_CONCAT separator) fails
 * that check, and the shape is parsed every time.
 *
 * The tree does not depend on the catalog (names are resolved by the engine at each
 * execution), so DDL does not invalidate it.
 *
 * A shape is cached the second time it is seen (one-off statements cost one extra
 * lexing pass, not two parses). Entries are shared by all threads: a mutex guards the
 * table, a reference count keeps an entry alive while a statement's copy still points
 * into it (strings and identifiers are shared, not copied).
 */
#include "planner/planner.h"

#include <assert.h>
#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define PC_MAX_SQL   PL_SHAPE_MAX_SQL   /* longer statements are parsed each time */
#define PC_MAX_LITS  1024
#define PC_SLOTS     1024     /* two-way set associative, LRU within the pair */
#define PC_SEEN      4096

typedef struct pc_lit {
    uint32_t off, len;        /* the literal token in the statement text */
    uint8_t kind;             /* TK_* */
} pc_lit;

struct pl_shape {
    uint64_t hash;
    char *key;
    size_t keylen;
    bool ready;               /* false: seen once, not parsed yet */
    bool usable;              /* the copy check passed */
    int refs;                 /* 1 for the table + one per statement using the tree */
    uint64_t used;            /* LRU clock */
    stor_arena arena;         /* tree, text */
    char *sql;
    size_t len;
    pl_stmt st;
    pc_lit *lits;
    int nlits;
    size_t nnodes;            /* nodes the copy makes (sizes its pointer map) */
    bool shared;              /* some node is reached twice: copies keep it shared */
    /* the engine's plans per query block (pl_shape_plan), and the ones they replaced */
    _Atomic(void *) plans[PL_SHAPE_PLANS];
    void *retired[8];
    int nretired;
    _Atomic int memo;         /* pl_shape_memo: 0 not known yet, else the answer + 1 */
};

static pthread_mutex_t pc_mu = PTHREAD_MUTEX_INITIALIZER;
static pl_shape *pc_tab[PC_SLOTS];
static uint64_t pc_seen[PC_SEEN];   /* hashes of shapes seen once (direct-mapped) */
static uint64_t pc_clock;
static _Atomic uint64_t pc_hits, pc_misses;
static int pc_mode = 1;

void pl_shape_mode(int mode) { pc_mode = mode; }

void pl_shape_stats(uint64_t *hits, uint64_t *misses, uint64_t *entries)
{
    *hits = pc_hits;
    *misses = pc_misses;
    uint64_t n = 0;
    pthread_mutex_lock(&pc_mu);
    for (int i = 0; i < PC_SLOTS; i++) if (pc_tab[i] && pc_tab[i]->usable) n++;
    pthread_mutex_unlock(&pc_mu);
    *entries = n;
}

static void (*plan_free)(void *) = free;

void pl_shape_set_plan_free(void (*fn)(void *plan)) { plan_free = fn ? fn : free; }

static void shape_unref(pl_shape *e)
{
    if (--e->refs > 0) return;
    for (int i = 0; i < PL_SHAPE_PLANS; i++) {
        void *p = atomic_load(&e->plans[i]);
        if (p) plan_free(p);
    }
    for (int i = 0; i < e->nretired; i++) plan_free(e->retired[i]);
    stor_arena_free(&e->arena);
    free(e->key);
    free(e);
}

const void *pl_shape_plan(pl_shape *e, int bid)
{
    if (!e || bid < 1 || bid > PL_SHAPE_PLANS) return NULL;
    return atomic_load_explicit(&e->plans[bid - 1], memory_order_acquire);
}

bool pl_shape_set_plan(pl_shape *e, int bid, void *plan)
{
    if (!e || bid < 1 || bid > PL_SHAPE_PLANS) return false;
    bool ok = true;
    pthread_mutex_lock(&pc_mu);
    void *old = atomic_load_explicit(&e->plans[bid - 1], memory_order_relaxed);
    if (old && e->nretired == (int)(sizeof e->retired / sizeof e->retired[0])) ok = false;
    else {
        /* readers may still hold the old plan: it goes when the entry does */
        if (old) e->retired[e->nretired++] = old;
        atomic_store_explicit(&e->plans[bid - 1], plan, memory_order_release);
    }
    pthread_mutex_unlock(&pc_mu);
    return ok;
}

int pl_shape_memo(pl_shape *e, bool (*test)(const char *text, size_t len))
{
    if (!e || !e->usable || !e->sql) return -1;
    int v = atomic_load_explicit(&e->memo, memory_order_relaxed);
    if (v) return v - 1;
    char *t = malloc(e->len + 1);              /* the text with each literal as ? */
    if (!t) return -1;
    size_t n = 0, at = 0;
    for (int i = 0; i < e->nlits; i++) {
        memcpy(t + n, e->sql + at, e->lits[i].off - at);
        n += e->lits[i].off - at;
        t[n++] = '?';
        at = e->lits[i].off + e->lits[i].len;
    }
    memcpy(t + n, e->sql + at, e->len - at);
    n += e->len - at;
    t[n] = 0;
    v = test(t, n) ? 2 : 1;
    free(t);
    atomic_store_explicit(&e->memo, v, memory_order_relaxed);   /* a race computes it twice */
    return v - 1;
}

void pl_shape_release(pl_shape *e)
{
    if (!e) return;
    pthread_mutex_lock(&pc_mu);
    shape_unref(e);
    pthread_mutex_unlock(&pc_mu);
}

/* ---------------------------------------------------------------- the shape key */

typedef struct keybuf {
    char *b;
    size_t n, cap;
} keybuf;

static inline void key_put(keybuf *k, const void *p, size_t n)
{
    if (k->n + n > k->cap) abort();   /* cannot happen: see shape_of's bound */
    if (n == 1) k->b[k->n] = *(const char *)p;   /* the usual gap: one space, no call */
    else if (n) memcpy(k->b + k->n, p, n);
    k->n += n;
}

static bool is_lit(int kind)
{
    return kind == TK_INT || kind == TK_DECIMAL || kind == TK_FLOAT || kind == TK_STRING;
}

/* Lexes sql as one statement: the key into k and the literal tokens into *lits (both
 * allocated in a, where the literals' decoded values stay too). False when it is not
 * one statement whose shape can be cached (an error token, a second statement, too
 * many literals). */
static bool shape_of(stor_arena *a, const char *sql, size_t len, const pl_parse_opts *o,
                     keybuf *k, pl_token **lits, int *nlits)
{
    pl_lexer lx;
    pl_token t;
    pl_lex_init(&lx, a, sql, len, o);
    k->cap = len * 6 + 16;             /* a token of n bytes and the gap before it add at most 5 + n + gap */
    k->b = stor_arena_alloc(a, k->cap);
    k->n = 0;
    uint8_t opts = (uint8_t)(o->no_backslash_escapes | o->ansi_quotes << 1 | o->pipes_as_concat << 2 |
                             o->high_not_precedence << 3);
    key_put(k, &opts, 1);
    int n = 0, cap = 16, ntok = 0;
    pl_token *v = stor_arena_alloc(a, (size_t)cap * sizeof *v);
    bool after_semi = false;
    const char *prev_end = sql;
    for (;;) {
        if (pl_lex_next(&lx, &t) != 0 || t.kind == TK_ERROR) return false;
        if (t.kind == TK_EOF) {
            /* comments after the semicolon are an empty statement of their own (the
               engine answers it with an OK): not this shape */
            for (const char *c = prev_end; after_semi && c < sql + len; c++)
                if (!isspace((unsigned char)*c) && *c != ';') return false;
            break;
        }
        if (after_semi) return false;                 /* a second statement */
        if (t.kind == TK_OP && t.op == ';') after_semi = true;
        /* a token, preceded by the text (space, comments) between it and the last */
        if (t.start < prev_end || t.start + t.len > sql + len) return false;
        size_t gap = (size_t)(t.start - prev_end);
        uint8_t hdr[5] = { (uint8_t)(gap & 0xff), (uint8_t)(gap >> 8), (uint8_t)t.kind, 0, 0 };
        const char *gp = prev_end;
        prev_end = t.start + t.len;
        ntok++;
        if (is_lit(t.kind) && !t.hex) {
            if (n == PC_MAX_LITS) return false;
            if (n == cap) {
                pl_token *nv = stor_arena_alloc(a, (size_t)cap * 2 * sizeof *nv);
                memcpy(nv, v, (size_t)cap * sizeof *v);
                v = nv;
                cap *= 2;
            }
            v[n++] = t;
            hdr[3] = (uint8_t)(t.introducer & 0xff);
            hdr[4] = (uint8_t)(t.introducer >> 8);
            key_put(k, hdr, 5);
            key_put(k, gp, gap);
            continue;
        }
        hdr[3] = (uint8_t)(t.len & 0xff);
        hdr[4] = (uint8_t)((t.len >> 8) & 0xff);
        key_put(k, hdr, 5);
        key_put(k, gp, gap);
        key_put(k, t.start, t.len);
    }
    key_put(k, prev_end, (size_t)(sql + len - prev_end));   /* what follows the last token */
    *lits = v;
    *nlits = n;
    return ntok > 0;
}

/* Eight bytes at a time (a key is the whole statement: a byte-wise hash was a tenth of
 * a kept plan's cost); equal hashes are compared in full (slot_find). */
static uint64_t key_hash(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 31;
    }
    for (; i < n; i++) h = (h ^ (uint8_t)p[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

/* ---------------------------------------------------------------- copying a tree */

typedef struct pmap_ent { const void *from; void *to; } pmap_ent;

typedef struct cp {
    stor_arena *a;
    const char *osql;             /* the cached tree's text */
    size_t olen;
    const char *nsql;             /* the new statement's text */
    const pc_lit *olits;
    const pl_token *toks;         /* the new statement's literal tokens */
    int nlits;
    const int64_t *cum;           /* cum[i]: length change from the literals before the i-th */
    int *hits;                    /* verify: how often each literal was put in */
    bool verify, bad;
    bool usemap, shared;          /* shared: the tree reaches some node twice */
    pmap_ent *map;                /* shared nodes stay shared: old node -> its copy */
    size_t mapcap, mapn, nodes;
} cp;

static size_t ptr_slot(const void *p, size_t cap)
{
    uint64_t x = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
    return (size_t)(x >> 20) & (cap - 1);
}

static void *map_find(cp *c, const void *from)
{
    if (!c->usemap) return NULL;
    for (size_t i = ptr_slot(from, c->mapcap);; i = (i + 1) & (c->mapcap - 1)) {
        if (!c->map[i].from) return NULL;
        if (c->map[i].from == from) { c->shared = true; return c->map[i].to; }
    }
}

static void map_put(cp *c, const void *from, void *to)
{
    if (!c->usemap) return;
    if ((c->mapn + 1) * 2 > c->mapcap) {
        pmap_ent *old = c->map;
        size_t oc = c->mapcap;
        c->mapcap *= 2;
        c->map = stor_arena_alloc(c->a, c->mapcap * sizeof *c->map);
        memset(c->map, 0, c->mapcap * sizeof *c->map);
        c->mapn = 0;
        for (size_t i = 0; i < oc; i++) if (old[i].from) map_put(c, old[i].from, old[i].to);
    }
    size_t i = ptr_slot(from, c->mapcap);
    while (c->map[i].from) i = (i + 1) & (c->mapcap - 1);
    c->map[i].from = from;
    c->map[i].to = to;
    c->mapn++;
}

/* A position in the cached text, moved to the same place in the new text. */
static const char *remap(cp *c, const char *p)
{
    if (!p || p < c->osql || p > c->osql + c->olen) return p;
    uint32_t off = (uint32_t)(p - c->osql);
    int lo = 0, hi = c->nlits;                   /* literals that end at or before off */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (c->olits[mid].off + c->olits[mid].len <= off) lo = mid + 1; else hi = mid;
    }
    return c->nsql + (int64_t)off + c->cum[lo];
}

/* The literal token whose text starts at p, or -1. */
static int lit_at(cp *c, const char *p)
{
    if (!p || p < c->osql || p >= c->osql + c->olen) return -1;
    uint32_t off = (uint32_t)(p - c->osql);
    int lo = 0, hi = c->nlits - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (c->olits[mid].off == off) return mid;
        if (c->olits[mid].off < off) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
}

/* The literal token whose text ends at p, or -1 (the number of a folded -literal). */
static int lit_ending_at(cp *c, const char *p)
{
    if (!p || p <= c->osql || p > c->osql + c->olen) return -1;
    uint32_t off = (uint32_t)(p - c->osql);
    int lo = 0, hi = c->nlits - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        uint32_t end = c->olits[mid].off + c->olits[mid].len;
        if (end == off) return mid;
        if (end < off) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
}

static uint8_t lit_kind(int tk)
{
    return tk == TK_INT ? E_INT : tk == TK_DECIMAL ? E_DECIMAL : tk == TK_FLOAT ? E_FLOAT : E_STRING;
}

static void *dup(cp *c, const void *p, size_t n)
{
    void *d = stor_arena_alloc(c->a, n);
    memcpy(d, p, n);
    c->nodes++;
    return d;
}

static pl_expr *cp_expr(cp *c, const pl_expr *e);
static pl_select *cp_select(cp *c, const pl_select *s);

static pl_expr **cp_exprs(cp *c, pl_expr *const *v, int n)
{
    if (!v) return NULL;
    pl_expr **d = stor_arena_alloc(c->a, (size_t)(n ? n : 1) * sizeof *d);
    for (int i = 0; i < n; i++) d[i] = cp_expr(c, v[i]);
    return d;
}

static pl_order *cp_orders(cp *c, const pl_order *o, int n)
{
    if (!o) return NULL;
    pl_order *d = dup(c, o, (size_t)(n ? n : 1) * sizeof *d);
    for (int i = 0; i < n; i++) d[i].e = cp_expr(c, o[i].e);
    return d;
}

/* Puts literal token i into the copy d of node e; neg: e is the parser's fold of
 * '-' and the number (its text "-" + the token's). With verify, checks instead that e
 * holds exactly what the token would put there. */
static void put_literal(cp *c, pl_expr *d, const pl_expr *e, int i, bool neg)
{
    const pl_token *t = &c->toks[i];
    if (c->verify) {
        c->hits[i]++;
        const char *end = e->start + e->srclen;
        if (e->kind != lit_kind(t->kind) || e->slen != t->vlen + neg || (neg && e->s[0] != '-') ||
            memcmp(e->s + neg, t->val, t->vlen) || e->coll != t->introducer ||
            end != c->osql + c->olits[i].off + c->olits[i].len)
            c->bad = true;
        return;
    }
    if (neg) {
        char *s = stor_arena_alloc(c->a, t->vlen + 2);
        s[0] = '-';
        memcpy(s + 1, t->val, t->vlen + 1);
        d->s = s;
        d->slen = t->vlen + 1;
        return;                   /* its span (from the '-') is remapped by the caller */
    }
    d->s = t->val;
    d->slen = t->vlen;
    d->coll = t->introducer;
    d->start = t->start;
    d->srclen = t->len;
}

static pl_expr *cp_expr(cp *c, const pl_expr *e)
{
    if (!e) return NULL;
    pl_expr *d = map_find(c, e);
    if (d) return d;
    d = dup(c, e, sizeof *e);
    map_put(c, e, d);
    bool num = e->kind == E_INT || e->kind == E_DECIMAL || e->kind == E_FLOAT;
    int li = num || e->kind == E_STRING ? lit_at(c, e->start) : -1;
    bool neg = false;
    if (li < 0 && num && e->slen && e->s[0] == '-') {
        li = lit_ending_at(c, e->start + e->srclen);
        neg = li >= 0;
    }
    if (li >= 0) {
        put_literal(c, d, e, li, neg);
        if (c->verify || neg) {
            d->start = remap(c, e->start);
            d->srclen = (size_t)(remap(c, e->start + e->srclen) - d->start);
        }
    } else if (e->start) {
        const char *s = remap(c, e->start);
        d->srclen = (size_t)(remap(c, e->start + e->srclen) - s);
        d->start = s;
    }
    d->args = cp_exprs(c, e->args, e->nargs);
    d->sub = cp_select(c, e->sub);
    d->order = cp_orders(c, e->order, e->norder);
    d->gc_limit = cp_expr(c, e->gc_limit);
    d->gc_offset = cp_expr(c, e->gc_offset);
    if (e->win) {
        pl_window *w = dup(c, e->win, sizeof *w);
        w->part = cp_exprs(c, e->win->part, e->win->npart);
        w->order = cp_orders(c, e->win->order, e->win->norder);
        d->win = w;
    }
    return d;
}

static pl_cte *cp_cte(cp *c, const pl_cte *t)
{
    if (!t) return NULL;
    pl_cte *d = map_find(c, t);
    if (d) return d;
    d = dup(c, t, sizeof *t);
    map_put(c, t, d);
    d->sel = cp_select(c, t->sel);
    d->next = cp_cte(c, t->next);
    return d;
}

static void cp_trefs(cp *c, pl_tref **dp, const pl_tref *s, int n)
{
    if (!s) return;
    pl_tref *d = dup(c, s, (size_t)(n ? n : 1) * sizeof *d);
    for (int i = 0; i < n; i++) {
        d[i].derived = cp_select(c, s[i].derived);
        d[i].on = cp_expr(c, s[i].on);
        d[i].cte = cp_cte(c, s[i].cte);
    }
    *dp = d;
}

static pl_select *cp_select(cp *c, const pl_select *s)
{
    if (!s) return NULL;
    pl_select *d = map_find(c, s);
    if (d) return d;
    d = dup(c, s, sizeof *s);
    map_put(c, s, d);
    if (s->items) {
        d->items = dup(c, s->items, (size_t)(s->nitems ? s->nitems : 1) * sizeof *d->items);
        for (int i = 0; i < s->nitems; i++) d->items[i].e = cp_expr(c, s->items[i].e);
    }
    cp_trefs(c, &d->from, s->from, s->nfrom);
    d->where = cp_expr(c, s->where);
    d->group = cp_exprs(c, s->group, s->ngroup);
    d->having = cp_expr(c, s->having);
    d->order = cp_orders(c, s->order, s->norder);
    d->limit = cp_expr(c, s->limit);
    d->offset = cp_expr(c, s->offset);
    d->next = cp_select(c, s->next);
    d->u_order = cp_orders(c, s->u_order, s->nu_order);
    d->u_limit = cp_expr(c, s->u_limit);
    d->u_offset = cp_expr(c, s->u_offset);
    return d;
}

static void cp_assigns(cp *c, pl_assign **dp, const pl_assign *s, int n)
{
    if (!s) return;
    pl_assign *d = dup(c, s, (size_t)(n ? n : 1) * sizeof *d);
    for (int i = 0; i < n; i++) d[i].value = cp_expr(c, s[i].value);
    *dp = d;
}

static void cp_stmt(cp *c, pl_stmt *d, const pl_stmt *s)
{
    *d = *s;
    const char *st = remap(c, s->start);
    d->len = (size_t)(remap(c, s->start + s->len) - st);
    d->start = st;
    d->sel = cp_select(c, s->sel);
    cp_trefs(c, &d->trefs, s->trefs, s->ntrefs);
    assert(!s->lrows);   /* (only in texts too long to be cached) */
    if (s->rows) {
        d->rows = stor_arena_alloc(c->a, (size_t)(s->nrows ? s->nrows : 1) * sizeof *d->rows);
        for (int i = 0; i < s->nrows; i++) d->rows[i] = cp_exprs(c, s->rows[i], s->rowlen);
    }
    cp_assigns(c, &d->sets, s->sets, s->nsets);
    cp_assigns(c, &d->dup_sets, s->dup_sets, s->ndup);
    d->where = cp_expr(c, s->where);
    d->order = cp_orders(c, s->order, s->norder);
    d->limit = cp_expr(c, s->limit);
}

/* Copies e's tree into a, with the literal tokens lits of the text nsql put in; with
 * verify, checks instead that lits (the tree's own) are where the tree has them. */
static bool copy_tree(pl_shape *e, stor_arena *a, const char *nsql, const pl_token *lits, bool verify,
                      pl_stmt *out)
{
    cp c;
    memset(&c, 0, sizeof c);
    c.a = a;
    c.osql = e->sql;
    c.olen = e->len;
    c.nsql = nsql;
    c.olits = e->lits;
    c.toks = lits;
    c.nlits = e->nlits;
    c.verify = verify;
    int64_t *cum = stor_arena_alloc(a, (size_t)(e->nlits + 1) * sizeof *cum);
    cum[0] = 0;
    for (int i = 0; i < e->nlits; i++) cum[i + 1] = cum[i] + (int64_t)lits[i].len - (int64_t)e->lits[i].len;
    c.cum = cum;
    if (verify) {
        c.hits = stor_arena_alloc(a, (size_t)(e->nlits ? e->nlits : 1) * sizeof *c.hits);
        memset(c.hits, 0, (size_t)(e->nlits ? e->nlits : 1) * sizeof *c.hits);
    }
    c.usemap = verify || e->shared;
    if (c.usemap) {
        c.mapcap = 64;
        while (c.mapcap < e->nnodes * 2 + 16) c.mapcap *= 2;
        c.map = stor_arena_alloc(a, c.mapcap * sizeof *c.map);
        memset(c.map, 0, c.mapcap * sizeof *c.map);
    }
    cp_stmt(&c, out, &e->st);
    if (!verify) return true;
    e->nnodes = c.nodes;
    e->shared = c.shared;
    for (int i = 0; i < e->nlits; i++) if (c.hits[i] != 1) c.bad = true;
    return !c.bad;
}

/* ---------------------------------------------------------------- lookup */

static bool cacheable_kind(int kind)
{
    return kind == S_SELECT || kind == S_INSERT || kind == S_REPLACE || kind == S_UPDATE || kind == S_DELETE;
}

/* Parses the statement sql into a shape entry of its own and checks the copy; the
 * entry's usable says whether the tree may be used (a statement kind the cache holds,
 * and the copy check passed). NULL only when memory ran out. */
static pl_shape *shape_build(stor_arena *scratch, const char *sql, size_t len, const pl_parse_opts *o,
                             const keybuf *k, uint64_t h)
{
    pl_shape *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->key = malloc(k->n);
    if (!e->key) { free(e); return NULL; }
    memcpy(e->key, k->b, k->n);
    e->keylen = k->n;
    e->hash = h;
    e->refs = 1;
    e->ready = true;
    stor_arena_init(&e->arena);
    e->sql = stor_arena_strndup(&e->arena, sql, len);
    e->len = len;
    size_t pos = 0;
    pl_error perr;
    keybuf k2;
    pl_token *toks;
    int ntoks;
    if (pl_parse(&e->arena, e->sql, len, &pos, o, &e->st, &perr) != 0 || !cacheable_kind(e->st.kind) ||
        !shape_of(scratch, e->sql, len, o, &k2, &toks, &ntoks) || k2.n != k->n) {
        /* kept, unusable, so that the shape is not tried again */
        stor_arena_free(&e->arena);
        e->sql = NULL;
        return e;
    }
    e->nlits = ntoks;
    e->lits = stor_arena_alloc(&e->arena, (size_t)(ntoks ? ntoks : 1) * sizeof *e->lits);
    for (int i = 0; i < ntoks; i++) {
        e->lits[i].off = (uint32_t)(toks[i].start - e->sql);
        e->lits[i].len = (uint32_t)toks[i].len;
        e->lits[i].kind = (uint8_t)toks[i].kind;
    }
    pl_stmt tmp;
    e->usable = copy_tree(e, scratch, e->sql, toks, true, &tmp);
    if (!e->usable) {
        stor_arena_free(&e->arena);
        e->sql = NULL;
    }
    return e;
}

static pl_shape **slot_find(uint64_t h, const keybuf *k)
{
    size_t s0 = (size_t)h & (PC_SLOTS - 2);
    for (size_t s = s0; s < s0 + 2; s++) {
        pl_shape *e = pc_tab[s];
        if (e && e->hash == h && e->keylen == k->n && !memcmp(e->key, k->b, k->n)) return &pc_tab[s];
    }
    return NULL;
}

static void slot_install(pl_shape *e)
{
    size_t s0 = (size_t)e->hash & (PC_SLOTS - 2);
    pl_shape **victim = &pc_tab[s0];
    for (size_t s = s0; s < s0 + 2; s++) {
        if (!pc_tab[s]) { victim = &pc_tab[s]; break; }
        if (pc_tab[s]->used < (*victim)->used) victim = &pc_tab[s];
    }
    if (*victim) shape_unref(*victim);
    e->used = ++pc_clock;
    *victim = e;
}

int pl_parse_cached(stor_arena *a, const char *sql, size_t len, size_t *pos, const pl_parse_opts *o,
                    pl_stmt *out, pl_error *err, pl_shape **ref)
{
    *ref = NULL;
    keybuf k;
    pl_token *toks;
    int ntoks;
    if (!pc_mode || *pos != 0 || len > PC_MAX_SQL || !shape_of(a, sql, len, o, &k, &toks, &ntoks))
        return pl_parse(a, sql, len, pos, o, out, err);
    uint64_t h = key_hash(k.b, k.n);
    pthread_mutex_lock(&pc_mu);
    pl_shape **sp = slot_find(h, &k);
    pl_shape *e = sp ? *sp : NULL;
    if (e) {
        e->used = ++pc_clock;
        if (e->usable) e->refs++;
    }
    bool build = false;
    if (!e) {
        uint64_t *seen = &pc_seen[(h >> 7) & (PC_SEEN - 1)];
        if (*seen == h || pc_mode >= 2) { build = true; *seen = 0; }
        else *seen = h;
    }
    pthread_mutex_unlock(&pc_mu);
    if (build && pc_mode >= 2) {
        /* eager: build now and serve this statement from the copy too */
        pl_shape *ne = shape_build(a, sql, len, o, &k, h);
        if (ne) {
            pthread_mutex_lock(&pc_mu);
            pl_shape **cur = slot_find(h, &k);
            if (cur) { shape_unref(ne); ne = *cur; }
            else slot_install(ne);
            e = ne;
            if (e->usable) e->refs++;
            pthread_mutex_unlock(&pc_mu);
            build = false;
        }
    }
    if (e && e->usable) {
        memset(out, 0, sizeof *out);
        copy_tree(e, a, sql, toks, false, out);
        *pos = len;
        *ref = e;
        pc_hits++;
        return 0;
    }
    pc_misses++;
    int rc = pl_parse(a, sql, len, pos, o, out, err);
    if (build && rc == 0) {
        pl_shape *ne = shape_build(a, sql, len, o, &k, h);
        if (ne) {
            pthread_mutex_lock(&pc_mu);
            if (!slot_find(h, &k)) slot_install(ne);
            else shape_unref(ne);
            pthread_mutex_unlock(&pc_mu);
        }
    }
    return rc;
}
