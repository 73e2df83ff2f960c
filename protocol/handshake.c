/* handshake.c - HandshakeV10 greeting, HandshakeResponse41/SSLRequest parsing, auth switch. */
#include "protocol/protocol.h"

#include <errno.h>
#include <openssl/rand.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#define PUT(x) do { if ((rc = (x)) != 0) goto fail; } while (0)

int proto_write_greeting(proto_buf *out, uint8_t *seq, const proto_greeting *g)
{
    static const uint8_t zeros[10];
    const char *plugin = g->auth_plugin ? g->auth_plugin : "mysql_native_password";
    size_t start = out->len, off;
    uint8_t s = 0;
    int rc;
    PUT(proto_pkt_begin(out, &off));
    PUT(proto_buf_put_u8(out, 10));                              /* protocol version */
    PUT(proto_buf_put_nul_str(out, g->server_version ? g->server_version : ""));
    PUT(proto_buf_put_u32(out, g->conn_id));
    PUT(proto_buf_put(out, g->scramble, 8));                     /* auth-plugin-data part 1 */
    PUT(proto_buf_put_u8(out, 0));                               /* filler */
    PUT(proto_buf_put_u16(out, (uint16_t)(g->caps & 0xffff)));
    PUT(proto_buf_put_u8(out, g->charset));
    PUT(proto_buf_put_u16(out, g->status));
    PUT(proto_buf_put_u16(out, (uint16_t)(g->caps >> 16)));
    PUT(proto_buf_put_u8(out, (g->caps & CLIENT_PLUGIN_AUTH) ? PROTO_SCRAMBLE_LEN + 1 : 0));
    PUT(proto_buf_put(out, zeros, 6));                           /* reserved */
    PUT(proto_buf_put_u32(out, (g->caps & CLIENT_LONG_PASSWORD) ? 0 : g->ext_caps));   /* MariaDB's */
    if (g->caps & CLIENT_SECURE_CONNECTION) {
        PUT(proto_buf_put(out, g->scramble + 8, PROTO_SCRAMBLE_LEN - 8)); /* part 2 */
        PUT(proto_buf_put_u8(out, 0));
    }
    if (g->caps & CLIENT_PLUGIN_AUTH)
        PUT(proto_buf_put_nul_str(out, plugin));
    PUT(proto_pkt_end(out, off, &s));
    *seq = s;
    return PROTO_OK;
fail:
    out->len = start;
    return rc;
}

/* Copies a string field of len bytes into dst (cap bytes incl. NUL); PROTO_EBAD if it does
 * not fit or contains a NUL. */
static int proto_copy_name(char *dst, size_t cap, const uint8_t *s, size_t len)
{
    if (len >= cap || (len && memchr(s, 0, len)))
        return PROTO_EBAD;
    if (len)
        memcpy(dst, s, len);
    dst[len] = '\0';
    return PROTO_OK;
}

/* A NUL-terminated string that may instead end at the end of the payload. */
static void proto_rd_str_to_end(proto_rd *r, const uint8_t **s, size_t *len)
{
    size_t left = proto_rd_left(r);
    const uint8_t *z = left ? memchr(r->p, 0, left) : NULL;
    *s = r->p;
    *len = z ? (size_t)(z - r->p) : left;
    r->p += *len + (z ? 1 : 0);
}

/* Checks the connect attributes block: lenenc total length, then lenenc key/value pairs
 * that exactly fill it. */
static int proto_check_attrs(proto_rd *r)
{
    if (proto_rd_left(r) == 0)
        return PROTO_OK;                    /* flag set but nothing sent: tolerate */
    uint8_t c = *r->p;
    if (c == 0xfb || c == 0xff)
        return PROTO_EBAD;
    uint64_t total = proto_rd_lenenc_int(r, NULL);
    if (r->bad)
        return PROTO_ETRUNC;
    if (total > proto_rd_left(r))
        return PROTO_ETRUNC;
    const uint8_t *blk;
    proto_rd_bytes(r, (size_t)total, &blk);
    proto_rd a;
    proto_rd_init(&a, blk, (size_t)total);
    while (proto_rd_left(&a) > 0) {
        const uint8_t *s;
        size_t n;
        if (proto_rd_lenenc_str(&a, &s, &n))    /* key */
            return PROTO_EBAD;
        if (proto_rd_lenenc_str(&a, &s, &n))    /* value */
            return PROTO_EBAD;
    }
    return PROTO_OK;
}

int proto_parse_handshake_response(const uint8_t *p, size_t n, proto_handshake_resp *r)
{
    memset(r, 0, sizeof *r);
    proto_rd rd;
    proto_rd_init(&rd, p, n);
    if (n < 4)
        return PROTO_ETRUNC;
    r->caps = proto_rd_u32(&rd);
    if (!(r->caps & CLIENT_PROTOCOL_41))
        return PROTO_EBAD;                 /* HandshakeResponse320 is not supported */
    if (n < 32)
        return PROTO_ETRUNC;
    r->max_packet = proto_rd_u32(&rd);
    r->charset = proto_rd_u8(&rd);
    proto_rd_bytes(&rd, 19, NULL);         /* filler */
    uint32_t ext = proto_rd_u32(&rd);      /* MariaDB: extended caps, unless CLIENT_MYSQL */
    r->ext_caps = (r->caps & CLIENT_LONG_PASSWORD) ? 0 : ext;
    if (n == 32 && (r->caps & CLIENT_SSL)) {
        r->is_ssl_request = 1;
        return PROTO_OK;
    }

    const uint8_t *s;
    size_t len;
    int rc = proto_rd_nul_str(&rd, &s, &len);
    if (rc)
        return rc;
    if ((rc = proto_copy_name(r->user, sizeof r->user, s, len)))
        return rc;
    if (proto_rd_left(&rd) == 0)
        return PROTO_OK;                   /* no auth data, db, plugin or attributes */

    /* auth response */
    if (r->caps & CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA) {
        uint8_t c = *rd.p;
        if (c == 0xfb || c == 0xff)
            return PROTO_EBAD;
        uint64_t alen = proto_rd_lenenc_int(&rd, NULL);
        if (rd.bad)
            return PROTO_ETRUNC;
        if (alen > proto_rd_left(&rd))
            return PROTO_ETRUNC;
        if (alen > sizeof r->auth)
            return PROTO_EBAD;
        len = (size_t)alen;
        proto_rd_bytes(&rd, len, &s);
    } else if (r->caps & CLIENT_SECURE_CONNECTION) {
        len = proto_rd_u8(&rd);
        if ((rc = proto_rd_bytes(&rd, len, &s)))
            return rc;
    } else {
        if ((rc = proto_rd_nul_str(&rd, &s, &len)))
            return rc;
        if (len > sizeof r->auth)
            return PROTO_EBAD;
    }
    if (len)
        memcpy(r->auth, s, len);
    r->auth_len = len;

    if (r->caps & CLIENT_CONNECT_WITH_DB) {
        proto_rd_str_to_end(&rd, &s, &len);
        if ((rc = proto_copy_name(r->db, sizeof r->db, s, len)))
            return rc;
    }
    if (r->caps & CLIENT_PLUGIN_AUTH) {
        proto_rd_str_to_end(&rd, &s, &len);
        if ((rc = proto_copy_name(r->plugin, sizeof r->plugin, s, len)))
            return rc;
    }
    if (r->caps & CLIENT_CONNECT_ATTRS) {
        if ((rc = proto_check_attrs(&rd)))
            return rc;
    }
    return PROTO_OK;
}

void proto_make_scramble(uint8_t *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        size_t k = n - got < 4096 ? n - got : 4096;
        if (RAND_bytes(buf + got, (int)k) != 1)
            break;
        got += k;
    }
    while (got < n) {
        /* OpenSSL's generator failed: fall back to the kernel's. */
        ssize_t k = getrandom(buf + got, n - got, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            abort();    /* no randomness at all: never hand out a guessable scramble */
        got += (size_t)k;
    }
    for (size_t i = 0; i < n; i++) {
        buf[i] &= 0x7f;
        if (buf[i] == '\0' || buf[i] == '$')
            buf[i]++;
    }
}

int proto_write_auth_switch(proto_buf *out, uint8_t *seq, const char *plugin,
                            const uint8_t *scramble, size_t n)
{
    size_t start = out->len, off;
    int rc;
    PUT(proto_pkt_begin(out, &off));
    PUT(proto_buf_put_u8(out, 0xfe));
    PUT(proto_buf_put_nul_str(out, plugin ? plugin : ""));
    PUT(proto_buf_put(out, scramble, n));
    PUT(proto_buf_put_u8(out, 0));
    PUT(proto_pkt_end(out, off, seq));
    return PROTO_OK;
fail:
    out->len = start;
    return rc;
}

int proto_write_auth_more_data(proto_buf *out, uint8_t *seq, const void *data, size_t n)
{
    size_t start = out->len, off;
    int rc;
    PUT(proto_pkt_begin(out, &off));
    PUT(proto_buf_put_u8(out, 0x01));
    PUT(proto_buf_put(out, data, n));
    PUT(proto_pkt_end(out, off, seq));
    return PROTO_OK;
fail:
    out->len = start;
    return rc;
}
