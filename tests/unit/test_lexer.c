/* test_lexer.c - a dump's VALUES row read straight from the text (planner/lexer.c
 * pl_lex_lit_row): what it takes (unsigned numbers, plain quoted strings with their
 * escapes, NULL in any case, blanks between), what it leaves to the tokens (anything
 * else: nothing consumed, -1), a row longer than its room (-2), and texts that end
 * early (never read past the end: one byte past it was, after a comma). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "storage/storage.h"
#include "planner/planner.h"

static pl_parse_opts opts;

/* Rows in a buffer of exactly their length (an over-read is a sanitizer report). */
static int row(stor_arena *a, const char *text, pl_lit *out, int cap, const char **close, int *line)
{
    size_t n = strlen(text);
    char *buf = malloc(n ? n : 1);
    memcpy(buf, text, n);
    pl_lexer lx;
    pl_lex_init(&lx, a, buf, n, &opts);
    int r = pl_lex_lit_row(&lx, buf, out, cap, close);
    if (close && r > 0) *close = text + (*close - buf);
    if (line) *line = lx.line;
    free(buf);
    return r;
}

Test(lexer, literal_rows)
{
    stor_arena a;
    stor_arena_init(&a);
    pl_lit v[8];
    const char *close;
    int line;
    const char *t = "12, 'a\\'b''c\\n', NULL,\n 3.50 ,null)";
    cr_assert_eq(row(&a, t, v, 8, &close, &line), 5);
    cr_assert_eq(*close, ')');
    cr_assert_eq(line, 2);   /* (the newline between values) */
    cr_assert_eq(v[0].kind, E_INT);
    cr_assert_str_eq(v[0].s, "12");
    cr_assert_eq(v[1].kind, E_STRING);
    cr_assert_eq(v[1].slen, 6);
    cr_assert(memcmp(v[1].s, "a'b'c\n", 6) == 0);
    cr_assert_eq(v[1].srclen, 11);
    cr_assert_eq(v[2].kind, E_NULL);
    cr_assert_eq(v[3].kind, E_DECIMAL);
    cr_assert_str_eq(v[3].s, "3.50");
    cr_assert_eq(v[4].kind, E_NULL);
    /* a newline inside a string is no line of the statement */
    cr_assert_eq(row(&a, "'x\ny')", v, 8, &close, &line), 1);
    cr_assert_eq(line, 1);
    stor_arena_free(&a);
}

Test(lexer, literal_rows_left_to_tokens)
{
    stor_arena a;
    stor_arena_init(&a);
    pl_lit v[8];
    const char *close;
    static const char *const others[] = {
        "-1)", "+1)", "1e5)", "1abc)", "0x1F)", ".5)", "_utf8mb4'a')", "X'41')", "'a' 'b')",
        "1 /* c */)", "1,-- c\n2)", "NULLx)", "\"a\")", "1 2)", "DEFAULT)", "a + 1)",
        /* texts that end early */
        "", "1", "1,", "1, ", "'abc", "'abc\\", "NUL", "1.",
    };
    for (size_t i = 0; i < sizeof others / sizeof *others; i++)
        cr_assert_eq(row(&a, others[i], v, 8, &close, NULL), -1, "%s", others[i]);
    cr_assert_eq(row(&a, "1,2,3)", v, 2, &close, NULL), -2);
    cr_assert_eq(row(&a, "1,2,3)", v, 3, &close, NULL), 3);
    stor_arena_free(&a);
}
