/* join_prop.h - property test of the lookup-join kernel (engine/jit/join.c): random outer
 * and inner tables (int64 columns with NULLs and extremes, dead rows, pooled and unpooled
 * string codes), random candidate lists (repeats, any order), random conjuncts on both
 * sides and a unique key probed through a C helper; the compiled kernel and jit_join_c
 * must give the same pairs in the same order, and every answer the kernel took from its
 * memo must be the helper's. Header-only (unit tests and the arm64 runner). */
#ifndef PDB_JIT_JOIN_PROP_H
#define PDB_JIT_JOIN_PROP_H

#include "engine/jit/jit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JP_ROWS 300

typedef struct jp_table {
    int64_t col[4][JP_ROWS];
    uint8_t nulls[4][JP_ROWS / 8 + 1];
    uint16_t codes[JP_ROWS];
    uint8_t dead[JP_ROWS / 8 + 1];
} jp_table;

typedef struct jp_ans { const uint16_t *codes; uint16_t *mkey; uint8_t *mres; uint32_t salt; long calls; } jp_ans;
typedef struct jp_probe { const jp_table *inner; uint32_t nrows; jit_join_state *st; uint32_t buf[JP_ROWS]; } jp_probe;

static uint64_t jp_rng(uint64_t *s)
{
    *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17;
    return *s;
}

/* The string conjunct's answer: a function of the pooled code (or of the row, unpooled). */
static int jp_answer(void *a, uint32_t row)
{
    jp_ans *x = a;
    x->calls++;
    uint16_t code = x->codes[row];
    int r = (int)(((code ? code : row + 7919u) * 2654435761u + x->salt) >> 29 & 1);
    if (code) { x->mkey[code & (JIT_JOIN_MEMO - 1)] = code; x->mres[code & (JIT_JOIN_MEMO - 1)] = (uint8_t)r; }
    return r;
}

/* The inner row whose column 0 equals key and is not NULL nor dead (unique: the first). */
static int64_t jp_find(void *p, int64_t key)
{
    const jp_probe *q = p;
    for (uint32_t r = 0; r < q->nrows; r++)
        if (!(q->inner->nulls[0][r >> 3] >> (r & 7) & 1) && !(q->inner->dead[r >> 3] >> (r & 7) & 1) &&
            q->inner->col[0][r] == key)
            return r;
    return -1;
}

/* multi: every such row, ascending, into the state's pbuf; their count */
static int64_t jp_find_all(void *p, int64_t key)
{
    jp_probe *q = p;
    uint32_t n = 0;
    for (uint32_t r = 0; r < q->nrows; r++)
        if (!(q->inner->nulls[0][r >> 3] >> (r & 7) & 1) && !(q->inner->dead[r >> 3] >> (r & 7) & 1) &&
            q->inner->col[0][r] == key) {
            if (n < q->st->pcap) q->buf[n] = r;   /* (past pcap: only counted, as the bridge's) */
            n++;
        }
    return n;
}

/* The bridge's protocol: runs from pos until in is done, taking the pairs of each run and
 * making room (cap) when one row's matches did not fit; all pairs into a1/a2. */
static int64_t jp_run_all(const jit_join_spec *sp, jit_join_state *s, jit_join_fn fn, uint32_t *a1, uint32_t *a2)
{
    int64_t total = 0;
    s->pos = 0;
    while (s->pos < s->n) {
        int64_t k = fn ? fn(s) : jit_join_c(sp, s);
        for (int64_t i = 0; i < k; i++) { a1[total] = s->out[i]; a2[total] = sp->probe ? s->out2[i] : 0; total++; }
        if (!k && s->pos < s->n) {
            if (s->need <= s->cap && s->need <= s->pcap) return -1;   /* stopped with room: wrong */
            if (s->need > s->cap) s->cap = s->need;
            if (s->need > s->pcap) s->pcap = s->need;
        }
    }
    return total;
}

static int64_t jp_value(uint64_t *rs)
{
    static const int64_t ext[] = { 0, 1, -1, INT64_MIN, INT64_MAX, 7, 8 };
    uint64_t x = jp_rng(rs);
    return x % 5 == 0 ? ext[(x >> 8) % 7] : (int64_t)((x >> 16) % 12) - 3;
}

static void jp_fill(jp_table *t, uint64_t *rs, int unique_key)
{
    memset(t, 0, sizeof *t);
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < JP_ROWS; r++) {
            t->col[c][r] = jp_value(rs);
            if (jp_rng(rs) % 9 == 0) t->nulls[c][r >> 3] |= (uint8_t)(1u << (r & 7));
        }
    for (int r = 0; r < JP_ROWS; r++) {
        if (unique_key == 1) t->col[0][r] = r * 3 - 40;   /* the key: unique, some outer keys miss */
        if (unique_key == 2) t->col[0][r] = (r % 97) * 3 - 40;   /* up to 4 rows a key */
        t->codes[r] = jp_rng(rs) % 4 == 0 ? 0 : (uint16_t)(1 + jp_rng(rs) % 600);
        if (jp_rng(rs) % 11 == 0) t->dead[r >> 3] |= (uint8_t)(1u << (r & 7));
    }
}

/* Runs n cases; returns the number that disagree (the first described in err). */
static int jit_prop_join(jit_arena *a, uint64_t seed, int cases, char *err, size_t errlen)
{
    uint64_t rs = seed | 1;
    int bad = 0;
    jp_table *outer = malloc(sizeof *outer), *inner = malloc(sizeof *inner);
    static uint32_t in[JP_ROWS * 2], o1[JP_ROWS * 8], o2[JP_ROWS * 8], c1[JP_ROWS * 8], c2[JP_ROWS * 8];
    static uint32_t a1[2][JP_ROWS * 8], a2[2][JP_ROWS * 8];
    static uint16_t mk[2][JIT_MAXCONDS][JIT_JOIN_MEMO];
    static uint8_t mr[2][JIT_MAXCONDS][JIT_JOIN_MEMO];
    for (int cs = 0; cs < cases; cs++) {
        jit_join_spec sp;
        memset(&sp, 0, sizeof sp);
        sp.probe = jp_rng(&rs) % 4 != 0;
        sp.multi = sp.probe && jp_rng(&rs) % 2;
        jp_fill(outer, &rs, 0);
        jp_fill(inner, &rs, sp.multi ? 2 : 1);
        sp.key_nullable = jp_rng(&rs) % 2;
        sp.ncond = (uint8_t)(jp_rng(&rs) % 7);
        sp.probe_fn = sp.multi ? jp_find_all : jp_find;
        sp.ans_fn = jp_answer;
        static jp_probe pr[2];
        uint64_t cap = sp.multi ? 1 + jp_rng(&rs) % 40 : JP_ROWS * 2;
        uint64_t pcap = jp_rng(&rs) % 2 ? 1 + jp_rng(&rs) % 4 : JP_ROWS;   /* small: the kernel stops for room */
        jp_ans ans[2][JIT_MAXCONDS];
        jit_join_state st[2];
        memset(st, 0, sizeof st);
        memset(mk, 0, sizeof mk);
        memset(mr, 0, sizeof mr);
        uint32_t n = (uint32_t)(jp_rng(&rs) % (JP_ROWS * 2));
        for (uint32_t i = 0; i < n; i++) in[i] = (uint32_t)(jp_rng(&rs) % JP_ROWS);
        for (int j = 0; j < sp.ncond; j++) {
            jit_jcond *c = &sp.cond[j];
            c->side = sp.probe ? (uint8_t)(jp_rng(&rs) % 2) : 0;
            c->kind = (uint8_t)(jp_rng(&rs) % 2);
            c->op = (uint8_t)(jp_rng(&rs) % 6);
            c->nullable = jp_rng(&rs) % 2;
        }
        int64_t kv[JIT_MAXCONDS];
        int colof[JIT_MAXCONDS];
        for (int j = 0; j < sp.ncond; j++) { kv[j] = jp_value(&rs); colof[j] = (int)(jp_rng(&rs) % 4); }
        uint32_t salt = (uint32_t)jp_rng(&rs);
        for (int w = 0; w < 2; w++) {
            jit_join_state *s = &st[w];
            s->in = in; s->n = n;
            s->out = w ? c1 : o1; s->out2 = w ? c2 : o2;
            s->dead = outer->dead;
            s->key = outer->col[1]; s->key_nulls = outer->nulls[1];
            for (uint32_t i = 0; i < n; i++) outer->col[1][in[i]] = (int64_t)(jp_rng(&rs) % 400) * 1 - 60;
            pr[w].inner = inner; pr[w].nrows = JP_ROWS; pr[w].st = s;
            s->pctx = &pr[w];
            s->cap = cap;
            s->pcap = pcap;
            s->pbuf = pr[w].buf;
            for (int j = 0; j < sp.ncond; j++) {
                const jp_table *t = sp.cond[j].side ? inner : outer;
                s->col[j] = t->col[colof[j]]; s->nulls[j] = t->nulls[colof[j]]; s->k[j] = kv[j];
                s->codes[j] = t->codes; s->mkey[j] = mk[w][j]; s->mres[j] = mr[w][j];
                ans[w][j] = (jp_ans){ t->codes, mk[w][j], mr[w][j], salt + (uint32_t)j, 0 };
                s->actx[j] = &ans[w][j];
            }
        }
        /* the same key column for both runs */
        st[1].key = st[0].key;
        jit_block *b = jit_join_compile(a, &sp);
        if (!b) { snprintf(err, errlen, "case %d: compile failed", cs); bad++; continue; }
        jit_join_fn fn = (jit_join_fn)jit_enter(b);
        int64_t got = fn ? jp_run_all(&sp, &st[0], fn, a1[0], a2[0]) : -2;
        jit_leave(b);
        int64_t want = jp_run_all(&sp, &st[1], NULL, a1[1], a2[1]);
        bool same = got == want && want >= 0;
        for (int64_t i = 0; same && i < want; i++)
            same = a1[0][i] == a1[1][i] && a2[0][i] == a2[1][i];
        if (!same) {
            if (!bad) snprintf(err, errlen, "case %d: probe %d multi %d, %d conds, %u rows: kernel %lld pairs, C %lld",
                               cs, sp.probe, sp.multi, sp.ncond, n, (long long)got, (long long)want);
            bad++;
        }
        jit_block_free(b);
    }
    free(outer);
    free(inner);
    return bad;
}

#endif
