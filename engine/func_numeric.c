/* func_numeric.c - numeric functions: ABS, ROUND/TRUNCATE/CEIL/FLOOR, MOD, the logarithms and
 * trigonometry, CONV/BIN/OCT, RAND (MariaDB's sequence) and FORMAT (with its locales).
 * Each SQL function is a body (fn_*), a type rule (ty_*) and a row of the table at the
 * end (ARCHITECTURE.md "Function registry"). */
#include "engine/func_int.h"
#include <ctype.h>
#include <math.h>
#include <sys/random.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* MariaDB's type_handler_long_or_longlong: INT up to 9 characters, BIGINT from 10. */
static void t_int_ll(ex_type *t, uint32_t len, bool is_unsigned)
{
    ex_fn_t_int(t, len);
    t->ptype = len <= 9 ? MYSQL_TYPE_LONG : MYSQL_TYPE_LONGLONG;
    if (is_unsigned) { t->vt = VT_UINT; t->is_unsigned = true; t->flags |= UNSIGNED_FLAG; }
}
/* A DOUBLE result (a NULL argument makes the numeric functions DOUBLE in MariaDB). */
static void t_dbl(ex_type *t, uint32_t len, uint8_t decimals)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = len; t->decimals = decimals;
    t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
}
/* An integer argument's own type, as the result of a function that keeps it (FLOOR(int),
 * ROUND(int, n >= 0)): not a column, nullable. */
static void t_same_int(ex_type *t, const ex_type *a)
{
    *t = *a;
    t->nullable = true;
    t->from_column = false;
    t->flags &= (uint16_t)~(NOT_NULL_FLAG | PRI_KEY_FLAG | AUTO_INCREMENT_FLAG | UNIQUE_KEY_FLAG | MULTIPLE_KEY_FLAG |
                            PART_KEY_FLAG | ZEROFILL_FLAG);
    t->flags |= BINARY_FLAG;
}
/* The digits before the point of a DECIMAL type (MariaDB's decimal_int_part). */
static int dec_int_part(const ex_type *a)
{
    int p = (int)a->length - a->decimals - (a->decimals ? 1 : 0) - (a->is_unsigned ? 0 : 1);
    return p < 0 ? 0 : p;
}

static void ty_mod(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    if (a[0].vt == VT_NULL || a[1].vt == VT_NULL) { t_dbl(t, 17, 0); return; }
    if ((a[0].vt == VT_INT || a[0].vt == VT_UINT) && (a[1].vt == VT_INT || a[1].vt == VT_UINT)) {
        /* the longer operand's width (INT up to 9 digits), the dividend's sign */
        t_int_ll(t, a[0].length > a[1].length ? a[0].length : a[1].length, a[0].is_unsigned);
        return;
    }
    ex_mod_type(&a[0], &a[1], t);
}

static bool is_temporal_vt(uint8_t vt) { return vt == VT_DATETIME || vt == VT_DATE || vt == VT_TIME; }

/* ROUND, TRUNCATE, CEILING and FLOOR of a DATETIME, TIMESTAMP or TIME are one of its kind
 * (a TIMESTAMP's a DATETIME) with ROUND's and TRUNCATE's constant digits (0..6, else the
 * argument's), CEILING's and FLOOR's none; of a DATE an INT of 8 digits (MariaDB's
 * Item_func_round and Item_func_int_val over temporal arguments). */
static bool t_temporal_round(const ex_fdef *fd, const ex_type *a, int n, const pl_expr *e, ex_type *t)
{
    if (!is_temporal_vt(a[0].vt)) return false;
    if (a[0].vt == VT_DATE) {   /* (its number YYYYMMDD, rounded as an integer) */
        ex_fn_t_int(t, 8);
        t->ptype = MYSQL_TYPE_LONG; t->vt = VT_UINT; t->is_unsigned = true; t->flags |= UNSIGNED_FLAG;
        return true;
    }
    int fsp = a[0].decimals <= 6 ? a[0].decimals : 6;
    if (fd->id == F_CEIL || fd->id == F_FLOOR || n < 2) fsp = 0;
    else if (e && e->args[1]->kind == E_INT) {
        long long d = atoll(e->args[1]->s);
        fsp = d < 0 ? 0 : d > 6 ? 6 : (int)d;
    }
    bool tm = a[0].vt == VT_TIME;
    memset(t, 0, sizeof *t);
    t->vt = a[0].vt;
    t->ptype = tm ? MYSQL_TYPE_TIME : MYSQL_TYPE_DATETIME;
    t->decimals = (uint8_t)fsp;
    t->length = (tm ? 10u : 19u) + (fsp ? (uint32_t)fsp + 1 : 0);
    t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
    return true;
}

static void ty_abs(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    if (a[0].vt == VT_NULL) { t_dbl(t, 17, 0); return; }
    if (is_temporal_vt(a[0].vt)) {   /* its number as a DECIMAL of the fraction's digits */
        uint32_t len = a[0].length;
        uint8_t fsp = a[0].vt == VT_DATE ? 0 : a[0].decimals;
        memset(t, 0, sizeof *t);
        t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->length = len; t->decimals = fsp;
        t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
        return;
    }
    if (a[0].hexnum) { t_int_ll(t, a[0].length, true); return; }   /* (MariaDB: its length in bytes) */
    if (a[0].vt == VT_INT || a[0].vt == VT_UINT) { t_int_ll(t, a[0].length, a[0].is_unsigned); return; }
    *t = a[0];
    t->nullable = true;
    if (t->vt == VT_STRING) { t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->decimals = 31; t->coll = COLL_BINARY; } return;
}

/* A 0x.. literal where ROUND/TRUNCATE/FLOOR/CEILING want a number: the unsigned integer
 * of its last eight bytes (Item_hex_hybrid), as wide as the largest value of its bytes. */
static bool t_hex_int(const ex_type *a, ex_type *t, int more)
{
    if (!a->hexnum || a->vt != VT_STRING) return false;
    static const uint8_t digits[9] = { 1, 3, 5, 8, 10, 13, 15, 17, 20 };
    uint32_t bytes = a->length > 8 ? 8 : a->length;
    ex_fn_t_int(t, (uint32_t)digits[bytes] + (uint32_t)more);
    t->vt = VT_UINT;
    t->is_unsigned = true;
    t->flags |= UNSIGNED_FLAG;
    t->ptype = t->length >= 11 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG;
    if (t->length > 20) { t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; }   /* (ROUND(2^64 - 1, -1)) */
    t->nullable = false;
    return true;
}

static void ty_ceil(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    if (t_hex_int(&a[0], t, 0) || t_temporal_round(fd, a, n, e, t)) return;
    if (a[0].vt == VT_NULL) t_dbl(t, 17, 0);
    else if (a[0].vt == VT_DOUBLE || a[0].vt == VT_STRING) { memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 17; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true; }
    else if (a[0].vt == VT_INT || a[0].vt == VT_UINT) t_same_int(t, &a[0]);
    else if (a[0].vt == VT_DECIMAL) {
        /* the integer digits, one more when the fraction can carry into them
           (FLOOR(-9.5) = -10, CEILING(9.5) = 10); past 18 digits DECIMAL(n, 0) */
        int prec = dec_int_part(&a[0]) + (a[0].decimals && (fd->id == F_CEIL || !a[0].is_unsigned) ? 1 : 0);
        if (prec < 1) prec = 1;
        uint32_t sign = a[0].is_unsigned ? 0 : 1;
        if (prec > 18) {
            *t = a[0];
            t->nullable = true; t->from_column = false;
            t->flags &= (uint16_t)~(NOT_NULL_FLAG | PRI_KEY_FLAG | AUTO_INCREMENT_FLAG | UNIQUE_KEY_FLAG | MULTIPLE_KEY_FLAG | PART_KEY_FLAG);
            t->length = (uint32_t)prec + sign;
            t->decimals = 0;
            t->flags |= BINARY_FLAG;
        } else {
            ex_fn_t_int(t, (uint32_t)prec + sign);
            t->ptype = prec > 9 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG;
            if (a[0].flags & NOT_NULL_FLAG) { t->flags |= NOT_NULL_FLAG; t->nullable = false; }
            if (a[0].is_unsigned) { t->vt = VT_UINT; t->is_unsigned = true; t->flags |= UNSIGNED_FLAG; }
        }
    }
    else ex_fn_t_int(t, a[0].length);
}

/* ROUND's and TRUNCATE's digits are a literal or a parameter: the result's scale is
 * theirs; else a DECIMAL keeps its own scale, rounded where the digits say (MariaDB). */
static bool digits_const(const pl_expr *e, int n)
{
    if (n < 2 || !e || e->nargs < 2) return true;
    int k = e->args[1]->kind;
    return k == E_INT || k == E_DECIMAL || k == E_FLOAT || k == E_STRING || k == E_NULL || k == E_PARAM;
}

static void ty_round(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    int d = 0;
    if (n > 1 && e && e->args[1]->kind == E_INT) d = atoi(e->args[1]->s);
    else if (n > 1 && e && (e->args[1]->kind == E_DECIMAL || e->args[1]->kind == E_FLOAT)) d = (int)llround(atof(e->args[1]->s));
    if ((n < 2 || (e && e->args[1]->kind == E_INT)) && t_hex_int(&a[0], t, fd->id == F_ROUND && d < 0)) return;
    if (t_temporal_round(fd, a, n, e, t)) return;
    if (n > 1 && a[1].vt == VT_NULL) { t_dbl(t, 23, 31); return; }   /* ROUND(x, NULL) */
    if (a[0].vt == VT_NULL) { t_dbl(t, (uint32_t)(17 + (d > 0 ? d : 0)), (uint8_t)(d > 0 ? (d > 30 ? 30 : d) : 0)); return; }
    bool dconst = digits_const(e, n);
    if (!dconst) d = -1;   /* (digits read per row: ROUND may need one more, TRUNCATE not) */
    if (!dconst && (a[0].vt == VT_DOUBLE || a[0].vt == VT_STRING)) { t_dbl(t, 23, 31); return; }
    if ((a[0].vt == VT_INT || a[0].vt == VT_UINT) && (n < 2 || !dconst || (e && e->args[1]->kind == E_INT))) {
        /* an integer stays the argument's type; ROUND to tens or more may need one
           more digit: a BIGINT then becomes DECIMAL, a smaller one INT or BIGINT */
        if (d >= 0 || fd->id == F_TRUNCATE) { t_same_int(t, &a[0]); return; }
        if (a[0].ptype != MYSQL_TYPE_LONGLONG) { t_int_ll(t, a[0].length + 1, a[0].is_unsigned); return; }
    }
    *t = a[0];
    t->nullable = true;
    t->flags &= (uint16_t)~(NOT_NULL_FLAG | PRI_KEY_FLAG | AUTO_INCREMENT_FLAG);
    if ((t->vt == VT_INT || t->vt == VT_UINT) && fd->id == F_ROUND && d < 0) {
        /* ROUND(BIGINT, -n) may need one more digit: DECIMAL (MariaDB) */
        t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL;
        t->length += 1;
    }
    if (t->vt == VT_DECIMAL && a[0].vt == VT_DECIMAL && dconst && d >= 0 && d < a[0].decimals) {
        /* fewer decimals: the integer digits (one more for a carry when rounding) */
        t->length = (uint32_t)(dec_int_part(&a[0]) + (fd->id == F_ROUND ? 1 : 0) + d + (d ? 1 : 0) + (a[0].is_unsigned ? 0 : 1));
        t->from_column = false;
        t->flags |= BINARY_FLAG;
    }
    if (t->vt == VT_DECIMAL && !digits_const(e, n)) t->decimals = a[0].vt == VT_DECIMAL ? a[0].decimals : 0;
    else if (t->vt == VT_DECIMAL) t->decimals = (uint8_t)(d < 0 ? 0 : d > EX_DEC_MAX_SCALE ? EX_DEC_MAX_SCALE : d);
    else if (t->vt == VT_STRING || t->vt == VT_DOUBLE) { t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->decimals = (uint8_t)(d < 0 ? 0 : d); t->coll = COLL_BINARY; }
    else if (t->vt == VT_INT) t->ptype = MYSQL_TYPE_LONGLONG;
}

static void ty_sqrt(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DOUBLE;
    t->ptype = MYSQL_TYPE_DOUBLE;
    t->length = fd->id == F_PI ? 8 : 23;
    t->decimals = fd->id == F_PI ? 6 : 31;
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    t->nullable = true;
    /* (RAND(NULL) seeds with 0 and is never NULL, but MariaDB flags it as its argument) */
    if (fd->id == F_PI || (fd->id == F_RAND && (n == 0 || !a[0].nullable))) { t->nullable = false; t->flags |= NOT_NULL_FLAG; }
}

static void ty_str64(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 64, COLL_UTF8MB4_GENERAL_CI);
}

/* BIN, OCT, CONV: 64 digits and a sign (MariaDB's Item_func_conv) */
static void ty_conv(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 65, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_long2(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 2);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_double_any(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DOUBLE;
    t->ptype = MYSQL_TYPE_DOUBLE;
    t->length = 23;
    t->decimals = 31;
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    t->nullable = true;
}

/* A column of this query's sources as MariaDB prints it in messages: `db`.`alias`.`name`
 * (a derived table's `alias`.`name`); 0 when it is none of them. */
static size_t print_column(ex_ctx *ctx, const pl_expr *e, char *buf, size_t cap)
{
    for (int i = 0; ctx && i < ctx->nsrc; i++) {
        const ex_src *s = &ctx->src[i];
        const char *alias = s->alias ? s->alias : s->name;
        if (e->tbl && (!alias || strcasecmp(e->tbl, alias))) continue;
        int n = s->t ? (int)s->t->ncols : s->dnames ? s->dncols : 0;
        for (int c = 0; c < n; c++) {
            const char *cn = s->t ? s->t->cols[c].name : s->dnames[c];
            if (!cn || strcasecmp(cn, e->s)) continue;
            int k = s->t ? snprintf(buf, cap, "`%s`.`%s`.`%s`", s->t->db, alias ? alias : s->t->name, cn)
                         : snprintf(buf, cap, "`%s`.`%s`", alias ? alias : "", cn);
            return k < 0 ? 0 : (size_t)k < cap ? (size_t)k : cap - 1;
        }
    }
    return 0;
}

/* MariaDB's text of an expression in messages (Item::print), for literals, columns,
 * signs, arithmetic and function calls; the source text for anything else. */
static size_t print_expr(ex_ctx *ctx, const pl_expr *e, char *buf, size_t cap)
{
    size_t k = 0;
    if (!e || cap < 8) return 0;
    switch (e->kind) {
    case E_INT: case E_DECIMAL: case E_FLOAT:
        k = (size_t)snprintf(buf, cap, "%.*s", (int)e->slen, e->s);
        return k < cap ? k : cap - 1;
    case E_STRING:
        k = (size_t)snprintf(buf, cap, "'%.*s'", (int)e->slen, e->s);
        return k < cap ? k : cap - 1;
    case E_NULL: return (size_t)snprintf(buf, cap, "NULL");
    case E_COLUMN:
        if ((k = print_column(ctx, e, buf, cap)) > 0) return k;
        break;
    case E_UNARY:
        if (e->op == '-' && e->nargs == 1) {
            /* an operation as the argument goes in parentheses: -(`a` + 1) */
            bool par = e->args[0]->kind == E_BINARY;
            buf[k++] = '-';
            if (par) buf[k++] = '(';
            k += print_expr(ctx, e->args[0], buf + k, cap - k - 1);
            if (par && k + 1 < cap) buf[k++] = ')';
            buf[k] = 0;
            return k;
        }
        break;
    case E_BINARY: {
        static const char *ops[] = { [BO_ADD] = "+", [BO_SUB] = "-", [BO_MUL] = "*", [BO_DIV] = "/", [BO_IDIV] = "DIV", [BO_MOD] = "%" };
        if (e->op < BO_ADD || e->op > BO_MOD || e->nargs != 2) break;
        /* parentheses as MariaDB's print_parenthesised: around an operand that binds less
           tightly, on the right also around one as tight */
        for (int i = 0; i < 2 && k + 4 < cap; i++) {
            const pl_expr *x = e->args[i];
            int px = x->op == BO_ADD || x->op == BO_SUB ? 1 : 2, pe = e->op == BO_ADD || e->op == BO_SUB ? 1 : 2;
            bool par = x->kind == E_BINARY && x->op >= BO_ADD && x->op <= BO_MOD && (px < pe || (i == 1 && px == pe));
            if (i) k += (size_t)snprintf(buf + k, cap - k, " %s ", ops[e->op]);
            if (par && k + 1 < cap) buf[k++] = '(';
            if (k < cap) k += print_expr(ctx, x, buf + k, cap - k);
            if (par && k + 1 < cap) buf[k++] = ')';
        }
        if (k >= cap) k = cap - 1;
        buf[k] = 0;
        return k;
    }
    case E_FUNC:
        for (const char *q = e->s; *q && k + 2 < cap; q++) buf[k++] = (char)tolower((unsigned char)*q);
        buf[k++] = '(';
        for (int i = 0; i < e->nargs && k + 2 < cap; i++) {
            if (i) buf[k++] = ',';
            k += print_expr(ctx, e->args[i], buf + k, cap - k);
        }
        if (k + 1 < cap) buf[k++] = ')';
        buf[k] = 0;
        return k;
    default: break;
    }
    k = (size_t)snprintf(buf, cap, "%.*s", (int)e->srclen, e->start ? e->start : "");
    return k < cap ? k : cap - 1;
}

/* A double result: out of range (infinite, or not a number) is MariaDB's 1690 error. */
static double dbl_checked(ex_ctx *ctx, const pl_expr *e, double r)
{
    if (isfinite(r)) return r;
    char buf[256];
    size_t k = print_expr(ctx, e, buf, sizeof buf);
    ex_raise(ctx, 1690, "22003", "DOUBLE value is out of range in '%.*s'", (int)(k < sizeof buf ? k : sizeof buf - 1), buf);
    return r;
}

static void fn_pi(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(M_PI);
}

/* RAND() without a seed: MariaDB's generator, one per connection, seeded from the
 * system's random source (MariaDB seeds each connection's from its global one), so no
 * two connections and no two server runs repeat a sequence. */
static double rand_session(pdb_session *s)
{
    if (!s->rnd_s1 && !s->rnd_s2) {
        uint64_t seed[2] = { 0, 0 };
        if (getrandom(seed, sizeof seed, 0) != (ssize_t)sizeof seed) {
            struct timespec ts;   /* (no entropy source: the clock and the connection) */
            clock_gettime(CLOCK_REALTIME, &ts);
            seed[0] = (uint64_t)ts.tv_nsec * 2654435761u + s->conn_id;
            seed[1] = (uint64_t)ts.tv_sec ^ ((uint64_t)s->conn_id << 20);
        }
        s->rnd_s1 = seed[0] % RAND_MAX_VALUE;
        s->rnd_s2 = seed[1] % RAND_MAX_VALUE;
        if (!s->rnd_s1 && !s->rnd_s2) s->rnd_s2 = 1;
    }
    ex_rand r = { NULL, s->rnd_s1, s->rnd_s2, NULL };
    double d = ex_fn_rand_next(&r);
    s->rnd_s1 = r.s1;
    s->rnd_s2 = r.s2;
    return d;
}

static void fn_rand(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(n ? ex_rand_seeded(ctx, e, &a[0]) : rand_session(ctx->s));
}

/* FORMAT() rounds as ROUND() does */
static ex_feval fn_round;
static const ex_fdef round_def = { "ROUND", 1, 2, EX_FN_NULL_IN, F_ROUND, NULL, fn_round };

static void fn_format(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l2;
    const char *s2;
    if (n > 2 && a[2].t == VT_NULL) {   /* an unknown locale: en_US */
        ex_warn(ctx, "Warning", 1649, "Unknown locale: 'NULL'");
        a[2] = ex_str("en_US", 5, COLL_UTF8MB4_GENERAL_CI);
    }
    for (int i = 0; i < n; i++) if (a[i].t == VT_NULL) return;   /* NULL in, NULL out */
    double x = ex_to_double(&a[0]);
    int64_t dd = ex_to_int(&a[1]);
    if (dd < 0) dd = 0;
    if (dd > 38) dd = 38;
    char num[400];
    if (a[0].t == VT_DECIMAL || a[0].t == VT_INT) {
        /* exact: round the decimal to dd places, half away from zero */
        pdb_value r = a[0];
        pdb_value dv = ex_int(dd);
        pdb_value args2[2] = { r, dv };
        ex_func_call(ctx, &round_def, args2, 2, &r, NULL);
        char tmp[64]; const char *o;
        size_t k = pdb_value_text(&r, NULL, tmp, sizeof tmp, &o);
        snprintf(num, sizeof num, "%.*s", (int)k, o);
        char *dot = strchr(num, '.');
        size_t have = dot ? strlen(dot + 1) : 0;
        if (dd > 0 && !dot) { strcat(num, "."); dot = strchr(num, '.'); }
        for (size_t i = have; i < (size_t)dd; i++) strcat(num, "0");
    } else if (a[0].t == VT_UINT) {
        int k = snprintf(num, sizeof num, "%llu", (unsigned long long)a[0].u);
        if (dd > 0) { num[k++] = '.'; for (int i = 0; i < dd; i++) num[k++] = '0'; num[k] = 0; }
    } else {
        /* rounded as ROUND(x, d) does, then printed as MariaDB prints a double with d decimals */
        pdb_value r, args2[2] = { ex_dbl(x), ex_int(dd) };
        ex_func_call(ctx, &round_def, args2, 2, &r, NULL);
        size_t k = ex_double_fixed(r.t == VT_DOUBLE ? r.d : x, (int)dd, num, sizeof num);
        num[k] = 0;
    }
    /* the locale's decimal point, thousands separator and grouping */
    char pt = '.';
    int sep = ',', grp = 3;
    if (n > 2) {
        s2 = ex_to_str(ctx->a, &a[2], &l2);
        if (!ex_locale_numeric(s2, l2, &pt, &sep, &grp))
            ex_warn(ctx, "Warning", 1649, "Unknown locale: '%.*s'", (int)(l2 > 64 ? 64 : l2), s2);
    }
    char *dot = strchr(num, '.');
    size_t intlen = dot ? (size_t)(dot - num) : strlen(num);
    bool neg = num[0] == '-';
    char outb[512];
    size_t k = 0, start = neg ? 1 : 0;
    if (neg) outb[k++] = '-';
    for (size_t i = start; i < intlen; i++) {
        outb[k++] = num[i];
        size_t rem = intlen - i - 1;
        /* grouping 3: every three digits; 32: three, then every two (en_IN) */
        bool cut = grp == 3 ? rem % 3 == 0 : grp == 32 ? (rem == 3 || (rem > 3 && (rem - 3) % 2 == 0)) : false;
        if (rem && cut && sep >= 0) outb[k++] = (char)sep;
    }
    if (dot) { size_t dl = strlen(dot); memcpy(outb + k, dot, dl); outb[k] = pt; k += dl; }
    *out = ex_fn_mkstr(ctx, outb, k, COLL_UTF8MB4_GENERAL_CI);
}

static void fn_abs(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_INT && a[0].i == INT64_MIN) {
        char buf[256];
        size_t k = e ? print_expr(ctx, e, buf, sizeof buf) : 0;
        ex_raise(ctx, 1690, "22003", "BIGINT value is out of range in '%.*s'", (int)k, buf);
    }
    if (a[0].t == VT_INT) *out = ex_int(a[0].i < 0 ? -a[0].i : a[0].i);
    else if (a[0].t == VT_DATETIME || a[0].t == VT_DATE || a[0].t == VT_TIME) {
        /* its number (20240229131415.123, 123456) without the sign, as a DECIMAL */
        pdb_value num = ex_temporal_num(ctx->a, &a[0]);
        ex_dec x;
        ex_dec_get(&num, &x);
        x.neg = false;
        ex_dec_put(ctx->a, &x, -1, out);
    }
    else if (a[0].t == VT_DECIMAL && a[0].len) {
        ex_dec x;
        ex_dec_get(&a[0], &x);
        x.neg = false;
        ex_dec_put(ctx->a, &x, a[0].coll && a[0].coll != EX_DEC_AS_IS ? a[0].coll - 1 : -1, out);
    }
    else if (a[0].t == VT_DECIMAL) { *out = a[0]; if (out->i < 0) out->i = -out->i; if (out->coll == EX_DEC_AS_IS) out->coll = 0; }
    else if (a[0].t == VT_UINT) *out = a[0];
    else *out = ex_dbl(fabs(ex_to_double(&a[0])));
}

static void fn_sign(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    double d = ex_to_double(&a[0]);
    *out = ex_int(d > 0 ? 1 : d < 0 ? -1 : 0);
}

static void fn_sqrt(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    double d = ex_to_double(&a[0]);
    if (d < 0) return;
    *out = ex_dbl(sqrt(d));
}

static void fn_pow(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(dbl_checked(ctx, e, pow(ex_to_double(&a[0]), ex_to_double(&a[1]))));
}

/* The next second of a DATETIME's fields (carried into minutes ... years); false past
 * 9999-12-31 23:59:59. */
static bool dt_next_second(int *y, int *mo, int *d, int *h, int *mi, int *s)
{
    if (++*s < 60) return true;
    *s = 0;
    if (++*mi < 60) return true;
    *mi = 0;
    if (++*h < 24) return true;
    *h = 0;
    if (++*d <= ex_fn_days_in_month(*y, *mo)) return true;
    *d = 1;
    if (++*mo <= 12) return true;
    *mo = 1;
    return ++*y <= 9999;
}

/* A fraction of us microseconds kept to fsp digits: ROUND half away from zero, TRUNCATE
 * toward it, CEILING and FLOOR to whole seconds up and down. */
static int64_t frac_round(int id, int64_t us, int fsp)
{
    int64_t p = ex_pow10[6 - fsp], r = us % p, q = us - r;
    if (!r) return us;
    if (id == F_ROUND) return (r < 0 ? -r : r) * 2 >= p ? q + (us < 0 ? -p : p) : q;
    if (id == F_CEIL) return r > 0 ? q + p : q;
    if (id == F_FLOOR) return r < 0 ? q - p : q;
    return q;
}

/* ROUND, TRUNCATE, CEILING and FLOOR of a DATETIME or TIME (t_temporal_round's types): at
 * the ends of the range the result stays at its largest value, without a warning. */
static void temporal_round(const ex_fdef *fd, const pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int y, mo, d, h, mi, s, us;
    int fsp = 0, scale = 0;
    if (fd->id == F_ROUND || fd->id == F_TRUNCATE) {
        int64_t k = n > 1 ? ex_to_int(&a[1]) : 0;
        fsp = k < 0 ? 0 : k > 6 ? 6 : (int)k;
        scale = n > 1 && !(e && e->args[1]->kind == E_INT) ? a[0].scale : fsp;   /* (a digits' column: the argument's) */
    }
    int64_t top = 999999 - 999999 % ex_pow10[6 - fsp];   /* the largest fraction of fsp digits */
    if (a[0].t == VT_TIME) {
        int64_t max = (838LL * 3600 + 59 * 60 + 59) * 1000000 + top, v = frac_round(fd->id, a[0].i, fsp);
        if (v > max) v = max;
        if (v < -max) v = -max;
        *out = ex_int(v); out->t = VT_TIME; out->scale = (uint8_t)scale;
        return;
    }
    pdb_dt_unpack(a[0].i, &y, &mo, &d, &h, &mi, &s, &us);
    int64_t f = frac_round(fd->id, us, fsp);
    if (f >= 1000000) {
        f = 0;
        if (!dt_next_second(&y, &mo, &d, &h, &mi, &s)) { y = 9999; mo = 12; d = 31; h = 23; mi = 59; s = 59; f = top; }
    }
    *out = ex_int(pdb_dt_pack(y, mo, d, h, mi, s, (int)f)); out->t = VT_DATETIME; out->scale = (uint8_t)scale;
}

/* A DATE where ROUND and the like want a number: YYYYMMDD. */
static void date_number(pdb_value *v)
{
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(v->i, &y, &mo, &d, &h, &mi, &s, &us);
    *v = ex_int((int64_t)y * 10000 + mo * 100 + d);
}

static void fn_ceil(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_DATE) date_number(&a[0]);
    if (a[0].t == VT_DATETIME || a[0].t == VT_TIME) { temporal_round(fd, a, n, out, e); return; }
    if (ex_is_hexnum(&a[0])) { *out = ex_int(0); out->t = VT_UINT; out->u = ex_hexnum_u64(&a[0]); return; }
    if (a[0].t == VT_INT || a[0].t == VT_UINT) { *out = a[0]; return; }
    if (a[0].t == VT_DECIMAL && a[0].len) {
        ex_dec x;
        ex_dec_get(&a[0], &x);
        ex_dec_round(&x, 0, fd->id == F_CEIL ? EX_ROUND_CEIL : EX_ROUND_FLOOR, &x);
        ex_dec_put(ctx->a, &x, -1, out);
        return;
    }
    if (a[0].t == VT_DECIMAL) {
        int64_t p = ex_pow10[a[0].scale], q = a[0].i / p, r = a[0].i % p;
        if (fd->id == F_CEIL && r > 0) q++;
        if (fd->id == F_FLOOR && r < 0) q--;
        *out = ex_int(q);
        return;
    }
    *out = ex_dbl(fd->id == F_CEIL ? ceil(ex_to_double(&a[0])) : floor(ex_to_double(&a[0])));
}

static void round_value(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e);

static void fn_round(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    uint8_t sc = a[0].t == VT_DECIMAL ? a[0].scale : 0;
    round_value(ctx, fd, a, n, out, e);
    if (sc && out->t == VT_DECIMAL && out->scale < sc && !digits_const(e, n)) {
        ex_dec x;
        ex_dec_get(out, &x);
        ex_dec_round(&x, sc, EX_ROUND_HALF_UP, &x);
        ex_dec_put(ctx->a, &x, -1, out);
    }
}

static void round_value(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t d = n > 1 ? ex_to_int(&a[1]) : 0;
    if (a[0].t == VT_DATE) date_number(&a[0]);
    if (a[0].t == VT_DATETIME || a[0].t == VT_TIME) { temporal_round(fd, a, n, out, e); return; }
    if (ex_is_hexnum(&a[0])) {   /* a 0x.. literal: its unsigned integer */
        pdb_value u = ex_int(0);
        u.t = VT_UINT; u.u = ex_hexnum_u64(&a[0]);
        a[0] = u;
    }
    if (a[0].t == VT_INT || a[0].t == VT_UINT) {
        if (d >= 0) { *out = a[0]; return; }
        if (a[0].t == VT_UINT || d < -18 || a[0].i >= ex_pow10[18] || a[0].i <= -ex_pow10[18]) {
            /* near the ends of BIGINT the rounded value may not fit it: exactly */
            ex_dec x;
            ex_dec_get(&a[0], &x);
            ex_dec_round(&x, d < -100 ? -100 : (int)d, fd->id == F_ROUND ? EX_ROUND_HALF_UP : EX_ROUND_TRUNC, &x);
            ex_dec_put(ctx->a, &x, -1, out);
            return;
        }
        int64_t p = ex_pow10[-d], v = a[0].i, q = v / p * p, r = v % p;
        if (fd->id == F_ROUND && (r < 0 ? -r : r) * 2 >= p) q += v < 0 ? -p : p;
        *out = ex_int(q);
        return;
    }
    if (a[0].t == VT_DECIMAL && (a[0].len || d > 18 || d < -18)) {
        ex_dec x;
        ex_dec_get(&a[0], &x);
        ex_dec_round(&x, d > 38 ? 38 : d < -100 ? -100 : (int)d, fd->id == F_ROUND ? EX_ROUND_HALF_UP : EX_ROUND_TRUNC, &x);
        ex_dec_put(ctx->a, &x, -1, out);
        return;
    }
    if (a[0].t == VT_DECIMAL) {
        int sc = a[0].scale;
        if (d >= sc) { *out = a[0]; out->coll = 0; if (d > sc && d <= 18) { __int128 v = (__int128)a[0].i * ex_pow10[d - sc]; if (v <= INT64_MAX && v >= INT64_MIN) { out->i = (int64_t)v; out->scale = (uint8_t)d; } } return; }
        int drop = sc - (int)(d < 0 ? 0 : d);
        int64_t p = ex_pow10[drop], v = a[0].i, q = v / p, r = v % p;
        if (fd->id == F_ROUND && (r < 0 ? -r : r) * 2 >= p) q += v < 0 ? -1 : 1;
        out->t = VT_DECIMAL; out->i = q; out->scale = (uint8_t)(d < 0 ? 0 : d); out->coll = 0; out->len = 0;
        if (d < 0) { int64_t pp = ex_pow10[-d]; int64_t rr = q % pp; q -= rr; if (fd->id == F_ROUND && (rr < 0 ? -rr : rr) * 2 >= pp) q += q < 0 ? -pp : pp; out->i = q; }
        return;
    }
    double x = ex_to_double(&a[0]);
    /* past any double's exponent: nothing is left of it, or nothing changes */
    if (d < -400 || d > 400) { *out = ex_dbl(d < 0 ? 0.0 : x); return; }
    double p = pow(10.0, (double)d);
    double r = fd->id == F_ROUND ? (d >= 0 ? rint(x * p) / p : rint(x / pow(10.0, -(double)d)) * pow(10.0, -(double)d)) : trunc(x * p) / p;
    if (fd->id == F_ROUND && d >= 0) r = rint(x * p) / p;   /* MariaDB: rint(), half to even */
    if (d >= 0 && isinf(x * p)) r = x;                   /* too large to have those decimals */
    *out = ex_dbl(r);
}

static void fn_mod(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = a[0];
    ex_mod_value(ctx, out, &a[1]);
    return;   /* as a % b */
}

static void fn_ln(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    double x = ex_to_double(&a[n - 1]);
    if (x <= 0) { ex_warn(ctx, "Warning", 1365, "Division by 0"); return; }
    double r = fd->id == F_LN ? log(x) : fd->id == F_LOG10 ? log10(x) : fd->id == F_LOG2 ? log(x) / M_LN2 : log(x);   /* LOG2 as MariaDB computes it */
    if (fd->id == F_LOG && n == 2) { double b = ex_to_double(&a[0]); if (b <= 0 || b == 1) { ex_warn(ctx, "Warning", 1365, "Division by 0"); return; } r = log(x) / log(b); }
    *out = ex_dbl(r);
}

static void fn_exp(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(dbl_checked(ctx, e, exp(ex_to_double(&a[0]))));
}

static void fn_conv(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    int from = fd->id == F_CONV ? (int)ex_to_int(&a[1]) : 10, to = fd->id == F_CONV ? (int)ex_to_int(&a[2]) : fd->id == F_OCT ? 8 : 2;
    if (from == INT32_MIN || to == INT32_MIN) return;   /* MariaDB: NULL, as -INT_MIN is not an int */
    bool signed_from = from < 0, signed_to = to < 0;
    if (from < 0) from = -from;
    if (to < 0) to = -to;
    if (from < 2 || from > 36 || to < 2 || to > 36) return;
    char num[24];
    if (a[0].t == VT_STRING && a[0].scale == EX_BITVAL) {   /* a BIT column: its number */
        l0 = (size_t)snprintf(num, sizeof num, "%llu", (unsigned long long)ex_hexnum_u64(&a[0]));
        s0 = num;
        if (fd->id == F_CONV) from = 10;
    } else s0 = ex_to_str(ctx->a, &a[0], &l0);
    if (!l0) return;   /* CONV('') / BIN('') / OCT('') are NULL */
    /* MariaDB's my_strntoull (my_strntoll for a negative from-base): a sign, then
     * digits; past 64 bits ~0 (LONGLONG_MIN/MAX signed), '-' negates modulo 2^64 */
    uint64_t v = 0;
    bool neg = false, over = false;
    size_t i = 0;
    while (i < l0 && (s0[i] == ' ' || (s0[i] >= '\t' && s0[i] <= '\r'))) i++;
    if (i < l0 && (s0[i] == '-' || s0[i] == '+')) { neg = s0[i] == '-'; i++; }
    for (; i < l0; i++) {
        int c = tolower((unsigned char)s0[i]), dg = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : 99;
        if (dg >= from) break;
        if (v > (UINT64_MAX - (uint64_t)dg) / (uint64_t)from) over = true;
        else v = v * (uint64_t)from + (uint64_t)dg;
    }
    if (signed_from) {
        if (v > (neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX)) over = true;
        if (over) v = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
        else if (neg) v = 0 - v;
    } else if (over) v = UINT64_MAX;
    else if (neg) v = 0 - v;
    /* v is the value's 64 bits; a negative to-base prints them as signed */
    char buf[80];
    int k = 79;
    buf[k] = 0;
    bool outneg = signed_to && v > (uint64_t)INT64_MAX;
    if (outneg) v = 0 - v;
    if (v == 0) buf[--k] = '0';
    while (v) { int dg = (int)(v % (uint64_t)to); buf[--k] = (char)(dg < 10 ? '0' + dg : 'A' + dg - 10); v /= (uint64_t)to; }
    if (outneg) buf[--k] = '-';
    *out = ex_fn_mkstr(ctx, buf + k, (size_t)(79 - k), COLL_UTF8MB4_GENERAL_CI);
}

static void fn_bit_count(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_int(__builtin_popcountll((uint64_t)ex_to_int(&a[0])));
}

static void fn_sin(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(sin(ex_to_double(&a[0])));
}

static void fn_cos(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(cos(ex_to_double(&a[0])));
}

static void fn_tan(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(tan(ex_to_double(&a[0])));
}

static void fn_atan(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(n == 2 ? atan2(ex_to_double(&a[0]), ex_to_double(&a[1])) : atan(ex_to_double(&a[0])));
}

static void fn_degrees(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(dbl_checked(ctx, e, ex_to_double(&a[0]) * (180.0 / M_PI)));
}

static void fn_radians(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_dbl(dbl_checked(ctx, e, ex_to_double(&a[0]) * (M_PI / 180.0)));
}
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

/* A locale's own spelling of its name (lc_messages, lc_time_names), or NULL when unknown. */
const char *ex_locale_name(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof locales / sizeof locales[0]; i++)
        if (strlen(locales[i].name) == n && !strncasecmp(locales[i].name, name, n)) return locales[i].name;
    return NULL;
}

static void rand_seed(ex_rand *r, int64_t seed)
{
    uint32_t tmp = (uint32_t)seed;
    uint32_t a = (uint32_t)((uint64_t)tmp * 0x10001ULL + 55555555ULL);
    uint32_t b = (uint32_t)((uint64_t)tmp * 0x10000001ULL);
    r->s1 = a % RAND_MAX_VALUE;
    r->s2 = b % RAND_MAX_VALUE;
}

double ex_rand_seeded(ex_ctx *ctx, const pl_expr *e, const pdb_value *seed)
{
    int64_t sv = seed->t == VT_NULL ? 0 : ex_to_int(seed);
    if (!e || !ex_fn_constant_arg(e->args[0]) || !ctx->stmt) {
        /* a seed that changes per row seeds again for every call */
        ex_rand r;
        rand_seed(&r, sv);
        return ex_fn_rand_next(&r);
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
    return ex_fn_rand_next(r);
}

static void t_double(ex_type *t)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = 31;
    t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
}

static void ty_asin(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    t_double(t);
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

static const ex_fdef rows[] = {
    { "ABS", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_ABS, ty_abs, fn_abs },
    { "ACOS", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, EX_FX_ACOS, ty_asin, fn_asin },
    { "ASIN", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, EX_FX_ASIN, ty_asin, fn_asin },
    { "ATAN", 1, 2, EX_FN_NULL_IN | EX_FN_NUMARGS, F_ATAN, ty_double_any, fn_atan },
    { "ATAN2", 2, 2, EX_FN_NULL_IN | EX_FN_NUMARGS, EX_FX_ATAN2, ty_asin, fn_atan2 },
    { "BIN", 1, 1, EX_FN_NULL_IN, F_BIN, ty_conv, fn_conv },
    { "BIT_COUNT", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_BIT_COUNT, ty_long2, fn_bit_count },
    { "CEIL", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_CEIL, ty_ceil, fn_ceil },
    { "CEILING", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_CEIL, ty_ceil, fn_ceil },
    { "CONV", 3, 3, EX_FN_NULL_IN, F_CONV, ty_conv, fn_conv },
    { "COS", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_COS, ty_double_any, fn_cos },
    { "COT", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, EX_FX_COT, ty_asin, fn_cot },
    { "DEGREES", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_DEGREES, ty_double_any, fn_degrees },
    { "EXP", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_EXP, ty_double_any, fn_exp },
    { "FLOOR", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_FLOOR, ty_ceil, fn_ceil },
    { "FORMAT", 2, 3, 0, F_FORMAT, ty_str64, fn_format },
    { "LN", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_LN, ty_double_any, fn_ln },
    { "LOG", 1, 2, EX_FN_NULL_IN | EX_FN_NUMARGS, F_LOG, ty_double_any, fn_ln },
    { "LOG10", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_LOG10, ty_double_any, fn_ln },
    { "LOG2", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_LOG2, ty_double_any, fn_ln },
    { "MOD", 2, 2, EX_FN_NULL_IN | EX_FN_NUMARGS, F_MOD, ty_mod, fn_mod },
    { "OCT", 1, 1, EX_FN_NULL_IN, F_OCT, ty_conv, fn_conv },
    { "PI", 0, 0, 0, F_PI, ty_sqrt, fn_pi },
    { "POW", 2, 2, EX_FN_NULL_IN | EX_FN_NUMARGS, F_POW, ty_sqrt, fn_pow },
    { "POWER", 2, 2, EX_FN_NULL_IN | EX_FN_NUMARGS, F_POW, ty_sqrt, fn_pow },
    { "RADIANS", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_RADIANS, ty_double_any, fn_radians },
    { "RAND", 0, 1, EX_FN_VOLATILE, F_RAND, ty_sqrt, fn_rand },
    { "ROUND", 1, 2, EX_FN_NULL_IN | EX_FN_NUMARGS, F_ROUND, ty_round, fn_round },
    { "SIGN", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_SIGN, ty_long2, fn_sign },
    { "SIN", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_SIN, ty_double_any, fn_sin },
    { "SQRT", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_SQRT, ty_sqrt, fn_sqrt },
    { "TAN", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_TAN, ty_double_any, fn_tan },
    { "TRUNCATE", 2, 2, EX_FN_NULL_IN | EX_FN_NUMARGS, F_TRUNCATE, ty_round, fn_round },
};
const ex_ftable ex_fam_numeric = { rows, (int)(sizeof rows / sizeof rows[0]) };
