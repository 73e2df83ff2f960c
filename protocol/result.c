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
    bool state = (caps & CLIENT_SESSION_TRACK) && ok->state && ok->state_len;
    if (state) status |= SERVER_SESSION_STATE_CHANGED;
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
    if (info_len || state)
        PUT(proto_buf_put_lenenc_str(out, info, info_len));
    if (state)
        PUT(proto_buf_put_lenenc_str(out, (const char *)ok->state, ok->state_len));
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

/* The usual column definition: every name shorter than 251 bytes (one-byte lengths),
 * written with one reserve instead of twenty appends. Same bytes as the general path
 * below (tests/unit/test_protocol_results.c compares them). */
static int coldef_short(proto_buf *out, uint8_t *seq, const proto_coldef *c)
{
    const char *str[6] = { "def", c->schema, c->table, c->org_table, c->name, c->org_name };
    size_t len[6], total = 4, flen = c->ext_meta && c->format ? strlen(c->format) : 0;
    for (int i = 0; i < 6; i++) {
        if (!str[i]) str[i] = "";
        len[i] = strlen(str[i]);
        if (len[i] >= 251) return PROTO_EBAD;        /* the general path takes it */
        total += 1 + len[i];
    }
    if (flen >= 200) return PROTO_EBAD;
    if (c->ext_meta) total += 1 + (flen ? 2 + flen : 0);
    total += 13;
    int rc = proto_buf_reserve(out, total);
    if (rc) return rc;
    uint8_t *p = out->data + out->len;
    size_t payload = total - 4;
    p[0] = (uint8_t)payload; p[1] = (uint8_t)(payload >> 8); p[2] = (uint8_t)(payload >> 16);
    p[3] = (*seq)++;
    p += 4;
    for (int i = 0; i < 6; i++) {
        *p++ = (uint8_t)len[i];
        memcpy(p, str[i], len[i]);
        p += len[i];
    }
    if (c->ext_meta) {                                 /* extended metadata: { 1 format } or none */
        *p++ = (uint8_t)(flen ? 2 + flen : 0);
        if (flen) {
            *p++ = 1;
            *p++ = (uint8_t)flen;
            memcpy(p, c->format, flen);
            p += flen;
        }
    }
    *p++ = 0x0c;                                       /* length of the fixed fields */
    *p++ = (uint8_t)c->charset; *p++ = (uint8_t)(c->charset >> 8);
    *p++ = (uint8_t)c->length; *p++ = (uint8_t)(c->length >> 8);
    *p++ = (uint8_t)(c->length >> 16); *p++ = (uint8_t)(c->length >> 24);
    *p++ = c->type;
    *p++ = (uint8_t)c->flags; *p++ = (uint8_t)(c->flags >> 8);
    *p++ = c->decimals;
    *p++ = 0; *p++ = 0;                                /* filler */
    out->len += total;
    return PROTO_OK;
}

int proto_write_coldef(proto_buf *out, uint8_t *seq, const proto_coldef *c)
{
    size_t start = out->len, off;
    int rc = coldef_short(out, seq, c);
    if (rc != PROTO_EBAD) return rc;
    PUT(proto_pkt_begin(out, &off));
    PUT(proto_put_lenenc_cstr(out, "def"));          /* catalog */
    PUT(proto_put_lenenc_cstr(out, c->schema));
    PUT(proto_put_lenenc_cstr(out, c->table));
    PUT(proto_put_lenenc_cstr(out, c->org_table));
    PUT(proto_put_lenenc_cstr(out, c->name));
    PUT(proto_put_lenenc_cstr(out, c->org_name));
    if (c->ext_meta) {
        size_t flen = c->format ? strlen(c->format) : 0;
        PUT(proto_buf_put_lenenc_int(out, flen ? 2 + flen : 0));
        if (flen) {
            PUT(proto_buf_put_u8(out, 1));
            PUT(proto_buf_put_lenenc_str(out, c->format, flen));
        }
    }
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

/* A row whose payload fits one packet: its size worked out first, one reserve, then
 * the bytes written in place (the general path below appends cell by cell). */
static int text_row_one_packet(proto_buf *out, uint8_t *seq, const proto_cell *cells, size_t n)
{
    size_t payload = 0;
    for (size_t i = 0; i < n; i++) {
        if (cells[i].is_null) { payload += 1; continue; }
        size_t l = cells[i].len;
        if (l && !cells[i].p) return PROTO_EBAD;
        payload += (l < 251 ? 1 : l < 65536 ? 3 : l < 16777216 ? 4 : 9) + l;
        if (payload >= PROTO_MAX_PAYLOAD) return PROTO_EBAD;   /* the general path splits it */
    }
    int rc = proto_buf_reserve(out, payload + 4);
    if (rc) return rc;
    uint8_t *p = out->data + out->len;
    p[0] = (uint8_t)payload; p[1] = (uint8_t)(payload >> 8); p[2] = (uint8_t)(payload >> 16);
    p[3] = (*seq)++;
    p += 4;
    for (size_t i = 0; i < n; i++) {
        if (cells[i].is_null) { *p++ = 0xfb; continue; }
        size_t l = cells[i].len;
        if (l < 251) *p++ = (uint8_t)l;
        else if (l < 65536) { *p++ = 0xfc; *p++ = (uint8_t)l; *p++ = (uint8_t)(l >> 8); }
        else { *p++ = 0xfd; *p++ = (uint8_t)l; *p++ = (uint8_t)(l >> 8); *p++ = (uint8_t)(l >> 16); }
        if (l) memcpy(p, cells[i].p, l);
        p += l;
    }
    out->len += payload + 4;
    return PROTO_OK;
}

int proto_write_text_row(proto_buf *out, uint8_t *seq, const proto_cell *cells, size_t n)
{
    size_t start = out->len, off;
    int rc = text_row_one_packet(out, seq, cells, n);
    if (rc != PROTO_EBAD) return rc;
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
