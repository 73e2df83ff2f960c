/* Stored procedures and functions (CREATE / DROP PROCEDURE / FUNCTION, CALL).
 *
 * A routine is kept in the catalog (stor_routine) as the statement that makes it, in the
 * form SHOW CREATE PROCEDURE prints:
 *   / * routine sql_mode=M client=C connection=K dbcoll=D created=CS modified=CS * /
 *   CREATE DEFINER=`u`@`h` PROCEDURE `name`(<parameters as written>)[ RETURNS type]
 *   [    READS SQL DATA ...] (one characteristic a line, as MariaDB prints them)
 *   <the body as written>
 * M is the whole sql_mode it was made under (its body parses and runs under it), the
 * times in centiseconds. The log records the same text; the snapshot writes it as an 'R'
 * record. CALL parses the text once per call, binds the arguments to the parameters (the
 * body's first locals) and runs the body with the stored-program interpreter (sp.c):
 * the whole CALL is one statement (an error the body does not handle undoes all of it),
 * its SELECTs send their result sets before CALL's OK. */
#include "eng.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define RTN_TAG "/* routine sql_mode="

static const char *kind_name(bool function) { return function ? "FUNCTION" : "PROCEDURE"; }

bool ex_rtn_meta(const char *sql, ex_rtn_info *out)
{
    unsigned long long m = 0, cs = 0, ms = 0;
    unsigned cl = 0, cc = 0, dc = 0;
    int n = 0;
    memset(out, 0, sizeof *out);
    if (strncmp(sql, RTN_TAG, strlen(RTN_TAG)) ||
        sscanf(sql + strlen(RTN_TAG), "%llu client=%u connection=%u dbcoll=%u created=%llu modified=%llu */ %n",
               &m, &cl, &cc, &dc, &cs, &ms, &n) != 6 || !n) return false;
    out->sql_mode = (uint32_t)m;
    out->client = (uint16_t)cl;
    out->connection = (uint16_t)cc;
    out->dbcoll = (uint16_t)dc;
    out->created_cs = cs;
    out->modified_cs = ms;
    out->create = sql + strlen(RTN_TAG) + (size_t)n;
    return true;
}

uint32_t ex_rtn_text_mode(const char *sql, size_t len)
{
    ex_rtn_info in;
    if (len < strlen(RTN_TAG) || strncmp(sql, RTN_TAG, strlen(RTN_TAG)) || !ex_rtn_meta(sql, &in)) return 0;
    return in.sql_mode;
}

/* The routine's statement parsed in the statement arena (its blocks keep no plans). */
pl_stmt *ex_rtn_parse(ex_ctx *ctx, const stor_routine *rt, ex_rtn_info *info)
{
    if (!ex_rtn_meta(rt->sql, info)) return NULL;
    return ex_sp_parse_kept(ctx, rt->sql, info->sql_mode, S_CREATE_ROUTINE);
}

/* A type as SHOW CREATE FUNCTION prints RETURNS: the column type, a character type with
 * its character set and collation */
static void put_type(ex_ctx *ctx, ex_tbuf *b, pl_coldef *d)
{
    stor_column c;
    ex_coldef_type(ctx, &c, d, ctx->s->coll_connection);
    ex_tb_puts(b, ex_column_type_sql(ctx->a, &c));
    if (c.kind == CK_STR && c.coll != COLL_BINARY && c.type != CT_ENUM && c.type != CT_SET) {
        const pdb_collation *co = pdb_coll_by_id(c.coll);
        if (co) {
            ex_tb_puts(b, " CHARSET ");
            ex_tb_puts(b, co->charset);
            ex_tb_puts(b, " COLLATE ");
            ex_tb_puts(b, co->name);
        }
    }
}

/* What the kept text says (see the top of the file): returns NULL for a procedure, a
 * function's type as SHOW CREATE prints it otherwise; comment NULL for none. */
typedef struct rtn_parts {
    const char *user, *host, *name, *params, *returns, *comment, *body;
    size_t params_len, body_len;
    uint8_t data_access;     /* 0 CONTAINS SQL, 1 NO SQL, 2 READS SQL DATA, 3 MODIFIES SQL DATA */
    bool deterministic, invoker;
} rtn_parts;

static char *rtn_write(const ex_rtn_info *in, const rtn_parts *p, stor_arena *a, size_t *len)
{
    ex_tbuf b = { NULL, 0, 0, a };
    char head[200];
    snprintf(head, sizeof head, RTN_TAG "%u client=%u connection=%u dbcoll=%u created=%llu modified=%llu */ CREATE DEFINER=",
             in->sql_mode, in->client, in->connection, in->dbcoll, (unsigned long long)in->created_cs,
             (unsigned long long)in->modified_cs);
    ex_tb_puts(&b, head);
    ex_tb_quoted(&b, p->user, '`', false);
    ex_tb_puts(&b, "@");
    ex_tb_quoted(&b, p->host, '`', false);
    ex_tb_puts(&b, p->returns ? " FUNCTION " : " PROCEDURE ");
    ex_tb_quoted(&b, p->name, '`', false);
    ex_tb_puts(&b, "(");
    ex_tb_put(&b, p->params, p->params_len);
    ex_tb_puts(&b, ")");
    if (p->returns) {
        ex_tb_puts(&b, " RETURNS ");
        ex_tb_puts(&b, p->returns);
    }
    ex_tb_puts(&b, "\n");
    static const char *const access[] = { NULL, "    NO SQL\n", "    READS SQL DATA\n", "    MODIFIES SQL DATA\n" };
    if (p->data_access < 4 && access[p->data_access]) ex_tb_puts(&b, access[p->data_access]);
    if (p->deterministic) ex_tb_puts(&b, "    DETERMINISTIC\n");
    if (p->invoker) ex_tb_puts(&b, "    SQL SECURITY INVOKER\n");
    if (p->comment) {
        ex_tb_puts(&b, "    COMMENT ");
        ex_tb_quoted(&b, p->comment, '\'', false);
        ex_tb_puts(&b, "\n");
    }
    ex_tb_put(&b, p->body, p->body_len);
    *len = b.n;
    return b.p;
}

/* The text kept for routine st */
static char *rtn_text(ex_ctx *ctx, const pl_stmt *st, const ex_rtn_info *in, size_t *len)
{
    const pl_routine *r = st->routine;
    const char *u = ctx->s->user, *h = ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
    char du[200], dh[300];
    if (r->has_definer && r->definer->user && r->definer->user[0]) {
        u = r->definer->user;
        h = r->definer->host ? r->definer->host : "%";
    } else if (in->create) {   /* (ALTER: the definer stays) */
        ex_sp_definer(in->create, du, sizeof du, dh, sizeof dh);
        u = du;
        h = dh;
    }
    const char *ret = NULL;
    if (r->function) {
        ex_tbuf rb = { NULL, 0, 0, ctx->a };
        put_type(ctx, &rb, r->returns);
        ret = rb.p;
    }
    rtn_parts p = { u, h, r->name, r->params_text, ret, r->comment, r->body, r->params_len, r->body_len,
                    r->data_access, r->deterministic, r->security == 2 };
    return rtn_write(in, &p, ctx->a, len);
}

/* ---------------------------------------------------------------- CREATE / DROP */

static bool has_return(const pl_sp *n)
{
    if (!n) return false;
    if (n->kind == SP_RETURN) return true;
    for (int i = 0; i < n->nbody; i++) if (has_return(n->body[i])) return true;
    return has_return(n->els);
}

/* SET of a name that is no local: a system variable, which must exist (1193 at CREATE) */
static void check_sets(ex_ctx *ctx, const pl_sp *n)
{
    if (!n) return;
    if (n->kind == SP_STMT && n->st->kind == S_SET)
        for (int i = 0; i < n->st->nsets; i++) {
            const pl_assign *a = &n->st->sets[i];
            if (a->scope != 0 && a->scope != 1) continue;
            pdb_value v;
            ex_type t;
            if (ex_sysvar_get(ctx->s, a->name, a->scope == 1, &v, ctx->a, &t) != 0 &&
                ex_sysvar_get(ctx->s, a->name, true, &v, ctx->a, &t) != 0)
                ex_raise(ctx, 1193, "HY000", "Unknown system variable '%s'", a->name);
        }
    for (int i = 0; i < n->nbody; i++) check_sets(ctx, n->body[i]);
    check_sets(ctx, n->els);
}

static void create_routine(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pl_routine *rt = st->routine;
    const char *db = ex_cur_db(ctx, rt->db);
    stor_db *d = stor_db_find(db);
    if (!d) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", db);
    if (st->or_replace && st->if_not_exists) ex_raise(ctx, 1221, "HY000", "Incorrect usage of OR REPLACE and IF NOT EXISTS");
    if (ex_name_too_long(rt->name)) ex_raise_name_too_long(ctx, rt->name);
    stor_routine *old = stor_routine_find(db, rt->name, rt->function);
    ex_rtn_info in = { 0 };
    if (ex_replaying && ex_replay_text) ex_rtn_meta(ex_replay_text, &in);
    if (old && !st->or_replace && !ex_replaying) {
        if (!st->if_not_exists) ex_raise(ctx, 1304, "42000", "%s %s already exists", kind_name(rt->function), rt->name);
        ex_warn(ctx, "Note", 1304, "%s %s already exists", kind_name(rt->function), rt->name);
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    if (!ex_replaying && rt->has_definer && rt->definer->user && rt->definer->user[0])
        ex_privs_view_definer(ctx, rt->definer->user, rt->definer->host);
    if (!ex_replaying) {
        if (rt->function && !has_return(rt->sp))
            ex_raise(ctx, 1320, "42000", "No RETURN found in FUNCTION %s.%s", db, rt->name);
        check_sets(ctx, rt->sp);
    }
    uint64_t now = (uint64_t)(ctx->now_us / 10000);
    size_t len;
    char *text;
    if (ex_replaying && ex_replay_text) {
        text = stor_arena_strndup(ctx->a, ex_replay_text, strlen(ex_replay_text));
        len = strlen(text);
    } else {
        ex_rtn_info mi = { ctx->s->sql_mode, ctx->s->coll_client, ctx->s->coll_connection, d->coll, now, now, NULL };
        text = rtn_text(ctx, st, &mi, &len);
        if (ex_log_ddl(ctx, db, text, len) != 0)
            ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    }
    stor_routine_put(d, rt->name, rt->function, text, len);
    if (!ex_replaying) ex_routine_created(ctx, db, rt->name, rt->function);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

static void drop_routine(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    bool fn = st->num != 0;
    const char *db = ex_cur_db(ctx, st->db);
    stor_db *d = stor_db_find(db);
    stor_routine *rt = d ? stor_routine_find(db, st->name, fn) : NULL;
    if (!rt) {
        if (!st->if_exists) ex_raise(ctx, 1305, "42000", "%s %s.%s does not exist", kind_name(fn), db, st->name);
        ex_warn(ctx, "Note", 1305, "%s %s.%s does not exist", kind_name(fn), db, st->name);
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    if (!ex_replaying) {
        ex_tbuf b = { NULL, 0, 0, ctx->a };
        ex_tb_puts(&b, fn ? "DROP FUNCTION " : "DROP PROCEDURE ");
        ex_tb_quoted(&b, rt->name, '`', false);
        if (ex_log_ddl(ctx, db, b.p, b.n) != 0)
            ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    }
    stor_routine_drop(d, st->name, fn);
    if (!ex_replaying) ex_routine_dropped(ctx, db, st->name, fn);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

/* ALTER PROCEDURE / FUNCTION name characteristics: the kept text made again with them */
static void alter_routine(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    bool fn = st->num != 0;
    const char *db = ex_cur_db(ctx, st->db);
    stor_db *d = stor_db_find(db);
    stor_routine *rt = d ? stor_routine_find(db, st->name, fn) : NULL;
    if (!rt) ex_raise(ctx, 1305, "42000", "%s %s.%s does not exist", kind_name(fn), db, st->name);
    ex_rtn_info in;
    pl_stmt *def = ex_rtn_parse(ctx, rt, &in);
    if (!def) ex_raise(ctx, 1457, "HY000", "Failed to load routine %s.%s (internal code -6). For more details, run SHOW WARNINGS", db, rt->name);
    pl_routine *pr = def->routine, *ch = st->routine;
    if (ch->given & 1) pr->comment = ch->comment;
    if (ch->given & 2) pr->deterministic = ch->deterministic;
    if (ch->given & 4) pr->data_access = ch->data_access;
    if (ch->given & 8) pr->security = ch->security;
    pr->has_definer = false;
    if (!ex_replaying) in.modified_cs = (uint64_t)(ctx->now_us / 10000);
    size_t len;
    char *text = rtn_text(ctx, def, &in, &len);
    if (!ex_replaying && ex_log_ddl(ctx, db, text, len) != 0)   /* (logged as the new definition) */
        ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    stor_routine_put(d, rt->name, fn, text, len);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

/* A routine from a row of mysql.proc: the kept text made as rtn_text makes it, checked
 * by parsing it as a CALL would, then put in the catalog and the log over any routine of
 * the name (the row is what MariaDB would run). */
const char *ex_rtn_import_one(ex_ctx *ctx, const ex_rtn_import *im)
{
    stor_db *d = stor_db_find(im->db);
    if (!d) return "its database does not exist";
    if (ex_name_too_long(im->name)) return "its name is too long";
    const char *at = strrchr(im->definer, '@');
    if (!at) return "its definer is not user@host";
    rtn_parts p = { stor_arena_strndup(ctx->a, im->definer, (size_t)(at - im->definer)), at + 1, im->name, im->params,
                    im->function ? im->returns : NULL, im->comment && im->comment[0] ? im->comment : NULL, im->body,
                    strlen(im->params), strlen(im->body), im->data_access, im->deterministic, im->invoker };
    size_t n;
    char *text = rtn_write(&im->in, &p, ctx->a, &n);
    pl_stmt *st = ex_sp_parse_kept(ctx, text, im->in.sql_mode, S_CREATE_ROUTINE);
    if (!st || !st->routine || st->routine->function != im->function) return "pressdb cannot parse it";
    if (ex_log_ddl(ctx, im->db, text, n) != 0)
        ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    stor_routine_put(d, im->name, im->function, text, n);
    return NULL;
}

void ex_rtn_ddl(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    if (st->kind == S_DROP_ROUTINE) drop_routine(ctx, st, r);
    else if (st->kind == S_ALTER_ROUTINE) alter_routine(ctx, st, r);
    else create_routine(ctx, st, r);
}

/* ---------------------------------------------------------------- CALL */

/* The routines running, innermost first (recursion depth: max_sp_recursion_depth) */
typedef struct ex_call_frame {
    const stor_routine *rt;
    const struct ex_call_frame *up;
} ex_call_frame;

static int64_t sysvar_int(pdb_session *s, const char *name, int64_t dflt)
{
    pdb_value v;
    stor_arena a;
    stor_arena_init(&a);
    ex_type t;
    int rc = ex_sysvar_get(s, name, false, &v, &a, &t);
    stor_arena_free(&a);
    if (rc != 0) return dflt;
    if (v.t == VT_INT) return v.i;
    if (v.t == VT_UINT) return (int64_t)v.u;
    return dflt;
}

/* "At line N in db.routine" after an error a routine did not handle (N counts lines of
 * SHOW CREATE's text, as MariaDB's re-parse of it does) */
static void call_note(ex_ctx *ctx, const char *db, const stor_routine *rt, const ex_rtn_info *in, const char *at)
{
    ex_stmt *es = ctx->stmt;
    if (!es || es->nerr_notes >= EX_ERR_NOTES || !in->create) return;
    int line = 1;
    if (at && at > in->create)
        for (const char *p = in->create; p < at && *p; p++) line += *p == '\n';
    snprintf(es->err_notes[es->nerr_notes++], sizeof es->err_notes[0], "At line %d in %s.%s", line, db, rt->name);
}

/* A ? of a CALL run by EXECUTE ... USING @var: that variable's name (an OUT or INOUT
 * parameter is written back to it, as MariaDB does); NULL otherwise. */
static const char *using_var(const ex_ctx *ctx, const pl_expr *a)
{
    const pdb_session *s = ctx->s;
    if (a->kind != E_PARAM || ctx->spx || !s->using_vars || a->ival < 0 || a->ival >= s->nusing) return NULL;
    return s->using_vars[a->ival];
}

/* The account a routine's body runs as: its definer's (SQL SECURITY DEFINER, the
 * default) or the caller's */
static void run_as(ex_ctx *ctx, const pl_routine *pr, const ex_rtn_info *in, ex_privs_as *as)
{
    as->active = false;
    if (pr->security == 2 || !ctx->s->enforce_privs) return;
    char u[200], h[300];
    ex_sp_definer(in->create, u, sizeof u, h, sizeof h);
    ex_privs_begin_as(ctx, u, h, as);
}

/* The same with the definer known (a stored function's call site keeps it) */
static void run_as_known(ex_ctx *ctx, const pl_routine *pr, const char *u, const char *h, ex_privs_as *as)
{
    as->active = false;
    if (pr->security == 2 || !ctx->s->enforce_privs) return;
    ex_privs_begin_as(ctx, u, h, as);
}

void ex_call(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    const char *db = ex_cur_db(ctx, st->db);
    const stor_routine *rt = stor_routine_find(db, st->name, false);
    if (!rt) ex_raise(ctx, 1305, "42000", "PROCEDURE %s.%s does not exist", db, st->name);
    int depth = 0;
    for (const ex_call_frame *f = ctx->calls; f; f = f->up) depth += f->rt == rt;
    if (depth > 0 && depth > sysvar_int(ctx->s, "max_sp_recursion_depth", 0))
        ex_raise(ctx, 1456, "HY000", "Recursive limit %lld (as set by the max_sp_recursion_depth variable) was exceeded for routine %s",
                 (long long)sysvar_int(ctx->s, "max_sp_recursion_depth", 0), rt->name);
    ex_check_stack(ctx);
    ex_rtn_info in;
    pl_stmt *def = ex_rtn_parse(ctx, rt, &in);
    if (!def) ex_raise(ctx, 1457, "HY000", "Failed to load routine %s.%s (internal code -6). For more details, run SHOW WARNINGS", db, rt->name);
    pl_routine *pr = def->routine;
    int nargs = st->rowlen;
    if (nargs != pr->nparams)
        ex_raise(ctx, 1318, "42000", "Incorrect number of arguments for PROCEDURE %s.%s; expected %d, got %d", db, rt->name,
                 pr->nparams, nargs);
    pl_expr **args = nargs ? st->rows[0] : NULL;
    for (int i = 0; i < nargs; i++)
        if (pr->params[i].mode != 0 && args[i]->kind != E_USERVAR && !(args[i]->kind == E_PARAM && ctx->spx) &&
            !using_var(ctx, args[i]))
            ex_raise(ctx, 1414, "42000", "OUT or INOUT argument %d for routine %s.%s is not a variable or NEW pseudo-variable in BEFORE trigger",
                     i + 1, db, rt->name);
    /* the arguments, in the caller's context (its frame, for a CALL inside a routine) */
    pdb_value *argv = stor_arena_alloc(ctx->a, (size_t)(nargs ? nargs : 1) * sizeof *argv);
    ex_scope sc = { 0 };
    sc.ctx = ctx; sc.item_base = -1; sc.clause = "field list";
    for (int i = 0; i < nargs; i++) {
        ex_type ty;
        if (pr->params[i].mode == 1) { argv[i] = ex_null(); continue; }   /* OUT: starts NULL */
        ex_eval(ctx, ex_compile(&sc, args[i], &ty), &argv[i]);
        argv[i] = ex_persist(ctx->a, &argv[i]);
    }
    ex_call_frame frame = { rt, ctx->calls };
    ex_privs_as as;
    run_as(ctx, pr, &in, &as);
    ex_spx x;
    ex_ctx c = *ctx;
    jmp_buf jb;
    jmp_buf *outer = ctx->jb;
    c.jb = &jb;
    c.spx = &x;
    c.calls = &frame;
    c.trg_use = NULL;
    ex_body_privs(&c);
    c.trg_mode = in.sql_mode;
    c.view_db = stor_arena_strndup(ctx->a, db, strlen(db));   /* (unqualified names: the routine's database) */
    ex_sp_init(&x, &c, pr->nslots, pr->nslots, pr->ncursors);
    x.out = r;
    uint16_t status = r ? r->status : 0;
    if (setjmp(jb)) {
        ex_err *e = ctx->err;
        if (e->code != EX_LOCK_WAIT && e->code != EX_MOVE && e->code != 1213) {
            call_note(ctx, db, rt, &in, x.at);
            if (r) {   /* the CALL itself: only the failing statement is undone (MariaDB) */
                stor_txn_undo_to(ctx->stmt->sp_mark);
                ctx->stmt->keep_work = true;
            }
        }
        ex_sp_free(&x);
        ex_privs_end_as(ctx->s, &as);
        if (r) r->status = status;
        longjmp(*outer, 1);
    }
    for (int i = 0; i < pr->nparams; i++) {   /* (under the caller's sql_mode) */
        ex_sp_type(&x, i, pr->params[i].type, pr->params[i].name);
        ex_sp_set_local(&c, i, &argv[i]);
    }
    c.strict = (in.sql_mode & (MODE_STRICT_TRANS_TABLES | MODE_STRICT_ALL_TABLES)) != 0;   /* the body: its own */
    c.abort_warn = c.strict;
    x.last_warns = 0;
    ex_sp_run(&x, pr->sp);
    ex_privs_end_as(ctx->s, &as);
    /* OUT and INOUT parameters back to the caller's variables */
    for (int i = 0; i < nargs; i++) {
        if (pr->params[i].mode == 0) continue;
        if (args[i]->kind == E_USERVAR) ex_uservar_set(ctx->s, args[i]->s, &x.frame[i]);
        else if (!ctx->spx) ex_uservar_set(ctx->s, using_var(ctx, args[i]), &x.frame[i]);
        else ex_sp_set_local(ctx, (int)args[i]->ival, &x.frame[i]);
    }
    ex_sp_free(&x);
    if (ctx->spx) ctx->spx->affected += x.affected;   /* (a CALL inside a routine) */
    if (r) ex_send_ok(ctx, r, x.affected, 0, NULL);
}

/* ---------------------------------------------------------------- introspection */


/* Past the `quoted` name at p (a doubled backquote inside it) */
static const char *skip_quoted(const char *p)
{
    if (*p != '`') return p;
    for (p++; *p; p++) {
        if (*p == '`' && p[1] == '`') { p++; continue; }
        if (*p == '`') return p + 1;
    }
    return p;
}

/* SHOW CREATE's text: the kept one, its definer and name quoted with " for a routine made
 * under ANSI_QUOTES (as MariaDB prints it) */
static const char *ansi_text(ex_ctx *ctx, const ex_rtn_info *in, const stor_routine *rt)
{
    if (!(in->sql_mode & MODE_ANSI_QUOTES)) return in->create;
    const char *d = strstr(in->create, "DEFINER=");
    if (!d) return in->create;
    const char *p = skip_quoted(d + 8);
    if (*p == '@') p = skip_quoted(p + 1);
    const char *kind = rt->function ? " FUNCTION " : " PROCEDURE ";
    if (strncmp(p, kind, strlen(kind))) return in->create;
    const char *rest = skip_quoted(p + strlen(kind));
    char u[200], h[300];
    ex_sp_definer(in->create, u, sizeof u, h, sizeof h);
    ex_tbuf b = { NULL, 0, 0, ctx->a };
    ex_tb_put(&b, in->create, (size_t)(d + 8 - in->create));
    ex_tb_quoted(&b, u, '"', false);
    ex_tb_puts(&b, "@");
    ex_tb_quoted(&b, h, '"', false);
    ex_tb_puts(&b, kind);
    ex_tb_quoted(&b, rt->name, '"', false);
    ex_tb_puts(&b, rest);
    return b.p;
}

static int row_cmp(const void *a, const void *b)
{
    const ex_rtn_row *x = a, *y = b;
    int c = strcmp(x->db, y->db);
    if (!c) c = strcasecmp(x->name, y->name);
    if (!c) c = (int)x->function - (int)y->function;
    return c;
}

/* How much of rt the session sees (ex_privs_routine_shown): its definer read from the
 * kept text only when privileges are enforced. */
static int rtn_shown(ex_ctx *ctx, const char *db, const stor_routine *rt)
{
    if (!ctx->s->enforce_privs) return 2;
    ex_rtn_info in;
    char u[200] = "", h[300] = "";
    if (ex_rtn_meta(rt->sql, &in)) ex_sp_definer(in.create, u, sizeof u, h, sizeof h);
    return ex_privs_routine_shown(ctx->s, db, rt->name, rt->function, u, h);
}

int ex_rtn_list(ex_ctx *ctx, const char *db, int function, ex_rtn_row **out)
{
    uint32_t ndb;
    stor_db **dbs = stor_db_list(&ndb);
    int n = 0, cap = 0;
    ex_rtn_row *rows = NULL;
    for (uint32_t i = 0; i < ndb; i++) {
        stor_db *d = dbs[i];
        if (db && strcmp(d->name, db)) continue;
        for (uint32_t j = 0; j < d->nroutines; j++) {
            const stor_routine *rt = d->routines[j];
            if (function >= 0 && rt->function != (function != 0)) continue;
            int shown = rtn_shown(ctx, d->name, rt);
            if (!shown) continue;
            ex_rtn_info in;
            pl_stmt *st = ex_rtn_parse(ctx, rt, &in);
            if (!st) continue;
            rows = ex_sp_grow(ctx->a, rows, n, &cap, sizeof *rows);
            ex_rtn_row *o = &rows[n++];
            memset(o, 0, sizeof *o);
            o->db = d->name;
            o->name = rt->name;
            o->function = rt->function;
            o->hidden = shown == 1;
            o->r = st->routine;
            o->create = ansi_text(ctx, &in, rt);
            o->sql_mode = ex_sql_mode_str(in.sql_mode, ctx->a);
            ex_sp_meta m;
            ex_sp_show_meta(ctx, in.create, in.client, in.connection, in.dbcoll, &m);
            o->client = m.client; o->connection = m.connection; o->dbcoll = m.dbcoll; o->definer = m.definer;
            ex_sp_time_text(in.created_cs, o->created, sizeof o->created);
            ex_sp_time_text(in.modified_cs, o->modified, sizeof o->modified);
            if (rt->function) {   /* (DTD_IDENTIFIER: the type without its character set) */
                stor_column c;
                ex_coldef_type(ctx, &c, st->routine->returns, ctx->s->coll_connection);
                o->returns = ex_column_type_sql(ctx->a, &c);
            }
        }
    }
    if (n > 1) qsort(rows, (size_t)n, sizeof *rows, row_cmp);
    *out = rows;
    return n;
}

/* ---------------------------------------------------------------- stored functions */

/* A stored function parsed for a call site of the statement (its calls, one per row,
 * parse it once; an entry made after an arena mark goes with what the mark gives back) */
typedef struct ex_sf_cached {
    const pl_expr *e;
    const stor_routine *rt;
    pl_stmt *def;
    ex_rtn_info in;
    const char *du, *dh;     /* its definer */
    struct ex_sf_cached *next;
} ex_sf_cached;

static pl_stmt *sf_parse(ex_ctx *ctx, const pl_expr *e, const stor_routine *rt, ex_rtn_info *in, const char **du,
                         const char **dh)
{
    ex_stmt *es = ctx->stmt;
    for (ex_sf_cached *c = es ? es->sfc : NULL; c; c = c->next)
        if (c->e == e && c->rt == rt) { *in = c->in; *du = c->du; *dh = c->dh; return c->def; }
    pl_stmt *def = ex_rtn_parse(ctx, rt, in);
    char u[200], h[300];
    ex_sp_definer(def ? in->create : "", u, sizeof u, h, sizeof h);
    *du = stor_arena_strndup(ctx->a, u, strlen(u));
    *dh = stor_arena_strndup(ctx->a, h, strlen(h));
    if (def && es) {
        ex_sf_cached *c = stor_arena_alloc(ctx->a, sizeof *c);
        c->e = e; c->rt = rt; c->def = def; c->in = *in; c->du = *du; c->dh = *dh;
        c->next = es->sfc;
        es->sfc = c;
    }
    return def;
}

/* The function's name as the call wrote it (the parser keeps it upper-cased in e->s) */
static void call_name(const pl_expr *e, char *out, size_t cap)
{
    const char *p = e->start;
    size_t n = 0;
    if (!p) { snprintf(out, cap, "%s", e->s); return; }
    if (*p == '`') {
        for (p++; *p && *p != '`' && n + 1 < cap; p++) out[n++] = *p;
    } else {
        for (; *p && n + 1 < cap; p++) {
            unsigned char ch = (unsigned char)*p;
            if (!(ch == '_' || ch == '$' || ch >= 0x80 || (ch >= '0' && ch <= '9') || ((ch | 32) >= 'a' && (ch | 32) <= 'z'))) break;
            out[n++] = *p;
        }
    }
    out[n] = 0;
}

static const stor_routine *sf_find(ex_ctx *ctx, const pl_expr *e, char *name, size_t cap, const char **db)
{
    if (e->kind == E_FUNC && e->db && e->tbl) {   /* db.f(): that database's */
        snprintf(name, cap, "%s", e->tbl);
        *db = e->db;
        return stor_routine_find(*db, name, true);
    }
    call_name(e, name, cap);
    *db = ctx->view_db ? ctx->view_db : ctx->s->db;
    if (!(*db)[0]) return NULL;
    return stor_routine_find(*db, name, true);
}

bool ex_sf_compile(ex_ctx *ctx, const pl_expr *e, ex_type *t)
{
    char name[130];
    const char *db;
    const stor_routine *rt = sf_find(ctx, e, name, sizeof name, &db);
    if (!rt) {
        if (!db[0]) return false;
        ex_privs_routine(ctx, db, name, true, false);   /* (1370 first, as MariaDB) */
        ex_raise(ctx, 1305, "42000", "FUNCTION %s.%s does not exist", db, name);
    }
    ex_rtn_info in;
    const char *du, *dh;
    pl_stmt *def = sf_parse(ctx, e, rt, &in, &du, &dh);
    if (!def) ex_raise(ctx, 1457, "HY000", "Failed to load routine %s.%s (internal code -6). For more details, run SHOW WARNINGS", db, rt->name);
    ex_privs_routine(ctx, db, name, true, false);
    if (e->nargs != def->routine->nparams)
        ex_raise(ctx, 1318, "42000", "Incorrect number of arguments for FUNCTION %s.%s; expected %d, got %d", db, rt->name,
                 def->routine->nparams, e->nargs);
    stor_column c;
    ex_coldef_type(ctx, &c, def->routine->returns, ctx->s->coll_connection);
    ex_type_of_column(&c, t);
    t->nullable = true;
    t->flags &= ~NOT_NULL_FLAG;
    return true;
}

/* A stored function's call, from an expression: its body runs in a frame of its own over
 * the argument values; what it allocated is given back, its value kept. */
static void sf_eval(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    (void)d;
    char name[130];
    const char *db;
    const stor_routine *rt = sf_find(ctx, e, name, sizeof name, &db);
    if (!rt) ex_raise(ctx, 1305, "42000", "FUNCTION %s.%s does not exist", db, name);
    for (const ex_call_frame *f = ctx->calls; f; f = f->up)
        if (f->rt == rt) ex_raise(ctx, 1424, "HY000", "Recursive stored functions and triggers are not allowed");
    ex_check_stack(ctx);
    ex_rtn_info in;
    const char *du, *dh;
    pl_stmt *def = sf_parse(ctx, e, rt, &in, &du, &dh);   /* (before the mark: it stays for the next row) */
    ex_sp_pos mark;
    ex_sp_mark(ctx, &mark);
    if (!def) ex_raise(ctx, 1457, "HY000", "Failed to load routine %s.%s (internal code -6). For more details, run SHOW WARNINGS", db, rt->name);
    pl_routine *pr = def->routine;
    if (n != pr->nparams)
        ex_raise(ctx, 1318, "42000", "Incorrect number of arguments for FUNCTION %s.%s; expected %d, got %d", db, rt->name, pr->nparams, n);
    ex_call_frame frame = { rt, ctx->calls };
    ex_spx x;
    ex_ctx c = *ctx;
    jmp_buf jb;
    jmp_buf *outer = ctx->jb;
    c.jb = &jb;
    c.spx = &x;
    c.calls = &frame;
    c.trg_mode = in.sql_mode;
    ex_body_privs(&c);
    c.view_db = stor_arena_strndup(ctx->a, db, strlen(db));
    c.src = NULL; c.nsrc = 0; c.rows = NULL; c.outer = NULL; c.aggv = NULL; c.itemv = NULL; c.winv = NULL;
    ex_trg_use use = { ctx->insert_t, NULL, ctx->fn_use };   /* (the table the calling statement writes: 1442) */
    if (ctx->insert_t) c.fn_use = &use;
    ex_privs_as as;
    run_as_known(ctx, pr, du, dh, &as);
    ex_body_privs(&c);   /* (again, as the account it now runs as: its column grants) */
    ex_sp_init(&x, &c, pr->nslots, pr->nslots, pr->ncursors);
    if (setjmp(jb)) {
        ex_sp_free(&x);
        ex_privs_end_as(ctx->s, &as);
        longjmp(*outer, 1);
    }
    for (int i = 0; i < pr->nparams; i++) {
        ex_sp_type(&x, i, pr->params[i].type, pr->params[i].name);
        ex_sp_set_local(&c, i, &a[i]);
    }
    c.strict = (in.sql_mode & (MODE_STRICT_TRANS_TABLES | MODE_STRICT_ALL_TABLES)) != 0;
    c.abort_warn = c.strict;
    ex_sp_run(&x, pr->sp);
    ex_privs_end_as(ctx->s, &as);
    if (!x.returned) ex_raise(&c, 1321, "2F005", "FUNCTION %s ended without RETURN", rt->name);
    stor_column rc;
    ex_coldef_type(&c, &rc, pr->returns, ctx->s->coll_connection);
    rc.name = stor_arena_strndup(ctx->a, e->start ? e->start : name, e->start ? e->srclen : strlen(name));
    pdb_value v;
    ex_store_convert(&c, &rc, &x.ret, &v, 0);
    ex_sp_free(&x);
    *out = v;
    ex_sp_release(ctx, &mark, out, 1);
}

/* (never called: expr.c types a call by the function's RETURNS, ex_sf_compile) */
static void sf_type(const ex_fdef *d, const ex_type *a, int n, ex_type *out, const pl_expr *e)
{
    (void)d; (void)a; (void)n; (void)e;
    memset(out, 0, sizeof *out);
    out->vt = VT_STRING;
    out->nullable = true;
}

static const ex_fdef sf_def = { "\001STORED", -1, -1, 0, 0, sf_type, sf_eval };
const ex_ftable ex_fam_stored = { &sf_def, 1 };
