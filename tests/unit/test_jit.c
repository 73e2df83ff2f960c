/* test_jit.c - the template JIT (engine/jit/): emitter ops and filter kernels against C
 * (tests/jit/prop.h), and the code arena: W^X, eviction, entered code kept, byte counts,
 * the fallback when executable memory cannot be had, many threads at once. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>
#include "tests/jit/prop.h"

#if defined(__SANITIZE_ADDRESS__)
#define JIT_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define JIT_TEST_ASAN 1
#endif
#endif

Test(jit, emitter_ops_match_c)
{
    char err[512] = "";
    jit_arena *a = jit_arena_new(1 << 20, 0);
    cr_assert(jit_arena_ok(a));
    int n = jit_prop_ops(a, 0x0b5, 30000, err, sizeof err);
    cr_assert_eq(n, 0, "%d of 30000 failed, first: %s", n, err);
    jit_arena_free(a);
}

Test(jit, filter_kernels_match_c)
{
    char err[512] = "";
    jit_arena *a = jit_arena_new(1 << 20, 0);
    cr_assert(jit_arena_ok(a));
    int n = jit_prop_filter(a, 0xf117e5, 20000, err, sizeof err);
    cr_assert_eq(n, 0, "%d of 20000 failed, first: %s", n, err);
    jit_arena_free(a);
}

/* A function returning v, padded to about len bytes (so a block fills pages). */
static void ret_const(jit_emit *e, int64_t v, int pad)
{
    jit_emit_init(e);
    jit_prologue(e);
    for (int i = 0; i < pad; i++) jit_addi(e, JIT_T0, JIT_T0, 1);
    jit_movi(e, JIT_T0, v);
    jit_ret(e, JIT_T0);
    cr_assert(jit_finish(e));
}

static jit_block *commit_const(jit_arena *a, int64_t v, int pad)
{
    jit_emit e;
    ret_const(&e, v, pad);
    const uint8_t *p = e.p;
    size_t len = e.len;
    jit_block *b = NULL;
    jit_commit(a, &p, &len, 1, &b);
    jit_emit_done(&e);
    return b;
}

static int64_t call_block(jit_block *b)
{
    int64_t (*fn)(void) = (int64_t (*)(void))jit_enter(b);
    cr_assert_not_null(fn);
    int64_t v = fn();
    jit_leave(b);
    return v;
}

/* The permissions /proc/self/maps shows for the page at p ("r-xp"), and whether any
 * mapping of the process is writable and executable at once. */
static void maps_perms(const void *p, char perms[5], bool *any_wx)
{
    FILE *f = fopen("/proc/self/maps", "r");
    cr_assert_not_null(f);
    char line[512];
    strcpy(perms, "none");
    *any_wx = false;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        char pr[5];
        if (sscanf(line, "%lx-%lx %4s", &lo, &hi, pr) != 3) continue;
        if (pr[1] == 'w' && pr[2] == 'x') *any_wx = true;
        if ((uintptr_t)p >= lo && (uintptr_t)p < hi) memcpy(perms, pr, 5);
    }
    fclose(f);
}

typedef struct wx_seen { int calls; char perms[5]; bool any_wx; } wx_seen;

static void wx_hook(void *ctx, void *p, size_t n)
{
    wx_seen *s = ctx;
    s->calls++;
    maps_perms(p, s->perms, &s->any_wx);
}

/* Does the page at p hold only trap bytes? */
static bool all_traps(const void *p)
{
    const uint8_t *b = (const uint8_t *)((uintptr_t)p & ~((uintptr_t)sysconf(_SC_PAGESIZE) - 1));
#if defined(__x86_64__)
    const uint8_t trap = 0xCC;
#else
    const uint8_t trap = 0x00;
#endif
    for (long i = 0; i < sysconf(_SC_PAGESIZE); i++)
        if (b[i] != trap) return false;
    return true;
}

/* The memfd arena (the default): the target pages are never mapped writable, not even
 * while the code is written (through the file: onto pages kept ready, executable and
 * full of traps, or not accessible yet); the anonymous one (JIT_ARENA_ANON, where a memfd
 * cannot be executable) makes them writable then, not executable. After a free a stale
 * call faults: the page is not accessible, or (memfd, a page kept ready) holds only
 * trap bytes. */
static void never_wx(int flags, const char *while_written, const char *after, const char *freed)
{
    jit_arena *a = jit_arena_new(64 << 10, flags);
    cr_assert(jit_arena_ok(a));
    wx_seen s = { 0 };
    jit_arena_set_write_hook(a, wx_hook, &s);
    jit_block *b = commit_const(a, 42, 0);
    cr_assert_not_null(b);
    cr_assert_eq(s.calls, 1);
    cr_assert(strstr(while_written, s.perms) != NULL, "while written: %s", s.perms);
    cr_assert(!s.any_wx);
    void *fn = jit_enter(b);
    char perms[5];
    bool any_wx;
    maps_perms(fn, perms, &any_wx);
    cr_assert_str_eq(perms, after, "after commit: %s", perms);
    cr_assert(!any_wx);
    cr_assert_eq(((int64_t (*)(void))fn)(), 42);
    jit_leave(b);
    jit_block_free(b);
    maps_perms(fn, perms, &any_wx);
    if (strcmp(perms, freed) != 0) {                           /* a stale call faults */
        cr_assert(flags == 0 && strcmp(perms, "r-xs") == 0, "after free: %s", perms);
        cr_assert(all_traps(fn), "a freed page kept ready holds only traps");
    }
    jit_arena_free(a);
}

Test(jit, arena_never_writable_and_executable)
{
    never_wx(0, "---s r-xs", "r-xs", "---s");
}

Test(jit, anonymous_arena_never_writable_and_executable)
{
    never_wx(JIT_ARENA_ANON, "rw-p", "r-xp", "---p");
}

Test(jit, batch_commit_one_permission_change)
{
    jit_arena *a = jit_arena_new(64 << 10, 0);
    wx_seen s = { 0 };
    jit_arena_set_write_hook(a, wx_hook, &s);
    jit_emit e[5];
    const uint8_t *p[5];
    size_t len[5], total = 0;
    for (int i = 0; i < 5; i++) {
        ret_const(&e[i], 100 + i, i * 3);
        p[i] = e[i].p;
        len[i] = e[i].len;
        total += e[i].len;
    }
    jit_block *b[5];
    cr_assert_eq(jit_commit(a, p, len, 5, b), 0);
    cr_assert_eq(s.calls, 1);
    for (int i = 0; i < 5; i++) cr_assert_eq(call_block(b[i]), 100 + i);
    cr_assert_eq(jit_code_bytes(a), total);
    for (int i = 0; i < 5; i++) {
        jit_block_free(b[i]);
        jit_emit_done(&e[i]);
    }
    cr_assert_eq(jit_code_bytes(a), 0);
    jit_arena_free(a);
}

Test(jit, eviction_least_recently_entered)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    jit_arena *a = jit_arena_new(2 * pg, 0);
    int pad = (int)(pg / 8) + 8;        /* 4-byte addis: over half a page, a page each */
    jit_block *x = commit_const(a, 1, pad), *y = commit_const(a, 2, pad);
    cr_assert(x && y);
    jit_arena_stats st;
    jit_arena_stats_get(a, &st);
    cr_assert_eq(st.mapped_bytes, 2 * pg);
    cr_assert_eq(call_block(x), 1);     /* y is now the least recently entered */
    jit_block *z = commit_const(a, 3, pad);
    cr_assert_not_null(z);
    cr_assert(!jit_block_live(y));
    cr_assert_null(jit_enter(y));
    cr_assert(jit_block_live(x));
    cr_assert_eq(call_block(x), 1);
    cr_assert_eq(call_block(z), 3);
    /* entered code is never evicted: with both pages entered, a commit fails */
    void *fx = jit_enter(x), *fz = jit_enter(z);
    cr_assert(fx && fz);
    cr_assert_null(commit_const(a, 4, pad));
    jit_leave(x);
    jit_leave(z);
    jit_block *w = commit_const(a, 4, pad);
    cr_assert_not_null(w);
    cr_assert_eq(call_block(w), 4);
    jit_arena_stats_get(a, &st);
    cr_assert_eq(st.evictions, 2);
    cr_assert_eq(st.failures, 1);
    cr_assert_eq(st.mapped_bytes, 2 * pg);
    cr_assert_null(commit_const(a, 5, 3 * (int)pg));   /* larger than the arena */
    jit_block_free(x);
    jit_block_free(y);
    jit_block_free(z);
    jit_block_free(w);
    jit_arena_stats_get(a, &st);
    cr_assert_eq(st.code_bytes, 0);
    cr_assert_eq(st.mapped_bytes, 0);
    jit_arena_free(a);
}

Test(jit, no_executable_memory_falls_back)
{
    jit_arena *a = jit_arena_new(1 << 20, JIT_ARENA_NOEXEC);
    cr_assert_not_null(a);
    cr_assert(!jit_arena_ok(a));
    jit_filter_spec sp = { .mode = JIT_COUNT, .ncols = 1, .nconj = 1 };
    cr_assert_null(jit_filter_compile(a, &sp));
    cr_assert_null(commit_const(a, 1, 0));
    cr_assert_eq(jit_code_bytes(a), 0);
    jit_arena_free(a);
}

/* The kernel's mmap really failing (address-space limit; Criterion runs each test in
 * its own process, so the limit dies with it). ASan needs its address space: skipped. */
Test(jit, mmap_failure_falls_back)
{
#ifndef JIT_TEST_ASAN
    unsigned long vm_pages = 0;              /* the address space in use now */
    FILE *f = fopen("/proc/self/statm", "r");
    cr_assert_not_null(f);
    cr_assert_eq(fscanf(f, "%lu", &vm_pages), 1);
    fclose(f);
    rlim_t lim = (rlim_t)vm_pages * (rlim_t)sysconf(_SC_PAGESIZE) + (32 << 20);
    struct rlimit rl = { lim, lim }, old;
    getrlimit(RLIMIT_AS, &old);
    rl.rlim_max = old.rlim_max;
    jit_arena *a = NULL;
    if (setrlimit(RLIMIT_AS, &rl) == 0) {
        a = jit_arena_new((size_t)1 << 30, 0);    /* 1 GiB reservation > the limit */
        setrlimit(RLIMIT_AS, &old);
        cr_assert_not_null(a);
        cr_assert(!jit_arena_ok(a));
        cr_assert_null(commit_const(a, 1, 0));
        jit_arena_free(a);
    }
#endif
}

/* Many threads compiling, running and freeing kernels in a small arena (evicting each
 * other's code), each result checked, older kernels entered after others may have
 * evicted them (refused, never run stale). */
Test(jit, threads_share_an_arena)
{
    char err[256] = "";
    int n = jit_prop_threads((size_t)sysconf(_SC_PAGESIZE), 4, 400, err, sizeof err);
    cr_assert_eq(n, 0, "%s", err);
}

/* the arena checks the arm64 driver runs, here too */
Test(jit, arena_checks_of_the_standalone_driver)
{
    char err[256] = "";
    int n = jit_prop_arena((size_t)sysconf(_SC_PAGESIZE), err, sizeof err);
    cr_assert_eq(n, 0, "%s", err);
}

/* The kernel on storage's own structures: a stor_column's vector and NULL bitmap, a
 * stor_table's dead bitmap and versions, visibility by storage's stor_ver_visible; the
 * reference is the interpreter's per-row test (stor_row_visible, stor_is_null). */
Test(jit, storage_layouts_and_visibility)
{
    enum { N = 1000 };
    stor_table t;
    stor_column c;
    memset(&t, 0, sizeof t);
    memset(&c, 0, sizeof c);
    t.nrows = N;
    t.dead = calloc(N / 8 + 1, 1);
    t.ver = calloc(N, sizeof *t.ver);
    c.i64 = malloc(N * sizeof *c.i64);
    c.nulls = calloc(N / 8 + 1, 1);
    for (uint32_t i = 0; i < N; i++) {
        c.i64[i] = (int64_t)(i * 7919 % 1000);
        if (i % 11 == 0) c.nulls[i >> 3] |= (uint8_t)(1 << (i & 7));
        if (i % 13 == 0) t.dead[i >> 3] |= (uint8_t)(1 << (i & 7));
        switch (i % 10) {
        case 1: t.ver[i].xmin = 5; break;                                   /* committed */
        case 2: t.ver[i].xmin = 5; t.ver[i].xmax = 7; break;                /* deleted */
        case 3: t.ver[i].xmin = STOR_TXN_BIT | 99; break;                   /* not ours */
        case 4: t.ver[i].xmax = STOR_TXN_BIT | STOR_LOCK_BIT | 3; break;    /* locked */
        default: continue;
        }
        t.nver++;
    }
    jit_arena *a = jit_arena_new(1 << 16, 0);
    jit_filter_spec sp = { .mode = JIT_COUNT, .ncols = 1, .nullable = { true }, .has_dead = true,
                           .nconj = 1, .conj = { { 0, JIT_GT } }, .vis = stor_ver_visible };
    jit_block *b = jit_filter_compile(a, &sp);
    jit_filter_fn fn = (jit_filter_fn)jit_enter(b);
    cr_assert_not_null(fn);
    for (int64_t k = -1; k < 1000; k += 37) {
        int64_t want = 0;
        for (uint32_t i = 0; i < N; i++)
            want += stor_row_visible(&t, i) && !stor_is_null(&c, i) && c.i64[i] > k;
        jit_scan s = { .col = { c.i64 }, .nulls = { c.nulls }, .dead = t.dead, .k = { k },
                       .begin = 0, .end = N, .ver = t.nver ? t.ver : NULL, .table = &t };
        cr_assert_eq(fn(&s), want, "k %" PRId64, k);
    }
    jit_leave(b);
    jit_block_free(b);
    jit_arena_free(a);
    free(t.dead);
    free(t.ver);
    free(c.i64);
    free(c.nulls);
}
