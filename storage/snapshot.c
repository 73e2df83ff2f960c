/* snapshot.c - checkpoints: the whole store written as one zstd-compressed snapshot,
 * after which the write-ahead log starts afresh; and the files of evicted tables
 * (evict.c), whose rows are the snapshot's rows section of a table.
 *
 * datadir/pressdb.snap, format 3 (a catalog, then each table's rows in frames of their
 * own, so a start reads the catalog and leaves the rows where they are: evict.c loads a
 * table's section on first use):
 *   catalog (zstd frames):
 *     "PDBSNAP3" u64 wal_gen
 *     'B' db-name u16 collation                       (per database)
 *     'T' db-name create-table-sql u64 auto_inc       (per table)
 *     'V' / 'G' / 'R' / 'S' db-name sql               (views, triggers, routines, events)
 *     'E' u32 crc32 of every plain byte of the catalog before the 'E'
 *   per table, in 'T' order, its rows section (one or more whole zstd frames):
 *     u32 nrows, then per row id u8 live and a live row's values (as in the log, but a
 *     string held compressed in memory stays compressed, put_str: its zstd frame, and
 *     its dictionary once per section), then 'O' u32 row u32 first (a table without a
 *     clustered key: its live row at row id row is a version of the row first at row
 *     id first, table.c origin_set)
 *   the table of contents (plain): u32 ntables, then per table u64 offset, u64 length
 *     (compressed), u64 plain length, u32 crc32 of the plain bytes, u32 crc32 of the
 *     compressed bytes, u32 nrows, u32 live rows, u32 ncols, and per column u64 string
 *     bytes of the live rows and u64 how many of them pass 127 bytes (information_schema
 *     reads them while the rows are out)
 *   footer (32 bytes): u64 catalog length, u64 toc offset, u32 toc length, u32 toc crc32,
 *     "PDBTOC03"
 * Format 2 ("PDBSNAP2" ... "PDBTOC02": every string plain) is read the same way, and
 * format 1 ("PDBSNAP1", no footer: each table's rows after its 'T', one crc at the end)
 * whole, at start; the next checkpoint writes format 3. A pressdb older than a format
 * refuses it ("not a pressdb snapshot"), so none misreads a compressed value.
 * The log's first frame names its generation ('G' u64). A snapshot of generation g
 * contains everything the log of generation g held; recovery loads the snapshot and
 * replays the log only when its generation is newer. A snapshot whose catalog, table of
 * contents or any section's compressed bytes fail their checksums is refused at start:
 * the server does not start.
 */
#include "storage/storage.h"
#include "storage/wal.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>
#include <zlib.h>

static stor_table_ddl_fn table_ddl;
void stor_set_table_ddl(stor_table_ddl_fn fn) { table_ddl = fn; }

/* ---- writing: a buffered zstd stream with a running crc ----
 * The crc is taken over each buffer as it is flushed: taken per value (a few bytes a
 * call) it ran at 0.4 GB/s against zlib's 5 GB/s in bulk (a 5,000,000-row load with three
 * checkpoints: 7.7-8.0 s of server CPU before, 7.4-7.5 s after). */
#define ZW_DICTS 16
typedef struct zw {
    FILE *f;
    ZSTD_CCtx *cc;
    uint8_t in[1 << 16];
    size_t n;
    uint32_t crc;             /* of the bytes flushed so far (zw_crc: of all put) */
    uint64_t plain;           /* bytes flushed so far */
    uint32_t ccrc;            /* of the compressed bytes written so far */
    bool open;                /* bytes put since the last frame's end */
    int err;
    FILE *src;                /* copy_rows: the file copied from last (kept open: thousands of
                                 tables' sections are in one snapshot) and its path */
    char *src_path;
    uint8_t *cbuf;            /* copy_rows' buffer */
    struct zv_dict *dicts[ZW_DICTS];   /* the section's dictionaries written so far (held) */
    uint32_t ndicts;
    char *zbuf;               /* a compressed value's frame, copied */
    size_t zcap;
    uint64_t plain_long;      /* plain values compression would pack, written */
} zw;

/* A section starts (or the stream ends): its dictionaries are let go. */
static void zw_section(zw *w)
{
    for (uint32_t i = 0; i < w->ndicts; i++) zv_dict_unref(w->dicts[i]);
    w->ndicts = 0;
}

static void zw_src_close(zw *w)
{
    if (w->src) fclose(w->src);
    free(w->src_path);
    free(w->cbuf);
    w->src = NULL; w->src_path = NULL; w->cbuf = NULL;
    zw_section(w);
    free(w->zbuf);
    w->zbuf = NULL; w->zcap = 0;
}

static int zw_write(zw *w, const void *p, size_t n)
{
    if (fwrite(p, 1, n, w->f) != n) { w->err = 1; return -1; }
    w->ccrc = wal_crc32_update(w->ccrc, p, n);
    return 0;
}

static void zw_flush(zw *w, ZSTD_EndDirective end)
{
    if (end == ZSTD_e_end && !w->open && !w->n) return;   /* (no empty frame) */
    w->open = end != ZSTD_e_end;
    w->crc = wal_crc32_update(w->crc, w->in, w->n);
    w->plain += w->n;
    uint8_t out[1 << 16];
    ZSTD_inBuffer ib = { w->in, w->n, 0 };
    for (;;) {
        ZSTD_outBuffer ob = { out, sizeof out, 0 };
        size_t rem = ZSTD_compressStream2(w->cc, &ob, &ib, end);
        if (ZSTD_isError(rem)) { w->err = 1; return; }
        if (ob.pos && zw_write(w, out, ob.pos) != 0) return;
        if (end == ZSTD_e_end ? rem == 0 : ib.pos == ib.size) break;
    }
    w->n = 0;
}

static uint32_t zw_crc(const zw *w) { return wal_crc32_update(w->crc, w->in, w->n); }

static void zw_put_slow(zw *w, const void *p, size_t n)
{
    const uint8_t *s = p;
    while (n) {
        size_t k = sizeof w->in - w->n < n ? sizeof w->in - w->n : n;
        memcpy(w->in + w->n, s, k);
        w->n += k; s += k; n -= k;
        if (w->n == sizeof w->in) zw_flush(w, ZSTD_e_continue);
    }
}

static inline void zw_put(zw *w, const void *p, size_t n)
{
    if (__builtin_expect(w->n + n < sizeof w->in, 1)) {   /* (the buffer never fills here) */
        memcpy(w->in + w->n, p, n);
        w->n += n;
        return;
    }
    zw_put_slow(w, p, n);
}
static void zw_u8(zw *w, uint8_t v) { zw_put(w, &v, 1); }
static void zw_u16(zw *w, uint16_t v) { zw_put(w, &v, 2); }
static void zw_u32(zw *w, uint32_t v) { zw_put(w, &v, 4); }
static void zw_u64(zw *w, uint64_t v) { zw_put(w, &v, 8); }
static void zw_str(zw *w, const char *s, size_t n) { zw_u32(w, (uint32_t)n); zw_put(w, s, n); }

static int fsync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0) return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

static int snapshot_workers(void)
{
    const char *e = getenv("PRESSDB_SNAPSHOT_WORKERS");
    if (e) return atoi(e);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 2 ? 1 : n > 4 ? 4 : (int)n;
}

static int view_seq_cmp(const void *a, const void *b)
{
    uint64_t x = (*(stor_viewdef *const *)a)->seq, y = (*(stor_viewdef *const *)b)->seq;
    return x < y ? -1 : x > y;
}

/* Views after every table, in the order they were last defined: each is recreated after
 * the views it reads ('V': database, CREATE VIEW text). */
static int write_views(zw *w, stor_db **dbs, uint32_t ndb)
{
    size_t n = 0, k = 0;
    for (uint32_t i = 0; i < ndb; i++) n += dbs[i]->nviews;
    if (!n) return 0;
    stor_viewdef **v = malloc(n * sizeof *v);
    const char **vdb = malloc(n * sizeof *vdb);
    if (!v || !vdb) { free(v); free(vdb); return -1; }
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->nviews; j++) v[k++] = dbs[i]->views[j];
    qsort(v, n, sizeof *v, view_seq_cmp);
    for (size_t i = 0; i < n; i++)
        for (uint32_t d = 0; d < ndb; d++)
            for (uint32_t j = 0; j < dbs[d]->nviews; j++)
                if (dbs[d]->views[j] == v[i]) vdb[i] = dbs[d]->name;
    for (size_t i = 0; i < n; i++) {
        zw_u8(w, 'V');
        zw_str(w, vdb[i], strlen(vdb[i]));
        zw_str(w, v[i]->sql, strlen(v[i]->sql));
    }
    free(v);
    free(vdb);
    return 0;
}

/* Triggers after the views, each database's in firing order ('G': database, CREATE
 * TRIGGER text, which recovery appends). */
static void write_triggers(zw *w, stor_db **dbs, uint32_t ndb)
{
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->ntriggers; j++) {
            zw_u8(w, 'G');
            zw_str(w, dbs[i]->name, strlen(dbs[i]->name));
            zw_str(w, dbs[i]->triggers[j]->sql, strlen(dbs[i]->triggers[j]->sql));
        }
    for (uint32_t i = 0; i < ndb; i++)   /* ('R': stored procedures and functions, the same way) */
        for (uint32_t j = 0; j < dbs[i]->nroutines; j++) {
            zw_u8(w, 'R');
            zw_str(w, dbs[i]->name, strlen(dbs[i]->name));
            zw_str(w, dbs[i]->routines[j]->sql, strlen(dbs[i]->routines[j]->sql));
        }
    for (uint32_t i = 0; i < ndb; i++)   /* ('S': events, scheduled, the same way) */
        for (uint32_t j = 0; j < dbs[i]->nevents; j++) {
            zw_u8(w, 'S');
            zw_str(w, dbs[i]->name, strlen(dbs[i]->name));
            zw_str(w, dbs[i]->events[j]->sql, strlen(dbs[i]->events[j]->sql));
        }
}

/* A string value: plain (1, u32 length, bytes) or, held compressed, compressed (2, u32
 * plain length, u32 dictionary number or 0, u32 frame length, u32 crc32 of the plain
 * bytes, the frame) after its dictionary's first use in the section (3, u32 number, u32
 * length, bytes). A value whose dictionary finds no room in the section's list is plain. */
static void put_str(zw *w, const stor_column *col, uint32_t r, char **zbuf, size_t *zcap)
{
    uint32_t len = stor_slen(col, r), zlen, crc, no = 0;
    struct zv_dict *d = NULL;
    const char *frame = zv_copy_blob(col, r, &w->zbuf, &w->zcap, &zlen, &crc, &d);
    if (frame && d) {
        while (no < w->ndicts && w->dicts[no] != d) no++;
        if (no < w->ndicts) zv_dict_unref(d);   /* (the list holds it) */
        else if (w->ndicts < ZW_DICTS) {
            uint32_t size;
            const void *b = zv_dict_bytes(d, &size);
            w->dicts[w->ndicts++] = d;
            zw_u8(w, 3);
            zw_u32(w, no + 1);
            zw_u32(w, size);
            zw_put(w, b, size);
        } else { zv_dict_unref(d); frame = NULL; }
        no++;
    }
    if (!frame) {
        zw_u8(w, 1);
        zw_str(w, zv_read(col, r, zbuf, zcap), len);
        if (!stor_spooled(col, r) && len >= zv_min_bytes()) w->plain_long++;
        return;
    }
    zw_u8(w, 2);
    zw_u32(w, len);
    zw_u32(w, d ? no : 0);
    zw_u32(w, zlen);
    zw_u32(w, crc);
    zw_put(w, frame, zlen);
}

/* A table's rows: u32 nrows, then per row id u8 live and a live row's values (as in the
 * log, but for compressed strings: put_str), then its 'O' records. true: written live. */
static bool put_row(zw *w, const stor_table *t, uint32_t r, char **zbuf, size_t *zcap)
{
    /* (a deleted version still kept for a snapshot is written as gone) */
    if (!stor_row_visible(t, r)) { zw_u8(w, 0); return false; }
    zw_u8(w, 1);
    for (uint32_t c = 0; c < t->ncols; c++) {
        const stor_column *col = &t->cols[c];
        if (stor_is_null(col, r)) { zw_u8(w, 0); continue; }
        if (col->kind == CK_STR) { put_str(w, col, r, zbuf, zcap); continue; }
        zw_u8(w, 1);
        if (col->kind == CK_I64) zw_put(w, &col->i64[r], 8);
        else if (col->kind == CK_F64) zw_put(w, &col->f64[r], 8);
        else zw_str(w, zv_read(col, r, zbuf, zcap), stor_slen(col, r));
    }
    return true;
}

static void put_origins(zw *w, const stor_table *t)
{
    for (uint32_t r = 0; t->origin && r < t->nrows; r++) {
        if (t->origin[r] == r || !stor_row_visible(t, r)) continue;
        zw_u8(w, 'O');
        zw_u32(w, r);
        zw_u32(w, t->origin[r]);
    }
}

/* A table's entry in the table of contents (the rows section's place and checks, and
 * what information_schema reads of a table whose rows are out). */
typedef struct toc_ent {
    stor_ev_rows rows;
    uint32_t nrows, nlive;
    uint64_t *len, *lng;      /* per column: string bytes of the live rows, of them > 127 */
} toc_ent;

/* The rows section of t (in memory); e gets its counts and string sizes. */
static void write_rows(zw *w, const stor_table *t, toc_ent *e, char **zbuf, size_t *zcap)
{
    zw_section(w);
    zw_u32(w, t->nrows);
    for (uint32_t r = 0; r < t->nrows; r++) {
        if (!put_row(w, t, r, zbuf, zcap)) continue;
        e->nlive++;
        for (uint32_t c = 0; c < t->ncols; c++) {
            const stor_column *col = &t->cols[c];
            if (col->kind != CK_STR || stor_is_null(col, r)) continue;
            e->len[c] += stor_slen(col, r);
            e->lng[c] += stor_slen(col, r) > 127;
        }
    }
    put_origins(w, t);
}

/* ---- evict files (evict.c): three zstd frames, not fsynced (a cache):
 *   "PDBROWS2" | a table's rows as write_rows puts them | 'E' u32 crc32 of every byte
 * before it. The rows' frame is copied into a snapshot as it is (stor_ev_rows says where
 * it is and the crc32 and length of its plain bytes): a checkpoint only decompresses it
 * to check it, instead of compressing the rows again. ---- */

#define EV_MAGIC "PDBROWS3"

struct snap_rows_out {
    zw *w;
    char *zbuf;
    size_t zcap;
    uint32_t nrows;
    uint32_t crc_magic;
    stor_ev_rows rows;
    char path[4300];
};

static void rows_out_free(snap_rows_out *o)
{
    zw_src_close(o->w);
    if (o->w->f) fclose(o->w->f);
    ZSTD_freeCCtx(o->w->cc);
    free(o->w);
    free(o->zbuf);
    free(o);
}

void snap_rows_abort(snap_rows_out *o)
{
    if (!o) return;
    unlink(o->path);
    rows_out_free(o);
}

snap_rows_out *snap_rows_begin(const char *path, uint32_t nrows)
{
    snap_rows_out *o = calloc(1, sizeof *o);
    zw *w = calloc(1, sizeof *w);
    if (!o || !w) { free(o); free(w); return NULL; }
    o->w = w;
    o->nrows = nrows;
    snprintf(o->path, sizeof o->path, "%s", path);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
    w->f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!w->f && fd >= 0) close(fd);
    w->cc = ZSTD_createCCtx();
    if (!w->f || !w->cc) { snap_rows_abort(o); return NULL; }
    ZSTD_CCtx_setParameter(w->cc, ZSTD_c_compressionLevel, 1);
    zw_put(w, EV_MAGIC, 8);
    zw_flush(w, ZSTD_e_end);
    long at = ftell(w->f);
    if (w->err || at < 0) { snap_rows_abort(o); return NULL; }
    o->crc_magic = w->crc;
    o->rows.off = (uint64_t)at;
    w->crc = 0;              /* (from here the rows' own) */
    w->plain = 0;
    w->ccrc = 0;
    zw_u32(w, nrows);
    return o;
}

void snap_rows_put(snap_rows_out *o, const stor_table *t, uint32_t from, uint32_t to)
{
    for (uint32_t r = from; r < to; r++) (void)put_row(o->w, t, r, &o->zbuf, &o->zcap);
}

int snap_rows_finish(snap_rows_out *o, const stor_table *t, stor_ev_rows *rows, uint64_t *bytes)
{
    zw *w = o->w;
    if (t->nrows != o->nrows) { snap_rows_abort(o); return -1; }
    put_origins(w, t);
    zw_flush(w, ZSTD_e_end);
    long at = ftell(w->f);
    if (w->err || at < 0) { snap_rows_abort(o); return -1; }
    o->rows.len = (uint64_t)at - o->rows.off;
    o->rows.crc = w->crc;
    o->rows.ccrc = w->ccrc;
    o->rows.plain = w->plain;
    o->rows.packed = !w->plain_long;
    zw_u8(w, 'E');
    zw_u32(w, (uint32_t)crc32_combine(o->crc_magic, o->rows.crc, (z_off_t)o->rows.plain));
    zw_flush(w, ZSTD_e_end);
    long end = !w->err && fflush(w->f) == 0 ? ftell(w->f) : -1;
    if (end < 0) { snap_rows_abort(o); return -1; }
    *bytes = (uint64_t)end;
    *rows = o->rows;
    rows_out_free(o);
    return 0;
}

/* A table's rows section copied from its file (evict.c: an evicted table's, or the
 * clean copy of one unchanged since) as it is, the stream's frame ended first; checked
 * against the crc32 of its compressed bytes on the way (a damaged file fails the
 * checkpoint rather than go into a snapshot); the running crc and length then go on as
 * if its plain bytes had been put. */
static int copy_rows(zw *w, const stor_table *t, const char *path, const stor_ev_rows *rv, char *err, size_t errlen)
{
    enum { IN = 1 << 20 };
    zw_flush(w, ZSTD_e_end);
    if (!w->src || strcmp(w->src_path, path)) {
        zw_src_close(w);
        w->src = fopen(path, "rb");
        w->src_path = strdup(path);
        w->cbuf = malloc(IN);
    }
    FILE *f = w->src;
    if (!f || !w->src_path || !w->cbuf || fseeko(f, (off_t)rv->off, SEEK_SET) != 0) {
        snprintf(err, errlen, "reading the rows of %s.%s ('%s'): %s", t->db, t->name, path,
                 f ? "out of memory" : strerror(errno));
        zw_src_close(w);
        return -1;
    }
    uint32_t crc = 0;
    for (uint64_t left = rv->len; left;) {
        size_t got = fread(w->cbuf, 1, left < IN ? (size_t)left : IN, f);
        if (!got) goto bad;
        left -= got;
        crc = wal_crc32_update(crc, w->cbuf, got);
        if (zw_write(w, w->cbuf, got) != 0) goto bad;
    }
    if (crc != rv->ccrc) goto bad;
    w->crc = (uint32_t)crc32_combine(w->crc, rv->crc, (z_off_t)rv->plain);
    w->plain += rv->plain;
    return 0;
bad:
    snprintf(err, errlen, "the rows of %s.%s in '%s' are damaged", t->db, t->name, path);
    zw_src_close(w);
    return -1;
}

/* The string sizes of t's live rows (in memory, no versions: its copy is its rows). */
static void live_sizes(const stor_table *t, toc_ent *e)
{
    for (uint32_t c = 0; c < t->ncols; c++) {
        const stor_column *col = &t->cols[c];
        for (uint32_t r = 0; col->kind == CK_STR && r < t->nrows; r++) {
            if (stor_is_dead(t, r) || stor_is_null(col, r)) continue;
            e->len[c] += stor_slen(col, r);
            e->lng[c] += stor_slen(col, r) > 127;
        }
    }
}

/* t's rows section in frames of its own, e its entry: an evicted table's is its file's
 * rows frame, copied. */
static int write_section(zw *w, const stor_table *t, toc_ent *e, char **zbuf, size_t *zcap, char *err, size_t errlen)
{
    long at = ftell(w->f);
    if (at < 0) { snprintf(err, errlen, "writing the snapshot: %s", strerror(errno)); return -1; }
    e->rows.off = (uint64_t)at;
    w->crc = 0; w->plain = 0; w->ccrc = 0;   /* (from here the section's own) */
    e->nrows = t->nrows;
    char path[4300];
    stor_ev_rows rv;
    if (evict_copy_source(t, path, sizeof path, &rv)) {
        if (copy_rows(w, t, path, &rv, err, errlen) != 0) return -1;
        e->nlive = t->nlive;
        if (!t->evicted) live_sizes(t, e);
        else for (uint32_t c = 0; c < t->ncols; c++) { e->len[c] = t->cols[c].ev_len; e->lng[c] = t->cols[c].ev_long; }
    } else {
        write_rows(w, t, e, zbuf, zcap);
        zw_flush(w, ZSTD_e_end);
    }
    long end = ftell(w->f);
    if (w->err || end < 0) { snprintf(err, errlen, "writing the snapshot: %s", strerror(errno)); return -1; }
    e->rows.len = (uint64_t)end - e->rows.off;
    e->rows.plain = w->plain;
    e->rows.crc = w->crc;
    e->rows.ccrc = w->ccrc;
    return 0;
}

typedef struct bytes { uint8_t *p; size_t n, cap; } bytes;

static void put_bytes(bytes *b, const void *p, size_t n)
{
    if (!b->p) return;
    if (b->n + n > b->cap) {
        size_t nc = (b->cap + n) * 2;
        uint8_t *np = realloc(b->p, nc);
        if (!np) { free(b->p); b->p = NULL; return; }
        b->p = np; b->cap = nc;
    }
    memcpy(b->p + b->n, p, n);
    b->n += n;
}
static void put_u32(bytes *b, uint32_t v) { put_bytes(b, &v, 4); }
static void put_u64(bytes *b, uint64_t v) { put_bytes(b, &v, 8); }

#define TOC_MAGIC "PDBTOC03"
#define TOC_MAGIC_2 "PDBTOC02"   /* format 2's (its sections hold no compressed values) */
#define FOOTER_BYTES 32

/* The table of contents and the footer, plain, after the last section. */
static int write_toc(zw *w, stor_table **tabs, const toc_ent *toc, uint32_t n, uint64_t catalog_len)
{
    long at = ftell(w->f);
    bytes b = { malloc(4096), 0, 4096 };
    put_u32(&b, n);
    for (uint32_t k = 0; k < n; k++) {
        const toc_ent *e = &toc[k];
        put_u64(&b, e->rows.off); put_u64(&b, e->rows.len); put_u64(&b, e->rows.plain);
        put_u32(&b, e->rows.crc); put_u32(&b, e->rows.ccrc);
        put_u32(&b, e->nrows); put_u32(&b, e->nlive); put_u32(&b, tabs[k]->ncols);
        for (uint32_t c = 0; c < tabs[k]->ncols; c++) { put_u64(&b, e->len[c]); put_u64(&b, e->lng[c]); }
    }
    if (!b.p || at < 0) { free(b.p); return -1; }
    uint32_t crc = wal_crc32_update(0, b.p, b.n);
    uint32_t len = (uint32_t)b.n;
    put_u64(&b, catalog_len); put_u64(&b, (uint64_t)at); put_u32(&b, len); put_u32(&b, crc);
    put_bytes(&b, TOC_MAGIC, 8);
    int rc = b.p && fwrite(b.p, 1, b.n, w->f) == b.n ? 0 : -1;
    free(b.p);
    return rc;
}

/* Every table, in the order of the 'T' records, with an entry each (ents: per column
 * sizes, freed with it). */
static stor_table **list_tables(stor_db **dbs, uint32_t ndb, uint32_t *n, toc_ent **toc, uint64_t **sizes)
{
    size_t nt = 0, ncols = 0;
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) { nt++; ncols += dbs[i]->tables[j]->ncols; }
    stor_table **tabs = malloc((nt ? nt : 1) * sizeof *tabs);
    *toc = calloc(nt ? nt : 1, sizeof **toc);
    *sizes = calloc(ncols ? ncols * 2 : 1, sizeof **sizes);
    if (!tabs || !*toc || !*sizes) { free(tabs); free(*toc); free(*sizes); *toc = NULL; *sizes = NULL; return NULL; }
    size_t k = 0, c = 0;
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            (*toc)[k].len = *sizes + c;
            (*toc)[k].lng = *sizes + c + t->ncols;
            c += 2 * (size_t)t->ncols;
            tabs[k++] = t;
        }
    *n = (uint32_t)nt;
    return tabs;
}

/* The catalog: databases, table heads, views, triggers, routines, events, its crc. */
static int write_catalog(zw *w, uint64_t gen, stor_db **dbs, uint32_t ndb, stor_table **tabs, uint32_t n,
                         char *err, size_t errlen)
{
    zw_put(w, "PDBSNAP3", 8);
    zw_u64(w, gen);
    for (uint32_t i = 0; i < ndb; i++) {
        zw_u8(w, 'B');
        zw_str(w, dbs[i]->name, strlen(dbs[i]->name));
        zw_u16(w, dbs[i]->coll);
    }
    for (uint32_t k = 0; k < n; k++) {
        stor_table *t = tabs[k];
        char *ddl = table_ddl ? table_ddl(t) : NULL;
        if (!ddl) { snprintf(err, errlen, "no definition for table %s.%s", t->db, t->name); return -1; }
        zw_u8(w, 'T');
        zw_str(w, t->db, strlen(t->db));
        zw_str(w, ddl, strlen(ddl));
        free(ddl);
        zw_u64(w, t->auto_inc);
    }
    if (write_views(w, dbs, ndb) != 0) { snprintf(err, errlen, "out of memory"); return -1; }
    write_triggers(w, dbs, ndb);
    uint32_t crc = zw_crc(w);
    zw_u8(w, 'E');
    zw_u32(w, crc);
    zw_flush(w, ZSTD_e_end);
    return 0;
}

int stor_snapshot_write(uint64_t gen, char *err, size_t errlen)
{
    const char *dir = stor_datadir();
    char tmp[4200], path[4200];
    snprintf(tmp, sizeof tmp, "%s/pressdb.snap.tmp", dir);
    snprintf(path, sizeof path, "%s/pressdb.snap", dir);
    char *zbuf = NULL;          /* compressed values, decompressed one at a time */
    size_t zcap = 0;
    stor_table **tabs = NULL;
    toc_ent *toc = NULL;
    uint64_t *sizes = NULL;
    uint32_t ntab = 0;
    zw *w = calloc(1, sizeof *w);
    if (!w) { snprintf(err, errlen, "out of memory"); return -1; }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);   /* all table data */
    w->f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!w->f && fd >= 0) close(fd);
    w->cc = ZSTD_createCCtx();
    w->crc = 0;
    if (!w->f || !w->cc) { snprintf(err, errlen, "cannot write '%s': %s", tmp, strerror(errno)); goto fail; }
    ZSTD_CCtx_setParameter(w->cc, ZSTD_c_compressionLevel, 3);
    /* compression on zstd's worker threads while this one walks the tables (the store is
       locked meanwhile: the sooner done the better); a libzstd without them just refuses */
    ZSTD_CCtx_setParameter(w->cc, ZSTD_c_nbWorkers, snapshot_workers());
    uint32_t ndb;
    stor_db **dbs = stor_db_list(&ndb);
    tabs = list_tables(dbs, ndb, &ntab, &toc, &sizes);
    if (!tabs) { snprintf(err, errlen, "out of memory"); goto fail; }
    if (write_catalog(w, gen, dbs, ndb, tabs, ntab, err, errlen) != 0) goto fail;
    long catalog_len = ftell(w->f);
    if (w->err || catalog_len < 0) { snprintf(err, errlen, "writing the snapshot: %s", strerror(errno)); goto fail; }
    for (uint32_t k = 0; k < ntab; k++)
        if (write_section(w, tabs[k], &toc[k], &zbuf, &zcap, err, errlen) != 0) goto fail;
    if (write_toc(w, tabs, toc, ntab, (uint64_t)catalog_len) != 0 || w->err || fflush(w->f) != 0 ||
        fsync(fileno(w->f)) != 0) { snprintf(err, errlen, "writing the snapshot: %s", strerror(errno)); goto fail; }
    fclose(w->f); w->f = NULL;
    zw_src_close(w);
    ZSTD_freeCCtx(w->cc);
    free(w);
    free(zbuf);
    free(tabs); free(toc); free(sizes);
    if (rename(tmp, path) != 0 || fsync_dir(dir) != 0) { snprintf(err, errlen, "installing the snapshot: %s", strerror(errno)); unlink(tmp); return -1; }
    stor_datadir_snapshot_written();
    return 0;
fail:
    if (w->f) fclose(w->f);
    zw_src_close(w);
    ZSTD_freeCCtx(w->cc);
    free(w);
    free(zbuf);
    free(tabs); free(toc); free(sizes);
    unlink(tmp);
    return -1;
}

/* ---- reading: the stream decompressed through a window, a record at a time ----
 * A record (the magic, a database, a table's head, a row, the end) is parsed from the
 * window; one that runs past the bytes decompressed so far is parsed again after
 * zr_refill moved its start to the window's front and decompressed more. Nothing a
 * record does happens before all of it was read, so a retry repeats nothing. The window
 * stays cache-sized (it grows only for a row larger than half of it): decompressing the
 * whole stream first had cost a third of a restart in page faults and copies. */
#define ZR_WINDOW (512u << 10)
typedef struct zr {
    const uint8_t *p, *end;   /* the unread decompressed bytes, in buf */
    int bad;                  /* malformed (the stream ended inside a record, or nonsense) */
    int more;                 /* a read ran past the window: refill and parse the record again */
    uint8_t *buf;
    size_t cap;
    FILE *f;
    ZSTD_DCtx *dc;
    ZSTD_inBuffer ib;
    uint8_t in[1 << 16];
    size_t last;              /* ZSTD_decompressStream's last hint: 0 at a frame's end */
    bool eof;                 /* every byte of the stream is in the window */
    const uint8_t *crc_at;    /* bytes before crc_at are in crc */
    uint32_t crc;
    uint64_t left;            /* compressed bytes it may still read from f */
    uint64_t plain;           /* bytes decompressed so far */
    bool v2;                  /* a format 2 catalog: 'T' heads without rows */
    stor_table **tabs;        /* (v2) the tables of the 'T' records, in order */
    uint32_t ntabs, ctabs;
} zr;

static int zr_take(zr *r, void *out, size_t n)
{
    if ((size_t)(r->end - r->p) < n) {
        if (r->eof) r->bad = 1; else r->more = 1;
        memset(out, 0, n);
        return -1;
    }
    memcpy(out, r->p, n); r->p += n; return 0;
}
static uint8_t zr_u8(zr *r) { uint8_t v; zr_take(r, &v, 1); return v; }
static uint16_t zr_u16(zr *r) { uint16_t v; zr_take(r, &v, 2); return v; }
static uint32_t zr_u32(zr *r) { uint32_t v; zr_take(r, &v, 4); return v; }
static uint64_t zr_u64(zr *r) { uint64_t v; zr_take(r, &v, 8); return v; }
static const char *zr_str(zr *r, uint32_t *n)
{
    *n = zr_u32(r);
    if (r->bad || r->more) { *n = 0; return ""; }
    if ((size_t)(r->end - r->p) < *n) {
        if (r->eof) r->bad = 1; else r->more = 1;
        *n = 0;
        return "";
    }
    const char *s = (const char *)r->p;
    r->p += *n;
    return s;
}

/* The record that starts at mark is kept (moved to the window's front, the bytes before
 * it checksummed) and more of the stream decompressed after it. -1: the compressed
 * stream is damaged or cut, or no memory for a window that large. */
static int zr_refill(zr *r, const uint8_t *mark)
{
    r->crc = wal_crc32_update(r->crc, r->crc_at, (size_t)(mark - r->crc_at));
    size_t keep = (size_t)(r->end - mark);
    if (keep > r->cap / 2) {
        uint8_t *nb = malloc(r->cap * 2);
        if (!nb) return -1;
        memcpy(nb, mark, keep);
        free(r->buf);
        r->buf = nb;
        r->cap *= 2;
    } else memmove(r->buf, mark, keep);
    r->p = r->crc_at = r->buf;
    r->end = r->buf + keep;
    r->more = 0;
    ZSTD_outBuffer ob = { r->buf + keep, r->cap - keep, 0 };
    while (ob.pos < ob.size) {
        if (r->ib.pos == r->ib.size) {
            size_t want = r->left < sizeof r->in ? (size_t)r->left : sizeof r->in;
            size_t got = want ? fread(r->in, 1, want, r->f) : 0;
            r->left -= got;
            if (!got) {
                if (r->last != 0 || ferror(r->f)) return -1;   /* cut inside a frame */
                r->eof = true;
                break;
            }
            r->ib = (ZSTD_inBuffer){ r->in, got, 0 };
        }
        r->last = ZSTD_decompressStream(r->dc, &ob, &r->ib);
        if (ZSTD_isError(r->last)) return -1;
    }
    r->end = r->buf + keep + ob.pos;
    r->plain += ob.pos;
    return 0;
}

/* One table: its head (the definition replayed only once all of it was read), then its
 * rows. 1: a record ran past the window (r->more; the caller refills at *mark).
 * -1: failed (err set). */
static int load_table_head(zr *r, stor_ddl_replay_fn replay, stor_table **out, uint32_t *nrows,
                           const char *path, char *err, size_t errlen)
{
    uint32_t dn, sn;
    const char *d = zr_str(r, &dn), *sql = zr_str(r, &sn);
    uint64_t auto_inc = zr_u64(r);
    *nrows = r->v2 ? 0 : zr_u32(r);   /* (format 2: in the table's section) */
    if (r->more || r->bad) return r->more ? 1 : 0;
    char db[256]; snprintf(db, sizeof db, "%.*s", (int)dn, d);
    if (replay(db, sql, sn) != 0) { snprintf(err, errlen, "snapshot: recreating a table of %s failed", db); return -1; }
    /* the table just created is the newest one of the database */
    stor_db *sd = stor_db_find(db);
    stor_table *t = sd && sd->ntables ? sd->tables[sd->ntables - 1] : NULL;
    if (!t) { r->bad = 1; return 0; }
    t->auto_inc = auto_inc;
    if (!tbl_row_ids_fit(t, *nrows)) {      /* more rows than the table could hold */
        snprintf(err, errlen, "the snapshot '%s' is malformed: table %s.%s has %u row ids, more than it "
                 "can hold (--max-memory); refusing to start", path, db, t->name, *nrows);
        return -1;
    }
    *out = t;
    return 0;
}

/* A section's compressed values (put_str): the current row's, and the dictionaries met
 * so far (held until the section ends). */
typedef struct zr_blob { const char *frame; uint32_t len, no, zlen, crc; } zr_blob;
typedef struct zr_dicts {
    struct zv_dict *d[ZW_DICTS];
    uint32_t n;
    struct { const char *b; uint32_t no, size; } def[ZW_DICTS];   /* the row's, not made yet */
    uint32_t ndef;
} zr_dicts;

/* A string cell after its marker m (2: compressed, 3: a dictionary, then the cell again). */
static void zr_cell_str(zr *r, uint8_t m, zr_dicts *zd, zr_blob *zb, pdb_value *v)
{
    while (m == 3 && !r->more && !r->bad) {
        uint32_t no = zr_u32(r), size;
        const char *b = zr_str(r, &size);
        if (r->more || r->bad) return;
        if (zd->n + zd->ndef >= ZW_DICTS || no != zd->n + zd->ndef + 1 || !size) { r->bad = 1; return; }
        zd->def[zd->ndef].b = b; zd->def[zd->ndef].no = no; zd->def[zd->ndef].size = size;
        zd->ndef++;
        m = zr_u8(r);
    }
    v->t = VT_STRING;
    if (m == 1) { uint32_t n; v->p = zr_str(r, &n); v->len = n; return; }
    if (m != 2) { if (!r->more) r->bad = 1; return; }
    zb->len = zr_u32(r);
    zb->no = zr_u32(r);
    zb->zlen = zr_u32(r);
    zb->crc = zr_u32(r);
    uint32_t n = zb->zlen;
    zb->frame = r->more || r->bad ? NULL : (const char *)r->p;
    if (zb->frame && (size_t)(r->end - r->p) < n) { if (r->eof) r->bad = 1; else r->more = 1; zb->frame = NULL; }
    if (zb->frame) r->p += n;
    if (!r->more && !r->bad && (zb->no > zd->n + zd->ndef || !zb->len)) r->bad = 1;
    v->p = "";   /* (the blob is put in after the row: tbl_adopt_zv) */
    v->len = 0;
}

/* The row's dictionaries made, its compressed cells ready: a keyed column's (never
 * compressed in memory; defensively) decompressed into its value. -1: no memory, or a
 * frame or dictionary that is none (a damaged section). */
static int zr_row_blobs(stor_table *t, zr_dicts *zd, zr_blob *zb, pdb_value *vals, char **plain)
{
    for (uint32_t i = 0; i < zd->ndef; i++) {
        struct zv_dict *d = zv_dict_load(zd->def[i].b, zd->def[i].size);
        if (!d) return -1;
        zd->d[zd->n++] = d;
    }
    zd->ndef = 0;
    for (uint32_t c = 0; c < t->ncols; c++) {
        if (!zb[c].frame || !tbl_col_keyed(t, c)) continue;
        char *b = zv_adopt(zb[c].frame, zb[c].zlen, zb[c].crc, zb[c].len, zb[c].no ? zd->d[zb[c].no - 1] : NULL);
        char *p = b ? malloc(zb[c].len) : NULL;
        bool ok = p && zv_unpack(b, zb[c].len, p);
        zv_free(b, zb[c].len);
        if (!ok) { free(p); return -1; }
        free(plain[c]);
        vals[c].p = plain[c] = p;
        vals[c].len = zb[c].len;
        zb[c].frame = NULL;
    }
    return 0;
}

/* After the row is put: its compressed cells take their blobs. */
static int zr_row_adopt(stor_table *t, uint32_t row, zr_dicts *zd, zr_blob *zb)
{
    for (uint32_t c = 0; c < t->ncols; c++) {
        if (!zb[c].frame) continue;
        struct zv_dict *d = zb[c].no ? zd->d[zb[c].no - 1] : NULL;
        char *b = zv_adopt(zb[c].frame, zb[c].zlen, zb[c].crc, zb[c].len, d);
        if (!b) return -1;
        tbl_adopt_zv(t, c, row, b, zb[c].len);
        if (d && !t->cols[c].zdict) { zv_dict_ref(d); t->cols[c].zdict = d; }   /* (compress more with it) */
    }
    return 0;
}

/* The rows of t, each parsed whole before it is put. -1: the stream failed. */
static int load_rows(zr *r, stor_table *t, uint32_t nrows, pdb_value *vals)
{
    uint32_t last_live = 0;
    bool any = false;
    zr_dicts zd = { .n = 0 };
    zr_blob *zb = calloc(t->ncols ? t->ncols : 1, sizeof *zb);
    char **plain = calloc(t->ncols ? t->ncols : 1, sizeof *plain);
    int rc = zb && plain ? 0 : -1;
    if (rc == 0) tbl_load_reserve(t, nrows);
    for (uint32_t row = 0; row < nrows && !r->bad && rc == 0;) {
        const uint8_t *mark = r->p;
        bool live = zr_u8(r);
        zd.ndef = 0;
        for (uint32_t c = 0; live && c < t->ncols; c++) {
            stor_column *col = &t->cols[c];
            memset(&vals[c], 0, sizeof vals[c]);
            zb[c].frame = NULL;
            uint8_t m = zr_u8(r);
            if (!m) { vals[c].t = VT_NULL; continue; }
            if (col->kind == CK_I64) { vals[c].t = VT_INT; zr_take(r, &vals[c].i, 8); }
            else if (col->kind == CK_F64) { vals[c].t = VT_DOUBLE; zr_take(r, &vals[c].d, 8); }
            else if (col->kind == CK_STR) zr_cell_str(r, m, &zd, &zb[c], &vals[c]);
            else { uint32_t n; vals[c].p = zr_str(r, &n); vals[c].len = n; vals[c].t = VT_STRING; }
        }
        if (r->more) {
            if (zr_refill(r, mark) != 0) rc = -1;
            continue;
        }
        if (r->bad) break;
        if (live) {
            if (zr_row_blobs(t, &zd, zb, vals, plain) != 0) { rc = -1; break; }
            tbl_put_at(t, row, vals);
            if (zr_row_adopt(t, row, &zd, zb) != 0) { rc = -1; break; }
            last_live = row;
            any = true;
        }
        row++;
    }
    for (uint32_t i = 0; i < zd.n; i++) zv_dict_unref(zd.d[i]);
    for (uint32_t c = 0; plain && c < t->ncols; c++) free(plain[c]);
    free(plain);
    free(zb);
    /* trailing dead rows keep their ids, so later log records line up */
    if (rc == 0 && !r->bad && nrows && (!any || last_live + 1 < nrows)) tbl_reserve_rows(t, nrows);
    return rc;
}

/* The records after the magic, up to the end record and its checksum. */
static int load_records(zr *r, stor_ddl_replay_fn replay, const char *path, char *err, size_t errlen)
{
    pdb_value *vals = NULL;
    stor_table *last = NULL;   /* the table of the last 'T' */
    int rc = 0;
    while (!r->bad && rc == 0) {
        const uint8_t *mark = r->p;
        uint8_t kind = zr_u8(r);
        if (kind == 'E') {
            uint32_t want = zr_u32(r);
            if (r->more) { rc = zr_refill(r, mark); continue; }
            uint32_t got = wal_crc32_update(r->crc, r->crc_at, (size_t)(mark - r->crc_at));
            /* the window may have filled up exactly at the end: ask the stream for more */
            if (!r->bad && r->p == r->end && !r->eof && zr_refill(r, r->p) != 0) { rc = -1; break; }
            if (!r->bad && (r->p != r->end || !r->eof)) r->bad = 1;   /* bytes after the end */
            if (!r->bad && got != want) {
                snprintf(err, errlen, "the snapshot '%s' fails its checksum; refusing to start", path);
                rc = -1;
            }
            break;
        }
        if (kind == 'B') {
            uint32_t n; const char *s = zr_str(r, &n);
            uint16_t coll = zr_u16(r);
            if (r->more) { rc = zr_refill(r, mark); continue; }
            char name[256]; snprintf(name, sizeof name, "%.*s", (int)n, s);
            if (!r->bad && !stor_db_find(name)) stor_db_create(name, coll);
            continue;
        }
        if (kind == 'V' || kind == 'G' || kind == 'R' || kind == 'S') {
            uint32_t dn, sn;
            const char *db = zr_str(r, &dn), *sql = zr_str(r, &sn);
            if (r->more) { rc = zr_refill(r, mark); continue; }
            if (r->bad) break;
            char name[256];
            snprintf(name, sizeof name, "%.*s", (int)dn, db);
            if (replay(name, sql, sn) != 0) { snprintf(err, errlen, "snapshot: recreating a %s of %s failed", kind == 'V' ? "view" : kind == 'G' ? "trigger" : kind == 'S' ? "event" : "routine", name); return -2; }
            continue;
        }
        if (kind == 'O') {
            uint32_t row = zr_u32(r), first = zr_u32(r);
            if (r->more) { rc = zr_refill(r, mark); continue; }
            if (r->v2 || !last || row >= last->nrows || first > row) { r->bad = 1; break; }
            tbl_set_origin(last, row, first);
            continue;
        }
        if (r->more) { rc = zr_refill(r, mark); continue; }
        if (kind != 'T') { r->bad = 1; break; }
        stor_table *t = NULL;
        uint32_t nrows = 0;
        int h = load_table_head(r, replay, &t, &nrows, path, err, errlen);
        if (h == 1) { rc = zr_refill(r, mark); continue; }
        if (h < 0) return -2;   /* (err says why) */
        if (!t) break;
        if (r->v2) {
            if (r->ntabs == r->ctabs) {
                uint32_t nc = r->ctabs ? r->ctabs * 2 : 64;
                stor_table **nt = realloc(r->tabs, nc * sizeof *nt);
                if (!nt) { rc = -1; break; }
                r->tabs = nt; r->ctabs = nc;
            }
            r->tabs[r->ntabs++] = t;
            continue;
        }
        free(vals);
        vals = malloc((t->ncols ? t->ncols : 1) * sizeof *vals);
        if (!vals) { rc = -1; break; }
        rc = load_rows(r, t, nrows, vals);
        last = t;
    }
    free(vals);
    return rc;
}

static zr *zr_open(FILE *f)
{
    zr *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->f = f;
    r->dc = ZSTD_createDCtx();
    r->cap = ZR_WINDOW;
    r->buf = malloc(r->cap);
    r->p = r->end = r->crc_at = r->buf;
    r->last = 1;
    r->left = UINT64_MAX;
    if (!r->dc || !r->buf) { ZSTD_freeDCtx(r->dc); free(r->buf); free(r); return NULL; }
    return r;
}

static void zr_close(zr *r)
{
    if (!r) return;
    free(r->tabs);
    ZSTD_freeDCtx(r->dc);
    free(r->buf);
    free(r);
}

/* After a section's rows: its 'O' records, to the section's end. 0 or -1. */
static int load_origins(zr *r, stor_table *t)
{
    for (;;) {
        if (r->p == r->end) {
            if (r->eof) return 0;
            if (zr_refill(r, r->p) != 0) return -1;
            continue;
        }
        const uint8_t *mark = r->p;
        uint8_t kind = zr_u8(r);
        uint32_t row = zr_u32(r), first = zr_u32(r);
        if (r->more) { if (zr_refill(r, mark) != 0) return -1; continue; }
        if (r->bad || kind != 'O' || row >= t->nrows || first > row) return -1;
        tbl_set_origin(t, row, first);
    }
}

/* A rows section (rv: where it is in f, its plain length and crc32) into t, which has no
 * rows: 0, or -1 (damaged, or not nrows rows). */
static int rows_load_f(stor_table *t, FILE *f, const stor_ev_rows *rv, uint32_t nrows)
{
    if (fseeko(f, (off_t)rv->off, SEEK_SET) != 0) return -1;
    zr *r = zr_open(f);
    pdb_value *vals = malloc((t->ncols ? t->ncols : 1) * sizeof *vals);
    int rc = r && vals ? 0 : -1;
    if (r) r->left = rv->len;
    uint32_t n = 0;
    while (rc == 0) {
        const uint8_t *mark = r->p;
        n = zr_u32(r);
        if (!r->more) break;
        rc = zr_refill(r, mark);
    }
    if (rc == 0 && (r->bad || n != nrows)) rc = -1;
    if (rc == 0) rc = load_rows(r, t, nrows, vals);
    if (rc == 0 && r->bad) rc = -1;
    if (rc == 0) rc = load_origins(r, t);
    if (rc == 0 && (wal_crc32_update(r->crc, r->crc_at, (size_t)(r->end - r->crc_at)) != rv->crc ||
                    r->plain != rv->plain)) rc = -1;
    free(vals);
    zr_close(r);
    return rc;
}

int snap_rows_load(stor_table *t, const char *path, const stor_ev_rows *rv, uint32_t nrows)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    int rc = rows_load_f(t, f, rv, nrows);
    fclose(f);
    return rc;
}

/* ---- format 2: the footer, the table of contents, then the catalog ---- */

typedef struct toc_in {
    stor_ev_rows rows;
    uint32_t nrows, nlive, ncols;
    const uint8_t *sizes;     /* ncols x (u64 bytes, u64 long ones), in the toc's buffer */
} toc_in;

typedef struct toc_file {
    uint64_t catalog_len, toc_off;
    const char *magic;        /* the catalog's: "PDBSNAP3", or format 2's */
    uint8_t *buf;
    toc_in *ent;
    uint32_t n;
} toc_file;

static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

/* 1: a format 2 footer, its toc read and checked into tf; 0: no footer (format 1);
 * -1: a footer whose toc is damaged. */
static int toc_read(FILE *f, toc_file *tf)
{
    uint8_t foot[FOOTER_BYTES];
    if (fseeko(f, 0, SEEK_END) != 0) return 0;
    off_t size = ftello(f);
    if (size < FOOTER_BYTES || fseeko(f, size - FOOTER_BYTES, SEEK_SET) != 0 ||
        fread(foot, 1, sizeof foot, f) != sizeof foot) return 0;
    if (!memcmp(foot + 24, TOC_MAGIC, 8)) tf->magic = "PDBSNAP3";
    else if (!memcmp(foot + 24, TOC_MAGIC_2, 8)) tf->magic = "PDBSNAP2";
    else return 0;
    tf->catalog_len = rd64(foot);
    tf->toc_off = rd64(foot + 8);
    uint32_t len = rd32(foot + 16), crc = rd32(foot + 20);
    if (tf->catalog_len > tf->toc_off || tf->toc_off + len + FOOTER_BYTES != (uint64_t)size || len < 4) return -1;
    tf->buf = malloc(len);
    if (!tf->buf || fseeko(f, (off_t)tf->toc_off, SEEK_SET) != 0 || fread(tf->buf, 1, len, f) != len ||
        wal_crc32_update(0, tf->buf, len) != crc) return -1;
    const uint8_t *p = tf->buf, *end = tf->buf + len;
    tf->n = rd32(p); p += 4;
    if (tf->n > len / 44) return -1;
    tf->ent = calloc(tf->n ? tf->n : 1, sizeof *tf->ent);
    if (!tf->ent) return -1;
    uint64_t at = tf->catalog_len;
    for (uint32_t k = 0; k < tf->n; k++) {
        toc_in *e = &tf->ent[k];
        if (end - p < 44) return -1;
        e->rows.off = rd64(p); e->rows.len = rd64(p + 8); e->rows.plain = rd64(p + 16);
        e->rows.crc = rd32(p + 24); e->rows.ccrc = rd32(p + 28);
        e->nrows = rd32(p + 32); e->nlive = rd32(p + 36); e->ncols = rd32(p + 40);
        p += 44;
        if ((uint64_t)(end - p) / 16 < e->ncols) return -1;
        e->sizes = p;
        p += (size_t)e->ncols * 16;
        /* sections follow each other from the catalog's end to the toc */
        if (e->rows.off != at || e->rows.len > tf->toc_off - at || e->nlive > e->nrows) return -1;
        at += e->rows.len;
    }
    return p == end && at == tf->toc_off ? 1 : -1;
}

/* Every section's compressed bytes against their crc32: damage refuses the start, as
 * it did when every row was read at start (reading them also warms the page cache). */
static int toc_check_sections(FILE *f, const toc_file *tf)
{
    enum { BUF = 1 << 20 };
    uint8_t *buf = malloc(BUF);
    int rc = buf && fseeko(f, (off_t)tf->catalog_len, SEEK_SET) == 0 ? 0 : -1;
    for (uint32_t k = 0; rc == 0 && k < tf->n; k++) {
        uint32_t crc = 0;
        for (uint64_t left = tf->ent[k].rows.len; left && rc == 0;) {
            size_t got = fread(buf, 1, left < BUF ? (size_t)left : BUF, f);
            if (!got) rc = -1;
            crc = wal_crc32_update(crc, buf, got);
            left -= got;
        }
        if (rc == 0 && crc != tf->ent[k].rows.ccrc) rc = -1;
    }
    free(buf);
    return rc;
}

/* The tables of the catalog against the toc, then each one's rows: left in the snapshot
 * (evict.c marks it out; its link to this file keeps it) or, where no link could be
 * made, loaded now. */
static int toc_apply(FILE *f, zr *r, const toc_file *tf, const char *path, char *err, size_t errlen)
{
    if (r->ntabs != tf->n) return -1;
    for (uint32_t k = 0; k < tf->n; k++) {
        const toc_in *e = &tf->ent[k];
        stor_table *t = r->tabs[k];
        if (e->ncols != t->ncols) return -1;
        if (!tbl_row_ids_fit(t, e->nrows)) {
            snprintf(err, errlen, "the snapshot '%s' is malformed: table %s.%s has %u row ids, more than it "
                     "can hold (--max-memory); refusing to start", path, t->db, t->name, e->nrows);
            return -2;
        }
    }
    stor_evsrc *src = evict_snap_src();   /* (none: every table loaded now) */
    for (uint32_t k = 0; k < tf->n; k++) {
        const toc_in *e = &tf->ent[k];
        stor_table *t = r->tabs[k];
        if (!e->nrows) continue;
        if (!src) {
            if (rows_load_f(t, f, &e->rows, e->nrows) != 0) return -1;
            continue;
        }
        for (uint32_t c = 0; c < t->ncols; c++) {
            t->cols[c].ev_len = rd64(e->sizes + 16 * (size_t)c);
            t->cols[c].ev_long = rd64(e->sizes + 16 * (size_t)c + 8);
        }
        evict_snap_out(t, src, &e->rows, e->nrows, e->nlive);
    }
    evict_src_drop(src);   /* (the tables' references keep it) */
    return 0;
}

int snap_toc_rows(const char *path, uint32_t n, stor_ev_rows *rows, uint32_t *nrows, uint32_t *nlive)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    toc_file tf = { 0 };
    int rc = toc_read(f, &tf) == 1 && tf.n == n ? 0 : -1;
    for (uint32_t k = 0; rc == 0 && k < n; k++) {
        rows[k] = tf.ent[k].rows;
        nrows[k] = tf.ent[k].nrows;
        nlive[k] = tf.ent[k].nlive;
    }
    free(tf.buf);
    free(tf.ent);
    fclose(f);
    return rc;
}

/* The stream's magic (want) and the log generation: 0, -1 (the stream is damaged) or -2
 * (another magic: err says so). */
static int read_magic(zr *r, const char *want, uint64_t *gen, const char *path, char *err, size_t errlen)
{
    int rc = 0;
    char magic[8] = { 0 };
    while (rc == 0) {
        const uint8_t *mark = r->p;
        zr_take(r, magic, 8);
        *gen = zr_u64(r);
        if (!r->more) break;
        rc = zr_refill(r, mark);
    }
    if (rc == 0 && (r->bad || memcmp(magic, want, 8)))
        rc = (snprintf(err, errlen, "'%s' is not a pressdb snapshot; refusing to start", path), -2);
    return rc;
}

/* A format 2 snapshot: the catalog read whole, the sections checked, the rows left out. */
static int load_v2(FILE *f, const toc_file *tf, stor_ddl_replay_fn replay, uint64_t *gen, const char *path,
                   char *err, size_t errlen)
{
    if (toc_check_sections(f, tf) != 0) {
        snprintf(err, errlen, "the snapshot '%s' is damaged (a table's rows fail their checksum); refusing to start", path);
        return -2;
    }
    if (fseeko(f, 0, SEEK_SET) != 0) return -1;
    zr *r = zr_open(f);
    if (!r) return -1;
    r->left = tf->catalog_len;
    r->v2 = true;
    int rc = read_magic(r, tf->magic, gen, path, err, errlen);
    if (rc == 0) rc = load_records(r, replay, path, err, errlen);
    if (rc == 0 && r->bad) rc = -3;
    if (rc == 0) rc = toc_apply(f, r, tf, path, err, errlen);
    if (rc == -1 && r->bad) rc = -3;
    if (rc == -3) rc = (snprintf(err, errlen, "the snapshot '%s' is malformed; refusing to start", path), -2);
    zr_close(r);
    return rc;
}

int stor_snapshot_load(stor_ddl_replay_fn replay, uint64_t *gen, bool *found, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/pressdb.snap", stor_datadir());
    *found = false;
    *gen = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return errno == ENOENT ? 0 : (snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno)), -1);
    *found = true;
    toc_file tf = { 0 };
    int v = toc_read(f, &tf);
    if (v != 0) {
        int rc = v < 0 ? (snprintf(err, errlen, "the snapshot '%s' is damaged (its table of contents); refusing to start", path), -2)
                       : load_v2(f, &tf, replay, gen, path, err, errlen);
        if (rc == -1) snprintf(err, errlen, "the snapshot '%s' is damaged (compressed stream); refusing to start", path);
        free(tf.buf);
        free(tf.ent);
        fclose(f);
        return rc ? -1 : 0;
    }
    rewind(f);
    zr *r = zr_open(f);
    int rc = r ? read_magic(r, "PDBSNAP1", gen, path, err, errlen) : -1;
    if (rc == 0) rc = load_records(r, replay, path, err, errlen);
    if (rc == 0 && r->bad) rc = (snprintf(err, errlen, "the snapshot '%s' is malformed; refusing to start", path), -2);
    if (rc == -1) snprintf(err, errlen, "the snapshot '%s' is damaged (compressed stream); refusing to start", path);
    fclose(f);
    zr_close(r);
    return rc ? -1 : 0;
}
