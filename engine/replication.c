/* replication.c - the statements that control pressdb as a replica (CHANGE MASTER TO,
 * START / STOP / RESET SLAVE), SHOW SLAVE STATUS's row and @@gtid_slave_pos. The
 * replica itself (its connection to the primary, its threads) is the server's
 * (server/replica.c), reached through the hooks it registers; apply.c applies what it
 * reads. */
#include "engine/eng.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int (*ctl_fn)(int op, const char *conn, const pdb_repl_opt *opts, int nopts, char *msg, size_t cap);
static bool (*status_fn)(char *buf, size_t cap, const char **cells);

void pdb_set_replica_ctl(int (*fn)(int, const char *, const pdb_repl_opt *, int, char *, size_t)) { ctl_fn = fn; }
void pdb_set_replica_status(bool (*fn)(char *, size_t, const char **)) { status_fn = fn; }

void ex_replica_stmt(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    if (st->name && st->name[0])
        ex_raise(ctx, 1617, "HY000", "There is no master connection '%s'", st->name);
    if (!ctl_fn) ex_raise(ctx, 1200, "HY000", "The server is not configured as slave; fix in config file or with CHANGE MASTER TO");
    pdb_repl_opt *opts = stor_arena_alloc(ctx->a, (size_t)(st->nsets + 1) * sizeof *opts);
    ex_scope sc = { 0 };
    sc.ctx = ctx; sc.item_base = -1; sc.clause = "field list";
    for (int i = 0; i < st->nsets; i++) {
        ex_type t;
        pdb_value v = ex_null();
        ex_eval(ctx, ex_compile(&sc, st->sets[i].value, &t), &v);
        opts[i].name = st->sets[i].name;
        if (v.t == VT_NULL) { opts[i].text = NULL; continue; }
        size_t n;
        const char *s = ex_to_str(ctx->a, &v, &n);
        char *c = stor_arena_alloc(ctx->a, n + 1);
        memcpy(c, s, n);
        c[n] = 0;
        opts[i].text = c;
    }
    char msg[PDB_MSG_LEN];
    msg[0] = 0;
    int code = ctl_fn(st->num, "", opts, st->nsets, msg, sizeof msg);
    if (code == 1254 || code == 1255) ex_warn(ctx, "Note", (uint16_t)code, "%s", msg);   /* already so */
    else if (code) ex_raise(ctx, (uint16_t)code, code == 1064 ? "42000" : "HY000", "%s", msg);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

/* SHOW [ALL] SLAVE[S] STATUS: the row, when a primary is configured. full: ALL SLAVES'
 * layout (the connection's name and SQL state first, six more at the end). */
void ex_slave_status_rows(ex_ctx *ctx, ex_textset *ts, bool full)
{
    if (!status_fn) return;
    char *buf = stor_arena_alloc(ctx->a, 16384);
    const char *cells[PDB_SLAVE_CELLS];
    memset(cells, 0, sizeof cells);
    if (!status_fn(buf, 16384, cells)) return;
    /* Parallel_Mode: @@slave_parallel_mode, as MariaDB shows it whatever its threads */
    pdb_value v;
    ex_type t;
    if (ex_sysvar_get(ctx->s, "slave_parallel_mode", true, &v, ctx->a, &t) == 0 && v.t == VT_STRING)
        cells[2 + 46] = stor_arena_strndup(ctx->a, v.p, v.len);
    ex_textset_add(ctx, ts, full ? cells : cells + 2);
}

bool ex_replica_running(void)
{
    return ctl_fn && ctl_fn(6, "", NULL, 0, NULL, 0) == 1;
}

/* SET [GLOBAL] sql_slave_skip_counter = n: the replica passes over the next n event
 * groups when it starts; refused while it runs (1198), as MariaDB. */
int ex_replica_skip_set(const char *text, ex_err *err)
{
    if (ex_replica_running()) {
        err->code = 1198; strcpy(err->state, "HY000");
        snprintf(err->msg, sizeof err->msg, "This operation cannot be performed as you have a running slave ''; run STOP SLAVE '' first");
        return -1;
    }
    pdb_repl_opt o = { "sql_slave_skip_counter", text ? text : "0" };
    if (ctl_fn) ctl_fn(7, "", &o, 1, NULL, 0);
    return 0;
}

uint64_t ex_replica_skip_left(void)
{
    return ctl_fn ? (uint64_t)ctl_fn(8, "", NULL, 0, NULL, 0) : 0;
}

/* SET GLOBAL gtid_slave_pos = 'd-s-n,...': refused while a replica runs (1198), as
 * MariaDB; the new state is written to the log before it is used. 0 or an error. */
int ex_gtid_slave_pos_set(const char *text, ex_err *err)
{
    if (ex_replica_running()) {
        err->code = 1198; strcpy(err->state, "HY000");
        snprintf(err->msg, sizeof err->msg, "This operation cannot be performed as you have a running slave ''; run STOP SLAVE '' first");
        return -1;
    }
    stor_gtid g[64];
    int n = 0;
    const char *p = text ? text : "";
    while (*p) {
        while (*p == ' ' || *p == ',') p++;
        if (!*p) break;
        char *e;
        unsigned long long d = strtoull(p, &e, 10);
        unsigned long long sv = 0, sq = 0;
        bool ok = e != p && *e == '-';
        if (ok) { p = e + 1; sv = strtoull(p, &e, 10); ok = e != p && *e == '-'; }
        if (ok) { p = e + 1; sq = strtoull(p, &e, 10); ok = e != p && (*e == 0 || *e == ',' || *e == ' '); }
        if (ok) for (int i = 0; i < n; i++) if (g[i].domain == d) ok = false;   /* one per domain */
        if (!ok || n == 64 || d > UINT32_MAX || sv > UINT32_MAX) {
            err->code = 1941; strcpy(err->state, "HY000");
            snprintf(err->msg, sizeof err->msg, "Could not parse GTID list");
            return -1;
        }
        g[n++] = (stor_gtid){ (uint32_t)d, (uint32_t)sv, sq };
        p = e;
    }
    if (stor_slave_pos_set(g, n) != 0) {
        err->code = 1026; strcpy(err->state, "HY000");
        snprintf(err->msg, sizeof err->msg, "Error writing file 'pressdb.wal'");
        return -1;
    }
    return 0;
}
