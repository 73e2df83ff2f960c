/* spill.c - ORDER BY rows beyond the in-memory limit: sorted runs in a temporary file, merged.
 *
 * A query block with ORDER BY materialises its output rows (items and order keys) before
 * it sorts them (select.c). When they would take more than the statement's limit for an
 * in-memory temporary result (select.c spill_limit: MariaDB's tmp_table_size and
 * max_heap_table_size), the rows go to a run buffer instead of the arena's q->out; a
 * full buffer is sorted and written to an unlinked file in $TMPDIR as one run, and the
 * buffer is used again for the next rows. At the end the runs are merged (in passes of at
 * most SP_FANIN runs, as MariaDB's filesort merges at most MERGEBUFF2 buffers at once), and
 * the rows come out in order. Ties keep the order in which the rows were made: a run is
 * sorted with the row's position as the last key, and a merge prefers the earlier run.
 *
 * Memory: the run buffer (its value array and string chunks, from the arena once and
 * reused) and the merge's read buffers (SP_FANIN of SP_RBUF bytes, grown only for a row
 * longer than that) are all the statement holds for the rows, however many there are. The
 * file is closed when the statement ends (ex_spill_end from exec.c, also after an error),
 * which frees its space on disk. */
#include "engine/eng.h"
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SP_FANIN 16          /* runs merged at once */
#define SP_RBUF  (32 * 1024) /* a run reader's buffer (grows for a longer row) */
#define SP_WBUF  (128 * 1024)/* the writer's buffer */
#define SP_CHUNK (64 * 1024) /* a string chunk of the run buffer (or a longer value's length) */
#define SP_PAGE  (64 * 1024) /* a page of the run buffer's rows (at least one row) */

/* String bytes of the run buffer: chunks from the arena, kept and reused run after run. */
typedef struct sp_chunk {
    struct sp_chunk *next;
    size_t cap, used;
    char b[];
} sp_chunk;

/* A sorted run in the file: its bytes [off, off + len) hold nrows encoded rows. */
typedef struct sp_run { uint64_t off, len, nrows; } sp_run;

struct ex_spill {
    ex_spill *next;          /* the statement's other spills (ex_stmt.spills) */
    int fd;                  /* the temporary file, -1 before the first run */
    uint32_t ncols;
    size_t max;              /* bytes the run buffer may hold before it is written */
    uint64_t keep;           /* only the first keep rows are wanted (LIMIT): a run or merge
                                keeps no more (0: all) */
    ex_spill_cmp cmp;
    void *arg;
    /* the run being filled, in pages of rows that are kept and reused (no copy on
       growth, no garbage left in the arena): 16 rows, 16, 32, 64, ... up to pmax rows
       (a power of two, about SP_PAGE bytes), then pmax each (sp_row) */
    pdb_value **vch;         /* row pages (npages made, room for vcap) */
    uint32_t pmax, pk, npages, vcap;   /* pk: the first page of pmax rows */
    uint32_t nrows;
    size_t bytes;            /* values and string bytes held */
    sp_chunk *chunks, *cur;  /* string chunks; cur: the one being filled */
    uint32_t *idx;           /* sort order of the run (room for icap) */
    uint32_t icap;
    /* the file */
    sp_run *runs;
    uint32_t nruns, runcap;
    uint64_t end;            /* the file's length */
    uint64_t total;          /* rows pushed */
    unsigned char *wbuf;     /* rows waiting to be written at wpos */
    size_t wlen;
    uint64_t wpos;
    uint64_t rows_written;   /* rows the current run has so far (sp_write_row) */
    stor_arena scratch;      /* ex_spill_scratch (valid when bscratch) */
    bool bscratch;
};

static _Atomic uint64_t merge_passes, disk_tables;

uint64_t ex_spill_merge_passes(void) { return merge_passes; }
uint64_t ex_spill_disk_tables(void) { return disk_tables; }
void ex_spill_note_disk_table(void) { disk_tables++; }

/* ------------------------------------------------------------------ the file */

static void __attribute__((noreturn)) sp_fail_write(ex_ctx *ctx, int err)
{
    /* MariaDB's ER_ERROR_ON_WRITE for its temporary files */
    ex_raise(ctx, 1026, "HY000", "Error writing file '%s' (Errcode: %d \"%s\")", "(temporary file)", err, strerror(err));
}

static void sp_open(ex_ctx *ctx, ex_spill *sp)
{
    if (sp->fd >= 0) return;
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = P_tmpdir;
    int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) {
        char name[4096];
        snprintf(name, sizeof name, "%s/pressdb-sort-XXXXXX", dir);
        fd = mkostemp(name, O_CLOEXEC);
        if (fd >= 0) unlink(name);
    }
    if (fd < 0) {
        int e = errno;
        ex_raise(ctx, 1004, "HY000", "Can't create file '%s/(temporary file)' (errno: %d \"%s\")", dir, e, strerror(e));
    }
    sp->fd = fd;
    sp->next = ctx->stmt->spills;   /* closed when the statement ends, however it ends */
    ctx->stmt->spills = sp;
}

static void sp_pwrite(ex_ctx *ctx, ex_spill *sp, const void *p, size_t n, uint64_t off)
{
    const unsigned char *b = p;
    while (n) {
        ssize_t w = pwrite(sp->fd, b, n, (off_t)off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) sp_fail_write(ctx, w < 0 ? errno : ENOSPC);
        b += w; n -= (size_t)w; off += (uint64_t)w;
    }
}

static void sp_flushw(ex_ctx *ctx, ex_spill *sp)
{
    if (sp->wlen) sp_pwrite(ctx, sp, sp->wbuf, sp->wlen, sp->wpos);
    sp->wpos += sp->wlen;
    sp->wlen = 0;
}

static void sp_write(ex_ctx *ctx, ex_spill *sp, const void *p, size_t n)
{
    if (sp->wlen + n > SP_WBUF) sp_flushw(ctx, sp);
    if (n > SP_WBUF) {   /* a long value: straight to the file */
        sp_pwrite(ctx, sp, p, n, sp->wpos);
        sp->wpos += n;
        return;
    }
    memcpy(sp->wbuf + sp->wlen, p, n);
    sp->wlen += n;
}

/* Whether the value's bytes live outside it (strings, wide decimals). */
static inline bool sp_has_bytes(const pdb_value *v) { return (v->t == VT_STRING || v->t == VT_DECIMAL) && v->len; }

/* A row in the file: its length (uint32, itself included), then each value as its 16
 * bytes, then each value's bytes in the same order. */
static void sp_write_row(ex_ctx *ctx, ex_spill *sp, const pdb_value *row)
{
    size_t len = 4 + (size_t)sp->ncols * sizeof(pdb_value);
    for (uint32_t i = 0; i < sp->ncols; i++) if (sp_has_bytes(&row[i])) len += row[i].len;
    if (len > UINT32_MAX) sp_fail_write(ctx, EFBIG);
    uint32_t l32 = (uint32_t)len;
    sp_write(ctx, sp, &l32, 4);
    sp_write(ctx, sp, row, (size_t)sp->ncols * sizeof(pdb_value));
    for (uint32_t i = 0; i < sp->ncols; i++) if (sp_has_bytes(&row[i])) sp_write(ctx, sp, row[i].p, row[i].len);
    sp->rows_written++;
}

static void sp_run_begin(ex_spill *sp) { sp->wpos = sp->end; sp->wlen = 0; sp->rows_written = 0; }

static void sp_run_end(ex_ctx *ctx, ex_spill *sp)
{
    sp_flushw(ctx, sp);
    if (sp->nruns == sp->runcap) {
        uint32_t nc = sp->runcap ? sp->runcap * 2 : 16;
        sp_run *n = stor_arena_alloc(ctx->a, (size_t)nc * sizeof *n);
        if (sp->nruns) memcpy(n, sp->runs, (size_t)sp->nruns * sizeof *n);
        sp->runs = n; sp->runcap = nc;
    }
    sp->runs[sp->nruns++] = (sp_run){ sp->end, sp->wpos - sp->end, sp->rows_written };
    sp->end = sp->wpos;
}

/* ------------------------------------------------------------------ the run buffer */

ex_spill *ex_spill_new(ex_ctx *ctx, uint32_t ncols, size_t max, uint64_t keep, ex_spill_cmp cmp, void *arg)
{
    ex_spill *sp = stor_arena_alloc(ctx->a, sizeof *sp);
    memset(sp, 0, sizeof *sp);
    sp->fd = -1;
    sp->ncols = ncols ? ncols : 1;
    sp->max = max;
    sp->keep = keep;
    sp->cmp = cmp;
    sp->arg = arg;
    size_t rb = (size_t)sp->ncols * sizeof(pdb_value);
    sp->pmax = 16; sp->pk = 1;
    while (sp->pmax < (1u << 24) && (size_t)sp->pmax * 2 * rb <= SP_PAGE) { sp->pmax *= 2; sp->pk++; }
    return sp;
}

static const char *sp_keep(ex_ctx *ctx, ex_spill *sp, const char *p, size_t n)
{
    while (sp->cur && sp->cur->cap - sp->cur->used < n) {
        if (!sp->cur->next) break;
        sp->cur = sp->cur->next;   /* (a chunk after cur is empty: reset by the last run) */
    }
    if (!sp->cur || sp->cur->cap - sp->cur->used < n) {
        size_t cap = n > SP_CHUNK ? n : SP_CHUNK;
        sp_chunk *c = stor_arena_alloc(ctx->a, sizeof *c + cap);
        c->next = NULL; c->cap = cap; c->used = 0;
        if (sp->cur) sp->cur->next = c; else sp->chunks = c;
        sp->cur = c;
    }
    char *d = sp->cur->b + sp->cur->used;
    memcpy(d, p, n);
    sp->cur->used += n;
    return d;
}

static inline uint32_t sp_page(const ex_spill *sp, uint32_t i, uint32_t *off)
{
    if (i < 16) { *off = i; return 0; }
    if (i < sp->pmax) {
        int b = 31 - __builtin_clz(i);   /* page b - 3 holds rows [2^b, 2^(b+1)) */
        *off = i - (1u << b);
        return (uint32_t)b - 3;
    }
    *off = i % sp->pmax;
    return sp->pk - 1 + i / sp->pmax;
}

static inline pdb_value *sp_row(const ex_spill *sp, uint32_t i)
{
    uint32_t off, pg = sp_page(sp, i, &off);
    return sp->vch[pg] + (size_t)off * sp->ncols;
}

static int sp_idx_cmp(const void *a, const void *b, void *arg)
{
    ex_spill *sp = arg;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    int c = sp->cmp(sp_row(sp, x), sp_row(sp, y), sp->arg);
    if (c) return c;
    return x < y ? -1 : x > y;   /* ties: the order the rows were made in */
}

/* Moves the k first of idx[0..n) (by sp_idx_cmp, a total order) to idx[0..k), in order:
 * a max-heap of the k best so far. */
static void sp_top(ex_ctx *ctx, ex_spill *sp, uint32_t *idx, uint32_t n, uint32_t k)
{
    for (uint32_t i = 1; i < k; i++)
        for (uint32_t c = i; c > 0;) {
            uint32_t p = (c - 1) / 2;
            if (sp_idx_cmp(&idx[p], &idx[c], sp) >= 0) break;
            uint32_t t = idx[p]; idx[p] = idx[c]; idx[c] = t;
            c = p;
        }
    for (uint32_t i = k; i < n; i++) {
        ex_slice_tick(ctx);
        if (sp_idx_cmp(&idx[i], &idx[0], sp) >= 0) continue;
        idx[0] = idx[i];
        for (uint32_t p = 0;;) {
            uint32_t l = 2 * p + 1, r = l + 1, m = p;
            if (l < k && sp_idx_cmp(&idx[l], &idx[m], sp) > 0) m = l;
            if (r < k && sp_idx_cmp(&idx[r], &idx[m], sp) > 0) m = r;
            if (m == p) break;
            uint32_t t = idx[p]; idx[p] = idx[m]; idx[m] = t;
            p = m;
        }
    }
    ex_sort(ctx, idx, k, sizeof *idx, sp_idx_cmp, sp);
}

/* Sorts the run buffer's rows, writes them (the first keep) as a run and empties the buffer. */
static void sp_flush_run(ex_ctx *ctx, ex_spill *sp)
{
    sp_open(ctx, sp);
    if (!sp->wbuf) sp->wbuf = stor_arena_alloc(ctx->a, SP_WBUF);
    for (uint32_t i = 0; i < sp->nrows; i++) sp->idx[i] = i;
    uint32_t n = sp->nrows;
    /* (ex_sort and the ticks: a spilling sort on an event loop still moves to a worker
       past its time slice, exec.c) */
    if (sp->keep && sp->keep < n / 4) { n = (uint32_t)sp->keep; sp_top(ctx, sp, sp->idx, sp->nrows, n); }
    else ex_sort(ctx, sp->idx, sp->nrows, sizeof *sp->idx, sp_idx_cmp, sp);
    if (sp->keep && sp->keep < n) n = (uint32_t)sp->keep;
    sp_run_begin(sp);
    for (uint32_t i = 0; i < n; i++) { ex_slice_tick(ctx); sp_write_row(ctx, sp, sp_row(sp, sp->idx[i])); }
    sp_run_end(ctx, sp);
    sp->nrows = 0;
    sp->bytes = 0;
    for (sp_chunk *c = sp->chunks; c; c = c->next) c->used = 0;
    sp->cur = sp->chunks;
}

void ex_spill_push(ex_ctx *ctx, ex_spill *sp, const pdb_value *row)
{
    size_t need = (size_t)sp->ncols * sizeof(pdb_value);
    for (uint32_t i = 0; i < sp->ncols; i++) if (sp_has_bytes(&row[i])) need += row[i].len;
    if (sp->nrows && sp->bytes + need > sp->max) sp_flush_run(ctx, sp);
    if (sp->nrows == UINT32_MAX - 1) sp_flush_run(ctx, sp);
    uint32_t off, pg = sp_page(sp, sp->nrows, &off);
    if (pg == sp->npages) {   /* a new page */
        if (sp->npages == sp->vcap) {
            uint32_t nc = sp->vcap ? sp->vcap * 2 : 8;
            pdb_value **n = stor_arena_alloc(ctx->a, (size_t)nc * sizeof *n);
            if (sp->npages) memcpy(n, sp->vch, (size_t)sp->npages * sizeof *n);
            sp->vch = n; sp->vcap = nc;
        }
        size_t rows = pg == 0 ? 16 : pg < sp->pk ? (size_t)16 << (pg - 1) : sp->pmax;
        sp->vch[sp->npages++] = stor_arena_alloc(ctx->a, rows * sp->ncols * sizeof(pdb_value));
    }
    if (sp->nrows == sp->icap) {
        uint32_t nc = sp->icap ? sp->icap * 2 : 16;
        sp->idx = stor_arena_alloc(ctx->a, (size_t)nc * sizeof *sp->idx);
        sp->icap = nc;
    }
    pdb_value *dst = sp_row(sp, sp->nrows);
    for (uint32_t i = 0; i < sp->ncols; i++) {
        dst[i] = row[i];
        if (sp_has_bytes(&row[i])) dst[i].p = sp_keep(ctx, sp, row[i].p, row[i].len);
    }
    sp->nrows++;
    sp->bytes += need;
    sp->total++;
}

bool ex_spill_spilled(const ex_spill *sp) { return sp->nruns > 0; }

uint64_t ex_spill_rows(const ex_spill *sp) { return sp->total; }

void ex_spill_take(ex_ctx *ctx, ex_spill *sp, ex_rows *out)
{
    assert(sp->nruns == 0);
    out->ncols = sp->ncols;
    out->nrows = out->cap = sp->nrows;
    if (sp->nrows <= 16 && sp->npages) { out->v = sp->vch[0]; return; }   /* (one page: in place) */
    out->v = stor_arena_alloc(ctx->a, ((size_t)sp->nrows * sp->ncols + 1) * sizeof(pdb_value));
    for (uint32_t i = 0; i < sp->nrows;) {   /* page by page */
        uint32_t off, pg = sp_page(sp, i, &off);
        uint32_t n = 1;
        while (i + n < sp->nrows && sp_page(sp, i + n, &off) == pg) n++;
        memcpy(&out->v[(size_t)i * sp->ncols], sp->vch[pg], (size_t)n * sp->ncols * sizeof(pdb_value));
        i += n;
    }
}

/* ------------------------------------------------------------------ merging */

typedef struct sp_reader {
    uint64_t pos, end, left;   /* file bytes not yet read, rows not yet decoded */
    unsigned char *buf;        /* bytes read, [lo, hi) not yet decoded */
    size_t cap, lo, hi;
    pdb_value *row;            /* the current row (its bytes in buf) */
    uint32_t run;              /* the run's number: the earlier run wins a tie */
} sp_reader;

/* Makes at least n bytes available at buf[lo]. */
static void sp_fill(ex_ctx *ctx, ex_spill *sp, sp_reader *r, size_t n)
{
    if (r->hi - r->lo >= n) return;
    if (n > r->cap) {
        size_t cap = r->cap;
        while (cap < n) cap *= 2;
        unsigned char *b = stor_arena_alloc(ctx->a, cap);
        memcpy(b, r->buf + r->lo, r->hi - r->lo);
        r->buf = b; r->cap = cap;
    } else memmove(r->buf, r->buf + r->lo, r->hi - r->lo);
    r->hi -= r->lo; r->lo = 0;
    while (r->hi < n) {
        size_t want = r->cap - r->hi;
        if ((uint64_t)want > r->end - r->pos) want = (size_t)(r->end - r->pos);
        ssize_t got = want ? pread(sp->fd, r->buf + r->hi, want, (off_t)r->pos) : 0;
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0)
            ex_raise(ctx, 1024, "HY000", "Error reading file '%s' (errno: %d \"%s\")", "(temporary file)",
                     got < 0 ? errno : EIO, strerror(got < 0 ? errno : EIO));
        r->hi += (size_t)got; r->pos += (uint64_t)got;
    }
}

/* The reader's next row into r->row; false at the run's end. */
static bool sp_next(ex_ctx *ctx, ex_spill *sp, sp_reader *r)
{
    if (!r->left) return false;
    sp_fill(ctx, sp, r, 4);
    uint32_t len;
    memcpy(&len, r->buf + r->lo, 4);
    sp_fill(ctx, sp, r, len);
    const unsigned char *p = r->buf + r->lo + 4;
    memcpy(r->row, p, (size_t)sp->ncols * sizeof(pdb_value));
    p += (size_t)sp->ncols * sizeof(pdb_value);
    for (uint32_t i = 0; i < sp->ncols; i++)
        if (sp_has_bytes(&r->row[i])) { r->row[i].p = (const char *)p; p += r->row[i].len; }
    r->lo += len;
    r->left--;
    return true;
}

/* Heap order: the smaller row first, of equal rows the earlier run's. */
static inline bool sp_before(ex_spill *sp, const sp_reader *a, const sp_reader *b)
{
    int c = sp->cmp(a->row, b->row, sp->arg);
    return c ? c < 0 : a->run < b->run;
}

static void sp_sift(ex_spill *sp, sp_reader **h, uint32_t n, uint32_t i)
{
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && sp_before(sp, h[l], h[m])) m = l;
        if (r < n && sp_before(sp, h[r], h[m])) m = r;
        if (m == i) return;
        sp_reader *t = h[i]; h[i] = h[m]; h[m] = t;
        i = m;
    }
}

/* Merges runs [first, first + n) (n <= SP_FANIN): each row in order to each(); stops
 * when it returns false. rd: SP_FANIN readers whose buffers are reused pass after pass. */
static void sp_merge(ex_ctx *ctx, ex_spill *sp, sp_reader *rd, uint32_t first, uint32_t n,
                     bool (*each)(ex_ctx *, const pdb_value *, void *), void *arg)
{
    sp_reader *h[SP_FANIN];
    uint32_t nh = 0;
    merge_passes++;
    for (uint32_t i = 0; i < n; i++) {
        sp_reader *r = &rd[i];
        const sp_run *run = &sp->runs[first + i];
        r->pos = run->off; r->end = run->off + run->len; r->left = run->nrows;
        r->lo = r->hi = 0;
        r->run = first + i;
        if (sp_next(ctx, sp, r)) h[nh++] = r;
    }
    for (uint32_t i = nh / 2; i-- > 0;) sp_sift(sp, h, nh, i);
    while (nh) {
        sp_reader *r = h[0];
        ex_slice_tick(ctx);
        if (!each(ctx, r->row, arg)) return;
        if (!sp_next(ctx, sp, r)) h[0] = h[--nh];
        sp_sift(sp, h, nh, 0);
    }
}

static bool sp_to_run(ex_ctx *ctx, const pdb_value *row, void *arg)
{
    ex_spill *sp = arg;
    sp_write_row(ctx, sp, row);
    return !sp->keep || sp->rows_written < sp->keep;
}

void ex_spill_merge(ex_ctx *ctx, ex_spill *sp, bool (*each)(ex_ctx *, const pdb_value *, void *), void *arg)
{
    if (sp->nrows) sp_flush_run(ctx, sp);   /* the rows still in memory: the last run */
    sp_reader *rd = stor_arena_alloc(ctx->a, SP_FANIN * sizeof *rd);
    for (int i = 0; i < SP_FANIN; i++) {
        rd[i].buf = stor_arena_alloc(ctx->a, SP_RBUF);
        rd[i].cap = SP_RBUF;
        rd[i].row = stor_arena_alloc(ctx->a, (size_t)sp->ncols * sizeof(pdb_value));
    }
    /* earlier passes: groups of SP_FANIN runs, in order, become one run each, so the
       order of runs (which breaks ties) is kept */
    uint32_t base = 0;
    while (sp->nruns - base > SP_FANIN) {
        uint32_t stop = sp->nruns;
        for (uint32_t i = base; i < stop; i += SP_FANIN) {
            uint32_t n = stop - i < SP_FANIN ? stop - i : SP_FANIN;
            sp_run_begin(sp);
            sp_merge(ctx, sp, rd, i, n, sp_to_run, sp);
            sp_run_end(ctx, sp);
        }
        base = stop;
    }
    sp_merge(ctx, sp, rd, base, sp->nruns - base, each, arg);
}

stor_arena *ex_spill_scratch(ex_ctx *ctx, ex_spill *sp)
{
    if (!sp->bscratch) {
        stor_arena *a = ctx->a;
        stor_arena_init(&sp->scratch);
        /* guarded as the statement: what is left of its limit, the same error */
        size_t left = a->limit ? (a->limit > a->held ? a->limit - a->held : 1) : 0;
        if (a->full) stor_arena_guard(&sp->scratch, left, a->full, a->full_arg);
        sp->bscratch = true;
    }
    return &sp->scratch;
}

void ex_spill_scratch_done(ex_spill *sp)
{
    if (sp->bscratch) stor_arena_free(&sp->scratch);
    sp->bscratch = false;
}

void ex_spill_end_to(ex_ctx *ctx, struct ex_spill *keep)
{
    ex_stmt *st = ctx->stmt;
    for (ex_spill *sp = st->spills; sp && sp != keep; sp = sp->next) {
        if (sp->fd >= 0) close(sp->fd);
        sp->fd = -1;
        if (sp->bscratch && ctx->a == &sp->scratch) ctx->a = &ctx->s->arena;   /* (an error while it was in use) */
        ex_spill_scratch_done(sp);
    }
    st->spills = keep;
}

void ex_spill_end(ex_ctx *ctx) { ex_spill_end_to(ctx, NULL); }
