/* test_decimal.c - the exact decimal core (engine/decimal.c); expected values are
 * MariaDB 10.11's answers to the same operations. */
#include <criterion/criterion.h>
#include <string.h>
#include "engine/eng.h"

static ex_dec D(const char *s)
{
    ex_dec d;
    cr_assert_eq(ex_dec_parse(s, strlen(s), &d, NULL), 0, "parse %s", s);
    return d;
}

static void expect(const ex_dec *d, const char *want)
{
    char buf[EX_DEC_TEXT_MAX];
    ex_dec_to_text(d, buf);
    cr_assert_str_eq(buf, want);
}

Test(decimal, parse_and_text)
{
    ex_dec d = D("  -000123.4500");
    expect(&d, "-123.4500");
    d = D(".5"); expect(&d, "0.5");
    d = D("0.000"); expect(&d, "0.000");
    d = D("-0"); expect(&d, "0");
    d = D("1.5e3"); expect(&d, "1500");
    d = D("125e-2"); expect(&d, "1.25");
    d = D("123456789012345678901234567890123456789012345678901234567890.12345");
    expect(&d, "123456789012345678901234567890123456789012345678901234567890.12345");
    size_t used;
    cr_assert_eq(ex_dec_parse("12abc", 5, &d, &used), 0);
    cr_assert_eq(used, 2);
    cr_assert_eq(ex_dec_parse("abc", 3, &d, &used), -2);
    /* more than 81 integer digits: 65 nines */
    char big[100];
    memset(big, '1', 90); big[90] = 0;
    cr_assert_eq(ex_dec_parse(big, 90, &d, NULL), -1);
    expect(&d, "99999999999999999999999999999999999999999999999999999999999999999");
}

Test(decimal, add_sub)
{
    ex_dec a = D("123456789012345678901234567890.5"), b = D("1"), r;
    cr_assert_eq(ex_dec_add(&a, &b, &r), 0);
    expect(&r, "123456789012345678901234567891.5");
    a = D("99999999999999999999999999999999999999999999999999999999999999999");
    cr_assert_eq(ex_dec_add(&a, &b, &r), 0);
    expect(&r, "100000000000000000000000000000000000000000000000000000000000000000");
    a = D("1.10"); b = D("2.205");
    ex_dec_add(&a, &b, &r); expect(&r, "3.305");
    a = D("1111.5551"); b = D("1111.555");
    ex_dec_sub(&a, &b, &r); expect(&r, "0.0001");
    a = D("0.5"); b = D("1000000000000000000000.25");
    ex_dec_sub(&a, &b, &r); expect(&r, "-999999999999999999999.75");
    ex_dec_sub(&r, &r, &r); expect(&r, "0.00");
}

Test(decimal, mul)
{
    ex_dec a = D("12345678901234567890.123456789"), b = D("98765432109876543210.987654321"), r;
    cr_assert_eq(ex_dec_mul(&a, &b, &r), 0);
    expect(&r, "1219326311370217952261850327336229233322.374638011112635269");
    a = D("-123.456"); b = D("98765.4321");
    ex_dec_mul(&a, &b, &r); expect(&r, "-12193185.1853376");
    a = D("0.000001"); ex_dec_mul(&a, &a, &r); expect(&r, "0.000000000001");
    a = D("3"); b = D("0"); ex_dec_mul(&a, &b, &r); expect(&r, "0");
}

Test(decimal, div)
{
    ex_dec a = D("1"), b = D("3"), r;
    cr_assert_eq(ex_dec_div(&a, &b, 4, &r), 0);
    expect(&r, "0.333333333");           /* one whole word of digits, as MariaDB keeps */
    a = D("1.00000000000000000001");
    ex_dec_div(&a, &b, 4, &r); expect(&r, "0.333333333333333333336666666");
    a = D("10.333000000"); b = D("12.34500");
    ex_dec_div(&a, &b, 5, &r); expect(&r, "0.837019036046982584042122316");
    a = D("-12193185.1853376"); b = D("98765.4321");
    ex_dec_div(&a, &b, 5, &r); expect(&r, "-123.456000000000000000");
    b = D("0.00");
    cr_assert_eq(ex_dec_div(&a, &b, 4, &r), 1);
    a = D("-234.567"); b = D("10.555");
    cr_assert_eq(ex_dec_mod(&a, &b, &r), 0);
    expect(&r, "-2.357");
}

Test(decimal, round_and_compare)
{
    ex_dec a = D("5678.123451"), r;
    ex_dec_round(&a, -2, EX_ROUND_TRUNC, &r); expect(&r, "5600");
    ex_dec_round(&a, 3, EX_ROUND_HALF_UP, &r); expect(&r, "5678.123");
    a = D("-15.5");
    ex_dec_round(&a, 0, EX_ROUND_HALF_UP, &r); expect(&r, "-16");
    ex_dec_round(&a, 0, EX_ROUND_CEIL, &r); expect(&r, "-15");
    ex_dec_round(&a, 0, EX_ROUND_FLOOR, &r); expect(&r, "-16");
    a = D("999999999999999999999.999");
    ex_dec_round(&a, 0, EX_ROUND_CEIL, &r); expect(&r, "1000000000000000000000");
    a = D("1.5"); ex_dec_round(&a, 3, EX_ROUND_HALF_UP, &r); expect(&r, "1.500");
    ex_dec x = D("1.50"), y = D("1.5"), z = D("-100000000000000000000000.1");
    cr_assert_eq(ex_dec_cmp(&x, &y), 0);
    cr_assert_lt(ex_dec_cmp(&z, &y), 0);
    cr_assert_gt(ex_dec_cmp(&y, &z), 0);
}

Test(decimal, conversions)
{
    ex_dec d = D("9223372036854775807.4");
    int64_t i;
    cr_assert_eq(ex_dec_to_i64(&d, &i), 0);
    cr_assert_eq(i, INT64_MAX);
    d = D("9223372036854775807.5");
    cr_assert_eq(ex_dec_to_i64(&d, &i), -1);
    d = D("-2.5");
    ex_dec_to_i64(&d, &i);
    cr_assert_eq(i, -3);
    uint64_t u;
    d = D("18446744073709551615");
    cr_assert_eq(ex_dec_to_u64(&d, &u), 0);
    cr_assert_eq(u, UINT64_MAX);
    ex_dec_from_double(&d, 0.1);
    expect(&d, "0.1");
    ex_dec_from_double(&d, 1e20);
    expect(&d, "100000000000000000000");
    cr_assert_float_eq(ex_dec_to_double(&(ex_dec){ 0 }), 0.0, 0);
    /* the value bridge: narrow when it fits, text otherwise */
    stor_arena a;
    stor_arena_init(&a);
    pdb_value v;
    d = D("123.45");
    ex_dec_put(&a, &d, -1, &v);
    cr_assert(!ex_dec_wide(&v));
    cr_assert_eq(v.i, 12345);
    d = D("1234567890123456789.5");
    ex_dec_put(&a, &d, -1, &v);
    cr_assert(ex_dec_wide(&v));
    cr_assert_eq(v.len, strlen("1234567890123456789.5"));
    ex_dec back;
    ex_dec_get(&v, &back);
    cr_assert_eq(ex_dec_cmp(&back, &d), 0);
    char buf[EX_DEC_TEXT_MAX];
    d = D("0.333333333");
    ex_dec_put(&a, &d, 4, &v);
    ex_dec_value_text(&v, buf);
    cr_assert_str_eq(buf, "0.3333");
    stor_arena_free(&a);
}

Test(decimal, parse_edges)
{
    ex_dec d;
    /* exponents move the point; far below the last kept digit is cut (with 1) */
    cr_assert_eq(ex_dec_parse("123e-2", 6, &d, NULL), 0);
    expect(&d, "1.23");
    cr_assert_eq(ex_dec_parse("-0.5e1", 6, &d, NULL), 0);
    expect(&d, "-5");
    const char *tiny = "1e-90";
    cr_assert_eq(ex_dec_parse(tiny, strlen(tiny), &d, NULL), 1);
    cr_assert(ex_dec_is_zero(&d));
    /* an integer part of more than 81 digits overflows whatever the exponent says */
    char big[120];
    memset(big, '7', 90); strcpy(big + 90, "e-10");
    cr_assert_eq(ex_dec_parse(big, strlen(big), &d, NULL), -1);
    /* a long fraction keeps what fits beside the integer words */
    char frac[200];
    strcpy(frac, "12345678901.");
    memset(frac + 12, '3', 100); frac[112] = 0;
    cr_assert_eq(ex_dec_parse(frac, strlen(frac), &d, NULL), 1);
    cr_assert_eq(d.scale, 63);    /* 11 integer digits: 2 words, 7 words of fraction */
    /* text without digits */
    size_t used = 99;
    cr_assert_eq(ex_dec_parse(" .", 2, &d, &used), -2);
    cr_assert_eq(used, 0);
}
