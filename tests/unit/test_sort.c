/* test_sort.c - ex_sort (engine/exec.c): the order glibc's qsort_r gives (both stable),
 * for comparators with many ties, small and large elements; and past the time slice it
 * leaves by EX_MOVE from inside the sort; a watched one for KILL and max_statement_time. */
#include <criterion/criterion.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "engine/eng.h"

static int cmp_mod97(const void *x, const void *y, void *arg)
{
    (void)arg;
    uint32_t a = *(const uint32_t *)x % 97, b = *(const uint32_t *)y % 97;
    return a < b ? -1 : a > b;
}

static int cmp_first_byte(const void *x, const void *y, void *arg)
{
    int m = *(const int *)arg;
    return (int)(*(const unsigned char *)x % m) - (int)(*(const unsigned char *)y % m);
}

Test(sort, same_order_as_qsort_r)
{
    stor_arena a;
    stor_arena_init(&a);
    ex_stmt st = { 0 };
    ex_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.a = &a;
    ctx.stmt = &st;
    srand(7);
    for (size_t n = 0; n < 5000; n += n < 70 ? 1 : 331) {
        uint32_t *x = malloc(n * 4 + 4), *y = malloc(n * 4 + 4);
        for (size_t i = 0; i < n; i++) x[i] = y[i] = (uint32_t)rand();
        if (n % 3 == 1)
            for (size_t i = 0; i < n; i++) x[i] = y[i] = (uint32_t)(n - i);   /* descending */
        qsort_r(x, n, 4, cmp_mod97, NULL);
        ex_sort(&ctx, y, n, 4, cmp_mod97, NULL);
        cr_assert(!memcmp(x, y, n * 4), "n=%zu", n);
        unsigned char *c = malloc(n * 40 + 1), *d = malloc(n * 40 + 1);
        for (size_t i = 0; i < n * 40; i++) c[i] = d[i] = (unsigned char)rand();
        int m = 5;
        qsort_r(c, n, 40, cmp_first_byte, &m);
        ex_sort(&ctx, d, n, 40, cmp_first_byte, &m);
        cr_assert(!memcmp(c, d, n * 40), "n=%zu (40-byte elements)", n);
        free(x); free(y); free(c); free(d);
        stor_arena_reset(&a);
    }
    stor_arena_free(&a);
}

Test(sort, moves_past_the_slice)
{
    stor_arena a;
    stor_arena_init(&a);
    ex_stmt st = { 0 };
    st.slice_at = 1;   /* long past */
    ex_err err;
    jmp_buf jb;
    ex_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.a = &a;
    ctx.stmt = &st;
    ctx.jb = &jb;
    ctx.err = &err;
    size_t n = 100000;
    uint32_t *x = malloc(n * 4);
    for (size_t i = 0; i < n; i++) x[i] = (uint32_t)(n - i);
    volatile bool moved = false;
    if (setjmp(jb)) moved = true;
    else ex_sort(&ctx, x, n, 4, cmp_mod97, NULL);
    cr_assert(moved && err.code == EX_MOVE && st.slice_at == 0);
    /* without a slice it sorts on */
    ex_sort(&ctx, x, n, 4, cmp_mod97, NULL);
    for (size_t i = 1; i < n; i++) cr_assert(x[i - 1] % 97 <= x[i] % 97);
    free(x);
    stor_arena_free(&a);
}

/* A watched statement (every statement run_statement runs) stops inside the sort for
 * KILL QUERY (1317, the request cleared), KILL CONNECTION (1927, the request kept) and
 * past max_statement_time (1969). */
static uint16_t sort_watched(pdb_session *s, uint64_t stop_at)
{
    stor_arena a;
    stor_arena_init(&a);
    ex_stmt st = { 0 };
    st.watch = true;
    st.stop_at = stop_at;
    ex_err err;
    jmp_buf jb;
    ex_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.a = &a;
    ctx.s = s;
    ctx.stmt = &st;
    ctx.jb = &jb;
    ctx.err = &err;
    size_t n = 100000;
    uint32_t *x = malloc(n * 4);
    for (size_t i = 0; i < n; i++) x[i] = (uint32_t)(n - i);
    volatile uint16_t code = 0;
    if (setjmp(jb)) code = err.code;
    else ex_sort(&ctx, x, n, 4, cmp_mod97, NULL);
    free(x);
    stor_arena_free(&a);
    return code;
}

Test(sort, stops_for_kill_and_max_statement_time)
{
    pdb_session *s = calloc(1, sizeof *s);
    _Atomic uint8_t kill = 0;
    s->kill = &kill;
    cr_assert_eq(sort_watched(s, 0), 0);                  /* nothing asked: sorts on */
    atomic_store(&kill, 1);
    cr_assert_eq(sort_watched(s, 0), 1317);
    cr_assert_eq(atomic_load(&kill), 0);
    atomic_store(&kill, 2);
    cr_assert_eq(sort_watched(s, 0), 1927);
    cr_assert_eq(atomic_load(&kill), 2);
    atomic_store(&kill, 0);
    cr_assert_eq(sort_watched(s, 1), 1969);               /* a deadline long past */
    free(s);
}
