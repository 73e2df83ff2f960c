/* test_memory.c - the counted allocator (storage/mem.c) and what feeds it: every byte
 * stor_* counts is given back by the matching release, arenas return to where they
 * started, and lexing a big multi-row INSERT takes arena memory in proportion to its
 * text (it used to take the rest of the statement per string literal: gigabytes counted
 * while loading a 55 MB dump, with a few hundred MB resident). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "storage/storage.h"
#include "planner/planner.h"
#ifndef PDB_NO_JEMALLOC
#include <jemalloc/jemalloc.h>
#endif

Test(memory, counter_balances)
{
    size_t base = stor_mem_used();
    void *p[64];
    for (int i = 0; i < 64; i++) {
        p[i] = (i % 3) ? stor_malloc((size_t)i * 37 + 1) : stor_calloc((size_t)i + 1, 24);
        cr_assert_not_null(p[i]);
    }
    cr_assert_gt(stor_mem_used(), base);
    /* grow and shrink through every size class range, small to large */
    for (int i = 0; i < 64; i++) {
        size_t n = (size_t)1 << (i % 23);
        p[i] = stor_realloc(p[i], n);
        cr_assert_not_null(p[i]);
        memset(p[i], 1, n);
        p[i] = stor_realloc(p[i], n / 3 + 1);
        cr_assert_not_null(p[i]);
    }
    char *s = stor_strndup("hello world", 5);
    cr_assert_str_eq(s, "hello");
    stor_free(s);
    void *z = stor_realloc(NULL, 100);   /* realloc of NULL counts like malloc */
    cr_assert_not_null(z);
    stor_free(z);
    stor_free(NULL);
    for (int i = 0; i < 64; i++) stor_free(p[i]);
    cr_assert_eq(stor_mem_used(), base, "counter %zu after freeing everything, was %zu",
                 stor_mem_used(), base);
}

Test(memory, counter_tracks_live_bytes)
{
    size_t base = stor_mem_used();
    void *big = stor_malloc(10 << 20);
    cr_assert_not_null(big);
    size_t used = stor_mem_used() - base;
    cr_assert(used >= (10u << 20) && used < (11u << 20), "10 MiB counted as %zu", used);
    stor_free(big);
    cr_assert_eq(stor_mem_used(), base);
}

#ifndef PDB_NO_JEMALLOC
/* VmFlags of the mapping holding p: 1 if it asks for huge pages ("hg"), 0 if not, -1
 * if not found */
static int huge_advised(const void *p)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f) return -1;
    char line[512];
    bool in = false;
    int r = -1;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' ')) {
            in = (unsigned long)p >= lo && (unsigned long)p < hi;
            continue;
        }
        if (in && !strncmp(line, "VmFlags:", 8)) { r = strstr(line, " hg") != NULL; break; }
    }
    fclose(f);
    return r;
}

/* Long values' mappings ask for huge pages until the allocator gives their pages back;
 * then no more (khugepaged would fill the holes left by values compressed or freed). */
Test(memory, long_values_huge_pages_until_purged)
{
    enum { N = 4096, LEN = 2000 };
    static char *v[N];
    char buf[LEN];
    memset(buf, 'x', sizeof buf);
    for (int i = 0; i < N; i++) cr_assert_not_null(v[i] = stor_strndup_long(buf, LEN));
    int before = huge_advised(v[N / 2]);
    if (before != 1) cr_skip_test("no huge page advice here (a kernel without transparent huge pages?)");
    char *probe = v[N / 2];
    for (int i = 0; i < N; i++) stor_free(v[i]);
    cr_assert_eq(mallctl("arena." "4096" ".purge", NULL, NULL, NULL, 0), 0);   /* (MALLCTL_ARENAS_ALL) */
    cr_assert_eq(huge_advised(probe), 0, "the long values' mapping still asks for huge pages after its "
                 "pages were given back");
}
#endif

Test(memory, arena_returns_to_start)
{
    size_t base = stor_mem_used();
    stor_arena a;
    stor_arena_init(&a);
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 20000; i++) {
            char *x = stor_arena_alloc(&a, (size_t)(i % 300) + 1);
            x[0] = 1;
        }
        stor_arena_alloc(&a, 3 << 20);            /* larger than any block */
        cr_assert_geq(a.peak, 3u << 20);
        stor_arena_reset(&a);
        cr_assert_eq(a.used, 0);
        cr_assert_leq(a.held, 4096);
        cr_assert_leq(stor_mem_used() - base, 1u << 20, "reset kept %zu bytes",
                      stor_mem_used() - base);
    }
    stor_arena_free(&a);
    cr_assert_eq(stor_mem_used(), base);
}

Test(memory, limit)
{
    size_t base = stor_mem_used();
    stor_set_mem_limit(base + (4u << 20));
    cr_assert(!stor_mem_full());
    void *p = stor_malloc(5 << 20);
    cr_assert(stor_mem_full());
    stor_free(p);
    cr_assert(!stor_mem_full());
    stor_set_mem_limit(0);
    cr_assert(!stor_mem_full());
}

/* A multi-row INSERT like a dump's: n rows of (id, 'text ... with \'escapes\'', "dq"). */
static char *big_insert(int rows, size_t *len)
{
    size_t cap = (size_t)rows * 200 + 64, n = 0;
    char *s = malloc(cap);
    n += (size_t)sprintf(s + n, "INSERT INTO `t` VALUES ");
    for (int i = 0; i < rows; i++)
        n += (size_t)sprintf(s + n, "%s(%d,'row %d: it''s a \\'quoted\\' line\\nwith text %090d',\"dq %d\")",
                             i ? "," : "", i, i, i, i);
    *len = n;
    return s;
}

Test(memory, lexer_arena_proportional)
{
    size_t len;
    char *sql = big_insert(2000, &len);
    stor_arena a;
    stor_arena_init(&a);
    pl_lexer lx;
    pl_token t;
    pl_lex_init(&lx, &a, sql, len, NULL);
    int strings = 0;
    bool first = true;
    while (pl_lex_next(&lx, &t) == 0 && t.kind != TK_EOF) {
        if (t.kind != TK_STRING) continue;
        if (first) {
            cr_assert_eq(t.vlen, strlen("row 0: it's a 'quoted' line\nwith text ") + 90);
            static const char want[] = "row 0: it's a 'quoted' line\nwith text 000";
            cr_assert(!memcmp(t.val, want, sizeof want - 1));
            first = false;
        }
        strings++;
    }
    cr_assert_eq(t.kind, TK_EOF);
    cr_assert_eq(strings, 4000);
    /* every token's copy is bounded by its own text: the arena holds about the text */
    cr_assert_leq(a.used, 2 * len, "lexing %zu bytes took %zu bytes of arena", len, a.used);
    stor_arena_free(&a);
    free(sql);
}

Test(memory, parse_big_insert_proportional)
{
    size_t len;
    char *sql = big_insert(5000, &len);
    size_t base = stor_mem_used();
    stor_arena a;
    stor_arena_init(&a);
    size_t pos = 0;
    pl_stmt st;
    pl_error err;
    cr_assert_eq(pl_parse(&a, sql, len, &pos, NULL, &st, &err), 0, "%s", err.msg);
    size_t used = stor_mem_used() - base;
    cr_assert_leq(used, 16 * len, "parsing %zu bytes counted %zu bytes", len, used);
    stor_arena_free(&a);
    cr_assert_eq(stor_mem_used(), base);
    free(sql);
}

Test(memory, lexer_quotes_unchanged)
{
    static const struct { const char *sql; pl_tok kind; const char *val; } cases[] = {
        { "'a''b'", TK_STRING, "a'b" },
        { "'a\\'b'", TK_STRING, "a'b" },
        { "'a\\\\'", TK_STRING, "a\\" },
        { "'\\%\\_'", TK_STRING, "\\%\\_" },
        { "\"x\"\"y\"", TK_STRING, "x\"y" },
        { "''", TK_STRING, "" },
        { "`a``b`", TK_QIDENT, "a`b" },
        { "`a\\`", TK_QIDENT, "a\\" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        stor_arena a;
        stor_arena_init(&a);
        pl_lexer lx;
        pl_token t;
        pl_lex_init(&lx, &a, cases[i].sql, strlen(cases[i].sql), NULL);
        cr_assert_eq(pl_lex_next(&lx, &t), 0, "%s", cases[i].sql);
        cr_assert_eq(t.kind, cases[i].kind, "%s", cases[i].sql);
        cr_assert_eq(t.vlen, strlen(cases[i].val), "%s", cases[i].sql);
        cr_assert(!memcmp(t.val, cases[i].val, t.vlen), "%s", cases[i].sql);
        stor_arena_free(&a);
    }
    /* unterminated: still an error */
    const char *bad[] = { "'abc", "'abc\\'", "`abc" };
    for (size_t i = 0; i < 3; i++) {
        stor_arena a;
        stor_arena_init(&a);
        pl_lexer lx;
        pl_token t;
        pl_lex_init(&lx, &a, bad[i], strlen(bad[i]), NULL);
        cr_assert_eq(pl_lex_next(&lx, &t), -1, "%s", bad[i]);
        stor_arena_free(&a);
    }
    /* NO_BACKSLASH_ESCAPES: a backslash is an ordinary character */
    pl_parse_opts o = { .no_backslash_escapes = true };
    stor_arena a;
    stor_arena_init(&a);
    pl_lexer lx;
    pl_token t;
    pl_lex_init(&lx, &a, "'a\\' 'b'", 8, &o);
    cr_assert_eq(pl_lex_next(&lx, &t), 0);
    cr_assert_eq(t.vlen, 2);
    cr_assert(!memcmp(t.val, "a\\", 2));
    stor_arena_free(&a);
}
