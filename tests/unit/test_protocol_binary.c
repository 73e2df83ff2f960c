/* test_protocol_binary.c - unit tests for protocol/: prepared statement codec and binary rows. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/protocol.h"

static void expect_bytes(const uint8_t *got, size_t gn, const uint8_t *exp, size_t en)
{
    cr_assert_eq(gn, en, "length %zu, expected %zu", gn, en);
    for (size_t i = 0; i < en; i++)
        cr_assert_eq(got[i], exp[i], "byte %zu is 0x%02x, expected 0x%02x", i, got[i], exp[i]);
}

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

Test(proto_stmt, prepare_ok_layout)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 1;
    cr_assert_eq(proto_write_stmt_prepare_ok(&b, &seq, 0x01020304, 3, 0x0102, 7), 0);
    cr_assert_eq(seq, 2);
    static const uint8_t exp[] = {12, 0, 0, 1, 0x00, 0x04, 0x03, 0x02, 0x01, 3, 0, 0x02, 0x01,
                                  0x00, 7, 0};
    expect_bytes(b.data, b.len, exp, sizeof exp);
    proto_buf_free(&b);
}

Test(proto_stmt, stmt_id_long_data_fetch)
{
    uint32_t id;
    static const uint8_t close_pkt[] = {COM_STMT_CLOSE, 0x05, 0x00, 0x00, 0x80};
    cr_assert_eq(proto_parse_stmt_id(close_pkt, sizeof close_pkt, &id), 0);
    cr_assert_eq(id, 0x80000005u);
    cr_assert_eq(proto_parse_stmt_id(close_pkt, 4, &id), PROTO_ETRUNC);
    static const uint8_t query[] = {COM_QUERY, 1, 2, 3, 4};
    cr_assert_eq(proto_parse_stmt_id(query, sizeof query, &id), PROTO_EBAD);

    static const uint8_t ld[] = {COM_STMT_SEND_LONG_DATA, 9, 0, 0, 0, 2, 0, 'a', 'b', 'c'};
    uint16_t param;
    const uint8_t *data;
    size_t len;
    cr_assert_eq(proto_parse_stmt_send_long_data(ld, sizeof ld, &id, &param, &data, &len), 0);
    cr_assert_eq(id, 9);
    cr_assert_eq(param, 2);
    cr_assert_eq(len, 3);
    cr_assert_eq(memcmp(data, "abc", 3), 0);
    cr_assert_eq(proto_parse_stmt_send_long_data(ld, 7, &id, &param, &data, &len), 0);
    cr_assert_eq(len, 0);
    cr_assert_eq(proto_parse_stmt_send_long_data(ld, 6, &id, &param, &data, &len), PROTO_ETRUNC);
    cr_assert_eq(proto_parse_stmt_send_long_data(close_pkt, 5, &id, &param, &data, &len),
                 PROTO_EBAD);
    cr_assert_eq(proto_parse_stmt_id(ld, sizeof ld, &id), 0);
    cr_assert_eq(id, 9);

    static const uint8_t fetch[] = {COM_STMT_FETCH, 1, 0, 0, 0, 0x10, 0, 0, 0};
    uint32_t rows;
    cr_assert_eq(proto_parse_stmt_fetch(fetch, sizeof fetch, &id, &rows), 0);
    cr_assert_eq(id, 1);
    cr_assert_eq(rows, 16);
    cr_assert_eq(proto_parse_stmt_fetch(fetch, 8, &id, &rows), PROTO_ETRUNC);
}

/* ---- COM_STMT_EXECUTE ---- */

enum { NP = 17 };

/* Builds an execute packet for the NP parameters below; with_types = new-params-bound. */
static void build_exec(proto_buf *b, int with_types)
{
    proto_buf_reset(b);
    proto_buf_put_u8(b, COM_STMT_EXECUTE);
    proto_buf_put_u32(b, 42);
    proto_buf_put_u8(b, 0);          /* CURSOR_TYPE_NO_CURSOR */
    proto_buf_put_u32(b, 1);
    /* NULL bitmap: param 11 is NULL; param 12 has type NULL (bit not set) */
    uint8_t nulls[3] = {0, 1 << 3, 0};
    proto_buf_put(b, nulls, 3);
    proto_buf_put_u8(b, with_types ? 1 : 0);
    if (with_types) {
        static const uint8_t types[NP][2] = {
            {MYSQL_TYPE_TINY, 0}, {MYSQL_TYPE_SHORT, 0x80}, {MYSQL_TYPE_LONG, 0},
            {MYSQL_TYPE_LONGLONG, 0x80}, {MYSQL_TYPE_FLOAT, 0}, {MYSQL_TYPE_DOUBLE, 0},
            {MYSQL_TYPE_DATETIME, 0}, {MYSQL_TYPE_DATE, 0}, {MYSQL_TYPE_TIME, 0},
            {MYSQL_TYPE_VAR_STRING, 0}, {MYSQL_TYPE_NEWDECIMAL, 0}, {MYSQL_TYPE_LONG, 0},
            {MYSQL_TYPE_NULL, 0}, {MYSQL_TYPE_BLOB, 0}, {MYSQL_TYPE_TIMESTAMP, 0},
            {MYSQL_TYPE_INT24, 0}, {MYSQL_TYPE_YEAR, 0x80},
        };
        proto_buf_put(b, types, sizeof types);
    }
    proto_buf_put_u8(b, 0xfb);                                      /* 0 TINY -5 */
    proto_buf_put_u16(b, 0xffff);                                   /* 1 SHORT unsigned */
    proto_buf_put_u32(b, (uint32_t)-100000);                        /* 2 LONG */
    proto_buf_put_u64(b, 0x8000000000000000ull);                    /* 3 LONGLONG unsigned */
    proto_buf_put(b, "\x00\x00\x20\x40", 4);                        /* 4 FLOAT 2.5 */
    proto_buf_put(b, "\x00\x00\x00\x00\x00\x00\xd0\xbf", 8);        /* 5 DOUBLE -0.25 */
    proto_buf_put(b, "\x0b\xe8\x07\x02\x1d\x0d\x0e\x0f\x40\xe2\x01\x00", 12); /* 6 */
    proto_buf_put(b, "\x04\xcf\x07\x0c\x1f", 5);                    /* 7 DATE 1999-12-31 */
    proto_buf_put(b, "\x0c\x01\x02\x00\x00\x00\x03\x04\x05\x06\x00\x00\x00", 13); /* 8 TIME */
    proto_buf_put_lenenc_str(b, "hello", 5);                        /* 9 */
    proto_buf_put_lenenc_str(b, "1.50", 4);                         /* 10 */
    /* 11 NULL, 12 type NULL: no bytes */
    proto_buf_put_lenenc_str(b, "", 0);                             /* 13 BLOB */
    proto_buf_put_u8(b, 0);                                         /* 14 TIMESTAMP zero */
    proto_buf_put_u32(b, 0xffffff80u);                              /* 15 INT24 -128 */
    proto_buf_put_u16(b, 2024);                                     /* 16 YEAR */
}

static void check_exec_values(const proto_value *v)
{
    cr_assert_eq(v[0].type, MYSQL_TYPE_TINY);
    cr_assert_eq(v[0].i, -5);
    cr_assert_eq(v[0].u, 0xfb);
    cr_assert_eq(v[0].is_unsigned, 0);
    cr_assert_eq(v[1].is_unsigned, 1);
    cr_assert_eq(v[1].u, 65535);
    cr_assert_eq(v[1].i, -1);
    cr_assert_eq(v[2].i, -100000);
    cr_assert_eq(v[3].u, 0x8000000000000000ull);
    cr_assert_eq(v[3].is_unsigned, 1);
    cr_assert_eq(v[4].d, 2.5);
    cr_assert_eq(v[5].d, -0.25);
    cr_assert_eq(v[6].t.year, 2024);
    cr_assert_eq(v[6].t.month, 2);
    cr_assert_eq(v[6].t.day, 29);
    cr_assert_eq(v[6].t.hour, 13);
    cr_assert_eq(v[6].t.minute, 14);
    cr_assert_eq(v[6].t.second, 15);
    cr_assert_eq(v[6].t.microsecond, 123456);
    cr_assert_eq(v[7].t.year, 1999);
    cr_assert_eq(v[7].t.month, 12);
    cr_assert_eq(v[7].t.day, 31);
    cr_assert_eq(v[7].t.hour, 0);
    cr_assert_eq(v[8].t.neg, 1);
    cr_assert_eq(v[8].t.day, 2);
    cr_assert_eq(v[8].t.hour, 3);
    cr_assert_eq(v[8].t.minute, 4);
    cr_assert_eq(v[8].t.second, 5);
    cr_assert_eq(v[8].t.microsecond, 6);
    cr_assert_eq(v[9].len, 5);
    cr_assert_eq(memcmp(v[9].str, "hello", 5), 0);
    cr_assert_eq(v[10].type, MYSQL_TYPE_NEWDECIMAL);
    cr_assert_eq(v[10].len, 4);
    cr_assert_eq(memcmp(v[10].str, "1.50", 4), 0);
    cr_assert_eq(v[11].is_null, 1);
    cr_assert_eq(v[11].type, MYSQL_TYPE_LONG);
    cr_assert_eq(v[12].is_null, 1);
    cr_assert_eq(v[13].is_null, 0);
    cr_assert_eq(v[13].len, 0);
    cr_assert_eq(v[14].type, MYSQL_TYPE_TIMESTAMP);
    cr_assert_eq(v[14].t.year, 0);
    cr_assert_eq(v[15].i, -128);
    cr_assert_eq(v[16].u, 2024);
    for (int i = 0; i < NP; i++)
        cr_assert_eq(v[i].is_long_data, 0);
}

Test(proto_stmt, execute_with_types_then_rebound)
{
    proto_buf b;
    proto_buf_init(&b);
    build_exec(&b, 1);
    proto_stmt_exec ex;
    proto_value v[NP];
    cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, NP, NULL, NULL, &ex, v), 0);
    cr_assert_eq(ex.stmt_id, 42);
    cr_assert_eq(ex.flags, 0);
    cr_assert_eq(ex.iterations, 1);
    cr_assert_eq(ex.new_params_bound, 1);
    check_exec_values(v);

    /* every strict prefix is truncated */
    for (size_t k = 0; k < b.len; k++) {
        uint8_t *p = malloc(k ? k : 1);
        memcpy(p, b.data, k);
        int rc = proto_parse_stmt_execute(p, k, NP, NULL, NULL, &ex, v);
        cr_assert_eq(rc, PROTO_ETRUNC, "prefix %zu: %d", k, rc);
        free(p);
    }

    /* re-execute without types, using those bound */
    uint16_t bound[NP];
    cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, NP, NULL, NULL, &ex, v), 0);
    for (int i = 0; i < NP; i++)
        bound[i] = proto_value_param_type(&v[i]);
    cr_assert_eq(bound[1], MYSQL_TYPE_SHORT | PROTO_PARAM_UNSIGNED);
    cr_assert_eq(bound[0], MYSQL_TYPE_TINY);
    build_exec(&b, 0);
    cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, NP, bound, NULL, &ex, v), 0);
    cr_assert_eq(ex.new_params_bound, 0);
    check_exec_values(v);
    /* without types and nothing bound before */
    cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, NP, NULL, NULL, &ex, v), PROTO_EBAD);
    proto_buf_free(&b);
}

Test(proto_stmt, execute_long_data_and_edge_cases)
{
    proto_buf b;
    proto_buf_init(&b);
    proto_stmt_exec ex;
    proto_value v[3];
    /* 3 params: 0 long data (no bytes even though its NULL bit is set), 1 LONG, 2 long data */
    proto_buf_put_u8(&b, COM_STMT_EXECUTE);
    proto_buf_put_u32(&b, 1);
    proto_buf_put_u8(&b, 0);
    proto_buf_put_u32(&b, 1);
    proto_buf_put_u8(&b, 0x01);
    proto_buf_put_u8(&b, 1);
    static const uint8_t types[] = {MYSQL_TYPE_BLOB, 0, MYSQL_TYPE_LONG, 0, MYSQL_TYPE_STRING, 0};
    proto_buf_put(&b, types, sizeof types);
    proto_buf_put_u32(&b, 77);
    static const uint8_t ld[3] = {1, 0, 1};
    cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, 3, NULL, ld, &ex, v), 0);
    cr_assert_eq(v[0].is_long_data, 1);
    cr_assert_eq(v[0].is_null, 0);
    cr_assert_eq(v[1].i, 77);
    cr_assert_eq(v[2].is_long_data, 1);
    /* trailing bytes are ignored */
    proto_buf_put_u8(&b, 0x99);
    cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, 3, NULL, ld, &ex, v), 0);

    /* unknown parameter type */
    b.data[14] = 20;
    cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, 3, NULL, ld, &ex, v), PROTO_EBAD);
    b.data[14] = MYSQL_TYPE_NEWDATE;
    cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, 3, NULL, ld, &ex, v), PROTO_EBAD);
    b.data[14] = MYSQL_TYPE_LONG;

    /* wrong command byte */
    b.data[0] = COM_STMT_SEND_LONG_DATA;
    cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, 3, NULL, ld, &ex, v), PROTO_EBAD);
    b.data[0] = COM_STMT_EXECUTE;

    /* no parameters: 10 bytes is all */
    cr_assert_eq(proto_parse_stmt_execute(b.data, 10, 0, NULL, NULL, &ex, NULL), 0);
    cr_assert_eq(proto_parse_stmt_execute(b.data, 9, 0, NULL, NULL, &ex, NULL), PROTO_ETRUNC);
    cr_assert_eq(proto_parse_stmt_execute(b.data, 0, 0, NULL, NULL, &ex, NULL), PROTO_ETRUNC);

    /* invalid date/time lengths */
    static const struct { uint8_t type; uint8_t len; int rc; } dl[] = {
        {MYSQL_TYPE_DATETIME, 5, PROTO_EBAD}, {MYSQL_TYPE_DATE, 8, PROTO_EBAD},
        {MYSQL_TYPE_TIME, 7, PROTO_EBAD}, {MYSQL_TYPE_TIME, 11, PROTO_EBAD},
        {MYSQL_TYPE_TIMESTAMP, 7, 0}, {MYSQL_TYPE_TIME, 8, 0}, {MYSQL_TYPE_DATE, 4, 0},
    };
    for (size_t k = 0; k < sizeof dl / sizeof dl[0]; k++) {
        proto_buf_reset(&b);
        proto_buf_put(&b, "\x17\x01\x00\x00\x00\x00\x01\x00\x00\x00\x00\x01", 12);
        proto_buf_put_u8(&b, dl[k].type);
        proto_buf_put_u8(&b, 0);
        proto_buf_put_u8(&b, dl[k].len);
        for (int i = 0; i < dl[k].len; i++)
            proto_buf_put_u8(&b, 1);
        cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, 1, NULL, NULL, &ex, v), dl[k].rc,
                     "type %d len %d", dl[k].type, dl[k].len);
    }
    /* a string announcing more than there is */
    proto_buf_reset(&b);
    proto_buf_put(&b, "\x17\x01\x00\x00\x00\x00\x01\x00\x00\x00\x00\x01\xfd\x00\xfe\xff\xff\xff", 18);
    cr_assert_eq(proto_parse_stmt_execute(b.data, b.len, 1, NULL, NULL, &ex, v), PROTO_ETRUNC);
    proto_buf_free(&b);
}

Test(proto_stmt, execute_random_input_never_crashes, .timeout = 120)
{
    uint64_t s = 0x2545f4914f6cdd1dull;
    proto_buf valid;
    proto_buf_init(&valid);
    build_exec(&valid, 1);
    uint8_t buf[512];
    proto_value v[40];
    uint16_t bound[40];
    uint8_t ld[40];
    for (int it = 0; it < 200000; it++) {
        size_t n, np;
        uint64_t mode = rng_next(&s) % 3;
        if (mode == 0) {
            np = rng_next(&s) % 40;
            n = rng_next(&s) % sizeof buf;
            for (size_t i = 0; i < n; i++)
                buf[i] = (uint8_t)rng_next(&s);
            if (n)
                buf[0] = COM_STMT_EXECUTE;
            /* make the types plausible some of the time */
            if (n > 10 + (np + 7) / 8 + 2 * np && (rng_next(&s) & 1)) {
                size_t at = 10 + (np + 7) / 8;
                buf[at++] = 1;
                static const uint8_t ts[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15,
                                             16, 245, 246, 247, 248, 249, 250, 251, 252, 253,
                                             254, 255};
                for (size_t i = 0; i < np; i++) {
                    buf[at++] = ts[rng_next(&s) % sizeof ts];
                    buf[at++] = (uint8_t)(rng_next(&s) & 0x80);
                }
            }
        } else {
            np = NP;
            n = valid.len;
            memcpy(buf, valid.data, n);
            int flips = 1 + (int)(rng_next(&s) % 4);
            for (int k = 0; k < flips; k++) {
                size_t at = rng_next(&s) % n;
                buf[at] = (uint8_t)(mode == 1 ? rng_next(&s) : buf[at] ^ (1u << (rng_next(&s) % 8)));
            }
            if (rng_next(&s) & 1)
                n = rng_next(&s) % (n + 1);
        }
        for (size_t i = 0; i < np; i++) {
            bound[i] = (uint16_t)(rng_next(&s) % 256 | (rng_next(&s) & 0x8000));
            ld[i] = (rng_next(&s) % 8) == 0;
        }
        uint8_t *p = malloc(n ? n : 1);
        memcpy(p, buf, n);
        proto_stmt_exec ex;
        int rc = proto_parse_stmt_execute(p, n, np, (rng_next(&s) & 1) ? bound : NULL,
                                          (rng_next(&s) & 1) ? ld : NULL, &ex, v);
        cr_assert(rc == 0 || rc == PROTO_ETRUNC || rc == PROTO_EBAD);
        if (rc == 0) {
            for (size_t i = 0; i < np; i++) {
                if (v[i].str) {
                    cr_assert(v[i].str >= p && v[i].str + v[i].len <= p + n);
                }
            }
        }
        uint32_t id;
        uint16_t param;
        const uint8_t *data;
        size_t len;
        rc = proto_parse_stmt_send_long_data(p, n, &id, &param, &data, &len);
        cr_assert(rc == 0 || rc == PROTO_ETRUNC || rc == PROTO_EBAD);
        free(p);
    }
    proto_buf_free(&valid);
}

/* ---- binary rows ---- */

/* Writes a one-column binary row and checks the value bytes after the header and bitmap. */
static void one(const proto_value *v, const uint8_t *exp, size_t en)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 3;
    cr_assert_eq(proto_write_binary_row(&b, &seq, v, 1), 0, "type %d", v->type);
    cr_assert_eq(seq, 4);
    cr_assert_eq(b.len, 4 + 2 + en, "type %d: %zu bytes", v->type, b.len);
    cr_assert_eq((size_t)(b.data[0] | b.data[1] << 8 | b.data[2] << 16), 2 + en);
    cr_assert_eq(b.data[3], 3);
    cr_assert_eq(b.data[4], 0x00, "row header");
    cr_assert_eq(b.data[5], 0x00, "bitmap");
    expect_bytes(b.data + 6, b.len - 6, exp, en);
    proto_buf_free(&b);
}

#define ONE(...) do { \
        static const uint8_t e_[] = {__VA_ARGS__}; \
        one(&v, e_, sizeof e_); \
    } while (0)

Test(proto_binary_row, integer_and_float_types)
{
    proto_value v;
    memset(&v, 0, sizeof v);
    v.type = MYSQL_TYPE_TINY; v.i = -1;
    ONE(0xff);
    v.is_unsigned = 1; v.u = 200; v.i = 0;
    ONE(0xc8);
    v.is_unsigned = 0;
    v.type = MYSQL_TYPE_SHORT; v.i = -2;
    ONE(0xfe, 0xff);
    v.type = MYSQL_TYPE_YEAR; v.is_unsigned = 1; v.u = 2024;
    ONE(0xe8, 0x07);
    v.is_unsigned = 0;
    v.type = MYSQL_TYPE_LONG; v.i = 0x12345678;
    ONE(0x78, 0x56, 0x34, 0x12);
    v.type = MYSQL_TYPE_INT24; v.i = -1;
    ONE(0xff, 0xff, 0xff, 0xff);
    v.type = MYSQL_TYPE_LONGLONG; v.i = INT64_MIN;
    ONE(0, 0, 0, 0, 0, 0, 0, 0x80);
    v.is_unsigned = 1; v.u = UINT64_MAX;
    ONE(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);
    v.is_unsigned = 0;
    v.type = MYSQL_TYPE_FLOAT; v.d = 1.5;
    ONE(0x00, 0x00, 0xc0, 0x3f);
    v.type = MYSQL_TYPE_DOUBLE; v.d = 1.5;
    ONE(0, 0, 0, 0, 0, 0, 0xf8, 0x3f);
    v.d = -0.25;
    ONE(0, 0, 0, 0, 0, 0, 0xd0, 0xbf);
}

Test(proto_binary_row, string_types)
{
    proto_value v;
    memset(&v, 0, sizeof v);
    static const uint8_t types[] = {
        MYSQL_TYPE_DECIMAL, MYSQL_TYPE_NEWDECIMAL, MYSQL_TYPE_VARCHAR, MYSQL_TYPE_BIT,
        MYSQL_TYPE_JSON, MYSQL_TYPE_ENUM, MYSQL_TYPE_SET, MYSQL_TYPE_TINY_BLOB,
        MYSQL_TYPE_MEDIUM_BLOB, MYSQL_TYPE_LONG_BLOB, MYSQL_TYPE_BLOB, MYSQL_TYPE_VAR_STRING,
        MYSQL_TYPE_STRING, MYSQL_TYPE_GEOMETRY,
    };
    for (size_t i = 0; i < sizeof types; i++) {
        v.type = types[i];
        v.str = (const uint8_t *)"3.14";
        v.len = 4;
        ONE(4, '3', '.', '1', '4');
        v.str = NULL;
        v.len = 0;
        ONE(0);
    }
    static uint8_t big[300];
    memset(big, 'z', sizeof big);
    v.type = MYSQL_TYPE_BLOB;
    v.str = big;
    v.len = sizeof big;
    uint8_t exp[303];
    exp[0] = 0xfc; exp[1] = 0x2c; exp[2] = 0x01;
    memset(exp + 3, 'z', 300);
    one(&v, exp, sizeof exp);
}

Test(proto_binary_row, date_and_datetime_forms)
{
    proto_value v;
    memset(&v, 0, sizeof v);
    v.type = MYSQL_TYPE_DATE;
    ONE(0);                                                  /* 0000-00-00 */
    v.t = (proto_time){.year = 2024, .month = 2, .day = 29};
    ONE(4, 0xe8, 0x07, 2, 29);
    v.t.hour = 13; v.t.microsecond = 5;                      /* DATE ignores time parts */
    ONE(4, 0xe8, 0x07, 2, 29);

    v.type = MYSQL_TYPE_DATETIME;
    v.t = (proto_time){0};
    ONE(0);
    v.t = (proto_time){.year = 2024, .month = 2, .day = 29};
    ONE(4, 0xe8, 0x07, 2, 29);
    v.t.hour = 13; v.t.minute = 14; v.t.second = 15;
    ONE(7, 0xe8, 0x07, 2, 29, 13, 14, 15);
    v.t.microsecond = 123456;
    ONE(11, 0xe8, 0x07, 2, 29, 13, 14, 15, 0x40, 0xe2, 0x01, 0x00);
    v.t = (proto_time){.second = 1};
    ONE(7, 0, 0, 0, 0, 0, 0, 1);

    v.type = MYSQL_TYPE_TIMESTAMP;
    v.t = (proto_time){.year = 1970, .month = 1, .day = 1, .second = 1};
    ONE(7, 0xb2, 0x07, 1, 1, 0, 0, 1);
}

Test(proto_binary_row, time_forms)
{
    proto_value v;
    memset(&v, 0, sizeof v);
    v.type = MYSQL_TYPE_TIME;
    ONE(0);
    v.t = (proto_time){.neg = 1};
    ONE(0);                                                  /* -00:00:00 is 0 */
    v.t = (proto_time){.neg = 1, .day = 1, .hour = 2, .minute = 3, .second = 4};
    ONE(8, 1, 1, 0, 0, 0, 2, 3, 4);
    v.t = (proto_time){.hour = 838, .minute = 59, .second = 59};   /* folded into days */
    ONE(8, 0, 34, 0, 0, 0, 22, 59, 59);
    v.t = (proto_time){.hour = 1, .microsecond = 5};
    ONE(12, 0, 0, 0, 0, 0, 1, 0, 0, 5, 0, 0, 0);
}

Test(proto_binary_row, null_bitmap_offset_two)
{
    proto_value v[7];
    memset(v, 0, sizeof v);
    for (int i = 0; i < 7; i++) {
        v[i].type = MYSQL_TYPE_TINY;
        v[i].i = i;
    }
    v[0].is_null = 1;
    v[5].is_null = 1;
    v[6].type = MYSQL_TYPE_NULL;
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 0;
    cr_assert_eq(proto_write_binary_row(&b, &seq, v, 7), 0);
    /* bits: col0 -> bit 2, col5 -> bit 7, col6 -> bit 8 (second byte, bit 0) */
    static const uint8_t exp[] = {7, 0, 0, 0, 0x00, 0x84, 0x01, 1, 2, 3, 4};
    expect_bytes(b.data, b.len, exp, sizeof exp);

    /* 6 columns fit in one bitmap byte; 0 columns still have one */
    proto_buf_reset(&b);
    cr_assert_eq(proto_write_binary_row(&b, &seq, v + 1, 6), 0);
    static const uint8_t exp6[] = {6, 0, 0, 1, 0x00, 0xc0, 1, 2, 3, 4};
    expect_bytes(b.data, b.len, exp6, sizeof exp6);
    proto_buf_reset(&b);
    cr_assert_eq(proto_write_binary_row(&b, &seq, NULL, 0), 0);
    static const uint8_t exp0[] = {2, 0, 0, 2, 0x00, 0x00};
    expect_bytes(b.data, b.len, exp0, sizeof exp0);
    proto_buf_free(&b);
}

Test(proto_binary_row, rejects_bad_values_leaving_buffer)
{
    proto_buf b;
    proto_buf_init(&b);
    proto_buf_put(&b, "keep", 4);
    uint8_t seq = 1;
    proto_value v[2];
    memset(v, 0, sizeof v);
    v[0].type = MYSQL_TYPE_LONG;
    v[1].type = 20;                                   /* not a protocol type */
    cr_assert_eq(proto_write_binary_row(&b, &seq, v, 2), PROTO_EBAD);
    v[1].type = MYSQL_TYPE_DATETIME;
    v[1].t.month = 256;
    cr_assert_eq(proto_write_binary_row(&b, &seq, v, 2), PROTO_EBAD);
    v[1].t.month = 1;
    v[1].t.microsecond = 1000000;
    cr_assert_eq(proto_write_binary_row(&b, &seq, v, 2), PROTO_EBAD);
    v[1].type = MYSQL_TYPE_TIME;
    v[1].t = (proto_time){.day = 0xffffffffu, .hour = 24};
    cr_assert_eq(proto_write_binary_row(&b, &seq, v, 2), PROTO_EBAD);
    cr_assert_eq(seq, 1);
    expect_bytes(b.data, b.len, (const uint8_t *)"keep", 4);
    proto_buf_free(&b);
}
