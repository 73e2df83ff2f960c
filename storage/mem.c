/* mem.c - counted allocation on jemalloc, and per-statement bump arenas. */
#include "storage/storage.h"
#include <stdatomic.h>
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
 * thread, so a burst (a large INSERT being parsed) does not stay in RSS. */
const char *malloc_conf = "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0";
#endif

static _Atomic size_t mem_used;   /* bytes handed out by stor_* (usable sizes) */

void *stor_malloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p) atomic_fetch_add(&mem_used, malloc_usable_size(p));
    return p;
}

void *stor_calloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (p) atomic_fetch_add(&mem_used, malloc_usable_size(p));
    return p;
}

void *stor_realloc(void *p, size_t n)
{
    size_t old = p ? malloc_usable_size(p) : 0;
    void *q = realloc(p, n ? n : 1);
    if (!q) return NULL;
    atomic_fetch_add(&mem_used, malloc_usable_size(q));
    atomic_fetch_sub(&mem_used, old);
    return q;
}

void stor_free(void *p)
{
    if (!p) return;
    atomic_fetch_sub(&mem_used, malloc_usable_size(p));
    free(p);
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

static size_t mem_limit;
void stor_set_mem_limit(size_t bytes) { mem_limit = bytes; }
size_t stor_mem_limit(void) { return mem_limit; }
/* The counter can run below zero: memory some library allocated is released through
 * stor_free (not found yet). A negative count must not read as a huge one, so it is
 * taken as signed; the limit then errs on the side of letting writes through. */
bool stor_mem_full(void)
{
    if (!mem_limit) return false;
    int64_t used = (int64_t)atomic_load(&mem_used);
    return used > 0 && (size_t)used >= mem_limit;
}

/* ---- arenas ---- */

struct stor_arena_blk {
    stor_arena_blk *prev;   /* older block */
    size_t size;            /* bytes usable in data[] */
    size_t off;             /* next free offset */
    _Alignas(16) unsigned char data[];
};

#define ARENA_MIN_BLOCK 4096

void stor_arena_init(stor_arena *a) { a->head = NULL; a->used = 0; }

void *stor_arena_alloc(stor_arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    stor_arena_blk *b = a->head;
    if (!b || b->off + n > b->size) {
        size_t sz = ARENA_MIN_BLOCK;
        if (b && b->size < (1u << 20)) sz = b->size * 2;
        if (sz < n) sz = n;
        stor_arena_blk *nb = stor_malloc(sizeof(*nb) + sz);
        if (!nb) { fprintf(stderr, "pressdb: out of memory (arena)\n"); abort(); }
        nb->prev = b; nb->size = sz; nb->off = 0;
        a->head = b = nb;
    }
    void *p = b->data + b->off;
    b->off += n;
    a->used += n;
    return p;
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
    while (b->prev) { stor_arena_blk *p = b->prev; stor_free(b); b = p; }
    b->off = 0;
    a->head = b;
    a->used = 0;
}

void stor_arena_free(stor_arena *a)
{
    stor_arena_blk *b = a->head;
    while (b) { stor_arena_blk *p = b->prev; stor_free(b); b = p; }
    a->head = NULL; a->used = 0;
}
