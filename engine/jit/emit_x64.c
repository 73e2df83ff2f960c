/* emit_x64.c - the x86-64 back end: hand-written encoders, System V ABI.
 *
 * R0..R5 = rbx r12 r13 r14 r15 rbp (callee-saved), T0..T2 = rax r10 r11, A0..A3 = rdi
 * rsi rdx rcx. r8 and r9 are this file's own scratch (never visible to the front half). */
#include "engine/jit/jit.h"
#if defined(__x86_64__)
#include <assert.h>
#include <string.h>

enum { RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI, R8, R9, R10, R11, R12, R13, R14, R15 };
static const uint8_t hw[JIT_NREGS] = { RBX, R12, R13, R14, R15, RBP, RAX, R10, R11,
                                       RDI, RSI, RDX, RCX };
#define X8 R8
#define X9 R9

static int H(int r) { assert(r >= 0 && r < JIT_NREGS); return hw[r]; }

static void b1(jit_emit *e, uint8_t b) { jit_put(e, &b, 1); }
static void b4(jit_emit *e, uint32_t v) { jit_put(e, &v, 4); }
static void b8(jit_emit *e, uint64_t v) { jit_put(e, &v, 8); }

/* REX with W; emitted only when needed unless force */
static void rex(jit_emit *e, int w, int reg, int idx, int base, bool force)
{
    uint8_t r = (uint8_t)(0x40 | w << 3 | (reg >> 3) << 2 | (idx >> 3) << 1 | (base >> 3));
    if (r != 0x40 || force) b1(e, r);
}

/* modrm (+SIB, displacement) for [base + idx*scale + disp]; idx < 0: none */
static void mem(jit_emit *e, int reg, int base, int idx, int scale, int32_t disp)
{
    int mod = disp == 0 && (base & 7) != RBP ? 0 : disp >= -128 && disp <= 127 ? 1 : 2;
    if (idx >= 0 || (base & 7) == RSP) {
        int ss = scale == 8 ? 3 : scale == 4 ? 2 : scale == 2 ? 1 : 0;
        assert(idx != RSP);
        b1(e, (uint8_t)(mod << 6 | (reg & 7) << 3 | 4));
        b1(e, (uint8_t)(ss << 6 | ((idx < 0 ? RSP : idx) & 7) << 3 | (base & 7)));
    } else {
        b1(e, (uint8_t)(mod << 6 | (reg & 7) << 3 | (base & 7)));
    }
    if (mod == 1) b1(e, (uint8_t)(int8_t)disp);
    else if (mod == 2) b4(e, (uint32_t)disp);
}

/* op reg, [base + idx*scale + disp] with an opcode of 1 or 2 bytes (0x0F first) */
static void memop(jit_emit *e, int w, bool force, const uint8_t *op, int nop, int reg,
                  int base, int idx, int scale, int32_t disp)
{
    rex(e, w, reg, idx < 0 ? 0 : idx, base, force);
    jit_put(e, op, (size_t)nop);
    mem(e, reg, base, idx, scale, disp);
}

/* op r/m=rm, reg=reg (register direct) */
static void rr(jit_emit *e, int w, const uint8_t *op, int nop, int reg, int rm)
{
    rex(e, w, reg, 0, rm, false);
    jit_put(e, op, (size_t)nop);
    b1(e, (uint8_t)(0xC0 | (reg & 7) << 3 | (rm & 7)));
}

static void movrr(jit_emit *e, int d, int s)
{
    if (d != s) rr(e, 1, (const uint8_t[]){ 0x89 }, 1, s, d);
}

static void movi_hw(jit_emit *e, int d, int64_t imm)
{
    if (imm == 0) {                                   /* xor d32, d32 */
        rr(e, 0, (const uint8_t[]){ 0x31 }, 1, d, d);
    } else if (imm > 0 && imm <= UINT32_MAX) {         /* mov d32, imm32 zero-extends */
        rex(e, 0, 0, 0, d, false);
        b1(e, (uint8_t)(0xB8 | (d & 7)));
        b4(e, (uint32_t)imm);
    } else if (imm >= INT32_MIN && imm <= INT32_MAX) { /* mov r/m64, simm32 */
        rex(e, 1, 0, 0, d, false);
        b1(e, 0xC7);
        b1(e, (uint8_t)(0xC0 | (d & 7)));
        b4(e, (uint32_t)(int32_t)imm);
    } else {                                           /* movabs */
        rex(e, 1, 0, 0, d, false);
        b1(e, (uint8_t)(0xB8 | (d & 7)));
        b8(e, (uint64_t)imm);
    }
}

void jit_prologue(jit_emit *e)
{
    static const uint8_t p[] = {
        0x53,                   /* push rbx */
        0x55,                   /* push rbp */
        0x41, 0x54, 0x41, 0x55, 0x41, 0x56, 0x41, 0x57,   /* push r12..r15 */
        0x48, 0x83, 0xEC, 0x08, /* sub rsp, 8: rsp 16-aligned at calls */
    };
    jit_put(e, p, sizeof p);
}

void jit_ret(jit_emit *e, int src)
{
    static const uint8_t p[] = {
        0x48, 0x83, 0xC4, 0x08, /* add rsp, 8 */
        0x41, 0x5F, 0x41, 0x5E, 0x41, 0x5D, 0x41, 0x5C,   /* pop r15..r12 */
        0x5D, 0x5B, 0xC3,       /* pop rbp; pop rbx; ret */
    };
    movrr(e, RAX, H(src));
    jit_put(e, p, sizeof p);
}

void jit_mov(jit_emit *e, int d, int s) { movrr(e, H(d), H(s)); }
void jit_movi(jit_emit *e, int d, int64_t imm) { movi_hw(e, H(d), imm); }

static void ld(jit_emit *e, int w, const uint8_t *op, int nop, int d, int base, int idx,
               int scale, int32_t off)
{
    memop(e, w, false, op, nop, H(d), H(base), idx < 0 ? -1 : H(idx), scale, off);
}

static const uint8_t MOV_LD[] = { 0x8B }, MOVZX8[] = { 0x0F, 0xB6 }, MOVZX16[] = { 0x0F, 0xB7 }, MOVSXD[] = { 0x63 },
                     MOV_ST[] = { 0x89 }, MOV_ST8[] = { 0x88 };

void jit_ld64(jit_emit *e, int d, int b, int32_t off) { ld(e, 1, MOV_LD, 1, d, b, -1, 1, off); }
void jit_ld32(jit_emit *e, int d, int b, int32_t off) { ld(e, 0, MOV_LD, 1, d, b, -1, 1, off); }
void jit_lds32(jit_emit *e, int d, int b, int32_t off) { ld(e, 1, MOVSXD, 1, d, b, -1, 1, off); }
void jit_ld8(jit_emit *e, int d, int b, int32_t off) { ld(e, 0, MOVZX8, 2, d, b, -1, 1, off); }
void jit_st64(jit_emit *e, int s, int b, int32_t off) { ld(e, 1, MOV_ST, 1, s, b, -1, 1, off); }
void jit_st32(jit_emit *e, int s, int b, int32_t off) { ld(e, 0, MOV_ST, 1, s, b, -1, 1, off); }
void jit_st8(jit_emit *e, int s, int b, int32_t off)
{
    memop(e, 0, true, MOV_ST8, 1, H(s), H(b), -1, 1, off);   /* REX: sil/dil, not dh/bh */
}
void jit_prefetch(jit_emit *e, int b, int32_t off)   /* prefetcht0 [b + off]: 0F 18 /1 */
{
    memop(e, 0, false, (const uint8_t[]){ 0x0F, 0x18 }, 2, 1, H(b), -1, 1, off);
}
void jit_ld64x(jit_emit *e, int d, int b, int i) { ld(e, 1, MOV_LD, 1, d, b, i, 8, 0); }
void jit_ld32x(jit_emit *e, int d, int b, int i) { ld(e, 0, MOV_LD, 1, d, b, i, 4, 0); }
void jit_ld16x(jit_emit *e, int d, int b, int i) { ld(e, 0, MOVZX16, 2, d, b, i, 2, 0); }
void jit_ld8x(jit_emit *e, int d, int b, int i) { ld(e, 0, MOVZX8, 2, d, b, i, 1, 0); }
void jit_st64x(jit_emit *e, int s, int b, int i) { ld(e, 1, MOV_ST, 1, s, b, i, 8, 0); }
void jit_st32x(jit_emit *e, int s, int b, int i) { ld(e, 0, MOV_ST, 1, s, b, i, 4, 0); }

/* d = a op b for a two-address op (reg=src, rm=dst form); via r8 when d aliases b */
static void alu3(jit_emit *e, const uint8_t *op, int nop, bool swap_rm, int d, int a, int b)
{
    d = H(d); a = H(a); b = H(b);
    int t = d == b && d != a ? X8 : d;
    movrr(e, t, a);
    if (swap_rm) rr(e, 1, op, nop, t, b);    /* imul t, b: reg = dst */
    else rr(e, 1, op, nop, b, t);
    movrr(e, d, t);
}

void jit_add(jit_emit *e, int d, int a, int b) { alu3(e, (const uint8_t[]){ 0x01 }, 1, false, d, a, b); }
void jit_sub(jit_emit *e, int d, int a, int b) { alu3(e, (const uint8_t[]){ 0x29 }, 1, false, d, a, b); }
void jit_and(jit_emit *e, int d, int a, int b) { alu3(e, (const uint8_t[]){ 0x21 }, 1, false, d, a, b); }
void jit_or(jit_emit *e, int d, int a, int b) { alu3(e, (const uint8_t[]){ 0x09 }, 1, false, d, a, b); }
void jit_mul(jit_emit *e, int d, int a, int b) { alu3(e, (const uint8_t[]){ 0x0F, 0xAF }, 2, true, d, a, b); }

/* group-1 op with an immediate: /ext */
static void alui(jit_emit *e, int ext, int d, int64_t imm)
{
    if (imm >= -128 && imm <= 127) {
        rex(e, 1, 0, 0, d, false);
        b1(e, 0x83);
        b1(e, (uint8_t)(0xC0 | ext << 3 | (d & 7)));
        b1(e, (uint8_t)(int8_t)imm);
    } else if (imm >= INT32_MIN && imm <= INT32_MAX) {
        rex(e, 1, 0, 0, d, false);
        b1(e, 0x81);
        b1(e, (uint8_t)(0xC0 | ext << 3 | (d & 7)));
        b4(e, (uint32_t)(int32_t)imm);
    } else {
        static const uint8_t ops[8] = { 0x01, 0x09, 0x11, 0x19, 0x21, 0x29, 0x31, 0x39 };
        movi_hw(e, X9, imm);
        rr(e, 1, &ops[ext], 1, X9, d);
    }
}

void jit_addi(jit_emit *e, int d, int a, int32_t imm)
{
    movrr(e, H(d), H(a));
    if (imm) alui(e, 0, H(d), imm);
}

void jit_andi(jit_emit *e, int d, int a, int64_t imm)
{
    movrr(e, H(d), H(a));
    alui(e, 4, H(d), imm);
}

void jit_shri(jit_emit *e, int d, int a, int sh)
{
    assert(sh >= 0 && sh < 64);
    movrr(e, H(d), H(a));
    if (!sh) return;
    rex(e, 1, 0, 0, H(d), false);
    b1(e, 0xC1);
    b1(e, (uint8_t)(0xC0 | 5 << 3 | (H(d) & 7)));
    b1(e, (uint8_t)sh);
}

/* the count must be in cl: rcx (A3) is saved in r9 around it */
void jit_shr(jit_emit *e, int d, int a, int b)
{
    movrr(e, X8, H(a));
    movrr(e, X9, RCX);
    movrr(e, RCX, H(b));
    rex(e, 1, 0, 0, X8, false);
    b1(e, 0xD3);
    b1(e, (uint8_t)(0xC0 | 5 << 3 | (X8 & 7)));
    movrr(e, RCX, X9);
    movrr(e, H(d), X8);
}

static const uint8_t cc[] = { [JIT_EQ] = 0x4, [JIT_NE] = 0x5, [JIT_LT] = 0xC,
                              [JIT_LE] = 0xE, [JIT_GT] = 0xF, [JIT_GE] = 0xD };

static void cmp(jit_emit *e, int a, int b)
{
    rr(e, 1, (const uint8_t[]){ 0x39 }, 1, H(b), H(a));    /* cmp a, b: flags of a - b */
}

void jit_setcc(jit_emit *e, jit_cond c, int d, int a, int b)
{
    cmp(e, a, b);
    int r = H(d);
    rex(e, 0, 0, 0, r, true);                /* setcc r8 */
    b1(e, 0x0F);
    b1(e, (uint8_t)(0x90 | cc[c]));
    b1(e, (uint8_t)(0xC0 | (r & 7)));
    rex(e, 0, r, 0, r, true);                /* movzx r32, r8: REX picks sil/dil/bpl */
    jit_put(e, MOVZX8, 2);
    b1(e, (uint8_t)(0xC0 | (r & 7) << 3 | (r & 7)));
}

static void jcc(jit_emit *e, int code, int label)
{
    b1(e, 0x0F);
    b1(e, (uint8_t)(0x80 | code));
    b4(e, 0);
    jit_fix_add(e, label);
}

void jit_br(jit_emit *e, int label)
{
    b1(e, 0xE9);
    b4(e, 0);
    jit_fix_add(e, label);
}

void jit_brcc(jit_emit *e, jit_cond c, int a, int b, int label)
{
    cmp(e, a, b);
    jcc(e, cc[c], label);
}

static void test(jit_emit *e, int a)
{
    rr(e, 1, (const uint8_t[]){ 0x85 }, 1, H(a), H(a));
}

void jit_brz(jit_emit *e, int a, int label) { test(e, a); jcc(e, 0x4, label); }
void jit_brnz(jit_emit *e, int a, int label) { test(e, a); jcc(e, 0x5, label); }

void jit_brbit(jit_emit *e, int a, int bit, bool set, int label)
{
    assert(bit >= 0 && bit < 64);
    rex(e, 1, 0, 0, H(a), false);            /* bt a, imm8: CF = the bit */
    b1(e, 0x0F);
    b1(e, 0xBA);
    b1(e, (uint8_t)(0xC0 | 4 << 3 | (H(a) & 7)));
    b1(e, (uint8_t)bit);
    jcc(e, set ? 0x2 : 0x3, label);          /* jc / jnc */
}

void jit_brbitr(jit_emit *e, int a, int idx, bool set, int label)
{
    rr(e, 1, (const uint8_t[]){ 0x0F, 0xA3 }, 2, H(idx), H(a));  /* bt a, idx: idx mod 64 */
    jcc(e, set ? 0x2 : 0x3, label);
}

void jit_bitr(jit_emit *e, int d, int a, int idx)
{
    rr(e, 1, (const uint8_t[]){ 0x0F, 0xA3 }, 2, H(idx), H(a));  /* bt a, idx */
    int r = H(d);
    rex(e, 0, 0, 0, r, true);                                     /* setc r8 */
    b1(e, 0x0F);
    b1(e, 0x92);
    b1(e, (uint8_t)(0xC0 | (r & 7)));
    rex(e, 0, r, 0, r, true);                                     /* movzx r32, r8 */
    jit_put(e, MOVZX8, 2);
    b1(e, (uint8_t)(0xC0 | (r & 7) << 3 | (r & 7)));
}

/* r8 = byte idx >> 3 of base; r9 = idx & 7; bt r8d, r9d (no variable shift: no cl) */
void jit_brbitmap(jit_emit *e, int base, int idx, bool set, int label)
{
    movrr(e, X8, H(idx));
    rex(e, 1, 0, 0, X8, false);
    b1(e, 0xC1);
    b1(e, (uint8_t)(0xC0 | 5 << 3 | (X8 & 7)));
    b1(e, 3);
    memop(e, 0, false, MOVZX8, 2, X8, H(base), X8, 1, 0);
    movrr(e, X9, H(idx));
    alui(e, 4, X9, 7);
    rr(e, 0, (const uint8_t[]){ 0x0F, 0xA3 }, 2, X9, X8);     /* bt r8d, r9d */
    jcc(e, set ? 0x2 : 0x3, label);
}

static int F(int f) { assert(f >= 0 && f < JIT_NFREGS); return f; }   /* xmm0..3 */

/* movsd xmm, m64: the F2 prefix goes before REX */
void jit_ldf64(jit_emit *e, int fd, int base, int32_t off)
{
    b1(e, 0xF2);
    memop(e, 0, false, (const uint8_t[]){ 0x0F, 0x10 }, 2, F(fd), H(base), -1, 1, off);
}

void jit_ldf64x(jit_emit *e, int fd, int base, int idx)
{
    b1(e, 0xF2);
    memop(e, 0, false, (const uint8_t[]){ 0x0F, 0x10 }, 2, F(fd), H(base), H(idx), 8, 0);
}

/* ucomisd sets CF/ZF like an unsigned compare, all three of ZF PF CF when unordered: so
 * > and >= are ja/jae (false on NaN), < and <= swap the operands, == checks PF. */
void jit_fbrcc(jit_emit *e, jit_cond c, int fa, int fb, int label)
{
    int x = F(fa), y = F(fb);
    if (c == JIT_LT || c == JIT_LE) { x = F(fb); y = F(fa); }
    b1(e, 0x66);
    rr(e, 0, (const uint8_t[]){ 0x0F, 0x2E }, 2, x, y);      /* ucomisd x, y */
    switch (c) {
    case JIT_GT: case JIT_LT: jcc(e, 0x7, label); break;      /* ja */
    case JIT_GE: case JIT_LE: jcc(e, 0x3, label); break;      /* jae */
    case JIT_NE: jcc(e, 0xA, label); jcc(e, 0x5, label); break;   /* jp; jne */
    default:
        b1(e, 0x7A);                                           /* jp +6: over the je */
        b1(e, 6);
        jcc(e, 0x4, label);
        break;
    }
}

void jit_call(jit_emit *e, const void *fn)
{
    movi_hw(e, R11, (int64_t)(uintptr_t)fn);
    static const uint8_t call_r11[] = { 0x41, 0xFF, 0xD3 };
    jit_put(e, call_r11, sizeof call_r11);
}

void jit_retval(jit_emit *e, int d) { movrr(e, H(d), RAX); }

void jit_arch_patch(jit_emit *e, uint32_t at, uint32_t target)
{
    int32_t rel = (int32_t)(target - at);    /* rel32 is the branch's last 4 bytes */
    memcpy(e->p + at - 4, &rel, 4);
}

#else
typedef int jit_emit_x64_unused;
#endif
