/* Views (CREATE / ALTER / DROP VIEW, reading through them).
 *
 * A view is kept in the catalog as the statement that makes it (stor_viewdef.sql):
 *   / * view sql_mode=M client=C connection=K * / CREATE ALGORITHM=.. DEFINER=`u`@`h`
 *   SQL SECURITY .. VIEW `db`.`name` [(`col`, ..)] AS <its SELECT as written>
 *   [WITH .. CHECK OPTION]
 * The comment carries what the text was written under: the sql_mode bits that change
 * how it parses, and the client's character set and connection collation MariaDB
 * reports. Recovery replays the same text (the log's DDL record, the snapshot's 'V').
 * Reading a view parses that text and reads its SELECT as a derived table whose
 * unqualified table names are the view's database's (ex_ctx.view_db), with the
 * definer's rights when SQL SECURITY DEFINER. SHOW CREATE VIEW and
 * information_schema.VIEWS print the SELECT again as MariaDB does (explain.c
 * ex_view_print), relative to the current database. */
#include "eng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VIEW_TAG "/* view sql_mode="
#define VIEW_NEST_MAX 256  /* views read through views: deeper is taken for a cycle (1462; the
                              stack check, 1436, may stop a chain of views sooner) */

static const char *const algorithms[] = { "UNDEFINED", "MERGE", "TEMPTABLE" };

static bool view_meta(const char *sql, uint64_t *mode, unsigned *client, unsigned *conn)
{
    unsigned long long m = 0;
    unsigned cl = 0, cc = 0;
    if (strncmp(sql, VIEW_TAG, strlen(VIEW_TAG)) ||
        sscanf(sql + strlen(VIEW_TAG), "%llu client=%u connection=%u", &m, &cl, &cc) != 3) return false;
    *mode = m; *client = cl; *conn = cc;
    return true;
}

uint64_t ex_view_text_mode(const char *sql, size_t len)
{
    uint64_t m;
    unsigned cl, cc;
    if (len < strlen(VIEW_TAG) || !view_meta(sql, &m, &cl, &cc)) return 0;
    return m & (MODE_NO_BACKSLASH_ESCAPES | MODE_ANSI_QUOTES | MODE_PIPES_AS_CONCAT | MODE_HIGH_NOT_PRECEDENCE);
}

/* The session's view of a name: a temporary table of the session hides a view. */
const stor_viewdef *ex_view_find(ex_ctx *ctx, const char *db, const char *name)
{
    if (!stor_viewdefs_exist() || !db || !strcasecmp(db, "information_schema")) return NULL;
    if (ctx->s->tmp && ex_tmp_find(ctx->s, db, name)) return NULL;
    if (ctx->hide_name && !strcmp(ctx->hide_name, name) && !strcmp(ctx->hide_db, db)) return NULL;
    return stor_viewdef_find(db, name);
}

/* The view's statement parsed in the statement arena; its blocks keep no plans (their
 * block numbers would collide with the outer statement's). NULL if it does not parse. */
pl_stmt *ex_view_parse(ex_ctx *ctx, const stor_viewdef *v)
{
    uint64_t m = ex_view_text_mode(v->sql, strlen(v->sql));
    return ex_sp_parse_kept(ctx, v->sql, (uint32_t)m, S_CREATE_VIEW);
}

/* Opening view v (database db) as source s of a query block: its SELECT's rows. */
void ex_view_open(ex_ctx *ctx, const char *db, const stor_viewdef *v, ex_view_src *out)
{
    ex_check_stack(ctx);   /* (every path through nested views comes here once per level) */
    if (ctx->s->enforce_privs && !ctx->definer_rights) ex_privs_open_name(ctx, db, v->name);
    if (ctx->view_depth >= VIEW_NEST_MAX)
        ex_raise(ctx, 1462, "HY000", "`%s`.`%s` contains view recursion", db, v->name);
    pl_stmt *st = ex_view_parse(ctx, v);
    if (!st) ex_raise(ctx, 1356, "HY000", "View '%s.%s' references invalid table(s) or column(s) or function(s) or definer/invoker of view lack rights to use them", db, v->name);
    out->sel = st->sel;
    out->cols = st->cols;
    out->ncols = st->ncols;
    out->db = stor_arena_strndup(ctx->a, db, strlen(db));
    out->definer = st->view->security != 2;
    out->algorithm = st->view->algorithm;
}

static void append(stor_arena *a, char **b, size_t *n, size_t *cap, const char *s, size_t len)
{
    if (*n + len + 1 > *cap) {
        size_t nc = *cap ? *cap * 2 : 256;
        while (nc < *n + len + 1) nc *= 2;
        char *nb = stor_arena_alloc(a, nc);
        if (*n) memcpy(nb, *b, *n);
        *b = nb; *cap = nc;
    }
    memcpy(*b + *n, s, len);
    *n += len;
    (*b)[*n] = 0;
}

static void append_s(stor_arena *a, char **b, size_t *n, size_t *cap, const char *s) { append(a, b, n, cap, s, strlen(s)); }

static void append_q(stor_arena *a, char **b, size_t *n, size_t *cap, const char *s)
{
    append_s(a, b, n, cap, "`");
    for (const char *p = s; *p; p++) {
        if (*p == '`') append_s(a, b, n, cap, "`");
        append(a, b, n, cap, p, 1);
    }
    append_s(a, b, n, cap, "`");
}

/* `user`@`host` of the definer: the one given, else the current user */
static void append_q(stor_arena *a, char **b, size_t *n, size_t *cap, const char *s);

/* `user`@`host` of the definer (quoted as names are: a ` doubled): the one given, else
 * the current user */
static void definer_text(ex_ctx *ctx, const pl_view *v, char **b, size_t *n, size_t *cap)
{
    const char *u = ctx->s->user, *h = ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
    if (v->has_definer && v->definer->user && v->definer->user[0]) { u = v->definer->user; h = v->definer->host ? v->definer->host : "%"; }
    append_q(ctx->a, b, n, cap, u);
    append(ctx->a, b, n, cap, "@", 1);
    append_q(ctx->a, b, n, cap, h);
}

/* The text a view is kept as (see the top of the file). */
static char *view_text(ex_ctx *ctx, pl_stmt *st, const char *db, size_t *len)
{
    const pl_view *v = st->view;
    char head[300];
    uint64_t m = ctx->s->sql_mode & (MODE_NO_BACKSLASH_ESCAPES | MODE_ANSI_QUOTES | MODE_PIPES_AS_CONCAT | MODE_HIGH_NOT_PRECEDENCE);
    snprintf(head, sizeof head, VIEW_TAG "%llu client=%u connection=%u */ CREATE ALGORITHM=%s DEFINER=",
             (unsigned long long)m, ctx->s->coll_client, ctx->s->coll_connection, algorithms[v->algorithm]);
    char *b = NULL;
    size_t n = 0, cap = 0;
    append_s(ctx->a, &b, &n, &cap, head);
    definer_text(ctx, v, &b, &n, &cap);
    append_s(ctx->a, &b, &n, &cap, v->security == 2 ? " SQL SECURITY INVOKER VIEW " : " SQL SECURITY DEFINER VIEW ");
    append_q(ctx->a, &b, &n, &cap, db);
    append_s(ctx->a, &b, &n, &cap, ".");
    append_q(ctx->a, &b, &n, &cap, st->table);
    for (int i = 0; i < st->ncols; i++) {
        append_s(ctx->a, &b, &n, &cap, i ? "," : " (");
        append_q(ctx->a, &b, &n, &cap, st->cols[i]);
    }
    if (st->ncols) append_s(ctx->a, &b, &n, &cap, ")");
    append_s(ctx->a, &b, &n, &cap, " AS ");
    append(ctx->a, &b, &n, &cap, v->body, v->body_len);
    if (v->check) append_s(ctx->a, &b, &n, &cap, v->check == 2 ? " WITH LOCAL CHECK OPTION" : " WITH CASCADED CHECK OPTION");
    *len = n;
    return b;
}

/* MariaDB's rule for a view that INSERT / UPDATE / DELETE may go through: its SELECT
 * merges into the statement (no aggregate, DISTINCT, GROUP BY, HAVING, LIMIT, UNION,
 * window or subquery in its list) and reads tables. */
bool ex_view_updatable(const pl_select *sel, int algorithm)
{
    if (algorithm == 2 || sel->distinct || sel->ngroup || sel->having || sel->limit || sel->next || !sel->nfrom)
        return false;
    for (int i = 0; i < sel->nitems; i++) {
        const pl_expr *x = sel->items[i].e;
        if (!x) continue;
        if (x->kind == E_FUNC && (x->win || ex_is_aggregate_name(x->s))) return false;
    }
    return true;
}

static stor_table *view_table(ex_ctx *ctx, const char *db, const stor_viewdef *v, bool creating);

/* The view's columns as a table (DESCRIBE, SHOW COLUMNS, information_schema.COLUMNS):
 * the types its SELECT gives, worked out without running it. */
stor_table *ex_view_table(ex_ctx *ctx, const char *db, const stor_viewdef *v)
{
    return view_table(ctx, db, v, false);
}

static stor_table *view_table(ex_ctx *ctx, const char *db, const stor_viewdef *v, bool creating)
{
    ex_view_src vs;
    ex_ctx octx = *ctx;
    if (creating) octx.definer_rights = true;   /* (the new view's own name needs no SELECT) */
    ex_view_open(&octx, db, v, &vs);
    ex_ctx sub = *ctx;
    sub.outer = NULL;
    sub.describe = true;
    sub.view_db = vs.db;
    sub.view_depth = ctx->view_depth + 1;
    /* (checking a new view's SELECT: with its creator's rights, so a view cannot lend
       rights its creator does not have) */
    sub.definer_rights = !creating && (ctx->definer_rights || vs.definer);
    ex_rows rows;
    memset(&rows, 0, sizeof rows);
    ex_type *types = NULL;
    const char **names = NULL;
    uint64_t found;
    ex_select_rows(&sub, vs.sel, &rows, &types, &names, &found);
    if (vs.ncols && (uint32_t)vs.ncols != rows.ncols && creating)
        ex_raise(ctx, 1353, "HY000", "View's SELECT and view's field list have different column counts");
    if (vs.ncols && (uint32_t)vs.ncols != rows.ncols)
        ex_raise(ctx, 1356, "HY000", "View '%s.%s' references invalid table(s) or column(s) or function(s) or definer/invoker of view lack rights to use them", db, v->name);
    stor_table *t = stor_arena_alloc(ctx->a, sizeof *t);
    memset(t, 0, sizeof *t);
    t->db = (char *)vs.db;
    t->name = stor_arena_strndup(ctx->a, v->name, strlen(v->name));
    t->ncols = rows.ncols;
    t->cols = stor_arena_alloc(ctx->a, (rows.ncols ? rows.ncols : 1) * sizeof *t->cols);
    memset(t->cols, 0, (rows.ncols ? rows.ncols : 1) * sizeof *t->cols);
    for (uint32_t i = 0; i < rows.ncols; i++) {
        const char *nm = vs.ncols ? vs.cols[i] : names[i];
        ex_select_column(&sub, vs.sel, i, &types[i], nm, &t->cols[i]);
        t->cols[i].name = stor_arena_strndup(ctx->a, nm, strlen(nm));
    }
    return t;
}

/* Is err one of a view that no longer resolves (a name gone, rights lost, a cycle)? Only
 * those are caught where a statement goes on without the view; anything else (a lock
 * wait, a move to a worker, KILL, a memory limit) goes on up as it came. */
bool ex_view_error_caught(const ex_err *err)
{
    switch (err->code) {
    case 1054: case 1052: case 1060: case 1142: case 1143: case 1146: case 1347: case 1356: case 1462: return true;
    default: return false;
    }
}

/* The same, NULL when the view no longer resolves (information_schema lists the rest). */
stor_table *ex_view_table_try(ex_ctx *ctx, const char *db, const stor_viewdef *v)
{
    jmp_buf jb;
    ex_err err;
    ex_ctx sub = *ctx;
    sub.jb = &jb;
    sub.err = &err;
    sub.no_tablelock = true;   /* (metadata: a view's columns, LOCK TABLES or not) */
    struct rcte *rt = ctx->stmt->rcte_top;   /* (frames a longjmp skips would leave these set) */
    bool lco = ctx->stmt->lookup_const_only;
    if (setjmp(jb)) {
        ctx->stmt->rcte_top = rt;
        ctx->stmt->lookup_const_only = lco;
        if (ex_view_error_caught(&err)) return NULL;
        *ctx->err = err;
        longjmp(*ctx->jb, 1);
    }
    return ex_view_table(&sub, db, v);
}

/* view_table for a view being created: a table its creator may not read is MariaDB's
 * "ANY command denied ... for table" naming the account's host pattern. */
static stor_table *view_table_checked(ex_ctx *ctx, const char *db, const stor_viewdef *v)
{
    jmp_buf jb;
    ex_err err;
    ex_ctx sub = *ctx;
    sub.jb = &jb;
    sub.err = &err;
    if (setjmp(jb)) {
        const char *tbl = err.code == 1142 ? strstr(err.msg, " for table ") : NULL;
        if (tbl) ex_raise(ctx, 1142, "42000", "ANY command denied to user '%s'@'%s'%s", ctx->s->user,
                          ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host, tbl);
        *ctx->err = err;
        longjmp(*ctx->jb, 1);
    }
    return view_table(&sub, db, v, true);
}

/* What MariaDB refuses in a view's SELECT before reading it: a variable or parameter
 * (1351), SELECT ... INTO (a syntax error there), a temporary table (1352). */
static void refuse_expr(ex_ctx *ctx, const pl_expr *e, const char *body);

static void refuse_select(ex_ctx *ctx, const pl_select *sel, const char *body)
{
    for (const pl_select *q = sel; q; q = q->next) {
        if (q->ninto) {   /* (MariaDB's parser has no INTO there: its syntax error, near the INTO) */
            const char *at = body ? strcasestr(body, "into") : NULL;   /* (body: a copy, NUL-ended) */
            ex_raise(ctx, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '%.80s' at line 1", at ? at : "into");
        }
        for (int i = 0; i < q->nitems; i++) refuse_expr(ctx, q->items[i].e, body);
        for (int i = 0; i < q->nfrom; i++) {
            const pl_tref *t = &q->from[i];
            if (t->derived) refuse_select(ctx, t->derived, body);
            if (t->cte && t->cte->sel) refuse_select(ctx, t->cte->sel, body);
            refuse_expr(ctx, t->on, body);
            if (t->name && !t->derived && !t->cte && ctx->s->tmp &&
                ex_tmp_find(ctx->s, ex_cur_db(ctx, t->db), t->name))
                ex_raise(ctx, 1352, "HY000", "View's SELECT refers to a temporary table '%s'", t->name);
        }
        refuse_expr(ctx, q->where, body);
        refuse_expr(ctx, q->having, body);
        for (int i = 0; i < q->ngroup; i++) refuse_expr(ctx, q->group[i], body);
        for (int i = 0; i < q->norder; i++) refuse_expr(ctx, q->order[i].e, body);
        refuse_expr(ctx, q->limit, body);
        refuse_expr(ctx, q->offset, body);
    }
}

static void refuse_expr(ex_ctx *ctx, const pl_expr *e, const char *body)
{
    if (!e) return;
    if (e->kind == E_USERVAR || e->kind == E_PARAM)
        ex_raise(ctx, 1351, "HY000", "View's SELECT contains a variable or parameter");
    if (e->sub) refuse_select(ctx, e->sub, body);
    for (int i = 0; i < e->nargs; i++) refuse_expr(ctx, e->args[i], body);
    for (int i = 0; i < e->norder; i++) refuse_expr(ctx, e->order[i].e, body);
}

static void create_view(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    const char *db = ex_cur_db(ctx, st->db);
    stor_db *d = stor_db_find(db);
    if (!d) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", db);
    if (stor_table_find(db, st->table)) ex_raise(ctx, 1050, "42S01", "Table '%s' already exists", st->table);
    bool exists = stor_viewdef_find(db, st->table) != NULL;
    if (st->view->alter && !exists) ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", db, st->table);
    if (exists && !st->view->alter && !st->or_replace && !ex_replaying) {   /* (the log keeps a redefinition as CREATE) */
        if (!st->if_not_exists) ex_raise(ctx, 1050, "42S01", "Table '%s' already exists", st->table);
        ex_warn(ctx, "Note", 1050, "Table '%s' already exists", st->table);
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    if (st->view->algorithm == 1 && !ex_view_updatable(st->sel, 1)) {
        st->view->algorithm = 0;   /* as MariaDB: kept as UNDEFINED */
        if (!ex_replaying) ex_warn(ctx, "Warning", 1354, "View merge algorithm can't be used here for now (assumed undefined algorithm)");
    }
    size_t len;
    char *sql = view_text(ctx, st, db, &len);
    if (!ex_replaying) {
        refuse_select(ctx, st->sel, stor_arena_strndup(ctx->a, st->view->body, st->view->body_len));
        if (st->view->check && !ex_view_updatable(st->sel, st->view->algorithm))
            ex_raise(ctx, 1368, "HY000", "CHECK OPTION on non-updatable view `%s`.`%s`", db, st->table);
        /* its tables and columns must exist now, and its column list fit */
        stor_viewdef probe = { .name = st->table, .sql = sql };
        ex_ctx sub = *ctx;
        sub.view_depth = 0;
        sub.hide_db = db;
        sub.hide_name = st->table;
        stor_table *t = view_table_checked(&sub, db, &probe);
        if (st->view->has_definer) ex_privs_view_definer(ctx, st->view->definer->user, st->view->definer->host);
        for (uint32_t c = 1; c < t->ncols; c++)
            for (uint32_t k = 0; k < c; k++)
                if (!strcasecmp(t->cols[c].name, t->cols[k].name))
                    ex_raise(ctx, 1060, "42S21", "Duplicate column name '%s'", t->cols[c].name);
        if (ex_log_ddl(ctx, db, sql, len) != 0)
            ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    }
    stor_viewdef_put(d, st->table, sql, len);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

static void drop_view(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    char missing[1024] = "";
    size_t mk = 0;
    for (int i = 0; i < st->nnames; i++) {
        const char *db = ex_cur_db(ctx, st->names_db[i]);
        stor_db *d = stor_db_find(db);
        if (d && stor_viewdef_find(db, st->names[i])) continue;
        mk += (size_t)snprintf(missing + mk, sizeof missing - mk, "%s%s.%s", mk ? "," : "", db, st->names[i]);
        if (mk >= sizeof missing) mk = sizeof missing - 1;
    }
    if (mk && !st->if_exists) ex_raise(ctx, 4092, "42S02", "Unknown VIEW: '%s'", missing);
    char *b = NULL;
    size_t n = 0, cap = 0;
    for (int i = 0; i < st->nnames; i++) {
        const char *db = ex_cur_db(ctx, st->names_db[i]);
        stor_db *d = stor_db_find(db);
        if (!d || !stor_viewdef_find(db, st->names[i])) continue;
        append_s(ctx->a, &b, &n, &cap, n ? "," : "DROP VIEW IF EXISTS ");
        append_q(ctx->a, &b, &n, &cap, db);
        append_s(ctx->a, &b, &n, &cap, ".");
        append_q(ctx->a, &b, &n, &cap, st->names[i]);
    }
    if (n && !ex_replaying && ex_log_ddl(ctx, ctx->s->db, b, n) != 0)
        ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    for (int i = 0; i < st->nnames; i++) {
        const char *db = ex_cur_db(ctx, st->names_db[i]);
        stor_db *d = stor_db_find(db);
        if (d) stor_viewdef_drop(d, st->names[i]);
    }
    if (mk) ex_warn(ctx, "Note", 4092, "Unknown VIEW: '%s'", missing);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

/* PREPARE of CREATE / ALTER VIEW: what MariaDB refuses then (a parameter: 1351). */
void ex_view_prepare_check(ex_ctx *ctx, pl_stmt *st)
{
    if (st->kind == S_CREATE_VIEW && st->view) refuse_select(ctx, st->sel, stor_arena_strndup(ctx->a, st->view->body, st->view->body_len));
}

void ex_view_ddl(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    if (st->kind == S_DROP_VIEW) drop_view(ctx, st, r);
    else create_view(ctx, st, r);
}

/* RENAME TABLE of a view (false: db.name is not one): within its database only (1450),
 * to a name no table or view has (1050); its text is made again under the new name. */
bool ex_view_rename(ex_ctx *ctx, const char *db, const char *name, const char *ndb, const char *nname)
{
    const stor_viewdef *v = ex_view_find(ctx, db, name);
    if (!v) return false;
    if (strcmp(db, ndb)) ex_raise(ctx, 1450, "HY000", "Changing schema from '%s' to '%s' is not allowed", db, ndb);
    if (stor_table_find(ndb, nname) || stor_viewdef_find(ndb, nname)) ex_raise(ctx, 1050, "42S01", "Table '%s' already exists", nname);
    char *oh = NULL, *nh = NULL;
    size_t on = 0, ocap = 0, nn = 0, ncap = 0;
    append_s(ctx->a, &oh, &on, &ocap, " VIEW ");
    append_q(ctx->a, &oh, &on, &ocap, db);
    append_s(ctx->a, &oh, &on, &ocap, ".");
    append_q(ctx->a, &oh, &on, &ocap, name);
    append_s(ctx->a, &nh, &nn, &ncap, " VIEW ");
    append_q(ctx->a, &nh, &nn, &ncap, db);
    append_s(ctx->a, &nh, &nn, &ncap, ".");
    append_q(ctx->a, &nh, &nn, &ncap, nname);
    const char *at = strstr(v->sql, oh);
    if (!at) ex_raise(ctx, 1356, "HY000", "View '%s.%s' references invalid table(s) or column(s) or function(s) or definer/invoker of view lack rights to use them", db, name);
    char *sql = NULL;
    size_t n = 0, cap = 0;
    append(ctx->a, &sql, &n, &cap, v->sql, (size_t)(at - v->sql));
    append(ctx->a, &sql, &n, &cap, nh, nn);
    append_s(ctx->a, &sql, &n, &cap, at + on);
    stor_db *d = stor_db_find(db);
    stor_viewdef_drop(d, name);
    stor_viewdef_put(d, nname, sql, n);
    return true;
}

/* ---------------------------------------------------------------- the tables behind a view */

typedef struct vwalk {
    ex_ctx *ctx;
    void (*fn)(void *arg, const char *db, const char *name, const char *alias);
    void *arg;
    int depth;
} vwalk;

static void walk_select(vwalk *w, const char *db, const pl_select *sel);

static void walk_expr(vwalk *w, const char *db, const pl_expr *e)
{
    if (!e) return;
    if (e->sub) walk_select(w, db, e->sub);
    for (int i = 0; i < e->nargs; i++) walk_expr(w, db, e->args[i]);
}

static void walk_view(vwalk *w, const char *db, const stor_viewdef *v)
{
    ex_check_stack(w->ctx);
    if (w->depth >= VIEW_NEST_MAX) return;
    pl_stmt *st = ex_view_parse(w->ctx, v);
    if (!st) return;
    w->depth++;
    walk_select(w, db, st->sel);
    w->depth--;
}

static void walk_select(vwalk *w, const char *db, const pl_select *sel)
{
    for (const pl_select *q = sel; q; q = q->next) {
        for (int i = 0; i < q->nfrom; i++) {
            const pl_tref *t = &q->from[i];
            if (t->derived) { walk_select(w, db, t->derived); continue; }
            if (t->cte || !t->name) continue;
            const char *tdb = t->db ? t->db : db;
            const stor_viewdef *v = ex_view_find(w->ctx, tdb, t->name);
            if (v) walk_view(w, tdb, v);
            else w->fn(w->arg, tdb, t->name, t->alias);
            walk_expr(w, db, t->on);
        }
        for (int i = 0; i < q->nitems; i++) walk_expr(w, db, q->items[i].e);
        walk_expr(w, db, q->where);
        walk_expr(w, db, q->having);
    }
}

/* Calls fn for every base table view v reads, through the views it reads (LOCK TABLES
 * locks them with the view, as MariaDB does). */
void ex_view_tables(ex_ctx *ctx, const char *db, const stor_viewdef *v,
                    void (*fn)(void *arg, const char *db, const char *name, const char *alias), void *arg)
{
    vwalk w = { ctx, fn, arg, 0 };
    walk_view(&w, db, v);
}

/* ---------------------------------------------------------------- introspection */

void ex_view_meta(const stor_viewdef *v, ex_view_info *out)
{
    uint64_t m;
    unsigned cl = 0, cc = 0;
    memset(out, 0, sizeof *out);
    if (view_meta(v->sql, &m, &cl, &cc)) { out->client = (uint16_t)cl; out->connection = (uint16_t)cc; }
    const char *p = strstr(v->sql, "CREATE ALGORITHM=");
    if (!p) return;
    p += strlen("CREATE ALGORITHM=");
    for (int i = 0; i < 3; i++) if (!strncmp(p, algorithms[i], strlen(algorithms[i]))) out->algorithm = (uint8_t)i;
    const char *d = strstr(p, " DEFINER=");
    const char *sec = d ? strstr(d, " SQL SECURITY ") : NULL;
    if (d && sec) {
        size_t n = (size_t)(sec - d - 9);
        if (n >= sizeof out->definer) n = sizeof out->definer - 1;
        memcpy(out->definer, d + 9, n);
        out->definer[n] = 0;
        out->invoker = !strncmp(sec + 14, "INVOKER", 7);
    }
}

/* ---------------------------------------------------------------- merging a view
 *
 * MariaDB merges a view into the query that reads it when it can (no aggregate,
 * DISTINCT, GROUP BY, HAVING, LIMIT, UNION, window): the view's tables become the
 * query's, its WHERE joins the query's, and the query's references to the view's
 * columns become the view's expressions, so keys are used as on the tables themselves
 * and EXPLAIN shows the tables. This does it for a query block whose only source is
 * such a view over base tables, when nothing in either could resolve differently
 * afterwards (no subqueries, every name found where it was); otherwise the view is
 * read as a derived table (select.c). */

typedef struct vmerge {
    ex_ctx *ctx;
    const char *alias;           /* the view's name in the query */
    const char **names;          /* its columns */
    pl_expr **exprs;             /* and the expressions they stand for */
    int n;
    const char **onames;         /* the query's item aliases (GROUP BY, HAVING, ORDER BY) */
    int nonames;
    bool ok;
    int nother;                  /* the query's other sources (base tables), when it joins */
    const char **oalias;
    stor_table **otab;
} vmerge;

static int vm_col(const vmerge *m, const char *name)
{
    for (int i = 0; i < m->n; i++) if (!strcasecmp(m->names[i], name)) return i;
    return -1;
}

/* The name of the result column a query's item e (a column, no alias) makes: the
 * view's own name for one of its columns (MariaDB names a view field as the view does),
 * the name as written for another source's. */
static char *vm_item_name(const vmerge *m, const pl_expr *e)
{
    /* (inside a view's body: as written, as MariaDB names a view's columns) */
    if (m->ctx->view_depth || (e->tbl && strcmp(e->tbl, m->alias))) return e->s;
    int k = vm_col(m, e->s);
    if (k < 0) return e->s;
    for (int j = 0; !e->tbl && j < m->nother; j++)
        for (uint32_t c = 0; c < m->otab[j]->ncols; c++)
            if (!strcasecmp(m->otab[j]->cols[c].name, e->s)) return e->s;
    return (char *)m->names[k];
}

/* e with the view's columns replaced (a copy); m->ok false when it cannot be. alias_ok:
 * GROUP BY, HAVING and ORDER BY, where a name may also be one of the query's aliases. */
static pl_expr *vm_rewrite(vmerge *m, const pl_expr *e, bool alias_ok)
{
    if (!e || !m->ok) return (pl_expr *)e;
    if (e->sub || e->win || e->kind == E_SUBQUERY || e->kind == E_EXISTS || e->kind == E_INSUB) { m->ok = false; return (pl_expr *)e; }
    if (e->kind == E_COLUMN) {
        if (e->db) { m->ok = false; return (pl_expr *)e; }
        if (alias_ok && !e->tbl)
            for (int i = 0; i < m->nonames; i++) if (m->onames[i] && !strcasecmp(m->onames[i], e->s)) { m->ok = false; return (pl_expr *)e; }
        int k = !e->tbl || !strcmp(e->tbl, m->alias) ? vm_col(m, e->s) : -1;
        int other = -1, nmatch = k >= 0;
        for (int j = 0; j < m->nother; j++) {
            if (e->tbl && strcmp(e->tbl, m->oalias[j])) continue;
            if (e->tbl) { other = j; nmatch++; continue; }   /* (the table says whether it has it) */
            for (uint32_t c = 0; c < m->otab[j]->ncols; c++)
                if (!strcasecmp(m->otab[j]->cols[c].name, e->s)) { other = j; nmatch++; break; }
        }
        if (nmatch != 1) { m->ok = false; return (pl_expr *)e; }
        if (other >= 0) {   /* another source's column: named by its table from now on */
            pl_expr *c = pl_expr_copy(m->ctx->a, e);
            c->tbl = (char *)m->oalias[other];
            return c;
        }
        pl_expr *c = pl_expr_copy(m->ctx->a, m->exprs[k]);
        c->start = e->start;
        c->srclen = e->srclen;
        return c;
    }
    pl_expr *c = stor_arena_alloc(m->ctx->a, sizeof *c);
    *c = *e;
    if (e->nargs) {
        c->args = stor_arena_alloc(m->ctx->a, (size_t)e->nargs * sizeof *c->args);
        for (int i = 0; i < e->nargs; i++) c->args[i] = e->args[i] && e->args[i]->kind != E_STAR ? vm_rewrite(m, e->args[i], false) : e->args[i];
    }
    if (e->norder) {
        c->order = stor_arena_alloc(m->ctx->a, (size_t)e->norder * sizeof *c->order);
        for (int i = 0; i < e->norder; i++) { c->order[i] = e->order[i]; c->order[i].e = vm_rewrite(m, e->order[i].e, false); }
    }
    return c;
}

/* Does anything in the view's SELECT stop a merge (a subquery, a window, a star over
 * something that is not a base table)? Its column references must each resolve to one
 * of its tables, so a merged view fails no differently than a read one. */
static bool vm_expr_ok(const pl_expr *e, stor_table **tabs, const char **aliases, int n)
{
    if (!e) return true;
    if (e->sub || e->win || e->kind == E_SUBQUERY || e->kind == E_EXISTS || e->kind == E_INSUB) return false;
    if (e->kind == E_COLUMN) {
        if (e->db) return false;
        int found = 0;
        for (int i = 0; i < n; i++) {
            if (e->tbl && strcmp(e->tbl, aliases[i])) continue;
            for (uint32_t c = 0; c < tabs[i]->ncols; c++) if (!strcasecmp(tabs[i]->cols[c].name, e->s)) found++;
        }
        return found == 1;
    }
    for (int i = 0; i < e->nargs; i++) if (e->args[i] && e->args[i]->kind != E_STAR && !vm_expr_ok(e->args[i], tabs, aliases, n)) return false;
    for (int i = 0; i < e->norder; i++) if (!vm_expr_ok(e->order[i].e, tabs, aliases, n)) return false;
    return true;
}

/* A reference to column name of the source tbl names (NULL: unqualified), made in a. */
static pl_expr *column_ref(stor_arena *a, const char *name, const char *tbl)
{
    pl_expr *col = stor_arena_alloc(a, sizeof *col);
    memset(col, 0, sizeof *col);
    col->kind = E_COLUMN;
    col->s = (char *)name;
    col->slen = strlen(name);
    col->tbl = (char *)tbl;
    return col;
}

/* The name a view's item gives its column when the query says it: its alias, the column
 * it reads, or a string literal's value; NULL for any other expression (named by its
 * text, which the callers treat each their own way). */
static const char *given_name(const pl_item *it)
{
    const pl_expr *e = it->e;
    if (it->alias) return it->alias;
    if (e->kind == E_COLUMN || (e->kind == E_STRING && !e->ival)) return e->s;
    return NULL;
}

/* A copy of the block to rewrite (out), m knowing its item aliases. */
static pl_select *rewrite_begin(ex_ctx *ctx, vmerge *m, pl_select *sel)
{
    m->onames = stor_arena_alloc(ctx->a, (size_t)(sel->nitems ? sel->nitems : 1) * sizeof *m->onames);
    m->nonames = 0;
    for (int i = 0; i < sel->nitems; i++) m->onames[m->nonames++] = sel->items[i].alias;
    m->ok = true;
    pl_select *out = stor_arena_alloc(ctx->a, sizeof *out);
    *out = *sel;
    out->orig = sel->orig ? sel->orig : sel;
    return out;
}

/* The block's WHERE, HAVING, GROUP BY and ORDER BY with the view's columns replaced (into
 * out; m->ok false when one cannot be). */
static void rewrite_clauses(ex_ctx *ctx, vmerge *m, const pl_select *sel, pl_select *out)
{
    out->where = vm_rewrite(m, sel->where, false);
    out->having = vm_rewrite(m, sel->having, true);
    if (sel->ngroup) {
        out->group = stor_arena_alloc(ctx->a, (size_t)sel->ngroup * sizeof *out->group);
        for (int i = 0; i < sel->ngroup; i++) out->group[i] = vm_rewrite(m, sel->group[i], true);
    }
    if (sel->norder) {
        out->order = stor_arena_alloc(ctx->a, (size_t)sel->norder * sizeof *out->order);
        for (int i = 0; i < sel->norder; i++) { out->order[i] = sel->order[i]; out->order[i].e = vm_rewrite(m, sel->order[i].e, true); }
    }
}

/* A view the query may merge, as source t: its SELECT over base tables, its columns. */
typedef struct vsource {
    const stor_viewdef *vd;
    const char *db;
    pl_stmt *st;
    pl_select *s;
    stor_table **tabs;
    const char **aliases;
    vmerge m;
} vsource;

static bool view_source(ex_ctx *ctx, const pl_tref *t, vsource *out)
{
    if (!t->name || t->derived || t->cte || t->nhint_keys || t->ncol_names) return false;
    const char *db = t->db ? t->db : ctx->view_db ? ctx->view_db : ctx->s->db;
    if (!db || !db[0]) return false;
    const stor_viewdef *vd = ex_view_find(ctx, db, t->name);
    if (!vd || ctx->view_depth >= VIEW_NEST_MAX) return false;
    pl_stmt *st = ex_view_parse(ctx, vd);
    if (!st) return false;
    pl_select *s = st->sel;
    if (st->view->algorithm == 2 || !ex_view_updatable(s, 1) || s->norder || s->rollup) return false;
    /* its sources: base tables that exist (the definer's, readable by the invoker) */
    stor_table **tabs = stor_arena_alloc(ctx->a, (size_t)s->nfrom * sizeof *tabs);
    const char **aliases = stor_arena_alloc(ctx->a, (size_t)s->nfrom * sizeof *aliases);
    for (int i = 0; i < s->nfrom; i++) {
        pl_tref *f = &s->from[i];
        if (!f->name || f->derived || f->cte || f->nusing || f->natural || f->ncol_names) return false;
        const char *fdb = f->db ? f->db : db;
        if (!strcasecmp(fdb, "information_schema") || !strcmp(fdb, "mysql") || ex_view_find(ctx, fdb, f->name)) return false;
        if (ctx->s->tmp && ex_tmp_find(ctx->s, fdb, f->name)) return false;
        tabs[i] = stor_table_find(fdb, f->name);
        if (!tabs[i]) return false;
        if (ctx->s->enforce_privs && !(ex_privs_table(ctx->s, fdb, f->name) & STOR_PRIV_SELECT)) return false;
        aliases[i] = f->alias ? f->alias : f->name;
        for (int j = 0; j < i; j++) if (!strcmp(aliases[j], aliases[i])) return false;
    }
    for (int i = 0; i < s->nfrom; i++) if (!vm_expr_ok(s->from[i].on, tabs, aliases, s->nfrom)) return false;
    if (!vm_expr_ok(s->where, tabs, aliases, s->nfrom)) return false;
    /* its columns: names and expressions (a star expanded over its tables) */
    vmerge m = { ctx, t->alias ? t->alias : vd->name, NULL, NULL, 0, NULL, 0, true, 0, NULL, NULL };
    int cap = 0;
    for (int i = 0; i < s->nitems; i++) {
        const pl_expr *e = s->items[i].e;
        if (e->kind != E_STAR) { cap++; continue; }
        for (int j = 0; j < s->nfrom; j++) if (!e->tbl || !strcmp(e->tbl, aliases[j])) cap += (int)tabs[j]->ncols;
    }
    m.names = stor_arena_alloc(ctx->a, (size_t)(cap ? cap : 1) * sizeof *m.names);
    m.exprs = stor_arena_alloc(ctx->a, (size_t)(cap ? cap : 1) * sizeof *m.exprs);
    for (int i = 0; i < s->nitems; i++) {
        pl_expr *e = s->items[i].e;
        if (e->kind == E_STAR) {
            if (e->db) return false;
            for (int j = 0; j < s->nfrom; j++) {
                if (e->tbl && strcmp(e->tbl, aliases[j])) continue;
                for (uint32_t c = 0; c < tabs[j]->ncols; c++) {
                    m.names[m.n] = tabs[j]->cols[c].name;
                    m.exprs[m.n++] = column_ref(ctx->a, tabs[j]->cols[c].name, aliases[j]);
                }
            }
            continue;
        }
        if (!vm_expr_ok(e, tabs, aliases, s->nfrom)) return false;
        const char *nm = given_name(&s->items[i]);
        if (!nm) {
            if (!e->start || e->srclen > 64) return false;
            nm = stor_arena_strndup(ctx->a, e->start, e->srclen);
        }
        m.names[m.n] = nm;
        m.exprs[m.n++] = e;
    }
    if (st->ncols) {
        if (st->ncols != m.n) return false;
        for (int i = 0; i < m.n; i++) m.names[i] = st->cols[i];
    }
    out->vd = vd; out->db = db; out->st = st; out->s = s; out->tabs = tabs; out->aliases = aliases; out->m = m;
    return true;
}

/* The block, whose only source is view v, reading v's tables instead. */
static pl_select *merge_alone(ex_ctx *ctx, pl_select *sel, vsource *v)
{
    vmerge m = v->m;
    pl_select *s = v->s;
    const char *db = v->db;
    const stor_viewdef *vd = v->vd;
    /* the query, rewritten */
    pl_select *out = rewrite_begin(ctx, &m, sel);
    int nitems = 0;
    for (int i = 0; i < sel->nitems; i++) {
        const pl_expr *e = sel->items[i].e;
        if (e->kind != E_STAR) { nitems++; continue; }
        if (e->db || (e->tbl && strcmp(e->tbl, m.alias))) return NULL;
        nitems += m.n;
    }
    out->items = stor_arena_alloc(ctx->a, (size_t)(nitems ? nitems : 1) * sizeof *out->items);
    out->nitems = 0;
    for (int i = 0; i < sel->nitems && m.ok; i++) {
        const pl_item *it = &sel->items[i];
        if (it->e->kind == E_STAR) {
            for (int k = 0; k < m.n; k++) {
                pl_item *o = &out->items[out->nitems++];
                o->e = pl_expr_copy(ctx->a, m.exprs[k]);
                o->alias = (char *)m.names[k];
            }
            continue;
        }
        pl_item *o = &out->items[out->nitems++];
        o->e = vm_rewrite(&m, it->e, false);
        o->alias = it->alias;
        if (!o->alias && it->e->kind == E_COLUMN) o->alias = vm_item_name(&m, it->e);
    }
    rewrite_clauses(ctx, &m, sel, out);
    if (!m.ok) return NULL;
    if (ctx->s->enforce_privs && !ctx->definer_rights) ex_privs_open_name(ctx, db, vd->name);
    out->from = stor_arena_alloc(ctx->a, (size_t)s->nfrom * sizeof *out->from);
    for (int i = 0; i < s->nfrom; i++) {
        out->from[i] = s->from[i];
        if (!out->from[i].db) out->from[i].db = (char *)stor_arena_strndup(ctx->a, db, strlen(db));
    }
    out->nfrom = s->nfrom;
    if (s->where) out->where = pl_expr_and(ctx->a, pl_expr_copy(ctx->a, s->where), out->where);
    return out;
}

/* e with every column named by table alias (a view of one table, about to be joined with
 * the query's other tables) */
static pl_expr *qualified(stor_arena *a, const pl_expr *e, const char *alias)
{
    if (!e) return NULL;
    pl_expr *c = pl_expr_copy(a, e);
    if (c->kind == E_COLUMN) c->tbl = (char *)alias;
    for (int i = 0; i < c->nargs; i++) if (c->args[i] && c->args[i]->kind != E_STAR) c->args[i] = qualified(a, c->args[i], alias);
    return c;
}

/* The block, whose source k is view v (of one table, inner-joined with base tables),
 * reading v's table there instead: the table takes the view's place in the join (under
 * the view's name if its own would clash), every column the block names is qualified by
 * its table, and the view's WHERE joins the block's. NULL when that cannot be done. */
static pl_select *merge_in_join(ex_ctx *ctx, pl_select *sel, int k, vsource *v)
{
    pl_select *s = v->s;
    if (s->nfrom != 1) return NULL;
    const pl_tref *vt = &sel->from[k];
    if ((k && vt->join != JT_INNER && vt->join != JT_CROSS && vt->join != JT_STRAIGHT) ||
        (k + 1 < sel->nfrom && sel->from[k + 1].join == JT_RIGHT))
        return NULL;
    vmerge m = v->m;
    m.nother = 0;
    m.oalias = stor_arena_alloc(ctx->a, (size_t)sel->nfrom * sizeof *m.oalias);
    m.otab = stor_arena_alloc(ctx->a, (size_t)sel->nfrom * sizeof *m.otab);
    for (int j = 0; j < sel->nfrom; j++) {
        const pl_tref *f = &sel->from[j];
        if (f->nusing || f->natural || f->gsize > 1 || f->ncol_names) return NULL;
        if (j == k) continue;
        if (!f->name || f->derived || f->cte) return NULL;
        const char *fdb = f->db ? f->db : ctx->view_db ? ctx->view_db : ctx->s->db;
        if (!fdb || !strcasecmp(fdb, "information_schema") || !strcmp(fdb, "mysql")) return NULL;
        if (ctx->s->tmp && ex_tmp_find(ctx->s, fdb, f->name)) return NULL;
        stor_table *t = stor_table_find(fdb, f->name);
        vsource ov;
        if (!t && view_source(ctx, f, &ov)) {   /* another view: its columns by name (merged next) */
            t = stor_arena_alloc(ctx->a, sizeof *t);
            memset(t, 0, sizeof *t);
            t->ncols = (uint32_t)ov.m.n;
            t->cols = stor_arena_alloc(ctx->a, (size_t)(ov.m.n ? ov.m.n : 1) * sizeof *t->cols);
            memset(t->cols, 0, (size_t)(ov.m.n ? ov.m.n : 1) * sizeof *t->cols);
            for (int c = 0; c < ov.m.n; c++) t->cols[c].name = (char *)ov.m.names[c];
        }
        if (!t) return NULL;
        m.oalias[m.nother] = f->alias ? f->alias : f->name;
        m.otab[m.nother++] = t;
    }
    /* the view's table, under a name no other source has */
    pl_tref bt = s->from[0];
    if (!bt.db) bt.db = (char *)stor_arena_strndup(ctx->a, v->db, strlen(v->db));
    const char *bal = bt.alias ? bt.alias : bt.name;
    for (int j = 0; j < m.nother; j++) if (!strcmp(m.oalias[j], bal)) bal = m.alias;
    for (int j = 0; j < m.nother; j++) if (!strcmp(m.oalias[j], bal)) return NULL;
    if (strcmp(bal, bt.alias ? bt.alias : bt.name)) bt.alias = (char *)bal;
    for (int c = 0; c < m.n; c++) m.exprs[c] = qualified(ctx->a, m.exprs[c], bal);
    /* the block, rewritten */
    pl_select *out = rewrite_begin(ctx, &m, sel);
    int nitems = 0;
    for (int i = 0; i < sel->nitems; i++) {
        const pl_expr *e = sel->items[i].e;
        if (e->kind != E_STAR) { nitems++; continue; }
        if (e->db) return NULL;
        if (e->tbl && strcmp(e->tbl, m.alias)) { nitems++; continue; }
        nitems += m.n;
        for (int j = 0; !e->tbl && j < m.nother; j++) nitems += (int)m.otab[j]->ncols;
    }
    out->items = stor_arena_alloc(ctx->a, (size_t)(nitems ? nitems : 1) * sizeof *out->items);
    out->nitems = 0;
    for (int i = 0; i < sel->nitems; i++) {
        const pl_item *it = &sel->items[i];
        if (it->e->kind == E_STAR && it->e->tbl && strcmp(it->e->tbl, m.alias)) { out->items[out->nitems++] = *it; continue; }
        if (it->e->kind == E_STAR) {   /* the sources' columns in FROM order, the view's as its own */
            for (int j = 0, o = 0; j < sel->nfrom; j++) {
                if (j == k) {
                    for (int c = 0; c < m.n; c++) {
                        pl_item *oi = &out->items[out->nitems++];
                        oi->e = pl_expr_copy(ctx->a, m.exprs[c]);
                        oi->alias = (char *)m.names[c];
                    }
                    continue;
                }
                if (it->e->tbl) { o++; continue; }
                for (uint32_t c = 0; c < m.otab[o]->ncols; c++) {
                    out->items[out->nitems].e = column_ref(ctx->a, m.otab[o]->cols[c].name, m.oalias[o]);
                    out->items[out->nitems++].alias = NULL;
                }
                o++;
            }
            continue;
        }
        pl_item *oi = &out->items[out->nitems++];
        oi->e = vm_rewrite(&m, it->e, false);
        oi->alias = it->alias;
        if (!oi->alias && it->e->kind == E_COLUMN) oi->alias = vm_item_name(&m, it->e);
    }
    out->from = stor_arena_alloc(ctx->a, (size_t)sel->nfrom * sizeof *out->from);
    for (int j = 0; j < sel->nfrom; j++) {
        out->from[j] = sel->from[j];
        if (j == k) {
            pl_tref nt = bt;
            nt.join = sel->from[j].join;
            nt.decl1 = sel->from[j].decl1;
            nt.on = NULL;
            out->from[j] = nt;
        }
        if (sel->from[j].on) out->from[j].on = vm_rewrite(&m, sel->from[j].on, false);
    }
    rewrite_clauses(ctx, &m, sel, out);
    if (!m.ok) return NULL;
    if (ctx->s->enforce_privs && !ctx->definer_rights) ex_privs_open_name(ctx, v->db, v->vd->name);
    if (s->where) out->where = out->where ? pl_expr_and(ctx->a, qualified(ctx->a, s->where, bal), out->where) : qualified(ctx->a, s->where, bal);
    return out;
}

static pl_select *merge_one(ex_ctx *ctx, pl_select *sel)
{
    if (ctx->view_depth >= VIEW_NEST_MAX) return NULL;
    for (int k = 0; k < sel->nfrom; k++) {
        vsource v;
        if (!view_source(ctx, &sel->from[k], &v)) continue;
        pl_select *out = sel->nfrom == 1 ? merge_alone(ctx, sel, &v) : merge_in_join(ctx, sel, k, &v);
        if (out) return out;
    }
    return NULL;
}

/* The query block with the views it reads merged in where MariaDB merges them (see
 * above), or sel itself. */
pl_select *ex_view_merge(ex_ctx *ctx, pl_select *sel)
{
    for (int round = 0; round < VIEW_NEST_MAX; round++) {
        pl_select *m = merge_one(ctx, sel);
        if (!m) break;
        sel = m;
    }
    return sel;
}

/* ---------------------------------------------------------------- writing through a view
 *
 * INSERT, REPLACE, UPDATE and DELETE of a single-table view MariaDB can merge go to its
 * table: the statement is copied with the view's columns named as the table's, its WHERE
 * joined to the statement's, as MariaDB's merged view does. A view with a computed
 * column takes no INSERT (1471) and no SET of that column (1348); a view MariaDB would
 * not merge takes no write (1288, 1471). WITH CHECK OPTION: every row written must meet
 * the view's WHERE (pl_stmt.view_check, dml.c: 1369); through views of views, CASCADED
 * checks every WHERE down to the table, LOCAL the view's own, as MariaDB. Multi-table
 * UPDATE / DELETE go through the query merge (multi_table). The table behind a DEFINER
 * view opens with the definer's rights (ex_ctx.lent_table), nothing else the statement
 * reads does (in a multi-table statement, not even that: the invoker's rights). */

typedef struct vtarget {
    const char *db;
    stor_viewdef *v;
    pl_stmt *st;               /* the view's statement */
    const char *base_db, *base;   /* its table (through the views it reads) */
    pl_tref base_tref;         /* the table as the innermost view names it */
    pl_expr *where;            /* the rows it shows: its WHERE and those of the views below,
                                  over the table's columns */
    pl_expr *check;            /* what a row written must meet: CASCADED all of where,
                                  LOCAL its own WHERE, none: nothing (as MariaDB) */
    vmerge m;                  /* its columns, over the table's */
    bool definer;              /* a SQL SECURITY DEFINER view on the way to the table */
} vtarget;

static void not_updatable(ex_ctx *ctx, const pl_stmt *st, const char *name)
{
    if (st->kind == S_INSERT || st->kind == S_REPLACE)
        ex_raise(ctx, 1471, "HY000", "The target table %s of the %s is not insertable-into", name, st->kind == S_INSERT ? "INSERT" : "REPLACE");
    ex_raise(ctx, 1288, "HY000", "The target table %s of the %s is not updatable", name, st->kind == S_UPDATE ? "UPDATE" : "DELETE");
}

static void __attribute__((noreturn)) invalid_view(ex_ctx *ctx, const char *db, const char *name)
{
    ex_raise(ctx, 1356, "HY000", "View '%s.%s' references invalid table(s) or column(s) or function(s) or definer/invoker of view lack rights to use them", db, name);
}

/* e (over the columns of the view below, as m names it) over the table's columns */
static pl_expr *through(ex_ctx *ctx, vmerge *m, const pl_expr *e, const char *db, const char *name)
{
    if (!e) return NULL;
    m->ok = true;
    pl_expr *r = vm_rewrite(m, e, false);
    if (!m->ok) invalid_view(ctx, db, name);
    return r;
}

/* The view behind a write's target, resolved to its one table (through the views it
 * reads, depth levels deep at most). */
static bool target_view_at(ex_ctx *ctx, const pl_stmt *st, const char *db, const char *name, const char *alias,
                           vtarget *vt, int depth)
{
    const stor_viewdef *v = ex_view_find(ctx, db, name);
    if (!v) return false;
    ex_check_stack(ctx);
    if (depth >= VIEW_NEST_MAX) ex_raise(ctx, 1462, "HY000", "`%s`.`%s` contains view recursion", db, name);
    pl_stmt *vs = ex_view_parse(ctx, v);
    if (!vs) invalid_view(ctx, db, name);
    pl_select *s = vs->sel;
    if (vs->view->algorithm == 2 || !ex_view_updatable(s, 1) || s->norder || s->nfrom != 1 || s->from[0].derived ||
        s->from[0].cte || !s->from[0].name)
        not_updatable(ctx, st, name);
    memset(vt, 0, sizeof *vt);
    vt->db = db;
    vt->v = (stor_viewdef *)v;
    vt->st = vs;
    const pl_tref *f = &s->from[0];
    const char *fdb = f->db ? f->db : db;
    const char *falias = f->alias ? f->alias : f->name;
    vtarget below;
    bool nested = target_view_at(ctx, st, fdb, f->name, falias, &below, depth + 1);
    stor_table *t = NULL;
    if (nested) {
        vt->base_db = below.base_db;
        vt->base = below.base;
        vt->base_tref = below.base_tref;
    } else {
        t = stor_table_find(fdb, f->name);
        if (!t) invalid_view(ctx, db, name);
        vt->base_db = fdb;
        vt->base = f->name;
        vt->base_tref = *f;
        vt->base_tref.db = (char *)fdb;
        const char *al[1] = { falias };
        if (!vm_expr_ok(s->where, &t, al, 1)) invalid_view(ctx, db, name);
    }
    /* the view's columns and what they stand for, over the table's columns */
    vmerge *m = &vt->m;
    memset(m, 0, sizeof *m);
    m->ctx = ctx;
    m->alias = alias ? alias : name;
    m->ok = true;
    int cap = 0;
    for (int i = 0; i < s->nitems; i++) cap += s->items[i].e->kind == E_STAR ? (nested ? below.m.n : (int)t->ncols) : 1;
    m->names = stor_arena_alloc(ctx->a, (size_t)(cap ? cap : 1) * sizeof *m->names);
    m->exprs = stor_arena_alloc(ctx->a, (size_t)(cap ? cap : 1) * sizeof *m->exprs);
    for (int i = 0; i < s->nitems; i++) {
        pl_expr *e = s->items[i].e;
        if (e->kind == E_STAR) {
            int n = nested ? below.m.n : (int)t->ncols;
            for (int c = 0; c < n; c++) {
                if (nested) {
                    m->names[m->n] = below.m.names[c];
                    m->exprs[m->n++] = below.m.exprs[c];
                    continue;
                }
                m->names[m->n] = t->cols[c].name;
                m->exprs[m->n++] = column_ref(ctx->a, t->cols[c].name, NULL);
            }
            continue;
        }
        if (!nested) {
            const char *al[1] = { falias };
            if (!vm_expr_ok(e, &t, al, 1)) invalid_view(ctx, db, name);
        }
        const char *nm = given_name(&s->items[i]);
        if (!nm) nm = e->start ? stor_arena_strndup(ctx->a, e->start, e->srclen) : "";
        m->names[m->n] = nm;
        m->exprs[m->n++] = nested ? through(ctx, &below.m, e, db, name) : e;
    }
    if (vs->ncols) for (int i = 0; i < m->n && i < vs->ncols; i++) m->names[i] = vs->cols[i];
    pl_expr *own = nested ? through(ctx, &below.m, s->where, db, name) : s->where;
    vt->where = nested ? pl_expr_and(ctx->a, own, below.where) : own;
    vt->check = vs->view->check == 1 ? vt->where : vs->view->check == 2 ? own : NULL;
    /* SQL SECURITY DEFINER (here or below): the table, and only it, opens with the
       definer's rights (ex_table), the rest of the statement with the invoker's */
    vt->definer = vs->view->security != 2 || (nested && below.definer);
    return true;
}

static bool target_view(ex_ctx *ctx, const pl_stmt *st, const char *db, const char *name, const char *alias, vtarget *vt)
{
    return target_view_at(ctx, st, db, name, alias, vt, 0);
}

/* The table column view column name stands for; raises 1054 / 1348. */
static const char *base_column(ex_ctx *ctx, vtarget *vt, const char *name, const char *what)
{
    const char *dot = strchr(name, '.');
    const char *col = dot ? dot + 1 : name;
    if (dot && (strncmp(name, vt->m.alias, (size_t)(dot - name)) || vt->m.alias[dot - name]))
        ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in '%s'", name, what);
    int k = vm_col(&vt->m, col);
    if (k < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in '%s'", col, what);
    const pl_expr *e = vt->m.exprs[k];
    if (e->kind != E_COLUMN && !strcmp(what, "INSERT INTO"))
        ex_raise(ctx, 1471, "HY000", "The target table %s of the INSERT is not insertable-into", vt->v ? vt->v->name : vt->m.alias);
    if (e->kind != E_COLUMN) ex_raise(ctx, 1348, "HY000", "Column '%s' is not updatable", vt->m.names[k]);
    return e->s;
}

/* The first column e names that is not one of the view's, or NULL. */
static const pl_expr *unknown_column(const vmerge *m, const pl_expr *e)
{
    if (!e) return NULL;
    if (e->kind == E_COLUMN && (!e->tbl || !strcmp(e->tbl, m->alias)) && !e->db && vm_col(m, e->s) < 0) return e;
    for (int i = 0; i < e->nargs; i++) {
        const pl_expr *u = e->args[i] && e->args[i]->kind != E_STAR ? unknown_column(m, e->args[i]) : NULL;
        if (u) return u;
    }
    return NULL;
}

static pl_expr *rewrite_or_raise(ex_ctx *ctx, vtarget *vt, const pl_expr *e, const char *what)
{
    if (!e) return NULL;
    const pl_expr *u = unknown_column(&vt->m, e);
    if (u) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'FROM'", u->s);
    vt->m.ok = true;
    pl_expr *r = vm_rewrite(&vt->m, e, false);
    if (!vt->m.ok) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support '%s through a view with a subquery or a name not of the view'", what);
    return r;
}

static pl_assign *map_sets(ex_ctx *ctx, vtarget *vt, const pl_assign *a, int n, const char *what)
{
    pl_assign *o = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *o);
    for (int i = 0; i < n; i++) {
        o[i] = a[i];
        o[i].name = (char *)base_column(ctx, vt, a[i].name, what);
        o[i].value = rewrite_or_raise(ctx, vt, a[i].value, "values");
    }
    return o;
}

/* e over the table's columns named without their qualifier (the write's scope names the
 * table as it likes) */
static pl_expr *unqualified(stor_arena *a, const pl_expr *e)
{
    pl_expr *c = pl_expr_copy(a, e);
    if (c->kind == E_COLUMN) c->tbl = NULL;
    for (int i = 0; i < c->nargs; i++) if (c->args[i]) c->args[i] = unqualified(a, c->args[i]);
    return c;
}

/* WITH CHECK OPTION: the rows written must meet the view's WHERE (dml.c, 1369) */
static void set_check(ex_ctx *ctx, vtarget *vt, pl_stmt *w)
{
    if (!vt->check) return;
    w->view_check = unqualified(ctx->a, vt->check);
    w->view_check_db = vt->db;
    w->view_check_name = vt->v->name;
}

/* A multi-table UPDATE or DELETE naming views: its tables, WHERE, SET columns and values
 * go through the same merge as a query block's (the SET columns and values as the
 * block's items), and DELETE's targets name the tables that took the views' places. */
static pl_stmt *multi_table(ex_ctx *ctx, pl_stmt *st)
{
    const char *what = st->kind == S_UPDATE ? "UPDATE" : "DELETE";
    bool any = false;
    for (int i = 0; i < st->ntrefs; i++) {
        const pl_tref *tr = &st->trefs[i];
        if (!tr->name || tr->derived) continue;
        const char *db = ex_cur_db(ctx, tr->db);
        const stor_viewdef *v = ex_view_find(ctx, db, tr->name);
        if (!v) continue;
        pl_stmt *vs = ex_view_parse(ctx, v);
        if (!vs) invalid_view(ctx, db, tr->name);
        if (vs->view->algorithm == 2 || !ex_view_updatable(vs->sel, 1) || vs->sel->norder)
            not_updatable(ctx, st, tr->name);
        if (vs->view->check)
            ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'a view WITH CHECK OPTION in a multi-table %s'", what);
        /* a SET of a computed column of the view: 1348 before anything else */
        const char *al = tr->alias ? tr->alias : tr->name;
        for (int k = 0; k < st->nsets; k++) {
            const char *nm = st->sets[k].name, *dot = strchr(nm, '.');
            if (dot && (strncmp(nm, al, (size_t)(dot - nm)) || al[dot - nm])) continue;
            const char *col = dot ? dot + 1 : nm;
            for (int c = 0; c < vs->sel->nitems; c++) {
                const pl_item *it = &vs->sel->items[c];
                const char *cn = c < vs->ncols ? vs->cols[c] : it->alias ? it->alias : it->e->kind == E_COLUMN ? it->e->s : NULL;
                if (cn && !strcasecmp(cn, col) && it->e->kind != E_COLUMN && it->e->kind != E_STAR)
                    ex_raise(ctx, 1348, "HY000", "Column '%s' is not updatable", col);
            }
        }
        any = true;
    }
    if (!any) return st;
    pl_select p;
    memset(&p, 0, sizeof p);
    p.from = st->trefs;
    p.nfrom = st->ntrefs;
    p.where = st->where;
    p.nitems = 2 * st->nsets;
    p.items = stor_arena_alloc(ctx->a, (size_t)(p.nitems ? p.nitems : 1) * sizeof *p.items);
    for (int i = 0; i < st->nsets; i++) {
        const char *dot = strchr(st->sets[i].name, '.');
        p.items[i].e = column_ref(ctx->a, dot ? dot + 1 : st->sets[i].name,
                                  dot ? stor_arena_strndup(ctx->a, st->sets[i].name, (size_t)(dot - st->sets[i].name)) : NULL);
        p.items[st->nsets + i].e = st->sets[i].value;
    }
    pl_select *m = ex_view_merge(ctx, &p);
    bool merged = m->nfrom == p.nfrom;
    for (int i = 0; merged && i < m->nfrom; i++)
        if (m->from[i].name && !m->from[i].derived && ex_view_find(ctx, ex_cur_db(ctx, m->from[i].db), m->from[i].name)) merged = false;
    if (!merged)
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'this view in a multi-table %s'", what);
    pl_stmt *w = stor_arena_alloc(ctx->a, sizeof *w);
    *w = *st;
    w->trefs = m->from;
    w->where = m->where;
    if (st->nsets) {
        w->sets = stor_arena_alloc(ctx->a, (size_t)st->nsets * sizeof *w->sets);
        for (int i = 0; i < st->nsets; i++) {
            const pl_expr *c = m->items[i].e;
            if (c->kind != E_COLUMN) {
                const char *dot = strchr(st->sets[i].name, '.');
                ex_raise(ctx, 1348, "HY000", "Column '%s' is not updatable", dot ? dot + 1 : st->sets[i].name);
            }
            w->sets[i] = st->sets[i];
            size_t tl = c->tbl ? strlen(c->tbl) : 0, cl = strlen(c->s);
            char *q = stor_arena_alloc(ctx->a, tl + cl + 2);
            if (tl) { memcpy(q, c->tbl, tl); q[tl] = '.'; memcpy(q + tl + 1, c->s, cl + 1); }
            else memcpy(q, c->s, cl + 1);
            w->sets[i].name = q;
            w->sets[i].value = m->items[st->nsets + i].e;
        }
    }
    if (st->ndel_targets) {   /* a target naming a view names the table in its place */
        w->del_targets = stor_arena_alloc(ctx->a, (size_t)st->ndel_targets * sizeof *w->del_targets);
        for (int k = 0; k < st->ndel_targets; k++) {
            w->del_targets[k] = st->del_targets[k];
            for (int i = 0; i < st->ntrefs; i++) {
                const pl_tref *o = &st->trefs[i], *n = &m->from[i];
                const char *oal = o->alias ? o->alias : o->name, *nal = n->alias ? n->alias : n->name;
                if (oal && nal && !strcmp(oal, st->del_targets[k])) w->del_targets[k] = (char *)nal;
            }
        }
    }
    return w;
}

/* The table behind the view opens with the definer's rights (DEFINER), or the invoker's,
 * who must be able to read it (INVOKER: else MariaDB's 1356 for the view). */
static void lend_rights(ex_ctx *ctx, const vtarget *vt)
{
    if (vt->definer) { ctx->lent_db = vt->base_db; ctx->lent_table = vt->base; return; }
    if (ctx->s->enforce_privs && !ctx->definer_rights && !(ex_privs_table(ctx->s, vt->base_db, vt->base) & STOR_PRIV_SELECT))
        invalid_view(ctx, vt->db, vt->v->name);
}

/* st, or a copy of it that writes the table behind the view it names. */
pl_stmt *ex_view_dml(ex_ctx *ctx, pl_stmt *st)
{
    vtarget vt;
    if (st->kind == S_INSERT || st->kind == S_REPLACE) {
        const char *db = ex_cur_db(ctx, st->db);
        if (!target_view(ctx, st, db, st->table, NULL, &vt)) return st;
        lend_rights(ctx, &vt);
        if (!st->ncols && !st->nsets)   /* every column written: all must be the table's */
            for (int i = 0; i < vt.m.n; i++)
                if (vt.m.exprs[i]->kind != E_COLUMN) not_updatable(ctx, st, st->table);
        pl_stmt *w = stor_arena_alloc(ctx->a, sizeof *w);
        *w = *st;
        w->db = (char *)vt.base_db;
        w->table = (char *)vt.base;
        if (st->ncols || st->nrows || st->sel) {
            int n = st->ncols ? st->ncols : vt.m.n;
            w->cols = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *w->cols);
            for (int i = 0; i < n; i++) w->cols[i] = (char *)base_column(ctx, &vt, st->ncols ? st->cols[i] : vt.m.names[i], "INSERT INTO");
            w->ncols = n;
        }
        if (st->nsets) w->sets = map_sets(ctx, &vt, st->sets, st->nsets, "INSERT INTO");
        if (st->ndup) w->dup_sets = map_sets(ctx, &vt, st->dup_sets, st->ndup, "SET");
        set_check(ctx, &vt, w);
        return w;
    }
    if ((st->kind == S_UPDATE || st->kind == S_DELETE) && st->ntrefs == 1 && st->trefs[0].name && !st->ndel_targets) {
        const pl_tref *tr = &st->trefs[0];
        const char *db = ex_cur_db(ctx, tr->db);
        if (!target_view(ctx, st, db, tr->name, tr->alias, &vt)) return st;
        lend_rights(ctx, &vt);
        pl_stmt *w = stor_arena_alloc(ctx->a, sizeof *w);
        *w = *st;
        w->trefs = stor_arena_alloc(ctx->a, sizeof *w->trefs);
        w->trefs[0] = vt.base_tref;
        if (st->nsets) w->sets = map_sets(ctx, &vt, st->sets, st->nsets, "SET");
        pl_expr *vw = vt.where ? pl_expr_copy(ctx->a, vt.where) : NULL;
        w->where = pl_expr_and(ctx->a, vw, rewrite_or_raise(ctx, &vt, st->where, st->kind == S_UPDATE ? "UPDATE" : "DELETE"));
        if (st->norder) {
            w->order = stor_arena_alloc(ctx->a, (size_t)st->norder * sizeof *w->order);
            for (int i = 0; i < st->norder; i++) { w->order[i] = st->order[i]; w->order[i].e = rewrite_or_raise(ctx, &vt, st->order[i].e, "ORDER BY"); }
        }
        if (st->kind == S_UPDATE) set_check(ctx, &vt, w);
        return w;
    }
    if (st->kind == S_UPDATE || st->kind == S_DELETE) return multi_table(ctx, st);
    return st;
}
