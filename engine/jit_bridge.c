/* jit_bridge.c - the executor's use of the template JIT: a full scan of a base table
 * whose first conjuncts (in evaluation order) are `int64 column <op> constant` gets its
 * candidate rows from the compiled filter kernel (engine/jit/filter.c, JIT_IDS mode),
 * a chunk of rows at a time; select.c then runs the rest of the level (the remaining
 * conjuncts, the next levels, the sink) over those rows as it does over a scan's rows.
 *
 * Exactness: the kernel's row test is the interpreter's for these conjuncts (select.c
 * picks only comparisons whose interpreted answer is `not NULL and signed compare of the
 * stored int64 with a constant`, which cannot warn), dead rows and versions are read from
 * the same bitmaps and by the same stor_ver_visible in the statement's own thread (its
 * snapshot), and candidates come in row id order. The conjuncts taken are a prefix of
 * the level's evaluation order, so a row they reject would never have reached a later
 * conjunct in the interpreter either: warnings and errors of the rest are unchanged.
 *
 * Kernels: the kernel's shape (columns used, conjuncts' operators) is independent of the
 * constants, the table's vectors and its dead rows and versions (all run-time arguments,
 * every bitmap read), so one kernel serves every execution of a kept block plan: it is
 * compiled at the plan's first execution that scans enough rows and put in the plan's
 * slot for the level (jb_kept), freed with the plan. A block whose plan is not kept
 * compiles per execution only for a table of --jit-min-rows rows or more (the compile
 * is a few microseconds and two mprotect calls: ARCHITECTURE.md, The JIT), else
 * interprets. Those per-execution kernels belong to the thread (below). */
#include "engine/eng.h"
#include "engine/jit/jit.h"
#include "engine/jit_bridge.h"
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JB_ARENA_CAP ((size_t)64 << 20)   /* reserved, not committed: 16,384 pages */
#define JB_CHUNK0 512                     /* the first chunk of a scan (a LIMIT stops early) */
#define JB_CHUNK 8192                     /* chunks double up to this (a time-slice check each) */
#define JB_KEPT_MIN 64                    /* a kept plan's kernel: tables of at least this many rows */

typedef struct jb_kern {
    bool agg;                      /* an aggregate kernel (aspec), else a filter (spec) */
    bool join;                     /* a lookup-join kernel (jspec) */
    jit_filter_spec spec;
    jit_agg_spec aspec;
    jit_join_spec jspec;
    jit_block *b;
    _Atomic uint64_t groups;       /* an aggregate kernel: the groups its last run made */
} jb_kern;

/* A kept plan's kernels: a filter per scan level, the block's aggregate kernel, its
 * lookup-join kernel. */
struct jb_kept {
    _Atomic(jb_kern *) lv[JB_LEVELS];
    _Atomic bool idle[JB_LEVELS];  /* the level's kernel is made of chunk answers only and
                                      its last full run passed nearly every row: interpret */
    _Atomic uint32_t skips[JB_LEVELS];
    _Atomic(jb_kern *) agg, join;
    _Atomic(jb_kern *) dist[2];    /* the distinct values' kernels (every COUNT(DISTINCT)
                                      set): hashed, dense */
};

struct jb_scan {
    jb_kern *k;
    bool tmp;                      /* k is a per-execution kernel */
    bool fell;                     /* Jit_fallbacks counted for this execution */
    const stor_table *t;
    uint8_t ncols, nconj;
    uint32_t col[JIT_MAXCOLS];     /* the table's column per kernel column */
    jb_answer *ans[JIT_MAXCOLS];   /* or, for a conjunct answered a chunk at a time, its answers */
    int64_t *abuf[JIT_MAXCOLS];
    uint32_t acap;
    jit_conj conj[JIT_MAXCONDS];
    int64_t kv[JIT_MAXCONDS];
    uint32_t pos, end, chunk;
    uint32_t *ids;                 /* cap row ids (grown with the chunks: an EXISTS or a
                                      LIMIT that stops early, or a small table, takes little
                                      of a correlated subquery's arena per run) */
    uint32_t cap;
    stor_arena *a;
    jb_kept *kept;                 /* a kept kernel's plan (idle), or NULL */
    int lv;
    bool all_ans;                  /* every conjunct answered by chunk */
    uint64_t seen, passed;         /* rows given to the kernel, rows it listed */
};

/* A kernel of chunk answers alone does the interpreter's per-row work in a loop of its
 * own and lists the rows that pass: it only pays when it drops many. Past this share of
 * rows passing in a full run, the kept plan interprets the level; every JB_IDLE_RETRY-th
 * execution runs the kernel again to measure (the plan's constants, or the data, may
 * have changed). */
#define JB_IDLE_PASS_NUM 7
#define JB_IDLE_PASS_DEN 8
#define JB_IDLE_MIN_ROWS 4096
#define JB_IDLE_RETRY 16

static _Atomic(jit_arena *) arena;
static pthread_once_t arena_once = PTHREAD_ONCE_INIT;
static _Atomic uint64_t n_compiled, n_compile_ns, n_exec, n_fallback;
static uint32_t min_rows = 8192;
/* the compile times (ns, saturated) of the last JB_CT_RING kernels, for their quantiles */
static _Atomic uint32_t ct_ring[JB_CT_RING];
static _Atomic uint64_t ct_n;

void pdb_set_jit_min_rows(uint32_t n) { min_rows = n; }

/* For tests: PRESSDB_JIT_NOEXEC=1 behaves as if executable memory were refused;
 * PRESSDB_JIT_ARENA_KB makes the arena that small (kernels evicted early). */
static void arena_make(void)
{
    const char *e = getenv("PRESSDB_JIT_NOEXEC"), *kb = getenv("PRESSDB_JIT_ARENA_KB");
    size_t cap = kb && atoi(kb) > 0 ? (size_t)atoi(kb) << 10 : JB_ARENA_CAP;
    arena = jit_arena_new(cap, e && *e == '1' ? JIT_ARENA_NOEXEC : 0);
}

void jb_stats(uint64_t *compiled, uint64_t *compile_us, uint64_t *code_bytes, uint64_t *executions,
              uint64_t *fallbacks, uint64_t *mapped_bytes)
{
    *compiled = n_compiled;
    *compile_us = n_compile_ns / 1000;
    *executions = n_exec;
    *fallbacks = n_fallback;
    *code_bytes = *mapped_bytes = 0;
    jit_arena *a = atomic_load(&arena);
    if (a) {
        jit_arena_stats st;
        jit_arena_stats_get(a, &st);
        *code_bytes = st.code_bytes;
        *mapped_bytes = st.mapped_bytes + st.ready_bytes;   /* (both are memory held) */
    }
}

static int u32_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

void jb_compile_quantiles(uint64_t *p50_us, uint64_t *p99_us, uint64_t *max_us)
{
    static uint32_t v[JB_CT_RING];
    static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;   /* (v is shared) */
    uint64_t n = atomic_load(&ct_n);
    size_t m = n < JB_CT_RING ? (size_t)n : JB_CT_RING;
    *p50_us = *p99_us = *max_us = 0;
    if (!m) return;
    pthread_mutex_lock(&mu);
    for (size_t i = 0; i < m; i++) v[i] = atomic_load_explicit(&ct_ring[i], memory_order_relaxed);
    qsort(v, m, sizeof v[0], u32_cmp);
    /* nearest rank: the smallest time that at least p of the kernels took no longer than */
    *p50_us = v[(m * 50 + 99) / 100 - 1] / 1000;
    *p99_us = v[(m * 99 + 99) / 100 - 1] / 1000;
    *max_us = v[m - 1] / 1000;
    pthread_mutex_unlock(&mu);
}

/* (the warm-up's join kernel is compiled, never run) */
static int64_t warm_probe(void *pctx, int64_t key) { (void)pctx; (void)key; return -1; }
static int warm_answer(void *actx, uint32_t row) { (void)actx; (void)row; return 0; }

void jb_warm(void)
{
    if (!JIT_SUPPORTED) return;
    pthread_once(&arena_once, arena_make);
    jit_arena *a = atomic_load(&arena);
    if (!a || !jit_arena_ok(a)) return;
    jit_filter_spec f = { .mode = JIT_IDS, .ncols = 2, .nullable = { true, false }, .has_dead = true, .nconj = 2,
                          .conj = { { 0, JIT_GT }, { 1, JIT_LE } } };
    jit_agg_spec g = { .keyed = true, .key_nullable = true, .ncols = 1, .nullable = { true }, .nagg = 2,
                       .agg = { { JIT_A_COUNT_STAR, 0, 0 }, { JIT_A_SUM, 0, 0 } } };
    jit_join_spec j = { .probe = true, .key_nullable = true, .ncond = 2, .probe_fn = warm_probe,
                        .ans_fn = warm_answer,
                        .cond = { { 0, JIT_JC_INT, JIT_GE, true }, { 1, JIT_JC_CODE, JIT_EQ, true } } };
    jit_block_free(jit_filter_compile(a, &f));   /* (not counted: no statement asked) */
    jit_block_free(jit_agg_compile(a, &g));
    jit_block_free(jit_join_compile(a, &j));     /* (the first join of a statement paid 50-70 us) */
}

jb_kept *jb_kept_new(void) { return calloc(1, sizeof(jb_kept)); }

static void kern_free(jb_kern *k)
{
    if (!k) return;
    jit_block_free(k->b);
    free(k);
}

void jb_kept_free(jb_kept *k)
{
    if (!k) return;
    for (int i = 0; i < JB_LEVELS; i++) kern_free(atomic_load(&k->lv[i]));
    kern_free(atomic_load(&k->agg));
    kern_free(atomic_load(&k->join));
    kern_free(atomic_load(&k->dist[0]));
    kern_free(atomic_load(&k->dist[1]));
    free(k);
}

bool jb_enabled(ex_ctx *ctx)
{
    if (!JIT_SUPPORTED) return false;
    /* compiled code compares stored TIMESTAMPs with constants as they are: not for a
       session that sees them converted */
    if (!ex_ts_identity(ctx->s)) return false;
    pdb_value v;
    ex_type t;
    return ex_sysvar_get(ctx->s, "pressdb_jit", false, &v, ctx->a, &t) == 0 && v.t == VT_INT && v.i;
}

/* ex_compare of a VT_DATE/VT_DATETIME value with k is `packed value <=> *out` when k is
 * a temporal value, or a string (not hex, not JSON) or an integer that ex_parse_datetime
 * reads; other constants are compared otherwise (as doubles, with a warning for a bad
 * string) and are left to the interpreter. */
bool jb_temporal_const(const pdb_value *k, int64_t *out)
{
    bool isd;
    if (k->t == VT_DATE || k->t == VT_DATETIME) { *out = k->i; return true; }
    if (k->t == VT_STRING) {
        if (ex_is_hexnum(k) || k->scale == EX_JSONVAL) return false;
        return ex_parse_datetime(k->p, k->len, out, &isd) == 0;
    }
    if (k->t == VT_INT) {
        char buf[32];
        int n = snprintf(buf, sizeof buf, "%lld", (long long)k->i);
        return ex_parse_datetime(buf, (size_t)n, out, &isd) == 0;
    }
    return false;
}

static jit_cond cond_of(uint8_t bo)
{
    switch (bo) {
    case BO_EQ: return JIT_EQ;
    case BO_NE: return JIT_NE;
    case BO_LT: return JIT_LT;
    case BO_LE: return JIT_LE;
    case BO_GT: return JIT_GT;
    default:    return JIT_GE;
    }
}

static bool spec_same(const jit_filter_spec *a, const jit_filter_spec *b)
{
    if (a->ncols != b->ncols || a->nconj != b->nconj) return false;
    for (int i = 0; i < a->nconj; i++)
        if (a->conj[i].col != b->conj[i].col || a->conj[i].op != b->conj[i].op) return false;
    return true;
}

/* A filter kernel (spec), an aggregate kernel (aspec) or a lookup-join kernel (jspec). */
static jb_kern *compile3(const jit_filter_spec *spec, const jit_agg_spec *aspec, const jit_join_spec *jspec)
{
    pthread_once(&arena_once, arena_make);
    jit_arena *a = atomic_load(&arena);
    if (!a || !jit_arena_ok(a)) return NULL;
    jb_kern *k = calloc(1, sizeof *k);
    if (!k) return NULL;
    uint64_t t0 = ex_now_ns();
    k->agg = aspec != NULL;
    k->join = jspec != NULL;
    if (spec) k->spec = *spec;
    if (aspec) k->aspec = *aspec;
    if (jspec) k->jspec = *jspec;
    k->b = jspec ? jit_join_compile(a, jspec) : aspec ? jit_agg_compile(a, aspec) : jit_filter_compile(a, spec);
    if (!k->b) { free(k); return NULL; }
    uint64_t ns = ex_now_ns() - t0;
    n_compile_ns += ns;
    atomic_store_explicit(&ct_ring[atomic_fetch_add(&ct_n, 1) % JB_CT_RING],
                          ns > UINT32_MAX ? UINT32_MAX : (uint32_t)ns, memory_order_relaxed);
    n_compiled++;
    return k;
}

static jb_kern *compile(const jit_filter_spec *spec, const jit_agg_spec *aspec) { return compile3(spec, aspec, NULL); }

/* Per-execution kernels (a block whose plan is not kept) belong to the thread that ran
 * the block, recorded with the block's stack frame and run. An error or a time slice's
 * EX_MOVE leaves a block by longjmp, past any cleanup, so they are not freed at the end
 * of the block but when the thread next compiles one: by then every block with a frame
 * below the new block's (the stack grows down: blocks still running enclose it, at higher
 * addresses), or at the same frame but another run, has ended. The kernel is never
 * entered across a longjmp (jit_enter/jit_leave around each chunk, which cannot raise). */
#define JB_TMPS 32
typedef struct jb_tmp { const void *frame; uint64_t run; jb_kern *k; } jb_tmp;
static __thread jb_tmp tmps[JB_TMPS];
static __thread int ntmps;
static __thread uint64_t tmp_run;

static bool tmp_keep(const void *frame, uint64_t run, jb_kern *k)
{
    int w = 0;
    for (int i = 0; i < ntmps; i++) {
        bool gone = (uintptr_t)tmps[i].frame < (uintptr_t)frame ||
                    (tmps[i].frame == frame && tmps[i].run != run);
        if (gone) kern_free(tmps[i].k);
        else tmps[w++] = tmps[i];
    }
    ntmps = w;
    if (ntmps == JB_TMPS) return false;
    tmps[ntmps++] = (jb_tmp){ frame, run, k };
    return true;
}

uint64_t jb_run_id(void) { return ++tmp_run; }

/* The scan of level lv (jb_scan_new; all: n may be 0, every visible row). */
static jb_scan *scan_make(ex_ctx *ctx, jb_kept *kept, int lv, const stor_table *t, const jb_cond *c, int n,
                          const void *frame, uint64_t run, int *used, bool all)
{
    *used = 0;
    uint32_t rows = t->nrows;
    uint32_t kmin = min_rows < JB_KEPT_MIN ? min_rows : JB_KEPT_MIN;
    if ((n <= 0 && !all) || n < 0 || rows < kmin || (!kept && rows < min_rows)) return NULL;
    jb_scan *js = stor_arena_alloc(ctx->a, sizeof *js);
    memset(js, 0, sizeof *js);
    js->t = t;
    jit_filter_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.mode = JIT_IDS;
    spec.has_dead = true;             /* every bitmap is read: the kernel fits any state */
    spec.vis = stor_ver_visible;
    bool all_ans = n > 0;
    for (int i = 0; i < n && i < JIT_MAXCONDS; i++) all_ans &= c[i].ans != NULL;
    if (all_ans && kept && lv < JB_LEVELS && atomic_load_explicit(&kept->idle[lv], memory_order_relaxed) &&
        atomic_fetch_add_explicit(&kept->skips[lv], 1, memory_order_relaxed) % JB_IDLE_RETRY != JB_IDLE_RETRY - 1)
        return NULL;
    int k = 0;
    for (; k < n && k < JIT_MAXCONDS; k++) {
        int slot = 0;
        while (slot < js->ncols && (js->col[slot] != c[k].col || js->ans[slot] || c[k].ans)) slot++;
        if (slot == js->ncols) {
            if (js->ncols == JIT_MAXCOLS) break;
            js->col[js->ncols] = c[k].col;
            js->ans[js->ncols] = c[k].ans;
            spec.nullable[js->ncols] = true;
            js->ncols++;
        }
        js->conj[k] = (jit_conj){ (uint8_t)slot, (uint8_t)(c[k].ans ? JIT_NE : cond_of(c[k].op)) };
        js->kv[k] = c[k].ans ? 0 : c[k].k;
    }
    js->nconj = (uint8_t)k;
    spec.ncols = js->ncols;
    spec.nconj = js->nconj;
    memcpy(spec.conj, js->conj, sizeof spec.conj);
    jb_kern *kn = NULL;
    if (kept && lv < JB_LEVELS && rows >= kmin) {
        kn = atomic_load_explicit(&kept->lv[lv], memory_order_acquire);
        if (!kn) {
            jb_kern *nk = compile(&spec, NULL), *none = NULL;
            if (nk && !atomic_compare_exchange_strong(&kept->lv[lv], &none, nk)) {
                kern_free(nk);     /* another thread's is there first */
                nk = none;
            }
            kn = nk;
            if (!kn) { n_fallback++; return NULL; }
        }
        if (!spec_same(&kn->spec, &spec)) kn = NULL;   /* other literal kinds */
    }
    if (!kn) {
        if (rows < min_rows) return NULL;
        kn = compile(&spec, NULL);
        if (!kn) { n_fallback++; return NULL; }
        if (!tmp_keep(frame, run, kn)) { kern_free(kn); return NULL; }
        js->tmp = true;
    }
    js->k = kn;
    js->a = ctx->a;
    if (!js->tmp) { js->kept = kept; js->lv = lv; js->all_ans = all_ans && k == n; }
    *used = js->nconj;
    return js;
}

bool jb_scan_kept(const jb_scan *js) { return !js->tmp; }
bool jb_scan_fell(const jb_scan *js) { return js->fell; }

jb_scan *jb_scan_new(ex_ctx *ctx, jb_kept *kept, int lv, const stor_table *t, const jb_cond *c, int n,
                     const void *frame, uint64_t run, int *used)
{
    return scan_make(ctx, kept, lv, t, c, n, frame, run, used, false);
}

jb_scan *jb_scan_all(ex_ctx *ctx, jb_kept *kept, int lv, const stor_table *t, const void *frame, uint64_t run)
{
    int used;
    return scan_make(ctx, kept, lv, t, NULL, 0, frame, run, &used, true);
}

uint32_t jb_begin(jb_scan *js, uint32_t nrows)
{
    js->pos = 0;
    js->end = nrows;
    js->chunk = JB_CHUNK0;
    n_exec++;
    return 0;
}

/* The kernel's test in C: for a chunk whose code was evicted since. */
static uint32_t filter_c(const jb_scan *js, const jit_scan *sc)
{
    uint32_t n = 0;
    for (uint64_t r = sc->begin; r < sc->end; r++) {
        if (sc->dead[r >> 3] & (1u << (r & 7))) continue;
        if (sc->ver && (sc->ver[r].xmin | sc->ver[r].xmax) && !stor_ver_visible(js->t, (uint32_t)r)) continue;
        bool ok = true;
        for (int k = 0; k < js->nconj && ok; k++) {
            int c = js->conj[k].col;
            if (sc->nulls[c][r >> 3] & (1u << (r & 7))) { ok = false; break; }
            int64_t x = sc->col[c][r], y = sc->k[k];
            switch ((jit_cond)js->conj[k].op) {
            case JIT_EQ: ok = x == y; break;
            case JIT_NE: ok = x != y; break;
            case JIT_LT: ok = x < y; break;
            case JIT_LE: ok = x <= y; break;
            case JIT_GT: ok = x > y; break;
            default:     ok = x >= y; break;
            }
        }
        if (ok) sc->ids[n++] = (uint32_t)r;
    }
    return n;
}

uint32_t jb_next(ex_ctx *ctx, jb_scan *js, uint32_t **ids)
{
    const stor_table *t = js->t;
    while (js->pos < js->end) {
        if (ctx->stmt->slice_at || ctx->stmt->watch) ex_slice_check(ctx);
        uint32_t b = js->pos, e = js->end - b > js->chunk ? b + js->chunk : js->end;
        js->pos = e;
        if (js->chunk < JB_CHUNK) js->chunk *= 2;
        if (js->cap < e - b) {
            js->cap = e - b;
            js->ids = stor_arena_alloc(js->a, (size_t)js->cap * sizeof(uint32_t));
        }
        jit_scan sc;
        memset(&sc, 0, sizeof sc);
        /* the vectors as they are now (a write may have moved them since the last chunk);
           a conjunct answered by chunk: its answers, indexed by row id as a vector is */
        if (js->acap < e - b) {
            js->acap = e - b;
            for (int c = 0; c < js->ncols; c++)
                if (js->ans[c]) js->abuf[c] = stor_arena_alloc(js->a, (size_t)js->acap * sizeof(int64_t));
        }
        for (int c = 0; c < js->ncols; c++) {
            sc.col[c] = t->cols[js->col[c]].i64;
            sc.nulls[c] = t->cols[js->col[c]].nulls;
            if (!js->ans[c]) continue;
            js->ans[c]->fn(js->ans[c], b, e, js->abuf[c]);
            sc.col[c] = (const int64_t *)((uintptr_t)js->abuf[c] - (uintptr_t)b * sizeof(int64_t));
        }
        sc.dead = t->dead;
        memcpy(sc.k, js->kv, (size_t)js->nconj * sizeof sc.k[0]);
        sc.begin = b;
        sc.end = e;
        sc.ids = js->ids;
        sc.ver = t->nver ? t->ver : NULL;
        sc.table = t;
        int64_t n;
        void *fn = jit_enter(js->k->b);
        if (fn) {
            n = ((jit_filter_fn)fn)(&sc);
            jit_leave(js->k->b);
        } else {
            if (!js->fell) { js->fell = true; n_fallback++; }
            n = filter_c(js, &sc);
        }
        js->seen += e - b;
        js->passed += (uint64_t)n;
        if (n > 0) { *ids = js->ids; return (uint32_t)n; }
    }
    if (js->all_ans && js->seen >= JB_IDLE_MIN_ROWS)
        atomic_store_explicit(&js->kept->idle[js->lv], js->passed * JB_IDLE_PASS_DEN >= js->seen * JB_IDLE_PASS_NUM,
                              memory_order_relaxed);
    return 0;
}

/* ---------------------------------------------------------------- grouped aggregates */

/* The aggregate kernel's state for one execution: the group table lives in the
 * statement's arena (counted against its memory; a grown table leaves the old arrays
 * there), doubled when the kernel stops for room. */
/* A string key column's classes for one execution: the values met so far that are equal
 * under the key's collation, numbered from 1 (0 is NULL) in the order met; a pooled
 * value's class is memoised by its pooled id (equal ids are equal bytes). */
#define JB_KCLASS_MAX ((1u << 17) - 1)   /* a class fits 17 bits of the packed key */
typedef struct jb_kclass {
    uint32_t col;
    uint16_t coll;
    uint32_t *memo;                /* by pooled id: class, 0 = not met (65,536) */
    pdb_value *val;                /* per class - 1: its first value (kept in the arena) */
    uint64_t *hash;
    uint32_t n, cap;
    uint32_t *ht, htcap;           /* open addressing over val: class, 0 = empty */
} jb_kclass;

struct jb_agg {
    jb_kern *k;
    const stor_table *t;
    int32_t keycol;                /* one integer key, or -1 */
    int nkc;                       /* string keys (key_pos: the packed classes) */
    jb_kclass kc[JB_AGG_KEYS];
    int64_t *kbuf;                 /* the packed key of each listed row of a chunk */
    uint32_t kcap;
    uint32_t col[JIT_AGG_MAX];     /* the table's column per kernel column */
    int off[JIT_AGG_MAX];
    int8_t amap[JIT_AGG_MAX];      /* per argument: its kernel aggregate, or -1 - its set */
    struct jb_agg *dset[JIT_AGG_MAX];   /* COUNT(DISTINCT col): a table keyed by col, no
                                           aggregates (its groups are the values) */
    int ndset;
    int stride;
    uint64_t cap;                  /* groups the arrays have room for */
    uint64_t dense;                /* dense slots (keycol's value bounds), else 0 */
    jit_agg_state st;
    stor_arena *a;
};

#define JB_AGG_CAP0 64
/* An integer key whose column's bounds span at most this many values, and not many more
 * than the table has rows, is looked up densely: slot key - lo, 4 bytes a value. Slots
 * cleared per run, so a sparse range does not pay more than a few bytes per row. */
#define JB_DENSE_MAX ((uint64_t)1 << 23)
#define JB_DENSE_SLACK 65536

_Static_assert((int)JB_COUNT_STAR == (int)JIT_A_COUNT_STAR && (int)JB_COUNT == (int)JIT_A_COUNT &&
               (int)JB_SUM == (int)JIT_A_SUM && (int)JB_MIN == (int)JIT_A_MIN && (int)JB_MAX == (int)JIT_A_MAX,
               "aggregate kinds");
_Static_assert((int)JB_X_COL == (int)JIT_X_COL && (int)JB_X_K == (int)JIT_X_K && (int)JB_X_ADD == (int)JIT_X_ADD &&
               (int)JB_X_SUB == (int)JIT_X_SUB && (int)JB_X_MUL == (int)JIT_X_MUL, "expression ops");

static bool aspec_same(const jit_agg_spec *a, const jit_agg_spec *b)
{
    if (a->keyed != b->keyed || a->key_nullable != b->key_nullable || a->key_pos != b->key_pos ||
        a->dense != b->dense || a->prefetch != b->prefetch ||
        a->ncols != b->ncols || a->nagg != b->nagg || a->nx != b->nx)
        return false;
    for (int i = 0; i < a->ncols; i++) if (a->nullable[i] != b->nullable[i]) return false;
    for (int i = 0; i < a->nagg; i++)
        if (a->agg[i].kind != b->agg[i].kind || a->agg[i].col != b->agg[i].col || a->agg[i].x != b->agg[i].x)
            return false;
    for (int i = 0; i < a->nx; i++) {
        if (a->x[i].n != b->x[i].n) return false;
        for (int k = 0; k < a->x[i].n; k++)
            if (a->x[i].op[k].op != b->x[i].op[k].op || a->x[i].op[k].arg != b->x[i].op[k].arg) return false;
    }
    return true;
}

/* The kernel for a spec (one of aspec, jspec): the kept plan's in *slot (compiled there
 * at the first execution over rows >= JB_KEPT_MIN, set once by compare-and-swap), when
 * same() says it fits; else one for this execution (the thread's, tables of --jit-min-rows
 * or more). NULL: interpret. */
static jb_kern *kernel_for(_Atomic(jb_kern *) *slot, const jit_agg_spec *aspec, const jit_join_spec *jspec,
                           bool (*same)(const jb_kern *k, const void *spec), uint32_t rows, const void *frame,
                           uint64_t run)
{
    const void *spec = aspec ? (const void *)aspec : (const void *)jspec;
    uint32_t kmin = min_rows < JB_KEPT_MIN ? min_rows : JB_KEPT_MIN;
    if (slot && rows >= kmin) {
        jb_kern *kn = atomic_load_explicit(slot, memory_order_acquire);
        if (!kn) {
            jb_kern *nk = compile3(NULL, aspec, jspec), *none = NULL;
            if (nk && !atomic_compare_exchange_strong(slot, &none, nk)) {
                kern_free(nk);     /* another thread's is there first */
                nk = none;
            }
            kn = nk;
            if (!kn) { n_fallback++; return NULL; }
        }
        if (same(kn, spec)) return kn;
    }
    if (rows < min_rows) return NULL;
    jb_kern *kn = compile3(NULL, aspec, jspec);
    if (!kn) { n_fallback++; return NULL; }
    if (!tmp_keep(frame, run, kn)) { kern_free(kn); return NULL; }
    return kn;
}

static bool agg_same(const jb_kern *k, const void *spec) { return aspec_same(&k->aspec, spec); }

/* The kernel column slot of table column col (added when new); JIT_AGG_MAX when full. */
static uint8_t agg_slot(jb_agg *ja, jit_agg_spec *spec, uint32_t col)
{
    uint8_t slot = 0;
    while (slot < spec->ncols && ja->col[slot] != col) slot++;
    if (slot == JIT_AGG_MAX) return slot;
    if (slot == spec->ncols) {
        ja->col[spec->ncols] = col;
        spec->nullable[spec->ncols++] = true;   /* every bitmap is read: the kernel fits any state */
    }
    return slot;
}

/* Bounds of the values column col holds in any row (dead ones and NULLs' slots too):
 * storage's, kept as slots are written (a bound, not an answer). */
static void col_range(const stor_table *t, uint32_t col, __int128 *lo, __int128 *hi)
{
    *lo = t->cols[col].lo;
    *hi = t->cols[col].hi;
}

/* Whether every value the expression and its parts take, given the columns' values now,
 * is an int64 (the kernel's wrapping arithmetic is then exact). */
static bool expr_fits(const stor_table *t, const jb_xop *x, int n)
{
    const __int128 big = (__int128)INT64_MAX;
    __int128 lo[JIT_AGG_XOPS], hi[JIT_AGG_XOPS];
    int d = 0;
    for (int i = 0; i < n; i++) {
        if (x[i].op == JB_X_COL) { col_range(t, x[i].col, &lo[d], &hi[d]); d++; continue; }
        if (x[i].op == JB_X_K) { lo[d] = hi[d] = x[i].k; d++; continue; }
        if (d < 2) return false;
        __int128 a = lo[d - 2], b = hi[d - 2], c = lo[d - 1], e = hi[d - 1];
        d--;
        if (x[i].op == JB_X_ADD) { lo[d - 1] = a + c; hi[d - 1] = b + e; }
        else if (x[i].op == JB_X_SUB) { lo[d - 1] = a - e; hi[d - 1] = b - c; }
        else {
            __int128 p[4] = { a * c, a * e, b * c, b * e };
            lo[d - 1] = hi[d - 1] = p[0];
            for (int k = 1; k < 4; k++) {
                lo[d - 1] = p[k] < lo[d - 1] ? p[k] : lo[d - 1];
                hi[d - 1] = p[k] > hi[d - 1] ? p[k] : hi[d - 1];
            }
        }
        if (lo[d - 1] < -big || hi[d - 1] > big) return false;
    }
    return d == 1;
}

/* Aggregate arg's expression into spec (its constants into ja->st.k from *nk); false when
 * it does not fit the kernel or could pass 64 bits. */
static bool agg_expr(jb_agg *ja, jit_agg_spec *spec, const stor_table *t, const jb_agg_arg *arg, int *nk)
{
    if (arg->nx > JIT_AGG_XOPS || spec->nx >= JIT_AGG_MAX || !expr_fits(t, arg->x, arg->nx)) return false;
    jit_agg_expr *x = &spec->x[spec->nx];
    x->n = arg->nx;
    for (int k = 0; k < arg->nx; k++) {
        const jb_xop *o = &arg->x[k];
        x->op[k].op = o->op;
        x->op[k].arg = 0;
        if (o->op == JB_X_COL) {
            if ((x->op[k].arg = agg_slot(ja, spec, o->col)) == JIT_AGG_MAX) return false;
        } else if (o->op == JB_X_K) {
            if (*nk == JIT_AGG_K) return false;
            ja->st.k[*nk] = o->k;
            x->op[k].arg = (uint8_t)(*nk)++;
        }
    }
    spec->nx++;
    return true;
}

/* A COUNT(DISTINCT) set: a table keyed by col, its kernel the parent's to find. */
static jb_agg *dset_new(ex_ctx *ctx, const stor_table *t, uint32_t col)
{
    jb_agg *d = stor_arena_alloc(ctx->a, sizeof *d);
    memset(d, 0, sizeof *d);
    d->t = t;
    d->keycol = (int32_t)col;
    d->a = ctx->a;
    return d;
}

/* Dense slots for ja's integer key when its column's bounds are narrow (ja->dense, the
 * base in st.base); whether it is. */
static bool dense_pick(jb_agg *ja, const stor_table *t)
{
    const stor_column *c = &t->cols[ja->keycol];
    if (stor_col_ubig_wide(c)) return false;   /* slot order is not the key's */
    uint64_t span = (uint64_t)c->hi - (uint64_t)c->lo;   /* lo <= 0 <= hi: exact */
    if (span >= JB_DENSE_MAX || span >= 2 * (uint64_t)t->nrows + JB_DENSE_SLACK) return false;
    ja->dense = span + 1;
    ja->st.base = c->lo;
    return true;
}

/* Dense slots past this many (the slots alone past 256 KiB, the accumulators several
 * times that): the kernel prefetches rows ahead (a cache miss per row otherwise). */
#define JB_PREFETCH_SLOTS ((uint64_t)1 << 16)

jb_agg *jb_agg_new(ex_ctx *ctx, jb_kept *kept, const stor_table *t, const jb_gkey *keys, int nkeys,
                   const jb_agg_arg *args, int nargs, const void *frame, uint64_t run)
{
    if (nargs > JIT_AGG_MAX || nkeys > JB_AGG_KEYS) return NULL;
    jb_agg *ja = stor_arena_alloc(ctx->a, sizeof *ja);
    memset(ja, 0, sizeof *ja);
    jit_agg_spec spec;
    memset(&spec, 0, sizeof spec);
    ja->keycol = -1;
    spec.keyed = nkeys > 0;
    if (nkeys == 1 && !keys[0].str) {
        ja->keycol = (int32_t)keys[0].col;
        spec.key_nullable = true;
        spec.dense = dense_pick(ja, t);
        spec.prefetch = spec.dense && ja->dense > JB_PREFETCH_SLOTS;
    } else if (nkeys) {
        for (int i = 0; i < nkeys; i++) {
            if (!keys[i].str) return NULL;
            ja->kc[i].col = keys[i].col;
            ja->kc[i].coll = keys[i].coll;
        }
        ja->nkc = nkeys;
        spec.key_pos = true;
    }
    int nk = 0;
    for (int i = 0; i < nargs; i++) {
        uint8_t slot = 0, x = 0;
        if (args[i].kind == JB_DISTINCT) {
            if (nkeys) return NULL;
            jb_agg *d = dset_new(ctx, t, args[i].col);
            ja->amap[i] = (int8_t)(-1 - ja->ndset);
            ja->dset[ja->ndset++] = d;
            continue;
        }
        ja->amap[i] = (int8_t)spec.nagg;
        if (args[i].kind != JB_COUNT_STAR && args[i].nx) {
            if (!agg_expr(ja, &spec, t, &args[i], &nk)) return NULL;
            x = spec.nx;
        } else if (args[i].kind != JB_COUNT_STAR) {
            if ((slot = agg_slot(ja, &spec, args[i].col)) == JIT_AGG_MAX) return NULL;
        }
        spec.agg[spec.nagg++] = (jit_agg_op){ args[i].kind, slot, x };
    }
    for (int i = 0; i < ja->ndset; i++) {   /* (two kernels fit every set: keyed, nothing else) */
        jb_agg *d = ja->dset[i];
        jit_agg_spec ds = { .keyed = true, .key_nullable = true };
        ds.dense = dense_pick(d, t);
        ds.prefetch = ds.dense && d->dense > JB_PREFETCH_SLOTS;
        d->k = kernel_for(kept ? &kept->dist[ds.dense] : NULL, &ds, NULL, agg_same, t->nrows, frame, run);
        if (!d->k) return NULL;
    }
    ja->k = kernel_for(kept ? &kept->agg : NULL, &spec, NULL, agg_same, t->nrows, frame, run);
    if (!ja->k) return NULL;
    ja->t = t;
    ja->stride = jit_agg_layout(&spec, ja->off);
    ja->a = ctx->a;
    return ja;
}

/* The class of a string key's value in row (0: NULL), made when new; -1 when the column
 * has more classes than a packed key holds. */
static int64_t kclass_slow(ex_ctx *ctx, jb_agg *ja, jb_kclass *kc, uint32_t row)
{
    const stor_column *c = &ja->t->cols[kc->col];
    if (c->nulls && (c->nulls[row >> 3] >> (row & 7) & 1)) return 0;
    pdb_value v;
    stor_get(ja->t, kc->col, row, &v);
    if (v.t == VT_NULL) return 0;
    uint64_t h = ex_hash_value(&v, kc->coll);
    uint32_t at = (uint32_t)(h & (kc->htcap - 1)), cls = 0;
    for (; kc->ht[at]; at = (at + 1) & (kc->htcap - 1)) {
        uint32_t k = kc->ht[at];
        if (kc->hash[k - 1] == h && ex_values_equal(&kc->val[k - 1], &v, kc->coll)) { cls = k; break; }
    }
    if (!cls) {
        if (kc->n == JB_KCLASS_MAX) return -1;
        if (kc->n == kc->cap) {
            uint32_t nc = kc->cap * 2;
            pdb_value *nv = stor_arena_alloc(ja->a, nc * sizeof *nv);
            uint64_t *nh = stor_arena_alloc(ja->a, nc * sizeof *nh);
            memcpy(nv, kc->val, kc->n * sizeof *nv);
            memcpy(nh, kc->hash, kc->n * sizeof *nh);
            kc->val = nv; kc->hash = nh; kc->cap = nc;
        }
        if ((kc->n + 1) * 2 > kc->htcap) {
            uint32_t nc = kc->htcap * 2;
            uint32_t *nt = stor_arena_alloc(ja->a, nc * sizeof *nt);
            memset(nt, 0, nc * sizeof *nt);
            for (uint32_t k = 0; k < kc->n; k++) {
                uint32_t j = (uint32_t)(kc->hash[k] & (nc - 1));
                while (nt[j]) j = (j + 1) & (nc - 1);
                nt[j] = k + 1;
            }
            kc->ht = nt; kc->htcap = nc;
            for (at = (uint32_t)(h & (nc - 1)); nt[at]; at = (at + 1) & (nc - 1)) {}
        }
        kc->val[kc->n] = ex_persist(ja->a, &v);
        kc->hash[kc->n] = h;
        cls = ++kc->n;
        kc->ht[at] = cls;
    }
    if (c->code && c->code[row]) kc->memo[c->code[row]] = cls;
    (void)ctx;
    return cls;
}

static void kclass_init(jb_agg *ja, jb_kclass *kc)
{
    kc->memo = stor_arena_alloc(ja->a, 65536 * sizeof *kc->memo);
    memset(kc->memo, 0, 65536 * sizeof *kc->memo);
    kc->cap = 16;
    kc->val = stor_arena_alloc(ja->a, kc->cap * sizeof *kc->val);
    kc->hash = stor_arena_alloc(ja->a, kc->cap * sizeof *kc->hash);
    kc->htcap = 64;
    kc->ht = stor_arena_alloc(ja->a, kc->htcap * sizeof *kc->ht);
    memset(kc->ht, 0, kc->htcap * sizeof *kc->ht);
}

/* kbuf[i]: the packed classes of row ids[i] (17 bits a key); false past JB_KCLASS_MAX. */
static bool agg_keys(ex_ctx *ctx, jb_agg *ja, const uint32_t *ids, uint32_t n)
{
    if (n > ja->kcap) {
        ja->kcap = n < 1024 ? 1024 : n;
        ja->kbuf = stor_arena_alloc(ja->a, (size_t)ja->kcap * sizeof *ja->kbuf);
    }
    for (uint32_t i = 0; i < n; i++) ja->kbuf[i] = 0;
    for (int k = 0; k < ja->nkc; k++) {
        jb_kclass *kc = &ja->kc[k];
        const uint16_t *code = ja->t->cols[kc->col].code;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t row = ids[i];
            int64_t cls = code && code[row] ? kc->memo[code[row]] : 0;
            if (!cls && (cls = kclass_slow(ctx, ja, kc, row)) < 0) return false;
            ja->kbuf[i] |= cls << (17 * k);
        }
    }
    return true;
}

/* Room for twice the groups (at first cap0), the slots rehashed (dense: made once, kept). */
static void agg_grow(ex_ctx *ctx, jb_agg *ja, uint64_t cap0)
{
    jit_agg_state *s = &ja->st;
    uint64_t cap = ja->cap ? ja->cap * 2 : cap0, nslots = cap * 2;
    int bits = 0;
    while ((1ull << bits) < nslots) bits++;
    int64_t *keys = stor_arena_alloc(ja->a, cap * sizeof *keys);
    uint32_t *first = stor_arena_alloc(ja->a, cap * sizeof *first);
    int64_t *acc = stor_arena_alloc(ja->a, cap * (size_t)(ja->stride ? ja->stride : 1) * sizeof *acc);
    if (s->ngroups) {
        memcpy(keys, s->keys, s->ngroups * sizeof *keys);
        memcpy(first, s->first, s->ngroups * sizeof *first);
        memcpy(acc, s->acc, s->ngroups * (size_t)ja->stride * sizeof *acc);
    }
    s->keys = keys; s->first = first; s->acc = acc;
    s->limit = cap;
    ja->cap = cap;
    if (ja->dense) {
        if (!s->slots) {
            s->slots = stor_arena_alloc(ja->a, ja->dense * sizeof *s->slots);
            memset(s->slots, 0, ja->dense * sizeof *s->slots);
            s->mask = ja->dense - 1;
        }
        return;
    }
    uint32_t *slots = stor_arena_alloc(ja->a, nslots * sizeof *slots);
    memset(slots, 0, nslots * sizeof *slots);
    for (uint64_t g = 0; g < s->ngroups; g++) {
        if ((g & 4095) == 4095) ex_slice_tick(ctx);
        if ((int64_t)g == s->null_group) continue;
        uint64_t h = ((uint64_t)keys[g] * JIT_AGG_HASH) >> (64 - bits);
        while (slots[h]) h = (h + 1) & (nslots - 1);
        slots[h] = (uint32_t)g + 1;
    }
    s->slots = slots;
    s->mask = nslots - 1;
    s->shift = (uint64_t)(64 - bits);
}

/* A fresh table with room for as many groups as the kernel's last run made (a kept
 * plan's kernel runs again with other literals: each doubling copies the arrays into
 * fresh pages). */
static void agg_start(ex_ctx *ctx, jb_agg *ja, size_t max_bytes)
{
    jit_agg_state *s = &ja->st;
    s->ngroups = 0;
    s->null_group = -1;
    s->slots = NULL;
    ja->cap = 0;
    s->stride_bytes = (uint64_t)ja->stride * 8;
    uint64_t first = JB_AGG_CAP0, hint = atomic_load_explicit(&ja->k->groups, memory_order_relaxed);
    while (first < hint && first < ja->t->nrows) first *= 2;
    if (max_bytes && first * (20 + 8 * (uint64_t)ja->stride) > max_bytes) first = JB_AGG_CAP0;
    agg_grow(ctx, ja, first);
}

/* ids[0..k) through ja's kernel, growing its table when it stops; false past max_bytes
 * (held0: the arena's bytes before the run). */
static bool agg_chunk(ex_ctx *ctx, jb_agg *ja, uint32_t *ids, uint32_t k, size_t max_bytes, size_t held0)
{
    const stor_table *t = ja->t;
    jit_agg_state *s = &ja->st;
    /* the vectors as they are now */
    if (ja->keycol >= 0) {
        s->key = t->cols[ja->keycol].i64;
        s->key_nulls = t->cols[ja->keycol].nulls;
    } else if (ja->nkc) {
        if (!agg_keys(ctx, ja, ids, k)) return false;
        s->key = ja->kbuf;
    }
    for (int c = 0; c < ja->k->aspec.ncols; c++) {
        s->col[c] = t->cols[ja->col[c]].i64;
        s->nulls[c] = t->cols[ja->col[c]].nulls;
    }
    s->ids = ids;
    s->n = k;
    s->pos = 0;
    for (;;) {
        int64_t r;
        void *fn = jit_enter(ja->k->b);
        if (fn) {
            r = ((jit_agg_fn)fn)(s);
            jit_leave(ja->k->b);
        } else {
            r = jit_agg_c(&ja->k->aspec, s);
        }
        if (!r) return true;
        if (r == 2) return false;   /* a dense key out of its bounds: cannot be, but the
                                       interpreter is right whatever they say */
        if (max_bytes && ctx->a->held - held0 > max_bytes) {
            /* the groups so far: the next run sizes its table for them at once rather
               than growing through doublings whose arrays stay in the arena */
            atomic_store_explicit(&ja->k->groups, s->ngroups, memory_order_relaxed);
            return false;
        }
        agg_grow(ctx, ja, JB_AGG_CAP0);
    }
}

bool jb_agg_run(ex_ctx *ctx, jb_agg *ja, jb_scan *js, size_t max_bytes)
{
    size_t held0 = ctx->a->held;
    agg_start(ctx, ja, max_bytes);
    for (int i = 0; i < ja->ndset; i++) agg_start(ctx, ja->dset[i], max_bytes);
    for (int i = 0; i < ja->nkc; i++) kclass_init(ja, &ja->kc[i]);
    uint32_t *ids, k;
    jb_begin(js, ja->t->nrows);
    while ((k = jb_next(ctx, js, &ids)) > 0) {
        if (!agg_chunk(ctx, ja, ids, k, max_bytes, held0)) return false;
        for (int i = 0; i < ja->ndset; i++)
            if (!agg_chunk(ctx, ja->dset[i], ids, k, max_bytes, held0)) return false;
    }
    atomic_store_explicit(&ja->k->groups, ja->st.ngroups, memory_order_relaxed);
    for (int i = 0; i < ja->ndset; i++)
        atomic_store_explicit(&ja->dset[i]->k->groups, ja->dset[i]->st.ngroups, memory_order_relaxed);
    return true;
}

void jb_agg_prefetch(const jb_agg *ja, uint64_t g, bool row)
{
    if (!row) {
        __builtin_prefetch(&ja->st.acc[g * (uint64_t)ja->stride]);
        __builtin_prefetch(&ja->st.first[g]);
        return;
    }
    if (ja->keycol >= 0) __builtin_prefetch(&ja->t->cols[ja->keycol].i64[ja->st.first[g]]);
}

uint64_t jb_agg_distinct(const jb_agg *ja, int i)
{
    assert(ja->amap[i] < 0);
    const jb_agg *d = ja->dset[-1 - ja->amap[i]];
    return d->st.ngroups - (d->st.null_group >= 0);
}

uint64_t jb_agg_ngroups(const jb_agg *ja) { return ja->st.ngroups; }

bool jb_agg_dense_order(const jb_agg *ja, uint32_t *idx)
{
    if (!ja->dense) return false;
    uint32_t m = 0;
    if (ja->st.null_group >= 0) idx[m++] = (uint32_t)ja->st.null_group;
    for (uint64_t i = 0; i < ja->dense; i++)
        if (ja->st.slots[i]) idx[m++] = ja->st.slots[i] - 1;
    assert(m == ja->st.ngroups);
    return true;
}
uint32_t jb_agg_first(const jb_agg *ja, uint64_t g) { return ja->st.first[g]; }

bool jb_agg_key(const jb_agg *ja, uint64_t g, int64_t *key)
{
    if ((int64_t)g == ja->st.null_group || ja->keycol < 0) return false;
    *key = ja->st.keys[g];
    return true;
}

const int64_t *jb_agg_acc(const jb_agg *ja, uint64_t g, int i)
{
    assert(ja->amap[i] >= 0);
    return &ja->st.acc[g * (uint64_t)ja->stride + (uint64_t)ja->off[ja->amap[i]]];
}

/* ---------------------------------------------------------------- lookup joins */

/* A string conjunct's memo (jit.h JIT_JC_CODE) and the interpreter's decision behind it. */
typedef struct jb_memo {
    jb_code *c;
    const uint16_t *codes;
    uint16_t mkey[JIT_JOIN_MEMO];
    uint8_t mres[JIT_JOIN_MEMO];
} jb_memo;

struct jb_join {
    jb_kern *k;
    const stor_table *t[2];
    const stor_index *ix;
    int32_t keycol;
    uint32_t col[JIT_MAXCONDS];
    jb_memo *memo[JIT_MAXCONDS];
    jit_join_state st;
    uint32_t *out, *out2;
    uint32_t *pbuf, pcap;          /* multi: a key's matches */
    stor_arena *a;
    bool fell;
    uint64_t probes, found;        /* the inner table's key lookups and the rows they found */
};

bool jb_join_fell(const jb_join *jj) { return jj->fell; }

void jb_join_reads(jb_join *jj, uint64_t *probes, uint64_t *found)
{
    *probes = jj->probes;
    *found = jj->found;
    jj->probes = jj->found = 0;
}

static int memo_ans(void *p, uint32_t row)
{
    jb_memo *m = p;
    int v = m->c->fn(m->c, row), r = v & 1;
    uint16_t id = m->codes[row];
    if (id && !(v & JB_CODE_NOMEMO)) { m->mkey[id & (JIT_JOIN_MEMO - 1)] = id; m->mres[id & (JIT_JOIN_MEMO - 1)] = (uint8_t)r; }
    return r;
}

static int64_t probe_i64(void *p, int64_t key)
{
    jb_join *jj = p;
    int64_t r = stor_index_find_i64(jj->t[1], jj->ix, key);
    jj->probes++;
    jj->found += r >= 0;
    return r;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void sort_small(uint32_t *v, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        uint32_t x = v[i], j = i;
        while (j > 0 && v[j - 1] > x) { v[j] = v[j - 1]; j--; }
        v[j] = x;
    }
}

/* multi: the key's rows in row id order (the interpreter's candidates, sorted); more
 * than pcap: only their count (called from compiled code, it must not allocate: the
 * kernel stops and jb_join_next makes room) */
static int64_t probe_all_i64(void *p, int64_t key)
{
    jb_join *jj = p;
    uint32_t n = stor_index_find_all_i64(jj->t[1], jj->ix, key, jj->pbuf, jj->pcap);
    if (n > jj->pcap) return n;   /* (asked again once there is room: counted then) */
    jj->probes++;
    jj->found += n;
    if (n > 16) qsort(jj->pbuf, n, sizeof *jj->pbuf, cmp_u32);
    else sort_small(jj->pbuf, n);
    return n;
}

static bool jspec_same(const jit_join_spec *a, const jit_join_spec *b)
{
    if (a->probe != b->probe || a->key_nullable != b->key_nullable || a->multi != b->multi || a->ncond != b->ncond)
        return false;
    for (int j = 0; j < a->ncond; j++)
        if (memcmp(&a->cond[j], &b->cond[j], sizeof a->cond[j])) return false;
    return true;
}

static bool join_same(const jb_kern *k, const void *spec) { return jspec_same(&k->jspec, spec); }

jb_join *jb_join_new(ex_ctx *ctx, jb_kept *kept, const stor_table *outer, const stor_table *inner,
                     const stor_index *ix, int keycol, bool multi, const jb_jcond *c, int n, uint32_t rows,
                     const void *frame, uint64_t run)
{
    if (n > JIT_MAXCONDS || (inner && (!ix || keycol < 0))) return NULL;
    jb_join *jj = stor_arena_alloc(ctx->a, sizeof *jj);
    memset(jj, 0, sizeof *jj);
    jit_join_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.probe = inner != NULL;
    spec.key_nullable = true;      /* every bitmap is read: the kernel fits any state */
    spec.multi = inner && multi;
    spec.probe_fn = spec.multi ? probe_all_i64 : probe_i64;
    spec.ans_fn = memo_ans;
    spec.vis = stor_ver_visible;
    jj->t[0] = outer;
    jj->t[1] = inner;
    jj->ix = ix;
    jj->keycol = keycol;
    for (int j = 0; j < n; j++) {
        const stor_table *t = c[j].side ? inner : outer;
        if (c[j].code && !t->cols[c[j].col].code) return NULL;   /* no pooled ids to memoise by */
        /* (a NULL string has pooled id 0: with ask_null the code answers it) */
        spec.cond[j] = (jit_jcond){ c[j].side, c[j].code ? JIT_JC_CODE : JIT_JC_INT,
                                    (uint8_t)(c[j].code ? JIT_NE : cond_of(c[j].op)), !(c[j].code && c[j].ask_null) };
        jj->col[j] = c[j].col;
        jj->st.k[j] = c[j].code ? 0 : c[j].k;
        if (c[j].code) {
            jb_memo *m = stor_arena_alloc(ctx->a, sizeof *m);
            memset(m, 0, sizeof *m);
            m->c = c[j].code;
            jj->memo[j] = m;
        }
    }
    spec.ncond = (uint8_t)n;
    jj->k = kernel_for(kept ? &kept->join : NULL, NULL, &spec, join_same, rows, frame, run);
    if (!jj->k) return NULL;
    jj->a = ctx->a;
    jj->pcap = 64;
    jj->pbuf = stor_arena_alloc(ctx->a, (size_t)jj->pcap * sizeof(uint32_t));
    n_exec++;
    return jj;
}

/* Room for n pairs (at least 64): sized to the rows, so a small lookup takes little. */
static void join_room(jb_join *jj, uint64_t n)
{
    if (n > jj->pcap) {   /* one key's matches past the probe's buffer */
        uint32_t pc = jj->pcap;
        while (pc < n) pc *= 2;
        jj->pbuf = stor_arena_alloc(jj->a, (size_t)pc * sizeof(uint32_t));
        jj->pcap = pc;
    }
    if (jj->st.cap >= n && jj->out) return;
    uint64_t cap = jj->st.cap ? jj->st.cap : 64;
    while (cap < n) cap *= 2;
    jj->out = stor_arena_alloc(jj->a, (size_t)cap * sizeof(uint32_t));
    jj->out2 = stor_arena_alloc(jj->a, (size_t)cap * sizeof(uint32_t));
    jj->st.cap = cap;
}

void jb_join_begin(jb_join *jj, const uint32_t *in, uint32_t n)
{
    assert(n <= JB_JOIN_CHUNK);
    join_room(jj, n);
    jj->st.in = in;
    jj->st.n = n;
    jj->st.pos = 0;
}

/* One run of the kernel from st.pos (or of its C twin when the code was evicted). */
static uint32_t join_once(ex_ctx *ctx, jb_join *jj)
{
    if (ctx->stmt->slice_at || ctx->stmt->watch) ex_slice_check(ctx);
    jit_join_state *s = &jj->st;
    const stor_table *t = jj->t[0];
    /* the vectors as they are now */
    s->out = jj->out;
    s->out2 = jj->out2;
    s->pbuf = jj->pbuf;
    s->pcap = jj->pcap;
    s->dead = t->dead;
    s->ver = t->nver ? t->ver : NULL;
    s->table = t;
    if (jj->t[1]) {
        s->key = t->cols[jj->keycol].i64;
        s->key_nulls = t->cols[jj->keycol].nulls;
        s->pctx = jj;
    }
    for (int j = 0; j < jj->k->jspec.ncond; j++) {
        const stor_column *c = &jj->t[jj->k->jspec.cond[j].side]->cols[jj->col[j]];
        s->nulls[j] = c->nulls;
        if (!jj->memo[j]) { s->col[j] = c->i64; continue; }
        jj->memo[j]->codes = s->codes[j] = c->code;
        s->mkey[j] = jj->memo[j]->mkey;
        s->mres[j] = jj->memo[j]->mres;
        s->actx[j] = jj->memo[j];
    }
    int64_t k;
    void *fn = jit_enter(jj->k->b);
    if (fn) {
        k = ((jit_join_fn)fn)(s);
        jit_leave(jj->k->b);
    } else {
        if (!jj->fell) { jj->fell = true; n_fallback++; }
        k = jit_join_c(&jj->k->jspec, s);
    }
    return (uint32_t)k;
}

uint32_t jb_join_next(ex_ctx *ctx, jb_join *jj, uint32_t **o0, uint32_t **o1)
{
    jit_join_state *s = &jj->st;
    while (s->pos < s->n) {
        uint32_t k = join_once(ctx, jj);
        if (k) {
            *o0 = jj->out;
            *o1 = jj->out2;
            return k;
        }
        if (s->pos < s->n) join_room(jj, s->need);   /* one row's matches past the room */
    }
    return 0;
}
