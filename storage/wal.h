/* wal.h - private to storage/: the hooks table.c calls on every row change, and the
 * table primitives the log uses to undo and replay. */
#ifndef PRESSDB_STORAGE_WAL_H
#define PRESSDB_STORAGE_WAL_H
#include "storage/storage.h"

void wal_note_insert(stor_table *t, uint32_t row);
void wal_before_update(stor_table *t, uint32_t row);   /* saves the old image for undo */
void wal_note_update(stor_table *t, uint32_t row);
void wal_note_delete(stor_table *t, uint32_t row);

/* versioned changes (storage.h, MVCC): redo as 'I' / 'D', undo by kind 'i' / 'd' */
void wal_note_vinsert(stor_table *t, uint32_t row);
void wal_note_vdelete(stor_table *t, uint32_t row);
void wal_note_lock(stor_table *t, uint32_t row);   /* undo kind 'l', no redo */
void wal_note_share(stor_table *t, uint32_t row);  /* undo kind 's', no redo */

/* A checkpoint's child process (wal.c) takes these mutexes: each file's fork handlers
 * hold its own across fork(), so the child's copy is free and what it guards whole. */
void mem_atfork(void);       /* mem.c: the arena block cache */
void table_atfork(void);     /* table.c: the database list */
void compress_atfork(void);  /* compress.c: compressed values' restores */

/* mvcc.c */
uint64_t mvcc_next_ts(void);
void     mvcc_publish_ts(uint64_t ts);
void     mvcc_pending_add(stor_table *t, uint32_t row, char kind, uint64_t ts);
void     mvcc_forget_table(const stor_table *t);
uint64_t mvcc_new_id(void);
void     mvcc_end_id(uint64_t id);
/* Shared row locks' holders (store lock exclusive). add: 0 added, 1 held already, -1 no
 * memory. other: the holder of the row other than me that got its lock first (0 =
 * none): the one a writer waits for, as InnoDB's waiter waits for the first conflicting
 * lock (its deadlock check follows that one only). */
int      mvcc_share_add(const stor_table *t, uint32_t row, uint64_t id);
void     mvcc_share_drop(const stor_table *t, uint32_t row, uint64_t id);
bool     mvcc_share_any(const stor_table *t, uint32_t row);
uint64_t mvcc_share_other(const stor_table *t, uint32_t row, uint64_t me);
bool     mvcc_share_holds(const stor_table *t, uint32_t row, uint64_t id);
/* The row lock queue (mvcc.c): any waiter queued? The first queued waiter other than me
 * whose request conflicts with mine (0 = none). The holder's upgrade: the waiters of the
 * row that wait for it become deadlock victims. */
bool     mvcc_queue_any(void);
uint64_t mvcc_queue_ahead(const stor_table *t, uint32_t row, uint64_t me, bool excl);
void     mvcc_queue_victims(const stor_table *t, uint32_t row, uint64_t holder);
/* Gap locks (InnoDB's next-key locks under REPEATABLE READ; store lock exclusive), each
 * held by one transaction until it ends:
 * - MVCC_GAP: the open interval between rows lo and hi of index ix's order (UINT32_MAX:
 *   that end is open): another transaction's insert into it waits, and so does its
 *   update that moves a row's key on ix into it;
 * - MVCC_GAP_ALL: every gap of the table (a locking scan without an index): every other
 *   transaction's insert waits;
 * - MVCC_ROWS_S / MVCC_ROWS_X: that, and every row locked shared / exclusively, without
 *   an entry per row (InnoDB locks each row such a scan meets).
 * add: 0 added (*seq names it), 1 held already, -1 no memory. */
enum { MVCC_GAP, MVCC_GAP_ALL, MVCC_ROWS_S, MVCC_ROWS_X };
typedef struct mvcc_gap {
    const stor_table *t;
    uint64_t id;               /* the holder */
    uint32_t seq;
    uint8_t kind;
    int32_t ix;                /* MVCC_GAP: the index (its place in t->idx) */
    uint32_t lo, hi;
} mvcc_gap;
extern mvcc_gap *mvcc_gaps;
extern uint32_t mvcc_ngaps;
int  mvcc_gap_add(const stor_table *t, int kind, int32_t ix, uint32_t lo, uint32_t hi, uint64_t id, uint32_t *seq);
void mvcc_gap_drop(uint32_t seq);
void wal_note_gap(stor_table *t, uint32_t seq);    /* undo kind 'g', no redo */

/* The xmax of a row that no transaction changes or locks exclusively: 0, or
 * STOR_SHARE_MARK while someone holds a shared lock on it. */
static inline uint64_t mvcc_idle_xmax(const stor_table *t, uint32_t row) {
    return mvcc_share_any(t, row) ? STOR_SHARE_MARK : 0;
}

/* a versioned UPDATE: redo 'D' row + 'I' nr (the new version), binlog one update */
void wal_note_vupdate(stor_table *t, uint32_t row, uint32_t nr);

/* binlog.c: a transaction's row images (MariaDB's row format) until commit */
typedef struct bl_buf { uint8_t *p; size_t len, cap; } bl_buf;
extern bool binlog_enabled;
/* kind 'W' (after image: row), 'U' (before: vals, or the row before_row when vals is
 * NULL; after: row), 'D' (before: row) */
void   binlog_note_row(bl_buf *b, char kind, stor_table *t, const pdb_value *before, uint32_t before_row, uint32_t row);
void   binlog_note_annotate(bl_buf *b, const char *sql, size_t len);   /* the statement's text */
void   binlog_buf_free(bl_buf *b);
/* Under the log mutex, in commit order: the events; the GTID they got for the log. */
int    binlog_commit(const bl_buf *b, stor_gtid *g);
int    binlog_ddl(const char *db, const char *sql, size_t len, const stor_ddl_env *env, stor_gtid *g);
bool   binlog_published(bool log_syncs_later);   /* true: sync the log, then binlog_rotate_synced */
uint64_t binlog_done(uint32_t *file);
void   binlog_synced(uint32_t file, uint64_t upto);
void   binlog_publish_all(void);
void   binlog_rotate_synced(void);
/* sync_binlog=1: the group just written (its place; 0 = no copy wanted) and its bytes,
 * which its log frame carries as 'B'; a checkpoint syncs the file (binlog_sync_file) */
size_t binlog_group_range(uint32_t *file, uint64_t *at);
int    binlog_group_read(uint8_t *dst, size_t n, uint64_t at);
int    binlog_sync_file(void);
void   binlog_wal_bytes(uint32_t file, uint64_t at, const uint8_t *p, uint32_t n);   /* recovery read a 'B' */
int    binlog_purge(const char *to, int64_t before);   /* under the log mutex */
void   binlog_flush(void);
int    binlog_reset(uint32_t first);   /* under the log mutex */
void   binlog_wal_reset(void);          /* recovery read an 'R' */
void   binlog_wal_known(void);          /* recovery read an 'N': the state is known */
int    wal_log_binlog_state(void);      /* wal.c: the 'N' + state frame at --log-bin's start */
void   binlog_unwind(void);      /* ... could not be: the group goes */
void   binlog_wal_gtid(const stor_gtid *g);                  /* recovery read an 'X' */
size_t binlog_state_records(uint8_t *out, size_t cap);      /* 'X' records of the state */
/* slavepos.c: a replica's applied GTIDs (redo 'S', 'P') */
void   slavepos_note(const stor_gtid *g);
void   slavepos_clear(void);
size_t slavepos_records(uint8_t *out, size_t cap);          /* 'S' records of the state */

/* table.c primitives that do not log */
void tbl_ver_set(stor_table *t, uint32_t row, uint64_t xmin, uint64_t xmax);
void tbl_kill_row(stor_table *t, uint32_t row);      /* unindex and mark dead */
/* stor_row_update's write without its checks (locks, keys, gaps): undo puts back what
 * the transaction itself changed, whatever others hold now */
int64_t tbl_row_write(stor_table *t, uint32_t row, const pdb_value *vals);
/* A dead row no undo can bring back: its strings are freed (the slot stays). */
void tbl_free_dead_strings(stor_table *t, uint32_t row);
void tbl_undelete(stor_table *t, uint32_t row);
void tbl_put_at(stor_table *t, uint32_t row, const pdb_value *vals);  /* replay insert */
/* Replay: the row at `row` (put next) is a version of the row first at `first`. */
void tbl_set_origin(stor_table *t, uint32_t row, uint32_t first);
void stor_catalog_free(void);
void tbl_reserve_rows(stor_table *t, uint32_t nrows);   /* extend with dead slots */
/* An empty t about to get up to nrows row ids (a section's): its capacity and key hashes
 * made at once, as they would end up (no doublings and rehashes on the way). */
void tbl_load_reserve(stor_table *t, uint32_t nrows);
/* Row ids a table can have: its capacity doubles in a uint32 (16 << 27 is the last). */
#define TBL_MAX_ROW_IDS (1u << 31)
/* Could t hold nrows row ids (a log record naming row nrows - 1, a snapshot's count)?
 * Not past TBL_MAX_ROW_IDS, nor when their slots alone (the fixed bytes of each column,
 * no string or index bytes) pass the memory ceiling for table data (--max-memory plus an
 * eighth): the server refuses rows past its limit, so no file it wrote names more. */
bool tbl_row_ids_fit(const stor_table *t, uint64_t nrows);
uint32_t wal_crc32_update(uint32_t crc, const void *p, size_t n);
/* compress.c: a compressed string is a tagged pointer (bit 0 set) to a blob
 * [u32 compressed length][u32 crc32 of the plain bytes][zstd frame]. */
static inline bool zv_is(const char *p) { return ((uintptr_t)p & 1) != 0; }
/* Frees a string's storage of length len, plain or compressed (NULL is fine). */
void zv_free(char *p, uint32_t len);
/* The plain bytes of c->str[row] (len bytes), restoring them into the table when the
 * value is compressed: safe under the shared store lock (one thread restores, the others
 * wait and see its result). Aborts rather than return bytes that fail the checksum. */
const char *zv_plain(const stor_column *c, uint32_t row);
/* The plain bytes of c->str[row] (a CK_STR value, not NULL): the table's own when plain,
 * else decompressed into *buf (grown with plain realloc as needed; the caller frees it).
 * The table is not changed. Safe under the shared store lock, while readers restore
 * values (the checkpoint thread reads this way). */
const char *zv_read(const stor_column *c, uint32_t row, char **buf, size_t *cap);
/* Compresses one plain value if that saves enough, with dict when not NULL (a blob then
 * holds a reference to it); the new pointer (tagged) or NULL to keep the plain one.
 * Compression thread only; zv_pack_end after a run of them drops the cached CDict. */
char *zv_pack(const char *p, uint32_t len, struct zv_dict *dict);
void zv_pack_end(void);
/* A dictionary trained on n samples (lengths sizes[], one after another in samples), one
 * reference held; NULL if zstd's trainer finds none. Any thread, no lock needed. */
struct zv_dict *zv_dict_train(const char *samples, const size_t *sizes, unsigned n);
void zv_dict_unref(struct zv_dict *d);   /* NULL is fine */
/* Rows sections keep compressed values compressed (snapshot.c). zv_copy_blob: the frame
 * of c->str[row]'s blob, if it is still compressed, copied into *buf (grown with plain
 * realloc), with its length, the crc32 of the plain bytes and its dictionary (referenced:
 * the caller drops it) or NULL; NULL once a reader restored the value (then zv_read).
 * Safe under the shared store lock, as zv_read. zv_adopt: the blob made again from those
 * parts when a section is read (one more reference to dict), counted as zv_pack's are;
 * NULL without memory, or for a frame that is not one of len bytes. zv_dict_bytes: a
 * dictionary's bytes; zv_dict_load: one made again from them (one reference held; NULL if
 * zstd refuses them). */
const char *zv_copy_blob(const stor_column *c, uint32_t row, char **buf, size_t *cap, uint32_t *zlen,
                         uint32_t *crc, struct zv_dict **dict);
char *zv_adopt(const void *frame, uint32_t zlen, uint32_t crc, uint32_t len, struct zv_dict *dict);
/* Blob p's len plain bytes into out; false (nothing aborts) if they fail their checksum. */
bool zv_unpack(const char *p, uint32_t len, char *out);
size_t zv_min_bytes(void);   /* the shortest value compression packs (SIZE_MAX: it is off) */
const void *zv_dict_bytes(const struct zv_dict *d, uint32_t *size);
struct zv_dict *zv_dict_load(const void *buf, uint32_t size);
void zv_dict_ref(struct zv_dict *d);
/* table.c: row's value of column col (not in any key) becomes blob (a zv_adopt pointer,
 * len plain bytes); what the cell held is let go. */
void tbl_adopt_zv(stor_table *t, uint32_t col, uint32_t row, char *blob, uint32_t len);
bool tbl_col_keyed(const stor_table *t, uint32_t col);
/* Trains a dictionary for each column that wants one (tbl_dict_sample), taking the store
 * lock itself: shared to sample, none to train, exclusive to install. Compression thread
 * (and tests). */
void zv_dicts_make(uint32_t now, uint32_t after_s, size_t min_bytes);
/* table.c: a sample of the first column with no dictionary yet (and not sampled before)
 * whose cold long values (as tbl_compress_pass would take them) add up to min_total bytes:
 * up to cap bytes of them, spread over the column, at most piece bytes of each; the
 * column is marked sampled. Shared store lock; buf and sizes are plain malloc. */
typedef struct tbl_zsample {
    const stor_table *t;
    uint64_t serial;
    uint32_t col;
    char *buf;
    size_t *sizes;
    unsigned n;
} tbl_zsample;
bool tbl_dict_sample(uint32_t now, uint32_t after_s, size_t min_bytes, size_t min_total, size_t cap,
                     size_t piece, tbl_zsample *out);
/* Gives d to the sampled column if it is still there without one, else lets d go.
 * Exclusive store lock. */
void tbl_dict_install(const tbl_zsample *s, struct zv_dict *d);
/* table.c: one bounded pass of the compression thread over the catalog (store lock
 * exclusive): compresses the long values of cold segments; true when it stopped on its
 * budget with more to do. stor_compress_candidates: is there anything (shared lock)? */
bool tbl_compress_pass(uint32_t now, uint32_t after_s, size_t min_bytes, uint64_t budget_ns);
bool tbl_compress_candidates(uint32_t now, uint32_t after_s);
/* ticker.c: a thread calling tick once a second until ticker_stop (compress.c, evict.c);
 * a tick that loops asks ticker_stopping between steps. */
typedef struct stor_ticker {
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool running, stop;
    void (*tick)(struct stor_ticker *);
} stor_ticker;
int  ticker_start(stor_ticker *k, void (*tick)(stor_ticker *));
void ticker_stop(stor_ticker *k);
bool ticker_stopping(const stor_ticker *k);
/* snapshot.c: evict files (evict.c), written a range of row ids at a time (the store
 * lock may be let go in between: the caller makes sure the table did not change), and
 * read back into a table whose rows were released (nrows 0): 0, or -1 (a missing,
 * damaged or other file than nrows says). */
typedef struct snap_rows_out snap_rows_out;
snap_rows_out *snap_rows_begin(const char *path, uint32_t nrows);
void snap_rows_put(snap_rows_out *o, const stor_table *t, uint32_t from, uint32_t to);
int  snap_rows_finish(snap_rows_out *o, const stor_table *t, stor_ev_rows *rows, uint64_t *bytes);
void snap_rows_abort(snap_rows_out *o);   /* (the file goes) */
int  snap_rows_load(stor_table *t, const char *path, const stor_ev_rows *rv, uint32_t nrows);
/* evict.c */
uint32_t evict_clock(void);               /* monotonic seconds, from 1 */
void evict_touch(stor_table *t);          /* stor_table_find: used now, rows back */
int  evict_dir_reset(void);               /* evict/ made and emptied (once, at start) */
void evict_recovering(bool on);           /* recovery: loads with no store lock held */
/* Files of rows sections (stor_table.ev_src): evict_snap_src links datadir/pressdb.snap
 * as evict/snapshot.<n> (NULL: no link could be made), with one reference the caller
 * drops; evict_snap_out marks a table a start made out, its rows section rv of src. */
stor_evsrc *evict_snap_src(void);
void evict_src_drop(stor_evsrc *s);
void evict_snap_out(stor_table *t, stor_evsrc *src, const stor_ev_rows *rv, uint32_t nrows, uint32_t nlive);
bool evict_clean(const stor_table *t);    /* in memory, unchanged since its ev_src copy */
/* Store lock exclusive: t's values were compressed since its copy was written; a copy
 * that may hold long values plain (not known packed: a snapshot's section) no longer
 * counts (a new one, made once t is unchanged, keeps them compressed; a restart or load
 * from the old one would bring them back plain). */
void evict_copy_stale(stor_table *t);
/* Where a checkpoint copies t's rows from (out, or clean): its file and section; false:
 * it must write them. */
bool evict_copy_source(const stor_table *t, char *path, size_t n, stor_ev_rows *rv);
/* A checkpoint's tables (store lock held, as the snapshot is written or forked), then,
 * once its snapshot is installed (store lock held; exclusive, or shared: it takes
 * load_mu), each one unchanged since becomes a copy of its section there. */
typedef struct evict_ck evict_ck;
evict_ck *evict_ck_list(void);
void evict_ck_adopt(evict_ck *ck);
void evict_ck_free(evict_ck *ck);
/* snapshot.c: the sections of the n tables of the snapshot at path (its table of
 * contents): 0, or -1 (not n, or damaged). */
int snap_toc_rows(const char *path, uint32_t n, stor_ev_rows *rows, uint32_t *nrows, uint32_t *nlive);
void evict_path(const stor_table *t, char *out, size_t n);
void evict_forget(stor_table *t);         /* a table goes (DROP): its file too, out or not */
void tbl_evict_rows(stor_table *t);       /* table.c: release the rows (store lock exclusive) */
void tbl_release_rows(stor_table *t);     /* table.c: free every row of t (a shadow nobody sees) */
/* snapshot.c */
int stor_snapshot_write(uint64_t gen, char *err, size_t errlen);
int stor_snapshot_load(stor_ddl_replay_fn replay, uint64_t *gen, bool *found, char *err, size_t errlen);
#endif
