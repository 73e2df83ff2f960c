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
