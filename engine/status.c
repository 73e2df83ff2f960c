/* status.c - SHOW [GLOBAL | SESSION] STATUS: the counters of engine/status_list.h, kept per
 * session and for the whole server (each event adds to both: the global sum is then
 * exact without visiting sessions), the statement kinds mapped to MariaDB's Com_* names,
 * and what the server reports of its connections (pdb_set_server_status). */
#include "engine/eng.h"
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <dirent.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <pthread.h>

static _Atomic uint64_t g_stat[PDB_NSTAT];
static _Atomic int g_running;                 /* statements in progress (Threads_running) */
static _Atomic uint64_t g_flushed_s;          /* ex_mono_s() of the last FLUSH STATUS (0: none) */
static void (*server_fn)(pdb_server_status *);

static const char *const stat_names[PDB_NSTAT] = {
#define PDB_STAT_NAME(id, name, kind) name,
    PDB_STATUS_LIST(PDB_STAT_NAME)
#undef PDB_STAT_NAME
};
static const uint8_t stat_kind[PDB_NSTAT] = {
#define PDB_STAT_KIND(id, name, kind) kind,
    PDB_STATUS_LIST(PDB_STAT_KIND)
#undef PDB_STAT_KIND
};
static _Atomic int g_row_waiting;             /* sessions waiting for a row lock now */
static size_t mem_initial;                    /* Memory_used_initial: the store's at startup */
static time_t started_at;

void pdb_set_server_status(void (*fn)(pdb_server_status *))
{
    stor_updates_begin();
    server_fn = fn;
    mem_initial = stor_mem_used();   /* (the server registers once it has loaded the datadir) */
    started_at = time(NULL);
}

static void (*slow_fn)(const pdb_slow_entry *);
void pdb_set_slow_log(void (*fn)(const pdb_slow_entry *)) { slow_fn = fn; }

/* Longer than long_query_time: Slow_queries (whether or not the log is on, as MariaDB),
 * and an entry in the slow query log when slow_query_log is ON. */
void ex_status_slow(pdb_session *s, uint64_t t0_ns, const char *sql, size_t len, uint64_t rows_sent)
{
    uint64_t took = ex_now_ns() - t0_ns;
    pdb_status_add(s, PDB_STAT_QUERY_TIME, (int64_t)(took / 1000));   /* (µs; shown in seconds) */
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
    if (s && s->no_status) return;
    if (s && stat_kind[which] == PDB_SK_SESSION) s->stat[which] += (uint64_t)n;
    atomic_fetch_add_explicit(&g_stat[which], (uint64_t)n, memory_order_relaxed);
}

void ex_status_undo(pdb_session *s, const uint64_t *before)
{
    for (int i = 0; i < PDB_NSTAT; i++) {
        uint64_t d = s->stat[i] - before[i];
        if (!d) continue;
        s->stat[i] = before[i];
        atomic_fetch_sub_explicit(&g_stat[i], d, memory_order_relaxed);
    }
}

/* Counts added once per block or statement (sums kept in locals by the caller): the
 * nonzero ones only, so a statement that reads nothing costs nothing. */
void pdb_status_add_n(pdb_session *s, const pdb_stat *which, const uint64_t *n, int count)
{
    for (int i = 0; i < count; i++) if (n[i]) pdb_status_add(s, which[i], (int64_t)n[i]);
}

/* A row lock wait: Innodb_row_lock_waits when it begins (the statement parks; it may park
 * again when it runs anew, still the same wait), Innodb_row_lock_time and _time_max (ms)
 * when the statement no longer waits, Innodb_deadlocks for a wait refused as a cycle. */
void ex_status_row_wait(pdb_session *s, int what)
{
    uint64_t now = ex_now_ns();
    if (what == 1) {
        if (s->row_wait_ns) return;
        s->row_wait_ns = now ? now : 1;
        pdb_status_add(s, PDB_STAT_INNODB_ROW_LOCK_WAITS, 1);
        atomic_fetch_add_explicit(&g_row_waiting, 1, memory_order_relaxed);
        return;
    }
    if (what == 2) pdb_status_add(s, PDB_STAT_INNODB_DEADLOCKS, 1);
    if (!s->row_wait_ns) return;
    uint64_t ms = (now - s->row_wait_ns) / 1000000u;
    s->row_wait_ns = 0;
    atomic_fetch_sub_explicit(&g_row_waiting, 1, memory_order_relaxed);
    pdb_status_add(s, PDB_STAT_INNODB_ROW_LOCK_TIME, (int64_t)ms);
    uint64_t m = atomic_load_explicit(&g_stat[PDB_STAT_INNODB_ROW_LOCK_TIME_MAX], memory_order_relaxed);
    while (ms > m && !atomic_compare_exchange_weak(&g_stat[PDB_STAT_INNODB_ROW_LOCK_TIME_MAX], &m, ms)) {}
}

uint64_t pdb_status_global(pdb_stat which) { return atomic_load_explicit(&g_stat[which], memory_order_relaxed); }

void ex_status_running(int delta) { atomic_fetch_add_explicit(&g_running, delta, memory_order_relaxed); }

/* A statement that opened tables ends: Table_open_cache_hits (no table cache to miss),
 * and as InnoDB's statement transaction Handler_commit, or Handler_rollback when it
 * failed. */
void ex_status_stmt_end(pdb_session *s, const ex_stmt *st, bool failed)
{
    pdb_status_add(s, PDB_STAT_TABLE_OPEN_CACHE_HITS, st->tables_used);
    pdb_status_add(s, failed ? PDB_STAT_HANDLER_ROLLBACK : PDB_STAT_HANDLER_COMMIT, 1);
    if (s->in_trans) s->trx_tables = true;
}

/* COMMIT or ROLLBACK of a transaction that opened tables counts once more (MariaDB's
 * commit of the whole transaction); one that opened none counts nothing. */
void ex_status_txn_end(pdb_session *s, bool commit)
{
    if (s->trx_tables) pdb_status_add(s, commit ? PDB_STAT_HANDLER_COMMIT : PDB_STAT_HANDLER_ROLLBACK, 1);
    s->trx_tables = false;
}

/* SHOW STATUS's rows went through a temporary table in MariaDB, whose counts it keeps:
 * the server's Created_tmp_tables and Handler_tmp_write (the session's it restores), and
 * the session's Rows_tmp_read when they are sent. */
void ex_status_shown(pdb_session *s, uint32_t rows)
{
    pdb_status_add(NULL, PDB_STAT_CREATED_TMP_TABLES, 1);
    pdb_status_add(NULL, PDB_STAT_HANDLER_TMP_WRITE, rows);
    pdb_status_add(s, PDB_STAT_ROWS_TMP_READ, rows);
}

/* FLUSH STATUS, as MariaDB's: the session's counters back to 0 and the server-only ones
 * (PDB_SK_GLOBAL); the server's sums of session counters and InnoDB's figures stay. */
void ex_status_flush(pdb_session *s)
{
    memset(s->stat, 0, sizeof s->stat);
    for (int i = 0; i < PDB_NSTAT; i++)
        if (stat_kind[i] == PDB_SK_GLOBAL) atomic_store_explicit(&g_stat[i], 0, memory_order_relaxed);
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
    case SH_ENGINE_STATUS: return PDB_STAT_COM_SHOW_ENGINE_STATUS;
    case SH_ENGINE_MUTEX: return PDB_STAT_COM_SHOW_ENGINE_MUTEX;
    case SH_ENGINE_LOGS: return PDB_STAT_COM_SHOW_ENGINE_LOGS;
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
    case SH_CREATE_EVENT: return PDB_STAT_COM_SHOW_CREATE_EVENT;
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
    case S_LOAD_DATA: return PDB_STAT_COM_LOAD;
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
    case S_CREATE_EVENT: return PDB_STAT_COM_CREATE_EVENT;
    case S_ALTER_EVENT: return PDB_STAT_COM_ALTER_EVENT;
    case S_DROP_EVENT: return PDB_STAT_COM_DROP_EVENT;
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
    case S_CREATE_ROLE: return PDB_STAT_COM_CREATE_ROLE;
    case S_DROP_ROLE: return PDB_STAT_COM_DROP_ROLE;
    case S_GRANT_ROLE: return PDB_STAT_COM_GRANT_ROLE;
    case S_REVOKE_ROLE: return PDB_STAT_COM_REVOKE_ROLE;
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

/* The names MariaDB lists that are no counter here: constants (MariaDB's value on an idle
 * server without the feature: no Aria, binary log, query cache, replication, Galera,
 * performance schema, thread pool, userstat) and figures computed when asked (SC_*). */
enum { SC_CONST, SC_ACL_USERS, SC_ACL_DB, SC_ACL_TABLE, SC_BP_BYTES, SC_BP_DATA, SC_BP_FREE, SC_BP_TOTAL,
       SC_BP_READS, SC_BP_WRITES, SC_BP_LOAD, SC_CKPT_AGE, SC_WAL_SYNCS, SC_WAL_WRITES, SC_WAL_BYTES, SC_LSN,
       SC_LSN_FLUSHED, SC_LSN_CKPT, SC_TRX_ID, SC_OPEN_FILES, SC_ROW_WAITING, SC_ROW_AVG, SC_MAX_MEM,
       SC_MEM_INITIAL, SC_OPEN_TABLES, SC_THREADS_CREATED };
static const struct { const char *name, *val; int code; } fixed[] = {
    { "Acl_column_grants", "0", SC_CONST },
    { "Acl_database_grants", "0", SC_ACL_DB },
    { "Acl_function_grants", "0", SC_CONST },
    { "Acl_package_body_grants", "0", SC_CONST },
    { "Acl_package_spec_grants", "0", SC_CONST },
    { "Acl_procedure_grants", "0", SC_CONST },
    { "Acl_proxy_users", "0", SC_CONST },
    { "Acl_role_grants", "0", SC_CONST },
    { "Acl_roles", "0", SC_CONST },
    { "Acl_table_grants", "1", SC_ACL_TABLE },
    { "Acl_users", "5", SC_ACL_USERS },
    { "Aria_pagecache_blocks_not_flushed", "0", SC_CONST },
    { "Aria_pagecache_blocks_unused", "15637", SC_CONST },
    { "Aria_pagecache_blocks_used", "0", SC_CONST },
    { "Aria_pagecache_read_requests", "0", SC_CONST },
    { "Aria_pagecache_reads", "0", SC_CONST },
    { "Aria_pagecache_write_requests", "0", SC_CONST },
    { "Aria_pagecache_writes", "0", SC_CONST },
    { "Aria_transaction_log_syncs", "0", SC_CONST },
    { "Binlog_bytes_written", "0", SC_CONST },
    { "Binlog_cache_disk_use", "0", SC_CONST },
    { "Binlog_cache_use", "0", SC_CONST },
    { "Binlog_commits", "0", SC_CONST },
    { "Binlog_group_commit_trigger_count", "0", SC_CONST },
    { "Binlog_group_commit_trigger_lock_wait", "0", SC_CONST },
    { "Binlog_group_commit_trigger_timeout", "0", SC_CONST },
    { "Binlog_group_commits", "0", SC_CONST },
    { "Binlog_stmt_cache_disk_use", "0", SC_CONST },
    { "Binlog_stmt_cache_use", "0", SC_CONST },
    { "Busy_time", "0.000000", SC_CONST },
    { "Compression", "OFF", SC_CONST },
    { "Connection_errors_accept", "0", SC_CONST },
    { "Connection_errors_internal", "0", SC_CONST },
    { "Connection_errors_peer_address", "0", SC_CONST },
    { "Connection_errors_select", "0", SC_CONST },
    { "Connection_errors_tcpwrap", "0", SC_CONST },
    { "Cpu_time", "0.000000", SC_CONST },
    { "Delayed_insert_threads", "0", SC_CONST },
    { "Innodb_adaptive_hash_hash_searches", "0", SC_CONST },
    { "Innodb_adaptive_hash_non_hash_searches", "0", SC_CONST },
    { "Innodb_available_undo_logs", "128", SC_CONST },
    { "Innodb_background_log_sync", "0", SC_CONST },
    { "Innodb_buffer_pool_bytes_data", "4849664", SC_BP_BYTES },
    { "Innodb_buffer_pool_bytes_dirty", "0", SC_CONST },
    { "Innodb_buffer_pool_dump_status", "", SC_CONST },
    { "Innodb_buffer_pool_load_incomplete", "OFF", SC_CONST },
    { "Innodb_buffer_pool_load_status", "", SC_BP_LOAD },
    { "Innodb_buffer_pool_pages_data", "296", SC_BP_DATA },
    { "Innodb_buffer_pool_pages_dirty", "0", SC_CONST },
    { "Innodb_buffer_pool_pages_flushed", "0", SC_CONST },
    { "Innodb_buffer_pool_pages_free", "7816", SC_BP_FREE },
    { "Innodb_buffer_pool_pages_lru_flushed", "0", SC_CONST },
    { "Innodb_buffer_pool_pages_lru_freed", "0", SC_CONST },
    { "Innodb_buffer_pool_pages_made_not_young", "0", SC_CONST },
    { "Innodb_buffer_pool_pages_made_young", "0", SC_CONST },
    { "Innodb_buffer_pool_pages_misc", "0", SC_CONST },
    { "Innodb_buffer_pool_pages_old", "0", SC_CONST },
    { "Innodb_buffer_pool_pages_split", "0", SC_CONST },
    { "Innodb_buffer_pool_pages_total", "8112", SC_BP_TOTAL },
    { "Innodb_buffer_pool_read_ahead", "0", SC_CONST },
    { "Innodb_buffer_pool_read_ahead_evicted", "0", SC_CONST },
    { "Innodb_buffer_pool_read_ahead_rnd", "0", SC_CONST },
    { "Innodb_buffer_pool_read_requests", "914", SC_BP_READS },
    { "Innodb_buffer_pool_reads", "0", SC_CONST },
    { "Innodb_buffer_pool_resize_status", "", SC_CONST },
    { "Innodb_buffer_pool_wait_free", "0", SC_CONST },
    { "Innodb_buffer_pool_write_requests", "0", SC_BP_WRITES },
    { "Innodb_bulk_operations", "0", SC_CONST },
    { "Innodb_checkpoint_age", "16", SC_CKPT_AGE },
    { "Innodb_checkpoint_max_age", "12871804", SC_CONST },
    { "Innodb_data_fsyncs", "1", SC_WAL_SYNCS },
    { "Innodb_data_pending_fsyncs", "0", SC_CONST },
    { "Innodb_data_pending_reads", "0", SC_CONST },
    { "Innodb_data_pending_writes", "0", SC_CONST },
    { "Innodb_data_read", "0", SC_CONST },
    { "Innodb_data_reads", "0", SC_CONST },
    { "Innodb_data_writes", "0", SC_WAL_WRITES },
    { "Innodb_data_written", "0", SC_WAL_BYTES },
    { "Innodb_dblwr_pages_written", "0", SC_CONST },
    { "Innodb_dblwr_writes", "0", SC_CONST },
    { "Innodb_defragment_compression_failures", "0", SC_CONST },
    { "Innodb_defragment_count", "0", SC_CONST },
    { "Innodb_defragment_failures", "0", SC_CONST },
    { "Innodb_encryption_n_merge_blocks_decrypted", "0", SC_CONST },
    { "Innodb_encryption_n_merge_blocks_encrypted", "0", SC_CONST },
    { "Innodb_encryption_n_rowlog_blocks_decrypted", "0", SC_CONST },
    { "Innodb_encryption_n_rowlog_blocks_encrypted", "0", SC_CONST },
    { "Innodb_encryption_n_temp_blocks_decrypted", "0", SC_CONST },
    { "Innodb_encryption_n_temp_blocks_encrypted", "0", SC_CONST },
    { "Innodb_encryption_num_key_requests", "0", SC_CONST },
    { "Innodb_encryption_rotation_estimated_iops", "0", SC_CONST },
    { "Innodb_encryption_rotation_pages_flushed", "0", SC_CONST },
    { "Innodb_encryption_rotation_pages_modified", "0", SC_CONST },
    { "Innodb_encryption_rotation_pages_read_from_cache", "0", SC_CONST },
    { "Innodb_encryption_rotation_pages_read_from_disk", "0", SC_CONST },
    { "Innodb_have_bzip2", "OFF", SC_CONST },
    { "Innodb_have_lz4", "OFF", SC_CONST },
    { "Innodb_have_lzma", "OFF", SC_CONST },
    { "Innodb_have_lzo", "OFF", SC_CONST },
    { "Innodb_have_punch_hole", "ON", SC_CONST },
    { "Innodb_have_snappy", "OFF", SC_CONST },
    { "Innodb_history_list_length", "0", SC_CONST },
    { "Innodb_ibuf_discarded_delete_marks", "0", SC_CONST },
    { "Innodb_ibuf_discarded_deletes", "0", SC_CONST },
    { "Innodb_ibuf_discarded_inserts", "0", SC_CONST },
    { "Innodb_ibuf_free_list", "0", SC_CONST },
    { "Innodb_ibuf_merged_delete_marks", "0", SC_CONST },
    { "Innodb_ibuf_merged_deletes", "0", SC_CONST },
    { "Innodb_ibuf_merged_inserts", "0", SC_CONST },
    { "Innodb_ibuf_merges", "0", SC_CONST },
    { "Innodb_ibuf_segment_size", "0", SC_CONST },
    { "Innodb_ibuf_size", "0", SC_CONST },
    { "Innodb_instant_alter_column", "0", SC_CONST },
    { "Innodb_log_waits", "0", SC_CONST },
    { "Innodb_log_write_requests", "0", SC_WAL_WRITES },
    { "Innodb_log_writes", "0", SC_WAL_WRITES },
    { "Innodb_lsn_current", "44894", SC_LSN },
    { "Innodb_lsn_flushed", "44894", SC_LSN_FLUSHED },
    { "Innodb_lsn_last_checkpoint", "44878", SC_LSN_CKPT },
    { "Innodb_master_thread_active_loops", "0", SC_CONST },
    { "Innodb_master_thread_idle_loops", "0", SC_CONST },
    { "Innodb_max_trx_id", "15", SC_TRX_ID },
    { "Innodb_mem_adaptive_hash", "0", SC_CONST },
    { "Innodb_mem_dictionary", "0", SC_CONST },
    { "Innodb_num_open_files", "6", SC_OPEN_FILES },
    { "Innodb_num_page_compressed_trim_op", "0", SC_CONST },
    { "Innodb_num_pages_decrypted", "0", SC_CONST },
    { "Innodb_num_pages_encrypted", "0", SC_CONST },
    { "Innodb_num_pages_page_compressed", "0", SC_CONST },
    { "Innodb_num_pages_page_compression_error", "0", SC_CONST },
    { "Innodb_num_pages_page_decompressed", "0", SC_CONST },
    { "Innodb_onlineddl_pct_progress", "0", SC_CONST },
    { "Innodb_onlineddl_rowlog_pct_used", "0", SC_CONST },
    { "Innodb_onlineddl_rowlog_rows", "0", SC_CONST },
    { "Innodb_os_log_written", "0", SC_WAL_BYTES },
    { "Innodb_page_compression_saved", "0", SC_CONST },
    { "Innodb_page_size", "16384", SC_CONST },
    { "Innodb_pages_created", "0", SC_CONST },
    { "Innodb_pages_read", "0", SC_CONST },
    { "Innodb_pages_written", "0", SC_CONST },
    { "Innodb_row_lock_current_waits", "0", SC_ROW_WAITING },
    { "Innodb_row_lock_time_avg", "0", SC_ROW_AVG },
    { "Innodb_truncated_status_writes", "0", SC_CONST },
    { "Innodb_undo_truncations", "0", SC_CONST },
    { "Key_blocks_not_flushed", "0", SC_CONST },
    { "Key_blocks_unused", "107163", SC_CONST },
    { "Key_blocks_used", "0", SC_CONST },
    { "Key_blocks_warm", "0", SC_CONST },
    { "Key_read_requests", "0", SC_CONST },
    { "Key_reads", "0", SC_CONST },
    { "Key_write_requests", "0", SC_CONST },
    { "Key_writes", "0", SC_CONST },
    { "Last_query_cost", "0.000000", SC_CONST },
    { "Master_gtid_wait_count", "0", SC_CONST },
    { "Master_gtid_wait_time", "0", SC_CONST },
    { "Master_gtid_wait_timeouts", "0", SC_CONST },
    { "Max_memory_used", "NULL", SC_MAX_MEM },
    { "Memory_used_initial", "443369480", SC_MEM_INITIAL },
    { "Not_flushed_delayed_rows", "0", SC_CONST },
    { "Open_files", "23", SC_OPEN_FILES },
    { "Open_streams", "0", SC_CONST },
    { "Open_table_definitions", "17", SC_OPEN_TABLES },
    { "Open_tables", "10", SC_OPEN_TABLES },
    { "Opened_plugin_libraries", "0", SC_CONST },
    { "Optimizer_join_prefixes_check_calls", "0", SC_CONST },
    { "Performance_schema_accounts_lost", "0", SC_CONST },
    { "Performance_schema_cond_classes_lost", "0", SC_CONST },
    { "Performance_schema_cond_instances_lost", "0", SC_CONST },
    { "Performance_schema_digest_lost", "0", SC_CONST },
    { "Performance_schema_file_classes_lost", "0", SC_CONST },
    { "Performance_schema_file_handles_lost", "0", SC_CONST },
    { "Performance_schema_file_instances_lost", "0", SC_CONST },
    { "Performance_schema_hosts_lost", "0", SC_CONST },
    { "Performance_schema_index_stat_lost", "0", SC_CONST },
    { "Performance_schema_locker_lost", "0", SC_CONST },
    { "Performance_schema_memory_classes_lost", "0", SC_CONST },
    { "Performance_schema_metadata_lock_lost", "0", SC_CONST },
    { "Performance_schema_mutex_classes_lost", "0", SC_CONST },
    { "Performance_schema_mutex_instances_lost", "0", SC_CONST },
    { "Performance_schema_nested_statement_lost", "0", SC_CONST },
    { "Performance_schema_prepared_statements_lost", "0", SC_CONST },
    { "Performance_schema_program_lost", "0", SC_CONST },
    { "Performance_schema_rwlock_classes_lost", "0", SC_CONST },
    { "Performance_schema_rwlock_instances_lost", "0", SC_CONST },
    { "Performance_schema_session_connect_attrs_lost", "0", SC_CONST },
    { "Performance_schema_socket_classes_lost", "0", SC_CONST },
    { "Performance_schema_socket_instances_lost", "0", SC_CONST },
    { "Performance_schema_stage_classes_lost", "0", SC_CONST },
    { "Performance_schema_statement_classes_lost", "0", SC_CONST },
    { "Performance_schema_table_handles_lost", "0", SC_CONST },
    { "Performance_schema_table_instances_lost", "0", SC_CONST },
    { "Performance_schema_table_lock_stat_lost", "0", SC_CONST },
    { "Performance_schema_thread_classes_lost", "0", SC_CONST },
    { "Performance_schema_thread_instances_lost", "0", SC_CONST },
    { "Performance_schema_users_lost", "0", SC_CONST },
    { "Qcache_free_blocks", "1", SC_CONST },
    { "Qcache_free_memory", "1031272", SC_CONST },
    { "Qcache_hits", "0", SC_CONST },
    { "Qcache_inserts", "0", SC_CONST },
    { "Qcache_lowmem_prunes", "0", SC_CONST },
    { "Qcache_not_cached", "0", SC_CONST },
    { "Qcache_queries_in_cache", "0", SC_CONST },
    { "Qcache_total_blocks", "1", SC_CONST },
    { "Resultset_metadata_skipped", "0", SC_CONST },
    { "Rpl_semi_sync_master_clients", "0", SC_CONST },
    { "Rpl_semi_sync_master_get_ack", "0", SC_CONST },
    { "Rpl_semi_sync_master_net_avg_wait_time", "0", SC_CONST },
    { "Rpl_semi_sync_master_net_wait_time", "0", SC_CONST },
    { "Rpl_semi_sync_master_net_waits", "0", SC_CONST },
    { "Rpl_semi_sync_master_no_times", "0", SC_CONST },
    { "Rpl_semi_sync_master_no_tx", "0", SC_CONST },
    { "Rpl_semi_sync_master_request_ack", "0", SC_CONST },
    { "Rpl_semi_sync_master_status", "OFF", SC_CONST },
    { "Rpl_semi_sync_master_timefunc_failures", "0", SC_CONST },
    { "Rpl_semi_sync_master_tx_avg_wait_time", "0", SC_CONST },
    { "Rpl_semi_sync_master_tx_wait_time", "0", SC_CONST },
    { "Rpl_semi_sync_master_tx_waits", "0", SC_CONST },
    { "Rpl_semi_sync_master_wait_pos_backtraverse", "0", SC_CONST },
    { "Rpl_semi_sync_master_wait_sessions", "0", SC_CONST },
    { "Rpl_semi_sync_master_yes_tx", "0", SC_CONST },
    { "Rpl_semi_sync_slave_send_ack", "0", SC_CONST },
    { "Rpl_semi_sync_slave_status", "OFF", SC_CONST },
    { "Rpl_status", "AUTH_MASTER", SC_CONST },
    { "Rpl_transactions_multi_engine", "0", SC_CONST },
    { "Slave_connections", "0", SC_CONST },
    { "Slave_heartbeat_period", "0.000", SC_CONST },
    { "Slave_open_temp_tables", "0", SC_CONST },
    { "Slave_received_heartbeats", "0", SC_CONST },
    { "Slave_retried_transactions", "0", SC_CONST },
    { "Slave_running", "OFF", SC_CONST },
    { "Slave_skipped_errors", "0", SC_CONST },
    { "Slaves_connected", "0", SC_CONST },
    { "Slaves_running", "0", SC_CONST },
    { "Ssl_accept_renegotiates", "0", SC_CONST },
    { "Ssl_accepts", "0", SC_CONST },
    { "Ssl_callback_cache_hits", "0", SC_CONST },
    { "Ssl_cipher_list", "", SC_CONST },
    { "Ssl_client_connects", "0", SC_CONST },
    { "Ssl_connect_renegotiates", "0", SC_CONST },
    { "Ssl_ctx_verify_depth", "0", SC_CONST },
    { "Ssl_ctx_verify_mode", "0", SC_CONST },
    { "Ssl_default_timeout", "0", SC_CONST },
    { "Ssl_finished_accepts", "0", SC_CONST },
    { "Ssl_finished_connects", "0", SC_CONST },
    { "Ssl_server_not_after", "", SC_CONST },
    { "Ssl_server_not_before", "", SC_CONST },
    { "Ssl_session_cache_hits", "0", SC_CONST },
    { "Ssl_session_cache_misses", "0", SC_CONST },
    { "Ssl_session_cache_mode", "NONE", SC_CONST },
    { "Ssl_session_cache_overflows", "0", SC_CONST },
    { "Ssl_session_cache_size", "0", SC_CONST },
    { "Ssl_session_cache_timeouts", "0", SC_CONST },
    { "Ssl_sessions_reused", "0", SC_CONST },
    { "Ssl_used_session_cache_entries", "0", SC_CONST },
    { "Ssl_verify_depth", "0", SC_CONST },
    { "Ssl_verify_mode", "0", SC_CONST },
    { "Stack_usage", "0", SC_CONST },
    { "Table_open_cache_active_instances", "1", SC_CONST },
    { "Table_open_cache_misses", "0", SC_CONST },
    { "Table_open_cache_overflows", "0", SC_CONST },
    { "Tc_log_max_pages_used", "0", SC_CONST },
    { "Tc_log_page_size", "0", SC_CONST },
    { "Tc_log_page_waits", "0", SC_CONST },
    { "Threadpool_idle_threads", "0", SC_CONST },
    { "Threadpool_threads", "0", SC_CONST },
    { "Threads_cached", "0", SC_CONST },
    { "Threads_created", "1", SC_THREADS_CREATED },
    { "Transactions_gtid_foreign_engine", "0", SC_CONST },
    { "Transactions_multi_engine", "0", SC_CONST },
    { "wsrep", "0", SC_CONST },
    { "wsrep_applier_thread_count", "0", SC_CONST },
    { "wsrep_cluster_capabilities", "", SC_CONST },
    { "wsrep_cluster_conf_id", "18446744073709551615", SC_CONST },
    { "wsrep_cluster_size", "0", SC_CONST },
    { "wsrep_cluster_state_uuid", "", SC_CONST },
    { "wsrep_cluster_status", "Disconnected", SC_CONST },
    { "wsrep_connected", "OFF", SC_CONST },
    { "wsrep_local_bf_aborts", "0", SC_CONST },
    { "wsrep_local_index", "18446744073709551615", SC_CONST },
    { "wsrep_provider_capabilities", "", SC_CONST },
    { "wsrep_provider_name", "", SC_CONST },
    { "wsrep_provider_vendor", "", SC_CONST },
    { "wsrep_provider_version", "", SC_CONST },
    { "wsrep_ready", "OFF", SC_CONST },
    { "wsrep_rollbacker_thread_count", "0", SC_CONST },
    { "wsrep_thread_count", "0", SC_CONST },
};
#define NFIXED ((int)(sizeof fixed / sizeof fixed[0]))

typedef struct srow { const char *name, *val; } srow;

static int srow_cmp(const void *a, const void *b) { return strcmp(((const srow *)a)->name, ((const srow *)b)->name); }

/* Files the process holds open that are files (not sockets or pipes). */
static unsigned open_files(void)
{
    DIR *d = opendir("/proc/self/fd");
    if (!d) return 0;
    unsigned n = 0;
    struct dirent *e;
    struct stat st;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.' && fstatat(dirfd(d), e->d_name, &st, 0) == 0 && S_ISREG(st.st_mode)) n++;
    closedir(d);
    return n;
}

static void acl_counts(uint64_t *users, uint64_t *dbg, uint64_t *tbg)
{
    size_t n = 0;
    stor_account *acc = stor_account_list(&n);
    *users = n; *dbg = 0; *tbg = 0;
    for (size_t i = 0; i < n; i++) {
        size_t ng = 0;
        stor_grant *g = stor_grant_list(acc[i].user, acc[i].host, &ng);
        for (size_t k = 0; k < ng; k++) (*(g[k].table[0] ? tbg : dbg))++;
        free(g);
    }
    free(acc);
}

static uint64_t tables_open(void)
{
    uint32_t ndb = 0;
    stor_db **dbs = stor_db_list(&ndb);
    uint64_t n = 0;
    for (uint32_t i = 0; i < ndb; i++) n += dbs[i]->ntables;
    return n;
}

/* The value of computed figure code into buf. */
static const char *fixed_value(ex_ctx *ctx, int code, const pdb_server_status *sv, char *buf, size_t len)
{
    static const uint64_t page = 16384;
    stor_wal_figures w;
    uint64_t v = 0, a, b;
    size_t mem = stor_mem_used();
    uint64_t data = (mem + page - 1) / page, total = 0;
    if (code == SC_BP_FREE || code == SC_BP_TOTAL) {
        pdb_value pv;
        ex_type t;
        if (ex_sysvar_get(ctx->s, "innodb_buffer_pool_size", true, &pv, ctx->a, &t) == 0)
            total = pv.t == VT_UINT ? pv.u / page : pv.t == VT_INT && pv.i > 0 ? (uint64_t)pv.i / page : 0;
        if (total < data) total = data;   /* (the store is not bounded by the pool's size) */
    }
    if (code >= SC_CKPT_AGE && code <= SC_LSN_CKPT) stor_wal_stats(&w);
    switch (code) {
    case SC_ACL_USERS: case SC_ACL_DB: case SC_ACL_TABLE:
        acl_counts(&v, &a, &b);
        v = code == SC_ACL_USERS ? v : code == SC_ACL_DB ? a : b;
        break;
    case SC_BP_BYTES: v = mem; break;
    case SC_BP_DATA: v = data; break;
    case SC_BP_FREE: v = total - data; break;
    case SC_BP_TOTAL: v = total; break;
    case SC_BP_READS: v = pdb_status_global(PDB_STAT_ROWS_READ) + pdb_status_global(PDB_STAT_ROWS_TMP_READ); break;
    case SC_BP_WRITES:
        v = pdb_status_global(PDB_STAT_HANDLER_WRITE) + pdb_status_global(PDB_STAT_HANDLER_UPDATE) +
            pdb_status_global(PDB_STAT_HANDLER_DELETE);
        break;
    case SC_BP_LOAD: {
        struct tm tm;
        if (!started_at || !localtime_r(&started_at, &tm)) return "";
        snprintf(buf, len, "Buffer pool(s) load completed at %02d%02d%02d %2d:%02d:%02d", tm.tm_year % 100,
                 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
        return buf;
    }
    case SC_CKPT_AGE: v = w.lsn - w.lsn_checkpoint; break;
    case SC_WAL_SYNCS: v = w.syncs; break;
    case SC_WAL_WRITES: v = w.writes; break;
    case SC_WAL_BYTES: v = w.bytes; break;
    case SC_LSN: v = w.lsn; break;
    case SC_LSN_FLUSHED: v = w.lsn_flushed; break;
    case SC_LSN_CKPT: v = w.lsn_checkpoint; break;
    case SC_TRX_ID: v = stor_txn_next_id(); break;
    case SC_OPEN_FILES: v = open_files(); break;
    case SC_ROW_WAITING: v = (uint64_t)atomic_load(&g_row_waiting); break;
    case SC_ROW_AVG:
        a = pdb_status_global(PDB_STAT_INNODB_ROW_LOCK_WAITS);
        v = a ? pdb_status_global(PDB_STAT_INNODB_ROW_LOCK_TIME) / a : 0;
        break;
    case SC_MAX_MEM: return "NULL";
    case SC_MEM_INITIAL: v = mem_initial; break;
    case SC_OPEN_TABLES: v = tables_open(); break;
    case SC_THREADS_CREATED: v = sv->threads_created; break;
    default: return "";
    }
    snprintf(buf, len, "%llu", (unsigned long long)v);
    return buf;
}

/* SHOW ENGINE INNODB STATUS: InnoDB's monitor report in MariaDB 10.11's layout, its
 * figures pressdb's own, the same ones SHOW STATUS gives as Innodb_*: transaction ids,
 * the log's sequence numbers (bytes of the write-ahead log; the last checkpoint's), the
 * log's writes and fsyncs, the data's memory as buffer pool pages, the open snapshots as
 * read views. Rates are per second since the last report, as InnoDB's. */
static _Atomic uint64_t innodb_last_ns, innodb_last_writes, innodb_last_syncs, innodb_last_gets;

const char *ex_status_innodb(ex_ctx *ctx)
{
    pdb_server_status sv = { 0 };
    if (server_fn) server_fn(&sv);
    stor_wal_figures w;
    stor_wal_stats(&w);
    char bp[4][32];
    const char *total = fixed_value(ctx, SC_BP_TOTAL, &sv, bp[0], sizeof bp[0]);
    const char *freeb = fixed_value(ctx, SC_BP_FREE, &sv, bp[1], sizeof bp[1]);
    const char *data = fixed_value(ctx, SC_BP_DATA, &sv, bp[2], sizeof bp[2]);
    uint64_t now = ex_now_ns(), last = atomic_exchange(&innodb_last_ns, now);
    uint64_t lw = atomic_exchange(&innodb_last_writes, w.writes), ls = atomic_exchange(&innodb_last_syncs, w.syncs);
    uint64_t gets = pdb_status_global(PDB_STAT_ROWS_READ) + pdb_status_global(PDB_STAT_ROWS_TMP_READ);
    bool got = atomic_exchange(&innodb_last_gets, gets) != gets;   /* (every page is in memory: all hits) */
    double secs = last && now > last ? (double)(now - last) / 1e9 : (double)sv.uptime_s;
    double rate = secs >= 1 ? secs : 1;
    uint64_t trx = stor_txn_next_id();
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    size_t cap = 4096;
    char *o = stor_arena_alloc(ctx->a, cap);
    snprintf(o, cap,
             "\n=====================================\n"
             "%04d-%02d-%02d %02d:%02d:%02d 0x%lx INNODB MONITOR OUTPUT\n"
             "=====================================\n"
             "Per second averages calculated from the last %llu seconds\n"
             "-----------------\nBACKGROUND THREAD\n-----------------\n"
             "srv_master_thread loops: 0 srv_active, 0 srv_shutdown, %llu srv_idle\n"
             "srv_master_thread log flush and writes: %llu\n"
             "----------\nSEMAPHORES\n----------\n"
             "------------\nTRANSACTIONS\n------------\n"
             "Trx id counter %llu\n"
             "Purge done for trx's n:o < %llu undo n:o < 0 state: running but idle\n"
             "History list length 0\n"
             "LIST OF TRANSACTIONS FOR EACH SESSION:\n"
             "--------\nFILE I/O\n--------\n"
             "Pending flushes (fsync): 0\n"
             "0 OS file reads, %llu OS file writes, %llu OS fsyncs\n"
             "0.00 reads/s, 0 avg bytes/read, %.2f writes/s, %.2f fsyncs/s\n"
             "---\nLOG\n---\n"
             "Log sequence number %llu\n"
             "Log flushed up to   %llu\n"
             "Pages flushed up to %llu\n"
             "Last checkpoint at  %llu\n"
             "----------------------\nBUFFER POOL AND MEMORY\n----------------------\n"
             "Total large memory allocated %llu\n"
             "Dictionary memory allocated 0\n"
             "Buffer pool size   %s\n"
             "Free buffers       %s\n"
             "Database pages     %s\n"
             "Old database pages 0\n"
             "Modified db pages  0\n"
             "Percent of dirty pages(LRU & free pages): 0.000\n"
             "Max dirty pages percent: 90.000\n"
             "Pending reads 0\n"
             "Pending writes: LRU 0, flush list 0\n"
             "Pages made young 0, not young 0\n"
             "0.00 youngs/s, 0.00 non-youngs/s\n"
             "Pages read 0, created %s, written 0\n"
             "0.00 reads/s, 0.00 creates/s, 0.00 writes/s\n"
             "%s\n"
             "Pages read ahead 0.00/s, evicted without access 0.00/s, Random read ahead 0.00/s\n"
             "LRU len: %s, unzip_LRU len: 0\n"
             "I/O sum[0]:cur[0], unzip sum[0]:cur[0]\n"
             "--------------\nROW OPERATIONS\n--------------\n"
             "%u read views open inside InnoDB\n"
             "state: sleeping\n"
             "----------------------------\nEND OF INNODB MONITOR OUTPUT\n============================\n",
             tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
             (unsigned long)pthread_self(), (unsigned long long)secs, (unsigned long long)sv.uptime_s,
             (unsigned long long)sv.uptime_s, (unsigned long long)trx, (unsigned long long)(trx ? trx - 1 : 0),
             (unsigned long long)w.writes, (unsigned long long)w.syncs, (double)(w.writes - lw) / rate,
             (double)(w.syncs - ls) / rate, (unsigned long long)w.lsn, (unsigned long long)w.lsn_flushed,
             (unsigned long long)w.lsn_checkpoint, (unsigned long long)w.lsn_checkpoint,
             (unsigned long long)stor_mem_used(), total, freeb, data, data,
             got ? "Buffer pool hit rate 1000 / 1000, young-making rate 0 / 1000 not 0 / 1000"
                 : "No buffer pool page gets since the last printout",
             data, stor_snap_count());
    return o;
}

/* SHOW STATUS's rows: the counters (the session's, or with global the server's; a
 * server-only counter is the server's in both), the server's connection figures, those
 * other modules keep (extra) and the fixed list above, in name order as MariaDB lists
 * them. */
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
    /* the lists other than the counters, sorted together */
    int nrows = 0;
    srow *rows = stor_arena_alloc(ctx->a, (size_t)(nserver + nextra + NFIXED) * sizeof *rows);
    char (*fv)[64] = stor_arena_alloc(ctx->a, (size_t)NFIXED * sizeof *fv);
    for (int j = 0; j < nserver; j++) rows[nrows++] = (srow){ server[j][0], server[j][1] };
    for (int k = 0; k < nextra; k++) rows[nrows++] = (srow){ extra[k][0], extra[k][1] };
    for (int f = 0; f < NFIXED; f++)
        rows[nrows++] = (srow){ fixed[f].name, fixed[f].code == SC_CONST ? fixed[f].val : fixed_value(ctx, fixed[f].code, &sv, fv[f], sizeof fv[f]) };
    qsort(rows, (size_t)nrows, sizeof *rows, srow_cmp);
    int i = 0, j = 0;
    char num[32];
    while (i < PDB_NSTAT || j < nrows) {
        if (i < PDB_NSTAT && (j == nrows || strcmp(stat_names[i], rows[j].name) < 0)) {
            uint64_t n = global || stat_kind[i] != PDB_SK_SESSION ? pdb_status_global((pdb_stat)i) : s->stat[i];
            if (i == PDB_STAT_QUERY_TIME) snprintf(num, sizeof num, "%llu.%06llu", (unsigned long long)(n / 1000000), (unsigned long long)(n % 1000000));
            else snprintf(num, sizeof num, "%llu", (unsigned long long)n);
            cb(arg, stat_names[i], num);
            i++;
        } else {
            cb(arg, rows[j].name, rows[j].val);
            j++;
        }
    }
}
