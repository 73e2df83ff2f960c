/* fulltext.c - MATCH (cols) AGAINST (...) over a FULLTEXT key, answered as InnoDB answers
 * it: its tokens (runs of letters, digits and '_' of 3 to 84 characters, compared in the
 * column's collation), its default stopwords, and its relevance: per query word found in
 * a row, tf * idf^2 added up in single precision, idf = log10(rows / rows holding the
 * word), where a word written twice in the query counts its rows twice.
 *
 * The ranks are worked out once per statement and call site (ex_stmt.fts) by reading the
 * table's rows visible to the statement; a row's MATCH is then a lookup of its row id
 * (OP_FUNC with the query, OP_ROWID and the resolved key as its arguments, expr.c
 * comp_match). No index is kept: the rows are read again by each statement. */
#include "engine/fulltext_int.h"
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#define FT_MAX_WORDS 256  /* query words kept (more are ignored) */

/* InnoDB's default stopword list (information_schema.INNODB_FT_DEFAULT_STOPWORD): such
 * words are never indexed, so they are in no row. */
static const char *const ft_stopwords[] = {
    "a", "about", "an", "are", "as", "at", "be", "by", "com", "de", "en", "for", "from", "how",
    "i", "in", "is", "it", "la", "of", "on", "or", "that", "the", "this", "to", "was", "what",
    "when", "where", "who", "will", "with", "und", "www",
};

/* A word of the query. */
typedef struct ft_word {
    const char *s;
    size_t n;
    uint64_t h;         /* pdb_coll_hash: equal words hash equal */
    uint32_t qcount;    /* times written in the query */
    uint32_t docs;      /* rows holding it */
    double idf;
} ft_word;

/* ---------------------------------------------------------------- tokens */

/* Is the character at s[i] part of a word, and how many bytes is it? Letters and digits
 * of the BMP and '_' are (MariaDB's ctype); characters beyond the BMP end a word. */
static inline bool ft_word_char(const char *s, size_t n, size_t i, size_t *len)
{
    unsigned char b = (unsigned char)s[i];
    if (b < 0x80) {
        *len = 1;
        return (b >= '0' && b <= '9') || ((b | 0x20) >= 'a' && (b | 0x20) <= 'z') || b == '_';
    }
    UChar32 cp;
    int32_t k = (int32_t)i;
    U8_NEXT((const uint8_t *)s, k, (int32_t)n, cp);
    *len = (size_t)k - i;
    return cp >= 0 && cp <= 0xffff && u_isalnum(cp);
}

/* The next token of s from *pos: [*b, *e), *nch characters; false at the end. */
static inline bool ft_ascii_word(unsigned char c)
{
    return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_';
}

/* (runs of ASCII bytes go byte by byte; a character beyond ASCII is decoded and asked
   about on its own) */
bool ft_token(const char *s, size_t n, size_t *pos, size_t *b, size_t *e, size_t *nch)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = *pos, l;
    for (;;) {
        while (i < n && u[i] < 0x80 && !ft_ascii_word(u[i])) i++;
        if (i >= n) { *pos = n; return false; }
        if (u[i] < 0x80 || ft_word_char(s, n, i, &l)) break;
        i += l;
    }
    *b = i;
    size_t c = 0;
    for (;;) {
        size_t from = i;
        while (i < n && u[i] < 0x80 && ft_ascii_word(u[i])) i++;
        c += i - from;
        if (i >= n || u[i] < 0x80 || !ft_word_char(s, n, i, &l)) break;
        i += l;
        c++;
    }
    *e = *pos = i;
    *nch = c;
    return true;
}

bool ft_stopword(uint16_t coll, const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof ft_stopwords / sizeof ft_stopwords[0]; i++)
        if (!pdb_coll_cmp(coll, s, n, ft_stopwords[i], strlen(ft_stopwords[i]))) return true;
    return false;
}

/* The query's words, each once (in the order first written), in w (FT_MAX_WORDS). */
static int ft_query_words(uint16_t coll, const char *q, size_t qn, ft_word *w)
{
    int nw = 0;
    size_t pos = 0, b, e, nch;
    while (ft_token(q, qn, &pos, &b, &e, &nch)) {
        if (nch < FT_MIN_TOKEN || nch > FT_MAX_TOKEN || ft_stopword(coll, q + b, e - b)) continue;
        uint64_t h = pdb_coll_hash(coll, q + b, e - b);
        int k = 0;
        while (k < nw && !(w[k].h == h && !pdb_coll_cmp(coll, w[k].s, w[k].n, q + b, e - b))) k++;
        if (k < nw) { w[k].qcount++; continue; }
        if (nw == FT_MAX_WORDS) continue;
        w[nw++] = (ft_word){ .s = q + b, .n = e - b, .h = h, .qcount = 1 };
    }
    return nw;
}

/* ---------------------------------------------------------------- ranks */

/* The rows holding query words: row ids, and per row its words' counts as (word << 24 |
 * count) entries, from.. from of the next row (rows hold few of the query's words). */
typedef struct ft_hits {
    uint32_t *rows, *from;
    uint32_t n, cap;
    uint32_t *ent;
    uint32_t nent, cent;
    uint32_t total;     /* rows visible */
} ft_hits;

/* Calls fn(arg, word, bytes, characters) for each word of row r's indexed columns; stops
 * when fn returns false, and returns false then. */
typedef bool ft_word_fn(void *arg, const char *s, size_t n, size_t nch);
static bool ft_row_words(const ex_ftspec *sp, uint32_t r, ft_word_fn *fn, void *arg)
{
    for (uint32_t c = 0; c < sp->ncols; c++) {
        pdb_value v;
        stor_get(sp->t, sp->cols[c], r, &v);
        if (v.t != VT_STRING) continue;
        size_t pos = 0, b, e, nch;
        while (ft_token(v.p, v.len, &pos, &b, &e, &nch))
            if (!fn(arg, v.p + b, e - b, nch)) return false;
    }
    return true;
}

typedef struct ft_counting {
    const ex_ftspec *sp;
    ft_word *w;
    int nw;
    const bool *first_ok;
    uint32_t *tf;
    bool any;
} ft_counting;

static bool ft_count_word(void *arg, const char *s, size_t n, size_t nch)
{
    ft_counting *k = arg;
    unsigned char f = (unsigned char)s[0];
    /* a word that starts with an ASCII character equals only words starting with it in
       either case (ignorable characters are not word characters) */
    if ((f < 0x80 && !k->first_ok[f]) || nch < FT_MIN_TOKEN || nch > FT_MAX_TOKEN) return true;
    uint64_t h = pdb_coll_hash(k->sp->coll, s, n);
    for (int i = 0; i < k->nw; i++) {
        if (k->w[i].h != h || pdb_coll_cmp(k->sp->coll, k->w[i].s, k->w[i].n, s, n)) continue;
        k->tf[i]++;
        k->any = true;
        break;
    }
    return true;
}

/* Counts the query words in one row's indexed columns into tf; true if any is there. */
static bool ft_count_row(const ex_ftspec *sp, uint32_t r, ft_word *w, int nw, const bool *first_ok, uint32_t *tf)
{
    ft_counting k = { sp, w, nw, first_ok, tf, false };
    ft_row_words(sp, r, ft_count_word, &k);
    return k.any;
}

static void *ft_grow(ex_ctx *ctx, void *old, uint32_t n, uint32_t cap, size_t sz)
{
    void *p = stor_arena_alloc(ctx->a, (size_t)cap * sz);
    if (n) memcpy(p, old, (size_t)n * sz);
    return p;
}

static void ft_hit(ex_ctx *ctx, ft_hits *h, uint32_t r, const uint32_t *tf, int nw)
{
    if (h->n == h->cap) {
        uint32_t nc = h->cap ? h->cap * 2 : 64;
        h->rows = ft_grow(ctx, h->rows, h->n, nc, sizeof *h->rows);
        h->from = ft_grow(ctx, h->from, h->n, nc + 1, sizeof *h->from);
        h->cap = nc;
    }
    h->rows[h->n] = r;
    h->from[h->n] = h->nent;
    for (int k = 0; k < nw; k++) {
        if (!tf[k]) continue;
        if (h->nent == h->cent) {
            uint32_t nc = h->cent ? h->cent * 2 : 256;
            h->ent = ft_grow(ctx, h->ent, h->nent, nc, sizeof *h->ent);
            h->cent = nc;
        }
        h->ent[h->nent++] = (uint32_t)k << 24 | (tf[k] < 0xffffff ? tf[k] : 0xffffff);
    }
    h->n++;
    h->from[h->n] = h->nent;
}

static void ft_scan(ex_ctx *ctx, const ex_ftspec *sp, ft_word *w, int nw, ft_hits *h)
{
    bool first_ok[128] = { false };
    bool all = false;
    for (int k = 0; k < nw; k++) {
        unsigned char f = (unsigned char)w[k].s[0];
        if (f >= 0x80) all = true;
        else first_ok[f] = first_ok[(f | 0x20) >= 'a' && (f | 0x20) <= 'z' ? f ^ 0x20 : f] = true;
    }
    if (all) memset(first_ok, 1, sizeof first_ok);
    uint32_t *tf = stor_arena_alloc(ctx->a, (size_t)(nw ? nw : 1) * sizeof *tf);
    const stor_table *t = sp->t;
    for (uint32_t r = 0; r < t->nrows; r++) {
        if ((r & 255) == 255) ex_slice_tick(ctx);
        if (!stor_row_visible(t, r)) continue;
        h->total++;
        if (!ft_sees(t, r)) continue;
        if (!nw) continue;
        memset(tf, 0, (size_t)nw * sizeof *tf);
        if (!ft_count_row(sp, r, w, nw, first_ok, tf)) continue;
        ft_hit(ctx, h, r, tf, nw);
        for (int k = 0; k < nw; k++) if (tf[k]) w[k].docs++;
    }
}

/* InnoDB's idf (fts_query_calculate_idf): a word in every row gets log10(1.0001), not 0,
 * so that a row holding it still ranks above 0. */
double ft_idf(uint64_t total, uint64_t docs)
{
    if (!docs) return 0;
    return total == docs ? log10(1.0001) : log10((double)total / (double)docs);
}

void ft_put(ex_ftstate *st, uint32_t row, float rank)
{
    uint32_t k = (row * 2654435761u) & (st->cap - 1);
    while (st->keys[k]) k = (k + 1) & (st->cap - 1);
    st->keys[k] = row + 1;
    st->ranks[k] = rank;
}

/* ---------------------------------------------------------------- postings
 * Each FULLTEXT key's words and the rows holding them, kept with the table
 * (stor_derived) and brought up to date by the statement that asks: rows appended since
 * are added; a rewrite (an UPDATE in place, TRUNCATE) or DDL starts over. A row is
 * indexed whether or not a statement sees it; statements check what they see. Readers
 * of one table take its mutex (the store lock is shared among them); writers hold the
 * store lock exclusively, so no row changes meanwhile. */

static pthread_mutex_t ft_attach_mu = PTHREAD_MUTEX_INITIALIZER;

static void ft_dict_free(ft_dict *d)
{
    if (!d) return;
    for (uint32_t i = 0; i < d->cap; i++) { stor_free(d->e[i].s); stor_free(d->e[i].p); }
    stor_free(d->e);
    stor_free(d->late_row);
    stor_free(d->late_ord);
    stor_free(d);
}

static void ft_drop_dicts(ft_tcache *tc)
{
    for (uint32_t i = 0; i < tc->nd; i++) ft_dict_free(tc->d[i]);
    stor_free(tc->d);
    tc->d = NULL;
    tc->nd = 0;
}

static void ft_tcache_free(stor_derived *b)
{
    ft_tcache *tc = (ft_tcache *)b;
    ft_drop_dicts(tc);
    ng_free_all(tc);
    pthread_mutex_destroy(&tc->mu);
    stor_free(tc);
}

ft_tcache *ft_cache_of(stor_table *t)
{
    pthread_mutex_lock(&ft_attach_mu);
    if (!t->derived) {
        ft_tcache *tc = stor_calloc(1, sizeof *tc);
        if (tc) {
            tc->base.free = ft_tcache_free;
            pthread_mutex_init(&tc->mu, NULL);
            tc->version = t->version;
            t->derived = &tc->base;
        }
    }
    pthread_mutex_unlock(&ft_attach_mu);
    return (ft_tcache *)t->derived;
}

static bool ft_is_stop(const ft_dict *d, uint16_t coll, uint64_t h, const char *s, size_t n)
{
    for (uint32_t k = (uint32_t)h & 63; d->stop[k]; k = (k + 1) & 63)
        if (d->stop[k] == h && ft_stopword(coll, s, n)) return true;
    return false;
}

static ft_dict *ft_dict_new(uint16_t coll)
{
    ft_dict *d = stor_calloc(1, sizeof *d);
    if (!d) return NULL;
    d->cap = 1024;
    if (!(d->e = stor_calloc(d->cap, sizeof *d->e))) { stor_free(d); return NULL; }
    for (size_t i = 0; i < sizeof ft_stopwords / sizeof ft_stopwords[0]; i++) {
        uint64_t h = pdb_coll_hash(coll, ft_stopwords[i], strlen(ft_stopwords[i]));
        if (!h) h = 1;
        uint32_t k = (uint32_t)h & 63;
        while (d->stop[k]) k = (k + 1) & 63;
        d->stop[k] = h;
    }
    return d;
}

ft_entry *ft_find(const ft_dict *d, uint16_t coll, uint64_t h, const char *s, size_t n)
{
    for (uint32_t k = (uint32_t)h & (d->cap - 1); d->e[k].s; k = (k + 1) & (d->cap - 1))
        if (d->e[k].h == h && pdb_coll_eq(coll, d->e[k].s, d->e[k].n, s, n)) return &d->e[k];
    return NULL;
}

static bool ft_grow_dict(ft_dict *d)
{
    uint32_t cap = d->cap * 2;
    ft_entry *e = stor_calloc(cap, sizeof *e);
    if (!e) return false;
    for (uint32_t i = 0; i < d->cap; i++) {
        if (!d->e[i].s) continue;
        uint32_t k = (uint32_t)d->e[i].h & (cap - 1);
        while (e[k].s) k = (k + 1) & (cap - 1);
        e[k] = d->e[i];
    }
    stor_free(d->e);
    d->e = e;
    d->cap = cap;
    return true;
}

/* One occurrence of word s in row r; false when memory ran out. */
static bool ft_add(ft_dict *d, uint16_t coll, uint64_t h, const char *s, size_t n, uint32_t r)
{
    ft_entry *e = ft_find(d, coll, h, s, n);
    if (!e) {
        if ((d->ne + 1) * 4 > d->cap * 3 && !ft_grow_dict(d)) return false;
        uint32_t k = (uint32_t)h & (d->cap - 1);
        while (d->e[k].s) k = (k + 1) & (d->cap - 1);
        e = &d->e[k];
        if (!(e->s = stor_malloc(n ? n : 1))) return false;
        memcpy(e->s, s, n);
        e->n = (uint32_t)n;
        e->h = h;
        d->ne++;
    }
    if (e->np && e->p[e->np - 1].row == r) { e->p[e->np - 1].tf++; return true; }
    uint32_t at = e->np;
    if (e->np && e->p[e->np - 1].row > r) {   /* (a row indexed again: in its place) */
        uint32_t lo = 0, hi = e->np;
        while (lo < hi) {
            uint32_t m = (lo + hi) / 2;
            if (e->p[m].row < r) lo = m + 1;
            else hi = m;
        }
        if (e->p[lo].row == r) { e->p[lo].tf++; return true; }
        at = lo;
    }
    if (e->np == e->cp) {
        uint32_t c = e->cp ? e->cp * 2 : 4;
        ft_post *p = stor_realloc(e->p, (size_t)c * sizeof *p);
        if (!p) return false;
        e->p = p;
        e->cp = c;
    }
    memmove(e->p + at + 1, e->p + at, (size_t)(e->np - at) * sizeof *e->p);
    e->p[at] = (ft_post){ r, 1 };
    e->np++;
    return true;
}

/* Row r's words out of the postings (before it is indexed again). */
static void ft_unindex_row(ft_dict *d, uint32_t r)
{
    for (uint32_t k = 0; k < d->cap; k++) {
        ft_entry *e = &d->e[k];
        if (!e->np || e->p[0].row > r || e->p[e->np - 1].row < r) continue;
        uint32_t lo = 0, hi = e->np;
        while (lo < hi) {
            uint32_t m = (lo + hi) / 2;
            if (e->p[m].row < r) lo = m + 1;
            else hi = m;
        }
        if (e->p[lo].row != r) continue;
        memmove(e->p + lo, e->p + lo + 1, (size_t)(e->np - lo - 1) * sizeof *e->p);
        e->np--;
    }
}

uint64_t ft_doc_order(const ft_dict *d, uint32_t row)
{
    if (d && d->clate)
        for (uint32_t k = (row * 2654435761u) & (d->clate - 1); d->late_row[k]; k = (k + 1) & (d->clate - 1))
            if (d->late_row[k] == row + 1) return d->late_ord[k];
    return (uint64_t)row << 32;
}

/* Row r's words were rewritten when the table had nrows rows: its new doc id's place. */
static bool ft_late(ft_dict *d, uint32_t r, uint32_t nrows)
{
    if ((d->nlate + 1) * 2 > d->clate) {
        uint32_t c = d->clate ? d->clate * 2 : 64;
        uint32_t *kr = stor_calloc(c, sizeof *kr);
        uint64_t *ko = stor_malloc((size_t)c * sizeof *ko);
        if (!kr || !ko) { stor_free(kr); stor_free(ko); return false; }
        for (uint32_t i = 0; i < d->clate; i++) {
            if (!d->late_row[i]) continue;
            uint32_t k = ((d->late_row[i] - 1) * 2654435761u) & (c - 1);
            while (kr[k]) k = (k + 1) & (c - 1);
            kr[k] = d->late_row[i];
            ko[k] = d->late_ord[i];
        }
        stor_free(d->late_row);
        stor_free(d->late_ord);
        d->late_row = kr; d->late_ord = ko; d->clate = c;
    }
    uint32_t k = (r * 2654435761u) & (d->clate - 1);
    while (d->late_row[k] && d->late_row[k] != r + 1) k = (k + 1) & (d->clate - 1);
    if (!d->late_row[k]) d->nlate++;
    d->late_row[k] = r + 1;
    /* after row nrows - 1, before row nrows (appended later), after earlier rewrites */
    d->late_ord[k] = ((uint64_t)nrows << 32) - 0x80000000u + (uint32_t)d->rw_seen % 0x80000000u;
    return true;
}

typedef struct ft_indexing { ft_dict *d; uint16_t coll; uint32_t row; } ft_indexing;

static bool ft_index_word(void *arg, const char *s, size_t n, size_t nch)
{
    ft_indexing *k = arg;
    if (nch < FT_MIN_TOKEN || nch > FT_MAX_TOKEN) return true;
    uint64_t h = pdb_coll_hash(k->coll, s, n);
    return ft_is_stop(k->d, k->coll, h ? h : 1, s, n) || ft_add(k->d, k->coll, h, s, n, k->row);
}

/* Row r's words into the postings; false when memory ran out. */
static bool ft_index_row(ft_dict *d, const ex_ftspec *sp, uint32_t r)
{
    ft_indexing k = { d, sp->coll, r };
    return ft_row_words(sp, r, ft_index_word, &k);
}

/* Adds up to max rows to the key's postings under the cache's mutex: 1 when they are up
 * to date (*out), 0 when rows are left, -1 when memory ran out (then they are dropped). */
static int ft_sync_step(ft_tcache *tc, const ex_ftspec *sp, uint32_t max, ft_dict **out)
{
    stor_table *t = sp->t;
    pthread_mutex_lock(&tc->mu);
    if (tc->version != t->version || tc->nd != t->nidx) {   /* DDL: every key over */
        ft_drop_dicts(tc);
        tc->version = t->version;
    }
    ft_dict *d = NULL;
    if (!tc->d && (tc->d = stor_calloc(t->nidx ? t->nidx : 1, sizeof *tc->d))) tc->nd = t->nidx;
    if (tc->d && (d = tc->d[sp->ix]) &&
        (d->epoch_seen != t->rewrite_epoch || t->rewrites - d->rw_seen > STOR_REWRITE_LOG)) {
        ft_dict_free(d);   /* (rewrites it can no longer follow: over) */
        d = tc->d[sp->ix] = NULL;
    }
    if (tc->d && !d && (d = tc->d[sp->ix] = ft_dict_new(sp->coll))) {
        d->rw_seen = t->rewrites;
        d->epoch_seen = t->rewrite_epoch;
        for (uint32_t k = 0; k < sp->ncols; k++) d->colmask |= 1ull << (sp->cols[k] < 63 ? sp->cols[k] : 63);
    }
    if (!d) { pthread_mutex_unlock(&tc->mu); return -1; }
    /* rows rewritten in place since: their words out, and in again as they are now */
    for (; d->rw_seen < t->rewrites; d->rw_seen++) {
        const struct stor_rewrite *w = &t->rewrite_log[d->rw_seen % STOR_REWRITE_LOG];
        if (!(w->cols & d->colmask) || w->row >= d->upto) continue;
        ft_unindex_row(d, w->row);
        if (!stor_is_dead(t, w->row) && (!ft_index_row(d, sp, w->row) || !ft_late(d, w->row, w->nrows))) {
            ft_dict_free(d);
            tc->d[sp->ix] = NULL;
            pthread_mutex_unlock(&tc->mu);
            return -1;
        }
    }
    uint32_t end = t->nrows - d->upto > max ? d->upto + max : t->nrows;
    for (; d->upto < end; d->upto++) {
        if (stor_is_dead(t, d->upto)) continue;
        if (!ft_index_row(d, sp, d->upto)) {
            ft_dict_free(d);
            tc->d[sp->ix] = NULL;
            pthread_mutex_unlock(&tc->mu);
            return -1;
        }
    }
    int done = d->upto >= t->nrows;
    pthread_mutex_unlock(&tc->mu);
    *out = d;
    return done;
}

/* The key's postings, up to date; NULL when memory ran out (then they are dropped, and
 * the statement reads the rows instead). Rows are added a batch at a time with the mutex
 * held and the slice checked between batches without it: the check may end the
 * statement (KILL, a move to a worker), and nothing may be locked then. Once up to date
 * they stay as they are while the statement holds the store lock: writers are kept out,
 * and other readers find nothing to add (so they are read without the mutex). */
static ft_dict *ft_sync(ex_ctx *ctx, ft_tcache *tc, const ex_ftspec *sp)
{
    for (;;) {
        ft_dict *d = NULL;
        int r = ft_sync_step(tc, sp, 1024, &d);
        if (r < 0) return NULL;
        if (r) return d;
        ex_slice_work(ctx, 1024);
    }
}

uint32_t ft_visible_rows(const stor_table *t)
{
    if (!t->nver) return t->nlive;
    uint32_t n = 0;
    for (uint32_t r = 0; r < t->nrows; r++) n += stor_row_visible(t, r);
    return n;
}

static void ft_accumulate(ex_ftstate *st, uint32_t row, float add)
{
    uint32_t k = (row * 2654435761u) & (st->cap - 1);
    while (st->keys[k] && st->keys[k] != row + 1) k = (k + 1) & (st->cap - 1);
    if (!st->keys[k]) { st->keys[k] = row + 1; st->ranks[k] = 0; }
    st->ranks[k] += add;
}

const ft_dict *ft_postings(ex_ctx *ctx, const ex_ftspec *sp)
{
    ft_tcache *tc = ft_cache_of(sp->t);
    return tc ? ft_sync(ctx, tc, sp) : NULL;
}

/* The ranks from the key's postings; false to read the rows instead. */
static bool ft_rank_postings(ex_ctx *ctx, const ex_ftspec *sp, ex_ftstate *st, ft_word *w, int nw)
{
    const ft_dict *d = ft_postings(ctx, sp);
    if (!d) return false;
    st->dict = d;
    const stor_table *t = sp->t;
    uint32_t total = ft_visible_rows(t);
    uint64_t sum = 0;
    for (int k = 0; k < nw; k++) {
        const ft_entry *e = ft_find(d, sp->coll, w[k].h, w[k].s, w[k].n);
        w[k].docs = 0;
        for (uint32_t i = 0; e && i < e->np; i++) w[k].docs += ft_sees(t, e->p[i].row);
        w[k].idf = ft_idf(total, (uint64_t)w[k].docs * w[k].qcount);
        sum += w[k].docs;
    }
    st->cap = 0;
    if (!sum) return true;
    uint32_t cap = 16;
    while (cap < sum * 2) cap *= 2;
    st->cap = cap;
    st->keys = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *st->keys);
    memset(st->keys, 0, (size_t)cap * sizeof *st->keys);
    st->ranks = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *st->ranks);
    /* word by word in the order written: each row's rank is summed in that order, in
       single precision, as InnoDB adds them (fts_query_calculate_ranking) */
    for (int k = 0; k < nw; k++) {
        const ft_entry *e = ft_find(d, sp->coll, w[k].h, w[k].s, w[k].n);
        for (uint32_t i = 0; e && i < e->np; i++) {
            const ft_post *p = &e->p[i];
            if (ft_sees(t, p->row)) ft_accumulate(st, p->row, (float)((double)p->tf * w[k].idf * w[k].idf));
        }
    }
    return true;
}

static void ft_rank(ex_ctx *ctx, const ex_ftspec *sp, ex_ftstate *st)
{
    ft_word *w = stor_arena_alloc(ctx->a, FT_MAX_WORDS * sizeof *w);
    /* (quoted phrases and prefixes in natural language mode: the boolean mode's evaluator) */
    if (sp->mode || memchr(st->q, '"', st->qn) || memchr(st->q, '*', st->qn)) { ft_rank_boolean(ctx, sp, st); return; }
    int nw = ft_query_words(sp->coll, st->q, st->qn, w);
    if (ft_rank_postings(ctx, sp, st, w, nw)) return;
    ft_hits h = { 0 };
    ft_scan(ctx, sp, w, nw, &h);
    for (int k = 0; k < nw; k++) w[k].idf = ft_idf(h.total, (uint64_t)w[k].docs * w[k].qcount);
    st->cap = 0;
    if (!h.n) return;
    uint32_t cap = 16;
    while (cap < h.n * 2) cap *= 2;
    st->cap = cap;
    st->keys = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *st->keys);
    memset(st->keys, 0, (size_t)cap * sizeof *st->keys);
    st->ranks = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *st->ranks);
    for (uint32_t i = 0; i < h.n; i++) {
        float rank = 0;
        /* summed in single precision in the order the words were written, as InnoDB
           adds them (fts_query_calculate_ranking) */
        for (uint32_t j = h.from[i]; j < h.from[i + 1]; j++) {
            const ft_word *x = &w[h.ent[j] >> 24];
            rank += (float)((double)(h.ent[j] & 0xffffff) * x->idf * x->idf);
        }
        ft_put(st, h.rows[i], rank);
    }
}

static float ft_lookup(const ex_ftstate *st, uint32_t row)
{
    if (!st->cap) return 0;
    for (uint32_t k = (row * 2654435761u) & (st->cap - 1); st->keys[k]; k = (k + 1) & (st->cap - 1))
        if (st->keys[k] == row + 1) return st->ranks[k];
    return 0;
}

typedef struct ft_ranked { float rank; uint32_t row; uint64_t ord; } ft_ranked;

static int ft_ranked_cmp(const void *pa, const void *pb)
{
    const ft_ranked *a = pa, *b = pb;
    if (a->rank != b->rank) return a->rank > b->rank ? -1 : 1;
    return a->ord < b->ord ? -1 : a->ord > b->ord;
}

uint32_t ex_ft_rows(ex_ctx *ctx, const pl_expr *e, uint32_t **rows)
{
    ex_ftstate *st = ctx->stmt->fts;
    while (st && st->e != e) st = st->next;
    *rows = NULL;
    if (!st || !st->cap) return 0;
    if (!st->sorted) {
        uint32_t n = 0;
        ft_ranked *rk = stor_arena_alloc(ctx->a, (size_t)st->cap * sizeof *rk);
        for (uint32_t k = 0; k < st->cap; k++) if (st->keys[k]) rk[n++] = (ft_ranked){ st->ranks[k], st->keys[k] - 1, ft_doc_order(st->dict, st->keys[k] - 1) };
        qsort(rk, n, sizeof *rk, ft_ranked_cmp);
        st->sorted = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *st->sorted);
        for (uint32_t i = 0; i < n; i++) st->sorted[i] = rk[i].row;
        st->nrows = n;
    }
    *rows = st->sorted;
    return st->nrows;
}

/* This statement's ranks for call e and query q, worked out by the first row that asks. */
static ex_ftstate *ft_state(ex_ctx *ctx, const pl_expr *e, const ex_ftspec *sp, const char *q, size_t qn)
{
    ex_ftstate *st = ctx->stmt->fts;
    while (st && !(st->e == e && st->qn == qn && !memcmp(st->q, q, qn))) st = st->next;
    if (st) return st;
    st = stor_arena_alloc(ctx->a, sizeof *st);
    memset(st, 0, sizeof *st);
    st->e = e;
    st->q = stor_arena_alloc(ctx->a, qn + 1);
    memcpy(st->q, q, qn);
    st->qn = (uint32_t)qn;
    ft_rank(ctx, sp, st);
    st->next = ctx->stmt->fts;
    ctx->stmt->fts = st;
    return st;
}

/* ---------------------------------------------------------------- at start */

static _Atomic bool ft_warm_stop;

/* Keys a statement found too far behind to bring up to date itself (ex_derived_request):
 * the warm thread builds them after its first pass, one at a time. */
typedef struct warm_key { char *db, *name; uint32_t x; } warm_key;
static pthread_mutex_t warm_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t warm_cv = PTHREAD_COND_INITIALIZER;
static warm_key warm_q[64];
static uint32_t warm_nq;
static bool warm_running;

void ex_ft_warm_stop(void)
{
    atomic_store(&ft_warm_stop, true);
    pthread_mutex_lock(&warm_mu);
    pthread_cond_broadcast(&warm_cv);
    pthread_mutex_unlock(&warm_mu);
}

bool ex_derived_request(const stor_table *t, uint32_t x)
{
    bool ok = false;
    pthread_mutex_lock(&warm_mu);
    for (uint32_t i = 0; i < warm_nq && !ok; i++)
        ok = warm_q[i].x == x && !strcmp(warm_q[i].db, t->db) && !strcmp(warm_q[i].name, t->name);
    if (!ok && warm_running && warm_nq < sizeof warm_q / sizeof warm_q[0]) {
        warm_key k = { stor_strndup(t->db, strlen(t->db)), stor_strndup(t->name, strlen(t->name)), x };
        if (k.db && k.name) {
            warm_q[warm_nq++] = k;
            pthread_cond_signal(&warm_cv);
            ok = true;
        } else {
            stor_free(k.db);
            stor_free(k.name);
        }
    }
    pthread_mutex_unlock(&warm_mu);
    return ok;
}

/* One FULLTEXT or n-gram key of a table named db.name, built under the shared store lock
 * a batch per hold (writers wait that long at most); the table is found again each time
 * (DDL may drop or change it in between). */
static void ft_warm_key(const char *db, const char *name, uint32_t x)
{
    for (int r = 0; r == 0 && !atomic_load(&ft_warm_stop);) {
        stor_lock_shared();
        stor_table *t = stor_table_find(db, name);
        r = 1;
        if (t && ex_ng_is_key(t, x))
            r = ex_ng_warm_step(t, x);
        else if (t && x < t->nidx && t->idx[x].kind == IK_FULLTEXT && t->idx[x].ncols) {
            ex_ftspec sp = { .t = t, .ncols = t->idx[x].ncols, .cols = t->idx[x].cols,
                             .coll = t->cols[t->idx[x].cols[0]].coll, .ix = x };
            ft_tcache *tc = ft_cache_of(t);
            ft_dict *d;
            r = tc ? ft_sync_step(tc, &sp, 1024, &d) : 1;
        }
        stor_unlock();
    }
}

/* Builds every FULLTEXT key's postings and every n-gram key's trigrams after a start, so
 * that the first MATCH or LIKE finds them ready (about 0.6 s for WordPress's 46 MB of
 * posts) instead of building them; then the keys statements ask for (ex_derived_request),
 * until ex_ft_warm_stop. */
void ex_ft_warm(void)
{
    typedef struct { char *db, *name; uint32_t x; bool out; } key;
    pthread_mutex_lock(&warm_mu);
    warm_running = true;   /* (requests meanwhile wait for the first pass) */
    pthread_mutex_unlock(&warm_mu);
    key *keys = NULL;
    uint32_t n = 0, cap = 0;
    stor_lock_shared();
    uint32_t nd;
    stor_db **dbs = stor_db_list(&nd);
    for (uint32_t i = 0; i < nd; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            const stor_table *t = dbs[i]->tables[j];
            for (uint32_t x = 0; x < t->nidx; x++) {
                if (t->idx[x].kind != IK_FULLTEXT && !ex_ng_is_key(t, x)) continue;
                if (n == cap) {
                    key *nk = stor_realloc(keys, (size_t)(cap = cap ? cap * 2 : 16) * sizeof *nk);
                    if (!nk) break;
                    keys = nk;
                }
                if (n == cap) break;
                keys[n++] = (key){ stor_strndup(dbs[i]->name, strlen(dbs[i]->name)), stor_strndup(t->name, strlen(t->name)), x,
                                   t->evicted };
            }
        }
    stor_unlock();
    for (uint32_t i = 0; i < n; i++) {
        /* (a table a start left on disk: loaded first without the lock, unless tables
           are meant to stay out until used; then its first search builds the key) */
        if (keys[i].out && stor_evict_after()) keys[i].db = (stor_free(keys[i].db), NULL);
        else if (keys[i].out && keys[i].db && keys[i].name) stor_evict_preload(keys[i].db, keys[i].name, true);
        if (keys[i].db && keys[i].name) ft_warm_key(keys[i].db, keys[i].name, keys[i].x);
        stor_free(keys[i].db);
        stor_free(keys[i].name);
    }
    stor_free(keys);
    /* then the keys statements ask for, until the server stops (the request stays in the
       queue while it is built, so it is not asked for twice) */
    pthread_mutex_lock(&warm_mu);
    while (!atomic_load(&ft_warm_stop)) {
        if (!warm_nq) {
            pthread_cond_wait(&warm_cv, &warm_mu);
            continue;
        }
        warm_key k = warm_q[0];
        pthread_mutex_unlock(&warm_mu);
        ft_warm_key(k.db, k.name, k.x);
        pthread_mutex_lock(&warm_mu);
        memmove(warm_q, warm_q + 1, (size_t)--warm_nq * sizeof *warm_q);
        stor_free(k.db);
        stor_free(k.name);
    }
    warm_running = false;
    for (uint32_t i = 0; i < warm_nq; i++) { stor_free(warm_q[i].db); stor_free(warm_q[i].name); }
    warm_nq = 0;
    pthread_mutex_unlock(&warm_mu);
}

/* ---------------------------------------------------------------- the call */

static bool is_match(const pl_expr *e)
{
    return e->kind == E_FUNC && !strcmp(e->s, "MATCH") && e->nargs >= 2;
}

pl_expr *ex_ft_term(pl_expr *e)
{
    if (is_match(e)) return e;
    if (e->kind != E_BINARY || e->nargs != 2) return NULL;
    int op = e->op;
    pl_expr *m = e->args[0], *c = e->args[1];
    if (!is_match(m)) {
        m = e->args[1]; c = e->args[0];
        op = op == BO_LT ? BO_GT : op == BO_LE ? BO_GE : -1;
    }
    if (!is_match(m) || (op != BO_GT && op != BO_GE)) return NULL;
    if (c->kind != E_INT && c->kind != E_DECIMAL && c->kind != E_FLOAT) return NULL;
    double v = strtod(c->s, NULL);
    return (op == BO_GT ? v >= 0 : v > 0) ? m : NULL;
}

/* The position of t's FULLTEXT key over exactly the columns cols (any order), or -1. */
static int ft_key_over(const stor_table *t, const uint32_t *cols, uint32_t ncols)
{
    for (uint32_t x = 0; x < t->nidx; x++) {
        const stor_index *ix = &t->idx[x];
        if (ix->kind != IK_FULLTEXT || ix->ncols != ncols) continue;
        bool same = true;
        for (uint32_t i = 0; i < ncols && same; i++) {
            bool in = false;
            for (uint32_t k = 0; k < ix->ncols; k++) if (ix->cols[k] == cols[i]) in = true;
            same = in;
        }
        if (same) return (int)x;
    }
    return -1;
}

const stor_index *ex_ft_key(const stor_table *t, const pl_expr *m)
{
    uint32_t cols[64], n = 0;
    for (int i = 1; i < m->nargs; i++) {
        if (m->args[i]->kind != E_COLUMN || n == 64) return NULL;
        uint32_t c = 0;
        while (c < t->ncols && strcasecmp(t->cols[c].name, m->args[i]->s)) c++;
        if (c == t->ncols) return NULL;
        cols[n++] = c;
    }
    int x = ft_key_over(t, cols, n);
    return x < 0 ? NULL : &t->idx[x];
}

/* The FULLTEXT key of t over exactly the columns cols (in any order), or 1191. */
const ex_ftspec *ex_ft_resolve(ex_ctx *ctx, stor_table *t, int src, const uint32_t *cols, uint32_t ncols, int mode)
{
    int x = ft_key_over(t, cols, ncols);
    if (x < 0) ex_raise(ctx, 1191, "HY000", "Can't find FULLTEXT index matching the column list");
    const stor_index *ix = &t->idx[x];
    ex_ftspec *sp = stor_arena_alloc(ctx->a, sizeof *sp);
    sp->t = t;
    sp->src = src;
    sp->ncols = ncols;
    sp->cols = stor_arena_alloc(ctx->a, (size_t)ncols * sizeof *sp->cols);
    memcpy(sp->cols, ix->cols, (size_t)ncols * sizeof *sp->cols);
    sp->coll = t->cols[ix->cols[0]].coll;
    sp->mode = mode;
    sp->ix = (uint32_t)x;
    return sp;
}

/* MATCH's type: DOUBLE (its value is never NULL, its metadata says it may be). */
void ex_ty_match(const ex_fdef *d, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = 31;
    t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
}

/* a: the query, the row id of the key's table (-1: a NULL row), the ex_ftspec. */
void ex_fn_match(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const ex_ftspec *sp = (const ex_ftspec *)a[2].p;
    *out = ex_dbl(0);
    if (a[0].t == VT_NULL || a[1].t != VT_INT || a[1].i < 0) return;
    size_t qn = a[0].len;
    const char *q = a[0].t == VT_STRING ? a[0].p : ex_to_str(ctx->a, &a[0], &qn);
    *out = ex_dbl((double)ft_lookup(ft_state(ctx, e, sp, q, qn), (uint32_t)a[1].i));
}
