/* accounts.c - CREATE/DROP/ALTER/RENAME USER, SET PASSWORD, GRANT, REVOKE and SHOW
 * GRANTS over the storage account store. Global, database, table, column and routine
 * privileges are recorded there and enforced by privs.c. */
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

static void grantee(ex_ctx *ctx, pl_user *u, const char **user, const char **host);
static bool is_public(const char *user, const char *host);

/* ACCOUNT LOCK / UNLOCK of CREATE or ALTER USER on an account that exists. */
static void set_lock(ex_ctx *ctx, const pl_stmt *st, const pl_user *u)
{
    stor_account a;
    if (!st->account_lock || stor_account_get(u->user, u->host, &a) != 0) return;
    a.locked = st->account_lock == 1;
    if (stor_account_put(&a, true) == STOR_ACC_EIO)
        ex_raise(ctx, 1030, "HY000", "Got error 5 \"Input/output error\" from storage engine");
}
static bool public_ready(ex_ctx *ctx, bool grant);

static void __attribute__((noreturn)) no_table_grant(ex_ctx *ctx, const pl_user *u, const char *table)
{
    ex_raise(ctx, 1147, "42000", "There is no such grant defined for user '%s' on host '%s' on table '%s'", u->user, u->host, table);
}

static void io_error(ex_ctx *ctx)
{
    ex_raise(ctx, 1030, "HY000", "Got error 5 \"Input/output error\" from storage engine");
}

/* GRANT priv (cols) ON db.table: a level below a table is wrong (1144), and every column
 * must be the table's (1054, as MariaDB checks them before changing anything). */
static void colprivs_check(ex_ctx *ctx, const pl_stmt *st, const char *db, const char *table)
{
    if (!st->ncolprivs) return;
    if (!table) ex_raise(ctx, 1144, "42000", "Illegal GRANT/REVOKE command; please consult the manual to see which privileges can be used");
    if (st->kind != S_GRANT) return;
    const stor_table *t = stor_table_find(db, table);
    for (int i = 0; t && i < st->ncolprivs; i++)
        for (int k = 0; k < st->colprivs[i].ncols; k++) {
            const char *c = st->colprivs[i].cols[k];
            uint32_t j = 0;
            while (j < t->ncols && strcasecmp(t->cols[j].name, c)) j++;
            if (j == t->ncols) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in '%s'", c, table);
        }
}

/* The column part of GRANT/REVOKE ON db.table for user@host: each listed privilege on
 * its columns; a REVOKE of table privileges takes them from every column too (MariaDB's
 * revoke does). */
static void colprivs_apply(ex_ctx *ctx, const pl_stmt *st, const pl_user *u, const char *db, const char *table,
                           uint64_t table_privs)
{
    bool grant = st->kind == S_GRANT;
    for (int i = 0; i < st->ncolprivs; i++) {
        const pl_colpriv *c = &st->colprivs[i];
        uint64_t bit = c->priv;
        int rc = stor_col_grant_update(u->user, u->host, db, table, (const char *const *)c->cols, c->ncols,
                                       grant ? bit : 0, grant ? 0 : bit);
        if (rc == STOR_ACC_NOGRANT) no_table_grant(ctx, u, table);
        if (rc != STOR_ACC_OK) io_error(ctx);
    }
    uint64_t strip = table_privs & STOR_PRIV_COLUMN;
    if (grant || !strip) return;
    size_t n = 0, k = 0;
    stor_col_grant *all = stor_col_grant_list(u->user, u->host, &n);
    const char **names = stor_arena_alloc(ctx->a, (n ? n : 1) * sizeof *names);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(all[i].db, db) && !strcmp(all[i].table, table))
            names[k++] = stor_arena_strndup(ctx->a, all[i].column, strlen(all[i].column));
    free(all);
    if (k && stor_col_grant_update(u->user, u->host, db, table, names, (int)k, 0, strip) != STOR_ACC_OK) io_error(ctx);
}

/* The grantee of a GRANT/REVOKE: a role's name is its grants'; a GRANT makes a missing
 * account (unless NO_AUTO_CREATE_USER, 1133), a REVOKE wants it there (1141). */
static void grant_account(ex_ctx *ctx, const pl_stmt *st, pl_user *u)
{
    const char *gu, *gh;
    grantee(ctx, u, &gu, &gh);
    u->user = (char *)gu; u->host = (char *)gh;
    stor_account a;
    if (is_public(gu, gh) && !public_ready(ctx, st->kind == S_GRANT))
        ex_raise(ctx, 1141, "42000", "There is no such grant defined for user 'PUBLIC' on host ''");
    if (stor_account_get(u->user, u->host, &a) != 0) {
        if (st->kind == S_REVOKE) ex_raise(ctx, 1141, "42000", "There is no such grant defined for user '%s' on host '%s'", u->user, u->host);
        if (!u->password && !u->hash && (ctx->s->sql_mode & MODE_NO_AUTO_CREATE_USER))
            ex_raise(ctx, 1133, "28000", "Can't find any matching row in the user table");
        if (stor_account_create(u->user, u->host, u->plugin, u->password ? u->password : "", false, false) != STOR_ACC_OK)
            ex_raise(ctx, 1133, "28000", "Can't find any matching row in the user table");
    } else if (u->password) stor_account_set_password(u->user, u->host, u->plugin, u->password);
}

static void __attribute__((noreturn)) illegal_grant(ex_ctx *ctx)
{
    ex_raise(ctx, 1144, "42000", "Illegal GRANT/REVOKE command; please consult the manual to see which privileges can be used");
}

uint64_t ex_routine_grant_privs(ex_ctx *ctx, const pl_stmt *st)
{
    if (st->global_level || !st->grant_table || st->ncolprivs || (st->privs & ~STOR_PRIV_ROUTINE)) illegal_grant(ctx);
    uint64_t privs = st->all_privileges ? STOR_PRIV_EXECUTE | STOR_PRIV_ALTER_PROC : st->privs;
    if (st->grant_option && st->kind == S_GRANT) privs |= STOR_PRIV_GRANT;
    return privs;
}

/* user@host of the session, as MariaDB writes a grant's Grantor. */
static const char *grantor(ex_ctx *ctx)
{
    size_t cap = strlen(ctx->s->user) + strlen(ctx->s->host) + 2;
    char *g = stor_arena_alloc(ctx->a, cap);
    snprintf(g, cap, "%s@%s", ctx->s->user, ctx->s->host);
    return g;
}

/* GRANT/REVOKE privs ON PROCEDURE|FUNCTION db.name TO/FROM users (MariaDB's
 * mysql_routine_grant): a GRANT needs the routine (1305), a REVOKE a grant (1403). */
static void routine_grant(ex_ctx *ctx, pl_stmt *st)
{
    uint64_t privs = ex_routine_grant_privs(ctx, st);
    bool fn = st->grant_routine == 2, grant = st->kind == S_GRANT;
    const char *db = ex_cur_db(ctx, st->grant_db), *name = st->grant_table;
    if (grant && !stor_routine_find(db, name, fn))
        ex_raise(ctx, 1305, "42000", "FUNCTION or PROCEDURE %s does not exist", name);
    for (int i = 0; i < st->nusers; i++) {
        pl_user *u = &st->users[i];
        grant_account(ctx, st, u);
        int rc = stor_proc_grant_update(u->user, u->host, db, name, fn, grantor(ctx), grant ? privs : 0,
                                        grant ? 0 : privs);
        if (rc == STOR_ACC_NOGRANT)
            ex_raise(ctx, 1403, "42000", "There is no such grant defined for user '%s' on host '%s' on routine '%s'",
                     u->user, u->host, name);
        if (rc == STOR_ACC_EIO) io_error(ctx);
        if (rc != STOR_ACC_OK) ex_raise(ctx, 1133, "28000", "Can't find any matching row in the user table");
    }
}

void ex_routine_created(ex_ctx *ctx, const char *db, const char *name, bool function)
{
    pdb_session *s = ctx->s;
    uint64_t both = STOR_PRIV_EXECUTE | STOR_PRIV_ALTER_PROC;
    if (!s->enforce_privs || (ex_privs_routine_have(s, db, name, function) & both) == both) return;
    int rc = stor_proc_grant_update(s->user, s->priv_host, db, name, function, grantor(ctx), both, 0);
    if (rc != STOR_ACC_OK)   /* (the routine stays, as MariaDB's ER_PROC_AUTO_GRANT_FAIL) */
        ex_warn(ctx, "Warning", 1404, "Failed to grant EXECUTE and ALTER ROUTINE privileges");
}

/* A data directory from before routine grants: its routines' definers get the grants
 * creating the routine gives now (their creator is not kept: the definer mostly is), so a
 * user keeps running and changing their own routines after the upgrade. Once: the
 * accounts file is then written in the current format. At startup, single-threaded. */
void ex_routine_grants_upgrade(void)
{
    if (!stor_accounts_need_routine_grants()) return;
    uint64_t both = STOR_PRIV_EXECUTE | STOR_PRIV_ALTER_PROC;
    uint32_t ndb, n = 0;
    stor_db **dbs = stor_db_list(&ndb);
    for (uint32_t i = 0; i < ndb; i++) {
        for (uint32_t j = 0; j < dbs[i]->nroutines; j++) {
            const stor_routine *r = dbs[i]->routines[j];
            pdb_session s;
            pdb_session_init(&s, 0);
            ex_sp_definer(r->sql, s.user, sizeof s.user, s.priv_host, sizeof s.priv_host);
            s.enforce_privs = true;
            stor_account acc;
            char by[sizeof s.user + sizeof s.priv_host + 1];
            snprintf(by, sizeof by, "%s@%s", s.user, s.priv_host);
            if (stor_account_get(s.user, s.priv_host, &acc) == 0 &&
                (ex_privs_routine_have(&s, dbs[i]->name, r->name, r->function) & both) != both &&
                stor_proc_grant_update(s.user, s.priv_host, dbs[i]->name, r->name, r->function, by, both, 0) == STOR_ACC_OK)
                n++;
            pdb_session_free(&s);
        }
    }
    if (stor_accounts_routine_grants_done() != STOR_ACC_OK)
        fprintf(stderr, "pressdb: [Warning] could not write the accounts file after adding routine grants\n");
    if (n)
        fprintf(stderr, "pressdb: [Note] gave %u routines' definers EXECUTE and ALTER ROUTINE on them "
                "(a data directory from before routine privileges)\n", n);
}

void ex_routine_dropped(ex_ctx *ctx, const char *db, const char *name, bool function)
{
    if (stor_proc_grant_drop_routine(db, name, function) != STOR_ACC_OK)
        ex_warn(ctx, "Warning", 1405, "Failed to revoke all privileges to dropped routine");
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
            else set_lock(ctx, st, u);
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
            } else if (st->kind == S_ALTER_USER) set_lock(ctx, st, u);
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
        if (st->proxy) break;   /* (accepted, not kept: pressdb has no proxy users) */
        if (st->grant_routine) { routine_grant(ctx, st); break; }
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
        if (st->ncolprivs && (global || !table))
            ex_raise(ctx, 1144, "42000", "Illegal GRANT/REVOKE command; please consult the manual to see which privileges can be used");
        if (table && st->kind == S_GRANT && !stor_table_find(db, table) &&
            !(!strcmp(db, "mysql") && ex_mysql_schema_table(table)))
            ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", db, table);
        colprivs_check(ctx, st, db, table);
        for (int i = 0; i < st->nusers; i++) {
            pl_user *u = &st->users[i];
            grant_account(ctx, st, u);
            int rc = STOR_ACC_OK;
            bool cols = table && (st->ncolprivs || (st->kind == S_REVOKE && stor_col_grant_any(u->user, u->host, db, table)));
            if (st->revoke_all) rc = stor_grant_revoke_all(u->user, u->host);
            else if (st->kind == S_GRANT) {
                if (privs || !st->ncolprivs) rc = stor_grant_update(u->user, u->host, db, table, privs, 0);
            } else if (privs || !cols) {
                rc = stor_grant_update(u->user, u->host, db, table, 0, privs);
                if (rc == STOR_ACC_NOGRANT && cols) rc = STOR_ACC_OK;   /* (column grants only: the table has a grant) */
            }
            if (rc == STOR_ACC_OK && cols) colprivs_apply(ctx, st, u, db, table, privs);
            if (rc == STOR_ACC_NOGRANT) {
                if (table) ex_raise(ctx, 1147, "42000", "There is no such grant defined for user '%s' on host '%s' on table '%s'", u->user, u->host, table);
                ex_raise(ctx, 1141, "42000", "There is no such grant defined for user '%s' on host '%s'", u->user, u->host);
            }
            if (rc == STOR_ACC_EIO) io_error(ctx);
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
    if (host) snprintf(nm, sizeof nm, "%s %s@%s", what, user, host);
    else snprintf(nm, sizeof nm, "%s %s", what, user);   /* (a role's) */
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
    snprintf(g, sizeof g, "CREATE USER %s@%s%s%s", quote_name(ctx, user), quote_name(ctx, host), pw,
             a.locked ? " ACCOUNT LOCK" : "");
    const char *vals[1] = { stor_arena_strndup(ctx->a, g, strlen(g)) };
    ex_textset_add(ctx, &ts, vals);
    ex_textset_send(ctx, &ts, r);
}

static stor_role_grant *role_grants(ex_ctx *ctx, size_t *n);
static bool role_exists(const char *name);

/* PUBLIC: the role every account has (MariaDB 10.11), kept as the role "PUBLIC" with the
 * empty host, created by the first GRANT to it. */
static bool is_public(const char *user, const char *host)
{
    return !strcmp(user, "PUBLIC") && !host[0];
}

/* A role's name in an error: PUBLIC as MariaDB spells it, however it was written. */
static const char *role_shown(const char *name)
{
    return strcasecmp(name, "PUBLIC") ? name : "PUBLIC";
}

/* `user`@`host`, or a role's `name` */
static const char *grant_to(ex_ctx *ctx, const char *user, const char *host)
{
    char buf[700];
    if (is_public(user, host)) return "PUBLIC";
    if (host[0]) snprintf(buf, sizeof buf, "`%s`@`%s`", user, host);
    else snprintf(buf, sizeof buf, "`%s`", user);
    return stor_arena_strndup(ctx->a, buf, strlen(buf));
}

static void grants_line(ex_ctx *ctx, ex_textset *ts, const char *line)
{
    const char *vals[1] = { stor_arena_strndup(ctx->a, line, strlen(line)) };
    ex_textset_add(ctx, ts, vals);
}

/* A table line's privileges with its columns', as MariaDB's SHOW GRANTS writes them:
 * each privilege in order, then, when columns have it, "NAME (`a`, `b`)" (the name again
 * when the table has it too); ALL PRIVILEGES when the table has them all. */
static const char *table_priv_list(ex_ctx *ctx, uint64_t privs, const stor_col_grant *c, size_t nc,
                                   const char *db, const char *table)
{
    uint64_t own = privs & ~STOR_PRIV_GRANT, cols = 0;
    for (size_t k = 0; k < nc; k++)
        if (!strcmp(c[k].db, db) && !strcmp(c[k].table, table)) cols |= c[k].privs;
    if ((own & STOR_PRIV_ALL_TABLE) == STOR_PRIV_ALL_TABLE) return "ALL PRIVILEGES";
    if (!(own | cols)) return "USAGE";
    ex_tbuf o = { NULL, 0, 0, ctx->a };
    for (int bit = 0; bit < 39; bit++) {
        uint64_t b = 1ull << bit;
        if (!((own | cols) & b) || b == STOR_PRIV_GRANT) continue;
        const char *name = ex_priv_name(bit);
        if (o.n) ex_tb_puts(&o, ", ");
        ex_tb_puts(&o, name);
        if (!(cols & b)) continue;
        if (own & b) { ex_tb_puts(&o, ", "); ex_tb_puts(&o, name); }
        bool first = true;
        for (size_t k = 0; k < nc; k++) {
            if (!(c[k].privs & b) || strcmp(c[k].db, db) || strcmp(c[k].table, table)) continue;
            ex_tb_puts(&o, first ? " (" : ", ");
            ex_tb_puts(&o, quote_name(ctx, c[k].column));
            first = false;
        }
        ex_tb_puts(&o, ")");
    }
    ex_tb_put(&o, "", 0);
    return o.p ? o.p : "";
}

/* One table line of SHOW GRANTS. */
static void table_line(ex_ctx *ctx, ex_textset *ts, const char *to, const char *db, const char *table,
                       uint64_t privs, const stor_col_grant *c, size_t nc)
{
    const char *list = table_priv_list(ctx, privs, c, nc, db, table);
    const char *qdb = quote_name(ctx, db), *qt = quote_name(ctx, table);
    size_t cap = strlen(list) + strlen(qdb) + strlen(qt) + strlen(to) + 64;
    char *g = stor_arena_alloc(ctx->a, cap);
    snprintf(g, cap, "GRANT %s ON %s.%s TO %s%s", list, qdb, qt, to, (privs & STOR_PRIV_GRANT) ? " WITH GRANT OPTION" : "");
    grants_line(ctx, ts, g);
}

/* Its routine grants, procedures then functions (each in grant order), as MariaDB's
 * show_routine_grants: the name lower-cased, none for a grant holding nothing. */
static void routine_lines(ex_ctx *ctx, ex_textset *ts, const char *to, const stor_account *a)
{
    size_t n = 0;
    stor_proc_grant *pg = stor_proc_grant_list(a->user, a->host, &n);
    for (int fn = 0; fn < 2; fn++)
        for (size_t i = 0; i < n; i++) {
            if (pg[i].function != fn || !pg[i].privs) continue;
            char name[sizeof pg[i].name], g[1200];
            for (size_t k = 0; k < sizeof name; k++) name[k] = (char)tolower((unsigned char)pg[i].name[k]);
            snprintf(g, sizeof g, "GRANT %s ON %s %s.%s TO %s%s", priv_list(ctx, pg[i].privs, ~0ull),
                     fn ? "FUNCTION" : "PROCEDURE", quote_name(ctx, pg[i].db), quote_name(ctx, name), to,
                     (pg[i].privs & STOR_PRIV_GRANT) ? " WITH GRANT OPTION" : "");
            grants_line(ctx, ts, g);
        }
    free(pg);
}

/* One account's or role's lines: the roles granted to it, its global privileges, its
 * database grants, its table grants (with their columns'), the tables where it has
 * column grants only. */
static void grants_of(ex_ctx *ctx, ex_textset *ts, const stor_account *a, const stor_role_grant *rg, size_t nrg)
{
    const char *to = grant_to(ctx, a->user, a->host);
    char g[1200];
    for (size_t i = 0; i < nrg; i++) {
        if (strcmp(rg[i].user, a->user) || strcasecmp(rg[i].host, a->host)) continue;
        snprintf(g, sizeof g, "GRANT %s TO %s%s", quote_name(ctx, rg[i].role), to, rg[i].admin ? " WITH ADMIN OPTION" : "");
        grants_line(ctx, ts, g);
    }
    char pw[96];
    password_clause(a, pw, sizeof pw);
    snprintf(g, sizeof g, "GRANT %s ON *.* TO %s%s%s", priv_list(ctx, a->privs, STOR_PRIV_ALL_GLOBAL),
             to, a->is_role ? "" : pw, (a->privs & STOR_PRIV_GRANT) ? " WITH GRANT OPTION" : "");
    if (a->privs || !is_public(a->user, a->host)) grants_line(ctx, ts, g);   /* (PUBLIC: no USAGE line) */
    size_t n = 0, nc = 0;
    stor_grant *gl = stor_grant_list(a->user, a->host, &n);
    stor_col_grant *cl = stor_col_grant_list(a->user, a->host, &nc);
    for (size_t i = 0; i < n; i++) {   /* database grants */
        stor_grant *x = &gl[i];
        if (x->table[0]) continue;
        snprintf(g, sizeof g, "GRANT %s ON %s.* TO %s%s", priv_list(ctx, x->privs, STOR_PRIV_ALL_DB),
                 quote_name(ctx, x->db), to, (x->privs & STOR_PRIV_GRANT) ? " WITH GRANT OPTION" : "");
        grants_line(ctx, ts, g);
    }
    for (size_t i = 0; i < n; i++)
        if (gl[i].table[0]) table_line(ctx, ts, to, gl[i].db, gl[i].table, gl[i].privs, cl, nc);
    for (size_t i = 0; i < nc; i++) {   /* (each such table once, where its first column grant is) */
        bool first = true;
        for (size_t j = 0; j < i && first; j++) first = strcmp(cl[j].db, cl[i].db) || strcmp(cl[j].table, cl[i].table);
        for (size_t j = 0; j < n && first; j++) first = strcmp(gl[j].db, cl[i].db) || strcmp(gl[j].table, cl[i].table);
        if (first) table_line(ctx, ts, to, cl[i].db, cl[i].table, 0, cl, nc);
    }
    routine_lines(ctx, ts, to, a);
    free(cl);
    free(gl);
}

/* The lines of the roles role enables (itself first, then those granted to it). */
static void grants_of_roles(ex_ctx *ctx, ex_textset *ts, const char *role, const stor_role_grant *rg, size_t nrg)
{
    const char *en[256];
    int ne = ex_roles_enabled(role, rg, nrg, en, 256);
    for (int i = 0; i < ne; i++) {
        stor_account ra;
        if (stor_account_get(en[i], "", &ra) == 0 && ra.is_role) grants_of(ctx, ts, &ra, rg, nrg);
    }
}

/* SHOW GRANTS [FOR user | role | CURRENT_USER | CURRENT_ROLE], as MariaDB lists them: a
 * role's lines follow with those of the roles granted to it, and a plain SHOW GRANTS
 * follows the account's with the enabled role's. */
void ex_show_grants(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    const char *user, *host;
    named_account(ctx, st, &user, &host);
    pl_user *u = st->nusers ? &st->users[0] : NULL;
    if (u && u->current_role) {
        if (!ctx->s->role[0])
            ex_raise(ctx, 1141, "42000", "There is no such grant defined for user '%s' on host '%s'", ctx->s->user, ctx->s->priv_host);
        user = ctx->s->role; host = "";
    } else if (u && u->no_host && !strcasecmp(u->user, "PUBLIC")) {
        user = "PUBLIC"; host = "";
    } else if (u && u->no_host && role_exists(u->user)) host = "";
    stor_account a;
    if (is_public(user, host) && stor_account_get(user, host, &a) != 0) {   /* (nothing granted to it yet) */
        ex_textset ts;
        account_set(ctx, &ts, "Grants for", "PUBLIC", NULL);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    if (stor_account_get(user, host, &a) != 0)
        ex_raise(ctx, 1141, "42000", "There is no such grant defined for user '%s' on host '%s'", user, host);
    size_t nrg = 0;
    stor_role_grant *rg = role_grants(ctx, &nrg);
    ex_textset ts;
    if (a.is_role) {
        account_set(ctx, &ts, "Grants for", a.user, NULL);
        grants_of_roles(ctx, &ts, a.user, rg, nrg);
    } else {
        account_set(ctx, &ts, "Grants for", user, host);
        grants_of(ctx, &ts, &a, rg, nrg);
        if (!u && ctx->s->role[0]) grants_of_roles(ctx, &ts, ctx->s->role, rg, nrg);
        if (!u && role_exists("PUBLIC")) grants_of_roles(ctx, &ts, "PUBLIC", rg, nrg);   /* (everyone's) */
        if (a.default_role[0]) {
            char g[600];
            snprintf(g, sizeof g, "SET DEFAULT ROLE %s FOR %s", quote_name(ctx, a.default_role), grant_to(ctx, a.user, a.host));
            grants_line(ctx, &ts, g);
        }
    }
    ex_textset_send(ctx, &ts, r);
}

/* ---------------------------------------------------------------- roles */

int ex_roles_enabled(const char *role, const stor_role_grant *rg, size_t n, const char **out, int cap)
{
    int k = 0;
    if (!role || !role[0] || cap < 1) return 0;
    out[k++] = role;
    for (int i = 0; i < k; i++)   /* (breadth first; each role once) */
        for (size_t j = 0; j < n && k < cap; j++) {
            if (rg[j].host[0] || strcmp(rg[j].user, out[i])) continue;
            bool seen = false;
            for (int m = 0; m < k && !seen; m++) seen = !strcmp(out[m], rg[j].role);
            if (!seen) out[k++] = rg[j].role;
        }
    return k;
}

bool ex_role_granted(const stor_role_grant *rg, size_t n, const char *user, const char *host,
                     const char *role, bool admin)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(rg[i].user, user) && !strcasecmp(rg[i].host, host) && !strcmp(rg[i].role, role))
            return !admin || rg[i].admin;
    return false;
}

void ex_roles_login(pdb_session *s)
{
    s->role[0] = 0;
    stor_account a;
    if (stor_account_get(s->user, s->priv_host, &a) != 0 || !a.default_role[0]) return;
    size_t n = 0;
    stor_role_grant *rg = stor_role_grant_list(&n);
    if (ex_role_granted(rg, n, s->user, s->priv_host, a.default_role, false))
        snprintf(s->role, sizeof s->role, "%s", a.default_role);
    free(rg);
}

/* Every role grant, copied into the statement's arena (errors may raise at any point). */
static stor_role_grant *role_grants(ex_ctx *ctx, size_t *n)
{
    stor_role_grant *rg = stor_role_grant_list(n);
    stor_role_grant *out = stor_arena_alloc(ctx->a, (*n + 1) * sizeof *out);
    if (*n) memcpy(out, rg, *n * sizeof *out);
    free(rg);
    return out;
}

static bool role_exists(const char *name)
{
    stor_account a;
    return stor_account_get(name, "", &a) == 0 && a.is_role;
}

/* NONE, PUBLIC and the empty name cannot be roles (1959, MariaDB's wording). */
static void role_name_check(ex_ctx *ctx, const char *name)
{
    if (!name[0] || !strcasecmp(name, "none") || !strcasecmp(name, "public"))
        ex_raise(ctx, 1959, "OP000", "Invalid role specification `%s`",
                 !name[0] ? "" : !strcasecmp(name, "none") ? "NONE" : "PUBLIC");
}

/* A grantee as MariaDB resolves it: CURRENT_USER, CURRENT_ROLE, a name without a host
 * that is a role's, else user@host. */
static void grantee(ex_ctx *ctx, pl_user *u, const char **user, const char **host)
{
    if (u->current_role) {
        if (!ctx->s->role[0]) ex_raise(ctx, 1959, "OP000", "Invalid role specification `NONE`");
        *user = ctx->s->role; *host = "";
        return;
    }
    if (u->no_host && !strcasecmp(u->user, "PUBLIC")) {
        *user = "PUBLIC"; *host = "";
        return;
    }
    resolve(ctx, u);
    *user = u->user; *host = u->host;
    if (u->no_host && role_exists(u->user)) *host = "";
}

/* PUBLIC as a grantee: created when granted to first; false when it does not exist (a
 * REVOKE then has nothing to take). */
static bool public_ready(ex_ctx *ctx, bool grant)
{
    stor_account a;
    if (stor_account_get("PUBLIC", "", &a) == 0) return true;
    if (!grant) return false;
    int rc = stor_role_create("PUBLIC", NULL, NULL, false);
    if (rc == STOR_ACC_EIO) ex_raise(ctx, 1030, "HY000", "Got error 5 \"Input/output error\" from storage engine");
    return rc == STOR_ACC_OK;
}

static const char *grantee_text(ex_ctx *ctx, const char *user, const char *host)
{
    char buf[400];
    if (host[0]) snprintf(buf, sizeof buf, "'%s'@'%s'", user, host);
    else snprintf(buf, sizeof buf, "'%s'", user);
    return stor_arena_strndup(ctx->a, buf, strlen(buf));
}

static void role_io_check(ex_ctx *ctx, int rc)
{
    if (rc == STOR_ACC_EIO) ex_raise(ctx, 1030, "HY000", "Got error 5 \"Input/output error\" from storage engine");
}

static void create_role(ex_ctx *ctx, pl_stmt *st)
{
    const char *au = NULL, *ah = NULL;
    if (st->role_admin) grantee(ctx, st->role_admin, &au, &ah);
    else if (ctx->s->user[0] && !ctx->s->no_account) { au = ctx->s->user; ah = ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host; }
    char failed[1024] = "";
    for (int i = 0; i < st->nusers; i++) {
        const char *name = st->users[i].user;
        role_name_check(ctx, name);
        int rc = stor_role_create(name, au, ah, st->or_replace);
        if (rc == STOR_ACC_EXISTS) {
            if (st->if_not_exists) { ex_warn(ctx, "Note", 1975, "Can't create role '%s'; it already exists", name); continue; }
            size_t k = strlen(failed);
            snprintf(failed + k, sizeof failed - k, "%s'%s'", k ? "," : "", name);
            continue;
        }
        if (rc == STOR_ACC_EINVAL) ex_raise(ctx, 1470, "HY000", "String '%s' is too long for user name (should be no longer than 80)", name);
        role_io_check(ctx, rc);
    }
    if (failed[0]) ex_raise(ctx, 1396, "HY000", "Operation CREATE ROLE failed for %s", failed);
}

static void drop_roles(ex_ctx *ctx, pl_stmt *st)
{
    char failed[1024] = "";
    for (int i = 0; i < st->nusers; i++) {
        const char *name = st->users[i].user;
        bool pub = !strcasecmp(name, "PUBLIC");
        if (!pub && role_exists(name) && stor_account_drop(name, "") == STOR_ACC_OK) continue;
        if (st->if_exists && !pub) { ex_warn(ctx, "Note", 1976, "Can't drop role '%s'; it doesn't exist", name); continue; }
        size_t k = strlen(failed);
        snprintf(failed + k, sizeof failed - k, pub ? "%sPUBLIC" : "%s'%s'", k ? "," : "", name);
    }
    if (failed[0]) ex_raise(ctx, 1396, "HY000", "Operation DROP ROLE failed for %s", failed);
}

static void grant_role(ex_ctx *ctx, pl_stmt *st, bool grant)
{
    if (!strcasecmp(st->name, "PUBLIC") || !role_exists(st->name))
        ex_raise(ctx, 1959, "OP000", "Invalid role specification `%s`", role_shown(st->name));
    size_t nrg = 0;
    stor_role_grant *rg = role_grants(ctx, &nrg);
    for (int i = 0; i < st->nusers; i++) {
        const char *user, *host;
        grantee(ctx, &st->users[i], &user, &host);
        stor_account a;
        if (is_public(user, host)) public_ready(ctx, grant);
        if (stor_account_get(user, host, &a) != 0) {
            if (grant) ex_raise(ctx, 1133, "28000", "Can't find any matching row in the user table");
            ex_raise(ctx, 1962, "HY000", "Cannot revoke role '%s' from: %s", st->name, grantee_text(ctx, user, host));
        }
        if (grant && !host[0]) {   /* a role to a role: itself, or one that would make a cycle */
            const char *en[256];
            int ne = ex_roles_enabled(st->name, rg, nrg, en, 256);
            bool cycle = false;
            for (int k = 1; k < ne && !cycle; k++) cycle = !strcmp(en[k], user);
            if (cycle || !strcmp(user, st->name))
                ex_raise(ctx, 1961, "HY000", "Cannot grant role '%s' to: %s", st->name, grantee_text(ctx, user, host));
        }
        int rc = stor_role_grant_update(user, host, st->name, grant, st->grant_option);
        if (rc == STOR_ACC_NOGRANT && !st->grant_option)
            ex_raise(ctx, 1962, "HY000", "Cannot revoke role '%s' from: %s", st->name, grantee_text(ctx, user, host));
        role_io_check(ctx, rc);
    }
}

static void set_role(ex_ctx *ctx, pl_stmt *st)
{
    pdb_session *s = ctx->s;
    if (!st->name) { s->role[0] = 0; return; }
    size_t n = 0;
    stor_role_grant *rg = role_grants(ctx, &n);
    if (!strcasecmp(st->name, "PUBLIC") || !role_exists(st->name))
        ex_raise(ctx, 1959, "OP000", "Invalid role specification `%s`", role_shown(st->name));
    if (s->enforce_privs && !ex_role_granted(rg, n, s->user, s->priv_host, st->name, false) &&
        ex_role_granted(rg, n, "PUBLIC", "", st->name, false))   /* (MariaDB's words for a role PUBLIC has) */
        ex_raise(ctx, 1959, "OP000", "Invalid role specification `%s`", st->name);
    if (s->enforce_privs && !ex_role_granted(rg, n, s->user, s->priv_host, st->name, false))
        ex_raise(ctx, 1959, "OP000", "User `%s`@`%s` has not been granted role `%s`", s->user, s->priv_host, st->name);
    snprintf(s->role, sizeof s->role, "%s", st->name);
}

static void set_default_role(ex_ctx *ctx, pl_stmt *st)
{
    const char *user = ctx->s->user, *host = ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
    if (st->nusers) grantee(ctx, &st->users[0], &user, &host);
    if (st->name[0]) {
        if (!strcasecmp(st->name, "PUBLIC") || !role_exists(st->name))
            ex_raise(ctx, 1959, "OP000", "Invalid role specification `%s`", role_shown(st->name));
        size_t n = 0;
        stor_role_grant *rg = role_grants(ctx, &n);
        bool ok = ex_role_granted(rg, n, user, host, st->name, false);
        if (!ok) ex_raise(ctx, 1959, "OP000", "User `%s`@`%s` has not been granted role `%s`", user, host, st->name);
    }
    int rc = stor_account_set_default_role(user, host, st->name);
    if (rc == STOR_ACC_NOTFOUND) ex_raise(ctx, 1133, "28000", "Can't find any matching row in the user table");
    role_io_check(ctx, rc);
}

void ex_roles(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    switch (st->kind) {
    case S_CREATE_ROLE: create_role(ctx, st); break;
    case S_DROP_ROLE: drop_roles(ctx, st); break;
    case S_GRANT_ROLE: grant_role(ctx, st, true); break;
    case S_REVOKE_ROLE: grant_role(ctx, st, false); break;
    case S_SET_ROLE: set_role(ctx, st); break;
    case S_SET_DEFAULT_ROLE: set_default_role(ctx, st); break;
    default: break;
    }
    ex_send_ok(ctx, r, 0, 0, NULL);
}

/* SET DEFAULT ROLE without FOR names the account in the binary log: a replica's applier
 * is nobody's session. */
void ex_roles_log_default(ex_ctx *ctx, pl_stmt *st)
{
    char sql[600];
    const char *host = ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
    int n = st->name[0] ? snprintf(sql, sizeof sql, "SET DEFAULT ROLE %s FOR %s", quote_name(ctx, st->name), grant_to(ctx, ctx->s->user, host))
                        : snprintf(sql, sizeof sql, "SET DEFAULT ROLE NONE FOR %s", grant_to(ctx, ctx->s->user, host));
    if (n > 0 && (size_t)n < sizeof sql) ex_log_binlog_text(ctx, sql, (size_t)n);
}
