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
