/* value.c - MySQL value semantics: conversions, comparison, hashing and text form. */
#include "engine/eng.h"
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

const int64_t ex_pow10[19] = {
    1LL, 10LL, 100LL, 1000LL, 10000LL, 100000LL, 1000000LL, 10000000LL, 100000000LL,
    1000000000LL, 10000000000LL, 100000000000LL, 1000000000000LL, 10000000000000LL,
    100000000000000LL, 1000000000000000LL, 10000000000000000LL, 100000000000000000LL,
    1000000000000000000LL
};


int64_t ex_now_us(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (int64_t)tv.tv_sec * 1000000 + tv.tv_usec;
}

double ex_str_to_double(const char *s, size_t n, bool *trunc)
{
    char buf[128];
    size_t i = 0;
    while (i < n && isspace((unsigned char)s[i])) i++;
    size_t st = i, k = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) buf[k++] = s[i++];
    bool digits = false;
    while (i < n && isdigit((unsigned char)s[i]) && k < 100) { buf[k++] = s[i++]; digits = true; }
    if (i < n && s[i] == '.') {
        buf[k++] = s[i++];
        while (i < n && isdigit((unsigned char)s[i]) && k < 120) { buf[k++] = s[i++]; digits = true; }
    }
    if (digits && i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1, kk = k;
        char b2[8]; int m = 0;
        b2[m++] = 'e';
        if (j < n && (s[j] == '+' || s[j] == '-')) b2[m++] = s[j++];
        if (j < n && isdigit((unsigned char)s[j])) {
            memcpy(buf + kk, b2, (size_t)m); k = kk + (size_t)m;
            while (j < n && isdigit((unsigned char)s[j]) && k < 126) buf[k++] = s[j++];
            i = j;
        }
    }
    buf[k] = 0;
    size_t rest = i;
    while (rest < n && isspace((unsigned char)s[rest])) rest++;
    if (trunc) *trunc = !digits || rest < n;
    (void)st;
    return digits ? strtod(buf, NULL) : 0.0;
}

bool ex_parse_decimal(const char *s, size_t n, int64_t *v, uint8_t *scale)
{
    size_t i = 0;
    bool neg = false;
    if (i < n && (s[i] == '-' || s[i] == '+')) { neg = s[i] == '-'; i++; }
    __int128 acc = 0;
    int sc = 0, digits = 0;
    bool dot = false;
    for (; i < n; i++) {
        if (s[i] == '.') { if (dot) return false; dot = true; continue; }
        if (!isdigit((unsigned char)s[i])) return false;
        acc = acc * 10 + (s[i] - '0');
        if (acc != 0 || dot) digits++;
        if (dot) sc++;
        if (digits > 18 || sc > 18) return false;
    }
    *v = (int64_t)(neg ? -acc : acc);
    *scale = (uint8_t)sc;
    return true;
}

/* s[0..n) as MariaDB quotes a value it could not read as a date or time (an ErrConvString
 * over binary: printable ASCII as it is, any other byte as \xNN), in a. */
const char *ex_errconv_bin(stor_arena *a, const char *s, size_t n)
{
    char *o = stor_arena_alloc(a, n * 4 + 1), *q = o;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c <= 0x7e) *q++ = (char)c;
        else q += snprintf(q, 5, "\\x%02X", c);
    }
    *q = 0;
    return o;
}

/* Where conversion warnings go: the context of the running program (set by ex_eval),
 * or nowhere (NULL) for internal conversions. */
__thread ex_ctx *ex_conv_ctx;

/* A value as MariaDB quotes it in a warning: a binary string's bytes outside printable
 * ASCII as \xNN, a character beyond the BMP as '?' (the message is utf8mb3). */
size_t ex_warn_text(const char *s, size_t n, uint16_t coll, char *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 5 < cap;) {
        unsigned char c = (unsigned char)s[i];
        if (coll == COLL_BINARY) {
            if (c >= 0x20 && c < 0x7f) out[k++] = (char)c;
            else k += (size_t)snprintf(out + k, cap - k, "\\x%02X", c);
            i++;
        } else if (c >= 0xf0) { out[k++] = '?'; i += 4; }
        else out[k++] = s[i++];
    }
    if (k >= cap) k = cap - 1;
    out[k] = 0;
    return k;
}

/* Warns 1292 when the string s is not entirely a number (MariaDB's "Truncated
 * incorrect DOUBLE/DECIMAL value"). */
/* A string as MariaDB quotes it in a message (ErrConvString): a binary string's bytes
 * below 0x20 and from 0x80 as \xHH, a NUL in text as \0000; at most 128 bytes read. */
static size_t errconv_text(const pdb_value *v, char *buf, size_t cap)
{
    size_t k = 0, n = v->len > 128 ? 128 : v->len;
    bool bin = v->coll == COLL_BINARY;
    for (size_t i = 0; i < n && k + 8 < cap; i++) {
        unsigned char c = (unsigned char)v->p[i];
        if (bin && (c < 0x20 || c >= 0x80)) k += (size_t)snprintf(buf + k, cap - k, "\\x%02X", c);
        else if (!c) k += (size_t)snprintf(buf + k, cap - k, "\\0000");
        else buf[k++] = (char)c;
    }
    buf[k] = 0;
    return k;
}

uint64_t ex_hexnum_u64(const pdb_value *v)
{
    uint64_t u = 0;
    for (uint32_t i = v->len > 8 ? v->len - 8 : 0; i < v->len; i++) u = u << 8 | (unsigned char)v->p[i];
    return u;
}

uint32_t ex_hexnum_digits(uint32_t n)
{
    static const uint8_t digits[9] = { 1, 3, 5, 8, 10, 13, 15, 17, 20 };
    return digits[n > 8 ? 8 : n];
}

/* A JSON_EXTRACT result as a number (see EX_JSONVAL) */
static double jsonval_double(const pdb_value *v)
{
    size_t i = 0, n = v->len;
    while (i < n && (v->p[i] == ' ' || v->p[i] == '\t' || v->p[i] == '\n' || v->p[i] == '\r')) i++;
    if (i >= n) return 0;
    if (v->p[i] == 't') return 1;
    if (v->p[i] == '"') {
        size_t k = i + 1;
        while (k < n && v->p[k] != '"') k += v->p[k] == '\\' ? 2 : 1;
        return ex_str_to_double(v->p + i + 1, (k < n ? k : n) - i - 1, NULL);
    }
    if (v->p[i] == '-' || (v->p[i] >= '0' && v->p[i] <= '9')) return ex_str_to_double(v->p + i, n - i, NULL);
    return 0;
}

void ex_conv_check(const pdb_value *v, const char *type)
{
    if (!ex_conv_ctx || v->t != VT_STRING || ex_hexmark(v->scale) || v->scale == EX_JSONVAL) return;
    bool trunc;
    char buf[700];
    double d = ex_str_to_double(v->p, v->len, &trunc);
    bool dec = !strcmp(type, "DECIMAL");
    if ((dec && !(fabs(d) < 1e81)) || (!dec && isinf(d))) {
        /* past MariaDB's decimal buffer (81 digits) or a double's range: a warning even
           when the rest is spaces, after 1916 for a decimal */
        if (dec) ex_warn(ex_conv_ctx, "Warning", 1916, "Got overflow when converting '' to DECIMAL. Value truncated");
        trunc = true;
    }
    if (!trunc) {
        /* a number followed by spaces only: MariaDB notes it rather than warning */
        if (v->len && isspace((unsigned char)v->p[v->len - 1])) {
            errconv_text(v, buf, sizeof buf);
            ex_warn(ex_conv_ctx, "Note", 1292, "Truncated incorrect %s value: '%s'", type, buf);
        }
        return;
    }
    errconv_text(v, buf, sizeof buf);
    ex_warn(ex_conv_ctx, "Warning", 1292, "Truncated incorrect %s value: '%s'", type, buf);
}

/* Text where MariaDB wants an integer argument (Item::val_int of a string: my_strtoll10):
 * spaces, a sign and the digits up to the first other character, past BIGINT held; other
 * characters after them are a Warning, spaces only a Note ("Truncated incorrect INTEGER
 * value"). Not rounded, unlike a column's store: LEFT(s, '2.7') is 2 characters. */
int64_t ex_arg_int(const pdb_value *v)
{
    if (v->t != VT_STRING || ex_hexmark(v->scale) || v->scale == EX_JSONVAL) return ex_to_int(v);
    const char *s = v->p;
    size_t n = v->len, i = 0;
    while (i < n && isspace((unsigned char)s[i])) i++;
    bool neg = false;
    if (i < n && (s[i] == '-' || s[i] == '+')) neg = s[i++] == '-';
    size_t d0 = i;
    uint64_t acc = 0;
    bool over = false;
    for (; i < n && isdigit((unsigned char)s[i]); i++) {
        if (acc > (UINT64_MAX - 9) / 10) over = true;
        else acc = acc * 10 + (uint64_t)(s[i] - '0');
    }
    size_t rest = i;
    while (rest < n && isspace((unsigned char)s[rest])) rest++;
    if (ex_conv_ctx && (i == d0 || rest > i || rest < n)) {
        char buf[700];
        errconv_text(v, buf, sizeof buf);
        ex_warn(ex_conv_ctx, i == d0 || rest < n ? "Warning" : "Note", 1292, "Truncated incorrect INTEGER value: '%s'", buf);
    }
    if (neg) return over || acc > (uint64_t)INT64_MAX + 1 ? INT64_MIN : (int64_t)(0 - acc);
    return over || acc > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)acc;
}

static double to_double_raw(const pdb_value *v);

double ex_to_double(const pdb_value *v)
{
    if (v->t == VT_STRING) ex_conv_check(v, "DOUBLE");
    return to_double_raw(v);
}

/* As ex_to_double, a string's warnings naming type (a function that reads its argument
 * as a DECIMAL: "Truncated incorrect DECIMAL value"). */
double ex_to_double_as(const pdb_value *v, const char *type)
{
    if (v->t == VT_STRING) ex_conv_check(v, type);
    return to_double_raw(v);
}

/* A scaled decimal (i / 10^scale) as the nearest double, as MariaDB's decimal2double
 * (my_strtod of its text) gives it: one division is exact rounding only while i is exact
 * in a double (|i| <= 2^53); 9937107326312043 / 10^13 was one unit in the last place off. */
double ex_scaled_to_double(int64_t i, int scale)
{
    if (!scale) return (double)i;
    if (i >= -(1LL << 53) && i <= (1LL << 53) && scale <= 18) return (double)i / (double)ex_pow10[scale];
    char buf[48];
    snprintf(buf, sizeof buf, "%llde-%d", (long long)i, scale);
    return strtod(buf, NULL);
}

static double to_double_raw(const pdb_value *v)
{
    switch (v->t) {
    case VT_INT: return (double)v->i;
    case VT_UINT: return (double)v->u;
    case VT_DOUBLE: return v->d;
    case VT_DECIMAL:
        if (v->len) return ex_str_to_double(v->p, v->len, NULL);
        return ex_scaled_to_double(v->i, v->scale);
    case VT_STRING: {
        if (ex_hexmark(v->scale)) return (double)ex_hexnum_u64(v);
        if (v->scale == EX_JSONVAL) return jsonval_double(v);
        double d = ex_str_to_double(v->p, v->len, NULL);
        return isinf(d) ? (d > 0 ? DBL_MAX : -DBL_MAX) : d;   /* (my_strntod's overflow: the largest double) */
    }
    case VT_DATETIME: case VT_DATE: {
        int y, mo, d, h, mi, s, us;
        pdb_dt_unpack(v->i, &y, &mo, &d, &h, &mi, &s, &us);
        double r = (double)y * 10000 + mo * 100 + d;
        if (v->t == VT_DATETIME) r = r * 1000000 + h * 10000 + mi * 100 + s + us / 1e6;
        return r;
    }
    case VT_TIME: {
        int64_t t = v->i < 0 ? -v->i : v->i;
        int64_t sec = t / 1000000;
        double r = (double)((sec / 3600) * 10000 + ((sec / 60) % 60) * 100 + sec % 60) + (double)(t % 1000000) / 1e6;
        return v->i < 0 ? -r : r;
    }
    default: return 0;
    }
}

int64_t ex_temporal_int(const pdb_value *v, bool round)
{
    if (v->t == VT_TIME) {
        int64_t t = v->i < 0 ? -v->i : v->i, sec = t / 1000000;
        int64_t r = (sec / 3600) * 10000 + (sec / 60 % 60) * 100 + sec % 60 + (round && t % 1000000 >= 500000);
        return v->i < 0 ? -r : r;
    }
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(v->i, &y, &mo, &d, &h, &mi, &s, &us);
    int64_t r = (int64_t)y * 10000 + mo * 100 + d;
    if (v->t == VT_DATETIME) r = r * 1000000 + h * 10000 + mi * 100 + s + (round && us >= 500000);
    return r;
}

pdb_value ex_temporal_num(stor_arena *a, const pdb_value *v)
{
    int fsp = v->t == VT_DATE ? 0 : v->scale > 6 ? 6 : v->scale;
    int64_t n = ex_temporal_int(v, false);
    if (!fsp) return ex_int(n);
    int64_t us;
    if (v->t == VT_TIME) us = (v->i < 0 ? -v->i : v->i) % 1000000;
    else { int y, mo, d, h, mi, s, u; pdb_dt_unpack(v->i, &y, &mo, &d, &h, &mi, &s, &u); us = u; }
    char buf[48];
    int k = snprintf(buf, sizeof buf, "%s%lld.%0*lld", v->t == VT_TIME && v->i < 0 && !n ? "-" : "", (long long)n, fsp,
                     (long long)(us / ex_pow10[6 - fsp]));
    ex_dec x;
    ex_dec_parse(buf, (size_t)k, &x, NULL);
    pdb_value out;
    ex_dec_put(a, &x, -1, &out);
    return out;
}

int64_t ex_to_int(const pdb_value *v)
{
    switch (v->t) {
    case VT_INT: return v->i;
    case VT_UINT: return (int64_t)v->u;
    case VT_DOUBLE: {
        double d = rint(v->d);
        if (isnan(d)) return 0;
        if (d >= 9.2233720368547758e18) return INT64_MAX;
        if (d <= -9.2233720368547758e18) return INT64_MIN;
        return (int64_t)d;
    }
    case VT_DECIMAL: {
        if (v->len) { ex_dec d; int64_t r; ex_dec_get(v, &d); ex_dec_to_i64(&d, &r); return r; }
        int64_t p = ex_pow10[v->scale], q = v->i / p, r = v->i % p;
        if (r * 2 >= p) q++;
        else if (r * 2 <= -p) q--;
        return q;
    }
    case VT_STRING: {
        if (ex_hexmark(v->scale)) return (int64_t)ex_hexnum_u64(v);
        if (v->scale == EX_JSONVAL) {
            double d = jsonval_double(v);
            return d >= 9.2233720368547758e18 ? INT64_MAX : d <= -9.2233720368547758e18 ? INT64_MIN : (int64_t)d;
        }
        /* integer context: leading integer part, MySQL rounds via double for decimals */
        bool tr;
        double d = ex_str_to_double(v->p, v->len, &tr);
        if (d >= 9.2233720368547758e18) return INT64_MAX;
        if (d <= -9.2233720368547758e18) return INT64_MIN;
        return (int64_t)rint(d);
    }
    case VT_DATETIME: case VT_DATE: case VT_TIME: return ex_temporal_int(v, false);
    default: return 0;
    }
}

bool ex_is_true(const pdb_value *v)
{
    switch (v->t) {
    case VT_NULL: return false;
    case VT_DECIMAL:
        if (v->len) { for (uint32_t k = 0; k < v->len; k++) if (v->p[k] >= '1' && v->p[k] <= '9') return true; return false; }
        return v->i != 0;
    case VT_INT: case VT_DATETIME: case VT_DATE: case VT_TIME: return v->i != 0;
    case VT_UINT: return v->u != 0;
    case VT_DOUBLE: return v->d != 0;
    case VT_STRING:
        if (ex_hexmark(v->scale)) return ex_hexnum_u64(v) != 0;
        if (v->scale == EX_JSONVAL) return jsonval_double(v) != 0;
        return ex_str_to_double(v->p, v->len, NULL) != 0;
    }
    return false;
}

/* The same as a condition (IF, CASE WHEN, NOT, AND, OR, XOR, IS): a string is read
 * as a DOUBLE, with MariaDB's 1292 warning (into ex_conv_ctx) when it is not a number. */
bool ex_is_true_cond(const pdb_value *v)
{
    if (v->t == VT_STRING) return ex_to_double(v) != 0;
    return ex_is_true(v);
}

/* Shortest text that reads back as the same double, MariaDB style (%g, up to 17 digits). */
/* The shortest digits that read back as d: digits[] (no dot), their count, and the
 * decimal exponent of the first digit (d = 0.d1d2... * 10^(exp+1)). d != 0, finite. */
static int shortest_digits(double d, char *digits, int *exp10)
{
    char tmp[40];
    /* for a normal double, 15 significant digits print its shortest form followed by
       zeros when they read back; otherwise 16, at most 17 (the zeros are stripped below).
       Denormals carry fewer digits: they are searched from 1. */
    for (int prec = fabs(d) < DBL_MIN ? 1 : 15; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*e", prec - 1, d);
        if (strtod(tmp, NULL) == d || prec == 17) break;
    }
    /* tmp: [-]d[.ddd]e[+-]XX */
    const char *p = tmp;
    if (*p == '-') p++;
    int n = 0;
    for (; *p && *p != 'e'; p++) if (*p != '.') digits[n++] = *p;
    while (n > 1 && digits[n - 1] == '0') n--;
    digits[n] = 0;
    *exp10 = atoi(p + 1);
    return n;
}

/* A DOUBLE as MariaDB prints it: the shortest digits that read back the same; plain
 * notation for exponents -15..14, otherwise 1.5e15 / 1e-16 (no '+', no leading zeros). */
size_t ex_fmt_double(double d, char *buf, size_t cap)
{
    if (d == 0) { buf[0] = '0'; buf[1] = 0; return 1; }
    if (isnan(d) || isinf(d)) return (size_t)snprintf(buf, cap, "%s", isnan(d) ? "nan" : d > 0 ? "inf" : "-inf");
    char dg[40];
    int e, n = shortest_digits(d, dg, &e);
    char out[400];
    size_t k = 0;
    if (d < 0) out[k++] = '-';
    if (e < -15 || e >= 15) {
        out[k++] = dg[0];
        if (n > 1) { out[k++] = '.'; for (int i = 1; i < n; i++) out[k++] = dg[i]; }
        k += (size_t)snprintf(out + k, sizeof out - k, "e%d", e);
    } else if (e < 0) {
        out[k++] = '0'; out[k++] = '.';
        for (int i = 0; i < -e - 1; i++) out[k++] = '0';
        for (int i = 0; i < n; i++) out[k++] = dg[i];
    } else {
        for (int i = 0; i <= e; i++) out[k++] = i < n ? dg[i] : '0';
        if (n > e + 1) { out[k++] = '.'; for (int i = e + 1; i < n; i++) out[k++] = dg[i]; }
    }
    if (k >= cap) k = cap - 1;
    memcpy(buf, out, k);
    buf[k] = 0;
    return k;
}

/* d's shortest digits at a fixed number of decimals, zeros after them: MariaDB's my_fcvt
 * (ROUND(0.1e0, 20) is 0.10000000000000000000, not the binary expansion ...0555). */
static size_t fixed_from_shortest(double d, const char *dg, int nd, int e, int decimals, char *buf, size_t cap)
{
    char out[400];
    size_t k = 0;
    if (d < 0) out[k++] = '-';
    if (e < 0) out[k++] = '0';
    for (int i = 0; i <= e && k < sizeof out - 40; i++) out[k++] = i < nd ? dg[i] : '0';
    if (decimals > 0) out[k++] = '.';
    for (int j = 1; j <= decimals && k < sizeof out - 1; j++) {
        int at = e + j;
        out[k++] = at >= 0 && at < nd ? dg[at] : '0';
    }
    if (k >= cap) k = cap - 1;
    memcpy(buf, out, k);
    buf[k] = 0;
    return k;
}

/* A DOUBLE with a fixed number of decimals (ROUND(x, 2), columns of DOUBLE(M,D), STD of
 * a DECIMAL): MariaDB writes the shortest digits that read back as d and then zeros, or
 * d rounded when the decimals are fewer than those digits have (and beyond 15 integer
 * digits the shortest digits and zeros); a negative zero prints as 0. */
static size_t fmt_fixed(double d, int decimals, char *buf, size_t cap)
{
    size_t n;
    if (isnan(d) || isinf(d)) return (size_t)snprintf(buf, cap, "%s", isnan(d) ? "nan" : d > 0 ? "inf" : "-inf");
    if (fabs(d) < 1e15) {
        char dg[40];
        int e = 0, nd = d != 0 ? shortest_digits(d, dg, &e) : 0;
        if (nd && decimals >= nd - 1 - e) n = fixed_from_shortest(d, dg, nd, e, decimals, buf, cap);
        else n = (size_t)snprintf(buf, cap, "%.*f", decimals, d);
    } else {
        char dg[40], out[400];
        int e, nd = shortest_digits(d, dg, &e);
        size_t k = 0;
        if (d < 0) out[k++] = '-';
        for (int i = 0; i <= e && k < sizeof out - 40; i++) out[k++] = i < nd ? dg[i] : '0';
        if (decimals > 0) { out[k++] = '.'; for (int i = 0; i < decimals && k < sizeof out - 1; i++) out[k++] = '0'; }
        if (k >= cap) k = cap - 1;
        memcpy(buf, out, k);
        buf[k] = 0;
        n = k;
    }
    if (n >= cap) n = cap - 1;
    if (buf[0] == '-') {   /* -0, -0.00: MariaDB prints no sign */
        bool zero = true;
        for (size_t i = 1; i < n; i++) if (buf[i] != '0' && buf[i] != '.') zero = false;
        if (zero) { memmove(buf, buf + 1, n); n--; }
    }
    return n;
}

/* The decimal digits of u into buf (at least 21 bytes), NUL-terminated; returns their
 * number. (snprintf's %llu costs ~600 instructions; every integer of every result row
 * goes through here.) */
static size_t fmt_u64(uint64_t u, char *buf)
{
    char tmp[24];
    size_t k = sizeof tmp;
    do { tmp[--k] = (char)('0' + u % 10); u /= 10; } while (u);
    size_t n = sizeof tmp - k;
    memcpy(buf, tmp + k, n);
    buf[n] = 0;
    return n;
}

/* v in decimal: "-" and the digits of |v|, as fmt_u64. */
static size_t fmt_i64(int64_t v, char *buf)
{
    if (v >= 0) return fmt_u64((uint64_t)v, buf);
    buf[0] = '-';
    return 1 + fmt_u64((uint64_t)(-(v + 1)) + 1, buf + 1);
}

/* snprintf's contract for an integer: at most cap - 1 bytes and a NUL, and the length
 * the whole text has. */
static size_t put_int(char *buf, size_t cap, bool neg_ok, int64_t i, uint64_t u)
{
    char tmp[24];
    size_t n = neg_ok ? fmt_i64(i, tmp) : fmt_u64(u, tmp);
    if (cap) {
        size_t m = n < cap - 1 ? n : cap - 1;
        memcpy(buf, tmp, m);
        buf[m] = 0;
    }
    return n;
}
size_t ex_double_fixed(double d, int decimals, char *buf, size_t cap) { return fmt_fixed(d, decimals, buf, cap); }

static size_t fmt_decimal(int64_t v, int scale, char *buf)
{
    char tmp[32];
    uint64_t a = v < 0 ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
    int n = (int)fmt_u64(a, tmp);
    size_t k = 0;
    if (v < 0) buf[k++] = '-';
    if (scale == 0) { memcpy(buf + k, tmp, (size_t)n); return k + (size_t)n; }
    if (n <= scale) {
        buf[k++] = '0'; buf[k++] = '.';
        for (int i = 0; i < scale - n; i++) buf[k++] = '0';
        memcpy(buf + k, tmp, (size_t)n);
        return k + (size_t)n;
    }
    memcpy(buf + k, tmp, (size_t)(n - scale)); k += (size_t)(n - scale);
    buf[k++] = '.';
    memcpy(buf + k, tmp + n - scale, (size_t)scale);
    return k + (size_t)scale;
}

static inline void two_digits(char *p, int v)
{
    p[0] = (char)('0' + v / 10);
    p[1] = (char)('0' + v % 10);
}

static size_t fmt_datetime(const pdb_value *v, char *buf, size_t cap)
{
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(v->i, &y, &mo, &d, &h, &mi, &s, &us);
    if (cap >= 32 && y >= 0 && y <= 9999 && (unsigned)mo < 100 && (unsigned)d < 100 && (unsigned)h < 100 &&
        (unsigned)mi < 100 && (unsigned)s < 100 && us >= 0 && us <= 999999 && v->scale <= 6) {
        /* what the snprintf below prints, without its ~2,500 instructions per value */
        two_digits(buf, y / 100); two_digits(buf + 2, y % 100); buf[4] = '-';
        two_digits(buf + 5, mo); buf[7] = '-'; two_digits(buf + 8, d);
        if (v->t == VT_DATE) { buf[10] = 0; return 10; }
        buf[10] = ' '; two_digits(buf + 11, h); buf[13] = ':'; two_digits(buf + 14, mi); buf[16] = ':';
        two_digits(buf + 17, s);
        size_t n = 19;
        if (v->scale) {
            buf[n++] = '.';
            for (int i = 0, div = 100000; i < v->scale; i++, div /= 10) buf[n++] = (char)('0' + us / div % 10);
        }
        buf[n] = 0;
        return n;
    }
    if (v->t == VT_DATE) return (size_t)snprintf(buf, cap, "%04d-%02d-%02d", y, mo, d);
    size_t n = (size_t)snprintf(buf, cap, "%04d-%02d-%02d %02d:%02d:%02d", y, mo, d, h, mi, s);
    if (v->scale) n += (size_t)snprintf(buf + n, cap - n, ".%06d", us) - (size_t)(6 - v->scale);
    buf[n] = 0;
    return n;
}

static size_t fmt_time(const pdb_value *v, char *buf, size_t cap)
{
    int64_t t = v->i;
    const char *sign = "";
    if (t < 0) { sign = "-"; t = -t; }
    int64_t sec = t / 1000000;
    size_t n = (size_t)snprintf(buf, cap, "%s%02lld:%02lld:%02lld", sign, (long long)(sec / 3600),
                                (long long)((sec / 60) % 60), (long long)(sec % 60));
    if (v->scale) n += (size_t)snprintf(buf + n, cap - n, ".%06lld", (long long)(t % 1000000)) - (size_t)(6 - v->scale);
    buf[n] = 0;
    return n;
}

size_t pdb_value_text(const pdb_value *v, const pdb_colmeta *meta, char *buf, size_t cap, const char **out)
{
    size_t n;
    *out = buf;
    switch (v->t) {
    case VT_STRING: *out = v->p ? v->p : ""; return v->len;
    case VT_INT: n = put_int(buf, cap, true, v->i, 0); goto int_decimals;
    case VT_UINT: n = put_int(buf, cap, false, 0, v->u);
    int_decimals:   /* an integer in a DECIMAL result column shows its decimals: 1.0 */
        if (meta && meta->type == MYSQL_TYPE_NEWDECIMAL && meta->decimals && meta->decimals <= EX_DEC_MAX_SCALE &&
            n + 1 + meta->decimals < cap) {
            buf[n++] = '.';
            memset(buf + n, '0', meta->decimals);
            n += meta->decimals;
            buf[n] = 0;
        }
        break;
    case VT_DECIMAL:
        if (meta && meta->type == MYSQL_TYPE_NEWDECIMAL && meta->decimals <= EX_DEC_MAX_SCALE && meta->decimals != v->scale &&
            v->coll != EX_DEC_AS_IS && cap >= EX_DEC_TEXT_MAX) {
            /* a result column shows its type's decimals (MariaDB rounds or pads to them) */
            ex_dec d;
            ex_dec_get(v, &d);
            ex_dec_round(&d, meta->decimals, EX_ROUND_HALF_UP, &d);
            n = ex_dec_to_text(&d, buf);
            break;
        }
        if (v->len || v->coll) {
            if (v->len && !v->coll) { *out = v->p; return v->len; }   /* the text as it is */
            if (cap >= EX_DEC_TEXT_MAX) { n = ex_dec_value_text(v, buf); break; }
            char tmp[EX_DEC_TEXT_MAX];
            n = ex_dec_value_text(v, tmp);
            if (n >= cap) n = cap ? cap - 1 : 0;
            memcpy(buf, tmp, n);
            if (cap) buf[n] = 0;
            break;
        }
        n = fmt_decimal(v->i, v->scale, buf);
        break;
    case VT_DOUBLE:
        if (meta && meta->decimals < 31 && (meta->type == MYSQL_TYPE_DOUBLE || meta->type == MYSQL_TYPE_FLOAT))
            n = fmt_fixed(v->d, meta->decimals, buf, cap);
        else if (meta && meta->type == MYSQL_TYPE_FLOAT) {
            /* a FLOAT shows 6 significant digits, laid out as a double is (123457000,
               1e20, 0.000012345) */
            char t6[40];
            snprintf(t6, sizeof t6, "%.6g", (double)(float)v->d);
            n = ex_fmt_double(strtod(t6, NULL), buf, cap);
        }
        else n = ex_fmt_double(v->d, buf, cap);
        break;
    case VT_DATETIME: case VT_DATE: n = fmt_datetime(v, buf, cap); break;
    case VT_TIME: n = fmt_time(v, buf, cap); break;
    default: n = 0; break;
    }
    if (n >= cap) n = cap ? cap - 1 : 0;   /* snprintf cut it: never report more than was written */
    if (meta && (meta->flags & ZEROFILL_FLAG) && n < meta->length && (v->t == VT_INT || v->t == VT_UINT)) {
        size_t pad = meta->length - n;
        if (meta->length < cap) {
            memmove(buf + pad, buf, n);
            memset(buf, '0', pad);
            n = meta->length;
        }
    }
    return n;
}

const char *ex_to_str(stor_arena *a, const pdb_value *v, size_t *len)
{
    if (v->t == VT_STRING) { *len = v->len; return v->p ? v->p : ""; }
    if (v->t == VT_NULL) { *len = 0; return ""; }
    char buf[PDB_VALUE_TEXT_MAX];
    const char *o;
    *len = pdb_value_text(v, NULL, buf, sizeof buf, &o);
    if (o != buf) return o;
    return stor_arena_strndup(a, buf, *len);   /* only the bytes it needs */
}

int ex_parse_datetime(const char *s, size_t n, int64_t *out, bool *is_date)
{
    int f[7] = { 0 };
    size_t i = 0;
    while (i < n && isspace((unsigned char)s[i])) i++;
    /* compact forms: YYYYMMDD[HHMMSS] */
    size_t j = i;
    while (j < n && isdigit((unsigned char)s[j])) j++;
    if (j == n && (j - i == 8 || j - i == 14 || j - i == 6 || j - i == 12)) {
        const char *p = s + i;
        size_t len = j - i;
        int yl = (len == 8 || len == 14) ? 4 : 2;
        int y = 0;
        for (int k = 0; k < yl; k++) y = y * 10 + (p[k] - '0');
        if (yl == 2) y += y < 70 ? 2000 : 1900;
        f[0] = y;
        p += yl;
        f[1] = (p[0] - '0') * 10 + (p[1] - '0');
        f[2] = (p[2] - '0') * 10 + (p[3] - '0');
        if (len > 8 || len == 12) {
            p += 4;
            f[3] = (p[0] - '0') * 10 + (p[1] - '0');
            f[4] = (p[2] - '0') * 10 + (p[3] - '0');
            f[5] = (p[4] - '0') * 10 + (p[5] - '0');
            *is_date = false;
        } else *is_date = true;
        if (f[1] > 12 || f[2] > 31 || f[3] > 23 || f[4] > 59 || f[5] > 59) return -1;
        *out = pdb_dt_pack(f[0], f[1], f[2], f[3], f[4], f[5], 0);
        return 0;
    }
    int k = 0;
    int ylen = 0;
    bool trunc = false;   /* a valid date (and time so far) before other characters */
    while (i < n && k < 7) {
        if (!isdigit((unsigned char)s[i])) {
            if (k < 3) return -1;
            trunc = true;
            break;
        }
        int v = 0, nd = 0;
        while (i < n && isdigit((unsigned char)s[i])) {
            if (k == 6) { if (nd < 6) v = v * 10 + (s[i] - '0'); }
            else if (v < 100000000) v = v * 10 + (s[i] - '0');   /* more digits: invalid anyway */
            nd++; i++;
        }
        if (k == 0) ylen = nd;
        if (k == 6) while (nd < 6) { v *= 10; nd++; }
        f[k++] = v;
        if (i >= n) break;
        char c = s[i];
        if (k < 3 && (c == '-' || c == '/' || c == '.' || c == ':')) { i++; continue; }
        if (k == 3 && (c == ' ' || c == 'T')) { i++; while (i < n && s[i] == ' ') i++; continue; }
        if (k >= 4 && k < 6 && c == ':') { i++; continue; }
        if (k == 6 && c == '.') { i++; continue; }
        if (isspace((unsigned char)c)) {
            while (i < n && isspace((unsigned char)s[i])) i++;
            if (i < n) {
                if (k < 3) return -1;
                trunc = true;
            }
            break;
        }
        if (k < 3) return -1;
        trunc = true;
        break;
    }
    if (k == 7 && i < n) trunc = true;   /* (past the fraction) */
    if (k < 3) return -1;
    if (ylen <= 2) f[0] += f[0] < 70 ? 2000 : 1900;
    if (f[0] > 9999 || f[1] > 12 || f[2] > 31 || f[3] > 23 || f[4] > 59 || f[5] > 59) return -1;
    if (f[1] && f[2]) {   /* the day must exist in that month (zero parts are allowed) */
        static const int dim[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
        bool leap = (f[0] % 4 == 0 && f[0] % 100 != 0) || f[0] % 400 == 0;
        if (f[2] > dim[f[1] - 1] || (f[1] == 2 && f[2] == 29 && !leap)) return -1;
    }
    *is_date = k == 3;
    *out = pdb_dt_pack(f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
    return trunc ? 1 : 0;
}

static bool is_temporal(uint8_t t) { return t == VT_DATETIME || t == VT_DATE; }

static int cmp_dbl(double a, double b) { return a < b ? -1 : a > b; }

int ex_compare(const pdb_value *a, const pdb_value *b, uint16_t coll)
{
    if (a->t == VT_STRING && b->t == VT_STRING && (a->scale == EX_BITVAL || b->scale == EX_BITVAL)) {
        /* a BIT column is a number against a string too (Field_bit: INT_RESULT) */
        pdb_value x = ex_int(0), y = ex_int(0);
        x.t = y.t = VT_UINT;
        if (a->scale == EX_BITVAL) { x.u = ex_hexnum_u64(a); a = &x; }
        if (b->scale == EX_BITVAL) { y.u = ex_hexnum_u64(b); b = &y; }
        return ex_compare(a, b, coll);
    }
    if (a->t == VT_STRING && b->t == VT_STRING)
        return pdb_coll_cmp(coll ? coll : a->coll, a->p, a->len, b->p, b->len);
    if (ex_is_hexnum(a) || ex_is_hexnum(b)) {
        /* a hexadecimal literal against a number: as the unsigned integer it is */
        pdb_value h = ex_int(0);
        h.t = VT_UINT;
        h.u = ex_hexnum_u64(ex_is_hexnum(a) ? a : b);
        return ex_is_hexnum(a) ? ex_compare(&h, b, coll) : ex_compare(a, &h, coll);
    }
    if ((a->t == VT_STRING && a->scale == EX_JSONVAL) != (b->t == VT_STRING && b->scale == EX_JSONVAL)) {
        /* JSON_EXTRACT's result against a number: the value it holds (a string's
           characters, read as a number with the usual warning; true 1; else 0) */
        const pdb_value *j = a->t == VT_STRING && a->scale == EX_JSONVAL ? a : b;
        pdb_value x;
        size_t i = 0;
        while (i < j->len && (j->p[i] == ' ' || j->p[i] == '\t' || j->p[i] == '\n' || j->p[i] == '\r')) i++;
        if (i < j->len && j->p[i] == '"') {   /* the characters between the quotes */
            size_t k = i + 1;
            while (k < j->len && j->p[k] != '"') k += j->p[k] == '\\' ? 2 : 1;
            x = ex_str(j->p + i + 1, (k < j->len ? k : j->len) - i - 1, j->coll);
        }
        else if (i < j->len && (j->p[i] == '-' || (j->p[i] >= '0' && j->p[i] <= '9'))) { x = *j; x.scale = 0; }
        else x = ex_int(i < j->len && j->p[i] == 't');
        return j == a ? ex_compare(&x, b, coll) : ex_compare(a, &x, coll);
    }
    if (a->t == VT_INT && b->t == VT_INT) return a->i < b->i ? -1 : a->i > b->i;
    if ((a->t == VT_UINT || a->t == VT_INT) && (b->t == VT_UINT || b->t == VT_INT)) {
        if (a->t == VT_INT && a->i < 0) return -1;
        if (b->t == VT_INT && b->i < 0) return 1;
        return a->u < b->u ? -1 : a->u > b->u;
    }
    if (is_temporal(a->t) && is_temporal(b->t)) return a->i < b->i ? -1 : a->i > b->i;
    if (is_temporal(a->t) || is_temporal(b->t)) {
        const pdb_value *t = is_temporal(a->t) ? a : b, *o = t == a ? b : a;
        if (o->t == VT_STRING) {
            int64_t ov; bool isd;
            int pr = ex_parse_datetime(o->p, o->len, &ov, &isd);
            if (pr >= 0) {
                if (pr && ex_conv_ctx)   /* ('2016-01-15T00:00:00Z': the date and time before the Z) */
                    ex_warn(ex_conv_ctx, "Warning", 1292, "Truncated incorrect %s value: '%s'", isd ? "date" : "datetime", ex_errconv_bin(ex_conv_ctx->a, o->p, (size_t)(o->len > 128 ? 128 : o->len)));
                int r = t->i < ov ? -1 : t->i > ov;
                return t == a ? r : -r;
            }
        } else if (o->t == VT_INT || o->t == VT_UINT || o->t == VT_DECIMAL || o->t == VT_DOUBLE) {
            char buf[32];
            /* (its integer part: 20000101.5 is 2000-01-01) */
            long long iv = o->t == VT_DECIMAL && !o->len ? (long long)(o->i / ex_pow10[o->scale]) :
                           o->t == VT_DOUBLE ? (fabs(o->d) < 9.2e18 ? (long long)o->d : -1) : (long long)ex_to_int(o);
            int n = snprintf(buf, sizeof buf, "%lld", iv);
            int64_t ov; bool isd;
            if (iv == 0) ov = 0;   /* (0: the zero date, quietly) */
            else if (ex_parse_datetime(buf, (size_t)n, &ov, &isd) != 0 && t->t != VT_TIME) {
                /* not a date: MariaDB compares the zero date, with a warning */
                if (ex_conv_ctx) {
                    char txt[64];
                    const char *tp;
                    size_t k = pdb_value_text(o, NULL, txt, sizeof txt, &tp);
                    ex_warn(ex_conv_ctx, "Warning", 1292, "Truncated incorrect datetime value: '%.*s'", (int)k, tp);
                }
                ov = 0;
                isd = false;
            } else if (t->t == VT_TIME) goto numeric;
            int r = t->i < ov ? -1 : t->i > ov;
            return t == a ? r : -r;
        }
        if (o->t == VT_STRING && ex_conv_ctx)
            ex_warn(ex_conv_ctx, "Warning", 1292, "Truncated incorrect datetime value: '%.*s'", (int)(o->len > 128 ? 128 : o->len), o->p);
    numeric:
        return cmp_dbl(to_double_raw(a), to_double_raw(b));
    }
    if ((a->t == VT_DECIMAL || b->t == VT_DECIMAL) && (a->len || b->len || a->t == VT_UINT || b->t == VT_UINT || a->coll || b->coll) &&
        a->t != VT_STRING && b->t != VT_STRING && a->t != VT_DOUBLE && b->t != VT_DOUBLE) {
        /* a wide decimal, a decimal against BIGINT UNSIGNED, or a quotient (compared at
           the decimals it shows, as MariaDB rounds both sides): exactly */
        ex_dec x, y;
        ex_dec_get_shown(a, &x);
        ex_dec_get_shown(b, &y);
        return ex_dec_cmp(&x, &y);
    }
    if ((a->t == VT_DECIMAL || a->t == VT_INT) && (b->t == VT_DECIMAL || b->t == VT_INT)) {
        int sa = a->t == VT_DECIMAL ? a->scale : 0, sb = b->t == VT_DECIMAL ? b->scale : 0;
        int s = sa > sb ? sa : sb;
        __int128 x = (__int128)a->i * ex_pow10[s - sa], y = (__int128)b->i * ex_pow10[s - sb];
        return x < y ? -1 : x > y;
    }
    if (a->t == VT_TIME && b->t == VT_TIME) return a->i < b->i ? -1 : a->i > b->i;
    /* a string against a number: compared as numbers, warning when it is not one */
    const pdb_value *sv = a->t == VT_STRING ? a : b->t == VT_STRING ? b : NULL, *nv = sv == a ? b : a;
    if (sv && sv != nv) ex_conv_check(sv, nv->t == VT_DOUBLE ? "DOUBLE" : "DECIMAL");
    return cmp_dbl(to_double_raw(a), to_double_raw(b));
}

uint64_t ex_hash_value(const pdb_value *v, uint16_t coll)
{
    switch (v->t) {
    case VT_NULL: return 0x9e37;
    case VT_STRING: return pdb_coll_hash(coll ? coll : v->coll, v->p, v->len);
    case VT_DOUBLE: { double d = v->d == 0 ? 0 : v->d; uint64_t u; memcpy(&u, &d, 8); return u * 0x9e3779b97f4a7c15ull; }
    case VT_DECIMAL: {
        /* normalise: strip trailing zeros so 1.50 and 1.5 hash alike */
        int64_t x = v->i; int s = v->scale;
        if (v->len || (v->coll && v->coll != EX_DEC_AS_IS)) {   /* (as compared: see ex_compare) */
            ex_dec d;
            ex_dec_get_shown(v, &d);
            char buf[EX_DEC_TEXT_MAX];
            size_t n = ex_dec_to_text(&d, buf);
            if (d.scale) { while (buf[n - 1] == '0') n--; if (buf[n - 1] == '.') n--; }
            /* a value that fits the narrow form hashes as the narrow form does */
            size_t digits = 0, sc = 0; bool dot = false;
            for (size_t k = 0; k < n; k++) {
                if (buf[k] == '.') dot = true;
                else if (buf[k] != '-') { if (digits || buf[k] != '0') digits++; if (dot) sc++; }
            }
            if (digits > 18 || sc > 18) return pdb_coll_hash(COLL_BINARY, buf, n) ^ 0x5bd1e995ull;
            int64_t acc = 0;
            for (size_t k = 0; k < n; k++) if (buf[k] >= '0' && buf[k] <= '9') acc = acc * 10 + (buf[k] - '0');
            x = buf[0] == '-' ? -acc : acc;
            s = (int)sc;
        }
        while (s > 0 && x % 10 == 0) { x /= 10; s--; }
        if (s == 0) return (uint64_t)x * 0x9e3779b97f4a7c15ull;
        return ((uint64_t)x ^ ((uint64_t)s << 56)) * 0x9e3779b97f4a7c15ull;
    }
    default: return (uint64_t)v->i * 0x9e3779b97f4a7c15ull;
    }
}

bool ex_values_equal(const pdb_value *a, const pdb_value *b, uint16_t coll)
{
    if (a->t == VT_NULL || b->t == VT_NULL) return a->t == b->t;
    return ex_compare(a, b, coll) == 0;
}

pdb_value ex_persist(stor_arena *a, const pdb_value *v)
{
    pdb_value r = *v;
    if ((v->t == VT_STRING || v->t == VT_DECIMAL) && v->len) {   /* strings and wide decimals */
        char *p = stor_arena_alloc(a, v->len);
        memcpy(p, v->p, v->len);
        r.p = p;
    }
    return r;
}

bool ex_like_ci(const char *s, const char *pat)
{
    return ex_like(s, strlen(s), pat, strlen(pat), '\\', COLL_UTF8MB3_GENERAL_CI);
}

bool ex_equal(const pdb_value *a, const pdb_value *b, uint16_t coll)
{
    if (a->t == VT_STRING && b->t == VT_STRING && a->scale != EX_BITVAL && b->scale != EX_BITVAL)
        return pdb_coll_eq(coll ? coll : a->coll, a->p, a->len, b->p, b->len);
    if (a->t == VT_INT && b->t == VT_INT) return a->i == b->i;
    return ex_compare(a, b, coll) == 0;
}

/* Digits beyond this stop adding to a TIME part (it is no time already: days or hours
 * from 2^32-1 on are refused as MariaDB refuses them), and hours beyond TIME_HOURS_CAP
 * count as that many: both keep the arithmetic below from overflowing. */
#define TIME_DIGITS_CAP 100000000000LL
#define TIME_HOURS_CAP  100000000LL

/* TIME text: [-][D ]H[H..]:MM[:SS[.ffffff]], or [-]HHMMSS[.ffffff] digits, or a
 * datetime (its time part). Microseconds out; 0 or -1. Reads only s[0..n). */
int ex_parse_time(const char *s, size_t n, int64_t *out)
{
    size_t i = 0;
    while (i < n && isspace((unsigned char)s[i])) i++;
    bool neg = false;
    if (i < n && s[i] == '-') { neg = true; i++; }
    if (memchr(s + i, '-', n - i)) {   /* a date in front: use the datetime's time */
        int64_t dt; bool isd;
        if (ex_parse_datetime(s, n, &dt, &isd) != 0) return -1;
        int y, mo, d, h, mi, se, us;
        pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &se, &us);
        *out = ((int64_t)h * 3600 + mi * 60 + se) * 1000000 + us;
        return 0;
    }
    int64_t f[4] = { 0 };
    int k = 0, nd = 0;
    int64_t days = 0, frac = 0;
    bool colon = memchr(s + i, ':', n - i) != NULL;
    if (!colon) {
        /* HHMMSS / MMSS / SS */
        int64_t v = 0;
        while (i < n && isdigit((unsigned char)s[i])) { if (v < TIME_DIGITS_CAP) v = v * 10 + (s[i] - '0'); i++; nd++; }
        if (!nd) return -1;
        f[0] = v / 10000; f[1] = (v / 100) % 100; f[2] = v % 100;
    } else {
        /* optional "D " day prefix */
        size_t j = i;
        while (j < n && isdigit((unsigned char)s[j])) j++;
        if (j < n && s[j] == ' ' && j > i) {
            for (size_t q = i; q < j; q++) if (days < TIME_DIGITS_CAP) days = days * 10 + (s[q] - '0');
            i = j + 1;
        }
        while (i < n && k < 3) {
            if (!isdigit((unsigned char)s[i])) return -1;
            int64_t v = 0;
            while (i < n && isdigit((unsigned char)s[i])) { if (v < TIME_DIGITS_CAP) v = v * 10 + (s[i] - '0'); i++; }
            f[k++] = v;
            if (i < n && s[i] == ':' && k < 3) { i++; continue; }
            break;
        }
        if (k < 2) return -1;
    }
    if (i < n && s[i] == '.') {
        i++;
        int fd = 0;
        while (i < n && isdigit((unsigned char)s[i])) { if (fd < 6) { frac = frac * 10 + (s[i] - '0'); fd++; } i++; }
        while (fd < 6) { frac *= 10; fd++; }
    }
    while (i < n && isspace((unsigned char)s[i])) i++;
    if (i < n) return -1;
    if (f[1] > 59 || f[2] > 59) return -1;
    if (days >= 4294967295LL || f[0] >= 4294967295LL) return -1;   /* MariaDB: not a time */
    int64_t hours = days * 24 + f[0];
    if (hours > TIME_HOURS_CAP) hours = TIME_HOURS_CAP;
    int64_t us = (hours * 3600 + f[1] * 60 + f[2]) * 1000000 + frac;
    *out = neg ? -us : us;
    return 0;
}

/* ---------------------------------------------------------------- text as a TIME
 * MariaDB's reading of text where a TIME is wanted (str_to_datetime_or_date_or_time in
 * sql-common/my_time.c, 10.11): trailing letters and spaces are cut first; text that may
 * be a date ('2020-01-02 10:11:12', 12 characters or more, or a 'T') is read as one, and
 * else as [-][D ]H:MM:SS[.frac] or [H..]HMMSS. What a prefix holds is kept ('12abc' is
 * 00:00:12, cut); ts_* below follow its helpers one by one. Only ASCII counts as space
 * or punctuation (MariaDB reads latin1's). */

static bool ts_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static bool ts_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool ts_punct(unsigned char c) { return c > ' ' && c < 0x7f && !isalnum(c); }

/* Digits at *p (at most until end) into *v, counted in *fields; 1 when no digit is there
 * (0 at the end: nothing to read). 32-bit arithmetic, as MariaDB's uint. */
static int ts_number(uint32_t *v, unsigned *fields, const char **p, const char *end)
{
    const char *q = *p;
    if (q >= end) return 0;
    if (!ts_digit((unsigned char)*q)) return 1;
    uint32_t x = (uint32_t)(*q++ - '0');
    while (q < end && ts_digit((unsigned char)*q)) x = x * 10 + (uint32_t)(*q++ - '0');
    *v = x; *p = q; (*fields)++;
    return 0;
}

static int ts_digits(uint32_t *v, unsigned *fields, const char **p, const char *end, size_t len)
{
    return ts_number(v, fields, p, (size_t)(end - *p) < len ? end : *p + len);
}

static int ts_punct_at(const char **p, const char *end)
{
    if (*p >= end) return 0;
    if (!ts_punct((unsigned char)**p)) return 1;
    (*p)++;
    return 0;
}

/* Up to six fraction digits as microseconds; a seventh and more are cut (a Note). */
static uint32_t ts_micro(ex_time_scan *r, const char **p, const char *end)
{
    const char *start = *p;
    uint32_t v = 0;
    unsigned f = 0;
    if (ts_digits(&v, &f, p, end, 6)) r->trunc = true;
    for (size_t k = (size_t)(*p - start); k < 6; k++) v *= 10;
    bool more = false;
    while (*p < end && ts_digit((unsigned char)**p)) { (*p)++; more = true; }
    if (more) r->note = true;
    return v;
}

static bool ts_datetime_candidate(const char *s, size_t n)
{
    if (n >= 12) return true;
    if (n < 6) return false;
    unsigned punct = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == 'T') return true;
        if (s[i] == ' ') return punct > 0;
        if (ts_punct((unsigned char)s[i])) punct++;
    }
    return false;
}

/* check_date's month length: year 0 is no leap year */
static uint32_t ts_mdays(uint32_t y, uint32_t mo)
{
    static const uint8_t days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    bool leap = (y & 3) == 0 && (y % 100 || (y % 400 == 0 && y));
    return mo == 2 && leap ? 29 : days[mo - 1];
}

static bool ts_has(const char *s, const char *e, char c) { return memchr(s, c, (size_t)(e - s)) != NULL; }

/* The text as a date or datetime (str_to_datetime_or_date_body, a punctuation mark not
 * taken as the date/time separator): 0 none, 1 error, 2 date, 3 datetime; *fields and
 * *endp as MariaDB's. */
static int ts_datetime(const char *s, const char *end, bool invalid_dates_ok, ex_time_scan *r,
                       unsigned *fields, const char **endp)
{
    uint32_t y = 0, mo = 0, d = 0, h = 0, mi = 0, se = 0, us = 0;
    const char *p = s, *pos = s;
    bool warn = false;
    size_t digits = 0, ylen;
    *fields = 0;
    while (pos < end && ts_digit((unsigned char)*pos)) pos++, digits++;
    if (pos < end && *pos == 'T') { pos++; while (pos < end && ts_digit((unsigned char)*pos)) pos++, digits++; }
    if (pos < end && *pos == '.' && digits >= 12) { pos++; while (pos < end && ts_digit((unsigned char)*pos)) pos++; }
    if (pos == end) {   /* digits alone: [YY]YYMMDD[T][hhmmss] */
        ylen = (digits == 4 || digits == 8 || digits >= 14) ? 4 : 2;
        if (ts_digits(&y, fields, &p, end, ylen) || ts_digits(&mo, fields, &p, end, 2) ||
            ts_digits(&d, fields, &p, end, 2) || ((p < end && *p == 'T') ? (p++, 0) : 0) ||
            ts_digits(&h, fields, &p, end, 2) || ts_digits(&mi, fields, &p, end, 2) ||
            ts_digits(&se, fields, &p, end, 2))
            warn = true;
    } else {
        const char *y0 = p;
        if (ts_number(&y, fields, &p, end)) warn = true;
        ylen = (size_t)(p - y0);
        if (!warn) {
            int bad = ts_punct_at(&p, end) || ts_number(&mo, fields, &p, end) || ts_punct_at(&p, end) ||
                      ts_number(&d, fields, &p, end);
            if (!bad && p < end) {   /* the date/time separator: 'T' or spaces; a mark ends it all */
                if (*p == 'T') p++;
                else if (ts_punct((unsigned char)*p)) { *fields = 0; bad = 1; }
                else if (!ts_space((unsigned char)*p)) bad = 1;
                else while (p < end && ts_space((unsigned char)*p)) p++;
            }
            if (!bad)
                bad = ts_number(&h, fields, &p, end) || ts_punct_at(&p, end) || ts_number(&mi, fields, &p, end) ||
                      ts_punct_at(&p, end) || ts_number(&se, fields, &p, end);
            if (bad) warn = true;
        }
    }
    if (warn) r->trunc = true;
    *endp = p;
    if (*fields < 3) { r->trunc = true; return 0; }
    if (!warn && p < end && *p == '.') { p++; us = ts_micro(r, &p, end); *endp = p; }
    bool nonzero = y || mo || d || h || mi || se || us;
    if (ylen == 2 && nonzero) y += y < 70 ? 2000 : 1900;
    if (y > 9999 || mo > 12 || d > 31 || h > 23 || mi > 59 || se > 59) { r->trunc = true; return 1; }
    if (nonzero && !invalid_dates_ok && mo && d > ts_mdays(y, mo)) return 1;
    if (p != end) { r->trunc = true; r->note = false; }
    r->us = ((int64_t)h * 3600 + mi * 60 + se) * 1000000 + us;
    r->date_part = y || mo || d;
    return *fields <= 3 ? 2 : 3;
}

/* [D ]H:MM:SS[.frac] or [H..]HMMSS[.frac] (str_to_DDhhmmssff_internal): false on error. */
static bool ts_ddhhmmss(const char *s, const char *end, uint64_t max_hour, ex_time_scan *r)
{
    uint64_t date[5] = { 0 }, v = 0;
    const char *p = s;
    int state;
    for (; p < end && ts_digit((unsigned char)*p); p++) {
        v = v * 10 + (uint64_t)(*p - '0');
        if (v >= 42949672955959ULL) { r->range = true; return false; }   /* UINT32_MAX:59:59 */
    }
    const char *end_of_days = p;
    while (p < end && ts_space((unsigned char)*p)) p++;
    if (end - p > 1 && p != end_of_days && ts_digit((unsigned char)*p)) {
        date[0] = v; state = 1;
    } else if (end - p > 1 && *p == ':' && ts_digit((unsigned char)p[1])) {
        if (v >= UINT32_MAX) { r->range = true; return false; }
        date[1] = v; state = 2; p++;
    } else {
        date[1] = v / 10000; date[2] = v / 100 % 100; date[3] = v % 100;
        state = 4;
    }
    if (state != 4) {
        for (;;) {
            for (v = 0; p < end && ts_digit((unsigned char)*p); p++) v = v * 10 + (uint64_t)(*p - '0');
            date[state++] = v;
            if (state == 4 || end - p < 2 || *p != ':' || !ts_digit((unsigned char)p[1])) break;
            p++;
        }
    }
    if (p < end && *p == '.') { p++; date[4] = ts_micro(r, &p, end); }
    if (end - p > 1 && (*p == 'e' || *p == 'E') &&
        (ts_digit((unsigned char)p[1]) || ((p[1] == '-' || p[1] == '+') && end - p > 2 && ts_digit((unsigned char)p[2])))) {
        r->trunc = true;
        return false;
    }
    for (int k = 0; k < 5; k++) if (date[k] > UINT32_MAX) { r->range = true; return false; }
    if (date[0] * 24 + date[1] > UINT32_MAX) { r->range = true; return false; }
    uint64_t hour = date[1] + date[0] * 24;
    if (date[2] >= 60 || date[3] >= 60) { r->trunc = true; return false; }
    if (hour > max_hour) {
        hour = max_hour; date[2] = date[3] = 59; date[4] = 999999;
        r->range = true;
    }
    r->us = (int64_t)((hour * 3600 + date[2] * 60 + date[3]) * 1000000 + date[4]);
    if (p != end) r->trunc = true;
    return true;
}

void ex_scan_time(const char *s, size_t n, uint64_t max_hour, bool invalid_dates_ok, ex_time_scan *r)
{
    memset(r, 0, sizeof *r);
    const char *p = s, *end = s + n;
    while (p < end && ts_space((unsigned char)*p)) p++;
    bool neg = false;
    if (p < end && (*p == '-' || *p == '+')) neg = *p++ == '-';
    while (p < end && ts_space((unsigned char)*p)) p++;
    while (end > p) {   /* trailing spaces go quietly, letters as a cut; a 'T' after a digit stays */
        unsigned char c = (unsigned char)end[-1];
        if (ts_digit(c) || ts_punct(c)) break;
        if (!ts_space(c)) {
            if (c == 'T' && end - p >= 2 && ts_digit((unsigned char)end[-2])) break;
            r->trunc = true;
        }
        end--;
    }
    if (p == end || !ts_digit((unsigned char)*p)) { r->kind = EX_TS_ERROR; return; }
    bool cut = r->trunc;
    if (ts_datetime_candidate(p, (size_t)(end - p))) {
        unsigned fields;
        const char *used;
        int k = ts_datetime(p, end, invalid_dates_ok, r, &fields, &used);
        bool timeish = !ts_has(p, used, 'T') && ts_has(p, used, ':');
        if (k == 3 || (k == 2 && !timeish)) {
            r->kind = k == 3 ? EX_TS_DATETIME : EX_TS_DATE;
            if (neg) { r->range = true; r->kind = EX_TS_ERROR; }
            return;
        }
        if (k == 1 && (fields > 3 || !timeish)) { r->kind = EX_TS_ERROR; return; }
        memset(r, 0, sizeof *r);   /* read again as a time, with only the cut letters */
        r->trunc = cut;
    }
    if (!ts_ddhhmmss(p, end, max_hour, r)) { r->kind = EX_TS_ERROR; r->us = 0; return; }
    r->kind = EX_TS_TIME;
    if (neg) r->us = -r->us;
}

/* ---------------------------------------------------------------- numbers as temporals */

/* A number's sign, integer part (UINT64_MAX when larger) and first six fraction digits
 * as microseconds, cut (MariaDB's Sec6 of a decimal or double). */
void ex_number_parts(const pdb_value *v, bool *neg, uint64_t *nr, uint32_t *us)
{
    *neg = false; *nr = 0; *us = 0;
    if (v->t == VT_UINT) { *nr = v->u; return; }
    if (v->t == VT_INT) { *neg = v->i < 0; *nr = v->i < 0 ? (uint64_t)0 - (uint64_t)v->i : (uint64_t)v->i; return; }
    if (v->t == VT_DOUBLE) {
        double d = v->d;
        if (d != d) return;
        if ((*neg = d < 0)) d = -d;
        if (d >= 9223372036854775807.0) { *nr = INT64_MAX; return; }
        *nr = (uint64_t)d;
        *us = (uint32_t)((d - floor(d)) * 1000000);
        return;
    }
    ex_dec dec;   /* a decimal: its digits as shown */
    if (!ex_dec_get_shown(v, &dec)) return;
    char buf[EX_DEC_TEXT_MAX];
    size_t n = ex_dec_to_text(&dec, buf), i = 0;
    if (i < n && buf[i] == '-') { *neg = true; i++; }
    for (; i < n && buf[i] != '.'; i++) *nr = *nr > (UINT64_MAX - 9) / 10 ? UINT64_MAX : *nr * 10 + (uint64_t)(buf[i] - '0');
    int k = 0;
    if (i < n) for (i++; i < n && k < 6; i++, k++) *us = *us * 10 + (uint32_t)(buf[i] - '0');
    for (; k < 6; k++) *us *= 10;
    if (*neg && !*nr && !*us) *neg = false;
}

/* number_to_datetime_or_date (sql-common/my_time.c): [YY]YYMMDD or [YY]YYMMDDhhmmss
 * with the fraction us. EX_TS_DATE or EX_TS_DATETIME with *dt, *note for a date's
 * fraction dropped; EX_TS_ERROR when it is none (a Warning 1265 where it is stored). */
int ex_number_datetime(uint64_t nr, uint32_t us, bool invalid_dates_ok, int64_t *dt, bool *note)
{
    int kind = EX_TS_DATE;
    *note = false;
    if (nr == 0 || nr >= 10000101000000ULL) kind = EX_TS_DATETIME;
    else if (nr < 101) return EX_TS_ERROR;
    else if (nr <= 691231) nr = (nr + 20000000) * 1000000;
    else if (nr < 700101) return EX_TS_ERROR;
    else if (nr <= 991231) nr = (nr + 19000000) * 1000000;
    else if (nr < 10000101) return EX_TS_ERROR;
    else if (nr <= 99991231) nr *= 1000000;
    else if (nr < 101000000) return EX_TS_ERROR;
    else {
        kind = EX_TS_DATETIME;
        if (nr <= 691231235959ULL) nr += 20000000000000ULL;
        else if (nr < 700101000000ULL) return EX_TS_ERROR;
        else if (nr <= 991231235959ULL) nr += 19000000000000ULL;
    }
    uint64_t p1 = nr / 1000000, p2 = nr % 1000000;
    uint64_t y = p1 / 10000, mo = p1 % 10000 / 100, d = p1 % 100, h = p2 / 10000, mi = p2 % 10000 / 100, se = p2 % 100;
    if (y > 9999 || mo > 12 || d > 31 || h > 23 || mi > 59 || se > 59) return EX_TS_ERROR;
    if ((nr || us) && mo && !invalid_dates_ok && d > ts_mdays((uint32_t)y, (uint32_t)mo)) return EX_TS_ERROR;
    if (kind == EX_TS_DATE && us) { *note = true; us = 0; }
    *dt = pdb_dt_pack((int)y, (int)mo, (int)d, (int)h, (int)mi, (int)se, (int)us);
    return kind;
}

/* ---------------------------------------------------------------- YEAR constants */

/* Year of integer nr as a YEAR column stores it, or -1 when it cannot (Field_year::store:
 * negative, 100..1900, above 2155). zero_is_2000: 0 is 2000 (a string but '0000'). */
static int64_t year_of(int64_t nr, bool zero_is_2000)
{
    if (nr < 0 || (nr >= 100 && nr <= 1900) || nr > 2155) return -1;
    if (nr == 0) return zero_is_2000 ? 2000 : 0;
    return nr < 70 ? nr + 2000 : nr < 100 ? nr + 1900 : nr;
}

bool ex_year_const(const pdb_value *v, int64_t *year)
{
    int64_t y = -1;
    if (ex_is_hexnum(v)) {
        uint64_t u = v->len > 8 ? UINT64_MAX : ex_hexnum_u64(v);
        if (u <= 2155) y = year_of((int64_t)u, false);
    } else if (v->t == VT_INT) y = year_of(v->i, false);
    else if (v->t == VT_UINT) { if (v->u <= 2155) y = year_of((int64_t)v->u, false); }
    else if (v->t == VT_DOUBLE) {   /* truncated (Field_year::store(double)) */
        if (v->d >= 0.0 && v->d <= 2155.0) y = year_of((int64_t)v->d, false);
    } else if (v->t == VT_DECIMAL) {   /* rounded; any negative does not fit (unsigned) */
        ex_dec d;
        int64_t x;
        if (ex_dec_get(v, &d) && !(d.neg && !ex_dec_is_zero(&d)) && ex_dec_to_i64(&d, &x) == 0) y = year_of(x, false);
    } else if (v->t == VT_STRING) {
        /* its leading number rounded (strntoull10rnd); none at all does not fit (check_int) */
        size_t i = 0;
        while (i < v->len && isspace((unsigned char)v->p[i])) i++;
        if (i < v->len && (v->p[i] == '-' || v->p[i] == '+')) i++;
        bool digits = i < v->len && (isdigit((unsigned char)v->p[i]) ||
                                     (v->p[i] == '.' && i + 1 < v->len && isdigit((unsigned char)v->p[i + 1])));
        if (digits) {
            bool tr;
            double d = ex_str_to_double(v->p, v->len, &tr);
            double r = d < 0 ? -floor(-d + 0.5) : floor(d + 0.5);
            if (r >= 0 && r <= 2155) y = year_of((int64_t)r, !(r == 0 && v->len == 4));
        }
    }
    if (y < 0) return false;
    *year = y;
    return true;
}
