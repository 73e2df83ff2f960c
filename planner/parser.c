#include <stdarg.h>
/* parser.c - recursive-descent parser for the MySQL/MariaDB dialect, with MariaDB's
 * operator precedence. Produces the syntax tree of planner.h in the caller's arena. */
#include "planner/planner.h"
#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct P {
    pl_lexer lx;
    pl_token t;          /* current token */
    pl_token nx;         /* lookahead */
    bool has_nx;
    stor_arena *a;
    pl_error *err;
    jmp_buf jb;
    const char *stmt_start;
    const pl_parse_opts *o;
    int nparams;         /* '?' placeholders seen so far */
    struct pl_cte *ctes; /* WITH names in scope, innermost first */
    struct vec *wins;    /* the window functions of the query block being parsed */
    int sel_depth;       /* SELECT blocks being parsed, one inside the other */
    pl_expr *examined;   /* LIMIT ROWS EXAMINED n */
    bool in_odku;        /* parsing ON DUPLICATE KEY UPDATE (outside its subqueries): VALUES(col) */
    int tvc_op;          /* the set operation before the query block being parsed */
    int nblocks;         /* SELECT blocks made so far (pl_select.bid) */
    const char *prev_end;   /* just past the token before the current one */
    /* a stored program's body being parsed (CREATE TRIGGER) */
    pl_trigger *trg;
    pl_routine *rtn;        /* a routine's body being parsed (CREATE PROCEDURE / FUNCTION) */
    bool in_event;          /* ... which is an event's (CREATE / ALTER EVENT ... DO) */
    bool in_sp;             /* parsing a stored program's body (a trigger's or a routine's) */
    struct sp_name {        /* what the body names in scope: locals, labels, cursors, conditions */
        char *name; int slot; uint8_t kind; bool loop; pl_spcond cond;
        int nparams;        /* a cursor's parameters */
    } *spn;
    int nspn, cspn;
    struct vec *sp_refs;    /* NEW / OLD references made */
    int sp_slots;           /* local variables declared so far */
    int sp_cursors;         /* cursors declared so far */
    int parens;             /* parentheses open at the current token */
    bool seq_write;         /* NEXTVAL / SETVAL / NEXT VALUE FOR seen */
    int count_row;          /* a VALUES row whose value count differs from the first's (1136
                               once the statement is parsed: a syntax error comes first) */
} P;

/* Query blocks nested deeper than this are refused with MariaDB's 1473 (its
 * MAX_SELECT_NESTING: a 64-bit map of the nesting levels). */
#define MAX_SELECT_NESTING 64

typedef pl_cte cte;

static void __attribute__((noreturn)) memory_exhausted(P *p);
static void table_name(P *p, char **db, char **name);

/* MariaDB's parser stack (bison's, 32000 entries) holds about this many open parentheses
 * (of expressions or queries alike); one more is its "memory exhausted". Counted here,
 * so the answer does not depend on how much thread stack a build's frames take. */
#define MAX_PAREN_DEPTH 31991

static void __attribute__((noreturn)) bad_name(P *p);

static void next(P *p)
{
    /* a name is refused as it is taken (MariaDB converts it then): a syntax error at it
       comes first */
    if (p->t.bad_name && p->o && p->o->names_charset) bad_name(p);
    if (p->t.start) p->prev_end = p->t.start + p->t.len;
    if (p->has_nx) { p->t = p->nx; p->has_nx = false; }
    else if (pl_lex_next(&p->lx, &p->t) != 0) p->t.kind = TK_ERROR;
    if (p->t.kind == TK_OP) {
        if (p->t.op == '(' && ++p->parens > MAX_PAREN_DEPTH) memory_exhausted(p);
        else if (p->t.op == ')' && p->parens > 0) p->parens--;
    }
}

static pl_token *peek(P *p)
{
    if (!p->has_nx) {
        if (pl_lex_next(&p->lx, &p->nx) != 0) p->nx.kind = TK_ERROR;
        p->has_nx = true;
    }
    return &p->nx;
}

/* MariaDB's 1300 for a name that is not utf8mb3 (its names' charset): the name with its
 * bytes past ASCII as \xNN. */
static void __attribute__((noreturn)) bad_name(P *p)
{
    char shown[sizeof p->err->msg];
    size_t k = 0;
    for (size_t i = 0; i < p->t.vlen && k + 5 < sizeof shown; i++) {
        unsigned char c = (unsigned char)p->t.val[i];
        if (c >= 0x80) k += (size_t)snprintf(shown + k, sizeof shown - k, "\\x%02X", c);
        else shown[k++] = (char)c;
    }
    shown[k] = 0;
    p->err->code = 1300;
    strcpy(p->err->sqlstate, "HY000");
    snprintf(p->err->msg, sizeof p->err->msg, "Invalid %s character string: '%.*s'", p->o->names_charset,
             (int)(sizeof p->err->msg - 48), shown);
    longjmp(p->jb, 1);
}

/* Raises 1064 near the current token. */
static void __attribute__((noreturn)) syntax_error_near(P *p, const char *near);
static void __attribute__((noreturn)) syntax_error(P *p)
{
    /* at an unexpected ',' MariaDB quotes the text after it */
    if (p->t.kind == TK_OP && p->t.op == ',') syntax_error_near(p, p->t.start + 1);
    syntax_error_near(p, p->t.kind == TK_EOF ? p->lx.end : p->t.start);
}

/* How many bytes of the text at near MariaDB quotes in a 1064 message: all of it up to
 * 80 bytes; beyond that the whole characters within 77 bytes, and *dots is set (the
 * message then shows "..." after them). */
static int near_len(const P *p, const char *near, bool *dots)
{
    size_t n = (size_t)(p->lx.end - near);
    *dots = n > 80;
    if (!*dots) return (int)n;
    n = 77;
    while (n > 0 && ((unsigned char)near[n] & 0xC0) == 0x80) n--;   /* not inside a character */
    return (int)n;
}

static void __attribute__((noreturn)) syntax_error_near(P *p, const char *near)
{
    bool dots;
    int n = near_len(p, near, &dots);
    p->err->code = 1064;
    strcpy(p->err->sqlstate, "42000");
    snprintf(p->err->msg, sizeof p->err->msg,
             "You have an error in your SQL syntax; check the manual that corresponds to your "
             "MariaDB server version for the right syntax to use near '%.*s%s' at line %d",
             n, near, dots ? "..." : "", p->t.line);
    longjmp(p->jb, 1);
}

/* A statement nested too deeply for the stack left: MariaDB's answer when its parser
 * stack runs out (1064 "memory exhausted near ..."), so the server survives. */
static void __attribute__((noreturn)) memory_exhausted(P *p)
{
    const char *near = p->t.kind == TK_EOF ? p->lx.end : p->t.start;
    bool dots;
    int n = near_len(p, near, &dots);
    p->err->code = 1064;
    strcpy(p->err->sqlstate, "42000");
    snprintf(p->err->msg, sizeof p->err->msg, "memory exhausted near '%.*s%s' at line %d",
             n, near, dots ? "..." : "", p->t.line);
    longjmp(p->jb, 1);
}

static void check_stack(P *p)
{
    if (pl_stack_low()) memory_exhausted(p);
}

static void __attribute__((noreturn, format(printf, 4, 5))) p_error(P *p, int code, const char *state, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    p->err->code = (uint16_t)code;
    snprintf(p->err->sqlstate, sizeof p->err->sqlstate, "%s", state);
    vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
    va_end(ap);
    longjmp(p->jb, 1);
}

static void *alloc(P *p, size_t n)
{
    void *m = stor_arena_alloc(p->a, n);
    memset(m, 0, n);
    return m;
}

static bool is_word(const pl_token *t, const char *w)
{
    /* first letters that differ other than in case rule most words out cheaply */
    if (t->kind != TK_IDENT || !t->vlen || ((unsigned char)(t->val[0] ^ w[0]) & ~0x20u)) return false;
    return strlen(w) == t->vlen && !strncasecmp(t->val, w, t->vlen);
}
static bool is_kw(P *p, const char *w) { return is_word(&p->t, w); }
static bool accept_kw(P *p, const char *w) { if (is_kw(p, w)) { next(p); return true; } return false; }
static void expect_kw(P *p, const char *w) { if (!accept_kw(p, w)) syntax_error(p); }
static bool is_op(P *p, int op) { return p->t.kind == TK_OP && p->t.op == op; }
static bool accept_op(P *p, int op) { if (is_op(p, op)) { next(p); return true; } return false; }
static void expect_op(P *p, int op) { if (!accept_op(p, op)) syntax_error(p); }

/* Non-reserved identifier or quoted identifier. */
static char *ident(P *p)
{
    if (p->t.kind == TK_QIDENT || (p->t.kind == TK_IDENT && !pl_is_reserved(p->t.val, p->t.vlen))) {
        char *s = p->t.val;
        next(p);
        return s;
    }
    syntax_error(p);
}

static bool is_ident_tok(P *p)
{
    return p->t.kind == TK_QIDENT || (p->t.kind == TK_IDENT && !pl_is_reserved(p->t.val, p->t.vlen));
}

/* Identifier, string literal accepted too (aliases, SET NAMES 'x'). */
static char *ident_or_string(P *p)
{
    if (p->t.kind == TK_STRING) { char *s = p->t.val; next(p); return s; }
    return ident(p);
}

/* Growable pointer arrays in the arena. */
typedef struct vec { void **v; int n, cap; } vec;
static void vpush(P *p, vec *v, void *x)
{
    if (v->n == v->cap) {
        int nc = v->cap ? v->cap * 2 : 8;
        void **nv = stor_arena_alloc(p->a, (size_t)nc * sizeof(void *));
        if (v->n) memcpy(nv, v->v, (size_t)v->n * sizeof(void *));
        v->v = nv; v->cap = nc;
    }
    v->v[v->n++] = x;
}

static pl_expr *mk(P *p, int kind, const char *start)
{
    pl_expr *e = alloc(p, sizeof *e);
    e->kind = (uint8_t)kind;
    e->start = start;
    return e;
}

static void set_src(P *p, pl_expr *e, const char *start)
{
    e->start = start;
    const char *end = p->t.kind == TK_EOF ? p->lx.end : p->t.start;
    /* trim trailing whitespace between the expression and the next token */
    while (end > start && isspace((unsigned char)end[-1])) end--;
    e->srclen = (size_t)(end - start);
}

static pl_expr *mkbin(P *p, int op, pl_expr *l, pl_expr *r)
{
    pl_expr *e = mk(p, E_BINARY, l->start);
    e->op = op;
    e->args = alloc(p, 2 * sizeof(pl_expr *));
    e->args[0] = l; e->args[1] = r; e->nargs = 2;
    set_src(p, e, l->start);
    return e;
}

static pl_expr *expr(P *p);
static pl_select *select_stmt(P *p);
static pl_select *select_body(P *p);
static pl_select *union_rest(P *p, pl_select *first);
static pl_expr *bitor_expr(P *p);
static pl_expr *pred(P *p);

static bool starts_select(P *p)
{
    return is_kw(p, "SELECT") || is_kw(p, "WITH") || is_kw(p, "VALUES");
}

/* ( subquery ) when the current token is '(' followed by SELECT. */
static bool paren_select_ahead(P *p)
{
    if (!is_op(p, '(')) return false;
    pl_token *n = peek(p);
    return is_word(n, "SELECT") || is_word(n, "WITH") || (n->kind == TK_OP && n->op == '(');
}

static const char *const interval_units[] = {
    "MICROSECOND", "SECOND", "MINUTE", "HOUR", "DAY", "WEEK", "MONTH", "QUARTER", "YEAR",
    "SECOND_MICROSECOND", "MINUTE_MICROSECOND", "MINUTE_SECOND", "HOUR_MICROSECOND",
    "HOUR_SECOND", "HOUR_MINUTE", "DAY_MICROSECOND", "DAY_SECOND", "DAY_MINUTE", "DAY_HOUR",
    "YEAR_MONTH", NULL
};

static char *interval_unit(P *p)
{
    for (int i = 0; interval_units[i]; i++)
        if (is_kw(p, interval_units[i])) { next(p); return (char *)interval_units[i]; }
    syntax_error(p);
}

static pl_expr *primary(P *p);
static void replica_stmt(P *p, pl_stmt *s);

static pl_expr *mk_lit(P *p, int kind, const char *text, const char *start)
{
    pl_expr *e = mk(p, kind, start);
    e->s = (char *)text; e->slen = strlen(text);
    e->srclen = 0;
    return e;
}

/* INTERVAL(N, N1, N2, ...): -1 for a NULL N, else how many of N1, N2, ... (ascending)
 * are at most N, compared as numbers (a NULL Ni counts as 0): MariaDB's linear search,
 * written as CASE WHEN N IS NULL THEN -1 WHEN N1 > N THEN 0 ... ELSE n END. */
static pl_expr *interval_func(P *p, pl_expr *row, const char *start)
{
    int n = row->nargs - 1;
    pl_expr *e = mk(p, E_CASE, start);
    e->has_else = true;
    e->args = alloc(p, (size_t)(2 * (n + 1) + 1) * sizeof(pl_expr *));
    pl_expr *num = mkbin(p, BO_ADD, row->args[0], mk_lit(p, E_FLOAT, "0e0", start));
    pl_expr *isn = mk(p, E_ISNULL, start);
    isn->args = alloc(p, sizeof(pl_expr *));
    isn->args[0] = row->args[0]; isn->nargs = 1;
    int k = 0;
    e->args[k++] = isn;
    e->args[k++] = mk_lit(p, E_INT, "-1", start);
    for (int i = 1; i <= n; i++) {
        pl_expr *ni = mk(p, E_FUNC, start);
        ni->s = "IFNULL";
        ni->args = alloc(p, 2 * sizeof(pl_expr *));
        ni->args[0] = mkbin(p, BO_ADD, row->args[i], mk_lit(p, E_FLOAT, "0e0", start));
        ni->args[1] = mk_lit(p, E_INT, "0", start);
        ni->nargs = 2;
        e->args[k++] = mkbin(p, BO_GT, ni, num);
        char *v = alloc(p, 12);
        snprintf(v, 12, "%d", i - 1);
        e->args[k++] = mk_lit(p, E_INT, v, start);
    }
    char *v = alloc(p, 12);
    snprintf(v, 12, "%d", n);
    e->args[k++] = mk_lit(p, E_INT, v, start);
    e->nargs = k;
    set_src(p, e, start);
    return e;
}

static pl_expr *interval_expr(P *p, const char *start)
{
    if (is_op(p, '(')) {
        /* INTERVAL(N, N1, ...) is a function; INTERVAL (expr) unit an interval */
        pl_lexer lx = p->lx;
        pl_token t = p->t, nx = p->nx;
        bool has_nx = p->has_nx;
        int nparams = p->nparams;
        pl_expr *row = primary(p);
        bool unit = false;
        for (int i = 0; interval_units[i] && !unit; i++) unit = is_kw(p, interval_units[i]);
        if (row->kind == E_ROW && !unit) return interval_func(p, row, start);
        p->lx = lx; p->t = t; p->nx = nx; p->has_nx = has_nx; p->nparams = nparams;
    }
    pl_expr *e = mk(p, E_INTERVAL, start);
    e->args = alloc(p, sizeof(pl_expr *));
    e->args[0] = expr(p);
    e->nargs = 1;
    e->s = interval_unit(p);
    set_src(p, e, start);
    return e;
}

/* Type names for CAST / CONVERT. */
static void cast_type(P *p, pl_cast *c)
{
    c->len = c->scale = -1;
    if (accept_kw(p, "SIGNED")) { (void)(accept_kw(p, "INTEGER") || accept_kw(p, "INT")); c->type = -1; return; }
    if (accept_kw(p, "UNSIGNED")) { (void)(accept_kw(p, "INTEGER") || accept_kw(p, "INT")); c->type = -2; return; }
    if (accept_kw(p, "INTEGER") || accept_kw(p, "INT")) { c->type = -1; return; }
    if (accept_kw(p, "CHAR") || accept_kw(p, "NCHAR") || accept_kw(p, "VARCHAR")) c->type = CT_VARCHAR;
    else if (accept_kw(p, "BINARY")) c->type = CT_VARBINARY;
    else if (accept_kw(p, "DECIMAL") || accept_kw(p, "DEC") || accept_kw(p, "NUMERIC")) c->type = CT_DECIMAL;
    else if (accept_kw(p, "DOUBLE")) { accept_kw(p, "PRECISION"); c->type = CT_DOUBLE; }
    else if (accept_kw(p, "FLOAT")) c->type = CT_FLOAT;
    else if (accept_kw(p, "REAL")) c->type = CT_DOUBLE;
    else if (accept_kw(p, "DATE")) c->type = CT_DATE;
    else if (accept_kw(p, "DATETIME")) c->type = CT_DATETIME;
    else if (accept_kw(p, "TIME")) c->type = CT_TIME;
    else if (accept_kw(p, "JSON")) c->type = CT_LONGTEXT;
    else syntax_error(p);
    if (accept_op(p, '(')) {
        if (p->t.kind != TK_INT) syntax_error(p);
        c->len = atoi(p->t.val); next(p);
        if (accept_op(p, ',')) {
            if (p->t.kind != TK_INT) syntax_error(p);
            c->scale = atoi(p->t.val); next(p);
        }
        expect_op(p, ')');
    }
    if (c->type == CT_VARCHAR) {
        if (accept_kw(p, "CHARACTER") || accept_kw(p, "CHARSET")) {
            accept_kw(p, "SET");
            char *cs = ident_or_string(p);
            const pdb_collation *co = !strcasecmp(cs, "binary") ? pdb_coll_by_id(COLL_BINARY) : pdb_coll_default_for(cs);
            if (!co) syntax_error(p);
            c->coll = co->id;
        }
        if (accept_kw(p, "COLLATE")) {
            const pdb_collation *co = pdb_coll_by_name(ident_or_string(p));
            if (!co) syntax_error(p);
            c->coll = co->id;
        }
    }
}

static pl_expr **arglist(P *p, int *n)
{
    vec v = { 0 };
    if (!is_op(p, ')')) {
        do vpush(p, &v, expr(p)); while (accept_op(p, ','));
    }
    expect_op(p, ')');
    *n = v.n;
    return (pl_expr **)v.v;
}

static pl_order *order_list(P *p, int *n);
static void limit_clause(P *p, pl_expr **limit, pl_expr **offset);

static pl_expr *func_call_args(P *p, char *name, const char *start);

static int frame_bound(P *p, int64_t *n)
{
    if (accept_kw(p, "UNBOUNDED")) {
        if (accept_kw(p, "PRECEDING")) return WB_UNB_PREC;
        expect_kw(p, "FOLLOWING");
        return WB_UNB_FOLL;
    }
    if (accept_kw(p, "CURRENT")) { expect_kw(p, "ROW"); return WB_CURRENT; }
    if (p->t.kind != TK_INT) syntax_error(p);
    *n = strtoll(p->t.val, NULL, 10);
    next(p);
    if (accept_kw(p, "PRECEDING")) return WB_PREC;
    expect_kw(p, "FOLLOWING");
    return WB_FOLL;
}

static void window_spec(P *p, pl_window *w);

/* Function call after NAME '(' has been seen (current token is past '('), and its
 * OVER (...) clause when it is a window function. */
/* USING's charset name (CONVERT, CHAR): its default collation; 1115 for none */
static uint16_t using_charset(P *p)
{
    char *cs = accept_kw(p, "BINARY") ? "binary" : ident_or_string(p);
    const pdb_collation *co = !strcasecmp(cs, "binary") ? pdb_coll_by_id(COLL_BINARY) : pdb_coll_default_for(cs);
    if (!co) {
        p->err->code = 1115;
        strcpy(p->err->sqlstate, "42000");
        snprintf(p->err->msg, sizeof p->err->msg, "Unknown character set: '%.64s'", cs);
        longjmp(p->jb, 1);
    }
    return co->id;
}

static pl_expr *func_call(P *p, char *name, const char *start)
{
    pl_expr *e = func_call_args(p, name, start);
    if (e->kind == E_FUNC && e->s && (!strcasecmp(e->s, "NEXTVAL") || !strcasecmp(e->s, "SETVAL") || !strcasecmp(e->s, "LASTVAL"))) {
        /* the first argument names a sequence: [db.]name */
        if (e->nargs < 1 || e->args[0]->kind != E_COLUMN || e->args[0]->db)
            syntax_error_near(p, e->nargs ? e->args[0]->start : p->prev_end);
        if (strcasecmp(e->s, "LASTVAL")) p->seq_write = true;
    }
    if (!is_kw(p, "OVER")) return e;
    if (e->kind != E_FUNC) syntax_error(p);
    if ((!strcmp(e->s, "LAG") || !strcmp(e->s, "LEAD")) && e->nargs > 2) {
        /* MariaDB's grammar takes at most two: the error points past the second */
        pl_expr *a = e->args[1];
        const char *near = a->start + a->srclen;
        while (*near == ' ') near++;
        if (*near == ',') near++;
        bool dots;
        int n = near_len(p, near, &dots);
        p_error(p, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your "
                "MariaDB server version for the right syntax to use near '%.*s%s' at line %d", n, near,
                dots ? "..." : "", p->t.line);
    }
    next(p);
    pl_window *w = alloc(p, sizeof *w);
    if (is_ident_tok(p)) {   /* OVER w: a window of the WINDOW clause */
        w->ref = ident(p);
        w->bare = true;
    } else {
        expect_op(p, '(');
        window_spec(p, w);
    }
    if (p->wins) vpush(p, p->wins, w);
    else if (w->ref)   /* outside a SELECT's own clauses: no WINDOW clause to name */
        p_error(p, 4009, "HY000", "Window specification with name '%s' is not defined", w->ref);
    e->win = w;
    set_src(p, e, start);
    return e;
}

/* A window specification after its '(' up to and including the ')':
 * [name] [PARTITION BY ...] [ORDER BY ...] [ROWS|RANGE frame] */
static void window_spec(P *p, pl_window *w)
{
    if (is_ident_tok(p)) w->ref = ident(p);
    if (accept_kw(p, "PARTITION")) {
        expect_kw(p, "BY");
        vec v = { 0 };
        do vpush(p, &v, expr(p)); while (accept_op(p, ','));
        w->part = (pl_expr **)v.v; w->npart = v.n;
    }
    if (accept_kw(p, "ORDER")) { expect_kw(p, "BY"); w->order = order_list(p, &w->norder); }
    if (is_kw(p, "ROWS") || is_kw(p, "RANGE")) {
        w->unit = is_kw(p, "ROWS") ? 1 : 2;
        next(p);
        if (accept_kw(p, "BETWEEN")) {
            w->start = frame_bound(p, &w->start_n);
            expect_kw(p, "AND");
            w->end = frame_bound(p, &w->end_n);
        } else {
            w->start = frame_bound(p, &w->start_n);
            w->end = WB_CURRENT;
        }
    }
    expect_op(p, ')');
}

typedef struct wdef { char *name; pl_window *w; } wdef;

/* w takes what it references from the named windows (MariaDB's rules and errors). */
static void window_resolve(P *p, pl_window *w, wdef *defs, int ndefs)
{
    if (!w->ref) return;
    pl_window *d = NULL;
    for (int i = 0; i < ndefs; i++) if (!strcasecmp(defs[i].name, w->ref)) { d = defs[i].w; break; }
    if (!d) p_error(p, 4009, "HY000", "Window specification with name '%s' is not defined", w->ref);
    if (w->bare) { *w = *d; return; }
    if (w->npart) p_error(p, 4011, "HY000", "Window specification referencing another one '%s' cannot contain partition list", w->ref);
    if (d->norder && w->norder) p_error(p, 4012, "HY000", "Referenced window specification '%s' already contains order list", w->ref);
    if (d->unit) p_error(p, 4013, "HY000", "Referenced window specification '%s' cannot contain window frame", w->ref);
    w->part = d->part; w->npart = d->npart;
    if (!w->norder) { w->order = d->order; w->norder = d->norder; }
    w->ref = NULL;
}

/* Functions with their own rule in MariaDB's grammar: how many arguments it takes
 * (max -1: any number). */
static const struct { const char *name; int min, max; } fixed_args[] = {
    { "ASCII", 1, 1 }, { "CHARSET", 1, 1 }, { "IF", 3, 3 }, { "MOD", 2, 2 }, { "PASSWORD", 1, 1 },
    { "REPEAT", 2, 2 }, { "REPLACE", 3, 3 }, { "TRUNCATE", 2, 2 }, { "CURRENT_USER", 0, 0 },
    { "DATE", 1, 1 }, { "DAY", 1, 1 }, { "HOUR", 1, 1 }, { "INSERT", 4, 4 }, { "LEFT", 2, 2 },
    { "MINUTE", 1, 1 }, { "MONTH", 1, 1 }, { "RIGHT", 2, 2 }, { "SECOND", 1, 1 }, { "TIME", 1, 1 },
    { "TIMESTAMP", 1, 2 }, { "USER", 0, 0 }, { "YEAR", 1, 1 }, { "CURDATE", 0, 0 },
    { "CURTIME", 0, 1 }, { "NOW", 0, 1 }, { "SYSDATE", 0, 1 }, { "UTC_DATE", 0, 0 },
    { "UTC_TIME", 0, 1 }, { "UTC_TIMESTAMP", 0, 1 }, { "CURRENT_TIMESTAMP", 0, 1 },
    { "CURRENT_DATE", 0, 0 }, { "CURRENT_TIME", 0, 1 }, { "LOCALTIME", 0, 1 },
    { "LOCALTIMESTAMP", 0, 1 }, { "CURRENT_ROLE", 0, 0 }, { "LAST_VALUE", 1, -1 },
    { NULL, 0, 0 }
};

static pl_expr *func_call_args(P *p, char *name, const char *start)
{
    pl_expr *e = mk(p, E_FUNC, start);
    char *u = stor_arena_strndup(p->a, name, strlen(name));
    for (char *c = u; *c; c++) *c = (char)toupper((unsigned char)*c);
    e->s = u;
    if (!strcmp(u, "COUNT") || !strcmp(u, "SUM") || !strcmp(u, "AVG") || !strcmp(u, "MIN") ||
        !strcmp(u, "MAX") || !strcmp(u, "GROUP_CONCAT") || !strcmp(u, "BIT_AND") ||
        !strcmp(u, "BIT_OR") || !strcmp(u, "BIT_XOR") || !strcmp(u, "STD") || !strcmp(u, "STDDEV") ||
        !strcmp(u, "STDDEV_POP") || !strcmp(u, "STDDEV_SAMP") || !strcmp(u, "VARIANCE") ||
        !strcmp(u, "VAR_POP") || !strcmp(u, "VAR_SAMP") || !strcmp(u, "JSON_ARRAYAGG") ||
        !strcmp(u, "JSON_OBJECTAGG")) {
        if (accept_kw(p, "DISTINCT")) e->distinct = true;
        else accept_kw(p, "ALL");
        if (!strcmp(u, "COUNT") && is_op(p, '*')) {
            next(p);
            if (is_op(p, ',')) syntax_error_near(p, p->t.start + 1);
            expect_op(p, ')');
            e->nargs = 0;
            set_src(p, e, start);
            return e;
        }
        vec v = { 0 };
        if (!strcmp(u, "JSON_OBJECTAGG")) {   /* exactly (key, value) in the grammar */
            vpush(p, &v, expr(p));
            expect_op(p, ',');
            vpush(p, &v, expr(p));
            if (is_op(p, ',')) syntax_error_near(p, p->t.start + 1);   /* MariaDB reports what follows the comma */
        } else {
            /* the grammar takes one argument, but COUNT(DISTINCT a, b), GROUP_CONCAT(a, b) */
            bool many = (!strcmp(u, "COUNT") && e->distinct) || !strcmp(u, "GROUP_CONCAT") || !strcmp(u, "JSON_ARRAYAGG");
            for (;;) {
                vpush(p, &v, expr(p));
                if (!is_op(p, ',')) break;
                if (!many) syntax_error_near(p, p->t.start + 1);
                next(p);
            }
        }
        e->args = (pl_expr **)v.v; e->nargs = v.n;
        if (!strcmp(u, "GROUP_CONCAT") || !strcmp(u, "JSON_ARRAYAGG")) {
            if (accept_kw(p, "ORDER")) { expect_kw(p, "BY"); e->order = order_list(p, &e->norder); }
            if (!strcmp(u, "GROUP_CONCAT") && accept_kw(p, "SEPARATOR")) {
                if (p->t.kind != TK_STRING) syntax_error(p);
                e->sep = p->t.val; e->slen = p->t.vlen; next(p);
            }
            if (accept_kw(p, "LIMIT")) limit_clause(p, &e->gc_limit, &e->gc_offset);
        }
        expect_op(p, ')');
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "CAST")) {
        e->kind = E_CAST;
        e->args = alloc(p, sizeof(pl_expr *));
        e->args[0] = expr(p); e->nargs = 1;
        expect_kw(p, "AS");
        cast_type(p, &e->cast);
        expect_op(p, ')');
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "WEIGHT_STRING")) {
        /* WEIGHT_STRING(x [AS CHAR(n) | AS BINARY(n)]): AS CHAR(n) in ival (n weights),
           AS BINARY(n) as x cast to BINARY(n) */
        pl_expr *x = expr(p);
        if (accept_kw(p, "AS")) {
            bool bin = accept_kw(p, "BINARY");
            if (!bin) expect_kw(p, "CHAR");
            expect_op(p, '(');
            if (p->t.kind != TK_INT || atoll(p->t.val) < 1 || atoll(p->t.val) > 0xffffff) syntax_error(p);
            int32_t n = (int32_t)atoll(p->t.val);
            next(p);
            expect_op(p, ')');
            if (bin) {
                pl_expr *c = mk(p, E_CAST, x->start);
                c->args = alloc(p, sizeof(pl_expr *));
                c->args[0] = x; c->nargs = 1;
                c->cast.type = CT_VARBINARY; c->cast.len = n; c->cast.scale = -1;
                set_src(p, c, x->start);
                x = c;
            } else e->ival = n;
        }
        e->args = alloc(p, sizeof(pl_expr *));
        e->args[0] = x; e->nargs = 1;
        expect_op(p, ')');
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "CONVERT")) {
        pl_expr *x = expr(p);
        if (accept_kw(p, "USING")) {
            e->kind = E_CAST;
            e->cast.type = CT_VARCHAR; e->cast.len = e->cast.scale = -1;
            e->cast.coll = using_charset(p);
        } else {
            expect_op(p, ',');
            e->kind = E_CAST;
            cast_type(p, &e->cast);
        }
        e->args = alloc(p, sizeof(pl_expr *));
        e->args[0] = x; e->nargs = 1;
        expect_op(p, ')');
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "EXTRACT")) {
        pl_expr *unit = mk(p, E_STRING, p->t.start);
        unit->s = interval_unit(p); unit->slen = strlen(unit->s);
        expect_kw(p, "FROM");
        e->args = alloc(p, 2 * sizeof(pl_expr *));
        e->args[0] = unit; e->args[1] = expr(p); e->nargs = 2;
        expect_op(p, ')');
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "TRIM")) {
        const char *mode = "BOTH";
        bool has_mode = false;
        if (accept_kw(p, "LEADING")) { mode = "LEADING"; has_mode = true; }
        else if (accept_kw(p, "TRAILING")) { mode = "TRAILING"; has_mode = true; }
        else if (accept_kw(p, "BOTH")) has_mode = true;
        pl_expr *rem = NULL, *str;
        if (has_mode && accept_kw(p, "FROM")) str = expr(p);
        else {
            pl_expr *x = expr(p);
            if (accept_kw(p, "FROM")) { rem = x; str = expr(p); } else str = x;
        }
        expect_op(p, ')');
        pl_expr *m = mk(p, E_STRING, start);
        m->s = (char *)mode; m->slen = strlen(mode);
        e->s = "TRIM";
        e->args = alloc(p, 3 * sizeof(pl_expr *));
        e->args[0] = str; e->args[1] = m; e->nargs = 2;
        if (rem) { e->args[2] = rem; e->nargs = 3; }
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "SUBSTRING") || !strcmp(u, "SUBSTR") || !strcmp(u, "MID")) {
        vec v = { 0 };
        vpush(p, &v, expr(p));
        if (accept_kw(p, "FROM")) {
            vpush(p, &v, expr(p));
            if (accept_kw(p, "FOR")) vpush(p, &v, expr(p));
        } else {
            if (!is_op(p, ',')) syntax_error(p);   /* SUBSTRING(str) is a syntax error */
            while (accept_op(p, ',')) {
                vpush(p, &v, expr(p));
                if (v.n == 3 && is_op(p, ',')) syntax_error_near(p, p->t.start + 1);
            }
        }
        expect_op(p, ')');
        e->s = "SUBSTRING";
        e->args = (pl_expr **)v.v; e->nargs = v.n;
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "POSITION")) {
        pl_expr *a = bitor_expr(p);
        expect_kw(p, "IN");
        pl_expr *b = expr(p);
        expect_op(p, ')');
        e->s = "LOCATE";
        e->args = alloc(p, 2 * sizeof(pl_expr *));
        e->args[0] = a; e->args[1] = b; e->nargs = 2;
        set_src(p, e, start);
        return e;
    }
    if ((!strcmp(u, "DATE_ADD") || !strcmp(u, "DATE_SUB") || !strcmp(u, "ADDDATE") || !strcmp(u, "SUBDATE"))) {
        pl_expr *d = expr(p);
        expect_op(p, ',');
        pl_expr *iv;
        if (is_kw(p, "INTERVAL")) { const char *s = p->t.start; next(p); iv = interval_expr(p, s); }
        else if (!strcmp(u, "DATE_ADD") || !strcmp(u, "DATE_SUB")) syntax_error(p);
        else {   /* ADDDATE(d, n): days */
            iv = mk(p, E_INTERVAL, p->t.start);
            iv->args = alloc(p, sizeof(pl_expr *));
            iv->args[0] = expr(p); iv->nargs = 1; iv->s = "DAY";
        }
        expect_op(p, ')');
        e->s = (!strcmp(u, "DATE_SUB") || !strcmp(u, "SUBDATE")) ? "DATE_SUB" : "DATE_ADD";
        e->args = alloc(p, 2 * sizeof(pl_expr *));
        e->args[0] = d; e->args[1] = iv; e->nargs = 2;
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "TIMESTAMPDIFF") || !strcmp(u, "TIMESTAMPADD")) {
        pl_expr *unit = mk(p, E_STRING, p->t.start);
        unit->s = interval_unit(p); unit->slen = strlen(unit->s);
        expect_op(p, ',');
        pl_expr *a = expr(p);
        expect_op(p, ',');
        pl_expr *b = expr(p);
        expect_op(p, ')');
        if (!strcmp(u, "TIMESTAMPADD")) {   /* DATE_ADD(b, INTERVAL a unit), as MariaDB */
            pl_expr *iv = mk(p, E_INTERVAL, unit->start);
            iv->args = alloc(p, sizeof(pl_expr *));
            iv->args[0] = a; iv->nargs = 1; iv->s = unit->s;
            e->s = "DATE_ADD";
            e->args = alloc(p, 2 * sizeof(pl_expr *));
            e->args[0] = b; e->args[1] = iv; e->nargs = 2;
            set_src(p, e, start);
            return e;
        }
        e->args = alloc(p, 3 * sizeof(pl_expr *));
        e->args[0] = unit; e->args[1] = a; e->args[2] = b; e->nargs = 3;
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "GET_FORMAT")) {   /* GET_FORMAT(DATE|TIME|DATETIME|TIMESTAMP, 'EUR') */
        pl_expr *kind = mk(p, E_STRING, p->t.start);
        if (is_kw(p, "DATE") || is_kw(p, "TIME") || is_kw(p, "DATETIME") || is_kw(p, "TIMESTAMP")) {
            kind->s = is_kw(p, "DATE") ? "DATE" : is_kw(p, "TIME") ? "TIME" : "DATETIME";
            kind->slen = strlen(kind->s);
            next(p);
        } else syntax_error(p);
        expect_op(p, ',');
        pl_expr *a = expr(p);
        expect_op(p, ')');
        e->args = alloc(p, 2 * sizeof(pl_expr *));
        e->args[0] = kind; e->args[1] = a; e->nargs = 2;
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "CHAR")) {
        vec v = { 0 };
        do vpush(p, &v, expr(p)); while (accept_op(p, ','));
        if (accept_kw(p, "USING")) e->coll = using_charset(p);   /* (its bytes read in that charset) */
        expect_op(p, ')');
        e->args = (pl_expr **)v.v; e->nargs = v.n;
        set_src(p, e, start);
        return e;
    }
    if (!strcmp(u, "MATCH")) {
        int n;
        if (is_op(p, ')')) syntax_error(p);   /* (MATCH (): MariaDB's grammar wants a column) */
        pl_expr **cols = arglist(p, &n);
        expect_kw(p, "AGAINST");
        expect_op(p, '(');
        pl_expr *q = bitor_expr(p);
        int mode = 0;
        if (accept_kw(p, "IN")) {
            if (accept_kw(p, "BOOLEAN")) { expect_kw(p, "MODE"); mode = 1; }
            else { expect_kw(p, "NATURAL"); expect_kw(p, "LANGUAGE"); expect_kw(p, "MODE"); }
        } else if (accept_kw(p, "WITH")) { expect_kw(p, "QUERY"); expect_kw(p, "EXPANSION"); mode = 2; }
        expect_op(p, ')');
        e->args = alloc(p, (size_t)(n + 1) * sizeof(pl_expr *));
        e->args[0] = q;
        memcpy(e->args + 1, cols, (size_t)n * sizeof(pl_expr *));
        e->nargs = n + 1;
        e->ival = mode;
        set_src(p, e, start);
        return e;
    }
    for (int i = 0; fixed_args[i].name; i++) {
        if (strcmp(u, fixed_args[i].name)) continue;
        /* a function of MariaDB's grammar: a wrong argument count is a syntax error at
           the ')' that comes too early or after the ',' one too many */
        int min = fixed_args[i].min, max = fixed_args[i].max;
        vec v = { 0 };
        if (!is_op(p, ')')) {
            if (max == 0) syntax_error(p);
            for (;;) {
                vpush(p, &v, expr(p));
                if (!is_op(p, ',')) break;
                if (max >= 0 && v.n >= max) syntax_error_near(p, p->t.start + 1);
                next(p);
            }
        }
        if (v.n < min) syntax_error(p);
        expect_op(p, ')');
        e->args = (pl_expr **)v.v; e->nargs = v.n;
        set_src(p, e, start);
        return e;
    }
    e->args = arglist(p, &e->nargs);
    set_src(p, e, start);
    return e;
}

/* Functions that may be written without parentheses. */
static const char *const niladic[] = {
    "CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME", "LOCALTIME", "LOCALTIMESTAMP",
    "UTC_TIMESTAMP", "UTC_DATE", "UTC_TIME", "CURRENT_USER", "CURRENT_ROLE", NULL
};

static pl_expr *primary(P *p);

/* A value of an INSERT's VALUES row. A literal or NULL alone (a dump's rows) is read as
 * primary reads it, without the descent through every operator level (each of which
 * looks for its keywords first). */
static bool lit_alone(P *p)
{
    int k = p->t.kind;
    if (k == TK_INT || k == TK_DECIMAL || k == TK_FLOAT || k == TK_STRING || is_kw(p, "NULL")) {
        const pl_token *nx = peek(p);
        return nx->kind == TK_OP && (nx->op == ',' || nx->op == ')');
    }
    return false;
}

static pl_expr *row_value(P *p)
{
    return lit_alone(p) ? primary(p) : expr(p);
}

/* The literal lit_alone found, as primary would make its node (without the node). */
static void read_lit(P *p, pl_lit *l)
{
    int k = p->t.kind;
    l->start = p->t.start;
    l->kind = k == TK_INT ? E_INT : k == TK_DECIMAL ? E_DECIMAL : k == TK_FLOAT ? E_FLOAT : k == TK_STRING ? E_STRING : E_NULL;
    l->s = l->kind == E_NULL ? NULL : p->t.val;
    l->slen = l->kind == E_NULL ? 0 : (uint32_t)p->t.vlen;
    l->coll = k == TK_STRING ? p->t.introducer : 0;
    l->hex = k == TK_STRING && p->t.hex;
    next(p);
    pl_expr tmp;
    set_src(p, &tmp, l->start);
    l->srclen = (uint32_t)tmp.srclen;
}

static pl_expr *lit_node(stor_arena *a, const pl_lit *l)
{
    pl_expr *e = stor_arena_alloc(a, sizeof *e);
    memset(e, 0, sizeof *e);
    e->kind = l->kind;
    e->s = (char *)l->s;
    e->slen = l->slen;
    e->coll = l->coll;
    e->start = l->start;
    e->srclen = l->srclen;
    return e;
}

pl_expr **pl_insert_row(const pl_stmt *s, int r, stor_arena *a)
{
    if (!s->lrows || !s->lrows[r]) return s->rows[r];
    pl_expr **row = stor_arena_alloc(a, (size_t)(s->rowlen ? s->rowlen : 1) * sizeof *row);
    for (int i = 0; i < s->rowlen; i++) row[i] = lit_node(a, &s->lrows[r][i]);
    return row;
}

/* A row of literals read by the lexer straight from the text (pl_lex_lit_row), the
 * current token being its first value; the closing ')' is then the current token. A dump's
 * rows are nearly all such, and the tokens cost three times as much. */
static bool lit_row(P *p, int hint, pl_lit **lits, int *nl)
{
    if (p->has_nx || !p->t.start) return false;
    for (int cap = hint > 0 ? hint : 16; cap <= 65536; cap *= 4) {
        pl_lit *v = stor_arena_alloc(p->a, (size_t)cap * sizeof *v);
        const char *close;
        int n = pl_lex_lit_row(&p->lx, p->t.start, v, cap, &close);
        if (n == -1) return false;
        if (n == -2) continue;
        p->lx.p = close;
        p->t.start = NULL;   /* (next() takes prev_end from it) */
        p->prev_end = v[n - 1].start + v[n - 1].srclen;
        next(p);
        *lits = v;
        *nl = n;
        return true;
    }
    return false;
}

/* One row of VALUES: its nodes in *r, or (compact, while every value is a literal) its
 * literals in *lits (*nl of them). */
static void values_row(P *p, bool compact, int hint, vec *r, pl_lit **lits, int *nl)
{
    int cap = 0;
    *lits = NULL;
    *nl = 0;
    if (is_op(p, ')')) return;
    if (compact && p->t.kind != TK_OP && lit_row(p, hint, lits, nl)) return;
    do {
        if (compact && !r->n && lit_alone(p)) {
            if (*nl == cap) {
                cap = cap ? cap * 2 : (hint > 0 ? hint : 8);
                pl_lit *nv = stor_arena_alloc(p->a, (size_t)cap * sizeof *nv);
                if (*nl) memcpy(nv, *lits, (size_t)*nl * sizeof *nv);
                *lits = nv;
            }
            read_lit(p, &(*lits)[(*nl)++]);
            continue;
        }
        for (int i = 0; i < *nl; i++) vpush(p, r, lit_node(p->a, &(*lits)[i]));
        *nl = 0;
        *lits = NULL;
        vpush(p, r, row_value(p));
    } while (accept_op(p, ','));
}

static void sp_ref(P *p, pl_expr *e);

static pl_expr *primary(P *p)
{
    check_stack(p);
    const char *start = p->t.start;
    pl_expr *e;
    switch (p->t.kind) {
    case TK_INT: case TK_DECIMAL: case TK_FLOAT:
        e = mk(p, p->t.kind == TK_INT ? E_INT : p->t.kind == TK_DECIMAL ? E_DECIMAL : E_FLOAT, start);
        e->s = p->t.val; e->slen = p->t.vlen;
        next(p);
        set_src(p, e, start);
        return e;
    case TK_STRING: {
        e = mk(p, E_STRING, start);
        e->s = p->t.val; e->slen = p->t.vlen; e->coll = p->t.introducer; e->ival = p->t.hex;
        next(p);
        /* adjacent literals concatenate: 'a' 'b' */
        while (p->t.kind == TK_STRING && !p->t.introducer) {
            char *s = stor_arena_alloc(p->a, e->slen + p->t.vlen + 1);
            memcpy(s, e->s, e->slen); memcpy(s + e->slen, p->t.val, p->t.vlen);
            e->slen += p->t.vlen; s[e->slen] = 0; e->s = s;
            next(p);
        }
        set_src(p, e, start);
        return e;
    }
    case TK_HEX: case TK_BIT:
        e = mk(p, E_HEX, start);
        e->s = p->t.val; e->slen = p->t.vlen;
        e->ival = p->t.kind == TK_BIT ? 1 : p->t.start[0] == '0' ? 2 : 0;
        next(p);
        set_src(p, e, start);
        return e;
    case TK_PARAM:
        e = mk(p, E_PARAM, start);
        e->ival = p->nparams++;
        next(p);
        set_src(p, e, start);
        return e;
    case TK_USERVAR:
        e = mk(p, E_USERVAR, start);
        e->s = p->t.val; e->slen = p->t.vlen;
        next(p);
        if (accept_op(p, OP_ASSIGN)) {   /* @a := expr */
            pl_expr *f = mk(p, E_FUNC, start);
            f->s = "SET_USERVAR";
            f->args = alloc(p, 2 * sizeof(pl_expr *));
            f->args[0] = e; f->args[1] = expr(p); f->nargs = 2;
            set_src(p, f, start);
            return f;
        }
        set_src(p, e, start);
        return e;
    case TK_SYSVAR: {
        e = mk(p, E_SYSVAR, start);
        char *v = p->t.val;
        char *dot = strchr(v, '.');
        if (dot) {
            size_t n = (size_t)(dot - v);
            if ((n == 7 && !strncasecmp(v, "session", 7)) || (n == 6 && !strncasecmp(v, "global", 6)) ||
                (n == 5 && !strncasecmp(v, "local", 5))) {
                e->db = stor_arena_strndup(p->a, v, n);
                v = dot + 1;
            }
        }
        e->s = v; e->slen = strlen(v);
        next(p);
        set_src(p, e, start);
        return e;
    }
    case TK_OP:
        if (p->t.op == '(') {
            if (paren_select_ahead(p)) {
                pl_token *n = peek(p);
                if (n->kind == TK_OP) goto paren_expr;  /* ((... : could be either; try expr */
                next(p);
                e = mk(p, E_SUBQUERY, start);
                e->sub = select_stmt(p);
                expect_op(p, ')');
                set_src(p, e, start);
                return e;
            }
paren_expr:
            next(p);
            if (starts_select(p)) {
                e = mk(p, E_SUBQUERY, start);
                e->sub = select_stmt(p);
                expect_op(p, ')');
                set_src(p, e, start);
                return e;
            }
            e = expr(p);
            if (e->kind == E_SUBQUERY && !e->sub->next &&
                (is_kw(p, "UNION") || is_kw(p, "EXCEPT") || is_kw(p, "INTERSECT"))) {
                /* ((SELECT ...) UNION SELECT ...): a query expression */
                e->sub->parens = true;
                pl_expr *q = mk(p, E_SUBQUERY, start);
                q->sub = union_rest(p, e->sub);
                expect_op(p, ')');
                set_src(p, q, start);
                return q;
            }
            if (is_op(p, ',')) {
                vec v = { 0 };
                vpush(p, &v, e);
                while (accept_op(p, ',')) vpush(p, &v, expr(p));
                expect_op(p, ')');
                pl_expr *r = mk(p, E_ROW, start);
                r->args = (pl_expr **)v.v; r->nargs = v.n;
                set_src(p, r, start);
                return r;
            }
            expect_op(p, ')');
            /* keep the parenthesised text as the expression's source (column naming) */
            set_src(p, e, start);
            return e;
        }
        if (p->t.op == '*') {
            e = mk(p, E_STAR, start);
            next(p);
            set_src(p, e, start);
            return e;
        }
        if (p->t.op == '{') {   /* ODBC escapes: { d '...' } etc. */
            next(p);
            ident(p);
            e = expr(p);
            expect_op(p, '}');
            return e;
        }
        syntax_error(p);
    case TK_IDENT: case TK_QIDENT:
        break;
    default:
        syntax_error(p);
    }

    if (p->t.kind == TK_IDENT) {
        if (is_kw(p, "NULL")) { next(p); e = mk(p, E_NULL, start); set_src(p, e, start); return e; }
        if (is_kw(p, "TRUE") || is_kw(p, "FALSE")) {
            e = mk(p, E_BOOL, start);
            e->ival = is_kw(p, "TRUE");
            next(p);
            set_src(p, e, start);
            return e;
        }
        if (is_kw(p, "DEFAULT") && !(peek(p)->kind == TK_OP && peek(p)->op == '(')) {
            next(p); e = mk(p, E_DEFAULT, start); set_src(p, e, start); return e;
        }
        if (is_kw(p, "CASE")) {
            next(p);
            e = mk(p, E_CASE, start);
            vec v = { 0 };
            if (!is_kw(p, "WHEN")) { e->has_operand = true; vpush(p, &v, expr(p)); }
            while (accept_kw(p, "WHEN")) {
                vpush(p, &v, expr(p));
                expect_kw(p, "THEN");
                vpush(p, &v, expr(p));
            }
            if (accept_kw(p, "ELSE")) { e->has_else = true; vpush(p, &v, expr(p)); }
            expect_kw(p, "END");
            e->args = (pl_expr **)v.v; e->nargs = v.n;
            set_src(p, e, start);
            return e;
        }
        if (is_kw(p, "EXISTS")) {
            next(p);
            expect_op(p, '(');
            e = mk(p, E_EXISTS, start);
            e->sub = select_stmt(p);
            expect_op(p, ')');
            set_src(p, e, start);
            return e;
        }
        if (is_kw(p, "INTERVAL")) {
            next(p);
            if (is_op(p, '(')) {
                /* INTERVAL(N, N1, ...) is a function; INTERVAL (n) unit an interval */
                next(p);
                e = func_call(p, "INTERVAL", start);
                bool unit = false;
                for (int i = 0; interval_units[i]; i++) if (is_kw(p, interval_units[i])) unit = true;
                if (e->nargs != 1 || !unit) {
                    if (e->nargs < 2) syntax_error(p);
                    return e;
                }
                pl_expr *iv = mk(p, E_INTERVAL, start);
                iv->args = alloc(p, sizeof(pl_expr *));
                iv->args[0] = e->args[0]; iv->nargs = 1;
                iv->s = interval_unit(p);
                set_src(p, iv, start);
                return iv;
            }
            return interval_expr(p, start);
        }
        if (is_kw(p, "BINARY") && !(peek(p)->kind == TK_OP && peek(p)->op == '(')) {
            next(p);
            e = mk(p, E_CAST, start);
            e->cast.type = CT_VARBINARY; e->cast.len = e->cast.scale = -1;
            e->args = alloc(p, sizeof(pl_expr *));
            e->args[0] = primary(p); e->nargs = 1;
            set_src(p, e, start);
            return e;
        }
        if ((is_kw(p, "DATE") || is_kw(p, "TIMESTAMP") || is_kw(p, "TIME")) && peek(p)->kind == TK_STRING) {
            pl_cast c = { .len = -1, .scale = -1 };
            c.type = is_kw(p, "DATE") ? CT_DATE : is_kw(p, "TIME") ? CT_TIME : CT_DATETIME;
            next(p);
            if (c.type != CT_DATE) {   /* TIME'..' / TIMESTAMP'..' keep the digits the literal has */
                const char *dot = memchr(p->t.val, '.', strlen(p->t.val));
                int k = 0;
                if (dot) while (dot[1 + k] >= '0' && dot[1 + k] <= '9') k++;
                if (k) c.len = k > 6 ? 6 : k;
            }
            e = mk(p, E_CAST, start);
            e->cast = c;
            e->args = alloc(p, sizeof(pl_expr *));
            e->args[0] = primary(p); e->nargs = 1;
            set_src(p, e, start);
            return e;
        }
        if (is_kw(p, "ROW") && peek(p)->kind == TK_OP && peek(p)->op == '(') {
            next(p);
            return primary(p);
        }
        for (int i = 0; niladic[i]; i++) {
            if (is_kw(p, niladic[i])) {
                char *name = p->t.val;
                next(p);
                if (accept_op(p, '(')) return func_call(p, name, start);
                e = mk(p, E_FUNC, start);
                e->s = stor_arena_strndup(p->a, niladic[i], strlen(niladic[i]));
                set_src(p, e, start);
                return e;
            }
        }
        /* NEXT VALUE FOR seq, PREVIOUS VALUE FOR seq: NEXTVAL(seq), LASTVAL(seq) */
        if ((is_kw(p, "NEXT") || is_kw(p, "PREVIOUS")) && peek(p)->kind == TK_IDENT && !strcasecmp(peek(p)->val, "VALUE")) {
            bool nx = is_kw(p, "NEXT");
            next(p); next(p);
            expect_kw(p, "FOR");
            pl_expr *col = mk(p, E_COLUMN, p->t.start);
            char *db = NULL, *name;
            table_name(p, &db, &name);
            col->tbl = db; col->s = name; col->slen = strlen(name);
            set_src(p, col, col->start);
            e = mk(p, E_FUNC, start);
            e->s = nx ? "NEXTVAL" : "LASTVAL";
            e->args = alloc(p, sizeof(pl_expr *));
            e->args[0] = col; e->nargs = 1;
            set_src(p, e, start);
            if (nx) p->seq_write = true;
            return e;
        }
        /* reserved words that are also functions */
        pl_token *n = peek(p);
        if (n->kind == TK_OP && n->op == '(' && (is_kw(p, "VALUES") || is_kw(p, "VALUE"))) {
            /* VALUES(col) / VALUE(col): a column name only; VALUES( outside ON DUPLICATE
               KEY UPDATE starts a table value constructor instead */
            if (!p->in_odku && is_kw(p, "VALUES")) syntax_error(p);
            next(p); next(p);
            if (!(p->t.kind == TK_QIDENT || (p->t.kind == TK_IDENT && !pl_is_reserved(p->t.val, p->t.vlen)))) syntax_error(p);
            pl_expr *col = primary(p);
            if (col->kind != E_COLUMN) syntax_error(p);
            expect_op(p, ')');
            e = mk(p, E_FUNC, start);
            e->s = "VALUES";
            e->args = alloc(p, sizeof(pl_expr *));
            e->args[0] = col; e->nargs = 1;
            set_src(p, e, start);
            return e;
        }
        if (n->kind == TK_OP && n->op == '(' &&
            (is_kw(p, "IF") || is_kw(p, "LEFT") || is_kw(p, "RIGHT") || is_kw(p, "REPLACE") ||
             is_kw(p, "INSERT") || is_kw(p, "MOD") || is_kw(p, "CHAR") || is_kw(p, "CONVERT") ||
             is_kw(p, "DATABASE") || is_kw(p, "SCHEMA") || is_kw(p, "REPEAT") || is_kw(p, "MATCH") ||
             is_kw(p, "VALUES") || is_kw(p, "UTC_TIMESTAMP") || is_kw(p, "CURRENT_USER") ||
             is_kw(p, "LOCALTIME") || is_kw(p, "INTERVAL") || is_kw(p, "ROW_NUMBER") ||
             is_kw(p, "TRUNCATE") || is_kw(p, "DAY_HOUR") || is_kw(p, "YEAR_MONTH"))) {
            char *name = p->t.val;
            if (is_kw(p, "SCHEMA")) name = "DATABASE";
            if (is_kw(p, "VALUES")) name = "VALUES";
            next(p); next(p);
            return func_call(p, name, start);
        }
    }
    /* identifier: function call or column reference */
    char *name;
    if (p->t.kind == TK_IDENT) {
        pl_token *n = peek(p);
        if (n->kind == TK_OP && n->op == '(') {
            name = p->t.val;
            next(p); next(p);
            return func_call(p, name, start);
        }
    }
    name = ident(p);
    e = mk(p, E_COLUMN, start);
    e->s = name;
    if (accept_op(p, '.')) {
        if (is_op(p, '*')) { next(p); e->kind = E_STAR; e->tbl = name; e->s = NULL; set_src(p, e, start); return e; }
        /* after a dot any word is an identifier, even a reserved one */
        char *second;
        if (p->t.kind == TK_IDENT || p->t.kind == TK_QIDENT) { second = p->t.val; next(p); }
        else syntax_error(p);
        if (is_op(p, '(')) {   /* db.function(...): a stored function of that database */
            next(p);
            pl_expr *f = func_call(p, second, start);
            f->db = name;
            f->tbl = second;
            return f;
        }
        if (accept_op(p, '.')) {
            if (is_op(p, '*')) { next(p); e->kind = E_STAR; e->db = name; e->tbl = second; e->s = NULL; set_src(p, e, start); return e; }
            char *third;
            if (p->t.kind == TK_IDENT || p->t.kind == TK_QIDENT) { third = p->t.val; next(p); }
            else syntax_error(p);
            e->db = name; e->tbl = second; e->s = third;
        } else {
            e->tbl = name; e->s = second;
        }
    }
    e->slen = strlen(e->s);
    set_src(p, e, start);
    if (p->in_sp) sp_ref(p, e);
    return e;
}

static pl_expr *collate_expr(P *p)
{
    const char *start = p->t.start;
    pl_expr *e = primary(p);
    while (is_kw(p, "COLLATE")) {
        next(p);
        pl_expr *c = mk(p, E_COLLATE, start);
        c->args = alloc(p, sizeof(pl_expr *));
        c->args[0] = e; c->nargs = 1;
        c->s = ident_or_string(p);
        set_src(p, c, start);
        e = c;
    }
    /* MariaDB 10.11 has no JSON arrows: it reads '-' and then fails at the '>' */
    if (is_op(p, OP_ARROW) || is_op(p, OP_ARROW2)) syntax_error_near(p, p->t.start + 1);
    while (is_op(p, OP_ARROW) || is_op(p, OP_ARROW2)) {
        bool unq = is_op(p, OP_ARROW2);
        next(p);
        pl_expr *path = primary(p);
        pl_expr *f = mk(p, E_FUNC, start);
        f->s = "JSON_EXTRACT";
        f->args = alloc(p, 2 * sizeof(pl_expr *));
        f->args[0] = e; f->args[1] = path; f->nargs = 2;
        set_src(p, f, start);
        e = f;
        if (unq) {
            pl_expr *u = mk(p, E_FUNC, start);
            u->s = "JSON_UNQUOTE";
            u->args = alloc(p, sizeof(pl_expr *));
            u->args[0] = e; u->nargs = 1;
            set_src(p, u, start);
            e = u;
        }
    }
    return e;
}

static pl_expr *unary(P *p)
{
    check_stack(p);
    const char *start = p->t.start;
    if (is_op(p, '-') || is_op(p, '+') || is_op(p, '~') || is_op(p, '!')) {
        int op = p->t.op;
        next(p);
        pl_expr *x = unary(p);
        if (op == '+') return x;
        /* fold -literal into the literal so -9223372036854775808 is one number */
        if (op == '-' && (x->kind == E_INT || x->kind == E_DECIMAL || x->kind == E_FLOAT) && x->s[0] != '-') {
            char *s = stor_arena_alloc(p->a, x->slen + 2);
            s[0] = '-'; memcpy(s + 1, x->s, x->slen + 1);
            x->s = s; x->slen++;
            set_src(p, x, start);
            return x;
        }
        pl_expr *e = mk(p, E_UNARY, start);
        e->op = op;
        e->args = alloc(p, sizeof(pl_expr *));
        e->args[0] = x; e->nargs = 1;
        set_src(p, e, start);
        return e;
    }
    return collate_expr(p);
}

static pl_expr *bitxor_expr(P *p)
{
    pl_expr *l = unary(p);
    while (is_op(p, '^')) { next(p); l = mkbin(p, BO_BITXOR, l, unary(p)); }
    return l;
}

static pl_expr *mul_expr(P *p)
{
    pl_expr *l = bitxor_expr(p);
    for (;;) {
        int op;
        if (is_op(p, '*')) op = BO_MUL;
        else if (is_op(p, '/')) op = BO_DIV;
        else if (is_op(p, '%') || is_kw(p, "MOD")) op = BO_MOD;
        else if (is_kw(p, "DIV")) op = BO_IDIV;
        else return l;
        next(p);
        l = mkbin(p, op, l, bitxor_expr(p));
    }
}

static pl_expr *add_expr(P *p)
{
    pl_expr *l = mul_expr(p);
    for (;;) {
        if (l->kind == E_INTERVAL) {   /* INTERVAL n unit + d */
            if (!is_op(p, '+')) syntax_error(p);
            next(p);
            pl_expr *d = mul_expr(p);
            pl_expr *f = mk(p, E_FUNC, l->start);
            f->s = "DATE_ADD";
            f->args = alloc(p, 2 * sizeof(pl_expr *));
            f->args[0] = d; f->args[1] = l; f->nargs = 2;
            set_src(p, f, l->start);
            l = f;
            continue;
        }
        int op;
        if (is_op(p, '+')) op = BO_ADD;
        else if (is_op(p, '-')) op = BO_SUB;
        else return l;
        next(p);
        if (is_kw(p, "INTERVAL")) {   /* d + INTERVAL n unit */
            const char *s = p->t.start;
            next(p);
            pl_expr *iv = interval_expr(p, s);
            pl_expr *f = mk(p, E_FUNC, l->start);
            f->s = op == BO_ADD ? "DATE_ADD" : "DATE_SUB";
            f->args = alloc(p, 2 * sizeof(pl_expr *));
            f->args[0] = l; f->args[1] = iv; f->nargs = 2;
            set_src(p, f, l->start);
            l = f;
            continue;
        }
        l = mkbin(p, op, l, mul_expr(p));
    }
}

static pl_expr *shift_expr(P *p)
{
    pl_expr *l = add_expr(p);
    for (;;) {
        if (is_op(p, OP_SHL)) { next(p); l = mkbin(p, BO_SHL, l, add_expr(p)); }
        else if (is_op(p, OP_SHR)) { next(p); l = mkbin(p, BO_SHR, l, add_expr(p)); }
        else return l;
    }
}

static pl_expr *bitand_expr(P *p)
{
    pl_expr *l = shift_expr(p);
    while (is_op(p, '&')) { next(p); l = mkbin(p, BO_BITAND, l, shift_expr(p)); }
    return l;
}

static pl_expr *bitor_expr(P *p)
{
    pl_expr *l = bitand_expr(p);
    while (is_op(p, '|')) { next(p); l = mkbin(p, BO_BITOR, l, bitand_expr(p)); }
    return l;
}

static int cmp_op(P *p)
{
    if (p->t.kind != TK_OP) return 0;
    switch (p->t.op) {
    case '=': return BO_EQ;
    case OP_NE: return BO_NE;
    case '<': return BO_LT;
    case OP_LE: return BO_LE;
    case '>': return BO_GT;
    case OP_GE: return BO_GE;
    case OP_NSEQ: return BO_NSEQ;
    }
    return 0;
}

/* MariaDB refuses a row limit in the subquery of IN / ALL / ANY / SOME (1235). */
static void no_subquery_limit(P *p, const pl_select *s)
{
    for (const pl_select *m = s; m; m = m->next)
        if (m->limit || m->u_limit)
            p_error(p, 1235, "42000", "This version of MariaDB doesn't yet support 'LIMIT & IN/ALL/ANY/SOME subquery'");
}

/* MariaDB's grammar: a comparison's right side is a predicate (bit_expr with at most one
 * [NOT] IN / LIKE / REGEXP / BETWEEN / SOUNDS LIKE), so `a < b IN (..)` is a < (b IN (..))
 * and `a BETWEEN x AND y = z` is (a BETWEEN x AND y) = z. one: parse just such a predicate. */
static pl_expr *pred_ex(P *p, bool one)
{
    const char *start = p->t.start;
    pl_expr *l = bitor_expr(p);
    for (;;) {
        int op = cmp_op(p);
        if (op) {
            if (one) return l;
            next(p);
            if (is_kw(p, "ANY") || is_kw(p, "SOME") || is_kw(p, "ALL")) {
                bool all = is_kw(p, "ALL");
                next(p);
                expect_op(p, '(');
                if (l->kind == E_ROW && ((op == BO_EQ && !all) || (op == BO_NE && all))) {
                    /* (a, b) = ANY (SELECT ..) is IN, (a, b) <> ALL (..) NOT IN */
                    pl_expr *e = mk(p, E_INSUB, start);
                    e->sub = select_stmt(p);
                    no_subquery_limit(p, e->sub);
                    e->args = alloc(p, sizeof(pl_expr *));
                    e->args[0] = l; e->nargs = 1;
                    e->negated = all;
                    expect_op(p, ')');
                    set_src(p, e, start);
                    l = e;
                    continue;
                }
                pl_expr *e = mk(p, E_FUNC, start);
                e->s = all ? "ALL_SUBQ" : "ANY_SUBQ";
                e->op = op;
                e->args = alloc(p, sizeof(pl_expr *));
                e->args[0] = l; e->nargs = 1;
                e->sub = select_stmt(p);
                no_subquery_limit(p, e->sub);
                expect_op(p, ')');
                set_src(p, e, start);
                l = e;
                continue;
            }
            l = mkbin(p, op, l, pred_ex(p, true));
            continue;
        }
        if (is_kw(p, "IS")) {
            if (one) return l;
            next(p);
            bool neg = accept_kw(p, "NOT");
            pl_expr *e;
            if (accept_kw(p, "NULL")) e = mk(p, E_ISNULL, start);
            else {
                e = mk(p, E_IS, start);
                if (accept_kw(p, "TRUE")) e->ival = 1;
                else if (accept_kw(p, "FALSE")) e->ival = 0;
                else if (accept_kw(p, "UNKNOWN")) e->ival = -1;
                else syntax_error(p);
            }
            e->negated = neg;
            e->args = alloc(p, sizeof(pl_expr *));
            e->args[0] = l; e->nargs = 1;
            set_src(p, e, start);
            l = e;
            continue;
        }
        bool neg = false;
        if (is_kw(p, "NOT")) {
            pl_token *n = peek(p);
            if (is_word(n, "LIKE") || is_word(n, "IN") || is_word(n, "BETWEEN") ||
                is_word(n, "REGEXP") || is_word(n, "RLIKE")) { next(p); neg = true; }
            else return l;
        }
        if (accept_kw(p, "LIKE")) {
            pl_expr *e = mk(p, E_LIKE, start);
            e->negated = neg;
            e->args = alloc(p, 3 * sizeof(pl_expr *));
            e->args[0] = l; e->args[1] = bitor_expr(p); e->nargs = 2;
            if (accept_kw(p, "ESCAPE")) { e->args[2] = primary(p); e->nargs = 3; }
            set_src(p, e, start);
            l = e;
            if (one) return l;
            continue;
        }
        if (accept_kw(p, "REGEXP") || accept_kw(p, "RLIKE")) {
            pl_expr *e = mk(p, E_REGEXP, start);
            e->negated = neg;
            e->args = alloc(p, 2 * sizeof(pl_expr *));
            e->args[0] = l; e->args[1] = bitor_expr(p); e->nargs = 2;
            set_src(p, e, start);
            l = e;
            if (one) return l;
            continue;
        }
        if (accept_kw(p, "IN")) {
            expect_op(p, '(');
            pl_expr *e;
            if (starts_select(p)) {
                e = mk(p, E_INSUB, start);
                e->sub = select_stmt(p);
                no_subquery_limit(p, e->sub);
                e->args = alloc(p, sizeof(pl_expr *));
                e->args[0] = l; e->nargs = 1;
                expect_op(p, ')');
            } else {
                e = mk(p, E_IN, start);
                vec v = { 0 };
                vpush(p, &v, l);
                do {
                    pl_expr *x = expr(p);
                    if (v.n == 1 && x->kind == E_SUBQUERY && !x->sub->next &&
                        (is_kw(p, "UNION") || is_kw(p, "EXCEPT") || is_kw(p, "INTERSECT"))) {
                        x->sub->parens = true;   /* IN ((SELECT ...) UNION ...) */
                        x->sub = union_rest(p, x->sub);
                    }
                    vpush(p, &v, x);
                } while (accept_op(p, ','));
                expect_op(p, ')');
                e->args = (pl_expr **)v.v; e->nargs = v.n;
                if (v.n == 2 && e->args[1]->kind == E_SUBQUERY) {
                    /* x IN ((SELECT ...)): the parenthesised query is the IN subquery */
                    e->kind = E_INSUB;
                    e->sub = e->args[1]->sub;
                    e->nargs = 1;
                    no_subquery_limit(p, e->sub);
                }
            }
            e->negated = neg;
            set_src(p, e, start);
            l = e;
            if (one) return l;
            continue;
        }
        if (accept_kw(p, "BETWEEN")) {
            pl_expr *e = mk(p, E_BETWEEN, start);
            e->negated = neg;
            e->args = alloc(p, 3 * sizeof(pl_expr *));
            e->args[0] = l;
            e->args[1] = bitor_expr(p);
            expect_kw(p, "AND");
            e->args[2] = pred_ex(p, true);
            e->nargs = 3;
            set_src(p, e, start);
            l = e;
            if (one) return l;
            continue;
        }
        if (neg) syntax_error(p);
        if (is_kw(p, "SOUNDS")) {
            next(p); expect_kw(p, "LIKE");
            l = mkbin(p, BO_EQ, l, bitor_expr(p));
            if (one) return l;
            continue;
        }
        return l;
    }
}

static pl_expr *pred(P *p) { return pred_ex(p, false); }

static pl_expr *not_expr(P *p)
{
    check_stack(p);
    const char *start = p->t.start;
    if (is_kw(p, "NOT")) {
        next(p);
        pl_expr *e = mk(p, E_UNARY, start);
        e->op = '!';
        e->args = alloc(p, sizeof(pl_expr *));
        e->args[0] = not_expr(p); e->nargs = 1;
        set_src(p, e, start);
        return e;
    }
    return pred(p);
}

static pl_expr *and_expr(P *p)
{
    pl_expr *l = not_expr(p);
    while (is_kw(p, "AND") || is_op(p, OP_ANDAND)) { next(p); l = mkbin(p, BO_AND, l, not_expr(p)); }
    return l;
}

static pl_expr *xor_expr(P *p)
{
    pl_expr *l = and_expr(p);
    while (is_kw(p, "XOR")) { next(p); l = mkbin(p, BO_XOR, l, and_expr(p)); }
    return l;
}

static pl_expr *or_expr(P *p)
{
    pl_expr *l = xor_expr(p);
    for (;;) {
        if (is_kw(p, "OR")) { next(p); l = mkbin(p, BO_OR, l, xor_expr(p)); }
        else if (is_op(p, OP_OROR)) {
            next(p);
            if (p->o && p->o->pipes_as_concat) {
                pl_expr *f = mk(p, E_FUNC, l->start);
                f->s = "CONCAT";
                f->args = alloc(p, 2 * sizeof(pl_expr *));
                f->args[0] = l; f->args[1] = xor_expr(p); f->nargs = 2;
                set_src(p, f, l->start);
                l = f;
            } else l = mkbin(p, BO_OR, l, xor_expr(p));
        } else return l;
    }
}

static pl_expr *expr(P *p)
{
    const char *start = p->t.start;
    pl_expr *e = or_expr(p);
    if (is_op(p, OP_ASSIGN) && e->kind == E_USERVAR) {
        next(p);
        pl_expr *f = mk(p, E_FUNC, start);
        f->s = "SET_USERVAR";
        f->args = alloc(p, 2 * sizeof(pl_expr *));
        f->args[0] = e; f->args[1] = expr(p); f->nargs = 2;
        set_src(p, f, start);
        return f;
    }
    return e;
}

/* ---------------------------------------------------------------- SELECT */

static pl_order *order_list(P *p, int *n)
{
    vec v = { 0 };
    do {
        pl_order *o = alloc(p, sizeof *o);
        o->e = expr(p);
        if (accept_kw(p, "DESC")) o->desc = true;
        else accept_kw(p, "ASC");
        vpush(p, &v, o);
    } while (accept_op(p, ','));
    pl_order *arr = alloc(p, (size_t)v.n * sizeof *arr);
    for (int i = 0; i < v.n; i++) arr[i] = *(pl_order *)v.v[i];
    *n = v.n;
    return arr;
}

/* A LIMIT / OFFSET count: MariaDB's grammar takes an integer literal or '?' only (a
 * bare name would be a stored program's variable). */
static pl_expr *limit_count(P *p)
{
    if (p->t.kind == TK_INT || p->t.kind == TK_PARAM) return primary(p);
    if ((p->t.kind == TK_IDENT && !pl_is_reserved(p->t.val, p->t.vlen)) || p->t.kind == TK_QIDENT)
        p_error(p, 1327, "42000", "Undeclared variable: %s", p->t.val);
    syntax_error(p);
}

static void limit_clause(P *p, pl_expr **limit, pl_expr **offset)
{
    pl_expr *a = limit_count(p);
    if (accept_op(p, ',')) { *offset = a; *limit = limit_count(p); }
    else if (accept_kw(p, "OFFSET")) { *limit = a; *offset = limit_count(p); }
    else *limit = a;
}

/* The row limit of a query block (or, with u, of a union): LIMIT [[o,] n] [ROWS EXAMINED
 * m], or [OFFSET o {ROW|ROWS}] [FETCH {FIRST|NEXT} [n] {ROW|ROWS} {ONLY|WITH TIES}]. */
static void select_limit(P *p, pl_select *s, bool u, bool ordered)
{
    pl_expr **limit = u ? &s->u_limit : &s->limit, **offset = u ? &s->u_offset : &s->offset;
    if (accept_kw(p, "LIMIT")) {
        if (!(is_kw(p, "ROWS") && is_word(peek(p), "EXAMINED"))) limit_clause(p, limit, offset);
        if (accept_kw(p, "ROWS")) {
            expect_kw(p, "EXAMINED");
            p->examined = limit_count(p);
        }
        return;
    }
    if (!is_kw(p, "OFFSET") && !is_kw(p, "FETCH")) return;
    if (accept_kw(p, "OFFSET")) {
        if (p->t.kind != TK_INT) syntax_error(p);
        *offset = primary(p);
        if (!accept_kw(p, "ROWS")) expect_kw(p, "ROW");
    }
    if (accept_kw(p, "FETCH")) {
        if (!accept_kw(p, "FIRST")) expect_kw(p, "NEXT");
        if (p->t.kind == TK_INT) *limit = primary(p);
        else {   /* FETCH FIRST ROW ONLY: one row */
            pl_expr *one = mk(p, E_INT, p->t.start);
            one->s = "1"; one->slen = 1;
            *limit = one;
        }
        if (!accept_kw(p, "ROWS")) expect_kw(p, "ROW");
        if (accept_kw(p, "WITH")) {
            expect_kw(p, "TIES");
            if (!ordered) p_error(p, 4180, "HY000", "FETCH ... WITH TIES requires ORDER BY clause to be present");
            if (u) s->u_with_ties = true; else s->with_ties = true;
        } else expect_kw(p, "ONLY");
    }
}

static bool alias_ok(P *p)
{
    /* a bare word after an expression is an alias unless it starts the next clause */
    if (p->t.kind == TK_QIDENT || p->t.kind == TK_STRING) return true;
    if (p->t.kind != TK_IDENT) return false;
    if (pl_is_reserved(p->t.val, p->t.vlen)) return false;
    return true;
}

static void user_name(P *p, pl_user *u);

static void table_name(P *p, char **db, char **name)
{
    char *a = ident(p);
    if (accept_op(p, '.')) {
        *db = a;
        if (p->t.kind == TK_IDENT || p->t.kind == TK_QIDENT) { *name = p->t.val; next(p); }
        else syntax_error(p);
    } else { *db = NULL; *name = a; }
}

static void index_hints(P *p, pl_tref *t)
{
    vec keys = { 0 }, hints = { 0 };
    while (is_kw(p, "USE") || is_kw(p, "FORCE") || is_kw(p, "IGNORE")) {
        pl_hint *h = alloc(p, sizeof *h);
        h->kind = is_kw(p, "USE") ? 'U' : is_kw(p, "FORCE") ? 'F' : 'I';
        next(p);
        if (!accept_kw(p, "INDEX")) expect_kw(p, "KEY");
        if (accept_kw(p, "FOR")) {
            if (accept_kw(p, "JOIN")) h->scope = 'J';
            else if (accept_kw(p, "ORDER")) { expect_kw(p, "BY"); h->scope = 'O'; }
            else if (accept_kw(p, "GROUP")) { expect_kw(p, "BY"); h->scope = 'G'; }
            else syntax_error(p);
        }
        expect_op(p, '(');
        vec mine = { 0 };
        if (!is_op(p, ')')) {
            do {
                char *k = accept_kw(p, "PRIMARY") ? "PRIMARY" : ident(p);
                vpush(p, &keys, k);
                vpush(p, &mine, k);
            } while (accept_op(p, ','));
        }
        expect_op(p, ')');
        h->keys = (char **)mine.v; h->nkeys = mine.n;
        vpush(p, &hints, h);
    }
    t->hint_keys = (char **)keys.v; t->nhint_keys = keys.n;
    t->nhints = hints.n;
    t->hints = t->nhints ? alloc(p, (size_t)t->nhints * sizeof *t->hints) : NULL;
    for (int i = 0; i < hints.n; i++) t->hints[i] = *(pl_hint *)hints.v[i];
}

static void table_factor(P *p, vec *v, int join);

static void table_ref_list(P *p, vec *v)
{
    int first = v->n;
    table_factor(p, v, JT_INNER);
    for (;;) {
        int jt;
        if (accept_op(p, ',')) { table_factor(p, v, JT_CROSS); continue; }
        if (is_kw(p, "JOIN") || is_kw(p, "INNER") || is_kw(p, "CROSS")) {
            jt = is_kw(p, "CROSS") ? JT_CROSS : JT_INNER;
            if (!is_kw(p, "JOIN")) next(p);
            expect_kw(p, "JOIN");
        } else if (is_kw(p, "STRAIGHT_JOIN")) { next(p); jt = JT_STRAIGHT; }
        else if (is_kw(p, "LEFT") || is_kw(p, "RIGHT")) {
            jt = is_kw(p, "LEFT") ? JT_LEFT : JT_RIGHT;
            next(p);
            accept_kw(p, "OUTER");
            expect_kw(p, "JOIN");
        } else if (is_kw(p, "NATURAL")) {
            next(p);
            jt = JT_INNER;
            if (is_kw(p, "LEFT") || is_kw(p, "RIGHT")) {
                jt = is_kw(p, "LEFT") ? JT_LEFT : JT_RIGHT;
                next(p);
                accept_kw(p, "OUTER");
            } else accept_kw(p, "INNER");
            expect_kw(p, "JOIN");
            table_factor(p, v, jt);
            ((pl_tref *)v->v[v->n - 1])->natural = true;
            continue;
        } else return;
        int before = v->n;
        table_factor(p, v, jt);
        /* the condition belongs to the factor as a whole: its first table carries it
           (the first table of a parenthesised join has no condition of its own) */
        pl_tref *t = v->v[before];
        if (accept_kw(p, "ON")) t->on = expr(p);
        else if (accept_kw(p, "USING")) {
            expect_op(p, '(');
            vec u = { 0 };
            do vpush(p, &u, ident(p)); while (accept_op(p, ','));
            expect_op(p, ')');
            t->using_cols = (char **)u.v; t->nusing = u.n;
        }
        int nx = before - first, ny = v->n - before;
        if (jt == JT_RIGHT && t->on) {
            /* X RIGHT JOIN Y ON c is Y LEFT JOIN (X) ON c: Y's tables move ahead of
               everything joined so far, which becomes one group joined to them. (A first
               RIGHT JOIN ... USING, the executor turns around.) */
            void **tmp = alloc(p, (size_t)(nx + ny) * sizeof(void *));
            memcpy(tmp, &v->v[before], (size_t)ny * sizeof(void *));
            memcpy(tmp + ny, &v->v[first], (size_t)nx * sizeof(void *));
            memcpy(&v->v[first], tmp, (size_t)(nx + ny) * sizeof(void *));
            pl_tref *y = v->v[first], *x = v->v[first + ny];
            y->join = x->join;
            x->join = JT_LEFT;
            x->on = y->on;
            y->on = NULL;
            x->gsize = nx;
        }
    }
}

static void table_factor(P *p, vec *v, int join)
{
    check_stack(p);
    pl_tref *t = alloc(p, sizeof *t);
    t->join = join;
    if (is_op(p, '(')) {
        next(p);
        if (starts_select(p)) {
            t->derived = select_stmt(p);
            expect_op(p, ')');
        } else {
            /* parenthesised join: its tables join the ones before as one group */
            int before = v->n;
            table_ref_list(p, v);
            expect_op(p, ')');
            if (v->n - before > 1) ((pl_tref *)v->v[before])->gsize = v->n - before;
            if (v->n > before) ((pl_tref *)v->v[before])->join = join;
            return;
        }
    } else {
        table_name(p, &t->db, &t->name);
        if (!t->db)
            for (cte *c = p->ctes; c; c = c->next)
                if (!strcmp(c->name, t->name)) {
                    /* a common table expression: a derived table under its name */
                    if (c->recursive) t->cte = c;
                    else t->derived = c->sel;
                    t->alias = t->name;
                    t->name = NULL;
                    t->col_names = c->cols; t->ncol_names = c->ncols;
                    break;
                }
    }
    bool paren_derived = t->derived && !t->alias;
    if (accept_kw(p, "AS")) t->alias = ident_or_string(p);
    else if (alias_ok(p) && !is_kw(p, "USE") && !is_kw(p, "FORCE") && !is_kw(p, "IGNORE") &&
             !is_kw(p, "NATURAL") && !is_kw(p, "STRAIGHT_JOIN")) t->alias = ident_or_string(p);
    if (paren_derived && !t->alias) syntax_error(p);   /* a derived table needs its alias */
    index_hints(p, t);
    t->decl1 = v->n + 1;
    vpush(p, v, t);
}

/* A table value constructor's values: no column references, no DEFAULT. */
static void tvc_value(P *p, const pl_expr *e)
{
    if (!e || e->kind == E_SUBQUERY || e->kind == E_EXISTS) return;
    if (e->kind == E_COLUMN)
        p_error(p, 4100, "HY000", "Field reference '%.*s' can't be used in table value constructor", (int)e->srclen, e->start);
    if (e->kind == E_DEFAULT) p_error(p, 4172, "HY000", "'default' is not allowed in this context");
    for (int i = 0; i < e->nargs; i++) tvc_value(p, e->args[i]);
}

/* VALUES (a, b), (c, d) ...: one query block per row, joined by UNION ALL (by UNION
 * DISTINCT after a UNION DISTINCT, which dedupes everything before it anyway). */
static pl_select *table_value_constructor(P *p)
{
    int op = p->tvc_op == 1 ? 1 : 2;
    pl_select *first = NULL, *last = NULL;
    int width = -1;
    expect_kw(p, "VALUES");
    do {
        expect_op(p, '(');
        if (is_op(p, ')')) p_error(p, 4141, "HY000", "Row with no elements is not allowed in table value constructor in this context");
        vec items = { 0 };
        do {
            pl_item *it = alloc(p, sizeof *it);
            it->e = expr(p);
            vpush(p, &items, it);
        } while (accept_op(p, ','));
        expect_op(p, ')');
        if (width >= 0 && items.n != width) p_error(p, 4099, "HY000", "The used table value constructor has a different number of values");
        width = items.n;
        pl_select *s = alloc(p, sizeof *s);
        s->tvc = true;
        s->nitems = items.n;
        s->items = alloc(p, (size_t)items.n * sizeof(pl_item));
        for (int i = 0; i < items.n; i++) {
            s->items[i] = *(pl_item *)items.v[i];
            tvc_value(p, s->items[i].e);
        }
        if (last) { last->set_op = op; last->next = s; } else first = s;
        last = s;
    } while (accept_op(p, ','));
    return first;
}

enum { SPN_VAR, SPN_LABEL, SPN_CURSOR, SPN_COND, SPN_HANDLED };
static int sp_find(P *p, const char *name, int kind);

/* A FIELDS / LINES string option: its bytes as written (after unescaping). */
static void export_string(P *p, const char **str, size_t *n, bool *set)
{
    if (p->t.kind != TK_STRING) syntax_error(p);
    *str = p->t.val;
    *n = p->t.vlen;
    *set = true;
    next(p);
}

/* [CHARACTER SET cs] [{FIELDS | COLUMNS} [TERMINATED BY s] [[OPTIONALLY] ENCLOSED BY s]
 * [ESCAPED BY s]] [LINES [STARTING BY s] [TERMINATED BY s]]: LOAD DATA and INTO OUTFILE */
static void export_options(P *p, pl_export *x)
{
    if (accept_kw(p, "CHARSET") || (is_kw(p, "CHARACTER") && is_word(peek(p), "SET") && (next(p), next(p), true))) {
        /* (a name, a string, or a reserved word: binary, DEFAULT) */
        if (p->t.kind != TK_IDENT && p->t.kind != TK_QIDENT && p->t.kind != TK_STRING) syntax_error(p);
        x->charset = p->t.val;
        next(p);
    }
    if (accept_kw(p, "FIELDS") || accept_kw(p, "COLUMNS")) {
        bool any = false;
        for (;; any = true) {
            if (accept_kw(p, "TERMINATED")) { expect_kw(p, "BY"); export_string(p, &x->fterm, &x->fterm_len, &x->fterm_set); }
            else if (accept_kw(p, "OPTIONALLY")) {
                expect_kw(p, "ENCLOSED"); expect_kw(p, "BY");
                x->optionally = true;
                export_string(p, &x->encl, &x->encl_len, &x->encl_set);
            } else if (accept_kw(p, "ENCLOSED")) { expect_kw(p, "BY"); export_string(p, &x->encl, &x->encl_len, &x->encl_set); }
            else if (accept_kw(p, "ESCAPED")) { expect_kw(p, "BY"); export_string(p, &x->esc, &x->esc_len, &x->esc_set); }
            else break;
        }
        if (!any) syntax_error(p);
    }
    if (accept_kw(p, "LINES")) {
        bool any = false;
        for (;; any = true) {
            if (accept_kw(p, "STARTING")) { expect_kw(p, "BY"); export_string(p, &x->lstart, &x->lstart_len, &x->lstart_set); }
            else if (accept_kw(p, "TERMINATED")) { expect_kw(p, "BY"); export_string(p, &x->lterm, &x->lterm_len, &x->lterm_set); }
            else break;
        }
        if (!any) syntax_error(p);
    }
}

/* INTO OUTFILE 'f' [options] | INTO DUMPFILE 'f' */
static pl_export *into_file(P *p)
{
    pl_export *x = alloc(p, sizeof *x);
    memset(x, 0, sizeof *x);
    x->dumpfile = is_kw(p, "DUMPFILE");
    next(p);
    if (p->t.kind != TK_STRING) syntax_error(p);
    x->file = p->t.val;
    x->file_len = p->t.vlen;
    next(p);
    if (!x->dumpfile) export_options(p, x);
    return x;
}

/* LOAD DATA [LOW_PRIORITY | CONCURRENT] [LOCAL] INFILE 'f' [REPLACE | IGNORE] INTO TABLE t
 * [PARTITION (p, ...)] [CHARACTER SET cs] [FIELDS ...] [LINES ...] [IGNORE n {LINES | ROWS}]
 * [(col_or_@var, ...)] [SET col = expr, ...] */
static void assign_list(P *p, pl_assign **out, int *n);
static void load_data_stmt(P *p, pl_stmt *s)
{
    pl_export *x = alloc(p, sizeof *x);
    memset(x, 0, sizeof *x);
    if (p->in_sp) p_error(p, 1314, "0A000", "LOAD DATA is not allowed in stored procedures");
    s->kind = S_LOAD_DATA;
    s->load = x;
    if (!accept_kw(p, "LOW_PRIORITY")) accept_kw(p, "CONCURRENT");
    x->local = accept_kw(p, "LOCAL");
    expect_kw(p, "INFILE");
    if (p->t.kind != TK_STRING) syntax_error(p);
    x->file = p->t.val;
    x->file_len = p->t.vlen;
    next(p);
    if (accept_kw(p, "REPLACE")) s->num = 1;
    else if (accept_kw(p, "IGNORE")) s->ignore = true;
    expect_kw(p, "INTO");
    expect_kw(p, "TABLE");
    table_name(p, &s->db, &s->table);
    if (accept_kw(p, "PARTITION")) {
        expect_op(p, '(');
        do ident(p); while (accept_op(p, ','));
        expect_op(p, ')');
        s->num |= 2;
    }
    export_options(p, x);
    if (accept_kw(p, "IGNORE")) {
        if (p->t.kind != TK_INT) syntax_error(p);
        x->skip_lines = strtoull(p->t.val, NULL, 10);
        next(p);
        if (!accept_kw(p, "LINES")) expect_kw(p, "ROWS");
    }
    if (accept_op(p, '(')) {
        vec v = { 0 };
        bool vars[4096];
        if (!is_op(p, ')')) {
            do {
                bool var = p->t.kind == TK_USERVAR;
                char *n = var ? p->t.val : NULL;
                if (var) next(p);
                else {
                    n = ident(p);
                    if (accept_op(p, '.')) { n = ident(p); if (accept_op(p, '.')) n = ident(p); }
                }
                if (v.n < (int)sizeof vars) vars[v.n] = var;
                else syntax_error(p);
                vpush(p, &v, n);
            } while (accept_op(p, ','));
        }
        expect_op(p, ')');
        x->targets = (char **)v.v;
        x->ntargets = v.n;
        x->is_var = alloc(p, (size_t)(v.n ? v.n : 1));
        memcpy(x->is_var, vars, (size_t)v.n);
    }
    if (accept_kw(p, "SET")) assign_list(p, &s->sets, &s->nsets);
}

/* SELECT ... INTO @a, @b (in a stored program also its local variables) */
static void into_list(P *p, pl_select *s)
{
    if (is_kw(p, "OUTFILE") || is_kw(p, "DUMPFILE")) {
        s->into_file = into_file(p);
        return;
    }
    vec iv = { 0 };
    int slots[64];
    bool any = false;
    do {
        int slot = -1;
        if (p->t.kind == TK_USERVAR) vpush(p, &iv, p->t.val);
        else if (p->in_sp && is_ident_tok(p) && (slot = sp_find(p, p->t.val, SPN_VAR)) >= 0) {
            vpush(p, &iv, p->t.val);
            slot = p->spn[slot].slot;
            any = true;
        } else if (p->in_sp && is_ident_tok(p)) p_error(p, 1327, "42000", "Undeclared variable: %s", p->t.val);
        else syntax_error(p);
        if (iv.n <= 64) slots[iv.n - 1] = slot;
        next(p);
    } while (accept_op(p, ','));
    s->into_vars = (char **)iv.v; s->ninto = iv.n;
    if (any) {
        if (iv.n > 64) syntax_error(p);
        s->into_slots = alloc(p, (size_t)iv.n * sizeof(int));
        memcpy(s->into_slots, slots, (size_t)iv.n * sizeof(int));
    }
}

/* A locking read's NOWAIT (a row held by another transaction: 1205 at once), WAIT n (n
 * seconds, for this statement, instead of innodb_lock_wait_timeout and lock_wait_timeout)
 * or SKIP LOCKED (such rows are left out), as MariaDB 10.6+. */
static void lock_option(P *p, pl_select *s)
{
    if (accept_kw(p, "NOWAIT")) s->lock_nowait = true;
    else if (accept_kw(p, "SKIP")) { expect_kw(p, "LOCKED"); s->skip_locked = true; }
    else if (accept_kw(p, "WAIT")) {
        if (p->t.kind != TK_INT) syntax_error(p);
        unsigned long long n = strtoull(p->t.val, NULL, 10);
        s->lock_wait = true;
        s->lock_wait_s = n > 1073741824 ? 1073741824 : (uint32_t)n;   /* (innodb_lock_wait_timeout's range) */
        next(p);
    }
}

static pl_select *select_core(P *p)
{
    check_stack(p);
    if (is_kw(p, "VALUES")) return table_value_constructor(p);
    pl_select *s = alloc(p, sizeof *s);
    if (p->nblocks < UINT16_MAX && !p->o->no_block_ids) s->bid = (uint16_t)++p->nblocks;
    if (is_op(p, '(')) {
        next(p);
        pl_select *in = select_body(p);
        expect_op(p, ')');
        in->parens = true;
        return in;
    }
    expect_kw(p, "SELECT");
    if (++p->sel_depth > MAX_SELECT_NESTING) p_error(p, 1473, "HY000", "Too high level of nesting for select");
    bool odku = p->in_odku;
    p->in_odku = false;
    struct vec *outer_wins = p->wins;
    vec wins = { 0 };
    p->wins = &wins;
    for (;;) {
        if (accept_kw(p, "DISTINCT") || accept_kw(p, "DISTINCTROW")) s->distinct = true;
        else if (accept_kw(p, "ALL")) {}
        else if (accept_kw(p, "SQL_CALC_FOUND_ROWS")) s->calc_found_rows = true;
        else if (accept_kw(p, "STRAIGHT_JOIN")) s->straight = true;
        else if (accept_kw(p, "HIGH_PRIORITY") || accept_kw(p, "SQL_NO_CACHE") || accept_kw(p, "SQL_CACHE") ||
                 accept_kw(p, "SQL_SMALL_RESULT") || accept_kw(p, "SQL_BIG_RESULT") ||
                 accept_kw(p, "SQL_BUFFER_RESULT")) {}
        else break;
    }
    vec items = { 0 };
    do {
        pl_item *it = alloc(p, sizeof *it);
        it->e = expr(p);
        if (it->e->kind != E_STAR) {   /* `*` and `t.*` take no alias */
            if (accept_kw(p, "AS")) it->alias = ident_or_string(p);
            else if (alias_ok(p)) it->alias = ident_or_string(p);
        }
        vpush(p, &items, it);
    } while (accept_op(p, ','));
    s->nitems = items.n;
    s->items = alloc(p, (size_t)items.n * sizeof(pl_item));
    for (int i = 0; i < items.n; i++) s->items[i] = *(pl_item *)items.v[i];
    if (accept_kw(p, "INTO")) into_list(p, s);
    if (accept_kw(p, "FROM")) {
        if (accept_kw(p, "DUAL")) {}
        else {
            vec v = { 0 };
            table_ref_list(p, &v);
            s->nfrom = v.n;
            s->from = alloc(p, (size_t)v.n * sizeof(pl_tref));
            for (int i = 0; i < v.n; i++) s->from[i] = *(pl_tref *)v.v[i];
        }
    }
    if (accept_kw(p, "WHERE")) s->where = expr(p);
    if (accept_kw(p, "GROUP")) {
        expect_kw(p, "BY");
        vec g = { 0 };
        do {
            vpush(p, &g, expr(p));
            if (!accept_kw(p, "ASC") && accept_kw(p, "DESC") && g.n <= 64) s->group_desc |= 1ull << (g.n - 1);
        } while (accept_op(p, ','));
        s->group = (pl_expr **)g.v; s->ngroup = g.n;
        if (is_kw(p, "WITH") && is_word(peek(p), "ROLLUP")) { next(p); next(p); s->rollup = true; }   /* (not a view's WITH CHECK OPTION) */
    }
    if (accept_kw(p, "HAVING")) s->having = expr(p);
    wdef *defs = NULL;
    int ndefs = 0;
    if (accept_kw(p, "WINDOW")) {
        vec dv = { 0 };
        do {
            wdef *d = alloc(p, sizeof *d);
            d->name = ident(p);
            expect_kw(p, "AS");
            expect_op(p, '(');
            d->w = alloc(p, sizeof *d->w);
            window_spec(p, d->w);
            for (int i = 0; i < dv.n; i++)
                if (!strcasecmp(((wdef *)dv.v[i])->name, d->name))
                    p_error(p, 4010, "HY000", "Multiple window specifications with the same name '%s'", d->name);
            vpush(p, &dv, d);
        } while (accept_op(p, ','));
        defs = alloc(p, (size_t)dv.n * sizeof *defs);
        for (int i = 0; i < dv.n; i++) {
            defs[i] = *(wdef *)dv.v[i];
            window_resolve(p, defs[i].w, defs, i);   /* a definition may name an earlier one */
        }
        ndefs = dv.n;
    }
    if (accept_kw(p, "ORDER")) { expect_kw(p, "BY"); s->order = order_list(p, &s->norder); }
    if (is_kw(p, "WINDOW")) syntax_error(p);   /* WINDOW comes before ORDER BY */
    for (int i = 0; i < wins.n; i++) window_resolve(p, (pl_window *)wins.v[i], defs, ndefs);
    p->wins = outer_wins;
    select_limit(p, s, false, s->norder > 0);
    if (accept_kw(p, "FOR")) {
        expect_kw(p, "UPDATE"); s->for_update = true;
        lock_option(p, s);
    } else if (accept_kw(p, "LOCK")) {
        expect_kw(p, "IN"); expect_kw(p, "SHARE"); expect_kw(p, "MODE"); s->lock_share = true;
        lock_option(p, s);
    }
    if (accept_kw(p, "INTO")) { into_list(p, s); s->into_last = true; }
    p->sel_depth--;
    p->in_odku = odku;
    return s;
}

static pl_select *select_body(P *p)
{
    p->tvc_op = 0;
    return union_rest(p, select_core(p));
}

/* The set operations after a query expression's first member, and its trailing ORDER BY
 * / LIMIT. */
static pl_select *union_rest(P *p, pl_select *first)
{
    pl_select *last = first;
    while (last->tvc && last->next) last = last->next;
    for (;;) {
        int op;
        if (accept_kw(p, "UNION")) {
            op = 1;
            if (accept_kw(p, "ALL")) op = 2; else accept_kw(p, "DISTINCT");
        } else if (accept_kw(p, "INTERSECT")) { op = 3; accept_kw(p, "DISTINCT"); }
        else if (accept_kw(p, "EXCEPT")) { op = 4; accept_kw(p, "DISTINCT"); }
        else break;
        last->set_op = op;
        p->tvc_op = op;
        pl_select *n = select_core(p);
        last->next = n;
        last = n;
        while (last->tvc && last->next) last = last->next;
    }
    if (first->next) {
        /* a trailing ORDER BY / LIMIT on the last member applies to the whole union
           (unless that member was parenthesised, where it was consumed inside) */
        if ((last->norder || last->limit || last->offset) && !last->parens) {
            first->u_order = last->order; first->nu_order = last->norder;
            first->u_limit = last->limit; first->u_offset = last->offset;
            first->u_with_ties = last->with_ties;
            last->order = NULL; last->norder = 0; last->limit = last->offset = NULL;
            last->with_ties = false;
        }
        if (accept_kw(p, "ORDER")) { expect_kw(p, "BY"); first->u_order = order_list(p, &first->nu_order); }
        select_limit(p, first, true, first->nu_order > 0);
    } else if (!first->norder && !first->limit && !first->offset) {
        /* (SELECT ...) ORDER BY ... LIMIT ... */
        if (accept_kw(p, "ORDER")) { expect_kw(p, "BY"); first->order = order_list(p, &first->norder); }
        select_limit(p, first, false, first->norder > 0);
    }
    return first;
}

static pl_select *select_stmt(P *p)
{
    check_stack(p);
    if (!is_kw(p, "WITH")) return select_body(p);
    next(p);
    bool recursive = accept_kw(p, "RECURSIVE");
    cte *saved = p->ctes;
    do {
        cte *c = alloc(p, sizeof *c);
        c->name = ident(p);
        c->recursive = recursive;
        if (accept_op(p, '(')) {
            vec u = { 0 };
            do vpush(p, &u, ident(p)); while (accept_op(p, ','));
            expect_op(p, ')');
            c->cols = (char **)u.v; c->ncols = u.n;
        }
        expect_kw(p, "AS");
        expect_op(p, '(');
        for (cte *o = p->ctes; o != saved; o = o->next)
            if (!strcmp(o->name, c->name)) p_error(p, 4004, "HY000", "Duplicate query name `%s` in WITH clause", c->name);
        if (recursive) { c->next = p->ctes; p->ctes = c; }   /* its body may name it */
        c->sel = select_stmt(p);
        expect_op(p, ')');
        if (!recursive) { c->next = p->ctes; p->ctes = c; }
    } while (accept_op(p, ','));
    pl_select *s = select_body(p);
    p->ctes = saved;
    return s;
}

/* ---------------------------------------------------------------- DDL */

static uint32_t uint_tok(P *p)
{
    if (p->t.kind != TK_INT) syntax_error(p);
    unsigned long v = strtoul(p->t.val, NULL, 10);
    next(p);
    return (uint32_t)v;
}

static char *charset_name(P *p)
{
    if (is_kw(p, "BINARY")) { next(p); return "binary"; }
    return ident_or_string(p);
}

/* A spatial type's name (POINT ... GEOMETRY; GEOMCOLLECTION is GEOMETRYCOLLECTION): a
 * LONGBLOB of MariaDB's geometry bytes (engine/geo.h's kinds, in this order). */
static bool geo_type(P *p, stor_column *c)
{
    static const char *const names[] = { "POINT", "LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING",
                                         "MULTIPOLYGON", "GEOMETRYCOLLECTION", "GEOMETRY" };
    for (int k = 0; k < 8; k++)
        if (accept_kw(p, names[k])) { c->type = CT_LONGBLOB; c->geom = (uint8_t)(k + 1); return true; }
    if (!accept_kw(p, "GEOMCOLLECTION")) return false;
    c->type = CT_LONGBLOB;
    c->geom = 7;
    return true;
}

/* Data type and column attributes. */
/* The binary twin of a character type (the BYTE attribute: CHAR(3) BYTE is BINARY(3)). */
static int byte_type(int t)
{
    switch (t) {
    case CT_CHAR: return CT_BINARY;
    case CT_VARCHAR: return CT_VARBINARY;
    case CT_TINYTEXT: return CT_TINYBLOB;
    case CT_TEXT: return CT_BLOB;
    case CT_MEDIUMTEXT: return CT_MEDIUMBLOB;
    case CT_LONGTEXT: return CT_LONGBLOB;
    default: return t;
    }
}

static void column_type(P *p, pl_coldef *d)
{
    stor_column *c = &d->c;
    c->scale = -1;
    c->kind = CK_I64;
    struct { const char *w; int t; } ints[] = {
        { "TINYINT", CT_TINYINT }, { "INT1", CT_TINYINT }, { "SMALLINT", CT_SMALLINT }, { "INT2", CT_SMALLINT },
        { "MEDIUMINT", CT_MEDIUMINT }, { "INT3", CT_MEDIUMINT }, { "MIDDLEINT", CT_MEDIUMINT },
        { "INT", CT_INT }, { "INTEGER", CT_INT }, { "INT4", CT_INT },
        { "BIGINT", CT_BIGINT }, { "INT8", CT_BIGINT }, { NULL, 0 } };
    for (int i = 0; ints[i].w; i++) {
        if (accept_kw(p, ints[i].w)) {
            c->type = (uint8_t)ints[i].t;
            if (accept_op(p, '(')) { c->width = uint_tok(p); expect_op(p, ')'); }
            goto num_attrs;
        }
    }
    if (accept_kw(p, "BOOL") || accept_kw(p, "BOOLEAN")) { c->type = CT_TINYINT; c->width = 1; return; }
    if (accept_kw(p, "SERIAL")) {
        c->type = CT_BIGINT; c->is_unsigned = true; c->not_null = true; c->auto_increment = true;
        d->inline_unique = true;
        return;
    }
    if (accept_kw(p, "DECIMAL") || accept_kw(p, "DEC") || accept_kw(p, "NUMERIC") || accept_kw(p, "FIXED")) {
        c->type = CT_DECIMAL;
        c->width = 10; c->scale = 0;
        if (accept_op(p, '(')) {
            c->width = uint_tok(p);
            if (accept_op(p, ',')) c->scale = (int32_t)uint_tok(p);
            expect_op(p, ')');
        }
        goto num_attrs;
    }
    if (accept_kw(p, "FLOAT") || accept_kw(p, "FLOAT4")) {
        c->type = CT_FLOAT; c->kind = CK_F64;
        if (accept_op(p, '(')) {
            c->width = uint_tok(p);
            if (accept_op(p, ',')) c->scale = (int32_t)uint_tok(p);
            else if (c->width > 24) { c->type = CT_DOUBLE; c->width = 0; }
            expect_op(p, ')');
        }
        goto num_attrs;
    }
    if (accept_kw(p, "DOUBLE") || accept_kw(p, "REAL") || accept_kw(p, "FLOAT8")) {
        accept_kw(p, "PRECISION");
        c->type = CT_DOUBLE; c->kind = CK_F64;
        if (accept_op(p, '(')) {
            c->width = uint_tok(p);
            expect_op(p, ',');
            c->scale = (int32_t)uint_tok(p);
            expect_op(p, ')');
        }
        goto num_attrs;
    }
    if (accept_kw(p, "BIT")) {
        c->type = CT_BIT; c->width = 1;
        if (accept_op(p, '(')) { c->width = uint_tok(p); expect_op(p, ')'); }
        return;
    }
    if (accept_kw(p, "DATE")) { c->type = CT_DATE; return; }
    if (accept_kw(p, "DATETIME") || accept_kw(p, "TIMESTAMP") || accept_kw(p, "TIME")) {
        const char *w = p->t.start;   /* previous token is gone; detect by text */
        (void)w;
        c->type = CT_DATETIME;
        /* re-read the keyword from the raw text before the current token */
        const char *q = p->t.start;
        while (q > p->lx.sql && isspace((unsigned char)q[-1])) q--;
        const char *k = q;
        while (k > p->lx.sql && isalpha((unsigned char)k[-1])) k--;
        if ((size_t)(q - k) == 9 && !strncasecmp(k, "TIMESTAMP", 9)) c->type = CT_TIMESTAMP;
        else if ((size_t)(q - k) == 4 && !strncasecmp(k, "TIME", 4)) c->type = CT_TIME;
        c->scale = 0;
        if (accept_op(p, '(')) { c->scale = (int32_t)uint_tok(p); expect_op(p, ')'); }
        return;
    }
    if (accept_kw(p, "YEAR")) {
        c->type = CT_YEAR; c->width = 4;
        if (accept_op(p, '(')) { c->width = uint_tok(p); expect_op(p, ')'); }
        return;
    }
    c->kind = CK_STR;
    bool national = accept_kw(p, "NATIONAL") || false;
    if (accept_kw(p, "NCHAR")) { national = true; c->type = CT_CHAR; if (accept_kw(p, "VARYING")) c->type = CT_VARCHAR; c->width = 1; }
    else if (accept_kw(p, "NVARCHAR")) { national = true; c->type = CT_VARCHAR; }
    else if (accept_kw(p, "CHAR") || accept_kw(p, "CHARACTER")) {
        c->type = CT_CHAR; c->width = 1;
        if (accept_kw(p, "VARYING")) c->type = CT_VARCHAR;
    }
    else if (accept_kw(p, "VARCHAR") || accept_kw(p, "VARCHARACTER")) c->type = CT_VARCHAR;
    else if (accept_kw(p, "BINARY")) { c->type = CT_BINARY; c->width = 1; }
    else if (accept_kw(p, "VARBINARY")) c->type = CT_VARBINARY;
    else if (accept_kw(p, "TINYTEXT")) c->type = CT_TINYTEXT;
    else if (accept_kw(p, "TEXT")) c->type = CT_TEXT;
    else if (accept_kw(p, "MEDIUMTEXT")) c->type = CT_MEDIUMTEXT;
    else if (accept_kw(p, "LONGTEXT")) c->type = CT_LONGTEXT;
    else if (accept_kw(p, "LONG")) {   /* LONG [VARCHAR | CHAR VARYING | VARBINARY]: MEDIUMTEXT / MEDIUMBLOB */
        c->type = CT_MEDIUMTEXT;
        if (accept_kw(p, "VARBINARY")) c->type = CT_MEDIUMBLOB;
        else if (accept_kw(p, "CHAR") || accept_kw(p, "CHARACTER")) expect_kw(p, "VARYING");
        else accept_kw(p, "VARCHAR");
    }
    else if (accept_kw(p, "JSON")) { c->type = CT_LONGTEXT; d->collate = "utf8mb4_bin"; c->json = true; }
    else if (accept_kw(p, "TINYBLOB")) c->type = CT_TINYBLOB;
    else if (accept_kw(p, "BLOB")) c->type = CT_BLOB;
    else if (accept_kw(p, "MEDIUMBLOB")) c->type = CT_MEDIUMBLOB;
    else if (accept_kw(p, "LONGBLOB")) c->type = CT_LONGBLOB;
    else if (geo_type(p, c)) {}
    else if (accept_kw(p, "ENUM") || accept_kw(p, "SET")) {
        const char *q = p->t.start;
        while (q > p->lx.sql && isspace((unsigned char)q[-1])) q--;
        c->type = (q - p->lx.sql >= 3 && !strncasecmp(q - 3, "SET", 3)) ? CT_SET : CT_ENUM;
        expect_op(p, '(');
        vec v = { 0 };
        do {
            if (p->t.kind != TK_STRING) syntax_error(p);
            vpush(p, &v, stor_arena_strndup(p->a, p->t.val, p->t.vlen));
            next(p);
        } while (accept_op(p, ','));
        expect_op(p, ')');
        c->enum_vals = (char **)v.v; c->n_enum = (uint32_t)v.n;
        c->kind = CK_STR;
    }
    else syntax_error(p);
    if (national) d->charset = "utf8mb3";
    if (accept_op(p, '(')) { c->width = uint_tok(p); expect_op(p, ')'); }
    else if (c->type == CT_VARCHAR || c->type == CT_VARBINARY) syntax_error(p);
    /* string attributes */
    for (;;) {
        if (accept_kw(p, "CHARACTER") || accept_kw(p, "CHARSET")) { accept_kw(p, "SET"); d->charset = charset_name(p); }
        else if (is_kw(p, "COLLATE")) { next(p); d->collate = ident_or_string(p); }
        else if (is_kw(p, "BINARY") && (c->type <= CT_VARCHAR || c->type == CT_TEXT || c->type == CT_LONGTEXT ||
                 c->type == CT_MEDIUMTEXT || c->type == CT_TINYTEXT)) { next(p); d->collate = "*bin"; }
        else if (accept_kw(p, "ASCII")) d->charset = "latin1";
        else if (accept_kw(p, "UNICODE")) d->charset = "ucs2";
        else if (accept_kw(p, "BYTE")) c->type = byte_type(c->type);   /* (CHAR(3) BYTE, LONG BYTE: binary) */
        else break;
    }
    return;
num_attrs:
    for (;;) {
        if (accept_kw(p, "UNSIGNED")) c->is_unsigned = true;
        else if (accept_kw(p, "SIGNED")) {}
        else if (accept_kw(p, "ZEROFILL")) { c->zerofill = true; c->is_unsigned = true; }
        else break;
    }
}

static void references(P *p, pl_keydef *k);

static void column_attrs(P *p, pl_coldef *d)
{
    stor_column *c = &d->c;
    bool checked = false;
    for (;;) {
        if (accept_kw(p, "NOT")) { expect_kw(p, "NULL"); c->not_null = true; }
        else if (accept_kw(p, "NULL")) { c->not_null = false; c->explicit_null = true; }
        else if (accept_kw(p, "DEFAULT")) {
            const char *s = p->t.start;
            if (is_op(p, '(') && paren_select_ahead(p)) d->default_expr = unary(p);   /* (a subquery: refused later) */
            else if (accept_op(p, '(')) { d->default_expr = expr(p); expect_op(p, ')'); }   /* (its own text) */
            else { d->default_expr = unary(p); set_src(p, d->default_expr, s); }
            d->has_default = true;
        }
        else if (accept_kw(p, "AUTO_INCREMENT")) c->auto_increment = true;
        else if (accept_kw(p, "PRIMARY")) { expect_kw(p, "KEY"); d->inline_pk = true; c->not_null = true; }
        else if (accept_kw(p, "UNIQUE")) { accept_kw(p, "KEY"); d->inline_unique = true; }
        else if (accept_kw(p, "KEY")) { d->inline_pk = true; c->not_null = true; }
        else if (accept_kw(p, "COMMENT")) {
            if (p->t.kind != TK_STRING) syntax_error(p);
            c->comment = stor_arena_strndup(p->a, p->t.val, p->t.vlen); next(p);
        }
        else if (accept_kw(p, "ON")) {
            expect_kw(p, "UPDATE");
            if (!(accept_kw(p, "CURRENT_TIMESTAMP") || accept_kw(p, "NOW") || accept_kw(p, "LOCALTIMESTAMP") ||
                  accept_kw(p, "LOCALTIME"))) syntax_error(p);
            if (accept_op(p, '(')) { if (p->t.kind == TK_INT) next(p); expect_op(p, ')'); }
            c->on_update_now = true;
        }
        else if (is_kw(p, "COLLATE")) { next(p); d->collate = ident_or_string(p); }
        else if (accept_kw(p, "CHARACTER") || accept_kw(p, "CHARSET")) { accept_kw(p, "SET"); d->charset = charset_name(p); }
        else if (accept_kw(p, "COLUMN_FORMAT")) { ident(p); }
        else if (accept_kw(p, "STORAGE")) { ident(p); }
        else if (accept_kw(p, "INVISIBLE")) {}
        else if (is_kw(p, "CHECK")) {
            /* only CHECK (json_valid(col)) on the column itself means anything (JSON);
               any other check replaces it, as in MariaDB; a second is a syntax error */
            if (checked) syntax_error(p);
            next(p);
            checked = true;
            expect_op(p, '(');
            pl_expr *x = expr(p);
            expect_op(p, ')');
            c->json = x->kind == E_FUNC && !strcasecmp(x->s, "JSON_VALID") && x->nargs == 1 &&
                      x->args[0]->kind == E_COLUMN && !x->args[0]->tbl && c->name && !strcasecmp(x->args[0]->s, c->name);
            d->check = c->json ? NULL : x;
        }
        else if (accept_kw(p, "REFERENCES")) {
            pl_keydef *k = alloc(p, sizeof *k);
            k->kind = IK_KEY;
            k->is_foreign = true;
            k->cols = alloc(p, sizeof(char *));
            k->cols[0] = c->name;
            k->prefix = alloc(p, sizeof(uint32_t));
            k->ncols = 1;
            references(p, k);
            d->ref = k;
        }
        else if (is_kw(p, "GENERATED") || is_kw(p, "AS")) {
            if (accept_kw(p, "GENERATED")) expect_kw(p, "ALWAYS");
            expect_kw(p, "AS");
            expect_op(p, '(');
            d->gen = expr(p);
            expect_op(p, ')');
            if (accept_kw(p, "STORED") || accept_kw(p, "PERSISTENT")) d->gen_stored = true;
            else accept_kw(p, "VIRTUAL");
        }
        else break;
    }
}

static void key_parts(P *p, pl_keydef *k)
{
    expect_op(p, '(');
    vec cols = { 0 }, pre = { 0 };
    do {
        vpush(p, &cols, ident(p));
        uint32_t *pl = alloc(p, sizeof *pl);
        if (accept_op(p, '(')) { *pl = uint_tok(p); expect_op(p, ')'); }
        vpush(p, &pre, pl);
        (void)(accept_kw(p, "ASC") || accept_kw(p, "DESC"));
    } while (accept_op(p, ','));
    expect_op(p, ')');
    k->ncols = cols.n;
    k->cols = (char **)cols.v;
    k->prefix = alloc(p, (size_t)pre.n * sizeof(uint32_t));
    for (int i = 0; i < pre.n; i++) k->prefix[i] = *(uint32_t *)pre.v[i];
}

static void key_options(P *p, pl_keydef *k)
{
    for (;;) {
        if (accept_kw(p, "USING")) { if (!accept_kw(p, "BTREE")) expect_kw(p, "HASH"); }
        else if (accept_kw(p, "COMMENT")) {
            if (p->t.kind != TK_STRING) syntax_error(p);
            k->comment = stor_arena_strndup(p->a, p->t.val, p->t.vlen); next(p);
        }
        else if (accept_kw(p, "KEY_BLOCK_SIZE")) { accept_op(p, '='); uint_tok(p); }
        else if (accept_kw(p, "WITH")) { expect_kw(p, "PARSER"); ident(p); }
        else if (accept_kw(p, "VISIBLE") || accept_kw(p, "INVISIBLE") || accept_kw(p, "CLUSTERING")) {}
        else break;
    }
}

/* REFERENCES [db.]table (cols) [MATCH ...] [ON DELETE action] [ON UPDATE action] */
static void references(P *p, pl_keydef *k)
{
    table_name(p, &k->ref_db, &k->ref_table);
    vec v = { 0 };
    expect_op(p, '(');
    do vpush(p, &v, ident(p)); while (accept_op(p, ','));
    expect_op(p, ')');
    k->ref_cols = (char **)v.v;
    k->nref = v.n;
    if (accept_kw(p, "MATCH")) { if (!accept_kw(p, "FULL") && !accept_kw(p, "PARTIAL")) expect_kw(p, "SIMPLE"); }
    while (accept_kw(p, "ON")) {
        bool del = accept_kw(p, "DELETE");
        if (!del) expect_kw(p, "UPDATE");
        uint8_t a;
        if (accept_kw(p, "SET")) a = accept_kw(p, "NULL") ? STOR_FK_SET_NULL : (expect_kw(p, "DEFAULT"), STOR_FK_SET_DEFAULT);
        else if (accept_kw(p, "NO")) { expect_kw(p, "ACTION"); a = STOR_FK_NO_ACTION; }
        else if (accept_kw(p, "CASCADE")) a = STOR_FK_CASCADE;
        else { expect_kw(p, "RESTRICT"); a = STOR_FK_RESTRICT; }
        if (del) { k->on_delete = a; k->on_delete_given = true; }
        else { k->on_update = a; k->on_update_given = true; }
    }
}

/* KEY / INDEX / PRIMARY KEY / UNIQUE / FULLTEXT / CONSTRAINT ... FOREIGN KEY definitions.
 * Returns false when the current token does not start one. */
static bool key_def(P *p, pl_keydef *k)
{
    memset(k, 0, sizeof *k);
    char *cname = NULL;
    if (accept_kw(p, "CONSTRAINT")) {
        if (!is_kw(p, "PRIMARY") && !is_kw(p, "UNIQUE") && !is_kw(p, "FOREIGN") && !is_kw(p, "CHECK"))
            cname = ident(p);
    }
    if (accept_kw(p, "PRIMARY")) {
        expect_kw(p, "KEY");
        k->kind = IK_PRIMARY;
        if (is_ident_tok(p) && !is_kw(p, "USING")) ident(p);
        (void)(accept_kw(p, "USING") && (accept_kw(p, "BTREE") || accept_kw(p, "HASH")));
    } else if (accept_kw(p, "UNIQUE")) {
        k->kind = IK_UNIQUE;
        (void)(accept_kw(p, "KEY") || accept_kw(p, "INDEX"));
        if (is_ident_tok(p) && !is_kw(p, "USING")) k->name = ident(p);
        else k->name = cname;
    } else if (accept_kw(p, "FULLTEXT") || accept_kw(p, "SPATIAL")) {
        const char *q = p->t.start;
        while (q > p->lx.sql && isspace((unsigned char)q[-1])) q--;
        k->kind = (q - p->lx.sql >= 7 && !strncasecmp(q - 7, "SPATIAL", 7)) ? IK_SPATIAL : IK_FULLTEXT;
        (void)(accept_kw(p, "KEY") || accept_kw(p, "INDEX"));
        if (is_ident_tok(p)) k->name = ident(p);
    } else if (accept_kw(p, "KEY") || accept_kw(p, "INDEX")) {
        k->kind = IK_KEY;
        if (is_ident_tok(p) && !is_kw(p, "USING")) k->name = ident(p);
    } else if (accept_kw(p, "FOREIGN")) {
        expect_kw(p, "KEY");
        k->kind = IK_KEY;
        k->is_foreign = true;
        if (is_ident_tok(p)) k->name = ident(p);
        else k->name = cname;
        k->fk_name = cname ? cname : k->name;
        key_parts(p, k);
        expect_kw(p, "REFERENCES");
        references(p, k);
        return true;
    } else if (accept_kw(p, "CHECK")) {
        expect_op(p, '('); k->check = expr(p); expect_op(p, ')');
        k->kind = PL_KEY_CHECK;
        k->name = cname;
        return true;
    } else {
        if (cname) syntax_error(p);
        return false;
    }
    if (is_kw(p, "USING")) key_options(p, k);
    key_parts(p, k);
    key_options(p, k);
    return true;
}

static void table_options(P *p, pl_tableopt *o)
{
    for (;;) {
        accept_op(p, ',');
        if (accept_kw(p, "ENGINE") || accept_kw(p, "TYPE")) { accept_op(p, '='); o->engine = ident_or_string(p); }
        else if (accept_kw(p, "AUTO_INCREMENT")) {
            accept_op(p, '=');
            if (p->t.kind != TK_INT) syntax_error(p);
            o->auto_inc = strtoull(p->t.val, NULL, 10); o->has_auto_inc = true; next(p);
        }
        else if (accept_kw(p, "DEFAULT")) {
            if (accept_kw(p, "CHARACTER") || accept_kw(p, "CHARSET")) { accept_kw(p, "SET"); accept_op(p, '='); o->charset = charset_name(p); }
            else if (accept_kw(p, "COLLATE")) { accept_op(p, '='); o->collate = ident_or_string(p); }
            else syntax_error(p);
        }
        else if (accept_kw(p, "CHARACTER") || accept_kw(p, "CHARSET")) { accept_kw(p, "SET"); accept_op(p, '='); o->charset = charset_name(p); }
        else if (accept_kw(p, "COLLATE")) { accept_op(p, '='); o->collate = ident_or_string(p); }
        else if (accept_kw(p, "COMMENT")) {
            accept_op(p, '=');
            if (p->t.kind != TK_STRING) syntax_error(p);
            o->comment = stor_arena_strndup(p->a, p->t.val, p->t.vlen); next(p);
        }
        else if (accept_kw(p, "ROW_FORMAT")) { accept_op(p, '='); o->row_format = ident(p); }
        else if (accept_kw(p, "SEQUENCE")) {
            accept_op(p, '=');
            if (p->t.kind != TK_INT) syntax_error(p);
            o->sequence = strtoull(p->t.val, NULL, 10) != 0; next(p);
        }
        else if (accept_kw(p, "AVG_ROW_LENGTH") || accept_kw(p, "CHECKSUM") || accept_kw(p, "KEY_BLOCK_SIZE") ||
                 accept_kw(p, "MAX_ROWS") || accept_kw(p, "MIN_ROWS") || accept_kw(p, "PACK_KEYS") ||
                 accept_kw(p, "DELAY_KEY_WRITE") || accept_kw(p, "STATS_PERSISTENT") ||
                 accept_kw(p, "STATS_AUTO_RECALC") || accept_kw(p, "STATS_SAMPLE_PAGES") ||
                 accept_kw(p, "PAGE_CHECKSUM") || accept_kw(p, "TRANSACTIONAL") || accept_kw(p, "COMPRESSION") ||
                 accept_kw(p, "ENCRYPTED") || accept_kw(p, "ENCRYPTION_KEY_ID")) {
            accept_op(p, '=');
            if (accept_kw(p, "DEFAULT")) {} else if (p->t.kind == TK_STRING || p->t.kind == TK_INT || is_ident_tok(p)) next(p);
            else syntax_error(p);
        }
        else break;
    }
}

/* A signed integer literal of a sequence option */
static int64_t seq_int(P *p)
{
    bool neg = false;
    if (accept_op(p, '-')) neg = true;
    else accept_op(p, '+');
    if (p->t.kind != TK_INT) syntax_error(p);
    errno = 0;
    unsigned long long v = strtoull(p->t.val, NULL, 10);
    if (errno || v > 9223372036854775807ull) syntax_error(p);   /* (MariaDB's grammar: no -2^63 either) */
    next(p);
    return neg ? (int64_t)(0 - v) : (int64_t)v;
}

static void seq_once(P *p, pl_seqopt *o, uint32_t bit, const char *name)
{
    if (o->has & bit) p_error(p, 1225, "HY000", "Option '%s' used twice in statement", name);
    o->has |= bit;
}

/* CREATE / ALTER SEQUENCE options, in any order (ALTER: RESTART [[WITH] n] too) */
static void seq_options(P *p, pl_seqopt *o, bool alter)
{
    for (;;) {
        if (accept_kw(p, "START")) {
            seq_once(p, o, PL_SEQ_START, "START");
            if (!accept_kw(p, "WITH")) accept_op(p, '=');
            o->start = seq_int(p);
        } else if (accept_kw(p, "INCREMENT")) {
            seq_once(p, o, PL_SEQ_INC, "INCREMENT");
            if (!accept_kw(p, "BY")) accept_op(p, '=');
            o->inc = seq_int(p);
        } else if (accept_kw(p, "MINVALUE")) {
            seq_once(p, o, PL_SEQ_MIN, "MINVALUE");
            accept_op(p, '=');
            o->min = seq_int(p);
        } else if (accept_kw(p, "MAXVALUE")) {
            seq_once(p, o, PL_SEQ_MAX, "MAXVALUE");
            accept_op(p, '=');
            o->max = seq_int(p);
        } else if (accept_kw(p, "NOMINVALUE")) { seq_once(p, o, PL_SEQ_MIN, "MINVALUE"); o->no_min = true; }
        else if (accept_kw(p, "NOMAXVALUE")) { seq_once(p, o, PL_SEQ_MAX, "MAXVALUE"); o->no_max = true; }
        else if (is_kw(p, "NO") && peek(p)->kind == TK_IDENT &&
                 (!strcasecmp(peek(p)->val, "MINVALUE") || !strcasecmp(peek(p)->val, "MAXVALUE"))) {
            next(p);
            bool mx = is_kw(p, "MAXVALUE");
            next(p);
            seq_once(p, o, mx ? PL_SEQ_MAX : PL_SEQ_MIN, mx ? "MAXVALUE" : "MINVALUE");
            if (mx) o->no_max = true; else o->no_min = true;
        } else if (accept_kw(p, "CACHE")) {
            seq_once(p, o, PL_SEQ_CACHE, "CACHE");
            accept_op(p, '=');
            o->cache = seq_int(p);
        } else if (accept_kw(p, "NOCACHE")) { seq_once(p, o, PL_SEQ_CACHE, "CACHE"); o->cache = 0; }
        else if (accept_kw(p, "CYCLE")) { seq_once(p, o, PL_SEQ_CYCLE, "CYCLE"); o->cycle = true; }
        else if (accept_kw(p, "NOCYCLE")) { seq_once(p, o, PL_SEQ_CYCLE, "CYCLE"); o->cycle = false; }
        else if (alter && accept_kw(p, "RESTART")) {
            seq_once(p, o, PL_SEQ_RESTART, "RESTART");
            if (accept_kw(p, "WITH") || accept_op(p, '=') || p->t.kind == TK_INT || is_op(p, '-')) {
                o->restart = seq_int(p);
                o->has |= PL_SEQ_RESTART_WITH;
            }
        } else break;
    }
}

static void create_table(P *p, pl_stmt *s)
{
    s->kind = S_CREATE_TABLE;
    if (accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
    table_name(p, &s->db, &s->table);
    if (accept_kw(p, "LIKE")) { table_name(p, &s->like_db, &s->like_table); return; }
    if (is_op(p, '(') && !paren_select_ahead(p)) {
        next(p);
        if (accept_kw(p, "LIKE")) { table_name(p, &s->like_db, &s->like_table); expect_op(p, ')'); return; }
        vec cols = { 0 }, keys = { 0 };
        do {
            pl_keydef k;
            if (key_def(p, &k)) {
                if (k.kind >= 0 || k.check) { pl_keydef *kk = alloc(p, sizeof *kk); *kk = k; vpush(p, &keys, kk); }
                continue;
            }
            pl_coldef *d = alloc(p, sizeof *d);
            d->c.name = ident(p);
            column_type(p, d);
            column_attrs(p, d);
            vpush(p, &cols, d);
        } while (accept_op(p, ','));
        expect_op(p, ')');
        s->ncoldefs = cols.n;
        s->coldefs = alloc(p, (size_t)cols.n * sizeof(pl_coldef));
        for (int i = 0; i < cols.n; i++) s->coldefs[i] = *(pl_coldef *)cols.v[i];
        s->nkeys = keys.n;
        s->keys = alloc(p, (size_t)keys.n * sizeof(pl_keydef));
        for (int i = 0; i < keys.n; i++) s->keys[i] = *(pl_keydef *)keys.v[i];
    }
    table_options(p, &s->opts);
    if (accept_kw(p, "PARTITION")) syntax_error(p);
    if (accept_kw(p, "IGNORE")) s->ignore = true;
    else if (accept_kw(p, "REPLACE")) s->sel_replace = true;
    accept_kw(p, "AS");
    if (starts_select(p) || is_op(p, '(')) s->sel = select_stmt(p);
}

static void alter_table(P *p, pl_stmt *s)
{
    s->kind = S_ALTER_TABLE;
    table_name(p, &s->db, &s->table);
    vec v = { 0 };
    if (p->t.kind == TK_EOF || is_op(p, ';')) { s->nalters = 0; return; }
    do {
        pl_alter *a = alloc(p, sizeof *a);
        if (accept_kw(p, "ADD")) {
            pl_keydef k;
            if (key_def(p, &k)) {
                a->kind = AT_ADD_KEY; a->key = k;
            } else {
                accept_kw(p, "COLUMN");
                if (accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); a->if_exists = true; }
                a->kind = AT_ADD_COLUMN;
                if (is_op(p, '(')) syntax_error(p);
                a->col.c.name = ident(p);
                column_type(p, &a->col);
                column_attrs(p, &a->col);
                if (accept_kw(p, "FIRST")) a->col.first = true;
                else if (accept_kw(p, "AFTER")) a->col.after = ident(p);
            }
        } else if (accept_kw(p, "DROP")) {
            if (accept_kw(p, "PRIMARY")) { expect_kw(p, "KEY"); a->kind = AT_DROP_PRIMARY; }
            else if (accept_kw(p, "INDEX") || accept_kw(p, "KEY")) {
                a->kind = AT_DROP_KEY;
                if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); a->if_exists = true; }
                a->name = ident(p);
            }
            else if (accept_kw(p, "FOREIGN")) {
                expect_kw(p, "KEY");
                a->kind = AT_DROP_FK;
                if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); a->if_exists = true; }
                a->name = ident(p);
            }
            else if (accept_kw(p, "CONSTRAINT") || accept_kw(p, "CHECK")) {
                a->kind = AT_DROP_CHECK;
                if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); a->if_exists = true; }
                a->name = ident(p);
            }
            else {
                accept_kw(p, "COLUMN");
                if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); a->if_exists = true; }
                a->kind = AT_DROP_COLUMN;
                a->name = ident(p);
                (void)(accept_kw(p, "RESTRICT") || accept_kw(p, "CASCADE"));
            }
        } else if (accept_kw(p, "CHANGE")) {
            accept_kw(p, "COLUMN");
            a->kind = AT_CHANGE_COLUMN;
            a->name = ident(p);
            a->col.c.name = ident(p);
            column_type(p, &a->col);
            column_attrs(p, &a->col);
            if (accept_kw(p, "FIRST")) a->col.first = true;
            else if (accept_kw(p, "AFTER")) a->col.after = ident(p);
        } else if (accept_kw(p, "MODIFY")) {
            accept_kw(p, "COLUMN");
            a->kind = AT_MODIFY_COLUMN;
            a->col.c.name = ident(p);
            a->name = a->col.c.name;
            column_type(p, &a->col);
            column_attrs(p, &a->col);
            if (accept_kw(p, "FIRST")) a->col.first = true;
            else if (accept_kw(p, "AFTER")) a->col.after = ident(p);
        } else if (accept_kw(p, "ALTER")) {
            accept_kw(p, "COLUMN");
            a->name = ident(p);
            if (accept_kw(p, "SET")) {
                expect_kw(p, "DEFAULT");
                a->kind = AT_ALTER_DEFAULT;
                const char *st = p->t.start;
                if (accept_op(p, '(')) { a->dflt = expr(p); expect_op(p, ')'); }
                else a->dflt = unary(p);
                set_src(p, a->dflt, st);
            } else { expect_kw(p, "DROP"); expect_kw(p, "DEFAULT"); a->kind = AT_DROP_DEFAULT; }
        } else if (accept_kw(p, "RENAME")) {
            if (accept_kw(p, "COLUMN")) {
                a->kind = AT_CHANGE_COLUMN;   /* RENAME COLUMN a TO b: handled as a name change */
                a->name = ident(p);
                expect_kw(p, "TO");
                a->col.c.name = ident(p);
                a->col.c.type = 255;   /* marker: keep the type */
            } else if (accept_kw(p, "INDEX") || accept_kw(p, "KEY")) {
                syntax_error(p);
            } else {
                (void)(accept_kw(p, "TO") || accept_kw(p, "AS"));
                a->kind = AT_RENAME;
                table_name(p, &a->new_db, &a->new_name);
            }
        } else if (accept_kw(p, "CONVERT")) {
            expect_kw(p, "TO");
            if (!accept_kw(p, "CHARSET")) { expect_kw(p, "CHARACTER"); expect_kw(p, "SET"); }
            a->kind = AT_CONVERT;
            a->charset = charset_name(p);
            if (accept_kw(p, "COLLATE")) a->collate = ident_or_string(p);
        } else if (accept_kw(p, "FORCE")) {
            a->kind = AT_FORCE;   /* (a rebuild: what OPTIMIZE TABLE does to InnoDB's) */
        } else if (accept_kw(p, "ENABLE") || accept_kw(p, "DISABLE")) {
            accept_kw(p, "KEYS");
            a->kind = AT_OPTIONS;
        } else if (accept_kw(p, "ORDER")) {
            expect_kw(p, "BY"); int n; order_list(p, &n);
            a->kind = AT_OPTIONS;
        } else if (accept_kw(p, "ALGORITHM") || accept_kw(p, "LOCK")) {
            accept_op(p, '='); ident_or_string(p);
            a->kind = AT_OPTIONS;
        } else {
            pl_tableopt o = { 0 };
            table_options(p, &o);
            if (!o.engine && !o.charset && !o.collate && !o.comment && !o.row_format && !o.has_auto_inc)
                syntax_error(p);
            a->kind = AT_OPTIONS;
            s->opts = o;
        }
        vpush(p, &v, a);
    } while (accept_op(p, ','));
    s->nalters = v.n;
    s->alters = alloc(p, (size_t)v.n * sizeof(pl_alter));
    for (int i = 0; i < v.n; i++) s->alters[i] = *(pl_alter *)v.v[i];
}

/* ---------------------------------------------------------------- DML */

static void assign_list(P *p, pl_assign **out, int *n)
{
    vec v = { 0 };
    do {
        pl_assign *a = alloc(p, sizeof *a);
        pl_expr *col = primary(p);
        if (col->kind != E_COLUMN) syntax_error(p);
        a->name = col->s;
        a->value = NULL;
        /* keep the qualifier for multi-table UPDATE as "tbl\0" prefix */
        if (col->tbl) {
            size_t tl = strlen(col->tbl), cl = strlen(col->s);
            char *q = stor_arena_alloc(p->a, tl + cl + 2);
            memcpy(q, col->tbl, tl); q[tl] = '.'; memcpy(q + tl + 1, col->s, cl + 1);
            a->name = q;
        }
        if (!accept_op(p, '=')) expect_op(p, OP_ASSIGN);
        a->value = expr(p);
        vpush(p, &v, a);
    } while (accept_op(p, ','));
    *n = v.n;
    *out = alloc(p, (size_t)v.n * sizeof(pl_assign));
    for (int i = 0; i < v.n; i++) (*out)[i] = *(pl_assign *)v.v[i];
}

static void insert_stmt(P *p, pl_stmt *s, bool replace)
{
    s->kind = replace ? S_REPLACE : S_INSERT;
    for (;;) {
        if (accept_kw(p, "LOW_PRIORITY") || accept_kw(p, "DELAYED") || accept_kw(p, "HIGH_PRIORITY")) continue;
        if (accept_kw(p, "IGNORE")) { s->ignore = true; continue; }
        break;
    }
    accept_kw(p, "INTO");
    table_name(p, &s->db, &s->table);
    if (is_op(p, '(') && !paren_select_ahead(p)) {
        next(p);
        vec c = { 0 };
        if (!is_op(p, ')')) {
            do {
                char *n = ident(p);
                if (accept_op(p, '.')) { n = ident(p); if (accept_op(p, '.')) n = ident(p); }
                vpush(p, &c, n);
            } while (accept_op(p, ','));
        }
        expect_op(p, ')');
        s->cols = (char **)c.v; s->ncols = c.n;
    }
    if (accept_kw(p, "VALUES") || accept_kw(p, "VALUE")) {
        vec rows = { 0 }, lrows = { 0 };
        /* a text too long to be cached (a dump's INSERT): literal rows without nodes */
        bool compact = (size_t)(p->lx.end - p->lx.sql) > PL_SHAPE_MAX_SQL, any_lits = false;
        do {
            expect_op(p, '(');
            vec r = { 0 };
            pl_lit *lits;
            int nl;
            values_row(p, compact, rows.n ? s->rowlen : 0, &r, &lits, &nl);
            expect_op(p, ')');
            int n = r.n + nl;
            /* (MariaDB checks the counts after parsing; in a stored program's body when
               the statement runs: ex_insert) */
            if (rows.n && n != s->rowlen) {
                if (p->in_sp && !s->count_row) s->count_row = rows.n + 1;
                else if (!p->in_sp && !p->count_row) p->count_row = rows.n + 1;
                /* every row stays rowlen long (NULLs added or values dropped), so whatever
                   reads the kept statement (its shape copy, EXPLAIN) stays in bounds */
                if (nl) {
                    pl_lit *v = alloc(p, (size_t)(s->rowlen ? s->rowlen : 1) * sizeof *v);
                    memset(v, 0, (size_t)(s->rowlen ? s->rowlen : 1) * sizeof *v);
                    for (int i = 0; i < s->rowlen; i++) if (i < nl) v[i] = lits[i]; else v[i].kind = E_NULL;
                    lits = v;
                    nl = s->rowlen;
                } else {
                    pl_lit z = { .kind = E_NULL };
                    while (r.n < s->rowlen) vpush(p, &r, lit_node(p->a, &z));
                    if (r.n > s->rowlen) r.n = s->rowlen;
                }
                if (!nl) lits = NULL;
            } else s->rowlen = n;
            if (nl) {
                any_lits = true;
                vpush(p, &rows, NULL);
            } else {
                pl_expr **arr = alloc(p, (size_t)(r.n ? r.n : 1) * sizeof(pl_expr *));
                if (r.n) memcpy(arr, r.v, (size_t)r.n * sizeof(pl_expr *));
                vpush(p, &rows, arr);
            }
            if (compact) vpush(p, &lrows, lits);
        } while (accept_op(p, ','));
        s->rows = (pl_expr ***)rows.v; s->nrows = rows.n;
        if (any_lits) s->lrows = (pl_lit **)lrows.v;
    } else if (accept_kw(p, "SET")) {
        assign_list(p, &s->sets, &s->nsets);
    } else if (starts_select(p) || is_op(p, '(')) {
        s->sel = select_stmt(p);
    } else syntax_error(p);
    if (accept_kw(p, "ON")) {
        expect_kw(p, "DUPLICATE"); expect_kw(p, "KEY"); expect_kw(p, "UPDATE");
        p->in_odku = true;
        assign_list(p, &s->dup_sets, &s->ndup);
        p->in_odku = false;
    }
}

static void update_stmt(P *p, pl_stmt *s)
{
    s->kind = S_UPDATE;
    for (;;) {
        if (accept_kw(p, "LOW_PRIORITY")) continue;
        if (accept_kw(p, "IGNORE")) { s->ignore = true; continue; }
        break;
    }
    vec v = { 0 };
    table_ref_list(p, &v);
    s->ntrefs = v.n;
    s->trefs = alloc(p, (size_t)v.n * sizeof(pl_tref));
    for (int i = 0; i < v.n; i++) s->trefs[i] = *(pl_tref *)v.v[i];
    expect_kw(p, "SET");
    assign_list(p, &s->sets, &s->nsets);
    if (accept_kw(p, "WHERE")) s->where = expr(p);
    if (accept_kw(p, "ORDER")) { expect_kw(p, "BY"); s->order = order_list(p, &s->norder); }
    if (accept_kw(p, "LIMIT")) s->limit = limit_count(p);
}

static void delete_stmt(P *p, pl_stmt *s)
{
    s->kind = S_DELETE;
    for (;;) {
        if (accept_kw(p, "LOW_PRIORITY") || accept_kw(p, "QUICK")) continue;
        if (accept_kw(p, "IGNORE")) { s->ignore = true; continue; }
        break;
    }
    vec tg = { 0 };
    if (!is_kw(p, "FROM")) {   /* DELETE a, b FROM ... */
        do {
            char *n = ident(p);
            if (accept_op(p, '.')) { if (is_op(p, '*')) next(p); else n = ident(p); }
            if (accept_op(p, '.')) expect_op(p, '*');
            vpush(p, &tg, n);
        } while (accept_op(p, ','));
    }
    expect_kw(p, "FROM");
    if (!tg.n) {
        /* DELETE FROM t [USING ...] or DELETE FROM a, b USING ... */
        vec v = { 0 };
        /* table names only, without aliases (as MariaDB 10.11's grammar) */
        do {
            pl_tref *t = alloc(p, sizeof *t);
            t->join = v.n ? JT_CROSS : JT_INNER;
            t->db = NULL; t->name = ident(p);
            if (accept_op(p, '.')) {
                if (accept_op(p, '*')) {}
                else {
                    t->db = t->name;
                    if (p->t.kind == TK_IDENT || p->t.kind == TK_QIDENT) { t->name = p->t.val; next(p); }
                    else syntax_error(p);
                    if (accept_op(p, '.')) expect_op(p, '*');
                }
            }
            t->decl1 = v.n + 1;
            vpush(p, &v, t);
        } while (accept_op(p, ','));
        if (is_kw(p, "USING")) {
            for (int i = 0; i < v.n; i++)
                if (!((pl_tref *)v.v[i])->name) syntax_error(p);
            next(p);
            for (int i = 0; i < v.n; i++) vpush(p, &tg, ((pl_tref *)v.v[i])->name);
            v.n = 0;
            table_ref_list(p, &v);
        }
        s->ntrefs = v.n;
        s->trefs = alloc(p, (size_t)v.n * sizeof(pl_tref));
        for (int i = 0; i < v.n; i++) s->trefs[i] = *(pl_tref *)v.v[i];
    } else {
        vec v = { 0 };
        table_ref_list(p, &v);
        s->ntrefs = v.n;
        s->trefs = alloc(p, (size_t)v.n * sizeof(pl_tref));
        for (int i = 0; i < v.n; i++) s->trefs[i] = *(pl_tref *)v.v[i];
    }
    s->del_targets = (char **)tg.v; s->ndel_targets = tg.n;
    if (accept_kw(p, "WHERE")) s->where = expr(p);
    if (accept_kw(p, "ORDER")) { expect_kw(p, "BY"); s->order = order_list(p, &s->norder); }
    if (accept_kw(p, "LIMIT")) s->limit = limit_count(p);
}

/* ---------------------------------------------------------------- SET / SHOW */

/* The value of a SET assignment: ON, OFF and ALL as words, BINARY alone as a word
 * (SET character_set_database = binary, as mariadb-import sends it), DEFAULT, or an
 * expression. */
static pl_expr *set_value(P *p)
{
    const pl_token *nx = is_kw(p, "BINARY") ? peek(p) : NULL;
    bool word_binary = nx && (nx->kind == TK_EOF || (nx->kind == TK_OP && (nx->op == ',' || nx->op == ';')));
    if (is_kw(p, "ON") || is_kw(p, "OFF") || is_kw(p, "ALL") || word_binary) {
        pl_expr *e = mk(p, E_STRING, p->t.start);
        e->s = p->t.val; e->slen = p->t.vlen;
        next(p);
        return e;
    }
    if (accept_kw(p, "DEFAULT")) return mk(p, E_DEFAULT, p->t.start);
    return expr(p);
}

static void statement(P *p, pl_stmt *s);

/* SET STATEMENT var=value[, ...] FOR statement: the statement itself, with the session
 * variables it runs under in stmt_sets. */
static void set_statement_for(P *p, pl_stmt *s)
{
    vec v = { 0 };
    do {
        pl_assign *a = alloc(p, sizeof *a);
        if ((p->t.kind != TK_IDENT && p->t.kind != TK_QIDENT) || is_kw(p, "FOR")) syntax_error(p);
        a->name = p->t.val; next(p);
        if (is_op(p, '.')) {   /* (global.x: no scope here) */
            p->err->code = 4081;
            strcpy(p->err->sqlstate, "HY000");
            snprintf(p->err->msg, sizeof p->err->msg,
                     "Unknown structured system variable or ROW routine variable '%.64s'", a->name);
            longjmp(p->jb, 1);
        }
        if (!accept_op(p, '=')) expect_op(p, OP_ASSIGN);
        a->value = set_value(p);
        vpush(p, &v, a);
    } while (accept_op(p, ','));
    expect_kw(p, "FOR");
    statement(p, s);
    if (s->nstmt_sets) return;   /* nested: as MariaDB, the inner list replaces this one */
    s->stmt_sets = alloc(p, (size_t)v.n * sizeof *s->stmt_sets);
    for (int i = 0; i < v.n; i++) s->stmt_sets[i] = *(pl_assign *)v.v[i];
    s->nstmt_sets = v.n;
}

static bool sp_set_target(P *p, pl_assign *a, const char *qual);
static void set_role(P *p, pl_stmt *s, bool dflt);

static void set_stmt(P *p, pl_stmt *s)
{
    if (accept_kw(p, "STATEMENT")) { set_statement_for(p, s); return; }
    s->kind = S_SET;
    if (accept_kw(p, "NAMES")) {
        s->kind = S_SET_NAMES;
        if (accept_kw(p, "DEFAULT")) s->charset = NULL;
        else s->charset = charset_name(p);
        if (accept_kw(p, "COLLATE")) s->collate = accept_kw(p, "DEFAULT") ? NULL : ident_or_string(p);
        return;
    }
    if ((is_kw(p, "CHARACTER") && is_word(peek(p), "SET")) || is_kw(p, "CHARSET")) {
        if (accept_kw(p, "CHARACTER")) expect_kw(p, "SET"); else next(p);
        s->kind = S_SET_NAMES;
        s->num = 1;   /* marks SET CHARACTER SET */
        s->charset = accept_kw(p, "DEFAULT") ? NULL : charset_name(p);
        return;
    }
    if (accept_kw(p, "PASSWORD")) {
        s->kind = S_SET_PASSWORD;
        pl_user *u = alloc(p, sizeof *u);
        if (accept_kw(p, "FOR")) user_name(p, u);
        else { u->user = ""; u->host = NULL; }
        expect_op(p, '=');
        if (accept_kw(p, "PASSWORD") || accept_kw(p, "OLD_PASSWORD")) {
            expect_op(p, '(');
            if (p->t.kind != TK_STRING) syntax_error(p);
            u->password = p->t.val; next(p);
            expect_op(p, ')');
        } else {
            if (p->t.kind != TK_STRING) syntax_error(p);
            u->hash = p->t.val; next(p);
        }
        s->users = u; s->nusers = 1;
        return;
    }
    if (accept_kw(p, "ROLE")) { set_role(p, s, false); return; }
    if (accept_kw(p, "DEFAULT")) { expect_kw(p, "ROLE"); set_role(p, s, true); return; }
    vec v = { 0 };
    int default_scope = 0;
    bool scoped = true;
    if (accept_kw(p, "GLOBAL")) default_scope = 1;
    else if (accept_kw(p, "SESSION") || accept_kw(p, "LOCAL")) default_scope = 0;
    else scoped = false;
    if (accept_kw(p, "TRANSACTION")) {
        /* SET [GLOBAL|SESSION] TRANSACTION ISOLATION LEVEL ... | READ ONLY/WRITE */
        s->kind = S_SET;
        pl_assign *a = alloc(p, sizeof *a);
        a->scope = scoped ? default_scope : PL_SET_NEXT_TXN;
        if (accept_kw(p, "ISOLATION")) {
            expect_kw(p, "LEVEL");
            const char *lvl;
            if (accept_kw(p, "READ")) { lvl = accept_kw(p, "COMMITTED") ? "READ-COMMITTED" : (expect_kw(p, "UNCOMMITTED"), "READ-UNCOMMITTED"); }
            else if (accept_kw(p, "REPEATABLE")) { expect_kw(p, "READ"); lvl = "REPEATABLE-READ"; }
            else { expect_kw(p, "SERIALIZABLE"); lvl = "SERIALIZABLE"; }
            a->name = "tx_isolation";
            pl_expr *e = mk(p, E_STRING, p->t.start);
            e->s = (char *)lvl; e->slen = strlen(lvl);
            a->value = e;
        } else {
            expect_kw(p, "READ");
            bool ro = accept_kw(p, "ONLY");
            if (!ro) expect_kw(p, "WRITE");
            a->name = "tx_read_only";
            pl_expr *e = mk(p, E_INT, p->t.start);
            e->s = ro ? "1" : "0"; e->slen = 1;
            a->value = e;
        }
        vpush(p, &v, a);
        s->nsets = 1;
        s->sets = a;
        return;
    }
    do {
        pl_assign *a = alloc(p, sizeof *a);
        a->scope = default_scope;
        if (p->t.kind == TK_USERVAR) { a->scope = 2; a->name = p->t.val; next(p); }
        else if (p->t.kind == TK_SYSVAR) {
            char *vname = p->t.val;
            char *dot = strchr(vname, '.');
            a->scope = 0;
            if (dot) {
                if (!strncasecmp(vname, "global.", 7)) a->scope = 1;
                vname = dot + 1;
            }
            a->name = vname;
            next(p);
        } else {
            bool explicit_scope = false;
            if (accept_kw(p, "GLOBAL")) a->scope = 1, explicit_scope = true;
            else if (accept_kw(p, "SESSION") || accept_kw(p, "LOCAL")) a->scope = 0, explicit_scope = true;
            if (p->t.kind == TK_IDENT || p->t.kind == TK_QIDENT) { a->name = p->t.val; next(p); }
            else syntax_error(p);
            if (accept_op(p, '.')) {   /* SET x.y (structured), NEW.col in a trigger */
                char *q = a->name;
                a->name = ident(p);
                sp_set_target(p, a, q);
            } else if (a->scope == 0 && default_scope == 0 && !explicit_scope) sp_set_target(p, a, NULL);
        }
        if (!accept_op(p, '=')) expect_op(p, OP_ASSIGN);
        a->value = set_value(p);
        vpush(p, &v, a);
    } while (accept_op(p, ','));
    s->nsets = v.n;
    s->sets = alloc(p, (size_t)v.n * sizeof(pl_assign));
    for (int i = 0; i < v.n; i++) s->sets[i] = *(pl_assign *)v.v[i];
}

static void like_or_where(P *p, pl_stmt *s)
{
    if (accept_kw(p, "LIKE")) {
        if (p->t.kind != TK_STRING) syntax_error(p);
        s->like = p->t.val; next(p);
    } else if (accept_kw(p, "WHERE")) s->show_where = expr(p);
}

/* SHOW BINLOG|RELAYLOG EVENTS' [FROM pos] [LIMIT [offset,] count] (no log here to read) */
/* [FROM pos] [LIMIT [offset,] count] of SHOW BINLOG/RELAYLOG EVENTS */
static void events_tail(P *p, pl_stmt *s)
{
    s->ev_from = s->ev_offset = s->ev_limit = -1;
    if (accept_kw(p, "FROM")) {
        if (p->t.kind != TK_INT) syntax_error(p);
        s->ev_from = strtoll(p->t.val, NULL, 10);
        next(p);
    }
    if (!accept_kw(p, "LIMIT")) return;
    if (p->t.kind != TK_INT) syntax_error(p);
    s->ev_limit = strtoll(p->t.val, NULL, 10);
    next(p);
    if (!accept_op(p, ',')) return;
    if (p->t.kind != TK_INT) syntax_error(p);
    s->ev_offset = s->ev_limit;
    s->ev_limit = strtoll(p->t.val, NULL, 10);
    next(p);
}

static void show_stmt(P *p, pl_stmt *s)
{
    s->kind = S_SHOW;
    if (accept_kw(p, "FULL")) s->full = true;
    if (accept_kw(p, "GLOBAL")) s->global = true;
    else if (accept_kw(p, "SESSION") || accept_kw(p, "LOCAL")) s->session_scope = true;
    if (accept_kw(p, "VARIABLES")) { s->show = SH_VARIABLES; like_or_where(p, s); return; }
    if (accept_kw(p, "STATUS")) { s->show = SH_STATUS; like_or_where(p, s); return; }
    if (accept_kw(p, "DATABASES") || accept_kw(p, "SCHEMAS")) { s->show = SH_DATABASES; like_or_where(p, s); return; }
    if (accept_kw(p, "TABLES")) {
        s->show = SH_TABLES;
        if (accept_kw(p, "FROM") || accept_kw(p, "IN")) s->from_db = ident(p);
        like_or_where(p, s);
        return;
    }
    if (accept_kw(p, "TABLE")) {
        expect_kw(p, "STATUS");
        s->show = SH_TABLE_STATUS;
        if (accept_kw(p, "FROM") || accept_kw(p, "IN")) s->from_db = ident(p);
        like_or_where(p, s);
        return;
    }
    if (accept_kw(p, "COLUMNS") || accept_kw(p, "FIELDS")) {
        s->show = SH_COLUMNS;
        if (!accept_kw(p, "FROM")) expect_kw(p, "IN");
        table_name(p, &s->db, &s->table);
        if (accept_kw(p, "FROM") || accept_kw(p, "IN")) s->db = ident(p);
        like_or_where(p, s);
        return;
    }
    if (accept_kw(p, "INDEX") || accept_kw(p, "INDEXES") || accept_kw(p, "KEYS")) {
        s->show = SH_INDEX;
        if (!accept_kw(p, "FROM")) expect_kw(p, "IN");
        table_name(p, &s->db, &s->table);
        if (accept_kw(p, "FROM") || accept_kw(p, "IN")) s->db = ident(p);
        if (accept_kw(p, "WHERE")) s->show_where = expr(p);
        return;
    }
    if (accept_kw(p, "CREATE")) {
        if (accept_kw(p, "TABLE")) { s->show = SH_CREATE_TABLE; table_name(p, &s->db, &s->table); return; }
        if (accept_kw(p, "SEQUENCE")) { s->show = SH_CREATE_SEQUENCE; table_name(p, &s->db, &s->table); return; }
        if (accept_kw(p, "DATABASE") || accept_kw(p, "SCHEMA")) {
            s->show = SH_CREATE_DATABASE;
            if (accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
            s->table = ident(p);
            return;
        }
        if (accept_kw(p, "VIEW")) { s->show = SH_CREATE_VIEW; table_name(p, &s->db, &s->table); return; }
        if (accept_kw(p, "TRIGGER")) { s->show = SH_CREATE_TRIGGER; table_name(p, &s->db, &s->table); return; }
        if (accept_kw(p, "EVENT")) { s->show = SH_CREATE_EVENT; table_name(p, &s->db, &s->table); return; }
        if (is_kw(p, "PROCEDURE") || is_kw(p, "FUNCTION")) {
            s->num = is_kw(p, "FUNCTION");
            next(p);
            s->show = SH_CREATE_ROUTINE;
            table_name(p, &s->db, &s->table);
            return;
        }
        if (accept_kw(p, "USER")) {   /* no name: the current user, as CURRENT_USER */
            s->show = SH_CREATE_USER;
            if (p->t.kind != TK_EOF && !is_op(p, ';')) {
                pl_user *u = alloc(p, sizeof *u);
                user_name(p, u);
                s->users = u; s->nusers = 1;
            }
            return;
        }
        syntax_error(p);
    }
    if (accept_kw(p, "ENGINES")) { s->show = SH_ENGINES; return; }
    if (accept_kw(p, "ENGINE")) {   /* SHOW ENGINE name {STATUS | MUTEX | LOGS}: the name in table */
        s->table = ident(p);
        if (accept_kw(p, "STATUS")) s->show = SH_ENGINE_STATUS;
        else if (accept_kw(p, "LOGS")) s->show = SH_ENGINE_LOGS;
        else if (accept_kw(p, "MUTEX")) s->show = SH_ENGINE_MUTEX;
        else syntax_error(p);
        return;
    }
    if (accept_kw(p, "STORAGE")) { expect_kw(p, "ENGINES"); s->show = SH_ENGINES; return; }
    if (accept_kw(p, "CHARACTER")) { expect_kw(p, "SET"); s->show = SH_CHARSET; like_or_where(p, s); return; }
    if (accept_kw(p, "CHARSET")) { s->show = SH_CHARSET; like_or_where(p, s); return; }
    if (accept_kw(p, "COLLATION")) { s->show = SH_COLLATION; like_or_where(p, s); return; }
    if (accept_kw(p, "WARNINGS")) { s->show = SH_WARNINGS; if (accept_kw(p, "LIMIT")) limit_clause(p, &s->limit, &s->where); return; }
    if (accept_kw(p, "ERRORS")) { s->show = SH_ERRORS; if (accept_kw(p, "LIMIT")) limit_clause(p, &s->limit, &s->where); return; }
    if (accept_kw(p, "COUNT")) {
        expect_op(p, '('); expect_op(p, '*'); expect_op(p, ')');
        if (accept_kw(p, "WARNINGS")) s->show = SH_COUNT_WARNINGS;
        else { expect_kw(p, "ERRORS"); s->show = SH_COUNT_ERRORS; }
        return;
    }
    if (accept_kw(p, "PROCESSLIST")) { s->show = SH_PROCESSLIST; return; }
    if (accept_kw(p, "GRANTS")) {
        s->show = SH_GRANTS;
        if (accept_kw(p, "FOR")) {
            pl_user *u = alloc(p, sizeof *u);
            user_name(p, u);
            s->users = u; s->nusers = 1;
        }
        return;
    }
    if (accept_kw(p, "PLUGINS")) { s->show = SH_PLUGINS; return; }   /* (no LIKE or WHERE in MariaDB) */
    if (accept_kw(p, "PRIVILEGES")) { s->show = SH_PRIVILEGES; return; }
    if (accept_kw(p, "BINLOG")) {
        if (accept_kw(p, "EVENTS")) {
            if (accept_kw(p, "IN")) {
                if (p->t.kind != TK_STRING) syntax_error(p);
                s->from_db = p->t.val;
                next(p);
            }
            events_tail(p, s);
            s->show = SH_BINLOG_EVENTS;
            return;
        }
        expect_kw(p, "STATUS");
        s->show = SH_MASTER_STATUS;
        return;
    }
    if (accept_kw(p, "RELAYLOG")) {   /* [ 'connection' ] EVENTS (the name in from_db) */
        if (p->t.kind == TK_STRING) { s->from_db = p->t.val; next(p); }
        expect_kw(p, "EVENTS");
        events_tail(p, s);
        s->show = SH_RELAYLOG_EVENTS;
        return;
    }
    if (accept_kw(p, "PROFILES")) { s->show = SH_PROFILES; return; }
    if (accept_kw(p, "MASTER")) {
        if (accept_kw(p, "LOGS")) { s->show = SH_BINARY_LOGS; return; }
        expect_kw(p, "STATUS"); s->show = SH_MASTER_STATUS; return;
    }
    if (is_kw(p, "BINARY") && is_word(peek(p), "LOGS")) { next(p); next(p); s->show = SH_BINARY_LOGS; return; }
    if ((is_kw(p, "SLAVE") || is_kw(p, "REPLICA")) && is_word(peek(p), "HOSTS")) {
        next(p); next(p); s->show = SH_SLAVE_HOSTS; return;
    }
    if (accept_kw(p, "SLAVE") || accept_kw(p, "REPLICA")) { expect_kw(p, "STATUS"); s->show = SH_SLAVE_STATUS; return; }
    if (is_kw(p, "ALL") && peek(p)->kind == TK_IDENT && (is_word(peek(p), "SLAVES") || is_word(peek(p), "REPLICAS"))) {
        /* SHOW ALL SLAVES STATUS: every replication connection (none here) */
        next(p); next(p);
        expect_kw(p, "STATUS");
        s->show = SH_SLAVE_STATUS;
        s->full = true;
        return;
    }
    if (accept_kw(p, "TRIGGERS")) {
        s->show = SH_TRIGGERS;
        if (accept_kw(p, "FROM") || accept_kw(p, "IN")) s->from_db = ident(p);
        like_or_where(p, s); return;
    }
    if (accept_kw(p, "EVENTS")) { s->show = SH_EVENTS; if (accept_kw(p, "FROM") || accept_kw(p, "IN")) s->from_db = ident(p); like_or_where(p, s); return; }
    if (accept_kw(p, "PROCEDURE")) { expect_kw(p, "STATUS"); s->show = SH_PROC_STATUS; like_or_where(p, s); return; }
    if (accept_kw(p, "FUNCTION")) { expect_kw(p, "STATUS"); s->show = SH_FUNC_STATUS; like_or_where(p, s); return; }
    if (accept_kw(p, "PACKAGE")) { accept_kw(p, "BODY"); expect_kw(p, "STATUS"); s->show = SH_PROC_STATUS; s->num = 2; like_or_where(p, s); return; }
    if (accept_kw(p, "OPEN")) { expect_kw(p, "TABLES"); s->show = SH_OPEN_TABLES; if (accept_kw(p, "FROM") || accept_kw(p, "IN")) s->from_db = ident(p); like_or_where(p, s); return; }
    syntax_error(p);
}


/* 'user'@'host', user@host, `user`@`host`, 'user' (host '%'), CURRENT_USER. */
static void user_name(P *p, pl_user *u)
{
    if (accept_kw(p, "CURRENT_USER")) {
        if (accept_op(p, '(')) expect_op(p, ')');
        u->user = "";   /* resolved by the engine */
        u->host = NULL;
        return;
    }
    if (accept_kw(p, "CURRENT_ROLE")) {
        if (accept_op(p, '(')) expect_op(p, ')');
        u->user = "";
        u->host = "";
        u->current_role = true;
        return;
    }
    if (p->t.kind == TK_STRING || p->t.kind == TK_QIDENT || p->t.kind == TK_IDENT) { u->user = p->t.val; next(p); }
    else syntax_error(p);
    if (p->t.kind == TK_USERVAR) { u->host = p->t.val; next(p); }
    else if (accept_op(p, '@')) {
        if (p->t.kind == TK_STRING || p->t.kind == TK_QIDENT || p->t.kind == TK_IDENT) { u->host = p->t.val; next(p); }
        else syntax_error(p);
    } else { u->host = "%"; u->no_host = true; }
}

/* A role's name: an identifier or a string, no host. */
static char *role_name(P *p)
{
    if (p->t.kind != TK_STRING && p->t.kind != TK_QIDENT && p->t.kind != TK_IDENT) syntax_error(p);
    char *n = p->t.val;
    next(p);
    return n;
}

/* Role names, in users (host ""). */
static void role_list(P *p, pl_stmt *s)
{
    vec v = { 0 };
    do vpush(p, &v, role_name(p)); while (accept_op(p, ','));
    s->nusers = v.n;
    s->users = alloc(p, (size_t)v.n * sizeof(pl_user));
    memset(s->users, 0, (size_t)v.n * sizeof(pl_user));
    for (int i = 0; i < v.n; i++) { s->users[i].user = v.v[i]; s->users[i].host = ""; }
}

/* CREATE [OR REPLACE] ROLE [IF NOT EXISTS] name, ... [WITH ADMIN grantee] (after ROLE). */
static void create_role(P *p, pl_stmt *s)
{
    s->kind = S_CREATE_ROLE;
    if (accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
    role_list(p, s);
    if (accept_kw(p, "WITH")) {
        expect_kw(p, "ADMIN");
        s->role_admin = alloc(p, sizeof *s->role_admin);
        memset(s->role_admin, 0, sizeof *s->role_admin);
        user_name(p, s->role_admin);
    }
}

/* DROP ROLE [IF EXISTS] name, ... (after ROLE). */
static void drop_role(P *p, pl_stmt *s)
{
    s->kind = S_DROP_ROLE;
    if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
    role_list(p, s);
}

/* SET ROLE {name | NONE}, SET DEFAULT ROLE {name | NONE} [FOR user] (after ROLE). */
static void set_role(P *p, pl_stmt *s, bool dflt)
{
    s->kind = dflt ? S_SET_DEFAULT_ROLE : S_SET_ROLE;
    if (accept_kw(p, "NONE")) s->name = dflt ? "" : NULL;
    else s->name = role_name(p);
    if (dflt && accept_kw(p, "FOR")) {
        s->users = alloc(p, sizeof *s->users);
        memset(s->users, 0, sizeof *s->users);
        user_name(p, s->users);
        s->nusers = 1;
    }
}

static void auth_option(P *p, pl_user *u)
{
    if (!accept_kw(p, "IDENTIFIED")) return;
    if (accept_kw(p, "BY")) {
        if (accept_kw(p, "PASSWORD")) {
            if (p->t.kind != TK_STRING) syntax_error(p);
            u->hash = p->t.val; next(p);
        } else {
            if (p->t.kind != TK_STRING) syntax_error(p);
            u->password = p->t.val; next(p);
        }
        return;
    }
    if (!accept_kw(p, "VIA")) expect_kw(p, "WITH");
    u->plugin = ident_or_string(p);
    if (accept_kw(p, "BY")) {
        if (p->t.kind != TK_STRING) syntax_error(p);
        u->password = p->t.val; next(p);
    } else if (accept_kw(p, "USING") || accept_kw(p, "AS")) {
        if (accept_kw(p, "PASSWORD")) { expect_op(p, '('); u->password = p->t.val; next(p); expect_op(p, ')'); return; }
        if (p->t.kind != TK_STRING) syntax_error(p);
        u->hash = p->t.val; next(p);
    }
}

static void user_list(P *p, pl_stmt *s, bool with_auth, bool rename)
{
    vec v = { 0 };
    do {
        pl_user *u = alloc(p, sizeof *u);
        user_name(p, u);
        if (rename) {
            expect_kw(p, "TO");
            pl_user to = { 0 };
            user_name(p, &to);
            u->to_user = to.user; u->to_host = to.host;
        }
        if (with_auth) auth_option(p, u);
        vpush(p, &v, u);
    } while (accept_op(p, ','));
    s->nusers = v.n;
    s->users = alloc(p, (size_t)v.n * sizeof(pl_user));
    for (int i = 0; i < v.n; i++) s->users[i] = *(pl_user *)v.v[i];
    /* account options MariaDB accepts after the list */
    while (p->t.kind == TK_IDENT && (is_kw(p, "REQUIRE") || is_kw(p, "WITH") || is_kw(p, "PASSWORD") ||
                                     is_kw(p, "ACCOUNT") || is_kw(p, "MAX_QUERIES_PER_HOUR"))) {
        while (p->t.kind != TK_EOF && !is_op(p, ';')) {
            bool g = is_kw(p, "GRANT"), acct = is_kw(p, "ACCOUNT");
            next(p);
            if (g && is_kw(p, "OPTION")) s->grant_option = true;   /* GRANT ... WITH GRANT OPTION */
            if (acct && is_kw(p, "LOCK")) s->account_lock = 1;
            if (acct && is_kw(p, "UNLOCK")) s->account_lock = 2;
        }
    }
}

/* GRANT/REVOKE privileges ON object TO/FROM users */
/* Privilege names as MariaDB spells them (several words each), and their bits. */
static const struct { const char *w[3]; uint64_t bit; } privnames[] = {
    { { "SELECT" }, STOR_PRIV_SELECT }, { { "INSERT" }, STOR_PRIV_INSERT },
    { { "UPDATE" }, STOR_PRIV_UPDATE }, { { "DELETE", "HISTORY" }, STOR_PRIV_DELETE_HISTORY },
    { { "DELETE" }, STOR_PRIV_DELETE }, { { "CREATE", "TEMPORARY", "TABLES" }, STOR_PRIV_CREATE_TMP },
    { { "CREATE", "VIEW" }, STOR_PRIV_CREATE_VIEW }, { { "CREATE", "ROUTINE" }, STOR_PRIV_CREATE_PROC },
    { { "CREATE", "USER" }, STOR_PRIV_CREATE_USER }, { { "CREATE", "TABLESPACE" }, 1ull << 28 },
    { { "CREATE" }, STOR_PRIV_CREATE }, { { "DROP" }, STOR_PRIV_DROP }, { { "RELOAD" }, STOR_PRIV_RELOAD },
    { { "SHUTDOWN" }, STOR_PRIV_SHUTDOWN }, { { "PROCESS" }, STOR_PRIV_PROCESS }, { { "FILE" }, STOR_PRIV_FILE },
    { { "GRANT", "OPTION" }, STOR_PRIV_GRANT }, { { "REFERENCES" }, STOR_PRIV_REFERENCES },
    { { "INDEX" }, STOR_PRIV_INDEX }, { { "ALTER", "ROUTINE" }, STOR_PRIV_ALTER_PROC },
    { { "ALTER" }, STOR_PRIV_ALTER }, { { "SHOW", "DATABASES" }, STOR_PRIV_SHOW_DB },
    { { "SHOW", "VIEW" }, STOR_PRIV_SHOW_VIEW }, { { "SUPER" }, STOR_PRIV_SUPER },
    { { "LOCK", "TABLES" }, STOR_PRIV_LOCK_TABLES }, { { "EXECUTE" }, STOR_PRIV_EXECUTE },
    { { "REPLICATION", "SLAVE", "ADMIN" }, 1ull << 34 }, { { "REPLICATION", "MASTER", "ADMIN" }, 1ull << 35 },
    { { "REPLICATION", "SLAVE" }, 1ull << 19 }, { { "REPLICATION", "REPLICA" }, 1ull << 19 },
    { { "REPLICATION", "CLIENT" }, 1ull << 20 }, { { "BINLOG", "MONITOR" }, 1ull << 20 },
    { { "EVENT" }, STOR_PRIV_EVENT }, { { "TRIGGER" }, STOR_PRIV_TRIGGER },
    { { "SET", "USER" }, 1ull << 30 }, { { "FEDERATED", "ADMIN" }, 1ull << 31 },
    { { "CONNECTION", "ADMIN" }, 1ull << 32 }, { { "READ_ONLY", "ADMIN" }, 1ull << 33 },
    { { "BINLOG", "ADMIN" }, 1ull << 36 }, { { "BINLOG", "REPLAY" }, 1ull << 37 },
    { { "SLAVE", "MONITOR" }, 1ull << 38 }, { { "REPLICA", "MONITOR" }, 1ull << 38 },
    { { "USAGE" }, 0 },
};

/* priv (col, ...): a column privilege (only SELECT, INSERT, UPDATE, REFERENCES take a list;
 * another's list is a syntax error there, as MariaDB's). */
static void column_privilege(P *p, pl_stmt *s, uint64_t priv)
{
    expect_op(p, '(');
    vec v = { 0 };
    do vpush(p, &v, ident(p)); while (p->t.kind != TK_ERROR && accept_op(p, ','));
    expect_op(p, ')');
    pl_colpriv *n = alloc(p, (size_t)(s->ncolprivs + 1) * sizeof *n);
    if (s->ncolprivs) memcpy(n, s->colprivs, (size_t)s->ncolprivs * sizeof *n);
    n[s->ncolprivs].priv = priv;
    n[s->ncolprivs].ncols = v.n;
    n[s->ncolprivs].cols = alloc(p, (size_t)(v.n ? v.n : 1) * sizeof(char *));
    for (int i = 0; i < v.n; i++) n[s->ncolprivs].cols[i] = v.v[i];
    s->colprivs = n;
    s->ncolprivs++;
}

/* One privilege of a GRANT/REVOKE list (its words; a column list is kept apart). */
static void privilege(P *p, pl_stmt *s)
{
    for (size_t i = 0; i < sizeof privnames / sizeof privnames[0]; i++) {
        if (!is_kw(p, privnames[i].w[0])) continue;
        /* the longest name first: look ahead without consuming */
        P save = *p;
        next(p);
        bool ok = true;
        for (int k = 1; k < 3 && privnames[i].w[k]; k++) {
            if (!is_kw(p, privnames[i].w[k])) { ok = false; break; }
            next(p);
        }
        if (!ok) { *p = save; continue; }
        if (is_op(p, '(') && (privnames[i].bit & (STOR_PRIV_SELECT | STOR_PRIV_INSERT | STOR_PRIV_UPDATE |
                                                   STOR_PRIV_REFERENCES)) && !privnames[i].w[1]) {
            column_privilege(p, s, privnames[i].bit);
            return;
        }
        s->privs |= privnames[i].bit;
        return;
    }
    if (p->t.kind == TK_IDENT) next(p);   /* a role name: MariaDB fails after it */
    syntax_error(p);
}

/* Does a privilege's name start here (else a role's)? */
static bool privilege_here(P *p)
{
    if (is_kw(p, "ALL") || is_kw(p, "PROXY")) return true;
    for (size_t i = 0; i < sizeof privnames / sizeof privnames[0]; i++)
        if (is_kw(p, privnames[i].w[0])) return true;
    return false;
}

/* GRANT role TO users [WITH ADMIN OPTION], REVOKE [ADMIN OPTION FOR] role FROM users. */
static void role_grant_stmt(P *p, pl_stmt *s, bool grant)
{
    s->kind = grant ? S_GRANT_ROLE : S_REVOKE_ROLE;
    if (!grant && accept_kw(p, "ADMIN")) { expect_kw(p, "OPTION"); expect_kw(p, "FOR"); s->grant_option = true; }
    s->name = role_name(p);
    if (grant) expect_kw(p, "TO"); else expect_kw(p, "FROM");
    vec v = { 0 };
    do {
        pl_user *u = alloc(p, sizeof *u);
        memset(u, 0, sizeof *u);
        user_name(p, u);
        vpush(p, &v, u);
    } while (accept_op(p, ','));
    s->nusers = v.n;
    s->users = alloc(p, (size_t)v.n * sizeof(pl_user));
    for (int i = 0; i < v.n; i++) s->users[i] = *(pl_user *)v.v[i];
    if (grant && accept_kw(p, "WITH")) { expect_kw(p, "ADMIN"); expect_kw(p, "OPTION"); s->grant_option = true; }
}

static void grant_stmt(P *p, pl_stmt *s, bool grant)
{
    if (!privilege_here(p) || (!grant && is_kw(p, "ADMIN") && is_word(peek(p), "OPTION"))) {
        role_grant_stmt(p, s, grant);
        return;
    }
    s->kind = grant ? S_GRANT : S_REVOKE;
    if (accept_kw(p, "PROXY")) {   /* PROXY ON user TO/FROM users [WITH GRANT OPTION] */
        expect_kw(p, "ON");
        pl_user proxied = { 0 };
        user_name(p, &proxied);
        if (grant) expect_kw(p, "TO"); else expect_kw(p, "FROM");
        user_list(p, s, false, false);
        s->proxy = true;
        return;
    }
    if (accept_kw(p, "ALL")) { accept_kw(p, "PRIVILEGES"); s->all_privileges = true; }
    else {
        do privilege(p, s); while (p->t.kind != TK_ERROR && accept_op(p, ','));
    }
    if (!grant && s->all_privileges && is_op(p, ',')) { /* REVOKE ALL PRIVILEGES, GRANT OPTION FROM */
        next(p);
        expect_kw(p, "GRANT"); expect_kw(p, "OPTION");
        expect_kw(p, "FROM");
        user_list(p, s, false, false);
        s->global_level = true;
        s->revoke_all = true;
        return;
    }
    expect_kw(p, "ON");
    if ((is_kw(p, "PROCEDURE") || is_kw(p, "FUNCTION")) && !(peek(p)->kind == TK_OP && peek(p)->op == '.')) {
        s->grant_routine = is_kw(p, "PROCEDURE") ? 1 : 2;
        next(p);
    } else accept_kw(p, "TABLE");
    if (accept_op(p, '*')) {
        if (accept_op(p, '.')) expect_op(p, '*');
        s->global_level = true;
    } else {
        char *a = ident(p);
        if (accept_op(p, '.')) {
            if (accept_op(p, '*')) { s->grant_db = a; }
            else { s->grant_db = a; s->grant_table = ident(p); }
        } else s->grant_table = a;
    }
    if (grant) expect_kw(p, "TO"); else expect_kw(p, "FROM");
    user_list(p, s, grant, false);
    if (accept_kw(p, "WITH")) {
        if (accept_kw(p, "GRANT")) { expect_kw(p, "OPTION"); s->grant_option = true; }
        while (p->t.kind != TK_EOF && !is_op(p, ';')) next(p);
    }
    if (s->grant_routine && s->ncolprivs) syntax_error_near(p, p->lx.end);   /* (MariaDB: at the end) */
}

/* ---------------------------------------------------------------- statements */

/* [ALGORITHM = x] [DEFINER = user] [SQL SECURITY x] before VIEW (and before TRIGGER,
 * PROCEDURE, FUNCTION, EVENT, which take the DEFINER too). */
static pl_view *view_head(P *p)
{
    pl_view *v = alloc(p, sizeof *v);
    memset(v, 0, sizeof *v);
    if (accept_kw(p, "ALGORITHM")) {
        expect_op(p, '=');
        if (accept_kw(p, "UNDEFINED")) v->algorithm = 0;
        else if (accept_kw(p, "MERGE")) v->algorithm = 1;
        else { expect_kw(p, "TEMPTABLE"); v->algorithm = 2; }
    }
    if (accept_kw(p, "DEFINER")) {
        expect_op(p, '=');
        v->definer = alloc(p, sizeof *v->definer);
        memset(v->definer, 0, sizeof *v->definer);
        user_name(p, v->definer);
        v->has_definer = true;
    }
    if (accept_kw(p, "SQL")) {
        expect_kw(p, "SECURITY");
        if (accept_kw(p, "DEFINER")) v->security = 1;
        else { expect_kw(p, "INVOKER"); v->security = 2; }
    }
    return v;
}

/* VIEW [IF NOT EXISTS] name [(columns)] AS select [WITH [CASCADED | LOCAL] CHECK OPTION] */
static void view_rest(P *p, pl_stmt *s, pl_view *v)
{
    s->kind = S_CREATE_VIEW;
    s->view = v;
    if (!v->alter && accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
    table_name(p, &s->db, &s->table);
    if (accept_op(p, '(')) {
        vec c = { 0 };
        do vpush(p, &c, ident(p)); while (accept_op(p, ','));
        expect_op(p, ')');
        s->cols = (char **)c.v; s->ncols = c.n;
    }
    expect_kw(p, "AS");
    const char *b = p->t.start;
    s->sel = select_stmt(p);
    const char *e = p->prev_end && p->prev_end > b ? p->prev_end : b;
    v->body = b;
    v->body_len = (size_t)(e - b);
    if (accept_kw(p, "WITH")) {
        v->check = accept_kw(p, "LOCAL") ? 2 : (accept_kw(p, "CASCADED"), 1);
        expect_kw(p, "CHECK");
        expect_kw(p, "OPTION");
    }
}

static void name_list(P *p, pl_stmt *s)
{
    vec n = { 0 }, d = { 0 };
    do {
        char *db, *nm;
        table_name(p, &db, &nm);
        vpush(p, &n, nm); vpush(p, &d, db);
    } while (accept_op(p, ','));
    s->names = (char **)n.v; s->names_db = (char **)d.v; s->nnames = n.n;
}

/* ---- stored program bodies (CREATE TRIGGER) ---- */

static int sp_find(P *p, const char *name, int kind)
{
    for (int i = p->nspn - 1; i >= 0; i--)
        if (p->spn[i].kind == kind && !strcasecmp(p->spn[i].name, name)) return i;
    return -1;
}

static void sp_push(P *p, char *name, int slot, int kind, bool loop)
{
    if (p->nspn == p->cspn) {
        int nc = p->cspn ? p->cspn * 2 : 16;
        struct sp_name *n = alloc(p, (size_t)nc * sizeof *n);
        if (p->nspn) memcpy(n, p->spn, (size_t)p->nspn * sizeof *n);
        p->spn = n; p->cspn = nc;
    }
    p->spn[p->nspn].name = name;
    p->spn[p->nspn].slot = slot;
    p->spn[p->nspn].kind = (uint8_t)kind;
    p->spn[p->nspn].loop = loop;
    p->nspn++;
}

/* NEW.col / OLD.col or a local variable in an expression of the body: a frame slot */
static void sp_ref(P *p, pl_expr *e)
{
    if (e->db) return;
    if (e->tbl) {
        bool nw = !strcasecmp(e->tbl, "NEW"), od = !strcasecmp(e->tbl, "OLD");
        if ((!nw && !od) || !p->trg) return;
        if (nw && p->trg->event == 2) p_error(p, 1363, "HY000", "There is no NEW row in on DELETE trigger");
        if (od && p->trg->event == 0) p_error(p, 1363, "HY000", "There is no OLD row in on INSERT trigger");
        e->kind = E_PARAM;
        e->ival = -1;
        e->tbl = nw ? "NEW" : "OLD";
        vpush(p, p->sp_refs, e);
        return;
    }
    int i = sp_find(p, e->s, SPN_VAR);
    if (i >= 0) { e->kind = E_PARAM; e->ival = p->spn[i].slot; }
}

/* SET's target in a body: NEW.col, OLD.col, a local variable (else a system variable) */
static bool sp_set_target(P *p, pl_assign *a, const char *qual)
{
    if (!p->in_sp) return false;
    if (qual) {
        bool nw = !strcasecmp(qual, "NEW"), od = !strcasecmp(qual, "OLD");
        if ((!nw && !od) || !p->trg) return false;
        if (nw && p->trg->event == 2) p_error(p, 1363, "HY000", "There is no NEW row in on DELETE trigger");
        if (od && p->trg->event == 0) p_error(p, 1363, "HY000", "There is no OLD row in on INSERT trigger");
        if (od) p_error(p, 1362, "HY000", "Updating of OLD row is not allowed in trigger");
        if (p->trg->timing == 1) p_error(p, 1362, "HY000", "Updating of NEW row is not allowed in after trigger");
        a->scope = PL_SET_NEW;
        return true;
    }
    int i = sp_find(p, a->name, SPN_VAR);
    if (i < 0) return false;
    a->scope = PL_SET_LOCAL;
    a->slot = p->spn[i].slot;
    return true;
}

static pl_sp *sp_stmt(P *p);

static pl_sp *sp_new(P *p, int kind, const char *start)
{
    pl_sp *x = alloc(p, sizeof *x);
    x->kind = (uint8_t)kind;
    x->start = start;
    return x;
}

static void sp_end(P *p, pl_sp *x)
{
    const char *e = p->prev_end && p->prev_end > x->start ? p->prev_end : x->start;
    x->len = (size_t)(e - x->start);
}

/* statements, each ended by ';', up to a word that ends the list */
static void sp_list(P *p, pl_sp *x, vec *v)
{
    while (!is_kw(p, "END") && !is_kw(p, "ELSE") && !is_kw(p, "ELSEIF") && !is_kw(p, "UNTIL") &&
           !is_kw(p, "WHEN")) {
        if (p->t.kind == TK_EOF) syntax_error(p);
        vpush(p, v, sp_stmt(p));
        expect_op(p, ';');
    }
    x->body = (pl_sp **)v->v;
    x->nbody = v->n;
}

/* DECLARE name [, name ...] type [DEFAULT expr] */
/* A handler's or SIGNAL's condition: SQLSTATE [VALUE] 'xxxxx', an error number, a class
 * (SQLWARNING, NOT FOUND, SQLEXCEPTION) or a declared condition's name */
static void sp_condition(P *p, pl_spcond *c, bool classes)
{
    memset(c, 0, sizeof *c);
    if (accept_kw(p, "SQLSTATE")) {
        accept_kw(p, "VALUE");
        if (p->t.kind != TK_STRING) syntax_error(p);
        const char *v = p->t.val;
        bool ok = strlen(v) == 5;
        for (int i = 0; ok && i < 5; i++) ok = (v[i] >= '0' && v[i] <= '9') || (v[i] >= 'A' && v[i] <= 'Z');
        if (!ok || !strncmp(v, "00", 2)) p_error(p, 1407, "42000", "Bad SQLSTATE: '%s'", v);
        c->kind = SPC_STATE;
        memcpy(c->state, v, 6);
        next(p);
        return;
    }
    if (p->t.kind == TK_INT) {
        unsigned long n = strtoul(p->t.val, NULL, 10);
        if (n == 0 || n > 65535) p_error(p, 1105, "HY000", "Unknown error");
        c->kind = SPC_CODE;
        c->code = (uint16_t)n;
        next(p);
        return;
    }
    if (classes && accept_kw(p, "SQLWARNING")) { c->kind = SPC_WARNING; return; }
    if (classes && accept_kw(p, "SQLEXCEPTION")) { c->kind = SPC_EXCEPTION; return; }
    if (classes && accept_kw(p, "NOT")) { expect_kw(p, "FOUND"); c->kind = SPC_NOTFOUND; return; }
    char *name = ident(p);
    int i = sp_find(p, name, SPN_COND);
    if (i < 0) p_error(p, 1319, "42000", "Undefined CONDITION: %s", name);
    *c = p->spn[i].cond;
}

/* DECLARE name CURSOR (p type [, p type ...]) FOR ... (a MariaDB extension): the
 * parameters, after the '(', as locals of their own slots. */
static void sp_cursor_params(P *p, pl_sp *x)
{
    vec names = { 0 }, types = { 0 };
    x->slot = p->sp_slots;
    do {
        char *pn = ident(p);
        for (int j = 0; j < names.n; j++)
            if (!strcasecmp(names.v[j], pn)) p_error(p, 1330, "42000", "Duplicate parameter: %s", pn);
        pl_coldef *d = alloc(p, sizeof *d);
        column_type(p, d);
        vpush(p, &names, pn);
        vpush(p, &types, d);
        sp_push(p, pn, p->sp_slots++, SPN_VAR, false);
    } while (accept_op(p, ','));
    expect_op(p, ')');
    x->nslots = names.n;
    x->names = (char **)names.v;
    x->ptypes = (pl_coldef **)types.v;
}

/* DECLARE name [, name ...] type [DEFAULT expr] | name CONDITION FOR ... | name CURSOR FOR
 * select | {CONTINUE | EXIT} HANDLER FOR condition [, ...] statement. *stage: what the
 * block declared last (MariaDB's order: variables and conditions, cursors, handlers). */
static pl_sp *sp_declare(P *p, int block_mark, int *stage)
{
    pl_sp *x = sp_new(p, SP_DECLARE, p->prev_end);
    if (is_kw(p, "CONTINUE") || is_kw(p, "EXIT") || is_kw(p, "UNDO")) {
        if (is_kw(p, "UNDO")) p_error(p, 1235, "42000", "This version of MariaDB doesn't yet support 'UNDO HANDLER'");
        x->kind = SP_HANDLER;
        x->exit = is_kw(p, "EXIT");
        next(p);
        expect_kw(p, "HANDLER");
        expect_kw(p, "FOR");
        vec cs = { 0 };
        do {
            pl_spcond *c = alloc(p, sizeof *c);
            sp_condition(p, c, true);
            vpush(p, &cs, c);
        } while (accept_op(p, ','));
        x->conds = alloc(p, (size_t)cs.n * sizeof *x->conds);
        for (int i = 0; i < cs.n; i++) x->conds[i] = *(pl_spcond *)cs.v[i];
        x->nconds = cs.n;
        for (int i = 0; i < cs.n; i++)   /* (the same condition twice in one block: 1413) */
            for (int j = block_mark; j < p->nspn; j++)
                if (p->spn[j].kind == SPN_HANDLED && !memcmp(&p->spn[j].cond, &x->conds[i], sizeof x->conds[i]))
                    p_error(p, 1413, "42000", "Duplicate handler declared in the same block");
        for (int i = 0; i < cs.n; i++) {
            sp_push(p, "", 0, SPN_HANDLED, false);
            p->spn[p->nspn - 1].cond = x->conds[i];
        }
        x->body = alloc(p, sizeof *x->body);
        x->body[0] = sp_stmt(p);
        x->nbody = 1;
        *stage = 2;
        sp_end(p, x);
        return x;
    }
    if (is_ident_tok(p) && is_word(peek(p), "CURSOR")) {
        if (*stage > 1) p_error(p, 1338, "42000", "Cursor declaration after handler declaration");
        char *name = ident(p);
        next(p);
        for (int j = block_mark; j < p->nspn; j++)
            if (p->spn[j].kind == SPN_CURSOR && !strcasecmp(p->spn[j].name, name))
                p_error(p, 1333, "42000", "Duplicate cursor: %s", name);
        x->kind = SP_CURSOR;
        int scope = p->nspn;   /* its parameters are locals of its SELECT only */
        if (accept_op(p, '(')) sp_cursor_params(p, x);
        expect_kw(p, "FOR");
        x->sel = select_stmt(p);
        p->nspn = scope;
        x->cursor = p->sp_cursors++;
        sp_push(p, name, x->cursor, SPN_CURSOR, false);
        p->spn[p->nspn - 1].nparams = x->ptypes ? x->nslots : 0;
        *stage = 1;
        sp_end(p, x);
        return x;
    }
    if (*stage > 0) p_error(p, 1337, "42000", "Variable or condition declaration after cursor or handler declaration");
    if (is_ident_tok(p) && is_word(peek(p), "CONDITION")) {
        char *name = ident(p);
        next(p);
        expect_kw(p, "FOR");
        for (int j = block_mark; j < p->nspn; j++)
            if (p->spn[j].kind == SPN_COND && !strcasecmp(p->spn[j].name, name))
                p_error(p, 1332, "42000", "Duplicate condition: %s", name);
        pl_spcond c;
        sp_condition(p, &c, false);
        sp_push(p, name, 0, SPN_COND, false);
        p->spn[p->nspn - 1].cond = c;
        x->nslots = 0;
        sp_end(p, x);
        return x;
    }
    vec names = { 0 };
    do vpush(p, &names, ident(p)); while (accept_op(p, ','));
    pl_coldef *d = alloc(p, sizeof *d);
    column_type(p, d);
    if (is_kw(p, "COLLATE")) { next(p); d->collate = ident_or_string(p); }
    if (accept_kw(p, "DEFAULT")) x->dflt = expr(p);
    x->type = d;
    x->slot = p->sp_slots;
    x->nslots = names.n;
    x->names = (char **)names.v;
    for (int i = 0; i < names.n; i++) {
        for (int j = block_mark; j < p->nspn; j++)
            if (p->spn[j].kind == SPN_VAR && !strcasecmp(p->spn[j].name, names.v[i]))
                p_error(p, 1331, "42000", "Duplicate variable: %s", (char *)names.v[i]);
        sp_push(p, names.v[i], p->sp_slots++, SPN_VAR, false);
    }
    sp_end(p, x);
    return x;
}

static void sp_end_label(P *p, const char *label)
{
    if (!is_ident_tok(p) || is_op(p, ';')) return;
    char *l = ident(p);
    if (!label || strcasecmp(l, label)) p_error(p, 1310, "42000", "End-label %s without match", l);
}

/* [label:] BEGIN [NOT ATOMIC] [DECLARE ...;] ... END [label] */
static pl_sp *sp_block(P *p, char *label, const char *start)
{
    pl_sp *x = sp_new(p, SP_BLOCK, start);
    x->label = label;
    int mark = p->nspn;
    if (label) sp_push(p, label, 0, SPN_LABEL, false);
    if (accept_kw(p, "NOT")) expect_kw(p, "ATOMIC");
    int vars = p->nspn, stage = 0;
    vec v = { 0 };
    while (accept_kw(p, "DECLARE")) {
        vpush(p, &v, sp_declare(p, vars, &stage));
        expect_op(p, ';');
    }
    sp_list(p, x, &v);
    expect_kw(p, "END");
    sp_end_label(p, label);
    p->nspn = mark;
    sp_end(p, x);
    return x;
}

/* IF / ELSEIF cond THEN ... [ELSEIF ...] [ELSE ...] (END IF: the caller's) */
static pl_sp *sp_if(P *p, int kind, pl_expr *operand, const char *start)
{
    pl_sp *x = sp_new(p, kind, start);
    pl_expr *c = expr(p);
    x->cond = operand ? mkbin(p, BO_EQ, operand, c) : c;
    expect_kw(p, "THEN");
    vec v = { 0 };
    sp_list(p, x, &v);
    if (kind == SP_IF && is_kw(p, "ELSEIF")) { const char *s = p->t.start; next(p); x->els = sp_if(p, kind, NULL, s); }
    else if (kind == SP_CASE && is_kw(p, "WHEN")) { const char *s = p->t.start; next(p); x->els = sp_if(p, kind, operand, s); }
    else if (is_kw(p, "ELSE")) {
        pl_sp *e = sp_new(p, SP_BLOCK, p->t.start);
        next(p);
        vec ev = { 0 };
        sp_list(p, e, &ev);
        x->els = e;
    }
    sp_end(p, x);
    return x;
}

static pl_sp *sp_loop(P *p, int kind, char *label, const char *start)
{
    pl_sp *x = sp_new(p, kind, start);
    x->label = label;
    int mark = p->nspn;
    if (label) sp_push(p, label, 0, SPN_LABEL, true);
    if (kind == SP_WHILE) { x->cond = expr(p); expect_kw(p, "DO"); }
    vec v = { 0 };
    sp_list(p, x, &v);
    if (kind == SP_REPEAT) { expect_kw(p, "UNTIL"); x->cond = expr(p); }
    expect_kw(p, "END");
    expect_kw(p, kind == SP_WHILE ? "WHILE" : kind == SP_REPEAT ? "REPEAT" : "LOOP");
    sp_end_label(p, label);
    p->nspn = mark;
    sp_end(p, x);
    return x;
}

/* SIGNAL SQLSTATE [VALUE] 'xxxxx' [SET MESSAGE_TEXT = e, MYSQL_ERRNO = n, ...] */
/* SIGNAL {SQLSTATE [VALUE] 'xxxxx' | condition} [SET MESSAGE_TEXT = e, MYSQL_ERRNO = n, ...];
 * RESIGNAL [...] (sqlstate "": the condition being handled) */
static pl_sp *sp_signal(P *p, const char *start, bool resignal)
{
    pl_sp *x = sp_new(p, SP_SIGNAL, start);
    if (!resignal || (!is_kw(p, "SET") && !is_op(p, ';') && p->t.kind != TK_EOF && !is_kw(p, "END"))) {
        pl_spcond c;
        sp_condition(p, &c, false);
        if (c.kind != SPC_STATE)
            p_error(p, 1645, "HY000", "SIGNAL/RESIGNAL can only use a CONDITION defined with SQLSTATE");
        memcpy(x->sqlstate, c.state, 6);
    }
    x->sigcode = resignal;
    if (accept_kw(p, "SET")) {
        do {
            if (accept_kw(p, "MESSAGE_TEXT")) { expect_op(p, '='); x->msg = expr(p); }
            else if (accept_kw(p, "MYSQL_ERRNO")) { expect_op(p, '='); x->errnum = expr(p); }
            else {   /* CLASS_ORIGIN, TABLE_NAME ...: read, not kept */
                ident(p);
                expect_op(p, '=');
                expr(p);
            }
        } while (accept_op(p, ','));
    }
    sp_end(p, x);
    return x;
}

static int sp_cursor(P *p)
{
    char *name = ident(p);
    int i = sp_find(p, name, SPN_CURSOR);
    if (i < 0) p_error(p, 1324, "42000", "Undefined CURSOR: %s", name);
    return p->spn[i].slot;
}

/* FETCH [[NEXT] FROM] cursor INTO var [, var ...] */
static pl_sp *sp_fetch(P *p, const char *start)
{
    pl_sp *x = sp_new(p, SP_FETCH, start);
    if (accept_kw(p, "NEXT")) expect_kw(p, "FROM");
    else accept_kw(p, "FROM");
    x->cursor = sp_cursor(p);
    expect_kw(p, "INTO");
    vec v = { 0 };
    do {
        char *name = ident(p);
        int i = sp_find(p, name, SPN_VAR);
        if (i < 0) p_error(p, 1327, "42000", "Undeclared variable: %s", name);
        int *slot = alloc(p, sizeof *slot);
        *slot = p->spn[i].slot;
        vpush(p, &v, slot);
    } while (accept_op(p, ','));
    x->slots = alloc(p, (size_t)v.n * sizeof *x->slots);
    for (int i = 0; i < v.n; i++) x->slots[i] = *(int *)v.v[i];
    x->nslots = v.n;
    sp_end(p, x);
    return x;
}

static pl_sp *sp_leave(P *p, int kind, const char *start)
{
    pl_sp *x = sp_new(p, kind, start);
    x->label = ident(p);
    int i = sp_find(p, x->label, SPN_LABEL);
    if (i < 0 || (kind == SP_ITERATE && !p->spn[i].loop))
        p_error(p, 1308, "42000", "%s with no matching label: %s", kind == SP_LEAVE ? "LEAVE" : "ITERATE", x->label);
    sp_end(p, x);
    return x;
}

/* One statement of a body (without its ';'). */
static pl_sp *sp_stmt(P *p)
{
    check_stack(p);
    const char *start = p->t.start;
    char *label = NULL;
    if (is_ident_tok(p) && peek(p)->kind == TK_OP && peek(p)->op == ':') {
        label = ident(p);
        next(p);
        if (sp_find(p, label, SPN_LABEL) >= 0) p_error(p, 1309, "42000", "Redefining label %s", label);
        if (!is_kw(p, "BEGIN") && !is_kw(p, "LOOP") && !is_kw(p, "WHILE") && !is_kw(p, "REPEAT")) syntax_error(p);
    }
    if (accept_kw(p, "BEGIN")) return sp_block(p, label, start);
    if (accept_kw(p, "LOOP")) return sp_loop(p, SP_LOOP, label, start);
    if (accept_kw(p, "WHILE")) return sp_loop(p, SP_WHILE, label, start);
    if (accept_kw(p, "REPEAT")) return sp_loop(p, SP_REPEAT, label, start);
    if (accept_kw(p, "IF")) {
        pl_sp *x = sp_if(p, SP_IF, NULL, start);
        expect_kw(p, "END"); expect_kw(p, "IF");
        sp_end(p, x);
        return x;
    }
    if (accept_kw(p, "CASE")) {
        pl_expr *operand = is_kw(p, "WHEN") ? NULL : expr(p);
        expect_kw(p, "WHEN");
        pl_sp *x = sp_if(p, SP_CASE, operand, start);
        x->operand = operand;
        expect_kw(p, "END"); expect_kw(p, "CASE");
        sp_end(p, x);
        return x;
    }
    if (accept_kw(p, "LEAVE")) return sp_leave(p, SP_LEAVE, start);
    if (accept_kw(p, "ITERATE")) return sp_leave(p, SP_ITERATE, start);
    if (accept_kw(p, "SIGNAL")) return sp_signal(p, start, false);
    if (accept_kw(p, "RESIGNAL")) return sp_signal(p, start, true);
    if (is_kw(p, "RETURN")) {
        if (!p->rtn || !p->rtn->function) p_error(p, 1313, "42000", "RETURN is only allowed in a FUNCTION");
        next(p);
        pl_sp *x = sp_new(p, SP_RETURN, start);
        x->cond = expr(p);
        sp_end(p, x);
        return x;
    }
    if (p->rtn && is_kw(p, "OPEN")) {
        next(p);
        pl_sp *x = sp_new(p, SP_OPEN, start);
        char *cname = ident(p);
        int ci = sp_find(p, cname, SPN_CURSOR);
        if (ci < 0) p_error(p, 1324, "42000", "Undefined CURSOR: %s", cname);
        x->cursor = p->spn[ci].slot;
        int want = p->spn[ci].nparams;
        if (accept_op(p, '(')) {   /* OPEN cursor(value, ...) */
            vec args = { 0 };
            if (!is_op(p, ')')) do vpush(p, &args, expr(p)); while (accept_op(p, ','));
            expect_op(p, ')');
            x->args = (pl_expr **)args.v;
            x->nargs = args.n;
        }
        if (x->nargs != want) p_error(p, 4080, "42000", "Incorrect parameter count to cursor '%s'", cname);
        sp_end(p, x);
        return x;
    }
    if (p->rtn && is_kw(p, "CLOSE")) {
        next(p);
        pl_sp *x = sp_new(p, SP_CLOSE, start);
        x->cursor = sp_cursor(p);
        sp_end(p, x);
        return x;
    }
    if (p->rtn && accept_kw(p, "FETCH")) return sp_fetch(p, start);
    if (is_kw(p, "DECLARE")) syntax_error(p);   /* (only at the start of a block) */
    pl_sp *x = sp_new(p, SP_STMT, start);
    pl_stmt *st = alloc(p, sizeof *st);
    st->start = start;
    statement(p, st);
    sp_end(p, x);
    st->len = x->len;
    x->st = st;
    if (p->in_event && (st->kind == S_CREATE_EVENT || (st->kind == S_ALTER_EVENT && st->event->body)))
        p_error(p, 1576, "HY000", "Recursion of EVENT DDL statements is forbidden when body is present");
    if (p->rtn && !p->rtn->function) {   /* a procedure: whatever the engine can run in one (checked at CALL) */
        if (st->kind == S_CREATE_TRIGGER || st->kind == S_CREATE_ROUTINE)
            p_error(p, 1303, "2F003", "Can't create a %s from within another stored routine",
                    st->kind == S_CREATE_TRIGGER ? "TRIGGER" : st->routine->function ? "FUNCTION" : "PROCEDURE");
        return x;
    }
    const char *what = p->rtn ? "function" : "trigger";
    switch (st->kind) {
    case S_SELECT:
        if (!st->sel->ninto) p_error(p, 1415, "0A000", "Not allowed to return a result set from a %s", what);
        break;
    case S_INSERT: case S_REPLACE: case S_UPDATE: case S_DELETE: case S_SET: case S_DO: case S_GET_DIAG: break;
    case S_SHOW: case S_DESCRIBE: case S_EXPLAIN:
        p_error(p, 1415, "0A000", "Not allowed to return a result set from a %s", what);
    case S_CREATE_TRIGGER: case S_CREATE_ROUTINE:
        p_error(p, 1303, "2F003", "Can't create a %s from within another stored routine",
                st->kind == S_CREATE_TRIGGER ? "TRIGGER" : st->routine->function ? "FUNCTION" : "PROCEDURE");
    case S_CALL: break;
    case S_LOCK_TABLES: case S_UNLOCK_TABLES:
        p_error(p, 1314, "0A000", "LOCK is not allowed in stored procedures");
    case S_COMMIT: case S_ROLLBACK: case S_BEGIN: case S_CREATE_DB: case S_DROP_DB: case S_CREATE_TABLE:
    case S_DROP_TABLE: case S_ALTER_TABLE: case S_TRUNCATE: case S_RENAME_TABLE: case S_CREATE_INDEX:
    case S_DROP_INDEX: case S_CREATE_VIEW: case S_DROP_VIEW: case S_DROP_TRIGGER: case S_CREATE_USER: case S_DROP_USER: case S_ALTER_USER:
    case S_GRANT: case S_REVOKE: case S_RENAME_USER: case S_SET_PASSWORD: case S_ANALYZE_TABLE:
    case S_OPTIMIZE_TABLE: case S_CHECK_TABLE: case S_REPAIR_TABLE: case S_CREATE_ROLE: case S_DROP_ROLE:
    case S_GRANT_ROLE: case S_REVOKE_ROLE: case S_SET_DEFAULT_ROLE:
        if (st->kind == S_CREATE_TABLE && st->temporary) break;
        p_error(p, 1422, "HY000", "Explicit or implicit commit is not allowed in stored function or trigger");
    case S_PREPARE: case S_EXECUTE: case S_DEALLOCATE:
        p_error(p, 1336, "0A000", "Dynamic SQL is not allowed in stored function or trigger");
    default:
        p_error(p, 1235, "42000", "This version of MariaDB doesn't yet support 'this statement in a trigger'");
    }
    return x;
}

/* ON SCHEDULE {AT when | EVERY n unit [STARTS when] [ENDS when]} */
static void event_schedule(P *p, pl_event *e)
{
    expect_kw(p, "SCHEDULE");
    e->has_schedule = true;
    if (accept_kw(p, "AT")) { e->at = expr(p); return; }
    expect_kw(p, "EVERY");
    e->every = true;
    e->amount = expr(p);
    e->unit = interval_unit(p);
    if (accept_kw(p, "STARTS")) e->starts = expr(p);
    if (accept_kw(p, "ENDS")) e->ends = expr(p);
}

/* EVENT [IF NOT EXISTS] name ON SCHEDULE ... [ON COMPLETION [NOT] PRESERVE] [ENABLE |
 * DISABLE [ON SLAVE]] [COMMENT 'text'] DO body (after CREATE [OR REPLACE] [DEFINER = ..]);
 * ALTER's (alter: every clause optional, RENAME TO before the status) */
static void event_rest(P *p, pl_stmt *s, pl_view *v, bool alter)
{
    pl_event *e = alloc(p, sizeof *e);
    memset(e, 0, sizeof *e);
    s->kind = alter ? S_ALTER_EVENT : S_CREATE_EVENT;
    s->event = e;
    e->has_definer = v->has_definer;
    e->definer = v->definer;
    e->preserve = e->status = -1;
    if (!alter && accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
    table_name(p, &e->db, &e->name);
    s->db = e->db;
    s->name = e->name;
    if (!alter) { expect_kw(p, "ON"); event_schedule(p, e); }
    else if (is_kw(p, "ON") && is_word(peek(p), "SCHEDULE")) { next(p); event_schedule(p, e); }
    if (is_kw(p, "ON") && is_word(peek(p), "COMPLETION")) {
        next(p); next(p);
        e->preserve = !accept_kw(p, "NOT");
        expect_kw(p, "PRESERVE");
    }
    if (alter && accept_kw(p, "RENAME")) { expect_kw(p, "TO"); table_name(p, &e->rename_db, &e->rename_name); }
    if (accept_kw(p, "ENABLE")) e->status = 0;
    else if (accept_kw(p, "DISABLE")) {
        e->status = 1;
        if (accept_kw(p, "ON")) { expect_kw(p, "SLAVE"); e->status = 2; }
    }
    if (accept_kw(p, "COMMENT")) {
        if (p->t.kind != TK_STRING) syntax_error(p);
        e->comment = stor_arena_strndup(p->a, p->t.val, p->t.vlen);
        e->has_comment = true;
        next(p);
    }
    if (alter && !accept_kw(p, "DO")) {
        if (!e->has_schedule && e->preserve < 0 && !e->rename_name && e->status < 0 && !e->has_comment) syntax_error(p);
        return;
    }
    if (!alter) expect_kw(p, "DO");
    /* the body: a procedure's (no parameters) */
    pl_routine *r = alloc(p, sizeof *r);
    memset(r, 0, sizeof *r);
    r->name = e->name;
    e->body = p->t.start;
    int mark = p->nspn;
    pl_routine *outer = p->rtn;   /* (an event's DDL inside a routine's body: 1576 there) */
    bool outer_event = p->in_event, outer_sp = p->in_sp;
    int outer_slots = p->sp_slots, outer_cursors = p->sp_cursors;
    p->rtn = r;
    p->in_event = true;
    p->in_sp = true;
    p->sp_slots = 0;
    p->sp_cursors = 0;
    e->sp = sp_stmt(p);
    p->nspn = mark;
    e->nslots = p->sp_slots;
    e->ncursors = p->sp_cursors;
    p->rtn = outer;
    p->in_event = outer_event;
    p->in_sp = outer_sp;
    p->sp_slots = outer_slots;
    p->sp_cursors = outer_cursors;
    e->body_len = e->sp->len;
}

/* TRIGGER [IF NOT EXISTS] name {BEFORE|AFTER} {INSERT|UPDATE|DELETE} ON table FOR EACH ROW
 * [{FOLLOWS|PRECEDES} other] body (after CREATE [OR REPLACE] [DEFINER = ...]) */
static void trigger_rest(P *p, pl_stmt *s, pl_view *v, const char *head)
{
    pl_trigger *g = alloc(p, sizeof *g);
    s->kind = S_CREATE_TRIGGER;
    s->trigger = g;
    g->head = head;
    g->has_definer = v->has_definer;
    g->definer = v->definer;
    if (accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
    table_name(p, &g->db, &g->name);
    if (accept_kw(p, "BEFORE")) g->timing = 0;
    else { expect_kw(p, "AFTER"); g->timing = 1; }
    if (accept_kw(p, "INSERT")) g->event = 0;
    else if (accept_kw(p, "UPDATE")) g->event = 1;
    else { expect_kw(p, "DELETE"); g->event = 2; }
    expect_kw(p, "ON");
    g->tbl_from = p->t.start;
    table_name(p, &s->db, &s->table);
    g->tbl_to = p->prev_end;
    expect_kw(p, "FOR"); expect_kw(p, "EACH"); expect_kw(p, "ROW");
    g->cut_from = g->cut_to = p->prev_end;
    if (accept_kw(p, "FOLLOWS")) { g->order = 1; g->other = ident(p); }
    else if (accept_kw(p, "PRECEDES")) { g->order = 2; g->other = ident(p); }
    if (g->order) g->cut_to = p->prev_end;
    g->body = p->t.start;
    vec refs = { 0 };
    p->trg = g;
    p->in_sp = true;
    p->sp_refs = &refs;
    p->sp_slots = 0;
    g->sp = sp_stmt(p);
    p->trg = NULL;
    p->in_sp = false;
    g->body_len = g->sp->len;
    g->refs = (pl_expr **)refs.v;
    g->nrefs = refs.n;
    g->nslots = p->sp_slots;
}

/* A routine's characteristics (COMMENT, LANGUAGE SQL, [NOT] DETERMINISTIC, data access,
 * SQL SECURITY), the last of each kind winning; r->given: which were written */
static void routine_chars(P *p, pl_routine *r)
{
    for (;;) {
        if (accept_kw(p, "COMMENT")) {
            if (p->t.kind != TK_STRING) syntax_error(p);
            r->comment = stor_arena_strndup(p->a, p->t.val, p->t.vlen);
            r->given |= 1;
            next(p);
        } else if (accept_kw(p, "LANGUAGE")) expect_kw(p, "SQL");
        else if (is_kw(p, "NOT") && is_word(peek(p), "DETERMINISTIC")) { next(p); next(p); r->deterministic = false; r->given |= 2; }
        else if (accept_kw(p, "DETERMINISTIC")) { r->deterministic = true; r->given |= 2; }
        else if (accept_kw(p, "CONTAINS")) { expect_kw(p, "SQL"); r->data_access = 0; r->given |= 4; }
        else if (is_kw(p, "NO") && is_word(peek(p), "SQL")) { next(p); next(p); r->data_access = 1; r->given |= 4; }
        else if (is_kw(p, "READS") && is_word(peek(p), "SQL")) { next(p); next(p); expect_kw(p, "DATA"); r->data_access = 2; r->given |= 4; }
        else if (is_kw(p, "MODIFIES") && is_word(peek(p), "SQL")) { next(p); next(p); expect_kw(p, "DATA"); r->data_access = 3; r->given |= 4; }
        else if (is_kw(p, "SQL") && is_word(peek(p), "SECURITY")) {
            next(p); next(p);
            if (accept_kw(p, "DEFINER")) r->security = 1;
            else { expect_kw(p, "INVOKER"); r->security = 2; }
            r->given |= 8;
        } else break;
    }
}

/* PROCEDURE / FUNCTION [IF NOT EXISTS] name ([IN | OUT | INOUT] p type, ...) [RETURNS type]
 * [characteristics] body (after CREATE [OR REPLACE] [DEFINER = ...]) */
static void routine_rest(P *p, pl_stmt *s, pl_view *v, bool function)
{
    pl_routine *r = alloc(p, sizeof *r);
    s->kind = S_CREATE_ROUTINE;
    s->routine = r;
    s->num = function;
    r->function = function;
    r->has_definer = v->has_definer;
    r->definer = v->definer;
    if (accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
    table_name(p, &r->db, &r->name);
    s->db = r->db;
    s->name = r->name;
    expect_op(p, '(');
    r->params_text = p->t.start;
    vec ps = { 0 };
    int mark = p->nspn;
    if (!is_op(p, ')')) {
        do {
            pl_param *a = alloc(p, sizeof *a);
            if (!function && accept_kw(p, "IN")) a->mode = 0;
            else if (!function && accept_kw(p, "OUT")) a->mode = 1;
            else if (!function && accept_kw(p, "INOUT")) a->mode = 2;
            a->name = ident(p);
            for (int i = 0; i < ps.n; i++)
                if (!strcasecmp(((pl_param *)ps.v[i])->name, a->name)) p_error(p, 1330, "42000", "Duplicate parameter: %s", a->name);
            a->type = alloc(p, sizeof *a->type);
            column_type(p, a->type);
            if (is_kw(p, "COLLATE")) { next(p); a->type->collate = ident_or_string(p); }
            vpush(p, &ps, a);
        } while (accept_op(p, ','));
    }
    r->params_len = (size_t)(p->t.start - r->params_text);
    expect_op(p, ')');
    r->params = alloc(p, (size_t)(ps.n ? ps.n : 1) * sizeof *r->params);
    for (int i = 0; i < ps.n; i++) r->params[i] = *(pl_param *)ps.v[i];
    r->nparams = ps.n;
    if (function) {
        expect_kw(p, "RETURNS");
        r->returns_text = p->t.start;
        r->returns = alloc(p, sizeof *r->returns);
        column_type(p, r->returns);
        if (is_kw(p, "COLLATE")) { next(p); r->returns->collate = ident_or_string(p); }
        r->returns_len = (size_t)(p->prev_end - r->returns_text);
    }
    r->chars_text = p->t.start;
    routine_chars(p, r);
    r->chars_len = p->t.start > r->chars_text ? (size_t)(p->prev_end - r->chars_text) : 0;
    r->body = p->t.start;
    p->rtn = r;
    p->in_sp = true;
    p->sp_slots = 0;
    p->sp_cursors = 0;
    for (int i = 0; i < r->nparams; i++) sp_push(p, r->params[i].name, p->sp_slots++, SPN_VAR, false);
    r->sp = sp_stmt(p);
    p->nspn = mark;
    p->rtn = NULL;
    p->in_sp = false;
    r->body_len = r->sp->len;
    r->nslots = p->sp_slots;
    r->ncursors = p->sp_cursors;
}

/* GET [CURRENT | STACKED] DIAGNOSTICS {target = NUMBER | ROW_COUNT, ... | CONDITION n
 * target = RETURNED_SQLSTATE | MYSQL_ERRNO | MESSAGE_TEXT | ..., ...}: sets[i].name / scope
 * the target (a user variable, or PL_SET_LOCAL and its slot), sets[i].value->ival the
 * item (GD_*); s->where the condition's number (NULL: statement items) */
static void get_diag_stmt(P *p, pl_stmt *s)
{
    s->kind = S_GET_DIAG;
    if (!accept_kw(p, "CURRENT") && accept_kw(p, "STACKED")) s->num = 1;
    expect_kw(p, "DIAGNOSTICS");
    bool cond = accept_kw(p, "CONDITION");
    if (cond) s->where = expr(p);
    static const char *const stmt_items[] = { "NUMBER", "ROW_COUNT", NULL };
    static const char *const cond_items[] = { "RETURNED_SQLSTATE", "MYSQL_ERRNO", "MESSAGE_TEXT", "CLASS_ORIGIN",
                                              "SUBCLASS_ORIGIN", NULL };
    vec v = { 0 };
    do {
        pl_assign *a = alloc(p, sizeof *a);
        if (p->t.kind == TK_USERVAR) { a->scope = 2; a->name = p->t.val; next(p); }
        else {
            a->name = ident(p);
            int i = p->in_sp ? sp_find(p, a->name, SPN_VAR) : -1;
            if (i < 0) p_error(p, 1327, "42000", "Undeclared variable: %s", a->name);
            a->scope = PL_SET_LOCAL;
            a->slot = p->spn[i].slot;
        }
        expect_op(p, '=');
        const char *const *items = cond ? cond_items : stmt_items;
        int k = -1;
        for (int i = 0; items[i] && k < 0; i++) if (is_kw(p, items[i])) k = i;
        if (k < 0) {   /* (other condition items exist and read as empty) */
            if (!cond || !is_ident_tok(p)) syntax_error(p);
            k = GD_EMPTY - GD_SQLSTATE;
        }
        next(p);
        a->value = mk(p, E_INT, p->t.start);
        a->value->ival = cond ? GD_SQLSTATE + k : k;
        vpush(p, &v, a);
    } while (accept_op(p, ','));
    s->sets = alloc(p, (size_t)v.n * sizeof *s->sets);
    for (int i = 0; i < v.n; i++) s->sets[i] = *(pl_assign *)v.v[i];
    s->nsets = v.n;
}

/* CALL [db.]name [([expr, ...])] */
static void call_stmt(P *p, pl_stmt *s)
{
    s->kind = S_CALL;
    table_name(p, &s->db, &s->name);
    vec a = { 0 };
    if (accept_op(p, '(')) {
        if (!is_op(p, ')')) do vpush(p, &a, expr(p)); while (accept_op(p, ','));
        expect_op(p, ')');
    }
    s->rows = alloc(p, sizeof *s->rows);
    s->rows[0] = (pl_expr **)a.v;
    s->rowlen = a.n;
    s->nrows = 1;
}

/* CACHE INDEX t [{INDEX|KEY} (k, ...)] [PARTITION (...)], ... IN cache (name: the
 * cache) and LOAD INDEX INTO CACHE t [PARTITION (...)] [{INDEX|KEY} (k, ...)]
 * [IGNORE LEAVES], ...: the tables in names; the key lists are read and not kept. */
static void keycache_index_list(P *p)
{
    if (accept_kw(p, "INDEX") || accept_kw(p, "KEY")) {
        expect_op(p, '(');
        if (!is_op(p, ')')) do (void)ident(p); while (accept_op(p, ','));
        expect_op(p, ')');
    }
}

static void keycache_stmt(P *p, pl_stmt *s)
{
    bool load = is_kw(p, "LOAD");
    next(p); next(p);
    if (load) { expect_kw(p, "INTO"); expect_kw(p, "CACHE"); }
    s->kind = load ? S_LOAD_INDEX : S_CACHE_INDEX;
    vec n = { 0 }, d = { 0 };
    do {
        char *db, *nm;
        table_name(p, &db, &nm);
        vpush(p, &n, nm); vpush(p, &d, db);
        for (int k = 0; k < 2; k++) {
            if (accept_kw(p, "PARTITION")) {
                expect_op(p, '(');
                if (!accept_kw(p, "ALL")) do (void)ident(p); while (accept_op(p, ','));
                expect_op(p, ')');
            }
            keycache_index_list(p);
        }
        if (load && accept_kw(p, "IGNORE")) expect_kw(p, "LEAVES");
    } while (accept_op(p, ','));
    s->names = (char **)n.v; s->names_db = (char **)d.v; s->nnames = n.n;
    if (!load) { expect_kw(p, "IN"); s->name = accept_kw(p, "DEFAULT") ? "default" : ident(p); }
}

static void statement(P *p, pl_stmt *s);

/* The rest of EXPLAIN / ANALYZE: [FORMAT=JSON] (explain_opt json_opt) and the statement. */
static void explain_body(P *p, pl_stmt *s, int json_opt)
{
    if (accept_kw(p, "FORMAT")) {
        expect_op(p, '=');
        const char *f = ident_or_string(p);
        if (!strcasecmp(f, "JSON")) s->explain_opt = json_opt;
    }
    s->kind = S_EXPLAIN;
    pl_stmt *inner = alloc(p, sizeof *inner);
    statement(p, inner);
    s->sel = inner->sel;
    s->num = inner->kind;
    s->inner = inner;
}

static void statement(P *p, pl_stmt *s)
{
    if (starts_select(p) || is_op(p, '(')) {
        s->kind = S_SELECT;
        s->sel = select_stmt(p);
        s->sel->examined = p->examined;
        return;
    }
    if (accept_kw(p, "INSERT")) { insert_stmt(p, s, false); return; }
    if (accept_kw(p, "REPLACE")) { insert_stmt(p, s, true); return; }
    if (accept_kw(p, "UPDATE")) { update_stmt(p, s); return; }
    if (accept_kw(p, "DELETE")) { delete_stmt(p, s); return; }
    if (accept_kw(p, "SET")) { set_stmt(p, s); return; }
    if (accept_kw(p, "USE")) { s->kind = S_USE; s->db = ident(p); return; }
    if (accept_kw(p, "SHOW")) { show_stmt(p, s); return; }
    if (accept_kw(p, "DESCRIBE") || accept_kw(p, "DESC") || accept_kw(p, "EXPLAIN")) {
        if (is_ident_tok(p) && !is_kw(p, "EXTENDED") && !is_kw(p, "PARTITIONS") && !is_kw(p, "FORMAT") &&
            !is_kw(p, "ANALYZE")) {
            s->kind = S_DESCRIBE;
            table_name(p, &s->db, &s->table);
            if (p->t.kind == TK_STRING) { s->like = p->t.val; next(p); }
            else if (is_ident_tok(p)) { s->like = ident(p); }
            return;
        }
        if (accept_kw(p, "EXTENDED")) s->explain_opt = 1;
        else if (accept_kw(p, "PARTITIONS")) s->explain_opt = 2;
        else if (is_kw(p, "ANALYZE")) syntax_error(p);   /* MariaDB: ANALYZE SELECT, not EXPLAIN ANALYZE */
        explain_body(p, s, 3);
        return;
    }
    if (accept_kw(p, "CREATE")) {
        if (accept_kw(p, "OR")) { expect_kw(p, "REPLACE"); s->or_replace = true; }
        if (accept_kw(p, "TEMPORARY")) s->temporary = true;
        if (accept_kw(p, "TABLE")) { create_table(p, s); return; }
        if (accept_kw(p, "DATABASE") || accept_kw(p, "SCHEMA")) {
            s->kind = S_CREATE_DB;
            if (accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
            s->db = ident(p);
            for (;;) {
                accept_kw(p, "DEFAULT");
                if (accept_kw(p, "CHARACTER") || accept_kw(p, "CHARSET")) { accept_kw(p, "SET"); accept_op(p, '='); s->charset = charset_name(p); }
                else if (accept_kw(p, "COLLATE")) { accept_op(p, '='); s->collate = ident_or_string(p); }
                else if (accept_kw(p, "COMMENT")) { accept_op(p, '='); next(p); }
                else break;
            }
            return;
        }
        bool uniq = accept_kw(p, "UNIQUE");
        bool ft = !uniq && (accept_kw(p, "FULLTEXT") || accept_kw(p, "SPATIAL"));
        if (accept_kw(p, "INDEX")) {
            s->kind = S_CREATE_INDEX;
            if (accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
            pl_keydef *k = alloc(p, sizeof *k);
            k->kind = uniq ? IK_UNIQUE : ft ? IK_FULLTEXT : IK_KEY;
            k->name = ident(p);
            (void)(accept_kw(p, "USING") && (accept_kw(p, "BTREE") || accept_kw(p, "HASH")));
            expect_kw(p, "ON");
            table_name(p, &s->db, &s->table);
            key_parts(p, k);
            key_options(p, k);
            while (accept_kw(p, "ALGORITHM") || accept_kw(p, "LOCK")) { accept_op(p, '='); ident_or_string(p); }
            s->keys = k; s->nkeys = 1;
            return;
        }
        if (uniq || ft) syntax_error(p);
        if (is_kw(p, "VIEW") || is_kw(p, "ALGORITHM") || is_kw(p, "DEFINER") || is_kw(p, "SQL")) {
            pl_view *v = view_head(p);
            if (accept_kw(p, "VIEW")) { view_rest(p, s, v); return; }
            if (v->algorithm || v->security) syntax_error(p);
            if (is_kw(p, "TRIGGER")) { const char *h = p->t.start; next(p); trigger_rest(p, s, v, h); return; }
            if (is_kw(p, "PROCEDURE") || is_kw(p, "FUNCTION")) {
                bool fn = is_kw(p, "FUNCTION");
                next(p);
                routine_rest(p, s, v, fn);
                return;
            }
            if (accept_kw(p, "EVENT")) { event_rest(p, s, v, false); return; }
        }
        if (accept_kw(p, "EVENT")) {
            pl_view v0 = { 0 };
            event_rest(p, s, &v0, false);
            return;
        }
        if (is_kw(p, "TRIGGER")) {
            const char *h = p->t.start;
            next(p);
            pl_view v0 = { 0 };
            trigger_rest(p, s, &v0, h);
            return;
        }
        if (is_kw(p, "PROCEDURE") || is_kw(p, "FUNCTION")) {
            bool fn = is_kw(p, "FUNCTION");
            next(p);
            pl_view v0 = { 0 };
            routine_rest(p, s, &v0, fn);
            return;
        }
        s->kind = S_UNSUPPORTED;
        if (is_kw(p, "USER")) {
            next(p);
            s->kind = S_CREATE_USER;
            if (accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
            user_list(p, s, true, false);
            return;
        }
        else if (is_kw(p, "ROLE")) { next(p); create_role(p, s); return; }
        else if (accept_kw(p, "SEQUENCE")) {
            s->kind = S_CREATE_TABLE;
            if (accept_kw(p, "IF")) { expect_kw(p, "NOT"); expect_kw(p, "EXISTS"); s->if_not_exists = true; }
            table_name(p, &s->db, &s->table);
            s->seq = alloc(p, sizeof *s->seq);
            memset(s->seq, 0, sizeof *s->seq);
            seq_options(p, s->seq, false);
            table_options(p, &s->opts);
            return;
        }
        else syntax_error(p);
        while (p->t.kind != TK_EOF && !is_op(p, ';')) next(p);
        return;
    }
    if (accept_kw(p, "DROP")) {
        if (accept_kw(p, "PREPARE")) { s->kind = S_DEALLOCATE; s->name = ident(p); return; }
        if (accept_kw(p, "TEMPORARY")) s->temporary = true;
        if (accept_kw(p, "SEQUENCE")) {
            s->kind = S_DROP_TABLE;
            s->drop_sequence = true;
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            name_list(p, s);
            return;
        }
        if (accept_kw(p, "TABLE") || accept_kw(p, "TABLES")) {
            s->kind = S_DROP_TABLE;
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            name_list(p, s);
            (void)(accept_kw(p, "RESTRICT") || accept_kw(p, "CASCADE"));
            return;
        }
        if (accept_kw(p, "DATABASE") || accept_kw(p, "SCHEMA")) {
            s->kind = S_DROP_DB;
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            s->db = ident(p);
            return;
        }
        if (accept_kw(p, "INDEX") || accept_kw(p, "KEY")) {
            s->kind = S_DROP_INDEX;
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            if (accept_kw(p, "PRIMARY")) s->name = "PRIMARY"; else s->name = ident(p);
            expect_kw(p, "ON");
            table_name(p, &s->db, &s->table);
            return;
        }
        if (accept_kw(p, "VIEW")) {
            s->kind = S_DROP_VIEW;
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            name_list(p, s);
            (void)(accept_kw(p, "RESTRICT") || accept_kw(p, "CASCADE"));
            return;
        }
        if (accept_kw(p, "TRIGGER")) {
            s->kind = S_DROP_TRIGGER;
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            table_name(p, &s->db, &s->name);
            return;
        }
        if (is_kw(p, "PROCEDURE") || is_kw(p, "FUNCTION")) {
            s->kind = S_DROP_ROUTINE;
            s->num = is_kw(p, "FUNCTION");
            next(p);
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            table_name(p, &s->db, &s->name);
            return;
        }
        if (accept_kw(p, "EVENT")) {
            s->kind = S_DROP_EVENT;
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            table_name(p, &s->db, &s->name);
            return;
        }
        s->kind = S_UNSUPPORTED;
        if (is_kw(p, "USER")) {
            next(p);
            s->kind = S_DROP_USER;
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            user_list(p, s, false, false);
            return;
        }
        else if (is_kw(p, "ROLE")) { next(p); drop_role(p, s); return; }
        else syntax_error(p);
        while (p->t.kind != TK_EOF && !is_op(p, ';')) next(p);
        return;
    }
    if (accept_kw(p, "ALTER")) {
        (void)(accept_kw(p, "ONLINE") || accept_kw(p, "IGNORE"));
        if (accept_kw(p, "TABLE")) { alter_table(p, s); return; }
        if (accept_kw(p, "SEQUENCE")) {
            s->kind = S_ALTER_SEQUENCE;
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            table_name(p, &s->db, &s->table);
            s->seq = alloc(p, sizeof *s->seq);
            memset(s->seq, 0, sizeof *s->seq);
            seq_options(p, s->seq, true);
            if (!s->seq->has) syntax_error(p);
            return;
        }
        if (is_kw(p, "PROCEDURE") || is_kw(p, "FUNCTION")) {   /* ALTER PROCEDURE name characteristics */
            s->kind = S_ALTER_ROUTINE;
            s->num = is_kw(p, "FUNCTION");
            next(p);
            table_name(p, &s->db, &s->name);
            pl_routine *r = alloc(p, sizeof *r);
            routine_chars(p, r);
            s->routine = r;
            return;
        }
        if (accept_kw(p, "EVENT")) { pl_view v0 = { 0 }; event_rest(p, s, &v0, true); return; }
        if (is_kw(p, "VIEW") || is_kw(p, "ALGORITHM") || is_kw(p, "DEFINER") || is_kw(p, "SQL")) {
            pl_view *v = view_head(p);
            if (!v->algorithm && !v->security && accept_kw(p, "EVENT")) { event_rest(p, s, v, true); return; }
            v->alter = true;
            expect_kw(p, "VIEW");
            view_rest(p, s, v);
            return;
        }
        if (accept_kw(p, "DATABASE") || accept_kw(p, "SCHEMA")) {
            s->kind = S_UNSUPPORTED; s->unsupported = "ALTER DATABASE";
            while (p->t.kind != TK_EOF && !is_op(p, ';')) next(p);
            return;
        }
        if (accept_kw(p, "USER")) {
            s->kind = S_ALTER_USER;
            if (accept_kw(p, "IF")) { expect_kw(p, "EXISTS"); s->if_exists = true; }
            user_list(p, s, true, false);
            return;
        }
        s->kind = S_UNSUPPORTED; s->unsupported = "this ALTER statement";
        while (p->t.kind != TK_EOF && !is_op(p, ';')) next(p);
        return;
    }
    if (accept_kw(p, "TRUNCATE")) { accept_kw(p, "TABLE"); s->kind = S_TRUNCATE; table_name(p, &s->db, &s->table); return; }
    if (accept_kw(p, "RENAME")) {
        if (accept_kw(p, "USER")) { s->kind = S_RENAME_USER; user_list(p, s, false, true); return; }
        expect_kw(p, "TABLE");
        s->kind = S_RENAME_TABLE;
        vec n = { 0 }, d = { 0 }, tn = { 0 }, td = { 0 };
        do {
            char *db, *nm;
            table_name(p, &db, &nm); vpush(p, &n, nm); vpush(p, &d, db);
            expect_kw(p, "TO");
            table_name(p, &db, &nm); vpush(p, &tn, nm); vpush(p, &td, db);
        } while (accept_op(p, ','));
        s->names = (char **)n.v; s->names_db = (char **)d.v; s->nnames = n.n;
        s->rename_to = (char **)tn.v; s->rename_to_db = (char **)td.v;
        return;
    }
    if (accept_kw(p, "BEGIN")) { accept_kw(p, "WORK"); s->kind = S_BEGIN; return; }
    if (is_kw(p, "START") && (is_word(peek(p), "SLAVE") || is_word(peek(p), "REPLICA") || is_word(peek(p), "ALL"))) {
        replica_stmt(p, s);
        return;
    }
    if (accept_kw(p, "START")) {
        expect_kw(p, "TRANSACTION");
        s->kind = S_BEGIN;
        do {
            if (accept_kw(p, "READ")) { if (accept_kw(p, "ONLY")) s->read_only = true; else { expect_kw(p, "WRITE"); s->read_write = true; } }
            else if (accept_kw(p, "WITH")) { expect_kw(p, "CONSISTENT"); expect_kw(p, "SNAPSHOT"); s->consistent_snapshot = true; }
            else break;
        } while (accept_op(p, ','));
        if (s->read_only && s->read_write) syntax_error(p);   /* (MariaDB: near what follows the list) */
        return;
    }
    if (accept_kw(p, "COMMIT")) {
        accept_kw(p, "WORK");
        s->kind = S_COMMIT;
        if (accept_kw(p, "AND")) { accept_kw(p, "NO"); expect_kw(p, "CHAIN"); }
        if (accept_kw(p, "NO")) expect_kw(p, "RELEASE"); else accept_kw(p, "RELEASE");
        return;
    }
    if (accept_kw(p, "ROLLBACK")) {
        accept_kw(p, "WORK");
        s->kind = S_ROLLBACK;
        if (accept_kw(p, "TO")) { accept_kw(p, "SAVEPOINT"); s->kind = S_ROLLBACK_TO; s->name = ident(p); return; }
        if (accept_kw(p, "AND")) { accept_kw(p, "NO"); expect_kw(p, "CHAIN"); }
        if (accept_kw(p, "NO")) expect_kw(p, "RELEASE"); else accept_kw(p, "RELEASE");
        return;
    }
    if (accept_kw(p, "SAVEPOINT")) { s->kind = S_SAVEPOINT; s->name = ident(p); return; }
    if (accept_kw(p, "RELEASE")) { expect_kw(p, "SAVEPOINT"); s->kind = S_RELEASE; s->name = ident(p); return; }
    if (accept_kw(p, "LOCK")) {
        if (!accept_kw(p, "TABLES")) expect_kw(p, "TABLE");
        s->kind = S_LOCK_TABLES;
        vec ln = { 0 }, ld = { 0 }, lw = { 0 }, la = { 0 };
        do {
            char *db, *nm; table_name(p, &db, &nm);
            vpush(p, &ln, nm); vpush(p, &ld, db);
            char *al = NULL;
            if (accept_kw(p, "AS")) al = ident(p);
            else if (is_ident_tok(p) && !is_kw(p, "READ") && !is_kw(p, "WRITE") && !is_kw(p, "LOW_PRIORITY")) al = ident(p);
            vpush(p, &la, al);
            bool w = false;
            if (accept_kw(p, "READ")) accept_kw(p, "LOCAL");
            else { accept_kw(p, "LOW_PRIORITY"); expect_kw(p, "WRITE"); w = true; }
            vpush(p, &lw, w ? (void *)1 : NULL);
        } while (accept_op(p, ','));
        s->names = (char **)ln.v; s->names_db = (char **)ld.v; s->nnames = ln.n; s->lock_alias = (char **)la.v;
        s->lock_write = alloc(p, (size_t)(ln.n ? ln.n : 1) * sizeof(bool));
        for (int i = 0; i < ln.n; i++) s->lock_write[i] = lw.v[i] != NULL;
        return;
    }
    if (accept_kw(p, "UNLOCK")) { if (!accept_kw(p, "TABLES")) expect_kw(p, "TABLE"); s->kind = S_UNLOCK_TABLES; return; }
    if (is_kw(p, "PURGE") && (is_word(peek(p), "BINARY") || is_word(peek(p), "MASTER"))) {
        /* PURGE {BINARY | MASTER} LOGS {TO 'file' | BEFORE datetime}: num 1 TO, 2 BEFORE */
        next(p); next(p);
        expect_kw(p, "LOGS");
        s->kind = S_PURGE_LOGS;
        if (accept_kw(p, "TO")) s->num = 1;
        else { expect_kw(p, "BEFORE"); s->num = 2; }
        s->where = expr(p);
        return;
    }
    if (accept_kw(p, "FLUSH")) {
        s->kind = S_FLUSH;   /* num: 1 STATUS, 2 LOGS (any kind) among the things flushed,
                                8 the binary log (LOGS or BINARY LOGS), 16 PRIVILEGES,
                                32 TABLES (no read lock) */
        while (p->t.kind != TK_EOF && !is_op(p, ';')) {
            if (is_kw(p, "STATUS")) s->num |= 1;
            if (is_kw(p, "PRIVILEGES")) s->num |= 16;
            if (is_kw(p, "LOGS")) s->num |= 2;
            if (is_kw(p, "LOGS") || (is_kw(p, "BINARY") && is_word(peek(p), "LOGS"))) s->num |= 8;
            /* FLUSH TABLES WITH READ LOCK (no table list): the global read lock; else
               FLUSH TABLES [list]: the table cache closed (32) */
            if (is_kw(p, "TABLES") && peek(p)->kind == TK_IDENT && is_word(peek(p), "WITH")) s->num |= 4;
            else if (is_kw(p, "TABLES") || is_kw(p, "TABLE")) s->num |= 32;
            next(p);
        }
        return;
    }
    if (is_kw(p, "ANALYZE")) {
        /* ANALYZE [FORMAT=JSON] statement: EXPLAIN's rows after running it, with what it
           read (r_rows, r_filtered) */
        pl_token *nx = peek(p);
        bool table = nx->kind == TK_IDENT && (is_word(nx, "TABLE") || is_word(nx, "TABLES") ||
                                              is_word(nx, "NO_WRITE_TO_BINLOG") || is_word(nx, "LOCAL"));
        if (!table) {
            next(p);
            s->explain_opt = 10;
            explain_body(p, s, 11);
            return;
        }
    }
    if (is_kw(p, "ANALYZE") || is_kw(p, "OPTIMIZE") || is_kw(p, "CHECK") || is_kw(p, "REPAIR")) {
        s->kind = is_kw(p, "ANALYZE") ? S_ANALYZE_TABLE : is_kw(p, "OPTIMIZE") ? S_OPTIMIZE_TABLE :
                  is_kw(p, "CHECK") ? S_CHECK_TABLE : S_REPAIR_TABLE;
        next(p);
        (void)(accept_kw(p, "NO_WRITE_TO_BINLOG") || accept_kw(p, "LOCAL"));
        if (!accept_kw(p, "TABLE")) expect_kw(p, "TABLES");
        name_list(p, s);
        while (p->t.kind == TK_IDENT) next(p);
        return;
    }
    if (accept_kw(p, "DO")) {
        s->kind = S_DO;
        s->sel = alloc(p, sizeof(pl_select));
        vec items = { 0 };
        do { pl_item *it = alloc(p, sizeof *it); it->e = expr(p); vpush(p, &items, it); } while (accept_op(p, ','));
        s->sel->nitems = items.n;
        s->sel->items = alloc(p, (size_t)items.n * sizeof(pl_item));
        for (int i = 0; i < items.n; i++) s->sel->items[i] = *(pl_item *)items.v[i];
        return;
    }
    if (accept_kw(p, "SHUTDOWN")) {
        s->kind = S_SHUTDOWN;
        if (accept_kw(p, "WAIT")) {
            expect_kw(p, "FOR");
            expect_kw(p, "ALL");
            if (!accept_kw(p, "SLAVES")) expect_kw(p, "REPLICAS");
        }
        return;
    }
    if (accept_kw(p, "KILL")) {
        s->kind = S_KILL;
        (void)(accept_kw(p, "HARD") || accept_kw(p, "SOFT"));
        /* the id is an expression (KILL CONNECTION_ID()); num 1: KILL QUERY ID */
        if (accept_kw(p, "QUERY")) { s->name = "QUERY"; if (accept_kw(p, "ID")) s->num = 1; }
        else accept_kw(p, "CONNECTION");
        s->where = expr(p);
        return;
    }
    if (accept_kw(p, "GRANT")) { grant_stmt(p, s, true); return; }
    if (accept_kw(p, "REVOKE")) { grant_stmt(p, s, false); return; }
    if (is_kw(p, "RENAME") && is_word(peek(p), "USER")) {
        next(p); next(p);
        s->kind = S_RENAME_USER;
        user_list(p, s, false, true);
        return;
    }
    if (accept_kw(p, "PREPARE")) {
        s->kind = S_PREPARE;
        s->name = ident(p);
        expect_kw(p, "FROM");
        s->where = expr(p);
        return;
    }
    if (accept_kw(p, "EXECUTE")) {
        s->kind = S_EXECUTE;
        if (accept_kw(p, "IMMEDIATE")) s->where = expr(p);
        else s->name = ident(p);
        if (accept_kw(p, "USING")) {
            vec v = { 0 };
            do vpush(p, &v, expr(p)); while (accept_op(p, ','));
            s->rows = alloc(p, sizeof *s->rows);
            s->rows[0] = (pl_expr **)v.v;
            s->rowlen = v.n;
        }
        return;
    }
    if (accept_kw(p, "DEALLOCATE")) {
        expect_kw(p, "PREPARE");
        s->kind = S_DEALLOCATE;
        s->name = ident(p);
        return;
    }
    if (is_kw(p, "CHECKSUM") && (is_word(peek(p), "TABLE") || is_word(peek(p), "TABLES"))) {
        /* CHECKSUM TABLE t, ... [QUICK | EXTENDED]: num 1 for QUICK */
        next(p); next(p);
        s->kind = S_CHECKSUM_TABLE;
        name_list(p, s);
        if (accept_kw(p, "QUICK")) s->num = 1;
        else accept_kw(p, "EXTENDED");
        return;
    }
    if ((is_kw(p, "CACHE") && is_word(peek(p), "INDEX")) || (is_kw(p, "LOAD") && is_word(peek(p), "INDEX"))) {
        keycache_stmt(p, s);
        return;
    }
    if (is_kw(p, "RESET") && is_word(peek(p), "MASTER")) {
        /* RESET MASTER [TO n]: S_PURGE_LOGS with num 3, where the first file's number */
        next(p); next(p);
        s->kind = S_PURGE_LOGS;
        s->num = 3;
        if (accept_kw(p, "TO")) s->where = expr(p);
        return;
    }
    if (is_kw(p, "RESET") && is_word(peek(p), "QUERY")) {
        /* RESET QUERY CACHE: no query cache to empty; it commits as FLUSH does */
        next(p); next(p); expect_kw(p, "CACHE");
        s->kind = S_FLUSH;
        return;
    }
    if (accept_kw(p, "CALL")) { call_stmt(p, s); return; }
    if (is_kw(p, "GET") && (is_word(peek(p), "DIAGNOSTICS") || is_word(peek(p), "CURRENT") || is_word(peek(p), "STACKED"))) {
        next(p);
        get_diag_stmt(p, s);
        return;
    }
    if (is_kw(p, "LOAD") && is_word(peek(p), "DATA")) {
        next(p); next(p);
        load_data_stmt(p, s);
        return;
    }
    if ((is_kw(p, "CHANGE") && (is_word(peek(p), "MASTER") || is_word(peek(p), "REPLICATION"))) ||
        ((is_kw(p, "START") || is_kw(p, "STOP") || is_kw(p, "RESET")) &&
         (is_word(peek(p), "SLAVE") || is_word(peek(p), "REPLICA") || is_word(peek(p), "ALL")))) {
        replica_stmt(p, s);
        return;
    }
    if (is_kw(p, "HANDLER") || is_kw(p, "LOAD") ||
        is_kw(p, "XA") || is_kw(p, "INSTALL") || is_kw(p, "UNINSTALL") || is_kw(p, "RESET") ||
        is_kw(p, "PURGE") || is_kw(p, "CHANGE") || is_kw(p, "BINLOG") || is_kw(p, "CACHE")) {
        s->kind = S_UNSUPPORTED;
        s->unsupported = "this statement";
        while (p->t.kind != TK_EOF && !is_op(p, ';')) next(p);
        return;
    }
    syntax_error(p);
}

/* CHANGE MASTER ['name'] TO opt = value, ...; START | STOP [ALL] SLAVE ['name'] [IO_THREAD |
 * SQL_THREAD]; RESET SLAVE ['name'] [ALL] (REPLICA spellings too). An option's value is
 * a literal, or a word (MASTER_USE_GTID = slave_pos) kept as a string; a list
 * (IGNORE_SERVER_IDS = (1, 2)) as its text. */
static void replica_stmt(P *p, pl_stmt *s)
{
    s->kind = S_REPLICA;
    s->name = "";
    if (accept_kw(p, "CHANGE")) {
        s->num = 1;
        next(p);                                  /* MASTER | REPLICATION */
        if (p->t.kind == TK_STRING) { s->name = p->t.val; next(p); }
        expect_kw(p, "TO");
        vec v = { 0 };
        do {
            if (p->t.kind != TK_IDENT && p->t.kind != TK_QIDENT) syntax_error(p);
            pl_assign *a = alloc(p, sizeof *a);
            a->name = p->t.val;
            next(p);
            if (!accept_op(p, '=')) syntax_error(p);
            const char *st = p->t.start;
            if (is_op(p, '(')) {
                int depth = 0;
                do {
                    if (is_op(p, '(')) depth++;
                    if (is_op(p, ')')) depth--;
                    if (p->t.kind == TK_EOF) syntax_error(p);
                    next(p);
                } while (depth > 0);
                size_t n = (size_t)(p->t.start - st);
                char *t = alloc(p, n + 1);
                memcpy(t, st, n);
                a->value = mk_lit(p, E_STRING, t, st);
            } else if (p->t.kind == TK_IDENT) {
                a->value = mk_lit(p, E_STRING, p->t.val, st);
                next(p);
            } else a->value = primary(p);
            vpush(p, &v, a);
        } while (accept_op(p, ','));
        s->sets = alloc(p, (size_t)(v.n ? v.n : 1) * sizeof(pl_assign));
        for (int i = 0; i < v.n; i++) s->sets[i] = *(pl_assign *)v.v[i];
        s->nsets = v.n;
        return;
    }
    s->num = accept_kw(p, "START") ? 2 : accept_kw(p, "STOP") ? 3 : (next(p), 4);
    bool all = s->num != 4 && accept_kw(p, "ALL");
    next(p);                                      /* SLAVE[S] | REPLICA[S] */
    if (p->t.kind == TK_STRING) { s->name = p->t.val; next(p); }
    if (s->num == 4 && accept_kw(p, "ALL")) s->num = 5;
    while (s->num != 4 && s->num != 5 && (accept_kw(p, "IO_THREAD") || accept_kw(p, "SQL_THREAD"))) accept_op(p, ',');
    (void)all;
}

/* Skips whitespace, comments and empty statements; true if only those remain. */
static int parse_body(P *pp, const char *sql, size_t len, size_t *pos, pl_stmt *out)
{
    P *p = pp;
    next(p);
    if (p->t.kind == TK_EOF) { *pos = len; return 1; }
    if (p->t.kind == TK_ERROR) syntax_error(p);
    out->start = p->t.start;
    statement(p, out);
    const char *end = p->t.kind == TK_EOF ? p->lx.end : p->t.start;
    if (p->t.kind == TK_ERROR) syntax_error(p);
    if (p->t.kind != TK_EOF && !(p->t.kind == TK_OP && p->t.op == ';')) syntax_error(p);
    if (p->count_row) {
        p->err->code = 1136;
        strcpy(p->err->sqlstate, "21S01");
        snprintf(p->err->msg, sizeof p->err->msg, "Column count doesn't match value count at row %d", p->count_row);
        longjmp(p->jb, 1);
    }
    if (p->t.kind == TK_OP && p->t.op == ';') {
        out->len = (size_t)(p->t.start - out->start);
        out->nparams = p->nparams;
        out->seq_write = p->seq_write;
        *pos = (size_t)(p->t.start - sql) + 1;
        return 0;
    }
    if (p->t.kind != TK_EOF) syntax_error(p);
    out->len = (size_t)(end - out->start);
    out->nparams = p->nparams;
    out->seq_write = p->seq_write;
    *pos = len;
    return 0;
}

static int parse_one(P *pp, const char *sql, size_t len, size_t *pos, pl_stmt *out);

int pl_parse(stor_arena *a, const char *sql, size_t len, size_t *pos, const pl_parse_opts *o,
             pl_stmt *out, pl_error *err)
{
    P p;
    memset(&p, 0, sizeof p);
    p.a = a;
    p.err = err;
    p.o = o;
    pl_lex_init(&p.lx, a, sql + *pos, len - *pos, o);
    /* count lines before *pos so error messages give the right line */
    for (size_t i = 0; i < *pos; i++) if (sql[i] == '\n') p.lx.line++;
    memset(out, 0, sizeof *out);
    return parse_one(&p, sql, len, pos, out);
}

/* Parses one statement; the error exit (longjmp from syntax_error) lands here. */
static int parse_one(P *pp, const char *sql, size_t len, size_t *pos, pl_stmt *out)
{
    static __thread struct { P *p; const char *sql; size_t len; size_t *pos; pl_stmt *out; } a;
    a.p = pp; a.sql = sql; a.len = len; a.pos = pos; a.out = out;
    if (setjmp(pp->jb)) {
        *a.pos = a.len;
        return -1;
    }
    return parse_body(a.p, a.sql, a.len, a.pos, a.out);
}
