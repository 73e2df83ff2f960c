/* filter.c - the filter-and-count kernel: a scan over int64 column vectors with a
 * conjunction of `col <op> constant`, counting matches, writing their row ids, or calling
 * a C helper per match. Architecture-independent: it only calls the emitter.
 *
 *   R0 = the jit_scan, R1 = row, R2 = end, R3 = count, R4 = the keep mask,
 *   R5 = the first conjunct's column vector (the others are loaded from the jit_scan)
 *
 * The dead-row bitmap and the NULL bitmaps of the conjuncts' nullable columns are read a
 * byte (8 rows) at a time: OR-ed into the byte of rows to skip, a byte of 8 skipped rows
 * passed over whole, else inverted (rows to keep) and replicated into all 8 bytes of R4
 * so that bit (row & 63) of R4 is the row's (one bit test a row, no shifts).
 *
 *   if (row >= end) goto done; goto refill
 *   top:    if ((row & 7) == 0) goto refill
 *   check:  [versioned: if the row's stor_ver is not {0,0} and !vis(table, row) goto next]
 *           COUNT, IDS: A1 = R4 bit row & every (col[row] op k)    (no branches)
 *                       [IDS: ids[count] = row]; count += A1
 *           CALL:       if !(R4 bit row) or !(col[row] op k) for a conjunct, goto next
 *                       if (helper(ctx, row)) return -1; count++
 *   next:   row++; if (row < end) goto top
 *   done:   return count
 *   refill: skip = dead[row >> 3] | nulls_c[row >> 3] ...
 *           if (skip == 0xFF) { row = next multiple of 8; if (row < end) goto refill;
 *                               goto done }
 *           R4 = (0xFF - skip) * 0x0101010101010101; goto check */
#include "engine/jit/jit.h"
#include "storage/storage.h"
#include <stddef.h>
#include <stdlib.h>

static const jit_cond jit_negate[] = {
    [JIT_EQ] = JIT_NE, [JIT_NE] = JIT_EQ, [JIT_LT] = JIT_GE,
    [JIT_LE] = JIT_GT, [JIT_GT] = JIT_LE, [JIT_GE] = JIT_LT,
};

#define SCAN(f) ((int32_t)offsetof(jit_scan, f))

static bool jit_spec_valid(const jit_filter_spec *s)
{
    if (s->ncols > JIT_MAXCOLS || s->nconj > JIT_MAXCONDS || (s->nconj && !s->ncols))
        return false;
    if (s->mode > JIT_CALL || (s->mode == JIT_CALL && !s->fn)) return false;
    for (int i = 0; i < s->nconj; i++)
        if (s->conj[i].col >= s->ncols || s->conj[i].op > JIT_GE) return false;
    return true;
}

/* Versioned tables: a row whose stor_ver entry is not {0,0} goes to the interpreter's
 * own visibility check (rare rows: the branch is predictable); the ver pointer NULL =
 * none. The kernels' shared check (jit.h). */
void jit_emit_visible(jit_emit *e, int32_t ver_off, int32_t table_off, int row, jit_vis_fn vis_fn, int next)
{
    int vis = jit_label(e);
    jit_ld64(e, JIT_T2, JIT_R0, ver_off);
    jit_brz(e, JIT_T2, vis);
    jit_movi(e, JIT_T1, (int64_t)sizeof(struct stor_ver));
    jit_mul(e, JIT_T0, row, JIT_T1);
    jit_add(e, JIT_T2, JIT_T2, JIT_T0);
    jit_ld64(e, JIT_T0, JIT_T2, (int32_t)offsetof(struct stor_ver, xmin));
    jit_ld64(e, JIT_T1, JIT_T2, (int32_t)offsetof(struct stor_ver, xmax));
    jit_or(e, JIT_T0, JIT_T0, JIT_T1);
    jit_brz(e, JIT_T0, vis);
    jit_ld64(e, JIT_A0, JIT_R0, table_off);
    jit_mov(e, JIT_A1, row);
    jit_call(e, (const void *)vis_fn);
    jit_retval(e, JIT_T0);
    jit_andi(e, JIT_T0, JIT_T0, 0xFF);           /* a bool: its low byte */
    jit_brz(e, JIT_T0, next);
    jit_bind(e, vis);
}

static void jit_filter_visible(jit_emit *e, const jit_filter_spec *s, int next)
{
    jit_emit_visible(e, SCAN(ver), SCAN(table), JIT_R1, s->vis, next);
}

/* CALL: the conjuncts as branches to next. */
static void jit_filter_conds(jit_emit *e, const jit_filter_spec *s, int next)
{
    for (int k = 0; k < s->nconj; k++) {
        int c = s->conj[k].col, base = JIT_R5;
        if (c != s->conj[0].col) {
            jit_ld64(e, JIT_T2, JIT_R0, SCAN(col[c]));
            base = JIT_T2;
        }
        jit_ld64x(e, JIT_T0, base, JIT_R1);
        jit_ld64(e, JIT_T1, JIT_R0, SCAN(k[k]));
        jit_brcc(e, jit_negate[s->conj[k].op], JIT_T0, JIT_T1, next);
    }
}

/* COUNT and IDS: branch-free (no misprediction whatever the selectivity): A1 = the
 * row's keep bit AND every compare; IDS stores the row id at ids[count] whatever it is,
 * then count += A1 (a non-match is overwritten by the next row). Every vector slot below
 * end is readable, NULL or not. */
static void jit_filter_flat(jit_emit *e, const jit_filter_spec *s, bool masked)
{
    if (!s->nconj && !masked) jit_movi(e, JIT_A1, 1);   /* (no conjunct: every live row) */
    for (int k = 0; k < s->nconj; k++) {
        int c = s->conj[k].col, base = JIT_R5;
        if (c != s->conj[0].col) {
            jit_ld64(e, JIT_T2, JIT_R0, SCAN(col[c]));
            base = JIT_T2;
        }
        jit_ld64x(e, JIT_T0, base, JIT_R1);
        jit_ld64(e, JIT_T1, JIT_R0, SCAN(k[k]));
        jit_setcc(e, (jit_cond)s->conj[k].op, k || masked ? JIT_T0 : JIT_A1, JIT_T0, JIT_T1);
        if (k || masked) jit_and(e, JIT_A1, JIT_A1, JIT_T0);
    }
    if (s->mode == JIT_IDS) {
        jit_ld64(e, JIT_T2, JIT_R0, SCAN(ids));
        jit_st32x(e, JIT_R1, JIT_T2, JIT_R3);
    }
    jit_add(e, JIT_R3, JIT_R3, JIT_A1);
}

/* CALL: a match calls the helper (nonzero from it: return -1) and is counted. */
static void jit_filter_match(jit_emit *e, const jit_filter_spec *s, int stop)
{
    jit_ld64(e, JIT_A0, JIT_R0, SCAN(ctx));
    jit_mov(e, JIT_A1, JIT_R1);
    jit_call(e, (const void *)s->fn);
    jit_retval(e, JIT_T0);
    jit_andi(e, JIT_T0, JIT_T0, 0xFFFFFFFF);       /* the helper returns int: 32 bits */
    jit_brnz(e, JIT_T0, stop);
    jit_addi(e, JIT_R3, JIT_R3, 1);
}

/* Which columns' NULL bitmaps the mask takes: the nullable ones a conjunct reads. */
static int jit_filter_masked(const jit_filter_spec *s, bool used[JIT_MAXCOLS])
{
    int n = s->has_dead;
    for (int c = 0; c < JIT_MAXCOLS; c++) used[c] = false;
    for (int k = 0; k < s->nconj; k++) {
        int c = s->conj[k].col;
        if (s->nullable[c] && !used[c]) { used[c] = true; n++; }
    }
    return n;
}

/* R4 = the rows of row's byte to keep, replicated; or pass the byte when none is. */
static void jit_filter_refill(jit_emit *e, const jit_filter_spec *s, const bool used[],
                              int refill, int check, int done)
{
    int skip = jit_label(e);
    jit_shri(e, JIT_T1, JIT_R1, 3);
    jit_movi(e, JIT_R4, 0);
    if (s->has_dead) {
        jit_ld64(e, JIT_T2, JIT_R0, SCAN(dead));
        jit_ld8x(e, JIT_R4, JIT_T2, JIT_T1);
    }
    for (int c = 0; c < JIT_MAXCOLS; c++) {
        if (!used[c]) continue;
        jit_ld64(e, JIT_T2, JIT_R0, SCAN(nulls[c]));
        jit_ld8x(e, JIT_T0, JIT_T2, JIT_T1);
        jit_or(e, JIT_R4, JIT_R4, JIT_T0);
    }
    jit_movi(e, JIT_T0, 0xFF);
    jit_brcc(e, JIT_EQ, JIT_R4, JIT_T0, skip);
    jit_sub(e, JIT_R4, JIT_T0, JIT_R4);      /* the rows to keep: 0xFF - skip = ~skip */
    jit_movi(e, JIT_T0, 0x0101010101010101);
    jit_mul(e, JIT_R4, JIT_R4, JIT_T0);
    jit_br(e, check);
    jit_bind(e, skip);                       /* row = the next byte's first row */
    jit_andi(e, JIT_R1, JIT_R1, ~(int64_t)7);
    jit_addi(e, JIT_R1, JIT_R1, 8);
    jit_brcc(e, JIT_LT, JIT_R1, JIT_R2, refill);
    jit_br(e, done);
}

bool jit_filter_build(jit_emit *e, const jit_filter_spec *s)
{
    if (!jit_spec_valid(s)) return false;
    int top = jit_label(e), check = jit_label(e), next = jit_label(e), done = jit_label(e),
        stop = jit_label(e), refill = jit_label(e);
    bool used[JIT_MAXCOLS];
    bool masked = jit_filter_masked(s, used) > 0;
    jit_prologue(e);
    jit_mov(e, JIT_R0, JIT_A0);
    jit_ld64(e, JIT_R1, JIT_R0, SCAN(begin));
    jit_ld64(e, JIT_R2, JIT_R0, SCAN(end));
    jit_movi(e, JIT_R3, 0);
    if (s->nconj) jit_ld64(e, JIT_R5, JIT_R0, SCAN(col[s->conj[0].col]));
    jit_brcc(e, JIT_GE, JIT_R1, JIT_R2, done);
    if (masked) jit_br(e, refill);
    jit_bind(e, top);
    if (masked) {
        jit_andi(e, JIT_T0, JIT_R1, 7);
        jit_brz(e, JIT_T0, refill);
    }
    jit_bind(e, check);
    if (s->mode != JIT_CALL) {
        if (s->vis) jit_filter_visible(e, s, next);   /* first: the call clobbers A1 */
        if (masked) jit_bitr(e, JIT_A1, JIT_R4, JIT_R1);
        jit_filter_flat(e, s, masked);
    } else {
        if (masked) jit_brbitr(e, JIT_R4, JIT_R1, false, next);
        if (s->vis) jit_filter_visible(e, s, next);
        jit_filter_conds(e, s, next);
        jit_filter_match(e, s, stop);
    }
    jit_bind(e, next);
    jit_addi(e, JIT_R1, JIT_R1, 1);
    jit_brcc(e, JIT_LT, JIT_R1, JIT_R2, top);
    jit_bind(e, done);
    jit_ret(e, JIT_R3);
    jit_bind(e, stop);
    jit_movi(e, JIT_T0, -1);
    jit_ret(e, JIT_T0);
    jit_bind(e, refill);
    if (masked) jit_filter_refill(e, s, used, refill, check, done);
    return jit_finish(e);
}

static bool build_filter(jit_emit *e, const void *spec) { return jit_filter_build(e, spec); }

jit_block *jit_filter_compile(jit_arena *a, const jit_filter_spec *s)
{
    return jit_assemble(a, build_filter, s);
}
