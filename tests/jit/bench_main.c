/* bench_main.c - the JIT's figures (`make jit-bench`): compile time per filter kernel
 * and per aggregate kernel (p50/p99), and rows per second of the compiled filter-count against the same filter
 * as a C loop compiled by gcc -O2 and as an interpreter-like generic loop (conjuncts as
 * data, a switch per compare, as the expression VM runs them). Results are checked
 * against each other before any figure is printed. Compile times are wall clock (p50
 * and p99 shrug off a rare descheduling); scans are thread CPU time, best of 7.
 *
 *   bench_main [rows (10000000)] [kernels to compile (5000)] */
#include "engine/jit/jit.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_us(void)                 /* wall clock (vDSO: cheap for short spans) */
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static double cpu_us(void)                 /* this thread's CPU: descheduling left out */
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void compile_times(jit_arena *a, int n)
{
    double *t = malloc(n * sizeof *t), *tb = malloc(n * sizeof *tb);
    size_t bytes = 0;
    for (int i = 0; i < n; i++) {
        jit_filter_spec sp = { .mode = (jit_mode)(next() % 3), .ncols = 4,
                               .has_dead = next() & 1, .nconj = 1 + next() % 6 };
        sp.fn = (jit_row_fn)(uintptr_t)0x1000;      /* never called: only compiled */
        for (int c = 0; c < 4; c++) sp.nullable[c] = next() & 1;
        for (int k = 0; k < sp.nconj; k++) sp.conj[k] = (jit_conj){ next() % 4, next() % 6 };
        double t0 = now_us();
        jit_emit e;
        jit_emit_init(&e);
        jit_filter_build(&e, &sp);
        double t1 = now_us();
        const uint8_t *p = e.p;
        size_t len = e.len;
        jit_block *b = NULL;
        jit_commit(a, &p, &len, 1, &b);
        double t2 = now_us();
        jit_emit_done(&e);
        if (!b) { fprintf(stderr, "compile failed\n"); exit(1); }
        bytes += len;
        t[i] = t2 - t0;
        tb[i] = t1 - t0;
        jit_block_free(b);
    }
    qsort(t, n, sizeof *t, cmp_d);
    qsort(tb, n, sizeof *tb, cmp_d);
    printf("compile (assemble + commit), %d kernels of 1-6 conjuncts: p50 %.1f us, p99 %.1f us, "
           "max %.1f us; assembling alone p50 %.2f us, p99 %.2f us; %.0f bytes of code each\n",
           n, t[n / 2], t[n * 99 / 100], t[n - 1], tb[n / 2], tb[n * 99 / 100],
           (double)bytes / n);
    free(t);
    free(tb);
}

/* the same two filters hand-written, as gcc -O2 compiles them */
static __attribute__((noinline)) int64_t c_loop1(const int64_t *v, uint64_t n, int64_t k)
{
    int64_t c = 0;
    for (uint64_t i = 0; i < n; i++) c += v[i] > k;
    return c;
}

static __attribute__((noinline)) int64_t c_loop2(const jit_scan *s)
{
    const int64_t *a = s->col[0], *b = s->col[1];
    const uint8_t *na = s->nulls[0], *nb = s->nulls[1], *d = s->dead;
    int64_t c = 0, ka = s->k[0], kb = s->k[1];
    for (uint64_t i = s->begin; i < s->end; i++) {
        unsigned sh = i & 7;
        if ((d[i >> 3] >> sh) & 1) continue;
        if ((na[i >> 3] >> sh) & 1 || !(a[i] > ka)) continue;
        if ((nb[i >> 3] >> sh) & 1) continue;
        c += b[i] <= kb;
    }
    return c;
}

/* the same, written branch-free as the JIT's kernel is */
static __attribute__((noinline)) int64_t c_loop2_flat(const jit_scan *s)
{
    const int64_t *a = s->col[0], *b = s->col[1];
    const uint8_t *na = s->nulls[0], *nb = s->nulls[1], *d = s->dead;
    int64_t c = 0, ka = s->k[0], kb = s->k[1];
    for (uint64_t i = s->begin; i < s->end; i++) {
        unsigned sh = i & 7, skip = (d[i >> 3] | na[i >> 3] | nb[i >> 3]) >> sh & 1;
        c += !skip & (a[i] > ka) & (b[i] <= kb);
    }
    return c;
}

/* interpreter-like: the conjunction as data, each compare through a switch */
static __attribute__((noinline)) int64_t generic_loop(const jit_filter_spec *sp, const jit_scan *s)
{
    int64_t c = 0;
    for (uint64_t i = s->begin; i < s->end; i++) {
        if (sp->has_dead && (s->dead[i >> 3] >> (i & 7)) & 1) continue;
        bool ok = true;
        for (int k = 0; k < sp->nconj && ok; k++) {
            int col = sp->conj[k].col;
            if (sp->nullable[col] && (s->nulls[col][i >> 3] >> (i & 7)) & 1) { ok = false; break; }
            int64_t x = s->col[col][i], y = s->k[k];
            switch (sp->conj[k].op) {
            case JIT_EQ: ok = x == y; break;
            case JIT_NE: ok = x != y; break;
            case JIT_LT: ok = x < y; break;
            case JIT_LE: ok = x <= y; break;
            case JIT_GT: ok = x > y; break;
            default: ok = x >= y; break;
            }
        }
        c += ok;
    }
    return c;
}

#define BEST(var, expr) do { var = 1e30; for (int r_ = 0; r_ < 7; r_++) { double t0 = cpu_us(); \
    res = (expr); double dt = cpu_us() - t0; if (dt < var) var = dt; } } while (0)

static void report(const char *what, uint64_t n, double us, int64_t res)
{
    printf("  %-34s %8.1f ms  %7.0f M rows/s  (%" PRId64 " rows)\n", what, us / 1e3, n / us, res);
}

/* The same for aggregate kernels (engine/jit/agg.c) of 1-8 aggregates, keyed or not. */
static void agg_compile_times(jit_arena *a, int n)
{
    double *t = malloc(n * sizeof *t);
    size_t bytes = 0;
    for (int i = 0; i < n; i++) {
        jit_agg_spec sp = { .keyed = next() & 1, .key_nullable = next() & 1, .ncols = 4,
                            .nagg = 1 + next() % JIT_AGG_MAX };
        for (int c = 0; c < 4; c++) sp.nullable[c] = next() & 1;
        for (int k = 0; k < sp.nagg; k++) sp.agg[k] = (jit_agg_op){ next() % (JIT_A_MAX + 1), next() % 4, 0 };
        double t0 = now_us();
        jit_emit e;
        jit_emit_init(&e);
        jit_agg_build(&e, &sp);
        const uint8_t *p = e.p;
        size_t len = e.len;
        jit_block *b = NULL;
        jit_commit(a, &p, &len, 1, &b);
        t[i] = now_us() - t0;
        jit_emit_done(&e);
        if (!b) { fprintf(stderr, "compile failed\n"); exit(1); }
        bytes += len;
        jit_block_free(b);
    }
    qsort(t, n, sizeof *t, cmp_d);
    printf("compile (assemble + commit), %d aggregate kernels of 1-8 aggregates: p50 %.1f us, p99 %.1f us, "
           "max %.1f us; %.0f bytes of code each\n", n, t[n / 2], t[n * 99 / 100], t[n - 1], (double)bytes / n);
    free(t);
}

int main(int argc, char **argv)
{
    uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 0) : 10000000;
    int nk = argc > 2 ? atoi(argv[2]) : 5000;
    jit_arena *a = jit_arena_new(16 << 20, 0);
    if (!jit_arena_ok(a)) return 1;
    compile_times(a, nk);
    agg_compile_times(a, nk);

    int64_t *c0 = malloc(n * 8), *c1 = malloc(n * 8);
    uint8_t *n0 = calloc(n / 8 + 1, 1), *n1 = calloc(n / 8 + 1, 1), *dead = calloc(n / 8 + 1, 1);
    for (uint64_t i = 0; i < n; i++) {
        c0[i] = (int64_t)(next() % 1000);
        c1[i] = (int64_t)(next() % 1000);
        if (next() % 10 == 0) n0[i >> 3] |= 1 << (i & 7);
        if (next() % 10 == 0) n1[i >> 3] |= 1 << (i & 7);
        if (next() % 20 == 0) dead[i >> 3] |= 1 << (i & 7);
    }
    jit_scan s = { .col = { c0, c1 }, .nulls = { n0, n1 }, .dead = dead, .k = { 500, 300 },
                   .begin = 0, .end = n };
    double tj, tc, tg;
    int64_t res, rj, rc, rg;

    jit_filter_spec s1 = { .mode = JIT_COUNT, .ncols = 1, .nconj = 1, .conj = { { 0, JIT_GT } } };
    jit_block *b1 = jit_filter_compile(a, &s1);
    jit_filter_fn f1 = (jit_filter_fn)jit_enter(b1);
    BEST(tj, f1(&s)); rj = res;
    BEST(tc, c_loop1(c0, n, 500)); rc = res;
    BEST(tg, generic_loop(&s1, &s)); rg = res;
    jit_leave(b1);
    if (rj != rc || rj != rg) { fprintf(stderr, "results differ\n"); return 1; }
    printf("filter-count `a > 500` over %" PRIu64 " rows (no NULLs, no dead rows), best of 7:\n", n);
    report("JIT kernel", n, tj, rj);
    report("C loop, gcc -O2", n, tc, rc);
    report("generic loop (interpreter-like)", n, tg, rg);

    jit_filter_spec s2 = { .mode = JIT_COUNT, .ncols = 2, .nullable = { true, true },
                           .has_dead = true, .nconj = 2,
                           .conj = { { 0, JIT_GT }, { 1, JIT_LE } } };
    jit_block *b2 = jit_filter_compile(a, &s2);
    jit_filter_fn f2 = (jit_filter_fn)jit_enter(b2);
    BEST(tj, f2(&s)); rj = res;
    BEST(tc, c_loop2(&s)); rc = res;
    double tf;
    int64_t rf;
    BEST(tf, c_loop2_flat(&s)); rf = res;
    BEST(tg, generic_loop(&s2, &s)); rg = res;
    if (rj != rc || rj != rg || rj != rf) { fprintf(stderr, "results differ\n"); return 1; }
    printf("filter-count `a > 500 AND b <= 300`, 10%% NULLs each, 5%% dead rows:\n");
    report("JIT kernel", n, tj, rj);
    report("C loop, gcc -O2", n, tc, rc);
    report("C loop branch-free, gcc -O2", n, tf, rf);
    report("generic loop (interpreter-like)", n, tg, rg);

    s2.mode = JIT_IDS;
    jit_block *b3 = jit_filter_compile(a, &s2);
    jit_filter_fn f3 = (jit_filter_fn)jit_enter(b3);
    s.ids = malloc(n * sizeof *s.ids);
    BEST(tj, f3(&s)); rj = res;
    if (rj != rc) { fprintf(stderr, "results differ\n"); return 1; }
    report("JIT kernel, row ids written", n, tj, rj);
    jit_leave(b2);
    jit_leave(b3);
    jit_block_free(b1);
    jit_block_free(b2);
    jit_block_free(b3);
    jit_arena_free(a);
    return 0;
}
