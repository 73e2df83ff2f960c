/* test_storage.c - storage primitives: the log checksum, the shared-lock holder table. */
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

/* The shared-lock holder table (mvcc.c): random grants and releases over a few tables
 * against a plain list; the holder a writer waits for is the earliest granted other. */
Test(mvcc, share_holders_random)
{
    static stor_table tabs[3];
    enum { ROWS = 700, IDS = 5, N = ROWS * 3 * IDS };
    static uint32_t order[N];       /* grant sequence per (table, row, id); 0 = not held */
    uint32_t seq = 0;
    uint64_t rs = 12345;
    for (int op = 0; op < 60000; op++) {
        rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
        uint32_t t = (uint32_t)(rs % 3), row = (uint32_t)((rs >> 8) % ROWS), id = (uint32_t)((rs >> 24) % IDS) + 1;
        uint32_t k = (t * ROWS + row) * IDS + (id - 1);
        bool add = ((rs >> 40) % 5) < (op < 30000 ? 4u : 2u);
        if (add) {
            int r = mvcc_share_add(&tabs[t], row, id);
            cr_assert_eq(r, order[k] ? 1 : 0);
            if (!order[k]) order[k] = ++seq;
        } else {
            mvcc_share_drop(&tabs[t], row, id);
            order[k] = 0;
        }
        if (op % 997 == 0 || op > 59000) {
            for (uint32_t tt = 0; tt < 3; tt++)
                for (uint32_t rr = 0; rr < ROWS; rr++) {
                    uint32_t base = (tt * ROWS + rr) * IDS;
                    bool any = false;
                    for (uint32_t i = 0; i < IDS; i++) any |= order[base + i] != 0;
                    cr_assert_eq(mvcc_share_any(&tabs[tt], rr), any);
                    for (uint64_t me = 0; me <= IDS; me += 2) {
                        uint64_t want = 0;
                        uint32_t best = 0;
                        for (uint32_t i = 0; i < IDS; i++)
                            if (order[base + i] && i + 1 != me && (!best || order[base + i] < best)) { best = order[base + i]; want = i + 1; }
                        cr_assert_eq(mvcc_share_other(&tabs[tt], rr, me), want);
                    }
                }
        }
    }
    /* a dropped table takes its entries along */
    mvcc_forget_table(&tabs[1]);
    for (uint32_t rr = 0; rr < ROWS; rr++) cr_assert(!mvcc_share_any(&tabs[1], rr));
    for (uint32_t rr = 0; rr < ROWS; rr++) {
        bool any = false;
        for (uint32_t i = 0; i < IDS; i++) any |= order[rr * IDS + i] != 0;
        cr_assert_eq(mvcc_share_any(&tabs[0], rr), any);
    }
}
