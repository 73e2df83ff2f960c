/* prop.h - the JIT's differential property tests, shared by tests/unit/test_jit.c
 * (Criterion, x86-64) and tests/jit/prop_main.c (standalone: arm64 under qemu).
 *
 *   jit_prop_ops     every emitter op on random registers (aliasing included), random
 *                    values, offsets and immediates, against the same op in C
 *   jit_prop_filter  random columns (NULLs, dead rows, INT64_MIN/MAX) and random
 *                    conjunctions, the compiled kernel in each mode against a C loop
 *
 * Each returns the number of failing cases and describes the first in err. */
#ifndef PDB_JIT_PROP_H
#define PDB_JIT_PROP_H

#include "engine/jit/jit.h"
#include "storage/storage.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct prop_rng { uint64_t s; } prop_rng;

static uint64_t prop_next(prop_rng *r)            /* splitmix64 */
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t prop_below(prop_rng *r, uint64_t n) { return n ? prop_next(r) % n : 0; }

/* Values that make comparisons interesting: small (ties), extremes, anything. */
static int64_t prop_value(prop_rng *r)
{
    static const int64_t ext[] = { INT64_MIN, INT64_MIN + 1, INT64_MAX, INT64_MAX - 1, 0, -1,
                                   1, INT32_MIN, INT32_MAX, (int64_t)UINT32_MAX };
    switch (prop_below(r, 4)) {
    case 0: return (int64_t)prop_below(r, 11) - 5;
    case 1: return ext[prop_below(r, sizeof ext / sizeof *ext)];
    case 2: return (int64_t)prop_next(r);
    default: return (int64_t)prop_below(r, 2001) - 1000;
    }
}

static void prop_fail(int *nfail, char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    if ((*nfail)++ == 0 && err) {
        va_start(ap, fmt);
        vsnprintf(err, n, fmt, ap);
        va_end(ap);
    }
}

static bool prop_cond(jit_cond c, int64_t a, int64_t b)
{
    switch (c) {
    case JIT_EQ: return a == b;
    case JIT_NE: return a != b;
    case JIT_LT: return a < b;
    case JIT_LE: return a <= b;
    case JIT_GT: return a > b;
    default: return a >= b;
    }
}

/* Commit e's code, run fn(arg), free the block; false when it could not be had. */
static bool prop_run(jit_arena *a, jit_emit *e, void *arg, int64_t *res)
{
    if (!jit_finish(e)) return false;
    const uint8_t *code = e->p;
    size_t len = e->len;
    jit_block *b;
    if (jit_commit(a, &code, &len, 1, &b) != 0) return false;
    int64_t (*fn)(void *) = (int64_t (*)(void *))jit_enter(b);
    if (!fn) { jit_block_free(b); return false; }
    *res = fn(arg);
    jit_leave(b);
    jit_block_free(b);
    return true;
}

/* ---- emitter ops ---- */

enum { OPK_ALU, OPK_ALUI, OPK_SETCC, OPK_BRCC, OPK_BRZ, OPK_BRBIT, OPK_BRBITR, OPK_BITMAP, OPK_MOVI,
       OPK_LOAD, OPK_STORE, OPK_LOADX, OPK_STOREX, OPK_FCMP, OPK_CALL, OPK_N };

static double prop_double(prop_rng *r)
{
    static const double ext[] = { 0.0, -0.0, 1.5, -1.5, 1e308, -1e308, 5e-324, 0.1 };
    switch (prop_below(r, 4)) {
    case 0: return ext[prop_below(r, sizeof ext / sizeof *ext)];
    case 1: return prop_below(r, 2) ? __builtin_nan("") : prop_below(r, 2) ? __builtin_inf() : -__builtin_inf();
    case 2: return (double)((int64_t)prop_below(r, 7) - 3);
    default: { uint64_t u = prop_next(r); double d; memcpy(&d, &u, 8); return d; }
    }
}

static bool prop_fcond(jit_cond c, double a, double b)
{
    switch (c) {
    case JIT_EQ: return a == b;
    case JIT_NE: return a != b;
    case JIT_LT: return a < b;
    case JIT_LE: return a <= b;
    case JIT_GT: return a > b;
    default: return a >= b;
    }
}

static int prop_helper_misaligned;

static int64_t prop_helper(int64_t x, int64_t y, int64_t z, int64_t w)
{
    /* the caller's stack must be 16-byte aligned at the call (both ABIs) */
    char *fp = __builtin_frame_address(0);
    if ((uintptr_t)fp & 15) prop_helper_misaligned++;
    return (int64_t)((uint64_t)x + 3 * (uint64_t)y + 5 * (uint64_t)z + 7 * (uint64_t)w);
}

/* A register other than the ones given (-1: none); from the callee-saved ones when cs. */
static int prop_other(prop_rng *r, int x, int y, int z, bool cs)
{
    for (;;) {
        int g = (int)prop_below(r, cs ? 6 : JIT_NREGS);
        if (g != x && g != y && g != z) return g;
    }
}

typedef struct prop_mem {
    int64_t in[4];           /* a, b, pointer */
    uint8_t buf[3 * 8192];
} prop_mem;

static int64_t prop_ld(const uint8_t *p, int w, bool sx)
{
    uint64_t v = 0;
    memcpy(&v, p, (size_t)w);
    if (sx && w == 4) return (int64_t)(int32_t)v;
    return (int64_t)v;
}

static int prop_op_case(jit_arena *ar, prop_rng *r, char *err, size_t errn, int *nfail)
{
    static prop_mem m;
    int kind = (int)prop_below(r, OPK_N);
    int d = (int)prop_below(r, JIT_NREGS), a = (int)prop_below(r, JIT_NREGS),
        b = (int)prop_below(r, JIT_NREGS);
    int base = prop_other(r, d, a, b, false);
    int64_t va = prop_value(r), vb = prop_value(r), want = 0, got;
    uint8_t *mid = m.buf + 8192, expect[sizeof m.buf];
    for (size_t i = 0; i < sizeof m.buf; i++) m.buf[i] = (uint8_t)prop_next(r);
    m.in[0] = va;
    m.in[1] = vb;
    m.in[2] = (int64_t)(uintptr_t)mid;
    jit_emit e;
    jit_emit_init(&e);
    jit_prologue(&e);
    if (kind == OPK_CALL) base = prop_other(r, -1, -1, -1, true);
    jit_mov(&e, base, JIT_A0);
    char what[160];
    int op = (int)prop_below(r, 6);
    int32_t off = 0;
    int w = 8;
    switch (kind) {
    case OPK_ALU: {
        jit_ld64(&e, a, base, 0);
        jit_ld64(&e, b, base, 8);
        if (a == b) va = vb;
        uint64_t x = (uint64_t)va, y = (uint64_t)vb;
        op = (int)prop_below(r, 6);
        switch (op) {
        case 0: jit_add(&e, d, a, b); want = (int64_t)(x + y); break;
        case 1: jit_sub(&e, d, a, b); want = (int64_t)(x - y); break;
        case 2: jit_mul(&e, d, a, b); want = (int64_t)(x * y); break;
        case 3: jit_and(&e, d, a, b); want = (int64_t)(x & y); break;
        case 4: jit_or(&e, d, a, b); want = (int64_t)(x | y); break;
        default: jit_shr(&e, d, a, b); want = (int64_t)(x >> (y & 63)); break;
        }
        snprintf(what, sizeof what, "alu %d d=%d a=%d b=%d %" PRId64 " %" PRId64, op, d, a, b, va, vb);
        break;
    }
    case OPK_ALUI: {
        jit_ld64(&e, a, base, 0);
        uint64_t x = (uint64_t)va;
        op = (int)prop_below(r, 3);
        int64_t imm = prop_value(r);
        if (op == 0) {
            int32_t i32 = (int32_t)imm;
            jit_addi(&e, d, a, i32);
            want = (int64_t)(x + (uint64_t)(int64_t)i32);
            imm = i32;
        } else if (op == 1) {
            if (prop_below(r, 2)) imm = (int64_t)((1ull << prop_below(r, 64)) - 1);
            jit_andi(&e, d, a, imm);
            want = (int64_t)(x & (uint64_t)imm);
        } else {
            imm = (int64_t)prop_below(r, 64);
            jit_shri(&e, d, a, (int)imm);
            want = (int64_t)(x >> imm);
        }
        snprintf(what, sizeof what, "alui %d d=%d a=%d %" PRId64 " imm %" PRId64, op, d, a, va, imm);
        break;
    }
    case OPK_SETCC:
    case OPK_BRCC: {
        if (prop_below(r, 3) == 0) m.in[1] = vb = va;
        jit_ld64(&e, a, base, 0);
        jit_ld64(&e, b, base, 8);
        if (a == b) va = vb;
        want = prop_cond((jit_cond)op, va, vb);
        if (kind == OPK_SETCC) {
            jit_setcc(&e, (jit_cond)op, d, a, b);
        } else {
            int yes = jit_label(&e), end = jit_label(&e);
            jit_brcc(&e, (jit_cond)op, a, b, yes);
            jit_movi(&e, d, 0);
            jit_br(&e, end);
            jit_bind(&e, yes);
            jit_movi(&e, d, 1);
            jit_bind(&e, end);
        }
        snprintf(what, sizeof what, "%s %d d=%d a=%d b=%d %" PRId64 " %" PRId64,
                 kind == OPK_SETCC ? "setcc" : "brcc", op, d, a, b, va, vb);
        break;
    }
    case OPK_BRZ:
    case OPK_BRBIT: {
        int bit = (int)prop_below(r, 64);
        if (prop_below(r, 3) == 0) m.in[0] = va = 0;
        jit_ld64(&e, a, base, 0);
        int yes = jit_label(&e), end = jit_label(&e);
        bool set = op & 1;
        if (kind == OPK_BRZ) {
            if (set) jit_brnz(&e, a, yes);
            else jit_brz(&e, a, yes);
            want = set ? va != 0 : va == 0;
        } else {
            jit_brbit(&e, a, bit, set, yes);
            want = (((uint64_t)va >> bit) & 1) == set;
        }
        jit_movi(&e, d, 0);
        jit_br(&e, end);
        jit_bind(&e, yes);
        jit_movi(&e, d, 1);
        jit_bind(&e, end);
        snprintf(what, sizeof what, "%s set=%d bit=%d d=%d a=%d %" PRId64,
                 kind == OPK_BRZ ? "brz" : "brbit", set, bit, d, a, va);
        break;
    }
    case OPK_BRBITR: {                           /* bit b & 63 of a */
        jit_ld64(&e, a, base, 0);
        jit_ld64(&e, b, base, 8);
        if (a == b) va = vb;
        bool set = op & 1;
        int yes = jit_label(&e), end = jit_label(&e);
        if (op >= 4) {                           /* jit_bitr: the bit as a value */
            jit_bitr(&e, d, a, b);
            want = ((uint64_t)va >> ((uint64_t)vb & 63)) & 1;
            snprintf(what, sizeof what, "bitr d=%d a=%d b=%d %" PRId64 " %" PRId64, d, a, b, va, vb);
            break;
        }
        jit_brbitr(&e, a, b, set, yes);
        want = (((uint64_t)va >> ((uint64_t)vb & 63)) & 1) == set;
        jit_movi(&e, d, 0);
        jit_br(&e, end);
        jit_bind(&e, yes);
        jit_movi(&e, d, 1);
        jit_bind(&e, end);
        snprintf(what, sizeof what, "brbitr set=%d d=%d a=%d b=%d %" PRId64 " %" PRId64, set, d, a, b, va, vb);
        break;
    }
    case OPK_BITMAP: {
        if (a == b) b = prop_other(r, a, base, -1, false);
        va = (int64_t)prop_below(r, 8 * 8192);
        m.in[0] = va;
        jit_ld64(&e, a, base, 0);
        jit_ld64(&e, b, base, 16);
        bool set = op & 1;
        int yes = jit_label(&e), end = jit_label(&e);
        jit_brbitmap(&e, b, a, set, yes);
        want = ((mid[va >> 3] >> (va & 7)) & 1) == set;
        jit_movi(&e, d, 0);
        jit_br(&e, end);
        jit_bind(&e, yes);
        jit_movi(&e, d, 1);
        jit_bind(&e, end);
        snprintf(what, sizeof what, "bitmap set=%d d=%d base=%d idx=%d %" PRId64, set, d, b, a, va);
        break;
    }
    case OPK_MOVI:
        jit_movi(&e, d, va);
        want = va;
        snprintf(what, sizeof what, "movi d=%d %" PRId64, d, va);
        break;
    case OPK_LOAD:
    case OPK_STORE: {
        static const int widths[] = { 8, 4, 4, 1 };
        w = widths[op & 3];
        off = (int32_t)prop_below(r, 16000) - 8000;
        if (prop_below(r, 2)) off &= ~(w - 1);
        if (a == b) b = prop_other(r, a, base, -1, false);
        jit_ld64(&e, b, base, 16);
        if (kind == OPK_LOAD) {
            switch (op & 3) {
            case 0: jit_ld64(&e, d, b, off); break;
            case 1: jit_ld32(&e, d, b, off); break;
            case 2: jit_lds32(&e, d, b, off); break;
            default: jit_ld8(&e, d, b, off); break;
            }
            want = prop_ld(mid + off, w, (op & 3) == 2);
        } else {
            jit_ld64(&e, a, base, 0);
            switch (w) {
            case 8: jit_st64(&e, a, b, off); break;
            case 4: jit_st32(&e, a, b, off); break;
            default: jit_st8(&e, a, b, off); break;
            }
            jit_movi(&e, d, 0);
            memcpy(expect, m.buf, sizeof m.buf);
            memcpy(expect + 8192 + off, &va, (size_t)w);
        }
        snprintf(what, sizeof what, "%s w=%d op=%d d=%d a=%d b=%d off=%d",
                 kind == OPK_LOAD ? "load" : "store", w, op, d, a, b, (int)off);
        break;
    }
    case OPK_LOADX:
    case OPK_STOREX: {
        static const int widths[] = { 8, 4, 1 };
        w = widths[op % 3];
        if (a == b) b = prop_other(r, a, base, -1, false);
        if (kind == OPK_STOREX) { w = w == 1 ? 8 : w; if (d == a || d == b) d = prop_other(r, a, b, base, false); }
        int64_t idx = (int64_t)prop_below(r, (uint64_t)(8192 / w));
        m.in[1] = idx;
        jit_ld64(&e, b, base, 16);
        jit_ld64(&e, a, base, 8);
        if (kind == OPK_LOADX) {
            if (w == 8) jit_ld64x(&e, d, b, a);
            else if (w == 4) jit_ld32x(&e, d, b, a);
            else jit_ld8x(&e, d, b, a);
            want = prop_ld(mid + idx * w, w, false);
        } else {
            jit_ld64(&e, d, base, 0);
            if (w == 8) jit_st64x(&e, d, b, a);
            else jit_st32x(&e, d, b, a);
            memcpy(expect, m.buf, sizeof m.buf);
            memcpy(expect + 8192 + idx * w, &va, (size_t)w);
            jit_movi(&e, d, 0);
        }
        snprintf(what, sizeof what, "%s w=%d d=%d idx=%d base=%d %" PRId64,
                 kind == OPK_LOADX ? "loadx" : "storex", w, d, a, b, idx);
        break;
    }
    case OPK_FCMP: {                             /* doubles: NaN, +-0, +-inf, ties */
        double fa = prop_double(r), fb = prop_below(r, 3) == 0 ? fa : prop_double(r);
        int x = (int)prop_below(r, JIT_NFREGS), y = (int)prop_below(r, JIT_NFREGS);
        memcpy(&m.in[0], &fa, 8);
        memcpy(&m.in[1], &fb, 8);
        jit_ldf64(&e, x, base, 0);
        bool indexed = prop_below(r, 2);
        if (indexed) {                           /* in[1] as base[a * 8], a = 1 */
            jit_movi(&e, a, 1);
            jit_ldf64x(&e, y, base, a);
        } else {
            jit_ldf64(&e, y, base, 8);
        }
        if (x == y) fa = fb;
        want = prop_fcond((jit_cond)op, fa, fb);
        int yes = jit_label(&e), end = jit_label(&e);
        jit_fbrcc(&e, (jit_cond)op, x, y, yes);
        jit_movi(&e, d, 0);
        jit_br(&e, end);
        jit_bind(&e, yes);
        jit_movi(&e, d, 1);
        jit_bind(&e, end);
        snprintf(what, sizeof what, "fcmp %d f%d f%d %g %g indexed %d", op, x, y, fa, fb, indexed);
        break;
    }
    default: {                                   /* call: args, callee-saved survive */
        static const int args[] = { JIT_A0, JIT_A1, JIT_A2, JIT_A3 };
        int64_t v[4], rv[6];
        for (int i = 0; i < 4; i++) v[i] = prop_value(r);
        for (int i = 0; i < 6; i++) rv[i] = prop_value(r);
        static int64_t cin[10];
        memcpy(cin, v, sizeof v);
        memcpy(cin + 4, rv, sizeof rv);
        m.in[3] = (int64_t)(uintptr_t)cin;
        jit_ld64(&e, JIT_T0, base, 24);
        for (int i = 0; i < 6; i++)
            if (i != base) jit_ld64(&e, JIT_R0 + i, JIT_T0, 32 + 8 * i);
        for (int i = 0; i < 4; i++) jit_ld64(&e, args[i], JIT_T0, 8 * i);
        jit_call(&e, (const void *)prop_helper);
        jit_retval(&e, JIT_T1);
        uint64_t sum = (uint64_t)prop_helper(v[0], v[1], v[2], v[3]);
        for (int i = 0; i < 6; i++)
            if (i != base) {
                jit_add(&e, JIT_T1, JIT_T1, JIT_R0 + i);
                sum += (uint64_t)rv[i];
            }
        d = JIT_T1;
        want = (int64_t)sum;
        snprintf(what, sizeof what, "call base=%d", base);
        break;
    }
    }
    jit_ret(&e, d);
    bool ran = prop_run(ar, &e, m.in, &got);
    jit_emit_done(&e);
    if (!ran) {
        prop_fail(nfail, err, errn, "%s: could not compile/commit", what);
        return 1;
    }
    if (kind == OPK_STORE || kind == OPK_STOREX) {
        if (memcmp(expect, m.buf, sizeof m.buf) != 0 || got != 0)
            prop_fail(nfail, err, errn, "%s: memory differs", what);
    } else if (got != want) {
        prop_fail(nfail, err, errn, "%s: got %" PRId64 " want %" PRId64, what, got, want);
    }
    return 0;
}

static int jit_prop_ops(jit_arena *a, uint64_t seed, int cases, char *err, size_t errn)
{
    prop_rng r = { seed };
    int nfail = 0;
    prop_helper_misaligned = 0;
    for (int i = 0; i < cases; i++) prop_op_case(a, &r, err, errn, &nfail);
    if (prop_helper_misaligned)
        prop_fail(&nfail, err, errn, "C helper called with a misaligned stack %d times",
                  prop_helper_misaligned);
    return nfail;
}

/* ---- the filter kernel ---- */

typedef struct prop_calls {
    uint32_t *ids;
    uint64_t n, stop_at;     /* the helper returns nonzero at call number stop_at (1-based) */
} prop_calls;

static int prop_call_fn(void *ctx, uint32_t row)
{
    prop_calls *c = ctx;
    c->ids[c->n++] = row;
    return c->n == c->stop_at ? 7 : 0;
}

/* A stand-in for stor_ver_visible: a fixed pseudo-random answer per row and salt (the
 * "table" the kernel passes through is a prop_vis_tab). */
typedef struct prop_vis_tab { uint64_t salt; uint64_t calls; } prop_vis_tab;

static bool prop_vis(const struct stor_table *t, uint32_t row)
{
    prop_vis_tab *v = (prop_vis_tab *)(uintptr_t)t;
    v->calls++;
    prop_rng r = { v->salt ^ ((uint64_t)row * 0x9E3779B97F4A7C15ull) };
    return prop_next(&r) & 1;
}

static uint8_t *prop_bitmap(prop_rng *r, uint32_t nrows)
{
    uint8_t *b = malloc((nrows + 7) / 8 + 1);
    int dens = (int)prop_below(r, 4);        /* none, few, half, most */
    for (uint32_t i = 0; i < (nrows + 7) / 8; i++) {
        uint8_t v = 0;
        for (int k = 0; k < 8; k++) {
            uint64_t x = prop_below(r, 8);
            bool set = dens == 0 ? false : dens == 1 ? x == 0 : dens == 2 ? x < 4 : x != 0;
            v |= (uint8_t)(set << k);
        }
        b[i] = v;
    }
    return b;
}

static bool prop_bit(const uint8_t *b, uint64_t i) { return b[i >> 3] & (1u << (i & 7)); }

/* The reference: the same conjunction, one row at a time in C. */
static int64_t prop_ref(const jit_filter_spec *sp, const jit_scan *s, uint32_t *ids, uint64_t stop_at)
{
    int64_t n = 0;
    for (uint64_t i = s->begin; i < s->end; i++) {
        if (sp->has_dead && prop_bit(s->dead, i)) continue;
        if (sp->vis && s->ver && (s->ver[i].xmin | s->ver[i].xmax) && !sp->vis(s->table, i))
            continue;
        bool ok = true;
        for (int k = 0; k < sp->nconj && ok; k++) {
            int c = sp->conj[k].col;
            if (sp->nullable[c] && prop_bit(s->nulls[c], i)) ok = false;
            else ok = prop_cond((jit_cond)sp->conj[k].op, s->col[c][i], s->k[k]);
        }
        if (!ok) continue;
        ids[n++] = (uint32_t)i;
        if (sp->mode == JIT_CALL && (uint64_t)n == stop_at) return -1;
    }
    return n;
}

static void prop_filter_case(jit_arena *a, prop_rng *r, char *err, size_t errn, int *nfail)
{
    jit_filter_spec sp;
    memset(&sp, 0, sizeof sp);
    jit_scan s;
    memset(&s, 0, sizeof s);
    uint32_t nrows = (uint32_t)(prop_below(r, 8) == 0 ? prop_below(r, 5000) : prop_below(r, 300));
    sp.mode = (jit_mode)prop_below(r, 3);
    sp.ncols = (uint8_t)(1 + prop_below(r, 4));
    sp.has_dead = prop_below(r, 2);
    sp.nconj = (uint8_t)(1 + prop_below(r, 5));
    sp.fn = prop_call_fn;
    int64_t *cols[JIT_MAXCOLS] = { 0 };
    uint8_t *nulls[JIT_MAXCOLS] = { 0 };
    for (int c = 0; c < sp.ncols; c++) {
        cols[c] = malloc((nrows + 1) * sizeof **cols);
        int style = (int)prop_below(r, 3);
        for (uint32_t i = 0; i < nrows; i++)
            cols[c][i] = style == 0 ? (int64_t)prop_below(r, 7) - 3 : prop_value(r);
        sp.nullable[c] = prop_below(r, 2);
        if (sp.nullable[c]) nulls[c] = prop_bitmap(r, nrows);
        s.col[c] = cols[c];
        s.nulls[c] = nulls[c];
    }
    uint8_t *dead = sp.has_dead ? prop_bitmap(r, nrows) : NULL;
    s.dead = dead;
    struct stor_ver *ver = NULL;                 /* a versioned table: some rows' entries set */
    prop_vis_tab vt = { prop_next(r), 0 };
    if (prop_below(r, 3) == 0) {
        sp.vis = prop_vis;
        s.table = (const struct stor_table *)(uintptr_t)&vt;
        if (prop_below(r, 4)) {                  /* else nver == 0: ver NULL */
            ver = calloc(nrows + 1, sizeof *ver);
            int dens = (int)prop_below(r, 3);
            for (uint32_t i = 0; i < nrows; i++)
                if (prop_below(r, 8) < (uint64_t)(dens * 3)) {
                    if (prop_below(r, 2)) ver[i].xmin = prop_next(r) | 1;
                    else ver[i].xmax = prop_next(r) | 1;
                }
        }
        s.ver = ver;
    }
    for (int k = 0; k < sp.nconj; k++) {
        sp.conj[k].col = (uint8_t)prop_below(r, sp.ncols);
        sp.conj[k].op = (uint8_t)prop_below(r, 6);
        int c = sp.conj[k].col;
        s.k[k] = nrows && prop_below(r, 2) ? cols[c][prop_below(r, nrows)] : prop_value(r);
    }
    s.begin = prop_below(r, nrows / 4 + 1);
    s.end = nrows - prop_below(r, nrows / 4 + 1);
    if (s.end < s.begin || prop_below(r, 10) == 0) s.end = s.begin + (s.end < s.begin);
    if (s.end > nrows) s.end = nrows;
    uint32_t *want = malloc((nrows + 1) * sizeof *want), *got = malloc((nrows + 1) * sizeof *got);
    prop_calls calls = { got, 0, prop_below(r, 3) == 0 ? 1 + prop_below(r, 20) : 0 };
    s.ids = got;
    s.ctx = &calls;
    int64_t wn = prop_ref(&sp, &s, want, calls.stop_at);
    jit_block *b = jit_filter_compile(a, &sp);
    jit_filter_fn fn = b ? (jit_filter_fn)jit_enter(b) : NULL;
    if (!fn) {
        prop_fail(nfail, err, errn, "filter: could not compile");
    } else {
        int64_t gn = fn(&s);
        jit_leave(b);
        /* ids to compare: what the reference recorded before it stopped, if it did */
        uint64_t wids = wn >= 0 ? (uint64_t)wn : calls.stop_at;
        bool ids_checked = sp.mode != JIT_COUNT;
        uint64_t gids = sp.mode == JIT_CALL ? calls.n : gn >= 0 ? (uint64_t)gn : 0;
        if (gn != wn || (ids_checked && (gids != wids || memcmp(got, want, wids * sizeof *got))))
            prop_fail(nfail, err, errn, "filter mode %d ncols %d nconj %d dead %d rows %u "
                      "[%" PRIu64 ",%" PRIu64 "): got %" PRId64 " want %" PRId64 "%s (first op %d col %d k %" PRId64 ")",
                      sp.mode, sp.ncols, sp.nconj, sp.has_dead, nrows, s.begin, s.end, gn, wn,
                      gn == wn ? ", ids differ" : "",
                      sp.conj[0].op, sp.conj[0].col, s.k[0]);
    }
    jit_block_free(b);
    for (int c = 0; c < sp.ncols; c++) { free(cols[c]); free(nulls[c]); }
    free(dead);
    free(ver);
    free(want);
    free(got);
}

static int jit_prop_filter(jit_arena *a, uint64_t seed, int cases, char *err, size_t errn)
{
    prop_rng r = { seed };
    int nfail = 0;
    for (int i = 0; i < cases; i++) prop_filter_case(a, &r, err, errn, &nfail);
    return nfail;
}

/* ---- the arena (the standalone driver's share of test_jit.c's arena tests) ---- */

static jit_block *prop_const_block(jit_arena *a, int64_t v, int pad)
{
    jit_emit e;
    jit_emit_init(&e);
    jit_prologue(&e);
    for (int i = 0; i < pad; i++) jit_addi(&e, JIT_T0, JIT_T0, 1);
    jit_movi(&e, JIT_T0, v);
    jit_ret(&e, JIT_T0);
    jit_block *b = NULL;
    if (jit_finish(&e)) {
        const uint8_t *p = e.p;
        size_t len = e.len;
        jit_commit(a, &p, &len, 1, &b);
    }
    jit_emit_done(&e);
    return b;
}

static int64_t prop_call_const(jit_block *b)
{
    int64_t (*fn)(void) = (int64_t (*)(void))jit_enter(b);
    if (!fn) return -999;
    int64_t v = fn();
    jit_leave(b);
    return v;
}

/* Eviction of the least recently entered, entered code kept, byte counts, fallback. */
static int jit_prop_arena(size_t page, char *err, size_t errn)
{
    int nfail = 0, pad = (int)(page / 8) + 8;        /* 4-byte addis: a page each */
    jit_arena *a = jit_arena_new(2 * page, 0);
    jit_block *x = prop_const_block(a, 1, pad), *y = prop_const_block(a, 2, pad);
    if (!x || !y) prop_fail(&nfail, err, errn, "arena: two pages not committed");
    if (prop_call_const(x) != 1) prop_fail(&nfail, err, errn, "arena: x wrong");
    jit_block *z = prop_const_block(a, 3, pad);
    if (!z || jit_block_live(y) || jit_enter(y) || !jit_block_live(x))
        prop_fail(&nfail, err, errn, "arena: y (least recently entered) not the one evicted");
    if (prop_call_const(z) != 3 || prop_call_const(x) != 1)
        prop_fail(&nfail, err, errn, "arena: code after eviction wrong");
    void *fx = jit_enter(x), *fz = jit_enter(z);
    jit_block *w = prop_const_block(a, 4, pad);
    if (!fx || !fz || w) prop_fail(&nfail, err, errn, "arena: entered code evicted");
    jit_leave(x);
    jit_leave(z);
    jit_arena_stats st;
    jit_arena_stats_get(a, &st);
    if (st.mapped_bytes != 2 * page || st.evictions != 1)
        prop_fail(&nfail, err, errn, "arena: stats %zu bytes %" PRIu64 " evictions",
                  st.mapped_bytes, st.evictions);
    jit_block_free(x);
    jit_block_free(y);
    jit_block_free(z);
    jit_block_free(w);
    if (jit_code_bytes(a) != 0) prop_fail(&nfail, err, errn, "arena: bytes left after free");
    jit_arena_free(a);
    a = jit_arena_new(page, JIT_ARENA_NOEXEC);
    if (!a || jit_arena_ok(a) || prop_const_block(a, 1, 0))
        prop_fail(&nfail, err, errn, "arena: no fallback without executable memory");
    jit_arena_free(a);
    return nfail;
}

/* ---- threads: compile, run, evict and free at once in a small arena ---- */

#include <pthread.h>

typedef struct prop_thr {
    jit_arena *a;
    const int64_t *v;
    int id, iters, bad, ran, gone;
} prop_thr;

static int64_t prop_count_gt(const int64_t *v, int n, int64_t k)
{
    int64_t c = 0;
    for (int i = 0; i < n; i++) c += v[i] > k;
    return c;
}

static void *prop_thr_main(void *p)
{
    prop_thr *t = p;
    jit_block *keep = NULL;
    for (int it = 0; it < t->iters; it++) {
        jit_filter_spec sp = { .mode = JIT_COUNT, .ncols = 1, .nconj = (uint8_t)(1 + it % 3) };
        for (int k = 0; k < sp.nconj; k++) sp.conj[k] = (jit_conj){ 0, JIT_GT };
        jit_block *b = jit_filter_compile(t->a, &sp);   /* NULL: all entered, interpret */
        jit_scan s = { .col = { t->v }, .begin = 0, .end = 1000 };
        int64_t k = (t->id * 37 + it) % 1000 - 500;
        for (int j = 0; j < JIT_MAXCONDS; j++) s.k[j] = k;
        jit_filter_fn fn = b ? (jit_filter_fn)jit_enter(b) : NULL;
        if (fn) {
            t->bad += fn(&s) != prop_count_gt(t->v, 1000, k);
            t->ran++;
            jit_leave(b);
        }
        jit_filter_fn kf = keep ? (jit_filter_fn)jit_enter(keep) : NULL;
        if (kf) {                                /* an older kernel, unless evicted */
            t->bad += kf(&s) != prop_count_gt(t->v, 1000, k);
            jit_leave(keep);
        } else if (keep) {
            t->gone++;
        }
        if (it % 50 == 0 && b) { jit_block_free(keep); keep = b; }
        else jit_block_free(b);
    }
    jit_block_free(keep);
    return NULL;
}

static int jit_prop_threads(size_t page, int nthr, int iters, char *err, size_t errn)
{
    static int64_t v[1000];
    for (int i = 0; i < 1000; i++) v[i] = i * 7 % 1000 - 500;
    /* one page: every compile must evict another kernel, whatever the threads' timing
       (with three, threads that happened not to overlap never evicted: commits onto
       ready pages made each thread's loop fast enough to finish within its time slice) */
    jit_arena *a = jit_arena_new(page, 0);
    pthread_t th[16];
    prop_thr t[16];
    int nfail = 0, ran = 0, gone = 0;
    if (nthr > 16) nthr = 16;
    for (int i = 0; i < nthr; i++) {
        t[i] = (prop_thr){ a, v, i, iters, 0, 0, 0 };
        pthread_create(&th[i], NULL, prop_thr_main, &t[i]);
    }
    for (int i = 0; i < nthr; i++) {
        pthread_join(th[i], NULL);
        if (t[i].bad) prop_fail(&nfail, err, errn, "threads: %d wrong counts", t[i].bad);
        ran += t[i].ran;
        gone += t[i].gone;
    }
    jit_arena_stats st;
    jit_arena_stats_get(a, &st);
    /* How many compiles find the page's one run entered by another thread depends on
       timing (under qemu-user most do: 687 of 4000 ran); that some ran and evicted does not. */
    if (ran == 0 || gone == 0 || st.evictions == 0 || st.code_bytes != 0)
        prop_fail(&nfail, err, errn, "threads: ran %d, kept kernels evicted %d, %" PRIu64
                  " evictions, %zu bytes left", ran, gone, st.evictions, st.code_bytes);
    jit_arena_free(a);
    return nfail;
}

#endif
