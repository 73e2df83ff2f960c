/* status.c - SHOW [GLOBAL | SESSION] STATUS: the counters of engine/status_list.h, kept per
 * session and for the whole server (each event adds to both: the global sum is then
 * exact without visiting sessions), the statement kinds mapped to MariaDB's Com_* names,
 * and what the server reports of its connections (pdb_set_server_status). */
#include "engine/eng.h"
#include <stdio.h>
#include <string.h>

static _Atomic uint64_t g_stat[PDB_NSTAT];
static _Atomic int g_running;                 /* statements in progress (Threads_running) */
static _Atomic uint64_t g_flushed_s;          /* ex_mono_s() of the last FLUSH STATUS (0: none) */
static void (*server_fn)(pdb_server_status *);

static const char *const stat_names[PDB_NSTAT] = {
#define PDB_STAT_NAME(id, name) name,
    PDB_STATUS_LIST(PDB_STAT_NAME)
#undef PDB_STAT_NAME
};

void pdb_set_server_status(void (*fn)(pdb_server_status *)) { server_fn = fn; }

static void (*slow_fn)(const pdb_slow_entry *);
void pdb_set_slow_log(void (*fn)(const pdb_slow_entry *)) { slow_fn = fn; }

/* Longer than long_query_time: Slow_queries (whether or not the log is on, as MariaDB),
 * and an entry in the slow query log when slow_query_log is ON. */
void ex_status_slow(pdb_session *s, uint64_t t0_ns, const char *sql, size_t len, uint64_t rows_sent)
{
    uint64_t took = ex_now_ns() - t0_ns;
    if (took <= ex_sysvar_long_query_ns(s)) return;
    pdb_status_add(s, PDB_STAT_SLOW_QUERIES, 1);
    if (!slow_fn || !ex_sysvar_slow_log_on()) return;
    char file[4096];
    ex_sysvar_slow_log_file(file, sizeof file);
    pdb_slow_entry e = { s, sql, len, took / 1000, rows_sent, s->row_count > 0 ? (uint64_t)s->row_count : 0, file };
    slow_fn(&e);
}

void pdb_status_add(pdb_session *s, pdb_stat which, int64_t n)
{
    if (s) s->stat[which] += (uint64_t)n;
    atomic_fetch_add_explicit(&g_stat[which], (uint64_t)n, memory_order_relaxed);
}

uint64_t pdb_status_global(pdb_stat which) { return atomic_load_explicit(&g_stat[which], memory_order_relaxed); }

void ex_status_running(int delta) { atomic_fetch_add_explicit(&g_running, delta, memory_order_relaxed); }

/* FLUSH STATUS: the session's counters and the server's back to 0 (gauges stay) */
void ex_status_flush(pdb_session *s)
{
    memset(s->stat, 0, sizeof s->stat);
    for (int i = 0; i < PDB_NSTAT; i++) atomic_store_explicit(&g_stat[i], 0, memory_order_relaxed);
    atomic_store(&g_flushed_s, ex_mono_s());
}

static pdb_stat show_com(int show, bool fn)
{
    switch (show) {
    case SH_VARIABLES: return PDB_STAT_COM_SHOW_VARIABLES;
    case SH_STATUS: return PDB_STAT_COM_SHOW_STATUS;
    case SH_DATABASES: return PDB_STAT_COM_SHOW_DATABASES;
    case SH_TABLES: return PDB_STAT_COM_SHOW_TABLES;
    case SH_COLUMNS: return PDB_STAT_COM_SHOW_FIELDS;
    case SH_INDEX: return PDB_STAT_COM_SHOW_KEYS;
    case SH_CREATE_TABLE: case SH_CREATE_VIEW: return PDB_STAT_COM_SHOW_CREATE_TABLE;
    case SH_CREATE_TRIGGER: return PDB_STAT_COM_SHOW_CREATE_TRIGGER;
    case SH_CREATE_DATABASE: return PDB_STAT_COM_SHOW_CREATE_DB;
    case SH_TABLE_STATUS: return PDB_STAT_COM_SHOW_TABLE_STATUS;
    case SH_ENGINES: return PDB_STAT_COM_SHOW_STORAGE_ENGINES;
    case SH_CHARSET: return PDB_STAT_COM_SHOW_CHARSETS;
    case SH_COLLATION: return PDB_STAT_COM_SHOW_COLLATIONS;
    case SH_WARNINGS: case SH_COUNT_WARNINGS: return PDB_STAT_COM_SHOW_WARNINGS;
    case SH_ERRORS: case SH_COUNT_ERRORS: return PDB_STAT_COM_SHOW_ERRORS;
    case SH_PROCESSLIST: return PDB_STAT_COM_SHOW_PROCESSLIST;
    case SH_GRANTS: return PDB_STAT_COM_SHOW_GRANTS;
    case SH_PLUGINS: return PDB_STAT_COM_SHOW_PLUGINS;
    case SH_MASTER_STATUS: return PDB_STAT_COM_SHOW_BINLOG_STATUS;
    case SH_SLAVE_STATUS: return PDB_STAT_COM_SHOW_SLAVE_STATUS;
    case SH_TRIGGERS: return PDB_STAT_COM_SHOW_TRIGGERS;
    case SH_CREATE_ROUTINE: return fn ? PDB_STAT_COM_SHOW_CREATE_FUNC : PDB_STAT_COM_SHOW_CREATE_PROC;
    case SH_EVENTS: return PDB_STAT_COM_SHOW_EVENTS;
    case SH_PROC_STATUS: return PDB_STAT_COM_SHOW_PROCEDURE_STATUS;
    case SH_FUNC_STATUS: return PDB_STAT_COM_SHOW_FUNCTION_STATUS;
    case SH_OPEN_TABLES: return PDB_STAT_COM_SHOW_OPEN_TABLES;
    case SH_CREATE_USER: return PDB_STAT_COM_SHOW_CREATE_USER;
    case SH_PRIVILEGES: return PDB_STAT_COM_SHOW_PRIVILEGES;
    case SH_BINLOG_EVENTS: return PDB_STAT_COM_SHOW_BINLOG_EVENTS;
    case SH_RELAYLOG_EVENTS: return PDB_STAT_COM_SHOW_RELAYLOG_EVENTS;
    case SH_PROFILES: return PDB_STAT_COM_SHOW_PROFILES;
    default: return PDB_NSTAT;
    }
}

/* The Com_* counter of a statement (PDB_NSTAT: none), as MariaDB's sql_command: EXPLAIN
 * counts as the statement it explains, a multi-table UPDATE or DELETE and INSERT ...
 * SELECT have their own. */
static pdb_stat stmt_com(const pl_stmt *st, int kind)
{
    switch (kind) {
    case S_SELECT: return PDB_STAT_COM_SELECT;
    case S_INSERT: return st->sel ? PDB_STAT_COM_INSERT_SELECT : PDB_STAT_COM_INSERT;
    case S_REPLACE: return st->sel ? PDB_STAT_COM_REPLACE_SELECT : PDB_STAT_COM_REPLACE;
    case S_UPDATE: return st->ntrefs != 1 ? PDB_STAT_COM_UPDATE_MULTI : PDB_STAT_COM_UPDATE;
    case S_DELETE: return st->ntrefs > 1 || st->ndel_targets ? PDB_STAT_COM_DELETE_MULTI : PDB_STAT_COM_DELETE;
    case S_SET: case S_SET_NAMES: case S_SET_PASSWORD: return PDB_STAT_COM_SET_OPTION;
    case S_USE: return PDB_STAT_COM_CHANGE_DB;
    case S_CREATE_DB: return PDB_STAT_COM_CREATE_DB;
    case S_DROP_DB: return PDB_STAT_COM_DROP_DB;
    case S_CREATE_TABLE: return st->temporary ? PDB_STAT_COM_CREATE_TEMPORARY_TABLE : PDB_STAT_COM_CREATE_TABLE;
    case S_DROP_TABLE: return st->temporary ? PDB_STAT_COM_DROP_TEMPORARY_TABLE : PDB_STAT_COM_DROP_TABLE;
    case S_ALTER_TABLE: return PDB_STAT_COM_ALTER_TABLE;
    case S_TRUNCATE: return PDB_STAT_COM_TRUNCATE;
    case S_RENAME_TABLE: return PDB_STAT_COM_RENAME_TABLE;
    case S_CREATE_INDEX: return PDB_STAT_COM_CREATE_INDEX;
    case S_DROP_INDEX: return PDB_STAT_COM_DROP_INDEX;
    case S_CREATE_VIEW: return PDB_STAT_COM_CREATE_VIEW;
    case S_DROP_VIEW: return PDB_STAT_COM_DROP_VIEW;
    case S_CREATE_ROUTINE: return st->routine && st->routine->function ? PDB_STAT_COM_CREATE_FUNCTION : PDB_STAT_COM_CREATE_PROCEDURE;
    case S_DROP_ROUTINE: return st->num ? PDB_STAT_COM_DROP_FUNCTION : PDB_STAT_COM_DROP_PROCEDURE;
    case S_CALL: return PDB_STAT_COM_CALL_PROCEDURE;
    case S_ALTER_ROUTINE: return st->num ? PDB_STAT_COM_ALTER_FUNCTION : PDB_STAT_COM_ALTER_PROCEDURE;
    case S_CREATE_TRIGGER: return PDB_STAT_COM_CREATE_TRIGGER;
    case S_DROP_TRIGGER: return PDB_STAT_COM_DROP_TRIGGER;
    case S_SHOW: return show_com(st->show, st->num != 0);
    case S_DESCRIBE: return PDB_STAT_COM_SHOW_FIELDS;
    case S_BEGIN: return PDB_STAT_COM_BEGIN;
    case S_COMMIT: return PDB_STAT_COM_COMMIT;
    case S_ROLLBACK: return PDB_STAT_COM_ROLLBACK;
    case S_SAVEPOINT: return PDB_STAT_COM_SAVEPOINT;
    case S_RELEASE: return PDB_STAT_COM_RELEASE_SAVEPOINT;
    case S_ROLLBACK_TO: return PDB_STAT_COM_ROLLBACK_TO_SAVEPOINT;
    case S_LOCK_TABLES: return PDB_STAT_COM_LOCK_TABLES;
    case S_UNLOCK_TABLES: return PDB_STAT_COM_UNLOCK_TABLES;
    case S_FLUSH: return PDB_STAT_COM_FLUSH;
    case S_ANALYZE_TABLE: return PDB_STAT_COM_ANALYZE;
    case S_OPTIMIZE_TABLE: return PDB_STAT_COM_OPTIMIZE;
    case S_CHECK_TABLE: return PDB_STAT_COM_CHECK;
    case S_REPAIR_TABLE: return PDB_STAT_COM_REPAIR;
    case S_CHECKSUM_TABLE: return PDB_STAT_COM_CHECKSUM;
    case S_CACHE_INDEX: return PDB_STAT_COM_ASSIGN_TO_KEYCACHE;
    case S_LOAD_INDEX: return PDB_STAT_COM_PRELOAD_KEYS;
    case S_DO: return PDB_STAT_COM_DO;
    case S_KILL: return PDB_STAT_COM_KILL;
    case S_SHUTDOWN: return PDB_STAT_COM_SHUTDOWN;
    case S_CREATE_USER: return PDB_STAT_COM_CREATE_USER;
    case S_DROP_USER: return PDB_STAT_COM_DROP_USER;
    case S_ALTER_USER: return PDB_STAT_COM_ALTER_USER;
    case S_RENAME_USER: return PDB_STAT_COM_RENAME_USER;
    case S_GRANT: return PDB_STAT_COM_GRANT;
    case S_REVOKE: return st->revoke_all ? PDB_STAT_COM_REVOKE_ALL : PDB_STAT_COM_REVOKE;
    case S_PREPARE: return PDB_STAT_COM_PREPARE_SQL;
    case S_EXECUTE: return st->where ? PDB_STAT_COM_EXECUTE_IMMEDIATE : PDB_STAT_COM_EXECUTE_SQL;
    case S_DEALLOCATE: return PDB_STAT_COM_DEALLOC_SQL;
    default: return PDB_NSTAT;
    }
}

/* A statement about to run (delta 1), or one that will run again from the start
 * (PDB_EXEC_WAIT, PDB_EXEC_MOVE: delta -1, so it counts once). question: a client's
 * statement (not one a prepared statement runs). */
void ex_status_statement(pdb_session *s, const pl_stmt *st, bool question, int delta)
{
    if (question) {
        pdb_status_add(s, PDB_STAT_QUESTIONS, delta);
        pdb_status_add(s, PDB_STAT_QUERIES, delta);
    }
    if (!st) return;
    const pl_stmt *of = st->kind == S_EXPLAIN && st->inner ? st->inner : st;   /* (EXPLAIN: what it explains) */
    pdb_stat c = stmt_com(of, st->kind == S_EXPLAIN ? (int)st->num : st->kind);
    if (c != PDB_NSTAT) pdb_status_add(s, c, delta);
    /* PREPARE, EXECUTE and DEALLOCATE in SQL count as the commands they stand for too */
    bool immediate = st->kind == S_EXECUTE && st->where;   /* EXECUTE IMMEDIATE: all three */
    if (st->kind == S_PREPARE || immediate) pdb_status_add(s, PDB_STAT_COM_STMT_PREPARE, delta);
    if (st->kind == S_EXECUTE) pdb_status_add(s, PDB_STAT_COM_STMT_EXECUTE, delta);
    if (st->kind == S_DEALLOCATE || immediate) pdb_status_add(s, PDB_STAT_COM_STMT_CLOSE, delta);
}

/* SHOW STATUS's rows: the counters (the session's, or with global the server's), the
 * server's connection figures, and those other modules keep (extra, already sorted by
 * name), merged in name order as MariaDB lists them. */
void ex_status_list(ex_ctx *ctx, bool global, const char *const (*extra)[2], int nextra,
                    void (*cb)(void *, const char *, const char *), void *arg)
{
    pdb_session *s = ctx->s;
    pdb_server_status sv = { 0 };
    if (server_fn) server_fn(&sv);
    uint64_t now = ex_mono_s(), flushed = atomic_load(&g_flushed_s);
    int running = atomic_load(&g_running);
    char v[9][24];
    /* (each number into its own buffer first: the initializer's order of evaluation is open) */
    const unsigned long long nums[9] = { sv.aborted_clients, sv.aborted_connects, sv.connection_errors_max_connections,
                                         sv.connections, sv.max_used_connections, sv.threads_connected,
                                         (unsigned long long)(running > 0 ? running : 1), sv.uptime_s,
                                         flushed ? now - flushed : sv.uptime_s };
    for (int i = 0; i < 9; i++) snprintf(v[i], sizeof v[i], "%llu", nums[i]);
    const char *server[][2] = {
        { "Aborted_clients", v[0] }, { "Aborted_connects", v[1] },
        { "Connection_errors_max_connections", v[2] },
        { "Connections", v[3] }, { "Max_used_connections", v[4] },
        { "Threads_connected", v[5] }, { "Threads_running", v[6] },
        { "Uptime", v[7] },
        { "Uptime_since_flush_status", v[8] },
    };
    int nserver = (int)(sizeof server / sizeof server[0]);
    /* three sorted lists merged: counters, server figures, extra */
    int i = 0, j = 0, k = 0;
    char num[24];
    while (i < PDB_NSTAT || j < nserver || k < nextra) {
        const char *a = i < PDB_NSTAT ? stat_names[i] : NULL, *b = j < nserver ? server[j][0] : NULL,
                   *c = k < nextra ? extra[k][0] : NULL;
        const char *m = a;
        if (!m || (b && strcmp(b, m) < 0)) m = b;
        if (!m || (c && strcmp(c, m) < 0)) m = c;
        if (m == a) {
            snprintf(num, sizeof num, "%llu", (unsigned long long)(global ? pdb_status_global((pdb_stat)i) : s->stat[i]));
            cb(arg, a, num);
            i++;
        } else if (m == b) {
            cb(arg, b, server[j][1]);
            j++;
        } else {
            cb(arg, c, extra[k][1]);
            k++;
        }
    }
}
