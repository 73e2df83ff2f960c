/* test_digest.c - unit tests for server/command.c's statement digest (srv_sql_digest):
 * statements that differ only in literals share it, names with digits do not. */
#include <criterion/criterion.h>
#include <string.h>

#include "server/server.h"

static uint64_t dig(const char *sql)
{
    bool sleeps;
    return srv_sql_digest((const uint8_t *)sql, strlen(sql), &sleeps);
}

Test(digest, names_with_digits_keep_them)
{
    cr_assert_neq(dig("SELECT * FROM wp_2_posts WHERE ID = 5"), dig("SELECT * FROM wp_3_posts WHERE ID = 5"));
    cr_assert_neq(dig("SELECT option_value FROM wp_12_options"), dig("SELECT option_value FROM wp_13_options"));
    cr_assert_neq(dig("SELECT c1 FROM t"), dig("SELECT c2 FROM t"));
    cr_assert_neq(dig("SELECT a FROM t12 x"), dig("SELECT a FROM t13 x"));
    cr_assert_neq(dig("SELECT `wp_2_posts`.ID FROM `wp_2_posts`"), dig("SELECT `wp_3_posts`.ID FROM `wp_3_posts`"));
}

Test(digest, literals_share_it)
{
    cr_assert_eq(dig("SELECT * FROM wp_2_posts WHERE ID = 5 LIMIT 10"), dig("SELECT * FROM wp_2_posts WHERE ID = 123 LIMIT 7"));
    cr_assert_eq(dig("SELECT a FROM t1 WHERE b IN (1, 2, 3)"), dig("SELECT a FROM t1 WHERE b IN (40, 50, 60)"));
    cr_assert_eq(dig("SELECT a FROM t WHERE b = 'x' AND c = \"yy\""), dig("SELECT a FROM t WHERE b = 'zzz' AND c = \"\""));
    cr_assert_eq(dig("SELECT a FROM t WHERE b > 1.5 AND c < 1e5 AND d = 0x1F"),
                 dig("SELECT a FROM t WHERE b > 22.25 AND c < 3e7 AND d = 0xAB"));
    cr_assert_eq(dig("UPDATE t2 SET n=n+1 WHERE id=7"), dig("UPDATE t2 SET n=n+1 WHERE id=70000"));
}

Test(digest, sleep_is_seen)
{
    bool sleeps;
    srv_sql_digest((const uint8_t *)"SELECT SLEEP(1)", 15, &sleeps);
    cr_assert(sleeps);
    srv_sql_digest((const uint8_t *)"SELECT 1", 8, &sleeps);
    cr_assert(!sleeps);
}
