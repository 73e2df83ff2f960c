/* test_protocol_handshake.c - unit tests for protocol/: greeting, handshake response, auth. */
#include <criterion/criterion.h>
#include <openssl/sha.h>
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

/* ---- greeting ---- */

Test(proto_greeting, byte_layout)
{
    proto_greeting g = {
        .server_version = "5.5.5-10.11.19-MariaDB-pressdb",
        .conn_id = 0x01020304,
        .caps = CLIENT_LONG_PASSWORD | CLIENT_PROTOCOL_41 | CLIENT_SECURE_CONNECTION |
                CLIENT_PLUGIN_AUTH | CLIENT_CONNECT_WITH_DB | CLIENT_DEPRECATE_EOF |
                CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA | CLIENT_SSL,
        .charset = 45,
        .status = SERVER_STATUS_AUTOCOMMIT,
        .auth_plugin = "mysql_native_password",
    };
    proto_make_scramble(g.scramble, sizeof g.scramble);
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 9;
    cr_assert_eq(proto_write_greeting(&b, &seq, &g), 0);
    cr_assert_eq(seq, 1);

    proto_rd r;
    proto_rd_init(&r, b.data, b.len);
    uint32_t plen = proto_rd_u24(&r);
    cr_assert_eq(proto_rd_u8(&r), 0, "greeting has sequence id 0");
    cr_assert_eq(plen, b.len - 4);
    cr_assert_eq(proto_rd_u8(&r), 10);
    const uint8_t *s;
    size_t n;
    cr_assert_eq(proto_rd_nul_str(&r, &s, &n), 0);
    cr_assert_eq(n, strlen(g.server_version));
    cr_assert_eq(memcmp(s, g.server_version, n), 0);
    cr_assert_eq(proto_rd_u32(&r), 0x01020304);
    uint8_t scr[20];
    cr_assert_eq(proto_rd_bytes(&r, 8, &s), 0);
    memcpy(scr, s, 8);
    cr_assert_eq(proto_rd_u8(&r), 0, "filler");
    uint32_t caps = proto_rd_u16(&r);
    cr_assert_eq(proto_rd_u8(&r), 45);
    cr_assert_eq(proto_rd_u16(&r), SERVER_STATUS_AUTOCOMMIT);
    caps |= (uint32_t)proto_rd_u16(&r) << 16;
    cr_assert_eq(caps, g.caps);
    cr_assert_eq(proto_rd_u8(&r), 21, "auth-plugin-data length");
    for (int i = 0; i < 6; i++)
        cr_assert_eq(proto_rd_u8(&r), 0, "reserved byte %d", i);
    cr_assert_eq(proto_rd_u32(&r), 0, "MariaDB extended capabilities");
    cr_assert_eq(proto_rd_bytes(&r, 12, &s), 0);
    memcpy(scr + 8, s, 12);
    cr_assert_eq(proto_rd_u8(&r), 0, "scramble NUL");
    cr_assert_eq(memcmp(scr, g.scramble, 20), 0);
    cr_assert_eq(proto_rd_nul_str(&r, &s, &n), 0);
    cr_assert_eq(n, strlen("mysql_native_password"));
    cr_assert_eq(memcmp(s, "mysql_native_password", n), 0);
    cr_assert_eq(proto_rd_left(&r), 0);
    cr_assert_eq(r.bad, 0);
    cr_assert_eq(b.len, 4 + 1 + 31 + 4 + 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10 + 13 + 22);
    proto_buf_free(&b);
}

Test(proto_greeting, scramble_is_safe_and_random)
{
    uint8_t a[20], c[20];
    for (int k = 0; k < 1000; k++) {
        proto_make_scramble(a, sizeof a);
        for (int i = 0; i < 20; i++) {
            cr_assert(a[i] >= 1 && a[i] <= 127);
            cr_assert_neq(a[i], '$');
        }
    }
    proto_make_scramble(c, sizeof c);
    cr_assert_neq(memcmp(a, c, 20), 0);
}

Test(proto_greeting, auth_switch_and_more_data)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 2;
    const uint8_t scr[20] = "abcdefghijklmnopqrst";
    cr_assert_eq(proto_write_auth_switch(&b, &seq, "mysql_native_password", scr, 20), 0);
    cr_assert_eq(seq, 3);
    uint8_t exp[4 + 1 + 22 + 21];
    exp[0] = 1 + 22 + 21; exp[1] = 0; exp[2] = 0; exp[3] = 2;
    exp[4] = 0xfe;
    memcpy(exp + 5, "mysql_native_password", 22);
    memcpy(exp + 27, scr, 20);
    exp[47] = 0;
    expect_bytes(b.data, b.len, exp, sizeof exp);
    proto_buf_reset(&b);
    cr_assert_eq(proto_write_auth_more_data(&b, &seq, "\x03", 1), 0);
    cr_assert_eq(seq, 4);
    static const uint8_t exp2[] = {2, 0, 0, 3, 0x01, 0x03};
    expect_bytes(b.data, b.len, exp2, sizeof exp2);
    proto_buf_free(&b);
}

/* ---- handshake response ---- */

typedef struct resp_spec {
    uint32_t caps;
    const char *user;
    const uint8_t *auth;
    size_t auth_len;
    const char *db;
    const char *plugin;
    const uint8_t *attrs;   /* the attribute pairs, without the total length */
    size_t attrs_len;
} resp_spec;

static void build_resp(proto_buf *b, const resp_spec *s)
{
    proto_buf_reset(b);
    proto_buf_put_u32(b, s->caps);
    proto_buf_put_u32(b, 16777216);
    proto_buf_put_u8(b, 45);
    for (int i = 0; i < 23; i++)
        proto_buf_put_u8(b, 0);
    proto_buf_put_nul_str(b, s->user);
    if (s->caps & CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA) {
        proto_buf_put_lenenc_str(b, s->auth, s->auth_len);
    } else if (s->caps & CLIENT_SECURE_CONNECTION) {
        proto_buf_put_u8(b, (uint8_t)s->auth_len);
        proto_buf_put(b, s->auth, s->auth_len);
    } else {
        proto_buf_put(b, s->auth, s->auth_len);
        proto_buf_put_u8(b, 0);
    }
    if (s->caps & CLIENT_CONNECT_WITH_DB)
        proto_buf_put_nul_str(b, s->db);
    if (s->caps & CLIENT_PLUGIN_AUTH)
        proto_buf_put_nul_str(b, s->plugin);
    if (s->caps & CLIENT_CONNECT_ATTRS)
        proto_buf_put_lenenc_str(b, s->attrs, s->attrs_len);
}

#define BASE_CAPS (CLIENT_LONG_PASSWORD | CLIENT_PROTOCOL_41 | CLIENT_SECURE_CONNECTION | \
                   CLIENT_TRANSACTIONS | CLIENT_MULTI_RESULTS)

static const uint8_t auth20[20] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                   17, 18, 19, 20};
/* _client_name = libmysql, _pid = 1234 */
static const uint8_t attrs_ok[] = {12, '_', 'c', 'l', 'i', 'e', 'n', 't', '_', 'n', 'a', 'm', 'e',
                                   8, 'l', 'i', 'b', 'm', 'y', 's', 'q', 'l',
                                   4, '_', 'p', 'i', 'd', 4, '1', '2', '3', '4'};

Test(proto_handshake_resp, full_lenenc_form)
{
    resp_spec s = {
        .caps = BASE_CAPS | CLIENT_PLUGIN_AUTH | CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA |
                CLIENT_CONNECT_WITH_DB | CLIENT_CONNECT_ATTRS,
        .user = "root", .auth = auth20, .auth_len = 20, .db = "wordpress",
        .plugin = "mysql_native_password", .attrs = attrs_ok, .attrs_len = sizeof attrs_ok,
    };
    proto_buf b;
    proto_buf_init(&b);
    build_resp(&b, &s);
    proto_handshake_resp r;
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);
    cr_assert_eq(r.caps, s.caps);
    cr_assert_eq(r.max_packet, 16777216);
    cr_assert_eq(r.charset, 45);
    cr_assert_eq(r.is_ssl_request, 0);
    cr_assert_str_eq(r.user, "root");
    cr_assert_eq(r.auth_len, 20);
    cr_assert_eq(memcmp(r.auth, auth20, 20), 0);
    cr_assert_str_eq(r.db, "wordpress");
    cr_assert_str_eq(r.plugin, "mysql_native_password");

    /* every strict prefix fails cleanly or parses as a shorter valid form */
    for (size_t k = 0; k < b.len; k++) {
        uint8_t *copy = malloc(k ? k : 1);
        memcpy(copy, b.data, k);
        int rc = proto_parse_handshake_response(copy, k, &r);
        if (k < 32)
            cr_assert_lt(rc, 0, "prefix %zu", k);
        else
            cr_assert(rc == 0 || rc == PROTO_ETRUNC || rc == PROTO_EBAD, "prefix %zu", k);
        free(copy);
    }
    proto_buf_free(&b);
}

Test(proto_handshake_resp, one_byte_auth_length_and_no_db)
{
    resp_spec s = {
        .caps = BASE_CAPS | CLIENT_PLUGIN_AUTH,
        .user = "wp", .auth = auth20, .auth_len = 20, .plugin = "caching_sha2_password",
    };
    proto_buf b;
    proto_buf_init(&b);
    build_resp(&b, &s);
    proto_handshake_resp r;
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);
    cr_assert_str_eq(r.user, "wp");
    cr_assert_eq(r.auth_len, 20);
    cr_assert_eq(memcmp(r.auth, auth20, 20), 0);
    cr_assert_str_eq(r.db, "");
    cr_assert_str_eq(r.plugin, "caching_sha2_password");

    /* empty password: length byte 0 */
    s.auth_len = 0;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);
    cr_assert_eq(r.auth_len, 0);
    cr_assert_str_eq(r.plugin, "caching_sha2_password");

    /* auth length byte larger than what follows */
    s.auth_len = 20;
    build_resp(&b, &s);
    b.data[32 + 3] = 200;
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_ETRUNC);
    proto_buf_free(&b);
}

Test(proto_handshake_resp, old_nul_terminated_auth)
{
    static const uint8_t old_auth[8] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'};
    resp_spec s = {
        .caps = CLIENT_PROTOCOL_41 | CLIENT_CONNECT_WITH_DB,
        .user = "u", .auth = old_auth, .auth_len = 8, .db = "test",
    };
    proto_buf b;
    proto_buf_init(&b);
    build_resp(&b, &s);
    proto_handshake_resp r;
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);
    cr_assert_eq(r.auth_len, 8);
    cr_assert_eq(memcmp(r.auth, old_auth, 8), 0);
    cr_assert_str_eq(r.db, "test");
    cr_assert_str_eq(r.plugin, "");
    proto_buf_free(&b);
}

Test(proto_handshake_resp, minimal_user_only)
{
    resp_spec s = {.caps = BASE_CAPS | CLIENT_PLUGIN_AUTH | CLIENT_CONNECT_WITH_DB,
                   .user = "root"};
    proto_buf b;
    proto_buf_init(&b);
    build_resp(&b, &s);
    proto_handshake_resp r;
    /* the payload ends right after the user name */
    cr_assert_eq(proto_parse_handshake_response(b.data, 32 + 5, &r), 0);
    cr_assert_str_eq(r.user, "root");
    cr_assert_eq(r.auth_len, 0);
    cr_assert_str_eq(r.db, "");
    /* db without its NUL at the very end of the payload */
    s.db = "shop";
    build_resp(&b, &s);
    size_t n = b.len - 1;                 /* drop plugin's "" NUL */
    cr_assert_eq(proto_parse_handshake_response(b.data, n, &r), 0);
    cr_assert_str_eq(r.db, "shop");
    cr_assert_eq(proto_parse_handshake_response(b.data, n - 1, &r), 0);  /* and its NUL */
    cr_assert_str_eq(r.db, "shop");
    proto_buf_free(&b);
}

Test(proto_handshake_resp, ssl_request)
{
    proto_buf b;
    proto_buf_init(&b);
    resp_spec s = {.caps = BASE_CAPS | CLIENT_SSL, .user = "x"};
    build_resp(&b, &s);
    proto_handshake_resp r;
    cr_assert_eq(proto_parse_handshake_response(b.data, 32, &r), 0);
    cr_assert_eq(r.is_ssl_request, 1);
    cr_assert_eq(r.caps, s.caps);
    cr_assert_eq(r.max_packet, 16777216);
    cr_assert_eq(r.charset, 45);
    cr_assert_str_eq(r.user, "");
    /* the full response after TLS also has CLIENT_SSL: not an SSLRequest */
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);
    cr_assert_eq(r.is_ssl_request, 0);
    cr_assert_str_eq(r.user, "x");
    /* 32 bytes without CLIENT_SSL: user name missing */
    b.data[1] &= (uint8_t)~(CLIENT_SSL >> 8);
    cr_assert_eq(proto_parse_handshake_response(b.data, 32, &r), PROTO_ETRUNC);
    proto_buf_free(&b);
}

Test(proto_handshake_resp, rejects_malformed)
{
    proto_buf b;
    proto_buf_init(&b);
    proto_handshake_resp r;
    resp_spec s = {.caps = BASE_CAPS | CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA,
                   .user = "root", .auth = auth20, .auth_len = 20};

    cr_assert_eq(proto_parse_handshake_response(NULL, 0, &r), PROTO_ETRUNC);
    cr_assert_eq(proto_parse_handshake_response((const uint8_t *)"\x00\x02\x00", 3, &r),
                 PROTO_ETRUNC);

    /* pre-4.1 client */
    s.caps &= ~CLIENT_PROTOCOL_41;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_EBAD);
    s.caps |= CLIENT_PROTOCOL_41;

    /* user name with no NUL */
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, 32 + 4, &r), PROTO_ETRUNC);

    /* user name too long (256 chars) vs longest allowed (255) */
    char longname[300];
    memset(longname, 'u', 256);
    longname[256] = 0;
    s.user = longname;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_EBAD);
    longname[255] = 0;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);
    cr_assert_eq(strlen(r.user), 255);
    s.user = "root";

    /* lenenc auth: NULL marker, longer than the payload, longer than 256 */
    build_resp(&b, &s);
    b.data[32 + 5] = 0xfb;
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_EBAD);
    b.data[32 + 5] = 0xff;
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_EBAD);
    b.data[32 + 5] = 21;
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_ETRUNC);
    uint8_t big[300] = {0};
    s.auth = big;
    s.auth_len = 257;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_EBAD);
    s.auth_len = 256;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);
    cr_assert_eq(r.auth_len, 256);
    s.auth = auth20;
    s.auth_len = 20;

    /* db name too long */
    char longdb[300];
    memset(longdb, 'd', 256);
    longdb[256] = 0;
    s.caps |= CLIENT_CONNECT_WITH_DB;
    s.db = longdb;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_EBAD);
    s.db = "ok";

    /* plugin name too long (64) */
    char longplugin[80];
    memset(longplugin, 'p', 64);
    longplugin[64] = 0;
    s.caps |= CLIENT_PLUGIN_AUTH;
    s.plugin = longplugin;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_EBAD);
    longplugin[63] = 0;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);
    s.plugin = "mysql_native_password";
    proto_buf_free(&b);
}

Test(proto_handshake_resp, connect_attrs_validation)
{
    proto_buf b;
    proto_buf_init(&b);
    proto_handshake_resp r;
    resp_spec s = {.caps = BASE_CAPS | CLIENT_PLUGIN_AUTH | CLIENT_CONNECT_ATTRS |
                           CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA,
                   .user = "root", .auth = auth20, .auth_len = 20,
                   .plugin = "mysql_native_password", .attrs = attrs_ok,
                   .attrs_len = sizeof attrs_ok};
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);
    /* trailing bytes after the attributes are ignored */
    proto_buf_put_u8(&b, 0x03);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);

    /* empty attribute block */
    s.attrs_len = 0;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), 0);

    /* a key without its value */
    static const uint8_t key_only[] = {3, 'a', 'b', 'c'};
    s.attrs = key_only;
    s.attrs_len = sizeof key_only;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_EBAD);

    /* a value running past the block */
    static const uint8_t overrun[] = {1, 'a', 5, 'x'};
    s.attrs = overrun;
    s.attrs_len = sizeof overrun;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_EBAD);

    /* a NULL (0xfb) key */
    static const uint8_t nullkey[] = {0xfb, 1, 'x'};
    s.attrs = nullkey;
    s.attrs_len = sizeof nullkey;
    build_resp(&b, &s);
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_EBAD);

    /* block length larger than the payload */
    s.attrs = attrs_ok;
    s.attrs_len = sizeof attrs_ok;
    build_resp(&b, &s);
    b.len--;
    cr_assert_eq(proto_parse_handshake_response(b.data, b.len, &r), PROTO_ETRUNC);
    proto_buf_free(&b);
}

Test(proto_handshake_resp, random_input_never_crashes, .timeout = 120)
{
    uint64_t s = 0x9e3779b97f4a7c15ull;
    uint8_t buf[600];
    proto_handshake_resp r;
    proto_buf valid;
    proto_buf_init(&valid);
    resp_spec spec = {
        .caps = BASE_CAPS | CLIENT_PLUGIN_AUTH | CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA |
                CLIENT_CONNECT_WITH_DB | CLIENT_CONNECT_ATTRS,
        .user = "root", .auth = auth20, .auth_len = 20, .db = "wordpress",
        .plugin = "mysql_native_password", .attrs = attrs_ok, .attrs_len = sizeof attrs_ok,
    };
    build_resp(&valid, &spec);
    for (int it = 0; it < 200000; it++) {
        size_t n;
        uint64_t mode = rng_next(&s) % 3;
        if (mode == 0) {
            /* pure noise, caps usually claiming 4.1 */
            n = rng_next(&s) % sizeof buf;
            for (size_t i = 0; i < n; i++)
                buf[i] = (uint8_t)rng_next(&s);
            if (n >= 4 && (rng_next(&s) & 3))
                buf[1] |= CLIENT_PROTOCOL_41 >> 8;
        } else {
            /* a valid response with a few bytes changed and a random cut */
            n = valid.len;
            memcpy(buf, valid.data, n);
            int flips = 1 + (int)(rng_next(&s) % 4);
            for (int k = 0; k < flips; k++) {
                size_t at = rng_next(&s) % n;
                buf[at] = (uint8_t)((mode == 1) ? rng_next(&s) : buf[at] ^ (1u << (rng_next(&s) % 8)));
            }
            if (rng_next(&s) & 1)
                n = rng_next(&s) % (n + 1);
        }
        /* parse from an exact-size heap copy so ASan sees any overread */
        uint8_t *p = malloc(n ? n : 1);
        memcpy(p, buf, n);
        int rc = proto_parse_handshake_response(p, n, &r);
        cr_assert(rc == 0 || rc == PROTO_ETRUNC || rc == PROTO_EBAD);
        if (rc == 0 && !r.is_ssl_request) {
            cr_assert_lt(strlen(r.user), sizeof r.user);
            cr_assert_lt(strlen(r.db), sizeof r.db);
            cr_assert_lt(strlen(r.plugin), sizeof r.plugin);
            cr_assert_leq(r.auth_len, sizeof r.auth);
        }
        free(p);
    }
    proto_buf_free(&valid);
}

/* ---- auth ---- */

Test(proto_auth, native_hash_known_vector)
{
    uint8_t stored[20];
    char hex[42];
    proto_native_stored_hash("password", 8, stored);
    proto_native_hash_hex(stored, hex);
    cr_assert_str_eq(hex, "*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19");
    /* stored = SHA1(SHA1(pw)) */
    uint8_t s1[20], s2[20];
    SHA1((const unsigned char *)"password", 8, s1);
    SHA1(s1, 20, s2);
    cr_assert_eq(memcmp(stored, s2, 20), 0);
}

/* What a client sends: SHA1(pw) XOR SHA1(scramble || SHA1(SHA1(pw))). */
static void client_native(const uint8_t scramble[20], const char *pw, uint8_t out[20])
{
    uint8_t s1[20], s2[20], buf[40], m[20];
    SHA1((const unsigned char *)pw, strlen(pw), s1);
    SHA1(s1, 20, s2);
    memcpy(buf, scramble, 20);
    memcpy(buf + 20, s2, 20);
    SHA1(buf, 40, m);
    for (int i = 0; i < 20; i++)
        out[i] = s1[i] ^ m[i];
}

Test(proto_auth, native_check)
{
    uint8_t scramble[20], stored[20], resp[20];
    proto_make_scramble(scramble, 20);
    proto_native_stored_hash("s3cret!", 7, stored);
    client_native(scramble, "s3cret!", resp);
    cr_assert_eq(proto_native_check(scramble, resp, 20, stored, 0), 1);

    uint8_t wrong[20];
    client_native(scramble, "s3cret?", wrong);
    cr_assert_eq(proto_native_check(scramble, wrong, 20, stored, 0), 0);
    resp[7] ^= 1;
    cr_assert_eq(proto_native_check(scramble, resp, 20, stored, 0), 0);
    resp[7] ^= 1;
    cr_assert_eq(proto_native_check(scramble, resp, 19, stored, 0), 0);
    cr_assert_eq(proto_native_check(scramble, resp, 0, stored, 0), 0);
    /* a different scramble */
    uint8_t other[20];
    memcpy(other, scramble, 20);
    other[0] ^= 0x40;
    cr_assert_eq(proto_native_check(other, resp, 20, stored, 0), 0);
    /* empty password: only an empty response */
    uint8_t empty_stored[20] = {0};
    cr_assert_eq(proto_native_check(scramble, NULL, 0, empty_stored, 1), 1);
    cr_assert_eq(proto_native_check(scramble, resp, 20, empty_stored, 1), 0);
}

/* caching_sha2 fast path: SHA256(pw) XOR SHA256(SHA256(SHA256(pw)) || scramble). */
static void client_sha2(const uint8_t scramble[20], const char *pw, uint8_t out[32])
{
    uint8_t s1[32], s2[32], buf[52], m[32];
    SHA256((const unsigned char *)pw, strlen(pw), s1);
    SHA256(s1, 32, s2);
    memcpy(buf, s2, 32);
    memcpy(buf + 32, scramble, 20);
    SHA256(buf, 52, m);
    for (int i = 0; i < 32; i++)
        out[i] = s1[i] ^ m[i];
}

Test(proto_auth, sha2_check)
{
    uint8_t scramble[20], stored[32], resp[32];
    proto_make_scramble(scramble, 20);
    proto_sha2_stored_hash("password", 8, stored);
    uint8_t s1[32], s2[32];
    SHA256((const unsigned char *)"password", 8, s1);
    SHA256(s1, 32, s2);
    cr_assert_eq(memcmp(stored, s2, 32), 0);

    client_sha2(scramble, "password", resp);
    cr_assert_eq(proto_sha2_check(scramble, resp, 32, stored), 1);
    client_sha2(scramble, "passw0rd", resp);
    cr_assert_eq(proto_sha2_check(scramble, resp, 32, stored), 0);
    client_sha2(scramble, "password", resp);
    cr_assert_eq(proto_sha2_check(scramble, resp, 31, stored), 0);
    cr_assert_eq(proto_sha2_check(scramble, resp, 0, stored), 0);
    resp[31] ^= 0x80;
    cr_assert_eq(proto_sha2_check(scramble, resp, 32, stored), 0);
}
