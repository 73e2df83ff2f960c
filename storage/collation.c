/* collation.c - collation table and string comparison (ICU underneath).
 *
 * Each collation is one of: binary (bytes, no padding), *_bin (bytes, PAD SPACE),
 * *_general_ci (one weight per character: accents stripped, upper-cased) or a UCA
 * collation (ICU root collator at primary strength). Exact tailoring to MariaDB's
 * UCA 4.0.0/5.2.0 tables is issue #6; what is here agrees on Latin letters, case and
 * accents. Comparison and hashing always agree: both work on the same weights.
 */
#include "storage/storage.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>
#include <pthread.h>
#include <unicode/ucol.h>
#include <unicode/ucoleitr.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/utf8.h>
#include <unicode/ustring.h>

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
    C(63,  "binary",                 "binary", 1, true,  false, false, true, CF_BINARY, L1_NONE),
};
#define NCOLLS (sizeof(colls) / sizeof(colls[0]))

/* id -> definition, filled once (ids stay below 4096) */
static const coll_def *by_id[4096];
static pthread_once_t by_id_once = PTHREAD_ONCE_INIT;
static void by_id_init(void)
{
    for (size_t i = 0; i < NCOLLS; i++) if (colls[i].c.id < 4096) by_id[colls[i].c.id] = &colls[i];
}

static const coll_def *find(uint16_t id)
{
    pthread_once(&by_id_once, by_id_init);
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

static UCollator *uca;
static const UNormalizer2 *nfd;
static pthread_once_t icu_once = PTHREAD_ONCE_INIT;

/* Primary weights of each printable ASCII character under the UCA collator (at most
 * two collation elements each; 0 = ignorable). Strings of printable ASCII compare and
 * hash through this table instead of ICU: ASCII has no contractions or expansions, so
 * the weight sequence of such a string is the concatenation of its characters'. */
static uint32_t ascii_pw[128][2];

static void icu_init(void)
{
    UErrorCode st = U_ZERO_ERROR;
    uca = ucol_open("", &st);
    if (U_SUCCESS(st)) ucol_setStrength(uca, UCOL_PRIMARY);
    else uca = NULL;
    st = U_ZERO_ERROR;
    nfd = unorm2_getNFDInstance(&st);
    if (U_FAILURE(st)) nfd = NULL;
    if (!uca) return;
    for (int c = 0x20; c < 0x7f; c++) {
        UChar u = (UChar)c;
        st = U_ZERO_ERROR;
        UCollationElements *it = ucol_openElements(uca, &u, 1, &st);
        if (U_FAILURE(st)) continue;
        int k = 0;
        int32_t ce;
        while ((ce = ucol_next(it, &st)) != UCOL_NULLORDER && U_SUCCESS(st)) {
            uint32_t p = (uint32_t)ucol_primaryOrder(ce);
            if (p && k < 2) ascii_pw[c][k++] = p;
        }
        ucol_closeElements(it);
    }
}

static bool printable_ascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e) return false;
    return true;
}

/* Compares two printable-ASCII strings by their primary weight sequences. */
static int ascii_uca_cmp(const char *a, size_t an, const char *b, size_t bn)
{
    size_t i = 0, j = 0;
    int ka = 0, kb = 0;
    for (;;) {
        uint32_t wa = 0, wb = 0;
        while (i < an && !(wa = ascii_pw[(unsigned char)a[i]][ka])) { i++; ka = 0; }
        while (j < bn && !(wb = ascii_pw[(unsigned char)b[j]][kb])) { j++; kb = 0; }
        if (i >= an || j >= bn) return (i >= an) ? (j >= bn ? 0 : -1) : 1;
        if (wa != wb) return wa < wb ? -1 : 1;
        if (++ka == 2 || !ascii_pw[(unsigned char)a[i]][ka]) { i++; ka = 0; }
        if (++kb == 2 || !ascii_pw[(unsigned char)b[j]][kb]) { j++; kb = 0; }
    }
}

static size_t trim_pad(const char *s, size_t n)
{
    while (n > 0 && s[n - 1] == ' ') n--;
    return n;
}

/* Next character of s (UTF-8: the engine's text is UTF-8 whatever the column's
 * charset). Returns -1 at the end. */
static int32_t next_cp(const char *s, size_t n, size_t *i, int l1)
{
    (void)l1;
    if (*i >= n) return -1;
    UChar32 c;
    int32_t ii = (int32_t)*i;
    U8_NEXT((const uint8_t *)s, ii, (int32_t)n, c);
    *i = (size_t)ii;
    return c < 0 ? 0xfffd : c;
}

/* general_ci weight of one character: base letter (accents dropped), upper-cased. */
static uint32_t general_weight(int32_t c)
{
    if (c < 0x80) return (c >= 'a' && c <= 'z') ? (uint32_t)(c - 32) : (uint32_t)c;
    if (c > 0xffff) return 0xfffd;   /* MariaDB's general_ci: supplementary chars all equal */
    if (nfd) {
        UChar buf[8];
        UErrorCode st = U_ZERO_ERROR;
        int32_t n = unorm2_getDecomposition(nfd, c, buf, 8, &st);
        if (U_SUCCESS(st) && n > 0) { UChar32 b; U16_GET(buf, 0, 0, n, b); c = b; }
    }
    if (c == 0xdf) return 'S';     /* sharp s sorts as s in general_ci */
    return (uint32_t)u_toupper(c);
}

/* UTF-16 for ICU. MariaDB's UCA 4.0.0 and 5.2.0 tables cover the BMP only: a
 * supplementary character (emoji, ...) gets an implicit weight from its code point, so
 * it sorts after all letters, in code point order, equal only to itself. With bmp_only
 * each one becomes two private-use characters, which ICU also weighs implicitly, in
 * code point order. Returns the length, or -1 when out is too small. */
static int to_utf16(const char *s, size_t n, int l1, UChar *out, int32_t cap, int bmp_only)
{
    int32_t o = 0;
    size_t i = 0;
    int32_t c;
    while ((c = next_cp(s, n, &i, l1)) >= 0) {
        if (o + 2 > cap) return -1;
        if (bmp_only && c > 0xffff) {
            out[o++] = (UChar)(0xe000 + ((c - 0x10000) >> 10));
            out[o++] = (UChar)(0xe000 + ((c - 0x10000) & 0x3ff));
            continue;
        }
        U16_APPEND_UNSAFE(out, o, c);
    }
    return o;
}

/* to_utf16 into a stack buffer or, when long, the heap (*heap set; caller frees). */
static UChar *utf16_of(const char *s, size_t n, int l1, int bmp_only, UChar *stackbuf, int32_t cap, int32_t *len, UChar **heap)
{
    *heap = NULL;
    int32_t l = to_utf16(s, n, l1, stackbuf, cap, bmp_only);
    if (l >= 0) { *len = l; return stackbuf; }
    int32_t big = (int32_t)(n * 2 + 2);
    *heap = malloc((size_t)big * sizeof(UChar));
    if (!*heap) { *len = 0; return stackbuf; }
    *len = to_utf16(s, n, l1, *heap, big, bmp_only);
    return *heap;
}

static int uca_cmp(const char *a, size_t an, const char *b, size_t bn, int l1, int bmp_only)
{
    if (!uca) return 0;
    if (printable_ascii(a, an) && printable_ascii(b, bn)) return ascii_uca_cmp(a, an, b, bn);
    UChar sa[512], sb[512], *ha, *hb;
    int32_t la, lb;
    UChar *pa = utf16_of(a, an, l1, bmp_only, sa, 512, &la, &ha);
    UChar *pb = utf16_of(b, bn, l1, bmp_only, sb, 512, &lb, &hb);
    UCollationResult r = ucol_strcoll(uca, pa, la, pb, lb);
    free(ha); free(hb);
    return r == UCOL_LESS ? -1 : r == UCOL_GREATER ? 1 : 0;
}

int pdb_coll_cmp(uint16_t coll, const char *a, size_t an, const char *b, size_t bn)
{
    const coll_def *d = find(coll);
    if (!d || d->family == CF_BINARY) {
        int r = memcmp(a, b, an < bn ? an : bn);
        return r ? r : (an < bn ? -1 : an > bn);
    }
    if (d->c.pad_space) { an = trim_pad(a, an); bn = trim_pad(b, bn); }
    if (d->family == CF_BIN && !d->latin1) {
        int r = memcmp(a, b, an < bn ? an : bn);
        return r ? (r < 0 ? -1 : 1) : (an < bn ? -1 : an > bn);
    }
    pthread_once(&icu_once, icu_init);
    if (d->family == CF_GENERAL || d->family == CF_BIN) {
        size_t i = 0, j = 0;
        for (;;) {
            int32_t ca = next_cp(a, an, &i, d->latin1), cb = next_cp(b, bn, &j, d->latin1);
            if (ca < 0 || cb < 0) return ca < 0 ? (cb < 0 ? 0 : -1) : 1;
            uint32_t wa = d->latin1 ? l1_weight(d->latin1, ca) : general_weight(ca);
            uint32_t wb = d->latin1 ? l1_weight(d->latin1, cb) : general_weight(cb);
            if (wa != wb) return wa < wb ? -1 : 1;
        }
    }
    return uca_cmp(a, an, b, bn, d->latin1, d->c.id != 2304);
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *s = p;
    for (size_t i = 0; i < n; i++) { h ^= s[i]; h *= 0x100000001b3ull; }
    return h;
}

uint64_t pdb_coll_hash(uint16_t coll, const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    const coll_def *d = find(coll);
    if (!d || d->family == CF_BINARY) return fnv(h, s, n);
    if (d->c.pad_space) n = trim_pad(s, n);
    if (d->family == CF_BIN && !d->latin1) return fnv(h, s, n);
    pthread_once(&icu_once, icu_init);
    if (d->family == CF_GENERAL || d->family == CF_BIN) {
        size_t i = 0;
        int32_t c;
        while ((c = next_cp(s, n, &i, d->latin1)) >= 0) {
            uint32_t w = d->latin1 ? l1_weight(d->latin1, c) : general_weight(c);
            h = fnv(h, &w, sizeof w);
        }
        return h;
    }
    if (!uca) return h;
    /* hash the sequence of primary weights: equal strings have equal sequences */
    if (printable_ascii(s, n)) {
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < 2 && ascii_pw[(unsigned char)s[i]][k]; k++) h = fnv(h, &ascii_pw[(unsigned char)s[i]][k], 4);
        return h;
    }
    UChar tmpbuf[1024], *heap;
    int32_t ul;
    UChar *tmp = utf16_of(s, n, d->latin1, d->c.id != 2304, tmpbuf, 1024, &ul, &heap);
    UErrorCode st = U_ZERO_ERROR;
    UCollationElements *it = ucol_openElements(uca, tmp, ul, &st);
    if (U_SUCCESS(st)) {
        int32_t ce;
        while ((ce = ucol_next(it, &st)) != UCOL_NULLORDER && U_SUCCESS(st)) {
            uint32_t p = (uint32_t)ucol_primaryOrder(ce);
            if (p) h = fnv(h, &p, 4);
        }
        ucol_closeElements(it);
    }
    free(heap);
    return h;
}

bool pdb_coll_eq(uint16_t coll, const char *a, size_t an, const char *b, size_t bn)
{
    const coll_def *d = find(coll);
    if (!d || d->family == CF_BINARY) return an == bn && !memcmp(a, b, an);
    if (d->c.pad_space) { an = trim_pad(a, an); bn = trim_pad(b, bn); }
    if (d->family == CF_BIN && !d->latin1) return an == bn && !memcmp(a, b, an);
    if (d->family != CF_BIN && printable_ascii(a, an) && printable_ascii(b, bn)) {
        /* every printable ASCII character has one weight of its own (letters up to case) */
        if (an != bn) return false;
        for (size_t i = 0; i < an; i++) {
            unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
            if (x != y) {
                if (x >= 'a' && x <= 'z') x -= 32;
                if (y >= 'a' && y <= 'z') y -= 32;
                if (x != y) return false;
            }
        }
        return true;
    }
    return pdb_coll_cmp(coll, a, an, b, bn) == 0;
}
