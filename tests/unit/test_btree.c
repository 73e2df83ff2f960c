/* test_btree.c - the ordered view's B+tree (storage/btree.c) against a sorted array:
 * random inserts and removes, iteration both ways, seeks, bulk builds. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "storage/storage.h"

/* Rows are ordered by a key per row id (few distinct keys: many ties), then by row id,
 * as table.c orders an index's rows. */
typedef struct keys { const int *key; } keys;

static int cmp_rows(const void *ctx, uint32_t a, uint32_t b)
{
    const keys *k = ctx;
    if (k->key[a] != k->key[b]) return k->key[a] < k->key[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

static const keys *qctx;
static int qcmp(const void *a, const void *b) { return cmp_rows(qctx, *(const uint32_t *)a, *(const uint32_t *)b); }

/* xorshift: a fixed sequence whatever libc's rand is */
static uint64_t rs = 88172645463325252ull;
static uint32_t rnd(uint32_t n) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (uint32_t)(rs % n); }

/* The reference: the rows in the tree, sorted. */
static uint32_t *sorted(const bool *in, uint32_t nrows, const keys *k, uint32_t *n)
{
    uint32_t *v = malloc((nrows + 1) * sizeof *v);
    *n = 0;
    for (uint32_t r = 0; r < nrows; r++) if (in[r]) v[(*n)++] = r;
    qctx = k;
    qsort(v, *n, sizeof *v, qcmp);
    return v;
}

static void same_as(const struct stor_ord *o, const bool *in, uint32_t nrows, const keys *k)
{
    uint32_t n, r, i = 0;
    uint32_t *ref = sorted(in, nrows, k, &n);
    cr_assert(stor_ord_check(o, cmp_rows, k));
    cr_assert_eq(stor_ord_count(o), n);
    stor_ord_it it;
    for (stor_ord_first(o, &it); stor_ord_next(&it, &r); i++) cr_assert_eq(r, ref[i], "forward %u", i);
    cr_assert_eq(i, n);
    for (stor_ord_last(o, &it); stor_ord_prev(&it, &r);) cr_assert_eq(r, ref[--i], "backward %u", i);
    cr_assert_eq(i, 0);
    free(ref);
}

typedef struct probe { const keys *k; int key; } probe;
static int probe_key(void *ctx, uint32_t r)
{
    const probe *p = ctx;
    return p->k->key[r] < p->key ? -1 : p->k->key[r] > p->key;
}

/* Seeks to key: the first row with a key >= it; forward from there and backward from
 * there match the reference on both sides of the place. */
static void seeks(const struct stor_ord *o, const bool *in, uint32_t nrows, const keys *k, int nkeys)
{
    uint32_t n;
    uint32_t *ref = sorted(in, nrows, k, &n);
    for (int t = 0; t < 60; t++) {
        probe p = { k, (int)rnd((uint32_t)nkeys + 2) - 1 };
        uint32_t at = 0;
        while (at < n && k->key[ref[at]] < p.key) at++;
        stor_ord_it it, back;
        stor_ord_seek(o, &it, probe_key, &p);
        back = it;
        uint32_t r, i = at, steps = 0;
        while (steps++ < 100 && stor_ord_next(&it, &r)) cr_assert_eq(r, ref[i++], "seek %d forward", p.key);
        if (steps <= 100) cr_assert_eq(i, n);
        i = at;
        while (stor_ord_prev(&back, &r)) cr_assert_eq(r, ref[--i], "seek %d backward", p.key);
        cr_assert_eq(i, 0);
    }
    free(ref);
}

static void random_run(uint32_t nrows, int nkeys, uint32_t ops)
{
    int *key = malloc(nrows * sizeof *key);
    bool *in = calloc(nrows, 1);
    keys k = { key };
    for (uint32_t r = 0; r < nrows; r++) key[r] = (int)rnd((uint32_t)nkeys);
    struct stor_ord *o = stor_ord_new();
    cr_assert_not_null(o);
    for (uint32_t op = 0; op < ops; op++) {
        uint32_t r = rnd(nrows);
        /* grow for the first half, then about as many removes as inserts */
        bool add = op < ops / 2 ? rnd(4) != 0 : rnd(2) != 0;
        if (add && !in[r]) { cr_assert_eq(stor_ord_insert(o, r, cmp_rows, &k), 0); in[r] = true; }
        else if (!add && in[r]) { cr_assert_eq(stor_ord_remove(o, r, cmp_rows, &k), 0); in[r] = false; }
        else if (!add) cr_assert_eq(stor_ord_remove(o, r, cmp_rows, &k), -1);   /* not in it */
        if (op % (ops / 8) == 0) { same_as(o, in, nrows, &k); seeks(o, in, nrows, &k, nkeys); }
    }
    same_as(o, in, nrows, &k);
    seeks(o, in, nrows, &k, nkeys);
    /* empty it, in random order */
    for (uint32_t r = 0; r < nrows; r++) {
        uint32_t x = (r * 2654435761u) % nrows;   /* a permutation when nrows is odd */
        if (in[x]) { cr_assert_eq(stor_ord_remove(o, x, cmp_rows, &k), 0); in[x] = false; }
    }
    for (uint32_t r = 0; r < nrows; r++)
        if (in[r]) { cr_assert_eq(stor_ord_remove(o, r, cmp_rows, &k), 0); in[r] = false; }
    same_as(o, in, nrows, &k);
    stor_ord_it it;
    uint32_t r;
    stor_ord_first(o, &it);
    cr_assert(!stor_ord_next(&it, &r));
    cr_assert(!stor_ord_prev(&it, &r));
    stor_ord_free(o);
    free(key); free(in);
}

Test(btree, random_small) { random_run(301, 7, 4000); }
Test(btree, random_ties) { random_run(20001, 13, 60000); }
Test(btree, random_distinct_keys) { random_run(50001, 1 << 30, 120000); }

Test(btree, ascending_and_descending_inserts)
{
    enum { N = 30001 };
    int *key = malloc(N * sizeof *key);
    bool *in = calloc(N, 1);
    keys k = { key };
    for (uint32_t r = 0; r < N; r++) key[r] = (int)r;
    struct stor_ord *o = stor_ord_new();
    for (uint32_t r = 0; r < N; r += 2) { stor_ord_insert(o, r, cmp_rows, &k); in[r] = true; }
    for (int r = N - 2; r >= 1; r -= 2) { stor_ord_insert(o, (uint32_t)r, cmp_rows, &k); in[r] = true; }
    same_as(o, in, N, &k);
    seeks(o, in, N, &k, N);
    /* remove a contiguous stretch: leaves empty out and merge */
    for (uint32_t r = 1000; r < 25000; r++) { cr_assert_eq(stor_ord_remove(o, r, cmp_rows, &k), 0); in[r] = false; }
    same_as(o, in, N, &k);
    seeks(o, in, N, &k, N);
    stor_ord_free(o);
    free(key); free(in);
}

Test(btree, bulk_build_then_changes)
{
    for (uint32_t n = 0; n < 5000; n = n * 3 + 1) {
        uint32_t nrows = 2 * n + 1;
        int *key = malloc(nrows * sizeof *key);
        bool *in = calloc(nrows, 1);
        keys k = { key };
        for (uint32_t r = 0; r < nrows; r++) key[r] = (int)rnd(50);
        for (uint32_t r = 0; r < n; r++) in[rnd(nrows)] = true;
        uint32_t cnt;
        uint32_t *rows = sorted(in, nrows, &k, &cnt);
        struct stor_ord *o = stor_ord_build(rows, cnt);
        free(rows);
        cr_assert_not_null(o);
        same_as(o, in, nrows, &k);
        seeks(o, in, nrows, &k, 50);
        for (uint32_t i = 0; i < 3 * n; i++) {
            uint32_t r = rnd(nrows);
            if (in[r]) stor_ord_remove(o, r, cmp_rows, &k);
            else stor_ord_insert(o, r, cmp_rows, &k);
            in[r] = !in[r];
        }
        same_as(o, in, nrows, &k);
        seeks(o, in, nrows, &k, 50);
        stor_ord_free(o);
        free(key); free(in);
    }
}
