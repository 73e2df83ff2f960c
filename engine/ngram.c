/* ngram.c - the n-gram index: `col LIKE '%word%'` reads the text only of rows that can
 * match. A key over one text column whose comment is 'ngram' (MariaDB keeps it as the
 * ordinary prefix key it also is, so dumps load on both) gets, besides that key, the
 * trigrams of every row's text and the rows holding each. A LIKE over the column takes
 * the trigrams of its pattern's literal runs; a row missing one of them cannot match, and
 * is answered without reading its text. Every other row is matched exactly (ex_like), so
 * the index can only over-report: its answers are LIKE's by construction.
 *
 * Characters are folded as LIKE compares them (func_like.c ex_like_fold): under a _ci
 * collation of utf8, a character equal to a printable ASCII character is that character
 * upper-cased (é is E under unicode_520_ci); under an exact collation (binary, _bin)
 * printable ASCII is itself. Any other character, and the space, ends a run: it equals
 * no character a trigram holds, so a text that matches holds, where it matches, the
 * folded trigrams of the pattern's runs.
 *
 * Kept with the table (stor_table.derived, beside the FULLTEXT postings: fulltext_int.h
 * ft_tcache), brought up to date by the statement that asks: rows appended since are
 * added; rows rewritten in place since (stor_table.rewrite_log) become "dirty", always
 * candidates, until there are too many and the index starts over. Postings are row ids
 * ascending, delta-coded in LEB128 bytes. */
#include "engine/fulltext_int.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicode/utf8.h>

typedef struct ng_entry {
    uint32_t key;       /* three folded characters, a << 16 | b << 8 | c; 0: a free slot */
    uint32_t n;         /* rows holding it */
    uint32_t last;      /* the last row appended + 1 (0: none) */
    uint32_t nb, cb;    /* bytes used, allocated */
    bool dense;         /* b is a bitmap of row ids (uint64_t words, cb bytes), not a list */
    uint8_t *b;         /* deltas of row ids + 1, LEB128; or the bitmap. A trigram that
                           most rows hold (E, TH, ...) is a bitmap once the list would be
                           larger: no more memory, and a candidate is checked by a bit */
} ng_entry;

typedef struct ng_index {
    uint64_t version, rw_seen, epoch_seen;
    uint32_t col;
    uint16_t coll;
    bool ci;            /* fold as a _ci collation (else exact: printable ASCII only) */
    void *folds;        /* the collation's fold cache (ex_like_folds) */
    uint32_t upto;      /* rows [0, upto) indexed */
    ng_entry *e;        /* open addressing on the key */
    uint32_t ne, cap;
    uint32_t *dirty;    /* rows rewritten since they were indexed (in no order) */
    uint32_t ndirty, cdirty;
    size_t bytes;       /* bytes allocated (entries, postings, dirty rows): Ngram_bytes */
} ng_index;

/* Ngram_bytes (memory the indexes hold) and Ngram_lookups (candidate sets worked out). */
static _Atomic uint64_t ng_bytes_held, ng_lookups;

void ex_ng_stats(uint64_t *bytes, uint64_t *lookups)
{
    *bytes = atomic_load_explicit(&ng_bytes_held, memory_order_relaxed);
    *lookups = atomic_load_explicit(&ng_lookups, memory_order_relaxed);
}

/* Dirty rows beyond which the index starts over (they cost a full match each). */
#define NG_MAX_DIRTY(upto) (4096u + (upto) / 8)

/* ---------------------------------------------------------------- which keys */

static bool ng_comment(const char *c)
{
    return c && !strcasecmp(c, "ngram");
}

/* The collation's folding, or -1 when the index cannot serve it: 1 _ci of a multi-byte
 * charset (utf8mb3, utf8mb4), 0 exact (binary, *_bin). */
static int ng_fold_mode(uint16_t coll)
{
    const pdb_collation *co = pdb_coll_by_id(coll);
    if (!co) return -1;
    size_t nl = strlen(co->name);
    if (co->binary || (nl > 4 && !strcmp(co->name + nl - 4, "_bin"))) return 0;
    if (co->ci && co->maxlen > 1 && pdb_coll_ascii_ci(coll)) return 1;   /* (not Turkish's I) */
    return -1;
}

int ex_ng_key(const stor_table *t, uint32_t col)
{
    if (col >= t->ncols || t->cols[col].type < CT_CHAR || t->cols[col].type > CT_LONGBLOB ||
        ng_fold_mode(t->cols[col].coll) < 0)
        return -1;
    for (uint32_t x = 0; x < t->nidx; x++) {
        const stor_index *ix = &t->idx[x];
        if (ix->kind != IK_FULLTEXT && ix->kind != IK_SPATIAL && ix->ncols == 1 && ix->cols[0] == col &&
            ng_comment(ix->comment))
            return (int)x;
    }
    return -1;
}

bool ex_ng_is_key(const stor_table *t, uint32_t x)
{
    return x < t->nidx && t->idx[x].ncols == 1 && ex_ng_key(t, t->idx[x].cols[0]) == (int)x;
}

/* ---------------------------------------------------------------- folding */

/* The folded character at s[*i] (advancing *i), 0 for one that ends a run. */
static inline uint8_t ng_fold_next(const char *s, size_t n, size_t *i, bool ci, uint16_t coll, void *folds)
{
    unsigned char c = (unsigned char)s[*i];
    if (c < 0x80) {
        (*i)++;
        if (c <= 0x20 || c >= 0x7f) return 0;
        return ci && c >= 'a' && c <= 'z' ? (uint8_t)(c - 32) : c;
    }
    UChar32 cp;
    int32_t k = (int32_t)*i;
    U8_NEXT((const uint8_t *)s, k, (int32_t)n, cp);
    *i = (size_t)k;
    if (!ci || cp < 0) return 0;
    uint8_t f = ex_like_fold(cp, coll, folds);
    return f > 0x20 && f < 0x7f ? f : 0;
}

/* ---------------------------------------------------------------- postings */

static void ng_index_free(ng_index *d)
{
    if (!d) return;
    atomic_fetch_sub_explicit(&ng_bytes_held, d->bytes, memory_order_relaxed);
    for (uint32_t i = 0; i < d->cap; i++) stor_free(d->e[i].b);
    stor_free(d->e);
    stor_free(d->dirty);
    stor_free(d);
}

void ng_free_all(ft_tcache *tc)
{
    for (uint32_t i = 0; i < tc->nng; i++) ng_index_free(tc->ng[i]);
    stor_free(tc->ng);
    tc->ng = NULL;
    tc->nng = 0;
}

static void ng_account(ng_index *d, size_t more)
{
    d->bytes += more;
    atomic_fetch_add_explicit(&ng_bytes_held, more, memory_order_relaxed);
}

static inline uint32_t ng_hash(uint32_t key)
{
    return key * 2654435761u;
}

static ng_entry *ng_find(const ng_index *d, uint32_t key)
{
    for (uint32_t k = ng_hash(key) & (d->cap - 1); d->e[k].key; k = (k + 1) & (d->cap - 1))
        if (d->e[k].key == key) return &d->e[k];
    return NULL;
}

static bool ng_grow(ng_index *d)
{
    uint32_t cap = d->cap * 2;
    ng_entry *e = stor_calloc(cap, sizeof *e);
    if (!e) return false;
    for (uint32_t i = 0; i < d->cap; i++) {
        if (!d->e[i].key) continue;
        uint32_t k = ng_hash(d->e[i].key) & (cap - 1);
        while (e[k].key) k = (k + 1) & (cap - 1);
        e[k] = d->e[i];
    }
    stor_free(d->e);
    d->e = e;
    ng_account(d, (size_t)(cap - d->cap) * sizeof *e);
    d->cap = cap;
    return true;
}

/* The next row of e's list from byte *at (acc: the last row + 1, updated). */
static inline uint32_t ng_next_row(const ng_entry *e, size_t *at, uint32_t *acc)
{
    uint32_t v = 0;
    for (int s = 0; *at < e->nb; s += 7) {
        uint8_t b = e->b[(*at)++];
        v |= (uint32_t)(b & 0x7f) << s;
        if (!(b & 0x80)) break;
    }
    *acc += v;
    return *acc - 1;
}

/* e's list as a bitmap of rows up to r; false when memory ran out. */
static bool ng_densify(ng_index *d, ng_entry *e, uint32_t r)
{
    size_t c = ((size_t)r / 64 + 1) * 8 * 2;
    uint64_t *w = stor_calloc(c / 8, 8);
    if (!w) return false;
    uint32_t acc = 0;
    for (size_t at = 0; at < e->nb;) {
        uint32_t row = ng_next_row(e, &at, &acc);
        w[row / 64] |= 1ull << (row % 64);
    }
    stor_free(e->b);
    ng_account(d, c);
    atomic_fetch_sub_explicit(&ng_bytes_held, e->cb, memory_order_relaxed);
    d->bytes -= e->cb;
    e->b = (uint8_t *)w;
    e->cb = (uint32_t)c;
    e->nb = 0;
    e->dense = true;
    return true;
}

/* Row r holds trigram key (rows come in ascending order); false when memory ran out. */
static bool ng_add(ng_index *d, uint32_t key, uint32_t r)
{
    uint32_t k = ng_hash(key) & (d->cap - 1);
    while (d->e[k].key && d->e[k].key != key) k = (k + 1) & (d->cap - 1);
    ng_entry *e = &d->e[k];
    if (!e->key) {
        if ((d->ne + 1) * 4 > d->cap * 3) {
            if (!ng_grow(d)) return false;
            return ng_add(d, key, r);
        }
        e->key = key;
        d->ne++;
    }
    if (e->last == r + 1) return true;
    if (!e->dense && e->nb + 5 > r / 8 + 64 && !ng_densify(d, e, r)) return false;
    if (e->dense) {
        if ((size_t)e->cb < ((size_t)r / 64 + 1) * 8) {
            size_t c = (size_t)e->cb * 2 > ((size_t)r / 64 + 1) * 8 ? (size_t)e->cb * 2 : ((size_t)r / 64 + 1) * 8;
            uint8_t *b = stor_realloc(e->b, c);
            if (!b) return false;
            memset(b + e->cb, 0, c - e->cb);
            ng_account(d, c - e->cb);
            e->b = b;
            e->cb = (uint32_t)c;
        }
        ((uint64_t *)(void *)e->b)[r / 64] |= 1ull << (r % 64);
        e->last = r + 1;
        e->n++;
        return true;
    }
    if (e->cb - e->nb < 5) {
        uint32_t c = e->cb ? e->cb * 2 : 8;
        uint8_t *b = stor_realloc(e->b, c);
        if (!b) return false;
        ng_account(d, c - e->cb);
        e->b = b;
        e->cb = c;
    }
    for (uint32_t v = r + 1 - e->last; ; v >>= 7) {
        if (v < 0x80) { e->b[e->nb++] = (uint8_t)v; break; }
        e->b[e->nb++] = (uint8_t)(v | 0x80);
    }
    e->last = r + 1;
    e->n++;
    return true;
}

/* Row r's trigrams into the postings (*bytes: its text's length added); false when
 * memory ran out. */
static bool ng_index_row(ng_index *d, const stor_table *t, uint32_t r, size_t *bytes)
{
    pdb_value v;
    stor_get(t, d->col, r, &v);
    if (v.t != VT_STRING) return true;
    *bytes += v.len;
    uint32_t w = 0;
    int run = 0;
    for (size_t i = 0; i < v.len;) {
        uint8_t f = ng_fold_next(v.p, v.len, &i, d->ci, d->coll, d->folds);
        if (!f) { run = 0; continue; }
        w = (w << 8 | f) & 0xffffff;
        if (++run >= 3 && !ng_add(d, w, r)) return false;
    }
    return true;
}

static bool ng_dirty(ng_index *d, uint32_t r)
{
    for (uint32_t i = d->ndirty; i-- > 0 && i + 64 >= d->ndirty;)   /* (the same row again) */
        if (d->dirty[i] == r) return true;
    if (d->ndirty == d->cdirty) {
        uint32_t c = d->cdirty ? d->cdirty * 2 : 64;
        uint32_t *n = stor_realloc(d->dirty, (size_t)c * sizeof *n);
        if (!n) return false;
        d->dirty = n;
        ng_account(d, (size_t)(c - d->cdirty) * sizeof *n);
        d->cdirty = c;
    }
    d->dirty[d->ndirty++] = r;
    return true;
}

static ng_index *ng_new(const stor_table *t, uint32_t col)
{
    ng_index *d = stor_calloc(1, sizeof *d);
    if (!d) return NULL;
    d->cap = 1024;
    if (!(d->e = stor_calloc(d->cap, sizeof *d->e))) { stor_free(d); return NULL; }
    ng_account(d, sizeof *d + (size_t)d->cap * sizeof *d->e);
    d->col = col;
    d->coll = t->cols[col].coll;
    d->ci = ng_fold_mode(d->coll) == 1;
    d->folds = d->ci ? ex_like_folds(d->coll) : NULL;
    d->version = t->version;
    d->rw_seen = t->rewrites;
    d->epoch_seen = t->rewrite_epoch;
    return d;
}

/* The rewrites since d last looked: rows of its column rewritten in place turn dirty.
 * False when d must start over (the log moved past it, or too many dirty rows). */
static bool ng_follow(ng_index *d, const stor_table *t)
{
    if (d->version != t->version || d->epoch_seen != t->rewrite_epoch || t->rewrites - d->rw_seen > STOR_REWRITE_LOG)
        return false;
    uint64_t bit = 1ull << (d->col < 63 ? d->col : 63);
    for (; d->rw_seen < t->rewrites; d->rw_seen++) {
        const struct stor_rewrite *w = &t->rewrite_log[d->rw_seen % STOR_REWRITE_LOG];
        if ((w->cols & bit) && w->row < d->upto && !ng_dirty(d, w->row)) return false;
    }
    return d->ndirty <= NG_MAX_DIRTY(d->upto);
}

/* Text a step indexes at most (about 5 ms): readers waiting for the cache's mutex, and
 * writers for the store lock the warm thread holds meanwhile, wait no longer. */
#define NG_STEP_BYTES (256u << 10)

/* Adds up to max rows to key x's index under the cache's mutex: 1 when it is up to date
 * (*out), 0 when rows are left, -1 when memory ran out (then it is dropped). */
static int ng_sync_step(ft_tcache *tc, stor_table *t, uint32_t x, uint32_t max, ng_index **out)
{
    pthread_mutex_lock(&tc->mu);
    if (tc->nng != t->nidx) {   /* (keys added or dropped: DDL, a new version anyway) */
        ng_free_all(tc);
        if ((tc->ng = stor_calloc(t->nidx ? t->nidx : 1, sizeof *tc->ng))) tc->nng = t->nidx;
    }
    ng_index *d = tc->ng ? tc->ng[x] : NULL;
    if (d && !ng_follow(d, t)) {
        ng_index_free(d);
        d = tc->ng[x] = NULL;
    }
    if (tc->ng && !d) d = tc->ng[x] = ng_new(t, t->idx[x].cols[0]);
    if (!d) { pthread_mutex_unlock(&tc->mu); return -1; }
    uint32_t end = t->nrows - d->upto > max ? d->upto + max : t->nrows;
    size_t bytes = 0;
    for (; d->upto < end && bytes < NG_STEP_BYTES; d->upto++) {
        if (stor_is_dead(t, d->upto)) continue;
        if (!ng_index_row(d, t, d->upto, &bytes)) {
            ng_index_free(d);
            tc->ng[x] = NULL;
            pthread_mutex_unlock(&tc->mu);
            return -1;
        }
    }
    int done = d->upto >= t->nrows;
    pthread_mutex_unlock(&tc->mu);
    *out = d;
    return done;
}

/* Rows key x's index has yet to take (all of them when it must start over; UINT32_MAX
 * while another thread adds to it). */
static uint32_t ng_lag(ft_tcache *tc, const stor_table *t, uint32_t x)
{
    if (pthread_mutex_trylock(&tc->mu)) {
        if (atomic_load(&tc->ng_bulk)) return UINT32_MAX;   /* (the warm thread builds: do not wait) */
        pthread_mutex_lock(&tc->mu);   /* (another statement adds its few rows) */
    }
    const ng_index *d = tc->ng && tc->nng == t->nidx ? tc->ng[x] : NULL;
    uint32_t lag = t->nrows;
    if (d && d->version == t->version && d->epoch_seen == t->rewrite_epoch &&
        t->rewrites - d->rw_seen <= STOR_REWRITE_LOG && d->ndirty <= NG_MAX_DIRTY(d->upto))
        lag = t->nrows - d->upto;
    pthread_mutex_unlock(&tc->mu);
    return lag;
}

/* Rows beyond which a statement does not index them itself: the warm thread does, and
 * the statement matches every row meanwhile (about 10 ms of indexing). */
#define NG_SYNC_MAX 2048

/* Key x's index, up to date (as ft_sync: a batch at a time, the slice checked between
 * batches without the mutex); NULL when memory ran out, or when the warm thread took it
 * over for being too far behind. */
static const ng_index *ng_sync(ex_ctx *ctx, stor_table *t, uint32_t x)
{
    ft_tcache *tc = ft_cache_of(t);
    if (!tc) return NULL;
    if (ng_lag(tc, t, x) > NG_SYNC_MAX && ex_derived_request(t, x)) return NULL;
    for (;;) {
        ng_index *d = NULL;
        int r = ng_sync_step(tc, t, x, 1024, &d);
        if (r < 0) return NULL;
        if (r) return d;
        ex_slice_work(ctx, 1024);
    }
}

bool ex_ng_warm_step(stor_table *t, uint32_t x)
{
    ft_tcache *tc = ft_cache_of(t);
    ng_index *d;
    if (!tc) return true;
    atomic_fetch_add(&tc->ng_bulk, 1);
    int r = ng_sync_step(tc, t, x, 1024, &d);
    atomic_fetch_sub(&tc->ng_bulk, 1);
    return r != 0;
}

/* ---------------------------------------------------------------- a LIKE's candidates */

/* One call's candidates for this statement: the rows that may match pattern pat. */
typedef struct ex_ngstate {
    const stor_table *t;
    uint32_t col;
    char *pat;
    uint32_t pn;
    int esc;
    uint16_t coll;
    bool use;           /* false: the index cannot answer; every row is matched */
    uint32_t upto;      /* rows the bitmap knows: [0, upto) */
    uint64_t rewrites, epoch, version;   /* the table's, when worked out (ng_state_follow) */
    uint64_t *bm;       /* bit r: row r may match */
    struct ex_ngstate *next;
} ex_ngstate;

/* The pattern's trigrams (folded as the text's), at most cap; their number. A '%' or '_'
 * ends a run, as does any character that folds to none; the escape makes the next
 * character literal, as like_rec reads it. */
static int ng_pattern_keys(const ng_index *d, const char *p, size_t pn, int esc, uint32_t *keys, int cap)
{
    int nk = 0, run = 0;
    uint32_t w = 0;
    for (size_t i = 0; i < pn && nk < cap;) {
        unsigned char c = (unsigned char)p[i];
        if (c == '%' || c == '_') { i++; run = 0; continue; }
        if ((int)c == esc && c < 0x80) {
            if (i + 1 >= pn) break;
            i++;
        }
        uint8_t f = ng_fold_next(p, pn, &i, d->ci, d->coll, d->folds);
        if (!f) { run = 0; continue; }
        w = (w << 8 | f) & 0xffffff;
        if (++run < 3) continue;
        bool seen = false;
        for (int k = 0; k < nk && !seen; k++) seen = keys[k] == w;
        if (!seen) keys[nk++] = w;
    }
    return nk;
}

/* Lists before bitmaps (a bitmap checks a candidate by a bit), each the rarest first. */
static int ng_entry_cmp(const void *a, const void *b)
{
    const ng_entry *x = *(const ng_entry *const *)a, *y = *(const ng_entry *const *)b;
    if (x->dense != y->dense) return x->dense ? 1 : -1;
    return x->n < y->n ? -1 : x->n > y->n;
}

/* Rows of cand (ascending, n of them) that e holds; the new count. */
static uint32_t ng_intersect(uint32_t *cand, uint32_t n, const ng_entry *e)
{
    uint32_t out = 0, k = 0, acc = 0;
    if (e->dense) {
        const uint64_t *w = (const uint64_t *)(const void *)e->b;
        uint32_t bits = e->cb * 8;
        for (; k < n; k++)
            if (cand[k] < bits && (w[cand[k] / 64] >> (cand[k] % 64) & 1)) cand[out++] = cand[k];
        return out;
    }
    for (size_t at = 0; at < e->nb && k < n;) {
        uint32_t row = ng_next_row(e, &at, &acc);
        while (k < n && cand[k] < row) k++;
        if (k < n && cand[k] == row) cand[out++] = cand[k++];
    }
    return out;
}

/* The rows of e, ascending, into out (e->n of room). */
static void ng_decode(const ng_entry *e, uint32_t *out)
{
    uint32_t acc = 0, n = 0;
    if (e->dense) {
        const uint64_t *w = (const uint64_t *)(const void *)e->b;
        for (uint32_t i = 0; i < e->cb / 8; i++)
            for (uint64_t m = w[i]; m; m &= m - 1) out[n++] = i * 64 + (uint32_t)__builtin_ctzll(m);
        return;
    }
    for (size_t at = 0; at < e->nb;) out[n++] = ng_next_row(e, &at, &acc);
}

#define NG_MAX_KEYS 64
/* Patterns a statement works out candidates for (one that changes from row to row, a
 * user variable: not worth it past these) */
#define NG_MAX_STATES 16

/* st's bitmap from the index (st->use false when it has no trigram to go by). */
static void ng_candidates(ex_ctx *ctx, ex_ngstate *st, const ng_index *d)
{
    uint32_t keys[NG_MAX_KEYS];
    int nk = ng_pattern_keys(d, st->pat, st->pn, st->esc, keys, NG_MAX_KEYS);
    if (!nk) return;
    const ng_entry *es[NG_MAX_KEYS];
    int ne = 0;
    bool none = false;
    for (int k = 0; k < nk; k++) {
        const ng_entry *e = ng_find(d, keys[k]);
        if (!e) none = true;
        else es[ne++] = e;
    }
    atomic_fetch_add_explicit(&ng_lookups, 1, memory_order_relaxed);
    st->upto = d->upto;
    st->bm = stor_arena_alloc(ctx->a, ((size_t)d->upto / 64 + 1) * sizeof *st->bm);
    memset(st->bm, 0, ((size_t)d->upto / 64 + 1) * sizeof *st->bm);
    st->use = true;
    for (uint32_t i = 0; i < d->ndirty; i++) st->bm[d->dirty[i] / 64] |= 1ull << (d->dirty[i] % 64);
    if (none) return;   /* (a trigram no row holds: only the dirty rows may match) */
    qsort(es, (size_t)ne, sizeof *es, ng_entry_cmp);
    uint32_t *cand = stor_arena_alloc(ctx->a, ((size_t)es[0]->n + 1) * sizeof *cand);
    ng_decode(es[0], cand);
    uint32_t n = es[0]->n;
    /* the rarest first; a list far longer than what is left costs more to read than the
       exact matches it would save (a bitmap costs a bit per candidate: always) */
    for (int k = 1; k < ne && n; k++)
        if (es[k]->dense || k < 2 || es[k]->n <= 32 * n) n = ng_intersect(cand, n, es[k]);
    for (uint32_t i = 0; i < n; i++) st->bm[cand[i] / 64] |= 1ull << (cand[i] % 64);
}

/* Rows of st's column rewritten in place since st was worked out may match now: false
 * when st cannot follow them (DDL, TRUNCATE, more than the log holds). */
static bool ng_state_follow(ex_ngstate *st, const stor_table *t)
{
    if (st->version != t->version || st->epoch != t->rewrite_epoch || t->rewrites - st->rewrites > STOR_REWRITE_LOG)
        return false;
    uint64_t bit = 1ull << (st->col < 63 ? st->col : 63);
    for (; st->use && st->rewrites < t->rewrites; st->rewrites++) {
        const struct stor_rewrite *w = &t->rewrite_log[st->rewrites % STOR_REWRITE_LOG];
        if ((w->cols & bit) && w->row < st->upto) st->bm[w->row / 64] |= 1ull << (w->row % 64);
    }
    st->rewrites = t->rewrites;
    return true;
}

static ex_ngstate *ng_state(ex_ctx *ctx, stor_table *t, uint32_t col, const char *p, size_t pn, int esc, uint16_t coll)
{
    ex_ngstate *st = ctx->stmt->ngs;
    int seen = 0;
    for (; st && !(st->t == t && st->col == col && st->pn == pn && st->esc == esc && st->coll == coll &&
                   !memcmp(st->pat, p, pn)); st = st->next)
        seen++;
    if (st && (st->rewrites == t->rewrites || ng_state_follow(st, t))) return st;
    if (!st && seen >= NG_MAX_STATES) return NULL;
    if (!st) {
        st = stor_arena_alloc(ctx->a, sizeof *st);
        memset(st, 0, sizeof *st);
        st->t = t;
        st->col = col;
        st->pat = stor_arena_alloc(ctx->a, pn + 1);
        memcpy(st->pat, p, pn);
        st->pn = (uint32_t)pn;
        st->esc = esc;
        st->coll = coll;
        st->next = ctx->stmt->ngs;
        ctx->stmt->ngs = st;
    }
    st->use = false;
    int x = ex_ng_key(t, col);
    int mode = ng_fold_mode(coll);
    /* the LIKE's collation must make equal no more than the key's does; an escape beyond
       ASCII is compared with whole characters (like_rec), which the pattern's reading
       here does not do */
    if (x >= 0 && mode >= 0 && (coll == t->cols[col].coll || mode == 0) && esc < 0x80) {
        const ng_index *d = ng_sync(ctx, t, (uint32_t)x);
        if (d) ng_candidates(ctx, st, d);
    }
    /* (ng_sync lets writes in between its batches: what it found is as they stood after) */
    st->rewrites = t->rewrites;
    st->epoch = t->rewrite_epoch;
    st->version = t->version;
    return st;
}

static inline bool ng_bit(const ex_ngstate *st, uint32_t r)
{
    return !st || !st->use || r >= st->upto || (st->bm[r / 64] >> (r % 64) & 1);
}

bool ex_ng_may_match(ex_ctx *ctx, int src, uint32_t col, const char *p, size_t pn, int esc, uint16_t coll)
{
    uint32_t r = ctx->rows[src];
    stor_table *t = ctx->src[src].t;
    if (r == EX_NULLROW || !t) return true;
    return ng_bit(ng_state(ctx, t, col, p, pn, esc, coll), r);
}

/* ---------------------------------------------------------------- a WHERE conjunct's gate */

/* A conjunct that is one LIKE over an n-gram key, or an OR of such (WordPress's search
 * over title, excerpt and content), can be true only for a row some LIKE may match: its
 * sites, checked before the program runs, turn most rows away without reading a value. */
#define NG_GATE_SITES 8
typedef struct ng_site {
    int src;
    uint32_t col;
    int pat, esc;       /* the pattern's and the escape's constants (esc -1: none) */
    uint16_t coll;      /* OP_LIKE's (0: the connection's) */
    ex_ngstate *st;     /* this execution's, once asked */
} ng_site;

struct ex_nggate {
    int n;
    ng_site s[NG_GATE_SITES];
};

/* One [COL CONST [CONST] LIKE] group at ops[*i] into g; false when it is not one. */
static bool ng_gate_site(const ex_prog *p, int *i, ex_nggate *g)
{
    const ex_op *o = &p->ops[*i];
    int j = *i + 2, esc = -1;
    if (o->code != OP_COL || j >= p->nops || p->ops[*i + 1].code != OP_CONST || g->n == NG_GATE_SITES) return false;
    if (p->ops[j].code == OP_CONST) esc = p->ops[j++].a;
    if (j >= p->nops) return false;
    const ex_op *l = &p->ops[j];
    if (l->code != OP_LIKE || !(l->a & 2) || (l->b & 1) || (l->a & 1) != (esc >= 0) ||
        (l->a >> 2 & 0x3fff) != o->a || (uint32_t)(l->b >> 1) != (uint32_t)o->b)
        return false;
    g->s[g->n++] = (ng_site){ o->a, (uint32_t)o->b, p->ops[*i + 1].a, esc, (uint16_t)l->c, NULL };
    *i = j + 1;
    return true;
}

ex_nggate *ex_ng_gate(stor_arena *a, const ex_prog *p)
{
    ex_nggate g = { 0 };
    if (p->nsubs) return NULL;
    for (int i = 0; i < p->nops;) {
        int code = p->ops[i].code;
        if (code == OP_OR_JMP || code == OP_OR_FIN) i++;
        else if (!ng_gate_site(p, &i, &g)) return NULL;
    }
    if (!g.n) return NULL;
    ex_nggate *out = stor_arena_alloc(a, sizeof *out);
    *out = g;
    return out;
}

static bool ng_site_may(ex_ctx *ctx, const ex_prog *p, ng_site *s)
{
    uint32_t r = ctx->rows[s->src];
    stor_table *t = ctx->src[s->src].t;
    if (r == EX_NULLROW || !t) return true;
    if (s->st && s->st->rewrites == t->rewrites) return ng_bit(s->st, r);
    const pdb_value *pat = &p->consts[s->pat];
    if (pat->t == VT_NULL) return false;   /* (LIKE NULL is never true) */
    int esc = '\\';
    if (s->esc >= 0) {
        const pdb_value *e = &p->consts[s->esc];
        if (e->t != VT_STRING) return true;
        esc = e->len ? (unsigned char)e->p[0] : -1;
    }
    if (pat->t != VT_STRING) return true;
    s->st = ng_state(ctx, t, s->col, pat->p, pat->len, esc, s->coll ? s->coll : ctx->s->coll_connection);
    return ng_bit(s->st, r);
}

bool ex_ng_gate_open(ex_ctx *ctx, const ex_prog *p, ex_nggate *g)
{
    for (int k = 0; k < g->n; k++)
        if (ng_site_may(ctx, p, &g->s[k])) return true;
    return false;
}
