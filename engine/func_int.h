/* func_int.h - what the function families (engine/func_*.c, json.c) share: the ids
 * their bodies tell shared functions apart by (ex_fdef.id) and the helpers of engine/func.c. */
#ifndef PRESSDB_ENGINE_FUNC_INT_H
#define PRESSDB_ENGINE_FUNC_INT_H

#include "engine/eng.h"

/* The functions' ids (ex_fdef.id), distinct across the three enums (1.., 400.., 600..):
 * a body several functions share, and ex_eval's YEAR()/MONTH() shortcut, tell them apart
 * by it. */
enum {
    F_CONCAT = 1, F_CONCAT_WS, F_SUBSTRING, F_LEFT, F_RIGHT, F_LENGTH, F_CHAR_LENGTH, F_LOWER,
    F_UPPER, F_TRIM, F_LTRIM, F_RTRIM, F_REPLACE, F_LOCATE, F_INSTR, F_LPAD, F_RPAD, F_REPEAT,
    F_REVERSE, F_FIELD, F_FIND_IN_SET, F_SUBSTRING_INDEX, F_HEX, F_MD5, F_SHA1, F_IF, F_IFNULL,
    F_NULLIF, F_COALESCE, F_ABS, F_CEIL, F_FLOOR, F_ROUND, F_TRUNCATE, F_MOD, F_GREATEST, F_LEAST,
    F_NOW, F_CURDATE, F_CURTIME, F_UNIX_TIMESTAMP, F_FROM_UNIXTIME, F_DATE_ADD, F_DATE_SUB,
    F_DATE_FORMAT, F_YEAR, F_MONTH, F_DAY, F_HOUR, F_MINUTE, F_SECOND, F_WEEK, F_DATE,
    F_DATABASE, F_USER, F_CURRENT_USER, F_CURRENT_ROLE, F_VERSION, F_CONNECTION_ID, F_LAST_INSERT_ID,
    F_FOUND_ROWS, F_ROW_COUNT, F_RAND, F_VALUES, F_SET_USERVAR, F_SIGN, F_SQRT, F_POW,
    F_DAYOFWEEK, F_DAYOFYEAR, F_WEEKDAY, F_ISNULL, F_ASCII, F_SPACE, F_OCTET_LENGTH, F_PI,
    F_UTC_TIMESTAMP, F_DATEDIFF, F_SLEEP, F_UUID, F_CRC32, F_TO_BASE64, F_BIT_LENGTH,
    F_YEARWEEK, F_LAST_DAY, F_MAKEDATE, F_TIMESTAMPDIFF, F_INET_ATON, F_INET_NTOA, F_UNHEX, F_QUOTE, F_ORD,
    F_EXTRACT, F_MONTHNAME, F_DAYNAME, F_QUARTER, F_TIME_TO_SEC, F_TO_DAYS, F_FROM_DAYS, F_LOG, F_LN, F_EXP,
    F_LOG10, F_LOG2,
    F_FORMAT, F_CONV, F_OCT, F_BIN, F_CHAR, F_ELT, F_STRCMP, F_INSERT, F_TIME, F_STR_TO_DATE, F_SHA2, F_WEEKOFYEAR,
    F_MICROSECOND, F_UTC_DATE, F_GET_LOCK, F_RELEASE_LOCK, F_IS_FREE_LOCK, F_IS_USED_LOCK, F_BIT_COUNT, F_SIN, F_COS, F_TAN,
    F_ATAN, F_DEGREES, F_RADIANS, F_REGEXP_REPLACE, F_REGEXP_SUBSTR, F_REGEXP_INSTR, F_FROM_BASE64, F_RELEASE_ALL_LOCKS,
    F_WEIGHT_STRING,
};

enum { EX_FX_TIMEDIFF = 400, EX_FX_ADDTIME, EX_FX_SUBTIME, EX_FX_TIMESTAMP, EX_FX_TIME_FORMAT, EX_FX_CONVERT_TZ,
       EX_FX_TO_SECONDS, EX_FX_PERIOD_ADD, EX_FX_PERIOD_DIFF, EX_FX_SOUNDEX, EX_FX_ASIN, EX_FX_ACOS, EX_FX_ATAN2,
       EX_FX_COT, EX_FX_IS_IPV4, EX_FX_IS_IPV6, EX_FX_MAKE_SET, EX_FX_EXPORT_SET, EX_FX_SEC_TO_TIME,
       EX_FX_MAKETIME, EX_FX_INTERVAL, EX_FX_INET6_ATON, EX_FX_INET6_NTOA, EX_FX_IS_IPV4_COMPAT,
       EX_FX_IS_IPV4_MAPPED, EX_FX_UUID_SHORT, EX_FX_NEXTVAL, EX_FX_LASTVAL, EX_FX_SETVAL, EX_FX_RANDOM_BYTES, EX_FX_COMPRESS, EX_FX_UNCOMPRESS,
       EX_FX_UNCOMPRESSED_LENGTH, EX_FX_AES_ENCRYPT, EX_FX_AES_DECRYPT, EX_FX_PASSWORD, EX_FX_OLD_PASSWORD,
       EX_FX_COERCIBILITY, EX_FX_BENCHMARK, EX_FX_NAME_CONST, EX_FX_GET_FORMAT, EX_FX_ENCODE, EX_FX_DECODE, EX_FX_MATCH,
       EX_FX_BINLOG_GTID_POS };
enum { EX_JSON_VALID = 600, EX_JSON_QUOTE, EX_JSON_UNQUOTE, EX_JSON_OBJECT, EX_JSON_ARRAY, EX_JSON_EXTRACT,
       EX_JSON_TYPE, EX_JSON_LENGTH, EX_JSON_DEPTH, EX_JSON_KEYS, EX_JSON_VALUE, EX_JSON_QUERY,
       EX_JSON_CONTAINS_PATH, EX_JSON_EXISTS, EX_JSON_SET, EX_JSON_INSERT, EX_JSON_REPLACE, EX_JSON_REMOVE,
       EX_JSON_ARRAY_APPEND, EX_JSON_ARRAY_INSERT, EX_JSON_MERGE, EX_JSON_MERGE_PRESERVE, EX_JSON_MERGE_PATCH,
       EX_JSON_CONTAINS, EX_JSON_SEARCH, EX_JSON_OVERLAPS, EX_JSON_COMPACT, EX_JSON_DETAILED, EX_JSON_LOOSE };

/* MariaDB's generator (two 30-bit seeds), one per RAND(...) of a statement. */
typedef struct ex_rand {
    const pl_expr *e;
    uint64_t s1, s2;
    struct ex_rand *next;
} ex_rand;

/* engine/fulltext.c: MATCH ... AGAINST (compiled by expr.c comp_match) */
ex_ftype ex_ty_match;
ex_feval ex_fn_match;

#define RAND_MAX_VALUE 0x3FFFFFFFULL

/* engine/func.c */
/* A VARCHAR result of chars characters in coll */
void ex_type_text(ex_type *t, uint32_t chars, uint16_t coll);
void ex_fn_t_int(ex_type *t, uint32_t len);
void ex_fn_t_str(ex_type *t, uint32_t chars, uint16_t coll);
uint32_t ex_fn_chars_of(const ex_type *t);
pdb_value ex_fn_mkstr(ex_ctx *ctx, const char *p, size_t n, uint16_t coll);
size_t ex_fn_u8len(unsigned char c);
bool ex_fn_is_mb(uint16_t coll);
size_t ex_fn_char_off(const char *s, size_t n, size_t ci, bool mb);
bool ex_fn_num_dt(const pdb_value *v, int64_t *dt, bool *isdate);
bool ex_fn_get_dt(ex_ctx *ctx, const pdb_value *v, int64_t *dt, bool *isdate);
int ex_fn_days_in_month(int y, int m);
long ex_fn_daynr(int y, int m, int d);
void ex_fn_from_daynr(long dn, int *y, int *m, int *d);
pdb_value ex_fn_dt_value(int64_t dt, bool is_date);
void ex_fn_hex_of(const unsigned char *d, size_t n, char *out, bool upper);
bool ex_fn_time_of(ex_ctx *ctx, const pdb_value *v, int64_t *us, bool clamp);
double ex_fn_rand_next(ex_rand *r);
bool ex_fn_constant_arg(const pl_expr *e);
void ex_fn_t_intl(ex_type *t, uint32_t len, bool longlong);

#endif
