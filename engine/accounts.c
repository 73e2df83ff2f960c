/* accounts.c - CREATE/DROP/ALTER/RENAME USER, SET PASSWORD, GRANT, REVOKE and SHOW
 * GRANTS over the storage account store. Global, database and table privileges are
 * recorded there and enforced by privs.c; column privileges are refused (1235). */
#include "engine/eng.h"
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <stdlib.h>
#include <ctype.h>

static void resolve(ex_ctx *ctx, pl_user *u)
{
    if (u->user[0] == 0 && !u->host) {   /* CURRENT_USER / SET PASSWORD without FOR */
        u->user = ctx->s->user;
        u->host = ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
    }
}

static void fail(ex_ctx *ctx, const char *op, pl_user *u, int nfailed, char *list)
{
    (void)u;
    if (nfailed) ex_raise(ctx, 1396, "HY000", "Operation %s failed for %s", op, list);
}

static void add_failed(char *list, size_t cap, const pl_user *u)
{
    size_t k = strlen(list);
    snprintf(list + k, cap - k, "%s'%s'@'%s'", k ? "," : "", u->user, u->host);
}

static void hex_to_hash(const char *hex, uint8_t out[20])
{
    for (int i = 0; i < 20; i++) {
        unsigned v = 0;
        sscanf(hex + 1 + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

void ex_accounts(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    char failed[1024] = "";
    int nfailed = 0;
    switch (st->kind) {
    case S_CREATE_USER:
        for (int i = 0; i < st->nusers; i++) {
            pl_user *u = &st->users[i];
            if (u->plugin && strcasecmp(u->plugin, "mysql_native_password") && strcasecmp(u->plugin, "caching_sha2_password"))
                ex_raise(ctx, 1524, "HY000", "Plugin '%s' is not loaded", u->plugin);
            int rc;
            if (u->hash) {
                stor_account a;
                memset(&a, 0, sizeof a);
                snprintf(a.user, sizeof a.user, "%s", u->user);
                snprintf(a.host, sizeof a.host, "%s", u->host);
                snprintf(a.plugin, sizeof a.plugin, "mysql_native_password");
                if (strlen(u->hash) != 41 || u->hash[0] != '*')
                    ex_raise(ctx, 1372, "HY000", "Password hash should be a 41-digit hexadecimal number");
                hex_to_hash(u->hash, a.native_hash);
                rc = stor_account_put(&a, st->or_replace);
            } else rc = stor_account_create(u->user, u->host, u->plugin, u->password ? u->password : "", false, st->or_replace);
            if (rc == STOR_ACC_EXISTS) {
                if (st->if_not_exists) { ex_warn(ctx, "Note", 1973, "Can't create user '%s'@'%s'; it already exists", u->user, u->host); continue; }
                nfailed++; add_failed(failed, sizeof failed, u);
            } else if (rc == STOR_ACC_EIO) ex_raise(ctx, 1030, "HY000", "Got error 5 \"Input/output error\" from storage engine");
            else if (rc == STOR_ACC_EINVAL) ex_raise(ctx, 1470, "HY000", "String '%s' is too long for user name (should be no longer than 80)", u->user);
        }
        fail(ctx, "CREATE USER", NULL, nfailed, failed);
        break;
    case S_DROP_USER:
        for (int i = 0; i < st->nusers; i++) {
            pl_user *u = &st->users[i];
            resolve(ctx, u);
            if (stor_account_drop(u->user, u->host) == STOR_ACC_NOTFOUND) {
                if (st->if_exists) { ex_warn(ctx, "Note", 1974, "Can't drop user '%s'@'%s'; it doesn't exist", u->user, u->host); continue; }
                nfailed++; add_failed(failed, sizeof failed, u);
            }
        }
        fail(ctx, "DROP USER", NULL, nfailed, failed);
        break;
    case S_ALTER_USER: case S_SET_PASSWORD:
        for (int i = 0; i < st->nusers; i++) {
            pl_user *u = &st->users[i];
            resolve(ctx, u);
            int rc = STOR_ACC_OK;
            if (u->hash) {
                stor_account a;
                if (stor_account_get(u->user, u->host, &a) != 0) rc = STOR_ACC_NOTFOUND;
                else {
                    if (strlen(u->hash) == 41 && u->hash[0] == '*') { hex_to_hash(u->hash, a.native_hash); a.empty_password = false; }
                    else if (!u->hash[0]) a.empty_password = true;
                    else ex_raise(ctx, 1372, "HY000", "Password hash should be a 41-digit hexadecimal number");
                    rc = stor_account_put(&a, true);
                }
            } else if (u->password || u->plugin) {
                rc = stor_account_set_password(u->user, u->host, u->plugin, u->password ? u->password : "");
            } else {
                stor_account a;
                if (stor_account_get(u->user, u->host, &a) != 0) rc = STOR_ACC_NOTFOUND;
            }
            if (rc == STOR_ACC_NOTFOUND) {
                if (st->kind == S_SET_PASSWORD) ex_raise(ctx, 1133, "28000", "Can't find any matching row in the user table");
                if (st->if_exists) { ex_warn(ctx, "Note", 1974, "Can't drop user '%s'@'%s'; it doesn't exist", u->user, u->host); continue; }
                nfailed++; add_failed(failed, sizeof failed, u);
            }
        }
        fail(ctx, "ALTER USER", NULL, nfailed, failed);
        break;
    case S_RENAME_USER:
        for (int i = 0; i < st->nusers; i++) {
            pl_user *u = &st->users[i];
            int rc = stor_account_rename(u->user, u->host, u->to_user, u->to_host);
            if (rc != STOR_ACC_OK) { nfailed++; add_failed(failed, sizeof failed, u); }
        }
        fail(ctx, "RENAME USER", NULL, nfailed, failed);
        break;
    case S_GRANT: case S_REVOKE: {
        if (st->grant_columns) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'column privileges'");
        bool global = st->revoke_all || (st->global_level && !st->grant_db && !st->grant_table);
        const char *db = NULL, *table = NULL;
        if (!global) { db = ex_cur_db(ctx, st->grant_db); table = st->grant_table; }
        uint64_t privs = st->privs;
        if (st->all_privileges) privs = global ? STOR_PRIV_ALL_GLOBAL : table ? STOR_PRIV_ALL_TABLE : STOR_PRIV_ALL_DB;
        else if (table && (privs & ~(STOR_PRIV_ALL_TABLE | STOR_PRIV_GRANT)))
            ex_raise(ctx, 1144, "42000", "Illegal GRANT/REVOKE command; please consult the manual to see which privileges can be used");
        else if (db && !table && (privs & ~(STOR_PRIV_ALL_DB | STOR_PRIV_GRANT)))
            ex_raise(ctx, 1221, "HY000", "Incorrect usage of DB GRANT and GLOBAL PRIVILEGES");
        if (st->grant_option && st->kind == S_GRANT) privs |= STOR_PRIV_GRANT;
        if (table && st->kind == S_GRANT && !stor_table_find(db, table))
            ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", db, table);
        for (int i = 0; i < st->nusers; i++) {
            pl_user *u = &st->users[i];
            resolve(ctx, u);
            stor_account a;
            if (stor_account_get(u->user, u->host, &a) != 0) {
                if (st->kind == S_REVOKE) ex_raise(ctx, 1141, "42000", "There is no such grant defined for user '%s' on host '%s'", u->user, u->host);
                if (!u->password && !u->hash && (ctx->s->sql_mode & MODE_NO_AUTO_CREATE_USER))
                    ex_raise(ctx, 1133, "28000", "Can't find any matching row in the user table");
                if (stor_account_create(u->user, u->host, u->plugin, u->password ? u->password : "", false, false) != STOR_ACC_OK)
                    ex_raise(ctx, 1133, "28000", "Can't find any matching row in the user table");
            } else if (u->password) stor_account_set_password(u->user, u->host, u->plugin, u->password);
            int rc;
            if (st->revoke_all) rc = stor_grant_revoke_all(u->user, u->host);
            else if (st->kind == S_GRANT) rc = stor_grant_update(u->user, u->host, db, table, privs, 0);
            else rc = stor_grant_update(u->user, u->host, db, table, 0, privs);
            if (rc == STOR_ACC_NOGRANT) {
                if (table) ex_raise(ctx, 1147, "42000", "There is no such grant defined for user '%s' on host '%s' on table '%s'", u->user, u->host, table);
                ex_raise(ctx, 1141, "42000", "There is no such grant defined for user '%s' on host '%s'", u->user, u->host);
            }
            if (rc == STOR_ACC_EIO) ex_raise(ctx, 1030, "HY000", "Got error 5 \"Input/output error\" from storage engine");
            if (rc != STOR_ACC_OK) ex_raise(ctx, 1133, "28000", "Can't find any matching row in the user table");
        }
        break;
    }
    default: break;
    }
    ex_send_ok(ctx, r, 0, 0, NULL);
}

/* "ALL PRIVILEGES", "USAGE" or the names of privs (GRANT OPTION apart). */
static const char *priv_list(ex_ctx *ctx, uint64_t privs, uint64_t all)
{
    privs &= ~STOR_PRIV_GRANT;
    if ((privs & all) == all) return "ALL PRIVILEGES";
    if (!privs) return "USAGE";
    return ex_privs_names(ctx->a, privs);
}

static char *quote_name(ex_ctx *ctx, const char *s)
{
    size_t n = strlen(s), k = 0;
    char *q = stor_arena_alloc(ctx->a, 2 * n + 3);
    q[k++] = '`';
    for (size_t i = 0; i < n; i++) { if (s[i] == '`') q[k++] = '`'; q[k++] = s[i]; }
    q[k++] = '`'; q[k] = 0;
    return q;
}

/* The account a SHOW GRANTS / SHOW CREATE USER names (none: the session's own). */
static void named_account(ex_ctx *ctx, pl_stmt *st, const char **user, const char **host)
{
    *user = ctx->s->user;
    *host = ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
    if (st->nusers) {
        pl_user *u = &st->users[0];
        if (u->user[0] || u->host) { *user = u->user; *host = u->host; }
    }
}

/* " IDENTIFIED BY PASSWORD '*hash'" as MariaDB prints an account with a password. */
static void password_clause(const stor_account *a, char *out, size_t cap)
{
    out[0] = 0;
    if (a->empty_password) return;
    char hex[42];
    proto_native_hash_hex(a->native_hash, hex);
    snprintf(out, cap, " IDENTIFIED BY PASSWORD '%s'", hex);
}

/* One text column named name, 4096 wide, as MariaDB's SHOW GRANTS and SHOW CREATE USER. */
static void account_set(ex_ctx *ctx, ex_textset *ts, const char *what, const char *user, const char *host)
{
    char nm[400];
    snprintf(nm, sizeof nm, "%s %s@%s", what, user, host);
    ex_colspec spec[1] = { { stor_arena_strndup(ctx->a, nm, strlen(nm)), 253, 4096, 1, NULL } };
    ex_textset_spec(ctx, ts, 1, spec, NULL);
}

/* SHOW CREATE USER: the statement that makes the account again (mariadb-dump
 * --system=users reads it). Unknown account: 1133, as MariaDB. */
void ex_show_create_user(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    const char *user, *host;
    named_account(ctx, st, &user, &host);
    stor_account a;
    if (stor_account_get(user, host, &a) != 0)
        ex_raise(ctx, 1133, "28000", "Can't find any matching row in the user table");
    ex_textset ts;
    account_set(ctx, &ts, "CREATE USER for", user, host);
    char pw[96], g[800];
    password_clause(&a, pw, sizeof pw);
    snprintf(g, sizeof g, "CREATE USER %s@%s%s", quote_name(ctx, user), quote_name(ctx, host), pw);
    const char *vals[1] = { stor_arena_strndup(ctx->a, g, strlen(g)) };
    ex_textset_add(ctx, &ts, vals);
    ex_textset_send(ctx, &ts, r);
}

void ex_show_grants(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    const char *user, *host;
    named_account(ctx, st, &user, &host);
    stor_account a;
    if (stor_account_get(user, host, &a) != 0)
        ex_raise(ctx, 1141, "42000", "There is no such grant defined for user '%s' on host '%s'", user, host);
    char pw[96];
    password_clause(&a, pw, sizeof pw);
    ex_textset ts;
    account_set(ctx, &ts, "Grants for", user, host);
    char g[1200];
    snprintf(g, sizeof g, "GRANT %s ON *.* TO `%s`@`%s`%s%s", priv_list(ctx, a.privs, STOR_PRIV_ALL_GLOBAL),
             user, host, pw, (a.privs & STOR_PRIV_GRANT) ? " WITH GRANT OPTION" : "");
    const char *vals[1] = { stor_arena_strndup(ctx->a, g, strlen(g)) };
    ex_textset_add(ctx, &ts, vals);
    size_t n = 0;
    stor_grant *gl = stor_grant_list(a.user, a.host, &n);
    for (int pass = 0; pass < 2; pass++)   /* database grants, then table grants */
        for (size_t i = 0; i < n; i++) {
            stor_grant *x = &gl[i];
            if ((pass == 0) != (x->table[0] == 0)) continue;
            char on[300];
            snprintf(on, sizeof on, "%s.%s", quote_name(ctx, x->db), pass ? quote_name(ctx, x->table) : "*");
            snprintf(g, sizeof g, "GRANT %s ON %s TO `%s`@`%s`%s",
                     priv_list(ctx, x->privs, pass ? STOR_PRIV_ALL_TABLE : STOR_PRIV_ALL_DB), on, user, host,
                     (x->privs & STOR_PRIV_GRANT) ? " WITH GRANT OPTION" : "");
            vals[0] = stor_arena_strndup(ctx->a, g, strlen(g));
            ex_textset_add(ctx, &ts, vals);
        }
    free(gl);
    ex_textset_send(ctx, &ts, r);
}
