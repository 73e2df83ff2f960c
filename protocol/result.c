/* result.c - OK, ERR and EOF packets, column count and definitions, text resultset rows. */
#include "protocol/protocol.h"

#include <string.h>

#define PUT(x) do { if ((rc = (x)) != 0) goto fail; } while (0)

#define PROTO_ERRMSG_MAX 512

int proto_write_ok(proto_buf *out, uint8_t *seq, uint32_t caps, const proto_ok *ok, int eof_header)
{
    const char *info = ok->info ? ok->info : "";
    size_t info_len = strlen(info);
    uint16_t status = (uint16_t)(ok->status & ~SERVER_SESSION_STATE_CHANGED);
    size_t start = out->len, off;
    int rc;
    PUT(proto_pkt_begin(out, &off));
    PUT(proto_buf_put_u8(out, eof_header ? 0xfe : 0x00));
    PUT(proto_buf_put_lenenc_int(out, ok->affected_rows));
    PUT(proto_buf_put_lenenc_int(out, ok->insert_id));
    if (caps & CLIENT_PROTOCOL_41) {
        PUT(proto_buf_put_u16(out, status));
        PUT(proto_buf_put_u16(out, ok->warnings));
    } else if (caps & CLIENT_TRANSACTIONS) {
        PUT(proto_buf_put_u16(out, status));
    }
    /* MariaDB writes the info as a length-encoded string whether or not
     * CLIENT_SESSION_TRACK was negotiated (net_send_ok uses net_store_data), and
     * omits it when empty; clients read it either way. */
    if (info_len)
        PUT(proto_buf_put_lenenc_str(out, info, info_len));
    PUT(proto_pkt_end(out, off, seq));
    return PROTO_OK;
fail:
    out->len = start;
    return rc;
}

int proto_write_err(proto_buf *out, uint8_t *seq, uint32_t caps, uint16_t code,
                    const char *sqlstate, const char *msg)
{
    if (!sqlstate || strnlen(sqlstate, 5) < 5)
        sqlstate = "HY000";
    if (!msg)
        msg = "";
    size_t len = strnlen(msg, PROTO_ERRMSG_MAX + 1);
    if (len > PROTO_ERRMSG_MAX) {
        /* Cut to 512 bytes without splitting a UTF-8 sequence: back off over continuation
         * bytes (10xxxxxx) so the byte at the cut starts a character. */
        len = PROTO_ERRMSG_MAX;
        size_t k = 0;
        while (k < 3 && len > 0 && ((uint8_t)msg[len] & 0xc0) == 0x80) {
            len--;
            k++;
        }
    }
    size_t start = out->len, off;
    int rc;
    PUT(proto_pkt_begin(out, &off));
    PUT(proto_buf_put_u8(out, 0xff));
    PUT(proto_buf_put_u16(out, code));
    if (caps & CLIENT_PROTOCOL_41) {
        PUT(proto_buf_put_u8(out, '#'));
        PUT(proto_buf_put(out, sqlstate, 5));
    }
    PUT(proto_buf_put(out, msg, len));
    PUT(proto_pkt_end(out, off, seq));
    return PROTO_OK;
fail:
    out->len = start;
    return rc;
}

int proto_write_eof(proto_buf *out, uint8_t *seq, uint16_t warnings, uint16_t status)
{
    uint8_t p[5] = {
        0xfe, (uint8_t)warnings, (uint8_t)(warnings >> 8), (uint8_t)status, (uint8_t)(status >> 8),
    };
    return proto_write_packet(out, seq, p, sizeof p);
}

int proto_write_column_count(proto_buf *out, uint8_t *seq, uint64_t n)
{
    size_t start = out->len, off;
    int rc;
    PUT(proto_pkt_begin(out, &off));
    PUT(proto_buf_put_lenenc_int(out, n));
    PUT(proto_pkt_end(out, off, seq));
    return PROTO_OK;
fail:
    out->len = start;
    return rc;
}

static int proto_put_lenenc_cstr(proto_buf *out, const char *s)
{
    if (!s)
        s = "";
    return proto_buf_put_lenenc_str(out, s, strlen(s));
}

int proto_write_coldef(proto_buf *out, uint8_t *seq, const proto_coldef *c)
{
    size_t start = out->len, off;
    int rc;
    PUT(proto_pkt_begin(out, &off));
    PUT(proto_put_lenenc_cstr(out, "def"));          /* catalog */
    PUT(proto_put_lenenc_cstr(out, c->schema));
    PUT(proto_put_lenenc_cstr(out, c->table));
    PUT(proto_put_lenenc_cstr(out, c->org_table));
    PUT(proto_put_lenenc_cstr(out, c->name));
    PUT(proto_put_lenenc_cstr(out, c->org_name));
    PUT(proto_buf_put_lenenc_int(out, 0x0c));         /* length of the fixed fields */
    PUT(proto_buf_put_u16(out, c->charset));
    PUT(proto_buf_put_u32(out, c->length));
    PUT(proto_buf_put_u8(out, c->type));
    PUT(proto_buf_put_u16(out, c->flags));
    PUT(proto_buf_put_u8(out, c->decimals));
    PUT(proto_buf_put_u16(out, 0));                   /* filler */
    PUT(proto_pkt_end(out, off, seq));
    return PROTO_OK;
fail:
    out->len = start;
    return rc;
}

int proto_write_text_row(proto_buf *out, uint8_t *seq, const proto_cell *cells, size_t n)
{
    size_t start = out->len, off;
    int rc;
    PUT(proto_pkt_begin(out, &off));
    for (size_t i = 0; i < n; i++) {
        if (cells[i].is_null)
            PUT(proto_buf_put_u8(out, 0xfb));
        else
            PUT(proto_buf_put_lenenc_str(out, cells[i].p, cells[i].len));
    }
    PUT(proto_pkt_end(out, off, seq));
    return PROTO_OK;
fail:
    out->len = start;
    return rc;
}
