/* compress.c - zstd compression of cold long strings, and the thread that does it.
 *
 * A string value of a CK_STR column is its own allocation (stor_column.str[row].p). Once
 * its segment (STOR_SEG_ROWS row ids of one column) has been neither read nor written
 * for --compress-after-s seconds, the compression thread replaces every value of at
 * least --compress-min-bytes in it by a compressed blob, when that saves at least an
 * eighth: the pointer then has bit 0 set and points to
 *
 *     [u32 compressed length][u32 crc32 of the plain bytes][zstd frame]
 *
 * while str[row].len stays the plain length. Values are never hashed or truncated: the
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
 * (the index code compares stored bytes directly). Snapshots write the plain bytes
 * (decompressed into a scratch buffer), the log only ever sees freshly written values,
 * so the on-disk formats do not change.
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
#include <zstd.h>

#define ZV_HDR 8                     /* blob header: u32 compressed length, u32 crc32 */
#define ZV_LEVEL 3                   /* zstd level for values up to ZV_BIG */
#define ZV_BIG (1u << 20)            /* larger values use level 1 (the lock is held) */
#define ZV_BUDGET_NS 20000000ull     /* one pass holds the exclusive lock about this long */

uint32_t stor_clock;

static pthread_mutex_t zv_mu = PTHREAD_MUTEX_INITIALIZER;   /* guards zv_dctx, restores */
static void zv_lock(void) { pthread_mutex_lock(&zv_mu); }
static void zv_unlock(void) { pthread_mutex_unlock(&zv_mu); }
void compress_atfork(void) { pthread_atfork(zv_lock, zv_unlock, zv_unlock); }
static ZSTD_DCtx *zv_dctx;
static ZSTD_CCtx *zv_cctx;           /* the compression thread's */
static char *zv_cbuf;                /* its output buffer (plain malloc, transient) */
static size_t zv_ccap;

static _Atomic uint64_t z_values, z_bytes, z_raw;

static stor_ticker z_ticker;
static uint64_t z_t0;
static size_t z_min_bytes;
static uint32_t z_after_s;

void stor_compress_stats(stor_zstats *out)
{
    out->values = atomic_load(&z_values);
    out->bytes = atomic_load(&z_bytes);
    out->raw_bytes = atomic_load(&z_raw);
}

static char *zv_blob(const char *p) { return (char *)((uintptr_t)p & ~(uintptr_t)1); }

void zv_free(char *p, uint32_t len)
{
    if (!zv_is(p)) { stor_free(p); return; }
    char *b = zv_blob(p);
    uint32_t zlen;
    memcpy(&zlen, b, 4);
    atomic_fetch_sub(&z_values, 1);
    atomic_fetch_sub(&z_bytes, ZV_HDR + zlen);
    atomic_fetch_sub(&z_raw, len);
    stor_free(b);
}

/* Decompresses blob p into out (len bytes) and checks length and checksum. Caller holds
 * zv_mu. */
static void zv_decode_locked(const char *p, uint32_t len, char *out)
{
    const char *b = zv_blob(p);
    uint32_t zlen, crc;
    memcpy(&zlen, b, 4);
    memcpy(&crc, b + 4, 4);
    if (!zv_dctx) zv_dctx = ZSTD_createDCtx();
    size_t n = zv_dctx ? ZSTD_decompressDCtx(zv_dctx, out, len, b + ZV_HDR, zlen) : (size_t)-1;
    if (ZSTD_isError(n) || n != len || wal_crc32_update(0, out, len) != crc) {
        fprintf(stderr, "pressdb: [ERROR] a compressed value of %u bytes does not decompress to "
                "its checksum (%s); stopping rather than answer with other bytes\n", len,
                ZSTD_isError(n) ? ZSTD_getErrorName(n) : "length or crc32 differs");
        abort();
    }
}

const char *zv_plain(const stor_column *c, uint32_t row)
{
    struct stor_str *s = &c->str[row];
    pthread_mutex_lock(&zv_mu);
    char *p = __atomic_load_n(&s->p, __ATOMIC_ACQUIRE);
    if (zv_is(p)) {
        char *raw = stor_malloc(s->len ? s->len : 1);
        if (!raw) {
            fprintf(stderr, "pressdb: [ERROR] out of memory restoring a compressed value of %u bytes\n", s->len);
            abort();
        }
        zv_decode_locked(p, s->len, raw);
        __atomic_store_n(&s->p, raw, __ATOMIC_RELEASE);
        zv_free(p, s->len);
        p = raw;
    }
    pthread_mutex_unlock(&zv_mu);
    return p;
}

const char *zv_read(const stor_column *c, uint32_t row, char **buf, size_t *cap)
{
    const struct stor_str *s = &c->str[row];
    const char *p = __atomic_load_n(&s->p, __ATOMIC_ACQUIRE);
    if (!zv_is(p)) return p ? p : "";   /* plain stays plain under the shared lock */
    if (*cap < (size_t)s->len + 1) {
        char *nb = realloc(*buf, (size_t)s->len + 1);
        if (!nb) { fprintf(stderr, "pressdb: [ERROR] out of memory reading a compressed value\n"); abort(); }
        *buf = nb;
        *cap = (size_t)s->len + 1;
    }
    /* again under zv_mu: a reader may have restored it (and freed the blob) meanwhile */
    pthread_mutex_lock(&zv_mu);
    p = __atomic_load_n(&s->p, __ATOMIC_ACQUIRE);
    if (zv_is(p)) zv_decode_locked(p, s->len, *buf);
    pthread_mutex_unlock(&zv_mu);
    return zv_is(p) ? *buf : p;
}

char *zv_pack(const char *p, uint32_t len)
{
    if (!zv_cctx && !(zv_cctx = ZSTD_createCCtx())) return NULL;
    size_t bound = ZSTD_compressBound(len);
    if (zv_ccap < bound) {
        char *nb = realloc(zv_cbuf, bound);
        if (!nb) return NULL;
        zv_cbuf = nb;
        zv_ccap = bound;
    }
    size_t n = ZSTD_compressCCtx(zv_cctx, zv_cbuf, bound, p, len, len > ZV_BIG ? 1 : ZV_LEVEL);
    if (ZSTD_isError(n) || ZV_HDR + n > (size_t)len - len / 8) return NULL;   /* saves too little */
    char *b = stor_malloc(ZV_HDR + n);
    if (!b) return NULL;
    uint32_t zlen = (uint32_t)n, crc = wal_crc32_update(0, p, len);
    memcpy(b, &zlen, 4);
    memcpy(b + 4, &crc, 4);
    memcpy(b + ZV_HDR, zv_cbuf, n);
    atomic_fetch_add(&z_values, 1);
    atomic_fetch_add(&z_bytes, ZV_HDR + n);
    atomic_fetch_add(&z_raw, len);
    return (char *)((uintptr_t)b | 1);
}

/* ---- the thread ---- */

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void z_tick(stor_ticker *k)
{
    uint32_t now = (uint32_t)((mono_ns() - z_t0) / 1000000000ull) + 1;
    __atomic_store_n(&stor_clock, now, __ATOMIC_RELAXED);
    stor_lock_shared();
    bool work = tbl_compress_candidates(now, z_after_s);
    stor_unlock();
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
    ZSTD_freeCCtx(zv_cctx); zv_cctx = NULL;
    free(zv_cbuf); zv_cbuf = NULL; zv_ccap = 0;
    pthread_mutex_lock(&zv_mu);
    ZSTD_freeDCtx(zv_dctx); zv_dctx = NULL;
    pthread_mutex_unlock(&zv_mu);
}
