/* buf.c - growable byte buffer (proto_buf) and bounds-checked payload reader (proto_rd). */
#include "protocol/protocol.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- proto_buf ---- */

void proto_buf_init(proto_buf *b)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
}

void proto_buf_free(proto_buf *b)
{
    free(b->data);
    proto_buf_init(b);
}

void proto_buf_reset(proto_buf *b)
{
    b->len = 0;
}

int proto_buf_reserve(proto_buf *b, size_t extra)
{
    if (extra <= b->cap - b->len)
        return PROTO_OK;
    /* No object can be larger than PTRDIFF_MAX; fail such requests without asking. */
    if (extra > (size_t)PTRDIFF_MAX - b->len)
        return PROTO_ENOMEM;
    size_t need = b->len + extra;
    size_t ncap = b->cap < 64 ? 64 : b->cap;
    while (ncap < need) {
        if (ncap > (size_t)PTRDIFF_MAX / 2) {
            ncap = need;
            break;
        }
        ncap *= 2;
    }
    uint8_t *nd = realloc(b->data, ncap);
    if (!nd)
        return PROTO_ENOMEM;
    b->data = nd;
    b->cap = ncap;
    return PROTO_OK;
}

int proto_buf_put(proto_buf *b, const void *p, size_t n)
{
    if (n == 0)
        return PROTO_OK;
    if (!p)
        return PROTO_EBAD;
    int rc = proto_buf_reserve(b, n);
    if (rc)
        return rc;
    memcpy(b->data + b->len, p, n);
    b->len += n;
    return PROTO_OK;
}

/* Appends the low n bytes of v, little endian. */
static int proto_put_le(proto_buf *b, uint64_t v, size_t n)
{
    uint8_t tmp[8];
    for (size_t i = 0; i < n; i++)
        tmp[i] = (uint8_t)(v >> (8 * i));
    return proto_buf_put(b, tmp, n);
}

int proto_buf_put_u8(proto_buf *b, uint8_t v)  { return proto_put_le(b, v, 1); }
int proto_buf_put_u16(proto_buf *b, uint16_t v) { return proto_put_le(b, v, 2); }
int proto_buf_put_u24(proto_buf *b, uint32_t v) { return proto_put_le(b, v, 3); }
int proto_buf_put_u32(proto_buf *b, uint32_t v) { return proto_put_le(b, v, 4); }
int proto_buf_put_u64(proto_buf *b, uint64_t v) { return proto_put_le(b, v, 8); }

/* Encodes v as a length-encoded integer into tmp (9 bytes); returns its size. */
static size_t proto_lenenc_encode(uint8_t tmp[9], uint64_t v)
{
    size_t n;
    if (v < 251) {
        tmp[0] = (uint8_t)v;
        return 1;
    } else if (v <= 0xffff) {
        tmp[0] = 0xfc;
        n = 2;
    } else if (v <= 0xffffff) {
        tmp[0] = 0xfd;
        n = 3;
    } else {
        tmp[0] = 0xfe;
        n = 8;
    }
    for (size_t i = 0; i < n; i++)
        tmp[1 + i] = (uint8_t)(v >> (8 * i));
    return n + 1;
}

int proto_buf_put_lenenc_int(proto_buf *b, uint64_t v)
{
    uint8_t tmp[9];
    size_t n = proto_lenenc_encode(tmp, v);
    return proto_buf_put(b, tmp, n);
}

int proto_buf_put_lenenc_str(proto_buf *b, const void *p, size_t n)
{
    if (n && !p)
        return PROTO_EBAD;
    if (n < 251 && n < b->cap - b->len) {   /* the usual cell: one length byte, room already there */
        b->data[b->len] = (uint8_t)n;
        if (n)
            memcpy(b->data + b->len + 1, p, n);
        b->len += n + 1;
        return PROTO_OK;
    }
    uint8_t tmp[9];
    size_t hn = proto_lenenc_encode(tmp, n);
    if (n > SIZE_MAX - hn)
        return PROTO_ENOMEM;
    /* Reserve both parts first so a failure leaves the buffer untouched. */
    int rc = proto_buf_reserve(b, hn + n);
    if (rc)
        return rc;
    memcpy(b->data + b->len, tmp, hn);
    if (n)
        memcpy(b->data + b->len + hn, p, n);
    b->len += hn + n;
    return PROTO_OK;
}

int proto_buf_put_nul_str(proto_buf *b, const char *s)
{
    if (!s)
        s = "";
    return proto_buf_put(b, s, strlen(s) + 1);
}

void proto_buf_consume(proto_buf *b, size_t n)
{
    if (n >= b->len) {
        b->len = 0;
        return;
    }
    memmove(b->data, b->data + n, b->len - n);
    b->len -= n;
}

/* ---- proto_rd ---- */

static const uint8_t proto_rd_empty[1];

void proto_rd_init(proto_rd *r, const void *p, size_t n)
{
    if (!p) {
        /* Never do arithmetic on a null pointer. */
        r->p = r->end = proto_rd_empty;
    } else {
        r->p = p;
        r->end = r->p + n;
    }
    r->bad = 0;
}

size_t proto_rd_left(const proto_rd *r)
{
    return r->bad ? 0 : (size_t)(r->end - r->p);
}

/* Marks the reader failed: sticky, and no bytes are left. */
static void proto_rd_fail(proto_rd *r)
{
    r->bad = 1;
    r->p = r->end;
}

/* Reads n (<= 8) little-endian bytes; zero and r->bad on overrun. */
static uint64_t proto_rd_le(proto_rd *r, size_t n)
{
    if (proto_rd_left(r) < n) {
        proto_rd_fail(r);
        return 0;
    }
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v |= (uint64_t)r->p[i] << (8 * i);
    r->p += n;
    return v;
}

uint8_t  proto_rd_u8(proto_rd *r)  { return (uint8_t)proto_rd_le(r, 1); }
uint16_t proto_rd_u16(proto_rd *r) { return (uint16_t)proto_rd_le(r, 2); }
uint32_t proto_rd_u24(proto_rd *r) { return (uint32_t)proto_rd_le(r, 3); }
uint32_t proto_rd_u32(proto_rd *r) { return (uint32_t)proto_rd_le(r, 4); }
uint64_t proto_rd_u64(proto_rd *r) { return proto_rd_le(r, 8); }

/* 0xfb is NULL: reported through *is_null, or, when the caller passed is_null == NULL
 * (a place where NULL is not allowed), a malformed value that sets r->bad.
 * 0xff is never a valid length-encoded integer and sets r->bad. */
uint64_t proto_rd_lenenc_int(proto_rd *r, int *is_null)
{
    if (is_null)
        *is_null = 0;
    if (proto_rd_left(r) < 1) {
        proto_rd_fail(r);
        return 0;
    }
    uint8_t c = *r->p;
    if (c < 0xfb) {
        r->p++;
        return c;
    }
    switch (c) {
    case 0xfb:
        if (!is_null) {
            proto_rd_fail(r);
            return 0;
        }
        r->p++;
        *is_null = 1;
        return 0;
    case 0xfc:
        if (proto_rd_left(r) < 3)
            break;
        r->p++;
        return proto_rd_le(r, 2);
    case 0xfd:
        if (proto_rd_left(r) < 4)
            break;
        r->p++;
        return proto_rd_le(r, 3);
    case 0xfe:
        if (proto_rd_left(r) < 9)
            break;
        r->p++;
        return proto_rd_le(r, 8);
    default:
        break;
    }
    proto_rd_fail(r);
    return 0;
}

int proto_rd_bytes(proto_rd *r, size_t n, const uint8_t **out)
{
    if (r->bad || proto_rd_left(r) < n) {
        proto_rd_fail(r);
        if (out)
            *out = NULL;
        return PROTO_ETRUNC;
    }
    if (out)
        *out = r->p;
    r->p += n;
    return PROTO_OK;
}

/* Returns PROTO_ETRUNC when the string runs past the end, PROTO_EBAD for a NULL (0xfb)
 * or invalid (0xff) length. */
int proto_rd_lenenc_str(proto_rd *r, const uint8_t **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    if (r->bad || proto_rd_left(r) < 1) {
        proto_rd_fail(r);
        return PROTO_ETRUNC;
    }
    uint8_t c = *r->p;
    if (c == 0xfb || c == 0xff) {
        proto_rd_fail(r);
        return PROTO_EBAD;
    }
    uint64_t len = proto_rd_lenenc_int(r, NULL);
    if (r->bad)
        return PROTO_ETRUNC;
    if (len > proto_rd_left(r)) {
        proto_rd_fail(r);
        return PROTO_ETRUNC;
    }
    *n = (size_t)len;
    return proto_rd_bytes(r, (size_t)len, out);
}

int proto_rd_nul_str(proto_rd *r, const uint8_t **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    size_t left = proto_rd_left(r);
    const uint8_t *z = left ? memchr(r->p, 0, left) : NULL;
    if (!z) {
        proto_rd_fail(r);
        return PROTO_ETRUNC;
    }
    *out = r->p;
    *n = (size_t)(z - r->p);
    r->p = z + 1;
    return PROTO_OK;
}
