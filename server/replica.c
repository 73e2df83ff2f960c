/* replica.c - pressdb as a replica of a MariaDB (or pressdb) primary.
 *
 * One thread per started replica connects to the primary as MariaDB's replica does
 * (handshake with mysql_native_password, the @master_* / @slave_connect_state variables,
 * COM_REGISTER_SLAVE, COM_BINLOG_DUMP), reads its binary log events and hands each to
 * the engine's applier (engine/apply.c) at once: there is no relay log. Its position is
 * @@gtid_slave_pos, written with each applied transaction (storage/slavepos.c), so a
 * restart or a kill -9 resumes with nothing missing or applied twice (MASTER_USE_GTID=
 * slave_pos, the default); with MASTER_USE_GTID=no the file and position are kept in
 * master.info at STOP SLAVE and shutdown only, so after a kill -9 it reads again from an
 * older position and passes over the groups @@gtid_slave_pos already holds. A lost connection is retried every
 * MASTER_CONNECT_RETRY seconds; an event the applier refuses stops the replica with its
 * error (Last_SQL_Error), as MariaDB's SQL thread stops, never a silent divergence.
 * MASTER_SSL=1 starts TLS after the greeting when the primary offers it (required only with
 * MASTER_SSL_VERIFY_SERVER_CERT=1, which also checks the host), verifying the chain when a
 * CA is given: MariaDB 10.11's rules. The socket is non-blocking once connected.
 * The connection settings live in <datadir>/master.info (key=value lines, written
 * whole and renamed into place), read at startup; a configured replica starts then
 * unless --skip-slave-start.
 */
#include "server/server.h"
#include "protocol/protocol.h"
#include "engine/engine.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <inttypes.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#include <arpa/inet.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>

enum { GTID_NO, GTID_SLAVE_POS, GTID_CURRENT_POS };

typedef struct repl_cfg {
    char host[256], user[128], password[128];
    int port;
    int use_gtid;
    char log_file[256];              /* MASTER_USE_GTID=no: where to read from */
    uint64_t log_pos;
    uint32_t connect_retry;
    double heartbeat;
    bool ssl, ssl_verify;            /* MASTER_SSL, MASTER_SSL_VERIFY_SERVER_CERT */
    char ssl_ca[512], ssl_capath[512], ssl_cert[512], ssl_key[512], ssl_cipher[256], ssl_crl[512],
         ssl_crlpath[512];
} repl_cfg;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static repl_cfg cfg;
static bool configured;
static pthread_t thr;
static bool thr_started;
static atomic_bool stop_req;
static _Atomic uint64_t skip_pending;   /* sql_slave_skip_counter for the next start */
static pdb_applier *cur_ap;            /* the running applier (under mu), for the count left */
static _Atomic uint8_t apply_kill;    /* the applier's statement ends (STOP SLAVE) */
/* MASTER_USE_GTID=no: the position was just given by CHANGE MASTER (applied as given),
 * not remembered in master.info (which a kill -9 leaves behind @@gtid_slave_pos: the
 * applier then passes over the groups that position holds). Under ctl_mu. */
static bool fresh_position;
static bool skip_applied;             /* for the thread being started */
/* what SHOW SLAVE STATUS shows (under mu) */
static struct {
    bool io_running, sql_running;
    const char *io_state, *sql_state;
    char read_file[256], exec_file[256];
    uint64_t read_pos, exec_pos;
    uint16_t io_errno, sql_errno;
    char io_error[512], sql_error[512];
    uint32_t master_id;
    stor_gtid io_pos[16];
    int nio_pos;
    int64_t behind;                 /* -1 unknown */
    uint64_t heartbeats, events, ddl_groups, trx_groups;
} st;

/* An error text names what the primary sent (a database, a file): bytes that are not
 * UTF-8 become '?', so SHOW SLAVE STATUS stays text a client can decode. */
static void utf8_clean(char *s)
{
    unsigned char *p = (unsigned char *)s;
    while (*p) {
        int n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 && *p >= 0xc2 ? 1 : (*p & 0xf0) == 0xe0 ? 2 : (*p & 0xf8) == 0xf0 && *p <= 0xf4 ? 3 : -1;
        int k = 1;
        while (n > 0 && k <= n && (p[k] & 0xc0) == 0x80) k++;
        if (n < 0 || k <= n) { *p++ = '?'; continue; }
        p += n + 1;
    }
}

static void set_io_error(uint16_t code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_io_error(uint16_t code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&mu);
    st.io_errno = code;
    vsnprintf(st.io_error, sizeof st.io_error, fmt, ap);
    utf8_clean(st.io_error);
    pthread_mutex_unlock(&mu);
    va_end(ap);
}

/* ---------------------------------------------------------------- master.info */

static void info_path(char *out, size_t n) { snprintf(out, n, "%s/master.info", srv_cfg.datadir); }

static int info_save(void)
{
    char path[SRV_PATH_MAX + 32], tmp[SRV_PATH_MAX + 40];
    info_path(path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) return -1;
    fprintf(f, "host=%s\nport=%d\nuser=%s\npassword=%s\nuse_gtid=%d\nlog_file=%s\nlog_pos=%" PRIu64
               "\nconnect_retry=%u\nheartbeat=%.3f\n",
            cfg.host, cfg.port, cfg.user, cfg.password, cfg.use_gtid, cfg.log_file, cfg.log_pos,
            cfg.connect_retry, cfg.heartbeat);
    fprintf(f, "ssl=%d\nssl_verify=%d\nssl_ca=%s\nssl_capath=%s\nssl_cert=%s\nssl_key=%s\nssl_cipher=%s\n"
               "ssl_crl=%s\nssl_crlpath=%s\n",
            cfg.ssl, cfg.ssl_verify, cfg.ssl_ca, cfg.ssl_capath, cfg.ssl_cert, cfg.ssl_key, cfg.ssl_cipher,
            cfg.ssl_crl, cfg.ssl_crlpath);
    int rc = fflush(f) == 0 && fsync(fileno(f)) == 0 ? 0 : -1;
    if (fclose(f) != 0) rc = -1;
    if (rc == 0) rc = rename(tmp, path);
    return rc;
}

static void cfg_defaults(repl_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->port = 3306;
    c->use_gtid = GTID_SLAVE_POS;
    c->connect_retry = 60;
    c->heartbeat = 30;
    c->log_pos = 4;
}

static void info_load(void)
{
    char path[SRV_PATH_MAX + 32], line[1024];
    info_path(path, sizeof path);
    FILE *f = fopen(path, "r");
    cfg_defaults(&cfg);
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char *eq = strchr(line, '=');
        if (!eq) continue;
        *eq = 0;
        const char *k = line, *v = eq + 1;
        if (!strcmp(k, "host")) snprintf(cfg.host, sizeof cfg.host, "%s", v);
        else if (!strcmp(k, "port")) cfg.port = atoi(v);
        else if (!strcmp(k, "user")) snprintf(cfg.user, sizeof cfg.user, "%s", v);
        else if (!strcmp(k, "password")) snprintf(cfg.password, sizeof cfg.password, "%s", v);
        else if (!strcmp(k, "use_gtid")) cfg.use_gtid = atoi(v);
        else if (!strcmp(k, "log_file")) snprintf(cfg.log_file, sizeof cfg.log_file, "%s", v);
        else if (!strcmp(k, "log_pos")) cfg.log_pos = strtoull(v, NULL, 10);
        else if (!strcmp(k, "connect_retry")) cfg.connect_retry = (uint32_t)strtoul(v, NULL, 10);
        else if (!strcmp(k, "heartbeat")) cfg.heartbeat = strtod(v, NULL);
        else if (!strcmp(k, "ssl")) cfg.ssl = atoi(v) != 0;
        else if (!strcmp(k, "ssl_verify")) cfg.ssl_verify = atoi(v) != 0;
        else if (!strcmp(k, "ssl_ca")) snprintf(cfg.ssl_ca, sizeof cfg.ssl_ca, "%s", v);
        else if (!strcmp(k, "ssl_capath")) snprintf(cfg.ssl_capath, sizeof cfg.ssl_capath, "%s", v);
        else if (!strcmp(k, "ssl_cert")) snprintf(cfg.ssl_cert, sizeof cfg.ssl_cert, "%s", v);
        else if (!strcmp(k, "ssl_key")) snprintf(cfg.ssl_key, sizeof cfg.ssl_key, "%s", v);
        else if (!strcmp(k, "ssl_cipher")) snprintf(cfg.ssl_cipher, sizeof cfg.ssl_cipher, "%s", v);
        else if (!strcmp(k, "ssl_crl")) snprintf(cfg.ssl_crl, sizeof cfg.ssl_crl, "%s", v);
        else if (!strcmp(k, "ssl_crlpath")) snprintf(cfg.ssl_crlpath, sizeof cfg.ssl_crlpath, "%s", v);
    }
    fclose(f);
    configured = cfg.host[0] != 0;
}

/* ---------------------------------------------------------------- the connection */

typedef struct rconn {
    int fd;
    uint8_t *in;                 /* received bytes; in[in_off..in_len) not yet consumed */
    size_t in_off, in_len, in_cap;
    uint8_t *pkt;                /* the last payload (joined when split) */
    size_t pkt_len, pkt_cap;
    uint8_t seq;
    uint32_t timeout_ms;         /* no byte for this long: the connection is lost */
    bool crc;                    /* the primary's events end with a CRC32 */
    SSL_CTX *ctx;                /* MASTER_SSL=1: the connection's TLS, else NULL */
    SSL *ssl;
} rconn;

static void rc_close(rconn *c)
{
    SSL_free(c->ssl);
    SSL_CTX_free(c->ctx);
    c->ssl = NULL;
    c->ctx = NULL;
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
    c->in_off = c->in_len = 0;
}

/* The socket is non-blocking once connected (so STOP SLAVE is seen within 100 ms even
 * inside a TLS record): received bytes into buf, 0 for none yet, -1 when lost. */
static ssize_t rc_recv(rconn *c, void *buf, size_t n)
{
    if (c->ssl) {
        int r = SSL_read(c->ssl, buf, n > INT_MAX ? INT_MAX : (int)n);
        if (r > 0) return r;
        int e = SSL_get_error(c->ssl, r);
        ERR_clear_error();
        return e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE ? 0 : -1;
    }
    ssize_t r = recv(c->fd, buf, n, 0);
    if (r < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
    return r > 0 ? r : -1;
}

/* Waits up to ms for the socket to be ready for what TLS (or a plain send) wants. */
static bool rc_wait(rconn *c, short events, int ms)
{
    struct pollfd p = { c->fd, events, 0 };
    int r = poll(&p, 1, ms);
    return r > 0 || (r < 0 && errno == EINTR);
}

static int rc_connect(rconn *c, const char *host, int port, char *err, size_t cap)
{
    struct addrinfo hints = { 0 }, *res = NULL;
    hints.ai_socktype = SOCK_STREAM;
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    int e = getaddrinfo(host, ps, &hints, &res);
    if (e != 0) { snprintf(err, cap, "Unknown server host '%s' (%s)", host, gai_strerror(e)); return 2005; }
    int code = 2003;
    snprintf(err, cap, "Can't connect to server on '%s' (%d \"%s\")", host, ECONNREFUSED, strerror(ECONNREFUSED));
    for (struct addrinfo *a = res; a; a = a->ai_next) {
        int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        struct timeval tv = { 10, 0 };
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        if (connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
            int one = 1;
            setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
            c->fd = fd;
            code = 0;
            break;
        }
        snprintf(err, cap, "Can't connect to server on '%s' (%d \"%s\")", host, errno, strerror(errno));
        close(fd);
    }
    freeaddrinfo(res);
    return code;
}

/* Reads until at least want unconsumed bytes are in c->in: 0, -1 lost (or stop asked).
 * Consumed bytes are dropped only when room is needed (one move per buffer, not one per
 * packet). */
static int rc_fill(rconn *c, size_t want)
{
    uint32_t idle = 0;
    if (c->in_len - c->in_off >= want) return 0;
    if (c->in_off) {
        memmove(c->in, c->in + c->in_off, c->in_len - c->in_off);
        c->in_len -= c->in_off;
        c->in_off = 0;
    }
    while (c->in_len < want) {
        if (atomic_load(&stop_req)) return -1;
        if (c->in_cap < want || c->in_cap - c->in_len < 65536) {
            size_t nc = c->in_cap ? c->in_cap : 262144;
            while (nc < want || nc - c->in_len < 65536) nc *= 2;
            uint8_t *b = realloc(c->in, nc);
            if (!b) return -1;
            c->in = b; c->in_cap = nc;
        }
        ssize_t n = rc_recv(c, c->in + c->in_len, c->in_cap - c->in_len);
        if (n < 0) return -1;
        if (n > 0) { c->in_len += (size_t)n; idle = 0; continue; }
        if (!rc_wait(c, POLLIN, 100)) {
            idle += 100;
            if (idle >= c->timeout_ms) return -1;
        }
    }
    return 0;
}

/* Is a whole packet already here (the stream may be idle after it)? */
static bool rc_buffered(const rconn *c)
{
    const uint8_t *h = c->in + c->in_off;
    size_t have = c->in_len - c->in_off;
    if (have < 4) return false;
    size_t n = h[0] | h[1] << 8 | (size_t)h[2] << 16;
    return have >= 4 + n;
}

/* The next logical payload into c->pkt: 0, or -1 when the connection is gone. */
static int rc_read(rconn *c)
{
    c->pkt_len = 0;
    for (;;) {
        if (rc_fill(c, 4) != 0) return -1;
        const uint8_t *h = c->in + c->in_off;
        size_t n = h[0] | h[1] << 8 | (size_t)h[2] << 16;
        c->seq = (uint8_t)(h[3] + 1);
        if (rc_fill(c, 4 + n) != 0) return -1;
        h = c->in + c->in_off;
        if (c->pkt_len + n > (1u << 30)) return -1;   /* past slave_max_allowed_packet (1 GiB) */
        if (c->pkt_len + n + 1 > c->pkt_cap) {
            size_t nc = (c->pkt_len + n + 1) * 2;
            uint8_t *b = realloc(c->pkt, nc);
            if (!b) return -1;
            c->pkt = b; c->pkt_cap = nc;
        }
        memcpy(c->pkt + c->pkt_len, h + 4, n);
        c->pkt_len += n;
        c->in_off += 4 + n;
        if (n < 0xffffff) return 0;
    }
}

/* Sends all of b; -1 when the connection is lost or takes 10 s to drain. */
static int rc_send(rconn *c, const proto_buf *b)
{
    size_t off = 0;
    while (off < b->len) {
        size_t left = b->len - off;
        short want = POLLOUT;
        if (c->ssl) {
            int n = SSL_write(c->ssl, b->data + off, left > INT_MAX ? INT_MAX : (int)left);
            if (n > 0) { off += (size_t)n; continue; }
            int e = SSL_get_error(c->ssl, n);
            ERR_clear_error();
            if (e != SSL_ERROR_WANT_WRITE && e != SSL_ERROR_WANT_READ) return -1;
            if (e == SSL_ERROR_WANT_READ) want = POLLIN;
        } else {
            ssize_t n = send(c->fd, b->data + off, left, MSG_NOSIGNAL);
            if (n > 0) { off += (size_t)n; continue; }
            if (n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) return -1;
        }
        if (!rc_wait(c, want, 10000)) return -1;
    }
    return 0;
}

/* A command packet (seq 0). */
static int rc_command(rconn *c, const void *payload, size_t n)
{
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = 0;
    int rc = proto_write_packet(&b, &seq, payload, n) == 0 ? rc_send(c, &b) : -1;
    proto_buf_free(&b);
    return rc;
}

/* An ERR payload's code and message. */
static uint16_t err_of(const rconn *c, char *msg, size_t cap)
{
    if (c->pkt_len < 3) { snprintf(msg, cap, "malformed error packet"); return 2027; }
    uint16_t code = (uint16_t)(c->pkt[1] | c->pkt[2] << 8);
    size_t at = 3;
    if (c->pkt_len > 9 && c->pkt[3] == '#') at = 9;
    snprintf(msg, cap, "%.*s", (int)(c->pkt_len - at), (const char *)c->pkt + at);
    return code;
}

/* Runs a statement; with out, the first column of its first row (NULL stays ""). 0, -1
 * lost, or an error code with msg. */
static int rc_query(rconn *c, const char *sql, char *out, size_t cap, char *msg, size_t mcap)
{
    size_t n = strlen(sql);
    uint8_t *p = malloc(n + 1);
    if (!p) return -1;
    p[0] = 0x03;
    memcpy(p + 1, sql, n);
    int rc = rc_command(c, p, n + 1);
    free(p);
    if (out) out[0] = 0;
    if (rc != 0 || rc_read(c) != 0) return -1;
    if (c->pkt_len && c->pkt[0] == 0xff) return err_of(c, msg, mcap);
    if (c->pkt_len && c->pkt[0] == 0x00) return 0;
    /* a result set: column definitions, EOF, rows, EOF */
    int eofs = 0;
    bool first = true;
    while (eofs < 2) {
        if (rc_read(c) != 0) return -1;
        if (c->pkt_len && c->pkt[0] == 0xff) return err_of(c, msg, mcap);
        if (c->pkt_len < 9 && c->pkt[0] == 0xfe) { eofs++; continue; }
        if (eofs == 1 && first && out) {
            first = false;
            proto_rd r;
            proto_rd_init(&r, c->pkt, c->pkt_len);
            const uint8_t *s; size_t sl;
            if (c->pkt[0] != 0xfb && proto_rd_lenenc_str(&r, &s, &sl) == 0)
                snprintf(out, cap, "%.*s", (int)sl, (const char *)s);
        }
    }
    return 0;
}

/* TLS over the connected socket (after the SSLRequest), with the MASTER_SSL_* options:
 * 0, or 2026 with msg as MariaDB's replica words it. */
static int rc_tls_start(rconn *c, const repl_cfg *k, char *msg, size_t cap)
{
    char err[256];
    srv_tls_client_opts o = { k->ssl_ca, k->ssl_capath, k->ssl_cert, k->ssl_key, k->ssl_cipher,
                              k->ssl_crl, k->ssl_crlpath, k->ssl_verify };
    c->ctx = srv_tls_client_ctx(&o, err, sizeof err);
    if (!c->ctx) { snprintf(msg, cap, "SSL connection error: %s", err); return 2026; }
    c->ssl = SSL_new(c->ctx);
    if (!c->ssl || SSL_set_fd(c->ssl, c->fd) != 1) { snprintf(msg, cap, "SSL connection error: SSL_new failed"); return 2026; }
    if (k->ssl_verify) {
        /* the host as given to MASTER_HOST: an address is checked against the
         * certificate's IP names, a name against its DNS names and CN */
        unsigned char a[16];
        X509_VERIFY_PARAM *vp = SSL_get0_param(c->ssl);
        X509_VERIFY_PARAM_set_hostflags(vp, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
        bool ip = inet_pton(AF_INET, k->host, a) == 1 || inet_pton(AF_INET6, k->host, a) == 1;
        if (ip ? X509_VERIFY_PARAM_set1_ip_asc(vp, k->host) != 1 : X509_VERIFY_PARAM_set1_host(vp, k->host, 0) != 1) {
            snprintf(msg, cap, "SSL connection error: Failed to verify the server certificate");
            return 2026;
        }
    } else if (!inet_pton(AF_INET, k->host, (unsigned char[16]){ 0 }) && !strchr(k->host, ':')) {
        SSL_set_tlsext_host_name(c->ssl, k->host);
    }
    for (uint32_t waited = 0;;) {
        ERR_clear_error();
        int r = SSL_connect(c->ssl);
        if (r == 1) return 0;
        int e = SSL_get_error(c->ssl, r);
        if ((e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) && !atomic_load(&stop_req) && waited < c->timeout_ms) {
            if (!rc_wait(c, e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT, 100)) waited += 100;
            continue;
        }
        long vr = SSL_get_verify_result(c->ssl);
        unsigned long le = ERR_get_error();
        if (vr == X509_V_ERR_HOSTNAME_MISMATCH || vr == X509_V_ERR_IP_ADDRESS_MISMATCH)
            snprintf(msg, cap, "SSL connection error: SSL certificate validation failure");
        else if (vr != X509_V_OK) snprintf(msg, cap, "SSL connection error: %s", X509_verify_cert_error_string(vr));
        else if (le) { ERR_error_string_n(le, err, sizeof err); snprintf(msg, cap, "SSL connection error: %s", err); }
        else snprintf(msg, cap, "SSL connection error: %s", e == SSL_ERROR_SYSCALL ? "unexpected eof while reading" : "handshake failed");
        ERR_clear_error();
        return 2026;
    }
}

/* Handshake and login. 0, -1 lost, or an error code with msg. */
static int rc_login(rconn *c, const repl_cfg *k, char *msg, size_t cap)
{
    c->timeout_ms = 30000;
    if (rc_read(c) != 0) { snprintf(msg, cap, "Lost connection to server at 'handshake: reading initial communication packet'"); return 2013; }
    if (c->pkt_len && c->pkt[0] == 0xff) return err_of(c, msg, cap);
    proto_server_hello h;
    if (proto_parse_greeting(c->pkt, c->pkt_len, &h) != 0) { snprintf(msg, cap, "malformed greeting from the primary"); return 2027; }
    uint8_t auth[20];
    size_t alen = 0;
    if (k->password[0]) { proto_native_response(h.scramble, k->password, strlen(k->password), auth); alen = 20; }
    uint32_t caps = CLIENT_LONG_PASSWORD | CLIENT_LONG_FLAG | CLIENT_PROTOCOL_41 | CLIENT_TRANSACTIONS |
                    CLIENT_SECURE_CONNECTION | CLIENT_PLUGIN_AUTH;
    proto_buf b;
    proto_buf_init(&b);
    uint8_t seq = c->seq;
    int rc = 0;
    /* As MariaDB 10.11's replica: MASTER_SSL=1 uses TLS when the primary offers it and
     * requires it only with MASTER_SSL_VERIFY_SERVER_CERT=1. */
    if (k->ssl && !(h.caps & CLIENT_SSL) && k->ssl_verify) {
        proto_buf_free(&b);
        snprintf(msg, cap, "SSL connection error: SSL is required, but the server does not support it");
        return 2026;
    }
    if (k->ssl && (h.caps & CLIENT_SSL)) {
        caps |= CLIENT_SSL;
        rc = proto_write_ssl_request(&b, &seq, caps, 45);
        if (rc == 0) rc = rc_send(c, &b);
        if (rc == 0) { int t = rc_tls_start(c, k, msg, cap); if (t) { proto_buf_free(&b); return t; } }
        proto_buf_reset(&b);
    }
    if (rc == 0) rc = proto_write_handshake_response(&b, &seq, caps, 45, k->user, auth, alen, "mysql_native_password");
    if (rc == 0) rc = rc_send(c, &b);
    if (rc == 0) rc = rc_read(c);
    while (rc == 0 && c->pkt_len && c->pkt[0] == 0xfe) {   /* auth switch */
        const char *plugin = (const char *)c->pkt + 1;
        size_t pl = strnlen(plugin, c->pkt_len - 1);
        if (strcmp(plugin, "mysql_native_password") || c->pkt_len < 1 + pl + 1 + 20) {
            proto_buf_free(&b);
            snprintf(msg, cap, "Authentication plugin '%.64s' is not supported by this replica", plugin);
            return 1251;
        }
        uint8_t scr[PROTO_SCRAMBLE_LEN];
        memcpy(scr, c->pkt + 1 + pl + 1, 20);
        if (k->password[0]) proto_native_response(scr, k->password, strlen(k->password), auth);
        proto_buf_reset(&b);
        seq = c->seq;
        rc = proto_write_packet(&b, &seq, auth, alen);
        if (rc == 0) rc = rc_send(c, &b);
        if (rc == 0) rc = rc_read(c);
    }
    proto_buf_free(&b);
    if (rc != 0) { snprintf(msg, cap, "Lost connection to server during login"); return 2013; }
    if (c->pkt_len && c->pkt[0] == 0xff) return err_of(c, msg, cap);
    return 0;
}

/* ---------------------------------------------------------------- the stream */

static void note_io_gtid(const uint8_t *ev, size_t n)
{
    if (n < 19 + 13) return;
    stor_gtid g;
    memcpy(&g.seq, ev + 19, 8); memcpy(&g.domain, ev + 27, 4); memcpy(&g.server, ev + 5, 4);
    pthread_mutex_lock(&mu);
    int i = 0;
    while (i < st.nio_pos && st.io_pos[i].domain != g.domain) i++;
    if (i == st.nio_pos && st.nio_pos < 16) st.nio_pos++;
    if (i < st.nio_pos) st.io_pos[i] = g;
    pthread_mutex_unlock(&mu);
}

/* Sets up the dump: the session variables the primary reads, then REGISTER and DUMP.
 * 0, -1 lost, or an error code with msg (a fatal one for the IO thread). */
static int start_dump(rconn *c, const repl_cfg *k, char *msg, size_t cap)
{
    char val[256], sql[2200];
    int rc = rc_query(c, "SELECT @@GLOBAL.server_id", val, sizeof val, msg, cap);
    if (rc) return rc;
    uint32_t mid = (uint32_t)strtoul(val, NULL, 10);
    uint32_t me = stor_binlog_server_id();
    if (mid == me) {
        snprintf(msg, cap, "Fatal error: The slave I/O thread stops because master and slave have equal MariaDB server ids; "
                 "these ids must be different for replication to work (or the --replicate-same-server-id option must be used on slave but this does not always make sense; please check the manual before using it).");
        return 1593;
    }
    pthread_mutex_lock(&mu);
    st.master_id = mid;
    pthread_mutex_unlock(&mu);
    snprintf(sql, sizeof sql, "SET @master_heartbeat_period= %" PRIu64, (uint64_t)(k->heartbeat * 1e9));
    if ((rc = rc_query(c, sql, NULL, 0, msg, cap))) return rc;
    if ((rc = rc_query(c, "SELECT @@global.binlog_checksum", val, sizeof val, msg, cap))) return rc;
    c->crc = !strcasecmp(val, "CRC32");   /* (every event, the first Rotate included) */
    if ((rc = rc_query(c, "SET @master_binlog_checksum= @@global.binlog_checksum", NULL, 0, msg, cap))) return rc;
    if ((rc = rc_query(c, "SET @mariadb_slave_capability=4", NULL, 0, msg, cap))) return rc;
    if (k->use_gtid != GTID_NO) {
        char pos[2048];
        stor_gtid g[64];   /* (64 entries of at most 31 characters: fits) */
        int n = stor_slave_state(g, 64);
        stor_gtid_text(g, n, pos, sizeof pos);
        snprintf(sql, sizeof sql, "SET @slave_connect_state='%s'", pos);
        if ((rc = rc_query(c, sql, NULL, 0, msg, cap))) return rc;
        if ((rc = rc_query(c, "SET @slave_gtid_strict_mode=0", NULL, 0, msg, cap))) return rc;
        if ((rc = rc_query(c, "SET @slave_gtid_ignore_duplicates=0", NULL, 0, msg, cap))) return rc;
    }
    /* COM_REGISTER_SLAVE: id, host, user, password (empty), port, rank, master id */
    uint8_t reg[32];
    size_t o = 0;
    reg[o++] = 0x15;
    memcpy(reg + o, &me, 4); o += 4;
    reg[o++] = 0; reg[o++] = 0; reg[o++] = 0;
    uint16_t port = (uint16_t)srv_net_port();
    memcpy(reg + o, &port, 2); o += 2;
    memset(reg + o, 0, 8); o += 8;
    if (rc_command(c, reg, o) != 0 || rc_read(c) != 0) return -1;
    if (c->pkt_len && c->pkt[0] == 0xff) {
        err_of(c, msg, cap);
        return 1597;
    }
    /* COM_BINLOG_DUMP: position, flags, server id, file */
    pthread_mutex_lock(&mu);
    const char *file = k->use_gtid != GTID_NO ? "" : st.exec_file;
    uint32_t pos = k->use_gtid != GTID_NO ? 4 : (uint32_t)(st.exec_pos ? st.exec_pos : 4);
    uint8_t dump[11 + 256];
    size_t fl = strlen(file);
    dump[0] = 0x12;
    memcpy(dump + 1, &pos, 4);
    dump[5] = 0; dump[6] = 0;
    memcpy(dump + 7, &me, 4);
    memcpy(dump + 11, file, fl);
    pthread_mutex_unlock(&mu);
    if (rc_command(c, dump, 11 + fl) != 0) return -1;
    return 0;
}

static uint32_t le32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

/* Reads events until the connection goes or an event cannot be applied. 0 reconnect,
 * 1 stop (an error recorded). */
static int stream(rconn *c, pdb_applier *ap)
{
    bool crc = c->crc;
    c->timeout_ms = (uint32_t)(cfg.heartbeat * 2000) + 60000;
    for (;;) {
        if (!rc_buffered(c)) {   /* caught up with what arrived */
            pthread_mutex_lock(&mu);
            if (!pdb_applier_in_group(ap)) st.behind = 0;
            st.io_state = "Waiting for master to send event";
            st.sql_state = "Slave has read all relay log; waiting for more updates";
            pthread_mutex_unlock(&mu);
        }
        if (rc_read(c) != 0) return atomic_load(&stop_req) ? 1 : 0;
        if (!c->pkt_len) continue;
        if (c->pkt[0] == 0xff) {
            char m[512];
            uint16_t code = err_of(c, m, sizeof m);
            set_io_error(1236, "Got fatal error %u from master when reading data from binary log: '%s'", code, m);
            return 1;
        }
        if (c->pkt[0] == 0xfe && c->pkt_len < 9) return 0;   /* EOF: the primary ended the dump */
        const uint8_t *ev = c->pkt + 1;
        size_t n = c->pkt_len - 1;
        if (n < 19 || le32(ev + 9) != n) { set_io_error(1595, "Relay log write failure: could not queue event from master"); return 1; }
        uint8_t type = ev[4];
        if (type == 15 && n >= 19 + 57 + 5) {   /* Format_description: does a CRC32 follow? */
            crc = ev[n - 5] == 1 && (uint32_t)crc32(0, ev, (uInt)(n - 4)) == le32(ev + n - 4);
        }
        if (crc) {
            if ((uint32_t)crc32(0, ev, (uInt)(n - 4)) != le32(ev + n - 4)) {
                set_io_error(1743, "Replication event checksum verification failed while reading from network.");
                return 1;
            }
            n -= 4;
        }
        uint32_t log_pos = le32(ev + 13);
        uint16_t flags = (uint16_t)(ev[17] | ev[18] << 8);
        pthread_mutex_lock(&mu);
        st.events++;
        if (type == 4 && n >= 19 + 8) {   /* Rotate: the file from here */
            snprintf(st.read_file, sizeof st.read_file, "%.*s", (int)(n - 27 > 255 ? 255 : n - 27), (const char *)ev + 27);
            utf8_clean(st.read_file);
            memcpy(&st.read_pos, ev + 19, 8);
        } else if (log_pos && !(flags & 0x20)) st.read_pos = log_pos;
        if (type == 27) { st.heartbeats++; pthread_mutex_unlock(&mu); continue; }
        if (le32(ev) && type != 4) st.behind = (int64_t)time(NULL) - (int64_t)le32(ev);
        if (st.behind < 0) st.behind = 0;
        st.io_state = "Waiting for master to send event";
        st.sql_state = "Reading event from the relay log";
        pthread_mutex_unlock(&mu);
        if (type == 162) note_io_gtid(ev, n);
        uint16_t code = 0;
        char msg[512];
        if (pdb_applier_event(ap, ev, n, &code, msg, sizeof msg) != 0) {
            if (atomic_load(&stop_req)) return 1;   /* STOP SLAVE cut it short: no error */
            pthread_mutex_lock(&mu);
            st.sql_errno = code;
            snprintf(st.sql_error, sizeof st.sql_error, "%s", msg);
            utf8_clean(st.sql_error);
            pthread_mutex_unlock(&mu);
            srv_log(SRV_ERROR, 0, "Slave SQL: %s, Gtid %s, Internal MariaDB error code: %u", msg, "", code);
            return 1;
        }
        if (!pdb_applier_in_group(ap)) {
            uint64_t d, t;
            pdb_applier_counts(ap, &d, &t);
            pthread_mutex_lock(&mu);
            if (type == 4) { snprintf(st.exec_file, sizeof st.exec_file, "%s", st.read_file); st.exec_pos = st.read_pos; }
            else if (log_pos && !(flags & 0x20)) { snprintf(st.exec_file, sizeof st.exec_file, "%s", st.read_file); st.exec_pos = log_pos; }
            st.ddl_groups = d; st.trx_groups = t;
            pthread_mutex_unlock(&mu);
        }
    }
}

static bool sleep_stoppable(uint32_t secs)
{
    for (uint32_t i = 0; i < secs * 10; i++) {
        if (atomic_load(&stop_req)) return false;
        usleep(100000);
    }
    return !atomic_load(&stop_req);
}

static void *replica_main(void *arg)
{
    (void)arg;
    pdb_applier *ap = pdb_applier_new();
    if (ap) {
        pdb_applier_set_kill(ap, &apply_kill);
        pdb_applier_skip(ap, atomic_exchange(&skip_pending, 0));
        pdb_applier_skip_applied(ap, skip_applied);
        pthread_mutex_lock(&mu);
        cur_ap = ap;
        pthread_mutex_unlock(&mu);
    }
    rconn c = { .fd = -1 };
    repl_cfg k;
    pthread_mutex_lock(&mu);
    k = cfg;
    pthread_mutex_unlock(&mu);
    bool first = true;
    while (ap && !atomic_load(&stop_req)) {
        if (!first && !sleep_stoppable(k.connect_retry)) break;
        first = false;
        pthread_mutex_lock(&mu);
        st.io_state = "Connecting to master";
        pthread_mutex_unlock(&mu);
        char msg[512];
        int code = rc_connect(&c, k.host, k.port, msg, sizeof msg);
        if (code) {
            set_io_error((uint16_t)code, "error connecting to master '%s@%s:%d' - retry-time: %u  maximum-retries: 100000  message: %s",
                         k.user, k.host, k.port, k.connect_retry, msg);
            continue;
        }
        code = rc_login(&c, &k, msg, sizeof msg);
        if (code == 0) code = start_dump(&c, &k, msg, sizeof msg);
        if (code == 1593 || code == 1597) {
            set_io_error((uint16_t)code, "%s", msg);
            break;
        }
        if (code) {
            if (code < 0) snprintf(msg, sizeof msg, "Lost connection to server during query");
            set_io_error((uint16_t)(code < 0 ? 2013 : code), "error connecting to master '%s@%s:%d' - retry-time: %u  maximum-retries: 100000  message: %s",
                         k.user, k.host, k.port, k.connect_retry, msg);
            rc_close(&c);
            continue;
        }
        set_io_error(0, "%s", "");
        srv_log(SRV_NOTE, 0, "Slave I/O thread: connected to master '%s@%s:%d', replication started", k.user, k.host, k.port);
        int r = stream(&c, ap);
        rc_close(&c);
        if (r == 1) break;
        pthread_mutex_lock(&mu);
        st.io_state = "Reconnecting after a failed master event read";
        pthread_mutex_unlock(&mu);
        first = true;   /* (reconnect at once, then every connect_retry seconds) */
        if (!sleep_stoppable(1)) break;
    }
    rc_close(&c);
    free(c.in); free(c.pkt);
    pthread_mutex_lock(&mu);
    cur_ap = NULL;
    if (ap) atomic_store(&skip_pending, pdb_applier_skip_left(ap));   /* (kept for the next start) */
    pthread_mutex_unlock(&mu);
    pdb_applier_free(ap);   /* (an unfinished group is rolled back) */
    pthread_mutex_lock(&mu);
    st.io_running = st.sql_running = false;
    st.io_state = st.sql_state = "";
    st.behind = -1;
    pthread_mutex_unlock(&mu);
    return NULL;
}

/* ---------------------------------------------------------------- control */

static bool running(void)
{
    pthread_mutex_lock(&mu);
    bool r = st.io_running || st.sql_running;
    pthread_mutex_unlock(&mu);
    return r;
}

static void join_stopped(void)
{
    if (thr_started && !running()) { pthread_join(thr, NULL); thr_started = false; }
}

static int start(char *msg, size_t cap)
{
    join_stopped();
    if (!configured) {
        snprintf(msg, cap, "Misconfigured slave: MASTER_HOST was not set; Fix in config file or with CHANGE MASTER TO");
        return 1200;
    }
    if (running()) { snprintf(msg, cap, "Slave is already running"); return 1254; }
    pthread_mutex_lock(&mu);
    st.io_running = st.sql_running = true;
    st.io_errno = st.sql_errno = 0;
    st.io_error[0] = st.sql_error[0] = 0;
    st.io_state = "Connecting to master";
    st.sql_state = "";
    if (cfg.use_gtid == GTID_NO && !st.exec_file[0]) {
        snprintf(st.exec_file, sizeof st.exec_file, "%s", cfg.log_file);
        st.exec_pos = cfg.log_pos;
    }
    skip_applied = cfg.use_gtid == GTID_NO && !fresh_position;
    fresh_position = false;
    pthread_mutex_unlock(&mu);
    atomic_store(&stop_req, false);
    if (pthread_create(&thr, NULL, replica_main, NULL) != 0) {
        pthread_mutex_lock(&mu);
        st.io_running = st.sql_running = false;
        pthread_mutex_unlock(&mu);
        snprintf(msg, cap, "Could not create slave thread, check system resources");
        return 1201;
    }
    thr_started = true;
    return 0;
}

static void remember_position(void)
{
    pthread_mutex_lock(&mu);
    if (cfg.use_gtid == GTID_NO && st.exec_file[0]) {
        snprintf(cfg.log_file, sizeof cfg.log_file, "%s", st.exec_file);
        cfg.log_pos = st.exec_pos;
    }
    pthread_mutex_unlock(&mu);
    if (configured && info_save() != 0) srv_log(SRV_WARNING, 0, "Can't write master.info: %s", strerror(errno));
}

static int stop(char *msg, size_t cap)
{
    bool was = running();
    atomic_store(&stop_req, true);
    atomic_store(&apply_kill, 1);
    if (thr_started) { pthread_join(thr, NULL); thr_started = false; }
    atomic_store(&apply_kill, 0);
    if (!was) { snprintf(msg, cap, "Slave already has been stopped"); return 1255; }
    remember_position();
    return 0;
}

static bool opt_is(const pdb_repl_opt *o, const char *name) { return !strcasecmp(o->name, name); }

/* The 512-byte field a MASTER_SSL_<file> option sets, or NULL (MASTER_SSL_CIPHER has its
 * own, shorter field). */
static char *ssl_path(repl_cfg *k, const pdb_repl_opt *o)
{
    if (opt_is(o, "MASTER_SSL_CA")) return k->ssl_ca;
    if (opt_is(o, "MASTER_SSL_CAPATH")) return k->ssl_capath;
    if (opt_is(o, "MASTER_SSL_CERT")) return k->ssl_cert;
    if (opt_is(o, "MASTER_SSL_KEY")) return k->ssl_key;
    if (opt_is(o, "MASTER_SSL_CRL")) return k->ssl_crl;
    if (opt_is(o, "MASTER_SSL_CRLPATH")) return k->ssl_crlpath;
    return NULL;
}

static int change_master(const pdb_repl_opt *opts, int n, char *msg, size_t cap)
{
    if (running()) {
        snprintf(msg, cap, "This operation cannot be performed as you have a running slave ''; run STOP SLAVE '' first");
        return 1198;
    }
    join_stopped();
    repl_cfg k = cfg;
    if (!configured) cfg_defaults(&k);
    bool gtid_given = false, pos_given = false, host_changed = false;
    for (int i = 0; i < n; i++) {
        const pdb_repl_opt *o = &opts[i];
        const char *v = o->text ? o->text : "";
        if (opt_is(o, "MASTER_HOST")) {
            if (strlen(v) >= sizeof k.host) { snprintf(msg, cap, "String '%.80s' is too long for host name (should be no longer than 255)", v); return 1470; }
            host_changed |= strcmp(v, k.host) != 0;
            snprintf(k.host, sizeof k.host, "%s", v);
        } else if (opt_is(o, "MASTER_PORT")) { host_changed |= atoi(v) != k.port; k.port = atoi(v); }
        else if (opt_is(o, "MASTER_USER")) snprintf(k.user, sizeof k.user, "%s", v);
        else if (opt_is(o, "MASTER_PASSWORD")) snprintf(k.password, sizeof k.password, "%s", v);
        else if (opt_is(o, "MASTER_CONNECT_RETRY")) k.connect_retry = (uint32_t)strtoul(v, NULL, 10) ? (uint32_t)strtoul(v, NULL, 10) : 1;
        else if (opt_is(o, "MASTER_HEARTBEAT_PERIOD")) {
            double h = strtod(v, NULL);
            if (h < 0 || h > 4294967) { snprintf(msg, cap, "The requested value for the heartbeat period is either negative or exceeds the maximum allowed (4294967 seconds)."); return 1703; }
            k.heartbeat = h;
        } else if (opt_is(o, "MASTER_LOG_FILE")) { snprintf(k.log_file, sizeof k.log_file, "%s", v); pos_given = true; }
        else if (opt_is(o, "MASTER_LOG_POS")) { k.log_pos = strtoull(v, NULL, 10); if (k.log_pos < 4) k.log_pos = 4; pos_given = true; }
        else if (opt_is(o, "MASTER_USE_GTID")) {
            gtid_given = true;
            if (!strcasecmp(v, "no")) k.use_gtid = GTID_NO;
            else if (!strcasecmp(v, "slave_pos")) k.use_gtid = GTID_SLAVE_POS;
            else if (!strcasecmp(v, "current_pos")) k.use_gtid = GTID_CURRENT_POS;
            else { snprintf(msg, cap, "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '%.80s'", v); return 1064; }
        } else if (opt_is(o, "MASTER_SSL")) k.ssl = strtol(v, NULL, 10) != 0;
        else if (opt_is(o, "MASTER_SSL_VERIFY_SERVER_CERT")) k.ssl_verify = strtol(v, NULL, 10) != 0;
        else if (opt_is(o, "MASTER_SSL_CIPHER")) {
            if (strlen(v) >= sizeof k.ssl_cipher) { snprintf(msg, cap, "String '%.80s' is too long for MASTER_SSL_CIPHER (should be no longer than 255)", v); return 1470; }
            snprintf(k.ssl_cipher, sizeof k.ssl_cipher, "%s", v);
        }
        else if (ssl_path(&k, o)) {
            if (strlen(v) >= 512) { snprintf(msg, cap, "String '%.80s' is too long for %s (should be no longer than 511)", v, o->name); return 1470; }
            snprintf(ssl_path(&k, o), 512, "%s", v);
        } else if (opt_is(o, "MASTER_DELAY")) {
            if (strtol(v, NULL, 10) != 0) { snprintf(msg, cap, "This version of pressdb doesn't yet support 'MASTER_DELAY'"); return 1235; }
        } else if (opt_is(o, "IGNORE_SERVER_IDS") || opt_is(o, "DO_DOMAIN_IDS") || opt_is(o, "IGNORE_DOMAIN_IDS")) {
            const char *p = v;
            while (*p == '(' || *p == ' ' || *p == ')') p++;
            if (*p) { snprintf(msg, cap, "This version of pressdb doesn't yet support '%s'", o->name); return 1235; }
        } else if (opt_is(o, "RELAY_LOG_FILE") || opt_is(o, "RELAY_LOG_POS") || opt_is(o, "MASTER_DEMOTE_TO_SLAVE")) {
            /* (accepted: there is no relay log, and no demotion to do) */
        } else {
            snprintf(msg, cap, "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '%s'", o->name);
            return 1064;
        }
    }
    if (pos_given && !gtid_given) k.use_gtid = GTID_NO;
    if (pos_given || host_changed) fresh_position = true;
    if (host_changed && !pos_given) { k.log_file[0] = 0; k.log_pos = 4; }
    if (!k.host[0]) k.host[0] = 0;
    pthread_mutex_lock(&mu);
    cfg = k;
    configured = cfg.host[0] != 0;
    if (pos_given || host_changed) { snprintf(st.exec_file, sizeof st.exec_file, "%s", cfg.log_file); st.exec_pos = cfg.log_pos;
                                     snprintf(st.read_file, sizeof st.read_file, "%s", cfg.log_file); st.read_pos = cfg.log_pos; }
    pthread_mutex_unlock(&mu);
    if (info_save() != 0) { snprintf(msg, cap, "Error writing file 'master.info' (errno: %d \"%s\")", errno, strerror(errno)); return 1026; }
    return 0;
}

static int reset(bool all, char *msg, size_t cap)
{
    if (running()) {
        snprintf(msg, cap, "This operation cannot be performed as you have a running slave ''; run STOP SLAVE '' first");
        return 1198;
    }
    join_stopped();
    pthread_mutex_lock(&mu);
    memset(&st, 0, sizeof st);
    st.io_state = st.sql_state = "";
    st.behind = -1;
    cfg.log_file[0] = 0;
    cfg.log_pos = 4;
    if (all) { cfg_defaults(&cfg); configured = false; }
    pthread_mutex_unlock(&mu);
    if (all) {
        char path[SRV_PATH_MAX + 32];
        info_path(path, sizeof path);
        unlink(path);
        return 0;
    }
    if (configured && info_save() != 0) { snprintf(msg, cap, "Error writing file 'master.info'"); return 1026; }
    return 0;
}

static pthread_mutex_t ctl_mu = PTHREAD_MUTEX_INITIALIZER;   /* one control statement at a time */

static int ctl(int op, const char *conn, const pdb_repl_opt *opts, int nopts, char *msg, size_t cap)
{
    (void)conn;
    if (op == 6) return running() ? 1 : 0;
    if (op == 7) { atomic_store(&skip_pending, strtoull(opts[0].text, NULL, 10)); return 0; }
    if (op == 8) {
        pthread_mutex_lock(&mu);
        uint64_t left = cur_ap ? pdb_applier_skip_left(cur_ap) : atomic_load(&skip_pending);
        pthread_mutex_unlock(&mu);
        return (int)(left > INT32_MAX ? INT32_MAX : left);
    }
    pthread_mutex_lock(&ctl_mu);
    int rc;
    switch (op) {
    case 1: rc = change_master(opts, nopts, msg, cap); break;
    case 2: rc = start(msg, cap); break;
    case 3: rc = stop(msg, cap); break;
    case 4: rc = reset(false, msg, cap); break;
    case 5: rc = reset(true, msg, cap); break;
    default: rc = 1064; snprintf(msg, cap, "unknown replication command"); break;
    }
    pthread_mutex_unlock(&ctl_mu);
    return rc;
}

/* ---------------------------------------------------------------- SHOW SLAVE STATUS */

static bool status(char *buf, size_t cap, const char **cells)
{
    pthread_mutex_lock(&mu);
    if (!configured && !st.io_running && !st.sql_running) { pthread_mutex_unlock(&mu); return false; }
    size_t o = 0;
#define CELL(i, ...) do { cells[i] = buf + o; o += (size_t)snprintf(buf + o, cap - o, __VA_ARGS__) + 1; if (o > cap) o = cap; } while (0)
    static const char *const gtid_names[] = { "No", "Slave_Pos", "Current_Pos" };
    CELL(0, "%s", "");
    CELL(1, "%s", st.sql_state ? st.sql_state : "");
    const int b = 2;
    CELL(b + 0, "%s", st.io_state ? st.io_state : "");
    CELL(b + 1, "%s", cfg.host);
    CELL(b + 2, "%s", cfg.user);
    CELL(b + 3, "%d", cfg.port);
    CELL(b + 4, "%u", cfg.connect_retry);
    CELL(b + 5, "%s", st.read_file);
    CELL(b + 6, "%" PRIu64, st.read_pos);
    CELL(b + 7, "%s", "");
    CELL(b + 8, "%d", 0);
    CELL(b + 9, "%s", st.exec_file);
    CELL(b + 10, "%s", st.io_running ? (st.io_state && !strcmp(st.io_state, "Connecting to master") ? "Connecting" : "Yes") : "No");
    CELL(b + 11, "%s", st.sql_running ? "Yes" : "No");
    for (int i = 12; i <= 17; i++) CELL(b + i, "%s", "");
    uint16_t last = st.sql_errno ? st.sql_errno : 0;
    CELL(b + 18, "%u", last);
    CELL(b + 19, "%s", st.sql_errno ? st.sql_error : "");
    CELL(b + 20, "%d", 0);
    CELL(b + 21, "%" PRIu64, st.exec_pos);
    CELL(b + 22, "%d", 0);
    CELL(b + 23, "%s", "None");
    CELL(b + 24, "%s", "");
    CELL(b + 25, "%d", 0);
    CELL(b + 26, "%s", cfg.ssl ? "Yes" : "No");
    CELL(b + 27, "%s", cfg.ssl_ca);
    CELL(b + 28, "%s", cfg.ssl_capath);
    CELL(b + 29, "%s", cfg.ssl_cert);
    CELL(b + 30, "%s", cfg.ssl_cipher);
    CELL(b + 31, "%s", cfg.ssl_key);
    if (st.sql_running && st.io_running && st.behind >= 0) CELL(b + 32, "%" PRId64, st.behind);
    else cells[b + 32] = NULL;
    CELL(b + 33, "%s", cfg.ssl_verify ? "Yes" : "No");
    CELL(b + 34, "%u", st.io_errno);
    CELL(b + 35, "%s", st.io_error);
    CELL(b + 36, "%u", st.sql_errno);
    CELL(b + 37, "%s", st.sql_error);
    CELL(b + 38, "%s", "");
    CELL(b + 39, "%u", st.master_id);
    CELL(b + 40, "%s", cfg.ssl_crl);
    CELL(b + 41, "%s", cfg.ssl_crlpath);
    CELL(b + 42, "%s", gtid_names[cfg.use_gtid]);
    char pos[1024];
    stor_gtid io[16];
    memcpy(io, st.io_pos, sizeof io);
    stor_gtid_text(io, st.nio_pos, pos, sizeof pos);
    CELL(b + 43, "%s", pos);
    CELL(b + 44, "%s", "");
    CELL(b + 45, "%s", "");
    CELL(b + 46, "%s", "none");   /* (the engine puts @@slave_parallel_mode here) */
    CELL(b + 47, "%d", 0);
    cells[b + 48] = NULL;
    CELL(b + 49, "%s", st.sql_state ? st.sql_state : "");
    CELL(b + 50, "%" PRIu64, st.ddl_groups);
    CELL(b + 51, "%d", 0);
    CELL(b + 52, "%" PRIu64, st.trx_groups);
    CELL(b + 53, "%s", "");
    CELL(b + 54, "%d", 0);
    CELL(b + 55, "%d", 0);
    CELL(b + 56, "%" PRIu64, st.events);
    CELL(b + 57, "%" PRIu64, st.heartbeats);
    CELL(b + 58, "%.3f", cfg.heartbeat);
    stor_slave_pos(pos, sizeof pos);
    CELL(b + 59, "%s", pos);
#undef CELL
    pthread_mutex_unlock(&mu);
    return true;
}

/* ---------------------------------------------------------------- life */

void srv_replica_init(void)
{
    st.behind = -1;
    st.io_state = st.sql_state = "";
    info_load();
    pdb_set_replica_ctl(ctl);
    pdb_set_replica_status(status);
    if (configured && cfg.use_gtid == GTID_NO) {
        snprintf(st.exec_file, sizeof st.exec_file, "%s", cfg.log_file);
        st.exec_pos = cfg.log_pos;
        snprintf(st.read_file, sizeof st.read_file, "%s", cfg.log_file);
        st.read_pos = cfg.log_pos;
    }
    if (configured && !srv_cfg.skip_slave_start) {
        char msg[256];
        if (ctl(2, "", NULL, 0, msg, sizeof msg) != 0) srv_log(SRV_WARNING, 0, "Can't start the replica: %s", msg);
    }
}

void srv_replica_shutdown(void)
{
    pthread_mutex_lock(&ctl_mu);
    if (running() || thr_started) { char msg[128]; stop(msg, sizeof msg); }
    pthread_mutex_unlock(&ctl_mu);
}
