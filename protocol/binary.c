/* binary.c - prepared statements: PREPARE_OK, EXECUTE/SEND_LONG_DATA/FETCH parsing, binary rows. */
#include "protocol/protocol.h"

#include <string.h>

#define PUT(x) do { if ((rc = (x)) != 0) goto fail; } while (0)

/* How a value of a type is laid out on the wire. */
enum proto_layout {
    PROTO_L_BAD,        /* not a type the binary protocol carries */
    PROTO_L_NONE,       /* MYSQL_TYPE_NULL: no bytes */
    PROTO_L_INT1, PROTO_L_INT2, PROTO_L_INT4, PROTO_L_INT8,
    PROTO_L_FLOAT, PROTO_L_DOUBLE,
    PROTO_L_DATETIME,   /* 1-byte length 0/4/7/11 */
    PROTO_L_TIME,       /* 1-byte length 0/8/12 */
    PROTO_L_STR,        /* lenenc string */
};

static enum proto_layout proto_layout_of(uint8_t type)
{
    switch (type) {
    case MYSQL_TYPE_NULL:        return PROTO_L_NONE;
    case MYSQL_TYPE_TINY:        return PROTO_L_INT1;
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_YEAR:        return PROTO_L_INT2;
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_INT24:       return PROTO_L_INT4;
    case MYSQL_TYPE_LONGLONG:    return PROTO_L_INT8;
    case MYSQL_TYPE_FLOAT:       return PROTO_L_FLOAT;
    case MYSQL_TYPE_DOUBLE:      return PROTO_L_DOUBLE;
    case MYSQL_TYPE_DATE:
    case MYSQL_TYPE_DATETIME:
    case MYSQL_TYPE_TIMESTAMP:   return PROTO_L_DATETIME;
    case MYSQL_TYPE_TIME:        return PROTO_L_TIME;
    case MYSQL_TYPE_DECIMAL:
    case MYSQL_TYPE_VARCHAR:
    case MYSQL_TYPE_BIT:
    case MYSQL_TYPE_JSON:
    case MYSQL_TYPE_NEWDECIMAL:
    case MYSQL_TYPE_ENUM:
    case MYSQL_TYPE_SET:
    case MYSQL_TYPE_TINY_BLOB:
    case MYSQL_TYPE_MEDIUM_BLOB:
    case MYSQL_TYPE_LONG_BLOB:
    case MYSQL_TYPE_BLOB:
    case MYSQL_TYPE_VAR_STRING:
    case MYSQL_TYPE_STRING:
    case MYSQL_TYPE_GEOMETRY:    return PROTO_L_STR;
    default:                     return PROTO_L_BAD;
    }
}

/* Checks that p (n bytes) starts with command byte cmd. */
static int proto_check_cmd(proto_rd *r, const uint8_t *p, size_t n, uint8_t cmd)
{
    proto_rd_init(r, p, n);
    if (n < 1)
        return PROTO_ETRUNC;
    if (proto_rd_u8(r) != cmd)
        return PROTO_EBAD;
    return PROTO_OK;
}

int proto_write_stmt_prepare_ok(proto_buf *out, uint8_t *seq, uint32_t stmt_id,
                                uint16_t num_columns, uint16_t num_params, uint16_t warnings)
{
    uint8_t p[12] = {
        0x00,
        (uint8_t)stmt_id, (uint8_t)(stmt_id >> 8), (uint8_t)(stmt_id >> 16), (uint8_t)(stmt_id >> 24),
        (uint8_t)num_columns, (uint8_t)(num_columns >> 8),
        (uint8_t)num_params, (uint8_t)(num_params >> 8),
        0x00,
        (uint8_t)warnings, (uint8_t)(warnings >> 8),
    };
    return proto_write_packet(out, seq, p, sizeof p);
}

int proto_parse_stmt_id(const uint8_t *p, size_t n, uint32_t *stmt_id)
{
    *stmt_id = 0;
    if (n < 5)
        return PROTO_ETRUNC;
    if (p[0] < COM_STMT_EXECUTE || p[0] > COM_STMT_FETCH || p[0] == COM_SET_OPTION)
        return PROTO_EBAD;
    *stmt_id = (uint32_t)p[1] | (uint32_t)p[2] << 8 | (uint32_t)p[3] << 16 | (uint32_t)p[4] << 24;
    return PROTO_OK;
}

static int64_t proto_sext(uint64_t v, unsigned bits)
{
    uint64_t m = (uint64_t)1 << (bits - 1);
    v &= bits == 64 ? ~(uint64_t)0 : (m << 1) - 1;
    return (int64_t)((v ^ m) - m);
}

/* Reads one binary-protocol value of v->type into v. */
static int proto_read_value(proto_rd *r, proto_value *v)
{
    uint64_t x;
    unsigned bits;
    switch (proto_layout_of(v->type)) {
    case PROTO_L_NONE:
        v->is_null = 1;
        return PROTO_OK;
    case PROTO_L_INT1: x = proto_rd_u8(r);  bits = 8;  goto integer;
    case PROTO_L_INT2: x = proto_rd_u16(r); bits = 16; goto integer;
    case PROTO_L_INT4: x = proto_rd_u32(r); bits = 32; goto integer;
    case PROTO_L_INT8: x = proto_rd_u64(r); bits = 64; goto integer;
    integer:
        if (r->bad)
            return PROTO_ETRUNC;
        v->u = x;
        v->i = proto_sext(x, bits);
        return PROTO_OK;
    case PROTO_L_FLOAT: {
        uint32_t b = proto_rd_u32(r);
        float fl;
        memcpy(&fl, &b, sizeof fl);
        v->d = fl;
        return r->bad ? PROTO_ETRUNC : PROTO_OK;
    }
    case PROTO_L_DOUBLE: {
        uint64_t b = proto_rd_u64(r);
        memcpy(&v->d, &b, sizeof v->d);
        return r->bad ? PROTO_ETRUNC : PROTO_OK;
    }
    case PROTO_L_DATETIME: {
        if (proto_rd_left(r) < 1)
            return PROTO_ETRUNC;
        uint8_t len = proto_rd_u8(r);
        if (len != 0 && len != 4 && len != 7 && len != 11)
            return PROTO_EBAD;
        if (proto_rd_left(r) < len)
            return PROTO_ETRUNC;
        if (len >= 4) {
            v->t.year = proto_rd_u16(r);
            v->t.month = proto_rd_u8(r);
            v->t.day = proto_rd_u8(r);
        }
        if (len >= 7) {
            v->t.hour = proto_rd_u8(r);
            v->t.minute = proto_rd_u8(r);
            v->t.second = proto_rd_u8(r);
        }
        if (len >= 11)
            v->t.microsecond = proto_rd_u32(r);
        return PROTO_OK;
    }
    case PROTO_L_TIME: {
        if (proto_rd_left(r) < 1)
            return PROTO_ETRUNC;
        uint8_t len = proto_rd_u8(r);
        if (len != 0 && len != 8 && len != 12)
            return PROTO_EBAD;
        if (proto_rd_left(r) < len)
            return PROTO_ETRUNC;
        if (len >= 8) {
            v->t.neg = proto_rd_u8(r) != 0;
            v->t.day = proto_rd_u32(r);
            v->t.hour = proto_rd_u8(r);
            v->t.minute = proto_rd_u8(r);
            v->t.second = proto_rd_u8(r);
        }
        if (len >= 12)
            v->t.microsecond = proto_rd_u32(r);
        return PROTO_OK;
    }
    case PROTO_L_STR:
        return proto_rd_lenenc_str(r, &v->str, &v->len);
    case PROTO_L_BAD:
    default:
        return PROTO_EBAD;
    }
}

int proto_parse_stmt_execute(const uint8_t *p, size_t n, size_t num_params,
                             const uint16_t *bound_types, const uint8_t *long_data,
                             proto_stmt_exec *ex, proto_value *params)
{
    memset(ex, 0, sizeof *ex);
    if (num_params)
        memset(params, 0, num_params * sizeof *params);
    proto_rd r;
    int rc = proto_check_cmd(&r, p, n, COM_STMT_EXECUTE);
    if (rc)
        return rc;
    if (proto_rd_left(&r) < 9)
        return PROTO_ETRUNC;
    ex->stmt_id = proto_rd_u32(&r);
    ex->flags = proto_rd_u8(&r);
    ex->iterations = proto_rd_u32(&r);
    if (num_params == 0)
        return PROTO_OK;

    size_t nbits = (num_params + 7) / 8;
    const uint8_t *nulls, *types = NULL;
    if ((rc = proto_rd_bytes(&r, nbits, &nulls)))
        return rc;
    if (proto_rd_left(&r) < 1)
        return PROTO_ETRUNC;
    ex->new_params_bound = proto_rd_u8(&r) != 0;
    if (ex->new_params_bound) {
        if (proto_rd_left(&r) / 2 < num_params)
            return PROTO_ETRUNC;
        proto_rd_bytes(&r, 2 * num_params, &types);
    } else if (!bound_types) {
        return PROTO_EBAD;                 /* no types sent and none bound before */
    }

    for (size_t i = 0; i < num_params; i++) {
        proto_value *v = &params[i];
        uint16_t t = types ? (uint16_t)(types[2 * i] | types[2 * i + 1] << 8) : bound_types[i];
        v->type = (uint8_t)(t & 0xff);
        v->is_unsigned = (t & PROTO_PARAM_UNSIGNED) != 0;
        if (proto_layout_of(v->type) == PROTO_L_BAD)
            return PROTO_EBAD;
        if (long_data && long_data[i]) {
            v->is_long_data = 1;
            continue;
        }
        if (v->type == MYSQL_TYPE_NULL || (nulls[i / 8] >> (i % 8) & 1)) {
            v->is_null = 1;
            continue;
        }
        if ((rc = proto_read_value(&r, v)))
            return rc;
    }
    return PROTO_OK;
}

uint16_t proto_value_param_type(const proto_value *v)
{
    return (uint16_t)(v->type | (v->is_unsigned ? PROTO_PARAM_UNSIGNED : 0));
}

int proto_parse_stmt_send_long_data(const uint8_t *p, size_t n, uint32_t *stmt_id,
                                    uint16_t *param_id, const uint8_t **data, size_t *len)
{
    *stmt_id = 0;
    *param_id = 0;
    *data = NULL;
    *len = 0;
    proto_rd r;
    int rc = proto_check_cmd(&r, p, n, COM_STMT_SEND_LONG_DATA);
    if (rc)
        return rc;
    if (proto_rd_left(&r) < 6)
        return PROTO_ETRUNC;
    *stmt_id = proto_rd_u32(&r);
    *param_id = proto_rd_u16(&r);
    *len = proto_rd_left(&r);
    *data = r.p;
    return PROTO_OK;
}

int proto_parse_stmt_fetch(const uint8_t *p, size_t n, uint32_t *stmt_id, uint32_t *num_rows)
{
    *stmt_id = 0;
    *num_rows = 0;
    proto_rd r;
    int rc = proto_check_cmd(&r, p, n, COM_STMT_FETCH);
    if (rc)
        return rc;
    if (proto_rd_left(&r) < 8)
        return PROTO_ETRUNC;
    *stmt_id = proto_rd_u32(&r);
    *num_rows = proto_rd_u32(&r);
    return PROTO_OK;
}

/* ---- binary rows ---- */

static int proto_put_datetime(proto_buf *out, uint8_t type, const proto_time *t)
{
    unsigned h = t->hour, mi = t->minute, s = t->second;
    uint32_t us = t->microsecond;
    if (type == MYSQL_TYPE_DATE)
        h = mi = s = us = 0;
    if (t->year > 0xffff || t->month > 0xff || t->day > 0xff || h > 0xff || mi > 0xff ||
        s > 0xff || us > 999999)
        return PROTO_EBAD;
    uint8_t b[12];
    size_t len;
    if (us)
        len = 11;
    else if (h || mi || s)
        len = 7;
    else if (t->year || t->month || t->day)
        len = 4;
    else
        len = 0;
    b[0] = (uint8_t)len;
    b[1] = (uint8_t)t->year;
    b[2] = (uint8_t)(t->year >> 8);
    b[3] = (uint8_t)t->month;
    b[4] = (uint8_t)t->day;
    b[5] = (uint8_t)h;
    b[6] = (uint8_t)mi;
    b[7] = (uint8_t)s;
    b[8] = (uint8_t)us;
    b[9] = (uint8_t)(us >> 8);
    b[10] = (uint8_t)(us >> 16);
    b[11] = (uint8_t)(us >> 24);
    return proto_buf_put(out, b, len + 1);
}

static int proto_put_time(proto_buf *out, const proto_time *t)
{
    /* Fold any hours >= 24 into days: the wire wants days + 0..23 hours. */
    uint64_t hours = (uint64_t)t->day * 24 + t->hour;
    uint64_t days = hours / 24;
    unsigned h = (unsigned)(hours % 24);
    if (days > 0xffffffffu || t->minute > 0xff || t->second > 0xff || t->microsecond > 999999)
        return PROTO_EBAD;
    uint8_t b[13];
    size_t len;
    if (t->microsecond)
        len = 12;
    else if (days || h || t->minute || t->second)
        len = 8;
    else
        len = 0;
    b[0] = (uint8_t)len;
    b[1] = t->neg ? 1 : 0;
    b[2] = (uint8_t)days;
    b[3] = (uint8_t)(days >> 8);
    b[4] = (uint8_t)(days >> 16);
    b[5] = (uint8_t)(days >> 24);
    b[6] = (uint8_t)h;
    b[7] = (uint8_t)t->minute;
    b[8] = (uint8_t)t->second;
    b[9] = (uint8_t)t->microsecond;
    b[10] = (uint8_t)(t->microsecond >> 8);
    b[11] = (uint8_t)(t->microsecond >> 16);
    b[12] = (uint8_t)(t->microsecond >> 24);
    return proto_buf_put(out, b, len + 1);
}

static int proto_put_value(proto_buf *out, const proto_value *v)
{
    uint64_t x = v->is_unsigned ? v->u : (uint64_t)v->i;
    switch (proto_layout_of(v->type)) {
    case PROTO_L_INT1:   return proto_buf_put_u8(out, (uint8_t)x);
    case PROTO_L_INT2:   return proto_buf_put_u16(out, (uint16_t)x);
    case PROTO_L_INT4:   return proto_buf_put_u32(out, (uint32_t)x);
    case PROTO_L_INT8:   return proto_buf_put_u64(out, x);
    case PROTO_L_FLOAT: {
        float fl = (float)v->d;
        uint32_t b;
        memcpy(&b, &fl, sizeof b);
        return proto_buf_put_u32(out, b);
    }
    case PROTO_L_DOUBLE: {
        uint64_t b;
        memcpy(&b, &v->d, sizeof b);
        return proto_buf_put_u64(out, b);
    }
    case PROTO_L_DATETIME: return proto_put_datetime(out, v->type, &v->t);
    case PROTO_L_TIME:     return proto_put_time(out, &v->t);
    case PROTO_L_STR:      return proto_buf_put_lenenc_str(out, v->str, v->len);
    case PROTO_L_NONE:     /* written as NULL by the caller */
    case PROTO_L_BAD:
    default:
        return PROTO_EBAD;
    }
}

int proto_write_binary_row(proto_buf *out, uint8_t *seq, const proto_value *vals, size_t n)
{
    size_t start = out->len, off;
    if (n > SIZE_MAX - 9)
        return PROTO_EBAD;
    size_t nbytes = (n + 7 + 2) / 8;
    int rc;
    PUT(proto_pkt_begin(out, &off));
    PUT(proto_buf_put_u8(out, 0x00));
    PUT(proto_buf_reserve(out, nbytes));
    size_t bm = out->len;
    memset(out->data + bm, 0, nbytes);
    out->len += nbytes;
    for (size_t i = 0; i < n; i++) {
        const proto_value *v = &vals[i];
        enum proto_layout l = proto_layout_of(v->type);
        if (l == PROTO_L_BAD) {
            rc = PROTO_EBAD;
            goto fail;
        }
        if (v->is_null || l == PROTO_L_NONE) {
            size_t bit = i + 2;
            out->data[bm + bit / 8] |= (uint8_t)(1u << (bit % 8));
            continue;
        }
        PUT(proto_put_value(out, v));
    }
    PUT(proto_pkt_end(out, off, seq));
    return PROTO_OK;
fail:
    out->len = start;
    return rc;
}
