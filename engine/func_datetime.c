/* func_datetime.c - date and time functions: NOW and friends, DATE_ADD/DATE_SUB and intervals,
 * DATE_FORMAT/STR_TO_DATE, the parts (YEAR..MICROSECOND, WEEK modes), TIMEDIFF/ADDTIME,
 * TIMESTAMPDIFF, CONVERT_TZ, PERIOD_*, GET_FORMAT.
 * Each SQL function is a body (fn_*), a type rule (ty_*) and a row of the table at the
 * end (ARCHITECTURE.md "Function registry"). */
#include "engine/func_int.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <stdatomic.h>
#include <pthread.h>
#include <unicode/ucal.h>
#include <unicode/ustring.h>
#include <unicode/uenum.h>

static int str_to_date_kind(const char *f, size_t n);

/* Digits after the point in a datetime's text, at most 6. */
static int text_digits(const char *s, size_t n)
{
    const char *dot = memchr(s, '.', n);
    int k = 0;
    if (dot) for (const char *q = dot + 1; q < s + n && *q >= '0' && *q <= '9'; q++) k++;
    return k > 6 ? 6 : k;
}

/* The fractional seconds a number gives as a timestamp: a decimal's scale, 6 for a
 * double or a string, none for an integer. */
static int num_fsp(const ex_type *a)
{
    if (a->vt == VT_INT || a->vt == VT_UINT || a->vt == VT_DATE || a->vt == VT_NULL || a->hexnum || a->ptype == MYSQL_TYPE_BIT) return 0;
    if (a->vt == VT_DECIMAL || a->vt == VT_DATETIME || a->vt == VT_TIME) return a->decimals > 6 ? 6 : a->decimals;
    return 6;
}

/* num_fsp of a value as it runs. A string's or a double's digits: 6 for SEC_TO_TIME; for
 * FROM_UNIXTIME (seen: -1) 6 when its seconds have a fraction, else none ('12.5', '12'). */
static int run_fsp(const pdb_value *v, bool seen)
{
    if (v->t == VT_DECIMAL || v->t == VT_DATETIME || v->t == VT_TIME) return v->scale > 6 ? 6 : v->scale;
    if (v->t == VT_STRING && ex_is_hexnum(v)) return 0;   /* (BIT: a number) */
    if (v->t == VT_DOUBLE || v->t == VT_STRING) return seen ? -1 : 6;
    return 0;
}

static void ty_now(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DATETIME;
    t->ptype = MYSQL_TYPE_DATETIME;
    t->length = 19;
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    t->nullable = fd->id == F_FROM_UNIXTIME;
    if (fd->id == F_FROM_UNIXTIME && n == 2) ex_fn_t_str(t, 19, COLL_UTF8MB4_GENERAL_CI);
    else {   /* fractional seconds: NOW(n)'s n, FROM_UNIXTIME's argument's */
        int fsp = fd->id == F_FROM_UNIXTIME ? num_fsp(&a[0]) : n && e && e->args[0]->kind == E_INT ? atoi(e->args[0]->s) : 0;
        if (fsp > 6) fsp = 6;
        t->decimals = (uint8_t)fsp;
        if (fsp) t->length += (uint32_t)fsp + 1;
    }
}

static void ty_date(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DATE;
    t->ptype = MYSQL_TYPE_DATE;
    t->length = 10;
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    t->nullable = true;
}

static void ty_curtime(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_TIME;
    t->ptype = MYSQL_TYPE_TIME;
    t->length = 10;
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    if (n && e && e->args[0]->kind == E_INT) {
        int fsp = atoi(e->args[0]->s);
        t->decimals = (uint8_t)(fsp > 6 ? 6 : fsp);
        if (t->decimals) t->length += t->decimals + 1u;
    }
}

static void ty_date_add(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    memset(t, 0, sizeof *t);
    if (a[0].vt == VT_DATE) {
        const char *u = e && e->args[1]->kind == E_INTERVAL ? e->args[1]->s : "DAY";
        bool date_unit = !strcmp(u, "DAY") || !strcmp(u, "WEEK") || !strcmp(u, "MONTH") || !strcmp(u, "QUARTER") || !strcmp(u, "YEAR") || !strcmp(u, "YEAR_MONTH");
        if (date_unit) { t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10; }
        else { t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->length = 19; }
        t->coll = COLL_BINARY; t->flags = BINARY_FLAG;
    } else if (a[0].vt == VT_DATETIME) { t->vt = VT_DATETIME;
    t->ptype = MYSQL_TYPE_DATETIME;
    t->length = 19;
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    }
    else if (a[0].vt == VT_TIME) {
        /* TIME with day-time units; DATETIME (always NULL) with month units */
        const char *u = e && e->args[1]->kind == E_INTERVAL ? e->args[1]->s : "DAY";
        bool month_unit = !strcmp(u, "MONTH") || !strcmp(u, "QUARTER") || !strcmp(u, "YEAR") || !strcmp(u, "YEAR_MONTH");
        t->vt = month_unit ? VT_DATETIME : VT_TIME; t->ptype = month_unit ? MYSQL_TYPE_DATETIME : MYSQL_TYPE_TIME;
        t->length = month_unit ? 19 : 10; t->coll = COLL_BINARY; t->flags = BINARY_FLAG;
        if (!month_unit) {
            int fsp = a[0].decimals;
            int ifsp = strstr(u, "MICROSECOND") ? 6 : strcmp(u, "SECOND") ? 0 : a[1].vt == VT_DECIMAL ? a[1].decimals :
                       a[1].vt == VT_DOUBLE || a[1].vt == VT_STRING ? 6 : 0;
            if (ifsp > fsp) fsp = ifsp;
            t->decimals = (uint8_t)(fsp > 6 ? 6 : fsp);
            if (t->decimals) t->length += t->decimals + 1u;
        }
    }
    else { ex_fn_t_str(t, 29, COLL_UTF8MB4_GENERAL_CI); t->ptype = MYSQL_TYPE_STRING; }
    t->nullable = true;
    if (t->vt == VT_DATETIME && e && e->args[1]->kind == E_INTERVAL) {
        /* fractional seconds: the datetime's and the interval's (a SECOND amount's own, 6 for MICROSECOND) */
        const char *u = e->args[1]->s;
        int fsp = a[0].vt == VT_DATETIME ? a[0].decimals : 0;
        int ifsp = strstr(u, "MICROSECOND") ? 6 : strcmp(u, "SECOND") ? 0 : a[1].vt == VT_DECIMAL ? a[1].decimals :
                   a[1].vt == VT_DOUBLE || a[1].vt == VT_STRING ? 6 : 0;
        if (ifsp > fsp) fsp = ifsp;
        if (fsp > 6) fsp = 6;
        t->decimals = (uint8_t)fsp;
        t->length = 19 + (fsp ? (uint32_t)fsp + 1 : 0);
    }
}

static void ty_date_format(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 64, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_year(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 4);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_month(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 2);
    t->ptype = MYSQL_TYPE_LONG;
    if (fd->id == F_HOUR) t->length = 3;
    if (fd->id == F_DAYOFWEEK || fd->id == F_WEEKDAY) t->length = 1;
}

static void ty_dayofyear(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 3);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_datediff(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 11);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_long6(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 6);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_time(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    int fsp = e && e->args[0]->kind == E_STRING ? text_digits(e->args[0]->s, e->args[0]->slen) : num_fsp(&a[0]);
    memset(t, 0, sizeof *t);
    t->vt = VT_TIME;
    t->ptype = MYSQL_TYPE_TIME;
    t->length = 10;
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    t->nullable = true;
    t->decimals = (uint8_t)(fsp > 6 ? 6 : fsp);
    if (t->decimals) t->length += t->decimals + 1u;
}

static void ty_str_to_date(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    /* DATE, TIME or DATETIME by the parts a constant format has; DATETIME(6) otherwise */
    int k = e && e->nargs == 2 && e->args[1]->kind == E_STRING ? str_to_date_kind(e->args[1]->s, e->args[1]->slen) : 7;
    memset(t, 0, sizeof *t);
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    t->nullable = true;
    if ((k & 3) == 1) { t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10; }
    else if ((k & 3) == 2) { t->vt = VT_TIME; t->ptype = MYSQL_TYPE_TIME; t->length = 10; }
    else { t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->length = 19; }
    if (k & 4) { t->decimals = 6; t->length += 7; }
}

static void ty_weekofyear(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 2);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_utc_date(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DATE;
    t->ptype = MYSQL_TYPE_DATE;
    t->length = 10;
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
}

static void ty_quarter(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 1);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_timestampdiff(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 21);
}

static void ty_time_to_sec(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    int fsp = a[0].vt == VT_DATE ? 0 : a[0].vt == VT_DATETIME || a[0].vt == VT_TIME ? a[0].decimals : num_fsp(&a[0]);
    if (e && e->args[0]->kind == E_STRING) {   /* the fraction digits the text gives a time */
        ex_time_scan r;
        const char *q = e->args[0]->s;
        size_t k = strspn(q, " \t0123456789");
        bool date_alone = k && (q[k] == '-' || q[k] == '/') && !strchr(q, ':');   /* read as its leading digits */
        ex_scan_time(q, e->args[0]->slen, 838, true, &r);
        fsp = date_alone ? 0 : r.kind != EX_TS_ERROR ? text_digits(q, e->args[0]->slen) : 6;
    }
    if (fsp > 6) fsp = 6;
    if (!fsp) { ex_fn_t_int(t, 17); return; }
    memset(t, 0, sizeof *t);
    t->vt = VT_DECIMAL;
    t->ptype = MYSQL_TYPE_NEWDECIMAL;
    t->length = 18 + (uint32_t)fsp;
    t->decimals = (uint8_t)fsp;
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    t->nullable = true;
}

static void ty_extract(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    /* MariaDB's width: the unit's digits, plus a sign and (DAY units) three more day
     * digits unless the argument is a DATE/DATETIME; BIGINT past nine */
    static const struct { const char *u; int digits; } w[] = {
        { "YEAR", 4 }, { "YEAR_MONTH", 6 }, { "QUARTER", 2 }, { "MONTH", 2 }, { "WEEK", 2 }, { "DAY", 2 },
        { "DAY_HOUR", 4 }, { "DAY_MINUTE", 6 }, { "DAY_SECOND", 8 }, { "HOUR", 2 }, { "HOUR_MINUTE", 4 },
        { "HOUR_SECOND", 6 }, { "MINUTE", 2 }, { "MINUTE_SECOND", 4 }, { "SECOND", 2 }, { "MICROSECOND", 6 },
        { "DAY_MICROSECOND", 14 }, { "HOUR_MICROSECOND", 12 }, { "MINUTE_MICROSECOND", 10 }, { "SECOND_MICROSECOND", 8 },
    };
    int len = 11;
    if (e && e->nargs == 2 && e->args[0]->kind == E_STRING)
        for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
            if (!strcmp(w[i].u, e->args[0]->s)) {
                bool date_unit = i < 5, dated = a[1].vt == VT_DATE || a[1].vt == VT_DATETIME;
                len = w[i].digits + (date_unit || dated ? 0 : 1 + (!strncmp(w[i].u, "DAY", 3) ? 3 : 0));
            }
    ex_fn_t_int(t, (uint32_t)len);
    t->ptype = len > 9 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG;
}

static void ty_monthname(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 9, COLL_UTF8MB3_GENERAL_CI);
}

static void ty_unix_timestamp(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    if (n == 0) { ex_fn_t_int(t, 11); t->flags |= NOT_NULL_FLAG; return; }
    if (a[0].vt == VT_NULL) { ex_fn_t_int(t, 11); return; }   /* UNIX_TIMESTAMP(NULL): BIGINT */
    {   /* BIGINT for a value without fractional seconds, else DECIMAL with its digits */
        int fsp = a[0].vt == VT_DATE ? 0 : a[0].vt == VT_DATETIME || a[0].vt == VT_TIME ? a[0].decimals : 6;
        if (e && e->args[0]->kind == E_STRING) {
            int64_t dt; bool isd;
            fsp = ex_parse_datetime(e->args[0]->s, e->args[0]->slen, &dt, &isd) >= 0 ? text_digits(e->args[0]->s, e->args[0]->slen) : 6;
        } else if (a[0].vt == VT_INT || a[0].vt == VT_UINT || a[0].vt == VT_DECIMAL) fsp = num_fsp(&a[0]);
        if (fsp > 6) fsp = 6;
        if (!fsp) { ex_fn_t_int(t, 11); return; }
        memset(t, 0, sizeof *t); t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->length = 17 + (uint32_t)fsp; t->decimals = (uint8_t)fsp;
        t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
    }
}

/* A date the calendar knows: a zero month or day (a zero date) gives NULL with
 * MariaDB's 1292 warning; warn = false for the functions that return NULL silently. */
static bool get_dt_full(ex_ctx *ctx, const pdb_value *v, int64_t *dt, bool *isdate, bool warn)
{
    if (!ex_fn_get_dt(ctx, v, dt, isdate)) return false;
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(*dt, &y, &mo, &d, &h, &mi, &s, &us);
    if (mo && d) return true;
    if (warn && v->t != VT_DATE && v->t != VT_DATETIME) {   /* a DATE/DATETIME value gives NULL silently */
        char buf[PDB_VALUE_TEXT_MAX];
        const char *txt;
        size_t n = pdb_value_text(v, NULL, buf, sizeof buf, &txt);
        ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%s'", ex_errconv_bin(ctx->a, txt, (size_t)(n > 128 ? 128 : n)));
    }
    return false;
}

bool ex_num_datetime(const pdb_value *v, int64_t *dt, bool *isdate) { return ex_fn_num_dt(v, dt, isdate); }

bool ex_datetime_of_time(ex_ctx *ctx, int64_t us, int64_t *dt)
{
    pdb_value v = ex_int(us);
    bool isd;
    v.t = VT_TIME;
    return ex_fn_get_dt(ctx, &v, dt, &isd);
}

static int weekday(long dn) { return (int)((dn + 5) % 7); }   /* 0 = Monday */

/* MySQL's calc_week */
static int calc_week(int y, int m, int d, int mode, int *year_out)
{
    long dn = ex_fn_daynr(y, m, d), first = ex_fn_daynr(y, 1, 1);
    bool monday_first = mode & 1, week_year = mode & 2, first_weekday = mode & 4;
    if (!monday_first) first_weekday = !first_weekday ? false : true;
    bool mf = (mode & 1) != 0;
    bool wy = (mode & 2) != 0;
    bool fw = !(mode & 4);   /* WEEK_FIRST_WEEKDAY flag as in MySQL: set when mode&4 == 0 */
    (void)monday_first; (void)week_year; (void)first_weekday;
    /* MySQL: week_behaviour = mode; if !(mode & WEEK_MONDAY_FIRST) mode ^= WEEK_FIRST_WEEKDAY */
    int wb = mode;
    if (!(wb & 1)) wb ^= 4;
    mf = (wb & 1) != 0; wy = (wb & 2) != 0; fw = (wb & 4) != 0;
    int wd = mf ? weekday(first) : (weekday(first) + 1) % 7;
    *year_out = y;
    if (m == 1 && d <= 7 - wd) {
        if (!wy && ((fw && wd != 0) || (!fw && wd >= 4))) return 0;
        wy = true;
        (*year_out)--;
        first -= (((*year_out % 4 == 0 && *year_out % 100 != 0) || *year_out % 400 == 0) ? 366 : 365);
        wd = (wd + 53 * 7 - (((*year_out % 4 == 0 && *year_out % 100 != 0) || *year_out % 400 == 0) ? 366 : 365)) % 7;
    }
    long days;
    if ((fw && wd != 0) || (!fw && wd >= 4)) days = dn - (first + (7 - wd));
    else days = dn - (first - wd);
    if (wy && days >= 52 * 7) {
        wd = (wd + (((*year_out % 4 == 0 && *year_out % 100 != 0) || *year_out % 400 == 0) ? 366 : 365)) % 7;
        if ((!fw && wd < 4) || (fw && wd == 0)) { (*year_out)++; return 1; }
    }
    return (int)(days / 7 + 1);
}

static const char *month_names[] = { "January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December" };
static const char *day_names[] = { "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday" };

/* MariaDB's calc_week on unsigned day counts: a zero date's week wraps around as there */
static uint32_t calc_week_u(int y, int m, int d, int mode, int *year_out)
{
    if (m) return (uint32_t)calc_week(y, m, d, mode, year_out);
    long dn = ex_fn_daynr(y, m, d), first = ex_fn_daynr(y, 1, 1);
    int wb = mode;
    if (!(wb & 1)) wb ^= 4;
    bool mf = (wb & 1) != 0, wy = (wb & 2) != 0, fw = (wb & 4) != 0;
    int wd = mf ? weekday(first) : (weekday(first) + 1) % 7;
    *year_out = y;
    uint32_t days = (fw && wd != 0) || (!fw && wd >= 4) ? (uint32_t)(dn - (first + (7 - wd))) : (uint32_t)(dn - (first - wd));
    if (wy && days >= 52 * 7) {
        wd = (wd + (((y % 4 == 0 && y % 100 != 0) || y % 400 == 0) ? 366 : 365)) % 7;
        if ((!fw && wd < 4) || (fw && wd == 0)) { (*year_out)++; return 1; }
    }
    return days / 7 + 1;
}

/* DATE_FORMAT's text of dt; NULL when the format asks for what the date lacks (a name
 * of a zero month, the weekday of a zero date, ...) or is empty, as MariaDB. */
static pdb_value date_format_parts(ex_ctx *ctx, bool neg, int y, int mo, int d, int h, int mi, int s, int us, const char *f, size_t fn);

static pdb_value date_format(ex_ctx *ctx, int64_t dt, const char *f, size_t fn)
{
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
    return date_format_parts(ctx, false, y, mo, d, h, mi, s, us, f, fn);
}

/* The same from the parts (a TIME: no date, all its hours, a sign in front). */
static pdb_value date_format_parts(ex_ctx *ctx, bool neg, int y, int mo, int d, int h, int mi, int s, int us, const char *f, size_t fn)
{
    if (!fn) return ex_null();
    char *out = stor_arena_alloc(ctx->a, fn * 12 + 16);
    size_t o = 0;
    if (neg) out[o++] = '-';
    long dn = ex_fn_daynr(y, mo, d);
    bool named = mo || y;   /* a weekday needs a month or a year */
    for (size_t i = 0; i < fn; i++) {
        if (f[i] != '%' || i + 1 >= fn) { out[o++] = f[i]; continue; }
        char c = f[++i];
        int yy;
        switch (c) {
        case 'Y': o += (size_t)sprintf(out + o, "%04d", y); break;
        case 'y': o += (size_t)sprintf(out + o, "%02d", y % 100); break;
        case 'm': o += (size_t)sprintf(out + o, "%02d", mo); break;
        case 'c': o += (size_t)sprintf(out + o, "%d", mo); break;
        case 'M': if (!mo) return ex_null(); o += (size_t)sprintf(out + o, "%s", month_names[mo - 1]); break;
        case 'b': if (!mo) return ex_null(); o += (size_t)sprintf(out + o, "%.3s", month_names[mo - 1]); break;
        case 'd': o += (size_t)sprintf(out + o, "%02d", d); break;
        case 'e': o += (size_t)sprintf(out + o, "%d", d); break;
        case 'D': o += (size_t)sprintf(out + o, "%d%s", d, (d % 10 == 1 && d != 11) ? "st" : (d % 10 == 2 && d != 12) ? "nd" : (d % 10 == 3 && d != 13) ? "rd" : "th"); break;
        case 'H': o += (size_t)sprintf(out + o, "%02d", h); break;
        case 'k': o += (size_t)sprintf(out + o, "%d", h); break;
        case 'h': case 'I': o += (size_t)sprintf(out + o, "%02d", h % 12 ? h % 12 : 12); break;
        case 'l': o += (size_t)sprintf(out + o, "%d", h % 12 ? h % 12 : 12); break;
        case 'i': o += (size_t)sprintf(out + o, "%02d", mi); break;
        case 's': case 'S': o += (size_t)sprintf(out + o, "%02d", s); break;
        case 'f': o += (size_t)sprintf(out + o, "%06d", us); break;
        case 'p': o += (size_t)sprintf(out + o, "%s", h % 24 < 12 ? "AM" : "PM"); break;
        case 'r': o += (size_t)sprintf(out + o, "%02d:%02d:%02d %s", h % 12 ? h % 12 : 12, mi, s, h % 24 < 12 ? "AM" : "PM"); break;
        case 'T': o += (size_t)sprintf(out + o, "%02d:%02d:%02d", h, mi, s); break;
        case 'W': if (!named) return ex_null(); o += (size_t)sprintf(out + o, "%s", day_names[weekday(dn)]); break;
        case 'a': if (!named) return ex_null(); o += (size_t)sprintf(out + o, "%.3s", day_names[weekday(dn)]); break;
        case 'w': if (!named) return ex_null(); o += (size_t)sprintf(out + o, "%d", (weekday(dn) + 1) % 7); break;
        case 'j': if (!mo || !y) return ex_null(); o += (size_t)sprintf(out + o, "%03ld", dn - ex_fn_daynr(y, 1, 1) + 1); break;
        case 'U': o += (size_t)sprintf(out + o, "%02u", calc_week_u(y, mo, d, 0, &yy)); break;
        case 'u': o += (size_t)sprintf(out + o, "%02u", calc_week_u(y, mo, d, 1, &yy)); break;
        case 'V': o += (size_t)sprintf(out + o, "%02u", calc_week_u(y, mo, d, 2, &yy)); break;
        case 'v': o += (size_t)sprintf(out + o, "%02u", calc_week_u(y, mo, d, 3, &yy)); break;
        case 'X': calc_week_u(y, mo, d, 2, &yy); o += (size_t)sprintf(out + o, "%04d", yy); break;
        case 'x': calc_week_u(y, mo, d, 3, &yy); o += (size_t)sprintf(out + o, "%04d", yy); break;
        default: out[o++] = c; break;
        }
    }
    return ex_str(out, o, COLL_UTF8MB4_GENERAL_CI);
}

/* The leading integer of an interval amount given as a string, with MariaDB's 1292
 * warning when more follows ('1.5' DAY is one day). */
static int64_t interval_int(ex_ctx *ctx, const pdb_value *v)
{
    if (v->t == VT_DECIMAL && v->len) {   /* past BIGINT: the nearest end, with 1916 */
        ex_dec d;
        int64_t r;
        ex_dec_get(v, &d);
        if (ex_dec_to_i64(&d, &r)) {
            char buf[EX_DEC_TEXT_MAX];
            size_t n = ex_dec_value_text(v, buf);
            ex_warn(ctx, "Warning", 1916, "Got overflow when converting '%.*s' to INT. Value truncated", (int)n, buf);
        }
        return r;
    }
    if (v->t != VT_STRING) return ex_to_int(v);
    const char *s = v->p;
    size_t n = v->len, i = 0;
    while (i < n && isspace((unsigned char)s[i])) i++;
    bool neg = i < n && s[i] == '-';
    if (i < n && (s[i] == '-' || s[i] == '+')) i++;
    size_t st = i;
    int64_t r = 0;
    while (i < n && isdigit((unsigned char)s[i])) { if (r < INT64_MAX / 10 - 10) r = r * 10 + (s[i] - '0'); i++; }
    size_t e = i;
    while (e < n && isspace((unsigned char)s[e])) e++;
    if (e < n || st == i)
        ex_warn(ctx, "Warning", 1292, "Truncated incorrect INTEGER value: '%.*s'", (int)(n > 128 ? 128 : n), s);
    return neg ? -r : r;
}

/* INTERVAL amt unit as months (by_month 1), years (by_month 2: a YEAR amount) or
 * microseconds, negated for sub, as MariaDB reads it: a SECOND amount keeps its
 * fraction; the other single units take the whole number; compound units read the
 * numbers of a string ('1 2' DAY_HOUR), the last ones filling the smallest parts.
 * Months and years are counted as MariaDB's 64-bit arithmetic does, wrapping around
 * (2^63-1 YEAR is -1 year as a 32-bit year sees it). 0 = read, 1 = too large, 2 = an
 * amount it cannot read. add_interval adds it to the packed datetime dt as MariaDB's
 * date_add_interval: 0 = done, 1 = outside 0000-01-01 .. 9999-12-31 (MariaDB warns
 * 1441 and gives NULL), 2 = an amount it cannot read (NULL). */
static int interval_of(ex_ctx *ctx, const char *unit, const pdb_value *amt, bool sub, int64_t *months_out, int64_t *usecs_out, int *by_month_out)
{
    static const struct { const char *name; int n; int64_t mult[5]; bool usec; bool months; } units[] = {
        { "YEAR_MONTH", 2, { 12, 1 }, false, true },
        { "DAY_HOUR", 2, { 86400000000LL, 3600000000LL }, false, false },
        { "DAY_MINUTE", 3, { 86400000000LL, 3600000000LL, 60000000 }, false, false },
        { "DAY_SECOND", 4, { 86400000000LL, 3600000000LL, 60000000, 1000000 }, false, false },
        { "HOUR_MINUTE", 2, { 3600000000LL, 60000000 }, false, false },
        { "HOUR_SECOND", 3, { 3600000000LL, 60000000, 1000000 }, false, false },
        { "MINUTE_SECOND", 2, { 60000000, 1000000 }, false, false },
        { "DAY_MICROSECOND", 5, { 86400000000LL, 3600000000LL, 60000000, 1000000, 1 }, true, false },
        { "HOUR_MICROSECOND", 4, { 3600000000LL, 60000000, 1000000, 1 }, true, false },
        { "MINUTE_MICROSECOND", 3, { 60000000, 1000000, 1 }, true, false },
        { "SECOND_MICROSECOND", 2, { 1000000, 1 }, true, false },
    };
    int64_t months = 0, usecs = 0;
    int by_month = 0;
    if (!strcmp(unit, "YEAR") || !strcmp(unit, "QUARTER") || !strcmp(unit, "MONTH")) {
        int64_t n = interval_int(ctx, amt);
        bool quarter = !strcmp(unit, "QUARTER");
        if (quarter && (n > INT64_MAX / 3 || n < -(INT64_MAX / 3))) return 1;   /* (no wrapping here) */
        months = quarter ? n * 3 : n;
        by_month = !strcmp(unit, "YEAR") ? 2 : 1;
    } else if (!strcmp(unit, "SECOND") && amt->t != VT_INT && amt->t != VT_UINT) {
        double x = ex_to_double(amt);
        if (fabs(x) > 9.2e12) return 1;
        usecs = (int64_t)llround(x * 1e6);
    } else if (!strcmp(unit, "DAY") || !strcmp(unit, "WEEK") || !strcmp(unit, "HOUR") || !strcmp(unit, "MINUTE") ||
               !strcmp(unit, "SECOND") || !strcmp(unit, "MICROSECOND")) {
        int64_t n = interval_int(ctx, amt);
        int64_t m = !strcmp(unit, "DAY") ? 86400000000LL : !strcmp(unit, "WEEK") ? 7 * 86400000000LL :
                    !strcmp(unit, "HOUR") ? 3600000000LL : !strcmp(unit, "MINUTE") ? 60000000 :
                    !strcmp(unit, "SECOND") ? 1000000 : 1;
        if (n > INT64_MAX / m || n < -(INT64_MAX / m)) return 1;
        usecs = n * m;
    } else {
        int ui = -1;
        for (int i = 0; i < (int)(sizeof units / sizeof units[0]); i++) if (!strcmp(units[i].name, unit)) ui = i;
        if (ui < 0) return 2;
        size_t n;
        const char *p = ex_to_str(ctx->a, amt, &n), *end = p + n;
        while (p < end && isspace((unsigned char)*p)) p++;
        bool neg = p < end && *p == '-';
        if (neg) p++;
        int64_t v[5] = { 0 };
        int cnt = units[ui].n, k = 0;
        size_t flen = 0;
        while (p < end && !isdigit((unsigned char)*p)) p++;
        for (k = 0; k < cnt; k++) {
            const char *st = p;
            uint64_t x = 0;   /* (at most 19 digits: below 2^64) */
            while (p < end && isdigit((unsigned char)*p)) { x = x * 10 + (uint64_t)(*p - '0'); p++; if (p - st >= 20) return 2; }
            flen = (size_t)(p - st);
            if (x > (uint64_t)INT64_MAX && !units[ui].months) return 1;
            v[k] = (int64_t)x;   /* (years and months wrap around below, as MariaDB's do) */
            while (p < end && !isdigit((unsigned char)*p)) p++;
            if (p == end && k != cnt - 1) {   /* fewer numbers: they are the smallest parts */
                k++;
                memmove(v + cnt - k, v, sizeof v[0] * (size_t)k);
                for (int j = 0; j < cnt - k; j++) v[j] = 0;
                break;
            }
        }
        if (p != end) return 2;
        if (units[ui].usec && flen > 0 && flen != 6) {   /* the fraction's digits: '1.5' is half a second */
            int64_t f = v[cnt - 1];
            if (flen < 6) for (size_t j = flen; j < 6; j++) f *= 10;
            else for (size_t j = 6; j < flen; j++) f /= 10;
            v[cnt - 1] = f;
        }
        int64_t tot = 0;
        if (units[ui].months)   /* years and months: MariaDB's wrapping arithmetic */
            tot = (int64_t)((uint64_t)v[0] * 12 + (uint64_t)v[1]);
        else
            for (int j = 0; j < cnt; j++) {
                if (v[j] > INT64_MAX / 2 / units[ui].mult[j]) return 1;
                tot += v[j] * units[ui].mult[j];
                if (tot > INT64_MAX / 2) return 1;
            }
        if (neg) tot = (int64_t)(0 - (uint64_t)tot);
        if (units[ui].months) { months = tot; by_month = 1; }
        else usecs = tot;
    }
    if (sub) { months = (int64_t)(0 - (uint64_t)months); usecs = -usecs; }
    *months_out = months; *usecs_out = usecs; *by_month_out = by_month;
    return 0;
}

static int add_interval(ex_ctx *ctx, int64_t dt, const char *unit, const pdb_value *amt, bool sub, int64_t *out)
{
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
    int64_t months, usecs;
    int by_month;
    int rc = interval_of(ctx, unit, amt, sub, &months, &usecs, &by_month);
    if (rc) return rc;
    if (by_month == 2) {   /* years: MariaDB adds them to its 32-bit year */
        uint32_t ny = (uint32_t)((uint64_t)(uint32_t)y + (uint64_t)months);
        if (ny >= 10000) return 1;
        y = (int)ny;
        if (d > ex_fn_days_in_month(y, mo)) d = ex_fn_days_in_month(y, mo);
        *out = pdb_dt_pack(y, mo, d, h, mi, s, us);
        return 0;
    }
    if (by_month) {   /* months from year 0 in 64 bits, wrapping as MariaDB's do */
        uint64_t tm = (uint64_t)y * 12 + (uint64_t)(mo - 1) + (uint64_t)months;
        if (tm >= 12 * 10000) return 1;
        y = (int)(tm / 12); mo = (int)(tm % 12) + 1;
        if (d > ex_fn_days_in_month(y, mo)) d = ex_fn_days_in_month(y, mo);
        *out = pdb_dt_pack(y, mo, d, h, mi, s, us);
        return 0;
    }
    const int64_t day_us = 86400000000LL;
    int64_t base = (int64_t)ex_fn_daynr(y, mo, d) * day_us + ((int64_t)h * 3600 + mi * 60 + s) * 1000000 + us;
    if (usecs > 0 && base > INT64_MAX - usecs) return 1;
    int64_t total = base + usecs;
    if (total < 366 * day_us || total >= 3652425LL * day_us) return 1;
    long dn = (long)(total / day_us);
    int64_t rem = total % day_us;
    ex_fn_from_daynr(dn, &y, &mo, &d);
    *out = pdb_dt_pack(y, mo, d, (int)(rem / 3600000000LL), (int)(rem / 60000000 % 60), (int)(rem / 1000000 % 60), (int)(rem % 1000000));
    return 0;
}

/* The fractional digits DATE_ADD's interval adds: a SECOND amount's own, six for
 * MICROSECOND units, none for the others. */
static int interval_fsp(const char *unit, const pdb_value *amt)
{
    if (strstr(unit, "MICROSECOND")) return 6;
    if (strcmp(unit, "SECOND")) return 0;
    switch (amt->t) {
    case VT_DECIMAL: return amt->scale > 6 ? 6 : amt->scale;
    case VT_DOUBLE: case VT_STRING: return 6;
    default: return 0;
    }
}

/* ---------------------------------------------------------------- the session's time zone */

/* time_zone as MariaDB takes it without time zone tables: SYSTEM, or an offset from
 * -12:59 to +13:00 ('+5:30' is '+05:30'); the normalised text into norm and the offset
 * in seconds east of UTC (0 for SYSTEM), or -1 for anything else (1298). */
static bool tz_offset(const char *s, size_t n, long *off);

/* A zone name as the tz database has it (MariaDB's time zone tables, loaded from the
 * system's tzdata): ICU's zone of that name, matched without regard to case as MariaDB
 * matches it, its own spelling into id (cap UChars). */
#define TZ_MEMO 64
static struct { char name[64]; UChar id[64]; } tz_memo[TZ_MEMO];   /* names found, as typed */
static int tz_nmemo;
static pthread_mutex_t tz_memo_mu = PTHREAD_MUTEX_INITIALIZER;

static bool tz_named(const char *name, UChar *id, int32_t cap)
{
    size_t n = strlen(name);
    if (!n || n >= 64 || (int32_t)n >= cap) return false;
    for (size_t i = 0; i < n; i++) if ((unsigned char)name[i] < 0x21 || (unsigned char)name[i] > 0x7e) return false;
    pthread_mutex_lock(&tz_memo_mu);   /* (ICU's list walked once per name) */
    for (int i = 0; i < tz_nmemo; i++)
        if (!strcmp(tz_memo[i].name, name)) {
            u_strncpy(id, tz_memo[i].id, cap);
            pthread_mutex_unlock(&tz_memo_mu);
            return true;
        }
    pthread_mutex_unlock(&tz_memo_mu);
    UErrorCode st = U_ZERO_ERROR;
    UEnumeration *e = ucal_openTimeZones(&st);
    if (U_FAILURE(st)) return false;
    bool found = false;
    const char *z;
    int32_t zl;
    while (!found && (z = uenum_next(e, &zl, &st)) != NULL && U_SUCCESS(st))
        if ((size_t)zl == n && !strncasecmp(z, name, n)) { u_uastrncpy(id, z, cap); found = true; }
    uenum_close(e);
    if (found) {
        pthread_mutex_lock(&tz_memo_mu);
        if (tz_nmemo < TZ_MEMO) {
            snprintf(tz_memo[tz_nmemo].name, sizeof tz_memo[0].name, "%s", name);
            u_strncpy(tz_memo[tz_nmemo].id, id, 64);
            tz_nmemo++;
        }
        pthread_mutex_unlock(&tz_memo_mu);
    }
    return found;
}

/* A zone's calendar (closed by the caller), as a session's named zone is opened. */
static UCalendar *tz_calendar(const char *name)
{
    UChar id[64];
    if (!tz_named(name, id, 64)) return NULL;
    UErrorCode st = U_ZERO_ERROR;
    UCalendar *c = ucal_open(id, -1, "en_US", UCAL_GREGORIAN, &st);
    if (U_FAILURE(st)) return NULL;
    ucal_setGregorianChange(c, -1e300, &st);   /* (proleptic, as MariaDB's dates) */
    /* a time the clocks skip is the one they skip to, a time they pass twice the first
       of the two (MariaDB's TIME_to_gmt_sec) */
    ucal_setAttribute(c, UCAL_SKIPPED_WALL_TIME, UCAL_WALLTIME_NEXT_VALID);
    ucal_setAttribute(c, UCAL_REPEATED_WALL_TIME, UCAL_WALLTIME_FIRST);
    return c;
}

static bool cal_local(UCalendar *c, time_t secs, struct tm *tm)
{
    UErrorCode st = U_ZERO_ERROR;
    ucal_setMillis(c, (UDate)secs * 1000.0, &st);
    memset(tm, 0, sizeof *tm);
    tm->tm_year = ucal_get(c, UCAL_EXTENDED_YEAR, &st) - 1900;
    tm->tm_mon = ucal_get(c, UCAL_MONTH, &st);
    tm->tm_mday = ucal_get(c, UCAL_DATE, &st);
    tm->tm_hour = ucal_get(c, UCAL_HOUR_OF_DAY, &st);
    tm->tm_min = ucal_get(c, UCAL_MINUTE, &st);
    tm->tm_sec = ucal_get(c, UCAL_SECOND, &st);
    tm->tm_wday = ucal_get(c, UCAL_DAY_OF_WEEK, &st) - 1;
    return U_SUCCESS(st);
}

static bool cal_mktime(UCalendar *c, const struct tm *tm, time_t *out)
{
    UErrorCode st = U_ZERO_ERROR;
    ucal_clear(c);
    ucal_setDateTime(c, tm->tm_year + 1900, tm->tm_mon, tm->tm_mday, tm->tm_hour, tm->tm_min, tm->tm_sec, &st);
    UDate ms = ucal_getMillis(c, &st);
    *out = (time_t)floor(ms / 1000.0);
    return U_SUCCESS(st);
}

long ex_tz_parse(const char *text, char *norm, size_t cap)
{
    if (!strcasecmp(text, "SYSTEM")) { snprintf(norm, cap, "SYSTEM"); return 0; }
    long off;
    UChar id[64];
    if (!tz_offset(text, strlen(text), &off)) {
        if (!tz_named(text, id, 64) || strlen(text) >= cap) return -1;
        snprintf(norm, cap, "%s", text);   /* (shown as given, as MariaDB shows it) */
        return 0;
    }
    long a = off < 0 ? -off : off;
    snprintf(norm, cap, "%c%02ld:%02ld", off < 0 ? '-' : '+', a / 3600, a / 60 % 60);
    return 0;
}

/* A named zone's calendar, the session's own (opened on first use, kept until the zone
 * changes or the session ends), or NULL when time_zone is SYSTEM or an offset. */
static UCalendar *session_cal(const pdb_session *cs)
{
    pdb_session *s = (pdb_session *)cs;   /* (the session's cache only) */
    const char *z = s->time_zone;
    if (!strcmp(z, "SYSTEM") || z[0] == '+' || z[0] == '-') return NULL;
    if (s->tz_cal && !strcmp(s->tz_cal_name, z)) return s->tz_cal;
    ex_tz_free(s);
    UCalendar *c = tz_calendar(z);
    if (!c) return NULL;
    s->tz_cal = c;
    snprintf(s->tz_cal_name, sizeof s->tz_cal_name, "%s", z);
    return c;
}

void ex_tz_free(pdb_session *s)
{
    if (s->tz_cal) ucal_close(s->tz_cal);
    s->tz_cal = NULL;
}

/* The session's offset in seconds east of UTC; *sys when it is SYSTEM (the server's
 * zone, whose offset depends on the date) or a named zone (likewise). */
static long session_offset(const pdb_session *s, bool *sys)
{
    *sys = s->time_zone[0] != '+' && s->time_zone[0] != '-';
    if (*sys) return 0;
    int h = atoi(s->time_zone + 1), m = atoi(s->time_zone + 4);
    return (long)(h * 3600 + m * 60) * (s->time_zone[0] == '-' ? -1 : 1);
}

void ex_tz_local(const pdb_session *s, time_t secs, struct tm *tm)
{
    bool sys;
    long off = session_offset(s, &sys);
    UCalendar *c = sys ? session_cal(s) : NULL;
    if (c && cal_local(c, secs, tm)) return;
    if (sys) { localtime_r(&secs, tm); return; }
    time_t t = secs + off;
    gmtime_r(&t, tm);
}

time_t ex_tz_mktime(const pdb_session *s, struct tm *tm)
{
    bool sys;
    long off = session_offset(s, &sys);
    UCalendar *c = sys ? session_cal(s) : NULL;
    time_t e;
    if (c && cal_mktime(c, tm, &e)) return e;
    if (sys) return mktime(tm);
    return timegm(tm) - off;
}

/* The server's zone when it has one offset all year (no daylight saving): that offset. */
static bool system_fixed_offset(long *off)
{
    static _Atomic int known;   /* 0 not yet, 1 fixed, 2 not */
    static _Atomic long fixed;
    int k = atomic_load(&known);
    if (!k) {
        time_t probe[2] = { 1704067200, 1719792000 };   /* (2024-01-01, 2024-07-01) */
        long o[2];
        for (int i = 0; i < 2; i++) {
            struct tm tm;
            localtime_r(&probe[i], &tm);
            o[i] = tm.tm_gmtoff;
        }
        atomic_store(&fixed, o[0]);
        atomic_store(&known, k = o[0] == o[1] ? 1 : 2);
    }
    *off = atomic_load(&fixed);
    return k == 1;
}

/* TIMESTAMP columns hold their values as the server's zone (SYSTEM) gives the instant,
 * what every session sees whose time_zone is SYSTEM or the same fixed offset: then no
 * conversion. Another session's values go through the instant. */
bool ex_ts_identity(const pdb_session *s)
{
    bool sys;
    long off = session_offset(s, &sys), so;
    if (sys) return !strcmp(s->time_zone, "SYSTEM");
    return system_fixed_offset(&so) && so == off;
}

static int64_t ts_move(const pdb_session *s, int64_t packed, bool to_session)
{
    int y, mo, d, h, mi, sec, us;
    pdb_dt_unpack(packed, &y, &mo, &d, &h, &mi, &sec, &us);
    if (!y && !mo && !d) return packed;   /* the zero TIMESTAMP stays zero */
    struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = h, .tm_min = mi, .tm_sec = sec, .tm_isdst = -1 };
    time_t e = to_session ? mktime(&tm) : ex_tz_mktime(s, &tm);
    struct tm out;
    if (to_session) ex_tz_local(s, e, &out);
    else localtime_r(&e, &out);
    return pdb_dt_pack(out.tm_year + 1900, out.tm_mon + 1, out.tm_mday, out.tm_hour, out.tm_min, out.tm_sec, us);
}

int64_t ex_ts_to_session(const pdb_session *s, int64_t packed) { return ts_move(s, packed, true); }
int64_t ex_ts_from_session(const pdb_session *s, int64_t packed) { return ts_move(s, packed, false); }

void ex_store_ts(ex_ctx *ctx, const stor_column *c, pdb_value *v)
{
    if (c->type == CT_TIMESTAMP && v->t == VT_DATETIME && !ex_ts_identity(ctx->s)) v->i = ex_ts_from_session(ctx->s, v->i);
}

void ex_read_ts(const pdb_session *s, const stor_column *c, pdb_value *v)
{
    if (v->t == VT_DATETIME && c->type == CT_TIMESTAMP && !ex_ts_identity(s)) v->i = ex_ts_to_session(s, v->i);
}

static int64_t local_now(ex_ctx *ctx, bool utc)
{
    time_t secs = (time_t)(ctx->now_us / 1000000);
    struct tm tm;
    if (utc) gmtime_r(&secs, &tm); else ex_tz_local(ctx->s, secs, &tm);
    return pdb_dt_pack(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, 0);
}

const int EX_F_YEAR = F_YEAR, EX_F_MONTH = F_MONTH;

/* STR_TO_DATE's parts as read */
typedef struct stod_tm { int y, mo, d, h, mi, s, us; } stod_tm;

/* What a STR_TO_DATE format yields: 1 date parts, 2 time parts, 4 fractional seconds
 * (1 = DATE, 2 = TIME, 3 or none = DATETIME), as MariaDB decides its result type. */
static int str_to_date_kind(const char *f, size_t n)
{
    int k = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        if (f[i] != '%') continue;
        char c = f[++i];
        if (strchr("decmMbDjUuVvwWaxXYy", c)) k |= 1;
        else if (c == 'f') k |= 6;
        else if (strchr("HhIiklprSsT", c)) k |= 2;
    }
    return k ? k : 3;
}

/* Up to max digits of s (from *i); false when there are none. */
static bool stod_num(const char *s, size_t n, size_t *i, int max, int *v, int *nd)
{
    *v = 0; *nd = 0;
    while (*i < n && *nd < max && s[*i] >= '0' && s[*i] <= '9') { *v = *v * 10 + (s[*i] - '0'); (*i)++; (*nd)++; }
    return *nd > 0;
}

/* A name from names (count of them, or their first three letters) at s + *i. */
static int stod_word(const char *s, size_t n, size_t *i, const char *const *names, int count, bool abbrev)
{
    size_t st = *i, e = st;
    while (e < n && isalpha((unsigned char)s[e])) e++;
    for (int k = 0; k < count; k++) {
        size_t l = abbrev ? 3 : strlen(names[k]);
        if (e - st == l && !strncasecmp(s + st, names[k], l)) { *i = e; return k + 1; }
    }
    return 0;
}

/* MariaDB's extract_date_time: reads s after format f (spaces skipped before each
 * element) until either ends; *end is where the input stopped. false: not a date. */
static bool str_to_date_parse(const char *s, size_t n, const char *f, size_t fn, stod_tm *tm, const char **end)
{
    size_t i = 0;
    int v, nd, yearday = 0, daypart = 0;
    bool usa = false;
    for (size_t j = 0; j < fn && i < n; j++) {
        while (i < n && isspace((unsigned char)s[i])) i++;
        if (i >= n) break;
        if (f[j] != '%' || j + 1 >= fn) {
            if (!isspace((unsigned char)f[j])) { if (s[i] != f[j]) return false; i++; }
            continue;
        }
        char c = f[++j];
        switch (c) {
        case 'Y': if (!stod_num(s, n, &i, 4, &v, &nd)) return false; tm->y = nd <= 2 ? (v < 70 ? v + 2000 : v + 1900) : v; break;
        case 'y': if (!stod_num(s, n, &i, 2, &v, &nd)) return false; tm->y = v < 70 ? v + 2000 : v + 1900; break;
        case 'm': case 'c': if (!stod_num(s, n, &i, 2, &tm->mo, &nd)) return false; break;
        case 'M': if (!(tm->mo = stod_word(s, n, &i, month_names, 12, false))) return false; break;
        case 'b': if (!(tm->mo = stod_word(s, n, &i, month_names, 12, true))) return false; break;
        case 'd': case 'e': if (!stod_num(s, n, &i, 2, &tm->d, &nd)) return false; break;
        case 'D': if (!stod_num(s, n, &i, 2, &tm->d, &nd)) return false; i = i + 2 < n ? i + 2 : n; break;
        case 'h': case 'I': case 'l': usa = true; /* fall through */
        case 'k': case 'H': if (!stod_num(s, n, &i, 2, &tm->h, &nd)) return false; break;
        case 'i': if (!stod_num(s, n, &i, 2, &tm->mi, &nd)) return false; break;
        case 's': case 'S': if (!stod_num(s, n, &i, 2, &tm->s, &nd)) return false; break;
        case 'f': if (!stod_num(s, n, &i, 6, &v, &nd)) return false; for (; nd < 6; nd++) v *= 10; tm->us = v; break;
        case 'p':
            if (n - i < 2 || !usa) return false;
            if (!strncasecmp(s + i, "PM", 2)) daypart = 12;
            else if (strncasecmp(s + i, "AM", 2)) return false;
            i += 2;
            break;
        case 'W': if (!stod_word(s, n, &i, day_names, 7, false)) return false; break;
        case 'a': if (!stod_word(s, n, &i, day_names, 7, true)) return false; break;
        case 'w': if (!stod_num(s, n, &i, 1, &v, &nd) || v > 6) return false; break;
        case 'j': if (!stod_num(s, n, &i, 3, &yearday, &nd)) return false; break;
        case 'r': case 'T': {
            const char *sub = c == 'r' ? "%I:%i:%S %p" : "%H:%i:%S";
            const char *e2 = NULL;
            if (!str_to_date_parse(s + i, n - i, sub, strlen(sub), tm, &e2)) return false;
            i = (size_t)(e2 - s);
            break;
        }
        case '.': while (i < n && ispunct((unsigned char)s[i])) i++; break;
        case '@': while (i < n && isalpha((unsigned char)s[i])) i++; break;
        case '#': while (i < n && isdigit((unsigned char)s[i])) i++; break;
        default: return false;
        }
    }
    if (usa) {
        if (tm->h > 12 || tm->h < 1) return false;
        tm->h = tm->h % 12 + daypart;
    }
    if (yearday > 0) {
        long dn = ex_fn_daynr(tm->y, 1, 1) + yearday - 1;
        if (dn < 366 || dn > 3652424) return false;
        ex_fn_from_daynr(dn, &tm->y, &tm->mo, &tm->d);
    }
    if (tm->mo > 12 || tm->d > 31 || tm->h > 23 || tm->mi > 59 || tm->s > 59) return false;
    *end = s + i;
    return true;
}

static void fn_now(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* NOW(n): the statement's time with n digits of its microseconds */
    int fsp = 0;
    if (n) {
        int64_t k = ex_to_int(&a[0]);
        if (k > 6) ex_raise(ctx, 1426, "42000", "Too big precision specified for '%s'. Maximum is 6",
                            fd->id == F_CURTIME ? "curtime" : fd->id == F_UTC_TIMESTAMP ? "utc_timestamp" : "current_timestamp");
        fsp = k < 0 ? 0 : (int)k;
    }
    int64_t d = local_now(ctx, fd->id == F_UTC_TIMESTAMP), frac = ctx->now_us % 1000000;
    for (int i = fsp; i < 6; i++) frac /= 10;
    for (int i = fsp; i < 6; i++) frac *= 10;
    if (fd->id == F_CURTIME) {
        int y, mo, dd, h, mi, s, us;
        pdb_dt_unpack(d, &y, &mo, &dd, &h, &mi, &s, &us);
        *out = ex_int(((int64_t)h * 3600 + mi * 60 + s) * 1000000 + frac); out->t = VT_TIME; out->scale = (uint8_t)fsp;
        return;
    }
    *out = ex_fn_dt_value(d + frac, false);
    out->scale = (uint8_t)fsp;
}

static void fn_curdate(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(local_now(ctx, false), &y, &mo, &d, &h, &mi, &s, &us);
    *out = ex_fn_dt_value(pdb_dt_pack(y, mo, d, 0, 0, 0, 0), true);
}

static void fn_unix_timestamp(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (n == 0) { *out = ex_int(ctx->now_us / 1000000); return; }
    for (int i = 0; i < n; i++) if (a[i].t == VT_NULL) return;   /* NULL in, NULL out */
    int64_t dt;
    bool isd;
    if (!get_dt_full(ctx, &a[0], &dt, &isd, false)) return;
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
    struct tm tm = { 0 };
    tm.tm_year = y - 1900;
    tm.tm_mon = mo - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = s;
    tm.tm_isdst = -1;
    time_t t = ex_tz_mktime(ctx->s, &tm);
    if (t < 0 || t > 2147483647) return;   /* outside TIMESTAMP's range: NULL */
    /* with the digits the argument has (a DECIMAL result) */
    int fsp = a[0].t == VT_DATE ? 0 : a[0].t == VT_DATETIME || a[0].t == VT_TIME ? a[0].scale : a[0].t == VT_STRING ? text_digits(a[0].p, a[0].len) :
              a[0].t == VT_DECIMAL ? a[0].scale : a[0].t == VT_DOUBLE ? 6 : 0;
    if (fsp > 6) fsp = 6;
    if (!fsp) { *out = ex_int((int64_t)t); return; }
    for (int i = fsp; i < 6; i++) us /= 10;
    *out = ex_int((int64_t)t * ex_pow10[fsp] + us);
    out->t = VT_DECIMAL;
    out->scale = (uint8_t)fsp;
}

static void fn_utc_date(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(local_now(ctx, true), &y, &mo, &d, &h, &mi, &s, &us);
    *out = ex_fn_dt_value(pdb_dt_pack(y, mo, d, 0, 0, 0, 0), true);
}

static void fn_date_add(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l2;
    const char *s2;
    int64_t dt;
    bool isd;
    s2 = ex_to_str(ctx->a, &a[2], &l2);
    char unit[32];
    snprintf(unit, sizeof unit, "%.*s", (int)l2, s2);
    bool date_unit = !strcmp(unit, "DAY") || !strcmp(unit, "WEEK") || !strcmp(unit, "MONTH") || !strcmp(unit, "QUARTER") || !strcmp(unit, "YEAR") || !strcmp(unit, "YEAR_MONTH");
    if (a[0].t == VT_DATE || a[0].t == VT_DATETIME) {
        /* a zero date or one with a zero part: NULL with 1292, shown as the result type shows it */
        int y, mo, d, h, mi, s, us;
        pdb_dt_unpack(a[0].i, &y, &mo, &d, &h, &mi, &s, &us);
        if (!mo || !d) {
            pdb_value v = ex_fn_dt_value(a[0].i, a[0].t == VT_DATE && date_unit);
            v.scale = 0;   /* shown without its fraction */
            char buf[64];
            const char *txt;
            size_t k = pdb_value_text(&v, NULL, buf, sizeof buf, &txt);
            ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%s'", ex_errconv_bin(ctx->a, txt, (size_t)(k)));
            return;
        }
    }
    if (a[0].t == VT_TIME) {
        /* a TIME plus a day-time interval stays a TIME; months do not apply to one */
        if (a[1].t == VT_NULL) return;
        int64_t months, usecs;
        int by_month;
        int rc = interval_of(ctx, unit, &a[1], fd->id == F_DATE_SUB, &months, &usecs, &by_month);
        const int64_t max = (838 * 3600 + 59 * 60 + 59) * 1000000LL + 999999;
        if (rc == 2) return;
        if (rc || by_month || (usecs > 0 ? a[0].i > max - usecs : a[0].i < -max - usecs)) {
            ex_warn(ctx, "Warning", 1441, "Datetime function: time field overflow");
            return;
        }
        int fsp = interval_fsp(unit, &a[1]);
        *out = ex_int(a[0].i + usecs); out->t = VT_TIME;
        out->scale = (uint8_t)(a[0].scale > fsp ? a[0].scale : fsp);
        return;
    }
    if ((a[0].t == VT_INT || a[0].t == VT_UINT || a[0].t == VT_DECIMAL || a[0].t == VT_DOUBLE) && ex_fn_num_dt(&a[0], &dt, &isd)) {
        /* a number that is a zero date: the warning shows it as the datetime it became */
        int y, mo, d, h, mi, s, us;
        pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
        if (!mo || !d) {
            ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%04d-%02d-%02d %02d:%02d:%02d'", y, mo, d, h, mi, s);
            return;
        }
    }
    if (!get_dt_full(ctx, &a[0], &dt, &isd, true)) return;
    if (a[1].t == VT_NULL) return;
    int64_t r;
    int rc = add_interval(ctx, dt, unit, &a[1], fd->id == F_DATE_SUB, &r);
    if (rc == 1) ex_warn(ctx, "Warning", 1441, "Datetime function: datetime field overflow");
    if (rc) return;
    int fsp = interval_fsp(unit, &a[1]);
    if (a[0].t == VT_STRING) {
        const char *dot = memchr(a[0].p, '.', a[0].len);
        int own = 0;
        if (dot) for (const char *q = dot + 1; q < a[0].p + a[0].len && isdigit((unsigned char)*q); q++) own++;
        if (own > fsp) fsp = own > 6 ? 6 : own;
        pdb_value v = ex_fn_dt_value(r, isd && date_unit && !fsp);
        v.scale = (uint8_t)fsp;
        char *buf = stor_arena_alloc(ctx->a, 40);
        const char *o;
        size_t k = pdb_value_text(&v, NULL, buf, 40, &o);
        *out = ex_str(o, k, COLL_UTF8MB4_GENERAL_CI);
        return;
    }
    if (a[0].t == VT_DATETIME && a[0].scale > fsp) fsp = a[0].scale;
    *out = ex_fn_dt_value(r, isd && date_unit && !fsp);
    out->scale = (uint8_t)fsp;
}

static void fn_date_format(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l1;
    const char *s1;
    int64_t dt;
    bool isd;
    if (a[0].t == VT_TIME) {   /* a TIME on the zero date, all its hours, its sign in front */
        int64_t t = a[0].i < 0 ? -a[0].i : a[0].i, sec = t / 1000000;
        s1 = ex_to_str(ctx->a, &a[1], &l1);
        *out = date_format_parts(ctx, a[0].i < 0, 0, 0, 0, (int)(sec / 3600), (int)(sec / 60 % 60), (int)(sec % 60), (int)(t % 1000000), s1, l1);
        return;
    }
    if (!ex_fn_get_dt(ctx, &a[0], &dt, &isd)) return;
    s1 = ex_to_str(ctx->a, &a[1], &l1);
    *out = date_format(ctx, dt, s1, l1);
}

static void fn_from_unixtime(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l1;
    const char *s1;
    /* seconds since 1970 up to 2^31 - 1 with their microseconds (truncated) */
    int64_t secs, us = 0;
    if (a[0].t == VT_INT || a[0].t == VT_UINT) {
        if (a[0].t == VT_UINT && a[0].u > INT64_MAX) secs = INT64_MAX;
        else secs = a[0].i;
    } else if (a[0].t == VT_DECIMAL && !a[0].len) {
        int64_t p = ex_pow10[a[0].scale];
        secs = a[0].i / p;
        us = a[0].i % p;
        for (int i = a[0].scale; i < 6; i++) us *= 10;
        for (int i = 6; i < a[0].scale; i++) us /= 10;
        if (a[0].i < 0) return;
    } else {
        double x = ex_to_double_as(&a[0], "DECIMAL");   /* (MariaDB reads it as a DECIMAL) */
        if (x < 0) return;
        if (x >= 9.2e18) secs = INT64_MAX;
        else { secs = (int64_t)x; us = (int64_t)((x - (double)secs) * 1e6); }
    }
    if (secs < 0) return;
    if (secs > 2147483647) {
        char buf[80];
        const char *txt;
        size_t k = pdb_value_text(&a[0], NULL, buf, sizeof buf, &txt);
        ex_warn(ctx, "Warning", 1292, "Truncated incorrect unixtime value: '%.*s'", (int)k, txt);
        return;
    }
    time_t t = (time_t)secs;
    struct tm tm;
    ex_tz_local(ctx->s, t, &tm);
    int64_t dt = pdb_dt_pack(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)us);
    if (n == 2) { s1 = ex_to_str(ctx->a, &a[1], &l1); *out = date_format(ctx, dt, s1, l1); return; }
    int fsp = run_fsp(&a[0], true);
    if (fsp < 0) fsp = us ? 6 : 0;
    for (int i = fsp; i < 6; i++) us /= 10;
    for (int i = fsp; i < 6; i++) us *= 10;
    *out = ex_fn_dt_value(pdb_dt_pack(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)us), false);
    out->scale = (uint8_t)fsp;
}

static void fn_date(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t dt;
    bool isd;
    if (!ex_fn_get_dt(ctx, &a[0], &dt, &isd)) return;
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
    *out = ex_fn_dt_value(pdb_dt_pack(y, mo, d, 0, 0, 0, 0), true);
}

/* The date of v for the part functions; full: as the functions that warn about a bad
 * value read it (get_dt_full). False: NULL. */
static bool date_parts(ex_ctx *ctx, const pdb_value *v, bool full, int *y, int *mo, int *d)
{
    int64_t dt;
    bool isd;
    if (full ? !get_dt_full(ctx, v, &dt, &isd, true) : !ex_fn_get_dt(ctx, v, &dt, &isd)) return false;
    int h, mi, s, us;
    pdb_dt_unpack(dt, y, mo, d, &h, &mi, &s, &us);
    return true;
}

/* HOUR/MINUTE/SECOND read the argument as a TIME (a datetime's time of day; 1030 is
 * 00:10:30): its seconds, without the sign. */
static bool time_secs(ex_ctx *ctx, const pdb_value *v, int64_t *sec)
{
    int64_t t;
    if (!ex_fn_time_of(ctx, v, &t, true)) return false;
    *sec = (t < 0 ? -t : t) / 1000000;
    return true;
}

static void fn_year(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (a[0].t == VT_DATETIME || a[0].t == VT_DATE) *out = ex_int(ex_dt_year_month(a[0].i, true));   /* packed */
    else if (date_parts(ctx, &a[0], false, &y, &mo, &d)) *out = ex_int(y);
}

static void fn_month(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (a[0].t == VT_DATETIME || a[0].t == VT_DATE) *out = ex_int(ex_dt_year_month(a[0].i, false));   /* packed */
    else if (date_parts(ctx, &a[0], false, &y, &mo, &d)) *out = ex_int(mo);
}

static void fn_day(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (date_parts(ctx, &a[0], false, &y, &mo, &d)) *out = ex_int(d);
}

static void fn_hour(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t sec;
    if (time_secs(ctx, &a[0], &sec)) *out = ex_int(sec / 3600);
}

static void fn_minute(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t sec;
    if (time_secs(ctx, &a[0], &sec)) *out = ex_int((sec / 60) % 60);
}

static void fn_second(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t sec;
    if (time_secs(ctx, &a[0], &sec)) *out = ex_int(sec % 60);
}

static void fn_dayofweek(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (date_parts(ctx, &a[0], true, &y, &mo, &d) && mo) *out = ex_int((weekday(ex_fn_daynr(y, mo, d)) + 1) % 7 + 1);
}

static void fn_weekday(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (date_parts(ctx, &a[0], true, &y, &mo, &d) && mo) *out = ex_int(weekday(ex_fn_daynr(y, mo, d)));
}

static void fn_dayofyear(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (date_parts(ctx, &a[0], true, &y, &mo, &d) && mo) *out = ex_int(ex_fn_daynr(y, mo, d) - ex_fn_daynr(y, 1, 1) + 1);
}

static void fn_week(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d, yy;
    if (!date_parts(ctx, &a[0], true, &y, &mo, &d)) return;
    int mode = n > 1 ? (int)ex_to_int(&a[1]) : 0;
    if (mo) *out = ex_int(calc_week(y, mo, d, mode & 7, &yy));
}

static void fn_yearweek(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d, yy;
    if (!date_parts(ctx, &a[0], true, &y, &mo, &d) || !mo) return;
    int mode = n > 1 ? (int)ex_to_int(&a[1]) : 0;
    int w = calc_week(y, mo, d, (mode & 7) | 2, &yy);
    *out = ex_int((int64_t)yy * 100 + w);
}

static void fn_quarter(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (date_parts(ctx, &a[0], false, &y, &mo, &d)) *out = ex_int((mo + 2) / 3);
}

static void fn_to_days(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (date_parts(ctx, &a[0], true, &y, &mo, &d) && mo) *out = ex_int(ex_fn_daynr(y, mo, d));
}

static void fn_last_day(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (date_parts(ctx, &a[0], false, &y, &mo, &d) && mo)
        *out = ex_fn_dt_value(pdb_dt_pack(y, mo, ex_fn_days_in_month(y, mo), 0, 0, 0, 0), true);
}

static void fn_monthname(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (date_parts(ctx, &a[0], false, &y, &mo, &d) && mo)
        *out = ex_fn_mkstr(ctx, month_names[mo - 1], strlen(month_names[mo - 1]), COLL_UTF8MB3_GENERAL_CI);
}

static void fn_dayname(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    if (!date_parts(ctx, &a[0], true, &y, &mo, &d) || !mo) return;
    const char *dn = day_names[weekday(ex_fn_daynr(y, mo, d))];
    *out = ex_fn_mkstr(ctx, dn, strlen(dn), COLL_UTF8MB3_GENERAL_CI);
}

static void fn_datediff(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t d1, d2;
    bool i1, i2;
    if (!get_dt_full(ctx, &a[0], &d1, &i1, true) || !get_dt_full(ctx, &a[1], &d2, &i2, true)) return;
    int y, mo, d, h, mi, s, us, y2, mo2, dd2;
    pdb_dt_unpack(d1, &y, &mo, &d, &h, &mi, &s, &us);
    pdb_dt_unpack(d2, &y2, &mo2, &dd2, &h, &mi, &s, &us);
    *out = ex_int(ex_fn_daynr(y, mo, d) - ex_fn_daynr(y2, mo2, dd2));
}

static void fn_from_days(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d;
    ex_fn_from_daynr((long)interval_int(ctx, &a[0]), &y, &mo, &d);
    *out = ex_fn_dt_value(pdb_dt_pack(y, mo, d, 0, 0, 0, 0), true);
}

static void fn_makedate(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t y = ex_to_int(&a[0]), doy = ex_to_int(&a[1]);
    if (doy <= 0 || doy > 3660000 || y < 0 || y > 9999) return;   /* (past year 9999 either way) */
    if (y < 70) y += 2000; else if (y < 100) y += 1900;
    int yy, mo, d;
    ex_fn_from_daynr(ex_fn_daynr((int)y, 1, 1) + (long)doy - 1, &yy, &mo, &d);
    if (yy > 9999) return;
    *out = ex_fn_dt_value(pdb_dt_pack(yy, mo, d, 0, 0, 0, 0), true);
}

static void fn_timestampdiff(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    int64_t d1, d2;
    bool i1, i2;
    if (!get_dt_full(ctx, &a[1], &d1, &i1, true) || !get_dt_full(ctx, &a[2], &d2, &i2, true)) return;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    int y1, m1, dd1, h1, mi1, se1, u1, y2, m2, dd2, h2, mi2, se2, u2;
    pdb_dt_unpack(d1, &y1, &m1, &dd1, &h1, &mi1, &se1, &u1);
    pdb_dt_unpack(d2, &y2, &m2, &dd2, &h2, &mi2, &se2, &u2);
    int64_t t1 = ((int64_t)ex_fn_daynr(y1, m1, dd1) * 86400 + h1 * 3600 + mi1 * 60 + se1) * 1000000 + u1;
    int64_t t2 = ((int64_t)ex_fn_daynr(y2, m2, dd2) * 86400 + h2 * 3600 + mi2 * 60 + se2) * 1000000 + u2;
    int64_t diff = t2 - t1;
    if (!strncmp(s0, "MONTH", l0) || !strncmp(s0, "YEAR", l0) || !strncmp(s0, "QUARTER", l0)) {
        int64_t months = ((int64_t)y2 - y1) * 12 + (m2 - m1);
        int64_t rest1 = (((int64_t)dd1 * 24 + h1) * 3600 + mi1 * 60 + se1) * 1000000 + u1;
        int64_t rest2 = (((int64_t)dd2 * 24 + h2) * 3600 + mi2 * 60 + se2) * 1000000 + u2;
        if (months > 0 && rest2 < rest1) months--;
        if (months < 0 && rest2 > rest1) months++;
        *out = ex_int(!strncmp(s0, "YEAR", l0) ? months / 12 : !strncmp(s0, "QUARTER", l0) ? months / 3 : months);
        return;
    }
    int64_t div = !strncmp(s0, "MICROSECOND", l0) ? 1 : !strncmp(s0, "SECOND", l0) ? 1000000 : !strncmp(s0, "MINUTE", l0) ? 60000000LL :
                  !strncmp(s0, "HOUR", l0) ? 3600000000LL : !strncmp(s0, "DAY", l0) ? 86400000000LL : 604800000000LL;
    *out = ex_int(diff / div);
}

static void fn_time_to_sec(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* of the argument as a TIME; DECIMAL with the digits it has when it has any */
    int64_t t;
    if (!ex_fn_time_of(ctx, &a[0], &t, true)) return;
    int fsp = a[0].t == VT_TIME || a[0].t == VT_DATETIME ? a[0].scale : a[0].t == VT_STRING ? text_digits(a[0].p, a[0].len) :
              a[0].t == VT_DECIMAL ? a[0].scale : a[0].t == VT_DOUBLE ? 6 : 0;
    if (fsp > 6) fsp = 6;
    if (!fsp) { *out = ex_int(t / 1000000); return; }
    int64_t v = t;
    for (int i = fsp; i < 6; i++) v /= 10;
    *out = ex_int(v);
    out->t = VT_DECIMAL;
    out->scale = (uint8_t)fsp;
}

/* EXTRACT's reading of a number for a time unit (to_datetime_or_to_interval_hhmmssff):
 * above 999999995959 (to 99991231235959) a YYYYMMDDhhmmss, *dt; else [H..]HMMSS with up to
 * 87649415 hours, *us (signed). 0 none ("Incorrect interval value"), 1 *dt, 2 *us. */
static int extract_number(ex_ctx *ctx, const pdb_value *v, int64_t *dt, int64_t *us)
{
    bool neg, note;
    uint64_t nr;
    uint32_t frac;
    ex_number_parts(v, &neg, &nr, &frac);
    if (!neg && nr > 999999995959ULL && nr <= 99991231235959ULL) {
        if (ex_number_datetime(nr, frac, true, dt, &note) != EX_TS_ERROR) return 1;
    } else if (nr / 10000 <= 87649415 && nr / 100 % 100 < 60 && nr % 100 < 60) {
        *us = ((int64_t)(nr / 10000) * 3600 + (int64_t)(nr / 100 % 100) * 60 + (int64_t)(nr % 100)) * 1000000 + frac;
        if (neg) *us = -*us;
        return 2;
    }
    char buf[80];
    const char *txt;
    size_t k = pdb_value_text(v, NULL, buf, sizeof buf, &txt);
    ex_warn(ctx, "Warning", 1292, "Incorrect interval value: '%.*s'", (int)k, txt);
    return 0;
}

static void fn_extract(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    int64_t dt;
    bool isd;
    char u[24];
    snprintf(u, sizeof u, "%.*s", (int)l0, s0);
    int y, mo, d, h, mi, s, us;
    int64_t sign = 1;
    bool date_unit = !strcmp(u, "YEAR") || !strcmp(u, "YEAR_MONTH") || !strcmp(u, "QUARTER") || !strcmp(u, "MONTH") || !strcmp(u, "WEEK");
    bool as_time = false, num = a[1].t == VT_INT || a[1].t == VT_UINT || a[1].t == VT_DECIMAL || a[1].t == VT_DOUBLE;
    int64_t t = 0;
    if (!date_unit && num) {
        int k = extract_number(ctx, &a[1], &dt, &t);
        if (!k) return;
        as_time = k == 2;
        if (k == 1) pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
    } else if (!date_unit) {
        /* the other units read a TIME: a duration's days are its hours / 24, its sign goes on every part */
        if (a[1].t == VT_TIME) as_time = true;
        else if (a[1].t == VT_STRING) {
            size_t k = 0;
            while (k < a[1].len && isspace((unsigned char)a[1].p[k])) k++;
            size_t dg = k;
            while (dg < a[1].len && isdigit((unsigned char)a[1].p[dg])) dg++;
            as_time = !(dg > k && dg < a[1].len && (a[1].p[dg] == '-' || a[1].p[dg] == '/')) && dg - k < 8;
        }
    }
    if (as_time) {
        if (!num && !ex_fn_time_of(ctx, &a[1], &t, false)) return;
        if (t < 0) { sign = -1; t = -t; }
        int64_t hours = t / 3600000000LL;
        y = mo = 0; d = (int)(hours / 24); h = (int)(hours % 24);
        mi = (int)(t / 60000000 % 60); s = (int)(t / 1000000 % 60); us = (int)(t % 1000000);
    } else if (date_unit || !num) {
        if (!ex_fn_get_dt(ctx, &a[1], &dt, &isd)) return;
        pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
    }
    int64_t r = 0;
    if (!strcmp(u, "YEAR")) r = y; else if (!strcmp(u, "MONTH")) r = mo; else if (!strcmp(u, "DAY")) r = d;
    else if (!strcmp(u, "HOUR")) r = h; else if (!strcmp(u, "MINUTE")) r = mi; else if (!strcmp(u, "SECOND")) r = s;
    else if (!strcmp(u, "MICROSECOND")) r = us; else if (!strcmp(u, "QUARTER")) r = (mo + 2) / 3;
    else if (!strcmp(u, "YEAR_MONTH")) r = y * 100 + mo; else if (!strcmp(u, "DAY_HOUR")) r = d * 100 + h;
    else if (!strcmp(u, "DAY_MINUTE")) r = (d * 100 + h) * 100 + mi; else if (!strcmp(u, "DAY_SECOND")) r = ((int64_t)(d * 100 + h) * 100 + mi) * 100 + s;
    else if (!strcmp(u, "HOUR_MINUTE")) r = h * 100 + mi; else if (!strcmp(u, "HOUR_SECOND")) r = (h * 100 + mi) * 100 + s;
    else if (!strcmp(u, "MINUTE_SECOND")) r = mi * 100 + s;
    else if (!strcmp(u, "WEEK")) { int yy; r = calc_week(y, mo, d, 0, &yy); }
    else if (!strcmp(u, "DAY_MICROSECOND")) r = ((((int64_t)d * 100 + h) * 100 + mi) * 100 + s) * 1000000 + us;
    else if (!strcmp(u, "HOUR_MICROSECOND")) r = (((int64_t)h * 100 + mi) * 100 + s) * 1000000 + us;
    else if (!strcmp(u, "MINUTE_MICROSECOND")) r = ((int64_t)mi * 100 + s) * 1000000 + us;
    else if (!strcmp(u, "SECOND_MICROSECOND")) r = (int64_t)s * 1000000 + us;
    *out = ex_int(date_unit ? r : r * sign);
}

static void fn_time(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_TIME) { *out = a[0]; return; }
    int64_t us;
    if (a[0].t == VT_DATETIME || a[0].t == VT_DATE) {
        int y, mo, d, h, m, sec, u; pdb_dt_unpack(a[0].i, &y, &mo, &d, &h, &m, &sec, &u);
        us = ((int64_t)h * 3600 + m * 60 + sec) * 1000000 + u;
    } else if (!ex_fn_time_of(ctx, &a[0], &us, true)) return;
    *out = ex_int(us);
    out->t = VT_TIME;
    /* the digits the argument has */
    int fsp = a[0].t == VT_STRING ? text_digits(a[0].p, a[0].len) : a[0].t == VT_DECIMAL ? a[0].scale : a[0].t == VT_DOUBLE ? 6 :
              a[0].t == VT_DATETIME || a[0].t == VT_TIME ? a[0].scale : 0;
    out->scale = (uint8_t)(fsp > 6 ? 6 : fsp);
}

static void fn_str_to_date(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l1;
    const char *s0, *s1;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    s1 = ex_to_str(ctx->a, &a[1], &l1);
    stod_tm tm = { 0 };
    const char *end = NULL;
    bool fixed = e && e->nargs == 2 && e->args[1]->kind == E_STRING;
    int kind = fixed ? str_to_date_kind(s1, l1) : 7;   /* 1 date, 2 time, 4 fraction */
    if (!str_to_date_parse(s0, l0, s1, l1, &tm, &end)) {
        ex_warn(ctx, "Warning", 1411, "Incorrect datetime value: '%.*s' for function str_to_date", (int)(l0 > 127 ? 127 : l0), s0);
        return;
    }
    for (const char *q = end; q < s0 + l0; q++)
        if (!isspace((unsigned char)*q)) {
            ex_warn(ctx, "Warning", 1292, "Truncated incorrect %s value: '%s'",
                    (kind & 3) == 1 ? "date" : (kind & 3) == 2 ? "time" : "datetime", ex_errconv_bin(ctx->a, s0, (size_t)(l0 > 128 ? 128 : l0)));
            break;
        }
    int fsp = kind & 4 ? 6 : 0;
    if ((kind & 3) == 2) {
        *out = ex_int((((int64_t)tm.h * 3600 + tm.mi * 60 + tm.s) * 1000000) + tm.us);
        out->t = VT_TIME; out->scale = (uint8_t)fsp;
        return;
    }
    *out = ex_fn_dt_value(pdb_dt_pack(tm.y, tm.mo, tm.d, (kind & 3) == 1 ? 0 : tm.h, (kind & 3) == 1 ? 0 : tm.mi,
                                (kind & 3) == 1 ? 0 : tm.s, (kind & 3) == 1 ? 0 : tm.us), (kind & 3) == 1);
    out->scale = (uint8_t)fsp;
}

static void fn_weekofyear(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d, yy;
    if (date_parts(ctx, &a[0], true, &y, &mo, &d) && mo) *out = ex_int(calc_week(y, mo, d, 3, &yy));
}

static void fn_microsecond(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t t;
    if (ex_fn_time_of(ctx, &a[0], &t, true)) *out = ex_int((t < 0 ? -t : t) % 1000000);
}

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
    if (v->t == VT_DATETIME || v->t == VT_TIME || v->t == VT_DECIMAL) return v->scale > 6 ? 6 : v->scale;
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
        int pr = ex_parse_datetime(s, n, out, &isd);
        if (pr < 0) return false;
        if (pr) ex_warn(ctx, "Warning", 1292, "Truncated incorrect %s value: '%s'", isd ? "date" : "datetime", ex_errconv_bin(ctx->a, s, (size_t)(n > 128 ? 128 : n)));
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
    if (v->t == VT_STRING) {   /* a datetime's ex_fn_text (digits alone too: '20230115'); a time alone is none */
        size_t n;
        const char *s = ex_to_str(ctx->a, v, &n);
        bool tm;
        if (get_temporal(ctx, v, out, &tm, fsp) && !tm) return true;
        *fsp = val_fsp(v, s, n);
        return !memchr(s, ':', n) && ex_parse_datetime(s, n, out, &isd) == 0;
    }
    return get_temporal(ctx, v, out, is_time, fsp);
}

/* The fraction digits of a result of two values' digits fx and fy, -1 (a DOUBLE's, not
 * fixed) giving six when the result us has a fraction, else the other's. */
static int fsp_of(int fx, int fy, int64_t us)
{
    if (fx < 0 || fy < 0) return us % 1000000 ? 6 : (fx > fy ? fx : fy) > 0 ? (fx > fy ? fx : fy) : 0;
    return fx > fy ? fx : fy;
}

static pdb_value time_result(ex_ctx *ctx, int64_t us, int fsp)
{
    if (us > TIME_MAX_US || us < -TIME_MAX_US) {
        int64_t top = 999999 - 999999 % ex_pow10[6 - (fsp < 0 ? 6 : fsp > 6 ? 6 : fsp)];   /* (838:59:59 and the fraction's nines) */
        int64_t cl = us > 0 ? TIME_MAX_US + top : -(TIME_MAX_US + top);
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
    t_time(t, a[0].vt == VT_STRING && !a[0].hexnum && a[0].ptype != MYSQL_TYPE_BIT ? 6 : num_fsp(&a[0]));   /* (a string column's too: 6) */
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
    ex_fn_t_intl(t, 20, true);
}

static void ty_period_add(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_intl(t, 6, false);
}

static void ty_get_format(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 17, COLL_UTF8MB4_GENERAL_CI);
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

static void fn_timediff(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t x, y;
    bool tx, ty;
    int fx, fy;
    if (!get_temporal(ctx, &a[0], &x, &tx, &fx) || !get_temporal(ctx, &a[1], &y, &ty, &fy)) return;
    if (tx != ty) return;                       /* a time and a datetime: NULL */
    if ((a[0].t == VT_DATE) != (a[1].t == VT_DATE) && (a[0].t == VT_DATE || a[1].t == VT_DATE) &&
        !(a[0].t == VT_STRING || a[1].t == VT_STRING))
        return;                                 /* a DATE and a DATETIME: NULL too */
    int64_t d = tx ? x - y : dt_to_us(x) - dt_to_us(y);
    *out = time_result(ctx, d, fsp_of(a[0].t == VT_DOUBLE ? 6 : fx, a[1].t == VT_DOUBLE ? 6 : fy, d));   /* (a DOUBLE: six) */
}

static void fn_sec_to_time(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    double sec = ex_to_double_as(&a[0], "DECIMAL");   /* (MariaDB reads it as a DECIMAL) */
    int fsp = run_fsp(&a[0], false);
    double m = sec * 1e6;   /* (held before the conversion: past int64 it is undefined) */
    int64_t us = m > 9e18 ? TIME_MAX_US + 1 : m < -9e18 ? -TIME_MAX_US - 1 : (int64_t)llround(m);
    if (us > TIME_MAX_US || us < -TIME_MAX_US) {
        size_t l; const char *t = ex_to_str(ctx->a, &a[0], &l);
        char num[40];
        if (a[0].t == VT_DATETIME) {   /* (named by its number, six digits of fraction) */
            int y, mo, d, h, mi, sc, u;
            pdb_dt_unpack(a[0].i, &y, &mo, &d, &h, &mi, &sc, &u);
            l = (size_t)snprintf(num, sizeof num, "%04d%02d%02d%02d%02d%02d.%06d", y, mo, d, h, mi, sc, u);
            t = num;
        }
        ex_warn(ctx, "Warning", 1292, "Truncated incorrect seconds value: '%.*s'", (int)(l > 128 ? 128 : l), t);
        int64_t frac = 999999 - 999999 % ex_pow10[6 - fsp];   /* 838:59:59 and the fraction's nines */
        us = us > 0 ? TIME_MAX_US + frac : -(TIME_MAX_US + frac);
        pdb_value r = ex_int(us);
        r.t = VT_TIME;
        r.scale = (uint8_t)fsp;
        *out = r;
        return;
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
    int fsp = fsp_of(a[0].t == VT_DOUBLE ? -1 : fx, a[1].t == VT_DOUBLE ? -1 : fy, tx ? x + y : dt_to_us(x) + y);
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
        *out = ex_fn_mkstr(ctx, txt, k, COLL_UTF8MB4_GENERAL_CI);
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
            ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%s'", ex_errconv_bin(ctx->a, s, (size_t)(l > 128 ? 128 : l)));
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
        ex_warn(ctx, "Warning", 1292, "Incorrect time value: '%s'", ex_errconv_bin(ctx->a, t, (size_t)(l > 128 ? 128 : l)));
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
    *out = ex_fn_mkstr(ctx, buf, k, COLL_UTF8MB4_GENERAL_CI);
}

/* CONVERT_TZ where a zone is named: through the instant (the zones as a session's are
 * taken); a name no zone has: NULL; a value outside TIMESTAMP's range: as it is (MariaDB
 * converts only what a TIMESTAMP can hold). */
static void convert_named(ex_ctx *ctx, int64_t x, int fx, const char *z1, size_t l1, bool s1, long o1, bool n1,
                          const char *z2, size_t l2, bool s2, long o2, bool n2, pdb_value *out)
{
    char name[2][64];
    if ((n1 && l1 >= 64) || (n2 && l2 >= 64)) return;
    snprintf(name[0], 64, "%.*s", (int)l1, z1);
    snprintf(name[1], 64, "%.*s", (int)l2, z2);
    UCalendar *c1 = n1 ? tz_calendar(name[0]) : NULL, *c2 = n2 ? tz_calendar(name[1]) : NULL;
    if ((n1 && !c1) || (n2 && !c2)) goto done;
    int y, mo, d, h, mi, sec, us;
    pdb_dt_unpack(x, &y, &mo, &d, &h, &mi, &sec, &us);
    struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = h, .tm_min = mi, .tm_sec = sec, .tm_isdst = -1 };
    time_t e;
    if (c1) { if (!cal_mktime(c1, &tm, &e)) goto done; }
    else if (s1) e = mktime(&tm);
    else e = timegm(&tm) - o1;
    if (e < 1 || e > INT32_MAX) { *out = dt_result(x, fx); goto done; }
    struct tm r;
    if (c2) { if (!cal_local(c2, e, &r)) goto done; }
    else if (s2) localtime_r(&e, &r);
    else { time_t t = e + o2; gmtime_r(&t, &r); }
    *out = dt_result(pdb_dt_pack(r.tm_year + 1900, r.tm_mon + 1, r.tm_mday, r.tm_hour, r.tm_min, r.tm_sec, us), fx);
done:
    if (c1) ucal_close(c1);
    if (c2) ucal_close(c2);
    (void)ctx;
}

static void fn_convert_tz(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t x;
    bool tx;
    int fx;
    bool ok = get_temporal_dt(ctx, &a[0], &x, &tx, &fx) && !tx;
    if (ok) {   /* (a zero in the date converts to nothing either) */
        int y, mo, d, h, mi, sc, us;
        pdb_dt_unpack(x, &y, &mo, &d, &h, &mi, &sc, &us);
        ok = mo && d;
    }
    if (!ok) {
        if (a[0].t != VT_NULL) {
            size_t l; const char *t = ex_to_str(ctx->a, &a[0], &l);
            ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%s'", ex_errconv_bin(ctx->a, t, (size_t)(l > 128 ? 128 : l)));
        }
        return;
    }
    size_t l1, l2;
    const char *z1 = ex_to_str(ctx->a, &a[1], &l1), *z2 = ex_to_str(ctx->a, &a[2], &l2);
    if (l1 == l2 && !strncasecmp(z1, z2, l1) && l1 == 6 && !strncasecmp(z1, "SYSTEM", 6)) { *out = dt_result(x, fx); return; }
    long o1 = 0, o2 = 0;
    bool s1 = l1 == 6 && !strncasecmp(z1, "SYSTEM", 6), s2 = l2 == 6 && !strncasecmp(z2, "SYSTEM", 6);
    bool n1 = !s1 && !tz_offset(z1, l1, &o1), n2 = !s2 && !tz_offset(z2, l2, &o2);
    if (n1 || n2) { convert_named(ctx, x, fx, z1, l1, s1, n1 ? 0 : o1, n1, z2, l2, s2, n2 ? 0 : o2, n2, out); return; }
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
        ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%s'", ex_errconv_bin(ctx->a, t, (size_t)(l > 128 ? 128 : l)));
        return;
    }
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(x, &y, &mo, &d, &h, &mi, &s, &us);
    if (!mo || !d) {   /* a DATE/DATETIME value gives NULL silently */
        if (a[0].t == VT_DATE || a[0].t == VT_DATETIME) return;
        size_t l; const char *t = ex_to_str(ctx->a, &a[0], &l);
        ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%s'", ex_errconv_bin(ctx->a, t, (size_t)(l > 128 ? 128 : l)));
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
        if (strlen(names[i]) == l && !strncasecmp(names[i], s, l)) { *out = ex_fn_mkstr(ctx, fmt[k][i], strlen(fmt[k][i]), COLL_UTF8MB4_GENERAL_CI); return; }
}

static const ex_fdef rows[] = {
    { "ADDTIME", 2, 2, EX_FN_NULL_IN, EX_FX_ADDTIME, ty_addtime, fn_addtime },
    { "CONVERT_TZ", 3, 3, EX_FN_NULL_IN | EX_FN_DATEARGS, EX_FX_CONVERT_TZ, ty_convert_tz, fn_convert_tz },
    { "CURDATE", 0, 0, 0, F_CURDATE, ty_date, fn_curdate },
    { "CURRENT_DATE", 0, 0, 0, F_CURDATE, ty_date, fn_curdate },
    { "CURRENT_TIME", 0, 1, 0, F_CURTIME, ty_curtime, fn_now },
    { "CURRENT_TIMESTAMP", 0, 1, 0, F_NOW, ty_now, fn_now },
    { "CURTIME", 0, 1, 0, F_CURTIME, ty_curtime, fn_now },
    { "DATE", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_DATE, ty_date, fn_date },
    { "DATEDIFF", 2, 2, EX_FN_NULL_IN | EX_FN_DATEARGS, F_DATEDIFF, ty_datediff, fn_datediff },
    { "DATE_ADD", 2, 2, EX_FN_NULL_IN | EX_FN_DATEARGS, F_DATE_ADD, ty_date_add, fn_date_add },
    { "DATE_FORMAT", 2, 3, EX_FN_NULL_IN | EX_FN_DATEARGS, F_DATE_FORMAT, ty_date_format, fn_date_format },
    { "DATE_SUB", 2, 2, EX_FN_NULL_IN | EX_FN_DATEARGS, F_DATE_SUB, ty_date_add, fn_date_add },
    { "DAY", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_DAY, ty_month, fn_day },
    { "DAYNAME", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_DAYNAME, ty_monthname, fn_dayname },
    { "DAYOFMONTH", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_DAY, ty_month, fn_day },
    { "DAYOFWEEK", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_DAYOFWEEK, ty_month, fn_dayofweek },
    { "DAYOFYEAR", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_DAYOFYEAR, ty_dayofyear, fn_dayofyear },
    { "EXTRACT", 2, 2, EX_FN_NULL_IN | EX_FN_DATEARGS, F_EXTRACT, ty_extract, fn_extract },
    { "FROM_DAYS", 1, 1, EX_FN_NULL_IN, F_FROM_DAYS, ty_date, fn_from_days },
    { "FROM_UNIXTIME", 1, 2, EX_FN_NULL_IN | EX_FN_NUMARGS, F_FROM_UNIXTIME, ty_now, fn_from_unixtime },
    { "GET_FORMAT", 2, 2, EX_FN_NULL_IN, EX_FX_GET_FORMAT, ty_get_format, fn_get_format },
    { "HOUR", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_HOUR, ty_month, fn_hour },
    { "LAST_DAY", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_LAST_DAY, ty_date, fn_last_day },
    { "LOCALTIME", 0, 1, 0, F_NOW, ty_now, fn_now },
    { "LOCALTIMESTAMP", 0, 1, 0, F_NOW, ty_now, fn_now },
    { "MAKEDATE", 2, 2, EX_FN_NULL_IN, F_MAKEDATE, ty_date, fn_makedate },
    { "MAKETIME", 3, 3, EX_FN_NULL_IN, EX_FX_MAKETIME, ty_maketime, fn_maketime },
    { "MICROSECOND", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_MICROSECOND, ty_long6, fn_microsecond },
    { "MINUTE", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_MINUTE, ty_month, fn_minute },
    { "MONTH", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_MONTH, ty_month, fn_month },
    { "MONTHNAME", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_MONTHNAME, ty_monthname, fn_monthname },
    { "NOW", 0, 1, 0, F_NOW, ty_now, fn_now },
    { "PERIOD_ADD", 2, 2, EX_FN_NULL_IN, EX_FX_PERIOD_ADD, ty_period_add, fn_period_add },
    { "PERIOD_DIFF", 2, 2, EX_FN_NULL_IN, EX_FX_PERIOD_DIFF, ty_period_add, fn_period_diff },
    { "QUARTER", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_QUARTER, ty_quarter, fn_quarter },
    { "SECOND", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_SECOND, ty_month, fn_second },
    { "SEC_TO_TIME", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, EX_FX_SEC_TO_TIME, ty_sec_to_time, fn_sec_to_time },
    { "STR_TO_DATE", 2, 2, EX_FN_NULL_IN, F_STR_TO_DATE, ty_str_to_date, fn_str_to_date },
    { "SUBTIME", 2, 2, EX_FN_NULL_IN, EX_FX_SUBTIME, ty_addtime, fn_addtime },
    { "SYSDATE", 0, 1, 0, F_NOW, ty_now, fn_now },
    { "TIME", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_TIME, ty_time, fn_time },
    { "TIMEDIFF", 2, 2, EX_FN_NULL_IN | EX_FN_DATEARGS, EX_FX_TIMEDIFF, ty_timediff, fn_timediff },
    { "TIMESTAMP", 1, 2, EX_FN_NULL_IN | EX_FN_DATEARGS, EX_FX_TIMESTAMP, ty_timestamp, fn_timestamp },
    { "TIMESTAMPDIFF", 3, 3, EX_FN_NULL_IN | EX_FN_DATEARGS, F_TIMESTAMPDIFF, ty_timestampdiff, fn_timestampdiff },
    { "TIME_FORMAT", 2, 2, EX_FN_NULL_IN | EX_FN_DATEARGS, EX_FX_TIME_FORMAT, ty_time_format, fn_time_format },
    { "TIME_TO_SEC", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_TIME_TO_SEC, ty_time_to_sec, fn_time_to_sec },
    { "TO_DAYS", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_TO_DAYS, ty_long6, fn_to_days },
    { "TO_SECONDS", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, EX_FX_TO_SECONDS, ty_to_seconds, fn_to_seconds },
    { "UNIX_TIMESTAMP", 0, 1, EX_FN_DATEARGS, F_UNIX_TIMESTAMP, ty_unix_timestamp, fn_unix_timestamp },
    { "UTC_DATE", 0, 0, 0, F_UTC_DATE, ty_utc_date, fn_utc_date },
    { "UTC_TIMESTAMP", 0, 1, 0, F_UTC_TIMESTAMP, ty_now, fn_now },
    { "WEEK", 1, 2, EX_FN_NULL_IN | EX_FN_DATEARGS, F_WEEK, ty_month, fn_week },
    { "WEEKDAY", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_WEEKDAY, ty_month, fn_weekday },
    { "WEEKOFYEAR", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_WEEKOFYEAR, ty_weekofyear, fn_weekofyear },
    { "YEAR", 1, 1, EX_FN_NULL_IN | EX_FN_DATEARGS, F_YEAR, ty_year, fn_year },
    { "YEARWEEK", 1, 2, EX_FN_NULL_IN | EX_FN_DATEARGS, F_YEARWEEK, ty_long6, fn_yearweek },
};
const ex_ftable ex_fam_datetime = { rows, (int)(sizeof rows / sizeof rows[0]) };
