/* agg.c - the grouped-aggregate kernel (jit.h): the sink after the filter kernel, a hash
 * update per row. Architecture-independent: it only calls the emitter.
 *
 *   R0 = the jit_agg_state, R1 = pos, R2 = n, R3 = row, R4 = key, R5 = slot
 *   A0 = the group's accumulators, A1 = slots, A2 = keys, A3 = mask while a group is
 *   found, scratch in the updates (no calls are made)
 *
 *   top:    if (pos >= n) goto done; row = ids[pos]
 *           keyed:  if key NULL goto nullkey; key = key[row] (key[pos] with key_pos)
 *                   slot = (key * JIT_AGG_HASH) >> shift
 *           probe:  g = slots[slot]; if (g == 0) goto make
 *                   if (keys[--g] == key) goto found; slot = (slot + 1) & mask; goto probe
 *           make:   g = a new group (or stop); slots[slot] = g + 1; keys[g] = key; goto update
 *           dense:  slot = key - base (outside 0..mask: return 2); g = slots[slot] - 1, or
 *                   made as above
 *           nullkey: g = null_group, or a new group (or stop) that becomes it
 *           one group: g = 0, made at the first row
 *   found:  A0 = acc + g * stride
 *   update: the aggregates' accumulators (a NULL value skips its aggregate); a value is
 *           a column's, or an expression's (T1 = top of its stack, the rest in state.stk)
 *           pos++; goto top
 *   stop:   state.pos = pos; return 1        done: state.pos = pos; return 0 */
#include "engine/jit/jit.h"
#include <stddef.h>
#include <stdint.h>

#define ST(f) ((int32_t)offsetof(jit_agg_state, f))

int jit_agg_layout(const jit_agg_spec *s, int off[JIT_AGG_MAX])
{
    int n = 0;
    for (int i = 0; i < s->nagg && i < JIT_AGG_MAX; i++) {
        off[i] = n;
        n += s->agg[i].kind >= JIT_A_SUM ? 3 : 1;
    }
    return n;
}

/* A program that leaves one value, reading slots and constants that exist. */
static bool expr_valid(const jit_agg_spec *s, const jit_agg_expr *x)
{
    int d = 0;
    if (x->n < 1 || x->n > JIT_AGG_XOPS) return false;
    for (int i = 0; i < x->n; i++) {
        jit_agg_xop o = x->op[i];
        if (o.op == JIT_X_COL) { if (o.arg >= s->ncols) return false; d++; }
        else if (o.op == JIT_X_K) { if (o.arg >= JIT_AGG_K) return false; d++; }
        else if (o.op <= JIT_X_MUL) { if (d < 2) return false; d--; }
        else return false;
    }
    return d == 1;
}

static bool spec_valid(const jit_agg_spec *s)
{
    if (s->ncols > JIT_AGG_MAX || s->nagg > JIT_AGG_MAX || s->nx > JIT_AGG_MAX) return false;
    if (s->key_pos && (!s->keyed || s->key_nullable)) return false;
    if ((s->dense || s->prefetch) && (!s->keyed || s->key_pos)) return false;
    for (int i = 0; i < s->nx; i++) if (!expr_valid(s, &s->x[i])) return false;
    for (int i = 0; i < s->nagg; i++) {
        if (s->agg[i].kind > JIT_A_MAX || s->agg[i].x > s->nx) return false;
        if (s->agg[i].kind != JIT_A_COUNT_STAR && !s->agg[i].x && s->agg[i].col >= s->ncols) return false;
    }
    return true;
}

/* A0 = acc + T0 * stride_bytes (T0 = the group) */
static void acc_base(jit_emit *e)
{
    jit_ld64(e, JIT_T1, JIT_R0, ST(stride_bytes));
    jit_mul(e, JIT_T1, JIT_T0, JIT_T1);
    jit_ld64(e, JIT_T2, JIT_R0, ST(acc));
    jit_add(e, JIT_A0, JIT_T2, JIT_T1);
}

/* T0 = a new group (its first row, zeroed accumulators: A0), T1 = T0 + 1; or stop when
 * it would pass the limit. */
static void new_group(jit_emit *e, int stride, int stop)
{
    jit_ld64(e, JIT_T0, JIT_R0, ST(ngroups));
    jit_ld64(e, JIT_T1, JIT_R0, ST(limit));
    jit_brcc(e, JIT_GE, JIT_T0, JIT_T1, stop);
    jit_ld64(e, JIT_T2, JIT_R0, ST(first));
    jit_st32x(e, JIT_R3, JIT_T2, JIT_T0);
    acc_base(e);
    jit_movi(e, JIT_T1, 0);
    for (int k = 0; k < stride; k++) jit_st64(e, JIT_T1, JIT_A0, k * 8);
    jit_addi(e, JIT_T1, JIT_T0, 1);
    jit_st64(e, JIT_T1, JIT_R0, ST(ngroups));
}

/* d = key - base, to out when outside 0..mask (T1 scratch). */
static void dense_slot(jit_emit *e, int d, int key, int out)
{
    jit_ld64(e, JIT_T1, JIT_R0, ST(base));
    jit_sub(e, d, key, JIT_T1);
    jit_movi(e, JIT_T1, 0);
    jit_brcc(e, JIT_LT, d, JIT_T1, out);
    jit_ld64(e, JIT_T1, JIT_R0, ST(mask));
    jit_brcc(e, JIT_GT, d, JIT_T1, out);
}

/* Dense: slot R5 = key - base, checked against 0..mask (else goto range); T0 = its
 * group, found or made (then goto update). */
static void dense_group(jit_emit *e, int stride, int found, int update, int stop, int range)
{
    int make = jit_label(e);
    dense_slot(e, JIT_R5, JIT_R4, range);
    jit_ld64(e, JIT_A1, JIT_R0, ST(slots));
    jit_ld32x(e, JIT_T0, JIT_A1, JIT_R5);
    jit_brz(e, JIT_T0, make);
    jit_addi(e, JIT_T0, JIT_T0, -1);
    jit_br(e, found);
    jit_bind(e, make);
    new_group(e, stride, stop);
    jit_ld64(e, JIT_A1, JIT_R0, ST(slots));
    jit_st32x(e, JIT_T1, JIT_A1, JIT_R5);
    jit_ld64(e, JIT_A2, JIT_R0, ST(keys));
    jit_st64x(e, JIT_R4, JIT_A2, JIT_T0);
    jit_br(e, update);
}

/* The group of a non-NULL key: found in the table or made (then goto update). */
static void keyed_group(jit_emit *e, const jit_agg_spec *s, int stride, int found, int update, int stop,
                        int nullkey, int range)
{
    int probe = jit_label(e), make = jit_label(e);
    if (s->key_nullable) {
        jit_ld64(e, JIT_T2, JIT_R0, ST(key_nulls));
        jit_brbitmap(e, JIT_T2, JIT_R3, true, nullkey);
    }
    jit_ld64(e, JIT_T2, JIT_R0, ST(key));
    jit_ld64x(e, JIT_R4, JIT_T2, s->key_pos ? JIT_R1 : JIT_R3);
    if (s->dense) {
        dense_group(e, stride, found, update, stop, range);
        return;
    }
    jit_movi(e, JIT_T1, (int64_t)JIT_AGG_HASH);
    jit_mul(e, JIT_R5, JIT_R4, JIT_T1);
    jit_ld64(e, JIT_T1, JIT_R0, ST(shift));
    jit_shr(e, JIT_R5, JIT_R5, JIT_T1);
    jit_ld64(e, JIT_A1, JIT_R0, ST(slots));
    jit_ld64(e, JIT_A2, JIT_R0, ST(keys));
    jit_ld64(e, JIT_A3, JIT_R0, ST(mask));
    jit_bind(e, probe);
    jit_ld32x(e, JIT_T0, JIT_A1, JIT_R5);
    jit_brz(e, JIT_T0, make);
    jit_addi(e, JIT_T0, JIT_T0, -1);
    jit_ld64x(e, JIT_T1, JIT_A2, JIT_T0);
    jit_brcc(e, JIT_EQ, JIT_T1, JIT_R4, found);
    jit_addi(e, JIT_R5, JIT_R5, 1);
    jit_and(e, JIT_R5, JIT_R5, JIT_A3);
    jit_br(e, probe);
    jit_bind(e, make);
    new_group(e, stride, stop);
    jit_st32x(e, JIT_T1, JIT_A1, JIT_R5);
    jit_st64x(e, JIT_R4, JIT_A2, JIT_T0);
    jit_br(e, update);
}

/* T0 = the slot of row ids[T0]'s key (a NULL key's value is whatever its column holds:
 * harmless, the slot is only prefetched or peeked at); to skip when outside the slots. */
static void ahead_slot(jit_emit *e, const jit_agg_spec *s, int skip)
{
    jit_ld64(e, JIT_T1, JIT_R0, ST(ids));
    jit_ld32x(e, JIT_T0, JIT_T1, JIT_T0);
    jit_ld64(e, JIT_T1, JIT_R0, ST(key));
    jit_ld64x(e, JIT_T0, JIT_T1, JIT_T0);
    if (s->dense) {
        dense_slot(e, JIT_T0, JIT_T0, skip);
    } else {
        jit_movi(e, JIT_T1, (int64_t)JIT_AGG_HASH);
        jit_mul(e, JIT_T0, JIT_T0, JIT_T1);
        jit_ld64(e, JIT_T1, JIT_R0, ST(shift));
        jit_shr(e, JIT_T0, JIT_T0, JIT_T1);
    }
}

/* With many groups each row waits for its slot and then its accumulators: prefetch the
 * slot of row pos + 16 and the accumulators of row pos + 8 (whose slot should be in
 * cache by now; a hashed key's first probe only). Clobbers T0..T2, A0, A1. */
#define AHEAD 16
static void prefetch_ahead(jit_emit *e, const jit_agg_spec *s)
{
    int skip = jit_label(e);
    jit_addi(e, JIT_T0, JIT_R1, AHEAD);
    jit_brcc(e, JIT_GE, JIT_T0, JIT_R2, skip);
    ahead_slot(e, s, skip);
    jit_ld64(e, JIT_A1, JIT_R0, ST(slots));
    jit_add(e, JIT_T0, JIT_T0, JIT_T0);
    jit_add(e, JIT_T0, JIT_T0, JIT_T0);
    jit_add(e, JIT_T0, JIT_A1, JIT_T0);
    jit_prefetch(e, JIT_T0, 0);
    jit_addi(e, JIT_T0, JIT_R1, AHEAD / 2);
    ahead_slot(e, s, skip);
    jit_ld32x(e, JIT_T0, JIT_A1, JIT_T0);
    jit_brz(e, JIT_T0, skip);
    jit_addi(e, JIT_T0, JIT_T0, -1);
    acc_base(e);
    jit_prefetch(e, JIT_A0, 0);
    jit_bind(e, skip);
}

/* The NULL key's group (or the one group of an unkeyed scan: null_group starts at -1). */
static void single_group(jit_emit *e, int stride, int found, int update, int stop)
{
    jit_ld64(e, JIT_T0, JIT_R0, ST(null_group));
    jit_movi(e, JIT_T1, 0);
    jit_brcc(e, JIT_GE, JIT_T0, JIT_T1, found);
    new_group(e, stride, stop);
    jit_st64(e, JIT_T0, JIT_R0, ST(null_group));
    jit_br(e, update);
}

static void inc(jit_emit *e, int32_t off)
{
    jit_ld64(e, JIT_T2, JIT_A0, off);
    jit_addi(e, JIT_T2, JIT_T2, 1);
    jit_st64(e, JIT_T2, JIT_A0, off);
}

/* Branch to skip when a column the aggregate reads is NULL in row R3. */
static void null_skip(jit_emit *e, const jit_agg_spec *s, int col, int skip)
{
    if (!s->nullable[col]) return;
    jit_ld64(e, JIT_T2, JIT_R0, ST(nulls[col]));
    jit_brbitmap(e, JIT_T2, JIT_R3, true, skip);
}

/* T1 = expression x at row R3. The top of the operand stack stays in T1, the entries
 * below it in state.stk; T2 is scratch. */
static void expr_value(jit_emit *e, const jit_agg_expr *x)
{
    int d = 0;
    for (int i = 0; i < x->n; i++) {
        jit_agg_xop o = x->op[i];
        if (o.op == JIT_X_COL || o.op == JIT_X_K) {
            if (d) jit_st64(e, JIT_T1, JIT_R0, ST(stk[d - 1]));
            if (o.op == JIT_X_COL) {
                jit_ld64(e, JIT_T2, JIT_R0, ST(col[o.arg]));
                jit_ld64x(e, JIT_T1, JIT_T2, JIT_R3);
            } else {
                jit_ld64(e, JIT_T1, JIT_R0, ST(k[o.arg]));
            }
            d++;
            continue;
        }
        jit_ld64(e, JIT_T2, JIT_R0, ST(stk[d - 2]));
        if (o.op == JIT_X_ADD) jit_add(e, JIT_T1, JIT_T2, JIT_T1);
        else if (o.op == JIT_X_SUB) jit_sub(e, JIT_T1, JIT_T2, JIT_T1);
        else jit_mul(e, JIT_T1, JIT_T2, JIT_T1);
        d--;
    }
}

/* T1 = the aggregate's value at row R3 (its column, or its expression). */
static void agg_value(jit_emit *e, const jit_agg_spec *s, jit_agg_op a)
{
    if (a.x) { expr_value(e, &s->x[a.x - 1]); return; }
    jit_ld64(e, JIT_T2, JIT_R0, ST(col[a.col]));
    jit_ld64x(e, JIT_T1, JIT_T2, JIT_R3);
}

/* One aggregate's update; A0 = the group's accumulators, R3 = the row. */
static void agg_update(jit_emit *e, const jit_agg_spec *s, int i, int off)
{
    jit_agg_op a = s->agg[i];
    int32_t o = off * 8;
    int skip = jit_label(e);
    if (a.kind != JIT_A_COUNT_STAR && !a.x) null_skip(e, s, a.col, skip);
    if (a.kind != JIT_A_COUNT_STAR && a.x) {
        bool seen[JIT_AGG_MAX] = { false };
        const jit_agg_expr *x = &s->x[a.x - 1];
        for (int k = 0; k < x->n; k++)
            if (x->op[k].op == JIT_X_COL && !seen[x->op[k].arg]) {
                seen[x->op[k].arg] = true;
                null_skip(e, s, x->op[k].arg, skip);
            }
    }
    if (a.kind == JIT_A_COUNT_STAR || a.kind == JIT_A_COUNT) {
        inc(e, o);
    } else if (a.kind == JIT_A_SUM) {
        /* 128 bits: lo += v; hi += carry - (v < 0), the carry out of the unsigned add
           being lo' <u v, an unsigned compare made signed by adding INT64_MIN to both */
        agg_value(e, s, a);
        jit_ld64(e, JIT_T2, JIT_A0, o);
        jit_add(e, JIT_T2, JIT_T2, JIT_T1);
        jit_st64(e, JIT_T2, JIT_A0, o);
        jit_movi(e, JIT_A1, INT64_MIN);
        jit_add(e, JIT_A2, JIT_T2, JIT_A1);
        jit_add(e, JIT_A3, JIT_T1, JIT_A1);
        jit_setcc(e, JIT_LT, JIT_A2, JIT_A2, JIT_A3);
        jit_movi(e, JIT_A3, 0);
        jit_setcc(e, JIT_LT, JIT_A3, JIT_T1, JIT_A3);
        jit_sub(e, JIT_A2, JIT_A2, JIT_A3);
        jit_ld64(e, JIT_T2, JIT_A0, o + 8);
        jit_add(e, JIT_T2, JIT_T2, JIT_A2);
        jit_st64(e, JIT_T2, JIT_A0, o + 8);
        inc(e, o + 16);
    } else {
        int set = jit_label(e), count = jit_label(e);
        agg_value(e, s, a);
        jit_ld64(e, JIT_T2, JIT_A0, o + 8);
        jit_brz(e, JIT_T2, set);
        jit_ld64(e, JIT_T2, JIT_A0, o);
        jit_brcc(e, a.kind == JIT_A_MIN ? JIT_GE : JIT_LE, JIT_T1, JIT_T2, count);   /* ties keep the first */
        jit_bind(e, set);
        jit_st64(e, JIT_T1, JIT_A0, o);
        jit_st64(e, JIT_R3, JIT_A0, o + 16);
        jit_bind(e, count);
        inc(e, o + 8);
    }
    jit_bind(e, skip);
}

bool jit_agg_build(jit_emit *e, const jit_agg_spec *s)
{
    if (!spec_valid(s)) return false;
    int off[JIT_AGG_MAX];
    int stride = jit_agg_layout(s, off);
    int top = jit_label(e), found = jit_label(e), update = jit_label(e), done = jit_label(e),
        stop = jit_label(e), nullkey = jit_label(e), range = jit_label(e);
    jit_prologue(e);
    jit_mov(e, JIT_R0, JIT_A0);
    jit_ld64(e, JIT_R1, JIT_R0, ST(pos));
    jit_ld64(e, JIT_R2, JIT_R0, ST(n));
    jit_bind(e, top);
    jit_brcc(e, JIT_GE, JIT_R1, JIT_R2, done);
    if (s->prefetch) prefetch_ahead(e, s);
    jit_ld64(e, JIT_T0, JIT_R0, ST(ids));
    jit_ld32x(e, JIT_R3, JIT_T0, JIT_R1);
    if (s->keyed) keyed_group(e, s, stride, found, update, stop, nullkey, range);
    jit_bind(e, nullkey);
    single_group(e, stride, found, update, stop);
    jit_bind(e, found);
    acc_base(e);
    jit_bind(e, update);
    for (int i = 0; i < s->nagg; i++) agg_update(e, s, i, off[i]);
    jit_addi(e, JIT_R1, JIT_R1, 1);
    jit_br(e, top);
    jit_bind(e, stop);
    jit_st64(e, JIT_R1, JIT_R0, ST(pos));
    jit_movi(e, JIT_T0, 1);
    jit_ret(e, JIT_T0);
    jit_bind(e, range);
    jit_st64(e, JIT_R1, JIT_R0, ST(pos));
    jit_movi(e, JIT_T0, 2);
    jit_ret(e, JIT_T0);
    jit_bind(e, done);
    jit_st64(e, JIT_R1, JIT_R0, ST(pos));
    jit_movi(e, JIT_T0, 0);
    jit_ret(e, JIT_T0);
    return jit_finish(e);
}

static bool build_agg(jit_emit *e, const void *spec) { return jit_agg_build(e, spec); }

jit_block *jit_agg_compile(jit_arena *a, const jit_agg_spec *s)
{
    return jit_assemble(a, build_agg, s);
}

/* ---------------------------------------------------------------- the same in C */

static bool bit(const uint8_t *m, uint32_t r) { return m[r >> 3] >> (r & 7) & 1; }

static int64_t c_new_group(jit_agg_state *s, uint32_t row, int stride)
{
    if (s->ngroups >= s->limit) return -1;
    int64_t g = (int64_t)s->ngroups++;
    s->first[g] = row;
    for (int k = 0; k < stride; k++) s->acc[g * stride + k] = 0;
    return g;
}

int64_t jit_agg_xval(const jit_agg_expr *x, const jit_agg_state *s, uint32_t row)
{
    uint64_t st[JIT_AGG_XOPS];
    int d = 0;
    for (int i = 0; i < x->n; i++) {
        jit_agg_xop o = x->op[i];
        switch (o.op) {
        case JIT_X_COL: st[d++] = (uint64_t)s->col[o.arg][row]; break;
        case JIT_X_K: st[d++] = (uint64_t)s->k[o.arg]; break;
        case JIT_X_ADD: d--; st[d - 1] += st[d]; break;
        case JIT_X_SUB: d--; st[d - 1] -= st[d]; break;
        default: d--; st[d - 1] *= st[d]; break;
        }
    }
    return (int64_t)st[0];
}

/* Whether a column aggregate a reads is NULL in row. */
static bool c_null(const jit_agg_spec *sp, const jit_agg_state *s, jit_agg_op a, uint32_t row)
{
    if (!a.x) return sp->nullable[a.col] && bit(s->nulls[a.col], row);
    const jit_agg_expr *x = &sp->x[a.x - 1];
    for (int k = 0; k < x->n; k++)
        if (x->op[k].op == JIT_X_COL && sp->nullable[x->op[k].arg] && bit(s->nulls[x->op[k].arg], row)) return true;
    return false;
}

/* The group of row (-1: no room; -2: a dense key out of range). */
static int64_t c_group(const jit_agg_spec *sp, jit_agg_state *s, uint32_t row, int stride)
{
    if (sp->keyed && !(sp->key_nullable && bit(s->key_nulls, row))) {
        int64_t k = s->key[sp->key_pos ? s->pos : row];
        if (sp->dense) {
            uint64_t at = (uint64_t)k - (uint64_t)s->base;
            if ((int64_t)at < 0 || at > s->mask) return -2;
            if (s->slots[at]) return s->slots[at] - 1;
            int64_t g = c_new_group(s, row, stride);
            if (g < 0) return -1;
            s->slots[at] = (uint32_t)g + 1;
            s->keys[g] = k;
            return g;
        }
        uint64_t h = ((uint64_t)k * JIT_AGG_HASH) >> (s->shift & 63);
        for (;; h = (h + 1) & s->mask) {
            uint32_t g = s->slots[h];
            if (!g) break;
            if (s->keys[g - 1] == k) return g - 1;
        }
        int64_t g = c_new_group(s, row, stride);
        if (g < 0) return -1;
        s->slots[h] = (uint32_t)g + 1;
        s->keys[g] = k;
        return g;
    }
    if (s->null_group >= 0) return s->null_group;
    int64_t g = c_new_group(s, row, stride);
    if (g >= 0) s->null_group = g;
    return g;
}

int64_t jit_agg_c(const jit_agg_spec *sp, jit_agg_state *s)
{
    int off[JIT_AGG_MAX];
    int stride = jit_agg_layout(sp, off);
    for (; s->pos < s->n; s->pos++) {
        uint32_t row = s->ids[s->pos];
        int64_t g = c_group(sp, s, row, stride);
        if (g < 0) return g == -1 ? 1 : 2;
        int64_t *acc = &s->acc[g * stride];
        for (int i = 0; i < sp->nagg; i++) {
            jit_agg_op a = sp->agg[i];
            int64_t *x = &acc[off[i]];
            if (a.kind != JIT_A_COUNT_STAR && c_null(sp, s, a, row)) continue;
            if (a.kind == JIT_A_COUNT_STAR || a.kind == JIT_A_COUNT) { x[0]++; continue; }
            int64_t v = a.x ? jit_agg_xval(&sp->x[a.x - 1], s, row) : s->col[a.col][row];
            if (a.kind == JIT_A_SUM) {
                uint64_t lo = (uint64_t)x[0] + (uint64_t)v;
                x[1] += (int64_t)(lo < (uint64_t)v) - (v < 0);
                x[0] = (int64_t)lo;
                x[2]++;
                continue;
            }
            if (!x[1] || (a.kind == JIT_A_MIN ? v < x[0] : v > x[0])) { x[0] = v; x[2] = row; }
            x[1]++;
        }
    }
    return 0;
}
