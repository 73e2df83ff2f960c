/* sysvar.c - system variables with MariaDB 10.11's names and defaults, session and
 * global scope; user variables. */
#include "engine/eng.h"
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include <strings.h>
#include <unistd.h>

enum { SV_BOOL, SV_INT, SV_STR, SV_UINT, SV_DOUBLE };
#define SVF_SESSION  1   /* has a session value */
#define SVF_RO       2   /* read-only */
#define SVF_GLOBAL   4   /* global only */
#define SVF_NULLABLE 8
#define SVF_SESSION_ONLY 16   /* not in SHOW GLOBAL VARIABLES */

typedef struct sysvar {
    const char *name;
    int type;
    int flags;
    const char *dflt;
} sysvar;

/* Sorted by name (SHOW VARIABLES lists in this order). */
static const sysvar vars[] = {
    { "auto_increment_increment", SV_UINT, SVF_SESSION, "1" },
    { "auto_increment_offset", SV_UINT, SVF_SESSION, "1" },
    { "autocommit", SV_BOOL, SVF_SESSION, "ON" },
    { "basedir", SV_STR, SVF_GLOBAL | SVF_RO, "/usr" },
    { "big_tables", SV_BOOL, SVF_SESSION, "OFF" },
    { "bind_address", SV_STR, SVF_GLOBAL | SVF_RO, "127.0.0.1" },
    { "character_set_client", SV_STR, SVF_SESSION, "utf8mb4" },
    { "character_set_connection", SV_STR, SVF_SESSION, "utf8mb4" },
    { "character_set_database", SV_STR, SVF_SESSION, "utf8mb4" },
    { "character_set_filesystem", SV_STR, SVF_SESSION, "binary" },
    { "character_set_results", SV_STR, SVF_SESSION | SVF_NULLABLE, "utf8mb4" },
    { "character_set_server", SV_STR, SVF_SESSION, "utf8mb4" },
    { "character_set_system", SV_STR, SVF_GLOBAL | SVF_RO, "utf8mb3" },
    { "collation_connection", SV_STR, SVF_SESSION, "utf8mb4_general_ci" },
    { "collation_database", SV_STR, SVF_SESSION, "utf8mb4_general_ci" },
    { "collation_server", SV_STR, SVF_SESSION, "utf8mb4_general_ci" },
    { "connect_timeout", SV_UINT, SVF_GLOBAL, "10" },
    { "datadir", SV_STR, SVF_GLOBAL | SVF_RO, "" },
    { "default_storage_engine", SV_STR, SVF_SESSION, "InnoDB" },
    { "default_tmp_storage_engine", SV_STR, SVF_SESSION | SVF_NULLABLE, "" },
    { "default_week_format", SV_UINT, SVF_SESSION, "0" },
    { "div_precision_increment", SV_UINT, SVF_SESSION, "4" },
    { "event_scheduler", SV_STR, SVF_GLOBAL, "OFF" },   /* (ON: server/scheduler.c runs the events due) */
    { "extra_max_connections", SV_UINT, SVF_GLOBAL, "1" },
    { "extra_port", SV_UINT, SVF_GLOBAL | SVF_RO, "0" },
    { "foreign_key_checks", SV_BOOL, SVF_SESSION, "ON" },
    { "general_log", SV_BOOL, SVF_GLOBAL, "OFF" },
    { "general_log_file", SV_STR, SVF_GLOBAL, "" },
    { "group_concat_max_len", SV_UINT, SVF_SESSION, "1048576" },
    { "have_profiling", SV_STR, SVF_GLOBAL | SVF_RO, "YES" },
    { "have_ssl", SV_STR, SVF_GLOBAL | SVF_RO, "YES" },
    { "hostname", SV_STR, SVF_GLOBAL | SVF_RO, "" },
    { "identity", SV_UINT, SVF_SESSION | SVF_SESSION_ONLY, "0" },
    { "in_transaction", SV_UINT, SVF_SESSION | SVF_RO | SVF_SESSION_ONLY, "0" },
    { "innodb_buffer_pool_size", SV_UINT, SVF_GLOBAL, "134217728" },
    { "innodb_file_per_table", SV_BOOL, SVF_GLOBAL, "ON" },
    { "innodb_flush_log_at_trx_commit", SV_UINT, SVF_GLOBAL, "1" },
    { "innodb_lock_wait_timeout", SV_UINT, SVF_SESSION, "50" },
    { "innodb_log_file_size", SV_UINT, SVF_GLOBAL, "100663296" },
    { "innodb_strict_mode", SV_BOOL, SVF_SESSION, "ON" },
    { "insert_id", SV_UINT, SVF_SESSION | SVF_SESSION_ONLY, "0" },
    { "interactive_timeout", SV_UINT, SVF_SESSION, "28800" },
    { "last_insert_id", SV_UINT, SVF_SESSION | SVF_SESSION_ONLY, "0" },
    { "lc_messages", SV_STR, SVF_SESSION, "en_US" },
    { "lc_time_names", SV_STR, SVF_SESSION, "en_US" },
    { "license", SV_STR, SVF_GLOBAL | SVF_RO, "GPL" },
    { "lock_wait_timeout", SV_UINT, SVF_SESSION, "86400" },
    { "log_bin", SV_BOOL, SVF_GLOBAL | SVF_RO, "OFF" },
    { "log_output", SV_STR, SVF_GLOBAL, "FILE" },
    { "long_query_time", SV_DOUBLE, SVF_SESSION, "10.000000" },
    { "lower_case_file_system", SV_BOOL, SVF_GLOBAL | SVF_RO, "OFF" },
    { "lower_case_table_names", SV_UINT, SVF_GLOBAL | SVF_RO, "0" },
    { "max_allowed_packet", SV_UINT, SVF_SESSION, "16777216" },
    { "max_connections", SV_UINT, SVF_GLOBAL, "151" },
    { "max_heap_table_size", SV_UINT, SVF_SESSION, "16777216" },
    { "max_join_size", SV_UINT, SVF_SESSION, "18446744073709551615" },
    { "max_prepared_stmt_count", SV_UINT, SVF_GLOBAL, "16382" },
    { "max_recursive_iterations", SV_UINT, SVF_SESSION, "1000" },
    { "max_session_mem_used", SV_UINT, SVF_SESSION, "9223372036854775807" },
    { "max_sort_length", SV_UINT, SVF_SESSION, "1024" },
    { "max_sp_recursion_depth", SV_UINT, SVF_SESSION, "0" },
    { "max_statement_time", SV_DOUBLE, SVF_SESSION, "0.000000" },
    { "max_user_connections", SV_INT, SVF_SESSION, "0" },
    { "net_buffer_length", SV_UINT, SVF_SESSION, "16384" },
    { "net_read_timeout", SV_UINT, SVF_SESSION, "30" },
    { "net_write_timeout", SV_UINT, SVF_SESSION, "60" },
    { "old_passwords", SV_BOOL, SVF_SESSION, "OFF" },
    { "optimizer_switch", SV_STR, SVF_SESSION, "index_merge=on,index_merge_union=on,index_merge_sort_union=on,index_merge_intersection=on,index_merge_sort_intersection=off,engine_condition_pushdown=off,index_condition_pushdown=on,derived_merge=on,derived_with_keys=on,firstmatch=on,loosescan=on,materialization=on,in_to_exists=on,semijoin=on,partial_match_rowid_merge=on,partial_match_table_scan=on,subquery_cache=on,mrr=off,mrr_cost_based=off,mrr_sort_keys=off,outer_join_with_cache=on,semijoin_with_cache=on,join_cache_incremental=on,join_cache_hashed=on,join_cache_bka=on,optimize_join_buffer_size=on,table_elimination=on,extended_keys=on,exists_to_in=on,orderby_uses_equalities=on,condition_pushdown_for_derived=on,split_materialized=on,condition_pushdown_for_subquery=on,rowid_filter=on,condition_pushdown_from_having=on,not_null_range_scan=off,hash_join_cardinality=off,cset_narrowing=off" },
    { "pid_file", SV_STR, SVF_GLOBAL | SVF_RO, "" },
    { "port", SV_UINT, SVF_GLOBAL | SVF_RO, "3306" },
    { "pressdb_jit", SV_BOOL, SVF_SESSION, "ON" },   /* pressdb only: run compiled scans (--jit) */
    { "pressdb_jit_notes", SV_BOOL, SVF_SESSION, "OFF" },   /* pressdb only: a Note per block that ran compiled code */
    { "profiling", SV_BOOL, SVF_SESSION, "OFF" },
    { "protocol_version", SV_UINT, SVF_GLOBAL | SVF_RO, "10" },
    { "query_cache_size", SV_UINT, SVF_GLOBAL, "1048576" },
    { "query_cache_type", SV_STR, SVF_SESSION, "OFF" },
    { "read_only", SV_BOOL, SVF_GLOBAL, "OFF" },
    { "require_secure_transport", SV_BOOL, SVF_GLOBAL, "OFF" },
    { "server_id", SV_UINT, SVF_SESSION, "1" },
    { "skip_name_resolve", SV_BOOL, SVF_GLOBAL | SVF_RO, "OFF" },
    { "skip_networking", SV_BOOL, SVF_GLOBAL | SVF_RO, "OFF" },
    { "slow_query_log", SV_BOOL, SVF_GLOBAL, "OFF" },
    { "slow_query_log_file", SV_STR, SVF_GLOBAL, "" },
    { "socket", SV_STR, SVF_GLOBAL | SVF_RO, "" },
    { "sort_buffer_size", SV_UINT, SVF_SESSION, "2097152" },
    { "sql_auto_is_null", SV_BOOL, SVF_SESSION, "OFF" },
    { "sql_big_selects", SV_BOOL, SVF_SESSION, "ON" },
    { "sql_log_bin", SV_BOOL, SVF_SESSION, "ON" },
    { "sql_log_off", SV_BOOL, SVF_SESSION, "OFF" },
    { "sql_mode", SV_STR, SVF_SESSION, "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION" },
    { "sql_notes", SV_BOOL, SVF_SESSION, "ON" },
    { "sql_quote_show_create", SV_BOOL, SVF_SESSION, "ON" },
    { "sql_safe_updates", SV_BOOL, SVF_SESSION, "OFF" },
    { "sql_select_limit", SV_UINT, SVF_SESSION, "18446744073709551615" },
    { "sql_warnings", SV_BOOL, SVF_SESSION, "OFF" },
    { "storage_engine", SV_STR, SVF_SESSION, "InnoDB" },
    { "system_time_zone", SV_STR, SVF_GLOBAL | SVF_RO, "UTC" },
    { "time_zone", SV_STR, SVF_SESSION, "SYSTEM" },
    { "timestamp", SV_DOUBLE, SVF_SESSION | SVF_SESSION_ONLY, "0" },
    { "tmp_table_size", SV_UINT, SVF_SESSION, "16777216" },
    { "tx_isolation", SV_STR, SVF_SESSION, "REPEATABLE-READ" },
    { "tx_read_only", SV_BOOL, SVF_SESSION, "OFF" },
    { "unique_checks", SV_BOOL, SVF_SESSION, "ON" },
    { "version", SV_STR, SVF_GLOBAL | SVF_RO, "" },
    { "version_comment", SV_STR, SVF_GLOBAL | SVF_RO, "" },
    { "version_compile_machine", SV_STR, SVF_GLOBAL | SVF_RO, "x86_64" },
    { "version_compile_os", SV_STR, SVF_GLOBAL | SVF_RO, "debian-linux-gnu" },
    { "wait_timeout", SV_UINT, SVF_SESSION, "28800" },
};
#define NVARS (sizeof vars / sizeof vars[0])

/* The rest of MariaDB 10.11's variables: listed and stored, not acted on. */
static const sysvar compat_vars[] = {
#include "engine/sysvar_compat.h"
};
#define NCOMPAT (sizeof compat_vars / sizeof compat_vars[0])
#define NALL (NVARS + NCOMPAT)
static const sysvar *all_vars[NALL];   /* both lists merged by name: SHOW's order */

typedef struct pdb_sysvar_override {
    struct pdb_sysvar_override *next;
    const sysvar *v;
    char *val;
} ovr;

static ovr *globals;
static pthread_mutex_t gmu = PTHREAD_MUTEX_INITIALIZER;

/* Names are looked up for every statement (its isolation level) and every @@name:
 * an open-addressing table over the lower-cased names, built once. */
#define VAR_SLOTS 2048
static int16_t var_slot[VAR_SLOTS];
static pthread_once_t var_once = PTHREAD_ONCE_INIT;

static uint32_t var_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) h = (h ^ (uint8_t)tolower((unsigned char)*s)) * 16777619u;
    return h;
}

static void var_index(void)
{
    _Static_assert(NALL < VAR_SLOTS / 2, "var_slot too small");
    size_t i = 0, j = 0, n = 0;
    while (i < NVARS || j < NCOMPAT)
        all_vars[n++] = j == NCOMPAT || (i < NVARS && strcmp(vars[i].name, compat_vars[j].name) <= 0)
                        ? &vars[i++] : &compat_vars[j++];
    memset(var_slot, 0xff, sizeof var_slot);
    for (i = 0; i < NALL; i++) {
        uint32_t k = var_hash(all_vars[i]->name) & (VAR_SLOTS - 1);
        while (var_slot[k] >= 0) k = (k + 1) & (VAR_SLOTS - 1);
        var_slot[k] = (int16_t)i;   /* a repeated name: the first one is found first */
    }
}

static const sysvar *find_var(const char *name)
{
    pthread_once(&var_once, var_index);
    for (uint32_t k = var_hash(name) & (VAR_SLOTS - 1); var_slot[k] >= 0; k = (k + 1) & (VAR_SLOTS - 1))
        if (!strcasecmp(all_vars[var_slot[k]]->name, name)) return all_vars[var_slot[k]];
    return NULL;
}

static const char *mode_names[32] = {
    "REAL_AS_FLOAT", "PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE", "IGNORE_BAD_TABLE_OPTIONS",
    "ONLY_FULL_GROUP_BY", "NO_UNSIGNED_SUBTRACTION", "NO_DIR_IN_CREATE", "POSTGRESQL", "ORACLE",
    "MSSQL", "DB2", "MAXDB", "NO_KEY_OPTIONS", "NO_TABLE_OPTIONS", "NO_FIELD_OPTIONS", "MYSQL323",
    "MYSQL40", "ANSI", "NO_AUTO_VALUE_ON_ZERO", "NO_BACKSLASH_ESCAPES", "STRICT_TRANS_TABLES",
    "STRICT_ALL_TABLES", "NO_ZERO_IN_DATE", "NO_ZERO_DATE", "ALLOW_INVALID_DATES",
    "ERROR_FOR_DIVISION_BY_ZERO", "TRADITIONAL", "NO_AUTO_CREATE_USER", "HIGH_NOT_PRECEDENCE",
    "NO_ENGINE_SUBSTITUTION", "PAD_CHAR_TO_FULL_LENGTH"
};

const char *ex_sql_mode_str(uint32_t mode, stor_arena *a)
{
    char *buf = stor_arena_alloc(a, 1024);
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < 32; i++) {
        if (!(mode & (1u << i))) continue;
        k += (size_t)snprintf(buf + k, 1024 - k, "%s%s", k ? "," : "", mode_names[i]);
    }
    return buf;
}

static int parse_sql_mode(const char *s, uint32_t *out) { return ex_sql_mode_parse(s, false, out); }

int ex_sql_mode_parse(const char *s, bool lenient, uint32_t *out)
{
    uint32_t m = 0;
    char tok[64];
    while (*s) {
        size_t n = strcspn(s, ",");
        if (n >= sizeof tok) return -1;
        memcpy(tok, s, n); tok[n] = 0;
        char *t = tok;
        while (isspace((unsigned char)*t)) t++;
        char *e = t + strlen(t);
        while (e > t && isspace((unsigned char)e[-1])) *--e = 0;
        if (*t) {
            int found = -1;
            for (int i = 0; i < 32; i++) if (!strcasecmp(mode_names[i], t)) found = i;
            if (found < 0 && !lenient) return -1;
            if (found >= 0) m |= 1u << found;
            if (found == 27) m |= MODE_STRICT_TRANS_TABLES | MODE_STRICT_ALL_TABLES | MODE_NO_ZERO_IN_DATE |
                                 MODE_NO_ZERO_DATE | MODE_ERROR_FOR_DIVISION_BY_ZERO | MODE_NO_AUTO_CREATE_USER |
                                 MODE_NO_ENGINE_SUBSTITUTION;
            /* (MariaDB's ANSI, unlike MySQL's, has no ONLY_FULL_GROUP_BY) */
            if (found == 18) m |= MODE_REAL_AS_FLOAT | MODE_PIPES_AS_CONCAT | MODE_ANSI_QUOTES | MODE_IGNORE_SPACE;
        }
        s += n;
        if (*s == ',') s++;
    }
    *out = m;
    return 0;
}

/* @@gtid_current_pos: per domain the newer of what this server logged and what it
 * applied as a replica (MariaDB: the binary log's unless the slave position is ahead). */
static const char *current_pos(char *buf, size_t cap)
{
    stor_gtid b[64], s[64];
    int nb = stor_binlog_state(b, 64), ns = stor_slave_state(s, 64);
    for (int i = 0; i < ns; i++) {
        int j = 0;
        while (j < nb && b[j].domain != s[i].domain) j++;
        if (j == nb) { if (nb < 64) b[nb++] = s[i]; }
        else if (s[i].seq > b[j].seq) b[j] = s[i];
    }
    stor_gtid_text(b, nb, buf, cap);
    return buf;
}

static const char *global_value(const sysvar *v, char *buf, size_t cap)
{
    if (!strcmp(v->name, "version")) return pdb_server_version();
    if (!strcmp(v->name, "version_comment")) { snprintf(buf, cap, "pressdb %s", PDB_VERSION); return buf; }
    if (!strcmp(v->name, "datadir")) { snprintf(buf, cap, "%s/", stor_datadir()); return buf; }
    if (!strcmp(v->name, "hostname")) { gethostname(buf, cap); buf[cap - 1] = 0; return buf; }
    if (!strcmp(v->name, "gtid_binlog_pos") || !strcmp(v->name, "gtid_current_pos") ||
        !strcmp(v->name, "gtid_binlog_state")) {
        if (v->name[5] == 'c') return current_pos(buf, cap);
        stor_binlog_gtid_pos(buf, cap);
        return buf;
    }
    if (!strcmp(v->name, "gtid_slave_pos")) { stor_slave_pos(buf, cap); return buf; }
    if (!strcmp(v->name, "sql_slave_skip_counter")) { snprintf(buf, cap, "%" PRIu64, ex_replica_skip_left()); return buf; }
    pthread_mutex_lock(&gmu);
    for (ovr *o = globals; o; o = o->next)
        if (o->v == v) { snprintf(buf, cap, "%s", o->val); pthread_mutex_unlock(&gmu); return buf; }
    pthread_mutex_unlock(&gmu);
    if (!strcmp(v->name, "slow_query_log_file") || !strcmp(v->name, "general_log_file")) {
        char host[200];   /* (MariaDB's defaults: <hostname>-slow.log, <hostname>.log) */
        gethostname(host, sizeof host);
        host[sizeof host - 1] = 0;
        snprintf(buf, cap, "%s%s.log", host, v->name[0] == 's' ? "-slow" : "");
        return buf;
    }
    return v->dflt;
}

static const pdb_collation *cs_coll(uint16_t id) { const pdb_collation *c = pdb_coll_by_id(id); return c ? c : pdb_coll_by_id(COLL_UTF8MB4_GENERAL_CI); }

/* Text of a variable for this session (NULL = SQL NULL). */
static const char *session_value(pdb_session *s, const sysvar *v, bool global, char *buf, size_t cap, stor_arena *a)
{
    if (global || (v->flags & SVF_GLOBAL)) return global_value(v, buf, cap);
    const char *n = v->name;
    if (!strcmp(n, "autocommit")) return s->autocommit ? "ON" : "OFF";
    if (!strcmp(n, "in_transaction")) return s->in_trans ? "1" : "0";
    if (!strcmp(n, "warning_count") || !strcmp(n, "error_count")) {   /* (the last statement's) */
        uint32_t k = s->warn_count;
        if (n[0] == 'e') {
            k = 0;
            for (uint32_t i = 0; i < s->nwarnings && s->warnings; i++) k += !strcmp(s->warnings[i].level, "Error");
        }
        snprintf(buf, cap, "%u", k);
        return buf;
    }
    if (!strcmp(n, "sql_mode")) return ex_sql_mode_str(s->sql_mode, a);
    if (!strcmp(n, "character_set_client")) return cs_coll(s->coll_client)->charset;
    if (!strcmp(n, "character_set_connection")) return cs_coll(s->coll_connection)->charset;
    if (!strcmp(n, "character_set_results")) return s->coll_results ? cs_coll(s->coll_results)->charset : NULL;
    if (!strcmp(n, "collation_connection")) return cs_coll(s->coll_connection)->name;
    if (!strcmp(n, "time_zone")) return s->time_zone;
    if (!strcmp(n, "max_allowed_packet")) { snprintf(buf, cap, "%llu", (unsigned long long)s->max_allowed_packet); return buf; }
    if (!strcmp(n, "max_session_mem_used")) { snprintf(buf, cap, "%llu", (unsigned long long)s->max_session_mem_used); return buf; }
    if (!strcmp(n, "wait_timeout")) { snprintf(buf, cap, "%u", s->wait_timeout); return buf; }
    if (!strcmp(n, "last_insert_id") || !strcmp(n, "identity")) { snprintf(buf, cap, "%llu", (unsigned long long)s->last_insert_id); return buf; }
    if (!strcmp(n, "insert_id")) { snprintf(buf, cap, "%llu", (unsigned long long)s->insert_id); return buf; }
    if (!strcmp(n, "timestamp")) {
        snprintf(buf, cap, "%.6f", (double)(s->fixed_now_us ? s->fixed_now_us : ex_now_us()) / 1e6);
        return buf;
    }
    if (!strcmp(n, "character_set_database") || !strcmp(n, "collation_database")) {
        /* the current database's, unless SET since the last USE (ex_sysvar_use_db) */
        for (ovr *o = s->sysvars; o; o = o->next) if (o->v == v) return o->val;
        stor_db *d = s->db[0] ? stor_db_find(s->db) : NULL;
        if (d) {
            const pdb_collation *c = cs_coll(d->coll);
            return n[0] == 'c' && n[1] == 'h' ? c->charset : c->name;
        }
    }
    for (ovr *o = s->sysvars; o; o = o->next) if (o->v == v) return o->val;
    /* a global value set before the session began is one of its own (session_start):
       one set since then is not the session's */
    return v->dflt;
}

static const char *isolation(pdb_session *s)
{
    if (s->tx_next_iso[0]) return s->tx_next_iso;
    static _Atomic(const sysvar *) iso;
    const sysvar *v = iso;
    if (!v) iso = v = find_var("tx_isolation");
    for (ovr *o = s->sysvars; o; o = o->next) if (o->v == v) return o->val;
    return v->dflt;   /* (the global value at its start is in s->sysvars) */
}

bool ex_sysvar_read_committed(pdb_session *s)
{
    const char *val = isolation(s);
    return !strncasecmp(val, "READ-COMM", 9) || !strncasecmp(val, "READ-UNCO", 9);
}

bool ex_sysvar_serializable(pdb_session *s) { return !strcasecmp(isolation(s), "SERIALIZABLE"); }

static int typed_value(const sysvar *v, const char *val, pdb_value *out, stor_arena *a, ex_type *t);

/* A global-only variable's name as MariaDB spells it (NULL for others): @@session.name and
 * @@local.name refuse it (1238). (MariaDB reads slow_query_log in a session too, as its
 * log_slow_query.) */
const char *ex_sysvar_global_only(const char *name)
{
    const sysvar *v = find_var(name);
    return v && (v->flags & SVF_GLOBAL) && strcmp(v->name, "slow_query_log") ? v->name : NULL;
}

int ex_sysvar_get(pdb_session *s, const char *name, bool global, pdb_value *out, stor_arena *a, ex_type *t)
{
    const sysvar *v = find_var(name);
    if (!v) return -1;
    char buf[256];
    return typed_value(v, session_value(s, v, global, buf, sizeof buf, a), out, a, t);
}

size_t pdb_tmp_table_limit(pdb_session *s)
{
    uint64_t lim = UINT64_MAX;
    static const char *const vars[] = { "tmp_table_size", "max_heap_table_size" };
    stor_arena a;
    stor_arena_init(&a);
    for (int i = 0; i < 2; i++) {
        pdb_value v;
        ex_type t;
        if (ex_sysvar_get(s, vars[i], false, &v, &a, &t) == 0 && v.t != VT_NULL) {
            uint64_t x = v.t == VT_UINT ? v.u : (uint64_t)ex_to_int(&v);
            if (x < lim) lim = x;
        }
    }
    stor_arena_free(&a);
    return lim > SIZE_MAX / 2 ? SIZE_MAX / 2 : (size_t)lim;
}

int ex_sysvar_compiled(const char *name, pdb_value *out, stor_arena *a, ex_type *t)
{
    const sysvar *v = find_var(name);
    if (!v || !v->dflt) return -1;
    return typed_value(v, v->dflt, out, a, t);
}

/* A variable's value as text (NULL: NULL) typed as the variable is. */
static int typed_value(const sysvar *v, const char *val, pdb_value *out, stor_arena *a, ex_type *t)
{
    memset(t, 0, sizeof *t);
    t->coll = COLL_BINARY;
    if (!val) { *out = ex_null(); t->vt = VT_STRING; t->ptype = MYSQL_TYPE_VAR_STRING; t->coll = COLL_UTF8MB3_GENERAL_CI; t->nullable = true; t->length = 96; return 0; }
    if (v->type == SV_BOOL) {
        *out = ex_int(!strcasecmp(val, "ON") || !strcmp(val, "1"));
        t->vt = VT_INT; t->ptype = MYSQL_TYPE_LONGLONG; t->length = 1; t->flags = NUM_FLAG | BINARY_FLAG;
        return 0;
    }
    if (v->type == SV_DOUBLE) {
        *out = ex_dbl(strtod(val, NULL));
        t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 21; t->decimals = 6; t->flags = NUM_FLAG | BINARY_FLAG;
        return 0;
    }
    if (v->type == SV_INT || v->type == SV_UINT) {
        *out = ex_int(strtoll(val, NULL, 10));
        if (v->type == SV_UINT) { out->t = VT_UINT; out->u = strtoull(val, NULL, 10); t->flags |= UNSIGNED_FLAG; }
        t->vt = out->t; t->ptype = MYSQL_TYPE_LONGLONG; t->length = 21; t->flags |= NUM_FLAG | BINARY_FLAG;
        return 0;
    }
    size_t n = strlen(val);
    char *p = stor_arena_strndup(a, val, n);
    *out = ex_str(p, n, COLL_UTF8MB3_GENERAL_CI);
    t->vt = VT_STRING; t->ptype = MYSQL_TYPE_VAR_STRING; t->coll = COLL_UTF8MB3_GENERAL_CI;
    t->length = (uint32_t)(n > 0 ? n : 1) * 3;
    if (t->length < 3) t->length = 3;
    return 0;
}

static void set_override(ovr **list, const sysvar *v, const char *val)
{
    for (ovr *o = *list; o; o = o->next)
        if (o->v == v) { free(o->val); o->val = strdup(val); return; }
    ovr *o = calloc(1, sizeof *o);
    o->v = v; o->val = strdup(val);
    o->next = *list; *list = o;
}

/* max_session_mem_used is at least 8192 (MariaDB's minimum; a smaller value is raised
 * to it with a 1292 warning, which err holds for the caller: 2); buf gets the text. */
static int mem_used_clamp(const char *text, char *buf, size_t cap, ex_err *err)
{
    unsigned long long v = strtoull(text, NULL, 10);
    if (text[0] == '-') v = 0;
    if (v > 9223372036854775807ull) v = 9223372036854775807ull;
    int rc = 0;
    if (v < 8192) {
        err->code = 1292; strcpy(err->state, "HY000");
        snprintf(err->msg, sizeof err->msg, "Truncated incorrect max_session_mem_used value: '%.100s'", text);
        v = 8192;
        rc = 2;
    }
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%llu", v);
    snprintf(buf, cap, "%s", tmp);
    return rc;
}

/* ---------------------------------------------------------------- max_statement_time */

/* A DOUBLE variable (max_statement_time: seconds, 0 = none) is kept as "%.6f" within
 * 0..31536000; a value outside is brought in with a 1292 warning (err, return 2). */
static int stmt_time_clamp(const sysvar *v, const char *text, char *buf, size_t cap, ex_err *err)
{
    double d = strtod(text, NULL);
    int rc = 0;
    if (!(d >= 0) || d > 31536000.0) {
        err->code = 1292; strcpy(err->state, "HY000");
        snprintf(err->msg, sizeof err->msg, "Truncated incorrect %s value: '%.100s'", v->name, text);
        d = d > 31536000.0 ? 31536000.0 : 0;
        rc = 2;
    }
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%.6f", d);
    snprintf(buf, cap, "%s", tmp);
    return rc;
}

static const sysvar *stmt_time_var(void)
{
    static _Atomic(const sysvar *) mst;
    const sysvar *v = mst;
    if (!v) mst = v = find_var("max_statement_time");
    return v;
}

static const sysvar *long_query_var(void)
{
    static _Atomic(const sysvar *) lqt;
    const sysvar *v = lqt;
    if (!v) lqt = v = find_var("long_query_time");
    return v;
}

static uint64_t secs_to_ns(const char *text)
{
    double d = text ? strtod(text, NULL) : 0;
    return d > 0 ? (uint64_t)(d * 1e9) : 0;
}

/* The global value in ns, so that a statement finds its limit without the lock. */
static _Atomic uint64_t stmt_time_global_ns;
static _Atomic uint64_t long_query_global_ns = 10000000000ull;
static _Atomic bool slow_log_on, general_log_on, log_to_file = true;
/* max_prepared_stmt_count, read by every prepare (server/stmt.c) without the lock */
static _Atomic uint32_t max_prepared_global = 16382;

uint32_t pdb_max_prepared_stmts(void) { return atomic_load_explicit(&max_prepared_global, memory_order_relaxed); }

/* log_output's value made MariaDB's (upper case, members in its NONE, FILE, TABLE order);
 * a value naming TABLE is refused: pressdb has no mysql.general_log or slow_log tables. */
static int log_output_norm(const char *text, char *buf, size_t cap, ex_err *err)
{
    static const char *const names[] = { "TABLE", "FILE", "NONE" };
    bool has[3] = { false, false, false };
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        int k = 0;
        while (k < 3 && !(strlen(names[k]) == n && !strncasecmp(p, names[k], n))) k++;
        if (k == 3 || k == 0) {
            err->code = 1231; strcpy(err->state, "42000");
            snprintf(err->msg, sizeof err->msg, "Variable 'log_output' can't be set to the value of '%.200s'", text);
            return -1;
        }
        has[k] = true;
        p += n + (e != NULL);
    }
    snprintf(buf, cap, "%s%s%s", has[2] ? "NONE" : "", has[1] && has[2] ? "," : "", has[1] ? "FILE" : "");
    return 0;
}

/* default_regex_flags, a SET: its members in MariaDB's order (a number is their bits). */
static int regex_flags_norm(const pdb_value *val, const char *text, char *buf, size_t cap, ex_err *err)
{
    static const char *const names[] = { "DOTALL", "DUPNAMES", "EXTENDED", "EXTENDED_MORE", "EXTRA", "MULTILINE", "UNGREEDY" };
    enum { N = sizeof names / sizeof names[0] };
    unsigned bits = 0;
    bool bad = false;
    if (val->t == VT_INT || val->t == VT_UINT) {
        bad = val->i < 0 || val->i >= (1 << N);
        bits = bad ? 0 : (unsigned)val->i;
    } else {
        for (const char *p = text; *p && !bad;) {
            const char *e = strchr(p, ',');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            int k = 0;
            while (k < N && !(strlen(names[k]) == n && !strncasecmp(p, names[k], n))) k++;
            if (k == N) bad = n > 0 || !e;   /* (empty members are skipped, as MariaDB's) */
            else bits |= 1u << k;
            p += n + (e != NULL);
        }
    }
    if (bad) {
        err->code = 1231; strcpy(err->state, "42000");
        snprintf(err->msg, sizeof err->msg, "Variable 'default_regex_flags' can't be set to the value of '%.200s'", text);
        return -1;
    }
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < N; i++)
        if (bits & (1u << i)) k += (size_t)snprintf(buf + k, cap - k, "%s%s", k ? "," : "", names[i]);
    return 0;
}

static _Atomic bool read_only_on;   /* read at every table opened for writing */

bool ex_sysvar_read_only(void) { return atomic_load_explicit(&read_only_on, memory_order_relaxed); }

/* lc_messages, lc_time_names: a known locale, spelt as MariaDB spells it (en_us -> en_US).
 * (pressdb's messages stay English whatever lc_messages says.) */
static const char *locale_norm(const char *text, ex_err *err)
{
    const char *name = ex_locale_name(text, strlen(text));
    if (!name) {
        err->code = 1649; strcpy(err->state, "HY000");
        snprintf(err->msg, sizeof err->msg, "Unknown locale: '%.64s'", text);
    }
    return name;
}

/* An ON/OFF enum's value (event_scheduler): ON, OFF, 1 or 0 in any case, as its member's name */
static const char *on_off_norm(const sysvar *v, const char *text, ex_err *err)
{
    if (!strcasecmp(text, "ON") || !strcmp(text, "1")) return "ON";
    if (!strcasecmp(text, "OFF") || !strcmp(text, "0")) return "OFF";
    err->code = 1231; strcpy(err->state, "42000");
    snprintf(err->msg, sizeof err->msg, "Variable '%s' can't be set to the value of '%.200s'", v->name, text);
    return NULL;
}

static void note_global(const char *name, const char *text)
{
    if (!strcmp(name, "read_only"))
        atomic_store(&read_only_on, text && (!strcasecmp(text, "ON") || !strcmp(text, "1") || !strcasecmp(text, "TRUE")));
    if (!strcmp(name, "max_statement_time")) atomic_store(&stmt_time_global_ns, secs_to_ns(text));
    if (!strcmp(name, "long_query_time")) atomic_store(&long_query_global_ns, secs_to_ns(text));
    if (!strcmp(name, "slow_query_log"))
        atomic_store(&slow_log_on, text && (!strcasecmp(text, "ON") || !strcmp(text, "1") || !strcasecmp(text, "TRUE")));
    if (!strcmp(name, "general_log"))
        atomic_store(&general_log_on, text && (!strcasecmp(text, "ON") || !strcmp(text, "1") || !strcasecmp(text, "TRUE")));
    if (!strcmp(name, "log_output")) atomic_store(&log_to_file, text && strstr(text, "FILE") && !strstr(text, "NONE"));
    /* the binary log's identity and limits */
    static uint32_t sid = 1, dom;
    if (!strcmp(name, "server_id") || !strcmp(name, "gtid_domain_id")) {
        unsigned long long n = text ? strtoull(text, NULL, 10) : 0;
        if (name[0] == 's') sid = (uint32_t)n; else dom = (uint32_t)n;
        stor_binlog_set_ids(sid, dom);
    }
    if (!strcmp(name, "max_binlog_size")) stor_binlog_set_max_size(text ? strtoull(text, NULL, 10) : 0);
    if (!strcmp(name, "collation_server") && text && pdb_coll_by_name(text)) stor_binlog_set_collation(pdb_coll_by_name(text)->id);
    if (!strcmp(name, "binlog_expire_logs_seconds")) stor_binlog_set_expire(text ? strtoull(text, NULL, 10) : 0);
    if (!strcmp(name, "expire_logs_days")) stor_binlog_set_expire(text ? (uint64_t)(strtod(text, NULL) * 86400) : 0);
    if (!strcmp(name, "sync_binlog")) stor_binlog_set_sync(text && strtoull(text, NULL, 10) > 0);
    if (!strcmp(name, "max_prepared_stmt_count")) {
        unsigned long long n = text ? strtoull(text, NULL, 10) : 0;
        atomic_store(&max_prepared_global, n > UINT32_MAX ? UINT32_MAX : (uint32_t)n);
    }
}

uint64_t ex_sysvar_stmt_time_ns(pdb_session *s)
{
    const sysvar *v = stmt_time_var();
    for (ovr *o = s->sysvars; o; o = o->next)
        if (o->v == v) return secs_to_ns(o->val);
    return secs_to_ns(v->dflt);   /* the global one at its start is in s->sysvars */
}

uint64_t ex_sysvar_long_query_ns(pdb_session *s)
{
    const sysvar *v = long_query_var();
    for (ovr *o = s->sysvars; o; o = o->next)
        if (o->v == v) return secs_to_ns(o->val);
    return secs_to_ns(v->dflt);
}

bool ex_sysvar_slow_log_on(void)
{
    return atomic_load_explicit(&slow_log_on, memory_order_relaxed) && atomic_load_explicit(&log_to_file, memory_order_relaxed);
}

bool pdb_general_log_file(const pdb_session *s, char *buf, size_t cap)
{
    if (!atomic_load_explicit(&general_log_on, memory_order_relaxed) || !atomic_load_explicit(&log_to_file, memory_order_relaxed))
        return false;
    if (s) {   /* SET sql_log_off = ON: not this session's statements */
        static _Atomic(const sysvar *) off;
        const sysvar *v = off;
        if (!v) off = v = find_var("sql_log_off");
        for (const ovr *o = s->sysvars; o; o = o->next)
            if (o->v == v && o->val && !strcmp(o->val, "ON")) return false;
    }
    const char *v = global_value(find_var("general_log_file"), buf, cap);
    if (v != buf) snprintf(buf, cap, "%s", v);
    return true;
}

/* slow_query_log_file: its value, by default <hostname>-slow.log (in the datadir) */
void ex_sysvar_slow_log_file(char *buf, size_t cap)
{
    const char *v = global_value(find_var("slow_query_log_file"), buf, cap);
    if (v != buf) snprintf(buf, cap, "%s", v);
}

bool ex_sysvar_overridden(pdb_session *s, const char *name)
{
    const sysvar *v = find_var(name);
    for (ovr *o = s->sysvars; o; o = o->next)
        if (o->v == v) return true;
    return false;
}

/* A USE: character_set_database and collation_database are the database's again. */
void ex_sysvar_use_db(pdb_session *s)
{
    ex_sysvar_forget(s, "character_set_database");
    ex_sysvar_forget(s, "collation_database");
    ex_track_schema(s, s->db);
}

/* ---- session state tracking (MariaDB's SESSION_TRACK data of an OK packet) ----
 * An entry: its type (0 a system variable, 1 the schema), its length, then the
 * variable's name and value (or the schema's name), each a length-prefixed string.
 * Names and values here are shorter than 251 bytes, so each length is one byte. */

static void track_add(pdb_session *s, uint8_t type, const char *a, const char *b)
{
    size_t la = strlen(a), lb = b ? strlen(b) : 0, body = 1 + la + (b ? 1 + lb : 0);
    if (la > 250 || lb > 250 || body > 250 || s->track_len + 2 + body > sizeof s->track) return;
    uint8_t *p = s->track + s->track_len;
    *p++ = type;
    *p++ = (uint8_t)body;
    *p++ = (uint8_t)la; memcpy(p, a, la); p += la;
    if (b) { *p++ = (uint8_t)lb; memcpy(p, b, lb); p += lb; }
    s->track_len = (uint16_t)(p - s->track);
}

void ex_track_var(pdb_session *s, const char *name, const char *value)
{
    track_add(s, 0, name, value);
}

void ex_track_schema(pdb_session *s, const char *db)
{
    track_add(s, 1, db, NULL);
}

const uint8_t *pdb_session_track_take(pdb_session *s, size_t *len)
{
    *len = s->track_len;
    s->track_len = 0;
    return s->track;
}

void ex_sysvar_forget(pdb_session *s, const char *name)
{
    const sysvar *v = find_var(name);
    for (ovr **p = &s->sysvars; *p; p = &(*p)->next)
        if ((*p)->v == v) {
            ovr *o = *p;
            *p = o->next;
            free(o->val);
            free(o);
            return;
        }
}

/* ---------------------------------------------------------------- statement memory */

static void mem_full(void *arg, int why, size_t bytes)
{
    ex_ctx *ctx = arg;
    if (why == STOR_FULL_LIMIT)
        ex_raise(ctx, 1290, "HY000", "The MariaDB server is running with the --max-session-mem-used=%llu option so it cannot execute this statement",
                 (unsigned long long)ctx->s->max_session_mem_used);
    ex_raise(ctx, 1037, "HY001", "Out of memory; restart server and try again (needed %zu bytes)", bytes);
}

void ex_mem_guard(ex_ctx *ctx, bool on)
{
    stor_arena *a = &ctx->s->arena;
    if (!on) { stor_arena_guard(a, 0, NULL, NULL); return; }
    uint64_t lim = ctx->s->max_session_mem_used;
    stor_arena_guard(a, lim >= SIZE_MAX ? 0 : (size_t)lim, mem_full, ctx);
}

uint64_t ex_sysvar_mem_default(void)
{
    char buf[64];
    return strtoull(global_value(find_var("max_session_mem_used"), buf, sizeof buf), NULL, 10);
}

/* As MariaDB: a session starts with the global values of its variables, so SET GLOBAL
 * changes the sessions made after it (not the ones already there). The values set
 * globally are copied under the lock and then set as SET SESSION would. */
void ex_sysvar_session_start(pdb_session *s)
{
    const sysvar **vs = NULL;
    char **vals = NULL;
    int n = 0;
    pthread_mutex_lock(&gmu);
    for (ovr *o = globals; o; o = o->next) n += !(o->v->flags & (SVF_GLOBAL | SVF_RO));
    if (n) {
        vs = stor_arena_alloc(&s->arena, (size_t)n * sizeof *vs);
        vals = stor_arena_alloc(&s->arena, (size_t)n * sizeof *vals);
        n = 0;
        for (ovr *o = globals; o; o = o->next)
            if (!(o->v->flags & (SVF_GLOBAL | SVF_RO))) { vs[n] = o->v; vals[n++] = stor_arena_strndup(&s->arena, o->val, strlen(o->val)); }
    }
    pthread_mutex_unlock(&gmu);
    for (int i = 0; i < n; i++) {
        if (!strcmp(vs[i]->name, "max_allowed_packet")) continue;   /* read-only per session; set at init */
        pdb_value val = { 0 };
        const char *t = vals[i];
        if (vs[i]->type == SV_INT) { val.t = VT_INT; val.i = strtoll(t, NULL, 10); }
        else if (vs[i]->type == SV_UINT) { val.t = VT_UINT; val.u = strtoull(t, NULL, 10); }
        else if (vs[i]->type == SV_DOUBLE) { val.t = VT_DOUBLE; val.d = strtod(t, NULL); }
        else { val.t = VT_STRING; val.p = t; val.len = (uint32_t)strlen(t); }
        ex_err err;
        (void)ex_sysvar_set(s, vs[i]->name, false, &val, &err, &s->arena);
    }
}

int ex_sysvar_set(pdb_session *s, const char *name, bool global, const pdb_value *val, ex_err *err, stor_arena *a)
{
    const sysvar *v = find_var(name);
    if (!v) {
        err->code = 1193; strcpy(err->state, "HY000");
        snprintf(err->msg, sizeof err->msg, "Unknown system variable '%s'", name);
        return -1;
    }
    if (!global && !s->in_trans && !strcmp(v->name, "tx_read_only")) s->txn_ro = 0;   /* (the mode ex_txn_read_only keeps) */
    if (v->flags & SVF_RO) {
        err->code = 1238; strcpy(err->state, "HY000");
        snprintf(err->msg, sizeof err->msg, "Variable '%s' is a read only variable", v->name);
        return -1;
    }
    if ((v->flags & SVF_GLOBAL) && !global) {
        err->code = 1229; strcpy(err->state, "HY000");
        snprintf(err->msg, sizeof err->msg, "Variable '%s' is a GLOBAL variable and should be set with SET GLOBAL", v->name);
        return -1;
    }
    if (!global && !strcmp(v->name, "max_allowed_packet")) {
        err->code = 1621; strcpy(err->state, "HY000");
        snprintf(err->msg, sizeof err->msg, "SESSION variable 'max_allowed_packet' is read-only. Use SET GLOBAL to assign the value");
        return -1;
    }
    char buf[1100];
    const char *text;
    if (val->t == VT_NULL) {
        if (!(v->flags & SVF_NULLABLE)) {
            err->code = 1231; strcpy(err->state, "42000");
            snprintf(err->msg, sizeof err->msg, "Variable '%s' can't be set to the value of 'NULL'", v->name);
            return -1;
        }
        text = NULL;
    } else if (val->t == VT_STRING) {
        snprintf(buf, sizeof buf, "%.*s", (int)(val->len > 1024 ? 1024 : val->len), val->p);
        text = buf;
    } else {
        char tmp[64]; const char *o;
        size_t n = pdb_value_text(val, NULL, tmp, sizeof tmp, &o);
        snprintf(buf, sizeof buf, "%.*s", (int)n, o);
        text = buf;
    }
    if (v->type == SV_BOOL && text) {
        if (!strcasecmp(text, "ON") || !strcmp(text, "1") || !strcasecmp(text, "TRUE")) text = "ON";
        else if (!strcasecmp(text, "OFF") || !strcmp(text, "0") || !strcasecmp(text, "FALSE")) text = "OFF";
        else {
            err->code = 1231; strcpy(err->state, "42000");
            snprintf(err->msg, sizeof err->msg, "Variable '%s' can't be set to the value of '%.200s'", v->name, text);
            return -1;
        }
    }
    if ((v->type == SV_INT || v->type == SV_UINT || v->type == SV_DOUBLE) && text && val->t == VT_STRING) {
        err->code = 1232; strcpy(err->state, "42000");
        snprintf(err->msg, sizeof err->msg, "Incorrect argument type to variable '%s'", v->name);
        return -1;
    }
    const char *n = v->name;
    int rc = 0;
    if (!strcmp(n, "event_scheduler") && text && !(text = on_off_norm(v, text, err))) return -1;
    if (!strcmp(n, "log_output") && text) {
        if (log_output_norm(text, buf, sizeof buf, err) < 0) return -1;
        text = buf;
    }
    if (!strcmp(n, "default_regex_flags") && text) {
        if (regex_flags_norm(val, text, buf, sizeof buf, err) < 0) return -1;
        text = buf;
    }
    if (!strcmp(n, "binlog_format") && text) {
        /* MariaDB's three values; with the binary log on, pressdb writes rows only: a
           statement or mixed format it would not honour is refused */
        static const char *const fm[] = { "MIXED", "STATEMENT", "ROW" };
        int k = 0;
        if (val->t != VT_STRING) k = (int)strtol(text, NULL, 10);
        else while (k < 3 && strcasecmp(text, fm[k])) k++;
        if (k < 0 || k > 2 || (k != 2 && stor_binlog_on())) {
            err->code = 1231; strcpy(err->state, "42000");
            snprintf(err->msg, sizeof err->msg, "Variable 'binlog_format' can't be set to the value of '%.200s'", text);
            return -1;
        }
        snprintf(buf, sizeof buf, "%s", fm[k]);
        text = buf;
    }
    if (!strncmp(n, "lc_", 3) && text && val->t == VT_STRING && !(text = locale_norm(text, err))) return -1;
    if (!strcmp(n, "max_session_mem_used") && text) rc = mem_used_clamp(text, buf, sizeof buf, err);
    if (v->type == SV_DOUBLE && text && strcmp(n, "timestamp")) rc = stmt_time_clamp(v, text, buf, sizeof buf, err);
    if (!strcmp(n, "sql_mode")) {
        uint32_t m = 0;
        if (val->t != VT_STRING && text) {
            m = (uint32_t)strtoul(text, NULL, 10);
        } else if (text && parse_sql_mode(text, &m) != 0) {
            err->code = 1231; strcpy(err->state, "42000");
            snprintf(err->msg, sizeof err->msg, "Variable 'sql_mode' can't be set to the value of '%.200s'", text);
            return -1;
        }
        if (!global) { s->sql_mode = m; return 0; }
        text = ex_sql_mode_str(m, a);
    }
    if (!strcmp(n, "sql_slave_skip_counter")) return ex_replica_skip_set(text, err);   /* (the replica's) */
    if (!global) {
        if (!strcmp(n, "autocommit")) {
            s->autocommit = !strcmp(text, "ON");
            ex_track_var(s, "autocommit", s->autocommit ? "ON" : "OFF");
            return 1;
        }
        if (!strncmp(n, "character_set_", 14) || !strcmp(n, "collation_connection") ||
            !strcmp(n, "collation_database") || !strcmp(n, "collation_server")) {
            const pdb_collation *c = NULL;
            if (text) c = !strncmp(n, "collation", 9) ? pdb_coll_by_name(text) : pdb_coll_default_for(text);
            if (text && !c) {
                err->code = !strncmp(n, "collation", 9) ? 1273 : 1115; strcpy(err->state, "42000");
                snprintf(err->msg, sizeof err->msg, !strncmp(n, "collation", 9) ? "Unknown collation: '%s'" : "Unknown character set: '%s'", text);
                if (err->code == 1273) strcpy(err->state, "HY000");
                return -1;
            }
            if (!strcmp(n, "character_set_client")) s->coll_client = c->id, ex_track_var(s, n, c->charset);
            else if (!strcmp(n, "character_set_connection") || !strcmp(n, "collation_connection")) {
                s->coll_connection = c->id;
                if (n[0] == 'c' && n[1] == 'h') ex_track_var(s, n, c->charset);
            } else if (!strcmp(n, "character_set_results")) {
                s->coll_results = c ? c->id : 0;
                ex_track_var(s, n, c ? c->charset : "");
            }
            else if (c && (!strcmp(n + 14, "database") || !strcmp(n + 14, "server") ||
                           !strcmp(n + 10, "database") || !strcmp(n + 10, "server"))) {
                /* the character set and its collation move together (the set's default) */
                const char *what = strchr(n, '_') + 1;
                if (!strncmp(what, "set_", 4)) what += 4;
                char cs[40], co[40];
                snprintf(cs, sizeof cs, "character_set_%s", what);
                snprintf(co, sizeof co, "collation_%s", what);
                set_override(&s->sysvars, find_var(cs), c->charset);
                set_override(&s->sysvars, find_var(co), c->name);
            } else set_override(&s->sysvars, v, text);
            return 0;
        }
        if (!strcmp(n, "time_zone")) {
            char norm[64];
            if (!text || ex_tz_parse(text, norm, sizeof norm) < 0) {
                err->code = 1298; strcpy(err->state, "HY000");
                snprintf(err->msg, sizeof err->msg, "Unknown or incorrect time zone: '%.60s'", text ? text : "NULL");
                return -1;
            }
            snprintf(s->time_zone, sizeof s->time_zone, "%s", norm);
            ex_track_var(s, "time_zone", s->time_zone);
            return 0;
        }
        if (!strcmp(n, "wait_timeout")) { s->wait_timeout = (uint32_t)strtoul(text, NULL, 10); return 0; }
        if (!strcmp(n, "max_session_mem_used")) { s->max_session_mem_used = strtoull(text, NULL, 10); return rc; }
        if (!strcmp(n, "last_insert_id") || !strcmp(n, "identity")) { s->last_insert_id = strtoull(text, NULL, 10); return 0; }
        if (!strcmp(n, "sql_log_bin")) {   /* (then kept as the override too, for reading) */
            s->sql_log_bin_off = text && (!strcasecmp(text, "OFF") || !strcmp(text, "0"));
        }
        if (!strcmp(n, "insert_id")) { s->insert_id = strtoull(text ? text : "0", NULL, 10); return 0; }
        if (!strcmp(n, "timestamp")) {   /* NOW() and its kin answer this until DEFAULT or 0 */
            double d = text ? strtod(text, NULL) : 0;
            s->fixed_now_us = d > 0 ? (int64_t)(d * 1e6 + 0.5) : 0;
            return 0;
        }
        set_override(&s->sysvars, v, text ? text : "");
        return rc;
    }
    if (!strcmp(n, "gtid_slave_pos")) return ex_gtid_slave_pos_set(text, err);   /* (kept in the log) */
    pthread_mutex_lock(&gmu);
    set_override(&globals, v, text ? text : "");
    pthread_mutex_unlock(&gmu);
    note_global(v->name, text);
    return rc;
}

int pdb_set_global_default(const char *name, const char *value)
{
    char norm[128];
    snprintf(norm, sizeof norm, "%s", name);
    for (char *c = norm; *c; c++) if (*c == '-') *c = '_';
    const sysvar *v = find_var(norm);
    if (!v) return -1;
    char num[32];
    if (!strcmp(v->name, "max_session_mem_used")) {
        /* K/M/G suffixes as on the command line, at least MariaDB's minimum */
        char *end;
        unsigned long long n = strtoull(value, &end, 10);
        int sh = (*end == 'K' || *end == 'k') ? 10 : (*end == 'M' || *end == 'm') ? 20 : (*end == 'G' || *end == 'g') ? 30 : 0;
        n = n > (9223372036854775807ull >> sh) ? 9223372036854775807ull : n << sh;
        snprintf(num, sizeof num, "%llu", n < 8192 ? 8192ull : n);
        value = num;
    }
    if (v == stmt_time_var() || v == long_query_var()) {
        stmt_time_clamp(v, value, num, sizeof num, &(ex_err){ 0 });
        value = num;
    }
    pthread_mutex_lock(&gmu);
    set_override(&globals, v, value);
    pthread_mutex_unlock(&gmu);
    note_global(v->name, value);
    if (!strcmp(v->name, "innodb_flush_log_at_trx_commit")) stor_set_flush_mode(atoi(value));
    if (!strcmp(v->name, "innodb_log_file_size")) {
        /* K/M/G suffixes as on the command line */
        char *end;
        unsigned long long n = strtoull(value, &end, 10);
        if (*end == 'K' || *end == 'k') n <<= 10;
        else if (*end == 'M' || *end == 'm') n <<= 20;
        else if (*end == 'G' || *end == 'g') n <<= 30;
        ex_checkpoint_at = n < 4096 ? 4096 : n;
    }
    return 0;
}

void ex_sysvar_list(pdb_session *s, bool global, void (*fn)(void *, const char *, const char *), void *ctx, stor_arena *a)
{
    char buf[256];
    pthread_once(&var_once, var_index);
    for (size_t i = 0; i < NALL; i++) {
        if (global && (all_vars[i]->flags & SVF_SESSION_ONLY)) continue;
        const char *val = session_value(s, all_vars[i], global, buf, sizeof buf, a);
        fn(ctx, all_vars[i]->name, val ? val : "");
    }
}

/* ---- user variables ---- */

void ex_uservar_get(pdb_session *s, const char *name, pdb_value *out)
{
    for (pdb_uservar *u = s->uservars; u; u = u->next)
        if (!strcasecmp(u->name, name)) { *out = u->v; return; }
    *out = ex_null();
}

bool pdb_uservar_text(pdb_session *s, const char *name, char *out, size_t cap)
{
    pdb_value v;
    ex_uservar_get(s, name, &v);
    if (v.t == VT_NULL || !cap) return false;
    if (v.t == VT_STRING || (v.t == VT_DECIMAL && v.len)) snprintf(out, cap, "%.*s", (int)v.len, v.p ? v.p : "");
    else if (v.t == VT_UINT) snprintf(out, cap, "%llu", (unsigned long long)v.u);
    else if (v.t == VT_DOUBLE) snprintf(out, cap, "%.17g", v.d);
    else snprintf(out, cap, "%lld", (long long)v.i);
    return true;
}

void ex_uservar_set(pdb_session *s, const char *name, const pdb_value *v)
{
    pdb_uservar *u;
    for (u = s->uservars; u; u = u->next) if (!strcasecmp(u->name, name)) break;
    if (!u) {
        u = calloc(1, sizeof *u);
        u->name = strdup(name);
        u->next = s->uservars;
        s->uservars = u;
    }
    free(u->buf);
    u->buf = NULL;
    u->v = *v;
    if (u->v.t == VT_STRING) u->v.scale = 0;   /* a plain string, even from a hexadecimal literal */
    if (v->t == VT_STRING || (v->t == VT_DECIMAL && v->len)) {   /* (a wide decimal is text too) */
        u->buf = malloc(v->len + 1);
        if (v->len) memcpy(u->buf, v->p, v->len);
        u->buf[v->len] = 0;
        u->v.p = u->buf;
    }
}

void ex_session_vars_free(pdb_session *s)
{
    pdb_uservar *u = s->uservars;
    while (u) { pdb_uservar *n = u->next; free(u->name); free(u->buf); free(u); u = n; }
    s->uservars = NULL;
    ovr *o = s->sysvars;
    while (o) { ovr *n = o->next; free(o->val); free(o); o = n; }
    s->sysvars = NULL;
}
