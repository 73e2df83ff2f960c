/* dump.c - the primary's side of MariaDB replication: COM_REGISTER_SLAVE, and
 * COM_BINLOG_DUMP streaming the binary log (storage/binlog.c) to a MariaDB replica or to
 * mariadb-binlog --read-from-remote-server.
 *
 * The stream runs on the connection's event loop: events are read from the files with
 * pread and queued as packets (0x00 + the event) until the output backlog is high; a
 * drained write (srv_dump_pump from conn.c) or the connection's timer (every DUMP_TICK_MS
 * while caught up) reads on. Per file: a fake Rotate, the file's Format_description, then
 * its events as they are. A replica that gives @slave_connect_state (GTID mode) starts in
 * the newest file whose Gtid_list it has seen all of; the groups it already has are
 * skipped, then a fake Gtid_list tells it where that left it. Idle: heartbeats every
 * @master_heartbeat_period. mariadb-binlog's non-blocking dump (or server id 0) ends with
 * EOF at the end of the log. The texts of the errors (1236) are MariaDB's.
 */
#include "server/server.h"
#include <pthread.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define DUMP_TICK_MS 5
#define DUMP_HIGH (256 * 1024)            /* queue no more output than this at once */
#define EV_HDR 19
#define MAX_DOM 16

enum { EV_ROTATE = 4, EV_FDE = 15, EV_XID = 16, EV_HEARTBEAT = 27, EV_ANNOTATE = 160,
       EV_GTID = 162, EV_GTID_LIST = 163 };

typedef struct srv_dump {
    int fd;
    uint32_t file_no;
    uint64_t off;                         /* next event in the file */
    bool nonblock;                        /* end with EOF at the end of the log */
    bool annotate;                        /* BINLOG_SEND_ANNOTATE_ROWS_EVENT: send Annotate_rows */
    bool fake_crc;                        /* @master_binlog_checksum is CRC32 */
    uint64_t hb_ms;                       /* heartbeat period (0: none) */
    uint64_t last_ms;                     /* when we last sent something */
    /* GTID mode: what the replica has, per domain; active = still to be reached */
    struct { uint32_t dom, server; uint64_t seq; bool active; } want[MAX_DOM];
    int nwant;
    int skip;                             /* 0 none, 1 one event, 2 up to the Xid */
    bool fake_list;                       /* send a fake Gtid_list once the skip ends */
    stor_gtid seen[MAX_DOM];              /* the binlog state at off (for that list) */
    int nseen;
    uint8_t *buf;
    size_t cap;
} srv_dump;

static void reg_drop(uint32_t conn_id);
static void reg_file(uint32_t conn_id, uint32_t no);

static uint32_t le32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t le64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

/* ---- sending ---- */

static int send_event(srv_conn *c, const uint8_t *ev, size_t n)
{
    uint8_t *p = malloc(n + 1);
    if (!p)
        return -1;
    p[0] = 0;
    memcpy(p + 1, ev, n);
    int rc = proto_write_packet(&c->out, &c->seq, p, n + 1);
    free(p);
    c->dump->last_ms = srv_now_ms();
    return rc;
}

/* An artificial event (timestamp 0): header, body, and a CRC unless crc is false. */
static int send_made(srv_conn *c, uint8_t type, uint32_t log_pos, uint16_t flags,
                     const void *body, size_t blen, bool crc)
{
    uint8_t ev[EV_HDR + 512];
    if (blen > sizeof ev - EV_HDR - 4)
        return -1;
    uint32_t size = (uint32_t)(EV_HDR + blen + (crc ? 4 : 0)), ts = 0, sid = stor_binlog_server_id();
    memcpy(ev, &ts, 4);
    ev[4] = type;
    memcpy(ev + 5, &sid, 4);
    memcpy(ev + 9, &size, 4);
    memcpy(ev + 13, &log_pos, 4);
    memcpy(ev + 17, &flags, 2);
    memcpy(ev + EV_HDR, body, blen);
    if (crc) {
        uint32_t k = (uint32_t)crc32(0, ev, (uInt)(EV_HDR + blen));
        memcpy(ev + EV_HDR + blen, &k, 4);
    }
    return send_event(c, ev, size);
}

static void dump_error(srv_conn *c, const char *msg)
{
    srv_write_err(c, 1236, "HY000", "%s", msg);
    srv_conn_close(c, SRV_CLOSE_FLUSH);
}

/* ---- reading the files ---- */

/* The event at off in d's file, whole: its bytes in d->buf; 0 none yet, -1 error. */
static int read_event(srv_dump *d, uint64_t limit, uint32_t *size)
{
    if (d->off + EV_HDR > limit)
        return 0;
    uint8_t h[EV_HDR];
    if (pread(d->fd, h, EV_HDR, (off_t)d->off) != EV_HDR)
        return -1;
    uint32_t n = le32(h + 9);
    if (n < EV_HDR || d->off + n > limit)
        return n < EV_HDR ? -1 : 0;
    if (n > d->cap) {
        uint8_t *q = realloc(d->buf, n);
        if (!q)
            return -1;
        d->buf = q;
        d->cap = n;
    }
    if (pread(d->fd, d->buf, n, (off_t)d->off) != (ssize_t)n)
        return -1;
    /* (every event pressdb writes carries a CRC32: a damaged one is not sent) */
    if (n < EV_HDR + 4 || (uint32_t)crc32(0, d->buf, n - 4) != le32(d->buf + n - 4))
        return -1;
    *size = n;
    return 1;
}

static void seen_set(srv_dump *d, uint32_t dom, uint32_t server, uint64_t seq)
{
    int i = 0;
    while (i < d->nseen && d->seen[i].domain != dom) i++;
    if (i == d->nseen) {
        if (d->nseen == MAX_DOM) return;
        d->nseen++;
    }
    d->seen[i] = (stor_gtid){ dom, server, seq };
}

/* The Gtid_list at the head of file no (after its Format_description): entries into
 * out (at most MAX_DOM); -1 when the file cannot be read. */
static int file_gtid_list(uint32_t no, stor_gtid *out)
{
    char path[4400];
    stor_binlog_path(no, path, sizeof path);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    uint8_t h[EV_HDR];
    int n = -1;
    uint64_t off = 4;
    for (int k = 0; k < 2 && pread(fd, h, EV_HDR, (off_t)off) == EV_HDR; k++) {
        uint32_t size = le32(h + 9);
        if (h[4] == EV_GTID_LIST && size >= EV_HDR + 8) {
            uint8_t b[4 + 16 * MAX_DOM];
            size_t want = size - EV_HDR - 4 < sizeof b ? size - EV_HDR - 4 : sizeof b;
            if (pread(fd, b, want, (off_t)(off + EV_HDR)) != (ssize_t)want)
                break;
            uint32_t cnt = le32(b) & 0x0fffffff;
            n = 0;
            for (uint32_t i = 0; i < cnt && n < MAX_DOM && 4 + 16 * (i + 1) <= want; i++)
                out[n++] = (stor_gtid){ le32(b + 4 + 16 * i), le32(b + 8 + 16 * i), le64(b + 12 + 16 * i) };
            break;
        }
        off += size;
    }
    close(fd);
    return n;
}

/* Opens file no at pos: the fake Rotate and its Format_description. */
static int open_file(srv_conn *c, uint32_t no, uint64_t pos, bool gtid_mode)
{
    srv_dump *d = c->dump;
    char path[4400], name[300];
    stor_binlog_path(no, path, sizeof path);
    stor_binlog_name(no, name, sizeof name);
    if (d->fd >= 0)
        close(d->fd);
    d->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (d->fd < 0)
        return -1;
    d->file_no = no;
    reg_file(c->id, no);
    uint8_t body[8 + 300];
    uint64_t p8 = pos;
    memcpy(body, &p8, 8);
    memcpy(body + 8, name, strlen(name));
    if (send_made(c, EV_ROTATE, 0, 0x20, body, 8 + strlen(name), d->fake_crc))
        return -1;
    d->off = 4;
    uint32_t size;
    if (read_event(d, UINT64_MAX, &size) != 1 || d->buf[4] != EV_FDE || size < EV_HDR + 2 + 50 + 4 + 1 + 4)
        return -1;
    /* (the in-use flag cleared; created 0 when starting mid-file or before the GTID
       position; log_pos 0 when mid-file) */
    uint16_t flags = 0;
    memcpy(d->buf + 17, &flags, 2);
    if (pos > 4 || (gtid_mode && d->nwant)) {
        memset(d->buf + EV_HDR + 2 + 50, 0, 4);
        if (pos > 4)
            memset(d->buf + 13, 0, 4);
    }
    uint32_t k = (uint32_t)crc32(0, d->buf, size - 4);
    memcpy(d->buf + size - 4, &k, 4);
    if (send_event(c, d->buf, size))
        return -1;
    d->off = pos > 4 ? pos : 4 + size;
    d->nseen = 0;
    return 0;
}

/* ---- GTID mode: where to start ---- */

static int parse_state(srv_dump *d, const char *s)
{
    d->nwant = 0;
    while (*s) {
        char *e;
        unsigned long dom = strtoul(s, &e, 10);
        if (*e != '-') return -1;
        unsigned long server = strtoul(e + 1, &e, 10);
        if (*e != '-') return -1;
        unsigned long long seq = strtoull(e + 1, &e, 10);
        if (*e && *e != ',') return -1;
        if (d->nwant == MAX_DOM) return -1;
        d->want[d->nwant].dom = (uint32_t)dom;
        d->want[d->nwant].server = (uint32_t)server;
        d->want[d->nwant].seq = seq;
        d->want[d->nwant].active = true;
        d->nwant++;
        s = *e ? e + 1 : e;
        while (*s == ' ') s++;
    }
    return 0;
}

static int want_of(srv_dump *d, uint32_t dom)
{
    for (int i = 0; i < d->nwant; i++) if (d->want[i].dom == dom) return i;
    return -1;
}

/* The newest file whose Gtid_list the replica has all of: its number, or 0. */
static uint32_t gtid_start_file(srv_dump *d, uint32_t last)
{
    for (uint32_t no = last; no >= stor_binlog_first() && no >= 1; no--) {
        stor_gtid l[MAX_DOM];
        int n = file_gtid_list(no, l);
        if (n < 0)
            return 0;
        bool ok = true;
        for (int i = 0; i < n && ok; i++) {
            int w = want_of(d, l[i].domain);
            ok = w >= 0 && d->want[w].seq >= l[i].seq;
        }
        if (!ok)
            continue;
        for (int i = 0; i < n; i++) {   /* reached at the file's start: nothing to skip */
            int w = want_of(d, l[i].domain);
            if (d->want[w].seq == l[i].seq)
                d->want[w].active = false;
        }
        return no;
    }
    return 0;
}

static int check_state(srv_conn *c, srv_dump *d)
{
    stor_gtid st[MAX_DOM];
    int n = stor_binlog_state(st, MAX_DOM);
    for (int i = 0; i < d->nwant; i++) {
        for (int k = 0; k < n; k++) {
            if (st[k].domain != d->want[i].dom || st[k].seq >= d->want[i].seq)
                continue;
            char msg[300];
            snprintf(msg, sizeof msg, "Error: connecting slave requested to start from GTID %u-%u-%" PRIu64
                     ", which is not in the master's binlog", d->want[i].dom, d->want[i].server, d->want[i].seq);
            dump_error(c, msg);
            return -1;
        }
    }
    return 0;
}

/* ---- the stream ---- */

static int send_fake_list(srv_conn *c, srv_dump *d)
{
    uint8_t body[4 + 16 * MAX_DOM];
    uint32_t cnt = (uint32_t)d->nseen;
    memcpy(body, &cnt, 4);
    for (int i = 0; i < d->nseen; i++) {
        memcpy(body + 4 + 16 * i, &d->seen[i].domain, 4);
        memcpy(body + 8 + 16 * i, &d->seen[i].server, 4);
        memcpy(body + 12 + 16 * i, &d->seen[i].seq, 8);
    }
    d->fake_list = false;
    return send_made(c, EV_GTID_LIST, (uint32_t)d->off, 0x20, body, 4 + 16 * (size_t)d->nseen, true);
}

/* One event of the file: sent, or skipped (a group the replica has). */
static int take_event(srv_conn *c, srv_dump *d, uint32_t size)
{
    const uint8_t *ev = d->buf, *body = ev + EV_HDR;
    uint8_t type = ev[4];
    if (type == EV_GTID_LIST) {
        uint32_t cnt = le32(body) & 0x0fffffff;
        for (uint32_t i = 0; i < cnt && EV_HDR + 4 + 16 * (i + 1) <= size - 4; i++)
            seen_set(d, le32(body + 4 + 16 * i), le32(body + 8 + 16 * i), le64(body + 12 + 16 * i));
    }
    if (type == EV_GTID) {
        uint64_t seq = le64(body);
        uint32_t dom = le32(body + 8), server = le32(ev + 5);
        bool standalone = body[12] & 1;
        seen_set(d, dom, server, seq);
        int w = want_of(d, dom);
        if (w >= 0 && d->want[w].active) {
            if (server == d->want[w].server && seq >= d->want[w].seq) {
                d->want[w].active = false;
                d->fake_list = true;
                if (seq > d->want[w].seq) {   /* (a gap: the group is new to it) */
                    if (send_fake_list(c, d)) return -1;
                    return send_event(c, ev, size);
                }
            }
            d->skip = standalone ? 1 : 2;
            return 0;
        }
    }
    if (d->skip) {
        if (d->skip == 1 || type == EV_XID) {
            d->skip = 0;
            if (d->fake_list) {
                d->off += size;      /* (its log_pos: the end of the skipped group) */
                int rc = send_fake_list(c, d);
                d->off -= size;
                return rc;
            }
        }
        return 0;
    }
    if (type == EV_ANNOTATE && !d->annotate)
        return 0;
    return send_event(c, ev, size);
}

static void dump_end(srv_conn *c)
{
    uint8_t eof[5] = { 0xfe, 0, 0, 2, 0 };
    proto_write_packet(&c->out, &c->seq, eof, sizeof eof);
    srv_conn_close(c, SRV_CLOSE_FLUSH);
}

static int heartbeat(srv_conn *c, srv_dump *d)
{
    char name[300];
    stor_binlog_name(d->file_no, name, sizeof name);
    return send_made(c, EV_HEARTBEAT, (uint32_t)d->off, 0, name, strlen(name), true);
}

/* Reads on while the output has room: more events, the next file, or the end. */
void srv_dump_pump(srv_conn *c)
{
    srv_dump *d = c->dump;
    if (!d || c->closing || c->state == CS_CLOSING)
        return;
    while (srv_conn_backlog(c) + c->out.len < DUMP_HIGH) {
        uint64_t cur_pos;
        uint32_t cur = stor_binlog_sendable(&cur_pos);
        uint64_t limit = cur_pos;
        if (d->file_no != cur) {
            struct stat st;
            limit = fstat(d->fd, &st) == 0 ? (uint64_t)st.st_size : 0;
        }
        uint32_t size;
        int r = read_event(d, limit, &size);
        if (r < 0) {
            dump_error(c, "binlog truncated in the middle of event; consider out of disk space on master");
            return;
        }
        if (r == 0) {
            if (d->file_no < cur) {   /* the next file (the last one ended with a Rotate) */
                if (open_file(c, d->file_no + 1, 4, d->nwant > 0)) {
                    dump_error(c, "Could not open log file");
                    return;
                }
                continue;
            }
            stor_binlog_release_held();
            if (d->nonblock) {
                if (srv_conn_flush(c) == 0)
                    dump_end(c);
                return;
            }
            if (d->hb_ms && srv_now_ms() - d->last_ms >= d->hb_ms && heartbeat(c, d)) {
                srv_conn_close(c, SRV_CLOSE_NOW);
                return;
            }
            break;
        }
        if (take_event(c, d, size)) {
            srv_conn_close(c, SRV_CLOSE_NOW);
            return;
        }
        d->off += size;
    }
    if (srv_conn_flush(c)) {
        srv_conn_close(c, SRV_CLOSE_NOW);
        return;
    }
    uv_timer_stop(&c->timer);
    uv_timer_start(&c->timer, srv_dump_timer, DUMP_TICK_MS, 0);
}

void srv_dump_timer(uv_timer_t *t)
{
    srv_conn *c = t->data;
    if (c->closing)
        return;
    if (c->writing && srv_now_ms() - c->last_ms > 60000) {   /* a replica that stopped reading */
        srv_conn_close(c, SRV_CLOSE_NOW);
        return;
    }
    srv_dump_pump(c);
}

void srv_dump_free(srv_conn *c)
{
    reg_drop(c->id);
    srv_dump *d = c->dump;
    if (!d)
        return;
    if (d->fd >= 0)
        close(d->fd);
    free(d->buf);
    free(d);
    c->dump = NULL;
}

/* ---- the replicas connected (SHOW SLAVE HOSTS; one stream per server id) ---- */

typedef struct reg {
    uint32_t conn_id;
    bool registered;                      /* COM_REGISTER_SLAVE: listed in SHOW SLAVE HOSTS */
    bool dumping;
    uint32_t file_no;                     /* the file its stream reads (PURGE keeps it) */
    pdb_replica_host h;
} reg;
static reg regs[256];
static int nregs;
static pthread_mutex_t reg_mu = PTHREAD_MUTEX_INITIALIZER;

static reg *reg_of(uint32_t conn_id, bool add)
{
    for (int i = 0; i < nregs; i++) if (regs[i].conn_id == conn_id) return &regs[i];
    if (!add || nregs == (int)(sizeof regs / sizeof regs[0])) return NULL;
    memset(&regs[nregs], 0, sizeof regs[nregs]);
    regs[nregs].conn_id = conn_id;
    return &regs[nregs++];
}

static void reg_drop(uint32_t conn_id)
{
    pthread_mutex_lock(&reg_mu);
    for (int i = 0; i < nregs; i++)
        if (regs[i].conn_id == conn_id) { regs[i] = regs[--nregs]; break; }
    pthread_mutex_unlock(&reg_mu);
}

/* The lowest file a stream reads (storage's PURGE and expiry keep it). */
uint32_t srv_dump_in_use(void)
{
    uint32_t low = 0;
    pthread_mutex_lock(&reg_mu);
    for (int i = 0; i < nregs; i++)
        if (regs[i].dumping && regs[i].file_no && (!low || regs[i].file_no < low)) low = regs[i].file_no;
    pthread_mutex_unlock(&reg_mu);
    return low;
}

static void reg_file(uint32_t conn_id, uint32_t no)
{
    pthread_mutex_lock(&reg_mu);
    reg *r = reg_of(conn_id, true);
    if (r) { r->dumping = true; r->file_no = no; }
    pthread_mutex_unlock(&reg_mu);
}

size_t srv_replica_hosts(pdb_replica_host *out, size_t max)
{
    size_t k = 0;
    pthread_mutex_lock(&reg_mu);
    for (int i = 0; i < nregs && k < max; i++)
        if (regs[i].registered) out[k++] = regs[i].h;
    pthread_mutex_unlock(&reg_mu);
    return k;
}

/* A dump for server_id: the connection streaming to it before (a replica that
 * reconnected) goes, as MariaDB ends the older one. */
static void reg_dump(srv_conn *c, uint32_t server_id)
{
    uint32_t old = 0;
    pthread_mutex_lock(&reg_mu);
    for (int i = 0; i < nregs && server_id; i++)
        if (regs[i].dumping && regs[i].h.server_id == server_id && regs[i].conn_id != c->id) old = regs[i].conn_id;
    reg *r = reg_of(c->id, true);
    if (r) { r->dumping = true; r->h.server_id = server_id; }
    pthread_mutex_unlock(&reg_mu);
    if (old)
        srv_kill(old, NULL, false);
}

/* ---- commands ---- */

static bool may_replicate(srv_conn *c)
{
    if (c->is_super || (c->privs & (1ull << 19)))   /* REPLICATION SLAVE */
        return true;
    srv_write_err(c, 1227, "42000", "Access denied; you need (at least one of) the REPLICATION SLAVE privilege(s) for this operation");
    return false;
}

void srv_dump_register(srv_conn *c, const uint8_t *p, size_t n)
{
    if (!may_replicate(c))
        return;
    /* server_id, host, user, password (each a length byte and text), port, rank, master id */
    size_t at = 5;
    for (int i = 0; i < 3 && at < n; i++)
        at += 1 + p[at];
    if (n < 5 || at + 10 > n) {
        srv_write_err(c, 1105, "HY000", "Wrong parameters to function register_slave");
        return;
    }
    pthread_mutex_lock(&reg_mu);
    reg *r = reg_of(c->id, true);
    if (r) {
        r->registered = true;
        r->h.server_id = le32(p + 1);
        size_t hl = p[5] < sizeof r->h.host ? p[5] : sizeof r->h.host - 1;
        if (hl) memcpy(r->h.host, p + 6, hl);
        else snprintf(r->h.host, sizeof r->h.host, "%s", c->host);   /* (10.11: the connection's) */
        r->h.host[hl ? hl : strlen(r->h.host)] = 0;
        r->h.port = (uint32_t)(p[at] | p[at + 1] << 8);
        uint32_t mid = le32(p + at + 6);
        r->h.master_id = mid ? mid : stor_binlog_server_id();
    }
    pthread_mutex_unlock(&reg_mu);
    srv_write_ok(c, 0, 0, srv_session_status(c), 0, NULL);
}

void srv_dump_start(srv_conn *c, const uint8_t *p, size_t n)
{
    if (!may_replicate(c))
        return;
    if (!stor_binlog_on()) {
        srv_write_err(c, 1236, "HY000", "Binary log is not open");
        return;
    }
    if (n < 11) {
        srv_write_err(c, 1047, "08S01", "Unknown command");
        return;
    }
    srv_dump *d = calloc(1, sizeof *d);
    if (!d) {
        srv_write_err(c, 1041, "HY000", "Out of memory.");
        return;
    }
    d->fd = -1;
    c->dump = d;
    uint32_t pos = le32(p + 1), server = le32(p + 7);
    uint16_t flags = (uint16_t)(p[5] | p[6] << 8);
    d->nonblock = (flags & 1) || server == 0;
    d->annotate = (flags & 2) != 0;
    if (server)
        reg_dump(c, server);
    char v[1024];
    d->fake_crc = pdb_uservar_text(c->sess, "master_binlog_checksum", v, sizeof v) && !strcasecmp(v, "CRC32");
    if (pdb_uservar_text(c->sess, "master_heartbeat_period", v, sizeof v))
        d->hb_ms = strtoull(v, NULL, 10) / 1000000;
    d->last_ms = srv_now_ms();
    uint64_t cur_pos;
    uint32_t cur = stor_binlog_current(&cur_pos);
    bool gtid = pdb_uservar_text(c->sess, "slave_connect_state", v, sizeof v);
    uint32_t no;
    if (gtid) {
        if (parse_state(d, v)) {
            srv_write_err(c, 1941, "HY000", "Could not parse GTID list");
            srv_conn_close(c, SRV_CLOSE_FLUSH);
            return;
        }
        if (check_state(c, d))
            return;
        no = gtid_start_file(d, cur);
        if (!no) {
            dump_error(c, "Could not find GTID state requested by slave in any binlog files. Probably the slave "
                       "state is too old and required binlog files have been purged.");
            return;
        }
        pos = 4;
    } else {
        char name[512];
        size_t nl = n - 11 < sizeof name - 1 ? n - 11 : sizeof name - 1;
        memcpy(name, p + 11, nl);
        name[nl] = 0;
        no = nl ? stor_binlog_number(name) : stor_binlog_first();
        for (struct stat st; !nl && no < cur; no++) {   /* (the first file there is) */
            char path[4400];
            stor_binlog_path(no, path, sizeof path);
            if (stat(path, &st) == 0)
                break;
        }
        if (!no || no > cur) {
            dump_error(c, "Could not find first log file name in binary log index file");
            return;
        }
        struct stat st;
        char path[4400];
        stor_binlog_path(no, path, sizeof path);
        if (pos < 4 || stat(path, &st) != 0 || pos > (uint64_t)st.st_size) {
            char msg[1800];
            snprintf(msg, sizeof msg, "Client requested master to start replication from impossible position; "
                     "the first event '%.300s' at %u, the last event read from '%.300s' at 4, the last byte read from "
                     "'%.300s' at 4.", name, pos, name, name);
            dump_error(c, msg);
            return;
        }
    }
    if (open_file(c, no, pos, gtid)) {
        dump_error(c, "Could not open log file");
        return;
    }
    srv_dump_pump(c);
}
