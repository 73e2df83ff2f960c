/* exec.c - the engine's front door: sessions, the statement loop of a COM_QUERY
 * (parse, lock, run, commit or undo, report), result helpers, and DDL replay. */
#include "engine/eng.h"
#include "engine/jit_bridge.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <unistd.h>
#include <errno.h>

static void (*log_reopen_fn)(void);   /* the server's: FLUSH LOGS */
void pdb_set_log_reopen(void (*fn)(void)) { log_reopen_fn = fn; }

bool ex_replaying;
const char *ex_replay_text;

/* Log size that triggers a checkpoint: innodb_log_file_size. */
uint64_t ex_checkpoint_at = 100663296;

/* A checkpoint writes every table, so it also waits until the log holds half as many
 * bytes as the data held (stor_mem_used): its cost is then paid for by that much logged
 * work, and a load of n bytes snapshots O(log n) times instead of every 96 MiB (each time
 * longer: 5,000,000 rows loaded in 20.2 s of server CPU, 13.4 s without); replaying the
 * log after a crash costs about what loading the snapshot does. */
static uint64_t checkpoint_threshold(void)
{
    uint64_t half = stor_mem_used() / 2;
    return half > ex_checkpoint_at ? half : ex_checkpoint_at;
}

/* Checkpoints run on their own thread. A snapshot of a large store takes seconds; it is
 * written by a forked process (stor_checkpoint_begin), so the store is held only while
 * the log is set aside and the process is made (exclusive: nobody is inside the store
 * code, so no lock the child could need is held), and it sees the store exactly as the
 * set-aside log left it. A write statement that leaves the log past the threshold only
 * asks for one. When a process failed, the next checkpoint is the old blocking kind,
 * under the store lock shared: readers under it change nothing a snapshot reads (locking
 * reads and every write take it exclusive; the compression thread's passes too), and no
 * writer can open a transaction meanwhile. */
static pthread_mutex_t ck_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ck_cv = PTHREAD_COND_INITIALIZER;
static bool ck_due, ck_stop, ck_started, ck_cheap;
static pthread_t ck_thread;

/* cheap: hinted by storage (every table has a copy: the checkpoint only copies), at a
 * lower threshold than the log's own. */
static void checkpoint_now(bool cheap)
{
    char err[256];
    bool failed = false;
    size_t at = cheap ? STOR_CHEAP_WAL : checkpoint_threshold();
    if (!stor_checkpoint_forks() || stor_checkpoint_prev_pending()) {   /* (a process failed: the old way) */
        stor_lock_shared();
        failed = stor_wal_size() > at && !stor_any_open_txn() && stor_checkpoint(err, sizeof err) != 0;
        stor_unlock();
    } else {
        /* the store held only while the log is set aside and a process forked to write
           the snapshot (copy-on-write: what it sees stays as it was) */
        pid_t pid = 0;
        stor_lock_exclusive();
        failed = stor_wal_size() > at && !stor_any_open_txn() && stor_checkpoint_begin(&pid, err, sizeof err) != 0;
        stor_unlock();
        if (pid) failed = stor_checkpoint_end(pid, err, sizeof err) != 0;
    }
    if (!failed) return;
    fprintf(stderr, "pressdb: [Warning] checkpoint failed: %s\n", err);
    sleep(1);   /* (a full disk: try again after a later write, not in a loop) */
}

static void *checkpoint_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&ck_mu);
    for (;;) {
        while (!ck_due && !ck_stop) pthread_cond_wait(&ck_cv, &ck_mu);
        if (ck_stop) break;
        ck_due = false;
        bool cheap = ck_cheap;
        ck_cheap = false;
        pthread_mutex_unlock(&ck_mu);
        checkpoint_now(cheap);
        pthread_mutex_lock(&ck_mu);
    }
    pthread_mutex_unlock(&ck_mu);
    return NULL;
}

/* (under the store lock: ck_mu is a leaf) */
static void checkpoint_request(void)
{
    pthread_mutex_lock(&ck_mu);
    if (!ck_started && !ck_stop)
        ck_started = pthread_create(&ck_thread, NULL, checkpoint_main, NULL) == 0;
    ck_due = true;
    pthread_cond_signal(&ck_cv);
    pthread_mutex_unlock(&ck_mu);
}

/* storage's hint (evict.c's thread): a checkpoint now would only copy */
static void checkpoint_hint(void)
{
    pthread_mutex_lock(&ck_mu);
    if (!ck_started && !ck_stop)
        ck_started = pthread_create(&ck_thread, NULL, checkpoint_main, NULL) == 0;
    ck_due = ck_cheap = true;
    pthread_cond_signal(&ck_cv);
    pthread_mutex_unlock(&ck_mu);
}

static void checkpoint_thread_stop(void)
{
    pthread_mutex_lock(&ck_mu);
    ck_stop = true;
    bool started = ck_started;
    pthread_cond_signal(&ck_cv);
    pthread_mutex_unlock(&ck_mu);
    if (started) pthread_join(ck_thread, NULL);   /* (a checkpoint under way ends first) */
}

const char *pdb_server_version(void) { return "10.11.19-MariaDB-pressdb"; }

/* ---------------------------------------------------------------- sessions */

static stor_txn **txn_slot(pdb_session *s) { return &s->txn; }

static void txn_forget(pdb_session *s)
{
    stor_txn_free(s->txn);
    s->txn = NULL;
}

pdb_warning *pdb_warning_slot(pdb_session *s)
{
    if (s->nwarnings >= PDB_MAX_WARNINGS) return NULL;
    if (!s->warnings) {
        s->warnings = malloc(PDB_MAX_WARNINGS * sizeof *s->warnings);
        if (!s->warnings) return NULL;
    }
    return &s->warnings[s->nwarnings++];
}

/* One more condition of a failed statement in its diagnostics area (SHOW WARNINGS) */
static void list_condition(pdb_session *s, const char *level, uint16_t code, const char *msg)
{
    pdb_warning *w = pdb_warning_slot(s);
    if (w) {
        snprintf(w->level, sizeof w->level, "%s", level);
        w->code = code;
        snprintf(w->msg, sizeof w->msg, "%s", msg);
    }
    s->warn_count++;
}

void pdb_session_init(pdb_session *s, uint32_t conn_id)
{
    memset(s, 0, sizeof *s);
    s->conn_id = conn_id;
    s->autocommit = true;
    s->sql_mode = MODE_DEFAULT;
    s->coll_client = s->coll_connection = s->coll_results = COLL_UTF8MB4_GENERAL_CI;
    snprintf(s->time_zone, sizeof s->time_zone, "SYSTEM");
    s->max_allowed_packet = 16777216;
    s->wait_timeout = 28800;
    s->row_count = -1;
    s->infile_fd = -1;
    stor_arena_init(&s->arena);
    pdb_value v; ex_type t;
    if (ex_sysvar_get(s, "max_allowed_packet", true, &v, &s->arena, &t) == 0) s->max_allowed_packet = (uint64_t)ex_to_int(&v);
    s->max_session_mem_used = ex_sysvar_mem_default();
    ex_sysvar_session_start(s);
    stor_arena_reset(&s->arena);
}

/* ---------------------------------------------------------------- savepoints */

struct ex_savepoint { char name[PDB_NAME_LEN]; stor_mark mark; };

static int savepoint_find(pdb_session *s, const char *name)
{
    for (int i = 0; i < s->nsavepoints; i++)
        if (!strcasecmp(s->savepoints[i].name, name)) return i;
    return -1;
}

static void savepoint_set(ex_ctx *ctx, const char *name)
{
    pdb_session *s = ctx->s;
    if (!s->in_trans && s->autocommit) return;   /* outside a transaction it marks nothing */
    int i = savepoint_find(s, name);
    if (i >= 0) {   /* the same name again: the old one goes */
        memmove(&s->savepoints[i], &s->savepoints[i + 1], (size_t)(s->nsavepoints - i - 1) * sizeof *s->savepoints);
        s->nsavepoints--;
    }
    if (s->nsavepoints == s->csavepoints) {
        int nc = s->csavepoints ? s->csavepoints * 2 : 4;
        struct ex_savepoint *n = realloc(s->savepoints, (size_t)nc * sizeof *n);
        if (!n) ex_raise(ctx, 1038, "HY001", "Out of sort memory, consider increasing server sort buffer size");
        s->savepoints = n; s->csavepoints = nc;
    }
    snprintf(s->savepoints[s->nsavepoints].name, sizeof s->savepoints[0].name, "%s", name);
    s->savepoints[s->nsavepoints].mark = stor_txn_mark();
    s->nsavepoints++;
}

static void savepoints_clear(pdb_session *s) { s->nsavepoints = 0; }

/* The transaction ended: its snapshot no longer holds old versions. */
static void snap_release(pdb_session *s)
{
    if (s->snap) { stor_snap_release(s->snap); s->snap = 0; }
}

static void wait_forget(pdb_session *s)
{
    s->ai_pend_t = NULL;   /* (a wait that fails loses its ids, as InnoDB's) */
    if (s->row_wait_ns) ex_status_row_wait(s, 0);   /* (timed out, killed or gone: the wait ends) */
    if (s->wait_me) { stor_wait_end(s->wait_me); stor_queue_leave(s->wait_me); }
    s->wait_me = s->wait_blocker = 0;
    s->wait_named = false;
    s->wait_table = false;
    s->named_deadline_us = 0;
    free(s->resume);
    s->resume = NULL;
    s->resume_len = 0;
}

/* Does ending the session's transaction need the store lock? */
static bool txn_open(pdb_session *s)
{
    stor_txn *t = *txn_slot(s);
    return t && (s->in_trans || stor_txn_get_id(t) || s->snap);
}

static int rollback(pdb_session *s, bool may_block)
{
    if (txn_open(s)) {
        if (may_block) stor_lock_exclusive();
        else if (!stor_lock_try_exclusive()) return PDB_EXEC_MOVE;
        stor_txn_attach(*txn_slot(s));
        stor_txn_rollback();
        stor_txn_attach(NULL);
        snap_release(s);
        stor_mvcc_purge();
        stor_unlock();
    }
    snap_release(s);
    s->in_trans = false;
    savepoints_clear(s);
    return 0;
}

int pdb_session_rollback(pdb_session *s) { return rollback(s, stor_lock_may_block()); }

/* An event loop ends the transaction first (pdb_session_rollback); otherwise this
 * blocks, which the store lock's checker reports. */
static void session_rollback(pdb_session *s)
{
    wait_forget(s);
    rollback(s, true);
}

void __attribute__((noreturn)) ex_raise_locked(ex_ctx *ctx)
{
    if (ctx->stmt && ctx->stmt->lock_nowait)   /* (FOR UPDATE / LOCK IN SHARE MODE NOWAIT) */
        ex_raise(ctx, 1205, "HY000", "Lock wait timeout exceeded; try restarting transaction");
    ctx->s->wait_blocker = stor_blocker;
    ctx->s->wait_stmt_ms = ctx->stmt ? ctx->stmt->lock_wait_ms : 0;
    ex_raise(ctx, EX_LOCK_WAIT, "HY000", "lock wait");
}

static size_t (*proclist_fn)(pdb_proc *out, size_t max);
void pdb_set_processlist(size_t (*fn)(pdb_proc *out, size_t max)) { proclist_fn = fn; }
static size_t (*replica_hosts_fn)(pdb_replica_host *out, size_t max);
void pdb_set_replica_hosts(size_t (*fn)(pdb_replica_host *out, size_t max)) { replica_hosts_fn = fn; }
size_t ex_replica_hosts(pdb_replica_host *out, size_t max) { return replica_hosts_fn ? replica_hosts_fn(out, max) : 0; }

static uint32_t (*prepared_count_fn)(void);
void pdb_set_prepared_count(uint32_t (*fn)(void)) { prepared_count_fn = fn; }
static _Atomic uint32_t sql_prepared;   /* PREPARE name FROM ... statements, every session */
uint32_t pdb_sql_prepared(void) { return atomic_load_explicit(&sql_prepared, memory_order_relaxed); }
uint32_t ex_prepared_count(void) { return (prepared_count_fn ? prepared_count_fn() : 0) + pdb_sql_prepared(); }

pdb_proc *ex_processlist(ex_ctx *ctx, size_t *n)
{
    pdb_session *s = ctx->s;
    size_t max = 8192, k = 0;
    pdb_proc *a = malloc(max * sizeof *a);
    if (!a) ex_raise(ctx, 1041, "HY000", "Out of memory.");
    if (proclist_fn) k = proclist_fn(a, max);
    if (!k) {
        memset(a, 0, sizeof *a);
        a->id = s->conn_id;
        snprintf(a->user, sizeof a->user, "%s", s->user);
        snprintf(a->host, sizeof a->host, "%.71s", s->host);
        snprintf(a->db, sizeof a->db, "%s", s->db);
        a->command = "Query";
        k = 1;
    }
    /* without PROCESS (or SUPER) an account sees its own user's connections */
    bool all = !s->enforce_privs || (ex_privs_db(s, "") & (STOR_PRIV_PROCESS | STOR_PRIV_SUPER));
    size_t w = 0;
    for (size_t i = 0; i < k; i++)
        if (all || a[i].id == s->conn_id || !strcmp(a[i].user, s->user)) a[w++] = a[i];
    *n = w;
    return a;
}

/* A session variable's number (dflt when it cannot be read). */
static uint64_t session_uint(pdb_session *s, const char *name, uint64_t dflt)
{
    pdb_value v; ex_type t;
    stor_arena a;
    stor_arena_init(&a);
    if (ex_sysvar_get(s, name, false, &v, &a, &t) == 0) dflt = (uint64_t)ex_to_int(&v);
    stor_arena_free(&a);
    return dflt;
}

uint64_t pdb_wait_ms(pdb_session *s)
{
    if (s->wait_named && s->named_deadline_us) {
        int64_t left = s->named_deadline_us - ex_now_us();
        return left <= 0 ? 1 : (uint64_t)(left + 999) / 1000;
    }
    if (s->wait_table) return session_uint(s, "lock_wait_timeout", 86400) * 1000u;
    if (s->wait_stmt_ms) return s->wait_stmt_ms;
    return (uint64_t)pdb_lock_wait_timeout(s) * 1000u;
}

/* Is the session's transaction (the open one, else the one a statement would open) READ
 * ONLY? START TRANSACTION's mode, else SET TRANSACTION's for the next one, else
 * @@tx_read_only. */
bool ex_txn_read_only(pdb_session *s)
{
    if (s->no_account) return false;   /* (a replica's applier, the server's own work) */
    if (s->txn_ro) return s->txn_ro == 2;
    bool ro = s->tx_next_ro ? s->tx_next_ro == 2 : session_uint(s, "tx_read_only", 0) != 0;
    /* an open transaction keeps its mode; an autocommit statement's is kept until it ends
       (exec.c clears it then) or it sets @@tx_read_only (sysvar.c), one lookup a statement */
    s->txn_ro = ro ? 2 : 1;
    return ro;
}

/* MariaDB's 1792: a write, or a statement it never allows, in a READ ONLY transaction. */
void ex_txn_write_check(ex_ctx *ctx)
{
    if (ex_txn_read_only(ctx->s))
        ex_raise(ctx, 1792, "25006", "Cannot execute statement in a READ ONLY transaction");
}

uint32_t pdb_lock_wait_timeout(pdb_session *s)
{
    return (uint32_t)session_uint(s, "innodb_lock_wait_timeout", 50);
}

uint32_t pdb_net_write_timeout(pdb_session *s)
{
    return (uint32_t)session_uint(s, "net_write_timeout", 60);
}

void pdb_exec_trim(pdb_session *s)
{
    if (s->arena.held > ((size_t)4 << 20)) stor_arena_trim(&s->arena);   /* (a big one purges too) */
}

static bool read_committed(pdb_session *s) { return ex_sysvar_read_committed(s); }

static void named_free(pdb_session *s);
static int sql_ps(pdb_session *s, pl_stmt *st, ex_result *r);
static char *local_infile_of(pdb_session *s, const pl_stmt *st, const pl_parse_opts *o);

/* The client's file of a LOAD DATA LOCAL that never ran (an error before it, a reset). */
static void infile_forget(pdb_session *s)
{
    if (s->infile_fd >= 0) close(s->infile_fd);
    s->infile_fd = -1;
    free(s->infile_name);
    s->infile_name = NULL;
}

void pdb_session_free(pdb_session *s)
{
    ex_privs_unwind(s);
    ex_tz_free(s);
    infile_forget(s);
    named_free(s);
    session_rollback(s);
    ex_tablelock_release(s);
    ex_grl_release(s);
    free(s->savepoints);
    s->savepoints = NULL;
    ex_release_named_locks(s->conn_id);
    ex_tmp_close(s);
    ex_privs_free(s);
    txn_forget(s);
    ex_session_vars_free(s);
    stor_arena_free(&s->arena);
    free(s->warnings);
    s->warnings = NULL;
}

void pdb_session_reset(pdb_session *s)
{
    infile_forget(s);
    named_free(s);
    session_rollback(s);
    ex_tablelock_release(s);
    ex_grl_release(s);
    ex_tmp_close(s);
    ex_session_vars_free(s);
    ex_privs_free(s);
    char user[81], host[256], db[PDB_NAME_LEN], phost[256];
    uint32_t caps = s->client_caps, id = s->conn_id;
    stor_txn *txn = s->txn;
    bool fr = s->client_found_rows, enforce = s->enforce_privs;
    _Atomic uint8_t *kill = s->kill;
    memcpy(user, s->user, sizeof user); memcpy(host, s->host, sizeof host); memcpy(db, s->db, sizeof db);
    memcpy(phost, s->priv_host, sizeof phost);
    stor_arena_free(&s->arena);
    free(s->warnings);
    pdb_session_init(s, id);
    memcpy(s->user, user, sizeof user); memcpy(s->host, host, sizeof host); memcpy(s->db, db, sizeof db);
    memcpy(s->priv_host, phost, sizeof phost);
    s->enforce_privs = enforce;
    s->client_caps = caps; s->client_found_rows = fr;
    s->txn = txn;
    s->kill = kill;
    if (enforce) ex_roles_login(s);
}

void pdb_session_default_role(pdb_session *s) { ex_roles_login(s); }

/* ---------------------------------------------------------------- results */

static uint16_t session_status(pdb_session *s, const ex_result *r)
{
    uint16_t st = r->status;
    if (s->autocommit) st |= PDB_ST_AUTOCOMMIT;
    if (s->in_trans) st |= PDB_ST_IN_TRANS;
    if (s->in_trans && ex_txn_read_only(s)) st |= PDB_ST_IN_TRANS_READONLY;
    if (s->sql_mode & MODE_NO_BACKSLASH_ESCAPES) st |= PDB_ST_NO_BACKSLASH_ESCAPES;
    return st;
}

static uint16_t status_of(ex_ctx *ctx, ex_result *r)
{
    uint16_t st = session_status(ctx->s, r);
    return ctx->stmt && ctx->stmt->no_index_used ? st | PDB_ST_NO_INDEX_USED : st;
}

void ex_send_columns(ex_ctx *ctx, ex_result *r, const ex_type *types, const char *const *names,
                     const char *const *tables, const char *const *org_tables, const char *const *org_names,
                     const char *db, int n)
{
    if (r->stopped) return;
    ctx->stmt->slice_at = 0;   /* the client has part of the result: no running it again */
    pdb_colmeta *m = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof *m);
    const pdb_collation *rc = ctx->s->coll_results ? pdb_coll_by_id(ctx->s->coll_results) : NULL;
    for (int i = 0; i < n; i++) {
        const ex_type *t = &types[i];
        m[i].schema = tables && tables[i] && *tables[i] ? db : "";
        m[i].table = tables ? tables[i] : "";
        m[i].org_table = org_tables ? org_tables[i] : "";
        m[i].name = names[i];
        if (strpbrk(names[i], "\xf0\xf1\xf2\xf3\xf4")) {   /* (utf8mb3: '?' for a 4-byte character) */
            char *nm = stor_arena_strndup(ctx->a, names[i], strlen(names[i]));
            ex_mb3_text(nm);
            m[i].name = nm;
        }
        m[i].org_name = org_names ? org_names[i] : "";
        if (rc && pdb_coll_transcoded(rc->id)) {   /* (names go in the results' charset, as values do) */
            m[i].name = ex_name_for_client(ctx->s, ctx->a, m[i].name);
            m[i].org_name = ex_name_for_client(ctx->s, ctx->a, m[i].org_name);
            m[i].table = ex_name_for_client(ctx->s, ctx->a, m[i].table);
            m[i].org_table = ex_name_for_client(ctx->s, ctx->a, m[i].org_table);
            m[i].schema = ex_name_for_client(ctx->s, ctx->a, m[i].schema);
        }
        m[i].type = t->ptype ? t->ptype : MYSQL_TYPE_VAR_STRING;
        if (t->vt == VT_STRING && !t->from_column && m[i].type == MYSQL_TYPE_VAR_STRING) {
            /* long string results travel as blobs, by their maximum length in bytes */
            uint64_t bytes = t->length;
            if (bytes > 16777215) { m[i].type = MYSQL_TYPE_LONG_BLOB; }
            else if (bytes > 65535) { m[i].type = MYSQL_TYPE_MEDIUM_BLOB; }
            if (m[i].type != MYSQL_TYPE_VAR_STRING) m[i].flags |= BLOB_FLAG;
        }
        m[i].flags = t->flags;
        if (!t->nullable && !(t->flags & NOT_NULL_FLAG) && t->vt != VT_NULL && t->ptype != MYSQL_TYPE_NULL) {}
        m[i].decimals = t->decimals;
        if (t->vt == VT_STRING && t->coll != COLL_BINARY && t->ptype != MYSQL_TYPE_BIT) {
            /* MariaDB's store_field_metadata: with character_set_results set, the number
               is that collation's and the length is converted (a blob's counted in its
               bytes, others in characters); without, the column's own. A TEXT column's
               own length is its bytes (its type here counts characters times maxlen).
               An expression's type holds the length MariaDB sends in its own character
               set already: converted in characters when the sets differ */
            const pdb_collation *c = pdb_coll_by_id(t->coll);
            uint32_t ml = c && c->maxlen ? c->maxlen : 1;
            bool blob = m[i].type >= MYSQL_TYPE_TINY_BLOB && m[i].type <= MYSQL_TYPE_BLOB;
            uint64_t own = t->length, len;
            if (t->from_column && blob && own != UINT32_MAX) own /= ml;
            if (!t->from_column)
                len = rc && c && strcmp(rc->charset, c->charset) && !blob ? own / ml * rc->maxlen : own;
            else if (rc)
                len = (blob ? own : own / ml) * rc->maxlen;   /* (every charset here has 1-byte characters at least) */
            else
                len = own;
            m[i].charset = rc ? rc->id : t->coll;
            m[i].length = len > UINT32_MAX ? UINT32_MAX : (uint32_t)len;
            if (c && c->binary) m[i].flags |= BINARY_FLAG;   /* (my_binary_compare: a _bin collation) */
            if (!m[i].decimals && !t->from_column && !t->dec0) m[i].decimals = 39;
        } else {
            m[i].charset = COLL_BINARY;
            m[i].length = t->length;
            if (t->vt == VT_STRING && !m[i].decimals && !t->from_column && !t->hexlit && !t->dec0) m[i].decimals = 39;
            if (t->vt == VT_STRING && t->hexlit == EX_HEXLIT) m[i].flags |= UNSIGNED_FLAG;
        }
        if (t->vt == VT_INT || t->vt == VT_UINT) m[i].decimals = 0;
        if (t->vt == VT_DATETIME || t->vt == VT_DATE || t->vt == VT_TIME) m[i].decimals = t->decimals;
        if (t->ptype == MYSQL_TYPE_NULL) { m[i].charset = COLL_BINARY; m[i].decimals = 0; }
        m[i].format = t->jsonfmt && t->vt == VT_STRING ? "json" : NULL;
    }
    r->columns = true;
    if (r->sink->columns(r->sink->ctx, m, (size_t)n)) r->stopped = true;
}

void ex_send_row(ex_result *r, const pdb_value *vals, int n)
{
    if (r->stopped) return;
    r->rows++;
    const pdb_value *out = vals;
    pdb_value conv[n > 0 ? n : 1];
    if (r->s) {
        /* character_set_results narrower than the engine's UTF-8, ucs2/utf16/utf32, or
           NULL/binary (each value in its own charset's bytes): converted */
        uint16_t to = r->s->coll_results;
        const pdb_collation *rc = to && to != COLL_BINARY ? pdb_coll_by_id(to) : NULL;
        if (!rc || rc->maxlen < 4 || pdb_coll_wide(to)) {
            for (int i = 0; i < n; i++) conv[i] = ex_result_convert(r->s, &r->s->arena, &vals[i]);
            out = conv;
        }
    }
    if (r->sink->row(r->sink->ctx, out, (size_t)n)) r->stopped = true;
}

void ex_send_end(ex_ctx *ctx, ex_result *r)
{
    if (r->stopped) return;
    uint32_t wc = ctx->s->warn_stale ? 0 : ctx->s->warn_count;   /* (an earlier statement's: not this one's) */
    uint16_t w = (uint16_t)(wc > 65535 ? 65535 : wc);
    if (ctx->spx && !ctx->trg_use) w = 0;   /* (a result set inside CALL: MariaDB's EOF counts none) */
    if (r->sink->end(r->sink->ctx, w, status_of(ctx, r))) r->stopped = true;
}

/* OK packets are held until the statement has committed (ex_stmt.ok). */
void ex_drop_ok(ex_ctx *ctx) { ctx->stmt->ok.set = false; }

void ex_send_ok(ex_ctx *ctx, ex_result *r, uint64_t affected, uint64_t insert_id, const char *info)
{
    ex_pending_ok *pend = &ctx->stmt->ok;
    pend->set = true;
    pend->warns = -1;
    pend->affected = affected;
    pend->insert_id = insert_id;
    pend->has_info = info != NULL;
    if (info) snprintf(pend->info, sizeof pend->info, "%s", info);
}

static void flush_ok(ex_ctx *ctx, ex_result *r)
{
    ex_pending_ok *pend = &ctx->stmt->ok;
    if (!pend->set || r->stopped) { pend->set = false; return; }
    uint32_t wc = pend->warns >= 0 ? (uint32_t)pend->warns : ctx->s->warn_stale ? 0 : ctx->s->warn_count;
    uint16_t w = (uint16_t)(wc > 65535 ? 65535 : wc);
    if (r->sink->ok(r->sink->ctx, pend->affected, pend->insert_id, w, status_of(ctx, r), pend->has_info ? pend->info : NULL))
        r->stopped = true;
    pend->set = false;
}

/* ---------------------------------------------------------------- helpers */

const char *ex_cur_db(ex_ctx *ctx, const char *db)
{
    if (db) return db;
    if (ctx->view_db) return ctx->view_db;
    if (!ctx->s->db[0]) ex_raise(ctx, 1046, "3D000", "No database selected");
    return ctx->s->db;
}

/* alias: the reference's (NULL none), which LOCK TABLES must have locked */
static stor_table *table_open_as(ex_ctx *ctx, const char *db, const char *name, const char *alias, bool write, bool rows)
{
    const char *d = ex_cur_db(ctx, db);
    stor_table *t = ctx->s->tmp && !ctx->no_temp ? ex_tmp_find(ctx->s, d, name) : NULL;
    if (!t) t = rows ? stor_table_find(d, name) : stor_table_peek(d, name);
    if (!t && stor_viewdef_find(d, name) && !(ctx->hide_name && !strcmp(ctx->hide_name, name) && !strcmp(ctx->hide_db, d))) ex_raise(ctx, 1347, "HY000", "'%s.%s' is not of type 'BASE TABLE'", d, name);
    if (!t) ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", d, name);
    if (ctx->s->enforce_privs && !ctx->definer_rights && !ex_lent(ctx, name)) ex_privs_open(ctx, t);
    if (!ctx->no_tablelock) ex_tablelock_check(ctx, t, alias, write);
    if (ctx->s->trans_on_table) ctx->s->in_trans = true;
    if (!__atomic_load_n(&t->opened, __ATOMIC_RELAXED) && !__atomic_exchange_n(&t->opened, true, __ATOMIC_RELAXED)) {
        pdb_status_add(ctx->s, PDB_STAT_OPENED_TABLES, 1);
        pdb_status_add(ctx->s, PDB_STAT_OPENED_TABLE_DEFINITIONS, 1);
    }
    return t;
}

static stor_table *table_open(ex_ctx *ctx, const char *db, const char *name, bool write)
{
    return table_open_as(ctx, db, name, NULL, write, true);
}

/* A table the statement reads (DDL's: writes, ctx->lock_write). */
stor_table *ex_table(ex_ctx *ctx, const char *db, const char *name)
{
    return table_open(ctx, db, name, ctx->lock_write);
}

/* A table a statement's FROM (or UPDATE, DELETE) names, under its alias (NULL none). */
stor_table *ex_table_ref(ex_ctx *ctx, const char *db, const char *name, const char *alias, bool write)
{
    return table_open_as(ctx, db, name, alias, write || ctx->lock_write, true);
}

/* A table whose definition alone the statement reads (SHOW CREATE TABLE, SHOW COLUMNS,
 * SHOW INDEX): opened as ex_table does, but one evicted stays out (storage/evict.c). */
stor_table *ex_table_def(ex_ctx *ctx, const char *db, const char *name)
{
    return table_open_as(ctx, db, name, NULL, ctx->lock_write, false);
}

/* A table whose rows the statement writes: LOCK TABLES must hold it for WRITE, and a READ
 * ONLY transaction or read_only refuses it unless it is temporary. A DML statement's other
 * tables are read (INSERT ... SELECT from a table locked for READ works, as in MariaDB). */
stor_table *ex_table_write(ex_ctx *ctx, const char *db, const char *name)
{
    return table_open(ctx, db, name, true);
}

/* PURGE BINARY LOGS TO 'file' | BEFORE datetime (the files before it go; as MariaDB,
 * nothing to do without a binary log). */
static void purge_logs(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    ex_scope sc = { 0 };
    sc.ctx = ctx; sc.item_base = -1; sc.clause = "field list";
    ex_type t;
    pdb_value v = ex_null();
    if (st->where) ex_eval(ctx, ex_compile(&sc, st->where, &t), &v);
    if (st->num == 3) {   /* RESET MASTER [TO n] */
        int64_t first = v.t == VT_NULL ? 1 : ex_to_int(&v);
        if (first < 1 || first > 2000000000)   /* (MariaDB's bound) */
            ex_raise(ctx, 1210, "HY000", "Incorrect arguments to RESET MASTER TO");
        if (!stor_binlog_on()) ex_raise(ctx, 1186, "HY000", "Binlog closed, cannot RESET MASTER");
        if (stor_binlog_reset((uint32_t)first) != 0)
            ex_raise(ctx, 1026, "HY000", "Error writing file 'binary log' (errno: %d \"%s\")", errno, strerror(errno));
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    if (st->num == 1) {
        size_t n;
        const char *f = v.t == VT_NULL ? "" : ex_to_str(ctx->a, &v, &n);
        char name[300];
        snprintf(name, sizeof name, "%.*s", v.t == VT_NULL ? 0 : (int)n, f);
        if (stor_binlog_on() && stor_binlog_purge(name, 0) != 0)
            ex_raise(ctx, 1373, "HY000", "Target log not found in binlog index");
    } else {
        int64_t dt = 0;
        bool isd;
        if (v.t == VT_DATETIME || v.t == VT_DATE) dt = v.i;
        else if (v.t == VT_STRING) { if (ex_parse_datetime(v.p, v.len, &dt, &isd) != 0) dt = 0; }
        else if (v.t != VT_NULL && !ex_num_datetime(&v, &dt, &isd)) dt = 0;
        if (dt) {
            int y, mo, d, h, mi, sec, us;
            pdb_dt_unpack(dt, &y, &mo, &d, &h, &mi, &sec, &us);
            struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = h, .tm_min = mi,
                             .tm_sec = sec, .tm_isdst = -1 };
            if (stor_binlog_on()) stor_binlog_purge(NULL, (int64_t)ex_tz_mktime(ctx->s, &tm));
        }
    }
    ex_send_ok(ctx, r, 0, 0, NULL);
}

static bool is_read_only(pl_stmt *st)
{
    switch (st->kind) {
    case S_FLUSH:
        return !(st->num & 16);   /* PRIVILEGES may read restored grant tables and drop them */
    case S_SELECT: case S_SHOW: case S_DESCRIBE: case S_EXPLAIN: case S_DO: case S_SET: case S_SET_NAMES: case S_GET_DIAG:
    case S_USE: case S_EMPTY: case S_UNSUPPORTED: case S_LOCK_TABLES: case S_UNLOCK_TABLES:
    /* (not OPTIMIZE TABLE: it rebuilds an InnoDB table, as a writer) */
    case S_PURGE_LOGS: case S_ANALYZE_TABLE: case S_CHECK_TABLE: case S_REPAIR_TABLE: case S_KILL: case S_SHUTDOWN:
    case S_CACHE_INDEX: case S_LOAD_INDEX:
    case S_CREATE_USER: case S_DROP_USER: case S_ALTER_USER: case S_SET_PASSWORD: case S_GRANT: case S_REVOKE:
    case S_RENAME_USER: case S_REPLICA:
    case S_CREATE_ROLE: case S_DROP_ROLE: case S_GRANT_ROLE: case S_REVOKE_ROLE: case S_SET_ROLE: case S_SET_DEFAULT_ROLE:
        return true;   /* the account store has its own lock and file */
    default: return false;
    }
}

static bool is_ddl(const pl_stmt *st)
{
    switch (st->kind) {
    case S_CREATE_TABLE: case S_DROP_TABLE:
        return !st->temporary;   /* CREATE/DROP TEMPORARY TABLE do not commit */
    case S_CREATE_DB: case S_DROP_DB: case S_ALTER_TABLE:
    case S_TRUNCATE: case S_RENAME_TABLE: case S_CREATE_INDEX: case S_DROP_INDEX:
    case S_CREATE_VIEW: case S_DROP_VIEW: case S_CREATE_TRIGGER: case S_DROP_TRIGGER: case S_CREATE_ROUTINE:
    case S_DROP_ROUTINE: case S_ALTER_ROUTINE: case S_ALTER_SEQUENCE: case S_ALTER_EVENT: case S_DROP_EVENT:
        return true;
    case S_CREATE_EVENT:
        return !st->event_body;   /* (an event's run is its body's statements, as a CALL's) */
    default: return false;
    }
}

static bool sel_no_table(const pl_select *sel);

/* Statements that make or drop definitions, not rows: their allocations go to the
 * catalog's own arena (storage/mem.c stor_mem_catalog). Not CREATE TABLE ... SELECT or
 * ALTER TABLE, which copy rows. */
static bool makes_definitions(const pl_stmt *st)
{
    switch (st->kind) {
    case S_CREATE_TABLE: return !st->sel;
    case S_CREATE_DB: case S_DROP_DB: case S_DROP_TABLE: case S_CREATE_VIEW: case S_DROP_VIEW:
    case S_CREATE_TRIGGER: case S_DROP_TRIGGER: case S_CREATE_ROUTINE: case S_DROP_ROUTINE:
    case S_CREATE_EVENT: case S_DROP_EVENT:
        return true;
    default: return false;
    }
}

static bool is_account_change(const pl_stmt *st)
{
    switch (st->kind) {
    case S_CREATE_USER: case S_DROP_USER: case S_ALTER_USER: case S_SET_PASSWORD: case S_GRANT:
    case S_REVOKE: case S_RENAME_USER:
    case S_CREATE_ROLE: case S_DROP_ROLE: case S_GRANT_ROLE: case S_REVOKE_ROLE: case S_SET_DEFAULT_ROLE:
        return true;
    default: return false;
    }
}

/* Statements MariaDB refuses in a READ ONLY transaction (1792) whatever tables they name
 * (its CF_DISALLOW_IN_RO_TRANS, and InnoDB's for a locking read); row writes are refused
 * where a table is opened for writing (tablelock.c), so a temporary table's rows may
 * change. */
static bool ro_denied(const pl_stmt *st)
{
    if (st->seq_write) return true;   /* NEXTVAL / SETVAL write their sequence */
    switch (st->kind) {
    case S_CREATE_TABLE: case S_DROP_TABLE: case S_OPTIMIZE_TABLE: return true;
    case S_CREATE_EVENT: return !st->event_body;
    case S_SELECT:
        return st->sel && st->sel->for_update && !sel_no_table(st->sel);
    case S_LOCK_TABLES:
        for (int i = 0; i < st->nnames; i++) if (st->lock_write[i]) return true;
        return false;
    default:
        return is_ddl(st) || is_account_change(st);
    }
}

/* Statements that commit the open transaction before they run, though they change no
 * table (MariaDB's CF_AUTO_COMMIT_TRANS: table maintenance, FLUSH, LOCK TABLES, account
 * management); they commit even when they then fail. */
static bool commits_implicitly(const pdb_session *s, const pl_stmt *st)
{
    switch (st->kind) {
    case S_UNLOCK_TABLES: return s->tables_locked;   /* only when it releases LOCK TABLES */
    case S_ANALYZE_TABLE: case S_OPTIMIZE_TABLE: case S_CHECK_TABLE: case S_REPAIR_TABLE: case S_FLUSH:
    case S_PURGE_LOGS: case S_LOCK_TABLES: case S_CREATE_USER: case S_DROP_USER: case S_ALTER_USER: case S_SET_PASSWORD:
    case S_GRANT: case S_REVOKE: case S_RENAME_USER: case S_REPLICA:
    case S_CREATE_ROLE: case S_DROP_ROLE: case S_GRANT_ROLE: case S_REVOKE_ROLE: case S_SET_DEFAULT_ROLE:
        return true;
    default: return false;
    }
}

/* Might this statement change what names resolve to (tables, columns, indexes)? Then
 * the block plans kept with statement shapes are stale after it (select.c). */
static bool changes_catalog(const pl_stmt *st)
{
    if (st->event_body) return false;
    switch (st->kind) {
    case S_SELECT: case S_INSERT: case S_REPLACE: case S_UPDATE: case S_DELETE: case S_SET: case S_SET_NAMES:
    case S_USE: case S_SHOW: case S_DESCRIBE: case S_BEGIN: case S_COMMIT: case S_ROLLBACK: case S_SAVEPOINT:
    case S_RELEASE: case S_ROLLBACK_TO: case S_EXPLAIN: case S_DO: case S_EMPTY: case S_KILL: case S_SHUTDOWN:
    case S_LOCK_TABLES: case S_UNLOCK_TABLES: case S_CHECK_TABLE: case S_CACHE_INDEX: case S_LOAD_INDEX:
    case S_CHECKSUM_TABLE: case S_CALL: case S_GET_DIAG: case S_LOAD_DATA:
        return false;
    default:
        return true;
    }
}

/* The note MariaDB's engine gives for a maintenance operation it does not do (the
 * operation's name is appended), "Table ..." for InnoDB's OPTIMIZE, which is then done
 * as a rebuild and reports OK too; NULL when the engine just answers OK. */
static const char *maint_note(const char *engine, pl_sk kind)
{
    static const char unsupported[] = "The storage engine for the table doesn't support ";
    bool innodb = !engine || !strcmp(engine, "InnoDB");
    if (kind == S_CACHE_INDEX || kind == S_LOAD_INDEX)   /* only MyISAM has key caches */
        return engine && !strcmp(engine, "MyISAM") ? NULL : unsupported;
    if (engine && !strcmp(engine, "MEMORY")) return unsupported;
    if (engine && !strcmp(engine, "CSV"))
        return kind == S_ANALYZE_TABLE || kind == S_OPTIMIZE_TABLE ? unsupported : NULL;
    if (innodb && kind == S_REPAIR_TABLE) return unsupported;
    if (innodb && kind == S_OPTIMIZE_TABLE) return "Table does not support optimize, doing recreate + analyze instead";
    return NULL;
}

static void table_maint(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    const char *op = st->kind == S_ANALYZE_TABLE ? "analyze" : st->kind == S_OPTIMIZE_TABLE ? "optimize" :
                     st->kind == S_CHECK_TABLE ? "check" : st->kind == S_CACHE_INDEX ? "assign_to_keycache" :
                     st->kind == S_LOAD_INDEX ? "preload_keys" : "repair";
    if (st->kind == S_CACHE_INDEX && strcasecmp(st->name, "default"))   /* (no other key cache exists) */
        ex_raise(ctx, 1284, "HY000", "Unknown key cache '%s'", st->name);
    /* MariaDB's columns: Msg_text is a MEDIUMTEXT */
    const ex_colspec spec[4] = {
        { "Table", MYSQL_TYPE_VAR_STRING, 512, 0, NULL }, { "Op", MYSQL_TYPE_VAR_STRING, 40, 0, NULL },
        { "Msg_type", MYSQL_TYPE_VAR_STRING, 40, 0, NULL }, { "Msg_text", MYSQL_TYPE_VAR_STRING, 1572864, 0, NULL } };
    ex_textset ts;
    ex_textset_spec(ctx, &ts, 4, spec, NULL);
    ts.types[3].ptype = MYSQL_TYPE_MEDIUM_BLOB;
    for (int i = 0; i < st->nnames; i++) {
        const char *db = st->names_db[i] ? st->names_db[i] : ctx->s->db;
        char full[2 * PDB_NAME_LEN + 2];
        snprintf(full, sizeof full, "%s.%s", db, st->names[i]);
        if (!stor_table_find(db, st->names[i])) {
            char msg[sizeof full + 40];
            snprintf(msg, sizeof msg, "Table '%s' doesn't exist", full);
            const char *v1[4] = { full, op, "Error", stor_arena_strndup(ctx->a, msg, strlen(msg)) };
            ex_textset_add(ctx, &ts, v1);
            const char *v2[4] = { full, op, "status", "Operation failed" };
            ex_textset_add(ctx, &ts, v2);
            continue;
        }
        const char *name = stor_arena_strndup(ctx->a, full, strlen(full));
        const char *note = maint_note(stor_table_find(db, st->names[i])->engine, st->kind);
        if (note) {
            char msg[100];
            bool rebuilt = !strncmp(note, "Table ", 6);
            snprintf(msg, sizeof msg, "%s%s", note, rebuilt ? "" : op);
            const char *v[4] = { name, op, "note", stor_arena_strndup(ctx->a, msg, strlen(msg)) };
            ex_textset_add(ctx, &ts, v);
            if (!rebuilt) continue;
            ex_table_rebuild(ctx, db, st->names[i]);
        }
        const char *v[4] = { name, op, "status", "OK" };
        ex_textset_add(ctx, &ts, v);
    }
    ex_textset_send(ctx, &ts, r);
}

/* SET TRANSACTION ISOLATION LEVEL / READ ONLY | WRITE without GLOBAL or SESSION: for the
 * next transaction only (the session's @@tx_isolation / @@tx_read_only are unchanged),
 * refused inside one (1568). */
static void next_txn(ex_ctx *ctx, const pl_assign *a, const pdb_value *v)
{
    pdb_session *s = ctx->s;
    if (s->in_trans)
        ex_raise(ctx, 1568, "25001", "Transaction characteristics can't be changed while a transaction is in progress");
    if (!strcasecmp(a->name, "tx_read_only")) { s->tx_next_ro = ex_to_int(v) ? 2 : 1; return; }
    if (strcasecmp(a->name, "tx_isolation") || v->t != VT_STRING) return;
    size_t n = v->len < sizeof s->tx_next_iso - 1 ? v->len : sizeof s->tx_next_iso - 1;
    memcpy(s->tx_next_iso, v->p, n);
    s->tx_next_iso[n] = 0;
}

/* The value a SET assignment gives. */
static void set_value_of(ex_ctx *ctx, const pl_assign *a, pdb_value *v)
{
    if (a->value->kind == E_DEFAULT) {
        /* SESSION: the global value; GLOBAL: the compiled-in one, as MariaDB */
        ex_type t;
        if (a->scope == 2) *v = ex_null();
        else if (a->scope == 1 && ex_sysvar_compiled(a->name, v, ctx->a, &t) == 0) return;
        else if (ex_sysvar_get(ctx->s, a->name, true, v, ctx->a, &t) != 0)
            ex_raise(ctx, 1193, "HY000", "Unknown system variable '%s'", a->name);
    } else if (a->scope != 2 && a->value->kind == E_COLUMN && !a->value->tbl) {
        /* SET x = word: a bare word is a string value (SET sql_mode = TRADITIONAL) */
        *v = ex_str(a->value->s, a->value->slen, COLL_UTF8MB3_GENERAL_CI);
    } else {
        ex_scope sc = { 0 };
        sc.ctx = ctx; sc.item_base = -1; sc.clause = "SET";
        ex_type t;
        ex_eval(ctx, ex_compile(&sc, a->value, &t), v);
    }
}

/* SET STATEMENT var=value, ... FOR: the values the variables had before (restored by
 * stmt_vars_restore however the statement ends); n counts those set so far. */
typedef struct stmt_vars {
    int n;
    struct { const char *name; pdb_value old; bool had; } v[];
} stmt_vars;

/* Sets st's SET STATEMENT variables; *out holds the record from the start, so that an
 * error half-way restores those already set. Raises 1193 (unknown), 1971 (one MariaDB
 * does not allow there) or the variable's own errors. */
static void stmt_vars_set(ex_ctx *ctx, const pl_stmt *st, stmt_vars *volatile *out)
{
    static const char *const not_here[] = {
        "autocommit", "character_set_client", "character_set_connection", "character_set_filesystem",
        "collation_connection", "interactive_timeout", "profiling", "profiling_history_size",
        "query_cache_type", "skip_replication", "sql_log_off", "tx_isolation", "wait_timeout",
    };
    pdb_session *s = ctx->s;
    stmt_vars *sv = stor_arena_alloc(ctx->a, sizeof *sv + (size_t)st->nstmt_sets * sizeof sv->v[0]);
    sv->n = 0;
    *out = sv;
    for (int i = 0; i < st->nstmt_sets; i++) {
        const pl_assign *a = &st->stmt_sets[i];
        ex_type t;
        pdb_value old;
        if (ex_sysvar_get(s, a->name, false, &old, ctx->a, &t) != 0)
            ex_raise(ctx, 1193, "HY000", "Unknown system variable '%s'", a->name);
        for (size_t k = 0; k < sizeof not_here / sizeof not_here[0]; k++)
            if (!strcasecmp(a->name, not_here[k]))
                ex_raise(ctx, 1971, "42000", "The system variable %s cannot be set in SET STATEMENT.", not_here[k]);
        pdb_value v;
        set_value_of(ctx, a, &v);
        bool had = ex_sysvar_overridden(s, a->name);
        ex_err e;
        int rc = ex_sysvar_set(s, a->name, false, &v, &e, ctx->a);
        if (rc < 0) ex_raise(ctx, e.code, e.state, "%s", e.msg);
        sv->v[sv->n].name = a->name;
        sv->v[sv->n].old = old;
        sv->v[sv->n].had = had;
        sv->n++;
        if (rc == 2) ex_warn(ctx, "Warning", e.code, "%s", e.msg);
    }
}

static void stmt_vars_restore(pdb_session *s, stmt_vars *sv)
{
    for (int i = sv->n - 1; i >= 0; i--) {
        ex_err e;
        ex_sysvar_set(s, sv->v[i].name, false, &sv->v[i].old, &e, &s->arena);
        if (!sv->v[i].had) ex_sysvar_forget(s, sv->v[i].name);
    }
}

/* ---------------------------------------------------------------- KILL */

static int (*kill_fn)(uint32_t id, const char *killer_user, bool query_only);
void pdb_set_kill(int (*fn)(uint32_t id, const char *killer_user, bool query_only)) { kill_fn = fn; }

/* KILL [QUERY | CONNECTION] id: sets the other connection's request (it stops at its
 * next check, ex_slice_check); the own connection's ends this statement at once (the
 * server closes the connection after 1927). KILL QUERY ID: query ids are not kept. */
static void do_kill(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pdb_session *s = ctx->s;
    ex_scope sc = { 0 };
    sc.ctx = ctx; sc.item_base = -1; sc.clause = "field list";
    ex_type t;
    pdb_value v;
    ex_eval(ctx, ex_compile(&sc, st->where, &t), &v);
    unsigned long long id = v.t == VT_NULL ? 0 : v.t == VT_UINT ? v.u : (unsigned long long)ex_to_int(&v);
    if (st->num == 1) ex_raise(ctx, 1957, "HY000", "Unknown query id: %lld", (long long)id);
    bool query = st->name != NULL;
    if (id == s->conn_id) {
        if (query) ex_raise(ctx, 1317, "70100", "Query execution was interrupted");
        ex_raise(ctx, 1927, "70100", "Connection was killed");
    }
    int rc = -1;
    if (kill_fn && id <= UINT32_MAX) {
        bool any = !s->enforce_privs || (ex_privs_db(s, "") & STOR_PRIV_SUPER);
        rc = kill_fn((uint32_t)id, any ? NULL : s->user, query);
    }
    if (rc == -1) ex_raise(ctx, 1094, "HY000", "Unknown thread id: %llu", id);
    if (rc == -2) ex_raise(ctx, 1095, "HY000", "You are not owner of thread %llu", id);
    ex_send_ok(ctx, r, 0, 0, NULL);
}

static void (*shutdown_fn)(const char *who);
void pdb_set_shutdown(void (*fn)(const char *who)) { shutdown_fn = fn; }

/* SHUTDOWN: the OK goes out first, then the server stops as for COM_SHUTDOWN. */
static void do_shutdown(ex_ctx *ctx, ex_result *r)
{
    pdb_session *s = ctx->s;
    if (s->enforce_privs && !(ex_privs_db(s, "") & STOR_PRIV_SHUTDOWN))
        ex_raise(ctx, 1227, "42000", "Access denied; you need (at least one of) the SHUTDOWN privilege(s) for this operation");
    ex_send_ok(ctx, r, 0, 0, NULL);
    if (shutdown_fn) {
        char who[sizeof s->user * 2 + sizeof s->host + 16];
        snprintf(who, sizeof who, "%s[%s] @ %s []", s->user, s->user, s->host);
        shutdown_fn(who);
    }
}

static void set_undo(ex_ctx *ctx, const pl_stmt *st, const pdb_value *olds, int n);

static void do_set(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pdb_session *s = ctx->s;
    if (st->kind == S_SET_NAMES) {
        const pdb_collation *c;
        if (!st->charset) c = pdb_coll_by_id(COLL_UTF8MB4_GENERAL_CI);
        else if (!strcasecmp(st->charset, "binary")) c = pdb_coll_by_id(COLL_BINARY);
        else c = pdb_coll_default_for(st->charset);
        if (!c) ex_raise(ctx, 1115, "42000", "Unknown character set: '%s'", st->charset);
        const pdb_collation *cc = c;
        if (st->collate) {
            cc = pdb_coll_by_name(st->collate);
            if (!cc) ex_raise(ctx, 1273, "HY000", "Unknown collation: '%s'", st->collate);
            if (ex_coll_shared(cc) && pdb_coll_of_charset(cc, c->charset)) cc = pdb_coll_of_charset(cc, c->charset);
            if (strcmp(cc->charset, c->charset))
                ex_raise(ctx, 1253, "42000", "COLLATION '%s' is not valid for CHARACTER SET '%s'", cc->name, c->charset);
        }
        s->coll_client = c->id;
        s->coll_results = st->num == 1 ? c->id : cc->id;   /* (SET NAMES .. COLLATE: the results' number is that collation's) */
        if (st->num == 1) {   /* SET CHARACTER SET: connection follows the database */
            stor_db *d = s->db[0] ? stor_db_find(s->db) : NULL;
            s->coll_connection = d ? d->coll : COLL_UTF8MB4_GENERAL_CI;
        } else s->coll_connection = cc->id;
        const pdb_collation *conn = pdb_coll_by_id(s->coll_connection);
        ex_track_var(s, "character_set_client", c->charset);
        ex_track_var(s, "character_set_connection", conn ? conn->charset : c->charset);
        ex_track_var(s, "character_set_results", c->charset);
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    /* As MariaDB's check then update: every value first (SET @a = 5, @b = @a + 1 sees the
       old @a), then the system variables, each taken back when a later one is refused,
       then the user variables; SET autocommit=1 commits only when all went in. */
    pdb_value *vals = stor_arena_alloc(ctx->a, (size_t)st->nsets * 2 * sizeof *vals), *olds = vals + st->nsets;
    for (int i = 0; i < st->nsets; i++) set_value_of(ctx, &st->sets[i], &vals[i]);
    bool was_ac = s->autocommit;
    for (int i = 0; i < st->nsets; i++) {
        pl_assign *a = &st->sets[i];
        if (a->scope == 2 || a->scope == PL_SET_NEXT_TXN) continue;
        ex_type t;
        if (ex_sysvar_get(s, a->name, a->scope == 1, &olds[i], ctx->a, &t) != 0) olds[i] = ex_null();
        ex_err e;
        int rc = ex_sysvar_set(s, a->name, a->scope == 1, &vals[i], &e, ctx->a);
        if (rc < 0) {
            set_undo(ctx, st, olds, i);
            ex_raise(ctx, e.code, e.state, "%s", e.msg);
        }
        if (rc == 2) ex_warn(ctx, "Warning", e.code, "%s", e.msg);   /* a value raised to its minimum */
    }
    for (int i = 0; i < st->nsets; i++) {
        pl_assign *a = &st->sets[i];
        if (a->scope == 2) ex_uservar_set(s, a->name, &vals[i]);
        else if (a->scope == PL_SET_NEXT_TXN) next_txn(ctx, a, &vals[i]);
    }
    if (s->autocommit && !was_ac && s->in_trans) {   /* SET autocommit=1 commits the open transaction */
        stor_txn_commit();
        snap_release(s);
        s->in_trans = false; savepoints_clear(s);
    }
    ex_send_ok(ctx, r, 0, 0, NULL);
}

/* The system variables of st's assignments before the n-th back to their values olds */
static void set_undo(ex_ctx *ctx, const pl_stmt *st, const pdb_value *olds, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        const pl_assign *a = &st->sets[i];
        if (a->scope == 2 || a->scope == PL_SET_NEXT_TXN) continue;
        ex_err e;
        (void)ex_sysvar_set(ctx->s, a->name, a->scope == 1, &olds[i], &e, ctx->a);
    }
}

static int null_cols(void *c, const pdb_colmeta *m, size_t n) { (void)c; (void)m; (void)n; return 0; }
static int null_row(void *c, const pdb_value *v, size_t n) { (void)c; (void)v; (void)n; return 0; }
static int null_end(void *c, uint16_t w, uint16_t st) { (void)c; (void)w; (void)st; return 0; }
static int null_ok(void *c, uint64_t a, uint64_t i, uint16_t w, uint16_t st, const char *info)
{
    (void)c; (void)a; (void)i; (void)w; (void)st; (void)info;
    return 0;
}
static int null_err(void *c, uint16_t code, const char *state, const char *msg)
{
    (void)c; (void)code; (void)state; (void)msg;
    return 0;
}

/* A statement of a trigger's body, run inside the statement that fired it: the same
 * transaction, arena, error exit and statement state (an error anywhere undoes the whole
 * statement); params is the body's frame (its locals, NEW and OLD). Nothing it answers
 * reaches the client. */
void ex_run_nested(ex_ctx *outer, pl_stmt *st, const pdb_value *params, int nparams, ex_result *out)
{
    static const pdb_sink sink = { NULL, null_cols, null_row, null_end, null_ok, null_err };
    ex_check_stack(outer);
    ex_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.s = outer->s;
    ctx.a = outer->a;
    ctx.jb = outer->jb;
    ctx.err = outer->err;
    ctx.now_us = outer->now_us;
    ctx.stmt = outer->stmt;
    ctx.params = params;
    ctx.nparams = nparams;
    ctx.spx = outer->spx;
    ctx.calls = outer->calls;
    ctx.view_db = outer->view_db;
    ctx.trg_use = outer->trg_use;
    ctx.fn_use = outer->fn_use;
    ctx.trg_mode = outer->trg_mode;
    /* every statement of a body is checked against the session's account: the program's
       definer (ex_privs_begin_as) or, SQL SECURITY INVOKER, the caller; an event's
       session is its definer */
    ctx.definer_rights = false;
    uint32_t mode = outer->trg_mode;
    ctx.strict = (mode & (MODE_STRICT_TRANS_TABLES | MODE_STRICT_ALL_TABLES)) != 0;
    ctx.writing = st->kind == S_INSERT || st->kind == S_REPLACE || st->kind == S_UPDATE || st->kind == S_DELETE;
    if ((st->kind == S_INSERT || st->kind == S_UPDATE || st->kind == S_DELETE) && st->ignore)
        ctx.strict = false, ctx.ignore = true;
    ctx.abort_warn = ctx.strict && (st->kind == S_UPDATE || st->kind == S_INSERT || st->kind == S_REPLACE);
    ctx.lock_write = false;   /* (DML opens its targets with ex_table_write) */
    ex_result r = { 0 };
    r.sink = &sink;
    ex_result *rr = &r;
    uint16_t out_status = out ? out->status : 0;
    if (out && (st->kind == S_SHOW || st->kind == S_DESCRIBE || (st->kind == S_SELECT && !(st->sel && st->sel->ninto)))) {
        rr = out;   /* a procedure's result set: more follow (at least CALL's OK) */
        out->status |= PDB_ST_MORE_RESULTS;
    }
    ex_stmt *es = outer->stmt;
    ex_pending_ok ok = es->ok;
    struct pl_shape *shape = es->shape;
    bool exam = es->exam_on, indexed = es->last_scan_indexed;
    es->shape = NULL;
    es->exam_on = false;
    /* a stored function that writes, called by a statement that only reads (it holds the
       store's shared lock and no transaction): refused rather than writing under it */
    if (ctx.writing && stor_view_cur.snapshot)
        ex_raise(&ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'a stored function that writes, called from a statement that only reads'");
    es->ok.set = false;
    bool routine = !outer->trg_use;
    if (routine && (st->kind == S_INSERT || st->kind == S_REPLACE || st->kind == S_UPDATE || st->kind == S_DELETE ||
                    (st->kind == S_SELECT && st->sel && st->sel->nfrom > 0))) {
        ctx.s->nwarnings = 0;   /* (MariaDB: a routine's statement that uses tables clears them) */
        ctx.s->warn_count = 0;
    }
    uint32_t wc0 = ctx.s->warn_count;
    ex_privs_statement(&ctx, st);
    switch (st->kind) {
    case S_SELECT: ex_select(&ctx, st, st->sel && st->sel->ninto ? &r : rr); break;
    case S_INSERT: case S_REPLACE: ex_insert(&ctx, ex_view_dml(&ctx, st), &r); break;
    case S_UPDATE: ex_update(&ctx, ex_view_dml(&ctx, st), &r); break;
    case S_DELETE: ex_delete(&ctx, ex_view_dml(&ctx, st), &r); break;
    case S_CALL: ex_call(&ctx, st, NULL); break;
    case S_GET_DIAG: ex_get_diag(&ctx, st, NULL); break;
    case S_SHOW: case S_DESCRIBE:
        if (!out) goto unsupported;
        ex_show(&ctx, st, out);
        break;
    case S_SET:
        for (int i = 0; i < st->nsets; i++)
            if (st->sets[i].scope <= 1 && (!strcasecmp(st->sets[i].name, "autocommit"))) {
                if (outer->trg_use) ex_raise(&ctx, 1445, "HY000", "Not allowed to set autocommit from a stored function or trigger");
                ex_raise(&ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'SET autocommit in a stored procedure'");
            }
        do_set(&ctx, st, &r);
        break;
    case S_DO: {
        ex_scope sc = { 0 };
        sc.ctx = &ctx; sc.item_base = -1; sc.clause = "field list";
        for (int i = 0; i < st->sel->nitems; i++) { ex_type t; pdb_value v; ex_eval(&ctx, ex_compile(&sc, st->sel->items[i].e, &t), &v); }
        break;
    }
    default:
    unsupported:
        ex_raise(&ctx, 1235, "42000", "This version of MariaDB doesn't yet support '%s'",
                 outer->trg_use ? "this statement in a trigger" : "this statement in a stored procedure");
    }
    /* ROW_COUNT() inside a routine: the statement's affected rows, -1 after a result set */
    if (routine && st->kind != S_CALL) {
        ctx.s->row_count = es->ok.set ? (int64_t)es->ok.affected : -1;
        if (outer->spx && es->ok.set) outer->spx->affected += es->ok.affected;
    } else if (!routine && outer->spx && es->ok.set) {
        outer->spx->affected += es->ok.affected;   /* (a trigger's rows: a CALL's total counts them) */
    }
    if (routine && outer->spx) outer->spx->last_warns = ctx.s->warn_count - wc0;
    if (out) out->status = out_status;
    es->ok = ok;
    es->shape = shape;
    es->exam_on = exam;
    es->last_scan_indexed = indexed;
}

/* ---------------------------------------------------------------- the statement loop */


/* Time slices: a statement run on an event loop that may be run again from the start
 * (text_restartable) gets a deadline; ex_slice_tick, called in the loops that can run
 * long (rows, groups, sorts, window frames, set operations), raises EX_MOVE past it and
 * the caller runs the statement again on a worker (PDB_EXEC_MOVE). */
__thread uint64_t pdb_exec_slice_us;

#define SLICE_READ_NS 100000u    /* read the clock about this often */
#define SLICE_STRIDE_MAX 4096u   /* and at least every this many units */

/* KILL and max_statement_time (the statement is watched): a KILL QUERY request is
 * obeyed once (cleared here), a KILL CONNECTION stays for the server to close. */
static void watch_check(ex_ctx *ctx, uint64_t now)
{
    ex_stmt *st = ctx->stmt;
    _Atomic uint8_t *kill = ctx->s ? ctx->s->kill : NULL;
    uint8_t k = kill ? atomic_load_explicit(kill, memory_order_relaxed) : 0;
    if (k) {
        st->watch = false;   /* (an error path that ticks again does not raise twice) */
        st->slice_at = 0;
        if (k == 1) {
            uint8_t one = 1;
            atomic_compare_exchange_strong(kill, &one, 0);
            ex_raise(ctx, 1317, "70100", "Query execution was interrupted");
        }
        ex_raise(ctx, 1927, "70100", "Connection was killed");
    }
    if (st->stop_at && now >= st->stop_at) {
        st->watch = false;
        st->slice_at = 0;
        pdb_status_add(ctx->s, PDB_STAT_MAX_STATEMENT_TIME_EXCEEDED, 1);
        ex_raise(ctx, 1969, "70100", "Query execution was interrupted (max_statement_time exceeded)");
    }
}

void ex_slice_check(ex_ctx *ctx)
{
    ex_stmt *st = ctx->stmt;
    if (!st->slice_at && !st->watch) return;
    uint64_t now = ex_now_ns();
    if (st->watch) watch_check(ctx, now);
    if (st->slice_at && now >= st->slice_at) {
        st->slice_at = 0;
        ex_raise(ctx, EX_MOVE, "HY000", "moved to a worker");
    }
    /* the units between readings: as many as take SLICE_READ_NS at the rate just seen,
       at most twice the last stride (a slow part may follow a fast one) */
    uint64_t el = now - st->slice_read, want = el ? (uint64_t)SLICE_READ_NS * st->slice_n / el : SLICE_STRIDE_MAX;
    uint64_t s = st->slice_stride ? st->slice_stride * 2 : 1;
    if (want < s) s = want;
    st->slice_stride = s < 1 ? 1 : s > SLICE_STRIDE_MAX ? SLICE_STRIDE_MAX : s;
    st->slice_n = 0;
    st->slice_read = now;
}

/* ex_sort: a top-down merge sort (halves sorted first, so the small merges work in the
 * cache), insertion below 17 elements; both steps are stable, so the order is the one
 * glibc's qsort_r gives (a merge sort too). Its buffer is in the statement's arena, so
 * an error (EX_MOVE from the slice's tick, once per comparison) may leave it at any
 * point: glibc's qsort_r mallocs its buffer, which a longjmp out of a comparator would
 * leak. */
typedef int (*sort_cmp_fn)(const void *, const void *, void *);

static inline void sort_copy(char *d, const char *s, size_t size)
{
    if (size == 4) memcpy(d, s, 4);   /* row ids and row numbers: the common case */
    else memcpy(d, s, size);
}

static void sort_rec(ex_ctx *ctx, char *b, size_t n, size_t size, sort_cmp_fn cmp, void *arg, char *tmp)
{
    if (n <= 16) {
        for (char *p = b + size, *end = b + n * size; p < end; p += size) {
            ex_slice_tick(ctx);
            if (cmp(p - size, p, arg) <= 0) continue;
            sort_copy(tmp, p, size);
            char *q = p;
            do {
                sort_copy(q, q - size, size);
                q -= size;
                if (q == b) break;
                ex_slice_tick(ctx);
            } while (cmp(q - size, tmp, arg) > 0);
            sort_copy(q, tmp, size);
        }
        return;
    }
    size_t n1 = n / 2;
    char *e1 = b + n1 * size, *e2 = b + n * size;
    sort_rec(ctx, b, n1, size, cmp, arg, tmp);
    sort_rec(ctx, e1, n - n1, size, cmp, arg, tmp);
    if (cmp(e1 - size, e1, arg) <= 0) return;   /* already in order */
    char *p1 = b, *p2 = e1, *k = tmp;
    while (p1 < e1 && p2 < e2) {
        ex_slice_tick(ctx);
        if (cmp(p2, p1, arg) < 0) { sort_copy(k, p2, size); p2 += size; }
        else { sort_copy(k, p1, size); p1 += size; }
        k += size;
    }
    if (p1 < e1) { memcpy(k, p1, (size_t)(e1 - p1)); k += e1 - p1; }
    memcpy(b, tmp, (size_t)(k - tmp));   /* (the rest of the second half is in place) */
}

void ex_sort(ex_ctx *ctx, void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *), void *arg)
{
    if (n < 2) return;
    sort_rec(ctx, base, n, size, cmp, arg, stor_arena_alloc(ctx->a, n * size));
}

/* Could running this text a second time differ in anything but its result? Assigning
 * user variables (:=, INTO), SLEEP, user locks, LAST_INSERT_ID(x), sequences and
 * UUID_SHORT leave effects behind; the check is on the text, so it errs on the safe
 * side (a name or string containing these words only makes a slow statement stay). */
static bool text_restartable(const char *p, size_t n)
{
    static const char *const effects[] = { ":=", "into", "sleep", "lock", "last_insert_id", "nextval",
                                           "setval", "lastval", "next value", "previous value", "uuid_short" };
    char low[4096];
    if (n >= sizeof low) return false;
    for (size_t i = 0; i < n; i++) low[i] = (char)tolower((unsigned char)p[i]);
    low[n] = 0;
    for (size_t i = 0; i < sizeof effects / sizeof *effects; i++)
        if (strstr(low, effects[i])) return false;
    return true;
}

/* text_restartable of a statement served from a cached shape is asked once per shape,
 * on the shape's text: the words it looks for are never inside a literal's value */
static bool restartable(pl_shape *shape, const char *text, size_t len)
{
    int v = pl_shape_memo(shape, text_restartable);
    return v >= 0 ? v : text_restartable(text, len);
}

/* Does this expression read a table (a subquery anywhere in it)? Conservative: true when
 * the stack runs low. */
static bool expr_reads(const pl_expr *e)
{
    if (!e) return false;
    if (e->sub || pl_stack_low()) return true;
    for (int i = 0; i < e->nargs; i++)
        if (expr_reads(e->args[i])) return true;
    for (int i = 0; i < e->norder; i++)
        if (expr_reads(e->order[i].e)) return true;
    if (expr_reads(e->gc_limit) || expr_reads(e->gc_offset)) return true;
    if (e->win) {
        for (int i = 0; i < e->win->npart; i++)
            if (expr_reads(e->win->part[i])) return true;
        for (int i = 0; i < e->win->norder; i++)
            if (expr_reads(e->win->order[i].e)) return true;
    }
    return false;
}

/* A SELECT of one block without FROM, subqueries, INTO or locking, and a SET of session
 * or user variables without subqueries, read no table: they run without the store lock
 * (SELECT 1, SELECT @@sql_mode, SET NAMES, SET autocommit=0 outside a transaction; SET
 * autocommit=1 inside one commits, so it is not read-only), so they never wait for
 * writers or long readers; such a SELECT takes no snapshot (InnoDB makes its read view
 * at the first read of a table, not at SELECT 1). */
static bool reads_no_table(const pl_stmt *st)
{
    /* (STOP SLAVE waits for the replica's applier, which takes the store lock to write) */
    if (st->kind == S_SET_NAMES || st->kind == S_REPLICA) return true;
    /* (SHOW PROCESSLIST and KILL must reach a statement that holds the lock for long: a
       CALL or an event whose body loops) */
    if (st->kind == S_SHOW && st->show == SH_PROCESSLIST) return true;
    if (st->kind == S_KILL) return !expr_reads(st->where);
    if (st->kind == S_SET) {   /* session and user variables; GLOBAL ones keep the lock */
        for (int i = 0; i < st->nsets; i++)
            if ((st->sets[i].scope != 0 && st->sets[i].scope != 2) || expr_reads(st->sets[i].value))
                return false;
        return true;
    }
    const pl_select *q = st->sel;
    if (st->kind != S_SELECT || !q || q->next || q->nfrom || q->for_update || q->lock_share ||
        q->ninto || q->into_file || q->examined || q->nu_order || q->u_limit || q->u_offset)
        return false;
    for (int i = 0; i < q->nitems; i++)
        if (expr_reads(q->items[i].e)) return false;
    for (int i = 0; i < q->ngroup; i++)
        if (expr_reads(q->group[i])) return false;
    for (int i = 0; i < q->norder; i++)
        if (expr_reads(q->order[i].e)) return false;
    return !expr_reads(q->where) && !expr_reads(q->having) && !expr_reads(q->limit) &&
           !expr_reads(q->offset);
}

/* A query block (and the blocks of its union) that names no table, nor does any subquery
 * of it. */
static bool sel_no_table(const pl_select *q)
{
    for (; q; q = q->next) {
        if (q->nfrom) return false;
        for (int i = 0; i < q->nitems; i++) if (expr_reads(q->items[i].e)) return false;
        if (expr_reads(q->where) || expr_reads(q->having)) return false;
        for (int i = 0; i < q->norder; i++) if (expr_reads(q->order[i].e)) return false;
    }
    return true;
}

/* Statements MariaDB runs with an empty table list (warnings of the one before survive
 * them unless they warn): SET, DO and SELECT without tables, transactions, USE, SET
 * NAMES, FLUSH, CREATE DATABASE, accounts. (PREPARE takes its statement's tables: taken
 * as using some.) */
static bool uses_no_table(const pl_stmt *st)
{
    switch (st->kind) {
    case S_SET_NAMES: case S_USE: case S_BEGIN: case S_COMMIT: case S_ROLLBACK: case S_SAVEPOINT: case S_RELEASE:
    case S_ROLLBACK_TO: case S_FLUSH: case S_PURGE_LOGS: case S_CREATE_DB: case S_DEALLOCATE: case S_CREATE_USER:
    case S_DROP_USER: case S_ALTER_USER: case S_RENAME_USER: case S_SET_PASSWORD: case S_EMPTY: case S_DROP_TRIGGER:
    case S_REPLICA:
    case S_CREATE_ROLE: case S_DROP_ROLE: case S_GRANT_ROLE: case S_REVOKE_ROLE: case S_SET_ROLE: case S_SET_DEFAULT_ROLE:
        return true;
    case S_SET:
        for (int i = 0; i < st->nsets; i++) if (expr_reads(st->sets[i].value)) return false;
        return true;
    case S_DO: case S_SELECT:
        return st->sel && !st->sel->into_file && sel_no_table(st->sel);
    default:
        return false;
    }
}

/* PREPARE of literal text that uses no table: MariaDB keeps the warnings before, as it
 * would running that text. */
static bool prepares_no_table(pdb_session *s, const pl_stmt *st, const pl_parse_opts *o)
{
    if (st->kind != S_PREPARE || !st->where || st->where->kind != E_STRING) return false;
    pl_stmt inner;
    pl_error perr;
    size_t pos = 0;
    return pl_parse(&s->arena, st->where->s, st->where->slen, &pos, o, &inner, &perr) == 0 && uses_no_table(&inner);
}

/* Takes the store lock; false when this thread may not block (an event loop) and it is
 * not free now: the statement must move to a worker. */
static bool store_lock(bool ro)
{
    if (stor_lock_may_block()) {
        if (ro) stor_lock_shared(); else stor_lock_exclusive();
        return true;
    }
    return ro ? stor_lock_try_shared() : stor_lock_try_exclusive();
}

/* shape: the shape-cache entry st came from (or NULL); text: the statement's text, for
 * a time slice (NULL: never run again) */
/* Tables of the statement that are out of memory (storage/evict.c) are loaded before it
 * takes the store lock: the FROM clauses' tables (derived tables and UNIONs included),
 * its target and its table list. Best effort: a table reached otherwise (a subquery in
 * an expression, a view, a trigger) is loaded when it is found. true: an event loop met
 * a big one, the statement moves to a worker. */
static bool preload_name(pdb_session *s, const char *db, const char *name, bool may_block)
{
    if (!name) return false;
    if (!db) db = s->db;
    return db[0] && stor_evict_preload(db, name, may_block) == 1;
}

static bool preload_select(pdb_session *s, const pl_select *sel, bool may_block, int depth)
{
    for (; sel && depth < 8; sel = sel->next)
        for (int i = 0; i < sel->nfrom; i++) {
            const pl_tref *f = &sel->from[i];
            if (f->derived ? preload_select(s, f->derived, may_block, depth + 1)
                           : !f->cte && preload_name(s, f->db, f->name, may_block))
                return true;
        }
    return false;
}

static bool preload_tables(pdb_session *s, const pl_stmt *st)
{
    if (!stor_evicted_any()) return false;
    if (st->kind != S_SELECT && st->kind != S_INSERT && st->kind != S_REPLACE && st->kind != S_UPDATE &&
        st->kind != S_DELETE)
        return false;   /* (SHOW, DESCRIBE and DDL read definitions, or find what they need) */
    bool may_block = stor_lock_may_block();
    if (st->table && preload_name(s, st->db, st->table, may_block)) return true;
    for (int i = 0; i < st->ntrefs; i++)
        if (!st->trefs[i].derived && preload_name(s, st->trefs[i].db, st->trefs[i].name, may_block)) return true;
    return preload_select(s, st->sel, may_block, 0);
}

static int run_statement(pdb_session *s, pl_stmt *st, ex_result *r, const pdb_value *params, int nparams, bool describe,
                         pl_shape *shape, const char *text, size_t len)
{
    ex_err err;
    jmp_buf jb;
    ex_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.s = s;
    ctx.params = params;
    ctx.nparams = nparams;
    ctx.describe = describe;
    ctx.a = &s->arena;
    ctx.jb = &jb;
    ctx.err = &err;
    ctx.now_us = s->fixed_now_us ? s->fixed_now_us : ex_now_us();
    ex_stmt stmt_state = { 0 };
    ctx.stmt = &stmt_state;
    stmt_state.shape = shape;
    ctx.strict = (s->sql_mode & (MODE_STRICT_TRANS_TABLES | MODE_STRICT_ALL_TABLES)) != 0;
    if (st->kind == S_CREATE_EVENT && s->event_run) st->event_body = true;   /* (the scheduler's: run it) */
    /* ANALYZE UPDATE / DELETE runs the statement: it writes */
    pl_stmt *wst = st->kind == S_EXPLAIN && st->explain_opt >= 10 && st->inner &&
                   (st->inner->kind == S_UPDATE || st->inner->kind == S_DELETE || st->inner->kind == S_INSERT ||
                    st->inner->kind == S_REPLACE) ? st->inner : st;
    ctx.writing = wst->kind == S_INSERT || wst->kind == S_REPLACE || wst->kind == S_UPDATE || wst->kind == S_DELETE ||
                  wst->kind == S_LOAD_DATA;
    if ((wst->kind == S_INSERT || wst->kind == S_UPDATE || wst->kind == S_DELETE) && wst->ignore)
        ctx.strict = false, ctx.ignore = true;   /* IGNORE turns conversion errors into warnings */
    /* LOAD DATA LOCAL: the file is sent whatever happens, so it cannot fail half way
       (MariaDB: LOCAL implies IGNORE) */
    if (wst->kind == S_LOAD_DATA && ((wst->ignore && !(wst->num & 1)) || (wst->load->local && !(wst->num & 1))))
        ctx.strict = false, ctx.ignore = true;
    /* MariaDB's abort_on_warning: a strict INSERT, REPLACE or UPDATE fails on an
       expression's conversion warning as on a column's (expr.c abort_state) */
    ctx.abort_warn = ctx.strict && (wst->kind == S_UPDATE || wst->kind == S_INSERT || wst->kind == S_REPLACE ||
                                    wst->kind == S_LOAD_DATA);
    /* SET autocommit=1 inside a transaction commits it: that needs the writer's lock */
    bool commit_first = !describe && (s->in_trans || s->snap) && (is_ddl(st) || st->kind == S_BEGIN ||
                                                                  commits_implicitly(s, st));
    bool ro = (is_read_only(st) && wst == st && !(st->kind == S_SET && (s->in_trans || !s->autocommit)) &&
               !commit_first && !st->seq_write) || describe;
    /* a locking read reads (and marks) the current rows, as a writer; so does a plain
       SELECT in a SERIALIZABLE transaction (InnoDB reads it LOCK IN SHARE MODE; one in
       autocommit is a consistent read) */
    ctx.share_all = st->kind == S_SELECT && st->sel && !st->sel->for_update && !st->sel->lock_share && !describe &&
                    (s->in_trans || !s->autocommit) && ex_sysvar_serializable(s) && !reads_no_table(st);
    /* INSERT / REPLACE ... SELECT in a REPEATABLE READ (or SERIALIZABLE) transaction: its
       source rows are read with shared next-key locks, as InnoDB reads them */
    if ((wst->kind == S_INSERT || wst->kind == S_REPLACE) && wst->sel && !describe && (s->in_trans || !s->autocommit) &&
        !read_committed(s))
        ctx.share_all = true;
    if (st->kind == S_SELECT && st->sel && (st->sel->for_update || st->sel->lock_share || ctx.share_all) && !describe)
        ro = false;
    stor_txn **txp = txn_slot(s);
    if (!*txp) *txp = stor_txn_new();
    stor_txn_set_no_binlog(*txp, s->sql_log_bin_off);

    /* (a consistent snapshot's binary log position must fall between commits) */
    bool nolock = ro && !describe && reads_no_table(st) && !(st->kind == S_BEGIN && st->consistent_snapshot);
    if (!nolock && !describe && preload_tables(s, st)) return PDB_EXEC_MOVE;
    /* FLUSH TABLES closes MariaDB's table cache: where tables are meant to leave memory
       (--evict-after-s), every one nothing holds goes now (before the store lock, which
       the eviction takes itself; an event loop hands it to a worker) */
    if (st->kind == S_FLUSH && (st->num & 32) && !describe && stor_evict_after()) {
        if (!stor_lock_may_block()) return PDB_EXEC_MOVE;
        stor_evict_pass(0);
    }
    if (!nolock && !store_lock(ro)) return PDB_EXEC_MOVE;
    /* only a plain SELECT that sent nothing yet is run again (ex_send_columns ends it) */
    stmt_state.slice_at = pdb_exec_slice_us && text && !stor_lock_may_block() && ro && !describe &&
                          st->kind == S_SELECT && !(st->sel && st->sel->into_file) && restartable(shape, text, len)
                          ? ex_now_ns() + pdb_exec_slice_us * 1000u : 0;
    stmt_state.slice_read = ex_now_ns();
    stmt_state.watch = !describe;   /* KILL and max_statement_time (ex_slice_check) */
    stmt_state.lock_nowait = st->kind == S_SELECT && st->sel && (st->sel->lock_nowait ||
                                                                (st->sel->lock_wait && !st->sel->lock_wait_s));
    stmt_state.lock_wait_ms = st->kind == S_SELECT && st->sel && st->sel->lock_wait ? st->sel->lock_wait_s * 1000ull : 0;
    s->wait_stmt_ms = 0;   /* (ex_raise_locked sets this statement's) */
    bool catalog = !ro && changes_catalog(st);
    if (catalog) ex_catalog_changed();
    stor_txn_attach(ro ? NULL : *txp);
    if (!ro) stor_txn_statement(text ? text : st->start, text ? len : st->len);
    if (commit_first) {
        stor_txn_commit();
        snap_release(s);
        s->in_trans = false;
        s->txn_ro = 0;   /* (the statement runs after the commit: the session's mode) */
    }
    /* what this statement sees (storage.h, MVCC): reads a snapshot (the transaction's
       under REPEATABLE READ, else the newest), writes the current state */
    bool explicit_txn = s->in_trans || !s->autocommit;
    memset(&stor_view_cur, 0, sizeof stor_view_cur);
    stor_view_cur.txn = stor_txn_get_id(*txp);
    if (ro) {
        stor_view_cur.snapshot = true;
        if (explicit_txn && st->kind == S_SELECT && !describe && !read_committed(s) && !nolock) {
            if (!s->snap) s->snap = stor_snap_take();
            stor_view_cur.snap = s->snap;
        } else stor_view_cur.snap = stor_commit_ts();
    } else stor_view_cur.versioned = explicit_txn || stor_snap_count() > 0;
    s->wait_blocker = 0;
    s->wait_named = false;
    s->wait_table = false;
    ctx.lock_write = is_ddl(st) || st->kind == S_TRUNCATE;   /* (DML: ex_table_write) */
    if (!ro && is_ddl(st)) savepoints_clear(s);
    stor_mark mark = stor_txn_mark();
    if (s->tmp && !ro && mark.undo == 0) ex_tmp_gc(s);   /* dropped temporary tables no undo names */
    volatile bool failed = false, waiting = false, moving = false;
    stmt_vars *volatile svars = NULL;
    /* (what a run that may start again counts: a writer may wait for a row, an inline
       SELECT may move to a worker) */
    uint64_t stat_before[PDB_NSTAT];
    bool may_rerun = !describe && (!ro || stmt_state.slice_at);
    if (may_rerun) memcpy(stat_before, s->stat, sizeof stat_before);
    ex_conv_ctx = NULL;
    s->lid_arg = false;
    s->trans_on_table = !s->autocommit && !describe && (st->kind == S_SELECT || ctx.writing);
    ex_privs_unwind(s);   /* (a statement always starts as the client's account) */
    ex_mem_guard(&ctx, true);
    stor_mem_catalog(makes_definitions(st));
    if (setjmp(jb)) {
        /* an error may leave the conversion-warning target pointing into a frame
           that is gone (ex_eval restores it only on a normal return), and a stored
           program's account in place (an error raised past its handler: memory) */
        ex_conv_ctx = NULL;
        ex_privs_unwind(s);
        failed = true;
        if (!ro && !stmt_state.keep_work) stor_txn_undo_to(mark);
        if (err.code == EX_LOCK_WAIT) {
            waiting = true;
            if (stmt_state.ai_t) {   /* (undone: run again, it takes the same ids) */
                s->ai_pend_t = stmt_state.ai_t;
                s->ai_pend_gen = pl_catalog_gen();
                s->ai_pend_first = stmt_state.ai_first;
            }
        }
        if (err.code == EX_MOVE) moving = true;
        if ((waiting || moving) && may_rerun) ex_status_undo(s, stat_before);
    } else if (describe) {
        ex_privs_statement(&ctx, st);
        /* prepare: result columns of a SELECT; other statements only check their table */
        if (st->kind == S_SELECT) ex_select(&ctx, st, r);
        else if (st->kind == S_CREATE_VIEW) ex_view_prepare_check(&ctx, st);
        else if (st->kind == S_INSERT || st->kind == S_REPLACE || st->kind == S_UPDATE || st->kind == S_DELETE) {
            pl_stmt *w = ex_view_dml(&ctx, st);
            if (w->kind == S_INSERT || w->kind == S_REPLACE) ex_table_write(&ctx, w->db, w->table);
            else if (w->ntrefs && w->trefs[0].name) ex_table_ref(&ctx, w->trefs[0].db, w->trefs[0].name, w->trefs[0].alias, true);
        }
    } else {
        if (st->nstmt_sets) {
            stmt_vars_set(&ctx, st, &svars);
            if (!ctx.ignore) ctx.strict = (s->sql_mode & (MODE_STRICT_TRANS_TABLES | MODE_STRICT_ALL_TABLES)) != 0;
            ctx.abort_warn = ctx.strict && (wst->kind == S_UPDATE || wst->kind == S_INSERT || wst->kind == S_REPLACE);
        }
        uint64_t limit_ns = ex_sysvar_stmt_time_ns(s);
        if (limit_ns) stmt_state.stop_at = stmt_state.slice_read + limit_ns;
        /* a deadlock victim (the holder it waited for upgraded that lock, mvcc.c): as
           InnoDB, rolled back with 1213 whatever happened since (the waiting branch) */
        uint64_t vme = ro ? 0 : stor_txn_get_id(*txp);
        if (vme && stor_wait_victim(vme)) { s->wait_blocker = vme; ex_raise(&ctx, EX_LOCK_WAIT, "HY000", "lock wait"); }
        ex_privs_statement(&ctx, wst);   /* ANALYZE UPDATE: the update's privileges */
        ex_grant_tables_touch(&ctx, wst);
        if (is_ddl(st) || is_account_change(st)) ex_write_check(&ctx);
        if (ro_denied(st)) ex_txn_write_check(&ctx);
        switch (st->kind) {
        case S_SELECT: ex_select(&ctx, st, r); break;
        case S_INSERT: case S_REPLACE: ex_insert(&ctx, ex_view_dml(&ctx, st), r); break;
        case S_LOAD_DATA: ex_load_data(&ctx, st, r); break;
        case S_UPDATE: ex_update(&ctx, ex_view_dml(&ctx, st), r); break;
        case S_DELETE: ex_delete(&ctx, ex_view_dml(&ctx, st), r); break;
        case S_SET: case S_SET_NAMES: do_set(&ctx, st, r); break;
        case S_USE:
            if (!strcasecmp(st->db, "information_schema")) snprintf(s->db, sizeof s->db, "information_schema");
            else if (!stor_db_find(st->db) && strcmp(st->db, "mysql")) ex_raise(&ctx, 1049, "42000", "Unknown database '%s'", st->db);
            else snprintf(s->db, sizeof s->db, "%s", st->db);
            ex_sysvar_use_db(s);
            ex_send_ok(&ctx, r, 0, 0, NULL);
            break;
        case S_SHOW: case S_DESCRIBE: ex_show(&ctx, st, r); break;
        case S_CREATE_DB: case S_DROP_DB: case S_CREATE_TABLE: case S_DROP_TABLE: case S_ALTER_TABLE:
        case S_TRUNCATE: case S_RENAME_TABLE: case S_CREATE_INDEX: case S_DROP_INDEX: case S_ALTER_SEQUENCE:
            ex_ddl(&ctx, st, r);
            if (st->kind == S_CREATE_TABLE) {
                /* as MariaDB's counters: creating opens the new table once and its
                   definition twice, and leaves it closed (its first use opens it again) */
                pdb_status_add(s, PDB_STAT_OPENED_TABLES, 1);
                pdb_status_add(s, PDB_STAT_OPENED_TABLE_DEFINITIONS, 2);
            }
            break;
        case S_CREATE_VIEW: case S_DROP_VIEW: ex_view_ddl(&ctx, st, r); break;
        case S_CREATE_TRIGGER: case S_DROP_TRIGGER: ex_trg_ddl(&ctx, st, r); break;
        case S_CREATE_ROUTINE: case S_DROP_ROUTINE: case S_ALTER_ROUTINE: ex_rtn_ddl(&ctx, st, r); break;
        case S_CREATE_EVENT: case S_ALTER_EVENT: case S_DROP_EVENT: ex_evt_ddl(&ctx, st, r); break;
        case S_CALL: ex_call(&ctx, st, r); break;
        case S_GET_DIAG: ex_get_diag(&ctx, st, r); break;
        case S_BEGIN:
            ex_tablelock_release(s);   /* as MariaDB: BEGIN ends LOCK TABLES */
            ex_status_txn_end(s, true);   /* (BEGIN ends the open transaction) */
            s->txn_ro = st->read_only ? 2 : st->read_write ? 1 : ex_txn_read_only(s) ? 2 : 1;
            s->in_trans = true; savepoints_clear(s);
            if (st->consistent_snapshot && !read_committed(s)) s->snap = stor_snap_take();
            s->snap_binlog_file[0] = 0;
            if (st->consistent_snapshot && stor_binlog_on())
                stor_binlog_where(s->snap_binlog_file, sizeof s->snap_binlog_file, &s->snap_binlog_pos);
            ex_send_ok(&ctx, r, 0, 0, NULL);
            break;
        case S_COMMIT:
            if (stor_txn_dirty()) ex_commit_check(&ctx);   /* another session's FTWRL: wait */
            stor_txn_commit(); ex_status_txn_end(s, true); snap_release(s); s->in_trans = false; savepoints_clear(s); ex_send_ok(&ctx, r, 0, 0, NULL); break;
        case S_ROLLBACK: stor_txn_rollback(); ex_status_txn_end(s, false); snap_release(s); s->in_trans = false; savepoints_clear(s); ex_send_ok(&ctx, r, 0, 0, NULL); break;
        case S_SAVEPOINT:
            savepoint_set(&ctx, st->name);
            pdb_status_add(s, PDB_STAT_HANDLER_SAVEPOINT, 1);
            ex_send_ok(&ctx, r, 0, 0, NULL);
            break;
        case S_RELEASE: case S_ROLLBACK_TO: {
            int i = savepoint_find(s, st->name);
            if (i < 0) ex_raise(&ctx, 1305, "42000", "SAVEPOINT %s does not exist", st->name);
            if (st->kind == S_ROLLBACK_TO) {
                stor_txn_undo_to(s->savepoints[i].mark);
                s->nsavepoints = i + 1;   /* the later ones are gone, this one stays */
                pdb_status_add(s, PDB_STAT_HANDLER_SAVEPOINT_ROLLBACK, 1);
            } else s->nsavepoints = i;
            ex_send_ok(&ctx, r, 0, 0, NULL);
            break;
        }
        case S_LOCK_TABLES:
            ex_lock_tables(&ctx, st);
            if (!s->autocommit) s->in_trans = true;   /* (as InnoDB: the locks open a transaction) */
            ex_send_ok(&ctx, r, 0, 0, NULL);
            break;
        case S_UNLOCK_TABLES: ex_tablelock_release(s); ex_grl_release(s); ex_send_ok(&ctx, r, 0, 0, NULL); break;
        case S_FLUSH:
            if (st->num & 4) ex_grl_take(&ctx);
            if (st->num & 1) ex_status_flush(s);
            if ((st->num & 2) && log_reopen_fn) log_reopen_fn();
            if (st->num & 8) stor_binlog_flush();
            if (st->num & 16) ex_grant_tables_flush(&ctx);
            ex_send_ok(&ctx, r, 0, 0, NULL);
            break;
        case S_PURGE_LOGS: purge_logs(&ctx, st, r); break;
        case S_REPLICA: ex_replica_stmt(&ctx, st, r); break;
        case S_ANALYZE_TABLE: case S_OPTIMIZE_TABLE: case S_CHECK_TABLE: case S_REPAIR_TABLE: case S_CACHE_INDEX:
        case S_LOAD_INDEX:
            table_maint(&ctx, st, r);
            break;
        case S_CHECKSUM_TABLE: ex_checksum_table(&ctx, st, r); break;
        case S_DO: {
            ex_scope sc = { 0 };
            sc.ctx = &ctx; sc.item_base = -1; sc.clause = "field list";
            for (int i = 0; i < st->sel->nitems; i++) { ex_type t; pdb_value v; ex_eval(&ctx, ex_compile(&sc, st->sel->items[i].e, &t), &v); }
            ex_send_ok(&ctx, r, 0, 0, NULL);
            break;
        }
        case S_KILL: do_kill(&ctx, st, r); break;
        case S_SHUTDOWN: do_shutdown(&ctx, r); break;
        case S_CREATE_USER: case S_DROP_USER: case S_ALTER_USER: case S_SET_PASSWORD: case S_GRANT:
        case S_REVOKE: case S_RENAME_USER:
            ex_accounts(&ctx, st, r);
            ex_log_binlog_statement(&ctx, st);   /* (reached only when it succeeded) */
            break;
        case S_CREATE_ROLE: case S_DROP_ROLE: case S_GRANT_ROLE: case S_REVOKE_ROLE: case S_SET_ROLE: case S_SET_DEFAULT_ROLE:
            ex_roles(&ctx, st, r);
            if (st->kind == S_SET_DEFAULT_ROLE && !st->nusers) ex_roles_log_default(&ctx, st);
            else if (st->kind != S_SET_ROLE) ex_log_binlog_statement(&ctx, st);
            break;
        case S_EXPLAIN: ex_explain(&ctx, st, r); break;
        case S_UNSUPPORTED:
            ex_raise(&ctx, 1235, "42000", "This version of MariaDB doesn't yet support '%s'", st->unsupported ? st->unsupported : "this statement");
        default:
            ex_raise(&ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'this statement'");
        }
        /* autocommit: commit each writing statement before answering */
        if (!ro && !s->in_trans && s->autocommit) {
            if (stor_txn_commit() != 0) {
                err.code = 1030; strcpy(err.state, "HY000");
                snprintf(err.msg, sizeof err.msg, "Got error 28 \"No space left on device\" from storage engine InnoDB");
                failed = true;
            }
        } else if (!ro && !s->autocommit && !s->in_trans && (stor_txn_dirty() || stor_txn_mark().undo)) {
            /* (undo without redo: a temporary table changed; DDL must commit it first) */
            s->in_trans = true;   /* autocommit=0: the first change opens a transaction */
        }
        /* ROW_COUNT(): the affected rows of an OK (0 after SET or DDL), -1 after a
           result set */
        if (!describe) s->row_count = stmt_state.ok.set ? (int64_t)stmt_state.ok.affected : -1;
    }
    ex_mem_guard(&ctx, false);
    if (svars) stmt_vars_restore(s, svars);
    stmt_state.watch = false;
    stor_mem_catalog(false);
    ex_spill_end(&ctx);   /* (sorts' temporary files, however the statement ended) */
    if (!waiting && !moving && stmt_state.tables_used) ex_status_stmt_end(s, &stmt_state, failed);
    if (failed && !describe && !moving) s->row_count = -1;   /* (moved: it runs again and reads ROW_COUNT()) */
    if (!waiting) s->named_deadline_us = 0;   /* GET_LOCK's wait ends with its statement */
    s->trans_on_table = false;
    /* SET TRANSACTION's level lasts until the transaction after it ends: COMMIT or
       ROLLBACK, or an autocommit statement that used a table (one that used none is no
       transaction on MariaDB either) */
    if ((s->tx_next_iso[0] || s->tx_next_ro) && !s->in_trans && !waiting && !moving &&
        ((s->autocommit && stmt_state.tables_used) || st->kind == S_COMMIT || st->kind == S_ROLLBACK))
        s->tx_next_iso[0] = 0, s->tx_next_ro = 0;
    if (!s->in_trans) s->txn_ro = 0;
    /* an autocommit statement that failed (or waits) leaves no transaction behind */
    if (!ro && failed && !s->in_trans && s->autocommit) {
        if (stmt_state.keep_work && !waiting && !moving) stor_txn_commit();   /* (a CALL's earlier statements) */
        else if (!waiting) stor_txn_finish();   /* (a waiter keeps its id: its place in the queue) */
    }
    if (!ro) stor_mvcc_purge();
    stor_txn_attach(NULL);
    if (!ro && !s->in_trans && stor_wal_size() > checkpoint_threshold() && !stor_any_open_txn())
        checkpoint_request();   /* the log is long: fold it into a snapshot */
    if (catalog) ex_catalog_changed();
    stmt_state.slice_at = 0;
    for (int i = 0; i < stmt_state.njit_orphans; i++)
        if (stmt_state.jit_orphans[i]) jb_kept_free(stmt_state.jit_orphans[i]);
    if (!nolock) stor_unlock();
    if (moving) return PDB_EXEC_MOVE;   /* read only: nothing to undo, nothing was sent */
    /* group commit: the fsync happens outside the store lock, shared with others; for
       the last statement of a query the server waits for it (engine.h, durable_lsn) */
    uint64_t need = ((failed && !stmt_state.keep_work) || (r->status & PDB_ST_MORE_RESULTS) || describe) ? 0 : stor_txn_take_commit_end();
    if (need > s->durable_lsn) s->durable_lsn = need;
    if (!failed && stor_txn_sync() != 0) {
        err.code = 1030; strcpy(err.state, "HY000");
        snprintf(err.msg, sizeof err.msg, "Got error 5 \"Input/output error\" from storage engine InnoDB");
        failed = true;
    }
    if (!waiting && s->row_wait_ns) ex_status_row_wait(s, 0);   /* (Innodb_row_lock_time) */
    if (!waiting) { stor_queue_leave(stor_txn_get_id(*txp)); s->ai_pend_t = NULL; }
    if (waiting) {
        /* wait for the transaction that holds the row (the server parks the connection),
           unless that would close a cycle of waits */
        uint64_t me = stor_txn_get_id(*txp);
        if (s->wait_named || (s->wait_table && !s->wait_blocker)) { s->wait_blocker = 0; s->wait_me = 0; return PDB_EXEC_WAIT; }
        if (!me) me = stor_txn_ensure_id(*txp);   /* (queued, and seen by deadlock checks) */
        int w = stor_wait_begin(me, s->wait_blocker);
        if (w >= 0) {
            s->wait_me = w == 0 ? me : 0;
            if (w == 1) s->wait_blocker = 0;
            ex_status_row_wait(s, 1);
            return PDB_EXEC_WAIT;
        }
        ex_status_row_wait(s, 2);
        /* a deadlock: as InnoDB, the transaction that would wait is rolled back (an event
           loop that cannot have the lock now runs the statement again on a worker, which
           meets the same deadlock) */
        if (pdb_session_rollback(s) == PDB_EXEC_MOVE) return PDB_EXEC_MOVE;
        wait_forget(s);
        err.code = 1213; strcpy(err.state, "40001");
        snprintf(err.msg, sizeof err.msg, "Deadlock found when trying to get lock; try restarting transaction");
    }
    if (failed) {
        stmt_state.ok.set = false;
        ex_warn_fresh(s);
        if (!stmt_state.err_listed) list_condition(s, "Error", err.code, err.msg);
        for (int i = 0; i < stmt_state.nerr_notes; i++) list_condition(s, "Note", 4094, stmt_state.err_notes[i]);
        if (stmt_state.err_after) list_condition(s, "Error", stmt_state.err_after, stmt_state.err_after_msg);
        if (!r->stopped && r->sink->error(r->sink->ctx, err.code, err.state, err.msg)) r->stopped = true;
        return -1;
    }
    flush_ok(&ctx, r);
    return 0;
}

static bool keeps_diagnostics(pl_stmt *st)
{
    return st->kind == S_GET_DIAG ||
           (st->kind == S_SHOW && (st->show == SH_WARNINGS || st->show == SH_ERRORS ||
                                   st->show == SH_COUNT_WARNINGS || st->show == SH_COUNT_ERRORS));
}

static int exec_text(pdb_session *s, const char *sql, size_t len, bool multi, const pdb_sink *sink, ex_result *rp);

/* Empty_queries: a result set without rows, except from the SHOWs MariaDB answers without
 * its result-set path (warnings, errors, replication status: often empty, never counted) */
static bool counts_empty(const pl_stmt *st)
{
    return !(st->kind == S_SHOW && (st->show == SH_WARNINGS || st->show == SH_ERRORS ||
                                    st->show == SH_MASTER_STATUS || st->show == SH_SLAVE_STATUS ||
                                    st->show == SH_BINLOG_EVENTS || st->show == SH_RELAYLOG_EVENTS ||
                                    st->show == SH_PROFILES));
}

int pdb_exec_query(pdb_session *s, const char *sql, size_t len, bool multi, const pdb_sink *sink)
{
    ex_result r = { sink, s, 0, false, 0, false };
    size_t clen;
    char *converted = ex_client_to_utf8(s, sql, len, &clen);
    ex_status_running(1);
    int rc = converted ? exec_text(s, converted, clen, multi, sink, &r) : exec_text(s, sql, len, multi, sink, &r);
    ex_status_running(-1);
    free(converted);
    return rc;
}

/* What follows a statement from pos: 0 nothing but whitespace and semicolons, 1 comments
 * too (an empty statement: MariaDB answers it with an OK of its own, or ignores it
 * without CLIENT_MULTI_STATEMENTS), 2 another statement. */
static int rest_kind(pdb_session *s, const pl_parse_opts *o, const char *sql, size_t len, size_t pos)
{
    pl_lexer lx;
    pl_token t;
    pl_lex_init(&lx, &s->arena, sql + pos, len - pos, o);
    for (;;) {
        if (pl_lex_next(&lx, &t) != 0) return 2;
        if (t.kind == TK_EOF) break;
        if (!(t.kind == TK_OP && t.op == ';')) return 2;
    }
    for (size_t i = pos; i < len; i++)
        if (!isspace((unsigned char)sql[i]) && sql[i] != ';' && sql[i]) return 1;   /* a NUL: the lexer's end */
    return 0;
}

/* A query of comments only: as MariaDB's parser, an empty statement may not be followed
 * by a second one (comments after its semicolon): 1064 from that semicolon. */
static bool empty_then_more(pdb_session *s, const pl_parse_opts *o, const char *sql, size_t len, const pdb_sink *sink)
{
    pl_lexer lx;
    pl_token t;
    pl_lex_init(&lx, &s->arena, sql, len, o);
    if (pl_lex_next(&lx, &t) != 0 || t.kind != TK_OP) return false;
    const char *semi = t.start, *e = sql + len, *q = semi;
    while (q < e && (isspace((unsigned char)*q) || *q == ';')) q++;
    if (q == e) return false;
    while (e > semi && isspace((unsigned char)e[-1])) e--;
    int line = 1;
    for (const char *c = sql; c < semi; c++) if (*c == '\n') line++;
    char msg[512];
    snprintf(msg, sizeof msg, "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '%.*s' at line %d",
             (int)(e - semi > 80 ? 80 : e - semi), semi, line);
    sink->error(sink->ctx, 1064, "42000", msg);
    return true;
}

static int empty_ok(pdb_session *s, const pdb_sink *sink)
{
    pdb_status_add(s, PDB_STAT_COM_EMPTY_QUERY, 1);
    return sink->ok(sink->ctx, 0, 0, 0, (uint16_t)((s->autocommit ? PDB_ST_AUTOCOMMIT : 0) | (s->in_trans ? PDB_ST_IN_TRANS : 0)), NULL);
}

/* The charset whose statements have their names checked (pl_parse_opts.names_charset):
 * a client's in UTF-8; not a replayed log's (names made before the check stay readable). */
static const char *names_charset(const pdb_session *s)
{
    if (ex_replaying) return NULL;
    const pdb_collation *c = pdb_coll_by_id(s->coll_client);
    return c && (!strcmp(c->charset, "utf8mb4") || !strcmp(c->charset, "utf8mb3")) ? c->charset : NULL;
}

static int exec_text(pdb_session *s, const char *sql, size_t len, bool multi, const pdb_sink *sink, ex_result *rp)
{
    size_t pos = 0;
    pl_parse_opts o = { 0 };
    o.names_charset = names_charset(s);
    o.no_backslash_escapes = s->sql_mode & MODE_NO_BACKSLASH_ESCAPES;
    o.ansi_quotes = s->sql_mode & MODE_ANSI_QUOTES;
    o.pipes_as_concat = s->sql_mode & MODE_PIPES_AS_CONCAT;
    ex_result r = *rp;
    bool first = true, owe_empty = false;
    for (;;) {
        stor_arena_reset(&s->arena);
        /* nothing but comments and semicolons: an empty statement, answered with an OK of
           its own (Com_empty_query); not even comments: 1065 */
        int rest = first || owe_empty ? rest_kind(s, &o, sql, len, pos) : 2;
        if (rest != 2) {
            ex_status_statement(s, NULL, true, 1);
            s->nwarnings = 0; s->warn_count = 0;
            if (rest == 1 && first && empty_then_more(s, &o, sql, len, sink)) return 0;
            if (rest == 1) return empty_ok(s, sink) ? 1 : 0;
            return sink->error(sink->ctx, 1065, "42000", "Query was empty") ? 1 : 0;
        }
        pl_stmt st;
        pl_error perr;
        size_t start = pos;
        pl_shape *shape = NULL;   /* st points into this cache entry until released */
        int rc = pl_parse_cached(&s->arena, sql, len, &pos, &o, &st, &perr, &shape);
        if (rc != 0) pl_shape_release(shape), shape = NULL;
        if (rc == 1) {
            if (first) {
                ex_status_statement(s, NULL, true, 1);
                s->nwarnings = 0; s->warn_count = 0;
                if (sink->error(sink->ctx, 1065, "42000", "Query was empty")) return 1;
            }
            return 0;
        }
        first = false;
        if (rc < 0) {
            ex_status_statement(s, NULL, true, 1);
            s->nwarnings = 0; s->warn_count = 0;
            pdb_warning *w = pdb_warning_slot(s);
            if (w) {
                snprintf(w->level, sizeof w->level, "Error");
                w->code = perr.code;
                snprintf(w->msg, sizeof w->msg, "%s", perr.msg);
            }
            s->warn_count = 1;
            ex_mb3_text(perr.msg);
            if (w) ex_mb3_text(w->msg);
            sink->error(sink->ctx, perr.code, perr.sqlstate, perr.msg);
            return 0;
        }
        /* another statement after this one? */
        rest = pos < len ? rest_kind(s, &o, sql, len, pos) : 0;
        /* a client's NUL after the last semicolon: one more, empty statement (1065) */
        bool nul_next = rest == 0 && multi && pos < len && memchr(sql + pos, '\0', len - pos);
        bool more = rest == 2 || (rest == 1 && multi) || nul_next;
        owe_empty = (rest == 1 && multi) || nul_next;
        if (more && !multi) {
            /* without CLIENT_MULTI_STATEMENTS the rest is a syntax error */
            pl_shape_release(shape);
            ex_status_statement(s, NULL, true, 1);
            s->nwarnings = 0; s->warn_count = 0;
            char msg[512];
            const char *near = sql + pos;
            while (near < sql + len && (*near == ' ' || *near == '\n' || *near == '\t' || *near == '\r')) near++;
            int line = 1;
            for (const char *p = sql; p < near; p++) if (*p == '\n') line++;
            size_t nn = (size_t)(sql + len - near);
            /* (MariaDB drops a query's trailing semicolons and spaces before parsing) */
            while (nn && (near[nn - 1] == ';' || isspace((unsigned char)near[nn - 1]))) nn--;
            snprintf(msg, sizeof msg, "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '%.*s' at line %d",
                     (int)(nn > 80 ? 80 : nn), near, line);
            sink->error(sink->ctx, 1064, "42000", msg);
            return 0;
        }
        char *infile = s->infile_fd >= 0 ? NULL : local_infile_of(s, &st, &o);
        if (infile) {
            /* the client sends the file first (the server stores it): this statement and
               the rest run again then */
            pl_shape_release(shape);
            free(s->infile_name);
            s->infile_name = infile;
            free(s->resume);
            s->resume_len = len - start;
            s->resume = malloc(s->resume_len + 1);
            if (!s->resume || !s->infile_name) {
                free(s->resume); s->resume = NULL; s->resume_len = 0;
                return sink->error(sink->ctx, 1041, "HY000", "Out of memory.") ? 1 : 0;
            }
            memcpy(s->resume, sql + start, s->resume_len);
            return PDB_EXEC_INFILE;
        }
        /* MariaDB clears the warnings of the statement before at the start of one that
           uses tables; one that uses none keeps them until it warns itself */
        if (!keeps_diagnostics(&st)) {
            s->warn_stale = false;
            if (uses_no_table(&st) || prepares_no_table(s, &st, &o)) s->warn_stale = true;
            else { s->nwarnings = 0; s->warn_count = 0; }
        }
        r.status = more ? PDB_ST_MORE_RESULTS : 0;
        ex_status_statement(s, &st, true, 1);   /* (before it runs: SHOW STATUS counts itself) */
        uint64_t t0 = ex_now_ns();
        r.rows = 0;
        r.columns = false;
        int res = st.kind == S_PREPARE || st.kind == S_EXECUTE || st.kind == S_DEALLOCATE
                  ? sql_ps(s, &st, &r)
                  : run_statement(s, &st, &r, NULL, 0, false, shape, sql + start, pos - start);
        if (res == PDB_EXEC_WAIT || res == PDB_EXEC_MOVE) ex_status_statement(s, &st, true, -1);
        else {
            infile_forget(s);   /* (a statement run again, WAIT or MOVE, reads it again) */
            ex_status_slow(s, t0, sql + start, pos - start, r.rows);
            /* SHOW STATUS leaves the session's counters as they were (MariaDB restores
               them after it), the server's take its rows */
            bool show_status = st.kind == S_SHOW && st.show == SH_STATUS;
            pdb_status_add(show_status ? NULL : s, PDB_STAT_ROWS_SENT, (int64_t)r.rows);
            if (r.columns && !r.rows && counts_empty(&st)) pdb_status_add(show_status ? NULL : s, PDB_STAT_EMPTY_QUERIES, 1);
        }
        pl_shape_release(shape);
        if (res == PDB_EXEC_WAIT || res == PDB_EXEC_MOVE) {
            /* run this statement and the rest again once the lock holder is gone, or on a
               worker */
            free(s->resume);
            s->resume_len = len - start;
            s->resume = malloc(s->resume_len + 1);
            if (!s->resume) {
                wait_forget(s);
                sink->error(sink->ctx, 1205, "HY000", "Lock wait timeout exceeded; try restarting transaction");
                return 0;
            }
            memcpy(s->resume, sql + start, s->resume_len);
            return res;
        }
        if (r.stopped) return 1;
        if (res < 0 || !more) return 0;
    }
}

int pdb_exec_resume(pdb_session *s, const pdb_sink *sink)
{
    ex_result r = { sink, s, 0, false, 0, false };
    char *sql = s->resume;
    size_t len = s->resume_len;
    s->resume = NULL;
    s->resume_len = 0;
    if (s->wait_me) stor_wait_end(s->wait_me);
    s->wait_me = s->wait_blocker = 0;
    s->wait_named = false;
    s->wait_table = false;
    if (!sql) return 0;
    ex_status_running(1);
    int rc = exec_text(s, sql, len, true, sink, &r);
    ex_status_running(-1);
    free(sql);
    return rc;
}

/* An error answered without running a statement: the session's diagnostics are that
 * error alone (SHOW WARNINGS, @@error_count), as MariaDB's diagnostics area. */
static void direct_error(pdb_session *s, const pdb_sink *sink, uint16_t code, const char *state, const char *msg)
{
    s->warn_stale = false;
    s->nwarnings = 0; s->warn_count = 1;
    pdb_warning *w = pdb_warning_slot(s);
    if (w) {
        snprintf(w->level, sizeof w->level, "Error");
        w->code = code;
        snprintf(w->msg, sizeof w->msg, "%s", msg);
    }
    sink->error(sink->ctx, code, state, msg);
}

static void wait_fail(pdb_session *s, const pdb_sink *sink, uint16_t code, const char *state, const char *msg)
{
    wait_forget(s);
    if (!s->in_trans && s->autocommit) stor_txn_end_idle(*txn_slot(s));   /* (its id: stor_txn_ensure_id) */
    s->row_count = -1;
    direct_error(s, sink, code, state, msg);
}

void pdb_exec_wait_timeout(pdb_session *s, const pdb_sink *sink)
{
    wait_fail(s, sink, 1205, "HY000", "Lock wait timeout exceeded; try restarting transaction");
}

void pdb_exec_wait_killed(pdb_session *s, const pdb_sink *sink)
{
    wait_fail(s, sink, 1317, "70100", "Query execution was interrupted");
}

int pdb_exec_init_db(pdb_session *s, const char *db, size_t len, const pdb_sink *sink)
{
    char name[PDB_NAME_LEN * 4];
    snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name - 1 ? len : sizeof name - 1), db);
    bool info = !strcasecmp(name, "information_schema");   /* (MariaDB names it in lower case) */
    if (info) snprintf(name, sizeof name, "information_schema");
    /* (mysql: the grant tables infoschema.c makes; not a stored database) */
    bool ok = info || !strcmp(name, "mysql") || stor_db_exists(name);   /* no store lock: an event loop runs this at login */
    bool denied = s->enforce_privs && !ex_privs_db_visible(s, name);
    s->warn_stale = true;   /* (no table: the warnings before stay, as MariaDB's) */
    if (!ok || denied) ex_warn_fresh(s);
    if (denied) {
        /* MariaDB checks access first: an unknown database is denied too */
        char msg[1536];
        snprintf(msg, sizeof msg, "Access denied for user '%s'@'%s' to database '%s'", s->user, s->priv_host, name);
        direct_error(s, sink, 1044, "42000", msg);
        return -1;
    }
    if (!ok) {
        char msg[PDB_NAME_LEN * 4 + 40];
        snprintf(msg, sizeof msg, "Unknown database '%s'", name);
        direct_error(s, sink, 1049, "42000", msg);
        return -1;
    }
    snprintf(s->db, sizeof s->db, "%.64s", name);
    ex_sysvar_use_db(s);
    return sink->ok(sink->ctx, 0, 0, 0, (uint16_t)((s->autocommit ? PDB_ST_AUTOCOMMIT : 0) | (s->in_trans ? PDB_ST_IN_TRANS : 0)), NULL);
}

int pdb_exec_field_list(pdb_session *s, const char *table, const char *wild, const pdb_sink *sink)
{
    if (!store_lock(true)) return PDB_EXEC_MOVE;
    stor_arena_reset(&s->arena);
    stor_table *t = s->db[0] && s->tmp ? ex_tmp_find(s, s->db, table) : NULL;
    if (!t && s->db[0]) t = stor_table_find(s->db, table);
    if (t && !t->temporary && !ex_privs_table_visible(s, s->db, table)) {
        stor_unlock();
        char msg[1024];
        snprintf(msg, sizeof msg, "SELECT command denied to user '%s'@'%s' for table `%s`.`%s`", s->user, s->host, s->db, table);
        pdb_status_add(s, PDB_STAT_ACCESS_DENIED_ERRORS, 1);
        sink->error(sink->ctx, 1142, "42000", msg);
        return -1;
    }
    if (!t) {
        stor_unlock();
        char msg[400];
        if (!s->db[0]) { sink->error(sink->ctx, 1046, "3D000", "No database selected"); return -1; }
        snprintf(msg, sizeof msg, "Table '%s.%s' doesn't exist", s->db, table);
        sink->error(sink->ctx, 1146, "42S02", msg);
        return -1;
    }
    pdb_colmeta *m = stor_arena_alloc(&s->arena, (t->ncols ? t->ncols : 1) * sizeof *m);
    size_t n = 0;
    for (uint32_t c = 0; c < t->ncols; c++) {
        if (wild && *wild && !ex_like(t->cols[c].name, strlen(t->cols[c].name), wild, strlen(wild), '\\', COLL_UTF8MB3_GENERAL_CI)) continue;
        ex_type ty;
        ex_type_of_column(&t->cols[c], &ty);
        m[n].schema = t->db; m[n].table = t->name; m[n].org_table = t->name;
        m[n].name = t->cols[c].name; m[n].org_name = t->cols[c].name;
        m[n].type = ty.ptype; m[n].flags = ty.flags; m[n].decimals = ty.decimals;
        m[n].charset = ty.vt == VT_STRING ? ty.coll : COLL_BINARY;
        m[n].length = ty.length;
        m[n].format = ty.jsonfmt ? "json" : NULL;
        n++;
    }
    int rc = sink->columns(sink->ctx, m, n);
    stor_unlock();
    if (!rc) rc = sink->end(sink->ctx, 0, (uint16_t)(s->autocommit ? PDB_ST_AUTOCOMMIT : 0));
    return rc;
}

/* ---------------------------------------------------------------- startup and replay */

static int nop_cols(void *c, const pdb_colmeta *m, size_t n) { return 0; }
static int nop_row(void *c, const pdb_value *v, size_t n) { return 0; }
static int nop_end(void *c, uint16_t w, uint16_t s) { return 0; }
static int nop_ok(void *c, uint64_t a, uint64_t i, uint16_t w, uint16_t s, const char *info) { return 0; }
typedef struct replay_st { int status; const char *sql; size_t len; } replay_st;

/* An ALTER TABLE / CREATE INDEX that fails for the rows it copies (a duplicate key, a
 * constraint, a value that does not fit) failed when it ran too: builds before 2026-12-05
 * logged such a statement before copying. It changed nothing then, so it is skipped. */
static bool replay_copy_failed(const replay_st *r, uint16_t code)
{
    static const uint16_t data[] = { 1062, 4025, 1452, 1265, 1366, 1292, 1406, 1264, 1048, 1114 };
    size_t i = 0;
    while (i < r->len && (r->sql[i] == ' ' || r->sql[i] == '\t' || r->sql[i] == '\n' || r->sql[i] == '\r')) i++;
    if (!(r->len - i >= 5 && !strncasecmp(r->sql + i, "ALTER", 5)) && !(r->len - i >= 6 && !strncasecmp(r->sql + i, "CREATE", 6)))
        return false;
    for (size_t k = 0; k < sizeof data / sizeof *data; k++) if (data[k] == code) return true;
    return false;
}

static int replay_err(void *c, uint16_t code, const char *state, const char *msg)
{
    replay_st *r = c;
    if (replay_copy_failed(r, code)) {
        fprintf(stderr, "pressdb: [Warning] replaying DDL: %u %s: skipped (it failed when it ran: %.*s)\n",
                code, msg, (int)(r->len > 200 ? 200 : r->len), r->sql);
        return 0;
    }
    fprintf(stderr, "pressdb: [ERROR] replaying DDL: %u %s\n", code, msg);
    r->status = -1;
    return 0;
}

static int startup_err(void *c, uint16_t code, const char *state, const char *msg)
{
    (void)c; (void)state;
    fprintf(stderr, "pressdb: [ERROR] FLUSH PRIVILEGES at start: %u %s\n", code, msg);
    return 0;
}

static int replay_ddl(const char *db, const char *sql, size_t len)
{
    static pdb_session s;
    static bool init;
    if (!init) { pdb_session_init(&s, 0); snprintf(s.user, sizeof s.user, "system"); snprintf(s.host, sizeof s.host, "localhost"); init = true; }
    snprintf(s.db, sizeof s.db, "%.64s", db ? db : "");
    /* (0 but for a view's or a trigger's text) */
    s.sql_mode = (uint32_t)ex_view_text_mode(sql, len) | ex_trg_text_mode(sql, len) | ex_rtn_text_mode(sql, len) |
                 ex_evt_text_mode(sql, len);
    replay_st st = { 0, sql, len };
    pdb_sink sink = { &st, nop_cols, nop_row, nop_end, nop_ok, replay_err };
    char *text = strndup(sql, len);
    ex_replaying = true;
    ex_replay_text = text;
    pdb_exec_query(&s, sql, len, false, &sink);
    ex_replay_text = NULL;
    ex_replaying = false;
    free(text);
    return st.status;
}

void pdb_set_plan_cache(int mode) { pl_shape_mode(mode); ex_plan_verify = mode == 3; }

/* A restore wrote mysql's grant tables and no FLUSH PRIVILEGES read them: a start does,
 * as MariaDB's loads its ACLs from them (grant_tables.c). */
static void startup_flush_privileges(void)
{
    if (!stor_grant_tables_pending()) return;
    pdb_session s;
    pdb_session_init(&s, 0);
    snprintf(s.user, sizeof s.user, "system");
    snprintf(s.host, sizeof s.host, "localhost");
    s.sql_log_bin_off = true;   /* (replicas got the tables' writes; each reads its own) */
    replay_st st = { 0, "FLUSH PRIVILEGES", 16 };
    pdb_sink sink = { &st, nop_cols, nop_row, nop_end, nop_ok, startup_err };
    pdb_exec_query(&s, "FLUSH PRIVILEGES", 16, false, &sink);
    pdb_session_free(&s);
}

int pdb_engine_init(char *err, size_t errlen)
{
    stor_set_ddl_replay(replay_ddl);
    stor_set_table_ddl(ex_table_ddl);
    stor_set_checkpoint_hint(checkpoint_hint);
    /* single-threaded at startup: replay takes the store lock per statement itself */
    int rc = stor_recover(err, errlen);
    if (rc == 0) {
        startup_flush_privileges();
        ex_routine_grants_upgrade();
        stor_compact_mark_all();
    }
    return rc;
}

void pdb_engine_warm(bool jit)
{
    ex_like_warm();
    if (jit) jb_warm();
}

void pdb_engine_warm_data(void)
{
    ex_ft_warm();
}

void pdb_engine_warm_data_stop(void)
{
    ex_ft_warm_stop();
}

void pdb_engine_shutdown(void)
{
    /* a clean shutdown leaves a snapshot and an empty log: the next start is quick */
    char err[256];
    checkpoint_thread_stop();
    stor_evict_stop();   /* (its start loader and its copies: not wanted now) */
    stor_lock_exclusive();
    if ((stor_wal_size() > 64 || stor_checkpoint_prev_pending()) && !stor_any_open_txn() &&
        stor_checkpoint(err, sizeof err) != 0)
        fprintf(stderr, "pressdb: [Warning] checkpoint at shutdown failed: %s\n", err);
    stor_unlock();
}


/* ---------------------------------------------------------------- prepared statements */

struct pdb_stmt {
    char *sql;              /* the statement text (parsed again at each execution) */
    size_t len;
    uint32_t nparams;
    pdb_colmeta *cols;      /* result columns found at prepare */
    uint32_t ncols;
    char *names;            /* storage for the column metadata strings */
};

typedef struct capture {
    pdb_stmt *st;
    const pdb_sink *outer;
    bool failed;
} capture;

static char *dup_into(char **pool, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = *pool;
    memcpy(d, s, n);
    *pool += n;
    return d;
}

static int cap_columns(void *c, const pdb_colmeta *m, size_t n)
{
    capture *cp = c;
    size_t bytes = 0;
    for (size_t i = 0; i < n; i++)
        bytes += strlen(m[i].schema) + strlen(m[i].table) + strlen(m[i].org_table) + strlen(m[i].name) + strlen(m[i].org_name) + 5;
    cp->st->cols = calloc(n ? n : 1, sizeof(pdb_colmeta));
    cp->st->names = malloc(bytes + 1);
    char *pool = cp->st->names;
    for (size_t i = 0; i < n; i++) {
        cp->st->cols[i] = m[i];
        cp->st->cols[i].schema = dup_into(&pool, m[i].schema);
        cp->st->cols[i].table = dup_into(&pool, m[i].table);
        cp->st->cols[i].org_table = dup_into(&pool, m[i].org_table);
        cp->st->cols[i].name = dup_into(&pool, m[i].name);
        cp->st->cols[i].org_name = dup_into(&pool, m[i].org_name);
    }
    cp->st->ncols = (uint32_t)n;
    return 0;
}
static int cap_row(void *c, const pdb_value *v, size_t n) { return 0; }
static int cap_end(void *c, uint16_t w, uint16_t s) { return 0; }
static int cap_ok(void *c, uint64_t a, uint64_t i, uint16_t w, uint16_t s, const char *info) { return 0; }
static int cap_error(void *c, uint16_t code, const char *state, const char *msg)
{
    capture *cp = c;
    cp->failed = true;
    return cp->outer->error(cp->outer->ctx, code, state, msg);
}

/* Prepares sql in the statement's arena as it is (PREPARE reads its text from there). */
static pdb_stmt *stmt_prepare(pdb_session *s, const char *sql, size_t len, const pdb_sink *sink,
                              uint32_t *nparams, const pdb_colmeta **cols, uint32_t *ncols)
{
    pl_parse_opts o = { 0 };
    o.names_charset = names_charset(s);
    o.no_backslash_escapes = s->sql_mode & MODE_NO_BACKSLASH_ESCAPES;
    o.ansi_quotes = s->sql_mode & MODE_ANSI_QUOTES;
    o.pipes_as_concat = s->sql_mode & MODE_PIPES_AS_CONCAT;
    s->exec_moved = false;
    pl_stmt st;
    pl_error perr;
    size_t pos = 0;
    int rc = pl_parse(&s->arena, sql, len, &pos, &o, &st, &perr);
    if (rc == 1) { direct_error(s, sink, 1065, "42000", "Query was empty"); return NULL; }
    if (rc < 0) { direct_error(s, sink, perr.code, perr.sqlstate, perr.msg); return NULL; }
    if (pos < len) {
        pl_lexer lx; pl_token t;
        pl_lex_init(&lx, &s->arena, sql + pos, len - pos, &o);
        if (pl_lex_next(&lx, &t) == 0 && t.kind != TK_EOF) {
            char msg[512];
            snprintf(msg, sizeof msg, "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '%.80s' at line 1", t.start);
            direct_error(s, sink, 1064, "42000", msg);
            return NULL;
        }
    }
    if (st.kind == S_PREPARE || st.kind == S_EXECUTE || st.kind == S_DEALLOCATE) {
        direct_error(s, sink, 1295, "HY000", "This command is not supported in the prepared statement protocol yet");
        return NULL;
    }
    pdb_stmt *ps = calloc(1, sizeof *ps);
    ps->sql = malloc(len + 1);
    memcpy(ps->sql, sql, len);
    ps->sql[len] = 0;
    ps->len = len;
    ps->nparams = (uint32_t)st.nparams;
    capture cp = { ps, sink, false };
    pdb_sink cs = { &cp, cap_columns, cap_row, cap_end, cap_ok, cap_error };
    ex_result r = { &cs, s, 0, false, 0, false };
    s->exec_moved = run_statement(s, &st, &r, NULL, 0, true, NULL, NULL, 0) == PDB_EXEC_MOVE;
    if (cp.failed || s->exec_moved) { pdb_stmt_close(ps); return NULL; }
    *nparams = ps->nparams;
    *cols = ps->cols;
    *ncols = ps->ncols;
    return ps;
}

pdb_stmt *pdb_stmt_prepare(pdb_session *s, const char *sql, size_t len, const pdb_sink *sink,
                           uint32_t *nparams, const pdb_colmeta **cols, uint32_t *ncols)
{
    stor_arena_reset(&s->arena);
    s->nwarnings = 0; s->warn_count = 0;
    return stmt_prepare(s, sql, len, sink, nparams, cols, ncols);
}

/* Runs ps with params (copied into the arena first) in the statement's arena as it is;
 * run_statement's answer. */
static int stmt_run(pdb_session *s, pdb_stmt *ps, const pdb_value *params, uint32_t nparams, ex_result *r)
{
    pl_parse_opts o = { 0 };
    o.no_backslash_escapes = s->sql_mode & MODE_NO_BACKSLASH_ESCAPES;
    o.ansi_quotes = s->sql_mode & MODE_ANSI_QUOTES;
    o.pipes_as_concat = s->sql_mode & MODE_PIPES_AS_CONCAT;
    pl_stmt st;
    pl_error perr;
    size_t pos = 0;
    pl_shape *shape = NULL;
    if (pl_parse_cached(&s->arena, ps->sql, ps->len, &pos, &o, &st, &perr, &shape) != 0) {
        pl_shape_release(shape);
        r->sink->error(r->sink->ctx, perr.code, perr.sqlstate, perr.msg);
        return -1;
    }
    pdb_value *pv = stor_arena_alloc(&s->arena, (nparams ? nparams : 1) * sizeof *pv);
    for (uint32_t i = 0; i < nparams; i++) pv[i] = ex_persist(&s->arena, &params[i]);
    ex_status_statement(s, &st, false, 1);
    int res = run_statement(s, &st, r, pv, (int)nparams, false, shape, ps->sql, ps->len);
    if (res == PDB_EXEC_WAIT || res == PDB_EXEC_MOVE) ex_status_statement(s, &st, false, -1);
    pl_shape_release(shape);
    return res;
}

int pdb_stmt_execute(pdb_session *s, pdb_stmt *ps, const pdb_value *params, uint32_t nparams, const pdb_sink *sink)
{
    stor_arena_reset(&s->arena);
    s->nwarnings = 0; s->warn_count = 0;
    ex_result r = { sink, s, 0, false, 0, false };
    ex_status_running(1);
    uint64_t t0 = ex_now_ns();
    int res = stmt_run(s, ps, params, nparams, &r);
    ex_status_running(-1);
    if (res == PDB_EXEC_WAIT || res == PDB_EXEC_MOVE) return res;
    ex_status_slow(s, t0, ps->sql, ps->len, r.rows);
    pdb_status_add(s, PDB_STAT_ROWS_SENT, (int64_t)r.rows);
    if (r.columns && !r.rows) pdb_status_add(s, PDB_STAT_EMPTY_QUERIES, 1);
    return r.stopped ? 1 : 0;
}

/* ---------------------------------------------------------------- PREPARE / EXECUTE in SQL */

/* A statement PREPARE name FROM ... made; names compare as MariaDB's, without case. */
struct ex_named_ps {
    char name[PDB_NAME_LEN];
    pdb_stmt *ps;
};

static int named_find(const pdb_session *s, const char *name)
{
    for (int i = 0; i < s->nnamed; i++) if (!strcasecmp(s->named[i].name, name)) return i;
    return -1;
}

static void named_drop(pdb_session *s, int i)
{
    atomic_fetch_sub(&sql_prepared, 1);
    pdb_stmt_close(s->named[i].ps);
    s->named[i] = s->named[--s->nnamed];
}

static void named_free(pdb_session *s)
{
    while (s->nnamed) named_drop(s, s->nnamed - 1);
    free(s->named);
    s->named = NULL;
}

static bool reads_tables(const pl_expr *e)
{
    if (!e) return false;
    if (e->kind == E_SUBQUERY || e->kind == E_EXISTS || e->kind == E_INSUB || e->kind == E_COLUMN) return true;
    for (int i = 0; i < e->nargs; i++) if (reads_tables(e->args[i])) return true;
    return false;
}

/* PREPARE's text or EXECUTE's USING values: expressions that read no table, evaluated
 * as DO evaluates them, in the arena. NULL with the error sent. */
static pdb_value *ps_values(pdb_session *s, pl_expr **e, int n, const pdb_sink *sink)
{
    ex_err err;
    jmp_buf jb;
    ex_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ex_stmt stmt_state = { 0 };
    ctx.s = s;
    ctx.a = &s->arena;
    ctx.jb = &jb;
    ctx.err = &err;
    ctx.now_us = s->fixed_now_us ? s->fixed_now_us : ex_now_us();
    ctx.stmt = &stmt_state;
    pdb_value *v = stor_arena_alloc(&s->arena, (size_t)(n ? n : 1) * sizeof *v);
    if (setjmp(jb)) {
        ex_conv_ctx = NULL;
        sink->error(sink->ctx, err.code, err.state, err.msg);
        return NULL;
    }
    ex_scope sc = { 0 };
    sc.ctx = &ctx;
    sc.item_base = -1;
    sc.clause = "field list";
    for (int i = 0; i < n; i++) {
        if (reads_tables(e[i]))
            ex_raise(&ctx, 1235, "42000", "This version of MariaDB doesn't yet support '%s'",
                     "columns or subqueries in PREPARE or EXECUTE");
        ex_type t;
        ex_eval(&ctx, ex_compile(&sc, e[i], &t), &v[i]);
    }
    return v;
}

/* The text of PREPARE name FROM expr / EXECUTE IMMEDIATE expr, prepared. */
static pdb_stmt *ps_from(pdb_session *s, pl_expr *e, const pdb_sink *sink)
{
    pdb_value *tv = ps_values(s, &e, 1, sink);
    if (!tv) return NULL;
    const char *text = "NULL";   /* (NULL is the text NULL: a syntax error) */
    size_t len = 4;
    if (tv->t != VT_NULL) text = ex_to_str(&s->arena, tv, &len);
    uint32_t np, nc;
    const pdb_colmeta *cols;
    return stmt_prepare(s, text, len, sink, &np, &cols, &nc);
}

static int ps_ok(pdb_session *s, ex_result *r, const char *info)
{
    uint32_t wc = s->warn_stale ? 0 : s->warn_count;
    uint16_t w = (uint16_t)(wc > 65535 ? 65535 : wc);
    if (r->sink->ok(r->sink->ctx, 0, 0, w, session_status(s, r), info)) r->stopped = true;
    return 0;
}

static int unknown_handler(pdb_session *s, const pdb_sink *sink, const char *name, const char *where)
{
    char msg[160];
    snprintf(msg, sizeof msg, "Unknown prepared statement handler (%.64s) given to %s", name, where);
    direct_error(s, sink, 1243, "HY000", msg);
    return -1;
}

/* PREPARE name FROM ..., EXECUTE name [USING ...], EXECUTE IMMEDIATE ..., DEALLOCATE
 * PREPARE name (exec_text): answers as run_statement does (an error: -1, sent). */
/* The file a LOAD DATA LOCAL (also one EXECUTEd by name) asks the client for, when the
 * client and local_infile allow it (malloc'd); NULL otherwise (the statement runs: 4166
 * where it is one). */
static char *local_infile_of(pdb_session *s, const pl_stmt *st, const pl_parse_opts *o)
{
    if (st->kind == S_LOAD_DATA)
        return st->load->local && ex_load_local_ok(s) ? strndup(st->load->file, st->load->file_len) : NULL;
    if (st->kind != S_EXECUTE || !st->name) return NULL;
    int i = named_find(s, st->name);
    if (i < 0) return NULL;
    const pdb_stmt *ps = s->named[i].ps;
    /* (parsed only when it may be one: a LOAD DATA LOCAL has the word LOCAL) */
    bool local = false;
    for (size_t k = 0; k + 5 <= ps->len && !local; k++) local = !strncasecmp(ps->sql + k, "local", 5);
    if (!local) return NULL;
    pl_stmt inner;
    pl_error perr;
    size_t pos = 0;
    if (pl_parse(&s->arena, ps->sql, ps->len, &pos, o, &inner, &perr) != 0 || inner.kind != S_LOAD_DATA) return NULL;
    return inner.load->local && ex_load_local_ok(s) ? strndup(inner.load->file, inner.load->file_len) : NULL;
}

static int sql_ps(pdb_session *s, pl_stmt *st, ex_result *r)
{
    const pdb_sink *sink = r->sink;
    if (st->kind == S_DEALLOCATE) {
        int i = named_find(s, st->name);
        if (i < 0) return unknown_handler(s, sink, st->name, "DEALLOCATE PREPARE");
        named_drop(s, i);
        return ps_ok(s, r, NULL);
    }
    if (st->kind == S_PREPARE) {
        int i = named_find(s, st->name);
        if (i >= 0) named_drop(s, i);   /* the old one goes even if the new one fails */
        if (ex_prepared_count() >= pdb_max_prepared_stmts()) {
            char msg[160];
            snprintf(msg, sizeof msg, "Can't create more than max_prepared_stmt_count statements (current value: %u)",
                     (unsigned)pdb_max_prepared_stmts());
            direct_error(s, sink, 1461, "42000", msg);
            return -1;
        }
        pdb_stmt *ps = ps_from(s, st->where, sink);
        if (!ps) return s->exec_moved ? PDB_EXEC_MOVE : -1;
        struct ex_named_ps *n = realloc(s->named, (size_t)(s->nnamed + 1) * sizeof *n);
        if (!n) {
            pdb_stmt_close(ps);
            sink->error(sink->ctx, 1041, "HY000", "Out of memory.");
            return -1;
        }
        s->named = n;
        snprintf(n[s->nnamed].name, sizeof n[s->nnamed].name, "%s", st->name);
        n[s->nnamed++].ps = ps;
        atomic_fetch_add(&sql_prepared, 1);
        return ps_ok(s, r, "Statement prepared");
    }
    pdb_stmt *tmp = NULL, *ps;
    if (!st->name) {
        tmp = ps = ps_from(s, st->where, sink);
        if (!ps) return s->exec_moved ? PDB_EXEC_MOVE : -1;
    } else {
        int i = named_find(s, st->name);
        if (i < 0) return unknown_handler(s, sink, st->name, "EXECUTE");
        ps = s->named[i].ps;
    }
    int res = -1;
    pdb_value *vals = ps_values(s, st->rowlen ? st->rows[0] : NULL, st->rowlen, sink);
    if (vals && (uint32_t)st->rowlen != ps->nparams)
        direct_error(s, sink, 1210, "HY000", "Incorrect arguments to EXECUTE");
    else if (vals) {
        const char **uv = stor_arena_alloc(&s->arena, (size_t)(st->rowlen ? st->rowlen : 1) * sizeof *uv);
        for (int i = 0; i < st->rowlen; i++) uv[i] = st->rows[0][i]->kind == E_USERVAR ? st->rows[0][i]->s : NULL;
        s->using_vars = uv; s->nusing = st->rowlen;
        res = stmt_run(s, ps, vals, (uint32_t)st->rowlen, r);
        s->using_vars = NULL; s->nusing = 0;
    }
    pdb_stmt_close(tmp);
    return res;
}

void pdb_stmt_close(pdb_stmt *ps)
{
    if (!ps) return;
    free(ps->sql);
    free(ps->cols);
    free(ps->names);
    free(ps);
}

/* A growing malloc'd text (the general log's expanded statement). */
typedef struct lbuf { char *p; size_t len, cap; bool oom; } lbuf;

static void lbuf_put(lbuf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 256;
        while (nc < b->len + n + 1) nc *= 2;
        char *np = realloc(b->p, nc);
        if (!np) { b->oom = true; return; }
        b->p = np; b->cap = nc;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

/* v as an SQL literal into b (Item_param::query_val_str): NULL, numbers as text, strings
 * and dates quoted with \0 \n \r \\ \' \" \Z escaped. */
static void log_literal(lbuf *b, const pdb_value *v)
{
    if (v->t == VT_NULL) { lbuf_put(b, "NULL", 4); return; }
    char tmp[PDB_VALUE_TEXT_MAX];
    const char *o;
    size_t n = pdb_value_text(v, NULL, tmp, sizeof tmp, &o);
    if (v->t == VT_INT || v->t == VT_UINT || v->t == VT_DOUBLE || v->t == VT_DECIMAL) { lbuf_put(b, o, n); return; }
    lbuf_put(b, "'", 1);
    for (size_t i = 0; i < n; i++) {
        char c = o[i], e = c == 0 ? '0' : c == '\n' ? 'n' : c == '\r' ? 'r' : c == '\\' ? '\\' : c == '\'' ? '\'' :
                          c == '"' ? '"' : c == 26 ? 'Z' : 0;
        if (e) { lbuf_put(b, "\\", 1); lbuf_put(b, &e, 1); }
        else lbuf_put(b, &c, 1);
    }
    lbuf_put(b, "'", 1);
}

char *pdb_stmt_log_text(const pdb_session *s, const pdb_stmt *st, const pdb_value *params, uint32_t nparams,
                        size_t *len)
{
    pl_parse_opts o = { 0 };
    o.no_backslash_escapes = s->sql_mode & MODE_NO_BACKSLASH_ESCAPES;
    o.ansi_quotes = s->sql_mode & MODE_ANSI_QUOTES;
    stor_arena a;
    stor_arena_init(&a);
    lbuf b = { 0 };
    pl_lexer lx;
    pl_token t;
    pl_lex_init(&lx, &a, st->sql, st->len, &o);
    const char *at = st->sql;
    uint32_t k = 0;
    while (pl_lex_next(&lx, &t) == 0 && t.kind != TK_EOF) {
        if (t.kind != TK_PARAM || k >= nparams) continue;
        lbuf_put(&b, at, (size_t)(t.start - at));
        log_literal(&b, &params[k++]);
        at = t.start + t.len;
    }
    lbuf_put(&b, at, (size_t)(st->sql + st->len - at));
    stor_arena_free(&a);
    if (b.oom || !b.p) { free(b.p); return NULL; }
    *len = b.len;
    return b.p;
}

int64_t pdb_value_int(const pdb_value *v) { return ex_to_int(v); }
double  pdb_value_double(const pdb_value *v) { return ex_to_double(v); }

int pdb_value_datetime(const pdb_value *v, int *y, int *mo, int *d, int *h, int *mi, int *s, int *us)
{
    int64_t dt;
    bool isd;
    if (v->t == VT_DATE || v->t == VT_DATETIME) dt = v->i;
    else if (v->t == VT_STRING) { if (ex_parse_datetime(v->p, v->len, &dt, &isd) < 0) return -1; }
    else return -1;
    pdb_dt_unpack(dt, y, mo, d, h, mi, s, us);
    return 0;
}
