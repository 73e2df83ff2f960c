/* func_misc.c - control flow (IF, IFNULL, NULLIF, COALESCE, GREATEST/LEAST), information
 * (DATABASE, USER, VERSION, LAST_INSERT_ID, FOUND_ROWS...), named locks (GET_LOCK...), user
 * variables, SLEEP/BENCHMARK, UUID/UUID_SHORT and the INET/INET6 functions.
 * Each SQL function is a body (fn_*), a type rule (ty_*) and a row of the table at the
 * end (ARCHITECTURE.md "Function registry"). */
#include "engine/func_int.h"
#include <arpa/inet.h>
#include <ctype.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <pthread.h>
#include <sys/random.h>
#include <unistd.h>

static void ty_uuid(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 36, COLL_UTF8MB4_GENERAL_CI);
    t->ptype = MYSQL_TYPE_STRING;   /* (fixed length: MariaDB sends it as CHAR) */
}

static bool temporal_vt(uint8_t vt) { return vt == VT_DATETIME || vt == VT_DATE || vt == VT_TIME; }

/* IF, IFNULL, COALESCE of temporal values only (MariaDB's aggregate_for_result): of one
 * kind that kind (TIMESTAMPs a TIMESTAMP, with a DATETIME a DATETIME), of several a
 * DATETIME, with the most fraction digits. False when no argument is temporal. */
static bool temporal_merge(const ex_type *b, int m, ex_type *t)
{
    int nt = 0, ts = 0;
    uint8_t vt = VT_NULL, dec = 0;
    bool mixed = false;
    for (int i = 0; i < m; i++) {
        if (b[i].vt == VT_NULL) continue;
        if (!temporal_vt(b[i].vt)) return false;
        if (nt++ && b[i].vt != vt) mixed = true;
        vt = b[i].vt;
        ts += b[i].ptype == MYSQL_TYPE_TIMESTAMP;
        if (b[i].vt != VT_DATE && b[i].decimals <= 6 && b[i].decimals > dec) dec = b[i].decimals;
    }
    if (!nt) return false;
    if (mixed) vt = VT_DATETIME;
    memset(t, 0, sizeof *t);
    t->vt = vt;
    t->ptype = vt == VT_DATE ? MYSQL_TYPE_DATE : vt == VT_TIME ? MYSQL_TYPE_TIME : ts == nt ? MYSQL_TYPE_TIMESTAMP : MYSQL_TYPE_DATETIME;
    t->decimals = vt == VT_DATE ? 0 : dec;
    t->length = (vt == VT_DATE ? 10u : vt == VT_TIME ? 10u : 19u) + (t->decimals ? t->decimals + 1u : 0);
    t->coll = COLL_BINARY; t->flags = BINARY_FLAG;
    return true;
}

/* GREATEST/LEAST with a temporal argument (MariaDB's aggregate_for_min_max, one argument
 * after the other): a temporal beats a non-temporal, a TIMESTAMP with anything but a
 * TIMESTAMP makes a DATETIME, as do two temporal kinds. Fraction digits: the most of any
 * argument's, at most 6 (a string's or a FLOAT's are not fixed: 6). False when the result
 * is not temporal. */
static bool minmax_temporal(const ex_type *a, int n, ex_type *t)
{
    uint8_t vt = a[0].vt;
    bool ts = a[0].ptype == MYSQL_TYPE_TIMESTAMP;
    for (int i = 1; i < n; i++) {
        bool ht = temporal_vt(vt), it = temporal_vt(a[i].vt), its = a[i].ptype == MYSQL_TYPE_TIMESTAMP;
        if (!ht && !it) continue;
        if (ts != its) { vt = VT_DATETIME; ts = false; }
        else if (!ht || !it) vt = it ? a[i].vt : vt;
        else if (vt != a[i].vt) vt = VT_DATETIME;
    }
    if (!temporal_vt(vt)) return false;
    uint8_t dec = 0;
    for (int i = 0; i < n; i++) {
        uint8_t d = a[i].vt == VT_NULL || a[i].vt == VT_INT || a[i].vt == VT_UINT || a[i].vt == VT_DATE ? 0
                  : a[i].vt == VT_STRING ? (a[i].enumc || a[i].hexnum ? 0 : 6) : a[i].decimals;
        if (d > dec) dec = d;
    }
    if (dec > 6 || vt == VT_DATE) dec = vt == VT_DATE ? 0 : 6;
    memset(t, 0, sizeof *t);
    t->vt = vt;
    t->ptype = vt == VT_DATE ? MYSQL_TYPE_DATE : vt == VT_TIME ? MYSQL_TYPE_TIME : ts ? MYSQL_TYPE_TIMESTAMP : MYSQL_TYPE_DATETIME;
    t->decimals = dec;
    t->length = (vt == VT_DATE || vt == VT_TIME ? 10u : 19u) + (dec ? dec + 1u : 0);
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    t->nullable = true;
    return true;
}

/* The integer digits of a number's type (its length less sign, point and fraction). */
static uint32_t int_digits(const ex_type *a)
{
    bool uns = a->is_unsigned || a->vt == VT_UINT || a->ptype == MYSQL_TYPE_YEAR;
    uint32_t fr = a->vt == VT_DECIMAL ? a->decimals : 0;
    uint32_t x = (uns || !a->length ? 0 : 1) + (fr ? fr + 1 : 0);
    return a->length > x ? a->length - x : 1;
}

/* GREATEST/LEAST of numbers only, MariaDB's attributes: a DOUBLE has the most decimals of
 * any argument (not fixed: 31) and is 17 + decimals long (23 when not fixed); a DECIMAL
 * the most integer digits and the most fraction digits of any, unsigned only when every
 * argument is; a YEAR is no ZEROFILL. NOT NULL when no argument can be NULL and none is a
 * column: of NOT NULL columns MariaDB's text result says NOT NULL, its prepared
 * statement's metadata nullable (as for comparisons, expr.c comp_cmp). */
static void minmax_numeric(const ex_type *a, int n, ex_type *t)
{
    bool nl = false, uns = true;
    uint32_t dig = 0, dec = 0;
    for (int i = 0; i < n; i++) {
        nl |= a[i].nullable || a[i].vt == VT_NULL || a[i].from_column;   /* (see above) */
        uns &= a[i].is_unsigned || a[i].vt == VT_UINT || a[i].ptype == MYSQL_TYPE_YEAR;
        uint32_t d = a[i].vt == VT_DECIMAL || a[i].vt == VT_DOUBLE ? a[i].decimals : 0;
        if (d > dec) dec = d;
        uint32_t g = int_digits(&a[i]);
        if (g > dig) dig = g;
    }
    if (t->vt == VT_DOUBLE) {
        if (!uns) { t->is_unsigned = false; t->flags &= (uint16_t)~UNSIGNED_FLAG; }
        t->decimals = (uint8_t)(dec > 31 ? 31 : dec);
        t->length = t->decimals >= 31 ? 23 : 17u + t->decimals;
    } else if (t->vt == VT_DECIMAL) {
        t->decimals = (uint8_t)dec;
        t->length = dig + dec + (dec ? 1 : 0) + (uns ? 0 : 1);
        t->is_unsigned = uns;
        if (uns) t->flags |= UNSIGNED_FLAG;
        else t->flags &= (uint16_t)~UNSIGNED_FLAG;
    }
    if (t->ptype == MYSQL_TYPE_YEAR) t->flags &= (uint16_t)~ZEROFILL_FLAG;
    t->nullable = nl;
    if (nl) t->flags &= (uint16_t)~NOT_NULL_FLAG;
    else t->flags |= NOT_NULL_FLAG;
}

static bool blob_type(const ex_type *a)
{
    return a->vt == VT_STRING && a->ptype >= MYSQL_TYPE_TINY_BLOB && a->ptype <= MYSQL_TYPE_BLOB;
}

static bool blob_column(const ex_type *a) { return blob_type(a) && a->from_column; }

/* GREATEST/LEAST, IF, IFNULL, COALESCE (CASE) of strings with a TEXT or BLOB column among
 * them, as MariaDB types them: a TEXT column counts its bytes as characters (a TEXT of
 * utf8mb4 gives 1,048,560 bytes, a TINYTEXT 4,080), towards a binary result its
 * characters; the result is the BLOB type of its length (at most 4294967295), without
 * BLOB_FLAG. False (t untouched) without such a column. */
static bool blob_result(const ex_type *b, int m, ex_type *t)
{
    bool any = false;
    for (int i = 0; i < m; i++) any |= blob_column(&b[i]);
    if (!any) return false;
    uint64_t l = 0, mb = 1;   /* (mb: the widest charset's, which the collations aggregate to) */
    for (int i = 0; i < m; i++) {
        if (b[i].vt == VT_NULL) continue;
        const pdb_collation *co = pdb_coll_by_id(b[i].coll);
        if (b[i].vt == VT_STRING && co && co->maxlen > mb) mb = co->maxlen;
        uint64_t x = t->coll != COLL_BINARY ? (blob_column(&b[i]) ? b[i].length : ex_fn_chars_of(&b[i]))
                   : blob_column(&b[i]) && b[i].length < 4294967295u ? ex_fn_chars_of(&b[i]) : b[i].length;
        if (x > l) l = x;
    }
    l *= t->coll == COLL_BINARY ? 1 : mb;
    t->length = l > 4294967295u ? 4294967295u : (uint32_t)l;
    t->ptype = ex_blob_ptype(t->length);
    t->flags &= (uint16_t)~BLOB_FLAG;
    return true;
}

/* A string result with a hexadecimal literal's attributes (ex_type.hexlit) as MariaDB
 * gives them: NULLIF's first argument's, IF's one non-NULL value's (the other NULL), a
 * hybrid's or GREATEST's of 0x.. and b'..' literals only (X'41' among them: none). */
static uint8_t hexlit_result(const ex_fdef *fd, const ex_type *b, int m)
{
    if (fd->id == F_NULLIF) return b[0].hexlit;
    int vals = 0, hex = 0, k = 0;
    for (int i = 0; i < m; i++) {
        if (b[i].vt == VT_NULL) continue;
        vals++; k = i;
        hex += b[i].hexnum && b[i].hexlit;
    }
    if (fd->id == F_IF && vals == 1) return b[k].hexlit;
    return vals && hex == vals ? EX_HEXLIT : 0;
}

/* MariaDB's decimal_precision() of an integer or DECIMAL argument, less its fraction's
 * digits: an integer literal's (TRUE's) digits without its sign, another integer's
 * length less the sign's place, a DECIMAL's integer digits. xe: its node, NULL unknown. */
static uint32_t num_int_part(const ex_type *x, const pl_expr *xe)
{
    bool neg = xe && xe->kind == E_UNARY && xe->op == '-' && xe->nargs == 1 && xe->args[0]->kind == E_INT;
    bool lit = xe && (xe->kind == E_INT || xe->kind == E_BOOL || neg);
    bool uns = x->is_unsigned || x->vt == VT_UINT || (x->flags & UNSIGNED_FLAG);
    uint32_t sign = lit ? (neg || (xe->kind == E_INT && xe->s && xe->s[0] == '-')) : !uns;
    uint32_t fr = x->vt == VT_DECIMAL && x->decimals ? x->decimals + 1u : 0;
    if (x->vt == VT_DECIMAL) sign = !uns;   /* (a DECIMAL literal's length holds a sign's place) */
    return x->length > sign + fr ? x->length - sign - fr : 1;
}

/* IF, IFNULL, COALESCE (CASE), GREATEST and LEAST of integers and DECIMALs only: as
 * MariaDB's count_decimal_length and aggregate_attributes_int, the most integer digits
 * and the most decimals of any argument, and a sign's place unless all are unsigned (a
 * NULL of IFNULL or COALESCE counts as signed): IF(a, 1, 0) is 2 long. IF of a value and
 * NULL keeps the value's (cache_type_info), NULLIF its first argument's. ae: the
 * arguments' nodes (b[i] is ae[i]), NULL when unknown. */
static void hybrid_number_length(const ex_fdef *fd, const ex_type *b, int m, const pl_expr *const *ae, ex_type *t)
{
    if (fd->id == F_NULLIF || (t->vt != VT_INT && t->vt != VT_UINT && t->vt != VT_DECIMAL)) return;
    uint32_t ip = 0, dec = 0;
    int vals = 0;
    bool uns = true;
    for (int i = 0; i < m; i++) {
        if (b[i].vt == VT_NULL) { uns &= fd->id == F_IF || fd->id == F_GREATEST || fd->id == F_LEAST; continue; }
        if ((b[i].vt != VT_INT && b[i].vt != VT_UINT && b[i].vt != VT_DECIMAL) || b[i].ptype == MYSQL_TYPE_BIT ||
            b[i].hexnum || b[i].enumc)
            return;   /* (other kinds keep their rules) */
        vals++;
        uns &= b[i].is_unsigned || b[i].vt == VT_UINT || (b[i].flags & UNSIGNED_FLAG);
        uint32_t g = num_int_part(&b[i], ae ? ae[i] : NULL);
        if (g > ip) ip = g;
        if (b[i].vt == VT_DECIMAL && b[i].decimals > dec) dec = b[i].decimals;
    }
    if (!vals || (fd->id == F_IF && vals == 1)) return;
    if (t->vt == VT_DECIMAL) {
        if (ip + dec > 65) ip = 65 > dec ? 65 - dec : 0;
        t->decimals = (uint8_t)dec;
        t->length = ip + dec + (dec ? 1 : 0) + (uns ? 0 : 1);
        t->is_unsigned = uns;
        t->flags = (uint16_t)(uns ? t->flags | UNSIGNED_FLAG : t->flags & ~UNSIGNED_FLAG);
    } else t->length = ip + (uns ? 0 : 1);
}

static void ty_if(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    if ((fd->id == F_GREATEST || fd->id == F_LEAST) && minmax_temporal(a, n, t)) return;
    const ex_type *b = fd->id == F_IF ? a + 1 : a;
    int m = fd->id == F_IF ? 2 : fd->id == F_NULLIF ? 1 : n;
    bool minmax = fd->id == F_GREATEST || fd->id == F_LEAST;
    bool temporal = !minmax && temporal_merge(b, m, t);
    bool temporal_str = false;   /* a temporal with a number: a string (not GREATEST's rule) */
    for (int i = 0; i < m && !minmax && !temporal; i++) temporal_str |= temporal_vt(b[i].vt);
    if (!temporal) *t = b[0];
    for (int i = 0; i < m && !temporal; i++) {
        if (b[i].vt == VT_NULL) continue;
        if (t->vt == VT_NULL) { *t = b[i]; continue; }
        if (b[i].vt == VT_STRING || t->vt == VT_STRING) continue;   /* below */
        bool bi = b[i].vt == VT_INT || b[i].vt == VT_UINT, ti = t->vt == VT_INT || t->vt == VT_UINT;
        /* (a YEAR is unsigned, as MariaDB's) */
        bool bu = b[i].is_unsigned || b[i].vt == VT_UINT || b[i].ptype == MYSQL_TYPE_YEAR;
        bool tu = t->is_unsigned || t->vt == VT_UINT || t->ptype == MYSQL_TYPE_YEAR;
        if (bi && ti && bu != tu) {
            /* signed with unsigned integers: DECIMAL of the longer one's digits (MariaDB) */
            uint32_t db = b[i].length - (b[i].is_unsigned || b[i].vt == VT_UINT || !b[i].length ? 0 : 1);
            uint32_t dt = t->length - (t->is_unsigned || t->vt == VT_UINT || !t->length ? 0 : 1);
            t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = 0;
            t->is_unsigned = false; t->flags &= (uint16_t)~UNSIGNED_FLAG;
            t->length = (db > dt ? db : dt) + 1;
            continue;
        }
        if (b[i].vt != t->vt) {
            if (b[i].vt == VT_DOUBLE || t->vt == VT_DOUBLE) { t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->decimals = 31; }
            else if (b[i].vt == VT_DECIMAL || t->vt == VT_DECIMAL) { t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; if (b[i].decimals > t->decimals) t->decimals = b[i].decimals; }
            else if ((b[i].vt == VT_UINT && t->vt == VT_INT && !tu) || (b[i].vt == VT_INT && !bu && t->vt == VT_UINT)) {
                /* BIGINT UNSIGNED with a signed integer: DECIMAL (MariaDB) */
                t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = 0;
                t->is_unsigned = false; t->flags &= (uint16_t)~UNSIGNED_FLAG;
                if (b[i].length > t->length) t->length = b[i].length;
            } else if (b[i].length > t->length) t->length = b[i].length;   /* (both unsigned: a YEAR, a BIT) */
        } else if (b[i].length > t->length) t->length = b[i].length;
    }
    if (t->vt == VT_DOUBLE && !minmax) {   /* FLOAT with FLOATs and integers only, else DOUBLE */
        bool flt = false, dbl = false;
        for (int i = 0; i < m; i++) {
            if (b[i].vt == VT_NULL) continue;
            if (b[i].vt == VT_INT || b[i].vt == VT_UINT)   /* (an INT or BIGINT needs a DOUBLE's digits) */
                dbl |= b[i].ptype == MYSQL_TYPE_LONG || b[i].ptype == MYSQL_TYPE_LONGLONG;
            else if (b[i].ptype == MYSQL_TYPE_FLOAT) flt = true;
            else dbl = true;
        }
        t->ptype = flt && !dbl ? MYSQL_TYPE_FLOAT : MYSQL_TYPE_DOUBLE;
    } else if (t->vt == VT_DOUBLE) {   /* GREATEST/LEAST: FLOAT of FLOATs only, else DOUBLE */
        bool flt = true;
        for (int i = 0; i < m; i++) flt &= b[i].ptype == MYSQL_TYPE_FLOAT;
        if (!flt && t->ptype == MYSQL_TYPE_FLOAT) { t->ptype = MYSQL_TYPE_DOUBLE; if (t->decimals >= 31) t->length = 23; }
    }
    bool any_str = temporal_str;
    for (int i = 0; i < m; i++) any_str |= b[i].vt == VT_STRING;
    if ((t->vt == VT_UINT || (t->vt == VT_INT && t->is_unsigned)) && (fd->id == F_IFNULL || fd->id == F_COALESCE))
        for (int i = 0; i < m; i++)
            if (b[i].vt == VT_NULL) {   /* a NULL counts as signed here (not in IF): DECIMAL */
                t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = 0; t->length += 1;
                t->is_unsigned = false; t->flags &= (uint16_t)~UNSIGNED_FLAG;
                break;
            }
    if (any_str) {
        /* a string result: long enough for every argument as text, in the collation
           of the string arguments; its type follows from its length in bytes (a TEXT
           or LONGTEXT argument makes a MEDIUM_BLOB or LONG_BLOB) */
        uint16_t coll = ex_fn_coll_of(b, m);
        uint64_t l = 0;
        for (int i = 0; i < m; i++) {
            if (b[i].vt == VT_NULL) continue;
            uint64_t x = coll == COLL_BINARY ? b[i].length : ex_fn_chars_of(&b[i]);
            if (x > l) l = x;
        }
        const pdb_collation *co = pdb_coll_by_id(coll);
        uint64_t mx = co && co->maxlen > 1 ? 4294967295u / co->maxlen : 4294967295u;
        ex_fn_t_str(t, (uint32_t)(l > mx ? mx : l), coll);
        bool blobs = fd->id != F_NULLIF && blob_result(b, m, t);
        if (fd->id == F_NULLIF && blob_type(&b[0])) {
            /* NULLIF of a TEXT or BLOB: its own type, its bytes counted as characters */
            const pdb_collation *co = pdb_coll_by_id(t->coll);
            uint64_t bytes = (uint64_t)b[0].length * (t->coll == COLL_BINARY || !co ? 1 : co->maxlen);
            t->length = bytes > 4294967295u ? 4294967295u : (uint32_t)bytes;
            const pdb_collation *c0 = pdb_coll_by_id(b[0].coll);   /* (its kind by its size) */
            t->ptype = ex_blob_ptype(b[0].length / (c0 && c0->maxlen && b[0].length < 4294967295u ? c0->maxlen : 1));
        }
        /* with a TEXT/BLOB argument the result is a BLOB type even when short */
        for (int i = 0; i < m && !blobs && !minmax && fd->id != F_NULLIF; i++)
            if (b[i].vt == VT_STRING && b[i].ptype >= MYSQL_TYPE_TINY_BLOB && b[i].ptype <= MYSQL_TYPE_BLOB && t->length <= 65535) {
                t->ptype = t->length <= 255 ? MYSQL_TYPE_TINY_BLOB : MYSQL_TYPE_BLOB; t->flags |= BLOB_FLAG;
                break;
            }
    }
    t->nullable = true;
    t->flags &= (uint16_t)~(NOT_NULL_FLAG | PRI_KEY_FLAG | AUTO_INCREMENT_FLAG | UNIQUE_KEY_FLAG | MULTIPLE_KEY_FLAG);
    if (t->vt != VT_STRING) t->flags |= BINARY_FLAG;
    {   /* NULL only as its arguments allow: IFNULL when both can be, IF by either result,
           COALESCE when all can be */
        bool nl = true;
        if (fd->id == F_IFNULL && n == 2) nl = (a[0].nullable || a[0].vt == VT_NULL) && (a[1].nullable || a[1].vt == VT_NULL);
        else if (fd->id == F_IF && n == 3) nl = a[1].nullable || a[2].nullable || a[1].vt == VT_NULL || a[2].vt == VT_NULL;
        else if (fd->id == F_COALESCE) { nl = true; for (int i = 0; i < n; i++) if (!a[i].nullable && a[i].vt != VT_NULL) nl = false; }
        if (!nl) { t->nullable = false; t->flags |= NOT_NULL_FLAG; }
    }
    ex_geo_merge_type(b, m, t);   /* (spatial arguments: a spatial result) */
    if (t->vt == VT_INT || t->vt == VT_UINT) {
        t->ptype = t->length >= 11 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG;
        /* integer arguments: the widest of their types (INT with INT stays INT) */
        int best = 0;
        for (int i = 0; i < m && best >= 0; i++) {
            if (b[i].vt == VT_NULL) continue;
            int r = b[i].ptype == MYSQL_TYPE_TINY ? 1 : b[i].ptype == MYSQL_TYPE_SHORT ? 2 : b[i].ptype == MYSQL_TYPE_INT24 ? 3 :
                    b[i].ptype == MYSQL_TYPE_LONG ? 4 : b[i].ptype == MYSQL_TYPE_LONGLONG ? 5 : -1;
            best = r < 0 ? -1 : r > best ? r : best;
        }
        static const uint8_t by_rank[] = { 0, MYSQL_TYPE_TINY, MYSQL_TYPE_SHORT, MYSQL_TYPE_INT24, MYSQL_TYPE_LONG, MYSQL_TYPE_LONGLONG };
        if (best > 0) t->ptype = by_rank[best];
        /* BITs only stay BIT, YEARs only YEAR */
        bool allbit = true, allyear = true;
        for (int i = 0; i < m; i++) {
            if (b[i].vt == VT_NULL) continue;
            allbit &= b[i].ptype == MYSQL_TYPE_BIT;
            allyear &= b[i].ptype == MYSQL_TYPE_YEAR;
        }
        if (allbit) t->ptype = MYSQL_TYPE_BIT;
        if (allyear) t->ptype = MYSQL_TYPE_YEAR;
    }
    {   /* ZEROFILL only when every argument has it (a YEAR with an INT is no YEAR) */
        bool allzf = true;
        for (int i = 0; i < m; i++) if (b[i].vt != VT_NULL && !(b[i].flags & ZEROFILL_FLAG)) allzf = false;
        if (!allzf || (t->vt != VT_INT && t->vt != VT_UINT)) t->flags &= (uint16_t)~ZEROFILL_FLAG;
    }
    if (fd->id == F_GREATEST || fd->id == F_LEAST) {
        bool s = false, num = false;
        /* a NULL argument counts as a string: with numbers, the comparison is DOUBLE */
        for (int i = 0; i < n; i++) { if (a[i].vt == VT_STRING || a[i].vt == VT_NULL) s = true; else num = true; }
        if (s && num) {
            /* decimals: the most of any argument's (a string's are not fixed; an ENUM's
               or SET's, compared as its number, a NULL's and a hexadecimal literal's 0);
               17 + decimals long, or 23 */
            uint8_t dec = 0;
            for (int i = 0; i < n; i++) {
                uint8_t d = a[i].vt == VT_STRING && !a[i].enumc && !a[i].hexnum ? 31
                          : a[i].vt == VT_STRING || a[i].vt == VT_NULL || a[i].vt == VT_INT || a[i].vt == VT_UINT ? 0
                          : a[i].decimals;
                if (d > dec) dec = d > 31 ? 31 : d;
            }
            memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE;
            t->decimals = dec; t->length = dec >= 31 ? 23 : 17u + dec;
            t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = false;
            for (int i = 0; i < n; i++) t->nullable |= a[i].nullable || a[i].vt == VT_NULL || a[i].from_column;
            if (!t->nullable) t->flags |= NOT_NULL_FLAG;
        }
        bool hex = false;
        for (int i = 0; i < n; i++) hex |= a[i].hexnum;
        if (s && num && hex) { t->length = 17; t->decimals = 0; }   /* a hexadecimal literal among numbers */
        if (!s) minmax_numeric(a, n, t);
    }
    if (t->ptype == MYSQL_TYPE_STRING) t->ptype = MYSQL_TYPE_VAR_STRING;
    if (any_str && t->vt == VT_STRING) {   /* CHAR columns the only strings (with numbers, NULLs): CHAR */
        bool all_char = true, one = false;
        for (int i = 0; i < m; i++) {
            if (b[i].vt != VT_STRING) continue;
            if (b[i].ptype != MYSQL_TYPE_STRING || (b[i].flags & (ENUM_FLAG | SET_FLAG))) all_char = false;
            one = true;
        }
        if (all_char && one) t->ptype = MYSQL_TYPE_STRING;
    }
    t->hexlit = t->vt == VT_STRING ? hexlit_result(fd, b, m) : 0;
    hybrid_number_length(fd, b, m, e && e->nargs == n ? (const pl_expr *const *)e->args + (b - a) : NULL, t);
}

static void ty_long1(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 1);
    t->ptype = MYSQL_TYPE_LONG;
}

static void ty_is_used_lock(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 10);
    t->vt = VT_UINT;
    t->flags |= UNSIGNED_FLAG;
}

static void ty_isnull(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 1);
    t->ptype = MYSQL_TYPE_LONG;
    t->nullable = false;
    t->flags |= NOT_NULL_FLAG;
}

static void ty_inet_aton(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 21);
    t->vt = VT_UINT;
    t->flags |= UNSIGNED_FLAG;
}

static void ty_inet_ntoa(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 31, COLL_UTF8MB3_GENERAL_CI);
}

static void ty_database(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 64, COLL_UTF8MB3_GENERAL_CI);
}

static void ty_user(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 384, COLL_UTF8MB3_GENERAL_CI);
    t->flags |= NOT_NULL_FLAG;
    t->nullable = false;
}

static void ty_version(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 60, COLL_UTF8MB3_GENERAL_CI);
    t->flags |= NOT_NULL_FLAG;
    t->nullable = false;
}

static void ty_connection_id(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 10);
    t->vt = VT_UINT;
    t->flags |= UNSIGNED_FLAG | NOT_NULL_FLAG;
    t->nullable = false;
}

static void ty_last_insert_id(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 21);
    t->vt = VT_UINT;
    t->flags |= UNSIGNED_FLAG | NOT_NULL_FLAG;
    t->nullable = false;
}

static void ty_found_rows(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 21);
    t->flags |= NOT_NULL_FLAG;
    t->nullable = false;
}

static void ty_values(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    *t = a[0];
    t->nullable = true;
}

static void ty_as_second(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    *t = a[1];
}

/* GET_LOCK / RELEASE_LOCK / IS_FREE_LOCK / IS_USED_LOCK: server-wide named locks,
 * re-entrant per connection, released when the connection ends. */
typedef struct named_lock_t { char name[65]; uint32_t owner; uint32_t depth; } named_lock_t;
static named_lock_t nlocks[256];
static pthread_mutex_t nl_mu = PTHREAD_MUTEX_INITIALIZER;

static named_lock_t *nl_find(const char *name)
{
    for (int i = 0; i < 256; i++) if (nlocks[i].owner && !strcasecmp(nlocks[i].name, name)) return &nlocks[i];
    return NULL;
}

static pdb_value named_lock(ex_ctx *ctx, int id, const char *s, size_t n, double timeout)
{
    char name[65];
    snprintf(name, sizeof name, "%.*s", (int)(n > 64 ? 64 : n), s ? s : "");
    uint32_t me = ctx->s->conn_id ? ctx->s->conn_id : 0xffffffffu;
    pdb_value r = ex_null();
    if (id == F_RELEASE_ALL_LOCKS) {
        uint64_t cnt = 0;
        pthread_mutex_lock(&nl_mu);
        for (int i = 0; i < 256; i++) if (nlocks[i].owner == me) { cnt += nlocks[i].depth; nlocks[i].owner = 0; nlocks[i].depth = 0; }
        pthread_mutex_unlock(&nl_mu);
        r = ex_int((int64_t)cnt); r.t = VT_UINT;
        if (cnt) stor_wake_waiters();
        return r;
    }
    int64_t deadline = ex_now_us() + (int64_t)(timeout * 1e6);
    for (;;) {
        pthread_mutex_lock(&nl_mu);
        named_lock_t *l = nl_find(name);
        if (id == F_IS_FREE_LOCK) { r = ex_int(l ? 0 : 1); pthread_mutex_unlock(&nl_mu); return r; }
        if (id == F_IS_USED_LOCK) { if (l) { r = ex_int(l->owner); r.t = VT_UINT; } pthread_mutex_unlock(&nl_mu); return r; }
        if (id == F_RELEASE_LOCK) {
            if (!l) r = ex_null();
            else if (l->owner != me) r = ex_int(0);
            else { if (--l->depth == 0) l->owner = 0; r = ex_int(1); }
            pthread_mutex_unlock(&nl_mu);
            if (r.t == VT_INT && r.i == 1 && l && !l->owner) stor_wake_waiters();
            return r;
        }
        /* GET_LOCK */
        if (!l || l->owner == me) {
            if (!l) {
                for (int i = 0; i < 256; i++) if (!nlocks[i].owner) { l = &nlocks[i]; break; }
                if (!l) { pthread_mutex_unlock(&nl_mu); return ex_null(); }
                snprintf(l->name, sizeof l->name, "%s", name);
                l->owner = me; l->depth = 0;
            }
            l->depth++;
            pthread_mutex_unlock(&nl_mu);
            return ex_int(1);
        }
        pthread_mutex_unlock(&nl_mu);
        /* held by another connection: park the statement (no thread waits; the holder's
           RELEASE_LOCK or disconnect wakes it) until GET_LOCK's own timeout */
        int64_t now = ex_now_us();
        if (timeout <= 0 || ex_replaying) return ex_int(0);
        if (ctx->s->named_deadline_us && now >= ctx->s->named_deadline_us) { ctx->s->named_deadline_us = 0; return ex_int(0); }
        if (!ctx->s->named_deadline_us) ctx->s->named_deadline_us = deadline;
        ctx->s->wait_named = true;
        stor_blocker = 0;
        ex_raise_locked(ctx);
    }
}

void ex_release_named_locks(uint32_t conn_id)
{
    pthread_mutex_lock(&nl_mu);
    bool any = false;
    for (int i = 0; i < 256; i++) if (nlocks[i].owner == conn_id) { nlocks[i].owner = 0; nlocks[i].depth = 0; any = true; }
    pthread_mutex_unlock(&nl_mu);
    if (any) stor_wake_waiters();
}

static void fn_if(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_is_true_cond(&a[0]) ? a[1] : a[2];
}

static void fn_ifnull(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = a[0].t != VT_NULL ? a[0] : a[1];
}

static void fn_nullif(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = (a[0].t != VT_NULL && a[1].t != VT_NULL && ex_compare(&a[0], &a[1], 0) == 0) ? ex_null() : a[0];
}

static void fn_coalesce(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    for (int i = 0; i < n; i++) if (a[i].t != VT_NULL) { *out = a[i]; return; }
}

static void fn_isnull(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_int(a[0].t == VT_NULL);
}

static void fn_database(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (ctx->s->db[0]) *out = ex_fn_mkstr(ctx, ctx->s->db, strlen(ctx->s->db), COLL_UTF8MB3_GENERAL_CI);
}

static void fn_user(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    char buf[400];
    /* CURRENT_USER(): the account (its host pattern); USER(): the client's host */
    const char *h = fd->id == F_CURRENT_USER && ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
    const char *u = fd->id != F_CURRENT_USER && ctx->s->as_depth ? ctx->s->login_user : ctx->s->user;
    int k = snprintf(buf, sizeof buf, "%s@%s", u, h);
    *out = ex_fn_mkstr(ctx, buf, (size_t)k, COLL_UTF8MB3_GENERAL_CI);
}

static void ty_role(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 128, COLL_UTF8MB3_GENERAL_CI);
}

/* CURRENT_ROLE(): the role SET ROLE (or the default role) enabled, else NULL */
static void fn_current_role(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (ctx->s->role[0]) *out = ex_fn_mkstr(ctx, ctx->s->role, strlen(ctx->s->role), COLL_UTF8MB3_GENERAL_CI);
}

static void fn_version(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const char *v = pdb_server_version();
    *out = ex_fn_mkstr(ctx, v, strlen(v), COLL_UTF8MB3_GENERAL_CI);
}

static void fn_connection_id(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_int(ctx->s->conn_id);
    out->t = VT_UINT;
}

static void fn_last_insert_id(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (n == 1) {
        ctx->s->lid_arg = true;   /* the OK packet then carries this value */
        if (a[0].t == VT_NULL) { ctx->s->last_insert_id = 0; *out = ex_null(); return; }
        ctx->s->last_insert_id = (uint64_t)ex_to_int(&a[0]);
    }
    *out = ex_int(0);
    out->t = VT_UINT;
    out->u = ctx->s->last_insert_id;
}

static void fn_found_rows(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_int((int64_t)ctx->s->found_rows);
}

static void fn_row_count(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_int(ctx->s->row_count);
}

static void fn_release_all_locks(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = named_lock(ctx, F_RELEASE_ALL_LOCKS, NULL, 0, 0);
}

/* UUID() as MariaDB's (mysys my_uuid): version 1, the time in 100 ns steps since
 * 1582-10-15, strictly increasing within the process; a clock sequence and a node
 * drawn from the system's random source once per process (the node with its multicast
 * bit set, as MariaDB's when it has no MAC address to use). */
static pthread_mutex_t uuid_mu = PTHREAD_MUTEX_INITIALIZER;
static uint64_t uuid_last;
static uint16_t uuid_seq;
static unsigned char uuid_node[6];

static void uuid_v1(unsigned char u[16])
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t t = (uint64_t)ts.tv_sec * 10000000u + (uint64_t)ts.tv_nsec / 100u + 0x01B21DD213814000ull;
    pthread_mutex_lock(&uuid_mu);
    if (!uuid_last) {
        unsigned char r[8] = { 0 };
        if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r) {
            uint64_t x = t * 0x9E3779B97F4A7C15ull ^ (uint64_t)getpid();
            memcpy(r, &x, sizeof r);
        }
        memcpy(uuid_node, r, 6);
        uuid_node[0] |= 1;
        uuid_seq = (uint16_t)((r[6] << 8 | r[7]) & 0x3fff);
    }
    if (t <= uuid_last) t = uuid_last + 1;
    uuid_last = t;
    pthread_mutex_unlock(&uuid_mu);
    uint32_t lo = (uint32_t)t;
    uint16_t mid = (uint16_t)(t >> 32), hi = (uint16_t)(((t >> 48) & 0x0fff) | 0x1000), seq = uuid_seq | 0x8000;
    unsigned char b[16] = { (unsigned char)(lo >> 24), (unsigned char)(lo >> 16), (unsigned char)(lo >> 8), (unsigned char)lo,
                            (unsigned char)(mid >> 8), (unsigned char)mid, (unsigned char)(hi >> 8), (unsigned char)hi,
                            (unsigned char)(seq >> 8), (unsigned char)seq };
    memcpy(b + 10, uuid_node, 6);
    memcpy(u, b, 16);
}

/* UUID(), and SYS_GUID() (the same without the dashes) */
static void fn_uuid(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    unsigned char r[16];
    uuid_v1(r);
    char buf[40];
    size_t k = 0;
    bool dashes = !strcmp(fd->name, "UUID");
    for (int i = 0; i < 16; i++) {
        if (dashes && (i == 4 || i == 6 || i == 8 || i == 10)) buf[k++] = '-';
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%02x", r[i]);
    }
    *out = ex_fn_mkstr(ctx, buf, k, COLL_UTF8MB3_GENERAL_CI);
}

static void ty_sys_guid(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 32, COLL_UTF8MB4_GENERAL_CI);
}

static void fn_values(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* VALUES(col) in ON DUPLICATE KEY UPDATE: the column's value in the row we tried to insert */
    if (!ctx->insert_vals || !e || e->args[0]->kind != E_COLUMN) return;
    stor_table *t = ctx->insert_t;
    for (uint32_t c = 0; c < t->ncols; c++)
        if (!strcasecmp(t->cols[c].name, e->args[0]->s)) {
            *out = ctx->insert_vals[c];
            ex_read_ts(ctx->s, &t->cols[c], out);   /* (as the session gave it) */
            return;
        }
}

static void fn_set_uservar(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    pdb_value v = a[1];
    ex_uservar_set(ctx->s, e->args[0]->s, &v);
    *out = v;
}

static void fn_greatest(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    for (int i = 0; i < n; i++) if (a[i].t == VT_NULL) return;
    /* strings among numbers (and no temporal, no hexadecimal literal): all compared and
       answered as doubles, each string converted once (ty_if types it DOUBLE) */
    bool str = false, num = false, other = false;
    for (int i = 0; i < n; i++) {
        if (a[i].t == VT_STRING && !ex_is_hexnum(&a[i])) str = true;
        else if (a[i].t == VT_INT || a[i].t == VT_UINT || a[i].t == VT_DOUBLE || a[i].t == VT_DECIMAL) num = true;
        else other = true;
    }
    if (str && num && !other) {
        double b = ex_to_double(&a[0]);
        for (int i = 1; i < n; i++) {
            double d = ex_to_double(&a[i]);
            if ((fd->id == F_GREATEST && d > b) || (fd->id == F_LEAST && d < b)) b = d;
        }
        *out = ex_dbl(b);
        return;
    }
    pdb_value best = a[0];
    for (int i = 1; i < n; i++) {
        int c = ex_compare(&a[i], &best, 0);
        if ((fd->id == F_GREATEST && c > 0) || (fd->id == F_LEAST && c < 0)) best = a[i];
    }
    *out = best;
    if (ex_is_hexnum(&best))   /* a hexadecimal literal among numbers is one too */
        for (int i = 0; i < n; i++)
            if (a[i].t != VT_STRING) { *out = ex_dbl((double)ex_hexnum_u64(&best)); break; }
}

static void fn_sleep(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    double d = ex_to_double(&a[0]);
    /* in steps of at most 10 ms, checking for KILL and max_statement_time between them */
    uint64_t left = d > 0 ? (uint64_t)(d * 1e9) : 0;
    while (left) {
        uint64_t step = left < 10000000u ? left : 10000000u;
        struct timespec ts = { 0, (long)step };
        nanosleep(&ts, NULL);
        left -= step;
        if (ctx->stmt) ex_slice_check(ctx);
    }
    *out = ex_int(0);
}

static void fn_inet_aton(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* MariaDB's Item_func_inet_aton: digits and dots only, a byte past 255 or a last
       dot is NULL; with fewer than three dots the last part is the last byte ('127.1' is
       127.0.0.1, '.5' is 5); more dots keep shifting, up to 64 bits */
    size_t l0;
    const char *s0 = ex_to_str(ctx->a, &a[0], &l0);
    uint64_t v = 0, part = 0;
    int dots = 0;
    char c = '.';
    for (size_t i = 0; i < l0; i++) {
        c = s0[i];
        if (c >= '0' && c <= '9') { part = part * 10 + (uint64_t)(c - '0'); if (part > 255) return; }
        else if (c == '.') { dots++; v = (v << 8) + part; part = 0; }
        else return;
    }
    if (c == '.') return;
    if (dots == 1) v <<= 16;
    else if (dots == 2) v <<= 8;
    *out = ex_int(0);
    out->t = VT_UINT;
    out->u = (v << 8) + part;
}

static void fn_inet_ntoa(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t v = ex_to_int(&a[0]);
    if (v < 0 || v > 4294967295LL) return;
    char buf[20];
    int k = snprintf(buf, sizeof buf, "%d.%d.%d.%d", (int)(v >> 24) & 255, (int)(v >> 16) & 255, (int)(v >> 8) & 255, (int)v & 255);
    *out = ex_fn_mkstr(ctx, buf, (size_t)k, COLL_UTF8MB3_GENERAL_CI);
}

static void fn_get_lock(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    *out = named_lock(ctx, fd->id, s0, l0, fd->id == F_GET_LOCK ? ex_to_double(&a[1]) : 0);
}

static void ty_bool_not_null(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_intl(t, 1, false);
    t->nullable = false;
}

static void ty_interval(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_intl(t, 2, false);
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

static void ty_uuid_short(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_intl(t, 21, true);
    t->vt = VT_UINT;
    t->flags |= UNSIGNED_FLAG | NOT_NULL_FLAG;
    t->nullable = false;
}

/* NEXTVAL, LASTVAL, SETVAL (sequence.c); expr.c passes the sequence's database and name
 * as the first two arguments */
static void ty_seq(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_intl(t, 20, true);
    t->flags |= NUM_FLAG;
}

static void fn_seq(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (fd->id == EX_FX_NEXTVAL) ex_seq_nextval(ctx, a, out);
    else if (fd->id == EX_FX_LASTVAL) ex_seq_lastval(ctx, a, out);
    else ex_seq_setval(ctx, a, n, out);
}

static void ty_coercibility(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_intl(t, 10, false);
    t->nullable = false;
    t->flags |= NOT_NULL_FLAG;
}

static void ty_benchmark(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_intl(t, 1, false);
}

/* MariaDB's derivation of an expression's collation (COERCIBILITY): 0 explicit (COLLATE),
 * 2 implicit (a column, a user variable, CONVERT), 3 system constant (USER(), DATABASE(), ...), 4 coercible
 * (a literal, or a function over literals), 5 numeric or temporal, 6 ignorable (NULL). */
static int coercibility(const pl_expr *x, const pdb_value *v)
{
    switch (x->kind) {
    case E_NULL: return 6;
    case E_INT: case E_DECIMAL: case E_FLOAT: case E_BOOL: return 5;
    case E_STRING: return 4;
    case E_COLLATE: return 0;
    case E_COLUMN: return v->t == VT_STRING || v->t == VT_NULL ? 2 : 5;
    case E_USERVAR: return v->t == VT_STRING || v->t == VT_NULL ? 2 : 5;
    case E_CAST: return x->cast.type == CT_CHAR || x->cast.type == CT_VARCHAR ? 2 : v->t == VT_STRING ? 4 : 5;
    case E_FUNC: {
        const ex_fdef *d = ex_func_find(x->s);
        if (d && (d->flags & EX_FN_SYSCONST)) return 3;
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
    if (l && inet_pton(AF_INET, buf, addr) == 1 && strspn(buf, "0123456789.") == l) { *out = ex_fn_mkstr(ctx, (char *)addr, 4, COLL_BINARY); return; }
    if (inet_pton(AF_INET6, buf, addr) == 1) { *out = ex_fn_mkstr(ctx, (char *)addr, 16, COLL_BINARY); return; }
}

static void fn_inet6_ntoa(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l;
    const char *s = ex_to_str(ctx->a, &a[0], &l);
    char buf[64];
    if (a[0].t != VT_STRING || a[0].coll != COLL_BINARY || (l != 4 && l != 16)) return;
    if (!inet_ntop(l == 4 ? AF_INET : AF_INET6, s, buf, sizeof buf)) return;
    *out = ex_fn_mkstr(ctx, buf, strlen(buf), COLL_UTF8MB4_GENERAL_CI);
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

static void ty_binlog_gtid_pos(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 4294967295u, COLL_UTF8MB3_GENERAL_CI);
    t->nullable = true;
}

/* The GTID state at a position of the binary log (an event's end; NULL elsewhere):
 * what mariadb-dump --master-data --gtid writes, and a non-GTID replica asks. */
static void fn_binlog_gtid_pos(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL || a[1].t == VT_NULL) return;
    char name[300], state[1024];
    size_t fl;
    const char *f = ex_to_str(ctx->a, &a[0], &fl);
    snprintf(name, sizeof name, "%.*s", (int)fl, f ? f : "");
    int64_t at = ex_to_int(&a[1]);
    if (at < 0 || stor_binlog_gtid_at(name, (uint64_t)at, state, sizeof state) != 1) return;
    *out = ex_fn_mkstr(ctx, state, strlen(state), COLL_UTF8MB3_GENERAL_CI);
}

static const ex_fdef rows[] = {
    { "BENCHMARK", 2, 2, EX_FN_VOLATILE | EX_FN_NO_DEFAULT, EX_FX_BENCHMARK, ty_benchmark, fn_benchmark },
    { "BINLOG_GTID_POS", 2, 2, EX_FN_VOLATILE, EX_FX_BINLOG_GTID_POS, ty_binlog_gtid_pos, fn_binlog_gtid_pos },
    { "COALESCE", 1, -1, EX_FN_HYBRID, F_COALESCE, ty_if, fn_coalesce },
    { "COERCIBILITY", 1, 1, 0, EX_FX_COERCIBILITY, ty_coercibility, fn_coercibility },
    { "CONNECTION_ID", 0, 0, 0, F_CONNECTION_ID, ty_connection_id, fn_connection_id },
    { "CURRENT_ROLE", 0, 0, EX_FN_SYSCONST, F_CURRENT_ROLE, ty_role, fn_current_role },
    { "CURRENT_USER", 0, 0, EX_FN_SYSCONST, F_CURRENT_USER, ty_user, fn_user },
    { "DATABASE", 0, 0, EX_FN_SYSCONST, F_DATABASE, ty_database, fn_database },
    { "FOUND_ROWS", 0, 0, EX_FN_STMT | EX_FN_NO_DEFAULT, F_FOUND_ROWS, ty_found_rows, fn_found_rows },
    { "GET_LOCK", 2, 2, EX_FN_NULL_IN | EX_FN_VOLATILE | EX_FN_NO_DEFAULT, F_GET_LOCK, ty_long1, fn_get_lock },
    { "GREATEST", 2, -1, EX_FN_MINMAX, F_GREATEST, ty_if, fn_greatest },
    { "IF", 3, 3, EX_FN_HYBRID | EX_FN_COND_FIRST, F_IF, ty_if, fn_if },
    { "IFNULL", 2, 2, EX_FN_HYBRID, F_IFNULL, ty_if, fn_ifnull },
    { "INET6_ATON", 1, 1, EX_FN_NULL_IN, EX_FX_INET6_ATON, ty_inet6_aton, fn_inet6_aton },
    { "INET6_NTOA", 1, 1, EX_FN_NULL_IN, EX_FX_INET6_NTOA, ty_inet6_ntoa, fn_inet6_ntoa },
    { "INET_ATON", 1, 1, EX_FN_NULL_IN, F_INET_ATON, ty_inet_aton, fn_inet_aton },
    { "INET_NTOA", 1, 1, EX_FN_NULL_IN | EX_FN_NUMARGS, F_INET_NTOA, ty_inet_ntoa, fn_inet_ntoa },
    { "INTERVAL", 2, -1, 0, EX_FX_INTERVAL, ty_interval, fn_interval },
    { "ISNULL", 1, 1, 0, F_ISNULL, ty_isnull, fn_isnull },
    { "IS_FREE_LOCK", 1, 1, EX_FN_NULL_IN | EX_FN_VOLATILE | EX_FN_NO_DEFAULT, F_IS_FREE_LOCK, ty_long1, fn_get_lock },
    { "IS_IPV4", 1, 1, 0, EX_FX_IS_IPV4, ty_bool_not_null, fn_is_ipv4 },
    { "IS_IPV4_COMPAT", 1, 1, 0, EX_FX_IS_IPV4_COMPAT, ty_bool_not_null, fn_is_ipv4_compat },
    { "IS_IPV4_MAPPED", 1, 1, 0, EX_FX_IS_IPV4_MAPPED, ty_bool_not_null, fn_is_ipv4_compat },
    { "IS_IPV6", 1, 1, 0, EX_FX_IS_IPV6, ty_bool_not_null, fn_is_ipv4 },
    { "IS_USED_LOCK", 1, 1, EX_FN_NULL_IN | EX_FN_VOLATILE | EX_FN_NO_DEFAULT, F_IS_USED_LOCK, ty_is_used_lock, fn_get_lock },
    { "LASTVAL", 2, 2, EX_FN_VOLATILE, EX_FX_LASTVAL, ty_seq, fn_seq },
    { "LAST_INSERT_ID", 0, 1, EX_FN_VOLATILE | EX_FN_NO_DEFAULT, F_LAST_INSERT_ID, ty_last_insert_id, fn_last_insert_id },
    { "LEAST", 2, -1, EX_FN_MINMAX, F_LEAST, ty_if, fn_greatest },
    { "MATCH", 3, 3, EX_FN_STMT, EX_FX_MATCH, ex_ty_match, ex_fn_match },
    { "NAME_CONST", 2, 2, 0, EX_FX_NAME_CONST, ty_as_second, fn_name_const },
    { "NEXTVAL", 2, 2, EX_FN_VOLATILE, EX_FX_NEXTVAL, ty_seq, fn_seq },
    { "NULLIF", 2, 2, EX_FN_AS_FIRST, F_NULLIF, ty_if, fn_nullif },
    { "RELEASE_ALL_LOCKS", 0, 0, EX_FN_VOLATILE | EX_FN_NO_DEFAULT, F_RELEASE_ALL_LOCKS, ty_is_used_lock, fn_release_all_locks },
    { "RELEASE_LOCK", 1, 1, EX_FN_NULL_IN | EX_FN_VOLATILE | EX_FN_NO_DEFAULT, F_RELEASE_LOCK, ty_long1, fn_get_lock },
    { "ROW_COUNT", 0, 0, EX_FN_NO_DEFAULT, F_ROW_COUNT, ty_found_rows, fn_row_count },
    { "SCHEMA", 0, 0, EX_FN_SYSCONST, F_DATABASE, ty_database, fn_database },
    { "SESSION_USER", 0, 0, EX_FN_SYSCONST, F_USER, ty_user, fn_user },
    { "SETVAL", 3, 5, EX_FN_VOLATILE, EX_FX_SETVAL, ty_seq, fn_seq },
    { "SET_USERVAR", 2, 2, EX_FN_VOLATILE, F_SET_USERVAR, ty_as_second, fn_set_uservar },
    { "SLEEP", 1, 1, EX_FN_VOLATILE | EX_FN_NO_DEFAULT, F_SLEEP, ty_long1, fn_sleep },
    { "SYSTEM_USER", 0, 0, EX_FN_SYSCONST, F_USER, ty_user, fn_user },
    { "SYS_GUID", 0, 0, EX_FN_VOLATILE, F_UUID, ty_sys_guid, fn_uuid },
    { "USER", 0, 0, EX_FN_SYSCONST, F_USER, ty_user, fn_user },
    { "UUID", 0, 0, EX_FN_VOLATILE, F_UUID, ty_uuid, fn_uuid },
    { "UUID_SHORT", 0, 0, EX_FN_NULL_IN | EX_FN_VOLATILE, EX_FX_UUID_SHORT, ty_uuid_short, fn_uuid_short },
    { "VALUES", 1, 1, EX_FN_STMT, F_VALUES, ty_values, fn_values },
    { "VERSION", 0, 0, EX_FN_SYSCONST, F_VERSION, ty_version, fn_version },
};
const ex_ftable ex_fam_misc = { rows, (int)(sizeof rows / sizeof rows[0]) };
