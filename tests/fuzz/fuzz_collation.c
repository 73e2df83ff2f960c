/* fuzz_collation.c - libFuzzer harness for collations (storage/collation.c) and LIKE
 * (ex_like).
 *
 * Input: two bytes pick a collation among those pressdb knows, one byte the LIKE escape
 * character and the target; then two strings separated by a 0 byte (arbitrary bytes:
 * a binary string can be compared under any collation). Checked on every input:
 *   cmp(a,b) == -cmp(b,a); eq(a,b) == (cmp(a,b) == 0); equal strings hash alike; where
 *   both have sort keys, memcmp of the keys orders as cmp does (for a collation whose
 *   filesort order is not cmp's, equal strings have equal padded keys); WEIGHT_STRING,
 *   UPPER/LOWER of each character; LIKE of a against the pattern b (and a LIKE a with
 *   no wildcards in a matches itself).
 * Failure = a sanitizer report or a broken invariant (abort). */
#include <stdlib.h>
#include <string.h>
#include "engine/eng.h"
#include "tests/fuzz/fuzz_input.h"

static uint16_t ids[512];
static size_t nids;

static void check(int ok)
{
    if (!ok) abort();
}

static int sign(int c) { return (c > 0) - (c < 0); }

static void init_ids(void)
{
    for (uint32_t id = 1; id < 4096 && nids < 512; id++)
        if (pdb_coll_by_id((uint16_t)id)) ids[nids++] = (uint16_t)id;
}

static int key_cmp(const uint8_t *a, long an, const uint8_t *b, long bn)
{
    int c = memcmp(a, b, (size_t)(an < bn ? an : bn));
    return c ? c : (an > bn) - (an < bn);
}

static void order(uint16_t coll, const char *a, size_t an, const char *b, size_t bn)
{
    int c = pdb_coll_cmp(coll, a, an, b, bn);
    check(sign(c) == -sign(pdb_coll_cmp(coll, b, bn, a, an)));
    check(pdb_coll_eq(coll, a, an, b, bn) == (c == 0));
    if (c == 0) check(pdb_coll_hash(coll, a, an) == pdb_coll_hash(coll, b, bn));
    size_t cap = 24 * (an > bn ? an : bn) + 8;
    uint8_t *ka = malloc(cap), *kb = malloc(cap);
    check(ka && kb);
    long la = pdb_coll_sortkey(coll, a, an, ka, cap), lb = pdb_coll_sortkey(coll, b, bn, kb, cap);
    if (la >= 0 && lb >= 0 && pdb_coll_sort_differs(coll)) {
        /* filesort's own order (big5: strokes), not cmp's: equal strings still get
           equal keys once padded to one length, as filesort pads them */
        int pad = pdb_coll_sortkey_pad(coll);
        for (; pad >= 0 && la < lb; la++) ka[la] = (uint8_t)pad;
        for (; pad >= 0 && lb < la; lb++) kb[lb] = (uint8_t)pad;
        if (c == 0) check(key_cmp(ka, la, kb, lb) == 0);
    } else if (la >= 0 && lb >= 0) {
        check(sign(key_cmp(ka, la, kb, lb)) == sign(c));
    }
    size_t w = pdb_coll_weight_string(coll, a, an, 0, ka, cap);
    check(w <= cap);
    w = pdb_coll_weight_string(coll, b, bn, (uint32_t)(an % 40), kb, cap);
    check(w <= cap);
    free(ka);
    free(kb);
}

static void cases(uint16_t coll, const char *s, size_t n)
{
    for (size_t i = 0; i < n && i < 64; i++) {
        int32_t cp = (unsigned char)s[i];
        if (i + 3 < n) memcpy(&cp, s + i, 4);
        pdb_coll_toupper(coll, cp);
        pdb_coll_tolower(coll, cp);
        pdb_coll_char_eq(coll, cp, (unsigned char)s[i]);
    }
}

static bool has_wild(const char *s, size_t n, int esc)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] == '%' || s[i] == '_' || s[i] == esc) return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!nids) init_ids();
    fz_in in = { data, size };
    uint16_t coll = ids[fz_u16(&in) % nids];
    uint8_t m = fz_u8(&in);
    int esc = m & 1 ? '\\' : m & 2 ? '|' : (m & 4 ? '%' : '_');
    size_t an;
    const uint8_t *pa = fz_part(&in, 0, &an);
    /* private copies, so ASan sees the exact end of each string */
    char *a = malloc(an ? an : 1), *b = malloc(in.n ? in.n : 1);
    check(a && b);
    memcpy(a, pa, an);
    memcpy(b, in.p, in.n);
    size_t bn = in.n;
    order(coll, a, an, b, bn);
    cases(coll, a, an);
    ex_like(a, an, b, bn, esc, coll);
    if (m & 8) ex_like(a, an, b, bn, '\\', 63);
    if (!has_wild(a, an, esc)) check(ex_like(a, an, a, an, esc, coll) || !pdb_coll_eq(coll, a, an, a, an));
    free(a);
    free(b);
    return 0;
}
