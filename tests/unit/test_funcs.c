/* test_funcs.c - the function registry (engine/func_registry.c): every family's table is
 * sorted, one row per name, and lookups find functions in any case. */
#include <criterion/criterion.h>
#include <string.h>
#include "engine/eng.h"

Test(funcs, registry_sane)
{
    cr_assert(ex_func_registry_ok());
}

Test(funcs, lookup)
{
    const ex_fdef *d = ex_func_find("concat_ws");
    cr_assert(d && !strcmp(d->name, "CONCAT_WS") && d->min_args == 2 && d->max_args == -1);
    cr_assert(ex_func_at(ex_func_lookup("Json_Extract")) == ex_func_find("JSON_EXTRACT"));
    cr_assert(ex_func_find("TIMEDIFF") && ex_func_find("ABS") && ex_func_find("ZERO_SUCH") == NULL);
    cr_assert(ex_func_lookup("") < 0 && ex_func_lookup("A_NAME_LONGER_THAN_ANY_FUNCTION_NAME_SIXTY_FOUR_CHARACTERS_OR_MORE_X") < 0);
    cr_assert(ex_func_find("RAND")->flags & EX_FN_VOLATILE);
    cr_assert(!(ex_func_find("NOW")->flags & EX_FN_VOLATILE));
}

/* '%literal%' whose rarest pair starts the literal: a candidate near the end of the text
 * must not be compared with the bytes after it (the SIMD scans read the pair only). The
 * buffer goes on with the rest of the literal, so reading past the text would match. */
Test(funcs, like_literal_stops_at_text_end)
{
    static const char pat[] = "%zqaaaaaaaa%";
    char buf[512];
    for (size_t sn = 12; sn + 16 < sizeof buf; sn++) {
        memset(buf, 'b', sn - 2);
        memcpy(buf + sn - 2, "zq", 2);
        memset(buf + sn, 'a', 16);
        cr_assert(!ex_like(buf, sn, pat, sizeof pat - 1, '\\', COLL_UTF8MB4_GENERAL_CI), "text of %zu bytes", sn);
        cr_assert(ex_like(buf, sn + 8, pat, sizeof pat - 1, '\\', COLL_UTF8MB4_GENERAL_CI), "text of %zu bytes", sn + 8);
    }
}

/* YEAR() and MONTH() of a packed datetime by multiplies (ex_dt_year_month): equal to the
 * plain division at the first and last microsecond of every month of years 0..9999, and
 * at random instants. */
Test(funcs, year_month_of_packed)
{
    const int64_t per_month = (int64_t)1000000 * 60 * 60 * 24 * 32;
    for (int y = 0; y <= 9999; y++)
        for (int m = 0; m <= 12; m++) {
            int64_t lo = pdb_dt_pack(y, m, 0, 0, 0, 0, 0), hi = pdb_dt_pack(y, m, 31, 23, 59, 59, 999999);
            cr_assert_eq(lo / per_month, (int64_t)y * 13 + m);
            for (int k = 0; k < 2; k++) {
                int64_t v = k ? hi : lo;
                cr_assert_eq(ex_dt_year_month(v, true), y, "%lld", (long long)v);
                cr_assert_eq(ex_dt_year_month(v, false), m, "%lld", (long long)v);
            }
        }
    uint64_t x = 88172645463325252ull;
    for (int i = 0; i < 1000000; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        int64_t v = (int64_t)(x >> 1), ym = v / per_month;
        cr_assert_eq(ex_dt_year_month(v, true), ym / 13, "%lld", (long long)v);
        cr_assert_eq(ex_dt_year_month(v, false), ym % 13, "%lld", (long long)v);
    }
    cr_assert_eq(ex_dt_year_month(-per_month * 14, true), -1);
}
