/* func_more.c - functions beyond the core set of func.c: time arithmetic (TIMEDIFF,
 * ADDTIME/SUBTIME, TIMESTAMP(), TIME_FORMAT, CONVERT_TZ with offsets, TO_SECONDS,
 * PERIOD_ADD/PERIOD_DIFF), RAND(seed) with MariaDB's sequence, SOUNDEX, ASIN/ACOS/
 * ATAN2/COT, IS_IPV4/IS_IPV6, MAKE_SET/EXPORT_SET, INTERVAL(), the INET6 functions,
 * UUID_SHORT, RANDOM_BYTES, COMPRESS/UNCOMPRESS (zlib), AES_ENCRYPT/AES_DECRYPT, PASSWORD/
 * OLD_PASSWORD, ENCODE/DECODE, COERCIBILITY, BENCHMARK, NAME_CONST and GET_FORMAT: each a body
 * (fn_*), a type rule (ty_*) and a row of ex_fam_more (func_registry.c).
 */
#include "engine/eng.h"
#include <arpa/inet.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <stdatomic.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <zlib.h>




/* ---------------------------------------------------------------- locales */

/* MariaDB's locales as FORMAT() uses them (read from MariaDB 10.11): the decimal point,
 * the thousands separator (-1: none) and the grouping (0 none, 3 thousands, 32 three
 * then two as en_IN). */
static const struct { const char *name; char point; int sep; int grouping; } locales[] = {
    { "ar_AE", '.', ',', 3 },
    { "ar_BH", '.', ',', 3 },
    { "ar_DZ", '.', ',', 3 },
    { "ar_EG", '.', ',', 3 },
    { "ar_IN", '.', ',', 3 },
    { "ar_IQ", '.', ',', 3 },
    { "ar_JO", '.', ',', 3 },
    { "ar_KW", '.', ',', 3 },
    { "ar_LB", '.', ',', 3 },
    { "ar_LY", '.', ',', 3 },
    { "ar_MA", '.', ',', 3 },
    { "ar_OM", '.', ',', 3 },
    { "ar_QA", '.', ',', 3 },
    { "ar_SA", '.', -1, 0 },
    { "ar_SD", '.', ',', 3 },
    { "ar_SY", '.', ',', 3 },
    { "ar_TN", '.', ',', 3 },
    { "ar_YE", '.', ',', 3 },
    { "be_BY", ',', '.', 3 },
    { "bg_BG", ',', 0, 3 },
    { "ca_ES", ',', -1, 0 },
    { "cs_CZ", ',', ' ', 3 },
    { "da_DK", ',', '.', 3 },
    { "de_AT", ',', -1, 0 },
    { "de_BE", ',', '.', 3 },
    { "de_CH", '.', '\'', 3 },
    { "de_DE", ',', '.', 3 },
    { "de_LU", ',', '.', 3 },
    { "el_GR", ',', -1, 0 },
    { "en_AU", '.', ',', 3 },
    { "en_CA", '.', ',', 3 },
    { "en_GB", '.', ',', 3 },
    { "en_IN", '.', ',', 32 },
    { "en_NZ", '.', ',', 3 },
    { "en_PH", '.', ',', 3 },
    { "en_US", '.', ',', 3 },
    { "en_ZA", '.', ',', 3 },
    { "en_ZW", '.', ',', 3 },
    { "es_AR", ',', '.', 3 },
    { "es_BO", ',', '.', 3 },
    { "es_CL", ',', '.', 3 },
    { "es_CO", ',', '.', 3 },
    { "es_CR", ',', ' ', 3 },
    { "es_DO", '.', ',', 3 },
    { "es_EC", ',', '.', 3 },
    { "es_ES", ',', '.', 3 },
    { "es_GT", '.', ',', 3 },
    { "es_HN", '.', ',', 3 },
    { "es_MX", '.', ',', 3 },
    { "es_NI", '.', ',', 3 },
    { "es_PA", '.', ',', 3 },
    { "es_PE", '.', ',', 3 },
    { "es_PR", '.', ',', 3 },
    { "es_PY", ',', '.', 3 },
    { "es_SV", '.', ',', 3 },
    { "es_US", '.', ',', 3 },
    { "es_UY", ',', '.', 3 },
    { "es_VE", ',', '.', 3 },
    { "et_EE", ',', ' ', 3 },
    { "eu_ES", ',', -1, 0 },
    { "fi_FI", ',', ' ', 3 },
    { "fo_FO", ',', '.', 3 },
    { "fr_BE", ',', -1, 0 },
    { "fr_CA", ',', -1, 0 },
    { "fr_CH", ',', -1, 0 },
    { "fr_FR", ',', -1, 0 },
    { "fr_LU", ',', -1, 0 },
    { "gl_ES", ',', -1, 0 },
    { "gu_IN", '.', ',', 3 },
    { "he_IL", '.', ',', 3 },
    { "hi_IN", '.', ',', 3 },
    { "hr_HR", ',', -1, 0 },
    { "hu_HU", ',', '.', 3 },
    { "id_ID", ',', '.', 3 },
    { "is_IS", ',', '.', 3 },
    { "it_CH", ',', '\'', 3 },
    { "it_IT", ',', -1, 0 },
    { "ja_JP", '.', ',', 3 },
    { "ka_GE", ',', ' ', 3 },
    { "ko_KR", '.', ',', 3 },
    { "lt_LT", ',', '.', 3 },
    { "lv_LV", ',', ' ', 3 },
    { "mk_MK", ',', ' ', 3 },
    { "mn_MN", ',', '.', 3 },
    { "ms_MY", '.', ',', 3 },
    { "nb_NO", ',', '.', 3 },
    { "nl_BE", ',', -1, 0 },
    { "nl_NL", ',', -1, 0 },
    { "no_NO", ',', '.', 3 },
    { "pl_PL", ',', -1, 0 },
    { "pt_BR", ',', -1, 0 },
    { "pt_PT", ',', -1, 0 },
    { "rm_CH", ',', '\'', 3 },
    { "ro_RO", ',', '.', 3 },
    { "ru_RU", ',', ' ', 3 },
    { "ru_UA", ',', '.', 3 },
    { "sk_SK", ',', ' ', 3 },
    { "sl_SI", ',', -1, 0 },
    { "sq_AL", ',', '.', 3 },
    { "sr_RS", '.', -1, 0 },
    { "sv_FI", ',', ' ', 3 },
    { "sv_SE", ',', ' ', 3 },
    { "ta_IN", '.', ',', 32 },
    { "te_IN", '.', ',', 32 },
    { "th_TH", '.', ',', 3 },
    { "tr_TR", ',', '.', 3 },
    { "uk_UA", ',', '.', 3 },
    { "ur_PK", '.', ',', 3 },
    { "vi_VN", ',', '.', 3 },
    { "zh_CN", '.', ',', 3 },
    { "zh_HK", '.', ',', 3 },
    { "zh_TW", '.', ',', 3 },
};

bool ex_locale_numeric(const char *name, size_t n, char *point, int *sep, int *grouping)
{
    for (size_t i = 0; i < sizeof locales / sizeof locales[0]; i++)
        if (strlen(locales[i].name) == n && !strncasecmp(locales[i].name, name, n)) {
            *point = locales[i].point; *sep = locales[i].sep; *grouping = locales[i].grouping;
            return true;
        }
    return false;
}

/* ---------------------------------------------------------------- helpers */

#define TIME_MAX_US ((int64_t)(838 * 3600 + 59 * 60 + 59) * 1000000)

/* Digits after the point in a literal's text (a time's or datetime's precision). */
static int text_fsp(const char *s, size_t n)
{
    const char *dot = memchr(s, '.', n);
    if (!dot) return 0;
    int k = 0;
    for (const char *p = dot + 1; p < s + n && *p >= '0' && *p <= '9'; p++) k++;
    return k > 6 ? 6 : k;
}

/* The fractional digits an argument shows: its type's, or a constant string's own. */
static int arg_fsp(const ex_type *t, const pl_expr *e)
{
    if (e && e->kind == E_STRING) return text_fsp(e->s, e->slen);
    if (t->vt == VT_STRING) return 6;
    if (t->vt == VT_DATETIME || t->vt == VT_TIME) return t->decimals > 6 ? 6 : t->decimals;
    return 0;
}

static int val_fsp(const pdb_value *v, const char *s, size_t n)
{
    if (v->t == VT_STRING) return text_fsp(s, n);
    if (v->t == VT_DATETIME || v->t == VT_TIME) return v->scale > 6 ? 6 : v->scale;
    return 0;
}

/* A temporal value: *is_time says whether it is a time of day/duration (microseconds)
 * or a datetime (packed). Strings with a date part are datetimes. */
static bool get_temporal(ex_ctx *ctx, const pdb_value *v, int64_t *out, bool *is_time, int *fsp)
{
    size_t n = 0;
    const char *s = NULL;
    *fsp = 0;
    switch (v->t) {
    case VT_NULL: return false;
    case VT_TIME: *out = v->i; *is_time = true; *fsp = v->scale; return true;
    case VT_DATETIME: case VT_DATE: *out = v->i; *is_time = false; *fsp = v->t == VT_DATE ? 0 : v->scale; return true;
    case VT_INT: case VT_UINT: case VT_DECIMAL: case VT_DOUBLE: {
        /* eleven digits and more are YYYYMMDDhhmmss, fewer [H..]HMMSS */
        bool isd;
        if (ex_to_double(v) >= 1e10 && ex_num_datetime(v, out, &isd)) {
            *is_time = false;
            *fsp = v->t == VT_DECIMAL ? (v->scale > 6 ? 6 : v->scale) : 0;
            return true;
        }
        break;
    }
    default: break;
    }
    s = ex_to_str(ctx->a, v, &n);
    *fsp = val_fsp(v, s, n);
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    /* a date part: digits, then '-' (or a '/'-style separator) before any ':' */
    const char *colon = memchr(s, ':', n), *dash = NULL;
    for (size_t k = i + 1; k < n; k++) if (s[k] == '-' || s[k] == '/') { dash = s + k; break; }
    if (dash && (!colon || dash < colon)) {
        bool isd;
        if (ex_parse_datetime(s, n, out, &isd) != 0) return false;
        *is_time = false;
        return true;
    }
    if (ex_parse_time(s, n, out) != 0) return false;
    *is_time = true;
    return true;
}

/* As get_temporal, for the functions that take a number for a datetime first
 * (YYYYMMDDhhmmss, as TIMESTAMP(), TO_SECONDS(), CONVERT_TZ() do), then for a time. */
static bool get_temporal_dt(ex_ctx *ctx, const pdb_value *v, int64_t *out, bool *is_time, int *fsp)
{
    bool isd;
    *is_time = false;
    if (v->t == VT_INT || v->t == VT_UINT || v->t == VT_DECIMAL || v->t == VT_DOUBLE) {
        *fsp = v->t == VT_DECIMAL ? (v->scale > 6 ? 6 : v->scale) : 0;
        return ex_num_datetime(v, out, &isd);
    }
    if (v->t == VT_TIME) { *fsp = v->scale; return ex_datetime_of_time(ctx, v->i, out); }   /* today plus the time */
    if (v->t == VT_STRING) {   /* a datetime's text (digits alone too: '20230115'); a time alone is none */
        size_t n;
        const char *s = ex_to_str(ctx->a, v, &n);
        bool tm;
        if (get_temporal(ctx, v, out, &tm, fsp) && !tm) return true;
        *fsp = val_fsp(v, s, n);
        return !memchr(s, ':', n) && ex_parse_datetime(s, n, out, &isd) == 0;
    }
    return get_temporal(ctx, v, out, is_time, fsp);
}

static pdb_value time_result(ex_ctx *ctx, int64_t us, int fsp)
{
    if (us > TIME_MAX_US || us < -TIME_MAX_US) {
        int64_t cl = us > 0 ? TIME_MAX_US : -TIME_MAX_US;
        char buf[64];
        int64_t a = us < 0 ? -us : us, sec = a / 1000000;
        int k = snprintf(buf, sizeof buf, "%s%lld:%02lld:%02lld", us < 0 ? "-" : "", (long long)(sec / 3600),
                         (long long)(sec / 60 % 60), (long long)(sec % 60));
        if (a % 1000000) k += snprintf(buf + k, sizeof buf - (size_t)k, ".%06lld", (long long)(a % 1000000));
        ex_warn(ctx, "Warning", 1292, "Truncated incorrect time value: '%s'", buf);
        us = cl;
    }
    pdb_value r = ex_int(us);
    r.t = VT_TIME;
    r.scale = (uint8_t)fsp;
    return r;
}

static int64_t dt_to_us(int64_t dt)          /* packed datetime -> microseconds since day 0 */
{
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
    return ((int64_t)ex_fn_daynr(y, mo, d) * 86400 + h * 3600 + mi * 60 + s) * 1000000 + us;
}

static bool us_to_dt(int64_t t, int64_t *dt)
{
    if (t < 0) return false;
    long dn = (long)(t / 86400000000LL);
    int64_t rem = t % 86400000000LL;
    int y, mo, d;
    ex_fn_from_daynr(dn, &y, &mo, &d);
    if (y == 0 && mo == 0) return false;
    if (y > 9999) return false;
    int64_t sec = rem / 1000000;
    *dt = pdb_dt_pack(y, mo, d, (int)(sec / 3600), (int)(sec / 60 % 60), (int)(sec % 60), (int)(rem % 1000000));
    return true;
}

static pdb_value dt_result(int64_t dt, int fsp)
{
    pdb_value r = ex_int(dt);
    r.t = VT_DATETIME;
    r.scale = (uint8_t)fsp;
    return r;
}

/* '+HH:MM' / '-HH:MM' within MariaDB's range (-12:59 .. +13:00): seconds east of UTC. */
static bool tz_offset(const char *s, size_t n, long *off)
{
    int h, m;
    char sign, buf[16];
    if (n >= sizeof buf) return false;
    memcpy(buf, s, n); buf[n] = 0;
    int used = 0;
    if (sscanf(buf, " %c%d:%2d%n", &sign, &h, &m, &used) != 3 || (sign != '+' && sign != '-')) return false;
    for (size_t k = (size_t)used; k < n; k++) if (buf[k] != ' ') return false;
    if (m < 0 || m > 59 || h < 0) return false;
    long v = (long)h * 3600 + m * 60;
    if (sign == '-') v = -v;
    if (v < -(12 * 3600 + 59 * 60) || v > 13 * 3600) return false;
    *off = v;
    return true;
}

/* The server's own zone (SYSTEM): seconds east of UTC at a local datetime (packed), or
 * at an instant given as seconds since day 0 in UTC (utc). */
static long system_offset(int64_t v, bool utc)
{
    struct tm tm = { 0 };
    time_t t;
    if (utc) {
        t = (time_t)(v - (int64_t)ex_fn_daynr(1970, 1, 1) * 86400);
        localtime_r(&t, &tm);
        return tm.tm_gmtoff;
    }
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(v, &y, &mo, &d, &h, &mi, &s, &us);
    tm.tm_year = y - 1900; tm.tm_mon = mo - 1; tm.tm_mday = d;
    tm.tm_hour = h; tm.tm_min = mi; tm.tm_sec = s; tm.tm_isdst = -1;
    t = mktime(&tm);
    return tm.tm_gmtoff;
}

/* ---------------------------------------------------------------- RAND(seed) */

/* MariaDB's generator (two 30-bit seeds), one per RAND(...) of a statement. */
typedef struct ex_rand {
    const pl_expr *e;
    uint64_t s1, s2;
    struct ex_rand *next;
} ex_rand;

#define RAND_MAX_VALUE 0x3FFFFFFFULL

static void rand_seed(ex_rand *r, int64_t seed)
{
    uint32_t tmp = (uint32_t)seed;
    uint32_t a = (uint32_t)((uint64_t)tmp * 0x10001ULL + 55555555ULL);
    uint32_t b = (uint32_t)((uint64_t)tmp * 0x10000001ULL);
    r->s1 = a % RAND_MAX_VALUE;
    r->s2 = b % RAND_MAX_VALUE;
}

static double rand_next(ex_rand *r)
{
    r->s1 = (r->s1 * 3 + r->s2) % RAND_MAX_VALUE;
    r->s2 = (r->s1 + r->s2 + 33) % RAND_MAX_VALUE;
    return (double)r->s1 / (double)RAND_MAX_VALUE;
}

static bool constant_arg(const pl_expr *e)
{
    switch (e->kind) {
    case E_NULL: case E_INT: case E_DECIMAL: case E_FLOAT: case E_STRING: case E_HEX: case E_BOOL: case E_PARAM:
        return true;
    case E_UNARY: return e->nargs == 1 && constant_arg(e->args[0]);
    default: return false;
    }
}

double ex_rand_seeded(ex_ctx *ctx, const pl_expr *e, const pdb_value *seed)
{
    int64_t sv = seed->t == VT_NULL ? 0 : ex_to_int(seed);
    if (!e || !constant_arg(e->args[0]) || !ctx->stmt) {
        /* a seed that changes per row seeds again for every call */
        ex_rand r;
        rand_seed(&r, sv);
        return rand_next(&r);
    }
    ex_rand *r = ctx->stmt->rands;
    while (r && r->e != e) r = r->next;
    if (!r) {
        r = stor_arena_alloc(ctx->a, sizeof *r);
        r->e = e;
        rand_seed(r, sv);
        r->next = ctx->stmt->rands;
        ctx->stmt->rands = r;
    }
    return rand_next(r);
}

/* Whether a warning about the constant argument arg of call e is due: MariaDB checks a
 * constant once per statement (when it prepares the call), anything else per row. The
 * calls already warned are kept in the statement's list of RAND generators. */
bool ex_warn_due(ex_ctx *ctx, const pl_expr *e, const pl_expr *arg)
{
    if (!e || !arg || !constant_arg(arg) || !ctx->stmt) return true;
    for (ex_rand *r = ctx->stmt->rands; r; r = r->next) if (r->e == e) return false;
    ex_rand *r = stor_arena_alloc(ctx->a, sizeof *r);
    memset(r, 0, sizeof *r);
    r->e = e;
    r->next = ctx->stmt->rands;
    ctx->stmt->rands = r;
    return true;
}

/* ---------------------------------------------------------------- types */

static void t_double(ex_type *t)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = 31;
    t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
}

static void t_intl(ex_type *t, uint32_t len, bool longlong)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_INT; t->ptype = longlong ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG; t->length = len;
    t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
}

static void t_time(ex_type *t, int fsp)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_TIME; t->ptype = MYSQL_TYPE_TIME; t->length = 10 + (fsp ? (uint32_t)fsp + 1 : 0);
    t->decimals = (uint8_t)fsp; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
}

static void t_datetime(ex_type *t, int fsp)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->length = 19 + (fsp ? (uint32_t)fsp + 1 : 0);
    t->decimals = (uint8_t)fsp; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
}

static void ty_timediff(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    int f0 = n > 0 ? arg_fsp(&a[0], e ? e->args[0] : NULL) : 0;
    int f1 = n > 1 ? arg_fsp(&a[1], e ? e->args[1] : NULL) : 0;
    int fm = f0 > f1 ? f0 : f1;
    t_time(t, fm);
}

static void ty_sec_to_time(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_time(t, a[0].vt == VT_INT || a[0].vt == VT_UINT ? 0 : a[0].decimals > 6 ? 6 : a[0].decimals);
}

static void ty_maketime(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_time(t, a[2].vt == VT_INT || a[2].vt == VT_UINT ? 0 : a[2].decimals > 6 ? 6 : a[2].decimals);
}

static void ty_addtime(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    int f0 = n > 0 ? arg_fsp(&a[0], e ? e->args[0] : NULL) : 0;
    int f1 = n > 1 ? arg_fsp(&a[1], e ? e->args[1] : NULL) : 0;
    int fm = f0 > f1 ? f0 : f1;
    if (a[0].vt == VT_DATETIME || a[0].vt == VT_DATE) t_datetime(t, fm);
    else if (a[0].vt == VT_TIME) t_time(t, fm);
    else { ex_type_text(t, 26, COLL_UTF8MB4_GENERAL_CI); t->ptype = MYSQL_TYPE_STRING; }
}

static void ty_timestamp(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    int f0 = n > 0 ? arg_fsp(&a[0], e ? e->args[0] : NULL) : 0;
    int f1 = n > 1 ? arg_fsp(&a[1], e ? e->args[1] : NULL) : 0;
    int fm = f0 > f1 ? f0 : f1;
    t_datetime(t, fm);
}

static void ty_time_format(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 100, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_convert_tz(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    int f0 = n > 0 ? arg_fsp(&a[0], e ? e->args[0] : NULL) : 0;
    t_datetime(t, f0);
}

static void ty_to_seconds(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_intl(t, 20, true);
}

static void ty_period_add(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_intl(t, 6, false);
}

static void ty_soundex(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 4, a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
}

static void ty_asin(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_double(t);
}

static void ty_is_ipv4(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_intl(t, 1, false);
    t->nullable = false;
}

static void ty_interval(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_intl(t, 2, false);
    t->nullable = false;
    t->flags |= NOT_NULL_FLAG;
}

static void ty_inet6_aton(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 16, COLL_BINARY);
}

static void ty_inet6_ntoa(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 39, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_is_ipv4_compat(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_intl(t, 1, false);
    t->nullable = false;
}

static void ty_uuid_short(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_intl(t, 21, true);
    t->vt = VT_UINT;
    t->flags |= UNSIGNED_FLAG | NOT_NULL_FLAG;
    t->nullable = false;
}

static void ty_random_bytes(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 1024, COLL_BINARY);
}

static void ty_compress(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, a[0].length * 120 / 100 + 12, COLL_BINARY);
}

static void ty_uncompress(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 16777216, COLL_BINARY);
    t->ptype = MYSQL_TYPE_LONG_BLOB;
    t->length = 16777216;   /* as MariaDB shows it: no BLOB flag */
}

static void ty_uncompressed_length(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_intl(t, 10, false);
}

static void ty_aes_encrypt(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, (a[0].length / 16 + 1) * 16, COLL_BINARY);
}

static void ty_aes_decrypt(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, a[0].length, COLL_BINARY);
}

static void ty_password(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 41, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_old_password(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 16, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_coercibility(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_intl(t, 10, false);
    t->nullable = false;
    t->flags |= NOT_NULL_FLAG;
}

static void ty_benchmark(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_intl(t, 1, false);
}

static void ty_name_const(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    *t = a[1];
}

static void ty_get_format(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 17, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_encode(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, a[0].vt == VT_STRING ? a[0].length : 21, COLL_BINARY);
}

static void ty_make_set(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    uint32_t len = 0;
    for (int i = 1; i < n; i++) len += a[i].length + 1;
    ex_type_text(t, len ? len : 1, n > 1 && a[1].vt == VT_STRING ? a[1].coll : COLL_UTF8MB4_GENERAL_CI);
}


/* ---------------------------------------------------------------- calls */

static pdb_value text(ex_ctx *ctx, const char *p, size_t n, uint16_t coll)
{
    char *d = stor_arena_alloc(ctx->a, n + 1);
    if (n) memcpy(d, p, n);
    d[n] = 0;
    return ex_str(d, n, coll);
}

static long period_to_month(long p)
{
    if (!p) return 0;
    long y = p / 100;
    if (y < 70) y += 2000;
    else if (y < 100) y += 1900;
    return y * 12 + p % 100 - 1;
}

static long month_to_period(long m)
{
    if (!m) return 0;
    long y = m / 12;
    if (y < 100) y += y < 70 ? 2000 : 1900;
    return (long)((unsigned long)y * 100 + (unsigned long)(m % 12 + 1));   /* wraps, never UB */
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

/* The pre-4.1 password hash: two 31-bit sums over the bytes, spaces and tabs skipped
 * (OLD_PASSWORD, and the seed of ENCODE/DECODE). */
static void old_hash(const unsigned char *s, size_t l, uint64_t h[2])
{
    uint64_t nr = 1345345333u, add = 7, nr2 = 0x12345671u;
    for (size_t i = 0; i < l; i++) {
        if (s[i] == ' ' || s[i] == '\t') continue;
        uint64_t tmp = s[i];
        nr ^= (((nr & 63) + add) * tmp) + (nr << 8);
        nr2 += (nr2 << 8) ^ nr;
        add += tmp;
    }
    h[0] = nr & 0x7fffffffu;
    h[1] = nr2 & 0x7fffffffu;
}

/* MariaDB's derivation of an expression's collation (COERCIBILITY): 0 explicit (COLLATE),
 * 2 implicit (a column, CONVERT), 3 system constant (USER(), DATABASE(), ...), 4 coercible
 * (a literal, or a function over literals), 5 numeric or temporal, 6 ignorable (NULL). */
static int coercibility(const pl_expr *x, const pdb_value *v)
{
    switch (x->kind) {
    case E_NULL: return 6;
    case E_INT: case E_DECIMAL: case E_FLOAT: case E_BOOL: return 5;
    case E_STRING: return 4;
    case E_COLLATE: return 0;
    case E_COLUMN: return v->t == VT_STRING || v->t == VT_NULL ? 2 : 5;
    case E_CAST: return x->cast.type == CT_CHAR || x->cast.type == CT_VARCHAR ? 2 : v->t == VT_STRING ? 4 : 5;
    case E_FUNC: {
        static const char *const sys[] = { "USER", "CURRENT_USER", "SESSION_USER", "SYSTEM_USER", "DATABASE",
                                           "SCHEMA", "VERSION", NULL };
        for (int i = 0; sys[i]; i++) if (!strcasecmp(x->s, sys[i])) return 3;
        if (v->t != VT_STRING && v->t != VT_NULL) return 5;
        int best = 6;
        pdb_value none = ex_null();
        for (int i = 0; i < x->nargs; i++) {
            int c = coercibility(x->args[i], &none);
            if (c == 5) c = 4;   /* a number inside a string function converts as a literal would */
            if (c < best) best = c;
        }
        return best == 6 ? (v->t == VT_NULL ? 6 : 4) : best;
    }
    default: return v->t == VT_STRING ? 4 : v->t == VT_NULL ? 6 : 5;
    }
}

static void fn_timediff(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t x, y;
    bool tx, ty;
    int fx, fy;
    if (!get_temporal(ctx, &a[0], &x, &tx, &fx) || !get_temporal(ctx, &a[1], &y, &ty, &fy)) return;
    if (tx != ty) return;                       /* a time and a datetime: NULL */
    int64_t d = tx ? x - y : dt_to_us(x) - dt_to_us(y);
    *out = time_result(ctx, d, fx > fy ? fx : fy);
}

static void fn_sec_to_time(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    double sec = ex_to_double(&a[0]);
    int fsp = a[0].t == VT_DECIMAL ? (a[0].scale > 6 ? 6 : a[0].scale) : a[0].t == VT_DOUBLE ? 6 : 0;
    int64_t us = (int64_t)llround(sec * 1e6);
    if (us > TIME_MAX_US || us < -TIME_MAX_US) {
        size_t l; const char *t = ex_to_str(ctx->a, &a[0], &l);
        ex_warn(ctx, "Warning", 1292, "Truncated incorrect seconds value: '%.*s'", (int)(l > 128 ? 128 : l), t);
        us = us > 0 ? TIME_MAX_US : -TIME_MAX_US;
    }
    *out = time_result(ctx, us, fsp);
}

static void fn_maketime(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t h = ex_to_int(&a[0]), m = ex_to_int(&a[1]);
    double sec = ex_to_double(&a[2]);
    if (m < 0 || m > 59 || sec < 0 || sec >= 60) return;
    int fsp = a[2].t == VT_DECIMAL ? (a[2].scale > 6 ? 6 : a[2].scale) : a[2].t == VT_DOUBLE ? 6 : 0;
    if (h > 100000000 || h < -100000000) {   /* far past TIME's range: no arithmetic on it */
        ex_warn(ctx, "Warning", 1292, "Truncated incorrect time value: '%s%llu:%02lld:%02d'", h < 0 ? "-" : "",
                h < 0 ? 0 - (unsigned long long)h : (unsigned long long)h, (long long)m, (int)sec);
        *out = time_result(ctx, h < 0 ? -TIME_MAX_US : TIME_MAX_US, fsp);
        return;
    }
    int64_t us = ((h < 0 ? -h : h) * 3600 + m * 60) * 1000000 + (int64_t)llround(sec * 1e6);
    *out = time_result(ctx, h < 0 ? -us : us, fsp);
}

static void fn_addtime(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t x, y;
    bool tx, ty;
    int fx, fy;
    if (!get_temporal(ctx, &a[0], &x, &tx, &fx)) return;
    if (a[1].t == VT_DATETIME || a[1].t == VT_DATE) return;   /* the second must be a time */
    if (!get_temporal(ctx, &a[1], &y, &ty, &fy) || !ty) return;
    if (fd->id == EX_FX_SUBTIME) y = -y;
    int fsp = fx > fy ? fx : fy;
    pdb_value r;
    if (tx) r = time_result(ctx, x + y, fsp);
    else {
        int64_t dt;
        if (!us_to_dt(dt_to_us(x) + y, &dt)) return;
        r = dt_result(dt, fsp);
    }
    if (a[0].t == VT_STRING || a[0].t == VT_INT || a[0].t == VT_DECIMAL || a[0].t == VT_DOUBLE || a[0].t == VT_UINT) {
        char buf[PDB_VALUE_TEXT_MAX];
        const char *txt;
        size_t k = pdb_value_text(&r, NULL, buf, sizeof buf, &txt);
        *out = text(ctx, txt, k, COLL_UTF8MB4_GENERAL_CI);
    } else *out = r;
}

static void fn_timestamp(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t x;
    bool tx;
    int fx;
    if (!get_temporal_dt(ctx, &a[0], &x, &tx, &fx)) {
        if (a[0].t != VT_NULL) {
            size_t l; const char *s = ex_to_str(ctx->a, &a[0], &l);
            ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%.*s'", (int)(l > 128 ? 128 : l), s);
        }
        return;
    }
    if (tx) {   /* a time alone: today's date in MariaDB; keep it simple and exact for dates */
        return;
    }
    int fsp = fx;
    if (n == 2) {
        int64_t y; bool ty; int fy;
        if (!get_temporal(ctx, &a[1], &y, &ty, &fy) || !ty) return;
        int64_t dt;
        if (!us_to_dt(dt_to_us(x) + y, &dt)) return;
        x = dt;
        if (fy > fsp) fsp = fy;
    }
    *out = dt_result(x, fsp);
}

static void fn_time_format(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t x;
    bool tx;
    int fx;
    if (!get_temporal(ctx, &a[0], &x, &tx, &fx)) {
        size_t l; const char *t = ex_to_str(ctx->a, &a[0], &l);
        ex_warn(ctx, "Warning", 1292, "Incorrect time value: '%.*s'", (int)(l > 128 ? 128 : l), t);
        return;
    }
    if (!tx) {
        int y, mo, d, h, mi, s, us;
        pdb_dt_unpack(x, &y, &mo, &d, &h, &mi, &s, &us);
        x = ((int64_t)h * 3600 + mi * 60 + s) * 1000000 + us;
    }
    bool neg = x < 0;
    int64_t ax = neg ? -x : x, sec = ax / 1000000;
    long h = (long)(sec / 3600);
    int mi = (int)(sec / 60 % 60), s = (int)(sec % 60), us = (int)(ax % 1000000);
    size_t fl;
    const char *f = ex_to_str(ctx->a, &a[1], &fl);
    if (!fl) return;   /* an empty format: NULL */
    char *buf = stor_arena_alloc(ctx->a, fl * 16 + 16);
    size_t k = 0;
    if (neg) buf[k++] = '-';
    int h12 = (int)(h % 12) == 0 ? 12 : (int)(h % 12);
    const char *ampm = (h % 24) < 12 ? "AM" : "PM";
    for (size_t i = 0; i < fl; i++) {
        if (f[i] != '%' || i + 1 == fl) { buf[k++] = f[i]; continue; }
        char c = f[++i];
        switch (c) {
        case 'H': k += (size_t)sprintf(buf + k, "%02ld", h); break;
        case 'k': k += (size_t)sprintf(buf + k, "%ld", h); break;
        case 'h': case 'I': k += (size_t)sprintf(buf + k, "%02d", h12); break;
        case 'l': k += (size_t)sprintf(buf + k, "%d", h12); break;
        case 'i': k += (size_t)sprintf(buf + k, "%02d", mi); break;
        case 's': case 'S': k += (size_t)sprintf(buf + k, "%02d", s); break;
        case 'f': k += (size_t)sprintf(buf + k, "%06d", us); break;
        case 'p': k += (size_t)sprintf(buf + k, "%s", ampm); break;
        case 'r': k += (size_t)sprintf(buf + k, "%02d:%02d:%02d %s", h12, mi, s, ampm); break;
        case 'T': k += (size_t)sprintf(buf + k, "%02ld:%02d:%02d", h, mi, s); break;
        case 'a': case 'b': case 'c': case 'D': case 'd': case 'e': case 'j': case 'M': case 'm':
        case 'U': case 'u': case 'V': case 'v': case 'W': case 'w': case 'X': case 'x': case 'Y': case 'y':
            return;                             /* date parts: NULL */
        default: buf[k++] = c; break;
        }
    }
    *out = text(ctx, buf, k, COLL_UTF8MB4_GENERAL_CI);
}

static void fn_convert_tz(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t x;
    bool tx;
    int fx;
    if (!get_temporal_dt(ctx, &a[0], &x, &tx, &fx) || tx) {
        if (a[0].t != VT_NULL) {
            size_t l; const char *t = ex_to_str(ctx->a, &a[0], &l);
            ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%.*s'", (int)(l > 128 ? 128 : l), t);
        }
        return;
    }
    size_t l1, l2;
    const char *z1 = ex_to_str(ctx->a, &a[1], &l1), *z2 = ex_to_str(ctx->a, &a[2], &l2);
    if (l1 == l2 && !strncasecmp(z1, z2, l1) && l1 == 6 && !strncasecmp(z1, "SYSTEM", 6)) { *out = dt_result(x, fx); return; }
    long o1, o2;
    bool s1 = l1 == 6 && !strncasecmp(z1, "SYSTEM", 6), s2 = l2 == 6 && !strncasecmp(z2, "SYSTEM", 6);
    if ((!s1 && !tz_offset(z1, l1, &o1)) || (!s2 && !tz_offset(z2, l2, &o2))) return;   /* named zones: no tz tables */
    if (s1) o1 = system_offset(x, false);
    if (s2) o2 = system_offset(dt_to_us(x) / 1000000 - (s1 ? 0 : o1), true);
    int64_t dt;
    if (!us_to_dt(dt_to_us(x) + (int64_t)(o2 - o1) * 1000000, &dt)) return;
    *out = dt_result(dt, fx);
}

static void fn_to_seconds(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t x;
    bool tx;
    int fx;
    if (!get_temporal_dt(ctx, &a[0], &x, &tx, &fx) || tx) {
        size_t l; const char *t = ex_to_str(ctx->a, &a[0], &l);
        ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%.*s'", (int)(l > 128 ? 128 : l), t);
        return;
    }
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(x, &y, &mo, &d, &h, &mi, &s, &us);
    if (!mo || !d) {   /* a DATE/DATETIME value gives NULL silently */
        if (a[0].t == VT_DATE || a[0].t == VT_DATETIME) return;
        size_t l; const char *t = ex_to_str(ctx->a, &a[0], &l);
        ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%.*s'", (int)(l > 128 ? 128 : l), t);
        return;
    }
    *out = ex_int((int64_t)ex_fn_daynr(y, mo, d) * 86400 + h * 3600 + mi * 60 + s);
}

static void fn_period_add(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    long p = (long)ex_to_int(&a[0]), m = (long)ex_to_int(&a[1]);
    if (!p) { *out = ex_int(0); return; }
    *out = ex_int(month_to_period((long)((unsigned long)period_to_month(p) + (unsigned long)m)));
}

static void fn_period_diff(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_int((long)((unsigned long)period_to_month((long)ex_to_int(&a[0])) -
                         (unsigned long)period_to_month((long)ex_to_int(&a[1]))));
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
    *out = text(ctx, buf, k, a[0].t == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
}

static void fn_asin(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    double x = ex_to_double(&a[0]);
    if (x < -1 || x > 1) return;
    *out = ex_dbl(fd->id == EX_FX_ASIN ? asin(x) : acos(x));
}

static void fn_atan2(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(atan2(ex_to_double(&a[0]), ex_to_double(&a[1])));
}

static void fn_cot(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    double x = ex_to_double(&a[0]), t = tan(x);
    if (t == 0) {
        char nm[128];
        snprintf(nm, sizeof nm, "cot(%.*s)", e && e->nargs ? (int)(e->args[0]->srclen > 100 ? 100 : e->args[0]->srclen) : 0,
                 e && e->nargs ? e->args[0]->start : "");
        ex_raise(ctx, 1690, "22003", "DOUBLE value is out of range in '%s'", nm);
    }
    *out = ex_dbl(1.0 / t);
}

static void fn_is_ipv4(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL) { *out = ex_int(0); return; }
    size_t l;
    const char *s = ex_to_str(ctx->a, &a[0], &l);
    char buf[64];
    unsigned char addr[16];
    if (l >= sizeof buf) { *out = ex_int(0); return; }
    memcpy(buf, s, l);
    buf[l] = 0;
    *out = ex_int(inet_pton(fd->id == EX_FX_IS_IPV4 ? AF_INET : AF_INET6, buf, addr) == 1);
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
    *out = text(ctx, buf, k, a[1].t == VT_STRING ? a[1].coll : COLL_UTF8MB4_GENERAL_CI);
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
    *out = text(ctx, buf, k, a[1].t == VT_STRING ? a[1].coll : COLL_UTF8MB4_GENERAL_CI);
}

static void fn_interval(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* INTERVAL(N, N1, N2, ...): how many of N1.. are <= N (a binary search over
     * eight or more constant bounds, as MariaDB, which assumes them sorted) */
    if (a[0].t == VT_NULL) { *out = ex_int(-1); return; }
    double x = ex_to_double(&a[0]);
    bool consts = e != NULL && n > 8;
    for (int i = 1; consts && i < n; i++) {
        int k = e->args[i]->kind;
        if (k != E_INT && k != E_DECIMAL && k != E_FLOAT && k != E_STRING) consts = false;
    }
    if (consts) {
        int lo = 0, hi = n - 2;
        while (lo != hi) {
            int mid = (lo + hi + 1) / 2;
            if (ex_to_double(&a[mid + 1]) <= x) lo = mid;
            else hi = mid - 1;
        }
        *out = ex_int(x < ex_to_double(&a[lo + 1]) ? 0 : lo + 1);
        return;
    }
    int i = 1;
    for (; i < n; i++) if (ex_to_double(&a[i]) > x) break;
    *out = ex_int(i - 1);
}

static void fn_inet6_aton(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l;
    const char *s = ex_to_str(ctx->a, &a[0], &l);
    char buf[64];
    unsigned char addr[16];
    if (l >= sizeof buf || memchr(s, 0, l)) return;
    memcpy(buf, s, l);
    buf[l] = 0;
    if (l && inet_pton(AF_INET, buf, addr) == 1 && strspn(buf, "0123456789.") == l) { *out = text(ctx, (char *)addr, 4, COLL_BINARY); return; }
    if (inet_pton(AF_INET6, buf, addr) == 1) { *out = text(ctx, (char *)addr, 16, COLL_BINARY); return; }
}

static void fn_inet6_ntoa(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l;
    const char *s = ex_to_str(ctx->a, &a[0], &l);
    char buf[64];
    if (a[0].t != VT_STRING || a[0].coll != COLL_BINARY || (l != 4 && l != 16)) return;
    if (!inet_ntop(l == 4 ? AF_INET : AF_INET6, s, buf, sizeof buf)) return;
    *out = text(ctx, buf, strlen(buf), COLL_UTF8MB4_GENERAL_CI);
}

static void fn_is_ipv4_compat(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL) { *out = ex_int(0); return; }
    size_t l;
    const unsigned char *s = (const unsigned char *)ex_to_str(ctx->a, &a[0], &l);
    *out = ex_int(0);
    if (a[0].t != VT_STRING || a[0].coll != COLL_BINARY || l != 16) {
        /* the value as text; a binary string's unprintable bytes as \xHH */
        char buf[200];
        size_t k = 0;
        bool bin = a[0].t == VT_STRING && a[0].coll == COLL_BINARY;
        for (size_t i = 0; i < l && k < 180; i++) {
            if (!bin || (s[i] >= 0x20 && s[i] < 0x7f)) buf[k++] = (char)s[i];
            else k += (size_t)snprintf(buf + k, sizeof buf - k, "\\x%02X", s[i]);
        }
        ex_warn(ctx, "Warning", 1292, "Incorrect inet6 value: '%.*s'", (int)k, buf);
        return;
    }
    static const unsigned char mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
    for (int i = 0; i < 10; i++) if (s[i]) return;
    if (fd->id == EX_FX_IS_IPV4_MAPPED) *out = ex_int(!memcmp(s, mapped, 12));
    else *out = ex_int(!s[10] && !s[11] && (s[12] || s[13] || s[14] || s[15] > 1));
}

static void fn_uuid_short(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* MariaDB's: server_id in the top byte, the start time's seconds, then a counter */
    static _Atomic uint64_t uuid_short;
    uint64_t cur = atomic_load(&uuid_short);
    if (!cur) {
        pdb_value sid = ex_null();
        ex_type st;
        uint64_t id0 = 1;
        if (ex_sysvar_get(ctx->s, "server_id", true, &sid, ctx->a, &st) == 0) id0 = (uint64_t)ex_to_int(&sid);
        uint64_t init = ((id0 & 255) << 56) + ((uint64_t)time(NULL) << 24);
        atomic_compare_exchange_strong(&uuid_short, &cur, init);
    }
    *out = ex_int(0);
    out->t = VT_UINT;
    out->u = atomic_fetch_add(&uuid_short, 1) + 1;
}

static void fn_random_bytes(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t k = ex_to_int(&a[0]);
    if (k < 0 || k > 1024) return;
    unsigned char *buf = stor_arena_alloc(ctx->a, (size_t)k + 1);
    if (k && RAND_bytes(buf, (int)k) != 1) return;
    *out = ex_str((char *)buf, (size_t)k, COLL_BINARY);
}

static void fn_compress(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* MariaDB's: the length in 4 bytes (little-endian, 30 bits), a zlib stream, and a
     * '.' after a final space (so CHAR columns keep it) */
    size_t l;
    const char *s = ex_to_str(ctx->a, &a[0], &l);
    if (!l) { *out = text(ctx, "", 0, COLL_BINARY); return; }
    uLongf cap = compressBound((uLong)l);
    unsigned char *buf = stor_arena_alloc(ctx->a, cap + 6);
    if (compress(buf + 4, &cap, (const Bytef *)s, (uLong)l) != Z_OK) return;
    uint32_t n32 = (uint32_t)l & 0x3FFFFFFF;
    buf[0] = (unsigned char)n32;
    buf[1] = (unsigned char)(n32 >> 8);
    buf[2] = (unsigned char)(n32 >> 16);
    buf[3] = (unsigned char)(n32 >> 24);
    size_t k = 4 + cap;
    if (buf[k - 1] == ' ') buf[k++] = '.';
    *out = ex_str((char *)buf, k, COLL_BINARY);
}

static void fn_uncompress(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l;
    const unsigned char *s = (const unsigned char *)ex_to_str(ctx->a, &a[0], &l);
    if (!l) { *out = fd->id == EX_FX_UNCOMPRESS ? text(ctx, "", 0, COLL_BINARY) : ex_int(0); return; }
    if (l <= 4 && fd->id == EX_FX_UNCOMPRESSED_LENGTH) {
        ex_warn(ctx, "Warning", 1259, "ZLIB: Input data corrupted");
        return;
    }
    uint32_t n32 = (l >= 4 ? ((uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24) : 0) & 0x3FFFFFFF;
    if (fd->id == EX_FX_UNCOMPRESSED_LENGTH) { *out = ex_int(n32); return; }
    if (l <= 4) { ex_warn(ctx, "Warning", 1259, "ZLIB: Input data corrupted"); return; }
    if (n32 > ctx->s->max_allowed_packet) {
        ex_warn(ctx, "Warning", 1256, "Uncompressed data size too large; the maximum size is %llu (probably, length of uncompressed data was corrupted)",
                (unsigned long long)ctx->s->max_allowed_packet);
        return;
    }
    uLongf got = n32;
    unsigned char *buf = stor_arena_alloc(ctx->a, (size_t)n32 + 1);
    int rc = uncompress(buf, &got, s + 4, (uLong)(l - 4));
    if (rc != Z_OK) {
        if (rc == Z_BUF_ERROR) ex_warn(ctx, "Warning", 1258, "ZLIB: Not enough room in the output buffer (probably, length of uncompressed data was corrupted)");
        else if (rc == Z_MEM_ERROR) ex_warn(ctx, "Warning", 1257, "ZLIB: Not enough memory");
        else ex_warn(ctx, "Warning", 1259, "ZLIB: Input data corrupted");
        return;
    }
    *out = ex_str((char *)buf, got, COLL_BINARY);
}

static void fn_aes_encrypt(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* AES-128-ECB with PKCS padding; the key folded into 16 bytes by XOR, as MariaDB */
    size_t l, kl;
    const char *s = ex_to_str(ctx->a, &a[0], &l), *key = ex_to_str(ctx->a, &a[1], &kl);
    unsigned char rkey[16] = { 0 };
    for (size_t i = 0; i < kl; i++) rkey[i % 16] ^= (unsigned char)key[i];
    if (fd->id == EX_FX_AES_DECRYPT && (l == 0 || l % 16)) return;
    unsigned char *buf = stor_arena_alloc(ctx->a, l + 32);
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int k1 = 0, k2 = 0;
    bool ok = c && (fd->id == EX_FX_AES_ENCRYPT ? EVP_EncryptInit_ex(c, EVP_aes_128_ecb(), NULL, rkey, NULL) == 1 &&
                                              EVP_EncryptUpdate(c, buf, &k1, (const unsigned char *)s, (int)l) == 1 &&
                                              EVP_EncryptFinal_ex(c, buf + k1, &k2) == 1
                                            : EVP_DecryptInit_ex(c, EVP_aes_128_ecb(), NULL, rkey, NULL) == 1 &&
                                              EVP_DecryptUpdate(c, buf, &k1, (const unsigned char *)s, (int)l) == 1 &&
                                              EVP_DecryptFinal_ex(c, buf + k1, &k2) == 1);
    if (c) EVP_CIPHER_CTX_free(c);
    if (!ok) return;
    *out = ex_str((char *)buf, (size_t)(k1 + k2), COLL_BINARY);
}

static void fn_password(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL) { *out = text(ctx, "", 0, COLL_UTF8MB4_GENERAL_CI); return; }
    size_t l;
    const char *s = ex_to_str(ctx->a, &a[0], &l);
    if (!l) { *out = text(ctx, "", 0, COLL_UTF8MB4_GENERAL_CI); return; }
    unsigned char h1[EVP_MAX_MD_SIZE], h2[EVP_MAX_MD_SIZE];
    unsigned int m1, m2;
    EVP_Digest(s, l, h1, &m1, EVP_sha1(), NULL);
    EVP_Digest(h1, m1, h2, &m2, EVP_sha1(), NULL);
    char buf[48];
    buf[0] = '*';
    for (unsigned int i = 0; i < m2 && i < 20; i++) snprintf(buf + 1 + 2 * i, 3, "%02X", h2[i]);
    *out = text(ctx, buf, 41, COLL_UTF8MB4_GENERAL_CI);
}

static void fn_old_password(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l;
    const unsigned char *s = (const unsigned char *)ex_to_str(ctx->a, &a[0], &l);
    if (!l) { *out = text(ctx, "", 0, COLL_UTF8MB4_GENERAL_CI); return; }
    uint64_t h[2];
    old_hash(s, l, h);
    char buf[24];
    snprintf(buf, sizeof buf, "%08lx%08lx", (unsigned long)h[0], (unsigned long)h[1]);
    *out = text(ctx, buf, 16, COLL_UTF8MB4_GENERAL_CI);
}

static void fn_encode(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* MariaDB's SQL_CRYPT: a byte permutation shuffled by a generator seeded from
     * the password's old hash, each byte then mixed with a running shift */
    size_t l, kl;
    const char *src = ex_to_str(ctx->a, &a[0], &l);
    const unsigned char *key = (const unsigned char *)ex_to_str(ctx->a, &a[1], &kl);
    uint64_t h[2];
    old_hash(key, kl, h);
    ex_rand r;
    r.s1 = h[0] % RAND_MAX_VALUE;
    r.s2 = h[1] % RAND_MAX_VALUE;
    unsigned char dec[256], enc[256];
    for (int i = 0; i < 256; i++) dec[i] = (unsigned char)i;
    for (int i = 0; i < 256; i++) {
        int idx = (int)(rand_next(&r) * 255.0);
        unsigned char t = dec[idx];
        dec[idx] = dec[i];
        dec[i] = t;
    }
    for (int i = 0; i < 256; i++) enc[dec[i]] = (unsigned char)i;
    unsigned char *o = stor_arena_alloc(ctx->a, l + 1);
    unsigned shift = 0;
    for (size_t i = 0; i < l; i++) {
        shift ^= (unsigned)(rand_next(&r) * 255.0);
        unsigned c = (unsigned char)src[i];
        if (fd->id == EX_FX_ENCODE) { o[i] = (unsigned char)(enc[c] ^ shift); shift ^= c; }
        else { o[i] = dec[(c ^ shift) & 255]; shift ^= o[i]; }
    }
    *out = ex_str((char *)o, l, COLL_BINARY);
}

static void fn_coercibility(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_int(e ? coercibility(e->args[0], &a[0]) : 4);
}

static void fn_benchmark(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL) return;
    /* the expression was evaluated once already; MariaDB's answer is 0 either way */
    int64_t k = ex_to_int(&a[0]);
    if (k < 0) {
        char buf[32];
        snprintf(buf, sizeof buf, "%lld", (long long)k);
        ex_warn(ctx, "Warning", 1411, "Incorrect count value: '%s' for function benchmark", buf);
        return;
    }
    *out = ex_int(0);
}

static void fn_name_const(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = a[1];
}

static void fn_get_format(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    static const char *const names[] = { "USA", "JIS", "ISO", "EUR", "INTERNAL" };
    static const char *const fmt[3][5] = {
        { "%m.%d.%Y", "%Y-%m-%d", "%Y-%m-%d", "%d.%m.%Y", "%Y%m%d" },
        { "%Y-%m-%d %H.%i.%s", "%Y-%m-%d %H:%i:%s", "%Y-%m-%d %H:%i:%s", "%Y-%m-%d %H.%i.%s", "%Y%m%d%H%i%s" },
        { "%h:%i:%s %p", "%H:%i:%s", "%H:%i:%s", "%H.%i.%s", "%H%i%s" },
    };
    size_t lk, l;
    const char *kind = ex_to_str(ctx->a, &a[0], &lk), *s = ex_to_str(ctx->a, &a[1], &l);
    int k = lk && kind[0] == 'T' ? 2 : lk > 4 ? 1 : 0;
    for (int i = 0; i < 5; i++)
        if (strlen(names[i]) == l && !strncasecmp(names[i], s, l)) { *out = text(ctx, fmt[k][i], strlen(fmt[k][i]), COLL_UTF8MB4_GENERAL_CI); return; }
}

static const ex_fdef rows[] = {
    { "ACOS", 1, 1, EX_FN_NULL_IN, EX_FX_ACOS, ty_asin, fn_asin },
    { "ADDTIME", 2, 2, EX_FN_NULL_IN, EX_FX_ADDTIME, ty_addtime, fn_addtime },
    { "AES_DECRYPT", 2, 2, EX_FN_NULL_IN, EX_FX_AES_DECRYPT, ty_aes_decrypt, fn_aes_encrypt },
    { "AES_ENCRYPT", 2, 2, EX_FN_NULL_IN, EX_FX_AES_ENCRYPT, ty_aes_encrypt, fn_aes_encrypt },
    { "ASIN", 1, 1, EX_FN_NULL_IN, EX_FX_ASIN, ty_asin, fn_asin },
    { "ATAN2", 2, 2, EX_FN_NULL_IN, EX_FX_ATAN2, ty_asin, fn_atan2 },
    { "BENCHMARK", 2, 2, EX_FN_VOLATILE, EX_FX_BENCHMARK, ty_benchmark, fn_benchmark },
    { "COERCIBILITY", 1, 1, 0, EX_FX_COERCIBILITY, ty_coercibility, fn_coercibility },
    { "COMPRESS", 1, 1, EX_FN_NULL_IN, EX_FX_COMPRESS, ty_compress, fn_compress },
    { "CONVERT_TZ", 3, 3, EX_FN_NULL_IN, EX_FX_CONVERT_TZ, ty_convert_tz, fn_convert_tz },
    { "COT", 1, 1, EX_FN_NULL_IN, EX_FX_COT, ty_asin, fn_cot },
    { "DECODE", 2, 2, EX_FN_NULL_IN, EX_FX_DECODE, ty_encode, fn_encode },
    { "ENCODE", 2, 2, EX_FN_NULL_IN, EX_FX_ENCODE, ty_encode, fn_encode },
    { "EXPORT_SET", 3, 5, EX_FN_NULL_IN, EX_FX_EXPORT_SET, ty_make_set, fn_export_set },
    { "GET_FORMAT", 2, 2, EX_FN_NULL_IN, EX_FX_GET_FORMAT, ty_get_format, fn_get_format },
    { "INET6_ATON", 1, 1, EX_FN_NULL_IN, EX_FX_INET6_ATON, ty_inet6_aton, fn_inet6_aton },
    { "INET6_NTOA", 1, 1, EX_FN_NULL_IN, EX_FX_INET6_NTOA, ty_inet6_ntoa, fn_inet6_ntoa },
    { "INTERVAL", 2, -1, 0, EX_FX_INTERVAL, ty_interval, fn_interval },
    { "IS_IPV4", 1, 1, 0, EX_FX_IS_IPV4, ty_is_ipv4, fn_is_ipv4 },
    { "IS_IPV4_COMPAT", 1, 1, 0, EX_FX_IS_IPV4_COMPAT, ty_is_ipv4_compat, fn_is_ipv4_compat },
    { "IS_IPV4_MAPPED", 1, 1, 0, EX_FX_IS_IPV4_MAPPED, ty_is_ipv4_compat, fn_is_ipv4_compat },
    { "IS_IPV6", 1, 1, 0, EX_FX_IS_IPV6, ty_is_ipv4, fn_is_ipv4 },
    { "MAKETIME", 3, 3, EX_FN_NULL_IN, EX_FX_MAKETIME, ty_maketime, fn_maketime },
    { "MAKE_SET", 2, -1, 0, EX_FX_MAKE_SET, ty_make_set, fn_make_set },
    { "NAME_CONST", 2, 2, 0, EX_FX_NAME_CONST, ty_name_const, fn_name_const },
    { "OLD_PASSWORD", 1, 1, EX_FN_NULL_IN, EX_FX_OLD_PASSWORD, ty_old_password, fn_old_password },
    { "PASSWORD", 1, 1, 0, EX_FX_PASSWORD, ty_password, fn_password },
    { "PERIOD_ADD", 2, 2, EX_FN_NULL_IN, EX_FX_PERIOD_ADD, ty_period_add, fn_period_add },
    { "PERIOD_DIFF", 2, 2, EX_FN_NULL_IN, EX_FX_PERIOD_DIFF, ty_period_add, fn_period_diff },
    { "RANDOM_BYTES", 1, 1, EX_FN_NULL_IN | EX_FN_VOLATILE, EX_FX_RANDOM_BYTES, ty_random_bytes, fn_random_bytes },
    { "SEC_TO_TIME", 1, 1, EX_FN_NULL_IN, EX_FX_SEC_TO_TIME, ty_sec_to_time, fn_sec_to_time },
    { "SOUNDEX", 1, 1, EX_FN_NULL_IN, EX_FX_SOUNDEX, ty_soundex, fn_soundex },
    { "SUBTIME", 2, 2, EX_FN_NULL_IN, EX_FX_SUBTIME, ty_addtime, fn_addtime },
    { "TIMEDIFF", 2, 2, EX_FN_NULL_IN, EX_FX_TIMEDIFF, ty_timediff, fn_timediff },
    { "TIMESTAMP", 1, 2, EX_FN_NULL_IN, EX_FX_TIMESTAMP, ty_timestamp, fn_timestamp },
    { "TIME_FORMAT", 2, 2, EX_FN_NULL_IN, EX_FX_TIME_FORMAT, ty_time_format, fn_time_format },
    { "TO_SECONDS", 1, 1, EX_FN_NULL_IN, EX_FX_TO_SECONDS, ty_to_seconds, fn_to_seconds },
    { "UNCOMPRESS", 1, 1, EX_FN_NULL_IN, EX_FX_UNCOMPRESS, ty_uncompress, fn_uncompress },
    { "UNCOMPRESSED_LENGTH", 1, 1, EX_FN_NULL_IN, EX_FX_UNCOMPRESSED_LENGTH, ty_uncompressed_length, fn_uncompress },
    { "UUID_SHORT", 0, 0, EX_FN_NULL_IN | EX_FN_VOLATILE, EX_FX_UUID_SHORT, ty_uuid_short, fn_uuid_short },
};
const ex_ftable ex_fam_more = { rows, (int)(sizeof rows / sizeof rows[0]) };
