/* func_string.c - string functions: CONCAT, SUBSTRING, TRIM, LPAD, LOCATE, REPLACE, HEX, BASE64,
 * REGEXP_*, SOUNDEX, MAKE_SET/EXPORT_SET, WEIGHT_STRING and the rest.
 * Each SQL function is a body (fn_*), a type rule (ty_*) and a row of the table at the
 * end (ARCHITECTURE.md "Function registry"). */
#include "engine/func_int.h"
#include <ctype.h>
#include <openssl/evp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ustring.h>

static void ty_concat(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    uint32_t len = 0;
    for (int i = 0; i < n; i++) len += ex_fn_chars_of(&a[i]);
    ex_fn_t_str(t, len, ex_fn_coll_of(a, n));
    if (n && a[0].vt != VT_STRING && a[0].vt != VT_NULL && n == 1) ex_fn_t_str(t, len, COLL_UTF8MB4_GENERAL_CI);
}

/* SUBSTRING's characters as MariaDB's Item_func_substr counts them: from its argument's
 * bytes, not characters (VARCHAR(100) utf8mb4 from position 2 is VARCHAR(399)), less a
 * constant start's skip, at most a constant length. */
static uint32_t substring_chars(const ex_type *a, const pl_expr *e)
{
    uint64_t n = a->length;
    const pl_expr *from = e && e->nargs >= 2 ? e->args[1] : NULL, *len = e && e->nargs == 3 ? e->args[2] : NULL;
    if (from && from->kind == E_INT) {
        long long s = atoll(from->s);
        if (s < 0) n = (uint64_t)-s > n ? 0 : (uint64_t)-s;
        else n = s == 0 || (uint64_t)(s - 1) >= n ? 0 : n - (uint64_t)(s - 1);
    } else if (from && from->kind == E_NULL) n = 0;
    if (len && len->kind == E_INT) {
        long long k = atoll(len->s);
        if (k <= 0) n = 0;
        else if ((uint64_t)k < n) n = (uint64_t)k;
    } else if (len && len->kind == E_NULL) n = 0;
    return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

static void ty_substring(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    uint32_t chars = ex_fn_chars_of(&a[0]);
    /* a constant length bounds it: LEFT(s, 2) */
    const pl_expr *len = !e ? NULL : (fd->id == F_LEFT || fd->id == F_RIGHT) && e->nargs == 2 ? e->args[1] : NULL;
    if (len && len->kind == E_INT) {
        long long k = atoll(len->s);
        if (k < 0) k = 0;
        if ((uint64_t)k < chars) chars = (uint32_t)k;
    }
    if (fd->id == F_SUBSTRING) chars = substring_chars(&a[0], e);
    if (fd->id == F_LOWER && a[0].vt == VT_STRING) chars *= pdb_coll_casedn_multiply(a[0].coll);
    if (fd->id == F_UPPER && a[0].vt == VT_STRING) chars *= pdb_coll_caseup_multiply(a[0].coll);
    ex_fn_t_str(t, chars, a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
    if (fd->id == F_SUBSTRING && !(len && len->kind == E_INT) && a[0].vt == VT_STRING && a[0].ptype == MYSQL_TYPE_LONG_BLOB) {
        t->ptype = MYSQL_TYPE_LONG_BLOB; t->flags |= BLOB_FLAG;   /* SUBSTRING(@var, n): LONGTEXT still */
    }
}

static void ty_replace(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    /* the longest possible result, when the arguments tell it */
    uint64_t len = 16777216;
    const pl_expr *cnt = NULL;
    if (fd->id == F_LPAD || fd->id == F_RPAD) cnt = e ? e->args[1] : NULL;
    else if (fd->id == F_REPEAT) cnt = e ? e->args[1] : NULL;
    else if (fd->id == F_SPACE) cnt = e ? e->args[0] : NULL;
    if (fd->id == F_REPLACE) {
        uint64_t from = ex_fn_chars_of(&a[1]), to = ex_fn_chars_of(&a[2]);
        len = ex_fn_chars_of(&a[0]);
        if (to > from && from) len = len * to / from + 1;
        else if (to > from) len = len * (to ? to : 1);
    } else if (cnt && cnt->kind == E_NULL) {
        len = 0;   /* always NULL: MariaDB sizes it as empty */
    } else if (cnt && cnt->kind == E_INT) {
        long long k = atoll(cnt->s);
        len = k < 0 ? 0 : (uint64_t)k;
        if (fd->id == F_REPEAT) len *= ex_fn_chars_of(&a[0]);
    }
    if (len > 16777216) len = 16777216;
    ex_fn_t_str(t, (uint32_t)len, fd->id == F_SPACE ? COLL_UTF8MB4_GENERAL_CI : a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
}

/* A string argument's most bytes as MariaDB's Item counts them: a TEXT column counts its
 * bytes as characters (a utf8mb4 TEXT: 1,048,560) */
static uint64_t str_arg_bytes(const ex_type *a)
{
    const pdb_collation *co = pdb_coll_by_id(a->coll);
    bool text_col = a->from_column && a->vt == VT_STRING && a->coll != COLL_BINARY &&
                    a->ptype >= MYSQL_TYPE_TINY_BLOB && a->ptype <= MYSQL_TYPE_BLOB;
    return (uint64_t)a->length * (text_col && co ? co->maxlen : 1);
}

static void ty_hex(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    /* two digits a byte: a string's bytes in its charset; a number is an integer of 8 */
    uint64_t bytes = a[0].vt == VT_STRING ? str_arg_bytes(&a[0])
                   : a[0].vt == VT_INT || a[0].vt == VT_DOUBLE || a[0].vt == VT_DECIMAL ? 8 : ex_fn_chars_of(&a[0]);
    ex_fn_t_str(t, bytes * 2 > 1073741823u ? 1073741823u : (uint32_t)(bytes * 2), COLL_UTF8MB4_GENERAL_CI);   /* (4 bytes a character: no wrap) */
    t->dec0 = true;   /* (MariaDB's Item_func_hex) */
}

static void ty_to_base64(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    /* MariaDB's my_base64_needed_encoded_length of the argument's bytes, less its NUL:
       four characters per three bytes and a newline per 76 */
    uint64_t in = str_arg_bytes(&a[0]), b64 = in ? (in + 2) / 3 * 4 : 0;
    uint64_t chars = in ? b64 + (b64 - 1) / 76 : 0;
    ex_fn_t_str(t, chars > 16777215 ? 16777215 : (uint32_t)chars, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_char(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, (uint32_t)n * 4, e && e->coll ? e->coll : COLL_BINARY);
}

static void ty_elt(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    uint32_t mx = 0;
    for (int i = 1; i < n; i++) if (ex_fn_chars_of(&a[i]) > mx) mx = ex_fn_chars_of(&a[i]);
    ex_fn_t_str(t, mx, ex_fn_coll_of(a + 1, n - 1));
}

static void ty_strcmp(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 2);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_insert(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, ex_fn_chars_of(&a[0]) + ex_fn_chars_of(&a[3]), a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
}

static void ty_from_base64(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, ex_fn_chars_of(&a[0]) * 3 / 4 + 1, COLL_BINARY);
}

static void ty_weight_string(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    /* VARBINARY: the argument's characters (or AS CHAR(n)) times its weights' size */
    uint16_t co = a[0].vt == VT_STRING ? a[0].coll : COLL_LATIN1_SWEDISH_CI;
    uint32_t chars = e && e->ival > 0 ? (uint32_t)e->ival : ex_fn_chars_of(&a[0]);
    unsigned lv = pdb_coll_levels(co);   /* (AS CHAR(n) of several levels: MariaDB counts them twice) */
    ex_fn_t_str(t, chars * pdb_coll_weight_size(co) * lv * (e && e->ival > 0 ? lv : 1), COLL_BINARY);
}

static void ty_regexp_replace(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, ex_fn_chars_of(&a[0]) * (fd->id == F_REGEXP_REPLACE ? 2 : 1), a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
    if (fd->id == F_REGEXP_REPLACE) { t->ptype = MYSQL_TYPE_LONG_BLOB; t->length = 67108864; }   /* LONGTEXT as MariaDB shows it: no BLOB flag */
}

static void ty_regexp_instr(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 11);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_ord(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 10);
}

static void ty_unhex(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    /* (MariaDB's Item_func_unhex: half the argument's bytes, rounded up; decimals 0) */
    uint32_t bytes = a[0].vt == VT_STRING ? a[0].length : ex_fn_chars_of(&a[0]);
    ex_fn_t_str(t, bytes / 2 + (bytes & 1), COLL_BINARY);
    t->dec0 = true;
}

static void ty_quote(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    if (a[0].vt == VT_NULL) { ex_fn_t_str(t, 4, COLL_BINARY); return; }   /* QUOTE(NULL): the bytes NULL */
    ex_fn_t_str(t, ex_fn_chars_of(&a[0]) * 2 + 2, a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
}

static void ty_length(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 10);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_bit_length(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 21);
}

static void ty_locate(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 11);
    t->ptype = MYSQL_TYPE_LONG;
    if (fd->id == F_FIELD || fd->id == F_FIND_IN_SET) t->length = 3;
}

static void ty_ascii(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 3);
    t->ptype = MYSQL_TYPE_LONG;
}

static size_t char_count(const char *s, size_t n, bool mb)
{
    if (!mb) return n;
    size_t c = 0;
    for (size_t i = 0; i < n; i += ex_fn_u8len((unsigned char)s[i])) c++;
    return c;
}

/* The count argument of REPEAT, SPACE, LPAD and RPAD as MariaDB bounds it: an
 * unsigned value past INT64_MAX and anything above INT32_MAX count as INT32_MAX, so
 * the size checks against max_allowed_packet that follow cannot overflow. */
static int64_t count_arg(const pdb_value *v)
{
    if (v->t == VT_UINT && v->u > INT64_MAX) return INT32_MAX;
    int64_t k = ex_arg_int(v);
    return k > INT32_MAX ? INT32_MAX : k;
}

/* MariaDB's 1301 for a string function whose result would pass max_allowed_packet
 * (the function then returns NULL). */
static void warn_packet(ex_ctx *ctx, const char *fn)
{
    ex_warn(ctx, "Warning", 1301, "Result of %s() was larger than max_allowed_packet (%llu) - truncated",
            fn, (unsigned long long)ctx->s->max_allowed_packet);
}

static pdb_value case_map(ex_ctx *ctx, const pdb_value *v, bool upper)
{
    size_t n;
    const char *s = ex_to_str(ctx->a, v, &n);
    uint16_t coll = v->t == VT_STRING ? v->coll : ctx->s->coll_connection;
    if (coll == COLL_BINARY) return ex_fn_mkstr(ctx, s, n, coll);
    /* ICU full case mapping on UTF-16, as MariaDB's unicode collations map per character */
    char *out = stor_arena_alloc(ctx->a, n * 3 + 4);
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        UChar32 c;
        int32_t ii = (int32_t)i;
        if (!ex_fn_is_mb(coll)) { c = (unsigned char)s[i]; ii++; }
        else U8_NEXT((const uint8_t *)s, ii, (int32_t)n, c);
        if (c < 0) { out[o++] = s[i]; i++; continue; }
        UChar32 m = upper ? pdb_coll_toupper(coll, c) : pdb_coll_tolower(coll, c);
        if (!ex_fn_is_mb(coll)) { out[o++] = (char)(m < 256 ? m : c); }
        else { int32_t oo = (int32_t)o; U8_APPEND_UNSAFE((uint8_t *)out, oo, m); o = (size_t)oo; }
        i = (size_t)ii;
    }
    return ex_str(out, o, coll);
}

static int b64_value(int c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : -1;
}

static void fn_concat_ws(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l1;
    const char *s0, *s1;
    if (a[0].t == VT_NULL) return;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    size_t total = 0;
    for (int i = 1; i < n; i++) if (a[i].t != VT_NULL) { ex_to_str(ctx->a, &a[i], &l1); total += l1 + l0; }
    if (total > l0 && total - l0 > ctx->s->max_allowed_packet) { warn_packet(ctx, "concat_ws"); return; }
    char *o = stor_arena_alloc(ctx->a, total + 1);
    size_t k = 0;
    bool first = true;
    for (int i = 1; i < n; i++) {
        if (a[i].t == VT_NULL) continue;
        if (!first) { memcpy(o + k, s0, l0); k += l0; }
        s1 = ex_to_str(ctx->a, &a[i], &l1);
        memcpy(o + k, s1, l1); k += l1;
        first = false;
    }
    *out = ex_str(o, k, a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection);
}

static void fn_quote(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    if (a[0].t == VT_NULL) { *out = ex_fn_mkstr(ctx, "NULL", 4, e && e->args[0]->kind == E_NULL ? COLL_BINARY : ctx->s->coll_connection); return; }
    for (int i = 0; i < n; i++) if (a[i].t == VT_NULL) return;   /* NULL in, NULL out */
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    char *o = stor_arena_alloc(ctx->a, l0 * 2 + 3);
    size_t k = 0;
    o[k++] = '\'';
    for (size_t i = 0; i < l0; i++) {
        char c = s0[i];
        if (c == '\'' || c == '\\') { o[k++] = '\\'; o[k++] = c; }
        else if (c == 0) { o[k++] = '\\'; o[k++] = '0'; }
        else if (c == 0x1a) { o[k++] = '\\'; o[k++] = 'Z'; }
        else o[k++] = c;
    }
    o[k++] = '\'';
    *out = ex_str(o, k, a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection);
}

static void fn_field(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL) { *out = ex_int(0); return; }
    /* strings mixed with numbers compare as doubles (MariaDB's REAL comparison) */
    bool str = false, num = false;
    for (int i = 0; i < n; i++) {
        if (a[i].t == VT_STRING) str = true;
        else if (a[i].t != VT_NULL) num = true;
    }
    if (str && num) {
        double x = ex_to_double(&a[0]);
        for (int i = 1; i < n; i++)
            if (a[i].t != VT_NULL && ex_to_double(&a[i]) == x) { *out = ex_int(i); return; }
        *out = ex_int(0);
        return;
    }
    for (int i = 1; i < n; i++)
        if (a[i].t != VT_NULL && ex_compare(&a[0], &a[i], 0) == 0) { *out = ex_int(i); return; }
    *out = ex_int(0);
}

static void fn_elt(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL) return;
    int64_t k = ex_arg_int(&a[0]);
    if (k < 1 || k >= n) return;
    *out = a[k];
}

static void char_using(ex_ctx *ctx, uint16_t coll, const char *s, size_t n, size_t raw, pdb_value *out);

static void fn_char(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    char *o = stor_arena_alloc(ctx->a, (size_t)n * 4 + 1);
    size_t k = 0;
    int w = e && e->coll ? pdb_coll_wide(e->coll) : 0, unit = w == 32 ? 4 : w ? 2 : 1;
    size_t raw = 0;   /* (the numbers' own bytes: 1300 names as many) */
    for (int i = 0; i < n; i++) {
        if (a[i].t == VT_NULL) continue;   /* CHAR() skips NULLs */
        uint64_t v = (uint64_t)ex_arg_int(&a[i]);
        unsigned char b[4]; int m = 0;
        do { b[m++] = (unsigned char)(v & 0xff); v >>= 8; } while (v && m < 4);
        raw += (size_t)m;
        for (; m % unit; m++) b[m] = 0;   /* (USING utf32: each number whole units of its own) */
        while (m) o[k++] = (char)b[--m];
    }
    *out = ex_str(o, k, COLL_BINARY);
    if (e && e->coll && e->coll != COLL_BINARY) char_using(ctx, e->coll, o, k, raw, out);
}

/* CHAR(.. USING cs): the bytes read in cs; NULL (and 1300, naming in hex as many bytes
 * from the first bad one as the numbers had less those before it) when they are not all
 * characters of it, as MariaDB. */
static void char_using(ex_ctx *ctx, uint16_t coll, const char *s, size_t n, size_t raw, pdb_value *out)
{
    size_t bad, pad = 0;
    const char *b = s;
    pdb_value u = pdb_coll_transcoded(coll) ? ex_bytes_in_charset(ctx->a, s, n, coll, &bad)
                                            : ex_bytes_in_unicode(ctx->a, s, n, coll, &bad, &pad, &b);
    if (bad == SIZE_MAX) { *out = u; out->coll = coll; return; }   /* (latin1's: its text, HEX gives its bytes) */
    char hex[2 * 16 + 1];
    size_t k = 0;
    for (size_t i = bad; i < n && i < raw && k + 2 < sizeof hex; i++)
        k += (size_t)snprintf(hex + k, sizeof hex - k, "%02X", (unsigned char)b[i]);
    ex_warn(ctx, "Warning", 1300, "Invalid %s character string: '%s'", pdb_coll_by_id(coll)->charset, hex);
    *out = ex_null();
}

static void fn_weight_string(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* a number has none (NULL); a date or time weighs as its text */
    if (a[0].t == VT_NULL || a[0].t == VT_INT || a[0].t == VT_UINT || a[0].t == VT_DOUBLE || a[0].t == VT_DECIMAL) return;
    size_t len;
    const char *s = ex_to_str(ctx->a, &a[0], &len);
    uint16_t co = a[0].t == VT_STRING ? a[0].coll : COLL_LATIN1_SWEDISH_CI;
    uint32_t nw = e && e->ival > 0 ? (uint32_t)e->ival : 0;
    size_t cap = (nw > len + 1 ? nw : len + 1) * pdb_coll_weight_size(co) * pdb_coll_levels(co);   /* (czech: AS CHAR(n) cuts nothing) */
    uint8_t *o = stor_arena_alloc(ctx->a, cap + 1);
    *out = ex_str((const char *)o, pdb_coll_weight_string(co, s, len, nw, o, cap), COLL_BINARY);
}

static void fn_concat(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    size_t total = 0;
    uint16_t coll = COLL_UTF8MB4_GENERAL_CI;
    bool have = false;
    for (int i = 0; i < n; i++) {
        ex_to_str(ctx->a, &a[i], &l0); total += l0;
        if (a[i].t == VT_STRING && !have) { coll = a[i].coll; have = true; }
    }
    if (total > ctx->s->max_allowed_packet) { warn_packet(ctx, "concat"); return; }
    char *o = stor_arena_alloc(ctx->a, total + 1);
    size_t k = 0;
    for (int i = 0; i < n; i++) { s0 = ex_to_str(ctx->a, &a[i], &l0); memcpy(o + k, s0, l0); k += l0; }
    *out = ex_str(o, k, have ? coll : ctx->s->coll_connection);
}

static void fn_substring(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
    bool mb = ex_fn_is_mb(coll);
    int64_t pos = ex_arg_int(&a[1]);
    size_t nch = char_count(s0, l0, mb);
    int64_t len = n > 2 ? ex_arg_int(&a[2]) : (int64_t)nch;
    if (pos == 0 || len <= 0) { *out = ex_str("", 0, coll); return; }
    int64_t start = pos > 0 ? pos - 1 : (int64_t)nch + pos;
    if (start < 0 || start >= (int64_t)nch) { *out = ex_str("", 0, coll); return; }
    size_t b = ex_fn_char_off(s0, l0, (size_t)start, mb);
    size_t e2 = (uint64_t)len >= nch ? l0 : ex_fn_char_off(s0, l0, (size_t)(start + len), mb);
    *out = ex_str(s0 + b, e2 - b, coll);
}

static void fn_left(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
    bool mb = ex_fn_is_mb(coll);
    int64_t k = ex_arg_int(&a[1]);
    size_t nch = char_count(s0, l0, mb);
    if (k <= 0) { *out = ex_str("", 0, coll); return; }
    if ((uint64_t)k >= nch) { *out = ex_str(s0, l0, coll); return; }
    if (fd->id == F_LEFT) *out = ex_str(s0, ex_fn_char_off(s0, l0, (size_t)k, mb), coll);
    else { size_t b = ex_fn_char_off(s0, l0, nch - (size_t)k, mb); *out = ex_str(s0 + b, l0 - b, coll); }
}

static void fn_length(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    if (a[0].t == VT_STRING) l0 = pdb_coll_octets(a[0].coll, s0, l0, NULL);   /* latin1: a byte a character */
    *out = ex_int((int64_t)l0 * (fd->id == F_BIT_LENGTH ? 8 : 1));
}

static void fn_char_length(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    *out = ex_int((int64_t)char_count(s0, l0, ex_fn_is_mb(a[0].t == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI)));
}

static void fn_lower(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = case_map(ctx, &a[0], false);
}

static void fn_upper(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = case_map(ctx, &a[0], true);
}

static void fn_ltrim(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    size_t b = 0, en = l0;
    if (fd->id == F_LTRIM) while (b < en && s0[b] == ' ') b++;
    else while (en > b && s0[en - 1] == ' ') en--;
    *out = ex_str(s0 + b, en - b, a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection);
}

static void fn_trim(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l1;
    const char *s0, *s1;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    s1 = ex_to_str(ctx->a, &a[1], &l1);   /* mode */
    const char *rm = " ";
    size_t rl = 1;
    if (n > 2) rm = ex_to_str(ctx->a, &a[2], &rl);
    size_t b = 0, en = l0;
    if (rl) {
        if (l1 != 8 || memcmp(s1, "TRAILING", 8)) while (en - b >= rl && !memcmp(s0 + b, rm, rl)) b += rl;
        if (l1 != 7 || memcmp(s1, "LEADING", 7)) while (en - b >= rl && !memcmp(s0 + en - rl, rm, rl)) en -= rl;
    }
    *out = ex_str(s0 + b, en - b, a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection);
}

static void fn_replace(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l1, l2;
    const char *s0, *s1, *s2;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    s1 = ex_to_str(ctx->a, &a[1], &l1);
    s2 = ex_to_str(ctx->a, &a[2], &l2);
    uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
    if (!l1) { *out = ex_str(s0, l0, coll); return; }
    size_t cnt = 0;
    for (size_t i = 0; i + l1 <= l0;) { if (!memcmp(s0 + i, s1, l1)) { cnt++; i += l1; } else i++; }
    /* MariaDB checks the length before each replacement */
    uint64_t most = l2 >= l1 ? (uint64_t)l0 + (uint64_t)cnt * (l2 - l1) : (uint64_t)l0 - l1 + l2;
    if (cnt && most > ctx->s->max_allowed_packet) { warn_packet(ctx, "replace"); return; }
    char *o = stor_arena_alloc(ctx->a, l0 + cnt * l2 + 1);
    size_t k = 0;
    for (size_t i = 0; i < l0;) {
        if (i + l1 <= l0 && !memcmp(s0 + i, s1, l1)) { memcpy(o + k, s2, l2); k += l2; i += l1; }
        else o[k++] = s0[i++];
    }
    *out = ex_str(o, k, coll);
}

static void fn_locate(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l1;
    const char *s0, *s1;
    /* MariaDB's instr: the needle's bytes against windows of as many bytes at each
     * character of the haystack, under the collation (so 'o' never matches a
     * two-byte 'ö'); a start beyond the haystack's bytes finds nothing, and an empty
     * needle is found at the start's byte offset */
    const pdb_value *needle = fd->id == F_LOCATE ? &a[0] : &a[1], *hay = fd->id == F_LOCATE ? &a[1] : &a[0];
    s0 = ex_to_str(ctx->a, hay, &l0);
    s1 = ex_to_str(ctx->a, needle, &l1);
    uint16_t coll = hay->t == VT_STRING ? hay->coll : needle->t == VT_STRING ? needle->coll : COLL_UTF8MB4_GENERAL_CI;
    if ((hay->t == VT_STRING && hay->coll == COLL_BINARY) || (needle->t == VT_STRING && needle->coll == COLL_BINARY)) coll = COLL_BINARY;
    bool mb = ex_fn_is_mb(coll);
    int64_t from = fd->id == F_LOCATE && n > 2 ? ex_arg_int(&a[2]) : 1;
    int64_t st = from <= 0 ? -1 : from - 1;
    if (st < 0 || (n > 2 && fd->id == F_LOCATE && (uint64_t)st >= l0)) { *out = ex_int(0); return; }
    size_t b = ex_fn_char_off(s0, l0, (size_t)st, mb);
    if (b + l1 > l0) { *out = ex_int(0); return; }
    if (!l1) { *out = ex_int((int64_t)b + 1); return; }
    const pdb_collation *co = pdb_coll_by_id(coll);
    size_t ci = (size_t)st;
    for (size_t i = b; i + l1 <= l0; ci++) {
        bool eq = co && !co->binary ? pdb_coll_cmp(coll, s0 + i, l1, s1, l1) == 0 : !memcmp(s0 + i, s1, l1);
        if (eq) { *out = ex_int((int64_t)ci + 1); return; }
        i += mb ? ex_fn_u8len((unsigned char)s0[i]) : 1;
    }
    *out = ex_int(0);
}

static void fn_lpad(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l2;
    const char *s0, *s2;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    if (n > 2) s2 = ex_to_str(ctx->a, &a[2], &l2);
    else { s2 = " "; l2 = 1; }   /* (LPAD(s, n): spaces, since MariaDB 10.3) */
    uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
    bool mb = ex_fn_is_mb(coll);
    int64_t len = count_arg(&a[1]);
    if (len < 0) return;
    size_t nch = char_count(s0, l0, mb);
    if ((uint64_t)len <= nch) { *out = ex_str(s0, ex_fn_char_off(s0, l0, (size_t)len, mb), coll); return; }
    const pdb_collation *pco = pdb_coll_by_id(coll);
    if ((uint64_t)len * (pco && pco->maxlen ? pco->maxlen : 1) > ctx->s->max_allowed_packet) {
        warn_packet(ctx, fd->id == F_LPAD ? "lpad" : "rpad");
        return;
    }
    if (!l2) return;
    size_t need = (size_t)len - nch, pch = char_count(s2, l2, mb);
    char *o = stor_arena_alloc(ctx->a, l0 + need * 4 + 1);
    size_t k = 0;
    if (fd->id == F_RPAD) { memcpy(o, s0, l0); k = l0; }
    while (need > 0) {
        size_t take = need < pch ? need : pch;
        size_t bytes = ex_fn_char_off(s2, l2, take, mb);
        memcpy(o + k, s2, bytes); k += bytes; need -= take;
    }
    if (fd->id == F_LPAD) { memcpy(o + k, s0, l0); k += l0; }
    *out = ex_str(o, k, coll);
}

static void fn_repeat(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    int64_t k = count_arg(&a[1]);
    if (k <= 0 || !l0) { *out = ex_str("", 0, a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection); return; }
    if ((uint64_t)k * l0 > ctx->s->max_allowed_packet) { warn_packet(ctx, "repeat"); return; }
    char *o = stor_arena_alloc(ctx->a, (size_t)k * l0 + 1);
    for (int64_t i = 0; i < k; i++) memcpy(o + (size_t)i * l0, s0, l0);
    *out = ex_str(o, (size_t)k * l0, a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection);
}

static void fn_space(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t k = count_arg(&a[0]);
    if (k < 0) k = 0;
    if ((uint64_t)k > ctx->s->max_allowed_packet) { warn_packet(ctx, "space"); return; }
    char *o = stor_arena_alloc(ctx->a, (size_t)k + 1);
    memset(o, ' ', (size_t)k);
    *out = ex_str(o, (size_t)k, ctx->s->coll_connection);
}

static void fn_reverse(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
    char *o = stor_arena_alloc(ctx->a, l0 + 1);
    if (ex_fn_is_mb(coll)) {
        size_t k = l0;
        for (size_t i = 0; i < l0;) { size_t c = ex_fn_u8len((unsigned char)s0[i]); if (i + c > l0) c = l0 - i; k -= c; memcpy(o + k, s0 + i, c); i += c; }
    } else for (size_t i = 0; i < l0; i++) o[i] = s0[l0 - 1 - i];
    *out = ex_str(o, l0, coll);
}

static void fn_find_in_set(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l1;
    const char *s0, *s1;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    s1 = ex_to_str(ctx->a, &a[1], &l1);
    if (memchr(s0, ',', l0)) { *out = ex_int(0); return; }
    int64_t idx = 1;
    size_t st = 0;
    uint16_t coll = a[1].t == VT_STRING ? a[1].coll : COLL_UTF8MB4_GENERAL_CI;
    for (size_t i = 0; i <= l1; i++) {
        if (i == l1 || s1[i] == ',') {
            if (pdb_coll_cmp(coll, s1 + st, i - st, s0, l0) == 0 && !(l1 == 0)) { *out = ex_int(idx); return; }
            idx++; st = i + 1;
        }
    }
    *out = ex_int(0);
}

static void fn_substring_index(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l1;
    const char *s0, *s1;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    s1 = ex_to_str(ctx->a, &a[1], &l1);
    int64_t cnt = ex_arg_int(&a[2]);
    uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
    if (!l1 || cnt == 0) { *out = ex_str("", 0, coll); return; }
    if (cnt > 0) {
        size_t i = 0; int64_t c = 0;
        while (i + l1 <= l0) {
            if (!memcmp(s0 + i, s1, l1)) { if (++c == cnt) { *out = ex_str(s0, i, coll); return; } i += l1; }
            else i++;
        }
        *out = ex_str(s0, l0, coll);
    } else {
        int64_t c = 0;
        for (size_t i = l0; i >= l1; ) {
            if (!memcmp(s0 + i - l1, s1, l1)) { if (--c == cnt) { *out = ex_str(s0 + i, l0 - i, coll); return; } i -= l1; }
            else i--;
            if (i < l1) break;
        }
        *out = ex_str(s0, l0, coll);
    }
}

static void fn_hex(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_DATE || a[0].t == VT_DATETIME || a[0].t == VT_TIME) {   /* a temporal: its text's bytes */
        size_t l;
        const char *t = ex_to_str(ctx->a, &a[0], &l);
        char *o = stor_arena_alloc(ctx->a, l * 2 + 1);
        ex_fn_hex_of((const unsigned char *)t, l, o, true);
        *out = ex_str(o, l * 2, ctx->s->coll_connection);
        return;
    }
    if (a[0].t == VT_DOUBLE || (a[0].t == VT_DECIMAL && !ex_is_hexnum(&a[0]))) {
        /* (Item_func_hex: a double or decimal rounded half away from zero; all ones past
           the 64-bit range) */
        double d = ex_to_double(&a[0]);
        uint64_t u;
        if (d <= -9223372036854775808.0 || d >= 18446744073709551615.0 || d != d) u = UINT64_MAX;
        else if (d >= 9223372036854775807.0) u = (uint64_t)(d + 0.5);   /* (past int64: unsigned at once) */
        else u = (uint64_t)(int64_t)(d + (d > 0 ? 0.5 : -0.5));
        char buf[32];
        int k = snprintf(buf, sizeof buf, "%llX", (unsigned long long)u);
        *out = ex_fn_mkstr(ctx, buf, (size_t)k, ctx->s->coll_connection);
        return;
    }
    if (a[0].t != VT_STRING || a[0].scale == EX_BITVAL) {   /* (a BIT column: its number) */
        char buf[32];
        int k = snprintf(buf, sizeof buf, "%llX", (unsigned long long)ex_to_int(&a[0]));
        *out = ex_fn_mkstr(ctx, buf, (size_t)k, ctx->s->coll_connection);
        return;
    }
    char *raw = stor_arena_alloc(ctx->a, pdb_coll_octets_cap(a[0].coll, a[0].len) + 1);
    size_t rl = pdb_coll_octets(a[0].coll, a[0].p, a[0].len, raw);   /* the bytes in its charset */
    char *o = stor_arena_alloc(ctx->a, rl * 2 + 1);
    ex_fn_hex_of((const unsigned char *)raw, rl, o, true);
    *out = ex_str(o, rl * 2, ctx->s->coll_connection);
}

static void fn_to_base64(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    char *o = stor_arena_alloc(ctx->a, l0 * 2 + 8);
    int k = EVP_EncodeBlock((unsigned char *)o, (const unsigned char *)s0, (int)l0);
    if (k > 76) {   /* MariaDB breaks the text into lines of 76 characters */
        char *w = stor_arena_alloc(ctx->a, (size_t)k + (size_t)k / 76 + 1);
        size_t m = 0;
        for (int i = 0; i < k; i++) { if (i && i % 76 == 0) w[m++] = '\n'; w[m++] = o[i]; }
        o = w; k = (int)m;
    }
    *out = ex_str(o, (size_t)k, ctx->s->coll_connection);
}

static void fn_ascii(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    *out = ex_int(l0 ? (unsigned char)s0[0] : 0);
}

static void fn_unhex(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    char *o = stor_arena_alloc(ctx->a, l0 / 2 + 2);
    size_t k = 0, i = 0;
    if (l0 % 2) { int v = isxdigit((unsigned char)s0[0]) ? (isdigit((unsigned char)s0[0]) ? s0[0] - '0' : (tolower((unsigned char)s0[0]) - 'a' + 10)) : -1; if (v < 0) return; o[k++] = (char)v; i = 1; }
    for (; i + 1 < l0 + 1 && i < l0; i += 2) {
        int hi = s0[i], lo = s0[i + 1];
        if (!isxdigit(hi) || !isxdigit(lo)) return;
        hi = isdigit(hi) ? hi - '0' : tolower(hi) - 'a' + 10;
        lo = isdigit(lo) ? lo - '0' : tolower(lo) - 'a' + 10;
        o[k++] = (char)(hi * 16 + lo);
    }
    *out = ex_str(o, k, COLL_BINARY);
}

static void fn_ord(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    if (!l0) { *out = ex_int(0); return; }
    size_t cl = ex_fn_is_mb(a[0].t == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI) ? ex_fn_u8len((unsigned char)s0[0]) : 1;
    int64_t v = 0;
    for (size_t i = 0; i < cl && i < l0; i++) v = v * 256 + (unsigned char)s0[i];
    *out = ex_int(v);
}

static void fn_strcmp(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l1;
    const char *s0, *s1;
    uint16_t coll = a[0].t == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    s1 = ex_to_str(ctx->a, &a[1], &l1);
    int c = pdb_coll_cmp(coll, s0, l0, s1, l1);
    *out = ex_int(c < 0 ? -1 : c > 0);
}

static void fn_insert(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l2;
    const char *s0, *s2;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    s2 = ex_to_str(ctx->a, &a[3], &l2);
    uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
    bool mb = ex_fn_is_mb(coll);
    int64_t pos = ex_arg_int(&a[1]), len = ex_arg_int(&a[2]);
    size_t nch = char_count(s0, l0, mb);
    if (pos < 1 || (uint64_t)pos > nch) { *out = ex_str(s0, l0, coll); return; }
    if (len < 0 || (uint64_t)(pos - 1 + len) > nch) len = (int64_t)nch - pos + 1;
    size_t b = ex_fn_char_off(s0, l0, (size_t)pos - 1, mb), e2 = ex_fn_char_off(s0, l0, (size_t)(pos - 1 + len), mb);
    char *o = stor_arena_alloc(ctx->a, l0 + l2 + 1);
    memcpy(o, s0, b);
    memcpy(o + b, s2, l2);
    memcpy(o + b + l2, s0 + e2, l0 - e2);
    *out = ex_str(o, b + l2 + (l0 - e2), coll);
}

static void fn_from_base64(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    /* MariaDB's decoder: groups of four characters, spaces anywhere, '=' only as the
     * last one or two of the first group that has it; anything else is an error at
     * the position where it stopped (1958) */
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    unsigned char *o = stor_arena_alloc(ctx->a, l0 / 4 * 3 + 4);
    size_t pos = 0, k = 0;
    bool err = false, done = false;
    while (!done) {
        uint32_t c = 0;
        int state = 0, mark = 0;
        for (int g = 0; g < 4; g++) {
            while (pos < l0 && (s0[pos] == ' ' || (s0[pos] >= '\t' && s0[pos] <= '\r'))) pos++;
            if (pos >= l0) { if (state > 0) err = true; done = true; break; }
            int ch = (unsigned char)s0[pos++], v = b64_value(ch);
            c <<= 6;
            if (v >= 0 && !mark) { c += (uint32_t)v; state++; continue; }
            if (v >= 0 || state < 2 || ch != '=') { pos--; err = true; done = true; break; }
            mark++;
            state++;
        }
        if (done) break;
        o[k++] = (unsigned char)(c >> 16); o[k++] = (unsigned char)(c >> 8); o[k++] = (unsigned char)c;
        if (mark) { k -= (size_t)mark; break; }
    }
    while (pos < l0 && (s0[pos] == ' ' || (s0[pos] >= '\t' && s0[pos] <= '\r'))) pos++;
    if (pos < l0) err = true;
    if (err) { ex_warn(ctx, "Warning", 1958, "Bad base64 data as position %zu", pos); return; }
    *out = ex_str((char *)o, k, COLL_BINARY);
}

static void fn_regexp_replace(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_regexp_fn(ctx, fd->id, a);
}

static void ty_soundex(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 4, a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
}

static void ty_make_set(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    uint32_t len = 0;
    for (int i = 1; i < n; i++) len += a[i].length + 1;
    ex_type_text(t, len ? len : 1, n > 1 && a[1].vt == VT_STRING ? a[1].coll : COLL_UTF8MB4_GENERAL_CI);
}

static char soundex_code(unsigned char c)
{
    static const char codes[] = "01230120022455012623010202";
    if (c >= 'a' && c <= 'z') c = (unsigned char)(c - 32);
    return c >= 'A' && c <= 'Z' ? codes[c - 'A'] : 0;
}

static bool ascii_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static bool utf8_letter(const unsigned char *s, size_t n)
{
    return n && s[0] >= 0xc0;   /* MariaDB's SOUNDEX takes any character beyond ASCII for a letter */
}

static void fn_soundex(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l;
    const unsigned char *s = (const unsigned char *)ex_to_str(ctx->a, &a[0], &l);
    char *buf = stor_arena_alloc(ctx->a, l + 5);
    size_t k = 0, i = 0;
    while (i < l && !ascii_alpha(s[i]) && !(s[i] >= 0x80 && utf8_letter(s + i, l - i))) i++;
    if (i < l) {
        unsigned char c = s[i];
        char last = soundex_code(c);
        if (c < 0x80) { buf[k++] = (char)(c >= 'a' && c <= 'z' ? c - 32 : c); i++; }
        else {   /* a letter beyond ASCII starts the code as it is */
            size_t cl = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
            if (cl > l - i) cl = l - i;
            memcpy(buf + k, s + i, cl); k += cl; i += cl;
            last = '0';
        }
        for (; i < l; i++) {
            if (!ascii_alpha(s[i])) continue;
            char code = soundex_code(s[i]);
            if (code != '0' && code != last) { buf[k++] = code; last = code; }
        }
        size_t nch = 0;
        for (size_t j = 0; j < k; j++) if (((unsigned char)buf[j] & 0xc0) != 0x80) nch++;
        while (nch < 4) { buf[k++] = '0'; nch++; }
    }
    *out = ex_fn_mkstr(ctx, buf, k, a[0].t == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
}

static void fn_make_set(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL) return;   /* NULL strings are skipped */
    uint64_t bits = (uint64_t)ex_to_int(&a[0]);
    size_t total = 0;
    for (int i = 1; i < n; i++) if (a[i].t != VT_NULL && (bits >> (i - 1) & 1)) { size_t l; ex_to_str(ctx->a, &a[i], &l); total += l + 1; }
    char *buf = stor_arena_alloc(ctx->a, total + 1);
    size_t k = 0;
    for (int i = 1; i < n && i <= 64; i++) {
        if (a[i].t == VT_NULL || !(bits >> (i - 1) & 1)) continue;
        size_t l; const char *s = ex_to_str(ctx->a, &a[i], &l);
        if (k) buf[k++] = ',';
        memcpy(buf + k, s, l); k += l;
    }
    *out = ex_fn_mkstr(ctx, buf, k, a[1].t == VT_STRING ? a[1].coll : COLL_UTF8MB4_GENERAL_CI);
}

static void fn_export_set(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    uint64_t bits = (uint64_t)ex_to_int(&a[0]);
    size_t lon, loff, lsep = 1;
    const char *on = ex_to_str(ctx->a, &a[1], &lon), *off = ex_to_str(ctx->a, &a[2], &loff), *sep = ",";
    if (n > 3) sep = ex_to_str(ctx->a, &a[3], &lsep);
    int64_t nb = n > 4 ? ex_to_int(&a[4]) : 64;
    if (nb < 0 || nb > 64) nb = 64;
    /* MariaDB bounds the result by its longest possible length */
    if ((uint64_t)nb * (lon > loff ? lon : loff) + (uint64_t)(nb ? nb - 1 : 0) * lsep > ctx->s->max_allowed_packet) {
        ex_warn(ctx, "Warning", 1301, "Result of export_set() was larger than max_allowed_packet (%llu) - truncated",
                (unsigned long long)ctx->s->max_allowed_packet);
        return;
    }
    char *buf = stor_arena_alloc(ctx->a, (size_t)nb * (lon + loff + lsep) + 1);
    size_t k = 0;
    for (int i = 0; i < nb; i++) {
        if (i) { memcpy(buf + k, sep, lsep); k += lsep; }
        if (bits >> i & 1) { memcpy(buf + k, on, lon); k += lon; }
        else { memcpy(buf + k, off, loff); k += loff; }
    }
    *out = ex_fn_mkstr(ctx, buf, k, a[1].t == VT_STRING ? a[1].coll : COLL_UTF8MB4_GENERAL_CI);
}

static const ex_fdef rows[] = {
    { "ASCII", 1, 1, EX_FN_NULL_IN, F_ASCII, ty_ascii, fn_ascii },
    { "BIT_LENGTH", 1, 1, EX_FN_NULL_IN, F_BIT_LENGTH, ty_bit_length, fn_length },
    { "CHAR", 1, -1, 0, F_CHAR, ty_char, fn_char },
    { "CHARACTER_LENGTH", 1, 1, EX_FN_NULL_IN, F_CHAR_LENGTH, ty_length, fn_char_length },
    { "CHAR_LENGTH", 1, 1, EX_FN_NULL_IN, F_CHAR_LENGTH, ty_length, fn_char_length },
    { "CONCAT", 1, -1, EX_FN_NULL_IN, F_CONCAT, ty_concat, fn_concat },
    { "CONCAT_WS", 2, -1, 0, F_CONCAT_WS, ty_concat, fn_concat_ws },
    { "ELT", 2, -1, 0, F_ELT, ty_elt, fn_elt },
    { "EXPORT_SET", 3, 5, EX_FN_NULL_IN, EX_FX_EXPORT_SET, ty_make_set, fn_export_set },
    { "FIELD", 2, -1, 0, F_FIELD, ty_locate, fn_field },
    { "FIND_IN_SET", 2, 2, EX_FN_NULL_IN, F_FIND_IN_SET, ty_locate, fn_find_in_set },
    { "FROM_BASE64", 1, 1, EX_FN_NULL_IN, F_FROM_BASE64, ty_from_base64, fn_from_base64 },
    { "HEX", 1, 1, EX_FN_NULL_IN, F_HEX, ty_hex, fn_hex },
    { "INSERT", 4, 4, EX_FN_NULL_IN, F_INSERT, ty_insert, fn_insert },
    { "INSTR", 2, 2, EX_FN_NULL_IN, F_INSTR, ty_locate, fn_locate },
    { "LCASE", 1, 1, EX_FN_NULL_IN, F_LOWER, ty_substring, fn_lower },
    { "LEFT", 2, 2, EX_FN_NULL_IN | EX_FN_NUMREST, F_LEFT, ty_substring, fn_left },
    { "LENGTH", 1, 1, EX_FN_NULL_IN, F_LENGTH, ty_length, fn_length },
    { "LOCATE", 2, 3, EX_FN_NULL_IN, F_LOCATE, ty_locate, fn_locate },
    { "LOWER", 1, 1, EX_FN_NULL_IN, F_LOWER, ty_substring, fn_lower },
    { "LPAD", 2, 3, EX_FN_NULL_IN | EX_FN_NUM2, F_LPAD, ty_replace, fn_lpad },
    { "LTRIM", 1, 1, EX_FN_NULL_IN, F_LTRIM, ty_substring, fn_ltrim },
    { "MAKE_SET", 2, -1, 0, EX_FX_MAKE_SET, ty_make_set, fn_make_set },
    { "OCTET_LENGTH", 1, 1, EX_FN_NULL_IN, F_OCTET_LENGTH, ty_length, fn_length },
    { "ORD", 1, 1, EX_FN_NULL_IN, F_ORD, ty_ord, fn_ord },
    { "QUOTE", 1, 1, 0, F_QUOTE, ty_quote, fn_quote },
    { "REGEXP_INSTR", 2, 2, EX_FN_NULL_IN, F_REGEXP_INSTR, ty_regexp_instr, fn_regexp_replace },
    { "REGEXP_REPLACE", 3, 3, EX_FN_NULL_IN, F_REGEXP_REPLACE, ty_regexp_replace, fn_regexp_replace },
    { "REGEXP_SUBSTR", 2, 2, EX_FN_NULL_IN, F_REGEXP_SUBSTR, ty_regexp_replace, fn_regexp_replace },
    { "REPEAT", 2, 2, EX_FN_NULL_IN | EX_FN_NUMREST, F_REPEAT, ty_replace, fn_repeat },
    { "REPLACE", 3, 3, EX_FN_NULL_IN, F_REPLACE, ty_replace, fn_replace },
    { "REVERSE", 1, 1, EX_FN_NULL_IN, F_REVERSE, ty_substring, fn_reverse },
    { "RIGHT", 2, 2, EX_FN_NULL_IN | EX_FN_NUMREST, F_RIGHT, ty_substring, fn_left },
    { "RPAD", 2, 3, EX_FN_NULL_IN | EX_FN_NUM2, F_RPAD, ty_replace, fn_lpad },
    { "RTRIM", 1, 1, EX_FN_NULL_IN, F_RTRIM, ty_substring, fn_ltrim },
    { "SOUNDEX", 1, 1, EX_FN_NULL_IN, EX_FX_SOUNDEX, ty_soundex, fn_soundex },
    { "SPACE", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_SPACE, ty_replace, fn_space },
    { "STRCMP", 2, 2, EX_FN_NULL_IN, F_STRCMP, ty_strcmp, fn_strcmp },
    { "SUBSTRING", 2, 3, EX_FN_NULL_IN | EX_FN_NUMREST, F_SUBSTRING, ty_substring, fn_substring },
    { "SUBSTRING_INDEX", 3, 3, EX_FN_NULL_IN, F_SUBSTRING_INDEX, ty_substring, fn_substring_index },
    { "TO_BASE64", 1, 1, EX_FN_NULL_IN, F_TO_BASE64, ty_to_base64, fn_to_base64 },
    { "TRIM", 2, 3, EX_FN_NULL_IN, F_TRIM, ty_substring, fn_trim },
    { "UCASE", 1, 1, EX_FN_NULL_IN, F_UPPER, ty_substring, fn_upper },
    { "UNHEX", 1, 1, EX_FN_NULL_IN, F_UNHEX, ty_unhex, fn_unhex },
    { "UPPER", 1, 1, EX_FN_NULL_IN, F_UPPER, ty_substring, fn_upper },
    { "WEIGHT_STRING", 1, 1, 0, F_WEIGHT_STRING, ty_weight_string, fn_weight_string },
};
const ex_ftable ex_fam_string = { rows, (int)(sizeof rows / sizeof rows[0]) };
