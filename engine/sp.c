/* The stored-program interpreter: runs the body of a trigger or a routine (a pl_sp tree,
 * planner.h) over a frame of values (its locals; a trigger's NEW and OLD rows after them).
 *
 * Expressions reference the frame as parameters (E_PARAM, its slot), so each statement of
 * a body runs through exec.c ex_run_nested with the frame as its parameters, inside the
 * statement that started the program (the firing INSERT, the CALL). Control flow is a
 * walk of the tree; LEAVE / ITERATE / an EXIT handler unwind it through ex_spx.leave /
 * exit_to. Handlers catch errors per instruction (sp_guarded: a setjmp while any handler
 * is in scope; the failing statement undone to its mark) and the warnings an instruction
 * left (NOT FOUND, SQLWARNING, an error number). Local values live in the spx's own
 * memory, so a loop gives back what each round allocated in the statement arena
 * (ex_sp_mark / ex_sp_release) and runs in constant memory. */
#include "eng.h"
#include "jit_bridge.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <strings.h>

/* ---------------------------------------------------------------- kept texts */

/* A stored program's kept statement (a trigger's, a routine's) parsed in the statement
 * arena under the sql_mode it was made with; its blocks keep no plans. NULL when it does
 * not parse to a statement of that kind. */
pl_stmt *ex_sp_parse_kept(ex_ctx *ctx, const char *sql, uint32_t mode, int kind)
{
    pl_parse_opts o = { 0 };
    o.no_backslash_escapes = mode & MODE_NO_BACKSLASH_ESCAPES;
    o.ansi_quotes = mode & MODE_ANSI_QUOTES;
    o.pipes_as_concat = mode & MODE_PIPES_AS_CONCAT;
    o.high_not_precedence = mode & MODE_HIGH_NOT_PRECEDENCE;
    o.no_block_ids = true;
    pl_stmt *st = stor_arena_alloc(ctx->a, sizeof *st);
    pl_error perr;
    size_t pos = 0;
    if (pl_parse(ctx->a, sql, strlen(sql), &pos, &o, st, &perr) != 0 || st->kind != kind) return NULL;
    return st;
}

/* ---- the kept texts' builder (routines, events) ---- */

void ex_tb_put(ex_tbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 512;
        while (nc < b->n + n + 1) nc *= 2;
        char *np = stor_arena_alloc(b->a, nc);
        if (b->n) memcpy(np, b->p, b->n);
        b->p = np;
        b->cap = nc;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

void ex_tb_puts(ex_tbuf *b, const char *s) { ex_tb_put(b, s, strlen(s)); }

void ex_tb_quoted(ex_tbuf *b, const char *s, char q, bool backslash)
{
    ex_tb_put(b, &q, 1);
    for (; *s; s++) {
        if (*s == q) ex_tb_put(b, &q, 1);
        else if (backslash && *s == '\\') ex_tb_put(b, "\\", 1);
        ex_tb_put(b, s, 1);
    }
    ex_tb_put(b, &q, 1);
}

/* ---- what SHOW CREATE / STATUS and information_schema print of a kept program ---- */

void ex_sp_show_meta(ex_ctx *ctx, const char *create, uint16_t client, uint16_t connection, uint16_t dbcoll,
                     ex_sp_meta *out)
{
    const pdb_collation *cl = pdb_coll_by_id(client), *cc = pdb_coll_by_id(connection), *dc = pdb_coll_by_id(dbcoll);
    out->client = cl ? cl->charset : "utf8mb4";
    out->connection = cc ? cc->name : "utf8mb4_general_ci";
    out->dbcoll = dc ? dc->name : "utf8mb4_general_ci";
    char u[200], h[300];
    ex_sp_definer(create, u, sizeof u, h, sizeof h);
    char *who = stor_arena_alloc(ctx->a, strlen(u) + strlen(h) + 2);
    sprintf(who, "%s@%s", u, h);
    out->definer = who;
}

void *ex_sp_grow(stor_arena *a, void *v, int n, int *cap, size_t size)
{
    if (n < *cap) return v;
    *cap = *cap ? *cap * 2 : 16;
    void *nv = stor_arena_alloc(a, (size_t)*cap * size);
    if (n) memcpy(nv, v, (size_t)n * size);
    return nv;
}

void ex_sp_time_text(uint64_t cs, char *out, size_t cap)
{
    time_t secs = (time_t)(cs / 100);
    struct tm tm;
    localtime_r(&secs, &tm);
    snprintf(out, cap, "%04u-%02u-%02u %02u:%02u:%02u", (unsigned)(tm.tm_year + 1900) % 10000u,
             (unsigned)(tm.tm_mon + 1) % 100u, (unsigned)tm.tm_mday % 100u, (unsigned)tm.tm_hour % 100u,
             (unsigned)tm.tm_min % 100u, (unsigned)tm.tm_sec % 100u);
}

/* The definer of a kept CREATE text: DEFINER=`u`@`h` (a doubled backquote is one) */
void ex_sp_definer(const char *create, char *user, size_t ucap, char *host, size_t hcap)
{
    const char *d = strstr(create, "DEFINER=");
    user[0] = host[0] = 0;
    if (!d) return;
    char *out = user;
    size_t cap = ucap, w = 0;
    bool inq = false;
    for (const char *p = d + 8; *p; p++) {
        if (*p == '`') {
            if (inq && p[1] == '`') { if (w + 1 < cap) out[w++] = '`'; p++; continue; }
            inq = !inq;
            continue;
        }
        if (!inq && *p == '@' && out == user) { out[w] = 0; out = host; cap = hcap; w = 0; continue; }
        if (!inq && *p == ' ') break;
        if (w + 1 < cap) out[w++] = *p;
    }
    out[w] = 0;
}

/* ---------------------------------------------------------------- arena marks */

void ex_sp_mark(ex_ctx *ctx, ex_sp_pos *m)
{
    ex_stmt *es = ctx->stmt;
    m->pos = stor_arena_here(ctx->a);
    m->rands = es->rands;
    m->fts = es->fts;
    m->ngs = es->ngs;
    m->sfc = es->sfc;
    m->spills = es->spills;
    m->orph = es->jit_orphans;
    m->norph = es->njit_orphans;
    m->corph = es->cjit_orphans;
}

/* Back to the mark, keeping the n values of keep (moved over: they may live past it). */
void ex_sp_release(ex_ctx *ctx, const ex_sp_pos *m, pdb_value *keep, uint32_t n)
{
    ex_stmt *es = ctx->stmt;
    size_t bytes = 0;
    for (uint32_t i = 0; keep && i < n; i++)
        if ((keep[i].t == VT_STRING || keep[i].t == VT_DECIMAL) && keep[i].len) bytes += keep[i].len;
    char *scratch = bytes ? malloc(bytes) : NULL;
    if (bytes && !scratch) return;   /* (no room to move them: the arena keeps everything) */
    size_t at = 0;
    for (uint32_t i = 0; scratch && i < n; i++)
        if ((keep[i].t == VT_STRING || keep[i].t == VT_DECIMAL) && keep[i].len) {
            memcpy(scratch + at, keep[i].p, keep[i].len);
            keep[i].p = scratch + at;
            at += keep[i].len;
        }
    es->rands = m->rands;
    es->fts = m->fts;
    es->ngs = m->ngs;
    es->sfc = m->sfc;
    ex_spill_end_to(ctx, m->spills);
    for (int i = m->norph; i < es->njit_orphans; i++)
        if (es->jit_orphans[i]) jb_kept_free(es->jit_orphans[i]);
    es->jit_orphans = m->orph;
    es->njit_orphans = m->norph;
    es->cjit_orphans = m->corph;
    stor_arena_rewind(ctx->a, m->pos);
    for (uint32_t i = 0; scratch && i < n; i++) keep[i] = ex_persist(ctx->a, &keep[i]);
    free(scratch);
}

/* ---------------------------------------------------------------- values */

/* e over the frame, its bytes in the statement arena */
void ex_sp_value(ex_spx *x, pl_expr *e, pdb_value *out)
{
    ex_ctx c = *x->ctx;
    c.src = NULL; c.nsrc = 0; c.rows = NULL;
    c.params = x->frame; c.nparams = x->nframe;
    ex_scope sc = { 0 };
    sc.ctx = &c; sc.item_base = -1; sc.clause = "field list";
    ex_type ty;
    ex_prog *p = ex_compile(&sc, e, &ty);
    ex_eval(&c, p, out);
    *out = ex_persist(x->ctx->a, out);
}

const stor_column *ex_sp_param_column(const ex_ctx *ctx, int slot)
{
    const ex_spx *x = ctx->spx;
    if (!x || ctx->params != x->frame || slot < 0 || slot >= x->nframe) return NULL;
    if (slot < x->nlocals) return x->ltype[slot].name ? &x->ltype[slot] : NULL;
    if (!x->t) return NULL;
    uint32_t c = (uint32_t)(slot - x->nlocals) % x->t->ncols;
    return &x->t->cols[c];
}

static bool sp_true(ex_spx *x, pl_expr *e)
{
    pdb_value v;
    ex_sp_value(x, e, &v);
    return ex_is_true(&v);
}

/* A local's value, converted to its type, its bytes in the spx's own memory (slot k's
 * buffer), which outlives the arena rewinds of loops. */
void ex_sp_set_local(ex_ctx *ctx, int slot, const pdb_value *v)
{
    ex_spx *x = ctx->spx;
    if (!x || slot < 0 || slot >= x->nlocals) return;
    pdb_value o;
    ex_store_convert(ctx, &x->ltype[slot], v, &o, 0);
    if ((o.t == VT_STRING || o.t == VT_DECIMAL) && o.len) {
        if (x->lcap[slot] < o.len) {
            char *b = stor_realloc(x->lbuf[slot], o.len);
            if (!b) ex_raise(ctx, 5, "HY000", "Out of memory");
            x->lbuf[slot] = b;
            x->lcap[slot] = o.len;
        }
        memmove(x->lbuf[slot], o.p, o.len);
        o.p = x->lbuf[slot];
    }
    x->frame[slot] = o;
}

void ex_sp_init(ex_spx *x, ex_ctx *ctx, int nlocals, int nframe, int ncursors)
{
    memset(x, 0, sizeof *x);
    x->ctx = ctx;
    x->nlocals = nlocals;
    x->nframe = nframe;
    x->frame = stor_arena_alloc(ctx->a, (size_t)(nframe ? nframe : 1) * sizeof(pdb_value));
    for (int k = 0; k < nframe; k++) x->frame[k] = ex_null();
    size_t n = (size_t)(nlocals ? nlocals : 1);
    x->ltype = stor_arena_alloc(ctx->a, n * sizeof *x->ltype);
    memset(x->ltype, 0, n * sizeof *x->ltype);
    for (int k = 0; k < nlocals; k++) x->ltype[k].type = CT_LONGBLOB, x->ltype[k].kind = CK_STR, x->ltype[k].coll = COLL_BINARY, x->ltype[k].name = "";
    x->lbuf = stor_arena_alloc(ctx->a, n * sizeof *x->lbuf);
    x->lcap = stor_arena_alloc(ctx->a, n * sizeof *x->lcap);
    memset(x->lbuf, 0, n * sizeof *x->lbuf);
    memset(x->lcap, 0, n * sizeof *x->lcap);
    x->hceil = EX_SP_MAX_DEPTH;
    x->ncursors = ncursors;
    if (ncursors) {
        x->cursors = stor_arena_alloc(ctx->a, (size_t)ncursors * sizeof *x->cursors);
        memset(x->cursors, 0, (size_t)ncursors * sizeof *x->cursors);
    }
}

/* What the program holds outside the statement arena (however it ended). */
void ex_sp_free(ex_spx *x)
{
    for (int k = 0; k < x->nlocals; k++) stor_free(x->lbuf[k]);
    for (int k = 0; k < x->ncursors; k++)
        if (x->cursors[k].used) stor_arena_free(&x->cursors[k].mem);
    x->nlocals = 0;
    x->ncursors = 0;
}

/* A parameter or DECLARE's type for slot k */
void ex_sp_type(ex_spx *x, int slot, pl_coldef *type, const char *name)
{
    stor_column c;
    ex_coldef_type(x->ctx, &c, type, x->ctx->s->coll_connection);
    c.name = (char *)(name ? name : "");   /* (conversion messages name the variable) */
    x->ltype[slot] = c;
}

static int column_of(stor_table *t, const char *name)
{
    for (uint32_t c = 0; c < t->ncols; c++) if (!strcasecmp(t->cols[c].name, name)) return (int)c;
    return -1;
}

/* SET with assignments to locals or NEW.col among others: in order, each its own */
static void sp_set(ex_spx *x, pl_stmt *st)
{
    for (int i = 0; i < st->nsets; i++) {
        pl_assign *a = &st->sets[i];
        if (a->scope == PL_SET_LOCAL || a->scope == PL_SET_NEW) {
            /* SET NEW.col: the definer's UPDATE on the column, before the value is read
               (MariaDB's order; the name as written) */
            if (a->scope == PL_SET_NEW && x->t) ex_privs_trigger_column(x->ctx, x->t, a->name, STOR_PRIV_UPDATE);
            pdb_value v;
            ex_sp_value(x, a->value, &v);
            if (a->scope == PL_SET_LOCAL) { ex_sp_set_local(x->ctx, a->slot, &v); continue; }
            int c = x->t ? column_of(x->t, a->name) : -1;
            if (c < 0) ex_raise(x->ctx, 1054, "42S22", "Unknown column '%s' in 'NEW'", a->name);
            pdb_value o;
            ex_store_convert(x->ctx, &x->t->cols[c], &v, &o, 0);   /* (MariaDB: "at row 0") */
            x->frame[x->nlocals + c] = ex_persist(x->ctx->a, &o);
            continue;
        }
        pl_stmt one = *st;
        one.sets = a;
        one.nsets = 1;
        ex_run_nested(x->ctx, &one, x->frame, x->nframe, NULL);
    }
}

static bool sp_has_locals(const pl_stmt *st)
{
    for (int i = 0; i < st->nsets; i++) if (st->sets[i].scope >= PL_SET_LOCAL) return true;
    return false;
}

/* ---------------------------------------------------------------- handlers */

/* The SQLSTATE of a warning (the list keeps its number only): MariaDB's for the ones
 * statements raise as warnings, else the warning class */
static const char *warn_state(uint16_t code)
{
    static const struct { uint16_t code; const char *state; } states[] = {
        { 1048, "23000" }, { 1062, "23000" }, { 1264, "22003" }, { 1292, "22007" }, { 1329, "02000" },
        { 1365, "22012" }, { 1366, "22007" }, { 1406, "22001" }, { 1643, "02000" }, { 1644, "45000" },
    };
    for (size_t i = 0; i < sizeof states / sizeof states[0]; i++) if (states[i].code == code) return states[i].state;
    return "01000";
}

/* Does handler condition c catch a condition (warning: of warning level, which only
 * SQLWARNING, NOT FOUND and a number or SQLSTATE catch, as in MariaDB) */
static bool cond_matches(const pl_spcond *c, uint16_t code, const char *state, bool warning)
{
    switch (c->kind) {
    case SPC_CODE: return c->code == code;
    case SPC_STATE: return !strcmp(c->state, state);
    case SPC_WARNING: return !strncmp(state, "01", 2) || (warning && strncmp(state, "02", 2));
    case SPC_NOTFOUND: return !strncmp(state, "02", 2);
    case SPC_EXCEPTION: return !warning && strncmp(state, "00", 2) && strncmp(state, "01", 2) && strncmp(state, "02", 2);
    }
    return false;
}

/* How closely c names the condition (MariaDB prefers an error number, then a SQLSTATE,
 * then a class) */
static int cond_rank(const pl_spcond *c) { return c->kind == SPC_CODE ? 3 : c->kind == SPC_STATE ? 2 : 1; }

/* The handler for a condition, innermost block first (a handler running now sees only
 * the blocks around the one declaring it: below hceil), or NULL; *depth: its frame */
static const pl_sp *find_handler(ex_spx *x, uint16_t code, const char *state, bool warning, int *depth)
{
    for (int d = (x->nh < x->hceil ? x->nh : x->hceil) - 1; d >= 0; d--) {
        const pl_sp *best = NULL;
        int rank = 0;
        for (int i = 0; i < x->hs[d].n; i++) {
            const pl_sp *h = x->hs[d].h[i];
            for (int k = 0; k < h->nconds; k++)
                if (cond_matches(&h->conds[k], code, state, warning) && cond_rank(&h->conds[k]) > rank)
                    best = h, rank = cond_rank(&h->conds[k]);
        }
        if (best) { *depth = d; return best; }
    }
    return NULL;
}

static void sp_run(ex_spx *x, pl_sp *n);

/* Runs handler h (found in frame depth) for the condition code/state/msg. */
static void run_handler(ex_spx *x, const pl_sp *h, int depth, uint16_t code, const char *state, const char *msg)
{
    int ceil = x->hceil;
    ex_sp_cond saved = x->cond;
    x->cond.code = code;
    snprintf(x->cond.state, sizeof x->cond.state, "%s", state);
    snprintf(x->cond.msg, sizeof x->cond.msg, "%s", msg);
    x->cond.active = true;
    x->hceil = depth;   /* (an error inside the handler goes to the blocks around it) */
    sp_run(x, h->body[0]);
    x->hceil = ceil;
    x->cond = saved;
    if (h->exit && !x->leave && !x->exit_to) x->exit_to = x->hs[depth].block;
}

/* Errors that end the statement whatever the program says (a lock wait, moving to a
 * worker, KILL, a full stack) */
static bool unhandleable(uint16_t code)
{
    return code == EX_LOCK_WAIT || code == EX_MOVE || code == 1317 || code == 1927 || code == 1436 || code == 3024 ||
           code == 1213 || code == 1205;
}

/* One instruction with the handlers in scope: an error undoes what it did and goes to
 * a handler (or on out); a warning it left, to a CONTINUE / EXIT handler for it. */
static void sp_guarded(ex_spx *x, pl_sp *n)
{
    if ((x->nh < x->hceil ? x->nh : x->hceil) == 0) { sp_run(x, n); return; }
    pdb_session *s = x->ctx->s;
    jmp_buf jb;
    jmp_buf *volatile outer = x->ctx->jb;
    stor_mark mark = stor_txn_mark();
    uint32_t wc = s->warn_count;
    uint16_t out_status = x->out ? x->out->status : 0;
    x->ctx->jb = &jb;
    if (setjmp(jb)) {
        x->ctx->jb = outer;
        ex_conv_ctx = NULL;   /* (it may point into a frame the error left) */
        if (x->out) x->out->status = out_status;
        ex_err e = *x->ctx->err;
        int depth;
        const pl_sp *h = unhandleable(e.code) ? NULL : find_handler(x, e.code, e.state, false, &depth);
        if (!h) longjmp(*outer, 1);
        stor_txn_undo_to(mark);
        if (x->ctx->stmt) x->ctx->stmt->nerr_notes = 0;
        run_handler(x, h, depth, e.code, e.state, e.msg);
        return;
    }
    sp_run(x, n);
    x->ctx->jb = outer;
    if (s->warn_count > wc && s->nwarnings > 0) {   /* the last warning it left */
        const pdb_warning *w = &s->warnings[s->nwarnings - 1];
        int depth;
        const pl_sp *h = find_handler(x, w->code, warn_state(w->code), true, &depth);
        if (h) {
            uint16_t code = w->code;
            char msg[PDB_MSG_LEN];
            snprintf(msg, sizeof msg, "%s", w->msg);
            s->nwarnings = s->nwarnings > s->warn_count - wc ? s->nwarnings - (s->warn_count - wc) : 0;
            s->warn_count = wc;   /* (a handled condition is gone, as in MariaDB) */
            run_handler(x, h, depth, code, warn_state(code), msg);
        }
    }
}

/* ---------------------------------------------------------------- cursors */

static ex_sp_cursor *cursor(ex_spx *x, int k)
{
    if (k < 0 || k >= x->ncursors) ex_raise(x->ctx, 1324, "42000", "Undefined CURSOR");
    return &x->cursors[k];
}

static void sp_open(ex_spx *x, pl_sp *n)
{
    ex_sp_cursor *c = cursor(x, n->cursor);
    if (c->open) ex_raise(x->ctx, 1325, "24000", "Cursor is already open");
    if (!c->sel) ex_raise(x->ctx, 1324, "42000", "Undefined CURSOR");
    /* its parameters: locals of their declared types, the OPEN's values (counted by the parser) */
    for (int i = 0; c->decl && c->decl->ptypes && i < c->decl->nslots && i < n->nargs; i++) {
        pdb_value v;
        ex_sp_value(x, n->args[i], &v);
        ex_sp_type(x, c->decl->slot + i, c->decl->ptypes[i], c->decl->names[i]);
        ex_sp_set_local(x->ctx, c->decl->slot + i, &v);
    }
    ex_ctx q = *x->ctx;
    q.src = NULL; q.nsrc = 0; q.rows = NULL;
    q.params = x->frame; q.nparams = x->nframe;
    q.definer_rights = false;   /* (the body's account: its definer's or the caller's) */
    q.priv_open = STOR_PRIV_SELECT;
    q.priv_cmd = "SELECT";
    ex_rows rows = { 0 };
    ex_type *ty; const char **nm; uint64_t f;
    ex_select_rows(&q, c->sel, &rows, &ty, &nm, &f);
    if (!c->used) { stor_arena_init(&c->mem); c->used = true; }
    else stor_arena_reset(&c->mem);
    size_t nv = (size_t)rows.nrows * rows.ncols;
    c->rows.v = stor_arena_alloc(&c->mem, (nv ? nv : 1) * sizeof(pdb_value));
    for (size_t i = 0; i < nv; i++) c->rows.v[i] = ex_persist(&c->mem, &rows.v[i]);
    c->rows.nrows = rows.nrows;
    c->rows.ncols = rows.ncols;
    c->pos = 0;
    c->open = true;
}

static void sp_fetch(ex_spx *x, pl_sp *n)
{
    ex_sp_cursor *c = cursor(x, n->cursor);
    if (!c->open) ex_raise(x->ctx, 1326, "24000", "Cursor is not open");
    if ((int)c->rows.ncols != n->nslots) ex_raise(x->ctx, 1328, "HY000", "Incorrect number of FETCH variables");
    if (c->pos >= c->rows.nrows) ex_raise(x->ctx, 1329, "02000", "No data - zero rows fetched, selected, or processed");
    const pdb_value *r = &c->rows.v[(size_t)c->pos * c->rows.ncols];
    for (int i = 0; i < n->nslots; i++) ex_sp_set_local(x->ctx, n->slots[i], &r[i]);
    c->pos++;
}

static void sp_close(ex_spx *x, pl_sp *n)
{
    ex_sp_cursor *c = cursor(x, n->cursor);
    if (!c->open) ex_raise(x->ctx, 1326, "24000", "Cursor is not open");
    c->open = false;
    stor_arena_reset(&c->mem);
}

/* ---------------------------------------------------------------- the walk */

static void sp_list(ex_spx *x, pl_sp **body, int n)
{
    for (int i = 0; i < n && !x->leave && !x->exit_to && !x->returned; i++) {
        pl_sp *s = body[i];
        if (s->kind == SP_HANDLER) continue;   /* (in force for the block: sp_block) */
        sp_guarded(x, s);
    }
}

/* After a loop's round: false when the loop ends (a LEAVE of it, or of something
 * outside, an EXIT handler, RETURN). The round's arena is given back. */
static bool sp_loop_on(ex_spx *x, const pl_sp *n, const ex_sp_pos *round)
{
    ex_slice_check(x->ctx);
    ex_sp_release(x->ctx, round, NULL, 0);
    if (x->exit_to || x->returned) return false;
    if (!x->leave) return true;
    if (!n->label || strcasecmp(x->leave, n->label)) return false;
    bool again = x->iterate;
    x->leave = NULL;
    return again;
}

static void sp_block(ex_spx *x, pl_sp *n)
{
    int nh = 0;
    for (int i = 0; i < n->nbody; i++) nh += n->body[i]->kind == SP_HANDLER;
    int saved = x->nh;
    if (nh) {
        if (x->nh == EX_SP_MAX_DEPTH) ex_raise(x->ctx, 1436, "HY000", "Thread stack overrun");
        ex_sp_hframe *f = &x->hs[x->nh];
        f->block = n;
        f->n = 0;
        f->h = stor_arena_alloc(x->ctx->a, (size_t)nh * sizeof *f->h);
        for (int i = 0; i < n->nbody; i++) if (n->body[i]->kind == SP_HANDLER) f->h[f->n++] = n->body[i];
        x->nh++;
    }
    sp_list(x, n->body, n->nbody);
    x->nh = saved;
    for (int i = 0; i < n->nbody; i++)   /* (its cursors close as the block ends, as in MariaDB) */
        if (n->body[i]->kind == SP_CURSOR && n->body[i]->cursor < x->ncursors && x->cursors[n->body[i]->cursor].open) {
            x->cursors[n->body[i]->cursor].open = false;
            stor_arena_reset(&x->cursors[n->body[i]->cursor].mem);
        }
    if (x->leave && n->label && !strcasecmp(x->leave, n->label)) x->leave = NULL;
    if (x->exit_to == n) x->exit_to = NULL;
}

static void sp_declare(ex_spx *x, pl_sp *n)
{
    if (!n->type) return;   /* (a condition: the parser resolved it) */
    pdb_value v = ex_null();
    if (n->dflt) ex_sp_value(x, n->dflt, &v);
    for (int i = 0; i < n->nslots; i++) {
        ex_sp_type(x, n->slot + i, n->type, n->names ? n->names[i] : NULL);
        ex_sp_set_local(x->ctx, n->slot + i, &v);
    }
}

static void sp_signal(ex_spx *x, pl_sp *n)
{
    char msg[PDB_MSG_LEN];
    char state[6];
    bool resignal = n->sigcode != 0;
    if (resignal && !x->cond.active)
        ex_raise(x->ctx, 1645, "0K000", "RESIGNAL when handler not active");
    snprintf(state, sizeof state, "%s", n->sqlstate[0] ? n->sqlstate : x->cond.state);
    bool warning = !strncmp(state, "01", 2);
    bool notfound = !strncmp(state, "02", 2);
    int code = warning ? 1642 : notfound ? 1643 : 1644;
    snprintf(msg, sizeof msg, "%s", warning ? "Unhandled user-defined warning condition" :
             notfound ? "Unhandled user-defined not found condition" : "Unhandled user-defined exception condition");
    if (resignal && !n->sqlstate[0]) {   /* the handled condition, as it was */
        code = x->cond.code;
        snprintf(msg, sizeof msg, "%s", x->cond.msg);
    }
    if (n->errnum) {
        pdb_value v;
        ex_sp_value(x, n->errnum, &v);
        int64_t e = v.t == VT_UINT ? (int64_t)v.u : v.t == VT_INT ? v.i : 0;
        if (e <= 0 || e > 65535) ex_raise(x->ctx, 1231, "42000", "Variable 'MYSQL_ERRNO' can't be set to the value of '%lld'", (long long)e);
        code = (int)e;
    }
    if (n->msg) {
        pdb_value v;
        ex_sp_value(x, n->msg, &v);
        if (v.t == VT_NULL) ex_raise(x->ctx, 1231, "42000", "Variable 'MESSAGE_TEXT' can't be set to the value of 'NULL'");
        size_t len;
        const char *s = ex_to_str(x->ctx->a, &v, &len);
        snprintf(msg, sizeof msg, "%.*s", (int)len, s);
    }
    if (warning) { ex_warn(x->ctx, "Warning", (uint16_t)code, "%s", msg); return; }
    ex_raise(x->ctx, (uint16_t)code, state, "%s", msg);
}

static void sp_loop(ex_spx *x, pl_sp *n)
{
    for (;;) {
        ex_sp_pos round;
        ex_sp_mark(x->ctx, &round);
        if (n->kind == SP_WHILE && !sp_true(x, n->cond)) { ex_sp_release(x->ctx, &round, NULL, 0); return; }
        sp_list(x, n->body, n->nbody);
        bool leaving = x->leave || x->exit_to || x->returned;
        bool until = n->kind == SP_REPEAT && !leaving && sp_true(x, n->cond);
        if (!sp_loop_on(x, n, &round) || until) return;
    }
}

static void sp_run(ex_spx *x, pl_sp *n)
{
    ex_check_stack(x->ctx);
    if (n->kind != SP_BLOCK) x->at = n->start;
    switch (n->kind) {
    case SP_STMT:
        /* (a routine's statement: what an unhandled error undoes; a trigger's statements
           belong to the statement that fired them) */
        if (!x->t && x->ctx->stmt) x->ctx->stmt->sp_mark = stor_txn_mark();
        if (n->st->kind == S_SET && sp_has_locals(n->st)) sp_set(x, n->st);
        else ex_run_nested(x->ctx, n->st, x->frame, x->nframe, x->out);
        return;
    case SP_BLOCK: sp_block(x, n); return;
    case SP_DECLARE: sp_declare(x, n); return;
    case SP_HANDLER: return;
    case SP_CURSOR:
        if (n->cursor >= 0 && n->cursor < x->ncursors) x->cursors[n->cursor].sel = n->sel, x->cursors[n->cursor].decl = n;
        return;
    case SP_OPEN: sp_open(x, n); return;
    case SP_FETCH: sp_fetch(x, n); return;
    case SP_CLOSE: sp_close(x, n); return;
    case SP_IF: case SP_CASE:
        for (pl_sp *c = n; c; c = c->els) {
            if (c->kind == SP_BLOCK) { sp_list(x, c->body, c->nbody); return; }
            if (sp_true(x, c->cond)) { sp_list(x, c->body, c->nbody); return; }
        }
        if (n->kind == SP_CASE) ex_raise(x->ctx, 1339, "20000", "Case not found for CASE statement");
        return;
    case SP_WHILE: case SP_REPEAT: case SP_LOOP: sp_loop(x, n); return;
    case SP_LEAVE: case SP_ITERATE:
        x->leave = n->label;
        x->iterate = n->kind == SP_ITERATE;
        return;
    case SP_SIGNAL: sp_signal(x, n); return;
    case SP_RETURN:
        ex_sp_value(x, n->cond, &x->ret);
        x->returned = true;
        return;
    }
}

void ex_sp_run(ex_spx *x, pl_sp *body)
{
    sp_guarded(x, body);
}

/* ---------------------------------------------------------------- GET DIAGNOSTICS */

/* GET DIAGNOSTICS: inside a handler, the condition it runs for; else the diagnostics
 * the last statement left (its warnings, ROW_COUNT()) */
void ex_get_diag(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pdb_session *s = ctx->s;
    const ex_spx *x = ctx->spx;
    bool handler = x && x->cond.active;
    uint32_t number = handler ? 1 : s->nwarnings;
    uint16_t code = 0;
    const char *state = "", *msg = "";
    if (st->where) {
        ex_scope sc = { 0 };
        sc.ctx = ctx; sc.item_base = -1; sc.clause = "field list";
        ex_type ty;
        pdb_value nv;
        ex_eval(ctx, ex_compile(&sc, st->where, &ty), &nv);
        int64_t k = nv.t == VT_INT ? nv.i : nv.t == VT_UINT ? (int64_t)nv.u : nv.t == VT_STRING ? atoll(nv.p) : 0;
        if (k < 1 || (uint64_t)k > number) ex_raise(ctx, 1758, "35000", "Invalid condition number");
        if (handler) { code = x->cond.code; state = x->cond.state; msg = x->cond.msg; }
        else {
            const pdb_warning *w = &s->warnings[k - 1];
            code = w->code;
            msg = w->msg;
            state = !strcmp(w->level, "Error") ? "HY000" : warn_state(w->code);
        }
    }
    for (int i = 0; i < st->nsets; i++) {
        const pl_assign *a = &st->sets[i];
        pdb_value v = ex_null();
        switch ((int)a->value->ival) {
        case GD_NUMBER: v = ex_int(number); break;
        case GD_ROW_COUNT: v = ex_int(s->row_count); break;
        case GD_SQLSTATE: v = ex_str(state, strlen(state), COLL_UTF8MB3_GENERAL_CI); break;
        case GD_ERRNO: v = ex_int(code); break;
        case GD_MESSAGE: v = ex_str(msg, strlen(msg), COLL_UTF8MB3_GENERAL_CI); break;
        case GD_CLASS_ORIGIN: case GD_SUBCLASS_ORIGIN: {
            const char *o = !strncmp(state, "HY", 2) || state[0] == 0 ? "" : "ISO 9075";
            if (!code || state[0] >= 'J') o = "MySQL";
            v = ex_str(o, strlen(o), COLL_UTF8MB3_GENERAL_CI);
            break;
        }
        default: v = ex_str("", 0, COLL_UTF8MB3_GENERAL_CI); break;
        }
        v = ex_persist(ctx->a, &v);
        if (a->scope == PL_SET_LOCAL) ex_sp_set_local(ctx, a->slot, &v);
        else ex_uservar_set(s, a->name, &v);
    }
    if (r) ex_send_ok(ctx, r, 0, 0, NULL);
}
