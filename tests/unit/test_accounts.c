/* test_accounts.c - the account store's grants: recorded, persisted, reloaded; files
 * written before privileges were stored still load. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "storage/storage.h"

static char dir[512];

static void setup(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/pressdb-unit-acc-XXXXXX", t && *t ? t : "/tmp");
    cr_assert_not_null(mkdtemp(dir));
}

static void teardown(void)
{
    char path[600];
    stor_accounts_close();
    snprintf(path, sizeof path, "%s/accounts", dir);
    unlink(path);
    rmdir(dir);
}

Test(accounts, grants_persist, .init = setup, .fini = teardown)
{
    char err[256];
    int created = 0;
    cr_assert_eq(stor_accounts_open(dir, "", &created, err, sizeof err), 0, "%s", err);
    cr_assert_eq(created, 1);
    stor_account a;
    cr_assert_eq(stor_account_get("root", "localhost", &a), 0);
    cr_assert(a.is_super);
    cr_assert_eq(a.privs, STOR_PRIV_ALL_GLOBAL | STOR_PRIV_GRANT);

    cr_assert_eq(stor_account_create("wp", "localhost", NULL, "pw", false, false), STOR_ACC_OK);
    uint64_t v0 = stor_grants_version();
    cr_assert_eq(stor_grant_update("wp", "localhost", "wordpress", NULL, STOR_PRIV_ALL_DB, 0), STOR_ACC_OK);
    cr_assert_neq(stor_grants_version(), v0);
    cr_assert_eq(stor_grant_update("wp", "localhost", "other", "t", STOR_PRIV_SELECT | STOR_PRIV_INSERT, 0), STOR_ACC_OK);
    cr_assert_eq(stor_grant_update("wp", "localhost", NULL, NULL, STOR_PRIV_PROCESS, 0), STOR_ACC_OK);
    /* revoking what is not there */
    cr_assert_eq(stor_grant_update("wp", "localhost", "nosuch", NULL, 0, STOR_PRIV_SELECT), STOR_ACC_NOGRANT);
    cr_assert_eq(stor_grant_update("nobody", "%", "x", NULL, STOR_PRIV_SELECT, 0), STOR_ACC_NOTFOUND);
    /* a grant left empty goes */
    cr_assert_eq(stor_grant_update("wp", "localhost", "other", "t", 0, STOR_PRIV_INSERT), STOR_ACC_OK);

    /* reload from the file */
    stor_accounts_close();
    cr_assert_eq(stor_accounts_open(dir, "", &created, err, sizeof err), 0, "%s", err);
    cr_assert_eq(created, 0);
    cr_assert_eq(stor_account_get("wp", "localhost", &a), 0);
    cr_assert_eq(a.privs, STOR_PRIV_PROCESS);
    cr_assert(!a.is_super);
    size_t n = 0;
    stor_grant *g = stor_grant_list("wp", "LOCALHOST", &n);
    cr_assert_eq(n, 2);
    cr_assert_str_eq(g[0].db, "wordpress");
    cr_assert_str_eq(g[0].table, "");
    cr_assert_eq(g[0].privs, STOR_PRIV_ALL_DB);
    cr_assert_str_eq(g[1].table, "t");
    cr_assert_eq(g[1].privs, STOR_PRIV_SELECT);
    free(g);

    /* rename carries the grants, drop removes them */
    cr_assert_eq(stor_account_rename("wp", "localhost", "wp2", "%"), STOR_ACC_OK);
    g = stor_grant_list("wp2", "%", &n);
    cr_assert_eq(n, 2);
    free(g);
    cr_assert_eq(stor_grant_revoke_all("wp2", "%"), STOR_ACC_OK);
    g = stor_grant_list("wp2", "%", &n);
    cr_assert_eq(n, 0);
    free(g);
    cr_assert_eq(stor_grant_update("wp2", "%", "db", NULL, STOR_PRIV_SELECT, 0), STOR_ACC_OK);
    cr_assert_eq(stor_account_drop("wp2", "%"), STOR_ACC_OK);
    g = stor_grant_list("wp2", "%", &n);
    cr_assert_eq(n, 0);
    free(g);
}

Test(accounts, old_format_loads, .init = setup, .fini = teardown)
{
    char path[600], err[256];
    snprintf(path, sizeof path, "%s/accounts", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    /* six fields: no privilege column; "super" means ALL PRIVILEGES WITH GRANT OPTION */
    fprintf(f, "root\tlocalhost\tmysql_native_password\t%040d\t%064d\tempty,super\n", 0, 0);
    fprintf(f, "app\t%%\tmysql_native_password\t%040d\t%064d\t-\n", 0, 0);
    fclose(f);
    int created = 0;
    cr_assert_eq(stor_accounts_open(dir, "", &created, err, sizeof err), 0, "%s", err);
    stor_account a;
    cr_assert_eq(stor_account_get("root", "localhost", &a), 0);
    cr_assert_eq(a.privs, STOR_PRIV_ALL_GLOBAL | STOR_PRIV_GRANT);
    cr_assert(a.is_super);
    cr_assert_eq(stor_account_get("app", "%", &a), 0);
    cr_assert_eq(a.privs, 0);
    cr_assert(!a.is_super);
}
