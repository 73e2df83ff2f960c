/* engine.h - the SQL engine's interface: sessions, statement execution, results.
 *
 * server/ hands each COM_QUERY text (or, later, a prepared statement) to pdb_exec_query
 * together with a result sink; the engine parses (planner/), plans, executes against
 * storage/ and reports each statement's outcome through the sink's callbacks, in order.
 * The engine never touches sockets or packets.
 *
 * Threading: pdb_exec_query may be called from any thread; one session is used by one
 * thread at a time. Shared state is guarded by the storage lock.
 */
#ifndef PRESSDB_ENGINE_H
#define PRESSDB_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <time.h>
#include "storage/storage.h"

#define PDB_NAME_LEN 257         /* identifiers: 64 characters of up to 4 bytes + NUL */
#define PDB_MSG_LEN 512

/* sql_mode bits */
#define MODE_REAL_AS_FLOAT          (1u << 0)
#define MODE_PIPES_AS_CONCAT        (1u << 1)
#define MODE_ANSI_QUOTES            (1u << 2)
#define MODE_IGNORE_SPACE           (1u << 3)
#define MODE_IGNORE_BAD_TABLE_OPTIONS (1u << 4)
#define MODE_ONLY_FULL_GROUP_BY     (1u << 5)
#define MODE_NO_UNSIGNED_SUBTRACTION (1u << 6)
#define MODE_NO_DIR_IN_CREATE       (1u << 7)
#define MODE_POSTGRESQL             (1u << 8)
#define MODE_ORACLE                 (1u << 9)
#define MODE_MSSQL                  (1u << 10)
#define MODE_DB2                    (1u << 11)
#define MODE_MAXDB                  (1u << 12)
#define MODE_NO_KEY_OPTIONS         (1u << 13)
#define MODE_NO_TABLE_OPTIONS       (1u << 14)
#define MODE_NO_FIELD_OPTIONS       (1u << 15)
#define MODE_MYSQL323               (1u << 16)
#define MODE_MYSQL40                (1u << 17)
#define MODE_ANSI                   (1u << 18)
#define MODE_NO_AUTO_VALUE_ON_ZERO  (1u << 19)
#define MODE_NO_BACKSLASH_ESCAPES   (1u << 20)
#define MODE_STRICT_TRANS_TABLES    (1u << 21)
#define MODE_STRICT_ALL_TABLES      (1u << 22)
#define MODE_NO_ZERO_IN_DATE        (1u << 23)
#define MODE_NO_ZERO_DATE           (1u << 24)
#define MODE_INVALID_DATES          (1u << 25)
#define MODE_ERROR_FOR_DIVISION_BY_ZERO (1u << 26)
#define MODE_TRADITIONAL            (1u << 27)
#define MODE_NO_AUTO_CREATE_USER    (1u << 28)
#define MODE_HIGH_NOT_PRECEDENCE    (1u << 29)
#define MODE_NO_ENGINE_SUBSTITUTION (1u << 30)
#define MODE_PAD_CHAR_TO_FULL_LENGTH (1u << 31)
/* MariaDB 10.11 default: STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION */
#define MODE_DEFAULT (MODE_STRICT_TRANS_TABLES | MODE_ERROR_FOR_DIVISION_BY_ZERO | \
                      MODE_NO_AUTO_CREATE_USER | MODE_NO_ENGINE_SUBSTITUTION)

typedef struct pdb_warning {
    char level[8];               /* "Note", "Warning", "Error" */
    uint16_t code;
    char msg[PDB_MSG_LEN];
} pdb_warning;

#define PDB_MAX_WARNINGS 64

/* Status counters (engine/status.c): each session's and the server's, under MariaDB's
 * names (engine/status_list.h); SHOW [GLOBAL | SESSION] STATUS lists them. */
enum pdb_stat_kind { PDB_SK_SESSION, PDB_SK_GLOBAL, PDB_SK_ENGINE };   /* (status_list.h) */
#include "engine/status_list.h"
typedef enum pdb_stat {
#define PDB_STAT_ENUM(id, name, kind) PDB_STAT_##id,
    PDB_STATUS_LIST(PDB_STAT_ENUM)
#undef PDB_STAT_ENUM
    PDB_NSTAT
} pdb_stat;

/* What one connection carries between statements. The server owns the memory; the
 * engine reads and updates the fields. */
typedef struct pdb_session {
    uint32_t conn_id;
    char user[81];
    char host[256];                 /* client host as matched ("localhost") */
    char ip[64];                    /* the client's address, "" over the Unix socket */
    char db[PDB_NAME_LEN];          /* current database, "" = none */
    bool autocommit;
    bool in_trans;
    char tx_next_iso[24];           /* SET TRANSACTION ISOLATION LEVEL (no scope): the level
                                       of the next transaction, "" none (sysvar.c) */
    uint8_t tx_next_ro;             /* SET TRANSACTION READ WRITE / ONLY (no scope): 1 / 2 for
                                       the next transaction, 0 none */
    uint8_t txn_ro;                 /* the open transaction's access mode, 1 READ WRITE, 2 READ
                                       ONLY; 0: none set (the session's, exec.c ex_txn_read_only) */
    bool trx_tables;                /* the open transaction opened tables (Handler_commit) */
    struct ex_savepoint *savepoints; /* SAVEPOINT names of the open transaction (engine-owned) */
    int nsavepoints, csavepoints;
    uint32_t sql_mode;
    uint16_t coll_client;           /* character_set_client (as a collation id) */
    uint16_t coll_connection;       /* collation_connection */
    uint16_t coll_results;          /* character_set_results (0 = NULL: no conversion) */
    char time_zone[64];             /* "SYSTEM", "+hh:mm" or a zone's name */
    uint8_t track[480];             /* session state changes for the next OK packet, encoded as
                                       MariaDB's SESSION_TRACK data (pdb_session_track_take) */
    uint16_t track_len;
    void *tz_cal;                   /* a named zone's ICU calendar (func_datetime.c), or NULL */
    char tz_cal_name[64];           /* the zone it is for */
    char tls_cipher[64];            /* the TLS connection's cipher (Ssl_cipher), "" without TLS */
    char tls_version[16];           /* its protocol (Ssl_version) */
    uint64_t last_insert_id;        /* LAST_INSERT_ID() */
    uint64_t rnd_s1, rnd_s2;        /* RAND()'s generator, seeded at its first use from the
                                       system's random source (0, 0: not yet) */
    bool lid_arg;                   /* this statement called LAST_INSERT_ID(expr) */
    bool trans_on_table;            /* autocommit=0: opening a table starts a transaction */
    /* an INSERT that waits for a lock keeps the AUTO_INCREMENT ids it took: its run again
       takes them again, as InnoDB's waiting insert holds them (the table, the catalog's
       generation then, the first id; NULL: none) */
    const void *ai_pend_t;
    uint64_t ai_pend_gen, ai_pend_first;
    uint64_t found_rows;            /* FOUND_ROWS() */
    int64_t row_count;              /* ROW_COUNT() */
    uint64_t max_allowed_packet;
    uint64_t max_session_mem_used;   /* bytes a statement's memory may take (sysvar.c ex_mem_guard) */
    uint32_t wait_timeout;
    uint32_t client_caps;           /* protocol capabilities (CLIENT_FOUND_ROWS etc.) */
    bool client_found_rows;         /* affected rows = matched rows */
    pdb_warning *warnings;          /* PDB_MAX_WARNINGS slots, allocated at the first warning */
    uint32_t nwarnings;             /* warnings stored (<= PDB_MAX_WARNINGS) */
    uint32_t warn_count;            /* warnings raised by the last statement (may exceed) */
    bool warn_stale;                /* they are an earlier statement's: the next warning
                                       replaces them (a statement that used no table) */
    struct pdb_uservar *uservars;   /* @name values; engine-owned */
    struct pdb_sysvar_override *sysvars;  /* SESSION-level values set; engine-owned */
    stor_arena arena;               /* per-statement memory, reset between statements */
    stor_txn *txn;                  /* engine-owned: the open transaction's redo/undo */
    uint64_t snap;                  /* engine-owned: the REPEATABLE READ snapshot (0 = none) */
    /* the binary log's position at START TRANSACTION WITH CONSISTENT SNAPSHOT (taken under
       the store lock: no commit half done), for Binlog_snapshot_file/_position */
    char snap_binlog_file[64];
    uint64_t snap_binlog_pos;
    /* a statement waiting for a row lock (pdb_exec_* returned PDB_EXEC_WAIT) */
    uint64_t wait_blocker;          /* the transaction it waits for (0: run it again now) */
    uint64_t wait_stmt_ms;          /* its own timeout (a locking read's WAIT n), 0: the session's */
    uint64_t wait_me;               /* the waiting transaction's id (0: none) */
    uint64_t row_wait_ns;           /* when its row lock wait began (0: none; status.c) */
    char *resume;                   /* COM_QUERY: the statements from the waiting one on */
    size_t resume_len;
    /* LOAD DATA LOCAL INFILE (PDB_EXEC_INFILE): the file the client is asked for, and the
       file its contents were put in (an open descriptor the statement reads and closes;
       -1 none). local_files: the client offered CLIENT_LOCAL_FILES. */
    char *infile_name;
    int infile_fd;
    bool local_files;
    /* GET_LOCK(name, timeout) waiting for another connection's lock: the statement is
       parked like a row lock wait (wait_blocker 0), run again whenever the server wakes,
       and GET_LOCK answers 0 once named_deadline_us (its own timeout) has passed */
    bool wait_named;
    int64_t named_deadline_us;
    bool wait_table;                /* waiting for another session's LOCK TABLES */
    bool tables_locked;             /* this session holds LOCK TABLES locks */
    bool global_read_lock;          /* FLUSH TABLES WITH READ LOCK, until UNLOCK TABLES */
    bool exec_moved;                /* pdb_stmt_prepare: NULL for PDB_EXEC_MOVE (no error) */
    /* The log position (storage LSN) the last command's commit needs durable before its
       reply may leave (0 = none): the server holds the reply until stor_synced_lsn()
       reaches it, so loops never wait for fdatasync. A commit followed by more statements
       of the same query is synced at once instead. */
    uint64_t durable_lsn;
    struct ex_tmp *tmp;             /* engine-owned: CREATE TEMPORARY TABLE tables */
    /* Privileges: set by the server after login (the account's user and host pattern,
       as in CURRENT_USER()); sessions without it (recovery, tests) are not checked. */
    bool enforce_privs;
    char priv_host[256];
    char role[81];                  /* the role enabled (SET ROLE, default role); "" none */
    /* while a stored program runs as its definer (user, priv_host, role and privs are then
       the definer's; engine/privs.c ex_privs_begin_as): how deep, and the client's own
       account, put back when the outermost ends or, after an error that skipped the
       programs' own handlers, when the statement ends (ex_privs_unwind) */
    int as_depth;
    char login_user[81], login_priv_host[256], login_role[81];
    struct ex_privs *login_privs;
    struct ex_privs *privs;         /* engine-owned: the account's grants, cached */
    /* KILL (server-owned, any thread writes it): 1 stops the running statement (1317),
       2 the connection (1927, the server closes it); NULL: never killed. The engine
       reads it in its time-slice check (exec.c ex_slice_check) and clears a 1 it obeyed. */
    _Atomic uint8_t *kill;
    struct ex_named_ps *named;      /* engine-owned: PREPARE name FROM ... (SQL-level) */
    int nnamed;
    const char **using_vars;        /* while EXECUTE ... USING runs: the user variable (or
                                       NULL) each ? came from, for a CALL's OUT parameters */
    int nusing;
    uint64_t stat[PDB_NSTAT];       /* the session's status counters (pdb_status_add) */
    bool replica_rows;              /* a replica applies row events: no triggers fire */
    bool no_account;                /* a replica's applier, its user no account (unless a
                                       Query event names its invoker) */
    bool no_status;                 /* the server's own session (table compaction): its
                                       statements count in no status figure */
    bool sql_log_bin_off;           /* SET sql_log_bin = 0 (and a replica's applier: its
                                       log_slave_updates=OFF): nothing to the binary log */
    uint64_t insert_id;             /* SET insert_id: the next INSERT's first generated id
                                       (a replica's Intvar event; 0 = none) */
    bool replica_applier;           /* a replica's applier session (engine/apply.c) */
    bool event_run;                 /* the scheduler's session of an event: its CREATE EVENT
                                       text runs the body (engine/event.c) */
    int64_t fixed_now_us;           /* SET timestamp (a replica's: the event's time): the
                                       statements' NOW(); 0 = the clock */
} pdb_session;

/* Column metadata of a result set, as the protocol's column definition needs it. */
typedef struct pdb_colmeta {
    const char *schema, *table, *org_table, *name, *org_name;
    uint16_t charset;               /* collation id sent to the client */
    uint32_t length;
    uint8_t type;                   /* protocol type code (MYSQL_TYPE_*) */
    uint16_t flags;
    uint8_t decimals;
    const char *format;             /* MariaDB's extended metadata format ("json"), or NULL */
} pdb_colmeta;

/* Status bits the engine reports with each outcome (protocol SERVER_* values). */
#define PDB_ST_IN_TRANS      0x0001
#define PDB_ST_AUTOCOMMIT    0x0002
#define PDB_ST_MORE_RESULTS  0x0008
#define PDB_ST_NO_INDEX_USED 0x0020
#define PDB_ST_NO_BACKSLASH_ESCAPES 0x0200
#define PDB_ST_IN_TRANS_READONLY 0x2000

/* The sink a statement's outcome goes to. Each statement ends with exactly one of
 * ok(), error(), or columns()+row()*+end(). status carries PDB_ST_MORE_RESULTS when
 * another statement of the same COM_QUERY follows. A callback returning non-zero
 * stops the execution (the client went away). */
typedef struct pdb_sink {
    void *ctx;
    int (*columns)(void *ctx, const pdb_colmeta *cols, size_t n);
    int (*row)(void *ctx, const pdb_value *vals, size_t n);
    int (*end)(void *ctx, uint16_t warnings, uint16_t status);
    int (*ok)(void *ctx, uint64_t affected, uint64_t insert_id, uint16_t warnings,
              uint16_t status, const char *info);
    int (*error)(void *ctx, uint16_t code, const char *sqlstate, const char *msg);
} pdb_sink;

/* The server's connections, for SHOW PROCESSLIST and information_schema.PROCESSLIST:
 * the server registers a function that fills up to max entries (in id order) and
 * returns how many. Without one, only the asking session is listed. */
typedef struct pdb_proc {
    uint32_t id;
    char user[81];
    char host[72];                       /* "localhost", "ip:port" */
    char db[PDB_NAME_LEN];               /* "" = NULL */
    const char *command;                 /* "Connect", "Sleep", "Query" */
    uint32_t time;                       /* seconds in this state */
    bool has_info;                       /* info: the running statement's first 100 bytes */
    char info[101];
} pdb_proc;
void pdb_set_processlist(size_t (*fn)(pdb_proc *out, size_t max));
/* SHOW SLAVE HOSTS: the replicas that registered (COM_REGISTER_SLAVE) and are connected. */
typedef struct pdb_replica_host { uint32_t server_id, port, master_id; char host[64]; } pdb_replica_host;
void pdb_set_replica_hosts(size_t (*fn)(pdb_replica_host *out, size_t max));
/* The server's count of prepared statements of every connection (Prepared_stmt_count). */
void pdb_set_prepared_count(uint32_t (*fn)(void));
/* KILL [QUERY|CONNECTION] id of another connection: the server registers a function that
 * sets that connection's kill request (pdb_session.kill) and wakes it; it returns 0, -1
 * for an unknown id, -2 when killer_user (NULL: anyone's) does not own it. */
void pdb_set_kill(int (*fn)(uint32_t id, const char *killer_user, bool query_only));
/* The SHUTDOWN statement: the server's orderly stop, told who asked ("user[user] @ host"). */
void pdb_set_shutdown(void (*fn)(const char *who));

/* Starts the engine over an opened store (storage/). 0 or -1 with err. */
int  pdb_engine_init(char *err, size_t errlen);
void pdb_engine_shutdown(void);
/* Fills, on the caller's thread, what a first statement would otherwise pay for itself:
 * LIKE's case folds and, with jit, the JIT's arena and a first compile (the server calls
 * it while it starts). */
void pdb_engine_warm(bool jit);
/* After the store is loaded (a thread of its own): builds what the first statements would
 * (every FULLTEXT key's postings); pdb_engine_warm_data_stop makes it return soon. */
void pdb_engine_warm_data(void);
void pdb_engine_warm_data_stop(void);

/* The statement-shape cache (planner/cache.c): 0 off, 1 on (the default: a shape is
 * cached when it is seen the second time), 2 every cacheable statement through the
 * cache from its first run (tests: the whole suite then runs on copied trees). */
void pdb_set_plan_cache(int mode);
/* --jit-min-rows (engine/jit_bridge.c): a query block whose plan is not kept compiles its
 * scan's filter for tables of at least n rows; 0: every scan it applies to, kept or not,
 * from the first execution (tests). */
void pdb_set_jit_min_rows(uint32_t n);

/* Engine-wide settings from the command line / config file (MariaDB variable names). */
int  pdb_set_global_default(const char *name, const char *value);
/* max_prepared_stmt_count's global value (SET GLOBAL changes it): the server-wide limit
 * of prepared statements (server/stmt.c, 1461 past it). */
/* min(tmp_table_size, max_heap_table_size) of the session: the most an in-memory
 * temporary result holds before it goes to disk. */
size_t pdb_tmp_table_limit(pdb_session *s);
uint32_t pdb_max_prepared_stmts(void);
uint32_t pdb_sql_prepared(void);           /* statements of PREPARE name FROM, every session */

/* Adds n (may be negative: a command undone to run again) to a status counter of the
 * session (NULL: the server's alone) and of the server. */
void pdb_status_add(pdb_session *s, pdb_stat which, int64_t n);
uint64_t pdb_status_global(pdb_stat which);
void pdb_status_add_n(pdb_session *s, const pdb_stat *which, const uint64_t *n, int count);
/* What the server says of its connections for SHOW STATUS (it registers fn at start). */
typedef struct pdb_server_status {
    uint64_t uptime_s, connections, aborted_clients, aborted_connects;
    uint64_t connection_errors_max_connections;   /* refused: past max_connections */
    uint32_t threads_connected, max_used_connections;
    uint32_t threads_created;   /* threads made to serve connections (the event loops) */
} pdb_server_status;
void pdb_set_server_status(void (*fn)(pdb_server_status *));
/* A statement that ran longer than the session's long_query_time while slow_query_log is
 * ON: the server writes it to the slow query log (file: slow_query_log_file). */
typedef struct pdb_slow_entry {
    const pdb_session *s;
    const char *sql;
    size_t len;
    uint64_t query_us, rows_sent, rows_affected;
    const char *file;
} pdb_slow_entry;
void pdb_set_slow_log(void (*fn)(const pdb_slow_entry *));
/* FLUSH [ERROR | SLOW | GENERAL] LOGS: the server reopens its log files (logrotate). */
void pdb_set_log_reopen(void (*fn)(void));
/* The general query log: true when an entry for session s (NULL: a connection not logged
 * in yet) is to be written now (general_log ON, log_output FILE, the session's
 * sql_log_off OFF), with general_log_file in buf (relative: in the datadir). */
bool pdb_general_log_file(const pdb_session *s, char *buf, size_t cap);

void pdb_session_init(pdb_session *s, uint32_t conn_id);
void pdb_session_free(pdb_session *s);
/* The next free warning slot of the session, or NULL when all are taken. */
pdb_warning *pdb_warning_slot(pdb_session *s);
/* COM_RESET_CONNECTION / COM_CHANGE_USER: back to a fresh session, keeping identity. */
void pdb_session_reset(pdb_session *s);
/* After login: enables the account's default role (SET DEFAULT ROLE) when it is still
 * granted. pdb_session_reset does it again. */
void pdb_session_default_role(pdb_session *s);

/* Runs the statement(s) in sql[0..len). With multi=false a second statement is a
 * syntax error (as without CLIENT_MULTI_STATEMENTS). Returns 0, or non-zero when a
 * sink callback asked to stop. */
int pdb_exec_query(pdb_session *s, const char *sql, size_t len, bool multi, const pdb_sink *sink);
/* An error message in the session's character_set_results, as MariaDB sends it: msg
 * itself, or its conversion in buf (cap bytes) when that is a single-byte charset. */
const char *pdb_message_for_client(const pdb_session *s, const char *msg, char *buf, size_t cap);
/* The session state changes since the last call (MariaDB's default tracking: the schema,
 * autocommit, character_set_client/connection/results and time_zone), encoded for an OK
 * packet's SESSION_TRACK data; *len 0 when none. The bytes stay valid until the session's
 * next statement. */
const uint8_t *pdb_session_track_take(pdb_session *s, size_t *len);

/* A statement met another transaction's uncommitted change to a row it writes: it was
 * undone, and pdb_exec_query / pdb_stmt_execute returned PDB_EXEC_WAIT with the session's
 * wait_* fields set. The caller stops reading from the client until the transaction
 * s->wait_blocker has ended (stor_txn_running false; storage's end hook says when to
 * look), then calls pdb_exec_resume (COM_QUERY) or runs the COM_STMT_EXECUTE again; or,
 * after innodb_lock_wait_timeout seconds, pdb_exec_wait_timeout. */
#define PDB_EXEC_WAIT 2
/* The calling thread may not block on the store lock (an event loop: storage.h) and it
 * was busy, or the statement ran past pdb_exec_slice_us: nothing of it remains and
 * nothing of it was sent. pdb_exec_query returns it with s->resume holding this
 * statement and the rest (run them with pdb_exec_resume on a thread that may block);
 * pdb_stmt_execute, pdb_exec_field_list and pdb_session_rollback return it for the
 * command to be run again there; pdb_stmt_prepare returns NULL with s->exec_moved. */
#define PDB_EXEC_MOVE 3
/* LOAD DATA LOCAL INFILE needs the client's file: s->infile_name names it and s->resume
 * holds this statement and the rest. The caller asks the client for it (0xFB packet),
 * stores what comes back in a file, sets s->infile_fd to it and calls pdb_exec_resume. */
#define PDB_EXEC_INFILE 4
/* Per thread: the time slice (microseconds; 0 = none) of statements run on an event
 * loop. A plain SELECT without side effects that runs longer ends with PDB_EXEC_MOVE. */
extern __thread uint64_t pdb_exec_slice_us;
/* Ends the session's transaction (ROLLBACK); PDB_EXEC_MOVE as above. Then
 * pdb_session_free and pdb_session_reset need no store lock. */
int pdb_session_rollback(pdb_session *s);
int  pdb_exec_resume(pdb_session *s, const pdb_sink *sink);
void pdb_exec_wait_timeout(pdb_session *s, const pdb_sink *sink);
/* The same for KILL QUERY of the waiting statement (1317). */
void pdb_exec_wait_killed(pdb_session *s, const pdb_sink *sink);
/* innodb_lock_wait_timeout of the session, in seconds. */
uint32_t pdb_lock_wait_timeout(pdb_session *s);

/* Events (engine/event.c). pdb_event_tick runs, each in a session of its own as its
 * definer, the enabled events due at now, and drops or disables those that are done.
 * The server's hooks: begin gives a running event's session its connection id and shows
 * it (SHOW PROCESSLIST; KILL sets *kill), end takes it away; log reports one that failed
 * (its database, name, definer, error). The server calls it about once a second while
 * pdb_event_scheduler_on(). */
typedef struct pdb_event_hooks {
    uint32_t (*begin)(const char *user, const char *db, const char *info, _Atomic uint8_t *kill);
    void (*end)(uint32_t id);
    void (*log)(const char *db, const char *name, const char *user, const char *host, uint16_t code, const char *msg);
} pdb_event_hooks;
int  pdb_event_tick(time_t now, const pdb_event_hooks *h);
/* Rebuilds one table whose dead row slots outnumber its rows (storage.h
 * STOR_COMPACT_MIN), if any: true when one was. Any thread but a loop's (it takes the
 * store's write lock for the copy). */
bool pdb_compact_tick(void);
bool pdb_event_scheduler_on(void);
/* net_write_timeout of the session, in seconds (the server ends a client that stops reading). */
uint32_t pdb_net_write_timeout(pdb_session *s);
/* Between statements: a large statement arena goes back to the system now, not at the
 * next statement (a connection whose client has not read its result would hold it). */
void pdb_exec_trim(pdb_session *s);
/* Milliseconds until a parked statement must run again or time out (GET_LOCK's own
 * timeout, else innodb_lock_wait_timeout). */
uint64_t pdb_wait_ms(pdb_session *s);

/* COM_INIT_DB: 0 or an error through the sink (1049 unknown database). */
int pdb_exec_init_db(pdb_session *s, const char *db, size_t len, const pdb_sink *sink);

/* COM_FIELD_LIST: column definitions of a table, ending with end(). */
int pdb_exec_field_list(pdb_session *s, const char *table, const char *wild, const pdb_sink *sink);

/* Text protocol form of a value: writes into buf or points *out into the value's own
 * bytes; returns the length. meta gives the column's type for formatting (ZEROFILL,
 * decimals, float precision). With cap >= PDB_VALUE_TEXT_MAX nothing is ever cut (a
 * DOUBLE of 1e308 printed with 30 decimals); a smaller buffer gets a cut text. */
#define PDB_VALUE_TEXT_MAX 400
size_t pdb_value_text(const pdb_value *v, const pdb_colmeta *meta, char *buf, size_t cap,
                      const char **out);

/* ---- prepared statements (COM_STMT_*) ---- */
typedef struct pdb_stmt pdb_stmt;

/* Parses sql (one statement) and, for a SELECT, works out its result columns without
 * running it. On success returns the statement; *nparams is the number of '?' and
 * *cols / *ncols the result columns (valid until the statement is closed; 0 columns
 * for statements without a result set). On error returns NULL after sink->error(). */
pdb_stmt *pdb_stmt_prepare(pdb_session *s, const char *sql, size_t len, const pdb_sink *sink,
                           uint32_t *nparams, const pdb_colmeta **cols, uint32_t *ncols);
/* Runs it with these parameter values (VT_NULL for NULL; strings are read, not kept);
 * the outcome goes to the sink exactly as for pdb_exec_query. */
int  pdb_stmt_execute(pdb_session *s, pdb_stmt *st, const pdb_value *params, uint32_t nparams,
                      const pdb_sink *sink);
void pdb_stmt_close(pdb_stmt *st);
/* The statement's text with each '?' replaced by its parameter as an SQL literal, as
 * MariaDB writes an execution to the general log (strings quoted and escaped, NULL);
 * malloc'd, its length in *len; NULL when out of memory. */
char *pdb_stmt_log_text(const pdb_session *s, const pdb_stmt *st, const pdb_value *params, uint32_t nparams,
                        size_t *len);

/* Conversions a binary-protocol encoder needs (MySQL semantics). */
int64_t pdb_value_int(const pdb_value *v);
double  pdb_value_double(const pdb_value *v);
/* Date/time parts of a VT_DATE/VT_DATETIME value (or a string holding one). 0 or -1. */
int     pdb_value_datetime(const pdb_value *v, int *y, int *mo, int *d, int *h, int *mi, int *s, int *us);

/* The greeting's version string and @@version. */
const char *pdb_server_version(void);
/* A session's @name as text (a replica's @slave_connect_state and the like); false when
 * it is NULL or was never set. */
bool pdb_uservar_text(pdb_session *s, const char *name, char *out, size_t cap);
#define PDB_VERSION "0.1.0"

/* ---- a replica's applier (engine/apply.c): the primary's binary log events, one at a
 * time (header and body, no checksum), applied through a session of its own. */
typedef struct pdb_applier pdb_applier;
pdb_applier *pdb_applier_new(void);
void pdb_applier_free(pdb_applier *a);       /* an open group is rolled back */
/* 0, or -1 with MariaDB's error (Last_SQL_Errno / Last_SQL_Error): the group is undone. */
int  pdb_applier_event(pdb_applier *a, const uint8_t *ev, size_t n, uint16_t *code, char *msg, size_t cap);
bool pdb_applier_in_group(const pdb_applier *a);
/* sql_slave_skip_counter: the next n event groups are passed over (their GTIDs still
 * become the position); how many are still to come. */
void pdb_applier_skip(pdb_applier *a, uint64_t groups);
uint64_t pdb_applier_skip_left(const pdb_applier *a);
/* MASTER_USE_GTID=no resumed from a remembered file and position (which a kill -9 can
 * leave behind @@gtid_slave_pos, written with each group): groups whose GTID that
 * position already holds are passed over, not applied twice. */
void pdb_applier_skip_applied(pdb_applier *a, bool on);
/* *kill set to 1 (STOP SLAVE) ends the statement running or waiting for a lock (1317). */
void pdb_applier_set_kill(pdb_applier *a, _Atomic uint8_t *kill);
void pdb_applier_counts(const pdb_applier *a, uint64_t *ddl, uint64_t *trx);

/* Replication control (server/replica.c registers it): CHANGE MASTER TO (op 1, its
 * options as name / text pairs, NULL text for NULL), START SLAVE (2), STOP SLAVE (3),
 * RESET SLAVE (4), RESET SLAVE ALL (5), "is a replica running?" (6: 1 yes, 0 no),
 * sql_slave_skip_counter (7: opts[0].text the count; -1 when there is none to read: 8
 * returns the count still to skip).
 * 0, or an error code with its message. */
typedef struct pdb_repl_opt { const char *name, *text; } pdb_repl_opt;
void pdb_set_replica_ctl(int (*fn)(int op, const char *conn, const pdb_repl_opt *opts, int nopts,
                                   char *msg, size_t cap));
/* SHOW [ALL] SLAVE[S] STATUS: the default connection's row, PDB_SLAVE_CELLS texts
 * (NULL for NULL) in SHOW ALL SLAVES STATUS's order; false when none is configured. */
#define PDB_SLAVE_CELLS 62
void pdb_set_replica_status(bool (*fn)(char *buf, size_t cap, const char **cells));

#endif
