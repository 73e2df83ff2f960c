/* mem.c - counted allocation on jemalloc, and per-statement bump arenas. */
#include "storage/storage.h"
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#ifdef PDB_NO_JEMALLOC
#include <malloc.h>
#else
#include <jemalloc/jemalloc.h>
#endif

#ifndef PDB_NO_JEMALLOC
/* jemalloc: return freed pages to the system within about a second, from a background
 * thread, so a burst (a large INSERT being parsed) does not stay in RSS. One arena per
 * CPU (not jemalloc's four per CPU, assigned per thread): a statement moved to one of
 * the many pool threads (server/command.c) allocates from the arena of the CPU it runs
 * on, whose freed pages the previous statements there left warm; with an arena per
 * thread it met cold pages (a page fault per 4 kB: a 1.4 ms GROUP BY took 3 to 5 ms for
 * its first dozen runs, one per pool thread). */
const char *malloc_conf = "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,percpu_arena:percpu";
#endif

static _Atomic size_t mem_used;   /* bytes handed out by stor_* (usable sizes) */

#ifdef PDB_MEM_DEBUG
/* Debug mode (build with -DPDB_MEM_DEBUG): every pointer stor_* hands out is recorded
 * with the size counted for it, and any pointer that crosses families is reported with
 * a backtrace: stor_free/stor_realloc of a pointer stor_* did not hand out (or of one
 * counted with another size), and stor_malloc returning an address still recorded
 * (the previous owner was released with plain free/realloc). With the environment
 * variable PRESSDB_MEM_DEBUG_LARGE=bytes it also prints a backtrace for every allocation
 * of at least that size. Build: make BUILD=build-memdbg CFLAGS="-O1 -g -DPDB_MEM_DEBUG";
 * resolve the frames with addr2line -f -e build-memdbg/pressdb +offset. */
#include <execinfo.h>
#include <pthread.h>
static pthread_mutex_t dbg_mu = PTHREAD_MUTEX_INITIALIZER;
static struct dbg_ent { void *p; size_t n; } *dbg_tab;
static size_t dbg_cap, dbg_cnt;
static int dbg_reports;
static size_t dbg_large;   /* PRESSDB_MEM_DEBUG_LARGE: report allocations of this size up */
static void dbg_report(const char *what, void *p, size_t n)
{
    if (dbg_reports++ >= 50) return;
    void *bt[24];
    int k = backtrace(bt, 24);
    fprintf(stderr, "pressdb mem-debug: %s %p (%zu bytes)\n", what, p, n);
    backtrace_symbols_fd(bt, k, 2);
}
static size_t dbg_slot(void *p)
{
    size_t h = ((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull, m = dbg_cap - 1, i = h & m;
    while (dbg_tab[i].p && dbg_tab[i].p != p) i = (i + 1) & m;
    return i;
}
static void dbg_add(void *p, size_t n)
{
    pthread_mutex_lock(&dbg_mu);
    if ((dbg_cnt + 1) * 2 > dbg_cap) {
        struct dbg_ent *old = dbg_tab;
        size_t oc = dbg_cap;
        dbg_cap = oc ? oc * 2 : 1 << 16;
        dbg_tab = calloc(dbg_cap, sizeof *dbg_tab);
        for (size_t i = 0; i < oc; i++) if (old[i].p) dbg_tab[dbg_slot(old[i].p)] = old[i];
        free(old);
    }
    size_t i = dbg_slot(p);
    if (dbg_large == 0) {
        const char *e = getenv("PRESSDB_MEM_DEBUG_LARGE");
        dbg_large = e && *e ? strtoull(e, NULL, 10) : SIZE_MAX;
    }
    if (n >= dbg_large) {
        void *bt[8];
        int k = backtrace(bt, 8);
        fprintf(stderr, "pressdb mem-debug: large %zu\n", n);
        backtrace_symbols_fd(bt, k, 2);
    }
    if (dbg_tab[i].p) dbg_report("handed out again while still counted (freed by plain free?)", p, dbg_tab[i].n);
    else dbg_cnt++;
    dbg_tab[i].p = p; dbg_tab[i].n = n;
    pthread_mutex_unlock(&dbg_mu);
}
static void dbg_del(void *p, size_t n, const char *who)
{
    pthread_mutex_lock(&dbg_mu);
    size_t i = dbg_cap ? dbg_slot(p) : 0;
    if (!dbg_cap || !dbg_tab[i].p) dbg_report(who, p, n);
    else {
        if (dbg_tab[i].n != n) dbg_report("counted with another size", p, dbg_tab[i].n);
        /* backward-shift deletion */
        size_t m = dbg_cap - 1, j = i;
        dbg_tab[i].p = NULL; dbg_cnt--;
        for (;;) {
            j = (j + 1) & m;
            if (!dbg_tab[j].p) break;
            size_t h = (((uintptr_t)dbg_tab[j].p >> 4) * 0x9E3779B97F4A7C15ull) & m;
            if (((j - h) & m) >= ((j - i) & m)) { dbg_tab[i] = dbg_tab[j]; dbg_tab[j].p = NULL; i = j; }
        }
    }
    pthread_mutex_unlock(&dbg_mu);
}
#define DBG_ADD(p, n) dbg_add(p, n)
#define DBG_DEL(p, n, who) dbg_del(p, n, who)
#else
#define DBG_ADD(p, n) ((void)0)
#define DBG_DEL(p, n, who) ((void)0)
#endif

/* A block handed out by stor_*: counted in Memory_used at its usable size. */
static void *counted(void *p)
{
    if (p) { atomic_fetch_add(&mem_used, malloc_usable_size(p)); DBG_ADD(p, malloc_usable_size(p)); }
    return p;
}

/* Definitions (CREATE TABLE, DATABASE, VIEW, TRIGGER, routines and events) come from an
 * arena of their own, while the thread is marked (stor_mem_catalog, set by the engine for
 * such a statement): they stay for the table's life, and mixed into the slabs of row
 * values they kept those slabs' pages resident after the rows were freed (evict.c: 300
 * small sites, 119 KiB of RSS each once evicted against 33 KiB counted). No thread cache
 * in that mode (it would hand back regions of other arenas, and take the catalog's). */
#ifndef PDB_NO_JEMALLOC
static unsigned cat_arena;
static bool cat_ok;
static pthread_once_t cat_once = PTHREAD_ONCE_INIT;
static __thread bool cat_on;

static void cat_init(void)
{
    size_t sz = sizeof cat_arena;
    cat_ok = mallctl("arenas.create", &cat_arena, &sz, NULL, 0) == 0;
}

void stor_mem_catalog(bool on)
{
    if (on) pthread_once(&cat_once, cat_init);
    cat_on = on && cat_ok;
}
#define CAT_FLAGS (MALLOCX_ARENA(cat_arena) | MALLOCX_TCACHE_NONE)
static void *raw_malloc(size_t n) { return cat_on ? mallocx(n, CAT_FLAGS) : malloc(n); }
static void *raw_calloc(size_t n, size_t sz) { return cat_on ? mallocx(n * sz, CAT_FLAGS | MALLOCX_ZERO) : calloc(n, sz); }
static void *raw_realloc(void *p, size_t n) { return cat_on ? (p ? rallocx(p, n, CAT_FLAGS) : mallocx(n, CAT_FLAGS)) : realloc(p, n); }
static void raw_free(void *p) { if (cat_on) dallocx(p, MALLOCX_TCACHE_NONE); else free(p); }
#else
void stor_mem_catalog(bool on) { (void)on; }
#define raw_malloc malloc
#define raw_calloc calloc
#define raw_realloc realloc
#define raw_free free
#endif

void *stor_malloc(size_t n) { return counted(raw_malloc(n ? n : 1)); }

void *stor_calloc(size_t n, size_t sz)
{
    if (sz && n > SIZE_MAX / sz) return NULL;
    return counted(raw_calloc(n ? n : 1, sz ? sz : 1));
}

void *stor_realloc(void *p, size_t n)
{
    size_t old = p ? malloc_usable_size(p) : 0;
    if (p) DBG_DEL(p, old, "stor_realloc of a pointer stor_* did not hand out");
    void *q = raw_realloc(p, n ? n : 1);
    if (!q) { if (p) DBG_ADD(p, old); return NULL; }
    DBG_ADD(q, malloc_usable_size(q));
    atomic_fetch_add(&mem_used, malloc_usable_size(q));
    atomic_fetch_sub(&mem_used, old);
    return q;
}

/* ---- column vectors ----
 * A table's value arrays only grow (doubling) and must read as zeros past what was
 * written. Small ones live on the heap (realloc, the new part zeroed); from VEC_MAP_MIN
 * on each is its own anonymous mapping, grown with mremap: no copy of the old part and
 * no memset of the new one (the kernel's zero pages, faulted in as rows arrive), asked
 * for transparent huge pages. Counted in stor_mem_used as the mapping's size. */
#define VEC_MAP_MIN ((size_t)2 << 20)

static size_t vec_pages(size_t n)
{
    size_t pg = 4096;
    return (n + pg - 1) & ~(pg - 1);
}

void *stor_vec_grow(void *p, size_t old, size_t n)
{
    assert(n >= old);
    if (n < VEC_MAP_MIN) {
        char *q = stor_realloc(p, n);
        if (q) memset(q + old, 0, n - old);
        return q;
    }
    size_t nm = vec_pages(n);
    void *q;
    if (old < VEC_MAP_MIN) {
        q = mmap(NULL, nm, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (q == MAP_FAILED) return NULL;
        if (old) memcpy(q, p, old);
        stor_free(p);
    } else {
        size_t om = vec_pages(old);
        q = mremap(p, om, nm, MREMAP_MAYMOVE);
        if (q == MAP_FAILED) return NULL;
        atomic_fetch_sub(&mem_used, om);
    }
    madvise(q, nm, MADV_HUGEPAGE);
    atomic_fetch_add(&mem_used, nm);
    return q;
}

void stor_vec_free(void *p, size_t n)
{
    if (!p) return;
    if (n < VEC_MAP_MIN) { stor_free(p); return; }
    munmap(p, vec_pages(n));
    atomic_fetch_sub(&mem_used, vec_pages(n));
}

void stor_free(void *p)
{
    if (!p) return;
    atomic_fetch_sub(&mem_used, malloc_usable_size(p));
    DBG_DEL(p, malloc_usable_size(p), "stor_free of a pointer stor_* did not hand out");
    raw_free(p);
}

/* Long string values (a post's content) live in an arena of their own whose memory is
 * marked for transparent huge pages: a restart or a log replay writes hundreds of MB of
 * them into fresh memory, and scans read them end to end; with 4 KiB pages both were
 * dominated by page faults and TLB misses (worse in a virtual machine). Only these values:
 * jemalloc's own huge-page mode for everything cost each arena 2 MiB pages from the start
 * (an empty server's RSS 12.7 -> 22 MiB here). Without jemalloc: plain stor_malloc.
 *
 * Once jemalloc gives pages of such a mapping back (the values were compressed, deleted
 * or replaced), the mapping stops asking for huge pages: khugepaged would otherwise fill
 * the holes again, a whole 2 MiB for any one page still in use (max_ptes_none), and an
 * idle server's RSS grew by 82 MiB in two minutes at scale 10 after its text went cold. */
#ifndef PDB_NO_JEMALLOC
static extent_hooks_t *hp_default, hp_hooks;
static unsigned hp_arena;
static bool hp_ok;
static pthread_once_t hp_once = PTHREAD_ONCE_INIT;

/* the arena's mappings still marked (jemalloc retains its mappings: none is unmapped) */
#define HP_MAPS 256
static struct { char *p; size_t n; } hp_maps[HP_MAPS];
static uint32_t hp_nmaps;
static pthread_mutex_t hp_mu = PTHREAD_MUTEX_INITIALIZER;

static void *hp_alloc(extent_hooks_t *h, void *new_addr, size_t size, size_t alignment, bool *zero,
                      bool *commit, unsigned arena_ind)
{
    (void)h;
    void *p = hp_default->alloc(hp_default, new_addr, size, alignment, zero, commit, arena_ind);
    if (!p || size < (2u << 20)) return p;
    pthread_mutex_lock(&hp_mu);
    bool kept = hp_nmaps < HP_MAPS;   /* (past that, not marked: it could not be unmarked) */
    if (kept) hp_maps[hp_nmaps++] = (__typeof__(hp_maps[0])){ p, size };
    pthread_mutex_unlock(&hp_mu);
    if (kept) madvise(p, size, MADV_HUGEPAGE);
    return p;
}

/* Pages of [addr, addr + size) given back: the mappings they are in are unmarked, once
 * (jemalloc merges extents of neighbouring mappings: one range may span several). */
static void hp_unmark(void *addr, size_t size)
{
    char *a = addr;
    pthread_mutex_lock(&hp_mu);
    for (uint32_t i = 0; i < hp_nmaps;) {
        if (a >= hp_maps[i].p + hp_maps[i].n || a + size <= hp_maps[i].p) { i++; continue; }
        madvise(hp_maps[i].p, hp_maps[i].n, MADV_NOHUGEPAGE);
        hp_maps[i] = hp_maps[--hp_nmaps];
    }
    pthread_mutex_unlock(&hp_mu);
}

static bool hp_purge_lazy(extent_hooks_t *h, void *addr, size_t size, size_t offset, size_t length,
                          unsigned arena_ind)
{
    (void)h;
    hp_unmark(addr, size);
    return hp_default->purge_lazy(hp_default, addr, size, offset, length, arena_ind);
}

static bool hp_purge_forced(extent_hooks_t *h, void *addr, size_t size, size_t offset, size_t length,
                            unsigned arena_ind)
{
    (void)h;
    hp_unmark(addr, size);
    return hp_default->purge_forced(hp_default, addr, size, offset, length, arena_ind);
}

static void hp_init(void)
{
    size_t sz = sizeof hp_default;
    if (mallctl("arena.0.extent_hooks", &hp_default, &sz, NULL, 0) != 0 || !hp_default) return;
    hp_hooks = *hp_default;
    hp_hooks.alloc = hp_alloc;
    if (hp_default->purge_lazy) hp_hooks.purge_lazy = hp_purge_lazy;
    if (hp_default->purge_forced) hp_hooks.purge_forced = hp_purge_forced;
    extent_hooks_t *hooks = &hp_hooks;
    sz = sizeof hp_arena;
    hp_ok = mallctl("arenas.create", &hp_arena, &sz, &hooks, sizeof hooks) == 0;
}
#endif

char *stor_strndup_long(const char *s, size_t n)
{
#ifndef PDB_NO_JEMALLOC
    pthread_once(&hp_once, hp_init);
    if (hp_ok && n >= STOR_LONG_STR) {
        /* (no thread cache: it would hand back regions of the thread's own arena) */
        char *p = counted(mallocx(n + 1, MALLOCX_ARENA(hp_arena) | MALLOCX_TCACHE_NONE));
        if (!p) return NULL;
        memcpy(p, s, n);
        p[n] = 0;
        return p;
    }
#endif
    return stor_strndup(s, n);
}

char *stor_strndup(const char *s, size_t n)
{
    char *p = stor_malloc(n + 1);
    if (!p) return NULL;
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

size_t stor_mem_used(void) { return atomic_load(&mem_used); }
void stor_mem_external(ptrdiff_t delta) { atomic_fetch_add(&mem_used, (size_t)delta); }

static size_t mem_limit, mem_ceiling;
/* Statements may take an eighth more than table data may: a full table still leaves
 * room to read it, and what they take beyond that fails them, not the process. */
void stor_set_mem_limit(size_t bytes) { mem_limit = bytes; mem_ceiling = bytes ? bytes + bytes / 8 : 0; }
size_t stor_mem_ceiling(void) { return mem_ceiling; }
size_t stor_mem_limit(void) { return mem_limit; }
/* Every stor_free/stor_realloc subtracts the usable size its stor_* allocation added
 * (the PDB_MEM_DEBUG mode above checks that pointer by pointer; the SQL suite crosses no
 * families). Should a pointer from another allocator ever be released here, the count
 * could run below zero: it is taken as signed, so that reads as empty, not as full. */
bool stor_mem_full(void)
{
    if (!mem_limit) return false;
    int64_t used = (int64_t)atomic_load(&mem_used);
    return used > 0 && (size_t)used >= mem_limit;
}

/* ---- arenas ---- */

/* Block sizes including the header: 4 KiB doubling up to 1 MiB, then 1 MiB each (powers
 * of two fit jemalloc's size classes; 1 MiB + a header would take a 1.25 MiB class). A
 * request larger than that gets a block of its own size. */
#define ARENA_MIN_BLOCK 4096
#define ARENA_MAX_BLOCK (1u << 20)
/* An arena that once held this much in blocks belonged to a session that ran big
 * statements (a dump's multi-row INSERTs): when it is freed (the session ends), the
 * allocator returns its free pages at once rather than over the next second (jemalloc's
 * dirty_decay_ms), so a finished load leaves mostly the data resident. */
#define ARENA_PURGE_BYTES (4u << 20)

void stor_arena_init(stor_arena *a)
{
    a->head = NULL; a->used = 0; a->held = a->peak = 0;
    a->limit = 0; a->full = NULL; a->full_arg = NULL;
}

void stor_arena_guard(stor_arena *a, size_t limit, void (*full)(void *, int, size_t), void *arg)
{
    a->limit = full ? limit : 0;
    a->full = full;
    a->full_arg = arg;
}

/* Bytes a guarded arena may hold beyond its limit: a statement's first blocks (its
 * parse tree, a small result) are always allowed, as MariaDB's session has memory of its
 * own before its limit is checked (SET max_session_mem_used = 8192 leaves SELECT 1). */
#define ARENA_ALLOWANCE (64u << 10)

/* Whether a guarded arena may add a block of sz bytes; otherwise its guard is called
 * (disarmed first: the error path after it may still take memory). */
static void arena_check(stor_arena *a, size_t sz)
{
    if (!a->full) return;
    int why = -1;
    if (a->limit && a->held + sz > a->limit + ARENA_ALLOWANCE) why = STOR_FULL_LIMIT;
    else if (mem_ceiling && atomic_load(&mem_used) + sz > mem_ceiling) why = STOR_FULL_CEILING;
    if (why < 0) return;
    void (*full)(void *, int, size_t) = a->full;
    void *arg = a->full_arg;
    stor_arena_guard(a, 0, NULL, NULL);
    full(arg, why, sz);
}

/* Full-size blocks a statement gave back, kept for the next statements (at most
 * ARENA_CACHE blocks, process-wide): a dump's 1 MB INSERTs build parse trees of tens of
 * MB, and blocks freed to the allocator came back as fresh pages, a page fault per 4 kB
 * (the allocator returns freed pages within dirty_decay_ms). Not counted as used while
 * cached; emptied when a session that held ARENA_PURGE_BYTES ends (stor_arena_free). */
#define ARENA_CACHE 32
static pthread_mutex_t blk_mu = PTHREAD_MUTEX_INITIALIZER;
static stor_arena_blk *blk_cache;
static int blk_ncache;

static stor_arena_blk *blk_take(size_t sz)
{
    if (sz != ARENA_MAX_BLOCK - sizeof(stor_arena_blk)) return NULL;
    pthread_mutex_lock(&blk_mu);
    stor_arena_blk *b = blk_cache;
    if (b) { blk_cache = b->prev; blk_ncache--; }
    pthread_mutex_unlock(&blk_mu);
    if (b) { atomic_fetch_add(&mem_used, malloc_usable_size(b)); DBG_ADD(b, malloc_usable_size(b)); }
    return b;
}

static void blk_free(stor_arena_blk *b)
{
    if (b->size != ARENA_MAX_BLOCK - sizeof *b) { stor_free(b); return; }
    /* uncounted first, as stor_free does: another thread may take it once cached */
    atomic_fetch_sub(&mem_used, malloc_usable_size(b));
    DBG_DEL(b, malloc_usable_size(b), "arena block cached that stor_* did not hand out");
    pthread_mutex_lock(&blk_mu);
    bool kept = blk_ncache < ARENA_CACHE;
    if (kept) { b->prev = blk_cache; blk_cache = b; blk_ncache++; }
    pthread_mutex_unlock(&blk_mu);
    if (!kept) free(b);
}

static void blk_lock(void) { pthread_mutex_lock(&blk_mu); }
static void blk_unlock(void) { pthread_mutex_unlock(&blk_mu); }
void mem_atfork(void) { pthread_atfork(blk_lock, blk_unlock, blk_unlock); }

static void blk_drain(void)
{
    pthread_mutex_lock(&blk_mu);
    stor_arena_blk *b = blk_cache;
    blk_cache = NULL;
    blk_ncache = 0;
    pthread_mutex_unlock(&blk_mu);
    while (b) { stor_arena_blk *p = b->prev; free(b); b = p; }
}

/* A statement's block of this size or more (a grouped aggregate's or a derived table's
 * rows, a big sort) is asked for transparent huge pages as the long strings are: filled
 * at once, 4 KiB pages cost a page fault each, every run, once the memory went back. */
#define ARENA_HUGE_BLOCK ((size_t)4 << 20)

static stor_arena_blk *arena_block(stor_arena *a, size_t sz)
{
    arena_check(a, sz);
    stor_arena_blk *nb = blk_take(sz);
    if (nb) return nb;
#ifndef PDB_NO_JEMALLOC
    if (sz >= ARENA_HUGE_BLOCK) {
        pthread_once(&hp_once, hp_init);
        if (hp_ok && (nb = counted(mallocx(sizeof(*nb) + sz, MALLOCX_ARENA(hp_arena) | MALLOCX_TCACHE_NONE))))
            return nb;
    }
#endif
    nb = stor_malloc(sizeof(*nb) + sz);
    if (nb) return nb;
    if (a->full) {
        void (*full)(void *, int, size_t) = a->full;
        void *arg = a->full_arg;
        stor_arena_guard(a, 0, NULL, NULL);
        full(arg, STOR_FULL_OOM, sz);
    }
    fprintf(stderr, "pressdb: out of memory (arena)\n");
    abort();
}

void *stor_arena_alloc_grow(stor_arena *a, size_t n)
{
    stor_arena_blk *b = a->head;
    size_t sz = ARENA_MIN_BLOCK;
    if (b) {
        sz = (b->size + sizeof *b) * 2;
        if (sz > ARENA_MAX_BLOCK) sz = ARENA_MAX_BLOCK;
    }
    sz -= sizeof *b;
    if (sz < n) sz = n;
    stor_arena_blk *nb = arena_block(a, sz);
    nb->prev = b; nb->size = sz; nb->off = n;
    a->head = nb;
    a->held += sz;
    if (a->held > a->peak) a->peak = a->held;
    a->used += n;
    return nb->data;
}

char *stor_arena_strndup(stor_arena *a, const char *s, size_t n)
{
    char *p = stor_arena_alloc(a, n + 1);
    if (n) memcpy(p, s, n);
    p[n] = 0;
    return p;
}

void stor_arena_reset(stor_arena *a)
{
    stor_arena_blk *b = a->head;
    if (!b) return;
    while (b->prev) { stor_arena_blk *p = b->prev; blk_free(b); b = p; }
    b->off = 0;
    a->head = b;
    a->used = 0;
    a->held = b->size;
}

void stor_arena_rewind(stor_arena *a, stor_arena_pos p)
{
    stor_arena_blk *b = a->head;
    while (b && b != p.blk) {
        stor_arena_blk *prev = b->prev;
        a->held -= b->size;
        blk_free(b);
        b = prev;
    }
    assert(b == p.blk);
    a->head = b;
    if (b) b->off = p.off;
    a->used = p.used;
}

/* Every block back; the allocator's free pages returned at once when the arena's peak
 * reached purge_at. */
static void arena_release(stor_arena *a, size_t purge_at)
{
    stor_arena_blk *b = a->head;
    while (b) { stor_arena_blk *p = b->prev; blk_free(b); b = p; }
    a->head = NULL; a->used = 0;
    if (a->peak >= purge_at) { blk_drain(); stor_mem_purge(); }
    a->held = a->peak = 0;
}

void stor_arena_free(stor_arena *a) { arena_release(a, ARENA_PURGE_BYTES); }

/* A statement's arena after its result has left (engine/exec.c pdb_exec_trim): its
 * blocks go back to the cache and the allocator, whose background thread returns the
 * pages within dirty_decay_ms. Purging them at once, as the end of a session does, made
 * every repeat of a statement of tens of MB fault all its pages in again (a page fault
 * per 4 kB: 20% of a grouped aggregate's time); only a statement past this purges. */
#define ARENA_TRIM_PURGE_BYTES ((size_t)64 << 20)

void stor_arena_trim(stor_arena *a) { arena_release(a, ARENA_TRIM_PURGE_BYTES); }

void stor_mem_purge(void)
{
#ifndef PDB_NO_JEMALLOC
    char name[64];
    snprintf(name, sizeof name, "arena.%u.purge", (unsigned)MALLCTL_ARENAS_ALL);
    mallctl(name, NULL, NULL, NULL, 0);
#endif
}
