/* test_protocol_results.c - unit tests for protocol/: OK/ERR/EOF, column definitions, text rows. */
#include <criterion/criterion.h>
#include <string.h>

#include "protocol/protocol.h"

static void expect_bytes(const uint8_t *got, size_t gn, const uint8_t *exp, size_t en)
{
    cr_assert_eq(gn, en, "length %zu, expected %zu", gn, en);
    for (size_t i = 0; i < en; i++)
        cr_assert_eq(got[i], exp[i], "byte %zu is 0x%02x, expected 0x%02x", i, got[i], exp[i]);
}

#define EXPECT(buf, ...) do { \
        static const uint8_t exp_[] = {__VA_ARGS__}; \
        expect_bytes((buf).data, (buf).len, exp_, sizeof exp_); \
    } while (0)

#define CAPS41 (CLIENT_PROTOCOL_41 | CLIENT_TRANSACTIONS)

Test(proto_ok, protocol41_plain)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 1;
    proto_ok ok = {.affected_rows = 0, .insert_id = 0, .status = SERVER_STATUS_AUTOCOMMIT};
    cr_assert_eq(proto_write_ok(&b, &seq, CAPS41, &ok, 0), 0);
    cr_assert_eq(seq, 2);
    EXPECT(b, 7, 0, 0, 1, 0x00, 0, 0, 0x02, 0x00, 0x00, 0x00);
    proto_buf_free(&b);
}

Test(proto_ok, lenenc_counts_warnings_and_info)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 1;
    proto_ok ok = {.affected_rows = 300, .insert_id = 70000,
                   .status = SERVER_STATUS_AUTOCOMMIT | SERVER_STATUS_IN_TRANS,
                   .warnings = 2, .info = "Rows matched: 1"};
    cr_assert_eq(proto_write_ok(&b, &seq, CAPS41, &ok, 0), 0);
    /* the info is length-encoded even without CLIENT_SESSION_TRACK, as MariaDB sends it */
    EXPECT(b, 28, 0, 0, 1, 0x00, 0xfc, 0x2c, 0x01, 0xfd, 0x70, 0x11, 0x01, 0x03, 0x00, 0x02, 0x00,
           15, 'R', 'o', 'w', 's', ' ', 'm', 'a', 't', 'c', 'h', 'e', 'd', ':', ' ', '1');
    proto_buf_free(&b);
}

Test(proto_ok, session_track)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 1;
    uint32_t caps = CAPS41 | CLIENT_SESSION_TRACK;
    /* no info: nothing after warnings; SESSION_STATE_CHANGED is never announced */
    proto_ok ok = {.affected_rows = 1, .status = SERVER_STATUS_AUTOCOMMIT |
                                                 SERVER_SESSION_STATE_CHANGED};
    cr_assert_eq(proto_write_ok(&b, &seq, caps, &ok, 0), 0);
    EXPECT(b, 7, 0, 0, 1, 0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00);
    /* info as a lenenc string */
    proto_buf_reset(&b);
    seq = 1;
    ok.info = "hi";
    cr_assert_eq(proto_write_ok(&b, &seq, caps, &ok, 0), 0);
    EXPECT(b, 10, 0, 0, 1, 0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 2, 'h', 'i');
    /* empty info string: same as none */
    proto_buf_reset(&b);
    seq = 1;
    ok.info = "";
    cr_assert_eq(proto_write_ok(&b, &seq, caps, &ok, 0), 0);
    EXPECT(b, 7, 0, 0, 1, 0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00);
    proto_buf_free(&b);
}

Test(proto_ok, eof_header_and_old_clients)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 5;
    proto_ok ok = {.status = SERVER_STATUS_AUTOCOMMIT, .warnings = 1};
    cr_assert_eq(proto_write_ok(&b, &seq, CAPS41 | CLIENT_DEPRECATE_EOF, &ok, 1), 0);
    EXPECT(b, 7, 0, 0, 5, 0xfe, 0, 0, 0x02, 0x00, 0x01, 0x00);
    /* pre-4.1 with transactions: status only */
    proto_buf_reset(&b);
    seq = 1;
    cr_assert_eq(proto_write_ok(&b, &seq, CLIENT_TRANSACTIONS, &ok, 0), 0);
    EXPECT(b, 5, 0, 0, 1, 0x00, 0, 0, 0x02, 0x00);
    /* neither */
    proto_buf_reset(&b);
    seq = 1;
    cr_assert_eq(proto_write_ok(&b, &seq, 0, &ok, 0), 0);
    EXPECT(b, 3, 0, 0, 1, 0x00, 0, 0);
    proto_buf_free(&b);
}

Test(proto_err, layouts)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 2;
    cr_assert_eq(proto_write_err(&b, &seq, CAPS41, 1045, "28000", "Access denied"), 0);
    cr_assert_eq(seq, 3);
    EXPECT(b, 22, 0, 0, 2, 0xff, 0x15, 0x04, '#', '2', '8', '0', '0', '0',
           'A', 'c', 'c', 'e', 's', 's', ' ', 'd', 'e', 'n', 'i', 'e', 'd');
    /* no PROTOCOL_41: no sqlstate */
    proto_buf_reset(&b);
    seq = 0;
    cr_assert_eq(proto_write_err(&b, &seq, 0, 1040, "08004", "Too many"), 0);
    EXPECT(b, 11, 0, 0, 0, 0xff, 0x10, 0x04, 'T', 'o', 'o', ' ', 'm', 'a', 'n', 'y');
    /* NULL or short sqlstate becomes HY000 */
    proto_buf_reset(&b);
    seq = 0;
    cr_assert_eq(proto_write_err(&b, &seq, CAPS41, 1105, "42", NULL), 0);
    EXPECT(b, 9, 0, 0, 0, 0xff, 0x51, 0x04, '#', 'H', 'Y', '0', '0', '0');
    proto_buf_free(&b);
}

Test(proto_err, message_truncated_on_utf8_boundary)
{
    char msg[700];
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 0;
    /* ASCII: cut at exactly 512 */
    memset(msg, 'a', 600);
    msg[600] = 0;
    cr_assert_eq(proto_write_err(&b, &seq, CAPS41, 1064, "42000", msg), 0);
    cr_assert_eq(b.len, 4 + 9 + 512);
    /* "é" (2 bytes) straddling 512: cut before it */
    memset(msg, 'a', 511);
    for (int i = 511; i < 611; i += 2) {
        msg[i] = (char)0xc3;
        msg[i + 1] = (char)0xa9;
    }
    msg[611] = 0;
    proto_buf_reset(&b);
    cr_assert_eq(proto_write_err(&b, &seq, CAPS41, 1064, "42000", msg), 0);
    cr_assert_eq(b.len, 4 + 9 + 511);
    /* 3-byte "€" ending exactly at 512 stays whole */
    memset(msg, 'a', 509);
    memcpy(msg + 509, "\xe2\x82\xac\xe2\x82\xac", 6);
    msg[515] = 0;
    proto_buf_reset(&b);
    cr_assert_eq(proto_write_err(&b, &seq, CAPS41, 1064, "42000", msg), 0);
    cr_assert_eq(b.len, 4 + 9 + 512);
    cr_assert_eq(b.data[b.len - 1], 0xac);
    proto_buf_free(&b);
}

Test(proto_eof, layout)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 4;
    cr_assert_eq(proto_write_eof(&b, &seq, 3, SERVER_STATUS_AUTOCOMMIT | SERVER_MORE_RESULTS_EXISTS), 0);
    cr_assert_eq(seq, 5);
    EXPECT(b, 5, 0, 0, 4, 0xfe, 0x03, 0x00, 0x0a, 0x00);
    proto_buf_free(&b);
}

Test(proto_coldef, column_count_and_definition)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 1;
    cr_assert_eq(proto_write_column_count(&b, &seq, 2), 0);
    EXPECT(b, 1, 0, 0, 1, 2);
    proto_buf_reset(&b);
    cr_assert_eq(proto_write_column_count(&b, &seq, 300), 0);
    EXPECT(b, 3, 0, 0, 2, 0xfc, 0x2c, 0x01);

    proto_buf_reset(&b);
    seq = 2;
    proto_coldef c = {
        .schema = "wp", .table = "p", .org_table = "posts", .name = "id", .org_name = "ID",
        .charset = 63, .length = 20, .type = MYSQL_TYPE_LONGLONG,
        .flags = NOT_NULL_FLAG | PRI_KEY_FLAG | UNSIGNED_FLAG | AUTO_INCREMENT_FLAG,
        .decimals = 0,
    };
    cr_assert_eq(proto_write_coldef(&b, &seq, &c), 0);
    cr_assert_eq(seq, 3);
    EXPECT(b, 34, 0, 0, 2,
           3, 'd', 'e', 'f', 2, 'w', 'p', 1, 'p', 5, 'p', 'o', 's', 't', 's',
           2, 'i', 'd', 2, 'I', 'D',
           0x0c, 63, 0, 20, 0, 0, 0, 0x08, 0x23, 0x02, 0x00, 0x00, 0x00);

    /* NULL names are empty strings; decimals and a long length */
    proto_buf_reset(&b);
    seq = 2;
    proto_coldef d = {.name = "x", .charset = 45, .length = 0x01020304,
                      .type = MYSQL_TYPE_NEWDECIMAL, .flags = 0, .decimals = 31};
    cr_assert_eq(proto_write_coldef(&b, &seq, &d), 0);
    EXPECT(b, 23, 0, 0, 2,
           3, 'd', 'e', 'f', 0, 0, 0, 1, 'x', 0,
           0x0c, 45, 0, 0x04, 0x03, 0x02, 0x01, 246, 0, 0, 31, 0, 0);
    proto_buf_free(&b);
}

Test(proto_coldef, a_name_of_251_bytes_or_more_gets_a_longer_length)
{
    /* one-byte lengths are written on a fast path; longer names take the general one */
    char name[301];
    memset(name, 'n', 300);
    name[300] = 0;
    for (int len = 250; len <= 300; len += 50) {
        name[len] = 0;
        proto_buf b;
        proto_buf_init(&b);
        uint8_t seq = 7;
        proto_coldef c = {.schema = "s", .name = name, .charset = 33, .length = 9,
                          .type = MYSQL_TYPE_VAR_STRING};
        cr_assert_eq(proto_write_coldef(&b, &seq, &c), 0);
        cr_assert_eq(seq, 8);
        size_t hn = len < 251 ? 1 : 3;
        size_t payload = 4 + 2 + 1 + 1 + hn + (size_t)len + 1 + 13;
        cr_assert_eq(b.len, 4 + payload);
        cr_assert_eq(b.data[0] | b.data[1] << 8 | b.data[2] << 16, (int)payload);
        cr_assert_eq(b.data[3], 7);
        const uint8_t *p = b.data + 4 + 4 + 2 + 1 + 1;   /* def, schema, table, org_table */
        if (len < 251) cr_assert_eq(p[0], len);
        else cr_assert(p[0] == 0xfc && p[1] == (len & 0xff) && p[2] == (len >> 8));
        cr_assert_eq(memcmp(p + hn, name, (size_t)len), 0);
        cr_assert_eq(p[hn + (size_t)len], 0);           /* org_name */
        cr_assert_eq(p[hn + (size_t)len + 1], 0x0c);
        name[len] = 'n';
        proto_buf_free(&b);
    }
}

Test(proto_coldef, extended_metadata_block_on_both_paths)
{
    /* MariaDB's extended metadata: after org_name, an empty block or { 1, "json" }; the
       fast path (short names) and the general one (a name of 300 bytes) agree */
    char name[301];
    memset(name, 'n', 300);
    name[300] = 0;
    for (int len = 1; len <= 300; len += 299)
        for (int json = 0; json < 2; json++) {
            name[len] = 0;
            proto_buf b;
            proto_buf_init(&b);
            uint8_t seq = 0;
            proto_coldef c = {.name = name, .charset = 45, .length = 9, .type = MYSQL_TYPE_BLOB,
                              .ext_meta = true, .format = json ? "json" : NULL};
            cr_assert_eq(proto_write_coldef(&b, &seq, &c), 0);
            size_t hn = len < 251 ? 1 : 3;
            const uint8_t *p = b.data + 4 + 4 + 1 + 1 + 1 + hn + (size_t)len + 1;   /* up to org_name */
            if (json) cr_assert(p[0] == 6 && p[1] == 1 && p[2] == 4 && !memcmp(p + 3, "json", 4));
            else cr_assert_eq(p[0], 0);
            p += json ? 7 : 1;
            cr_assert_eq(p[0], 0x0c);
            cr_assert_eq((size_t)(p + 13 - b.data), b.len);
            name[len] = 'n';
            proto_buf_free(&b);
        }
}

Test(proto_text_row, cells_and_nulls)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 5;
    proto_cell cells[] = {
        {.p = "1", .len = 1},
        {.is_null = 1},
        {.p = "", .len = 0},
        {.p = "a\0b", .len = 3},
    };
    cr_assert_eq(proto_write_text_row(&b, &seq, cells, 4), 0);
    cr_assert_eq(seq, 6);
    EXPECT(b, 8, 0, 0, 5, 1, '1', 0xfb, 0, 3, 'a', 0, 'b');
    proto_buf_free(&b);
}

Test(proto_text_row, two_and_three_byte_lengths)
{
    static char big[70000];
    memset(big, 'b', sizeof big);
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 3;
    proto_cell cells[] = { {.p = big, .len = 300}, {.is_null = 1}, {.p = big, .len = 70000} };
    cr_assert_eq(proto_write_text_row(&b, &seq, cells, 3), 0);
    size_t payload = 3 + 300 + 1 + 4 + 70000;
    cr_assert_eq(b.len, 4 + payload);
    cr_assert_eq(b.data[0] | b.data[1] << 8 | b.data[2] << 16, (int)payload);
    cr_assert_eq(b.data[3], 3);
    cr_assert_eq(seq, 4);
    const uint8_t *p = b.data + 4;
    cr_assert(p[0] == 0xfc && p[1] == (300 & 0xff) && p[2] == (300 >> 8));
    cr_assert_eq(memcmp(p + 3, big, 300), 0);
    cr_assert_eq(p[303], 0xfb);
    cr_assert(p[304] == 0xfd && p[305] == (70000 & 0xff) && p[306] == ((70000 >> 8) & 0xff) && p[307] == (70000 >> 16));
    cr_assert_eq(memcmp(p + 308, big, 70000), 0);
    proto_buf_free(&b);
}

Test(proto_text_row, large_cell_splits_packet, .timeout = 60)
{
    size_t n = PROTO_MAX_PAYLOAD;        /* with its 4-byte lenenc prefix: > 0xffffff */
    char *big = malloc(n);
    memset(big, 'q', n);
    proto_cell c = {.p = big, .len = n};
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 3;
    cr_assert_eq(proto_write_text_row(&b, &seq, &c, 1), 0);
    cr_assert_eq(seq, 5);
    cr_assert_eq(b.len, 4 + PROTO_MAX_PAYLOAD + 4 + 4);
    static const uint8_t h1[] = {0xff, 0xff, 0xff, 3, 0xfd, 0xff, 0xff, 0xff};
    expect_bytes(b.data, 8, h1, 8);
    static const uint8_t h2[] = {4, 0, 0, 4, 'q', 'q', 'q', 'q'};
    expect_bytes(b.data + 4 + PROTO_MAX_PAYLOAD, 8, h2, 8);
    proto_framer f;
    proto_framer_init(&f, 0);
    cr_assert_eq(proto_framer_feed(&f, b.data, b.len), 0);
    cr_assert_eq(proto_framer_next(&f), 1);
    cr_assert_eq(f.payload.len, n + 4);
    proto_framer_free(&f);
    proto_buf_free(&b);
    free(big);
}
