/* MariaDB's filesort, as far as it decides the order of rows that tie under ORDER BY.
 *
 * A sort that compares only the ORDER BY keys leaves ties in an order its algorithm
 * makes, and clients see that order (WordPress's post lists under ORDER BY post_date
 * DESC LIMIT n). MariaDB 10.11 keeps the first LIMIT rows in a priority queue whose
 * slots are reused as rows are evicted, then sorts the slots with its own quicksort
 * (my_qsort2), or a radix sort for big arrays of short keys. This file replays those
 * steps on row numbers with the engine's own comparison. engine/sort_ties.md has the
 * rules, where they come from in MariaDB's source, and how they were checked. */
#include "eng.h"

#include <string.h>

typedef struct fs_sort {
    ex_ctx *ctx;
    ex_fs_cmp cmp;
    void *arg;
} fs_sort;

static inline int fs_cmp(const fs_sort *s, uint32_t a, uint32_t b) { return s->cmp(a, b, s->arg); }

static inline void fs_swap(uint32_t *a, int64_t i, int64_t j) { uint32_t x = a[i]; a[i] = a[j]; a[j] = x; }

/* mf_qsort.c's MEDIAN: the median of three in the middle one. */
static void fs_median(const fs_sort *s, uint32_t *a, int64_t lo, int64_t mid, int64_t hi)
{
    if (fs_cmp(s, a[hi], a[lo]) < 0) fs_swap(a, hi, lo);
    if (fs_cmp(s, a[mid], a[lo]) < 0) fs_swap(a, mid, lo);
    else if (fs_cmp(s, a[hi], a[mid]) < 0) fs_swap(a, mid, hi);
}

/* my_qsort2 on n row numbers, step for step: ranges under 10 by insertion sort (stable),
 * others partitioned around a median of three (of nine past 40), the smaller part sorted
 * first. Equal keys stop both scans and are swapped, so it is not stable. */
static void fs_qsort(const fs_sort *s, uint32_t *a, uint32_t n)
{
    if (n <= 1) return;
    int64_t stack[2 * 64], sp = 0;   /* (the smaller part first: depth <= log2 n) */
    int64_t lo = 0, hi = (int64_t)n - 1;
    for (;;) {
        ex_slice_tick(s->ctx);
        int64_t cnt = hi - lo + 1;
        if (cnt < 10) {
            for (int64_t i = lo + 1; i <= hi; i++)
                for (int64_t p = i; p > lo && fs_cmp(s, a[p - 1], a[p]) > 0; p--) fs_swap(a, p, p - 1);
            if (sp == 0) return;
            hi = stack[--sp]; lo = stack[--sp];
            continue;
        }
        int64_t mid = lo + (cnt >> 1), lp, hp;
        if (cnt > 40) {
            int64_t step = cnt / 8;
            fs_median(s, a, lo, lo + step, lo + 2 * step);
            fs_median(s, a, mid - step, mid, mid + step);
            fs_median(s, a, hi - 2 * step, hi - step, hi);
            fs_median(s, a, lo + step, mid, hi - step);
            lp = lo; hp = hi;
        } else {
            fs_median(s, a, lo, mid, hi);
            lp = lo + 1; hp = hi - 1;
        }
        uint32_t pivot = a[mid];
        do {
            while (fs_cmp(s, a[lp], pivot) < 0) lp++;
            while (fs_cmp(s, pivot, a[hp]) < 0) hp--;
            if (lp < hp) {
                fs_swap(a, lp, hp);
                lp++; hp--;
            } else {
                if (lp == hp) { lp++; hp--; }
                break;
            }
        } while (lp <= hp);
        if (hp - lo <= 0) {
            if (hi - lp <= 0) {
                if (sp == 0) return;
                hi = stack[--sp]; lo = stack[--sp];
            } else lo = lp;
        } else if (hi - lp <= 0) hi = hp;
        else if (hp - lo > hi - lp) { stack[sp++] = lo; stack[sp++] = hp; lo = lp; }
        else { stack[sp++] = lp; stack[sp++] = hi; hi = hp; }
    }
}

static int fs_stable_cmp(const void *x, const void *y, void *arg)
{
    return fs_cmp(arg, *(const uint32_t *)x, *(const uint32_t *)y);
}

/* Filesort_buffer::sort_buffer: a radix sort (stable) for 1000 to 99999 keys of at most
 * 20 bytes, else my_qsort2. */
static void fs_sort_array(const fs_sort *s, const ex_fsort *f, uint32_t *a, uint32_t n)
{
    if (n >= 1000 && n < 100000 && f->sort_length <= 20)
        ex_sort(s->ctx, a, n, sizeof *a, fs_stable_cmp, (void *)s);
    else
        fs_qsort(s, a, n);
}

/* check_if_pq_applicable: a LIMIT well below the rows the handler says there may be, or
 * one whose rows fit the sort buffer when the whole table would not. */
bool ex_fsort_pq(const ex_fsort *f)
{
    if (f->limit == UINT64_MAX || f->limit + 2 >= UINT32_MAX) return false;
    uint64_t avail = f->sort_buffer / ((uint64_t)f->rec_length + 8);
    if (f->est_rows < avail) return (double)f->limit < (double)f->est_rows / 3.0;
    return f->limit + 1 < avail;
}

/* Bounded_queue over limit + 1 slots, a max-heap of slot numbers (mysys queues.c): a
 * row fills the next free slot and rises past strictly smaller parents; once full, it
 * overwrites the slot at the top (the largest, whatever the new row is) and sinks below
 * strictly larger children. Only which slot holds which row matters afterwards. */
static uint32_t fs_queue(const fs_sort *s, const uint32_t *rows, uint32_t n, uint32_t cap, uint32_t *slot)
{
    uint32_t *heap = stor_arena_alloc(s->ctx->a, ((size_t)cap + 1) * sizeof *heap);
    uint32_t ne = 0;
    for (uint32_t i = 0; i < n; i++) {
        ex_slice_tick(s->ctx);
        uint32_t r = rows[i];
        if (ne < cap) {
            uint32_t e = ne, at = ++ne;
            slot[e] = r;
            while (at > 1 && fs_cmp(s, r, slot[heap[at / 2]]) > 0) { heap[at] = heap[at / 2]; at /= 2; }
            heap[at] = e;
            continue;
        }
        uint32_t top = heap[1], at = 1;
        /* not below the top: the children are not above it either, so the sift below
           would stop at once; the row just takes the top's slot (one comparison) */
        if (fs_cmp(s, r, slot[top]) >= 0) { slot[top] = r; continue; }
        slot[top] = r;
        while (at <= ne / 2) {
            uint32_t c = 2 * at;
            if (c < ne && fs_cmp(s, slot[heap[c]], slot[heap[c + 1]]) < 0) c++;
            if (fs_cmp(s, slot[heap[c]], r) <= 0) break;
            heap[at] = heap[c];
            at = c;
        }
        heap[at] = top;
    }
    return ne;
}

/* ---- more rows than one sort buffer (engine/sort_ties.md 5c, merge_ties.md) ----
 *
 * find_all_keys fills the buffer with max_keys rows in read order, sorts them as a whole
 * buffer is sorted (fs_sort_array, on that chunk's own count) and writes the first limit of
 * them to a file; the last, partial chunk too. 16 chunks or more are merged seven at a
 * time (the last group four to ten) until 15 or fewer are left (merge_many_buff), then
 * all at once (merge_index). merge_buffers: a min-heap (mysys QUEUE) of the chunks by
 * their current row, chunks inserted first to last; the top's row goes out; a chunk with
 * rows left sinks again (_downheap: it stays on top against an equal child, the left
 * child wins a tie), an exhausted one is replaced by the last element, which
 * queue_replace sinks to a leaf once it moved at all and then lifts past strictly larger
 * parents. Packed records (f->packed) fill a chunk by bytes (fs_bounds). */
typedef struct fs_chunk { const uint32_t *a; uint32_t pos, n; } fs_chunk;

static inline int fs_ccmp(const fs_sort *s, const fs_chunk *x, const fs_chunk *y)
{
    return fs_cmp(s, x->a[x->pos], y->a[y->pos]);
}

static void fs_q_lift(const fs_sort *s, fs_chunk **h, fs_chunk *e, uint32_t at)
{
    while (at > 1 && fs_ccmp(s, e, h[at / 2]) < 0) { h[at] = h[at / 2]; at /= 2; }
    h[at] = e;
}

static void fs_q_down(const fs_sort *s, fs_chunk **h, uint32_t n)
{
    fs_chunk *e = h[1];
    uint32_t at = 1;
    while (at <= n / 2) {
        uint32_t c = 2 * at;
        if (c < n && fs_ccmp(s, h[c], h[c + 1]) > 0) c++;
        if (fs_ccmp(s, h[c], e) >= 0) break;
        h[at] = h[c];
        at = c;
    }
    h[at] = e;
}

static void fs_q_remove_top(const fs_sort *s, fs_chunk **h, uint32_t *n)
{
    h[1] = h[(*n)--];
    fs_chunk *e = h[1];
    uint32_t at = 1;
    bool first = true;
    while (at <= *n / 2) {
        uint32_t c = 2 * at;
        if (c < *n && fs_ccmp(s, h[c], h[c + 1]) > 0) c++;
        if (first && fs_ccmp(s, h[c], e) >= 0) return;   /* (e stays at the top) */
        first = false;
        h[at] = h[c];
        at = c;
    }
    fs_q_lift(s, h, e, at);
}

/* Merges ch[0..m) (each non-empty) into out, at most limit rows: the count. */
static uint32_t fs_merge(const fs_sort *s, fs_chunk *ch, uint32_t m, uint32_t *out, uint64_t limit)
{
    fs_chunk **h = stor_arena_alloc(s->ctx->a, ((size_t)m + 1) * sizeof *h);
    uint32_t n = 0, k = 0;
    for (uint32_t i = 0; i < m; i++) fs_q_lift(s, h, &ch[i], ++n);
    while (n > 1) {
        ex_slice_tick(s->ctx);
        fs_chunk *t = h[1];
        out[k++] = t->a[t->pos++];
        if (k == limit) return k;
        if (t->pos == t->n) fs_q_remove_top(s, h, &n);
        else fs_q_down(s, h, n);
    }
    fs_chunk *t = h[1];
    while (t->pos < t->n && k < limit) out[k++] = t->a[t->pos++];
    return k;
}

/* Where find_all_keys flushes the buffer: before a row, once it holds keys rows (fixed
 * records) or, packed, once it holds keys rows and the bytes left would not take one of
 * the longest records more (Filesort_buffer::isfull). The chunks' first rows into starts;
 * their count (1: the rows fit one buffer). */
static uint32_t fs_bounds(const ex_fsort *f, const uint32_t *rows, uint32_t n, uint32_t keys, uint32_t rec,
                          uint32_t *starts)
{
    uint32_t m = 0;
    starts[m++] = 0;
    if (!f->packed) {
        for (uint32_t i = keys; i < n; i += keys) starts[m++] = i;
        return m;
    }
    int64_t size = (int64_t)(((uint64_t)keys * (rec + 8) + 7) & ~(uint64_t)7), used = 0;
    uint32_t idx = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (idx >= keys && size - (used + (int64_t)idx * 8) < (int64_t)rec + 8) {
            starts[m++] = i;
            idx = 0; used = 0;
        }
        uint32_t r = f->srcrow ? f->srcrow[rows[i]] : rows[i];
        used += ex_fsort_rowlen(f, r);
        idx++;
    }
    return m;
}

static uint32_t fs_chunked(const fs_sort *s, const ex_fsort *f, uint32_t *rows, uint32_t n, const uint32_t *starts,
                           uint32_t m)
{
    uint64_t limit = f->limit;
    fs_chunk *ch = stor_arena_alloc(s->ctx->a, (size_t)m * sizeof *ch);
    uint32_t *buf = stor_arena_alloc(s->ctx->a, (size_t)n * sizeof *buf);
    for (uint32_t i = 0; i < m; i++) {
        uint32_t from = starts[i], cnt = (i + 1 < m ? starts[i + 1] : n) - from;
        fs_sort_array(s, f, rows + from, cnt);   /* (in place: rows is the chunks' storage) */
        ch[i].a = rows + from; ch[i].pos = 0; ch[i].n = cnt < limit ? cnt : (uint32_t)limit;
    }
    while (m >= 16) {   /* merge_many_buff */
        uint32_t mb = m - 1, i = 0, nm = 0, at = 0;
        fs_chunk *nc = stor_arena_alloc(s->ctx->a, (size_t)m * sizeof *nc);
        while (i + 10 <= mb) {
            uint32_t k = fs_merge(s, ch + i, 7, buf + at, limit);
            nc[nm].a = buf + at; nc[nm].pos = 0; nc[nm].n = k; nm++; at += k;
            i += 7;
        }
        uint32_t k = fs_merge(s, ch + i, mb - i + 1, buf + at, limit);
        nc[nm].a = buf + at; nc[nm].pos = 0; nc[nm].n = k; nm++; at += k;
        memcpy(rows, buf, (size_t)at * sizeof *rows);   /* (the next pass reads rows, writes buf) */
        for (uint32_t j = 0; j < nm; j++) nc[j].a = rows + (nc[j].a - buf);
        ch = nc; m = nm;
    }
    uint32_t k = fs_merge(s, ch, m, buf, limit);
    memcpy(rows, buf, (size_t)k * sizeof *rows);
    return k;
}

uint32_t ex_fsort_run(ex_ctx *ctx, const ex_fsort *f, uint32_t *rows, uint32_t n, ex_fs_cmp cmp, void *arg)
{
    fs_sort s = { ctx, cmp, arg };
    if (n <= 1) return n;
    if (ex_fsort_pq(f) && f->limit + 1 < n) {
        uint32_t cap = (uint32_t)f->limit + 1;
        uint32_t *slot = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *slot);
        uint32_t k = fs_queue(&s, rows, n, cap, slot);
        fs_sort_array(&s, f, slot, k);
        memcpy(rows, slot, (size_t)k * sizeof *rows);
        return k;
    }
    /* more rows than the sort buffer's keys (at least 15, at most the handler's
       estimate): MariaDB sorts chunks and merges them through files (fs_chunked; packed
       records fill a chunk by bytes: fs_bounds); packed sort keys are not replayed */
    uint32_t rec = f->packed ? f->pack_rec : f->rec_length;   /* (no queue here: packed if at all) */
    uint64_t keys = f->sort_buffer / ((uint64_t)rec + 8);
    if (keys > f->est_rows) keys = f->est_rows;
    if (keys < 15) keys = 15;
    if (!ex_fsort_pq(f) && n > keys && !f->rowid) {
        if (f->unmodeled) {
            ex_sort(ctx, rows, n, sizeof *rows, fs_stable_cmp, &s);
            return n;
        }
        uint32_t *starts = stor_arena_alloc(ctx->a, (size_t)n * sizeof *starts);
        uint32_t m = fs_bounds(f, rows, n, (uint32_t)keys, rec, starts);
        if (m > 1) return fs_chunked(&s, f, rows, n, starts, m);
    } else if (!ex_fsort_pq(f) && n > keys) {   /* (rowid mode: no ties, any sort is its order) */
        ex_sort(ctx, rows, n, sizeof *rows, fs_stable_cmp, &s);
        return n;
    }
    fs_sort_array(&s, f, rows, n);   /* (a queue that holds every row keeps them in read order) */
    return n;
}

/* Part of an InnoDB row reference (ha_innobase::position: the primary key in key image
 * format): an integer's bytes, least significant first. */
static int fs_ref_int(const stor_column *c, const pdb_value *x, const pdb_value *y)
{
    static const uint8_t width[] = { [CT_TINYINT] = 1, [CT_SMALLINT] = 2, [CT_MEDIUMINT] = 3, [CT_INT] = 4, [CT_BIGINT] = 8 };
    uint64_t a = x->t == VT_UINT ? x->u : (uint64_t)x->i, b = y->t == VT_UINT ? y->u : (uint64_t)y->i;
    for (int k = 0; k < width[c->type]; k++) {
        unsigned p = (unsigned)(a >> (8 * k)) & 0xff, q = (unsigned)(b >> (8 * k)) & 0xff;
        if (p != q) return p < q ? -1 : 1;
    }
    return 0;
}

/* A VARCHAR part: its two length bytes (least significant first), then its bytes. */
static int fs_ref_str(const pdb_value *x, const pdb_value *y)
{
    if ((x->len & 0xff) != (y->len & 0xff)) return (x->len & 0xff) < (y->len & 0xff) ? -1 : 1;
    if ((x->len >> 8) != (y->len >> 8)) return (x->len >> 8) < (y->len >> 8) ? -1 : 1;
    int c = x->len ? memcmp(x->p, y->p, x->len) : 0;
    return c < 0 ? -1 : c > 0;
}

static bool fs_ref_part_ok(const stor_column *c)
{
    return c->type <= CT_BIGINT || c->type == CT_VARCHAR || c->type == CT_VARBINARY;
}

int ex_fsort_refcmp(const stor_table *t, uint32_t a, uint32_t b)
{
    const stor_index *pk = stor_primary(t);
    if (!pk) return a < b ? -1 : a > b;   /* the hidden row id, big-endian: insertion order */
    for (uint32_t k = 0; k < pk->ncols; k++)
        if (!fs_ref_part_ok(&t->cols[pk->cols[k]])) return stor_clustered_cmp(t, a, b);
    for (uint32_t k = 0; k < pk->ncols; k++) {
        const stor_column *c = &t->cols[pk->cols[k]];
        pdb_value x, y;
        stor_get(t, pk->cols[k], a, &x);
        stor_get(t, pk->cols[k], b, &y);
        if (x.t == VT_NULL || y.t == VT_NULL) return stor_clustered_cmp(t, a, b);
        int r = c->type == CT_VARCHAR || c->type == CT_VARBINARY ? fs_ref_str(&x, &y) : fs_ref_int(c, &x, &y);
        if (r) return r;
    }
    return a < b ? -1 : a > b;
}
