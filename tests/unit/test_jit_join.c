/* test_jit_join.c - the lookup-join kernel (engine/jit/join.c) against its C twin
 * (tests/jit/join_prop.h), and one hand-checked join. */
#include <criterion/criterion.h>
#include "tests/jit/join_prop.h"

Test(jit_join, kernels_match_c)
{
    char err[512] = "";
    jit_arena *a = jit_arena_new(4 << 20, 0);
    cr_assert(jit_arena_ok(a));
    int n = jit_prop_join(a, 0x701u, 3000, err, sizeof err);
    cr_assert_eq(n, 0, "%d of 3000 failed, first: %s", n, err);
    jit_arena_free(a);
}

static int64_t find3(void *p, int64_t key)
{
    (void)p;
    return key >= 10 && key < 13 ? key - 10 : -1;   /* inner rows 0..2 have keys 10..12 */
}

static int odd_code(void *p, uint32_t row)
{
    const uint16_t *codes = p;
    return codes[row] & 1;
}

Test(jit_join, probe_and_conditions)
{
    /* outer rows 0..5: key 10 11 NULL 12 99 10, v 5 6 7 8 9 1; inner codes 1 2 3
       outer v >= 5, inner code odd: pairs (0,0) (3,2); row 5 fails v, row 1's inner even */
    int64_t key[6] = { 10, 11, 0, 12, 99, 10 }, v[6] = { 5, 6, 7, 8, 9, 1 };
    uint8_t knull[1] = { 1u << 2 }, none[1] = { 0 }, dead[1] = { 0 };
    uint16_t codes[3] = { 1, 2, 3 }, mkey[JIT_JOIN_MEMO] = { 0 };
    uint8_t mres[JIT_JOIN_MEMO] = { 0 };
    uint32_t in[6] = { 0, 1, 2, 3, 4, 5 }, out[6], out2[6];
    jit_join_spec sp = { .probe = true, .key_nullable = true, .ncond = 2, .probe_fn = find3,
                         .ans_fn = odd_code,
                         .cond = { { 0, JIT_JC_INT, JIT_GE, false }, { 1, JIT_JC_CODE, JIT_NE, false } } };
    jit_join_state s = { .in = in, .n = 6, .out = out, .out2 = out2, .dead = dead, .key = key,
                         .key_nulls = knull, .col = { v }, .nulls = { none, none }, .k = { 5 },
                         .codes = { NULL, codes }, .mkey = { NULL, mkey }, .mres = { NULL, mres },
                         .actx = { NULL, codes } };
    jit_arena *a = jit_arena_new(1 << 20, 0);
    jit_block *b = jit_join_compile(a, &sp);
    cr_assert(b);
    jit_join_fn fn = (jit_join_fn)jit_enter(b);
    cr_assert(fn);
    int64_t n = fn(&s);
    jit_leave(b);
    cr_assert_eq(n, 2);
    cr_assert(out[0] == 0 && out2[0] == 0 && out[1] == 3 && out2[1] == 2);
    jit_block_free(b);
    jit_arena_free(a);
}
