/* test_plancache.c - the statement-shape cache (planner/cache.c): a statement served
 * from the cache must get the very tree a fresh parse of it gives. Both trees are
 * printed (kinds, values, source spans as text, every sub-tree) and compared. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "planner/planner.h"

typedef struct dump { char *b; size_t n, cap; } dump;

static void put(dump *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(dump *d, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(d->b + d->n, d->cap - d->n, fmt, ap);
        va_end(ap);
        if ((size_t)k < d->cap - d->n) { d->n += (size_t)k; return; }
        d->cap = d->cap * 2 + (size_t)k + 64;
        d->b = realloc(d->b, d->cap);
    }
}

static void d_sel(dump *d, const pl_select *s);

static void d_expr(dump *d, const pl_expr *e)
{
    if (!e) { put(d, "-"); return; }
    put(d, "(k%d op%d n%d%d%d%d s[%.*s] db[%s] tbl[%s] coll%u src[%.*s] cast%d/%d/%d",
        e->kind, e->op, e->negated, e->distinct, e->has_operand, e->has_else,
        e->s ? (int)e->slen : 0, e->s ? e->s : "", e->db ? e->db : "", e->tbl ? e->tbl : "",
        e->coll, e->start ? (int)e->srclen : 0, e->start ? e->start : "",
        e->cast.type, e->cast.len, e->cast.scale);
    if (e->kind == E_PARAM || e->kind == E_BOOL || e->kind == E_IS) put(d, " i%lld", (long long)e->ival);
    for (int i = 0; i < e->nargs; i++) d_expr(d, e->args[i]);
    if (e->sub) d_sel(d, e->sub);
    for (int i = 0; i < e->norder; i++) { put(d, " o%d", e->order[i].desc); d_expr(d, e->order[i].e); }
    if (e->sep) put(d, " sep[%s]", e->sep);
    if (e->win) {
        put(d, " win%d/%d/%d", e->win->unit, e->win->start, e->win->end);
        for (int i = 0; i < e->win->npart; i++) d_expr(d, e->win->part[i]);
        for (int i = 0; i < e->win->norder; i++) d_expr(d, e->win->order[i].e);
    }
    put(d, ")");
}

static void d_sel(dump *d, const pl_select *s)
{
    if (!s) { put(d, "-"); return; }
    put(d, "{sel d%d c%d fu%d ls%d", s->distinct, s->calc_found_rows, s->for_update, s->lock_share);
    for (int i = 0; i < s->nitems; i++) { put(d, " item[%s]", s->items[i].alias ? s->items[i].alias : ""); d_expr(d, s->items[i].e); }
    for (int i = 0; i < s->nfrom; i++) {
        const pl_tref *t = &s->from[i];
        put(d, " from[%s.%s as %s j%d g%d]", t->db ? t->db : "", t->name ? t->name : "", t->alias ? t->alias : "",
            t->join, t->gsize);
        d_expr(d, t->on);
        if (t->derived) d_sel(d, t->derived);
    }
    put(d, " where"); d_expr(d, s->where);
    for (int i = 0; i < s->ngroup; i++) d_expr(d, s->group[i]);
    put(d, " having"); d_expr(d, s->having);
    for (int i = 0; i < s->norder; i++) { put(d, " o%d", s->order[i].desc); d_expr(d, s->order[i].e); }
    put(d, " limit"); d_expr(d, s->limit); d_expr(d, s->offset);
    put(d, " op%d", s->set_op);
    if (s->next) d_sel(d, s->next);
    put(d, "}");
}

static char *d_stmt(const pl_stmt *st)
{
    dump d = { malloc(256), 0, 256 };
    put(&d, "stmt k%d [%.*s] np%d", st->kind, (int)st->len, st->start, st->nparams);
    d_sel(&d, st->sel);
    for (int r = 0; r < st->nrows; r++) for (int i = 0; i < st->rowlen; i++) d_expr(&d, st->rows[r][i]);
    for (int i = 0; i < st->nsets; i++) { put(&d, " set[%s]", st->sets[i].name); d_expr(&d, st->sets[i].value); }
    for (int i = 0; i < st->ndup; i++) { put(&d, " dup[%s]", st->dup_sets[i].name); d_expr(&d, st->dup_sets[i].value); }
    put(&d, " where"); d_expr(&d, st->where);
    for (int i = 0; i < st->norder; i++) d_expr(&d, st->order[i].e);
    d_expr(&d, st->limit);
    return d.b;
}

/* Statements of one shape: the first is parsed into the cache (eager mode), each
 * one after it must come out of the cache exactly as a parse would make it. */
static void same_as_parse(const char *const *sqls, int n, bool expect_cached)
{
    pl_shape_mode(2);
    pl_parse_opts o = { 0 };
    for (int i = 0; i < n; i++) {
        stor_arena a, b;
        stor_arena_init(&a);
        stor_arena_init(&b);
        pl_stmt s1, s2;
        pl_error e1, e2;
        size_t p1 = 0, p2 = 0, len = strlen(sqls[i]);
        pl_shape *ref = NULL;
        cr_assert_eq(pl_parse_cached(&a, sqls[i], len, &p1, &o, &s1, &e1, &ref), 0, "%s: %s", sqls[i], e1.msg);
        cr_assert_eq(pl_parse(&b, sqls[i], len, &p2, &o, &s2, &e2), 0);
        cr_assert_eq(p1, p2);
        if (expect_cached) cr_assert(ref != NULL, "not served from the cache: %s", sqls[i]);
        else cr_assert(ref == NULL, "served from the cache: %s", sqls[i]);
        char *d1 = d_stmt(&s1), *d2 = d_stmt(&s2);
        cr_assert_str_eq(d1, d2, "%s", sqls[i]);
        free(d1);
        free(d2);
        pl_shape_release(ref);
        stor_arena_free(&a);
        stor_arena_free(&b);
    }
    pl_shape_mode(1);
}

#define SAME(cached, ...) do { static const char *const v_[] = { __VA_ARGS__ }; \
    same_as_parse(v_, (int)(sizeof v_ / sizeof v_[0]), cached); } while (0)

Test(plancache, literals_and_the_spans_after_them_follow_the_new_statement)
{
    SAME(true, "SELECT option_value FROM wp_options WHERE option_name = 'siteurl' LIMIT 1",
               "SELECT option_value FROM wp_options WHERE option_name = 'home' LIMIT 1",
               "SELECT option_value FROM wp_options WHERE option_name = 'a much longer option name' LIMIT 25");
    SAME(true, "SELECT 'lit', 42, id + 1, 'it''s', 1.50 AS p FROM t WHERE s <> 'zz' ORDER BY id DESC LIMIT 2, 10",
               "SELECT 'literal two', 4200, id + 10, 'x\\'y', 12345.5 AS p FROM t WHERE s <> '' ORDER BY id DESC LIMIT 0, 5");
    SAME(true, "SELECT id FROM t WHERE a IN (1, 2, 3) AND b BETWEEN -5 AND - 7.5 AND c LIKE 'x%' ESCAPE '!'",
               "SELECT id FROM t WHERE a IN (100, 2000, 30000) AND b BETWEEN -55555 AND - 0.5 AND c LIKE '%y%' ESCAPE '#'");
    SAME(true, "INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1, '_edit_lock', '1700000000:1')",
               "INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (22063, '_thumbnail_id', 'x')");
    SAME(true, "UPDATE wp_options SET option_value = 'a' WHERE option_name = 'cron' ORDER BY option_id LIMIT 1",
               "UPDATE wp_options SET option_value = '' WHERE option_name = 'rewrite_rules' ORDER BY option_id LIMIT 100");
    SAME(true, "DELETE FROM t WHERE id = 5", "DELETE FROM t WHERE id = 123456");
    SAME(true, "SELECT p.ID FROM wp_posts p LEFT JOIN wp_postmeta m ON m.post_id = p.ID AND m.meta_key = 'k' "
               "WHERE p.post_type IN ('post', 'page') AND (SELECT COUNT(*) FROM c WHERE c.x = 'q') > 0 "
               "GROUP BY p.ID HAVING COUNT(*) > 1 ORDER BY p.post_date DESC",
               "SELECT p.ID FROM wp_posts p LEFT JOIN wp_postmeta m ON m.post_id = p.ID AND m.meta_key = 'other' "
               "WHERE p.post_type IN ('attachment', 'revision') AND (SELECT COUNT(*) FROM c WHERE c.x = '') > 10 "
               "GROUP BY p.ID HAVING COUNT(*) > 100 ORDER BY p.post_date DESC");
    SAME(true, "SELECT DATE_ADD(d, INTERVAL 1 DAY), _utf8mb4'x' COLLATE utf8mb4_bin, ? FROM t",
               "SELECT DATE_ADD(d, INTERVAL 30 DAY), _utf8mb4'yz' COLLATE utf8mb4_bin, ? FROM t");
}

Test(plancache, literals_the_parser_consumes_keep_the_statement_out_of_the_cache)
{
    /* a CAST length, adjacent strings, a separator: parsed every time */
    SAME(false, "SELECT CAST(a AS CHAR(10)) FROM t", "SELECT CAST(a AS CHAR(20)) FROM t");
    SAME(false, "SELECT 'a' 'b'", "SELECT 'c' 'd'");
    SAME(false, "SELECT GROUP_CONCAT(a SEPARATOR ',') FROM t", "SELECT GROUP_CONCAT(a SEPARATOR ';') FROM t");
    /* statements the cache does not hold */
    SAME(false, "SET @a = 1", "SET @a = 2");
}
