/* cursor.c - the rows of a read-only cursor (COM_STMT_EXECUTE with CURSOR_TYPE_READ_ONLY),
 * held until COM_STMT_FETCH sends them.
 *
 * As MariaDB's Materialized_cursor, the whole result is made at EXECUTE (later writes do
 * not change it) and FETCH reads it in pieces. The rows are kept as the binary-protocol
 * packets they will be sent as (sequence ids are rewritten at FETCH): in memory up to the
 * session's limit for an in-memory temporary table (min(tmp_table_size,
 * max_heap_table_size), as MariaDB's temporary table goes to disk past it), then in an
 * unlinked file in $TMPDIR, so a cursor over millions of rows holds about that limit of
 * memory. The file is closed with the cursor. */
#include "server/server.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CUR_RBUF (64 * 1024)   /* a read from the file (grows for a longer packet) */

struct srv_cursor {
    proto_buf w;            /* rows written, not yet in the file; all of them without one */
    size_t limit;           /* w's bytes before they go to the file */
    int fd;                 /* -1: no file */
    uint64_t flen;          /* bytes in the file */
    uint64_t nrows, sent;   /* rows held, rows fetched */
    /* reading: from w at wpos (no file), or from the file through r */
    size_t wpos;
    proto_buf r;
    size_t rpos;
    uint64_t foff;          /* file offset of r's end */
};

srv_cursor *srv_cursor_new(size_t limit)
{
    srv_cursor *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->fd = -1;
    k->limit = limit < 65536 ? 65536 : limit;
    return k;
}

void srv_cursor_free(srv_cursor *k)
{
    if (!k)
        return;
    if (k->fd >= 0)
        close(k->fd);
    proto_buf_free(&k->w);
    proto_buf_free(&k->r);
    free(k);
}

proto_buf *srv_cursor_buf(srv_cursor *k)
{
    return &k->w;
}

static int cur_open_file(srv_cursor *k)
{
    k->fd = srv_tmpfile("cursor", NULL);
    return k->fd < 0 ? -1 : 0;
}

static int cur_flush(srv_cursor *k)
{
    if (k->fd < 0 && cur_open_file(k))
        return -1;
    const uint8_t *p = k->w.data;
    size_t n = k->w.len;
    while (n) {
        ssize_t x = pwrite(k->fd, p, n, (off_t)k->flen);
        if (x < 0 && errno == EINTR)
            continue;
        if (x <= 0)
            return -1;
        p += x;
        n -= (size_t)x;
        k->flen += (uint64_t)x;
    }
    k->w.len = 0;
    return 0;
}

int srv_cursor_row_done(srv_cursor *k)
{
    k->nrows++;
    return k->w.len >= k->limit ? cur_flush(k) : 0;
}

int srv_cursor_finish(srv_cursor *k)
{
    if (k->fd >= 0 && k->w.len && cur_flush(k))
        return -1;
    if (k->fd >= 0) {
        proto_buf_free(&k->w);
        proto_buf_init(&k->w);
    }
    return 0;
}

/* At least need bytes of the file from rpos on in r (fewer at its end). */
static int cur_fill(srv_cursor *k, size_t need)
{
    if (k->r.len - k->rpos >= need)
        return 0;
    if (k->rpos) {
        memmove(k->r.data, k->r.data + k->rpos, k->r.len - k->rpos);
        k->r.len -= k->rpos;
        k->rpos = 0;
    }
    size_t want = need > CUR_RBUF ? need : CUR_RBUF;
    if (proto_buf_reserve(&k->r, want - k->r.len))
        return -1;
    while (k->r.len < want && k->foff < k->flen) {
        ssize_t x = pread(k->fd, k->r.data + k->r.len, want - k->r.len, (off_t)k->foff);
        if (x < 0 && errno == EINTR)
            continue;
        if (x <= 0)
            return -1;
        k->r.len += (size_t)x;
        k->foff += (uint64_t)x;
    }
    return 0;
}

/* The next physical packet (header and payload) held: 1, 0 at the end, -1 on a read error. */
static int cur_next(srv_cursor *k, const uint8_t **pkt, size_t *len)
{
    const uint8_t *b;
    size_t avail;
    if (k->fd < 0) {
        avail = k->w.len - k->wpos;
        if (avail == 0)
            return 0;
        b = k->w.data + k->wpos;
    } else {
        if (cur_fill(k, 4))
            return -1;
        b = k->r.data + k->rpos;
        avail = k->r.len - k->rpos;
    }
    if (avail == 0)
        return 0;
    if (avail < 4)
        return -1;
    size_t n = 4 + ((size_t)b[0] | (size_t)b[1] << 8 | (size_t)b[2] << 16);
    if (k->fd >= 0 && avail < n) {
        if (cur_fill(k, n))
            return -1;
        b = k->r.data + k->rpos;
        avail = k->r.len - k->rpos;
    }
    if (avail < n)
        return -1;
    *pkt = b;
    *len = n;
    if (k->fd < 0)
        k->wpos += n;
    else
        k->rpos += n;
    return 1;
}

int srv_cursor_fetch(srv_conn *c, srv_cursor *k, uint32_t want, bool *last)
{
    uint64_t n = 0;
    while (n < want && k->sent < k->nrows) {
        /* one row: packets of 0xffffff bytes continue it */
        for (;;) {
            const uint8_t *pkt;
            size_t len;
            if (cur_next(k, &pkt, &len) != 1)
                return -1;
            size_t at = c->out.len;
            if (proto_buf_put(&c->out, pkt, len))
                return -1;
            c->out.data[at + 3] = c->seq++;
            if (len - 4 < 0xffffff)
                break;
        }
        k->sent++;
        n++;
        if (c->out.len >= SRV_FLUSH_AT && srv_conn_flush(c))
            return -1;
    }
    *last = n < want;
    return 0;
}
