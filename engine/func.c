/* func.c - what the function families share (result-type and string helpers, datetime
 * reading, ex_fn_* in func_int.h), LIKE, CAST and storage conversion, with MariaDB's NULL
 * and edge behaviour. Shared by the interpreter and (later) JIT-compiled code. */
#include "engine/func_int.h"
#include "engine/geo.h"
#include <ctype.h>
#include <math.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <openssl/evp.h>
#include <unicode/ustring.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/utf8.h>
#include <stdatomic.h>

/* ---------------------------------------------------------------- types */

void ex_fn_t_int(ex_type *t, uint32_t len)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_INT; t->ptype = len >= 11 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG; t->length = len; t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG; t->nullable = true;
}
void ex_fn_t_str(ex_type *t, uint32_t chars, uint16_t coll)
{
    memset(t, 0, sizeof *t);
    const pdb_collation *co = pdb_coll_by_id(coll);
    t->vt = VT_STRING; t->ptype = MYSQL_TYPE_VAR_STRING; t->coll = coll;
    t->length = chars * (co ? co->maxlen : 1); t->nullable = true;
    /* past a VARCHAR's bytes a BLOB type, by size (MariaDB's string_type_handler) */
    uint64_t bytes = (uint64_t)chars * (co ? co->maxlen : 1);
    if (bytes >= 65535)   /* (without BLOB_FLAG: a function's result is no column) */
        t->ptype = bytes >= 16777216 ? MYSQL_TYPE_LONG_BLOB : bytes >= 65536 ? MYSQL_TYPE_MEDIUM_BLOB : MYSQL_TYPE_BLOB;
    if (coll == COLL_BINARY) t->flags = BINARY_FLAG;
    t->coerc = 3;
}
uint8_t ex_blob_ptype(uint64_t chars)
{
    return chars <= 255 ? MYSQL_TYPE_TINY_BLOB : chars <= 65535 ? MYSQL_TYPE_BLOB
         : chars <= 16777215 ? MYSQL_TYPE_MEDIUM_BLOB : MYSQL_TYPE_LONG_BLOB;
}

uint32_t ex_fn_chars_of(const ex_type *t)
{
    const pdb_collation *co = pdb_coll_by_id(t->coll);
    if (t->vt != VT_STRING) return t->length;
    return t->length / (co && co->maxlen ? co->maxlen : 1);
}

static bool coll_bin_name(const pdb_collation *c)
{
    size_t n = strlen(c->name);
    return n > 4 && !strcmp(c->name + n - 4, "_bin");
}

/* The collation of a result made of the string arguments: a binary string among them
 * makes it binary (MariaDB's rule for CONCAT, IF, COALESCE...), else the first one's. */
uint16_t ex_fn_coll_of(const ex_type *a, int n)
{
    /* binary wins (DTCollation::aggregate) unless the other side's derivation is stronger:
       a binary literal (coercible) gives way to a column, a CAST or a COLLATE (function
       results are not told apart here: they let binary win) */
    int strongest = 4;
    for (int i = 0; i < n; i++) if (a[i].vt == VT_STRING && a[i].coll != COLL_BINARY && a[i].coerc < strongest) strongest = a[i].coerc;
    for (int i = 0; i < n; i++)
        if (a[i].vt == VT_STRING && a[i].coll == COLL_BINARY && !(a[i].coerc == 4 && strongest <= 2)) return COLL_BINARY;
    /* else the first one's, but a _bin collation of the same charset and derivation wins */
    int first = -1;
    for (int i = 0; i < n && first < 0; i++) if (a[i].vt == VT_STRING && a[i].coll != COLL_BINARY) first = i;
    if (first >= 0) {
        const pdb_collation *cf = pdb_coll_by_id(a[first].coll);
        for (int i = first + 1; cf && !coll_bin_name(cf) && i < n; i++) {
            if (a[i].vt != VT_STRING || a[i].coll == COLL_BINARY || a[i].coerc != a[first].coerc) continue;
            const pdb_collation *ci = pdb_coll_by_id(a[i].coll);
            if (ci && coll_bin_name(ci) && !strcmp(ci->charset, cf->charset)) return a[i].coll;
        }
        return a[first].coll;
    }
    for (int i = 0; i < n; i++) if (a[i].vt == VT_STRING) return a[i].coll;
    return COLL_UTF8MB4_GENERAL_CI;
}

/* ---------------------------------------------------------------- helpers */

void ex_type_text(ex_type *t, uint32_t chars, uint16_t coll) { ex_fn_t_str(t, chars, coll); }

pdb_value ex_fn_mkstr(ex_ctx *ctx, const char *p, size_t n, uint16_t coll)
{
    char *d = stor_arena_alloc(ctx->a, n + 1);
    if (n) memcpy(d, p, n);
    d[n] = 0;
    return ex_str(d, n, coll);
}

size_t ex_fn_u8len(unsigned char c) { return c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4; }

/* Text is UTF-8 inside for every character set; only binary strings count bytes. */
bool ex_fn_is_mb(uint16_t coll)
{
    return coll != COLL_BINARY;
}

/* Byte offset of character ci in s (clamped to n). */
size_t ex_fn_char_off(const char *s, size_t n, size_t ci, bool mb)
{
    if (!mb) return ci < n ? ci : n;
    size_t i = 0;
    while (ci > 0 && i < n) { i += ex_fn_u8len((unsigned char)s[i]); ci--; }
    return i > n ? n : i;
}

/* A number as a datetime (YYYYMMDDhhmmss.ffffff: the whole part, and the fraction as
 * microseconds); false, silently, when it is none. */
bool ex_fn_num_dt(const pdb_value *v, int64_t *dt, bool *isdate)
{
    /* the whole part, and the fraction as microseconds */
    int64_t x = ex_to_int(v), us = 0;
    if (v->t == VT_DECIMAL && !v->len && v->scale) {
        int64_t p = ex_pow10[v->scale];
        x = v->i / p;
        us = v->i % p;
        for (int i = v->scale; i < 6; i++) us *= 10;
        for (int i = 6; i < v->scale; i++) us /= 10;
    } else if (v->t == VT_DOUBLE && v->d > 0 && v->d < 1e15) {
        x = (int64_t)v->d;
        us = (int64_t)((v->d - (double)x) * 1e6 + 0.5);
        if (us >= 1000000) us = 999999;
    }
    /* MariaDB's number_to_datetime: YYMMDD, YYYYMMDD, YYMMDDhhmmss or YYYYMMDDhhmmss
     * (two-digit years below 70 are 20xx), 0 the zero date */
    if (x == 0) { *dt = pdb_dt_pack(0, 0, 0, 0, 0, 0, 0); *isdate = false; return true; }
    if (x < 101) return false;
    *isdate = x <= 99991231;
    if (x <= 691231) x = (x + 20000000) * 1000000;
    else if (x < 700101) return false;
    else if (x <= 991231) x = (x + 19000000) * 1000000;
    else if (x < 10000101) return false;
    else if (x <= 99991231) x *= 1000000;
    else if (x < 101000000) return false;
    else if (x <= 691231235959LL) x += 20000000000000LL;
    else if (x < 700101000000LL) return false;
    else if (x <= 991231235959LL) x += 19000000000000LL;
    if (x > 99991231235959LL) return false;
    int y = (int)(x / 10000000000LL), mo = (int)(x / 100000000 % 100), d = (int)(x / 1000000 % 100);
    int h = (int)(x / 10000 % 100), mi = (int)(x / 100 % 100), sc = (int)(x % 100);
    if (mo > 12 || d > 31 || h > 23 || mi > 59 || sc > 59) return false;
    *dt = pdb_dt_pack(y, mo, d, h, mi, sc, *isdate ? 0 : (int)us);
    return true;
}

/* The digits after the last '.' of s (a datetime's fraction), 0 when none. */
static int fraction_digits(const char *s, size_t n)
{
    const char *dot = NULL;
    for (size_t i = 0; i < n; i++) if (s[i] == '.') dot = s + i;
    if (!dot) return 0;
    int k = 0;
    for (const char *q = dot + 1; q < s + n && *q >= '0' && *q <= '9'; q++) k++;
    return k;
}

bool ex_time_on_today(ex_ctx *ctx, const pdb_value *t, int64_t *dt)
{
    bool isd;
    return t->t == VT_TIME && ex_fn_get_dt(ctx, t, dt, &isd);
}

/* fuzzy: GREATEST/LEAST's reading, whose value that is no date becomes the zero date:
 * MariaDB warns of it as truncated. */
static bool get_dt(ex_ctx *ctx, const pdb_value *v, int64_t *dt, bool *isdate, bool fuzzy)
{
    const char *bad = fuzzy ? "Truncated incorrect datetime value: '%s'" : "Incorrect datetime value: '%s'";
    *isdate = false;
    switch (v->t) {
    case VT_TIME: {   /* a TIME is that long after today's midnight, as MariaDB converts it */
        time_t secs = (time_t)(ctx->now_us / 1000000);
        struct tm tm;
        ex_tz_local(ctx->s, secs, &tm);
        int64_t day = 86400000000LL, t = v->i;
        int64_t base = (int64_t)ex_fn_daynr(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday) * day + t;
        if (base < 366 * day || base >= 3652425LL * day) return false;
        long dn = (long)(base / day);
        int64_t rem = base % day;
        int y, mo, d;
        ex_fn_from_daynr(dn, &y, &mo, &d);
        *dt = pdb_dt_pack(y, mo, d, (int)(rem / 3600000000LL), (int)(rem / 60000000 % 60), (int)(rem / 1000000 % 60), (int)(rem % 1000000));
        return true;
    }
    case VT_DATETIME: *dt = v->i; return true;
    case VT_DATE: *dt = v->i; *isdate = true; return true;
    case VT_STRING:
        switch (ex_parse_datetime(v->p, v->len, dt, isdate)) {
        case 0:
            if (fraction_digits(v->p, v->len) > 6)   /* a seventh digit and on: cut, noted */
                ex_warn(ctx, "Note", 1292, "Truncated incorrect datetime value: '%.*s'", (int)v->len, v->p);
            return true;
        case 1:
            ex_warn(ctx, "Warning", 1292, "Truncated incorrect %s value: '%s'", *isdate ? "date" : "datetime", ex_errconv_bin(ctx->a, v->p, (size_t)(v->len)));
            return true;
        default:
            ex_warn(ctx, "Warning", 1292, bad, ex_errconv_bin(ctx->a, v->p, (size_t)(v->len)));
            return false;
        }
    case VT_INT: case VT_DECIMAL: case VT_DOUBLE: case VT_UINT: {
        if (ex_fn_num_dt(v, dt, isdate)) {
            double whole = v->t == VT_DECIMAL || v->t == VT_DOUBLE ? ex_to_double(v) : 0;
            if (*isdate && whole != floor(whole)) {
                /* a date with a fraction (20010203.5): the fraction dropped, noted */
                char buf[80];
                const char *txt;
                size_t n = pdb_value_text(v, NULL, buf, sizeof buf, &txt);
                ex_warn(ctx, "Note", 1292, "Truncated incorrect date value: '%.*s'", (int)n, txt);
            }
            return true;
        }
        char buf[80];
        const char *txt;
        size_t n = pdb_value_text(v, NULL, buf, sizeof buf, &txt);
        ex_warn(ctx, "Warning", 1292, bad, ex_errconv_bin(ctx->a, txt, (size_t)(n)));
        return false;
    }
    default: return false;
    }
}

bool ex_fn_get_dt(ex_ctx *ctx, const pdb_value *v, int64_t *dt, bool *isdate)
{
    return get_dt(ctx, v, dt, isdate, false);
}

int ex_fn_days_in_month(int y, int m)
{
    static const int d[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)) return 29;
    return m >= 1 && m <= 12 ? d[m - 1] : 31;
}

/* days since 0000-00-00 as MySQL's calc_daynr */
long ex_fn_daynr(int y, int m, int d)
{
    if (y == 0 && m == 0) return 0;
    long delsum = 365L * y + 31L * (m - 1) + d;
    if (m <= 2) y--;
    else delsum -= (m * 4 + 23) / 10;
    return delsum + y / 4 - ((y / 100 + 1) * 3) / 4;
}

void ex_fn_from_daynr(long dn, int *y, int *m, int *d)
{
    if (dn <= 365 || dn >= 3652500) { *y = *m = *d = 0; return; }
    int year = (int)(dn * 100 / 36525);
    long temp = (((year - 1) / 100 + 1) * 3) / 4;
    long day_of_year = dn - (long)year * 365 - (year - 1) / 4 + temp;
    int dy;
    while (day_of_year > (dy = (((year % 4 == 0 && year % 100 != 0) || year % 400 == 0) ? 366 : 365))) {
        day_of_year -= dy;
        year++;
    }
    int mo = 1;
    while (day_of_year > ex_fn_days_in_month(year, mo)) { day_of_year -= ex_fn_days_in_month(year, mo); mo++; }
    *y = year; *m = mo; *d = (int)day_of_year;
}

pdb_value ex_fn_dt_value(int64_t dt, bool is_date)
{
    pdb_value v = ex_int(dt);
    v.t = is_date ? VT_DATE : VT_DATETIME;
    return v;
}

void ex_fn_hex_of(const unsigned char *d, size_t n, char *out, bool upper)
{
    const char *h = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    for (size_t i = 0; i < n; i++) { out[2 * i] = h[d[i] >> 4]; out[2 * i + 1] = h[d[i] & 15]; }
}

/* A value as MariaDB's HOUR()/MINUTE()/SECOND()/MICROSECOND() read it: a TIME in
 * microseconds (a datetime's time of day, text or digits parsed as a time; clamp: held
 * to TIME's range with a warning, as all but EXTRACT do); false with 1292 'Incorrect time value' when it is none. */
static void time_of_number(const pdb_value *v, ex_time_scan *r);

bool ex_fn_time_of(ex_ctx *ctx, const pdb_value *v, int64_t *us, bool clamp)
{
    if (v->t == VT_TIME) { *us = v->i; return true; }
    if (v->t == VT_DATETIME || v->t == VT_DATE) {
        int y, mo, d, h, m, sec, u;
        pdb_dt_unpack(v->i, &y, &mo, &d, &h, &m, &sec, &u);
        *us = ((int64_t)h * 3600 + m * 60 + sec) * 1000000 + u;
        return true;
    }
    size_t n;
    const char *s = ex_to_str(ctx->a, v, &n);
    if (v->t == VT_INT || v->t == VT_UINT || v->t == VT_DECIMAL || v->t == VT_DOUBLE) {
        double x = ex_to_double(v);
        if (clamp && (x < 0 || x >= 1e7)) {
            /* number_to_time: a [YY]YYMMDD[hhmmss] from 8 digits on, zeros and all
               (1e10 is 2001-00-00, so 00:00:00), else held to TIME's range */
            ex_time_scan r;
            time_of_number(v, &r);
            int show = (int)(n > 128 ? 128 : n);
            if (r.kind == EX_TS_ERROR) {
                ex_warn(ctx, "Warning", 1292, "Incorrect time value: '%s'", ex_errconv_bin(ctx->a, s, (size_t)(show)));
                return false;
            }
            if (r.range) ex_warn(ctx, "Warning", 1292, "Truncated incorrect time value: '%s'", ex_errconv_bin(ctx->a, s, (size_t)(show)));
            else if (r.note) ex_warn(ctx, "Note", 1292, "Truncated incorrect date value: '%s'", ex_errconv_bin(ctx->a, s, (size_t)(show)));
            *us = r.us;
            return true;
        }
    }
    if (v->t == VT_STRING && clamp) {
        ex_time_scan r;
        ex_scan_time(s, n, 838, true, &r);
        int show = (int)(n > 128 ? 128 : n);
        if (r.kind == EX_TS_ERROR) {
            ex_warn(ctx, "Warning", 1292, "Incorrect time value: '%s'", ex_errconv_bin(ctx->a, s, (size_t)(show)));
            return false;
        }
        if (r.trunc || r.range || r.note)
            ex_warn(ctx, r.trunc || r.range ? "Warning" : "Note", 1292, "Truncated incorrect %s value: '%s'",
                    r.kind == EX_TS_TIME ? "time" : r.kind == EX_TS_DATE ? "date" : "datetime", ex_errconv_bin(ctx->a, s, (size_t)(show)));
        *us = r.us;
        return true;
    }
    if (v->t == VT_STRING) {
        /* a date alone ('2023-01-15'): MariaDB reads its leading digits as [H..]HMMSS */
        size_t i = 0;
        while (i < n && isspace((unsigned char)s[i])) i++;
        size_t d0 = i;
        while (i < n && isdigit((unsigned char)s[i])) i++;
        if (i > d0 && i < n && (s[i] == '-' || s[i] == '/') && !memchr(s, ':', n)) {
            int64_t x = 0;
            for (size_t k = d0; k < i && k < d0 + 12; k++) x = x * 10 + (s[k] - '0');
            if (x % 100 < 60 && x / 100 % 100 < 60 && x / 10000 <= 838) {
                ex_warn(ctx, "Warning", 1292, "Truncated incorrect time value: '%s'", ex_errconv_bin(ctx->a, s, (size_t)(n > 128 ? 128 : n)));
                *us = ((x / 10000) * 3600 + x / 100 % 100 * 60 + x % 100) * 1000000;
                return true;
            }
        }
    }
    if (ex_parse_time(s, n, us) == 0) {
        const int64_t max = (838 * 3600 + 59 * 60 + 59) * 1000000LL + 999999;
        if (clamp && (*us > max || *us < -max)) {   /* beyond TIME's range: its end, with a warning */
            ex_warn(ctx, "Warning", 1292, "Truncated incorrect time value: '%s'", ex_errconv_bin(ctx->a, s, (size_t)(n > 128 ? 128 : n)));
            *us = *us > 0 ? max : -max;
        }
        return true;
    }
    ex_warn(ctx, "Warning", 1292, "Incorrect time value: '%s'", ex_errconv_bin(ctx->a, s, (size_t)(n > 128 ? 128 : n)));
    return false;
}

/* ---------------------------------------------------------------- CAST */

void ex_cast(ex_ctx *ctx, const pdb_value *in, const pl_cast *c, pdb_value *out, const pdb_value *text, uint32_t rowno)
{
    if (in->t == VT_NULL) { *out = ex_null(); return; }
    pdb_value hex;
    if (ex_is_hexnum(in) && (c->type == -1 || c->type == -2 || c->type == CT_DECIMAL || c->type == CT_DOUBLE || c->type == CT_FLOAT)) {
        /* a hexadecimal literal: the unsigned integer it is (as SIGNED: its bits, no note) */
        hex = ex_int(0); hex.t = VT_UINT; hex.u = ex_hexnum_u64(in);
        if (c->type == -1) { *out = ex_int((int64_t)hex.u); return; }
        in = &hex;
    }
    switch (c->type) {
    case -1: case -2: {
        if (in->t == VT_STRING) {
            /* leading integer of the string */
            const char *s = in->p; size_t n = in->len, i = 0;
            while (i < n && isspace((unsigned char)s[i])) i++;
            bool neg = false;
            if (i < n && (s[i] == '-' || s[i] == '+')) { neg = s[i] == '-'; i++; }
            uint64_t v = 0; size_t st = i;
            bool ovf = false;
            while (i < n && isdigit((unsigned char)s[i])) {
                if (v > (UINT64_MAX - 9) / 10) ovf = true;
                else v = v * 10 + (uint64_t)(s[i] - '0');
                i++;
            }
            size_t digits_end = i;
            while (i < n && isspace((unsigned char)s[i])) i++;
            /* beyond the range: 2^64-1 (so -1 as SIGNED), or -2^63 for a negative one,
               with MariaDB's 1292 warning and no complement notes */
            bool out_of_range = ovf || (neg && v > (uint64_t)INT64_MAX + 1);
            char buf[400]; ex_warn_text(s, n > 64 ? 64 : n, in->coll, buf, sizeof buf);
            if (i < n || st == i || out_of_range)
                ex_warn(ctx, "Warning", 1292, "Truncated incorrect INTEGER value: '%s'", buf);
            else if (digits_end < n)   /* only spaces after the number: a note */
                ex_warn(ctx, "Note", 1292, "Truncated incorrect INTEGER value: '%s'", buf);
            if (out_of_range) v = neg ? (uint64_t)INT64_MAX + 1 : UINT64_MAX;
            if (c->type == -2) {
                *out = ex_int(0); out->t = VT_UINT;
                out->u = neg ? (uint64_t)0 - v : v;
                /* (a minus sign before digits, zero ones too: MariaDB's my_strtoll10 says negative) */
                if (neg && digits_end > st && !out_of_range) ex_warn(ctx, "Note", 1105, "Cast to unsigned converted negative integer to it's positive complement");
            } else {
                *out = ex_int(neg ? (int64_t)(0 - v) : (int64_t)v);
                if (!neg && v > (uint64_t)INT64_MAX && !out_of_range) ex_warn(ctx, "Note", 1105, "Cast to signed converted positive out-of-range integer to it's negative complement");
            }
            return;
        }
        if (in->t == VT_DECIMAL) {
            /* exactly, rounded; past the range: clamped with 1916 as MariaDB */
            ex_dec d;
            ex_dec_get(in, &d);
            int64_t iv = 0;
            uint64_t uv = 0;
            bool ovf = c->type == -2 ? (d.neg ? (uv = 0, true) : ex_dec_to_u64(&d, &uv) != 0) : ex_dec_to_i64(&d, &iv) != 0;
            if (ovf) {
                size_t tl;
                const char *txt = ex_to_str(ctx->a, in, &tl);
                ex_warn(ctx, "Warning", 1916, "Got overflow when converting '%.*s' to %s. Value truncated",
                        (int)tl, txt, c->type == -2 ? "UNSIGNED INT" : "INT");
            }
            if (c->type == -2) { *out = ex_int(0); out->t = VT_UINT; out->u = uv; }
            else *out = ex_int(iv);
            return;
        }
        if (in->t == VT_DOUBLE) {
            /* rounded; past the range clamped with MariaDB's 1916 note */
            double r = rint(in->d);
            bool ovf = c->type == -2 ? (r < 0 || r >= 1.8446744073709552e19) : (r >= 9.2233720368547758e18 || r < -9.2233720368547758e18);
            if (ovf) {
                size_t tl;
                const char *txt = ex_to_str(ctx->a, in, &tl);
                ex_warn(ctx, "Note", 1916, "Got overflow when converting '%.*s' to %s BIGINT. Value truncated",
                        (int)(tl > 64 ? 64 : tl), txt, c->type == -2 ? "UNSIGNED" : "SIGNED");
            }
            if (c->type == -2) { *out = ex_int(0); out->t = VT_UINT; out->u = ovf ? (r < 0 ? 0 : UINT64_MAX) : (uint64_t)r; }
            else *out = ex_int(ovf ? (r < 0 ? INT64_MIN : INT64_MAX) : (int64_t)r);
            return;
        }
        if (c->type == -2) {
            if (in->t == VT_UINT) { *out = *in; return; }
            int64_t iv = ex_to_int(in);
            *out = ex_int(iv); out->t = VT_UINT;
            if (iv < 0) ex_warn(ctx, "Note", 1105, "Cast to unsigned converted negative integer to it's positive complement");
            return;
        }
        *out = ex_int(ex_to_int(in));
        return;
    }
    case CT_DECIMAL: {
        int sc = c->scale < 0 ? 0 : c->scale, prec = c->len < 0 ? 10 : c->len;
        ex_dec d;
        ex_dec_cast_in(ctx, in, &d);
        ex_dec_round(&d, sc, EX_ROUND_HALF_UP, &d);
        if (rowno == EX_ROW_AT_WARN) rowno = ctx->s->warn_count && !ctx->s->warn_stale ? 0 : 1;
        if (ex_dec_clamp(&d, prec, sc))
            ex_warn(ctx, "Warning", 1264, "Out of range value for column '%.*s' at row %u",
                    text ? (int)text->len : 0, text ? text->p : "", rowno);
        ex_dec_put(ctx->a, &d, -1, out);
        return;
    }
    case CT_DOUBLE: case CT_FLOAT: {
        /* (past DBL_MAX: the largest double; a FLOAT past FLT_MAX the largest float, noted
           as Item_float_typecast does) */
        double d = ex_to_double(in);
        if (isinf(d)) d = d > 0 ? DBL_MAX : -DBL_MAX;
        if (c->type == CT_FLOAT && (d > FLT_MAX || d < -FLT_MAX)) {
            d = d > 0 ? FLT_MAX : -FLT_MAX;
            ex_warn(ctx, "Note", 1264, "Out of range value for column '%.*s' at row 1",   /* (always row 1) */
                    text ? (int)text->len : 0, text ? text->p : "");
        }
        *out = ex_dbl(c->type == CT_FLOAT ? (double)(float)d : d);   /* a FLOAT holds a float */
        return;
    }
    case CT_DATE: case CT_DATETIME: {
        int64_t dt; bool isd;
        if (in->t == VT_DATETIME || in->t == VT_DATE) { dt = in->i; }
        else if (!get_dt(ctx, in, &dt, &isd, c->fuzzy)) {
            if (!c->fuzzy) { *out = ex_null(); return; }
            dt = pdb_dt_pack(0, 0, 0, 0, 0, 0, 0);
        }
        int y, mo, d, h, mi, s, us;
        pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
        if (c->type == CT_DATE) { *out = ex_fn_dt_value(pdb_dt_pack(y, mo, d, 0, 0, 0, 0), true); return; }
        /* DATETIME(n): n digits of the fraction, the rest cut off */
        int fsp = c->len > 0 ? (c->len > 6 ? 6 : c->len) : 0;
        *out = ex_fn_dt_value(dt - us + us / ex_pow10[6 - fsp] * ex_pow10[6 - fsp], false);
        out->scale = (uint8_t)fsp;
        return;
    }
    case CT_TIME: {
        int64_t us;
        if (in->t == VT_DATETIME || in->t == VT_DATE) {
            int y, mo, d, h, m, sec, u; pdb_dt_unpack(in->i, &y, &mo, &d, &h, &m, &sec, &u);
            us = ((int64_t)h * 3600 + m * 60 + sec) * 1000000 + u;
        } else if (in->t == VT_TIME) us = in->i;
        else if (!ex_fn_time_of(ctx, in, &us, true)) { *out = ex_null(); return; }
        int fsp = c->len > 0 ? (c->len > 6 ? 6 : c->len) : 0;
        int64_t p = ex_pow10[6 - fsp];
        us = us / p * p;
        *out = ex_int(us); out->t = VT_TIME; out->scale = (uint8_t)fsp;
        return;
    }
    default: {
        size_t n;
        const char *s = ex_to_str(ctx->a, in, &n);
        uint16_t coll = c->type == CT_VARBINARY ? COLL_BINARY : c->coll;
        if (in->t == VT_STRING && in->coll == COLL_BINARY && pdb_coll_transcoded(coll)) {
            /* bytes read in the charset (MariaDB's 1300 for those that are none there) */
            size_t bad;
            pdb_value u = ex_bytes_in_charset(ctx->a, s, n, coll, &bad);
            if (bad != SIZE_MAX) {
                char txt[64];
                ex_charset_bad_text(s, n, bad, txt, sizeof txt);
                ex_warn(ctx, "Warning", 1300, "Invalid %s character string: '%s'", pdb_coll_by_id(coll)->charset, txt);
            }
            s = u.p; n = u.len;
        } else if (in->t == VT_STRING && in->coll == COLL_BINARY && coll != COLL_BINARY) {
            /* bytes as utf8mb4's, utf16's ...: '?' for each ill-formed byte, with 1300 */
            size_t bad, pad;
            const char *b;
            pdb_value u = ex_bytes_in_unicode(ctx->a, s, n, coll, &bad, &pad, &b);
            if (bad != SIZE_MAX) {   /* (named from the bytes as given when the padded unit is bad) */
                char txt[64];
                if (pad && !bad) ex_charset_bad_text(s, n, 0, txt, sizeof txt);
                else ex_charset_bad_text(b, n + pad, bad, txt, sizeof txt);
                ex_warn(ctx, "Warning", 1300, "Invalid %s character string: '%s'", pdb_coll_by_id(coll)->charset, txt);
            }
            s = u.p; n = u.len;
        } else if (coll == COLL_BINARY && in->t == VT_STRING && in->coll != COLL_BINARY &&
                   (pdb_coll_transcoded(in->coll) || pdb_coll_wide(in->coll))) {
            /* CAST(x AS BINARY): the bytes of x in its charset (the engine holds UTF-8) */
            char *o = stor_arena_alloc(ctx->a, pdb_coll_octets_cap(in->coll, n) + 1);
            n = pdb_coll_octets(in->coll, s, n, o);
            s = o;
        } else {   /* CONVERT(x USING latin1) / CAST(x AS CHAR CHARACTER SET ascii): '?' for what it lacks */
            const char *fs; size_t fn, first;
            if (in->t == VT_STRING && ex_charset_fit(ctx->a, coll, s, n, SIZE_MAX, &fs, &fn, &first)) {
                /* MariaDB names the first character it could not convert */
                const pdb_collation *tc = pdb_coll_by_id(coll);
                unsigned char b = (unsigned char)s[first];
                size_t len = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
                char hx[16]; size_t hk = 0;
                for (size_t q = first; q < first + len && q < n; q++) hk += (size_t)snprintf(hx + hk, sizeof hx - hk, "%02X", (unsigned char)s[q]);
                ex_warn(ctx, "Warning", 1977, "Cannot convert 'utf8mb4' character 0x%s to '%s'", hx, tc ? tc->charset : "?");
                s = fs; n = fn;
            }
        }
        if (c->len >= 0) {
            bool mb = ex_fn_is_mb(coll);
            size_t cut = ex_fn_char_off(s, n, (size_t)c->len, mb);
            if (cut < n) {
                bool aw = ctx->abort_warn;   /* never an error: MariaDB's CAST AS CHAR(n) suppresses the escalation */
                ctx->abort_warn = false;
                ex_warn(ctx, "Warning", 1292, "Truncated incorrect %s(%d) value: '%.*s'", coll == COLL_BINARY ? "BINARY" : "CHAR", (int)c->len,
                        (int)(n > 64 ? 64 : n), s);
                ctx->abort_warn = aw;
                n = cut;
            }
            if (c->type == CT_VARBINARY && n < (size_t)c->len) {   /* BINARY(n) pads with zero bytes */
                char *pd = stor_arena_alloc(ctx->a, (size_t)c->len + 1);
                memcpy(pd, s, n);
                memset(pd + n, 0, (size_t)c->len - n + 1);
                s = pd; n = (size_t)c->len;
            }
        }
        *out = ex_str(s, n, coll);
        return;
    }
    }
}

/* ---------------------------------------------------------------- storing */

/* "  -123 " style text: the exact value (signed in *x, magnitude in *ux when positive).
 * false for anything else (fractions, exponents, junk, overflow). */
static bool exact_int_string(const char *s, size_t n, int64_t *x, uint64_t *ux, bool *neg, bool *over)
{
    size_t i = 0;
    while (i < n && isspace((unsigned char)s[i])) i++;
    bool ng = false;
    if (i < n && (s[i] == '-' || s[i] == '+')) { ng = s[i] == '-'; i++; }
    size_t st = i;
    uint64_t v = 0;
    bool big = false;   /* past 2^64-1 (or below -2^63): held to the end, said by the caller */
    while (i < n && isdigit((unsigned char)s[i])) {
        uint64_t d = (uint64_t)(s[i] - '0');
        if (v > UINT64_MAX / 10 || (v == UINT64_MAX / 10 && d > UINT64_MAX % 10)) big = true;
        else v = v * 10 + d;
        i++;
    }
    if (i == st) return false;
    while (i < n && isspace((unsigned char)s[i])) i++;
    if (i < n) return false;
    if (ng && v > (uint64_t)INT64_MAX + 1) big = true;
    *over = big;
    if (big) {
        *neg = ng;
        *ux = ng ? 0 : UINT64_MAX;
        *x = ng ? INT64_MIN : INT64_MAX;
        return true;
    }
    *neg = ng && v != 0;
    *ux = ng ? 0 : v;
    *x = ng ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

static void trunc_warn(ex_ctx *ctx, uint32_t rowno, const stor_column *c, int code, const char *what, const char *val, size_t vn);

/* The first 1264 of a decimal beyond BIGINT: when the column's own range check will say
 * it again (again: not a BIGINT), strict mode lists this one as an Error and goes on to
 * fail there, as MariaDB lists both. */
static void bigint_first_cut(ex_ctx *ctx, uint32_t rowno, const stor_column *c, bool again)
{
    if (ctx->strict && again) ex_warn(ctx, "Error", 1264, "Out of range value for column '%s' at row %u", c->name, rowno);
    else trunc_warn(ctx, rowno, c, 1264, "", NULL, 0);
}

/* A value in an error message as MariaDB prints it ('%-.128T' of an ErrConvString): a
 * control character other than tab, newline and return as \XXXX (its code in hex), a
 * byte of no UTF-8 character as '?', and past 128 bytes the first 125 and "...". */
static const char *err_text(char *buf, size_t cap, const char *val, size_t vn)
{
    size_t k = 0;
    for (size_t i = 0; i < vn && k + 6 < cap; i++) {
        unsigned char c = (unsigned char)val[i];
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') k += (size_t)snprintf(buf + k, cap - k, "\\%04X", c);
        else if (c >= 0x80) {   /* a character whole, a byte of no character as \xNN */
            size_t len = c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
            bool ok = len && i + len <= vn;
            for (size_t j = 1; ok && j < len; j++) ok = ((unsigned char)val[i + j] & 0xc0) == 0x80;
            if (!ok) { buf[k++] = '?'; continue; }   /* (a byte of no character: '?', as MariaDB) */
            if (k + len >= cap) break;
            memcpy(buf + k, val + i, len);
            k += len;
            i += len - 1;
        } else buf[k++] = (char)c;
    }
    if (k > 128) k = 125, memcpy(buf + k, "...", 3), k += 3;
    buf[k] = 0;
    return buf;
}

/* 1366 for a string with bytes the column cannot keep (from offset first), as MariaDB
 * quotes them; an error in strict mode. */
static void bad_string(ex_ctx *ctx, const stor_column *c, const char *s, size_t n, size_t first, uint32_t rowno)
{
    char bad[64];
    ex_charset_bad_text(s, n, first, bad, sizeof bad);
    const char *db = ctx->insert_t ? ctx->insert_t->db : "", *tn = ctx->insert_t ? ctx->insert_t->name : "";
    if (ctx->strict)
        ex_raise(ctx, 1366, "22007", "Incorrect string value: '%s' for column `%s`.`%s`.`%s` at row %u", bad, db, tn, c->name, rowno);
    ex_warn(ctx, "Warning", 1366, "Incorrect string value: '%s' for column `%s`.`%s`.`%s` at row %u", bad, db, tn, c->name, rowno);
}

/* Does the text start with a number (after blanks and a sign)? '12abc' into a number
 * column is truncated (1265), 'abc' is no number at all (1366). */
static bool number_first(const char *p, size_t n)
{
    size_t i = 0;
    while (i < n && strchr(" \t\n\v\f\r", p[i]) && p[i]) i++;
    if (i < n && (p[i] == '-' || p[i] == '+')) i++;
    return i < n && ((p[i] >= '0' && p[i] <= '9') || (p[i] == '.' && i + 1 < n && p[i + 1] >= '0' && p[i + 1] <= '9'));
}

static void trunc_warn(ex_ctx *ctx, uint32_t rowno, const stor_column *c, int code, const char *what, const char *val, size_t vn)
{
    char shown[1200];
    if (code != 1264 && code != 1265 && code != 1406) val = err_text(shown, sizeof shown, val, vn), vn = strlen(shown);
    if (ctx->strict) {
        if (code == 1264) ex_raise(ctx, 1264, "22003", "Out of range value for column '%s' at row %u", c->name, rowno);
        if (code == 1406) ex_raise(ctx, 1406, "22001", "Data too long for column '%s' at row %u", c->name, rowno);
        if (code == 1265) ex_raise(ctx, 1265, "01000", "Data truncated for column '%s' at row %u", c->name, rowno);
        ex_raise(ctx, 1366, "22007", "Incorrect %s value: '%.*s' for column `%s`.`%s`.`%s` at row %u", what, (int)vn, val,
                 ctx->insert_t ? ctx->insert_t->db : "", ctx->insert_t ? ctx->insert_t->name : "", c->name, rowno);
    }
    if (code == 1264) ex_warn(ctx, "Warning", 1264, "Out of range value for column '%s' at row %u", c->name, rowno);
    else if (code == 1265) ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
    else if (code == 1406) ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
    else ex_warn(ctx, "Warning", 1366, "Incorrect %s value: '%.*s' for column `%s`.`%s`.`%s` at row %u", what, (int)vn, val,
                 ctx->insert_t ? ctx->insert_t->db : "", ctx->insert_t ? ctx->insert_t->name : "", c->name, rowno);
}

/* A double cut toward zero as (longlong) nr, held to int64's range (NaN: 0). */
static int64_t double_to_i64(double d)
{
    if (d != d) return 0;
    if (d >= 9223372036854775807.0) return INT64_MAX;
    if (d <= -9223372036854775808.0) return INT64_MIN;
    return (int64_t)d;
}

/* ---- SET columns: the members a value names, kept as their text in definition order ---- */

static size_t trailing_spaces(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && s[n - 1 - k] == ' ') k++;
    return k;
}

static uint64_t set_all(const stor_column *c) { return c->n_enum >= 64 ? UINT64_MAX : (1ull << c->n_enum) - 1; }

/* The member of c named by s[0..n) (case as the collation says, trailing spaces count:
 * MariaDB's find_type2 compares without padding), 1-based; 0 for none. */
static uint32_t set_member(const stor_column *c, const char *s, size_t n)
{
    for (uint32_t i = 0; i < c->n_enum; i++) {
        size_t ml = strlen(c->enum_vals[i]);
        if (pdb_coll_cmp(c->coll, c->enum_vals[i], ml, s, n) == 0 && trailing_spaces(c->enum_vals[i], ml) == trailing_spaces(s, n))
            return i + 1;
    }
    return 0;
}

/* Text into SET column c (Field_set::store): the comma-separated members it names; an
 * unknown one, an empty one or a trailing comma is dropped and *cut set. Text that names
 * none is read as the members' bit mask when it is a whole number (as LOAD DATA writes a
 * SET it read as a number). */
static uint64_t set_bits_of_text(const stor_column *c, const char *s, size_t n, bool *cut)
{
    size_t e = n - trailing_spaces(s, n);
    uint64_t bits = 0;
    *cut = false;
    for (size_t start = 0; start < e;) {
        const char *comma = memchr(s + start, ',', e - start);
        size_t end = comma ? (size_t)(comma - s) : e;
        uint32_t m = set_member(c, s + start, end - start);
        if (m) bits |= 1ull << (m - 1);
        else *cut = true;
        if (!comma) break;
        start = end + 1;
        if (start == e) { *cut = true; break; }   /* 'x,': an empty last member */
    }
    if (bits || !n || n >= 22) return bits;
    /* my_strntoull: spaces, a sign, digits, and nothing after */
    size_t i = 0;
    while (i < n && s[i] && strchr(" \t\n\v\f\r", s[i])) i++;
    bool neg = false;
    if (i < n && (s[i] == '-' || s[i] == '+')) neg = s[i++] == '-';
    size_t d0 = i;
    uint64_t x = 0;
    bool over = false;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
        if (x > (UINT64_MAX - 9) / 10) over = true;
        x = x * 10 + (uint64_t)(s[i] - '0');
    }
    if (neg) x = (uint64_t)0 - x;
    *cut = i == d0 || i != n || over || x > set_all(c);
    return *cut ? 0 : x;
}

/* A number into SET column c (Field_set::store(longlong)): its bits; bits past the
 * members' are dropped and *cut set. */
static uint64_t set_bits_of_number(const stor_column *c, const pdb_value *v, bool *cut)
{
    uint64_t x;
    if (v->t == VT_UINT) x = v->u;
    else if (v->t == VT_INT) x = (uint64_t)v->i;
    else x = (uint64_t)double_to_i64(ex_to_double(v));   /* cut toward zero, as (longlong) nr */
    *cut = (x & ~set_all(c)) != 0;
    return x & set_all(c);
}

/* Text into ENUM column c (Field_enum::store): the member it names once trailing spaces
 * are gone, else the one a whole number of under six characters counts to; 0 for none. */
static uint32_t enum_of_text(const stor_column *c, const char *s, size_t n)
{
    n -= trailing_spaces(s, n);
    uint32_t m = set_member(c, s, n);
    if (m || n >= 6) return m;
    size_t i = 0;
    while (i < n && s[i] && strchr(" \t\n\v\f\r", s[i])) i++;
    if (i < n && s[i] == '+') i++;
    size_t d0 = i;
    uint64_t x = 0;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) x = x * 10 + (uint64_t)(s[i] - '0');
    return i > d0 && i == n && x <= c->n_enum ? (uint32_t)x : 0;
}

/* A number into ENUM column c: the member it counts to (a fraction cut off); 0 for none. */
static uint32_t enum_of_number(const stor_column *c, const pdb_value *v)
{
    int64_t x = v->t == VT_UINT ? (v->u > INT64_MAX ? -1 : (int64_t)v->u)
              : v->t == VT_INT ? v->i : double_to_i64(ex_to_double(v));
    return x >= 1 && (uint64_t)x <= c->n_enum ? (uint32_t)x : 0;
}

/* bits as the column's text; cut: warning 1265 (an error in strict mode). */
static pdb_value set_value(ex_ctx *ctx, uint32_t rowno, const stor_column *c, uint64_t bits, bool cut)
{
    if (cut) trunc_warn(ctx, rowno, c, 1265, "set", NULL, 0);
    size_t len = 0;
    for (uint32_t i = 0; i < c->n_enum && i < 64; i++) if (bits >> i & 1) len += strlen(c->enum_vals[i]) + 1;
    char *p = stor_arena_alloc(ctx->a, len + 1), *q = p;
    for (uint32_t i = 0; i < c->n_enum && i < 64; i++) {
        if (!(bits >> i & 1)) continue;
        if (q > p) *q++ = ',';
        size_t ml = strlen(c->enum_vals[i]);
        memcpy(q, c->enum_vals[i], ml);
        q += ml;
    }
    return ex_str(p, (size_t)(q - p), c->coll);
}

/* A value that is no date for DATE/DATETIME/TIMESTAMP column c: error 1292 in strict
 * mode, else warning 1265 (the zero date is stored). */
static void date_unreadable(ex_ctx *ctx, uint32_t rowno, const stor_column *c, const char *s, size_t n)
{
    if (ctx->strict) ex_raise(ctx, 1292, "22007", "Incorrect %s value: '%.*s' for column `%s`.`%s`.`%s` at row %u",
                              c->type == CT_DATE ? "date" : "datetime", (int)n, s, ctx->insert_t ? ctx->insert_t->db : "",
                              ctx->insert_t ? ctx->insert_t->name : "", c->name, rowno);
    ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
}

/* A datetime stored into TIMESTAMP column c (not a constant compared with one, which
 * keeps its value): it must be a second from 1970-01-01 00:00:01 to
 * 2038-01-19 03:14:07 UTC in the session's time zone (else 1264), or the zero datetime
 * (a zero date with a time, or a zero month or day: 1265); strict mode makes either error 1292. false: it is
 * stored as zero. */
/* *gap: set when the session's zone skips that time (clocks put forward): the time it
 * skips to, with warning 1299 (strict: 1292), as MariaDB stores it. */
static bool timestamp_fits(ex_ctx *ctx, uint32_t rowno, const stor_column *c, const pdb_value *v,
                           int y, int mo, int d, int h, int mi, int s, int us, struct tm *gap)
{
    int code = 0;
    if (!y && !mo && !d) code = h || mi || s || us ? 1265 : 0;
    else if (!mo || !d) code = 1265;   /* a zero in the date */
    else {
        struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = h, .tm_min = mi, .tm_sec = s, .tm_isdst = -1 };
        time_t e = ex_tz_mktime(ctx->s, &tm);
        if (e < 1 || e > INT32_MAX) code = 1264;
        else {
            struct tm back;
            ex_tz_local(ctx->s, e, &back);
            if (back.tm_year != y - 1900 || back.tm_mon != mo - 1 || back.tm_mday != d || back.tm_hour != h ||
                back.tm_min != mi || back.tm_sec != s) {
                if (ctx->strict) {
                    size_t n; const char *txt = ex_to_str(ctx->a, v, &n);
                    ex_raise(ctx, 1292, "22007", "Incorrect datetime value: '%.*s' for column `%s`.`%s`.`%s` at row %u", (int)n, txt,
                             ctx->insert_t ? ctx->insert_t->db : "", ctx->insert_t ? ctx->insert_t->name : "", c->name, rowno);
                }
                ex_warn(ctx, "Warning", 1299, "Invalid TIMESTAMP value in column '%s' at row %u", c->name, rowno);
                *gap = back;
                return true;
            }
        }
    }
    if (!code) return true;
    if (ctx->strict) {
        size_t n; const char *txt = ex_to_str(ctx->a, v, &n);
        ex_raise(ctx, 1292, "22007", "Incorrect datetime value: '%.*s' for column `%s`.`%s`.`%s` at row %u", (int)n, txt,
                 ctx->insert_t ? ctx->insert_t->db : "", ctx->insert_t ? ctx->insert_t->name : "", c->name, rowno);
    }
    if (code == 1264) ex_warn(ctx, "Warning", 1264, "Out of range value for column '%s' at row %u", c->name, rowno);
    else ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
    return false;
}

/* d's shortest digits that read back as d, written without an exponent; 0 when that
 * would be long (beyond 40 places either side) or d is no finite number. */
static size_t double_plain_text(double d, char *out, size_t cap)
{
    if (!isfinite(d) || cap < 80) return 0;
    if (d != 0 && fabs(d) < 1e-30)   /* rounds to 0 at any column's scale, and is not 0 */
        return (size_t)snprintf(out, cap, "%s0.000000000000000000000000000001", d < 0 ? "-" : "");
    char e[40];
    int p = 1;
    for (; p <= 17; p++) {
        snprintf(e, sizeof e, "%.*e", p - 1, d);
        if (strtod(e, NULL) == d) break;
    }
    /* e: [-]D[.DDD]e[+-]XX */
    const char *q = e;
    bool neg = *q == '-';
    if (neg) q++;
    char dig[24];
    size_t nd = 0;
    for (; *q && *q != 'e'; q++) if (*q != '.') dig[nd++] = *q;
    int exp10 = atoi(q + 1) + 1;   /* the decimal point after this many digits */
    if (exp10 > 40 || exp10 < -40) return 0;
    size_t k = 0;
    if (neg) out[k++] = '-';
    if (exp10 <= 0) {
        out[k++] = '0'; out[k++] = '.';
        for (int i = 0; i < -exp10; i++) out[k++] = '0';
        for (size_t i = 0; i < nd; i++) out[k++] = dig[i];
    } else {
        for (int i = 0; i < exp10; i++) out[k++] = (size_t)i < nd ? dig[i] : '0';
        if ((size_t)exp10 < nd) { out[k++] = '.'; for (size_t i = (size_t)exp10; i < nd; i++) out[k++] = dig[i]; }
    }
    return k;
}

/* A double into FLOAT/DOUBLE[(M,D)] column c (MariaDB's truncate_double): rounded to D
 * decimals, held to the type's largest value (FLT_MAX, DBL_MAX, or M-D integer digits
 * and D decimals), an unsigned column's negative to 0; true when it was held. */
static bool float_store_clamp(const stor_column *c, double *d)
{
    double max = c->type == CT_FLOAT ? FLT_MAX : DBL_MAX;
    if (c->is_unsigned && *d < 0) { *d = 0; return true; }
    if (c->scale >= 0 && c->scale < 31) {
        double p = pow(10, c->scale);
        double by_dec = pow(10, (int)c->width - c->scale) - 1.0 / p;
        if (by_dec < max) max = by_dec;
        if (!isinf(*d)) *d = floor(*d) + rint((*d - floor(*d)) * p) / p;
    }
    if (*d < -max) { *d = -max; return true; }
    if (*d > max) { *d = max; return true; }
    return false;
}

/* What value v read for TIME column c gives (Field_time::store_TIME_with_warning): the
 * time, or 0 when there is none; what was cut is a Warning 1265, a value beyond TIME's
 * range 1264 (both: an error 1292 in strict mode, MariaDB listing each, quoting v), a
 * datetime's date or a seventh fraction digit a Note 1265. */
static int64_t time_stored(ex_ctx *ctx, uint32_t rowno, const stor_column *c, const ex_time_scan *r, const pdb_value *v)
{
    bool bad = r->kind == EX_TS_ERROR || r->trunc || r->range;
    if (bad && ctx->strict) {
        size_t n; const char *s = ex_to_str(ctx->a, v, &n);   /* (the text only for the error) */
        char shown[1200];
        const char *t = err_text(shown, sizeof shown, s, n);
        const char *db = ctx->insert_t ? ctx->insert_t->db : "", *tn = ctx->insert_t ? ctx->insert_t->name : "";
        if (r->kind != EX_TS_ERROR && r->trunc && r->range)
            ex_warn(ctx, "Error", 1292, "Incorrect time value: '%s' for column `%s`.`%s`.`%s` at row %u", t, db, tn, c->name, rowno);
        ex_raise(ctx, 1292, "22007", "Incorrect time value: '%s' for column `%s`.`%s`.`%s` at row %u", t, db, tn, c->name, rowno);
    }
    if (r->kind == EX_TS_ERROR || r->trunc) ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
    if (r->kind == EX_TS_ERROR) return 0;
    if (r->range) ex_warn(ctx, "Warning", 1264, "Out of range value for column '%s' at row %u", c->name, rowno);
    else if (!r->trunc && (r->note || r->date_part)) ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
    return r->us;
}

/* A number read as a TIME (number_to_time): from 8 digits on a [YY]YYMMDD[hhmmss] whose
 * time of day it is, else [H..]HMMSS held to 838:59:59.999999. */
static void time_of_number(const pdb_value *v, ex_time_scan *r)
{
    bool neg;
    uint64_t nr;
    uint32_t us;
    memset(r, 0, sizeof *r);
    ex_number_parts(v, &neg, &nr, &us);
    if (!neg && nr > 9999999 && nr <= 99991231235959ULL) {
        int64_t dt;
        r->kind = ex_number_datetime(nr, us, true, &dt, &r->note);
        if (r->kind == EX_TS_ERROR) return;
        int y, mo, d, h, mi, se, u;
        pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &se, &u);
        r->us = ((int64_t)h * 3600 + mi * 60 + se) * 1000000 + u;
        r->date_part = y || mo || d;
        return;
    }
    r->kind = EX_TS_TIME;
    if (nr / 100 % 100 >= 60 || nr % 100 >= 60) { r->kind = EX_TS_ERROR; r->trunc = true; return; }   /* (before the range) */
    if (nr > 8385959) { nr = 8385959; us = 999999; r->range = true; }
    r->us = ((int64_t)(nr / 10000) * 3600 + (int64_t)(nr / 100 % 100) * 60 + (int64_t)(nr % 100)) * 1000000 + us;
    if (neg) r->us = -r->us;
}

static bool is_number(const pdb_value *v)
{
    return v->t == VT_INT || v->t == VT_UINT || v->t == VT_DECIMAL || v->t == VT_DOUBLE;
}

/* r (at the column's scale sc, in its range) as column c stores it. */
static int put_decimal(ex_ctx *ctx, const stor_column *c, const ex_dec *r, int sc, pdb_value *out)
{
    if (c->kind == CK_DEC) {   /* the stored form: text with exactly the column's decimals */
        char buf[EX_DEC_TEXT_MAX];
        size_t n = ex_dec_to_text(r, buf);
        memset(out, 0, sizeof *out);
        out->t = VT_DECIMAL; out->scale = (uint8_t)sc;
        out->p = stor_arena_strndup(ctx->a, buf, n);
        out->len = (uint32_t)n;
    } else ex_dec_put(ctx->a, r, -1, out);
    return 0;
}

/* A value into a DECIMAL column through the exact decimal path: wide columns (text
 * form), wide values, BIGINT UNSIGNED and strings of more than 18 digits. Rounds to the
 * column's scale (Note 1265 when digits are lost), clamps to its precision (1264). */
static int store_decimal_exact(ex_ctx *ctx, const stor_column *c, const pdb_value *v, pdb_value *out, uint32_t rowno)
{
    int sc = c->scale < 0 ? 0 : c->scale, prec = (int)c->width;
    ex_dec d, r;
    bool spaces = false;
    if (v->t == VT_STRING) {
        /* no number: 1366; a number and more: 1265; a number and spaces: a note */
        size_t used = 0, rest;
        int rc = ex_dec_parse(v->p, v->len, &d, &used);
        for (rest = used; rest < v->len && isspace((unsigned char)v->p[rest]); rest++) {}
        if (rc == -1) {
            /* past the 81-digit buffer: out of range whatever follows; the column's end
               of that sign (0 when UNSIGNED), as MariaDB's Field_new_decimal::store */
            trunc_warn(ctx, rowno, c, 1264, "", NULL, 0);
            if (d.neg && c->is_unsigned) ex_dec_zero(&r, sc);
            else { ex_dec_round(&d, sc, EX_ROUND_HALF_UP, &r); ex_dec_clamp(&r, prec, sc); }
            return put_decimal(ctx, c, &r, sc, out);
        }
        if (rc == -2) trunc_warn(ctx, rowno, c, 1366, "decimal", v->p, v->len);
        else if (rest < v->len) trunc_warn(ctx, rowno, c, 1265, "", NULL, 0);
        else if (used < v->len) spaces = true;   /* noted below unless out of range */
    } else ex_dec_get(v, &d);
    ex_dec_round(&d, sc, EX_ROUND_HALF_UP, &r);
    bool lost = ex_dec_cmp(&d, &r) != 0;
    if (c->is_unsigned && r.neg) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); ex_dec_zero(&r, sc); }
    else if (ex_dec_clamp(&r, prec, sc)) trunc_warn(ctx, rowno, c, 1264, "", NULL, 0);
    else if (lost || spaces) ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
    return put_decimal(ctx, c, &r, sc, out);
}

/* The value v would have in BIT(m): a string (a bit or hex literal too) is its bytes
 * read big-endian, a number its integer (a negative one in two's complement); false
 * when it needs more than m bits. */
bool ex_bit_value(const pdb_value *v, uint32_t m, uint64_t *u)
{
    bool over = false;
    if (v->t == VT_STRING) {
        uint32_t i = 0;
        while (i < v->len && !v->p[i]) i++;   /* leading zero bytes */
        over = v->len - i > 8;
        *u = 0;
        for (; i < v->len; i++) *u = *u << 8 | (unsigned char)v->p[i];
    } else if (v->t == VT_UINT) *u = v->u;
    else *u = (uint64_t)ex_to_int(v);
    return !over && (m >= 64 || !(*u >> m));
}

/* u as BIT(m) holds it: (m + 7) / 8 bytes, big-endian. */
pdb_value ex_bit_bytes(ex_ctx *ctx, uint32_t m, uint64_t u)
{
    uint32_t nb = (m + 7) / 8;
    char *b = stor_arena_alloc(ctx->a, nb ? nb : 1);
    for (uint32_t k = 0; k < nb; k++) b[nb - 1 - k] = (char)(k < 8 ? u >> (8 * k) : 0);
    pdb_value o = ex_str(b, nb, COLL_BINARY);
    o.scale = EX_BITVAL;
    return o;
}

/* Into BIT(M) (MariaDB's Field_bit::store): past M bits 1406 in strict mode, else the
 * largest value with 1264. */
static int bit_store(ex_ctx *ctx, const stor_column *c, const pdb_value *v, pdb_value *out, uint32_t rowno)
{
    uint32_t m = c->width ? c->width : 1;
    uint64_t u;
    if (!ex_bit_value(v, m, &u)) {
        if (ctx->strict) ex_raise(ctx, 1406, "22001", "Data too long for column '%s' at row %u", c->name, rowno);
        ex_warn(ctx, "Warning", 1264, "Out of range value for column '%s' at row %u", c->name, rowno);
        u = m >= 64 ? UINT64_MAX : (1ull << m) - 1;
    }
    *out = ex_bit_bytes(ctx, m, u);
    return 0;
}

/* A value into a spatial column: a geometry of its kind as it is; MariaDB's 4078 for a
 * number or time, 1366 for another kind of geometry, 1416 for bytes of none (errors in
 * any sql_mode) */
static int geo_store(ex_ctx *ctx, const stor_column *c, const pdb_value *v, pdb_value *out, uint32_t rowno)
{
    const char *db = ctx->insert_t ? ctx->insert_t->db : "", *tn = ctx->insert_t ? ctx->insert_t->name : "";
    const char *kind = ex_geo_type_name(c->geom);
    if (v->t != VT_STRING) {
        const char *from = v->t == VT_INT || v->t == VT_UINT ? "int" : v->t == VT_DOUBLE ? "double"
                         : v->t == VT_DECIMAL ? "decimal" : v->t == VT_TIME ? "time" : v->t == VT_DATE ? "date" : "datetime";
        ex_raise(ctx, 4078, "HY000", "Cannot cast '%s' as '%s' in assignment of `%s`.`%s`.`%s`", from, kind, db, tn, c->name);
    }
    int t;
    if (!ex_geo_fits(c->geom, v->p, v->len, &t)) {
        if (!t) ex_raise(ctx, 1416, "22003", "Cannot get geometry object from data you send to the GEOMETRY field");
        const char *wkt;
        size_t n = ex_geo_wkt(ctx->a, v->p, &wkt);
        char up[24];
        size_t k = 0;
        for (; kind[k] && k + 1 < sizeof up; k++) up[k] = (char)(kind[k] - (kind[k] >= 'a' && kind[k] <= 'z' ? 32 : 0));
        up[k] = 0;
        ex_raise(ctx, 1366, "22007", "Incorrect %s value: '%.*s' for column `%s`.`%s`.`%s` at row %u", up,
                 (int)(n > 128 ? 128 : n), wkt, db, tn, c->name, rowno);
    }
    *out = ex_str(v->p, v->len, COLL_BINARY);
    return 0;
}

int ex_store_convert(ex_ctx *ctx, const stor_column *c, const pdb_value *v, pdb_value *out, uint32_t rowno)
{
    *out = ex_null();
    if (v->t == VT_NULL) return 0;
    if (c->geom) return geo_store(ctx, c, v, out, rowno);
    if (c->json && ctx->insert_t && !ex_json_check(ctx, v)) {   /* its CHECK (json_valid(col)) */
        if (ctx->check_defer) { if (!ctx->check_failed) ctx->check_failed = c; }
        else ex_raise(ctx, 4025, "23000", "CONSTRAINT `%s.%s` failed for `%s`.`%s`",
                      ctx->insert_t->name, c->name, ctx->insert_t->db, ctx->insert_t->name);
    }
    if (c->type == CT_BIT) return bit_store(ctx, c, v, out, rowno);
    if (ex_is_hexnum(v) && (c->type <= CT_DOUBLE || c->type == CT_YEAR)) {
        /* a hexadecimal literal into a number column: the unsigned integer it is; one of
           more than 8 bytes is the largest there is, out of range (MariaDB's save_in_field) */
        pdb_value u = ex_int(0);
        u.t = VT_UINT;
        u.u = v->len > 8 ? UINT64_MAX : ex_hexnum_u64(v);
        if (v->len > 8 && c->type == CT_BIGINT && c->is_unsigned) trunc_warn(ctx, rowno, c, 1264, "", NULL, 0);
        return ex_store_convert(ctx, c, &u, out, rowno);
    }
    switch (c->type) {
    case CT_TINYINT: case CT_SMALLINT: case CT_MEDIUMINT: case CT_INT: case CT_BIGINT: case CT_YEAR: {
        int64_t x;
        uint64_t ux = 0;
        bool neg = false, over = false;   /* over: beyond any BIGINT, held to the end */
        /* a number and spaces after it: noted (1265) when it fits the column */
        bool spaces = v->t == VT_STRING && v->len && isspace((unsigned char)v->p[v->len - 1]);
        int cut = 0;   /* '12abc' is truncated (1265), 'abc' no number (1366): said after the
                          range check, which goes first (an out of range value says only that) */
        if (v->t == VT_STRING && exact_int_string(v->p, v->len, &x, &ux, &neg, &over)) {
            /* plain integer text: exactly, without going through a double */
        } else if (v->t == VT_STRING) {
            /* (my_strntoull10rnd: a fraction rounds half away from zero, '.5' is 1) */
            bool tr;
            double d = ex_str_to_double(v->p, v->len, &tr);
            if (tr) spaces = false;
            if (tr) cut = number_first(v->p, v->len) ? 1265 : 1366;
            if (d >= 1.8446744073709552e19) { x = INT64_MAX; ux = UINT64_MAX; over = true; }
            else if (d < -9.2233720368547758e18) { x = INT64_MIN; neg = true; over = true; }
            else { double r = round(d); neg = r < 0; x = neg ? (int64_t)r : (int64_t)(uint64_t)r; ux = neg ? 0 : (uint64_t)r; }
        } else if (v->t == VT_UINT) { ux = v->u; x = (int64_t)v->u; neg = false; }
        else if (v->t == VT_DOUBLE) {
            double r = isnan(v->d) ? 0 : rint(v->d);   /* (NaN: no SQL value is one; never cast it) */
            neg = r < 0;
            if (r >= 1.8446744073709552e19) { ux = UINT64_MAX; x = INT64_MAX; over = true; }
            else if (r < -9.2233720368547758e18) { x = INT64_MIN; over = true; }
            else { x = neg ? (int64_t)r : (int64_t)(uint64_t)r; ux = neg ? 0 : (uint64_t)r; }
        }
        else if (v->t == VT_DECIMAL && v->len) {
            /* MariaDB first makes a BIGINT (UNSIGNED for an unsigned column) of it, clamped
               with a warning, then fits that to the column (a second warning for INT) */
            ex_dec d;
            ex_dec_get(v, &d);
            if (c->is_unsigned) {
                if (d.neg) { ux = 0; trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); }   /* any negative */
                else if (ex_dec_to_u64(&d, &ux)) bigint_first_cut(ctx, rowno, c, c->type != CT_BIGINT);
                neg = false;
                x = ux > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)ux;
            } else {
                if (ex_dec_to_i64(&d, &x)) bigint_first_cut(ctx, rowno, c, c->type != CT_BIGINT);
                neg = x < 0;
                ux = neg ? 0 : (uint64_t)x;
            }
        }
        else { x = ex_to_int(v); neg = x < 0; ux = neg ? 0 : (uint64_t)x; }
        int64_t lo, hi;
        uint64_t uhi;
        switch (c->type) {
        case CT_TINYINT: lo = -128; hi = 127; uhi = 255; break;
        case CT_SMALLINT: lo = -32768; hi = 32767; uhi = 65535; break;
        case CT_MEDIUMINT: lo = -8388608; hi = 8388607; uhi = 16777215; break;
        case CT_INT: lo = INT32_MIN; hi = INT32_MAX; uhi = UINT32_MAX; break;
        case CT_YEAR: lo = 0; hi = 2155; uhi = 2155; break;
        default: lo = INT64_MIN; hi = INT64_MAX; uhi = UINT64_MAX; break;
        }
        bool oor = false;
        if (c->type == CT_YEAR) {
            /* (Field_year::store of text: a zero of other than four characters is 2000) */
            if (x == 0 && v->t == VT_STRING && !cut && v->len != 4) x = 2000;
            if (x > 0 && x < 70) x += 2000;
            else if (x >= 70 && x < 100) x += 1900;
            if (x != 0 && (x < 1901 || x > 2155)) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); x = 0; oor = true; }
        } else if (c->is_unsigned) {
            if (neg) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); ux = 0; oor = true; }
            else if (ux > uhi || over) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); ux = uhi; oor = true; }
            x = (int64_t)ux;
        } else {
            oor = true;
            if (over) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); x = neg ? lo : hi; }
            else if (!neg && (v->t == VT_UINT || ux > (uint64_t)INT64_MAX) && ux > (uint64_t)hi) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); x = hi; }
            else if (x < lo) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); x = lo; }
            else if (x > hi) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); x = hi; }
            else oor = false;
        }
        if (cut && !oor) trunc_warn(ctx, rowno, c, cut, "integer", v->p, v->len);
        if (spaces && !oor) ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
        *out = ex_int(x);
        return 0;
    }
    case CT_DECIMAL: {
        int sc = c->scale < 0 ? 0 : c->scale;
        int prec = (int)c->width;
        __int128 val;
        bool rounded = false;
        if (v->t == VT_DOUBLE) {   /* MariaDB's double2decimal: its shortest digits, then rounded */
            char txt[80];
            size_t tl = double_plain_text(v->d, txt, sizeof txt);
            if (tl) {
                pdb_value dd = ex_str(stor_arena_strndup(ctx->a, txt, tl), tl, COLL_BINARY);
                return ex_store_convert(ctx, c, &dd, out, rowno);
            }
        }
        if (c->kind == CK_DEC || (v->t == VT_DECIMAL && v->len) || v->t == VT_UINT ||
            (v->t == VT_STRING && !ex_parse_decimal(v->p, v->len, &(int64_t){ 0 }, &(uint8_t){ 0 })))
            return store_decimal_exact(ctx, c, v, out, rowno);
        if (v->t == VT_DECIMAL || v->t == VT_INT) {
            int s0 = v->t == VT_DECIMAL ? v->scale : 0;
            val = v->i;
            if (sc >= s0) val *= ex_pow10[sc - s0];
            else {
                int64_t p = ex_pow10[s0 - sc];
                __int128 q = val / p, r = val % p;
                if ((r < 0 ? -r : r) * 2 >= p) q += val < 0 ? -1 : 1;
                rounded = r != 0;   /* noted below unless the value is out of range */
                val = q;
            }
        } else {
            bool tr = false;
            double d = v->t == VT_STRING ? ex_str_to_double(v->p, v->len, &tr) : ex_to_double(v);
            if (v->t == VT_STRING) {
                int64_t dv; uint8_t ds;
                /* ('' or blanks: no number at all, 1366 as MariaDB) */
                bool digits = false;
                for (uint32_t k = 0; k < v->len && !digits; k++) digits = v->p[k] >= '0' && v->p[k] <= '9';
                if (digits && ex_parse_decimal(v->p, v->len, &dv, &ds)) { pdb_value dd = *v; dd.t = VT_DECIMAL; dd.i = dv; dd.scale = ds; dd.len = 0; dd.coll = 0; return ex_store_convert(ctx, c, &dd, out, rowno); }
                if (tr) trunc_warn(ctx, rowno, c, 1366, "decimal", v->p, v->len);
            }
            double m = d * (double)ex_pow10[sc];
            /* beyond any DECIMAL (or not a number): the range check below clamps it */
            if (!(m < 1e38)) m = 1e38;
            if (!(m > -1e38)) m = -1e38;
            val = (__int128)(m < 0 ? m - 0.5 : m + 0.5);
        }
        __int128 maxv = 1;
        for (int i = 0; i < prec && i < 38; i++) maxv *= 10;
        maxv -= 1;
        if (rounded && val <= maxv && val >= -maxv && !(c->is_unsigned && val < 0))
            ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
        /* one warning per value, as MariaDB (a big negative for UNSIGNED is simply 0) */
        if (val > maxv) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); val = maxv; }
        else if (c->is_unsigned && val < 0) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); val = 0; }
        else if (val < -maxv) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); val = -maxv; }
        *out = ex_int((int64_t)val);
        out->t = VT_DECIMAL; out->scale = (uint8_t)sc;
        return 0;
    }
    case CT_FLOAT: case CT_DOUBLE: {
        bool tr = false;
        double d = v->t == VT_STRING ? ex_str_to_double(v->p, v->len, &tr) : ex_to_double(v);
        if (isinf(d)) {   /* text past DBL_MAX: the largest double, said (my_strntod's overflow) */
            d = d > 0 ? DBL_MAX : -DBL_MAX;
            double held = d;
            if (ctx->strict && float_store_clamp(c, &held))   /* (said again below: listed, as MariaDB) */
                ex_warn(ctx, "Error", 1264, "Out of range value for column '%s' at row %u", c->name, rowno);
            else trunc_warn(ctx, rowno, c, 1264, "", NULL, 0);
        } else if (tr) trunc_warn(ctx, rowno, c, number_first(v->p, v->len) ? 1265 : 1366, "double", v->p, v->len);
        else if (v->t == VT_STRING && v->len && isspace((unsigned char)v->p[v->len - 1]))   /* a number and spaces */
            ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
        if (d != d) d = 0;
        if (float_store_clamp(c, &d)) trunc_warn(ctx, rowno, c, 1264, "", NULL, 0);
        if (c->type == CT_FLOAT) d = (double)(float)d;
        *out = ex_dbl(d);
        return 0;
    }
    case CT_DATE: case CT_DATETIME: case CT_TIMESTAMP: {
        int64_t dt; bool isd, bad = false;
        if (v->t == VT_DATETIME || v->t == VT_DATE) dt = v->i;
        else if (is_number(v)) {   /* number_to_datetime_or_date */
            bool neg, note;
            uint64_t nr;
            uint32_t frac;
            ex_number_parts(v, &neg, &nr, &frac);
            int k = neg ? EX_TS_ERROR : ex_number_datetime(nr, frac, ctx->s->sql_mode & MODE_INVALID_DATES, &dt, &note);
            if (k == EX_TS_ERROR) {
                size_t n; const char *s = ex_to_str(ctx->a, v, &n);
                date_unreadable(ctx, rowno, c, s, n);
                dt = 0;
                bad = true;
            } else if (note) ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
        } else {
            size_t n; const char *s = ex_to_str(ctx->a, v, &n);
            int pr = ex_parse_datetime(s, n, &dt, &isd);
            if (pr == 1 && !ctx->strict) {   /* a valid date and time before other characters: kept */
                ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
            } else if (pr != 0) {
                date_unreadable(ctx, rowno, c, s, n);
                dt = 0;
                bad = true;
            }
        }
        int y, mo, d, h, mi, s, us;
        pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
        bool zero = !y && !mo && !d && !h && !mi && !s && !us;
        uint32_t mode = ctx->s->sql_mode;
        if (bad) {}
        else if ((zero && (mode & MODE_NO_ZERO_DATE)) || (!zero && (!mo || !d) && (mode & MODE_NO_ZERO_IN_DATE))) {
            /* sql_mode NO_ZERO_DATE / NO_ZERO_IN_DATE: an error in strict mode, else the
               zero date with a warning */
            size_t n; const char *txt = ex_to_str(ctx->a, v, &n);
            if (ctx->strict) ex_raise(ctx, 1292, "22007", "Incorrect %s value: '%.*s' for column `%s`.`%s`.`%s` at row %u",
                                      c->type == CT_DATE ? "date" : "datetime", (int)n, txt, ctx->insert_t ? ctx->insert_t->db : "",
                                      ctx->insert_t ? ctx->insert_t->name : "", c->name, rowno);
            if (zero) ex_warn(ctx, "Warning", 1264, "Out of range value for column '%s' at row %u", c->name, rowno);
            else ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
            y = mo = d = h = mi = s = us = 0;
        }
        struct tm gap = { .tm_mday = 0 };
        if (c->type == CT_TIMESTAMP && !bad && ctx->insert_t && !timestamp_fits(ctx, rowno, c, v, y, mo, d, h, mi, s, us, &gap)) y = mo = d = h = mi = s = us = 0;
        if (gap.tm_mday) { y = gap.tm_year + 1900; mo = gap.tm_mon + 1; d = gap.tm_mday; h = gap.tm_hour; mi = gap.tm_min; s = gap.tm_sec; us = 0; }
        if (c->type == CT_DATE) {
            if (h || mi || s) ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
            dt = pdb_dt_pack(y, mo, d, 0, 0, 0, 0);
        } else {
            int fsp = c->scale < 0 ? 0 : c->scale;   /* the fraction cut, as MariaDB without TIME_ROUND_FRACTIONAL */
            int64_t p = ex_pow10[6 - fsp];
            dt = pdb_dt_pack(y, mo, d, h, mi, s, (int)(us / p * p));
        }
        *out = ex_int(dt);
        out->t = c->type == CT_DATE ? VT_DATE : VT_DATETIME;
        return 0;
    }
    case CT_TIME: {
        int64_t us = 0;
        if (v->t == VT_TIME) us = v->i;
        else if (v->t == VT_DATETIME || v->t == VT_DATE) {
            int y, mo, d, h, m, sec, u; pdb_dt_unpack(v->i, &y, &mo, &d, &h, &m, &sec, &u);
            us = ((int64_t)h * 3600 + m * 60 + sec) * 1000000 + u;
        } else if (v->t == VT_STRING || is_number(v)) {
            ex_time_scan r;
            if (v->t == VT_STRING) ex_scan_time(v->p, v->len, 838, false, &r);
            else time_of_number(v, &r);
            us = time_stored(ctx, rowno, c, &r, v);
        } else {
            size_t n; const char *s = ex_to_str(ctx->a, v, &n);
            if (ex_parse_time(s, n, &us) != 0) { trunc_warn(ctx, rowno, c, 1265, "time", s, n); us = 0; }
        }
        /* MariaDB's TIME range: -838:59:59.999999 .. 838:59:59.999999 */
        int64_t maxus = (838LL * 3600 + 59 * 60 + 59) * 1000000 + 999999;
        if (us > maxus || us < -maxus) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); us = us > 0 ? maxus : -maxus; }
        /* the column's fraction: the rest cut off, as MariaDB without TIME_ROUND_FRACTIONAL */
        int fsp = c->scale < 0 ? 0 : c->scale;
        int64_t p = ex_pow10[6 - fsp];
        *out = ex_int(us / p * p); out->t = VT_TIME; out->scale = (uint8_t)fsp;
        return 0;
    }
    default: {   /* strings */
        size_t n;
        const char *s = ex_to_str(ctx->a, v, &n);
        uint32_t maxch;
        switch (c->type) {
        case CT_CHAR: case CT_VARCHAR: case CT_BINARY: case CT_VARBINARY: maxch = c->width; break;
        case CT_TINYTEXT: case CT_TINYBLOB: maxch = 255; break;
        case CT_TEXT: case CT_BLOB: maxch = 65535; break;
        case CT_MEDIUMTEXT: case CT_MEDIUMBLOB: maxch = 16777215; break;
        default: maxch = STOR_STR_MAX; break;   /* (LONGTEXT: storage holds up to 2 GiB - 1;
                                                    max_allowed_packet stops at 1 GiB) */
        }
        /* a value said to be 1366 is not said to be cut too (MariaDB's
           check_string_copy_error goes before report_if_important_data) */
        bool said = false;
        if (v->t == VT_STRING && v->coll == COLL_BINARY && pdb_coll_transcoded(c->coll)) {
            /* bytes into a latin1, big5, ... column: read in its charset, as MariaDB copies */
            size_t bad;
            pdb_value u = ex_bytes_in_charset(ctx->a, s, n, c->coll, &bad);
            if (bad != SIZE_MAX) { bad_string(ctx, c, s, n, bad, rowno); said = true; }
            s = u.p; n = u.len;
        }
        const pdb_collation *cc = pdb_coll_by_id(c->coll);
        if (cc && cc->maxlen >= 3 && c->coll != COLL_BINARY) {
            /* UTF-8 text keeps whole characters: a byte of none (in what the column
               keeps; one past it is cut) becomes '?' with 1366, as MariaDB's copy */
            const char *fs; size_t fn, first;
            if (ex_utf8_fit(ctx->a, true, s, n, maxch, &fs, &fn, &first)) {
                bad_string(ctx, c, s, n, first, rowno);
                s = fs; n = fn;
                said = true;
            }
        }
        {   /* a latin1 / ascii / utf8mb3 column keeps only what its charset has */
            const char *fs; size_t fn, first;
            if (ex_charset_fit(ctx->a, c->coll, s, n, maxch, &fs, &fn, &first)) {
                bad_string(ctx, c, s, n, first, rowno);
                s = fs; n = fn;
                said = true;
            }
        }
        if (c->type == CT_SET) {
            bool cut;
            uint64_t bits = v->t == VT_STRING ? set_bits_of_text(c, s, n, &cut) : set_bits_of_number(c, v, &cut);
            *out = set_value(ctx, rowno, c, bits, cut);
            return 0;
        }
        if (c->type == CT_ENUM) {
            uint32_t m = v->t == VT_STRING ? enum_of_text(c, s, n) : enum_of_number(c, v);
            if (!m) trunc_warn(ctx, rowno, c, 1265, "enum", s, n);
            *out = m ? ex_str(c->enum_vals[m - 1], strlen(c->enum_vals[m - 1]), c->coll) : ex_str("", 0, c->coll);
            return 0;
        }
        bool mb = ex_fn_is_mb(c->coll);
        bool bytes_limit = c->type >= CT_TINYTEXT && c->type <= CT_LONGBLOB;
        size_t lim = bytes_limit ? (maxch < n ? maxch : n) : ex_fn_char_off(s, n, maxch, mb);
        if (lim < n && said) n = lim;
        else if (lim < n) {
            /* trailing spaces beyond the limit are dropped with a note, or silently into
               CHAR, which pads anyway; into BINARY they are data (MariaDB's
               report_if_important_data, count_spaces false for Field_string) */
            bool spaces = c->type != CT_BINARY;
            for (size_t i = lim; i < n && spaces; i++) if (!strchr(" \t\n\v\f\r", s[i]) || !s[i]) spaces = false;
            if (!spaces) {
                if (ctx->strict) ex_raise(ctx, 1406, "22001", "Data too long for column '%s' at row %u", c->name, rowno);
                ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
            } else if (c->type != CT_CHAR) ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
            n = lim;
        }
        if (c->type == CT_CHAR) while (n > 0 && s[n - 1] == ' ') n--;   /* CHAR strips trailing spaces */
        if (c->type == CT_BINARY && n < c->width) {
            char *p = stor_arena_alloc(ctx->a, c->width);
            memcpy(p, s, n); memset(p + n, 0, c->width - n);
            s = p; n = c->width;
        }
        *out = ex_str(s, n, c->coll);
        return 0;
    }
    }
}

/* ---------------------------------------------------------------- RAND's sequence, constant arguments */

/* The next value of MariaDB's generator (RAND(seed), ENCODE) */
double ex_fn_rand_next(ex_rand *r)
{
    r->s1 = (r->s1 * 3 + r->s2) % RAND_MAX_VALUE;
    r->s2 = (r->s1 + r->s2 + 33) % RAND_MAX_VALUE;
    return (double)r->s1 / (double)RAND_MAX_VALUE;
}

/* A literal or a parameter, as MariaDB's constant arguments */
bool ex_fn_constant_arg(const pl_expr *e)
{
    switch (e->kind) {
    case E_NULL: case E_INT: case E_DECIMAL: case E_FLOAT: case E_STRING: case E_HEX: case E_BOOL: case E_PARAM:
        return true;
    case E_UNARY: return e->nargs == 1 && ex_fn_constant_arg(e->args[0]);
    default: return false;
    }
}

/* Whether a warning about the constant argument arg of call e is due: MariaDB checks a
 * constant once per statement (when it prepares the call), anything else per row. The
 * calls already warned are kept in the statement's list of RAND generators. */
bool ex_warn_due(ex_ctx *ctx, const pl_expr *e, const pl_expr *arg)
{
    if (!e || !arg || !ex_fn_constant_arg(arg) || !ctx->stmt) return true;
    for (ex_rand *r = ctx->stmt->rands; r; r = r->next) if (r->e == e) return false;
    ex_rand *r = stor_arena_alloc(ctx->a, sizeof *r);
    memset(r, 0, sizeof *r);
    r->e = e;
    r->next = ctx->stmt->rands;
    ctx->stmt->rands = r;
    return true;
}

/* An INT result type (BIGINT when longlong) of len digits */
void ex_fn_t_intl(ex_type *t, uint32_t len, bool longlong)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_INT; t->ptype = longlong ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG; t->length = len;
    t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
}
