/* tablelock.c - LOCK TABLES / UNLOCK TABLES: table locks between sessions.
 *
 * A session's LOCK TABLES takes READ or WRITE locks on its tables, all at once or none:
 * while another session holds a conflicting lock (WRITE against anything, READ against
 * WRITE) the statement waits, parked like a row lock wait (engine.h: wait_table), and
 * runs again whenever the server wakes parked statements, until lock_wait_timeout
 * (1205). Other sessions' statements that open a locked table wait the same way: a
 * reader for a WRITE lock, a writer (or DDL) for any lock. The locking session itself
 * may only use the tables it locked (1100) and not change a READ-locked one (1099), as
 * in MariaDB. UNLOCK TABLES, BEGIN, another LOCK TABLES and the end of the session
 * release them. Keys are database and table names, so a dropped table leaves nothing
 * dangling. The locking session's own locks are also keyed by the alias they were taken
 * under (the table's name without one; a view's tables under their aliases in the
 * view), and a reference finds only the lock of its own alias, as in MariaDB: after
 * LOCK TABLES t AS a READ, `t` and `t AS b` are 1100, `t AS a` reads.
 *
 * FLUSH TABLES WITH READ LOCK is a lock on every table at once (backups, mariadb-dump
 * --lock-all-tables): other sessions' changes of tables (DML on a non-temporary table,
 * DDL, accounts) wait as for a READ lock, the holder's own fail with 1223; UNLOCK TABLES
 * or the end of the session release it. read_only=ON refuses the same changes (1290) to
 * sessions without SUPER. Both are checked where a table is opened for writing and
 * before DDL (ex_write_check). */
#include "engine/eng.h"
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tlock {
    char db[PDB_NAME_LEN], name[PDB_NAME_LEN], alias[PDB_NAME_LEN];
    uint32_t owner;      /* connection id */
    bool write;
} tlock;

static pthread_mutex_t tl_mu = PTHREAD_MUTEX_INITIALIZER;
static tlock *locks;
static size_t nlocks, clocks;
static _Atomic size_t any_locks;    /* fast path: no table is locked anywhere */
static _Atomic int grl_holders;     /* sessions holding FLUSH TABLES WITH READ LOCK */

static bool same(const tlock *l, const char *db, const char *name)
{
    return !strcmp(l->name, name) && !strcmp(l->db, db);
}

/* The owner's lock of db.name under alias (case matters, as MariaDB's aliases on Unix). */
static bool same_as(const tlock *l, const char *db, const char *name, const char *alias)
{
    return same(l, db, name) && !strcmp(l->alias, alias);
}

/* Does another session's lock keep conn from this access? */
static bool conflicts(uint32_t conn, const char *db, const char *name, bool write)
{
    for (size_t i = 0; i < nlocks; i++)
        if (locks[i].owner != conn && same(&locks[i], db, name) && (write || locks[i].write)) return true;
    return false;
}

static void release_locked(uint32_t conn)
{
    size_t w = 0;
    for (size_t i = 0; i < nlocks; i++) if (locks[i].owner != conn) locks[w++] = locks[i];
    nlocks = w;
    atomic_store(&any_locks, nlocks);
}

bool ex_tablelock_release(pdb_session *s)
{
    if (!s->tables_locked) return false;
    pthread_mutex_lock(&tl_mu);
    release_locked(s->conn_id);
    pthread_mutex_unlock(&tl_mu);
    s->tables_locked = false;
    stor_wake_waiters();
    return true;
}

static void lock_wait(ex_ctx *ctx)
{
    ctx->s->wait_table = true;
    stor_blocker = 0;
    ex_raise_locked(ctx);
}

/* A view's base tables are locked with it, as the view was locked. */
typedef struct lock_list {
    ex_ctx *ctx;
    const char **dbs, **names, **aliases;
    bool *write;
    int n, cap;
    bool cur_write;
} lock_list;

static const char **grow_names(ex_ctx *ctx, const char **v, int n, int nc)
{
    const char **nv = stor_arena_alloc(ctx->a, (size_t)nc * sizeof *nv);
    memcpy(nv, v, (size_t)n * sizeof *nv);
    return nv;
}

static void lock_add(void *arg, const char *db, const char *name, const char *alias)
{
    lock_list *l = arg;
    if (l->n == l->cap) {
        int nc = l->cap * 2;
        l->dbs = grow_names(l->ctx, l->dbs, l->n, nc);
        l->names = grow_names(l->ctx, l->names, l->n, nc);
        l->aliases = grow_names(l->ctx, l->aliases, l->n, nc);
        bool *nw = stor_arena_alloc(l->ctx->a, (size_t)nc * sizeof *nw);
        memcpy(nw, l->write, (size_t)l->n * sizeof *nw);
        l->write = nw; l->cap = nc;
    }
    l->dbs[l->n] = db; l->names[l->n] = name; l->aliases[l->n] = alias ? alias : name; l->write[l->n] = l->cur_write;
    l->n++;
}

/* LOCK TABLES names a table twice under one alias in one database: 1066, as MariaDB. */
static void lock_unique(ex_ctx *ctx, const pl_stmt *st)
{
    for (int i = 0; i < st->nnames; i++) {
        const char *ai = st->lock_alias && st->lock_alias[i] ? st->lock_alias[i] : st->names[i];
        for (int k = 0; k < i; k++) {
            const char *ak = st->lock_alias && st->lock_alias[k] ? st->lock_alias[k] : st->names[k];
            if (!strcmp(ai, ak) && !strcmp(ex_cur_db(ctx, st->names_db[i]), ex_cur_db(ctx, st->names_db[k])))
                ex_raise(ctx, 1066, "42000", "Not unique table/alias: '%s'", ai);
        }
    }
}

void ex_lock_tables(ex_ctx *ctx, pl_stmt *st)
{
    pdb_session *s = ctx->s;
    ex_tablelock_release(s);
    lock_unique(ctx, st);
    /* the tables must exist (1146); a view stands for its own name and its tables */
    lock_list ll = { ctx, NULL, NULL, NULL, NULL, 0, st->nnames + 8, false };
    ll.dbs = stor_arena_alloc(ctx->a, (size_t)ll.cap * sizeof *ll.dbs);
    ll.names = stor_arena_alloc(ctx->a, (size_t)ll.cap * sizeof *ll.names);
    ll.aliases = stor_arena_alloc(ctx->a, (size_t)ll.cap * sizeof *ll.aliases);
    ll.write = stor_arena_alloc(ctx->a, (size_t)ll.cap * sizeof *ll.write);
    for (int i = 0; i < st->nnames; i++) {
        const char *db = ex_cur_db(ctx, st->names_db[i]);
        const stor_viewdef *v = ex_view_find(ctx, db, st->names[i]);
        if (!v && !stor_table_find(db, st->names[i])) ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", db, st->names[i]);
        ll.cur_write = st->lock_write[i];
        lock_add(&ll, db, st->names[i], st->lock_alias ? st->lock_alias[i] : NULL);
        if (v) ex_view_tables(ctx, db, v, lock_add, &ll);
    }
    for (int i = 0; i < ll.n; i++)
        if (!ex_view_find(ctx, ll.dbs[i], ll.names[i]) && !stor_table_find(ll.dbs[i], ll.names[i]))
            ex_raise(ctx, 1356, "HY000", "View references invalid table(s) or column(s) or function(s) or definer/invoker of view lack rights to use them");
    const char **dbs = ll.dbs;
    struct { char **names; bool *lock_write; int nnames; } lt = { (char **)ll.names, ll.write, ll.n }, *stl = &lt;
    pthread_mutex_lock(&tl_mu);
    for (int i = 0; i < stl->nnames; i++) {
        if (conflicts(s->conn_id, dbs[i], stl->names[i], stl->lock_write[i])) {
            pthread_mutex_unlock(&tl_mu);
            lock_wait(ctx);
        }
    }
    for (int i = 0; i < stl->nnames; i++) {
        /* a table named twice keeps its strongest lock */
        tlock *l = NULL;
        for (size_t k = 0; k < nlocks; k++)
            if (locks[k].owner == s->conn_id && same_as(&locks[k], dbs[i], stl->names[i], ll.aliases[i])) l = &locks[k];
        if (!l) {
            if (nlocks == clocks) {
                size_t nc = clocks ? clocks * 2 : 16;
                tlock *n = realloc(locks, nc * sizeof *n);
                if (!n) { release_locked(s->conn_id); pthread_mutex_unlock(&tl_mu); ex_raise(ctx, 1041, "HY000", "Out of memory."); }
                locks = n; clocks = nc;
            }
            l = &locks[nlocks++];
            memset(l, 0, sizeof *l);
            snprintf(l->db, sizeof l->db, "%s", dbs[i]);
            snprintf(l->name, sizeof l->name, "%s", stl->names[i]);
            snprintf(l->alias, sizeof l->alias, "%s", ll.aliases[i]);
            l->owner = s->conn_id;
        }
        l->write |= stl->lock_write[i];
    }
    atomic_store(&any_locks, nlocks);
    pthread_mutex_unlock(&tl_mu);
    s->tables_locked = true;
}

void ex_grl_take(ex_ctx *ctx)
{
    pdb_session *s = ctx->s;
    if (s->global_read_lock) return;
    s->global_read_lock = true;
    atomic_fetch_add(&grl_holders, 1);
}

void ex_grl_release(pdb_session *s)
{
    if (!s->global_read_lock) return;
    s->global_read_lock = false;
    atomic_fetch_sub(&grl_holders, 1);
    stor_wake_waiters();
}

void ex_write_check(ex_ctx *ctx)
{
    pdb_session *s = ctx->s;
    if (s->global_read_lock)
        ex_raise(ctx, 1223, "HY000", "Can't execute the query because you have a conflicting read lock");
    if (ex_sysvar_read_only() && s->enforce_privs && !(ex_privs_db(s, "") & STOR_PRIV_SUPER))
        ex_raise(ctx, 1290, "HY000", "The MariaDB server is running with the --read-only option so it cannot execute this statement");
    if (atomic_load(&grl_holders)) lock_wait(ctx);
}

/* As MariaDB's commit lock: a transaction's changes are not committed while another
 * session holds the global read lock (its backup sees no commit happen). */
void ex_commit_check(ex_ctx *ctx)
{
    if (atomic_load(&grl_holders) > (ctx->s->global_read_lock ? 1 : 0)) lock_wait(ctx);
}

void ex_tablelock_check(ex_ctx *ctx, const stor_table *t, const char *alias, bool write)
{
    pdb_session *s = ctx->s;
    if (write && !t->temporary && (atomic_load(&grl_holders) || ex_sysvar_read_only())) ex_write_check(ctx);
    if (write && !t->temporary) ex_txn_write_check(ctx);
    if (!atomic_load(&any_locks) || t->temporary) return;
    pthread_mutex_lock(&tl_mu);
    if (s->tables_locked) {
        /* the locking session: only its tables, under the alias locked, and READ ones only
           for reading */
        const char *as = alias ? alias : t->name;
        const tlock *mine = NULL;
        for (size_t i = 0; i < nlocks; i++) if (locks[i].owner == s->conn_id && same_as(&locks[i], t->db, t->name, as)) mine = &locks[i];
        bool ro = mine && !mine->write;
        pthread_mutex_unlock(&tl_mu);
        if (!mine) ex_raise(ctx, 1100, "HY000", "Table '%s' was not locked with LOCK TABLES", as);
        if (ro && write) ex_raise(ctx, 1099, "HY000", "Table '%s' was locked with a READ lock and can't be updated", as);
        return;
    }
    bool c = conflicts(s->conn_id, t->db, t->name, write);
    pthread_mutex_unlock(&tl_mu);
    if (c) lock_wait(ctx);
}

/* SHOW OPEN TABLES' In_use: the LOCK TABLES locks any session holds on db.name. */
uint32_t ex_tablelock_count(const char *db, const char *name)
{
    if (!atomic_load(&any_locks)) return 0;
    uint32_t n = 0;
    pthread_mutex_lock(&tl_mu);
    for (size_t i = 0; i < nlocks; i++) n += same(&locks[i], db, name);
    pthread_mutex_unlock(&tl_mu);
    return n;
}
