/* fuzz_value.c - libFuzzer harness for value conversions (engine/value.c, decimal.c).
 *
 * The first byte picks the target (mod 5):
 *   0 string -> number: double, integer, narrow and wide DECIMAL (whose text must parse
 *     back to the same value), with the warning text MariaDB quotes it by;
 *   1 string -> DATETIME / DATE / TIME, and the parsed value back to text;
 *   2 number -> string: an INT, UINT, DOUBLE or narrow DECIMAL from 8 input bytes as a
 *     result column of a fuzzed type, length, decimals and ZEROFILL shows it, into a
 *     full-size and a short buffer;
 *   3 DECIMAL arithmetic on two values read from the input (separated by a 0 byte):
 *     + - * / MOD, rounding, comparison (antisymmetric), and the conversions out;
 *   4 comparison and hashing of two values of fuzzed types under a fuzzed collation:
 *     cmp(a,b) == -cmp(b,a), and equal values hash alike.
 * Failure = a sanitizer report or a broken invariant (abort). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "engine/eng.h"
#include "tests/fuzz/fuzz_input.h"

static void check(int ok)
{
    if (!ok) abort();
}

static int sign(int c) { return (c > 0) - (c < 0); }

static void str_to_number(stor_arena *a, const char *s, size_t n, uint16_t coll)
{
    bool trunc;
    pdb_value v = ex_str(s, n, coll);
    ex_str_to_double(s, n, &trunc);
    ex_to_int(&v);
    ex_to_double(&v);
    int64_t i;
    uint8_t scale;
    ex_parse_decimal(s, n, &i, &scale);
    ex_dec d, back;
    size_t used;
    if (ex_dec_parse(s, n, &d, &used) == 0) {
        check(used <= n);
        char txt[EX_DEC_TEXT_MAX];
        size_t tl = ex_dec_to_text(&d, txt);
        check(tl < EX_DEC_TEXT_MAX && strlen(txt) == tl);
        /* past 81 integer digits is an overflow (-1), also through an exponent */
        check(ex_dec_int_digits(&d) <= 81);
        check(ex_dec_parse(txt, tl, &back, NULL) == 0 && ex_dec_cmp(&d, &back) == 0);
        pdb_value w;
        ex_dec_put(a, &d, -1, &w);
        char buf[PDB_VALUE_TEXT_MAX];
        const char *out;
        pdb_value_text(&w, NULL, buf, sizeof buf, &out);
        ex_to_double(&w);
        ex_to_int(&w);
    }
    char warn[700];
    check(ex_warn_text(s, n, coll, warn, sizeof warn) < sizeof warn);
}

static void str_to_temporal(const char *s, size_t n)
{
    char buf[PDB_VALUE_TEXT_MAX];
    const char *out;
    int64_t t;
    bool is_date;
    if (ex_parse_datetime(s, n, &t, &is_date) == 0) {
        pdb_value v = { .t = is_date ? VT_DATE : VT_DATETIME, .scale = (uint8_t)(n % 7) };
        v.i = t;
        check(pdb_value_text(&v, NULL, buf, sizeof buf, &out) < sizeof buf);
        ex_to_double(&v);
        ex_to_int(&v);
    }
    if (ex_parse_time(s, n, &t) == 0) {
        pdb_value v = { .t = VT_TIME, .scale = (uint8_t)(n % 7) };
        v.i = t;
        check(pdb_value_text(&v, NULL, buf, sizeof buf, &out) < sizeof buf);
        ex_to_double(&v);
        ex_to_int(&v);
    }
}

static const uint8_t col_types[] = {
    MYSQL_TYPE_LONGLONG, MYSQL_TYPE_LONG, MYSQL_TYPE_NEWDECIMAL, MYSQL_TYPE_DOUBLE,
    MYSQL_TYPE_FLOAT, MYSQL_TYPE_VAR_STRING, MYSQL_TYPE_TINY,
};

/* An INT, UINT, DOUBLE or narrow DECIMAL value from the input. */
static pdb_value number(fz_in *in)
{
    uint64_t raw = 0;
    for (int k = 0; k < 8; k++) raw |= (uint64_t)fz_u8(in) << (8 * k);
    pdb_value v = { 0 };
    switch (fz_u8(in) & 3) {
    case 0: v.t = VT_INT; v.i = (int64_t)raw; break;
    case 1: v.t = VT_UINT; v.u = raw; break;
    case 2: v.t = VT_DOUBLE; memcpy(&v.d, &raw, 8); break;
    default: v.t = VT_DECIMAL; v.i = (int64_t)raw; v.scale = fz_u8(in) % 19; break;
    }
    return v;
}

static void number_to_str(fz_in *in)
{
    pdb_value v = number(in);
    pdb_colmeta m = { 0 };
    m.type = col_types[fz_u8(in) % sizeof col_types];
    m.decimals = fz_u8(in);
    m.length = fz_u16(in);
    m.flags = fz_u8(in) & 1 ? ZEROFILL_FLAG : 0;
    /* the shortest buffer a caller passes is 40 bytes (func.c) */
    size_t cap = 40 + fz_u8(in) % 64;
    char big[PDB_VALUE_TEXT_MAX], small[104];
    const char *out;
    size_t n = pdb_value_text(&v, fz_u8(in) & 1 ? &m : NULL, big, sizeof big, &out);
    check(n < sizeof big || out != big);
    n = pdb_value_text(&v, &m, small, cap, &out);
    check(n < cap || out != small);
    ex_to_int(&v);
    ex_is_true(&v);
    if (v.t == VT_DOUBLE) {
        ex_dec d;
        ex_dec_from_double(&d, v.d);
        char txt[EX_DEC_TEXT_MAX];
        ex_dec_to_text(&d, txt);
        char fixed[PDB_VALUE_TEXT_MAX];
        ex_double_fixed(v.d, m.decimals % 40, fixed, sizeof fixed);
    }
}

static void decimal_ops(fz_in *in)
{
    size_t la;
    const uint8_t *pa = fz_part(in, 0, &la);
    uint8_t op = fz_u8(in);
    ex_dec a, b, r;
    if (ex_dec_parse((const char *)pa, la, &a, NULL) != 0) return;
    if (ex_dec_parse((const char *)in->p, in->n, &b, NULL) != 0) return;
    check(sign(ex_dec_cmp(&a, &b)) == -sign(ex_dec_cmp(&b, &a)));
    check(ex_dec_cmp(&a, &a) == 0);
    char txt[EX_DEC_TEXT_MAX];
    switch (op % 7) {
    case 0: if (ex_dec_add(&a, &b, &r) == 0) ex_dec_to_text(&r, txt); break;
    case 1: if (ex_dec_sub(&a, &b, &r) == 0) ex_dec_to_text(&r, txt); break;
    case 2: if (ex_dec_mul(&a, &b, &r) == 0) ex_dec_to_text(&r, txt); break;
    case 3: if (ex_dec_div(&a, &b, op >> 4, &r) == 0) ex_dec_to_text(&r, txt); break;
    case 4: if (ex_dec_mod(&a, &b, &r) == 0) ex_dec_to_text(&r, txt); break;
    case 5: ex_dec_round(&a, (int)(op >> 3) - 16, (op >> 1) & 3, &r); ex_dec_to_text(&r, txt); break;
    default: {
        int64_t i;
        uint64_t u;
        ex_dec_to_i64(&a, &i);
        ex_dec_to_u64(&a, &u);
        ex_dec_to_double(&a);
        ex_dec_clamp(&a, 1 + op % EX_DEC_MAX_PREC, op % 31 < 1 + op % EX_DEC_MAX_PREC ? op % 31 : 0);
        ex_dec_to_text(&a, txt);
        break;
    }
    }
}

static pdb_value any_value(stor_arena *a, fz_in *in, uint16_t coll)
{
    uint8_t k = fz_u8(in);
    if (k & 1) return number(in);
    size_t n;
    const uint8_t *p = fz_part(in, 0, &n);
    char *s = stor_arena_strndup(a, (const char *)p, n);
    pdb_value v = ex_str(s, n, coll);
    if (k & 2) {
        int64_t t;
        bool isd;
        if (ex_parse_datetime(s, n, &t, &isd) == 0) { v.t = isd ? VT_DATE : VT_DATETIME; v.i = t; v.scale = 0; }
    }
    return v;
}

static void compare(stor_arena *a, fz_in *in)
{
    uint16_t coll = fz_u16(in) % 1024;
    if (!pdb_coll_by_id(coll)) coll = 45;
    pdb_value x = any_value(a, in, coll), y = any_value(a, in, coll);
    int c1 = ex_compare(&x, &y, coll), c2 = ex_compare(&y, &x, coll);
    /* doubles: NaN compares as neither, skip the symmetry check for it */
    bool nan = (x.t == VT_DOUBLE && isnan(x.d)) || (y.t == VT_DOUBLE && isnan(y.d));
    if (!nan && x.t == y.t) {
        check(sign(c1) == -sign(c2));
        if (c1 == 0 && x.t == VT_STRING)
            check(ex_hash_value(&x, coll) == ex_hash_value(&y, coll));
    }
    ex_values_equal(&x, &y, coll);
    size_t len;
    ex_to_str(a, &x, &len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    uint8_t t = fz_u8(&in);
    stor_arena a;
    stor_arena_init(&a);
    /* a private copy of the text: ASan then sees a read past its end */
    char *s = malloc(in.n ? in.n : 1);
    if (!s) return 0;
    memcpy(s, in.p, in.n);
    switch (t % 5) {
    case 0: str_to_number(&a, s, in.n, t & 0x80 ? 63 : 45); break;
    case 1: str_to_temporal(s, in.n); break;
    case 2: number_to_str(&in); break;
    case 3: decimal_ops(&in); break;
    default: compare(&a, &in); break;
    }
    free(s);
    stor_arena_free(&a);
    return 0;
}
