/* fulltext_int.h - what engine/fulltext.c (tokens, postings, natural language ranks) and
 * engine/fulltext_bool.c (IN BOOLEAN MODE, WITH QUERY EXPANSION) share. */
#ifndef PRESSDB_ENGINE_FULLTEXT_INT_H
#define PRESSDB_ENGINE_FULLTEXT_INT_H

#include "engine/func_int.h"
#include <pthread.h>
#include <stdatomic.h>

#define FT_MIN_TOKEN 3    /* innodb_ft_min_token_size */
#define FT_MAX_TOKEN 84   /* innodb_ft_max_token_size */

/* One call site's ranks for this statement: row id -> rank (open addressing). */
typedef struct ex_ftstate {
    const pl_expr *e;
    char *q;            /* the query they were worked out for */
    uint32_t qn;
    uint32_t cap;       /* power of two, or 0: no row matched */
    uint32_t *keys;     /* row id + 1, 0 = empty */
    float *ranks;
    uint32_t *sorted;   /* ex_ft_rows: the ranked rows in InnoDB's order, once asked */
    const struct ft_dict *dict;   /* the postings they came from (doc order), or NULL */
    uint32_t nrows;
    struct ex_ftstate *next;
} ex_ftstate;

/* A key's words and the rows holding them (fulltext.c ft_postings). */
typedef struct ft_post { uint32_t row, tf; } ft_post;

typedef struct ft_entry {
    char *s;            /* the word as first met (NULL: a free slot) */
    uint32_t n;
    uint64_t h;
    ft_post *p;         /* row ids ascending */
    uint32_t np, cp;
} ft_entry;

typedef struct ft_dict {
    ft_entry *e;        /* open addressing on the collation hash */
    uint32_t ne, cap;
    uint32_t upto;      /* rows [0, upto) indexed */
    uint64_t rw_seen, epoch_seen;   /* the table's rewrites redone (stor_table.rewrites) */
    uint64_t colmask;   /* the key's columns as stor_rewrite.cols has them */
    /* rows whose words were rewritten in place: InnoDB gave them a new doc id, after every
       row then there and before every row appended later (ft_doc_order); row + 1 -> order */
    uint32_t *late_row;
    uint64_t *late_ord;
    uint32_t nlate, clate;
    uint64_t stop[64];  /* the stopwords' hashes, 0 = none */
} ft_dict;

/* What the engine derives from a table's rows and keeps with it (stor_table.derived):
 * each FULLTEXT key's words and the rows holding them (fulltext.c), each n-gram key's
 * trigrams (ngram.c). Brought up to date by the statement that asks: rows appended since
 * are added, rewrites followed (or the postings start over), DDL starts over. Readers of
 * one table take its mutex (the store lock is shared among them); writers hold the store
 * lock exclusively, so no row changes meanwhile. */
typedef struct ft_tcache {
    stor_derived base;
    pthread_mutex_t mu;
    uint64_t version;
    ft_dict **d;        /* per index position of the table (NULL: not asked for) */
    uint32_t nd;
    struct ng_index **ng;   /* the same for n-gram keys */
    uint32_t nng;
    _Atomic int ng_bulk;    /* warm thread steps under way (statements do not wait for them) */
} ft_tcache;

/* t's cache, attached by the first to ask; NULL when memory ran out. */
ft_tcache *ft_cache_of(stor_table *t);
/* Every n-gram index of the cache freed (ngram.c). */
void ng_free_all(ft_tcache *tc);

/* Does MATCH see row r? InnoDB adds a transaction's rows to the key when it commits, so
 * rows this transaction inserted and has not committed are not found. */
static inline bool ft_sees(const stor_table *t, uint32_t r)
{
    if (!stor_row_visible(t, r)) return false;
    if (!t->nver) return true;
    uint64_t x = t->ver[r].xmin;
    return !((x & STOR_TXN_BIT) && stor_view_cur.txn && (x & STOR_ID_MASK) == stor_view_cur.txn);
}

/* Where row comes in the order InnoDB's doc ids give (insertion order). */
uint64_t ft_doc_order(const ft_dict *d, uint32_t row);

/* The next token of s from *pos: [*b, *e), *nch characters (as many as bytes: ASCII);
 * false at the end. */
bool ft_token(const char *s, size_t n, size_t *pos, size_t *b, size_t *e, size_t *nch);
/* One of InnoDB's default stopwords (never indexed)? */
bool ft_stopword(uint16_t coll, const char *s, size_t n);
/* The entry of word s (hash h: pdb_coll_hash) in d, or NULL. */
ft_entry *ft_find(const ft_dict *d, uint16_t coll, uint64_t h, const char *s, size_t n);
/* The key's postings, up to date (valid while the statement holds the store lock and
 * writes nothing), or NULL when memory ran out. */
const ft_dict *ft_postings(ex_ctx *ctx, const ex_ftspec *sp);
/* Rows the statement sees (InnoDB's row count statistic). */
uint32_t ft_visible_rows(const stor_table *t);
/* InnoDB's idf of a word in docs of total rows. */
double ft_idf(uint64_t total, uint64_t docs);
/* st's rank of row (st->cap rows of room, the row not there yet). */
void ft_put(ex_ftstate *st, uint32_t row, float rank);

/* engine/fulltext_bool.c: st's ranks for its query IN BOOLEAN MODE (sp->mode 1), WITH
 * QUERY EXPANSION (2), or in natural language mode with "phrases" (0); 1064 for a
 * boolean query that does not parse. */
void ft_rank_boolean(ex_ctx *ctx, const ex_ftspec *sp, ex_ftstate *st);

#endif
