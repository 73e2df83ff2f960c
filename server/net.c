/* net.c - event loops, listeners, the connection registry, signals and shutdown.
 *
 * --threads=N libuv loops, each on its own thread (loop 0 on the main thread). Every
 * loop has its own TCP listening socket per bind address, all bound to the same port
 * with SO_REUSEPORT, so the kernel spreads new connections over the loops and no
 * hand-off between threads is needed. libuv 1.44 (Debian 12) has no UV_TCP_REUSEPORT,
 * so the sockets are created here (socket + setsockopt + bind) and given to libuv with
 * uv_tcp_open. Before binding, a probe socket without SO_REUSEPORT checks that nobody
 * else holds the port (SO_REUSEPORT would otherwise let a second server share it
 * silently). The Unix socket is accepted on loop 0.
 *
 * A connection stays on the loop that accepted it. Other threads reach it only through
 * the registry (id -> connection, under a mutex) to request a kill, which sets a flag
 * and wakes the owning loop with uv_async_send.
 *
 * Shutdown (SIGTERM/SIGINT, COM_SHUTDOWN): every loop closes its listeners, closes its
 * connections once their pending output is written (statements run inline, so none is
 * running when the loop handles the request), and ends when no handle is left.
 */
#include "server/server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

_Atomic uint32_t srv_nconns;
_Atomic uint32_t srv_nconns_extra;
_Atomic uint64_t srv_connections, srv_aborted_clients, srv_aborted_connects, srv_refused_max;
_Atomic uint32_t srv_max_used;
uint64_t srv_start_ms;

static int nloops;

/* SHOW STATUS's connection figures (engine/status.c asks) */
static void server_status(pdb_server_status *st)
{
    st->uptime_s = (srv_now_ms() - srv_start_ms) / 1000;
    st->connections = atomic_load(&srv_connections);
    st->aborted_clients = atomic_load(&srv_aborted_clients);
    st->aborted_connects = atomic_load(&srv_aborted_connects);
    st->connection_errors_max_connections = atomic_load(&srv_refused_max);
    st->threads_connected = atomic_load(&srv_nconns) + atomic_load(&srv_nconns_extra);
    st->max_used_connections = atomic_load(&srv_max_used);
    st->threads_created = (uint32_t)nloops;   /* (no thread per connection, none cached) */
}

static srv_loop *loops;
static int bound_port;
static atomic_bool shutdown_requested;
static char unix_path_bound[SRV_PATH_MAX];   /* socket file to remove at exit */

#define LISTEN_BACKLOG 1024
#define READ_BUF_SIZE (64 * 1024)
#define TLS_BUF_SIZE (16 * 1024)

uint64_t srv_now_ms(void)
{
    return uv_hrtime() / 1000000u;
}

/* ---------------------------------------------------------------- registry */

#define REG_BUCKETS 1024
static srv_conn *reg_tab[REG_BUCKETS];
static pthread_mutex_t reg_mu = PTHREAD_MUTEX_INITIALIZER;

void srv_registry_add(srv_conn *c)
{
    pthread_mutex_lock(&reg_mu);
    srv_conn **b = &reg_tab[c->id % REG_BUCKETS];
    c->hnext = *b;
    *b = c;
    c->registered = true;
    pthread_mutex_unlock(&reg_mu);
}

void srv_registry_remove(srv_conn *c)
{
    pthread_mutex_lock(&reg_mu);
    if (c->registered) {
        for (srv_conn **p = &reg_tab[c->id % REG_BUCKETS]; *p; p = &(*p)->hnext) {
            if (*p == c) {
                *p = c->hnext;
                break;
            }
        }
        c->registered = false;
    }
    pthread_mutex_unlock(&reg_mu);
}

/* The event the scheduler is running (scheduler.c), shown and killed like a connection */
static struct {
    uint32_t id;             /* 0: none */
    char user[81], db[PDB_NAME_LEN], info[101];
    uint64_t since_ms;
    _Atomic uint8_t *kill;
} ev_run;
static bool ev_stopping;     /* the shutdown: any event begun is stopped at once */

void srv_registry_event(uint32_t id, const char *user, const char *db, const char *info, _Atomic uint8_t *kill)
{
    pthread_mutex_lock(&reg_mu);
    ev_run.id = id;
    srv_copy(ev_run.user, sizeof ev_run.user, user ? user : "");
    srv_copy(ev_run.db, sizeof ev_run.db, db ? db : "");
    srv_copy(ev_run.info, sizeof ev_run.info, info ? info : "");
    ev_run.since_ms = srv_now_ms();
    ev_run.kill = kill;
    if (kill && ev_stopping) atomic_store(kill, 2);
    pthread_mutex_unlock(&reg_mu);
}

void srv_registry_event_stop(void)
{
    pthread_mutex_lock(&reg_mu);
    ev_stopping = true;
    if (ev_run.id && ev_run.kill) atomic_store(ev_run.kill, 2);
    pthread_mutex_unlock(&reg_mu);
}

int srv_kill(uint32_t id, const char *killer_user, bool query_only)
{
    int rc = -1;
    pthread_mutex_lock(&reg_mu);
    if (ev_run.id && ev_run.id == id) {   /* (a running event: its definer's, or SUPER's) */
        rc = killer_user && strcmp(killer_user, ev_run.user) ? -2 : 0;
        if (!rc) atomic_store(ev_run.kill, query_only ? 1 : 2);
        pthread_mutex_unlock(&reg_mu);
        return rc;
    }
    for (srv_conn *c = reg_tab[id % REG_BUCKETS]; c; c = c->hnext) {
        if (c->id != id)
            continue;
        if (killer_user && strcmp(killer_user, c->pl_user) != 0) {
            rc = -2;
            break;
        }
        /* 1 = the running statement, 2 = the connection (the stronger request wins). */
        uint8_t want = query_only ? 1 : 2;
        if (atomic_load(&c->kill_req) < want)
            atomic_store(&c->kill_req, want);
        uv_async_send(&c->lp->wake);
        rc = 0;
        break;
    }
    pthread_mutex_unlock(&reg_mu);
    return rc;
}

void srv_registry_publish(srv_conn *c, int command)
{
    const char *db = c->sess ? c->sess->db : "";
    pthread_mutex_lock(&reg_mu);
    if (c->pl_command != command) {
        c->pl_command = (uint8_t)command;
        c->pl_since_ms = srv_now_ms();
    }
    if (command != SRV_CMD_QUERY)
        c->pl_has_info = false;
    if (strcmp(c->pl_user, c->user))
        srv_copy(c->pl_user, sizeof c->pl_user, c->user);
    if (strcmp(c->pl_db, db))
        srv_copy(c->pl_db, sizeof c->pl_db, db);
    pthread_mutex_unlock(&reg_mu);
}

void srv_registry_info(srv_conn *c, const uint8_t *text, size_t len)
{
    pthread_mutex_lock(&reg_mu);
    size_t n = len < sizeof c->pl_info - 1 ? len : sizeof c->pl_info - 1;
    memcpy(c->pl_info, text, n);
    c->pl_info[n] = 0;
    c->pl_has_info = true;
    pthread_mutex_unlock(&reg_mu);
}

static int proc_cmp(const void *a, const void *b)
{
    uint32_t x = ((const srv_proc *)a)->id, y = ((const srv_proc *)b)->id;
    return x < y ? -1 : x > y;
}

size_t srv_processlist(srv_proc *out, size_t max)
{
    static const char *const names[] = { "Connect", "Sleep", "Query" };
    size_t n = 0;
    uint64_t now = srv_now_ms();
    pthread_mutex_lock(&reg_mu);
    for (size_t b = 0; b < REG_BUCKETS && n < max; b++) {
        for (srv_conn *c = reg_tab[b]; c && n < max; c = c->hnext) {
            srv_proc *p = &out[n++];
            p->id = c->id;
            srv_copy(p->user, sizeof p->user, c->pl_user[0] || c->pl_command != SRV_CMD_CONNECT
                                               ? c->pl_user : "unauthenticated user");
            if (c->is_unix)
                srv_copy(p->host, sizeof p->host, c->host);
            else
                snprintf(p->host, sizeof p->host, "%.60s:%u", c->host, (unsigned)c->port);
            srv_copy(p->db, sizeof p->db, c->pl_db);
            p->command = names[c->pl_command <= SRV_CMD_QUERY ? c->pl_command : 0];
            p->time = (uint32_t)((now - c->pl_since_ms) / 1000);
            p->has_info = c->pl_has_info && c->pl_command == SRV_CMD_QUERY;
            memcpy(p->info, c->pl_info, sizeof p->info);
        }
    }
    if (ev_run.id && n < max) {
        srv_proc *p = &out[n++];
        p->id = ev_run.id;
        srv_copy(p->user, sizeof p->user, ev_run.user);
        srv_copy(p->host, sizeof p->host, "localhost");
        srv_copy(p->db, sizeof p->db, ev_run.db);
        p->command = "Query";
        p->time = (uint32_t)((now - ev_run.since_ms) / 1000);
        p->has_info = true;
        memcpy(p->info, ev_run.info, sizeof p->info);
    }
    pthread_mutex_unlock(&reg_mu);
    qsort(out, n, sizeof *out, proc_cmp);
    return n;
}

/* -------------------------------------------------------------- listeners */

static void on_tcp_connection(uv_stream_t *server, int status)
{
    srv_loop *lp = server->data;
    if (status < 0) {
        srv_log(SRV_WARNING, 0, "accept failed: %s", uv_strerror(status));
        return;
    }
    srv_conn_accept(lp, server, false);
}

static void on_extra_connection(uv_stream_t *server, int status)
{
    srv_loop *lp = server->data;
    if (status < 0) {
        srv_log(SRV_WARNING, 0, "accept failed: %s", uv_strerror(status));
        return;
    }
    srv_conn_accept_extra(lp, server);
}

static void on_unix_connection(uv_stream_t *server, int status)
{
    srv_loop *lp = server->data;
    if (status < 0) {
        srv_log(SRV_WARNING, 0, "accept failed: %s", uv_strerror(status));
        return;
    }
    srv_conn_accept(lp, server, true);
}

/* One resolved bind address. */
typedef struct bind_addr {
    struct sockaddr_storage ss;
    socklen_t len;
    bool dual;          /* "*": IPv6 socket accepting IPv4 too */
    char text[256];
} bind_addr;

static void set_port(struct sockaddr_storage *ss, int port)
{
    if (ss->ss_family == AF_INET)
        ((struct sockaddr_in *)ss)->sin_port = htons((uint16_t)port);
    else
        ((struct sockaddr_in6 *)ss)->sin6_port = htons((uint16_t)port);
}

static int resolve_bind(const char *text, bind_addr *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    snprintf(out->text, sizeof out->text, "%s", text);
    const char *host = text;
    if (!strcmp(text, "*") || !strcmp(text, "::")) {
        struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&out->ss;
        a6->sin6_family = AF_INET6;
        a6->sin6_addr = in6addr_any;
        out->len = sizeof *a6;
        out->dual = !strcmp(text, "*");
        return 0;
    }
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    int rc = getaddrinfo(host, NULL, &hints, &res);
    if (rc || !res) {
        snprintf(err, errlen, "Can't start server: cannot resolve hostname '%s': %s", host,
                 gai_strerror(rc));
        return -1;
    }
    memcpy(&out->ss, res->ai_addr, res->ai_addrlen);
    out->len = res->ai_addrlen;
    freeaddrinfo(res);
    return 0;
}

/* A listening-ready socket bound to a (with SO_REUSEPORT when reuseport). */
static int make_socket(const bind_addr *a, int port, bool reuseport, char *err, size_t errlen)
{
    struct sockaddr_storage ss = a->ss;
    set_port(&ss, port);
    int fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0 && a->dual) {
        /* No IPv6: "*" falls back to every IPv4 address. */
        struct sockaddr_in *a4 = (struct sockaddr_in *)&ss;
        memset(&ss, 0, sizeof ss);
        a4->sin_family = AF_INET;
        a4->sin_addr.s_addr = htonl(INADDR_ANY);
        a4->sin_port = htons((uint16_t)port);
        fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    }
    if (fd < 0) {
        snprintf(err, errlen, "Can't create IP socket: %s", strerror(errno));
        return -1;
    }
    int one = 1, zero = 0;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (reuseport && setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one) < 0) {
        snprintf(err, errlen, "SO_REUSEPORT: %s", strerror(errno));
        close(fd);
        return -1;
    }
    if (ss.ss_family == AF_INET6)
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, a->dual ? &zero : &one, sizeof one);
    socklen_t len = ss.ss_family == AF_INET ? sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6);
    if (bind(fd, (struct sockaddr *)&ss, len) < 0) {
        int e = errno;
        snprintf(err, errlen, "Can't start server: Bind on TCP/IP port. Got error: %d: %s", e,
                 strerror(e));
        if (e == EADDRINUSE) {
            srv_log(SRV_ERROR, 0, "%s", err);
            snprintf(err, errlen, "Do you already have another server running on port: %d ?",
                     port);
        }
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

static int bound_port_of(int fd)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getsockname(fd, (struct sockaddr *)&ss, &len) < 0)
        return -1;
    if (ss.ss_family == AF_INET)
        return ntohs(((struct sockaddr_in *)&ss)->sin_port);
    return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
}

/* --extra-port: MariaDB's port with its own connection count (extra_max_connections),
 * so an administrator gets in when max_connections are taken. On loop 0. */
static int setup_extra(const bind_addr *addrs, int naddr, char *err, size_t errlen)
{
    srv_loop *lp = &loops[0];
    for (int a = 0; a < naddr && srv_cfg.extra_port; a++) {
        int fd = make_socket(&addrs[a], srv_cfg.extra_port, false, err, errlen);
        if (fd < 0)
            return -1;
        uv_tcp_t *l = &lp->listeners[lp->nlisteners];
        uv_tcp_init(&lp->loop, l);
        l->data = lp;
        int rc = uv_tcp_open(l, (uv_os_sock_t)fd);
        if (rc == 0)
            rc = uv_listen((uv_stream_t *)l, LISTEN_BACKLOG, on_extra_connection);
        if (rc) {
            snprintf(err, errlen, "Can't start server: listen: %s", uv_strerror(rc));
            return -1;
        }
        lp->nlisteners++;
        srv_log(SRV_NOTE, 0, "Server socket created on IP: '%s', port: '%d' (extra port).",
                addrs[a].text, srv_cfg.extra_port);
    }
    return 0;
}

static int setup_tcp(char *err, size_t errlen)
{
    /* Split the comma separated bind list. */
    bind_addr addrs[16];
    int naddr = 0;
    char list[sizeof srv_cfg.bind_address];
    snprintf(list, sizeof list, "%s", srv_cfg.bind_address);
    char *save = NULL;
    for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        while (*t == ' ')
            t++;
        char *e = t + strlen(t);
        while (e > t && e[-1] == ' ')
            *--e = '\0';
        if (!*t)
            continue;
        if (naddr == (int)(sizeof addrs / sizeof addrs[0]))
            break;
        if (resolve_bind(t, &addrs[naddr], err, errlen))
            return -1;
        naddr++;
    }
    if (naddr == 0) {
        snprintf(err, errlen, "no bind address");
        return -1;
    }
    int port = srv_cfg.port;
    for (int a = 0; a < naddr; a++) {
        if (port != 0) {
            /* Is the port free? (Without SO_REUSEPORT, so any listener makes this fail.) */
            int probe = make_socket(&addrs[a], port, false, err, errlen);
            if (probe < 0)
                return -1;
            close(probe);
        }
        for (int i = 0; i < nloops; i++) {
            srv_loop *lp = &loops[i];
            int fd = make_socket(&addrs[a], port, true, err, errlen);
            if (fd < 0)
                return -1;
            if (port == 0) {
                port = bound_port_of(fd);     /* --port=0: the others join this port */
            }
            uv_tcp_t *l = &lp->listeners[a];
            uv_tcp_init(&lp->loop, l);
            l->data = lp;
            int rc = uv_tcp_open(l, (uv_os_sock_t)fd);
            if (rc == 0)
                rc = uv_listen((uv_stream_t *)l, LISTEN_BACKLOG, on_tcp_connection);
            if (rc) {
                snprintf(err, errlen, "Can't start server: listen: %s", uv_strerror(rc));
                return -1;
            }
            lp->nlisteners = a + 1;
        }
        srv_log(SRV_NOTE, 0, "Server socket created on IP: '%s', port: '%d'.",
                addrs[a].text, port);
    }
    bound_port = port;
    return setup_extra(addrs, naddr, err, errlen);
}

static int setup_unix(char *err, size_t errlen)
{
    const char *path = srv_cfg.socket_path;
    if (!path[0])
        return 0;
    struct sockaddr_un sun;
    if (strlen(path) >= sizeof sun.sun_path) {
        if (srv_cfg.socket_given) {
            snprintf(err, errlen, "The socket file path is too long (> %zu): %s",
                     sizeof sun.sun_path - 1, path);
            return -1;
        }
        srv_log(SRV_WARNING, 0, "The socket file path is too long (> %zu): %s; "
                "no Unix socket (give --socket)", sizeof sun.sun_path - 1, path);
        srv_cfg.socket_path[0] = '\0';
        return 0;
    }
    struct stat st;
    if (lstat(path, &st) == 0) {
        if (!S_ISSOCK(st.st_mode)) {
            snprintf(err, errlen, "Can't start server: '%s' exists and is not a socket", path);
            return -1;
        }
        /* A live server answers on it; a stale file from a crash does not. */
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        memset(&sun, 0, sizeof sun);
        sun.sun_family = AF_UNIX;
        memcpy(sun.sun_path, path, strlen(path) + 1);
        int live = fd >= 0 && connect(fd, (struct sockaddr *)&sun, sizeof sun) == 0;
        if (fd >= 0)
            close(fd);
        if (live) {
            snprintf(err, errlen, "Can't start server: Bind on unix socket: another server "
                     "is running on socket: %s", path);
            return -1;
        }
        unlink(path);
    }
    srv_loop *lp = &loops[0];
    uv_pipe_init(&lp->loop, &lp->unix_listener, 0);
    lp->unix_listener.data = lp;
    lp->has_unix = true;
    int rc = uv_pipe_bind(&lp->unix_listener, path);
    if (rc == 0) {
        snprintf(unix_path_bound, sizeof unix_path_bound, "%s", path);
        chmod(path, 0777);
        rc = uv_listen((uv_stream_t *)&lp->unix_listener, LISTEN_BACKLOG, on_unix_connection);
    }
    if (rc) {
        snprintf(err, errlen, "Can't start server : Bind on unix socket: %s", uv_strerror(rc));
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------- wake-ups, signals */

static void close_noop(uv_handle_t *h)
{
    (void)h;
}

/* Closes what keeps the loop alive once its connections are gone. */
static void loop_finish(srv_loop *lp)
{
    if (!uv_is_closing((uv_handle_t *)&lp->wake))
        uv_close((uv_handle_t *)&lp->wake, close_noop);
}

void srv_loop_conn_gone(srv_loop *lp)
{
    if (lp->stopping && lp->nconns == 0)
        loop_finish(lp);
}

static void loop_stop(srv_loop *lp)
{
    if (lp->stopping)
        return;
    lp->stopping = true;
    for (int i = 0; i < lp->nlisteners; i++)
        if (!uv_is_closing((uv_handle_t *)&lp->listeners[i]))
            uv_close((uv_handle_t *)&lp->listeners[i], close_noop);
    if (lp->has_unix && !uv_is_closing((uv_handle_t *)&lp->unix_listener))
        uv_close((uv_handle_t *)&lp->unix_listener, close_noop);
    /* Copy the list first: closing unlinks connections. */
    for (srv_conn *c = lp->conns, *next; c; c = next) {
        next = c->next;
        srv_conn_close(c, SRV_CLOSE_FLUSH);
    }
    srv_loop_conn_gone(lp);
}

static void on_wake(uv_async_t *a)
{
    srv_loop *lp = a->data;
    if (atomic_load(&shutdown_requested))
        loop_stop(lp);
    srv_conn_check_kills(lp);
    srv_conn_check_waits(lp);
}

void srv_wake_waiters(void)
{
    if (!loops) return;   /* (after srv_net_run: a shutdown checkpoint's new log generation) */
    for (int i = 0; i < nloops; i++)
        uv_async_send(&loops[i].wake);
}

/* The log syncer's hook: only the loops with a reply held for the sync are woken (a
 * wake of an idle loop is a thread switch per commit on a small machine). */
void srv_wake_sync_waiters(void)
{
    if (!loops) return;
    for (int i = 0; i < nloops; i++)
        if (atomic_load(&loops[i].sync_waits) > 0)
            uv_async_send(&loops[i].wake);
}

void srv_net_shutdown(const char *why)
{
    bool was = atomic_exchange(&shutdown_requested, true);
    if (was)
        return;
    srv_log(SRV_NOTE, 0, "pressdb (initiated by: %s): Normal shutdown", why ? why : "unknown");
    for (int i = 0; i < nloops; i++)
        uv_async_send(&loops[i].wake);
}

/* Signals: SIGTERM, SIGINT and SIGHUP are blocked in every thread (srv_signals_block,
 * first thing in main) and taken by one thread with sigwait(), so a signal is never
 * lost or run in the middle of something: one that comes during startup waits until
 * the loops exist, then shuts them down. */
static pthread_t sig_thread;
static bool sig_thread_started;
static sigset_t sig_set;

void srv_signals_block(void)
{
    sigemptyset(&sig_set);
    sigaddset(&sig_set, SIGTERM);
    sigaddset(&sig_set, SIGINT);
    sigaddset(&sig_set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &sig_set, NULL);
}

static void *signal_thread(void *arg)
{
    (void)arg;
    for (;;) {
        int sig = 0;
        if (sigwait(&sig_set, &sig) != 0)
            continue;
        if (sig == SIGHUP) {
            srv_log_reopen();
            srv_log(SRV_NOTE, 0, "Got SIGHUP: error log reopened");
            continue;
        }
        if (atomic_load(&shutdown_requested))
            return NULL;                 /* srv_net_run's wake-up after a shutdown */
        srv_net_shutdown("unknown");
        return NULL;
    }
}

/* -------------------------------------------------------------- start/run */

int srv_net_port(void)
{
    return bound_port;
}

int srv_net_start(char *err, size_t errlen)
{
    srv_start_ms = srv_now_ms();
    nloops = srv_cfg.threads > 0 ? srv_cfg.threads : 1;
    loops = calloc((size_t)nloops, sizeof *loops);
    if (!loops) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < nloops; i++) {
        srv_loop *lp = &loops[i];
        lp->idx = i;
        int rc = uv_loop_init(&lp->loop);
        if (rc) {
            snprintf(err, errlen, "uv_loop_init: %s", uv_strerror(rc));
            return -1;
        }
        lp->loop.data = lp;
        lp->listeners = calloc(32, sizeof *lp->listeners);   /* 16 addresses + extra port */
        lp->rbuf_size = READ_BUF_SIZE;
        lp->rbuf = malloc(lp->rbuf_size);
        lp->tbuf_size = TLS_BUF_SIZE;
        lp->tbuf = malloc(lp->tbuf_size);
        if (!lp->listeners || !lp->rbuf || !lp->tbuf) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        uv_async_init(&lp->loop, &lp->wake, on_wake);
        stor_set_txn_end_hook(srv_wake_waiters);
        stor_set_sync_hook(srv_wake_sync_waiters);
        pdb_set_processlist(srv_processlist);
        pdb_set_replica_hosts(srv_replica_hosts);
        stor_binlog_set_in_use(srv_dump_in_use);
        pdb_set_prepared_count(srv_prepared_stmts);
        pdb_set_kill(srv_kill);
        pdb_set_shutdown(srv_net_shutdown);
        pdb_set_server_status(server_status);
        pdb_set_slow_log(srv_slow_log);
        pdb_set_log_reopen(srv_log_reopen);
        lp->wake.data = lp;
    }
    if (setup_tcp(err, errlen))
        return -1;
    if (setup_unix(err, errlen))
        return -1;
    if (pthread_create(&sig_thread, NULL, signal_thread, NULL) != 0) {
        snprintf(err, errlen, "could not start the signal thread");
        return -1;
    }
    sig_thread_started = true;
    return 0;
}

/* An event loop never blocks on the store lock (storage.h: lock order). */
static void loop_thread(void *arg)
{
    srv_loop *lp = arg;
    stor_lock_set_noblock(true);
    uv_run(&lp->loop, UV_RUN_DEFAULT);
}

void srv_net_run(void)
{
    for (int i = 1; i < nloops; i++)
        uv_thread_create(&loops[i].thread, loop_thread, &loops[i]);
    stor_lock_set_noblock(true);
    uv_run(&loops[0].loop, UV_RUN_DEFAULT);
    stor_lock_set_noblock(false);
    for (int i = 1; i < nloops; i++)
        uv_thread_join(&loops[i].thread);
    if (sig_thread_started) {
        /* Ended by COM_SHUTDOWN: the signal thread still waits; wake it to exit. */
        pthread_kill(sig_thread, SIGTERM);
        pthread_join(sig_thread, NULL);
        sig_thread_started = false;
    }
    /* the storage hooks wake loops: none from here (the shutdown checkpoint starts a new
       log generation, which wakes whoever waits for a sync) */
    stor_set_sync_hook(NULL);
    stor_set_txn_end_hook(NULL);
    for (int i = 0; i < nloops; i++) {
        srv_loop *lp = &loops[i];
        uv_run(&lp->loop, UV_RUN_NOWAIT);      /* run pending close callbacks */
        if (uv_loop_close(&lp->loop) != 0)
            srv_log(SRV_WARNING, 0, "event loop %d closed with handles open", i);
        free(lp->listeners);
        free(lp->rbuf);
        free(lp->tbuf);
    }
    free(loops);
    loops = NULL;
    if (unix_path_bound[0])
        unlink(unix_path_bound);
}
