/* fuzz_parser.c - libFuzzer harness for the SQL lexer and parser (planner/).
 *
 * The first byte picks the sql_mode flags the lexer and parser honour (backslash
 * escapes, ANSI quotes, || as concatenation, HIGH_NOT_PRECEDENCE), whether names are
 * checked as a UTF-8 client's (1300 for a name that is not utf8mb3), and whether the text
 * also goes through the statement-shape cache (eager mode: cached at first sight, so a
 * second statement of the same shape is copied from the first one's tree); the rest is
 * statement text, parsed statement by statement as a multi-statement COM_QUERY is.
 * Failure = a sanitizer report, or a parse that neither ends nor moves forward. */
#include <stdlib.h>
#include <string.h>
#include "planner/planner.h"
#include "tests/fuzz/fuzz_input.h"

static void lex_all(stor_arena *a, const char *sql, size_t len, const pl_parse_opts *o)
{
    pl_lexer lx;
    pl_token t;
    pl_lex_init(&lx, a, sql, len, o);
    for (size_t guard = 0; guard <= len + 1; guard++) {
        if (pl_lex_next(&lx, &t) != 0 || t.kind == TK_EOF) return;
    }
    abort();   /* more tokens than bytes: the lexer does not advance */
}

static void parse_all(stor_arena *a, const char *sql, size_t len, const pl_parse_opts *o, bool cached)
{
    size_t pos = 0;
    while (pos < len) {
        pl_stmt st;
        pl_error err;
        pl_shape *ref = NULL;
        size_t before = pos;
        int rc = cached ? pl_parse_cached(a, sql, len, &pos, o, &st, &err, &ref)
                        : pl_parse(a, sql, len, &pos, o, &st, &err);
        if (ref) pl_shape_release(ref);
        if (rc != 0) return;
        if (pos <= before) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    uint8_t m = fz_u8(&in);
    pl_parse_opts o = {
        .no_backslash_escapes = m & 1, .ansi_quotes = m & 2,
        .pipes_as_concat = m & 4, .high_not_precedence = m & 8,
        .names_charset = m & 32 ? "utf8mb4" : NULL,   /* (a client's statement: names checked) */
    };
    /* a private copy: the parser must not read past len (ASan sees the exact end) */
    char *sql = malloc(in.n ? in.n : 1);
    if (!sql) return 0;
    memcpy(sql, in.p, in.n);
    stor_arena a;
    stor_arena_init(&a);
    lex_all(&a, sql, in.n, &o);
    stor_arena_reset(&a);
    if (m & 16) {
        pl_shape_mode(2);
        parse_all(&a, sql, in.n, &o, true);
        stor_arena_reset(&a);
        parse_all(&a, sql, in.n, &o, true);
    } else {
        parse_all(&a, sql, in.n, &o, false);
    }
    stor_arena_free(&a);
    free(sql);
    return 0;
}
