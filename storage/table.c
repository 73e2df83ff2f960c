/* table.c - the catalog (databases, tables) and row storage: typed column vectors
 * indexed by row id, a dead-row bitmap, and hashed indexes for keys.
 *
 * Row ids are dense and stable until a table is truncated: a deleted row leaves a
 * dead slot (compaction comes with snapshots). A column's data is one array per kind
 * (int64, double, or string refs), so an executor or JIT loop walks it directly.
 * Every mutation is also recorded in the current transaction's redo (wal.c).
 */
#include "storage/storage.h"
#include "storage/wal.h"
#include <string.h>
#include <strings.h>
#include <stdlib.h>
#include <stdio.h>
#include <time.h>
#include <assert.h>
#include <stdatomic.h>

static stor_db **dbs;
static uint32_t ndbs;
/* dbs' names also under this leaf lock, so stor_db_exists needs no store lock */
static pthread_mutex_t dbs_mu = PTHREAD_MUTEX_INITIALIZER;
static void dbs_lock(void) { pthread_mutex_lock(&dbs_mu); }
static void dbs_unlock(void) { pthread_mutex_unlock(&dbs_mu); }
void table_atfork(void) { pthread_atfork(dbs_lock, dbs_unlock, dbs_unlock); }

/* ---- the store lock (storage.h: lock order) ----
 * Each thread tracks how it holds the lock (lock_held) and whether it may block on it
 * at all (lock_noblock: an event loop). A blocking call by such a thread, or taking the
 * lock again while holding it, is a lock-order violation: logged once, and fatal when
 * PRESSDB_LOCK_CHECK is set (as the test harness sets it for every pressdb it starts). */
/* The store lock: a reader/writer lock of our own, fair by generations. A writer that
 * starts waiting marks a generation (wgen): readers that came in before it (the oldest
 * holder, rhead, has an earlier sequence number) are waited for anyway, so while one of
 * them still runs new readers are let in too (the site goes on answering while a
 * long report runs); once every reader older than the writer is gone, new readers wait
 * behind it (a blocking reader) or find the lock busy (an event loop's try, which moves
 * the statement to a worker). A writer so waits for the readers in before it and at most
 * one generation of readers let in meanwhile, never for ever (glibc's readers-first lock
 * kept an INSERT waiting 598 s behind overlapping scans), and a running long reader does
 * not stop every other reader as glibc's writers-first lock did. No thread takes the lock
 * twice (checked below). */
typedef struct rnode { uint64_t seq; struct rnode *prev, *next; } rnode;
static pthread_mutex_t sl_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sl_rcv = PTHREAD_COND_INITIALIZER, sl_wcv = PTHREAD_COND_INITIALIZER;
static rnode *rhead, *rtail;                    /* readers holding it, oldest first */
static uint32_t nreaders, nwwait;
static bool wheld;
static uint64_t sl_seq, wgen;                   /* wgen: the waiting writers' generation */
static __thread rnode my_rnode;

/* May a reader come in now? (under sl_mu) */
static bool reader_may_enter(void)
{
    if (wheld) return false;
    return nwwait == 0 || (rhead && rhead->seq < wgen);
}

static void reader_enter(void)
{
    rnode *n = &my_rnode;
    n->seq = ++sl_seq;
    n->next = NULL;
    n->prev = rtail;
    if (rtail) rtail->next = n; else rhead = n;
    rtail = n;
    nreaders++;
}

static void reader_leave(void)
{
    rnode *n = &my_rnode;
    if (n->prev) n->prev->next = n->next; else rhead = n->next;
    if (n->next) n->next->prev = n->prev; else rtail = n->prev;
    nreaders--;
    if (nreaders == 0 && nwwait) pthread_cond_broadcast(&sl_wcv);
}

static void sl_rdlock(void)
{
    pthread_mutex_lock(&sl_mu);
    while (!reader_may_enter()) pthread_cond_wait(&sl_rcv, &sl_mu);
    reader_enter();
    pthread_mutex_unlock(&sl_mu);
}

static void sl_wrlock(void)
{
    pthread_mutex_lock(&sl_mu);
    if (nwwait++ == 0) wgen = ++sl_seq;
    while (wheld || nreaders) pthread_cond_wait(&sl_wcv, &sl_mu);
    nwwait--;
    wheld = true;
    pthread_mutex_unlock(&sl_mu);
}

static bool sl_tryrdlock(void)
{
    pthread_mutex_lock(&sl_mu);
    bool ok = reader_may_enter();
    if (ok) reader_enter();
    pthread_mutex_unlock(&sl_mu);
    return ok;
}

static bool sl_trywrlock(void)
{
    pthread_mutex_lock(&sl_mu);
    bool ok = !wheld && !nreaders;
    if (ok) wheld = true;
    pthread_mutex_unlock(&sl_mu);
    return ok;
}

static void sl_unlock(bool excl)
{
    pthread_mutex_lock(&sl_mu);
    if (excl) {
        wheld = false;
        if (nwwait) wgen = ++sl_seq;   /* the next writers: a new generation */
        pthread_cond_broadcast(&sl_wcv);
        pthread_cond_broadcast(&sl_rcv);
    } else {
        reader_leave();   /* (no reader may enter now that could not before) */
    }
    pthread_mutex_unlock(&sl_mu);
}

static __thread uint8_t lock_held;              /* 0, 1 shared, 2 exclusive */
static __thread bool lock_noblock;
static _Atomic uint64_t lock_violations;

static void lock_violation(const char *what)
{
    if (atomic_fetch_add(&lock_violations, 1) == 0 || getenv("PRESSDB_LOCK_CHECK"))
        fprintf(stderr, "pressdb: [ERROR] store lock order violated: %s\n", what);
    if (getenv("PRESSDB_LOCK_CHECK")) abort();
}

static void lock_check(void)
{
    if (lock_held) lock_violation("taken again by a thread that holds it");
    if (lock_noblock) lock_violation("an event loop thread blocks on it");
}

void stor_lock_shared(void) { lock_check(); sl_rdlock(); lock_held = 1; }
void stor_lock_exclusive(void) { lock_check(); sl_wrlock(); lock_held = 2; }
int stor_lock_mode(void) { return lock_held; }

/* PRESSDB_LOCK_BUSY=1 (tests): every try fails, so every command of an event loop takes
 * the path of a busy lock (a worker runs it). */
static bool lock_always_busy(void)
{
    static _Atomic int busy = -1;
    int b = atomic_load_explicit(&busy, memory_order_relaxed);
    if (b < 0) {
        const char *e = getenv("PRESSDB_LOCK_BUSY");
        b = e && *e == '1';
        atomic_store_explicit(&busy, b, memory_order_relaxed);
    }
    return b;
}

static bool lock_try(bool excl)
{
    if (lock_held) lock_violation("taken again by a thread that holds it");
    if (lock_always_busy()) return false;
    if (!(excl ? sl_trywrlock() : sl_tryrdlock())) return false;
    lock_held = excl ? 2 : 1;
    return true;
}

bool stor_lock_try_shared(void) { return lock_try(false); }
bool stor_lock_try_exclusive(void) { return lock_try(true); }

void stor_unlock(void)
{
    assert(lock_held);
    bool excl = lock_held == 2;
    lock_held = 0;
    sl_unlock(excl);
}

void stor_lock_set_noblock(bool on) { lock_noblock = on; }
bool stor_lock_may_block(void) { return !lock_noblock; }

/* ---- datetime packing ---- */

int64_t pdb_dt_pack(int y, int mo, int d, int h, int mi, int s, int us)
{
    int64_t v = ((((int64_t)y * 13 + mo) * 32 + d) * 24 + h) * 60 + mi;
    return (v * 60 + s) * 1000000 + us;
}

void pdb_dt_unpack(int64_t v, int *y, int *mo, int *d, int *h, int *mi, int *s, int *us)
{
    *us = (int)(v % 1000000); v /= 1000000;
    *s = (int)(v % 60); v /= 60;
    *mi = (int)(v % 60); v /= 60;
    *h = (int)(v % 24); v /= 24;
    *d = (int)(v % 32); v /= 32;
    *mo = (int)(v % 13); v /= 13;
    *y = (int)v;
}

/* ---- databases ---- */

/* dbs is kept in name order (strcmp, as SHOW DATABASES lists them): a lookup is a
 * binary search (a host's thousands of databases made every table lookup a scan), and
 * stor_db_list needs no sort. Changed under dbs_mu and the exclusive store lock. */
static uint32_t db_pos(const char *name, bool *found)
{
    uint32_t lo = 0, hi = ndbs;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(dbs[mid]->name, name);
        if (!c) { *found = true; return mid; }
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    *found = false;
    return lo;
}

stor_db *stor_db_find(const char *name)
{
    bool found;
    uint32_t i = db_pos(name, &found);
    return found ? dbs[i] : NULL;
}

stor_db **stor_db_list(uint32_t *n)
{
    *n = ndbs;
    return dbs;
}

int stor_db_create(const char *name, uint16_t coll)
{
    bool found;
    uint32_t at = db_pos(name, &found);
    if (found) return -1;
    stor_db *d = stor_calloc(1, sizeof *d);
    d->name = stor_strndup(name, strlen(name));
    d->coll = coll;
    pthread_mutex_lock(&dbs_mu);
    dbs = stor_realloc(dbs, (ndbs + 1) * sizeof *dbs);
    memmove(dbs + at + 1, dbs + at, (size_t)(ndbs - at) * sizeof *dbs);
    dbs[at] = d;
    ndbs++;
    pthread_mutex_unlock(&dbs_mu);
    return 0;
}

bool stor_db_exists(const char *name)
{
    pthread_mutex_lock(&dbs_mu);
    bool found = stor_db_find(name) != NULL;
    pthread_mutex_unlock(&dbs_mu);
    return found;
}

static void table_free(stor_table *t);
static void compact_mark(stor_table *t, bool on);

int stor_db_drop(const char *name)
{
    bool found;
    uint32_t i = db_pos(name, &found);
    if (found) {
        stor_db *d = dbs[i];
        pthread_mutex_lock(&dbs_mu);
        memmove(dbs + i, dbs + i + 1, (size_t)(ndbs - i - 1) * sizeof *dbs);
        ndbs--;
        pthread_mutex_unlock(&dbs_mu);
        for (uint32_t j = 0; j < d->ntables; j++) table_free(d->tables[j]);
        stor_free(d->tables);
        while (d->nviews) stor_viewdef_drop(d, d->views[0]->name);
        stor_free(d->views);
        while (d->ntriggers) stor_trigdef_drop(d, d->triggers[0]->name);
        stor_free(d->triggers);
        while (d->nroutines) stor_routine_drop(d, d->routines[0]->name, d->routines[0]->function);
        stor_free(d->routines);
        while (d->nevents) stor_event_drop(d, d->events[0]->name);
        stor_free(d->events);
        stor_free(d->name);
        stor_free(d);
        return 0;
    }
    return -1;
}

stor_table *stor_table_peek(const char *db, const char *name)
{
    stor_db *d = stor_db_find(db);
    if (!d) return NULL;
    for (uint32_t i = 0; i < d->ntables; i++)
        if (!strcmp(d->tables[i]->name, name)) return d->tables[i];
    return NULL;
}

stor_table *stor_table_find(const char *db, const char *name)
{
    stor_table *t = stor_table_peek(db, name);
    if (t) evict_touch(t);
    return t;
}

/* ---- views ---- */

static uint64_t view_seq;
static _Atomic uint32_t view_count;   /* views in the store: none (the usual case) skips lookups */

bool stor_viewdefs_exist(void) { return atomic_load_explicit(&view_count, memory_order_relaxed) != 0; }

stor_viewdef *stor_viewdef_find(const char *db, const char *name)
{
    stor_db *d = stor_db_find(db);
    if (!d) return NULL;
    for (uint32_t i = 0; i < d->nviews; i++)
        if (!strcmp(d->views[i]->name, name)) return d->views[i];
    return NULL;
}

void stor_viewdef_put(stor_db *d, const char *name, const char *sql, size_t len)
{
    stor_viewdef *v = stor_viewdef_find(d->name, name);
    if (!v) {
        v = stor_calloc(1, sizeof *v);
        v->name = stor_strndup(name, strlen(name));
        atomic_fetch_add_explicit(&view_count, 1, memory_order_relaxed);
        d->views = stor_realloc(d->views, (d->nviews + 1) * sizeof *d->views);
        d->views[d->nviews++] = v;
    }
    stor_free(v->sql);
    v->sql = stor_strndup(sql, len);
    v->seq = ++view_seq;
}

int stor_viewdef_drop(stor_db *d, const char *name)
{
    for (uint32_t i = 0; i < d->nviews; i++) {
        if (strcmp(d->views[i]->name, name)) continue;
        atomic_fetch_sub_explicit(&view_count, 1, memory_order_relaxed);
        stor_free(d->views[i]->name);
        stor_free(d->views[i]->sql);
        stor_free(d->views[i]);
        memmove(&d->views[i], &d->views[i + 1], (d->nviews - i - 1) * sizeof *d->views);
        d->nviews--;
        return 0;
    }
    return -1;
}

/* ---- triggers ---- */

static _Atomic uint32_t trig_count;   /* triggers in the store: none skips every lookup */

bool stor_trigdefs_exist(void) { return atomic_load_explicit(&trig_count, memory_order_relaxed) != 0; }

stor_trigdef *stor_trigdef_find(const char *db, const char *name)
{
    stor_db *d = stor_db_find(db);
    if (!d) return NULL;
    for (uint32_t i = 0; i < d->ntriggers; i++)
        if (!strcmp(d->triggers[i]->name, name)) return d->triggers[i];
    return NULL;
}

void stor_trigdef_add(stor_db *d, const char *name, const char *table, const char *sql, size_t len, uint32_t at)
{
    assert(at <= d->ntriggers);
    stor_trigdef *g = stor_calloc(1, sizeof *g);
    g->name = stor_strndup(name, strlen(name));
    g->table = stor_strndup(table, strlen(table));
    g->sql = stor_strndup(sql, len);
    d->triggers = stor_realloc(d->triggers, (d->ntriggers + 1) * sizeof *d->triggers);
    memmove(&d->triggers[at + 1], &d->triggers[at], (d->ntriggers - at) * sizeof *d->triggers);
    d->triggers[at] = g;
    d->ntriggers++;
    atomic_fetch_add_explicit(&trig_count, 1, memory_order_relaxed);
}

int stor_trigdef_drop(stor_db *d, const char *name)
{
    for (uint32_t i = 0; i < d->ntriggers; i++) {
        stor_trigdef *g = d->triggers[i];
        if (strcmp(g->name, name)) continue;
        atomic_fetch_sub_explicit(&trig_count, 1, memory_order_relaxed);
        stor_free(g->name);
        stor_free(g->table);
        stor_free(g->sql);
        stor_free(g);
        memmove(&d->triggers[i], &d->triggers[i + 1], (d->ntriggers - i - 1) * sizeof *d->triggers);
        d->ntriggers--;
        return 0;
    }
    return -1;
}

void stor_trigdef_retable(stor_trigdef *g, const char *table)
{
    stor_free(g->table);
    g->table = stor_strndup(table, strlen(table));
}

/* ---- stored procedures and functions, events ---- */

/* The list a kind of program lives in: routines (procedures, functions), events */
static stor_routine ***prog_list(stor_db *d, int kind, uint32_t **n)
{
    if (kind == STOR_PROG_EVENT) { *n = &d->nevents; return &d->events; }
    *n = &d->nroutines;
    return &d->routines;
}

static stor_routine *prog_find(stor_db *d, const char *name, int kind)
{
    uint32_t *n;
    stor_routine **v = *prog_list(d, kind, &n);
    for (uint32_t i = 0; i < *n; i++)
        if (v[i]->function == (kind == STOR_PROG_FUNCTION) && !strcasecmp(v[i]->name, name)) return v[i];
    return NULL;
}

static void prog_put(stor_db *d, const char *name, int kind, const char *sql, size_t len)
{
    stor_routine *r = prog_find(d, name, kind);
    if (!r) {
        uint32_t *n;
        stor_routine ***v = prog_list(d, kind, &n);
        r = stor_calloc(1, sizeof *r);
        r->name = stor_strndup(name, strlen(name));
        r->function = kind == STOR_PROG_FUNCTION;
        *v = stor_realloc(*v, (*n + 1) * sizeof **v);
        (*v)[(*n)++] = r;
    }
    stor_free(r->sql);
    r->sql = stor_strndup(sql, len);
}

static int prog_drop(stor_db *d, const char *name, int kind)
{
    uint32_t *n;
    stor_routine **v = *prog_list(d, kind, &n);
    for (uint32_t i = 0; i < *n; i++) {
        stor_routine *r = v[i];
        if (r->function != (kind == STOR_PROG_FUNCTION) || strcasecmp(r->name, name)) continue;
        stor_free(r->name);
        stor_free(r->sql);
        stor_free(r);
        memmove(&v[i], &v[i + 1], (*n - i - 1) * sizeof *v);
        (*n)--;
        return 0;
    }
    return -1;
}

stor_routine *stor_routine_find(const char *db, const char *name, bool function)
{
    stor_db *d = stor_db_find(db);
    return d ? prog_find(d, name, function ? STOR_PROG_FUNCTION : STOR_PROG_PROCEDURE) : NULL;
}

void stor_routine_put(stor_db *d, const char *name, bool function, const char *sql, size_t len)
{
    prog_put(d, name, function ? STOR_PROG_FUNCTION : STOR_PROG_PROCEDURE, sql, len);
}

int stor_routine_drop(stor_db *d, const char *name, bool function)
{
    return prog_drop(d, name, function ? STOR_PROG_FUNCTION : STOR_PROG_PROCEDURE);
}

stor_routine *stor_event_find(const char *db, const char *name)
{
    stor_db *d = stor_db_find(db);
    return d ? prog_find(d, name, STOR_PROG_EVENT) : NULL;
}

void stor_event_put(stor_db *d, const char *name, const char *sql, size_t len) { prog_put(d, name, STOR_PROG_EVENT, sql, len); }
int stor_event_drop(stor_db *d, const char *name) { return prog_drop(d, name, STOR_PROG_EVENT); }

/* ---- tables ---- */

static void ord_drop(stor_index *x)
{
    stor_ord_free(x->ord);
    x->ord = NULL;
}

/* (the arrays are column vectors: cap row slots, nb buckets) */
static void chain_free(struct stor_hchain *c, uint32_t cap, uint32_t nb)
{
    stor_vec_free(c->buckets, (size_t)nb * sizeof(uint32_t));
    stor_vec_free(c->next, (size_t)cap * sizeof(uint32_t));
    stor_vec_free(c->prev, (size_t)cap * sizeof(uint32_t));
    c->buckets = c->next = c->prev = NULL;
}

/* A row's string goes: a pooled copy back to the pool, a compressed or plain one freed. */
static void str_let_go(stor_column *c, struct stor_str s)
{
    if (!s.p) return;
    if (s.pooled) stor_strpool_release(c, s.p, s.pooled);
    else zv_free(s.p, s.len);
}

static void col_free_data(stor_column *c, uint32_t nrows, uint32_t cap)
{
    if (c->sp) for (uint32_t r = 0; r < nrows; r++) str_let_go(c, stor_scell(c, r));
    stor_strpool_free(c);
    stor_vec_free(c->code, (size_t)cap * sizeof *c->code);
    c->code = NULL;
    stor_vec_free(c->i64, (size_t)cap * sizeof *c->i64);
    stor_vec_free(c->f64, (size_t)cap * sizeof *c->f64);
    stor_vec_free(c->sp, (size_t)cap * sizeof *c->sp);
    stor_vec_free(c->slen, (size_t)cap * sizeof *c->slen);
    stor_free(c->nulls); stor_free(c->seg);
    c->i64 = NULL; c->f64 = NULL; c->sp = NULL; c->slen = NULL; c->nulls = NULL; c->seg = NULL;
    zv_dict_unref(c->zdict);   /* (the blobs made with it hold their own references) */
    c->zdict = NULL;
    c->ztried = false;
    c->lo = c->hi = 0;
}

static void table_free(stor_table *t)
{
    evict_forget(t);
    compact_mark(t, false);
    if (t->derived) t->derived->free(t->derived);
    stor_free(t->rewrite_log);
    stor_free(t->seq);
    for (uint32_t i = 0; i < t->ncols; i++) {
        stor_column *c = &t->cols[i];
        col_free_data(c, t->nrows, t->cap);
        stor_free(c->name); stor_free(c->default_sql); stor_free(c->comment); stor_free(c->gen_sql);
        for (uint32_t e = 0; e < c->n_enum; e++) stor_free(c->enum_vals[e]);
        stor_free(c->enum_vals);
    }
    for (uint32_t i = 0; i < t->nidx; i++) {
        stor_index *x = &t->idx[i];
        stor_free(x->name); stor_free(x->cols); stor_free(x->prefix); stor_free(x->comment);
        chain_free(&x->h, t->cap, x->nbuckets); chain_free(&x->h1, t->cap, x->nbuckets);
        ord_drop(x);
    }
    mvcc_forget_table(t);
    stor_free(t->cols); stor_free(t->idx); stor_free(t->dead); stor_free(t->ver); stor_free(t->origin);
    stor_free(t->db); stor_free(t->name); stor_free(t->engine); stor_free(t->comment);
    stor_free(t->row_format);
    stor_checks_free(t->checks, t->nchecks);
    stor_fks_free(t->fks, t->nfks);
    stor_free(t);
}

static char **names_copy(char *const *v, uint32_t n)
{
    char **d = stor_calloc(n ? n : 1, sizeof *d);
    for (uint32_t i = 0; i < n; i++) d[i] = stor_strndup(v[i], strlen(v[i]));
    return d;
}

static void names_free(char **v, uint32_t n)
{
    for (uint32_t i = 0; v && i < n; i++) stor_free(v[i]);
    stor_free(v);
}

void stor_fks_free(stor_fk *f, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        stor_free(f[i].name); stor_free(f[i].ref_db); stor_free(f[i].ref_table);
        names_free(f[i].cols, f[i].ncols); names_free(f[i].ref_cols, f[i].ncols);
    }
    stor_free(f);
}

stor_fk *stor_fks_copy(const stor_fk *f, uint32_t n)
{
    if (!n) return NULL;
    stor_fk *d = stor_calloc(n, sizeof *d);
    for (uint32_t i = 0; i < n; i++) {
        d[i] = f[i];
        d[i].name = stor_strndup(f[i].name, strlen(f[i].name));
        d[i].ref_db = stor_strndup(f[i].ref_db, strlen(f[i].ref_db));
        d[i].ref_table = stor_strndup(f[i].ref_table, strlen(f[i].ref_table));
        d[i].cols = names_copy(f[i].cols, f[i].ncols);
        d[i].ref_cols = names_copy(f[i].ref_cols, f[i].ncols);
    }
    return d;
}

void stor_checks_free(stor_check *c, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) { stor_free(c[i].name); stor_free(c[i].sql); stor_free(c[i].col); }
    stor_free(c);
}

stor_check *stor_checks_copy(const stor_check *c, uint32_t n)
{
    if (!n) return NULL;
    stor_check *d = stor_calloc(n, sizeof *d);
    for (uint32_t i = 0; i < n; i++) {
        d[i].name = stor_strndup(c[i].name, strlen(c[i].name));
        d[i].sql = stor_strndup(c[i].sql, strlen(c[i].sql));
        d[i].col = c[i].col ? stor_strndup(c[i].col, strlen(c[i].col)) : NULL;
    }
    return d;
}

static _Atomic uint64_t table_serial;

stor_table *stor_table_create(stor_db *d, stor_table *def)
{
    if (stor_table_peek(d->name, def->name)) return NULL;
    stor_table *t = stor_calloc(1, sizeof *t);
    *t = *def;
    t->db = stor_strndup(d->name, strlen(d->name));
    t->nrows = t->cap = t->nlive = 0;
    t->dead = NULL;
    t->ver = NULL; t->nver = 0;
    t->unordered = false;
    t->clu_last = 0;
    t->origin = NULL;
    t->seq = NULL;
    t->serial = atomic_fetch_add(&table_serial, 1) + 1;
    t->mods = 0;
    t->evicted = false;
    t->ev_gen = 0;
    t->ev_src = NULL;
    t->used = evict_clock();
    if (!t->auto_inc) t->auto_inc = 1;
    for (uint32_t i = 0; i < t->ncols; i++) {   /* a definition: no data (a copied one's pointers) */
        t->cols[i].pool = NULL; t->cols[i].code = NULL; t->cols[i].seg = NULL;
        t->cols[i].zdict = NULL; t->cols[i].ztried = false;
    }
    for (uint32_t i = 0; i < t->nidx; i++) {
        t->idx[i].nbuckets = 0;
        memset(&t->idx[i].h, 0, sizeof t->idx[i].h);
        memset(&t->idx[i].h1, 0, sizeof t->idx[i].h1);
        t->idx[i].ord = NULL;
    }
    d->tables = stor_realloc(d->tables, (d->ntables + 1) * sizeof *d->tables);
    d->tables[d->ntables++] = t;
    return t;
}

int stor_table_drop(stor_db *d, const char *name)
{
    for (uint32_t i = 0; i < d->ntables; i++) {
        if (strcmp(d->tables[i]->name, name)) continue;
        table_free(d->tables[i]);
        memmove(&d->tables[i], &d->tables[i + 1], (d->ntables - i - 1) * sizeof *d->tables);
        d->ntables--;
        return 0;
    }
    return -1;
}

/* Every row, index entry and version of t freed; nrows and nlive stay as they were. */
static void release_rows(stor_table *t)
{
    for (uint32_t i = 0; i < t->ncols; i++) col_free_data(&t->cols[i], t->nrows, t->cap);
    for (uint32_t i = 0; i < t->nidx; i++) {
        chain_free(&t->idx[i].h, t->cap, t->idx[i].nbuckets); chain_free(&t->idx[i].h1, t->cap, t->idx[i].nbuckets);
        ord_drop(&t->idx[i]);
        t->idx[i].nbuckets = 0;
    }
    stor_free(t->dead);
    t->dead = NULL;
    mvcc_forget_table(t);
    stor_free(t->ver);
    t->ver = NULL; t->nver = 0;
    stor_free(t->origin);
    t->origin = NULL;
    t->cap = 0;
    compact_mark(t, false);
    t->unordered = false;
    t->clu_last = 0;
}

void tbl_release_rows(stor_table *t) { release_rows(t); }

int stor_table_truncate(stor_table *t)
{
    t->rewrite_epoch++;
    t->mods++;
    release_rows(t);
    t->nrows = t->nlive = 0;
    t->auto_inc = 1;
    return 0;
}

/* Eviction (evict.c, store lock exclusive): the rows go, with what is derived from them
 * (remade from the rows when next wanted) and the strings' sizes kept for
 * information_schema. */
void tbl_evict_rows(stor_table *t)
{
    for (uint32_t c = 0; c < t->ncols; c++) {
        stor_column *col = &t->cols[c];
        col->ev_len = col->ev_long = 0;
        for (uint32_t r = 0; col->kind == CK_STR && col->code && r < t->nrows; r++) {
            if (stor_is_dead(t, r)) continue;
            col->ev_len += stor_slen(col, r);
            col->ev_long += stor_slen(col, r) > 127;
        }
    }
    if (t->derived) t->derived->free(t->derived);
    t->derived = NULL;
    stor_free(t->rewrite_log);
    t->rewrite_log = NULL;
    t->rewrite_epoch++;
    release_rows(t);
}

/* Stamps the string's segment as used now (compress.c); a write only when it changes. */
static inline void seg_touch(const stor_column *c, uint32_t row)
{
    uint32_t now = __atomic_load_n(&stor_clock, __ATOMIC_RELAXED);
    struct stor_seg *g = &c->seg[row >> STOR_SEG_SHIFT];
    if (__atomic_load_n(&g->used, __ATOMIC_RELAXED) != now) __atomic_store_n(&g->used, now, __ATOMIC_RELAXED);
}

/* stor_get of a compressed string: restores it first. Out of line, so that stor_get's
 * common path calls nothing (a leaf function, no registers saved). */
static __attribute__((noinline)) void get_packed(const stor_column *c, uint32_t row, pdb_value *v)
{
    const char *p = zv_plain(c, row);
    seg_touch(c, row);
    v->t = VT_STRING; v->coll = c->coll; v->p = p; v->len = stor_slen(c, row);
}

void stor_get(const stor_table *t, uint32_t col, uint32_t row, pdb_value *v)
{
    const stor_column *c = &t->cols[col];
    memset(v, 0, sizeof *v);
    if (stor_is_null(c, row)) { v->t = VT_NULL; return; }
    switch (c->kind) {
    case CK_F64: v->t = VT_DOUBLE; v->d = c->f64[row]; return;
    case CK_STR: {
        const char *p;
        uint32_t len;
        if (c->sp) {
            p = __atomic_load_n(&c->sp[row], __ATOMIC_ACQUIRE);
            if (__builtin_expect(zv_is(p), 0)) { get_packed(c, row, v); return; }
            len = c->slen[row] & STOR_STR_MAX;
        } else {
            uint16_t id = c->code[row];   /* (0: a dead row's value, let go) */
            p = id ? c->pval[id] : NULL;
            len = id ? stor_pool_len(p) : 0;
        }
        seg_touch(c, row);
        v->t = VT_STRING; v->coll = c->coll; v->p = p; v->len = len;
        if (c->type == CT_BIT) v->scale = STOR_BIT_MARK;
        return;
    }
    case CK_DEC:   /* a wide DECIMAL: its text, exactly `scale` digits after the point */
        v->t = VT_DECIMAL; v->scale = (uint8_t)(c->scale < 0 ? 0 : c->scale);
        v->p = c->sp[row]; v->len = stor_slen(c, row);
        if (!v->len) v->i = 0;
        return;
    default: break;
    }
    v->i = c->i64[row];
    switch (c->type) {
    case CT_DECIMAL: v->t = VT_DECIMAL; v->scale = (uint8_t)(c->scale < 0 ? 0 : c->scale); break;
    case CT_DATE: v->t = VT_DATE; break;
    case CT_DATETIME: case CT_TIMESTAMP: v->t = VT_DATETIME; v->scale = (uint8_t)(c->scale < 0 ? 0 : c->scale); break;
    case CT_TIME: v->t = VT_TIME; v->scale = (uint8_t)(c->scale < 0 ? 0 : c->scale); break;
    default: v->t = (c->is_unsigned && c->type == CT_BIGINT) ? VT_UINT : VT_INT; break;
    }
}

/* ---- key hashing ---- */

/* Length in bytes of the first nchars characters (UTF-8, whatever the column's charset;
 * binary: bytes). */
static uint32_t prefix_bytes(const stor_column *c, const char *s, uint32_t len, uint32_t nchars)
{
    const pdb_collation *co = pdb_coll_by_id(c->coll);
    if (!co || co->id == COLL_BINARY) return len < nchars ? len : nchars;
    uint32_t i = 0, k = 0;
    while (i < len && k < nchars) {
        uint8_t b = (uint8_t)s[i];
        i += b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
        k++;
    }
    return i > len ? len : i;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

/* One integer key column's hash: keys that differ only in their low 6 bits land in one
 * aligned run of 64 buckets (the high bits mixed, the low ones XORed in), so keys met in
 * order (a dump's rows, AUTO_INCREMENT's) touch the bucket array in order, a cache miss
 * per 64 keys rather than one a key; keys of a stride still spread over every bucket. */
static inline uint64_t int_key_hash(int64_t k)
{
    uint64_t u = (uint64_t)k;
    return stor_hash_fin(mix(0x12345, u >> 6)) ^ (u & 63);
}

/* Hash of the first nk key columns given as values (NULL-free). */
static uint64_t key_hash(const stor_table *t, const stor_index *x, const pdb_value *vals, uint32_t nk)
{
    if (nk == 1 && t->cols[x->cols[0]].kind == CK_I64) return int_key_hash(vals[0].i);
    uint64_t h = 0x12345;
    for (uint32_t k = 0; k < nk; k++) {
        const stor_column *c = &t->cols[x->cols[k]];
        const pdb_value *v = &vals[k];
        if (stor_kind_text(c->kind)) {
            uint32_t n = v->len;
            if (x->prefix[k]) n = prefix_bytes(c, v->p, v->len, x->prefix[k]);
            h = mix(h, pdb_coll_hash(c->kind == CK_DEC ? COLL_BINARY : c->coll, v->p, n));
        } else if (c->kind == CK_F64) {
            double d = v->d == 0 ? 0 : v->d;
            uint64_t u; memcpy(&u, &d, 8);
            h = mix(h, u);
        } else {
            h = mix(h, (uint64_t)v->i);
        }
    }
    return stor_hash_fin(h);
}

/* Do the first nk key columns of the stored row equal vals? */
static bool key_eq(const stor_table *t, const stor_index *x, uint32_t row, const pdb_value *vals, uint32_t nk)
{
    for (uint32_t k = 0; k < nk; k++) {
        const stor_column *c = &t->cols[x->cols[k]];
        const pdb_value *v = &vals[k];
        if (v->t == VT_NULL || stor_is_null(c, row)) return false;
        if (stor_kind_text(c->kind)) {
            const char *s = stor_sptr(c, row);
            uint32_t sl = stor_slen(c, row), vl = v->len;
            if (x->prefix[k]) {
                sl = prefix_bytes(c, s, sl, x->prefix[k]);
                vl = prefix_bytes(c, v->p, vl, x->prefix[k]);
            }
            if (c->kind == CK_DEC ? sl != vl || memcmp(s, v->p, sl) : !pdb_coll_eq(c->coll, s, sl, v->p, vl)) return false;
        } else if (c->kind == CK_F64) {
            if (c->f64[row] != v->d) return false;
        } else if (c->i64[row] != v->i) return false;
    }
    return true;
}

static void row_key(const stor_table *t, const stor_index *x, uint32_t row, pdb_value *out)
{
    for (uint32_t k = 0; k < x->ncols; k++) stor_get(t, x->cols[k], row, &out[k]);
}

static bool key_has_null(const stor_index *x, const pdb_value *kv)
{
    for (uint32_t k = 0; k < x->ncols; k++) if (kv[k].t == VT_NULL) return true;
    return false;
}

static void chain_link(struct stor_hchain *c, uint32_t b, uint32_t row)
{
    uint32_t head = c->buckets[b];
    c->next[row] = head;
    c->prev[row] = 0;
    if (head) c->prev[head - 1] = row + 1;
    c->buckets[b] = row + 1;
}

static void chain_unlink(struct stor_hchain *c, uint32_t b, uint32_t row)
{
    uint32_t nx = c->next[row], pv = c->prev[row];
    if (pv) c->next[pv - 1] = nx;
    else if (c->buckets[b] == row + 1) c->buckets[b] = nx;
    else return;   /* not linked */
    if (nx) c->prev[nx - 1] = pv;
    c->next[row] = c->prev[row] = 0;
}

static bool indexed(const stor_index *x)
{
    return x->kind != IK_FULLTEXT && x->kind != IK_SPATIAL && x->ncols <= 16;
}

/* ---- the ordered view ---- */

static bool ord_usable(const stor_table *t, const stor_index *x, bool prefixed)
{
    if (!indexed(x)) return false;
    for (uint32_t k = 0; k < x->ncols; k++) {
        const stor_column *c = &t->cols[x->cols[k]];
        if (!prefixed && x->prefix && x->prefix[k]) return false;
        if (c->type == CT_ENUM || c->type == CT_SET || c->kind == CK_DEC) return false;
    }
    return true;
}

bool stor_index_orderable(const stor_table *t, const stor_index *x) { return ord_usable(t, x, false); }

/* The ordered view sorts whole values, also of a key on column prefixes: a range over
 * whole values can use it, though ORDER BY cannot (MariaDB's key holds the prefix). */
bool stor_index_rangeable(const stor_table *t, const stor_index *x) { return ord_usable(t, x, true); }

static int ord_key_cmp(const stor_table *t, const stor_index *x, uint32_t a, uint32_t b)
{
    for (uint32_t k = 0; k < x->ncols; k++) {
        const stor_column *c = &t->cols[x->cols[k]];
        bool na = stor_is_null(c, a), nb = stor_is_null(c, b);
        if (na || nb) {
            if (na && nb) continue;
            return na ? -1 : 1;
        }
        int r = 0;
        if (c->kind == CK_I64) {
            if (c->is_unsigned && c->type == CT_BIGINT) {
                uint64_t ua = (uint64_t)c->i64[a], ub = (uint64_t)c->i64[b];
                r = ua < ub ? -1 : ua > ub;
            } else r = c->i64[a] < c->i64[b] ? -1 : c->i64[a] > c->i64[b];
        } else if (c->kind == CK_F64) {
            r = c->f64[a] < c->f64[b] ? -1 : c->f64[a] > c->f64[b];
        } else {
            const char *pa = stor_sptr(c, a), *pb = stor_sptr(c, b);
            r = pdb_coll_cmp(c->coll, pa ? pa : "", stor_slen(c, a), pb ? pb : "", stor_slen(c, b));
        }
        if (r) return r;
    }
    return 0;
}

const stor_index *stor_clustered(const stor_table *t);

/* Order without a clustered key: the first version's row id (insertion order), then
 * row id (versions of one row by age). */
static int origin_cmp(const stor_table *t, uint32_t a, uint32_t b)
{
    uint32_t oa = t->origin ? t->origin[a] : a, ob = t->origin ? t->origin[b] : b;
    return oa < ob ? -1 : oa > ob ? 1 : a < b ? -1 : a > b;
}

/* Key order; ties of a secondary key by the clustered key (InnoDB's secondary index
 * entries end with the primary key), or without one in origin_cmp's order; then by row id. */

static int ord_cmp(const stor_table *t, const stor_index *x, uint32_t a, uint32_t b)
{
    int r = ord_key_cmp(t, x, a, b);
    if (!r && x->kind != IK_PRIMARY) {
        const stor_index *c = stor_clustered(t);
        if (c && c != x) r = ord_key_cmp(t, c, a, b);
        else if (!c) return origin_cmp(t, a, b);
    }
    return r ? r : a < b ? -1 : a > b;
}

typedef struct ord_sort_ctx { const stor_table *t; const stor_index *x; } ord_sort_ctx;
static int ord_qsort_cmp(const void *pa, const void *pb, void *arg)
{
    const ord_sort_ctx *o = arg;
    return ord_cmp(o->t, o->x, *(const uint32_t *)pa, *(const uint32_t *)pb);
}

static int ord_tree_cmp(const void *arg, uint32_t a, uint32_t b)
{
    const ord_sort_ctx *o = arg;
    return ord_cmp(o->t, o->x, a, b);
}

static void ord_insert(stor_table *t, stor_index *x, uint32_t row)
{
    ord_sort_ctx sc = { t, x };
    if (stor_ord_insert(x->ord, row, ord_tree_cmp, &sc) != 0) ord_drop(x);   /* rebuilt by the next range scan */
}

static void ord_remove(stor_table *t, stor_index *x, uint32_t row)
{
    ord_sort_ctx sc = { t, x };
    if (stor_ord_remove(x->ord, row, ord_tree_cmp, &sc) != 0) ord_drop(x);   /* not where it should be: rebuild */
}

static pthread_mutex_t ord_mu = PTHREAD_MUTEX_INITIALIZER;

const struct stor_ord *stor_index_ordered(stor_table *t, stor_index *x)
{
    struct stor_ord *o = __atomic_load_n(&x->ord, __ATOMIC_ACQUIRE);
    if (o) return o;
    /* readers share the store lock: one of them builds it */
    pthread_mutex_lock(&ord_mu);
    o = x->ord;
    if (!o) {
        uint32_t *rows = stor_malloc(((size_t)t->nlive + 1) * sizeof *rows), n = 0;
        if (rows) {
            for (uint32_t r = 0; r < t->nrows && n < t->nlive; r++)
                if (!stor_is_dead(t, r)) rows[n++] = r;
            ord_sort_ctx sc = { t, x };
            qsort_r(rows, n, sizeof(uint32_t), ord_qsort_cmp, &sc);
            o = stor_ord_build(rows, n);
            stor_free(rows);
            if (o) __atomic_store_n(&x->ord, o, __ATOMIC_RELEASE);
        }
    }
    pthread_mutex_unlock(&ord_mu);
    return o;
}

/* ---- clustered order ---- */

const stor_index *stor_primary(const stor_table *t)
{
    for (uint32_t i = 0; i < t->nidx; i++) if (t->idx[i].kind == IK_PRIMARY) return &t->idx[i];
    for (uint32_t i = 0; i < t->nidx; i++) {
        const stor_index *x = &t->idx[i];
        bool ok = x->kind == IK_UNIQUE;
        for (uint32_t k = 0; k < x->ncols && ok; k++)
            ok = t->cols[x->cols[k]].not_null && !(x->prefix && x->prefix[k]);
        if (ok) return x;
    }
    return NULL;
}

const stor_index *stor_clustered(const stor_table *t)
{
    const stor_index *x = stor_primary(t);
    return x && ord_usable(t, x, false) ? x : NULL;
}

int stor_index_cmp(const stor_table *t, const stor_index *x, uint32_t a, uint32_t b) { return ord_cmp(t, x, a, b); }

int stor_clustered_cmp(const stor_table *t, uint32_t a, uint32_t b)
{
    const stor_index *x = stor_clustered(t);
    return x ? ord_cmp(t, x, a, b) : origin_cmp(t, a, b);
}

/* The live rows by (first version's row id, row id): a counting sort, stable in row id. */
static int64_t origin_rows(const stor_table *t, uint32_t *buf)
{
    uint32_t n = t->nrows, live = 0;
    uint32_t *at = stor_calloc((size_t)n + 1, sizeof *at);   /* (counted memory) */
    if (!at) return -1;
    for (uint32_t r = 0; r < n; r++) if (!stor_is_dead(t, r)) { at[t->origin[r] + 1]++; live++; }
    for (uint32_t o = 0; o < n; o++) at[o + 1] += at[o];
    for (uint32_t r = 0; r < n; r++) if (!stor_is_dead(t, r)) buf[at[t->origin[r]]++] = r;
    stor_free(at);
    return live;
}

int64_t stor_clustered_rows(stor_table *t, uint32_t *buf)
{
    const stor_index *x = stor_clustered(t);
    if (!x) return t->origin ? origin_rows(t, buf) : -1;
    return stor_index_rows(t, (stor_index *)x, buf);
}

bool stor_reordered(const stor_table *t)
{
    return t->unordered && (t->origin || stor_clustered(t));
}

int64_t stor_index_rows(stor_table *t, stor_index *x, uint32_t *buf)
{
    const struct stor_ord *o = stor_index_ordered(t, x);
    if (!o) return -1;
    stor_ord_it it;
    stor_ord_first(o, &it);
    uint32_t n = 0, r;
    while (n < t->nrows && stor_ord_next(&it, &r)) buf[n++] = r;
    return n;
}

static bool key_has_text(const stor_table *t, const stor_index *x)
{
    for (uint32_t k = 0; k < x->ncols; k++) if (stor_kind_text(t->cols[x->cols[k]].kind)) return true;
    return false;
}

/* Row row was appended: does it still follow the last one in clustered order? (A dead
 * row's strings are freed: past one, order is no longer known.) */
static void clu_note_append(stor_table *t, uint32_t row)
{
    uint32_t prev = t->clu_last;
    t->clu_last = row + 1;
    if (t->unordered || !prev) return;
    const stor_index *x = stor_clustered(t);
    if (!x) return;
    if ((stor_is_dead(t, prev - 1) && key_has_text(t, x)) || ord_key_cmp(t, x, prev - 1, row) > 0)
        t->unordered = true;
}

void stor_clustered_recheck(stor_table *t)
{
    const stor_index *x = stor_clustered(t);
    t->unordered = !x && t->origin;
    t->clu_last = 0;
    for (uint32_t r = 0; r < t->nrows; r++) {
        if (stor_is_dead(t, r)) continue;
        if (x && t->clu_last && !t->unordered && ord_key_cmp(t, x, t->clu_last - 1, r) > 0) t->unordered = true;
        t->clu_last = r + 1;
    }
}

static void idx_insert(stor_table *t, stor_index *x, uint32_t row)
{
    pdb_value kv[16];
    if (x->ord) ord_insert(t, x, row);
    if (!indexed(x)) return;
    row_key(t, x, row, kv);
    chain_link(&x->h, (uint32_t)(key_hash(t, x, kv, x->ncols) & (x->nbuckets - 1)), row);
    if (x->ncols > 1) chain_link(&x->h1, (uint32_t)(key_hash(t, x, kv, 1) & (x->nbuckets - 1)), row);
}

static void idx_remove(stor_table *t, stor_index *x, uint32_t row)
{
    pdb_value kv[16];
    if (x->ord) ord_remove(t, x, row);
    if (!indexed(x) || !x->nbuckets) return;
    row_key(t, x, row, kv);
    chain_unlink(&x->h, (uint32_t)(key_hash(t, x, kv, x->ncols) & (x->nbuckets - 1)), row);
    if (x->ncols > 1) chain_unlink(&x->h1, (uint32_t)(key_hash(t, x, kv, 1) & (x->nbuckets - 1)), row);
}

/* New hash chains for every live row; the ordered view stays as it is (it holds the
 * same rows: the caller adds a row it has just made live). */
static void idx_rehash(stor_table *t, stor_index *x, uint32_t nb)
{
    /* (vectors: a bulk load's buckets are written at random, and a huge page faults in
       once where 4 KiB pages faulted at nearly every row) */
    stor_vec_free(x->h.buckets, (size_t)x->nbuckets * sizeof(uint32_t));
    stor_vec_free(x->h1.buckets, (size_t)x->nbuckets * sizeof(uint32_t));
    struct stor_ord *o = x->ord;
    x->ord = NULL;   /* (idx_insert below must not add to it) */
    x->nbuckets = nb;
    x->h.buckets = stor_vec_grow(NULL, 0, (size_t)nb * sizeof(uint32_t));
    x->h1.buckets = x->ncols > 1 ? stor_vec_grow(NULL, 0, (size_t)nb * sizeof(uint32_t)) : NULL;
    for (uint32_t r = 0; r < t->nrows; r++)
        if (!stor_is_dead(t, r)) idx_insert(t, x, r);
    x->ord = o;
}

void stor_index_lookup(const stor_table *t, const stor_index *x, uint32_t nk, const pdb_value *vals,
                       void (*fn)(void *ctx, uint32_t row), void *ctx)
{
    if (!x->nbuckets || !indexed(x)) return;
    for (uint32_t k = 0; k < nk; k++) if (vals[k].t == VT_NULL) return;
    const struct stor_hchain *c = nk == x->ncols ? &x->h : &x->h1;
    if (nk != x->ncols && (nk != 1 || !c->buckets)) return;
    uint32_t b = (uint32_t)(key_hash(t, x, vals, nk) & (x->nbuckets - 1));
    /* one string key column: a pooled value's answer is known after its first row (for a
       prefix key too: the answer depends on the stored bytes only) */
    const stor_column *kc = nk == 1 ? &t->cols[x->cols[0]] : NULL;
    const uint16_t *code = kc && kc->kind == CK_STR ? kc->code : NULL;
    uint16_t mkey[16] = { 0 };
    bool mres[16];
    bool unique = nk == x->ncols && (x->kind == IK_PRIMARY || x->kind == IK_UNIQUE);
    for (uint32_t k = 0; unique && k < x->ncols; k++) unique = !x->prefix[k];
    for (uint32_t r = c->buckets[b]; r; r = c->next[r - 1]) {
        if (!stor_row_visible(t, r - 1)) continue;
        uint16_t id = code ? code[r - 1] : 0;
        bool eq;
        if (id && mkey[id & 15] == id) eq = mres[id & 15];
        else {
            eq = key_eq(t, x, r - 1, vals, nk);
            if (id) { mkey[id & 15] = id; mres[id & 15] = eq; }
        }
        if (eq) {
            fn(ctx, r - 1);
            if (unique) return;   /* (one row per key is visible: the newest come first) */
        }
    }
}

/* The visible row whose one-column integer key (CK_I64, whole column) equals key, or -1:
 * stor_index_lookup's answer for a unique index, without values or callbacks (the JIT's
 * probe helper calls it per row). */
int64_t stor_index_find_i64(const stor_table *t, const stor_index *x, int64_t key)
{
    if (!x->nbuckets || !indexed(x) || x->ncols != 1 || x->prefix[0]) return -1;
    const stor_column *c = &t->cols[x->cols[0]];
    if (c->kind != CK_I64) return -1;
    uint32_t b = (uint32_t)(int_key_hash(key) & (x->nbuckets - 1));
    for (uint32_t r = x->h.buckets[b]; r; r = x->h.next[r - 1])
        if (c->i64[r - 1] == key && !stor_is_null(c, r - 1) && stor_row_visible(t, r - 1)) return r - 1;
    return -1;
}

/* Every visible row whose first key column (CK_I64, whole column) equals key: the rows
 * stor_index_lookup finds for that one value, as a count; the first cap of them in buf, in
 * chain order. */
uint32_t stor_index_find_all_i64(const stor_table *t, const stor_index *x, int64_t key, uint32_t *buf, uint32_t cap)
{
    if (!x->nbuckets || !indexed(x) || x->prefix[0]) return 0;
    const struct stor_hchain *h = x->ncols == 1 ? &x->h : &x->h1;
    const stor_column *c = &t->cols[x->cols[0]];
    if (!h->buckets || c->kind != CK_I64) return 0;
    uint32_t b = (uint32_t)(int_key_hash(key) & (x->nbuckets - 1)), n = 0;
    for (uint32_t r = h->buckets[b]; r; r = h->next[r - 1])
        if (c->i64[r - 1] == key && !stor_is_null(c, r - 1) && stor_row_visible(t, r - 1)) {
            if (n < cap) buf[n] = r - 1;
            n++;
        }
    return n;
}

/* ---- versions ---- */

void tbl_ver_set(stor_table *t, uint32_t row, uint64_t xmin, uint64_t xmax)
{
    t->mods++;
    if (!t->ver) {
        if (!(xmin | xmax)) return;
        t->ver = stor_calloc(t->cap ? t->cap : 16, sizeof *t->ver);
    }
    struct stor_ver *v = &t->ver[row];
    bool was = (v->xmin | v->xmax) != 0, now = (xmin | xmax) != 0;
    v->xmin = xmin; v->xmax = xmax;
    if (!now) v->succ = 0;
    if (was && !now) t->nver--;
    else if (!was && now) t->nver++;
}

/* Another transaction's uncommitted change or lock on the row (shared locks count only
 * for a change or an exclusive lock)? Sets stor_blocker. */
static uint64_t rows_lock_holder(const stor_table *t, bool exclusive);

static bool blocked_by(const stor_table *t, uint32_t row, bool exclusive, uint64_t holder)
{
    stor_blocker = holder;
    stor_blocked_row = (stor_blocked_at){ t, row, exclusive };
    return true;
}

/* Waiters queued for the row (InnoDB's lock queue, mvcc.c): a request of a transaction
 * that holds nothing on it waits behind a conflicting one; a holder's upgrade of its
 * shared lock is granted, and those waiting for it are deadlock victims. */
static bool row_queue_blocks(const stor_table *t, uint32_t row, bool exclusive, uint64_t me, bool mine)
{
    if (!mine) {
        uint64_t w = mvcc_queue_ahead(t, row, me, exclusive);
        return w && blocked_by(t, row, exclusive, w);
    }
    if (exclusive && me && mvcc_share_holds(t, row, me)) mvcc_queue_victims(t, row, me);
    return false;
}

static bool row_locked_for(const stor_table *t, uint32_t row, bool exclusive)
{
    stor_blocked_row.t = NULL;
    if (t->ngaps) {
        uint64_t h = rows_lock_holder(t, exclusive);
        if (h) { stor_blocker = h; return true; }
    }
    uint64_t me = stor_view_cur.txn;
    bool mine = false;   /* (this transaction holds a lock or a change of the row) */
    if (t->nver) {
        const struct stor_ver *v = &t->ver[row];
        if (v->xmax & STOR_TXN_BIT) {
            if (v->xmax & STOR_SHARE_BIT) {
                uint64_t o = exclusive ? mvcc_share_other(t, row, me) : 0;
                if (o) return blocked_by(t, row, exclusive, o);
                mine = me && mvcc_share_holds(t, row, me);
            } else if ((v->xmax & STOR_ID_MASK) != me) return blocked_by(t, row, exclusive, v->xmax & STOR_ID_MASK);
            else mine = true;
        }
        if ((v->xmin & STOR_TXN_BIT) && (v->xmin & STOR_ID_MASK) != me) { stor_blocker = v->xmin & STOR_ID_MASK; return true; }
    }
    return mvcc_queue_any() && row_queue_blocks(t, row, exclusive, me, mine);
}

static bool row_locked(const stor_table *t, uint32_t row) { return row_locked_for(t, row, true); }

/* Finds a row other than skip with the same unique key as vals (full row values) that
 * exists in the current state (committed, or this transaction's). STOR_LOCKED when the
 * key belongs to another transaction's uncommitted insert or delete: the outcome
 * depends on how that transaction ends. */
static int find_dup(const stor_table *t, const pdb_value *vals, int64_t skip, uint32_t *dup_row)
{
    pdb_value kv[16];
    for (uint32_t i = 0; i < t->nidx; i++) {
        const stor_index *x = &t->idx[i];
        if ((x->kind != IK_PRIMARY && x->kind != IK_UNIQUE) || !x->nbuckets || x->ncols > 16) continue;
        for (uint32_t k = 0; k < x->ncols; k++) kv[k] = vals[x->cols[k]];
        if (key_has_null(x, kv)) continue;
        /* an integer key past the column's bounds is in no slot (of any transaction):
           a dump's rows come in key order, each past the last */
        const stor_column *c0 = &t->cols[x->cols[0]];
        if (x->ncols == 1 && c0->kind == CK_I64 && (kv[0].i > c0->hi || kv[0].i < c0->lo)) continue;
        /* an update that keeps the key: the row holds it already (and the versions of
           the row a transaction updated again and again need no walk) */
        if (skip >= 0 && key_eq(t, x, (uint32_t)skip, kv, x->ncols)) continue;
        uint32_t b = (uint32_t)(key_hash(t, x, kv, x->ncols) & (x->nbuckets - 1));
        for (uint32_t r = x->h.buckets[b]; r; r = x->h.next[r - 1]) {
            if ((int64_t)(r - 1) == skip || stor_is_dead(t, r - 1)) continue;
            if (!key_eq(t, x, r - 1, kv, x->ncols)) continue;
            if (t->nver) {
                const struct stor_ver *v = &t->ver[r - 1];
                uint64_t me = stor_view_cur.txn;
                if ((v->xmin & STOR_TXN_BIT) && (v->xmin & STOR_ID_MASK) != me) { stor_blocker = v->xmin & STOR_ID_MASK; return STOR_LOCKED; }
                if (v->xmax & STOR_TXN_BIT) {
                    if (v->xmax & STOR_SHARE_BIT) { /* shared locks: the row is there */ }
                    else if ((v->xmax & STOR_ID_MASK) != me) { stor_blocker = v->xmax & STOR_ID_MASK; return STOR_LOCKED; }
                    else if (!(v->xmax & STOR_LOCK_BIT)) continue;   /* deleted by this transaction */
                } else if (v->xmax) continue;                   /* deleted and committed */
            }
            *dup_row = r - 1; return (int)i;
        }
    }
    return -1;
}

/* ---- rows ---- */

/* Capacity for nc row ids (more than t->cap; a multiple of 16, for the bitmaps). */
static int grow_to(stor_table *t, uint32_t nc)
{
    for (uint32_t i = 0; i < t->ncols; i++) {
        stor_column *c = &t->cols[i];
        if (c->kind == CK_I64) {
            c->i64 = stor_vec_grow(c->i64, (size_t)t->cap * sizeof *c->i64, (size_t)nc * sizeof *c->i64);
        } else if (c->kind == CK_F64) {
            c->f64 = stor_vec_grow(c->f64, (size_t)t->cap * sizeof *c->f64, (size_t)nc * sizeof *c->f64);
        } else {
            if (c->kind == CK_DEC || c->sp) {   /* (a slotless column gets them when it must) */
                c->sp = stor_vec_grow(c->sp, (size_t)t->cap * sizeof *c->sp, (size_t)nc * sizeof *c->sp);
                c->slen = stor_vec_grow(c->slen, (size_t)t->cap * sizeof *c->slen, (size_t)nc * sizeof *c->slen);
            }
            c->code = stor_vec_grow(c->code, (size_t)t->cap * sizeof *c->code, (size_t)nc * sizeof *c->code);
            uint32_t os = (t->cap + STOR_SEG_ROWS - 1) >> STOR_SEG_SHIFT;
            uint32_t ns = (nc + STOR_SEG_ROWS - 1) >> STOR_SEG_SHIFT;
            if (ns != os || !c->seg) {
                c->seg = stor_realloc(c->seg, ns * sizeof *c->seg);
                memset(c->seg + os, 0, (ns - os) * sizeof *c->seg);
            }
        }
        c->nulls = stor_realloc(c->nulls, nc / 8);
        memset(c->nulls + t->cap / 8, 0, (nc - t->cap) / 8);
    }
    t->dead = stor_realloc(t->dead, nc / 8);
    memset(t->dead + t->cap / 8, 0, (nc - t->cap) / 8);
    if (t->ver) {
        t->ver = stor_realloc(t->ver, nc * sizeof *t->ver);
        memset(t->ver + t->cap, 0, (nc - t->cap) * sizeof *t->ver);
    }
    if (t->origin) {
        t->origin = stor_realloc(t->origin, nc * sizeof *t->origin);
        for (uint32_t r = t->cap; r < nc; r++) t->origin[r] = r;
    }
    for (uint32_t i = 0; i < t->nidx; i++) {
        struct stor_hchain *cs[2] = { &t->idx[i].h, &t->idx[i].h1 };
        for (int k = 0; k < 2; k++) {
            if (k == 1 && t->idx[i].ncols < 2) continue;
            cs[k]->next = stor_vec_grow(cs[k]->next, (size_t)t->cap * sizeof(uint32_t), (size_t)nc * sizeof(uint32_t));
            cs[k]->prev = stor_vec_grow(cs[k]->prev, (size_t)t->cap * sizeof(uint32_t), (size_t)nc * sizeof(uint32_t));
        }
    }
    t->cap = nc;
    return 0;
}

/* Doubling while small (few copies); from 64k row ids an eighth more at a time. A big
 * table's vectors grow in place (mremap), and the unused tail of a doubled one is memory
 * all the same: zeroed on the heap, or filled by transparent huge pages (at scale 10,
 * wp_postmeta's 140,130 rows had 262,144 slots). */
static uint32_t next_cap(uint32_t cap, uint32_t want)
{
    uint64_t n = cap ? cap : 16;
    while (n < want) n = n < (1u << 16) ? n * 2 : n + (n >> 3);
    n = (n + 15) & ~(uint64_t)15;
    return n < TBL_MAX_ROW_IDS ? (uint32_t)n : TBL_MAX_ROW_IDS;
}

static int grow(stor_table *t) { return grow_to(t, next_cap(t->cap, t->cap + 1)); }

/* Row row was rewritten where it is, columns cols changed (stor_table.rewrites). */
static void note_rewrite(stor_table *t, uint32_t row, uint64_t cols)
{
    if (!t->derived) return;
    if (!t->rewrite_log && !(t->rewrite_log = stor_calloc(STOR_REWRITE_LOG, sizeof *t->rewrite_log))) {
        t->rewrite_epoch++;   /* (no log: readers of it start over) */
        return;
    }
    t->rewrite_log[t->rewrites % STOR_REWRITE_LOG] = (struct stor_rewrite){ row, t->nrows, cols };
    t->rewrites++;
}

/* Does the cell already hold v as set_cell would store it? False when unsure (a value
 * held compressed, a decimal given as a narrow number). */
static bool cell_same(const stor_table *t, uint32_t col, uint32_t row, const pdb_value *v)
{
    const stor_column *c = &t->cols[col];
    bool isnull = stor_is_null(c, row);
    if (v->t == VT_NULL || isnull) return v->t == VT_NULL && isnull;
    if (stor_kind_text(c->kind)) {
        const char *p = stor_sptr(c, row);
        if ((c->kind != CK_STR && !v->len) || ((uintptr_t)p & 1) || stor_slen(c, row) != v->len) return false;
        return !v->len || !memcmp(p, v->p, v->len);
    }
    if (c->kind == CK_I64) return c->i64[row] == v->i;
    return !memcmp(&c->f64[row], &v->d, sizeof v->d);
}

/* A slotless CK_STR column gets its sp and slen arrays, filled from code and pval for the
 * rows so far: a value comes that is not pooled under an id (long, or the pool gave up). */
static void col_slots(const stor_table *t, stor_column *c)
{
    assert(c->kind == CK_STR && !c->sp && t->cap);
    char **sp = stor_vec_grow(NULL, 0, (size_t)t->cap * sizeof *sp);
    uint32_t *sl = stor_vec_grow(NULL, 0, (size_t)t->cap * sizeof *sl);
    if (!sp || !sl) {
        fprintf(stderr, "pressdb: [ERROR] out of memory giving a column of %u rows its string slots\n", t->cap);
        abort();
    }
    for (uint32_t r = 0; r < t->nrows; r++) {
        uint16_t id = c->code[r];
        if (!id) continue;
        sp[r] = c->pval[id];
        sl[r] = stor_pool_len(sp[r]) | STOR_SLEN_POOLED;
    }
    c->slen = sl;
    c->sp = sp;
}

static void set_cell(stor_table *t, uint32_t col, uint32_t row, const pdb_value *v)
{
    stor_column *c = &t->cols[col];
    uint8_t bit = (uint8_t)(1u << (row & 7));
    if (stor_kind_text(c->kind)) {
        /* the new value is held before the old one is let go: they may share a copy */
        struct stor_str old = stor_scell(c, row);
        if (c->kind == CK_STR) seg_touch(c, row);
        uint8_t pooled = 0;
        char *held = NULL;
        if (v->t == VT_NULL) stor_sset(c, row, NULL, 0, 0);
        else if (c->kind == CK_STR) {
            held = stor_strpool_hold(c, v->p ? v->p : "", v->len, &pooled);
            if (!c->sp && !stor_strpool_id(held, pooled)) col_slots(t, c);
            stor_sset(c, row, held, v->len, pooled);
        } else if (v->len) {
            stor_sset(c, row, stor_strndup(v->p ? v->p : "", v->len), v->len, 0);
        } else {
            /* a narrow decimal (or integer) for a wide column: its text at the column's scale
               (the engine converts to that scale first; extra digits would be cut here) */
            int sc = c->scale < 0 ? 0 : c->scale, vs = v->t == VT_DECIMAL ? v->scale : 0;
            uint64_t a = v->i < 0 ? (uint64_t)(-(v->i + 1)) + 1 : (uint64_t)v->i;
            char dg[48];
            int nd = snprintf(dg, sizeof dg, "%0*llu", vs + 1, (unsigned long long)a);   /* > vs digits */
            char *full = stor_malloc((size_t)nd + (size_t)sc + 3);
            int k = 0;
            if (v->i < 0) full[k++] = '-';
            memcpy(full + k, dg, (size_t)(nd - vs)); k += nd - vs;
            if (sc) {
                full[k++] = '.';
                for (int i = 0; i < sc; i++) full[k++] = i < vs ? dg[nd - vs + i] : '0';
            }
            stor_sset(c, row, full, (uint32_t)k, 0);
        }
        if (c->code) c->code[row] = stor_strpool_id(held, pooled);
        if (old.p) str_let_go(c, old);
        if (v->t == VT_NULL) c->nulls[row >> 3] |= bit;
        else c->nulls[row >> 3] &= (uint8_t)~bit;
        return;
    }
    if (v->t == VT_NULL) {
        c->nulls[row >> 3] |= bit;
        if (c->kind == CK_I64) c->i64[row] = 0;
        else c->f64[row] = 0;
        return;
    }
    c->nulls[row >> 3] &= (uint8_t)~bit;
    if (c->kind == CK_I64) {
        if (v->i < c->lo) c->lo = v->i;
        if (v->i > c->hi) c->hi = v->i;
        c->i64[row] = v->i;
    }
    else c->f64[row] = v->d;
}

static void index_all(stor_table *t, uint32_t row)
{
    for (uint32_t i = 0; i < t->nidx; i++) {
        stor_index *x = &t->idx[i];
        if (x->kind == IK_FULLTEXT || x->kind == IK_SPATIAL) continue;
        if (!x->nbuckets || t->nlive > x->nbuckets) {
            uint32_t nb = x->nbuckets ? x->nbuckets * 4 : 64;
            idx_rehash(t, x, nb);   /* includes row in the hash: it is live already */
            if (x->ord) ord_insert(t, x, row);
        } else idx_insert(t, x, row);
    }
}

/* Row `row` of t (no clustered key) is a version of the row first at `first`: from
 * here on t's scans are in first-version order (the index views compare it: call this
 * before the row is indexed). */
static void origin_set(stor_table *t, uint32_t row, uint32_t first)
{
    assert(row < t->cap && first <= row);
    if (!t->origin) {
        if (first == row) return;
        t->origin = stor_malloc(t->cap * sizeof *t->origin);
        for (uint32_t r = 0; r < t->cap; r++) t->origin[r] = r;
    }
    t->origin[row] = first;
    t->unordered = true;
}

void tbl_set_origin(stor_table *t, uint32_t row, uint32_t first)
{
    while (t->cap <= row) grow(t);
    origin_set(t, row, first);
    /* (a snapshot names it after the row is in: ordered views are rebuilt on next use) */
    for (uint32_t i = 0; i < t->nidx; i++) if (t->idx[i].ord) ord_drop(&t->idx[i]);
}

static uint32_t append_row(stor_table *t, const pdb_value *vals, uint32_t first)
{
    if (t->nrows == t->cap) grow(t);
    uint32_t row = t->nrows++;
    if (first != UINT32_MAX) origin_set(t, row, first);
    for (uint32_t i = 0; i < t->ncols; i++) set_cell(t, i, row, &vals[i]);
    t->nlive++;
    /* a rehash during index_all sees the row as live already */
    index_all(t, row);
    clu_note_append(t, row);
    return row;
}

/* Update_time counts writes from when the server serves (stor_updates_begin): what the
 * snapshot load and the log's replay write is not an update, as after InnoDB's restart.
 * (time() reads the vDSO's clock: no system call per row.) */
static bool updates_on;
void stor_updates_begin(void) { __atomic_store_n(&updates_on, true, __ATOMIC_RELAXED); }
static void note_update(stor_table *t)
{
    t->mods++;
    if (__atomic_load_n(&updates_on, __ATOMIC_RELAXED)) t->update_time = (int64_t)time(NULL);
}

/* ---- gap locks (their list: mvcc.c) ---- */

/* Another transaction's lock on every row of t that conflicts with a change (exclusive)
 * or a shared lock: its holder, or 0. */
static uint64_t rows_lock_holder(const stor_table *t, bool exclusive)
{
    uint64_t me = stor_view_cur.txn;
    for (uint32_t i = 0; i < mvcc_ngaps; i++) {
        const mvcc_gap *g = &mvcc_gaps[i];
        if (g->t != t || g->id == me) continue;
        if ((g->kind == MVCC_ROWS_X || (g->kind == MVCC_ROWS_S && exclusive)) && stor_txn_running(g->id)) return g->id;
    }
    return 0;
}

/* Is row (just inserted, indexed) inside gap g? A dead bounding row (its strings may be
 * freed) leaves that end open, as InnoDB's gap widens when a bounding record goes. */
static bool gap_covers(const stor_table *t, const mvcc_gap *g, uint32_t row)
{
    if (g->kind != MVCC_GAP) return true;
    if ((uint32_t)g->ix >= t->nidx) return false;
    const stor_index *x = &t->idx[g->ix];
    if (g->lo != STOR_GAP_OPEN && !stor_is_dead(t, g->lo) && ord_cmp(t, x, g->lo, row) >= 0) return false;
    if (g->hi != STOR_GAP_OPEN && !stor_is_dead(t, g->hi) && ord_cmp(t, x, row, g->hi) >= 0) return false;
    return true;
}

/* The holder of another transaction's gap lock that an inserted row falls into, or 0. */
static uint64_t gap_insert_holder(const stor_table *t, uint32_t row)
{
    uint64_t me = stor_view_cur.txn;
    for (uint32_t i = 0; i < mvcc_ngaps; i++) {
        const mvcc_gap *g = &mvcc_gaps[i];
        if (g->t != t || g->id == me) continue;
        if (gap_covers(t, g, row) && stor_txn_running(g->id)) return g->id;
    }
    return 0;
}

/* Full row values against stored row b on one column / in x's order (ord_cmp's, the
 * values standing for row id rid whose first version is row). */
static int val_cell_cmp(const stor_column *c, const pdb_value *v, uint32_t b)
{
    bool na = v->t == VT_NULL, nb = stor_is_null(c, b);
    if (na || nb) return na && nb ? 0 : na ? -1 : 1;
    if (c->kind == CK_I64) {
        if (c->is_unsigned && c->type == CT_BIGINT) {
            uint64_t ua = (uint64_t)v->i, ub = (uint64_t)c->i64[b];
            return ua < ub ? -1 : ua > ub;
        }
        return v->i < c->i64[b] ? -1 : v->i > c->i64[b];
    }
    if (c->kind == CK_F64) return v->d < c->f64[b] ? -1 : v->d > c->f64[b];
    const char *pb = stor_sptr(c, b);
    return pdb_coll_cmp(c->coll, v->p ? v->p : "", v->len, pb ? pb : "", stor_slen(c, b));
}

static int vals_key_cmp(const stor_table *t, const stor_index *x, const pdb_value *vals, uint32_t b)
{
    int r = 0;
    for (uint32_t k = 0; k < x->ncols && !r; k++) r = val_cell_cmp(&t->cols[x->cols[k]], &vals[x->cols[k]], b);
    return r;
}

static int vals_ord_cmp(const stor_table *t, const stor_index *x, const pdb_value *vals, uint32_t row, uint32_t rid,
                        uint32_t b)
{
    int r = vals_key_cmp(t, x, vals, b);
    if (!r && x->kind != IK_PRIMARY) {
        const stor_index *c = stor_clustered(t);
        if (c && c != x) r = vals_key_cmp(t, c, vals, b);
        else if (!c) return row == b ? (rid > b) - (rid < b) : origin_cmp(t, row, b);
    }
    return r ? r : rid < b ? -1 : rid > b;
}

/* The holder of another transaction's gap that an update of row to vals moves a key into
 * (an index whose key it changes), or 0. Asked before the write: a bounding row that is
 * this row keeps its old key, as InnoDB's old entry stays (delete-marked) until purge. */
static uint64_t gap_update_holder(const stor_table *t, uint32_t row, const pdb_value *vals)
{
    uint64_t me = stor_view_cur.txn;
    uint32_t rid = stor_view_cur.versioned ? t->nrows : row;   /* (a new version is appended) */
    pdb_value kv[16];
    /* (a secondary entry ends with the clustered key: a changed one moves it too) */
    const stor_index *cx = stor_clustered(t);
    bool clu_moved = false;
    if (cx && cx->ncols <= 16) {
        for (uint32_t k = 0; k < cx->ncols; k++) kv[k] = vals[cx->cols[k]];
        clu_moved = !key_eq(t, cx, row, kv, cx->ncols);
    }
    for (uint32_t i = 0; i < mvcc_ngaps; i++) {
        const mvcc_gap *g = &mvcc_gaps[i];
        if (g->t != t || g->id == me || g->kind != MVCC_GAP || (uint32_t)g->ix >= t->nidx) continue;
        const stor_index *x = &t->idx[g->ix];
        if (x->ncols > 16) continue;
        for (uint32_t k = 0; k < x->ncols; k++) kv[k] = vals[x->cols[k]];
        if (key_eq(t, x, row, kv, x->ncols) && !clu_moved) continue;   /* (this entry stays where it is) */
        if (g->lo != STOR_GAP_OPEN && !stor_is_dead(t, g->lo) && vals_ord_cmp(t, x, vals, row, rid, g->lo) <= 0) continue;
        if (g->hi != STOR_GAP_OPEN && !stor_is_dead(t, g->hi) && vals_ord_cmp(t, x, vals, row, rid, g->hi) >= 0) continue;
        if (stor_txn_running(g->id)) return g->id;
    }
    return 0;
}

static bool gap_lockable(const stor_table *t) { return stor_view_cur.versioned && !t->temporary && !t->sequence; }

static void gap_add(stor_table *t, int kind, int32_t ix, uint32_t lo, uint32_t hi)
{
    uint64_t id = stor_txn_id();
    uint32_t seq;
    if (id && mvcc_gap_add(t, kind, ix, lo, hi, id, &seq) == 0) wal_note_gap(t, seq);
    /* (no memory: the read goes on without holding the gap) */
}

void stor_gap_lock(stor_table *t, const stor_index *ix, uint32_t lo, uint32_t hi)
{
    if (!gap_lockable(t)) return;
    if (ix) gap_add(t, MVCC_GAP, (int32_t)(ix - t->idx), lo, hi);
    else gap_add(t, MVCC_GAP_ALL, -1, STOR_GAP_OPEN, STOR_GAP_OPEN);
}

typedef struct before_probe { const stor_table *t; const stor_index *ix; uint32_t row; } before_probe;
static int before_probe_fn(void *arg, uint32_t r)
{
    const before_probe *p = arg;
    return ord_cmp(p->t, p->ix, r, p->row) < 0 ? -1 : 0;
}

void stor_gap_lock_before(stor_table *t, stor_index *ix, uint32_t row)
{
    if (!gap_lockable(t)) return;
    const struct stor_ord *o = ix && stor_index_rangeable(t, ix) ? stor_index_ordered(t, ix) : NULL;
    if (!o) { gap_add(t, MVCC_GAP_ALL, -1, STOR_GAP_OPEN, STOR_GAP_OPEN); return; }
    before_probe p = { t, ix, row };
    stor_ord_it it;
    stor_ord_seek(o, &it, before_probe_fn, &p);
    uint32_t lo;
    if (!stor_ord_prev(&it, &lo)) lo = STOR_GAP_OPEN;
    gap_add(t, MVCC_GAP, (int32_t)(ix - t->idx), lo, row);
}

int stor_rows_lock(stor_table *t, bool exclusive)
{
    uint64_t h = t->ngaps ? rows_lock_holder(t, exclusive) : 0;
    if (h) { stor_blocker = h; return STOR_LOCKED; }
    for (uint32_t r = 0; t->nver && r < t->nrows; r++)
        if (!stor_is_dead(t, r) && row_locked_for(t, r, exclusive)) return STOR_LOCKED;
    if (gap_lockable(t)) gap_add(t, exclusive ? MVCC_ROWS_X : MVCC_ROWS_S, -1, STOR_GAP_OPEN, STOR_GAP_OPEN);
    return 0;
}

int64_t stor_row_insert(stor_table *t, const pdb_value *vals, int *dup_idx, uint32_t *dup_row)
{
    int d = find_dup(t, vals, -1, dup_row);
    if (d == STOR_LOCKED) return STOR_LOCKED;
    if (d >= 0) { *dup_idx = d; return -1; }
    uint32_t row = append_row(t, vals, UINT32_MAX);
    note_update(t);
    if (stor_view_cur.versioned) {
        tbl_ver_set(t, row, STOR_TXN_BIT | stor_txn_id(), 0);
        wal_note_vinsert(t, row);
    } else wal_note_insert(t, row);
    /* inside another transaction's gap: the caller undoes the statement (the undo
       record above takes the row out) and waits */
    if (t->ngaps && (stor_blocker = gap_insert_holder(t, row))) return STOR_LOCKED;
    return row;
}

int64_t stor_row_update(stor_table *t, uint32_t row, const pdb_value *vals, int *dup_idx, uint32_t *dup_row)
{
    if (row_locked(t, row)) return STOR_LOCKED;
    int d = find_dup(t, vals, row, dup_row);
    if (d == STOR_LOCKED) return STOR_LOCKED;
    if (d >= 0) { *dup_idx = d; return -1; }
    /* a key moved into another transaction's gap: as an insert there */
    if (t->ngaps && (stor_blocker = gap_update_holder(t, row, vals))) return STOR_LOCKED;
    return tbl_row_write(t, row, vals);
}

int64_t tbl_row_write(stor_table *t, uint32_t row, const pdb_value *vals)
{
    note_update(t);
    if (stor_view_cur.versioned) {
        /* the old version stays for snapshots (and for rollback); the new one is appended */
        uint64_t id = stor_txn_id();
        tbl_ver_set(t, row, t->ver ? t->ver[row].xmin : 0, STOR_TXN_BIT | id);
        /* (without a clustered key the new version takes the old one's place) */
        uint32_t first = stor_clustered(t) ? UINT32_MAX : t->origin ? t->origin[row] : row;
        uint32_t nr = append_row(t, vals, first);
        tbl_ver_set(t, nr, STOR_TXN_BIT | id, 0);
        t->ver[row].succ = nr + 1;
        wal_note_vupdate(t, row, nr);
        return nr;
    }
    wal_before_update(t, row);
    const stor_index *cx = t->unordered ? NULL : stor_clustered(t);
    if (cx) {   /* a key changed in place: the row may now be out of order */
        pdb_value kv[16];
        for (uint32_t k = 0; k < cx->ncols; k++) kv[k] = vals[cx->cols[k]];
        if (!key_eq(t, cx, row, kv, cx->ncols)) t->unordered = true;
    }
    for (uint32_t i = 0; i < t->nidx; i++) idx_remove(t, &t->idx[i], row);
    /* values may point into this row's own strings: copy the row first */
    pdb_value tmp[t->ncols];
    char *own[t->ncols];
    for (uint32_t i = 0; i < t->ncols; i++) {
        tmp[i] = vals[i];
        own[i] = NULL;
        if ((vals[i].t == VT_STRING || (vals[i].t == VT_DECIMAL && vals[i].len)) && stor_kind_text(t->cols[i].kind)) {
            own[i] = stor_strndup(vals[i].p ? vals[i].p : "", vals[i].len);
            tmp[i].p = own[i];
        }
    }
    uint64_t changed = 0;   /* (only something derived from the rows needs to know) */
    for (uint32_t i = 0; i < t->ncols && t->derived; i++)
        if (!cell_same(t, i, row, &tmp[i])) changed |= 1ull << (i < 63 ? i : 63);
    for (uint32_t i = 0; i < t->ncols; i++) set_cell(t, i, row, &tmp[i]);
    for (uint32_t i = 0; i < t->ncols; i++) stor_free(own[i]);
    if (changed) note_rewrite(t, row, changed);
    for (uint32_t i = 0; i < t->nidx; i++)
        if (t->idx[i].nbuckets) idx_insert(t, &t->idx[i], row);
    wal_note_update(t, row);
    return row;
}

void tbl_free_dead_strings(stor_table *t, uint32_t row)
{
    if (row >= t->nrows || !stor_is_dead(t, row)) return;
    for (uint32_t i = 0; i < t->ncols; i++) {
        stor_column *c = &t->cols[i];
        if (!stor_kind_text(c->kind) || !stor_sptr(c, row)) continue;
        str_let_go(c, stor_scell(c, row));
        if (c->code) c->code[row] = 0;
        stor_sset(c, row, NULL, 0, 0);
    }
}

_Atomic uint32_t stor_compact_marked;

static void compact_mark(stor_table *t, bool on)
{
    if (t->compact_wanted == on) return;
    t->compact_wanted = on;
    if (on) atomic_fetch_add(&stor_compact_marked, 1);
    else atomic_fetch_sub(&stor_compact_marked, 1);
}

void stor_table_compact_unmark(stor_table *t) { compact_mark(t, false); }

static void compact_check(stor_table *t)
{
    uint32_t dead = t->nrows - t->nlive;
    if (t->compact_wanted || dead < STOR_COMPACT_MIN || dead <= t->nlive || t->temporary || t->sequence) return;
    if (t->nlive <= STOR_COMPACT_MAX_LIVE) compact_mark(t, true);
    else if (!t->compact_noted) {   /* (its copy would hold every statement up for seconds) */
        t->compact_noted = true;
        fprintf(stderr, "pressdb: [Note] table `%s`.`%s` has %u dead row slots beside %u rows; OPTIMIZE TABLE "
                "reclaims them (a table this large is not rebuilt by itself)\n", t->db, t->name, dead, t->nlive);
    }
}

void stor_compact_mark_all(void)
{
    uint32_t ndb;
    stor_db **dbs = stor_db_list(&ndb);
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) compact_check(dbs[i]->tables[j]);
}

void tbl_kill_row(stor_table *t, uint32_t row)
{
    t->mods++;
    for (uint32_t i = 0; i < t->nidx; i++) idx_remove(t, &t->idx[i], row);
    t->dead[row >> 3] |= (uint8_t)(1u << (row & 7));
    t->nlive--;
    if (t->nver) tbl_ver_set(t, row, 0, 0);
    compact_check(t);
}

int stor_row_lock(stor_table *t, uint32_t row, bool exclusive)
{
    if (row_locked_for(t, row, exclusive)) return STOR_LOCKED;
    if (!stor_view_cur.versioned) return 0;
    uint64_t id = stor_txn_id();
    uint64_t xmin = t->ver ? t->ver[row].xmin : 0, xmax = t->ver ? t->ver[row].xmax : 0;
    if ((xmax & STOR_TXN_BIT) && !(xmax & STOR_SHARE_BIT)) return 0;   /* this transaction's already */
    if (exclusive) {
        /* (a shared lock this transaction holds stays listed until it ends) */
        tbl_ver_set(t, row, xmin, STOR_TXN_BIT | STOR_LOCK_BIT | id);
        wal_note_lock(t, row);
        return 0;
    }
    int r = id ? mvcc_share_add(t, row, id) : -1;
    if (r < 0) return 0;   /* no memory: the read goes on without holding the row */
    if (r == 0) {
        if (xmax != STOR_SHARE_MARK) tbl_ver_set(t, row, xmin, STOR_SHARE_MARK);
        wal_note_share(t, row);
    }
    return 0;
}

int stor_row_delete(stor_table *t, uint32_t row)
{
    if (row_locked(t, row)) return STOR_LOCKED;
    note_update(t);
    if (stor_view_cur.versioned) {
        tbl_ver_set(t, row, t->ver ? t->ver[row].xmin : 0, STOR_TXN_BIT | stor_txn_id());
        wal_note_vdelete(t, row);
        return 0;
    }
    tbl_kill_row(t, row);
    wal_note_delete(t, row);
    return 0;
}

void tbl_undelete(stor_table *t, uint32_t row)
{
    t->mods++;
    note_rewrite(t, row, ~0ull);   /* (a row derivations skipped as dead is back) */
    t->dead[row >> 3] &= (uint8_t)~(1u << (row & 7));
    t->nlive++;
    index_all(t, row);
}

bool tbl_row_ids_fit(const stor_table *t, uint64_t nrows)
{
    if (nrows > TBL_MAX_ROW_IDS) return false;
    size_t ceiling = stor_mem_ceiling();
    if (nrows <= t->nrows || !ceiling) return true;
    uint64_t slot = 1;   /* the dead bit and each column's null bit, rounded up */
    for (uint32_t i = 0; i < t->ncols; i++) {
        const stor_column *c = &t->cols[i];
        slot += c->kind == CK_I64 || c->kind == CK_F64 ? 8 : sizeof *c->sp + sizeof *c->slen + sizeof *c->code;
    }
    return nrows * slot <= ceiling;
}

void tbl_load_reserve(stor_table *t, uint32_t nrows)
{
    if (!nrows || t->nrows) return;
    uint32_t nc = nrows < TBL_MAX_ROW_IDS - 15 ? (nrows + 15) & ~15u : TBL_MAX_ROW_IDS;   /* (exactly) */
    if (nc > t->cap) grow_to(t, nc);
    for (uint32_t i = 0; i < t->nidx; i++) {
        stor_index *x = &t->idx[i];
        if (x->kind == IK_FULLTEXT || x->kind == IK_SPATIAL) continue;
        uint32_t nb = x->nbuckets ? x->nbuckets : 64;   /* (index_all's sequence: 64, then x4) */
        while (nb < nrows && nb <= (1u << 29)) nb *= 4;
        if (nb != x->nbuckets) idx_rehash(t, x, nb);
    }
}

void tbl_reserve_rows(stor_table *t, uint32_t nrows)
{
    while (t->nrows < nrows) {
        if (t->nrows == t->cap) grow(t);
        uint32_t r = t->nrows++;
        t->dead[r >> 3] |= (uint8_t)(1u << (r & 7));
        for (uint32_t i = 0; i < t->ncols; i++) {
            stor_column *c = &t->cols[i];
            if (stor_kind_text(c->kind)) stor_sset(c, r, NULL, 0, 0);
            else if (c->kind == CK_I64) c->i64[r] = 0;
            else c->f64[r] = 0;
            c->nulls[r >> 3] |= (uint8_t)(1u << (r & 7));
        }
    }
}

void tbl_put_at(stor_table *t, uint32_t row, const pdb_value *vals)
{
    t->mods++;
    while (t->nrows <= row) {
        if (t->nrows == t->cap) grow(t);
        uint32_t r = t->nrows++;
        t->dead[r >> 3] |= (uint8_t)(1u << (r & 7));
        for (uint32_t i = 0; i < t->ncols; i++) {
            stor_column *c = &t->cols[i];
            if (stor_kind_text(c->kind)) stor_sset(c, r, NULL, 0, 0);
            else if (c->kind == CK_I64) c->i64[r] = 0;
            else c->f64[r] = 0;
            c->nulls[r >> 3] |= (uint8_t)(1u << (r & 7));
        }
    }
    note_rewrite(t, row, ~0ull);
    if (!stor_is_dead(t, row)) {   /* replaying over a live slot: replace it */
        for (uint32_t i = 0; i < t->nidx; i++) idx_remove(t, &t->idx[i], row);
        t->nlive--;
    }
    for (uint32_t i = 0; i < t->ncols; i++) set_cell(t, i, row, &vals[i]);
    t->dead[row >> 3] &= (uint8_t)~(1u << (row & 7));
    t->nlive++;
    index_all(t, row);
}

/* ---- compression of cold segments (compress.c) ---- */

static bool col_in_index(const stor_table *t, uint32_t col)
{
    for (uint32_t i = 0; i < t->nidx; i++)
        for (uint32_t k = 0; k < t->idx[i].ncols; k++)
            if (t->idx[i].cols[k] == col) return true;
    return false;
}

bool tbl_col_keyed(const stor_table *t, uint32_t col) { return col_in_index(t, col); }

void tbl_adopt_zv(stor_table *t, uint32_t col, uint32_t row, char *blob, uint32_t len)
{
    stor_column *c = &t->cols[col];
    assert(c->kind == CK_STR && zv_is(blob) && !col_in_index(t, col));
    if (!c->sp) col_slots(t, c);
    struct stor_str old = stor_scell(c, row);
    stor_sset(c, row, blob, len, 0);
    if (c->code) c->code[row] = 0;
    c->nulls[row >> 3] &= (uint8_t)~(1u << (row & 7));
    str_let_go(c, old);
}

/* Not used for after_s seconds, and used since it was last compressed. */
static bool seg_cold(const struct stor_seg *g, uint32_t now, uint32_t after_s)
{
    uint32_t used = __atomic_load_n(&g->used, __ATOMIC_RELAXED);
    return used <= now && now - used >= after_s && g->packed <= used;
}

/* A value tbl_compress_pass would compress (but for how much it saves). */
static bool zv_wants(const stor_table *t, const stor_column *col, uint32_t r, size_t min_bytes)
{
    if (!col->sp) return false;   /* (slotless: every value pooled) */
    const char *p = col->sp[r];
    return p && !stor_spooled(col, r) && !zv_is(p) && stor_slen(col, r) >= min_bytes && !stor_is_dead(t, r)
           && !stor_is_null(col, r);
}

bool tbl_compress_candidates(uint32_t now, uint32_t after_s)
{
    for (uint32_t i = 0; i < ndbs; i++) {
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            const stor_table *t = dbs[i]->tables[j];
            uint32_t nseg = (t->nrows + STOR_SEG_ROWS - 1) >> STOR_SEG_SHIFT;
            for (uint32_t c = 0; c < t->ncols; c++) {
                const stor_column *col = &t->cols[c];
                if (col->kind != CK_STR || !col->seg || !col->sp || col_in_index(t, c)) continue;
                for (uint32_t g = 0; g < nseg; g++)
                    if (seg_cold(&col->seg[g], now, after_s)) return true;
            }
        }
    }
    return false;
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

bool tbl_compress_pass(uint32_t now, uint32_t after_s, size_t min_bytes, uint64_t budget_ns)
{
    uint64_t t0 = now_ns();
    for (uint32_t i = 0; i < ndbs; i++) {
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            uint32_t nseg = (t->nrows + STOR_SEG_ROWS - 1) >> STOR_SEG_SHIFT;
            for (uint32_t c = 0; c < t->ncols; c++) {
                stor_column *col = &t->cols[c];
                if (col->kind != CK_STR || !col->seg || !col->sp || col_in_index(t, c)) continue;
                for (uint32_t g = 0; g < nseg; g++) {
                    struct stor_seg *sg = &col->seg[g];
                    if (!seg_cold(sg, now, after_s)) continue;
                    uint32_t end = (g + 1) << STOR_SEG_SHIFT;
                    if (end > t->nrows) end = t->nrows;
                    for (uint32_t r = g << STOR_SEG_SHIFT; r < end; r++) {
                        if (!zv_wants(t, col, r, min_bytes)) continue;
                        char *z = zv_pack(col->sp[r], stor_slen(col, r), col->zdict);
                        if (z) { stor_free(col->sp[r]); col->sp[r] = z; evict_copy_stale(t); }
                        if (now_ns() - t0 > budget_ns) return true;   /* the segment goes on next time */
                    }
                    sg->packed = now;
                }
            }
        }
    }
    return false;
}

/* Calls fn for each value of col's cold segments that tbl_compress_pass would take. */
static void cold_values(const stor_table *t, const stor_column *col, uint32_t now, uint32_t after_s,
                        size_t min_bytes, void (*fn)(void *, const struct stor_str *), void *arg)
{
    uint32_t nseg = (t->nrows + STOR_SEG_ROWS - 1) >> STOR_SEG_SHIFT;
    for (uint32_t g = 0; g < nseg; g++) {
        if (!seg_cold(&col->seg[g], now, after_s)) continue;
        uint32_t end = (g + 1) << STOR_SEG_SHIFT;
        if (end > t->nrows) end = t->nrows;
        for (uint32_t r = g << STOR_SEG_SHIFT; r < end; r++)
            if (zv_wants(t, col, r, min_bytes)) {
                struct stor_str s = stor_scell(col, r);
                fn(arg, &s);
            }
    }
}

struct zs_walk { uint64_t bytes, seen, every; size_t cap, piece, used; tbl_zsample *out; };

static void zs_count(void *a, const struct stor_str *s)
{
    struct zs_walk *w = a;
    w->bytes += s->len;
    w->seen++;
}

static void zs_take(void *a, const struct stor_str *s)
{
    struct zs_walk *w = a;
    if (w->seen++ % w->every || w->used >= w->cap) return;
    size_t n = s->len < w->piece ? s->len : w->piece;
    if (n > w->cap - w->used) n = w->cap - w->used;
    memcpy(w->out->buf + w->used, s->p, n);
    w->out->sizes[w->out->n++] = n;
    w->used += n;
}

bool tbl_dict_sample(uint32_t now, uint32_t after_s, size_t min_bytes, size_t min_total, size_t cap,
                     size_t piece, tbl_zsample *out)
{
    for (uint32_t i = 0; i < ndbs; i++) {
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            for (uint32_t c = 0; c < t->ncols; c++) {
                stor_column *col = &t->cols[c];
                if (col->kind != CK_STR || !col->seg || !col->sp || col->zdict || col->ztried || col_in_index(t, c))
                    continue;
                struct zs_walk w = { .cap = cap, .piece = piece, .out = out };
                cold_values(t, col, now, after_s, min_bytes, zs_count, &w);
                if (w.bytes < min_total) continue;
                col->ztried = true;   /* (only this thread reads or writes it under the shared lock) */
                memset(out, 0, sizeof *out);
                out->t = t; out->serial = t->serial; out->col = c;
                w.every = w.bytes > cap ? (w.bytes + cap - 1) / cap : 1;
                out->buf = malloc(cap);
                out->sizes = malloc((w.seen / w.every + 1) * sizeof *out->sizes);
                if (!out->buf || !out->sizes) { free(out->buf); free(out->sizes); return false; }
                w.seen = 0;
                cold_values(t, col, now, after_s, min_bytes, zs_take, &w);
                return true;
            }
        }
    }
    return false;
}

void tbl_dict_install(const tbl_zsample *s, struct zv_dict *d)
{
    for (uint32_t i = 0; i < ndbs; i++) {
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            if (t != s->t || t->serial != s->serial || s->col >= t->ncols) continue;
            stor_column *col = &t->cols[s->col];
            if (col->kind == CK_STR && !col->zdict && col->sp) { col->zdict = d; return; }
        }
    }
    zv_dict_unref(d);
}

/* Frees everything (at shutdown). */
void stor_catalog_free(void)
{
    while (ndbs) stor_db_drop(dbs[0]->name);
    stor_free(dbs);
    dbs = NULL;
}

/* ---- where the memory goes (SHOW GLOBAL STATUS Memory_table_*) ---- */

static void col_parts(const stor_table *t, const stor_column *c, stor_memparts *m)
{
    size_t cap = t->cap;
    if (c->kind == CK_I64 && c->i64) m->vectors += cap * sizeof *c->i64;
    if (c->kind == CK_F64 && c->f64) m->vectors += cap * sizeof *c->f64;
    if (c->nulls) m->bitmaps += cap / 8;
    if (stor_kind_text(c->kind) && c->code) {
        if (c->sp) m->str_slots += cap * (sizeof *c->sp + sizeof *c->slen);
        if (c->code) m->str_codes += cap * sizeof *c->code;
        if (c->seg) m->bitmaps += ((cap + STOR_SEG_ROWS - 1) >> STOR_SEG_SHIFT) * sizeof *c->seg;
        m->str_pool += stor_strpool_bytes(c);
        for (uint32_t r = 0; r < t->nrows; r++) {
            const char *p = stor_sptr(c, r);
            if (p && !stor_spooled(c, r) && !((uintptr_t)p & 1)) m->str_bytes += stor_slen(c, r);
        }
    }
}

void stor_mem_parts(stor_memparts *m)
{
    memset(m, 0, sizeof *m);
    uint32_t ndb;
    stor_db **dbs = stor_db_list(&ndb);
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            const stor_table *t = dbs[i]->tables[j];
            if (t->evicted) continue;
            size_t cap = t->cap;
            for (uint32_t c = 0; c < t->ncols; c++) col_parts(t, &t->cols[c], m);
            if (t->dead) m->bitmaps += cap / 8;
            if (t->ver) m->versions += cap * sizeof *t->ver;
            if (t->origin) m->versions += cap * sizeof *t->origin;
            for (uint32_t x = 0; x < t->nidx; x++) {
                const stor_index *ix = &t->idx[x];
                const struct stor_hchain *hc[2] = { &ix->h, &ix->h1 };
                for (int k = 0; k < 2; k++) {
                    if (hc[k]->buckets) m->idx_hash += (size_t)ix->nbuckets * sizeof(uint32_t);
                    if (hc[k]->next) m->idx_hash += cap * 2 * sizeof(uint32_t);
                }
                if (ix->ord) m->idx_ordered += stor_ord_bytes(ix->ord);
            }
        }
}
