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
    jit_filter_spec spec;
    jit_block *b;
} jb_kern;

struct jb_kept { _Atomic(jb_kern *) lv[JB_LEVELS]; };

struct jb_scan {
    jb_kern *k;
    bool tmp;                      /* k is a per-execution kernel */
    bool fell;                     /* Jit_fallbacks counted for this execution */
    const stor_table *t;
    uint8_t ncols, nconj;
    uint32_t col[JIT_MAXCOLS];     /* the table's column per kernel column */
    jit_conj conj[JIT_MAXCONDS];
    int64_t kv[JIT_MAXCONDS];
    uint32_t pos, end, chunk;
    uint32_t *ids;                 /* cap row ids (grown with the chunks: an EXISTS or a
                                      LIMIT that stops early, or a small table, takes little
                                      of a correlated subquery's arena per run) */
    uint32_t cap;
    stor_arena *a;
};

static _Atomic(jit_arena *) arena;
static pthread_once_t arena_once = PTHREAD_ONCE_INIT;
static _Atomic uint64_t n_compiled, n_compile_ns, n_exec, n_fallback;
static uint32_t min_rows = 8192;

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
        *mapped_bytes = st.mapped_bytes;
    }
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
    free(k);
}

bool jb_enabled(ex_ctx *ctx)
{
    if (!JIT_SUPPORTED) return false;
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

static jb_kern *compile(const jit_filter_spec *spec)
{
    pthread_once(&arena_once, arena_make);
    jit_arena *a = atomic_load(&arena);
    if (!a || !jit_arena_ok(a)) return NULL;
    jb_kern *k = malloc(sizeof *k);
    if (!k) return NULL;
    uint64_t t0 = ex_now_ns();
    k->spec = *spec;
    k->b = jit_filter_compile(a, spec);
    if (!k->b) { free(k); return NULL; }
    n_compile_ns += ex_now_ns() - t0;
    n_compiled++;
    return k;
}

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

jb_scan *jb_scan_new(ex_ctx *ctx, jb_kept *kept, int lv, const stor_table *t, const jb_cond *c, int n,
                     const void *frame, uint64_t run, int *used)
{
    *used = 0;
    uint32_t rows = t->nrows;
    uint32_t kmin = min_rows < JB_KEPT_MIN ? min_rows : JB_KEPT_MIN;
    if (n <= 0 || rows < kmin || (!kept && rows < min_rows)) return NULL;
    jb_scan *js = stor_arena_alloc(ctx->a, sizeof *js);
    memset(js, 0, sizeof *js);
    js->t = t;
    jit_filter_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.mode = JIT_IDS;
    spec.has_dead = true;             /* every bitmap is read: the kernel fits any state */
    spec.vis = stor_ver_visible;
    int k = 0;
    for (; k < n && k < JIT_MAXCONDS; k++) {
        int slot = 0;
        while (slot < js->ncols && js->col[slot] != c[k].col) slot++;
        if (slot == js->ncols) {
            if (js->ncols == JIT_MAXCOLS) break;
            js->col[js->ncols] = c[k].col;
            spec.nullable[js->ncols] = true;
            js->ncols++;
        }
        js->conj[k] = (jit_conj){ (uint8_t)slot, (uint8_t)cond_of(c[k].op) };
        js->kv[k] = c[k].k;
    }
    js->nconj = (uint8_t)k;
    spec.ncols = js->ncols;
    spec.nconj = js->nconj;
    memcpy(spec.conj, js->conj, sizeof spec.conj);
    jb_kern *kn = NULL;
    if (kept && lv < JB_LEVELS && rows >= kmin) {
        kn = atomic_load_explicit(&kept->lv[lv], memory_order_acquire);
        if (!kn) {
            jb_kern *nk = compile(&spec), *none = NULL;
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
        kn = compile(&spec);
        if (!kn) { n_fallback++; return NULL; }
        if (!tmp_keep(frame, run, kn)) { kern_free(kn); return NULL; }
        js->tmp = true;
    }
    js->k = kn;
    js->a = ctx->a;
    *used = js->nconj;
    return js;
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
        /* the vectors as they are now (a write may have moved them since the last chunk) */
        for (int c = 0; c < js->ncols; c++) {
            sc.col[c] = t->cols[js->col[c]].i64;
            sc.nulls[c] = t->cols[js->col[c]].nulls;
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
        if (n > 0) { *ids = js->ids; return (uint32_t)n; }
    }
    return 0;
}
