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
 * dangling. */
#include "engine/eng.h"
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tlock {
    char db[PDB_NAME_LEN], name[PDB_NAME_LEN];
    uint32_t owner;      /* connection id */
    bool write;
} tlock;

static pthread_mutex_t tl_mu = PTHREAD_MUTEX_INITIALIZER;
static tlock *locks;
static size_t nlocks, clocks;
static _Atomic size_t any_locks;    /* fast path: no table is locked anywhere */

static bool same(const tlock *l, const char *db, const char *name)
{
    return !strcmp(l->name, name) && !strcmp(l->db, db);
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

void ex_lock_tables(ex_ctx *ctx, pl_stmt *st)
{
    pdb_session *s = ctx->s;
    ex_tablelock_release(s);
    /* the tables must exist (1146) */
    const char *dbs[st->nnames];
    for (int i = 0; i < st->nnames; i++) {
        dbs[i] = ex_cur_db(ctx, st->names_db[i]);
        if (!stor_table_find(dbs[i], st->names[i])) ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", dbs[i], st->names[i]);
    }
    pthread_mutex_lock(&tl_mu);
    for (int i = 0; i < st->nnames; i++) {
        if (conflicts(s->conn_id, dbs[i], st->names[i], st->lock_write[i])) {
            pthread_mutex_unlock(&tl_mu);
            lock_wait(ctx);
        }
    }
    for (int i = 0; i < st->nnames; i++) {
        /* a table named twice keeps its strongest lock */
        tlock *l = NULL;
        for (size_t k = 0; k < nlocks; k++) if (locks[k].owner == s->conn_id && same(&locks[k], dbs[i], st->names[i])) l = &locks[k];
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
            snprintf(l->name, sizeof l->name, "%s", st->names[i]);
            l->owner = s->conn_id;
        }
        l->write |= st->lock_write[i];
    }
    atomic_store(&any_locks, nlocks);
    pthread_mutex_unlock(&tl_mu);
    s->tables_locked = true;
}

void ex_tablelock_check(ex_ctx *ctx, const stor_table *t, bool write)
{
    pdb_session *s = ctx->s;
    if (!atomic_load(&any_locks) || t->temporary) return;
    pthread_mutex_lock(&tl_mu);
    if (s->tables_locked) {
        /* the locking session: only its tables, and READ ones only for reading */
        const tlock *mine = NULL;
        for (size_t i = 0; i < nlocks; i++) if (locks[i].owner == s->conn_id && same(&locks[i], t->db, t->name)) mine = &locks[i];
        bool ro = mine && !mine->write;
        pthread_mutex_unlock(&tl_mu);
        if (!mine) ex_raise(ctx, 1100, "HY000", "Table '%s' was not locked with LOCK TABLES", t->name);
        if (ro && write) ex_raise(ctx, 1099, "HY000", "Table '%s' was locked with a READ lock and can't be updated", t->name);
        return;
    }
    bool c = conflicts(s->conn_id, t->db, t->name, write);
    pthread_mutex_unlock(&tl_mu);
    if (c) lock_wait(ctx);
}
