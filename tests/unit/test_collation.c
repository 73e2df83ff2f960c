/* test_collation.c - collation compare/hash agreement and the ASCII fast path. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ucol.h>
#include "storage/storage.h"

static int sign(int x) { return (x > 0) - (x < 0); }

/* ICU's own primary-strength verdict, the reference for the ASCII fast path. */
static int icu_ref(const char *a, const char *b)
{
    UErrorCode st = U_ZERO_ERROR;
    UCollator *c = ucol_open("", &st);
    ucol_setStrength(c, UCOL_PRIMARY);
    size_t an = strlen(a), bn = strlen(b);
    while (an && a[an - 1] == ' ') an--;   /* PAD SPACE */
    while (bn && b[bn - 1] == ' ') bn--;
    UCollationResult r = ucol_strcollUTF8(c, a, (int32_t)an, b, (int32_t)bn, &st);
    ucol_close(c);
    return r == UCOL_LESS ? -1 : r == UCOL_GREATER ? 1 : 0;
}

Test(collation, ascii_fast_path_agrees_with_icu)
{
    srand(42);
    const char alphabet[] = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
    char a[12], b[12];
    for (int i = 0; i < 3000; i++) {
        int la = rand() % 8, lb = rand() % 8;
        for (int k = 0; k < la; k++) a[k] = alphabet[rand() % (sizeof alphabet - 1)];
        for (int k = 0; k < lb; k++) b[k] = alphabet[rand() % (sizeof alphabet - 1)];
        if (i % 3 == 0) {   /* same string with the case of its letters flipped */
            memcpy(b, a, (size_t)la); lb = la;
            for (int k = 0; k < la; k++) if ((b[k] | 0x20) >= 'a' && (b[k] | 0x20) <= 'z') b[k] ^= 0x20;
        }
        a[la] = 0; b[lb] = 0;
        int got = sign(pdb_coll_cmp(COLL_UTF8MB4_UNICODE_520_CI, a, (size_t)la, b, (size_t)lb));
        cr_assert_eq(got, icu_ref(a, b), "'%s' vs '%s': %d", a, b, got);
        if (got == 0)
            cr_assert_eq(pdb_coll_hash(COLL_UTF8MB4_UNICODE_520_CI, a, (size_t)la),
                         pdb_coll_hash(COLL_UTF8MB4_UNICODE_520_CI, b, (size_t)lb), "hash '%s' '%s'", a, b);
    }
}

Test(collation, equal_strings_hash_alike_across_paths)
{
    const char *pairs[][2] = { { "cafe", "CAFÉ" }, { "Siteurl", "siteurl" }, { "resume", "Résumé" },
                               { "zurich ", "Zürich" }, { "aerø", "AERO" } };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const char *x = pairs[i][0], *y = pairs[i][1];
        int c = pdb_coll_cmp(COLL_UTF8MB4_UNICODE_520_CI, x, strlen(x), y, strlen(y));
        if (c == 0)
            cr_assert_eq(pdb_coll_hash(COLL_UTF8MB4_UNICODE_520_CI, x, strlen(x)),
                         pdb_coll_hash(COLL_UTF8MB4_UNICODE_520_CI, y, strlen(y)), "%s / %s", x, y);
    }
    cr_assert_eq(pdb_coll_cmp(COLL_UTF8MB4_UNICODE_520_CI, "cafe", 4, "CAFÉ", 6), 0);
}

Test(collation, supplementary_characters_sort_after_letters_and_differ)
{
    const char *rocket = "\xf0\x9f\x9a\x80", *grin = "\xf0\x9f\x98\x81", *smile = "\xf0\x9f\x98\x80";
    cr_assert_gt(pdb_coll_cmp(COLL_UTF8MB4_UNICODE_520_CI, rocket, 4, "zebra", 5), 0);
    cr_assert_neq(pdb_coll_cmp(COLL_UTF8MB4_UNICODE_520_CI, grin, 4, smile, 4), 0);
    cr_assert_lt(pdb_coll_cmp(COLL_UTF8MB4_UNICODE_520_CI, smile, 4, grin, 4), 0);
}
