/* infile.c - LOAD DATA LOCAL INFILE: the client's file, asked for and stored.
 *
 * The engine stops before a LOAD DATA LOCAL (PDB_EXEC_INFILE) with the file's name in
 * s->infile_name and the statement and the rest of the query in s->resume. The
 * connection sends MariaDB's request (0xFB and the name), enters CS_INFILE and writes
 * every packet that comes back to an unlinked file in $TMPDIR until the empty packet
 * that ends it; the statement then runs on a worker with the file (s->infile_fd), and
 * the command ends as a moved query does (command.c query_done). A write that fails, or
 * a file past four times --max-memory, keeps reading to the empty packet, then answers
 * 1026 instead of running the load.
 */
#include "server/server.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool srv_infile_start(srv_conn *c)
{
    pdb_session *s = c->sess;
    const char *name = s->infile_name ? s->infile_name : "";
    size_t n = strlen(name);
    uint8_t *pkt = malloc(n + 1);
    int fd = srv_tmpfile("infile", NULL);
    if (!pkt || fd < 0) {
        free(pkt);
        if (fd >= 0)
            close(fd);
        free(s->resume);
        s->resume = NULL;
        s->resume_len = 0;
        srv_write_err(c, 1041, "HY000", "Out of memory.");
        return false;
    }
    pkt[0] = 0xfb;
    memcpy(pkt + 1, name, n);
    if (proto_write_packet(&c->out, &c->seq, pkt, n + 1))
        c->sink_failed = true;
    free(pkt);
    c->infile_fd = fd;
    c->infile_bytes = 0;
    c->infile_errno = 0;
    c->state = CS_INFILE;
    c->fr.check_seq = 1;
    c->fr.seq = c->seq;                 /* the file's packets follow the request */
    return true;
}

/* The file is in: the statement runs (on a worker: a load takes its time). */
static void infile_end(srv_conn *c)
{
    pdb_session *s = c->sess;
    c->state = CS_COMMAND;
    int fd = c->infile_fd;
    c->infile_fd = -1;
    if (c->infile_errno) {
        close(fd);
        free(s->resume);
        s->resume = NULL;
        s->resume_len = 0;
        srv_write_err(c, 1026, "HY000", "Error writing file '%s' (Errcode: %d \"%s\")",
                      s->infile_name ? s->infile_name : "", c->infile_errno, strerror(c->infile_errno));
        srv_exec_end(c);
        srv_cmd_after(c);
        return;
    }
    s->infile_fd = fd;
    srv_cmd_move_resume(c);
}

void srv_infile_packet(srv_conn *c, const uint8_t *p, size_t n)
{
    if (!n) {
        infile_end(c);
        return;
    }
    if (c->infile_errno)
        return;                         /* (read to the end, kept nowhere) */
    /* a file four times the memory data may take can never be loaded: not kept on disk */
    uint64_t cap = srv_cfg.max_memory ? srv_cfg.max_memory * 4 : UINT64_MAX;
    if (c->infile_bytes + n > cap) {
        c->infile_errno = EFBIG;
        return;
    }
    while (n) {
        ssize_t w = pwrite(c->infile_fd, p, n, (off_t)c->infile_bytes);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            c->infile_errno = w < 0 ? errno : ENOSPC;
            return;
        }
        p += w;
        n -= (size_t)w;
        c->infile_bytes += (uint64_t)w;
    }
}
