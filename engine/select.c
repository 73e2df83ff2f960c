/* select.c - SELECT execution: sources and joins (nested loops with hashed-index
 * lookups and pushed-down filters), grouping and aggregates, HAVING, DISTINCT,
 * ORDER BY, LIMIT, SQL_CALC_FOUND_ROWS, UNION.
 *
 * The result of a query block is materialised as rows of values (ex_rows); the
 * statement layer streams it to the client. MariaDB orders GROUP BY results by the
 * group key when there is no ORDER BY; so do we. */
#include "engine/eng.h"
#include <ctype.h>
#include <limits.h>
#include <unistd.h>
#include <setjmp.h>
#include "engine/jit_bridge.h"
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <strings.h>


/* Room for nrows rows in all (a block that knows how many it makes: one copy, not
 * log(n) doublings, each a copy into fresh pages). */
void ex_rows_reserve(stor_arena *a, ex_rows *r, uint32_t nrows)
{
    if (nrows <= r->cap) return;
    pdb_value *n = stor_arena_alloc(a, (size_t)nrows * (r->ncols ? r->ncols : 1) * sizeof *n + 1);
    if (r->nrows) memcpy(n, r->v, (size_t)r->nrows * r->ncols * sizeof *n);
    r->v = n; r->cap = nrows;
}

void ex_rows_push(stor_arena *a, ex_rows *r, const pdb_value *vals)
{
    if (r->nrows == r->cap) {
        uint32_t nc = r->cap ? r->cap * 2 : 16;
        pdb_value *n = stor_arena_alloc(a, (size_t)nc * r->ncols * sizeof *n + 1);
        if (r->nrows) memcpy(n, r->v, (size_t)r->nrows * r->ncols * sizeof *n);
        r->v = n; r->cap = nc;
    }
    pdb_value *dst = &r->v[(size_t)r->nrows * r->ncols];
    for (uint32_t i = 0; i < r->ncols; i++) dst[i] = ex_persist(a, &vals[i]);
    r->nrows++;
}

/* A filter conjunct placed at the join level where all its sources are bound. */
/* A conjunct of the most common shape, `column <op> constant`, evaluated without the
 * stack machine: the same values and the same comparison helpers as OP_COL, OP_CONST,
 * OP_CMP, so the answer cannot differ. The JIT compiles the same shape. */
enum { FK_NONE, FK_STR_EQ, FK_INT_CMP, FK_STR_IN, FK_INT_INSUB };
#define FK_IDMEMO 32
typedef struct fkern {
    uint8_t kind;
    uint8_t op;         /* BO_*, as `column op constant` (mirrored when written the other way);
                           FK_STR_IN: BO_EQ for IN, BO_NE for NOT IN */
    int nlist;          /* FK_STR_IN: the list's constants */
    const pdb_value *list;
    uint16_t coll;      /* FK_STR_EQ: the comparison's collation */
    int src;
    uint32_t col;
    pdb_value k;
    /* string kernels: the last short row value seen (where, its bytes) and its answer */
    const char *mp;     /* NULL = none yet */
    uint8_t mlen;
    bool meq;
    char mb[STOR_POOL_MAX];
    /* answers by pooled value id (storage/strpool.c), direct-mapped */
    uint16_t idkey[FK_IDMEMO];
    bool idres[FK_IDMEMO];
    /* the JIT may check it (jit_levels): `!NULL && int64 value op jk`, exactly; between:
       `... >= jk && ... <= jk2` (col BETWEEN a AND b: the interpreter runs the program) */
    bool jit, between;
    int64_t jk, jk2;
    /* FK_INT_INSUB, `integer column [NOT] IN (subquery)`: the program (run as it is until
       the subquery's integer set exists), the subquery, NOT */
    ex_prog *prog;
    ex_subq *sq;
    bool neg;
} fkern;

/* A filter conjunct placed at the join level where all its sources are bound. */
typedef struct conj {
    pl_expr *e;
    uint64_t m;         /* the sources it reads (ex_expr_srcmask) */
    ex_prog *p;
    int level;
    int cost;           /* evaluation order within a level: cheap first */
    fkern fk;
    struct cmemo *mm;   /* answers memoised by pooled value ids (cmemo_setup), or NULL */
    ex_nggate *ng;      /* a LIKE over an n-gram key (or an OR of such): rows it turns away */
    bool served;        /* `col = constant` the source's index lookup already guarantees */
    bool jit;           /* the level's compiled kernel checked it (jit_levels) */
} conj;

/* An index lookup for a source: key column values come from programs over earlier sources. */
/* How a source's candidate rows are found: an index lookup (whole key, or the first
 * column of a composite key), where each key column has one or more value programs (an
 * IN list gives several); or a hash table built on the fly over one column (hash join). */
typedef struct lookup {
    stor_index *ix;
    uint32_t nk;        /* key columns used: ix->ncols, or 1 */
    ex_prog ***keyp;    /* per key column: nkv[k] programs */
    int *nkv;
    /* hash join */
    int hcol;           /* column hashed, or -1 */
    ex_prog *hkey;      /* probe value */
    uint32_t hnb;
    uint32_t *hbuckets, *hnext;
    bool hbuilt;
    /* range scan of rix's ordered view: key columns 0..req-1 equal reqp, column req between
       lo and hi (NULL = open). Rows found are a superset: the conjuncts are checked after. */
    stor_index *rix;
    uint32_t req;
    ex_prog **reqp;
    ex_prog *lo, *hi;
    ex_prog *like;      /* column req LIKE this pattern: its prefix bounds what lo/hi leave open */
    uint8_t strict;     /* PL_LO_STRICT, PL_HI_STRICT: lo / hi itself is out (a locking read
                           reads only what is in, as InnoDB's exact range: gap locks) */
    /* a full scan read in an order other than row ids' (scan_rows, made once per
       execution): six's, a secondary key holding every column read (InnoDB reads it
       instead of the table), or the clustered index's for a table out of its order */
    const stor_index *six;
    uint32_t *clu, nclu;
    bool clu_built;
    bool rorder;        /* the range's rows in rix's order: it holds every column read */
    bool iorder;        /* the lookup's rows in ix's order (else clustered order) */
    bool anyorder;      /* the block's result is the same in any order: row id order */
    int8_t korder;      /* the key's order is the ORDER BY's (ex_order_key): its rows in
                           that order, backwards for -1 (MariaDB sorts nothing then) */
} lookup;

/* A block's result columns as the client is told them. */
typedef struct ex_bcols {
    ex_type *types;
    const char **names, **tables, **orgt, **orgn;   /* name, table alias, table, column */
    const char *db;
    bool tableless;     /* no FROM, no aggregate, no window function (MariaDB's "only test of
                           functions" path: its FOUND_ROWS in a union, union_found_direct) */
} ex_bcols;

typedef struct qstate {
    ex_ctx *ctx;
    uint8_t lockmode;   /* FOR UPDATE (2) / LOCK IN SHARE MODE (1): lock the rows read */
    bool exists_star;   /* an EXISTS's block whose list has a `*`: its columns are not read */
    uint64_t gap_x;     /* gapmode 2: the sources (FROM positions) locked exclusively, the
                           others shared (an UPDATE's or DELETE's tables only read) */
    uint8_t gapmode;    /* and, in a REPEATABLE READ transaction (also an UPDATE's or DELETE's
                           search: 2), what InnoDB's next-key locks hold (gap locks, above) */
    pl_select *sel;
    int nsrc;
    conj *conj;
    int nconj;
    int ngates;         /* conjuncts with an n-gram gate (conj.ng) */
    ex_prog **on;       /* per source: ON condition (LEFT/inner), or NULL */
    lookup *lk;         /* per source, ix NULL = scan */
    /* outer-joined groups: a LEFT JOIN source starts one, of its gsize sources (1 for a
       plain table); it NULL-extends when no row of the whole group matched */
    int *gend;          /* per source: the last source of the group it starts */
    uint64_t *gends;    /* per source: the LEFT group starts whose group ends there */
    bool *gmatched;     /* per group start: a group row was formed for the current outer row */
    struct bnl *bnl;    /* per source: MariaDB's join buffer order (bnl_setup), or NULL */
    ex_prog **gon;      /* per group start: its condition on the whole group row, or NULL */
    uint64_t *an_loops, *an_read, *an_pass;   /* ANALYZE: per source, reads and rows let through */
    uint64_t *an_ns, *an_cond_ns;   /* ANALYZE: ns inside scan_level per level (nsrc: on_row), in its conditions */
    /* grouping */
    bool grouped;
    ex_prog **gp;       /* GROUP BY programs */
    int ngroup;
    ex_type *gtypes;
    ex_agg **aggs;
    int naggs;
    struct grp **groups;
    uint32_t ngroups, gcap;
    struct grp **ght;   /* hash table */
    uint32_t ghcap;
    struct grp **gmemo; /* groups by their key's bytes (group_memo), or NULL */
    uint32_t gm_hits, gm_tries;
    bool gm_off;        /* the memo did not pay: few keys repeat byte for byte */
    /* output */
    ex_prog **items;
    int nitems;
    ex_type *itypes;
    ex_prog *having;
    int rlevel;         /* WITH ROLLUP: -1 for ordinary rows, else the group columns kept */
    ex_prog ***ritems;  /* per rollup level: items with the dropped group columns as NULL */
    ex_prog **rhaving;
    ex_prog **order;
    bool *desc;
    int norder;
    int *order_pos;     /* ORDER BY n: item index, or -1 */
    ex_type *otypes;    /* ORDER BY's types */
    bool *oprimary;     /* ORDER BY strings compared on their primary level (order_levels_setup) */
    /* ORDER BY sorted as MariaDB's filesort leaves ties (fsort_setup; NULL: a stable
       sort): the source row behind each output row, in the order they were made */
    ex_fsort *fs;
    uint32_t *orow, norow, corow;
    const stor_index *fs_ix;   /* the lookup key MariaDB reads in order (NULL: the scan's order is its) */
    ex_rows out;        /* items + order keys */
    ex_spill *spill;    /* ORDER BY past the in-memory limit: rows go here, not to out (spill_setup) */
    /* GROUP BY past the in-memory limit (spill_setup): once the arena grew by glimit
       since the scan began, no group is added; a row of a group not in the hash goes to
       gspill (its key and row ids), to be sorted and grouped at the end (groups_merge) */
    size_t glimit, gheld0;
    ex_spill *gspill;
    /* SELECT DISTINCT without window functions: a row equal to one already in out is
       dropped as it is made (the first one stays, as the pass after the scan keeps it) */
    bool dstream;
    uint32_t dhcap;
    int32_t *dht, *dnext;
    uint32_t dlast;     /* 1 + the out row the last made row equalled or became (0: none):
                           equal rows often come in runs, checked before hashing */
    /* window functions: output rows wait (their sources' row ids, aggregate results
       and window keys) until every row is known */
    ex_win **wins;
    int nwins, nwkeys;
    int *wkoff;         /* per window: offset of its keys in a pending row's keys */
    uint32_t npend, cpend;
    uint32_t *prows;    /* npend * nsrc */
    pdb_value *paggv;   /* npend * naggs */
    pdb_value *pkeys;   /* npend * nwkeys */
    uint32_t *rowbuf;   /* candidate rows from a lookup */
    jb_scan **jit;      /* per source: its scan's compiled filter (jit_levels), or NULL */
    /* LIMIT ROWS EXAMINED: MariaDB stops reading once LIMIT's rows are sent (exam_want,
       0 = not), and reads a unique key's row again only for another key (per source:
       the last key looked up) */
    int gwarn;          /* GROUP BY expressions that may warn (1292): 1, none: -1, 0 unknown */
    bool *gquiet;       /* then per item (per rollup level: items of each), ORDER BY key:
                           one of them, read from the group as MariaDB reads it (no warning) */
    uint32_t *dfirst;   /* DISTINCT over groups: per output row (distinct_group_note) */
    uint32_t ndfirst, cdfirst;
    uint64_t hr[8];     /* Handler_read_* and Rows_read of this run (hr_count, hr_flush) */
    uint64_t exam_want;
    bool exam_full;
    /* LIMIT without ORDER BY, grouping, window functions or SQL_CALC_FOUND_ROWS: the scan
       stops once offset + limit rows are made (limit_want, 0 = never; limit_full) */
    uint64_t limit_want;
    bool limit_full;
    pdb_value *exam_key;    /* nsrc * 16 */
    bool *exam_kset;
    /* the block's plan (planner/optimize.c): made now (plan_fresh) or kept; plan_post: its
       placement and access paths hold for this execution; verify: --plan-cache=3 */
    pl_plan *plan;
    pl_opt opt;
    bool plan_fresh, plan_post, verify;
    struct jb_agg *kagg;    /* the groups the compiled sink made (kagg_run), or NULL */
    uint8_t kscale[8];      /* then per aggregate: the DECIMAL scale of its value */
    bool kstr;              /* then: grouped by string keys (their order is by collation) */
    struct jb_join *jj;     /* levels 0 and 1 as one compiled lookup join (jit_join), or NULL */
    bool jj_warns;          /* one of its conjuncts may warn (memo_code): only for a sink
                               that cannot (jit_join_keep) */
    bool jj_err;            /* such a conjunct raised inside compiled code (ctx->err holds it) */
    ex_prog *ftp;           /* a bare MATCH conjunct whose FULLTEXT key gives level 0's rows
                               (ft_access), and the call */
    const pl_expr *ftm;
    bool ft_sorted;         /* ORDER BY that MATCH DESC: the FULLTEXT key's rows come in
                               that order already, equal ranks in the order they were
                               indexed, as MariaDB gives them (not as its filesort orders
                               ties of other keys) */
    bool gsort;             /* grouped as MariaDB groups by filesort: level 0's rows sorted by
                               the GROUP BY keys first (ex_group_by_sort, gsort_level0) */
    uint64_t jit_run;       /* this run's jb_run_id: every per-execution kernel of the block
                               is recorded under it (one run id per block run, or the next
                               kernel would free the ones before it) */
} qstate;

typedef struct aggst {
    int64_t cnt;
    __int128 isum;
    ex_dec *wsum;        /* the exact sum once it needs more than 18 digits (else NULL) */
    double dsum, dsq;
    int scale;
    bool is_dbl, is_dec, any;
    pdb_value best;
    uint64_t bits;
    ex_rows gc;          /* GROUP_CONCAT values (+ order keys) */
    pdb_value *dset;     /* DISTINCT: seen values */
    uint32_t ndset, cdset;
    uint32_t *dhash;     /* DISTINCT: open addressing over dset (index + 1), dhcap slots */
    uint32_t dhcap;
    /* DISTINCT of one argument while every value has been an integer (or date, time) of
       one type itag: the values themselves in an open-addressing set (ISET_EMPTY marks a
       free slot, the value INT64_MIN itself is imin), exact as ex_values_equal is for two
       values of one such type; moved into dset when another type comes */
    int64_t *ikeys;
    uint32_t nis, iscap;
    bool imin;
    uint8_t itag;
    struct dmemo *dmemo;  /* DISTINCT of one string: short values met, byte for byte (dset_memo) */
} aggst;

/* A hash of a DISTINCT aggregate's argument values that agrees with ex_values_equal:
 * numbers by their double value (1 and 1.0 are one value), strings by collation. */
static uint64_t dset_hash(const pdb_value *v, int n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int k = 0; k < n; k++) {
        uint64_t x;
        switch (v[k].t) {
        case VT_NULL: x = 0; break;
        case VT_STRING: x = pdb_coll_hash(v[k].coll, v[k].p, v[k].len); break;
        case VT_INT: case VT_UINT: case VT_DECIMAL: case VT_DOUBLE: {
            double d = ex_to_double(&v[k]);
            if (d == 0) d = 0;
            memcpy(&x, &d, sizeof x);
            break;
        }
        default: x = (uint64_t)v[k].i * 0xff51afd7ed558ccdull; break;
        }
        h = (h ^ x) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    return stor_hash_fin(h);
}

typedef struct grp {
    struct grp *hnext;
    uint64_t h;
    pdb_value *key;
    uint32_t *rows;      /* representative rows (first row of the group) */
    aggst *st;
    uint32_t seq;
    uint32_t *all;       /* WITH ROLLUP, GROUP BY expressions that may warn: every row's
                            row ids (nall rows of nsrc), for grouping_rewarn */
    uint32_t nall, call;
} grp;

/* ---------------------------------------------------------------- helpers */

/* The highest source bit of m (bit 63, "outside the block", ignored), or -1. */
static int top_bit(uint64_t m)
{
    m &= ~(1ull << 63);
    return m ? 63 - __builtin_clzll(m) : -1;
}

static bool passes(ex_ctx *ctx, ex_prog *p)
{
    pdb_value v;
    ex_eval(ctx, p, &v);
    return ex_is_true(&v);
}

/* Recognises `column op constant` (or `constant op column`) over a base table in p. */
/* k as column c's int64 slot would hold it, when `slot op *out` is exactly the
 * interpreter's `column op k` (no warning possible): an integer constant against an
 * integer column (not a BIGINT UNSIGNED one holding values past 2^63:
 * stor_col_ubig_wide), an integer or decimal one against a DECIMAL column's scaled
 * integer when it converts exactly, a temporal one (or one ex_compare reads as a
 * datetime: jb_temporal_const) against a DATE/DATETIME/TIMESTAMP. */
static bool kern_const(const stor_column *c, const pdb_value *k, int64_t *out)
{
    if (c->kind != CK_I64) return false;
    switch (c->type) {
    case CT_TINYINT: case CT_SMALLINT: case CT_MEDIUMINT: case CT_INT: case CT_BIGINT:
        if (k->t != VT_INT || stor_col_ubig_wide(c)) return false;
        *out = k->i;
        return true;
    case CT_DECIMAL: {
        if ((k->t != VT_INT && k->t != VT_DECIMAL) || k->len) return false;
        int s = c->scale > 0 ? c->scale : 0, ks = k->t == VT_DECIMAL ? k->scale : 0;
        if (s > 18 || ks > 18) return false;
        if (ks > s) {
            int64_t d = ex_pow10[ks - s];
            if (k->i % d) return false;   /* finer than the column: left to the interpreter */
            *out = k->i / d;
            return true;
        }
        return !__builtin_mul_overflow(k->i, ex_pow10[s - ks], out);
    }
    case CT_DATE: case CT_DATETIME: case CT_TIMESTAMP:
        return jb_temporal_const(k, out);
    default:
        return false;
    }
}

static void kern_setup(ex_ctx *ctx, const ex_prog *p, fkern *k)
{
    k->kind = FK_NONE;
    k->jit = false;
    k->between = false;
    memset(k->idkey, 0, sizeof k->idkey);
    k->mp = NULL;
    k->mlen = 0;
    /* column [NOT] IN (string constants, none NULL) */
    if (p->nops >= 3 && p->ops[0].code == OP_COL && p->ops[p->nops - 1].code == OP_IN &&
        p->ops[p->nops - 1].a == p->nops - 2) {
        const ex_op *co = &p->ops[0], *in = &p->ops[p->nops - 1];
        if (co->a < 0 || co->a >= ctx->nsrc || !ctx->src[co->a].t) return;
        const stor_table *t = ctx->src[co->a].t;
        if ((uint32_t)co->b >= t->ncols || t->cols[co->b].kind != CK_STR) return;
        int n = in->a;
        pdb_value *list = stor_arena_alloc(ctx->a, (size_t)n * sizeof *list);
        for (int i = 0; i < n; i++) {
            const ex_op *o = &p->ops[1 + i];
            if (o->code != OP_CONST || p->consts[o->a].t != VT_STRING) return;
            list[i] = p->consts[o->a];
        }
        k->src = co->a; k->col = (uint32_t)co->b;
        k->coll = in->c ? (uint16_t)in->c : t->cols[co->b].coll;   /* ex_equal(x, y, c) */
        k->op = (in->b & 1) ? BO_NE : BO_EQ;
        k->nlist = n; k->list = list;
        k->kind = FK_STR_IN;
        k->jit = true;   /* answered by chunk (kern_answers) */
        return;
    }
    /* integer column [NOT] IN (uncorrelated subquery): the set probed with the stored value */
    if (p->nops == 2 && p->ops[0].code == OP_COL && p->ops[1].code == OP_SUBQ) {
        const ex_op *co = &p->ops[0];
        ex_subq *sq = p->subs[p->ops[1].a];
        if (sq->kind != E_INSUB || sq->width > 1 || co->a < 0 || co->a >= ctx->nsrc || !ctx->src[co->a].t) return;
        const stor_column *c = &ctx->src[co->a].t->cols[co->b];
        if (c->kind != CK_I64 || c->type == CT_DECIMAL || c->type == CT_DATE || c->type == CT_DATETIME ||
            c->type == CT_TIMESTAMP || c->type == CT_TIME || stor_col_ubig_wide(c))
            return;   /* (stor_get gives VT_INT, or VT_UINT within int64: in_int_set's integers) */
        k->src = co->a; k->col = (uint32_t)co->b;
        k->op = 0;    /* (no equality a lookup could serve) */
        k->prog = (ex_prog *)p; k->sq = sq; k->neg = p->ops[1].b != 0;
        k->kind = FK_INT_INSUB;
        return;
    }
    /* column BETWEEN constant AND constant (numbers, or values of the column's kind): two
       compares for the JIT; the interpreter runs the program */
    if (p->nops == 4 && p->ops[0].code == OP_COL && p->ops[1].code == OP_CONST && p->ops[2].code == OP_CONST &&
        p->ops[3].code == OP_BETWEEN && p->ops[3].a == 0 && p->ops[3].b == 0) {
        const ex_op *co = &p->ops[0];
        if (co->a < 0 || co->a >= ctx->nsrc || !ctx->src[co->a].t) return;
        const stor_table *t = ctx->src[co->a].t;
        if ((uint32_t)co->b >= t->ncols) return;
        k->src = co->a; k->col = (uint32_t)co->b;
        k->jit = k->between = kern_const(&t->cols[co->b], &p->consts[p->ops[1].a], &k->jk) &&
                              kern_const(&t->cols[co->b], &p->consts[p->ops[2].a], &k->jk2);
        k->op = BO_GE;
        return;
    }
    if (p->nops != 3 || p->ops[2].code != OP_CMP || p->ops[2].a == BO_NSEQ) return;
    int ci = p->ops[0].code == OP_COL ? 0 : p->ops[1].code == OP_COL ? 1 : -1;
    if (ci < 0 || p->ops[1 - ci].code != OP_CONST) return;
    const ex_op *co = &p->ops[ci];
    if (co->a < 0 || co->a >= ctx->nsrc || !ctx->src[co->a].t) return;
    const stor_table *t = ctx->src[co->a].t;
    if ((uint32_t)co->b >= t->ncols) return;
    const stor_column *c = &t->cols[co->b];
    if (c->type == CT_BIT) return;   /* (its bytes compare as a number) */
    const pdb_value *kv = &p->consts[p->ops[1 - ci].a];
    int op = p->ops[2].a;
    if (ci == 1) {   /* constant op column: mirror */
        static const uint8_t mirror[] = { [BO_EQ] = BO_EQ, [BO_NE] = BO_NE, [BO_LT] = BO_GT,
                                          [BO_LE] = BO_GE, [BO_GT] = BO_LT, [BO_GE] = BO_LE };
        op = mirror[op];
    }
    k->src = co->a; k->col = (uint32_t)co->b; k->op = (uint8_t)op; k->k = *kv;
    if (c->kind == CK_STR && kv->t == VT_STRING && (op == BO_EQ || op == BO_NE)) {
        /* ex_equal: the operator's collation, else the left operand's */
        k->coll = p->ops[2].c ? (uint16_t)p->ops[2].c : ci == 0 ? c->coll : kv->coll;
        k->kind = FK_STR_EQ;
        k->jit = true;   /* answered by chunk (kern_answers) */
    } else if (c->kind == CK_I64 && kv->t == VT_INT && c->type != CT_DECIMAL && c->type != CT_DATE &&
               c->type != CT_DATETIME && c->type != CT_TIMESTAMP && c->type != CT_TIME &&
               !stor_col_ubig_wide(c)) {
        k->kind = FK_INT_CMP;   /* stor_get gives VT_INT: ex_compare's integer case */
        k->jit = true;
        k->jk = kv->i;
    } else if (c->kind == CK_I64 && (c->type == CT_DATE || c->type == CT_DATETIME || c->type == CT_TIMESTAMP) &&
               (ci == 0 || kv->t != VT_STRING)) {
        /* VT_DATE/VT_DATETIME against a constant ex_compare reads as a datetime: packed
           values compared (a string constant on the left is converted once even for a NULL
           row: left to the interpreter) */
        k->jit = jb_temporal_const(kv, &k->jk);
    } else if (c->kind == CK_I64 && c->type == CT_DECIMAL) {
        k->jit = kern_const(c, kv, &k->jk);   /* the scaled integers compared */
    }
}

/* Equal to the constant, or to one of the list's. */
static bool kern_str_eq(const fkern *k, const pdb_value *v)
{
    if (k->kind == FK_STR_EQ) return pdb_coll_eq(k->coll, v->p, v->len, k->k.p, k->k.len);
    for (int i = 0; i < k->nlist; i++)
        if (pdb_coll_eq(k->coll, v->p, v->len, k->list[i].p, k->list[i].len)) return true;
    return false;
}

/* TRUE for row r of t that passes the kernel's conjunct (FALSE and NULL do not). No side
 * effect but the kernel's memos: the JIT's chunks ask it for rows the interpreter would
 * not have reached (kern_answers). */
static inline bool kern_row(fkern *k, const stor_table *t, uint32_t r)
{
    const stor_column *c = &t->cols[k->col];
    if (stor_is_null(c, r)) return false;
    if (k->kind == FK_INT_CMP) {
        int64_t x = c->i64[r], y = k->k.i;
        switch (k->op) {
        case BO_EQ: return x == y;
        case BO_NE: return x != y;
        case BO_LT: return x < y;
        case BO_LE: return x <= y;
        case BO_GT: return x > y;
        default:    return x >= y;
        }
    }
    /* a pooled value: its id's answer, once known (ids name bytes, never reused) */
    uint16_t id = c->code ? c->code[r] : 0;
    if (id) {
        uint32_t slot = id & (FK_IDMEMO - 1);
        if (k->idkey[slot] == id) return k->idres[slot];
    }
    pdb_value v;
    stor_get(t, k->col, r, &v);
    bool eq;
    if (v.len <= sizeof k->mb) {
        /* the same bytes as the last value: the same answer. Short values are pooled
           (storage/strpool.c), so the same value is mostly the same pointer, and its
           bytes are in cache for the check. */
        uint32_t i = 0;
        if (v.p == k->mp && v.len == k->mlen) while (i < v.len && v.p[i] == k->mb[i]) i++;
        if (v.p == k->mp && v.len == k->mlen && i == v.len) eq = k->meq;
        else {
            eq = kern_str_eq(k, &v);
            k->mp = v.p; k->mlen = (uint8_t)v.len; memcpy(k->mb, v.p, v.len); k->meq = eq;
        }
    } else eq = kern_str_eq(k, &v);
    bool res = k->op == BO_EQ ? eq : !eq;
    if (id) { k->idkey[id & (FK_IDMEMO - 1)] = id; k->idres[id & (FK_IDMEMO - 1)] = res; }
    return res;
}

/* FK_INT_INSUB: run_subq's answer for the stored integer (a NULL one is not TRUE: the
 * set has rows), once the subquery ran and its set exists; until then the program. */
static bool kern_insub(ex_ctx *ctx, fkern *k, uint32_t r)
{
    const ex_subq *sq = k->sq;
    if (r == EX_NULLROW || !sq->done || sq->correlated || sq->iset_state != 1) return passes(ctx, k->prog);
    const stor_column *c = &ctx->src[k->src].t->cols[k->col];
    if (stor_is_null(c, r)) return false;
    int res = ex_insub_int(sq, c->i64[r]);
    return k->neg ? res == 0 : res == 1;
}

static inline bool kern_passes(ex_ctx *ctx, fkern *k)
{
    uint32_t r = ctx->rows[k->src];
    if (k->kind == FK_INT_INSUB) return kern_insub(ctx, k, r);   /* (NOT IN of no rows is TRUE for NULL) */
    if (r == EX_NULLROW) return false;
    return kern_row(k, ctx->src[k->src].t, r);
}

/* A string kernel's answers for the JIT, a chunk at a time (jit_bridge.h jb_answer). */
typedef struct kern_ans { jb_answer a; fkern *k; const stor_table *t; } kern_ans;
static void kern_answers(jb_answer *a, uint32_t b, uint32_t e, int64_t *out)
{
    kern_ans *ka = (kern_ans *)a;
    const uint8_t *dead = ka->t->dead;
    for (uint32_t r = b; r < e; r++)   /* (a dead row's value may be gone) */
        out[r - b] = dead[r >> 3] >> (r & 7) & 1 ? 0 : kern_row(ka->k, ka->t, r);
}

/* A conjunct over one or two pooled string columns of one source, string constants and
 * comparisons, AND, OR and NOT only (WordPress's `(post_type = 'post' AND post_status =
 * 'publish') OR ...`): its answer depends on the two values alone, and equal pooled ids
 * are equal bytes (storage/strpool.c), so it is memoised by the ids (direct-mapped); a
 * NULL or unpooled value, or a miss, evaluates the program. CASTs, BETWEEN and numeric
 * constants are let in too (the SEO plugins' `CAST(meta_value AS SIGNED) BETWEEN '1' AND
 * '40'`): they can warn, so an answer whose evaluation warned is not kept, and every row
 * with that value warns again as MariaDB's does. */
#define CMEMO_BITS 8
#define CMEMO (1 << CMEMO_BITS)
typedef struct cmemo {
    int src;
    int ncol;
    uint32_t col[2];
    bool may_warn;         /* keep only answers whose evaluation did not warn */
    uint32_t key[CMEMO];   /* id1 | id2 << 16, 0 = empty */
    bool res[CMEMO];
} cmemo;

static cmemo *cmemo_setup(ex_ctx *ctx, const ex_prog *p)
{
    if (p->nsubs || p->nops < 3) return NULL;
    int src = -1, ncol = 0;
    uint32_t col[2] = { 0, 0 };
    for (int i = 0; i < p->nops; i++) {
        const ex_op *o = &p->ops[i];
        switch (o->code) {
        case OP_COL: {
            if (o->a < 0 || o->a >= ctx->nsrc || !ctx->src[o->a].t || (src >= 0 && o->a != src)) return NULL;
            const stor_table *t = ctx->src[o->a].t;
            if ((uint32_t)o->b >= t->ncols || t->cols[o->b].kind != CK_STR || !t->cols[o->b].code) return NULL;
            src = o->a;
            int k = 0;
            while (k < ncol && col[k] != (uint32_t)o->b) k++;
            if (k == ncol) { if (ncol == 2) return NULL; col[ncol++] = (uint32_t)o->b; }
            break;
        }
        case OP_CONST: {
            pdb_vt vt = p->consts[o->a].t;
            if (vt != VT_STRING && vt != VT_INT && vt != VT_DOUBLE && vt != VT_DECIMAL) return NULL;
            break;
        }
        case OP_CMP: break;
        case OP_AND_JMP: case OP_OR_JMP: case OP_AND_FIN: case OP_OR_FIN: case OP_NOT: break;
        case OP_CAST: case OP_BETWEEN: break;   /* (their warnings: may_warn) */
        default: return NULL;
        }
    }
    if (src < 0) return NULL;
    cmemo *m = stor_arena_alloc(ctx->a, sizeof *m);
    memset(m, 0, sizeof *m);
    m->src = src;
    m->ncol = ncol;
    m->col[0] = col[0];
    m->col[1] = col[1];
    /* a string read as a number, a number compared with a string: warnings possible */
    m->may_warn = p->ncasts > 0;
    for (int i = 0; i < p->nops; i++) {
        const ex_op *o = &p->ops[i];
        if (o->code == OP_BETWEEN || (o->code == OP_CMP && o->b) ||
            (o->code == OP_CONST && p->consts[o->a].t != VT_STRING))
            m->may_warn = true;
    }
    return m;
}

static bool cmemo_passes(ex_ctx *ctx, cmemo *m, ex_prog *p)
{
    uint32_t r = ctx->rows[m->src];
    if (r == EX_NULLROW) return passes(ctx, p);
    const stor_table *t = ctx->src[m->src].t;
    uint32_t id1 = t->cols[m->col[0]].code[r], id2 = m->ncol > 1 ? t->cols[m->col[1]].code[r] : 1;
    if (!id1 || !id2) return passes(ctx, p);
    uint32_t key = id1 | id2 << 16, slot = (key * 0x9E3779B1u) >> (32 - CMEMO_BITS);
    if (m->key[slot] == key) return m->res[slot];
    uint32_t wc = ctx->s->warn_count;
    bool res = passes(ctx, p);
    if (m->may_warn && ctx->s->warn_count != wc) return res;
    m->key[slot] = key;
    m->res[slot] = res;
    return res;
}

static inline bool conj_passes(ex_ctx *ctx, conj *cj)
{
    if (cj->fk.kind != FK_NONE) return kern_passes(ctx, &cj->fk);
    if (cj->mm) return cmemo_passes(ctx, cj->mm, cj->p);
    return passes(ctx, cj->p);
}

/* ---------------------------------------------------------------- aggregates */

/* A direct-mapped memo of short strings already in a DISTINCT set, byte for byte: equal
 * bytes are equal in every collation, so a repeated value (WordPress's meta keys, post
 * types) is known without the collation's hash and compare. */
#define DMEMO 16
#define DMEMO_LEN 24
typedef struct dmemo { uint16_t coll; uint8_t len1; char b[DMEMO_LEN]; } dmemo;   /* len1: len + 1, 0 empty */

static dmemo *dset_memo(ex_ctx *ctx, aggst *st, const pdb_value *v)
{
    if (v->t != VT_STRING || v->len > DMEMO_LEN) return NULL;
    if (!st->dmemo) {
        st->dmemo = stor_arena_alloc(ctx->a, DMEMO * sizeof *st->dmemo);
        memset(st->dmemo, 0, DMEMO * sizeof *st->dmemo);
    }
    uint32_t h = v->len;
    for (uint32_t i = 0; i < v->len; i++) h = (h ^ (uint8_t)v->p[i]) * 0x01000193u;
    return &st->dmemo[(h ^ h >> 16) & (DMEMO - 1)];
}

/* Is vals (the aggregate's arguments) new to the DISTINCT set dset? Adds it. */
static bool dset_insert_hashed(ex_ctx *ctx, ex_agg *ag, aggst *st, const pdb_value *vals);

static bool dset_insert(ex_ctx *ctx, ex_agg *ag, aggst *st, const pdb_value *vals)
{
    dmemo *m = ag->nargs == 1 ? dset_memo(ctx, st, vals) : NULL;
    if (m && m->len1 == vals->len + 1 && m->coll == vals->coll && !memcmp(m->b, vals->p, vals->len)) return false;
    bool fresh = dset_insert_hashed(ctx, ag, st, vals);
    if (m) {   /* (in the set now either way) */
        m->coll = vals->coll;
        m->len1 = (uint8_t)(vals->len + 1);
        if (vals->len) memcpy(m->b, vals->p, vals->len);
    }
    return fresh;
}

static bool dset_insert_hashed(ex_ctx *ctx, ex_agg *ag, aggst *st, const pdb_value *vals)
{
    uint32_t na = (uint32_t)ag->nargs;
    if (st->ndset * 2 >= st->dhcap) {   /* grow the hash (and rehash what is there) */
        uint32_t nc = st->dhcap ? st->dhcap * 2 : 16;
        uint32_t *nh = stor_arena_alloc(ctx->a, nc * sizeof *nh);
        memset(nh, 0, nc * sizeof *nh);
        for (uint32_t i = 0; i < st->ndset; i++) {
            ex_slice_tick(ctx);
            uint32_t b = (uint32_t)dset_hash(&st->dset[i * na], ag->nargs) & (nc - 1);
            while (nh[b]) b = (b + 1) & (nc - 1);
            nh[b] = i + 1;
        }
        st->dhash = nh; st->dhcap = nc;
    }
    uint32_t b = (uint32_t)dset_hash(vals, ag->nargs) & (st->dhcap - 1);
    for (; st->dhash[b]; b = (b + 1) & (st->dhcap - 1)) {
        uint32_t i = st->dhash[b] - 1;
        bool same = true;
        for (int k = 0; k < ag->nargs; k++)
            if (!ex_values_equal(&st->dset[i * na + (uint32_t)k], &vals[k], 0)) { same = false; break; }
        if (same) return false;
    }
    st->dhash[b] = st->ndset + 1;
    if (st->ndset == st->cdset) {
        uint32_t nc = st->cdset ? st->cdset * 2 : 8;
        pdb_value *n = stor_arena_alloc(ctx->a, (size_t)nc * (size_t)ag->nargs * sizeof *n);
        if (st->ndset) memcpy(n, st->dset, (size_t)st->ndset * (size_t)ag->nargs * sizeof *n);
        st->dset = n; st->cdset = nc;
    }
    for (int k = 0; k < ag->nargs; k++) st->dset[st->ndset * na + (uint32_t)k] = ex_persist(ctx->a, &vals[k]);
    st->ndset++;
    return true;
}

static bool iset_type(uint8_t t)
{
    return t == VT_INT || t == VT_UINT || t == VT_DATE || t == VT_DATETIME || t == VT_TIME;
}

static uint32_t iset_slot(const aggst *st, int64_t x)
{
    return (uint32_t)(((uint64_t)x * 0x9E3779B97F4A7C15ull) >> 32) & (st->iscap - 1);
}

/* Is integer x new to the set? Adds it (growing at half full). One array of keys: a
 * probe is one cache miss in a set larger than the cache (a separate used-byte array
 * was two). */
#define ISET_EMPTY INT64_MIN
static void iset_grow(ex_ctx *ctx, aggst *st)
{
    uint32_t nc = st->iscap ? st->iscap * 2 : 64;
    int64_t *ok = st->ikeys;
    uint32_t oc = st->iscap;
    st->ikeys = stor_arena_alloc(ctx->a, (size_t)nc * sizeof *st->ikeys);
    for (uint32_t i = 0; i < nc; i++) st->ikeys[i] = ISET_EMPTY;
    st->iscap = nc;
    for (uint32_t i = 0; i < oc; i++) {
        if (ok[i] == ISET_EMPTY) continue;
        if ((i & 4095) == 4095) ex_slice_tick(ctx);
        uint32_t b = iset_slot(st, ok[i]);
        while (st->ikeys[b] != ISET_EMPTY) b = (b + 1) & (nc - 1);
        st->ikeys[b] = ok[i];
    }
}

static bool iset_insert(ex_ctx *ctx, aggst *st, int64_t x)
{
    if (!st->iscap || st->nis * 2 >= st->iscap) iset_grow(ctx, st);
    if (x == ISET_EMPTY) {
        if (st->imin) return false;
        st->imin = true; st->nis++;
        return true;
    }
    uint32_t b = iset_slot(st, x);
    for (int64_t k; (k = st->ikeys[b]) != ISET_EMPTY; b = (b + 1) & (st->iscap - 1)) if (k == x) return false;
    st->ikeys[b] = x;
    st->nis++;
    return true;
}

/* A value of another type: the integers go into dset, the general set, from now on. */
static void iset_spill(ex_ctx *ctx, ex_agg *ag, aggst *st)
{
    for (uint32_t i = 0; i < st->iscap + (st->imin ? 1 : 0); i++) {
        int64_t k = i < st->iscap ? st->ikeys[i] : ISET_EMPTY;
        if (i < st->iscap && k == ISET_EMPTY) continue;
        ex_slice_tick(ctx);
        pdb_value v = ex_int(k);
        v.t = st->itag;
        dset_insert(ctx, ag, st, &v);
    }
    st->iscap = st->nis = 0;
    st->imin = false;
    st->ikeys = NULL;
}

/* Is the DISTINCT aggregate's argument list vals new? */
static bool distinct_arg_new(ex_ctx *ctx, ex_agg *ag, aggst *st, const pdb_value *vals)
{
    if (ag->nargs == 1 && iset_type(vals[0].t) && !st->ndset && (!st->iscap || st->itag == vals[0].t)) {
        st->itag = vals[0].t;
        return iset_insert(ctx, st, vals[0].i);
    }
    if (st->iscap) iset_spill(ctx, ag, st);
    return dset_insert(ctx, ag, st, vals);
}

static void agg_add(qstate *q, ex_agg *ag, aggst *st)
{
    ex_ctx *ctx = q->ctx;
    if (ag->kind == AG_COUNT_STAR) { st->cnt++; return; }
    pdb_value vals[8];
    for (int i = 0; i < ag->nargs && i < 8; i++) {
        ex_eval(ctx, &ag->args[i], &vals[i]);
        if (vals[i].t == VT_NULL && ag->kind != AG_GROUP_CONCAT && ag->kind != AG_JSON_ARRAYAGG &&
            !(ag->kind == AG_JSON_OBJECTAGG && i == 1)) return;
    }
    if (ag->kind == AG_GROUP_CONCAT) {
        bool allnull = true;
        for (int i = 0; i < ag->nargs; i++) if (vals[i].t != VT_NULL) allnull = false;
        for (int i = 0; i < ag->nargs; i++) if (vals[i].t == VT_NULL) return;   /* any NULL skips the row */
        if (allnull) return;
    }
    if (ag->distinct && vals[0].t == VT_STRING && ag->kind != AG_COUNT && ag->kind != AG_MIN && ag->kind != AG_MAX &&
        ag->kind != AG_GROUP_CONCAT && ag->kind != AG_JSON_ARRAYAGG && ag->kind != AG_JSON_OBJECTAGG) {
        /* SUM/AVG(DISTINCT s): distinct as numbers ('abc' and '0' are one 0), read quietly */
        ex_ctx *saved_conv = ex_conv_ctx;
        ex_conv_ctx = NULL;
        vals[0] = ex_dbl(ex_to_double(&vals[0]));
        ex_conv_ctx = saved_conv;
    }
    /* (vals[0] read in place: a 16-byte copy of what ex_eval just stored in two parts
       waits for the stores, a stall that was half of this function) */
    if (ag->distinct && !distinct_arg_new(ctx, ag, st, vals)) return;
    st->cnt++;
    switch (ag->kind) {
    case AG_COUNT: break;
    case AG_SUM: case AG_AVG: case AG_STD: case AG_VAR: case AG_STD_SAMP: case AG_VAR_SAMP:
        if (ag->kind == AG_SUM || ag->kind == AG_AVG) {
            if ((vals[0].t == VT_DATETIME || vals[0].t == VT_DATE || vals[0].t == VT_TIME) && ag->type.vt == VT_DECIMAL)
                vals[0] = ex_temporal_num(ctx->a, &vals[0]);   /* a date or time adds up as its number */
            if (ex_is_hexnum(&vals[0]) && ag->type.vt == VT_DECIMAL) {   /* a BIT: its unsigned integer */
                uint64_t u = ex_hexnum_u64(&vals[0]);
                vals[0] = ex_int(0); vals[0].t = VT_UINT; vals[0].u = u;
            }
            if (!st->is_dbl && (vals[0].t == VT_INT || vals[0].t == VT_UINT || vals[0].t == VT_DECIMAL)) {
                if (st->wsum || vals[0].len || st->isum >= (__int128)ex_pow10[18] || st->isum <= -(__int128)ex_pow10[18]) {
                    st->wsum = ex_dec_sum_step(ctx->a, st->wsum, st->isum, st->scale, &vals[0]);
                    st->is_dec = true;
                    break;
                }
                int sc = vals[0].t == VT_DECIMAL ? vals[0].scale : 0;
                __int128 x = vals[0].t == VT_UINT ? (__int128)vals[0].u : vals[0].i;
                if (sc > st->scale) { st->isum *= ex_pow10[sc - st->scale]; st->scale = sc; }
                else if (sc < st->scale) x *= ex_pow10[st->scale - sc];
                st->isum += x;
                st->is_dec = true;
                break;
            }
            if (!st->is_dbl && st->is_dec) st->dsum = st->wsum ? ex_dec_to_double(st->wsum) : ex_scaled_to_double(st->isum, st->scale);
            st->is_dbl = true;
        }
        {
            /* a string read as a number warns 1292 as MariaDB's (not for window frames,
               which read their rows again, nor DISTINCT, which MariaDB reads quietly) */
            ex_ctx *saved_conv = ex_conv_ctx;
            if (vals[0].t == VT_STRING && !ctx->quiet && !ag->distinct && !(ag->e && ag->e->win)) ex_conv_ctx = ctx;
            double d = ex_to_double(&vals[0]);
            ex_conv_ctx = saved_conv;
            if (ag->kind == AG_SUM || ag->kind == AG_AVG) { st->dsum += d; break; }
            /* STD/VARIANCE: the running mean (dsum) and sum of squared deviations (dsq)
               updated per value, as MariaDB computes them */
            double m0 = st->cnt == 1 ? d : st->dsum;
            st->dsum = m0 + (d - m0) / (double)st->cnt;
            st->dsq += (d - m0) * (d - st->dsum);
        }
        break;
    case AG_MIN: case AG_MAX:
        if (!st->any) { st->best = ex_persist(ctx->a, &vals[0]); st->any = true; }
        else {
            int c = ex_compare(&vals[0], &st->best, 0);
            if ((ag->kind == AG_MIN && c < 0) || (ag->kind == AG_MAX && c > 0)) st->best = ex_persist(ctx->a, &vals[0]);
        }
        break;
    /* (a string's leading integer, not rounded: BIT_OR('1.6') is 1, as Field::val_int) */
    case AG_BIT_AND: st->bits = st->any ? st->bits & (uint64_t)ex_arg_int(&vals[0]) : (uint64_t)ex_arg_int(&vals[0]); st->any = true; break;
    case AG_BIT_OR: st->bits |= (uint64_t)ex_arg_int(&vals[0]); break;
    case AG_BIT_XOR: st->bits ^= (uint64_t)ex_arg_int(&vals[0]); break;
    case AG_JSON_ARRAYAGG: case AG_JSON_OBJECTAGG: {
        /* the element's JSON text; the array or object is made at the end */
        size_t n;
        const char *txt = ex_json_sql_text(ctx, &vals[ag->kind == AG_JSON_OBJECTAGG ? 1 : 0],
                                           ag->e->args[ag->kind == AG_JSON_OBJECTAGG ? 1 : 0], &n);
        if (ag->kind == AG_JSON_OBJECTAGG) {
            size_t kl, ql;
            const char *k = ex_to_str(ctx->a, &vals[0], &kl);
            const char *qk = ex_json_quote(ctx, k, kl, &ql);
            char *m = stor_arena_alloc(ctx->a, ql + 1 + n);
            memcpy(m, qk, ql); m[ql] = ':'; memcpy(m + ql + 1, txt, n);
            txt = m; n = ql + 1 + n;
        }
        pdb_value row[9];
        row[0] = ex_str(txt, n, COLL_UTF8MB4_BIN);
        for (int i = 0; i < ag->norder && i < 8; i++) ex_eval(ctx, ag->order[i], &row[1 + i]);
        if (!st->gc.ncols) st->gc.ncols = (uint32_t)(1 + (ag->norder < 8 ? ag->norder : 8));
        ex_rows_push(ctx->a, &st->gc, row);
        break;
    }
    case AG_GROUP_CONCAT: {
        size_t total = 0;
        for (int i = 0; i < ag->nargs; i++) { size_t l; ex_to_str(ctx->a, &vals[i], &l); total += l; }
        char *buf = stor_arena_alloc(ctx->a, total + 1);
        size_t k = 0;
        for (int i = 0; i < ag->nargs; i++) { size_t l; const char *s = ex_to_str(ctx->a, &vals[i], &l); memcpy(buf + k, s, l); k += l; }
        pdb_value row[9];
        row[0] = ex_str(buf, k, vals[0].t == VT_STRING ? vals[0].coll : COLL_UTF8MB4_GENERAL_CI);
        /* DISTINCT without ORDER BY: MariaDB's values come out of its tree in the order
           of the arguments' values (gc_dcmp), kept here as if they were the ORDER BY */
        int nk = ag->norder ? ag->norder : ag->distinct ? ag->nargs : 0;
        if (nk > 8) nk = 8;
        for (int i = 0; i < nk; i++) {
            if (ag->norder) ex_eval(ctx, ag->order[i], &row[1 + i]);
            else row[1 + i] = vals[i];
        }
        if (!st->gc.ncols) st->gc.ncols = (uint32_t)(1 + nk);
        ex_rows_push(ctx->a, &st->gc, row);
        break;
    }
    }
}

/* The order of ORDER BY, GROUP BY and window keys: NULL first, then by value (strings
 * under coll; 0 = the values' own). */
static int cmp_nulls_first(const pdb_value *a, const pdb_value *b, uint16_t coll)
{
    if (a->t == VT_NULL || b->t == VT_NULL) return a->t == VT_NULL ? (b->t == VT_NULL ? 0 : -1) : 1;
    return ex_compare(a, b, coll);
}

static int gc_cmp(const void *a, const void *b, void *arg)
{
    const pdb_value *x = a, *y = b;
    const ex_agg *sort_agg = arg;
    for (int i = 0; i < sort_agg->norder; i++) {
        const pdb_value *p = &x[1 + i], *r = &y[1 + i];
        int c = cmp_nulls_first(p, r, 0);
        if (c) return sort_agg->order_desc[i] ? -c : c;
    }
    return 0;
}

/* GROUP_CONCAT(DISTINCT ...) without ORDER BY: by the arguments' values, strings under
 * their collation (MariaDB's group_concat_key_cmp_with_distinct over its tree). */
static int gc_dcmp(const void *a, const void *b, void *arg)
{
    const pdb_value *x = a, *y = b;
    const ex_agg *ag = arg;
    for (int i = 0; i < ag->nargs && i < 8; i++) {
        const pdb_value *p = &x[1 + i], *r = &y[1 + i];
        int c = cmp_nulls_first(p, r, p->t == VT_STRING ? p->coll : 0);
        if (c) return c;
    }
    return 0;
}

static pdb_value agg_result(qstate *q, ex_agg *ag, aggst *st)
{
    ex_ctx *ctx = q->ctx;
    switch (ag->kind) {
    case AG_COUNT: case AG_COUNT_STAR: return ex_int(st->cnt);
    case AG_SUM: case AG_AVG: {
        if (!st->cnt) return ex_null();
        if (st->is_dbl) return ex_dbl(ag->kind == AG_SUM ? st->dsum : st->dsum / (double)st->cnt);
        int64_t n = ag->kind == AG_AVG ? st->cnt : 0;
        if (st->wsum) return ex_dec_sum_result(ctx->a, st->wsum, n, ag->type.decimals, ag->incr);
        return ex_dec_isum_result(ctx->a, st->isum, st->scale, n, ag->type.decimals, ag->incr);
    }
    case AG_STD: case AG_VAR: case AG_STD_SAMP: case AG_VAR_SAMP: {
        if (!st->cnt) return ex_null();
        bool samp = ag->kind == AG_STD_SAMP || ag->kind == AG_VAR_SAMP;
        if (samp && st->cnt < 2) return ex_null();
        double var = st->dsq / (double)(samp ? st->cnt - 1 : st->cnt);
        if (var < 0) var = 0;
        return ex_dbl(ag->kind == AG_STD || ag->kind == AG_STD_SAMP ? __builtin_sqrt(var) : var);
    }
    case AG_MIN: case AG_MAX: return st->any ? st->best : ex_null();
    case AG_BIT_AND: { pdb_value v = ex_int(0); v.t = VT_UINT; v.u = st->any ? st->bits : UINT64_MAX; return v; }
    case AG_BIT_OR: case AG_BIT_XOR: { pdb_value v = ex_int(0); v.t = VT_UINT; v.u = st->bits; return v; }
    case AG_JSON_ARRAYAGG: case AG_JSON_OBJECTAGG: {
        if (!st->gc.nrows) return ex_null();
        if (ag->norder) ex_sort(ctx, st->gc.v, st->gc.nrows, st->gc.ncols * sizeof(pdb_value), gc_cmp, ag);
        bool arr = ag->kind == AG_JSON_ARRAYAGG;
        uint32_t first = ag->gc_offset > 0 ? (uint32_t)(ag->gc_offset < st->gc.nrows ? ag->gc_offset : st->gc.nrows) : 0;
        uint32_t last = st->gc.nrows;
        if (ag->gc_limit >= 0 && (uint64_t)first + (uint64_t)ag->gc_limit < last) last = first + (uint32_t)ag->gc_limit;
        size_t total = 2;
        for (uint32_t i = first; i < last; i++) total += st->gc.v[i * st->gc.ncols].len + 2;
        char *buf = stor_arena_alloc(ctx->a, total + 1);
        size_t k = 0;
        buf[k++] = arr ? '[' : '{';
        for (uint32_t i = first; i < last; i++) {
            if (i > first) { buf[k++] = ','; if (!arr) buf[k++] = ' '; }
            const pdb_value *v = &st->gc.v[i * st->gc.ncols];
            memcpy(buf + k, v->p, v->len); k += v->len;
        }
        buf[k++] = arr ? ']' : '}';
        return ex_str(buf, k, COLL_UTF8MB4_BIN);
    }
    case AG_GROUP_CONCAT: {
        if (!st->gc.nrows) return ex_null();
        if (ag->norder) ex_sort(ctx, st->gc.v, st->gc.nrows, st->gc.ncols * sizeof(pdb_value), gc_cmp, ag);
        else if (ag->distinct) ex_sort(ctx, st->gc.v, st->gc.nrows, st->gc.ncols * sizeof(pdb_value), gc_dcmp, ag);
        size_t total = 0;
        for (uint32_t i = 0; i < st->gc.nrows; i++) total += st->gc.v[i * st->gc.ncols].len + ag->seplen;
        char *buf = stor_arena_alloc(ctx->a, total + 1);
        size_t k = 0;
        uint64_t maxlen = 1024;   /* group_concat_max_len */
        pdb_value gl;
        ex_type gt;
        if (ex_sysvar_get(ctx->s, "group_concat_max_len", false, &gl, ctx->a, &gt) == 0) maxlen = (uint64_t)ex_to_int(&gl);
        bool cut = false;
        uint32_t first = ag->gc_offset > 0 ? (uint32_t)(ag->gc_offset < st->gc.nrows ? ag->gc_offset : st->gc.nrows) : 0;
        uint32_t last = st->gc.nrows;
        if (ag->gc_limit >= 0 && (uint64_t)first + (uint64_t)ag->gc_limit < last) last = first + (uint32_t)ag->gc_limit;
        if (first >= last) return ex_str("", 0, ag->type.coll);   /* as MariaDB: empty, not NULL */
        /* MariaDB counts the values it joins, over all the groups of the statement,
           and stops at the first one past the length: that one's number is the row
           (the values LIMIT's offset skips count too) */
        ag->gc_rows += first;
        for (uint32_t i = first; i < last; i++) {
            ag->gc_rows++;
            if (i > first) { memcpy(buf + k, ag->sep, ag->seplen); k += ag->seplen; }
            const pdb_value *v = &st->gc.v[i * st->gc.ncols];
            memcpy(buf + k, v->p, v->len); k += v->len;
            if (k > maxlen) { k = (size_t)maxlen; cut = true; break; }
        }
        if (cut) ex_warn(ctx, "Warning", 1260, "Row %u was cut by GROUP_CONCAT()", ag->gc_rows);
        return ex_str(buf, k, ag->type.coll);
    }
    }
    return ex_null();
}

/* ---------------------------------------------------------------- the row pipeline */

/* The groups whose key was met byte for byte before: a direct-mapped memo in front of
 * the collation hash and compare (equal bytes are equal in every collation, so a hit is
 * the group the slow path finds). Entries are made only from keys identical to their
 * group's; a 4-byte compare of the low-cardinality keys WordPress groups by (post_type,
 * post_status) then replaces a collation hash and compare of each string. */
#define GMEMO 256
static uint64_t key_bytes_hash(const pdb_value *key, int n, bool *ok)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < n; i++) {
        const pdb_value *v = &key[i];
        uint64_t x = v->t | (uint64_t)v->scale << 8 | (uint64_t)v->len << 16;
        if (v->t == VT_STRING || (v->t == VT_DECIMAL && v->len)) {
            if (v->len > 64) { *ok = false; return 0; }
            const unsigned char *b = (const unsigned char *)v->p;
            for (uint32_t k = 0; k < v->len; k++) x = (x ^ b[k]) * 0x100000001B3ull;
        } else if (v->t != VT_NULL) x ^= v->u * 0xff51afd7ed558ccdull;
        h = (h ^ x) * 0xc4ceb9fe1a85ec53ull;
        h ^= h >> 29;
    }
    *ok = true;
    return h ^ (h >> 32);
}

static bool key_bytes_same(const pdb_value *a, const pdb_value *b, int n)
{
    for (int i = 0; i < n; i++) {
        if (a[i].t != b[i].t || a[i].scale != b[i].scale || a[i].len != b[i].len) return false;
        if (a[i].t == VT_STRING || (a[i].t == VT_DECIMAL && a[i].len)) {
            if (a[i].len && memcmp(a[i].p, b[i].p, a[i].len)) return false;
        } else if (a[i].t != VT_NULL && a[i].u != b[i].u) return false;
    }
    return true;
}

static grp *group_find_slow(qstate *q, const pdb_value *key);

static grp *group_find(qstate *q, const pdb_value *key)
{
    if (q->gm_off || !q->ngroup) return group_find_slow(q, key);
    if (!q->gmemo) {
        q->gmemo = stor_arena_alloc(q->ctx->a, GMEMO * sizeof *q->gmemo);
        memset(q->gmemo, 0, GMEMO * sizeof *q->gmemo);
    }
    bool ok;
    uint64_t mh = key_bytes_hash(key, q->ngroup, &ok);
    grp **slot = &q->gmemo[mh & (GMEMO - 1)];
    if (ok && *slot && key_bytes_same((*slot)->key, key, q->ngroup)) { q->gm_hits++; return *slot; }
    if (++q->gm_tries == 4096 && q->gm_hits < 2048) q->gm_off = true;
    grp *g = group_find_slow(q, key);
    if (ok && g && key_bytes_same(g->key, key, q->ngroup)) *slot = g;
    return g;
}

static grp *group_find_slow(qstate *q, const pdb_value *key)
{
    uint64_t h = 0x51ed;
    for (int i = 0; i < q->ngroup; i++) h = h * 31 + ex_hash_value(&key[i], key[i].t == VT_STRING ? q->gtypes[i].coll : 0);
    h = stor_hash_fin(h);
    if (q->ghcap == 0 || q->ngroups * 2 >= q->ghcap) {
        uint32_t nc = q->ghcap ? q->ghcap * 2 : 64;
        grp **nt = stor_arena_alloc(q->ctx->a, nc * sizeof *nt);
        memset(nt, 0, nc * sizeof *nt);
        for (uint32_t i = 0; i < q->ngroups; i++) {
            ex_slice_tick(q->ctx);
            grp *g = q->groups[i];
            uint32_t b = (uint32_t)(g->h & (nc - 1));
            g->hnext = nt[b]; nt[b] = g;
        }
        q->ght = nt; q->ghcap = nc;
    }
    uint32_t b = (uint32_t)(h & (q->ghcap - 1));
    for (grp *g = q->ght[b]; g; g = g->hnext) {
        if (g->h != h) continue;
        bool same = true;
        for (int i = 0; i < q->ngroup; i++)
            if (!ex_values_equal(&g->key[i], &key[i], key[i].t == VT_STRING ? q->gtypes[i].coll : 0)) { same = false; break; }
        if (same) return g;
    }
    if (q->gspill) return NULL;   /* (no new groups in memory: the caller spills the row) */
    ex_ctx *ctx = q->ctx;
    grp *g = stor_arena_alloc(ctx->a, sizeof *g);
    memset(g, 0, sizeof *g);
    g->h = h;
    g->key = stor_arena_alloc(ctx->a, (size_t)(q->ngroup ? q->ngroup : 1) * sizeof(pdb_value));
    for (int i = 0; i < q->ngroup; i++) g->key[i] = ex_persist(ctx->a, &key[i]);
    g->rows = stor_arena_alloc(ctx->a, (size_t)(q->nsrc ? q->nsrc : 1) * sizeof(uint32_t));
    memcpy(g->rows, ctx->rows, (size_t)q->nsrc * sizeof(uint32_t));
    g->st = stor_arena_alloc(ctx->a, (size_t)(q->naggs ? q->naggs : 1) * sizeof(aggst));
    memset(g->st, 0, (size_t)(q->naggs ? q->naggs : 1) * sizeof(aggst));
    g->seq = q->ngroups;
    if (q->ngroups == q->gcap) {
        uint32_t nc = q->gcap ? q->gcap * 2 : 16;
        grp **ng = stor_arena_alloc(ctx->a, nc * sizeof *ng);
        if (q->ngroups) memcpy(ng, q->groups, q->ngroups * sizeof *ng);
        q->groups = ng; q->gcap = nc;
    }
    q->groups[q->ngroups++] = g;
    g->hnext = q->ght[b]; q->ght[b] = g;
    return g;
}

static void emit_output(qstate *q);
static void fsort_setup(qstate *q);
static void order_levels_setup(qstate *q);

/* A row another transaction holds: the statement waits for it, or with SKIP LOCKED the
 * result row is left out (false). */
static bool lock_held(qstate *q)
{
    if (q->sel->skip_locked) return false;
    ex_raise_locked(q->ctx);
}

/* A locking read: the base-table rows behind this result row (false: SKIP LOCKED). */
static bool lock_sources(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    for (int l = 0; l < q->nsrc; l++) {
        ex_src *s = &ctx->src[l];
        if (!s->t || ctx->rows[l] == EX_NULLROW) continue;
        if (stor_row_lock(s->t, ctx->rows[l], q->lockmode == 2) == STOR_LOCKED) return lock_held(q);
    }
    return true;
}

static bool lock_x(const qstate *q, int level);

/* A locking read with a LIMIT (gap locks): the rows behind this result row, each with
 * the gap before it in the order its access path reads (InnoDB's next-key lock of a row
 * read; a unique key's lookup: the row alone). InnoDB also locks the rows it read and
 * skipped on the way, and reads no further than the LIMIT: neither is done here. */
static bool lock_found(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    for (int l = 0; l < q->nsrc; l++) {
        ex_src *s = &ctx->src[l];
        uint32_t r = ctx->rows[l];
        if (!s->t || r == EX_NULLROW) continue;
        if (stor_row_lock(s->t, r, lock_x(q, l)) == STOR_LOCKED) return lock_held(q);
        const lookup *lk = &q->lk[l];
        stor_index *ix = lk->ix ? lk->ix : lk->rix ? lk->rix : (stor_index *)stor_clustered(s->t);
        if (lk->ix && (lk->ix->kind == IK_PRIMARY || lk->ix->kind == IK_UNIQUE) && lk->nk == lk->ix->ncols) continue;
        stor_gap_lock_before(s->t, ix, r);
    }
    return true;
}

/* GROUP BY expressions that warn when evaluated (a string read as a number): MariaDB
 * evaluates them again when a row starts a group (it copies them), and reads them from
 * the group afterwards. With ROLLUP it sorts the rows first and then reads them in group
 * order, evaluating them for every row again to see whether the group changed (the
 * last expression first), and once more, in order, for a group's first row. */
/* A program that gives the same value, and changes nothing, when evaluated again. */
static bool prog_repeatable(const ex_prog *p)
{
    for (int i = 0; i < p->nops; i++) {
        const ex_op *o = &p->ops[i];
        if (o->code == OP_SUBQ || o->code == OP_USERVAR || o->code == OP_SYSVAR) return false;
        if (o->code == OP_FUNC && (ex_func_at(o->a)->flags & EX_FN_VOLATILE)) return false;
    }
    return true;
}

static bool grouping_warns(qstate *q)
{
    if (!q->gwarn) {
        q->gwarn = -1;
        for (int i = 0; i < q->ngroup; i++) if (q->gp[i] && q->gp[i]->may_warn) q->gwarn = 1;
        for (int i = 0; i < q->ngroup && q->gwarn > 0; i++) if (q->gp[i] && !prog_repeatable(q->gp[i])) q->gwarn = -1;
    }
    return q->gwarn > 0;
}

static bool prog_same(const ex_prog *a, const ex_prog *b);

/* A row starts a group: MariaDB copies the select list's GROUP BY expressions (in its
 * order), then the others. */
static void grouping_again(qstate *q)
{
    pdb_value v;
    int n = q->ritems ? q->ngroup - 1 : q->ngroup;
    if (n > 64) n = 64;
    bool done[64] = { false };
    for (int i = 0; i < q->nitems; i++)
        for (int j = 0; j < n; j++)
            if (!done[j] && q->gp[j] && prog_same(q->items[i], q->gp[j])) { ex_eval(q->ctx, q->gp[j], &v); done[j] = true; break; }
    for (int j = 0; j < n; j++) if (!done[j]) ex_eval(q->ctx, q->gp[j], &v);
}

/* Programs the same: the same operations on the same constants. */
static bool prog_same(const ex_prog *a, const ex_prog *b)
{
    if (a->nops != b->nops || a->nsubs || b->nsubs) return false;
    for (int i = 0; i < a->nops; i++) {
        const ex_op *x = &a->ops[i], *y = &b->ops[i];
        if (x->code != y->code || x->a != y->a || x->b != y->b || x->c != y->c) return false;
        if (x->code == OP_CONST) {
            const pdb_value *u = &a->consts[x->a], *v = &b->consts[y->a];
            if (u->t != v->t || !ex_values_equal(u, v, COLL_BINARY)) return false;
        }
        if (x->code == OP_FUNC || x->code == OP_CAST || x->code == OP_ARITH || x->code == OP_USERVAR || x->code == OP_SYSVAR) {
            if (x->code == OP_ARITH && !ex_values_equal(&a->consts[x->c], &b->consts[y->c], COLL_BINARY)) return false;
            if (x->code != OP_ARITH && x->code != OP_FUNC) return false;   /* (not compared) */
        }
    }
    return true;
}

/* Whether program p (an item or ORDER BY key of a grouped block) is one of the GROUP
 * BY expressions: evaluated without warnings (MariaDB reads the group's value). */
static bool grouping_is_key(qstate *q, const ex_prog *p)
{
    int n = q->ritems ? q->ngroup - 1 : q->ngroup;
    for (int i = 0; i < n; i++) if (q->gp[i] && prog_same(p, q->gp[i])) return true;
    return false;
}

/* ROLLUP: the second reading, in group order (grouping_warns). */
static void grouping_rewarn(qstate *q, grp **gs)
{
    ex_ctx *ctx = q->ctx;
    int n = q->ngroup - 1;
    for (uint32_t g = 0; g < q->ngroups; g++) {
        grp *gr = gs[g];
        if (gr->key[n].i != 0) continue;
        for (uint32_t r = 0; r < gr->nall; r++) {
            ex_slice_tick(ctx);
            memcpy(ctx->rows, &gr->all[(size_t)r * (size_t)q->nsrc], (size_t)q->nsrc * sizeof(uint32_t));
            pdb_value v;
            for (int i = n - 1; i >= 0; i--) ex_eval(ctx, q->gp[i], &v);   /* compared (last first) */
            if (r == 0) grouping_again(q);
        }
    }
}

static int group_row_cmp(const pdb_value *a, const pdb_value *b, void *arg);

/* A row of a group that is not in memory: its group key and the row ids behind it. */
static void group_spill_row(qstate *q, const pdb_value *key)
{
    ex_ctx *ctx = q->ctx;
    pdb_value row[q->ngroup + q->nsrc];
    for (int i = 0; i < q->ngroup; i++) row[i] = key[i];
    for (int i = 0; i < q->nsrc; i++) row[q->ngroup + i] = ex_int(ctx->rows[i]);
    ex_spill_push(ctx, q->gspill, row);
}

static void on_row(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    if (q->gapmode && q->sel->limit ? !lock_found(q) : q->lockmode && !lock_sources(q)) return;   /* (SKIP LOCKED) */
    if (!q->grouped) { emit_output(q); return; }
    pdb_value key[65];
    if (q->ritems) {
        int n = q->ngroup - 1;
        for (int i = 0; i < n; i++) ex_eval(ctx, q->gp[i], &key[i]);
        key[n] = ex_int(0);
        grp *g = group_find(q, key);
        if (q->nsrc && grouping_warns(q)) {
            if (g->nall == g->call) {
                uint32_t nc = g->call ? g->call * 2 : 4;
                uint32_t *na = stor_arena_alloc(ctx->a, (size_t)nc * (size_t)q->nsrc * sizeof *na);
                if (g->nall) memcpy(na, g->all, (size_t)g->nall * (size_t)q->nsrc * sizeof *na);
                g->all = na; g->call = nc;
            }
            memcpy(&g->all[(size_t)g->nall++ * (size_t)q->nsrc], ctx->rows, (size_t)q->nsrc * sizeof(uint32_t));
        }
        for (int i = 0; i < q->naggs; i++) agg_add(q, q->aggs[i], &g->st[i]);
        /* the super-aggregate groups this row also belongs to */
        for (int l = n - 1; l >= 0; l--) {
            key[l] = ex_null();
            key[n] = ex_int(n - l);
            g = group_find(q, key);
            for (int i = 0; i < q->naggs; i++) agg_add(q, q->aggs[i], &g->st[i]);
        }
        return;
    }
    for (int i = 0; i < q->ngroup && i < 64; i++) ex_eval(ctx, q->gp[i], &key[i]);
    uint32_t before = q->ngroups;
    grp *g = group_find(q, key);
    if (!g) { group_spill_row(q, key); return; }
    if (q->ngroups != before && q->glimit && ctx->a->held - q->gheld0 > q->glimit) {   /* the groups are full */
        q->gspill = ex_spill_new(ctx, (uint32_t)(q->ngroup + q->nsrc), q->glimit, 0, group_row_cmp, q);
        ex_spill_note_disk_table();
    }
    if (q->ngroups != before && grouping_warns(q)) grouping_again(q);
    for (int i = 0; i < q->naggs; i++) agg_add(q, q->aggs[i], &g->st[i]);
}

typedef struct lkctx { uint32_t *buf; uint32_t n, cap; stor_arena *a; } lkctx;
static void lk_collect(void *c, uint32_t row)
{
    lkctx *l = c;
    if (l->n == l->cap) {
        uint32_t nc = l->cap ? l->cap * 2 : 16;
        uint32_t *nb = stor_arena_alloc(l->a, nc * sizeof *nb);
        if (l->n) memcpy(nb, l->buf, l->n * sizeof *nb);
        l->buf = nb; l->cap = nc;
    }
    l->buf[l->n++] = row;
}

static void sort_u32(ex_ctx *ctx, uint32_t *c, uint32_t n);

/* Row ids ascending. An index chain usually yields them in order or in reverse order
 * already: a pass to check saves the sort. */
static void reverse_rows(uint32_t *c, uint32_t n)
{
    for (uint32_t i = 0, j = n ? n - 1 : 0; i < j; i++, j--) { uint32_t x = c[i]; c[i] = c[j]; c[j] = x; }
}

static int clucmp(const void *a, const void *b, void *arg)
{
    return stor_clustered_cmp(arg, *(const uint32_t *)a, *(const uint32_t *)b);
}

typedef struct ixcmp_ctx { const stor_table *t; const stor_index *x; } ixcmp_ctx;
static int ixcmp(const void *a, const void *b, void *arg)
{
    const ixcmp_ctx *c = arg;
    return stor_index_cmp(c->t, c->x, *(const uint32_t *)a, *(const uint32_t *)b);
}

/* An index lookup's rows in the order MariaDB reads the key (ref, or the ranges of an
 * IN list): key values in order, each value's rows by the key's remaining columns, then
 * the primary key. */
static void sort_by_index(ex_ctx *ctx, const stor_table *t, const stor_index *x, uint32_t *c, uint32_t n)
{
    bool asc = true;
    for (uint32_t i = 1; i < n && asc; i++) asc = stor_index_cmp(t, x, c[i - 1], c[i]) < 0;
    if (asc) return;
    ixcmp_ctx ic = { t, x };
    ex_sort(ctx, c, n, sizeof *c, ixcmp, &ic);
}

/* Candidate rows of t in the order InnoDB reads them: clustered order (row id order
 * unless t->unordered). */
static void sort_rowids(ex_ctx *ctx, const stor_table *t, uint32_t *c, uint32_t n)
{
    if (t && n > 1 && stor_reordered(t)) {
        ex_sort(ctx, c, n, sizeof *c, clucmp, (void *)t);
        return;
    }
    bool asc = true, desc = true;
    for (uint32_t i = 1; i < n && (asc || desc); i++) {
        if (c[i] < c[i - 1]) asc = false;
        else if (c[i] > c[i - 1]) desc = false;
    }
    if (asc) return;
    if (desc) {
        reverse_rows(c, n);
        return;
    }
    sort_u32(ctx, c, n);
}

/* Row ids ascending: a radix sort, 11 bits a pass, as many passes as the largest id has
 * digits (the rows of an OR of key lookups: ten times faster than comparing through a
 * function pointer). */
static void sort_u32(ex_ctx *ctx, uint32_t *c, uint32_t n)
{
    if (n < 64) {
        for (uint32_t i = 1; i < n; i++) {
            uint32_t v = c[i], j = i;
            for (; j > 0 && c[j - 1] > v; j--) c[j] = c[j - 1];
            c[j] = v;
        }
        return;
    }
    uint32_t all = 0;
    for (uint32_t i = 0; i < n; i++) all |= c[i];
    uint32_t *src = c, *dst = stor_arena_alloc(ctx->a, (size_t)n * sizeof *dst);
    for (int shift = 0; shift < 32 && (all >> shift); shift += 11) {
        uint32_t at[2048] = { 0 };
        for (uint32_t i = 0; i < n; i++) at[src[i] >> shift & 2047]++;
        for (uint32_t d = 0, sum = 0; d < 2048; d++) {
            uint32_t k = at[d];
            at[d] = sum;
            sum += k;
        }
        for (uint32_t i = 0; i < n; i++) dst[at[src[i] >> shift & 2047]++] = src[i];
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != c) memcpy(c, src, (size_t)n * sizeof *c);
}

static bool lookup_key_convert(ex_ctx *ctx, const stor_column *c, pdb_value *v);

/* Row r's key column k against v (already in the column's type): NULL sorts first. */
static int range_cmp(const stor_table *t, const stor_index *ix, uint32_t k, uint32_t r, const pdb_value *v)
{
    const stor_column *c = &t->cols[ix->cols[k]];
    if (stor_is_null(c, r)) return -1;
    pdb_value kv;
    stor_get(t, ix->cols[k], r, &kv);
    return ex_compare(&kv, v, c->coll);
}

/* Where a range starts in the ordered view: rows before (eq, lo) probe < 0. */
typedef struct rseek { const stor_table *t; const stor_index *ix; const lookup *lk; const pdb_value *eq, *lo; } rseek;
static int range_probe(void *arg, uint32_t r)
{
    const rseek *p = arg;
    int c = 0;
    for (uint32_t k = 0; k < p->lk->req && !c; k++) c = range_cmp(p->t, p->ix, k, r, &p->eq[k]);
    if (!c && p->lo) c = range_cmp(p->t, p->ix, p->lk->req, r, p->lo);
    return c;
}

/* Can a LIKE pattern's ASCII prefix bound a range of this collation's ordered index?
 * True for collations in which ASCII letters and digits have weights of their own, in
 * ASCII order within each class (digits before letters, one case equal to or before the
 * other), and no ASCII contractions: binary, *_bin, general and root UCA, and the
 * single-byte collations storage finds so. (Not Czech's "ch", Lithuanian's y = i, Danish
 * "aa", Roman i = j, macce_general_ci's M = N ...) */
static bool like_range_coll(uint16_t coll)
{
    const pdb_collation *co = pdb_coll_by_id(coll);
    if (!co) return false;
    if (pdb_coll_single_byte(coll)) return pdb_coll_like_range(coll);
    if (co->binary) return true;
    static const char *const ends[] = { "_bin", "_general_ci", "_general_cs", "_general_nopad_ci", "_nopad_bin",
                                        "_unicode_ci", "_unicode_520_ci", "_unicode_nopad_ci", "_unicode_520_nopad_ci" };
    size_t n = strlen(co->name);
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        size_t k = strlen(ends[i]);
        if (n > k && !strcmp(co->name + n - k, ends[i])) return true;
    }
    return false;
}

/* Bounds of an ordered index holding every string that matches pattern pat (a superset:
 * the LIKE is checked on each row after). The pattern's leading literal ASCII characters
 * (up to a wildcard, a non-ASCII character or a lone trailing escape) are P; let x be the
 * last of them that is an ASCII letter or digit and Q what precedes it. A match starts
 * with characters equal to Q's, then one equal to x, so under the collation it is at
 * least Q (x weighs more than the space Q is padded with) and less than Q followed by
 * the character after x (no upper bound after z, Z and 9). False when there is no x.
 * like_prefix finds P (into q when given) and the length of Q x (*qn); like_bounds
 * makes the bounds. */
static bool like_prefix(const char *ps, size_t pl, char *q, size_t *qn)
{
    size_t n = 0, x = 0;
    for (size_t i = 0; i < pl; i++) {
        unsigned char c = (unsigned char)ps[i];
        if (c == '%' || c == '_') break;
        if (c == '\\') {                  /* the escape ex_like uses: the next character as written */
            if (i + 1 == pl) break;
            c = (unsigned char)ps[++i];
        }
        if (c >= 0x80) break;
        if (q) q[n] = (char)c;
        n++;
        if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) x = n;
    }
    if (qn) *qn = x;
    return x > 0;
}

static bool like_bounds(ex_ctx *ctx, const pdb_value *pat, uint16_t coll, pdb_value *lo, pdb_value *hi)
{
    if (!like_range_coll(coll)) return false;
    size_t pl, x;
    const char *ps = ex_to_str(ctx->a, pat, &pl);
    char *q = stor_arena_alloc(ctx->a, pl + 2);
    if (!like_prefix(ps, pl, q, &x)) return false;
    x--;                                /* q[x] is the last letter or digit of the prefix */
    *lo = ex_str(q, x, coll);
    *hi = ex_null();                    /* after z or 9: open */
    if (q[x] != 'z' && q[x] != 'Z' && q[x] != '9') {
        char *h = stor_arena_alloc(ctx->a, x + 2);
        memcpy(h, q, x);
        h[x] = (char)(q[x] + 1);
        *hi = ex_str(h, x + 1, coll);
    }
    return true;
}

/* The candidate rows of a range lookup, in row id order (as a table scan meets them). */
/* ---------------------------------------------------------------- gap locks
 * A locking read (FOR UPDATE, LOCK IN SHARE MODE, an UPDATE's or DELETE's search) in a
 * REPEATABLE READ transaction locks what InnoDB's next-key locking does (qstate.gapmode):
 * each row its access path reads (not only those the WHERE keeps) and the gaps around
 * them; a range also the row that ended it; a unique key's lookup that finds its row only
 * that row; a scan without an index every row and every gap (stor_rows_lock). */

static bool gaps_apply(pdb_session *s)
{
    return s && (s->in_trans || !s->autocommit) && !ex_sysvar_read_committed(s);
}

typedef struct key_probe { const stor_table *t; const stor_index *ix; uint32_t nk; const pdb_value *key; bool after; } key_probe;
static int key_probe_fn(void *arg, uint32_t r)
{
    const key_probe *p = arg;
    int c = 0;
    for (uint32_t k = 0; k < p->nk && !c; k++) c = range_cmp(p->t, p->ix, k, r, &p->key[k]);
    return c < 0 || (!c && p->after) ? -1 : 0;
}

/* An equality lookup of key (ix's first nk columns, in the columns' types): the gap from
 * the row before the first equal one to the row after the last, unless a unique key found
 * its row (found); every gap when ix has no order. */
static void gap_lock_key(ex_ctx *ctx, stor_table *t, stor_index *ix, uint32_t nk, const pdb_value *key, bool found)
{
    if (found && (ix->kind == IK_PRIMARY || ix->kind == IK_UNIQUE) && nk == ix->ncols) return;
    const struct stor_ord *o = stor_index_rangeable(t, ix) ? stor_index_ordered(t, ix) : NULL;
    if (!o) { stor_gap_lock(t, NULL, 0, 0); return; }
    ex_ctx *saved_conv = ex_conv_ctx;
    ex_conv_ctx = NULL;
    key_probe p = { t, ix, nk, key, false };
    stor_ord_it it;
    uint32_t lo = STOR_GAP_OPEN, hi = STOR_GAP_OPEN, r;
    stor_ord_seek(o, &it, key_probe_fn, &p);
    if (stor_ord_prev(&it, &r)) lo = r;
    p.after = true;
    stor_ord_seek(o, &it, key_probe_fn, &p);
    if (stor_ord_next(&it, &r)) hi = r;
    ex_conv_ctx = saved_conv;
    (void)ctx;
    stor_gap_lock(t, ix, lo, hi);
}

/* The rows around what a range read, in its index's order (STOR_GAP_OPEN: none there), as
 * a locking read locks them; set: something was read. */
typedef struct range_gap { uint32_t lo, hi; bool set; } range_gap;

/* gap: NULL, or where to say what it read (range_gap). */
static void range_scan(ex_ctx *ctx, stor_table *t, lookup *lk, uint32_t **cand, uint32_t *ncand, range_gap *gap)
{
    stor_index *ix = lk->rix;
    pdb_value eq[16], lo, hi;
    bool has_lo = false, has_hi = false;
    *cand = NULL; *ncand = 0;
    for (uint32_t k = 0; k < lk->req; k++) {
        ex_eval(ctx, lk->reqp[k], &eq[k]);
        if (!lookup_key_convert(ctx, &t->cols[ix->cols[k]], &eq[k])) return;   /* NULL or no such value */
    }
    const stor_column *rc = lk->req < ix->ncols ? &t->cols[ix->cols[lk->req]] : NULL;
    if (lk->lo) {
        ex_eval(ctx, lk->lo, &lo);
        if (lo.t == VT_NULL) return;                      /* col > NULL is never true */
        has_lo = lookup_key_convert(ctx, rc, &lo);        /* inexact: open (a superset) */
    }
    if (lk->hi) {
        ex_eval(ctx, lk->hi, &hi);
        if (hi.t == VT_NULL) return;
        has_hi = lookup_key_convert(ctx, rc, &hi);
    }
    if (lk->like && rc && (!has_lo || !has_hi)) {
        pdb_value pat, llo, lhi;
        ex_eval(ctx, lk->like, &pat);
        if (pat.t == VT_NULL) return;                     /* col LIKE NULL is never true */
        if (like_bounds(ctx, &pat, rc->coll, &llo, &lhi)) {
            if (!has_lo) { lo = llo; has_lo = lookup_key_convert(ctx, rc, &lo); }
            if (!has_hi && lhi.t != VT_NULL) { hi = lhi; has_hi = lookup_key_convert(ctx, rc, &hi); }
        }
    }
    const struct stor_ord *o = stor_index_ordered(t, ix);
    if (!o) return;
    ex_ctx *saved_conv = ex_conv_ctx;
    ex_conv_ctx = NULL;
    /* from the first row at or after (eq, lo) */
    rseek sk = { t, ix, lk, eq, has_lo ? &lo : NULL };
    stor_ord_it it;
    stor_ord_seek(o, &it, range_probe, &sk);
    if (gap) {
        stor_ord_it before = it;
        uint32_t r;
        gap->lo = stor_ord_prev(&before, &r) ? r : STOR_GAP_OPEN;
        gap->hi = STOR_GAP_OPEN;
        gap->set = true;
        /* (a strict bound's equal rows are not read: the gap starts at the last of them) */
        for (before = it; has_lo && (lk->strict & PL_LO_STRICT) && stor_ord_next(&before, &r);) {
            int c = 0;
            for (uint32_t k = 0; k < lk->req && !c; k++) c = range_cmp(t, ix, k, r, &eq[k]);
            if (c || range_cmp(t, ix, lk->req, r, &lo) != 0) break;
            gap->lo = r;
            it = before;
        }
    }
    bool hi_out = gap && (lk->strict & PL_HI_STRICT);
    lkctx l = { NULL, 0, 0, ctx->a };
    for (uint32_t r; stor_ord_next(&it, &r);) {
        ex_slice_tick(ctx);
        int c = 0;
        for (uint32_t k = 0; k < lk->req && !c; k++) c = range_cmp(t, ix, k, r, &eq[k]);
        if (!c && has_hi) {
            int hc = range_cmp(t, ix, lk->req, r, &hi);
            if (hc > 0 || (hc == 0 && hi_out)) c = 1;
        }
        if (c) {                                           /* past the equal prefix or hi */
            if (gap) gap->hi = r;
            break;
        }
        lk_collect(&l, r);
    }
    ex_conv_ctx = saved_conv;
    if (!lk->rorder && !lk->korder) sort_rowids(ctx, t, l.buf, l.n);
    *cand = l.buf; *ncand = l.n;
}

static bool lookup_key_convert_inner(ex_ctx *ctx, const stor_column *c, pdb_value *v);

/* Converts a lookup value to what the column stores so hashing agrees; false when no
 * stored value can equal it (NULL, or a fraction against an integer column). */
static bool lookup_key_convert(ex_ctx *ctx, const stor_column *c, pdb_value *v)
{
    ex_ctx *saved_conv = ex_conv_ctx;
    ex_conv_ctx = NULL;   /* the filter itself warns when it runs */
    bool r = lookup_key_convert_inner(ctx, c, v);
    ex_conv_ctx = saved_conv;
    return r;
}

static bool lookup_key_convert_inner(ex_ctx *ctx, const stor_column *c, pdb_value *v)
{
    if (v->t == VT_NULL) return false;
    if (c->type == CT_BIT) {   /* its bytes, as stored */
        uint64_t u;
        if (!ex_bit_value(v, c->width ? c->width : 1, &u)) return false;
        *v = ex_bit_bytes(ctx, c->width ? c->width : 1, u);
        return true;
    }
    if (c->kind == CK_STR) {
        if (v->t != VT_STRING) { size_t l; const char *p = ex_to_str(ctx->a, v, &l); *v = ex_str(p, l, c->coll); }
        else v->coll = c->coll;
        return true;
    }
    if (c->kind == CK_F64) { *v = ex_dbl(ex_to_double(v)); return true; }
    if (c->type == CT_DECIMAL || c->type == CT_DATE || c->type == CT_DATETIME || c->type == CT_TIMESTAMP || c->type == CT_TIME) {
        pdb_value o;
        ex_ctx tmp = *ctx;
        tmp.strict = false;
        tmp.insert_t = NULL;   /* a key to look up, not a row to store (no TIMESTAMP range, no CHECK) */
        uint32_t saved = ctx->s->nwarnings, savedc = ctx->s->warn_count;
        bool stale = ctx->s->warn_stale;
        ex_store_convert(&tmp, c, v, &o, 0);
        ex_store_ts(ctx, c, &o);   /* (the key as the column keeps it) */
        ctx->s->nwarnings = saved; ctx->s->warn_count = savedc; ctx->s->warn_stale = stale;
        *v = o;
        return o.t != VT_NULL;
    }
    if (v->t == VT_STRING || v->t == VT_DOUBLE || v->t == VT_DECIMAL) {
        double d = ex_to_double(v);
        if (d >= 9223372036854775808.0 && d < 18446744073709551616.0 && d == (double)(uint64_t)d) {
            v->t = VT_UINT;          /* only an unsigned column can hold it (checked below) */
            v->u = (uint64_t)d;
        } else {
            /* beyond BIGINT (casting it would be undefined) or a fraction: no row has it */
            if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0) || d != (double)(int64_t)d)
                return false;
            *v = ex_int((int64_t)d);
        }
    }
    if (v->t == VT_UINT && v->u > (uint64_t)INT64_MAX && !c->is_unsigned) return false;
    return true;
}

/* The conjuncts of a level pass for the current row: all of them but those its lookup
 * serves and, with kernel_checked, those the level's compiled kernel took (jit); skip: a
 * bit per conjunct (below 64) another check guarantees. */
static bool level_conjuncts(qstate *q, int level, bool kernel_checked, uint64_t skip)
{
    /* the n-gram gates first (a bit per LIKE), up to a conjunct that may warn (the ones
       before it are then checked for every row, as they are written); a gate after it
       just before its own conjunct */
    int gated = 0;
    for (; gated < q->nconj && q->ngates; gated++) {
        conj *cj = &q->conj[gated];
        if (cj->level != level || cj->served || (kernel_checked && cj->jit) || (gated < 64 && (skip >> gated & 1))) continue;
        if (cj->p->may_warn) break;
        if (cj->ng && !ex_ng_gate_open(q->ctx, cj->p, cj->ng)) return false;
    }
    for (int i = 0; i < q->nconj; i++) {
        conj *cj = &q->conj[i];
        if (cj->level != level || cj->served || (kernel_checked && cj->jit) || (i < 64 && (skip >> i & 1))) continue;
        if (cj->ng && i >= gated && !ex_ng_gate_open(q->ctx, cj->p, cj->ng)) return false;
        if (!conj_passes(q->ctx, cj)) return false;
    }
    return true;
}

static bool level_filters(qstate *q, int level) { return level_conjuncts(q, level, true, 0); }

/* A row reached the end of the groups ending at this level (its ON conditions held, or
 * it is a NULL row of a group inside them): for each of them below `below`, innermost
 * first, the group's own condition on its whole row decides whether it is one of its
 * rows; those groups have matched. False: not a row of them. */
static bool group_arrive(qstate *q, int level, int below)
{
    uint64_t m = q->gends[level] & (below >= 64 ? ~0ull : (1ull << below) - 1);
    while (m) {
        int g = 63 - __builtin_clzll(m);     /* innermost first */
        m &= ~(1ull << g);
        if (q->gon[g] && !passes(q->ctx, q->gon[g])) return false;
        q->gmatched[g] = true;
    }
    return true;
}

/* ---------------------------------------------------------------- LIMIT ROWS EXAMINED */

/* MariaDB counts every row its handlers read, and the read that finds the end of a scan,
 * a range or a key's rows, and stops the statement at the first read past the limit
 * (that read's row is not used); rows sent until then are the result, with warning
 * 1931. pressdb counts the same way per join level: each candidate row of a scan, range
 * or key lookup, plus one read per end (per value looked up for an IN list); a unique key
 * looked up whole is one read (eq_ref), and not counted at all when its value is constant
 * (MariaDB reads such a const table while it plans). Writes to temporary tables, which
 * MariaDB counts too, are not counted. */
static inline bool exam_read(ex_ctx *ctx, bool eof)
{
    ex_stmt *st = ctx->stmt;
    if (st->exam_hit) return true;
    if (++st->examined <= st->exam_limit) return false;
    st->exam_hit = true;
    st->exam_eof = eof;
    return true;
}

static inline bool exam_stopped(const ex_ctx *ctx) { return ctx->stmt && ctx->stmt->exam_hit; }

/* A program over no row (key values of a const table). */
static bool prog_const(const ex_prog *p)
{
    for (int i = 0; i < p->nops; i++) {
        int c = p->ops[i].code;
        if (c == OP_COL || c == OP_OUTER || c == OP_AGG || c == OP_SUBQ || c == OP_ROWID || c == OP_USERVAR) return false;
    }
    return true;
}

/* Whether MariaDB reads a block's rows in its ORDER BY order (a single table scanned
 * whole, ordered by leading primary key columns ascending): it then stops at LIMIT, and
 * a stop by the limit keeps the rows so far. (pressdb scans in row id order, which is
 * that order when the rows came in key order.) */
static bool exam_pk_order(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    bool pk = q->norder && q->nsrc == 1 && ctx->src[0].t && !q->lk[0].ix && q->lk[0].hcol < 0 && !q->lk[0].rix;
    const stor_index *ix = NULL;
    for (uint32_t i = 0; pk && i < ctx->src[0].t->nidx; i++)
        if (ctx->src[0].t->idx[i].kind == IK_PRIMARY) ix = &ctx->src[0].t->idx[i];
    pk = ix && (uint32_t)q->norder <= ix->ncols;
    for (int i = 0; pk && i < q->norder; i++) {
        const ex_prog *p = q->order[i];
        pk = !q->desc[i] && p->nops == 1 && p->ops[0].code == OP_COL && p->ops[0].a == 0 && (uint32_t)p->ops[0].b == ix->cols[i];
    }
    return pk;
}

/* After a block's scan stopped by the limit: what MariaDB has made of the rows by then.
 * Groups, DISTINCT and window functions go through a temporary table it never reads
 * (no rows); an ORDER BY that a filesort does fails (1028) when the limit stopped the
 * sort's reads at a row, and has no rows when it stopped at their end. */
static void exam_cut(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    pl_select *sel = q->sel;
    if (q->grouped || sel->distinct || q->nwins) {
        q->ngroups = 0; q->npend = 0; q->out.nrows = 0;
        if (q->gmemo) memset(q->gmemo, 0, GMEMO * sizeof *q->gmemo);
        return;
    }
    if (!q->norder || exam_pk_order(q)) return;
    if (!ctx->stmt->exam_eof) ex_raise(ctx, 1028, "HY000", "Sort aborted: LIMIT ROWS EXAMINED");
    q->out.nrows = 0;
}

/* ---------------------------------------------------------------- Handler_read_* */

/* How MariaDB's handlers count a table's reads: a full scan one Handler_read_rnd_next per
 * row and one for the end; a full index scan Handler_read_first then Handler_read_next;
 * a key lookup Handler_read_key per value, and for a key that is not unique
 * Handler_read_next per row found (the last read finds the next key's row or the end);
 * a range Handler_read_key then Handler_read_next (Handler_read_prev descending). A read
 * cut short by LIMIT makes no end read. Rows_read counts the rows, Rows_tmp_read those of
 * a derived table. Summed per block run in q->hr (no atomic per row: hr_flush adds them
 * once). */
enum { HR_FIRST, HR_KEY, HR_LAST, HR_NEXT, HR_PREV, HR_RND_NEXT, HR_ROWS, HR_TMP_ROWS, HR_N };

static bool scan_reordered(const stor_table *t, const lookup *lk);

/* Level's reads: seen rows met, done whether it read to the end. */
/* Whether a lookup of nk key values in ix reads on past its row (Handler_read_next per
 * row found): any key but a unique one looked up whole. */
static bool hr_key_next(const stor_index *ix, uint32_t nk)
{
    return ix->kind == IK_PRIMARY || ix->kind == IK_UNIQUE ? nk < ix->ncols : true;
}

static void hr_count(qstate *q, int level, uint64_t seen, bool done)
{
    const ex_src *s = &q->ctx->src[level];
    const lookup *lk = &q->lk[level];
    uint64_t *h = q->hr, more = done ? seen : seen ? seen - 1 : 0;
    h[s->t ? HR_ROWS : HR_TMP_ROWS] += seen;
    if (lk->ix) {
        uint64_t points = 1;
        for (uint32_t k = 0; k < lk->nk; k++) points *= (uint64_t)lk->nkv[k];
        h[HR_KEY] += points;
        if (hr_key_next(lk->ix, lk->nk)) h[HR_NEXT] += seen;
    } else if (lk->rix) {
        h[!(lk->korder < 0 ? lk->hi : lk->lo) && !lk->req && !lk->like ? (lk->korder < 0 ? HR_LAST : HR_FIRST) : HR_KEY]++;   /* (open at its start: from the index's end) */
        h[lk->korder < 0 ? HR_PREV : HR_NEXT] += more;
    } else if (lk->hcol >= 0) {
        /* (read when its hash table was built) */
    } else if (lk->six && scan_reordered(s->t, lk)) {
        h[HR_FIRST]++;
        h[HR_NEXT] += more;
    } else {
        h[HR_RND_NEXT] += seen + done;
    }
    /* MariaDB's join types ALL and index (a whole key, a join buffer's table) */
    bool whole = !lk->ix && (!lk->rix || (!lk->lo && !lk->hi && !lk->req && !lk->like));
    if (whole && q->ctx->stmt) q->ctx->stmt->no_index_used = true;
}

/* The rows a full pass over level's candidates meets (cand NULL: the table's). */
static uint64_t hr_rows(const qstate *q, int level, const uint32_t *cand, uint32_t n)
{
    const ex_src *s = &q->ctx->src[level];
    return cand || !s->t ? n : s->t->nlive;
}

static void hr_flush(qstate *q)
{
    static const pdb_stat st[HR_N] = { PDB_STAT_HANDLER_READ_FIRST, PDB_STAT_HANDLER_READ_KEY,
                                       PDB_STAT_HANDLER_READ_LAST, PDB_STAT_HANDLER_READ_NEXT,
                                       PDB_STAT_HANDLER_READ_PREV, PDB_STAT_HANDLER_READ_RND_NEXT,
                                       PDB_STAT_ROWS_READ, PDB_STAT_ROWS_TMP_READ };
    pdb_status_add_n(q->ctx->s, st, q->hr, HR_N);
    memset(q->hr, 0, sizeof q->hr);
}

static void scan_level_run(qstate *q, int level);

/* The rows LIMIT asks for are made: every level of the scan stops (MariaDB's nested
 * loop ends as soon as the last row is sent), so a cross join with LIMIT 10 reads a
 * few rows instead of making its whole product. */
static inline bool scan_stop(const qstate *q) { return q->limit_full; }

/* Whether a block's scan may stop at LIMIT, or at the rows a subquery needs (cap: EXISTS
 * one, a scalar subquery two): its rows go out in the order they are made and nothing
 * needs the rest (no ORDER BY, grouping, window functions, FOUND_ROWS() count; DISTINCT
 * drops later duplicates only, so the first rows stay). */
static int64_t limit_value(ex_ctx *ctx, pl_expr *e);
static void limit_stop_setup(qstate *q, uint32_t cap)
{
    ex_ctx *ctx = q->ctx;
    pl_select *sel = q->sel;
    if (q->norder || q->grouped || q->nwins || sel->calc_found_rows || sel->with_ties) return;
    int64_t l = limit_value(ctx, sel->limit), o = limit_value(ctx, sel->offset);
    if (cap && (l < 0 || l > (int64_t)cap)) l = cap;   /* a subquery's first rows only */
    if (l < 0) return;
    q->limit_want = (uint64_t)l + (uint64_t)(o > 0 ? o : 0);
    if (q->limit_want == 0) q->limit_full = true;   /* LIMIT 0 reads nothing */
}

/* COUNT(*) alone over one table whose conjuncts the kernel checks all: after the first
 * row (on_row makes the group as for any row), each further candidate would only add one
 * to the count (agg_add), so the candidates are counted, not visited. */
static bool jit_count_only(const qstate *q, int level)
{
    if (level || q->nsrc != 1 || !q->grouped || q->ngroup || q->ritems || q->nwins || q->naggs != 1 ||
        q->aggs[0]->kind != AG_COUNT_STAR)
        return false;
    for (int i = 0; i < q->nconj; i++) if (!q->conj[i].served && !q->conj[i].jit) return false;
    return true;
}

static void jit_count(qstate *q, jb_scan *js, uint32_t n)
{
    ex_ctx *ctx = q->ctx;
    uint32_t *ids, k;
    jb_begin(js, n);
    while ((k = jb_next(ctx, js, &ids)) > 0) {
        uint32_t i = 0;
        if (!q->ngroups) {
            ctx->rows[0] = ids[0];
            on_row(q);
            i = 1;
        }
        q->groups[0]->st[0].cnt += k - i;
    }
}

/* The compiled lookup join (jit_join) over level 0's candidate rows (cand, or rows
 * 0..n-1 of a scan): its pairs (one table: rows) are the rows the levels' loops would
 * reach, in the same order; COUNT(*) alone only counts them after the first (as jit_count). */
static void jit_join_rows(qstate *q, const uint32_t *cand, uint32_t n);

/* The second level's reads as the interpreter's lookups count them (hr_count), from the
 * kernel's probes. */
static void jit_join_hr(qstate *q)
{
    uint64_t probes, found;
    jb_join_reads(q->jj, &probes, &found);
    if (q->nsrc < 2 || !probes) return;
    const stor_index *ix = q->lk[1].ix;
    q->hr[HR_KEY] += probes;
    q->hr[HR_ROWS] += found;
    if (hr_key_next(ix, 1)) q->hr[HR_NEXT] += found;
}

static void jit_join_scan(qstate *q, const uint32_t *cand, uint32_t n)
{
    jit_join_rows(q, cand, n);
    jit_join_hr(q);
}

static void jit_join_rows(qstate *q, const uint32_t *cand, uint32_t n)
{
    ex_ctx *ctx = q->ctx;
    bool count = q->grouped && !q->ngroup && !q->ritems && !q->nwins && q->naggs == 1 &&
                 q->aggs[0]->kind == AG_COUNT_STAR;
    uint32_t *iota = cand ? NULL : stor_arena_alloc(ctx->a, (size_t)(n < JB_JOIN_CHUNK ? n : JB_JOIN_CHUNK) * sizeof(uint32_t) + 4);
    for (uint32_t b = 0; b < n; b += JB_JOIN_CHUNK) {
        uint32_t m = n - b < JB_JOIN_CHUNK ? n - b : JB_JOIN_CHUNK, *o0, *o1, k;
        if (!cand) for (uint32_t i = 0; i < m; i++) iota[i] = b + i;
        jb_join_begin(q->jj, cand ? cand + b : iota, m);
        while ((k = jb_join_next(ctx, q->jj, &o0, &o1)) > 0 || q->jj_err) {
            if (q->jj_err) longjmp(*ctx->jb, 1);   /* (memo_code_row's) */
            uint32_t i = 0;
            if (count) {
                if (!q->ngroups) {
                    ctx->rows[0] = o0[0];
                    if (q->nsrc > 1) ctx->rows[1] = o1[0];
                    on_row(q);
                    i = 1;
                }
                q->groups[0]->st[0].cnt += k - i;
                continue;
            }
            for (; i < k; i++) {
                ctx->rows[0] = o0[i];
                if (q->nsrc > 1) ctx->rows[1] = o1[i];
                on_row(q);
                if (scan_stop(q)) return;
            }
        }
    }
}

/* Every row a first level's kernel passes, sorted into the scan's order (the kernel reads
 * row id order; the table's is another: stor_reordered). */
static uint32_t kernel_sorted(ex_ctx *ctx, jb_scan *js, const stor_table *t, uint32_t **out)
{
    uint32_t k = 0, *all = stor_arena_alloc(ctx->a, ((size_t)t->nrows + 1) * sizeof *all), *ids, m;
    jb_begin(js, t->nrows);
    while ((m = jb_next(ctx, js, &ids)) > 0) {
        memcpy(all + k, ids, (size_t)m * sizeof *all);
        k += m;
    }
    sort_rowids(ctx, t, all, k);
    *out = all;
    return k;
}

/* ANALYZE: scan_level timed per level (explain.c reports it). */
static void scan_level(qstate *q, int level)
{
    if (!q->an_loops) { scan_level_run(q, level); return; }
    uint64_t t0 = ex_now_ns();
    ex_stmt *st = q->ctx->stmt;
    if (!st->an_scan0_ns) st->an_scan0_ns = t0;
    scan_level_run(q, level);
    q->an_ns[level] += ex_now_ns() - t0;
}

/* Is sel UPDATE/DELETE's search for the rows it changes (row ids as items, dml.c)? */
static bool row_search(const pl_select *sel)
{
    for (int i = 0; i < sel->nitems; i++) if (sel->items[i].e && sel->items[i].e->kind == E_ROWID) return true;
    return false;
}

/* May source s's rows come in key ix's order for its ORDER BY (its index hints)? */
static bool order_key_allowed(const ex_src *s, const stor_index *ix)
{
    if (!s->t) return true;
    size_t x = (size_t)(ix - s->t->idx);
    return x >= 64 || !(s->deny_order >> x & 1);
}

/* A full scan's rows in the order MariaDB reads them when that is not row id order: a
 * covering secondary key's (lk->six), or the clustered index's for a table whose row
 * ids left it (MariaDB's table scan is InnoDB's clustered index scan). */
static void scan_rows(ex_ctx *ctx, stor_table *t, lookup *lk)
{
    if (lk->clu_built) return;
    lk->clu_built = true;
    uint32_t *buf = stor_arena_alloc(ctx->a, ((size_t)t->nrows + 1) * sizeof *buf);
    int64_t n = lk->six ? stor_index_rows(t, (stor_index *)lk->six, buf) : stor_clustered_rows(t, buf);
    if (n < 0) return;   /* no memory for the view: row id order */
    if (lk->korder < 0) reverse_rows(buf, (uint32_t)n);   /* (ORDER BY ... DESC read backwards) */
    lk->clu = buf;
    lk->nclu = (uint32_t)n;
}

static bool scan_reordered(const stor_table *t, const lookup *lk)
{
    return t && !lk->anyorder && (lk->six || stor_reordered(t));
}

/* Is e's value the same whatever order source 0's rows come in? Constants, and the
 * aggregates whose value does not depend on it: COUNT, and SUM, AVG, MIN, MAX of an
 * integer-slot column (exact sums; MIN of equal strings would be the first). A column
 * outside them is the first row's. Decided on the tree: the block is not compiled yet. */
static bool order_free_expr(const ex_src *s, const pl_expr *e)
{
    if (!e) return true;
    if (e->kind == E_COLUMN || e->kind == E_STAR || e->sub || e->win) return false;
    if (e->kind == E_FUNC && ex_is_aggregate_name(e->s)) {
        if (!strcmp(e->s, "COUNT")) return !e->order;
        if (strcmp(e->s, "SUM") && strcmp(e->s, "AVG") && strcmp(e->s, "MIN") && strcmp(e->s, "MAX")) return false;
        if (!s || e->nargs != 1 || e->args[0]->kind != E_COLUMN || !s->t) return false;
        for (uint32_t c = 0; c < s->t->ncols; c++)
            if (!strcasecmp(s->t->cols[c].name, e->args[0]->s)) return s->t->cols[c].kind == CK_I64;
        return false;
    }
    for (int i = 0; i < e->nargs; i++) if (!order_free_expr(s, e->args[i])) return false;
    return true;
}

/* Would the block's result be the same in any scan order? No GROUP BY, every item and
 * HAVING order_free_expr (COUNT(*), and over one table SUM(int_col) ...). */
static bool order_free(const qstate *q)
{
    const pl_select *sel = q->sel;
    const ex_src *s0 = q->nsrc == 1 ? &q->ctx->src[0] : NULL;   /* (columns: of one table only) */
    if (sel->ngroup || sel->distinct || !order_free_expr(s0, sel->having)) return false;
    bool agg = false;
    for (int i = 0; i < sel->nitems; i++) {
        const pl_expr *e = sel->items[i].e;
        if (!e || !order_free_expr(s0, e)) return false;
        if (e->kind == E_FUNC && ex_is_aggregate_name(e->s)) agg = true;
    }
    return agg;   /* (without an aggregate, LIMIT picks which rows) */
}

/* Does e assign a variable or call a volatile function (RAND)? MariaDB evaluates the
 * select items of a filesorted block after the sort, in the order rows go out; pressdb
 * as it reads them, so such a block keeps reading in table order, its old order. */
static bool expr_volatile(const pl_expr *e)
{
    if (!e) return false;
    if (e->kind == E_FUNC && e->s) {
        const ex_fdef *d = ex_func_find(e->s);
        if (!strcmp(e->s, "SET_USERVAR") || (d && (d->flags & EX_FN_VOLATILE))) return true;
    }
    for (int i = 0; i < e->nargs; i++) if (expr_volatile(e->args[i])) return true;
    return false;
}

static bool items_volatile(const pl_select *sel)
{
    for (int i = 0; i < sel->nitems; i++) if (expr_volatile(sel->items[i].e)) return true;
    return false;
}

/* Which full scans read a covering secondary key (lk->six), which lookups and ranges
 * hand out their rows in the key's order (lk->iorder, lk->rorder): not UPDATE/DELETE's search
 * for rows (row ids as items), nor a block whose result no order changes, nor one with
 * ORDER BY or GROUP BY (MariaDB then reads the key that gives that order where one
 * does, test_if_skip_sort_order: not done yet, the table's order stays). */
static void block_scan_keys(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    if (order_free(q)) {
        for (int lv = 0; lv < q->nsrc; lv++) q->lk[lv].anyorder = true;
        return;
    }
    if (row_search(q->sel)) return;
    if (q->nsrc == 1 && q->sel->norder && !q->sel->ngroup) {
        /* ORDER BY the key's next columns: MariaDB reads the key in that order (ties by
           its other columns, then the primary key; backwards for DESC) and sorts nothing */
        lookup *lk = &q->lk[0];
        bool single = lk->ix && lk->nk;
        for (uint32_t k = 0; single && k < lk->nk; k++) single = lk->nkv[k] == 1;
        if (single && order_key_allowed(&ctx->src[0], lk->ix)) lk->korder = (int8_t)ex_order_key(ctx, q->sel, 0, lk->ix, lk->nk);
        else if (lk->rix && order_key_allowed(&ctx->src[0], lk->rix)) lk->korder = (int8_t)ex_order_key(ctx, q->sel, 0, lk->rix, lk->req);
        else if (!lk->ix && !lk->rix && lk->hcol < 0 && !q->ftp && !q->ft_sorted && ctx->src[0].t && !items_volatile(q->sel)) {
            /* a full scan: a key holding every column read (or the primary key) whose
               order is the ORDER BY's is read instead, forwards or backwards */
            int dir = 0;
            const stor_index *x = ex_order_scan_key(ctx, q->sel, 0, &dir);
            if (x) { lk->six = x; lk->korder = (int8_t)dir; }
        }
    }
    if (q->sel->norder && !q->sel->ngroup && !q->sel->distinct && q->nsrc == 1 && !q->lk[0].korder &&
        !items_volatile(q->sel)) {
        /* ORDER BY sorted by filesort (fsort_setup): it reads a ref or an IN list's ranges
           in key order (the lookup hands out clustered order, cheaper: block_finish puts
           the rows in the key's order only when ties make it matter, fs_ix), a range
           over a covering key in key order */
        lookup *lk = &q->lk[0];
        if (lk->rix && ctx->src[0].t) lk->rorder = ex_covering(ctx, q->sel, 0, lk->rix);
        q->fs_ix = lk->ix;
        return;
    }
    if (q->sel->norder || q->sel->ngroup) return;
    for (int lv = 0; lv < q->nsrc; lv++) {
        lookup *lk = &q->lk[lv];
        /* a range over a key holding every column read: MariaDB reads the key's range
           (index order); over another key the range may or may not beat its table scan
           (its cost model, not modelled): the table's order, as a scan gives it */
        if (lk->rix && ctx->src[lv].t) lk->rorder = ex_covering(ctx, q->sel, lv, lk->rix);
        lk->iorder = lk->ix != NULL;   /* (ref, or an IN list's ranges: MariaDB reads the key) */
        if (!ctx->src[lv].t || lk->ix || lk->hcol >= 0 || lk->rix) continue;
        const stor_index *x = ex_scan_key(ctx, q->sel, lv);
        if (x && x != stor_primary(ctx->src[lv].t) && stor_index_orderable(ctx->src[lv].t, x)) lk->six = x;
    }
}

/* ---------------------------------------------------------------- join buffers */

/* MariaDB reads a joined table that no key reaches (a scan or a range) through a join
 * buffer (BNL): the rows of the tables before it are buffered, then the table is read
 * once and each of its rows is joined with every buffered row, in buffer order. Its
 * rows come out table-major: for each of its rows, the earlier tables' rows. A full
 * buffer is joined there and then (MariaDB's join_buffer_size; here BNL_CAP rows). */
#define BNL_CAP 65536
typedef struct bnl { bool on; uint32_t *buf, n, cap; } bnl;

static void bnl_flush(qstate *q, int k);
typedef struct bnl_hash { uint32_t nb, *head, *next; pdb_value *key, probe; } bnl_hash;
static bool bnl_hash_build(qstate *q, int k, uint32_t n, bnl_hash *h);
static uint32_t bnl_hash_first(qstate *q, int k, bnl_hash *h, uint32_t r);

/* A buffer's pass over table k (a hash join's reads the table whole, as hr_count's scan) */
static void bnl_count(qstate *q, int k, uint64_t seen, bool done)
{
    if (q->lk[k].hcol < 0) { hr_count(q, k, seen, done); return; }
    q->hr[q->ctx->src[k].t ? HR_ROWS : HR_TMP_ROWS] += seen;
    q->hr[HR_RND_NEXT] += seen + done;
}

static void bnl_push(qstate *q, int k)
{
    ex_ctx *ctx = q->ctx;
    bnl *b = &q->bnl[k];
    if (b->n == b->cap) {
        uint32_t nc = b->cap ? b->cap * 2 : 64;
        uint32_t *nb = stor_arena_alloc(ctx->a, (size_t)nc * (size_t)k * sizeof *nb);
        if (b->n) memcpy(nb, b->buf, (size_t)b->n * (size_t)k * sizeof *nb);
        b->buf = nb;
        b->cap = nc;
    }
    memcpy(&b->buf[(size_t)b->n * (size_t)k], ctx->rows, (size_t)k * sizeof *ctx->rows);
    if (++b->n < BNL_CAP) return;
    uint32_t saved[q->nsrc];   /* the levels below go on with their rows */
    memcpy(saved, ctx->rows, (size_t)q->nsrc * sizeof *saved);
    bnl_flush(q, k);
    memcpy(ctx->rows, saved, (size_t)q->nsrc * sizeof *saved);
}

static void bnl_flush(qstate *q, int k)
{
    ex_ctx *ctx = q->ctx;
    bnl *b = &q->bnl[k];
    uint32_t nb = b->n;
    if (!nb) return;
    b->n = 0;
    ex_src *s = &ctx->src[k];
    lookup *lk = &q->lk[k];
    uint32_t n = s->t ? s->t->nrows : s->derived->nrows, *cand = NULL, ncand;
    if (lk->rix) {
        range_scan(ctx, s->t, lk, &cand, &ncand, NULL);
        n = ncand;
    } else if (scan_reordered(s->t, lk)) {
        scan_rows(ctx, s->t, lk);
        if (lk->clu) { cand = lk->clu; n = lk->nclu; }
    }
    bool outer = s->join == JT_LEFT;
    bool *matched = NULL;   /* a LEFT JOIN's buffered rows that found a row */
    if (outer) {
        matched = stor_arena_alloc(ctx->a, nb);
        memset(matched, 0, nb);
    }
    bnl_hash h = { 0 };
    bool hashed = lk->hcol >= 0 && bnl_hash_build(q, k, nb, &h);
    uint64_t seen = 0;   /* (Handler_read_*: one pass over the table per buffer, as MariaDB's) */
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = cand ? cand[i] : i;
        ex_slice_tick(ctx);
        if (s->t && !stor_row_visible(s->t, r)) continue;
        seen++;
        /* every buffered row, or those of r's key (the same rows the scan would match) */
        uint32_t next = hashed ? bnl_hash_first(q, k, &h, r) : 1;
        while (next) {
            uint32_t j = next - 1;
            next = hashed ? h.next[j] : (j + 1 < nb ? j + 2 : 0);
            ex_slice_tick(ctx);   /* per pair: a buffer of 65,536 rows is that much work per row */
            if (hashed && (h.key[j].t == VT_NULL ||
                           ex_compare(&h.probe, &h.key[j], s->t->cols[lk->hcol].coll) != 0)) continue;
            memcpy(ctx->rows, &b->buf[(size_t)j * (size_t)k], (size_t)k * sizeof *ctx->rows);
            ctx->rows[k] = r;
            if (q->on[k] && !passes(ctx, q->on[k])) continue;
            if (q->gends[k]) {
                q->gmatched[k] = false;
                if (!group_arrive(q, k, k + 1)) continue;
                if (q->gmatched[k]) matched[j] = true;
            }
            if (!level_filters(q, k)) continue;
            scan_level(q, k + 1);
            if (scan_stop(q)) { bnl_count(q, k, seen, false); return; }
        }
    }
    bnl_count(q, k, seen, true);
    /* then the buffered rows no row matched, with NULLs, in buffer order */
    for (uint32_t j = 0; outer && j < nb; j++) {
        ex_slice_tick(ctx);
        if (matched[j]) continue;
        memcpy(ctx->rows, &b->buf[(size_t)j * (size_t)k], (size_t)k * sizeof *ctx->rows);
        for (int x = k; x < q->nsrc; x++) ctx->rows[x] = EX_NULLROW;
        if (q->gends[k] && !group_arrive(q, k, k)) continue;
        if (!level_filters(q, k)) continue;
        scan_level(q, k + 1);
        if (scan_stop(q)) return;
    }
}

/* A hash join's buffer (bnl_hash): the buffered rows by their key (lk->hkey's value, as
 * the column stores it), each key's rows chained in buffer order. */
static bool bnl_hash_build(qstate *q, int k, uint32_t n, bnl_hash *h)
{
    ex_ctx *ctx = q->ctx;
    bnl *b = &q->bnl[k];
    lookup *lk = &q->lk[k];
    const stor_column *c = &ctx->src[k].t->cols[lk->hcol];
    uint32_t nbk = 64;
    while (nbk < n * 2) nbk *= 2;
    h->nb = nbk;
    h->head = stor_arena_alloc(ctx->a, (size_t)nbk * sizeof *h->head);
    h->next = stor_arena_alloc(ctx->a, (size_t)n * sizeof *h->next);
    h->key = stor_arena_alloc(ctx->a, (size_t)n * sizeof *h->key);
    memset(h->head, 0, (size_t)nbk * sizeof *h->head);
    for (uint32_t j = n; j-- > 0;) {   /* from the last, so each chain runs in buffer order */
        ex_slice_tick(ctx);
        memcpy(ctx->rows, &b->buf[(size_t)j * (size_t)k], (size_t)k * sizeof *ctx->rows);
        pdb_value v;
        ex_eval(ctx, lk->hkey, &v);
        h->next[j] = 0;
        if (!lookup_key_convert(ctx, c, &v)) { h->key[j] = ex_null(); continue; }   /* matches nothing */
        h->key[j] = ex_persist(ctx->a, &v);
        uint32_t bk = (uint32_t)(stor_hash_fin(ex_hash_value(&h->key[j], c->coll)) & (nbk - 1));
        h->next[j] = h->head[bk];
        h->head[bk] = j + 1;
    }
    return true;
}

/* The first buffered row (+ 1) whose key is row r's; 0: none. The chain goes on through
 * h->next, which bnl_flush follows, skipping rows of other keys by comparing (below). */
static uint32_t bnl_hash_first(qstate *q, int k, bnl_hash *h, uint32_t r)
{
    ex_ctx *ctx = q->ctx;
    lookup *lk = &q->lk[k];
    const stor_table *t = ctx->src[k].t;
    const stor_column *c = &t->cols[lk->hcol];
    if (stor_is_null(c, r)) return 0;
    stor_get(t, (uint32_t)lk->hcol, r, &h->probe);
    uint32_t bk = (uint32_t)(stor_hash_fin(ex_hash_value(&h->probe, c->coll)) & (h->nb - 1));
    return h->head[bk];
}

/* Which levels read through a join buffer: a table (or derived table) that no key
 * reaches, joined inner or as a LEFT JOIN of that table alone, outside every other
 * outer-joined group; not for UPDATE/DELETE's row search,
 * locking reads, ANALYZE or LIMIT ROWS EXAMINED (their reads are counted in order). */
static bool bnl_level(const qstate *q, int lv)
{
    const ex_ctx *ctx = q->ctx;
    const ex_src *s = &ctx->src[lv];
    const lookup *lk = &q->lk[lv];
    if (lv < 1 || lk->ix || (lk->hcol >= 0 && !s->t) || q->gend[lv] != lv || (s->join != JT_LEFT && q->gends[lv]))
        return false;
    for (int g = 1; g < lv; g++) if (ctx->src[g].join == JT_LEFT && q->gend[g] >= lv) return false;
    return true;
}

static void bnl_setup(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    if (q->nsrc < 2 || q->lockmode || q->gapmode || ctx->describe || ctx->stmt->analyzing || ctx->stmt->exam_on) return;
    if (row_search(q->sel)) return;
    for (int lv = 1; lv < q->nsrc; lv++) {
        if (!bnl_level(q, lv)) continue;
        if (!q->bnl) {
            q->bnl = stor_arena_alloc(ctx->a, (size_t)q->nsrc * sizeof *q->bnl);
            memset(q->bnl, 0, (size_t)q->nsrc * sizeof *q->bnl);
        }
        q->bnl[lv].on = true;
    }
}

/* ---------------------------------------------------------------- GROUP BY by sorting */

/* MariaDB groups a block whose aggregates cannot live in a temporary table's row by
 * filesorting its first table's rows on the GROUP BY keys and joining them in that
 * order (ex_group_by_sort): groups are then made in that order, so a group's first row
 * and GROUP_CONCAT's order are the sort's, ties left as filesort leaves them
 * (engine/filesort.c). Level 0's rows passing their conjuncts, in the order the scan
 * reads them, are sorted so, then the other levels run for each in turn. */
static int key_cmp(const pdb_value *a, const pdb_value *b, const ex_type *t);
typedef struct gsortctx { qstate *q; const pdb_value *keys; const uint32_t *rows; const ex_fsort *f; const stor_table *t; } gsortctx;

static int gsort_cmp(uint32_t a, uint32_t b, void *arg)
{
    const gsortctx *g = arg;
    const qstate *q = g->q;
    const pdb_value *ka = &g->keys[(size_t)a * (size_t)q->ngroup], *kb = &g->keys[(size_t)b * (size_t)q->ngroup];
    for (int k = 0; k < q->ngroup; k++) {
        int c = key_cmp(&ka[k], &kb[k], &q->gtypes[k]);
        bool desc = q->sel->norder ? q->sel->order[k].desc : k < 64 && (q->sel->group_desc >> k & 1);   /* (ORDER BY the keys) */
        if (c) return desc ? -c : c;
    }
    return g->f->rowid ? ex_fsort_refcmp(g->t, g->rows[a], g->rows[b]) : 0;
}

static void gsort_level0(qstate *q, const uint32_t *cand, uint32_t n)
{
    ex_ctx *ctx = q->ctx;
    const stor_table *t = ctx->src[0].t;
    uint32_t *rows = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *rows), np = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = cand ? cand[i] : i;
        ex_slice_tick(ctx);
        if (!stor_row_visible(t, r)) continue;
        ctx->rows[0] = r;
        if (level_conjuncts(q, 0, false, 0)) rows[np++] = r;   /* (every one: no kernel took any here) */
    }
    pdb_value *keys = stor_arena_alloc(ctx->a, ((size_t)np * (size_t)q->ngroup + 1) * sizeof *keys);
    for (uint32_t i = 0; i < np; i++) {
        ex_slice_tick(ctx);
        ctx->rows[0] = rows[i];
        for (int k = 0; k < q->ngroup; k++) {
            pdb_value v;
            ex_eval(ctx, q->gp[k], &v);
            keys[(size_t)i * (size_t)q->ngroup + (size_t)k] = ex_persist(ctx->a, &v);
        }
    }
    ex_fsort f;
    ex_fsort_setup(ctx, q->sel, 0, q->gtypes, q->ngroup, UINT64_MAX, &f);
    uint32_t *idx = stor_arena_alloc(ctx->a, (size_t)(np ? np : 1) * sizeof *idx);
    for (uint32_t i = 0; i < np; i++) idx[i] = i;
    f.srcrow = rows;
    gsortctx g = { q, keys, rows, &f, t };
    uint32_t ns = ex_fsort_run(ctx, &f, idx, np, gsort_cmp, &g);
    for (uint32_t i = 0; i < ns; i++) {
        ctx->rows[0] = rows[idx[i]];
        scan_level(q, 1);
        if (scan_stop(q)) return;
    }
}

static bool gsort_wanted(qstate *q, ex_scope *sc)
{
    ex_ctx *ctx = q->ctx;
    if (ctx->describe || !q->grouped || q->ritems || q->nwins || q->lockmode || q->gapmode || q->an_loops || q->ngroup > 64 ||
        (ctx->stmt && ctx->stmt->exam_on) || !ctx->src[0].t || q->gends[0] || q->on[0] || row_search(q->sel))
        return false;
    const lookup *l0 = &q->lk[0];
    if (l0->ix && (l0->ix->kind == IK_PRIMARY || l0->ix->kind == IK_UNIQUE) && l0->nk == l0->ix->ncols) {
        bool single = true;   /* (a const or eq_ref table: MariaDB sorts the next one) */
        for (uint32_t k = 0; k < l0->nk; k++) single = single && l0->nkv[k] == 1;
        if (single) return false;
    }
    return ex_group_by_sort(ctx, sc, q->sel);
}

/* Are level's rows locked exclusively (FOR UPDATE, a table an UPDATE or DELETE writes)? */
static bool lock_x(const qstate *q, int level)
{
    return q->gapmode == 2 && (q->gap_x >> (q->ctx->src[level].decl & 63) & 1);
}

/* A range's gap; a range (not an equal prefix alone) also locks the row that ended it. */
static void gap_lock_range(qstate *q, int level, stor_table *t, const lookup *lk, const range_gap *g)
{
    stor_gap_lock(t, lk->rix, g->lo, g->hi);
    if ((lk->lo || lk->hi || lk->like) && g->hi != STOR_GAP_OPEN && stor_row_visible(t, g->hi) &&
        stor_row_lock(t, g->hi, lock_x(q, level)) == STOR_LOCKED)
        ex_raise_locked(q->ctx);
}

/* The keys a limited lookup looked up, whose gaps wait for the scan's end. */
typedef struct gap_keys { pdb_value *v; uint32_t n, cap; } gap_keys;

static void gap_key(qstate *q, gap_keys *gk, stor_table *t, stor_index *ix, uint32_t nk, const pdb_value *key, bool found,
                    bool limited)
{
    ex_ctx *ctx = q->ctx;
    if (!limited) { gap_lock_key(ctx, t, ix, nk, key, found); return; }
    if (found && (ix->kind == IK_PRIMARY || ix->kind == IK_UNIQUE) && nk == ix->ncols) return;
    if (!found) { gap_lock_key(ctx, t, ix, nk, key, false); return; }   /* (nothing to stop at: its gap now) */
    if (gk->n == gk->cap) {
        uint32_t nc = gk->cap ? gk->cap * 2 : 4;
        pdb_value *nv = stor_arena_alloc(ctx->a, (size_t)nc * 16 * sizeof *nv);
        if (gk->n) memcpy(nv, gk->v, (size_t)gk->n * 16 * sizeof *nv);
        gk->v = nv; gk->cap = nc;
    }
    for (uint32_t k = 0; k < nk && k < 16; k++) gk->v[(size_t)gk->n * 16 + k] = ex_persist(ctx->a, &key[k]);
    gk->n++;
}

/* A limited scan that read to its end: what it would have locked up front. */
static void gap_finish(qstate *q, int level, const lookup *lk, const gap_keys *gk, const range_gap *g)
{
    ex_src *s = &q->ctx->src[level];
    if (lk->ix) {
        for (uint32_t i = 0; i < gk->n; i++) gap_lock_key(q->ctx, s->t, lk->ix, lk->nk, &gk->v[(size_t)i * 16], false);
    } else if (lk->rix) {
        if (g->set) gap_lock_range(q, level, s->t, lk, g);
    } else if (stor_rows_lock(s->t, lock_x(q, level)) == STOR_LOCKED) ex_raise_locked(q->ctx);
}

static void scan_level_run(qstate *q, int level)
{
    ex_ctx *ctx = q->ctx;
    if (level == q->nsrc) { on_row(q); return; }
    if (q->bnl && q->bnl[level].on) { bnl_push(q, level); return; }
    ex_src *s = &ctx->src[level];
    bool outer = s->join == JT_LEFT && level > 0;
    int gend = q->gend[level];
    if (outer) q->gmatched[level] = false;
    if (q->an_loops) q->an_loops[level]++;
    uint32_t n = s->t ? s->t->nrows : s->derived->nrows;
    lookup *lk = &q->lk[level];
    uint32_t *cand = NULL, ncand = 0;
    if (level == 0) ctx->stmt->last_scan_indexed = lk->ix != NULL || lk->hcol >= 0 || lk->rix != NULL;
    pdb_value key[16];
    bool null_key_seen = false;
    uint32_t one;
    /* with a LIMIT InnoDB stops reading (and locking) early: the rows are locked as they
       are found (lock_found), and what the access path covers only when the scan ran to
       its end (gap_finish: a key not found, the rest of a range) */
    bool limited = q->gapmode && s->t && q->sel->limit;
    gap_keys gk = { NULL, 0, 0 };
    range_gap gap = { 0, 0, false };
    if (lk->ix && lk->nk == 1 && lk->nkv[0] == 1 && lk->ix->ncols == 1 && !lk->ix->prefix[0] &&
        (lk->ix->kind == IK_PRIMARY || lk->ix->kind == IK_UNIQUE) && s->t->cols[lk->ix->cols[0]].kind == CK_I64) {
        /* eq_ref by one integer-slot column: the one row, without value lists or callbacks
           (stor_index_find_i64 hashes and compares the slot as stor_index_lookup does) */
        ex_eval(ctx, lk->keyp[0][0], &key[0]);
        null_key_seen = !lookup_key_convert(ctx, &s->t->cols[lk->ix->cols[0]], &key[0]);
        int64_t r = null_key_seen ? -1 : stor_index_find_i64(s->t, lk->ix, key[0].i);
        if (q->gapmode && !null_key_seen) gap_key(q, &gk, s->t, lk->ix, 1, key, r >= 0, limited);
        one = (uint32_t)r;
        cand = &one;
        n = ncand = r >= 0;
    } else if (lk->ix) {
        pdb_value *alts[16];
        int nalt[16];
        bool null_key = false;
        for (uint32_t k = 0; k < lk->nk && !null_key; k++) {
            const stor_column *c = &s->t->cols[lk->ix->cols[k]];
            alts[k] = stor_arena_alloc(ctx->a, (size_t)lk->nkv[k] * sizeof(pdb_value));
            nalt[k] = 0;
            for (int j = 0; j < lk->nkv[k]; j++) {
                pdb_value v;
                ex_eval(ctx, lk->keyp[k][j], &v);
                if (!lookup_key_convert(ctx, c, &v)) continue;
                bool dup = false;   /* a value again (an OR's 'publish' in every disjunct): found once */
                for (int d = 0; d < nalt[k] && !dup; d++) dup = ex_values_equal(&alts[k][d], &v, c->coll);
                if (!dup) alts[k][nalt[k]++] = v;
            }
            if (!nalt[k]) null_key = true;
        }
        null_key_seen = null_key;
        lkctx l = { NULL, 0, 0, ctx->a };
        if (!null_key) {
            /* every combination of the IN-list values */
            int idx[16] = { 0 };
            for (;;) {
                for (uint32_t k = 0; k < lk->nk; k++) key[k] = alts[k][idx[k]];
                uint32_t before = l.n;
                stor_index_lookup(s->t, lk->ix, lk->nk, key, lk_collect, &l);
                if (q->gapmode) gap_key(q, &gk, s->t, lk->ix, lk->nk, key, l.n > before, limited);
                uint32_t k = 0;
                while (k < lk->nk && ++idx[k] == nalt[k]) { idx[k] = 0; k++; }
                if (k == lk->nk) break;
            }
        }
        cand = l.buf; ncand = l.n;
        if (ncand > 1) {
            bool one_key = lk->nk == lk->ix->ncols;   /* every row the same key: clustered order */
            for (uint32_t k = 0; k < lk->nk && one_key; k++) one_key = nalt[k] == 1;
            if (lk->korder || (lk->iorder && !one_key)) sort_by_index(ctx, s->t, lk->ix, cand, ncand);
            else sort_rowids(ctx, s->t, cand, ncand);
            uint32_t w = 1;   /* IN lists with equal values find a row twice */
            for (uint32_t i = 1; i < ncand; i++) if (cand[i] != cand[w - 1]) cand[w++] = cand[i];
            ncand = w;
            if (lk->korder < 0) reverse_rows(cand, ncand);
        }
        n = ncand;
    } else if (lk->hcol >= 0) {
        const stor_column *c = &s->t->cols[lk->hcol];
        if (!lk->hbuilt) {
            uint32_t nb = 64;
            while (nb < s->t->nlive * 2) nb *= 2;
            lk->hnb = nb;
            lk->hbuckets = stor_arena_alloc(ctx->a, nb * sizeof(uint32_t));
            lk->hnext = stor_arena_alloc(ctx->a, (s->t->nrows ? s->t->nrows : 1) * sizeof(uint32_t));
            memset(lk->hbuckets, 0, nb * sizeof(uint32_t));
            for (uint32_t r = s->t->nrows; r-- > 0;) {
                ex_slice_tick(ctx);
                if (!stor_row_visible(s->t, r) || stor_is_null(c, r)) continue;
                pdb_value v;
                stor_get(s->t, (uint32_t)lk->hcol, r, &v);
                uint32_t b = (uint32_t)(stor_hash_fin(ex_hash_value(&v, c->coll)) & (nb - 1));
                lk->hnext[r] = lk->hbuckets[b];
                lk->hbuckets[b] = r + 1;
            }
            lk->hbuilt = true;
            q->hr[HR_RND_NEXT] += s->t->nlive + 1u;   /* (one pass over the table, as a hash join's) */
            q->hr[HR_ROWS] += s->t->nlive;
        }
        pdb_value v;
        ex_eval(ctx, lk->hkey, &v);
        lkctx l = { NULL, 0, 0, ctx->a };
        if (lookup_key_convert(ctx, c, &v)) {
            uint32_t b = (uint32_t)(stor_hash_fin(ex_hash_value(&v, c->coll)) & (lk->hnb - 1));
            for (uint32_t r = lk->hbuckets[b]; r; r = lk->hnext[r - 1]) {
                pdb_value cv;
                stor_get(s->t, (uint32_t)lk->hcol, r - 1, &cv);
                if (ex_compare(&cv, &v, c->coll) == 0) lk_collect(&l, r - 1);
            }
        }
        cand = l.buf; ncand = l.n;   /* ascending: built from the top row down */
        sort_rowids(ctx, s->t, cand, ncand);
        n = ncand;
    } else if (lk->rix) {
        range_scan(ctx, s->t, lk, &cand, &ncand, q->gapmode ? &gap : NULL);
        if (gap.set && !limited) gap_lock_range(q, level, s->t, lk, &gap);
        if (lk->korder < 0) reverse_rows(cand, ncand);
        n = ncand;
    } else if (level == 0 && q->ftp) {
        ctx->rows[0] = 0;   /* (any row: the first call works out the ranks of all) */
        pdb_value v;
        ex_eval(ctx, q->ftp, &v);
        n = ncand = ex_ft_rows(ctx, q->ftm, &cand);
    } else if (scan_reordered(s->t, lk)) {
        scan_rows(ctx, s->t, lk);
        if (lk->clu) { cand = lk->clu; n = ncand = lk->nclu; }
    }
    /* a locking read through a key locks the rows it reads (below); without one, all */
    bool rowlocks = q->gapmode && s->t && !limited && (lk->ix || lk->rix);
    if (q->gapmode && s->t && !limited && !rowlocks && stor_rows_lock(s->t, lock_x(q, level)) == STOR_LOCKED)
        ex_raise_locked(ctx);
    /* LIMIT ROWS EXAMINED: the reads MariaDB makes here (exam_read) */
    bool exam = ctx->stmt && ctx->stmt->exam_on, exam_rows = exam;
    int exam_ends = 1;
    if (exam) {
        if (lk->ix) {
            int points = 1;
            bool konst = true;
            for (uint32_t k = 0; k < lk->nk; k++) {
                points *= lk->nkv[k];
                for (int j = 0; j < lk->nkv[k]; j++) if (!prog_const(lk->keyp[k][j])) konst = false;
            }
            if ((lk->ix->kind == IK_PRIMARY || lk->ix->kind == IK_UNIQUE) && lk->nk == lk->ix->ncols && points == 1) {
                exam_rows = false;
                exam_ends = 0;
                if (!konst && !null_key_seen && lk->nk <= 16) {
                    /* eq_ref: one read, none for the key of the last one */
                    if (!q->exam_key) {
                        q->exam_key = stor_arena_alloc(ctx->a, (size_t)q->nsrc * 16 * sizeof(pdb_value));
                        q->exam_kset = stor_arena_alloc(ctx->a, (size_t)q->nsrc * sizeof(bool));
                        memset(q->exam_kset, 0, (size_t)q->nsrc * sizeof(bool));
                    }
                    pdb_value *ek = &q->exam_key[(size_t)level * 16];
                    bool same = q->exam_kset[level];
                    for (uint32_t k = 0; k < lk->nk && same; k++) same = ex_values_equal(&ek[k], &key[k], 0);
                    if (!same) {
                        for (uint32_t k = 0; k < lk->nk; k++) ek[k] = ex_persist(ctx->a, &key[k]);
                        q->exam_kset[level] = true;
                        if (exam_read(ctx, false)) return;
                    }
                }
            } else exam_ends = points;
        }
        if (ctx->stmt->exam_hit || q->exam_full) return;
    }
    uint64_t all = hr_rows(q, level, cand, n);   /* (the rows a kernel or a whole pass meets) */
    if (q->gsort && !level) { hr_count(q, 0, all, true); gsort_level0(q, cand, n); return; }
    if (q->jj && !level) { hr_count(q, 0, all, true); jit_join_scan(q, cand, n); return; }
    jb_scan *js = q->jit ? q->jit[level] : NULL;   /* candidates chunk by chunk (jit_levels) */
    /* (a kernel reads every row id: n may be a reordered scan's count of live rows) */
    if (js && jit_count_only(q, level)) { hr_count(q, level, all, true); jit_count(q, js, s->t->nrows); return; }
    bool kernel = js != NULL;
    if (js && scan_reordered(s->t, lk)) {   /* the kernel's rows, then in the scan's order */
        n = ncand = kernel_sorted(ctx, js, s->t, &cand);
        js = NULL;
    }
    if (js) n = jb_begin(js, n);
    uint64_t seen = 0;
    bool cut = false;
    for (uint32_t i = 0; i < n || (js && (i = 0, n = jb_next(ctx, js, &cand)) > 0); i++) {
        uint32_t r = cand ? cand[i] : i;
        ex_slice_tick(ctx);
        if (s->t && !stor_row_visible(s->t, r)) continue;
        if (rowlocks && stor_row_lock(s->t, r, lock_x(q, level)) == STOR_LOCKED) ex_raise_locked(ctx);
        if (exam_rows && exam_read(ctx, false)) { cut = true; break; }
        seen++;
        ctx->rows[level] = r;
        if (q->an_loops) q->an_read[level]++;
        uint64_t tc = q->an_loops ? ex_now_ns() : 0;
        bool ok = !(q->on[level] && !passes(ctx, q->on[level])) &&
                  !(q->gends[level] && !group_arrive(q, level, level + 1)) && level_filters(q, level);
        if (q->an_loops) q->an_cond_ns[level] += ex_now_ns() - tc;
        if (!ok) continue;
        if (q->an_loops) q->an_pass[level]++;
        scan_level(q, level + 1);
        if (scan_stop(q) || (exam && (ctx->stmt->exam_hit || q->exam_full))) { cut = true; break; }
    }
    hr_count(q, level, kernel && !cut ? all : seen, !cut);   /* (a kernel hands out the rows that pass) */
    if (limited && !cut) gap_finish(q, level, lk, &gk, &gap);
    if (cut) return;
    if (exam) for (int i = 0; i < exam_ends; i++) if (exam_read(ctx, true)) return;
    if (outer && !q->gmatched[level]) {
        /* no row of the group matched: one row with all of its tables NULL */
        for (int k = level; k < q->nsrc; k++) ctx->rows[k] = EX_NULLROW;
        if (q->gends[gend] && !group_arrive(q, gend, level)) return;
        for (int k = level; k <= gend; k++) if (!level_filters(q, k)) return;
        scan_level(q, gend + 1);
    }
}

/* Evaluates the select items and order keys for the current row/group. */
/* ---------------------------------------------------------------- window functions */

/* An output row of a query with window functions: HAVING first (with the windows'
 * values NULL; MariaDB does not allow them there), then the row waits. */
static void window_pend(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    if (q->having) {
        ex_prog **items = q->rlevel >= 0 ? q->ritems[q->rlevel] : q->items;
        ex_prog *having = q->rlevel >= 0 ? q->rhaving[q->rlevel] : q->having;
        pdb_value vals[q->nitems > 0 ? q->nitems : 1];
        for (int i = 0; i < q->nitems; i++) ex_eval(ctx, items[i], &vals[i]);
        ctx->itemv = vals;
        bool ok = passes(ctx, having);
        ctx->itemv = NULL;
        if (!ok) return;
    }
    if (q->npend == q->cpend) {
        uint32_t nc = q->cpend ? q->cpend * 2 : 64;
        uint32_t *nr = stor_arena_alloc(ctx->a, (size_t)nc * (size_t)(q->nsrc ? q->nsrc : 1) * sizeof *nr);
        pdb_value *na = stor_arena_alloc(ctx->a, (size_t)nc * (size_t)(q->naggs ? q->naggs : 1) * sizeof *na);
        pdb_value *nk = stor_arena_alloc(ctx->a, (size_t)nc * (size_t)(q->nwkeys ? q->nwkeys : 1) * sizeof *nk);
        if (q->npend) {
            memcpy(nr, q->prows, (size_t)q->npend * (size_t)q->nsrc * sizeof *nr);
            memcpy(na, q->paggv, (size_t)q->npend * (size_t)q->naggs * sizeof *na);
            memcpy(nk, q->pkeys, (size_t)q->npend * (size_t)q->nwkeys * sizeof *nk);
        }
        q->prows = nr; q->paggv = na; q->pkeys = nk; q->cpend = nc;
    }
    uint32_t r = q->npend++;
    memcpy(&q->prows[(size_t)r * q->nsrc], ctx->rows, (size_t)q->nsrc * sizeof(uint32_t));
    for (int i = 0; i < q->naggs; i++) q->paggv[(size_t)r * q->naggs + i] = ctx->aggv ? ctx->aggv[i] : ex_null();
    pdb_value *k = &q->pkeys[(size_t)r * q->nwkeys];
    for (int w = 0; w < q->nwins; w++) {
        ex_win *wn = q->wins[w];
        pdb_value *kk = k + q->wkoff[w];
        for (int i = 0; i < wn->npart; i++) { ex_eval(ctx, wn->part[i], &kk[i]); kk[i] = ex_persist(ctx->a, &kk[i]); }
        for (int i = 0; i < wn->norder; i++) { ex_eval(ctx, wn->order[i], &kk[wn->npart + i]); kk[wn->npart + i] = ex_persist(ctx->a, &kk[wn->npart + i]); }
    }
}

/* Makes pending row r the current row (its sources and aggregate results). */
static void window_restore(qstate *q, uint32_t r)
{
    memcpy(q->ctx->rows, &q->prows[(size_t)r * q->nsrc], (size_t)q->nsrc * sizeof(uint32_t));
    q->ctx->aggv = q->naggs ? &q->paggv[(size_t)r * q->naggs] : NULL;
}

static pdb_value window_eval_at(qstate *q, uint32_t r, ex_prog *p)
{
    pdb_value v;
    window_restore(q, r);
    ex_eval(q->ctx, p, &v);
    return ex_persist(q->ctx->a, &v);
}

/* An ENUM column's value as its member's index, a SET's as its bit mask (the values are
 * the members as stored: declared names, ',' between). */
static uint64_t enum_number(const stor_column *c, const pdb_value *v)
{
    uint64_t r = 0;
    for (size_t i = 0; i < v->len;) {
        size_t j = i;
        while (c->type == CT_SET && j < v->len && v->p[j] != ',') j++;
        if (c->type != CT_SET) j = v->len;
        for (uint32_t k = 0; k < c->n_enum && k < 64; k++)
            if (strlen(c->enum_vals[k]) == j - i && !memcmp(c->enum_vals[k], v->p + i, j - i)) {
                r = c->type == CT_SET ? r | 1ull << k : k + 1;
                break;
            }
        i = j + 1;
    }
    return r;
}

/* GROUP BY's order of two keys: an ENUM or SET by its number, as MariaDB sorts them. */
static int key_cmp(const pdb_value *a, const pdb_value *b, const ex_type *t)
{
    if (t->enumc && a->t == VT_STRING && b->t == VT_STRING) {
        uint64_t x = enum_number(t->enumc, a), y = enum_number(t->enumc, b);
        return x < y ? -1 : x > y;
    }
    return cmp_nulls_first(a, b, t->vt == VT_STRING ? t->coll : 0);
}

/* The order of groups: by key, keys that compare equal in the order the groups were
 * made (a stable sort; it was a binary insertion, O(groups^2) moves). */
static int grp_key_cmp(const qstate *q, const pdb_value *a, const pdb_value *b)
{
    for (int k = 0; k < q->ngroup; k++) {
        int c = key_cmp(&a[k], &b[k], &q->gtypes[k]);
        if (c) return k < 64 && (q->sel->group_desc >> k & 1) ? -c : c;   /* GROUP BY x DESC */
    }
    return 0;
}

static int grp_cmp(const void *x, const void *y, void *arg)
{
    const grp *a = *(grp *const *)x, *b = *(grp *const *)y;
    int c = grp_key_cmp(arg, a->key, b->key);
    return c ? c : a->seq < b->seq ? -1 : a->seq > b->seq;
}

typedef struct wsort { qstate *q; ex_win *w; int off; } wsort;

static int win_cmp(const void *x, const void *y, void *arg)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    const wsort *ws = arg;
    qstate *q = ws->q;
    const pdb_value *ka = &q->pkeys[(size_t)a * q->nwkeys + ws->off], *kb = &q->pkeys[(size_t)b * q->nwkeys + ws->off];
    for (int i = 0; i < ws->w->npart; i++) {
        int c = key_cmp(&ka[i], &kb[i], &ws->w->ktypes[i]);
        if (c) return c;
    }
    for (int i = 0; i < ws->w->norder; i++) {
        int j = ws->w->npart + i;
        int c = key_cmp(&ka[j], &kb[j], &ws->w->ktypes[j]);
        if (c) return ws->w->w->order[i].desc ? -c : c;
    }
    return a < b ? -1 : a > b;   /* stable */
}

static bool same_keys(qstate *q, ex_win *w, int off, uint32_t a, uint32_t b, int from, int to)
{
    const pdb_value *ka = &q->pkeys[(size_t)a * q->nwkeys + off], *kb = &q->pkeys[(size_t)b * q->nwkeys + off];
    for (int i = from; i < to; i++) if (key_cmp(&ka[i], &kb[i], &w->ktypes[i]) != 0) return false;
    return true;
}

/* Computes every window function for every pending row, then emits the rows. */
static void window_finish(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    uint32_t n = q->npend;
    pdb_value *res = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * (size_t)q->nwins * sizeof *res);
    uint32_t *ord = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *ord);
    pdb_value *saved_aggv = ctx->aggv;
    for (int wi = 0; wi < q->nwins; wi++) {
        ex_win *w = q->wins[wi];
        pl_window *pw = w->w;
        int off = q->wkoff[wi];
        for (uint32_t i = 0; i < n; i++) ord[i] = i;
        wsort ws = { q, w, off };
        if (n > 1) ex_sort(ctx, ord, n, sizeof *ord, win_cmp, &ws);
        int nk = w->npart + w->norder;
        for (uint32_t ps = 0; ps < n;) {
            uint32_t pe = ps + 1;
            while (pe < n && same_keys(q, w, off, ord[ps], ord[pe], 0, w->npart)) pe++;
            uint32_t cnt = pe - ps;
            ex_slice_work(ctx, cnt);   /* (the peers' comparisons below) */
            /* peers: rows of the partition with equal ORDER BY keys */
            uint32_t *peer_first = stor_arena_alloc(ctx->a, cnt * sizeof(uint32_t));
            uint32_t *peer_last = stor_arena_alloc(ctx->a, cnt * sizeof(uint32_t));
            for (uint32_t i = 0; i < cnt; i++) {
                peer_first[i] = i && same_keys(q, w, off, ord[ps + i - 1], ord[ps + i], w->npart, nk) ? peer_first[i - 1] : i;
            }
            for (uint32_t i = cnt; i-- > 0;) {
                peer_last[i] = i + 1 < cnt && same_keys(q, w, off, ord[ps + i + 1], ord[ps + i], w->npart, nk) ? peer_last[i + 1] : i;
            }
            int64_t dense = 0;
            aggst run;
            memset(&run, 0, sizeof run);
            uint32_t run_end = 0;   /* rows [0, run_end) of the partition are in run */
            for (uint32_t i = 0; i < cnt; i++) {
                ex_slice_tick(ctx);
                uint32_t r = ord[ps + i];
                pdb_value *out = &res[(size_t)r * q->nwins + wi];
                if (i == 0 || peer_first[i] == i) dense++;
                /* the frame [fs, fe) in partition positions */
                int64_t fs, fe;
                if (pw->unit == 0) {
                    fs = 0;
                    fe = w->norder ? (int64_t)peer_last[i] + 1 : (int64_t)cnt;
                } else {
                    int64_t bnd[2];
                    int kinds[2] = { pw->start, pw->end };
                    int64_t ns[2] = { pw->start_n, pw->end_n };
                    for (int b = 0; b < 2; b++) {
                        bool isend = b == 1;
                        switch (kinds[b]) {
                        case WB_UNB_PREC: bnd[b] = 0; break;
                        case WB_UNB_FOLL: bnd[b] = cnt; break;
                        case WB_CURRENT:
                            if (pw->unit == 2) bnd[b] = isend ? (int64_t)peer_last[i] + 1 : (int64_t)peer_first[i];
                            else bnd[b] = isend ? (int64_t)i + 1 : (int64_t)i;
                            break;
                        default: {   /* N PRECEDING / FOLLOWING: clamped, N may be near 2^63 */
                            __int128 v = (__int128)i + (kinds[b] == WB_PREC ? -(__int128)ns[b] : (__int128)ns[b]) + (isend ? 1 : 0);
                            bnd[b] = v < -1 ? -1 : v > (__int128)cnt + 1 ? (int64_t)cnt + 1 : (int64_t)v;
                            break;
                        }
                        }
                    }
                    fs = bnd[0] < 0 ? 0 : bnd[0];
                    fe = bnd[1] > (int64_t)cnt ? (int64_t)cnt : bnd[1];
                }
                switch (w->kind) {
                case WF_ROW_NUMBER: *out = ex_int((int64_t)i + 1); break;
                case WF_RANK: *out = ex_int((int64_t)peer_first[i] + 1); break;
                case WF_DENSE_RANK: *out = ex_int(dense); break;
                case WF_PERCENT_RANK: *out = ex_dbl(cnt > 1 ? (double)peer_first[i] / (double)(cnt - 1) : 0.0); break;
                case WF_CUME_DIST: *out = ex_dbl((double)(peer_last[i] + 1) / (double)cnt); break;
                case WF_NTILE: {
                    pdb_value nv = window_eval_at(q, r, w->args[0]);
                    int64_t buckets = nv.t == VT_NULL ? 0 : ex_to_int(&nv);
                    if (buckets <= 0) ex_raise(ctx, 1210, "HY000", "Incorrect arguments to NTILE");
                    int64_t per = (int64_t)cnt / buckets, extra = (int64_t)cnt % buckets;
                    int64_t pos = (int64_t)i, b;
                    if (pos < extra * (per + 1)) b = pos / (per + 1);
                    else b = extra + (per ? (pos - extra * (per + 1)) / per : 0);
                    *out = ex_int(b + 1);
                    break;
                }
                case WF_LAG: case WF_LEAD: {
                    int64_t offn = 1;
                    if (w->nargs > 1) { pdb_value ov = window_eval_at(q, r, w->args[1]); offn = ov.t == VT_NULL ? 0 : ex_to_int(&ov); }
                    int64_t j;
                    bool past = w->kind == WF_LAG ? __builtin_sub_overflow((int64_t)i, offn, &j)
                                                  : __builtin_add_overflow((int64_t)i, offn, &j);
                    if (!past && j >= 0 && j < (int64_t)cnt) *out = window_eval_at(q, ord[ps + (uint32_t)j], w->args[0]);
                    else *out = w->nargs > 2 ? window_eval_at(q, r, w->args[2]) : ex_null();
                    break;
                }
                case WF_FIRST_VALUE: case WF_LAST_VALUE: case WF_NTH_VALUE: {
                    int64_t j = w->kind == WF_FIRST_VALUE ? fs : w->kind == WF_LAST_VALUE ? fe - 1 : -1;
                    if (w->kind == WF_NTH_VALUE) {
                        pdb_value nv = window_eval_at(q, r, w->args[1]);
                        int64_t nth = nv.t == VT_NULL ? 0 : ex_to_int(&nv);
                        if (nth <= 0) ex_raise(ctx, 1210, "HY000", "Incorrect arguments to NTH_VALUE");
                        j = fs + nth - 1;
                    }
                    *out = j >= fs && j < fe ? window_eval_at(q, ord[ps + (uint32_t)j], w->args[0]) : ex_null();
                    break;
                }
                case WF_AGG: {
                    if (fs == 0 && fe >= (int64_t)run_end) {
                        /* frames growing from the partition start: a running aggregate */
                        for (; (int64_t)run_end < fe; run_end++) {
                            ex_slice_tick(ctx);
                            window_restore(q, ord[ps + run_end]);
                            agg_add(q, w->ag, &run);
                        }
                        *out = agg_result(q, w->ag, &run);
                    } else {
                        aggst st;
                        memset(&st, 0, sizeof st);
                        for (int64_t j = fs; j < fe; j++) {
                            ex_slice_tick(ctx);
                            window_restore(q, ord[ps + (uint32_t)j]);
                            agg_add(q, w->ag, &st);
                        }
                        *out = agg_result(q, w->ag, &st);
                    }
                    *out = ex_persist(ctx->a, out);
                    break;
                }
                }
            }
            ps = pe;
        }
    }
    /* emit in the order the rows came */
    for (uint32_t r = 0; r < n; r++) {
        ex_slice_tick(ctx);
        window_restore(q, r);
        ctx->winv = &res[(size_t)r * q->nwins];
        emit_output(q);
    }
    ctx->winv = NULL;
    ctx->aggv = saved_aggv;
}

static inline uint64_t distinct_hash(qstate *q, const pdb_value *row)
{
    uint64_t h = 0;
    for (int i = 0; i < q->nitems; i++)
        h = h * 31 + (row[i].t == VT_INT ? (uint64_t)row[i].i * 0x9e3779b97f4a7c15ull   /* ex_hash_value's */
                                          : ex_hash_value(&row[i], q->itypes[i].vt == VT_STRING ? q->itypes[i].coll : 0));
    return stor_hash_fin(h);
}

/* Do two output rows have equal items (DISTINCT's equality)? */
static inline bool distinct_same(qstate *q, const pdb_value *a, const pdb_value *b)
{
    for (int i = 0; i < q->nitems; i++) {
        if (a[i].t == VT_INT && b[i].t == VT_INT) { if (a[i].i != b[i].i) return false; }
        else if (!ex_values_equal(&a[i], &b[i], q->itypes[i].vt == VT_STRING ? q->itypes[i].coll : 0)) return false;
    }
    return true;
}

/* Is the output row vals (its items) not yet in q->out? Gives its hash bucket, and
 * the row equal to it in *dup (when there is one and dup is not NULL). */
static bool distinct_new(qstate *q, const pdb_value *vals, uint32_t *bucket, int32_t *dup)
{
    if (q->dlast && q->dlast <= q->out.nrows && q->dht &&
        distinct_same(q, vals, &q->out.v[(size_t)(q->dlast - 1) * q->out.ncols])) {
        if (dup) *dup = (int32_t)q->dlast - 1;
        return false;
    }
    if (!q->dht || q->out.nrows * 2 >= q->dhcap) {
        /* (re)build the table over the rows so far */
        uint32_t cap = q->dhcap ? q->dhcap * 2 : 64;
        while (cap <= q->out.nrows * 2) cap *= 2;
        q->dhcap = cap;
        q->dht = stor_arena_alloc(q->ctx->a, cap * sizeof(int32_t));
        q->dnext = stor_arena_alloc(q->ctx->a, (cap / 2) * sizeof(int32_t));
        memset(q->dht, -1, cap * sizeof(int32_t));
        for (uint32_t r = 0; r < q->out.nrows; r++) {
            ex_slice_tick(q->ctx);
            uint32_t b = (uint32_t)(distinct_hash(q, &q->out.v[(size_t)r * q->out.ncols]) & (cap - 1));
            q->dnext[r] = q->dht[b]; q->dht[b] = (int32_t)r;
        }
    }
    uint32_t b = (uint32_t)(distinct_hash(q, vals) & (q->dhcap - 1));
    *bucket = b;
    for (int32_t k = q->dht[b]; k >= 0; k = q->dnext[k]) {
        const pdb_value *other = &q->out.v[(size_t)k * q->out.ncols];
        if (distinct_same(q, vals, other)) {
            if (dup) *dup = k;
            q->dlast = (uint32_t)k + 1;
            return false;
        }
    }
    return true;
}

/* DISTINCT over groups: MariaDB keeps, of groups whose items are equal (strings equal
 * under their collation), the one it made first (its temporary table's order), while
 * pressdb makes the rows in group key order. Per output row, the first source's row id
 * of the group behind it (qstate.dfirst): a group met earlier in the scan replaces the
 * values of a row equal to it. */
static bool distinct_group_earlier(qstate *q, int32_t dup)
{
    return !q->ritems && q->nsrc && q->dfirst && (uint32_t)dup < q->ndfirst && q->ctx->rows[0] < q->dfirst[dup];
}

static void distinct_group_note(qstate *q)
{
    uint32_t r = q->out.nrows - 1;
    if (r >= q->cdfirst) {
        uint32_t nc = q->cdfirst ? q->cdfirst * 2 : 64;
        uint32_t *n = stor_arena_alloc(q->ctx->a, nc * sizeof *n);
        if (q->ndfirst) memcpy(n, q->dfirst, q->ndfirst * sizeof *n);
        q->dfirst = n; q->cdfirst = nc;
    }
    q->dfirst[r] = q->ctx->rows[0];
    q->ndfirst = r + 1;
}

static void distinct_add(qstate *q, uint32_t b)
{
    uint32_t r = q->out.nrows - 1;
    q->dnext[r] = q->dht[b]; q->dht[b] = (int32_t)r;
    q->dlast = r + 1;
}

static void emit_output(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    int nv = q->nitems + q->norder;
    pdb_value vals[nv > 0 ? nv : 1];
    if (q->nwins && !ctx->winv) { window_pend(q); return; }
    ex_prog **items = q->rlevel >= 0 ? q->ritems[q->rlevel] : q->items;
    ex_prog *having = q->rlevel >= 0 ? q->rhaving[q->rlevel] : q->having;
    const bool *quiet = NULL;
    if (q->grouped && q->gwarn > 0) {
        if (!q->gquiet) {
            int nl = q->ritems ? q->ngroup : 1;   /* (rollup levels 0..ngroup-2, then the ordinary rows) */
            bool *gq = stor_arena_alloc(ctx->a, ((size_t)nl * (size_t)q->nitems + (size_t)q->norder + 1) * sizeof *gq);
            for (int l = 0; l < nl; l++) {
                ex_prog **its = q->ritems && l < nl - 1 ? q->ritems[l] : q->items;
                for (int i = 0; i < q->nitems; i++) gq[(size_t)l * (size_t)q->nitems + (size_t)i] = grouping_is_key(q, its[i]);
            }
            for (int i = 0; i < q->norder; i++) gq[(size_t)nl * (size_t)q->nitems + (size_t)i] = grouping_is_key(q, q->order[i]);
            q->gquiet = gq;
        }
        int l = q->ritems ? (q->rlevel >= 0 ? q->rlevel : q->ngroup - 1) : 0;
        quiet = &q->gquiet[(size_t)l * (size_t)q->nitems];
    }
    for (int i = 0; i < q->nitems; i++) {
        if (quiet && quiet[i]) { bool qs = ctx->quiet; ctx->quiet = true; ex_eval(ctx, items[i], &vals[i]); ctx->quiet = qs; }
        else ex_eval(ctx, items[i], &vals[i]);
    }
    if (exam_stopped(ctx)) return;   /* (LIMIT ROWS EXAMINED stopped a subquery of this row) */
    ctx->itemv = vals;
    if (having && !ctx->winv && !passes(ctx, having)) { ctx->itemv = NULL; return; }
    uint32_t dbucket = 0;
    int32_t dup = -1;
    bool dgroups = q->dstream && q->grouped && !q->ritems && q->nsrc;
    if (q->dstream && !distinct_new(q, vals, &dbucket, dgroups ? &dup : NULL) &&
        !(dup >= 0 && distinct_group_earlier(q, dup))) { ctx->itemv = NULL; return; }
    const bool *oquiet = q->gquiet && q->grouped && q->gwarn > 0 ? &q->gquiet[(size_t)(q->ritems ? q->ngroup : 1) * (size_t)q->nitems] : NULL;
    for (int i = 0; i < q->norder; i++) {
        if (q->order_pos[i] >= 0) vals[q->nitems + i] = vals[q->order_pos[i]];
        else if (oquiet && oquiet[i]) { bool qs = ctx->quiet; ctx->quiet = true; ex_eval(ctx, q->order[i], &vals[q->nitems + i]); ctx->quiet = qs; }
        else ex_eval(ctx, q->order[i], &vals[q->nitems + i]);
        if (q->oprimary && q->oprimary[i] && vals[q->nitems + i].t == VT_STRING) vals[q->nitems + i].coll |= PDB_COLL_PRIMARY;
    }
    ctx->itemv = NULL;
    if (dup >= 0) {   /* an earlier group's values for the row equal to it */
        pdb_value *row = &q->out.v[(size_t)dup * q->out.ncols];
        for (uint32_t i = 0; i < q->out.ncols; i++) row[i] = ex_persist(ctx->a, &vals[i]);
        q->dfirst[dup] = ctx->rows[0];
        return;
    }
    if (q->fs) {
        if (q->norow == q->corow) {
            uint32_t nc = q->corow ? q->corow * 2 : 64;
            uint32_t *nr = stor_arena_alloc(ctx->a, (size_t)nc * sizeof *nr);
            if (q->norow) memcpy(nr, q->orow, (size_t)q->norow * sizeof *nr);
            q->orow = nr; q->corow = nc;
        }
        q->orow[q->norow++] = ctx->rows[0];
    }
    if (q->spill) { ex_spill_push(ctx, q->spill, vals); return; }   /* (none of the below applies: spill_setup) */
    ex_rows_push(ctx->a, &q->out, vals);
    if (q->dstream) distinct_add(q, dbucket);
    if (dgroups) distinct_group_note(q);
    if (q->exam_want && q->out.nrows >= q->exam_want) q->exam_full = true;
    if (q->limit_want && q->out.nrows >= q->limit_want) q->limit_full = true;
}

/* ---------------------------------------------------------------- sorting */

typedef struct sortctx { qstate *q; pdb_value *base; uint32_t ncols; } sortctx;

/* Keys padded to the longest with pad bytes, as MariaDB's filesort pads a PAD SPACE
 * collation's keys to the column's length (a key that goes on below a space's weight,
 * 'a\t' against 'a', sorts before the shorter one); false when that takes too much. */
static bool pad_keys(ex_ctx *ctx, pdb_value *keys, uint32_t n, uint8_t pad)
{
    uint32_t longest = 0;
    for (uint32_t k = 0; k < n; k++) if (keys[k].t != VT_NULL && keys[k].len > longest) longest = keys[k].len;
    if ((uint64_t)longest * n > ((uint64_t)1 << 30)) return false;
    for (uint32_t k = 0; k < n; k++) {
        if (keys[k].t == VT_NULL || keys[k].len == longest) continue;
        char *p = stor_arena_alloc(ctx->a, longest);
        memcpy(p, keys[k].p, keys[k].len);
        memset(p + keys[k].len, pad, longest - keys[k].len);
        keys[k].p = p; keys[k].len = longest;
    }
    return true;
}

/* A big sort on strings of a UCA collation: each row's ORDER BY value (a slot of its
 * own, not output) becomes its collation sort key, compared as bytes, so a comparison
 * costs a memcmp instead of two weight scans. All or nothing per ORDER BY item. With
 * filesort, only the items whose filesort order is not their comparison order (big5),
 * which must be sorted so; without, only the others. */
static void sortkeys(ex_ctx *ctx, qstate *q, ex_rows *o, const uint32_t *idx, uint32_t n, bool filesort)
{
    for (int i = 0; i < q->norder; i++) {
        uint32_t col = (uint32_t)(q->nitems + i);
        uint16_t coll = 0;
        bool ok = true;
        size_t total = 0;
        for (uint32_t k = 0; k < n && ok; k++) {
            const pdb_value *v = &o->v[(size_t)idx[k] * o->ncols + col];
            if (v->t == VT_NULL) continue;
            if (v->t != VT_STRING || (coll && v->coll != coll)) ok = false;
            coll = v->coll;
            total += (size_t)v->len * 24 + 3;
        }
        if (!ok || !coll || !pdb_coll_by_id(coll) || total > ((size_t)1 << 30)) continue;
        if (pdb_coll_sort_differs(coll) != filesort) continue;   /* (a speed-up must not change the order) */
        pdb_value *keys = stor_arena_alloc(ctx->a, (size_t)n * sizeof *keys);
        for (uint32_t k = 0; k < n && ok; k++) {
            ex_slice_tick(ctx);
            const pdb_value *v = &o->v[(size_t)idx[k] * o->ncols + col];
            keys[k] = *v;
            if (v->t == VT_NULL) continue;
            size_t cap = (size_t)v->len * 24 + 3;
            uint8_t *buf = stor_arena_alloc(ctx->a, cap);
            long kl = pdb_coll_sortkey(coll, v->p ? v->p : "", v->len, buf, cap);
            if (kl < 0) { ok = false; break; }
            keys[k].p = (const char *)buf; keys[k].len = (uint32_t)kl; keys[k].coll = COLL_BINARY;
        }
        int pad = ok ? pdb_coll_sortkey_pad(coll) : -1;
        if (pad >= 0 && !pad_keys(ctx, keys, n, (uint8_t)pad)) ok = false;
        if (!ok) continue;
        for (uint32_t k = 0; k < n; k++) o->v[(size_t)idx[k] * o->ncols + col] = keys[k];
    }
}

/* Whether an ORDER BY item is a string of a collation that MariaDB's filesort orders
 * otherwise than it compares (big5_chinese_ci: sort keys of a stroke order): such rows
 * are sorted by their sort keys, whatever their number. */
static bool sort_by_keys(const qstate *q, const ex_rows *o, const uint32_t *idx, uint32_t n)
{
    for (int i = 0; i < q->norder; i++) {
        uint32_t col = (uint32_t)(q->nitems + i);
        for (uint32_t k = 0; k < n; k++) {
            const pdb_value *v = &o->v[(size_t)idx[k] * o->ncols + col];
            if (v->t == VT_NULL) continue;
            if (v->t == VT_STRING && pdb_coll_sort_differs(v->coll)) return true;
            break;
        }
    }
    return false;
}

/* Does MariaDB read the block's one table through a key in the ORDER BY's order (a lookup
 * or range in it; or a full scan of the primary key, or of a key holding every column
 * read, as its test_if_skip_sort_order picks one), so it sorts nothing and the rows come
 * in the collation's comparison order? (A key its index hints deny is not.) */
static bool order_from_key(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    const stor_table *t = q->nsrc == 1 ? ctx->src[0].t : NULL;
    if (!t) return false;
    const lookup *lk = &q->lk[0];
    if (lk->korder) return true;
    if (lk->ix || lk->rix || lk->hcol >= 0) return false;
    for (uint32_t k = 0; k < t->nidx; k++) {
        const stor_index *x = &t->idx[k];
        if (x->kind == IK_FULLTEXT || x->kind == IK_SPATIAL || !order_key_allowed(&ctx->src[0], x) ||
            !ex_key_allowed(&ctx->src[0], x)) continue;
        if ((x == stor_primary(t) || ex_covering(ctx, q->sel, 0, x)) && ex_order_key(ctx, q->sel, 0, x, 0)) return true;
    }
    return false;
}

/* ORDER BY's order of two output rows, as out_cmp without its last key (the row's place). */
static int order_cmp(const pdb_value *ra, const pdb_value *rb, void *arg)
{
    qstate *q = arg;
    for (int i = 0; i < q->norder; i++) {
        int c = cmp_nulls_first(&ra[q->nitems + i], &rb[q->nitems + i], 0);
        if (c) return q->desc[i] ? -c : c;
    }
    return 0;
}

/* Spilling (spill.c): the output rows of a block with ORDER BY go to a run buffer that
 * is written to disk in sorted runs once it holds more than MariaDB's limit for an
 * in-memory temporary table, min(tmp_table_size, max_heap_table_size) (at least 16 KiB,
 * and at most an eighth of max_session_mem_used, so a lowered statement limit spills
 * before it fails). Not with DISTINCT or window functions (they look back at the rows
 * made), nor under LIMIT ROWS EXAMINED (it drops the rows made). */
static size_t spill_limit(ex_ctx *ctx)
{
    if (ctx->stmt->spill_lim) return ctx->stmt->spill_lim;
    uint64_t lim = pdb_tmp_table_limit(ctx->s);
    if (ctx->s->max_session_mem_used / 8 < lim) lim = ctx->s->max_session_mem_used / 8;
    if (lim < 16384) lim = 16384;
    if (lim > SIZE_MAX / 2) lim = SIZE_MAX / 2;
    return ctx->stmt->spill_lim = (size_t)lim;
}

/* Whether the aggregates may be computed later than the scan (a spilled group's rows are
 * aggregated after it, in key order): no argument that warns (1292: warnings come in scan
 * order), reads a user or system variable, runs a subquery or a volatile function. */
static bool aggs_deferrable(const qstate *q)
{
    for (int i = 0; i < q->naggs; i++) {
        const ex_agg *ag = q->aggs[i];
        for (int k = 0; k < ag->nargs; k++)
            if (ag->args[k].may_warn || !prog_repeatable(&ag->args[k])) return false;
        for (int k = 0; k < ag->norder; k++)
            if (ag->order[k]->may_warn || !prog_repeatable(ag->order[k])) return false;
    }
    return true;
}

/* GROUP BY spills (the same limit, on the arena's growth while groups are made) unless
 * WITH ROLLUP, DISTINCT, window functions, LIMIT ROWS EXAMINED, GROUP BY expressions
 * that warn (MariaDB's warnings come in the order of the scan) or aggregates that cannot
 * wait (aggs_deferrable) are part of it. */
static void spill_setup(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    pl_select *sel = q->sel;
    if (ctx->describe || ctx->stmt->exam_on || sel->distinct || q->dstream || q->nwins) return;
    /* (the limit is two variable lookups: only for a block that may spill) */
    if (q->grouped && sel->ngroup && !q->ritems && q->ngroup <= 64 && !grouping_warns(q) && aggs_deferrable(q)) {
        q->glimit = spill_limit(ctx);
        q->gheld0 = ctx->a->held;
    }
    if (!q->norder) return;
    size_t lim = spill_limit(ctx);
    int64_t l = limit_value(ctx, sel->limit), o = limit_value(ctx, sel->offset);
    uint64_t keep = l < 0 || sel->with_ties ? 0 : (uint64_t)l + (uint64_t)(o > 0 ? o : 0);
    if (l == 0 && !sel->with_ties && keep == 0) keep = 1;   /* (LIMIT 0: none is wanted; 0 would mean all) */
    q->spill = ex_spill_new(ctx, q->out.ncols, lim, keep, order_cmp, q);
}

static int group_row_cmp(const pdb_value *a, const pdb_value *b, void *arg) { return grp_key_cmp(arg, a, b); }

/* The groups of a GROUP BY that spilled, in key order: the groups in memory (gs, sorted)
 * and those of the spilled rows (sorted by key, each group's rows in scan order, so its
 * first row and its aggregates' order are those it would have in memory), made one at a
 * time in one reused group. */
typedef struct gmerge {
    qstate *q;
    grp **gs;            /* the groups in memory, sorted */
    uint32_t next;       /* the first of them not yet sent */
    pdb_value *aggv;
    stor_arena *main, *scratch;   /* the statement's arena; the one of cur's aggregate values
                                     (NULL: the statement's, see gm_plain) */
    bool plain;
    grp cur;             /* the spilled group being made */
    bool open;
    char *kb;            /* cur's key bytes */
    size_t kcap;
} gmerge;

/* A program that reads only columns and constants: evaluating it allocates nothing that
 * must outlive the group (a function may note a warning for the statement, a subquery
 * keep its rows, a comparison its converted constant, all in ctx->a). */
static bool gm_plain_prog(const ex_prog *p)
{
    if (p->maxstack > 64) return false;
    for (int i = 0; i < p->nops; i++)
        if (p->ops[i].code != OP_CONST && p->ops[i].code != OP_COL && p->ops[i].code != OP_OUTER) return false;
    return true;
}

/* Whether the aggregates' values may live in the scratch arena: their programs are plain. */
static bool gm_plain(const qstate *q)
{
    for (int i = 0; i < q->naggs; i++) {
        const ex_agg *ag = q->aggs[i];
        for (int k = 0; k < ag->nargs; k++) if (!gm_plain_prog(&ag->args[k])) return false;
        for (int k = 0; k < ag->norder; k++) if (!gm_plain_prog(ag->order[k])) return false;
    }
    return true;
}

static void gm_emit(gmerge *m, grp *gr)
{
    qstate *q = m->q;
    ex_ctx *ctx = q->ctx;
    memcpy(ctx->rows, gr->rows, (size_t)q->nsrc * sizeof(uint32_t));
    if (gr == &m->cur && m->scratch) ctx->a = m->scratch;   /* (its values live there until the next group) */
    for (int i = 0; i < q->naggs; i++) m->aggv[i] = agg_result(q, q->aggs[i], &gr->st[i]);
    ctx->a = m->main;
    ctx->aggv = m->aggv;
    emit_output(q);
}

/* Sends the groups in memory that come before key (all of them: key NULL). */
static void gm_until(gmerge *m, const pdb_value *key)
{
    while (m->next < m->q->ngroups && (!key || grp_key_cmp(m->q, m->gs[m->next]->key, key) < 0))
        gm_emit(m, m->gs[m->next++]);
}

static bool gm_each(ex_ctx *ctx, const pdb_value *row, void *arg)
{
    gmerge *m = arg;
    qstate *q = m->q;
    bool same = m->open;
    for (int i = 0; i < q->ngroup && same; i++)
        same = ex_values_equal(&m->cur.key[i], &row[i], row[i].t == VT_STRING ? q->gtypes[i].coll : 0);
    if (!same) {
        if (m->open) gm_emit(m, &m->cur);
        gm_until(m, row);
        size_t need = 0;
        for (int i = 0; i < q->ngroup; i++)
            if ((row[i].t == VT_STRING || row[i].t == VT_DECIMAL) && row[i].len) need += row[i].len;
        if (need > m->kcap) { m->kcap = need * 2; m->kb = stor_arena_alloc(ctx->a, m->kcap); }
        char *p = m->kb;
        for (int i = 0; i < q->ngroup; i++) {
            m->cur.key[i] = row[i];
            if ((row[i].t == VT_STRING || row[i].t == VT_DECIMAL) && row[i].len) {
                memcpy(p, row[i].p, row[i].len);
                m->cur.key[i].p = p;
                p += row[i].len;
            }
        }
        for (int i = 0; i < q->nsrc; i++) m->cur.rows[i] = (uint32_t)row[q->ngroup + i].i;
        memset(m->cur.st, 0, (size_t)(q->naggs ? q->naggs : 1) * sizeof(aggst));
        if (m->plain && !m->scratch) m->scratch = ex_spill_scratch(ctx, q->gspill);
        if (m->scratch) stor_arena_reset(m->scratch);   /* (the last group's aggregate values) */
        m->open = true;
    }
    for (int i = 0; i < q->nsrc; i++) ctx->rows[i] = (uint32_t)row[q->ngroup + i].i;
    if (m->scratch) ctx->a = m->scratch;
    for (int i = 0; i < q->naggs; i++) agg_add(q, q->aggs[i], &m->cur.st[i]);
    ctx->a = m->main;
    return true;
}

static void groups_merge(qstate *q, grp **gs, pdb_value *aggv)
{
    ex_ctx *ctx = q->ctx;
    gmerge m;
    memset(&m, 0, sizeof m);
    m.q = q; m.gs = gs; m.aggv = aggv;
    m.main = ctx->a;
    m.plain = gm_plain(q);
    m.cur.key = stor_arena_alloc(ctx->a, (size_t)q->ngroup * sizeof(pdb_value));
    m.cur.rows = stor_arena_alloc(ctx->a, (size_t)(q->nsrc ? q->nsrc : 1) * sizeof(uint32_t));
    m.cur.st = stor_arena_alloc(ctx->a, (size_t)(q->naggs ? q->naggs : 1) * sizeof(aggst));
    ex_spill_merge(ctx, q->gspill, gm_each, &m);   /* (its first run is written before gm_each) */
    if (m.open) gm_emit(&m, &m.cur);
    gm_until(&m, NULL);
    ex_spill_scratch_done(q->gspill);
}

/* The rows of a spilled sort from from (with to: up to, with ties: and those that sort
 * as the last one) into the block's result. */
typedef struct spill_out {
    qstate *q;
    ex_rows *result;
    uint64_t at, from, to;
    bool ties;
    pdb_value *last;    /* WITH TIES: the last row taken (its order keys) */
} spill_out;

static bool spill_each(ex_ctx *ctx, const pdb_value *row, void *arg)
{
    spill_out *so = arg;
    qstate *q = so->q;
    uint64_t at = so->at++;
    if (at < so->from) return true;
    if (at >= so->to && !(so->ties && so->last && order_cmp(so->last, row, q) == 0)) return false;
    ex_rows *r = so->result;
    uint32_t nitems = (uint32_t)q->nitems;
    if (r->nrows == r->cap) {
        uint32_t nc = r->cap ? r->cap * 2 : 16;
        pdb_value *nv = stor_arena_alloc(ctx->a, (size_t)nc * (size_t)(nitems ? nitems : 1) * sizeof *nv);
        if (r->nrows) memcpy(nv, r->v, (size_t)r->nrows * (size_t)nitems * sizeof *nv);
        r->v = nv; r->cap = nc;
    }
    pdb_value *dst = &r->v[(size_t)r->nrows * (size_t)nitems];
    for (uint32_t i = 0; i < nitems; i++) dst[i] = ex_persist(ctx->a, &row[i]);
    r->nrows++;
    if (so->ties) {
        if (!so->last) so->last = stor_arena_alloc(ctx->a, q->out.ncols * sizeof *so->last);
        for (uint32_t i = nitems; i < q->out.ncols; i++) so->last[i] = ex_persist(ctx->a, &row[i]);
    }
    return true;
}

static int out_cmp(const void *a, const void *b, void *arg)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    const sortctx *sc = arg;
    qstate *q = sc->q;
    const pdb_value *ra = &sc->base[(size_t)x * sc->ncols], *rb = &sc->base[(size_t)y * sc->ncols];
    for (int i = 0; i < q->norder; i++) {
        const pdb_value *va = &ra[q->nitems + i], *vb = &rb[q->nitems + i];
        int c = cmp_nulls_first(va, vb, 0);
        if (c) return q->desc[i] ? -c : c;
    }
    return x < y ? -1 : x > y;
}


/* ---------------------------------------------------------------- WITH ROLLUP */

/* Two expressions written the same way (names compared as MariaDB compares
 * them; column references must also resolve to the same source). */
static bool same_expr(ex_scope *sc, const pl_expr *a, const pl_expr *b)
{
    if (a->kind != b->kind || a->op != b->op || a->negated != b->negated || a->nargs != b->nargs ||
        a->distinct != b->distinct || a->sub || b->sub)
        return false;
    if (a->kind == E_COLUMN) {
        if (strcasecmp(a->s, b->s)) return false;
        if (a->tbl && b->tbl && strcmp(a->tbl, b->tbl)) return false;
        return ex_expr_srcmask(sc, (pl_expr *)a) == ex_expr_srcmask(sc, (pl_expr *)b);
    }
    if ((a->s == NULL) != (b->s == NULL)) return false;
    if (a->s && (a->slen != b->slen || (a->kind == E_FUNC ? strcasecmp(a->s, b->s) : memcmp(a->s, b->s, a->slen))))
        return false;
    if (a->ival != b->ival || a->norder || b->norder) return false;
    for (int i = 0; i < a->nargs; i++) if (!same_expr(sc, a->args[i], b->args[i])) return false;
    return true;
}

/* A copy of e in which every part equal to a dropped group expression
 * (group[keep..n)) is NULL, as in MariaDB's super-aggregate rows. Aggregate
 * arguments are left alone: they were evaluated over the real rows. */
static pl_expr *rollup_subst(ex_scope *sc, pl_expr *e, pl_expr **group, int ngroup, int keep, stor_arena *a)
{
    if (!e) return e;
    for (int g = keep; g < ngroup; g++)
        if (same_expr(sc, e, group[g])) {
            pl_expr *n = stor_arena_alloc(a, sizeof *n);
            memset(n, 0, sizeof *n);
            n->kind = E_NULL; n->start = e->start; n->srclen = e->srclen;
            return n;
        }
    if (e->kind == E_FUNC && ex_is_aggregate_name(e->s)) return e;
    if (!e->nargs) return e;
    pl_expr *n = stor_arena_alloc(a, sizeof *n);
    *n = *e;
    n->args = stor_arena_alloc(a, (size_t)e->nargs * sizeof *n->args);
    for (int i = 0; i < e->nargs; i++) n->args[i] = rollup_subst(sc, e->args[i], group, ngroup, keep, a);
    return n;
}

/* Moves the k smallest of idx[0..n) (by out_cmp) to idx[0..k), in order. */
static void top_n(sortctx *sc, uint32_t *idx, uint32_t n, uint32_t k)
{
    if (k == 0) return;
    /* max-heap of the k best so far in idx[0..k) */
    for (uint32_t i = 1; i < k; i++)
        for (uint32_t c = i; c > 0;) {
            ex_slice_tick(sc->q->ctx);
            uint32_t p = (c - 1) / 2;
            if (out_cmp(&idx[p], &idx[c], sc) >= 0) break;
            uint32_t t = idx[p]; idx[p] = idx[c]; idx[c] = t;
            c = p;
        }
    for (uint32_t i = k; i < n; i++) {
        ex_slice_tick(sc->q->ctx);
        if (out_cmp(&idx[i], &idx[0], sc) >= 0) continue;
        idx[0] = idx[i];
        for (uint32_t p = 0;;) {
            uint32_t l = 2 * p + 1, r = l + 1, m = p;
            if (l < k && out_cmp(&idx[l], &idx[m], sc) > 0) m = l;
            if (r < k && out_cmp(&idx[r], &idx[m], sc) > 0) m = r;
            if (m == p) break;
            uint32_t t = idx[p]; idx[p] = idx[m]; idx[m] = t;
            p = m;
        }
    }
    ex_sort(sc->q->ctx, idx, k, sizeof *idx, out_cmp, sc);
}

/* ---------------------------------------------------------------- planning */

static int src_ncols(const ex_src *s) { return s->t ? (int)s->t->ncols : s->dncols; }
static const char *src_colname(const ex_src *s, int c) { return s->t ? s->t->cols[c].name : s->dnames[c]; }
static int src_find(const ex_src *s, const char *name)
{
    for (int c = 0; c < src_ncols(s); c++) if (!strcasecmp(src_colname(s, c), name)) return c;
    return -1;
}

static void expand_items(ex_ctx *ctx, pl_select *sel, pl_item **items, int *n)
{
    int cap = sel->nitems + 16, k = 0;
    pl_item *out = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *out);
    for (int i = 0; i < sel->nitems; i++) {
        pl_expr *e = sel->items[i].e;
        if (e->kind != E_STAR) {
            if (k == cap) { cap *= 2; pl_item *o2 = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *o2); memcpy(o2, out, (size_t)k * sizeof *o2); out = o2; }
            out[k++] = sel->items[i];
            continue;
        }
        if (ctx->nsrc == 0) ex_raise(ctx, 1096, "HY000", "No tables used");
        bool merged = false;
        for (int s = 0; s < ctx->nsrc; s++) if (ctx->src[s].nucols) merged = true;
        if (!e->tbl && merged) {
            /* joins with USING / NATURAL: the merged columns once, first, then the
               others of the left side, then the right side's (as MariaDB) */
            int total = 0;
            for (int s = 0; s < ctx->nsrc; s++) total += src_ncols(&ctx->src[s]);
            int *ls = stor_arena_alloc(ctx->a, (size_t)(total + 1) * sizeof(int) * 2), *lc = ls + total + 1;
            int *ts = stor_arena_alloc(ctx->a, (size_t)(total + 1) * sizeof(int) * 2), *tc = ts + total + 1;
            int nl = 0;
            for (int d = 0; d < ctx->nsrc; d++) {
                int si = -1;
                for (int s = 0; s < ctx->nsrc; s++) if (ctx->src[s].decl == d) si = s;
                if (si < 0) continue;
                ex_src *src = &ctx->src[si];
                int nt = 0;
                for (int u = 0; u < src->nucols; u++) {
                    int mine = src_find(src, src->ucols[u]);
                    for (int k = 0; k < nl; k++)
                        if (!strcasecmp(src_colname(&ctx->src[ls[k]], lc[k]), src->ucols[u])) {
                            if (src->coalesce_right) { ts[nt] = si; tc[nt] = mine; }
                            else { ts[nt] = ls[k]; tc[nt] = lc[k]; }
                            nt++;
                            break;
                        }
                }
                for (int side = 0; side < 2; side++) {   /* RIGHT JOIN: the right side's first */
                    if ((side == 0) == !src->coalesce_right)
                        for (int k = 0; k < nl; k++) {
                            bool used = false;
                            for (int u = 0; u < src->nucols; u++) if (!strcasecmp(src_colname(&ctx->src[ls[k]], lc[k]), src->ucols[u])) used = true;
                            if (!used) { ts[nt] = ls[k]; tc[nt] = lc[k]; nt++; }
                        }
                    else
                        for (int c = 0; c < src_ncols(src); c++) {
                            bool used = false;
                            for (int u = 0; u < src->nucols; u++) if (!strcasecmp(src_colname(src, c), src->ucols[u])) used = true;
                            if (!used) { ts[nt] = si; tc[nt] = c; nt++; }
                        }
                }
                memcpy(ls, ts, (size_t)nt * sizeof(int)); memcpy(lc, tc, (size_t)nt * sizeof(int));
                nl = nt;
            }
            for (int j = 0; j < nl; j++) {
                if (k == cap) { cap *= 2; pl_item *o2 = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *o2); memcpy(o2, out, (size_t)k * sizeof *o2); out = o2; }
                ex_src *src = &ctx->src[ls[j]];
                pl_expr *ce = stor_arena_alloc(ctx->a, sizeof *ce);
                memset(ce, 0, sizeof *ce);
                ce->kind = E_COLUMN;
                ce->s = (char *)src_colname(src, lc[j]);
                ce->slen = strlen(ce->s);
                ce->tbl = (char *)src->alias;
                ce->start = ce->s; ce->srclen = ce->slen;
                out[k].e = ce; out[k].alias = NULL;
                k++;
            }
            continue;
        }
        bool any = false;
        for (int d = 0; d < ctx->nsrc; d++) {
            ex_src *src = NULL;
            for (int s = 0; s < ctx->nsrc; s++) if (ctx->src[s].decl == d) src = &ctx->src[s];
            if (!src) continue;
            if (e->tbl && strcmp(e->tbl, src->alias)) continue;
            any = true;
            int nc = src->t ? (int)src->t->ncols : src->dncols;
            for (int c = 0; c < nc; c++) {
                if (k == cap) { cap *= 2; pl_item *o2 = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *o2); memcpy(o2, out, (size_t)k * sizeof *o2); out = o2; }
                pl_expr *ce = stor_arena_alloc(ctx->a, sizeof *ce);
                memset(ce, 0, sizeof *ce);
                ce->kind = E_COLUMN;
                ce->s = (char *)(src->t ? src->t->cols[c].name : src->dnames[c]);
                ce->slen = strlen(ce->s);
                ce->tbl = (char *)src->alias;
                ce->start = ce->s; ce->srclen = ce->slen;
                out[k].e = ce; out[k].alias = NULL;
                k++;
            }
        }
        if (!any) ex_raise(ctx, 1051, "42S02", "Unknown table '%s'", e->tbl);
    }
    *items = out; *n = k;
}

/* ---------------------------------------------------------------- block plans */

/* The optimizer (planner/optimize.c) makes the block's plan (pl_plan); this file runs
 * it. The compiled expression programs of the block (conjuncts, lookup values, select
 * items, ORDER BY) are kept with the plan where expr.c can keep them (ex_kept: this
 * statement's literals go into their slots) and serve an execution whose join order is
 * the plan's; the rest is compiled at every execution. */
/* An expression program kept with a plan (expr.c ex_kept): a WHERE conjunct's, an outer
 * join's ON condition's or a lookup value's, named by its root's node ordinal (pl_nodes), or
 * select item i's or ORDER BY expression i's (key i). */
enum { BK_CONJ, BK_ON, BK_VALUE, BK_ITEM, BK_ORDER };
typedef struct bp_prog {
    int32_t kind, key;
    const ex_kept *k;
} bp_prog;

/* run_block's expression programs: those of the kept plan it uses (use), or those it
 * compiles for a fresh plan to be kept (drafts). */
typedef struct bp_progs {
    pl_select *sel;
    const pl_plan *use;
    bool draft;
    int at;                 /* where the next use is looked for first */
    ex_kdraft **d;
    int32_t *kind, *key;
    int n, cap;
} bp_progs;

static _Atomic uint64_t bp_made, bp_prog_kept, bp_prog_used;

bool ex_plan_verify;

void ex_catalog_changed(void) { pl_catalog_changed(); }

void ex_block_plan_stats(uint64_t *hits, uint64_t *made, uint64_t *stale, uint64_t *replanned)
{
    pl_plan_stats(hits, stale, replanned);
    *made = bp_made;
}

void ex_block_prog_stats(uint64_t *kept, uint64_t *used)
{
    *kept = bp_prog_kept; *used = bp_prog_used;
}


static void bp_free(void *p)
{
    jb_kept_free(((pl_plan *)p)->jit);
    free(p);
}

static void bp_free_hook(void) { pl_shape_set_plan_free(bp_free); }

/* Kernels compiled for a plan made in this execution belong to the statement until
 * bp_keep hands them to the kept plan (bp_own_jit(.., false)): a plan not kept after
 * all, or an error before bp_keep, leaves them to be freed when the statement ends
 * (exec.c), after its scans ran them. */
static void bp_own_jit(ex_ctx *ctx, jb_kept *j, bool own)
{
    ex_stmt *st = ctx->stmt;
    if (!own) {
        for (int i = 0; i < st->njit_orphans; i++)
            if (st->jit_orphans[i] == j) st->jit_orphans[i] = NULL;
        return;
    }
    if (st->njit_orphans == st->cjit_orphans) {
        int nc = st->cjit_orphans ? st->cjit_orphans * 2 : 4;
        jb_kept **n = stor_arena_alloc(ctx->a, (size_t)nc * sizeof *n);
        if (st->njit_orphans) memcpy(n, st->jit_orphans, (size_t)st->njit_orphans * sizeof *n);
        st->jit_orphans = n;
        st->cjit_orphans = nc;
    }
    st->jit_orphans[st->njit_orphans++] = j;
}

/* Keeps a freshly made plan with the shape (one malloc'd block, its expression programs
 * in it: they go when the plan goes; the kernels the JIT compiles for it go in k->jit,
 * this execution's too). */
static void bp_keep(ex_ctx *ctx, pl_select *sel, pl_plan *bp, pl_nodes *nm, const bp_progs *pg)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, bp_free_hook);
    if (bp->nocache || nm->over || !bp->post) return;
    size_t head = pl_plan_head(bp->nsrc);
    size_t size = head + (size_t)bp->ncands * sizeof(pl_probe) + (size_t)(bp->njms + bp->ncj) * sizeof(uint64_t);
    size = (size + 7) & ~(size_t)7;
    size_t kp_at = size;
    size += ((size_t)pg->n * sizeof(bp_prog) + 7) & ~(size_t)7;
    for (int i = 0; i < pg->n; i++) size += ex_kept_size(pg->d[i]);
    pl_plan *k = malloc(size);
    if (!k) return;
    memcpy(k, bp, head);   /* (k->jit: the kernels jit_levels compiled for it) */
    bp_prog *kp = (bp_prog *)((char *)k + kp_at);
    char *m = (char *)kp + (((size_t)pg->n * sizeof(bp_prog) + 7) & ~(size_t)7);
    for (int i = 0; i < pg->n; i++) {
        kp[i].kind = pg->kind[i];
        kp[i].key = pg->key[i];
        kp[i].k = ex_kept_write(pg->d[i], m);
        m += ex_kept_size(pg->d[i]);
    }
    k->progs = kp;
    k->nprogs = pg->n;
    k->conj = NULL;   /* (this execution's) */
    k->nconj = 0;
    char *p = (char *)k + head;
    k->jms = (uint64_t *)p;
    if (bp->njms) memcpy(p, bp->jms, (size_t)bp->njms * sizeof(uint64_t));
    p += (size_t)bp->njms * sizeof(uint64_t);
    k->cjm = (uint64_t *)p;
    if (bp->ncj) memcpy(p, bp->cjm, (size_t)bp->ncj * sizeof(uint64_t));
    p += (size_t)bp->ncj * sizeof(uint64_t);
    k->cands = (pl_probe *)p;
    if (bp->ncands) memcpy(p, bp->cands, (size_t)bp->ncands * sizeof(pl_probe));
    k->ccands = k->ncands; k->cjms = k->njms;
    if (!k->jit) k->jit = jb_kept_new();
    if (pl_shape_set_plan(ctx->stmt->shape, sel->bid, k)) {
        bp_made++;
        bp_prog_kept += (uint64_t)pg->n;
        if (bp->jit) bp_own_jit(ctx, bp->jit, false);   /* the plan's now */
        bp->jit = k->jit;
    } else {
        if (!bp->jit) jb_kept_free(k->jit);   /* (bp's own stay the statement's) */
        free(k);
    }
}

/* The JIT (engine/jit_bridge.c): a level that scans a base table whole, with no ON
 * condition and outside any outer-joined group (its conjuncts are never checked on a NULL
 * row), whose first conjuncts in evaluation order are kernels the JIT can check exactly
 * (fkern.jit), takes its candidate rows from compiled code, which checks those conjuncts
 * (conj.jit: level_filters skips them). Not for ANALYZE or LIMIT ROWS EXAMINED (they
 * count the rows read) nor locking reads. */
/* A plan made now, to be kept (bp_keep, after the select items): its kernels are
 * compiled for it in this very execution, as for a kept plan. */
static void plan_kernels(qstate *q, pl_plan *bp, bool fresh)
{
    if (bp && fresh && !bp->nocache && !bp->jit) {
        bp->jit = jb_kept_new();
        if (bp->jit) bp_own_jit(q->ctx, bp->jit, true);
    }
}

/* A string conjunct for the lookup-join kernel: the interpreter's kernel answer, row by row. */
typedef struct kern_code { jb_code c; fkern *k; const stor_table *t; } kern_code;
static int kern_code_row(jb_code *c, uint32_t row)
{
    kern_code *kc = (kern_code *)c;
    return kern_row(kc->k, kc->t, row);
}

/* A conjunct the interpreter memoises by one pooled string column (cmemo: a CAST,
 * BETWEEN, numeric constants) for the lookup-join kernel: evaluated by the interpreter
 * for the row; an answer whose evaluation warned is not memoised, so every row of that
 * value warns again, as MariaDB's. Called from compiled code, it must not longjmp out of
 * it: an error is caught here, and the rows after it answer false until jit_join_scan
 * raises it again. */
typedef struct memo_code { jb_code c; qstate *q; conj *cj; } memo_code;
static int memo_code_row(jb_code *c, uint32_t row)
{
    memo_code *mc = (memo_code *)c;
    qstate *q = mc->q;
    ex_ctx *ctx = q->ctx;
    if (q->jj_err) return JB_CODE_NOMEMO;
    int src = mc->cj->mm->src;
    uint32_t saved = ctx->rows[src];
    jmp_buf jb, *outer = ctx->jb;
    if (setjmp(jb)) {
        ctx->jb = outer;
        ctx->rows[src] = saved;
        q->jj_err = true;
        return JB_CODE_NOMEMO;
    }
    ctx->jb = &jb;
    ctx->rows[src] = row;
    uint32_t wc = ctx->s->warn_count;
    int r = passes(ctx, mc->cj->p) ? 1 : 0;
    if (mc->cj->mm->may_warn && ctx->s->warn_count != wc) r |= JB_CODE_NOMEMO;
    ctx->jb = outer;
    ctx->rows[src] = saved;
    return r;
}

/* An integer column whose value is exactly its int64 slot, and whether it is BIGINT
 * UNSIGNED (whose slot holds the bits): keys of equal kind compare as their slots. */
static bool jj_int(const stor_column *c)
{
    return c->kind == CK_I64 && (c->type == CT_TINYINT || c->type == CT_SMALLINT || c->type == CT_MEDIUMINT ||
                                 c->type == CT_INT || c->type == CT_BIGINT);
}
static bool jj_ubig(const stor_column *c) { return c->type == CT_BIGINT && c->is_unsigned; }

/* `outer.kc = inner.ic` (either way round): what the probe guarantees. */
static bool jj_key_eq(const ex_prog *p, int kc, int ic)
{
    if (p->nops != 3 || p->ops[0].code != OP_COL || p->ops[1].code != OP_COL || p->ops[2].code != OP_CMP ||
        p->ops[2].a != BO_EQ)
        return false;
    const ex_op *a = &p->ops[0], *b = &p->ops[1];
    return (a->a == 0 && a->b == kc && b->a == 1 && b->b == ic) || (b->a == 0 && b->b == kc && a->a == 1 && a->b == ic);
}

/* Level i's conjunct as the lookup-join kernel's (two for a BETWEEN); false: it cannot. */
static bool jj_cond(qstate *q, conj *cj, jb_jcond *c, int *n)
{
    fkern *fk = &cj->fk;
    uint8_t side = (uint8_t)cj->level;
    if (fk->kind == FK_NONE && cj->mm && cj->mm->ncol == 1 && cj->mm->src == cj->level && *n < JB_MAXCONDS) {
        memo_code *mc = stor_arena_alloc(q->ctx->a, sizeof *mc);
        *mc = (memo_code){ { memo_code_row }, q, cj };
        c[(*n)++] = (jb_jcond){ side, cj->mm->col[0], BO_NE, 0, &mc->c, true };   /* (NOT (x <=> 5) passes NULL) */
        if (cj->mm->may_warn) q->jj_warns = true;
        return true;
    }
    if (!fk->jit || fk->src != cj->level || *n + 2 > JB_MAXCONDS) return false;
    if (fk->between) {
        c[(*n)++] = (jb_jcond){ side, fk->col, BO_GE, fk->jk, NULL, false };
        c[(*n)++] = (jb_jcond){ side, fk->col, BO_LE, fk->jk2, NULL, false };
        return true;
    }
    jb_code *code = NULL;
    if (fk->kind == FK_STR_EQ || fk->kind == FK_STR_IN) {
        kern_code *kc = stor_arena_alloc(q->ctx->a, sizeof *kc);
        *kc = (kern_code){ { kern_code_row }, fk, q->ctx->src[cj->level].t };
        code = &kc->c;
    }
    c[(*n)++] = (jb_jcond){ side, fk->col, fk->op, fk->jk, code, false };
    return true;
}

/* One base table whose rows come from an index lookup (a scan's are jit_levels'), with
 * every conjunct one the kernel decides exactly: the lookup-join kernel without a probe
 * filters the candidates. */
static void jit_lookup_filter(qstate *q, pl_plan *bp, bool fresh)
{
    ex_ctx *ctx = q->ctx;
    ex_src *s0 = &ctx->src[0];
    lookup *l0 = &q->lk[0];
    if (!s0->t || q->on[0] || q->gends[0] || (!l0->ix && !l0->rix)) return;
    jb_jcond c[JB_MAXCONDS];
    int n = 0;
    for (int i = 0; i < q->nconj; i++) {
        conj *cj = &q->conj[i];
        if (cj->served) continue;
        if (cj->level != 0 || !jj_cond(q, cj, c, &n)) return;
    }
    if (!n || !jb_enabled(ctx)) return;
    plan_kernels(q, bp, fresh);
    uint64_t run = q->jit_run ? q->jit_run : (q->jit_run = jb_run_id());
    q->jj = jb_join_new(ctx, bp ? bp->jit : NULL, s0->t, NULL, NULL, -1, false, c, n, s0->t->nrows, q, run);
    if (!q->jj) return;
    for (int i = 0; i < q->nconj; i++) q->conj[i].jit = true;
}

/* A block of two base tables whose second is reached by an integer key from a column of
 * the first (eq_ref by a unique one-column key; ref by any other index's first column),
 * with every other conjunct of both levels one the kernel decides exactly: the two levels
 * run as one compiled lookup join (jb_join). */
static void jit_join(qstate *q, pl_plan *bp, bool fresh)
{
    ex_ctx *ctx = q->ctx;
    if (q->nsrc > 2 || ctx->describe || ctx->stmt->analyzing || ctx->stmt->exam_on || q->lockmode || q->gapmode) return;
    if (q->nsrc == 1) { jit_lookup_filter(q, bp, fresh); return; }
    ex_src *s0 = &ctx->src[0], *s1 = &ctx->src[1];
    lookup *l1 = &q->lk[1];
    if (!s0->t || !s1->t || q->on[0] || q->gends[0] || q->gends[1] || q->gend[0] != 0 ||
        q->gend[1] != 1 || s1->join == JT_LEFT || !l1->ix || l1->nk != 1 || l1->nkv[0] != 1 || l1->ix->prefix[0] ||
        l1->ix->kind == IK_FULLTEXT || l1->ix->kind == IK_SPATIAL)
        return;
    /* a unique one-column key finds one row; any other index a key's rows (multi) */
    bool multi = l1->ix->ncols != 1 || (l1->ix->kind != IK_PRIMARY && l1->ix->kind != IK_UNIQUE);
    /* (a key's matches come in row id order: InnoDB's order only for a whole key, or
       the clustered key's prefix, of a table in clustered order) */
    if (multi && !l1->anyorder &&
        (stor_reordered(s1->t) || (l1->ix->ncols > 1 && l1->ix != stor_clustered(s1->t))))
        return;
    const ex_prog *kp = l1->keyp[0][0];
    if (kp->nops != 1 || kp->ops[0].code != OP_COL || kp->ops[0].a != 0) return;
    int kc = kp->ops[0].b, ic = (int)l1->ix->cols[0];
    const stor_column *oc = &s0->t->cols[kc], *icol = &s1->t->cols[ic];
    if (!jj_int(oc) || !jj_int(icol) || jj_ubig(oc) != jj_ubig(icol)) return;
    if (q->on[1] && !jj_key_eq(q->on[1], kc, ic)) return;   /* (an inner join's ON: the key) */
    jb_jcond c[JB_MAXCONDS];
    int n = 0;
    for (int i = 0; i < q->nconj; i++) {
        conj *cj = &q->conj[i];
        if (cj->level > 1 || cj->served) continue;
        if (cj->level == 1 && jj_key_eq(cj->p, kc, ic)) continue;
        if (!jj_cond(q, cj, c, &n)) return;
    }
    if (!jb_enabled(ctx)) return;
    plan_kernels(q, bp, fresh);
    uint64_t run = q->jit_run ? q->jit_run : (q->jit_run = jb_run_id());
    q->jj = jb_join_new(ctx, bp ? bp->jit : NULL, s0->t, s1->t, l1->ix, kc, multi, c, n, s0->t->nrows, q, run);
    if (!q->jj) return;
    for (int i = 0; i < q->nconj; i++) if (q->conj[i].level <= 1) q->conj[i].jit = true;
}

/* The compiled lookup join decides a chunk's conjuncts before its rows reach the sink;
 * with a conjunct that may warn, the warnings come in MariaDB's order only when the sink
 * makes none and reads every row: grouping by programs that cannot warn, COUNT, MIN or
 * MAX of such programs, no early stop. Otherwise the levels are interpreted. */
static bool jj_sink_quiet(const qstate *q)
{
    if (!q->grouped || q->ritems || q->nwins || q->limit_want) return false;
    for (int i = 0; i < q->ngroup; i++) if (q->gp[i] && q->gp[i]->may_warn) return false;
    for (int i = 0; i < q->naggs; i++) {
        const ex_agg *ag = q->aggs[i];
        if (ag->kind != AG_COUNT_STAR && ag->kind != AG_COUNT && ag->kind != AG_MIN && ag->kind != AG_MAX) return false;
        for (int j = 0; j < ag->nargs; j++) if (ag->args[j].may_warn) return false;
    }
    return true;
}

static void jit_join_keep(qstate *q)
{
    if (!q->jj || !q->jj_warns || jj_sink_quiet(q)) return;
    q->jj = NULL;
    for (int i = 0; i < q->nconj; i++) if (q->conj[i].level <= 1) q->conj[i].jit = false;
}

static void jit_levels(qstate *q, pl_plan *bp, bool fresh)
{
    ex_ctx *ctx = q->ctx;
    if (ctx->describe || ctx->stmt->analyzing || ctx->stmt->exam_on || q->lockmode || q->gapmode) return;
    bool any = false;
    for (int lv = 0; lv < q->nsrc && !any; lv++)
        for (int i = 0; i < q->nconj; i++)
            if (q->conj[i].level == lv && !q->conj[i].served) { any = q->conj[i].fk.jit; break; }
    if (!any || !jb_enabled(ctx)) return;
    plan_kernels(q, bp, fresh);
    uint64_t run = q->jit_run ? q->jit_run : (q->jit_run = jb_run_id());
    for (int lv = 0; lv < q->nsrc; lv++) {
        ex_src *s = &ctx->src[lv];
        lookup *lk = &q->lk[lv];
        if ((q->jj && lv < 2) || !s->t || lk->ix || lk->hcol >= 0 || lk->rix || (q->ftp && !lv) || q->on[lv] || q->gends[lv] || q->gend[lv] != lv ||
            (s->join == JT_LEFT && lv > 0) || (scan_reordered(s->t, lk) && (lv > 0 || lk->six)) ||   /* (row id order only; a first level's rows are sorted after: kernel_sorted) */
            (q->bnl && q->bnl[lv].on))
            continue;
        bool grouped = false;   /* inside an outer-joined group */
        for (int g = 1; g < lv; g++) if (ctx->src[g].join == JT_LEFT && q->gend[g] >= lv) grouped = true;
        if (grouped) continue;
        jb_cond c[JB_MAXCONDS];
        int n = 0, at[JB_MAXCONDS];
        for (int i = 0; i < q->nconj && n < JB_MAXCONDS; i++) {
            conj *cj = &q->conj[i];
            if (cj->level != lv || cj->served) continue;
            if (!cj->fk.jit || cj->fk.src != lv || (cj->fk.between && n + 2 > JB_MAXCONDS)) break;
            if (cj->fk.between) {   /* col >= jk, then col <= jk2 */
                c[n] = (jb_cond){ cj->fk.col, BO_GE, cj->fk.jk, NULL };
                at[n++] = i;
                c[n] = (jb_cond){ cj->fk.col, BO_LE, cj->fk.jk2, NULL };
                at[n++] = i;
                continue;
            }
            c[n] = (jb_cond){ cj->fk.col, cj->fk.op, cj->fk.jk, NULL };
            if (cj->fk.kind == FK_STR_EQ || cj->fk.kind == FK_STR_IN) {
                kern_ans *ka = stor_arena_alloc(ctx->a, sizeof *ka);
                *ka = (kern_ans){ { kern_answers }, &cj->fk, s->t };
                c[n].ans = &ka->a;
            }
            at[n++] = i;
        }
        if (!n) continue;
        if (!q->jit) {
            q->jit = stor_arena_alloc(ctx->a, (size_t)q->nsrc * sizeof *q->jit);
            memset(q->jit, 0, (size_t)q->nsrc * sizeof *q->jit);
        }
        int used = 0;
        q->jit[lv] = jb_scan_new(ctx, bp ? bp->jit : NULL, lv, s->t, c, n, q, run, &used);
        for (int k = 0; k < used; k++) q->conj[at[k]].jit = true;
        if (used > 0 && used < n && at[used] == at[used - 1]) q->conj[at[used - 1]].jit = false;   /* half a BETWEEN */
    }
}

/* Compiles e (of run_block: a conjunct, select item, lookup value ..., named by kind and
 * key; key INT32_MIN: none): from the kept plan's program when it has one for e, or
 * keeping what it compiles for the fresh plan being made. pg NULL: just compiles. */
static ex_prog *bp_compile(bp_progs *pg, ex_scope *sc, pl_expr *e, int kind, int32_t key, ex_type *t)
{
    if (!pg || key == INT32_MIN) return ex_compile(sc, e, t);
    if (pg->use) {
        int n = pg->use->nprogs;
        for (int j = 0; j < n; j++) {
            int i = pg->at + j;   /* (uses come in the order the programs were kept) */
            if (i >= n) i -= n;
            if (((const bp_prog *)pg->use->progs)[i].key != key || ((const bp_prog *)pg->use->progs)[i].kind != kind) continue;
            pg->at = i + 1;
            ex_prog *p = ex_kept_use(sc->ctx, ((const bp_prog *)pg->use->progs)[i].k, e, t);
            if (!p) break;
            bp_prog_used++;
            if (ex_plan_verify && !ex_kept_check(sc, ((const bp_prog *)pg->use->progs)[i].k, e, p, t))
                pl_plan_mismatch(pg->sel, "an expression program");
            return p;
        }
    } else if (pg->draft) {
        for (int i = 0; i < pg->n; i++)
            if (pg->key[i] == key && pg->kind[i] == kind) return ex_compile(sc, e, t);   /* (drafted once) */
        ex_kdraft *d;
        ex_prog *p = ex_compile_keep(sc, e, t, kind == BK_VALUE, &d);
        if (d) {
            stor_arena *a = sc->ctx->a;
            if (pg->n == pg->cap) {
                pg->cap = pg->cap ? pg->cap * 2 : 8;
                ex_kdraft **nd = stor_arena_alloc(a, (size_t)pg->cap * sizeof *nd);
                int32_t *nk = stor_arena_alloc(a, (size_t)pg->cap * sizeof *nk);
                int32_t *nt = stor_arena_alloc(a, (size_t)pg->cap * sizeof *nt);
                if (pg->n) {
                    memcpy(nd, pg->d, (size_t)pg->n * sizeof *nd);
                    memcpy(nk, pg->key, (size_t)pg->n * sizeof *nk);
                    memcpy(nt, pg->kind, (size_t)pg->n * sizeof *nt);
                }
                pg->d = nd; pg->key = nk; pg->kind = nt;
            }
            pg->d[pg->n] = d;
            pg->kind[pg->n] = kind;
            pg->key[pg->n++] = key;
        }
        return p;
    }
    return ex_compile(sc, e, t);
}

/* A lookup's value program (its type is not used): kept with the plan like a conjunct's. */
static ex_prog *bp_value(bp_progs *pg, ex_scope *sc, pl_nodes *nm, pl_expr *v, const stor_column *col)
{
    ex_type t;
    ex_prog *p = bp_compile(pg, sc, v, BK_VALUE, pg ? pl_nodes_find(nm, v) : INT32_MIN, &t);
    /* a constant against a YEAR key: the year it stores as (y = 23 is 2023), as compared */
    return col->type == CT_YEAR && ex_year_constant(v) ? ex_prog_year_key(p) : p;
}

static void bp_apply_lookup(qstate *q, ex_scope *sc, int lv, const pl_access *l, pl_nodes *nm, bp_progs *pg)
{
    ex_ctx *ctx = q->ctx;
    ex_src *s = &ctx->src[lv];
    lookup *lk = &q->lk[lv];
    ex_type t;
    lk->hcol = -1;
    switch (l->kind) {
    case PA_RANGE:
        lk->rix = &s->t->idx[l->ix];
        lk->req = l->nk;
        lk->reqp = stor_arena_alloc(ctx->a, (l->nk ? l->nk : 1) * sizeof(ex_prog *));
        for (uint32_t k = 0; k < l->nk; k++)
            lk->reqp[k] = bp_value(pg, sc, nm, *pl_ref_vals(nm, l->v[k]), &s->t->cols[lk->rix->cols[k]]);
        const stor_column *rc = &s->t->cols[lk->rix->cols[l->nk]];
        lk->lo = l->lo.node >= 0 ? bp_value(pg, sc, nm, *pl_ref_vals(nm, l->lo), rc) : NULL;
        lk->hi = l->hi.node >= 0 ? bp_value(pg, sc, nm, *pl_ref_vals(nm, l->hi), rc) : NULL;
        lk->like = l->like.node >= 0 ? ex_compile(sc, *pl_ref_vals(nm, l->like), &t) : NULL;
        lk->strict = l->strict;
        return;
    case PA_INDEX: {
        stor_index *best = &s->t->idx[l->ix];
        lk->ix = best;
        lk->nk = l->nk;
        lk->keyp = stor_arena_alloc(ctx->a, l->nk * sizeof(ex_prog **));
        lk->nkv = stor_arena_alloc(ctx->a, l->nk * sizeof(int));
        for (uint32_t k = 0; k < l->nk; k++) {
            pl_expr **vals = pl_ref_list(ctx->a, nm, l->v[k], s->t->cols[best->cols[k]].name, l->nv[k], &lk->nkv[k]);
            lk->keyp[k] = stor_arena_alloc(ctx->a, (size_t)lk->nkv[k] * sizeof(ex_prog *));
            for (int j = 0; j < lk->nkv[k]; j++)
                lk->keyp[k][j] = bp_value(pg, sc, nm, vals[j], &s->t->cols[best->cols[k]]);
        }
        for (uint32_t k = 0; k < l->nk; k++) {
            if (l->nv[k] != 1 || best->prefix[k]) continue;
            const stor_column *col = &s->t->cols[best->cols[k]];
            pl_expr *by = nm->v[l->by[k]];
            for (int i = 0; i < q->nconj; i++) {
                conj *c = &q->conj[i];
                if (c->e != by || c->fk.kind == FK_NONE || c->fk.op != BO_EQ || c->fk.src != lv ||
                    c->fk.col != best->cols[k]) continue;
                if (c->fk.kind == FK_STR_EQ && c->fk.coll != col->coll) continue;
                c->served = true;
            }
        }
        return;
    }
    case PA_HASH:
        lk->hcol = l->hcol;
        lk->hkey = bp_value(pg, sc, nm, *pl_ref_vals(nm, l->v[0]), &s->t->cols[l->hcol]);
        return;
    default:
        return;
    }
}

/* ---------------------------------------------------------------- WITH RECURSIVE */

/* The recursive CTEs being computed on this thread: a reference to one of them from
 * inside its own body reads the rows of the previous iteration. */
typedef struct rcte {
    pl_cte *cte;
    ex_rows *work;
    ex_type *types;
    const char **names;
    struct rcte *up;
} rcte;

static void union_convert(ex_ctx *ctx, pdb_value *v, const ex_type *t);
static bool union_rows_equal(const pdb_value *a, const pdb_value *b, const ex_type *types, uint32_t ncols);
static void union_dedupe(ex_ctx *ctx, ex_rows *all, const ex_type *types);

/* Does this query block read the CTE in its FROM clause (directly or in a derived table)? */
static bool block_uses_cte(pl_select *s, pl_cte *c)
{
    for (int i = 0; i < s->nfrom; i++) {
        if (s->from[i].cte == c) return true;
        for (pl_select *d = s->from[i].derived; d; d = d->next)
            if (block_uses_cte(d, c)) return true;
    }
    return false;
}

/* WITH RECURSIVE: the members that do not name the CTE run once; the others run again
 * and again over the rows the previous round added, until a round adds none (UNION
 * DISTINCT drops rows already there). */
static ex_rows *recursive_cte(ex_ctx *ctx, pl_cte *c, ex_type **types, const char ***names)
{
    for (rcte *r = ctx->stmt->rcte_top; r; r = r->up)
        if (r->cte == c) { *types = r->types; *names = r->names; return r->work; }
    bool distinct = false;
    int nm = 0;
    for (pl_select *m = c->sel; m; m = m->next) { nm++; if (m->next && m->set_op == 1) distinct = true; }
    pl_select **mem = stor_arena_alloc(ctx->a, (size_t)nm * sizeof *mem);
    bool *rec = stor_arena_alloc(ctx->a, (size_t)nm * sizeof *rec);
    int k = 0, nanchor = 0;
    for (pl_select *m = c->sel; m; m = m->next, k++) {
        mem[k] = m;
        rec[k] = block_uses_cte(m, c);
        if (!rec[k]) nanchor++;
    }
    if (!nanchor || rec[0])
        ex_raise(ctx, 4005, "HY000", "No anchors for recursive WITH element '%s'", c->name);
    ex_rows *all = stor_arena_alloc(ctx->a, sizeof *all);
    memset(all, 0, sizeof *all);
    ex_type *ty = NULL;
    const char **nm0 = NULL;
    uint64_t f;
    for (k = 0; k < nm; k++) {
        if (rec[k]) continue;
        ex_ctx sub = *ctx;
        sub.outer = NULL;
        ex_rows r = { 0 };
        ex_type *t2; const char **n2;
        pl_select *saved_next = mem[k]->next;
        mem[k]->next = NULL;
        ex_select_rows(&sub, mem[k], &r, &t2, &n2, &f);
        mem[k]->next = saved_next;
        if (!ty) { ty = t2; nm0 = n2; all->ncols = r.ncols; }
        else if (r.ncols != all->ncols) ex_raise(ctx, 1222, "21000", "The used SELECT statements have a different number of columns");
        for (uint32_t i = 0; i < r.nrows; i++) { ex_slice_tick(ctx); ex_rows_push(ctx->a, all, &r.v[(size_t)i * r.ncols]); }
    }
    if (c->ncols) {
        if ((uint32_t)c->ncols != all->ncols)
            ex_raise(ctx, 4002, "HY000", "WITH column list and SELECT field list have different column counts");
        nm0 = (const char **)c->cols;
    }
    for (uint32_t c2 = 0; c2 < all->ncols; c2++) {
        ty[c2].nullable = true;
        ty[c2].flags &= (uint16_t)~NOT_NULL_FLAG;
        /* MariaDB keeps the rows in a temporary table whose integer columns are INT(11):
           expressions over them are typed from that (n * 10 is BIGINT) */
        if (ty[c2].vt == VT_INT && ty[c2].ptype == MYSQL_TYPE_LONG && ty[c2].length < 11) ty[c2].length = 11;
    }
    if (distinct) union_dedupe(ctx, all, ty);
    ex_rows *work = stor_arena_alloc(ctx->a, sizeof *work);
    *work = *all;
    work->v = stor_arena_alloc(ctx->a, (size_t)(all->nrows ? all->nrows : 1) * all->ncols * sizeof(pdb_value));
    if (all->nrows) memcpy(work->v, all->v, (size_t)all->nrows * all->ncols * sizeof(pdb_value));   /* none when only prepared */
    work->cap = work->nrows;
    uint64_t max_rounds = 1000;
    {
        pdb_value mv; ex_type mt;
        if (ex_sysvar_get(ctx->s, "max_recursive_iterations", false, &mv, ctx->a, &mt) == 0) max_rounds = (uint64_t)ex_to_int(&mv);
    }
    for (uint64_t round = 0; work->nrows; round++) {
        if (round >= max_rounds) {
            /* as MariaDB: the rows so far and a warning (an error where warnings are) */
            const char *fmt = "Query execution was interrupted. The query exceeded max_recursive_iterations = %llu. The query result may be incomplete";
            if (ctx->writing && ctx->strict) ex_raise(ctx, 1931, "HY000", fmt, (unsigned long long)max_rounds);
            ex_warn(ctx, "Warning", 1931, fmt, (unsigned long long)max_rounds);
            break;
        }
        if (round >= 1000000 || stor_mem_full())
            ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'a recursive WITH of more than 1000000 rounds or past --max-memory'");
        rcte me = { c, work, ty, nm0, ctx->stmt->rcte_top };
        ctx->stmt->rcte_top = &me;
        ex_rows add = { 0 };
        add.ncols = all->ncols;
        for (k = 0; k < nm; k++) {
            if (!rec[k]) continue;
            ex_ctx sub = *ctx;
            sub.outer = NULL;
            ex_rows r = { 0 };
            ex_type *t2; const char **n2;
            pl_select *saved_next = mem[k]->next;
            mem[k]->next = NULL;
            ex_select_rows(&sub, mem[k], &r, &t2, &n2, &f);
            mem[k]->next = saved_next;
            if (r.ncols != all->ncols) { ctx->stmt->rcte_top = me.up; ex_raise(ctx, 1222, "21000", "The used SELECT statements have a different number of columns"); }
            for (uint32_t i = 0; i < r.nrows; i++) {
                ex_slice_tick(ctx);
                pdb_value *row = &r.v[(size_t)i * r.ncols];
                for (uint32_t c2 = 0; c2 < r.ncols; c2++) union_convert(ctx, &row[c2], &ty[c2]);
                ex_rows_push(ctx->a, &add, row);
            }
        }
        ctx->stmt->rcte_top = me.up;
        if (distinct) {
            /* keep the new rows that are neither already there nor repeated */
            uint32_t before = all->nrows;
            for (uint32_t i = 0; i < add.nrows; i++) { ex_slice_tick(ctx); ex_rows_push(ctx->a, all, &add.v[(size_t)i * add.ncols]); }
            union_dedupe(ctx, all, ty);
            ex_rows nw = { 0 };
            nw.ncols = all->ncols;
            for (uint32_t i = before; i < all->nrows; i++) { ex_slice_tick(ctx); ex_rows_push(ctx->a, &nw, &all->v[(size_t)i * all->ncols]); }
            *work = nw;
        } else {
            for (uint32_t i = 0; i < add.nrows; i++) { ex_slice_tick(ctx); ex_rows_push(ctx->a, all, &add.v[(size_t)i * add.ncols]); }
            *work = add;
        }
    }
    *types = ty;
    *names = nm0;
    return all;
}


/* A derived table MariaDB cannot merge into the outer query (no FROM, DISTINCT, GROUP
 * BY, HAVING, LIMIT, UNION, aggregates) is materialised: a NULL column of it is then a
 * CHAR(0) column (type STRING), not NULL. */
static bool derived_materialised(const pl_select *d)
{
    bool materialised = d->nfrom == 0 || d->distinct || d->ngroup || d->having || d->limit || d->next;
    for (int i = 0; i < d->nitems && !materialised; i++) {
        const pl_expr *x = d->items[i].e;
        if (x && x->kind == E_FUNC && (x->win || ex_is_aggregate_name(x->s))) materialised = true;
    }
    return materialised;
}

static void derived_null_columns(const pl_select *d, ex_type *types, int n)
{
    if (!derived_materialised(d) || !types) return;
    for (int i = 0; i < n; i++)
        if (types[i].ptype == MYSQL_TYPE_NULL) {
            types[i].vt = VT_STRING; types[i].ptype = MYSQL_TYPE_STRING; types[i].coll = COLL_BINARY;
            types[i].length = 0; types[i].from_column = true; types[i].flags |= BINARY_FLAG;
        }
}
/* Source s reads the rows of dsel0 (a derived table or a view's SELECT, run in sub),
 * its columns named by col_names when given. */
static void open_derived(ex_ctx *ctx, ex_ctx *sub, ex_src *s, pl_select *dsel0, char **col_names, int ncol_names, int code)
{
    sub->outer = NULL;
    ex_rows *rows = stor_arena_alloc(ctx->a, sizeof *rows);
    memset(rows, 0, sizeof *rows);
    uint64_t found;
    pl_select *dsel = dsel0, merged;
    if (dsel->norder && !derived_materialised(dsel) && !dsel->with_ties) {
        /* MariaDB merges it into this block and drops its ORDER BY (no LIMIT to
           pick rows by): the rows come in the order its scan reads them */
        merged = *dsel;
        merged.order = NULL;
        merged.norder = 0;
        dsel = &merged;
    }
    ex_select_rows(sub, dsel, rows, &s->dtypes, &s->dnames, &found);
    s->derived = rows;
    s->dncols = (int)rows->ncols;
    derived_null_columns(dsel0, s->dtypes, s->dncols);
    /* a derived table's JSON_EXTRACT result is a string like any other, and so is
       a hexadecimal literal when the table is materialised (the marks of EX_HEXNUM
       and EX_JSONVAL go) */
    bool mat = derived_materialised(dsel0);
    for (int c = 0; s->dtypes && c < s->dncols; c++) {
        if (s->dtypes[c].vt != VT_STRING) continue;
        if (mat) s->dtypes[c].hexnum = false;
        if (s->dtypes[c].hexlit) s->dtypes[c].hexlit = EX_HEXLIT_KEPT;   /* (a column: not UNSIGNED) */
        for (uint32_t r = 0; r < rows->nrows; r++) {
            ex_slice_tick(ctx);
            pdb_value *v = &rows->v[(size_t)r * rows->ncols + (uint32_t)c];
            if (v->t == VT_STRING && (v->scale == EX_JSONVAL || mat)) v->scale = 0;
        }
    }
    if (ncol_names) {
        if (ncol_names != s->dncols) {
            if (code == 4002) ex_raise(ctx, 4002, "HY000", "WITH column list and SELECT field list have different column counts");
            ex_raise(ctx, 1356, "HY000", "View '%s.%s' references invalid table(s) or column(s) or function(s) or definer/invoker of view lack rights to use them", s->db, s->name);
        }
        s->dnames = (const char **)col_names;
    }
    for (int c = 1; c < s->dncols; c++)   /* a derived table's columns have distinct names */
        for (int d = 0; d < c; d++)
            if (!strcasecmp(s->dnames[c], s->dnames[d]))
                ex_raise(ctx, 1060, "42S21", "Duplicate column name '%s'", s->dnames[c]);
}

/* A view's rows. A table or column its SELECT names that is gone (or that its definer
 * may no longer read) is MariaDB's 1356 for the view; other errors pass as they are. */
static void open_view_rows(ex_ctx *ctx, ex_ctx *sub, ex_src *s, const ex_view_src *vs)
{
    jmp_buf jb;
    ex_err err;
    sub->jb = &jb;
    sub->err = &err;
    if (setjmp(jb)) {
        uint16_t c = err.code;
        char hidden[300];
        snprintf(hidden, sizeof hidden, "'%s.%s'", ctx->hide_db ? ctx->hide_db : "", ctx->hide_name ? ctx->hide_name : "");
        if (c == 1146 && ctx->hide_name && strstr(err.msg, hidden)) c = 0;   /* (a cycle: MariaDB names the view defined) */
        if (c == 1146 || c == 1054 || c == 1142 || c == 1143 || c == 1356 || c == 1347)
            ex_raise(ctx, 1356, "HY000", "View '%s.%s' references invalid table(s) or column(s) or function(s) or definer/invoker of view lack rights to use them", s->db, s->name);
        *ctx->err = err;
        longjmp(*ctx->jb, 1);
    }
    open_derived(ctx, sub, s, vs->sel, vs->cols, vs->ncols, 1356);
}

/* The keys a scope's hints leave: with USE or FORCE for it, those they name (none for an
 * empty list), else every one; less those IGNORE names. A hint without FOR is for every
 * scope (MariaDB's index hints). */
static uint64_t hint_allowed(const stor_table *t, const pl_tref *tr, char scope)
{
    uint64_t use = 0, ign = 0;
    bool any_use = false;
    for (int h = 0; h < tr->nhints; h++) {
        const pl_hint *hi = &tr->hints[h];
        if (hi->scope && hi->scope != scope) continue;
        uint64_t m = 0;
        for (int k = 0; k < hi->nkeys; k++)
            for (uint32_t x = 0; x < t->nidx && x < 64; x++)
                if (!strcasecmp(t->idx[x].name, hi->keys[k])) m |= 1ull << x;
        if (hi->kind == 'I') ign |= m;
        else { use |= m; any_use = true; }
    }
    return (any_use ? use : ~0ull) & ~ign;
}

/* (GROUP BY's scope decides nothing here: no key is chosen for a grouping.) */
static void src_hints(ex_src *s, const pl_tref *tr)
{
    s->deny_join = ~hint_allowed(s->t, tr, 'J');
    s->deny_order = ~hint_allowed(s->t, tr, 'O');
}

/* May source s read rows through its key x (its hints)? */
bool ex_key_allowed(const ex_src *s, const stor_index *ix)
{
    if (!s->t) return true;
    size_t x = (size_t)(ix - s->t->idx);
    return x >= 64 || !(s->deny_join >> x & 1);
}

static void open_sources(ex_ctx *ctx, pl_select *sel)
{
    ctx->nsrc = sel->nfrom;
    ctx->src = stor_arena_alloc(ctx->a, (size_t)(sel->nfrom ? sel->nfrom : 1) * sizeof(ex_src));
    memset(ctx->src, 0, (size_t)(sel->nfrom ? sel->nfrom : 1) * sizeof(ex_src));
    ctx->rows = stor_arena_alloc(ctx->a, (size_t)(sel->nfrom ? sel->nfrom : 1) * sizeof(uint32_t));
    for (int i = 0; i < sel->nfrom; i++) {
        pl_tref *t = &sel->from[i];
        ex_src *s = &ctx->src[i];
        s->join = i == 0 ? JT_INNER : t->join;
        if (s->join == JT_RIGHT && i != 1)
            ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'RIGHT JOIN after other joins'");
        s->on = t->on;
        s->decl = t->decl1 ? t->decl1 - 1 : i;
        if (sel->nfrom > 61) ex_raise(ctx, 1116, "HY000", "Too many tables; MariaDB can only use 61 tables in a join");
        s->gsize = t->gsize > 1 && i + t->gsize <= sel->nfrom ? t->gsize : 0;
        if (t->cte) {
            s->derived = recursive_cte(ctx, t->cte, &s->dtypes, &s->dnames);
            s->dncols = (int)s->derived->ncols;
            s->alias = t->alias;
            s->name = t->alias;
            s->db = NULL;
            continue;
        }
        if (t->derived) {
            if (!t->alias) ex_raise(ctx, 1248, "42000", "Every derived table must have its own alias");
            ex_ctx sub = *ctx;
            pl_select *d = pl_push_conditions(ctx->a, sel, i, t->derived, t->col_names, t->ncol_names);
            open_derived(ctx, &sub, s, d, t->col_names, t->ncol_names, 4002);
            s->alias = t->alias;
            s->name = t->alias;
            s->db = NULL;
            continue;
        }
        const char *dbn = t->db ? t->db : ctx->view_db ? ctx->view_db : ctx->s->db;
        const stor_viewdef *vd = dbn && dbn[0] ? ex_view_find(ctx, dbn, t->name) : NULL;
        if (vd) {   /* a view: its SELECT's rows, as a derived table named as the view */
            ex_view_src vs;
            ex_view_open(ctx, dbn, vd, &vs);
            ex_ctx sub = *ctx;
            sub.view_db = vs.db;
            sub.view_depth = ctx->view_depth + 1;
            sub.definer_rights = ctx->definer_rights || vs.definer;
            s->db = vs.db;
            s->name = vd->name;
            s->view = ex_view_updatable(vs.sel, vs.algorithm) ? 1 : 2;
            vs.sel = pl_push_conditions(ctx->a, sel, i, vs.sel, vs.cols, vs.ncols);
            open_view_rows(ctx, &sub, s, &vs);
            s->alias = t->alias ? t->alias : vd->name;
            for (int j = 0; j < i; j++)
                if (!strcmp(ctx->src[j].alias, s->alias)) ex_raise(ctx, 1066, "42000", "Not unique table/alias: '%s'", s->alias);
            continue;
        }
        if (dbn && !strcasecmp(dbn, "information_schema")) {
            ex_rows *rows = stor_arena_alloc(ctx->a, sizeof *rows);
            memset(rows, 0, sizeof *rows);
            if (!ex_infoschema(ctx, t->name, rows, &s->dtypes, &s->dnames, &s->dncols))
                ex_raise(ctx, 1109, "42S02", "Unknown table '%s' in information_schema", t->name);
            s->derived = rows;
            s->alias = t->alias ? t->alias : t->name;
            s->name = t->name;
            s->db = "information_schema";
            continue;
        }
        if (dbn && !strcmp(dbn, "mysql") && !(ctx->s->tmp && ex_tmp_find(ctx->s, dbn, t->name))) {
            ex_rows *rows = stor_arena_alloc(ctx->a, sizeof *rows);
            memset(rows, 0, sizeof *rows);
            if (ex_mysql_schema_table(t->name) && !stor_table_find("mysql", t->name)) {   /* (a restore's table: its rows) */
                ex_privs_open_name(ctx, "mysql", t->name);   /* (password hashes: as MariaDB, 1142) */
                ex_mysql_schema(ctx, t->name, rows, &s->dtypes, &s->dnames, &s->dncols);
                s->derived = rows;
                s->alias = t->alias ? t->alias : t->name;
                s->name = t->name;
                s->db = "mysql";
                continue;
            }
        }
        s->t = ex_table_ref(ctx, t->db, t->name, t->alias, false);
        s->lent = ex_lent(ctx, t->name);
        s->db = s->t->db;
        s->name = s->t->name;
        s->alias = t->alias ? t->alias : t->name;
        for (int j = 0; j < i; j++)
            if (!strcmp(ctx->src[j].alias, s->alias)) ex_raise(ctx, 1066, "42000", "Not unique table/alias: '%s'", s->alias);
        for (int k = 0; k < t->nhint_keys; k++) {   /* USE/FORCE/IGNORE INDEX name existing keys */
            uint32_t x = 0;
            while (x < s->t->nidx && strcasecmp(s->t->idx[x].name, t->hint_keys[k])) x++;
            if (x == s->t->nidx)
                ex_raise(ctx, 1176, "42000", "Key '%s' doesn't exist in table '%s'", t->hint_keys[k], s->alias);
        }
        if (t->nhints) src_hints(s, t);
    }
    for (int i = 1; i < ctx->nsrc; i++) {
        pl_tref *t = &sel->from[i];
        ex_src *s = &ctx->src[i];
        if (!t->nusing && !t->natural) continue;
        const char **names = stor_arena_alloc(ctx->a, (size_t)(src_ncols(s) + t->nusing + 1) * sizeof(char *));
        int nn = 0;
        if (t->natural) {
            /* the columns this table shares with the ones before it, in their order */
            for (int j = 0; j < i; j++)
                for (int c = 0; c < src_ncols(&ctx->src[j]); c++) {
                    const char *cn = src_colname(&ctx->src[j], c);
                    if (src_find(s, cn) < 0) continue;
                    bool dup = false;
                    for (int k = 0; k < nn; k++) if (!strcasecmp(names[k], cn)) dup = true;
                    if (!dup) names[nn++] = cn;
                }
        } else
            for (int u = 0; u < t->nusing; u++) names[nn++] = t->using_cols[u];
        /* USING (a, b): ON <first earlier source with a>.a = this.a AND ... */
        pl_expr *on = NULL;
        for (int u = 0; u < nn; u++) {
            int from = -1;
            for (int j = 0; j < i && from < 0; j++) if (src_find(&ctx->src[j], names[u]) >= 0) from = j;
            if (from < 0 || src_find(s, names[u]) < 0)
                ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'FROM'", names[u]);
            pl_expr *l = stor_arena_alloc(ctx->a, sizeof *l), *r = stor_arena_alloc(ctx->a, sizeof *r), *eq = stor_arena_alloc(ctx->a, sizeof *eq);
            memset(l, 0, sizeof *l); memset(r, 0, sizeof *r); memset(eq, 0, sizeof *eq);
            l->kind = r->kind = E_COLUMN;
            l->s = r->s = (char *)names[u]; l->slen = r->slen = strlen(names[u]);
            l->tbl = (char *)ctx->src[from].alias; r->tbl = (char *)s->alias;
            l->start = r->start = l->s; l->srclen = r->srclen = l->slen;
            eq->kind = E_BINARY; eq->op = BO_EQ;
            eq->args = stor_arena_alloc(ctx->a, 2 * sizeof(pl_expr *));
            eq->args[0] = l; eq->args[1] = r; eq->nargs = 2;
            if (!on) on = eq;
            else {
                pl_expr *a = stor_arena_alloc(ctx->a, sizeof *a);
                memset(a, 0, sizeof *a);
                a->kind = E_BINARY; a->op = BO_AND;
                a->args = stor_arena_alloc(ctx->a, 2 * sizeof(pl_expr *));
                a->args[0] = on; a->args[1] = eq; a->nargs = 2;
                on = a;
            }
        }
        s->on = on;
        s->ucols = names; s->nucols = nn;
        if (s->join == JT_CROSS) s->join = JT_INNER;
    }
    if (ctx->nsrc >= 2 && ctx->src[1].join == JT_RIGHT) {
        /* A RIGHT JOIN B ON c  is  B LEFT JOIN A ON c (SELECT * keeps A's columns first) */
        ex_src a = ctx->src[0], b = ctx->src[1];
        a.join = JT_LEFT; a.on = b.on;
        b.join = JT_INNER; b.on = NULL;
        b.coalesce_right = true;
        ctx->src[0] = b; ctx->src[1] = a;
    }
}

static int64_t limit_value(ex_ctx *ctx, pl_expr *e)
{
    if (!e) return -1;
    if (e->kind == E_PARAM) {
        if (!ctx->params || e->ival >= ctx->nparams) return ctx->describe ? 0 : -1;
        const pdb_value *v = &ctx->params[e->ival];
        /* as MariaDB: strings are read as integers ('2x' is 2), NULL is 0, a negative
           value means no limit */
        if (v->t == VT_NULL) return 0;
        if (v->t == VT_UINT) return v->u > (uint64_t)INT64_MAX ? -1 : (int64_t)v->u;
        int64_t n;
        if (v->t == VT_STRING) {
            bool tr;
            n = (int64_t)ex_str_to_double(v->p, v->len, &tr);
        } else if (v->t == VT_DOUBLE || v->t == VT_DECIMAL) n = (int64_t)ex_to_double(v);
        else n = v->i;
        return n < 0 ? -1 : n;
    }
    if (e->kind != E_INT) ex_raise(ctx, 1691, "HY000", "A variable of a non-integer based type in LIMIT clause");
    return strtoll(e->s, NULL, 10);
}

/* ---------------------------------------------------------------- EXPLAIN (engine/explain.c) */

/* What run_block decided for each source of a block (prepared, not run), for EXPLAIN. */
static void explain_note(qstate *q, ex_scope *sc)
{
    ex_ctx *ctx = q->ctx;
    pl_plan *p = q->plan;
    int n = q->nsrc;
    p->grouped = q->grouped || q->sel->distinct;
    p->sorted = q->norder > 0;
    ex_plan_src *ps = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *ps);
    memset(ps, 0, (size_t)(n ? n : 1) * sizeof *ps);
    bool impossible = false;
    for (int i = 0; i < p->nconj; i++) {
        const ex_prog *cp = q->conj[i].p;
        bool calls = false;   /* EXPLAIN evaluates no function (GET_LOCK ...) */
        for (int k = 0; k < cp->nops; k++)
            if (cp->ops[k].code == OP_FUNC || cp->ops[k].code == OP_SUBQ) calls = true;
        if (n && !calls && !p->conj[i].m && !passes(ctx, q->conj[i].p)) impossible = true;
    }
    for (int i = 0; i < n; i++) {
        const pl_access *l = &p->s[i].lk;
        stor_table *t = ctx->src[i].t;
        ps[i].hcol = -1;
        if (l->kind == PA_INDEX) {
            int *nkv = stor_arena_alloc(ctx->a, (size_t)(l->nk ? l->nk : 1) * sizeof *nkv);
            for (int k = 0; k < l->nk; k++) nkv[k] = l->nv[k];
            ps[i].ix = &t->idx[l->ix]; ps[i].nk = l->nk; ps[i].nkv = nkv;
        } else if (l->kind == PA_HASH) ps[i].hcol = l->hcol;
        else if (l->kind == PA_RANGE) {
            ps[i].rix = &t->idx[l->ix]; ps[i].rreq = l->nk;
            ps[i].rbound = l->lo.node >= 0 || l->hi.node >= 0 || l->like.node >= 0;
        }
        pl_expr **eqs = NULL; int neq = 0, ceq = 0;
        pl_split_and(ctx->a, ctx->src[i].on, &eqs, &neq, &ceq);
        if (ctx->src[i].join != JT_LEFT) for (int k = 0; k < p->nconj; k++) pl_split_and(ctx->a, p->conj[k].e, &eqs, &neq, &ceq);
        ps[i].conds = eqs; ps[i].nconds = neq;
        if (bnl_level(q, i)) {   /* the first join buffer is flat, later ones incremental */
            ps[i].bnl = 1;
            for (int k = 1; k < i; k++) if (ps[k].bnl) ps[i].bnl = 2;
        }
        ps[i].rows = pl_plan_estimate(&q->opt, i, eqs, neq);
        ps[i].r_loops = q->an_loops ? q->an_loops[i] : 0;
        ps[i].r_read = q->an_loops ? q->an_read[i] : 0;
        ps[i].r_pass = q->an_loops ? q->an_pass[i] : 0;
        ps[i].r_ns = q->an_loops && q->an_ns[i] > q->an_ns[i + 1] ? q->an_ns[i] - q->an_ns[i + 1] : 0;
        ps[i].r_cond_ns = q->an_loops ? q->an_cond_ns[i] : 0;
    }
    ex_explain_block(ctx, sc, q->sel, p, ps, impossible);
}

/* Runs one query block (no UNION). Fills out rows (items only), types, names. */
/* ---------------------------------------------------------------- grouping rules */

/* The column references of e outside aggregates, window functions and subqueries. */
static void plain_columns(stor_arena *a, pl_expr *e, pl_expr ***v, int *n, int *cap)
{
    if (!e) return;
    if (e->kind == E_SUBQUERY || e->kind == E_EXISTS) return;
    if (e->kind == E_FUNC && (e->win || ex_is_aggregate_name(e->s))) return;
    if (e->kind == E_COLUMN) {
        if (*n == *cap) {
            int nc = *cap ? *cap * 2 : 16;
            pl_expr **nv = stor_arena_alloc(a, (size_t)nc * sizeof *nv);
            if (*n) memcpy(nv, *v, (size_t)*n * sizeof *nv);
            *v = nv; *cap = nc;
        }
        (*v)[(*n)++] = e;
        return;
    }
    for (int i = 0; i < e->nargs; i++) plain_columns(a, e->args[i], v, n, cap);
}

/* The qualified column references inside the subqueries of e that name none of their
 * own query block's tables (t.col of an outer query), into v. */
static void outer_refs_sel(stor_arena *a, pl_select *sel, pl_expr ***v, int *n, int *cap);
static void outer_refs(stor_arena *a, pl_expr *e, pl_select *inner, pl_expr ***v, int *n, int *cap)
{
    if (!e) return;
    if (e->sub) outer_refs_sel(a, e->sub, v, n, cap);
    if (inner && e->kind == E_COLUMN && e->tbl && !e->db) {
        bool own = false;
        for (pl_select *m = inner; m && !own; m = m->next)
            for (int i = 0; i < m->nfrom && !own; i++) {
                const char *al = m->from[i].alias ? m->from[i].alias : m->from[i].name;
                own = al && !strcmp(al, e->tbl);
            }
        if (!own) {
            if (*n == *cap) {
                int nc = *cap ? *cap * 2 : 16;
                pl_expr **nv = stor_arena_alloc(a, (size_t)nc * sizeof *nv);
                if (*n) memcpy(nv, *v, (size_t)*n * sizeof *nv);
                *v = nv; *cap = nc;
            }
            (*v)[(*n)++] = e;
        }
    }
    for (int i = 0; i < e->nargs; i++) outer_refs(a, e->args[i], inner, v, n, cap);
}

static void outer_refs_sel(stor_arena *a, pl_select *sel, pl_expr ***v, int *n, int *cap)
{
    for (pl_select *m = sel; m; m = m->next) {
        for (int i = 0; i < m->nitems; i++) outer_refs(a, m->items[i].e, sel, v, n, cap);
        for (int i = 0; i < m->nfrom; i++) outer_refs(a, m->from[i].on, sel, v, n, cap);
        outer_refs(a, m->where, sel, v, n, cap);
        outer_refs(a, m->having, sel, v, n, cap);
    }
}

/* Does e use an aggregate (outside subqueries)? */
static bool uses_aggregate(const pl_expr *e)
{
    if (!e || e->kind == E_SUBQUERY || e->kind == E_EXISTS) return false;
    if (e->kind == E_FUNC && !e->win && ex_is_aggregate_name(e->s)) return true;
    for (int i = 0; i < e->nargs; i++) if (uses_aggregate(e->args[i])) return true;
    return false;
}

/* Whether ORDER BY / GROUP BY item e is a position: an integer literal, or a parameter
 * executed with an integer (MariaDB's Item_param::is_order_clause_position); *pos its
 * value and text its text for an error. */
static bool item_position(const ex_ctx *ctx, const pl_expr *e, int64_t *pos, char *text, size_t tn)
{
    if (e->kind == E_INT) {
        *pos = atoll(e->s);
        snprintf(text, tn, "%s", e->s);
        return true;
    }
    if (e->kind != E_PARAM || !ctx->params || e->ival >= ctx->nparams) return false;
    const pdb_value *v = &ctx->params[e->ival];
    if (v->t == VT_INT) *pos = v->i;
    else if (v->t == VT_UINT) *pos = v->u > INT32_MAX ? INT32_MAX : (int64_t)v->u;
    else return false;
    snprintf(text, tn, "%lld", (long long)*pos);
    return true;
}

/* The GROUP BY expression g as it is resolved: a position or (when no column has the
 * name) an alias stands for its select item. */
static pl_expr *group_target(ex_scope *sc, pl_expr *g, pl_item *items, int nitems)
{
    int64_t pos;
    char text[24];
    if (item_position(sc->ctx, g, &pos, text, sizeof text))
        return pos >= 1 && pos <= nitems ? items[pos - 1].e : g;
    int src, col;
    if (g->kind == E_COLUMN && !g->tbl && !ex_find_column(sc, g, &src, &col))
        for (int i = 0; i < nitems; i++)
            if (items[i].alias && !strcasecmp(items[i].alias, g->s)) return items[i].e;
    return g;
}

/* Is column (src, col) one that expression x names as a bare column? */
static bool names_column(ex_scope *sc, pl_expr *x, int src, int col)
{
    int s2, c2;
    return x->kind == E_COLUMN && ex_find_column(sc, x, &s2, &c2) && s2 == src && c2 == col;
}

/* HAVING may name a column (outside aggregates) only through the select list or the
 * GROUP BY list: MariaDB's 1054 in 'HAVING' otherwise. With ONLY_FULL_GROUP_BY, every
 * column of the select list outside aggregates must be grouped (1055), and without GROUP
 * BY an aggregate query may not read other columns (1140). (Columns of derived tables
 * and outer references inside subqueries are not checked.) */
static void check_grouping(ex_ctx *ctx, ex_scope *sc, pl_select *sel, pl_item *items, int nitems)
{
    if (!sel->having && !(ctx->s->sql_mode & MODE_ONLY_FULL_GROUP_BY)) return;
    stor_arena *a = ctx->a;
    pl_expr **gt = stor_arena_alloc(a, (size_t)(sel->ngroup ? sel->ngroup : 1) * sizeof *gt);
    for (int i = 0; i < sel->ngroup; i++) gt[i] = group_target(sc, sel->group[i], items, nitems);
    if (ctx->s->sql_mode & MODE_ONLY_FULL_GROUP_BY) {
        if (sel->ngroup) {
            for (int i = 0; i < nitems; i++) {
                pl_expr *e = items[i].e;
                bool grouped = false;
                for (int k = 0; k < sel->ngroup && !grouped; k++) grouped = gt[k] == e || same_expr(sc, gt[k], e);
                if (grouped) continue;
                if (e->kind == E_STAR) {   /* every column of the tables it names */
                    for (int s = 0; s < ctx->nsrc; s++) {
                        ex_src *sr = &ctx->src[s];
                        if (!sr->t || (e->tbl && strcmp(e->tbl, sr->alias))) continue;
                        for (uint32_t c = 0; c < sr->t->ncols; c++) {
                            bool ok = false;
                            for (int k = 0; k < sel->ngroup && !ok; k++) ok = names_column(sc, gt[k], s, (int)c);
                            if (!ok) ex_raise(ctx, 1055, "42000", "'%s.%s.%s' isn't in GROUP BY", sr->t->db, sr->alias, sr->t->cols[c].name);
                        }
                    }
                    continue;
                }
                pl_expr **v = NULL; int n = 0, cap = 0;
                plain_columns(a, e, &v, &n, &cap);
                outer_refs(a, e, NULL, &v, &n, &cap);   /* t.col of this query in its subqueries */
                for (int j = 0; j < n; j++) {
                    int src, col;
                    if (!ex_find_column(sc, v[j], &src, &col) || !ctx->src[src].t) continue;
                    bool ok = false;
                    for (int k = 0; k < sel->ngroup && !ok; k++) ok = names_column(sc, gt[k], src, col);
                    if (!ok) {
                        ex_src *sr = &ctx->src[src];
                        ex_raise(ctx, 1055, "42000", "'%s.%s.%s' isn't in GROUP BY", sr->t->db, sr->alias, sr->t->cols[col].name);
                    }
                }
            }
        } else {
            bool agg = uses_aggregate(sel->having);
            for (int i = 0; i < nitems && !agg; i++) agg = uses_aggregate(items[i].e);
            for (int i = 0; i < sel->norder && !agg; i++) agg = uses_aggregate(sel->order[i].e);
            if (agg) {
                pl_expr **v = NULL; int n = 0, cap = 0;
                for (int i = 0; i < nitems; i++) {
                    if (items[i].e->kind == E_STAR) {
                        for (int s = 0; s < ctx->nsrc; s++)
                            if (ctx->src[s].t && (!items[i].e->tbl || !strcmp(items[i].e->tbl, ctx->src[s].alias)) && ctx->src[s].t->ncols)
                                ex_raise(ctx, 1140, "42000", "Mixing of GROUP columns (MIN(),MAX(),COUNT(),...) with no GROUP columns is illegal if there is no GROUP BY clause");
                        continue;
                    }
                    plain_columns(a, items[i].e, &v, &n, &cap);
                }
                for (int i = 0; i < sel->norder; i++) {
                    pl_expr *o = sel->order[i].e;
                    if (o->kind == E_COLUMN && !o->tbl) {   /* an alias of the select list */
                        bool alias = false;
                        for (int k = 0; k < nitems && !alias; k++) alias = items[k].alias && !strcasecmp(items[k].alias, o->s);
                        if (alias) continue;
                    }
                    plain_columns(a, o, &v, &n, &cap);
                }
                for (int j = 0; j < n; j++) {
                    int src, col;
                    if (ex_find_column(sc, v[j], &src, &col) && ctx->src[src].t)
                        ex_raise(ctx, 1140, "42000", "Mixing of GROUP columns (MIN(),MAX(),COUNT(),...) with no GROUP columns is illegal if there is no GROUP BY clause");
                }
            }
        }
    }
    if (sel->having) {
        pl_expr **v = NULL; int n = 0, cap = 0;
        plain_columns(a, sel->having, &v, &n, &cap);
        for (int j = 0; j < n; j++) {
            pl_expr *c = v[j];
            bool ok = false;
            if (!c->tbl)
                for (int i = 0; i < nitems && !ok; i++) ok = items[i].alias && !strcasecmp(items[i].alias, c->s);
            int src, col;
            if (ok || !ex_find_column(sc, c, &src, &col)) continue;
            for (int i = 0; i < nitems && !ok; i++) ok = names_column(sc, items[i].e, src, col);
            for (int k = 0; k < sel->ngroup && !ok; k++) ok = names_column(sc, gt[k], src, col);
            if (!ok) ex_raise(ctx, 1054, "42S22", "Unknown column '%.*s' in 'HAVING'", (int)c->srclen, c->start);
        }
    }
}

/* ---------------------------------------------------------------- compiled grouped aggregates */

/* A grouped block over one base table's full scan, whose conjuncts the filter kernel
 * checks (or that has none), grouped by at most one integer or DECIMAL column, with
 * COUNT(*), and COUNT, SUM, AVG, MIN, MAX of such columns: the scan and the updates run as
 * compiled code (engine/jit/agg.c), and the groups come out as the interpreter's would:
 * in key order (NULL first), each with its first row, the aggregates' states filled from
 * the kernel's accumulators and finished by agg_result. Exact because a column read of
 * these types is its stored int64 (an integer, or a DECIMAL's scaled integer at the
 * column's one scale: raw compares and equality are the interpreter's), reads cannot warn,
 * and the kernel's sums have 128 bits. */

/* The column of source 0 that program p only reads, or -1. */
static int kagg_col(const ex_prog *p)
{
    if (!p || p->nops != 1 || p->ops[0].code != OP_COL || p->ops[0].a != 0) return -1;
    return p->ops[0].b;
}

/* Columns whose int64 slot is the value read: VT_INT, or VT_DECIMAL of the column's scale
 * (the slot its scaled integer); with unsigned, BIGINT UNSIGNED too (VT_UINT: its slot's
 * bits, equal as the value, to be ordered unsigned: a grouping key, or only counted). */
static bool kagg_num(const stor_column *c, bool unsig)
{
    if (c->kind != CK_I64) return false;
    switch (c->type) {
    case CT_TINYINT: case CT_SMALLINT: case CT_MEDIUMINT: case CT_INT: case CT_DECIMAL: return true;
    case CT_BIGINT: return unsig || !c->is_unsigned;
    default: return false;
    }
}

static bool kagg_uint(const stor_column *c) { return c->type == CT_BIGINT && c->is_unsigned; }

/* Columns whose values are equal exactly when their int64 slots are (COUNT(DISTINCT)):
 * integers, DECIMALs of the column's one scale, dates and datetimes (packed). */
static bool kagg_eqcol(const stor_column *c)
{
    return kagg_num(c, true) || (c->kind == CK_I64 && (c->type == CT_DATE || c->type == CT_DATETIME));
}

/* An expression the kernel computes (jb_xop): a tree of source 0's signed integer and
 * DECIMAL columns, integer and DECIMAL constants, + - * and unary minus, each node with
 * the DECIMAL scale of its value as do_arith makes it (a sum's the larger of its
 * operands', a product's their total, at most 18: do_arith's int64 path). */
typedef struct kx { uint8_t op; int l, r; uint32_t col; int64_t k; int scale; } kx;
#define KX_MAX 16

static int kx_leaf(const stor_table *t, const ex_prog *p, const ex_op *o, kx *n)
{
    if (o->code == OP_COL) {
        if (o->a != 0) return -1;
        const stor_column *c = &t->cols[o->b];
        if (!kagg_num(c, false) || c->is_unsigned) return -1;
        *n = (kx){ JB_X_COL, -1, -1, o->b, 0, c->type == CT_DECIMAL && c->scale > 0 ? c->scale : 0 };
        return 0;
    }
    const pdb_value *v = &p->consts[o->a];
    if (v->t == VT_INT) { *n = (kx){ JB_X_K, -1, -1, 0, v->i, 0 }; return 0; }
    if (v->t == VT_DECIMAL && !v->len && !v->coll && v->scale <= 18) {
        *n = (kx){ JB_X_K, -1, -1, 0, v->i, v->scale };
        return 0;
    }
    return -1;
}

/* p's tree into n[] (the root last); its node count, or -1 when the kernel cannot compute it. */
static int kx_tree(const stor_table *t, const ex_prog *p, kx *n)
{
    int stk[KX_MAX], d = 0, nn = 0;
    if (p->nops > KX_MAX || p->nsubs || p->ncasts) return -1;
    for (int i = 0; i < p->nops; i++) {
        const ex_op *o = &p->ops[i];
        if (nn == KX_MAX) return -1;
        if (o->code == OP_COL || o->code == OP_CONST) {
            if (kx_leaf(t, p, o, &n[nn]) < 0) return -1;
            stk[d++] = nn++;
        } else if (o->code == OP_NEG && d >= 1) {   /* -x as 0 - x */
            if (nn + 2 > KX_MAX) return -1;
            n[nn] = (kx){ JB_X_K, -1, -1, 0, 0, 0 };
            n[nn + 1] = (kx){ JB_X_SUB, nn, stk[d - 1], 0, 0, n[stk[d - 1]].scale };
            stk[d - 1] = nn + 1;
            nn += 2;
        } else if (o->code == OP_ARITH && d >= 2 && (o->a == BO_ADD || o->a == BO_SUB || o->a == BO_MUL)) {
            int l = stk[d - 2], r = stk[d - 1], sl = n[l].scale, sr = n[r].scale;
            int sc = o->a == BO_MUL ? sl + sr : sl > sr ? sl : sr;
            if (sc > 18) return -1;
            n[nn] = (kx){ (uint8_t)(o->a == BO_ADD ? JB_X_ADD : o->a == BO_SUB ? JB_X_SUB : JB_X_MUL), l, r, 0, 0, sc };
            stk[--d - 1] = nn++;
        } else {
            return -1;
        }
    }
    return d == 1 ? nn : -1;
}

/* Node i as postfix ops at x[*nx..), multiplied up to scale want. */
static bool kx_emit(const kx *n, int i, int want, jb_xop *x, int *nx)
{
    const kx *k = &n[i];
    if (k->op == JB_X_COL || k->op == JB_X_K) {
        if (*nx == KX_MAX) return false;
        x[(*nx)++] = (jb_xop){ k->op, k->col, k->k };
    } else {
        int sub = k->op == JB_X_MUL ? -1 : k->scale;   /* a sum's operands at its scale */
        if (!kx_emit(n, k->l, sub < 0 ? n[k->l].scale : sub, x, nx) ||
            !kx_emit(n, k->r, sub < 0 ? n[k->r].scale : sub, x, nx) || *nx == KX_MAX)
            return false;
        x[(*nx)++] = (jb_xop){ k->op, 0, 0 };
    }
    if (want == k->scale) return true;
    if (*nx + 2 > KX_MAX) return false;
    x[(*nx)++] = (jb_xop){ JB_X_K, 0, ex_pow10[want - k->scale] };
    x[(*nx)++] = (jb_xop){ JB_X_MUL, 0, 0 };
    return true;
}

/* The kernel's aggregate for ag (and the DECIMAL scale of its values), false when it has none. */
static bool kagg_arg(qstate *q, const stor_table *t, const ex_agg *ag, jb_agg_arg *a, uint8_t *scale)
{
    *scale = 0;
    if (ag->distinct && ag->kind == AG_COUNT && ag->nargs == 1 && !q->ngroup && !ag->norder) {
        int c = kagg_col(&ag->args[0]);
        if (c < 0 || !kagg_eqcol(&t->cols[c])) return false;
        *a = (jb_agg_arg){ JB_DISTINCT, (uint32_t)c, 0, NULL };
        return true;
    }
    if (ag->distinct || ag->norder) return false;
    if (ag->kind == AG_COUNT_STAR) { *a = (jb_agg_arg){ JB_COUNT_STAR, 0, 0, NULL }; return true; }
    if (ag->nargs != 1) return false;
    bool sum = ag->kind == AG_SUM || ag->kind == AG_AVG;
    if (!sum && ag->kind != AG_COUNT && ag->kind != AG_MIN && ag->kind != AG_MAX) return false;
    memset(a, 0, sizeof *a);
    a->kind = ag->kind == AG_COUNT ? JB_COUNT : sum ? JB_SUM : ag->kind == AG_MIN ? JB_MIN : JB_MAX;
    int c = kagg_col(&ag->args[0]);
    if (c >= 0) {
        if (!kagg_num(&t->cols[c], ag->kind == AG_COUNT || !stor_col_ubig_wide(&t->cols[c]))) return false;
        a->col = (uint32_t)c;
        *scale = t->cols[c].type == CT_DECIMAL && t->cols[c].scale > 0 ? (uint8_t)t->cols[c].scale : 0;
        return true;
    }
    kx n[KX_MAX];
    int nn = kx_tree(t, &ag->args[0], n), nx = 0;
    jb_xop *x = stor_arena_alloc(q->ctx->a, KX_MAX * sizeof *x);
    if (nn < 0 || !kx_emit(n, nn - 1, n[nn - 1].scale, x, &nx)) return false;
    a->x = x;
    a->nx = (uint8_t)nx;
    *scale = (uint8_t)n[nn - 1].scale;
    return true;
}

/* The grouping keys as the kernel takes them: one integer column, or string columns. */
static bool kagg_keys(qstate *q, const stor_table *t, jb_gkey *keys)
{
    if (q->ngroup > JB_AGG_KEYS) return false;
    q->kstr = false;
    for (int i = 0; i < q->ngroup; i++) {
        int c = kagg_col(q->gp[i]);
        if (c < 0) return false;
        const stor_column *col = &t->cols[c];
        if (col->kind == CK_STR && q->gtypes[i].vt == VT_STRING) {
            keys[i] = (jb_gkey){ (uint32_t)c, q->gtypes[i].coll, true };
            q->kstr = true;
        } else if (q->ngroup == 1 && kagg_num(col, true)) {
            keys[i] = (jb_gkey){ (uint32_t)c, 0, false };
        } else {
            return false;
        }
    }
    return true;
}

static bool kagg_wanted(qstate *q, jb_gkey *keys, jb_agg_arg *args)
{
    ex_ctx *ctx = q->ctx;
    if (q->nsrc != 1 || !q->grouped || q->ritems || q->nwins || q->naggs > 8 || q->sel->group_desc ||
        ctx->describe || ctx->stmt->analyzing || ctx->stmt->exam_on || q->lockmode || q->gapmode || jit_count_only(q, 0))
        return false;
    const stor_table *t = ctx->src[0].t;
    const lookup *lk = &q->lk[0];
    if (!t || lk->ix || lk->rix || lk->hcol >= 0 || q->on[0]) return false;
    /* the kernel reads row id order: a scan in another order (clustered, a covering key)
       may meet another row of a group first (its key among collation-equal ones, the
       columns outside aggregates) */
    if (scan_reordered(t, lk)) return false;
    for (int i = 0; i < q->nconj; i++) if (!q->conj[i].jit) return false;
    if (!kagg_keys(q, t, keys)) return false;
    for (int i = 0; i < q->naggs; i++) if (!kagg_arg(q, t, q->aggs[i], &args[i], &q->kscale[i])) return false;
    return jb_enabled(ctx);
}

#define KAGG_BUDGET 4

/* Runs the scan through the compiled sink (q->kagg); false: interpret it instead. */
static bool kagg_run(qstate *q)
{
    jb_gkey keys[JB_AGG_KEYS];
    jb_agg_arg args[8];
    if (q->ftp || !kagg_wanted(q, keys, args)) return false;
    ex_ctx *ctx = q->ctx;
    const stor_table *t = ctx->src[0].t;
    plan_kernels(q, q->plan, q->plan_fresh);
    jb_kept *kept = q->plan->jit;
    uint64_t run = q->jit_run ? q->jit_run : (q->jit_run = jb_run_id());
    jb_scan *js = q->jit ? q->jit[0] : NULL;
    if (!js && !q->nconj) js = jb_scan_all(ctx, kept, 0, t, q, run);
    if (!js) return false;
    jb_agg *ja = jb_agg_new(ctx, kept, t, keys, q->ngroup, args, q->naggs, q, run);
    if (!ja) return false;
    /* The kernel's table is compact (about 50 bytes a group, against the interpreter's
       group structures of some hundreds): it may hold KAGG_BUDGET times the GROUP BY
       spill limit before the interpreter takes over and spills; a limit of tmp_table_size
       bytes held this way would send a GROUP BY of a few hundred thousand groups to disk
       (bench/analytics q2 at scale 1: 6.6 s spilled) */
    size_t budget = q->glimit && q->glimit <= SIZE_MAX / KAGG_BUDGET ? q->glimit * KAGG_BUDGET : q->glimit;
    if (!jb_agg_run(ctx, ja, js, budget)) {
        q->gheld0 = ctx->a->held;   /* (the interpreter's groups spill past glimit from here) */
        return false;
    }
    q->kagg = ja;
    return true;
}

/* Aggregate i's state in group g, as agg_add would have left it. */
static void kagg_state(qstate *q, uint64_t g, int i, aggst *st)
{
    ex_ctx *ctx = q->ctx;
    ex_agg *ag = q->aggs[i];
    memset(st, 0, sizeof *st);
    if (ag->distinct) { st->cnt = (int64_t)jb_agg_distinct(q->kagg, i); return; }
    const int64_t *x = jb_agg_acc(q->kagg, g, i);
    if (ag->kind == AG_COUNT_STAR || ag->kind == AG_COUNT) { st->cnt = x[0]; return; }
    if (ag->kind == AG_SUM || ag->kind == AG_AVG) {
        /* isum below 10^18, as agg_add keeps it, else the exact sum (the same value) */
        st->cnt = x[2];
        if (!x[2]) return;
        __int128 sum = (__int128)((unsigned __int128)(uint64_t)x[1] << 64 | (uint64_t)x[0]);
        st->is_dec = true;
        st->scale = q->kscale[i];
        if (sum < ex_pow10[18] && sum > -ex_pow10[18]) st->isum = sum;
        else {
            pdb_value zero = ex_int(0);
            st->wsum = ex_dec_sum_step(ctx->a, NULL, sum, st->scale, &zero);
        }
        return;
    }
    st->cnt = x[1];
    if (!x[1]) return;
    pdb_value v;   /* MIN, MAX: the value as read at the best's row */
    ctx->rows[0] = (uint32_t)x[2];
    ex_eval(ctx, &ag->args[0], &v);
    st->best = ex_persist(ctx->a, &v);
    st->any = true;
}

/* The groups in key order, NULL first (grp_cmp's order: the keys are unique): the keys,
 * made unsigned-sortable (a signed key with its sign bit flipped; BIGINT UNSIGNED as it
 * is), radix-sorted a byte at a time, skipping the bytes every key shares. */
static uint32_t *kagg_order(qstate *q, uint32_t n)
{
    ex_ctx *ctx = q->ctx;
    uint32_t *idx = stor_arena_alloc(ctx->a, (size_t)n * sizeof *idx);
    if (q->ngroup && jb_agg_dense_order(q->kagg, idx)) {
        ex_slice_work(ctx, n);
        return idx;
    }
    uint64_t *kv = stor_arena_alloc(ctx->a, (size_t)n * sizeof *kv);
    bool unsig = q->ngroup && kagg_uint(&ctx->src[0].t->cols[kagg_col(q->gp[0])]);
    uint32_t m = 0, nul = UINT32_MAX;
    uint64_t all_or = 0, all_and = UINT64_MAX;
    bool sorted = true;   /* groups are numbered by first row: rows stored in key order
                             (WordPress's meta by post, say) make them sorted already */
    for (uint32_t g = 0; g < n; g++) {
        int64_t k;
        if (!q->ngroup || !jb_agg_key(q->kagg, g, &k)) { nul = g; continue; }
        kv[m] = unsig ? (uint64_t)k : (uint64_t)k ^ (1ull << 63);
        if (m && kv[m] < kv[m - 1]) sorted = false;
        idx[m++] = g;
        all_or |= kv[m - 1];
        all_and &= kv[m - 1];
    }
    uint32_t *idx2 = sorted ? NULL : stor_arena_alloc(ctx->a, (size_t)(m ? m : 1) * sizeof *idx2);
    uint64_t *kv2 = sorted ? NULL : stor_arena_alloc(ctx->a, (size_t)(m ? m : 1) * sizeof *kv2);
    for (int sh = 0; sh < 64 && m > 1 && !sorted; sh += 8) {
        if (!(((all_or ^ all_and) >> sh) & 0xff)) continue;   /* every key has this byte */
        uint32_t cnt[257] = { 0 };
        for (uint32_t i = 0; i < m; i++) cnt[((kv[i] >> sh) & 0xff) + 1]++;
        for (int b = 0; b < 256; b++) cnt[b + 1] += cnt[b];
        for (uint32_t i = 0; i < m; i++) {
            uint32_t at = cnt[(kv[i] >> sh) & 0xff]++;
            kv2[at] = kv[i];
            idx2[at] = idx[i];
        }
        ex_slice_work(ctx, m);
        uint64_t *tk = kv; kv = kv2; kv2 = tk;
        uint32_t *ti = idx; idx = idx2; idx2 = ti;
    }
    if (nul == UINT32_MAX) return idx;
    uint32_t *out = stor_arena_alloc(ctx->a, (size_t)n * sizeof *out);
    out[0] = nul;
    memcpy(out + 1, idx, (size_t)m * sizeof *out);
    return out;
}

typedef struct kstr_ord { qstate *q; const pdb_value *kv; } kstr_ord;

static int kstr_cmp(const void *x, const void *y, void *arg)
{
    const kstr_ord *o = arg;
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    int c = grp_key_cmp(o->q, &o->kv[(size_t)a * (size_t)o->q->ngroup], &o->kv[(size_t)b * (size_t)o->q->ngroup]);
    return c ? c : a < b ? -1 : a > b;
}

/* The groups of string keys in key order: their keys read at their first rows (the
 * values the interpreter's groups keep), sorted as grp_cmp sorts them. */
static uint32_t *kagg_order_str(qstate *q, uint32_t n)
{
    ex_ctx *ctx = q->ctx;
    uint32_t *idx = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *idx);
    pdb_value *kv = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * (size_t)q->ngroup * sizeof *kv);
    for (uint32_t g = 0; g < n; g++) {
        if ((g & 1023) == 1023) ex_slice_tick(ctx);
        idx[g] = g;
        ctx->rows[0] = jb_agg_first(q->kagg, g);
        for (int k = 0; k < q->ngroup; k++) {
            pdb_value v;
            ex_eval(ctx, q->gp[k], &v);
            kv[(size_t)g * (size_t)q->ngroup + (size_t)k] = ex_persist(ctx->a, &v);
        }
    }
    kstr_ord o = { q, kv };
    ex_sort(ctx, idx, n, sizeof *idx, kstr_cmp, &o);
    return idx;
}

static void kagg_emit(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    uint32_t n = (uint32_t)jb_agg_ngroups(q->kagg);
    uint32_t *idx = q->kstr ? kagg_order_str(q, n) : kagg_order(q, n);
    if (!q->sel->distinct) ex_rows_reserve(ctx->a, &q->out, q->out.nrows + n);
    aggst *st = stor_arena_alloc(ctx->a, (size_t)(q->naggs ? q->naggs : 1) * sizeof *st);
    pdb_value *aggv = stor_arena_alloc(ctx->a, (size_t)(q->naggs ? q->naggs : 1) * sizeof *aggv);
    for (uint32_t k = 0; k < n; k++) {
        ex_slice_tick(ctx);
        if (k + 16 < n) jb_agg_prefetch(q->kagg, idx[k + 16], false);
        if (k + 8 < n) jb_agg_prefetch(q->kagg, idx[k + 8], true);
        for (int i = 0; i < q->naggs; i++) kagg_state(q, idx[k], i, &st[i]);
        ctx->rows[0] = jb_agg_first(q->kagg, idx[k]);
        for (int i = 0; i < q->naggs; i++) aggv[i] = agg_result(q, q->aggs[i], &st[i]);
        ctx->aggv = aggv;
        emit_output(q);
    }
    ctx->aggv = NULL;
}

/* ---------------------------------------------------------------- planning a block */

/* The optimizer's questions (pl_opt_env), answered in the block's scope (arg). */
static uint64_t opt_srcmask(void *arg, pl_expr *e) { return ex_expr_srcmask(arg, e); }

static void opt_value_type(void *arg, pl_expr *e, bool const_only, pdb_vt *vt, uint16_t *coll)
{
    ex_scope *sc = arg;
    ex_stmt *st = sc->ctx->stmt;
    bool was = st->lookup_const_only;   /* (a block planned inside the compile plans for constants too) */
    st->lookup_const_only = const_only;
    ex_type t;
    ex_compile(sc, e, &t);
    st->lookup_const_only = was;
    *vt = (pdb_vt)t.vt;
    *coll = t.coll;
}

static bool opt_key_value(void *arg, pl_expr *e, const stor_column *col, pdb_value *out)
{
    ex_scope *sc = arg;
    ex_ctx *ctx = sc->ctx;
    bool was = ctx->quiet;
    ctx->quiet = true;
    if (!ex_literal_value(ctx, e, out)) {   /* (a literal: its value without compiling) */
        ex_type t;
        ex_eval(ctx, ex_compile(sc, e, &t), out);
    }
    int64_t y;
    if (col->type == CT_YEAR && ex_year_constant(e) && ex_year_const(out, &y)) *out = ex_int(y);
    bool ok = lookup_key_convert(ctx, col, out);
    ctx->quiet = was;
    return ok;
}

static bool opt_like_bound(uint16_t coll, const char *pat, size_t len)
{
    return like_range_coll(coll) && (!pat || like_prefix(pat, len, NULL, NULL));
}

static const pl_opt_env opt_env = { opt_srcmask, opt_value_type, opt_key_value, opt_like_bound };

/* The block's sources as the optimizer sees them. */
static pl_osrc *opt_sources(ex_ctx *ctx, const ex_src *src)
{
    pl_osrc *o = stor_arena_alloc(ctx->a, (size_t)(ctx->nsrc ? ctx->nsrc : 1) * sizeof *o);
    for (int i = 0; i < ctx->nsrc; i++) {
        const ex_src *s = &src[i];
        o[i] = (pl_osrc){ s->t, s->join, s->on, s->gsize, s->t ? 0 : s->derived ? s->derived->nrows : 1000, s->deny_join };
    }
    return o;
}

/* Puts the sources in the plan's join order, with the joins and ON conditions the
 * optimizer left them. */
static void opt_apply_order(ex_ctx *ctx, const pl_opt *o, const pl_plan *p)
{
    int n = ctx->nsrc;
    ex_src *tmp = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *tmp);
    for (int k = 0; k < n; k++) {
        tmp[k] = ctx->src[p->s[k].order];
        tmp[k].join = o->src[k].join;
        tmp[k].on = o->src[k].on;
        tmp[k].gsize = o->src[k].gsize;
    }
    memcpy(ctx->src, tmp, (size_t)n * sizeof *tmp);
}

/* The types of a prepared statement's parameters, as one number: a plan kept for one
 * set of types is not used with another (whether `col = ?` can use col's index follows
 * the type of ?, as with a literal's kind). 0 without parameters. */
static uint64_t param_sig(const ex_ctx *ctx)
{
    if (!ctx->params || ctx->nparams <= 0) return 0;
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < ctx->nparams; i++) {
        const pdb_value *v = &ctx->params[i];
        uint32_t t = (uint32_t)v->t | (uint32_t)(v->t == VT_STRING ? v->coll : 0) << 8;
        h = (h ^ t) * 1099511628211ull;
    }
    return h | 1;
}

/* The block's plan: the kept one or a fresh one (q->plan, q->plan_fresh), and the join
 * order it gives for this execution (ctx->src permuted; the inner joins' ON conditions
 * joined to the WHERE conjuncts cj). */
static void block_order(qstate *q, ex_scope *sc, pl_expr ***cj, int *ncj, int *ccj)
{
    ex_ctx *ctx = q->ctx;
    pl_opt *o = &q->opt;
    memset(o, 0, sizeof *o);
    o->a = ctx->a;
    o->sel = q->sel;
    o->env = &opt_env;
    o->arg = sc;
    o->nsrc = ctx->nsrc;
    o->src = opt_sources(ctx, ctx->src);
    o->const_only = ctx->stmt->lookup_const_only;
    o->verify = ex_plan_verify;
    o->psig = param_sig(ctx);
    /* (column grants: their checks are made as a plan's expressions compile) */
    bool keepable = !ctx->describe && !ctx->stmt->analyzing && !ctx->cols_check;
    pl_plan *p = pl_plan_begin(o, ctx->stmt->shape, keepable, ctx->s->sql_mode, ctx->s->coll_connection, &q->plan_fresh);
    if (!p) ex_raise(ctx, 1116, "HY000", "Too many tables; MariaDB can only use 61 tables in a join");
    q->plan = p;
    ex_src *src0 = NULL;
    pl_osrc *osrc0 = NULL;
    pl_expr **cj0 = *cj;
    int ncj0 = *ncj;
    if (!q->plan_fresh && ex_plan_verify) {
        /* the sources and conjuncts as opened, for the fresh analysis after the kept plan's */
        src0 = stor_arena_alloc(ctx->a, (size_t)(ctx->nsrc ? ctx->nsrc : 1) * sizeof *src0);
        memcpy(src0, ctx->src, (size_t)ctx->nsrc * sizeof *src0);
        osrc0 = opt_sources(ctx, src0);
        cj0 = stor_arena_alloc(ctx->a, (size_t)(*ncj ? *ncj : 1) * sizeof *cj0);
        if (*ncj) memcpy(cj0, *cj, (size_t)*ncj * sizeof *cj0);
    }
    pl_plan_order(o, p, q->plan_fresh, cj, ncj, ccj);
    opt_apply_order(ctx, o, p);
    if (src0) {
        ex_src *now = ctx->src;
        ctx->src = src0;
        pl_plan_verify_order(o, osrc0, cj0, ncj0, p);
        ctx->src = now;
        q->verify = true;
    }
}

/* Outer-joined groups (q->gend, q->gends): a LEFT JOIN source starts one of its gsize
 * sources. A WHERE condition on a table inside one waits for the group's end (inside):
 * the group's NULL row depends only on ON conditions; ingroup: a source after a group's
 * first. */
static void block_groups(qstate *q, int *inside, bool *ingroup)
{
    ex_ctx *ctx = q->ctx;
    size_t n1 = (size_t)(q->nsrc ? q->nsrc : 1);
    q->gend = stor_arena_alloc(ctx->a, n1 * sizeof(int));
    q->gends = stor_arena_alloc(ctx->a, n1 * sizeof(uint64_t));
    q->gmatched = stor_arena_alloc(ctx->a, n1 * sizeof(bool));
    memset(q->gends, 0, n1 * sizeof(uint64_t));
    for (int i = 0; i < q->nsrc; i++) { q->gend[i] = i; inside[i] = i; ingroup[i] = false; }
    for (int i = 0; i < q->nsrc; i++) {
        ex_src *gs = &ctx->src[i];
        if (gs->gsize > 1) q->gend[i] = i + gs->gsize - 1;
        if (gs->join != JT_LEFT || i == 0) continue;
        q->gends[q->gend[i]] |= 1ull << i;
        for (int k = i; k <= q->gend[i]; k++) {
            if (q->gend[i] > inside[k]) inside[k] = q->gend[i];
            if (k > i) ingroup[k] = true;
        }
    }
}

/* Appends a filter conjunct checked at level lvl. */
static conj *block_add_conj(qstate *q, pl_expr *e, uint64_t m, ex_prog *p, int lvl)
{
    conj *c = &q->conj[q->nconj++];
    memset(c, 0, sizeof *c);
    c->e = e;
    c->m = m;
    c->p = p;
    c->level = lvl;
    kern_setup(q->ctx, p, &c->fk);
    if (c->fk.kind == FK_NONE) c->mm = cmemo_setup(q->ctx, p);
    if ((c->ng = ex_ng_gate(q->ctx->a, p))) q->ngates++;
    return c;
}

/* Cheap filters first: a LIKE over a long text column or a subquery goes last (the
 * n-gram gates of such LIKEs come first: level_conjuncts). The sort is stable and no
 * conjunct moves past one that may warn (string/number conversion), so warnings stay as
 * MariaDB's left-to-right evaluation makes them. */
static void block_conj_order(qstate *q)
{
    for (int i = 0; i < q->nconj; i++) {
        int cost = q->conj[i].p->nops;
        for (int k = 0; k < q->conj[i].p->nops; k++) {
            int code = q->conj[i].p->ops[k].code;
            if (code == OP_LIKE || code == OP_REGEXP || code == OP_SUBQ || code == OP_FUNC) cost += 100;
        }
        q->conj[i].cost = cost;
    }
    for (int i = 1; i < q->nconj; i++) {
        conj x = q->conj[i];
        int j = i;
        if (!x.p->may_warn)
            while (j > 0 && q->conj[j - 1].cost > x.cost && !q->conj[j - 1].p->may_warn) { q->conj[j] = q->conj[j - 1]; j--; }
        q->conj[j] = x;
    }
}

/* The WHERE conjuncts cj placed at the level where their sources are bound, compiled;
 * then the ON conditions, and a group's condition that reads tables of the group after
 * its first one, checked on the group's whole row where its last table is joined. */
static void block_place(qstate *q, ex_scope *sc, bp_progs *pg, pl_expr **cj, int ncj, const int *inside)
{
    ex_ctx *ctx = q->ctx;
    pl_plan *bp = q->plan;
    size_t n1 = (size_t)(q->nsrc ? q->nsrc : 1);
    /* the group conditions come off the sources before the conjuncts' levels are known */
    pl_expr **gcond = stor_arena_alloc(ctx->a, n1 * sizeof(pl_expr *));
    for (int i = 0; i < q->nsrc; i++) {
        ex_src *gs = &ctx->src[i];
        gcond[i] = NULL;
        if (gs->gsize < 2 || !gs->on) continue;
        uint64_t m = ex_expr_srcmask(sc, gs->on);
        if (!(m & (1ull << 63)) && !(m >> (i + 1))) continue;
        gcond[i] = gs->on;
        gs->on = NULL;
    }
    q->conj = stor_arena_alloc(ctx->a, (size_t)(ncj + q->nsrc + 1) * sizeof(conj));
    sc->clause = "WHERE";
    for (int i = 0; i < ncj; i++) {
        uint64_t m = q->plan_post ? bp->cjm[i] : ex_expr_srcmask(sc, cj[i]);
        if (!q->plan_post) bp->cjm[i] = m;
        if (q->plan_post && q->verify && m != ex_expr_srcmask(sc, cj[i])) pl_plan_mismatch(q->sel, "a conjunct's sources");
        int lvl = (m & (1ull << 63)) ? q->nsrc - 1 : top_bit(m);
        if (lvl < 0) lvl = 0;
        if (q->nsrc == 0) lvl = 0;
        else lvl = inside[lvl];
        ex_type t;
        block_add_conj(q, cj[i], m, bp_compile(pg, sc, cj[i], BK_CONJ, pl_nodes_find(&q->opt.nm, cj[i]), &t), lvl);
    }
    block_conj_order(q);
    q->on = stor_arena_alloc(ctx->a, n1 * sizeof(ex_prog *));
    memset(q->on, 0, n1 * sizeof(ex_prog *));
    sc->clause = "ON";
    for (int i = 0; i < q->nsrc; i++) {
        if (!ctx->src[i].on) continue;
        /* an ON may only see the sources up to this one */
        int saved = ctx->nsrc;
        ctx->nsrc = i + 1;
        ex_type t;
        q->on[i] = bp_compile(pg, sc, ctx->src[i].on, BK_ON, pl_nodes_find(&q->opt.nm, ctx->src[i].on), &t);
        ctx->nsrc = saved;
    }
    q->gon = stor_arena_alloc(ctx->a, n1 * sizeof(ex_prog *));
    for (int i = 0; i < q->nsrc; i++) {
        q->gon[i] = NULL;
        if (!gcond[i]) continue;
        ex_type t;
        if (ctx->src[i].join != JT_LEFT) {   /* an inner group (or one WHERE made inner): a filter */
            block_add_conj(q, gcond[i], ex_expr_srcmask(sc, gcond[i]), ex_compile(sc, gcond[i], &t), q->gend[i]);
            continue;
        }
        int saved = ctx->nsrc;
        ctx->nsrc = q->gend[i] + 1;
        q->gon[i] = ex_compile(sc, gcond[i], &t);
        ctx->nsrc = saved;
    }
}

/* How each source finds its rows: the plan's access path, decided now for a fresh plan
 * (or a kept one whose join order these values changed) from the equalities of the
 * source's ON and, for an inner join outside any outer-joined group, WHERE. */
/* One base table and a MATCH term in WHERE that its FULLTEXT key answers (ft_access). */
static bool ft_forced(const qstate *q, pl_expr **cj, int ncj)
{
    if (q->nsrc != 1 || !q->ctx->src[0].t) return false;
    for (int i = 0; i < ncj; i++) if (ex_ft_term(cj[i])) return true;
    return false;
}

static void block_access(qstate *q, ex_scope *sc, bp_progs *pg, pl_expr **cj, int ncj, const int *inside,
                         const bool *ingroup)
{
    ex_ctx *ctx = q->ctx;
    pl_plan *bp = q->plan;
    q->lk = stor_arena_alloc(ctx->a, (size_t)(q->nsrc ? q->nsrc : 1) * sizeof(lookup));
    memset(q->lk, 0, (size_t)(q->nsrc ? q->nsrc : 1) * sizeof(lookup));
    for (int i = 0; i < q->nsrc; i++) q->lk[i].hcol = -1;
    sc->clause = "where clause";
    for (int i = 0; i < q->nsrc; i++) {
        pl_access *l = &bp->s[i].lk;
        if (!q->plan_post || q->verify) {
            pl_expr **eqs = NULL; int neq = 0, ceq = 0;
            pl_split_and(ctx->a, ctx->src[i].on, &eqs, &neq, &ceq);
            /* (MariaDB reads a table through its FULLTEXT key whenever WHERE has a MATCH
               it can answer, whatever other key the conditions could use: ft_access) */
            if (ctx->src[i].join != JT_LEFT && inside[i] == i && !ingroup[i] && !ft_forced(q, cj, ncj))
                for (int k = 0; k < ncj; k++) pl_split_and(ctx->a, cj[k], &eqs, &neq, &ceq);
            if (!q->plan_post) {
                pl_plan *was = q->opt.rec;
                q->opt.rec = q->plan_fresh ? bp : NULL;
                pl_plan_access(&q->opt, i, eqs, neq, l);
                q->opt.rec = was;
            } else {
                pl_access f;
                pl_plan_access(&q->opt, i, eqs, neq, &f);
                if (memcmp(&f, l, sizeof f)) pl_plan_mismatch(q->sel, "an access path");
            }
        }
        bp_apply_lookup(q, sc, i, l, &q->opt.nm, pg);
    }
    if (!q->plan_post) bp->post = true;
}

/* Plans the block and compiles what the scan checks: conjuncts per level, ON
 * conditions, access paths, the JIT's kernels. The plan records this execution's
 * conjuncts in evaluation order (EXPLAIN prints them). */
/* One table read without a key, and WHERE MATCH (...) AGAINST (...) among its AND-ed
 * terms: InnoDB reads the rows through the FULLTEXT key instead, the best rank first
 * and equal ranks in the order the rows were indexed (what clients see without ORDER
 * BY, and what a sort of equal keys keeps). The rows come from the call's ranks
 * (scan_level_run); the term still filters them. */
static void ft_access(qstate *q, ex_scope *sc, pl_expr **cj, int ncj)
{
    ex_ctx *ctx = q->ctx;
    const lookup *l0 = &q->lk[0];
    if (q->nsrc != 1 || !ctx->src[0].t || l0->ix || l0->hcol >= 0 || l0->rix || q->on[0]) return;
    for (int i = 0; i < ncj; i++) {
        pl_expr *m = ex_ft_term(cj[i]);
        if (!m) continue;
        ex_type t;
        q->ftp = ex_compile(sc, m, &t);
        q->ftm = m;
        return;
    }
}

static void block_plan(qstate *q, ex_scope *sc, bp_progs *pg)
{
    ex_ctx *ctx = q->ctx;
    pl_expr **cj = NULL; int ncj = 0, ccj = 0;
    pl_split_and(ctx->a, q->sel->where, &cj, &ncj, &ccj);
    sc->clause = "WHERE";
    block_order(q, sc, &cj, &ncj, &ccj);
    pl_plan *bp = q->plan;
    q->plan_post = bp->post && bp->ncj == ncj;
    /* expression programs: the kept plan's, where its placement holds; or kept with a
       fresh plan */
    memset(pg, 0, sizeof *pg);
    pg->sel = q->sel;
    if (q->plan_post && !q->plan_fresh && bp->nprogs) pg->use = bp;
    if (q->plan_fresh && !bp->nocache) pg->draft = true;
    if (!q->plan_post) {
        bp->post = false;
        bp->ncj = ncj;
        bp->cjm = stor_arena_alloc(ctx->a, (size_t)(ncj ? ncj : 1) * sizeof(uint64_t));
    }
    int *inside = stor_arena_alloc(ctx->a, (size_t)(q->nsrc ? q->nsrc : 1) * sizeof(int));
    bool *ingroup = stor_arena_alloc(ctx->a, (size_t)(q->nsrc ? q->nsrc : 1) * sizeof(bool));
    block_groups(q, inside, ingroup);
    block_place(q, sc, pg, cj, ncj, inside);
    block_access(q, sc, pg, cj, ncj, inside, ingroup);
    ft_access(q, sc, cj, ncj);
    block_scan_keys(q);
    bnl_setup(q);
    jit_join(q, bp, q->plan_fresh);
    jit_levels(q, bp, q->plan_fresh);
    bp->conj = stor_arena_alloc(ctx->a, (size_t)(q->nconj ? q->nconj : 1) * sizeof *bp->conj);
    bp->nconj = q->nconj;
    for (int i = 0; i < q->nconj; i++) bp->conj[i] = (pl_conj){ q->conj[i].e, q->conj[i].m, q->conj[i].level };
}

/* Compiles the block's select items, GROUP BY, HAVING, ORDER BY (and WITH ROLLUP's
 * per-level items); keeps a fresh plan with its programs. */
/* Did expand_items make e for a `*` (not an item as written)? */
static bool item_of_star(const pl_select *sel, const pl_expr *e)
{
    for (int j = 0; j < sel->nitems; j++) if (sel->items[j].e == e) return false;
    return true;
}

/* The expression an ORDER BY item stands for: a select item's by its position or alias */
static const pl_expr *order_expr(ex_ctx *ctx, const pl_select *sel, const pl_item *items, int nitems, pl_expr *o)
{
    int64_t pos;
    char text[24];
    if (item_position(ctx, o, &pos, text, sizeof text)) return pos >= 1 && pos <= nitems ? items[pos - 1].e : o;
    if (o->kind == E_COLUMN && !o->tbl)
        for (int i = 0; i < nitems; i++)
            if (items[i].alias && !strcasecmp(items[i].alias, o->s)) return items[i].e;
    return o;
}

/* Two MATCH calls written alike (case and blanks aside) */
static bool ft_same(const pl_expr *a, const pl_expr *b)
{
    if (!a || !b || !a->start || !b->start) return false;
    size_t i = 0, j = 0;
    for (;;) {
        while (i < a->srclen && isspace((unsigned char)a->start[i])) i++;
        while (j < b->srclen && isspace((unsigned char)b->start[j])) j++;
        if (i == a->srclen || j == b->srclen) return i == a->srclen && j == b->srclen;
        if (tolower((unsigned char)a->start[i]) != tolower((unsigned char)b->start[j])) return false;
        i++; j++;
    }
}

static void block_compile(qstate *q, ex_scope *sc, bp_progs *pg, pl_item *items, int nitems)
{
    ex_ctx *ctx = q->ctx;
    pl_select *sel = q->sel;
    pl_plan *bp = q->plan;
    /* select items */
    sc->clause = "SELECT";
    ex_agg **aggs = stor_arena_alloc(ctx->a, 64 * sizeof *aggs);
    ex_win **wins = stor_arena_alloc(ctx->a, 64 * sizeof *wins);
    q->aggs = aggs; q->wins = wins;
    sc->aggs = aggs; sc->naggs = &q->naggs;
    sc->wins = wins; sc->nwins = &q->nwins;
    sc->grouped = sel->ngroup > 0;
    q->items = stor_arena_alloc(ctx->a, (size_t)(nitems ? nitems : 1) * sizeof(ex_prog *));
    q->itypes = stor_arena_alloc(ctx->a, (size_t)(nitems ? nitems : 1) * sizeof(ex_type));
    for (int i = 0; i < nitems; i++) {
        ctx->cols_unchecked = q->exists_star && item_of_star(sel, items[i].e);
        q->items[i] = bp_compile(pg, sc, items[i].e, BK_ITEM, i, &q->itypes[i]);
        ctx->cols_unchecked = false;
    }
    sc->items = items; sc->nitems = nitems; sc->item_types = q->itypes;

    /* GROUP BY */
    q->ngroup = sel->ngroup;
    q->gp = stor_arena_alloc(ctx->a, (size_t)(sel->ngroup ? sel->ngroup : 1) * sizeof(ex_prog *));
    q->gtypes = stor_arena_alloc(ctx->a, (size_t)(sel->ngroup ? sel->ngroup : 1) * sizeof(ex_type));
    {
        ex_scope gsc = *sc;
        gsc.clause = "GROUP BY";
        gsc.wins = NULL; gsc.nwins = NULL;
        gsc.aggs = NULL; gsc.allow_alias = true; gsc.alias_first = false;
        for (int i = 0; i < sel->ngroup; i++) {
            pl_expr *g = sel->group[i];
            int64_t pos;
            char text[24];
            if (item_position(ctx, g, &pos, text, sizeof text)) {
                if (pos < 1 || pos > nitems) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'GROUP BY'", text);
                g = items[pos - 1].e;
            }
            q->gp[i] = ex_compile(&gsc, g, &q->gtypes[i]);
        }
    }
    check_grouping(ctx, sc, sel, items, nitems);
    /* HAVING */
    if (sel->having) {
        ex_scope hsc = *sc;
        hsc.wins = NULL; hsc.nwins = NULL;
        hsc.clause = "HAVING"; hsc.allow_alias = true; hsc.alias_first = true; hsc.item_base = EX_ITEM_BASE;
        ex_type t;
        q->having = ex_compile(&hsc, sel->having, &t);
    }
    /* ORDER BY */
    q->norder = sel->norder;
    q->order = stor_arena_alloc(ctx->a, (size_t)(sel->norder ? sel->norder : 1) * sizeof(ex_prog *));
    q->desc = stor_arena_alloc(ctx->a, (size_t)(sel->norder ? sel->norder : 1) * sizeof(bool));
    q->order_pos = stor_arena_alloc(ctx->a, (size_t)(sel->norder ? sel->norder : 1) * sizeof(int));
    q->otypes = stor_arena_alloc(ctx->a, (size_t)(sel->norder ? sel->norder : 1) * sizeof(ex_type));
    {
        ex_scope osc = *sc;
        osc.clause = "ORDER BY"; osc.allow_alias = true; osc.alias_first = true; osc.item_base = EX_ITEM_BASE;
        for (int i = 0; i < sel->norder; i++) {
            pl_expr *o = sel->order[i].e;
            q->desc[i] = sel->order[i].desc;
            q->order_pos[i] = -1;
            int64_t pos;
            char text[24];
            if (item_position(ctx, o, &pos, text, sizeof text)) {
                if (pos < 1 || pos > nitems) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'ORDER BY'", text);
                q->order_pos[i] = (int)pos - 1;
                q->otypes[i] = q->itypes[pos - 1];
                continue;
            }
            ex_type t;
            q->order[i] = bp_compile(pg, &osc, o, BK_ORDER, i, &t);
            q->otypes[i] = t;
            if (t.enumc) q->order[i] = ex_prog_enum_index(q->order[i], &t);   /* an ENUM sorts by its members' order */
        }
    }
    q->ft_sorted = q->ftm && sel->norder == 1 && sel->order[0].desc && !sel->ngroup && !q->naggs && !q->nwins &&
                   ft_same(q->ftm, order_expr(ctx, sel, items, nitems, sel->order[0].e));
    /* a fresh plan is kept once its programs are compiled */
    if (q->plan_fresh && bp->post) bp_keep(ctx, sel, bp, &q->opt.nm, pg);
    /* WITH ROLLUP: the items and HAVING once more per level, with the dropped
       group expressions as NULL; grouping keys get one more slot, the level */
    q->rlevel = -1;
    int rl = sel->rollup ? sel->ngroup : 0;
    if (rl) {
        if (q->nwins) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'window functions with ROLLUP'");
        if (sel->norder) ex_raise(ctx, 1221, "HY000", "Incorrect usage of CUBE/ROLLUP and ORDER BY");
        if (rl > 63) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'ROLLUP of more than 63 columns'");
        q->ritems = stor_arena_alloc(ctx->a, (size_t)rl * sizeof *q->ritems);
        q->rhaving = stor_arena_alloc(ctx->a, (size_t)rl * sizeof *q->rhaving);
        pl_expr **rg = stor_arena_alloc(ctx->a, (size_t)rl * sizeof *rg);   /* GROUP BY 1 -> the item */
        for (int g = 0; g < rl; g++) {
            rg[g] = sel->group[g];
            int64_t pos;
            char text[24];
            if (item_position(ctx, rg[g], &pos, text, sizeof text)) rg[g] = items[pos - 1].e;
        }
        for (int l = 0; l < rl; l++) {
            ex_scope isc = *sc;
            isc.clause = "SELECT"; isc.items = NULL; isc.nitems = 0; isc.item_types = NULL;
            q->ritems[l] = stor_arena_alloc(ctx->a, (size_t)(nitems ? nitems : 1) * sizeof(ex_prog *));
            for (int i = 0; i < nitems; i++) {
                ex_type t;
                q->ritems[l][i] = ex_compile(&isc, rollup_subst(sc, items[i].e, rg, rl, l, ctx->a), &t);
            }
            q->rhaving[l] = NULL;
            if (sel->having) {
                ex_scope hsc = *sc;
                hsc.clause = "HAVING"; hsc.allow_alias = true; hsc.alias_first = true; hsc.item_base = EX_ITEM_BASE;
                ex_type t;
                q->rhaving[l] = ex_compile(&hsc, rollup_subst(sc, sel->having, rg, rl, l, ctx->a), &t);
            }
        }
        ex_prog **ngp = stor_arena_alloc(ctx->a, (size_t)(rl + 1) * sizeof *ngp);
        ex_type *ngt = stor_arena_alloc(ctx->a, (size_t)(rl + 1) * sizeof *ngt);
        memcpy(ngp, q->gp, (size_t)rl * sizeof *ngp);
        memcpy(ngt, q->gtypes, (size_t)rl * sizeof *ngt);
        memset(&ngt[rl], 0, sizeof ngt[rl]);
        ngt[rl].vt = VT_INT;
        ngp[rl] = NULL;
        q->gp = ngp; q->gtypes = ngt; q->ngroup = rl + 1;
    }
    q->grouped = sel->ngroup > 0 || q->naggs > 0;
    q->dstream = sel->distinct && !q->nwins;
    if (q->nwins) {
        q->wkoff = stor_arena_alloc(ctx->a, (size_t)q->nwins * sizeof(int));
        for (int w = 0; w < q->nwins; w++) { q->wkoff[w] = q->nwkeys; q->nwkeys += wins[w]->npart + wins[w]->norder; }
    }
    q->nitems = nitems;
    q->out.ncols = (uint32_t)(nitems + q->norder);
}

/* Runs the scan (the join's levels), or for EXPLAIN notes the plan. */
/* Select_scan, Select_range, Select_full_join, Select_full_range_join: how the block
 * reads its tables, as MariaDB counts its joins' access: the first by a full scan (a
 * derived table's rows too) or a range, a later one by a scan or hash join, or a range,
 * for each row before it; an index lookup counts none. */
static void count_access(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    if (ctx->describe || !ctx->stmt || ctx->stmt->analyzing || row_search(q->sel)) return;   /* (not an
                                                                UPDATE's or DELETE's search) */
    for (int l = 0; l < q->nsrc; l++) {
        const lookup *lk = &q->lk[l];
        pdb_stat c;
        if (lk->rix) c = l ? PDB_STAT_SELECT_FULL_RANGE_JOIN : PDB_STAT_SELECT_RANGE;
        else if (lk->ix) continue;
        else c = l ? PDB_STAT_SELECT_FULL_JOIN : PDB_STAT_SELECT_SCAN;
        pdb_status_add(ctx->s, c, 1);
        if (l) return;   /* (MariaDB counts one per join) */
    }
}

/* The block's tables, once per statement however often it runs (Table_open_cache_hits
 * and Handler_commit: ex_status_stmt_end). */
static void count_tables(qstate *q)
{
    ex_stmt *st = q->ctx->stmt;
    if (!st || q->ctx->describe) return;
    for (int i = 0; i < st->nused_sel; i++) if (st->used_sel[i] == q->sel) return;
    if (st->nused_sel < sizeof st->used_sel / sizeof st->used_sel[0]) st->used_sel[st->nused_sel++] = q->sel;
    for (int l = 0; l < q->nsrc; l++) if (q->ctx->src[l].t && !q->ctx->src[l].t->temporary) st->tables_used++;
}

/* ---------------------------------------------------------------- fact-order joins */

/* A grouped join of two tables, `a JOIN b ON b.k = a.u` where level 1 looks b's rows up
 * by its integer key column k with a's unique integer key u, and whose result does not
 * depend on the order its pairs are met, makes its pairs in b's row order instead of
 * the nested loop's: a pass over a marks the rows passing their conjuncts, then each
 * visible b row probes a's unique key for its partner. b's rows, scattered over a's keys
 * (postmeta over posts, comments over posts), are then read in sequence rather than
 * through the key's hash chains row by row (bench/analytics q5, q6).
 *
 * The same result, exactly: the aggregates are order-free over plain columns (COUNT,
 * COUNT(DISTINCT), SUM, AVG, MIN, MAX, BIT_* of integer-slot columns), the group keys are
 * plain columns, no conjunct can warn (the kernels' shapes, or integer columns compared),
 * and each group keeps as its representative (key values, columns outside aggregates) the
 * pair the nested loop meets first: the least (a's place in its scan, b's place among
 * the key's rows: row id order, or the clustered key's when b's rows are out of it, as
 * sort_rowids hands them out). Not for locking reads,
 * ANALYZE, LIMIT ROWS EXAMINED, ROLLUP, window functions or DISTINCT over groups; a
 * GROUP BY that would spill goes back to the nested loop. */
#define SWAP_MIN_ROWS 4096   /* b's rows: below this the nested loop is as fast */

static bool prog_plain_col(const ex_prog *p, int *src, uint32_t *col)
{
    if (!p || p->nops != 1 || p->ops[0].code != OP_COL) return false;
    if (src) *src = p->ops[0].a;
    if (col) *col = (uint32_t)p->ops[0].b;
    return true;
}

static bool col_is_int(const stor_column *c)
{
    return c->kind == CK_I64 && c->type != CT_DECIMAL && c->type != CT_DATE && c->type != CT_DATETIME &&
           c->type != CT_TIMESTAMP && c->type != CT_TIME && c->type != CT_BIT;
}

/* A conjunct that cannot warn nor depend on the order rows come in. */
static bool swap_conj_ok(ex_ctx *ctx, const conj *cj)
{
    if (cj->served) return true;
    if (cj->fk.kind == FK_STR_EQ || cj->fk.kind == FK_INT_CMP || cj->fk.kind == FK_STR_IN) return true;
    const ex_prog *p = cj->p;
    if (cj->fk.kind != FK_NONE || cj->mm || p->nops != 3 || p->ops[0].code != OP_COL || p->ops[1].code != OP_COL ||
        p->ops[2].code != OP_CMP || p->ops[2].a != BO_EQ)
        return false;
    for (int i = 0; i < 2; i++) {   /* integer columns compared: no conversion */
        const ex_op *o = &p->ops[i];
        if (o->a < 0 || o->a >= ctx->nsrc || !ctx->src[o->a].t || !col_is_int(&ctx->src[o->a].t->cols[o->b])) return false;
    }
    return true;
}

static bool swap_agg_ok(ex_ctx *ctx, const ex_agg *ag)
{
    if (ag->kind == AG_COUNT_STAR) return true;
    bool count = ag->kind == AG_COUNT;
    if (!count && ag->kind != AG_SUM && ag->kind != AG_AVG && ag->kind != AG_MIN && ag->kind != AG_MAX &&
        ag->kind != AG_BIT_AND && ag->kind != AG_BIT_OR && ag->kind != AG_BIT_XOR)
        return false;
    if (ag->nargs < 1 || (!count && (ag->nargs != 1 || ag->distinct))) return false;
    for (int i = 0; i < ag->nargs; i++) {
        int src;
        uint32_t col;
        if (!prog_plain_col(&ag->args[i], &src, &col) || src < 0 || src >= ctx->nsrc || !ctx->src[src].t) return false;
        const stor_column *c = &ctx->src[src].t->cols[col];
        if (count) continue;   /* (a NULL test, or values counted by class) */
        if (c->kind != CK_I64 || c->type == CT_BIT) return false;
        if ((ag->kind == AG_SUM || ag->kind == AG_AVG || ag->kind >= AG_BIT_AND) && !col_is_int(c) && c->type != CT_DECIMAL)
            return false;
        if (ag->kind >= AG_BIT_AND && !col_is_int(c)) return false;
    }
    return true;
}

/* a's unique index on column u (one whole integer column), or NULL. */
static const stor_index *swap_unique(const stor_table *t, uint32_t u)
{
    for (uint32_t i = 0; i < t->nidx; i++) {
        const stor_index *x = &t->idx[i];
        if ((x->kind == IK_PRIMARY || x->kind == IK_UNIQUE) && x->ncols == 1 && x->cols[0] == u && !x->prefix[0] &&
            x->nbuckets)
            return x;
    }
    return NULL;
}

static bool swap_wanted(qstate *q, const stor_index **ua, uint32_t *kb)
{
    ex_ctx *ctx = q->ctx;
    if (q->nsrc != 2 || !q->grouped || q->ritems || q->nwins || q->lockmode || q->gapmode || q->an_loops || q->sel->distinct ||
        (ctx->stmt && ctx->stmt->exam_on) || q->gspill || q->kagg)
        return false;
    const ex_src *sa = &ctx->src[0], *sb = &ctx->src[1];
    if (!sa->t || !sb->t || sb->join == JT_LEFT || q->on[0] || q->on[1] || q->gends[0] || q->gends[1] ||
        (q->bnl && q->bnl[1].on) || sb->t->nrows < SWAP_MIN_ROWS)
        return false;
    const lookup *l0 = &q->lk[0], *l1 = &q->lk[1];
    if (l0->ix || l0->hcol >= 0 || l0->rix) return false;   /* a scanned whole */
    if (!l1->ix || l1->nk != 1 || l1->nkv[0] != 1 || l1->ix->ncols != 1 || l1->ix->prefix[0] || l1->korder ||
        l1->ix->kind == IK_FULLTEXT || l1->ix->kind == IK_SPATIAL)
        return false;
    int ksrc;
    uint32_t ucol;
    if (!prog_plain_col(l1->keyp[0][0], &ksrc, &ucol) || ksrc != 0) return false;
    const stor_column *cu = &sa->t->cols[ucol], *ck = &sb->t->cols[l1->ix->cols[0]];
    if (!col_is_int(cu) || !col_is_int(ck) || stor_col_ubig_wide(cu) || stor_col_ubig_wide(ck)) return false;
    if (cu->is_unsigned != ck->is_unsigned && (cu->lo < 0 || ck->lo < 0)) return false;   /* (the same bits, other values) */
    if (!(*ua = swap_unique(sa->t, ucol))) return false;
    *kb = l1->ix->cols[0];
    for (int i = 0; i < q->ngroup; i++) if (!prog_plain_col(q->gp[i], NULL, NULL)) return false;
    for (int i = 0; i < q->naggs; i++) if (!swap_agg_ok(ctx, q->aggs[i])) return false;
    for (int i = 0; i < q->nconj; i++) if (!swap_conj_ok(ctx, &q->conj[i])) return false;
    return true;
}

/* The level-1 conjunct `b.k = a.u` itself (either way round): the probe guarantees it. */
static bool swap_is_join_eq(const conj *cj, uint32_t kb, uint32_t ucol)
{
    const ex_prog *p = cj->p;
    if (cj->level != 1 || cj->fk.kind != FK_NONE || p->nops != 3 || p->ops[0].code != OP_COL ||
        p->ops[1].code != OP_COL || p->ops[2].code != OP_CMP || p->ops[2].a != BO_EQ)
        return false;
    const ex_op *x = &p->ops[0], *y = &p->ops[1];
    return (x->a == 1 && (uint32_t)x->b == kb && y->a == 0 && (uint32_t)y->b == ucol) ||
           (y->a == 1 && (uint32_t)y->b == kb && x->a == 0 && (uint32_t)x->b == ucol);
}

/* Per a's key value (dense: u - umin) or per a's row: the row passing a's conjuncts (+ 1,
 * 0: none) and, once a pair of it was grouped, its group (+ 1) when the group keys are
 * all a's columns. */
typedef struct swap_slot { uint32_t row1, g1, pos; } swap_slot;   /* pos: a's place in its scan */

typedef struct swapper {
    qstate *q;
    const stor_table *ta, *tb;
    const stor_index *ua;
    uint32_t kb, ucol;
    bool dense, gcache;
    int64_t umin;
    uint64_t span;
    swap_slot *sl;
    uint64_t skip;      /* level-1 conjuncts guaranteed by the probe (bit per conjunct < 64) */
    bool bclu;          /* one key's b rows come in clustered order (sort_rowids) */
    uint32_t *gpos, ngpos;   /* per group (seq): its representative's a place */
} swapper;

/* Does the nested loop meet pair (pos, rb) before the group's representative? */
static bool swap_earlier(const swapper *w, const grp *g, uint32_t pos, uint32_t rb)
{
    uint32_t gp = w->gpos[g->seq];
    if (pos != gp) return pos < gp;
    return w->bclu ? stor_clustered_cmp(w->tb, rb, g->rows[1]) < 0 : rb < g->rows[1];
}

/* The pair now in ctx->rows into its group (sl's, or found as on_row finds it); the
 * group's representative becomes this pair when the nested loop would have met it first.
 * False: the groups outgrew the in-memory limit. */
static bool swap_group_row(swapper *w, swap_slot *sl)
{
    qstate *q = w->q;
    ex_ctx *ctx = q->ctx;
    grp *g;
    pdb_value key[65];
    if (w->gcache && sl->g1) g = q->groups[sl->g1 - 1];
    else {
        for (int i = 0; i < q->ngroup && i < 64; i++) ex_eval(ctx, q->gp[i], &key[i]);
        uint32_t before = q->ngroups;
        g = group_find(q, key);
        if (!g) return false;
        if (q->ngroups != before) {
            if (q->glimit && ctx->a->held - q->gheld0 > q->glimit) return false;
            if (g->seq >= w->ngpos) {
                uint32_t nc = w->ngpos ? w->ngpos * 2 : 64;
                uint32_t *np = stor_arena_alloc(ctx->a, (size_t)nc * sizeof *np);
                if (w->ngpos) memcpy(np, w->gpos, (size_t)w->ngpos * sizeof *np);
                w->gpos = np; w->ngpos = nc;
            }
            w->gpos[g->seq] = sl->pos;
        }
        if (w->gcache) sl->g1 = g->seq + 1;
    }
    if (swap_earlier(w, g, sl->pos, ctx->rows[1])) {
        w->gpos[g->seq] = sl->pos;
        memcpy(g->rows, ctx->rows, 2 * sizeof(uint32_t));
        for (int i = 0; i < q->ngroup && i < 64; i++) {
            ex_eval(ctx, q->gp[i], &key[i]);
            g->key[i] = ex_persist(ctx->a, &key[i]);
        }
    }
    for (int i = 0; i < q->naggs; i++) agg_add(q, q->aggs[i], &g->st[i]);
    return true;
}

/* a's rows passing their conjuncts, into w->sl; false when too few pass to be worth it. */
static bool swap_mark(swapper *w)
{
    qstate *q = w->q;
    ex_ctx *ctx = q->ctx;
    const stor_table *ta = w->ta;
    const stor_column *cu = &ta->cols[w->ucol];
    uint32_t npass = 0, n = ta->nrows, *order = NULL;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    if (scan_reordered(ta, &q->lk[0]) && q->lk[0].clu) {   /* a's scan order (swap_join_run made it) */
        order = q->lk[0].clu;
        n = q->lk[0].nclu;
    }
    /* its memory: no more than a GROUP BY may hold before it spills (spill_setup), four
       times over as the compiled sink's (kagg_run), and well inside the arena's guard */
    size_t budget = spill_limit(ctx) * 4, base = ((size_t)n + 1) * 8 + ((size_t)ta->nrows + 1) * sizeof(swap_slot);
    if (ctx->a->limit && budget > (ctx->a->limit - (ctx->a->held < ctx->a->limit ? ctx->a->held : ctx->a->limit)) / 2)
        budget = (ctx->a->limit - (ctx->a->held < ctx->a->limit ? ctx->a->held : ctx->a->limit)) / 2;
    if (base > budget) return false;
    uint32_t *rows = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *rows);
    uint32_t *pos = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *pos);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = order ? order[i] : i;
        ex_slice_tick(ctx);
        if (!stor_row_visible(ta, r) || stor_is_null(cu, r)) continue;   /* (a NULL key meets no b row) */
        ctx->rows[0] = r;
        if (!level_conjuncts(q, 0, false, w->skip)) continue;
        pos[npass] = i;
        rows[npass++] = r;
        if (cu->i64[r] < lo) lo = cu->i64[r];
        if (cu->i64[r] > hi) hi = cu->i64[r];
    }
    if ((uint64_t)npass * 4 < ta->nrows || !npass) return false;   /* a quarter of a at least */
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    w->dense = span < ((uint64_t)1 << 30) && span / 4 <= npass &&
               ((size_t)n + 1) * 8 + ((size_t)span + 1) * sizeof(swap_slot) <= budget;
    size_t ns = w->dense ? (size_t)span + 1 : ta->nrows;
    w->sl = stor_arena_alloc(ctx->a, ns * sizeof *w->sl);
    memset(w->sl, 0, ns * sizeof *w->sl);
    w->umin = lo; w->span = span;
    for (uint32_t i = 0; i < npass; i++) {
        uint32_t r = rows[i];
        swap_slot *sl = &w->sl[w->dense ? (size_t)((uint64_t)cu->i64[r] - (uint64_t)lo) : r];   /* (u unique among visible rows) */
        sl->row1 = r + 1;
        sl->pos = pos[i];
    }
    return true;
}

static bool swap_join_run(qstate *q)
{
    swapper w = { .q = q };
    if (!swap_wanted(q, &w.ua, &w.kb)) return false;
    ex_ctx *ctx = q->ctx;
    w.ta = ctx->src[0].t; w.tb = ctx->src[1].t;
    w.ucol = w.ua->cols[0];
    w.gcache = true;
    w.bclu = stor_reordered(w.tb);
    for (int i = 0; i < q->ngroup; i++) {
        int src = -1;
        prog_plain_col(q->gp[i], &src, NULL);
        if (src != 0) w.gcache = false;
    }
    for (int i = 0; i < q->nconj && i < 64; i++) if (swap_is_join_eq(&q->conj[i], w.kb, w.ucol)) w.skip |= 1ull << i;
    if (scan_reordered(w.ta, &q->lk[0])) scan_rows(ctx, (stor_table *)w.ta, &q->lk[0]);   /* (kept: before the mark) */
    stor_arena_pos mark = stor_arena_here(ctx->a);
    if (!swap_mark(&w)) { stor_arena_rewind(ctx->a, mark); return false; }
    const stor_column *ck = &w.tb->cols[w.kb];
    size_t held0 = q->gheld0;
    q->gheld0 = ctx->a->held;
    for (uint32_t r = 0; r < w.tb->nrows; r++) {
        ex_slice_tick(ctx);
        if (stor_is_null(ck, r) || !stor_row_visible(w.tb, r)) continue;
        swap_slot *sl;
        if (w.dense) {
            uint64_t d = (uint64_t)ck->i64[r] - (uint64_t)w.umin;
            if (d > w.span) continue;
            sl = &w.sl[d];
        } else {
            int64_t ra = stor_index_find_i64(w.ta, w.ua, ck->i64[r]);
            if (ra < 0) continue;
            sl = &w.sl[ra];
        }
        if (!sl->row1) continue;
        ctx->rows[0] = sl->row1 - 1;
        ctx->rows[1] = r;
        if (!level_conjuncts(q, 1, false, w.skip)) continue;
        if (!swap_group_row(&w, sl)) {   /* back to the nested loop, from nothing */
            q->ngroups = 0; q->ght = NULL; q->ghcap = 0; q->groups = NULL; q->gcap = 0; q->gmemo = NULL;
            q->gheld0 = held0;
            stor_arena_rewind(ctx->a, mark);
            return false;
        }
    }
    q->gheld0 = held0;
    return true;
}

/* Appends to buf (cap bytes, *n used, cut where it is full). */
static void note_add(char *buf, size_t cap, size_t *n, const char *fmt, ...)
{
    if (*n + 1 >= cap) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *n, cap - *n, fmt, ap);
    va_end(ap);
    if (k > 0) *n = *n + (size_t)k < cap ? *n + (size_t)k : cap - 1;
}

/* SET pressdb_jit_notes = ON: a Note naming the compiled kernels this block ran (the
 * results, and EXPLAIN, stay MariaDB's; this is how a user sees what the JIT did). */
static void jit_note(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    pdb_value v;
    ex_type t;
    if (ex_sysvar_get(ctx->s, "pressdb_jit_notes", false, &v, ctx->a, &t) != 0 || v.t != VT_INT || !v.i) return;
    static const char fell[] = " (evicted during the run, finished in C)";
    char buf[512];
    size_t n = 0;
    if (q->jj)
        note_add(buf, sizeof buf, &n, "; %s%s%s: lookup %s kernel%s", ctx->src[0].alias, q->nsrc > 1 ? ", " : "",
                 q->nsrc > 1 ? ctx->src[1].alias : "", q->nsrc > 1 ? "join" : "filter",
                 jb_join_fell(q->jj) ? fell : "");
    for (int lv = 0; q->jit && lv < q->nsrc; lv++)
        if (q->jit[lv])
            note_add(buf, sizeof buf, &n, "; %s: filter kernel, %s%s", ctx->src[lv].alias,
                     jb_scan_kept(q->jit[lv]) ? "kept with the plan" : "for this execution",
                     jb_scan_fell(q->jit[lv]) ? fell : "");
    if (q->kagg) note_add(buf, sizeof buf, &n, "; grouped aggregate kernel");
    if (n) ex_warn(ctx, "Note", 1003, "pressdb JIT: %s", buf + 2);   /* (none: q->jit without a kernel) */
}

static void block_run(qstate *q, ex_scope *sc, uint32_t rows_cap)
{
    ex_ctx *ctx = q->ctx;
    pl_select *sel = q->sel;
    /* execute (a prepare only wants the result columns) */
    if (ctx->stmt->analyzing && !ctx->describe && q->nsrc) {
        size_t sz = (size_t)q->nsrc * sizeof(uint64_t);
        q->an_loops = stor_arena_alloc(ctx->a, sz); q->an_read = stor_arena_alloc(ctx->a, sz);
        q->an_pass = stor_arena_alloc(ctx->a, sz);
        memset(q->an_loops, 0, sz); memset(q->an_read, 0, sz); memset(q->an_pass, 0, sz);
        q->an_ns = stor_arena_alloc(ctx->a, sz + sizeof(uint64_t)); q->an_cond_ns = stor_arena_alloc(ctx->a, sz);
        memset(q->an_ns, 0, sz + sizeof(uint64_t)); memset(q->an_cond_ns, 0, sz);
    }
    if (ctx->describe) {
        if (ctx->stmt->explaining) explain_note(q, sc);
    } else if (q->nsrc == 0) {
        bool ok = true;
        for (int i = 0; i < q->nconj; i++) if (!passes(ctx, q->conj[i].p)) ok = false;
        if (ok) on_row(q);
    } else {
        bool impossible = false;
        for (int i = 0; i < q->nconj; i++) {
            /* constant-false conjuncts (WHERE 0 = 1) end the scan before it starts */
            if (!q->conj[i].m && !passes(ctx, q->conj[i].p)) impossible = true;
        }
        if (ctx->stmt && ctx->stmt->exam_on && (!q->norder || exam_pk_order(q)) && !q->grouped && !q->nwins && !sel->distinct) {
            int64_t l = limit_value(ctx, sel->limit), o = limit_value(ctx, sel->offset);
            if (l >= 0) q->exam_want = (uint64_t)l + (uint64_t)(o > 0 ? o : 0);
            if (l == 0) q->exam_full = true;   /* LIMIT 0 reads nothing */
        }
        limit_stop_setup(q, rows_cap);
        jit_join_keep(q);
        spill_setup(q);
        fsort_setup(q);
        order_levels_setup(q);
        if (!impossible) count_access(q);
        q->gsort = gsort_wanted(q, sc);
        if (!impossible && !scan_stop(q)) {
            if (q->gsort || (!kagg_run(q) && !swap_join_run(q))) {
                scan_level(q, 0);
                for (int k = 1; q->bnl && k < q->nsrc && !scan_stop(q); k++) bnl_flush(q, k);
            } else if (!q->lk[0].ix && !q->lk[0].rix && ctx->src[0].t) {
                hr_count(q, 0, ctx->src[0].t->nlive, true);   /* (a kernel's pass over the table) */
            }
        }
        hr_flush(q);
        count_tables(q);
    }
    if (ctx->stmt->analyzing && !ctx->describe) explain_note(q, sc);
    if ((q->jit || q->jj || q->kagg) && !ctx->describe) jit_note(q);
    if (exam_stopped(ctx) && !ctx->describe) exam_cut(q);
}

/* Grouped rows out: groups in key order (MariaDB's), WITH ROLLUP's super-aggregate rows
 * after each run of a common prefix. */
static void block_emit_groups(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    pl_select *sel = q->sel;
    if (q->ngroups == 0 && sel->ngroup == 0) {
        /* aggregates over no rows: one row */
        pdb_value key[1];
        for (int i = 0; i < q->nsrc; i++) ctx->rows[i] = EX_NULLROW;
        group_find(q, key);
    }
    /* MariaDB returns groups ordered by the group key */
    grp **gs = q->groups;
    if (sel->ngroup && q->ngroups > 1) ex_sort(ctx, gs, q->ngroups, sizeof *gs, grp_cmp, q);   /* key, then creation */
    pdb_value *aggv = stor_arena_alloc(ctx->a, (size_t)(q->naggs ? q->naggs : 1) * sizeof(pdb_value));
    if (q->ritems) {
        if (q->gwarn > 0) grouping_rewarn(q, gs);
        /* the ordinary groups in key order, each run of a common prefix
           followed by its super-aggregate rows (their other columns are
           those of the group before them, as in MariaDB) */
        int n = q->ngroup - 1;
        grp *prev = NULL;
        pdb_value key[65];
        for (uint32_t g = 0; g <= q->ngroups; g++) {
            grp *gr = g < q->ngroups ? gs[g] : NULL;
            if (gr && gr->key[n].i != 0) continue;
            if (prev) {
                int common = -1;  /* leading group columns equal to the previous group's */
                if (gr)
                    for (common = 0; common < n && ex_values_equal(&prev->key[common], &gr->key[common],
                               q->gtypes[common].vt == VT_STRING ? q->gtypes[common].coll : 0) &&
                           (prev->key[common].t == VT_NULL) == (gr->key[common].t == VT_NULL);
                         common++) { }
                for (int l = n - 1; l > common; l--) {
                    for (int i = 0; i < n; i++) key[i] = i < l ? prev->key[i] : ex_null();
                    key[n] = ex_int(n - l);
                    grp *sg = group_find(q, key);
                    memcpy(ctx->rows, prev->rows, (size_t)q->nsrc * sizeof(uint32_t));
                    for (int i = 0; i < q->naggs; i++) aggv[i] = agg_result(q, q->aggs[i], &sg->st[i]);
                    ctx->aggv = aggv;
                    q->rlevel = l;
                    emit_output(q);
                    q->rlevel = -1;
                }
            }
            if (!gr) break;
            ex_slice_tick(ctx);
            memcpy(ctx->rows, gr->rows, (size_t)q->nsrc * sizeof(uint32_t));
            for (int i = 0; i < q->naggs; i++) aggv[i] = agg_result(q, q->aggs[i], &gr->st[i]);
            ctx->aggv = aggv;
            emit_output(q);
            prev = gr;
        }
    } else if (q->gspill) groups_merge(q, gs, aggv);
    else {
    if (!sel->distinct) ex_rows_reserve(ctx->a, &q->out, q->out.nrows + q->ngroups);
    for (uint32_t g = 0; g < q->ngroups; g++) {
        ex_slice_tick(ctx);
        grp *gr = gs[g];
        memcpy(ctx->rows, gr->rows, (size_t)q->nsrc * sizeof(uint32_t));
        for (int i = 0; i < q->naggs; i++) aggv[i] = agg_result(q, q->aggs[i], &gr->st[i]);
        ctx->aggv = aggv;
        emit_output(q);
    }
    }
    ctx->aggv = NULL;
}

/* Output rows a and b as filesort compares them: the ORDER BY keys, then in rowid mode
 * the row references. */
typedef struct fsrows { qstate *q; const pdb_value *base; uint32_t ncols; const uint32_t *orow; const stor_table *t; } fsrows;
static int fs_rowcmp(uint32_t a, uint32_t b, void *arg)
{
    const fsrows *f = arg;
    int c = order_cmp(&f->base[(size_t)a * f->ncols], &f->base[(size_t)b * f->ncols], f->q);
    if (c || !f->q->fs->rowid) return c;
    return ex_fsort_refcmp(f->t, f->orow[a], f->orow[b]);
}

/* Do rows that the sort's result shows (its first limit + 1, or all) tie? Only then
 * does the order they were read in change it. */
static bool fs_ties(const qstate *q, const uint32_t *idx, uint32_t n, const fsrows *fr)
{
    uint64_t m = q->fs->limit == UINT64_MAX ? n : q->fs->limit + 1;
    if (m > n) m = n;
    for (uint64_t i = 1; i < m; i++) if (!fs_rowcmp(idx[i - 1], idx[i], (void *)fr)) return true;
    return false;
}

/* Sort_rows, Sort_scan, Sort_range of a block's filesort (q->fs: one table read in other
 * than the ORDER BY's order), rows its result holds (a LIMIT's at most). Sorts of groups
 * and of joins are not counted. */
static void count_sort(qstate *q, uint32_t rows)
{
    ex_ctx *ctx = q->ctx;
    if (ctx->describe || !ctx->stmt || ctx->stmt->analyzing) return;
    pdb_status_add(ctx->s, PDB_STAT_SORT_ROWS, q->fs->limit < rows ? (int64_t)q->fs->limit : (int64_t)rows);
    pdb_status_add(ctx->s, q->lk[0].rix ? PDB_STAT_SORT_RANGE : PDB_STAT_SORT_SCAN, 1);
}

/* Output rows in the order of their source rows in a key (ixcmp over orow). */
typedef struct fsixctx { const stor_table *t; const stor_index *x; const uint32_t *orow; } fsixctx;
static int fs_ixcmp(const void *a, const void *b, void *arg)
{
    const fsixctx *c = arg;
    return stor_index_cmp(c->t, c->x, c->orow[*(const uint32_t *)a], c->orow[*(const uint32_t *)b]);
}

/* ORDER BY over one InnoDB table read in other than ORDER BY's order is MariaDB's
 * filesort of the rows as it reads them: rows that tie come out as its algorithm leaves
 * them (filesort.c). Not for grouping, DISTINCT, window functions, WITH TIES, LIMIT 0 or
 * ROWS EXAMINED (a temporary table or a stop in between), nor UPDATE/DELETE's search. */
static void fsort_setup(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    pl_select *sel = q->sel;
    const stor_table *t = q->nsrc == 1 ? ctx->src[0].t : NULL;
    if (!t || !q->norder || q->grouped || sel->distinct || q->nwins || sel->with_ties || ctx->stmt->exam_on ||
        q->lk[0].korder || row_search(sel) || items_volatile(sel) || !t->engine || strcasecmp(t->engine, "InnoDB"))
        return;
    int64_t l = limit_value(ctx, sel->limit), o = limit_value(ctx, sel->offset);
    if (l == 0) return;
    uint64_t lim = l < 0 ? UINT64_MAX : (uint64_t)l + (uint64_t)(o > 0 ? o : 0);
    q->fs = stor_arena_alloc(ctx->a, sizeof *q->fs);
    ex_fsort_setup(ctx, sel, 0, q->otypes, q->norder, lim, q->fs);
}

static bool type_is_blob(const ex_type *t)
{
    return t->ptype == MYSQL_TYPE_BLOB || t->ptype == MYSQL_TYPE_TINY_BLOB ||
           t->ptype == MYSQL_TYPE_MEDIUM_BLOB || t->ptype == MYSQL_TYPE_LONG_BLOB;
}

/* Which ORDER BY strings of a collation of several levels (uca1400's _as_ and _cs_,
 * thai_520_w2) MariaDB's filesort compares on their primary level alone (measured on
 * 10.11; sort_ties.md, "Levels of a collation"). Its sort keys are packed, each string compared by its
 * collation on every level, unless a priority queue serves a LIMIT, some string key is
 * longer than max_sort_length bytes under a collation that does not map characters to
 * weights one to one (UCA, Czech: SORTLEN > 1), or packing saves too little (the keys'
 * bytes under 132 + their length bytes). Otherwise a key is strnxfrm's weights cut at
 * max_sort_length: a string of several levels keeps its higher ones only while its
 * characters * 2 * SORTLEN stay under max_sort_length (VARCHAR(63) utf8mb4 does, (64)
 * does not; a TEXT never). Rows read in the key's order are not sorted. */
static void order_levels_setup(qstate *q)
{
    ex_ctx *ctx = q->ctx;
    bool any = false;
    q->oprimary = NULL;
    for (int i = 0; i < q->norder && !any; i++)
        any = q->otypes[i].vt == VT_STRING && pdb_coll_levels(q->otypes[i].coll) > 1;
    if (!any || q->ft_sorted || order_from_key(q)) return;
    pdb_value v;
    ex_type vt;
    uint64_t msl = 1024;
    if (ex_sysvar_get(ctx->s, "max_sort_length", false, &v, ctx->a, &vt) == 0 && v.t != VT_NULL)
        msl = v.t == VT_UINT ? v.u : (uint64_t)ex_to_int(&v);
    bool packed = q->fs ? !ex_fsort_pq(q->fs) : !q->sel->limit;
    uint64_t orig = 0, lenbytes = 0;
    for (int i = 0; i < q->norder; i++) {
        const ex_type *t = &q->otypes[i];
        if (t->vt != VT_STRING) { orig += ex_fsort_key_len(t); continue; }
        const pdb_collation *co = pdb_coll_by_id(t->coll);
        if (t->length > msl && co && co->sortlen > 1) packed = false;
        uint64_t n = t->length < msl ? t->length : msl;
        orig += n + (t->nullable ? 1 : 0);
        lenbytes += n < 256 ? 1 : 2;
    }
    if (orig < 132 + lenbytes) packed = false;
    if (packed) return;
    q->oprimary = stor_arena_alloc(ctx->a, (size_t)q->norder * sizeof *q->oprimary);
    for (int i = 0; i < q->norder; i++) {
        const ex_type *t = &q->otypes[i];
        const pdb_collation *co = t->vt == VT_STRING && pdb_coll_levels(t->coll) > 1 ? pdb_coll_by_id(t->coll) : NULL;
        uint64_t chars = co ? (t->length < msl ? t->length : msl) / (co->maxlen ? co->maxlen : 1) : 0;
        q->oprimary[i] = co && (type_is_blob(t) || chars * 2 * co->sortlen >= msl);
    }
}

/* Window functions, DISTINCT, ORDER BY and LIMIT over the rows made; into result. */
static void block_finish(qstate *q, ex_rows *result, uint64_t *found)
{
    ex_ctx *ctx = q->ctx;
    pl_select *sel = q->sel;
    int nitems = q->nitems;
    if (q->nwins && !ctx->describe) window_finish(q);
    /* a spilled sort is merged after the result's other rows (none) are made, below */
    bool spilled = q->spill && ex_spill_spilled(q->spill);
    if (q->spill && !spilled) ex_spill_take(ctx, q->spill, &q->out);

    /* DISTINCT */
    ex_rows *o = &q->out;
    uint32_t *idx = stor_arena_alloc(ctx->a, (o->nrows ? o->nrows : 1) * sizeof(uint32_t));
    uint32_t n = 0;
    if (sel->distinct && !q->dstream) {
        /* (with window functions: rows were made before their values were known) */
        uint32_t hcap = 64;
        while (hcap < o->nrows * 2) hcap *= 2;
        int32_t *ht = stor_arena_alloc(ctx->a, hcap * sizeof(int32_t));
        int32_t *nxt = stor_arena_alloc(ctx->a, (o->nrows ? o->nrows : 1) * sizeof(int32_t));
        memset(ht, -1, hcap * sizeof(int32_t));
        for (uint32_t r = 0; r < o->nrows; r++) {
            ex_slice_tick(ctx);
            pdb_value *row = &o->v[(size_t)r * o->ncols];
            uint32_t b = (uint32_t)(distinct_hash(q, row) & (hcap - 1));
            bool dup = false;
            for (int32_t k = ht[b]; k >= 0 && !dup; k = nxt[k]) dup = distinct_same(q, row, &o->v[(size_t)k * o->ncols]);
            if (dup) continue;
            nxt[r] = ht[b]; ht[b] = (int32_t)r;
            idx[n++] = r;
        }
    } else for (uint32_t r = 0; r < o->nrows; r++) idx[n++] = r;   /* (DISTINCT: dropped as made) */

    /* ORDER BY (with a LIMIT well below the row count: only the first offset+limit
       rows are ordered, through a heap; out_cmp is a total order, so the rows are the
       ones a full sort puts first) */
    int64_t lim = limit_value(ctx, sel->limit), off = limit_value(ctx, sel->offset);
    uint32_t nsorted = n;
    bool fs_done = q->ft_sorted, keyed_all = !fs_done && n > 1 && q->norder && sort_by_keys(q, o, idx, n) && !order_from_key(q);
    if (keyed_all) sortkeys(ctx, q, o, idx, n, true);
    if (!fs_done && q->fs && n > 1 && q->norow == n) {
        /* first the stable sort (a top-N with LIMIT) on a copy: when no two of the rows it
           shows (and the next one) tie on the ORDER BY keys, any sort gives that result,
           MariaDB's filesort too, and it is taken as it is */
        uint32_t *first = stor_arena_alloc(ctx->a, (size_t)n * sizeof *first);
        memcpy(first, idx, (size_t)n * sizeof *first);
        uint64_t m = q->fs->limit == UINT64_MAX || q->fs->limit + 1 >= n ? n : q->fs->limit + 1;
        sortctx scx = { q, o->v, o->ncols };
        bool keyed = keyed_all;
        if (m < (uint64_t)n / 4) top_n(&scx, first, n, (uint32_t)m);
        else {
            if (n >= 256 && !keyed) { sortkeys(ctx, q, o, first, n, false); keyed = true; }
            ex_sort(ctx, first, n, sizeof *first, out_cmp, &scx);
        }
        bool ties = false;
        for (uint64_t i = 1; i < m && !ties; i++)
            ties = !order_cmp(&o->v[(size_t)first[i - 1] * o->ncols], &o->v[(size_t)first[i] * o->ncols], q);
        if (!ties) {
            memcpy(idx, first, (size_t)n * sizeof *idx);
            fs_done = true;
            count_sort(q, (uint32_t)(q->fs->limit < n ? q->fs->limit : n));
        } else if (n >= 256 && !keyed && !ex_fsort_pq(q->fs)) sortkeys(ctx, q, o, idx, n, false);
    }
    if (!fs_done && q->fs && n > 1 && q->norow == n) {
        fsrows fr = { q, o->v, o->ncols, q->orow, ctx->src[0].t };
        q->fs->srcrow = q->orow;   /* (a packed record's length is its source row's) */
        uint32_t *read = NULL;
        if (q->fs_ix && !q->fs->rowid) {
            read = stor_arena_alloc(ctx->a, (size_t)n * sizeof *read);
            memcpy(read, idx, (size_t)n * sizeof *read);
        }
        nsorted = ex_fsort_run(ctx, q->fs, idx, n, fs_rowcmp, &fr);
        count_sort(q, nsorted);
        if (read && fs_ties(q, idx, nsorted, &fr)) {
            /* rows that tie: their order is the one MariaDB read them in, the key's */
            fsixctx ic = { ctx->src[0].t, q->fs_ix, q->orow };
            ex_sort(ctx, read, n, sizeof *read, fs_ixcmp, &ic);
            memcpy(idx, read, (size_t)n * sizeof *idx);
            nsorted = ex_fsort_run(ctx, q->fs, idx, n, fs_rowcmp, &fr);
        }
    } else if (!fs_done && q->norder && n > 1) {
        uint64_t want = lim < 0 || sel->with_ties ? UINT64_MAX : (uint64_t)lim + (uint64_t)(off > 0 ? off : 0);
        /* sort keys pay off when most rows take part in many comparisons; a top-N
           compares most rows once, with the heap's top */
        if (n >= 256 && want >= (uint64_t)n / 4 && !keyed_all) sortkeys(ctx, q, o, idx, n, false);
        sortctx scx = { q, o->v, o->ncols };
        if (want < (uint64_t)n / 4) top_n(&scx, idx, n, (uint32_t)want);
        else ex_sort(ctx, idx, n, sizeof *idx, out_cmp, &scx);
    }
    *found = n;
    if (off < 0) off = 0;
    uint32_t from = (uint32_t)((uint64_t)off < nsorted ? (uint64_t)off : nsorted);
    uint32_t to = lim < 0 ? nsorted : (uint32_t)((uint64_t)from + (uint64_t)lim < nsorted ? from + (uint64_t)lim : nsorted);
    if (sel->with_ties && q->norder)   /* FETCH ... WITH TIES: the rows that sort as the last one */
        while (to > from && to < n) {
            ex_slice_tick(ctx);
            const pdb_value *ra = &o->v[(size_t)idx[to - 1] * o->ncols], *rb = &o->v[(size_t)idx[to] * o->ncols];
            int i = 0;
            while (i < q->norder && !cmp_nulls_first(&ra[q->nitems + i], &rb[q->nitems + i], 0)) i++;
            if (i < q->norder) break;
            to++;
        }

    result->ncols = (uint32_t)nitems;
    /* the rows as made, in order, no key columns after the items: the result is they
       (the block's rows are not used after this; q->out lets go of them) */
    bool same = !result->nrows && o->ncols == (uint32_t)nitems && to > from && !spilled;
    for (uint32_t i = from; same && i < to; i++) same = idx[i] == i;
    if (same) {
        result->v = o->v + (size_t)from * o->ncols;
        result->nrows = result->cap = to - from;
        o->v = NULL; o->nrows = o->cap = 0;
        return;
    }
    if (to > from) ex_rows_reserve(ctx->a, result, result->nrows + (to - from));
    for (uint32_t i = from; i < to; i++) {
        ex_slice_tick(ctx);
        if (result->nrows == result->cap) {
            uint32_t nc = result->cap ? result->cap * 2 : 16;
            pdb_value *nv = stor_arena_alloc(ctx->a, (size_t)nc * (size_t)(nitems ? nitems : 1) * sizeof *nv);
            if (result->nrows) memcpy(nv, result->v, (size_t)result->nrows * (size_t)nitems * sizeof *nv);
            result->v = nv; result->cap = nc;
        }
        memcpy(&result->v[(size_t)result->nrows * (size_t)nitems], &o->v[(size_t)idx[i] * o->ncols], (size_t)nitems * sizeof(pdb_value));
        result->nrows++;
    }
    if (spilled) {
        uint64_t total = ex_spill_rows(q->spill);
        spill_out so = { q, result, 0, (uint64_t)off, lim < 0 ? UINT64_MAX : (uint64_t)off + (uint64_t)lim,
                         sel->with_ties, NULL };
        if (so.from < total && so.to > so.from) ex_spill_merge(ctx, q->spill, spill_each, &so);
        *found = total;
    }
}

/* The result's column metadata as MariaDB sends it: names, tables, key flags. */
/* The length of the character at p (of at most n bytes) as MariaDB's utf8mb3/utf8mb4
 * read it, or 0. A surrogate's three bytes are a character to them (drivers such as
 * node's mysql2 send a 4-byte character to a utf8mb3 connection as two: CESU-8). */
static size_t utf8_len(const unsigned char *p, size_t n)
{
    unsigned char c = p[0];
    size_t k = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (!k || k > n) return 0;
    for (size_t i = 1; i < k; i++) if ((p[i] & 0xc0) != 0x80) return 0;
    if ((c == 0xe0 && p[1] < 0xa0) || (c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] > 0x8f))
        return 0;   /* overlong, past U+10FFFF */
    return k;
}

/* A column name as MariaDB sends it: utf8mb3 (a 4-byte character is '?'), leading
 * spaces and control characters dropped (Item::set_name); bytes that are not UTF-8 as
 * \xHH, except that a 4-byte lead byte without its sequence, and in a string
 * literal's value any lead byte without its sequence, is '?'. Never invalid UTF-8 otherwise: clients decode names
 * (PyMySQL fails on them), but a surrogate passes as MariaDB passes it. */
static char *name_utf8mb3(ex_ctx *ctx, const char *in, size_t n, bool literal)
{
    const unsigned char *p = (const unsigned char *)in;
    size_t r = 0, w = 0;
    while (r < n && p[r] <= 0x20) r++;
    char *o = stor_arena_alloc(ctx->a, (n - r) * 4 + 1);
    while (r < n) {
        size_t k = p[r] ? utf8_len(p + r, n - r) : 0;   /* (a NUL byte too is \x00) */
        if (k == 4) { o[w++] = '?'; r += 4; continue; }
        if (k) { memcpy(o + w, p + r, k); w += k; r += k; continue; }
        if ((literal && p[r] >= 0xc2 && p[r] <= 0xf4) || (p[r] >= 0xf0 && p[r] <= 0xf4)) { o[w++] = '?'; r++; continue; }
        w += (size_t)sprintf(o + w, "\\x%02X", p[r]);
        r++;
    }
    o[w] = 0;
    return o;
}

static bool derived_names(const ex_src *sr)
{
    if (!sr->db) return true;
    if (!strcmp(sr->db, "information_schema")) return false;
    return strcmp(sr->db, "mysql") || !sr->name || !strcmp(sr->name, "user") || sr->view;
}

static void block_columns(qstate *q, ex_scope *sc, pl_item *items, int nitems, ex_bcols *cols)
{
    ex_ctx *ctx = q->ctx;
    /* metadata */
    cols->types = q->itypes;
    cols->tableless = !q->nsrc && !q->grouped && !q->nwins;
    const char **names = stor_arena_alloc(ctx->a, (size_t)(nitems ? nitems : 1) * sizeof(char *));
    const char **tabs = stor_arena_alloc(ctx->a, (size_t)(nitems ? nitems : 1) * sizeof(char *));
    const char **orgt = stor_arena_alloc(ctx->a, (size_t)(nitems ? nitems : 1) * sizeof(char *));
    const char **orgn = stor_arena_alloc(ctx->a, (size_t)(nitems ? nitems : 1) * sizeof(char *));
    const char *dbname = "";
    for (int i = 0; i < nitems; i++) {
        pl_expr *e = items[i].e;
        if (items[i].alias) names[i] = items[i].alias;
        else if (e->kind == E_COLUMN) names[i] = e->s;
        else {
            /* MariaDB names an expression column by its text as written */
            const char *nm = e->start;
            size_t nml = e->srclen;
            if (e->kind == E_STRING && !e->ival) ex_lit_text(ctx, e, &nm, &nml);
            if (e->kind == E_FUNC && !strcmp(e->s, "NAME_CONST") && e->nargs == 2 && e->args[0]->kind == E_STRING) {
                nm = e->args[0]->s;   /* NAME_CONST('x', v) is named x */
                nml = e->args[0]->slen;
            }
            /* literals by their own name: NULL, TRUE, FALSE, a number without parentheses */
            if (e->kind == E_NULL) { nm = "NULL"; nml = 4; }
            if (e->kind == E_BOOL) { nm = e->ival ? "TRUE" : "FALSE"; nml = strlen(nm); }
            if ((e->kind == E_INT || e->kind == E_DECIMAL || e->kind == E_FLOAT) && e->srclen > 1 && e->start[0] == '(') {
                size_t b = 0, n = e->srclen;
                while (b < n && (e->start[b] == '(' || e->start[b] == ' ')) b++;
                while (n > b && (e->start[n - 1] == ')' || e->start[n - 1] == ' ')) n--;
                if (n > b && e->start[b] != '-' && e->start[b] != '+') {   /* (-1) is an expression */
                    nm = e->start + b;
                    nml = n - b;
                }
            }
            char *name = name_utf8mb3(ctx, nm, nml, e->kind == E_STRING && !e->ival);
            /* at most 255 bytes long (MAX_ALIAS_NAME), cut at a character's start */
            size_t w = strlen(name);
            if (w > 255) {
                w = 255;
                while (w > 0 && ((unsigned char)name[w] & 0xc0) == 0x80) w--;
                name[w] = 0;
            }
            names[i] = name;
        }
        tabs[i] = orgt[i] = orgn[i] = "";
        if (e->kind == E_COLUMN) {
            int src, col;
            ex_scope s2 = *sc;
            s2.outer = NULL;
            if (ex_find_column(&s2, e, &src, &col)) {
                ex_src *sr = &ctx->src[src];
                tabs[i] = sr->alias;
                orgt[i] = sr->t ? sr->t->name : sr->view == 1 ? sr->name : sr->view ? "" : sr->alias;
                orgn[i] = sr->t ? sr->t->cols[col].name : sr->dnames[col];
                /* a column of a derived table, CTE or view is named as it defines it, not as
                   the reference spells it (MariaDB's view field refs); information_schema's
                   and the mysql schema's tables (mysql.user apart: a view) as spelled; and so
                   are a view's own columns (MariaDB names them when the view is made, before
                   the references are resolved) */
                if (!items[i].alias && !sr->t && derived_names(sr) && !ctx->view_depth) names[i] = sr->dnames[col];
                if (sr->t) dbname = sr->t->db;
                else if (sr->view) dbname = sr->db;   /* (MariaDB names a view's database) */
                /* key flags as MariaDB sends them */
                if (sr->t) {
                    stor_table *t = sr->t;
                    for (uint32_t x = 0; x < t->nidx; x++) {
                        stor_index *ix = &t->idx[x];
                        for (uint32_t k = 0; k < ix->ncols; k++) {
                            if (ix->cols[k] != (uint32_t)col) continue;
                            q->itypes[i].flags |= PART_KEY_FLAG;
                            if (ix->kind == IK_PRIMARY) q->itypes[i].flags |= PRI_KEY_FLAG;
                            else if (ix->kind == IK_UNIQUE && ix->ncols == 1) q->itypes[i].flags |= UNIQUE_KEY_FLAG;
                            else if (k == 0) q->itypes[i].flags |= MULTIPLE_KEY_FLAG;
                        }
                    }
                    if (t->cols[col].has_default == false && t->cols[col].not_null && !t->cols[col].auto_increment) q->itypes[i].flags |= NO_DEFAULT_VALUE_FLAG;
                }
            }
        }
    }
    cols->names = names;
    cols->tables = tabs;
    cols->orgt = orgt;
    cols->orgn = orgn;
    cols->db = dbname;
}

static pl_select *group_dropped(ex_ctx *ctx, pl_select *sel);

/* Column grants: a `*` needs SELECT on every column of the tables it covers (1142), not
 * inside EXISTS (MariaDB drops that select list). */
static void items_privs(ex_ctx *ctx, const pl_select *sel, bool exists)
{
    for (int i = 0; i < sel->nitems && !exists; i++) {
        const pl_expr *e = sel->items[i].e;
        if (e->kind != E_STAR) continue;
        for (int s = 0; s < ctx->nsrc; s++)
            if (ctx->src[s].t && (!e->tbl || !strcmp(e->tbl, ctx->src[s].alias))) ex_privs_star(ctx, &ctx->src[s]);
    }
}

/* The columns e reads outside subqueries, each checked (SELECT) as it resolves. */
static void expr_columns(ex_scope *sc, pl_expr *e)
{
    if (!e || e->kind == E_SUBQUERY || e->kind == E_EXISTS || e->kind == E_INSUB) return;
    int src, col;
    if (e->kind == E_COLUMN && ex_find_column(sc, e, &src, &col) && sc->ctx->src[src].t)
        ex_privs_column(sc->ctx, &sc->ctx->src[src], sc->ctx->src[src].t->cols[col].name, STOR_PRIV_SELECT);
    for (int i = 0; i < e->nargs; i++) expr_columns(sc, e->args[i]);
}

/* Column grants: the select list's columns first, as MariaDB resolves them before the
 * WHERE (which column a denial names, and a 1052 before it). */
static void items_columns(ex_scope *sc, pl_item *items, int nitems)
{
    const char *clause = sc->clause;
    sc->clause = "SELECT";
    for (int i = 0; i < nitems; i++) expr_columns(sc, items[i].e);
    sc->clause = clause;
}

static void run_block(ex_ctx *pctx, pl_select *sel, ex_rows *result, ex_bcols *cols, uint64_t *found)
{
    ex_check_stack(pctx);
    ex_ctx ctxv = *pctx;
    ex_ctx *ctx = &ctxv;
    ctx->aggv = NULL; ctx->itemv = NULL; ctx->winv = NULL;   /* (an enclosing block's window results are not this block's) */
    uint32_t rows_cap = pctx->rows_cap;
    ctx->rows_cap = 0;   /* (derived tables and subqueries inside need all their rows) */
    sel = ex_view_merge(ctx, sel);
    open_sources(ctx, sel);
    sel = group_dropped(ctx, sel);
    qstate q;
    memset(&q, 0, sizeof q);
    q.ctx = ctx; q.sel = sel; q.nsrc = ctx->nsrc;
    q.lockmode = ctx->describe ? 0 : ctx->writing ? (ctx->share_all ? 1 : 0) :   /* (INSERT ... SELECT's source) */
                 sel->for_update ? 2 : sel->lock_share || ctx->share_all ? 1 : 0;
    uint64_t match = ctx->lock_match;
    ctx->lock_match = 0;   /* (not the subqueries': not done, see ARCHITECTURE.md) */
    if ((q.lockmode || match) && !ctx->describe && gaps_apply(ctx->s)) {
        q.gapmode = q.lockmode ? q.lockmode : 2;
        q.gap_x = q.lockmode ? ~0ull : match;
    }

    ex_scope *outer_scope = NULL, **link = &outer_scope;
    for (ex_ctx *o = pctx->outer; o; o = o->outer) {
        /* correlated references resolve against the enclosing queries' sources, the
           nearest first (OP_OUTER's depth counts the same ctx->outer links) */
        ex_scope *os = stor_arena_alloc(ctx->a, sizeof *os);
        memset(os, 0, sizeof *os);
        os->ctx = o;
        os->item_base = -1;
        *link = os;
        link = &os->outer;
    }
    ctx->outer = pctx->outer;

    if (ctx->cols_check) items_privs(ctx, sel, rows_cap == 1);
    pl_item *items; int nitems;
    expand_items(ctx, sel, &items, &nitems);

    ex_scope sc = { 0 };
    sc.ctx = ctx; sc.item_base = -1; sc.outer = outer_scope;
    if (ctx->cols_check && rows_cap != 1) items_columns(&sc, items, nitems);

    /* the plan, and the programs the scan runs */
    bp_progs pg;
    block_plan(&q, &sc, &pg);

    /* (EXISTS (SELECT * ...): MariaDB reads none of the columns the `*` stands for) */
    for (int i = 0; i < sel->nitems && rows_cap == 1; i++) q.exists_star |= sel->items[i].e->kind == E_STAR;
    block_compile(&q, &sc, &pg, items, nitems);
    block_run(&q, &sc, rows_cap);
    if (q.grouped && !ctx->describe && !exam_stopped(ctx)) {
        if (q.kagg && jb_agg_ngroups(q.kagg)) kagg_emit(&q);
        else block_emit_groups(&q);
    }
    block_finish(&q, result, found);
    block_columns(&q, &sc, items, nitems, cols);
}

/* Does e (outside subqueries) aggregate or hold a window function? */
static bool expr_aggregates(const pl_expr *e)
{
    if (!e) return false;
    if (e->win || (e->kind == E_FUNC && e->s && ex_is_aggregate_name(e->s))) return true;
    for (int i = 0; i < e->nargs; i++) if (expr_aggregates(e->args[i])) return true;
    return false;
}

/* MariaDB drops a GROUP BY that names every column of a unique key of NOT NULL whole
 * columns of the block's one table when nothing aggregates (JOIN::optimize: each group
 * is one row) and sorts by the group list instead unless an ORDER BY is given; the
 * rows are then filesorted as for any ORDER BY (fsort_setup). The block runs a copy of
 * sel without its GROUP BY. Not with HAVING or under ONLY_FULL_GROUP_BY (their errors
 * are checked against the GROUP BY first). */
static pl_select *group_dropped(ex_ctx *ctx, pl_select *sel)
{
    if (!sel->ngroup || sel->rollup || sel->having || ctx->nsrc != 1 || !ctx->src[0].t || sel->ngroup > 64 ||
        (ctx->s->sql_mode & MODE_ONLY_FULL_GROUP_BY))
        return sel;
    for (int i = 0; i < sel->nitems; i++) if (expr_aggregates(sel->items[i].e)) return sel;
    for (int i = 0; i < sel->norder; i++) if (expr_aggregates(sel->order[i].e)) return sel;
    const ex_src *src = &ctx->src[0];
    const stor_table *t = src->t;
    uint64_t have = 0;
    for (int g = 0; g < sel->ngroup; g++) {
        const pl_expr *e = sel->group[g];
        if (e->kind != E_COLUMN || (e->tbl && (!src->alias || strcmp(src->alias, e->tbl)))) return sel;
        for (int i = 0; i < sel->nitems; i++)   /* (an alias of that name: GROUP BY may mean the item) */
            if (sel->items[i].alias && !strcasecmp(sel->items[i].alias, e->s)) return sel;
        uint32_t c = 0;
        while (c < t->ncols && strcasecmp(t->cols[c].name, e->s)) c++;
        if (c == t->ncols) return sel;
        if (c < 64) have |= 1ull << c;
    }
    bool unique = false;
    for (uint32_t x = 0; x < t->nidx && !unique; x++) {
        const stor_index *ix = &t->idx[x];
        if (ix->kind != IK_PRIMARY && ix->kind != IK_UNIQUE) continue;
        unique = true;
        for (uint32_t k = 0; k < ix->ncols && unique; k++)
            unique = ix->cols[k] < 64 && (have >> ix->cols[k] & 1) && t->cols[ix->cols[k]].not_null &&
                     !(ix->prefix && ix->prefix[k]);
    }
    if (!unique) return sel;
    pl_select *s2 = stor_arena_alloc(ctx->a, sizeof *s2);
    *s2 = *sel;
    s2->group = NULL; s2->ngroup = 0; s2->group_desc = 0;
    s2->orig = sel;
    if (!sel->norder) {
        s2->order = stor_arena_alloc(ctx->a, (size_t)sel->ngroup * sizeof *s2->order);
        for (int g = 0; g < sel->ngroup; g++) s2->order[g] = (pl_order){ sel->group[g], (sel->group_desc >> g) & 1 };
        s2->norder = sel->ngroup;
    }
    return s2;
}

/* Runs a SELECT (with UNION members) into rows. */
typedef struct usort { pdb_value *v; uint32_t ncols; int *pos; pl_order *order; int norder; ex_type *types; } usort;

/* ORDER BY of a whole union: column collations, NULLs first, stable */
static int union_cmp(const void *x, const void *y, void *arg)
{
    uint32_t ia = *(const uint32_t *)x, ib = *(const uint32_t *)y;
    const usort *u = arg;
    for (int k = 0; k < u->norder; k++) {
        uint32_t c = (uint32_t)u->pos[k];
        const pdb_value *a = &u->v[(size_t)ia * u->ncols + c], *b = &u->v[(size_t)ib * u->ncols + c];
        int r = key_cmp(a, b, &u->types[c]);
        if (r) return u->order[k].desc ? -r : r;
    }
    return ia < ib ? -1 : ia > ib;
}

/* A union member's value as the union's column type (1 UNION 2.5: 1.0). */
static void union_convert(ex_ctx *ctx, pdb_value *v, const ex_type *t)
{
    if (v->t == VT_NULL || v->t == t->vt) {
        if (v->t == VT_DECIMAL && t->vt == VT_DECIMAL && v->scale != t->decimals) ex_dec_pad(ctx->a, v, t->decimals);
        if (v->t == VT_STRING && t->vt == VT_STRING) v->coll = t->coll;
        return;
    }
    switch (t->vt) {
    case VT_STRING: {
        size_t l;
        const char *s = ex_to_str(ctx->a, v, &l);
        *v = ex_str(s, l, t->coll);
        break;
    }
    case VT_DOUBLE: *v = ex_dbl(ex_to_double(v)); break;
    case VT_DECIMAL:
        if (v->t == VT_INT || v->t == VT_UINT) ex_dec_pad(ctx->a, v, t->decimals);
        break;
    default: break;
    }
}

static bool union_rows_equal(const pdb_value *a, const pdb_value *b, const ex_type *types, uint32_t ncols)
{
    for (uint32_t c = 0; c < ncols; c++) {
        if ((a[c].t == VT_NULL) != (b[c].t == VT_NULL)) return false;
        if (a[c].t == VT_NULL) continue;
        if (!ex_values_equal(&a[c], &b[c], types[c].vt == VT_STRING ? types[c].coll : 0)) return false;
    }
    return true;
}

/* Removes repeated rows, keeping each first occurrence in place (hash on the values
 * under the columns' collations). */
static void union_dedupe(ex_ctx *ctx, ex_rows *all, const ex_type *types)
{
    uint32_t ncols = all->ncols, n = 0;
    uint32_t hcap = 64;
    while (hcap < all->nrows * 2) hcap *= 2;
    int32_t *ht = stor_arena_alloc(ctx->a, hcap * sizeof(int32_t));
    int32_t *nxt = stor_arena_alloc(ctx->a, (all->nrows ? all->nrows : 1) * sizeof(int32_t));
    memset(ht, -1, hcap * sizeof(int32_t));
    for (uint32_t r = 0; r < all->nrows; r++) {
        ex_slice_tick(ctx);
        pdb_value *row = &all->v[(size_t)r * ncols];
        uint64_t h = 0;
        for (uint32_t c = 0; c < ncols; c++)
            h = h * 31 + (row[c].t == VT_NULL ? 7 : ex_hash_value(&row[c], types[c].vt == VT_STRING ? types[c].coll : 0));
        uint32_t b = (uint32_t)(stor_hash_fin(h) & (hcap - 1));
        bool dup = false;
        for (int32_t k = ht[b]; k >= 0 && !dup; k = nxt[k]) dup = union_rows_equal(row, &all->v[(size_t)k * ncols], types, ncols);
        if (dup) continue;
        if (n != r) memmove(&all->v[(size_t)n * ncols], row, ncols * sizeof(pdb_value));
        nxt[n] = ht[b]; ht[b] = (int32_t)n;
        n++;
    }
    all->nrows = n;
}

/* An integer protocol type's width order (0: not an integer). */
static int int_rank(uint8_t ptype)
{
    switch (ptype) {
    case MYSQL_TYPE_TINY: return 1;
    case MYSQL_TYPE_SHORT: return 2;
    case MYSQL_TYPE_INT24: return 3;
    case MYSQL_TYPE_LONG: return 4;
    case MYSQL_TYPE_LONGLONG: return 5;
    default: return 0;
    }
}

/* Whether MariaDB sends this union's rows straight through (select_union_direct): UNION
 * ALL only, no ORDER BY of the whole, no VALUES member. */
static bool union_direct(const pl_select *sel)
{
    if (sel->nu_order) return false;
    for (const pl_select *s = sel; s; s = s->next)
        if (s->tvc || (s->next && s->set_op != 2)) return false;
    return true;
}

/* SQL_CALC_FOUND_ROWS of a direct union as MariaDB counts it: each member's end adds the
 * session's found-rows value to the union's sum, and the last member's end sets the
 * value to that sum; a member of a table (its rows found) sets the value before its end,
 * a table-less member (tl) after it (JOIN::exec's "only test of functions" path): to 1
 * for the first member, else to the rows sent so far, or 0 when its WHERE or HAVING
 * failed. So a table-less last member's value is what FOUND_ROWS() gives, and a
 * table-less member elsewhere adds the value left by the member before it (for the
 * first, the previous statement's). from..to: the rows the LIMIT sends. */
static uint64_t union_found_direct(ex_ctx *ctx, const ex_rows *mr, const bool *tl, int nm, uint32_t from, uint32_t to)
{
    uint64_t sum = 0, value = ctx->s->found_rows, upto = 0;
    for (int m = 0; m < nm; m++) {
        upto += mr[m].nrows;
        uint64_t sent = upto <= from ? 0 : (upto < to ? upto : to) - from;
        if (!tl[m]) {
            value = mr[m].nrows;
            sum += value;
            continue;
        }
        sum += value;
        value = !mr[m].nrows ? 0 : m == 0 ? 1 : sent;
    }
    return tl[nm - 1] ? value : sum;
}

static void run_union(ex_ctx *ctx, pl_select *sel, ex_rows *out, ex_bcols *cols, uint64_t *found)
{
    if (!sel->next) {
        run_block(ctx, sel, out, cols, found);
        if (sel->tvc)   /* VALUES (NULL): a CHAR(0) column, as for a union */
            for (uint32_t c = 0; c < out->ncols; c++)
                if (cols->types[c].vt == VT_NULL) cols->types[c].ptype = MYSQL_TYPE_STRING;
        return;
    }
    /* every member first: the result columns' types come from all of them, and each
       value is converted to its column's type before rows are compared */
    int nm = 0;
    for (pl_select *s = sel; s; s = s->next) nm++;
    ex_rows *mr = stor_arena_alloc(ctx->a, (size_t)nm * sizeof *mr);
    bool *tl = stor_arena_alloc(ctx->a, (size_t)nm * sizeof *tl);
    memset(mr, 0, (size_t)nm * sizeof *mr);
    uint64_t f;
    run_block(ctx, sel, &mr[0], cols, &f);
    tl[0] = cols->tableless;
    uint32_t ncols = mr[0].ncols;
    int k = 1;
    for (pl_select *s = sel; s->next; s = s->next, k++) {
        ex_bcols c2;
        run_block(ctx, s->next, &mr[k], &c2, &f);
        tl[k] = c2.tableless;
        ex_type *t2 = c2.types;
        if (mr[k].ncols != ncols) ex_raise(ctx, 1222, "21000", "The used SELECT statements have a different number of columns");
        for (uint32_t c = 0; c < ncols; c++) {
            ex_type *a = &cols->types[c], *b = &t2[c];
            if (a->vt != b->vt && b->vt != VT_NULL) {
                if (a->vt == VT_NULL) { *a = *b; a->nullable = true; a->flags &= (uint16_t)~NOT_NULL_FLAG; }
                else if (a->vt == VT_STRING || b->vt == VT_STRING) { if (a->vt != VT_STRING) { uint32_t l = a->length; *a = *b; if (l > a->length) a->length = l; } }
                else if (a->vt == VT_DOUBLE || b->vt == VT_DOUBLE) { a->vt = VT_DOUBLE; a->ptype = MYSQL_TYPE_DOUBLE; a->decimals = 31; }
                else if (a->vt == VT_DECIMAL || b->vt == VT_DECIMAL) {
                    uint8_t d = a->vt == VT_DECIMAL ? a->decimals : 0;
                    if (b->vt == VT_DECIMAL && b->decimals > d) d = b->decimals;
                    a->vt = VT_DECIMAL; a->ptype = MYSQL_TYPE_NEWDECIMAL; a->decimals = d;
                }
            } else if (a->vt == VT_DECIMAL && b->vt == VT_DECIMAL && b->decimals > a->decimals) a->decimals = b->decimals;
            else if (a->vt == VT_STRING && b->vt == VT_STRING && a->coll != b->coll &&
                     (a->coll == COLL_BINARY || b->coll == COLL_BINARY)) {
                /* binary strings win over text of the same or a weaker derivation
                   (DTCollation::aggregate): 'a' UNION X'41' is two rows */
                ex_type ab[2] = { *a, *b };
                a->coll = ex_fn_coll_of(ab, 2);
                if (b->coerc < a->coerc) a->coerc = b->coerc;
            } else if (a->vt == b->vt && (a->vt == VT_INT || a->vt == VT_UINT) && a->is_unsigned == b->is_unsigned &&
                     int_rank(a->ptype) && int_rank(b->ptype) < 6 && int_rank(b->ptype) > int_rank(a->ptype))
                a->ptype = b->ptype;   /* integers of one signedness: the wider type (not modelled:
                                          MIN/MAX of a literal, whose type MariaDB takes as the
                                          literal's for this, LONG for MIN(4)) */
            if (b->length > a->length) a->length = b->length;
            if ((a->geom || b->geom) && b->vt != VT_NULL) {   /* (spatial members: POINT with LINESTRING is GEOMETRY) */
                ex_type ab[2] = { *a, *b };
                if (!ex_geo_merge_type(ab, 2, a)) a->geom = 0;
            }
            a->flags &= (uint16_t)~(PRI_KEY_FLAG | UNIQUE_KEY_FLAG | MULTIPLE_KEY_FLAG | AUTO_INCREMENT_FLAG);
            if (b->nullable) { a->nullable = true; a->flags &= (uint16_t)~NOT_NULL_FLAG; }
            if (b->hexlit) a->hexlit = EX_HEXLIT_KEPT;   /* (a hexadecimal literal among them: decimals 0) */
        }
    }
    for (uint32_t c = 0; c < ncols; c++) {   /* NULL in every member: MariaDB sends a CHAR(0) */
        if (cols->types[c].vt == VT_NULL) cols->types[c].ptype = MYSQL_TYPE_STRING;
        if (cols->types[c].hexlit) cols->types[c].hexlit = EX_HEXLIT_KEPT;   /* (a column: not UNSIGNED) */
    }
    for (int m = 0; m < nm; m++)
        for (uint32_t i = 0; i < mr[m].nrows; i++) {
            ex_slice_tick(ctx);
            for (uint32_t c = 0; c < ncols; c++) union_convert(ctx, &mr[m].v[(size_t)i * ncols + c], &cols->types[c]);
        }
    /* then the set operations, left to right: a UNION (DISTINCT) removes duplicates from
       everything up to its right member; UNION ALL members after it keep theirs */
    ex_rows all = mr[0];
    all.ncols = ncols;
    k = 1;
    for (pl_select *s = sel; s->next; s = s->next, k++) {
        ex_rows *r = &mr[k];
        if (s->set_op == 3 || s->set_op == 4) {
            /* INTERSECT / EXCEPT (distinct) */
            ex_rows keep = { 0 }; keep.ncols = ncols;
            for (uint32_t i = 0; i < all.nrows; i++) {
                bool inr = false;
                for (uint32_t j = 0; j < r->nrows && !inr; j++) {
                    ex_slice_tick(ctx);
                    inr = union_rows_equal(&all.v[(size_t)i * ncols], &r->v[(size_t)j * ncols], cols->types, ncols);
                }
                ex_slice_tick(ctx);
                if (inr == (s->set_op == 3)) ex_rows_push(ctx->a, &keep, &all.v[(size_t)i * ncols]);
            }
            all = keep;
            union_dedupe(ctx, &all, cols->types);
            continue;
        }
        for (uint32_t i = 0; i < r->nrows; i++) { ex_slice_tick(ctx); ex_rows_push(ctx->a, &all, &r->v[(size_t)i * ncols]); }
        if (s->set_op == 1) union_dedupe(ctx, &all, cols->types);
    }
    uint32_t n = all.nrows;
    uint32_t *idx = stor_arena_alloc(ctx->a, (all.nrows ? all.nrows : 1) * sizeof(uint32_t));
    for (uint32_t i = 0; i < n; i++) idx[i] = i;
    /* ORDER BY over the union: by position or by name of the first member's columns */
    int *pos = NULL;
    if (sel->nu_order) {
        pos = stor_arena_alloc(ctx->a, (size_t)sel->nu_order * sizeof(int));
        for (int i = 0; i < sel->nu_order; i++) {
            pl_expr *e = sel->u_order[i].e;
            pos[i] = -1;
            int64_t ip;
            char text[24];
            if (item_position(ctx, e, &ip, text, sizeof text)) pos[i] = ip < 1 || ip > (int64_t)ncols ? -1 : (int)ip - 1;
            else if (e->kind == E_PARAM && ctx->describe) pos[i] = 0;   /* (its value decides) */
            else if (e->kind == E_COLUMN)
                for (uint32_t c = 0; c < ncols; c++) if (!strcasecmp(cols->names[c], e->s)) { pos[i] = (int)c; break; }
            if (pos[i] < 0 || pos[i] >= (int)ncols) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'ORDER BY'", e->kind == E_COLUMN ? e->s : "?");
        }
        usort us = { all.v, ncols, pos, sel->u_order, sel->nu_order, cols->types };
        if (n > 1) ex_sort(ctx, idx, n, sizeof *idx, union_cmp, &us);
    }
    *found = n;
    int64_t lim = limit_value(ctx, sel->u_limit), off = limit_value(ctx, sel->u_offset);
    if (off < 0) off = 0;
    uint32_t from = (uint32_t)((uint64_t)off < n ? (uint64_t)off : n);
    uint32_t to = lim < 0 ? n : (uint32_t)((uint64_t)from + (uint64_t)lim < n ? from + (uint64_t)lim : n);
    if (sel->u_with_ties && sel->nu_order)   /* FETCH ... WITH TIES: the rows that sort as the last one */
        while (to > from && to < n) {
            ex_slice_tick(ctx);
            int k = 0;
            for (; k < sel->nu_order; k++) {
                uint32_t c = (uint32_t)pos[k];
                if (key_cmp(&all.v[(size_t)idx[to - 1] * ncols + c], &all.v[(size_t)idx[to] * ncols + c], &cols->types[c])) break;
            }
            if (k < sel->nu_order) break;
            to++;
        }
    if (sel->calc_found_rows && union_direct(sel)) *found = union_found_direct(ctx, mr, tl, nm, from, to);
    out->ncols = ncols;
    for (uint32_t i = from; i < to; i++) { ex_slice_tick(ctx); ex_rows_push(ctx->a, out, &all.v[idx[i] * ncols]); }
    for (uint32_t c = 0; c < ncols; c++) { cols->tables[c] = ""; cols->orgt[c] = ""; cols->orgn[c] = ""; }
}

void ex_select_rows(ex_ctx *ctx, pl_select *sel, ex_rows *out, ex_type **types, const char ***names, uint64_t *found)
{
    ex_bcols cols;
    run_union(ctx, sel, out, &cols, found);
    *types = cols.types;
    *names = cols.names;
}

/* SELECT ... INTO OUTFILE / DUMPFILE: the file first (left behind if the query fails,
 * as MariaDB's), then the rows; an OK with their count. */
static void select_outfile(ex_ctx *ctx, pl_select *sel, ex_result *r)
{
    char path[PATH_MAX + 64];
    int fd = ex_outfile_open(ctx, sel->into_file, ctx->s->db, path, sizeof path);
    jmp_buf jb, *outer = ctx->jb;
    if (setjmp(jb)) {
        ctx->jb = outer;
        close(fd);
        longjmp(*outer, 1);
    }
    ctx->jb = &jb;
    ex_rows rows = { 0 };
    ex_bcols cols;
    uint64_t found = 0;
    run_union(ctx, sel, &rows, &cols, &found);
    uint64_t n = ex_outfile_write(ctx, sel->into_file, fd, path, &rows, cols.types);
    ctx->jb = outer;
    close(fd);
    ctx->s->found_rows = sel->calc_found_rows ? found : rows.nrows;
    ctx->s->row_count = (int64_t)n;
    ex_send_ok(ctx, r, n, 0, NULL);
}

void ex_select(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pl_select *sel = st->sel;
    ex_rows rows = { 0 };
    ex_type *types;
    const char **names, **tabs, **orgt, **orgn;
    const char *db = "";
    uint64_t found = 0;
    if (sel->into_last && !ctx->describe)
        ex_warn(ctx, "Warning", 1287, "'<select expression> INTO <destination>;' is deprecated and will be removed in a "
                "future release. Please use 'SELECT <select list> INTO <destination> FROM...' instead");
    if (sel->into_file && !ctx->describe) { select_outfile(ctx, sel, r); return; }
    ex_stmt *est = ctx->stmt;
    if (sel->examined && est && !ctx->describe) {
        int64_t n = limit_value(ctx, sel->examined);
        if (n >= 0) {
            est->exam_on = true;
            est->exam_limit = sel->examined->kind == E_INT ? strtoull(sel->examined->s, NULL, 10) : (uint64_t)n;
        }
    }
    ex_bcols cols;
    run_union(ctx, sel, &rows, &cols, &found);
    types = cols.types; names = cols.names; tabs = cols.tables; orgt = cols.orgt; orgn = cols.orgn; db = cols.db;
    if (est && est->exam_hit)
        ex_warn(ctx, "Warning", 1931, "Query execution was interrupted. The query exceeded LIMIT ROWS EXAMINED %llu. "
                "The query result may be incomplete", (unsigned long long)est->exam_limit);
    if (est) est->exam_on = est->exam_hit = false, est->examined = 0;   /* (the next statement of a CALL) */
    if (sel->ninto) {
        if ((int)rows.ncols != sel->ninto) ex_raise(ctx, 1222, "21000", "The used SELECT statements have a different number of columns");
        if (rows.nrows > 1) ex_raise(ctx, 1172, "42000", "Result consisted of more than one row");
        if (rows.nrows == 0) ex_warn(ctx, "Warning", 1329, "No data - zero rows fetched, selected, or processed");
        else for (int i = 0; i < sel->ninto; i++) {
            if (sel->into_slots && sel->into_slots[i] >= 0) ex_sp_set_local(ctx, sel->into_slots[i], &rows.v[i]);
            else ex_uservar_set(ctx->s, sel->into_vars[i], &rows.v[i]);
        }
        ctx->s->found_rows = sel->calc_found_rows ? found : rows.nrows;
        ctx->s->row_count = rows.nrows;
        ex_send_ok(ctx, r, rows.nrows, 0, NULL);
        return;
    }
    if (!ctx->describe) {
        ctx->s->found_rows = sel->calc_found_rows ? found : rows.nrows;
        ctx->s->row_count = -1;
    }
    ex_send_columns(ctx, r, types, names, tabs, orgt, orgn, db, (int)rows.ncols);
    for (uint32_t i = 0; i < rows.nrows && !r->stopped; i++) ex_send_row(r, &rows.v[(size_t)i * rows.ncols], (int)rows.ncols);
    ex_send_end(ctx, r);
}
