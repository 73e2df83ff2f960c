/* mvcc.c - row versions: visibility, commit timestamps, registered snapshots, the purge
 * of versions nobody can see any more, and the waits-for bookkeeping of row locks.
 *
 * The model is in storage.h (MVCC section). What lives here:
 *  - last_ts: the newest commit timestamp. A versioned transaction's changes get
 *    ts = last_ts + 1 at commit (under the exclusive store lock, so in log order).
 *  - snaps: the registered snapshots (a multiset of timestamps). Statement snapshots of
 *    autocommit readers are not registered: they hold the store lock shared for the
 *    whole statement, so no writer (and no purge) runs while they read.
 *  - pending: what committed versioned transactions left: creation timestamps to forget
 *    and deleted versions to free, each once every registered snapshot is at or past
 *    its timestamp.
 *  - runs: the transactions that have an id (they wrote versions, or waited), with the
 *    transaction each one waits for; a wait that closes a cycle is a deadlock.
 *  - shares: who holds a shared row lock (LOCK IN SHARE MODE) on which row. The row
 *    itself carries only STOR_SHARE_MARK in xmax (so a row nobody locked costs a reader
 *    or writer nothing more); the holders, several per row, are here: an open-addressing
 *    table of (table, row, transaction) hashed by (table, row), so a row's holders sit in
 *    one probe run. Touched only under the exclusive store lock (locking reads, writes,
 *    commit and rollback all hold it).
 */
#include "storage/storage.h"
#include "storage/wal.h"
#include <stdatomic.h>
#include <string.h>

__thread stor_view stor_view_cur;
__thread uint64_t stor_blocker;

static _Atomic uint64_t last_ts = 1;
static _Atomic uint64_t next_id = 1;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;   /* snaps and runs */
static void (*end_hook)(void);

static uint64_t *snaps;
static _Atomic uint32_t nsnaps;   /* written under mu; read without it by stor_snap_count */
static uint32_t csnaps;

typedef struct run { uint64_t id, waits_for; bool waited_on, victim; } run;
static run *runs;
static uint32_t nruns, cruns;
/* the row lock queue (below) */
typedef struct rwait { const stor_table *t; uint32_t row; bool excl; uint64_t id; } rwait;   /* (in arrival order) */
static rwait *rwaits;
static uint32_t nrwaits, crwaits;
static _Atomic uint32_t nqueued;
static void queue_drop(uint64_t id);
static void queue_forget_table(const stor_table *t);

typedef struct pend { stor_table *t; uint32_t row; char kind; uint64_t ts; } pend;
static pend *pending;          /* under the exclusive store lock */
static size_t npending, cpending;

/* A version the snapshot sees, replaced by a commit after the snapshot: still the one
 * to show, unless this transaction has since changed the row itself (InnoDB shows a
 * transaction its own newest version of a row, whatever its snapshot). */
static bool superseded_by_me(const stor_table *t, uint32_t row, uint64_t me)
{
    uint64_t mine = STOR_TXN_BIT | me;
    for (uint32_t hop = 0, r = t->ver[row].succ; r && hop < 1000000; hop++) {
        const struct stor_ver *s = &t->ver[r - 1];
        if (s->xmin == mine || s->xmax == mine) return true;   /* changed, not just locked */
        r = s->succ;
    }
    return false;
}

bool stor_ver_visible(const stor_table *t, uint32_t row)
{
    const stor_view *v = &stor_view_cur;
    uint64_t xmin = t->ver[row].xmin, xmax = t->ver[row].xmax;
    if (xmin & STOR_TXN_BIT) {
        if ((xmin & STOR_ID_MASK) != v->txn) return false;
    } else if (xmin && v->snapshot && xmin > v->snap) return false;
    if (!xmax) return true;
    if (xmax & STOR_TXN_BIT) {
        if (xmax & STOR_LOCK_BIT) return true;
        return (xmax & STOR_ID_MASK) != v->txn;
    }
    if (!v->snapshot || xmax <= v->snap) return false;
    return !(v->txn && superseded_by_me(t, row, v->txn));
}

uint64_t stor_commit_ts(void) { return atomic_load(&last_ts); }

uint64_t stor_snap_take(void)
{
    pthread_mutex_lock(&mu);
    uint64_t ts = atomic_load(&last_ts);
    if (nsnaps == csnaps) {
        uint32_t nc = csnaps ? csnaps * 2 : 16;
        uint64_t *n = stor_realloc(snaps, nc * sizeof *n);
        if (n) { snaps = n; csnaps = nc; }
    }
    if (nsnaps < csnaps) snaps[nsnaps++] = ts;
    pthread_mutex_unlock(&mu);
    return ts;
}

void stor_snap_release(uint64_t ts)
{
    pthread_mutex_lock(&mu);
    for (uint32_t i = 0; i < nsnaps; i++)
        if (snaps[i] == ts) { snaps[i] = snaps[--nsnaps]; break; }
    pthread_mutex_unlock(&mu);
}

/* Read by every writing statement; snapshots are registered by readers under the shared
 * store lock, so none appears while a writer holds it exclusively. */
uint32_t stor_snap_count(void) { return atomic_load(&nsnaps); }

static uint64_t snap_min(void)
{
    pthread_mutex_lock(&mu);
    uint64_t m = UINT64_MAX;
    for (uint32_t i = 0; i < nsnaps; i++) if (snaps[i] < m) m = snaps[i];
    pthread_mutex_unlock(&mu);
    return m;
}

/* ---- commit and purge (store lock exclusive) ---- */

uint64_t mvcc_next_ts(void) { return atomic_load(&last_ts) + 1; }
void mvcc_publish_ts(uint64_t ts) { atomic_store(&last_ts, ts); }

void mvcc_pending_add(stor_table *t, uint32_t row, char kind, uint64_t ts)
{
    if (npending == cpending) {
        size_t nc = cpending ? cpending * 2 : 256;
        pend *n = stor_realloc(pending, nc * sizeof *n);
        if (!n) return;   /* the version then just stays (visible as committed) */
        pending = n; cpending = nc;
    }
    pending[npending++] = (pend){ t, row, kind, ts };
}

void stor_mvcc_purge(void)
{
    if (!npending) return;
    uint64_t min = snap_min();
    size_t w = 0;
    for (size_t i = 0; i < npending; i++) {
        pend *p = &pending[i];
        if (p->ts > min) { pending[w++] = *p; continue; }
        stor_table *t = p->t;
        if (!t->ver || p->row >= t->nrows) continue;
        struct stor_ver *v = &t->ver[p->row];
        if (p->kind == 'x' && v->xmin == p->ts) tbl_ver_set(t, p->row, 0, v->xmax);
        else if (p->kind == 'd' && v->xmax == p->ts && !stor_is_dead(t, p->row)) {
            tbl_kill_row(t, p->row);
            tbl_free_dead_strings(t, p->row);
        }
    }
    npending = w;
}

/* ---- shared row locks (store lock exclusive) ---- */

typedef struct share {
    const stor_table *t;       /* NULL = empty slot */
    uint32_t row;
    uint32_t seq;              /* grant order */
    uint64_t id;               /* the holder */
} share;
static share *shares;          /* capacity a power of two, at most half full */
static uint32_t nshares, cshares, share_seq;

static uint32_t share_home(const stor_table *t, uint32_t row)
{
    uint64_t h = ((uint64_t)(uintptr_t)t >> 4) * 0x9e3779b97f4a7c15ull ^ (row * 0xff51afd7ed558ccdull);
    return (uint32_t)(h ^ (h >> 29)) & (cshares - 1);
}

static void share_put(share e)
{
    uint32_t i = share_home(e.t, e.row);
    while (shares[i].t) i = (i + 1) & (cshares - 1);
    shares[i] = e;
    nshares++;
}

/* Rebuilds the table at capacity nc (0 keeps it) without table skip's entries. */
static int share_rehash(uint32_t nc, const stor_table *skip)
{
    share *old = shares;
    uint32_t oc = cshares;
    if (!nc) nc = oc;
    share *n = stor_calloc(nc, sizeof *n);
    if (!n) return -1;
    shares = n; cshares = nc; nshares = 0;
    for (uint32_t i = 0; i < oc; i++)
        if (old[i].t && old[i].t != skip) share_put(old[i]);
    stor_free(old);
    return 0;
}

int mvcc_share_add(const stor_table *t, uint32_t row, uint64_t id)
{
    if (cshares) {
        for (uint32_t i = share_home(t, row); shares[i].t; i = (i + 1) & (cshares - 1))
            if (shares[i].t == t && shares[i].row == row && shares[i].id == id) return 1;
    }
    if ((nshares + 1) * 2 > cshares && share_rehash(cshares ? cshares * 2 : 64, NULL) != 0) return -1;
    share_put((share){ t, row, share_seq++, id });
    return 0;
}

void mvcc_share_drop(const stor_table *t, uint32_t row, uint64_t id)
{
    if (!nshares) return;
    uint32_t m = cshares - 1, i = share_home(t, row);
    while (shares[i].t && !(shares[i].t == t && shares[i].row == row && shares[i].id == id)) i = (i + 1) & m;
    if (!shares[i].t) return;
    /* backward-shift deletion: move later entries of the run into the hole when their
       home does not lie (cyclically) between the hole and them */
    for (uint32_t j = (i + 1) & m; shares[j].t; j = (j + 1) & m) {
        uint32_t h = share_home(shares[j].t, shares[j].row);
        if (((j - h) & m) >= ((j - i) & m)) { shares[i] = shares[j]; i = j; }
    }
    shares[i].t = NULL;
    nshares--;
}

bool mvcc_share_holds(const stor_table *t, uint32_t row, uint64_t id)
{
    if (!nshares) return false;
    for (uint32_t i = share_home(t, row); shares[i].t; i = (i + 1) & (cshares - 1))
        if (shares[i].t == t && shares[i].row == row && shares[i].id == id) return true;
    return false;
}

bool mvcc_share_any(const stor_table *t, uint32_t row)
{
    if (!nshares) return false;
    for (uint32_t i = share_home(t, row); shares[i].t; i = (i + 1) & (cshares - 1))
        if (shares[i].t == t && shares[i].row == row) return true;
    return false;
}

uint64_t mvcc_share_other(const stor_table *t, uint32_t row, uint64_t me)
{
    if (!nshares) return 0;
    uint64_t first = 0;
    uint32_t seq = 0;
    for (uint32_t i = share_home(t, row); shares[i].t; i = (i + 1) & (cshares - 1)) {
        if (shares[i].t != t || shares[i].row != row || shares[i].id == me) continue;
        if (!first || (int32_t)(shares[i].seq - seq) < 0) { first = shares[i].id; seq = shares[i].seq; }
    }
    return first;
}

static void gap_forget_table(const stor_table *t);
void mvcc_forget_table(const stor_table *t)
{
    size_t w = 0;
    for (size_t i = 0; i < npending; i++)
        if (pending[i].t != t) pending[w++] = pending[i];
    npending = w;
    if (nshares) share_rehash(0, t);
    gap_forget_table(t);
    if (mvcc_queue_any()) queue_forget_table(t);
}

/* ---- gap locks (store lock exclusive) ----
 * InnoDB's next-key locks under REPEATABLE READ, as a list: few entries live at once (a
 * transaction's locking reads that scanned ranges), so a linear walk serves. */

mvcc_gap *mvcc_gaps;
uint32_t mvcc_ngaps;
static uint32_t cgaps, gap_seq;

int mvcc_gap_add(const stor_table *t, int kind, int32_t ix, uint32_t lo, uint32_t hi, uint64_t id, uint32_t *seq)
{
    for (uint32_t i = 0; i < mvcc_ngaps; i++) {
        const mvcc_gap *g = &mvcc_gaps[i];
        if (g->t == t && g->id == id && g->kind == kind && g->ix == ix && g->lo == lo && g->hi == hi) return 1;
    }
    if (mvcc_ngaps == cgaps) {
        uint32_t nc = cgaps ? cgaps * 2 : 16;
        mvcc_gap *n = stor_realloc(mvcc_gaps, nc * sizeof *n);
        if (!n) return -1;
        mvcc_gaps = n; cgaps = nc;
    }
    *seq = ++gap_seq;
    mvcc_gaps[mvcc_ngaps++] = (mvcc_gap){ t, id, *seq, (uint8_t)kind, ix, lo, hi };
    ((stor_table *)t)->ngaps++;
    return 0;
}

void mvcc_gap_drop(uint32_t seq)
{
    for (uint32_t i = 0; i < mvcc_ngaps; i++) {
        if (mvcc_gaps[i].seq != seq) continue;
        ((stor_table *)mvcc_gaps[i].t)->ngaps--;
        mvcc_gaps[i] = mvcc_gaps[--mvcc_ngaps];
        return;
    }
}

static void gap_forget_table(const stor_table *t)
{
    uint32_t w = 0;
    for (uint32_t i = 0; i < mvcc_ngaps; i++)
        if (mvcc_gaps[i].t != t) mvcc_gaps[w++] = mvcc_gaps[i];
    mvcc_ngaps = w;
    ((stor_table *)t)->ngaps = 0;
}

/* ---- transaction ids and waits ---- */

static run *run_find(uint64_t id)
{
    for (uint32_t i = 0; i < nruns; i++) if (runs[i].id == id) return &runs[i];
    return NULL;
}

uint64_t stor_txn_next_id(void) { return atomic_load(&next_id); }

uint64_t mvcc_new_id(void)
{
    uint64_t id = atomic_fetch_add(&next_id, 1);
    pthread_mutex_lock(&mu);
    if (nruns == cruns) {
        uint32_t nc = cruns ? cruns * 2 : 64;
        run *n = stor_realloc(runs, nc * sizeof *n);
        if (n) { runs = n; cruns = nc; }
    }
    if (nruns < cruns) runs[nruns++] = (run){ id, 0, false, false };
    pthread_mutex_unlock(&mu);
    return id;
}

void mvcc_end_id(uint64_t id)
{
    bool wake = false;
    pthread_mutex_lock(&mu);
    for (uint32_t i = 0; i < nruns; i++) {
        if (runs[i].id != id) continue;
        wake = runs[i].waited_on;
        runs[i] = runs[--nruns];
        break;
    }
    if (nrwaits) queue_drop(id);
    pthread_mutex_unlock(&mu);
    if (wake && end_hook) end_hook();
}

bool stor_txn_running(uint64_t id)
{
    pthread_mutex_lock(&mu);
    bool r = run_find(id) != NULL;
    pthread_mutex_unlock(&mu);
    return r;
}

/* ---- the row lock queue (under mu) ----
 * A row lock request that waits is queued (stor_wait_begin) until its statement ends
 * (stor_queue_leave) or its transaction does: a later request for that row that conflicts with it waits behind it,
 * as in InnoDB's queue, instead of being granted past it; and a holder's upgrade of its
 * shared lock makes the waiters that wait for it deadlock victims (InnoDB grants the
 * upgrade and rolls the waiter back). */
__thread stor_blocked_at stor_blocked_row;

static void queue_add(uint64_t id)
{
    const stor_blocked_at *b = &stor_blocked_row;
    if (!b->t || !id) return;
    for (uint32_t i = 0; i < nrwaits; i++) {
        rwait *q = &rwaits[i];
        if (q->id == id && q->t == b->t && q->row == b->row) { q->excl |= b->excl; return; }   /* (its place stays) */
    }
    if (nrwaits == crwaits) {
        uint32_t nc = crwaits ? crwaits * 2 : 16;
        rwait *n = stor_realloc(rwaits, nc * sizeof *n);
        if (!n) return;   /* (no memory: the request is granted past it, as before) */
        rwaits = n; crwaits = nc;
    }
    rwaits[nrwaits++] = (rwait){ b->t, b->row, b->excl, id };
    atomic_store(&nqueued, nrwaits);
}

static void queue_drop(uint64_t id)
{
    uint32_t w = 0;
    for (uint32_t i = 0; i < nrwaits; i++) if (rwaits[i].id != id) rwaits[w++] = rwaits[i];   /* (in order) */
    nrwaits = w;
    atomic_store(&nqueued, nrwaits);
}

static void queue_forget_table(const stor_table *t)
{
    pthread_mutex_lock(&mu);
    uint32_t w = 0;
    for (uint32_t i = 0; i < nrwaits; i++) if (rwaits[i].t != t) rwaits[w++] = rwaits[i];
    nrwaits = w;
    atomic_store(&nqueued, nrwaits);
    pthread_mutex_unlock(&mu);
}

bool mvcc_queue_any(void) { return atomic_load_explicit(&nqueued, memory_order_relaxed) != 0; }

uint64_t mvcc_queue_ahead(const stor_table *t, uint32_t row, uint64_t me, bool excl)
{
    uint64_t w = 0;
    pthread_mutex_lock(&mu);
    for (uint32_t i = 0; i < nrwaits && !w; i++) {
        const rwait *q = &rwaits[i];
        if (q->t != t || q->row != row) continue;
        if (q->id == me) break;   /* (those after me came later) */
        if ((excl || q->excl) && run_find(q->id)) w = q->id;
    }
    pthread_mutex_unlock(&mu);
    return w;
}

void mvcc_queue_victims(const stor_table *t, uint32_t row, uint64_t holder)
{
    bool any = false;
    pthread_mutex_lock(&mu);
    for (uint32_t i = 0; i < nrwaits; i++) {
        const rwait *q = &rwaits[i];
        run *r = q->t == t && q->row == row ? run_find(q->id) : NULL;
        if (r && r->waits_for == holder && !r->victim) r->victim = any = true;
    }
    pthread_mutex_unlock(&mu);
    if (any && end_hook) end_hook();
}

bool stor_wait_victim(uint64_t me)
{
    if (!me) return false;
    pthread_mutex_lock(&mu);
    run *m = run_find(me);
    bool v = m && m->victim;
    pthread_mutex_unlock(&mu);
    return v;
}

int stor_wait_begin(uint64_t me, uint64_t blocker)
{
    pthread_mutex_lock(&mu);
    run *m0 = run_find(me);
    if (m0 && m0->victim) { m0->victim = false; pthread_mutex_unlock(&mu); return -1; }
    run *b = run_find(blocker);
    if (!b) { pthread_mutex_unlock(&mu); return 1; }
    uint64_t x = blocker;
    for (uint32_t hop = 0; hop <= nruns; hop++) {
        run *e = run_find(x);
        if (!e || !e->waits_for) break;
        if (e->waits_for == me) { pthread_mutex_unlock(&mu); return -1; }
        x = e->waits_for;
    }
    run *m = run_find(me);
    if (m) m->waits_for = blocker;
    b->waited_on = true;
    queue_add(me);
    pthread_mutex_unlock(&mu);
    return 0;
}

void stor_wait_end(uint64_t me)
{
    pthread_mutex_lock(&mu);
    run *m = run_find(me);
    if (m) m->waits_for = 0;
    pthread_mutex_unlock(&mu);
}

void stor_queue_leave(uint64_t me)
{
    if (!me) return;
    pthread_mutex_lock(&mu);
    if (nrwaits) queue_drop(me);
    run *m = run_find(me);
    if (m) m->victim = false;   /* (its statement ended: the mark was for that one) */
    pthread_mutex_unlock(&mu);
}

void stor_set_txn_end_hook(void (*fn)(void)) { end_hook = fn; }
void stor_wake_waiters(void) { if (end_hook) end_hook(); }
