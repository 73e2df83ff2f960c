/* func.c - built-in SQL functions, LIKE, CAST and storage conversion, with MariaDB's
 * NULL and edge behaviour. Shared by the interpreter and (later) JIT-compiled code. */
#include "engine/eng.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <openssl/evp.h>
#include <unicode/uregex.h>
#include <unicode/ustring.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/utf8.h>
#include <stdatomic.h>

enum {
    F_CONCAT = 1, F_CONCAT_WS, F_SUBSTRING, F_LEFT, F_RIGHT, F_LENGTH, F_CHAR_LENGTH, F_LOWER,
    F_UPPER, F_TRIM, F_LTRIM, F_RTRIM, F_REPLACE, F_LOCATE, F_INSTR, F_LPAD, F_RPAD, F_REPEAT,
    F_REVERSE, F_FIELD, F_FIND_IN_SET, F_SUBSTRING_INDEX, F_HEX, F_MD5, F_SHA1, F_IF, F_IFNULL,
    F_NULLIF, F_COALESCE, F_ABS, F_CEIL, F_FLOOR, F_ROUND, F_TRUNCATE, F_MOD, F_GREATEST, F_LEAST,
    F_NOW, F_CURDATE, F_CURTIME, F_UNIX_TIMESTAMP, F_FROM_UNIXTIME, F_DATE_ADD, F_DATE_SUB,
    F_DATE_FORMAT, F_YEAR, F_MONTH, F_DAY, F_HOUR, F_MINUTE, F_SECOND, F_WEEK, F_DATE,
    F_DATABASE, F_USER, F_CURRENT_USER, F_VERSION, F_CONNECTION_ID, F_LAST_INSERT_ID,
    F_FOUND_ROWS, F_ROW_COUNT, F_RAND, F_VALUES, F_SET_USERVAR, F_SIGN, F_SQRT, F_POW,
    F_DAYOFWEEK, F_DAYOFYEAR, F_WEEKDAY, F_ISNULL, F_ASCII, F_SPACE, F_OCTET_LENGTH, F_PI,
    F_UTC_TIMESTAMP, F_DATEDIFF, F_SLEEP, F_UUID, F_CRC32, F_TO_BASE64, F_BIT_LENGTH,
    F_YEARWEEK, F_LAST_DAY, F_MAKEDATE, F_TIMESTAMPDIFF, F_INET_ATON, F_INET_NTOA, F_UNHEX, F_QUOTE, F_ORD, F_EXTRACT, F_MONTHNAME, F_DAYNAME, F_QUARTER, F_TIME_TO_SEC, F_SEC_TO_TIME, F_TO_DAYS, F_FROM_DAYS, F_LOG, F_LN, F_EXP, F_LOG10, F_LOG2, F_TIMEDIFF, F_JSON_VALID, F_JSON_UNQUOTE, F_JSON_EXTRACT,
    F_FORMAT, F_CONV, F_OCT, F_BIN, F_CHAR, F_ELT, F_STRCMP, F_INSERT, F_TIME, F_STR_TO_DATE, F_SHA2, F_WEEKOFYEAR,
    F_MICROSECOND, F_UTC_DATE, F_GET_LOCK, F_RELEASE_LOCK, F_IS_FREE_LOCK, F_IS_USED_LOCK, F_BIT_COUNT, F_SIN, F_COS, F_TAN,
    F_ATAN, F_DEGREES, F_RADIANS, F_REGEXP_REPLACE, F_REGEXP_SUBSTR, F_REGEXP_INSTR, F_FROM_BASE64, F_RELEASE_ALL_LOCKS,
    F_WEIGHT_STRING,
    F_REGEXP = 500,
};

static const ex_func funcs[] = {
    { "ABS", F_ABS, 1, 1 }, { "ASCII", F_ASCII, 1, 1 }, { "BIT_LENGTH", F_BIT_LENGTH, 1, 1 },
    { "CEIL", F_CEIL, 1, 1 }, { "CEILING", F_CEIL, 1, 1 }, { "CHARACTER_LENGTH", F_CHAR_LENGTH, 1, 1 },
    { "CHAR_LENGTH", F_CHAR_LENGTH, 1, 1 }, { "COALESCE", F_COALESCE, 1, -1 }, { "CONCAT", F_CONCAT, 1, -1 },
    { "CONCAT_WS", F_CONCAT_WS, 2, -1 }, { "CONNECTION_ID", F_CONNECTION_ID, 0, 0 }, { "CRC32", F_CRC32, 1, 1 },
    { "CURDATE", F_CURDATE, 0, 0 }, { "CURRENT_DATE", F_CURDATE, 0, 0 }, { "CURRENT_TIME", F_CURTIME, 0, 1 },
    { "CURRENT_TIMESTAMP", F_NOW, 0, 1 }, { "CURRENT_USER", F_CURRENT_USER, 0, 0 }, { "CURTIME", F_CURTIME, 0, 1 },
    { "DATABASE", F_DATABASE, 0, 0 }, { "DATE", F_DATE, 1, 1 }, { "DATEDIFF", F_DATEDIFF, 2, 2 },
    { "DATE_ADD", F_DATE_ADD, 2, 2 }, { "DATE_FORMAT", F_DATE_FORMAT, 2, 3 }, { "DATE_SUB", F_DATE_SUB, 2, 2 },
    { "DAY", F_DAY, 1, 1 }, { "DAYOFMONTH", F_DAY, 1, 1 }, { "DAYOFWEEK", F_DAYOFWEEK, 1, 1 },
    { "DAYOFYEAR", F_DAYOFYEAR, 1, 1 }, { "FIELD", F_FIELD, 2, -1 }, { "FIND_IN_SET", F_FIND_IN_SET, 2, 2 },
    { "FLOOR", F_FLOOR, 1, 1 }, { "FOUND_ROWS", F_FOUND_ROWS, 0, 0 }, { "FROM_UNIXTIME", F_FROM_UNIXTIME, 1, 2 },
    { "GREATEST", F_GREATEST, 2, -1 }, { "HEX", F_HEX, 1, 1 }, { "HOUR", F_HOUR, 1, 1 }, { "IF", F_IF, 3, 3 },
    { "IFNULL", F_IFNULL, 2, 2 }, { "INSTR", F_INSTR, 2, 2 }, { "ISNULL", F_ISNULL, 1, 1 },
    { "LAST_INSERT_ID", F_LAST_INSERT_ID, 0, 1 }, { "LCASE", F_LOWER, 1, 1 }, { "LEAST", F_LEAST, 2, -1 },
    { "LEFT", F_LEFT, 2, 2 }, { "LENGTH", F_LENGTH, 1, 1 }, { "LOCALTIME", F_NOW, 0, 1 },
    { "LOCALTIMESTAMP", F_NOW, 0, 1 }, { "LOCATE", F_LOCATE, 2, 3 }, { "LOWER", F_LOWER, 1, 1 },
    { "LPAD", F_LPAD, 3, 3 }, { "LTRIM", F_LTRIM, 1, 1 }, { "MD5", F_MD5, 1, 1 }, { "MINUTE", F_MINUTE, 1, 1 },
    { "MOD", F_MOD, 2, 2 }, { "MONTH", F_MONTH, 1, 1 }, { "NOW", F_NOW, 0, 1 }, { "NULLIF", F_NULLIF, 2, 2 },
    { "OCTET_LENGTH", F_OCTET_LENGTH, 1, 1 }, { "PI", F_PI, 0, 0 }, { "POW", F_POW, 2, 2 },
    { "POWER", F_POW, 2, 2 }, { "RAND", F_RAND, 0, 1 }, { "REPEAT", F_REPEAT, 2, 2 },
    { "REPLACE", F_REPLACE, 3, 3 }, { "REVERSE", F_REVERSE, 1, 1 }, { "RIGHT", F_RIGHT, 2, 2 },
    { "ROUND", F_ROUND, 1, 2 }, { "ROW_COUNT", F_ROW_COUNT, 0, 0 }, { "RPAD", F_RPAD, 3, 3 },
    { "RTRIM", F_RTRIM, 1, 1 }, { "SCHEMA", F_DATABASE, 0, 0 }, { "SECOND", F_SECOND, 1, 1 },
    { "SESSION_USER", F_USER, 0, 0 }, { "SET_USERVAR", F_SET_USERVAR, 2, 2 }, { "SHA", F_SHA1, 1, 1 },
    { "SHA1", F_SHA1, 1, 1 }, { "SIGN", F_SIGN, 1, 1 }, { "SLEEP", F_SLEEP, 1, 1 }, { "SPACE", F_SPACE, 1, 1 },
    { "SQRT", F_SQRT, 1, 1 }, { "SUBSTRING", F_SUBSTRING, 2, 3 }, { "SUBSTRING_INDEX", F_SUBSTRING_INDEX, 3, 3 },
    { "SYSDATE", F_NOW, 0, 1 }, { "SYSTEM_USER", F_USER, 0, 0 }, { "TO_BASE64", F_TO_BASE64, 1, 1 },
    { "TRIM", F_TRIM, 2, 3 }, { "TRUNCATE", F_TRUNCATE, 2, 2 }, { "UCASE", F_UPPER, 1, 1 },
    { "UNIX_TIMESTAMP", F_UNIX_TIMESTAMP, 0, 1 }, { "UPPER", F_UPPER, 1, 1 }, { "USER", F_USER, 0, 0 },
    { "UTC_TIMESTAMP", F_UTC_TIMESTAMP, 0, 1 }, { "UUID", F_UUID, 0, 0 }, { "VALUES", F_VALUES, 1, 1 },
    { "VERSION", F_VERSION, 0, 0 }, { "WEEK", F_WEEK, 1, 2 }, { "WEEKDAY", F_WEEKDAY, 1, 1 },
    { "FORMAT", F_FORMAT, 2, 3 }, { "CONV", F_CONV, 3, 3 }, { "OCT", F_OCT, 1, 1 }, { "BIN", F_BIN, 1, 1 },
    { "CHAR", F_CHAR, 1, -1 }, { "ELT", F_ELT, 2, -1 }, { "STRCMP", F_STRCMP, 2, 2 }, { "INSERT", F_INSERT, 4, 4 },
    { "TIME", F_TIME, 1, 1 }, { "STR_TO_DATE", F_STR_TO_DATE, 2, 2 }, { "SHA2", F_SHA2, 2, 2 },
    { "WEEKOFYEAR", F_WEEKOFYEAR, 1, 1 }, { "MICROSECOND", F_MICROSECOND, 1, 1 }, { "UTC_DATE", F_UTC_DATE, 0, 0 },
    { "GET_LOCK", F_GET_LOCK, 2, 2 }, { "RELEASE_LOCK", F_RELEASE_LOCK, 1, 1 }, { "IS_FREE_LOCK", F_IS_FREE_LOCK, 1, 1 },
    { "IS_USED_LOCK", F_IS_USED_LOCK, 1, 1 }, { "RELEASE_ALL_LOCKS", F_RELEASE_ALL_LOCKS, 0, 0 }, { "BIT_COUNT", F_BIT_COUNT, 1, 1 },
    { "SIN", F_SIN, 1, 1 }, { "COS", F_COS, 1, 1 }, { "TAN", F_TAN, 1, 1 }, { "ATAN", F_ATAN, 1, 2 },
    { "DEGREES", F_DEGREES, 1, 1 }, { "RADIANS", F_RADIANS, 1, 1 }, { "REGEXP_REPLACE", F_REGEXP_REPLACE, 3, 3 },
    { "REGEXP_SUBSTR", F_REGEXP_SUBSTR, 2, 2 }, { "REGEXP_INSTR", F_REGEXP_INSTR, 2, 2 }, { "FROM_BASE64", F_FROM_BASE64, 1, 1 },
    { "WEIGHT_STRING", F_WEIGHT_STRING, 1, 1 },
    { "YEAR", F_YEAR, 1, 1 }, { "YEARWEEK", F_YEARWEEK, 1, 2 }, { "LAST_DAY", F_LAST_DAY, 1, 1 },
    { "MAKEDATE", F_MAKEDATE, 2, 2 }, { "TIMESTAMPDIFF", F_TIMESTAMPDIFF, 3, 3 }, { "UNHEX", F_UNHEX, 1, 1 },
    { "QUOTE", F_QUOTE, 1, 1 }, { "ORD", F_ORD, 1, 1 }, { "EXTRACT", F_EXTRACT, 2, 2 },
    { "MONTHNAME", F_MONTHNAME, 1, 1 }, { "DAYNAME", F_DAYNAME, 1, 1 }, { "QUARTER", F_QUARTER, 1, 1 },
    { "TO_DAYS", F_TO_DAYS, 1, 1 }, { "FROM_DAYS", F_FROM_DAYS, 1, 1 }, { "LN", F_LN, 1, 1 },
    { "LOG", F_LOG, 1, 2 }, { "EXP", F_EXP, 1, 1 }, { "LOG10", F_LOG10, 1, 1 }, { "LOG2", F_LOG2, 1, 1 },
    { "JSON_VALID", EX_JSON_VALID, 1, 1 }, { "JSON_QUOTE", EX_JSON_QUOTE, 1, 1 },
    { "JSON_UNQUOTE", EX_JSON_UNQUOTE, 1, 1 }, { "JSON_OBJECT", EX_JSON_OBJECT, 0, -1 },
    { "JSON_ARRAY", EX_JSON_ARRAY, 0, -1 }, { "JSON_EXTRACT", EX_JSON_EXTRACT, 2, -1 },
    { "JSON_TYPE", EX_JSON_TYPE, 1, 1 }, { "JSON_LENGTH", EX_JSON_LENGTH, 1, 2 },
    { "JSON_DEPTH", EX_JSON_DEPTH, 1, 1 }, { "JSON_KEYS", EX_JSON_KEYS, 1, 2 },
    { "JSON_VALUE", EX_JSON_VALUE, 2, 2 }, { "JSON_QUERY", EX_JSON_QUERY, 2, 2 },
    { "JSON_CONTAINS_PATH", EX_JSON_CONTAINS_PATH, 3, -1 }, { "JSON_EXISTS", EX_JSON_EXISTS, 2, 2 },
    { "JSON_SET", EX_JSON_SET, 3, -1 }, { "JSON_INSERT", EX_JSON_INSERT, 3, -1 },
    { "JSON_REPLACE", EX_JSON_REPLACE, 3, -1 }, { "JSON_REMOVE", EX_JSON_REMOVE, 2, -1 },
    { "JSON_ARRAY_APPEND", EX_JSON_ARRAY_APPEND, 3, -1 }, { "JSON_ARRAY_INSERT", EX_JSON_ARRAY_INSERT, 3, -1 },
    { "JSON_MERGE", EX_JSON_MERGE, 2, -1 }, { "JSON_MERGE_PRESERVE", EX_JSON_MERGE_PRESERVE, 2, -1 },
    { "JSON_MERGE_PATCH", EX_JSON_MERGE_PATCH, 2, -1 }, { "JSON_CONTAINS", EX_JSON_CONTAINS, 2, 3 },
    { "JSON_SEARCH", EX_JSON_SEARCH, 3, -1 }, { "JSON_OVERLAPS", EX_JSON_OVERLAPS, 2, 2 },
    { "JSON_COMPACT", EX_JSON_COMPACT, 1, 1 }, { "JSON_DETAILED", EX_JSON_DETAILED, 1, 2 },
    { "JSON_PRETTY", EX_JSON_DETAILED, 1, 2 }, { "JSON_LOOSE", EX_JSON_LOOSE, 1, 1 },
    { "INET_ATON", F_INET_ATON, 1, 1 }, { "INET_NTOA", F_INET_NTOA, 1, 1 }, { "TIME_TO_SEC", F_TIME_TO_SEC, 1, 1 },
};

const ex_func *ex_func_find(const char *name)
{
    for (size_t i = 0; i < sizeof funcs / sizeof funcs[0]; i++)
        if (!strcasecmp(funcs[i].name, name)) return &funcs[i];
    return ex_more_find(name);
}

/* ---------------------------------------------------------------- types */

static void t_int(ex_type *t, uint32_t len)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_INT; t->ptype = len >= 11 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG; t->length = len; t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG; t->nullable = true;
}
static void t_str(ex_type *t, uint32_t chars, uint16_t coll)
{
    memset(t, 0, sizeof *t);
    const pdb_collation *co = pdb_coll_by_id(coll);
    t->vt = VT_STRING; t->ptype = MYSQL_TYPE_VAR_STRING; t->coll = coll;
    t->length = chars * (co ? co->maxlen : 1); t->nullable = true;
    if (coll == COLL_BINARY) t->flags = BINARY_FLAG;
    t->coerc = 3;
}
static uint32_t chars_of(const ex_type *t)
{
    const pdb_collation *co = pdb_coll_by_id(t->coll);
    if (t->vt != VT_STRING) return t->length;
    return t->length / (co && co->maxlen ? co->maxlen : 1);
}
/* MariaDB's type_handler_long_or_longlong: INT up to 9 characters, BIGINT from 10. */
static void t_int_ll(ex_type *t, uint32_t len, bool is_unsigned)
{
    t_int(t, len);
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

/* The collation of a result made of the string arguments: a binary string among them
 * makes it binary (MariaDB's rule for CONCAT, IF, COALESCE...), else the first one's. */
static uint16_t coll_of(const ex_type *a, int n)
{
    for (int i = 0; i < n; i++) if (a[i].vt == VT_STRING && a[i].coll == COLL_BINARY) return COLL_BINARY;
    for (int i = 0; i < n; i++) if (a[i].vt == VT_STRING && a[i].coll != COLL_BINARY) return a[i].coll;
    for (int i = 0; i < n; i++) if (a[i].vt == VT_STRING) return a[i].coll;
    return COLL_UTF8MB4_GENERAL_CI;
}

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
    if (a->vt == VT_INT || a->vt == VT_UINT || a->vt == VT_DATE || a->vt == VT_NULL) return 0;
    if (a->vt == VT_DECIMAL || a->vt == VT_DATETIME || a->vt == VT_TIME) return a->decimals > 6 ? 6 : a->decimals;
    return 6;
}

void ex_func_type(int id, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    if (id >= EX_FX_TIMEDIFF && id < EX_FX_END) { ex_more_type(id, a, n, t, e); return; }
    if (id >= EX_JSON_VALID && id < EX_JSON_END) {
        switch (id) {
        case EX_JSON_VALID: case EX_JSON_CONTAINS_PATH: case EX_JSON_EXISTS: case EX_JSON_CONTAINS:
        case EX_JSON_OVERLAPS: t_int(t, 1); return;
        case EX_JSON_DETAILED:
            t_str(t, 16777216, COLL_UTF8MB4_GENERAL_CI);
            t->ptype = MYSQL_TYPE_LONG_BLOB; t->flags |= BLOB_FLAG; t->length = 67108864;   /* as MariaDB: LONGTEXT */
            return;
        case EX_JSON_SET: case EX_JSON_INSERT: case EX_JSON_REPLACE: case EX_JSON_REMOVE: case EX_JSON_ARRAY_APPEND:
        case EX_JSON_ARRAY_INSERT: case EX_JSON_MERGE: case EX_JSON_MERGE_PRESERVE: case EX_JSON_MERGE_PATCH:
        case EX_JSON_SEARCH: case EX_JSON_COMPACT: case EX_JSON_LOOSE: case EX_JSON_ARRAY: case EX_JSON_OBJECT: {
            /* MariaDB sizes these from their arguments; past 64K octets the result is a BLOB type */
            uint64_t len = n ? chars_of(&a[0]) : 0;
            if (id == EX_JSON_SET || id == EX_JSON_INSERT || id == EX_JSON_REPLACE || id == EX_JSON_ARRAY_APPEND ||
                id == EX_JSON_ARRAY_INSERT)
                for (int i = 1; i < n; i += 2) len += chars_of(&a[i / 2 + 1]) + 4;   /* MariaDB's own sum, as it is */
            else if (id == EX_JSON_MERGE || id == EX_JSON_MERGE_PRESERVE || id == EX_JSON_MERGE_PATCH || id == EX_JSON_ARRAY ||
                     id == EX_JSON_OBJECT)
                for (int i = 0; i < n; i++) len += (i ? chars_of(&a[i]) : 0) + 4;
            uint64_t oct = len * 4;
            t_str(t, len < 16 ? 16 : (uint32_t)(len > 16777216 ? 16777216 : len), COLL_UTF8MB4_GENERAL_CI);
            if (oct >= 65535) {
                t->flags |= BLOB_FLAG;
                t->ptype = oct >= 16777216 ? MYSQL_TYPE_LONG_BLOB : oct >= 65536 ? MYSQL_TYPE_MEDIUM_BLOB : MYSQL_TYPE_BLOB;
                t->length = oct > 4294967295u ? 4294967295u : (uint32_t)oct;
            }
            return;
        }
        case EX_JSON_LENGTH: case EX_JSON_DEPTH: t_int(t, 10); return;
        default: {
            uint32_t len = 0;
            for (int i = 0; i < n; i++) len += chars_of(&a[i]);
            t_str(t, len < 16 ? 16 : len, COLL_UTF8MB4_GENERAL_CI);
            return;
        }
        }
    }
    switch (id) {
    case F_CONCAT: case F_CONCAT_WS: {
        uint32_t len = 0;
        for (int i = 0; i < n; i++) len += chars_of(&a[i]);
        t_str(t, len, coll_of(a, n));
        if (n && a[0].vt != VT_STRING && a[0].vt != VT_NULL && n == 1) t_str(t, len, COLL_UTF8MB4_GENERAL_CI);
        return;
    }
    case F_SUBSTRING: case F_LEFT: case F_RIGHT: case F_LOWER: case F_UPPER: case F_TRIM: case F_LTRIM:
    case F_RTRIM: case F_REVERSE: case F_SUBSTRING_INDEX: {
        uint32_t chars = chars_of(&a[0]);
        /* a constant length bounds it: LEFT(s, 2), SUBSTRING(s, 1, 2) */
        const pl_expr *len = !e ? NULL : (id == F_LEFT || id == F_RIGHT) && e->nargs == 2 ? e->args[1] :
                             id == F_SUBSTRING && e->nargs == 3 ? e->args[2] : NULL;
        if (len && len->kind == E_INT) {
            long long k = atoll(len->s);
            if (k < 0) k = 0;
            if ((uint64_t)k < chars) chars = (uint32_t)k;
        }
        t_str(t, chars, a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
        if (id == F_SUBSTRING && !(len && len->kind == E_INT) && a[0].vt == VT_STRING && a[0].ptype == MYSQL_TYPE_LONG_BLOB) {
            t->ptype = MYSQL_TYPE_LONG_BLOB; t->flags |= BLOB_FLAG;   /* SUBSTRING(@var, n): LONGTEXT still */
        }
        return;
    }
    case F_REPLACE: case F_LPAD: case F_RPAD: case F_REPEAT: case F_SPACE: {
        /* the longest possible result, when the arguments tell it */
        uint64_t len = 16777216;
        const pl_expr *cnt = NULL;
        if (id == F_LPAD || id == F_RPAD) cnt = e ? e->args[1] : NULL;
        else if (id == F_REPEAT) cnt = e ? e->args[1] : NULL;
        else if (id == F_SPACE) cnt = e ? e->args[0] : NULL;
        if (id == F_REPLACE) {
            uint64_t from = chars_of(&a[1]), to = chars_of(&a[2]);
            len = chars_of(&a[0]);
            if (to > from && from) len = len * to / from + 1;
            else if (to > from) len = len * (to ? to : 1);
        } else if (cnt && cnt->kind == E_NULL) {
            len = 0;   /* always NULL: MariaDB sizes it as empty */
        } else if (cnt && cnt->kind == E_INT) {
            long long k = atoll(cnt->s);
            len = k < 0 ? 0 : (uint64_t)k;
            if (id == F_REPEAT) len *= chars_of(&a[0]);
        }
        if (len > 16777216) len = 16777216;
        t_str(t, (uint32_t)len, id == F_SPACE ? COLL_UTF8MB4_GENERAL_CI : a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
        return;
    }
    case F_HEX: t_str(t, chars_of(&a[0]) * 2, COLL_UTF8MB4_GENERAL_CI); return;
    case F_MD5: t_str(t, 32, COLL_UTF8MB4_GENERAL_CI); return;
    case F_SHA1: t_str(t, 40, COLL_UTF8MB4_GENERAL_CI); return;
    case F_TO_BASE64: case F_UUID: t_str(t, 36, COLL_UTF8MB4_GENERAL_CI); return;
    case F_IF: case F_IFNULL: case F_NULLIF: case F_COALESCE: case F_GREATEST: case F_LEAST: {
        const ex_type *b = id == F_IF ? a + 1 : a;
        int m = id == F_IF ? 2 : id == F_NULLIF ? 1 : n;
        *t = b[0];
        for (int i = 0; i < m; i++) {
            if (b[i].vt == VT_NULL) continue;
            if (t->vt == VT_NULL) { *t = b[i]; continue; }
            if (b[i].vt == VT_STRING || t->vt == VT_STRING) continue;   /* below */
            bool bi = b[i].vt == VT_INT || b[i].vt == VT_UINT, ti = t->vt == VT_INT || t->vt == VT_UINT;
            if (bi && ti && (b[i].is_unsigned || b[i].vt == VT_UINT) != (t->is_unsigned || t->vt == VT_UINT)) {
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
                else if ((b[i].vt == VT_UINT && t->vt == VT_INT && !t->is_unsigned) || (b[i].vt == VT_INT && !b[i].is_unsigned && t->vt == VT_UINT)) {
                    /* BIGINT UNSIGNED with a signed integer: DECIMAL (MariaDB) */
                    t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = 0;
                    t->is_unsigned = false; t->flags &= (uint16_t)~UNSIGNED_FLAG;
                    if (b[i].length > t->length) t->length = b[i].length;
                }
            } else if (b[i].length > t->length) t->length = b[i].length;
        }
        bool any_str = false;
        for (int i = 0; i < m; i++) any_str |= b[i].vt == VT_STRING;
        if ((t->vt == VT_UINT || (t->vt == VT_INT && t->is_unsigned)) && (id == F_IFNULL || id == F_COALESCE))
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
            uint16_t coll = coll_of(b, m);
            uint64_t l = 0;
            for (int i = 0; i < m; i++) {
                if (b[i].vt == VT_NULL) continue;
                uint64_t x = coll == COLL_BINARY ? b[i].length : chars_of(&b[i]);
                if (x > l) l = x;
            }
            const pdb_collation *co = pdb_coll_by_id(coll);
            uint64_t mx = co && co->maxlen > 1 ? 4294967295u / co->maxlen : 4294967295u;
            t_str(t, (uint32_t)(l > mx ? mx : l), coll);
            /* with a TEXT/BLOB argument the result is a BLOB type even when short */
            for (int i = 0; i < m; i++)
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
            if (id == F_IFNULL && n == 2) nl = (a[0].nullable || a[0].vt == VT_NULL) && (a[1].nullable || a[1].vt == VT_NULL);
            else if (id == F_IF && n == 3) nl = a[1].nullable || a[2].nullable || a[1].vt == VT_NULL || a[2].vt == VT_NULL;
            else if (id == F_COALESCE) { nl = true; for (int i = 0; i < n; i++) if (!a[i].nullable && a[i].vt != VT_NULL) nl = false; }
            if (!nl) { t->nullable = false; t->flags |= NOT_NULL_FLAG; }
        }
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
            if (id == F_GREATEST || id == F_LEAST) {
                /* mixing strings and numbers compares as numbers: DOUBLE */
            }
        }
        if (id == F_GREATEST || id == F_LEAST) {
            bool s = false, num = false;
            /* a NULL argument counts as a string: with numbers, the comparison is DOUBLE */
            for (int i = 0; i < n; i++) { if (a[i].vt == VT_STRING || a[i].vt == VT_NULL) s = true; else num = true; }
            if (s && num) { memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = 31; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true; }
            bool hex = false;
            for (int i = 0; i < n; i++) hex |= a[i].hexnum;
            if (s && num && hex) { t->length = 17; t->decimals = 0; }   /* a hexadecimal literal among numbers */
        }
        if (t->ptype == MYSQL_TYPE_STRING) t->ptype = MYSQL_TYPE_VAR_STRING;
        if (any_str) {   /* only CHAR columns (and NULLs): CHAR */
            bool all_char = true;
            for (int i = 0; i < m; i++)
                if (b[i].vt != VT_NULL && (b[i].vt != VT_STRING || b[i].ptype != MYSQL_TYPE_STRING || (b[i].flags & (ENUM_FLAG | SET_FLAG))))
                    all_char = false;
            if (all_char) t->ptype = MYSQL_TYPE_STRING;
        }
        return;
    }
    case F_MOD:
        if (a[0].vt == VT_NULL || a[1].vt == VT_NULL) { t_dbl(t, 17, 0); return; }
        if ((a[0].vt == VT_INT || a[0].vt == VT_UINT) && (a[1].vt == VT_INT || a[1].vt == VT_UINT)) {
            /* the longer operand's width (INT up to 9 digits), the dividend's sign */
            t_int_ll(t, a[0].length > a[1].length ? a[0].length : a[1].length, a[0].is_unsigned);
            return;
        }
        ex_mod_type(&a[0], &a[1], t);
        return;
    case F_ABS:
        if (a[0].vt == VT_NULL) { t_dbl(t, 17, 0); return; }
        if (a[0].hexnum) { t_int_ll(t, a[0].length, true); return; }   /* (MariaDB: its length in bytes) */
        if (a[0].vt == VT_INT || a[0].vt == VT_UINT) { t_int_ll(t, a[0].length, a[0].is_unsigned); return; }
        *t = a[0]; t->nullable = true; if (t->vt == VT_STRING) { t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->decimals = 31; t->coll = COLL_BINARY; } return;
    case F_CEIL: case F_FLOOR:
        if (a[0].vt == VT_NULL) t_dbl(t, 17, 0);
        else if (a[0].vt == VT_DOUBLE || a[0].vt == VT_STRING) { memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 17; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true; }
        else if (a[0].vt == VT_INT || a[0].vt == VT_UINT) t_same_int(t, &a[0]);
        else if (a[0].vt == VT_DECIMAL) {
            /* the integer digits, one more when the fraction can carry into them
               (FLOOR(-9.5) = -10, CEILING(9.5) = 10); past 18 digits DECIMAL(n, 0) */
            int prec = dec_int_part(&a[0]) + (a[0].decimals && (id == F_CEIL || !a[0].is_unsigned) ? 1 : 0);
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
                t_int(t, (uint32_t)prec + sign);
                t->ptype = prec > 9 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG;
                if (a[0].flags & NOT_NULL_FLAG) { t->flags |= NOT_NULL_FLAG; t->nullable = false; }
                if (a[0].is_unsigned) { t->vt = VT_UINT; t->is_unsigned = true; t->flags |= UNSIGNED_FLAG; }
            }
        }
        else t_int(t, a[0].length);
        return;
    case F_ROUND: case F_TRUNCATE: {
        int d = 0;
        if (n > 1 && e && e->args[1]->kind == E_INT) d = atoi(e->args[1]->s);
        if (n > 1 && a[1].vt == VT_NULL) { t_dbl(t, 23, 31); return; }   /* ROUND(x, NULL) */
        if (a[0].vt == VT_NULL) { t_dbl(t, (uint32_t)(17 + (d > 0 ? d : 0)), (uint8_t)(d > 0 ? (d > 30 ? 30 : d) : 0)); return; }
        if ((a[0].vt == VT_INT || a[0].vt == VT_UINT) && (n < 2 || (e && e->args[1]->kind == E_INT))) {
            /* an integer stays the argument's type; ROUND to tens or more may need one
               more digit: a BIGINT then becomes DECIMAL, a smaller one INT or BIGINT */
            if (d >= 0 || id == F_TRUNCATE) { t_same_int(t, &a[0]); return; }
            if (a[0].ptype != MYSQL_TYPE_LONGLONG) { t_int_ll(t, a[0].length + 1, a[0].is_unsigned); return; }
        }
        *t = a[0];
        t->nullable = true;
        t->flags &= (uint16_t)~(NOT_NULL_FLAG | PRI_KEY_FLAG | AUTO_INCREMENT_FLAG);
        if ((t->vt == VT_INT || t->vt == VT_UINT) && id == F_ROUND && d < 0) {
            /* ROUND(BIGINT, -n) may need one more digit: DECIMAL (MariaDB) */
            t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL;
            t->length += 1;
        }
        if (t->vt == VT_DECIMAL && a[0].vt == VT_DECIMAL && d >= 0 && d < a[0].decimals) {
            /* fewer decimals: the integer digits (one more for a carry when rounding) */
            t->length = (uint32_t)(dec_int_part(&a[0]) + (id == F_ROUND ? 1 : 0) + d + (d ? 1 : 0) + (a[0].is_unsigned ? 0 : 1));
            t->from_column = false;
            t->flags |= BINARY_FLAG;
        }
        if (t->vt == VT_DECIMAL) t->decimals = (uint8_t)(d < 0 ? 0 : d > EX_DEC_MAX_SCALE ? EX_DEC_MAX_SCALE : d);
        else if (t->vt == VT_STRING || t->vt == VT_DOUBLE) { t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->decimals = (uint8_t)(d < 0 ? 0 : d); t->coll = COLL_BINARY; }
        else if (t->vt == VT_INT) t->ptype = MYSQL_TYPE_LONGLONG;
        return;
    }
    case F_SQRT: case F_POW: case F_PI: case F_RAND:
        memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = id == F_PI ? 8 : 23; t->decimals = id == F_PI ? 6 : 31;
        t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
        if (id == F_PI) { t->nullable = false; t->flags |= NOT_NULL_FLAG; }
        return;
    case F_NOW: case F_UTC_TIMESTAMP: case F_FROM_UNIXTIME:
        memset(t, 0, sizeof *t); t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->length = 19; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = id == F_FROM_UNIXTIME;
        if (id == F_FROM_UNIXTIME && n == 1 && (a[0].vt == VT_DECIMAL || a[0].vt == VT_STRING)) {
            /* the seconds' fraction digits (a string: 6) */
            t->decimals = a[0].vt == VT_STRING ? 6 : a[0].decimals > 6 ? 6 : a[0].decimals;
            if (t->decimals) t->length = 20u + t->decimals;
        }
        if (id == F_FROM_UNIXTIME && n == 2) t_str(t, 19, COLL_UTF8MB4_GENERAL_CI);
        else {   /* fractional seconds: NOW(n)'s n, FROM_UNIXTIME's argument's */
            int fsp = id == F_FROM_UNIXTIME ? num_fsp(&a[0]) : n && e && e->args[0]->kind == E_INT ? atoi(e->args[0]->s) : 0;
            if (fsp > 6) fsp = 6;
            t->decimals = (uint8_t)fsp;
            if (fsp) t->length += (uint32_t)fsp + 1;
        }
        return;
    case F_CURDATE: case F_DATE:
        memset(t, 0, sizeof *t); t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true; return;
    case F_CURTIME:
        memset(t, 0, sizeof *t); t->vt = VT_TIME; t->ptype = MYSQL_TYPE_TIME; t->length = 10; t->coll = COLL_BINARY; t->flags = BINARY_FLAG;
        if (n && e && e->args[0]->kind == E_INT) {
            int fsp = atoi(e->args[0]->s);
            t->decimals = (uint8_t)(fsp > 6 ? 6 : fsp);
            if (t->decimals) t->length += t->decimals + 1u;
        }
        return;
    case F_DATE_ADD: case F_DATE_SUB:
        memset(t, 0, sizeof *t);
        if (a[0].vt == VT_DATE) {
            const char *u = e && e->args[1]->kind == E_INTERVAL ? e->args[1]->s : "DAY";
            bool date_unit = !strcmp(u, "DAY") || !strcmp(u, "WEEK") || !strcmp(u, "MONTH") || !strcmp(u, "QUARTER") || !strcmp(u, "YEAR") || !strcmp(u, "YEAR_MONTH");
            if (date_unit) { t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10; }
            else { t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->length = 19; }
            t->coll = COLL_BINARY; t->flags = BINARY_FLAG;
        } else if (a[0].vt == VT_DATETIME) { t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->length = 19; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; }
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
        else { t_str(t, 29, COLL_UTF8MB4_GENERAL_CI); t->ptype = MYSQL_TYPE_STRING; }
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
        return;
    case F_DATE_FORMAT: t_str(t, 64, COLL_UTF8MB4_GENERAL_CI); return;
    case F_YEAR: t_int(t, 4); t->ptype = MYSQL_TYPE_LONG; return;
    case F_MONTH: case F_DAY: case F_HOUR: case F_MINUTE: case F_SECOND: case F_WEEK: case F_DAYOFWEEK: case F_WEEKDAY:
        t_int(t, 2); t->ptype = MYSQL_TYPE_LONG; if (id == F_HOUR) t->length = 3; if (id == F_DAYOFWEEK || id == F_WEEKDAY) t->length = 1; return;
    case F_DAYOFYEAR: t_int(t, 3); t->ptype = MYSQL_TYPE_LONG; return;
    case F_DATEDIFF: t_int(t, 11); t->ptype = MYSQL_TYPE_LONG; return;
    case F_YEARWEEK: t_int(t, 6); t->ptype = MYSQL_TYPE_LONG; return;
    case F_FORMAT: t_str(t, 64, COLL_UTF8MB4_GENERAL_CI); return;
    case F_CONV: case F_OCT: case F_BIN: t_str(t, 64, COLL_UTF8MB4_GENERAL_CI); return;
    case F_CHAR: t_str(t, (uint32_t)n * 4, COLL_BINARY); return;
    case F_ELT: { uint32_t mx = 0; for (int i = 1; i < n; i++) if (chars_of(&a[i]) > mx) mx = chars_of(&a[i]); t_str(t, mx, coll_of(a + 1, n - 1)); return; }
    case F_STRCMP: t_int(t, 2); t->ptype = MYSQL_TYPE_LONG; return;
    case F_INSERT: t_str(t, chars_of(&a[0]) + chars_of(&a[3]), a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI); return;
    case F_TIME: {
        int fsp = e && e->args[0]->kind == E_STRING ? text_digits(e->args[0]->s, e->args[0]->slen) : num_fsp(&a[0]);
        memset(t, 0, sizeof *t); t->vt = VT_TIME; t->ptype = MYSQL_TYPE_TIME; t->length = 10; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
        t->decimals = (uint8_t)(fsp > 6 ? 6 : fsp);
        if (t->decimals) t->length += t->decimals + 1u;
        return;
    }
    case F_STR_TO_DATE: {
        /* DATE, TIME or DATETIME by the parts a constant format has; DATETIME(6) otherwise */
        int k = e && e->nargs == 2 && e->args[1]->kind == E_STRING ? str_to_date_kind(e->args[1]->s, e->args[1]->slen) : 7;
        memset(t, 0, sizeof *t); t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
        if ((k & 3) == 1) { t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10; }
        else if ((k & 3) == 2) { t->vt = VT_TIME; t->ptype = MYSQL_TYPE_TIME; t->length = 10; }
        else { t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->length = 19; }
        if (k & 4) { t->decimals = 6; t->length += 7; }
        return;
    }
    case F_SHA2: t_str(t, 128, COLL_UTF8MB4_GENERAL_CI); return;
    case F_FROM_BASE64: t_str(t, chars_of(&a[0]) * 3 / 4 + 1, COLL_BINARY); return;
    case F_WEEKOFYEAR: t_int(t, 2); t->ptype = MYSQL_TYPE_LONG; return;
    case F_WEIGHT_STRING: {
        /* VARBINARY: the argument's characters (or AS CHAR(n)) times its weights' size */
        uint16_t co = a[0].vt == VT_STRING ? a[0].coll : COLL_LATIN1_SWEDISH_CI;
        uint32_t chars = e && e->ival > 0 ? (uint32_t)e->ival : chars_of(&a[0]);
        t_str(t, chars * pdb_coll_weight_size(co), COLL_BINARY);
        return;
    }
    case F_MICROSECOND: t_int(t, 6); t->ptype = MYSQL_TYPE_LONG; return;
    case F_UTC_DATE: memset(t, 0, sizeof *t); t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; return;
    case F_GET_LOCK: case F_RELEASE_LOCK: case F_IS_FREE_LOCK: t_int(t, 1); t->ptype = MYSQL_TYPE_LONG; return;
    case F_IS_USED_LOCK: case F_RELEASE_ALL_LOCKS: t_int(t, 10); t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG; return;
    case F_BIT_COUNT: t_int(t, 2); t->ptype = MYSQL_TYPE_LONG; return;
    case F_SLEEP: t_int(t, 1); t->ptype = MYSQL_TYPE_LONG; return;
    case F_ISNULL: t_int(t, 1); t->ptype = MYSQL_TYPE_LONG; t->nullable = false; t->flags |= NOT_NULL_FLAG; return;
    case F_SIN: case F_COS: case F_TAN: case F_ATAN: case F_DEGREES: case F_RADIANS:
        memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = 31;
        t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true; return;
    case F_REGEXP_REPLACE: case F_REGEXP_SUBSTR: t_str(t, chars_of(&a[0]) * (id == F_REGEXP_REPLACE ? 2 : 1), a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI);
        if (id == F_REGEXP_REPLACE) { t->ptype = MYSQL_TYPE_LONG_BLOB; t->length = 67108864; }   /* LONGTEXT as MariaDB shows it: no BLOB flag */
        return;
    case F_REGEXP_INSTR: t_int(t, 11); t->ptype = MYSQL_TYPE_LONG; return;
    case F_QUARTER: t_int(t, 1); t->ptype = MYSQL_TYPE_LONG; return;
    case F_TO_DAYS: t_int(t, 6); t->ptype = MYSQL_TYPE_LONG; return;
    case F_TIMESTAMPDIFF: t_int(t, 21); return;
    case F_ORD: t_int(t, 10); return;
    case F_INET_ATON: t_int(t, 21); t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG; return;
    case F_TIME_TO_SEC: {
        int fsp = a[0].vt == VT_DATE ? 0 : a[0].vt == VT_DATETIME || a[0].vt == VT_TIME ? a[0].decimals : num_fsp(&a[0]);
        if (e && e->args[0]->kind == E_STRING) {
            int64_t us;
            const char *q = e->args[0]->s;
            size_t k = strspn(q, " \t0123456789");
            bool date_alone = k && (q[k] == '-' || q[k] == '/') && !strchr(q, ':');   /* read as its leading digits */
            fsp = date_alone ? 0 : ex_parse_time(q, e->args[0]->slen, &us) == 0 ? text_digits(q, e->args[0]->slen) : 6;
        }
        if (fsp > 6) fsp = 6;
        if (!fsp) { t_int(t, 17); return; }
        memset(t, 0, sizeof *t); t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->length = 18 + (uint32_t)fsp; t->decimals = (uint8_t)fsp;
        t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
        return;
    }
    case F_EXTRACT: {
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
        t_int(t, (uint32_t)len);
        t->ptype = len > 9 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG;
        return;
    }
    case F_LAST_DAY: case F_MAKEDATE: case F_FROM_DAYS:
        memset(t, 0, sizeof *t); t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true; return;
    case F_MONTHNAME: case F_DAYNAME: t_str(t, 9, COLL_UTF8MB3_GENERAL_CI); return;
    case F_INET_NTOA: t_str(t, 31, COLL_UTF8MB3_GENERAL_CI); return;
    case F_UNHEX: t_str(t, (chars_of(&a[0]) + 1) / 2, COLL_BINARY); return;
    case F_QUOTE: t_str(t, chars_of(&a[0]) * 2 + 2, a[0].vt == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI); return;
    case F_LN: case F_LOG: case F_EXP: case F_LOG10: case F_LOG2:
        memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = 31;
        t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true; return;
    case F_DATABASE: t_str(t, 64, COLL_UTF8MB3_GENERAL_CI); return;
    case F_USER: case F_CURRENT_USER: t_str(t, 384, COLL_UTF8MB3_GENERAL_CI); t->flags |= NOT_NULL_FLAG; t->nullable = false; return;
    case F_VERSION: t_str(t, 60, COLL_UTF8MB3_GENERAL_CI); t->flags |= NOT_NULL_FLAG; t->nullable = false; return;
    case F_CONNECTION_ID: t_int(t, 10); t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG | NOT_NULL_FLAG; t->nullable = false; return;
    case F_LAST_INSERT_ID: t_int(t, 21); t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG | NOT_NULL_FLAG; t->nullable = false; return;
    case F_FOUND_ROWS: case F_ROW_COUNT: t_int(t, 21); t->flags |= NOT_NULL_FLAG; t->nullable = false; return;
    case F_UNIX_TIMESTAMP:
        if (n == 0) { t_int(t, 11); t->flags |= NOT_NULL_FLAG; return; }
        if (a[0].vt == VT_NULL) { t_int(t, 11); return; }   /* UNIX_TIMESTAMP(NULL): BIGINT */
        {   /* BIGINT for a value without fractional seconds, else DECIMAL with its digits */
            int fsp = a[0].vt == VT_DATE ? 0 : a[0].vt == VT_DATETIME || a[0].vt == VT_TIME ? a[0].decimals : 6;
            if (e && e->args[0]->kind == E_STRING) {
                int64_t dt; bool isd;
                fsp = ex_parse_datetime(e->args[0]->s, e->args[0]->slen, &dt, &isd) == 0 ? text_digits(e->args[0]->s, e->args[0]->slen) : 6;
            } else if (a[0].vt == VT_INT || a[0].vt == VT_UINT || a[0].vt == VT_DECIMAL) fsp = num_fsp(&a[0]);
            if (fsp > 6) fsp = 6;
            if (!fsp) { t_int(t, 11); return; }
            memset(t, 0, sizeof *t); t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->length = 17 + (uint32_t)fsp; t->decimals = (uint8_t)fsp;
            t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
        }
        return;
    case F_VALUES: *t = a[0]; t->nullable = true; return;
    case F_SET_USERVAR: *t = a[1]; return;
    case F_LENGTH: case F_CHAR_LENGTH: case F_OCTET_LENGTH: t_int(t, 10); t->ptype = MYSQL_TYPE_LONG; return;
    case F_BIT_LENGTH: t_int(t, 21); return;
    case F_SIGN: t_int(t, 2); t->ptype = MYSQL_TYPE_LONG; return;
    case F_LOCATE: case F_INSTR: case F_FIELD: case F_FIND_IN_SET: t_int(t, 11); t->ptype = MYSQL_TYPE_LONG; if (id == F_FIELD) t->length = 3; return;
    case F_ASCII: t_int(t, 3); t->ptype = MYSQL_TYPE_LONG; return;
    case F_CRC32: t_int(t, 10); t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG; return;
    default: t_int(t, 21); return;
    }
}

/* ---------------------------------------------------------------- helpers */

void ex_type_text(ex_type *t, uint32_t chars, uint16_t coll) { t_str(t, chars, coll); }

static pdb_value mkstr(ex_ctx *ctx, const char *p, size_t n, uint16_t coll)
{
    char *d = stor_arena_alloc(ctx->a, n + 1);
    if (n) memcpy(d, p, n);
    d[n] = 0;
    return ex_str(d, n, coll);
}

static size_t u8len(unsigned char c) { return c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4; }

/* Text is UTF-8 inside for every character set; only binary strings count bytes. */
static bool is_mb(uint16_t coll)
{
    return coll != COLL_BINARY;
}

/* Byte offset of character ci in s (clamped to n). */
static size_t char_off(const char *s, size_t n, size_t ci, bool mb)
{
    if (!mb) return ci < n ? ci : n;
    size_t i = 0;
    while (ci > 0 && i < n) { i += u8len((unsigned char)s[i]); ci--; }
    return i > n ? n : i;
}

static size_t char_count(const char *s, size_t n, bool mb)
{
    if (!mb) return n;
    size_t c = 0;
    for (size_t i = 0; i < n; i += u8len((unsigned char)s[i])) c++;
    return c;
}

/* The count argument of REPEAT, SPACE, LPAD and RPAD as MariaDB bounds it: an
 * unsigned value past INT64_MAX and anything above INT32_MAX count as INT32_MAX, so
 * the size checks against max_allowed_packet that follow cannot overflow. */
static int64_t count_arg(const pdb_value *v)
{
    if (v->t == VT_UINT && v->u > INT64_MAX) return INT32_MAX;
    int64_t k = ex_to_int(v);
    return k > INT32_MAX ? INT32_MAX : k;
}

/* MariaDB's 1301 for a string function whose result would pass max_allowed_packet
 * (the function then returns NULL). */
static void warn_packet(ex_ctx *ctx, const char *fn)
{
    ex_warn(ctx, "Warning", 1301, "Result of %s() was larger than max_allowed_packet (%llu) - truncated",
            fn, (unsigned long long)ctx->s->max_allowed_packet);
}

static bool get_dt(ex_ctx *ctx, const pdb_value *v, int64_t *dt, bool *isdate);
static long daynr(int y, int m, int d);
static void from_daynr(long dn, int *y, int *m, int *d);

/* A date the calendar knows: a zero month or day (a zero date) gives NULL with
 * MariaDB's 1292 warning; warn = false for the functions that return NULL silently. */
static bool get_dt_full(ex_ctx *ctx, const pdb_value *v, int64_t *dt, bool *isdate, bool warn)
{
    if (!get_dt(ctx, v, dt, isdate)) return false;
    int y, mo, d, h, mi, s, us;
    pdb_dt_unpack(*dt, &y, &mo, &d, &h, &mi, &s, &us);
    if (mo && d) return true;
    if (warn && v->t != VT_DATE && v->t != VT_DATETIME) {   /* a DATE/DATETIME value gives NULL silently */
        char buf[PDB_VALUE_TEXT_MAX];
        const char *txt;
        size_t n = pdb_value_text(v, NULL, buf, sizeof buf, &txt);
        ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%.*s'", (int)(n > 128 ? 128 : n), txt);
    }
    return false;
}

/* A number as a datetime (YYYYMMDDhhmmss.ffffff: the whole part, and the fraction as
 * microseconds); false, silently, when it is none. */
static bool num_dt(const pdb_value *v, int64_t *dt, bool *isdate)
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

bool ex_num_datetime(const pdb_value *v, int64_t *dt, bool *isdate) { return num_dt(v, dt, isdate); }

bool ex_datetime_of_time(ex_ctx *ctx, int64_t us, int64_t *dt)
{
    pdb_value v = ex_int(us);
    bool isd;
    v.t = VT_TIME;
    return get_dt(ctx, &v, dt, &isd);
}

static bool get_dt(ex_ctx *ctx, const pdb_value *v, int64_t *dt, bool *isdate)
{
    *isdate = false;
    switch (v->t) {
    case VT_TIME: {   /* a TIME is that long after today's midnight, as MariaDB converts it */
        time_t secs = (time_t)(ctx->now_us / 1000000);
        struct tm tm;
        localtime_r(&secs, &tm);
        int64_t day = 86400000000LL, t = v->i;
        int64_t base = (int64_t)daynr(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday) * day + t;
        if (base < 366 * day || base >= 3652425LL * day) return false;
        long dn = (long)(base / day);
        int64_t rem = base % day;
        int y, mo, d;
        from_daynr(dn, &y, &mo, &d);
        *dt = pdb_dt_pack(y, mo, d, (int)(rem / 3600000000LL), (int)(rem / 60000000 % 60), (int)(rem / 1000000 % 60), (int)(rem % 1000000));
        return true;
    }
    case VT_DATETIME: *dt = v->i; return true;
    case VT_DATE: *dt = v->i; *isdate = true; return true;
    case VT_STRING:
        if (ex_parse_datetime(v->p, v->len, dt, isdate) == 0) return true;
        ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%.*s'", (int)v->len, v->p);
        return false;
    case VT_INT: case VT_DECIMAL: case VT_DOUBLE: case VT_UINT: {
        if (num_dt(v, dt, isdate)) return true;
        char buf[80];
        const char *txt;
        size_t n = pdb_value_text(v, NULL, buf, sizeof buf, &txt);
        ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%.*s'", (int)n, txt);
        return false;
    }
    default: return false;
    }
}

static int days_in_month(int y, int m)
{
    static const int d[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)) return 29;
    return m >= 1 && m <= 12 ? d[m - 1] : 31;
}

/* days since 0000-00-00 as MySQL's calc_daynr */
static long daynr(int y, int m, int d)
{
    if (y == 0 && m == 0) return 0;
    long delsum = 365L * y + 31L * (m - 1) + d;
    if (m <= 2) y--;
    else delsum -= (m * 4 + 23) / 10;
    return delsum + y / 4 - ((y / 100 + 1) * 3) / 4;
}

static void from_daynr(long dn, int *y, int *m, int *d)
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
    while (day_of_year > days_in_month(year, mo)) { day_of_year -= days_in_month(year, mo); mo++; }
    *y = year; *m = mo; *d = (int)day_of_year;
}

static int weekday(long dn) { return (int)((dn + 5) % 7); }   /* 0 = Monday */
long ex_fn_daynr(int y, int m, int d) { return daynr(y, m, d); }
void ex_fn_from_daynr(long dn, int *y, int *m, int *d) { from_daynr(dn, y, m, d); }

/* MySQL's calc_week */
static int calc_week(int y, int m, int d, int mode, int *year_out)
{
    long dn = daynr(y, m, d), first = daynr(y, 1, 1);
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
    long dn = daynr(y, m, d), first = daynr(y, 1, 1);
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
    long dn = daynr(y, mo, d);
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
        case 'j': if (!mo || !y) return ex_null(); o += (size_t)sprintf(out + o, "%03ld", dn - daynr(y, 1, 1) + 1); break;
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
        if (d > days_in_month(y, mo)) d = days_in_month(y, mo);
        *out = pdb_dt_pack(y, mo, d, h, mi, s, us);
        return 0;
    }
    if (by_month) {   /* months from year 0 in 64 bits, wrapping as MariaDB's do */
        uint64_t tm = (uint64_t)y * 12 + (uint64_t)(mo - 1) + (uint64_t)months;
        if (tm >= 12 * 10000) return 1;
        y = (int)(tm / 12); mo = (int)(tm % 12) + 1;
        if (d > days_in_month(y, mo)) d = days_in_month(y, mo);
        *out = pdb_dt_pack(y, mo, d, h, mi, s, us);
        return 0;
    }
    const int64_t day_us = 86400000000LL;
    int64_t base = (int64_t)daynr(y, mo, d) * day_us + ((int64_t)h * 3600 + mi * 60 + s) * 1000000 + us;
    if (usecs > 0 && base > INT64_MAX - usecs) return 1;
    int64_t total = base + usecs;
    if (total < 366 * day_us || total >= 3652425LL * day_us) return 1;
    long dn = (long)(total / day_us);
    int64_t rem = total % day_us;
    from_daynr(dn, &y, &mo, &d);
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

static pdb_value dt_value(int64_t dt, bool is_date)
{
    pdb_value v = ex_int(dt);
    v.t = is_date ? VT_DATE : VT_DATETIME;
    return v;
}

static int64_t local_now(ex_ctx *ctx, bool utc)
{
    time_t secs = (time_t)(ctx->now_us / 1000000);
    struct tm tm;
    if (utc) gmtime_r(&secs, &tm); else localtime_r(&secs, &tm);
    return pdb_dt_pack(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, 0);
}

static void hex_of(const unsigned char *d, size_t n, char *out, bool upper)
{
    const char *h = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    for (size_t i = 0; i < n; i++) { out[2 * i] = h[d[i] >> 4]; out[2 * i + 1] = h[d[i] & 15]; }
}

static pdb_value case_map(ex_ctx *ctx, const pdb_value *v, bool upper)
{
    size_t n;
    const char *s = ex_to_str(ctx->a, v, &n);
    uint16_t coll = v->t == VT_STRING ? v->coll : ctx->s->coll_connection;
    if (coll == COLL_BINARY) return mkstr(ctx, s, n, coll);
    /* ICU full case mapping on UTF-16, as MariaDB's unicode collations map per character */
    char *out = stor_arena_alloc(ctx->a, n * 3 + 4);
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        UChar32 c;
        int32_t ii = (int32_t)i;
        if (!is_mb(coll)) { c = (unsigned char)s[i]; ii++; }
        else U8_NEXT((const uint8_t *)s, ii, (int32_t)n, c);
        if (c < 0) { out[o++] = s[i]; i++; continue; }
        UChar32 m = upper ? pdb_coll_toupper(coll, c) : pdb_coll_tolower(coll, c);
        if (!is_mb(coll)) { out[o++] = (char)(m < 256 ? m : c); }
        else { int32_t oo = (int32_t)o; U8_APPEND_UNSAFE((uint8_t *)out, oo, m); o = (size_t)oo; }
        i = (size_t)ii;
    }
    return ex_str(out, o, coll);
}

/* A pattern ICU refused, reported with PCRE2's message and offset as MariaDB does for
 * the common mistakes (ICU's own error name otherwise). */
static void regex_error(ex_ctx *ctx, UErrorCode st, const char *p, size_t n)
{
    const char *msg = NULL;
    size_t off = n, depth = 0;
    switch (st) {
    case U_REGEX_MISSING_CLOSE_BRACKET: msg = "missing terminating ] for character class"; break;
    case U_REGEX_MISMATCHED_PAREN:
        msg = "missing closing parenthesis";
        for (size_t i = 0; i < n; i++) {
            if (p[i] == '\\') { i++; continue; }
            if (p[i] == '(') depth++;
            else if (p[i] == ')') {
                if (!depth) { msg = "unmatched closing parenthesis"; off = i; break; }
                depth--;
            }
        }
        break;
    case U_REGEX_MAX_LT_MIN: {
        msg = "numbers out of order in {} quantifier";
        const char *c = memchr(p, '}', n);
        off = c ? (size_t)(c - p) : n;
        break;
    }
    case U_REGEX_BAD_ESCAPE_SEQUENCE:
        if (n && p[n - 1] == '\\') msg = "\\ at end of pattern";
        break;
    case U_REGEX_INVALID_RANGE: {
        msg = "range out of order in character class";
        for (size_t i = 1; i + 1 < n; i++) if (p[i] == '-' && (unsigned char)p[i - 1] > (unsigned char)p[i + 1]) { off = i + 1; break; }
        break;
    }
    case U_REGEX_RULE_SYNTAX:
        /* a quantifier with nothing to repeat: at the start, after '|' (or '(' for '+': '(?' and
         * '(*' are PCRE syntax), or a '*' after another */
        for (size_t i = 0; i < n; i++) {
            if (p[i] == '\\') { i++; continue; }
            if ((p[i] == '*' || p[i] == '+' || p[i] == '?') &&
                (i == 0 || (p[i - 1] == '(' && p[i] == '+') || p[i - 1] == '|' || ((p[i - 1] == '*' || p[i - 1] == '+') && p[i] == '*'))) {
                msg = "quantifier does not follow a repeatable item";
                off = i;
                break;
            }
        }
        break;
    default: break;
    }
    if (!msg) ex_raise(ctx, 1139, "42000", "Got error '%s' from regexp", u_errorName(st));
    ex_raise(ctx, 1139, "42000", "Regex error '%s at offset %zu'", msg, off);
}

static pdb_value do_regexp(ex_ctx *ctx, const pdb_value *s, const pdb_value *pat)
{
    if (s->t == VT_NULL || pat->t == VT_NULL) return ex_null();
    size_t sn, pn;
    const char *ss = ex_to_str(ctx->a, s, &sn), *ps = ex_to_str(ctx->a, pat, &pn);
    if (!pn) return ex_int(1);   /* an empty pattern matches (ICU refuses to compile it) */
    UErrorCode st = U_ZERO_ERROR;
    UParseError pe;
    uint16_t coll = s->t == VT_STRING ? s->coll : COLL_UTF8MB4_GENERAL_CI;
    const pdb_collation *co = pdb_coll_by_id(coll);
    /* case-insensitive under a _ci collation, unless either side is binary (REGEXP BINARY) */
    uint32_t flags = (co && co->ci && !(pat->t == VT_STRING && pat->coll == COLL_BINARY)) ? UREGEX_CASE_INSENSITIVE : 0;
    UChar *up = stor_arena_alloc(ctx->a, (pn + 1) * sizeof(UChar)), *us = stor_arena_alloc(ctx->a, (sn + 1) * sizeof(UChar));
    int32_t upl, usl;
    u_strFromUTF8Lenient(up, (int32_t)pn + 1, &upl, ps, (int32_t)pn, &st);
    u_strFromUTF8Lenient(us, (int32_t)sn + 1, &usl, ss, (int32_t)sn, &st);
    if (U_FAILURE(st)) return ex_int(0);
    URegularExpression *re = uregex_open(up, upl, flags, &pe, &st);
    if (U_FAILURE(st)) regex_error(ctx, st, ps, pn);
    uregex_setText(re, us, usl, &st);
    UBool f = uregex_find(re, 0, &st);
    uregex_close(re);
    return ex_int(U_SUCCESS(st) && f);
}

/* REGEXP_REPLACE / REGEXP_SUBSTR / REGEXP_INSTR through ICU regular expressions. */
static pdb_value regexp_fn(ex_ctx *ctx, int id, pdb_value *a)
{
    size_t sn, pn;
    const char *s = ex_to_str(ctx->a, &a[0], &sn), *p = ex_to_str(ctx->a, &a[1], &pn);
    uint16_t coll = a[0].t == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI;
    const pdb_collation *co = pdb_coll_by_id(coll);
    if (!pn)   /* an empty pattern matches the empty string at the start, and replaces nothing */
        return id == F_REGEXP_INSTR ? ex_int(1) : id == F_REGEXP_REPLACE ? ex_str(s, sn, coll) : ex_str("", 0, coll);
    UErrorCode st = U_ZERO_ERROR;
    UParseError pe;
    int32_t ul, pl;
    UChar *us = stor_arena_alloc(ctx->a, (sn + 1) * sizeof(UChar)), *up = stor_arena_alloc(ctx->a, (pn + 1) * sizeof(UChar));
    u_strFromUTF8Lenient(us, (int32_t)sn + 1, &ul, s, (int32_t)sn, &st);
    u_strFromUTF8Lenient(up, (int32_t)pn + 1, &pl, p, (int32_t)pn, &st);
    if (U_FAILURE(st)) return ex_null();
    URegularExpression *re = uregex_open(up, pl, co && co->ci ? UREGEX_CASE_INSENSITIVE : 0, &pe, &st);
    if (U_FAILURE(st)) regex_error(ctx, st, p, pn);
    uregex_setText(re, us, ul, &st);
    pdb_value r = ex_null();
    if (id == F_REGEXP_REPLACE) {
        size_t rn;
        const char *rs = ex_to_str(ctx->a, &a[2], &rn);
        int32_t rl;
        UChar *ur = stor_arena_alloc(ctx->a, (rn + 1) * sizeof(UChar));
        u_strFromUTF8Lenient(ur, (int32_t)rn + 1, &rl, rs, (int32_t)rn, &st);
        /* MariaDB (PCRE) writes back-references as \1: ICU wants $1 */
        UChar *ur2 = stor_arena_alloc(ctx->a, ((size_t)rl * 2 + 1) * sizeof(UChar));
        int32_t k = 0;
        for (int32_t i = 0; i < rl; i++) {
            if (ur[i] == '\\' && i + 1 < rl && ur[i + 1] >= '0' && ur[i + 1] <= '9') { ur2[k++] = '$'; ur2[k++] = ur[++i]; }
            else if (ur[i] == '$') { ur2[k++] = '\\'; ur2[k++] = '$'; }
            else ur2[k++] = ur[i];
        }
        int32_t need = uregex_replaceAll(re, ur2, k, NULL, 0, &st);
        st = U_ZERO_ERROR;
        UChar *res = stor_arena_alloc(ctx->a, ((size_t)need + 1) * sizeof(UChar));
        uregex_replaceAll(re, ur2, k, res, need + 1, &st);
        if (U_SUCCESS(st)) {
            int32_t bl;
            char *o = stor_arena_alloc(ctx->a, (size_t)need * 4 + 1);
            u_strToUTF8(o, need * 4 + 1, &bl, res, need, &st);
            r = ex_str(o, (size_t)bl, coll);
        }
    } else {
        UBool found = uregex_find(re, 0, &st);
        if (id == F_REGEXP_INSTR) {
            int32_t start = found ? uregex_start(re, 0, &st) : -1;
            /* position in characters, counting supplementary characters once */
            r = ex_int(start < 0 ? 0 : u_countChar32(us, start) + 1);
        } else if (found) {
            int32_t b = uregex_start(re, 0, &st), e2 = uregex_end(re, 0, &st), bl;
            char *o = stor_arena_alloc(ctx->a, (size_t)(e2 - b) * 4 + 1);
            u_strToUTF8(o, (e2 - b) * 4 + 1, &bl, us + b, e2 - b, &st);
            r = ex_str(o, (size_t)bl, coll);
        } else r = ex_str("", 0, coll);
    }
    uregex_close(re);
    return r;
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

/* ---------------------------------------------------------------- calls */

const int EX_F_YEAR = F_YEAR, EX_F_MONTH = F_MONTH;

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

/* A value as MariaDB's HOUR()/MINUTE()/SECOND()/MICROSECOND() read it: a TIME in
 * microseconds (a datetime's time of day, text or digits parsed as a time; clamp: held
 * to TIME's range with a warning, as all but EXTRACT do); false with 1292 'Incorrect time value' when it is none. */
static bool time_of(ex_ctx *ctx, const pdb_value *v, int64_t *us, bool clamp)
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
        int64_t dt;
        bool isd;
        /* YYYYMMDD[hhmmss] from 8 digits on (EXTRACT: from 11); else [H..]HMMSS */
        if (clamp ? x >= 1e7 : x >= 1e10) {
            int y, mo, dd, h, mi, sc, u;
            if (num_dt(v, &dt, &isd) && (pdb_dt_unpack(dt, &y, &mo, &dd, &h, &mi, &sc, &u), mo && dd)) {
                pdb_value d = ex_int(dt);
                d.t = VT_DATETIME;
                return time_of(ctx, &d, us, clamp);
            }
            if (clamp) {
                ex_warn(ctx, "Warning", 1292, "Incorrect time value: '%.*s'", (int)(n > 128 ? 128 : n), s);
                return false;
            }
        }
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
                ex_warn(ctx, "Warning", 1292, "Truncated incorrect time value: '%.*s'", (int)(n > 128 ? 128 : n), s);
                *us = ((x / 10000) * 3600 + x / 100 % 100 * 60 + x % 100) * 1000000;
                return true;
            }
        }
    }
    if (ex_parse_time(s, n, us) == 0) {
        const int64_t max = (838 * 3600 + 59 * 60 + 59) * 1000000LL + 999999;
        if (clamp && (*us > max || *us < -max)) {   /* beyond TIME's range: its end, with a warning */
            ex_warn(ctx, "Warning", 1292, "Truncated incorrect time value: '%.*s'", (int)(n > 128 ? 128 : n), s);
            *us = *us > 0 ? max : -max;
        }
        return true;
    }
    ex_warn(ctx, "Warning", 1292, "Incorrect time value: '%.*s'", (int)(n > 128 ? 128 : n), s);
    return false;
}

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
        long dn = daynr(tm->y, 1, 1) + yearday - 1;
        if (dn < 366 || dn > 3652424) return false;
        from_daynr(dn, &tm->y, &tm->mo, &tm->d);
    }
    if (tm->mo > 12 || tm->d > 31 || tm->h > 23 || tm->mi > 59 || tm->s > 59) return false;
    *end = s + i;
    return true;
}

static int b64_value(int c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : -1;
}

void ex_call(ex_ctx *ctx, int id, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0, l1, l2;
    const char *s0, *s1, *s2;
    if ((id == F_YEAR || id == F_MONTH) && (a[0].t == VT_DATETIME || a[0].t == VT_DATE)) {
        /* the packed datetime's year and month without unpacking the rest */
        *out = ex_int(ex_dt_year_month(a[0].i, id == F_YEAR));
        return;
    }
    *out = ex_null();
    if (id >= EX_FX_TIMEDIFF && id < EX_FX_END) { ex_more_call(ctx, id, a, n, out, e); return; }
    if (id == -1) { *out = do_regexp(ctx, &a[0], &a[1]); return; }
    if (id >= EX_JSON_VALID && id < EX_JSON_END) { ex_json_call(ctx, id, a, n, out, e); return; }
    /* functions that look at NULL arguments themselves */
    switch (id) {
    case F_CONCAT_WS: {
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
        return;
    }
    case F_IF: *out = ex_is_true_cond(&a[0]) ? a[1] : a[2]; return;
    case F_IFNULL: *out = a[0].t != VT_NULL ? a[0] : a[1]; return;
    case F_NULLIF: *out = (a[0].t != VT_NULL && a[1].t != VT_NULL && ex_compare(&a[0], &a[1], 0) == 0) ? ex_null() : a[0]; return;
    case F_COALESCE: for (int i = 0; i < n; i++) if (a[i].t != VT_NULL) { *out = a[i]; return; } return;
    case F_ISNULL: *out = ex_int(a[0].t == VT_NULL); return;
    case F_QUOTE: if (a[0].t == VT_NULL) { *out = mkstr(ctx, "NULL", 4, ctx->s->coll_connection); return; } break;
    case F_FIELD: {
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
        return;
    }
    case F_DATABASE: if (ctx->s->db[0]) *out = mkstr(ctx, ctx->s->db, strlen(ctx->s->db), COLL_UTF8MB3_GENERAL_CI); return;
    case F_USER: case F_CURRENT_USER: {
        char buf[400];
        /* CURRENT_USER(): the account (its host pattern); USER(): the client's host */
        const char *h = id == F_CURRENT_USER && ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
        int k = snprintf(buf, sizeof buf, "%s@%s", ctx->s->user, h);
        *out = mkstr(ctx, buf, (size_t)k, COLL_UTF8MB3_GENERAL_CI);
        return;
    }
    case F_VERSION: { const char *v = pdb_server_version(); *out = mkstr(ctx, v, strlen(v), COLL_UTF8MB3_GENERAL_CI); return; }
    case F_CONNECTION_ID: *out = ex_int(ctx->s->conn_id); out->t = VT_UINT; return;
    case F_LAST_INSERT_ID:
        if (n == 1) {
            ctx->s->lid_arg = true;   /* the OK packet then carries this value */
            if (a[0].t == VT_NULL) { ctx->s->last_insert_id = 0; *out = ex_null(); return; }
            ctx->s->last_insert_id = (uint64_t)ex_to_int(&a[0]);
        }
        *out = ex_int(0); out->t = VT_UINT; out->u = ctx->s->last_insert_id;
        return;
    case F_FOUND_ROWS: *out = ex_int((int64_t)ctx->s->found_rows); return;
    case F_ROW_COUNT: *out = ex_int(ctx->s->row_count); return;
    case F_NOW: case F_UTC_TIMESTAMP: case F_CURTIME: {
        /* NOW(n): the statement's time with n digits of its microseconds */
        int fsp = 0;
        if (n) {
            int64_t k = ex_to_int(&a[0]);
            if (k > 6) ex_raise(ctx, 1426, "42000", "Too big precision specified for '%s'. Maximum is 6",
                                id == F_CURTIME ? "curtime" : id == F_UTC_TIMESTAMP ? "utc_timestamp" : "current_timestamp");
            fsp = k < 0 ? 0 : (int)k;
        }
        int64_t d = local_now(ctx, id == F_UTC_TIMESTAMP), frac = ctx->now_us % 1000000;
        for (int i = fsp; i < 6; i++) frac /= 10;
        for (int i = fsp; i < 6; i++) frac *= 10;
        if (id == F_CURTIME) {
            int y, mo, dd, h, mi, s, us;
            pdb_dt_unpack(d, &y, &mo, &dd, &h, &mi, &s, &us);
            *out = ex_int(((int64_t)h * 3600 + mi * 60 + s) * 1000000 + frac); out->t = VT_TIME; out->scale = (uint8_t)fsp;
            return;
        }
        *out = dt_value(d + frac, false);
        out->scale = (uint8_t)fsp;
        return;
    }
    case F_CURDATE: { int y, mo, d, h, mi, s, us; pdb_dt_unpack(local_now(ctx, false), &y, &mo, &d, &h, &mi, &s, &us); *out = dt_value(pdb_dt_pack(y, mo, d, 0, 0, 0, 0), true); return; }
    case F_UNIX_TIMESTAMP:
        if (n == 0) { *out = ex_int(ctx->now_us / 1000000); return; }
        break;
    case F_PI: *out = ex_dbl(M_PI); return;
    case F_UTC_DATE: { int y, mo, d, h, mi, s, us; pdb_dt_unpack(local_now(ctx, true), &y, &mo, &d, &h, &mi, &s, &us); *out = dt_value(pdb_dt_pack(y, mo, d, 0, 0, 0, 0), true); return; }
    case F_RELEASE_ALL_LOCKS: *out = named_lock(ctx, F_RELEASE_ALL_LOCKS, NULL, 0, 0); return;
    case F_ELT: { if (a[0].t == VT_NULL) return; int64_t k = ex_to_int(&a[0]); if (k < 1 || k >= n) return; *out = a[k]; return; }
    case F_CHAR: {
        char *o = stor_arena_alloc(ctx->a, (size_t)n * 4 + 1);
        size_t k = 0;
        for (int i = 0; i < n; i++) {
            if (a[i].t == VT_NULL) continue;   /* CHAR() skips NULLs */
            ex_conv_check(&a[i], "INTEGER");
            uint64_t v = (uint64_t)ex_to_int(&a[i]);
            unsigned char b[4]; int m = 0;
            do { b[m++] = (unsigned char)(v & 0xff); v >>= 8; } while (v && m < 4);
            while (m) o[k++] = (char)b[--m];
        }
        *out = ex_str(o, k, COLL_BINARY);
        return;
    }
    case F_RAND: *out = ex_dbl(n ? ex_rand_seeded(ctx, e, &a[0]) : (double)random() / 2147483648.0); return;
    case F_UUID: {
        unsigned char r[16];
        for (int i = 0; i < 16; i++) r[i] = (unsigned char)random();
        char buf[40];
        int k = snprintf(buf, sizeof buf, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
                         r[0], r[1], r[2], r[3], r[4], r[5], (r[6] & 0x0f) | 0x10, r[7], (r[8] & 0x3f) | 0x80, r[9], r[10], r[11], r[12], r[13], r[14], r[15]);
        *out = mkstr(ctx, buf, (size_t)k, COLL_UTF8MB3_GENERAL_CI);
        return;
    }
    case F_VALUES: {
        /* VALUES(col) in ON DUPLICATE KEY UPDATE: the column's value in the row we tried to insert */
        if (!ctx->insert_vals || !e || e->args[0]->kind != E_COLUMN) return;
        stor_table *t = ctx->insert_t;
        for (uint32_t c = 0; c < t->ncols; c++)
            if (!strcasecmp(t->cols[c].name, e->args[0]->s)) { *out = ctx->insert_vals[c]; return; }
        return;
    }
    case F_SET_USERVAR: {
        pdb_value v = a[1];
        ex_uservar_set(ctx->s, e->args[0]->s, &v);
        *out = v;
        return;
    }
    case F_WEIGHT_STRING: {
        /* a number has none (NULL); a date or time weighs as its text */
        if (a[0].t == VT_NULL || a[0].t == VT_INT || a[0].t == VT_UINT || a[0].t == VT_DOUBLE || a[0].t == VT_DECIMAL) return;
        size_t len;
        const char *s = ex_to_str(ctx->a, &a[0], &len);
        uint16_t co = a[0].t == VT_STRING ? a[0].coll : COLL_LATIN1_SWEDISH_CI;
        uint32_t nw = e && e->ival > 0 ? (uint32_t)e->ival : 0;
        size_t cap = (nw ? nw : len + 1) * pdb_coll_weight_size(co);
        uint8_t *o = stor_arena_alloc(ctx->a, cap + 1);
        *out = ex_str((const char *)o, pdb_coll_weight_string(co, s, len, nw, o, cap), COLL_BINARY);
        return;
    }
    case F_GREATEST: case F_LEAST: {
        for (int i = 0; i < n; i++) if (a[i].t == VT_NULL) return;
        pdb_value best = a[0];
        for (int i = 1; i < n; i++) {
            int c = ex_compare(&a[i], &best, 0);
            if ((id == F_GREATEST && c > 0) || (id == F_LEAST && c < 0)) best = a[i];
        }
        *out = best;
        if (ex_is_hexnum(&best))   /* a hexadecimal literal among numbers is one too */
            for (int i = 0; i < n; i++)
                if (a[i].t != VT_STRING) { *out = ex_dbl((double)ex_hexnum_u64(&best)); break; }
        return;
    }
    case F_SHA2:
        if (n > 1 && a[1].t == VT_NULL) a[1] = ex_int(0);   /* SHA2(s, NULL) is SHA-256 */
        if (a[0].t == VT_NULL && n > 1 && e && e->nargs > 1 && e->args[1]->kind == E_INT) {
            /* a constant length is checked once for the statement, whatever the string */
            int64_t bits = ex_to_int(&a[1]);
            if (bits != 0 && bits != 224 && bits != 256 && bits != 384 && bits != 512 && ex_warn_due(ctx, e, e->args[1]))
                ex_warn(ctx, "Warning", 1583, "Incorrect parameters in the call to native function 'sha2'");
        }
        break;
    case F_FORMAT:
        if (n > 2 && a[2].t == VT_NULL) {   /* an unknown locale: en_US */
            ex_warn(ctx, "Warning", 1649, "Unknown locale: 'NULL'");
            a[2] = ex_str("en_US", 5, COLL_UTF8MB4_GENERAL_CI);
        }
        break;
    case F_SLEEP: {
        double d = ex_to_double(&a[0]);
        if (d > 0) { struct timespec ts = { (time_t)d, (long)((d - (double)(time_t)d) * 1e9) }; nanosleep(&ts, NULL); }
        *out = ex_int(0);
        return;
    }
    default: break;
    }
    for (int i = 0; i < n; i++) if (a[i].t == VT_NULL) return;   /* NULL in, NULL out */
    switch (id) {
    case F_CONCAT: {
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
        return;
    }
    case F_SUBSTRING: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
        bool mb = is_mb(coll);
        int64_t pos = ex_to_int(&a[1]);
        size_t nch = char_count(s0, l0, mb);
        int64_t len = n > 2 ? ex_to_int(&a[2]) : (int64_t)nch;
        if (pos == 0 || len <= 0) { *out = ex_str("", 0, coll); return; }
        int64_t start = pos > 0 ? pos - 1 : (int64_t)nch + pos;
        if (start < 0 || start >= (int64_t)nch) { *out = ex_str("", 0, coll); return; }
        size_t b = char_off(s0, l0, (size_t)start, mb);
        size_t e2 = (uint64_t)len >= nch ? l0 : char_off(s0, l0, (size_t)(start + len), mb);
        *out = ex_str(s0 + b, e2 - b, coll);
        return;
    }
    case F_LEFT: case F_RIGHT: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
        bool mb = is_mb(coll);
        int64_t k = ex_to_int(&a[1]);
        size_t nch = char_count(s0, l0, mb);
        if (k <= 0) { *out = ex_str("", 0, coll); return; }
        if ((uint64_t)k >= nch) { *out = ex_str(s0, l0, coll); return; }
        if (id == F_LEFT) *out = ex_str(s0, char_off(s0, l0, (size_t)k, mb), coll);
        else { size_t b = char_off(s0, l0, nch - (size_t)k, mb); *out = ex_str(s0 + b, l0 - b, coll); }
        return;
    }
    case F_LENGTH: case F_OCTET_LENGTH: case F_BIT_LENGTH:
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        if (a[0].t == VT_STRING) l0 = ex_charset_octets(a[0].coll, s0, l0, NULL);   /* latin1: a byte a character */
        *out = ex_int((int64_t)l0 * (id == F_BIT_LENGTH ? 8 : 1));
        return;
    case F_CHAR_LENGTH: s0 = ex_to_str(ctx->a, &a[0], &l0); *out = ex_int((int64_t)char_count(s0, l0, is_mb(a[0].t == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI))); return;
    case F_LOWER: *out = case_map(ctx, &a[0], false); return;
    case F_UPPER: *out = case_map(ctx, &a[0], true); return;
    case F_LTRIM: case F_RTRIM: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        size_t b = 0, en = l0;
        if (id == F_LTRIM) while (b < en && s0[b] == ' ') b++;
        else while (en > b && s0[en - 1] == ' ') en--;
        *out = ex_str(s0 + b, en - b, a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection);
        return;
    }
    case F_TRIM: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        s1 = ex_to_str(ctx->a, &a[1], &l1);   /* mode */
        const char *rm = " "; size_t rl = 1;
        if (n > 2) rm = ex_to_str(ctx->a, &a[2], &rl);
        size_t b = 0, en = l0;
        if (rl) {
            if (l1 != 8 || memcmp(s1, "TRAILING", 8)) while (en - b >= rl && !memcmp(s0 + b, rm, rl)) b += rl;
            if (l1 != 7 || memcmp(s1, "LEADING", 7)) while (en - b >= rl && !memcmp(s0 + en - rl, rm, rl)) en -= rl;
        }
        *out = ex_str(s0 + b, en - b, a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection);
        return;
    }
    case F_REPLACE: {
        s0 = ex_to_str(ctx->a, &a[0], &l0); s1 = ex_to_str(ctx->a, &a[1], &l1); s2 = ex_to_str(ctx->a, &a[2], &l2);
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
        return;
    }
    case F_LOCATE: case F_INSTR: {
        /* MariaDB's instr: the needle's bytes against windows of as many bytes at each
         * character of the haystack, under the collation (so 'o' never matches a
         * two-byte 'ö'); a start beyond the haystack's bytes finds nothing, and an empty
         * needle is found at the start's byte offset */
        const pdb_value *needle = id == F_LOCATE ? &a[0] : &a[1], *hay = id == F_LOCATE ? &a[1] : &a[0];
        s0 = ex_to_str(ctx->a, hay, &l0); s1 = ex_to_str(ctx->a, needle, &l1);
        uint16_t coll = hay->t == VT_STRING ? hay->coll : needle->t == VT_STRING ? needle->coll : COLL_UTF8MB4_GENERAL_CI;
        if ((hay->t == VT_STRING && hay->coll == COLL_BINARY) || (needle->t == VT_STRING && needle->coll == COLL_BINARY)) coll = COLL_BINARY;
        bool mb = is_mb(coll);
        int64_t from = id == F_LOCATE && n > 2 ? ex_to_int(&a[2]) : 1;
        int64_t st = from <= 0 ? -1 : from - 1;
        if (st < 0 || (n > 2 && id == F_LOCATE && (uint64_t)st >= l0)) { *out = ex_int(0); return; }
        size_t b = char_off(s0, l0, (size_t)st, mb);
        if (b + l1 > l0) { *out = ex_int(0); return; }
        if (!l1) { *out = ex_int((int64_t)b + 1); return; }
        const pdb_collation *co = pdb_coll_by_id(coll);
        size_t ci = (size_t)st;
        for (size_t i = b; i + l1 <= l0; ci++) {
            bool eq = co && !co->binary ? pdb_coll_cmp(coll, s0 + i, l1, s1, l1) == 0 : !memcmp(s0 + i, s1, l1);
            if (eq) { *out = ex_int((int64_t)ci + 1); return; }
            i += mb ? u8len((unsigned char)s0[i]) : 1;
        }
        *out = ex_int(0);
        return;
    }
    case F_LPAD: case F_RPAD: {
        s0 = ex_to_str(ctx->a, &a[0], &l0); s2 = ex_to_str(ctx->a, &a[2], &l2);
        uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
        bool mb = is_mb(coll);
        int64_t len = count_arg(&a[1]);
        if (len < 0) return;
        size_t nch = char_count(s0, l0, mb);
        if ((uint64_t)len <= nch) { *out = ex_str(s0, char_off(s0, l0, (size_t)len, mb), coll); return; }
        const pdb_collation *pco = pdb_coll_by_id(coll);
        if ((uint64_t)len * (pco && pco->maxlen ? pco->maxlen : 1) > ctx->s->max_allowed_packet) {
            warn_packet(ctx, id == F_LPAD ? "lpad" : "rpad");
            return;
        }
        if (!l2) return;
        size_t need = (size_t)len - nch, pch = char_count(s2, l2, mb);
        char *o = stor_arena_alloc(ctx->a, l0 + need * 4 + 1);
        size_t k = 0;
        if (id == F_RPAD) { memcpy(o, s0, l0); k = l0; }
        while (need > 0) {
            size_t take = need < pch ? need : pch;
            size_t bytes = char_off(s2, l2, take, mb);
            memcpy(o + k, s2, bytes); k += bytes; need -= take;
        }
        if (id == F_LPAD) { memcpy(o + k, s0, l0); k += l0; }
        *out = ex_str(o, k, coll);
        return;
    }
    case F_REPEAT: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        int64_t k = count_arg(&a[1]);
        if (k <= 0 || !l0) { *out = ex_str("", 0, a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection); return; }
        if ((uint64_t)k * l0 > ctx->s->max_allowed_packet) { warn_packet(ctx, "repeat"); return; }
        char *o = stor_arena_alloc(ctx->a, (size_t)k * l0 + 1);
        for (int64_t i = 0; i < k; i++) memcpy(o + (size_t)i * l0, s0, l0);
        *out = ex_str(o, (size_t)k * l0, a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection);
        return;
    }
    case F_SPACE: {
        int64_t k = count_arg(&a[0]);
        if (k < 0) k = 0;
        if ((uint64_t)k > ctx->s->max_allowed_packet) { warn_packet(ctx, "space"); return; }
        char *o = stor_arena_alloc(ctx->a, (size_t)k + 1);
        memset(o, ' ', (size_t)k);
        *out = ex_str(o, (size_t)k, ctx->s->coll_connection);
        return;
    }
    case F_REVERSE: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
        char *o = stor_arena_alloc(ctx->a, l0 + 1);
        if (is_mb(coll)) {
            size_t k = l0;
            for (size_t i = 0; i < l0;) { size_t c = u8len((unsigned char)s0[i]); if (i + c > l0) c = l0 - i; k -= c; memcpy(o + k, s0 + i, c); i += c; }
        } else for (size_t i = 0; i < l0; i++) o[i] = s0[l0 - 1 - i];
        *out = ex_str(o, l0, coll);
        return;
    }
    case F_FIND_IN_SET: {
        s0 = ex_to_str(ctx->a, &a[0], &l0); s1 = ex_to_str(ctx->a, &a[1], &l1);
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
        return;
    }
    case F_SUBSTRING_INDEX: {
        s0 = ex_to_str(ctx->a, &a[0], &l0); s1 = ex_to_str(ctx->a, &a[1], &l1);
        int64_t cnt = ex_to_int(&a[2]);
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
        return;
    }
    case F_HEX: {
        if (a[0].t != VT_STRING) {
            char buf[32];
            int k = snprintf(buf, sizeof buf, "%llX", (unsigned long long)ex_to_int(&a[0]));
            *out = mkstr(ctx, buf, (size_t)k, ctx->s->coll_connection);
            return;
        }
        char *raw = stor_arena_alloc(ctx->a, a[0].len + 1);
        size_t rl = ex_charset_octets(a[0].coll, a[0].p, a[0].len, raw);   /* the bytes in its charset */
        char *o = stor_arena_alloc(ctx->a, rl * 2 + 1);
        hex_of((const unsigned char *)raw, rl, o, true);
        *out = ex_str(o, rl * 2, ctx->s->coll_connection);
        return;
    }
    case F_MD5: case F_SHA1: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        unsigned char md[64]; unsigned int ml = 0;
        EVP_Digest(s0, l0, md, &ml, id == F_MD5 ? EVP_md5() : EVP_sha1(), NULL);
        char *o = stor_arena_alloc(ctx->a, ml * 2 + 1);
        hex_of(md, ml, o, false);
        *out = ex_str(o, ml * 2, ctx->s->coll_connection);
        return;
    }
    case F_CRC32: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        uint32_t c = 0xffffffffu;
        for (size_t i = 0; i < l0; i++) { c ^= (unsigned char)s0[i]; for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1; }
        *out = ex_int(0); out->t = VT_UINT; out->u = c ^ 0xffffffffu;
        return;
    }
    case F_TO_BASE64: {
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
        return;
    }
    case F_ASCII: s0 = ex_to_str(ctx->a, &a[0], &l0); *out = ex_int(l0 ? (unsigned char)s0[0] : 0); return;
    case F_ABS:
        if (a[0].t == VT_INT && a[0].i == INT64_MIN) {
            char buf[256];
            size_t k = e ? print_expr(ctx, e, buf, sizeof buf) : 0;
            ex_raise(ctx, 1690, "22003", "BIGINT value is out of range in '%.*s'", (int)k, buf);
        }
        if (a[0].t == VT_INT) *out = ex_int(a[0].i < 0 ? -a[0].i : a[0].i);
        else if (a[0].t == VT_DECIMAL && a[0].len) {
            ex_dec x;
            ex_dec_get(&a[0], &x);
            x.neg = false;
            ex_dec_put(ctx->a, &x, a[0].coll && a[0].coll != EX_DEC_AS_IS ? a[0].coll - 1 : -1, out);
        }
        else if (a[0].t == VT_DECIMAL) { *out = a[0]; if (out->i < 0) out->i = -out->i; if (out->coll == EX_DEC_AS_IS) out->coll = 0; }
        else if (a[0].t == VT_UINT) *out = a[0];
        else *out = ex_dbl(fabs(ex_to_double(&a[0])));
        return;
    case F_SIGN: { double d = ex_to_double(&a[0]); *out = ex_int(d > 0 ? 1 : d < 0 ? -1 : 0); return; }
    case F_SQRT: { double d = ex_to_double(&a[0]); if (d < 0) return; *out = ex_dbl(sqrt(d)); return; }
    case F_POW: *out = ex_dbl(dbl_checked(ctx, e, pow(ex_to_double(&a[0]), ex_to_double(&a[1])))); return;
    case F_CEIL: case F_FLOOR:
        if (a[0].t == VT_INT || a[0].t == VT_UINT) { *out = a[0]; return; }
        if (a[0].t == VT_DECIMAL && a[0].len) {
            ex_dec x;
            ex_dec_get(&a[0], &x);
            ex_dec_round(&x, 0, id == F_CEIL ? EX_ROUND_CEIL : EX_ROUND_FLOOR, &x);
            ex_dec_put(ctx->a, &x, -1, out);
            return;
        }
        if (a[0].t == VT_DECIMAL) {
            int64_t p = ex_pow10[a[0].scale], q = a[0].i / p, r = a[0].i % p;
            if (id == F_CEIL && r > 0) q++;
            if (id == F_FLOOR && r < 0) q--;
            *out = ex_int(q);
            return;
        }
        *out = ex_dbl(id == F_CEIL ? ceil(ex_to_double(&a[0])) : floor(ex_to_double(&a[0])));
        return;
    case F_ROUND: case F_TRUNCATE: {
        int64_t d = n > 1 ? ex_to_int(&a[1]) : 0;
        if (a[0].t == VT_INT || a[0].t == VT_UINT) {
            if (d >= 0) { *out = a[0]; return; }
            if (a[0].t == VT_UINT || d < -18 || a[0].i >= ex_pow10[18] || a[0].i <= -ex_pow10[18]) {
                /* near the ends of BIGINT the rounded value may not fit it: exactly */
                ex_dec x;
                ex_dec_get(&a[0], &x);
                ex_dec_round(&x, d < -100 ? -100 : (int)d, id == F_ROUND ? EX_ROUND_HALF_UP : EX_ROUND_TRUNC, &x);
                ex_dec_put(ctx->a, &x, -1, out);
                return;
            }
            int64_t p = ex_pow10[-d], v = a[0].i, q = v / p * p, r = v % p;
            if (id == F_ROUND && (r < 0 ? -r : r) * 2 >= p) q += v < 0 ? -p : p;
            *out = ex_int(q);
            return;
        }
        if (a[0].t == VT_DECIMAL && (a[0].len || d > 18 || d < -18)) {
            ex_dec x;
            ex_dec_get(&a[0], &x);
            ex_dec_round(&x, d > 38 ? 38 : d < -100 ? -100 : (int)d, id == F_ROUND ? EX_ROUND_HALF_UP : EX_ROUND_TRUNC, &x);
            ex_dec_put(ctx->a, &x, -1, out);
            return;
        }
        if (a[0].t == VT_DECIMAL) {
            int sc = a[0].scale;
            if (d >= sc) { *out = a[0]; out->coll = 0; if (d > sc && d <= 18) { __int128 v = (__int128)a[0].i * ex_pow10[d - sc]; if (v <= INT64_MAX && v >= INT64_MIN) { out->i = (int64_t)v; out->scale = (uint8_t)d; } } return; }
            int drop = sc - (int)(d < 0 ? 0 : d);
            int64_t p = ex_pow10[drop], v = a[0].i, q = v / p, r = v % p;
            if (id == F_ROUND && (r < 0 ? -r : r) * 2 >= p) q += v < 0 ? -1 : 1;
            out->t = VT_DECIMAL; out->i = q; out->scale = (uint8_t)(d < 0 ? 0 : d); out->coll = 0; out->len = 0;
            if (d < 0) { int64_t pp = ex_pow10[-d]; int64_t rr = q % pp; q -= rr; if (id == F_ROUND && (rr < 0 ? -rr : rr) * 2 >= pp) q += q < 0 ? -pp : pp; out->i = q; }
            return;
        }
        double x = ex_to_double(&a[0]);
        /* past any double's exponent: nothing is left of it, or nothing changes */
        if (d < -400 || d > 400) { *out = ex_dbl(d < 0 ? 0.0 : x); return; }
        double p = pow(10.0, (double)d);
        double r = id == F_ROUND ? (d >= 0 ? rint(x * p) / p : rint(x / pow(10.0, -(double)d)) * pow(10.0, -(double)d)) : trunc(x * p) / p;
        if (id == F_ROUND && d >= 0) r = rint(x * p) / p;   /* MariaDB: rint(), half to even */
        if (d >= 0 && isinf(x * p)) r = x;                   /* too large to have those decimals */
        *out = ex_dbl(r);
        return;
    }
    case F_MOD: *out = a[0]; ex_mod_value(ctx, out, &a[1]); return;   /* as a % b */
    case F_DATE_ADD: case F_DATE_SUB: {
        int64_t dt; bool isd;
        s2 = ex_to_str(ctx->a, &a[2], &l2);
        char unit[32];
        snprintf(unit, sizeof unit, "%.*s", (int)l2, s2);
        bool date_unit = !strcmp(unit, "DAY") || !strcmp(unit, "WEEK") || !strcmp(unit, "MONTH") || !strcmp(unit, "QUARTER") || !strcmp(unit, "YEAR") || !strcmp(unit, "YEAR_MONTH");
        if (a[0].t == VT_DATE || a[0].t == VT_DATETIME) {
            /* a zero date or one with a zero part: NULL with 1292, shown as the result type shows it */
            int y, mo, d, h, mi, s, us;
            pdb_dt_unpack(a[0].i, &y, &mo, &d, &h, &mi, &s, &us);
            if (!mo || !d) {
                pdb_value v = dt_value(a[0].i, a[0].t == VT_DATE && date_unit);
                v.scale = 0;   /* shown without its fraction */
                char buf[64];
                const char *txt;
                size_t k = pdb_value_text(&v, NULL, buf, sizeof buf, &txt);
                ex_warn(ctx, "Warning", 1292, "Incorrect datetime value: '%.*s'", (int)k, txt);
                return;
            }
        }
        if (a[0].t == VT_TIME) {
            /* a TIME plus a day-time interval stays a TIME; months do not apply to one */
            if (a[1].t == VT_NULL) return;
            int64_t months, usecs;
            int by_month;
            int rc = interval_of(ctx, unit, &a[1], id == F_DATE_SUB, &months, &usecs, &by_month);
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
        if ((a[0].t == VT_INT || a[0].t == VT_UINT || a[0].t == VT_DECIMAL || a[0].t == VT_DOUBLE) && num_dt(&a[0], &dt, &isd)) {
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
        int rc = add_interval(ctx, dt, unit, &a[1], id == F_DATE_SUB, &r);
        if (rc == 1) ex_warn(ctx, "Warning", 1441, "Datetime function: datetime field overflow");
        if (rc) return;
        int fsp = interval_fsp(unit, &a[1]);
        if (a[0].t == VT_STRING) {
            const char *dot = memchr(a[0].p, '.', a[0].len);
            int own = 0;
            if (dot) for (const char *q = dot + 1; q < a[0].p + a[0].len && isdigit((unsigned char)*q); q++) own++;
            if (own > fsp) fsp = own > 6 ? 6 : own;
            pdb_value v = dt_value(r, isd && date_unit && !fsp);
            v.scale = (uint8_t)fsp;
            char *buf = stor_arena_alloc(ctx->a, 40);
            const char *o;
            size_t k = pdb_value_text(&v, NULL, buf, 40, &o);
            *out = ex_str(o, k, COLL_UTF8MB4_GENERAL_CI);
            return;
        }
        if (a[0].t == VT_DATETIME && a[0].scale > fsp) fsp = a[0].scale;
        *out = dt_value(r, isd && date_unit && !fsp);
        out->scale = (uint8_t)fsp;
        return;
    }
    case F_DATE_FORMAT: {
        int64_t dt; bool isd;
        if (a[0].t == VT_TIME) {   /* a TIME on the zero date, all its hours, its sign in front */
            int64_t t = a[0].i < 0 ? -a[0].i : a[0].i, sec = t / 1000000;
            s1 = ex_to_str(ctx->a, &a[1], &l1);
            *out = date_format_parts(ctx, a[0].i < 0, 0, 0, 0, (int)(sec / 3600), (int)(sec / 60 % 60), (int)(sec % 60), (int)(t % 1000000), s1, l1);
            return;
        }
        if (!get_dt(ctx, &a[0], &dt, &isd)) return;
        s1 = ex_to_str(ctx->a, &a[1], &l1);
        *out = date_format(ctx, dt, s1, l1);
        return;
    }
    case F_FROM_UNIXTIME: {
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
            double x = ex_to_double(&a[0]);
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
        localtime_r(&t, &tm);
        int64_t dt = pdb_dt_pack(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)us);
        if (n == 2) { s1 = ex_to_str(ctx->a, &a[1], &l1); *out = date_format(ctx, dt, s1, l1); return; }
        int fsp = a[0].t == VT_DECIMAL ? a[0].scale : a[0].t == VT_INT || a[0].t == VT_UINT ? 0 : 6;
        if (fsp > 6) fsp = 6;
        for (int i = fsp; i < 6; i++) us /= 10;
        for (int i = fsp; i < 6; i++) us *= 10;
        *out = dt_value(pdb_dt_pack(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)us), false);
        out->scale = (uint8_t)fsp;
        return;
    }
    case F_UNIX_TIMESTAMP: {
        int64_t dt; bool isd;
        if (!get_dt_full(ctx, &a[0], &dt, &isd, false)) return;
        int y, mo, d, h, mi, s, us;
        pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
        struct tm tm = { 0 };
        tm.tm_year = y - 1900; tm.tm_mon = mo - 1; tm.tm_mday = d; tm.tm_hour = h; tm.tm_min = mi; tm.tm_sec = s; tm.tm_isdst = -1;
        time_t t = mktime(&tm);
        if (t < 0 || t > 2147483647) return;   /* outside TIMESTAMP's range: NULL */
        /* with the digits the argument has (a DECIMAL result) */
        int fsp = a[0].t == VT_DATE ? 0 : a[0].t == VT_DATETIME || a[0].t == VT_TIME ? a[0].scale : a[0].t == VT_STRING ? text_digits(a[0].p, a[0].len) :
                  a[0].t == VT_DECIMAL ? a[0].scale : a[0].t == VT_DOUBLE ? 6 : 0;
        if (fsp > 6) fsp = 6;
        if (!fsp) { *out = ex_int((int64_t)t); return; }
        for (int i = fsp; i < 6; i++) us /= 10;
        *out = ex_int((int64_t)t * ex_pow10[fsp] + us);
        out->t = VT_DECIMAL; out->scale = (uint8_t)fsp;
        return;
    }
    case F_DATE: { int64_t dt; bool isd; if (!get_dt(ctx, &a[0], &dt, &isd)) return;
        int y, mo, d, h, mi, s, us; pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
        *out = dt_value(pdb_dt_pack(y, mo, d, 0, 0, 0, 0), true); return; }
    case F_YEAR: case F_MONTH: case F_DAY: case F_HOUR: case F_MINUTE: case F_SECOND: case F_WEEK:
    case F_DAYOFWEEK: case F_DAYOFYEAR: case F_WEEKDAY: {
        int64_t dt; bool isd;
        int y, mo, d, h, mi, s, us;
        if (id == F_HOUR || id == F_MINUTE || id == F_SECOND) {
            /* of the argument as a TIME (a datetime's time of day; 1030 is 00:10:30) */
            int64_t t;
            if (!time_of(ctx, &a[0], &t, true)) return;
            int64_t sec = (t < 0 ? -t : t) / 1000000;
            *out = ex_int(id == F_HOUR ? sec / 3600 : id == F_MINUTE ? (sec / 60) % 60 : sec % 60);
            return;
        }
        if (id == F_WEEK || id == F_DAYOFWEEK || id == F_DAYOFYEAR || id == F_WEEKDAY) {
            if (!get_dt_full(ctx, &a[0], &dt, &isd, true)) return;
        } else if (!get_dt(ctx, &a[0], &dt, &isd)) return;
        pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
        switch (id) {
        case F_YEAR: *out = ex_int(y); break;
        case F_MONTH: *out = ex_int(mo); break;
        case F_DAY: *out = ex_int(d); break;
        case F_HOUR: *out = ex_int(h); break;
        case F_MINUTE: *out = ex_int(mi); break;
        case F_SECOND: *out = ex_int(s); break;
        case F_DAYOFWEEK: if (!mo) return; *out = ex_int((weekday(daynr(y, mo, d)) + 1) % 7 + 1); break;
        case F_WEEKDAY: if (!mo) return; *out = ex_int(weekday(daynr(y, mo, d))); break;
        case F_DAYOFYEAR: if (!mo) return; *out = ex_int(daynr(y, mo, d) - daynr(y, 1, 1) + 1); break;
        case F_WEEK: {
            int mode = n > 1 ? (int)ex_to_int(&a[1]) : 0, yy;
            if (!mo) return;
            *out = ex_int(calc_week(y, mo, d, mode & 7, &yy));
            break;
        }
        }
        return;
    }
    case F_DATEDIFF: {
        int64_t d1, d2; bool i1, i2;
        if (!get_dt_full(ctx, &a[0], &d1, &i1, true) || !get_dt_full(ctx, &a[1], &d2, &i2, true)) return;
        int y, mo, d, h, mi, s, us, y2, mo2, dd2;
        pdb_dt_unpack(d1, &y, &mo, &d, &h, &mi, &s, &us);
        pdb_dt_unpack(d2, &y2, &mo2, &dd2, &h, &mi, &s, &us);
        *out = ex_int(daynr(y, mo, d) - daynr(y2, mo2, dd2));
        return;
    }
    case F_YEARWEEK: case F_QUARTER: case F_TO_DAYS: case F_LAST_DAY: case F_MONTHNAME: case F_DAYNAME: {
        int64_t dt; bool isd;
        if (id == F_YEARWEEK || id == F_TO_DAYS || id == F_DAYNAME) {
            if (!get_dt_full(ctx, &a[0], &dt, &isd, true)) return;
        } else if (!get_dt(ctx, &a[0], &dt, &isd)) return;
        int y, mo, d, h, mi, s, us;
        pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
        switch (id) {
        case F_YEARWEEK: { if (!mo) return; int mode = n > 1 ? (int)ex_to_int(&a[1]) : 0, yy;
            int w = calc_week(y, mo, d, (mode & 7) | 2, &yy); *out = ex_int((int64_t)yy * 100 + w); return; }
        case F_QUARTER: *out = ex_int((mo + 2) / 3); return;
        case F_TO_DAYS: if (!mo) return; *out = ex_int(daynr(y, mo, d)); return;
        case F_LAST_DAY: if (!mo) return; *out = dt_value(pdb_dt_pack(y, mo, days_in_month(y, mo), 0, 0, 0, 0), true); return;
        case F_MONTHNAME: if (!mo) return; *out = mkstr(ctx, month_names[mo - 1], strlen(month_names[mo - 1]), COLL_UTF8MB3_GENERAL_CI); return;
        case F_DAYNAME: { if (!mo) return; const char *dn = day_names[weekday(daynr(y, mo, d))]; *out = mkstr(ctx, dn, strlen(dn), COLL_UTF8MB3_GENERAL_CI); return; }
        }
        return;
    }
    case F_FROM_DAYS: { int y, mo, d; from_daynr((long)interval_int(ctx, &a[0]), &y, &mo, &d); *out = dt_value(pdb_dt_pack(y, mo, d, 0, 0, 0, 0), true); return; }
    case F_MAKEDATE: {
        int64_t y = ex_to_int(&a[0]), doy = ex_to_int(&a[1]);
        if (doy <= 0 || doy > 3660000 || y < 0 || y > 9999) return;   /* (past year 9999 either way) */
        if (y < 70) y += 2000; else if (y < 100) y += 1900;
        int yy, mo, d; from_daynr(daynr((int)y, 1, 1) + (long)doy - 1, &yy, &mo, &d);
        if (yy > 9999) return;
        *out = dt_value(pdb_dt_pack(yy, mo, d, 0, 0, 0, 0), true);
        return;
    }
    case F_TIMESTAMPDIFF: {
        int64_t d1, d2; bool i1, i2;
        if (!get_dt_full(ctx, &a[1], &d1, &i1, true) || !get_dt_full(ctx, &a[2], &d2, &i2, true)) return;
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        int y1, m1, dd1, h1, mi1, se1, u1, y2, m2, dd2, h2, mi2, se2, u2;
        pdb_dt_unpack(d1, &y1, &m1, &dd1, &h1, &mi1, &se1, &u1);
        pdb_dt_unpack(d2, &y2, &m2, &dd2, &h2, &mi2, &se2, &u2);
        int64_t t1 = ((int64_t)daynr(y1, m1, dd1) * 86400 + h1 * 3600 + mi1 * 60 + se1) * 1000000 + u1;
        int64_t t2 = ((int64_t)daynr(y2, m2, dd2) * 86400 + h2 * 3600 + mi2 * 60 + se2) * 1000000 + u2;
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
        return;
    }
    case F_UNHEX: {
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
        return;
    }
    case F_QUOTE: {
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
        return;
    }
    case F_ORD: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        if (!l0) { *out = ex_int(0); return; }
        size_t cl = is_mb(a[0].t == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI) ? u8len((unsigned char)s0[0]) : 1;
        int64_t v = 0;
        for (size_t i = 0; i < cl && i < l0; i++) v = v * 256 + (unsigned char)s0[i];
        *out = ex_int(v);
        return;
    }
    case F_LN: case F_LOG: case F_LOG10: case F_LOG2: {
        double x = ex_to_double(&a[n - 1]);
        if (x <= 0) { ex_warn(ctx, "Warning", 1365, "Division by 0"); return; }
        double r = id == F_LN ? log(x) : id == F_LOG10 ? log10(x) : id == F_LOG2 ? log(x) / M_LN2 : log(x);   /* LOG2 as MariaDB computes it */
        if (id == F_LOG && n == 2) { double b = ex_to_double(&a[0]); if (b <= 0 || b == 1) { ex_warn(ctx, "Warning", 1365, "Division by 0"); return; } r = log(x) / log(b); }
        *out = ex_dbl(r);
        return;
    }
    case F_EXP: *out = ex_dbl(dbl_checked(ctx, e, exp(ex_to_double(&a[0])))); return;
    case F_INET_ATON: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        uint64_t v = 0, part = 0; int dots = 0; bool digit = false;
        for (size_t i = 0; i < l0; i++) {
            if (isdigit((unsigned char)s0[i])) { part = part * 10 + (uint64_t)(s0[i] - '0'); digit = true; if (part > 255) return; }
            else if (s0[i] == '.' && digit && dots < 3) { v = (v << 8) | part; part = 0; dots++; digit = false; }
            else return;
        }
        if (!digit) return;
        /* MariaDB: the last part is the last byte, the ones before are the first
           bytes ('127.1' is 127.0.0.1, '10.0.1' is 10.0.0.1) */
        v = (v << (8 * (4 - dots))) | part;
        *out = ex_int(0); out->t = VT_UINT; out->u = v;
        return;
    }
    case F_INET_NTOA: {
        int64_t v = ex_to_int(&a[0]);
        if (v < 0 || v > 4294967295LL) return;
        char buf[20];
        int k = snprintf(buf, sizeof buf, "%d.%d.%d.%d", (int)(v >> 24) & 255, (int)(v >> 16) & 255, (int)(v >> 8) & 255, (int)v & 255);
        *out = mkstr(ctx, buf, (size_t)k, COLL_UTF8MB3_GENERAL_CI);
        return;
    }
    case F_TIME_TO_SEC: {
        /* of the argument as a TIME; DECIMAL with the digits it has when it has any */
        int64_t t;
        if (!time_of(ctx, &a[0], &t, true)) return;
        int fsp = a[0].t == VT_TIME || a[0].t == VT_DATETIME ? a[0].scale : a[0].t == VT_STRING ? text_digits(a[0].p, a[0].len) :
                  a[0].t == VT_DECIMAL ? a[0].scale : a[0].t == VT_DOUBLE ? 6 : 0;
        if (fsp > 6) fsp = 6;
        if (!fsp) { *out = ex_int(t / 1000000); return; }
        int64_t v = t;
        for (int i = fsp; i < 6; i++) v /= 10;
        *out = ex_int(v);
        out->t = VT_DECIMAL; out->scale = (uint8_t)fsp;
        return;
    }
    case F_EXTRACT: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        int64_t dt; bool isd;
        char u[24]; snprintf(u, sizeof u, "%.*s", (int)l0, s0);
        int y, mo, d, h, mi, s, us;
        int64_t sign = 1;
        bool date_unit = !strcmp(u, "YEAR") || !strcmp(u, "YEAR_MONTH") || !strcmp(u, "QUARTER") || !strcmp(u, "MONTH") || !strcmp(u, "WEEK");
        bool as_time = false;
        if (!date_unit) {
            /* the other units read a TIME: a duration's days are its hours / 24, its sign goes on every part */
            if (a[1].t == VT_TIME) as_time = true;
            else if (a[1].t == VT_STRING) {
                size_t k = 0;
                while (k < a[1].len && isspace((unsigned char)a[1].p[k])) k++;
                size_t dg = k;
                while (dg < a[1].len && isdigit((unsigned char)a[1].p[dg])) dg++;
                as_time = !(dg > k && dg < a[1].len && (a[1].p[dg] == '-' || a[1].p[dg] == '/')) && dg - k < 8;
            } else if (a[1].t == VT_INT || a[1].t == VT_UINT || a[1].t == VT_DECIMAL || a[1].t == VT_DOUBLE) {
                double x = ex_to_double(&a[1]);
                as_time = x < 1e10;
            }
        }
        if (as_time) {
            int64_t t;
            if (!time_of(ctx, &a[1], &t, false)) return;
            if (t < 0) { sign = -1; t = -t; }
            int64_t hours = t / 3600000000LL;
            y = mo = 0; d = (int)(hours / 24); h = (int)(hours % 24);
            mi = (int)(t / 60000000 % 60); s = (int)(t / 1000000 % 60); us = (int)(t % 1000000);
        } else {
            if (!get_dt(ctx, &a[1], &dt, &isd)) return;
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
        return;
    }
    case F_FORMAT: {
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
            ex_call(ctx, F_ROUND, args2, 2, &r, NULL);
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
            ex_call(ctx, F_ROUND, args2, 2, &r, NULL);
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
        *out = mkstr(ctx, outb, k, COLL_UTF8MB4_GENERAL_CI);
        return;
    }
    case F_CONV: case F_OCT: case F_BIN: {
        int from = id == F_CONV ? (int)ex_to_int(&a[1]) : 10, to = id == F_CONV ? (int)ex_to_int(&a[2]) : id == F_OCT ? 8 : 2;
        if (from == INT32_MIN || to == INT32_MIN) return;   /* MariaDB: NULL, as -INT_MIN is not an int */
        bool signed_from = from < 0, signed_to = to < 0;
        if (from < 0) from = -from;
        if (to < 0) to = -to;
        if (from < 2 || from > 36 || to < 2 || to > 36) return;
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        if (!l0) return;   /* CONV('') / BIN('') / OCT('') are NULL */
        /* MariaDB's my_strntoull (my_strntoll for a negative from-base): a sign, then
         * digits; past 64 bits ~0 (LONGLONG_MIN/MAX signed), '-' negates modulo 2^64 */
        uint64_t v = 0; bool neg = false, over = false; size_t i = 0;
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
        char buf[80]; int k = 79; buf[k] = 0;
        bool outneg = signed_to && v > (uint64_t)INT64_MAX;
        if (outneg) v = 0 - v;
        if (v == 0) buf[--k] = '0';
        while (v) { int dg = (int)(v % (uint64_t)to); buf[--k] = (char)(dg < 10 ? '0' + dg : 'A' + dg - 10); v /= (uint64_t)to; }
        if (outneg) buf[--k] = '-';
        *out = mkstr(ctx, buf + k, (size_t)(79 - k), COLL_UTF8MB4_GENERAL_CI);
        return;
    }
    case F_STRCMP: {
        uint16_t coll = a[0].t == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI;
        s0 = ex_to_str(ctx->a, &a[0], &l0); s1 = ex_to_str(ctx->a, &a[1], &l1);
        int c = pdb_coll_cmp(coll, s0, l0, s1, l1);
        *out = ex_int(c < 0 ? -1 : c > 0);
        return;
    }
    case F_INSERT: {
        s0 = ex_to_str(ctx->a, &a[0], &l0); s2 = ex_to_str(ctx->a, &a[3], &l2);
        uint16_t coll = a[0].t == VT_STRING ? a[0].coll : ctx->s->coll_connection;
        bool mb = is_mb(coll);
        int64_t pos = ex_to_int(&a[1]), len = ex_to_int(&a[2]);
        size_t nch = char_count(s0, l0, mb);
        if (pos < 1 || (uint64_t)pos > nch) { *out = ex_str(s0, l0, coll); return; }
        if (len < 0 || (uint64_t)(pos - 1 + len) > nch) len = (int64_t)nch - pos + 1;
        size_t b = char_off(s0, l0, (size_t)pos - 1, mb), e2 = char_off(s0, l0, (size_t)(pos - 1 + len), mb);
        char *o = stor_arena_alloc(ctx->a, l0 + l2 + 1);
        memcpy(o, s0, b); memcpy(o + b, s2, l2); memcpy(o + b + l2, s0 + e2, l0 - e2);
        *out = ex_str(o, b + l2 + (l0 - e2), coll);
        return;
    }
    case F_TIME: {
        if (a[0].t == VT_TIME) { *out = a[0]; return; }
        int64_t us;
        if (a[0].t == VT_DATETIME || a[0].t == VT_DATE) {
            int y, mo, d, h, m, sec, u; pdb_dt_unpack(a[0].i, &y, &mo, &d, &h, &m, &sec, &u);
            us = ((int64_t)h * 3600 + m * 60 + sec) * 1000000 + u;
        } else if (!time_of(ctx, &a[0], &us, true)) return;
        *out = ex_int(us); out->t = VT_TIME;
        /* the digits the argument has */
        int fsp = a[0].t == VT_STRING ? text_digits(a[0].p, a[0].len) : a[0].t == VT_DECIMAL ? a[0].scale : a[0].t == VT_DOUBLE ? 6 :
                  a[0].t == VT_DATETIME || a[0].t == VT_TIME ? a[0].scale : 0;
        out->scale = (uint8_t)(fsp > 6 ? 6 : fsp);
        return;
    }
    case F_STR_TO_DATE: {
        s0 = ex_to_str(ctx->a, &a[0], &l0); s1 = ex_to_str(ctx->a, &a[1], &l1);
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
                ex_warn(ctx, "Warning", 1292, "Truncated incorrect %s value: '%.*s'",
                        (kind & 3) == 1 ? "date" : (kind & 3) == 2 ? "time" : "datetime", (int)(l0 > 128 ? 128 : l0), s0);
                break;
            }
        int fsp = kind & 4 ? 6 : 0;
        if ((kind & 3) == 2) {
            *out = ex_int((((int64_t)tm.h * 3600 + tm.mi * 60 + tm.s) * 1000000) + tm.us);
            out->t = VT_TIME; out->scale = (uint8_t)fsp;
            return;
        }
        *out = dt_value(pdb_dt_pack(tm.y, tm.mo, tm.d, (kind & 3) == 1 ? 0 : tm.h, (kind & 3) == 1 ? 0 : tm.mi,
                                    (kind & 3) == 1 ? 0 : tm.s, (kind & 3) == 1 ? 0 : tm.us), (kind & 3) == 1);
        out->scale = (uint8_t)fsp;
        return;
    }
    case F_SHA2: {
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        int64_t bits = ex_to_int(&a[1]);
        const EVP_MD *md = bits == 224 ? EVP_sha224() : bits == 256 || bits == 0 ? EVP_sha256() : bits == 384 ? EVP_sha384() : bits == 512 ? EVP_sha512() : NULL;
        if (!md) {
            if (ex_warn_due(ctx, e, e && e->nargs > 1 ? e->args[1] : NULL))
                ex_warn(ctx, "Warning", 1583, "Incorrect parameters in the call to native function 'sha2'");
            return;
        }
        unsigned char dg[64]; unsigned int ml = 0;
        EVP_Digest(s0, l0, dg, &ml, md, NULL);
        char *o = stor_arena_alloc(ctx->a, ml * 2 + 1);
        hex_of(dg, ml, o, false);
        *out = ex_str(o, ml * 2, ctx->s->coll_connection);
        return;
    }
    case F_FROM_BASE64: {
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
        return;
    }
    case F_WEEKOFYEAR: case F_MICROSECOND: {
        int64_t dt; bool isd;
        if (id == F_MICROSECOND) {
            int64_t t;
            if (!time_of(ctx, &a[0], &t, true)) return;
            *out = ex_int((t < 0 ? -t : t) % 1000000);
            return;
        }
        if (!get_dt_full(ctx, &a[0], &dt, &isd, true)) return;
        int y, mo, d, h, mi, s, us; pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
        int yy; if (!mo) return;
        *out = ex_int(calc_week(y, mo, d, 3, &yy));
        return;
    }
    case F_BIT_COUNT: *out = ex_int(__builtin_popcountll((uint64_t)ex_to_int(&a[0]))); return;
    case F_SIN: *out = ex_dbl(sin(ex_to_double(&a[0]))); return;
    case F_COS: *out = ex_dbl(cos(ex_to_double(&a[0]))); return;
    case F_TAN: *out = ex_dbl(tan(ex_to_double(&a[0]))); return;
    case F_ATAN: *out = ex_dbl(n == 2 ? atan2(ex_to_double(&a[0]), ex_to_double(&a[1])) : atan(ex_to_double(&a[0]))); return;
    case F_DEGREES: *out = ex_dbl(dbl_checked(ctx, e, ex_to_double(&a[0]) * (180.0 / M_PI))); return;
    case F_RADIANS: *out = ex_dbl(dbl_checked(ctx, e, ex_to_double(&a[0]) * (M_PI / 180.0))); return;
    case F_REGEXP_REPLACE: case F_REGEXP_SUBSTR: case F_REGEXP_INSTR:
        *out = regexp_fn(ctx, id, a);
        return;
    case F_GET_LOCK: case F_RELEASE_LOCK: case F_IS_FREE_LOCK: case F_IS_USED_LOCK:
        s0 = ex_to_str(ctx->a, &a[0], &l0);
        *out = named_lock(ctx, id, s0, l0, id == F_GET_LOCK ? ex_to_double(&a[1]) : 0);
        return;
    default:
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support this function");
    }
}

/* ---------------------------------------------------------------- LIKE */

static int lk_next(const char *s, size_t n, size_t *i, bool mb)
{
    if (*i >= n) return -1;
    if (!mb) return (unsigned char)s[(*i)++];
    UChar32 c;
    int32_t ii = (int32_t)*i;
    U8_NEXT((const uint8_t *)s, ii, (int32_t)n, c);
    *i = (size_t)ii;
    return c < 0 ? 0xfffd : c;
}

static bool ch_eq(int a, int b, uint16_t coll, const pdb_collation *co)
{
    if (a == b) return true;
    if (!co || co->binary) return false;
    if (a < 0x80 && b < 0x80 && a >= 0x20 && b >= 0x20) {
        /* printable ASCII under a _ci collation: equal exactly when equal ignoring case */
        if (a >= 'a' && a <= 'z') a -= 32;
        if (b >= 'a' && b <= 'z') b -= 32;
        return a == b;
    }
    /* each character's own weights, as MariaDB's LIKE compares (no PAD SPACE) */
    return pdb_coll_char_eq(coll, a, b);
}

/* 1: s[si..] matches p[pi..]; 0: it does not; -1: neither does any later start of s
 * (the text ran out first), so a '%' stops trying further positions, as MariaDB's
 * my_wildcmp does: without that, '%a%a%a%a%b' against a long run of a's tries every
 * combination of positions (exponential). */
static int like_rec(const char *s, size_t sn, size_t si, const char *p, size_t pn, size_t pi, int esc,
                    uint16_t coll, const pdb_collation *co, bool mb, int depth)
{
    while (pi < pn) {
        size_t pj = pi;
        int pc = lk_next(p, pn, &pj, mb);
        if (pc == '%') {
            /* collapse runs of % and _ */
            size_t pk = pj;
            while (pk < pn) {
                size_t t = pk;
                int c = lk_next(p, pn, &t, mb);
                if (c == '%') { pk = t; continue; }
                if (c == '_') { if (si >= sn) return -1; lk_next(s, sn, &si, mb); pk = t; continue; }
                break;
            }
            if (pk >= pn) return 1;
            if (depth > 1000) return 0;
            for (size_t k = si; k <= sn;) {
                int r = like_rec(s, sn, k, p, pn, pk, esc, coll, co, mb, depth + 1);
                if (r) return r;
                if (k >= sn) break;
                lk_next(s, sn, &k, mb);
            }
            return -1;
        }
        if (si >= sn) return -1;
        int sc = lk_next(s, sn, &si, mb);
        if (pc == '_') { pi = pj; continue; }
        if (pc == esc && pj < pn) pc = lk_next(p, pn, &pj, mb);
        if (!ch_eq(sc, pc, coll, co)) return 0;
        pi = pj;
    }
    return si >= sn;
}

/* Case-insensitive search of an ASCII needle (already upper-cased) in s. The needle's
 * rarest character (by English letter frequency) is located with memchr, for its lower
 * and upper case separately, each stream advanced only when passed, so the text is read
 * at memchr's speed; each hit is then checked in place. */
static int letter_rarity(unsigned char c)
{
    static const char freq[] = "ETAOINSHRDLCUMWFGYPBVKJXQZ";
    if (c == ' ') return -1;
    const char *p = (c >= 'A' && c <= 'Z') ? strchr(freq, c) : NULL;
    return p ? (int)(p - freq) : 30;   /* digits and punctuation: rare */
}

static bool ascii_ci_find(const char *s, size_t sn, const char *nd, size_t nn)
{
    if (nn == 0) return true;
    if (sn < nn) return false;
    size_t pick = 0;
    for (size_t k = 1; k < nn; k++) if (letter_rarity((unsigned char)nd[k]) > letter_rarity((unsigned char)nd[pick])) pick = k;
    unsigned char up = (unsigned char)nd[pick];
    unsigned char lo = (unsigned char)(up >= 'A' && up <= 'Z' ? up + 32 : up);
    const unsigned char *u = (const unsigned char *)s;
#define UP(c) ((unsigned char)((c) >= 'a' && (c) <= 'z' ? (c) - 32 : (c)))
    /* the picked character can only sit at positions pick .. sn - nn + pick */
    size_t from = pick, to = sn - nn + pick + 1;
    const unsigned char *nu = from < to ? memchr(u + from, up, to - from) : NULL;
    const unsigned char *nl = lo != up && from < to ? memchr(u + from, lo, to - from) : NULL;
    while (nu || nl) {
        const unsigned char *hit = !nl || (nu && nu < nl) ? nu : nl;
        size_t i = (size_t)(hit - u) - pick;
        size_t k = 0;
        while (k < nn && UP(u[i + k]) == (unsigned char)nd[k]) k++;
        if (k == nn) return true;
        size_t next = (size_t)(hit - u) + 1;
        if (hit == nu) nu = next < to ? memchr(u + next, up, to - next) : NULL;
        else nl = next < to ? memchr(u + next, lo, to - next) : NULL;
    }
#undef UP
    return false;
}

static bool plain_ascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) return false;
    }
    return true;
}

/* The printable ASCII character (upper-cased) that code point cp equals under a _ci
 * collation, or 1 when none does. Cached per collation family; found by taking the
 * compatibility decomposition's base character and confirming with the collation. */
static _Atomic uint8_t fold_cache[2][65536];

static uint8_t fold_cp(int32_t cp, uint16_t coll, const pdb_collation *co)
{
    if (cp < 0x80) return (uint8_t)(cp >= 'a' && cp <= 'z' ? cp - 32 : cp);
    if (cp > 0xffff) return 1;
    int fam = co && !strstr(co->name, "general") ? 0 : 1;
    uint8_t f = atomic_load_explicit(&fold_cache[fam][cp], memory_order_relaxed);
    if (f) return f;
    f = 1;
    UErrorCode st = U_ZERO_ERROR;
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&st);
    UChar buf[16];
    if (U_SUCCESS(st)) {
        st = U_ZERO_ERROR;
        int32_t n = unorm2_getDecomposition(nfkd, cp, buf, 16, &st);
        if (U_SUCCESS(st) && n > 0 && buf[0] >= 0x20 && buf[0] < 0x7f) {
            char cand = (char)buf[0], enc[4];
            int32_t el = 0;
            U8_APPEND_UNSAFE((uint8_t *)enc, el, cp);
            if (pdb_coll_cmp(coll, enc, (size_t)el, &cand, 1) == 0)
                f = (uint8_t)(cand >= 'a' && cand <= 'z' ? cand - 32 : cand);
        }
    }
    atomic_store_explicit(&fold_cache[fam][cp], f, memory_order_relaxed);
    return f;
}

/* '%literal%' over UTF-8 text with non-ASCII characters: fold the text to upper-case
 * ASCII (characters equal to no ASCII character become 0x01) and search. */
static bool folded_find(const char *s, size_t sn, const char *lit, size_t ln, uint16_t coll, const pdb_collation *co)
{
    static __thread char stackbuf[4096];
    bool heap = sn > sizeof stackbuf;
    char *buf = heap ? malloc(sn) : stackbuf;
    if (!buf) return false;
    size_t k = 0;
    for (size_t i = 0; i < sn;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) { buf[k++] = (char)(c >= 'a' && c <= 'z' ? c - 32 : c); i++; continue; }
        UChar32 cp;
        int32_t ii = (int32_t)i;
        U8_NEXT((const uint8_t *)s, ii, (int32_t)sn, cp);
        i = (size_t)ii;
        buf[k++] = cp < 0 ? 1 : (char)fold_cp(cp, coll, co);
    }
    bool r = ascii_ci_find(buf, k, lit, ln);
    if (heap) free(buf);
    return r;
}

bool ex_like(const char *s, size_t sn, const char *p, size_t pn, int esc, uint16_t coll)
{
    const pdb_collation *co = pdb_coll_by_id(coll);
    bool mb = co && co->maxlen > 1;
    /* fast path: '%literal%' with a printable-ASCII literal (the WordPress search) */
    if (pn >= 2 && p[0] == '%' && p[pn - 1] == '%' && (pn < 3 || p[pn - 2] != esc) && pn < 256) {
        char lit[256];
        size_t ln = 0;
        bool ok = true;
        for (size_t i = 1; i + 1 < pn && ok; i++) {
            unsigned char c = (unsigned char)p[i];
            if (c == '%' || c == '_') { ok = false; break; }
            if ((int)c == esc) {
                if (i + 2 >= pn) { ok = false; break; }
                c = (unsigned char)p[++i];
            }
            if (c < 0x20 || c >= 0x80) { ok = false; break; }
            lit[ln++] = (char)c;
        }
        if (ok) {
            if (!co || co->binary || !co->ci) {
                return ln == 0 || memmem(s, sn, lit, ln) != NULL;   /* bytes compare exactly */
            }
            for (size_t i = 0; i < ln; i++) if (lit[i] >= 'a' && lit[i] <= 'z') lit[i] = (char)(lit[i] - 32);
            if (ascii_ci_find(s, sn, lit, ln)) return true;
            /* a match the plain search missed must contain a non-ASCII character that
               equals an ASCII one (é = E): look around each non-ASCII character */
            size_t nonascii = 0;
            for (size_t i = 0; i < sn; i++) nonascii += (unsigned char)s[i] >> 7;
            if (!nonascii) { if (plain_ascii(s, sn)) return false; }
            else if (mb) {
                if (nonascii * 16 > sn) return folded_find(s, sn, lit, ln, coll, co);
                size_t done = 0;   /* text before this offset was already searched */
                for (size_t i = 0; i < sn; i++) {
                    if ((unsigned char)s[i] < 0xc0) continue;   /* not a lead byte */
                    size_t b = i > ln * 4 ? i - ln * 4 : 0, e = i + ln * 4 + 4;
                    if (b < done) b = done > ln * 4 ? done - ln * 4 : 0;
                    if (e > sn) e = sn;
                    while (b > 0 && ((unsigned char)s[b] & 0xc0) == 0x80) b--;
                    while (e < sn && ((unsigned char)s[e] & 0xc0) == 0x80) e++;
                    if (folded_find(s + b, e - b, lit, ln, coll, co)) return true;
                    done = e;
                    i = e > 0 ? e - 1 : 0;
                }
                return false;
            }
        }
    }
    /* character by character: the text is UTF-8 whatever the column's charset */
    return like_rec(s, sn, 0, p, pn, 0, esc, coll, co, coll != COLL_BINARY, 0) == 1;
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
                if (neg && v && !out_of_range) ex_warn(ctx, "Note", 1105, "Cast to unsigned converted negative integer to it's positive complement");
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
        if (ex_dec_clamp(&d, prec, sc))
            ex_warn(ctx, "Warning", 1264, "Out of range value for column '%.*s' at row %u",
                    text ? (int)text->len : 0, text ? text->p : "", rowno);
        ex_dec_put(ctx->a, &d, -1, out);
        return;
    }
    case CT_DOUBLE: *out = ex_dbl(ex_to_double(in)); return;
    case CT_FLOAT: *out = ex_dbl((double)(float)ex_to_double(in)); return;   /* a FLOAT holds a float */
    case CT_DATE: case CT_DATETIME: {
        int64_t dt; bool isd;
        if (in->t == VT_DATETIME || in->t == VT_DATE) { dt = in->i; }
        else if (!get_dt(ctx, in, &dt, &isd)) { *out = ex_null(); return; }
        int y, mo, d, h, mi, s, us;
        pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &s, &us);
        if (c->type == CT_DATE) { *out = dt_value(pdb_dt_pack(y, mo, d, 0, 0, 0, 0), true); return; }
        /* DATETIME(n): n digits of the fraction, the rest cut off */
        int fsp = c->len > 0 ? (c->len > 6 ? 6 : c->len) : 0;
        *out = dt_value(dt - us + us / ex_pow10[6 - fsp] * ex_pow10[6 - fsp], false);
        out->scale = (uint8_t)fsp;
        return;
    }
    case CT_TIME: {
        int64_t us;
        if (in->t == VT_DATETIME || in->t == VT_DATE) {
            int y, mo, d, h, m, sec, u; pdb_dt_unpack(in->i, &y, &mo, &d, &h, &m, &sec, &u);
            us = ((int64_t)h * 3600 + m * 60 + sec) * 1000000 + u;
        } else if (in->t == VT_TIME) us = in->i;
        else if (!time_of(ctx, in, &us, true)) { *out = ex_null(); return; }
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
        {   /* CONVERT(x USING latin1) / CAST(x AS CHAR CHARACTER SET ascii): '?' for what it lacks */
            const char *fs; size_t fn, first;
            if (in->t == VT_STRING && ex_charset_fit(ctx->a, coll, s, n, &fs, &fn, &first)) {
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
            bool mb = is_mb(coll);
            size_t cut = char_off(s, n, (size_t)c->len, mb);
            if (cut < n) {
                ex_warn(ctx, "Warning", 1292, "Truncated incorrect %s(%d) value: '%.*s'", coll == COLL_BINARY ? "BINARY" : "CHAR", (int)c->len,
                        (int)(n > 64 ? 64 : n), s);
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
static bool exact_int_string(const char *s, size_t n, int64_t *x, uint64_t *ux, bool *neg)
{
    size_t i = 0;
    while (i < n && isspace((unsigned char)s[i])) i++;
    bool ng = false;
    if (i < n && (s[i] == '-' || s[i] == '+')) { ng = s[i] == '-'; i++; }
    size_t st = i;
    uint64_t v = 0;
    while (i < n && isdigit((unsigned char)s[i])) {
        if (v > (UINT64_MAX - 9) / 10) return false;
        v = v * 10 + (uint64_t)(s[i] - '0');
        i++;
    }
    if (i == st) return false;
    while (i < n && isspace((unsigned char)s[i])) i++;
    if (i < n) return false;
    if (ng && v > (uint64_t)INT64_MAX + 1) return false;
    *neg = ng && v != 0;
    *ux = ng ? 0 : v;
    *x = ng ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

static void trunc_warn(ex_ctx *ctx, uint32_t rowno, const stor_column *c, int code, const char *what, const char *val, size_t vn)
{
    if (ctx->strict) {
        if (code == 1264) ex_raise(ctx, 1264, "22003", "Out of range value for column '%s' at row %u", c->name, rowno);
        if (code == 1406) ex_raise(ctx, 1406, "22001", "Data too long for column '%s' at row %u", c->name, rowno);
        if (code == 1265) ex_raise(ctx, 1265, "01000", "Data truncated for column '%s' at row %u", c->name, rowno);
        ex_raise(ctx, 1366, "22007", "Incorrect %s value: '%.*s' for column `%s`.`%s`.`%s` at row %u", what, (int)(vn > 64 ? 64 : vn), val,
                 ctx->insert_t ? ctx->insert_t->db : "", ctx->insert_t ? ctx->insert_t->name : "", c->name, rowno);
    }
    if (code == 1264) ex_warn(ctx, "Warning", 1264, "Out of range value for column '%s' at row %u", c->name, rowno);
    else if (code == 1265) ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
    else if (code == 1406) ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
    else ex_warn(ctx, "Warning", 1366, "Incorrect %s value: '%.*s' for column `%s`.`%s`.`%s` at row %u", what, (int)(vn > 64 ? 64 : vn), val,
                 ctx->insert_t ? ctx->insert_t->db : "", ctx->insert_t ? ctx->insert_t->name : "", c->name, rowno);
}

/* A value into a DECIMAL column through the exact decimal path: wide columns (text
 * form), wide values, BIGINT UNSIGNED and strings of more than 18 digits. Rounds to the
 * column's scale (Note 1265 when digits are lost), clamps to its precision (1264). */
static int store_decimal_exact(ex_ctx *ctx, const stor_column *c, const pdb_value *v, pdb_value *out, uint32_t rowno)
{
    int sc = c->scale < 0 ? 0 : c->scale, prec = (int)c->width;
    ex_dec d, r;
    bool noted = false;
    if (v->t == VT_STRING) {
        /* no number: 1366; a number and more: 1265; a number and spaces: a note */
        size_t used = 0, rest;
        int rc = ex_dec_parse(v->p, v->len, &d, &used);
        for (rest = used; rest < v->len && isspace((unsigned char)v->p[rest]); rest++) {}
        if (rc == -2) trunc_warn(ctx, rowno, c, 1366, "decimal", v->p, v->len);
        else if (rest < v->len) trunc_warn(ctx, rowno, c, 1265, "", NULL, 0);
        else if (used < v->len) {
            ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
            noted = true;
        }
    } else ex_dec_get(v, &d);
    ex_dec_round(&d, sc, EX_ROUND_HALF_UP, &r);
    bool lost = ex_dec_cmp(&d, &r) != 0;
    if (c->is_unsigned && r.neg) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); ex_dec_zero(&r, sc); }
    else if (ex_dec_clamp(&r, prec, sc)) trunc_warn(ctx, rowno, c, 1264, "", NULL, 0);
    else if (lost && !noted) ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
    if (c->kind == CK_DEC) {   /* the stored form: text with exactly sc digits */
        char buf[EX_DEC_TEXT_MAX];
        size_t n = ex_dec_to_text(&r, buf);
        memset(out, 0, sizeof *out);
        out->t = VT_DECIMAL; out->scale = (uint8_t)sc;
        out->p = stor_arena_strndup(ctx->a, buf, n);
        out->len = (uint32_t)n;
    } else ex_dec_put(ctx->a, &r, -1, out);
    return 0;
}

int ex_store_convert(ex_ctx *ctx, const stor_column *c, const pdb_value *v, pdb_value *out, uint32_t rowno)
{
    *out = ex_null();
    if (v->t == VT_NULL) return 0;
    if (c->json && ctx->insert_t && !ex_json_valid(ctx, v))   /* its CHECK (json_valid(col)) */
        ex_raise(ctx, 4025, "23000", "CONSTRAINT `%s.%s` failed for `%s`.`%s`",
                 ctx->insert_t->name, c->name, ctx->insert_t->db, ctx->insert_t->name);
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
        bool neg = false;
        /* a number and spaces after it: noted (1265) when it fits the column */
        bool spaces = v->t == VT_STRING && v->len && isspace((unsigned char)v->p[v->len - 1]);
        if (v->t == VT_STRING && exact_int_string(v->p, v->len, &x, &ux, &neg)) {
            /* plain integer text: exactly, without going through a double */
        } else if (v->t == VT_STRING) {
            bool tr;
            double d = ex_str_to_double(v->p, v->len, &tr);
            if (tr) spaces = false;
            if (tr) {
                /* '12abc' is truncated (1265); 'abc' is not a number at all (1366) */
                size_t i = 0;
                while (i < v->len && (v->p[i] == ' ' || v->p[i] == '\t')) i++;
                if (i < v->len && (v->p[i] == '-' || v->p[i] == '+')) i++;
                bool digits = i < v->len && ((v->p[i] >= '0' && v->p[i] <= '9') || (v->p[i] == '.' && i + 1 < v->len && v->p[i + 1] >= '0' && v->p[i + 1] <= '9'));
                trunc_warn(ctx, rowno, c, digits ? 1265 : 1366, "integer", v->p, v->len);
            }
            if (d >= 1.8446744073709552e19) { x = INT64_MAX; ux = UINT64_MAX; }
            else if (d < -9.2233720368547758e18) { x = INT64_MIN; neg = true; }
            else { double r = rint(d); neg = r < 0; x = neg ? (int64_t)r : (int64_t)(uint64_t)r; ux = neg ? 0 : (uint64_t)r; }
        } else if (v->t == VT_UINT) { ux = v->u; x = (int64_t)v->u; neg = false; }
        else if (v->t == VT_DOUBLE) {
            double r = rint(v->d);
            neg = r < 0;
            if (r >= 1.8446744073709552e19) { ux = UINT64_MAX; x = INT64_MAX; }
            else if (r < -9.2233720368547758e18) { x = INT64_MIN; }
            else { x = neg ? (int64_t)r : (int64_t)(uint64_t)r; ux = neg ? 0 : (uint64_t)r; }
        }
        else if (v->t == VT_DECIMAL && v->len) {
            /* MariaDB first makes a BIGINT (UNSIGNED for an unsigned column) of it, clamped
               with a warning, then fits that to the column (a second warning for INT) */
            ex_dec d;
            ex_dec_get(v, &d);
            if (c->is_unsigned) {
                if (d.neg) { ux = 0; trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); }   /* any negative */
                else if (ex_dec_to_u64(&d, &ux)) trunc_warn(ctx, rowno, c, 1264, "", NULL, 0);
                neg = false;
                x = ux > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)ux;
            } else {
                if (ex_dec_to_i64(&d, &x)) trunc_warn(ctx, rowno, c, 1264, "", NULL, 0);
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
            if (x > 0 && x < 70) x += 2000;
            else if (x >= 70 && x < 100) x += 1900;
            if (x != 0 && (x < 1901 || x > 2155)) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); x = 0; oor = true; }
        } else if (c->is_unsigned) {
            if (neg) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); ux = 0; oor = true; }
            else if (ux > uhi) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); ux = uhi; oor = true; }
            x = (int64_t)ux;
        } else {
            oor = true;
            if (!neg && (v->t == VT_UINT || ux > (uint64_t)INT64_MAX) && ux > (uint64_t)hi) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); x = hi; }
            else if (x < lo) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); x = lo; }
            else if (x > hi) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); x = hi; }
            else oor = false;
        }
        if (spaces && !oor) ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
        *out = ex_int(x);
        return 0;
    }
    case CT_DECIMAL: {
        int sc = c->scale < 0 ? 0 : c->scale;
        int prec = (int)c->width;
        __int128 val;
        bool rounded = false;
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
                if (ex_parse_decimal(v->p, v->len, &dv, &ds)) { pdb_value dd = *v; dd.t = VT_DECIMAL; dd.i = dv; dd.scale = ds; dd.len = 0; dd.coll = 0; return ex_store_convert(ctx, c, &dd, out, rowno); }
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
        if (tr) trunc_warn(ctx, rowno, c, 1366, "double", v->p, v->len);
        else if (v->t == VT_STRING && v->len && isspace((unsigned char)v->p[v->len - 1]))   /* a number and spaces */
            ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
        if (c->type == CT_FLOAT) d = (double)(float)d;
        if (c->scale >= 0) { double p = pow(10, c->scale); d = rint(d * p) / p; }
        if (c->is_unsigned && d < 0) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); d = 0; }
        *out = ex_dbl(d);
        return 0;
    }
    case CT_DATE: case CT_DATETIME: case CT_TIMESTAMP: {
        int64_t dt; bool isd, bad = false;
        if (v->t == VT_DATETIME || v->t == VT_DATE) dt = v->i;
        else {
            size_t n; const char *s = ex_to_str(ctx->a, v, &n);
            if (ex_parse_datetime(s, n, &dt, &isd) != 0) {
                if (ctx->strict) ex_raise(ctx, 1292, "22007", "Incorrect %s value: '%.*s' for column `%s`.`%s`.`%s` at row %u",
                                          c->type == CT_DATE ? "date" : "datetime", (int)n, s, ctx->insert_t ? ctx->insert_t->db : "",
                                          ctx->insert_t ? ctx->insert_t->name : "", c->name, rowno);
                ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
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
        if (c->type == CT_DATE) {
            if (h || mi || s || us) ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
            dt = pdb_dt_pack(y, mo, d, 0, 0, 0, 0);
        } else {
            int fsp = c->scale < 0 ? 0 : c->scale;
            int64_t p = ex_pow10[6 - fsp];
            int us2 = (int)((us + p / 2) / p * p);
            if (us2 >= 1000000) us2 = (int)((us / p) * p);
            dt = pdb_dt_pack(y, mo, d, h, mi, s, us2);
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
        } else {
            size_t n; const char *s = ex_to_str(ctx->a, v, &n);
            if (ex_parse_time(s, n, &us) != 0) { trunc_warn(ctx, rowno, c, 1265, "time", s, n); us = 0; }
        }
        /* MariaDB's TIME range: -838:59:59 .. 838:59:59 */
        int64_t maxus = (838LL * 3600 + 59 * 60 + 59) * 1000000 + 999999;
        if (us > maxus || us < -maxus) { trunc_warn(ctx, rowno, c, 1264, "", NULL, 0); us = us > 0 ? maxus - 999999 : -(maxus - 999999); }
        int fsp = c->scale < 0 ? 0 : c->scale;
        int64_t p = ex_pow10[6 - fsp];
        int64_t r = us / p * p;
        if ((us - r) * 2 >= p) r += p;   /* round to the column's fraction */
        if ((r - us) * 2 > p) r -= p;
        *out = ex_int(r); out->t = VT_TIME; out->scale = (uint8_t)fsp;
        return 0;
    }
    default: {   /* strings */
        size_t n;
        const char *s = ex_to_str(ctx->a, v, &n);
        {   /* a latin1 / ascii / utf8mb3 column keeps only what its charset has */
            const char *fs; size_t fn, first;
            if (ex_charset_fit(ctx->a, c->coll, s, n, &fs, &fn, &first)) {
                char bad[64];
                ex_charset_bad_text(s, n, first, bad, sizeof bad);
                const char *db = ctx->insert_t ? ctx->insert_t->db : "", *tn = ctx->insert_t ? ctx->insert_t->name : "";
                if (ctx->strict)
                    ex_raise(ctx, 1366, "22007", "Incorrect string value: '%s' for column `%s`.`%s`.`%s` at row %u", bad, db, tn, c->name, rowno);
                ex_warn(ctx, "Warning", 1366, "Incorrect string value: '%s' for column `%s`.`%s`.`%s` at row %u", bad, db, tn, c->name, rowno);
                s = fs; n = fn;
            }
        }
        if (c->type == CT_ENUM) {
            for (uint32_t i = 0; i < c->n_enum; i++)
                if (pdb_coll_cmp(c->coll, c->enum_vals[i], strlen(c->enum_vals[i]), s, n) == 0) {
                    *out = ex_str(c->enum_vals[i], strlen(c->enum_vals[i]), c->coll);
                    return 0;
                }
            if (v->t != VT_STRING) {
                int64_t k = ex_to_int(v);
                if (k >= 1 && (uint64_t)k <= c->n_enum) { *out = ex_str(c->enum_vals[k - 1], strlen(c->enum_vals[k - 1]), c->coll); return 0; }
            }
            trunc_warn(ctx, rowno, c, 1265, "enum", s, n);
            *out = ex_str("", 0, c->coll);
            return 0;
        }
        uint32_t maxch;
        switch (c->type) {
        case CT_CHAR: case CT_VARCHAR: case CT_BINARY: case CT_VARBINARY: maxch = c->width; break;
        case CT_TINYTEXT: case CT_TINYBLOB: maxch = 255; break;
        case CT_TEXT: case CT_BLOB: maxch = 65535; break;
        case CT_MEDIUMTEXT: case CT_MEDIUMBLOB: maxch = 16777215; break;
        default: maxch = UINT32_MAX; break;
        }
        bool mb = is_mb(c->coll);
        bool bytes_limit = c->type >= CT_TINYTEXT && c->type <= CT_LONGBLOB;
        size_t lim = bytes_limit ? (maxch < n ? maxch : n) : char_off(s, n, maxch, mb);
        if (lim < n) {
            /* trailing spaces beyond the limit are dropped silently (Note) */
            bool spaces = true;
            for (size_t i = lim; i < n; i++) if (s[i] != ' ') { spaces = false; break; }
            if (!spaces) {
                if (ctx->strict) ex_raise(ctx, 1406, "22001", "Data too long for column '%s' at row %u", c->name, rowno);
                ex_warn(ctx, "Warning", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
            } else ex_warn(ctx, "Note", 1265, "Data truncated for column '%s' at row %u", c->name, rowno);
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
