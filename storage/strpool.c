/* strpool.c - one shared copy of each short string value of a column.
 *
 * WordPress filters most on short, repetitive strings (post_type, post_status,
 * comment_approved, meta_key, autoload). Held once per column, every row's value of
 * such a column points at the same few bytes, which stay in cache while a scan reads
 * them, and a million 'publish' cost one allocation. A column whose short values turn
 * out to be mostly distinct (names, slugs) stops pooling new values: a pooled value
 * costs a header more than a plain copy.
 *
 * The pool is changed only by writers, under the exclusive store lock; readers see
 * only the row's pointer and length, as for any other value.
 */
#include "storage/storage.h"
#include <string.h>
#include <stddef.h>

typedef struct pentry {
    struct pentry *next;
    uint64_t hash;
    uint32_t refs;
    uint16_t id;              /* 1.., 0 = ids ran out */
    uint32_t len;             /* (just before b: stor_pool_len reads it there) */
    char b[];                 /* len bytes and a NUL */
} pentry;

_Static_assert(offsetof(pentry, b) == offsetof(pentry, len) + 4, "a pooled copy's length just before it");

/* a pooled copy's address is even: bit 0 of a row's pointer marks compressed values */
_Static_assert(offsetof(pentry, b) % 2 == 0, "pooled bytes at an even offset");

struct stor_strpool {
    pentry **buckets;
    uint32_t nbuckets, nentries;
    uint64_t holds;           /* values pooled so far (for the give-up rule) */
    uint32_t next_id;         /* ids are never reused: a scan may remember an id's answer */
    uint32_t npval;           /* the column's pval slots */
    bool off;                 /* mostly distinct: new values get plain copies */
};

static uint64_t hash_bytes(const char *p, uint32_t n)
{
    uint64_t h = 1469598103934665603ull ^ n;
    for (uint32_t i = 0; i < n; i++) { h ^= (unsigned char)p[i]; h *= 1099511628211ull; }
    return h;
}

static bool grow(stor_strpool *sp)
{
    uint32_t nb = sp->nbuckets ? sp->nbuckets * 2 : 16;
    pentry **b = stor_calloc(nb, sizeof *b);
    if (!b) return false;
    for (uint32_t i = 0; i < sp->nbuckets; i++) {
        for (pentry *e = sp->buckets[i], *n; e; e = n) {
            n = e->next;
            e->next = b[e->hash & (nb - 1)];
            b[e->hash & (nb - 1)] = e;
        }
    }
    stor_free(sp->buckets);
    sp->buckets = b;
    sp->nbuckets = nb;
    return true;
}

char *stor_strpool_hold(stor_column *c, const char *p, uint32_t len, uint8_t *pooled)
{
    *pooled = 0;
    stor_strpool *sp = c->pool;
    if (len > STOR_POOL_MAX || (sp && sp->off)) return stor_strndup_long(p, len);
    if (!sp) {
        sp = c->pool = stor_calloc(1, sizeof *sp);
        if (!sp) return stor_strndup(p, len);
    }
    uint64_t h = hash_bytes(p, len);
    if (sp->nbuckets) {
        for (pentry *e = sp->buckets[h & (sp->nbuckets - 1)]; e; e = e->next) {
            if (e->hash == h && e->len == len && !memcmp(e->b, p, len)) {
                e->refs++;
                sp->holds++;
                *pooled = 1;
                return e->b;
            }
        }
    }
    /* a new value; give up on a column whose values rarely repeat */
    if (sp->holds >= 512 && sp->nentries * 2 > sp->holds) { sp->off = true; return stor_strndup_long(p, len); }
    if (sp->nentries >= sp->nbuckets && !grow(sp)) return stor_strndup(p, len);
    uint32_t id = sp->next_id < 65535 ? sp->next_id + 1 : 0;
    if (id && id >= sp->npval) {
        uint32_t n = sp->npval ? sp->npval * 2 : 4;
        char **pv = stor_realloc(c->pval, n * sizeof *pv);
        if (!pv) return NULL;
        memset(pv + sp->npval, 0, (n - sp->npval) * sizeof *pv);
        c->pval = pv;
        sp->npval = n;
    }
    pentry *e = stor_malloc(sizeof *e + len + 1);
    if (!e) return NULL;
    memcpy(e->b, p, len);
    e->b[len] = 0;
    e->hash = h; e->len = len; e->refs = 1;
    e->id = (uint16_t)id;
    if (id) {
        sp->next_id = id;
        c->pval[id] = e->b;
    }
    e->next = sp->buckets[h & (sp->nbuckets - 1)];
    sp->buckets[h & (sp->nbuckets - 1)] = e;
    sp->nentries++;
    sp->holds++;
    *pooled = 1;
    return e->b;
}

uint16_t stor_strpool_id(const char *held, uint8_t pooled)
{
    if (!held || !pooled) return 0;
    return ((const pentry *)(held - offsetof(pentry, b)))->id;
}

void stor_strpool_release(stor_column *c, char *p, uint8_t pooled)
{
    if (!p) return;
    if (!pooled) { stor_free(p); return; }
    pentry *e = (pentry *)(p - offsetof(pentry, b));
    if (--e->refs) return;
    stor_strpool *sp = c->pool;
    pentry **pp = &sp->buckets[e->hash & (sp->nbuckets - 1)];
    while (*pp != e) pp = &(*pp)->next;
    *pp = e->next;
    sp->nentries--;
    if (e->id) c->pval[e->id] = NULL;
    stor_free(e);
}

void stor_strpool_free(stor_column *c)
{
    stor_strpool *sp = c->pool;
    if (!sp) return;
    for (uint32_t i = 0; i < sp->nbuckets; i++)
        for (pentry *e = sp->buckets[i], *n; e; e = n) { n = e->next; stor_free(e); }
    stor_free(sp->buckets);
    stor_free(sp);
    stor_free(c->pval);
    c->pool = NULL;
    c->pval = NULL;
}

size_t stor_strpool_bytes(const stor_column *c)
{
    const struct stor_strpool *sp = c->pool;
    if (!sp) return 0;
    size_t n = sizeof *sp + (size_t)sp->nbuckets * sizeof *sp->buckets + (size_t)sp->npval * sizeof *c->pval;
    for (uint32_t b = 0; b < sp->nbuckets; b++)
        for (const pentry *e = sp->buckets[b]; e; e = e->next) n += sizeof *e + e->len + 1;
    return n;
}
