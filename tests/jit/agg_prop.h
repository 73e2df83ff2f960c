/* agg_prop.h - property test of the grouped-aggregate kernel (engine/jit/agg.c): random
 * key and value vectors (NULLs, extremes, few and many groups), random aggregate lists and
 * candidate rows, run through the compiled kernel and through jit_agg_c with the same
 * growth protocol (a small table that the kernel stops for); groups, first rows, keys and
 * every accumulator must be equal. Header-only so both the unit tests and a cross-compiled
 * arm64 runner can include it. */
#ifndef PDB_JIT_AGG_PROP_H
#define PDB_JIT_AGG_PROP_H

#include "engine/jit/jit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t agg_rng(uint64_t *s)
{
    *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17;
    return *s;
}

typedef struct agg_tab {
    uint32_t *slots;
    int64_t *keys, *acc;
    uint32_t *first;
    uint64_t cap;
    uint64_t dense;                /* dense: its slots (made once), else 0 */
} agg_tab;

/* Room for twice the groups; the slots rehashed from the keys (the NULL group has none),
 * or, dense, kept. */
static bool agg_grow(jit_agg_state *s, agg_tab *t, int stride)
{
    uint64_t cap = t->cap * 2, nslots = cap * 2;
    int bits = 0;
    while ((1ull << bits) < nslots) bits++;
    uint32_t *slots = t->dense ? NULL : calloc(nslots, sizeof *slots);
    int64_t *keys = realloc(t->keys, cap * sizeof *keys);
    int64_t *acc = realloc(t->acc, cap * (size_t)(stride ? stride : 1) * sizeof *acc);
    uint32_t *first = realloc(t->first, cap * sizeof *first);
    if ((!t->dense && !slots) || !keys || !acc || !first) return false;
    if (t->dense) {
        t->keys = keys; t->acc = acc; t->first = first; t->cap = cap;
        s->keys = keys; s->acc = acc; s->first = first;
        s->limit = cap;
        return true;
    }
    for (uint64_t g = 0; g < s->ngroups; g++) {
        if ((int64_t)g == s->null_group) continue;
        uint64_t h = ((uint64_t)keys[g] * JIT_AGG_HASH) >> (64 - bits);
        while (slots[h]) h = (h + 1) & (nslots - 1);
        slots[h] = (uint32_t)g + 1;
    }
    free(t->slots);
    t->slots = slots; t->keys = keys; t->acc = acc; t->first = first; t->cap = cap;
    s->slots = slots; s->keys = keys; s->acc = acc; s->first = first;
    s->mask = nslots - 1;
    s->shift = (uint64_t)(64 - bits);
    s->limit = cap;
    return true;
}

/* dense: that many slots from key base (0: hashed). */
static bool agg_tab_init(jit_agg_state *s, agg_tab *t, int stride, uint64_t dense, int64_t base)
{
    memset(t, 0, sizeof *t);
    t->cap = 1;
    t->dense = dense;
    s->ngroups = 0;
    s->null_group = -1;
    s->slots = NULL;
    if (dense) {
        if (!(t->slots = calloc(dense, sizeof *t->slots))) return false;
        s->slots = t->slots;
        s->mask = dense - 1;
        s->base = base;
    }
    return agg_grow(s, t, stride);
}

static void agg_tab_free(agg_tab *t)
{
    free(t->slots); free(t->keys); free(t->acc); free(t->first);
}

/* Runs ids through fn (compiled) or jit_agg_c (fn NULL) in calls of at most step ids:
 * 0 done, -1 out of memory, else 1 + the position of the dense key out of range. */
static int64_t agg_run(const jit_agg_spec *sp, jit_agg_fn fn, jit_agg_state *s, agg_tab *t, int stride,
                       const uint32_t *ids, const int64_t *kpos, uint64_t n, uint64_t step)
{
    for (uint64_t at = 0; at < n; at += step) {
        if (sp->key_pos) s->key = kpos + at;   /* (a key per listed row, as the caller derives it) */
        s->ids = ids + at;
        s->n = n - at < step ? n - at : step;
        s->pos = 0;
        for (;;) {
            int64_t r = fn ? fn(s) : jit_agg_c(sp, s);
            if (r == 0) break;
            if (r == 2) return 1 + (int64_t)(at + s->pos);
            if (!agg_grow(s, t, stride)) return -1;
        }
    }
    return 0;
}

static int64_t agg_value(uint64_t *rng, int kind)
{
    static const int64_t ext[] = { 0, 1, -1, 2147483647, -2147483647 - 1, 7, -7, 100 };
    uint64_t r = agg_rng(rng);
    if (kind == 0) return (int64_t)(r % 5) - 2;                  /* few distinct */
    if (kind == 1) return ext[r % 8];
    if (kind == 2) return (int64_t)(int32_t)(r >> 11);           /* any 32-bit */
    return r % 3 ? (int64_t)r : r % 2 ? INT64_MAX : INT64_MIN;   /* any 64-bit: sums carry */
}

/* A random postfix expression of at most room ops over ncols slots and the constants. */
static void agg_gen_expr(uint64_t *rng, jit_agg_expr *x, int ncols, int room)
{
    int d = 0, want = 1 + (int)(agg_rng(rng) % (uint64_t)room);
    x->n = 0;
    for (;;) {
        int left = room - x->n;
        if (d == 1 && (x->n >= want || left < 2)) break;
        /* a push leaves d binary ops to come: they must fit */
        bool push = d < 2 || (x->n < want && left - 1 >= d && agg_rng(rng) % 2);
        if (push) x->op[x->n++] = agg_rng(rng) % 3 ? (jit_agg_xop){ JIT_X_COL, (uint8_t)(agg_rng(rng) % (uint64_t)ncols) }
                                                   : (jit_agg_xop){ JIT_X_K, (uint8_t)(agg_rng(rng) % JIT_AGG_K) };
        else x->op[x->n++] = (jit_agg_xop){ (uint8_t)(JIT_X_ADD + agg_rng(rng) % 3), 0 };
        d += push ? 1 : -1;
    }
}

/* cases random cases; the number that failed (the first described in err). */
static int jit_prop_agg(jit_arena *a, uint64_t seed, int cases, char *err, size_t errn)
{
    uint64_t rng = seed | 1;
    int failed = 0;
    for (int cs = 0; cs < cases; cs++) {
        uint32_t nrows = 1 + (uint32_t)(agg_rng(&rng) % 3000);
        jit_agg_spec sp;
        memset(&sp, 0, sizeof sp);
        sp.keyed = agg_rng(&rng) % 4 != 0;
        sp.key_nullable = agg_rng(&rng) % 2;
        sp.ncols = (uint8_t)(1 + agg_rng(&rng) % 4);
        for (int c = 0; c < sp.ncols; c++) sp.nullable[c] = agg_rng(&rng) % 2;
        sp.nagg = (uint8_t)(agg_rng(&rng) % (JIT_AGG_MAX + 1));
        sp.nx = (uint8_t)(agg_rng(&rng) % 3 ? 0 : 1 + agg_rng(&rng) % JIT_AGG_MAX);
        for (int i = 0; i < sp.nx; i++) agg_gen_expr(&rng, &sp.x[i], sp.ncols, 1 + (int)(agg_rng(&rng) % JIT_AGG_XOPS));
        for (int i = 0; i < sp.nagg; i++)
            sp.agg[i] = (jit_agg_op){ (uint8_t)(agg_rng(&rng) % (JIT_A_MAX + 1)), (uint8_t)(agg_rng(&rng) % sp.ncols),
                                      (uint8_t)(sp.nx ? agg_rng(&rng) % (sp.nx + 1u) : 0) };
        sp.key_pos = sp.keyed && !sp.key_nullable && agg_rng(&rng) % 2;
        int keykind = (int)(agg_rng(&rng) % 4), nullpct = (int)(agg_rng(&rng) % 3) * 25;
        size_t nb = (nrows + 8) / 8 + 8;
        int64_t *key = malloc(nrows * sizeof *key), *col[JIT_AGG_MAX] = { 0 };
        uint8_t *knull = calloc(nb, 1), *nulls[JIT_AGG_MAX] = { 0 };
        uint32_t *ids = malloc(nrows * sizeof *ids);
        uint64_t nids = 0;
        int kind[JIT_AGG_MAX];
        for (int c = 0; c < sp.ncols; c++) {
            col[c] = malloc(nrows * sizeof *col[c]);
            nulls[c] = calloc(nb, 1);
            kind[c] = (int)(agg_rng(&rng) % 4);
        }
        for (uint32_t r = 0; r < nrows; r++) {
            uint64_t x = agg_rng(&rng);
            key[r] = keykind == 0 ? (int64_t)(x % 7) : keykind == 1 ? (int64_t)(x % 5000) - 2500
                   : keykind == 2 ? (int64_t)x : (int64_t)(x % 3) * (int64_t)0x100000000ll;
            if (sp.key_nullable && (int)(agg_rng(&rng) % 100) < nullpct) knull[r >> 3] |= (uint8_t)(1u << (r & 7));
            for (int c = 0; c < sp.ncols; c++) {
                col[c][r] = agg_value(&rng, kind[c]);
                if (sp.nullable[c] && (int)(agg_rng(&rng) % 100) < nullpct) nulls[c][r >> 3] |= (uint8_t)(1u << (r & 7));
            }
            if (agg_rng(&rng) % 4) ids[nids++] = r;
        }
        int64_t *kpos = malloc((nids ? nids : 1) * sizeof *kpos);
        for (uint64_t i = 0; i < nids; i++) kpos[i] = key[ids[i]];
        /* dense over the keys' range (small ranges), now and then one short of it */
        int64_t kmin = 0, kmax = 0;
        for (uint32_t r = 0; r < nrows; r++) {
            kmin = key[r] < kmin ? key[r] : kmin;
            kmax = key[r] > kmax ? key[r] : kmax;
        }
        uint64_t dense = 0;
        sp.dense = sp.keyed && !sp.key_pos && (uint64_t)kmax - (uint64_t)kmin < 100000 && agg_rng(&rng) % 2;
        if (sp.dense) dense = (uint64_t)(kmax - kmin) + 1 - (agg_rng(&rng) % 8 == 0 && kmax > kmin);
        sp.prefetch = sp.keyed && !sp.key_pos && agg_rng(&rng) % 2;   /* (a hint: the same results) */
        int off[JIT_AGG_MAX];
        int stride = jit_agg_layout(&sp, off);
        jit_agg_state sj, sc;
        memset(&sj, 0, sizeof sj);
        for (int i = 0; i < JIT_AGG_K; i++) sj.k[i] = agg_value(&rng, (int)(agg_rng(&rng) % 4));
        sj.key = key;
        sj.key_nulls = knull;
        for (int c = 0; c < sp.ncols; c++) { sj.col[c] = col[c]; sj.nulls[c] = nulls[c]; }
        sj.stride_bytes = (uint64_t)stride * 8;
        sc = sj;
        agg_tab tj, tc;
        uint64_t step = 1 + agg_rng(&rng) % 700;
        bool ok = agg_tab_init(&sj, &tj, stride, dense, kmin) && agg_tab_init(&sc, &tc, stride, dense, kmin);
        jit_block *b = jit_agg_compile(a, &sp);
        void *fn = b ? jit_enter(b) : NULL;
        const char *why = fn ? NULL : "no code";
        if (ok && fn) {
            int64_t rj = agg_run(&sp, (jit_agg_fn)fn, &sj, &tj, stride, ids, kpos, nids, step),
                    rc = agg_run(&sp, NULL, &sc, &tc, stride, ids, kpos, nids, step);
            ok = rj >= 0 && rc >= 0;
            if (!ok) why = "out of memory";
            else if (rj != rc) why = "key out of range";
            else if (sj.ngroups != sc.ngroups || sj.null_group != sc.null_group) why = "groups";
            else
                for (uint64_t g = 0; g < sj.ngroups && !why; g++) {
                    if (tj.first[g] != tc.first[g]) why = "first row";
                    else if ((int64_t)g != sj.null_group && tj.keys[g] != tc.keys[g]) why = "key";
                    else if (stride && memcmp(&tj.acc[g * (uint64_t)stride], &tc.acc[g * (uint64_t)stride],
                                              (size_t)stride * sizeof(int64_t)))
                        why = "accumulators";
                }
        }
        if (fn) jit_leave(b);
        if (b) jit_block_free(b);
        if (why) {
            if (!failed && err)
                snprintf(err, errn, "case %d (seed %#llx): %s; rows %u, keyed %d, nullable key %d, key by position %d, dense %d, prefetch %d, %d expressions, %d aggregates, groups %llu/%llu",
                         cs, (unsigned long long)seed, why, nrows, sp.keyed, sp.key_nullable, sp.key_pos, sp.dense, sp.prefetch, sp.nx, sp.nagg,
                         (unsigned long long)sj.ngroups, (unsigned long long)sc.ngroups);
            failed++;
        }
        agg_tab_free(&tj); agg_tab_free(&tc);
        for (int c = 0; c < sp.ncols; c++) { free(col[c]); free(nulls[c]); }
        free(key); free(knull); free(ids); free(kpos);
    }
    return failed;
}

#endif
