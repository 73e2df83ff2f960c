/* test_filesort.c - ex_fsort_run (engine/filesort.c): MariaDB 10.11's tie order under
 * ORDER BY .. LIMIT, on the worked example of engine/sort_ties.md section 6 (answers
 * taken from a MariaDB 10.11.19 server), and that every sort it runs orders its keys. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "engine/eng.h"

static const int day_of[5] = { 3, 5, 2, 4, 1 };   /* post_date of ID: day_of[(ID-1) % 5] */

/* ORDER BY post_date DESC over row numbers that are IDs */
static int by_date_desc(uint32_t a, uint32_t b, void *arg)
{
    (void)arg;
    int x = day_of[(a - 1) % 5], y = day_of[(b - 1) % 5];
    return x > y ? -1 : x < y;
}

static void setup_ctx(ex_ctx *ctx, stor_arena *a, ex_stmt *st)
{
    stor_arena_init(a);
    memset(st, 0, sizeof *st);
    memset(ctx, 0, sizeof *ctx);
    ctx->a = a;
    ctx->stmt = st;
}

static ex_fsort pq10(void)
{
    ex_fsort f = { .limit = 10, .est_rows = 1000, .sort_buffer = 2097152, .sort_length = 5, .rec_length = 40 };
    return f;
}

Test(filesort, priority_queue_ties_as_mariadb)
{
    stor_arena a; ex_stmt st; ex_ctx ctx;
    setup_ctx(&ctx, &a, &st);
    /* WHERE post_type = 'post': read through type_status_date (status, date, ID) */
    uint32_t rows[] = { 30, 6, 24, 12, 5, 10, 15, 20, 25, 35, 40, 3, 8, 13, 23, 28, 33, 38,
                        1, 11, 16, 21, 26, 31, 4, 14, 19, 29, 34, 39, 2, 7, 17, 22, 32, 37 };
    ex_fsort f = pq10();
    cr_assert(ex_fsort_pq(&f));
    uint32_t n = ex_fsort_run(&ctx, &f, rows, sizeof rows / sizeof *rows, by_date_desc, NULL);
    cr_assert_eq(n, 11);
    const uint32_t want[10] = { 37, 22, 17, 32, 7, 12, 2, 34, 24, 29 };
    for (int i = 0; i < 10; i++) cr_assert_eq(rows[i], want[i], "row %d: %u, MariaDB %u", i, rows[i], want[i]);
    /* WHERE 1 = 1: a table scan, primary key order */
    uint32_t scan[40];
    for (uint32_t i = 0; i < 40; i++) scan[i] = i + 1;
    ex_fsort_run(&ctx, &f, scan, 40, by_date_desc, NULL);
    const uint32_t want2[10] = { 22, 37, 32, 7, 27, 12, 17, 2, 14, 24 };
    for (int i = 0; i < 10; i++) cr_assert_eq(scan[i], want2[i], "row %d: %u, MariaDB %u", i, scan[i], want2[i]);
    stor_arena_free(&a);
}

Test(filesort, queue_or_not)
{
    ex_fsort f = pq10();
    f.limit = UINT64_MAX;
    cr_assert(!ex_fsort_pq(&f));                 /* no LIMIT */
    f.limit = 400;
    cr_assert(!ex_fsort_pq(&f));                 /* not below a third of the estimate */
    f.est_rows = 1u << 30;
    cr_assert(ex_fsort_pq(&f));                  /* the estimate past the buffer: LIMIT's rows fit */
    f.limit = 2097152 / 48;
    cr_assert(!ex_fsort_pq(&f));                 /* ... and now they do not */
}

static int mod7(uint32_t a, uint32_t b, void *arg)
{
    (void)arg;
    return (int)(a % 7) - (int)(b % 7);
}

Test(filesort, sorts_every_size)
{
    stor_arena a; ex_stmt st; ex_ctx ctx;
    setup_ctx(&ctx, &a, &st);
    srand(11);
    for (uint32_t n = 0; n < 3000; n += n < 60 ? 1 : 257) {
        uint32_t *r = malloc((size_t)n * 4 + 4), *seen = calloc((size_t)n + 1, 4);
        for (uint32_t i = 0; i < n; i++) r[i] = i;
        for (uint32_t i = n; i > 1; i--) { uint32_t j = (uint32_t)rand() % i, x = r[i - 1]; r[i - 1] = r[j]; r[j] = x; }
        ex_fsort f = pq10();
        f.limit = n % 2 ? 25 : UINT64_MAX;
        uint32_t k = ex_fsort_run(&ctx, &f, r, n, mod7, NULL);
        cr_assert(k == n || (f.limit == 25 && k == 26), "n=%u k=%u", n, k);
        for (uint32_t i = 1; i < k; i++) cr_assert(r[i - 1] % 7 <= r[i] % 7, "n=%u at %u", n, i);
        for (uint32_t i = 0; i < k; i++) { cr_assert(r[i] < n && !seen[r[i]]); seen[r[i]] = 1; }
        free(r); free(seen);
        stor_arena_reset(&a);
    }
    stor_arena_free(&a);
}
