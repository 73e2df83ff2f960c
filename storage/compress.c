/* compress.c - zstd compression of cold long strings, and the thread that does it.
 *
 * A string value of a CK_STR column is its own allocation (stor_column.sp[row]). Once
 * its segment (STOR_SEG_ROWS row ids of one column) has been neither read nor written
 * for --compress-after-s seconds, the compression thread replaces every value of at
 * least --compress-min-bytes in it by a compressed blob, when that saves at least an
 * eighth: the pointer then has bit 0 set and points to
 *
 *     [u32 compressed length][u32 crc32 of the plain bytes][zstd frame]
 *
 * while slen[row] stays the plain length. Values are never hashed or truncated: the
 * plain bytes always come back exactly, or the server stops (a checksum mismatch aborts
 * rather than answer with other bytes).
 *
 * Exclusion: the thread compresses only while it holds the store lock exclusively, so
 * no statement runs meanwhile (the same rule as every writer). A read of a compressed
 * value (stor_get, under the shared lock) restores the plain bytes into the table
 * (zv_plain): one reader does it under zv_mu and publishes the new pointer with release
 * order; the others wait for zv_mu and see it. Pointers a statement got from stor_get
 * stay valid until it releases the store lock, as before: plain values only turn into
 * compressed ones under the exclusive lock. Columns that belong to an index are skipped
 * (the index code compares stored bytes directly). Snapshots and evict files keep a
 * compressed value compressed, with its dictionary written once per table's section
 * (snapshot.c, format 3); the log only ever sees freshly written values, plain.
 *
 * Dictionaries: values of a few kB compress poorly alone (zstd learns nothing before the
 * value ends), and a column's values repeat the same markup and words. A column with at
 * least ZD_MIN_BYTES of cold long values gets a dictionary trained (zdict.h) on a sample
 * of them, outside the store lock; its values are then compressed with it (a post's
 * content: 2.5x alone, about 6.5x with one). Such a blob has bit 1 set too and one more
 * header word, the dictionary's address:
 *
 *     [u32 compressed length][u32 crc32][struct zv_dict *][zstd frame]
 *
 * A dictionary is counted: one reference from its column (stor_column.zdict), one from
 * each blob made with it, one from the compression thread's cached CDict. It goes with
 * its last reference, so a blob that moves to another table (or outlives its column's
 * dictionary, which eviction drops with the rows) still decodes.
 *
 * The clock: stor_clock counts seconds since the thread started (from 1); it is 0 while
 * compression is off, so stor_get's stamp (written only when it differs) costs a load
 * and a compare then.
 */
#include "storage/storage.h"
#include "storage/wal.h"
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zdict.h>
#include <zstd.h>

#define ZV_HDR 8                     /* blob header: u32 compressed length, u32 crc32 */
#define ZV_HDR_D (ZV_HDR + sizeof(void *))   /* ... and the dictionary's address */
#define ZV_LEVEL 9                   /* zstd level for values up to ZV_BIG: cold values are
                                        compressed once; at scale 10, 9 holds the text in 65 MB
                                        where 3 took 75 MB, for 7 s more of this thread's CPU */
#define ZV_BIG (1u << 18)            /* larger values use level 1 (the lock is held: 256 KiB
                                        at level 9 take a few ms) */
#define ZV_BUDGET_NS 20000000ull     /* one pass holds the exclusive lock about this long */
#define ZD_MIN_BYTES (1u << 20)      /* a column's cold long values that earn a dictionary */
#define ZD_SAMPLE (2u << 20)         /* at most this much of them is trained on */
#define ZD_PIECE (16u << 10)         /* and at most this much of one value */
#define ZD_MAX (64u << 10)           /* dictionary size: a 32nd of the sample, at most this */

struct zv_dict {
    _Atomic uint32_t refs;
    uint32_t size;
    size_t ext;                      /* bytes zstd allocated for dd (counted in Memory_used) */
    ZSTD_DDict *dd;
    char buf[];                      /* the dictionary */
};

uint32_t stor_clock;

static pthread_mutex_t zv_mu = PTHREAD_MUTEX_INITIALIZER;   /* guards zv_dctx, restores */
static void zv_lock(void) { pthread_mutex_lock(&zv_mu); }
static void zv_unlock(void) { pthread_mutex_unlock(&zv_mu); }
void compress_atfork(void) { pthread_atfork(zv_lock, zv_unlock, zv_unlock); }
static ZSTD_DCtx *zv_dctx;
static ZSTD_CCtx *zv_cctx;           /* the compression thread's */
static char *zv_cbuf;                /* its output buffer (plain malloc, transient) */
static size_t zv_ccap;

static ZSTD_CDict *zv_cdict;         /* the compression thread's, for zv_cdict_of */
static struct zv_dict *zv_cdict_of;  /* (holds a reference) */
static size_t zv_cdict_ext;

static _Atomic uint64_t z_values, z_bytes, z_raw, z_dicts, z_dict_bytes;

static stor_ticker z_ticker;
static uint64_t z_t0;
static size_t z_min_bytes;
static uint32_t z_after_s;

size_t zv_min_bytes(void) { return z_ticker.running ? z_min_bytes : SIZE_MAX; }

void stor_compress_stats(stor_zstats *out)
{
    out->values = atomic_load(&z_values);
    out->bytes = atomic_load(&z_bytes);
    out->raw_bytes = atomic_load(&z_raw);
    out->dicts = atomic_load(&z_dicts);
    out->dict_bytes = atomic_load(&z_dict_bytes);
}

/* ---- dictionaries ---- */

static size_t dict_bytes(const struct zv_dict *d) { return sizeof *d + d->size + d->ext; }

void zv_dict_unref(struct zv_dict *d)
{
    if (!d || atomic_fetch_sub(&d->refs, 1) != 1) return;
    atomic_fetch_sub(&z_dicts, 1);
    atomic_fetch_sub(&z_dict_bytes, dict_bytes(d));
    stor_mem_external(-(ptrdiff_t)d->ext);
    ZSTD_freeDDict(d->dd);
    stor_free(d);
}

struct zv_dict *zv_dict_load(const void *buf, uint32_t size)
{
    struct zv_dict *d = stor_malloc(sizeof *d + (size ? size : 1));
    if (!d) return NULL;
    memcpy(d->buf, buf, size);
    d->dd = ZSTD_createDDict(d->buf, size);
    if (!d->dd) { stor_free(d); return NULL; }
    atomic_init(&d->refs, 1);
    d->size = size;
    d->ext = ZSTD_sizeof_DDict(d->dd);
    stor_mem_external((ptrdiff_t)d->ext);
    atomic_fetch_add(&z_dicts, 1);
    atomic_fetch_add(&z_dict_bytes, dict_bytes(d));
    return d;
}

struct zv_dict *zv_dict_train(const char *samples, const size_t *sizes, unsigned n)
{
    size_t total = 0;
    for (unsigned i = 0; i < n; i++) total += sizes[i];
    size_t cap = total / 32 < ZD_MAX ? total / 32 : ZD_MAX;
    if (n < 8 || cap < 1024) return NULL;
    char *buf = malloc(cap);   /* (transient: zv_dict_load keeps its own copy) */
    if (!buf) return NULL;
    size_t got = ZDICT_trainFromBuffer(buf, cap, samples, sizes, n);
    struct zv_dict *d = ZDICT_isError(got) ? NULL : zv_dict_load(buf, (uint32_t)got);
    free(buf);
    return d;
}

void zv_dict_ref(struct zv_dict *d) { if (d) atomic_fetch_add(&d->refs, 1); }

const void *zv_dict_bytes(const struct zv_dict *d, uint32_t *size)
{
    *size = d->size;
    return d->buf;
}

/* The CDict for d (compression thread): one at a time, made when the column changes. */
static ZSTD_CDict *cdict_for(struct zv_dict *d)
{
    if (zv_cdict_of == d) return zv_cdict;
    ZSTD_freeCDict(zv_cdict);
    stor_mem_external(-(ptrdiff_t)zv_cdict_ext);
    zv_dict_unref(zv_cdict_of);
    zv_cdict_of = NULL;
    zv_cdict_ext = 0;
    zv_cdict = ZSTD_createCDict(d->buf, d->size, ZV_LEVEL);
    if (!zv_cdict) return NULL;
    atomic_fetch_add(&d->refs, 1);
    zv_cdict_of = d;
    zv_cdict_ext = ZSTD_sizeof_CDict(zv_cdict);
    stor_mem_external((ptrdiff_t)zv_cdict_ext);
    return zv_cdict;
}

static char *zv_blob(const char *p) { return (char *)((uintptr_t)p & ~(uintptr_t)3); }
static bool zv_has_dict(const char *p) { return ((uintptr_t)p & 2) != 0; }

static struct zv_dict *blob_dict(const char *p)
{
    struct zv_dict *d;
    memcpy(&d, zv_blob(p) + ZV_HDR, sizeof d);
    return d;
}

void zv_free(char *p, uint32_t len)
{
    if (!zv_is(p)) { stor_free(p); return; }
    char *b = zv_blob(p);
    uint32_t zlen;
    memcpy(&zlen, b, 4);
    atomic_fetch_sub(&z_values, 1);
    atomic_fetch_sub(&z_bytes, (zv_has_dict(p) ? ZV_HDR_D : ZV_HDR) + zlen);
    atomic_fetch_sub(&z_raw, len);
    if (zv_has_dict(p)) zv_dict_unref(blob_dict(p));
    stor_free(b);
}

/* Decompresses blob p into out (len bytes); false if the length or checksum differ.
 * Caller holds zv_mu. */
static bool zv_decode_try(const char *p, uint32_t len, char *out, const char **why)
{
    const char *b = zv_blob(p);
    uint32_t zlen, crc;
    memcpy(&zlen, b, 4);
    memcpy(&crc, b + 4, 4);
    if (!zv_dctx) zv_dctx = ZSTD_createDCtx();
    size_t n = (size_t)-1;
    if (zv_dctx && zv_has_dict(p))
        n = ZSTD_decompress_usingDDict(zv_dctx, out, len, b + ZV_HDR_D, zlen, blob_dict(p)->dd);
    else if (zv_dctx)
        n = ZSTD_decompressDCtx(zv_dctx, out, len, b + ZV_HDR, zlen);
    *why = ZSTD_isError(n) ? ZSTD_getErrorName(n) : "length or crc32 differs";
    return !ZSTD_isError(n) && n == len && wal_crc32_update(0, out, len) == crc;
}

/* The same, aborting rather than return other bytes. */
static void zv_decode_locked(const char *p, uint32_t len, char *out)
{
    const char *why;
    if (!zv_decode_try(p, len, out, &why)) {
        fprintf(stderr, "pressdb: [ERROR] a compressed value of %u bytes does not decompress to "
                "its checksum (%s); stopping rather than answer with other bytes\n", len, why);
        abort();
    }
}

bool zv_unpack(const char *p, uint32_t len, char *out)
{
    const char *why;
    pthread_mutex_lock(&zv_mu);
    bool ok = zv_decode_try(p, len, out, &why);
    pthread_mutex_unlock(&zv_mu);
    return ok;
}

const char *zv_plain(const stor_column *c, uint32_t row)
{
    if (!c->sp) return stor_sptr(c, row);   /* (slotless: pooled, never compressed) */
    char **sp = &c->sp[row];
    uint32_t len = stor_slen(c, row);
    pthread_mutex_lock(&zv_mu);
    char *p = __atomic_load_n(sp, __ATOMIC_ACQUIRE);
    if (zv_is(p)) {
        char *raw = stor_malloc(len ? len : 1);
        if (!raw) {
            fprintf(stderr, "pressdb: [ERROR] out of memory restoring a compressed value of %u bytes\n", len);
            abort();
        }
        zv_decode_locked(p, len, raw);
        __atomic_store_n(sp, raw, __ATOMIC_RELEASE);
        zv_free(p, len);
        p = raw;
    }
    pthread_mutex_unlock(&zv_mu);
    return p;
}

const char *zv_read(const stor_column *c, uint32_t row, char **buf, size_t *cap)
{
    if (!c->sp) {
        const char *p = stor_sptr(c, row);
        return p ? p : "";
    }
    char *const *sp = &c->sp[row];
    uint32_t len = stor_slen(c, row);
    const char *p = __atomic_load_n(sp, __ATOMIC_ACQUIRE);
    if (!zv_is(p)) return p ? p : "";   /* plain stays plain under the shared lock */
    if (*cap < (size_t)len + 1) {
        char *nb = realloc(*buf, (size_t)len + 1);
        if (!nb) { fprintf(stderr, "pressdb: [ERROR] out of memory reading a compressed value\n"); abort(); }
        *buf = nb;
        *cap = (size_t)len + 1;
    }
    /* again under zv_mu: a reader may have restored it (and freed the blob) meanwhile */
    pthread_mutex_lock(&zv_mu);
    p = __atomic_load_n(sp, __ATOMIC_ACQUIRE);
    if (zv_is(p)) zv_decode_locked(p, len, *buf);
    pthread_mutex_unlock(&zv_mu);
    return zv_is(p) ? *buf : p;
}

/* A blob of frame (zlen bytes; len plain ones, crc32 crc) made with dict or none, counted;
 * the tagged pointer, or NULL without memory. */
static char *blob_make(const void *frame, uint32_t zlen, uint32_t crc, uint32_t len, struct zv_dict *dict)
{
    size_t hdr = dict ? ZV_HDR_D : ZV_HDR;
    char *b = stor_malloc(hdr + zlen);
    if (!b) return NULL;
    memcpy(b, &zlen, 4);
    memcpy(b + 4, &crc, 4);
    if (dict) {
        zv_dict_ref(dict);
        memcpy(b + ZV_HDR, &dict, sizeof dict);
    }
    memcpy(b + hdr, frame, zlen);
    atomic_fetch_add(&z_values, 1);
    atomic_fetch_add(&z_bytes, hdr + zlen);
    atomic_fetch_add(&z_raw, len);
    return (char *)((uintptr_t)b | (dict ? 3 : 1));
}

char *zv_pack(const char *p, uint32_t len, struct zv_dict *dict)
{
    if (!zv_cctx && !(zv_cctx = ZSTD_createCCtx())) return NULL;
    size_t bound = ZSTD_compressBound(len);
    if (zv_ccap < bound) {
        char *nb = realloc(zv_cbuf, bound);
        if (!nb) return NULL;
        zv_cbuf = nb;
        zv_ccap = bound;
    }
    ZSTD_CDict *cd = dict && len <= ZV_BIG ? cdict_for(dict) : NULL;
    size_t hdr = cd ? ZV_HDR_D : ZV_HDR;
    size_t n = cd ? ZSTD_compress_usingCDict(zv_cctx, zv_cbuf, bound, p, len, cd)
                  : ZSTD_compressCCtx(zv_cctx, zv_cbuf, bound, p, len, len > ZV_BIG ? 1 : ZV_LEVEL);
    if (ZSTD_isError(n) || hdr + n > (size_t)len - len / 8) return NULL;   /* saves too little */
    return blob_make(zv_cbuf, (uint32_t)n, wal_crc32_update(0, p, len), len, cd ? dict : NULL);
}

static const char *zv_blob_parts(const char *p, uint32_t *zlen, uint32_t *crc, struct zv_dict **dict)
{
    const char *b = zv_blob(p);
    memcpy(zlen, b, 4);
    memcpy(crc, b + 4, 4);
    *dict = zv_has_dict(p) ? blob_dict(p) : NULL;
    return b + (zv_has_dict(p) ? ZV_HDR_D : ZV_HDR);
}

const char *zv_copy_blob(const stor_column *c, uint32_t row, char **buf, size_t *cap, uint32_t *zlen,
                         uint32_t *crc, struct zv_dict **dict)
{
    if (!c->sp) return NULL;
    char *const *sp = &c->sp[row];
    if (!zv_is(__atomic_load_n(sp, __ATOMIC_ACQUIRE))) return NULL;
    pthread_mutex_lock(&zv_mu);   /* (a reader may restore it and free the blob meanwhile) */
    const char *p = __atomic_load_n(sp, __ATOMIC_ACQUIRE), *out = NULL;
    if (zv_is(p)) {
        const char *frame = zv_blob_parts(p, zlen, crc, dict);
        if (*cap < (size_t)*zlen + 1) {
            char *nb = realloc(*buf, (size_t)*zlen + 1);
            if (!nb) { fprintf(stderr, "pressdb: [ERROR] out of memory copying a compressed value\n"); abort(); }
            *buf = nb;
            *cap = (size_t)*zlen + 1;
        }
        memcpy(*buf, frame, *zlen);
        zv_dict_ref(*dict);
        out = *buf;
    }
    pthread_mutex_unlock(&zv_mu);
    return out;
}

char *zv_adopt(const void *frame, uint32_t zlen, uint32_t crc, uint32_t len, struct zv_dict *dict)
{
    /* (zv_pack's frames name their content size: a frame that does not is no value of ours) */
    if (ZSTD_getFrameContentSize(frame, zlen) != len || ZSTD_findFrameCompressedSize(frame, zlen) != zlen)
        return NULL;
    return blob_make(frame, zlen, crc, len, dict);
}

/* ---- the thread ---- */

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void zv_pack_end(void)
{
    ZSTD_freeCDict(zv_cdict);
    zv_cdict = NULL;
    stor_mem_external(-(ptrdiff_t)zv_cdict_ext);
    zv_cdict_ext = 0;
    zv_dict_unref(zv_cdict_of);
    zv_cdict_of = NULL;
}

void zv_dicts_make(uint32_t now, uint32_t after_s, size_t min_bytes)
{
    for (;;) {   /* each column is sampled once (ztried), so this ends */
        tbl_zsample smp;
        stor_lock_shared();
        bool want = tbl_dict_sample(now, after_s, min_bytes, ZD_MIN_BYTES, ZD_SAMPLE, ZD_PIECE, &smp);
        stor_unlock();
        if (!want) return;
        struct zv_dict *d = zv_dict_train(smp.buf, smp.sizes, smp.n);
        free(smp.buf);
        free(smp.sizes);
        if (!d) continue;
        stor_lock_exclusive();
        tbl_dict_install(&smp, d);
        stor_unlock();
        if (z_ticker.running && ticker_stopping(&z_ticker)) return;
    }
}

static void z_tick(stor_ticker *k)
{
    uint32_t now = (uint32_t)((mono_ns() - z_t0) / 1000000000ull) + 1;
    __atomic_store_n(&stor_clock, now, __ATOMIC_RELAXED);
    stor_lock_shared();
    bool work = tbl_compress_candidates(now, z_after_s);
    stor_unlock();
    if (work) zv_dicts_make(now, z_after_s, z_min_bytes);
    uint64_t before = atomic_load(&z_bytes);
    bool more = work;
    while (more && !ticker_stopping(k)) {
        stor_lock_exclusive();
        more = tbl_compress_pass(now, z_after_s, z_min_bytes, ZV_BUDGET_NS);
        stor_unlock();
        if (more) {   /* let statements in between two passes (at most 2/3 of the time) */
            struct timespec nap = { 0, ZV_BUDGET_NS / 2 };
            nanosleep(&nap, NULL);
        }
    }
    if (work) zv_pack_end();   /* (the CDict is this thread's; no lock needed) */
    if (work && atomic_load(&z_bytes) != before) stor_mem_purge();
}

int stor_compress_start(size_t min_bytes, uint32_t after_s)
{
    if (!after_s || z_ticker.running) return 0;
    z_min_bytes = min_bytes ? min_bytes : 1;
    z_after_s = after_s;
    z_t0 = mono_ns();
    return ticker_start(&z_ticker, z_tick);
}

void stor_compress_stop(void)
{
    if (!z_ticker.running) return;
    ticker_stop(&z_ticker);
    zv_pack_end();
    ZSTD_freeCCtx(zv_cctx); zv_cctx = NULL;
    free(zv_cbuf); zv_cbuf = NULL; zv_ccap = 0;
    pthread_mutex_lock(&zv_mu);
    ZSTD_freeDCtx(zv_dctx); zv_dctx = NULL;
    pthread_mutex_unlock(&zv_mu);
}
