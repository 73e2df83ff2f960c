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
#include "engine/func_int.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#define FT_MIN_TOKEN 3    /* innodb_ft_min_token_size */
#define FT_MAX_TOKEN 84   /* innodb_ft_max_token_size */
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

/* One call site's ranks for this statement: row id -> rank (open addressing). */
typedef struct ex_ftstate {
    const pl_expr *e;
    char *q;            /* the query they were worked out for */
    uint32_t qn;
    uint32_t cap;       /* power of two, or 0: no row matched */
    uint32_t *keys;     /* row id + 1, 0 = empty */
    float *ranks;
    uint32_t *sorted;   /* ex_ft_rows: the ranked rows in InnoDB's order, once asked */
    uint32_t nrows;
    struct ex_ftstate *next;
} ex_ftstate;

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
static bool ft_token(const char *s, size_t n, size_t *pos, size_t *b, size_t *e, size_t *nch)
{
    size_t i = *pos, l;
    while (i < n && !ft_word_char(s, n, i, &l)) i += l;
    if (i >= n) { *pos = n; return false; }
    *b = i;
    size_t c = 0;
    while (i < n && ft_word_char(s, n, i, &l)) { i += l; c++; }
    *e = *pos = i;
    *nch = c;
    return true;
}

static bool ft_stopword(uint16_t coll, const char *s, size_t n)
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

/* Counts the query words in one row's indexed columns into tf; true if any is there. */
static bool ft_count_row(const ex_ftspec *sp, uint32_t r, ft_word *w, int nw, const bool *first_ok, uint32_t *tf)
{
    bool any = false;
    for (uint32_t c = 0; c < sp->ncols; c++) {
        pdb_value v;
        stor_get(sp->t, sp->cols[c], r, &v);
        if (v.t != VT_STRING) continue;
        size_t pos = 0, b, e, nch;
        while (ft_token(v.p, v.len, &pos, &b, &e, &nch)) {
            unsigned char f = (unsigned char)v.p[b];
            /* a word that starts with an ASCII character equals only words starting with
               it in either case (ignorable characters are not word characters) */
            if (f < 0x80 && !first_ok[f]) continue;
            if (nch < FT_MIN_TOKEN || nch > FT_MAX_TOKEN) continue;
            uint64_t h = pdb_coll_hash(sp->coll, v.p + b, e - b);
            for (int k = 0; k < nw; k++) {
                if (w[k].h != h || pdb_coll_cmp(sp->coll, w[k].s, w[k].n, v.p + b, e - b)) continue;
                tf[k]++;
                any = true;
                break;
            }
        }
    }
    return any;
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
        if (!nw) continue;
        memset(tf, 0, (size_t)nw * sizeof *tf);
        if (!ft_count_row(sp, r, w, nw, first_ok, tf)) continue;
        ft_hit(ctx, h, r, tf, nw);
        for (int k = 0; k < nw; k++) if (tf[k]) w[k].docs++;
    }
}

/* InnoDB's idf (fts_query_calculate_idf): a word in every row gets log10(1.0001), not 0,
 * so that a row holding it still ranks above 0. */
static double ft_idf(uint64_t total, uint64_t docs)
{
    if (!docs) return 0;
    return total == docs ? log10(1.0001) : log10((double)total / (double)docs);
}

static void ft_put(ex_ftstate *st, uint32_t row, float rank)
{
    uint32_t k = (row * 2654435761u) & (st->cap - 1);
    while (st->keys[k]) k = (k + 1) & (st->cap - 1);
    st->keys[k] = row + 1;
    st->ranks[k] = rank;
}

static void ft_rank(ex_ctx *ctx, const ex_ftspec *sp, ex_ftstate *st)
{
    ft_word *w = stor_arena_alloc(ctx->a, FT_MAX_WORDS * sizeof *w);
    int nw = ft_query_words(sp->coll, st->q, st->qn, w);
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

typedef struct ft_ranked { float rank; uint32_t row; } ft_ranked;

static int ft_ranked_cmp(const void *pa, const void *pb)
{
    const ft_ranked *a = pa, *b = pb;
    if (a->rank != b->rank) return a->rank > b->rank ? -1 : 1;
    return a->row < b->row ? -1 : a->row > b->row;
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
        for (uint32_t k = 0; k < st->cap; k++) if (st->keys[k]) rk[n++] = (ft_ranked){ st->ranks[k], st->keys[k] - 1 };
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

const stor_index *ex_ft_key(const stor_table *t, const pl_expr *m)
{
    for (uint32_t x = 0; x < t->nidx; x++) {
        const stor_index *ix = &t->idx[x];
        if (ix->kind != IK_FULLTEXT || ix->ncols != (uint32_t)(m->nargs - 1)) continue;
        bool same = true;
        for (int i = 1; i < m->nargs && same; i++) {
            bool in = false;
            for (uint32_t k = 0; k < ix->ncols && m->args[i]->kind == E_COLUMN; k++)
                if (!strcasecmp(t->cols[ix->cols[k]].name, m->args[i]->s)) in = true;
            same = in;
        }
        if (same) return ix;
    }
    return NULL;
}

/* The FULLTEXT key of t over exactly the columns cols (in any order), or 1191. */
const ex_ftspec *ex_ft_resolve(ex_ctx *ctx, stor_table *t, int src, const uint32_t *cols, uint32_t ncols, int mode)
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
        if (!same) continue;
        ex_ftspec *sp = stor_arena_alloc(ctx->a, sizeof *sp);
        sp->t = t;
        sp->src = src;
        sp->ncols = ncols;
        sp->cols = stor_arena_alloc(ctx->a, (size_t)ncols * sizeof *sp->cols);
        memcpy(sp->cols, ix->cols, (size_t)ncols * sizeof *sp->cols);
        sp->coll = t->cols[ix->cols[0]].coll;
        sp->mode = mode;
        return sp;
    }
    ex_raise(ctx, 1191, "HY000", "Can't find FULLTEXT index matching the column list");
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
