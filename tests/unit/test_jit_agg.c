/* test_jit_agg.c - the grouped-aggregate kernel (engine/jit/agg.c) against its C twin
 * (tests/jit/agg_prop.h), and the stop-and-grow protocol with a table of one slot pair. */
#include <criterion/criterion.h>
#include "tests/jit/agg_prop.h"

Test(jit_agg, kernels_match_c)
{
    char err[512] = "";
    jit_arena *a = jit_arena_new(4 << 20, 0);
    cr_assert(jit_arena_ok(a));
    int n = jit_prop_agg(a, 0xa66u, 3000, err, sizeof err);
    cr_assert_eq(n, 0, "%d of 3000 failed, first: %s", n, err);
    jit_arena_free(a);
}

Test(jit_agg, counts_and_sums_by_key)
{
    /* keys 1 2 1 NULL 2 1, values 10 20 30 40 NULL 60: COUNT(*), SUM, MIN, MAX per key */
    int64_t key[6] = { 1, 2, 1, 0, 2, 1 }, v[6] = { 10, 20, 30, 40, 0, 60 };
    uint8_t knull[2] = { 1u << 3, 0 }, vnull[2] = { 1u << 4, 0 };
    uint32_t ids[6] = { 0, 1, 2, 3, 4, 5 };
    jit_agg_spec sp = { .keyed = true, .key_nullable = true, .ncols = 1, .nullable = { true }, .nagg = 4,
                        .agg = { { JIT_A_COUNT_STAR, 0, 0 }, { JIT_A_SUM, 0, 0 }, { JIT_A_MIN, 0, 0 }, { JIT_A_MAX, 0, 0 } } };
    int off[JIT_AGG_MAX];
    int stride = jit_agg_layout(&sp, off);
    cr_assert_eq(stride, 1 + 3 + 3 + 3);
    jit_arena *a = jit_arena_new(1 << 20, 0);
    jit_block *b = jit_agg_compile(a, &sp);
    cr_assert(b);
    jit_agg_state s = { .key = key, .key_nulls = knull, .col = { v }, .nulls = { vnull },
                        .stride_bytes = (uint64_t)stride * 8 };
    agg_tab t;
    cr_assert(agg_tab_init(&s, &t, stride, 0, 0));
    jit_agg_fn fn = (jit_agg_fn)jit_enter(b);
    cr_assert(agg_run(&sp, fn, &s, &t, stride, ids, NULL, 6, 6) == 0);
    jit_leave(b);
    cr_assert_eq(s.ngroups, 3);
    cr_assert_eq(s.null_group, 2);
    cr_assert_eq(t.keys[0], 1);
    cr_assert_eq(t.keys[1], 2);
    cr_assert_eq(t.first[0], 0);
    cr_assert_eq(t.first[1], 1);
    cr_assert_eq(t.first[2], 3);
    int64_t *g1 = &t.acc[0], *g2 = &t.acc[stride], *gn = &t.acc[2 * stride];
    cr_assert_eq(g1[off[0]], 3);
    cr_assert_eq(g1[off[1]], 100);
    cr_assert_eq(g1[off[1] + 1], 0);
    cr_assert_eq(g1[off[1] + 2], 3);
    cr_assert_eq(g1[off[2]], 10);
    cr_assert_eq(g1[off[2] + 2], 0);
    cr_assert_eq(g1[off[3]], 60);
    cr_assert_eq(g1[off[3] + 2], 5);
    cr_assert_eq(g2[off[0]], 2);
    cr_assert_eq(g2[off[1]], 20);
    cr_assert_eq(g2[off[1] + 2], 1);
    cr_assert_eq(gn[off[0]], 1);
    cr_assert_eq(gn[off[1]], 40);
}

Test(jit_agg, sums_carry_into_128_bits)
{
    /* INT64_MAX twice, then -1 three times, INT64_MIN once: 2^64 - 2 - 3 - 2^63 */
    int64_t v[6] = { INT64_MAX, INT64_MAX, -1, -1, -1, INT64_MIN };
    uint8_t vnull[2] = { 0, 0 };
    uint32_t ids[6] = { 0, 1, 2, 3, 4, 5 };
    jit_agg_spec sp = { .ncols = 1, .nagg = 1, .agg = { { JIT_A_SUM, 0, 0 } } };
    int off[JIT_AGG_MAX];
    int stride = jit_agg_layout(&sp, off);
    jit_arena *a = jit_arena_new(1 << 20, 0);
    jit_block *b = jit_agg_compile(a, &sp);
    cr_assert(b);
    jit_agg_state s = { .col = { v }, .nulls = { vnull }, .stride_bytes = (uint64_t)stride * 8 };
    agg_tab t;
    cr_assert(agg_tab_init(&s, &t, stride, 0, 0));
    jit_agg_fn fn = (jit_agg_fn)jit_enter(b);
    cr_assert(agg_run(&sp, fn, &s, &t, stride, ids, NULL, 6, 6) == 0);
    jit_leave(b);
    __int128 want = (__int128)INT64_MAX * 2 - 3 + (__int128)INT64_MIN;
    __int128 got = (__int128)((unsigned __int128)(uint64_t)t.acc[1] << 64 | (uint64_t)t.acc[0]);
    cr_assert(got == want);
    cr_assert_eq(t.acc[2], 6);
    agg_tab_free(&t);
    jit_block_free(b);
    jit_arena_free(a);
}

Test(jit_agg, expression_values_and_keys_by_position)
{
    /* rows 0..4 listed as 4 0 2 3 with keys 7 8 7 8 by position; SUM(a * (100 - b)),
       MAX(a - b), COUNT(a + b) (b NULL in row 2) */
    int64_t a[5] = { 3, 5, 2, -4, 10 }, b[5] = { 1, 0, 0, 50, 99 }, kpos[4] = { 7, 8, 7, 8 };
    uint8_t anull[1] = { 0 }, bnull[1] = { 1u << 2 };
    uint32_t ids[4] = { 4, 0, 2, 3 };
    jit_agg_spec sp = { .keyed = true, .key_pos = true, .ncols = 2, .nullable = { false, true }, .nagg = 3,
                        .agg = { { JIT_A_SUM, 0, 1 }, { JIT_A_MAX, 0, 2 }, { JIT_A_COUNT, 0, 3 } }, .nx = 3 };
    sp.x[0] = (jit_agg_expr){ 5, { { JIT_X_COL, 0 }, { JIT_X_K, 3 }, { JIT_X_COL, 1 }, { JIT_X_SUB, 0 }, { JIT_X_MUL, 0 } } };
    sp.x[1] = (jit_agg_expr){ 3, { { JIT_X_COL, 0 }, { JIT_X_COL, 1 }, { JIT_X_SUB, 0 } } };
    sp.x[2] = (jit_agg_expr){ 3, { { JIT_X_COL, 0 }, { JIT_X_COL, 1 }, { JIT_X_ADD, 0 } } };
    int off[JIT_AGG_MAX];
    int stride = jit_agg_layout(&sp, off);
    jit_arena *ar = jit_arena_new(1 << 20, 0);
    jit_block *bl = jit_agg_compile(ar, &sp);
    cr_assert(bl);
    jit_agg_state s = { .col = { a, b }, .nulls = { anull, bnull }, .k = { [3] = 100 },
                        .stride_bytes = (uint64_t)stride * 8 };
    agg_tab t;
    cr_assert(agg_tab_init(&s, &t, stride, 0, 0));
    jit_agg_fn fn = (jit_agg_fn)jit_enter(bl);
    cr_assert(agg_run(&sp, fn, &s, &t, stride, ids, kpos, 4, 4) == 0);
    jit_leave(bl);
    cr_assert_eq(s.ngroups, 2);
    cr_assert_eq(t.keys[0], 7);
    cr_assert_eq(t.first[0], 4);
    cr_assert_eq(t.first[1], 0);
    const int64_t *g7 = &t.acc[0], *g8 = &t.acc[stride];
    /* key 7: rows 4 and 2 (b NULL): SUM 10 * 1 = 10 over one row, MAX 10 - 99, COUNT 1 */
    cr_assert_eq(g7[off[0]], 10);
    cr_assert_eq(g7[off[0] + 2], 1);
    cr_assert_eq(g7[off[1]], -89);
    cr_assert_eq(g7[off[2]], 1);
    /* key 8: rows 0 and 3: SUM 3 * 99 + -4 * 50 = 97, MAX max(2, -54), COUNT 2 */
    cr_assert_eq(g8[off[0]], 97);
    cr_assert_eq(g8[off[0] + 1], 0);
    cr_assert_eq(g8[off[1]], 2);
    cr_assert_eq(g8[off[1] + 2], 0);
    cr_assert_eq(g8[off[2]], 2);
    agg_tab_free(&t);
    jit_block_free(bl);
    jit_arena_free(ar);
}

/* Dense slots: key - base is the slot; a key outside base..base + mask stops with 2 at
 * its row and writes nothing. */
Test(jit_agg, dense_keys_and_a_key_out_of_range)
{
    int64_t key[6] = { 7, 5, 7, 6, 5, 9 }, v[6] = { 1, 2, 3, 4, 5, 6 };
    uint32_t ids[6] = { 0, 1, 2, 3, 4, 5 };
    jit_agg_spec sp = { .keyed = true, .dense = true, .ncols = 1, .nagg = 2,
                        .agg = { { JIT_A_COUNT_STAR, 0, 0 }, { JIT_A_SUM, 0, 0 } } };
    int off[JIT_AGG_MAX];
    int stride = jit_agg_layout(&sp, off);
    jit_arena *a = jit_arena_new(1 << 20, 0);
    jit_block *b = jit_agg_compile(a, &sp);
    cr_assert(b);
    jit_agg_state s = { .key = key, .col = { v }, .stride_bytes = (uint64_t)stride * 8 };
    agg_tab t;
    cr_assert(agg_tab_init(&s, &t, stride, 4, 5));   /* keys 5..8: 9 is outside */
    jit_agg_fn fn = (jit_agg_fn)jit_enter(b);
    cr_assert_eq(agg_run(&sp, fn, &s, &t, stride, ids, NULL, 6, 6), 1 + 5);
    jit_leave(b);
    cr_assert_eq(s.ngroups, 3);
    cr_assert_eq(t.slots[0], 2);   /* key 5: the second group */
    cr_assert_eq(t.slots[1], 3);
    cr_assert_eq(t.slots[2], 1);
    cr_assert_eq(t.slots[3], 0);
    cr_assert_eq(t.acc[0 * stride + off[1]], 4);   /* key 7: 1 + 3 */
    cr_assert_eq(t.acc[1 * stride + off[1]], 7);   /* key 5: 2 + 5 */
    cr_assert_eq(t.acc[2 * stride + off[0]], 1);
    agg_tab_free(&t);
    jit_block_free(b);
    jit_arena_free(a);
}
