/* checksum.c - CHECKSUM TABLE with MariaDB's numbers (handler::calculate_checksum): per
 * visible row the CRC-32 of its record as MariaDB's server layer holds it (the NULL
 * bitmap, then each non-NULL column in its storage format; VARCHAR, TEXT, BLOB and BIT as
 * their bytes), summed modulo 2^32. So a table moved from MariaDB can be checked against
 * the original. QUICK gives NULL, as for InnoDB (it keeps no live checksum). */
#include "engine/eng.h"
#include <stdio.h>
#include <time.h>
#include <string.h>
#include <zlib.h>

/* the record's NULL bitmap: a bit per nullable column in order; without
 * HA_OPTION_PACK_RECORD (no VARCHAR or BLOB column) bit 0 is the "deleted" mark, always 1;
 * the unused high bits of the last byte are 1 */
static bool pack_record(const stor_table *t)
{
    for (uint32_t i = 0; i < t->ncols; i++) {
        uint8_t ty = t->cols[i].type;
        if (ty == CT_VARCHAR || ty == CT_VARBINARY || (ty >= CT_TINYTEXT && ty <= CT_LONGBLOB)) return true;
    }
    return false;
}

static void be_store(uint8_t *p, uint64_t v, int n)
{
    for (int i = n - 1; i >= 0; i--) { p[i] = (uint8_t)v; v >>= 8; }
}

static void le_store(uint8_t *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++) { p[i] = (uint8_t)v; v >>= 8; }
}

/* Fraction bytes of a temporal type of fsp digits, big-endian (my_*_to_binary). */
static int frac_store(uint8_t *p, int64_t frac, int fsp)
{
    if (fsp <= 0) return 0;
    if (fsp <= 2) { p[0] = (uint8_t)(int8_t)(frac / 10000); return 1; }
    if (fsp <= 4) { be_store(p, (uint64_t)(frac / 100), 2); return 2; }
    be_store(p, (uint64_t)frac, 3);
    return 3;
}

/* DECIMAL(prec, scale) in MariaDB's binary format (decimal2bin): the integer digits in
 * groups of 9 from the point leftwards, the fraction's from the point rightwards, each
 * group big-endian in 4 bytes (a partial one in as few as hold it), every byte inverted
 * when negative, then the first byte's top bit flipped. digits: the value's digits
 * without sign or point, nint of them before the point. */
static int dec_store(uint8_t *out, bool neg, const char *digits, int nint, int nfrac, int prec, int scale)
{
    static const int dig2bytes[10] = { 0, 1, 1, 2, 2, 3, 3, 4, 4, 4 };
    int intg = prec - scale;
    char buf[160];
    int k = 0;
    for (int i = 0; i < intg - nint; i++) buf[k++] = '0';
    for (int i = nint > intg ? nint - intg : 0; i < nint; i++) buf[k++] = digits[i];
    for (int i = 0; i < scale; i++) buf[k++] = i < nfrac ? digits[nint + i] : '0';
    int n = 0, pos = 0;
    int lead = intg % 9, groups[2] = { intg / 9, scale / 9 }, tail = scale % 9;
    uint32_t v = 0;
    for (int i = 0; i < lead; i++) v = v * 10 + (uint32_t)(buf[pos++] - '0');
    if (lead) { be_store(out + n, v, dig2bytes[lead]); n += dig2bytes[lead]; }
    for (int part = 0; part < 2; part++)
        for (int g = 0; g < groups[part]; g++) {
            v = 0;
            for (int i = 0; i < 9; i++) v = v * 10 + (uint32_t)(buf[pos++] - '0');
            be_store(out + n, v, 4);
            n += 4;
        }
    v = 0;
    for (int i = 0; i < tail; i++) v = v * 10 + (uint32_t)(buf[pos++] - '0');
    if (tail) { be_store(out + n, v, dig2bytes[tail]); n += dig2bytes[tail]; }
    if (neg) for (int i = 0; i < n; i++) out[i] ^= 0xff;
    if (n) out[0] ^= 0x80;
    return n;
}

static int dec_value(uint8_t *out, const stor_column *c, const pdb_value *v)
{
    int prec = c->width ? (int)c->width : 10, scale = c->scale < 0 ? 0 : c->scale;
    char digits[100];
    bool neg = false;
    int nint = 0, nfrac = 0;
    if (v->len) {   /* text: [-]digits[.digits] */
        const char *p = v->p, *e = v->p + v->len;
        if (p < e && *p == '-') { neg = true; p++; }
        while (p < e && *p != '.' && nint < 90) digits[nint++] = *p++;
        if (p < e && *p == '.') p++;
        while (p < e && nint + nfrac < 99) digits[nint + nfrac++] = *p++;
    } else {        /* scaled integer */
        uint64_t u = v->i < 0 ? 0 - (uint64_t)v->i : (uint64_t)v->i;
        neg = v->i < 0;
        char tmp[24];
        int m = snprintf(tmp, sizeof tmp, "%0*llu", scale + 1, (unsigned long long)u);
        nint = m - scale;
        nfrac = scale;
        memcpy(digits, tmp, (size_t)m);
    }
    while (nint > 1 && digits[0] == '0') { memmove(digits, digits + 1, (size_t)(nint + nfrac - 1)); nint--; }
    if (nint == 1 && digits[0] == '0') { memmove(digits, digits + 1, (size_t)nfrac); nint = 0; }
    return dec_store(out, neg, digits, nint, nfrac, prec, scale);
}

/* What MariaDB's record holds for an ENUM (the member's number, 0 for '') or a SET (a
 * bit per member) whose value storage keeps as the member text(s), as written. */
static uint32_t member_number(const stor_column *c, const char *p, size_t n)
{
    for (uint32_t i = 0; i < c->n_enum; i++)
        if (strlen(c->enum_vals[i]) == n && !memcmp(c->enum_vals[i], p, n)) return i + 1;
    return 0;
}

static uint64_t member_bits(const stor_column *c, const pdb_value *v, bool set)
{
    const char *p = v->p ? v->p : "", *e = p + v->len;
    if (!set) return member_number(c, p, v->len);
    uint64_t bits = 0;
    while (p < e) {
        const char *q = memchr(p, ',', (size_t)(e - p));
        uint32_t k = member_number(c, p, (size_t)((q ? q : e) - p));
        if (k && k <= 64) bits |= 1ull << (k - 1);
        p = q ? q + 1 : e;
    }
    return bits;
}

/* A column's bytes in the record, in out (FIELD_MAX bytes: CHAR(255) of 4-byte
 * characters), or for the variable-length types its string in *str. */
#define FIELD_MAX 1024
typedef struct scratch { stor_arena *a; char *p; size_t cap; const pdb_session *s; } scratch;

/* A string value in its column's charset (pressdb keeps text as UTF-8; latin1 and ascii
 * columns hold single bytes in MariaDB's record), in sc's buffer when converted. */
static const char *col_octets(scratch *sc, const stor_column *c, const pdb_value *v, size_t *n)
{
    if (!v->len) { *n = 0; return ""; }   /* (an empty value may have no bytes at all) */
    size_t need = pdb_coll_octets_cap(c->coll, v->len) + 1;
    if (sc->cap < need) {
        sc->cap = need * 2;
        sc->p = stor_arena_alloc(sc->a, sc->cap);
    }
    *n = pdb_coll_octets(c->coll, v->p, v->len, sc->p);
    return sc->p;
}

static size_t field_bytes(scratch *sc, const stor_table *t, uint32_t col, uint32_t row, uint8_t *out,
                          const uint8_t **str)
{
    const stor_column *c = &t->cols[col];
    pdb_value v;
    stor_get(t, col, row, &v);
    *str = NULL;
    int y, mo, d, h, mi, s, us;
    switch (c->type) {
    case CT_TINYINT: le_store(out, (uint64_t)v.i, 1); return 1;
    case CT_SMALLINT: le_store(out, (uint64_t)v.i, 2); return 2;
    case CT_MEDIUMINT: le_store(out, (uint64_t)v.i, 3); return 3;
    case CT_INT: le_store(out, (uint64_t)v.i, 4); return 4;
    case CT_BIGINT: le_store(out, v.u, 8); return 8;
    case CT_YEAR: out[0] = (uint8_t)(v.i ? v.i - 1900 : 0); return 1;
    case CT_FLOAT: { float f = (float)v.d; memcpy(out, &f, 4); return 4; }
    case CT_DOUBLE: memcpy(out, &v.d, 8); return 8;
    case CT_DECIMAL: return (size_t)dec_value(out, c, &v);
    case CT_ENUM: le_store(out, member_bits(c, &v, false), c->n_enum < 256 ? 1 : 2); return c->n_enum < 256 ? 1 : 2;
    case CT_SET: {
        int n = (int)(c->n_enum + 7) / 8;
        if (n > 4) n = 8;
        le_store(out, member_bits(c, &v, true), n);
        return (size_t)n;
    }
    case CT_DATE:
        pdb_dt_unpack(v.i, &y, &mo, &d, &h, &mi, &s, &us);
        le_store(out, (uint64_t)(y * 512 + mo * 32 + d), 3);
        return 3;
    case CT_DATETIME: {
        pdb_dt_unpack(v.i, &y, &mo, &d, &h, &mi, &s, &us);
        int64_t ymd = ((int64_t)(y * 13 + mo) << 5) | d, hms = (h << 12) | (mi << 6) | s;
        be_store(out, (uint64_t)(((ymd << 17) | hms) + 0x8000000000LL), 5);
        return 5 + (size_t)frac_store(out + 5, us, c->scale);
    }
    case CT_TIMESTAMP: {
        pdb_dt_unpack(v.i, &y, &mo, &d, &h, &mi, &s, &us);
        /* the instant, as the session's time zone reads the value (UNIX_TIMESTAMP) */
        struct tm tm = { 0 };
        tm.tm_year = y - 1900; tm.tm_mon = mo - 1; tm.tm_mday = d;
        tm.tm_hour = h; tm.tm_min = mi; tm.tm_sec = s; tm.tm_isdst = -1;
        int64_t secs = y ? (int64_t)ex_tz_mktime(sc->s, &tm) : 0;
        be_store(out, (uint64_t)secs, 4);
        return 4 + (size_t)frac_store(out + 4, us, c->scale);
    }
    case CT_TIME: {
        int64_t a = v.i < 0 ? -v.i : v.i;
        int64_t hms = ((a / 3600000000LL) << 12) | ((a / 60000000 % 60) << 6) | (a / 1000000 % 60);
        int64_t nr = (hms << 24) + a % 1000000;
        if (v.i < 0) nr = -nr;
        int fsp = c->scale < 0 ? 0 : c->scale;
        if (fsp >= 5) { be_store(out, (uint64_t)(nr + 0x800000000000LL), 6); return 6; }
        be_store(out, (uint64_t)((nr >> 24) + 0x800000LL), 3);
        return 3 + (size_t)frac_store(out + 3, nr % (1LL << 24), fsp);
    }
    case CT_CHAR: case CT_BINARY: {
        /* fixed length: the bytes, then spaces (zero bytes for BINARY) to the full width */
        const pdb_collation *co = pdb_coll_by_id(c->coll);
        size_t full = (size_t)(c->width ? c->width : 1) * (co && co->maxlen ? co->maxlen : 1);
        if (full > FIELD_MAX) full = FIELD_MAX;
        size_t n = v.len;
        const char *b = c->type == CT_CHAR ? col_octets(sc, c, &v, &n) : v.p;
        if (n > full) n = full;
        if (n) memcpy(out, b, n);
        memset(out + n, c->type == CT_BINARY ? 0 : ' ', full - n);
        return full;
    }
    case CT_VARCHAR: case CT_TINYTEXT: case CT_TEXT: case CT_MEDIUMTEXT: case CT_LONGTEXT: {
        size_t n;
        *str = (const uint8_t *)col_octets(sc, c, &v, &n);
        return n;
    }
    default:   /* VARBINARY, BLOB, BIT: the value's bytes */
        *str = (const uint8_t *)v.p;
        return v.p ? v.len : 0;
    }
}

/* nulls: room for the bitmap, ncols / 8 + 2 bytes */
static uint32_t row_checksum(scratch *sc, const stor_table *t, uint32_t row, bool pack, uint8_t *nulls)
{
    uint32_t bit = pack ? 0 : 1;
    memset(nulls, 0, t->ncols / 8 + 2);
    if (!pack) nulls[0] |= 1;
    for (uint32_t i = 0; i < t->ncols; i++) {
        if (t->cols[i].not_null) continue;
        if (stor_is_null(&t->cols[i], row)) nulls[bit >> 3] |= (uint8_t)(1u << (bit & 7));
        bit++;
    }
    uint32_t nbytes = (bit + 7) / 8;
    if (bit & 7) nulls[nbytes - 1] |= (uint8_t)(256 - (1u << (bit & 7)));
    uLong crc = crc32(0L, Z_NULL, 0);
    if (nbytes) crc = crc32(crc, nulls, nbytes);
    for (uint32_t i = 0; i < t->ncols; i++) {
        if (stor_is_null(&t->cols[i], row)) continue;
        uint8_t buf[FIELD_MAX];
        const uint8_t *str;
        size_t n = field_bytes(sc, t, i, row, buf, &str);
        if (n) crc = crc32(crc, str ? str : buf, (uInt)n);
    }
    return (uint32_t)crc;
}

void ex_checksum_table(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    const ex_colspec spec[2] = { { "Table", MYSQL_TYPE_VAR_STRING, 1536, 0, NULL },
                                 { "Checksum", MYSQL_TYPE_LONGLONG, 21, 0, NULL } };
    ex_textset ts;
    ex_textset_spec(ctx, &ts, 2, spec, NULL);
    for (int i = 0; i < st->nnames; i++) {
        const char *db = st->names_db[i] ? st->names_db[i] : ctx->s->db;
        char full[2 * PDB_NAME_LEN + 2], num[24];
        snprintf(full, sizeof full, "%s.%s", db, st->names[i]);
        const char *v[2] = { stor_arena_strndup(ctx->a, full, strlen(full)), NULL };
        const stor_table *t = stor_table_find(db, st->names[i]);
        if (!t) {
            ex_warn(ctx, "Error", 1146, "Table '%s' doesn't exist", full);
        } else if (!st->num) {   /* (QUICK: no live checksum) */
            bool pack = pack_record(t);
            uint8_t *nulls = stor_arena_alloc(ctx->a, t->ncols / 8 + 2);
            scratch sc = { ctx->a, NULL, 0, ctx->s };
            uint32_t sum = 0;
            for (uint32_t row = 0; row < t->nrows; row++) {
                if ((row & 4095) == 4095) ex_slice_tick(ctx);
                if (stor_row_visible(t, row)) sum += row_checksum(&sc, t, row, pack, nulls);
            }
            snprintf(num, sizeof num, "%u", sum);
            v[1] = stor_arena_strndup(ctx->a, num, strlen(num));
        }
        ex_textset_add(ctx, &ts, v);
    }
    ex_textset_send(ctx, &ts, r);
}
