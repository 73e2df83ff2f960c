/* Events (CREATE / ALTER / DROP EVENT, SHOW EVENTS, SHOW CREATE EVENT,
 * information_schema.EVENTS) and running them (pdb_event_tick, which server/scheduler.c
 * calls every second while event_scheduler is ON).
 *
 * An event is kept in the catalog (stor_db.events) as the statement SHOW CREATE EVENT
 * prints, behind a header of what MariaDB's mysql.event row holds besides:
 *   / * event sql_mode=M client=C connection=K dbcoll=D created=CS modified=CS tz=Z * /
 *   CREATE DEFINER=`u`@`h` EVENT `name` ON SCHEDULE {AT 'when' | EVERY n UNIT
 *   STARTS 'when' [ENDS 'when']} ON COMPLETION [NOT] PRESERVE {ENABLE | DISABLE |
 *   DISABLE ON SLAVE} [COMMENT '..'] DO <the body as written>
 * Every time in it is resolved when the event is made (STARTS defaults to that moment),
 * written in the zone Z it was made in, so the log and the snapshot ('S' records) replay
 * the same event. ALTER logs the whole new text (RENAME: a DROP of the old name first).
 *
 * Running: the scheduler gives each due event a session of its own, as its definer (its
 * privileges checked), in its database, sql_mode and zone, flagged `event_run`, and
 * executes the kept text: CREATE EVENT in such a session runs the body (as CALL runs a
 * procedure's) instead of making the event. A one-time event, or one past its ENDS, is
 * then dropped (ON COMPLETION NOT PRESERVE) or disabled, as MariaDB does. Runs missed
 * while the scheduler was off or the server down are not made up (MariaDB does not
 * either); LAST_EXECUTED is kept in memory only. */
#include "eng.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#define EVT_TAG "/* event sql_mode="

typedef struct evt_info {
    uint32_t sql_mode;
    uint16_t client, connection, dbcoll;
    uint64_t created_cs, modified_cs;
    char tz[64];
    const char *create;   /* CREATE DEFINER=... EVENT ... (SHOW CREATE EVENT's text) */
} evt_info;

/* What a schedule resolves to: texts as SHOW CREATE EVENT prints them */
typedef struct evt_sched {
    bool every;
    char at[24], starts[24], ends[24];   /* 'YYYY-MM-DD hh:mm:ss' ("" none) */
    char amount[64];                     /* EVERY's value as printed: 5 or '1:30' */
    const char *unit;
    int preserve, status;                /* 0 / 1; 0 ENABLE, 1 DISABLE, 2 DISABLE ON SLAVE */
    const char *comment;                 /* or NULL */
} evt_sched;

static bool evt_meta(const char *sql, evt_info *out)
{
    unsigned long long m = 0, cs = 0, ms = 0;
    unsigned cl = 0, cc = 0, dc = 0;
    int n = 0;
    memset(out, 0, sizeof *out);
    if (strncmp(sql, EVT_TAG, strlen(EVT_TAG)) ||
        sscanf(sql + strlen(EVT_TAG), "%llu client=%u connection=%u dbcoll=%u created=%llu modified=%llu tz=%63s */ %n",
               &m, &cl, &cc, &dc, &cs, &ms, out->tz, &n) != 7 || !n) return false;
    out->sql_mode = (uint32_t)m;
    out->client = (uint16_t)cl;
    out->connection = (uint16_t)cc;
    out->dbcoll = (uint16_t)dc;
    out->created_cs = cs;
    out->modified_cs = ms;
    out->create = sql + strlen(EVT_TAG) + (size_t)n;
    return true;
}

uint32_t ex_evt_text_mode(const char *sql, size_t len)
{
    evt_info in;
    if (len < strlen(EVT_TAG) || strncmp(sql, EVT_TAG, strlen(EVT_TAG)) || !evt_meta(sql, &in)) return 0;
    return in.sql_mode;
}

/* The kept text parsed (its body compiled as a procedure's) */
static pl_stmt *evt_parse(ex_ctx *ctx, const stor_routine *ev, evt_info *in)
{
    if (!evt_meta(ev->sql, in)) return NULL;
    return ex_sp_parse_kept(ctx, ev->sql, in->sql_mode, S_CREATE_EVENT);
}


static char *evt_write(const evt_info *in, const char *user, const char *host, const char *name, const evt_sched *sc,
                       const char *body, size_t body_len, stor_arena *a, size_t *len)
{
    ex_tbuf b = { NULL, 0, 0, a };
    char head[256];
    snprintf(head, sizeof head, EVT_TAG "%u client=%u connection=%u dbcoll=%u created=%llu modified=%llu tz=%s */ CREATE DEFINER=",
             in->sql_mode, in->client, in->connection, in->dbcoll, (unsigned long long)in->created_cs,
             (unsigned long long)in->modified_cs, in->tz);
    ex_tb_puts(&b, head);
    ex_tb_quoted(&b, user, '`', false);
    ex_tb_puts(&b, "@");
    ex_tb_quoted(&b, host, '`', false);
    ex_tb_puts(&b, " EVENT ");
    ex_tb_quoted(&b, name, '`', false);
    if (sc->every) {
        ex_tb_puts(&b, " ON SCHEDULE EVERY ");
        ex_tb_puts(&b, sc->amount);
        ex_tb_puts(&b, " ");
        ex_tb_puts(&b, sc->unit);
        ex_tb_puts(&b, " STARTS '");
        ex_tb_puts(&b, sc->starts);
        ex_tb_puts(&b, "'");
        if (sc->ends[0]) { ex_tb_puts(&b, " ENDS '"); ex_tb_puts(&b, sc->ends); ex_tb_puts(&b, "'"); }
    } else {
        ex_tb_puts(&b, " ON SCHEDULE AT '");
        ex_tb_puts(&b, sc->at);
        ex_tb_puts(&b, "'");
    }
    ex_tb_puts(&b, sc->preserve ? " ON COMPLETION PRESERVE" : " ON COMPLETION NOT PRESERVE");
    ex_tb_puts(&b, sc->status == 0 ? " ENABLE" : sc->status == 1 ? " DISABLE" : " DISABLE ON SLAVE");
    if (sc->comment) {   /* (a backslash is an escape unless NO_BACKSLASH_ESCAPES) */
        ex_tb_puts(&b, " COMMENT ");
        ex_tb_quoted(&b, sc->comment, '\'', !(in->sql_mode & MODE_NO_BACKSLASH_ESCAPES));
    }
    ex_tb_puts(&b, " DO ");
    ex_tb_put(&b, body, body_len);
    *len = b.n;
    return b.p;
}

/* ---------------------------------------------------------------- times */

static void tm_text(const struct tm *tm, char *out, size_t cap)
{
    snprintf(out, cap, "%04u-%02u-%02u %02u:%02u:%02u", (unsigned)(tm->tm_year + 1900) % 10000u,
             (unsigned)(tm->tm_mon + 1) % 100u, (unsigned)tm->tm_mday % 100u, (unsigned)tm->tm_hour % 100u,
             (unsigned)tm->tm_min % 100u, (unsigned)tm->tm_sec % 100u);
}

static bool text_tm(const char *s, struct tm *tm)
{
    memset(tm, 0, sizeof *tm);
    if (sscanf(s, "%d-%d-%d %d:%d:%d", &tm->tm_year, &tm->tm_mon, &tm->tm_mday, &tm->tm_hour, &tm->tm_min, &tm->tm_sec) != 6)
        return false;
    tm->tm_year -= 1900;
    tm->tm_mon -= 1;
    tm->tm_isdst = -1;
    return true;
}

/* A time of the event's text as an instant, read in zone s's */
static time_t text_epoch(const pdb_session *s, const char *text)
{
    struct tm tm;
    if (!text_tm(text, &tm)) return 0;
    return ex_tz_mktime(s, &tm);
}

/* AT / STARTS / ENDS: the expression's value as a datetime text (1525 when it is none) */
static void when_text(ex_ctx *ctx, pl_expr *x, const char *what, char *out, size_t cap)
{
    ex_scope sc = { 0 };
    sc.ctx = ctx; sc.item_base = -1; sc.clause = "field list";
    ex_type t;
    pdb_value v;
    ex_eval(ctx, ex_compile(&sc, x, &t), &v);
    size_t n = 0;
    const char *s = v.t == VT_NULL ? NULL : ex_to_str(ctx->a, &v, &n);
    int64_t dt;
    bool isdate;
    if (!s || ex_parse_datetime(s, n, &dt, &isdate) != 0)
        ex_raise(ctx, 1525, "HY000", "Incorrect %s value: '%.*s'", what, s ? (int)n : 4, s ? s : "NULL");
    int y, mo, d, h, mi, sec, us;
    pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &sec, &us);
    snprintf(out, cap, "%04d-%02d-%02d %02d:%02d:%02d", y, mo, d, h, mi, sec);
    time_t at = text_epoch(ctx->s, out);   /* (MariaDB keeps them as TIMESTAMPs: 1970 .. 2038) */
    if (at < 1 || at > INT32_MAX) {
        if (!strcmp(what, "ENDS")) ex_raise(ctx, 1543, "HY000", "ENDS is either invalid or before STARTS");
        ex_raise(ctx, 1525, "HY000", "Incorrect %s value: '%s'", what, out);
    }
}

static void now_text(ex_ctx *ctx, char *out, size_t cap)
{
    struct tm tm;
    ex_tz_local(ctx->s, (time_t)(ctx->now_us / 1000000), &tm);
    tm_text(&tm, out, cap);
}

/* An interval unit: its fields' sizes (months, or seconds), most significant first */
typedef struct evt_unit {
    const char *name;
    bool months;
    int nf;
    int64_t f[4];
    const char *seps;   /* what comes before each field after the first, as printed */
} evt_unit;
static const evt_unit units[] = {
    { "SECOND", false, 1, { 1 }, "" }, { "MINUTE", false, 1, { 60 }, "" }, { "HOUR", false, 1, { 3600 }, "" },
    { "DAY", false, 1, { 86400 }, "" }, { "WEEK", false, 1, { 604800 }, "" }, { "MONTH", true, 1, { 1 }, "" },
    { "QUARTER", true, 1, { 3 }, "" }, { "YEAR", true, 1, { 12 }, "" }, { "MINUTE_SECOND", false, 2, { 60, 1 }, ":" },
    { "HOUR_MINUTE", false, 2, { 3600, 60 }, ":" }, { "HOUR_SECOND", false, 3, { 3600, 60, 1 }, "::" },
    { "DAY_HOUR", false, 2, { 86400, 3600 }, " " }, { "DAY_MINUTE", false, 3, { 86400, 3600, 60 }, " :" },
    { "DAY_SECOND", false, 4, { 86400, 3600, 60, 1 }, " ::" }, { "YEAR_MONTH", true, 2, { 12, 1 }, "-" },
};

static const evt_unit *unit_of(const char *name)
{
    for (size_t i = 0; i < sizeof units / sizeof *units; i++) if (!strcmp(units[i].name, name)) return &units[i];
    return NULL;
}

/* EVERY's value in the unit's smallest part (months or seconds); 0 when not positive */
static int64_t interval_size(const evt_unit *u, const char *amount)
{
    const char *p = amount;
    if (*p == '\'') p++;
    int64_t v[4] = { 0 }, total = 0;
    int k = 0;
    while (*p && k < 4) {
        if (*p < '0' || *p > '9') { p++; continue; }
        while (*p >= '0' && *p <= '9') { if (v[k] < 1000000000) v[k] = v[k] * 10 + (*p - '0'); p++; }
        k++;
    }
    if (k > u->nf) return 0;
    for (int i = 0; i < k; i++) total += v[i] * u->f[u->nf - k + i];   /* (fewer fields: the last ones) */
    return total;
}

/* A compound unit's total (in its smallest part) as MariaDB prints it: '2:30' */
static void amount_text(const evt_unit *u, int64_t total, char *out, size_t cap)
{
    size_t k = 0;
    out[k++] = '\'';
    for (int i = 0; i < u->nf && k + 24 < cap; i++) {
        int64_t part = total / u->f[i];
        total -= part * u->f[i];
        if (i) out[k++] = u->seps[i - 1];
        k += (size_t)snprintf(out + k, cap - k, "%lld", (long long)part);
    }
    snprintf(out + k, cap - k, "'");
}

static void every_amount(ex_ctx *ctx, pl_event *e, evt_sched *sc)
{
    const evt_unit *u = unit_of(e->unit);
    if (!u) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'MICROSECOND'");
    ex_scope scp = { 0 };
    scp.ctx = ctx; scp.item_base = -1; scp.clause = "field list";
    ex_type t;
    pdb_value v;
    ex_eval(ctx, ex_compile(&scp, e->amount, &t), &v);
    if (u->nf == 1) {
        int64_t n = v.t == VT_NULL ? 0 : ex_to_int(&v);
        if (n <= 0 || n > 1000000000) ex_raise(ctx, 1542, "HY000", "INTERVAL is either not positive or too big");
        snprintf(sc->amount, sizeof sc->amount, "%lld", (long long)n);
    } else {   /* (printed as MariaDB keeps it: the total split into the unit's fields) */
        size_t n = 0;
        const char *s = v.t == VT_NULL ? "" : ex_to_str(ctx->a, &v, &n);
        char given[80];
        snprintf(given, sizeof given, "'%.*s'", (int)(n < 60 ? n : 60), s);
        int64_t total = interval_size(u, given);
        if (total <= 0) ex_raise(ctx, 1542, "HY000", "INTERVAL is either not positive or too big");
        amount_text(u, total, sc->amount, sizeof sc->amount);
    }
    sc->unit = u->name;
}

/* e's schedule resolved into sc (its times in the session's zone) */
static void resolve_schedule(ex_ctx *ctx, pl_event *e, evt_sched *sc)
{
    sc->every = e->every;
    sc->at[0] = sc->starts[0] = sc->ends[0] = 0;
    if (!e->every) { when_text(ctx, e->at, "AT", sc->at, sizeof sc->at); return; }
    every_amount(ctx, e, sc);
    if (e->starts) when_text(ctx, e->starts, "STARTS", sc->starts, sizeof sc->starts);
    else now_text(ctx, sc->starts, sizeof sc->starts);
    if (e->ends) {
        when_text(ctx, e->ends, "ENDS", sc->ends, sizeof sc->ends);
        if (strcmp(sc->ends, sc->starts) < 0) ex_raise(ctx, 1543, "HY000", "ENDS is either invalid or before STARTS");
    }
}

/* The last moment the schedule can run at, "" for none (an EVERY without ENDS) */
static const char *sched_end(const evt_sched *sc) { return sc->every ? sc->ends : sc->at; }

static void scheduler_note(ex_ctx *ctx)
{
    pdb_value v;
    ex_type t;
    if (ex_sysvar_get(ctx->s, "event_scheduler", true, &v, ctx->a, &t) == 0 && v.t == VT_STRING &&
        !(v.len == 2 && !strncasecmp(v.p, "ON", 2)))
        ex_warn(ctx, "Warning", 1105, "Event scheduler is switched off, use SET GLOBAL event_scheduler=ON to enable it.");
}

static void log_text(ex_ctx *ctx, const char *db, const char *text, size_t len)
{
    if (ex_log_ddl(ctx, db, text, len) != 0)
        ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
}

static void log_drop(ex_ctx *ctx, const char *db, const char *name)
{
    ex_tbuf b = { NULL, 0, 0, ctx->a };
    ex_tb_puts(&b, "DROP EVENT ");
    ex_tb_quoted(&b, name, '`', false);
    log_text(ctx, db, b.p, b.n);
}

/* ---------------------------------------------------------------- running one */

/* The body of the event whose kept text this session was given (event_run) */
static void run_body(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pl_event *e = st->event;
    ex_spx x;
    ex_ctx c = *ctx;
    jmp_buf jb;
    jmp_buf *outer = ctx->jb;
    c.jb = &jb;
    c.spx = &x;
    c.calls = NULL;
    c.trg_use = NULL;
    c.trg_mode = ctx->s->sql_mode;
    ex_body_privs(&c);
    ex_sp_init(&x, &c, e->nslots, e->nslots, e->ncursors);
    x.out = r;
    if (setjmp(jb)) {
        ex_sp_free(&x);
        longjmp(*outer, 1);
    }
    c.strict = (ctx->s->sql_mode & (MODE_STRICT_TRANS_TABLES | MODE_STRICT_ALL_TABLES)) != 0;
    c.abort_warn = c.strict;
    x.last_warns = 0;
    ex_sp_run(&x, e->sp);
    ex_sp_free(&x);
    ex_send_ok(ctx, r, x.affected, 0, NULL);
}

/* ---------------------------------------------------------------- CREATE / ALTER / DROP */

static void create_event(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pl_event *e = st->event;
    const char *db = ex_cur_db(ctx, e->db);
    stor_db *d = stor_db_find(db);
    if (!d) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", db);
    if (ex_replaying && ex_replay_text) {   /* (the kept text: put as it is) */
        stor_event_put(d, e->name, ex_replay_text, strlen(ex_replay_text));
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    if (st->or_replace && st->if_not_exists) ex_raise(ctx, 1221, "HY000", "Incorrect usage of OR REPLACE and IF NOT EXISTS");
    if (ex_name_too_long(e->name)) ex_raise_name_too_long(ctx, e->name);
    if (stor_event_find(db, e->name) && !st->or_replace) {
        if (!st->if_not_exists) ex_raise(ctx, 1537, "HY000", "Event '%s' already exists", e->name);
        ex_warn(ctx, "Note", 1537, "Event '%s' already exists", e->name);
        scheduler_note(ctx);
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    const char *u = ctx->s->user, *h = ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
    if (e->has_definer && e->definer->user && e->definer->user[0]) {
        ex_privs_view_definer(ctx, e->definer->user, e->definer->host);
        u = e->definer->user;
        h = e->definer->host ? e->definer->host : "%";
    }
    evt_sched sc = { .preserve = e->preserve == 1, .status = e->status < 0 ? 0 : e->status,
                     .comment = e->has_comment ? e->comment : NULL };
    if (ctx->s->replica_applier && sc.status == 0) sc.status = 2;   /* (the primary runs it: SLAVESIDE_DISABLED) */
    resolve_schedule(ctx, e, &sc);
    char now[24];
    now_text(ctx, now, sizeof now);
    const char *last = sched_end(&sc);
    if (last[0] && strcmp(last, now) < 0) {   /* (it would never run) */
        if (!sc.preserve) {
            ex_warn(ctx, "Note", 1588, "Event execution time is in the past and ON COMPLETION NOT PRESERVE is set. The event was dropped immediately after creation");
            ex_send_ok(ctx, r, 0, 0, NULL);
            return;
        }
        sc.status = 1;
        ex_warn(ctx, "Note", 1544, "Event execution time is in the past. Event has been disabled");
    }
    uint64_t cs = (uint64_t)(ctx->now_us / 10000);
    evt_info in = { ctx->s->sql_mode, ctx->s->coll_client, ctx->s->coll_connection, d->coll, cs, cs, "", NULL };
    snprintf(in.tz, sizeof in.tz, "%s", ctx->s->time_zone[0] ? ctx->s->time_zone : "SYSTEM");
    size_t len;
    char *text = evt_write(&in, u, h, e->name, &sc, e->body, e->body_len, ctx->a, &len);
    log_text(ctx, db, text, len);
    stor_event_put(d, e->name, text, len);
    scheduler_note(ctx);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

static stor_routine *need_event(ex_ctx *ctx, const char *db, const char *name)
{
    stor_routine *ev = stor_db_find(db) ? stor_event_find(db, name) : NULL;
    if (!ev) ex_raise(ctx, 1539, "HY000", "Unknown event '%s'", name);
    return ev;
}

static void drop_event(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    const char *db = ex_cur_db(ctx, st->db);
    stor_db *d = stor_db_find(db);
    if (!d || !stor_event_find(db, st->name)) {
        if (!st->if_exists) ex_raise(ctx, 1539, "HY000", "Unknown event '%s'", st->name);
        ex_warn(ctx, "Note", 1305, "Event %s does not exist", st->name);
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    if (!ex_replaying) log_drop(ctx, db, st->name);
    stor_event_drop(d, st->name);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

/* The schedule and options of a kept event, as its text says */
static void kept_schedule(ex_ctx *ctx, pl_event *o, evt_sched *sc)
{
    sc->every = o->every;
    sc->at[0] = sc->starts[0] = sc->ends[0] = 0;
    if (!o->every) when_text(ctx, o->at, "AT", sc->at, sizeof sc->at);
    else {
        every_amount(ctx, o, sc);
        when_text(ctx, o->starts, "STARTS", sc->starts, sizeof sc->starts);
        if (o->ends) when_text(ctx, o->ends, "ENDS", sc->ends, sizeof sc->ends);
    }
    sc->preserve = o->preserve == 1;
    sc->status = o->status < 0 ? 0 : o->status;
    sc->comment = o->has_comment ? o->comment : NULL;
}

static void alter_event(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pl_event *ch = st->event;
    const char *db = ex_cur_db(ctx, ch->db);
    stor_routine *ev = need_event(ctx, db, ch->name);
    evt_info in;
    pl_stmt *def = evt_parse(ctx, ev, &in);
    if (!def) ex_raise(ctx, 1543, "HY000", "Failed to load event %s.%s", db, ev->name);
    pl_event *o = def->event;
    char u[200], h[300];
    ex_sp_definer(in.create, u, sizeof u, h, sizeof h);
    if (ch->has_definer && ch->definer->user && ch->definer->user[0]) {
        ex_privs_view_definer(ctx, ch->definer->user, ch->definer->host);
        snprintf(u, sizeof u, "%s", ch->definer->user);
        snprintf(h, sizeof h, "%s", ch->definer->host ? ch->definer->host : "%");
    } else if (!ctx->s->no_account && ctx->s->user[0]) {   /* (MariaDB: who alters it becomes its
                                                            definer; the scheduler's own ALTER keeps it) */
        snprintf(u, sizeof u, "%s", ctx->s->user);
        snprintf(h, sizeof h, "%s", ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host);
    }
    evt_sched sc;
    kept_schedule(ctx, o, &sc);   /* (its texts as they are: times of the event's zone) */
    if (ch->has_schedule) {   /* (a new one: of the session's) */
        resolve_schedule(ctx, ch, &sc);
        snprintf(in.tz, sizeof in.tz, "%s", ctx->s->time_zone[0] ? ctx->s->time_zone : "SYSTEM");
    }
    if (ch->preserve >= 0) sc.preserve = ch->preserve;
    if (ch->status >= 0) sc.status = ch->status;
    if (ch->has_comment) sc.comment = ch->comment;
    const char *body = ch->body ? ch->body : o->body;
    size_t body_len = ch->body ? ch->body_len : o->body_len;
    const char *ndb = db, *name = ev->name;
    if (ch->rename_name) {
        ndb = ex_cur_db(ctx, ch->rename_db);   /* (unqualified: the current database, as MariaDB) */
        if (!stor_db_find(ndb)) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", ndb);
        if (!strcmp(ndb, db) && !strcasecmp(ch->rename_name, ev->name))
            ex_raise(ctx, 1537, "HY000", "Event '%s' already exists", ch->rename_name);
        if (stor_event_find(ndb, ch->rename_name)) ex_raise(ctx, 1537, "HY000", "Event '%s' already exists", ch->rename_name);
        name = ch->rename_name;
    }
    if (ch->has_schedule) {
        char now[24];
        now_text(ctx, now, sizeof now);
        const char *last = sched_end(&sc);
        if (last[0] && strcmp(last, now) < 0) {
            if (!sc.preserve)   /* (the event stays as it was) */
                ex_raise(ctx, 1589, "HY000", "Event execution time is in the past and ON COMPLETION NOT PRESERVE is set. The event was not changed. Specify a time in the future");
            sc.status = 1;
            ex_warn(ctx, "Note", 1544, "Event execution time is in the past. Event has been disabled");
        }
    }
    in.modified_cs = (uint64_t)(ctx->now_us / 10000);
    size_t len;
    char *text = evt_write(&in, u, h, name, &sc, body, body_len, ctx->a, &len);
    char *oldname = stor_arena_strndup(ctx->a, ev->name, strlen(ev->name));
    if (ch->rename_name) log_drop(ctx, db, oldname);
    log_text(ctx, ndb, text, len);
    if (ch->rename_name) stor_event_drop(stor_db_find(db), oldname);
    stor_event_put(stor_db_find(ndb), name, text, len);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

void ex_evt_ddl(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    if (st->kind == S_DROP_EVENT) drop_event(ctx, st, r);
    else if (st->kind == S_ALTER_EVENT) alter_event(ctx, st, r);
    else if (ctx->s->event_run) run_body(ctx, st, r);
    else create_event(ctx, st, r);
}

/* ---------------------------------------------------------------- mysql.event */

/* A mysql.event time (UTC) as a text of zone tz's */
static bool utc_local(const char *utc, const char *tz, char *out, size_t cap)
{
    struct tm tm;
    if (!utc || !text_tm(utc, &tm)) return false;
    time_t t = timegm(&tm);
    pdb_session zs;
    pdb_session_init(&zs, 0);
    snprintf(zs.time_zone, sizeof zs.time_zone, "%s", tz);
    struct tm lt;
    ex_tz_local(&zs, t, &lt);
    ex_tz_free(&zs);
    pdb_session_free(&zs);
    tm_text(&lt, out, cap);
    return true;
}

const char *ex_evt_import_one(ex_ctx *ctx, const ex_evt_import *im)
{
    stor_db *d = stor_db_find(im->db);
    if (!d) return "its database does not exist";
    if (ex_name_too_long(im->name)) return "its name is too long";
    const char *at = strrchr(im->definer, '@');
    if (!at) return "its definer is not user@host";
    const char *tz = im->tz && im->tz[0] ? im->tz : "SYSTEM";
    evt_sched sc = { 0 };
    sc.every = im->interval_field != NULL;
    if (sc.every) {
        const evt_unit *u = unit_of(im->interval_field);
        int64_t v = im->interval_value ? strtoll(im->interval_value, NULL, 10) : 0;
        if (!u || v <= 0) return "its interval is not one pressdb knows";
        sc.unit = u->name;
        if (u->nf > 1) amount_text(u, v * u->f[u->nf - 1], sc.amount, sizeof sc.amount);
        else snprintf(sc.amount, sizeof sc.amount, "%lld",   /* (kept in days / months) */
                      (long long)(!strcmp(u->name, "WEEK") ? v / 7 : !strcmp(u->name, "QUARTER") ? v / 3 : v));
        if (!utc_local(im->starts, tz, sc.starts, sizeof sc.starts)) return "it has no STARTS";
        if (im->ends) utc_local(im->ends, tz, sc.ends, sizeof sc.ends);
    } else if (!utc_local(im->execute_at, tz, sc.at, sizeof sc.at)) return "it has no time to run at";
    sc.preserve = im->on_completion && !strcasecmp(im->on_completion, "PRESERVE");
    sc.status = !im->status || !strcasecmp(im->status, "ENABLED") ? 0 : !strcasecmp(im->status, "DISABLED") ? 1 : 2;
    sc.comment = im->comment && im->comment[0] ? im->comment : NULL;
    evt_info in = { im->sql_mode, im->client, im->connection, im->dbcoll, im->created_cs, im->modified_cs, "", NULL };
    snprintf(in.tz, sizeof in.tz, "%s", tz);
    size_t n;
    char *user = stor_arena_strndup(ctx->a, im->definer, (size_t)(at - im->definer));
    char *text = evt_write(&in, user, at + 1, im->name, &sc, im->body, strlen(im->body), ctx->a, &n);
    pl_stmt *st = ex_sp_parse_kept(ctx, text, im->sql_mode, S_CREATE_EVENT);
    if (!st || !st->event) return "pressdb cannot parse it";
    log_text(ctx, im->db, text, n);
    stor_event_put(d, im->name, text, n);
    return NULL;
}

/* ---------------------------------------------------------------- introspection */


static int row_cmp(const void *a, const void *b)
{
    const ex_evt_row *x = a, *y = b;
    int c = strcmp(x->db, y->db);
    return c ? c : strcasecmp(x->name, y->name);
}

/* The last run of each event since the server started (db, name, its time) */
typedef struct evt_last { char *db, *name; uint64_t cs; struct evt_last *next; } evt_last;
static evt_last *last_runs;
static pthread_mutex_t last_mu = PTHREAD_MUTEX_INITIALIZER;

static uint64_t last_run(const char *db, const char *name)
{
    uint64_t cs = 0;
    pthread_mutex_lock(&last_mu);
    for (evt_last *l = last_runs; l && !cs; l = l->next)
        if (!strcmp(l->db, db) && !strcasecmp(l->name, name)) cs = l->cs;
    pthread_mutex_unlock(&last_mu);
    return cs;
}

static void set_last_run(const char *db, const char *name, uint64_t cs)
{
    pthread_mutex_lock(&last_mu);
    evt_last *l = last_runs;
    while (l && (strcmp(l->db, db) || strcasecmp(l->name, name))) l = l->next;
    if (!l && (l = calloc(1, sizeof *l)) != NULL) {
        l->db = strdup(db);
        l->name = strdup(name);
        if (!l->db || !l->name) { free(l->db); free(l->name); free(l); l = NULL; }
        else { l->next = last_runs; last_runs = l; }
    }
    if (l) l->cs = cs;
    pthread_mutex_unlock(&last_mu);
}

static char *dup_text(ex_ctx *ctx, const char *s) { return stor_arena_strndup(ctx->a, s, strlen(s)); }

int ex_evt_list(ex_ctx *ctx, const char *db, ex_evt_row **out)
{
    uint32_t ndb;
    stor_db **dbs = stor_db_list(&ndb);
    int n = 0, cap = 0;
    ex_evt_row *rows = NULL;
    for (uint32_t i = 0; i < ndb; i++) {
        stor_db *d = dbs[i];
        if (db && strcmp(d->name, db)) continue;
        if (ctx->s->enforce_privs && !(ex_privs_db(ctx->s, d->name) & STOR_PRIV_EVENT)) continue;   /* (MariaDB's rule) */
        for (uint32_t j = 0; j < d->nevents; j++) {
            const stor_routine *ev = d->events[j];
            evt_info in;
            pl_stmt *st = evt_parse(ctx, ev, &in);
            if (!st) continue;
            rows = ex_sp_grow(ctx->a, rows, n, &cap, sizeof *rows);
            ex_evt_row *o = &rows[n++];
            memset(o, 0, sizeof *o);
            pl_event *e = st->event;
            evt_sched sc;
            kept_schedule(ctx, e, &sc);
            o->db = d->name;
            o->name = ev->name;
            o->create = in.create;
            o->sql_mode = ex_sql_mode_str(in.sql_mode, ctx->a);
            o->tz = dup_text(ctx, in.tz);
            ex_sp_meta m;
            ex_sp_show_meta(ctx, in.create, in.client, in.connection, in.dbcoll, &m);
            o->client = m.client; o->connection = m.connection; o->dbcoll = m.dbcoll; o->definer = m.definer;
            o->every = sc.every;
            o->execute_at = sc.every ? NULL : dup_text(ctx, sc.at);
            o->interval_value = sc.every ? dup_text(ctx, sc.amount) : NULL;
            o->interval_field = sc.every ? sc.unit : NULL;
            o->starts = sc.every ? dup_text(ctx, sc.starts) : NULL;
            o->ends = sc.every && sc.ends[0] ? dup_text(ctx, sc.ends) : NULL;
            o->status = sc.status == 0 ? "ENABLED" : sc.status == 1 ? "DISABLED" : "SLAVESIDE_DISABLED";
            o->preserve = sc.preserve;
            o->comment = sc.comment ? sc.comment : "";
            o->body = stor_arena_strndup(ctx->a, e->body, e->body_len);
            ex_sp_time_text(in.created_cs, o->created, sizeof o->created);
            ex_sp_time_text(in.modified_cs, o->modified, sizeof o->modified);
            uint64_t lr = last_run(d->name, ev->name);
            if (lr) ex_sp_time_text(lr, o->last_executed, sizeof o->last_executed);
        }
    }
    if (n > 1) qsort(rows, (size_t)n, sizeof *rows, row_cmp);
    *out = rows;
    return n;
}

/* ---------------------------------------------------------------- the scheduler */

/* When each event next runs (from the first look at it since the server started; a
 * changed text starts again) */
typedef struct evt_due {
    char *db, *name, *sql;
    time_t next;
    int8_t enabled;          /* ENABLE (1), else 0; -1 not read yet */
    bool seen;
    struct evt_due *next_due;
} evt_due;
static evt_due *dues;   /* (the scheduler thread's alone) */

/* The first run of STARTS + k * interval that is at or after now */
static time_t every_next(const pdb_session *s, const evt_unit *u, int64_t size, const char *starts, time_t now)
{
    struct tm tm;
    if (!text_tm(starts, &tm)) return 0;
    time_t t = ex_tz_mktime(s, &tm);
    if (t >= now) return t;
    if (!u->months) return t + (time_t)(((now - t) + size - 1) / size) * size;
    for (int64_t k = 1; k < 100000; k++) {   /* (months: by the calendar) */
        struct tm m = tm;
        m.tm_mon += (int)(k * size);
        m.tm_isdst = -1;
        time_t x = ex_tz_mktime(s, &m);
        if (x >= now) return x;
    }
    return 0;
}

static evt_due *due_of(const char *db, const stor_routine *ev)
{
    evt_due *e = dues;
    while (e && (strcmp(e->db, db) || strcmp(e->name, ev->name))) e = e->next_due;
    if (!e) {
        e = calloc(1, sizeof *e);
        if (!e) return NULL;
        e->db = strdup(db);
        e->name = strdup(ev->name);
        if (!e->db || !e->name) { free(e->db); free(e->name); free(e); return NULL; }
        e->next_due = dues;
        dues = e;
    }
    if (!e->sql || strcmp(e->sql, ev->sql)) {   /* (new or changed: its schedule again) */
        free(e->sql);
        e->sql = strdup(ev->sql);
        e->next = 0;
        e->enabled = -1;
    }
    e->seen = true;
    return e;
}

/* One event as its definer: the kept text run in a session of its own (event_run) */
typedef struct evt_sink { uint16_t code; char msg[640]; } evt_sink;
static int es_cols(void *c, const pdb_colmeta *m, size_t n) { (void)c; (void)m; (void)n; return 0; }
static int es_row(void *c, const pdb_value *v, size_t n) { (void)c; (void)v; (void)n; return 0; }
static int es_end(void *c, uint16_t w, uint16_t st) { (void)c; (void)w; (void)st; return 0; }
static int es_ok(void *c, uint64_t a, uint64_t id, uint16_t w, uint16_t st, const char *info)
{
    (void)c; (void)a; (void)id; (void)w; (void)st; (void)info;
    return 0;
}
static int es_err(void *c, uint16_t code, const char *state, const char *msg)
{
    evt_sink *k = c;
    (void)state;
    if (!k->code) { k->code = code; snprintf(k->msg, sizeof k->msg, "%s", msg); }
    return 0;
}

static void run_sql(pdb_session *s, evt_sink *k, const pdb_sink *sink, const char *sql)
{
    k->code = 0;
    int rc = pdb_exec_query(s, sql, strlen(sql), false, sink);
    for (uint32_t ms = 0; rc == PDB_EXEC_WAIT; ms++) {   /* (a row lock: wait as a client would) */
        if (s->kill && atomic_load(s->kill)) { pdb_exec_wait_killed(s, sink); break; }   /* (KILL, shutdown) */
        if (ms >= pdb_wait_ms(s)) { pdb_exec_wait_timeout(s, sink); break; }
        usleep(1000);
        if (s->wait_blocker && stor_txn_running(s->wait_blocker)) continue;
        rc = pdb_exec_resume(s, sink);
        ms = 0;
    }
}

static void run_event(const char *db, const char *name, const char *sql, const pdb_event_hooks *hk)
{
    evt_info in;
    if (!evt_meta(sql, &in)) return;
    char u[81], h[256];
    ex_sp_definer(in.create, u, sizeof u, h, sizeof h);
    _Atomic uint8_t kill = 0;   /* (KILL, or the shutdown, through the server's registry) */
    const char *body = strstr(in.create, " ON COMPLETION ");
    body = body ? strstr(body, " DO ") : NULL;
    uint32_t id = hk && hk->begin ? hk->begin(u, db, body ? body + 4 : "", &kill) : 0;
    pdb_session s;
    pdb_session_init(&s, id);
    memcpy(s.user, u, sizeof u);
    memcpy(s.priv_host, h, sizeof h);
    snprintf(s.host, sizeof s.host, "localhost");
    stor_account acc;
    snprintf(s.db, sizeof s.db, "%s", db);
    snprintf(s.time_zone, sizeof s.time_zone, "%s", in.tz);
    s.sql_mode = in.sql_mode;
    s.enforce_privs = true;
    s.kill = &kill;
    evt_sink k = { 0 };
    pdb_sink sink = { &k, es_cols, es_row, es_end, es_ok, es_err };
    s.event_run = true;
    if (stor_account_get(u, h, &acc) != 0) {
        k.code = 1449;
        snprintf(k.msg, sizeof k.msg, "The user specified as a definer ('%s'@'%s') does not exist", u, h);
    } else if (!(ex_privs_db(&s, db) & STOR_PRIV_EVENT)) {   /* (its definer must still have EVENT) */
        k.code = 1044;
        snprintf(k.msg, sizeof k.msg, "Access denied for user '%s'@'%s' to database '%s'", u, h, db);
    } else run_sql(&s, &k, &sink, sql);
    s.event_run = false;
    if (k.code && hk && hk->log) hk->log(db, name, u, h, k.code, k.msg);
    pdb_session_free(&s);
    if (id && hk->end) hk->end(id);
}

/* After its run: a one-time event, or one past its ENDS, dropped or disabled */
static void finish_event(const char *db, const char *name, bool preserve)
{
    char q[2 * PDB_NAME_LEN + 1], sql[sizeof q + 40];
    ex_quote_ident(q, sizeof q, name);
    pdb_session s;
    pdb_session_init(&s, 0);
    snprintf(s.user, sizeof s.user, "event_scheduler");
    s.no_account = true;
    snprintf(s.db, sizeof s.db, "%s", db);
    evt_sink k = { 0 };
    pdb_sink sink = { &k, es_cols, es_row, es_end, es_ok, es_err };
    snprintf(sql, sizeof sql, preserve ? "ALTER EVENT `%s` DISABLE" : "DROP EVENT IF EXISTS `%s`", q);
    run_sql(&s, &k, &sink, sql);
    pdb_session_free(&s);
}

typedef struct evt_job { char *db, *name, *sql; struct evt_job *next; } evt_job;

/* The events (copies, taken under the shared store lock) */
static evt_job *enabled_events(void)
{
    evt_job *jobs = NULL;
    stor_lock_shared();
    uint32_t ndb;
    stor_db **dbs = stor_db_list(&ndb);
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->nevents; j++) {
            const char *sql = dbs[i]->events[j]->sql;
            evt_job *jb = calloc(1, sizeof *jb);
            if (!jb) continue;
            jb->db = strdup(dbs[i]->name);
            jb->name = strdup(dbs[i]->events[j]->name);
            jb->sql = strdup(sql);
            if (!jb->db || !jb->name || !jb->sql) { free(jb->db); free(jb->name); free(jb->sql); free(jb); continue; }
            jb->next = jobs;
            jobs = jb;
        }
    stor_unlock();
    return jobs;
}

/* The next run at or after `from` of a kept event (0: none left: past its ENDS), its
 * times read in its zone (session s, whose zone is set here); *once: a one-time event;
 * *preserve: ON COMPLETION PRESERVE; *enabled (when asked): its status is ENABLE */
static time_t next_run(pdb_session *s, const char *sql, time_t from, bool *once, bool *preserve, bool *enabled)
{
    stor_arena a;
    stor_arena_init(&a);
    ex_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.a = &a;
    ctx.s = s;
    time_t t = 0;
    evt_info in;
    pl_stmt *st = evt_meta(sql, &in) ? ex_sp_parse_kept(&ctx, sql, in.sql_mode, S_CREATE_EVENT) : NULL;
    *once = st && !st->event->every;
    *preserve = st && st->event->preserve == 1;
    if (enabled) *enabled = st && st->event->status == 0;
    if (st) {
        pl_event *e = st->event;
        snprintf(s->time_zone, sizeof s->time_zone, "%s", in.tz);
        if (!e->every) t = text_epoch(s, e->at->s);   /* (passed while the scheduler was off: now) */
        else {
            const evt_unit *u = unit_of(e->unit);
            char q[80];
            snprintf(q, sizeof q, "'%s'", e->amount->s ? e->amount->s : "");
            int64_t size = u ? interval_size(u, q) : 0;
            if (u && size > 0) t = every_next(s, u, size, e->starts->s, from);
            if (t && e->ends && t > text_epoch(s, e->ends->s)) t = 0;
        }
    }
    stor_arena_free(&a);
    return t;
}

int pdb_event_tick(time_t now, const pdb_event_hooks *hk)
{
    evt_job *jobs = enabled_events();
    for (evt_due *d = dues; d; d = d->next_due) d->seen = false;
    pdb_session zs;   /* (reads each event's times in its zone) */
    pdb_session_init(&zs, 0);
    int ran = 0;
    while (jobs) {
        evt_job *jb = jobs;
        jobs = jb->next;
        stor_routine ev = { jb->name, false, jb->sql };
        evt_due *d = due_of(jb->db, &ev);
        bool once = false, preserve = false, enabled = false;
        if (d && d->enabled < 0) {   /* (read once per text: DISABLE'd ones are passed over) */
            d->next = next_run(&zs, jb->sql, now, &once, &preserve, &enabled);
            d->enabled = enabled;
            if (enabled && !d->next) finish_event(jb->db, jb->name, preserve);   /* (its ENDS passed) */
        }
        if (d && d->enabled == 1 && !d->next) d->next = next_run(&zs, jb->sql, now, &once, &preserve, NULL);
        if (d && d->enabled == 1 && d->next && d->next <= now) {
            run_event(jb->db, jb->name, jb->sql, hk);
            set_last_run(jb->db, jb->name, (uint64_t)now * 100);
            ran++;
            time_t nx = next_run(&zs, jb->sql, now + 1, &once, &preserve, NULL);
            if (once || !nx) finish_event(jb->db, jb->name, preserve);
            d->next = once ? 0 : nx;
            if (once || !nx) d->enabled = 0;   /* (done, even if the DROP / DISABLE failed: not again) */
        }
        free(jb->db); free(jb->name); free(jb->sql); free(jb);
    }
    ex_tz_free(&zs);
    pdb_session_free(&zs);
    for (evt_due **pp = &dues; *pp;) {   /* (dropped events: forgotten) */
        evt_due *d = *pp;
        if (d->seen) { pp = &d->next_due; continue; }
        *pp = d->next_due;
        free(d->db); free(d->name); free(d->sql); free(d);
    }
    return ran;
}

bool pdb_event_scheduler_on(void)
{
    static pdb_session none;   /* (a global's value reads no session; making and ending one
                                  each second would wake every parked statement) */
    stor_arena a;
    stor_arena_init(&a);
    pdb_value v;
    ex_type t;
    bool on = ex_sysvar_get(&none, "event_scheduler", true, &v, &a, &t) == 0 && v.t == VT_STRING && v.len == 2 &&
              !strncasecmp(v.p, "ON", 2);
    stor_arena_free(&a);
    return on;
}
