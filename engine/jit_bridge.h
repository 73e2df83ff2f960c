/* jit_bridge.h - the executor's use of the template JIT (engine/jit_bridge.c): full scans
 * of a base table whose first conjuncts are `int64 column <op> constant` take their
 * candidate rows from a compiled kernel (engine/jit/filter.c), chunk by chunk. */
#ifndef PDB_JIT_BRIDGE_H
#define PDB_JIT_BRIDGE_H

#include <stdbool.h>
#include <stdint.h>

struct ex_ctx;
struct stor_table;
struct stor_index;
struct pdb_value;

#define JB_MAXCONDS 16
#define JB_LEVELS 16

/* A conjunct the kernel checks: column col of the level's table, op (BO_EQ..BO_GE) as
 * `column op k`. The caller guarantees that the interpreter's answer for the row is
 * exactly `!NULL && c->i64[row] op k` (signed), with no warning possible; or, with ans,
 * that ans gives the interpreter's answer (col: the column whose NULLs fail it). */
typedef struct jb_cond { uint32_t col; uint8_t op; int64_t k; struct jb_answer *ans; } jb_cond;

/* A conjunct the interpreter decides a chunk at a time (a string compare: select.c's
 * kernel answers, exactly its own): fn writes out[r - begin] nonzero for each row r of
 * begin..end-1 that passes (never called for nothing; dead rows get any answer). The
 * compiled filter reads the answers as a column (`answer <> 0`) beside the integer ones. */
typedef struct jb_answer {
    void (*fn)(struct jb_answer *a, uint32_t begin, uint32_t end, int64_t *out);
} jb_answer;

/* The kernels a kept block plan holds (one slot per join level), freed with the plan. */
typedef struct jb_kept jb_kept;
jb_kept *jb_kept_new(void);
void jb_kept_free(jb_kept *k);

/* One scan level's compiled filter for one execution of a block (statement arena). */
typedef struct jb_scan jb_scan;

/* Whether this session runs compiled code (pressdb_jit) and the statement allows it. */
bool jb_enabled(struct ex_ctx *ctx);
/* The scan of level lv over t filtered by c[0..n) (a prefix of the level's conjuncts in
 * evaluation order); kept: the block plan's kernels or NULL (not kept). frame: an address
 * in the calling query block's stack frame, run: its jb_run_id (see jit_bridge.c:
 * per-execution kernels).
 * NULL: interpret (too few rows, no executable memory). *used: how many of c it took. */
jb_scan *jb_scan_new(struct ex_ctx *ctx, jb_kept *kept, int lv, const struct stor_table *t,
                     const jb_cond *c, int n, const void *frame, uint64_t run, int *used);
/* A new run of a query block on this thread (jb_scan_new's run). */
uint64_t jb_run_id(void);
/* A scan of the level starts over rows 0..nrows-1 (returns 0: no candidates yet). */
uint32_t jb_begin(jb_scan *js, uint32_t nrows);
/* The next candidate rows (ascending row ids, dead and invisible rows and rows failing
 * the conjuncts left out) into *ids; 0 at the end. Runs the kernel over chunks of rows,
 * checking the statement's time slice between them (it may raise EX_MOVE). */
uint32_t jb_next(struct ex_ctx *ctx, jb_scan *js, uint32_t **ids);

/* For a DATE/DATETIME/TIMESTAMP column (its values VT_DATE/VT_DATETIME): the constant k
 * converted as ex_compare converts it, when that comparison is exactly a compare of the
 * packed values and cannot warn. */
bool jb_temporal_const(const struct pdb_value *k, int64_t *out);

/* Every visible row of t, through a kernel with no conjunct (the candidates of a
 * compiled sink over a scan without filters); NULL: interpret. */
jb_scan *jb_scan_all(struct ex_ctx *ctx, jb_kept *kept, int lv, const struct stor_table *t, const void *frame,
                     uint64_t run);

/* A query block's grouped aggregate as compiled code (engine/jit/agg.c): the groups of a
 * scan's candidate rows by one integer column, by up to three string columns (each
 * value's class under the key's collation, numbered as the run meets them), or one group;
 * with COUNT(*), COUNT, SUM, MIN, MAX of integer columns or of +, -, * expressions over
 * them and constants (a postfix program, DECIMAL scales already made equal by the
 * caller's multiplications); select.c picks the blocks whose interpreted answer these
 * accumulators give exactly (kagg_*). One kernel per kept plan (or per execution). */
enum { JB_COUNT_STAR, JB_COUNT, JB_SUM, JB_MIN, JB_MAX, JB_DISTINCT };   /* DISTINCT: COUNT(DISTINCT col),
                                                                             no keys */
enum { JB_X_COL, JB_X_K, JB_X_ADD, JB_X_SUB, JB_X_MUL };
typedef struct jb_xop { uint8_t op; uint32_t col; int64_t k; } jb_xop;   /* col: JB_X_COL; k: JB_X_K */
typedef struct jb_agg_arg {
    uint8_t kind;
    uint32_t col;                  /* unused for COUNT(*) and with x */
    uint8_t nx;                    /* an expression x[0..nx) instead of the column */
    const jb_xop *x;
} jb_agg_arg;
typedef struct jb_gkey { uint32_t col; uint16_t coll; bool str; } jb_gkey;
#define JB_AGG_KEYS 3
typedef struct jb_agg jb_agg;
/* nkeys 0: one group; one integer key, or up to JB_AGG_KEYS string keys. NULL: interpret
 * (too few rows, no executable memory, an expression whose values could pass 64 bits
 * given the columns' values now). */
jb_agg *jb_agg_new(struct ex_ctx *ctx, jb_kept *kept, const struct stor_table *t, const jb_gkey *keys, int nkeys,
                   const jb_agg_arg *args, int nargs, const void *frame, uint64_t run);
/* Runs js's candidates through the kernel. false: the groups took more than max_bytes of
 * the statement's memory (0: no bound); the caller interprets the scan instead. */
bool jb_agg_run(struct ex_ctx *ctx, jb_agg *ja, jb_scan *js, size_t max_bytes);
uint64_t jb_agg_ngroups(const jb_agg *ja);
uint32_t jb_agg_first(const jb_agg *ja, uint64_t g);              /* the group's first row */
/* Group g's accumulators and first row into the cache (row false), or (row true, once
 * those are in) its first row's key value: the groups are read in key order, which is
 * not the order they were made in. */
void jb_agg_prefetch(const jb_agg *ja, uint64_t g, bool row);
/* With dense slots: every group into idx, the NULL key's first, then by key (signed
 * order of the slots: the key's order for any column the kernel groups densely); false
 * when the groups are hashed. */
bool jb_agg_dense_order(const jb_agg *ja, uint32_t *idx);
bool jb_agg_key(const jb_agg *ja, uint64_t g, int64_t *key);      /* false: the NULL key (integer keys) */
/* COUNT(DISTINCT) argument i's answer (the one group's): the column's distinct non-NULL
 * values among the rows (equal int64 slots: the caller picks columns where that is equal
 * values). */
uint64_t jb_agg_distinct(const jb_agg *ja, int i);
/* Aggregate i's accumulators in group g: COUNT(*)/COUNT {n}; SUM {sum, n}; MIN/MAX
 * {best, n, the best's row}. */
const int64_t *jb_agg_acc(const jb_agg *ja, uint64_t g, int i);

/* A block's first two levels as one compiled lookup join (engine/jit/join.c): rows of the
 * outer table given as lists (an index lookup's candidates, a scan's rows), their
 * conjuncts, the inner table's row of the same unique integer key (ix, one CK_I64 column;
 * the outer key column keycol holds values of the same representation), or with multi its
 * rows of that key (a non-unique index, or the first column of a composite one), and
 * their conjuncts.
 * select.c picks conjuncts whose interpreted answer the kernel gives exactly:
 * `integer column op constant` (as jb_cond), or a conjunct over one pooled string column
 * decided by code->fn row by row, whose answer depends on the value only (memoised by
 * pooled id). fn returns the answer (bit 0) and JB_CODE_NOMEMO when that answer is not to
 * be memoised (its evaluation warned: the next row of that value must warn again). */
#define JB_CODE_NOMEMO 2
typedef struct jb_code { int (*fn)(struct jb_code *c, uint32_t row); } jb_code;
typedef struct jb_jcond {
    uint8_t side; uint32_t col; uint8_t op; int64_t k; jb_code *code;
    bool ask_null;   /* code decides a NULL too (else a NULL fails the conjunct) */
} jb_jcond;
typedef struct jb_join jb_join;
/* inner NULL: no probe (the outer rows' conjuncts only). rows: the outer table's size,
 * for the compile threshold. NULL: interpret. */
jb_join *jb_join_new(struct ex_ctx *ctx, jb_kept *kept, const struct stor_table *outer,
                     const struct stor_table *inner, const struct stor_index *ix, int keycol, bool multi,
                     const jb_jcond *c, int n, uint32_t rows, const void *frame, uint64_t run);
/* The inner table's key lookups the kernel made since the last call, and the rows they
 * found (Handler_read_key, Handler_read_next, Rows_read); both start again at 0. */
void jb_join_reads(jb_join *jj, uint64_t *probes, uint64_t *found);
#define JB_JOIN_CHUNK 8192
/* The outer rows in[0..n) (n <= JB_JOIN_CHUNK) to join next. */
void jb_join_begin(jb_join *jj, const uint32_t *in, uint32_t n);
/* The next pairs that pass, in order: outer rows in *o0, inner rows in *o1 (valid until
 * the next call); their count, 0 when in is done. multi (a non-unique index): a key's
 * rows in row id order. Checks the statement's time slice first (it may raise EX_MOVE). */
uint32_t jb_join_next(struct ex_ctx *ctx, jb_join *jj, uint32_t **o0, uint32_t **o1);

/* SHOW GLOBAL STATUS: Jit_* counters; bytes of executable pages held (Memory_used). */
void jb_stats(uint64_t *compiled, uint64_t *compile_us, uint64_t *code_bytes, uint64_t *executions,
              uint64_t *fallbacks, uint64_t *mapped_bytes);
/* For pressdb_jit_notes: the scan's kernel is kept with the plan (not compiled for this
 * execution only); the scan or join went on in C after its code was evicted. */
bool jb_scan_kept(const jb_scan *js);
bool jb_scan_fell(const jb_scan *js);
bool jb_join_fell(const jb_join *jj);
/* Compiles and drops a filter and an aggregate kernel: the arena is made, and the
 * emitter's code and the page commits are warm, before a statement's first kernel. */
void jb_warm(void);
/* Compile times of the last JB_CT_RING kernels, in us: median, 99th percentile, largest
 * (0 when none was compiled). */
#define JB_CT_RING 4096
void jb_compile_quantiles(uint64_t *p50_us, uint64_t *p99_us, uint64_t *max_us);

#endif
