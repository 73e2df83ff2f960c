/* packet.c - packet framing: splitting outgoing payloads and joining incoming ones. */
#include "protocol/protocol.h"

#include <string.h>

/* Largest max_payload used when the caller passes 0 (MySQL's max_allowed_packet ceiling). */
#define PROTO_DEFAULT_MAX_PAYLOAD ((size_t)1 << 30)

enum { PROTO_SKIP_NONE = 0, PROTO_SKIP_LAST = 1, PROTO_SKIP_MORE = 2 };

static uint32_t proto_hdr_len(const uint8_t *h)
{
    return (uint32_t)h[0] | (uint32_t)h[1] << 8 | (uint32_t)h[2] << 16;
}

static void proto_hdr_put(uint8_t *h, size_t len, uint8_t seq)
{
    h[0] = (uint8_t)len;
    h[1] = (uint8_t)(len >> 8);
    h[2] = (uint8_t)(len >> 16);
    h[3] = seq;
}

/* ---- framer ---- */

void proto_framer_init(proto_framer *f, size_t max_payload)
{
    memset(f, 0, sizeof *f);
    proto_buf_init(&f->in);
    proto_buf_init(&f->payload);
    f->max_payload = max_payload ? max_payload : PROTO_DEFAULT_MAX_PAYLOAD;
    f->seq = 0;
    f->check_seq = 0;
    f->skip_left = 0;
    f->skip_state = PROTO_SKIP_NONE;
}

void proto_framer_free(proto_framer *f)
{
    proto_buf_free(&f->in);
    proto_buf_free(&f->payload);
    f->skip_left = 0;
    f->skip_state = PROTO_SKIP_NONE;
}

int proto_framer_skipping(const proto_framer *f)
{
    return f->skip_state != PROTO_SKIP_NONE;
}

int proto_framer_feed(proto_framer *f, const void *p, size_t n)
{
    const uint8_t *b = p;
    if (n && !b)
        return PROTO_EBAD;
    /* While the body of an oversized packet is being skipped, nothing is buffered
     * (f->in is always empty then: proto_framer_next drains it before setting skip_left). */
    if (f->skip_left && f->in.len == 0) {
        size_t k = n < f->skip_left ? n : f->skip_left;
        b += k;
        n -= k;
        f->skip_left -= k;
    }
    return proto_buf_put(&f->in, b, n);
}

/* Discards input belonging to the oversized payload. Returns 1 while skipping goes on
 * (more bytes needed), 0 once the whole payload has been skipped. */
static int proto_framer_skip(proto_framer *f)
{
    while (f->skip_state != PROTO_SKIP_NONE) {
        if (f->skip_left) {
            size_t k = f->in.len < f->skip_left ? f->in.len : f->skip_left;
            proto_buf_consume(&f->in, k);
            f->skip_left -= k;
            if (f->skip_left)
                return 1;
        }
        if (f->skip_state == PROTO_SKIP_LAST) {
            f->skip_state = PROTO_SKIP_NONE;
            break;
        }
        /* Another packet of the same payload follows: read its header. Sequence ids are
         * not checked here; f->seq tracks them so an ERR can follow the last one. */
        if (f->in.len < 4)
            return 1;
        uint32_t len = proto_hdr_len(f->in.data);
        f->seq = (uint8_t)(f->in.data[3] + 1);
        proto_buf_consume(&f->in, 4);
        f->skip_left = len;
        f->skip_state = len == PROTO_MAX_PAYLOAD ? PROTO_SKIP_MORE : PROTO_SKIP_LAST;
    }
    return 0;
}

int proto_framer_next(proto_framer *f)
{
    if (proto_framer_skip(f))
        return 0;

    /* Walk the headers of the packets present; yield only once the last packet of the
     * logical payload (length < 0xffffff) is complete. Only headers are examined, so a
     * partial payload costs O(number of packets) per call. */
    size_t off = 0, total = 0;
    uint8_t seq = f->seq;
    for (int first = 1;; first = 0) {
        if (f->in.len - off < 4)
            return 0;
        const uint8_t *h = f->in.data + off;
        uint32_t len = proto_hdr_len(h);
        uint8_t id = h[3];
        if (first && !f->check_seq)
            seq = id;
        else if (id != seq)
            return PROTO_ESEQ;
        total += len;
        if (total > f->max_payload) {
            /* Drop what was buffered of this payload and skip the rest as it arrives. */
            f->skip_left = len;
            f->skip_state = len == PROTO_MAX_PAYLOAD ? PROTO_SKIP_MORE : PROTO_SKIP_LAST;
            f->seq = (uint8_t)(id + 1);
            proto_buf_consume(&f->in, off + 4);
            proto_framer_skip(f);
            return PROTO_ETOOBIG;
        }
        if (f->in.len - off - 4 < len)
            return 0;
        seq = (uint8_t)(id + 1);
        off += 4 + (size_t)len;
        if (len < PROTO_MAX_PAYLOAD)
            break;
    }

    proto_buf_reset(&f->payload);
    int rc = proto_buf_reserve(&f->payload, total);
    if (rc)
        return rc;
    for (size_t pos = 0; pos < off;) {
        uint32_t len = proto_hdr_len(f->in.data + pos);
        if (len)
            memcpy(f->payload.data + f->payload.len, f->in.data + pos + 4, len);
        f->payload.len += len;
        pos += 4 + (size_t)len;
    }
    proto_buf_consume(&f->in, off);
    f->seq = seq;
    return 1;
}

/* ---- writing ---- */

int proto_pkt_begin(proto_buf *out, size_t *off)
{
    static const uint8_t hdr[4];
    int rc = proto_buf_put(out, hdr, 4);
    if (rc)
        return rc;
    *off = out->len;
    return PROTO_OK;
}

int proto_pkt_end(proto_buf *out, size_t off, uint8_t *seq)
{
    if (off < 4 || off > out->len)
        return PROTO_EBAD;
    size_t len = out->len - off;
    if (len < PROTO_MAX_PAYLOAD) {
        proto_hdr_put(out->data + off - 4, len, *seq);
        (*seq)++;
        return PROTO_OK;
    }
    /* Split into npk packets: full 0xffffff ones and a shorter (possibly empty) last one. */
    size_t npk = len / PROTO_MAX_PAYLOAD + 1;
    size_t extra = 4 * (npk - 1);
    int rc = proto_buf_reserve(out, extra);
    if (rc) {
        out->len = off - 4;     /* drop the begun packet: the buffer is as it was */
        return rc;
    }
    uint8_t *base = out->data + off;     /* payload start == first chunk's destination */
    for (size_t i = npk; i-- > 0;) {
        size_t src = i * PROTO_MAX_PAYLOAD;
        size_t dst = i * (PROTO_MAX_PAYLOAD + 4);
        size_t n = i == npk - 1 ? len - src : PROTO_MAX_PAYLOAD;
        if (n && dst != src)
            memmove(base + dst, base + src, n);
        proto_hdr_put(base + dst - 4, n, (uint8_t)(*seq + i));
    }
    out->len += extra;
    *seq = (uint8_t)(*seq + npk);
    return PROTO_OK;
}

int proto_write_packet(proto_buf *out, uint8_t *seq, const void *payload, size_t n)
{
    size_t start = out->len, off;
    if (n > SIZE_MAX - 4)
        return PROTO_ENOMEM;
    int rc = proto_buf_reserve(out, n + 4);
    if (!rc)
        rc = proto_pkt_begin(out, &off);
    if (!rc)
        rc = proto_buf_put(out, payload, n);
    if (!rc)
        rc = proto_pkt_end(out, off, seq);
    if (rc)
        out->len = start;
    return rc;
}
