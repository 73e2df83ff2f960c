/* test_collation.c - collation compare/eq/hash agreement, PAD SPACE, LIKE character equality. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "storage/storage.h"

static int sign(int x) { return (x > 0) - (x < 0); }

/* The orders themselves are checked against MariaDB by tests/collation/run.py; here:
 * compare, equality and hashing agree with one another on every path (the printable
 * ASCII shortcut of pdb_coll_eq, the table scanner, PAD SPACE). */
Test(collation, compare_eq_and_hash_agree)
{
    static const uint16_t ids[] = { 8, 33, 45, 46, 47, 48, 192, 224, 246, 2304 };
    static const char *frag[] = { "a", "A", "e", "\xc3\xa9", "\xc3\x89", " ", "  ", "\t", "_", "-", "ss", "\xc3\x9f",
                                  "\xc3\xa6", "ae", "\xe2\x80\x8b", "\xc2\xa0", "\xf0\x9f\x98\x80", "1", "z", "'" };
    const int nf = sizeof frag / sizeof frag[0];
    srand(42);
    char a[64], b[64];
    for (size_t c = 0; c < sizeof ids / sizeof ids[0]; c++) {
        uint16_t id = ids[c];
        for (int i = 0; i < 4000; i++) {
            size_t la = 0, lb = 0;
            int ka = rand() % 5, kb = rand() % 5;
            for (int k = 0; k < ka; k++) { const char *f = frag[rand() % nf]; memcpy(a + la, f, strlen(f)); la += strlen(f); }
            if (i % 3 == 0) { memcpy(b, a, la); lb = la; for (size_t k = 0; k < lb; k++) if ((b[k] | 0x20) >= 'a' && (b[k] | 0x20) <= 'z') b[k] ^= 0x20; }
            else for (int k = 0; k < kb; k++) { const char *f = frag[rand() % nf]; memcpy(b + lb, f, strlen(f)); lb += strlen(f); }
            int ab = sign(pdb_coll_cmp(id, a, la, b, lb)), ba = sign(pdb_coll_cmp(id, b, lb, a, la));
            cr_assert_eq(ab, -ba, "coll %d: '%.*s' vs '%.*s': %d / %d", id, (int)la, a, (int)lb, b, ab, ba);
            cr_assert_eq(ab == 0, pdb_coll_eq(id, a, la, b, lb), "coll %d: eq '%.*s' '%.*s'", id, (int)la, a, (int)lb, b);
            if (ab == 0)
                cr_assert_eq(pdb_coll_hash(id, a, la), pdb_coll_hash(id, b, lb), "coll %d: hash '%.*s' '%.*s'", id, (int)la, a, (int)lb, b);
        }
    }
}

Test(collation, pad_space_compares_the_rest_with_spaces)
{
    /* MariaDB: what is left of the longer string is compared with spaces */
    cr_assert_lt(pdb_coll_cmp(COLL_UTF8MB4_GENERAL_CI, "a\t", 2, "a", 1), 0);
    cr_assert_eq(pdb_coll_cmp(COLL_UTF8MB4_GENERAL_CI, "a  ", 3, "a", 1), 0);
    cr_assert_lt(pdb_coll_cmp(COLL_LATIN1_SWEDISH_CI, "a\x01", 2, "a ", 2), 0);
    cr_assert_eq(pdb_coll_cmp(COLL_UTF8MB4_UNICODE_520_CI, "a\xe2\x80\x8b", 4, "a ", 2), 0);   /* ignorable */
    /* but in LIKE a character is compared with its own weights: an ignorable one is no space */
    cr_assert(!pdb_coll_char_eq(COLL_UTF8MB4_UNICODE_520_CI, ' ', 0x200b));
    cr_assert(pdb_coll_char_eq(COLL_UTF8MB4_UNICODE_520_CI, 'e', 0xe9));
    cr_assert_eq(pdb_coll_toupper(COLL_UTF8MB4_UNICODE_520_CI, 0xe9), 0xc9);
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
