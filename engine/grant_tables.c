/* grant_tables.c - mysql's grant tables written as tables, as a restore of
 * `mariadb-dump --all-databases` writes them (DROP TABLE, CREATE TABLE and INSERT into
 * mysql.global_priv, db, tables_priv, roles_mapping, ...; mysql.user itself from a 10.3
 * or older server).
 *
 * pressdb keeps accounts in its account store and shows these tables as views of it
 * (infoschema.c). A real table of one of those names hides the view until it is read:
 * a statement that writes one marks the store before it runs (stor_grant_tables_mark,
 * kept in the accounts file, so a crash leaves the mark), and FLUSH PRIVILEGES, or the
 * next start, replaces the accounts, grants and role grants with what the tables hold,
 * as MariaDB reloads its ACLs from them, then drops the tables so the views show the
 * store again. Without the mark nothing is read: tables an older pressdb restored stay
 * as they are.
 *
 * What the store cannot hold is said in the error log, as MariaDB logs an account whose
 * plugin is not loaded: an account that can only authenticate through a plugin pressdb
 * lacks (unix_socket, ed25519, ...) keeps the password it has here, or, new, is locked.
 * Column and routine privileges (mysql.columns_priv, procs_priv) are read; a package's
 * routine grant is left out (pressdb has no packages).
 *
 * mysql.proc, where such a dump carries the stored procedures and functions of every
 * database (without --routines it has them nowhere else), is read at the same time:
 * each routine of a database that exists becomes the routine pressdb keeps, as if made
 * with the row's definer, sql_mode, character sets and times (routine.c
 * ex_rtn_import_one); what cannot be (a package, an aggregate function, a body pressdb
 * cannot parse) is said in the error log. */
#include "engine/eng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* mysql's tables that become the store, dropped once read ("user": a 10.3 dump's) */
static const char *const gt_names[] = { "global_priv", "user", "db", "tables_priv", "columns_priv",
                                        "procs_priv", "proxies_priv", "roles_mapping", "proc", "event" };
#define GT_N (sizeof gt_names / sizeof *gt_names)

static bool gt_hit(ex_ctx *ctx, const char *db, const char *name)
{
    if (!name) return false;
    if (!db) db = ctx->s->db;
    return db && !strcmp(db, "mysql") &&
           (ex_mysql_schema_table(name) || !strcasecmp(name, "proc") || !strcasecmp(name, "event"));
}

void ex_grant_tables_touch(ex_ctx *ctx, pl_stmt *st)
{
    bool hit = false;
    switch (st->kind) {
    case S_CREATE_TABLE:
        hit = !st->temporary && gt_hit(ctx, st->db, st->table);
        break;
    case S_INSERT: case S_REPLACE: case S_LOAD_DATA: case S_ALTER_TABLE: case S_TRUNCATE:
    case S_CREATE_INDEX: case S_DROP_INDEX:
        hit = gt_hit(ctx, st->db, st->table);
        break;
    case S_UPDATE: case S_DELETE:
        for (int k = 0; k < st->ntrefs && !hit; k++) hit = gt_hit(ctx, st->trefs[k].db, st->trefs[k].name);
        break;
    case S_DROP_TABLE:
        for (int i = 0; i < st->nnames && !st->temporary && !hit; i++) hit = gt_hit(ctx, st->names_db[i], st->names[i]);
        break;
    case S_RENAME_TABLE:
        for (int i = 0; i < st->nnames && !hit; i++)
            hit = gt_hit(ctx, st->names_db[i], st->names[i]) || gt_hit(ctx, st->rename_to_db[i], st->rename_to[i]);
        break;
    default:
        break;
    }
    if (hit && !ex_replaying && stor_grant_tables_mark() != STOR_ACC_OK)
        ex_raise(ctx, 1030, "HY000", "Got error 5 \"Input/output error\" from storage engine");
}

/* ---- reading the tables ---- */

typedef struct gt_rows {
    ex_rows r;
    const char **names;
} gt_rows;

static void gt_select(ex_ctx *ctx, const char *sql, gt_rows *out)
{
    size_t n = strlen(sql), pos = 0;
    char *text = stor_arena_strndup(ctx->a, sql, n);
    pl_parse_opts o = { .no_block_ids = true };
    pl_stmt st;
    pl_error err;
    if (pl_parse(ctx->a, text, n, &pos, &o, &st, &err) != 0 || st.kind != S_SELECT || !st.sel)
        ex_raise(ctx, 1064, "42000", "FLUSH PRIVILEGES: cannot read the grant tables");
    memset(out, 0, sizeof *out);
    ex_type *types;
    uint64_t found;
    ex_select_rows(ctx, st.sel, &out->r, &types, &out->names, &found);
}

static int gt_col(const gt_rows *g, const char *name)
{
    for (uint32_t c = 0; c < g->r.ncols; c++) if (!strcasecmp(g->names[c], name)) return (int)c;
    return -1;
}

/* Column c of row i as text (NULL for SQL NULL or no such column). */
static const char *gt_str(ex_ctx *ctx, const gt_rows *g, uint32_t i, int c)
{
    if (c < 0) return NULL;
    const pdb_value *v = &g->r.v[(size_t)i * g->r.ncols + (size_t)c];
    if (v->t == VT_NULL) return NULL;
    size_t len;
    const char *s = ex_to_str(ctx->a, v, &len);
    return stor_arena_strndup(ctx->a, s, len);
}

static bool gt_copy(char *dst, size_t cap, const char *s)
{
    if (!s) s = "";
    if (strlen(s) >= cap) return false;
    memcpy(dst, s, strlen(s) + 1);
    return true;
}

static bool gt_true(const char *s) { return s && (!strcasecmp(s, "true") || !strcmp(s, "1") || !strcasecmp(s, "Y")); }

/* A growing array in the statement's arena. */
typedef struct gt_vec {
    void *v;
    size_t n, cap, sz;
} gt_vec;

static void *gt_push(ex_ctx *ctx, gt_vec *a)
{
    if (a->n == a->cap) {
        size_t ncap = a->cap ? a->cap * 2 : 16;
        void *nv = stor_arena_alloc(ctx->a, ncap * a->sz);
        if (a->n) memcpy(nv, a->v, a->n * a->sz);
        a->v = nv;
        a->cap = ncap;
    }
    void *p = (char *)a->v + a->n++ * a->sz;
    memset(p, 0, a->sz);
    return p;
}

/* ---- accounts ---- */

static bool gt_hex_hash(const char *s, uint8_t out[20])
{
    if (!s || strlen(s) != 41 || s[0] != '*') return false;
    for (int i = 0; i < 20; i++) {
        unsigned v;
        char two[3] = { s[1 + 2 * i], s[2 + 2 * i], 0 };
        char *end;
        v = (unsigned)strtoul(two, &end, 16);
        if (*end) return false;
        out[i] = (uint8_t)v;
    }
    return true;
}

/* One way in (plugin, authentication string) that pressdb can check: mysql_native_password
 * with no password or a "*" hash. Those tried are listed in tried (for the log). */
static bool gt_auth_usable(const char *plugin, const char *auth, stor_account *a, char *tried, size_t cap)
{
    size_t k = strlen(tried);
    snprintf(tried + k, cap - k, "%s%s%s", k ? ", " : "", plugin && plugin[0] ? plugin : "mysql_native_password",
             (!plugin || !plugin[0] || !strcmp(plugin, "mysql_native_password")) && auth && auth[0] ? " with a hash it cannot read" : "");
    if (plugin && plugin[0] && strcmp(plugin, "mysql_native_password")) return false;
    if (!auth || !auth[0]) {
        a->empty_password = true;
        return true;
    }
    return gt_hex_hash(auth, a->native_hash);
}

/* No way in pressdb has: the password this store already has for the account, else the
 * account is locked. */
static void gt_auth_fallback(stor_account *a, const char *tried)
{
    stor_account old;
    if (stor_account_get(a->user, a->host, &old) == 0 && !old.is_role) {
        memcpy(a->plugin, old.plugin, sizeof a->plugin);
        memcpy(a->native_hash, old.native_hash, sizeof a->native_hash);
        memcpy(a->sha2_hash, old.sha2_hash, sizeof a->sha2_hash);
        a->empty_password = old.empty_password;
        fprintf(stderr, "pressdb: [Warning] FLUSH PRIVILEGES: '%s'@'%s' authenticates only in ways pressdb cannot "
                "check (%s): it keeps the password it had here\n", a->user, a->host, tried);
        return;
    }
    a->empty_password = false;
    memset(a->native_hash, 0, sizeof a->native_hash);
    a->locked = true;
    fprintf(stderr, "pressdb: [Warning] FLUSH PRIVILEGES: '%s'@'%s' authenticates only in ways pressdb cannot "
            "check (%s): the account is locked (ALTER USER ... IDENTIFIED BY ... ACCOUNT UNLOCK to use it)\n",
            a->user, a->host, tried);
}

/* MariaDB 10.4 and later: mysql.global_priv's JSON (auth_or: alternatives, {} = the main
 * plugin; up to four are looked at). */
#define GT_OR 4
static void gt_global_priv(ex_ctx *ctx, gt_vec *accs)
{
    char sql[1400];
    size_t k = (size_t)snprintf(sql, sizeof sql, "SELECT Host, User, JSON_VALUE(Priv,'$.access'), "
        "JSON_VALUE(Priv,'$.plugin'), JSON_VALUE(Priv,'$.authentication_string'), JSON_VALUE(Priv,'$.is_role'), "
        "JSON_VALUE(Priv,'$.account_locked'), JSON_VALUE(Priv,'$.default_role'), JSON_LENGTH(Priv,'$.auth_or')");
    for (int i = 0; i < GT_OR; i++)
        k += (size_t)snprintf(sql + k, sizeof sql - k, ", JSON_VALUE(Priv,'$.auth_or[%d].plugin'), "
                              "JSON_VALUE(Priv,'$.auth_or[%d].authentication_string')", i, i);
    snprintf(sql + k, sizeof sql - k, " FROM mysql.global_priv");
    gt_rows g;
    gt_select(ctx, sql, &g);
    for (uint32_t i = 0; i < g.r.nrows; i++) {
        stor_account *a = gt_push(ctx, accs);
        const char *host = gt_str(ctx, &g, i, 0), *user = gt_str(ctx, &g, i, 1);
        if (!gt_copy(a->user, sizeof a->user, user) || !gt_copy(a->host, sizeof a->host, host) ||
            !gt_copy(a->default_role, sizeof a->default_role, gt_str(ctx, &g, i, 7))) {
            accs->n--;
            fprintf(stderr, "pressdb: [Warning] FLUSH PRIVILEGES: an account name in mysql.global_priv is too long: left out\n");
            continue;
        }
        const char *access = gt_str(ctx, &g, i, 2);
        uint64_t privs = access ? strtoull(access, NULL, 10) & (STOR_PRIV_ALL_GLOBAL | STOR_PRIV_GRANT) : 0;
        a->privs = privs;
        a->is_super = (privs & STOR_PRIV_SUPER) != 0;
        a->is_role = gt_true(gt_str(ctx, &g, i, 5));
        a->locked = gt_true(gt_str(ctx, &g, i, 6));
        if (a->is_role) { a->host[0] = 0; continue; }
        snprintf(a->plugin, sizeof a->plugin, "mysql_native_password");
        const char *plugin = gt_str(ctx, &g, i, 3), *auth = gt_str(ctx, &g, i, 4);
        const char *nor = gt_str(ctx, &g, i, 8);
        int n = nor ? atoi(nor) : 0;
        char tried[200] = "";
        bool ok = n <= 0 && gt_auth_usable(plugin, auth, a, tried, sizeof tried);
        for (int j = 0; j < n && j < GT_OR && !ok; j++) {
            const char *p = gt_str(ctx, &g, i, 9 + 2 * j), *s = gt_str(ctx, &g, i, 10 + 2 * j);
            if (!p && !s) { p = plugin; s = auth; }   /* {}: the main one */
            ok = gt_auth_usable(p, s, a, tried, sizeof tried);
        }
        if (!ok) gt_auth_fallback(a, tried);
    }
}

/* MariaDB 10.3 and older (and MySQL): mysql.user as a table. */
static void gt_user_table(ex_ctx *ctx, gt_vec *accs)
{
    gt_rows g;
    gt_select(ctx, "SELECT * FROM mysql.user", &g);
    int ch = gt_col(&g, "Host"), cu = gt_col(&g, "User"), cpw = gt_col(&g, "Password"),
        cpl = gt_col(&g, "plugin"), cau = gt_col(&g, "authentication_string"), crole = gt_col(&g, "is_role"),
        cdef = gt_col(&g, "default_role"), clock = gt_col(&g, "account_locked");
    for (uint32_t i = 0; i < g.r.nrows; i++) {
        stor_account *a = gt_push(ctx, accs);
        if (!gt_copy(a->user, sizeof a->user, gt_str(ctx, &g, i, cu)) ||
            !gt_copy(a->host, sizeof a->host, gt_str(ctx, &g, i, ch)) ||
            !gt_copy(a->default_role, sizeof a->default_role, gt_str(ctx, &g, i, cdef))) {
            accs->n--;
            continue;
        }
        int bit;
        const char *name;
        for (size_t k = 0; (name = ex_mysql_priv_column(0, k, &bit)); k++)
            if (gt_true(gt_str(ctx, &g, i, gt_col(&g, name)))) a->privs |= 1ull << bit;
        a->is_super = (a->privs & STOR_PRIV_SUPER) != 0;
        a->is_role = gt_true(gt_str(ctx, &g, i, crole));
        a->locked = gt_true(gt_str(ctx, &g, i, clock));
        if (a->is_role) { a->host[0] = 0; continue; }
        snprintf(a->plugin, sizeof a->plugin, "mysql_native_password");
        const char *plugin = gt_str(ctx, &g, i, cpl), *auth = gt_str(ctx, &g, i, cau);
        const char *pw = gt_str(ctx, &g, i, cpw);
        if ((!plugin || !plugin[0]) || (!auth || !auth[0])) auth = pw;   /* (the Password column's) */
        char tried[200] = "";
        if (!gt_auth_usable(plugin, auth, a, tried, sizeof tried)) gt_auth_fallback(a, tried);
    }
}

/* ---- grants ---- */

static void gt_db(ex_ctx *ctx, gt_vec *grants)
{
    gt_rows g;
    gt_select(ctx, "SELECT * FROM mysql.db", &g);
    int ch = gt_col(&g, "Host"), cd = gt_col(&g, "Db"), cu = gt_col(&g, "User");
    for (uint32_t i = 0; i < g.r.nrows; i++) {
        stor_grant *gr = gt_push(ctx, grants);
        int bit;
        const char *name;
        for (size_t k = 0; (name = ex_mysql_priv_column(1, k, &bit)); k++)
            if (gt_true(gt_str(ctx, &g, i, gt_col(&g, name)))) gr->privs |= 1ull << bit;
        if (!gr->privs || !gt_copy(gr->user, sizeof gr->user, gt_str(ctx, &g, i, cu)) ||
            !gt_copy(gr->host, sizeof gr->host, gt_str(ctx, &g, i, ch)) ||
            !gt_copy(gr->db, sizeof gr->db, gt_str(ctx, &g, i, cd)))
            grants->n--;
    }
}

static uint64_t gt_table_privs(const char *set)
{
    uint64_t privs = 0;
    while (set && *set) {
        const char *e = strchr(set, ',');
        size_t len = e ? (size_t)(e - set) : strlen(set);
        int bit;
        const char *name;
        for (size_t k = 0; (name = ex_mysql_priv_column(2, k, &bit)); k++)
            if (strlen(name) == len && !strncasecmp(name, set, len)) privs |= 1ull << bit;
        set = e ? e + 1 : NULL;
    }
    return privs;
}

static void gt_tables_priv(ex_ctx *ctx, gt_vec *grants)
{
    gt_rows g;
    gt_select(ctx, "SELECT Host, Db, User, Table_name, Table_priv FROM mysql.tables_priv", &g);
    for (uint32_t i = 0; i < g.r.nrows; i++) {
        stor_grant *gr = gt_push(ctx, grants);
        gr->privs = gt_table_privs(gt_str(ctx, &g, i, 4));
        if (!gr->privs || !gt_copy(gr->host, sizeof gr->host, gt_str(ctx, &g, i, 0)) ||
            !gt_copy(gr->db, sizeof gr->db, gt_str(ctx, &g, i, 1)) ||
            !gt_copy(gr->user, sizeof gr->user, gt_str(ctx, &g, i, 2)) ||
            !gt_copy(gr->table, sizeof gr->table, gt_str(ctx, &g, i, 3)))
            grants->n--;
    }
}

static void gt_columns_priv(ex_ctx *ctx, gt_vec *cgs)
{
    gt_rows g;
    gt_select(ctx, "SELECT Host, Db, User, Table_name, Column_name, Column_priv FROM mysql.columns_priv", &g);
    for (uint32_t i = 0; i < g.r.nrows; i++) {
        stor_col_grant *cg = gt_push(ctx, cgs);
        cg->privs = gt_table_privs(gt_str(ctx, &g, i, 5)) & STOR_PRIV_COLUMN;
        if (!cg->privs || !gt_copy(cg->host, sizeof cg->host, gt_str(ctx, &g, i, 0)) ||
            !gt_copy(cg->db, sizeof cg->db, gt_str(ctx, &g, i, 1)) ||
            !gt_copy(cg->user, sizeof cg->user, gt_str(ctx, &g, i, 2)) ||
            !gt_copy(cg->table, sizeof cg->table, gt_str(ctx, &g, i, 3)) ||
            !gt_copy(cg->column, sizeof cg->column, gt_str(ctx, &g, i, 4)))
            cgs->n--;
    }
}

/* Proc_priv's SET ("Execute,Alter Routine,Grant") as STOR_PRIV_* bits. */
static uint64_t gt_proc_privs(const char *set)
{
    static const struct { const char *name; uint64_t bit; } m[] = {
        { "Execute", STOR_PRIV_EXECUTE }, { "Alter Routine", STOR_PRIV_ALTER_PROC }, { "Grant", STOR_PRIV_GRANT } };
    uint64_t privs = 0;
    while (set && *set) {
        const char *e = strchr(set, ',');
        size_t len = e ? (size_t)(e - set) : strlen(set);
        for (size_t k = 0; k < sizeof m / sizeof *m; k++)
            if (strlen(m[k].name) == len && !strncasecmp(m[k].name, set, len)) privs |= m[k].bit;
        set = e ? e + 1 : NULL;
    }
    return privs;
}

static void gt_procs_priv(ex_ctx *ctx, gt_vec *pgs)
{
    gt_rows g;
    gt_select(ctx, "SELECT Host, Db, User, Routine_name, Routine_type, Grantor, Proc_priv FROM mysql.procs_priv", &g);
    int packages = 0;
    for (uint32_t i = 0; i < g.r.nrows; i++) {
        const char *type = gt_str(ctx, &g, i, 4);
        if (!type || (strcasecmp(type, "PROCEDURE") && strcasecmp(type, "FUNCTION"))) { packages++; continue; }
        stor_proc_grant *pg = gt_push(ctx, pgs);
        pg->function = !strcasecmp(type, "FUNCTION");
        pg->privs = gt_proc_privs(gt_str(ctx, &g, i, 6));   /* (none: a GRANT USAGE's row, kept as MariaDB) */
        const char *grantor = gt_str(ctx, &g, i, 5);
        if (!gt_copy(pg->host, sizeof pg->host, gt_str(ctx, &g, i, 0)) ||
            !gt_copy(pg->db, sizeof pg->db, gt_str(ctx, &g, i, 1)) ||
            !gt_copy(pg->user, sizeof pg->user, gt_str(ctx, &g, i, 2)) ||
            !gt_copy(pg->name, sizeof pg->name, gt_str(ctx, &g, i, 3)) ||
            !gt_copy(pg->grantor, sizeof pg->grantor, grantor ? grantor : ""))
            pgs->n--;
    }
    if (packages)
        fprintf(stderr, "pressdb: [Warning] FLUSH PRIVILEGES: %d rows of mysql.procs_priv are left out: pressdb has no "
                "packages\n", packages);
}

static void gt_roles_mapping(ex_ctx *ctx, gt_vec *rgs)
{
    gt_rows g;
    gt_select(ctx, "SELECT Host, User, Role, Admin_option FROM mysql.roles_mapping", &g);
    for (uint32_t i = 0; i < g.r.nrows; i++) {
        stor_role_grant *rg = gt_push(ctx, rgs);
        rg->admin = gt_true(gt_str(ctx, &g, i, 3));
        if (!gt_copy(rg->host, sizeof rg->host, gt_str(ctx, &g, i, 0)) ||
            !gt_copy(rg->user, sizeof rg->user, gt_str(ctx, &g, i, 1)) ||
            !gt_copy(rg->role, sizeof rg->role, gt_str(ctx, &g, i, 2)))
            rgs->n--;
    }
}

/* ---- routines (mysql.proc) ---- */

static uint16_t gt_coll(const char *name, bool charset, uint16_t dflt)
{
    const pdb_collation *c = !name ? NULL : charset ? pdb_coll_default_for(name) : pdb_coll_by_name(name);
    return c ? c->id : dflt;
}

static uint8_t gt_access(const char *s)
{
    if (!s) return 0;
    return !strcasecmp(s, "NO_SQL") ? 1 : !strcasecmp(s, "READS_SQL_DATA") ? 2 : !strcasecmp(s, "MODIFIES_SQL_DATA") ? 3 : 0;
}

static void gt_proc(ex_ctx *ctx)
{
    gt_rows g;
    gt_select(ctx, "SELECT db, name, type, param_list, `returns`, body, definer, UNIX_TIMESTAMP(created) AS created, "
                   "UNIX_TIMESTAMP(modified) AS modified, sql_mode, security_type, is_deterministic, sql_data_access, "
                   "comment, character_set_client, collation_connection, db_collation, aggregate FROM mysql.proc", &g);
    int c_db = gt_col(&g, "db"), c_name = gt_col(&g, "name"), c_type = gt_col(&g, "type"),
        c_params = gt_col(&g, "param_list"), c_ret = gt_col(&g, "returns"), c_body = gt_col(&g, "body"),
        c_def = gt_col(&g, "definer"), c_cr = gt_col(&g, "created"), c_mod = gt_col(&g, "modified"),
        c_mode = gt_col(&g, "sql_mode"), c_sec = gt_col(&g, "security_type"), c_det = gt_col(&g, "is_deterministic"),
        c_acc = gt_col(&g, "sql_data_access"), c_cmt = gt_col(&g, "comment"),
        c_cl = gt_col(&g, "character_set_client"), c_cc = gt_col(&g, "collation_connection"),
        c_dc = gt_col(&g, "db_collation"), c_agg = gt_col(&g, "aggregate");
    for (uint32_t i = 0; i < g.r.nrows; i++) {
        ex_rtn_import im = { 0 };
        im.db = gt_str(ctx, &g, i, c_db);
        im.name = gt_str(ctx, &g, i, c_name);
        const char *type = gt_str(ctx, &g, i, c_type), *agg = gt_str(ctx, &g, i, c_agg), *why = NULL;
        if (!im.db || !im.name || !type) continue;
        im.function = !strcasecmp(type, "FUNCTION");
        im.params = gt_str(ctx, &g, i, c_params);
        im.returns = gt_str(ctx, &g, i, c_ret);
        im.body = gt_str(ctx, &g, i, c_body);
        im.definer = gt_str(ctx, &g, i, c_def);
        im.comment = gt_str(ctx, &g, i, c_cmt);
        const char *sec = gt_str(ctx, &g, i, c_sec), *det = gt_str(ctx, &g, i, c_det);
        im.invoker = sec && !strcasecmp(sec, "INVOKER");
        im.deterministic = det && !strcasecmp(det, "YES");
        im.data_access = gt_access(gt_str(ctx, &g, i, c_acc));
        const char *mode = gt_str(ctx, &g, i, c_mode), *cr = gt_str(ctx, &g, i, c_cr), *md = gt_str(ctx, &g, i, c_mod);
        if (mode) ex_sql_mode_parse(mode, true, &im.in.sql_mode);
        im.in.client = gt_coll(gt_str(ctx, &g, i, c_cl), true, ctx->s->coll_client);
        im.in.connection = gt_coll(gt_str(ctx, &g, i, c_cc), false, ctx->s->coll_connection);
        stor_db *d = stor_db_find(im.db);
        im.in.dbcoll = gt_coll(gt_str(ctx, &g, i, c_dc), false, d ? d->coll : ctx->s->coll_connection);
        im.in.created_cs = cr ? (uint64_t)(strtod(cr, NULL) * 100) : 0;
        im.in.modified_cs = md ? (uint64_t)(strtod(md, NULL) * 100) : 0;
        if (!im.function && strcasecmp(type, "PROCEDURE")) why = "pressdb has no packages";
        else if (agg && !strcasecmp(agg, "GROUP")) why = "pressdb has no stored aggregate functions";
        else if (!im.params || !im.body || !im.definer || (im.function && !im.returns)) why = "the row is incomplete";
        else why = ex_rtn_import_one(ctx, &im);
        if (why)
            fprintf(stderr, "pressdb: [Warning] FLUSH PRIVILEGES: the %s %s.%s of mysql.proc is left out: %s\n",
                    type, im.db, im.name, why);
    }
}

/* ---- events (mysql.event) ---- */

static void gt_event(ex_ctx *ctx)
{
    gt_rows g;
    gt_select(ctx, "SELECT db, name, body, definer, execute_at, interval_value, interval_field, starts, ends, status, "
                   "on_completion, sql_mode, comment, time_zone, character_set_client, collation_connection, "
                   "db_collation, UNIX_TIMESTAMP(created) AS created, UNIX_TIMESTAMP(modified) AS modified FROM mysql.event", &g);
    int c_db = gt_col(&g, "db"), c_name = gt_col(&g, "name"), c_body = gt_col(&g, "body"), c_def = gt_col(&g, "definer"),
        c_at = gt_col(&g, "execute_at"), c_iv = gt_col(&g, "interval_value"), c_if = gt_col(&g, "interval_field"),
        c_st = gt_col(&g, "starts"), c_en = gt_col(&g, "ends"), c_stat = gt_col(&g, "status"),
        c_oc = gt_col(&g, "on_completion"), c_mode = gt_col(&g, "sql_mode"), c_cmt = gt_col(&g, "comment"),
        c_tz = gt_col(&g, "time_zone"), c_cl = gt_col(&g, "character_set_client"),
        c_cc = gt_col(&g, "collation_connection"), c_dc = gt_col(&g, "db_collation"), c_cr = gt_col(&g, "created"),
        c_mod = gt_col(&g, "modified");
    for (uint32_t i = 0; i < g.r.nrows; i++) {
        ex_evt_import im = { 0 };
        im.db = gt_str(ctx, &g, i, c_db);
        im.name = gt_str(ctx, &g, i, c_name);
        im.body = gt_str(ctx, &g, i, c_body);
        im.definer = gt_str(ctx, &g, i, c_def);
        if (!im.db || !im.name) continue;
        im.execute_at = gt_str(ctx, &g, i, c_at);
        im.interval_value = gt_str(ctx, &g, i, c_iv);
        im.interval_field = gt_str(ctx, &g, i, c_if);
        im.starts = gt_str(ctx, &g, i, c_st);
        im.ends = gt_str(ctx, &g, i, c_en);
        im.status = gt_str(ctx, &g, i, c_stat);
        im.on_completion = gt_str(ctx, &g, i, c_oc);
        im.comment = gt_str(ctx, &g, i, c_cmt);
        im.tz = gt_str(ctx, &g, i, c_tz);
        const char *mode = gt_str(ctx, &g, i, c_mode), *cr = gt_str(ctx, &g, i, c_cr), *md = gt_str(ctx, &g, i, c_mod);
        if (mode) ex_sql_mode_parse(mode, true, &im.sql_mode);
        im.client = gt_coll(gt_str(ctx, &g, i, c_cl), true, ctx->s->coll_client);
        im.connection = gt_coll(gt_str(ctx, &g, i, c_cc), false, ctx->s->coll_connection);
        stor_db *d = stor_db_find(im.db);
        im.dbcoll = gt_coll(gt_str(ctx, &g, i, c_dc), false, d ? d->coll : ctx->s->coll_connection);
        im.created_cs = cr ? (uint64_t)(strtod(cr, NULL) * 100) : 0;
        im.modified_cs = md ? (uint64_t)(strtod(md, NULL) * 100) : 0;
        const char *why = !im.body || !im.definer ? "the row is incomplete" : ex_evt_import_one(ctx, &im);
        if (why)
            fprintf(stderr, "pressdb: [Warning] FLUSH PRIVILEGES: the event %s.%s of mysql.event is left out: %s\n",
                    im.db, im.name, why);
    }
}

/* ---- FLUSH PRIVILEGES ---- */

/* The grant tables go (logged for a restart, not for replicas: they run FLUSH PRIVILEGES
 * themselves, from the binary log). */
static void gt_drop(ex_ctx *ctx)
{
    stor_db *d = stor_db_find("mysql");
    char sql[512];
    size_t k = (size_t)snprintf(sql, sizeof sql, "DROP TABLE IF EXISTS ");
    bool any = false;
    for (size_t i = 0; d && i < GT_N; i++) {
        if (!stor_table_find("mysql", gt_names[i])) continue;
        ex_trg_table_dropped("mysql", gt_names[i]);
        stor_table_drop(d, gt_names[i]);
        k += (size_t)snprintf(sql + k, sizeof sql - k, "%s`mysql`.`%s`", any ? "," : "", gt_names[i]);
        any = true;
    }
    if (!any) return;
    stor_txn *x = stor_txn_attached();
    if (x) stor_txn_set_no_binlog(x, true);
    int rc = ex_log_ddl(ctx, "mysql", sql, k);
    if (x) stor_txn_set_no_binlog(x, ctx->s->sql_log_bin_off);
    if (rc != 0) ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
}

/* What a table that was not restored stands for stays as the store has it: the accounts
 * (all false) or the database (tables false) or table grants. */
static void gt_keep(ex_ctx *ctx, gt_vec *out, bool all, bool tables)
{
    size_t n;
    stor_account *acc = stor_account_list(&n);
    for (size_t i = 0; i < n; i++) {
        if (!all) {
            *(stor_account *)gt_push(ctx, out) = acc[i];
            continue;
        }
        size_t ng;
        stor_grant *g = stor_grant_list(acc[i].user, acc[i].host, &ng);
        for (size_t k = 0; k < ng; k++)
            if (!g[k].table[0] != tables) *(stor_grant *)gt_push(ctx, out) = g[k];
        free(g);
    }
    free(acc);
}

static void gt_import(ex_ctx *ctx)
{
    gt_vec accs = { NULL, 0, 0, sizeof(stor_account) }, grants = { NULL, 0, 0, sizeof(stor_grant) },
           rgs = { NULL, 0, 0, sizeof(stor_role_grant) }, cgs = { NULL, 0, 0, sizeof(stor_col_grant) },
           pgs = { NULL, 0, 0, sizeof(stor_proc_grant) };
    if (stor_table_find("mysql", "global_priv")) gt_global_priv(ctx, &accs);
    else if (stor_table_find("mysql", "user")) gt_user_table(ctx, &accs);
    else gt_keep(ctx, &accs, false, false);
    if (stor_table_find("mysql", "db")) gt_db(ctx, &grants);
    else gt_keep(ctx, &grants, true, false);
    if (stor_table_find("mysql", "tables_priv")) gt_tables_priv(ctx, &grants);
    else gt_keep(ctx, &grants, true, true);
    if (stor_table_find("mysql", "columns_priv")) gt_columns_priv(ctx, &cgs);
    else {   /* (not restored: the store's stay) */
        size_t n;
        stor_col_grant *cg = stor_col_grant_list(NULL, NULL, &n);
        for (size_t i = 0; i < n; i++) *(stor_col_grant *)gt_push(ctx, &cgs) = cg[i];
        free(cg);
    }
    if (stor_table_find("mysql", "procs_priv")) gt_procs_priv(ctx, &pgs);
    else {
        size_t n;
        stor_proc_grant *pg = stor_proc_grant_list(NULL, NULL, &n);
        for (size_t i = 0; i < n; i++) *(stor_proc_grant *)gt_push(ctx, &pgs) = pg[i];
        free(pg);
    }
    if (stor_table_find("mysql", "roles_mapping")) gt_roles_mapping(ctx, &rgs);
    else {
        size_t n;
        stor_role_grant *rg = stor_role_grant_list(&n);
        for (size_t i = 0; i < n; i++) *(stor_role_grant *)gt_push(ctx, &rgs) = rg[i];
        free(rg);
    }
    if (stor_table_find("mysql", "proc") || stor_table_find("mysql", "event")) {   /* (logged for a restart;
                                                         replicas read their own mysql.proc and mysql.event) */
        stor_txn *x = stor_txn_attached();
        jmp_buf jb, *saved = ctx->jb;
        ctx->jb = &jb;
        if (setjmp(jb)) {
            ctx->jb = saved;
            if (x) stor_txn_set_no_binlog(x, ctx->s->sql_log_bin_off);
            longjmp(*saved, 1);
        }
        if (x) stor_txn_set_no_binlog(x, true);
        if (stor_table_find("mysql", "proc")) gt_proc(ctx);
        if (stor_table_find("mysql", "event")) gt_event(ctx);
        ctx->jb = saved;
        if (x) stor_txn_set_no_binlog(x, ctx->s->sql_log_bin_off);
    }
    if (stor_accounts_replace(accs.v, accs.n, grants.v, grants.n, rgs.v, rgs.n, cgs.v, cgs.n, pgs.v, pgs.n) !=
        STOR_ACC_OK)
        ex_raise(ctx, 1030, "HY000", "Got error 5 \"Input/output error\" from storage engine");
    gt_drop(ctx);
    ex_log_binlog_text(ctx, "FLUSH PRIVILEGES", 16);
}

void ex_grant_tables_flush(ex_ctx *ctx)
{
    if (!stor_grant_tables_pending()) return;
    bool any = false;
    for (size_t i = 0; i < GT_N; i++) any |= stor_table_find("mysql", gt_names[i]) != NULL;
    if (!any) {
        if (stor_grant_tables_clear() != STOR_ACC_OK)
            ex_raise(ctx, 1030, "HY000", "Got error 5 \"Input/output error\" from storage engine");
        return;
    }
    /* read as the server: FLUSH PRIVILEGES needs RELOAD only */
    bool enforce = ctx->s->enforce_privs;
    jmp_buf jb, *saved = ctx->jb;
    ctx->jb = &jb;
    if (setjmp(jb)) {
        ctx->jb = saved;
        ctx->s->enforce_privs = enforce;
        longjmp(*saved, 1);
    }
    ctx->s->enforce_privs = false;
    gt_import(ctx);
    ctx->jb = saved;
    ctx->s->enforce_privs = enforce;
}
