/* fk.c - FOREIGN KEY constraints as InnoDB keeps and enforces them (MariaDB 10.11).
 *
 * A constraint lives with its child table (stor_table.fks: columns and the parent's by
 * name, so either side may be missing while foreign_key_checks is off, as when a dump
 * loads). CREATE and ALTER check it as InnoDB does (errno 150: the parent and an index of
 * it starting with the referenced columns, the same column types, SET NULL on nullable
 * columns) and give the child an index starting with its columns when it has none.
 *
 * A writing statement prepares, per table it writes (ex_fks_prepare), the table's own
 * constraints resolved to parent tables and indexes, and the constraints of other tables
 * (or its own) that reference it, from a map of the whole catalog rebuilt when the
 * catalog generation moves (pl_catalog_gen). A child row is checked before it is written
 * (1452; IGNORE: a warning, the row skipped); a parent row deleted or updated in its
 * referenced columns first acts on the child rows that reference it: RESTRICT / NO
 * ACTION refuse (1451), CASCADE deletes or updates them, SET NULL clears their columns,
 * each child change acting on its own children in turn (15 levels at most, as InnoDB).
 * Cascaded changes fire no triggers (InnoDB's do not either). A parent row found for a
 * child is locked shared (another transaction's DELETE of it waits); a missing one locks
 * nothing (InnoDB's gap lock is not there). With foreign_key_checks=0 or while the log
 * replays nothing is checked. */
#include "engine/eng.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define FK_DEPTH_MAX 15

/* ---- printing ---- */

static void put(char **b, size_t *n, size_t *cap, const char *s)
{
    size_t l = strlen(s);
    if (*n + l + 1 > *cap) {
        size_t nc = *cap ? *cap * 2 : 256;
        while (nc < *n + l + 1) nc *= 2;
        *b = stor_realloc(*b, nc);
        *cap = nc;
    }
    memcpy(*b + *n, s, l + 1);
    *n += l;
}

static void put_ident(char **b, size_t *n, size_t *cap, const char *s)
{
    put(b, n, cap, "`");
    for (const char *p = s; *p; p++) {
        char c[3] = { *p, *p == '`' ? '`' : 0, 0 };
        put(b, n, cap, c);
    }
    put(b, n, cap, "`");
}

static const char *action_name(uint8_t a)
{
    switch (a) {
    case STOR_FK_CASCADE: return "CASCADE";
    case STOR_FK_SET_NULL: return "SET NULL";
    case STOR_FK_SET_DEFAULT: return "SET DEFAULT";
    case STOR_FK_NO_ACTION: return "NO ACTION";
    default: return "RESTRICT";
    }
}

/* "CONSTRAINT `n` FOREIGN KEY (`a`) REFERENCES `p` (`x`) ON DELETE ..." as SHOW CREATE
 * TABLE and the 1451 / 1452 messages print it (the parent's database when it is not the
 * child's, or always with full; actions unless bare), malloc'd. */
char *ex_fk_text(const char *child_db, const stor_fk *f, bool full, bool actions)
{
    char *b = NULL;
    size_t n = 0, cap = 0;
    put(&b, &n, &cap, "CONSTRAINT ");
    put_ident(&b, &n, &cap, f->name);
    put(&b, &n, &cap, " FOREIGN KEY (");
    for (uint32_t i = 0; i < f->ncols; i++) { if (i) put(&b, &n, &cap, ", "); put_ident(&b, &n, &cap, f->cols[i]); }
    put(&b, &n, &cap, ") REFERENCES ");
    if (full || strcmp(f->ref_db, child_db)) { put_ident(&b, &n, &cap, f->ref_db); put(&b, &n, &cap, "."); }
    put_ident(&b, &n, &cap, f->ref_table);
    put(&b, &n, &cap, " (");
    for (uint32_t i = 0; i < f->ncols; i++) { if (i) put(&b, &n, &cap, ", "); put_ident(&b, &n, &cap, f->ref_cols[i]); }
    put(&b, &n, &cap, ")");
    if (actions) {
        /* InnoDB prints an action unless it is RESTRICT (given or not) */
        if (f->on_delete != STOR_FK_RESTRICT) { put(&b, &n, &cap, " ON DELETE "); put(&b, &n, &cap, action_name(f->on_delete)); }
        if (f->on_update != STOR_FK_RESTRICT) { put(&b, &n, &cap, " ON UPDATE "); put(&b, &n, &cap, action_name(f->on_update)); }
    }
    return b;
}

/* ---- definitions ---- */

bool ex_fk_checks_on(ex_ctx *ctx)
{
    if (ex_replaying) return false;
    pdb_value v;
    ex_type t;
    return !(ex_sysvar_get(ctx->s, "foreign_key_checks", false, &v, ctx->a, &t) == 0 && v.t != VT_NULL && !ex_is_true(&v));
}

static int col_of(const stor_column *cols, uint32_t ncols, const char *name)
{
    for (uint32_t i = 0; i < ncols; i++) if (!strcasecmp(cols[i].name, name)) return (int)i;
    return -1;
}

/* An index of the table whose first columns are cs[0..n) (in order, whole columns), or -1. */
int ex_fk_index_for(const stor_column *cols, const stor_index *idx, uint32_t nidx, char *const *cs, uint32_t n)
{
    for (uint32_t i = 0; i < nidx; i++) {
        if (idx[i].kind == IK_FULLTEXT || idx[i].kind == IK_SPATIAL || idx[i].ncols < n) continue;
        uint32_t k;
        for (k = 0; k < n; k++)
            if (strcasecmp(cols[idx[i].cols[k]].name, cs[k]) || idx[i].prefix[k]) break;
        if (k == n) return (int)i;
    }
    return -1;
}

static void errno150(ex_ctx *ctx, const char *db, const char *table)
{
    ex_raise(ctx, 1005, "HY000", "Can't create table `%s`.`%s` (errno: 150 \"Foreign key constraint is incorrectly formed\")", db, table);
}

/* Can a child column of type c reference the parent column p? (InnoDB: the same type,
 * signedness and character set; string lengths may differ) */
static bool types_match(const stor_column *c, const stor_column *p)
{
    if (c->type != p->type || c->is_unsigned != p->is_unsigned) {
        bool cs = c->type == CT_VARCHAR || c->type == CT_CHAR, ps = p->type == CT_VARCHAR || p->type == CT_CHAR;
        bool cb = c->type == CT_VARBINARY || c->type == CT_BINARY, pb = p->type == CT_VARBINARY || p->type == CT_BINARY;
        if (!(cs && ps) && !(cb && pb)) return false;
        if (c->is_unsigned != p->is_unsigned) return false;
    }
    if (c->kind == CK_STR && c->type != CT_BIT) {
        const pdb_collation *a = pdb_coll_by_id(c->coll), *b = pdb_coll_by_id(p->coll);
        if (a && b && strcmp(a->charset, b->charset)) return false;
    }
    if (c->type == CT_DECIMAL && (c->width != p->width || c->scale != p->scale)) return false;
    return true;
}

static bool fk_name_taken(const stor_fk *f, uint32_t n, const char *name)
{
    for (uint32_t i = 0; i < n; i++) if (!strcasecmp(f[i].name, name)) return true;
    return false;
}

void ex_fk_define(ex_ctx *ctx, const char *db, const char *table, const stor_column *cols, uint32_t ncols,
                  const stor_index *idx, uint32_t nidx, stor_fk **fks, uint32_t *nfks, const pl_keydef *k,
                  const char *const *named, int nnamed)
{
    for (int i = 0; i < k->ncols; i++)
        if (col_of(cols, ncols, k->cols[i]) < 0) ex_raise(ctx, 1072, "42000", "Key column '%s' doesn't exist in table", k->cols[i]);
    if (k->ncols > 32) ex_raise(ctx, 1070, "42000", "Too many key parts specified; max 32 parts allowed");
    if (k->nref != k->ncols)
        ex_raise(ctx, 1239, "42000", "Incorrect foreign key definition for '%s': Key reference and table reference don't match",
                 k->fk_name ? k->fk_name : "foreign key without name");
    const char *rdb = k->ref_db ? k->ref_db : db;
    if (ex_fk_checks_on(ctx)) {
        /* the parent: this very table (self-reference) or one of the catalog */
        bool self = !strcmp(rdb, db) && !strcasecmp(k->ref_table, table);
        const stor_table *pt = self ? NULL : stor_table_find(rdb, k->ref_table);
        if (!self && !pt) errno150(ctx, db, table);
        const stor_column *pc = self ? cols : pt->cols;
        uint32_t pn = self ? ncols : pt->ncols;
        if (ex_fk_index_for(pc, self ? idx : pt->idx, self ? nidx : pt->nidx, k->ref_cols, (uint32_t)k->nref) < 0)
            errno150(ctx, db, table);
        for (int i = 0; i < k->ncols; i++) {
            int c = col_of(cols, ncols, k->cols[i]), p = col_of(pc, pn, k->ref_cols[i]);
            if (p < 0 || !types_match(&cols[c], &pc[p])) errno150(ctx, db, table);
            if ((k->on_delete == STOR_FK_SET_NULL || k->on_update == STOR_FK_SET_NULL) && cols[c].not_null)
                errno150(ctx, db, table);
        }
    }
    char auto_name[PDB_NAME_LEN + 32];
    const char *name = k->fk_name;
    if (!name) {   /* table_ibfk_n: the first n from 1 no constraint has or will have */
        for (uint32_t n = 1;; n++) {
            snprintf(auto_name, sizeof auto_name, "%s_ibfk_%u", table, n);
            bool listed = false;
            for (int i = 0; i < nnamed; i++) if (named[i] && !strcasecmp(named[i], auto_name)) listed = true;
            if (!listed && !fk_name_taken(*fks, *nfks, auto_name)) break;
        }
        name = auto_name;
    }
    if (fk_name_taken(*fks, *nfks, name))
        ex_raise(ctx, 1005, "HY000", "Can't create table `%s`.`%s` (errno: 121 \"Duplicate key on write or update\")", db, table);
    stor_fk f = { 0 };
    f.name = stor_strndup(name, strlen(name));
    f.ncols = (uint32_t)k->ncols;
    f.cols = stor_calloc(f.ncols, sizeof(char *));
    f.ref_cols = stor_calloc(f.ncols, sizeof(char *));
    for (uint32_t i = 0; i < f.ncols; i++) {
        const stor_column *c = &cols[col_of(cols, ncols, k->cols[i])];
        f.cols[i] = stor_strndup(c->name, strlen(c->name));
        f.ref_cols[i] = stor_strndup(k->ref_cols[i], strlen(k->ref_cols[i]));
    }
    f.ref_db = stor_strndup(rdb, strlen(rdb));
    f.ref_table = stor_strndup(k->ref_table, strlen(k->ref_table));
    f.on_delete = k->on_delete; f.on_update = k->on_update;
    f.on_delete_given = k->on_delete_given; f.on_update_given = k->on_update_given;
    /* kept in name order, as InnoDB lists them */
    uint32_t pos = 0;
    while (pos < *nfks && strcmp((*fks)[pos].name, f.name) < 0) pos++;
    *fks = stor_realloc(*fks, (*nfks + 1) * sizeof **fks);
    memmove(&(*fks)[pos + 1], &(*fks)[pos], (*nfks - pos) * sizeof **fks);
    (*fks)[pos] = f;
    (*nfks)++;
}

bool ex_fk_drop(stor_fk *f, uint32_t *n, const char *name)
{
    for (uint32_t i = 0; i < *n; i++) {
        if (strcasecmp(f[i].name, name)) continue;
        stor_free(f[i].name); stor_free(f[i].ref_db); stor_free(f[i].ref_table);
        for (uint32_t k = 0; k < f[i].ncols; k++) { stor_free(f[i].cols[k]); stor_free(f[i].ref_cols[k]); }
        stor_free(f[i].cols); stor_free(f[i].ref_cols);
        memmove(&f[i], &f[i + 1], (*n - i - 1) * sizeof *f);
        (*n)--;
        return true;
    }
    return false;
}

/* ---- the catalog's map: which constraints reference a table ---- */

typedef struct fk_ref { const stor_table *parent; stor_table *child; uint32_t fk; } fk_ref;

static pthread_mutex_t map_mu = PTHREAD_MUTEX_INITIALIZER;
static fk_ref *map;
static uint32_t nmap, capmap;
static uint64_t map_gen = UINT64_MAX;
/* the generation the map was built for and its size, read without the mutex: a catalog
   without constraints costs a writing statement two atomic loads */
static _Atomic uint64_t pub_gen = UINT64_MAX;
static _Atomic uint32_t pub_n;

static void map_add(const stor_table *p, stor_table *c, uint32_t k)
{
    if (nmap == capmap) {
        capmap = capmap ? capmap * 2 : 16;
        map = stor_realloc(map, capmap * sizeof *map);
    }
    map[nmap++] = (fk_ref){ p, c, k };
}

/* (map_mu held) */
static void map_build(void)
{
    nmap = 0;
    uint32_t ndb;
    stor_db **dbs = stor_db_list(&ndb);
    for (uint32_t i = 0; i < ndb; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            for (uint32_t k = 0; k < t->nfks; k++) {
                const stor_table *p = stor_table_peek(t->fks[k].ref_db, t->fks[k].ref_table);
                if (p) map_add(p, t, k);
            }
        }
}

/* The constraints referencing t, copied into the statement's arena. */
static uint32_t refs_of(ex_ctx *ctx, const stor_table *t, fk_ref **out)
{
    *out = NULL;
    if (t->temporary) return 0;
    pthread_mutex_lock(&map_mu);
    uint64_t g = pl_catalog_gen();
    if (g != map_gen) {
        map_build();
        map_gen = g;
        atomic_store(&pub_n, nmap);
        atomic_store(&pub_gen, g);
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < nmap; i++) if (map[i].parent == t) n++;
    if (n) {
        *out = stor_arena_alloc(ctx->a, n * sizeof **out);
        n = 0;
        for (uint32_t i = 0; i < nmap; i++) if (map[i].parent == t) (*out)[n++] = map[i];
    }
    pthread_mutex_unlock(&map_mu);
    return n;
}

/* ---- enforcement ---- */

typedef struct fk_side {
    stor_table *child, *parent;      /* parent NULL: missing (the row can have no parent) */
    const stor_fk *f;
    int ccol[32], pcol[32];          /* column positions in child and parent */
    int cidx, pidx;                  /* index of child / parent starting with the columns */
    ex_fks *cx;                      /* the child's own (its children), once a cascade needs them */
    bool cx_ready;
} fk_side;

struct ex_fks {
    stor_table *t;
    fk_side *own;                    /* t's constraints (t the child) */
    uint32_t nown;
    fk_side *refs;                   /* those referencing t (t the parent) */
    uint32_t nrefs;
};

static bool side_resolve(stor_table *child, const stor_fk *f, stor_table *parent, fk_side *s)
{
    memset(s, 0, sizeof *s);
    s->child = child; s->parent = parent; s->f = f;
    s->cidx = s->pidx = -1;
    if (f->ncols > 32) return false;
    for (uint32_t i = 0; i < f->ncols; i++) {
        s->ccol[i] = col_of(child->cols, child->ncols, f->cols[i]);
        if (s->ccol[i] < 0) return false;
        if (parent) {
            s->pcol[i] = col_of(parent->cols, parent->ncols, f->ref_cols[i]);
            if (s->pcol[i] < 0) return false;
        }
    }
    s->cidx = ex_fk_index_for(child->cols, child->idx, child->nidx, f->cols, f->ncols);
    if (parent) s->pidx = ex_fk_index_for(parent->cols, parent->idx, parent->nidx, f->ref_cols, f->ncols);
    return true;
}

ex_fks *ex_fks_prepare(ex_ctx *ctx, stor_table *t)
{
    if (t->temporary) return NULL;
    if (!t->nfks && atomic_load(&pub_gen) == pl_catalog_gen() && atomic_load(&pub_n) == 0) return NULL;
    if (!ex_fk_checks_on(ctx)) return NULL;
    fk_ref *r;
    uint32_t nr = refs_of(ctx, t, &r);
    if (!t->nfks && !nr) return NULL;
    ex_fks *x = stor_arena_alloc(ctx->a, sizeof *x);
    memset(x, 0, sizeof *x);
    x->t = t;
    x->own = stor_arena_alloc(ctx->a, (t->nfks + 1) * sizeof *x->own);
    for (uint32_t i = 0; i < t->nfks; i++) {
        stor_table *p = stor_table_find(t->fks[i].ref_db, t->fks[i].ref_table);
        if (side_resolve(t, &t->fks[i], p, &x->own[x->nown])) x->nown++;
    }
    x->refs = stor_arena_alloc(ctx->a, (nr + 1) * sizeof *x->refs);
    for (uint32_t i = 0; i < nr; i++)
        if (side_resolve(r[i].child, &r[i].child->fks[r[i].fk], t, &x->refs[x->nrefs])) x->nrefs++;
    return x;
}

static void fail(ex_ctx *ctx, const fk_side *s, int code, bool warn)
{
    char *txt = ex_fk_text(s->child->db, s->f, false, true);
    char msg[1024];
    snprintf(msg, sizeof msg, "%s: a foreign key constraint fails (`%s`.`%s`, %s)",
             code == 1452 ? "Cannot add or update a child row" : "Cannot delete or update a parent row",
             s->child->db, s->child->name, txt);
    stor_free(txt);
    if (warn) ex_warn(ctx, "Warning", (uint16_t)code, "%s", msg);
    else ex_raise(ctx, code, "23000", "%s", msg);
}

typedef struct match { const fk_side *s; const pdb_value *key; const int *cols; const stor_table *t;
                       int64_t skip; uint32_t *rows; uint32_t n, cap; ex_ctx *ctx; bool one; } match;

static void match_cb(void *c, uint32_t row)
{
    match *m = c;
    if ((int64_t)row == m->skip || (m->one && m->n)) return;
    for (uint32_t i = 0; i < m->s->f->ncols; i++) {
        pdb_value v;
        stor_get(m->t, (uint32_t)m->cols[i], row, &v);
        const stor_column *col = &m->s->parent->cols[m->s->pcol[i]];
        if (v.t == VT_NULL || ex_compare(&v, &m->key[i], col->kind == CK_STR ? col->coll : COLL_BINARY) != 0) return;
    }
    if (m->n == m->cap) {
        uint32_t nc = m->cap ? m->cap * 2 : 8;
        uint32_t *nr = stor_arena_alloc(m->ctx->a, nc * sizeof *nr);
        if (m->n) memcpy(nr, m->rows, m->n * sizeof *nr);
        m->rows = nr; m->cap = nc;
    }
    m->rows[m->n++] = row;
}

/* The rows of table t (cols: the constraint's columns there, ix an index starting with
 * them or -1) whose columns equal key; a whole scan without an index. */
static void find_rows(ex_ctx *ctx, const fk_side *s, const stor_table *t, const int *cols, int ix,
                      const pdb_value *key, int64_t skip, bool one, match *m)
{
    memset(m, 0, sizeof *m);
    m->s = s; m->key = key; m->cols = cols; m->t = t; m->skip = skip; m->ctx = ctx; m->one = one;
    if (ix >= 0) {
        const stor_index *x = &t->idx[ix];
        pdb_value kv[32];
        uint32_t nk = x->ncols == s->f->ncols ? x->ncols : 1;
        for (uint32_t i = 0; i < nk; i++) kv[i] = key[i];
        stor_index_lookup(t, x, nk, kv, match_cb, m);
        return;
    }
    for (uint32_t r = 0; r < t->nrows && !(one && m->n); r++)
        if (stor_row_visible(t, r)) match_cb(m, r);
}

bool ex_fk_child_ok(ex_ctx *ctx, ex_fks *x, const pdb_value *newv, const pdb_value *oldv, int ignore)
{
    if (!x) return true;
    for (uint32_t i = 0; i < x->nown; i++) {
        const fk_side *s = &x->own[i];
        pdb_value key[32];
        bool null = false, same = oldv != NULL;
        for (uint32_t k = 0; k < s->f->ncols; k++) {
            key[k] = newv[s->ccol[k]];
            if (key[k].t == VT_NULL) null = true;
            if (same && !ex_values_equal(&key[k], &oldv[s->ccol[k]], COLL_BINARY)) same = false;
        }
        if (null || same) continue;
        if (s->parent == s->child) {   /* a row may reference itself */
            bool own = true;
            for (uint32_t k = 0; k < s->f->ncols && own; k++)
                own = ex_values_equal(&key[k], &newv[s->pcol[k]], s->child->cols[s->pcol[k]].coll);
            if (own) continue;
        }
        match m = { 0 };
        if (s->parent) find_rows(ctx, s, s->parent, s->pcol, s->pidx, key, -1, true, &m);
        if (m.n) {   /* the parent row held shared until the transaction ends, as InnoDB holds it */
            if (stor_row_lock(s->parent, m.rows[0], false) == STOR_LOCKED) ex_raise_locked(ctx);
            continue;
        }
        if (ignore != 2) fail(ctx, s, 1452, ignore == 1);
        return false;
    }
    return true;
}

/* The rows a cascade is in the middle of changing, innermost first: a constraint that
 * leads back to one of them (a cycle of tables) finds it as InnoDB finds a row it has
 * delete-marked: done, not to be acted on again. */
typedef struct fk_path { const stor_table *t; uint32_t row; const struct fk_path *up; } fk_path;

static bool on_path(const fk_path *p, const stor_table *t, uint32_t row)
{
    for (; p; p = p->up) if (p->t == t && p->row == row) return true;
    return false;
}

static void parent_change(ex_ctx *ctx, ex_fks *x, const pdb_value *oldv, const pdb_value *newv, int depth,
                          const fk_path *path);

/* The child rows of s referencing the parent row whose values are oldv: refused, deleted,
 * updated to newv's values or cleared, as the constraint says for a delete (newv NULL)
 * or an update. */
static void act(ex_ctx *ctx, fk_side *s, const pdb_value *oldv, const pdb_value *newv, int depth, const fk_path *path)
{
    pdb_value key[32];
    bool changed = newv == NULL;
    for (uint32_t k = 0; k < s->f->ncols; k++) {
        key[k] = oldv[s->pcol[k]];
        if (key[k].t == VT_NULL) return;   /* no child can reference a NULL */
        if (newv && !ex_values_equal(&key[k], &newv[s->pcol[k]], COLL_BINARY)) changed = true;
    }
    if (!changed) return;
    match m;
    find_rows(ctx, s, s->child, s->ccol, s->cidx, key, -1, false, &m);
    uint32_t w = 0;   /* (the parent row itself, of a self-reference, is on the path) */
    for (uint32_t i = 0; i < m.n; i++) if (!on_path(path, s->child, m.rows[i])) m.rows[w++] = m.rows[i];
    m.n = w;
    if (!m.n) return;
    uint8_t a = newv ? s->f->on_update : s->f->on_delete;
    if (a != STOR_FK_CASCADE && a != STOR_FK_SET_NULL) fail(ctx, s, 1451, false);
    if (depth >= FK_DEPTH_MAX) fail(ctx, s, 1451, false);
    if (!s->cx_ready) { s->cx = ex_fks_prepare(ctx, s->child); s->cx_ready = true; }
    ex_fks *cx = s->cx;
    uint32_t nc = s->child->ncols;
    for (uint32_t i = 0; i < m.n; i++) {
        uint32_t r = m.rows[i];
        if (!stor_row_visible(s->child, r)) continue;
        pdb_value *ov = stor_arena_alloc(ctx->a, nc * sizeof *ov);
        for (uint32_t c = 0; c < nc; c++) stor_get(s->child, c, r, &ov[c]);
        fk_path here = { s->child, r, path };
        if (!newv && a == STOR_FK_CASCADE) {
            parent_change(ctx, cx, ov, NULL, depth + 1, &here);
            if (stor_row_delete(s->child, r) == STOR_LOCKED) ex_raise_locked(ctx);
            continue;
        }
        pdb_value *nv = stor_arena_alloc(ctx->a, nc * sizeof *nv);
        memcpy(nv, ov, nc * sizeof *nv);
        for (uint32_t k = 0; k < s->f->ncols; k++)
            nv[s->ccol[k]] = a == STOR_FK_SET_NULL ? ex_null() : newv[s->pcol[k]];
        parent_change(ctx, cx, ov, nv, depth + 1, &here);
        int dix; uint32_t drow;
        int64_t ur = stor_row_update(s->child, r, nv, &dix, &drow);
        if (ur == STOR_LOCKED) ex_raise_locked(ctx);
        if (ur < 0) ex_raise(ctx, 1062, "23000", "Duplicate entry for key '%s'", s->child->idx[dix].name);
    }
}

/* path: the rows being changed, the one of x's table whose values are oldv first */
static void parent_change(ex_ctx *ctx, ex_fks *x, const pdb_value *oldv, const pdb_value *newv, int depth,
                          const fk_path *path)
{
    if (!x) return;
    for (uint32_t i = 0; i < x->nrefs; i++) act(ctx, &x->refs[i], oldv, newv, depth, path);
}

void ex_fk_parent_delete(ex_ctx *ctx, ex_fks *x, uint32_t row, const pdb_value *oldv)
{
    fk_path top = { x ? x->t : NULL, row, NULL };
    parent_change(ctx, x, oldv, NULL, 0, &top);
}

void ex_fk_parent_update(ex_ctx *ctx, ex_fks *x, uint32_t row, const pdb_value *oldv, const pdb_value *newv)
{
    fk_path top = { x ? x->t : NULL, row, NULL };
    parent_change(ctx, x, oldv, newv, 0, &top);
}

bool ex_fks_referenced(const ex_fks *x) { return x && x->nrefs; }

/* ---- DDL ---- */

/* DROP TABLE / TRUNCATE of t while another table's constraint references it: 1451 / 1701
 * (dropping: unless that table goes in the same statement, in[] its tables). */
void ex_fk_parent_guard(ex_ctx *ctx, stor_table *t, bool truncate, stor_table *const *going, int ngoing)
{
    if (!ex_fk_checks_on(ctx)) return;
    fk_ref *r;
    uint32_t nr = refs_of(ctx, t, &r);
    for (uint32_t i = 0; i < nr; i++) {
        if (r[i].child == t) continue;
        bool gone = false;
        for (int k = 0; k < ngoing; k++) if (going[k] == r[i].child) gone = true;
        if (gone && !truncate) continue;
        if (!truncate) ex_raise(ctx, 1451, "23000", "Cannot delete or update a parent row: a foreign key constraint fails");
        char *txt = ex_fk_text(r[i].child->db, &r[i].child->fks[r[i].fk], true, false);
        char msg[1024];
        snprintf(msg, sizeof msg, "Cannot truncate a table referenced in a foreign key constraint (`%s`.`%s`, %s)",
                 r[i].child->db, r[i].child->name, txt);
        stor_free(txt);
        ex_raise(ctx, 1701, "42000", "%s", msg);
    }
}

/* What a rename makes of the constraints that reference a table. */
typedef struct fk_rename { const char *from, *to, *ndb; } fk_rename;

/* fn for each constraint of the catalog that references db.table. */
static void each_ref(const char *db, const char *table, void (*fn)(stor_fk *x, const fk_rename *r), const fk_rename *r)
{
    uint32_t n;
    stor_db **dbs = stor_db_list(&n);
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            for (uint32_t f = 0; f < t->nfks; f++)
                if (!strcmp(t->fks[f].ref_db, db) && !strcasecmp(t->fks[f].ref_table, table)) fn(&t->fks[f], r);
        }
}

static void rename_name(char **v, uint32_t n, const char *from, const char *to)
{
    for (uint32_t k = 0; k < n; k++)
        if (!strcasecmp(v[k], from)) { stor_free(v[k]); v[k] = stor_strndup(to, strlen(to)); }
}

static void ref_column_renamed(stor_fk *x, const fk_rename *r) { rename_name(x->ref_cols, x->ncols, r->from, r->to); }

/* A column renamed in table (db, table): the constraints that name it, on either side. */
void ex_fk_column_renamed(stor_fk *own, uint32_t nown, const char *db, const char *table, const char *from, const char *to)
{
    for (uint32_t i = 0; i < nown; i++) rename_name(own[i].cols, own[i].ncols, from, to);
    fk_rename r = { from, to, NULL };
    each_ref(db, table, ref_column_renamed, &r);
}

static void ref_table_renamed(stor_fk *x, const fk_rename *r)
{
    stor_free(x->ref_db); stor_free(x->ref_table);
    x->ref_db = stor_strndup(r->ndb, strlen(r->ndb));
    x->ref_table = stor_strndup(r->to, strlen(r->to));
}

/* Table db.table renamed ndb.ntable: the constraints that reference it follow. */
void ex_fk_table_renamed(const char *db, const char *table, const char *ndb, const char *ntable)
{
    fk_rename r = { table, ntable, ndb };
    each_ref(db, table, ref_table_renamed, &r);
}
