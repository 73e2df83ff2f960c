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
    int latin1;         /* bytes are latin1, not UTF-8 */
} coll_def;

#define C(id, name, cs, maxlen, def, pad, ci, bin, fam, l1) \
    { { id, name, cs, maxlen, def, pad, ci, bin }, fam, l1 }
static const coll_def colls[] = {
    C(8,   "latin1_swedish_ci",      "latin1", 1, true,  true, true,  false, CF_GENERAL, 1),
    C(47,  "latin1_bin",             "latin1", 1, false, true, false, true,  CF_BIN, 1),
    C(48,  "latin1_general_ci",      "latin1", 1, false, true, true,  false, CF_GENERAL, 1),
    C(11,  "ascii_general_ci",       "ascii",  1, true,  true, true,  false, CF_GENERAL, 1),
    C(65,  "ascii_bin",              "ascii",  1, false, true, false, true,  CF_BIN, 1),
    C(33,  "utf8mb3_general_ci",     "utf8mb3", 3, true, true, true,  false, CF_GENERAL, 0),
    C(83,  "utf8mb3_bin",            "utf8mb3", 3, false, true, false, true, CF_BIN, 0),
    C(192, "utf8mb3_unicode_ci",     "utf8mb3", 3, false, true, true, false, CF_UCA, 0),
    C(214, "utf8mb3_unicode_520_ci", "utf8mb3", 3, false, true, true, false, CF_UCA, 0),
    C(45,  "utf8mb4_general_ci",     "utf8mb4", 4, true, true, true,  false, CF_GENERAL, 0),
    C(46,  "utf8mb4_bin",            "utf8mb4", 4, false, true, false, true, CF_BIN, 0),
    C(224, "utf8mb4_unicode_ci",     "utf8mb4", 4, false, true, true, false, CF_UCA, 0),
    C(246, "utf8mb4_unicode_520_ci", "utf8mb4", 4, false, true, true, false, CF_UCA, 0),
    C(2304,"utf8mb4_uca1400_ai_ci",  "utf8mb4", 4, false, true, true, false, CF_UCA, 0),
    C(63,  "binary",                 "binary", 1, true,  false, false, true, CF_BINARY, 1),
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

/* Next character of s (UTF-8, or latin1 when l1). Returns -1 at the end. */
static int32_t next_cp(const char *s, size_t n, size_t *i, int l1)
{
    if (*i >= n) return -1;
    if (l1) return (uint8_t)s[(*i)++];
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
    if (d->family == CF_BIN) {
        int r = memcmp(a, b, an < bn ? an : bn);
        return r ? (r < 0 ? -1 : 1) : (an < bn ? -1 : an > bn);
    }
    pthread_once(&icu_once, icu_init);
    if (d->family == CF_GENERAL) {
        size_t i = 0, j = 0;
        for (;;) {
            int32_t ca = next_cp(a, an, &i, d->latin1), cb = next_cp(b, bn, &j, d->latin1);
            if (ca < 0 || cb < 0) return ca < 0 ? (cb < 0 ? 0 : -1) : 1;
            uint32_t wa = general_weight(ca), wb = general_weight(cb);
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
    if (d->family == CF_BIN) return fnv(h, s, n);
    pthread_once(&icu_once, icu_init);
    if (d->family == CF_GENERAL) {
        size_t i = 0;
        int32_t c;
        while ((c = next_cp(s, n, &i, d->latin1)) >= 0) {
            uint32_t w = general_weight(c);
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
    if (d->family == CF_BIN) return an == bn && !memcmp(a, b, an);
    if (!d->latin1 && printable_ascii(a, an) && printable_ascii(b, bn)) {
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
