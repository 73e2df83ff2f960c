/* join.c - the lookup-join kernel (jit.h): a list of outer rows, their conjuncts, a probe
 * of the inner table's unique integer key through a C helper, the inner row's conjuncts,
 * the pairs that pass. Architecture-independent: it only calls the emitter.
 *
 *   R0 = the jit_join_state, R1 = i (from pos), R2 = n, R3 = count, R4 = outer row,
 *   R5 = inner row (multi: the match index and count live in the state, pj and pn)
 *
 *   loop:  if (i >= n) goto done
 *          R4 = in[i]
 *          if dead(R4) goto next; [versioned: if ver(R4) != {0,0} && !vis(table, R4) goto next]
 *          side-0 conjuncts on R4 (each failing: goto next)
 *          [probe: if key NULL goto next; R5 = probe_fn(pctx, key[R4]); if R5 < 0 goto next
 *           side-1 conjuncts on R5]
 *          [multi probe: m = probe_fn(...); if m == 0 goto next; if m > pcap or count + m > cap
 *           goto full;
 *           for each R5 of pbuf[0..m): side-1 conjuncts, pair]
 *          out[count] = R4; [out2[count] = R5]; count++
 *   next:  i++; goto loop
 *   done, full: pos = i; return count
 *
 * A JIT_JC_CODE conjunct: T0 = codes[row]; if T0 == 0 goto ask; slot = T0 & 255;
 * if mkey[slot] != T0 goto ask; answer = mres[slot]; goto have;
 * ask: answer = ans_fn(actx, row) (it fills the memo); have: if !answer goto next. */
#include "engine/jit/jit.h"
#include "storage/storage.h"
#include <stddef.h>

#define ST(f) ((int32_t)offsetof(jit_join_state, f))

static const jit_cond negate[] = {
    [JIT_EQ] = JIT_NE, [JIT_NE] = JIT_EQ, [JIT_LT] = JIT_GE,
    [JIT_LE] = JIT_GT, [JIT_GT] = JIT_LE, [JIT_GE] = JIT_LT,
};

static bool spec_valid(const jit_join_spec *s)
{
    if (s->ncond > JIT_MAXCONDS || (s->probe && !s->probe_fn)) return false;
    for (int j = 0; j < s->ncond; j++) {
        const jit_jcond *c = &s->cond[j];
        if (c->side > 1 || (c->side && !s->probe) || c->op > JIT_GE || c->kind > JIT_JC_CODE) return false;
        if (c->kind == JIT_JC_CODE && !s->ans_fn) return false;
    }
    return true;
}

/* if bit row of the bitmap state.field (a pointer) is set, goto next */
static void br_bitmap_field(jit_emit *e, int32_t field, int row, int next)
{
    jit_ld64(e, JIT_T2, JIT_R0, field);
    jit_brbitmap(e, JIT_T2, row, true, next);
}

static void emit_code_cond(jit_emit *e, const jit_join_spec *s, int j, int row, int next)
{
    int ask = jit_label(e), have = jit_label(e);
    jit_ld64(e, JIT_T2, JIT_R0, ST(codes[j]));
    jit_ld16x(e, JIT_T0, JIT_T2, row);
    jit_brz(e, JIT_T0, ask);
    jit_andi(e, JIT_T1, JIT_T0, JIT_JOIN_MEMO - 1);
    jit_ld64(e, JIT_T2, JIT_R0, ST(mkey[j]));
    jit_ld16x(e, JIT_T2, JIT_T2, JIT_T1);
    jit_brcc(e, JIT_NE, JIT_T2, JIT_T0, ask);
    jit_ld64(e, JIT_T2, JIT_R0, ST(mres[j]));
    jit_ld8x(e, JIT_T0, JIT_T2, JIT_T1);
    jit_br(e, have);
    jit_bind(e, ask);
    jit_ld64(e, JIT_A0, JIT_R0, ST(actx[j]));
    jit_mov(e, JIT_A1, row);
    jit_call(e, (const void *)s->ans_fn);
    jit_retval(e, JIT_T0);
    jit_andi(e, JIT_T0, JIT_T0, 0xFFFFFFFF);     /* the helper returns int */
    jit_bind(e, have);
    jit_brz(e, JIT_T0, next);
}

static void emit_conds(jit_emit *e, const jit_join_spec *s, int side, int row, int next)
{
    for (int j = 0; j < s->ncond; j++) {
        const jit_jcond *c = &s->cond[j];
        if (c->side != side) continue;
        if (c->nullable) br_bitmap_field(e, ST(nulls[j]), row, next);
        if (c->kind == JIT_JC_CODE) {
            emit_code_cond(e, s, j, row, next);
            continue;
        }
        jit_ld64(e, JIT_T2, JIT_R0, ST(col[j]));
        jit_ld64x(e, JIT_T0, JIT_T2, row);
        jit_ld64(e, JIT_T1, JIT_R0, ST(k[j]));
        jit_brcc(e, negate[c->op], JIT_T0, JIT_T1, next);
    }
}

/* the pair (R4, R5) out, counted */
static void emit_pair(jit_emit *e, const jit_join_spec *s)
{
    jit_ld64(e, JIT_T2, JIT_R0, ST(out));
    jit_st32x(e, JIT_R4, JIT_T2, JIT_R3);
    if (s->probe) {
        jit_ld64(e, JIT_T2, JIT_R0, ST(out2));
        jit_st32x(e, JIT_R5, JIT_T2, JIT_R3);
    }
    jit_addi(e, JIT_R3, JIT_R3, 1);
}

static void emit_probe_call(jit_emit *e, const jit_join_spec *s, int next)
{
    if (s->key_nullable) br_bitmap_field(e, ST(key_nulls), JIT_R4, next);
    jit_ld64(e, JIT_T2, JIT_R0, ST(key));
    jit_ld64x(e, JIT_A1, JIT_T2, JIT_R4);
    jit_ld64(e, JIT_A0, JIT_R0, ST(pctx));
    jit_call(e, (const void *)s->probe_fn);
}

/* unique: R5 = the row (< 0: none), its conjuncts, the pair */
static void emit_probe(jit_emit *e, const jit_join_spec *s, int next)
{
    emit_probe_call(e, s, next);
    jit_retval(e, JIT_R5);
    jit_movi(e, JIT_T0, 0);
    jit_brcc(e, JIT_LT, JIT_R5, JIT_T0, next);
    emit_conds(e, s, 1, JIT_R5, next);
    emit_pair(e, s);
}

/* multi: T0 = the match count; need = T0; if T0 > pcap or count + T0 > cap goto full; then each match
 * R5 = pbuf[pj++] through the conjuncts to a pair */
static void emit_probe_multi(jit_emit *e, const jit_join_spec *s, int next, int full)
{
    int inner = jit_label(e);
    emit_probe_call(e, s, next);
    jit_retval(e, JIT_T0);
    jit_brz(e, JIT_T0, next);
    jit_st64(e, JIT_T0, JIT_R0, ST(need));
    jit_ld64(e, JIT_T1, JIT_R0, ST(pcap));
    jit_brcc(e, JIT_GT, JIT_T0, JIT_T1, full);
    jit_add(e, JIT_T1, JIT_R3, JIT_T0);
    jit_ld64(e, JIT_T2, JIT_R0, ST(cap));
    jit_brcc(e, JIT_GT, JIT_T1, JIT_T2, full);
    jit_st64(e, JIT_T0, JIT_R0, ST(pn));
    jit_movi(e, JIT_T0, 0);
    jit_st64(e, JIT_T0, JIT_R0, ST(pj));
    jit_bind(e, inner);
    jit_ld64(e, JIT_T0, JIT_R0, ST(pj));
    jit_ld64(e, JIT_T1, JIT_R0, ST(pn));
    jit_brcc(e, JIT_GE, JIT_T0, JIT_T1, next);
    jit_ld64(e, JIT_T2, JIT_R0, ST(pbuf));
    jit_ld32x(e, JIT_R5, JIT_T2, JIT_T0);
    jit_addi(e, JIT_T0, JIT_T0, 1);
    jit_st64(e, JIT_T0, JIT_R0, ST(pj));
    emit_conds(e, s, 1, JIT_R5, inner);
    emit_pair(e, s);
    jit_br(e, inner);
}

bool jit_join_build(jit_emit *e, const jit_join_spec *s)
{
    if (!spec_valid(s)) return false;
    int loop = jit_label(e), next = jit_label(e), done = jit_label(e), full = jit_label(e);
    jit_prologue(e);
    jit_mov(e, JIT_R0, JIT_A0);
    jit_ld64(e, JIT_R1, JIT_R0, ST(pos));
    jit_ld64(e, JIT_R2, JIT_R0, ST(n));
    jit_movi(e, JIT_R3, 0);
    jit_bind(e, loop);
    jit_brcc(e, JIT_GE, JIT_R1, JIT_R2, done);
    jit_ld64(e, JIT_T2, JIT_R0, ST(in));
    jit_ld32x(e, JIT_R4, JIT_T2, JIT_R1);
    br_bitmap_field(e, ST(dead), JIT_R4, next);
    if (s->vis) jit_emit_visible(e, ST(ver), ST(table), JIT_R4, s->vis, next);
    emit_conds(e, s, 0, JIT_R4, next);
    if (s->probe && s->multi) emit_probe_multi(e, s, next, full);
    else if (s->probe) emit_probe(e, s, next);
    else emit_pair(e, s);
    jit_bind(e, next);
    jit_addi(e, JIT_R1, JIT_R1, 1);
    jit_br(e, loop);
    jit_bind(e, done);
    jit_bind(e, full);                 /* (pos = the row whose matches did not fit) */
    jit_st64(e, JIT_R1, JIT_R0, ST(pos));
    jit_ret(e, JIT_R3);
    return jit_finish(e);
}

static bool build_join(jit_emit *e, const void *spec) { return jit_join_build(e, spec); }

jit_block *jit_join_compile(jit_arena *a, const jit_join_spec *s)
{
    return jit_assemble(a, build_join, s);
}

/* ---- the C twin ---- */

static bool bit(const uint8_t *m, uint32_t r) { return m[r >> 3] >> (r & 7) & 1; }

static bool cmp_c(jit_cond op, int64_t x, int64_t y)
{
    switch (op) {
    case JIT_EQ: return x == y;
    case JIT_NE: return x != y;
    case JIT_LT: return x < y;
    case JIT_LE: return x <= y;
    case JIT_GT: return x > y;
    default:     return x >= y;
    }
}

static bool conds_c(const jit_join_spec *sp, const jit_join_state *s, int side, uint32_t row)
{
    for (int j = 0; j < sp->ncond; j++) {
        const jit_jcond *c = &sp->cond[j];
        if (c->side != side) continue;
        if (c->nullable && bit(s->nulls[j], row)) return false;
        if (c->kind == JIT_JC_INT) {
            if (!cmp_c((jit_cond)c->op, s->col[j][row], s->k[j])) return false;
            continue;
        }
        uint16_t code = s->codes[j][row];
        uint32_t slot = code & (JIT_JOIN_MEMO - 1);
        int ans = code && s->mkey[j][slot] == code ? s->mres[j][slot] : sp->ans_fn(s->actx[j], row);
        if (!ans) return false;
    }
    return true;
}

int64_t jit_join_c(const jit_join_spec *sp, jit_join_state *s)
{
    int64_t n = 0;
    uint64_t i = s->pos;
    for (; i < s->n; i++) {
        uint32_t r = s->in[i];
        if (bit(s->dead, r)) continue;
        if (sp->vis && s->ver && (s->ver[r].xmin | s->ver[r].xmax) && !sp->vis(s->table, r)) continue;
        if (!conds_c(sp, s, 0, r)) continue;
        if (!sp->probe) { s->out[n++] = r; continue; }
        if (sp->key_nullable && bit(s->key_nulls, r)) continue;
        int64_t r2 = sp->probe_fn(s->pctx, s->key[r]);
        if (!sp->multi) {
            if (r2 < 0 || !conds_c(sp, s, 1, (uint32_t)r2)) continue;
            s->out2[n] = (uint32_t)r2;
            s->out[n++] = r;
            continue;
        }
        if (r2 == 0) continue;
        s->need = (uint64_t)r2;
        if ((uint64_t)r2 > s->pcap || (uint64_t)n + (uint64_t)r2 > s->cap) break;
        for (int64_t j = 0; j < r2; j++) {
            uint32_t m = s->pbuf[j];
            if (!conds_c(sp, s, 1, m)) continue;
            s->out2[n] = m;
            s->out[n++] = r;
        }
    }
    s->pos = i;
    return n;
}
