/* wal.c - transactions (redo + undo), the write-ahead log file and recovery.
 *
 * Log file datadir/pressdb.wal: a sequence of frames [u32 length][u32 crc32][payload],
 * then zeros: the file is extended ahead of the frames in zero-filled chunks (WAL_CHUNK)
 * and frames are written in place, because an fdatasync that need not change the file's
 * size or allocation costs a fraction of one that does (a durable commit's latency). A
 * zero length ends the log.
 * A frame is one committed transaction (its redo records) or one DDL statement.
 * Records name their table by database and table name and their row by row id, so a
 * replay puts every row back in the slot it had. A frame whose length runs past the
 * end of the file or whose checksum is wrong (or a header of zeros with bytes other than
 * zeros after it) is bad. When no frame with a valid checksum follows it anywhere, it is
 * a torn last write from a crash mid-commit, never acknowledged: recovery cuts it off
 * and says so. When one does follow, the log is damaged before its end: recovery stops
 * with an error naming the byte and the frame and leaves the file alone (--wal-recovery=1:
 * start with the frames before the damage, keeping the log aside).
 *
 * Redo records:  'I' table row values   'U' table row values   'D' table row
 *                'T' db sql (a DDL frame)   'X' domain server seq (the binary log's GTID)
 *                'R' first (RESET MASTER: the binary log's GTIDs before it are gone)
 *                'N' 0 (first of a frame that only carries a binary-log-only statement's 'X')
 *                'B' file pos len bytes (sync_binlog=1: the group's binary log events as
 *                    written at pos of file <base>.<file>; recovery puts back what a
 *                    power loss took from the file: binlog.c)
 *                'S' domain server seq (a replica applied this GTID: slavepos.c)
 *                'P' 0 (SET GLOBAL gtid_slave_pos: the 'S' state before it is gone)
 *                'O' table row first (the 'I' of row that follows is an UPDATE's new
 *                    version of the row first at row id first, a table without a
 *                    clustered key: its place in scan order, table.c origin_set)
 *                'i' row values, 'u' row values, 'd' row, 'o' row first: the same table as
 *                the record before it in the frame (a bulk insert's rows do not repeat the names)
 * values: per column a flag byte (0 null, 1 present) then i64 / f64 / u32 len + bytes.
 */
#include "storage/storage.h"
#include "storage/wal.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include <assert.h>
#include <inttypes.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <stdatomic.h>
#include <zlib.h>

typedef struct undo_rec {
    char kind;              /* 'I' inserted (undo: delete), 'U' updated, 'D' deleted;
                               versioned: 'i' inserted, 'd' marked deleted (storage.h);
                               'l' locked exclusively, 's' shared lock taken,
                               'g' a gap lock taken (row: its seq, mvcc.c) */
    stor_table *t;
    uint32_t row;
    pdb_value *old;         /* 'U': old image (strings copied into oldbuf) */
    char *oldbuf;
} undo_rec;

struct stor_txn {
    uint8_t *redo;          /* redo records (stor_vec_grow: a bulk load's are 100s of MB) */
    size_t redo_len, redo_cap;
    stor_table *redo_tbl;   /* the table of the last row record; NULL: name the next one */
    undo_rec *undo;
    size_t nundo, undo_cap;
    uint64_t id;            /* MVCC transaction id, 0 until it writes a version */
    size_t nversioned;      /* 'i' and 'd' records in undo */
    struct stor_txn *oprev, *onext;   /* in open_txns while it has undo records */
    bl_buf bl;              /* row images for the binary log (--log-bin) */
    const char *stmt;       /* the statement running now (stor_txn_statement) */
    size_t stmt_len;
    uint64_t stmt_no, bl_annotated;   /* which one; the one bl's last Annotate names */
    stor_gtid applied;      /* a replica's: the GTID this transaction applies (seq 0: none),
                               written as 'S' in its next frame (slavepos.c) */
    bool no_binlog;         /* a replica's applier (log_slave_updates=OFF): no binary log */
};

static __thread stor_txn *cur;
/* Transactions holding uncommitted changes: a snapshot must not be taken then. */
static _Atomic int dirty_txns;
bool stor_any_open_txn(void) { return atomic_load(&dirty_txns) > 0; }
/* The transactions that hold undo records (their tables must not go away under them). */
static stor_txn *open_txns;
static pthread_mutex_t open_mu = PTHREAD_MUTEX_INITIALIZER;

static void open_add(stor_txn *x)
{
    atomic_fetch_add(&dirty_txns, 1);
    pthread_mutex_lock(&open_mu);
    x->oprev = NULL;
    x->onext = open_txns;
    if (open_txns) open_txns->oprev = x;
    open_txns = x;
    pthread_mutex_unlock(&open_mu);
}

static void open_del(stor_txn *x)
{
    atomic_fetch_sub(&dirty_txns, 1);
    pthread_mutex_lock(&open_mu);
    if (x->oprev) x->oprev->onext = x->onext; else open_txns = x->onext;
    if (x->onext) x->onext->oprev = x->oprev;
    x->oprev = x->onext = NULL;
    pthread_mutex_unlock(&open_mu);
}

uint64_t stor_table_held(const stor_table *t)
{
    uint64_t id = 0;
    pthread_mutex_lock(&open_mu);
    for (stor_txn *x = open_txns; x && !id; x = x->onext) {
        if (x == cur || !x->id) continue;
        for (size_t i = 0; i < x->nundo; i++)
            if (x->undo[i].t == t) { id = x->id; break; }
    }
    pthread_mutex_unlock(&open_mu);
    return id;
}
static int wal_fd = -1;
static int flush_mode = 1;
static char datadir[4096];
static pthread_mutex_t wal_mu = PTHREAD_MUTEX_INITIALIZER;
static stor_ddl_replay_fn ddl_replay;

/* ---- crc32 (IEEE): zlib's, the same polynomial and values as the files always had;
   its braided loop runs about 2.7x the slicing-by-8 one this file had (checkpoints CRC
   every byte of the store) ---- */
uint32_t wal_crc32_update(uint32_t crc, const void *data, size_t n)
{
    return (uint32_t)crc32_z(crc, data, n);
}
static uint32_t wal_crc(const uint8_t *p, size_t n) { return wal_crc32_update(0, p, n); }

/* ---- transactions ---- */

stor_txn *stor_txn_new(void) { return stor_calloc(1, sizeof(stor_txn)); }

static void undo_free(undo_rec *u) { stor_free(u->old); stor_free(u->oldbuf); }

static void txn_end_id(stor_txn *x)
{
    if (!x->id) return;
    mvcc_end_id(x->id);
    x->id = 0;
    if (x == cur) stor_view_cur.txn = 0;
}

uint64_t stor_txn_id(void)
{
    if (!cur) return 0;
    if (!cur->id) cur->id = mvcc_new_id();
    stor_view_cur.txn = cur->id;
    return cur->id;
}

uint64_t stor_txn_get_id(const stor_txn *x) { return x ? x->id : 0; }

uint64_t stor_txn_ensure_id(stor_txn *x)
{
    if (x && !x->id) x->id = mvcc_new_id();
    return x ? x->id : 0;
}

void stor_txn_end_idle(stor_txn *x)
{
    if (x && !x->nundo && !x->redo_len) txn_end_id(x);
}

void stor_txn_free(stor_txn *x)
{
    if (!x) return;
    txn_end_id(x);
    for (size_t i = 0; i < x->nundo; i++) {
        if (x->undo[i].kind == 'g') mvcc_gap_drop(x->undo[i].row);   /* (never left to block others) */
        undo_free(&x->undo[i]);
    }
    if (x->nundo) open_del(x);
    stor_vec_free(x->undo, x->undo_cap * sizeof *x->undo);
    stor_vec_free(x->redo, x->redo_cap);
    binlog_buf_free(&x->bl);
    stor_free(x);
}

void stor_txn_attach(stor_txn *x) { cur = x; }
stor_txn *stor_txn_attached(void) { return cur; }

void stor_txn_finish(void) { if (cur) txn_end_id(cur); }

static void __attribute__((noinline)) redo_grow(size_t n)
{
    size_t nc = cur->redo_cap ? cur->redo_cap * 2 : 4096;
    while (nc < cur->redo_len + n) nc *= 2;
    uint8_t *q = stor_vec_grow(cur->redo, cur->redo_cap, nc);
    if (!q) { fprintf(stderr, "pressdb: out of memory for a transaction's redo\n"); abort(); }
    cur->redo = q;
    cur->redo_cap = nc;
}

/* (inline: a record is many small fields, each a store once the size is known) */
static inline void redo_put(const void *p, size_t n)
{
    if (__builtin_expect(cur->redo_len + n > cur->redo_cap, 0)) redo_grow(n);
    memcpy(cur->redo + cur->redo_len, p, n);
    cur->redo_len += n;
}
static void redo_u8(uint8_t v) { redo_put(&v, 1); }
static void redo_u32(uint32_t v) { redo_put(&v, 4); }
static void redo_str(const char *s) { uint32_t n = (uint32_t)strlen(s); redo_u32(n); redo_put(s, n); }

/* 'S' domain server seq: the GTID a replica applied in this frame */
static void redo_applied(const stor_gtid *g)
{
    redo_u8('S'); redo_put(&g->domain, 4); redo_put(&g->server, 4); redo_put(&g->seq, 8);
}

/* 'X' domain server seq: the GTID the binary log gave this frame's transaction */
static void redo_gtid(const stor_gtid *g)
{
    redo_u8('X'); redo_put(&g->domain, 4); redo_put(&g->server, 4); redo_put(&g->seq, 8);
}

static uint64_t copy_bytes;             /* 'B' bytes in the current log (under wal_mu) */

/* 'B': a copy of the group binlog.c just wrote (sync_binlog=1; else nothing). 0 or -1. */
static int redo_binlog_copy(void)
{
    uint32_t file;
    uint64_t at;
    size_t n = binlog_group_range(&file, &at);
    if (!n) return 0;
    if (n > UINT32_MAX) { errno = EFBIG; return -1; }
    redo_u8('B'); redo_u32(file); redo_put(&at, 8); redo_u32((uint32_t)n);
    if (cur->redo_len + n > cur->redo_cap) redo_grow(n);
    if (binlog_group_read(cur->redo + cur->redo_len, n, at) != 0) return -1;
    cur->redo_len += n;
    copy_bytes += 17 + n;   /* (under wal_mu, as the frame's write) */
    return 0;
}

static void redo_head(char kind, stor_table *t, uint32_t row)
{
    if (t == cur->redo_tbl) { redo_u8((uint8_t)(kind | 0x20)); redo_u32(row); return; }
    redo_u8((uint8_t)kind); redo_str(t->db); redo_str(t->name); redo_u32(row);
    cur->redo_tbl = t;
}

static void redo_values(stor_table *t, uint32_t row)
{
    for (uint32_t i = 0; i < t->ncols; i++) {
        stor_column *c = &t->cols[i];
        if (stor_is_null(c, row)) { redo_u8(0); continue; }
        redo_u8(1);
        if (c->kind == CK_I64) redo_put(&c->i64[row], 8);
        else if (c->kind == CK_F64) redo_put(&c->f64[row], 8);
        else { redo_u32(stor_slen(c, row)); redo_put(zv_plain(c, row), stor_slen(c, row)); }
    }
}

static undo_rec *undo_push(char kind, stor_table *t, uint32_t row)
{
    if (cur->nundo == 0) open_add(cur);
    if (cur->nundo == cur->undo_cap) {
        size_t nc = cur->undo_cap ? cur->undo_cap * 2 : 16;
        undo_rec *q = stor_vec_grow(cur->undo, cur->undo_cap * sizeof *q, nc * sizeof *q);
        if (!q) { fprintf(stderr, "pressdb: out of memory for a transaction's undo\n"); abort(); }
        cur->undo = q;
        cur->undo_cap = nc;
    }
    undo_rec *u = &cur->undo[cur->nundo++];
    memset(u, 0, sizeof *u);
    u->kind = kind; u->t = t; u->row = row;
    return u;
}

void stor_txn_statement(const char *sql, size_t len)
{
    if (!cur) return;
    cur->stmt = sql;
    cur->stmt_len = len;
    cur->stmt_no++;
}

/* A row for the binary log, after its statement's text when it is the statement's first. */
static void bl_row(char kind, stor_table *t, const pdb_value *before, uint32_t brow, uint32_t row)
{
    if (cur->no_binlog) return;
    if (cur->stmt && cur->stmt_no != cur->bl_annotated) {
        binlog_note_annotate(&cur->bl, cur->stmt, cur->stmt_len);
        cur->bl_annotated = cur->stmt_no;
    }
    binlog_note_row(&cur->bl, kind, t, before, brow, row);
}

/* Temporary tables (t->temporary) are never logged: undo only. */
void wal_note_insert(stor_table *t, uint32_t row)
{
    if (!cur) return;
    if (!t->temporary) { redo_head('I', t, row); redo_values(t, row); }
    if (binlog_enabled && !t->temporary) bl_row('W', t, NULL, 0, row);
    undo_push('I', t, row);
}

void wal_before_update(stor_table *t, uint32_t row)
{
    if (!cur) return;
    undo_rec *u = undo_push('U', t, row);
    u->old = stor_calloc(t->ncols, sizeof(pdb_value));
    size_t total = 0;
    /* the before image owns its bytes: the update frees the cells' own (strings, and the
       text of a DECIMAL wider than 18 digits) */
    for (uint32_t i = 0; i < t->ncols; i++) {
        stor_get(t, i, row, &u->old[i]);
        if (u->old[i].t == VT_STRING || (u->old[i].t == VT_DECIMAL && u->old[i].len)) total += u->old[i].len;
    }
    u->oldbuf = stor_malloc(total + 1);
    size_t off = 0;
    for (uint32_t i = 0; i < t->ncols; i++) {
        if (u->old[i].t != VT_STRING && !(u->old[i].t == VT_DECIMAL && u->old[i].len)) continue;
        if (u->old[i].len) memcpy(u->oldbuf + off, u->old[i].p, u->old[i].len);
        u->old[i].p = u->oldbuf + off;
        off += u->old[i].len;
    }
}

void wal_note_update(stor_table *t, uint32_t row)
{
    if (!cur || t->temporary) return;
    redo_head('U', t, row); redo_values(t, row);
    if (binlog_enabled) {
        const undo_rec *u = &cur->undo[cur->nundo - 1];   /* wal_before_update's */
        assert(u->kind == 'U' && u->t == t && u->row == row);
        bl_row('U', t, u->old, 0, row);
    }
}

void wal_note_delete(stor_table *t, uint32_t row)
{
    if (!cur) return;
    if (!t->temporary) redo_head('D', t, row);
    if (binlog_enabled && !t->temporary) bl_row('D', t, NULL, 0, row);
    undo_push('D', t, row);
}

static void vinsert(stor_table *t, uint32_t row, bool bl)
{
    if (!cur) return;
    if (!t->temporary) { redo_head('I', t, row); redo_values(t, row); }
    if (bl && binlog_enabled && !t->temporary) bl_row('W', t, NULL, 0, row);
    undo_push('i', t, row);
    cur->nversioned++;
}
void wal_note_vinsert(stor_table *t, uint32_t row) { vinsert(t, row, true); }

void wal_note_lock(stor_table *t, uint32_t row)
{
    if (!cur) return;
    undo_push('l', t, row);
    cur->nversioned++;
}

void wal_note_share(stor_table *t, uint32_t row)
{
    if (!cur) return;
    undo_push('s', t, row);
    cur->nversioned++;
}

void wal_note_gap(stor_table *t, uint32_t seq)
{
    if (!cur) return;
    undo_push('g', t, seq);
    cur->nversioned++;
}

/* A shared lock of x on the row ends (commit, rollback): the row's mark goes with the
 * last holder. */
static void share_end(stor_txn *x, stor_table *t, uint32_t row)
{
    mvcc_share_drop(t, row, x->id);
    if (t->ver[row].xmax == STOR_SHARE_MARK && !mvcc_share_any(t, row)) tbl_ver_set(t, row, t->ver[row].xmin, 0);
}

static void vdelete(stor_table *t, uint32_t row, bool bl)
{
    if (!cur) return;
    if (!t->temporary) redo_head('D', t, row);
    if (bl && binlog_enabled && !t->temporary) bl_row('D', t, NULL, 0, row);
    undo_push('d', t, row);
    cur->nversioned++;
}
void wal_note_vdelete(stor_table *t, uint32_t row) { vdelete(t, row, true); }

void wal_note_vupdate(stor_table *t, uint32_t row, uint32_t nr)
{
    if (!cur) return;
    vdelete(t, row, false);
    /* (a table without a clustered key: the new version's place in the scan order) */
    if (t->origin && t->origin[nr] != nr && !t->temporary) { redo_head('O', t, nr); redo_u32(t->origin[nr]); }
    vinsert(t, nr, false);
    if (binlog_enabled && !t->temporary) bl_row('U', t, NULL, row, nr);
}

stor_mark stor_txn_mark(void)
{
    stor_mark m = { 0, 0, 0 };
    if (cur) { m.undo = cur->nundo; m.redo = cur->redo_len; m.bl = cur->bl.len; }
    return m;
}

void stor_txn_undo_to(stor_mark m)
{
    stor_txn *x = cur;
    if (!x) return;
    cur = NULL;                 /* undo itself is not logged */
    bool was_dirty = x->nundo > 0;
    stor_view saved = stor_view_cur;
    stor_view_cur.versioned = false;   /* the undo of an in-place update stays in place */
    while (x->nundo > m.undo) {
        undo_rec *u = &x->undo[--x->nundo];
        switch (u->kind) {
        case 'I': tbl_kill_row(u->t, u->row); tbl_free_dead_strings(u->t, u->row); break;
        case 'D': tbl_undelete(u->t, u->row); break;
        case 'U': tbl_row_write(u->t, u->row, u->old); break;
        case 'i': tbl_kill_row(u->t, u->row); tbl_free_dead_strings(u->t, u->row); x->nversioned--; break;
        /* (a shared lock taken before the change or lock stays: its mark comes back) */
        case 'd': tbl_ver_set(u->t, u->row, u->t->ver[u->row].xmin, mvcc_idle_xmax(u->t, u->row)); x->nversioned--; break;
        case 'l':
            if (u->t->ver[u->row].xmax & STOR_LOCK_BIT)
                tbl_ver_set(u->t, u->row, u->t->ver[u->row].xmin, mvcc_idle_xmax(u->t, u->row));
            x->nversioned--;
            break;
        case 's': share_end(x, u->t, u->row); x->nversioned--; break;
        case 'g': mvcc_gap_drop(u->row); x->nversioned--; break;
        }
        undo_free(u);
    }
    stor_view_cur = saved;
    x->redo_len = m.redo;
    x->bl.len = m.bl;
    x->bl_annotated = 0;        /* (the statement's Annotate may be cut with it) */
    x->redo_tbl = NULL;          /* the record before m may name another table */
    if (was_dirty && x->nundo == 0) open_del(x);
    cur = x;
}

bool stor_txn_dirty(void) { return cur && cur->redo_len > 0; }

/* Group commit: a commit writes its frame under wal_mu (in the store's commit order)
 * and notes the log offset it needs durable; after the store lock is released,
 * stor_txn_sync() waits until that offset is synced. One fdatasync covers every frame
 * written before it, so concurrent committers share it. */
static uint64_t written_end;            /* bytes written to the log (under wal_mu) */
static uint64_t alloc_end;              /* file bytes: zeros from written_end to here */
static const uint8_t zeros[65536];
#define WAL_CHUNK (4u << 20)

/* Makes the file at least need bytes long, zero-filled and synced (under wal_mu, or
 * single-threaded at startup). 0 or -1 with errno. */
static int wal_extend(uint64_t need)
{
    if (need <= alloc_end) return 0;
    uint64_t target = alloc_end + WAL_CHUNK;
    while (target < need) target += WAL_CHUNK;
    for (uint64_t off = alloc_end; off < target;) {
        size_t n = target - off < sizeof zeros ? (size_t)(target - off) : sizeof zeros;
        ssize_t w = pwrite(wal_fd, zeros, n, (off_t)off);
        if (w < 0) {
            if (errno == EINTR) continue;
            int e = errno;
            if (ftruncate(wal_fd, (off_t)alloc_end) != 0) { /* keep the old size */ }
            errno = e;
            return -1;
        }
        off += (uint64_t)w;
    }
    if (fdatasync(wal_fd) != 0) return -1;
    alloc_end = target;
    return 0;
}
static uint64_t wal_gen;                /* generation of the current log file */
/* Log positions across generations (LSNs): lsn_base + offset in the current file; a new
 * generation starts past every position of the old one, all of which are durable then. */
static uint64_t lsn_base;               /* under wal_mu */
static _Atomic uint64_t synced_end;     /* LSN known durable (written under sync_mu) */
static pthread_mutex_t sync_mu = PTHREAD_MUTEX_INITIALIZER;
static __thread uint64_t my_commit_end; /* what this thread's last commit needs (LSN) */
static _Atomic bool sync_failed;
/* SHOW STATUS's InnoDB log figures (stor_wal_stats): frames and bytes written, syncs */
static _Atomic uint64_t st_writes, st_bytes, st_syncs;

/* One fdatasync covering everything written so far. Under sync_mu. */
static int sync_now(uint64_t need)
{
    static int delay_ms = -1;   /* PRESSDB_TEST_SYNC_DELAY_MS: a slow disk, for the tests */
    if (atomic_load(&synced_end) >= need) return 0;
    if (delay_ms < 0) { const char *e = getenv("PRESSDB_TEST_SYNC_DELAY_MS"); delay_ms = e ? atoi(e) : 0; }
    pthread_mutex_lock(&wal_mu);
    uint64_t upto = lsn_base + written_end;
    uint32_t bf;
    uint64_t bd = binlog_done(&bf);   /* (groups written so far: this sync covers them) */
    pthread_mutex_unlock(&wal_mu);
    if (delay_ms > 0) usleep((useconds_t)delay_ms * 1000);
    if (fdatasync(wal_fd) != 0) return -1;   /* (and the binary log: its 'B' copies) */
    binlog_synced(bf, bd);
    atomic_fetch_add_explicit(&st_syncs, 1, memory_order_relaxed);
    atomic_store(&synced_end, upto);
    return 0;
}

int stor_txn_sync(void)
{
    uint64_t need = my_commit_end;
    my_commit_end = 0;
    if (!need || flush_mode != 1) return 0;
    pthread_mutex_lock(&sync_mu);
    int rc = sync_now(need);
    pthread_mutex_unlock(&sync_mu);
    return rc;
}

uint64_t stor_txn_take_commit_end(void)
{
    uint64_t need = my_commit_end;
    my_commit_end = 0;
    return flush_mode == 1 ? need : 0;
}

uint64_t stor_synced_lsn(void) { return atomic_load(&synced_end); }
bool stor_sync_failed(void) { return atomic_load(&sync_failed); }

/* The log syncer: one thread doing fdatasync for whoever asked (stor_sync_request), so
 * event loops never wait for the disk; each fdatasync covers every commit written
 * before it (group commit), and the hook tells the loops which replies may go out. */
static pthread_mutex_t req_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t req_cv = PTHREAD_COND_INITIALIZER;
static uint64_t requested;              /* under req_mu */
static bool syncer_started;
static void (*sync_hook)(void);

static void *syncer(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&req_mu);
        while (requested <= atomic_load(&synced_end)) pthread_cond_wait(&req_cv, &req_mu);
        uint64_t need = requested;
        pthread_mutex_unlock(&req_mu);
        pthread_mutex_lock(&sync_mu);
        if (sync_now(need) != 0) {
            fprintf(stderr, "pressdb: [ERROR] fdatasync of the write-ahead log failed: %s\n", strerror(errno));
            atomic_store(&sync_failed, true);
            atomic_store(&synced_end, need);   /* release the waiters: they see the failure */
        }
        pthread_mutex_unlock(&sync_mu);
        if (sync_hook) sync_hook();
    }
    return NULL;
}

void stor_set_sync_hook(void (*fn)(void)) { sync_hook = fn; }

int stor_sync_try(uint64_t need)
{
    if (atomic_load(&sync_failed)) return -1;   /* (synced_end then only released the waiters) */
    if (atomic_load(&synced_end) >= need) return 0;
    if (pthread_mutex_trylock(&sync_mu) != 0) return 1;
    int rc = sync_now(need);
    pthread_mutex_unlock(&sync_mu);
    if (rc != 0) {
        fprintf(stderr, "pressdb: [ERROR] fdatasync of the write-ahead log failed: %s\n", strerror(errno));
        atomic_store(&sync_failed, true);
        return -1;
    }
    /* commits of other loops this covered: their requests may have found the syncer
       past its check, which then does not run for them */
    if (sync_hook) sync_hook();
    return 0;
}

void stor_sync_request(uint64_t need)
{
    pthread_mutex_lock(&req_mu);
    if (!syncer_started) {
        pthread_t th;
        pthread_attr_t at;
        pthread_attr_init(&at);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        syncer_started = pthread_create(&th, &at, syncer, NULL) == 0;
        pthread_attr_destroy(&at);
    }
    if (need > requested) requested = need;
    pthread_mutex_unlock(&req_mu);
    pthread_cond_signal(&req_cv);   /* (after the unlock: the woken syncer does not block on req_mu) */
    /* durable already (a new log generation made it so after the caller looked): the
       syncer will not run for it, so the waiters are told here */
    if (syncer_started && need <= atomic_load(&synced_end) && sync_hook) sync_hook();
    if (!syncer_started) {   /* no thread: sync here */
        pthread_mutex_lock(&sync_mu);
        if (sync_now(need) != 0) atomic_store(&sync_failed, true);
        pthread_mutex_unlock(&sync_mu);
    }
}

/* A frame: its length and checksum, then the redo bytes, written from where they are (a
 * statement's redo is megabytes for a dump's INSERT: no copy into a frame buffer). */
static int write_frame(const uint8_t *p, size_t n)
{
    uint32_t hdr[2] = { (uint32_t)n, wal_crc(p, n) };
    if (wal_fd < 0) { errno = EBADF; return -1; }
    size_t off = 0, total = n + 8;
    /* room for the frame and the zero length after it */
    int rc = wal_extend(written_end + n + 16);
    while (rc == 0 && off < total) {
        struct iovec iov[2];
        int k = 0;
        if (off < 8) { iov[k].iov_base = (uint8_t *)hdr + off; iov[k].iov_len = 8 - off; k++; }
        size_t po = off < 8 ? 0 : off - 8;
        if (po < n) { iov[k].iov_base = (void *)(p + po); iov[k].iov_len = n - po; k++; }
        ssize_t w = pwritev(wal_fd, iov, k, (off_t)(written_end + off));
        if (w < 0) { if (errno == EINTR) continue; rc = -1; break; }
        off += (size_t)w;
    }
    if (rc == 0) {
        written_end += total;
        atomic_fetch_add_explicit(&st_writes, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&st_bytes, total, memory_order_relaxed);
    }
    if (rc != 0 && off > 0) {
        /* zero what we wrote so the log stays a sequence of whole frames */
        int e = errno;
        for (size_t z = 0; z < off;) {
            size_t m = off - z < sizeof zeros ? off - z : sizeof zeros;
            if (pwrite(wal_fd, zeros, m, (off_t)(written_end + z)) <= 0) break;   /* recovery's checksum catches it */
            z += m;
        }
        errno = e;
    }
    return rc;
}

/* A group's log frame is written (under wal_mu): the binary log counts it, and sends it
 * now or once the log is synced (binlog_published); later is the commit's fdatasync when
 * durable commits wait for one. A full file with groups held back syncs the log here
 * (once per max_binlog_size) and rotates. */
static void binlog_frame_written(bool later)
{
    if (binlog_published(later) && fdatasync(wal_fd) == 0) binlog_rotate_synced();
}

int stor_txn_commit(void)
{
    stor_txn *x = cur;
    if (!x) return 0;
    int rc = 0;
    if (x->redo_len) {
        pthread_mutex_lock(&wal_mu);
        stor_gtid g = { 0, 0, 0 };
        if (x->bl.len) {   /* the binary log first; the frame carries its GTID */
            rc = binlog_commit(&x->bl, &g);
            if (rc == 0 && g.seq) { redo_gtid(&g); rc = redo_binlog_copy(); }
        }
        stor_gtid a = x->applied;
        if (rc == 0 && a.seq) redo_applied(&a);
        if (rc == 0) rc = write_frame(x->redo, x->redo_len);
        if (g.seq) { if (rc == 0) binlog_frame_written(flush_mode == 1); else binlog_unwind(); }
        if (rc == 0) my_commit_end = lsn_base + written_end;
        if (rc == 0 && a.seq) { slavepos_note(&a); x->applied.seq = 0; }
        pthread_mutex_unlock(&wal_mu);
        if (rc != 0) {
            int e = errno;
            stor_mark m = { 0, 0, 0 };
            stor_txn_undo_to(m);
            errno = e;
        }
    }
    if (x->nversioned) {
        /* the versions become committed at one timestamp, published after all are set */
        uint64_t ts = mvcc_next_ts();
        for (size_t i = 0; i < x->nundo; i++) {
            undo_rec *u = &x->undo[i];
            stor_table *t = u->t;
            if (u->kind == 'i') {
                tbl_ver_set(t, u->row, ts, t->ver[u->row].xmax);
                mvcc_pending_add(t, u->row, 'x', ts);
            } else if (u->kind == 'd') {
                tbl_ver_set(t, u->row, t->ver[u->row].xmin, ts);
                mvcc_pending_add(t, u->row, 'd', ts);
            } else if (u->kind == 'l' && (t->ver[u->row].xmax & STOR_LOCK_BIT) &&
                       !(t->ver[u->row].xmax & STOR_SHARE_BIT)) {
                tbl_ver_set(t, u->row, t->ver[u->row].xmin, 0);   /* the lock ends */
            } else if (u->kind == 's') {
                share_end(x, t, u->row);
            } else if (u->kind == 'g') {
                mvcc_gap_drop(u->row);
            }
        }
        mvcc_publish_ts(ts);
        x->nversioned = 0;
    }
    for (size_t i = 0; i < x->nundo; i++) {
        /* rows this transaction deleted in place are gone for good: free their text */
        if (x->undo[i].kind == 'D') tbl_free_dead_strings(x->undo[i].t, x->undo[i].row);
        undo_free(&x->undo[i]);
    }
    if (x->nundo) open_del(x);
    x->nundo = 0;
    x->redo_len = 0;
    x->bl.len = 0;
    x->redo_tbl = NULL;
    txn_end_id(x);
    return rc;
}

void stor_txn_rollback(void)
{
    stor_mark m = { 0, 0, 0 };
    stor_txn_undo_to(m);
    if (cur) txn_end_id(cur);
}

void stor_set_flush_mode(int mode) { flush_mode = mode; }

int stor_log_ddl(const char *db, const char *sql, size_t len) { return stor_log_ddl_env(db, sql, len, NULL); }

int stor_log_ddl_env(const char *db, const char *sql, size_t len, const stor_ddl_env *env)
{
    stor_txn tmp = { 0 };
    stor_txn *saved = cur;
    cur = &tmp;
    redo_u8('T'); redo_str(db ? db : ""); redo_u32((uint32_t)len); redo_put(sql, len);
    stor_gtid a = { 0, 0, 0 };
    if (saved && saved->applied.seq) { a = saved->applied; redo_applied(&a); }
    pthread_mutex_lock(&wal_mu);
    stor_gtid g = { 0, 0, 0 };
    int rc = (saved && saved->no_binlog) || (env && env->no_binlog) ? 0 : binlog_ddl(db, sql, len, env, &g);
    if (rc == 0 && g.seq) { redo_gtid(&g); rc = redo_binlog_copy(); }
    cur = saved;
    if (rc == 0) rc = write_frame(tmp.redo, tmp.redo_len);
    if (g.seq) { if (rc == 0) binlog_frame_written(true); else binlog_unwind(); }
    uint32_t bf = 0;
    uint64_t bd = g.seq && rc == 0 ? binlog_done(&bf) : 0;
    if (rc == 0 && a.seq) { slavepos_note(&a); saved->applied.seq = 0; }
    pthread_mutex_unlock(&wal_mu);
    stor_vec_free(tmp.redo, tmp.redo_cap);
    if (rc == 0 && fdatasync(wal_fd) != 0) rc = -1;   /* DDL is always made durable at once */
    if (rc == 0 && bd) binlog_synced(bf, bd);
    if (rc == 0) atomic_fetch_add_explicit(&st_syncs, 1, memory_order_relaxed);
    return rc;
}

void stor_set_ddl_replay(stor_ddl_replay_fn fn) { ddl_replay = fn; }

/* The binary log's file operations, in commit order with the writes (binlog.c). */
int stor_binlog_purge(const char *to, int64_t before)
{
    pthread_mutex_lock(&wal_mu);
    int rc = binlog_purge(to, before);
    pthread_mutex_unlock(&wal_mu);
    return rc;
}

/* At --log-bin's start (after the cut): a frame 'N' + the state's 'X' records, so a
 * crash from here on is judged against a known state (binlog.c scan_file). */
int wal_log_binlog_state(void)
{
    stor_txn tmp = { 0 };
    stor_txn *saved = cur;
    uint8_t st[17 * 16];
    pthread_mutex_lock(&wal_mu);
    size_t n = binlog_state_records(st, sizeof st);
    cur = &tmp;
    redo_u8('N'); redo_u32(0);
    if (n) redo_put(st, n);
    cur = saved;
    int rc = write_frame(tmp.redo, tmp.redo_len);
    pthread_mutex_unlock(&wal_mu);
    stor_vec_free(tmp.redo, tmp.redo_cap);
    if (rc == 0 && fdatasync(wal_fd) != 0) rc = -1;
    return rc;
}

/* A statement the binary log holds and the log need not (CREATE USER, GRANT: the
 * accounts file keeps them): its Query event, and a log frame ('N' then its 'X') so
 * recovery keeps the event. 0 or -1. */
int stor_binlog_statement(const char *db, const char *sql, size_t len, const stor_ddl_env *env)
{
    stor_txn tmp = { 0 };
    stor_txn *saved = cur;
    pthread_mutex_lock(&wal_mu);
    stor_gtid g = { 0, 0, 0 };
    int rc = cur && cur->no_binlog ? 0 : binlog_ddl(db, sql, len, env, &g);
    if (rc == 0 && g.seq) {
        cur = &tmp;
        redo_u8('N'); redo_u32(0);
        redo_gtid(&g);
        rc = redo_binlog_copy();
        cur = saved;
        if (rc == 0) rc = write_frame(tmp.redo, tmp.redo_len);
        if (rc == 0) binlog_frame_written(true); else binlog_unwind();
    }
    uint32_t bf = 0;
    uint64_t bd = g.seq && rc == 0 ? binlog_done(&bf) : 0;
    pthread_mutex_unlock(&wal_mu);
    stor_vec_free(tmp.redo, tmp.redo_cap);
    if (rc == 0 && g.seq && fdatasync(wal_fd) != 0) rc = -1;
    if (rc == 0 && bd) binlog_synced(bf, bd);
    return rc;
}

void stor_txn_set_applied(stor_txn *x, const stor_gtid *g)
{
    if (g) x->applied = *g; else x->applied.seq = 0;
}

void stor_txn_set_no_binlog(stor_txn *x, bool on) { x->no_binlog = on; }

/* A frame of 'S' records alone (P: after a 'P'): a replicated group that changed no row
 * (its commit wrote no frame), or SET GLOBAL gtid_slave_pos. */
static int write_applied(const stor_gtid *g, int n, bool replace)
{
    stor_txn tmp = { 0 };
    stor_txn *saved = cur;
    cur = &tmp;
    if (replace) { redo_u8('P'); redo_u32(0); }
    for (int i = 0; i < n; i++) redo_applied(&g[i]);
    cur = saved;
    pthread_mutex_lock(&wal_mu);
    int rc = tmp.redo_len ? write_frame(tmp.redo, tmp.redo_len) : 0;
    if (rc == 0) {
        if (replace) slavepos_clear();
        for (int i = 0; i < n; i++) slavepos_note(&g[i]);
    }
    pthread_mutex_unlock(&wal_mu);
    stor_vec_free(tmp.redo, tmp.redo_cap);
    if (rc == 0 && tmp.redo_len && flush_mode == 1 && fdatasync(wal_fd) != 0) rc = -1;
    return rc;
}

int stor_txn_flush_applied(stor_txn *x)
{
    if (!x->applied.seq) return 0;
    stor_gtid a = x->applied;
    x->applied.seq = 0;
    return write_applied(&a, 1, false);
}

int stor_slave_pos_set(const stor_gtid *g, int n) { return write_applied(g, n, true); }

/* RESET MASTER: the binary log starts again at file `first` with no GTIDs; a log frame
 * ('R') says so, so a restart does not bring the old GTIDs back from the log. */
int stor_binlog_reset(uint32_t first)
{
    pthread_mutex_lock(&wal_mu);
    int rc = binlog_reset(first);
    if (rc == 0) {
        uint8_t rec[5] = { 'R' };
        memcpy(rec + 1, &first, 4);
        rc = write_frame(rec, sizeof rec);
    }
    pthread_mutex_unlock(&wal_mu);
    if (rc == 0 && fdatasync(wal_fd) != 0) rc = -1;
    return rc;
}

/* A dump is at the end of what it may send while groups wait for the log's sync (with
 * sync_binlog=1): a sync is asked for, so they go out even when no commit's own wait
 * comes to do it. */
void stor_binlog_release_held(void)
{
    uint64_t at, sendable;
    if (stor_binlog_current(&at) != stor_binlog_sendable(&sendable) || sendable >= at) return;
    pthread_mutex_lock(&wal_mu);
    uint64_t need = lsn_base + written_end;
    pthread_mutex_unlock(&wal_mu);
    stor_sync_request(need);
}

void stor_binlog_flush(void)
{
    pthread_mutex_lock(&wal_mu);
    if (binlog_enabled && fdatasync(wal_fd) == 0) binlog_publish_all();   /* (every group may go first) */
    binlog_flush();
    pthread_mutex_unlock(&wal_mu);
}

/* ---- open and recovery ---- */

static void fork_handlers(void)
{
    mem_atfork();
    table_atfork();
    compress_atfork();
}

int stor_open(const char *dir, char *err, size_t errlen)
{
    static pthread_once_t forks = PTHREAD_ONCE_INIT;
    pthread_once(&forks, fork_handlers);
    snprintf(datadir, sizeof datadir, "%s", dir);
    if (mkdir(dir, 0750) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot create datadir '%s': %s", dir, strerror(errno));
        return -1;
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/pressdb.wal", dir);
    wal_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0640);
    if (wal_fd < 0) {
        snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

const char *stor_datadir(void) { return datadir; }

void stor_close(void)
{
    stor_compress_stop();
    stor_evict_stop();
    if (wal_fd >= 0) { fdatasync(wal_fd); close(wal_fd); wal_fd = -1; }
    stor_binlog_drop_copies();
    stor_catalog_free();
}

typedef struct rd { const uint8_t *p, *end; int bad; } rd;
static int rd_take(rd *r, void *out, size_t n)
{
    if ((size_t)(r->end - r->p) < n) { r->bad = 1; return -1; }
    memcpy(out, r->p, n); r->p += n; return 0;
}
static uint32_t rd_u32(rd *r) { uint32_t v = 0; rd_take(r, &v, 4); return v; }
static char *rd_str(rd *r, char *buf, size_t cap)
{
    uint32_t n = rd_u32(r);
    if (r->bad || n >= cap || (size_t)(r->end - r->p) < n) { r->bad = 1; buf[0] = 0; return buf; }
    memcpy(buf, r->p, n); buf[n] = 0; r->p += n;
    return buf;
}

/* Replays one frame's records, or with apply false only reads them through. 0; -1 with
 * err when it cannot be replayed (a malformed record, a missing table, DDL that fails);
 * -2 when a record names a row id its table could not hold (tbl_row_ids_fit): damage,
 * found before any record of the frame is applied (replay_frames reads each frame
 * through first). */
static int replay_frame(const uint8_t *p, size_t n, bool apply, char *err, size_t errlen)
{
    rd r = { p, p + n, 0 };
    char db[256], name[256];
    stor_table *last = NULL;     /* the table of the last row record ('i', 'u', 'd') */
    while (r.p < r.end && !r.bad) {
        uint8_t kind = 0;
        rd_take(&r, &kind, 1);
        if (kind == 'G') { uint64_t g; rd_take(&r, &g, 8); continue; }
        if (kind == 'N') {   /* the binary log's state is known from here (its 'X' follow) */
            (void)rd_u32(&r);
            if (!r.bad && apply) binlog_wal_known();
            continue;
        }
        if (kind == 'R') {   /* RESET MASTER: the binary log's GTIDs before it are gone */
            uint32_t first = rd_u32(&r);
            (void)first;
            if (!r.bad && apply) binlog_wal_reset();
            continue;
        }
        if (kind == 'S') {
            stor_gtid g;
            rd_take(&r, &g.domain, 4); rd_take(&r, &g.server, 4); rd_take(&r, &g.seq, 8);
            if (!r.bad && apply) slavepos_note(&g);
            continue;
        }
        if (kind == 'P') {   /* SET GLOBAL gtid_slave_pos: a new state follows */
            (void)rd_u32(&r);
            if (!r.bad && apply) slavepos_clear();
            continue;
        }
        if (kind == 'B') {
            uint32_t file = rd_u32(&r);
            uint64_t at = 0;
            rd_take(&r, &at, 8);
            uint32_t len = rd_u32(&r);
            if (r.bad || (size_t)(r.end - r.p) < len) { r.bad = 1; break; }
            if (apply) binlog_wal_bytes(file, at, r.p, len);
            r.p += len;
            continue;
        }
        if (kind == 'X') {
            stor_gtid g;
            rd_take(&r, &g.domain, 4); rd_take(&r, &g.server, 4); rd_take(&r, &g.seq, 8);
            if (!r.bad && apply) binlog_wal_gtid(&g);
            continue;
        }
        if (kind == 'T') {
            last = NULL;
            rd_str(&r, db, sizeof db);
            uint32_t len = rd_u32(&r);
            if (r.bad || (size_t)(r.end - r.p) < len) { r.bad = 1; break; }
            if (apply && ddl_replay && ddl_replay(db, (const char *)r.p, len) != 0) {
                snprintf(err, errlen, "replaying DDL failed: %.*s", (int)(len > 200 ? 200 : len), r.p);
                return -1;
            }
            r.p += len;
            continue;
        }
        stor_table *t = last;
        if (kind == 'i' || kind == 'u' || kind == 'd' || kind == 'o') {
            if (!t) { r.bad = 1; break; }
            kind &= (uint8_t)~0x20;
        } else {
            rd_str(&r, db, sizeof db); rd_str(&r, name, sizeof name);
            if (r.bad) break;
            t = last = stor_table_find(db, name);
        }
        uint32_t row = rd_u32(&r);
        if (r.bad) break;
        if (!t) {
            if (!apply) return 0;   /* the frame's own DDL may create it: read when applied */
            snprintf(err, errlen, "log names a missing table %s.%s", db, name);
            return -1;
        }
        if (kind == 'D') {
            if (apply && row < t->nrows && !stor_is_dead(t, row)) { stor_row_delete(t, row); tbl_free_dead_strings(t, row); }
            continue;
        }
        if (!tbl_row_ids_fit(t, (uint64_t)row + 1)) {
            snprintf(err, errlen, "row id %u of %s.%s is past what the table can hold", row, db, name);
            return -2;
        }
        if (kind == 'O') {
            uint32_t first = rd_u32(&r);
            if (!r.bad && first > row) r.bad = 1;
            if (!r.bad && apply) tbl_set_origin(t, row, first);
            continue;
        }
        pdb_value vals[t->ncols];
        for (uint32_t i = 0; i < t->ncols; i++) {
            stor_column *c = &t->cols[i];
            uint8_t f = 0;
            rd_take(&r, &f, 1);
            memset(&vals[i], 0, sizeof vals[i]);
            if (!f) { vals[i].t = VT_NULL; continue; }
            if (c->kind == CK_I64) { vals[i].t = VT_INT; rd_take(&r, &vals[i].i, 8); }
            else if (c->kind == CK_F64) { vals[i].t = VT_DOUBLE; rd_take(&r, &vals[i].d, 8); }
            else {
                uint32_t len = rd_u32(&r);
                if (r.bad || (size_t)(r.end - r.p) < len) { r.bad = 1; break; }
                vals[i].t = VT_STRING; vals[i].p = (const char *)r.p; vals[i].len = len;
                r.p += len;
            }
            if (apply && c->auto_increment && c->kind == CK_I64 && vals[i].i >= 0 &&
                (uint64_t)vals[i].i >= t->auto_inc)
                t->auto_inc = (uint64_t)vals[i].i + 1;
        }
        if (r.bad) break;
        if (kind != 'I' && kind != 'U') { r.bad = 1; break; }
        if (apply) tbl_put_at(t, row, vals);
    }
    if (r.bad) { snprintf(err, errlen, "malformed record inside a checksummed frame"); return -1; }
    return 0;
}

/* Replaces the log with an empty one of generation gen (temporary file, fsync,
 * rename, fsync of the directory). Called with the store lock held exclusively. */
static void wal_prev_path(char *buf, size_t cap) { snprintf(buf, cap, "%s/pressdb.wal.prev", datadir); }

/* keep_old: the log so far stays, durable, as pressdb.wal.prev (a hard link made before
 * the new file takes the name, so pressdb.wal always exists) until a snapshot holds it. */
static int wal_start_generation(uint64_t gen, bool keep_old, char *err, size_t errlen)
{
    char tmp[4200], path[4200], prev[4200];
    snprintf(tmp, sizeof tmp, "%s/pressdb.wal.tmp", datadir);
    snprintf(path, sizeof path, "%s/pressdb.wal", datadir);
    wal_prev_path(prev, sizeof prev);
    /* (both mutexes from here: a binary-log-only frame (accounts, RESET MASTER) cannot
       go to the old file between the state taken below and the swap) */
    pthread_mutex_lock(&sync_mu);
    pthread_mutex_lock(&wal_mu);
    if (keep_old && (fdatasync(wal_fd) != 0 || link(path, prev) != 0)) {
        snprintf(err, errlen, "cannot keep the log as '%s': %s", prev, strerror(errno));
        pthread_mutex_unlock(&wal_mu); pthread_mutex_unlock(&sync_mu);
        return -1;
    }
    int fd = open(tmp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
    if (fd < 0) {
        snprintf(err, errlen, "cannot create '%s': %s", tmp, strerror(errno));
        pthread_mutex_unlock(&wal_mu); pthread_mutex_unlock(&sync_mu);
        return -1;
    }
    /* 'G' gen, then with the binary log on 'N' (its state is known from here) and its
       GTID state as 'X' records (recovery's last GTIDs when no commit follows) */
    uint8_t payload[14 + 17 * 16 + 17 * 64];
    payload[0] = 'G';
    memcpy(payload + 1, &gen, 8);
    size_t plen = 9;
    if (binlog_enabled) {
        uint32_t zero = 0;
        payload[plen] = 'N';
        memcpy(payload + plen + 1, &zero, 4);
        plen += 5;
        plen += binlog_state_records(payload + plen, sizeof payload - plen);
    }
    plen += slavepos_records(payload + plen, sizeof payload - plen);   /* a replica's position */
    uint32_t hdr[2] = { (uint32_t)plen, wal_crc(payload, plen) };
    if (write(fd, hdr, 8) != 8 || write(fd, payload, plen) != (ssize_t)plen || fdatasync(fd) != 0 ||
        rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot write '%s': %s", tmp, strerror(errno));
        close(fd); unlink(tmp);
        pthread_mutex_unlock(&wal_mu); pthread_mutex_unlock(&sync_mu);
        return -1;
    }
    int dfd = open(datadir, O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) { fsync(dfd); close(dfd); }
    if (wal_fd >= 0) close(wal_fd);
    wal_fd = fd;
    wal_gen = gen;
    lsn_base += written_end;
    written_end = alloc_end = 8 + plen;
    copy_bytes = 0;
    atomic_store(&synced_end, lsn_base + written_end);   /* the snapshot holds all before */
    binlog_publish_all();   /* (so every group written may go to replicas) */
    pthread_mutex_unlock(&sync_mu);
    if (sync_hook) sync_hook();   /* replies held for commits now durable may go */
    if (wal_extend(WAL_CHUNK) != 0)   /* not fatal: the first commit tries again */
        fprintf(stderr, "pressdb: [Warning] cannot extend the write-ahead log: %s\n", strerror(errno));
    pthread_mutex_unlock(&wal_mu);
    return 0;
}

/* The log's size as a checkpoint weighs it: 'B' copies of binary log events are left out
 * (a replay only keeps them), so --sync-binlog does not checkpoint twice as often. */
uint64_t stor_wal_size(void) { return written_end > copy_bytes ? written_end - copy_bytes : 0; }

/* The set-aside log goes once a snapshot holds it (the removal made durable). */
static void wal_prev_drop(void)
{
    char prev[4200];
    wal_prev_path(prev, sizeof prev);
    if (unlink(prev) != 0) return;
    int dfd = open(datadir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) { fsync(dfd); close(dfd); }
}

int stor_checkpoint(char *err, size_t errlen)
{
    /* everything committed is in memory and in the log; the snapshot takes over. The
       log's 'B' copies of binary log events go with it, so that file is made durable
       first: once the snapshot is written, a restart may skip this log's frames. */
    pthread_mutex_lock(&wal_mu);   /* (the file a rotation may swap) */
    int brc = binlog_sync_file();
    pthread_mutex_unlock(&wal_mu);
    if (brc != 0) {
        snprintf(err, errlen, "cannot sync the binary log: %s", strerror(errno));
        return -1;
    }
    evict_ck *ck = evict_ck_list();
    int rc = stor_snapshot_write(wal_gen, err, errlen);
    if (rc == 0) evict_ck_adopt(ck);   /* (its sections: the tables' clean copies) */
    evict_ck_free(ck);
    if (rc != 0) return -1;
    if (wal_start_generation(wal_gen + 1, false, err, errlen) != 0) return -1;
    wal_prev_drop();   /* (a set-aside log a failed checkpoint process left: held now) */
    return 0;
}

/* The forked checkpoint's tables as the child sees them (evict_ck_adopt at its end). */
static evict_ck *ck_forked;

/* The child of a checkpoint: nothing of the server's but its memory as it was at the
 * fork (other threads' locks may be held: it takes none of theirs, and writes its
 * messages with write(2), not stdio). */
static void __attribute__((noreturn)) checkpoint_child(pid_t parent, uint64_t gen)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlives the server (nor writes after it) */
    if (getppid() != parent) _exit(3);
    int oom = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);   /* short of memory: this goes first */
    if (oom >= 0) { if (write(oom, "1000", 4) < 0) { /* (the server's score stays) */ } close(oom); }
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3, ~0U, 0) != 0)
#endif
    {   /* (clients see a close when the server closes them, not when this process ends) */
        long max = sysconf(_SC_OPEN_MAX);
        for (long fd = 3; fd < (max > 0 && max < 1048576 ? max : 65536); fd++) close((int)fd);
    }
    char err[300];
    if (stor_snapshot_write(gen, err, sizeof err) == 0) _exit(0);
    char msg[400];
    int n = snprintf(msg, sizeof msg, "pressdb: [Warning] checkpoint process: %s\n", err);
    if (write(2, msg, (size_t)(n < (int)sizeof msg ? n : (int)sizeof msg - 1)) < 0) _exit(2);
    _exit(1);
}

/* AddressSanitizer's allocator (clang 14's) is not locked across fork(): a child made
 * while another thread allocates can wait forever on its lock. Such a build writes
 * checkpoints the blocking way (jemalloc and glibc's malloc lock theirs). */
#if defined(__SANITIZE_ADDRESS__)
#define WAL_FORK_OK 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WAL_FORK_OK 0
#endif
#endif
#ifndef WAL_FORK_OK
#define WAL_FORK_OK 1
#endif

bool stor_checkpoint_forks(void) { return WAL_FORK_OK; }

int stor_checkpoint_begin(pid_t *pid, char *err, size_t errlen)
{
    *pid = 0;
    if (!WAL_FORK_OK || stor_checkpoint_prev_pending()) return stor_checkpoint(err, errlen);
    pthread_mutex_lock(&wal_mu);
    int brc = binlog_sync_file();
    pthread_mutex_unlock(&wal_mu);
    if (brc != 0) {
        snprintf(err, errlen, "cannot sync the binary log: %s", strerror(errno));
        return -1;
    }
    uint64_t gen = wal_gen;
    if (wal_start_generation(gen + 1, true, err, errlen) != 0) return -1;
    evict_ck_free(ck_forked);
    ck_forked = evict_ck_list();
    pid_t parent = getpid(), p = fork();
    if (p == 0) checkpoint_child(parent, gen);
    if (p > 0) {
        *pid = p;
        return 0;
    }
    /* no process (memory, limits): written here, as a blocking checkpoint */
    int rc = stor_snapshot_write(gen, err, errlen);
    if (rc == 0) evict_ck_adopt(ck_forked);
    evict_ck_free(ck_forked);
    ck_forked = NULL;
    if (rc != 0) return -1;
    wal_prev_drop();
    return 0;
}

/* A checkpoint process whose snapshot file has not grown for this long is taken for
 * stuck (a lock held at the fork that its copy of the memory never sees released) and
 * killed: the set-aside log stays, and the next checkpoint is the blocking kind. */
#define CKPT_STALL_S 300

int stor_checkpoint_end(pid_t pid, char *err, size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s/pressdb.snap.tmp", datadir);
    int st = 0;
    off_t last = -1;
    int still = 0;   /* tenths of a second the file stayed the same size */
    for (;;) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid) break;
        if (r < 0 && errno != EINTR) {
            snprintf(err, errlen, "cannot wait for the checkpoint process: %s", strerror(errno));
            return -1;
        }
        struct stat sb;
        off_t size = stat(tmp, &sb) == 0 ? sb.st_size : -1;
        still = size == last ? still + 1 : 0;
        last = size;
        if (still > CKPT_STALL_S * 10) {
            kill(pid, SIGKILL);
            while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
            snprintf(err, errlen, "the checkpoint process wrote nothing for %d s and was stopped "
                     "(the log it was to replace is kept)", CKPT_STALL_S);
            return -1;
        }
        usleep(100000);
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        snprintf(err, errlen, "the checkpoint process %s %d (the log it was to replace is kept)",
                 WIFEXITED(st) ? "exited with" : "was killed by signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
        return -1;
    }
    stor_datadir_snapshot_written();   /* (the child's note of it stayed in the child) */
    stor_lock_exclusive();   /* (its sections: the clean copies of the tables unchanged since) */
    evict_ck_adopt(ck_forked);
    stor_unlock();
    wal_prev_drop();
    evict_ck_free(ck_forked);
    ck_forked = NULL;
    return 0;
}

bool stor_checkpoint_prev_pending(void)
{
    char prev[4200];
    wal_prev_path(prev, sizeof prev);
    return access(prev, F_OK) == 0;
}

/* ---- reading a log: valid frames, a torn tail, or damage ---- */

static uint32_t get_u32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

/* A frame at q whose checksum holds: a commit or DDL record first (a generation frame
 * is only ever the first), so the scan for one after a bad frame rarely checksums. */
static bool frame_valid_at(const uint8_t *p, size_t n, size_t q)
{
    if (n - q < 8 + 5) return false;
    uint32_t len = get_u32(p + q);
    if (len < 5 || len > n - q - 8) return false;
    uint8_t kind = p[q + 8];
    if (kind != 'I' && kind != 'U' && kind != 'D' && kind != 'T' && kind != 'R' && kind != 'N' &&
        kind != 'S' && kind != 'P') return false;
    if (kind != 'R' && kind != 'S' && get_u32(p + q + 9) > 255) return false;    /* the database name's length */
    return wal_crc(p + q + 8, len) == get_u32(p + q + 4);
}

/* The first offset from `from` on where a valid frame starts, or 0 (none). A frame's
 * length is not zero, so a run of zeros (the preallocated space) is skipped whole. */
static size_t find_valid_frame(const uint8_t *p, size_t n, size_t from)
{
    for (size_t q = from; q + 8 < n; q++) {
        if (!p[q] && !p[q + 1] && !p[q + 2] && !p[q + 3]) {
            size_t z = q + 4;
            while (z < n && !p[z]) z++;
            if (z >= n) return 0;
            q = z - 4;           /* the next q tried is z - 3: len's top byte at z */
            continue;
        }
        if (frame_valid_at(p, n, q)) return q;
    }
    return 0;
}

static bool all_zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) if (p[i]) return false;
    return true;
}

/* A bad frame at off: damage when a valid frame follows anywhere after it (a frame
 * boundary lost in a damaged length is found by its checksum), else a torn tail. */
static void scan_bad(const uint8_t *p, size_t n, size_t off, const char *why, stor_wal_scan *out)
{
    out->end = off;
    out->why = why;
    out->next_valid = find_valid_frame(p, n, off + 1);
    out->status = out->next_valid ? STOR_WAL_DAMAGED : STOR_WAL_TORN;
}

void stor_wal_scan_buf(const uint8_t *p, size_t n, stor_wal_scan *out)
{
    memset(out, 0, sizeof *out);
    if (!n) return;                  /* an empty log: clean */
    size_t off = 0;
    for (;;) {
        if (n - off < 8) {
            if (all_zero(p + off, n - off)) { out->status = STOR_WAL_CLEAN; out->end = off; }
            else scan_bad(p, n, off, "a frame header cut short", out);
            return;
        }
        uint32_t len = get_u32(p + off), crc = get_u32(p + off + 4);
        if (!len && !crc) {
            /* zeros end the log; anything but zeros after them is a lost frame */
            if (all_zero(p + off, n - off)) { out->status = STOR_WAL_CLEAN; out->end = off; }
            else scan_bad(p, n, off, "a frame header of zeros", out);
            return;
        }
        if (len > n - off - 8) { scan_bad(p, n, off, "its length runs past the end of the file", out); return; }
        if (wal_crc(p + off + 8, len) != crc) { scan_bad(p, n, off, "its checksum does not match", out); return; }
        if (off == 0 && len >= 9 && p[8] == 'G') { out->has_gen = true; memcpy(&out->gen, p + 9, 8); }
        out->nframes++;
        off += 8 + (size_t)len;
    }
}

/* Maps a file read-only (*n bytes; NULL and *n 0 when empty). 0 or -1 with errno. */
static int map_file(int fd, const uint8_t **p, size_t *n)
{
    struct stat st;
    *p = NULL; *n = 0;
    if (fstat(fd, &st) != 0) return -1;
    if (st.st_size == 0) return 0;
    void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (m == MAP_FAILED) return -1;
    *p = m; *n = (size_t)st.st_size;
    return 0;
}

int stor_wal_scan_file(const char *path, stor_wal_scan *out, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    const uint8_t *p;
    size_t n;
    if (fd < 0 || map_file(fd, &p, &n) != 0) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    stor_wal_scan_buf(p, n, out);
    if (p) munmap((void *)p, n);
    close(fd);
    return 0;
}

static int wal_recovery;
void stor_set_wal_recovery(int mode) { wal_recovery = mode; }

static void wal_path(char *buf, size_t cap) { snprintf(buf, cap, "%s/pressdb.wal", datadir); }

/* Copies the file at from to a new file to (0640). 0 or -1 with errno. */
static int copy_file(const char *from, const char *to)
{
    int in = open(from, O_RDONLY | O_CLOEXEC);
    if (in < 0) return -1;
    int out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
    if (out < 0) { int e = errno; close(in); errno = e; return -1; }
    static uint8_t buf[1 << 16];
    ssize_t r = 0;
    int rc = 0;
    while (rc == 0 && (r = read(in, buf, sizeof buf)) != 0) {
        if (r < 0) { if (errno != EINTR) rc = -1; continue; }
        for (ssize_t w = 0; rc == 0 && w < r;) {
            ssize_t k = write(out, buf + w, (size_t)(r - w));
            if (k < 0) { if (errno != EINTR) rc = -1; } else w += k;
        }
    }
    if (rc == 0) rc = fsync(out);
    int e = errno;
    close(in); close(out);
    if (rc != 0) { unlink(to); errno = e; }
    return rc;
}

/* Keeps the damaged log as pressdb.wal.damaged-<UTC time>[-k] (a hard link: the old
 * file's bytes as they are; a copy where links do not work). Its name goes to kept. */
static int wal_keep_damaged(char *kept, size_t cap, char *err, size_t errlen)
{
    char path[4200], stamp[32];
    wal_path(path, sizeof path);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    for (int k = 0; k < 100; k++) {
        if (k) snprintf(kept, cap, "%s.damaged-%s-%d", path, stamp, k);
        else snprintf(kept, cap, "%s.damaged-%s", path, stamp);
        if (link(path, kept) == 0 || (errno != EEXIST && copy_file(path, kept) == 0)) {
            int dfd = open(datadir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (dfd >= 0) { fsync(dfd); close(dfd); }
            return 0;
        }
        if (errno != EEXIST) break;
    }
    snprintf(err, errlen, "cannot keep the damaged log as '%s': %s", kept, strerror(errno));
    return -1;
}

/* Damage before the last frame: refused (the file untouched), or with --wal-recovery=1
 * accepted once the log is kept aside. 0 to go on with the frames before it. */
static int wal_damaged(const stor_wal_scan *sc, char *err, size_t errlen)
{
    char path[4200];
    wal_path(path, sizeof path);
    if (wal_recovery < 1) {
        snprintf(err, errlen,
                 "the write-ahead log '%s' is damaged at byte %zu (frame %" PRIu64 " of the log): %s, "
                 "and a valid frame follows at byte %zu, so it is not a torn last write. The %" PRIu64
                 " frames before it are intact. The file is left as it is; refusing to start. "
                 "Restore the datadir from a backup, or start with --wal-recovery=1 to recover "
                 "the frames before the damage (the log is kept as pressdb.wal.damaged-<time>)",
                 path, sc->end, sc->nframes + 1, sc->why, sc->next_valid, sc->nframes);
        return -1;
    }
    char kept[4300];
    if (wal_keep_damaged(kept, sizeof kept, err, errlen) != 0) return -1;
    fprintf(stderr, "pressdb: [Warning] write-ahead log damaged at byte %zu (frame %" PRIu64 " of the log): %s; "
            "a valid frame follows at byte %zu. --wal-recovery=1: starting with the %" PRIu64
            " frames before it; the damaged log is kept as '%s'\n",
            sc->end, sc->nframes + 1, sc->why, sc->next_valid, sc->nframes, kept);
    return 0;
}

/* Replays the valid frames before end. 0; -1 with err; -2 when a frame names a row id
 * no table could hold: *bad is its offset, *nok the frames before it (all replayed). */
static int replay_frames(const uint8_t *p, size_t end, size_t *bad, uint64_t *nok, char *err, size_t errlen)
{
    stor_txn *saved = cur;
    cur = NULL;
    int rc = 0;
    *nok = 0;
    for (size_t off = 0; off < end && rc == 0;) {
        uint32_t len = get_u32(p + off);
        assert(off + 8 + len <= end);
        rc = replay_frame(p + off + 8, len, false, err, errlen);
        if (rc == 0) rc = replay_frame(p + off + 8, len, true, err, errlen);
        if (rc == -2) *bad = off;
        else if (rc == 0) ++*nok;
        off += 8 + (size_t)len;
    }
    cur = saved;
    return rc;
}

/* The log continues after its valid frames: a torn tail is cut (and the space zeroed). */
static int wal_continue_at(const stor_wal_scan *sc, size_t size, char *err, size_t errlen)
{
    alloc_end = size;
    if (sc->status == STOR_WAL_TORN) {
        fprintf(stderr, "pressdb: [Warning] write-ahead log: torn tail at byte %zu of %zu (frame %" PRIu64
                " of the log: %s; nothing valid after it: a commit never acknowledged) cut off\n",
                sc->end, size, sc->nframes + 1, sc->why);
        if (ftruncate(wal_fd, (off_t)sc->end) != 0) {
            snprintf(err, errlen, "cannot cut the log: %s", strerror(errno));
            return -1;
        }
        alloc_end = sc->end;
    }
    written_end = sc->end;
    atomic_store(&synced_end, lsn_base + sc->end);
    if (wal_extend(sc->end + WAL_CHUNK / 2) != 0)
        fprintf(stderr, "pressdb: [Warning] cannot extend the write-ahead log: %s\n", strerror(errno));
    return 0;
}

/* The log a checkpoint process was to replace (pressdb.wal.prev), when the snapshot does
 * not hold it yet: its frames go before the current log's, and it stays (the next
 * checkpoint, the blocking kind, removes it). 1 replayed (*gen: its generation), 0 none
 * or not needed (then removed), -1 refused with err. It was made durable whole before it
 * was set aside, so anything but a clean log is damage. */
static int recover_prev(bool have_snap, uint64_t snap_gen, uint64_t *gen, char *err, size_t errlen)
{
    char path[4200];
    wal_prev_path(path, sizeof path);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) return 0;
        snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    const uint8_t *p;
    size_t size;
    int mrc = map_file(fd, &p, &size);
    close(fd);
    if (mrc != 0) { snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno)); return -1; }
    stor_wal_scan sc;
    stor_wal_scan_buf(p, size, &sc);
    int rc;
    uint64_t g = sc.has_gen ? sc.gen : 0;   /* (a fresh datadir's first log has no generation frame) */
    if (have_snap && g <= snap_gen) {
        wal_prev_drop();   /* the snapshot that replaced it was installed */
        rc = 0;
    } else if (sc.status != STOR_WAL_CLEAN || g != (have_snap ? snap_gen + 1 : 0)) {
        snprintf(err, errlen, "the log '%s' a checkpoint set aside (generation %" PRIu64 ", %s) does not "
                 "continue the snapshot (%s %" PRIu64 "); refusing to start (restore the datadir from a backup)",
                 path, g, sc.status == STOR_WAL_CLEAN ? "clean" : sc.why, have_snap ? "generation" : "none, expected",
                 have_snap ? snap_gen : 0);
        rc = -1;
    } else {
        size_t bad = 0;
        uint64_t nok = 0;
        rc = replay_frames(p, sc.end, &bad, &nok, err, errlen);
        if (rc == -2) snprintf(err, errlen, "the log '%s' a checkpoint set aside names a row id past what its table can hold", path);
        if (rc == 0) { *gen = g; rc = 1; }
        else rc = -1;
    }
    if (p) munmap((void *)p, size);
    return rc;
}

int stor_recover(char *err, size_t errlen)
{
    uint64_t snap_gen = 0;
    bool have_snap = false;
    stor_txn *saved0 = cur;
    cur = NULL;
    if (evict_dir_reset() != 0) {
        snprintf(err, errlen, "cannot make or empty '%s/evict': %s", datadir, strerror(errno));
        return -1;
    }
    evict_recovering(true);   /* (replayed records load the tables they name, no lock held) */
    int src = stor_snapshot_load(ddl_replay, &snap_gen, &have_snap, err, errlen);
    cur = saved0;
    if (src != 0) return -1;
    uint64_t prev_gen = 0;
    int prc = recover_prev(have_snap, snap_gen, &prev_gen, err, errlen);
    if (prc < 0) return -1;
    if (prc == 1) { have_snap = true; snap_gen = prev_gen; }   /* the current log continues it */
    const uint8_t *p;
    size_t size;
    if (map_file(wal_fd, &p, &size) != 0) { snprintf(err, errlen, "cannot read the log: %s", strerror(errno)); return -1; }
    stor_wal_scan sc;
    stor_wal_scan_buf(p, size, &sc);
    /* a log of generation g >= 1 continues the snapshot of generation g - 1 */
    bool gen_known = sc.has_gen || sc.end > 0 || sc.status != STOR_WAL_DAMAGED;
    int rc = 0;
    if (!have_snap && sc.has_gen && sc.gen > 0) {
        snprintf(err, errlen, "the write-ahead log is of generation %" PRIu64 ", but the snapshot "
                 "'%s/pressdb.snap' it continues is missing; refusing to start (restore it from a backup)",
                 sc.gen, datadir);
        rc = -1;
    } else if (have_snap && gen_known && sc.gen <= snap_gen) {
        /* the snapshot already holds all of this log: start a new one */
        if (sc.status != STOR_WAL_CLEAN)
            fprintf(stderr, "pressdb: [Warning] write-ahead log bad at byte %zu (%s), but the snapshot "
                    "holds all of it (generation %" PRIu64 "): replaced\n", sc.end, sc.why, snap_gen);
        rc = wal_start_generation(snap_gen + 1, false, err, errlen);
    } else if (sc.status == STOR_WAL_DAMAGED && wal_damaged(&sc, err, errlen) != 0) {
        rc = -1;
    } else {
        wal_gen = sc.gen;
        size_t bad = 0;
        uint64_t nok = 0;
        rc = replay_frames(p, sc.end, &bad, &nok, err, errlen);
        if (rc == -2) {
            /* a checksummed frame naming a row id no table could hold (a crafted or
               damaged file: replaying it would allocate that many rows): damage at that
               frame, handled as a checksum failure there (cut as a torn tail when nothing
               valid follows; else refused, or kept aside with --wal-recovery=1) */
            bool kept = sc.status == STOR_WAL_DAMAGED;   /* --wal-recovery=1 kept it already */
            fprintf(stderr, "pressdb: [Warning] write-ahead log: %s\n", err);
            scan_bad(p, size, bad, "it names a row id past what its table can hold", &sc);
            sc.nframes = nok;
            rc = sc.status == STOR_WAL_DAMAGED && !kept && wal_damaged(&sc, err, errlen) != 0 ? -1 : 0;
        }
        if (rc == 0 && sc.status == STOR_WAL_DAMAGED) {
            /* the damaged file stays aside as it is: the store goes to a new snapshot and
               a new log (the snapshot is at least as new as any the log continued) */
            uint64_t g = sc.has_gen ? sc.gen : have_snap ? snap_gen + 1 : 0;
            if (stor_snapshot_write(g, err, errlen) != 0 || wal_start_generation(g + 1, false, err, errlen) != 0) rc = -1;
            else wal_prev_drop();   /* (held by that snapshot too) */
        } else if (rc == 0) {
            rc = wal_continue_at(&sc, size, err, errlen);
        }
    }
    if (p) munmap((void *)p, size);
    /* (a set-aside log replayed stays until a snapshot holds it: the next checkpoint is
       the blocking kind, which removes it; a start needs no snapshot written) */
    if (rc == 0) {   /* rows were put at their ids: is each table still in clustered order? */
        uint32_t nd;
        stor_db **dbs = stor_db_list(&nd);
        for (uint32_t i = 0; i < nd; i++)
            for (uint32_t k = 0; k < dbs[i]->ntables; k++)
                if (!dbs[i]->tables[k]->evicted) stor_clustered_recheck(dbs[i]->tables[k]);   /* (a load does its own) */
    }
    evict_recovering(false);
    return rc;
}

void stor_wal_stats(stor_wal_figures *f)
{
    f->writes = atomic_load_explicit(&st_writes, memory_order_relaxed);
    f->bytes = atomic_load_explicit(&st_bytes, memory_order_relaxed);
    f->syncs = atomic_load_explicit(&st_syncs, memory_order_relaxed);
    pthread_mutex_lock(&wal_mu);
    f->lsn = lsn_base + written_end;
    f->lsn_checkpoint = lsn_base;
    pthread_mutex_unlock(&wal_mu);
    f->lsn_flushed = atomic_load(&synced_end);
    if (f->lsn_flushed > f->lsn) f->lsn_flushed = f->lsn;
}
