/* emit_a64.c - the arm64 back end: hand-written encoders, AAPCS64.
 *
 * R0..R5 = x19..x24 (callee-saved), T0..T2 = x9 x10 x11, A0..A3 = x0..x3. x16 and x17
 * (IP0/IP1, free for the linker's veneers and so for us) are this file's own scratch:
 * large offsets and immediates, the call target. Every instruction is 4 bytes. */
#include "engine/jit/jit.h"
#if defined(__aarch64__)
#include <assert.h>
#include <string.h>

static const uint8_t hw[JIT_NREGS] = { 19, 20, 21, 22, 23, 24, 9, 10, 11, 0, 1, 2, 3 };
#define IP0 16
#define IP1 17
#define XZR 31

static uint32_t H(int r) { assert(r >= 0 && r < JIT_NREGS); return hw[r]; }
static void ins(jit_emit *e, uint32_t w) { jit_put(e, &w, 4); }

static void movrr(jit_emit *e, uint32_t d, uint32_t s)
{
    if (d != s) ins(e, 0xAA0003E0 | s << 16 | d);          /* orr d, xzr, s */
}

/* movz/movn then movk for the halfwords that differ from the fill */
static void movi_hw(jit_emit *e, uint32_t d, int64_t imm)
{
    uint64_t v = (uint64_t)imm;
    int ones = 0;
    for (int i = 0; i < 4; i++) ones += ((v >> (16 * i)) & 0xFFFF) == 0xFFFF;
    bool neg = ones > 2 || (ones == 2 && ((v >> 48) & 0xFFFF) == 0xFFFF);
    uint64_t fill = neg ? 0xFFFF : 0;
    bool first = true;
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t h = (uint32_t)(v >> (16 * i)) & 0xFFFF;
        if (h == fill && !(i == 3 && first)) continue;
        if (first) {
            if (neg) ins(e, 0x92800000 | i << 21 | (~h & 0xFFFF) << 5 | d);   /* movn */
            else ins(e, 0xD2800000 | i << 21 | h << 5 | d);                  /* movz */
            first = false;
        } else {
            ins(e, 0xF2800000 | i << 21 | h << 5 | d);                       /* movk */
        }
    }
}

void jit_prologue(jit_emit *e)
{
    ins(e, 0xA9BC7BFD);      /* stp x29, x30, [sp, #-64]! */
    ins(e, 0x910003FD);      /* mov x29, sp */
    ins(e, 0xA90153F3);      /* stp x19, x20, [sp, #16] */
    ins(e, 0xA9025BF5);      /* stp x21, x22, [sp, #32] */
    ins(e, 0xA90363F7);      /* stp x23, x24, [sp, #48] */
}

void jit_ret(jit_emit *e, int src)
{
    movrr(e, 0, H(src));
    ins(e, 0xA94153F3);      /* ldp x19, x20, [sp, #16] */
    ins(e, 0xA9425BF5);      /* ldp x21, x22, [sp, #32] */
    ins(e, 0xA94363F7);      /* ldp x23, x24, [sp, #48] */
    ins(e, 0xA8C47BFD);      /* ldp x29, x30, [sp], #64 */
    ins(e, 0xD65F03C0);      /* ret */
}

void jit_mov(jit_emit *e, int d, int s) { movrr(e, H(d), H(s)); }
void jit_movi(jit_emit *e, int d, int64_t imm) { movi_hw(e, H(d), imm); }

/* A load/store at base+off: scaled unsigned 12-bit form, else the signed 9-bit unscaled
 * form, else the register-offset form with off in IP0. uimm: the scaled opcode; the
 * unscaled and register forms differ from it in fixed bits. */
static void ldst(jit_emit *e, uint32_t uimm, int size_log2, uint32_t t, uint32_t n, int32_t off)
{
    uint32_t unscaled = (uimm & ~0x01000000u), regoff = unscaled | 0x00206800;
    if (off >= 0 && (off & ((1 << size_log2) - 1)) == 0 && (off >> size_log2) < 4096) {
        ins(e, uimm | (uint32_t)(off >> size_log2) << 10 | n << 5 | t);
    } else if (off >= -256 && off < 256) {
        ins(e, unscaled | ((uint32_t)off & 0x1FF) << 12 | n << 5 | t);
    } else {
        movi_hw(e, IP0, off);
        ins(e, regoff | IP0 << 16 | n << 5 | t);
    }
}

enum {
    LDRX = 0xF9400000, LDRW = 0xB9400000, LDRSW = 0xB9800000, LDRH = 0x79400000, LDRB = 0x39400000,
    STRX = 0xF9000000, STRW = 0xB9000000, STRB = 0x39000000, PRFM = 0xF9800000,
};

void jit_ld64(jit_emit *e, int d, int b, int32_t off) { ldst(e, LDRX, 3, H(d), H(b), off); }
void jit_prefetch(jit_emit *e, int b, int32_t off) { ldst(e, PRFM, 3, 0, H(b), off); }   /* PLDL1KEEP */
void jit_ld32(jit_emit *e, int d, int b, int32_t off) { ldst(e, LDRW, 2, H(d), H(b), off); }
void jit_lds32(jit_emit *e, int d, int b, int32_t off) { ldst(e, LDRSW, 2, H(d), H(b), off); }
void jit_ld8(jit_emit *e, int d, int b, int32_t off) { ldst(e, LDRB, 0, H(d), H(b), off); }
void jit_st64(jit_emit *e, int s, int b, int32_t off) { ldst(e, STRX, 3, H(s), H(b), off); }
void jit_st32(jit_emit *e, int s, int b, int32_t off) { ldst(e, STRW, 2, H(s), H(b), off); }
void jit_st8(jit_emit *e, int s, int b, int32_t off) { ldst(e, STRB, 0, H(s), H(b), off); }

/* [base, idx, lsl #size]: register-offset form with S=1 (S=0 for bytes) */
static void ldstx(jit_emit *e, uint32_t uimm, bool scaled, uint32_t t, uint32_t n, uint32_t m)
{
    uint32_t op = (uimm & ~0x01000000u) | 0x00206800 | (scaled ? 0x1000u : 0);
    ins(e, op | m << 16 | n << 5 | t);
}

void jit_ld64x(jit_emit *e, int d, int b, int i) { ldstx(e, LDRX, true, H(d), H(b), H(i)); }
void jit_ld32x(jit_emit *e, int d, int b, int i) { ldstx(e, LDRW, true, H(d), H(b), H(i)); }
void jit_ld16x(jit_emit *e, int d, int b, int i) { ldstx(e, LDRH, true, H(d), H(b), H(i)); }
void jit_ld8x(jit_emit *e, int d, int b, int i) { ldstx(e, LDRB, false, H(d), H(b), H(i)); }
void jit_st64x(jit_emit *e, int s, int b, int i) { ldstx(e, STRX, true, H(s), H(b), H(i)); }
void jit_st32x(jit_emit *e, int s, int b, int i) { ldstx(e, STRW, true, H(s), H(b), H(i)); }

static void rrr(jit_emit *e, uint32_t op, int d, int a, int b)
{
    ins(e, op | H(b) << 16 | H(a) << 5 | H(d));
}

void jit_add(jit_emit *e, int d, int a, int b) { rrr(e, 0x8B000000, d, a, b); }
void jit_sub(jit_emit *e, int d, int a, int b) { rrr(e, 0xCB000000, d, a, b); }
void jit_and(jit_emit *e, int d, int a, int b) { rrr(e, 0x8A000000, d, a, b); }
void jit_or(jit_emit *e, int d, int a, int b) { rrr(e, 0xAA000000, d, a, b); }
void jit_mul(jit_emit *e, int d, int a, int b) { rrr(e, 0x9B007C00, d, a, b); }   /* madd xzr */
void jit_shr(jit_emit *e, int d, int a, int b) { rrr(e, 0x9AC02400, d, a, b); }   /* lsrv */

void jit_addi(jit_emit *e, int d, int a, int32_t imm)
{
    uint32_t D = H(d), A = H(a);
    if (imm >= 0 && imm < 4096) ins(e, 0x91000000 | (uint32_t)imm << 10 | A << 5 | D);
    else if (imm < 0 && imm > -4096) ins(e, 0xD1000000 | (uint32_t)-imm << 10 | A << 5 | D);
    else {
        movi_hw(e, IP0, imm);
        ins(e, 0x8B000000 | IP0 << 16 | A << 5 | D);
    }
}

void jit_shri(jit_emit *e, int d, int a, int sh)
{
    assert(sh >= 0 && sh < 64);
    ins(e, 0xD340FC00 | (uint32_t)sh << 16 | H(a) << 5 | H(d));   /* ubfm d, a, #sh, #63 */
}

void jit_andi(jit_emit *e, int d, int a, int64_t imm)
{
    uint64_t v = (uint64_t)imm;
    if (v && v != UINT64_MAX && (v & (v + 1)) == 0) {             /* 2^k - 1: logical imm */
        uint32_t k = (uint32_t)__builtin_popcountll(v);
        ins(e, 0x92400000 | (k - 1) << 10 | H(a) << 5 | H(d));
    } else {
        movi_hw(e, IP0, imm);
        ins(e, 0x8A000000 | IP0 << 16 | H(a) << 5 | H(d));
    }
}

static const uint8_t cc[] = { [JIT_EQ] = 0x0, [JIT_NE] = 0x1, [JIT_LT] = 0xB,
                              [JIT_LE] = 0xD, [JIT_GT] = 0xC, [JIT_GE] = 0xA };

static void cmp(jit_emit *e, int a, int b)
{
    ins(e, 0xEB00001F | H(b) << 16 | H(a) << 5);                  /* subs xzr, a, b */
}

void jit_setcc(jit_emit *e, jit_cond c, int d, int a, int b)
{
    cmp(e, a, b);
    ins(e, 0x9A9F07E0 | (uint32_t)(cc[c] ^ 1) << 12 | H(d));      /* cset d, c */
}

void jit_br(jit_emit *e, int label)
{
    ins(e, 0x14000000);
    jit_fix_add(e, label);
}

void jit_brcc(jit_emit *e, jit_cond c, int a, int b, int label)
{
    cmp(e, a, b);
    ins(e, 0x54000000 | cc[c]);
    jit_fix_add(e, label);
}

void jit_brz(jit_emit *e, int a, int label) { ins(e, 0xB4000000 | H(a)); jit_fix_add(e, label); }
void jit_brnz(jit_emit *e, int a, int label) { ins(e, 0xB5000000 | H(a)); jit_fix_add(e, label); }

void jit_brbit(jit_emit *e, int a, int bit, bool set, int label)
{
    assert(bit >= 0 && bit < 64);
    uint32_t b = (uint32_t)bit;
    ins(e, (set ? 0x37000000 : 0x36000000) | (b >> 5) << 31 | (b & 31) << 19 | H(a));
    jit_fix_add(e, label);
}

void jit_brbitr(jit_emit *e, int a, int idx, bool set, int label)
{
    ins(e, 0x9AC02400 | H(idx) << 16 | H(a) << 5 | IP0);     /* lsrv x16, a, idx */
    ins(e, (set ? 0x37000000 : 0x36000000) | IP0);            /* tb(n)z x16, #0 */
    jit_fix_add(e, label);
}

void jit_bitr(jit_emit *e, int d, int a, int idx)
{
    ins(e, 0x9AC02400 | H(idx) << 16 | H(a) << 5 | H(d));     /* lsrv d, a, idx */
    ins(e, 0x92400000 | H(d) << 5 | H(d));                    /* and d, d, #1 */
}

void jit_brbitmap(jit_emit *e, int base, int idx, bool set, int label)
{
    uint32_t I = H(idx);
    ins(e, 0xD343FC00 | I << 5 | IP0);                        /* lsr x16, idx, #3 */
    ins(e, 0x38606800 | IP0 << 16 | H(base) << 5 | IP0);      /* ldrb w16, [base, x16] */
    ins(e, 0x92400800 | I << 5 | IP1);                        /* and x17, idx, #7 */
    ins(e, 0x9AC02400 | IP1 << 16 | IP0 << 5 | IP0);          /* lsrv x16, x16, x17 */
    ins(e, (set ? 0x37000000 : 0x36000000) | IP0);            /* tb(n)z x16, #0 */
    jit_fix_add(e, label);
}

static uint32_t F(int f) { assert(f >= 0 && f < JIT_NFREGS); return (uint32_t)f; }   /* d0..3 */

void jit_ldf64(jit_emit *e, int fd, int base, int32_t off)
{
    ldst(e, 0xFD400000, 3, F(fd), H(base), off);             /* ldr d, [base, #off] */
}

void jit_ldf64x(jit_emit *e, int fd, int base, int idx)
{
    ldstx(e, 0xFD400000, true, F(fd), H(base), H(idx));      /* ldr d, [base, idx, lsl #3] */
}

/* After fcmp an unordered result sets C and V: mi (not lt), ls (not le), gt, ge and eq
 * are then false, ne true. */
void jit_fbrcc(jit_emit *e, jit_cond c, int fa, int fb, int label)
{
    static const uint8_t fcc[] = { [JIT_EQ] = 0x0, [JIT_NE] = 0x1, [JIT_LT] = 0x4,
                                   [JIT_LE] = 0x9, [JIT_GT] = 0xC, [JIT_GE] = 0xA };
    ins(e, 0x1E602000 | F(fb) << 16 | F(fa) << 5);           /* fcmp da, db */
    ins(e, 0x54000000 | fcc[c]);
    jit_fix_add(e, label);
}

void jit_call(jit_emit *e, const void *fn)
{
    movi_hw(e, IP0, (int64_t)(uintptr_t)fn);
    ins(e, 0xD63F0000 | IP0 << 5);                               /* blr x16 */
}

void jit_retval(jit_emit *e, int d) { movrr(e, H(d), 0); }

/* The branch is the 4 bytes before at; its offset counts instructions from itself. */
void jit_arch_patch(jit_emit *e, uint32_t at, uint32_t target)
{
    uint32_t w, pc = at - 4;
    memcpy(&w, e->p + pc, 4);
    int64_t d = ((int64_t)target - (int64_t)pc) / 4;
    if ((w & 0x7C000000) == 0x14000000) {                 /* b: imm26 */
        if (d < -(1 << 25) || d >= (1 << 25)) e->bad = true;
        w |= (uint32_t)d & 0x3FFFFFF;
    } else if ((w & 0x7E000000) == 0x36000000) {          /* tbz/tbnz: imm14 */
        if (d < -(1 << 13) || d >= (1 << 13)) e->bad = true;
        w |= ((uint32_t)d & 0x3FFF) << 5;
    } else {                                              /* b.cond, cbz/cbnz: imm19 */
        if (d < -(1 << 18) || d >= (1 << 18)) e->bad = true;
        w |= ((uint32_t)d & 0x7FFFF) << 5;
    }
    memcpy(e->p + pc, &w, 4);
}

#else
typedef int jit_emit_a64_unused;
#endif
