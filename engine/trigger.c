/* Triggers (CREATE / DROP TRIGGER, firing them for the rows a statement writes).
 *
 * A trigger is kept in the catalog (stor_trigdef) as the statement that makes it:
 *   / * trigger sql_mode=M client=C connection=K dbcoll=D created=CS order=N * /
 *   CREATE DEFINER=`u`@`h` TRIGGER <the rest as written, without FOLLOWS / PRECEDES>
 * M is the whole sql_mode the trigger was made under (its body runs under it), C and K
 * the client's character set and connection collation and D the database's collation
 * MariaDB reports, CS the creation time in centiseconds. A database keeps its triggers
 * so that those of one table and event are in firing order: order=N (1-based) puts a
 * trigger N-th among them when the log replays its creation, 0 (the catalog's text,
 * which snapshots write in firing order) after them.
 *
 * A statement that writes a table with triggers loads them once (ex_trg_load: each text
 * parsed, NEW.col / OLD.col numbered against the table) and fires them per row
 * (ex_trg_fire): the body runs as a tree (pl_sp) over a frame of values, its local
 * variables then the NEW row then the OLD row; its statements run inside the firing
 * statement (exec.c ex_run_nested), so an error anywhere undoes the whole statement. */
#include "eng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <setjmp.h>
#include <time.h>

#define TRG_TAG "/* trigger sql_mode="

static const char *const timings[] = { "BEFORE", "AFTER" };
static const char *const events[] = { "INSERT", "UPDATE", "DELETE" };

/* ---------------------------------------------------------------- the kept text */

bool ex_trg_meta(const char *sql, ex_trg_info *out)
{
    unsigned long long m = 0, cs = 0;
    unsigned cl = 0, cc = 0, dc = 0, ord = 0;
    int n = 0;
    memset(out, 0, sizeof *out);
    if (strncmp(sql, TRG_TAG, strlen(TRG_TAG)) ||
        sscanf(sql + strlen(TRG_TAG), "%llu client=%u connection=%u dbcoll=%u created=%llu order=%u */ %n",
               &m, &cl, &cc, &dc, &cs, &ord, &n) != 6 || !n) return false;
    out->sql_mode = (uint32_t)m;
    out->client = (uint16_t)cl;
    out->connection = (uint16_t)cc;
    out->dbcoll = (uint16_t)dc;
    out->created_cs = cs;
    out->order = ord;
    out->create = sql + strlen(TRG_TAG) + (size_t)n;
    return true;
}

uint32_t ex_trg_text_mode(const char *sql, size_t len)
{
    ex_trg_info in;
    if (len < strlen(TRG_TAG) || strncmp(sql, TRG_TAG, strlen(TRG_TAG)) || !ex_trg_meta(sql, &in)) return 0;
    return in.sql_mode;
}

/* The trigger's statement parsed in the statement arena (its blocks keep no plans). */
pl_stmt *ex_trg_parse(ex_ctx *ctx, const stor_trigdef *g, ex_trg_info *info)
{
    if (!ex_trg_meta(g->sql, info)) return NULL;
    return ex_sp_parse_kept(ctx, g->sql, info->sql_mode, S_CREATE_TRIGGER);
}

static void quoted(char *b, size_t cap, size_t *n, const char *s)
{
    if (*n < cap) b[(*n)++] = '`';
    for (; *s && *n + 2 < cap; s++) {
        if (*s == '`') b[(*n)++] = '`';
        b[(*n)++] = *s;
    }
    if (*n < cap) b[(*n)++] = '`';
}

/* The text kept for trigger st of database db (see the top of the file). */
static char *trg_text(ex_ctx *ctx, const pl_stmt *st, uint16_t dbcoll, uint64_t created_cs, uint32_t order, size_t *len)
{
    const pl_trigger *g = st->trigger;
    const char *u = ctx->s->user, *h = ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
    if (g->has_definer && g->definer->user && g->definer->user[0]) {
        u = g->definer->user;
        h = g->definer->host ? g->definer->host : "%";
    }
    /* the text from TRIGGER to the body's end as written, the ordering clause dropped */
    const char *row_end = g->cut_from, *body = g->cut_to;
    size_t blen = (size_t)(g->body + g->body_len - body);
    size_t cap = 400 + strlen(u) * 2 + strlen(h) * 2 + (size_t)(row_end - g->head) + blen;
    char *b = stor_arena_alloc(ctx->a, cap);
    size_t n = (size_t)snprintf(b, cap, TRG_TAG "%u client=%u connection=%u dbcoll=%u created=%llu order=%u */ CREATE DEFINER=",
                                ctx->s->sql_mode, ctx->s->coll_client, ctx->s->coll_connection, dbcoll,
                                (unsigned long long)created_cs, order);
    quoted(b, cap, &n, u);
    b[n++] = '@';
    quoted(b, cap, &n, h);
    b[n++] = ' ';
    memcpy(b + n, g->head, (size_t)(row_end - g->head));
    n += (size_t)(row_end - g->head);
    memcpy(b + n, body, blen);
    n += blen;
    b[n] = 0;
    *len = n;
    return b;
}

static bool definer_exists(const char *user, const char *host)
{
    stor_account a;
    return stor_account_get(user, host, &a) == 0;
}

/* ---------------------------------------------------------------- CREATE / DROP */

/* SET NEW.col of the body: col must be a column of t (1054 at CREATE, as MariaDB) */
static void check_new_sets(ex_ctx *ctx, const pl_sp *n, const stor_table *t)
{
    if (!n) return;
    if (n->kind == SP_STMT && n->st->kind == S_SET)
        for (int i = 0; i < n->st->nsets; i++) {
            const pl_assign *a = &n->st->sets[i];
            if (a->scope != PL_SET_NEW) continue;
            bool found = false;
            for (uint32_t c = 0; c < t->ncols && !found; c++) found = !strcasecmp(t->cols[c].name, a->name);
            if (!found) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'NEW'", a->name);
        }
    for (int i = 0; i < n->nbody; i++) check_new_sets(ctx, n->body[i], t);
    check_new_sets(ctx, n->els, t);
}

static bool same_group(ex_ctx *ctx, const stor_trigdef *g, const char *table, int timing, int event)
{
    if (strcmp(g->table, table)) return false;
    ex_trg_info in;
    if (!ex_trg_meta(g->sql, &in)) return false;
    pl_stmt *st = ex_trg_parse(ctx, g, &in);
    return st && st->trigger->timing == timing && st->trigger->event == event;
}

/* Where a new trigger goes in d->triggers: after the last of its group, or at its
 * order-th place in it (1-based); *rank: its place then. */
static uint32_t place(ex_ctx *ctx, stor_db *d, const char *table, int timing, int event, uint32_t order, uint32_t *rank)
{
    uint32_t at = d->ntriggers, k = 0;
    for (uint32_t i = 0; i < d->ntriggers; i++) {
        if (!same_group(ctx, d->triggers[i], table, timing, event)) continue;
        if (order && k + 1 == order) { *rank = order; return i; }
        k++;
        at = i + 1;
    }
    *rank = k + 1;
    return at;
}

static void create_trigger(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pl_trigger *g = st->trigger;
    if (st->or_replace && st->if_not_exists) ex_raise(ctx, 1221, "HY000", "Incorrect usage of OR REPLACE and IF NOT EXISTS");
    if (!g->name[0]) ex_raise(ctx, 1458, "42000", "Incorrect routine name '%s'", g->name);
    if (ex_name_too_long(g->name)) ex_raise_name_too_long(ctx, g->name);
    const char *gdb = ex_cur_db(ctx, g->db);
    const char *db = st->db ? st->db : gdb;   /* (the table's: the trigger's unless named) */
    if (!strcasecmp(db, "mysql")) ex_raise(ctx, 1465, "HY000", "Triggers can not be created on system tables");
    if (strcmp(gdb, db)) ex_raise(ctx, 1435, "HY000", "Trigger in wrong schema");
    if (!strcasecmp(db, "information_schema"))
        ex_raise(ctx, 1044, "42000", "Access denied for user '%s'@'%s' to database '%s'", ctx->s->user,
                 ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host, db);
    stor_db *d = stor_db_find(db);
    if (!d && !ex_replaying) ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", db, st->table);
    if (!d) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", db);
    ex_trg_info in = { 0 };
    if (ex_replaying && ex_replay_text) ex_trg_meta(ex_replay_text, &in);
    stor_trigdef *old = stor_trigdef_find(db, g->name);
    if (!ex_replaying) {
        if (ctx->s->tmp && ex_tmp_find(ctx->s, db, st->table))
            ex_raise(ctx, 1361, "HY000", "Trigger's '%s' is a view, temporary table or sequence", st->table);
        if (stor_viewdef_find(db, st->table))
            ex_raise(ctx, 1347, "HY000", "'%s.%s' is not of type 'BASE TABLE'", db, st->table);
        stor_table *t = stor_table_find(db, st->table);
        if (!t) ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", db, st->table);
        if (t->sequence) ex_raise(ctx, 1361, "HY000", "Trigger's '%s' is a view, temporary table or sequence", st->table);
        if (old && !st->or_replace) {
            if (!st->if_not_exists) ex_raise(ctx, 1359, "HY000", "Trigger '%s.%s' already exists", db, g->name);
            ex_warn(ctx, "Note", 1359, "Trigger '%s.%s' already exists", db, g->name);
            ex_send_ok(ctx, r, 0, 0, NULL);
            return;
        }
        if (old && strcmp(old->table, st->table)) ex_raise(ctx, 1360, "HY000", "Trigger does not exist");
        check_new_sets(ctx, g->sp, t);
        /* NEW.col / OLD.col must name columns of the table */
        for (int i = 0; i < g->nrefs; i++) {
            bool found = false;
            for (uint32_t c = 0; c < t->ncols && !found; c++) found = !strcasecmp(t->cols[c].name, g->refs[i]->s);
            if (!found) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in '%s'", g->refs[i]->s, g->refs[i]->tbl);
        }
        if (g->has_definer && g->definer->user && g->definer->user[0]) {
            ex_privs_view_definer(ctx, g->definer->user, g->definer->host);
            const char *h = g->definer->host ? g->definer->host : "%";
            if (!definer_exists(g->definer->user, h))
                ex_warn(ctx, "Note", 1449, "The user specified as a definer ('%s'@'%s') does not exist", g->definer->user, h);
        }
    }
    if (old) stor_trigdef_drop(d, g->name);
    uint32_t order = in.order, rank = 0;
    if (!ex_replaying && g->order) {
        const stor_trigdef *o = stor_trigdef_find(db, g->other);
        ex_trg_info oi;
        pl_stmt *os = o ? ex_trg_parse(ctx, o, &oi) : NULL;
        if (!os || strcmp(o->table, st->table) || os->trigger->timing != g->timing || os->trigger->event != g->event)
            ex_raise(ctx, 4031, "HY000", "Referenced trigger '%s' for the given action time and event type does not exist", g->other);
        uint32_t orank = 0;
        place(ctx, d, st->table, g->timing, g->event, 0, &orank);   /* (count only) */
        uint32_t k = 0;
        for (uint32_t i = 0; i < d->ntriggers; i++) {
            if (!same_group(ctx, d->triggers[i], st->table, g->timing, g->event)) continue;
            k++;
            if (d->triggers[i] == o) { order = g->order == 1 ? k + 1 : k; break; }
        }
    }
    uint32_t at = place(ctx, d, st->table, g->timing, g->event, order, &rank);
    uint64_t created = ex_replaying ? in.created_cs : (uint64_t)(ctx->now_us / 10000);
    uint16_t dbcoll = ex_replaying ? in.dbcoll : d->coll;
    size_t len;
    char *kept;
    if (ex_replaying && ex_replay_text) {   /* the text as logged, its order spent */
        kept = stor_arena_strndup(ctx->a, ex_replay_text, strlen(ex_replay_text));
        char *o = strstr(kept, " order=");
        if (o && o[7] != '0') {
            char *e = o + 7;
            while (*e >= '0' && *e <= '9') e++;
            memmove(o + 8, e, strlen(e) + 1);
            o[7] = '0';
        }
        len = strlen(kept);
    } else {
        size_t ll;
        char *logged = trg_text(ctx, st, dbcoll, created, rank, &ll);
        if (ex_log_ddl(ctx, db, logged, ll) != 0)
            ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
        kept = trg_text(ctx, st, dbcoll, created, 0, &len);
    }
    stor_trigdef_add(d, g->name, st->table, kept, len, at);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

static void drop_trigger(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    const char *db = ex_cur_db(ctx, st->db);
    stor_db *d = stor_db_find(db);
    stor_trigdef *g = d ? stor_trigdef_find(db, st->name) : NULL;
    if (!g) {
        if (!st->if_exists) ex_raise(ctx, 1360, "HY000", "Trigger does not exist");
        ex_warn(ctx, "Note", 1360, "Trigger does not exist");
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    if (ctx->s->enforce_privs) ex_privs_need_table(ctx, db, g->table, STOR_PRIV_TRIGGER);
    if (!ex_replaying) {
        char b[300];
        size_t n = 0;
        memcpy(b, "DROP TRIGGER ", 13);
        n = 13;
        quoted(b, sizeof b - 1, &n, st->name);
        if (ex_log_ddl(ctx, db, b, n) != 0)
            ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    }
    stor_trigdef_drop(d, st->name);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

void ex_trg_ddl(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    if (st->kind == S_DROP_TRIGGER) drop_trigger(ctx, st, r);
    else create_trigger(ctx, st, r);
}

/* DROP TABLE: its triggers go with it (logged by the DROP itself). */
void ex_trg_table_dropped(const char *db, const char *table)
{
    stor_db *d = stor_db_find(db);
    if (!d || !stor_trigdefs_exist()) return;
    for (uint32_t i = 0; i < d->ntriggers;) {
        if (!strcmp(d->triggers[i]->table, table)) stor_trigdef_drop(d, d->triggers[i]->name);
        else i++;
    }
}

/* RENAME TABLE within a database: its triggers follow it, the name in their text
 * becoming the new one quoted (as MariaDB rewrites it); to another database MariaDB
 * refuses (1435) a table with triggers, before anything is renamed. */
void ex_trg_table_renamed(ex_ctx *ctx, const char *db, const char *table, const char *ndb, const char *ntable)
{
    stor_db *d = stor_db_find(db);
    if (!d || !stor_trigdefs_exist()) return;
    for (uint32_t i = 0; i < d->ntriggers; i++)
        if (!strcmp(d->triggers[i]->table, table) && strcmp(db, ndb)) ex_raise(ctx, 1435, "HY000", "Trigger in wrong schema");
    for (uint32_t i = 0; i < d->ntriggers; i++) {
        stor_trigdef *g = d->triggers[i];
        if (strcmp(g->table, table)) continue;
        ex_trg_info in;
        pl_stmt *st = ex_trg_parse(ctx, g, &in);
        if (st) {
            const pl_trigger *pg = st->trigger;
            size_t pre = (size_t)(pg->tbl_from - g->sql), cap = strlen(g->sql) + 2 * strlen(ntable) + 8;
            char *b = stor_arena_alloc(ctx->a, cap);
            memcpy(b, g->sql, pre);
            size_t n = pre;
            quoted(b, cap, &n, ntable);
            size_t rest = strlen(pg->tbl_to);
            memcpy(b + n, pg->tbl_to, rest);
            n += rest;
            stor_free(g->sql);
            g->sql = stor_strndup(b, n);
        }
        stor_trigdef_retable(g, ntable);
    }
}

/* ---------------------------------------------------------------- introspection */

static int row_cmp(const void *a, const void *b)
{
    const ex_trg_row *x = a, *y = b;
    int c = strcmp(x->db, y->db);
    if (!c) c = strcmp(x->table, y->table);
    if (!c) c = x->event_no - y->event_no;
    if (!c) c = x->timing_no - y->timing_no;
    if (!c) c = (int)x->order - (int)y->order;
    return c;
}

/* SHOW CREATE TRIGGER's text: the kept one, its definer quoted with " when the trigger's
 * sql_mode has ANSI_QUOTES (as MariaDB prints it) */
static const char *show_text(ex_ctx *ctx, const ex_trg_info *in)
{
    if (!(in->sql_mode & MODE_ANSI_QUOTES)) return in->create;
    const char *d = strstr(in->create, "DEFINER=");
    if (!d) return in->create;
    char u[200], h[300];
    ex_sp_definer(in->create, u, sizeof u, h, sizeof h);
    const char *rest = d + 8;
    bool inq = false;
    for (; *rest; rest++) {   /* past `u`@`h` */
        if (*rest == '`') { if (inq && rest[1] == '`') { rest++; continue; } inq = !inq; continue; }
        if (!inq && *rest == ' ') break;
    }
    size_t cap = strlen(in->create) + 2 * (strlen(u) + strlen(h)) + 16, n = (size_t)(d + 8 - in->create);
    char *b = stor_arena_alloc(ctx->a, cap);
    memcpy(b, in->create, n);
    const char *parts[2] = { u, h };
    for (int k = 0; k < 2; k++) {
        if (k) b[n++] = '@';
        b[n++] = '"';
        for (const char *p = parts[k]; *p; p++) { if (*p == '"') b[n++] = '"'; b[n++] = *p; }
        b[n++] = '"';
    }
    snprintf(b + n, cap - n, "%s", rest);
    return b;
}

static void fill_row(ex_ctx *ctx, const char *db, const stor_trigdef *g, const pl_trigger *pg, const ex_trg_info *in,
                     uint32_t order, ex_trg_row *o)
{
    o->db = db;
    o->name = g->name;
    o->table = g->table;
    o->event_no = pg->event;
    o->timing_no = pg->timing;
    o->event = events[pg->event];
    o->timing = timings[pg->timing];
    o->statement = stor_arena_strndup(ctx->a, pg->body, pg->body_len);
    o->order = order;
    o->create = show_text(ctx, in);
    o->sql_mode = ex_sql_mode_str(in->sql_mode, ctx->a);
    const pdb_collation *cl = pdb_coll_by_id(in->client), *cc = pdb_coll_by_id(in->connection), *dc = pdb_coll_by_id(in->dbcoll);
    o->client = cl ? cl->charset : "utf8mb4";
    o->connection = cc ? cc->name : "utf8mb4_general_ci";
    o->dbcoll = dc ? dc->name : "utf8mb4_general_ci";
    char u[200], h[300];
    ex_sp_definer(in->create, u, sizeof u, h, sizeof h);
    o->definer = stor_arena_alloc(ctx->a, strlen(u) + strlen(h) + 2);
    sprintf((char *)o->definer, "%s@%s", u, h);
    time_t secs = (time_t)(in->created_cs / 100);
    struct tm tm;
    localtime_r(&secs, &tm);
    snprintf(o->created, sizeof o->created, "%04d-%02d-%02d %02d:%02d:%02d.%02u", tm.tm_year + 1900, tm.tm_mon + 1,
             tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (unsigned)(in->created_cs % 100));
}

/* The triggers of database db (NULL: every database) on tables the session may see, in
 * MariaDB's order (table, event, timing, firing order); returns how many. */
int ex_trg_list(ex_ctx *ctx, const char *db, ex_trg_row **out)
{
    *out = NULL;
    if (!stor_trigdefs_exist()) return 0;
    uint32_t ndb;
    stor_db **dbs = stor_db_list(&ndb);
    int n = 0, cap = 0;
    ex_trg_row *rows = NULL;
    for (uint32_t i = 0; i < ndb; i++) {
        stor_db *d = dbs[i];
        if (db && strcmp(d->name, db)) continue;
        for (uint32_t j = 0; j < d->ntriggers; j++) {
            const stor_trigdef *g = d->triggers[j];
            if (ctx->s->enforce_privs && !(ex_privs_table(ctx->s, d->name, g->table) & STOR_PRIV_TRIGGER)) continue;
            ex_trg_info in;
            pl_stmt *st = ex_trg_parse(ctx, g, &in);
            if (!st) continue;
            uint32_t order = 1;
            for (uint32_t k = 0; k < j; k++)
                if (same_group(ctx, d->triggers[k], g->table, st->trigger->timing, st->trigger->event)) order++;
            if (n == cap) {
                cap = cap ? cap * 2 : 16;
                ex_trg_row *nr = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *nr);
                if (n) memcpy(nr, rows, (size_t)n * sizeof *nr);
                rows = nr;
            }
            fill_row(ctx, d->name, g, st->trigger, &in, order, &rows[n++]);
        }
    }
    if (n > 1) qsort(rows, (size_t)n, sizeof *rows, row_cmp);
    *out = rows;
    return n;
}

/* ---------------------------------------------------------------- firing */

typedef struct ex_trg {
    pl_trigger *g;
    uint32_t sql_mode;
    const char *name, *db;
    const char *create;       /* its CREATE text (lines of the Note 4094 after an error) */
    char *no_definer;         /* its definer's account is gone: who (1449 when it fires) */
    char *user, *host;        /* its definer, whose privileges its body runs with */
} ex_trg;

struct ex_trg_set {
    stor_table *t;
    const pl_stmt *st;        /* the statement firing them */
    ex_trg *trg;
    int n;
    uint8_t has[2][3];        /* [timing][event]: any trigger */
};

ex_trg_set *ex_trg_load(ex_ctx *ctx, stor_table *t, const pl_stmt *by)
{
    if (!stor_trigdefs_exist() || (ctx->s->tmp && ex_tmp_owner(ctx->s, t)) || ctx->s->replica_rows) return NULL;
    stor_db *d = stor_db_find(t->db);
    if (!d || !d->ntriggers) return NULL;
    ex_trg_set *ts = NULL;
    for (uint32_t i = 0; i < d->ntriggers; i++) {
        const stor_trigdef *g = d->triggers[i];
        if (strcmp(g->table, t->name)) continue;
        if (!ts) {
            ts = stor_arena_alloc(ctx->a, sizeof *ts);
            memset(ts, 0, sizeof *ts);
            ts->t = t;
            ts->st = by;
            ts->trg = stor_arena_alloc(ctx->a, d->ntriggers * sizeof *ts->trg);
        }
        ex_trg_info in;
        pl_stmt *st = ex_trg_parse(ctx, g, &in);
        if (!st) ex_raise(ctx, 1064, "42000", "Trigger '%s.%s' cannot be parsed", t->db, g->name);
        pl_trigger *pg = st->trigger;
        /* NEW.col / OLD.col: the frame's slots after the locals */
        for (int k = 0; k < pg->nrefs; k++) {
            pl_expr *e = pg->refs[k];
            int c = -1;
            for (uint32_t j = 0; j < t->ncols && c < 0; j++) if (!strcasecmp(t->cols[j].name, e->s)) c = (int)j;
            if (c < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in '%s'", e->s, e->tbl);
            e->ival = pg->nslots + c + (e->tbl[0] == 'O' ? (int)t->ncols : 0);
        }
        ex_trg *x = &ts->trg[ts->n++];
        x->g = pg;
        x->sql_mode = in.sql_mode;
        x->name = g->name;
        x->db = t->db;
        x->create = in.create;
        char u[200], h[300];
        ex_sp_definer(in.create, u, sizeof u, h, sizeof h);
        x->no_definer = NULL;
        x->user = stor_arena_strndup(ctx->a, u, strlen(u));
        x->host = stor_arena_strndup(ctx->a, h, strlen(h));
        if (!definer_exists(u, h)) {
            x->no_definer = stor_arena_alloc(ctx->a, strlen(u) + strlen(h) + 8);
            sprintf(x->no_definer, "'%s'@'%s'", u, h);
        }
        ts->has[pg->timing][pg->event] = 1;
    }
    return ts;
}

bool ex_trg_has(const ex_trg_set *ts, int timing, int event)
{
    return ts && ts->has[timing][event];
}

/* The tables written by the statements that fired the triggers running now: a trigger
 * may not write one of them (1442, as MariaDB), which also ends any cycle. */
void ex_trg_check_write(ex_ctx *ctx, const stor_table *t)
{
    for (const ex_trg_use *u = ctx->trg_use; u; u = u->up)
        if (u->t == t || (u->st && ex_stmt_reads(ctx, u->st, t)))
            ex_raise(ctx, 1442, "HY000", "Can't update table '%s' in stored function/trigger because it is already used by statement which invoked this stored function/trigger", t->name);
    for (const ex_trg_use *u = ctx->fn_use; u; u = u->up)
        if (u->t == t)
            ex_raise(ctx, 1442, "HY000", "Can't update table '%s' in stored function/trigger because it is already used by statement which invoked this stored function/trigger", t->name);
}

/* "At line N in db.trigger" (N counts from the CREATE text's first line) for the error
 * ending the statement, after it in SHOW WARNINGS (exec.c), innermost trigger first */
static void note_where(ex_ctx *ctx, const ex_trg *tr, const char *at)
{
    ex_stmt *es = ctx->stmt;
    if (!es || es->nerr_notes >= EX_ERR_NOTES) return;
    int line = 1;
    if (at && at > tr->create)
        for (const char *p = tr->create; p < at && *p; p++) line += *p == '\n';
    snprintf(es->err_notes[es->nerr_notes++], sizeof es->err_notes[0], "At line %d in %s.%s", line, tr->db, tr->name);
}

void ex_trg_fire(ex_ctx *ctx, ex_trg_set *ts, int timing, int event, pdb_value *newv, const pdb_value *oldv)
{
    if (!ex_trg_has(ts, timing, event)) return;
    ex_check_stack(ctx);
    stor_table *t = ts->t;
    pdb_session *s = ctx->s;
    uint64_t lid = s->last_insert_id;
    int64_t rc = s->row_count;
    ex_trg_use use = { t, ts->st, ctx->trg_use };
    /* as MariaDB, the warnings of a trigger do not outlive it */
    uint32_t nw = s->nwarnings, wc = s->warn_count;
    for (int i = 0; i < ts->n; i++) {
        ex_trg *tr = &ts->trg[i];
        if (tr->g->timing != timing || tr->g->event != event) continue;
        if (tr->no_definer) ex_raise(ctx, 1449, "HY000", "The user specified as a definer (%s) does not exist", tr->no_definer);
        ex_privs_as as;   /* (before the frame: a missing definer raises 1449 with nothing to free) */
        ex_privs_begin_as(ctx, tr->user, tr->host, &as);
        ex_sp_pos mark;
        ex_sp_mark(ctx, &mark);
        ex_spx x;
        ex_ctx c = *ctx;
        jmp_buf jb;
        c.jb = &jb;
        c.trg_use = &use;
        ex_body_privs(&c);
        c.spx = &x;
        c.trg_mode = tr->sql_mode;
        c.view_db = t->db;   /* (its statements' unqualified tables: the trigger's database) */
        int nl = tr->g->nslots;
        ex_sp_init(&x, &c, nl, nl + 2 * (int)t->ncols, 0);
        x.t = t;
        pdb_value *fnew = x.frame + nl, *fold = fnew + t->ncols;
        if (newv) memcpy(fnew, newv, t->ncols * sizeof *fnew);
        if (oldv) memcpy(fold, oldv, t->ncols * sizeof *fold);
        for (uint32_t k = 0; k < t->ncols; k++) {   /* (NEW and OLD as the session sees them) */
            if (newv) ex_read_ts(s, &t->cols[k], &fnew[k]);
            if (oldv) ex_read_ts(s, &t->cols[k], &fold[k]);
        }
        if (setjmp(jb)) {   /* an error inside: MariaDB's note of where, then on out */
            note_where(ctx, tr, x.at);
            ex_sp_free(&x);
            ex_privs_end_as(s, &as);
            longjmp(*ctx->jb, 1);
        }
        pdb_status_add(s, PDB_STAT_EXECUTED_TRIGGERS, 1);   /* (a trigger body costs more than this) */
        ex_sp_run(&x, tr->g->sp);
        if (ctx->spx) ctx->spx->affected += x.affected;   /* (MariaDB's CALL counts its triggers' rows too) */
        ex_privs_end_as(s, &as);
        if (newv && timing == 0) {
            memcpy(newv, fnew, t->ncols * sizeof *newv);
            for (uint32_t k = 0; k < t->ncols; k++) ex_store_ts(ctx, &t->cols[k], &newv[k]);
        }
        ex_sp_free(&x);
        ex_sp_release(ctx, &mark, newv && timing == 0 ? newv : NULL, t->ncols);
    }
    s->nwarnings = nw;
    s->warn_count = wc;
    /* as MariaDB: what a trigger does to LAST_INSERT_ID() and ROW_COUNT() stays inside it */
    s->last_insert_id = lid;
    s->row_count = rc;
}
