/* evict.c - cold tables leave memory: their rows go to a file and come back on first use.
 *
 * A host keeps thousands of small sites in one server, most of them idle. A base table
 * that no statement found (stor_table_find stamps stor_table.used) for --evict-after-s
 * seconds is written to datadir/evict/<serial>.<gen> in the snapshot's row format
 * (snapshot.c: snap_rows_*) and its rows, indexes and strings are freed; its
 * definition, nrows, nlive, auto_inc and its strings' sizes (information_schema's
 * DATA_LENGTH) stay. stor_table_find brings it back before returning it.
 *
 * The snapshot and the write-ahead log stay the truth. An evict file is a cache: not
 * fsynced, emptied at start; a checkpoint copies it into the snapshot while its table
 * is out (snapshot.c copy_rows). A file whose table came back or was dropped is
 * unlinked only while no checkpoint process may still read it (one forked before the
 * table came back sees it out): under the exclusive store lock, with no set-aside log.
 *
 * Eviction, one pass a second on this file's thread:
 *  1. under the shared store lock (statements go on; writers wait, as for any reader):
 *     the candidates, then each one's rows written a slice at a time, the lock let go
 *     between slices; a table dropped, changed (mods, version) or used meanwhile is
 *     given up;
 *  2. under the exclusive store lock, briefly: the same checks again, then its rows are
 *     freed and it is marked out.
 * Only tables nothing else holds go: not temporary, not a sequence, no row versions
 * (nver 0: no uncommitted change, lock or version a snapshot still needs), no gap
 * locks, no other transaction's undo naming it (stor_table_held), not in `mysql`, not
 * marked for compaction (its rebuild would load it back at once).
 *
 * Memory pressure (the thread runs with --evict-after-s=0 too): past 7/8 of the memory
 * limit the least recently used tables go, one at a time, until 3/4 of it is used.
 *
 * Loading, mostly before the store lock (stor_evict_preload, from the engine's
 * statement start): the definition is copied under the shared lock, the file read and
 * the rows built into that shadow with no lock held, and moved in under the shared lock
 * if the table is still out with the same generation; writers go on meanwhile. What
 * that misses, a statement holding the store lock finds out (stor_table_find:
 * evict_load) and loads there. One mover at a time (load_mu). Either way the rows are
 * built in a shadow table, so a reader that looks at an out table without finding it
 * (information_schema, SHOW TABLE STATUS: they read nrows, nlive and the ev_ sizes)
 * never sees half-built arrays; the shadow's arrays are moved into the table and
 * evicted cleared with release order. A file that cannot be read back in a statement
 * stops the server: its rows are in the snapshot and the log, and a restart has them.
 */
#include "storage/storage.h"
#include "storage/wal.h"
#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define EV_SLICE_NS 10000000ull     /* phase 1 lets the store lock go after this long */
#define EV_SLICE_ROWS 4096u         /* rows between two clock reads */
#define EV_INLINE_BYTES (1u << 20)  /* an event loop loads tables needing up to this (a few ms) */

static pthread_mutex_t load_mu = PTHREAD_MUTEX_INITIALIZER;
static _Atomic uint64_t st_out, st_evictions, st_loads, st_load_us, st_bytes, st_pressure;
static _Atomic uint32_t ev_gen;

/* files to unlink once no checkpoint process may read them */
static pthread_mutex_t dead_mu = PTHREAD_MUTEX_INITIALIZER;
static char **dead;
static uint32_t ndead, cdead;

static stor_ticker ev_ticker;
static uint32_t ev_after_s;
static bool ev_recover;        /* recovery: one thread, no store lock */
static bool dir_ready;         /* evict/ emptied by this process */

/* A file tables' rows sections are in (stor_table.ev_src): an evict file (one table's),
 * or a snapshot linked into evict/ (every table's, as of that checkpoint). Unlinked, as
 * dead files are, once no table holds it. */
struct stor_evsrc {
    _Atomic uint32_t refs;
    char path[];
};
static _Atomic uint32_t snap_out;   /* tables out in the snapshot of the start */
static _Atomic uint32_t snap_seq;   /* names the snapshots' links */

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint32_t evict_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
    return (uint32_t)ts.tv_sec + 1;
}

void evict_path(const stor_table *t, char *out, size_t n)
{
    assert(t->ev_src);
    snprintf(out, n, "%s", t->ev_src->path);
}

static void dead_add(const char *path)
{
    pthread_mutex_lock(&dead_mu);
    if (ndead == cdead) {
        uint32_t nc = cdead ? cdead * 2 : 16;
        char **nd = realloc(dead, nc * sizeof *nd);
        if (nd) { dead = nd; cdead = nc; }
    }
    char *p = ndead < cdead ? strdup(path) : NULL;
    if (p) dead[ndead++] = p;
    else unlink(path);   /* (no memory to remember it: a checkpoint reading it fails, and retries) */
    pthread_mutex_unlock(&dead_mu);
}

/* Store lock exclusive: no checkpoint can start meanwhile. */
static void dead_sweep(void)
{
    if (stor_checkpoint_prev_pending()) return;   /* a checkpoint process may be reading */
    pthread_mutex_lock(&dead_mu);
    for (uint32_t i = 0; i < ndead; i++) { unlink(dead[i]); free(dead[i]); }
    ndead = 0;
    pthread_mutex_unlock(&dead_mu);
}

static void dead_add(const char *path);

static stor_evsrc *src_new(const char *path)
{
    size_t n = strlen(path) + 1;
    stor_evsrc *s = malloc(sizeof *s + n);
    if (!s) return NULL;
    atomic_init(&s->refs, 1);
    memcpy(s->path, path, n);
    return s;
}

void evict_src_drop(stor_evsrc *s)
{
    if (!s || atomic_fetch_sub(&s->refs, 1) != 1) return;
    dead_add(s->path);
    free(s);
}

/* t's rows (as of now) are section rv of s. */
static void src_set(stor_table *t, stor_evsrc *s, const stor_ev_rows *rv)
{
    if (s) atomic_fetch_add(&s->refs, 1);
    evict_src_drop(t->ev_src);
    t->ev_src = s;
    if (rv) t->ev_rows = *rv;
    t->ev_mods = t->mods;
    t->ev_version = t->version;
}

bool evict_clean(const stor_table *t)
{
    return t->ev_src && t->ev_mods == t->mods && t->ev_version == t->version && !t->nver;
}

void evict_copy_stale(stor_table *t)
{
    t->zmods++;
    if (!t->evicted && t->ev_src && !t->ev_rows.packed)
        t->ev_mods = t->mods - 1;   /* (mods only grows: never equal again) */
}

/* Under load_mu: another thread (evict.c's, a loader) may set ev_src under the shared
 * store lock a checkpoint holds. In a checkpoint's child load_mu is free: it is taken
 * only under the store lock, which the forking thread holds exclusive. */
bool evict_copy_source(const stor_table *t, char *path, size_t n, stor_ev_rows *rv)
{
    pthread_mutex_lock(&load_mu);
    bool ok = t->evicted || evict_clean(t);
    if (ok) { snprintf(path, n, "%s", t->ev_src->path); *rv = t->ev_rows; }
    pthread_mutex_unlock(&load_mu);
    return ok;
}

void evict_forget(stor_table *t)
{
    if (t->evicted) {
        atomic_fetch_sub(&st_out, 1);
        atomic_fetch_sub(&st_bytes, t->ev_bytes);
        t->evicted = false;
    }
    evict_src_drop(t->ev_src);
    t->ev_src = NULL;
}

/* ---- loading ---- */

/* A copy of t's definition with no rows (shares t's names and strings). */
static int shadow_make(const stor_table *t, stor_table *sh)
{
    *sh = *t;
    sh->cols = stor_malloc((t->ncols ? t->ncols : 1) * sizeof *sh->cols);
    sh->idx = stor_malloc((t->nidx ? t->nidx : 1) * sizeof *sh->idx);
    if (!sh->cols || !sh->idx) { stor_free(sh->cols); stor_free(sh->idx); sh->cols = NULL; sh->idx = NULL; return -1; }
    if (t->ncols) memcpy(sh->cols, t->cols, t->ncols * sizeof *sh->cols);
    if (t->nidx) memcpy(sh->idx, t->idx, t->nidx * sizeof *sh->idx);
    for (uint32_t c = 0; c < t->ncols; c++) {
        stor_column *col = &sh->cols[c];
        col->i64 = NULL; col->f64 = NULL; col->sp = NULL; col->slen = NULL; col->nulls = NULL; col->pval = NULL;
        col->pool = NULL; col->code = NULL; col->seg = NULL;
        col->zdict = NULL; col->ztried = false;
        col->lo = col->hi = 0;
    }
    for (uint32_t i = 0; i < t->nidx; i++) {
        sh->idx[i].nbuckets = 0;
        memset(&sh->idx[i].h, 0, sizeof sh->idx[i].h);
        memset(&sh->idx[i].h1, 0, sizeof sh->idx[i].h1);
        sh->idx[i].ord = NULL;
    }
    sh->nrows = sh->nlive = sh->cap = 0;
    sh->dead = NULL; sh->ver = NULL; sh->nver = 0; sh->origin = NULL;
    sh->derived = NULL; sh->rewrite_log = NULL;
    sh->unordered = false; sh->clu_last = 0;
    return 0;
}

/* The shadow's rows into t (still marked out: readers that do not find it look only at
 * its counts, which do not change). */
static void shadow_install(stor_table *t, stor_table *sh)
{
    for (uint32_t c = 0; c < t->ncols; c++) {
        stor_column *d = &t->cols[c];
        const stor_column *s = &sh->cols[c];
        d->i64 = s->i64; d->f64 = s->f64; d->sp = s->sp; d->slen = s->slen; d->nulls = s->nulls; d->pval = s->pval;
        d->pool = s->pool; d->code = s->code; d->seg = s->seg;
        d->zdict = s->zdict; d->ztried = s->ztried;
        d->lo = s->lo; d->hi = s->hi;   /* (ev_len stays: a reader may still look) */
    }
    for (uint32_t i = 0; i < t->nidx; i++) {
        t->idx[i].nbuckets = sh->idx[i].nbuckets;
        t->idx[i].h = sh->idx[i].h;
        t->idx[i].h1 = sh->idx[i].h1;
        t->idx[i].ord = NULL;
    }
    t->dead = sh->dead; t->cap = sh->cap; t->origin = sh->origin;
    t->unordered = sh->unordered; t->clu_last = sh->clu_last;
    stor_free(sh->cols);
    stor_free(sh->idx);
}

/* The loaded shadow's rows into t, and t in (load_mu held, store lock held); its file
 * stays as its clean copy until it changes. */
static void loaded(stor_table *t, stor_table *sh, uint64_t t0)
{
    shadow_install(t, sh);
    atomic_fetch_sub(&st_out, 1);
    atomic_fetch_sub(&st_bytes, t->ev_bytes);
    atomic_fetch_add(&st_loads, 1);
    atomic_fetch_add(&st_load_us, (mono_ns() - t0) / 1000);
    atomic_store_explicit(&t->evicted, false, memory_order_release);
}

static void evict_load(stor_table *t)
{
    assert(stor_lock_mode() != 0 || ev_recover);
    pthread_mutex_lock(&load_mu);
    if (!atomic_load_explicit(&t->evicted, memory_order_acquire)) { pthread_mutex_unlock(&load_mu); return; }
    uint64_t t0 = mono_ns();
    char path[4300];
    evict_path(t, path, sizeof path);
    stor_table sh;
    if (shadow_make(t, &sh) != 0 || snap_rows_load(&sh, path, &t->ev_rows, t->nrows) != 0 ||
        sh.nrows != t->nrows || sh.nlive != t->nlive) {
        fprintf(stderr, "pressdb: [ERROR] the evicted rows of %s.%s cannot be read back from '%s'; stopping "
                "(a restart recovers them from the snapshot and the log)\n", t->db, t->name, path);
        abort();
    }
    stor_clustered_recheck(&sh);
    loaded(t, &sh, t0);
    pthread_mutex_unlock(&load_mu);
}

static stor_table *by_serial(stor_table *t, uint64_t serial);

/* ---- loading before the store lock (stor_evict_preload) ---- */

/* The shadow made without the lock must not point into t's definition, which DDL may
 * change or free meanwhile: its index column lists are its own. */
static void shadow_free_own(stor_table *sh)
{
    for (uint32_t i = 0; i < sh->nidx; i++) { stor_free(sh->idx[i].cols); stor_free(sh->idx[i].prefix); }
}

/* 0, or -1 with nothing left to free. */
static int shadow_make_own(const stor_table *t, stor_table *sh)
{
    if (shadow_make(t, sh) != 0) return -1;
    int bad = 0;
    for (uint32_t i = 0; i < t->nidx; i++) {
        stor_index *x = &sh->idx[i];
        uint32_t *c = stor_malloc((x->ncols ? x->ncols : 1) * sizeof *c), *p = stor_malloc((x->ncols ? x->ncols : 1) * sizeof *p);
        if (c && x->ncols) memcpy(c, t->idx[i].cols, x->ncols * sizeof *c);
        if (p && x->ncols) memcpy(p, t->idx[i].prefix, x->ncols * sizeof *p);
        x->cols = c; x->prefix = p;
        if (!c || !p) bad = 1;
    }
    sh->db = NULL; sh->name = NULL;   /* (never read by a load) */
    if (!bad) return 0;
    shadow_free_own(sh);
    stor_free(sh->cols);
    stor_free(sh->idx);
    return -1;
}

/* A preloaded shadow that is not wanted after all: its rows and its own arrays go. */
static void shadow_discard(stor_table *sh)
{
    tbl_release_rows(sh);
    shadow_free_own(sh);
    stor_free(sh->cols);
    stor_free(sh->idx);
}

bool stor_evicted_any(void) { return atomic_load_explicit(&st_out, memory_order_relaxed) != 0; }

/* One preloader per table: the serials being loaded (claim_mu); another preloader that
 * wants one of them waits for any load to end (claim_seq) instead of building the same
 * rows a second time, then lets its statement find the table. */
static pthread_mutex_t claim_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t claim_cv = PTHREAD_COND_INITIALIZER;
static uint64_t claim_seq, *claimed;
static uint32_t nclaimed, cclaimed;

/* true: serial is this caller's to load; false: another has it, *seq the count to wait
 * past. */
static bool claim(uint64_t serial, uint64_t *seq)
{
    pthread_mutex_lock(&claim_mu);
    *seq = claim_seq;
    for (uint32_t i = 0; i < nclaimed; i++)
        if (claimed[i] == serial) { pthread_mutex_unlock(&claim_mu); return false; }
    if (nclaimed == cclaimed) {
        uint32_t nc = cclaimed ? cclaimed * 2 : 16;
        uint64_t *nv = realloc(claimed, nc * sizeof *nv);
        if (nv) { claimed = nv; cclaimed = nc; }
    }
    if (nclaimed < cclaimed) claimed[nclaimed++] = serial;   /* (no memory: unclaimed, loaded anyway) */
    pthread_mutex_unlock(&claim_mu);
    return true;
}

static void unclaim(uint64_t serial)
{
    pthread_mutex_lock(&claim_mu);
    for (uint32_t i = 0; i < nclaimed; i++)
        if (claimed[i] == serial) { claimed[i] = claimed[--nclaimed]; break; }
    claim_seq++;
    pthread_cond_broadcast(&claim_cv);
    pthread_mutex_unlock(&claim_mu);
}

static void claim_wait(uint64_t seq)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 10;   /* (a bound: the statement then loads it itself) */
    pthread_mutex_lock(&claim_mu);
    while (claim_seq == seq && pthread_cond_timedwait(&claim_cv, &claim_mu, &until) == 0) {}
    pthread_mutex_unlock(&claim_mu);
}

static uint32_t evict_run(uint32_t after_s, size_t below);

/* What loading t will take, about: its plain section (values) and per row id a string
 * slot or value per column and its keys' chains. */
static size_t load_need(const stor_table *t)
{
    return (size_t)t->ev_rows.plain + (size_t)t->nrows * (16u * t->ncols + 8u * t->nidx);
}

static bool need_room(size_t need)
{
    size_t lim = stor_mem_limit();
    return lim && stor_mem_used() + need > lim / 8 * 7;
}

/* A load would pass 7/8 of --max-memory: the least recently used tables go first (any
 * that may, used or not), until the load fits below 3/4 of it, so that the statement
 * finds room instead of failing with 1037 while something else could go. No lock held. */
static void make_room(size_t need)
{
    size_t lim = stor_mem_limit(), below = lim / 4 * 3 > need ? lim / 4 * 3 - need : 1;
    uint32_t n = evict_run(0, below);
    if (n) atomic_fetch_add(&st_pressure, n);
}

int stor_evict_preload(const char *db, const char *name, bool may_block)
{
    if (!stor_evicted_any()) return 0;   /* (nothing out: the usual case) */
    if (may_block) stor_lock_shared();
    else if (!stor_lock_try_shared()) return 0;
    stor_table *t = stor_table_peek(db, name);
    if (!t || !atomic_load_explicit(&t->evicted, memory_order_acquire)) { stor_unlock(); return 0; }
    size_t need = load_need(t);
    if (!may_block && (need > EV_INLINE_BYTES || need_room(need))) {
        stor_unlock();
        return 1;   /* (a worker does it, and makes room first if it must) */
    }
    uint64_t serial = t->serial, version = t->version, seq;
    if (!claim(serial, &seq)) {
        stor_unlock();
        if (!may_block) return 1;   /* (a worker waits for it) */
        claim_wait(seq);
        return 0;
    }
    uint32_t gen = t->ev_gen, nrows = t->nrows, nlive = t->nlive;
    if (may_block && need_room(need)) {   /* (room first: other tables go, least recently used first) */
        stor_unlock();
        make_room(need);
        stor_lock_shared();
        t = by_serial(t, serial);
        if (!t || !atomic_load_explicit(&t->evicted, memory_order_acquire)) { stor_unlock(); unclaim(serial); return 0; }
        gen = t->ev_gen; nrows = t->nrows; nlive = t->nlive; version = t->version;
    }
    pthread_mutex_lock(&load_mu);   /* (a checkpoint may move its section meanwhile) */
    stor_ev_rows rv = t->ev_rows;
    char path[4300];
    evict_path(t, path, sizeof path);
    pthread_mutex_unlock(&load_mu);
    stor_table sh;
    int ok = shadow_make_own(t, &sh) == 0;
    stor_unlock();
    if (!ok) { unclaim(serial); return 0; }
    uint64_t t0 = mono_ns();
    /* (a file gone meanwhile: its table came back, or went; the statement sees which) */
    ok = snap_rows_load(&sh, path, &rv, nrows) == 0 && sh.nrows == nrows && sh.nlive == nlive;
    if (ok) stor_clustered_recheck(&sh);
    bool locked = true;
    if (may_block) stor_lock_shared();
    else locked = stor_lock_try_shared();   /* (an event loop never waits for it) */
    if (!locked) {
        shadow_discard(&sh);
        unclaim(serial);
        return 0;
    }
    pthread_mutex_lock(&load_mu);
    t = ok ? by_serial(t, serial) : NULL;
    if (t && atomic_load_explicit(&t->evicted, memory_order_acquire) && t->ev_gen == gen && t->version == version) {
        shadow_free_own(&sh);
        loaded(t, &sh, t0);
    } else shadow_discard(&sh);
    pthread_mutex_unlock(&load_mu);
    stor_unlock();
    unclaim(serial);
    return 0;
}

void evict_touch(stor_table *t)
{
    uint32_t now = evict_clock();
    if (atomic_load_explicit(&t->used, memory_order_relaxed) != now)
        atomic_store_explicit(&t->used, now, memory_order_relaxed);
    if (atomic_load_explicit(&t->evicted, memory_order_acquire)) evict_load(t);
}

/* ---- evicting ---- */

typedef struct cand {
    stor_table *t;
    uint64_t serial, mods, version;
    uint32_t used, gen;
    bool reuse;              /* its rows are its clean copy's: no file to write */
    bool keep;               /* a copy for checkpoints, the rows stay (reads go on) */
    uint64_t cells;          /* (keep: rows x columns, as collected) */
    snap_rows_out *out;
    uint64_t bytes;
    stor_ev_rows rows;
} cand;

/* May t go now (any lock mode)? after_s 0: whether it was used or not. held: also ask
 * whether another transaction's undo names it (a walk of every open transaction's undo:
 * asked only of the tables going, in phase 2; a transaction's change to t makes
 * versions, nver, which the cheap checks see). */
static bool evictable(const stor_table *t, uint32_t now, uint32_t after_s, bool held)
{
    if (t->temporary || t->sequence || t->evicted || !t->nrows || t->nver || t->ngaps) return false;
    if (t->compact_wanted) return false;   /* (about to be rebuilt: ddl.c's compaction tick) */
    if (t->name[0] == '#' || !strcmp(t->db, "mysql")) return false;
    uint32_t used = atomic_load_explicit(&t->used, memory_order_relaxed);
    if (after_s && (used > now || now - used < after_s)) return false;
    return !held || stor_table_held(t) == 0;
}

/* The table with this serial, if it is still in the catalog (store lock held). */
static stor_table *by_serial(stor_table *t, uint64_t serial)
{
    uint32_t n;
    stor_db **dbs = stor_db_list(&n);
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++)
            if (dbs[i]->tables[j] == t) return t->serial == serial ? t : NULL;
    return NULL;
}

static bool unchanged(const cand *c)
{
    stor_table *t = by_serial(c->t, c->serial);
    return t && t->mods == c->mods && t->version == c->version &&
           (c->keep || atomic_load_explicit(&t->used, memory_order_relaxed) == c->used);
}

/* c onto *v (n of cap); false: no memory (the list stays as it is). */
static bool cand_push(cand **v, uint32_t *n, uint32_t *cap, cand c)
{
    if (*n == *cap) {
        uint32_t nc = *cap ? *cap * 2 : 16;
        cand *nv = realloc(*v, nc * sizeof *nv);
        if (!nv) return false;
        *v = nv;
        *cap = nc;
    }
    (*v)[(*n)++] = c;
    return true;
}

static uint32_t collect(cand **out, uint32_t now, uint32_t after_s)
{
    uint32_t n = 0, cap = 0, ndb;
    cand *v = NULL;
    stor_db **dbs = stor_db_list(&ndb);
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            if (!evictable(t, now, after_s, false)) continue;
            pthread_mutex_lock(&load_mu);
            bool reuse = evict_clean(t);
            pthread_mutex_unlock(&load_mu);
            if (!cand_push(&v, &n, &cap, (cand){ .t = t, .serial = t->serial, .mods = t->mods, .version = t->version,
                                                 .used = atomic_load_explicit(&t->used, memory_order_relaxed),
                                                 .reuse = reuse }))
                break;
        }
    *out = v;
    return n;
}

static void breathe(uint64_t *t0, bool excl);

/* Phase 1 for one candidate: its file, written under the shared lock a slice at a time.
 * Returns with the lock held shared; false: given up (the file is gone). */
static bool write_file(cand *c, uint64_t *t0)
{
    stor_table *t = c->t;
    c->gen = atomic_fetch_add(&ev_gen, 1) + 1;
    char path[4300];
    snprintf(path, sizeof path, "%s/evict/%llu.%u", stor_datadir(), (unsigned long long)c->serial, c->gen);
    c->out = snap_rows_begin(path, t->nrows);
    if (!c->out) return false;
    uint32_t r = 0;
    while (r < t->nrows) {
        uint32_t to = t->nrows - r > EV_SLICE_ROWS ? r + EV_SLICE_ROWS : t->nrows;
        snap_rows_put(c->out, t, r, to);
        r = to;
        if (r < t->nrows && mono_ns() - *t0 > EV_SLICE_NS) {
            breathe(t0, false);
            if (!unchanged(c)) { snap_rows_abort(c->out); c->out = NULL; return false; }
        }
    }
    if (snap_rows_finish(c->out, t, &c->rows, &c->bytes) != 0) { c->out = NULL; return false; }
    c->out = NULL;
    return true;
}

/* Phase 2 (store lock exclusive): out it goes, if nothing happened to it meanwhile. */
static bool finish(cand *c, uint32_t now, uint32_t after_s)
{
    stor_table *t = c->t;
    if (!unchanged(c) || !evictable(t, now, after_s, true)) return false;
    if (c->reuse) {
        if (!evict_clean(t)) return false;
        c->gen = atomic_fetch_add(&ev_gen, 1) + 1;
        t->ev_rows.packed = true;   /* (as a new file's below: the copy it leaves with stays
                                       its copy when it comes back, whatever a compression
                                       pass packs then; else whether an unchanged table
                                       wrote a new file on its next eviction depended on
                                       which of the two came first) */
    } else {
        char path[4300];
        snprintf(path, sizeof path, "%s/evict/%llu.%u", stor_datadir(), (unsigned long long)c->serial, c->gen);
        stor_evsrc *src = src_new(path);
        if (!src) return false;
        c->rows.packed = true;   /* (its rows come back as they left: a compression after
                                    that load does not make it stale, evict_copy_stale) */
        src_set(t, src, &c->rows);
        evict_src_drop(src);   /* (the table's is the one reference) */
    }
    tbl_evict_rows(t);
    t->ev_gen = c->gen;
    t->ev_bytes = t->ev_rows.len;
    atomic_fetch_add(&st_out, 1);
    atomic_fetch_add(&st_bytes, t->ev_bytes);
    atomic_fetch_add(&st_evictions, 1);
    atomic_store_explicit(&t->evicted, true, memory_order_release);
    return true;
}

static void unlink_gen(const cand *c)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/evict/%llu.%u", stor_datadir(), (unsigned long long)c->serial, c->gen);
    unlink(path);
}

/* Holding the store lock (shared or exclusive) for more than a slice: let it go, so
 * that others waiting for it go first, and take it again. */
static void breathe(uint64_t *t0, bool excl)
{
    if (mono_ns() - *t0 < EV_SLICE_NS) return;
    stor_unlock();
    if (excl) stor_lock_exclusive();
    else stor_lock_shared();
    *t0 = mono_ns();
}

/* Candidates [from, to): their files under the shared lock, then out under the exclusive
 * one. The number evicted. */
static uint32_t evict_group(cand *v, uint32_t from, uint32_t to, uint32_t now, uint32_t after_s)
{
    uint32_t done = 0;
    bool ok[64];
    stor_lock_shared();
    uint64_t t0 = mono_ns();
    for (uint32_t i = from; i < to; i++) {
        ok[i - from] = unchanged(&v[i]) && (v[i].reuse || write_file(&v[i], &t0));
        breathe(&t0, false);
    }
    stor_unlock();
    stor_lock_exclusive();
    t0 = mono_ns();
    for (uint32_t i = from; i < to; i++) {
        if (!ok[i - from]) continue;
        if (finish(&v[i], now, after_s)) done++;
        else if (!v[i].reuse) unlink_gen(&v[i]);   /* (never named by the table: no checkpoint reads it) */
        breathe(&t0, true);
    }
    dead_sweep();
    stor_unlock();
    return done;
}

static int by_used(const void *a, const void *b)
{
    uint32_t x = ((const cand *)a)->used, y = ((const cand *)b)->used;
    return x < y ? -1 : x > y;
}

/* One pass: the tables unused for after_s seconds go, 64 at a time. below != 0 (memory
 * pressure): least recently used first, one at a time, until stor_mem_used() < below. */
static uint32_t evict_run(uint32_t after_s, size_t below)
{
    uint32_t now = evict_clock(), done = 0;
    cand *v = NULL;
    stor_lock_shared();
    uint32_t n = collect(&v, now, after_s);
    stor_unlock();
    if (below && n) qsort(v, n, sizeof *v, by_used);
    uint32_t step = below ? 1 : 64;
    for (uint32_t i = 0; i < n; i += step) {
        if (below && stor_mem_used() < below) break;
        done += evict_group(v, i, n - i < step ? n : i + step, now, after_s);
    }
    free(v);
    if (done) stor_mem_purge();
    return done;
}

uint32_t stor_evict_pass(uint32_t after_s) { return evict_run(after_s, 0); }

/* Memory pressure: past 7/8 of --max-memory the least recently used tables go, whatever
 * --evict-after-s says (but not one used in the last EV_PRESSURE_IDLE_S seconds: what is
 * being loaded or written now), until 3/4 of it is used: a write then finds room instead
 * of failing with 1114 while something cold could go. */
#define EV_PRESSURE_IDLE_S 2
static uint32_t pressure_pass(void)
{
    size_t lim = stor_mem_limit();
    if (!lim || stor_mem_used() < lim / 8 * 7) return 0;
    uint32_t n = evict_run(EV_PRESSURE_IDLE_S, lim / 4 * 3);
    if (n) atomic_fetch_add(&st_pressure, n);
    return n;
}

/* ---- copies of unchanged tables, for checkpoints ---- */

static void (*ck_hint)(void);
static uint64_t clean_skip_ns;   /* (the thread's: no pass before then) */

void stor_set_checkpoint_hint(void (*fn)(void)) { ck_hint = fn; }

/* Store lock shared: the tables to copy now (unchanged for STOR_CLEAN_AFTER_S, no
 * versions); *dirty the cells of those in memory without a copy, *copied the bytes of
 * the copies. */
static uint32_t clean_collect(cand **out, uint32_t now, uint64_t *dirty, uint64_t *copied)
{
    uint32_t n = 0, cap = 0, ndb;
    cand *v = NULL;
    stor_db **dbs = stor_db_list(&ndb);
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            if (t->temporary || t->sequence || !t->nrows || t->name[0] == '#') continue;
            pthread_mutex_lock(&load_mu);
            bool has = t->evicted || evict_clean(t);
            if (has) *copied += t->ev_rows.len;
            pthread_mutex_unlock(&load_mu);
            if (has) continue;
            *dirty += (uint64_t)t->nrows * t->ncols;
            if (t->mods != t->cl_mods) { t->cl_mods = t->mods; t->cl_at = now; continue; }
            if (now - t->cl_at < STOR_CLEAN_AFTER_S || t->nver || t->ngaps) continue;
            if (!cand_push(&v, &n, &cap, (cand){ .t = t, .serial = t->serial, .mods = t->mods, .version = t->version,
                                                 .keep = true, .cells = (uint64_t)t->nrows * t->ncols }))
                break;
        }
    *out = v;
    return n;
}

/* One table's copy, under the shared store lock (writers wait; readers go on). */
static bool clean_one(cand *c)
{
    stor_lock_shared();
    uint64_t t0 = mono_ns();
    bool ok = unchanged(c) && !c->t->nver && write_file(c, &t0) && unchanged(c) && !c->t->nver;
    if (ok) {
        char path[4300];
        snprintf(path, sizeof path, "%s/evict/%llu.%u", stor_datadir(), (unsigned long long)c->serial, c->gen);
        stor_evsrc *src = src_new(path);
        ok = src != NULL;
        pthread_mutex_lock(&load_mu);
        if (ok) src_set(c->t, src, &c->rows);
        pthread_mutex_unlock(&load_mu);
        evict_src_drop(src);
    }
    if (!ok && c->gen) unlink_gen(c);
    stor_unlock();
    return ok;
}

/* Copies of the tables that stopped changing, at most a fifth of a core's time; then
 * a checkpoint hinted if it would only copy. */
static void clean_pass(void)
{
    uint64_t t0 = mono_ns();
    if (t0 < clean_skip_ns) return;
    uint64_t dirty = 0, copied = 0;
    cand *v = NULL;
    stor_lock_shared();
    uint32_t n = clean_collect(&v, evict_clock(), &dirty, &copied);
    stor_unlock();
    for (uint32_t i = 0; i < n; i++)
        if (clean_one(&v[i])) { dirty -= v[i].cells; copied += v[i].rows.len; }
    free(v);
    clean_skip_ns = mono_ns() + 4 * (mono_ns() - t0);
    uint64_t wal = stor_wal_size();
    if (ck_hint && dirty < (1u << 20) && wal > STOR_CHEAP_WAL && wal > copied / 2 && !stor_checkpoint_prev_pending())
        ck_hint();
}

static void ev_tick(stor_ticker *k)
{
    (void)k;
    if (ev_after_s) stor_evict_pass(ev_after_s);
    pressure_pass();
    clean_pass();
    pthread_mutex_lock(&dead_mu);
    bool any_dead = ndead != 0;
    pthread_mutex_unlock(&dead_mu);
    if (any_dead && !stor_checkpoint_prev_pending()) {   /* (copies a checkpoint replaced) */
        stor_lock_exclusive();
        dead_sweep();
        stor_unlock();
    }
}

/* The evict directory, emptied: files of an earlier run are stale caches. */
int evict_dir_reset(void)
{
    if (dir_ready) return 0;
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/evict", stor_datadir());
    if (mkdir(dir, 0750) != 0 && errno != EEXIST) return -1;
    DIR *d = opendir(dir);
    if (!d) return -1;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char p[4500];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    closedir(d);
    dir_ready = true;
    return 0;
}

void evict_recovering(bool on) { ev_recover = on; }

stor_evsrc *evict_snap_src(void)
{
    if (evict_dir_reset() != 0) return NULL;
    char snap[4300], lk[4300];
    snprintf(snap, sizeof snap, "%s/pressdb.snap", stor_datadir());
    snprintf(lk, sizeof lk, "%s/evict/snapshot.%u", stor_datadir(), atomic_fetch_add(&snap_seq, 1) + 1);
    unlink(lk);
    if (link(snap, lk) != 0) return NULL;
    stor_evsrc *s = src_new(lk);
    if (!s) unlink(lk);
    return s;
}

void evict_snap_out(stor_table *t, stor_evsrc *src, const stor_ev_rows *rv, uint32_t nrows, uint32_t nlive)
{
    assert(!t->nrows && !t->cap && !t->derived);   /* (just made by the catalog's CREATE) */
    t->nrows = nrows;
    t->nlive = nlive;
    src_set(t, src, rv);
    t->ev_bytes = rv->len;
    atomic_fetch_add(&snap_out, 1);
    atomic_fetch_add(&st_out, 1);
    atomic_fetch_add(&st_bytes, rv->len);
    atomic_store_explicit(&t->evicted, true, memory_order_release);
}

/* ---- checkpoints: each table's section in the new snapshot becomes its clean copy ---- */

typedef struct ck_tab { stor_table *t; uint64_t serial, mods, version, zmods; uint32_t k; bool clean; } ck_tab;
struct evict_ck { ck_tab *v; uint32_t n; };

evict_ck *evict_ck_list(void)
{
    uint32_t ndb, n = 0;
    stor_db **dbs = stor_db_list(&ndb);
    for (uint32_t i = 0; i < ndb; i++) n += dbs[i]->ntables;
    evict_ck *ck = calloc(1, sizeof *ck);
    if (ck) ck->v = malloc((n ? n : 1) * sizeof *ck->v);
    if (!ck || !ck->v) { free(ck); return NULL; }
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            /* (a table with versions is written as its committed rows: not its copy) */
            ck->v[ck->n] = (ck_tab){ t, t->serial, t->mods, t->version, t->zmods, ck->n, !t->nver };
            ck->n++;
        }
    return ck;
}

void evict_ck_free(evict_ck *ck)
{
    if (ck) free(ck->v);
    free(ck);
}

static int ck_by_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const ck_tab *)a)->t, y = (uintptr_t)((const ck_tab *)b)->t;
    return x < y ? -1 : x > y;
}

/* One table after the checkpoint: its section there if it has not changed since the
 * list was made, else no copy where its own is stale. Values compressed since the list
 * change nothing a reader sees, but a section that holds them plain would bring them
 * back plain after a restart. */
static void ck_adopt_one(stor_table *t, const ck_tab *c, stor_evsrc *src, const stor_ev_rows *rows,
                         const uint32_t *nrows, const uint32_t *nlive)
{
    if (c && c->serial == t->serial && c->clean && t->mods == c->mods && t->version == c->version &&
        (t->zmods == c->zmods || rows[c->k].packed) && nrows[c->k] == t->nrows && nlive[c->k] == t->nlive) {
        src_set(t, src, &rows[c->k]);
        if (!t->evicted) return;
        atomic_fetch_sub(&st_bytes, t->ev_bytes);
        t->ev_bytes = t->ev_rows.len;
        atomic_fetch_add(&st_bytes, t->ev_bytes);
    } else if (!t->evicted && t->ev_src && !evict_clean(t)) src_set(t, NULL, NULL);
}

void evict_ck_adopt(evict_ck *ck)
{
    if (!ck) return;
    stor_evsrc *src = evict_snap_src();
    stor_ev_rows *rows = malloc((ck->n ? ck->n : 1) * sizeof *rows);
    uint32_t *nrows = malloc((ck->n ? ck->n : 1) * sizeof *nrows), *nlive = malloc((ck->n ? ck->n : 1) * sizeof *nlive);
    if (src && rows && nrows && nlive && snap_toc_rows(src->path, ck->n, rows, nrows, nlive) == 0) {
        qsort(ck->v, ck->n, sizeof *ck->v, ck_by_ptr);
        pthread_mutex_lock(&load_mu);
        uint32_t ndb;
        stor_db **dbs = stor_db_list(&ndb);
        for (uint32_t i = 0; i < ndb; i++)
            for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
                stor_table *t = dbs[i]->tables[j];
                ck_tab key = { .t = t };
                ck_adopt_one(t, bsearch(&key, ck->v, ck->n, sizeof *ck->v, ck_by_ptr), src, rows, nrows, nlive);
            }
        pthread_mutex_unlock(&load_mu);
    }
    evict_src_drop(src);   /* (the tables' references keep it) */
    free(rows); free(nrows); free(nlive);
}

/* ---- loading what a start left in the snapshot, with --evict-after-s=0 ----
 * A start serves at once: statements load the tables they name (stor_evict_preload,
 * stor_table_find). Where tables are meant to stay in memory, this thread loads the
 * rest meanwhile, one table at a time and with no store lock held while it reads, so
 * the first statements on each find it in; it stops short of 3/4 of --max-memory. */
static pthread_t fill_thread;
static bool fill_started;
static _Atomic bool fill_stop;

typedef struct fill_name { char *db, *name; uint64_t plain; } fill_name;

static fill_name *fill_list(uint32_t *n)
{
    uint32_t cap = 0, ndb;
    fill_name *v = NULL;
    *n = 0;
    stor_lock_shared();
    stor_db **dbs = stor_db_list(&ndb);
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            const stor_table *t = dbs[i]->tables[j];
            if (!atomic_load_explicit(&t->evicted, memory_order_acquire)) continue;
            if (*n == cap) {
                fill_name *nv = realloc(v, (cap = cap ? cap * 2 : 64) * sizeof *nv);
                if (!nv) goto done;
                v = nv;
            }
            v[*n] = (fill_name){ strdup(t->db), strdup(t->name), load_need(t) };
            if (v[*n].db && v[*n].name) (*n)++;
            else { free(v[*n].db); free(v[*n].name); }
        }
done:
    stor_unlock();
    return v;
}

static void *fill_run(void *arg)
{
    (void)arg;
    uint32_t n;
    fill_name *v = fill_list(&n);
    size_t lim = stor_mem_limit();
    uint32_t i = 0;
    for (; i < n && !atomic_load(&fill_stop); i++) {
        if (lim && stor_mem_used() + v[i].plain > lim / 4 * 3) {
            fprintf(stderr, "pressdb: [Note] %u tables stay on disk until a statement uses them "
                    "(loading them would pass 3/4 of --max-memory)\n", n - i);
            break;
        }
        stor_evict_preload(v[i].db, v[i].name, true);
    }
    for (i = 0; i < n; i++) { free(v[i].db); free(v[i].name); }
    free(v);
    stor_lock_exclusive();   /* (the snapshot's link, once no table needs it) */
    dead_sweep();
    stor_unlock();
    return NULL;
}

int stor_evict_start(uint32_t after_s)
{
    if (evict_dir_reset() != 0) return -1;
    if (ev_ticker.running) return 0;   /* (runs with after_s 0 too: memory pressure) */
    ev_after_s = after_s;
    if (!after_s && atomic_load(&snap_out) && !fill_started) {
        atomic_store(&fill_stop, false);
        fill_started = pthread_create(&fill_thread, NULL, fill_run, NULL) == 0;
    }
    return ticker_start(&ev_ticker, ev_tick);
}

void stor_evict_stop(void)
{
    if (fill_started) {
        atomic_store(&fill_stop, true);
        pthread_join(fill_thread, NULL);
        fill_started = false;
    }
    ticker_stop(&ev_ticker);
}

uint32_t stor_evict_after(void) { return ev_after_s; }

void stor_evict_stats(stor_evstats *out)
{
    out->tables_out = atomic_load(&st_out);
    out->evictions = atomic_load(&st_evictions);
    out->loads = atomic_load(&st_loads);
    out->load_us = atomic_load(&st_load_us);
    out->file_bytes = atomic_load(&st_bytes);
    out->pressure = atomic_load(&st_pressure);
}
