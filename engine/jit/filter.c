/* filter.c - the filter-and-count kernel: a scan over int64 column vectors with a
 * conjunction of `col <op> constant`, counting matches, writing their row ids, or calling
 * a C helper per match. Architecture-independent: it only calls the emitter.
 *
 *   R0 = the jit_scan, R1 = row, R2 = end, R3 = count, R4 = dead bitmap,
 *   R5 = the first conjunct's column vector (the others are loaded from the jit_scan)
 *
 *   if (row >= end) goto done
 *   top:  if dead(row) goto next
 *         for each conjunct: if NULL(col, row) or !(col[row] op k) goto next
 *         match (count / store id / call helper)   (COUNT: count += last compare)
 *   next: row++; if (row < end) goto top
 *   done: return count */
#include "engine/jit/jit.h"
#include <stddef.h>
#include <stdlib.h>

static const jit_cond jit_negate[] = {
    [JIT_EQ] = JIT_NE, [JIT_NE] = JIT_EQ, [JIT_LT] = JIT_GE,
    [JIT_LE] = JIT_GT, [JIT_GT] = JIT_LE, [JIT_GE] = JIT_LT,
};

#define SCAN(f) ((int32_t)offsetof(jit_scan, f))

static bool jit_spec_valid(const jit_filter_spec *s)
{
    if (s->ncols == 0 || s->ncols > JIT_MAXCOLS || s->nconj == 0 || s->nconj > JIT_MAXCONDS)
        return false;
    if (s->mode > JIT_CALL || (s->mode == JIT_CALL && !s->fn)) return false;
    for (int i = 0; i < s->nconj; i++)
        if (s->conj[i].col >= s->ncols || s->conj[i].op > JIT_GE) return false;
    return true;
}

/* The conjunct checks; a column's NULL bit is tested at its first conjunct only. In
 * COUNT mode the last compare is added to the count instead of branched on (no
 * misprediction at a selectivity near 50%); the caller then skips jit_filter_match. */
static void jit_filter_conds(jit_emit *e, const jit_filter_spec *s, int next)
{
    bool null_done[JIT_MAXCOLS] = { false };
    int c0 = s->conj[0].col;
    for (int k = 0; k < s->nconj; k++) {
        int c = s->conj[k].col;
        if (s->nullable[c] && !null_done[c]) {
            jit_ld64(e, JIT_T2, JIT_R0, SCAN(nulls[c]));
            jit_brbitmap(e, JIT_T2, JIT_R1, true, next);
            null_done[c] = true;
        }
        int base = JIT_R5;
        if (c != c0) {
            jit_ld64(e, JIT_T2, JIT_R0, SCAN(col[c]));
            base = JIT_T2;
        }
        jit_ld64x(e, JIT_T0, base, JIT_R1);
        jit_ld64(e, JIT_T1, JIT_R0, SCAN(k[k]));
        if (s->mode == JIT_COUNT && k == s->nconj - 1) {
            jit_setcc(e, (jit_cond)s->conj[k].op, JIT_T0, JIT_T0, JIT_T1);
            jit_add(e, JIT_R3, JIT_R3, JIT_T0);
        } else {
            jit_brcc(e, jit_negate[s->conj[k].op], JIT_T0, JIT_T1, next);
        }
    }
}

/* A match: count it, store its id, or call the helper (nonzero from it: return -1). */
static void jit_filter_match(jit_emit *e, const jit_filter_spec *s, int stop)
{
    if (s->mode == JIT_IDS) {
        jit_ld64(e, JIT_T2, JIT_R0, SCAN(ids));
        jit_st32x(e, JIT_R1, JIT_T2, JIT_R3);
    } else if (s->mode == JIT_CALL) {
        jit_ld64(e, JIT_A0, JIT_R0, SCAN(ctx));
        jit_mov(e, JIT_A1, JIT_R1);
        jit_call(e, (const void *)s->fn);
        jit_retval(e, JIT_T0);
        jit_andi(e, JIT_T0, JIT_T0, 0xFFFFFFFF);   /* the helper returns int: 32 bits */
        jit_brnz(e, JIT_T0, stop);
    }
    jit_addi(e, JIT_R3, JIT_R3, 1);
}

bool jit_filter_build(jit_emit *e, const jit_filter_spec *s)
{
    if (!jit_spec_valid(s)) return false;
    int top = jit_label(e), next = jit_label(e), done = jit_label(e), stop = jit_label(e);
    jit_prologue(e);
    jit_mov(e, JIT_R0, JIT_A0);
    jit_ld64(e, JIT_R1, JIT_R0, SCAN(begin));
    jit_ld64(e, JIT_R2, JIT_R0, SCAN(end));
    jit_movi(e, JIT_R3, 0);
    if (s->has_dead) jit_ld64(e, JIT_R4, JIT_R0, SCAN(dead));
    jit_ld64(e, JIT_R5, JIT_R0, SCAN(col[s->conj[0].col]));
    jit_brcc(e, JIT_GE, JIT_R1, JIT_R2, done);
    jit_bind(e, top);
    if (s->has_dead) jit_brbitmap(e, JIT_R4, JIT_R1, true, next);
    jit_filter_conds(e, s, next);
    if (s->mode != JIT_COUNT) jit_filter_match(e, s, stop);
    jit_bind(e, next);
    jit_addi(e, JIT_R1, JIT_R1, 1);
    jit_brcc(e, JIT_LT, JIT_R1, JIT_R2, top);
    jit_bind(e, done);
    jit_ret(e, JIT_R3);
    jit_bind(e, stop);
    jit_movi(e, JIT_T0, -1);
    jit_ret(e, JIT_T0);
    return jit_finish(e);
}

jit_block *jit_filter_compile(jit_arena *a, const jit_filter_spec *s)
{
    if (!jit_arena_ok(a)) return NULL;
    jit_emit e;
    jit_emit_init(&e);
    jit_block *b = NULL;
    if (jit_filter_build(&e, s)) {
        const uint8_t *code = e.p;
        size_t len = e.len;
        jit_commit(a, &code, &len, 1, &b);
    }
    jit_emit_done(&e);
    return b;
}
