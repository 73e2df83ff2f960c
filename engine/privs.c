/* privs.c - privilege checks as MariaDB makes them (sql_acl.cc, sql_parse.cc), for the
 * common cases: global (*.*), database (db.*, with % and _ wildcards) and table grants.
 *
 * A session caches its account's grants and reloads them when the account store's
 * version changes, so database and table GRANT/REVOKE apply to connected sessions at
 * their next statement; global privileges stay as they were at login, as in MariaDB. Temporary tables need no privileges once made (as in MariaDB).
 *
 * Column grants (SELECT, INSERT, UPDATE, REFERENCES on some columns of a table) let a
 * statement through the table's check when they hold what it lacks; its columns are then
 * checked as they are named (ex_privs_column: compiled expressions read, INSERT lists and
 * UPDATE SETs write), as MariaDB's check_grant_column. Only a session whose grants hold
 * a column grant (p->nc) does any of this, and it keeps no plans (select.c).
 *
 * Routine grants (EXECUTE, ALTER ROUTINE, GRANT OPTION on one procedure or function) are
 * looked at only when the database level lacks what a CALL, a function call, ALTER or
 * DROP needs (ex_privs_routine: 1370), as MariaDB's check_grant_routine; they make their
 * database visible and their routine listed (ex_privs_routine_shown).
 *
 * Errors: 1044 (database), 1142 (table: "<PRIV[, PRIV]> command denied to user
 * 'u'@'client host' for table `db`.`t`"), 1143 (column: "... for column 'c' in table
 * 't'"), 1227 (global privilege needed). */
#include "engine/eng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct ex_privs {
    uint64_t ver;
    uint64_t global;        /* the account's, as it logged in */
    uint64_t role_global;   /* the enabled roles' (read with their grants) */
    char role[81];          /* the role enabled when these were read */
    stor_grant *g;          /* the account's database and table grants, then the roles' */
    size_t n;
    stor_col_grant *c;      /* the account's column grants, then the roles' */
    size_t nc;
    stor_proc_grant *r;     /* the account's routine grants, then the roles' */
    size_t nr;
};

void ex_privs_free(pdb_session *s)
{
    if (!s->privs) return;
    free(s->privs->g);
    free(s->privs->c);
    free(s->privs->r);
    free(s->privs);
    s->privs = NULL;
}

/* Appends n grants of size sz to the array *v of *nv (nothing when memory ran out). */
static void append_grants(void **v, size_t *nv, const void *add, size_t n, size_t sz)
{
    char *all = n ? realloc(*v, (*nv + n) * sz) : NULL;
    if (!all) return;
    memcpy(all + *nv * sz, add, n * sz);
    *v = all;
    *nv += n;
}

/* The grants of the enabled role and of the roles granted to it, and those of PUBLIC and
 * of the roles granted to it (every account's, enabled or not, as in MariaDB), appended
 * to p's; their global bits. */
static void load_roles(pdb_session *s, struct ex_privs *p)
{
    p->role_global = 0;
    snprintf(p->role, sizeof p->role, "%s", s->role);
    stor_account pa;
    bool public = stor_account_get("PUBLIC", "", &pa) == 0 && pa.is_role;
    if (!s->role[0] && !public) return;
    size_t nrg = 0;
    stor_role_grant *rg = stor_role_grant_list(&nrg);
    const char *en[512];
    int ne = ex_roles_enabled(s->role, rg, nrg, en, 256);
    if (public) ne += ex_roles_enabled("PUBLIC", rg, nrg, en + ne, 256);
    for (int i = 0; i < ne; i++) {
        stor_account a;
        if (stor_account_get(en[i], "", &a) == 0 && a.is_role) p->role_global |= a.privs;
        size_t k = 0, kc = 0, kr = 0;
        stor_grant *g = stor_grant_list(en[i], "", &k);
        stor_col_grant *c = stor_col_grant_list(en[i], "", &kc);
        stor_proc_grant *r = stor_proc_grant_list(en[i], "", &kr);
        append_grants((void **)&p->g, &p->n, g, k, sizeof *g);
        append_grants((void **)&p->c, &p->nc, c, kc, sizeof *c);
        append_grants((void **)&p->r, &p->nr, r, kr, sizeof *r);
        free(g);
        free(c);
        free(r);
    }
    free(rg);
}

static struct ex_privs *load(pdb_session *s)
{
    uint64_t v = stor_grants_version();
    struct ex_privs *p = s->privs;
    if (p && p->ver == v && !strcmp(p->role, s->role)) return p;
    bool first = !p;
    if (!p) {
        p = calloc(1, sizeof *p);
        if (!p) return NULL;
        s->privs = p;
    }
    free(p->g);
    free(p->c);
    free(p->r);
    p->g = NULL; p->n = 0;
    p->c = NULL; p->nc = 0;
    p->r = NULL; p->nr = 0;
    /* global privileges are the account's as it logged in (MariaDB reads them at
       connect); database and table grants apply at once */
    stor_account a;
    if (first && stor_account_get(s->user, s->priv_host, &a) == 0) p->global = a.privs;
    p->g = stor_grant_list(s->user, s->priv_host, &p->n);
    p->c = stor_col_grant_list(s->user, s->priv_host, &p->nc);
    p->r = stor_proc_grant_list(s->user, s->priv_host, &p->nr);
    load_roles(s, p);
    p->ver = v;
    return p;
}

/* A database grant's name against a database: % and _ wildcards, \ escapes. */
static bool db_match(const char *pat, const char *s)
{
    while (*pat) {
        if (*pat == '%') {
            while (*pat == '%') pat++;
            if (!*pat) return true;
            for (; *s; s++) if (db_match(pat, s)) return true;
            return false;
        }
        if (!*s) return false;
        if (*pat == '_') { pat++; s++; continue; }
        if (*pat == '\\' && pat[1]) pat++;
        if (*pat != *s) return false;
        pat++; s++;
    }
    return !*s;
}

uint64_t ex_privs_db(pdb_session *s, const char *db)
{
    if (!s->enforce_privs) return ~0ull;
    struct ex_privs *p = load(s);
    if (!p) return 0;
    uint64_t r = p->global | p->role_global;
    for (size_t i = 0; i < p->n; i++)
        if (!p->g[i].table[0] && db_match(p->g[i].db, db)) r |= p->g[i].privs;
    return r;
}

uint64_t ex_privs_table(pdb_session *s, const char *db, const char *table)
{
    if (!s->enforce_privs) return ~0ull;
    uint64_t r = ex_privs_db(s, db);
    struct ex_privs *p = s->privs;
    if (!p) return r;
    for (size_t i = 0; i < p->n; i++)
        if (p->g[i].table[0] && !strcmp(p->g[i].db, db) && !strcmp(p->g[i].table, table)) r |= p->g[i].privs;
    return r;
}

/* A temporary table of that name hides the base table (it needs no privileges). */
/* The union of the session's column privileges on db.table (0 without column grants). */
static uint64_t cols_any(pdb_session *s, const char *db, const char *table)
{
    struct ex_privs *p = s->privs;
    uint64_t r = 0;
    for (size_t i = 0; p && i < p->nc; i++)
        if (!strcmp(p->c[i].db, db) && !strcmp(p->c[i].table, table)) r |= p->c[i].privs;
    return r;
}

/* The session's privileges on column col of db.table: the table's, and the column's own. */
static uint64_t col_privs(pdb_session *s, const char *db, const char *table, const char *col)
{
    uint64_t r = ex_privs_table(s, db, table);
    struct ex_privs *p = s->privs;
    for (size_t i = 0; p && i < p->nc; i++)
        if (!strcmp(p->c[i].db, db) && !strcmp(p->c[i].table, table) && !strcasecmp(p->c[i].column, col))
            r |= p->c[i].privs;
    return r;
}

/* Whether the session has a table-level grant or a column grant on db.table. */
static bool table_grant_any(pdb_session *s, const char *db, const char *table)
{
    struct ex_privs *p = s->privs;
    for (size_t i = 0; p && i < p->n; i++)
        if (p->g[i].table[0] && !strcmp(p->g[i].db, db) && !strcmp(p->g[i].table, table)) return true;
    return cols_any(s, db, table) != 0;
}

bool ex_privs_has_cols(pdb_session *s)
{
    return s->enforce_privs && s->privs && s->privs->nc;
}

bool ex_privs_column_visible(pdb_session *s, const stor_table *t, const char *col)
{
    /* (the table itself: a temporary table of that name hides nothing of it) */
    const char *db = t->db, *table = t->name;
    if (!s->enforce_privs || t->temporary) return true;
    return (col_privs(s, db, table, col) & STOR_PRIV_COLUMN) != 0;   /* (DELETE alone: none, as MariaDB) */
}

bool ex_privs_table_level(pdb_session *s, const stor_table *t)
{
    return !s->enforce_privs || t->temporary || (ex_privs_table(s, t->db, t->name) & STOR_PRIV_ALL_TABLE & ~STOR_PRIV_GRANT) != 0;
}

bool ex_privs_key_visible(pdb_session *s, const stor_table *t, const char *const *cols, uint32_t n)
{
    if (ex_privs_table_level(s, t)) return true;
    for (uint32_t k = 0; k < n; k++)
        if (!(col_privs(s, t->db, t->name, cols[k]) & STOR_PRIV_COLUMN)) return false;
    return true;
}

bool ex_privs_index_visible(pdb_session *s, const stor_table *t, const stor_index *ix)
{
    if (ex_privs_table_level(s, t)) return true;
    for (uint32_t k = 0; k < ix->ncols; k++)
        if (!(col_privs(s, t->db, t->name, t->cols[ix->cols[k]].name) & STOR_PRIV_COLUMN)) return false;
    return true;
}

const char *ex_privs_column_names(ex_ctx *ctx, const stor_table *t, const char *col)
{
    const char *db = t->db, *table = t->name;
    if (!ex_privs_has_cols(ctx->s) || t->temporary) return NULL;
    static const char *const names[] = { "select", "insert", "update", "references" };
    static const uint64_t bits[] = { STOR_PRIV_SELECT, STOR_PRIV_INSERT, STOR_PRIV_UPDATE, STOR_PRIV_REFERENCES };
    uint64_t have = col_privs(ctx->s, db, table, col);
    char *out = stor_arena_alloc(ctx->a, 40);
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < 4; i++)
        if (have & bits[i]) n += (size_t)snprintf(out + n, 40 - n, "%s%s", n ? "," : "", names[i]);
    return out;
}

bool ex_privs_db_visible(pdb_session *s, const char *db)
{
    if (!s->enforce_privs || !strcasecmp(db, "information_schema")) return true;
    if (ex_privs_db(s, db) & (STOR_PRIV_ALL_DB | STOR_PRIV_SHOW_DB)) return true;
    struct ex_privs *p = s->privs;
    for (size_t i = 0; p && i < p->n; i++)
        if (p->g[i].table[0] && !strcmp(p->g[i].db, db)) return true;
    for (size_t i = 0; p && i < p->nc; i++)
        if (!strcmp(p->c[i].db, db)) return true;
    for (size_t i = 0; p && i < p->nr; i++)   /* (any routine grant, as MariaDB's check_grant_db_routine) */
        if (!strcmp(p->r[i].db, db)) return true;
    return false;
}

bool ex_privs_table_visible(pdb_session *s, const char *db, const char *table)
{
    if (!s->enforce_privs) return true;
    return (ex_privs_table(s, db, table) & STOR_PRIV_ALL_TABLE) != 0 || cols_any(s, db, table);
}

static const char *const privnames[39] = {
    "SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "RELOAD", "SHUTDOWN", "PROCESS", "FILE",
    "GRANT", "REFERENCES", "INDEX", "ALTER", "SHOW DATABASES", "SUPER", "CREATE TEMPORARY TABLES",
    "LOCK TABLES", "EXECUTE", "REPLICATION SLAVE", "BINLOG MONITOR", "CREATE VIEW", "SHOW VIEW",
    "CREATE ROUTINE", "ALTER ROUTINE", "CREATE USER", "EVENT", "TRIGGER", "CREATE TABLESPACE",
    "DELETE HISTORY", "SET USER", "FEDERATED ADMIN", "CONNECTION ADMIN", "READ_ONLY ADMIN",
    "REPLICATION SLAVE ADMIN", "REPLICATION MASTER ADMIN", "BINLOG ADMIN", "BINLOG REPLAY", "SLAVE MONITOR",
};

const char *ex_priv_name(int bit) { return bit >= 0 && bit < 39 ? privnames[bit] : NULL; }

char *ex_privs_names(stor_arena *a, uint64_t privs)
{
    size_t cap = 16, n = 0;
    for (int i = 0; i < 39; i++) if (privs & (1ull << i)) cap += strlen(privnames[i]) + 2;
    char *out = stor_arena_alloc(a, cap);
    out[0] = 0;
    for (int i = 0; i < 39; i++) {
        if (!(privs & (1ull << i)) || i == 10) continue;   /* GRANT OPTION is said apart */
        n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? ", " : "", privnames[i]);
    }
    return out;
}

static uint64_t global_privs(pdb_session *s)
{
    if (!s->enforce_privs) return ~0ull;
    struct ex_privs *p = load(s);
    return p ? p->global | p->role_global : 0;
}

/* Access_denied_errors counts what MariaDB's checks count: the denials below and failed
 * logins (server/auth.c), not USE or SHOW CREATE TABLE (their own checks, uncounted). */
static void denied(ex_ctx *ctx) { pdb_status_add(ctx->s, PDB_STAT_ACCESS_DENIED_ERRORS, 1); }

static void __attribute__((noreturn)) deny_db(ex_ctx *ctx, const char *db)
{
    denied(ctx);
    ex_raise(ctx, 1044, "42000", "Access denied for user '%s'@'%s' to database '%s'", ctx->s->user, ctx->s->priv_host, db);
}

/* The host a denial names: the client's, or inside a stored program running as its
 * definer that account's host (MariaDB's security context is the definer's then). */
static const char *denied_host(const pdb_session *s) { return s->as_depth ? s->priv_host : s->host; }

static void __attribute__((noreturn)) deny_table(ex_ctx *ctx, uint64_t missing, const char *cmd, const char *db, const char *table)
{
    if (!cmd || strcmp(cmd, "SHOW")) denied(ctx);
    ex_raise(ctx, 1142, "42000", "%s command denied to user '%s'@'%s' for table `%s`.`%s`",
             cmd ? cmd : ex_privs_names(ctx->a, missing), ctx->s->user, denied_host(ctx->s), db, table);
}

static void __attribute__((noreturn)) deny_column(ex_ctx *ctx, uint64_t missing, const char *table, const char *col)
{
    denied(ctx);
    ex_raise(ctx, 1143, "42000", "%s command denied to user '%s'@'%s' for column '%s' in table '%s'",
             ex_privs_names(ctx->a, missing), ctx->s->user, denied_host(ctx->s), col, table);
}

/* Whether t's columns are not to be checked here: privileges off, a temporary table, or
 * read with a SQL SECURITY DEFINER view's rights. */
static bool col_exempt(ex_ctx *ctx, const stor_table *t)
{
    return !ctx->s->enforce_privs || t->temporary || ctx->definer_rights || ctx->cols_unchecked;
}

static void table_column(ex_ctx *ctx, const stor_table *t, const char *col, uint64_t need)
{
    if (col_exempt(ctx, t)) return;
    uint64_t have = col_privs(ctx->s, t->db, t->name, col);
    if ((have & need) != need) deny_column(ctx, need & ~have, t->name, col);
}

void ex_privs_column(ex_ctx *ctx, const ex_src *s, const char *col, uint64_t need)
{
    if (!s->lent) table_column(ctx, s->t, col, need);
}

void ex_privs_trigger_column(ex_ctx *ctx, const stor_table *t, const char *col, uint64_t need)
{
    if (!ctx->s->enforce_privs || t->temporary) return;
    uint64_t have = col_privs(ctx->s, t->db, t->name, col);
    if ((have & need) != need) deny_column(ctx, need & ~have, t->name, col);
}

void ex_privs_star(ex_ctx *ctx, const ex_src *s)
{
    const stor_table *t = s->t;
    if (s->lent || col_exempt(ctx, t) || (ex_privs_table(ctx->s, t->db, t->name) & STOR_PRIV_SELECT)) return;
    for (uint32_t c = 0; c < t->ncols; c++)
        if (!(col_privs(ctx->s, t->db, t->name, t->cols[c].name) & STOR_PRIV_SELECT))
            deny_table(ctx, STOR_PRIV_SELECT, "SELECT", t->db, t->name);
}

void ex_privs_unknown_column(ex_ctx *ctx, const ex_src *s, const char *col)
{
    const stor_table *t = s->t;
    if (s->lent || col_exempt(ctx, t) || (ex_privs_table(ctx->s, t->db, t->name) & STOR_PRIV_SELECT)) return;
    deny_column(ctx, STOR_PRIV_SELECT, t->name, col);
}

static void __attribute__((noreturn)) deny_global(ex_ctx *ctx, const char *what)
{
    denied(ctx);
    ex_raise(ctx, 1227, "42000", "Access denied; you need (at least one of) the %s privilege(s) for this operation", what);
}

/* CREATE VIEW with another account as DEFINER lends that account's rights to the view's
 * readers: SUPER (MariaDB: or SET USER), checked after the view's SELECT (engine/view.c). */
void ex_privs_view_definer(ex_ctx *ctx, const char *user, const char *host)
{
    pdb_session *s = ctx->s;
    if (!s->enforce_privs || !user || !user[0]) return;
    if (!strcmp(user, s->user) && !strcmp(host ? host : "%", s->priv_host[0] ? s->priv_host : s->host)) return;
    if (!(global_privs(s) & STOR_PRIV_SUPER)) deny_global(ctx, "SUPER, SET USER");
}

/* ---- stored programs run as their definers ---- */

void ex_privs_begin_as(ex_ctx *ctx, const char *user, const char *host, ex_privs_as *as)
{
    pdb_session *s = ctx->s;
    as->active = false;
    if (!s->enforce_privs) return;
    if (!strcmp(user, s->user) && !strcmp(host, s->priv_host) && !s->role[0]) return;   /* (already) */
    stor_account a;
    if (stor_account_get(user, host, &a) != 0)
        ex_raise(ctx, 1449, "HY000", "The user specified as a definer ('%s'@'%s') does not exist", user, host);
    memcpy(as->user, s->user, sizeof as->user);
    memcpy(as->priv_host, s->priv_host, sizeof as->priv_host);
    if (!s->as_depth++) {   /* (the client's account, kept in the session: any error gets it back) */
        memcpy(s->login_user, s->user, sizeof s->login_user);
        memcpy(s->login_priv_host, s->priv_host, sizeof s->login_priv_host);
        memcpy(s->login_role, s->role, sizeof s->login_role);
        s->login_privs = s->privs;
    } else ex_privs_free(s);   /* (an outer definer's grants: read again when it resumes) */
    snprintf(s->user, sizeof s->user, "%s", user);
    snprintf(s->priv_host, sizeof s->priv_host, "%s", host);
    s->role[0] = 0;
    s->privs = NULL;   /* (the definer's grants, read at the first check) */
    as->active = true;
}

void ex_body_privs(ex_ctx *c)
{
    /* the body's own expressions (SET, IF, RETURN, cursors) check columns for the
       account it runs as (its definer's column grants, read now) */
    struct ex_privs *p = c->s->enforce_privs ? load(c->s) : NULL;
    c->cols_check = p && p->nc;
    c->definer_rights = false;
    c->lent_db = c->lent_table = NULL;
    c->priv_open = STOR_PRIV_SELECT;
    c->priv_cmd = "SELECT";
}

void ex_privs_unwind(pdb_session *s)
{
    if (!s->as_depth) return;
    ex_privs_free(s);
    memcpy(s->user, s->login_user, sizeof s->user);
    memcpy(s->priv_host, s->login_priv_host, sizeof s->priv_host);
    memcpy(s->role, s->login_role, sizeof s->role);
    s->privs = s->login_privs;
    s->login_privs = NULL;
    s->as_depth = 0;
}

void ex_privs_end_as(pdb_session *s, ex_privs_as *as)
{
    if (!as->active) return;
    as->active = false;
    if (s->as_depth <= 1) { ex_privs_unwind(s); return; }
    s->as_depth--;
    ex_privs_free(s);
    memcpy(s->user, as->user, sizeof s->user);
    memcpy(s->priv_host, as->priv_host, sizeof s->priv_host);
    s->role[0] = 0;
    s->privs = NULL;
}

/* The session's routine grants on db.name (its account's and its enabled roles'). */
static uint64_t routine_level(pdb_session *s, const char *db, const char *name, bool function)
{
    struct ex_privs *p = s->privs;
    uint64_t r = 0;
    for (size_t i = 0; p && i < p->nr; i++)
        if (p->r[i].function == function && !strcmp(p->r[i].db, db) && !strcasecmp(p->r[i].name, name))
            r |= p->r[i].privs;
    return r;
}

uint64_t ex_privs_routine_have(pdb_session *s, const char *db, const char *name, bool function)
{
    if (!s->enforce_privs) return ~0ull;
    return ex_privs_db(s, db) | routine_level(s, db, name, function);
}

/* 1370 for what of need is missing (MariaDB names the first of EXECUTE, ALTER ROUTINE,
 * GRANT OPTION; the account as priv_user@priv_host). */
static void __attribute__((noreturn)) deny_routine(ex_ctx *ctx, uint64_t missing, const char *db, const char *name)
{
    const char *cmd = missing & STOR_PRIV_EXECUTE ? "execute" : missing & STOR_PRIV_ALTER_PROC ? "alter routine" : "grant";
    ex_raise(ctx, 1370, "42000", "%s command denied to user '%s'@'%s' for routine '%s.%s'", cmd, ctx->s->user,
             ctx->s->priv_host, db, name);
}

/* EXECUTE (a call) or ALTER ROUTINE (ALTER / DROP) of routine db.name: on its database
 * (or globally), else on the routine itself; else 1370. The definer has no right of its
 * own: MariaDB's automatic_sp_privileges granted the creator both (routine.c). */
void ex_privs_routine(ex_ctx *ctx, const char *db, const char *name, bool function, bool alter)
{
    pdb_session *s = ctx->s;
    if (!s->enforce_privs) return;
    uint64_t need = alter ? STOR_PRIV_ALTER_PROC : STOR_PRIV_EXECUTE;
    if (ex_privs_db(s, db) & need) return;   /* (the common case: no routine grant looked at) */
    if (!(routine_level(s, db, name, function) & need)) deny_routine(ctx, need, db, name);
}

int ex_privs_routine_shown(pdb_session *s, const char *db, const char *name, bool function, const char *def_user,
                           const char *def_host)
{
    if (!s->enforce_privs) return 2;
    if (ex_privs_table(s, "mysql", "proc") & STOR_PRIV_SELECT) return 2;
    if (!strcmp(def_user, s->user) && !strcmp(def_host, s->priv_host)) return 2;
    uint64_t show = STOR_PRIV_CREATE_PROC | STOR_PRIV_ALTER_PROC | STOR_PRIV_EXECUTE;   /* (SHOW_PROC_ACLS) */
    return (ex_privs_routine_have(s, db, name, function) & show) ? 1 : 0;
}

/* All of need on db.table, else 1142 naming what is missing. */
static void need_table(ex_ctx *ctx, const char *db, const char *table, uint64_t need)
{
    db = ex_cur_db(ctx, db);
    if (ctx->s->tmp && ex_tmp_find(ctx->s, db, table)) return;   /* temporary: made, so usable */
    uint64_t have = ex_privs_table(ctx->s, db, table);
    if ((have & need) == need) return;
    /* what columns hold is checked column by column (MariaDB: want_privilege) */
    uint64_t missing = need & ~have & ~cols_any(ctx->s, db, table);
    if (missing || !ex_privs_has_cols(ctx->s)) deny_table(ctx, missing ? missing : need & ~have, NULL, db, table);
}

void ex_privs_need_db(ex_ctx *ctx, const char *db, uint64_t need)
{
    if (ctx->s->enforce_privs && (ex_privs_db(ctx->s, db) & need) != need) deny_db(ctx, db);
}

void ex_privs_need_table(ex_ctx *ctx, const char *db, const char *table, uint64_t need)
{
    need_table(ctx, db, table, need);
}

void ex_privs_open_name(ex_ctx *ctx, const char *db, const char *table)
{
    uint64_t any = ctx->priv_open ? ctx->priv_open : STOR_PRIV_SELECT;
    if (ex_privs_table(ctx->s, db, table) & any) return;
    if ((!ctx->priv_cmd || strcmp(ctx->priv_cmd, "SHOW")) && (cols_any(ctx->s, db, table) & any))
        return;   /* (its columns are checked as named; SHOW CREATE TABLE wants the table's) */
    if (any == STOR_PRIV_COLUMN && table_grant_any(ctx->s, db, table))
        return;   /* SHOW COLUMNS: MariaDB's any_combination_will_do takes any grant on the table */
    deny_table(ctx, STOR_PRIV_SELECT, ctx->priv_cmd ? ctx->priv_cmd : "SELECT", db, table);
}

void ex_privs_open(ex_ctx *ctx, const stor_table *t)
{
    if (!t->temporary) ex_privs_open_name(ctx, t->db, t->name);
}

/* A multi-table UPDATE/DELETE: MariaDB first opens every table, and one the account
 * has no privilege on at all is a SELECT denial, before the targets' own checks. */
static void any_access(ex_ctx *ctx, pl_stmt *st)
{
    for (int k = 0; k < st->ntrefs; k++) {
        pl_tref *tr = &st->trefs[k];
        if (!tr->name) continue;
        const char *db = ex_cur_db(ctx, tr->db);
        if (!strcasecmp(db, "information_schema") || (ctx->s->tmp && ex_tmp_find(ctx->s, db, tr->name))) continue;
        /* (every table of the join is read: SELECT, or column grants checked as read) */
        uint64_t have = ex_privs_table(ctx->s, db, tr->name);
        if (!(have & STOR_PRIV_SELECT) && !cols_any(ctx->s, db, tr->name))
            deny_table(ctx, STOR_PRIV_SELECT, "SELECT", db, tr->name);
        if (!(have & STOR_PRIV_SELECT)) ctx->cols_check = true;
    }
}

/* The tables a multi-table DELETE deletes from: its targets (aliases resolved). */
static void delete_targets(ex_ctx *ctx, pl_stmt *st)
{
    if (!st->ndel_targets) {
        if (st->ntrefs && st->trefs[0].name) need_table(ctx, st->trefs[0].db, st->trefs[0].name, STOR_PRIV_DELETE);
        return;
    }
    any_access(ctx, st);
    for (int i = 0; i < st->ndel_targets; i++) {
        const char *name = st->del_targets[i];
        for (int k = 0; k < st->ntrefs; k++) {
            pl_tref *tr = &st->trefs[k];
            if (!tr->name) continue;
            const char *al = tr->alias ? tr->alias : tr->name;
            const char *dot = strrchr(name, '.');
            if (!strcmp(al, dot ? dot + 1 : name)) { need_table(ctx, tr->db, tr->name, STOR_PRIV_DELETE); break; }
        }
    }
}

/* The tables an UPDATE changes: the one table, or in a multi-table UPDATE those its SET
 * columns belong to (by qualifier, else the first table having the column). */
static void update_targets(ex_ctx *ctx, pl_stmt *st)
{
    int nbase = 0;
    for (int k = 0; k < st->ntrefs; k++) if (st->trefs[k].name) nbase++;
    if (st->ntrefs == 1 || nbase == 0) {
        if (st->ntrefs && st->trefs[0].name) need_table(ctx, st->trefs[0].db, st->trefs[0].name, STOR_PRIV_UPDATE);
        return;
    }
    any_access(ctx, st);
    for (int i = 0; i < st->nsets; i++) {
        const char *name = st->sets[i].name, *dot = strrchr(name, '.');
        for (int k = 0; k < st->ntrefs; k++) {
            pl_tref *tr = &st->trefs[k];
            if (!tr->name) continue;
            if (dot) {
                const char *al = tr->alias ? tr->alias : tr->name;
                if (strlen(al) != (size_t)(dot - name) || strncmp(al, name, (size_t)(dot - name))) continue;
            } else {
                const char *db = ex_cur_db(ctx, tr->db);
                const stor_table *t = ctx->s->tmp ? ex_tmp_find(ctx->s, db, tr->name) : NULL;
                if (!t) t = stor_table_find(db, tr->name);
                bool has = false;
                for (uint32_t c = 0; t && c < t->ncols; c++) if (!strcasecmp(t->cols[c].name, name)) has = true;
                if (!has) continue;
            }
            need_table(ctx, tr->db, tr->name, STOR_PRIV_UPDATE);
            const char *db = ex_cur_db(ctx, tr->db);
            const stor_table *t = stor_table_find(db, tr->name);
            if (t && !(ex_privs_table(ctx->s, db, tr->name) & STOR_PRIV_UPDATE))
                table_column(ctx, t, dot ? dot + 1 : name, STOR_PRIV_UPDATE);   /* (through column grants) */
            break;
        }
    }
}

/* The base table a single-table INSERT, REPLACE or UPDATE writes whose columns are to be
 * checked (NULL: none to check). */
static const stor_table *col_target(ex_ctx *ctx, const char *db, const char *table)
{
    if (!ex_privs_has_cols(ctx->s) || !table) return NULL;
    db = ex_cur_db(ctx, db);
    if (ctx->s->tmp && ex_tmp_find(ctx->s, db, table)) return NULL;
    const stor_table *t = stor_table_find(db, table);
    return t && !col_exempt(ctx, t) ? t : NULL;
}

static bool has_col(const stor_table *t, const char *name)
{
    for (uint32_t c = 0; c < t->ncols; c++) if (!strcasecmp(t->cols[c].name, name)) return true;
    return false;
}

/* The columns of t that e reads (not inside subqueries: they are checked as compiled),
 * SELECT each: MariaDB resolves an UPDATE's WHERE before its SET. */
static void reads_of(ex_ctx *ctx, const stor_table *t, const char *alias, const pl_expr *e)
{
    if (!e) return;
    if (e->kind == E_COLUMN && (!e->tbl || !strcmp(e->tbl, alias)) && has_col(t, e->s))
        table_column(ctx, t, e->s, STOR_PRIV_SELECT);
    for (int i = 0; i < e->nargs; i++) reads_of(ctx, t, alias, e->args[i]);
}

/* INSERT / REPLACE (cols) and ON DUPLICATE KEY UPDATE: each column listed needs INSERT
 * (and UPDATE with ON DUPLICATE KEY UPDATE, as MariaDB's check); without a list every
 * column does, and one missing is the table's 1142. The SET targets need UPDATE. */
static void insert_columns(ex_ctx *ctx, pl_stmt *st, uint64_t need)
{
    const stor_table *t = col_target(ctx, st->db, st->table);
    if (!t) return;
    uint64_t cneed = need & (STOR_PRIV_INSERT | STOR_PRIV_UPDATE);
    uint64_t table = ex_privs_table(ctx->s, t->db, t->name);
    if ((table & cneed) == cneed) return;
    if (st->nsets) {
        for (int i = 0; i < st->nsets; i++)
            if (has_col(t, st->sets[i].name)) table_column(ctx, t, st->sets[i].name, cneed);
    } else if (st->ncols) {
        for (int i = 0; i < st->ncols; i++)
            if (has_col(t, st->cols[i])) table_column(ctx, t, st->cols[i], cneed);
    } else {
        for (uint32_t c = 0; c < t->ncols; c++)
            if ((col_privs(ctx->s, t->db, t->name, t->cols[c].name) & cneed) != cneed)
                deny_table(ctx, cneed & ~table, NULL, t->db, t->name);
    }
    for (int i = 0; i < st->ndup; i++) {
        const char *name = st->dup_sets[i].name, *dot = strrchr(name, '.');
        if (has_col(t, dot ? dot + 1 : name)) table_column(ctx, t, dot ? dot + 1 : name, STOR_PRIV_UPDATE);
    }
}

/* LOAD DATA: each column listed and each SET target needs INSERT (without a list MariaDB
 * checks none of them). */
static void load_columns(ex_ctx *ctx, pl_stmt *st)
{
    const stor_table *t = col_target(ctx, st->db, st->table);
    if (!t || (ex_privs_table(ctx->s, t->db, t->name) & STOR_PRIV_INSERT)) return;
    const pl_export *x = st->load;
    for (int i = 0; i < x->ntargets; i++)
        if (!x->is_var[i] && has_col(t, x->targets[i])) table_column(ctx, t, x->targets[i], STOR_PRIV_INSERT);
    for (int i = 0; i < st->nsets; i++)
        if (has_col(t, st->sets[i].name)) table_column(ctx, t, st->sets[i].name, STOR_PRIV_INSERT);
}

/* The table a single-table UPDATE or DELETE writes, when its table-level privileges lack
 * one of need: the columns it reads (SELECT) and sets are checked one by one, whether or
 * not the session holds column grants (a user with UPDATE alone reads nothing). */
static const stor_table *write_target(ex_ctx *ctx, pl_stmt *st, uint64_t need)
{
    if (!ctx->s->enforce_privs || st->ntrefs != 1 || !st->trefs[0].name) return NULL;
    const char *db = ex_cur_db(ctx, st->trefs[0].db);
    if (ctx->s->tmp && ex_tmp_find(ctx->s, db, st->trefs[0].name)) return NULL;
    const stor_table *t = stor_table_find(db, st->trefs[0].name);
    if (!t || col_exempt(ctx, t) || (ex_privs_table(ctx->s, t->db, t->name) & need) == need) return NULL;
    ctx->cols_check = true;   /* (subqueries and ORDER BY read its columns too) */
    return t;
}

/* The tables e's subqueries read that the session may read nothing of (no SELECT, no
 * column grant): MariaDB opens them, 1142, before it resolves the columns. */
static void sub_tables(ex_ctx *ctx, const pl_expr *e)
{
    if (!e) return;
    const pl_select *q = e->sub;
    for (int k = 0; q && k < q->nfrom; k++) {
        const pl_tref *tr = &q->from[k];
        if (!tr->name) continue;
        const char *db = ex_cur_db(ctx, tr->db);
        if (ctx->s->tmp && ex_tmp_find(ctx->s, db, tr->name)) continue;
        if (!(ex_privs_table(ctx->s, db, tr->name) & STOR_PRIV_SELECT) && !cols_any(ctx->s, db, tr->name) &&
            stor_table_find(db, tr->name))
            deny_table(ctx, STOR_PRIV_SELECT, "SELECT", db, tr->name);
    }
    if (q) sub_tables(ctx, q->where);
    for (int i = 0; i < e->nargs; i++) sub_tables(ctx, e->args[i]);
}

/* A single-table UPDATE's columns: those its WHERE reads, then those it sets (UPDATE),
 * then those the new values read. */
static void update_columns(ex_ctx *ctx, pl_stmt *st)
{
    const stor_table *t = write_target(ctx, st, STOR_PRIV_SELECT | STOR_PRIV_UPDATE);
    if (!t) return;
    const char *alias = st->trefs[0].alias ? st->trefs[0].alias : st->trefs[0].name;
    sub_tables(ctx, st->where);
    reads_of(ctx, t, alias, st->where);
    for (int i = 0; i < st->nsets; i++) {
        const char *name = st->sets[i].name, *dot = strrchr(name, '.');
        if (has_col(t, dot ? dot + 1 : name)) table_column(ctx, t, dot ? dot + 1 : name, STOR_PRIV_UPDATE);
    }
    for (int i = 0; i < st->nsets; i++) reads_of(ctx, t, alias, st->sets[i].value);
    for (int i = 0; i < st->norder; i++) reads_of(ctx, t, alias, st->order[i].e);
}

/* A single-table DELETE's columns: those its WHERE and ORDER BY read (SELECT). */
static void delete_columns(ex_ctx *ctx, pl_stmt *st)
{
    const stor_table *t = write_target(ctx, st, STOR_PRIV_SELECT);
    if (!t) return;
    const char *alias = st->trefs[0].alias ? st->trefs[0].alias : st->trefs[0].name;
    sub_tables(ctx, st->where);
    reads_of(ctx, t, alias, st->where);
    for (int i = 0; i < st->norder; i++) reads_of(ctx, t, alias, st->order[i].e);
}

/* GRANT/REVOKE ON PROCEDURE|FUNCTION: the privileges given and GRANT OPTION, from the
 * database level or the routine's own grants (MariaDB's check_grant_routine); 1144 first. */
static void routine_grant_check(ex_ctx *ctx, pl_stmt *st)
{
    uint64_t want = ex_routine_grant_privs(ctx, st) | STOR_PRIV_GRANT;
    const char *db = ex_cur_db(ctx, st->grant_db);
    uint64_t have = ex_privs_routine_have(ctx->s, db, st->grant_table, st->grant_routine == 2);
    if (want & ~have) deny_routine(ctx, want & ~have, db, st->grant_table);
}

static void grant_check(ex_ctx *ctx, pl_stmt *st)
{
    pdb_session *s = ctx->s;
    if (st->grant_routine) { routine_grant_check(ctx, st); return; }
    uint64_t want = st->all_privileges ? 0 : st->privs;
    if (st->revoke_all || st->proxy || (st->global_level && !st->grant_db)) {
        uint64_t have = global_privs(s);   /* global only: no database is named so */
        if (st->all_privileges) want = STOR_PRIV_ALL_GLOBAL;
        if (!(have & STOR_PRIV_GRANT) || (want & ~have)) {
            if (st->revoke_all && (have & STOR_PRIV_CREATE_USER)) return;
            denied(ctx);
            ex_raise(ctx, 1045, "28000", "Access denied for user '%s'@'%s' (using password: %s)", s->user, s->priv_host, "YES");
        }
        return;
    }
    const char *db = ex_cur_db(ctx, st->grant_db);
    if (!st->grant_table) {
        uint64_t have = ex_privs_db(s, db);
        if (st->all_privileges) want = STOR_PRIV_ALL_DB;
        if (!(have & STOR_PRIV_GRANT) || (want & ~have)) deny_db(ctx, db);
        return;
    }
    uint64_t have = ex_privs_table(s, db, st->grant_table);
    if (st->all_privileges) want = STOR_PRIV_ALL_TABLE;
    if (!(have & STOR_PRIV_GRANT) || (want & ~have)) deny_table(ctx, 0, "GRANT", db, st->grant_table);
}

/* GRANT/REVOKE role: the ADMIN OPTION of it, granted to the account or to a role it has
 * enabled; else 1698, as MariaDB (CREATE USER is not enough). An unknown role is left
 * to the statement (1959). */
static void role_admin_check(ex_ctx *ctx, pl_stmt *st)
{
    pdb_session *s = ctx->s;
    stor_account ra;
    if (!strcasecmp(st->name, "PUBLIC") || stor_account_get(st->name, "", &ra) != 0 || !ra.is_role) return;
    size_t n = 0;
    stor_role_grant *rg = stor_role_grant_list(&n);
    bool ok = ex_role_granted(rg, n, s->user, s->priv_host, st->name, true);
    const char *en[256];
    int ne = ex_roles_enabled(s->role, rg, n, en, 256);
    for (int i = 0; i < ne && !ok; i++) ok = ex_role_granted(rg, n, en[i], "", st->name, true);
    free(rg);
    if (ok) return;
    denied(ctx);
    ex_raise(ctx, 1698, "28000", "Access denied for user '%s'@'%s'", s->user, s->priv_host);
}

/* SHOW GRANTS FOR the role the session enabled needs nothing more (not for the roles
 * granted to it: MariaDB asks for the mysql schema's SELECT there). */
static bool role_enabled(pdb_session *s, const char *name)
{
    return s->role[0] && !strcmp(s->role, name);
}

void ex_privs_statement(ex_ctx *ctx, pl_stmt *st)
{
    pdb_session *s = ctx->s;
    ctx->cols_check = false;
    if (!s->enforce_privs) return;
    struct ex_privs *p = load(s);   /* (grants changed since: this statement sees them) */
    ctx->cols_check = p && p->nc;
    ctx->priv_open = STOR_PRIV_SELECT;
    ctx->priv_cmd = "SELECT";
    if (st->kind == S_SELECT && st->sel && st->sel->into_file && !(global_privs(s) & STOR_PRIV_FILE))
        deny_global(ctx, "FILE");
    switch (st->kind) {
    case S_INSERT: case S_REPLACE: {
        uint64_t need = STOR_PRIV_INSERT | (st->kind == S_REPLACE ? STOR_PRIV_DELETE : 0) | (st->ndup ? STOR_PRIV_UPDATE : 0);
        need_table(ctx, st->db, st->table, need);
        insert_columns(ctx, st, need);
        ctx->priv_open |= need;
        break;
    }
    case S_LOAD_DATA: {
        /* (MariaDB answers a server-side LOAD DATA without FILE as a failed login) */
        if (!st->load->local && !(global_privs(s) & STOR_PRIV_FILE))
            ex_raise(ctx, 1045, "28000", "Access denied for user '%s'@'%s' (using password: %s)", s->user, s->priv_host, "YES");
        uint64_t need = STOR_PRIV_INSERT | (st->num & 1 ? STOR_PRIV_DELETE : 0);
        need_table(ctx, st->db, st->table, need);
        load_columns(ctx, st);
        ctx->priv_open |= need;
        break;
    }
    case S_UPDATE:
        update_targets(ctx, st);
        update_columns(ctx, st);
        ctx->priv_open |= STOR_PRIV_UPDATE;
        break;
    case S_DELETE:
        delete_targets(ctx, st);
        delete_columns(ctx, st);
        ctx->priv_open |= STOR_PRIV_DELETE;
        break;
    case S_CREATE_TABLE:
        if (st->temporary) {
            const char *db = ex_cur_db(ctx, st->db);
            if (!(ex_privs_db(s, db) & STOR_PRIV_CREATE_TMP)) deny_db(ctx, db);
        } else need_table(ctx, st->db, st->table, STOR_PRIV_CREATE | (st->sel ? STOR_PRIV_INSERT : 0) |
                          (st->or_replace ? STOR_PRIV_DROP : 0));
        break;
    case S_DROP_TABLE:
        ctx->priv_open = STOR_PRIV_ALL_TABLE;
        for (int i = 0; i < st->nnames; i++) {
            const char *db = ex_cur_db(ctx, st->names_db[i]);
            if (st->temporary || (s->tmp && ex_tmp_find(s, db, st->names[i]))) continue;
            need_table(ctx, db, st->names[i], STOR_PRIV_DROP);
        }
        break;
    case S_ALTER_TABLE:
        ctx->priv_open = STOR_PRIV_ALL_TABLE;   /* the target's own check is made here */
        need_table(ctx, st->db, st->table, STOR_PRIV_ALTER);
        for (int i = 0; i < st->nalters; i++)
            if (st->alters[i].kind == AT_RENAME) {   /* as RENAME TABLE */
                need_table(ctx, st->db, st->table, STOR_PRIV_DROP | STOR_PRIV_ALTER);
                need_table(ctx, st->alters[i].new_db ? st->alters[i].new_db : st->db, st->alters[i].new_name,
                           STOR_PRIV_CREATE | STOR_PRIV_INSERT);
            }
        break;
    case S_CREATE_VIEW:
        need_table(ctx, st->db, st->table, STOR_PRIV_CREATE_VIEW | (st->or_replace || (st->view && st->view->alter) ? STOR_PRIV_DROP : 0));
        break;
    case S_CREATE_TRIGGER:
        need_table(ctx, st->db, st->table, STOR_PRIV_TRIGGER);
        break;
    case S_DROP_VIEW:
        for (int i = 0; i < st->nnames; i++) need_table(ctx, st->names_db[i], st->names[i], STOR_PRIV_DROP);
        break;
    case S_CREATE_INDEX: case S_DROP_INDEX:
        ctx->priv_open = STOR_PRIV_ALL_TABLE;
        need_table(ctx, st->db, st->table, STOR_PRIV_INDEX);
        break;
    case S_TRUNCATE:
        ctx->priv_open = STOR_PRIV_ALL_TABLE;
        need_table(ctx, st->db, st->table, STOR_PRIV_DROP);
        break;
    case S_RENAME_TABLE:
        ctx->priv_open = STOR_PRIV_ALL_TABLE;
        for (int i = 0; i < st->nnames; i++) {
            need_table(ctx, st->names_db[i], st->names[i], STOR_PRIV_DROP | STOR_PRIV_ALTER);
            need_table(ctx, st->rename_to_db[i], st->rename_to[i], STOR_PRIV_CREATE | STOR_PRIV_INSERT);
        }
        break;
    case S_CREATE_ROUTINE: {
        const char *db = ex_cur_db(ctx, st->routine->db);
        if (!(ex_privs_db(s, db) & STOR_PRIV_CREATE_PROC)) deny_db(ctx, db);
        break;
    }
    case S_ALTER_ROUTINE: case S_DROP_ROUTINE:   /* (before looking for it: 1370 for one not there too) */
        ex_privs_routine(ctx, ex_cur_db(ctx, st->db), st->name, st->num != 0, true);
        break;
    case S_CALL:   /* (before looking for it, as MariaDB) */
        ex_privs_routine(ctx, ex_cur_db(ctx, st->db), st->name, false, false);
        break;
    case S_CREATE_EVENT: case S_ALTER_EVENT: case S_DROP_EVENT: {   /* (the scheduler's run: the body's own) */
        const char *db = ex_cur_db(ctx, st->kind == S_DROP_EVENT ? st->db : st->event->db);
        if (!s->event_run && !(ex_privs_db(s, db) & STOR_PRIV_EVENT)) deny_db(ctx, db);
        if (st->kind == S_ALTER_EVENT && st->event->rename_name) {
            const char *nd = ex_cur_db(ctx, st->event->rename_db);
            if (!(ex_privs_db(s, nd) & STOR_PRIV_EVENT)) deny_db(ctx, nd);
        }
        break;
    }
    case S_CREATE_DB:
        if (!(ex_privs_db(s, st->db) & STOR_PRIV_CREATE)) deny_db(ctx, st->db);
        break;
    case S_DROP_DB:
        if (!(ex_privs_db(s, st->db) & STOR_PRIV_DROP)) deny_db(ctx, st->db);
        break;
    case S_USE:   /* (MariaDB's mysql_change_db does not count it in Access_denied_errors) */
        if (!ex_privs_db_visible(s, st->db))
            ex_raise(ctx, 1044, "42000", "Access denied for user '%s'@'%s' to database '%s'", s->user, s->priv_host, st->db);
        break;
    case S_LOCK_TABLES:
        for (int i = 0; i < st->nnames; i++) {
            const char *db = ex_cur_db(ctx, st->names_db[i]);
            if (!(ex_privs_db(s, db) & STOR_PRIV_LOCK_TABLES)) deny_db(ctx, db);
        }
        break;
    case S_DESCRIBE:   /* a column privilege, or a grant on the table (see ex_privs_open_name) */
        ctx->priv_open = STOR_PRIV_COLUMN;
        break;
    case S_SHOW:
        ctx->priv_open = STOR_PRIV_ALL_TABLE;
        if (st->show == SH_COLUMNS || st->show == SH_INDEX) ctx->priv_open = STOR_PRIV_COLUMN;
        if (st->show == SH_CREATE_TABLE) ctx->priv_cmd = "SHOW";
        if (st->show == SH_TABLES || st->show == SH_TABLE_STATUS) {
            const char *db = st->from_db ? st->from_db : ex_cur_db(ctx, NULL);
            if (stor_db_find(db) && !ex_privs_db_visible(s, db)) deny_db(ctx, db);
        }
        if (st->show == SH_CREATE_DATABASE && st->db && stor_db_find(st->db) && !ex_privs_db_visible(s, st->db))
            deny_db(ctx, st->db);
        if ((st->show == SH_GRANTS || st->show == SH_CREATE_USER) && st->nusers && st->users[0].user[0] &&
            (strcmp(st->users[0].user, s->user) || !st->users[0].host || strcasecmp(st->users[0].host, s->priv_host)) &&
            !(st->users[0].no_host && role_enabled(s, st->users[0].user)) &&
            !(ex_privs_db(s, "mysql") & STOR_PRIV_SELECT))
            deny_db(ctx, "mysql");
        break;
    case S_CREATE_USER: case S_DROP_USER: case S_RENAME_USER: case S_CREATE_ROLE: case S_DROP_ROLE:
        if (!(global_privs(s) & STOR_PRIV_CREATE_USER)) deny_global(ctx, "CREATE USER");
        break;
    case S_GRANT_ROLE: case S_REVOKE_ROLE: role_admin_check(ctx, st); break;
    case S_SET_DEFAULT_ROLE: {
        pl_user *u = st->nusers ? &st->users[0] : NULL;
        if (!u || (!u->user[0] && !u->host) || (!strcmp(u->user, s->user) && u->host && !strcasecmp(u->host, s->priv_host)))
            break;   /* its own */
        if (!(ex_privs_db(s, "mysql") & STOR_PRIV_UPDATE)) deny_db(ctx, "mysql");
        break;
    }
    case S_ALTER_USER: case S_SET_PASSWORD:
        for (int i = 0; i < st->nusers; i++) {
            pl_user *u = &st->users[i];
            if (!u->user[0] && !u->host) continue;   /* CURRENT_USER / own password */
            if (!strcmp(u->user, s->user) && u->host && !strcasecmp(u->host, s->priv_host)) continue;
            if (global_privs(s) & STOR_PRIV_CREATE_USER) continue;
            if (st->kind == S_SET_PASSWORD) deny_db(ctx, "mysql");
            deny_global(ctx, "CREATE USER");
        }
        break;
    case S_GRANT: case S_REVOKE: grant_check(ctx, st); break;
    case S_SET:
        for (int i = 0; i < st->nsets; i++) {
            if (global_privs(s) & STOR_PRIV_SUPER) continue;
            /* session variables that hide a session's work from the logs need it too */
            bool sysvar = st->sets[i].scope <= 1 && st->sets[i].name;
            if (sysvar && !strcasecmp(st->sets[i].name, "sql_log_off")) deny_global(ctx, "SUPER");
            if (sysvar && !strcasecmp(st->sets[i].name, "sql_log_bin")) deny_global(ctx, "SUPER, BINLOG ADMIN");
            if (st->sets[i].scope != 1) continue;
            static const char *const conn_admin[] = { "max_connections", "connect_timeout", "max_connect_errors",
                "init_connect", "extra_max_connections", "max_password_errors", "secure_auth", "slow_launch_time", NULL };
            const char *what = "SUPER";
            for (int k = 0; conn_admin[k]; k++) if (!strcasecmp(st->sets[i].name, conn_admin[k])) what = "SUPER, CONNECTION ADMIN";
            if (!strcasecmp(st->sets[i].name, "read_only")) what = "SUPER, READ_ONLY ADMIN";
            deny_global(ctx, what);
        }
        break;
    case S_FLUSH:
        if (!(global_privs(s) & STOR_PRIV_RELOAD)) deny_global(ctx, "RELOAD");
        break;
    case S_REPLICA:   /* (REPLICATION SLAVE ADMIN: bit 34 of MariaDB's list) */
        if (!(global_privs(s) & (STOR_PRIV_SUPER | (1ull << 34)))) deny_global(ctx, "SUPER, REPLICATION SLAVE ADMIN");
        break;
    case S_PURGE_LOGS:   /* (BINLOG ADMIN: bit 36 of MariaDB's list; RESET MASTER: RELOAD) */
        if (st->num == 3) { if (!(global_privs(s) & STOR_PRIV_RELOAD)) deny_global(ctx, "RELOAD"); }
        else if (!(global_privs(s) & (STOR_PRIV_SUPER | (1ull << 36)))) deny_global(ctx, "SUPER, BINLOG ADMIN");
        break;
    case S_ANALYZE_TABLE: case S_OPTIMIZE_TABLE: case S_REPAIR_TABLE:   /* as MariaDB: SELECT and INSERT */
        for (int i = 0; i < st->nnames; i++) need_table(ctx, st->names_db[i], st->names[i], STOR_PRIV_SELECT | STOR_PRIV_INSERT);
        break;
    case S_CHECKSUM_TABLE:
        for (int i = 0; i < st->nnames; i++) need_table(ctx, st->names_db[i], st->names[i], STOR_PRIV_SELECT);
        break;
    case S_CHECK_TABLE: case S_CACHE_INDEX: case S_LOAD_INDEX: {
        /* any privilege on the first table (a column's too): MariaDB checks only that one */
        const char *cmd = st->kind == S_CHECK_TABLE ? "CHECK TABLE" : st->kind == S_CACHE_INDEX ? "CACHE INDEX" :
                          "LOAD INDEX INTO CACHE";
        const char *db = st->nnames ? ex_cur_db(ctx, st->names_db[0]) : NULL;
        if (db && !(s->tmp && ex_tmp_find(s, db, st->names[0])) &&
            !(ex_privs_table(s, db, st->names[0]) & STOR_PRIV_ALL_TABLE) && !cols_any(s, db, st->names[0]))
            deny_table(ctx, 0, cmd, db, st->names[0]);
        break;
    }
    default: break;
    }
}
