/* test_storage.c - storage primitives: the log checksum. */
#include <criterion/criterion.h>
#include <string.h>
#include "storage/wal.h"

Test(wal, crc32_known_vectors)
{
    cr_assert_eq(wal_crc32_update(0, "123456789", 9), 0xCBF43926u);   /* the IEEE check value */
    cr_assert_eq(wal_crc32_update(0, "", 0), 0u);
    /* streaming in pieces gives the same value as one call */
    const char *s = "The quick brown fox jumps over the lazy dog, twice: the quick brown fox...";
    uint32_t whole = wal_crc32_update(0, s, strlen(s));
    uint32_t part = wal_crc32_update(0, s, 13);
    part = wal_crc32_update(part, s + 13, strlen(s) - 13);
    cr_assert_eq(whole, part);
    cr_assert_eq(wal_crc32_update(0, "The quick brown fox jumps over the lazy dog", 43), 0x414FA339u);
}
