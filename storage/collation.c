/* collation.c - collation table and string comparison.
 *
 * Each collation is one of: binary (bytes, no padding), *_bin (code points, PAD SPACE),
 * *_general_ci (one weight per character) or a UCA collation (unicode_ci = UCA 4.0.0,
 * unicode_520_ci = UCA 5.2.0, uca1400_ai_ci = UCA 14.0.0, primary weights only). The
 * utf8 weights are MariaDB's own: storage/coll_tables.c is generated from MariaDB's
 * WEIGHT_STRING of every code point and contraction by tests/collation/gen_tables.py,
 * and the comparison follows MariaDB's algorithms (my_strnncollsp_uca with its
 * contractions and implicit weights, PAD SPACE as MariaDB pads: the rest of the longer
 * string is compared with spaces). latin1 weighs through MariaDB's latin1 tables below.
 * tests/collation/run.py checks all of it against MariaDB. Comparison and hashing always
 * agree: both work on the same weights.
 */
#include "storage/storage.h"
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>
#include <pthread.h>
#include <unicode/utf8.h>
#include "storage/coll_tables.h"

enum { CF_BINARY, CF_BIN, CF_GENERAL, CF_UCA };

typedef struct coll_def {
    pdb_collation c;
    int family;         /* CF_* */
    int latin1;         /* single-byte charsets: L1_* (the text itself is UTF-8 inside) */
} coll_def;

/* How a single-byte collation weighs a character: through its latin1 (Windows-1252)
 * byte, as MariaDB does. The weight tables are MariaDB 10.11's, read from the server
 * itself: WEIGHT_STRING(CONVERT(UNHEX('xx') USING latin1) COLLATE latin1_swedish_ci)
 * (and latin1_general_ci) for each byte xx. */
enum { L1_NONE, L1_SWEDISH, L1_GENERAL, L1_BIN, L1_ASCII };
static const uint8_t w_latin1_swedish[256] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F,
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F,
    0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F,
    0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x4B, 0x4C, 0x4D, 0x4E, 0x4F,
    0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x5B, 0x5C, 0x5D, 0x5E, 0x5F,
    0x60, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x4B, 0x4C, 0x4D, 0x4E, 0x4F,
    0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x7B, 0x7C, 0x7D, 0x7E, 0x7F,
    0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x8B, 0x8C, 0x8D, 0x8E, 0x8F,
    0x90, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0x9B, 0x9C, 0x9D, 0x9E, 0x9F,
    0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE, 0xAF,
    0xB0, 0xB1, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xBB, 0xBC, 0xBD, 0xBE, 0xBF,
    0x41, 0x41, 0x41, 0x41, 0x5C, 0x5B, 0x5C, 0x43, 0x45, 0x45, 0x45, 0x45, 0x49, 0x49, 0x49, 0x49,
    0x44, 0x4E, 0x4F, 0x4F, 0x4F, 0x4F, 0x5D, 0xD7, 0xD8, 0x55, 0x55, 0x55, 0x59, 0x59, 0xDE, 0xDF,
    0x41, 0x41, 0x41, 0x41, 0x5C, 0x5B, 0x5C, 0x43, 0x45, 0x45, 0x45, 0x45, 0x49, 0x49, 0x49, 0x49,
    0x44, 0x4E, 0x4F, 0x4F, 0x4F, 0x4F, 0x5D, 0xF7, 0xD8, 0x55, 0x55, 0x55, 0x59, 0x59, 0xDE, 0xFF,
};
static const uint8_t w_latin1_general[256] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F,
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F,
    0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F,
    0x40, 0x41, 0x51, 0x53, 0x57, 0x5B, 0x65, 0x67, 0x69, 0x6B, 0x75, 0x77, 0x79, 0x7B, 0x7D, 0x81,
    0x8F, 0x91, 0x93, 0x95, 0x98, 0x9A, 0xA4, 0xA6, 0xA8, 0xAA, 0xAF, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7,
    0xB8, 0x41, 0x51, 0x53, 0x57, 0x5B, 0x65, 0x67, 0x69, 0x6B, 0x75, 0x77, 0x79, 0x7B, 0x7D, 0x81,
    0x8F, 0x91, 0x93, 0x95, 0x98, 0x9A, 0xA4, 0xA6, 0xA8, 0xAA, 0xAF, 0xB9, 0xBA, 0xBB, 0xBC, 0xBF,
    0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xCB, 0xCC, 0xCD, 0xCE, 0xCF,
    0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF,
    0xE0, 0xE1, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xEB, 0xEC, 0xED, 0xEE, 0xEF,
    0xF0, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF,
    0x43, 0x45, 0x47, 0x49, 0x4B, 0x4D, 0x4F, 0x55, 0x5D, 0x5F, 0x61, 0x63, 0x6D, 0x6F, 0x71, 0x73,
    0x59, 0x7F, 0x83, 0x85, 0x87, 0x89, 0x8B, 0xBD, 0x8D, 0x9C, 0x9E, 0xA0, 0xA2, 0xAC, 0xB1, 0x97,
    0x43, 0x45, 0x47, 0x49, 0x4B, 0x4D, 0x4F, 0x55, 0x5D, 0x5F, 0x61, 0x63, 0x6D, 0x6F, 0x71, 0x73,
    0x59, 0x7F, 0x83, 0x85, 0x87, 0x89, 0x8B, 0xBE, 0x8D, 0x9C, 0x9E, 0xA0, 0xA2, 0xAC, 0xB1, 0xAE,
};

/* Windows-1252 bytes 0x80..0x9f; 0 = undefined (the byte stands for the C1 control) */
static const uint16_t cp1252_hi[32] = {
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

/* The latin1 byte of a character ('?' when latin1 has none). */
static uint8_t latin1_byte(int32_t c)
{
    if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) return (uint8_t)c;
    if (c < 0xa0) return cp1252_hi[c - 0x80] ? '?' : (uint8_t)c;
    for (int i = 0; i < 32; i++) if (cp1252_hi[i] == c) return (uint8_t)(0x80 + i);
    return '?';
}

/* A character's weight in a single-byte collation. */
static uint32_t l1_weight(int kind, int32_t c)
{
    uint8_t b = kind == L1_ASCII ? (c < 0x80 ? (uint8_t)c : '?') : latin1_byte(c);
    switch (kind) {
    case L1_SWEDISH: return w_latin1_swedish[b];
    case L1_GENERAL: return w_latin1_general[b];
    case L1_ASCII: return (b >= 'a' && b <= 'z') ? (uint32_t)(b - 32) : b;
    default: return b;
    }
}

#define C(id, name, cs, maxlen, def, pad, ci, bin, fam, l1) \
    { { id, name, cs, maxlen, def, pad, ci, bin }, fam, l1 }
static const coll_def colls[] = {
    C(8,   "latin1_swedish_ci",      "latin1", 1, true,  true, true,  false, CF_GENERAL, L1_SWEDISH),
    C(47,  "latin1_bin",             "latin1", 1, false, true, false, true,  CF_BIN, L1_BIN),
    C(48,  "latin1_general_ci",      "latin1", 1, false, true, true,  false, CF_GENERAL, L1_GENERAL),
    C(11,  "ascii_general_ci",       "ascii",  1, true,  true, true,  false, CF_GENERAL, L1_ASCII),
    C(65,  "ascii_bin",              "ascii",  1, false, true, false, true,  CF_BIN, L1_BIN),
    C(33,  "utf8mb3_general_ci",     "utf8mb3", 3, true, true, true,  false, CF_GENERAL, 0),
    C(83,  "utf8mb3_bin",            "utf8mb3", 3, false, true, false, true, CF_BIN, 0),
    C(192, "utf8mb3_unicode_ci",     "utf8mb3", 3, false, true, true, false, CF_UCA, 0),
    C(214, "utf8mb3_unicode_520_ci", "utf8mb3", 3, false, true, true, false, CF_UCA, 0),
    C(45,  "utf8mb4_general_ci",     "utf8mb4", 4, true, true, true,  false, CF_GENERAL, 0),
    C(46,  "utf8mb4_bin",            "utf8mb4", 4, false, true, false, true, CF_BIN, 0),
    C(224, "utf8mb4_unicode_ci",     "utf8mb4", 4, false, true, true, false, CF_UCA, 0),
    C(246, "utf8mb4_unicode_520_ci", "utf8mb4", 4, false, true, true, false, CF_UCA, 0),
    C(2304,"utf8mb4_uca1400_ai_ci",  "utf8mb4", 4, false, true, true, false, CF_UCA, 0),
    C(2308,"utf8mb4_uca1400_nopad_ai_ci", "utf8mb4", 4, false, false, true, false, CF_UCA, 0),
    C(2048,"utf8mb3_uca1400_ai_ci",  "utf8mb3", 3, false, true, true, false, CF_UCA, 0),
    C(2052,"utf8mb3_uca1400_nopad_ai_ci", "utf8mb3", 3, false, false, true, false, CF_UCA, 0),
    C(63,  "binary",                 "binary", 1, true,  false, false, true, CF_BINARY, L1_NONE),
};
#define NCOLLS (sizeof(colls) / sizeof(colls[0]))

/* id -> definition, filled once (ids stay below 4096) */
static const coll_def *by_id[4096];
static pthread_once_t by_id_once = PTHREAD_ONCE_INIT;
static _Atomic bool by_id_ready;   /* skips pthread_once on the hot path */
static void by_id_init(void)
{
    for (size_t i = 0; i < NCOLLS; i++) if (colls[i].c.id < 4096) by_id[colls[i].c.id] = &colls[i];
    atomic_store_explicit(&by_id_ready, true, memory_order_release);
}

static const coll_def *find(uint16_t id)
{
    if (!atomic_load_explicit(&by_id_ready, memory_order_acquire)) pthread_once(&by_id_once, by_id_init);
    return id < 4096 ? by_id[id] : NULL;
}

const pdb_collation *pdb_coll_by_id(uint16_t id)
{
    const coll_def *d = find(id);
    return d ? &d->c : NULL;
}

const pdb_collation *pdb_coll_by_name(const char *name)
{
    char buf[64];
    /* utf8_* is an alias of utf8mb3_* */
    if (!strncasecmp(name, "utf8_", 5) && strlen(name) < 50) {
        snprintf(buf, sizeof buf, "utf8mb3_%s", name + 5);
        name = buf;
    }
    for (size_t i = 0; i < NCOLLS; i++)
        if (!strcasecmp(colls[i].c.name, name)) return &colls[i].c;
    return NULL;
}

const pdb_collation *pdb_coll_default_for(const char *cs)
{
    if (!strcasecmp(cs, "utf8")) cs = "utf8mb3";
    for (size_t i = 0; i < NCOLLS; i++)
        if (colls[i].c.is_default && !strcasecmp(colls[i].c.charset, cs)) return &colls[i].c;
    return NULL;
}

/* ---- weights ---- */

static inline uint32_t wt_entry(const coll_wtab *t, uint32_t cp)
{
    return t->pages[t->pagemap[cp >> 8]][cp & 255];
}

/* A weight table with what is worked out from it once: the single weight of each ASCII
 * byte that has exactly one (non-zero in UCA) and is part of no contraction, so runs of
 * such bytes are compared and hashed without the scanner. */
#define NOFAST 0xffffffffu
typedef struct tab_rt {
    const coll_wtab *t;
    bool uca;
    bool ascii_simple;      /* printable ASCII: equal weights exactly for equal letters up to case */
    uint32_t fast[256];     /* NOFAST: use the scanner (and for every byte >= 0x80) */
} tab_rt;
static tab_rt rts[4];
static pthread_once_t rt_once = PTHREAD_ONCE_INIT;
static _Atomic bool rt_ready;

static void rt_init(void)
{
    const coll_wtab *tabs[4] = { &coll_tab_general, &coll_tab_uca400, &coll_tab_uca520, &coll_tab_uca1400 };
    for (int k = 0; k < 4; k++) {
        tab_rt *r = &rts[k];
        const coll_wtab *t = tabs[k];
        r->t = t;
        r->uca = k > 0;
        for (int c = 0; c < 256; c++) {
            r->fast[c] = NOFAST;
            if (c >= 0x80) continue;
            uint32_t e = wt_entry(t, (uint32_t)c);
            if ((e & (CW_IMPLICIT | CW_HEAD)) || ((e >> 24) & 31) != 1) continue;
            uint32_t w = (e & CW_SELF) ? (uint32_t)c : (e & 0xffff);
            if (r->uca && !w) continue;
            bool in_contr = false;
            for (uint32_t q = 0; q < t->ncontr && !in_contr; q++)
                for (int z = 0; z < t->contr[q].n; z++) if (t->contr[q].cp[z] == (uint32_t)c) in_contr = true;
            if (!in_contr) r->fast[c] = w;
        }
        bool ok = true;
        for (int x = 0x20; x < 0x7f && ok; x++) {
            if (r->fast[x] == NOFAST) { ok = false; break; }
            for (int y = 0x20; y < x && ok; y++) {
                int ux = (x >= 'a' && x <= 'z') ? x - 32 : x, uy = (y >= 'a' && y <= 'z') ? y - 32 : y;
                if ((r->fast[x] == r->fast[y]) != (ux == uy)) ok = false;
            }
        }
        r->ascii_simple = ok;
    }
    atomic_store_explicit(&rt_ready, true, memory_order_release);
}

/* The weight table of a utf8 collation (NULL: latin1/ascii/bin, weighed here). */
static const tab_rt *rt_of(const coll_def *d)
{
    int k;
    switch (d->c.id) {
    case 33: case 45: k = 0; break;
    case 192: case 224: k = 1; break;
    case 214: case 246: k = 2; break;
    case 2304: case 2308: case 2048: case 2052: k = 3; break;
    default: return NULL;
    }
    if (!atomic_load_explicit(&rt_ready, memory_order_acquire)) pthread_once(&rt_once, rt_init);
    return &rts[k];
}

/* Next character of s (UTF-8: the engine's text is UTF-8 whatever the column's
 * charset; a malformed sequence counts as U+FFFD). Returns -1 at the end. */
static inline int32_t next_cp(const char *s, size_t n, size_t *i)
{
    if (*i >= n) return -1;
    unsigned char b = (unsigned char)s[*i];
    if (b < 0x80) { (*i)++; return b; }
    UChar32 c;
    int32_t ii = (int32_t)*i;
    U8_NEXT((const uint8_t *)s, ii, (int32_t)n, c);
    *i = (size_t)ii;
    return c < 0 ? 0xfffd : c;
}

/* PAD SPACE end of a comparison in MariaDB's non-UCA collations
 * (my_strnncollsp_padspace_bin): what is left of the longer string counts against
 * spaces byte by byte. */
static int pad_rest(const char *s, size_t i, size_t n)
{
    for (; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c != ' ') return c < ' ' ? -1 : 1;
    }
    return 0;
}

static size_t trim_pad(const char *s, size_t n)
{
    while (n > 0 && s[n - 1] == ' ') n--;
    return n;
}

/* One weight per character (general_ci and the single-byte collations). */
static inline uint32_t char_weight(const coll_def *d, const tab_rt *r, int32_t c)
{
    if (r) {
        if (c < 0x80 && r->fast[c] != NOFAST) return r->fast[c];
        const coll_wtab *t = r->t;
        uint32_t e = wt_entry(t, (uint32_t)c);
        return (e & CW_SELF) ? (uint32_t)c : (e & 0xffff);
    }
    return d->latin1 ? l1_weight(d->latin1, c) : (uint32_t)c;
}

/* ---- UCA: a scanner yielding MariaDB's weights one by one ---- */

typedef struct wscan {
    const coll_wtab *t;
    const char *s;
    size_t n, i;
    const uint16_t *w;    /* pending weights of the last character */
    uint32_t wn;
    uint16_t tmp[2];
} wscan;

static int contr_cmp_head(const coll_contraction *c, uint32_t cp)
{
    return c->cp[0] < cp ? -1 : c->cp[0] > cp;
}

/* At a contraction head c (already read; sc->i after it): the longest contraction
 * that matches there. Sets the pending weights and moves past it; false if none. */
static bool contr_match(wscan *sc, uint32_t c)
{
    const coll_wtab *t = sc->t;
    size_t lo = 0, hi = t->ncontr;
    while (lo < hi) {
        size_t m = (lo + hi) / 2;
        if (contr_cmp_head(&t->contr[m], c) < 0) lo = m + 1; else hi = m;
    }
    uint32_t next[5];
    size_t after[5];
    int have = 0;
    size_t j = sc->i;
    const coll_contraction *best = NULL;
    int bestn = 0;
    for (size_t k = lo; k < t->ncontr && t->contr[k].cp[0] == c; k++) {
        const coll_contraction *ct = &t->contr[k];
        int L = ct->n;
        if (L <= bestn) continue;
        while (have < L - 1) {
            int32_t x = next_cp(sc->s, sc->n, &j);
            if (x < 0) break;
            next[have] = (uint32_t)x;
            after[have++] = j;
        }
        if (have < L - 1) continue;
        bool ok = true;
        for (int q = 1; q < L && ok; q++) ok = ct->cp[q] == next[q - 1];
        if (ok) { best = ct; bestn = L; }
    }
    if (!best) return false;
    sc->i = after[bestn - 2];
    sc->w = t->pool + best->off;
    sc->wn = best->nw;
    return true;
}

/* The next non-zero weight, or -1 at the end. */
static inline int ws_next(wscan *sc)
{
    for (;;) {
        if (sc->wn) { sc->wn--; return *sc->w++; }
        int32_t c = next_cp(sc->s, sc->n, &sc->i);
        if (c < 0) return -1;
        uint32_t e = wt_entry(sc->t, (uint32_t)c);
        if (e & CW_IMPLICIT) {
            sc->tmp[0] = (uint16_t)((e & 0xffff) + ((uint32_t)c >> 15));
            sc->tmp[1] = (uint16_t)(((uint32_t)c & 0x7fff) | 0x8000);
            sc->w = sc->tmp;
            sc->wn = 2;
            continue;
        }
        if ((e & CW_HEAD) && contr_match(sc, (uint32_t)c)) continue;
        uint32_t k = (e >> 24) & 31;
        if (k == 1) return (e & CW_SELF) ? c : (int)(e & 0xffff);
        if (k) { sc->w = sc->t->pool + (e & 0xffffff); sc->wn = k; }
    }
}

static void ws_init(wscan *sc, const coll_wtab *t, const char *s, size_t n, size_t from)
{
    sc->t = t; sc->s = s; sc->n = n; sc->i = from; sc->w = NULL; sc->wn = 0;
}

/* MariaDB's my_strnncollsp_uca: weights compared in turn; when one string runs out,
 * the rest of the other is compared against the weight of a space (PAD SPACE), or is
 * greater (NO PAD, my_strnncoll_uca). */
static int uca_cmp(const tab_rt *r, bool pad, const char *a, size_t an, const char *b, size_t bn)
{
    /* leading characters of one weight each, in no contraction: in lockstep */
    size_t i = 0;
    while (i < an && i < bn) {
        uint32_t wx = r->fast[(unsigned char)a[i]], wy = r->fast[(unsigned char)b[i]];
        if (wx == NOFAST || wy == NOFAST) break;
        if (wx != wy) return wx < wy ? -1 : 1;
        i++;
    }
    if (i == an && i == bn) return 0;
    if (i == an || i == bn) {
        /* one string ended: the rest of the other decides, when it is all simple bytes */
        const char *s = i == an ? b : a;
        size_t n = i == an ? bn : an, k = i;
        int sign = i == an ? -1 : 1;
        uint32_t sp = (uint32_t)r->t->space;
        for (; k < n; k++) {
            uint32_t w = r->fast[(unsigned char)s[k]];
            if (w == NOFAST) break;
            if (!pad) return sign;                 /* more weights: the longer is greater */
            if (w != sp) return w < sp ? -sign : sign;
        }
        if (k == n) return 0;                      /* only spaces (PAD SPACE) */
    }
    const coll_wtab *t = r->t;
    wscan x, y;
    ws_init(&x, t, a, an, i);
    ws_init(&y, t, b, bn, i);
    int wa, wb;
    do {
        wa = ws_next(&x);
        wb = ws_next(&y);
    } while (wa == wb && wa > 0);
    if (!pad) return wa < wb ? -1 : wa > wb;
    int sp = t->space;
    if (wa > 0 && wb < 0) {
        do { if (wa != sp) return wa < sp ? -1 : 1; } while ((wa = ws_next(&x)) > 0);
        return 0;
    }
    if (wa < 0 && wb > 0) {
        do { if (wb != sp) return wb < sp ? 1 : -1; } while ((wb = ws_next(&y)) > 0);
        return 0;
    }
    return wa < wb ? -1 : wa > wb;
}

long pdb_coll_sortkey(uint16_t coll, const char *s, size_t n, uint8_t *out, size_t cap)
{
    const coll_def *d = find(coll);
    if (!d || d->family != CF_UCA) return -1;
    const tab_rt *r = rt_of(d);
    if (!r) return -1;
    bool pad = d->c.pad_space;
    if (pad) n = trim_pad(s, n);
    uint32_t sp = (uint32_t)r->t->space;
    wscan x;
    ws_init(&x, r->t, s, n, 0);
    size_t k = 0;
    int w;
    while ((w = ws_next(&x)) > 0) {
        /* PAD SPACE pads the shorter string with spaces: a byte order agrees with that
           only while no weight sorts below a space (a tab does): then no key */
        if (pad && (uint32_t)w < sp) return -1;
        if (k + 3 > cap) return -1;
        out[k++] = (uint8_t)(w >> 16); out[k++] = (uint8_t)(w >> 8); out[k++] = (uint8_t)w;
    }
    if (pad)
        while (k >= 3 && (((uint32_t)out[k - 3] << 16) | ((uint32_t)out[k - 2] << 8) | out[k - 1]) == sp) k -= 3;
    return (long)k;
}

unsigned pdb_coll_weight_size(uint16_t coll)
{
    const coll_def *d = find(coll);
    if (!d || d->family == CF_BINARY || d->latin1) return 1;
    if (d->family == CF_UCA) return 16;                  /* MariaDB allows 8 weights a character */
    if (d->family == CF_BIN && d->c.maxlen == 4) return 3;
    return 2;
}

size_t pdb_coll_weight_string(uint16_t coll, const char *s, size_t n, uint32_t nweights, uint8_t *out, size_t cap)
{
    const coll_def *d = find(coll);
    size_t k = 0;
    bool limit = nweights > 0;
    if (!d || d->family == CF_BINARY) {   /* the bytes, padded with zero bytes */
        for (size_t i = 0; i < n && (!limit || nweights) && k < cap; i++, nweights--) out[k++] = (uint8_t)s[i];
        while (limit && nweights && k < cap) { out[k++] = 0; nweights--; }
        return k;
    }
    const tab_rt *r = rt_of(d);
    unsigned size = pdb_coll_weight_size(coll);
    uint32_t space;
    if (d->family == CF_UCA && r) {
        wscan x;
        ws_init(&x, r->t, s, n, 0);
        int w;
        while ((!limit || nweights) && k + 2 <= cap && (w = ws_next(&x)) > 0) {
            out[k++] = (uint8_t)(w >> 8); out[k++] = (uint8_t)w;
            nweights--;
        }
        space = r->t->space;
    } else {
        size_t i = 0;
        int32_t c;
        while ((!limit || nweights) && k + size <= cap && (c = next_cp(s, n, &i)) >= 0) {
            uint32_t w;
            if (d->family != CF_BIN) w = char_weight(d, r, c);
            else if (!d->latin1) w = (uint32_t)c;                  /* the code point */
            else w = strcmp(d->c.charset, "ascii") ? latin1_byte(c) : c < 0x80 ? (uint32_t)c : '?';
            if (size == 2 && w > 0xffff) w = 0xfffd;
            for (unsigned b = size; b-- > 0;) out[k++] = (uint8_t)(w >> (8 * b));
            nweights--;
        }
        space = d->family == CF_BIN ? ' ' : char_weight(d, r, ' ');
    }
    unsigned wsz = d->family == CF_UCA ? 2 : size;
    while (limit && nweights && k + wsz <= cap) {   /* AS CHAR(n): padded with spaces */
        for (unsigned b = wsz; b-- > 0;) out[k++] = (uint8_t)(space >> (8 * b));
        nweights--;
    }
    return k;
}

int pdb_coll_cmp(uint16_t coll, const char *a, size_t an, const char *b, size_t bn)
{
    const coll_def *d = find(coll);
    if (!d || d->family == CF_BINARY) {
        int r = memcmp(a, b, an < bn ? an : bn);
        return r ? (r < 0 ? -1 : 1) : (an < bn ? -1 : an > bn);
    }
    const tab_rt *t = rt_of(d);
    if (d->family == CF_UCA && t) return uca_cmp(t, d->c.pad_space, a, an, b, bn);
    if (d->family == CF_BIN && !d->latin1) {
        /* code point order is byte order in UTF-8 */
        size_t m = an < bn ? an : bn;
        int r = memcmp(a, b, m);
        if (r) return r < 0 ? -1 : 1;
        return an > m ? pad_rest(a, m, an) : bn > m ? -pad_rest(b, m, bn) : 0;
    }
    size_t i = 0, j = 0;
    for (;;) {
        if (i >= an) return j >= bn ? 0 : -pad_rest(b, j, bn);
        if (j >= bn) return pad_rest(a, i, an);
        unsigned char xa = (unsigned char)a[i], xb = (unsigned char)b[j];
        int32_t ca, cb;
        if ((xa | xb) < 0x80) ca = xa, cb = xb, i++, j++;   /* (no decoding for ASCII) */
        else ca = next_cp(a, an, &i), cb = next_cp(b, bn, &j);
        if (ca == cb) continue;
        uint32_t wa = char_weight(d, t, ca), wb = char_weight(d, t, cb);
        if (wa != wb) return wa < wb ? -1 : 1;
    }
}

static inline uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *s = p;
    for (size_t i = 0; i < n; i++) { h ^= s[i]; h *= 0x100000001b3ull; }
    return h;
}

static inline uint64_t wmix(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
}

/* A hash over a weight sequence, two weights per multiply (the multiply's latency is the
 * loop's bound). Only equal sequences need equal hashes; every path of pdb_coll_hash
 * feeds the weights through here, in order. */
typedef struct wacc { uint64_t h; uint32_t pend; bool half; } wacc;

static inline void wput(wacc *a, uint32_t w)
{
    if (!a->half) { a->pend = w; a->half = true; return; }
    a->h = wmix(a->h, a->pend | (uint64_t)w << 32);
    a->half = false;
}

static inline uint64_t wend(wacc *a)
{
    uint64_t h = a->half ? wmix(a->h, a->pend | 0xFFFFFFFF00000000ull) : a->h;
    return h ^ (h >> 31);
}

uint64_t pdb_coll_hash(uint16_t coll, const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    const coll_def *d = find(coll);
    if (!d || d->family == CF_BINARY) return fnv(h, s, n);
    if (d->c.pad_space) n = trim_pad(s, n);
    const tab_rt *t = rt_of(d);
    wacc a = { h, 0, false };
    if (d->family == CF_UCA && t) {
        /* the weight sequence (under PAD SPACE without its trailing space weights):
         * equal under uca_cmp exactly when these are equal */
        uint32_t spaces = 0;
        uint16_t sp = d->c.pad_space ? t->t->space : 0;
        size_t i = 0;
        for (; i < n; i++) {
            uint32_t fw = t->fast[(unsigned char)s[i]];
            if (fw == NOFAST) break;
            if (fw == sp) { spaces++; continue; }
            for (; spaces; spaces--) wput(&a, sp);
            wput(&a, (uint16_t)fw);
        }
        wscan x;
        ws_init(&x, t->t, s, n, i);
        int w;
        while ((w = ws_next(&x)) > 0) {
            if (w == sp) { spaces++; continue; }
            for (; spaces; spaces--) wput(&a, sp);
            wput(&a, (uint16_t)w);
        }
        return wend(&a);
    }
    if (d->family == CF_BIN && !d->latin1) return fnv(h, s, n);
    /* the weights without trailing space weights (see the UCA case); an ASCII byte's
       weight from the table without decoding */
    uint32_t sp = char_weight(d, t, ' '), spaces = 0;
    size_t i = 0;
    while (i < n) {
        unsigned char b = (unsigned char)s[i];
        uint32_t w;
        if (t && b < 0x80 && t->fast[b] != NOFAST) w = t->fast[b], i++;
        else w = char_weight(d, t, next_cp(s, n, &i));
        if (w == sp) { spaces++; continue; }
        for (; spaces; spaces--) wput(&a, sp);
        wput(&a, w);
    }
    return wend(&a);
}

bool pdb_coll_eq(uint16_t coll, const char *a, size_t an, const char *b, size_t bn)
{
    if (an == bn && !memcmp(a, b, an)) return true;   /* the same bytes: equal in any collation */
    const coll_def *d = find(coll);
    if (!d || d->family == CF_BINARY) return an == bn && !memcmp(a, b, an);
    if (d->c.pad_space) { an = trim_pad(a, an); bn = trim_pad(b, bn); }
    if (d->family == CF_BIN && !d->latin1) return an == bn && !memcmp(a, b, an);
    const tab_rt *t = rt_of(d);
    if (t && t->ascii_simple) {
        /* printable ASCII: one non-zero weight of its own per character (letters up to
           case), so the first such pair that differs decides; and a longer string whose
           rest is such characters has more weights */
        size_t m = an < bn ? an : bn, i = 0;
        for (; i < m; i++) {
            unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
            if (x < 0x20 || x > 0x7e || y < 0x20 || y > 0x7e) break;
            if (x != y) {
                if (x >= 'a' && x <= 'z') x -= 32;
                if (y >= 'a' && y <= 'z') y -= 32;
                if (x != y) return false;
            }
        }
        if (i == m) {
            if (an == bn) return true;
            const char *s = an > bn ? a : b;
            size_t n = an > bn ? an : bn, k = m;
            while (k < n && (unsigned char)s[k] >= 0x20 && (unsigned char)s[k] <= 0x7e) k++;
            if (k == n) return false;
        }
    }
    return pdb_coll_cmp(coll, a, an, b, bn) == 0;
}

/* ---- LIKE's character equality (my_uca_charcmp, my_wildcmp_unicode, my_wildcmp_8bit) ---- */

bool pdb_coll_char_eq(uint16_t coll, int32_t a, int32_t b)
{
    if (a == b) return true;
    const coll_def *d = find(coll);
    if (!d || d->family == CF_BINARY || d->family == CF_BIN) return false;
    const tab_rt *r = rt_of(d);
    if (a < 0 || b < 0 || a > 0x10ffff || b > 0x10ffff) return false;
    if (d->family != CF_UCA || !r) return char_weight(d, r, a) == char_weight(d, r, b);
    const coll_wtab *t = r->t;
    /* UCA: characters without weights of their own in MariaDB's table (implicit weights;
       beyond the BMP in UCA 4.0.0) equal only themselves; others compare their whole
       weight lists (contractions play no part in LIKE) */
    if (t == &coll_tab_uca400 && (a > 0xffff || b > 0xffff)) return false;
    uint32_t ea = wt_entry(t, (uint32_t)a), eb = wt_entry(t, (uint32_t)b);
    if ((ea | eb) & CW_IMPLICIT) return false;
    uint32_t na = (ea >> 24) & 31, nb = (eb >> 24) & 31;
    if (na != nb) return false;
    if (na == 0) return true;
    if (na == 1) {
        uint32_t wa = (ea & CW_SELF) ? (uint32_t)a : (ea & 0xffff), wb = (eb & CW_SELF) ? (uint32_t)b : (eb & 0xffff);
        return wa == wb;
    }
    return !memcmp(t->pool + (ea & 0xffffff), t->pool + (eb & 0xffffff), na * sizeof(uint16_t));
}

/* ---- UPPER / LOWER ---- */

static const coll_casetab *case_by_id[4096];
static pthread_once_t case_once = PTHREAD_ONCE_INIT;
static void case_init(void)
{
    for (size_t i = 0; i < NCOLLS; i++) {
        char name[64];
        const char *n = colls[i].c.name, *np = strstr(n, "_nopad_");
        if (np) snprintf(name, sizeof name, "%.*s%s", (int)(np - n), n, np + 6);   /* same case table */
        else snprintf(name, sizeof name, "%s", n);
        if (!strncmp(name, "utf8mb3_", 8)) memcpy(name, "utf8mb4_", 8);
        for (unsigned k = 0; k < coll_ncases; k++)
            if (!strcmp(coll_cases[k].coll, name) && colls[i].c.id < 4096) case_by_id[colls[i].c.id] = &coll_cases[k];
    }
}

static int32_t case_map(const uint32_t (*m)[2], uint32_t n, int32_t cp)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (m[mid][0] < (uint32_t)cp) lo = mid + 1; else hi = mid;
    }
    return lo < n && m[lo][0] == (uint32_t)cp ? (int32_t)m[lo][1] : cp;
}

int32_t pdb_coll_toupper(uint16_t coll, int32_t cp)
{
    if (coll == COLL_BINARY) return cp;
    if (cp < 0x80) return cp >= 'a' && cp <= 'z' ? cp - 32 : cp;
    pthread_once(&case_once, case_init);
    const coll_casetab *c = coll < 4096 ? case_by_id[coll] : NULL;
    return c ? case_map(c->upper, c->nupper, cp) : cp;
}

int32_t pdb_coll_tolower(uint16_t coll, int32_t cp)
{
    if (coll == COLL_BINARY) return cp;
    if (cp < 0x80) return cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
    pthread_once(&case_once, case_init);
    const coll_casetab *c = coll < 4096 ? case_by_id[coll] : NULL;
    return c ? case_map(c->lower, c->nlower, cp) : cp;
}

/* The bytes of UTF-8 text s in coll's character set: latin1 (Windows-1252) and ascii a
 * byte per character ('?' for one the charset lacks, as a store would have made it);
 * other character sets as they are. out holds n bytes; returns the length. */
size_t pdb_coll_octets(uint16_t coll, const char *s, size_t n, char *out)
{
    const pdb_collation *c = pdb_coll_by_id(coll);
    bool l1 = c && !strcmp(c->charset, "latin1"), ascii = c && !strcmp(c->charset, "ascii");
    if (!l1 && !ascii) { memcpy(out, s, n); return n; }
    size_t i = 0, k = 0;
    while (i < n) {
        int32_t cp = next_cp(s, n, &i);
        out[k++] = (char)(l1 ? latin1_byte(cp) : cp < 0x80 ? (uint8_t)cp : '?');
    }
    return k;
}
