/* test_wal_scan.c - stor_wal_scan_buf: a log's frames, a torn tail, damage before the
 * end; any bytes are read within bounds. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "storage/storage.h"
#include "storage/wal.h"

static uint8_t log_buf[1 << 16];

/* Appends a frame [len][crc][payload] at off; returns the offset after it. */
static size_t put_frame(size_t off, const char *payload, uint32_t len)
{
    uint32_t crc = wal_crc32_update(0, payload, len);
    memcpy(log_buf + off, &len, 4);
    memcpy(log_buf + off + 4, &crc, 4);
    memcpy(log_buf + off + 8, payload, len);
    return off + 8 + len;
}

/* A generation frame, then k commit frames ('D' records of table d.t); *offs gets each
 * frame's offset. Returns the end; the rest of the buffer is zeros (preallocation). */
static size_t build(int k, size_t *offs)
{
    memset(log_buf, 0, sizeof log_buf);
    char g[9] = { 'G' };
    uint64_t gen = 7;
    memcpy(g + 1, &gen, 8);
    size_t off = put_frame(0, g, 9);
    for (int i = 0; i < k; i++) {
        char rec[64];
        uint32_t one = 1, row = (uint32_t)i;
        size_t n = 0;
        rec[n++] = 'D';
        memcpy(rec + n, &one, 4); n += 4; rec[n++] = 'd';
        memcpy(rec + n, &one, 4); n += 4; rec[n++] = 't';
        memcpy(rec + n, &row, 4); n += 4;
        offs[i] = off;
        off = put_frame(off, rec, (uint32_t)n);
    }
    return off;
}

Test(wal_scan, clean_log_then_zeros)
{
    size_t offs[10];
    size_t end = build(10, offs);
    stor_wal_scan sc;
    stor_wal_scan_buf(log_buf, sizeof log_buf, &sc);
    cr_assert_eq(sc.status, STOR_WAL_CLEAN);
    cr_assert(sc.has_gen && sc.gen == 7);
    cr_assert_eq(sc.nframes, 11);
    cr_assert_eq(sc.end, end);
    stor_wal_scan_buf(log_buf, end, &sc);   /* no preallocated zeros */
    cr_assert_eq(sc.status, STOR_WAL_CLEAN);
    stor_wal_scan_buf(NULL, 0, &sc);
    cr_assert_eq(sc.status, STOR_WAL_CLEAN);
    cr_assert_eq(sc.end, 0);
}

Test(wal_scan, bad_last_frame_is_torn)
{
    size_t offs[10];
    size_t end = build(10, offs);
    log_buf[end - 1] ^= 0x20;
    stor_wal_scan sc;
    stor_wal_scan_buf(log_buf, sizeof log_buf, &sc);
    cr_assert_eq(sc.status, STOR_WAL_TORN);
    cr_assert_eq(sc.end, offs[9]);
    cr_assert_eq(sc.nframes, 10);
    stor_wal_scan_buf(log_buf, end - 3, &sc);   /* cut short */
    cr_assert_eq(sc.status, STOR_WAL_TORN);
    cr_assert_eq(sc.end, offs[9]);
}

Test(wal_scan, bad_middle_frame_is_damage)
{
    size_t offs[10];
    build(10, offs);
    log_buf[offs[4] + 10] ^= 0x01;
    stor_wal_scan sc;
    stor_wal_scan_buf(log_buf, sizeof log_buf, &sc);
    cr_assert_eq(sc.status, STOR_WAL_DAMAGED);
    cr_assert_eq(sc.end, offs[4]);
    cr_assert_eq(sc.nframes, 5);
    cr_assert_eq(sc.next_valid, offs[5]);
}

Test(wal_scan, damaged_length_or_zeroed_header_is_damage)
{
    size_t offs[10];
    build(10, offs);
    log_buf[offs[3] + 3] ^= 0x80;          /* the length runs past the end */
    stor_wal_scan sc;
    stor_wal_scan_buf(log_buf, sizeof log_buf, &sc);
    cr_assert_eq(sc.status, STOR_WAL_DAMAGED);
    cr_assert_eq(sc.next_valid, offs[4]);
    build(10, offs);
    memset(log_buf + offs[6], 0, 8);        /* a header of zeros: not the end */
    stor_wal_scan_buf(log_buf, sizeof log_buf, &sc);
    cr_assert_eq(sc.status, STOR_WAL_DAMAGED);
    cr_assert_eq(sc.end, offs[6]);
    build(10, offs);
    log_buf[3] ^= 0x04;                     /* the generation frame */
    stor_wal_scan_buf(log_buf, sizeof log_buf, &sc);
    cr_assert_eq(sc.status, STOR_WAL_DAMAGED);
    cr_assert(!sc.has_gen && sc.end == 0);
}

Test(wal_scan, any_bytes_within_bounds)
{
    srand(12345);
    for (int it = 0; it < 2000; it++) {
        size_t n = (size_t)(rand() % 600);
        uint8_t *p = malloc(n ? n : 1);
        size_t offs[10];
        build(10, offs);
        memcpy(p, log_buf, n);
        for (int k = rand() % 8; k > 0 && n; k--) p[rand() % n] = (uint8_t)rand();
        stor_wal_scan sc;
        stor_wal_scan_buf(p, n, &sc);
        cr_assert(sc.end <= n);
        cr_assert(sc.status != STOR_WAL_DAMAGED || (sc.next_valid > sc.end && sc.next_valid < n));
        free(p);
    }
}
