/* server.h - the network server: options, the error log, TLS, event loops and the
 * per-connection state machine that turns packets into engine calls.
 *
 * Layout of the folder:
 *   main.c     startup and shutdown order
 *   options.c  command line and my.cnf parsing into srv_cfg
 *   log.c      mariadbd-style log lines to stderr or --log-error
 *   tls.c      TLS context, self-signed certificate, RSA keys, a BIO over our buffers
 *   net.c      event loops (one thread each), listeners, connection registry, signals
 *   conn.c     one connection's I/O: reading, framing, writing, timers, closing
 *   auth.c     greeting, handshake response, authentication plugins
 *   command.c  the command phase: COM_* dispatch and the result sink (text and binary rows)
 *   stmt.c     prepared statements: COM_STMT_PREPARE/EXECUTE/SEND_LONG_DATA/CLOSE/RESET/FETCH
 *   cursor.c   an open read-only cursor's rows (memory, then a temporary file) for FETCH
 *
 * Threading: every connection lives on one loop thread and is touched only there. The
 * only cross-thread operations are the connection registry (kill, counts) and the
 * wake-up of a loop (uv_async), both in net.c.
 */
#ifndef PRESSDB_SERVER_H
#define PRESSDB_SERVER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <uv.h>
#include <openssl/ssl.h>

#include "protocol/protocol.h"
#include "engine/engine.h"
#include "storage/storage.h"

/* ------------------------------------------------------------ string helpers */

/* Copies src into dst (cap bytes), cutting it if needed; always terminated.
 * Returns false when it was cut. */
static inline bool srv_copy(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    bool fits = n < cap;
    if (!fits)
        n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
    return fits;
}

/* dst = a + sep + b. Returns false (dst = "") when it does not fit. */
static inline bool srv_join(char *dst, size_t cap, const char *a, const char *sep, const char *b)
{
    size_t la = strlen(a), ls = strlen(sep), lb = strlen(b);
    if (la + ls + lb >= cap) {
        if (cap)
            dst[0] = '\0';
        return false;
    }
    memmove(dst, a, la);
    memcpy(dst + la, sep, ls);
    memcpy(dst + la + ls, b, lb);
    dst[la + ls + lb] = '\0';
    return true;
}

/* ------------------------------------------------------------ configuration */

#define SRV_PATH_MAX 4096

typedef struct srv_config {
    char datadir[SRV_PATH_MAX];          /* absolute once main() created it */
    char socket_path[SRV_PATH_MAX];      /* Unix socket; "" = none */
    bool socket_given;                   /* --socket/--skip-socket seen (else the default) */
    char user[256];                      /* --user: the account to run as ("" = not given) */
    char bind_address[1024];             /* comma separated; "*" = every address */
    int port;                            /* TCP port; 0 = let the kernel choose */
    uint32_t max_connections;            /* as MariaDB: one more is allowed for SUPER */
    int extra_port;                      /* MariaDB's extra_port; 0 = none */
    uint32_t extra_max_connections;      /* its own limit (one more for SUPER too) */
    uint64_t max_allowed_packet;         /* largest logical packet accepted */
    uint32_t wait_timeout;               /* idle seconds in the command phase */
    uint32_t interactive_timeout;        /* the same for CLIENT_INTERACTIVE clients */
    uint32_t connect_timeout;            /* seconds to finish the handshake */
    char ssl_cert[SRV_PATH_MAX];         /* "" = generated server-cert.pem in datadir */
    char ssl_key[SRV_PATH_MAX];          /* "" = generated server-key.pem in datadir */
    bool ssl;                            /* offer TLS at all (--skip-ssl clears it) */
    bool require_secure_transport;       /* TCP without TLS is refused */
    bool jit;                            /* --jit=on|off, passed to the engine */
    char *root_password;                 /* for a fresh datadir; NULL = empty */
    char log_error[SRV_PATH_MAX];        /* "" = stderr */
    char log_bin[SRV_PATH_MAX];          /* --log-bin's base name or path ("" = default) */
    bool log_bin_on;
    bool skip_slave_start;               /* --skip-slave-start */
    char secure_file_priv[SRV_PATH_MAX]; /* LOAD DATA / INTO OUTFILE directory ("" = any) */
    bool secure_file_given;
    char pid_file[SRV_PATH_MAX];         /* "" = none */
    int threads;                         /* event loops */
    uint64_t offload_us;                 /* command.c: offload shapes slower than this */
    int plan_cache;                      /* planner/cache.c: 0 off, 1 on, 2 eager */
    uint64_t max_memory;                 /* table data limit; 0 = none (default: 80% of RAM or cgroup) */
    uint64_t compress_min_bytes;         /* storage: long strings compressed when cold */
    uint32_t compress_after_s;           /* seconds unused before that; 0 = never */
    uint32_t evict_after_s;              /* a table unused this long leaves memory; 0 = never */
    int wal_recovery;                    /* storage: 0 refuse a damaged log, 1 keep the part before */
} srv_config;

extern srv_config srv_cfg;

/* Parses the command line (and the --defaults-file it names first) into srv_cfg and
 * passes other MariaDB variables to pdb_set_global_default. Returns 0 to go on, 1 when
 * --help/--version was answered (exit 0), -1 after printing an error (exit 1). */
int  srv_options_parse(int argc, char **argv);
/* Resolves paths that depend on the datadir (socket, log file, pid file). */
void srv_options_finish(void);
/* Logs the warnings met while parsing (once the error log is open). */
void srv_options_log_warnings(void);

/* ------------------------------------------------------------------ logging */

enum srv_log_level { SRV_NOTE, SRV_WARNING, SRV_ERROR };

/* One line "YYYY-MM-DD HH:MM:SS <conn_id> [Level] message" to the error log.
 * Thread-safe (one write per line). */
void srv_log(int level, uint32_t conn_id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A line without the time/level prefix (mariadbd's "Version: ..." line). */
void srv_log_plain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Points stderr at path (appending); 0 or -1 with errno. "" keeps stderr. */
int  srv_log_open(const char *path);
/* SIGHUP: reopens the file given to srv_log_open (log rotation). */
void srv_log_reopen(void);
/* The slow query log (log.c; the engine calls it through pdb_set_slow_log). */
void srv_slow_log(const pdb_slow_entry *e);
/* One entry of the general query log (file: general_log_file, pdb_general_log_file). */
void srv_general_log(uint32_t id, const char *file, const char *cmd, const char *arg, size_t len);

/* ---------------------------------------------------------------------- TLS */

/* Where the custom BIO of a TLS connection reads ciphertext from and writes it to. */
typedef struct srv_tls_io {
    const uint8_t *in;                   /* received ciphertext not yet given to OpenSSL */
    size_t in_len;
    proto_buf *out;                      /* ciphertext to send is appended here */
    int out_err;                         /* set when appending failed (no memory) */
} srv_tls_io;

/* Loads --ssl-cert/--ssl-key, or generates (first start) and loads a self-signed
 * certificate in the datadir; loads or generates the RSA key pair used by
 * caching_sha2_password. 0 or -1 with err. */
int  srv_tls_init(char *err, size_t errlen);
void srv_tls_free(void);
bool srv_tls_enabled(void);              /* TLS can be offered */
/* A server-side SSL whose I/O goes through io. NULL on failure. */
SSL *srv_tls_new(srv_tls_io *io);
/* What CHANGE MASTER TO's MASTER_SSL_* options give the replica's connection. */
typedef struct srv_tls_client_opts {
    const char *ca, *capath, *cert, *key, *cipher, *crl, *crlpath;
    bool verify_host;                    /* MASTER_SSL_VERIFY_SERVER_CERT=1 */
} srv_tls_client_opts;
SSL_CTX *srv_tls_client_ctx(const srv_tls_client_opts *o, char *err, size_t errlen);
/* PEM of the caching_sha2_password RSA public key. */
const char *srv_rsa_public_pem(size_t *len);
/* RSA-OAEP decryption with the private key; returns the plaintext length or -1. */
int  srv_rsa_decrypt(const uint8_t *in, size_t n, uint8_t *out, size_t cap);

/* ------------------------------------------------------------ loops and net */

typedef struct srv_conn srv_conn;

typedef struct srv_loop {
    uv_loop_t loop;
    uv_thread_t thread;
    int idx;                             /* 0 runs on the main thread */
    uv_tcp_t *listeners;                 /* one per bind address */
    int nlisteners;
    uv_pipe_t unix_listener;             /* loop 0 only */
    bool has_unix;
    uv_async_t wake;                     /* kill requests and shutdown */
    _Atomic uint32_t sync_waits;         /* connections holding their reply for the log sync */
    srv_conn *conns;                     /* connections on this loop (list head) */
    uint32_t nconns;
    bool stopping;
    uint8_t *rbuf;                       /* read buffer shared by this loop's reads */
    size_t rbuf_size;
    uint8_t *tbuf;                       /* TLS plaintext scratch */
    size_t tbuf_size;
} srv_loop;

/* Server-wide counters (COM_STATISTICS, SHOW STATUS). */
/* SHOW STATUS: connections accepted, ended without COM_QUIT after login, ended before
 * it; the most open at once */
extern _Atomic uint64_t srv_connections, srv_aborted_clients, srv_aborted_connects;
extern _Atomic uint64_t srv_refused_max;   /* Connection_errors_max_connections */
extern _Atomic uint32_t srv_max_used;
extern _Atomic uint32_t srv_nconns;      /* open client connections (not the extra port's) */
extern _Atomic uint32_t srv_nconns_extra; /* open connections of the extra port */
extern uint64_t srv_start_ms;            /* uv_hrtime-based start, milliseconds */

/* Blocks SIGTERM/SIGINT/SIGHUP in the calling thread (and so in every thread created
 * later); srv_net_start starts the thread that takes them. Call first in main(). */
void srv_signals_block(void);
/* Creates the loops and binds every listener (so errors come before "ready").
 * 0 or -1 with err. */
int  srv_net_start(char *err, size_t errlen);
/* Runs loop 0 here and the others on their threads until a shutdown completes. */
void srv_net_run(void);
/* Asks every loop to stop accepting and close its connections (any thread). */
void srv_net_shutdown(const char *why);
/* conn.c tells the loop a connection was freed (ends a stopping loop). */
void srv_loop_conn_gone(srv_loop *lp);
/* The bound TCP port (useful with --port=0). */
int  srv_net_port(void);

/* replica.c: pressdb as a replica (CHANGE MASTER TO, START SLAVE ...): reads master.info
 * and starts replicating when one is configured (unless --skip-slave-start); stops it. */
void srv_replica_init(void);
void srv_replica_shutdown(void);
/* The event scheduler's thread (scheduler.c): started with the server, stopped before
 * the engine shuts down. */
void srv_scheduler_init(void);
void srv_scheduler_shutdown(void);

/* Connection registry (any thread). */
void srv_registry_add(srv_conn *c);
void srv_registry_remove(srv_conn *c);
/* COM_PROCESS_KILL / KILL: 0 killed (or being killed), -1 unknown id, -2 not owner.
 * killer_user NULL = allowed regardless of owner. */
int  srv_kill(uint32_t id, const char *killer_user, bool query_only);

/* One row of SHOW PROCESSLIST: pdb_proc (engine.h); user is "unauthenticated user" during
 * the handshake, host "localhost", "localhost:port" or "ip:port". */
typedef pdb_proc srv_proc;

/* Snapshot of the client connections, in id order; returns how many were written
 * (at most max). Thread-safe. */
uint32_t srv_prepared_stmts(void);   /* prepared statements of every connection */
size_t srv_processlist(srv_proc *out, size_t max);
/* Publishes what srv_processlist shows for c (its loop thread; after auth, at the
 * start and end of each command). */
void srv_registry_publish(srv_conn *c, int command);
/* The statement text SHOW PROCESSLIST shows while c runs it (first 100 bytes). */
void srv_registry_info(srv_conn *c, const uint8_t *text, size_t len);
enum { SRV_CMD_CONNECT, SRV_CMD_SLEEP, SRV_CMD_QUERY };
/* The event the scheduler runs (id 0: none now): in SHOW PROCESSLIST, KILL sets *kill;
 * after srv_registry_event_stop (the shutdown) every event begun is killed at once. */
void srv_registry_event(uint32_t id, const char *user, const char *db, const char *info, _Atomic uint8_t *kill);
void srv_registry_event_stop(void);
uint32_t srv_conn_new_id(void);   /* a connection id, as a client's (conn.c) */
/* Milliseconds since an arbitrary origin (monotonic). */
uint64_t srv_now_ms(void);

/* -------------------------------------------------------------- connections */

enum srv_state {
    CS_HANDSHAKE,        /* greeting sent, waiting for HandshakeResponse or SSLRequest */
    CS_TLS,              /* TLS handshake running */
    CS_AUTH_SWITCH,      /* waiting for an auth switch / caching_sha2 response
                          * (also during COM_CHANGE_USER) */
    CS_COMMAND,          /* authenticated */
    CS_INFILE,           /* receiving a LOAD DATA LOCAL file (infile.c) */
    CS_CLOSING,          /* no more input is processed */
};

typedef struct srv_auth srv_auth;        /* authentication in progress (auth.c) */
typedef struct srv_stmt srv_stmt;        /* a prepared statement (stmt.c) */
typedef struct srv_cursor srv_cursor;    /* an open cursor's rows (cursor.c) */

struct srv_conn {
    srv_conn *prev, *next;               /* the loop's list */
    srv_conn *hnext;                     /* registry hash chain */
    srv_loop *lp;
    union {
        uv_handle_t h;
        uv_stream_t s;
        uv_tcp_t tcp;
        uv_pipe_t pipe;
    } io;
    uv_timer_t timer;                    /* connect/wait timeout and linger */
    uv_write_t wreq;
    uv_shutdown_t sreq;
    uint32_t id;                         /* connection id (CONNECTION_ID()) */
    uint8_t state;                       /* enum srv_state */
    uint8_t handles_open;                /* handles not yet closed (io, timer) */
    bool is_unix;                        /* came in on the Unix socket */
    bool tls;                            /* TLS is active */
    bool reading;                        /* uv_read_start is in effect */
    bool paused;                         /* backpressure: commands wait for the writes */
    bool writing;                        /* a uv_write is running on wbuf */
    bool closing;                        /* uv_close was called */
    bool lingering;                      /* final error written; draining until EOF */
    uint8_t close_how;                   /* pending close mode (enum srv_close) once written */
    bool multi;                          /* multi statements enabled */
    bool counted;                        /* included in srv_nconns (or srv_nconns_extra) */
    bool quit;                           /* COM_QUIT ended it (not an aborted client) */
    bool end_counted;                    /* in Aborted_connects/_clients if it was one */
    bool extra;                          /* came in on --extra-port */
    bool registered;                     /* in the registry */
    bool in_result;                      /* between columns() and end() */
    bool field_list;                     /* the result is a COM_FIELD_LIST */
    bool replied;                        /* the running command wrote a reply */
    bool sink_failed;                    /* a write failed; stop the statement */
    uint16_t last_err;                   /* error code the sink wrote last (0 = none) */
    bool is_super;                       /* the account has SUPER (kill, shutdown, debug) */
    uint64_t privs;                      /* the account's global privileges (STOR_PRIV_*) */
    struct srv_dump *dump;               /* COM_BINLOG_DUMP streaming (dump.c), or NULL */
    bool killed_stop;                    /* the sink stopped a statement for KILL */
    srv_cursor *cur_fill;                /* EXECUTE with a cursor: binary rows go here */
    bool cur_opened;                     /* ... and its result ended: the cursor is open */
    size_t eof_patch;                    /* offset+1 in out of the EOF after column
                                          * definitions, to fix its status at end(); 0 = none */
    _Atomic uint8_t kill_req;            /* srv_kill: 1 = the statement, 2 = the connection */
    uint8_t seq;                         /* sequence id of the next packet we write */
    uint32_t caps;                       /* client capabilities (and what we offered) */
    uint32_t ext_caps;                   /* MariaDB extended capabilities both sides have */
    uint64_t last_ms;                    /* last activity, for the timeouts */
    uint64_t accept_ms;                  /* when accepted (connect_timeout) */
    uint32_t armed_timeout;              /* wait timeout (s) the timer was armed with */
    uint8_t scramble[PROTO_SCRAMBLE_LEN];
    char host[64];                       /* as MariaDB prints it: "localhost" or the IP */
    char ip[48];                         /* client IP; "" for the Unix socket */
    uint16_t port;                       /* client TCP port */
    uint8_t pl_command;                  /* SRV_CMD_*: guarded by the registry lock */
    uint64_t pl_since_ms;                /* since when (registry lock) */
    char pl_user[81];                    /* user and db as published (registry lock) */
    char pl_db[PDB_NAME_LEN];
    char pl_info[101];                   /* the running COM_QUERY's text (registry lock) */
    bool pl_has_info;
    char user[81];                       /* authenticated user (registry, kill checks) */
    proto_framer fr;                     /* incoming packets */
    proto_buf out;                       /* packets being built (plaintext) */
    proto_buf pend;                      /* bytes ready for the socket (ciphertext w/ TLS) */
    proto_buf wbuf;                      /* bytes held by the running uv_write */
    size_t woff;                         /* wbuf bytes already written */
    size_t wlen;                         /* length of the uv_write in flight */
    SSL *ssl;
    srv_tls_io tio;
    srv_auth *auth;                      /* non-NULL during authentication */
    pdb_session *sess;                   /* after authentication */
    pdb_colmeta *cols;                   /* column metadata of the current result */
    uint32_t ncols, cols_cap;
    /* Binary result rows (COM_STMT_EXECUTE): one row's values and their text scratch. */
    proto_value *bvals;
    uint32_t bvals_cap;
    char *btext;                         /* SRV_BTEXT bytes per column (formatted cells) */
    /* Prepared statements (stmt.c), sorted by id. */
    srv_stmt **stmts;
    uint32_t nstmts, stmts_cap;
    uint32_t stmt_next_id;               /* last id given out (MariaDB's statement_id_counter:
                                          * failed prepares use one too; never reset) */
    uint32_t stmt_last_id;               /* the statement prepared last (id 0xffffffff); 0 = none */
    /* A statement waiting for a row lock (engine.h, PDB_EXEC_WAIT): input is paused
       until the lock holder ends (the loop's wake) or the lock wait timeout (timer). */
    uint8_t waiting;                     /* SRV_WAIT_* */
    uint8_t *wait_pkt;                   /* SRV_WAIT_EXECUTE: the packet to run again */
    size_t wait_pkt_len;
    uint64_t wait_deadline_ms;
    uint64_t wait_keep_ms;               /* a table / global read lock wait woken to look again:
                                            its deadline, which the next wait keeps (0: none) */
    bool await_sync;                     /* the reply waits for the log's fdatasync */
    /* A COM_QUERY running on a libuv worker thread (command.c): the loop touches neither
       the session nor c->out until it is done; the worker hands finished packets over
       through off_q (under srv_off_mu) and the loop's wake sends them. */
    bool offloaded;
    bool close_pending;                  /* a close asked for while offloaded (srv_off_mu) */
    uv_work_t work;
    void (*off_run)(srv_conn *c);        /* the job, on the worker */
    void (*off_then)(srv_conn *c);       /* its end, on the loop */
    uint8_t *off_sql;                    /* the job's statement text or packet (a copy) */
    size_t off_len;
    int off_rc;
    uint64_t off_exec_ns;                /* the COM_QUERY's own run time so far (not its wait
                                            for a worker: command.c digest_note) */
    uint64_t off_digest;
    proto_buf off_q;                     /* packets from the worker, not yet sent */
    /* Output past SRV_OUT_MAX in memory goes to an unlinked file (conn.c, spilling),
       which the loop sends at the client's pace; the producer (worker or loop) appends,
       the loop reads. spilling, spill_end, spill_writing and sock_held: srv_off_mu. */
    int spill_fd;                        /* -1: none yet, -2: could not be made */
    int infile_fd;                       /* CS_INFILE: where the client's file goes (-1) */
    uint64_t infile_bytes;
    int infile_errno;                    /* a write of it failed */
    bool spilling;                       /* new output goes to the file until it drains */
    bool spill_writing;                  /* the producer is appending at spill_end */
    uint64_t spill_end;                  /* bytes written to the file */
    uint64_t spill_rd;                   /* bytes of it sent on (loop only) */
    size_t sock_held;                    /* pend + wbuf, published by the loop */
};

/* Offloading (command.c). */
extern pthread_mutex_t srv_off_mu;
extern __thread bool srv_on_worker;      /* this thread runs an offloaded statement */
extern pthread_cond_t srv_off_cv;
/* How long a statement ran (ns): on a worker the thread's CPU time (its waits left out),
 * on a loop the wall clock (command.c). */
uint64_t srv_exec_clock_ns(void);
/* Loop thread: sends what offloaded statements handed over. */
void srv_conn_take_offloaded(srv_conn *c);
/* Loop thread: the connection may read and run commands again. */
void srv_conn_resume(srv_conn *c);
/* The end of a command (command.c): replies held for durability, idle timer, ... */
void srv_cmd_after(srv_conn *c);
/* Logs command packet p (its first arrival, before it runs) when the general log is on. */
void srv_general_log_cmd(srv_conn *c, const uint8_t *p, size_t n);
/* A login attempt (Connect, or Change user) and, when it failed, its error. */
void srv_general_log_login(srv_conn *c, bool change_user, const char *user, const char *db, const char *err);
/* The text of an execution of st with packet p's parameters (server/stmt.c), malloc'd. */
char *srv_stmt_log_text(srv_conn *c, const uint8_t *p, size_t n, size_t *len);
/* Loop thread: the engine answered PDB_EXEC_MOVE (the store lock is busy, or the
 * statement ran past its slice) for the command packet p: a worker runs it again. */
void srv_cmd_move(srv_conn *c, const uint8_t *p, size_t n);
/* The same for the rest of a COM_QUERY (s->resume), after a lock wait. */
void srv_cmd_move_resume(srv_conn *c);
/* LOAD DATA LOCAL (infile.c): ask the client for s->infile_name (false: could not,
 * the error is written), and each packet of the file it sends. */
bool srv_infile_start(srv_conn *c);
void srv_infile_packet(srv_conn *c, const uint8_t *p, size_t n);
/* Loop thread: ends the session's transaction on a worker (pdb_session_rollback answered
 * PDB_EXEC_MOVE), then calls then on the loop. False: no worker took it. */
bool srv_cmd_rollback_then(srv_conn *c, void (*then)(srv_conn *));

/* After a command: holds its reply until the commit it made is durable (engine.h,
 * durable_lsn). True when the connection is now parked for that. */
bool srv_conn_hold_for_sync(srv_conn *c);

enum { SRV_WAIT_NONE, SRV_WAIT_QUERY, SRV_WAIT_EXECUTE };
/* The engine answered PDB_EXEC_WAIT for the command being run: park the connection
 * (pkt: the COM_STMT_EXECUTE packet to run again, copied; NULL for COM_QUERY, whose
 * rest the session keeps). The command's end (srv_exec_end) comes when it resumes. */
void srv_conn_wait(srv_conn *c, uint8_t kind, const uint8_t *pkt, size_t n);
/* Loop thread: runs again the waiting connections whose lock holder has ended. */
void srv_conn_check_waits(srv_loop *lp);
/* Any thread: a transaction somebody waits for ended (storage's end hook). */
void srv_wake_waiters(void);
void srv_wake_sync_waiters(void);

/* How a connection is closed. */
enum srv_close {
    SRV_CLOSE_NONE,      /* (not closing) */
    SRV_CLOSE_NOW,       /* drop it: the peer left, timeouts, kills, COM_QUIT */
    SRV_CLOSE_FLUSH,     /* write what is pending, then close (server shutdown) */
    SRV_CLOSE_LINGER,    /* write a final error, send FIN, drain input briefly, close
                          * (so the client reads the error instead of a reset) */
};

/* conn.c */
void srv_conn_accept(srv_loop *lp, uv_stream_t *server, bool is_unix);
/* A connection on --extra-port: counted against extra_max_connections. */
void srv_conn_accept_extra(srv_loop *lp, uv_stream_t *server);
/* The open connections of c's kind and the limit they have (auth.c's 1040 checks). */
uint32_t srv_conn_count(const srv_conn *c, uint32_t *limit);
/* Moves the packets in c->out towards the socket (encrypting with TLS) and writes
 * what the kernel takes now; the rest goes out with uv_write. 0 or -1 (broken). */
int  srv_conn_flush(srv_conn *c);
#define SRV_FLUSH_AT (64 * 1024)   /* result rows are pushed to the socket every this many bytes */
/* An unlinked temporary file in $TMPDIR (else P_tmpdir; *dirp: which), or -1 with errno. */
int  srv_tmpfile(const char *tag, const char **dirp);
/* Starts closing (enum srv_close); no more input is processed. */
void srv_conn_close(srv_conn *c, int how);
/* Sets the idle timer for the command phase (after auth, or when wait_timeout changed). */
void srv_conn_arm_idle(srv_conn *c);
/* Handles kill requests on this loop's connections (loop thread). */
void srv_conn_check_kills(srv_loop *lp);
/* Bytes of output not yet handed to the kernel. */
size_t srv_conn_backlog(const srv_conn *c);
/* Starts the TLS handshake after an SSLRequest; leftover holds bytes that followed
 * the SSLRequest (the start of the ClientHello). 0 or -1. */
int  srv_conn_start_tls(srv_conn *c, const uint8_t *leftover, size_t n);

/* dump.c: replication's primary side (COM_REGISTER_SLAVE, COM_BINLOG_DUMP) */
void srv_dump_register(srv_conn *c, const uint8_t *p, size_t n);
void srv_dump_start(srv_conn *c, const uint8_t *p, size_t n);
void srv_dump_pump(srv_conn *c);        /* the output drained: read on */
void srv_dump_timer(uv_timer_t *t);     /* c->timer while dumping */
void srv_dump_free(srv_conn *c);
size_t srv_replica_hosts(pdb_replica_host *out, size_t max);   /* SHOW SLAVE HOSTS */
uint32_t srv_dump_in_use(void);          /* the lowest binary log file a stream reads */

/* auth.c */
/* Sends the greeting (or ERR 1040 when over max_connections). */
void srv_auth_begin(srv_conn *c);
/* One packet during authentication. */
void srv_auth_packet(srv_conn *c, const uint8_t *p, size_t n);
void srv_auth_free(srv_conn *c);
/* COM_CHANGE_USER: parses and starts re-authentication. */
void srv_auth_change_user(srv_conn *c, const uint8_t *p, size_t n);

/* command.c */
/* Undoes a command's status counts (it is dispatched again after a lock wait). */
void srv_cmd_uncount(srv_conn *c, uint8_t cmd);
void srv_cmd_packet(srv_conn *c, const uint8_t *p, size_t n);
/* The shape of statement text p (n bytes; the first 4096 count): a hash of it with its
 * literals (numbers, quoted strings) as '?', names kept whole (wp_2_posts). *sleeps: it
 * calls SLEEP(). Decides which statements run on a worker (OFFLOAD_US). Cannot fail. */
uint64_t srv_sql_digest(const uint8_t *p, size_t n, bool *sleeps);
/* The result sink writing packets for c. */
void srv_cmd_sink(srv_conn *c, pdb_sink *sink);
/* Writes ERR with the connection's capabilities. */
void srv_write_err(srv_conn *c, uint16_t code, const char *state, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void srv_write_ok(srv_conn *c, uint64_t affected, uint64_t insert_id, uint16_t status,
                  uint16_t warnings, const char *info);
/* Status flags from the session (AUTOCOMMIT, IN_TRANS, NO_BACKSLASH_ESCAPES). */
uint16_t srv_session_status(const srv_conn *c);
/* Sets the session fields the server owns (capabilities, FOUND_ROWS, packet size,
 * wait_timeout) after pdb_session_init / pdb_session_reset. */
void srv_session_apply(srv_conn *c);
/* The sink writing a binary-protocol result set (COM_STMT_EXECUTE). */
void srv_cmd_sink_binary(srv_conn *c, pdb_sink *sink);
/* Before and after running something through a sink: reset the per-command flags;
 * then finish an unterminated result, answer OK if nothing was written, handle KILL. */
void srv_exec_begin(srv_conn *c);
void srv_exec_end(srv_conn *c);
/* EOF (or the OK that replaces it with CLIENT_DEPRECATE_EOF) ending a result. */
void srv_write_end(srv_conn *c, uint16_t warnings, uint16_t status);
/* Column definitions followed by EOF unless CLIENT_DEPRECATE_EOF (the EOF carries the
 * session status). 0 or -1 (sink_failed set). */
int  srv_write_coldefs(srv_conn *c, const pdb_colmeta *cols, size_t n);

/* cursor.c */
/* A cursor holding up to limit bytes of rows in memory, the rest in a temporary file. */
srv_cursor *srv_cursor_new(size_t limit);
void srv_cursor_free(srv_cursor *k);
/* The buffer a row's packets are written to (sequence ids are set at fetch); then
 * srv_cursor_row_done. 0, or -1 when the file cannot be written. */
proto_buf *srv_cursor_buf(srv_cursor *k);
int  srv_cursor_row_done(srv_cursor *k);
/* After the last row. 0 or -1. */
int  srv_cursor_finish(srv_cursor *k);
/* Writes up to want rows to c->out with c->seq; *last: fewer were left (the cursor is
 * done). 0, or -1 (a read or write failed). */
int  srv_cursor_fetch(srv_conn *c, srv_cursor *k, uint32_t want, bool *last);

/* stmt.c */
void srv_stmt_prepare(srv_conn *c, const uint8_t *p, size_t n);
void srv_stmt_execute(srv_conn *c, const uint8_t *p, size_t n);
void srv_stmt_send_long_data(srv_conn *c, const uint8_t *p, size_t n);
void srv_stmt_close(srv_conn *c, const uint8_t *p, size_t n);
void srv_stmt_reset(srv_conn *c, const uint8_t *p, size_t n);
void srv_stmt_fetch(srv_conn *c, const uint8_t *p, size_t n);
/* Frees every prepared statement of c (connection close, COM_RESET_CONNECTION,
 * COM_CHANGE_USER); the id counter goes on. */
void srv_stmt_free_all(srv_conn *c);

#endif
