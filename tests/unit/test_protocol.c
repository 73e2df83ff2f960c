/* test_protocol.c - unit tests for protocol/: buffers, lenenc, the framer and packet splitting. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/protocol.h"

static void expect_bytes(const uint8_t *got, size_t gn, const uint8_t *exp, size_t en)
{
    cr_assert_eq(gn, en, "length %zu, expected %zu", gn, en);
    for (size_t i = 0; i < en; i++)
        cr_assert_eq(got[i], exp[i], "byte %zu is 0x%02x, expected 0x%02x", i, got[i], exp[i]);
}

/* ---- proto_buf / proto_rd basics ---- */

Test(proto_buf, put_fixed_little_endian)
{
    proto_buf b;
    proto_buf_init(&b);
    cr_assert_eq(proto_buf_put_u8(&b, 0x12), 0);
    cr_assert_eq(proto_buf_put_u16(&b, 0x3456), 0);
    cr_assert_eq(proto_buf_put_u24(&b, 0x789abc), 0);
    cr_assert_eq(proto_buf_put_u32(&b, 0xdef01234u), 0);
    cr_assert_eq(proto_buf_put_u64(&b, 0x0102030405060708ull), 0);
    cr_assert_eq(proto_buf_put_nul_str(&b, "ab"), 0);
    static const uint8_t exp[] = {0x12, 0x56, 0x34, 0xbc, 0x9a, 0x78, 0x34, 0x12, 0xf0, 0xde,
                                  8, 7, 6, 5, 4, 3, 2, 1, 'a', 'b', 0};
    expect_bytes(b.data, b.len, exp, sizeof exp);

    proto_rd r;
    proto_rd_init(&r, b.data, b.len);
    cr_assert_eq(proto_rd_u8(&r), 0x12);
    cr_assert_eq(proto_rd_u16(&r), 0x3456);
    cr_assert_eq(proto_rd_u24(&r), 0x789abc);
    cr_assert_eq(proto_rd_u32(&r), 0xdef01234u);
    cr_assert_eq(proto_rd_u64(&r), 0x0102030405060708ull);
    const uint8_t *s;
    size_t n;
    cr_assert_eq(proto_rd_nul_str(&r, &s, &n), 0);
    cr_assert_eq(n, 2);
    cr_assert_eq(memcmp(s, "ab", 2), 0);
    cr_assert_eq(proto_rd_left(&r), 0);
    cr_assert_eq(r.bad, 0);
    proto_buf_free(&b);
    cr_assert_null(b.data);
}

Test(proto_buf, consume_and_reset)
{
    proto_buf b;
    proto_buf_init(&b);
    cr_assert_eq(proto_buf_put(&b, "hello world", 11), 0);
    proto_buf_consume(&b, 6);
    expect_bytes(b.data, b.len, (const uint8_t *)"world", 5);
    proto_buf_consume(&b, 100);
    cr_assert_eq(b.len, 0);
    cr_assert_eq(proto_buf_put(&b, "x", 1), 0);
    size_t cap = b.cap;
    proto_buf_reset(&b);
    cr_assert_eq(b.len, 0);
    cr_assert_eq(b.cap, cap);
    cr_assert_eq(proto_buf_put(&b, NULL, 0), 0);
    cr_assert_eq(proto_buf_reserve(&b, SIZE_MAX), PROTO_ENOMEM);
    cr_assert_eq(proto_buf_reserve(&b, (size_t)PTRDIFF_MAX + 1), PROTO_ENOMEM);
    cr_assert_eq(b.len, 0);
    proto_buf_free(&b);
}

Test(proto_rd, overrun_is_sticky)
{
    static const uint8_t d[] = {1, 2, 3};
    proto_rd r;
    proto_rd_init(&r, d, sizeof d);
    cr_assert_eq(proto_rd_u16(&r), 0x0201);
    cr_assert_eq(proto_rd_u16(&r), 0);
    cr_assert(r.bad);
    cr_assert_eq(proto_rd_u8(&r), 0);       /* the 3rd byte is not returned after failure */
    cr_assert_eq(proto_rd_left(&r), 0);
    const uint8_t *s;
    size_t n;
    cr_assert_eq(proto_rd_bytes(&r, 0, &s), PROTO_ETRUNC);
    cr_assert_eq(proto_rd_nul_str(&r, &s, &n), PROTO_ETRUNC);

    proto_rd_init(&r, d, sizeof d);
    cr_assert_eq(proto_rd_nul_str(&r, &s, &n), PROTO_ETRUNC);  /* no NUL */
    cr_assert(r.bad);

    proto_rd_init(&r, NULL, 0);
    cr_assert_eq(proto_rd_left(&r), 0);
    cr_assert_eq(proto_rd_u8(&r), 0);
    cr_assert(r.bad);
}

/* ---- length-encoded integers and strings ---- */

Test(proto_lenenc, int_round_trip_at_boundaries)
{
    static const struct { uint64_t v; size_t size; uint8_t first; } cases[] = {
        {0, 1, 0x00},
        {1, 1, 0x01},
        {250, 1, 0xfa},
        {251, 3, 0xfc},
        {252, 3, 0xfc},
        {65535, 3, 0xfc},
        {65536, 4, 0xfd},
        {(1ull << 24) - 1, 4, 0xfd},
        {1ull << 24, 9, 0xfe},
        {1ull << 32, 9, 0xfe},
        {UINT64_MAX - 1, 9, 0xfe},
        {UINT64_MAX, 9, 0xfe},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        proto_buf b;
        proto_buf_init(&b);
        cr_assert_eq(proto_buf_put_lenenc_int(&b, cases[i].v), 0);
        cr_assert_eq(b.len, cases[i].size, "value %llu: %zu bytes",
                     (unsigned long long)cases[i].v, b.len);
        cr_assert_eq(b.data[0], cases[i].first);
        proto_rd r;
        int is_null = 7;
        proto_rd_init(&r, b.data, b.len);
        cr_assert_eq(proto_rd_lenenc_int(&r, &is_null), cases[i].v);
        cr_assert_eq(is_null, 0);
        cr_assert_eq(r.bad, 0);
        cr_assert_eq(proto_rd_left(&r), 0);
        /* every strict prefix is truncated */
        for (size_t k = 0; k < b.len; k++) {
            proto_rd_init(&r, b.data, k);
            cr_assert_eq(proto_rd_lenenc_int(&r, &is_null), 0);
            cr_assert(r.bad);
        }
        proto_buf_free(&b);
    }
    /* exact bytes of the multi-byte forms */
    proto_buf b;
    proto_buf_init(&b);
    proto_buf_put_lenenc_int(&b, 0xfb);
    proto_buf_put_lenenc_int(&b, 0x123456);
    proto_buf_put_lenenc_int(&b, 0x0102030405060708ull);
    static const uint8_t exp[] = {0xfc, 0xfb, 0x00, 0xfd, 0x56, 0x34, 0x12,
                                  0xfe, 8, 7, 6, 5, 4, 3, 2, 1};
    expect_bytes(b.data, b.len, exp, sizeof exp);
    proto_buf_free(&b);
}

Test(proto_lenenc, null_and_invalid_markers)
{
    static const uint8_t fb[] = {0xfb, 0x05};
    static const uint8_t ff[] = {0xff, 0x05};
    proto_rd r;
    int is_null = 0;
    proto_rd_init(&r, fb, sizeof fb);
    cr_assert_eq(proto_rd_lenenc_int(&r, &is_null), 0);
    cr_assert_eq(is_null, 1);
    cr_assert_eq(r.bad, 0);
    cr_assert_eq(proto_rd_lenenc_int(&r, &is_null), 5);
    cr_assert_eq(is_null, 0);

    proto_rd_init(&r, fb, sizeof fb);
    proto_rd_lenenc_int(&r, NULL);            /* NULL where NULL is not allowed */
    cr_assert(r.bad);

    proto_rd_init(&r, ff, sizeof ff);
    proto_rd_lenenc_int(&r, &is_null);
    cr_assert(r.bad);

    const uint8_t *s;
    size_t n;
    proto_rd_init(&r, fb, sizeof fb);
    cr_assert_eq(proto_rd_lenenc_str(&r, &s, &n), PROTO_EBAD);
    proto_rd_init(&r, ff, sizeof ff);
    cr_assert_eq(proto_rd_lenenc_str(&r, &s, &n), PROTO_EBAD);
}

Test(proto_lenenc, strings)
{
    static const size_t lens[] = {0, 1, 250, 251, 65535, 65536, 70000};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t n = lens[i];
        uint8_t *src = malloc(n + 1);
        for (size_t k = 0; k < n; k++)
            src[k] = (uint8_t)(k * 7 + 3);
        proto_buf b;
        proto_buf_init(&b);
        cr_assert_eq(proto_buf_put_lenenc_str(&b, src, n), 0);
        size_t hdr = n < 251 ? 1 : n < 65536 ? 3 : 4;
        cr_assert_eq(b.len, hdr + n);
        proto_rd r;
        const uint8_t *s;
        size_t sn;
        proto_rd_init(&r, b.data, b.len);
        cr_assert_eq(proto_rd_lenenc_str(&r, &s, &sn), 0);
        cr_assert_eq(sn, n);
        cr_assert(n == 0 || memcmp(s, src, n) == 0);
        cr_assert_eq(proto_rd_left(&r), 0);
        /* one byte short */
        proto_rd_init(&r, b.data, b.len - 1);
        cr_assert_eq(proto_rd_lenenc_str(&r, &s, &sn), PROTO_ETRUNC);
        cr_assert_null(s);
        cr_assert(r.bad);
        proto_buf_free(&b);
        free(src);
    }
    /* a length announcing more than there is */
    static const uint8_t big[] = {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 'x'};
    proto_rd r;
    const uint8_t *s;
    size_t sn;
    proto_rd_init(&r, big, sizeof big);
    cr_assert_eq(proto_rd_lenenc_str(&r, &s, &sn), PROTO_ETRUNC);
}

/* ---- writing packets ---- */

Test(proto_packet, small_packet_header)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 3;
    cr_assert_eq(proto_write_packet(&b, &seq, "\x03SELECT 1", 9), 0);
    cr_assert_eq(seq, 4);
    static const uint8_t exp[] = {9, 0, 0, 3, 3, 'S', 'E', 'L', 'E', 'C', 'T', ' ', '1'};
    expect_bytes(b.data, b.len, exp, sizeof exp);
    /* empty payload */
    seq = 255;
    cr_assert_eq(proto_write_packet(&b, &seq, NULL, 0), 0);
    cr_assert_eq(seq, 0);
    static const uint8_t exp2[] = {0, 0, 0, 255};
    expect_bytes(b.data + sizeof exp, b.len - sizeof exp, exp2, sizeof exp2);
    /* bad offsets */
    cr_assert_eq(proto_pkt_end(&b, 2, &seq), PROTO_EBAD);
    cr_assert_eq(proto_pkt_end(&b, b.len + 1, &seq), PROTO_EBAD);
    proto_buf_free(&b);
}

static uint8_t pattern_byte(size_t i)
{
    return (uint8_t)((i * 2654435761u) >> 13);
}

/* Writes a payload of n bytes with begin/end after a 2-byte prefix, checks the packet
 * headers, then frames it back through chunked feeds. */
static void big_round_trip(size_t n, size_t chunk)
{
    proto_buf b;
    proto_buf_init(&b);
    cr_assert_eq(proto_buf_put(&b, "zz", 2), 0);       /* something already in the buffer */
    size_t off;
    cr_assert_eq(proto_pkt_begin(&b, &off), 0);
    cr_assert_eq(off, 6);
    cr_assert_eq(proto_buf_reserve(&b, n), 0);
    for (size_t i = 0; i < n; i++)
        b.data[b.len + i] = pattern_byte(i);
    b.len += n;
    uint8_t seq = 250;
    cr_assert_eq(proto_pkt_end(&b, off, &seq), 0);

    size_t npk = n / PROTO_MAX_PAYLOAD + 1;
    cr_assert_eq(seq, (uint8_t)(250 + npk));
    cr_assert_eq(b.len, 2 + n + 4 * npk);
    /* headers */
    size_t pos = 2;
    for (size_t k = 0; k < npk; k++) {
        size_t want = k < npk - 1 ? PROTO_MAX_PAYLOAD : n - k * PROTO_MAX_PAYLOAD;
        size_t got = b.data[pos] | b.data[pos + 1] << 8 | (size_t)b.data[pos + 2] << 16;
        cr_assert_eq(got, want, "packet %zu length %zu, expected %zu", k, got, want);
        cr_assert_eq(b.data[pos + 3], (uint8_t)(250 + k));
        pos += 4 + got;
    }
    cr_assert_eq(pos, b.len);

    proto_framer f;
    proto_framer_init(&f, 3 * (size_t)PROTO_MAX_PAYLOAD);
    int rc = 0;
    for (size_t at = 2; at < b.len; at += chunk) {
        cr_assert_eq(rc, 0, "payload yielded early at %zu", at);
        size_t k = b.len - at < chunk ? b.len - at : chunk;
        cr_assert_eq(proto_framer_feed(&f, b.data + at, k), 0);
        rc = proto_framer_next(&f);
    }
    cr_assert_eq(rc, 1);
    cr_assert_eq(f.payload.len, n);
    for (size_t i = 0; i < n; i++)
        if (f.payload.data[i] != pattern_byte(i))
            cr_assert_fail("payload differs at %zu", i);
    cr_assert_eq(f.seq, (uint8_t)(250 + npk));
    cr_assert_eq(f.in.len, 0);
    cr_assert_eq(proto_framer_next(&f), 0);
    proto_framer_free(&f);
    proto_buf_free(&b);
}

Test(proto_packet, exactly_max_payload, .timeout = 60)
{
    big_round_trip(PROTO_MAX_PAYLOAD, 1 << 20);
}

Test(proto_packet, max_payload_plus_one, .timeout = 60)
{
    big_round_trip(PROTO_MAX_PAYLOAD + 1, 65537);
}

Test(proto_packet, twice_max_payload, .timeout = 60)
{
    big_round_trip(2 * (size_t)PROTO_MAX_PAYLOAD, 3000001);
}

Test(proto_packet, just_below_max_payload, .timeout = 60)
{
    big_round_trip(PROTO_MAX_PAYLOAD - 1, 1 << 22);
}

/* ---- framer ---- */

static void put_hdr(proto_buf *b, size_t len, uint8_t seq)
{
    proto_buf_put_u24(b, (uint32_t)len);
    proto_buf_put_u8(b, seq);
}

Test(proto_framer, one_byte_feeds)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 0;
    cr_assert_eq(proto_write_packet(&b, &seq, "\x03select @@version", 18), 0);
    seq = 0;
    cr_assert_eq(proto_write_packet(&b, &seq, "\x0e", 1), 0);

    proto_framer f;
    proto_framer_init(&f, 1 << 20);
    size_t i = 0;
    for (; i < 22; i++) {
        cr_assert_eq(proto_framer_next(&f), 0);
        cr_assert_eq(proto_framer_feed(&f, b.data + i, 1), 0);
    }
    cr_assert_eq(proto_framer_next(&f), 1);
    expect_bytes(f.payload.data, f.payload.len, (const uint8_t *)"\x03select @@version", 18);
    cr_assert_eq(f.seq, 1);
    cr_assert_eq(proto_framer_next(&f), 0);
    for (; i < b.len; i++) {
        cr_assert_eq(proto_framer_next(&f), 0);
        cr_assert_eq(proto_framer_feed(&f, b.data + i, 1), 0);
    }
    cr_assert_eq(proto_framer_next(&f), 1);
    expect_bytes(f.payload.data, f.payload.len, (const uint8_t *)"\x0e", 1);
    cr_assert_eq(proto_framer_next(&f), 0);
    proto_framer_free(&f);
    proto_buf_free(&b);
}

Test(proto_framer, pipelined_and_empty_payloads)
{
    proto_buf b;
    proto_buf_init(&b);
    put_hdr(&b, 0, 7);
    put_hdr(&b, 1, 0);
    proto_buf_put_u8(&b, 0x0e);
    put_hdr(&b, 2, 9);       /* incomplete */
    proto_buf_put_u8(&b, 0x02);
    proto_framer f;
    proto_framer_init(&f, 100);
    cr_assert_eq(proto_framer_feed(&f, b.data, b.len), 0);
    cr_assert_eq(proto_framer_next(&f), 1);
    cr_assert_eq(f.payload.len, 0);
    cr_assert_eq(f.seq, 8);
    cr_assert_eq(proto_framer_next(&f), 1);     /* check_seq 0: resync to id 0 */
    expect_bytes(f.payload.data, f.payload.len, (const uint8_t *)"\x0e", 1);
    cr_assert_eq(f.seq, 1);
    cr_assert_eq(proto_framer_next(&f), 0);
    cr_assert_eq(proto_framer_feed(&f, "x", 1), 0);
    cr_assert_eq(proto_framer_next(&f), 1);
    expect_bytes(f.payload.data, f.payload.len, (const uint8_t *)"\x02x", 2);
    cr_assert_eq(f.seq, 10);
    proto_framer_free(&f);
    proto_buf_free(&b);
}

Test(proto_framer, check_seq_on_first_packet)
{
    proto_buf b;
    proto_buf_init(&b);
    put_hdr(&b, 1, 3);
    proto_buf_put_u8(&b, 0x01);
    proto_framer f;
    proto_framer_init(&f, 100);
    f.check_seq = 1;
    f.seq = 2;
    cr_assert_eq(proto_framer_feed(&f, b.data, b.len), 0);
    cr_assert_eq(proto_framer_next(&f), PROTO_ESEQ);
    cr_assert_eq(proto_framer_next(&f), PROTO_ESEQ);     /* stays stuck */
    proto_framer_free(&f);

    proto_framer_init(&f, 100);
    f.check_seq = 1;
    f.seq = 3;
    cr_assert_eq(proto_framer_feed(&f, b.data, b.len), 0);
    cr_assert_eq(proto_framer_next(&f), 1);
    cr_assert_eq(f.seq, 4);
    proto_framer_free(&f);
    proto_buf_free(&b);
}

Test(proto_framer, wrong_continuation_seq, .timeout = 60)
{
    /* a full 0xffffff packet with id 4 followed by a continuation with id 6 (not 5) */
    proto_buf b;
    proto_buf_init(&b);
    put_hdr(&b, PROTO_MAX_PAYLOAD, 4);
    cr_assert_eq(proto_buf_reserve(&b, PROTO_MAX_PAYLOAD), 0);
    memset(b.data + b.len, 'a', PROTO_MAX_PAYLOAD);
    b.len += PROTO_MAX_PAYLOAD;
    put_hdr(&b, 1, 6);
    proto_buf_put_u8(&b, 'b');
    proto_framer f;
    proto_framer_init(&f, 2 * (size_t)PROTO_MAX_PAYLOAD);
    cr_assert_eq(proto_framer_feed(&f, b.data, b.len - 5), 0);
    cr_assert_eq(proto_framer_next(&f), 0);
    cr_assert_eq(proto_framer_feed(&f, b.data + b.len - 5, 4), 0);  /* the bad header */
    cr_assert_eq(proto_framer_next(&f), PROTO_ESEQ);
    proto_framer_free(&f);

    /* fixed up (id 5) it frames; and 255 wraps to 0 */
    b.data[4 + PROTO_MAX_PAYLOAD + 3] = 5;
    proto_framer_init(&f, 2 * (size_t)PROTO_MAX_PAYLOAD);
    cr_assert_eq(proto_framer_feed(&f, b.data, b.len), 0);
    cr_assert_eq(proto_framer_next(&f), 1);
    cr_assert_eq(f.payload.len, (size_t)PROTO_MAX_PAYLOAD + 1);
    cr_assert_eq(f.payload.data[PROTO_MAX_PAYLOAD], 'b');
    cr_assert_eq(f.seq, 6);
    b.data[3] = 255;
    b.data[4 + PROTO_MAX_PAYLOAD + 3] = 0;
    cr_assert_eq(proto_framer_feed(&f, b.data, b.len), 0);
    cr_assert_eq(proto_framer_next(&f), 1);
    cr_assert_eq(f.seq, 1);
    proto_framer_free(&f);
    proto_buf_free(&b);
}

Test(proto_framer, too_big_single_packet_is_skipped)
{
    proto_buf b;
    proto_buf_init(&b);
    put_hdr(&b, 200, 0);
    for (int i = 0; i < 200; i++)
        proto_buf_put_u8(&b, 'x');
    put_hdr(&b, 1, 0);
    proto_buf_put_u8(&b, 0x0e);

    proto_framer f;
    proto_framer_init(&f, 100);
    cr_assert_eq(proto_framer_feed(&f, b.data, 10), 0);      /* header + 6 body bytes */
    cr_assert_eq(proto_framer_next(&f), PROTO_ETOOBIG);
    cr_assert_eq(f.seq, 1);
    cr_assert(proto_framer_skipping(&f));
    cr_assert_eq(f.in.len, 0);
    cr_assert_eq(proto_framer_next(&f), 0);
    cr_assert_eq(proto_framer_feed(&f, b.data + 10, 150), 0);
    cr_assert_eq(f.in.len, 0);                                  /* nothing buffered */
    cr_assert_eq(proto_framer_next(&f), 0);
    cr_assert(proto_framer_skipping(&f));
    /* the rest of the body and the next command in one feed */
    cr_assert_eq(proto_framer_feed(&f, b.data + 160, b.len - 160), 0);
    cr_assert_eq(proto_framer_next(&f), 1);
    cr_assert_eq(proto_framer_skipping(&f), 0);
    expect_bytes(f.payload.data, f.payload.len, (const uint8_t *)"\x0e", 1);
    proto_framer_free(&f);
    proto_buf_free(&b);
}

Test(proto_framer, too_big_multi_packet_is_skipped, .timeout = 60)
{
    /* limit 0xffffff + 10: the first full packet fits, the continuation pushes it over */
    proto_buf b;
    proto_buf_init(&b);
    put_hdr(&b, PROTO_MAX_PAYLOAD, 0);
    cr_assert_eq(proto_buf_reserve(&b, PROTO_MAX_PAYLOAD), 0);
    memset(b.data + b.len, 'a', PROTO_MAX_PAYLOAD);
    b.len += PROTO_MAX_PAYLOAD;
    put_hdr(&b, PROTO_MAX_PAYLOAD, 1);
    size_t second = b.len;
    cr_assert_eq(proto_buf_reserve(&b, PROTO_MAX_PAYLOAD), 0);
    memset(b.data + b.len, 'b', PROTO_MAX_PAYLOAD);
    b.len += PROTO_MAX_PAYLOAD;
    put_hdr(&b, 20, 2);
    for (int i = 0; i < 20; i++)
        proto_buf_put_u8(&b, 'c');
    size_t cmd = b.len;
    put_hdr(&b, 1, 0);
    proto_buf_put_u8(&b, 0x0e);

    proto_framer f;
    proto_framer_init(&f, (size_t)PROTO_MAX_PAYLOAD + 10);
    cr_assert_eq(proto_framer_feed(&f, b.data, second + 100), 0);
    cr_assert_eq(proto_framer_next(&f), PROTO_ETOOBIG);
    cr_assert(proto_framer_skipping(&f));
    cr_assert_eq(f.in.len, 0);
    for (size_t at = second + 100; at < cmd; at += 1 << 20) {
        size_t k = cmd - at < (1 << 20) ? cmd - at : (1 << 20);
        cr_assert_eq(proto_framer_feed(&f, b.data + at, k), 0);
        cr_assert_eq(proto_framer_next(&f), 0);
        cr_assert(f.in.len < 4);
    }
    cr_assert_eq(proto_framer_skipping(&f), 0);
    cr_assert_eq(f.seq, 3);
    cr_assert_eq(proto_framer_feed(&f, b.data + cmd, b.len - cmd), 0);
    cr_assert_eq(proto_framer_next(&f), 1);
    expect_bytes(f.payload.data, f.payload.len, (const uint8_t *)"\x0e", 1);
    proto_framer_free(&f);
    proto_buf_free(&b);
}

Test(proto_framer, random_chunking_many_packets)
{
    /* many payloads of assorted sizes, fed in random-sized chunks */
    uint64_t s = 88172645463325252ull;
    proto_buf b;
    proto_buf_init(&b);
    size_t lens[200];
    for (int k = 0; k < 200; k++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        lens[k] = s % 3000;
        uint8_t seq = (uint8_t)k;
        size_t off;
        cr_assert_eq(proto_pkt_begin(&b, &off), 0);
        for (size_t i = 0; i < lens[k]; i++)
            proto_buf_put_u8(&b, (uint8_t)(k + i));
        cr_assert_eq(proto_pkt_end(&b, off, &seq), 0);
    }
    proto_framer f;
    proto_framer_init(&f, 0);
    size_t at = 0;
    int got = 0;
    while (got < 200) {
        int rc = proto_framer_next(&f);
        cr_assert_geq(rc, 0);
        if (rc == 1) {
            cr_assert_eq(f.payload.len, lens[got]);
            for (size_t i = 0; i < lens[got]; i++)
                cr_assert_eq(f.payload.data[i], (uint8_t)(got + i));
            cr_assert_eq(f.seq, (uint8_t)(got + 1));
            got++;
            continue;
        }
        cr_assert_lt(at, b.len);
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        size_t k = 1 + s % 5000;
        if (k > b.len - at)
            k = b.len - at;
        cr_assert_eq(proto_framer_feed(&f, b.data + at, k), 0);
        at += k;
    }
    cr_assert_eq(at, b.len);
    proto_framer_free(&f);
    proto_buf_free(&b);
}
