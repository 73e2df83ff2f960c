/* conn.c - one client connection's I/O: accept, read, frame, write, time out, close.
 *
 * Input: libuv reads into the loop's shared buffer; the bytes go to the framer (after
 * decryption with TLS), which copies what it needs, so a connection holds no read
 * buffer of its own between packets. Each complete packet is dispatched to auth.c or
 * command.c, which append their replies to c->out.
 *
 * Output: c->out (plaintext packets) -> c->pend (bytes for the socket; TLS encrypts on
 * the way) -> the kernel, first with uv_try_write (the usual case: the whole reply fits
 * the socket buffer, no write request needed), the rest through one uv_write at a time
 * from c->wbuf. Backpressure: while more than BACKLOG_HIGH bytes wait for the socket,
 * reading stops and buffered commands wait; both resume when the writes complete.
 * Buffers grown beyond KEEP_CAP are freed when empty, so an idle connection keeps
 * only its small structures (target: <= 32 KiB each, mostly the engine session).
 *
 * Statements run inline on the loop thread, except statements known to be long, which
 * command.c runs on a libuv worker thread (c->offloaded): then the worker owns c->out
 * and the session, the loop only sends what the worker hands over (off_q), and a close
 * is deferred until the worker is done (close_pending).
 */
#include "server/server.h"

#include <arpa/inet.h>
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/err.h>

#define BACKLOG_HIGH (256 * 1024)      /* pause commands above this much unsent output */
#define KEEP_CAP (16 * 1024)           /* buffers larger than this are freed when empty */
#define HANDSHAKE_MAX_PACKET (64 * 1024)
#define LINGER_MS 2000                 /* drain time after a final error */
#define FLUSH_CLOSE_MS 5000            /* output deadline when closing at shutdown */
#define OUT_MAX (4u << 20)             /* output held in memory; more goes to the spill file */
#define SPILL_LOW (256 * 1024)         /* read the file on while less than this is unsent */
#define SPILL_CHUNK (256 * 1024)       /* read back this much at a time */

static _Atomic uint32_t next_conn_id = 1;

uint32_t srv_conn_new_id(void) { return atomic_fetch_add(&next_conn_id, 1); }

static void conn_process(srv_conn *c);
static void conn_do_close(srv_conn *c);
static void conn_start_linger(srv_conn *c);

static size_t sock_backlog(const srv_conn *c)
{
    return c->pend.len + (c->wbuf.len - c->woff);
}

/* Loop only, not while offloaded (the spill fields are then the loop's alone). */
size_t srv_conn_backlog(const srv_conn *c)
{
    return c->out.len + sock_backlog(c) + (size_t)(c->spill_end - c->spill_rd);
}

static void shrink(proto_buf *b)
{
    if (b->len == 0 && b->cap > KEEP_CAP)
        proto_buf_free(b);
}

/* ------------------------------------------------------------------ writing */

#define WRITE_CHUNK_MAX ((size_t)1 << 30)   /* uv_buf_t lengths are 32-bit */

static void on_write(uv_write_t *req, int status);
static void conn_arm_write(srv_conn *c);

/* Starts the uv_write of the next chunk of wbuf (from woff). */
static int conn_write_chunk(srv_conn *c)
{
    size_t left = c->wbuf.len - c->woff;
    c->wlen = left < WRITE_CHUNK_MAX ? left : WRITE_CHUNK_MAX;
    uv_buf_t b = uv_buf_init((char *)c->wbuf.data + c->woff, (unsigned)c->wlen);
    c->wreq.data = c;
    if (uv_write(&c->wreq, &c->io.s, &b, 1, on_write))
        return -1;
    if (!c->writing) {
        c->last_ms = srv_now_ms();      /* net_write_timeout counts from the write's start */
        conn_arm_write(c);
    }
    c->writing = true;
    return 0;
}

/* Hands c->pend to the kernel: what uv_try_write takes now, the rest via uv_write
 * (pend becomes wbuf, so nothing is copied). */
static int conn_send_pending(srv_conn *c)
{
    if (c->writing || c->pend.len == 0)
        return 0;
    pdb_status_add(c->sess, PDB_STAT_BYTES_SENT, (int64_t)c->pend.len);   /* (all of it goes now) */
    size_t first = c->pend.len < WRITE_CHUNK_MAX ? c->pend.len : WRITE_CHUNK_MAX;
    uv_buf_t b = uv_buf_init((char *)c->pend.data, (unsigned)first);
    int n = uv_try_write(&c->io.s, &b, 1);
    size_t sent = 0;
    if (n > 0) {
        c->last_ms = srv_now_ms();
        sent = (size_t)n;
    } else if (n < 0 && n != UV_EAGAIN && n != UV_ENOSYS) {
        return -1;
    }
    if (sent == c->pend.len) {
        proto_buf_reset(&c->pend);
        shrink(&c->pend);
        return 0;
    }
    proto_buf t = c->wbuf;
    c->wbuf = c->pend;
    c->pend = t;
    proto_buf_reset(&c->pend);
    c->woff = sent;
    return conn_write_chunk(c);
}

/* Moves the packets in src to c->pend (encrypting with TLS); src ends empty. */
static int conn_queue(srv_conn *c, proto_buf *src)
{
    if (!src->len)
        return 0;
    if (c->tls) {
        c->tio.out = &c->pend;
        size_t off = 0;
        while (off < src->len) {
            size_t chunk = src->len - off;
            if (chunk > 64 * 1024)
                chunk = 64 * 1024;
            int r = SSL_write(c->ssl, src->data + off, (int)chunk);
            if (r <= 0 || c->tio.out_err) {
                ERR_clear_error();
                proto_buf_reset(src);
                return -1;
            }
            off += (size_t)r;
        }
        proto_buf_reset(src);
        shrink(src);
    } else if (c->pend.len == 0) {
        proto_buf t = c->pend;      /* no copy: the built packets become the output */
        c->pend = *src;
        *src = t;
    } else {
        if (proto_buf_put(&c->pend, src->data, src->len))
            return -1;
        proto_buf_reset(src);
        shrink(src);
    }
    return 0;
}

/* ------------------------------------------------------------------ spilling
 *
 * A result is never held in memory beyond OUT_MAX per connection, and its producer never
 * waits for the client: what does not fit goes to an unlinked file in $TMPDIR, which the
 * loop reads back as the socket drains. So a worker finishes its statement (and lets go
 * of the store lock) at its own pace, however slowly the client reads, and a client that
 * does not read at all is ended by net_write_timeout (on_timer). Order: while spilling,
 * everything new goes to the file, and off_q then holds only bytes older than the file's,
 * so the loop sends off_q first, then the file; spilling ends when the file is drained. */

int srv_tmpfile(const char *tag, const char **dirp)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = P_tmpdir;
    if (dirp)
        *dirp = dir;
    int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) {
        char name[4096];
        snprintf(name, sizeof name, "%s/pressdb-%s-XXXXXX", dir, tag);
        fd = mkostemp(name, O_CLOEXEC);
        if (fd >= 0)
            unlink(name);
    }
    return fd;
}

static int spill_open(srv_conn *c)
{
    if (c->spill_fd >= 0)
        return 0;
    const char *dir;
    int fd = srv_tmpfile("out", &dir);
    if (fd < 0) {
        srv_log(SRV_ERROR, c->id, "cannot create a temporary file in '%s' for a result "
                "(errno: %d \"%s\")", dir, errno, strerror(errno));
        return -1;
    }
    c->spill_fd = fd;
    return 0;
}

static int spill_write(int fd, const uint8_t *p, size_t n, uint64_t off)
{
    while (n) {
        ssize_t w = pwrite(fd, p, n, (off_t)off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
        off += (uint64_t)w;
    }
    return 0;
}

/* The producer's side (the worker, or the loop for an inline statement): c->out goes
 * to off_q (worker) or stays for the socket (loop, *to_file false), or to the file. */
static int spill_put(srv_conn *c, bool worker, bool *to_file)
{
    if (c->spill_fd == -1) {            /* the producer alone sets it, before spilling */
        pthread_mutex_lock(&srv_off_mu);
        bool fits = !c->spilling && c->sock_held + c->off_q.len + c->out.len <= OUT_MAX;
        pthread_mutex_unlock(&srv_off_mu);
        if (!fits && spill_open(c))
            c->spill_fd = -2;           /* no file: held in memory, as before spilling */
    }
    pthread_mutex_lock(&srv_off_mu);
    size_t held = c->sock_held + c->off_q.len;
    if (!c->spilling && (held + c->out.len <= OUT_MAX || c->spill_fd < 0)) {
        int rc = worker ? proto_buf_put(&c->off_q, c->out.data, c->out.len) : 0;
        pthread_mutex_unlock(&srv_off_mu);
        *to_file = false;
        return rc;
    }
    c->spilling = true;
    c->spill_writing = true;
    uint64_t off = c->spill_end;
    pthread_mutex_unlock(&srv_off_mu);
    int rc = spill_write(c->spill_fd, c->out.data, c->out.len, off);
    pthread_mutex_lock(&srv_off_mu);
    if (!rc)
        c->spill_end = off + c->out.len;
    c->spill_writing = false;
    pthread_mutex_unlock(&srv_off_mu);
    *to_file = true;
    return rc;
}

/* On the worker: hands c->out to the loop (which is woken to send it). */
static int offload_handoff(srv_conn *c)
{
    bool to_file;
    int rc = spill_put(c, true, &to_file);
    proto_buf_reset(&c->out);
    c->eof_patch = 0;
    uv_async_send(&c->lp->wake);
    pthread_mutex_lock(&srv_off_mu);
    if (c->close_pending)
        rc = -1;
    pthread_mutex_unlock(&srv_off_mu);
    return rc;
}

static void publish_held(srv_conn *c)
{
    pthread_mutex_lock(&srv_off_mu);
    c->sock_held = sock_backlog(c);
    pthread_mutex_unlock(&srv_off_mu);
}

/* On the loop: sends what the worker handed over, then the file while little is
 * waiting for the socket. */
static int conn_pull(srv_conn *c)
{
    proto_buf b;
    pthread_mutex_lock(&srv_off_mu);
    b = c->off_q;
    memset(&c->off_q, 0, sizeof c->off_q);
    uint64_t end = c->spill_end;
    pthread_mutex_unlock(&srv_off_mu);
    if (c->closing) {
        proto_buf_free(&b);
        return 0;
    }
    int rc = conn_queue(c, &b);
    proto_buf_free(&b);
    if (!rc)
        rc = conn_send_pending(c);
    assert(c->spill_rd <= end && (c->spill_rd == end || c->spill_fd >= 0));
    while (!rc && c->spill_rd < end && sock_backlog(c) < SPILL_LOW) {
        size_t n = end - c->spill_rd < SPILL_CHUNK ? (size_t)(end - c->spill_rd) : SPILL_CHUNK;
        if (proto_buf_reserve(&b, n))
            rc = -1;
        ssize_t r = rc ? -1 : pread(c->spill_fd, b.data, n, (off_t)c->spill_rd);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            rc = -1;
            break;
        }
        b.len = (size_t)r;
        c->spill_rd += (uint64_t)r;
        rc = conn_queue(c, &b);
        if (!rc)
            rc = conn_send_pending(c);
    }
    proto_buf_free(&b);
    pthread_mutex_lock(&srv_off_mu);
    if (c->spilling && !c->spill_writing && c->spill_rd == c->spill_end) {
        c->spilling = false;            /* drained: output goes to memory again */
        c->spill_rd = c->spill_end = 0;
        if (ftruncate(c->spill_fd, 0)) { /* keep the file; its size no longer counts */ }
    }
    c->sock_held = sock_backlog(c);
    pthread_mutex_unlock(&srv_off_mu);
    return rc;
}

void srv_conn_take_offloaded(srv_conn *c)
{
    if (c->closing)
        return;
    if (conn_pull(c))
        conn_do_close(c);
}

__thread bool srv_on_worker;

int srv_conn_flush(srv_conn *c)
{
    if (c->offloaded)   /* c->out belongs to the worker: only it hands packets over */
        return srv_on_worker ? offload_handoff(c) : 0;
    if (c->await_sync)
        return 0;               /* the reply goes out once its commit is durable */
    if (c->closing)
        return -1;
    c->eof_patch = 0;                /* the packets leave c->out */
    bool to_file;
    if (spill_put(c, false, &to_file))
        return -1;
    if (to_file) {
        proto_buf_reset(&c->out);
        shrink(&c->out);
        return conn_pull(c);
    }
    if (conn_queue(c, &c->out))
        return -1;
    if (conn_send_pending(c))
        return -1;
    publish_held(c);
    return 0;
}

void srv_conn_resume(srv_conn *c)
{
    if (c->closing || c->waiting || c->await_sync || c->offloaded)
        return;
    c->paused = false;
    conn_process(c);
}

static void resume_if_drained(srv_conn *c)
{
    if (c->waiting || c->await_sync || c->offloaded)
        return;                 /* parked for something else than the output */
    if (c->dump) {
        srv_dump_pump(c);
        return;
    }
    if (c->paused && srv_conn_backlog(c) < BACKLOG_HIGH / 2) {
        c->paused = false;
        conn_process(c);
    }
}

static void on_write(uv_write_t *req, int status)
{
    srv_conn *c = req->data;
    c->writing = false;
    if (c->closing)
        return;
    if (status < 0) {
        conn_do_close(c);
        return;
    }
    c->woff += c->wlen;
    c->last_ms = srv_now_ms();         /* progress: net_write_timeout counts from here */
    if (c->woff < c->wbuf.len) {
        if (conn_write_chunk(c))
            conn_do_close(c);
        return;
    }
    proto_buf_reset(&c->wbuf);
    c->woff = 0;
    shrink(&c->wbuf);
    if (conn_pull(c)) {                 /* the worker's packets, the spill file */
        conn_do_close(c);
        return;
    }
    if (c->writing)
        return;
    if (c->close_how != SRV_CLOSE_NONE) {
        if (c->close_how == SRV_CLOSE_LINGER)
            conn_start_linger(c);
        else
            conn_do_close(c);
        return;
    }
    resume_if_drained(c);
}

/* ------------------------------------------------------------------ closing */

/* A session whose transaction must be rolled back while the store lock is busy is
 * freed by a worker (the loop never blocks on that lock); the connection goes now. */
typedef struct discard_job {
    uv_work_t work;
    pdb_session *sess;
} discard_job;

static void discard_run(uv_work_t *w)
{
    discard_job *j = w->data;
    pdb_session_free(j->sess);
}

static void discard_done(uv_work_t *w, int status)
{
    (void)status;
    discard_job *j = w->data;
    free(j->sess);
    free(j);
}

static void session_discard(srv_loop *lp, pdb_session *s)
{
    s->kill = NULL;                  /* (it pointed into the connection, which goes first) */
    if (pdb_session_rollback(s) == PDB_EXEC_MOVE) {
        discard_job *j = malloc(sizeof *j);
        if (j) {
            j->sess = s;
            j->work.data = j;
            if (uv_queue_work(&lp->loop, &j->work, discard_run, discard_done) == 0)
                return;
            free(j);
        }
        srv_log(SRV_ERROR, s->conn_id, "no worker to end a closed connection's transaction");
    }
    pdb_session_free(s);
    free(s);
}

static void on_handle_closed(uv_handle_t *h)
{
    srv_conn *c = h->data;
    if (--c->handles_open > 0)
        return;
    srv_loop *lp = c->lp;
    proto_framer_free(&c->fr);
    proto_buf_free(&c->out);
    proto_buf_free(&c->pend);
    proto_buf_free(&c->wbuf);
    if (c->ssl)
        SSL_free(c->ssl);
    srv_auth_free(c);
    srv_dump_free(c);
    srv_stmt_free_all(c);
    if (c->sess)
        session_discard(lp, c->sess);
    free(c->cols);
    free(c->bvals);
    free(c->btext);
    free(c->wait_pkt);
    free(c->off_sql);
    proto_buf_free(&c->off_q);
    if (c->spill_fd >= 0)
        close(c->spill_fd);
    if (c->infile_fd >= 0)
        close(c->infile_fd);
    free(c);
    srv_loop_conn_gone(lp);
}

uint32_t srv_conn_count(const srv_conn *c, uint32_t *limit)
{
    *limit = c->extra ? srv_cfg.extra_max_connections : srv_cfg.max_connections;
    return atomic_load(c->extra ? &srv_nconns_extra : &srv_nconns);
}

static void conn_uncount(srv_conn *c)
{
    if (c->counted)
        atomic_fetch_sub(c->extra ? &srv_nconns_extra : &srv_nconns, 1);
    c->counted = false;
}

/* Once per connection, when its end is decided: Aborted_connects if it ended before
 * login, Aborted_clients if after it without COM_QUIT (the client went away, timed out,
 * was killed, sent something fatal), unless the server is stopping. */
static void conn_count_end(srv_conn *c)
{
    if (c->end_counted)
        return;
    c->end_counted = true;
    if (c->state != CS_COMMAND && c->state != CS_CLOSING)
        atomic_fetch_add(&srv_aborted_connects, 1);
    else if (c->state == CS_COMMAND && !c->quit && !c->lp->stopping)
        atomic_fetch_add(&srv_aborted_clients, 1);
}

static void conn_do_close(srv_conn *c)
{
    if (c->closing)
        return;
    if (c->offloaded) {
        /* the worker still uses the connection: close when it is done */
        pthread_mutex_lock(&srv_off_mu);
        c->close_pending = true;
        pthread_cond_broadcast(&srv_off_cv);
        pthread_mutex_unlock(&srv_off_mu);
        return;
    }
    conn_count_end(c);
    c->closing = true;
    c->state = CS_CLOSING;
    srv_registry_remove(c);
    conn_uncount(c);
    srv_loop *lp = c->lp;
    if (c->prev)
        c->prev->next = c->next;
    else
        lp->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    c->prev = c->next = NULL;
    lp->nconns--;
    if (c->await_sync) {
        c->await_sync = false;
        atomic_fetch_sub(&lp->sync_waits, 1);
    }
    uv_close(&c->io.h, on_handle_closed);
    uv_close((uv_handle_t *)&c->timer, on_handle_closed);
}

static void on_shutdown(uv_shutdown_t *req, int status)
{
    (void)req;
    (void)status;
}

static void on_timer(uv_timer_t *t);
static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf);
static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf);

/* After a final error is written: FIN, then discard input until EOF or the deadline
 * (armed by srv_conn_close), so the client reads the error rather than a reset. */
static void conn_start_linger(srv_conn *c)
{
    c->lingering = true;
    c->close_how = SRV_CLOSE_NOW;
    c->sreq.data = c;
    if (uv_shutdown(&c->sreq, &c->io.s, on_shutdown) != 0) {
        conn_do_close(c);
        return;
    }
    if (!c->reading) {
        if (uv_read_start(&c->io.s, on_alloc, on_read) != 0) {
            conn_do_close(c);
            return;
        }
        c->reading = true;
    }
}

void srv_conn_close(srv_conn *c, int how)
{
    if (c->closing)
        return;
    if (c->offloaded) {
        conn_do_close(c);           /* deferred until the worker is done */
        return;
    }
    if (how == SRV_CLOSE_NOW || c->state == CS_CLOSING) {
        conn_do_close(c);
        return;
    }
    conn_count_end(c);
    c->state = CS_CLOSING;
    c->close_how = (uint8_t)how;
    srv_registry_remove(c);
    conn_uncount(c);                 /* a closing connection no longer takes a slot */
    if (srv_conn_flush(c)) {
        conn_do_close(c);
        return;
    }
    uv_timer_stop(&c->timer);
    uv_timer_start(&c->timer, on_timer, how == SRV_CLOSE_LINGER ? LINGER_MS : FLUSH_CLOSE_MS, 0);
    if (!c->writing) {
        if (how == SRV_CLOSE_LINGER)
            conn_start_linger(c);
        else
            conn_do_close(c);
    }
}

static void wait_timeout(srv_conn *c, bool killed);

void srv_conn_check_kills(srv_loop *lp)
{
    for (srv_conn *c = lp->conns, *next; c; c = next) {
        next = c->next;
        if (c->offloaded)
            continue;               /* the worker's sink sees the request */
        uint8_t k = atomic_load(&c->kill_req);
        if (k == 2) {
            srv_conn_close(c, SRV_CLOSE_NOW);
        } else if (k == 1) {
            /* KILL QUERY: a statement waiting for a lock ends with 1317; a connection
             * that is not running anything has nothing to stop. */
            atomic_store(&c->kill_req, 0);
            if (c->waiting && !c->closing) {
                uv_timer_stop(&c->timer);
                wait_timeout(c, true);
            }
        }
    }
}

/* ------------------------------------------------------------------- timers */

void srv_conn_arm_idle(srv_conn *c)
{
    uint32_t secs = c->sess && c->sess->wait_timeout ? c->sess->wait_timeout : srv_cfg.wait_timeout;
    c->armed_timeout = secs;
    uv_timer_stop(&c->timer);
    uv_timer_start(&c->timer, on_timer, (uint64_t)secs * 1000u, 0);
}

/* ------------------------------------------------------------- lock waits */

void srv_conn_wait(srv_conn *c, uint8_t kind, const uint8_t *pkt, size_t n)
{
    c->waiting = kind;
    free(c->wait_pkt);
    c->wait_pkt = NULL;
    c->wait_pkt_len = 0;
    if (pkt) {
        c->wait_pkt = malloc(n ? n : 1);
        if (c->wait_pkt) {
            memcpy(c->wait_pkt, pkt, n);
            c->wait_pkt_len = n;
        }
    }
    c->paused = true;
    if (c->reading) {
        uv_read_stop(&c->io.s);
        c->reading = false;
    }
    uint64_t ms = pdb_wait_ms(c->sess), now = srv_now_ms();
    c->wait_deadline_ms = now + ms;
    if (c->wait_keep_ms && c->sess->wait_table && c->wait_keep_ms < c->wait_deadline_ms) {
        /* (woken while a table or global read lock was held, and still held: the wait
           goes on to its first deadline, whatever woke it meanwhile) */
        c->wait_deadline_ms = c->wait_keep_ms;
        ms = c->wait_deadline_ms > now ? c->wait_deadline_ms - now : 1;
    }
    c->wait_keep_ms = 0;
    uv_timer_stop(&c->timer);
    uv_timer_start(&c->timer, on_timer, ms, 0);
    if (!c->sess->wait_blocker && !c->sess->wait_named && !c->sess->wait_table)
        uv_async_send(&c->lp->wake);    /* the holder is already gone: run again soon */
}

/* The wait is over (resumed or timed out): the command ends, input goes on. */
bool srv_conn_hold_for_sync(srv_conn *c)
{
    uint64_t need = c->sess ? c->sess->durable_lsn : 0;
    if (!need)
        return false;
    if (need <= stor_synced_lsn() && !stor_sync_failed()) {
        c->sess->durable_lsn = 0;
        return false;
    }
    /* the loop's only connection syncs itself: no other client of this loop waits
       meanwhile, and the thread switches to the syncer and back are saved */
    if (c->lp->nconns == 1 && stor_sync_try(need) == 0) {
        c->sess->durable_lsn = 0;
        return false;
    }
    c->await_sync = true;
    c->paused = true;
    if (c->reading) {
        uv_read_stop(&c->io.s);
        c->reading = false;
    }
    /* counted before the request, and the syncer reads the count after it publishes the
       synced position: one of the two sees the other, so the wake is never missed */
    atomic_fetch_add(&c->lp->sync_waits, 1);
    stor_sync_request(need);
    return true;
}

static void wait_done(srv_conn *c)
{
    if (c->closing || c->waiting)
        return;
    srv_exec_end(c);
    if (c->closing)
        return;
    srv_cmd_after(c);
    srv_conn_resume(c);
}

static void wait_resume(srv_conn *c)
{
    uint8_t kind = c->waiting;
    c->waiting = SRV_WAIT_NONE;
    c->wait_keep_ms = c->sess->wait_table ? c->wait_deadline_ms : 0;
    if (kind == SRV_WAIT_EXECUTE) {
        uint8_t *p = c->wait_pkt;
        size_t n = c->wait_pkt_len;
        c->wait_pkt = NULL;
        c->wait_pkt_len = 0;
        if (c->sess->wait_me) stor_wait_end(c->sess->wait_me);
        c->sess->wait_me = c->sess->wait_blocker = 0;
        c->sess->wait_named = false;
        c->sess->wait_table = false;
        if (p) {
            srv_cmd_uncount(c, p[0]);   /* (counted when it first came) */
            srv_cmd_packet(c, p, n);    /* ends the command itself, or waits again */
        }
        free(p);
        if (c->closing)
            return;
        if (!c->waiting) {
            c->paused = false;
            conn_process(c);
        }
        return;
    }
    pdb_sink sink;
    srv_cmd_sink(c, &sink);
    int rc = pdb_exec_resume(c->sess, &sink);
    if (rc == PDB_EXEC_WAIT) {
        srv_conn_wait(c, SRV_WAIT_QUERY, NULL, 0);
        return;
    }
    if (rc == PDB_EXEC_INFILE) {
        if (srv_infile_start(c))
            srv_conn_resume(c);         /* (the file's packets) */
        else
            wait_done(c);
        return;
    }
    if (rc == PDB_EXEC_MOVE) {
        srv_cmd_move_resume(c);     /* the store lock is busy: a worker runs it */
        return;
    }
    wait_done(c);
}

void srv_conn_check_waits(srv_loop *lp)
{
    for (srv_conn *c = lp->conns, *next; c; c = next) {
        next = c->next;
        if (c->offloaded) {
            srv_conn_take_offloaded(c);
            continue;
        }
        if (c->await_sync && !c->closing) {
            if (c->sess->durable_lsn > stor_synced_lsn())
                continue;
            if (stor_sync_failed()) {
                /* the commit may be lost: no OK for it (as MariaDB, which stops then) */
                srv_conn_close(c, SRV_CLOSE_NOW);
                continue;
            }
            c->await_sync = false;
            atomic_fetch_sub(&lp->sync_waits, 1);
            c->sess->durable_lsn = 0;
            srv_registry_publish(c, SRV_CMD_SLEEP);
            c->paused = false;
            conn_process(c);
            continue;
        }
        if (!c->waiting || c->closing)
            continue;
        uint64_t b = c->sess->wait_blocker;
        if (b && stor_txn_running(b) && !stor_wait_victim(c->sess->wait_me))
            continue;
        wait_resume(c);
    }
}

/* The wait ends with an error: innodb_lock_wait_timeout, or KILL QUERY (killed). */
static void wait_timeout(srv_conn *c, bool killed)
{
    c->waiting = SRV_WAIT_NONE;
    free(c->wait_pkt);
    c->wait_pkt = NULL;
    c->wait_pkt_len = 0;
    pdb_sink sink;
    srv_cmd_sink(c, &sink);
    if (killed)
        pdb_exec_wait_killed(c->sess, &sink);
    else
        pdb_exec_wait_timeout(c->sess, &sink);
    wait_done(c);
}

static uint64_t conn_write_timeout_ms(srv_conn *c)
{
    uint64_t s = c->sess ? pdb_net_write_timeout(c->sess) : 60;
    return (s ? s : 1) * 1000u;
}

/* The client stopped reading its result: MariaDB's net_write_timeout ends the
 * connection with an aborted-connection note. */
static void conn_write_timed_out(srv_conn *c)
{
    srv_log(SRV_WARNING, c->id, "Aborted connection %u to db: '%s' user: '%s' host: '%s' "
            "(Got timeout writing communication packets)", c->id,
            c->sess && c->sess->db[0] ? c->sess->db : "unconnected",
            c->user[0] ? c->user : "unauthenticated", c->host);
    conn_do_close(c);
}

/* A write is waiting for the client: make the timer check net_write_timeout (the idle
 * timer may be armed for hours). */
static void conn_arm_write(srv_conn *c)
{
    if (c->state != CS_COMMAND || c->waiting || c->closing)
        return;                         /* (while offloaded the timer ticks every second) */
    uv_timer_stop(&c->timer);
    uv_timer_start(&c->timer, on_timer, conn_write_timeout_ms(c), 0);
}

static void on_timer(uv_timer_t *t)
{
    srv_conn *c = t->data;
    if (c->closing)
        return;
    if (c->dump) {
        srv_dump_timer(t);
        return;
    }
    uint64_t now = srv_now_ms();
    if (c->offloaded) {
        uv_timer_start(&c->timer, on_timer, 1000, 0);
        return;
    }
    if (c->waiting) {
        if (now >= c->wait_deadline_ms && c->sess->wait_named)
            wait_resume(c);             /* GET_LOCK's timeout: it answers 0 now */
        else if (now >= c->wait_deadline_ms)
            wait_timeout(c, false);
        else
            uv_timer_start(&c->timer, on_timer, c->wait_deadline_ms - now, 0);
        return;
    }
    if (c->state == CS_CLOSING) {
        conn_do_close(c);           /* flush or linger deadline */
        return;
    }
    if (c->state != CS_COMMAND) {
        /* connect_timeout: the handshake did not finish in time. */
        conn_do_close(c);
        return;
    }
    uint64_t idle = now - c->last_ms;
    if (c->writing || c->paused) {
        uint64_t nwt = conn_write_timeout_ms(c);
        if (idle >= nwt) {
            conn_write_timed_out(c);
            return;
        }
        uv_timer_start(&c->timer, on_timer, nwt - idle, 0);
        return;
    }
    uint64_t limit = (uint64_t)c->armed_timeout * 1000u;
    if (idle >= limit) {
        conn_do_close(c);           /* wait_timeout / interactive_timeout */
        return;
    }
    uv_timer_start(&c->timer, on_timer, limit - idle, 0);
}

/* ------------------------------------------------------------------ reading */

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
    (void)suggested;
    srv_conn *c = h->data;
    buf->base = (char *)c->lp->rbuf;
    buf->len = c->lp->rbuf_size;
}

/* Decrypts what the BIO has been given into the framer. -1 = close. */
static int tls_pump(srv_conn *c)
{
    if (c->state == CS_TLS) {
        int r = SSL_do_handshake(c->ssl);
        if (r != 1) {
            int e = SSL_get_error(c->ssl, r);
            if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
                ERR_clear_error();
                return 0;
            }
            unsigned long ee = ERR_peek_error();
            char msg[256] = "";
            if (ee)
                ERR_error_string_n(ee, msg, sizeof msg);
            ERR_clear_error();
            srv_log(SRV_WARNING, c->id, "TLS handshake with '%s' failed: %s", c->host,
                    msg[0] ? msg : "connection closed");
            return -1;
        }
        c->state = CS_HANDSHAKE;     /* the HandshakeResponse follows, encrypted */
    }
    for (;;) {
        int r = SSL_read(c->ssl, c->lp->tbuf, (int)c->lp->tbuf_size);
        if (r > 0) {
            if (proto_framer_feed(&c->fr, c->lp->tbuf, (size_t)r))
                return -1;
            continue;
        }
        int e = SSL_get_error(c->ssl, r);
        ERR_clear_error();
        if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE)
            return 0;
        return -1;                   /* close_notify or a TLS error */
    }
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
    srv_conn *c = s->data;
    if (c->closing)
        return;
    if (nread < 0) {
        conn_do_close(c);            /* EOF or error: the client is gone */
        return;
    }
    if (nread == 0)
        return;
    pdb_status_add(c->sess, PDB_STAT_BYTES_RECEIVED, nread);
    if (c->lingering)
        return;                      /* draining after a final error */
    c->last_ms = srv_now_ms();
    if (c->tls) {
        c->tio.in = (const uint8_t *)buf->base;
        c->tio.in_len = (size_t)nread;
        c->tio.out = &c->pend;
        int rc = tls_pump(c);
        c->tio.in = NULL;
        c->tio.in_len = 0;
        if (rc || c->tio.out_err) {
            conn_do_close(c);
            return;
        }
    } else if (proto_framer_feed(&c->fr, buf->base, (size_t)nread)) {
        conn_do_close(c);
        return;
    }
    conn_process(c);
}

int srv_conn_start_tls(srv_conn *c, const uint8_t *leftover, size_t n)
{
    c->tio.out = &c->pend;
    c->ssl = srv_tls_new(&c->tio);
    if (!c->ssl)
        return -1;
    c->tls = true;
    c->state = CS_TLS;
    if (n == 0)
        return 0;
    /* The ClientHello may have arrived with the SSLRequest: it is TLS, not packets. */
    uint8_t *copy = malloc(n);
    if (!copy)
        return -1;
    memcpy(copy, leftover, n);
    proto_buf_reset(&c->fr.in);
    c->tio.in = copy;
    c->tio.in_len = n;
    int rc = tls_pump(c);
    c->tio.in = NULL;
    c->tio.in_len = 0;
    free(copy);
    return rc;
}

/* Runs the packets that are complete, until paused, closed or out of input. */
static void conn_process(srv_conn *c)
{
    while (!c->closing && !c->paused && c->state != CS_CLOSING && c->state != CS_TLS) {
        int r = proto_framer_next(&c->fr);
        if (r == 0)
            break;
        if (r == PROTO_ETOOBIG) {
            c->seq = c->fr.seq;
            if (c->state == CS_COMMAND) {
                srv_log(SRV_WARNING, c->id, "Aborted connection %u to db: '%s' user: '%s' "
                        "host: '%s' (Got a packet bigger than 'max_allowed_packet' bytes)",
                        c->id, c->sess && c->sess->db[0] ? c->sess->db : "unconnected",
                        c->user, c->host);
                srv_write_err(c, 1153, "08S01",
                              "Got a packet bigger than 'max_allowed_packet' bytes");
            } else {
                c->caps |= CLIENT_PROTOCOL_41;
                srv_write_err(c, 1043, "08S01", "Bad handshake");
            }
            srv_conn_close(c, SRV_CLOSE_LINGER);
            return;
        }
        if (r == PROTO_ESEQ) {
            /* MariaDB answers with the sequence id it expected, then drops the
             * connection (the framer stays stuck on the bad packet). */
            srv_log(SRV_WARNING, c->id, "Aborted connection %u to db: '%s' user: '%s' host: "
                    "'%s' (Got packets out of order)", c->id,
                    c->sess && c->sess->db[0] ? c->sess->db : "unconnected",
                    c->user[0] ? c->user : "unauthenticated", c->host);
            c->seq = c->fr.seq;
            c->caps |= CLIENT_PROTOCOL_41;
            srv_write_err(c, 1156, "08S01", "Got packets out of order");
            srv_conn_close(c, SRV_CLOSE_LINGER);
            return;
        }
        if (r < 0) {
            conn_do_close(c);
            return;
        }
        c->seq = c->fr.seq;
        const uint8_t *p = c->fr.payload.data;
        size_t n = c->fr.payload.len;
        if (c->state == CS_COMMAND) {
            srv_general_log_cmd(c, p, n);   /* (once: a command run again does not come here) */
            srv_cmd_packet(c, p, n);
        } else if (c->state == CS_INFILE)
            srv_infile_packet(c, p, n);
        else
            srv_auth_packet(c, p, n);
        if (c->closing)
            return;
        /* What the next packet's sequence id must be: 0 for a new command (MariaDB
         * drops the connection otherwise); during authentication the id after our
         * last packet. */
        c->fr.check_seq = 1;
        c->fr.seq = c->state == CS_COMMAND ? 0 : c->seq;
        shrink(&c->fr.payload);
        if (c->offloaded)
            break;              /* c->out is the worker's now */
        if (srv_conn_backlog(c) > BACKLOG_HIGH) {
            if (srv_conn_flush(c)) {
                conn_do_close(c);
                return;
            }
            if (srv_conn_backlog(c) > BACKLOG_HIGH) {
                c->paused = true;
                if (c->reading) {
                    uv_read_stop(&c->io.s);
                    c->reading = false;
                }
            }
        }
    }
    if (c->closing)
        return;
    if (c->state != CS_CLOSING && srv_conn_flush(c)) {
        conn_do_close(c);
        return;
    }
    shrink(&c->fr.in);
    if (!c->paused && !c->reading && c->state != CS_CLOSING) {
        if (uv_read_start(&c->io.s, on_alloc, on_read) == 0)
            c->reading = true;
    }
}

/* ------------------------------------------------------------------ accept */

static void free_on_close(uv_handle_t *h)
{
    free(h->data);
}

/* "localhost" for loopback (MariaDB resolves it so), else the IP text. */
static void peer_host(srv_conn *c)
{
    struct sockaddr_storage ss;
    int len = sizeof ss;
    if (uv_tcp_getpeername(&c->io.tcp, (struct sockaddr *)&ss, &len) != 0) {
        snprintf(c->ip, sizeof c->ip, "unknown");
        snprintf(c->host, sizeof c->host, "unknown");
        return;
    }
    if (ss.ss_family == AF_INET6) {
        struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&ss;
        c->port = ntohs(a6->sin6_port);
        if (IN6_IS_ADDR_V4MAPPED(&a6->sin6_addr)) {
            struct in_addr a4;
            memcpy(&a4, &a6->sin6_addr.s6_addr[12], 4);
            inet_ntop(AF_INET, &a4, c->ip, sizeof c->ip);
        } else {
            inet_ntop(AF_INET6, &a6->sin6_addr, c->ip, sizeof c->ip);
        }
    } else {
        inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, c->ip, sizeof c->ip);
        c->port = ntohs(((struct sockaddr_in *)&ss)->sin_port);
    }
    if (!strcmp(c->ip, "127.0.0.1") || !strcmp(c->ip, "::1"))
        snprintf(c->host, sizeof c->host, "localhost");
    else
        snprintf(c->host, sizeof c->host, "%s", c->ip);
}

static void conn_accept(srv_loop *lp, uv_stream_t *server, bool is_unix, bool extra);

void srv_conn_accept(srv_loop *lp, uv_stream_t *server, bool is_unix)
{
    conn_accept(lp, server, is_unix, false);
}

void srv_conn_accept_extra(srv_loop *lp, uv_stream_t *server)
{
    conn_accept(lp, server, false, true);
}

static void conn_accept(srv_loop *lp, uv_stream_t *server, bool is_unix, bool extra)
{
    srv_conn *c = calloc(1, sizeof *c);
    if (!c) {
        srv_log(SRV_ERROR, 0, "out of memory accepting a connection");
        return;
    }
    c->lp = lp;
    c->spill_fd = -1;
    c->infile_fd = -1;
    int rc = is_unix ? uv_pipe_init(&lp->loop, &c->io.pipe, 0) : uv_tcp_init(&lp->loop, &c->io.tcp);
    if (rc) {
        free(c);
        return;
    }
    c->io.h.data = c;
    c->handles_open = 1;
    if (uv_accept(server, &c->io.s) != 0) {
        uv_close(&c->io.h, free_on_close);
        return;
    }
    uv_timer_init(&lp->loop, &c->timer);
    c->timer.data = c;
    c->handles_open = 2;
    c->is_unix = is_unix;
    c->id = atomic_fetch_add(&next_conn_id, 1);
    c->accept_ms = c->last_ms = c->pl_since_ms = srv_now_ms();
    if (is_unix) {
        snprintf(c->host, sizeof c->host, "localhost");
        c->ip[0] = '\0';
    } else {
        uv_tcp_nodelay(&c->io.tcp, 1);
        uv_tcp_keepalive(&c->io.tcp, 1, 7200);
        peer_host(c);
    }
    proto_framer_init(&c->fr, HANDSHAKE_MAX_PACKET);
    proto_buf_init(&c->out);
    proto_buf_init(&c->pend);
    proto_buf_init(&c->wbuf);

    c->next = lp->conns;
    if (lp->conns)
        lp->conns->prev = c;
    lp->conns = c;
    lp->nconns++;
    c->extra = extra;
    atomic_fetch_add(extra ? &srv_nconns_extra : &srv_nconns, 1);
    c->counted = true;
    atomic_fetch_add(&srv_connections, 1);
    uint32_t now = atomic_load(&srv_nconns) + atomic_load(&srv_nconns_extra);
    for (uint32_t m = atomic_load(&srv_max_used); now > m && !atomic_compare_exchange_weak(&srv_max_used, &m, now);) {
    }
    srv_registry_add(c);

    if (lp->stopping) {
        conn_do_close(c);
        return;
    }
    uv_timer_start(&c->timer, on_timer, (uint64_t)srv_cfg.connect_timeout * 1000u, 0);
    srv_auth_begin(c);
    if (c->closing || c->state == CS_CLOSING)
        return;
    if (uv_read_start(&c->io.s, on_alloc, on_read) == 0)
        c->reading = true;
    if (srv_conn_flush(c))
        conn_do_close(c);
}
