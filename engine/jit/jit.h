/* jit.h - the template JIT (engine/jit/): executable memory, the instruction emitter
 * both back ends implement, and the compiled kernels built on them.
 *
 *   emit.c      the emitter's buffer, labels and branch patching
 *   code.c      the code arena: W^X pages, LRU eviction, byte counts, fallback
 *   emit_x64.c  x86-64 encoders (SysV ABI)      } one is compiled in, by
 *   emit_a64.c  arm64 encoders (AAPCS64)         } __x86_64__ / __aarch64__
 *   filter.c    the filter-and-count kernel (architecture-independent: emitter calls only)
 *   agg.c       the grouped-aggregate kernel, the sink after the filter (same)
 *   join.c      the lookup-join kernel: candidate rows, their conjuncts, a unique-key probe
 *
 * Nothing here runs at startup; the executor uses the filter through engine/jit_bridge.c. */
#ifndef PDB_JIT_H
#define PDB_JIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) || defined(__aarch64__)
#define JIT_SUPPORTED 1
#else
#define JIT_SUPPORTED 0
#endif

/* ---- Executable memory (code.c) ----
 *
 * Code is assembled into an ordinary buffer, then committed: copied into arena pages that
 * are writable only while being filled (never executable then) and executable only
 * afterwards (never writable). A block is a handle owned by its compiler (a kept plan);
 * its code may be evicted (least recently entered first, when the arena is full) but
 * only while no thread is inside it: jit_enter returns NULL for evicted code (compile
 * again or interpret), else the entry point, which stays valid until jit_leave. Every
 * function is thread-safe (one mutex per arena). */
typedef struct jit_arena jit_arena;
typedef struct jit_block jit_block;

typedef struct jit_arena_stats {
    size_t code_bytes;       /* bytes of committed code, padding excluded */
    size_t mapped_bytes;     /* pages held by live blocks */
    size_t ready_bytes;      /* free pages kept ready for the next commits (code.c) */
    size_t cap_bytes;
    uint64_t blocks, commits, evictions, failures;
} jit_arena_stats;

/* flags for jit_arena_new */
#define JIT_ARENA_NOEXEC 1   /* behave as if the kernel refused executable memory (tests) */
#define JIT_ARENA_ANON   2   /* anonymous memory made RW then RX, as where a memfd cannot be
                                mapped executable (tests) */

/* A new arena of at most cap bytes (rounded up to pages), or one that is not usable
 * (jit_arena_ok false, reason logged once per process) when executable memory cannot be
 * had: callers then interpret. NULL only when malloc fails. */
jit_arena *jit_arena_new(size_t cap, int flags);
void jit_arena_free(jit_arena *a);           /* after every block was freed */
bool jit_arena_ok(const jit_arena *a);
size_t jit_code_bytes(jit_arena *a);        /* for Jit_code_bytes / Memory_used */
void jit_arena_stats_get(jit_arena *a, jit_arena_stats *st);
/* Hook called while a commit's pages are writable, with their range (tests check W^X). */
void jit_arena_set_write_hook(jit_arena *a, void (*fn)(void *ctx, void *p, size_t n), void *ctx);

/* Commit n assembled buffers at once (one permission change for the lot); out[i] gets a
 * block handle, or every out[i] is NULL and -1 is returned (arena unusable, or the
 * code does not fit even after evicting every idle block). */
int jit_commit(jit_arena *a, const uint8_t *const *code, const size_t *len, size_t n,
               jit_block **out);
void *jit_enter(jit_block *b);               /* entry point, or NULL when evicted */
void jit_leave(jit_block *b);
bool jit_block_live(jit_block *b);           /* code still present (not evicted) */
void jit_block_free(jit_block *b);           /* the owner drops it; not while entered */

/* ---- The emitter (emit_x64.c / emit_a64.c) ----
 *
 * A small register machine both back ends implement. Registers are abstract:
 *   JIT_R0..JIT_R5  callee-saved (they survive calls to C helpers)
 *   JIT_T0..JIT_T2  scratch (clobbered by calls and by jit_call itself)
 *   JIT_A0..JIT_A3  the first four integer arguments (entry and calls); clobbered by calls
 * All values are 64-bit integers; compares are signed. The generated function's C type
 * is int64_t fn(up to 4 integer/pointer arguments); jit_ret sets its result. */
enum {
    JIT_R0, JIT_R1, JIT_R2, JIT_R3, JIT_R4, JIT_R5,
    JIT_T0, JIT_T1, JIT_T2,
    JIT_A0, JIT_A1, JIT_A2, JIT_A3,
    JIT_NREGS
};
typedef enum jit_cond { JIT_EQ, JIT_NE, JIT_LT, JIT_LE, JIT_GT, JIT_GE } jit_cond;
/* Double registers (xmm0..3 / d0..3), scratch: clobbered by calls. */
enum { JIT_F0, JIT_F1, JIT_F2, JIT_F3, JIT_NFREGS };

typedef struct jit_fixup { uint32_t at; int32_t label; } jit_fixup;
typedef struct jit_emit {
    uint8_t *p;              /* the code, growing (malloc) */
    size_t len, cap;
    int32_t *labels;         /* bound offset per label, -1 = not yet */
    int nlabels, labcap;
    jit_fixup *fix;          /* branches to labels not yet bound */
    int nfix, fixcap;
    bool oom;                /* an allocation failed: the result is unusable */
    bool bad;                /* an operand the back end cannot encode */
} jit_emit;

void jit_emit_init(jit_emit *e);
/* Assembles a kernel with build(e, spec) and commits it to a; NULL when the arena is
 * unusable or full or build fails. */
jit_block *jit_assemble(jit_arena *a, bool (*build)(jit_emit *e, const void *spec), const void *spec);
void jit_emit_done(jit_emit *e);
bool jit_finish(jit_emit *e);                /* patch branches; false: oom, bad operand or
                                                unbound label (discard the code) */
int jit_label(jit_emit *e);
void jit_bind(jit_emit *e, int label);

void jit_prologue(jit_emit *e);              /* saves R0..R5, aligns the stack */
void jit_ret(jit_emit *e, int src);          /* result = src; restore; return */
void jit_mov(jit_emit *e, int d, int s);
void jit_movi(jit_emit *e, int d, int64_t imm);
/* loads zero-extend 8/32-bit values; *s32 sign-extends; offsets within +-2^31 (x86) and
 * scaled unsigned 12-bit or signed 9-bit (arm64; others go through a scratch register) */
void jit_ld64(jit_emit *e, int d, int base, int32_t off);
void jit_ld32(jit_emit *e, int d, int base, int32_t off);
void jit_lds32(jit_emit *e, int d, int base, int32_t off);
void jit_ld8(jit_emit *e, int d, int base, int32_t off);
void jit_st64(jit_emit *e, int s, int base, int32_t off);
void jit_st32(jit_emit *e, int s, int base, int32_t off);
void jit_st8(jit_emit *e, int s, int base, int32_t off);
/* base + idx * size, size = the access width (8, 4, 2 or 1 bytes) */
void jit_ld64x(jit_emit *e, int d, int base, int idx);
void jit_ld32x(jit_emit *e, int d, int base, int idx);
void jit_ld16x(jit_emit *e, int d, int base, int idx);   /* zero-extended */
void jit_ld8x(jit_emit *e, int d, int base, int idx);
void jit_st64x(jit_emit *e, int s, int base, int idx);
void jit_st32x(jit_emit *e, int s, int base, int idx);
void jit_prefetch(jit_emit *e, int base, int32_t off);   /* a hint: never faults */
void jit_add(jit_emit *e, int d, int a, int b);
void jit_sub(jit_emit *e, int d, int a, int b);
void jit_mul(jit_emit *e, int d, int a, int b);
void jit_and(jit_emit *e, int d, int a, int b);
void jit_or(jit_emit *e, int d, int a, int b);
void jit_addi(jit_emit *e, int d, int a, int32_t imm);
void jit_shri(jit_emit *e, int d, int a, int sh);   /* logical */
void jit_shr(jit_emit *e, int d, int a, int b);     /* logical, by b & 63 */
void jit_andi(jit_emit *e, int d, int a, int64_t imm);
void jit_setcc(jit_emit *e, jit_cond c, int d, int a, int b);   /* d = a c b */
void jit_br(jit_emit *e, int label);
void jit_brcc(jit_emit *e, jit_cond c, int a, int b, int label);   /* if (a c b) goto */
void jit_brz(jit_emit *e, int a, int label);
void jit_brnz(jit_emit *e, int a, int label);
void jit_brbit(jit_emit *e, int a, int bit, bool set, int label);  /* on bit of a */
void jit_brbitr(jit_emit *e, int a, int idx, bool set, int label);  /* on bit idx & 63 */
void jit_bitr(jit_emit *e, int d, int a, int idx);  /* d = bit idx & 63 of a (0 or 1) */
/* doubles: loads at base+off / base+idx*8; a compare is false when either side is NaN
 * (NE: true), as C's */
void jit_ldf64(jit_emit *e, int fd, int base, int32_t off);
void jit_ldf64x(jit_emit *e, int fd, int base, int idx);
void jit_fbrcc(jit_emit *e, jit_cond c, int fa, int fb, int label);
/* if bit idx of the storage bitmap at base (bit idx & 7 of byte idx >> 3) is set/clear */
void jit_brbitmap(jit_emit *e, int base, int idx, bool set, int label);
void jit_call(jit_emit *e, const void *fn);  /* args in A0..A3; result to jit_retval */
void jit_retval(jit_emit *e, int d);         /* d = the last call's result */

/* used by the back ends: append, grow, patch */
void jit_put(jit_emit *e, const void *b, size_t n);
void jit_fix_add(jit_emit *e, int label);
void jit_arch_patch(jit_emit *e, uint32_t at, uint32_t target);   /* per back end */
void jit_flush_icache(void *p, size_t n);

/* ---- The filter-and-count kernel (filter.c) ----
 *
 * Rows begin..end-1 of int64 column vectors laid out as storage/ keeps them (stor_column
 * .i64, .nulls bit set = NULL; stor_table.dead bit set = deleted), filtered by a
 * conjunction of `col <op> constant`. Row r matches when it is not dead, is visible (when
 * the table keeps versions: stor_table.ver, see below) and, for every
 * conjunct, col is not NULL and col op constant holds (a NULL compares to nothing). A
 * NULL constant makes the conjunction never true: the caller does not run the kernel.
 * Constants and vectors are run-time arguments, so one compiled kernel serves every
 * execution of a kept plan whatever its literals. */
#define JIT_MAXCOLS 8
#define JIT_MAXCONDS 16
typedef enum jit_mode {
    JIT_COUNT,               /* return the number of matches */
    JIT_IDS,                 /* and write their row ids to ids[0..count) */
    JIT_CALL,                /* and call spec.fn(ctx, row) for each; nonzero stops: -1 */
} jit_mode;
typedef struct jit_conj { uint8_t col; uint8_t op; } jit_conj;   /* op: jit_cond */
typedef int (*jit_row_fn)(void *ctx, uint32_t row);
struct stor_table;
struct stor_ver;
typedef bool (*jit_vis_fn)(const struct stor_table *t, uint32_t row);   /* stor_ver_visible */
typedef struct jit_filter_spec {
    jit_mode mode;
    uint8_t ncols;
    bool nullable[JIT_MAXCOLS];    /* the kernel reads the column's NULL bitmap */
    bool has_dead;                 /* the kernel reads the dead-row bitmap */
    uint8_t nconj;
    jit_conj conj[JIT_MAXCONDS];
    jit_row_fn fn;                 /* JIT_CALL: the helper, called at its absolute address */
    jit_vis_fn vis;                /* versioned tables: a row whose stor_ver entry is not
                                      {0,0} is kept when vis(table, row) says so (storage's
                                      stor_ver_visible: the interpreter's own check) */
} jit_filter_spec;
typedef struct jit_scan {          /* the kernel's one argument; field offsets are ABI */
    const int64_t *col[JIT_MAXCOLS];
    const uint8_t *nulls[JIT_MAXCOLS];
    const uint8_t *dead;
    int64_t k[JIT_MAXCONDS];       /* the constants, one per conjunct */
    uint64_t begin, end;           /* row ids */
    uint32_t *ids;                 /* JIT_IDS: room for end - begin ids (slots past the
                                      count may be written: the kernel is branch-free) */
    void *ctx;                     /* JIT_CALL: the helper's first argument */
    const struct stor_ver *ver;    /* spec.vis: stor_table.ver, NULL when t->nver == 0 */
    const struct stor_table *table;   /* spec.vis's first argument */
} jit_scan;
typedef int64_t (*jit_filter_fn)(const jit_scan *s);
/* For the kernels (R0 = their state): if row's stor_ver entry (state + ver_off holds
 * stor_table.ver, NULL = none) is not {0,0} and vis_fn(state + table_off's table, row)
 * is false, goto next. */
void jit_emit_visible(jit_emit *e, int32_t ver_off, int32_t table_off, int row, jit_vis_fn vis_fn, int next);

/* Assemble the kernel into e (then jit_commit it). false: spec out of range or the
 * emitter failed. */
bool jit_filter_build(jit_emit *e, const jit_filter_spec *spec);
/* Assemble and commit; NULL when the arena is unusable or full (interpret instead). */
jit_block *jit_filter_compile(jit_arena *a, const jit_filter_spec *spec);

/* ---- The grouped-aggregate kernel (agg.c) ----
 *
 * The sink of a scan: for each row id of ids[pos..n) (rows the filter kernel let through),
 * the group of its key (one int64 column, or one group for the whole scan) is found in an
 * open-addressing hash table, or made, and the group's accumulators are updated. Groups
 * are numbered in the order they were made (so by their first row); the table and the
 * per-group arrays are the caller's (run-time arguments): when a new group would pass
 * `limit` (room, or the table's load), the kernel stops and returns 1 with pos at the row
 * that needs it; the caller grows the arrays (rehashing the slots) and calls again.
 *
 * Accumulators, per group, stride int64s (jit_agg_layout), per aggregate in order:
 *   COUNT_STAR: count           COUNT: count of non-NULL
 *   SUM:        sum (128 bits: low word, then high word, signed), count
 *   MIN, MAX:   best, count, the row id of the best (the first row with that value)
 * NULL values of an aggregate's column are skipped; a NULL key is a group of its own.
 *
 * An aggregate's value is its column's, or (agg.x > 0) the value of expression x - 1: a
 * postfix program over column slots and the constants state.k[] with wrapping 64-bit
 * add, subtract and multiply; a NULL in any column it reads skips the aggregate. The
 * caller proves from the columns' ranges that nothing wraps (an exact DECIMAL or integer
 * result, scales made equal by multiplying with constants), or does not use the kernel.
 * The key is state.key[row], or with key_pos state.key[pos] (a key the caller derived
 * for each listed row: several columns, strings by collation).
 *
 * Dense (spec.dense): when the caller knows every key lies in base..base + mask (a
 * column's value bounds), the slot of key k is k - base: no hash, no probe, no key
 * compare, and slots in order are groups in key order. The slots are not rehashed when
 * the groups grow. A key outside the range (bounds that were wrong) stops the kernel
 * with 2, pos at its row, and nothing written: the caller gives up on the kernel. */
#define JIT_AGG_MAX 8
#define JIT_AGG_XOPS 16            /* ops in an expression */
#define JIT_AGG_K 32               /* constants of all expressions */
enum { JIT_A_COUNT_STAR, JIT_A_COUNT, JIT_A_SUM, JIT_A_MIN, JIT_A_MAX };
enum { JIT_X_COL, JIT_X_K, JIT_X_ADD, JIT_X_SUB, JIT_X_MUL };
typedef struct jit_agg_op { uint8_t kind; uint8_t col; uint8_t x; } jit_agg_op;   /* col: state.col slot */
typedef struct jit_agg_xop { uint8_t op; uint8_t arg; } jit_agg_xop;   /* arg: a col slot, or a k index */
typedef struct jit_agg_expr { uint8_t n; jit_agg_xop op[JIT_AGG_XOPS]; } jit_agg_expr;
typedef struct jit_agg_spec {
    bool keyed;                    /* GROUP BY state.key (else one group) */
    bool key_nullable;
    bool key_pos;                  /* the key of ids[pos] is key[pos], not key[ids[pos]] */
    bool dense;                    /* keyed (not key_pos): slots[key - base] for every key in
                                      base..base + mask; a key outside returns 2 */
    bool prefetch;                 /* keyed (not key_pos): the slots and accumulators of
                                      rows ahead are prefetched (groups beyond the caches) */
    uint8_t ncols;
    bool nullable[JIT_AGG_MAX];
    uint8_t nagg;
    jit_agg_op agg[JIT_AGG_MAX];
    uint8_t nx;
    jit_agg_expr x[JIT_AGG_MAX];
} jit_agg_spec;
typedef struct jit_agg_state {     /* the kernel's one argument; field offsets are ABI */
    const uint32_t *ids;
    uint64_t n, pos;               /* ids[pos..n) to do; pos: in and out */
    const int64_t *key;
    const uint8_t *key_nulls;
    const int64_t *col[JIT_AGG_MAX];
    const uint8_t *nulls[JIT_AGG_MAX];
    int64_t k[JIT_AGG_K];          /* the expressions' constants */
    int64_t stk[JIT_AGG_XOPS];     /* the expressions' operand stack (the kernel's scratch) */
    uint32_t *slots;               /* mask + 1 of them: group + 1, 0 = empty */
    uint64_t mask, shift;          /* slot of key k: (k * JIT_AGG_HASH) >> shift */
    int64_t *keys;                 /* per group */
    uint32_t *first;               /* per group: its first row id */
    int64_t *acc;                  /* per group: stride accumulators */
    uint64_t stride_bytes;
    uint64_t ngroups, limit;
    int64_t null_group;            /* the NULL key's group, or -1 */
    int64_t base;                  /* dense: the key of slots[0] */
} jit_agg_state;
#define JIT_AGG_HASH 0x9E3779B97F4A7C15ull
typedef int64_t (*jit_agg_fn)(jit_agg_state *s);
/* Accumulator offsets (int64 index) per aggregate into off[]; returns the stride. */
int jit_agg_layout(const jit_agg_spec *spec, int off[JIT_AGG_MAX]);
bool jit_agg_build(jit_emit *e, const jit_agg_spec *spec);
jit_block *jit_agg_compile(jit_arena *a, const jit_agg_spec *spec);
/* The kernel's work in C (for code evicted between calls, and the tests' reference). */
int64_t jit_agg_xval(const jit_agg_expr *x, const jit_agg_state *s, uint32_t row);   /* (wrapping) */
int64_t jit_agg_c(const jit_agg_spec *spec, jit_agg_state *s);

/* ---- The lookup-join kernel (join.c) ----
 *
 * Rows of an outer table given as a list (in[0..n): an index lookup's candidates, or a
 * scan's row ids), each checked (not dead, visible, its side-0 conjuncts), then, with
 * spec.probe, the inner table's row with the same unique integer key found by a C helper
 * (probe_fn(pctx, key) = that row, visible, or -1; a NULL key finds none) and checked by
 * the side-1 conjuncts. A pair that passes is written to out[count], out2[count] (the
 * inner row; without a probe nothing) and counted. Conjuncts:
 *   JIT_JC_INT   col[row] op k, the column not NULL (as the filter's)
 *   JIT_JC_CODE  a string conjunct the interpreter decides: its answer for a pooled value
 *                (codes[row], 16-bit, 0 = not pooled) is memoised per execution in
 *                mkey/mres (slot code & 255: the code and its answer, 0/1), filled by
 *                ans_fn(actx[j], row), which is also asked for every unpooled or unknown
 *                value. A NULL (nulls bit) fails it first.
 * The conjuncts of each side run in the order given (all side 0 before the probe).
 * spec.multi: a key may find many rows (a non-unique index): probe_fn returns their count
 * and has put them in state.pbuf (in the order they are to be joined; when there are more
 * than pcap, none: helpers called from compiled code never allocate, so never raise);
 * each is checked and paired in turn. The kernel starts at in[pos] and returns when done
 * (pos = n) or when an outer row's matches did not fit in pbuf or might not fit in out
 * (matches > pcap, or count + matches > cap: pos is that row, need its match count): the
 * caller takes the pairs, makes room and calls again. */
#define JIT_JOIN_MEMO 256
enum { JIT_JC_INT, JIT_JC_CODE };
typedef struct jit_jcond { uint8_t side, kind, op; bool nullable; } jit_jcond;   /* op: jit_cond */
typedef int64_t (*jit_probe_fn)(void *pctx, int64_t key);
typedef struct jit_join_spec {
    bool probe, key_nullable, multi;
    uint8_t ncond;
    jit_jcond cond[JIT_MAXCONDS];
    jit_probe_fn probe_fn;
    jit_row_fn ans_fn;
    jit_vis_fn vis;                /* outer rows of a versioned table (as the filter's) */
} jit_join_spec;
typedef struct jit_join_state {    /* the kernel's one argument; field offsets are ABI */
    const uint32_t *in;
    uint64_t n, pos;               /* in[pos..n) to do; pos: in and out */
    uint32_t *out, *out2;          /* room for n each (multi: cap) */
    uint64_t cap, need;            /* multi: out's room; the matches that did not fit */
    const uint32_t *pbuf;          /* multi: the matches probe_fn found (the first pcap) */
    uint64_t pcap;
    uint64_t pn, pj;               /* multi: their count, the next one (kernel scratch) */
    const uint8_t *dead;           /* the outer table's */
    const struct stor_ver *ver;    /* the outer table's, NULL when it has no versions */
    const struct stor_table *table;
    const int64_t *key;            /* the outer key column (probe) */
    const uint8_t *key_nulls;
    void *pctx;
    const int64_t *col[JIT_MAXCONDS];
    const uint8_t *nulls[JIT_MAXCONDS];
    int64_t k[JIT_MAXCONDS];
    const uint16_t *codes[JIT_MAXCONDS];
    uint16_t *mkey[JIT_MAXCONDS];  /* JIT_JOIN_MEMO each, zeroed before the first run */
    uint8_t *mres[JIT_MAXCONDS];
    void *actx[JIT_MAXCONDS];
} jit_join_state;
typedef int64_t (*jit_join_fn)(const jit_join_state *s);
bool jit_join_build(jit_emit *e, const jit_join_spec *spec);
jit_block *jit_join_compile(jit_arena *a, const jit_join_spec *spec);
/* The kernel's work in C (evicted code, and the tests' reference). */
int64_t jit_join_c(const jit_join_spec *spec, jit_join_state *s);

#endif
