/* client.c - the client side of the handshake, for a replica connecting to its primary:
 * reading the server's greeting, answering it, and mysql_native_password's response. */
#include "protocol/protocol.h"
#include <openssl/sha.h>
#include <openssl/crypto.h>
#include <string.h>

int proto_parse_greeting(const uint8_t *p, size_t n, proto_server_hello *h)
{
    proto_rd r;
    proto_rd_init(&r, p, n);
    memset(h, 0, sizeof *h);
    if (n < 1 || p[0] != 10) return PROTO_EBAD;
    (void)proto_rd_u8(&r);
    const uint8_t *ver; size_t vn;
    if (proto_rd_nul_str(&r, &ver, &vn) != 0) return PROTO_ETRUNC;
    if (vn >= sizeof h->version) vn = sizeof h->version - 1;
    memcpy(h->version, ver, vn);
    h->conn_id = proto_rd_u32(&r);
    const uint8_t *s1;
    if (proto_rd_bytes(&r, 8, &s1) != 0) return PROTO_ETRUNC;
    memcpy(h->scramble, s1, 8);
    (void)proto_rd_u8(&r);                       /* filler */
    uint32_t caps = proto_rd_u16(&r);
    if (proto_rd_left(&r) < 1 + 2 + 2 + 1 + 10) return PROTO_ETRUNC;
    h->charset = proto_rd_u8(&r);
    (void)proto_rd_u16(&r);                      /* status */
    caps |= (uint32_t)proto_rd_u16(&r) << 16;
    h->caps = caps;
    uint8_t alen = proto_rd_u8(&r);
    const uint8_t *skip;
    (void)proto_rd_bytes(&r, 10, &skip);         /* reserved (MariaDB's extended caps) */
    size_t n2 = alen > 8 ? (size_t)alen - 9 : 12;
    if (n2 > PROTO_SCRAMBLE_LEN - 8) n2 = PROTO_SCRAMBLE_LEN - 8;
    const uint8_t *s2;
    if (proto_rd_bytes(&r, n2, &s2) != 0) return PROTO_ETRUNC;
    memcpy(h->scramble + 8, s2, n2);
    (void)proto_rd_u8(&r);                       /* the scramble's NUL */
    const uint8_t *pl; size_t pn;
    if (proto_rd_left(&r) && proto_rd_nul_str(&r, &pl, &pn) == 0 && pn < sizeof h->plugin)
        memcpy(h->plugin, pl, pn);
    return 0;
}

void proto_native_response(const uint8_t scramble[PROTO_SCRAMBLE_LEN], const char *pw, size_t n,
                           uint8_t out[20])
{
    /* SHA1(pw) XOR SHA1(scramble || SHA1(SHA1(pw))) */
    uint8_t stage1[SHA_DIGEST_LENGTH], buf[PROTO_SCRAMBLE_LEN + SHA_DIGEST_LENGTH], mask[SHA_DIGEST_LENGTH];
    SHA1((const unsigned char *)pw, n, stage1);
    memcpy(buf, scramble, PROTO_SCRAMBLE_LEN);
    SHA1(stage1, sizeof stage1, buf + PROTO_SCRAMBLE_LEN);
    SHA1(buf, sizeof buf, mask);
    for (int i = 0; i < SHA_DIGEST_LENGTH; i++) out[i] = stage1[i] ^ mask[i];
    OPENSSL_cleanse(stage1, sizeof stage1);
}

int proto_write_handshake_response(proto_buf *out, uint8_t *seq, uint32_t caps, uint8_t charset,
                                   const char *user, const uint8_t *auth, size_t auth_len,
                                   const char *plugin)
{
    size_t off;
    if (proto_pkt_begin(out, &off) != 0) return -1;
    uint8_t zero[23] = { 0 };
    if (proto_buf_put_u32(out, caps) || proto_buf_put_u32(out, 16u << 20) || proto_buf_put_u8(out, charset) ||
        proto_buf_put(out, zero, sizeof zero) || proto_buf_put_nul_str(out, user) ||
        proto_buf_put_u8(out, (uint8_t)auth_len) || proto_buf_put(out, auth, auth_len) ||
        proto_buf_put_nul_str(out, plugin))
        return -1;
    return proto_pkt_end(out, off, seq);
}

int proto_write_ssl_request(proto_buf *out, uint8_t *seq, uint32_t caps, uint8_t charset)
{
    size_t off;
    if (proto_pkt_begin(out, &off) != 0) return -1;
    uint8_t zero[23] = { 0 };
    if (proto_buf_put_u32(out, caps | CLIENT_SSL) || proto_buf_put_u32(out, 16u << 20) ||
        proto_buf_put_u8(out, charset) || proto_buf_put(out, zero, sizeof zero))
        return -1;
    return proto_pkt_end(out, off, seq);
}
