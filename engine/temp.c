/* temp.c - CREATE TEMPORARY TABLE: tables private to a session.
 *
 * Each session keeps its temporary tables in private catalog entries (one stor_db per
 * database name, never in the shared catalog), so they shadow base tables of the same
 * name for that session only, are not listed by SHOW TABLES, never reach the log or
 * a snapshot (stor_table.temporary: their row changes get undo records, no redo), and
 * go away at disconnect and COM_RESET_CONNECTION / COM_CHANGE_USER.
 *
 * A dropped temporary table may still be named by the undo records of the session's
 * open transaction (DROP TEMPORARY TABLE does not commit), so it is kept aside until
 * the session has no undo left, then freed. */
#include "engine/eng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ex_tmp {
    stor_db *dbs;           /* one per database name */
    uint32_t ndbs;
    stor_db dead;           /* dropped, waiting for the undo that may name them to go */
    uint32_t seq;
};

static struct ex_tmp *tmp_of(pdb_session *s, bool create)
{
    if (!s->tmp && create) s->tmp = stor_calloc(1, sizeof(struct ex_tmp));
    return s->tmp;
}

static stor_db *tmp_db(pdb_session *s, const char *db, bool create)
{
    struct ex_tmp *x = tmp_of(s, create);
    if (!x) return NULL;
    for (uint32_t i = 0; i < x->ndbs; i++)
        if (!strcmp(x->dbs[i].name, db)) return &x->dbs[i];
    if (!create) return NULL;
    x->dbs = stor_realloc(x->dbs, (x->ndbs + 1) * sizeof(stor_db));
    stor_db *d = &x->dbs[x->ndbs++];
    memset(d, 0, sizeof *d);
    d->name = stor_strndup(db, strlen(db));
    d->coll = COLL_UTF8MB4_GENERAL_CI;
    return d;
}

stor_table *ex_tmp_find(pdb_session *s, const char *db, const char *name)
{
    stor_db *d = s->tmp ? tmp_db(s, db, false) : NULL;
    if (!d) return NULL;
    for (uint32_t i = 0; i < d->ntables; i++)
        if (!strcmp(d->tables[i]->name, name)) return d->tables[i];
    return NULL;
}

stor_db *ex_tmp_owner(pdb_session *s, const stor_table *t)
{
    stor_db *d = s->tmp ? tmp_db(s, t->db, false) : NULL;
    if (!d) return NULL;
    for (uint32_t i = 0; i < d->ntables; i++) if (d->tables[i] == t) return d;
    return NULL;
}

stor_table *ex_tmp_create(pdb_session *s, const char *db, stor_table *def)
{
    stor_db *d = tmp_db(s, db, true);
    /* created under a name no base table has, then named as asked (stor_table_create
       refuses names the shared catalog holds) */
    char name[64];
    snprintf(name, sizeof name, "#sql-temporary-%u-%u", s->conn_id, ++s->tmp->seq);
    char *want = def->name;
    def->name = stor_strndup(name, strlen(name));
    stor_table *t = stor_table_create(d, def);
    if (!t) { stor_free(def->name); def->name = want; return NULL; }
    stor_free(t->name);
    t->name = want;
    t->temporary = true;
    return t;
}

static void detach(stor_db *d, stor_table *t)
{
    for (uint32_t i = 0; i < d->ntables; i++)
        if (d->tables[i] == t) {
            memmove(&d->tables[i], &d->tables[i + 1], (d->ntables - i - 1) * sizeof *d->tables);
            d->ntables--;
            return;
        }
}

/* Frees every table of d (a private catalog entry). */
static void free_tables(stor_db *d)
{
    if (d->ntables) ex_catalog_changed();
    while (d->ntables) {
        stor_table *t = d->tables[d->ntables - 1];
        /* stor_table_drop finds by name: give it one nobody else in d has */
        char name[32];
        snprintf(name, sizeof name, "#dropping-%u", d->ntables);
        stor_free(t->name);
        t->name = stor_strndup(name, strlen(name));
        stor_table_drop(d, name);
    }
    stor_free(d->tables);
    d->tables = NULL;
}

void ex_tmp_drop(pdb_session *s, stor_table *t)
{
    stor_db *d = ex_tmp_owner(s, t);
    if (!d) return;
    detach(d, t);
    stor_db *g = &s->tmp->dead;
    g->tables = stor_realloc(g->tables, (g->ntables + 1) * sizeof *g->tables);
    g->tables[g->ntables++] = t;
}

void ex_tmp_discard(pdb_session *s, stor_table *t)
{
    stor_db *d = ex_tmp_owner(s, t);
    if (!d) return;
    detach(d, t);
    stor_db one = { 0 };
    one.tables = stor_malloc(sizeof *one.tables);
    one.tables[0] = t;
    one.ntables = 1;
    free_tables(&one);
}

void ex_tmp_gc(pdb_session *s)
{
    if (s->tmp && s->tmp->dead.ntables) free_tables(&s->tmp->dead);
}

void ex_tmp_close(pdb_session *s)
{
    struct ex_tmp *x = s->tmp;
    if (!x) return;
    for (uint32_t i = 0; i < x->ndbs; i++) { free_tables(&x->dbs[i]); stor_free(x->dbs[i].name); }
    free_tables(&x->dead);
    stor_free(x->dbs);
    stor_free(x);
    s->tmp = NULL;
}
