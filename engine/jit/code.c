/* code.c - executable memory for compiled code: a bounded arena of pages that are never
 * writable and executable at once.
 *
 * The arena reserves cap bytes of address space (PROT_NONE) once: a shared mapping of a
 * memfd, whose pages the process never maps writable. A commit takes a run of free
 * pages, writes the assembled buffers into the file with pwrite (the pages stay
 * PROT_NONE meanwhile), makes them executable and flushes the instruction cache. Taking
 * a page from no access to read+execute needs no TLB shootdown, where making a writable
 * page executable does: on this 2-CPU VM that shootdown (an IPI to every CPU the process
 * ran on) was two thirds of a compile (45 us median for a two-conjunct filter kernel).
 * Where a memfd cannot be mapped executable (a hardened kernel), the arena is anonymous
 * memory instead: a commit makes the run writable (not executable), copies, then makes
 * it executable (not writable). Either way one permission change per commit, however
 * many blocks it holds. The buffers of one
 * commit share pages (a run); a run is the unit of eviction: when no free run is large
 * enough, the idle run entered least recently is given back (PROT_NONE again, so a stale
 * call faults instead of running other code, and MADV_DONTNEED returns the memory).
 * Pages are never written while they hold live code, so a thread running code never
 * races a writer. jit_enter/jit_leave count the threads inside a run without the mutex.
 *
 * Ready pages (memfd only). On this VM a compile's pwrite into a hole (the file's page
 * allocated on the spot) and its mprotect to RX were 20-30 us each on a statement's first
 * run, most of a compile. So free pages are kept "ready" where that can be done early:
 * in the file, filled with trap bytes, executable and mapped (MADV_POPULATE_READ). A commit
 * onto ready pages is one pwrite of the code. The arena starts with JIT_READY_CHUNK of
 * them; a commit that finds no ready run prepares a chunk in one pwrite and one mprotect
 * (its code in the first pages); a released run is filled with traps again and stays ready
 * (up to JIT_READY_MAX pages; beyond, PROT_NONE and a hole as before). A stale call into a
 * ready page traps. Not on arm64: qemu-user, where make test-arm64 runs, learns of new code
 * in a page only through a permission change, so a page there holds code once. */
#include "engine/jit/jit.h"
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <assert.h>

typedef struct jit_run {
    struct jit_run *prev, *next;     /* the arena's runs with code (live) */
    uint32_t page, npages;
    uint32_t owned;                  /* blocks not yet freed by their owner */
    size_t bytes;                    /* code bytes of its blocks */
    atomic_bool live;                /* code present */
    atomic_uint active;              /* threads inside one of its blocks */
    atomic_uint_fast64_t tick;       /* last entry (arena clock) */
} jit_run;

struct jit_block {
    jit_arena *a;
    jit_run *run;
    uint32_t off;                    /* from the run's first byte */
    uint32_t len;
};

struct jit_arena {
    pthread_mutex_t mu;
    uint8_t *base;                   /* reserved range, or NULL when unusable */
    int fd;                          /* the memfd behind base, or -1: anonymous memory */
    uint8_t *scratch;                /* (memfd) a commit's pages, assembled before pwrite */
    size_t scratch_cap;
    size_t page, npages, cap;
    uint8_t *used;                   /* per page: PG_HOLE, PG_CODE or PG_READY */
    jit_run *runs;                   /* live runs */
    size_t code_bytes, used_pages, ready_pages;
    size_t owned;                    /* blocks not yet freed */
    uint64_t blocks, commits, evictions, failures;
    atomic_uint_fast64_t clock;
    bool ok;
    void (*hook)(void *ctx, void *p, size_t n);
    void *hook_ctx;
};

static atomic_bool jit_logged;

enum { PG_HOLE, PG_CODE, PG_READY };
#define JIT_READY_CHUNK 16           /* pages a commit prepares when none is ready */
#define JIT_READY_MAX 64             /* ready pages kept at most (256 KiB) */
#if defined(__x86_64__)
#define JIT_RECYCLE 1                /* released pages become ready again (not on arm64) */
#else
#define JIT_RECYCLE 0
#endif
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

#if defined(__x86_64__)
#define JIT_TRAP_BYTE 0xCC                   /* int3 */
#else
#define JIT_TRAP_BYTE 0x00                   /* arm64: 0x00000000 is udf #0 */
#endif

/* Once per process: why compiled code is off. */
static void jit_log_unusable(const char *what, int err)
{
    if (atomic_exchange(&jit_logged, true)) return;
    fprintf(stderr, "pressdb: [Warning] JIT disabled, executable memory unavailable "
            "(%s: %s); statements are interpreted\n", what, strerror(err));
}

void jit_flush_icache(void *p, size_t n)
{
#if defined(__aarch64__)
    __builtin___clear_cache((char *)p, (char *)p + n);
#else
    (void)p; (void)n;                /* x86 keeps instruction fetch coherent */
#endif
}

/* Can a page be made writable and then executable? (a hardened kernel may refuse) */
static bool jit_probe(jit_arena *a, int flags)
{
    if (flags & JIT_ARENA_NOEXEC) {
        jit_log_unusable("mprotect", EACCES);
        return false;
    }
    if (mprotect(a->base, a->page, PROT_READ | PROT_WRITE) != 0) {
        jit_log_unusable("mprotect RW", errno);
        return false;
    }
    int rc = mprotect(a->base, a->page, PROT_READ | PROT_EXEC);
    int err = errno;
    mprotect(a->base, a->page, PROT_NONE);
    if (rc != 0) {
        jit_log_unusable("mprotect RX", err);
        return false;
    }
    return true;
}

/* pwrite all of n bytes at off. */
static bool jit_pwrite(int fd, const uint8_t *p, size_t n, off_t off)
{
    while (n) {
        ssize_t w = pwrite(fd, p, n, off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w; n -= (size_t)w; off += w;
    }
    return true;
}

/* The memfd arena: a shared PROT_NONE mapping of a cap-byte memfd whose first page can
 * be written through the file and made executable. false (nothing left open) when the
 * kernel refuses any step: the anonymous arena is tried then. */
static bool jit_memfd_map(jit_arena *a)
{
    int fd = memfd_create("pressdb-jit", MFD_CLOEXEC);
    if (fd < 0) return false;
    void *m = MAP_FAILED;
    if (ftruncate(fd, (off_t)a->cap) == 0)
        m = mmap(NULL, a->cap, PROT_NONE, MAP_SHARED | MAP_NORESERVE, fd, 0);
    uint8_t trap[16];
    memset(trap, 0xCC, sizeof trap);
    bool ok = m != MAP_FAILED && jit_pwrite(fd, trap, sizeof trap, 0) &&
              mprotect(m, a->page, PROT_READ | PROT_EXEC) == 0;
    if (m != MAP_FAILED) mprotect(m, a->page, PROT_NONE);
    if (ok) ok = fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, (off_t)a->page) == 0;
    if (!ok) {
        if (m != MAP_FAILED) munmap(m, a->cap);
        close(fd);
        return false;
    }
    a->base = m;
    a->fd = fd;
    return true;
}

static bool jit_make_ready(jit_arena *a, size_t first, size_t n);

jit_arena *jit_arena_new(size_t cap, int flags)
{
    jit_arena *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->fd = -1;
    pthread_mutex_init(&a->mu, NULL);
    long pg = sysconf(_SC_PAGESIZE);
    a->page = pg > 0 ? (size_t)pg : 4096;
    a->npages = (cap + a->page - 1) / a->page;
    if (a->npages == 0) a->npages = 1;
    a->cap = a->npages * a->page;
    if (!JIT_SUPPORTED) {
        jit_log_unusable("architecture", ENOSYS);
        return a;
    }
    a->used = calloc(a->npages, 1);
    if (!a->used) {
        free(a);
        return NULL;
    }
    if (flags & JIT_ARENA_NOEXEC) {
        jit_log_unusable("mprotect", EACCES);
        return a;
    }
    if (!(flags & JIT_ARENA_ANON) && jit_memfd_map(a)) {
        a->ok = true;
        pthread_mutex_lock(&a->mu);      /* (no other thread knows a yet; for the invariant) */
        jit_make_ready(a, 0, a->npages < JIT_READY_CHUNK ? a->npages : JIT_READY_CHUNK);
        pthread_mutex_unlock(&a->mu);
        return a;
    }
    void *m = mmap(NULL, a->cap, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) {
        jit_log_unusable("mmap", errno);
        return a;
    }
    a->base = m;
    a->ok = jit_probe(a, flags);
    return a;
}

void jit_arena_free(jit_arena *a)
{
    if (!a) return;
    assert(a->owned == 0);               /* every block freed first */
    if (a->base) munmap(a->base, a->cap);
    if (a->fd >= 0) close(a->fd);
    free(a->scratch);
    free(a->used);
    pthread_mutex_destroy(&a->mu);
    free(a);
}

bool jit_arena_ok(const jit_arena *a) { return a && a->ok; }

size_t jit_code_bytes(jit_arena *a)
{
    if (!a) return 0;
    pthread_mutex_lock(&a->mu);
    size_t n = a->code_bytes;
    pthread_mutex_unlock(&a->mu);
    return n;
}

void jit_arena_stats_get(jit_arena *a, jit_arena_stats *st)
{
    memset(st, 0, sizeof *st);
    if (!a) return;
    pthread_mutex_lock(&a->mu);
    st->code_bytes = a->code_bytes;
    st->mapped_bytes = a->used_pages * a->page;
    st->ready_bytes = a->ready_pages * a->page;
    st->cap_bytes = a->ok ? a->cap : 0;
    st->blocks = a->blocks;
    st->commits = a->commits;
    st->evictions = a->evictions;
    st->failures = a->failures;
    pthread_mutex_unlock(&a->mu);
}

void jit_arena_set_write_hook(jit_arena *a, void (*fn)(void *ctx, void *p, size_t n), void *ctx)
{
    pthread_mutex_lock(&a->mu);
    a->hook = fn;
    a->hook_ctx = ctx;
    pthread_mutex_unlock(&a->mu);
}

/* First run of n pages without code (only ready ones if ready), or -1. */
static long jit_find_pages(jit_arena *a, size_t n, bool ready)
{
    size_t runlen = 0;
    for (size_t i = 0; i < a->npages; i++) {
        bool ok = ready ? a->used[i] == PG_READY : a->used[i] != PG_CODE;
        runlen = ok ? runlen + 1 : 0;
        if (runlen == n) return (long)(i + 1 - n);
    }
    return -1;
}

/* Pages [first, first + n) to state st, keeping the counts. */
static void jit_mark(jit_arena *a, size_t first, size_t n, uint8_t st)
{
    for (size_t i = first; i < first + n; i++) {
        a->used_pages -= a->used[i] == PG_CODE;
        a->ready_pages -= a->used[i] == PG_READY;
        a->used[i] = st;
        a->used_pages += st == PG_CODE;
        a->ready_pages += st == PG_READY;
    }
}

/* Pages back to no access and no memory. */
static void jit_to_hole(jit_arena *a, size_t first, size_t n)
{
    uint8_t *p = a->base + first * a->page;
    size_t bytes = n * a->page;
    mprotect(p, bytes, PROT_NONE);
    if (a->fd >= 0) fallocate(a->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)(p - a->base), (off_t)bytes);
    else madvise(p, bytes, MADV_DONTNEED);
    jit_mark(a, first, n, PG_HOLE);
}

/* The scratch buffer, at least n bytes, filled with trap bytes (mutex held). */
static bool jit_scratch(jit_arena *a, size_t n)
{
    if (n > a->scratch_cap) {
        uint8_t *ns = realloc(a->scratch, n);
        if (!ns) return false;
        a->scratch = ns;
        a->scratch_cap = n;
    }
    memset(a->scratch, JIT_TRAP_BYTE, n);    /* padding traps if ever jumped into */
    return true;
}

/* memfd pages [first, first + n): written with traps, executable, mapped (mutex held). */
static bool jit_make_ready(jit_arena *a, size_t first, size_t n)
{
    uint8_t *p = a->base + first * a->page;
    size_t bytes = n * a->page;
    if (!jit_scratch(a, bytes) || !jit_pwrite(a->fd, a->scratch, bytes, (off_t)(p - a->base)) ||
        mprotect(p, bytes, PROT_READ | PROT_EXEC) != 0) {
        jit_to_hole(a, first, n);
        return false;
    }
    madvise(p, bytes, MADV_POPULATE_READ);   /* (older kernels: the first call faults) */
    jit_flush_icache(p, bytes);
    jit_mark(a, first, n, PG_READY);
    return true;
}

static void jit_unlink(jit_arena *a, jit_run *r)
{
    if (r->prev) r->prev->next = r->next;
    else a->runs = r->next;
    if (r->next) r->next->prev = r->prev;
    r->prev = r->next = NULL;
}

/* Give a run's pages back (mutex held; nobody inside it): ready again while the pool has
 * room, else a hole. */
static void jit_release(jit_arena *a, jit_run *r)
{
    bool keep = JIT_RECYCLE && a->fd >= 0 && a->ready_pages + r->npages <= JIT_READY_MAX;
    if (!keep || !jit_make_ready(a, r->page, r->npages)) jit_to_hole(a, r->page, r->npages);
    a->code_bytes -= r->bytes;
    jit_unlink(a, r);
}

/* Take an idle run's code away; false when every run is in use. Seq-cst order pairs
 * with jit_enter: either the enterer sees live false, or we see its active count. */
static bool jit_evict_one(jit_arena *a)
{
    for (;;) {
        jit_run *best = NULL;
        uint64_t bt = UINT64_MAX;
        for (jit_run *r = a->runs; r; r = r->next) {
            uint64_t t = atomic_load(&r->tick);
            if (atomic_load(&r->active) == 0 && t < bt) { best = r; bt = t; }
        }
        if (!best) return false;
        atomic_store(&best->live, false);
        if (atomic_load(&best->active) != 0) {
            atomic_store(&best->live, true);   /* entered meanwhile: try another */
            atomic_store(&best->tick, atomic_load(&a->clock));
            continue;
        }
        assert(best->owned > 0);             /* a run is freed with its last block */
        jit_release(a, best);
        a->evictions++;
        return true;
    }
}

/* Write the buffers into pages p (mutex held). memfd: assemble and pwrite; onto ready
 * pages only the code's bytes (the rest are traps already), else the n bytes of the run
 * and extra more made ready with it, then RX and mapped. Flush. */
static bool jit_fill_memfd(jit_arena *a, uint8_t *p, size_t n, size_t extra, bool ready,
                           const uint8_t *const *code, const size_t *len, const uint32_t *off, size_t cnt)
{
    size_t end = off[cnt - 1] + len[cnt - 1], w = ready ? end : n + extra;
    if (!jit_scratch(a, w)) return false;
    for (size_t i = 0; i < cnt; i++) memcpy(a->scratch + off[i], code[i], len[i]);
    if (a->hook) a->hook(a->hook_ctx, p, n);
    if (!jit_pwrite(a->fd, a->scratch, w, (off_t)(p - a->base))) return false;
    if (!ready) {
        if (mprotect(p, n + extra, PROT_READ | PROT_EXEC) != 0) return false;
        madvise(p, n + extra, MADV_POPULATE_READ);
    }
    jit_flush_icache(p, end);
    return true;
}

/* Anonymous memory: RW, copy, RX, flush. */
static bool jit_fill(jit_arena *a, uint8_t *p, size_t n, const uint8_t *const *code,
                     const size_t *len, const uint32_t *off, size_t cnt)
{
    if (mprotect(p, n, PROT_READ | PROT_WRITE) != 0) return false;
    memset(p, JIT_TRAP_BYTE, n);             /* padding traps if ever jumped into */
    for (size_t i = 0; i < cnt; i++) memcpy(p + off[i], code[i], len[i]);
    if (a->hook) a->hook(a->hook_ctx, p, n);
    if (mprotect(p, n, PROT_READ | PROT_EXEC) != 0) {
        mprotect(p, n, PROT_NONE);
        return false;
    }
    jit_flush_icache(p, n);
    return true;
}

/* Pages for a run (mutex held): ready ones if there are (*ready), else free ones and,
 * while the pool has room, up to a chunk more after them to make ready in the same
 * writes (*extra pages). Evicts while nothing fits. */
static jit_run *jit_place(jit_arena *a, size_t npages, bool *ready, size_t *extra)
{
    long pg;
    *ready = false;
    *extra = 0;
    for (;;) {
        size_t room = JIT_READY_MAX > a->ready_pages ? JIT_READY_MAX - a->ready_pages : 0;
        size_t want = a->fd < 0 ? 0 : room < JIT_READY_CHUNK ? room : JIT_READY_CHUNK;
        if (a->fd >= 0 && (pg = jit_find_pages(a, npages, true)) >= 0) { *ready = true; break; }
        if (want && (pg = jit_find_pages(a, npages + want, false)) >= 0) { *extra = want; break; }
        if ((pg = jit_find_pages(a, npages, false)) >= 0) break;
        if (!jit_evict_one(a)) return NULL;
    }
    jit_run *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->page = (uint32_t)pg;
    r->npages = (uint32_t)npages;
    return r;
}

int jit_commit(jit_arena *a, const uint8_t *const *code, const size_t *len, size_t n,
               jit_block **out)
{
    for (size_t i = 0; i < n; i++) out[i] = NULL;
    if (!a || !a->ok || n == 0) return -1;
    uint32_t *off = malloc(n * sizeof *off);
    size_t i, total = 0, bytes = 0;
    if (!off) return -1;
    for (i = 0; i < n; i++) {            /* each owner frees its own block */
        out[i] = malloc(sizeof **out);
        if (!out[i]) goto fail_nolock;
    }
    for (i = 0; i < n; i++) {
        total = (total + 15) & ~(size_t)15;      /* entry points 16-byte aligned */
        off[i] = (uint32_t)total;
        total += len[i];
        bytes += len[i];
    }
    size_t npages = (total + a->page - 1) / a->page;
    if (npages == 0 || npages > a->npages || total > UINT32_MAX) goto fail_nolock;
    pthread_mutex_lock(&a->mu);
    bool ready;
    size_t extra;
    jit_run *r = jit_place(a, npages, &ready, &extra);
    if (!r) goto fail;
    uint8_t *p = a->base + (size_t)r->page * a->page;
    bool ok = a->fd >= 0 ? jit_fill_memfd(a, p, npages * a->page, extra * a->page, ready, code, len, off, n)
                         : jit_fill(a, p, npages * a->page, code, len, off, n);
    if (!ok) {
        if (a->fd >= 0) jit_to_hole(a, r->page, npages + extra);
        else mprotect(p, npages * a->page, PROT_NONE);
        free(r);
        goto fail;
    }
    jit_mark(a, r->page, npages, PG_CODE);
    jit_mark(a, r->page + npages, extra, PG_READY);
    r->owned = (uint32_t)n;
    r->bytes = bytes;
    atomic_store(&r->live, true);
    atomic_store(&r->tick, atomic_fetch_add(&a->clock, 1));
    r->next = a->runs;
    if (a->runs) a->runs->prev = r;
    a->runs = r;
    a->code_bytes += bytes;
    a->owned += n;
    a->blocks += n;
    a->commits++;
    pthread_mutex_unlock(&a->mu);
    for (i = 0; i < n; i++) *out[i] = (jit_block){ a, r, off[i], (uint32_t)len[i] };
    free(off);
    return 0;
fail:
    a->failures++;
    pthread_mutex_unlock(&a->mu);
fail_nolock:
    free(off);
    for (i = 0; i < n; i++) {
        free(out[i]);
        out[i] = NULL;
    }
    return -1;
}

void *jit_enter(jit_block *b)
{
    jit_run *r = b->run;
    atomic_fetch_add(&r->active, 1);
    if (!atomic_load(&r->live)) {
        atomic_fetch_sub(&r->active, 1);
        return NULL;
    }
    atomic_store_explicit(&r->tick, atomic_fetch_add_explicit(&b->a->clock, 1,
                          memory_order_relaxed), memory_order_relaxed);
    return b->a->base + (size_t)r->page * b->a->page + b->off;
}

void jit_leave(jit_block *b)
{
    unsigned was = atomic_fetch_sub(&b->run->active, 1);
    assert(was > 0);
    (void)was;
}

bool jit_block_live(jit_block *b) { return b && atomic_load(&b->run->live); }

void jit_block_free(jit_block *b)
{
    if (!b) return;
    jit_arena *a = b->a;
    jit_run *r = b->run;
    pthread_mutex_lock(&a->mu);
    assert(r->owned > 0);
    r->owned--;
    a->owned--;
    if (r->owned == 0) {
        assert(atomic_load(&r->active) == 0);   /* nobody may be inside a freed block */
        if (atomic_load(&r->live)) {
            atomic_store(&r->live, false);
            jit_release(a, r);
        }
        free(r);
    }
    pthread_mutex_unlock(&a->mu);
    free(b);
}
