/* main.c - pressdb's entry point: options, startup in order, run, orderly shutdown.
 *
 * Startup: parse options -> become --user (root is refused without it) -> create the datadir -> error log -> stor_datadir_check (a
 * file the datadir marker requires is missing: refuse) -> stor_open ->
 * stor_accounts_open (root@localhost on a fresh datadir) -> pdb_engine_init ->
 * stor_datadir_mark (written once, for a fresh or an older datadir) -> TLS and
 * RSA keys -> bind and listen -> "ready for connections" (logged after the sockets
 * exist, so whoever waits for the port or the log line can connect at once).
 *
 * Shutdown (SIGTERM/SIGINT or COM_SHUTDOWN): the loops stop accepting and close their
 * connections once pending output is written, then the engine and the store are shut
 * down and the process exits 0. SIGHUP reopens the --log-error file; SIGPIPE is
 * ignored (write errors come back as EPIPE). The signals are taken by a thread of
 * their own (net.c), so one that arrives during startup is acted on once the server
 * is up.
 */
#include "server/server.h"
#include "storage/accounts_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <grp.h>
#include <pwd.h>

#include <openssl/crypto.h>
#ifdef HAVE_SYSTEMD
#include <systemd/sd-daemon.h>
#else
static int sd_notify(int unset_environment, const char *state)
{
    (void)unset_environment;
    (void)state;
    return 0;
}
#endif

/* mkdir -p. 0 or -1 with errno. */
static int make_dirs(const char *path, mode_t mode)
{
    char p[SRV_PATH_MAX];
    snprintf(p, sizeof p, "%s", path);
    size_t len = strlen(p);
    while (len > 1 && p[len - 1] == '/')
        p[--len] = '\0';
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, mode) != 0 && errno != EEXIST)
            return -1;
        *s = '/';
    }
    if (mkdir(p, mode) != 0 && errno != EEXIST)
        return -1;
    struct stat st;
    if (stat(p, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

/* --log-bin: the binary log opens after recovery (the log's GTIDs are known then); the
 * variables say where it is. */
static int start_binlog(char *err, size_t errlen)
{
    if (stor_binlog_open(srv_cfg.log_bin, err, errlen) != 0)
        return -1;
    char file[300], path[SRV_PATH_MAX + 320];
    uint64_t pos;
    stor_binlog_where(file, sizeof file, &pos);
    char *dot = strrchr(file, '.');
    if (dot) *dot = '\0';
    const char *slash = strrchr(srv_cfg.log_bin, '/');
    if (slash)
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - srv_cfg.log_bin), srv_cfg.log_bin, file);
    else
        snprintf(path, sizeof path, "%s/%s", srv_cfg.datadir, file);
    pdb_set_global_default("log_bin", "ON");
    pdb_set_global_default("log_bin_basename", path);
    strncat(path, ".index", sizeof path - strlen(path) - 1);
    pdb_set_global_default("log_bin_index", path);
    pdb_set_global_default("binlog_format", "ROW");
    srv_log(SRV_NOTE, 0, "Binary log: %s (format ROW)", file);
    return 0;
}

static int write_pid_file(void)
{
    if (!srv_cfg.pid_file[0])
        return 0;
    /* (fopen would make it 0666 under umask 000) */
    int fd = open(srv_cfg.pid_file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    fprintf(f, "%ld\n", (long)getpid());
    return fclose(f);
}

/* mariadbd's --user: started as root, the server becomes that account before it
 * touches the datadir, and refuses to go on as root unless told --user=root; started
 * as another account it can only warn. 0 or -1 (logged). */
static int run_as_user(void)
{
    const char *name = srv_cfg.user;
    if (geteuid() != 0) {
        struct passwd *pw = name[0] ? getpwnam(name) : NULL;
        if (name[0] && (!pw || pw->pw_uid != geteuid()))
            srv_log(SRV_WARNING, 0, "One can only use the --user switch if running as root");
        return 0;
    }
    if (!name[0]) {
        srv_log(SRV_ERROR, 0, "Fatal error: refusing to run as root; start pressdb with "
                "--user=ACCOUNT (--user=root to run as root anyway), as mariadbd");
        return -1;
    }
    if (!strcmp(name, "root"))
        return 0;
    struct passwd *pw = getpwnam(name);
    if (!pw) {
        srv_log(SRV_ERROR, 0, "Fatal error: Can't change to run as user '%s' ;  Please check "
                "that the user exists!", name);
        return -1;
    }
    if (setgid(pw->pw_gid) != 0 || initgroups(name, pw->pw_gid) != 0 ||
        setuid(pw->pw_uid) != 0 || setuid(0) == 0) {
        srv_log(SRV_ERROR, 0, "Fatal error: Can't change to run as user '%s': %s", name,
                strerror(errno));
        return -1;
    }
    return 0;
}

static void forget_root_password(void)
{
    if (srv_cfg.root_password) {
        OPENSSL_cleanse(srv_cfg.root_password, strlen(srv_cfg.root_password));
        free(srv_cfg.root_password);
        srv_cfg.root_password = NULL;
    }
    unsetenv("PRESSDB_ROOT_PASSWORD");
}

/* --max-memory: srv_options sets its default (80% of RAM or of the cgroup limit);
 * --max-memory=0 is no limit. */
static size_t memory_limit(void)
{
    return (size_t)srv_cfg.max_memory;
}

static void warm_join(void);

static int abort_startup(void)
{
    warm_join();
    if (srv_cfg.pid_file[0])
        unlink(srv_cfg.pid_file);
    srv_log(SRV_ERROR, 0, "Aborting");
    return 1;
}

/* A worker may block on the store lock (a writer behind a long reader), so libuv's pool
 * (4 threads by default) gets a thread per connection the server admits, as MariaDB's
 * one-thread-per-connection: blocked statements then never keep another connection's
 * offloaded statement from running. libuv reads UV_THREADPOOL_SIZE at its first job and
 * holds at most 1024; an operator's own setting wins. */
static void size_pool(void)
{
    if (getenv("UV_THREADPOOL_SIZE")) return;
    uint64_t n = (uint64_t)srv_cfg.max_connections + srv_cfg.extra_max_connections + 2 + 4;
    char v[16];
    snprintf(v, sizeof v, "%u", (unsigned)(n > 1024 ? 1024 : n));
    setenv("UV_THREADPOOL_SIZE", v, 1);
}

/* libuv starts all of its pool's threads in the first uv_queue_work, on the thread that
 * calls it: with a pool sized for max_connections that is some 150 thread creations,
 * about 20 ms that the first offloaded statement after a start would wait for. A job on
 * a private loop in a thread of its own pays it while the store loads instead; the same
 * thread then warms the engine (pdb_engine_warm). */
static void warm_noop(uv_work_t *w) { (void)w; }

static void *warm_pool_thread(void *arg)
{
    (void)arg;
    uv_loop_t lp;
    uv_work_t w;
    if (uv_loop_init(&lp) != 0)
        return NULL;
    if (uv_queue_work(&lp, &w, warm_noop, NULL) == 0)
        uv_run(&lp, UV_RUN_DEFAULT);
    uv_loop_close(&lp);
    pdb_engine_warm(srv_cfg.jit);
    return NULL;
}

static pthread_t warm_thread;
static bool warm_started;

static void warm_pool(void)
{
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setstacksize(&a, 1 << 18);   /* (ICU and the emitter; ASan doubles frames) */
    warm_started = pthread_create(&warm_thread, &a, warm_pool_thread, NULL) == 0;
    if (!warm_started)
        srv_log(SRV_WARNING, 0, "Can't start the thread pool early; the first slow statement will");
    pthread_attr_destroy(&a);
}

/* Once the store is loaded: the data the first statements would build (FULLTEXT postings),
 * built while the server already serves. */
static pthread_t warm_data_thread;
static bool warm_data_started;

static void *warm_data_run(void *arg)
{
    (void)arg;
    pdb_engine_warm_data();
    return NULL;
}

static void warm_data_start(void)
{
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setstacksize(&a, 1 << 18);
    warm_data_started = pthread_create(&warm_data_thread, &a, warm_data_run, NULL) == 0;
    pthread_attr_destroy(&a);
}

static void warm_data_join(void)
{
    if (!warm_data_started) return;
    pdb_engine_warm_data_stop();
    pthread_join(warm_data_thread, NULL);
    warm_data_started = false;
}

/* Before the process exits: libuv's destructor joins the pool's threads, and must not
 * meet a pool still being started (a start that fails at once). */
static void warm_join(void)
{
    if (warm_started) pthread_join(warm_thread, NULL);
    warm_started = false;
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    srv_signals_block();

    int rc = srv_options_parse(argc, argv);
    if (rc > 0)
        return 0;
    if (rc < 0)
        return abort_startup();
    if (run_as_user() != 0)
        return abort_startup();

    if (make_dirs(srv_cfg.datadir, 0750) != 0) {
        srv_log(SRV_ERROR, 0, "pressdb: Can't create/use the data directory '%s' (Errcode: %d \"%s\")",
                srv_cfg.datadir, errno, strerror(errno));
        return abort_startup();
    }
    char abs[PATH_MAX];
    if (!realpath(srv_cfg.datadir, abs)) {
        srv_log(SRV_ERROR, 0, "pressdb: Can't resolve the data directory '%s': %s",
                srv_cfg.datadir, strerror(errno));
        return abort_startup();
    }
    snprintf(srv_cfg.datadir, sizeof srv_cfg.datadir, "%s", abs);
    srv_options_finish();
    size_pool();
    warm_pool();

    if (srv_cfg.log_error[0] && srv_log_open(srv_cfg.log_error) != 0) {
        srv_log(SRV_ERROR, 0, "pressdb: Can't open the error log '%s': %s", srv_cfg.log_error,
                strerror(errno));
        return abort_startup();
    }
    srv_options_log_warnings();
    srv_log(SRV_NOTE, 0, "Starting pressdb %s (MariaDB 10.11 compatible) as process %ld",
            PDB_VERSION, (long)getpid());
    if (write_pid_file() != 0)
        srv_log(SRV_WARNING, 0, "Can't create the pid file '%s': %s", srv_cfg.pid_file,
                strerror(errno));

    char err[1024] = "";
    stor_set_mem_limit(memory_limit());
    if (memory_limit())
        srv_log(SRV_NOTE, 0, "Memory limit for table data (--max-memory): %zu MiB",
                memory_limit() >> 20);
    else
        srv_log(SRV_NOTE, 0, "No memory limit for table data (--max-memory=0)");
    if (stor_datadir_check(srv_cfg.datadir, err, sizeof err) != 0) {
        srv_log(SRV_ERROR, 0, "%s", err);
        return abort_startup();
    }
    if (stor_open(srv_cfg.datadir, err, sizeof err) != 0) {
        srv_log(SRV_ERROR, 0, "Can't open the store in '%s': %s", srv_cfg.datadir, err);
        return abort_startup();
    }
    int created = 0;
    if (stor_accounts_open(srv_cfg.datadir, srv_cfg.root_password, &created, err, sizeof err)) {
        srv_log(SRV_ERROR, 0, "Can't load the accounts: %s", err);
        stor_close();
        return abort_startup();
    }
    if (created)
        srv_log(SRV_NOTE, 0, "created root@localhost with %s",
                srv_cfg.root_password && srv_cfg.root_password[0]
                    ? "the given password" : "an empty password");
    forget_root_password();

    /* pdb_engine_init registers the DDL replay and replays the log (stor_recover). */
    stor_set_wal_recovery(srv_cfg.wal_recovery);
    if (pdb_engine_init(err, sizeof err) != 0) {
        srv_log(SRV_ERROR, 0, "Can't start the engine: %s", err);
        stor_accounts_close();
        stor_close();
        return abort_startup();
    }
    if (!stor_checkpoint_forks())
        srv_log(SRV_NOTE, 0, "Checkpoints block writers in this build (ASan: fork is not safe with its allocator)");
    if (stor_datadir_mark(err, sizeof err) != 0) {
        srv_log(SRV_ERROR, 0, "%s", err);
        pdb_engine_shutdown();
        stor_accounts_close();
        stor_close();
        return abort_startup();
    }
    if (!srv_cfg.log_bin_on) stor_binlog_drop_copies();
    if (srv_cfg.log_bin_on && start_binlog(err, sizeof err) != 0) {
        srv_log(SRV_ERROR, 0, "Can't open the binary log: %s", err);
        pdb_engine_shutdown();
        stor_accounts_close();
        stor_close();
        return abort_startup();
    }
    pdb_set_plan_cache(srv_cfg.plan_cache);
    if (stor_compress_start((size_t)srv_cfg.compress_min_bytes, srv_cfg.compress_after_s) != 0)
        srv_log(SRV_WARNING, 0, "Can't start the compression thread: %s", strerror(errno));
    else if (srv_cfg.compress_after_s)
        srv_log(SRV_NOTE, 0, "Compressing string values of %llu bytes and more unused for %u s",
                (unsigned long long)srv_cfg.compress_min_bytes, srv_cfg.compress_after_s);
    if (stor_evict_start(srv_cfg.evict_after_s) != 0)
        srv_log(SRV_WARNING, 0, "Can't start the eviction of cold tables: %s", strerror(errno));
    else if (srv_cfg.evict_after_s)
        srv_log(SRV_NOTE, 0, "Tables unused for %u s leave memory (evict/ in the datadir)", srv_cfg.evict_after_s);
    if (srv_tls_init(err, sizeof err) != 0) {
        srv_log(SRV_ERROR, 0, "%s", err);
        pdb_engine_shutdown();
        stor_accounts_close();
        stor_close();
        return abort_startup();
    }
    if (srv_net_start(err, sizeof err) != 0) {
        srv_log(SRV_ERROR, 0, "%s", err);
        pdb_engine_shutdown();
        stor_accounts_close();
        stor_close();
        return abort_startup();
    }

    const char *ver = pdb_server_version();
    if (ver && !strncmp(ver, "5.5.5-", 6))
        ver += 6;
    srv_log(SRV_NOTE, 0, "pressdb: ready for connections.");
    srv_log_plain("Version: '%s'  socket: '%s'  port: %d  pressdb %s", ver ? ver : "",
                  srv_cfg.socket_path, srv_net_port(), PDB_VERSION);

    /* Type=notify units: started once the sockets exist (the texts are mariadbd's) */
    sd_notify(0, "READY=1\nSTATUS=Taking your SQL requests now...\n");

    warm_data_start();
    srv_replica_init();
    srv_scheduler_init();
    srv_net_run();
    srv_scheduler_shutdown();
    srv_replica_shutdown();
    sd_notify(0, "STOPPING=1\nSTATUS=Shutdown in progress\n");
    warm_data_join();
    warm_join();

    pdb_engine_shutdown();
    stor_binlog_close();
    stor_accounts_close();
    stor_close();
    srv_tls_free();
    if (srv_cfg.pid_file[0])
        unlink(srv_cfg.pid_file);
    srv_log(SRV_NOTE, 0, "pressdb: Shutdown complete");
    return 0;
}
