/* test_strpool.c - the per-column pool of short string values. */
#include <criterion/criterion.h>
#include <string.h>
#include <stdio.h>
#include "storage/storage.h"

Test(strpool, equal_values_share_one_copy_until_the_last_release)
{
    stor_column c;
    memset(&c, 0, sizeof c);
    size_t before = stor_mem_used();
    uint8_t p1, p2, p3;
    char *a = stor_strpool_hold(&c, "publish", 7, &p1);
    char *b = stor_strpool_hold(&c, "publish", 7, &p2);
    char *d = stor_strpool_hold(&c, "Publish", 7, &p3);   /* other bytes: its own copy */
    cr_assert(p1 && p2 && p3);
    cr_assert_eq(a, b);
    cr_assert_neq(a, d);
    cr_assert_eq(memcmp(a, "publish", 8), 0);            /* NUL-terminated */
    stor_strpool_release(&c, a, p1);
    cr_assert_eq(memcmp(b, "publish", 7), 0);            /* still held by the other row */
    uint8_t p4;
    char *e = stor_strpool_hold(&c, "publish", 7, &p4);
    cr_assert_eq(e, b);
    stor_strpool_release(&c, b, p2);
    stor_strpool_release(&c, e, p4);
    stor_strpool_release(&c, d, p3);
    stor_strpool_free(&c);
    cr_assert_eq(stor_mem_used(), before);
}

Test(strpool, long_and_empty_values)
{
    stor_column c;
    memset(&c, 0, sizeof c);
    char longv[STOR_POOL_MAX + 10];
    memset(longv, 'x', sizeof longv);
    uint8_t pl, pe1, pe2;
    char *l = stor_strpool_hold(&c, longv, sizeof longv, &pl);
    cr_assert_eq(pl, 0);                                 /* too long: a plain copy */
    cr_assert_eq(memcmp(l, longv, sizeof longv), 0);
    char *e1 = stor_strpool_hold(&c, "", 0, &pe1);
    char *e2 = stor_strpool_hold(&c, "", 0, &pe2);
    cr_assert(pe1 && pe2);
    cr_assert_eq(e1, e2);
    stor_strpool_release(&c, l, pl);
    stor_strpool_release(&c, e1, pe1);
    stor_strpool_release(&c, e2, pe2);
    stor_strpool_free(&c);
}

Test(strpool, mostly_distinct_column_stops_pooling_and_keeps_values)
{
    stor_column c;
    memset(&c, 0, sizeof c);
    enum { N = 3000 };
    static char *v[N];
    static uint8_t pooled[N];
    char buf[32];
    int npooled = 0;
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "slug-%d", i);
        v[i] = stor_strpool_hold(&c, buf, (uint32_t)n, &pooled[i]);
        npooled += pooled[i];
    }
    cr_assert_lt(npooled, N);                            /* gave up somewhere */
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "slug-%d", i);
        cr_assert_eq(memcmp(v[i], buf, (size_t)n + 1), 0);
    }
    for (int i = 0; i < N; i++) stor_strpool_release(&c, v[i], pooled[i]);
    stor_strpool_free(&c);
}
