/* expr.c - compiles syntax-tree expressions into linear postfix programs (ex_prog) and
 * interprets them. Name resolution and static typing (the column definitions a client
 * sees) happen here too. The ops are the unit the template JIT will compile. */
#include "engine/eng.h"
#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>

/* MariaDB's messages and names in result metadata are utf8mb3: a 4-byte character of s
 * (NUL-terminated, changed in place) shows as '?'. */
void ex_mb3_text(char *s)
{
    size_t o = 0;
    for (size_t i = 0; s[i];) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0xf0 && c <= 0xf4 && s[i + 1] && s[i + 2] && s[i + 3]) { s[o++] = '?'; i += 4; continue; }
        s[o++] = s[i++];
    }
    s[o] = 0;
}

static void __attribute__((noreturn)) raise_v(ex_ctx *ctx, uint16_t code, const char *state, const char *fmt, va_list ap)
{
    ctx->err->code = code;
    snprintf(ctx->err->state, sizeof ctx->err->state, "%s", state);
    vsnprintf(ctx->err->msg, sizeof ctx->err->msg, fmt, ap);
    ex_mb3_text(ctx->err->msg);
    longjmp(*ctx->jb, 1);
}

void ex_raise(ex_ctx *ctx, uint16_t code, const char *state, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    raise_v(ctx, code, state, fmt, ap);
}

/* The SQLSTATE of a warning that strict mode makes an error (ex_warn); "" for codes
 * that stay warnings. */
static const char *abort_state(uint16_t code)
{
    switch (code) {
    case 1292: case 1366: return "22007";   /* truncated / incorrect value */
    case 1264: return "22003";               /* out of range */
    case 1265: return "01000";               /* data truncated */
    case 1406: return "22001";               /* data too long */
    case 1977: return "HY000";               /* cannot convert to the character set */
    default: return "";
    }
}

void ex_warn_fresh(pdb_session *s)
{
    if (!s->warn_stale) return;
    s->warn_stale = false;
    s->nwarnings = 0;
    s->warn_count = 0;
}

void ex_warn(ex_ctx *ctx, const char *level, uint16_t code, const char *fmt, ...)
{
    if (ctx->abort_warn && !strcmp(level, "Warning") && (*abort_state(code) || ctx->abort_any)) {
        va_list ap;
        va_start(ap, fmt);
        raise_v(ctx, code, *abort_state(code) ? abort_state(code) : "HY000", fmt, ap);
    }
    pdb_session *s = ctx->s;
    ex_warn_fresh(s);
    s->warn_count++;
    pdb_warning *w = pdb_warning_slot(s);
    if (!w) return;
    snprintf(w->level, sizeof w->level, "%s", level);
    w->code = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->msg, sizeof w->msg, fmt, ap);
    va_end(ap);
    ex_mb3_text(w->msg);
}

/* ---------------------------------------------------------------- types */

void ex_type_of_column(const stor_column *c, ex_type *t)
{
    memset(t, 0, sizeof *t);
    t->coll = COLL_BINARY;
    t->nullable = !c->not_null;
    t->is_unsigned = c->is_unsigned;
    if (c->not_null) t->flags |= NOT_NULL_FLAG;
    if (c->is_unsigned) t->flags |= UNSIGNED_FLAG;
    if (c->zerofill) t->flags |= ZEROFILL_FLAG;
    if (c->auto_increment) t->flags |= AUTO_INCREMENT_FLAG;
    t->json = t->jsonfmt = c->json;
    if ((c->type == CT_ENUM || c->type == CT_SET) && c->n_enum) t->enumc = c;
    const pdb_collation *co = pdb_coll_by_id(c->coll);
    int ml = co ? co->maxlen : 1;
    switch (c->type) {
    case CT_TINYINT: t->vt = VT_INT; t->ptype = MYSQL_TYPE_TINY; t->length = c->width ? c->width : (c->is_unsigned ? 3 : 4); break;
    case CT_SMALLINT: t->vt = VT_INT; t->ptype = MYSQL_TYPE_SHORT; t->length = c->width ? c->width : (c->is_unsigned ? 5 : 6); break;
    case CT_MEDIUMINT: t->vt = VT_INT; t->ptype = MYSQL_TYPE_INT24; t->length = c->width ? c->width : (c->is_unsigned ? 8 : 9); break;
    case CT_INT: t->vt = VT_INT; t->ptype = MYSQL_TYPE_LONG; t->length = c->width ? c->width : (c->is_unsigned ? 10 : 11); break;
    case CT_BIGINT: t->vt = c->is_unsigned ? VT_UINT : VT_INT; t->ptype = MYSQL_TYPE_LONGLONG; t->length = c->width ? c->width : 20; break;
    case CT_DECIMAL:
        t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = (uint8_t)(c->scale < 0 ? 0 : c->scale);
        t->length = c->width + (t->decimals ? 1 : 0) + (c->is_unsigned ? 0 : 1);
        break;
    case CT_FLOAT: t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_FLOAT; t->length = c->width ? c->width : 12; t->decimals = c->scale < 0 ? 31 : (uint8_t)c->scale; break;
    case CT_DOUBLE: t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = c->width ? c->width : 22; t->decimals = c->scale < 0 ? 31 : (uint8_t)c->scale; break;
    case CT_BIT: t->vt = VT_STRING; t->ptype = MYSQL_TYPE_BIT; t->length = c->width; t->flags |= UNSIGNED_FLAG;
        t->hexnum = true;   /* its bytes are a number (EX_BITVAL) */
        break;
    case CT_DATE: t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10; t->flags |= BINARY_FLAG; break;
    case CT_DATETIME: t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->decimals = (uint8_t)(c->scale < 0 ? 0 : c->scale);
        t->length = 19 + (t->decimals ? t->decimals + 1 : 0); t->flags |= BINARY_FLAG; break;
    case CT_TIMESTAMP: t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_TIMESTAMP; t->decimals = (uint8_t)(c->scale < 0 ? 0 : c->scale);
        t->length = 19 + (t->decimals ? t->decimals + 1 : 0); t->flags |= BINARY_FLAG | UNSIGNED_FLAG; break;
    case CT_TIME: t->vt = VT_TIME; t->ptype = MYSQL_TYPE_TIME; t->decimals = (uint8_t)(c->scale < 0 ? 0 : c->scale);
        t->length = 10 + (t->decimals ? t->decimals + 1 : 0); t->flags |= BINARY_FLAG; break;
    case CT_YEAR: t->vt = VT_INT; t->ptype = MYSQL_TYPE_YEAR; t->length = 4; t->flags |= UNSIGNED_FLAG | ZEROFILL_FLAG; break;
    case CT_CHAR: case CT_BINARY:
        t->vt = VT_STRING; t->ptype = MYSQL_TYPE_STRING; t->coll = c->coll; t->length = c->width * (uint32_t)ml;
        if (c->coll == COLL_BINARY) t->flags |= BINARY_FLAG;
        break;
    case CT_VARCHAR: case CT_VARBINARY:
        t->vt = VT_STRING; t->ptype = MYSQL_TYPE_VAR_STRING; t->coll = c->coll; t->length = c->width * (uint32_t)ml;
        if (c->coll == COLL_BINARY) t->flags |= BINARY_FLAG;
        break;
    case CT_ENUM: case CT_SET: {
        t->vt = VT_STRING; t->ptype = MYSQL_TYPE_STRING; t->coll = c->coll;
        t->flags |= c->type == CT_ENUM ? ENUM_FLAG : SET_FLAG;
        uint32_t mx = 0, sum = 0;
        for (uint32_t i = 0; i < c->n_enum; i++) {
            uint32_t l = (uint32_t)strlen(c->enum_vals[i]);
            if (l > mx) mx = l;
            sum += l + (i ? 1 : 0);
        }
        t->length = (c->type == CT_ENUM ? mx : sum) * (uint32_t)ml;
        break;
    }
    default: {   /* TEXT and BLOB */
        t->vt = VT_STRING; t->ptype = MYSQL_TYPE_BLOB; t->coll = c->coll; t->flags |= BLOB_FLAG;
        if (c->coll == COLL_BINARY) t->flags |= BINARY_FLAG;
        uint64_t L = c->type == CT_TINYTEXT || c->type == CT_TINYBLOB ? 255 :
                     c->type == CT_TEXT || c->type == CT_BLOB ? 65535 :
                     c->type == CT_MEDIUMTEXT || c->type == CT_MEDIUMBLOB ? 16777215 : 4294967295u;
        L *= (uint64_t)ml;   /* characters times the charset's bytes per character */
        t->length = L > 4294967295u ? 4294967295u : (uint32_t)L;
        if (c->geom) { t->ptype = MYSQL_TYPE_GEOMETRY; t->geom = c->geom; }
        break;
    }
    }
    t->from_column = true;
    t->coerc = 2;
}

/* An integer expression: LONG up to 9 characters, LONGLONG from 10 (MariaDB's
 * type_handler_long_or_longlong). */
static void type_int(ex_type *t, uint32_t len)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_INT; t->ptype = len >= 10 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG; t->length = len; t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
}

static void type_str(ex_type *t, uint32_t chars, uint16_t coll)
{
    memset(t, 0, sizeof *t);
    const pdb_collation *co = pdb_coll_by_id(coll);
    t->vt = VT_STRING; t->ptype = MYSQL_TYPE_VAR_STRING; t->coll = coll;
    t->length = chars * (co ? co->maxlen : 1);
    if (coll == COLL_BINARY) t->flags |= BINARY_FLAG;
    t->coerc = 3;
}

/* ---------------------------------------------------------------- emitting */

/* A program's arrays grow in the statement's arena (an error's longjmp leaves nothing
 * to free, and a statement's programs cost no malloc/free). */
static void *prog_grow(ex_prog *p, const void *old, int n, int cap, size_t elem)
{
    void *nw = stor_arena_alloc(p->a, (size_t)cap * elem);
    if (n) memcpy(nw, old, (size_t)n * elem);
    return nw;
}

static void emit(ex_prog *p, int code, int a, int b, int c)
{
    if (p->nops == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 16;
        p->ops = prog_grow(p, p->ops, p->nops, p->cap, sizeof *p->ops);
    }
    p->ops[p->nops++] = (ex_op){ (uint16_t)code, (uint16_t)b, a, c };
}

static int add_const(ex_prog *p, pdb_value v)
{
    if (p->nconsts == p->cconsts) {
        p->cconsts = p->cconsts ? p->cconsts * 2 : 8;
        p->consts = prog_grow(p, p->consts, p->nconsts, p->cconsts, sizeof *p->consts);
    }
    p->consts[p->nconsts] = v;
    return p->nconsts++;
}

/* Appends a subquery to the program and emits its OP_SUBQ (one place: the three
 * kinds of subquery once grew the array in two allocators, and freed arena memory). */
static void add_subq(ex_prog *p, ex_subq *sq, int b)
{
    if (p->nsubs % 8 == 0) p->subs = prog_grow(p, p->subs, p->nsubs, p->nsubs + 8, sizeof *p->subs);
    p->subs[p->nsubs] = sq;
    emit(p, OP_SUBQ, p->nsubs++, b, 0);
}

struct ktrack;
typedef struct cstate {
    ex_scope *sc;
    ex_prog *p;
    stor_arena *a;
    int depth, maxdepth;
    struct ktrack *kt;      /* compiling a program to keep (ex_compile_keep): what it records */
} cstate;
static void kt_lit(cstate *cs, int ci, const pl_expr *e);
static void kt_num(cstate *cs, int ci, uint16_t coll);
static void kt_inw(cstate *cs, const pl_expr *e, uint8_t vt, int first, int end);

static void push(cstate *cs, int n) { cs->depth += n; if (cs->depth > cs->maxdepth) cs->maxdepth = cs->depth; }

static void comp(cstate *cs, pl_expr *e, ex_type *t);
static int find_column(ex_scope *sc, const pl_expr *e, int *src, int *col);
static int dec_precision(const ex_type *x);

/* How tightly an arithmetic operator binds: + - 1, * / DIV % 2. */
static int arith_prec(int op) { return op == BO_ADD || op == BO_SUB ? 1 : 2; }

/* MariaDB's printed form of an expression (for 1690 messages): literals as written,
 * columns fully qualified, operators spaced. Falls back to the source text. */
static void print_expr(cstate *cs, const pl_expr *e, char *buf, size_t cap, size_t *k)
{
    if (*k >= cap - 1) return;
    switch (e->kind) {
    case E_INT: case E_DECIMAL: case E_FLOAT:
        *k += (size_t)snprintf(buf + *k, cap - *k, "%s", e->s);
        return;
    case E_COLUMN: {
        int src, col;
        if (find_column(cs->sc, e, &src, &col)) {
            ex_src *s = &cs->sc->ctx->src[src];
            const char *cn = s->t ? s->t->cols[col].name : s->dnames[col];
            /* (a table under an alias: `db`.`alias`.`name`, as MariaDB prints it) */
            if (s->t) *k += (size_t)snprintf(buf + *k, cap - *k, "`%s`.`%s`.`%s`", s->t->db, s->alias ? s->alias : s->t->name, cn);
            else *k += (size_t)snprintf(buf + *k, cap - *k, "`%s`.`%s`", s->alias, cn);
            return;
        }
        break;
    }
    case E_BINARY: {
        static const char *ops[] = { [BO_ADD] = "+", [BO_SUB] = "-", [BO_MUL] = "*", [BO_DIV] = "/", [BO_IDIV] = "DIV", [BO_MOD] = "%" };
        if (e->op >= BO_ADD && e->op <= BO_MOD) {
            /* an operand that binds less tightly goes in parentheses (on the right, also
               one as tight: a * (b * c)), as MariaDB's print_parenthesised */
            for (int i = 0; i < 2; i++) {
                const pl_expr *x = e->args[i];
                bool par = x->kind == E_BINARY && x->op >= BO_ADD && x->op <= BO_MOD &&
                           (arith_prec(x->op) < arith_prec(e->op) || (i == 1 && arith_prec(x->op) == arith_prec(e->op)));
                if (i && *k < cap) *k += (size_t)snprintf(buf + *k, cap - *k, " %s ", ops[e->op]);
                if (par && *k < cap) *k += (size_t)snprintf(buf + *k, cap - *k, "(");
                print_expr(cs, x, buf, cap, k);
                if (par && *k < cap) *k += (size_t)snprintf(buf + *k, cap - *k, ")");
            }
            return;
        }
        break;
    }
    case E_UNARY:
        if (e->op == '-') {
            bool par = e->args[0]->kind == E_BINARY;   /* -(`a` + 1) */
            if (*k < cap) *k += (size_t)snprintf(buf + *k, cap - *k, par ? "-(" : "-");
            print_expr(cs, e->args[0], buf, cap, k);
            if (par && *k < cap) *k += (size_t)snprintf(buf + *k, cap - *k, ")");
            return;
        }
        break;
    case E_FUNC:
        if (e->win || e->distinct || e->order || !e->s) break;
        for (const char *q = e->s; *q && *k + 1 < cap; q++) buf[(*k)++] = (char)tolower((unsigned char)*q);
        if (*k < cap) *k += (size_t)snprintf(buf + *k, cap - *k, "(");
        for (int i = 0; i < e->nargs && *k < cap; i++) {
            if (i) *k += (size_t)snprintf(buf + *k, cap - *k, ",");
            print_expr(cs, e->args[i], buf, cap, k);
        }
        if (*k < cap) *k += (size_t)snprintf(buf + *k, cap - *k, ")");
        return;
    case E_CAST:
        if (e->cast.type == -1 || e->cast.type == -2) {
            if (*k < cap) *k += (size_t)snprintf(buf + *k, cap - *k, "cast(");
            print_expr(cs, e->args[0], buf, cap, k);
            if (*k < cap) *k += (size_t)snprintf(buf + *k, cap - *k, " as %s)", e->cast.type == -1 ? "signed" : "unsigned");
            return;
        }
        break;
    default: break;
    }
    *k += (size_t)snprintf(buf + *k, cap - *k, "%.*s", (int)e->srclen, e->start);
}

/* e's text (at most 255 bytes) for an error message, in the caller's buf */
#define EXPR_NAME_CAP 256
static const char *expr_name(const pl_expr *e, char buf[EXPR_NAME_CAP])
{
    size_t n = e->srclen < EXPR_NAME_CAP - 1 ? e->srclen : EXPR_NAME_CAP - 1;
    memcpy(buf, e->start, n); buf[n] = 0;
    return buf;
}

/* Finds column name (optionally qualified) in the scope's sources. Returns 1 found,
 * 0 not found; raises 1052 when ambiguous. */
static uint32_t colname_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) h = (h ^ (uint8_t)tolower((unsigned char)*s)) * 16777619u;
    return h;
}

#define NMAP_MIN_COLS 8

/* The first column of s named name (ASCII case-insensitive, as strcasecmp), or -1. */
static int src_column(ex_ctx *ctx, ex_src *s, const char *name)
{
    int ncols = s->t ? (int)s->t->ncols : s->dncols;
    if (ncols < NMAP_MIN_COLS || ncols > INT16_MAX) {
        for (int c = 0; c < ncols; c++)
            if (!strcasecmp(s->t ? s->t->cols[c].name : s->dnames[c], name)) return c;
        return -1;
    }
    const void *of = s->t ? (const void *)s->t->cols : (const void *)s->dnames;
    if (!s->nmap || s->nmap_of != of) {
        uint32_t cap = 16;
        while (cap < (uint32_t)ncols * 2) cap *= 2;
        s->nmap = stor_arena_alloc(ctx->a, cap * sizeof *s->nmap);
        memset(s->nmap, 0xff, cap * sizeof *s->nmap);
        s->nmask = cap - 1;
        for (int c = 0; c < ncols; c++) {
            uint32_t k = colname_hash(s->t ? s->t->cols[c].name : s->dnames[c]) & s->nmask;
            while (s->nmap[k] >= 0) k = (k + 1) & s->nmask;
            s->nmap[k] = (int16_t)c;   /* a repeated name: the first column is found first */
        }
        s->nmap_of = of;
    }
    for (uint32_t k = colname_hash(name) & s->nmask; s->nmap[k] >= 0; k = (k + 1) & s->nmask) {
        int c = s->nmap[k];
        if (!strcasecmp(s->t ? s->t->cols[c].name : s->dnames[c], name)) return c;
    }
    return -1;
}

static int find_column(ex_scope *sc, const pl_expr *e, int *src, int *col)
{
    ex_ctx *ctx = sc->ctx;
    int found = 0;
    for (int i = 0; i < ctx->nsrc; i++) {
        ex_src *s = &ctx->src[i];
        if (e->tbl) {
            if (strcmp(e->tbl, s->alias)) continue;
            if (e->db && (!s->db || strcmp(e->db, s->db))) continue;
        }
        int c = src_column(ctx, s, e->s);
        if (c >= 0) {
            if (found && !e->tbl) {
                /* a column merged by USING / NATURAL is one column: the left
                   side's, or for RIGHT JOIN the right side's */
                ex_src *p = &ctx->src[*src];
                ex_src *later = p->decl > s->decl ? p : s;
                bool merged = false;
                for (int u = 0; u < later->nucols; u++) if (!strcasecmp(later->ucols[u], e->s)) merged = true;
                if (merged) {
                    if (later->coalesce_right == (later == s)) { *src = i; *col = c; }
                    continue;
                }
            }
            if (found) {
                ex_raise(ctx, 1052, "23000", "Column '%s' in %s is ambiguous", e->s, sc->clause ? sc->clause : "field list");
            }
            found = 1; *src = i; *col = c;
        }
    }
    return found;
}

int ex_find_column(ex_scope *sc, const pl_expr *e, int *src, int *col)
{
    return find_column(sc, e, src, col);
}

static int find_alias(ex_scope *sc, const pl_expr *e)
{
    if (!sc->items || e->tbl) return -1;
    for (int i = 0; i < sc->nitems; i++)
        if (sc->items[i].alias && !strcasecmp(sc->items[i].alias, e->s)) return i;
    return -1;
}

/* An alias naming a select item that is a column reads that column: its privilege is
 * checked here too (the item itself may not have been: EXISTS (SELECT * ...)). */
static void alias_column_check(ex_scope *sc, pl_expr *item)
{
    int src, col;
    if (!sc->ctx->cols_check || item->kind != E_COLUMN || !find_column(sc, item, &src, &col)) return;
    ex_src *s = &sc->ctx->src[src];
    if (s->t) ex_privs_column(sc->ctx, s, s->t->cols[col].name, STOR_PRIV_SELECT);
}

static void comp_column(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_scope *sc = cs->sc;
    int src, col;
    if (sc->alias_first && sc->allow_alias) {
        int ai = find_alias(sc, e);
        if (ai >= 0 && sc->items[ai].e != e) {
            alias_column_check(sc, sc->items[ai].e);
            /* a select alias: refer to the computed item (stored after the aggregates) */
            if (sc->item_base >= 0) {
                emit(cs->p, OP_AGG, sc->item_base + ai, 0, 0);
                push(cs, 1);
                *t = sc->item_types[ai];
                return;
            }
            comp(cs, sc->items[ai].e, t);
            return;
        }
    }
    if (find_column(sc, e, &src, &col)) {
        ex_src *s = &sc->ctx->src[src];
        if (s->t && sc->ctx->cols_check) ex_privs_column(sc->ctx, s, s->t->cols[col].name, STOR_PRIV_SELECT);
        emit(cs->p, OP_COL, src, (uint16_t)col, 0);
        push(cs, 1);
        if (s->t) ex_type_of_column(&s->t->cols[col], t);
        else *t = s->dtypes[col];
        if (s->join == JT_LEFT || s->join == JT_RIGHT) { t->nullable = true; t->flags &= (uint16_t)~NOT_NULL_FLAG; }
        return;
    }
    if (sc->allow_alias) {
        int ai = find_alias(sc, e);
        if (ai >= 0 && sc->items[ai].e != e) {
            alias_column_check(sc, sc->items[ai].e);
            if (sc->item_base >= 0) {
                emit(cs->p, OP_AGG, sc->item_base + ai, 0, 0);
                push(cs, 1);
                *t = sc->item_types[ai];
                return;
            }
            comp(cs, sc->items[ai].e, t);
            return;
        }
    }
    /* correlated reference to an enclosing query */
    int depth = 1;
    for (ex_scope *o = sc->outer; o; o = o->outer, depth++) {
        if (find_column(o, e, &src, &col)) {
            ex_src *s = &o->ctx->src[src];
            if (s->t && o->ctx->cols_check) ex_privs_column(o->ctx, s, s->t->cols[col].name, STOR_PRIV_SELECT);
            emit(cs->p, OP_OUTER, src, (uint16_t)col, depth);
            ex_corr_note(sc->ctx, o->ctx);
            push(cs, 1);
            if (s->t) ex_type_of_column(&s->t->cols[col], t);
            else *t = s->dtypes[col];
            t->nullable = true;
            return;
        }
    }
    if (sc->ctx->cols_check)   /* (MariaDB: a table read through column grants says 1143) */
        for (int i = 0; i < sc->ctx->nsrc; i++) {
            ex_src *s = &sc->ctx->src[i];
            if (s->t && (!e->tbl || !strcmp(e->tbl, s->alias))) ex_privs_unknown_column(sc->ctx, s, e->s);
        }
    char full[400];
    if (e->tbl) snprintf(full, sizeof full, "%s.%s", e->tbl, e->s);
    else snprintf(full, sizeof full, "%s", e->s);
    ex_raise(sc->ctx, 1054, "42S22", "Unknown column '%s' in '%s'", full, sc->clause ? sc->clause : "field list");
}

static int agg_kind(const char *n, bool star)
{
    if (!n) return -1;
    if (!strcmp(n, "COUNT")) return star ? AG_COUNT_STAR : AG_COUNT;
    if (!strcmp(n, "SUM")) return AG_SUM;
    if (!strcmp(n, "AVG")) return AG_AVG;
    if (!strcmp(n, "MIN")) return AG_MIN;
    if (!strcmp(n, "MAX")) return AG_MAX;
    if (!strcmp(n, "GROUP_CONCAT")) return AG_GROUP_CONCAT;
    if (!strcmp(n, "BIT_AND")) return AG_BIT_AND;
    if (!strcmp(n, "BIT_OR")) return AG_BIT_OR;
    if (!strcmp(n, "BIT_XOR")) return AG_BIT_XOR;
    if (!strcmp(n, "STD") || !strcmp(n, "STDDEV") || !strcmp(n, "STDDEV_POP")) return AG_STD;
    if (!strcmp(n, "VARIANCE") || !strcmp(n, "VAR_POP")) return AG_VAR;
    if (!strcmp(n, "STDDEV_SAMP")) return AG_STD_SAMP;
    if (!strcmp(n, "VAR_SAMP")) return AG_VAR_SAMP;
    if (!strcmp(n, "JSON_ARRAYAGG")) return AG_JSON_ARRAYAGG;
    if (!strcmp(n, "JSON_OBJECTAGG")) return AG_JSON_OBJECTAGG;
    return -1;
}

bool ex_is_aggregate_name(const char *n)
{
    return agg_kind(n, false) >= 0 || (n && !strcmp(n, "COUNT"));
}

/* div_precision_increment: the decimals AVG adds to its argument's */
static int div_incr(ex_scope *sc, cstate *cs)
{
    pdb_value iv; ex_type it;
    if (ex_sysvar_get(sc->ctx->s, "div_precision_increment", false, &iv, cs->a, &it) != 0) return 4;
    int64_t v = ex_to_int(&iv);
    return v < 0 ? 0 : v > EX_DEC_MAX_SCALE ? EX_DEC_MAX_SCALE : (int)v;
}

static ex_prog *prog_mark_json(const ex_prog *p);
/* A column's value carried on as a value (a scalar subquery's, MIN/MAX's): a TEXT or BLOB
 * is its own kind by its size (columns all travel as BLOB), an ENUM or SET a VARCHAR. */
static void own_string_type(ex_type *t)
{
    if (t->vt == VT_STRING && t->ptype == MYSQL_TYPE_BLOB) {
        const pdb_collation *co = pdb_coll_by_id(t->coll);
        t->ptype = ex_blob_ptype(t->length / (co && co->maxlen ? co->maxlen : 1));
    }
    if (t->vt == VT_STRING && t->ptype == MYSQL_TYPE_STRING && (t->flags & (ENUM_FLAG | SET_FLAG))) {
        t->ptype = MYSQL_TYPE_VAR_STRING;
        t->flags &= (uint16_t)~(ENUM_FLAG | SET_FLAG);
    }
}

static void comp_agg(cstate *cs, pl_expr *e, int kind, ex_type *t)
{
    ex_scope *sc = cs->sc;
    if (!sc->aggs) ex_raise(sc->ctx, 1111, "HY000", "Invalid use of group function");
    for (int k = 0; k < *sc->naggs; k++)
        if (sc->aggs[k]->e == e) {   /* the same node compiled again (WITH ROLLUP rows) */
            *t = sc->aggs[k]->type;
            emit(cs->p, OP_AGG, k, 0, 0);
            push(cs, 1);
            return;
        }
    ex_agg *ag = stor_arena_alloc(cs->a, sizeof *ag);
    memset(ag, 0, sizeof *ag);
    ag->kind = kind; ag->distinct = e->distinct; ag->e = e;
    ag->nargs = e->nargs;
    ag->args = stor_arena_alloc(cs->a, (size_t)(e->nargs ? e->nargs : 1) * sizeof(ex_prog));
    ex_type at[8];
    ex_scope inner = *sc;
    inner.aggs = NULL;   /* no nested aggregates */
    inner.item_base = -1;
    inner.alias_first = false;
    inner.allow_alias = false;
    for (int i = 0; i < e->nargs && i < 8; i++) {
        ex_prog *p = ex_compile(&inner, e->args[i], &at[i]);
        if (at[i].enumc && (kind == AG_SUM || kind == AG_AVG || kind == AG_BIT_AND || kind == AG_BIT_OR ||
                            kind == AG_BIT_XOR || kind == AG_STD || kind == AG_VAR || kind == AG_STD_SAMP ||
                            kind == AG_VAR_SAMP))
            p = ex_prog_enum_index(p, &at[i]);
        if (at[i].json && (kind == AG_JSON_ARRAYAGG || (kind == AG_JSON_OBJECTAGG && i == 1)))
            p = prog_mark_json(p);   /* (a JSON column's value nests as JSON) */
        ag->args[i] = *p;
    }
    if (e->norder) {
        ag->norder = e->norder;
        ag->order = stor_arena_alloc(cs->a, (size_t)e->norder * sizeof(ex_prog *));
        ag->order_desc = stor_arena_alloc(cs->a, (size_t)e->norder * sizeof(bool));
        for (int i = 0; i < e->norder; i++) {
            ex_type ot;
            ag->order[i] = ex_compile(&inner, e->order[i].e, &ot);
            if (ot.enumc) ag->order[i] = ex_prog_enum_index(ag->order[i], &ot);   /* (by its members' order) */
            ag->order_desc[i] = e->order[i].desc;
        }
    }
    ag->gc_limit = -1; ag->gc_offset = 0;
    if (e->gc_limit) {
        if (e->gc_limit->kind != E_INT || (e->gc_offset && e->gc_offset->kind != E_INT))
            ex_raise(sc->ctx, 1691, "HY000", "A variable of a non-integer based type in LIMIT clause");
        ag->gc_limit = strtoll(e->gc_limit->s, NULL, 10);
        if (e->gc_offset) ag->gc_offset = strtoll(e->gc_offset->s, NULL, 10);
    }
    if (kind == AG_JSON_OBJECTAGG && e->nargs != 2)
        ex_raise(sc->ctx, 1582, "42000", "Incorrect parameter count in the call to native function 'JSON_OBJECTAGG'");
    if (kind == AG_JSON_ARRAYAGG && e->nargs != 1)
        ex_raise(sc->ctx, 1582, "42000", "Incorrect parameter count in the call to native function 'JSON_ARRAYAGG'");
    if (kind == AG_JSON_ARRAYAGG && ag->distinct && !ag->norder) {
        /* DISTINCT keeps its values in a tree in MariaDB: they come out in value order */
        ag->norder = 1;
        ag->order = stor_arena_alloc(cs->a, sizeof(ex_prog *));
        ag->order_desc = stor_arena_alloc(cs->a, sizeof(bool));
        ag->order[0] = &ag->args[0];
        ag->order_desc[0] = false;
    }
    ag->sep = e->sep ? e->sep : ",";
    ag->seplen = e->sep ? e->slen : 1;
    /* result types, as MariaDB reports them */
    switch (kind) {
    case AG_COUNT: case AG_COUNT_STAR: type_int(t, 21); t->flags |= NOT_NULL_FLAG; break;
    case AG_SUM: case AG_AVG:
        if (at[0].vt == VT_NULL) {   /* SUM(NULL), AVG(NULL): DOUBLE */
            memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->coll = COLL_BINARY; t->flags = BINARY_FLAG;
            t->decimals = kind == AG_AVG ? 4 : 0; t->length = kind == AG_AVG ? 4 : 17;
        } else if (at[0].vt == VT_DOUBLE || (at[0].vt == VT_STRING && at[0].ptype != MYSQL_TYPE_BIT)) {
            uint32_t alen = at[0].length;
            int adec = at[0].vt == VT_DOUBLE ? at[0].decimals : 31;
            memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = 31;
            t->coll = COLL_BINARY; t->flags = BINARY_FLAG;
            if (adec < 31) {   /* DOUBLE(M,D): SUM keeps D, AVG adds div_precision_increment */
                int dec = adec + (kind == AG_AVG ? div_incr(sc, cs) : 0);
                t->decimals = (uint8_t)(dec < 31 ? dec : 31);
                t->length = dec >= 31 ? 23 : kind == AG_AVG && alen + (uint32_t)(dec - adec) < 17u + (uint32_t)dec
                            ? alen + (uint32_t)(dec - adec) : 17u + (uint32_t)dec;
            }
        } else {
            memset(t, 0, sizeof *t);
            t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->coll = COLL_BINARY; t->flags = BINARY_FLAG;
            /* (a DATE, DATETIME or TIME adds up as its number: 20230115, 20230115102030) */
            int dec = at[0].vt == VT_DECIMAL || ((at[0].vt == VT_DATETIME || at[0].vt == VT_TIME) && at[0].decimals < 31) ? at[0].decimals : 0;
            ag->incr = 4;
            if (kind == AG_AVG) {   /* the quotient's extra decimals: div_precision_increment */
                ag->incr = div_incr(sc, cs);
                dec += ag->incr;
            }
            if (dec > EX_DEC_MAX_SCALE) dec = EX_DEC_MAX_SCALE;
            t->decimals = (uint8_t)dec;
            /* DECIMAL(the argument's digits + 22 for SUM, + div_precision_increment for AVG) */
            int prec = (at[0].length > 0 ? dec_precision(&at[0]) : 10) + (kind == AG_SUM ? 22 : ag->incr);
            if (prec > EX_DEC_MAX_PREC) prec = EX_DEC_MAX_PREC;
            t->length = (uint32_t)(prec + (dec ? 1 : 0) + 1);
        }
        t->nullable = true;
        break;
    case AG_MIN: case AG_MAX: *t = at[0]; if (t->hexlit == EX_HEXLIT_KEPT) t->hexlit = 0; t->nullable = true; t->flags &= (uint16_t)~(NOT_NULL_FLAG | PRI_KEY_FLAG | AUTO_INCREMENT_FLAG | UNIQUE_KEY_FLAG | MULTIPLE_KEY_FLAG);
        /* of an integer expression (not a column): BIGINT; of NULL: VARCHAR(0) */
        if ((t->vt == VT_INT || t->vt == VT_UINT) && e->nargs >= 1 && e->args[0]->kind != E_COLUMN && t->ptype != MYSQL_TYPE_NULL)
            t->ptype = MYSQL_TYPE_LONGLONG;
        if (t->vt == VT_NULL) { type_str(t, 0, COLL_BINARY); t->vt = VT_NULL; t->nullable = true; t->flags = BINARY_FLAG; }
        if (e->nargs >= 1 && e->args[0]->kind == E_COLUMN && !cs->sc->grouped) own_string_type(t);
        break;
    case AG_GROUP_CONCAT: type_str(t, 1024, at[0].vt == VT_STRING ? at[0].coll : COLL_UTF8MB4_GENERAL_CI);
        if (t->coll != COLL_BINARY) { const pdb_collation *co = pdb_coll_by_id(t->coll); t->length = 1024 * (co ? co->maxlen : 1); }
        {   /* group_concat_max_len > 512: MariaDB types the result as a BLOB */
            pdb_value gl; ex_type gt;
            int64_t maxlen = 1048576;
            if (ex_sysvar_get(sc->ctx->s, "group_concat_max_len", false, &gl, cs->a, &gt) == 0) maxlen = ex_to_int(&gl);
            const pdb_collation *co = pdb_coll_by_id(t->coll);
            t->length = (uint32_t)(maxlen > 16777215 ? 16777215 : maxlen) * (co ? co->maxlen : 1);
            if (maxlen > 512) { t->ptype = MYSQL_TYPE_BLOB; t->flags |= BLOB_FLAG; }
        }
        t->nullable = true; break;
    case AG_JSON_ARRAYAGG: case AG_JSON_OBJECTAGG:
        type_str(t, 0, COLL_UTF8MB4_BIN);
        t->ptype = MYSQL_TYPE_BLOB; t->flags |= BLOB_FLAG;
        t->length = kind == AG_JSON_ARRAYAGG ? 16777224 : 4194304;
        t->nullable = true; break;
    case AG_BIT_AND: case AG_BIT_OR: case AG_BIT_XOR: type_int(t, 21); t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG | NOT_NULL_FLAG; break;
    default: {   /* STD, VARIANCE: DOUBLE showing the argument's decimals + 4 (a string or real: all) */
        bool bits = at[0].hexnum || at[0].ptype == MYSQL_TYPE_BIT;   /* (a BIT: an integer) */
        int d = (at[0].vt == VT_STRING && !bits) || (at[0].vt == VT_DOUBLE && at[0].decimals >= 31) ? 31 :
                bits || at[0].vt == VT_INT || at[0].vt == VT_UINT || at[0].vt == VT_NULL || at[0].vt == VT_DATE ? 4 : at[0].decimals + 4;
        if (d > 30) d = 31;
        memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = (uint8_t)d;
        t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
    }
    }
    ag->type = *t;
    int idx = *sc->naggs;
    (*sc->naggs)++;
    sc->aggs[idx] = ag;
    emit(cs->p, OP_AGG, idx, 0, 0);
    push(cs, 1);
}

/* fn(...) OVER (...): compiled into an ex_win the query block computes once all its
 * rows are known; here only a load of its result. */
static void comp_window(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_scope *sc = cs->sc;
    ex_ctx *ctx = sc->ctx;
    if (!sc->wins)
        ex_raise(ctx, 4015, "HY000", "Window function is allowed only in SELECT list and ORDER BY clause");
    static const struct { const char *n; int k, minargs, maxargs; } wf[] = {
        { "ROW_NUMBER", WF_ROW_NUMBER, 0, 0 }, { "RANK", WF_RANK, 0, 0 }, { "DENSE_RANK", WF_DENSE_RANK, 0, 0 },
        { "PERCENT_RANK", WF_PERCENT_RANK, 0, 0 }, { "CUME_DIST", WF_CUME_DIST, 0, 0 }, { "NTILE", WF_NTILE, 1, 1 },
        { "LAG", WF_LAG, 1, 2 }, { "LEAD", WF_LEAD, 1, 2 }, { "FIRST_VALUE", WF_FIRST_VALUE, 1, 1 },
        { "LAST_VALUE", WF_LAST_VALUE, 1, 1 }, { "NTH_VALUE", WF_NTH_VALUE, 2, 2 }, { NULL, 0, 0, 0 } };
    ex_win *w = stor_arena_alloc(cs->a, sizeof *w);
    memset(w, 0, sizeof *w);
    w->e = e; w->w = e->win;
    ex_scope ws = *sc;          /* arguments and keys: aggregates yes, windows no */
    ws.wins = NULL; ws.nwins = NULL;
    ws.allow_alias = false; ws.alias_first = false; ws.item_base = -1;
    int ak = agg_kind(e->s, e->nargs == 0);
    if (ak == AG_GROUP_CONCAT)
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'GROUP_CONCAT() aggregate as window function'");
    if (ak >= 0) {
        if (e->distinct) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support '%s(DISTINCT) aggregate as window function'", e->s);
        w->kind = WF_AGG;
        ex_agg *tmp[1];
        int ntmp = 0;
        ex_scope as = ws;
        as.aggs = tmp; as.naggs = &ntmp;
        cstate c2 = *cs;
        ex_prog scratch = { 0 };
        scratch.a = cs->a;
        c2.p = &scratch; c2.sc = &as;
        comp_agg(&c2, e, ak, t);
        w->ag = tmp[0];
    } else {
        int k = -1;
        for (int i = 0; wf[i].n; i++)
            if (!strcmp(wf[i].n, e->s)) {
                k = i;
                break;
            }
        if (k < 0) ex_raise(ctx, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '%s' at line 1", e->s);
        if (e->nargs < wf[k].minargs || e->nargs > wf[k].maxargs)
            ex_raise(ctx, 1582, "42000", "Incorrect parameter count in the call to native function '%s'", e->s);
        w->kind = wf[k].k;
        if ((w->kind == WF_RANK || w->kind == WF_DENSE_RANK || w->kind == WF_PERCENT_RANK ||
             w->kind == WF_CUME_DIST || w->kind == WF_NTILE || w->kind == WF_LAG || w->kind == WF_LEAD) &&
            !e->win->norder)
        {
            char lower[32];   /* MariaDB names the function in lower case */
            snprintf(lower, sizeof lower, "%s", e->s);
            for (char *c = lower; *c; c++) *c = (char)tolower((unsigned char)*c);
            ex_raise(ctx, 4018, "HY000", "No order list in window specification for '%s'", lower);
        }
        w->nargs = e->nargs;
        w->args = stor_arena_alloc(cs->a, (size_t)(e->nargs ? e->nargs : 1) * sizeof(ex_prog *));
        ex_type at[3];
        for (int i = 0; i < e->nargs; i++) w->args[i] = ex_compile(&ws, e->args[i], &at[i]);
        switch (w->kind) {
        case WF_PERCENT_RANK: case WF_CUME_DIST:
            memset(t, 0, sizeof *t); t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = 10;
            t->coll = COLL_BINARY; t->flags = BINARY_FLAG | NOT_NULL_FLAG;
            break;
        case WF_LAG: case WF_LEAD: case WF_FIRST_VALUE: case WF_LAST_VALUE: case WF_NTH_VALUE:
            *t = at[0];
            t->nullable = true;
            t->flags &= (uint16_t)~(NOT_NULL_FLAG | PRI_KEY_FLAG | AUTO_INCREMENT_FLAG | UNIQUE_KEY_FLAG | MULTIPLE_KEY_FLAG);
            t->from_column = false;
            break;
        default: type_int(t, 21); t->flags |= NOT_NULL_FLAG; break;
        }
    }
    pl_window *pw = e->win;
    if (pw->unit == 2 && (pw->start == WB_PREC || pw->start == WB_FOLL || pw->end == WB_PREC || pw->end == WB_FOLL))
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'RANGE frames with offsets'");
    w->npart = pw->npart; w->norder = pw->norder;
    int nk = pw->npart + pw->norder;
    w->part = stor_arena_alloc(cs->a, (size_t)(pw->npart ? pw->npart : 1) * sizeof(ex_prog *));
    w->order = stor_arena_alloc(cs->a, (size_t)(pw->norder ? pw->norder : 1) * sizeof(ex_prog *));
    w->ktypes = stor_arena_alloc(cs->a, (size_t)(nk ? nk : 1) * sizeof(ex_type));
    for (int i = 0; i < pw->npart; i++) w->part[i] = ex_compile(&ws, pw->part[i], &w->ktypes[i]);
    for (int i = 0; i < pw->norder; i++) w->order[i] = ex_compile(&ws, pw->order[i].e, &w->ktypes[pw->npart + i]);
    w->type = *t;
    if (*sc->nwins >= 64) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'more than 64 window functions'");
    int idx = (*sc->nwins)++;
    sc->wins[idx] = w;
    emit(cs->p, OP_AGG, EX_WIN_BASE + idx, 0, 0);
    push(cs, 1);
}

/* MariaDB's 1267 where a comparison cannot pick a collation: two COLLATE clauses that
 * differ, or two columns (IMPLICIT) of one charset with different collations, neither
 * a _bin one. (Other derivations are approximate here: function results never raise.) */
static bool coll_is_bin(const pdb_collation *c)
{
    size_t n = strlen(c->name);
    return c->binary || (n > 4 && !strcmp(c->name + n - 4, "_bin"));
}

/* What a charset holds, for mixing two of them (MariaDB's repertoires): 0 binary or
 * ascii (goes into anything), 1 a single-byte or East Asian one, 2 the BMP (utf8mb3,
 * ucs2), 3 all of Unicode. */
static int cs_reach(const pdb_collation *c)
{
    if (c->id == COLL_BINARY || !strcmp(c->charset, "ascii")) return 0;
    if (pdb_coll_transcoded(c->id)) return 1;
    return !strcmp(c->charset, "utf8mb3") || !strcmp(c->charset, "ucs2") ? 2 : 3;
}

/* Two columns of different charsets: one is converted to the other's when it holds
 * less (latin1 into utf8mb4, utf8mb3 into utf16); two that each hold what the other
 * lacks (koi8r and big5) or the same (utf16 and utf8mb4) cannot be mixed. */
static bool cs_mixable(const pdb_collation *a, const pdb_collation *b)
{
    int ra = cs_reach(a), rb = cs_reach(b);
    return ra != rb || ra == 0;
}

static void coll_mix_check(cstate *cs, const ex_type *a, const ex_type *b, const char *opname)
{
    if (a->vt != VT_STRING || b->vt != VT_STRING || a->coll == b->coll || !a->coll || !b->coll) return;
    if (a->coerc != b->coerc || (a->coerc != 0 && a->coerc != 2)) return;
    const pdb_collation *ca = pdb_coll_by_id(a->coll), *cb = pdb_coll_by_id(b->coll);
    if (!ca || !cb) return;
    if (a->coerc == 2 && strcmp(ca->charset, cb->charset) && cs_mixable(ca, cb)) return;
    if (a->coerc == 2 && !strcmp(ca->charset, cb->charset) && (coll_is_bin(ca) || coll_is_bin(cb))) return;
    const char *d = a->coerc == 0 ? "EXPLICIT" : "IMPLICIT";
    ex_raise(cs->sc->ctx, 1267, "HY000", "Illegal mix of collations (%s,%s) and (%s,%s) for operation '%s'",
             ca->name, d, cb->name, d, opname);
}

static void kt_per_literal(cstate *cs);

/* MariaDB's 1267 for a column (IMPLICIT) of a narrower charset than a literal's
 * (COERCIBLE) that holds a character the column's charset lacks: the literal cannot be
 * converted to the column's collation (latin1_col = 'Ж', utf8mb3_col LIKE '%😀%'). */
static void coll_lit_check(cstate *cs, const pl_expr *x, const ex_type *a, const pl_expr *y, const ex_type *b,
                           const char *opname)
{
    if (a->vt != VT_STRING || b->vt != VT_STRING || a->coll == b->coll) return;
    const pl_expr *lit = NULL;
    const ex_type *col = NULL;
    if (a->coerc == 2 && b->coerc == 4 && y->kind == E_STRING) { col = a; lit = y; }
    else if (b->coerc == 2 && a->coerc == 4 && x->kind == E_STRING) { col = b; lit = x; }
    if (!lit) return;
    const pdb_collation *ca = pdb_coll_by_id(a->coll), *cb = pdb_coll_by_id(b->coll);
    if (!ca || !cb || !strcmp(ca->charset, cb->charset)) return;
    if (ex_charset_narrow(col->coll)) kt_per_literal(cs);
    if (ex_charset_holds(col->coll, lit->s, lit->slen)) return;
    ex_raise(cs->sc->ctx, 1267, "HY000", "Illegal mix of collations (%s,%s) and (%s,%s) for operation '%s'",
             ca->name, a == col ? "IMPLICIT" : "COERCIBLE", cb->name, b == col ? "IMPLICIT" : "COERCIBLE", opname);
}

static uint16_t str_coll(cstate *cs, const ex_type *a, const ex_type *b)
{
    /* the side with the stronger (lower) coercibility decides: COLLATE clause 0,
       column 2, function result 3 (approximately), literal 4 */
    if (a->vt == VT_STRING && b->vt == VT_STRING) {
        int ca = a->coerc, cb = b->coerc;
        if (cb < ca) return b->coll ? b->coll : a->coll;
        if (cb == ca && a->coll != b->coll && (a->coll == COLL_BINARY || b->coll == COLL_BINARY))
            return COLL_BINARY;   /* (DTCollation::aggregate: binary wins at equal strength) */
        if (cb == ca && a->coll && b->coll && a->coll != b->coll) {
            /* as MariaDB's DTCollation::aggregate: of one charset, a _bin collation wins */
            const pdb_collation *xa = pdb_coll_by_id(a->coll), *xb = pdb_coll_by_id(b->coll);
            if (xa && xb && !strcmp(xa->charset, xb->charset) && coll_is_bin(xb) && !coll_is_bin(xa)) return b->coll;
        }
        return a->coll ? a->coll : b->coll;
    }
    if (a->vt == VT_STRING) return a->coll;
    if (b->vt == VT_STRING) return b->coll;
    return cs->sc->ctx->s->coll_connection;
}

/* MariaDB's decimal_precision() of an integer or decimal operand: its digits (an integer
 * that is not a column counts its whole length, as a literal does). */
static int dec_precision(const ex_type *x)
{
    bool sign = x->vt == VT_DECIMAL || x->from_column;
    int p = (int)x->length - (x->vt == VT_DECIMAL && x->decimals ? 1 : 0) - (x->is_unsigned || !x->length || !sign ? 0 : 1);
    return p < 0 ? 0 : p > EX_DEC_MAX_PREC ? EX_DEC_MAX_PREC : p;
}

/* A hexadecimal literal's type as a number: BIGINT UNSIGNED of its digits (a BIT(M)
 * column's: those of 2^M - 1) */
static void hexnum_type(const ex_type *h, ex_type *t)
{
    uint32_t digits = ex_hexnum_digits(h->length);
    if (h->ptype == MYSQL_TYPE_BIT) digits = (uint32_t)((double)(h->length ? h->length : 1) * 0.30102999566398120) + 1;
    type_int(t, digits);
    t->vt = VT_UINT; t->is_unsigned = true; t->flags |= UNSIGNED_FLAG | (h->flags & NOT_NULL_FLAG);
    t->nullable = h->nullable;
}

/* incr: div_precision_increment (decimals a quotient adds) */
/* The integer digits MariaDB's result precision counts for an integer operand: a literal
 * (Item_int) its digits, else its display length less the sign's place. */
static int int_part(const ex_type *x, int lit)
{
    int n = (int)x->length - (lit ? lit - 1 : x->is_unsigned ? 0 : 1);
    return n < 1 ? 1 : n;
}

/* lit: per operand (2 bits each) 0, or 1 + the sign's places of an integer literal */
/* A DATETIME, DATE or TIME operand typed as the number it is in arithmetic
 * (ex_temporal_num): its digits, a DECIMAL with a fraction's. */
static void temporal_num_type(const ex_type *x, ex_type *o)
{
    int digits = x->vt == VT_DATETIME ? 14 : x->vt == VT_DATE ? 8 : 7;
    int fsp = x->vt == VT_DATE ? 0 : x->decimals > 6 ? 6 : x->decimals;
    bool nullable = x->nullable;
    memset(o, 0, sizeof *o);
    o->vt = fsp ? VT_DECIMAL : VT_INT;
    o->ptype = fsp ? MYSQL_TYPE_NEWDECIMAL : MYSQL_TYPE_LONGLONG;
    o->decimals = (uint8_t)fsp;
    o->length = (uint32_t)(digits + fsp + (fsp ? 1 : 0) + 1);
    o->coll = COLL_BINARY; o->flags = BINARY_FLAG; o->nullable = nullable;
}

/* An unsigned operand as MariaDB's unsigned_flag has it (a YEAR, BIT or TIMESTAMP column
 * too, a hexadecimal literal). */
static bool unsigned_operand(const ex_type *x)
{
    return x->is_unsigned || x->vt == VT_UINT || x->hexnum || (x->flags & UNSIGNED_FLAG);
}

/* MariaDB's decimal_int_part() of x (lit: as for int_part): an integer's digits, a
 * DECIMAL's or fixed DOUBLE's integer ones, a temporal's YYYYMMDDhhmmss ones, a string's
 * characters. */
static int dec_int_part(const ex_type *x, int lit)
{
    int64_t n;
    if (x->ptype == MYSQL_TYPE_BIT) n = x->length;   /* (its bits, as MariaDB's max_length) */
    else if (x->hexnum) n = ex_hexnum_digits(x->length);
    else if (x->vt == VT_DATETIME || x->vt == VT_DATE || x->vt == VT_TIME) n = x->vt == VT_DATETIME ? 14 : x->vt == VT_DATE ? 8 : 7;
    else if (x->vt == VT_STRING) {
        const pdb_collation *co = pdb_coll_by_id(x->coll);
        n = x->length / (co && co->maxlen ? co->maxlen : 1);
    } else if (x->vt == VT_DOUBLE) n = x->decimals >= 31 ? (int64_t)x->length : (int64_t)x->length - x->decimals;
    else if (x->vt == VT_DECIMAL) n = dec_precision(x) - x->decimals;
    else if (x->vt == VT_INT || x->vt == VT_UINT) n = (int64_t)x->length - (lit ? lit - 1 : unsigned_operand(x) ? 0 : 1);
    else n = 1;
    return n < 1 ? 1 : n > 21 ? 21 : (int)n;
}

/* dec_int_part of operand x (node xe): an integer literal's digits without its sign, a
 * negation's its operand's. */
static int operand_int_part(const pl_expr *xe, const ex_type *x)
{
    bool neg = xe->kind == E_UNARY && xe->op == '-' && xe->nargs == 1;
    if (neg && xe->args[0]->kind == E_INT && (x->vt == VT_INT || x->vt == VT_UINT)) return dec_int_part(x, 2);
    if (neg && x->negdig) return x->negdig;
    if (xe->kind == E_INT && (x->vt == VT_INT || x->vt == VT_UINT)) return dec_int_part(x, xe->s[0] == '-' ? 2 : 1);
    return dec_int_part(x, 0);
}

/* a DIV b (Item_func_int_div): the dividend's integer digits (at most 21), unsigned when
 * either operand is. a and b as written (an ENUM its text), ae the dividend's node. */
static void idiv_type(const pl_expr *ae, const ex_type *a, const ex_type *b, ex_type *t)
{
    type_int(t, (uint32_t)operand_int_part(ae, a));
    t->nullable = true;
    if ((unsigned_operand(a) && !a->enumc) || (unsigned_operand(b) && !b->enumc)) {
        t->is_unsigned = true; t->flags |= UNSIGNED_FLAG; t->vt = VT_UINT;
    }
}

static void arith_type(int op, const ex_type *a, const ex_type *b, ex_type *t, int incr, int lit)
{
    ex_type ha, hb;
    if (a->hexnum) { hexnum_type(a, &ha); a = &ha; }
    if (b->hexnum) { hexnum_type(b, &hb); b = &hb; }
    if (a->vt == VT_DATETIME || a->vt == VT_DATE || a->vt == VT_TIME) { temporal_num_type(a, &ha); a = &ha; }
    if (b->vt == VT_DATETIME || b->vt == VT_DATE || b->vt == VT_TIME) { temporal_num_type(b, &hb); b = &hb; }
    memset(t, 0, sizeof *t);
    t->coll = COLL_BINARY;
    t->flags = BINARY_FLAG;
    t->nullable = true;
    bool dbl = a->vt == VT_DOUBLE || b->vt == VT_DOUBLE || a->vt == VT_STRING || b->vt == VT_STRING ||
               a->vt == VT_NULL || b->vt == VT_NULL;
    bool dec = a->vt == VT_DECIMAL || b->vt == VT_DECIMAL || op == BO_DIV;
    if (dbl) {
        /* the decimals a DOUBLE result shows: the operands' most (a string or a real
           without fixed decimals: none fixed, 31), a quotient div_precision_increment
           more; PI() * 2 shows 6 as PI() does */
        int da = a->vt == VT_STRING ? 31 : a->vt == VT_NULL || a->vt == VT_INT || a->vt == VT_UINT ? 0 : a->decimals;
        int db = b->vt == VT_STRING ? 31 : b->vt == VT_NULL || b->vt == VT_INT || b->vt == VT_UINT ? 0 : b->decimals;
        int d = da > db ? da : db;
        if (op == BO_DIV && d < 31) d += incr;
        if (d > 30) d = 31;
        t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->decimals = (uint8_t)d;
        t->length = d == 31 ? 23 : op == BO_DIV && a->length > a->decimals ? a->length - a->decimals + (uint32_t)d : 17 + (uint32_t)d;
        return;
    }
    if (dec) {
        int da = a->vt == VT_DECIMAL ? a->decimals : 0, db = b->vt == VT_DECIMAL ? b->decimals : 0;
        int d = op == BO_MUL ? da + db : op == BO_DIV ? da + incr : (da > db ? da : db);
        if (d > EX_DEC_MAX_SCALE) d = EX_DEC_MAX_SCALE;
        t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = (uint8_t)d;
        /* the result's precision as MariaDB works it out (display length: + point + sign) */
        int pa = dec_precision(a), pb = dec_precision(b), prec;
        if (op == BO_MUL) prec = pa + pb;
        else if (op == BO_DIV) prec = pa + incr + db;
        else {
            int ia = pa - da, ib = pb - db;
            prec = (ia > ib ? ia : ib) + 1 + d;
            if (op == BO_MOD) prec = (ia > ib ? ia : ib) + d;
        }
        if (op != BO_ADD && op != BO_SUB && prec > EX_DEC_MAX_PREC) prec = EX_DEC_MAX_PREC;
        /* no sign when both operands are unsigned (a remainder: the dividend) */
        bool uns = op == BO_MOD ? a->is_unsigned : a->is_unsigned && b->is_unsigned;
        t->length = (uint32_t)(prec + (d ? 1 : 0) + (uns ? 0 : 1));
        return;
    }
    t->vt = VT_INT;
    bool uns = a->is_unsigned || b->is_unsigned;
    /* MariaDB: the operands' integer digits, the larger one more for + and -, their sum
       for *, and a place for the sign unless unsigned */
    int ia = int_part(a, lit & 3), ib = int_part(b, lit >> 2 & 3);
    t->length = (uint32_t)((op == BO_MUL ? ia + ib : (ia > ib ? ia : ib) + 1) + (uns ? 0 : 1));
    if (op == BO_MOD) {   /* the operands' most digits, signed as the dividend */
        int pa = dec_precision(a), pb = dec_precision(b);
        t->length = (uint32_t)((pa > pb ? pa : pb) + (a->is_unsigned ? 0 : 1));
        uns = a->is_unsigned;
    }
    t->ptype = t->length >= 10 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG;
    if (uns) { t->is_unsigned = true; t->flags |= UNSIGNED_FLAG; t->vt = VT_UINT; }
}

/* Row constructors: (a, b) = (1, 2) is a = 1 AND b = 2; <> its negation; < <= > >=
 * compare left to right; (a, b) IN ((1, 2), (3, 4)) is an OR of equalities. The
 * three-valued results are those of the expanded forms, as in MariaDB. */
static pl_expr *mk_node(stor_arena *a, int kind, int op, pl_expr *l, pl_expr *r, const pl_expr *src)
{
    pl_expr *n = stor_arena_alloc(a, sizeof *n);
    memset(n, 0, sizeof *n);
    n->kind = (uint8_t)kind; n->op = op;
    n->args = stor_arena_alloc(a, 2 * sizeof(pl_expr *));
    n->args[0] = l; n->args[1] = r; n->nargs = r ? 2 : 1;
    n->start = src->start; n->srclen = src->srclen;
    return n;
}

static int row_width(const pl_expr *e) { return e->kind == E_ROW ? e->nargs : 1; }

static pl_expr *row_expand(ex_ctx *ctx, stor_arena *a, pl_expr *l, int op, pl_expr *r, const pl_expr *src)
{
    int n = row_width(l);
    if (row_width(r) != n) ex_raise(ctx, 1241, "21000", "Operand should contain %d column(s)", n);
    if (n == 1 || l->kind != E_ROW) return mk_node(a, E_BINARY, op, l, r, src);
    if (op == BO_EQ || op == BO_NSEQ || op == BO_NE) {
        int eq = op == BO_NE ? BO_EQ : op;
        pl_expr *acc = NULL;
        for (int i = 0; i < n; i++) {
            pl_expr *c = row_expand(ctx, a, l->args[i], eq, r->args[i], src);
            acc = acc ? mk_node(a, E_BINARY, BO_AND, acc, c, src) : c;
        }
        return op == BO_NE ? mk_node(a, E_UNARY, '!', acc, NULL, src) : acc;
    }
    /* lexicographic: l0 op' r0 OR (l0 = r0 AND (rest)) with op' the strict form */
    int strict = op == BO_LE ? BO_LT : op == BO_GE ? BO_GT : op;
    pl_expr *acc = row_expand(ctx, a, l->args[n - 1], op, r->args[n - 1], src);
    for (int i = n - 2; i >= 0; i--) {
        pl_expr *lt = row_expand(ctx, a, l->args[i], strict, r->args[i], src);
        pl_expr *eq = row_expand(ctx, a, l->args[i], BO_EQ, r->args[i], src);
        acc = mk_node(a, E_BINARY, BO_OR, lt, mk_node(a, E_BINARY, BO_AND, eq, acc, src), src);
    }
    return acc;
}

/* How many columns a subquery yields (its select list planned, not run, unless it is
 * one item that is not a `*`). */
void ex_describe_subquery(ex_ctx *ctx, pl_select *sel, ex_rows *rows, ex_type **types, const char ***names)
{
    ex_ctx sub = *ctx;
    sub.outer = ctx;
    sub.describe = true;
    memset(rows, 0, sizeof *rows);
    *types = NULL;
    *names = NULL;
    uint64_t found;
    ex_select_rows(&sub, sel, rows, types, names, &found);
}

static int subq_width(ex_ctx *ctx, pl_select *sel)
{
    if (sel->nitems == 1 && sel->items[0].e->kind != E_STAR) return 1;
    ex_rows rows;
    ex_type *types;
    const char **names;
    ex_describe_subquery(ctx, sel, &rows, &types, &names);
    return (int)rows.ncols;
}

/* MariaDB's name of a value's type in 4078 messages. */
static const char *type_name(const ex_type *t)
{
    switch (t->ptype) {
    case MYSQL_TYPE_TINY: return "tinyint";
    case MYSQL_TYPE_SHORT: return "smallint";
    case MYSQL_TYPE_INT24: return "mediumint";
    case MYSQL_TYPE_LONG: return "int";
    case MYSQL_TYPE_LONGLONG: return "bigint";
    case MYSQL_TYPE_FLOAT: return "float";
    case MYSQL_TYPE_DOUBLE: return "double";
    case MYSQL_TYPE_NEWDECIMAL: return "decimal";
    case MYSQL_TYPE_NULL: return "null";
    case MYSQL_TYPE_TIMESTAMP: return "timestamp";
    case MYSQL_TYPE_DATE: return "date";
    case MYSQL_TYPE_TIME: return "time";
    case MYSQL_TYPE_DATETIME: return "datetime";
    case MYSQL_TYPE_YEAR: return "year";
    case MYSQL_TYPE_BIT: return "bit";
    case MYSQL_TYPE_STRING: return "char";
    case MYSQL_TYPE_TINY_BLOB: return "tinyblob";
    case MYSQL_TYPE_MEDIUM_BLOB: return "mediumblob";
    case MYSQL_TYPE_LONG_BLOB: return "longblob";
    case MYSQL_TYPE_BLOB: return "blob";
    default: return "varchar";
    }
}

/* A literal (or a parameter): what MariaDB converts once per statement when it is
 * compared with a value of another type (func.c's ex_fn_constant_arg holds these too). */
static bool once_const(const pl_expr *e)
{
    switch (e->kind) {
    case E_INT: case E_DECIMAL: case E_FLOAT: case E_STRING: case E_HEX: case E_PARAM: return true;
    case E_UNARY: return e->nargs == 1 && once_const(e->args[0]);
    default: return false;
    }
}

/* A new ex_once entry of p: its index, or -1 when p has too many. */
static int once_add(ex_prog *p, const pl_expr *e, const pl_expr *k, uint8_t vt)
{
    if (p->nonce >= 0x3fff) return -1;
    if ((p->nonce & (p->nonce - 1)) == 0) {   /* 0, 1, 2, 4, ...: grow to the next power of two */
        int cap = p->nonce ? p->nonce * 2 : 1;
        p->once = prog_grow(p, p->once, p->nonce, cap, sizeof *p->once);
    }
    p->once[p->nonce] = (ex_once){ e, k, vt, false };
    return p->nonce++;
}

/* OP_CMP's b for comparison e of operands typed at[0], at[1]: a string constant against
 * another type gets an ex_once entry (0: none). */
static int once_entry(ex_prog *p, pl_expr *e, const ex_type *at)
{
    for (int i = 0; i < 2; i++) {
        const ex_type *k = &at[i], *o = &at[1 - i];
        if (k->vt != VT_STRING || o->vt == VT_STRING || o->vt == VT_NULL || !once_const(e->args[i])) continue;
        int w = once_add(p, e, e->args[i], o->vt);
        return w < 0 ? 0 : (w << 2) | (i ? EX_ONCE_RIGHT : EX_ONCE_LEFT);
    }
    return 0;
}

/* OP_BETWEEN's b above bit 0 (NOT): a DATE/DATETIME between string constants, each
 * converted once (MariaDB's temporal BETWEEN caches them; a numeric one does not): the
 * first of two ex_once entries (low, high bound; k NULL: not a constant string) + 1. */
static int once_between(ex_prog *p, pl_expr *e, const ex_type *at)
{
    if (at[0].vt != VT_DATETIME && at[0].vt != VT_DATE) return 0;
    bool lo = at[1].vt == VT_STRING && once_const(e->args[1]), hi = at[2].vt == VT_STRING && once_const(e->args[2]);
    if ((!lo && !hi) || p->nonce >= 0x3ffe) return 0;
    int w = once_add(p, e, lo ? e->args[1] : NULL, at[0].vt);
    once_add(p, e->args[2], hi ? e->args[2] : NULL, at[0].vt);   /* (its own key: the bound) */
    return (w + 1) << 1;
}

/* The type MariaDB compares values of types a and b as, as a class (its type handlers
 * for comparison): 0 none (NULL), 1 string, 2 integer, 3 decimal, 4 double, 5 temporal.
 * An integer against a string compares as DECIMAL, a decimal against a string as DOUBLE. */
static int cmp_class(const ex_type *a, const ex_type *b)
{
    int x = a->vt, y = b->vt;
    if (x == VT_NULL || y == VT_NULL) return 0;
    if (x == VT_DATETIME || x == VT_DATE || x == VT_TIME || y == VT_DATETIME || y == VT_DATE || y == VT_TIME) return 5;
    if (x == VT_STRING && y == VT_STRING) return 1;
    if (x == VT_DOUBLE || y == VT_DOUBLE) return 4;
    if (x == VT_STRING || y == VT_STRING) return (x == VT_DECIMAL || y == VT_DECIMAL) ? 4 : 3;
    if (x == VT_DECIMAL || y == VT_DECIMAL) return 3;
    return 2;
}

/* A hybrid (IF, IFNULL, COALESCE, CASE, NULLIF) of hexadecimal literals and NULLs only
 * is one itself; with other values among them its string result is just a string. */
static void hybrid_hexnum(ex_prog *p, const ex_type *args, int n, ex_type *t)
{
    bool hex = false, other = false;
    for (int i = 0; i < n; i++) {
        if (args[i].hexnum) hex = true;
        else if (args[i].vt != VT_NULL) other = true;
    }
    if (!hex) return;
    if (!other && t->vt == VT_STRING) t->hexnum = true;
    else if (t->vt == VT_STRING) emit(p, OP_TOSTR, t->coll, 0, 0);   /* drops the mark */
}

/* MariaDB reads an ENUM in numeric context as its member's index (Field_enum::val_int),
 * a SET as the bit mask of its members (Field_set, bit i for member i + 1): compared with
 * a number, in arithmetic, IN and BETWEEN of numbers, SUM and the like, and ORDER BY. The
 * value depth places below the top of the stack becomes that integer. */
static void enum_index(ex_prog *p, ex_type *t, int depth)
{
    const stor_column *c = t->enumc;
    int first = p->nconsts;
    for (uint32_t i = 0; i < c->n_enum; i++) add_const(p, ex_str(c->enum_vals[i], strlen(c->enum_vals[i]), c->coll));
    emit(p, c->type == CT_SET ? OP_SETMASK : OP_ENUMIDX, first, depth, (int)c->n_enum);
    bool nullable = t->nullable;
    uint16_t nn = t->flags & NOT_NULL_FLAG;
    memset(t, 0, sizeof *t);
    type_int(t, c->n_enum > 255 ? 5 : 3);
    t->flags |= UNSIGNED_FLAG | nn;   /* (a signed value: e - 2 is -1) */
    t->nullable = nullable;
}

/* A new program: p stays as it was (a plan being kept may hold it), and growing the copy's
 * arrays copies them. */
static ex_prog *prog_copy(const ex_prog *p)
{
    ex_prog *c = stor_arena_alloc(p->a, sizeof *c);
    *c = *p;
    c->cap = c->nops;
    c->cconsts = c->nconsts;
    c->stk = NULL;
    c->stk_busy = false;
    return c;
}

/* p's value marked as a JSON document (JSON_ARRAYAGG of a JSON column). */
static ex_prog *prog_mark_json(const ex_prog *p)
{
    ex_prog *c = prog_copy(p);
    emit(c, OP_MARK, EX_JSONDOC, 0, 0);
    return c;
}

ex_prog *ex_prog_enum_index(const ex_prog *p, ex_type *t)
{
    ex_prog *c = prog_copy(p);
    enum_index(c, t, 0);
    return c;
}

/* p's value as a YEAR column stores it, p being a constant MariaDB converts so (an index
 * lookup's or range's value for a YEAR key): a new program, p as it was. */
ex_prog *ex_prog_year_key(const ex_prog *p)
{
    ex_prog *c = stor_arena_alloc(p->a, sizeof *c);
    *c = *p;
    c->cap = c->nops;
    c->cconsts = c->nconsts;
    c->stk = NULL;
    c->stk_busy = false;
    emit(c, OP_YEARK, 0, 0, 0);
    return c;
}

/* An IN list of constants converted when the statement compiles it: its strings warn
 * then, once per statement (against a left side of type vt). */
/* in_list_warn's vt: the list is compared with a YEAR column (value types are below it) */
#define IN_YEAR 0x80

static void in_list_warn(ex_ctx *ctx, const pl_expr *e, uint8_t vt, const pdb_value *consts, int first, int end)
{
    if (ctx->quiet || !ex_warn_due(ctx, e, e->args[1])) return;
    ex_ctx *saved_conv = ex_conv_ctx;
    ex_conv_ctx = ctx;
    bool year = vt & IN_YEAR;   /* strings a YEAR stores (OP_YEARK) are numbers: no warning */
    pdb_value d = ex_int(0);
    d.t = vt & ~IN_YEAR;
    int64_t y;
    for (int k = first; k < end; k++)
        if (consts[k].t == VT_STRING && !(year && ex_year_const(&consts[k], &y))) (void)ex_compare(&d, &consts[k], 0);
    ex_conv_ctx = saved_conv;
}

static bool numeric_type(const ex_type *t)
{
    return t->vt == VT_INT || t->vt == VT_UINT || t->vt == VT_DECIMAL || t->vt == VT_DOUBLE;
}

/* A number, or a BIT column (a number to compare an ENUM with). */
static bool number_like(const ex_type *t) { return numeric_type(t) || (t->from_column && t->ptype == MYSQL_TYPE_BIT); }

/* The value of a literal the shape cache blanks (E_INT, E_DECIMAL, E_FLOAT, E_STRING), as
 * its OP_CONST holds it: one function for compiling and for filling a kept program's
 * literal slots (ex_kept_use), so the two cannot disagree. */
/* Whether a literal introduced by coll (_latin1'..', _utf16'..') is read anew: its bytes
 * as the client sent them, read in coll's charset, as MariaDB's (_latin1'é' from a UTF-8
 * client is 'Ã©'); not when coll's charset is the client's, or both are UTF-8. */
static bool introduced_anew(uint16_t client, uint16_t coll)
{
    const pdb_collation *c = pdb_coll_by_id(client), *i = pdb_coll_by_id(coll);
    if (!c || !i || coll == COLL_BINARY || !strcmp(c->charset, i->charset)) return false;
    return pdb_coll_transcoded(coll) || pdb_coll_wide(coll) || pdb_coll_transcoded(client);
}

static pdb_value introduced(ex_ctx *ctx, stor_arena *a, const char *s, size_t n, uint16_t coll)
{
    uint16_t client = ctx->s->coll_client;
    char *b = stor_arena_alloc(a, pdb_coll_octets_cap(client, n) + 1);
    size_t bn = pdb_coll_octets(client, s, n, b), bad, pad;
    pdb_value v = pdb_coll_transcoded(coll) ? ex_bytes_in_charset(a, b, bn, coll, &bad)
                                            : ex_bytes_in_unicode(a, b, bn, coll, &bad, &pad, NULL);
    v.coll = coll;
    return v;
}

static pdb_value lit_parts(ex_ctx *ctx, stor_arena *a, int kind, const char *str, size_t slen, uint16_t coll, bool hex)
{
    pdb_value val = ex_null();
    switch (kind) {
    case E_INT: {
        /* up to 18 digits cannot overflow: read directly (a dump's rows are mostly these) */
        const char *d = str + (str[0] == '-' || str[0] == '+');
        size_t nd = slen - (size_t)(d - str), i = 0;
        if (nd && nd <= 18) {
            int64_t v = 0;
            while (i < nd && d[i] >= '0' && d[i] <= '9') v = v * 10 + (d[i++] - '0');
            if (i == nd) return ex_int(str[0] == '-' ? -v : v);
        }
        char *end;
        errno = 0;
        long long v = strtoll(str, &end, 10);
        if (errno == ERANGE) {
            errno = 0;
            unsigned long long u = strtoull(str, &end, 10);
            if (str[0] != '-' && errno != ERANGE) { val = ex_int(0); val.t = VT_UINT; val.u = u; }
            else {   /* beyond BIGINT (UNSIGNED): a DECIMAL */
                ex_dec d;
                ex_dec_parse(str, slen, &d, NULL);
                ex_dec_put(a, &d, -1, &val);
            }
        } else val = ex_int(v);
        return val;
    }
    case E_DECIMAL: {
        int64_t dv; uint8_t sc;
        if (ex_parse_decimal(str, slen, &dv, &sc)) { val.t = VT_DECIMAL; val.i = dv; val.scale = sc; }
        else {   /* more than 18 digits: exact all the same (up to 81) */
            ex_dec d;
            ex_dec_parse(str, slen, &d, NULL);
            ex_dec_put(a, &d, -1, &val);
        }
        return val;
    }
    case E_FLOAT:
        return ex_dbl(strtod(str, NULL));
    case E_STRING:
        /* (an introducer, _charset'...', takes the charset's default collation; the text
           is UTF-8 whatever the charset) */
        if (coll && !hex && introduced_anew(ctx->s->coll_client, coll)) return introduced(ctx, a, str, slen, coll);
        return ex_str(str, slen, coll ? coll : ctx->s->coll_connection);
    default:
        return val;
    }
}

static pdb_value lit_value(ex_ctx *ctx, stor_arena *a, const pl_expr *e)
{
    return lit_parts(ctx, a, e->kind, e->s, e->slen, e->coll, e->kind == E_STRING && e->ival);
}

/* A comparison with a subquery of several columns (a row): compiled here when so, and
 * then true */
static bool comp_subq_row_cmp(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    ex_type at[1];
    if (e->kind == E_BINARY && e->nargs == 2 && e->op >= BO_EQ && e->op <= BO_NSEQ &&
        (e->args[0]->kind == E_SUBQUERY || e->args[1]->kind == E_SUBQUERY)) {
        /* a subquery of several columns: a row, compared only with a row */
        int li = e->args[0]->kind == E_SUBQUERY ? 0 : 1;
        pl_expr *o = e->args[1 - li];
        int w = subq_width(ctx, e->args[li]->sub);
        int ow = o->kind == E_ROW ? o->nargs : o->kind == E_SUBQUERY && w > 1 ? subq_width(ctx, o->sub) : 1;
        if (w > 1 && ow == 1) {
            ex_type ot;
            comp(cs, o, &ot);
            static const char *const opname[] = { "", "=", "<>", "<", "<=", ">", ">=", "<=>" };
            ex_raise(ctx, 4078, "HY000", "Illegal parameter data types %s and %s for operation '%s'",
                     li ? type_name(&ot) : "row", li ? "row" : type_name(&ot), opname[e->op]);
        }
        /* MariaDB names the left operand's width */
        if (w > 1 && ow != w) ex_raise(ctx, 1241, "21000", "Operand should contain %d column(s)", li ? ow : w);
        if (w > 1) {
            /* (a, b) op (SELECT x, y): the row against the one row's columns (run_subq);
               with the subquery on the left, the mirrored comparison */
            static const int mirror[] = { 0, BO_EQ, BO_NE, BO_GT, BO_GE, BO_LT, BO_LE, BO_NSEQ };
            ex_subq *sq = stor_arena_alloc(cs->a, sizeof *sq);
            memset(sq, 0, sizeof *sq);
            sq->sel = e->args[li]->sub;
            sq->kind = E_INSUB;
            sq->correlated = true;
            sq->width = w;
            sq->single = true;
            sq->rowop = li ? e->op : mirror[e->op];
            if (o->kind == E_SUBQUERY) {   /* (SELECT ..) op (SELECT ..): the other's row pushed */
                ex_subq *oq = stor_arena_alloc(cs->a, sizeof *oq);
                memset(oq, 0, sizeof *oq);
                oq->sel = o->sub;
                oq->kind = E_ROW;
                oq->correlated = true;
                oq->width = w;
                oq->single = true;
                add_subq(p, oq, 0);
                push(cs, w);
                cs->depth -= w;
            } else {
                for (int i = 0; i < w; i++) {
                    int iw = row_width(o->args[i]);
                    if (iw != 1) ex_raise(ctx, 1241, "21000", "Operand should contain %d column(s)", li ? iw : 1);
                    comp(cs, o->args[i], &at[0]);
                }
                cs->depth -= w;
            }
            add_subq(p, sq, 0);
            push(cs, 1);
            type_int(t, 1);
            if (e->op == BO_NSEQ) t->flags |= NOT_NULL_FLAG;
            return true;
        }
    }
    return false;
}

/* A comparison or IN of rows of several columns: compiled here as the comparisons of
 * their columns (row_expand), and then true */
static bool comp_row_expand(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    if (e->kind == E_BINARY && e->nargs == 2 && (e->args[0]->kind == E_ROW || e->args[1]->kind == E_ROW) &&
        e->op >= BO_EQ && e->op <= BO_NSEQ && (row_width(e->args[0]) > 1 || row_width(e->args[1]) > 1)) {
        comp(cs, row_expand(ctx, cs->a, e->args[0], e->op, e->args[1], e), t);
        type_int(t, 1);
        return true;
    }
    if (e->kind == E_IN && e->nargs > 1 && e->args[0]->kind == E_ROW && e->args[0]->nargs > 1) {
        pl_expr *acc = NULL;
        for (int i = 1; i < e->nargs; i++) {
            if (e->args[i]->kind == E_INT)
                ex_raise(ctx, 4078, "HY000", "Illegal parameter data types row and int for operation 'in'");
            pl_expr *c = row_expand(ctx, cs->a, e->args[0], BO_EQ, e->args[i], e);
            acc = acc ? mk_node(cs->a, E_BINARY, BO_OR, acc, c, e) : c;
        }
        if (e->negated) acc = mk_node(cs->a, E_UNARY, '!', acc, NULL, e);
        comp(cs, acc, t);
        type_int(t, 1);
        return true;
    }
    return false;
}

/* NULL */
static void comp_null(cstate *cs, ex_type *t)
{
    ex_prog *p = cs->p;
    emit(p, OP_CONST, add_const(p, ex_null()), 0, 0); push(cs, 1);
    t->vt = VT_NULL; t->ptype = MYSQL_TYPE_NULL; t->flags = BINARY_FLAG; t->nullable = true;
}

/* TRUE and FALSE */
static void comp_bool(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    emit(p, OP_CONST, add_const(p, ex_int(e->ival)), 0, 0); push(cs, 1);
    type_int(t, 5); t->flags |= NOT_NULL_FLAG;   /* (MariaDB's Item_bool: INT(5), as CREATE ... SELECT TRUE shows) */
}

/* An integer literal */
static void comp_int(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    pdb_value val = lit_value(ctx, cs->a, e);
    int ci = add_const(p, val);
    emit(p, OP_CONST, ci, 0, 0); push(cs, 1);
    if (cs->kt) kt_lit(cs, ci, e);
    if (val.t == VT_DECIMAL) {
        /* beyond BIGINT (UNSIGNED): a DECIMAL of that many digits, as in MariaDB */
        memset(t, 0, sizeof *t);
        t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->length = (uint32_t)e->slen; t->coll = COLL_BINARY;
        t->flags = BINARY_FLAG | NOT_NULL_FLAG;
        return;
    }
    type_int(t, (uint32_t)e->slen);
    if (val.t == VT_UINT) { t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG; }
    t->flags |= NOT_NULL_FLAG;
}

/* A decimal literal */
static void comp_decimal(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    pdb_value v = lit_value(ctx, cs->a, e);
    int ci = add_const(p, v);
    emit(p, OP_CONST, ci, 0, 0); push(cs, 1);
    if (cs->kt) kt_lit(cs, ci, e);
    t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = v.scale; t->length = (uint32_t)e->slen;
    t->flags = BINARY_FLAG | NOT_NULL_FLAG;
    if (e->s[0] != '-') t->length++;
}

/* A floating-point literal */
static void comp_float(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    int ci = add_const(p, lit_value(ctx, cs->a, e));
    emit(p, OP_CONST, ci, 0, 0); push(cs, 1);
    if (cs->kt) kt_lit(cs, ci, e);
    t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->decimals = 31; t->length = (uint32_t)e->slen;
    t->flags = BINARY_FLAG | NOT_NULL_FLAG;
}

/* A string literal */
static void comp_string(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    pdb_value v = lit_value(ctx, cs->a, e);
    uint16_t coll = v.coll;
    int ci = add_const(p, v);
    emit(p, OP_CONST, ci, 0, 0); push(cs, 1);
    if (cs->kt) kt_lit(cs, ci, e);
    type_str(t, 0, coll);
    t->coerc = 4;
    const pdb_collation *co = pdb_coll_by_id(coll);
    /* length: characters * maxlen */
    size_t chars = 0;
    for (size_t i = 0; i < v.len; i++) if (co && co->id == COLL_BINARY ? 1 : ((unsigned char)v.p[i] & 0xc0) != 0x80) chars++;
    t->length = (uint32_t)chars * (co ? co->maxlen : 1);
    t->flags |= NOT_NULL_FLAG;
}

/* A hexadecimal or bit literal (X'41', 0x41, b'1') */
static void comp_hex(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    pdb_value v = ex_str(e->s, e->slen, COLL_BINARY);
    if (e->ival) v.scale = EX_HEXNUM;   /* 0x41, b'1' (not X'41'): a number in numeric context */
    emit(p, OP_CONST, add_const(p, v), 0, 0); push(cs, 1);
    type_str(t, (uint32_t)e->slen, COLL_BINARY);
    t->coerc = 4;   /* (COERCIBLE, as MariaDB's Item_hex_constant: a column's text wins) */
    t->flags |= NOT_NULL_FLAG;
    t->hexnum = e->ival != 0;
    t->hexlit = EX_HEXLIT;
}

/* A prepared statement's parameter: a constant for this execution */
static void comp_param(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    pdb_value v = ex_null();
    /* a trigger's NEW.col / OLD.col read: its definer needs SELECT on the column, checked
       as the statement that reads it runs (MariaDB's Item_trigger_field) */
    if (e->tbl && ctx->spx && ctx->spx->t) ex_privs_trigger_column(ctx, ctx->spx->t, e->s, STOR_PRIV_SELECT);
    if (ctx->params && e->ival < ctx->nparams) v = ctx->params[e->ival];
    else if (!ctx->describe)
        ex_raise(ctx, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '?' at line 1");
    emit(p, OP_CONST, add_const(p, v), 0, 0); push(cs, 1);
    /* a stored program's local (or a trigger's NEW.col / OLD.col): typed as declared */
    const stor_column *dc = ex_sp_param_column(ctx, (int)e->ival);
    if (dc) {
        ex_type_of_column(dc, t);
        t->nullable = true;
        t->flags &= ~NOT_NULL_FLAG;
        return;
    }
    /* as MariaDB types a bound parameter: NOT NULL unless it is NULL; a NULL one is an
       empty binary string (still NULL to what reads its type, as the NULL literal) */
    switch (v.t) {
    case VT_NULL:
        type_str(t, 0, COLL_BINARY); t->vt = VT_NULL;
        if (ctx->describe) t->ptype = MYSQL_TYPE_NULL;   /* (not bound yet) */
        break;
    case VT_INT: case VT_UINT: type_int(t, 21); t->ptype = MYSQL_TYPE_LONGLONG; if (v.t == VT_UINT) { t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG; } break;
    case VT_DOUBLE: t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = 31; t->flags = BINARY_FLAG; break;
    case VT_DECIMAL: t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = v.scale; t->length = 21; t->flags = BINARY_FLAG; break;
    case VT_DATE: t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10; t->flags = BINARY_FLAG; break;
    case VT_DATETIME: t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->length = 26; t->decimals = v.scale; t->flags = BINARY_FLAG; break;
    case VT_TIME: t->vt = VT_TIME; t->ptype = MYSQL_TYPE_TIME; t->length = 17; t->flags = BINARY_FLAG; break;
    default: type_str(t, v.len, v.coll ? v.coll : ctx->s->coll_connection); t->coerc = 4; break;
    }
    t->nullable = v.t == VT_NULL;
    if (!t->nullable) t->flags |= NOT_NULL_FLAG;
}

/* A system variable (@@name, @@global.name) */
static void comp_sysvar(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    pdb_value v;
    bool global = e->db && !strcasecmp(e->db, "global");
    if (ex_sysvar_get(ctx->s, e->s, global, &v, cs->a, t) != 0)
        ex_raise(ctx, 1193, "HY000", "Unknown system variable '%s'", e->s);
    const char *only = e->db && !global ? ex_sysvar_global_only(e->s) : NULL;   /* @@session.x, @@local.x */
    if (only) ex_raise(ctx, 1238, "HY000", "Variable '%s' is a GLOBAL variable", only);
    emit(p, OP_SYSVAR, add_const(p, ex_str(e->s, e->slen, COLL_BINARY)), global, 0); push(cs, 1);
}

/* A user variable (@name) */
static void comp_uservar(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    pdb_value v;
    ex_uservar_get(ctx->s, e->s, &v);
    emit(p, OP_USERVAR, add_const(p, ex_str(e->s, e->slen, COLL_BINARY)), 0, 0); push(cs, 1);
    if (v.t == VT_STRING || v.t == VT_NULL) {
        /* MariaDB types a string (or NULL, or unknown) variable LONGTEXT/LONGBLOB
           whatever it holds: 16777215 bytes, so functions over it come out as
           MEDIUM_BLOB (UPPER(@s)) or LONG_BLOB (CONCAT(@s, 'x')) */
        type_str(t, 0, v.t == VT_STRING ? v.coll : COLL_BINARY);
        t->coerc = 2;   /* IMPLICIT, as a column: col LIKE @v of two collations is 1267 */
        t->ptype = MYSQL_TYPE_LONG_BLOB;
        t->length = 16777216;   /* never set */
        for (pdb_uservar *u = ctx->s->uservars; u; u = u->next)
            if (!strcasecmp(u->name, e->s)) { t->length = 16777215; break; }
    }
    else if (v.t == VT_DOUBLE) { t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->decimals = 31; t->length = 23; t->flags = BINARY_FLAG; }
    else if (v.t == VT_DECIMAL) { t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = EX_DEC_MAX_SCALE; t->length = 83; t->flags = BINARY_FLAG; }
    else { type_int(t, 20); }
    t->nullable = true;
}

/* Unary minus, ~ and NOT */
static void comp_unary(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    ex_type at[1];
    comp(cs, e->args[0], &at[0]);
    uint32_t enum_len = 0;   /* an ENUM or SET negated: its number, a BIGINT one longer than its text */
    if (e->op == '-' && at[0].enumc) { enum_len = at[0].length + 1; enum_index(p, &at[0], 0); }
    if (e->op == '-') {
        /* -(-9223372036854775808): MariaDB makes the negated BIGINT minimum a DECIMAL */
        bool min_lit = e->args[0]->kind == E_INT && e->args[0]->s[0] == '-' && at[0].vt == VT_INT &&
                       p->consts[p->nconsts - 1].t == VT_INT && p->consts[p->nconsts - 1].i == INT64_MIN;
        /* so is a hexadecimal literal of 2^63 or more (-0x8000000000000000) */
        if (e->args[0]->kind == E_HEX && at[0].hexnum && ex_hexnum_u64(&p->consts[p->nconsts - 1]) > (uint64_t)INT64_MAX)
            min_lit = true;
        {   /* the negation as MariaDB prints it, for 1690 */
            char pbuf[256];
            size_t pk = 0;
            print_expr(cs, e, pbuf, sizeof pbuf, &pk);
            if (pk >= sizeof pbuf) pk = sizeof pbuf - 1;
            emit(p, OP_NEG, min_lit, 0, add_const(p, ex_str(stor_arena_strndup(cs->a, pbuf, pk), pk, COLL_BINARY)));
        }
        *t = at[0];
        if (t->vt == VT_DATETIME || t->vt == VT_DATE || t->vt == VT_TIME) {   /* (a DECIMAL of its number) */
            temporal_num_type(&at[0], t);
            t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->length--;
        }
        if (t->hexnum) {   /* an integer of the literal's length in bytes, as MariaDB sizes it */
            uint32_t len = t->length;
            type_int(t, len);
            t->vt = VT_UINT;
        }
        if (min_lit) { t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = 0; }
        t->negdig = (uint8_t)operand_int_part(e->args[0], &at[0]);
        t->is_unsigned = false;   /* (-u of an INT UNSIGNED: signed, as MariaDB's) */
        t->flags &= (uint16_t)~UNSIGNED_FLAG;
        if (enum_len) { t->ptype = MYSQL_TYPE_LONGLONG; t->length = enum_len; t->flags &= (uint16_t)~UNSIGNED_FLAG; }
        if (t->vt == VT_STRING || t->vt == VT_NULL) { t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->decimals = 31; t->length = 23; t->coll = COLL_BINARY; t->flags = BINARY_FLAG; }
        else if (t->vt == VT_UINT) { t->vt = VT_INT; t->flags &= (uint16_t)~UNSIGNED_FLAG; }
        t->length++;
        if (t->vt == VT_INT) t->ptype = t->length >= 10 ? MYSQL_TYPE_LONGLONG : MYSQL_TYPE_LONG;
        t->from_column = false;
        t->flags &= (uint16_t)~(PRI_KEY_FLAG | UNIQUE_KEY_FLAG | MULTIPLE_KEY_FLAG | AUTO_INCREMENT_FLAG | PART_KEY_FLAG | ZEROFILL_FLAG);
        t->flags |= BINARY_FLAG;
    } else if (e->op == '~') { emit(p, OP_BITNOT, 0, 0, 0); type_int(t, 21); t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG; }
    else { emit(p, OP_NOT, 0, 0, 0); type_int(t, 1); if (at[0].vt == VT_STRING) p->may_warn = true; }
    t->nullable = at[0].nullable;
}

/* AND and OR: the right operand is skipped when the left one decides */
static void comp_and_or(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    ex_type at[2];
    int op = e->op;
    comp(cs, e->args[0], &at[0]);
    int jmp = p->nops;
    emit(p, op == BO_AND ? OP_AND_JMP : OP_OR_JMP, 0, 0, 0);
    comp(cs, e->args[1], &at[1]);
    emit(p, op == BO_AND ? OP_AND_FIN : OP_OR_FIN, 0, 0, 0);
    cs->depth--;
    p->ops[jmp].a = p->nops;
    type_int(t, 1);
    t->nullable = at[0].nullable || at[1].nullable;
    if (at[0].vt == VT_STRING || at[1].vt == VT_STRING) p->may_warn = true;
}

/* A comparison (=, <>, <, <=, >, >=, <=>) of the two operands just compiled, of types
 * at[0] and at[1] */
static bool volatile_func(const char *n);

/* A YEAR column as such (MariaDB: a field item, not an expression over one). */
static bool year_column(const ex_type *t) { return t->from_column && t->ptype == MYSQL_TYPE_YEAR; }

/* A BIT column's type where its value is read as a number (IFNULL, NULLIF ...: OP_RETYPE
 * EX_RT_BIT_UINT makes the value so): an unsigned integer of its digits, still BIT. */
static void bit_uint_type(ex_type *t)
{
    uint32_t bits = t->length ? t->length : 1;
    t->vt = VT_UINT; t->is_unsigned = true; t->hexnum = false;
    t->flags = (uint16_t)((t->flags | UNSIGNED_FLAG | BINARY_FLAG) & ~(PRI_KEY_FLAG | UNIQUE_KEY_FLAG | MULTIPLE_KEY_FLAG));
    t->length = (uint32_t)((double)bits * 0.30102999566398120) + 1;
    t->coll = COLL_BINARY;
}

/* A YEAR column's value on top of the stack where a date is read: its zero date. */
static void year_as_date(ex_prog *p, ex_type *t)
{
    emit(p, OP_RETYPE, EX_RT_YEAR_DATE, 0, 0);
    bool nullable = t->nullable;
    memset(t, 0, sizeof *t);
    t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10;
    t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = nullable;
}

static bool year_const_expr(const pl_expr *e);

/* A constant MariaDB converts once for a YEAR column it is compared with (const_item():
 * literals, parameters, user variables, operators and functions over them). Scalar
 * subqueries are constant there too but not here. */
bool ex_year_constant(const pl_expr *e) { return year_const_expr(e); }

static bool year_const_expr(const pl_expr *e)
{
    switch (e->kind) {
    case E_INT: case E_DECIMAL: case E_FLOAT: case E_STRING: case E_HEX: case E_BOOL: case E_PARAM: case E_USERVAR:
        return true;
    case E_FUNC:
        if (!e->s || volatile_func(e->s) || ex_is_aggregate_name(e->s) || e->sub) return false;
        /* fall through */
    case E_UNARY: case E_BINARY: case E_CAST:
        for (int i = 0; i < e->nargs; i++) if (!year_const_expr(e->args[i])) return false;
        return e->nargs > 0 || e->kind == E_FUNC;
    default: return false;
    }
}

/* Operand i of n just compiled (typed at[i]) compared with a YEAR column: converted as that
 * column stores it (OP_YEARK) when it is a constant. */
static bool bit_column(const ex_type *t) { return t->from_column && t->ptype == MYSQL_TYPE_BIT; }

static void year_operand(ex_prog *p, const pl_expr *e, const ex_type *at, int i, int n)
{
    if (!year_column(at) && year_const_expr(e)) emit(p, OP_YEARK, 0, n - 1 - i, 0);
}

static void comp_cmp(cstate *cs, pl_expr *e, ex_type *at, ex_type *t)
{
    ex_prog *p = cs->p;
    int op = e->op;
    static const char *const ops[] = { "", "=", "<>", "<", "<=", ">", ">=", "<=>" };
    /* (a BIT column is a number here too) */
    if (at[0].enumc && number_like(&at[1])) enum_index(p, &at[0], 1);
    if (at[1].enumc && number_like(&at[0])) enum_index(p, &at[1], 0);
    if (year_column(&at[0])) year_operand(p, e->args[1], &at[1], 1, 2);
    if (year_column(&at[1])) year_operand(p, e->args[0], &at[0], 0, 2);
    /* a string literal against a BIT column is stored as one: its bytes are the number
       (any other string is read as a number) */
    if (bit_column(&at[0]) && e->args[1]->kind == E_STRING) emit(p, OP_MARK, EX_HEXNUM, 0, 0);
    if (bit_column(&at[1]) && e->args[0]->kind == E_STRING) emit(p, OP_MARK, EX_HEXNUM, 1, 0);
    /* a TIME against a DATE or DATETIME: on today's date (Item_func::compare as DATETIME) */
    bool da = at[0].vt == VT_DATETIME || at[0].vt == VT_DATE, db = at[1].vt == VT_DATETIME || at[1].vt == VT_DATE;
    if (at[0].vt == VT_TIME && db) emit(p, OP_RETYPE, EX_RT_TIME_DT, 1, 0);
    if (at[1].vt == VT_TIME && da) emit(p, OP_RETYPE, EX_RT_TIME_DT, 0, 0);
    coll_mix_check(cs, &at[0], &at[1], ops[op]);
    coll_lit_check(cs, e->args[0], &at[0], e->args[1], &at[1], ops[op]);
    emit(p, OP_CMP, op, once_entry(p, e, at), str_coll(cs, &at[0], &at[1]));
    type_int(t, 1);
    /* (nullable whatever the operands: MariaDB's text result says NOT NULL of id > 0 over a
       NOT NULL column, its prepared statement's metadata nullable, as for a + 1) */
    t->nullable = op != BO_NSEQ;
    if (op == BO_NSEQ) t->flags |= NOT_NULL_FLAG;
}

/* Arithmetic and bit operators over the two operands just compiled, of types at[0] and at[1] */
static void comp_arith(cstate *cs, pl_expr *e, ex_type *at, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    int op = e->op;
    ex_type written[2] = { at[0], at[1] };   /* (DIV types by them) */
    if (at[0].enumc) enum_index(p, &at[0], 1);
    if (at[1].enumc) enum_index(p, &at[1], 0);
    int incr = 4;
    {
        char pbuf[256];
        size_t pk = 0;
        print_expr(cs, e, pbuf, sizeof pbuf, &pk);
        if (pk >= sizeof pbuf) pk = sizeof pbuf - 1;
        char *ptxt = stor_arena_strndup(cs->a, pbuf, pk);
        if (op == BO_DIV) {   /* the session's div_precision_increment, fixed at compile time */
            pdb_value iv; ex_type it;
            if (ex_sysvar_get(ctx->s, "div_precision_increment", false, &iv, cs->a, &it) == 0) {
                int64_t v = ex_to_int(&iv);
                incr = v < 0 ? 0 : v > EX_DEC_MAX_SCALE ? EX_DEC_MAX_SCALE : (int)v;
            }
        }
        /* b: a quotient's div_precision_increment; for a product, how MariaDB holds
           each operand (ex_dec_mul_maria: 0 its digits, 255 whole words, else a
           column's declared integer digits), one byte each */
        int bop = incr;
        if (op == BO_MUL) {
            int h[2];
            for (int i = 0; i < 2; i++) {
                int d = dec_precision(&at[i]) - at[i].decimals;
                h[i] = at[i].vt != VT_DECIMAL || e->args[i]->kind == E_DECIMAL || e->args[i]->kind == E_INT ? 0 :
                       at[i].from_column ? (d < 1 ? 1 : d > 254 ? 254 : d) : 255;
            }
            bop = h[0] | h[1] << 8;
        }
        /* a: the operator, and above bit 16 which operands are unsigned integers read as
           VT_INT (INT UNSIGNED and smaller): MariaDB's sum, difference or product is then
           unsigned, out of range below 0 (1690), as with BIGINT UNSIGNED */
        int ua = 0;
        for (int i = 0; i < 2; i++) {
            if (at[i].vt != VT_INT) continue;
            if ((op == BO_ADD || op == BO_SUB || op == BO_MUL) && at[i].is_unsigned) ua |= 1 << (16 + i);
            if (op == BO_IDIV && unsigned_operand(&written[i]) && !written[i].enumc) ua |= 1 << (16 + i);
        }
        emit(p, OP_ARITH, op | ua, (uint16_t)bop, add_const(p, ex_str(ptxt, pk, COLL_BINARY)));
    }
    if (op >= BO_BITAND) { type_int(t, 21); t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG; return; }
    int lit = 0;
    for (int i = 0; i < 2; i++) {   /* integer literals (a negative one folded, as MariaDB's parser does) */
        const pl_expr *x = e->args[i];
        bool neg = x->kind == E_UNARY && x->op == '-' && x->nargs == 1 && x->args[0]->kind == E_INT;
        if (neg) x = x->args[0];
        if (x->kind == E_INT && (at[i].vt == VT_INT || at[i].vt == VT_UINT))
            lit |= (1 + (neg || x->s[0] == '-')) << (2 * i);
    }
    /* (nullable whatever the operands: MariaDB says NOT NULL of a + 1 over a NOT NULL column
       in a text result, but nullable in a prepared statement's and a cursor's metadata,
       which test_prepared_plans and test_cursors compare; see 70ec6c3) */
    if (op == BO_IDIV) idiv_type(e->args[0], &written[0], &written[1], t);
    else arith_type(op, &at[0], &at[1], t, incr, lit);
}

/* A binary operator: logical, comparison, arithmetic or bitwise */
static void comp_binary(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    ex_type at[2];
    int op = e->op;
    if (op == BO_AND || op == BO_OR) { comp_and_or(cs, e, t); return; }
    comp(cs, e->args[0], &at[0]);
    comp(cs, e->args[1], &at[1]);
    cs->depth--;
    if (op == BO_XOR) {
        emit(p, OP_XOR, 0, 0, 0); type_int(t, 1);
        if (at[0].vt == VT_STRING || at[1].vt == VT_STRING) p->may_warn = true;
        return;
    }
    if ((at[0].vt == VT_STRING) != (at[1].vt == VT_STRING) && at[0].vt != VT_NULL && at[1].vt != VT_NULL)
        p->may_warn = true;
    if (op >= BO_EQ && op <= BO_NSEQ) { comp_cmp(cs, e, at, t); return; }
    comp_arith(cs, e, at, t);
}

/* IS [NOT] NULL */
static void comp_isnull(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    ex_type at[1];
    comp(cs, e->args[0], &at[0]);
    emit(p, OP_ISNULL, e->negated, 0, 0);
    type_int(t, 1); t->flags |= NOT_NULL_FLAG;
}

/* IS [NOT] TRUE/FALSE/UNKNOWN */
static void comp_is(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    ex_type at[1];
    comp(cs, e->args[0], &at[0]);
    emit(p, OP_IS, (int)e->ival, e->negated, 0);
    type_int(t, 1); t->flags |= NOT_NULL_FLAG;
    if (at[0].vt == VT_STRING) p->may_warn = true;
}

/* expr [NOT] IN (list) */
static void comp_in(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    ex_type at[1];
    uint16_t coll = 0;
    /* MariaDB converts a list of constants that all compare with the left side as
       one type when it prepares the statement (its sorted IN array): every string
       of the list warns then, once, whether or not a row is ever compared */
    int cls = -1, cfirst = p->nconsts;
    bool consts = true, allnum = true;
    for (int i = 0; i < e->nargs; i++) {
        ex_type it;
        int before = p->nops;
        comp(cs, e->args[i], &it);
        if (i > 0 && it.enumc && number_like(&at[0]) && !at[0].enumc) enum_index(p, &it, 0);   /* (an ENUM among numbers) */
        if (i > 0 && (it.vt == VT_STRING) != (at[0].vt == VT_STRING) && it.vt != VT_NULL) p->may_warn = true;
        if (i == 0) { at[0] = it; cfirst = p->nconsts; }
        else {
            if (!number_like(&it) && it.vt != VT_NULL) allnum = false;
            coll_mix_check(cs, &at[0], &it, "=");
            if (!coll) coll = str_coll(cs, &at[0], &it);
            int c = cmp_class(&at[0], &it);
            if (c && cls < 0) cls = c;
            else if (c && c != cls) cls = 0;
            if (p->nops != before + 1 || p->ops[before].code != OP_CONST) consts = false;
        }
    }
    cs->depth -= e->nargs - 1;
    if (at[0].enumc && allnum && e->nargs > 1) {
        /* an ENUM against numbers: its member's index (the list stays as it is) */
        enum_index(p, &at[0], e->nargs - 1);
        consts = false;   /* (compared item by item, as numbers) */
    }
    uint8_t inw_vt = at[0].vt;
    if (year_column(&at[0]) && e->nargs > 1) {
        /* a YEAR against a list of constants only: each converted as it stores (MariaDB
           converts none when one is not a constant); compared item by item, and only
           the strings it cannot store warn, once */
        bool all = true;
        for (int i = 1; i < e->nargs && all; i++) all = e->args[i]->kind == E_NULL || year_const_expr(e->args[i]);
        if (all) {
            for (int i = 1; i < e->nargs; i++) if (e->args[i]->kind != E_NULL) emit(p, OP_YEARK, 0, e->nargs - 1 - i, 0);
            inw_vt |= IN_YEAR;
        }
    }
    int flags = e->negated;
    if (consts && (cls > 0 || (inw_vt & IN_YEAR))) {   /* (a YEAR's list: even of mixed types) */
        flags |= EX_IN_CONVERTED;
        if (at[0].vt != VT_STRING) {
            if (cs->kt) kt_inw(cs, e, inw_vt, cfirst, p->nconsts);
            in_list_warn(ctx, e, inw_vt, p->consts, cfirst, p->nconsts);
        }
    }
    emit(p, OP_IN, e->nargs - 1, flags, coll);
    type_int(t, 1);
}

/* A string that reads as a number without a warning or a note (not hex, not JSON, no
 * trailing space, finite and within a decimal's range): *d, what ex_compare reads it as. */
static bool num_string(const pdb_value *v, double *d)
{
    if (v->t != VT_STRING || !v->len || ex_hexmark(v->scale) || v->scale == EX_JSONVAL) return false;
    char last = v->p[v->len - 1];
    if (last == ' ' || last == '\t') return false;
    bool trunc;
    *d = ex_str_to_double(v->p, v->len, &trunc);
    return !trunc && fabs(*d) < 1e81;
}

/* A BETWEEN bound that is a string literal (its one op at p->ops[at]) over a number that is
 * never a string (a numeric column, a CAST to a number): ex_compare reads the string as a
 * double on every row, warning for nothing when it is a clean number, so the double is
 * taken once here (and again by ex_kept_use for a kept program's new literal). */
static void num_bound(cstate *cs, const pl_expr *e, const ex_type *at, int at_op)
{
    ex_prog *p = cs->p;
    const pl_expr *x = e->args[0];
    if (!numeric_type(&at[0]) || at[0].enumc || year_column(&at[0]) ||
        !(x->kind == E_COLUMN || (x->kind == E_CAST && (x->cast.type == -1 || x->cast.type == -2 ||
                                                        x->cast.type == CT_DECIMAL || x->cast.type == CT_DOUBLE))))
        return;
    const ex_op *o = &p->ops[at_op];
    double d;
    if (o->code != OP_CONST || !num_string(&p->consts[o->a], &d)) return;
    uint16_t coll = p->consts[o->a].coll;
    p->consts[o->a] = ex_dbl(d);
    if (cs->kt) kt_num(cs, o->a, coll);
}

/* expr [NOT] BETWEEN a AND b */
static void comp_between(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    ex_type at[3];
    int start[4];
    for (int i = 0; i < 3; i++) {
        start[i] = p->nops;
        comp(cs, e->args[i], &at[i]);
    }
    start[3] = p->nops;
    cs->depth -= 2;
    for (int i = 1; i < 3; i++) if (start[i + 1] == start[i] + 1) num_bound(cs, e, at, start[i]);
    if (at[0].enumc && number_like(&at[1]) && number_like(&at[2])) enum_index(p, &at[0], 2);
    /* (ENUM bounds of a number: their members' numbers) */
    if (number_like(&at[0]) && !at[0].enumc)
        for (int i = 1; i < 3; i++) if (at[i].enumc) enum_index(p, &at[i], 2 - i);
    if (year_column(&at[0])) {   /* each constant bound as a YEAR column stores it */
        year_operand(p, e->args[1], &at[1], 1, 3);
        year_operand(p, e->args[2], &at[2], 2, 3);
    }
    {
        /* a string between bounds of which one is a number: MariaDB compares all three
           as the type it aggregates from them left to right (string and integer as
           DECIMAL, that and a string as DOUBLE), not each pair on its own (a) */
        int how = 0;
        bool num = numeric_type(&at[0]) && !at[0].enumc && !year_column(&at[0]);   /* (a number
                      between strings aggregates so too: MariaDB warns as DOUBLE for two) */
        if (((at[0].vt == VT_STRING && (numeric_type(&at[1]) || numeric_type(&at[2]))) ||
             (num && (at[1].vt == VT_STRING || at[2].vt == VT_STRING))) &&
            at[1].vt != VT_NULL && at[2].vt != VT_NULL) {
            int c = cmp_class(&at[0], &at[1]);
            ex_type agg = { 0 };
            agg.vt = c == 1 ? VT_STRING : c == 2 ? VT_INT : c == 3 ? VT_DECIMAL : VT_DOUBLE;
            c = c == 5 ? 5 : cmp_class(&agg, &at[2]);
            if (c == 3 || c == 4) how = c;
        }
        emit(p, OP_BETWEEN, how, e->negated | once_between(p, e, at), str_coll(cs, &at[0], &at[1]));
    }
    type_int(t, 1);
}

static bool refs_column(const pl_expr *e);

/* [NOT] LIKE, with or without ESCAPE */
static void comp_like(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    ex_type at[4];
    comp(cs, e->args[0], &at[0]);
    /* a column of a table with an n-gram key over it: the row id's trigrams decide first
       (a = 2 | src << 2, b's bits above NOT the column) */
    int ng = 0;
    const ex_op *c0 = &p->ops[p->nops - 1];
    if (c0->code == OP_COL && c0->a < 0x3fff && cs->sc->ctx->src[c0->a].t && c0->b < 0x7fff &&
        ex_ng_key(cs->sc->ctx->src[c0->a].t, (uint32_t)c0->b) >= 0 && !refs_column(e->args[1]))
        ng = 2 | c0->a << 2 | c0->b << 16;
    for (int i = 1; i < e->nargs; i++) comp(cs, e->args[i], &at[i]);
    cs->depth -= e->nargs - 1;
    coll_mix_check(cs, &at[0], &at[1], "like");
    coll_lit_check(cs, e->args[0], &at[0], e->args[1], &at[1], "like");
    emit(p, OP_LIKE, (e->nargs == 3) | (ng & 0xfffe), e->negated | (ng >> 16) << 1, str_coll(cs, &at[0], &at[1]));
    type_int(t, 1);
    t->nullable = at[0].nullable || at[1].nullable || (e->nargs == 3 && at[2].nullable);
    if (!t->nullable) t->flags |= NOT_NULL_FLAG;
}

/* [NOT] REGEXP */
static void comp_regexp(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    ex_type at[2];
    comp(cs, e->args[0], &at[0]);
    comp(cs, e->args[1], &at[1]);
    cs->depth--;
    emit(p, OP_REGEXP, 0, e->negated, str_coll(cs, &at[0], &at[1]));
    type_int(t, 1);
}

/* expr COLLATE name */
static void comp_collate(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    comp(cs, e->args[0], t);
    const pdb_collation *co = pdb_coll_by_name(e->s);
    if (!co) ex_raise(ctx, 1273, "HY000", "Unknown collation: '%s'", e->s);
    /* the collation must be of the operand's charset (a number's: the connection's) */
    const pdb_collation *oc = pdb_coll_by_id(t->vt == VT_STRING ? t->coll : ctx->s->coll_connection);
    if (oc && ex_coll_shared(co) && pdb_coll_of_charset(co, oc->charset)) co = pdb_coll_of_charset(co, oc->charset);
    if (t->vt != VT_NULL && oc && strcmp(oc->charset, co->charset))
        ex_raise(ctx, 1253, "42000", "COLLATION '%s' is not valid for CHARACTER SET '%s'", ex_coll_shared(co) ? e->s : co->name,
                 oc->charset);
    emit(p, OP_COLLATE, co->id, 0, 0);
    if (t->vt != VT_STRING) {   /* (1 COLLATE x: a VARCHAR of its display length) */
        uint32_t chars = t->vt == VT_NULL ? 0 : t->length;
        memset(t, 0, sizeof *t);
        t->vt = VT_STRING; t->ptype = MYSQL_TYPE_VAR_STRING; t->length = chars * co->maxlen; t->nullable = true;
    }
    t->coll = co->id;
    t->coerc = 0;
}

/* CAST(expr AS type) and CONVERT(expr, type) */
static void comp_cast(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    ex_type at[1];
    comp(cs, e->args[0], &at[0]);
    if (year_column(&at[0]) && (e->cast.type == CT_DATE || e->cast.type == CT_DATETIME || e->cast.type == CT_TIME))
        year_as_date(p, &at[0]);
    if (at[0].enumc && (e->cast.type == -1 || e->cast.type == -2 || e->cast.type == CT_DECIMAL ||
                        e->cast.type == CT_DOUBLE || e->cast.type == CT_FLOAT)) {
        ex_type n = at[0];   /* a number of its index or mask (the type stays for the length) */
        enum_index(p, &n, 0);
    }
    p->may_warn = true;
    if (p->ncasts % 8 == 0) p->casts = prog_grow(p, p->casts, p->ncasts, p->ncasts + 8, sizeof *p->casts);
    p->casts[p->ncasts] = e->cast;
    if (e->cast.type == CT_VARCHAR && !e->cast.coll) p->casts[p->ncasts].coll = ctx->s->coll_connection;
    /* c: the call as written, for 1264 */
    emit(p, OP_CAST, p->ncasts++, 0,
         e->cast.type == CT_DECIMAL || e->cast.type == CT_FLOAT ? add_const(p, ex_str(e->start, e->srclen, COLL_BINARY)) : -1);
    memset(t, 0, sizeof *t);
    t->coll = COLL_BINARY; t->nullable = true;
    switch (e->cast.type) {
    case -1: case -2: {
        uint32_t len = at[0].vt == VT_STRING ? at[0].length / (pdb_coll_by_id(at[0].coll) ? pdb_coll_by_id(at[0].coll)->maxlen : 1) : at[0].length;
        if (at[0].vt == VT_DOUBLE || len > 21) len = 21;
        if (at[0].hexnum) {   /* the literal's digits, UNSIGNED or not */
            type_int(t, ex_hexnum_digits(at[0].length));
            if (e->cast.type == -2) { t->vt = VT_UINT; t->is_unsigned = true; t->flags |= UNSIGNED_FLAG; }
            break;
        }
        type_int(t, len ? len : 1);
        /* CAST AS UNSIGNED is always a BIGINT UNSIGNED column */
        if (e->cast.type == -2) { t->vt = VT_UINT; t->flags |= UNSIGNED_FLAG; t->ptype = MYSQL_TYPE_LONGLONG; t->length = 21; }
        break;
    }
    case CT_DECIMAL: {
        int prec = e->cast.len < 0 ? 10 : e->cast.len, sc = e->cast.scale < 0 ? 0 : e->cast.scale;
        if (prec > EX_DEC_MAX_PREC)
            ex_raise(ctx, 1426, "42000", "Too big precision specified for '%.*s'. Maximum is %d",
                     (int)e->args[0]->srclen, e->args[0]->start, EX_DEC_MAX_PREC);
        if (sc > prec)
            ex_raise(ctx, 1427, "42000", "For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column '')");
        t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->decimals = (uint8_t)sc;
        t->length = (uint32_t)(prec + (sc ? 1 : 0) + 1); t->flags = BINARY_FLAG;
        break;
    }
    case CT_DOUBLE: case CT_FLOAT: t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 22; t->decimals = 31; t->flags = BINARY_FLAG;
        if (e->cast.type == CT_FLOAT) { t->ptype = MYSQL_TYPE_FLOAT; t->length = 12; }
        break;
    case CT_DATE: t->vt = VT_DATE; t->ptype = MYSQL_TYPE_DATE; t->length = 10; t->flags = BINARY_FLAG; break;
    case CT_DATETIME: t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->length = 19; t->flags = BINARY_FLAG;
        if (e->cast.len > 0) { t->decimals = (uint8_t)(e->cast.len > 6 ? 6 : e->cast.len); t->length += t->decimals + 1u; }
        break;
    case CT_TIME: t->vt = VT_TIME; t->ptype = MYSQL_TYPE_TIME; t->length = 10; t->flags = BINARY_FLAG;
        if (e->cast.len > 0) { t->decimals = (uint8_t)(e->cast.len > 6 ? 6 : e->cast.len); t->length += t->decimals + 1u; }
        break;
    default: {
        uint16_t coll = e->cast.type == CT_VARBINARY ? COLL_BINARY : p->casts[p->ncasts - 1].coll;
        uint32_t len = e->cast.len >= 0 ? (uint32_t)e->cast.len :
                       (at[0].vt == VT_STRING ? at[0].length / (pdb_coll_by_id(at[0].coll) ? pdb_coll_by_id(at[0].coll)->maxlen : 1) : at[0].length);
        type_str(t, len, coll);
        t->nullable = true;
        t->coerc = 2;   /* (IMPLICIT, as MariaDB's Item_char_typecast) */
    }
    }
}

/* OP_CAST of the value depth places below the top into temporal type t's kind and digits
 * (fuzzy: GREATEST/LEAST's reading of a value that is no date as the zero date). */
static void temporal_cast(ex_prog *p, const ex_type *t, int depth, bool fuzzy)
{
    if (p->ncasts % 8 == 0) p->casts = prog_grow(p, p->casts, p->ncasts, p->ncasts + 8, sizeof *p->casts);
    p->casts[p->ncasts] = (pl_cast){ .type = t->vt == VT_DATE ? CT_DATE : t->vt == VT_TIME ? CT_TIME : CT_DATETIME,
                                     .len = t->decimals, .scale = -1, .fuzzy = fuzzy };
    emit(p, OP_CAST, p->ncasts++, (uint16_t)depth, -1);
}

/* A hybrid (IF, IFNULL, COALESCE, CASE) typed temporal t over results of types r[0..n):
 * the one it yields (on top) becomes t's kind (a DATE a DATETIME, a TIME one of today)
 * and digits, unless all already are. */
static void hybrid_temporal(ex_prog *p, const ex_type *r, int n, const ex_type *t)
{
    if (t->vt != VT_DATETIME && t->vt != VT_DATE && t->vt != VT_TIME) return;
    for (int i = 0; i < n; i++)
        if (r[i].vt != VT_NULL && (r[i].vt != t->vt || r[i].decimals != t->decimals)) {
            temporal_cast(p, t, 0, false);
            return;
        }
}

/* CASE x WHEN v ...: an ENUM or SET compared with numbers only is its number (MariaDB
 * compares them as numbers), as in x = v. The operand and the WHEN values lie on the
 * stack, arguments 0..n-1. */
static void case_enums(ex_prog *p, const pl_expr *e, const ex_type *at, int n)
{
    int nwhen = (n - 1 - (e->has_else ? 1 : 0)) / 2;
    bool nums = true;
    for (int k = 0; k < nwhen; k++) nums &= number_like(&at[1 + 2 * k]);
    if (at[0].enumc && nums) {
        ex_type tmp = at[0];
        enum_index(p, &tmp, n - 1);
    }
    if (!number_like(&at[0])) return;
    for (int k = 0; k < nwhen; k++)
        if (at[1 + 2 * k].enumc) {
            ex_type tmp = at[1 + 2 * k];
            enum_index(p, &tmp, n - 2 - 2 * k);
        }
}

/* CASE, with or without an operand */
static void comp_case(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    /* all branches evaluated; OP_CASE picks */
    ex_type rt = { 0 };
    bool first = true, mixed = false;
    int n = e->nargs, nres = 0;
    ex_type *res = stor_arena_alloc(cs->a, (size_t)(n ? n : 1) * sizeof *res);
    ex_type *all = stor_arena_alloc(cs->a, (size_t)(n ? n : 1) * sizeof *all);
    pl_expr **rn = stor_arena_alloc(cs->a, (size_t)(n ? n : 1) * sizeof *rn);   /* (the results' nodes) */
    for (int i = 0; i < n; i++) {
        ex_type it;
        comp(cs, e->args[i], &it);
        all[i] = it;
        bool is_result = e->has_operand ? ((i >= 1) && ((i - 1) % 2 == 1 || (e->has_else && i == n - 1)))
                                        : ((i % 2 == 1) || (e->has_else && i == n - 1));
        if (!is_result && !e->has_operand && it.vt == VT_STRING) p->may_warn = true;   /* WHEN 'x' */
        if (is_result) { rn[nres] = e->args[i]; res[nres++] = it; }
        if (is_result && it.vt != VT_NULL) {
            mixed |= it.vt != VT_STRING;
            if (first) { rt = it; first = false; }
            else if (rt.vt != it.vt) {
                if (rt.vt == VT_STRING || it.vt == VT_STRING) { if (rt.vt != VT_STRING) rt = it; rt.length = rt.length > it.length ? rt.length : it.length; }
                else if (rt.vt == VT_DOUBLE || it.vt == VT_DOUBLE) { rt.vt = VT_DOUBLE; rt.ptype = MYSQL_TYPE_DOUBLE; rt.decimals = 31; }
                else if (rt.vt == VT_DECIMAL || it.vt == VT_DECIMAL) { rt.vt = VT_DECIMAL; rt.ptype = MYSQL_TYPE_NEWDECIMAL; if (it.decimals > rt.decimals) rt.decimals = it.decimals; }
            } else if (it.length > rt.length) rt.length = it.length;
        }
    }
    if (e->has_operand) case_enums(p, e, all, n);
    cs->depth -= n - 1;
    emit(p, OP_CASE, (e->has_operand ? 1 : 0) | (e->has_else ? 2 : 0), (uint16_t)n, 0);
    if (first) { rt.vt = VT_NULL; rt.ptype = MYSQL_TYPE_NULL; }
    if (!first) {   /* its results' types aggregate as COALESCE's arguments do */
        const ex_fdef *cf = ex_func_find("COALESCE");
        pl_expr results = { .kind = E_FUNC, .args = rn, .nargs = nres };   /* (literals among them) */
        cf->type(cf, res, nres, &rt, &results);
        if (rt.vt == VT_STRING && mixed) emit(p, OP_TOSTR, rt.coll, 0, 0);
        if (rt.vt == VT_DOUBLE)
            for (int i = 0; i < nres; i++)
                if (res[i].vt == VT_DECIMAL || res[i].vt == VT_INT || res[i].vt == VT_UINT) { emit(p, OP_TOSTR, 0, 1, 0); break; }
        hybrid_hexnum(p, res, nres, &rt);
        hybrid_temporal(p, res, nres, &rt);
    }
    *t = rt;
    /* NULL when no WHEN matches without an ELSE, or a result can be (a spatial one always).
       (MariaDB's text result is also NULL when a condition, the operand or a WHEN value
       can be; not modelled, since a comparison here always can be: see comp_cmp) */
    bool nl = !e->has_else || t->geom;
    for (int i = 0; i < nres; i++) nl |= res[i].nullable || res[i].vt == VT_NULL;
    t->nullable = nl;
    if (nl) t->flags &= (uint16_t)~NOT_NULL_FLAG;
    else t->flags |= NOT_NULL_FLAG;
}

/* A scalar subquery, EXISTS, and expr [NOT] IN (SELECT ...) */
static void comp_subquery(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    ex_type at[1];
    ex_subq *sq = stor_arena_alloc(cs->a, sizeof *sq);
    memset(sq, 0, sizeof *sq);
    sq->sel = e->sub;
    sq->kind = e->kind;
    sq->correlated = true;   /* decided at its first run: see run_subq */
    if (e->kind == E_INSUB && e->args[0]->kind == E_ROW && e->args[0]->nargs > 1) {
        sq->width = e->args[0]->nargs;   /* (a, b) IN (SELECT x, y ...) */
        for (int i = 0; i < sq->width; i++) comp(cs, e->args[0]->args[i], &at[0]);
        cs->depth -= sq->width;
    } else if (e->kind == E_INSUB) { comp(cs, e->args[0], &at[0]); cs->depth--; }
    add_subq(p, sq, e->negated);
    push(cs, 1);
    if (e->kind == E_SUBQUERY) {
        /* the type of the subquery's column: compile it once without running it */
        ex_rows rows;
        ex_type *types;
        const char **names;
        ex_describe_subquery(ctx, e->sub, &rows, &types, &names);
        if (rows.ncols >= 1 && types) {
            *t = types[0];
            t->from_column = false;
            t->flags &= (uint16_t)~(NOT_NULL_FLAG | PRI_KEY_FLAG | UNIQUE_KEY_FLAG | MULTIPLE_KEY_FLAG | AUTO_INCREMENT_FLAG | PART_KEY_FLAG);
            own_string_type(t);
        } else type_str(t, 255, ctx->s->coll_connection);
        t->nullable = true;
    } else type_int(t, 1);
}

/* Names e's bare columns as columns of source alias. */
static void qualify_columns(pl_expr *e, const char *alias)
{
    if (!e) return;
    if (e->kind == E_COLUMN && !e->tbl) e->tbl = (char *)alias;
    for (int i = 0; i < e->nargs; i++) qualify_columns(e->args[i], alias);
}

/* DEFAULT(col): the column's default, as a constant of the statement (an expression
 * default: evaluated for the row) */
static void comp_default_func(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    int src, col;
    if (!find_column(cs->sc, e->args[0], &src, &col)) { comp_column(cs, e->args[0], t); return; }
    ex_src *s = &ctx->src[src];
    stor_table *dt = s->t ? s->t : s->deft;
    if (!dt) ex_raise(ctx, 1364, "HY000", "Field '%s' doesn't have a default value", e->args[0]->s);
    const stor_column *c = &dt->cols[col];
    if (c->default_expr) {   /* an expression: over the row, its columns read from the same source */
        pl_expr *d = ex_check_parse(ctx, c->default_sql);
        qualify_columns(d, s->alias ? s->alias : dt->name);
        bool whole = c->kind == CK_I64 && c->type != CT_DECIMAL && c->type != CT_DATE && c->type != CT_DATETIME &&
                     c->type != CT_TIMESTAMP && c->type != CT_TIME && c->type != CT_YEAR && !c->n_enum;
        if (whole) {   /* an integer column's: an integer of the column's type */
            pl_expr *x = stor_arena_alloc(ctx->a, sizeof *x);
            memset(x, 0, sizeof *x);
            x->kind = E_CAST;
            x->cast.type = c->is_unsigned ? -2 : -1;
            x->cast.len = x->cast.scale = -1;
            x->args = stor_arena_alloc(ctx->a, sizeof(pl_expr *));
            x->args[0] = d; x->nargs = 1;
            x->start = d->start; x->srclen = d->srclen;
            d = x;
        }
        comp(cs, d, t);
        if (whole) ex_type_of_column(c, t);
        t->nullable = true;
        return;
    }
    pdb_value dv;
    if (c->auto_increment) dv = ex_int(0);
    else if (!ex_column_default(ctx, c, &dv))
        ex_raise(ctx, 1364, "HY000", "Field '%s' doesn't have a default value", c->name);
    pdb_value cv;
    ex_store_convert(ctx, c, &dv, &cv, 0);
    emit(p, OP_CONST, add_const(p, ex_persist(ctx->a, &cv)), 0, 0); push(cs, 1);
    ex_type_of_column(c, t);
    t->nullable = true;
}

/* expr op ANY/ALL (SELECT ...), parsed as ANY_SUBQ/ALL_SUBQ */
static void comp_any_all(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    ex_type at[1];
    comp(cs, e->args[0], &at[0]);
    ex_subq *sq = stor_arena_alloc(cs->a, sizeof *sq);
    memset(sq, 0, sizeof *sq);
    sq->sel = e->sub;
    sq->kind = (e->s[1] == 'N' ? 100 : 200) + e->op;
    sq->correlated = true;
    add_subq(p, sq, 0);
    type_int(t, 1);
}

/* CHARSET(expr) and COLLATION(expr) */
static void comp_charset_coll(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_prog *p = cs->p;
    ex_type at[1];
    /* decided by the argument's type: a constant */
    cstate tmp = *cs;
    tmp.kt = NULL;
    ex_prog scratch = { 0 };
    scratch.a = cs->a;
    tmp.p = &scratch;
    comp(&tmp, e->args[0], &at[0]);
    const pdb_collation *co = pdb_coll_by_id(at[0].vt == VT_STRING ? at[0].coll : COLL_BINARY);
    const char *v = !co ? "binary" : e->s[1] == 'H' ? co->charset : co->name;
    emit(p, OP_CONST, add_const(p, ex_str(v, strlen(v), COLL_UTF8MB3_GENERAL_CI)), 0, 0); push(cs, 1);
    type_str(t, 64, COLL_UTF8MB3_GENERAL_CI);
    t->flags |= NOT_NULL_FLAG;
}

/* NEXTVAL(seq), LASTVAL(seq), SETVAL(seq, ...): the sequence named as two strings, its
 * database ('' for the current one) and its name, before the other arguments (the parser
 * made sure the first argument is [db.]name) */
static pl_expr *seq_call(cstate *cs, pl_expr *e)
{
    if (e->db || e->nargs < 1 || (strcasecmp(e->s, "NEXTVAL") && strcasecmp(e->s, "LASTVAL") && strcasecmp(e->s, "SETVAL")))
        return e;
    pl_expr *c = e->args[0];
    assert(c->kind == E_COLUMN && !c->db);
    pl_expr *ne = stor_arena_alloc(cs->a, sizeof *ne);
    *ne = *e;
    ne->nargs = e->nargs + 1;
    ne->args = stor_arena_alloc(cs->a, (size_t)ne->nargs * sizeof *ne->args);
    for (int i = 0; i < 2; i++) {
        pl_expr *sx = stor_arena_alloc(cs->a, sizeof *sx);
        memset(sx, 0, sizeof *sx);
        sx->kind = E_STRING;
        sx->s = i ? c->s : c->tbl ? c->tbl : "";
        sx->slen = strlen(sx->s);
        sx->coll = COLL_UTF8MB4_BIN;
        ne->args[i] = sx;
    }
    for (int i = 1; i < e->nargs; i++) ne->args[i + 1] = e->args[i];
    return ne;
}

/* GREATEST/LEAST of a temporal with others: each argument not of the result's kind and
 * digits becomes it where it lies on the stack (depth), before they are compared: a
 * number or string that is no date as the zero date, no time as NULL (MariaDB's
 * val_datetime_packed / val_time_packed). */
static void minmax_temporal_args(ex_prog *p, const ex_fdef *f, const ex_type *ats, int n, const pl_expr *e)
{
    ex_type rt;
    f->type(f, ats, n, &rt, e);
    if (rt.vt != VT_DATETIME && rt.vt != VT_DATE && rt.vt != VT_TIME) return;
    for (int i = 0; i < n; i++) {
        uint8_t vt = ats[i].vt, dec = ats[i].decimals;
        if (year_column(&ats[i])) {   /* a YEAR is its zero date 'YYYY-00-00' (Field_year::get_date) */
            emit(p, OP_RETYPE, EX_RT_YEAR_DATE, n - 1 - i, 0);
            vt = VT_DATE; dec = 0;
        }
        if (vt == VT_NULL || (vt == rt.vt && dec == rt.decimals)) continue;
        temporal_cast(p, &rt, n - 1 - i, rt.vt != VT_TIME);
    }
}

/* GREATEST/LEAST of a BIT column with others: the BIT is its number. Of an ENUM or SET
 * with a number (and no temporal): MariaDB compares them
 * as doubles, the ENUM or SET as its number (val_real). The arguments are on the stack;
 * each such one becomes its number there. Its type stays the column's for the typing
 * (ty_if: a string among numbers makes a DOUBLE, with the ENUM's 0 decimals). With a
 * temporal: minmax_temporal_args. */
static bool minmax_args(ex_prog *p, const ex_fdef *f, ex_type *ats, int n, const pl_expr *e)
{
    bool num = false, enums = false, allbit = true;
    for (int i = 0; i < n; i++) allbit &= bit_column(&ats[i]);
    for (int i = 0; i < n && !allbit; i++)   /* a BIT among others: its number (INT_RESULT) */
        if (bit_column(&ats[i])) {
            emit(p, OP_RETYPE, EX_RT_BIT_UINT, n - 1 - i, 0);
            bit_uint_type(&ats[i]);
        }
    for (int i = 0; i < n; i++) {
        uint8_t vt = ats[i].vt;
        if (vt == VT_DATETIME || vt == VT_DATE || vt == VT_TIME) { minmax_temporal_args(p, f, ats, n, e); return false; }
        num |= vt == VT_INT || vt == VT_UINT || vt == VT_DECIMAL || vt == VT_DOUBLE;
        enums |= ats[i].enumc != NULL;
    }
    if (!num || !enums) return false;
    for (int i = 0; i < n; i++) {
        if (!ats[i].enumc) continue;
        ex_type tmp = ats[i];
        enum_index(p, &tmp, n - 1 - i);
    }
    return true;
}

/* A call of a function of the registry (ex_fdef) */
static void comp_call(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    e = seq_call(cs, e);
    int fh = e->db ? -1 : ex_func_lookup(e->s);   /* (db.f(): a stored function only) */
    const ex_fdef *f = fh < 0 ? NULL : ex_func_at(fh);
    ex_type sft;
    bool stored = false;
    if (!f) {
        if (!e->db && agg_kind(e->s, false) >= 0) ex_raise(ctx, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '%s' at line 1", expr_name(e, (char[EXPR_NAME_CAP]){ 0 }));
        if (!ex_sf_compile(ctx, e, &sft))   /* (a stored function: 1305 when there is none) */
            ex_raise(ctx, 1305, "42000", "FUNCTION %s.%s does not exist", e->db ? e->db : ctx->s->db[0] ? ctx->s->db : "",
                     e->db ? e->tbl : e->s);
        fh = ex_sf_handle();
        f = ex_func_at(fh);
        stored = true;
    }
    if ((f->min_args >= 0 && e->nargs < f->min_args) || (f->max_args >= 0 && e->nargs > f->max_args))
        ex_raise(ctx, 1582, "42000", "Incorrect parameter count in the call to native function '%s'", e->s);
    ex_type *ats = stor_arena_alloc(cs->a, (size_t)(e->nargs + 1) * sizeof(ex_type));
    for (int i = 0; i < e->nargs; i++) {
        if (e->args[i]->kind == E_INTERVAL) {
            comp(cs, e->args[i]->args[0], &ats[i]);
            /* the unit rides along as a constant */
            emit(p, OP_CONST, add_const(p, ex_str(e->args[i]->s, strlen(e->args[i]->s), COLL_BINARY)), 0, 0);
            push(cs, 1);
            continue;
        }
        comp(cs, e->args[i], &ats[i]);
        if (ats[i].json && (f->flags & EX_FN_JSON)) emit(p, OP_MARK, EX_JSONDOC, 0, 0);
        if (ats[i].enumc && ((f->flags & EX_FN_NUMARGS) || (i > 0 && (f->flags & EX_FN_NUMREST)) || (i == 1 && (f->flags & EX_FN_NUM2))))
            enum_index(p, &ats[i], 0);
        if (year_column(&ats[i]) && (f->flags & EX_FN_DATEARGS)) year_as_date(p, &ats[i]);

    }
    bool minmax_enum = (f->flags & EX_FN_MINMAX) && minmax_args(p, f, ats, e->nargs, e);
    int nargs = e->nargs;
    for (int i = 0; i < e->nargs; i++) if (e->args[i]->kind == E_INTERVAL) nargs++;
    cs->depth -= nargs - 1;
    if (nargs == 0) push(cs, 1);
    emit(p, OP_FUNC, fh, (uint16_t)nargs, 0);
    /* remember the call for functions that need the syntax (errors, units) */
    p->ops[p->nops - 1].c = add_const(p, (pdb_value){ .t = VT_NULL, .p = (const char *)e });
    if (stored) { *t = sft; p->may_warn = true; return; }
    /* BIT columns among a hybrid's values: numbers unless a string is among them (then
       the result is a binary string of their bytes); NULLIF's first is its number */
    int bits = 0;
    bool strs = false;
    if (f->flags & (EX_FN_HYBRID | EX_FN_AS_FIRST)) {
        int first = f->flags & EX_FN_COND_FIRST ? 1 : 0, last = f->flags & EX_FN_AS_FIRST ? 1 : e->nargs;
        for (int i = first; i < last; i++) {
            if (bit_column(&ats[i])) bits++;
            else strs |= ats[i].vt == VT_STRING || ats[i].vt == VT_DATETIME || ats[i].vt == VT_DATE || ats[i].vt == VT_TIME;
        }
        if (f->flags & EX_FN_AS_FIRST) strs = false;
        for (int i = first; i < last && bits && !strs; i++) if (bit_column(&ats[i])) bit_uint_type(&ats[i]);
    }
    f->type(f, ats, e->nargs, t, e);
    if (bits && !strs) emit(p, OP_RETYPE, EX_RT_BIT_UINT, 0, 0);
    if (bits && strs && t->vt == VT_STRING) { t->coll = COLL_BINARY; t->flags |= BINARY_FLAG; }
    bool is_if = f->flags & EX_FN_COND_FIRST, hybrid = f->flags & EX_FN_HYBRID;
    if (f->flags & EX_FN_JSON_RESULT) t->jsonfmt = true;
    else if (hybrid && t->vt == VT_STRING) {   /* IF, COALESCE of JSON values only */
        bool all = e->nargs > is_if;
        for (int i = is_if; i < e->nargs; i++) if (!ats[i].jsonfmt && ats[i].vt != VT_NULL) all = false;
        t->jsonfmt = all;
    }
    if (is_if && e->nargs == 3 && ats[0].vt == VT_STRING) p->may_warn = true;
    if (t->vt == VT_STRING && hybrid) {
        /* a string result: numbers among the arguments become their text (sorted
           and compared as strings) */
        for (int i = is_if ? 1 : 0; i < e->nargs; i++)
            if (ats[i].vt != VT_STRING && ats[i].vt != VT_NULL) { emit(p, OP_TOSTR, t->coll, 0, 0); break; }
    }
    if (t->vt == VT_DOUBLE && hybrid) {
        /* a DOUBLE result: decimal and integer arguments become doubles (shown as such) */
        for (int i = is_if ? 1 : 0; i < e->nargs; i++)
            if (ats[i].vt == VT_DECIMAL || ats[i].vt == VT_INT || ats[i].vt == VT_UINT) { emit(p, OP_TOSTR, 0, 1, 0); break; }
    }
    if (hybrid) hybrid_temporal(p, ats + is_if, e->nargs - is_if, t);
    if (minmax_enum && t->vt == VT_DOUBLE) emit(p, OP_TOSTR, 0, 1, 0);   /* (their numbers' best, as a double) */
    if (hybrid)
        hybrid_hexnum(p, ats + is_if, e->nargs - is_if, t);
    else if (f->flags & EX_FN_AS_FIRST)
        hybrid_hexnum(p, ats, 1, t);
}

static bool refs_column(const pl_expr *e)
{
    if (!e) return false;
    if (e->kind == E_COLUMN || e->sub) return true;
    for (int i = 0; i < e->nargs; i++) if (refs_column(e->args[i])) return true;
    return false;
}

/* MATCH (cols) AGAINST (q [mode]) (parsed with args[0] = q, ival = mode): the query, the
 * row id of the columns' table and the FULLTEXT key they name (a constant) go to the
 * registry's MATCH (fulltext.c) */
static void comp_match(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    uint32_t cols[64];
    int src = -1;
    for (int i = 1; i < e->nargs; i++) {
        int s, c;
        pl_expr *a = e->args[i];
        if (a->kind != E_COLUMN) ex_raise(ctx, 1210, "HY000", "Incorrect arguments to MATCH");
        if (!find_column(cs->sc, a, &s, &c)) {
            /* an unknown column gets the error a column reference gets */
            cstate tmp = *cs;
            ex_prog scratch = { 0 };
            scratch.a = cs->a;
            tmp.p = &scratch;
            ex_type at;
            comp(&tmp, a, &at);
            ex_raise(ctx, 1191, "HY000", "Can't find FULLTEXT index matching the column list");
        }
        if (src >= 0 && s != src) ex_raise(ctx, 1210, "HY000", "Incorrect arguments to MATCH");
        if (!ctx->src[s].t || i > 64) ex_raise(ctx, 1191, "HY000", "Can't find FULLTEXT index matching the column list");
        src = s;
        cols[i - 1] = (uint32_t)c;
    }
    if (refs_column(e->args[0])) ex_raise(ctx, 1210, "HY000", "Incorrect arguments to AGAINST");
    const ex_ftspec *sp = ex_ft_resolve(ctx, ctx->src[src].t, src, cols, (uint32_t)(e->nargs - 1), (int)e->ival);
    ex_type at;
    comp(cs, e->args[0], &at);
    emit(p, OP_ROWID, src, 0, 0); push(cs, 1);
    emit(p, OP_CONST, add_const(p, (pdb_value){ .t = VT_NULL, .p = (const char *)sp }), 0, 0); push(cs, 1);
    int fh = ex_func_lookup("MATCH");
    cs->depth -= 2;
    emit(p, OP_FUNC, fh, 3, 0);
    p->ops[p->nops - 1].c = add_const(p, (pdb_value){ .t = VT_NULL, .p = (const char *)e });
    ex_func_at(fh)->type(ex_func_at(fh), NULL, 3, t, e);
}

/* A function call: a window function, DEFAULT(col), an aggregate, ANY/ALL, CHARSET or
 * COLLATION, or a function of the registry */
static pl_expr *mk_int_node(stor_arena *a, int64_t v, const pl_expr *src)
{
    pl_expr *n = mk_node(a, E_INT, 0, NULL, NULL, src);
    n->nargs = 0;
    n->ival = v;
    n->s = stor_arena_alloc(a, 24);
    n->slen = (size_t)snprintf(n->s, 24, "%lld", (long long)v);
    return n;
}

/* FIND_IN_SET('member', set_column): MariaDB answers the member's place in the column's
 * definition when the value holds it (Item_func_find_in_set's enum_value), compiled as
 * ((column & bit) <> 0) * place; text naming no member goes the usual way. */
static bool comp_find_in_set_member(cstate *cs, pl_expr *e, ex_type *t)
{
    int src, col;
    if (e->nargs != 2 || e->args[0]->kind != E_STRING || e->args[1]->kind != E_COLUMN ||
        !find_column(cs->sc, e->args[1], &src, &col))
        return false;
    ex_src *sr = &cs->sc->ctx->src[src];
    const stor_table *tb = sr->t ? sr->t : sr->deft;
    const stor_column *c = tb ? &tb->cols[col] : NULL;
    if (!c || c->type != CT_SET) return false;
    uint32_t place = 0;
    for (uint32_t i = 0; i < c->n_enum && i < 64 && !place; i++) {
        size_t ml = strlen(c->enum_vals[i]);
        if (ml == e->args[0]->slen && pdb_coll_cmp(COLL_UTF8MB3_GENERAL_CI, c->enum_vals[i], ml, e->args[0]->s, e->args[0]->slen) == 0)
            place = i + 1;
    }
    if (!place) return false;
    pl_expr *and = mk_node(cs->a, E_BINARY, BO_BITAND, e->args[1], mk_int_node(cs->a, (int64_t)(1ull << (place - 1)), e), e);
    pl_expr *ne = mk_node(cs->a, E_BINARY, BO_NE, and, mk_int_node(cs->a, 0, e), e);
    comp(cs, mk_node(cs->a, E_BINARY, BO_MUL, ne, mk_int_node(cs->a, place, e), e), t);
    bool nullable = t->nullable;
    memset(t, 0, sizeof *t);
    type_int(t, 3);   /* (FIND_IN_SET: INT(3), as MariaDB) */
    t->nullable = nullable;
    return true;
}

static void comp_func(cstate *cs, pl_expr *e, ex_type *t)
{
    if (e->win) { comp_window(cs, e, t); return; }
    if (!strcmp(e->s, "FIND_IN_SET") && comp_find_in_set_member(cs, e, t)) return;
    if (!strcmp(e->s, "DEFAULT") && e->nargs == 1 && e->args[0]->kind == E_COLUMN) {
        comp_default_func(cs, e, t);
        return;
    }
    int ak = agg_kind(e->s, e->nargs == 0);
    if (ak >= 0 && !(ak == AG_COUNT_STAR && strcmp(e->s, "COUNT"))) { comp_agg(cs, e, ak, t); return; }
    if (!strcmp(e->s, "ANY_SUBQ") || !strcmp(e->s, "ALL_SUBQ")) {
        comp_any_all(cs, e, t);
        return;
    }
    if ((!strcmp(e->s, "CHARSET") || !strcmp(e->s, "COLLATION")) && e->nargs == 1) {
        comp_charset_coll(cs, e, t);
        return;
    }
    if (!strcmp(e->s, "MATCH") && e->nargs >= 2) {
        comp_match(cs, e, t);
        return;
    }
    comp_call(cs, e, t);
}

/* The row id of a table of the FROM clause */
static void comp_rowid(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_prog *p = cs->p;
    /* ival is the table's place in the FROM clause; joins may run in another order */
    int si = (int)e->ival;
    for (int i = 0; i < ctx->nsrc; i++) if (ctx->src[i].decl == (int)e->ival) si = i;
    emit(p, OP_ROWID, si, 0, 0); push(cs, 1);
    type_int(t, 10);
}

/* Compiles e into cs->p, its value one more on the stack, and gives its type in t: rows
 * compared or IN first, then a function per kind of expression */
static void comp(cstate *cs, pl_expr *e, ex_type *t)
{
    ex_ctx *ctx = cs->sc->ctx;
    ex_check_stack(ctx);
    memset(t, 0, sizeof *t);
    t->coll = COLL_BINARY;
    if (comp_subq_row_cmp(cs, e, t) || comp_row_expand(cs, e, t))
        return;
    switch (e->kind) {
    case E_NULL:
        comp_null(cs, t);
        return;
    case E_BOOL:
        comp_bool(cs, e, t);
        return;
    case E_INT:
        comp_int(cs, e, t);
        return;
    case E_DECIMAL:
        comp_decimal(cs, e, t);
        return;
    case E_FLOAT:
        comp_float(cs, e, t);
        return;
    case E_STRING:
        comp_string(cs, e, t);
        return;
    case E_HEX:
        comp_hex(cs, e, t);
        return;
    case E_PARAM:
        comp_param(cs, e, t);
        return;
    case E_DEFAULT:
        ex_raise(ctx, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near 'DEFAULT' at line 1");
    case E_COLUMN:
        comp_column(cs, e, t);
        return;
    case E_STAR:
        ex_raise(ctx, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '*' at line 1");
    case E_SYSVAR:
        comp_sysvar(cs, e, t);
        return;
    case E_USERVAR:
        comp_uservar(cs, e, t);
        return;
    case E_UNARY:
        comp_unary(cs, e, t);
        return;
    case E_BINARY:
        comp_binary(cs, e, t);
        return;
    case E_ISNULL:
        comp_isnull(cs, e, t);
        return;
    case E_IS:
        comp_is(cs, e, t);
        return;
    case E_IN:
        comp_in(cs, e, t);
        return;
    case E_BETWEEN:
        comp_between(cs, e, t);
        return;
    case E_LIKE:
        comp_like(cs, e, t);
        return;
    case E_REGEXP:
        comp_regexp(cs, e, t);
        return;
    case E_COLLATE:
        comp_collate(cs, e, t);
        return;
    case E_CAST:
        comp_cast(cs, e, t);
        return;
    case E_CASE:
        comp_case(cs, e, t);
        return;
    case E_SUBQUERY: case E_EXISTS: case E_INSUB:
        comp_subquery(cs, e, t);
        return;
    case E_FUNC:
        comp_func(cs, e, t);
        return;
    case E_INTERVAL:
        ex_raise(ctx, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '%s' at line 1", expr_name(e, (char[EXPR_NAME_CAP]){ 0 }));
    case E_ROWID:
        comp_rowid(cs, e, t);
        return;
    case E_ROW:
        if (e->nargs == 1) { comp(cs, e->args[0], t); return; }
        ex_raise(ctx, 1241, "21000", "Operand should contain 1 column(s)");
    }
    ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support '%s'", expr_name(e, (char[EXPR_NAME_CAP]){ 0 }));
}

ex_prog *ex_compile(ex_scope *sc, pl_expr *e, ex_type *type)
{
    ex_prog *p = stor_arena_alloc(sc->ctx->a, sizeof *p);
    memset(p, 0, sizeof *p);
    p->a = sc->ctx->a;
    cstate cs = { sc, p, sc->ctx->a, 0, 0, NULL };
    comp(&cs, e, type);
    p->maxstack = cs.maxdepth + 4;
    if (!p->ops) p->ops = stor_arena_alloc(p->a, sizeof *p->ops);
    if (!p->consts) p->consts = stor_arena_alloc(p->a, sizeof *p->consts);
    return p;
}

/* ---------------------------------------------------------------- programs kept with a plan */

/* A block plan (select.c) keeps the programs of its WHERE conjuncts and select items, so
 * a later statement of the shape does not compile them again. A kept program is the
 * compiled program as a template, in the plan's memory and read only (connections
 * running the shape share it): its ops, its constants but for the literals' (slots filled
 * per execution from the statement's literal nodes, by lit_value, as compiling does), its
 * once-per-statement conversions (ex_once) and the IN lists it converts up front, with
 * the statement's nodes they name as ordinals in a pre-order walk of the expression.
 * ex_kept_use makes the execution's program from it in the statement's arena: the
 * header (and with it the state an evaluation keeps: stk, in_sets), constants and
 * ex_once entries are the execution's own, the ops are shared.
 *
 * Kept is only what compiles alike for every statement of the shape: the tree, the
 * catalog, sql_mode and the connection collation being the plan's (bp_begin checks
 * those), the rest may not depend on literal values or other state. So the expression
 * may hold columns of the block's base tables, NULL, TRUE/FALSE, hexadecimal literals
 * (part of the shape), operators (not /, which reads div_precision_increment), IS
 * [NOT] NULL, IN, BETWEEN, LIKE, COLLATE; a literal only as an operand of a comparison,
 * IN, BETWEEN or LIKE, whose result type is fixed and whose compiled form depends on the
 * literal's kind alone (kept: the value type and collation of each slot; a statement
 * whose literal gives another, 1e400 or 99999999999999999999 where 5 was, compiles).
 * Functions, casts, CASE, subqueries, variables, outer references, aggregates and
 * derived tables are compiled every time. */

#define KT_NODES 512

typedef struct kt_slot { int32_t ci; const pl_expr *e; bool num; uint16_t coll; } kt_slot;   /* num: num_bound */
typedef struct kt_in { const pl_expr *e; uint8_t vt; int32_t first, end; } kt_in;
typedef struct ktrack {
    kt_slot *lits;
    int nlits, clits;
    kt_in *inw;
    int ninw, cinw;
    stor_arena *a;
    bool per_literal;       /* compiles differently for some literal values: not kept */
} ktrack;

struct ex_kdraft {
    ex_prog *p;
    ex_type type;
    bool value;             /* its type is not used (ex_compile_keep's value) */
    const pl_expr **nodes;  /* the expression's nodes in pre-order */
    int nnodes;
    ktrack kt;
};

typedef struct ks_slot { int32_t ci, node; uint8_t vt; uint16_t coll; bool num; } ks_slot;
typedef struct ks_in { int32_t node, first, end; uint8_t vt; } ks_in;
struct ex_kept {
    ex_prog p;              /* the template: ops, consts (slots not filled), once (e, k NULL) */
    ex_type type;
    bool value;             /* a value whose type is not used: type is the first one's */
    bool shared;            /* no literal slots, conversions or kept stack, and no ENUM its
                               user appends to: executions use p itself (read only) */
    int nnodes;
    const uint16_t *kinds;  /* per node: kind | nargs << 8 (the tree it applies to) */
    const ks_slot *slots;
    int nslots;
    const int32_t *onode;   /* per ex_once entry: its e at 2i, its k at 2i + 1 (-1: none) */
    const ks_in *inw;
    int ninw;
};

static void kt_lit(cstate *cs, int ci, const pl_expr *e)
{
    ktrack *k = cs->kt;
    if (k->nlits == k->clits) {
        k->clits = k->clits ? k->clits * 2 : 8;
        kt_slot *n = stor_arena_alloc(k->a, (size_t)k->clits * sizeof *n);
        if (k->nlits) memcpy(n, k->lits, (size_t)k->nlits * sizeof *n);
        k->lits = n;
    }
    k->lits[k->nlits++] = (kt_slot){ ci, e, false, 0 };
}

/* The program compiles differently for some values of a literal slot: not kept. */
static void kt_per_literal(cstate *cs)
{
    if (cs->kt) cs->kt->per_literal = true;
}

/* The literal slot of const ci holds a string read as a number (num_bound). */
static void kt_num(cstate *cs, int ci, uint16_t coll)
{
    for (int k = 0; k < cs->kt->nlits; k++)
        if (cs->kt->lits[k].ci == ci) { cs->kt->lits[k].num = true; cs->kt->lits[k].coll = coll; }
}

static void kt_inw(cstate *cs, const pl_expr *e, uint8_t vt, int first, int end)
{
    ktrack *k = cs->kt;
    if (k->ninw == k->cinw) {
        k->cinw = k->cinw ? k->cinw * 2 : 4;
        kt_in *n = stor_arena_alloc(k->a, (size_t)k->cinw * sizeof *n);
        if (k->ninw) memcpy(n, k->inw, (size_t)k->ninw * sizeof *n);
        k->inw = n;
    }
    k->inw[k->ninw++] = (kt_in){ e, vt, first, end };
}

/* Whether e (under parent) compiles alike for every statement of its shape (above);
 * value: e is a value whose type is not used (a lookup key), so it may be a literal. */
static bool kt_tree_ok(const pl_expr *e, const pl_expr *parent, bool value)
{
    switch (e->kind) {
    case E_COLUMN: case E_NULL: case E_BOOL: case E_HEX:
        break;
    case E_INT: case E_DECIMAL: case E_FLOAT: case E_STRING:
        /* a literal's type follows its value: only where just its kind matters */
        if (!parent) return value;
        if (parent->kind == E_BINARY && parent->op >= BO_EQ && parent->op <= BO_NSEQ) break;
        if (parent->kind == E_IN || parent->kind == E_BETWEEN || parent->kind == E_LIKE) break;
        return false;
    case E_BINARY:
        if (e->op == BO_DIV) return false;
        break;
    case E_UNARY: case E_ISNULL: case E_IS: case E_IN: case E_BETWEEN: case E_LIKE: case E_COLLATE:
        break;
    default:
        return false;
    }
    if (e->nargs > 255) return false;
    for (int i = 0; i < e->nargs; i++) if (!e->args[i] || !kt_tree_ok(e->args[i], e, false)) return false;
    return true;
}

static void kt_walk(const pl_expr *e, const pl_expr **v, int *n)
{
    if (*n < KT_NODES) v[*n] = e;
    (*n)++;
    for (int i = 0; i < e->nargs; i++) kt_walk(e->args[i], v, n);
}

static int kt_ord(const ex_kdraft *d, const pl_expr *e)
{
    for (int i = 0; i < d->nnodes; i++) if (d->nodes[i] == e) return i;
    return -1;
}

/* Whether a compiled program can be kept (its ops, constants and nodes). */
static bool kt_prog_ok(const ex_kdraft *d)
{
    const ex_prog *p = d->p;
    if (p->nsubs || p->ncasts || d->nnodes > KT_NODES || d->kt.per_literal) return false;
    for (int i = 0; i < p->nops; i++)
        switch (p->ops[i].code) {
        case OP_OUTER: case OP_AGG: case OP_SUBQ: case OP_FUNC: case OP_CAST: case OP_USERVAR:
        case OP_SYSVAR: case OP_REGEXP: case OP_ROWID:
            return false;
        }
    for (int i = 0; i < p->nconsts; i++) {
        int t = p->consts[i].t;
        bool slot = false;
        for (int k = 0; k < d->kt.nlits && !slot; k++) slot = d->kt.lits[k].ci == i;
        if (!slot && t != VT_NULL && t != VT_INT && t != VT_UINT && t != VT_DOUBLE && t != VT_STRING) return false;
    }
    for (int k = 0; k < d->kt.nlits; k++) if (kt_ord(d, d->kt.lits[k].e) < 0) return false;
    for (int k = 0; k < d->kt.ninw; k++) if (kt_ord(d, d->kt.inw[k].e) < 0) return false;
    for (int i = 0; i < p->nonce; i++)
        if (kt_ord(d, p->once[i].e) < 0 || (p->once[i].k && kt_ord(d, p->once[i].k) < 0)) return false;
    return true;
}

ex_prog *ex_compile_keep(ex_scope *sc, pl_expr *e, ex_type *type, bool value, ex_kdraft **draft)
{
    ex_ctx *ctx = sc->ctx;
    *draft = NULL;
    /* (a scope where a select alias compiles the item in place, GROUP BY's: that tree is
       not e's, and is not checked) */
    bool ok = !ctx->describe && !(sc->allow_alias && sc->item_base < 0) && kt_tree_ok(e, NULL, value);
    for (int i = 0; ok && i < ctx->nsrc; i++) ok = ctx->src[i].t != NULL;
    if (!ok) return ex_compile(sc, e, type);
    ex_kdraft *d = stor_arena_alloc(ctx->a, sizeof *d);
    memset(d, 0, sizeof *d);
    d->kt.a = ctx->a;
    ex_prog *p = stor_arena_alloc(ctx->a, sizeof *p);
    memset(p, 0, sizeof *p);
    p->a = ctx->a;
    cstate cs = { sc, p, ctx->a, 0, 0, &d->kt };
    comp(&cs, e, type);
    p->maxstack = cs.maxdepth + 4;
    if (!p->ops) p->ops = stor_arena_alloc(p->a, sizeof *p->ops);
    if (!p->consts) p->consts = stor_arena_alloc(p->a, sizeof *p->consts);
    d->p = p;
    d->type = *type;
    d->value = value;
    d->nodes = stor_arena_alloc(ctx->a, KT_NODES * sizeof *d->nodes);
    kt_walk(e, d->nodes, &d->nnodes);
    if (kt_prog_ok(d)) *draft = d;
    return p;
}

#define KT_ALIGN(n) (((n) + 7) & ~(size_t)7)

size_t ex_kept_size(const ex_kdraft *d)
{
    const ex_prog *p = d->p;
    size_t n = KT_ALIGN(sizeof(ex_kept));
    n += KT_ALIGN((size_t)p->nops * sizeof(ex_op));
    n += KT_ALIGN((size_t)(p->nconsts ? p->nconsts : 1) * sizeof(pdb_value));
    n += KT_ALIGN((size_t)p->nonce * sizeof(ex_once));
    n += KT_ALIGN((size_t)p->nonce * 2 * sizeof(int32_t));
    n += KT_ALIGN((size_t)d->nnodes * sizeof(uint16_t));
    n += KT_ALIGN((size_t)d->kt.nlits * sizeof(ks_slot));
    n += KT_ALIGN((size_t)d->kt.ninw * sizeof(ks_in));
    for (int i = 0; i < p->nconsts; i++) if (p->consts[i].t == VT_STRING) n += KT_ALIGN(p->consts[i].len + 1);
    return n;
}

/* Writes the kept program of d at mem (ex_kept_size bytes, 8-aligned, living as long as
 * the plan): constants' bytes are copied (with a NUL after them), the literal slots left
 * empty. */
const ex_kept *ex_kept_write(const ex_kdraft *d, void *mem)
{
    const ex_prog *p = d->p;
    char *m = mem;
    ex_kept *k = (ex_kept *)m;
    m += KT_ALIGN(sizeof *k);
    memset(k, 0, sizeof *k);
    k->p.nops = k->p.cap = p->nops;
    k->p.nconsts = k->p.cconsts = p->nconsts;
    k->p.nonce = p->nonce;
    k->p.maxstack = p->maxstack;
    k->p.may_warn = p->may_warn;
    k->type = d->type;
    k->value = d->value;
    k->shared = !d->kt.nlits && !p->nonce && !d->kt.ninw && p->maxstack <= 64 && !d->type.enumc;
    ex_op *ops = (ex_op *)m;
    memcpy(ops, p->ops, (size_t)p->nops * sizeof *ops);
    k->p.ops = ops;
    m += KT_ALIGN((size_t)p->nops * sizeof(ex_op));
    pdb_value *cv = (pdb_value *)m;
    if (p->nconsts) memcpy(cv, p->consts, (size_t)p->nconsts * sizeof *cv);
    k->p.consts = cv;
    m += KT_ALIGN((size_t)(p->nconsts ? p->nconsts : 1) * sizeof(pdb_value));
    ex_once *on = (ex_once *)m;
    m += KT_ALIGN((size_t)p->nonce * sizeof(ex_once));
    int32_t *onode = (int32_t *)m;
    m += KT_ALIGN((size_t)p->nonce * 2 * sizeof(int32_t));
    for (int i = 0; i < p->nonce; i++) {
        on[i] = (ex_once){ NULL, NULL, p->once[i].vt, false };
        onode[2 * i] = kt_ord(d, p->once[i].e);
        onode[2 * i + 1] = p->once[i].k ? kt_ord(d, p->once[i].k) : -1;
    }
    k->p.once = p->nonce ? on : NULL;
    k->onode = onode;
    uint16_t *kinds = (uint16_t *)m;
    for (int i = 0; i < d->nnodes; i++) kinds[i] = (uint16_t)(d->nodes[i]->kind | d->nodes[i]->nargs << 8);
    k->kinds = kinds;
    k->nnodes = d->nnodes;
    m += KT_ALIGN((size_t)d->nnodes * sizeof(uint16_t));
    ks_slot *sl = (ks_slot *)m;
    for (int i = 0; i < d->kt.nlits; i++) {
        const pdb_value *v = &p->consts[d->kt.lits[i].ci];
        const kt_slot *ks = &d->kt.lits[i];   /* (a num slot's string was read as a double) */
        sl[i] = (ks_slot){ ks->ci, kt_ord(d, ks->e), ks->num ? VT_STRING : v->t,
                           ks->num ? ks->coll : v->t == VT_STRING ? v->coll : 0, ks->num };
        cv[d->kt.lits[i].ci] = ex_null();   /* filled per execution */
    }
    k->slots = sl;
    k->nslots = d->kt.nlits;
    m += KT_ALIGN((size_t)d->kt.nlits * sizeof(ks_slot));
    ks_in *iw = (ks_in *)m;
    for (int i = 0; i < d->kt.ninw; i++)
        iw[i] = (ks_in){ kt_ord(d, d->kt.inw[i].e), d->kt.inw[i].first, d->kt.inw[i].end, d->kt.inw[i].vt };
    k->inw = iw;
    k->ninw = d->kt.ninw;
    m += KT_ALIGN((size_t)d->kt.ninw * sizeof(ks_in));
    for (int i = 0; i < p->nconsts; i++)
        if (cv[i].t == VT_STRING) {   /* (NUL-terminated as compiled: OP_ARITH's text is printed) */
            if (cv[i].len) memcpy(m, cv[i].p, cv[i].len);
            m[cv[i].len] = 0;
            cv[i].p = m;
            m += KT_ALIGN(cv[i].len + 1);
        }
    return k;
}

static int kt_match(pl_expr *e, pl_expr **out, const uint16_t *kinds, int n, int at)
{
    if (at >= n || kinds[at] != (uint16_t)(e->kind | e->nargs << 8)) return -1;
    out[at++] = e;
    for (int i = 0; i < e->nargs && at >= 0; i++) at = kt_match(e->args[i], out, kinds, n, at);
    return at;
}

ex_prog *ex_kept_use(ex_ctx *ctx, const ex_kept *k, pl_expr *e, ex_type *type)
{
    pl_expr *local[32], **nodes = k->nnodes <= 32 ? local : stor_arena_alloc(ctx->a, (size_t)k->nnodes * sizeof *nodes);
    if (kt_match(e, nodes, k->kinds, k->nnodes, 0) != k->nnodes) return NULL;
    *type = k->type;
    if (k->shared) return (ex_prog *)&k->p;   /* nothing per execution: evaluations only read it */
    size_t cn = (size_t)(k->p.nconsts ? k->p.nconsts : 1), on = (size_t)k->p.nonce;
    ex_prog *p = stor_arena_alloc(ctx->a, sizeof *p + cn * sizeof(pdb_value) + on * sizeof(ex_once));
    pdb_value *cv = (pdb_value *)(p + 1);
    if (k->p.nconsts) memcpy(cv, k->p.consts, (size_t)k->p.nconsts * sizeof *cv);
    for (int i = 0; i < k->nslots; i++) {
        const ks_slot *s = &k->slots[i];
        pdb_value v = lit_value(ctx, ctx->a, nodes[s->node]);
        if (v.t != s->vt || (v.t == VT_STRING && v.coll != s->coll)) return NULL;   /* another kind: compile */
        double d;
        if (s->num && num_string(&v, &d)) v = ex_dbl(d);
        cv[s->ci] = v;
    }
    *p = k->p;
    p->consts = cv;
    p->a = ctx->a;
    if (on) {
        p->once = (ex_once *)(cv + cn);
        for (int i = 0; i < k->p.nonce; i++) {
            p->once[i] = k->p.once[i];
            p->once[i].e = nodes[k->onode[2 * i]];
            p->once[i].k = k->onode[2 * i + 1] >= 0 ? nodes[k->onode[2 * i + 1]] : NULL;
        }
    }
    /* what compiling does besides the program: an IN list converted up front warns now */
    for (int i = 0; i < k->ninw; i++)
        in_list_warn(ctx, nodes[k->inw[i].node], k->inw[i].vt, cv, k->inw[i].first, k->inw[i].end);
    return p;
}

/* A quoted literal's text as its column is named: read in its introducer's charset */
void ex_lit_text(ex_ctx *ctx, const pl_expr *e, const char **s, size_t *n)
{
    *s = e->s;
    *n = e->slen;
    if (!e->coll || e->ival || !introduced_anew(ctx->s->coll_client, e->coll)) return;
    pdb_value v = lit_value(ctx, ctx->a, e);
    *s = v.p;
    *n = v.len;
}

void ex_lit_value(ex_ctx *ctx, const pl_lit *l, pdb_value *out)
{
    *out = l->kind == E_NULL ? ex_null() : lit_parts(ctx, ctx->a, l->kind, l->s, l->slen, l->coll, l->hex);
}

bool ex_literal_value(ex_ctx *ctx, const pl_expr *e, pdb_value *out)
{
    if (e->kind != E_INT && e->kind != E_DECIMAL && e->kind != E_FLOAT && e->kind != E_STRING) return false;
    *out = lit_value(ctx, ctx->a, e);
    return true;
}

static bool kt_same_value(const pdb_value *a, const pdb_value *b)
{
    if (a->t != b->t || a->scale != b->scale || a->coll != b->coll || a->len != b->len) return false;
    if (a->t == VT_STRING || (a->t == VT_DECIMAL && a->len)) return !a->len || !memcmp(a->p, b->p, a->len);
    return a->t == VT_NULL || a->i == b->i;
}

bool ex_kept_check(ex_scope *sc, const ex_kept *k, pl_expr *e, const ex_prog *used, const ex_type *type)
{
    ex_type t;
    ex_prog *f = ex_compile(sc, e, &t);
    if (f->nops != used->nops || memcmp(f->ops, used->ops, (size_t)f->nops * sizeof *f->ops)) return false;
    if (f->nconsts != used->nconsts || f->nonce != used->nonce || f->maxstack != used->maxstack ||
        f->may_warn != used->may_warn || f->nsubs || f->ncasts)
        return false;
    for (int i = 0; i < f->nconsts; i++) if (!kt_same_value(&f->consts[i], &used->consts[i])) return false;
    for (int i = 0; i < f->nonce; i++)
        if (f->once[i].e != used->once[i].e || f->once[i].k != used->once[i].k || f->once[i].vt != used->once[i].vt)
            return false;
    if (k->value) return true;
    return t.vt == type->vt && t.ptype == type->ptype && t.flags == type->flags && t.length == type->length &&
           t.decimals == type->decimals && t.coll == type->coll && t.is_unsigned == type->is_unsigned &&
           t.nullable == type->nullable && t.from_column == type->from_column && t.coerc == type->coerc &&
           t.hexnum == type->hexnum && t.hexlit == type->hexlit && t.json == type->json && t.enumc == type->enumc;
}

/* ---------------------------------------------------------------- evaluation */

/* Division by zero: NULL, with a warning under ERROR_FOR_DIVISION_BY_ZERO, and an error
 * when that mode meets strict mode in a writing statement. */
static void div_zero(ex_ctx *ctx)
{
    if (!(ctx->s->sql_mode & MODE_ERROR_FOR_DIVISION_BY_ZERO)) return;
    if (ctx->strict && ctx->writing) ex_raise(ctx, 1365, "22012", "Division by 0");
    ex_warn(ctx, "Warning", 1365, "Division by 0");
}

static void do_arith(ex_ctx *ctx, int op, pdb_value *a, const pdb_value *b, int incr, const char *text);

/* MOD(a, b) is a % b: its type and value (func.c) */
void ex_mod_type(const ex_type *a, const ex_type *b, ex_type *t) { arith_type(BO_MOD, a, b, t, 0, 0); }
void ex_mod_value(ex_ctx *ctx, pdb_value *a, const pdb_value *b) { do_arith(ctx, BO_MOD, a, b, 0, NULL); }

/* incr: div_precision_increment for a quotient; text: the operation as printed, for an
 * out-of-range error (NULL: '') */
static void do_arith(ex_ctx *ctx, int op, pdb_value *a, const pdb_value *b, int incr, const char *text)
{
    if (a->t == VT_NULL || b->t == VT_NULL) { *a = ex_null(); return; }
    pdb_value hb;
    if (ex_is_hexnum(a)) { uint64_t u = ex_hexnum_u64(a); *a = ex_int(0); a->t = VT_UINT; a->u = u; }
    if (ex_is_hexnum(b)) { hb = ex_int(0); hb.t = VT_UINT; hb.u = ex_hexnum_u64(b); b = &hb; }
    if (op >= BO_BITAND) {   /* (a temporal's fraction rounds here, Item_func_bit) */
        bool ta = a->t == VT_DATETIME || a->t == VT_DATE || a->t == VT_TIME, tb = b->t == VT_DATETIME || b->t == VT_DATE || b->t == VT_TIME;
        uint64_t x = (uint64_t)(ta ? ex_temporal_int(a, true) : ex_to_int(a)), y = (uint64_t)(tb ? ex_temporal_int(b, true) : ex_to_int(b)), r = 0;
        switch (op) {
        case BO_BITAND: r = x & y; break;
        case BO_BITOR: r = x | y; break;
        case BO_BITXOR: r = x ^ y; break;
        case BO_SHL: r = y >= 64 ? 0 : x << y; break;
        case BO_SHR: r = y >= 64 ? 0 : x >> y; break;
        }
        *a = ex_int(0); a->t = VT_UINT; a->u = r;
        return;
    }
    bool dbl = a->t == VT_DOUBLE || b->t == VT_DOUBLE || a->t == VT_STRING || b->t == VT_STRING;
    if (op == BO_IDIV) {
        if (!dbl && (a->t == VT_DECIMAL || b->t == VT_DECIMAL)) {
            ex_dec x, y, q;
            ex_dec_get(a, &x);
            ex_dec_get(b, &y);
            int rc = ex_dec_div(&x, &y, 0, &q);
            if (rc == 1) { div_zero(ctx); *a = ex_null(); return; }
            ex_dec_round(&q, 0, EX_ROUND_TRUNC, &q);
            if (a->t == VT_UINT || b->t == VT_UINT) {   /* an unsigned quotient */
                uint64_t u;
                if (rc || q.neg || ex_dec_to_u64(&q, &u))
                    ex_raise(ctx, 1690, "22003", "BIGINT UNSIGNED value is out of range in '%s'", text ? text : "");
                *a = ex_int(0); a->t = VT_UINT; a->u = u;
                return;
            }
            int64_t r;
            if (rc || ex_dec_to_i64(&q, &r))
                ex_raise(ctx, 1690, "22003", "BIGINT value is out of range in '%s'", text ? text : "");
            *a = ex_int(r);
            return;
        }
        if (dbl) {
            double y = ex_to_double(b);
            if (y == 0) { div_zero(ctx); *a = ex_null(); return; }
            double q = trunc(ex_to_double(a) / y);
            if (a->t == VT_UINT || b->t == VT_UINT) {   /* an unsigned quotient */
                if (!(q > -1.0 && q < 18446744073709551616.0))
                    ex_raise(ctx, 1690, "22003", "BIGINT UNSIGNED value is out of range in '%s'", text ? text : "");
                *a = ex_int(0); a->t = VT_UINT; a->u = (uint64_t)q;
                return;
            }
            if (!(q >= -9223372036854775808.0 && q < 9223372036854775808.0))
                ex_raise(ctx, 1690, "22003", "BIGINT value is out of range in '%s'", text ? text : "");
            *a = ex_int((int64_t)q);
            return;
        }
        if (a->t == VT_UINT || b->t == VT_UINT) {   /* unsigned: no negative quotient */
            __int128 x2 = a->t == VT_UINT ? (__int128)a->u : ex_to_int(a), y2 = b->t == VT_UINT ? (__int128)b->u : ex_to_int(b);
            if (y2 == 0) { div_zero(ctx); *a = ex_null(); return; }
            __int128 q = x2 / y2;
            if (q < 0) ex_raise(ctx, 1690, "22003", "BIGINT UNSIGNED value is out of range in '%s'", text ? text : "");
            *a = ex_int(0); a->t = VT_UINT; a->u = (uint64_t)q;
            return;
        }
        int64_t y = ex_to_int(b);
        if (y == 0) { div_zero(ctx); *a = ex_null(); return; }
        int64_t x = ex_to_int(a);
        if (x == INT64_MIN && y == -1)
            ex_raise(ctx, 1690, "22003", "BIGINT value is out of range in '%s'", text ? text : "");
        *a = ex_int(x / y);
        return;
    }
    if (dbl) {
        double x = ex_to_double(a), y = ex_to_double(b), r = 0;
        switch (op) {
        case BO_ADD: r = x + y; break;
        case BO_SUB: r = x - y; break;
        case BO_MUL: r = x * y; break;
        case BO_DIV: if (y == 0) { div_zero(ctx); *a = ex_null(); return; } r = x / y; break;
        case BO_MOD: if (y == 0) { div_zero(ctx); *a = ex_null(); return; } r = fmod(x, y); break;
        }
        if (isinf(r) || isnan(r)) ex_raise(ctx, 1690, "22003", "DOUBLE value is out of range in '%s'", text ? text : "");
        *a = ex_dbl(r);
        return;
    }
    if (a->t == VT_DATETIME || a->t == VT_DATE || a->t == VT_TIME) *a = ex_temporal_num(ctx->a, a);
    /* (b is copied only when converted: a 16-byte copy of a value just stored in two
       parts stalls on the stores) */
    pdb_value bb;
    if (b->t == VT_DATETIME || b->t == VT_DATE || b->t == VT_TIME) { bb = ex_temporal_num(ctx->a, b); b = &bb; }
    if (a->t == VT_DECIMAL || b->t == VT_DECIMAL || op == BO_DIV) {
        /* digits shown: the operands' (a quotient holds more than its type shows) */
        int sa = a->t == VT_DECIMAL ? a->scale : 0, sb = b->t == VT_DECIMAL ? b->scale : 0;
        int wa = a->t == VT_DECIMAL && a->coll ? a->coll - 1 : sa, wb = b->t == VT_DECIMAL && b->coll ? b->coll - 1 : sb;
        if (wa > EX_DEC_MAX_SCALE) wa = EX_DEC_MAX_SCALE;   /* (a user variable: EX_DEC_AS_IS) */
        if (wb > EX_DEC_MAX_SCALE) wb = EX_DEC_MAX_SCALE;
        int shown = op == BO_MUL ? wa + wb : op == BO_DIV ? wa + incr : (wa > wb ? wa : wb);
        if (shown > EX_DEC_MAX_SCALE) shown = EX_DEC_MAX_SCALE;
        if (!a->len && !b->len) {
            /* the fast path: both fit an int64 */
            __int128 x = a->t == VT_UINT ? (__int128)a->u : a->i, y = b->t == VT_UINT ? (__int128)b->u : b->i, r = 0;
            int rs = -1;
            switch (op) {
            case BO_ADD: case BO_SUB:
                rs = sa > sb ? sa : sb;
                x *= ex_pow10[rs - sa]; y *= ex_pow10[rs - sb];
                r = op == BO_ADD ? x + y : x - y;
                break;
            case BO_MUL:
                if (sa + sb <= 18) { rs = sa + sb; r = x * y; }
                break;
            case BO_DIV: {
                if (y == 0) { div_zero(ctx); *a = ex_null(); return; }
                /* MariaDB's quotient: whole 9-digit words past both scales + incr, truncated */
                int q = (sa + sb + incr + 8) / 9 * 9, up = q - sa + sb;
                if (q <= 18 && up <= 18 && x < (__int128)ex_pow10[18] && x > -(__int128)ex_pow10[18]) {
                    rs = q;
                    r = x * ex_pow10[up] / y;
                }
                break;
            }
            default:   /* MOD */
                if (y == 0) { div_zero(ctx); *a = ex_null(); return; }
                rs = sa > sb ? sa : sb;
                x *= ex_pow10[rs - sa]; y *= ex_pow10[rs - sb];
                r = x % y;
            }
            if (op == BO_MOD && r == 0 && x < 0 && rs > 0 && shown >= rs) {
                /* MariaDB keeps a negative dividend's sign on a zero remainder: -0.0 */
                char *z = stor_arena_alloc(ctx->a, (size_t)rs + 4);
                int k = 0;
                z[k++] = '-'; z[k++] = '0'; z[k++] = '.';
                for (int q = 0; q < rs; q++) z[k++] = '0';
                z[k] = 0;
                memset(a, 0, sizeof *a);
                a->t = VT_DECIMAL; a->p = z; a->len = (uint32_t)k; a->scale = (uint8_t)rs;
                return;
            }
            if (rs >= 0 && r <= (__int128)INT64_MAX && r >= -(__int128)INT64_MAX) {
                *a = ex_int((int64_t)r);
                a->t = VT_DECIMAL; a->scale = (uint8_t)rs;
                if (shown < rs) a->coll = (uint16_t)(shown + 1);
                return;
            }
        }
        ex_dec x, y, r;
        ex_dec_get(a, &x);
        ex_dec_get(b, &y);
        int rc;
        switch (op) {
        case BO_ADD: rc = ex_dec_add(&x, &y, &r); break;
        case BO_SUB: rc = ex_dec_sub(&x, &y, &r); break;
        case BO_MUL: rc = ex_dec_mul_maria(&x, &y, incr & 0xff, incr >> 8, &r); break;   /* (incr: see OP_ARITH) */
        case BO_DIV: rc = ex_dec_div(&x, &y, incr, &r); break;
        default: rc = ex_dec_mod(&x, &y, &r); break;
        }
        if (rc == 1) { div_zero(ctx); *a = ex_null(); return; }
        if (rc) ex_raise(ctx, 1690, "22003", "DECIMAL value is out of range in '%s'", text ? text : "");
        ex_dec_put(ctx->a, &r, shown, a);
        return;
    }
    bool uns = a->t == VT_UINT || b->t == VT_UINT;
    int64_t x = a->i, y = b->i, r = 0;
    bool ovf = false;
    switch (op) {
    case BO_ADD: ovf = __builtin_add_overflow(x, y, &r); break;
    case BO_SUB: ovf = __builtin_sub_overflow(x, y, &r); break;
    case BO_MUL: ovf = __builtin_mul_overflow(x, y, &r); break;
    case BO_MOD: if (y == 0) { div_zero(ctx); *a = ex_null(); return; }
        r = (y == -1) ? 0 : x % y; break;
    }
    if (uns && op != BO_MOD) {
        /* BIGINT UNSIGNED with anything: an unsigned result, out of range below 0 too */
        __int128 x2 = a->t == VT_UINT ? (__int128)a->u : a->i, y2 = b->t == VT_UINT ? (__int128)b->u : b->i, r2 = 0;
        bool o2 = false;
        if (op == BO_ADD) r2 = x2 + y2;
        else if (op == BO_SUB) r2 = x2 - y2;
        else o2 = __builtin_mul_overflow(x2, y2, &r2);
        if (o2 || r2 < 0 || r2 > (__int128)UINT64_MAX)
            ex_raise(ctx, 1690, "22003", "BIGINT UNSIGNED value is out of range in '%s'", text ? text : "");
        a->t = VT_UINT; a->u = (uint64_t)r2;
        return;
    }
    if (uns) {
        uint64_t ux = a->u, uy = b->u, ur = 0;
        bool o2 = false;
        if (op == BO_ADD) o2 = __builtin_add_overflow(ux, uy, &ur);
        else if (op == BO_SUB) {
            if ((a->t == VT_INT && a->i < 0) || ux < uy) {
                char sa[32], sb2[32];
                snprintf(sa, sizeof sa, a->t == VT_UINT ? "%llu" : "%lld", a->t == VT_UINT ? (unsigned long long)a->u : (unsigned long long)a->i);
                snprintf(sb2, sizeof sb2, b->t == VT_UINT ? "%llu" : "%lld", b->t == VT_UINT ? (unsigned long long)b->u : (unsigned long long)b->i);
                (void)sa; (void)sb2;
                ex_raise(ctx, 1690, "22003", "BIGINT UNSIGNED value is out of range in '%s'", text ? text : "");
            }
            ur = ux - uy;
        }
        else if (op == BO_MUL) o2 = __builtin_mul_overflow(ux, uy, &ur);
        else {   /* MOD: of the magnitudes, with the dividend's sign (Item_func_mod::int_op) */
            bool xn = a->t == VT_INT && a->i < 0, yn = b->t == VT_INT && b->i < 0;
            uint64_t mx = xn ? 0 - ux : ux, my = yn ? 0 - uy : uy, m = my ? mx % my : 0;
            if (a->t == VT_INT) { *a = ex_int(xn ? -(int64_t)m : (int64_t)m); return; }
            ur = m;
        }
        if (o2) ex_raise(ctx, 1690, "22003", "BIGINT UNSIGNED value is out of range in '%s'", text ? text : "");
        a->t = VT_UINT; a->u = ur;
        return;
    }
    if (ovf) ex_raise(ctx, 1690, "22003", "BIGINT value is out of range in '%s'", text ? text : "");
    *a = ex_int(r);
}

static int tri(const pdb_value *v) { return v->t == VT_NULL ? -1 : ex_is_true_cond(v) ? 1 : 0; }
static pdb_value tri_val(int t) { return t < 0 ? ex_null() : ex_int(t); }

static void run_subq(ex_ctx *ctx, ex_subq *sq, pdb_value *sp, int negated);
static void ex_eval_inner(ex_ctx *ctx, const ex_prog *p, pdb_value *out);

void ex_eval(ex_ctx *ctx, const ex_prog *p, pdb_value *out)
{
    /* a column, or YEAR()/MONTH() of a datetime column: read in place (the same values
       OP_COL and fn_year give) */
    if (p->nops <= 2 && p->ops[0].code == OP_COL) {
        const ex_op *o = &p->ops[0];
        uint32_t r = ctx->rows[o->a];
        const ex_src *s = &ctx->src[o->a];
        if (s->t && r != EX_NULLROW) {
            if (p->nops == 1) { stor_get(s->t, (uint32_t)o->b, r, out); ex_read_ts(ctx->s, &s->t->cols[o->b], out); return; }
            const ex_op *f = &p->ops[1];
            const ex_fdef *fd = f->code == OP_FUNC && f->b == 1 ? ex_func_at(f->a) : NULL;
            if (fd && (fd->id == EX_F_YEAR || fd->id == EX_F_MONTH)) {
                const stor_column *c = &s->t->cols[o->b];
                if (c->kind == CK_I64 && (c->type == CT_DATETIME || c->type == CT_DATE ||
                                          (c->type == CT_TIMESTAMP && ex_ts_identity(ctx->s)))) {
                    /* the packed value straight from the column */
                    if (stor_is_null(c, r)) { *out = ex_null(); return; }
                    *out = ex_int(ex_dt_year_month(c->i64[r], fd->id == EX_F_YEAR));
                    return;
                }
                pdb_value v;
                stor_get(s->t, (uint32_t)o->b, r, &v);
                ex_read_ts(ctx->s, c, &v);
                if (v.t == VT_DATETIME || v.t == VT_DATE) {
                    *out = ex_int(ex_dt_year_month(v.i, fd->id == EX_F_YEAR));
                    return;
                }
            }
        }
    }
    ex_ctx *saved_conv = ex_conv_ctx;
    ex_conv_ctx = ctx->quiet ? NULL : ctx;
    ex_eval_inner(ctx, p, out);
    ex_conv_ctx = saved_conv;
}

/* OP_CMP: a op b */
static inline pdb_value cmp_values(int op, uint16_t coll, const pdb_value *a, const pdb_value *b)
{
    if (op == BO_NSEQ) {
        if (a->t == VT_NULL || b->t == VT_NULL) return ex_int(a->t == b->t);
        return ex_int(ex_compare(a, b, coll) == 0);
    }
    if (a->t == VT_NULL || b->t == VT_NULL) return ex_null();
    if (op == BO_EQ || op == BO_NE) {
        bool eq = ex_equal(a, b, coll);
        return ex_int(op == BO_EQ ? eq : !eq);
    }
    int c = ex_compare(a, b, coll), r = 0;
    switch (op) {
    case BO_EQ: r = c == 0; break;
    case BO_NE: r = c != 0; break;
    case BO_LT: r = c < 0; break;
    case BO_LE: r = c <= 0; break;
    case BO_GT: r = c > 0; break;
    case BO_GE: r = c >= 0; break;
    }
    return ex_int(r);
}

/* Before comparing constant k (ex_once w) with o: no warning when this statement
 * converted the constant already. */
static void once_quiet(ex_ctx *ctx, ex_once *w, const pdb_value *k, const pdb_value *o)
{
    if (!w->k || k->t != VT_STRING || o->t == VT_STRING || o->t == VT_NULL) return;
    if (w->done) { ex_conv_ctx = NULL; return; }
    w->done = true;
    if (!ex_warn_due(ctx, w->e, w->k)) ex_conv_ctx = NULL;
}

/* Before OP_CMP whose b names a constant side converted once (ex_once): no warning when
 * this statement converted the constant already. MariaDB reads the left side first, so
 * a constant there is converted even when the right side is NULL; one on the right is
 * not reached when the left side is NULL. */
static void once_due(ex_ctx *ctx, const ex_prog *p, int b, const pdb_value *x, const pdb_value *y)
{
    ex_once *w = &p->once[b >> 2];
    const pdb_value *k = (b & EX_ONCE_LEFT) ? x : y, *o = k == x ? y : x;
    if (k->t != VT_STRING || o->t == VT_STRING || (o->t == VT_NULL && k == y)) return;
    if (o->t != VT_NULL) { once_quiet(ctx, w, k, o); return; }
    if (w->done) return;
    w->done = true;
    if (ex_warn_due(ctx, w->e, w->k)) {   /* converted as against a value of the other side's type */
        pdb_value d = ex_int(0);
        d.t = w->vt;
        (void)ex_compare(k, &d, 0);
    }
}

/* An IN list of many integer constants, `x IN (1, 2, ...)`: its values sorted once, so a
 * row's integer x is searched for instead of compared with every item (MariaDB sorts a
 * constant IN list the same way, in_vector). Any other x takes the general OP_IN. */
typedef struct ex_inset {
    int pc;             /* the list's first OP_CONST; its OP_IN follows the n of them */
    int n;
    int64_t *v;         /* sorted */
} ex_inset;
#define IN_SORT_MIN 64

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static void in_sets(ex_ctx *ctx, ex_prog *p)
{
    p->ins_done = true;
    for (int k = IN_SORT_MIN; k < p->nops; k++) {
        int n = p->ops[k].a;
        if (p->ops[k].code != OP_IN || n < IN_SORT_MIN || n > k) continue;
        bool ints = true;
        for (int i = k - n; i < k && ints; i++)
            ints = p->ops[i].code == OP_CONST && p->consts[p->ops[i].a].t == VT_INT;
        if (!ints) continue;
        if (p->nins % 8 == 0) p->ins = prog_grow(p, p->ins, p->nins, p->nins + 8, sizeof *p->ins);
        ex_inset *in = &p->ins[p->nins++];
        in->pc = k - n;
        in->n = n;
        in->v = stor_arena_alloc(ctx->a, (size_t)n * sizeof *in->v);
        for (int i = 0; i < n; i++) in->v[i] = p->consts[p->ops[k - n + i].a].i;
        qsort(in->v, (size_t)n, sizeof *in->v, cmp_i64);
    }
}

/* At the first constant of a sorted IN list with an integer on top of the stack: the
 * IN's answer replaces it and *pc moves to the OP_IN (the loop steps past it). */
static bool in_sorted(const ex_prog *p, int *pc, pdb_value *top)
{
    if (top->t != VT_INT) return false;
    for (int i = 0; i < p->nins; i++) {
        const ex_inset *in = &p->ins[i];
        if (in->pc != *pc) continue;
        assert(p->ops[*pc + in->n].code == OP_IN && p->ops[*pc + in->n].a == in->n);
        size_t lo = 0, hi = (size_t)in->n;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (in->v[mid] < top->i) lo = mid + 1; else hi = mid;
        }
        int res = lo < (size_t)in->n && in->v[lo] == top->i;
        if (p->ops[*pc + in->n].b & 1) res = !res;
        *top = ex_int(res);
        *pc += in->n;
        return true;
    }
    return false;
}

/* ---- op helpers: the interpreter below and the JIT call these (eng.h) ---- */

/* OP_NEG: -x (o->a: a literal, which past BIGINT turns DECIMAL instead of raising 1690) */
static inline __attribute__((always_inline)) int op_neg(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp)
{
    pdb_value *v = &st[sp - 1];
    if (ex_is_hexnum(v)) { uint64_t u = ex_hexnum_u64(v); *v = ex_int(0); v->t = VT_UINT; v->u = u; }
    if (v->t == VT_DATETIME || v->t == VT_DATE || v->t == VT_TIME) *v = ex_temporal_num(ctx->a, v);
    switch (v->t) {
    case VT_NULL: break;
    case VT_INT:
        if (v->i == INT64_MIN && o->a) { ex_dec d; ex_dec_from_i64(&d, v->i, 0); d.neg = false; ex_dec_put(ctx->a, &d, -1, v); break; }
        if (v->i == INT64_MIN) ex_raise(ctx, 1690, "22003", "BIGINT value is out of range in '%s'", p->consts[o->c].p);
        v->i = -v->i; break;
    case VT_UINT:
        if (o->a && v->u > (uint64_t)INT64_MAX) {   /* (a hexadecimal literal: a DECIMAL) */
            ex_dec d; ex_dec_from_u64(&d, v->u, true, 0); ex_dec_put(ctx->a, &d, -1, v); break;
        }
        if (v->u > (uint64_t)INT64_MAX + 1) ex_raise(ctx, 1690, "22003", "BIGINT value is out of range in '%s'", p->consts[o->c].p);
        v->t = VT_INT; v->i = (int64_t)(0 - v->u); break;   /* 2^63 -> INT64_MIN */
    case VT_DECIMAL:
        if (v->len) {
            ex_dec d;
            ex_dec_get(v, &d);
            d.neg = !d.neg && !ex_dec_is_zero(&d);
            ex_dec_put(ctx->a, &d, v->coll && v->coll != EX_DEC_AS_IS ? v->coll - 1 : -1, v);
        } else { v->i = -v->i; if (v->coll == EX_DEC_AS_IS) v->coll = 0; }
        break;
    default: *v = ex_dbl(-ex_to_double(v)); break;
    }
    return sp;
}

/* OP_CMP: a <o->a> b in collation o->c, with its once-per-statement conversion warnings
 * (o->b), a JSON value compared as the string it holds */
static inline __attribute__((always_inline)) int op_cmp(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp)
{
    pdb_value *a = &st[sp - 2], *b = &st[sp - 1];
    sp--;
    ex_ctx *saved_conv = ex_conv_ctx;
    if (o->b && saved_conv) once_due(ctx, p, o->b, a, b);
    if (a->t == VT_STRING && b->t == VT_STRING && (a->scale == EX_JSONVAL || b->scale == EX_JSONVAL)) {
        /* JSON_EXTRACT's result against a string: the string it holds, unquoted
           (the left one's only when both are, as MariaDB's compare_json_str) */
        pdb_value *j = a->scale == EX_JSONVAL ? a : b;
        pdb_value u;
        if (ex_jsonval_unquote(ctx->a, j, &u)) *j = u;
    }
    *a = cmp_values(o->a, (uint16_t)o->c, a, b);
    ex_conv_ctx = saved_conv;
    return sp;
}

/* OP_IN: x IN (o->a values): MariaDB's conversion warnings (once per type x is compared
 * as), its NULL rules; NOT IN when o->b & 1 */
static inline __attribute__((always_inline)) int op_in(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp)
{
    int n = o->a;
    pdb_value *x = &st[sp - n - 1];
    int res = 0;
    /* a list of several values compares decimals with all their digits (MariaDB's
       IN of one value is an =, which rounds a quotient to its decimals) */
    if (n > 1) for (int k = 0; k <= n; k++) if (x[k].t == VT_DECIMAL && x[k].coll != EX_DEC_AS_IS) x[k].coll = 0;
    if (x->t == VT_NULL) res = -1;
    else {
        bool saw_null = false;
        /* MariaDB converts the left side once a row for each type it is compared
           as, and a list it converted up front (EX_IN_CONVERTED) never again */
        ex_ctx *saved_conv = ex_conv_ctx;
        int lkinds = 0;
        for (int i = 0; i < n; i++) {
            pdb_value *y = &st[sp - n + i];
            if (y->t == VT_NULL) { saw_null = true; continue; }
            if (saved_conv) {
                ex_conv_ctx = saved_conv;
                if (x->t == VT_STRING && y->t != VT_STRING) {
                    int kind = y->t == VT_DOUBLE ? 1 : y->t == VT_DECIMAL ? 2 : (y->t == VT_INT || y->t == VT_UINT) ? 4 : 8;
                    if (lkinds & kind) ex_conv_ctx = NULL;
                    lkinds |= kind;
                } else if ((o->b & EX_IN_CONVERTED) && y->t == VT_STRING && x->t != VT_STRING) ex_conv_ctx = NULL;
            }
            if (ex_equal(x, y, (uint16_t)o->c)) { res = 1; break; }
        }
        ex_conv_ctx = saved_conv;
        if (!res && saw_null) res = -1;
    }
    sp -= n;
    if ((o->b & 1) && res >= 0) res = !res;
    st[sp - 1] = tri_val(res);
    return sp;
}

/* OP_BETWEEN: x BETWEEN lo AND hi: decimals with all their digits, strings read as numbers
 * when o->a says so; NOT when o->b & 1 */
static inline __attribute__((always_inline)) int op_between(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp)
{
    pdb_value *x = &st[sp - 3], *lo = &st[sp - 2], *hi = &st[sp - 1];
    int r;
    /* BETWEEN compares decimals with all the digits they hold (MariaDB rounds a
       quotient to its decimals for = < > and IN, not here) */
    for (int k = 0; k < 3; k++) if (x[k].t == VT_DECIMAL && x[k].coll != EX_DEC_AS_IS) x[k].coll = 0;
    if (o->a && x->t != VT_NULL)   /* compared as numbers (see comp): strings read as one */
        for (int k = 0; k < 3; k++)
            if (x[k].t == VT_STRING) {
                ex_conv_check(&x[k], o->a == 3 ? "DECIMAL" : "DOUBLE");
                ex_ctx *saved = ex_conv_ctx;
                ex_conv_ctx = NULL;   /* (warned above, as the type it is read as) */
                x[k] = ex_dbl(ex_to_double(&x[k]));
                ex_conv_ctx = saved;
            }
    if (x->t == VT_NULL) r = -1;
    else {
        ex_ctx *saved_conv = ex_conv_ctx;
        ex_once *w = (o->b >> 1) && saved_conv ? &p->once[(o->b >> 1) - 1] : NULL;
        if (w) once_quiet(ctx, &w[0], lo, x);
        int a = lo->t == VT_NULL ? -1 : ex_compare(x, lo, (uint16_t)o->c) >= 0;
        ex_conv_ctx = saved_conv;
        if (w) once_quiet(ctx, &w[1], hi, x);
        /* a string compared with numbers is converted once a row */
        if (x->t == VT_STRING && lo->t != VT_STRING && lo->t != VT_NULL && hi->t != VT_STRING) ex_conv_ctx = NULL;
        int b = hi->t == VT_NULL ? -1 : ex_compare(x, hi, (uint16_t)o->c) <= 0;
        ex_conv_ctx = saved_conv;
        r = (a == 0 || b == 0) ? 0 : (a < 0 || b < 0) ? -1 : 1;
    }
    if ((o->b & 1) && r >= 0) r = !r;
    sp -= 2;
    st[sp - 1] = tri_val(r);
    return sp;
}

/* OP_LIKE: x LIKE pattern [ESCAPE e (o->a)] in collation o->c (binary for two non-strings);
 * NOT when o->b */
static inline __attribute__((always_inline)) int op_like(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp)
{
    int n = o->a & 1 ? 3 : 2;
    pdb_value *x = &st[sp - n], *pat = &st[sp - n + 1];
    int esc = '\\';
    if (o->a & 1) {
        pdb_value *e = &st[sp - 1];
        size_t el; const char *es = ex_to_str(ctx->a, e, &el);
        esc = el ? (unsigned char)es[0] : -1;
    }
    int r;
    if (x->t == VT_NULL || pat->t == VT_NULL) r = -1;
    else {
        size_t xl, pl;
        const char *xs = ex_to_str(ctx->a, x, &xl), *ps = ex_to_str(ctx->a, pat, &pl);
        uint16_t coll = (uint16_t)o->c;
        if (x->t != VT_STRING && pat->t != VT_STRING) coll = COLL_BINARY;
        if (!coll) coll = ctx->s->coll_connection;
        /* (x is the column's value at the row: the trigrams of that row id answer for it) */
        if ((o->a & 2) && !ex_ng_may_match(ctx, o->a >> 2 & 0x3fff, o->b >> 1, ps, pl, esc, coll)) r = 0;
        else r = ex_like(xs, xl, ps, pl, esc, coll);
    }
    if ((o->b & 1) && r >= 0) r = !r;
    sp -= n - 1;
    st[sp - 1] = tri_val(r);
    return sp;
}

/* OP_CASE: CASE [x] WHEN ... THEN ... [ELSE ...] END over the o->b values on the stack
 * (o->a: 1 has x, 2 has ELSE) */
static inline __attribute__((always_inline)) int op_case(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp)
{
    int n = o->b;
    bool has_op = o->a & 1, has_else = o->a & 2;
    pdb_value *a = &st[sp - n];
    pdb_value r = ex_null();
    int i = has_op ? 1 : 0;
    int pairs_end = has_else ? n - 1 : n;
    bool hit = false;
    for (; i + 1 < pairs_end; i += 2) {
        pdb_value *w = &a[i];
        bool m;
        if (has_op) {   /* (compared with all their digits, as MariaDB's CASE does) */
            pdb_value x0 = a[0], w0 = *w;
            if (x0.t == VT_DECIMAL && x0.coll != EX_DEC_AS_IS) x0.coll = 0;
            if (w0.t == VT_DECIMAL && w0.coll != EX_DEC_AS_IS) w0.coll = 0;
            m = x0.t != VT_NULL && w0.t != VT_NULL && ex_compare(&x0, &w0, 0) == 0;
        }
        else m = ex_is_true_cond(w);
        if (m) { r = a[i + 1]; hit = true; break; }
    }
    if (!hit && has_else) r = a[n - 1];
    sp -= n;
    st[sp++] = r;
    return sp;
}

/* OP_ARITH: a <o->a> b by MariaDB's types and overflow rules (do_arith; o->b its incr) */
static inline __attribute__((always_inline)) int op_arith(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp)
{
    if (o->a >> 16) {   /* an unsigned integer operand (see its compile) */
        for (int i = 0; i < 2; i++) {
            pdb_value *v = &st[sp - 2 + i];
            if ((o->a >> (16 + i) & 1) && v->t == VT_INT && v->i >= 0) v->t = VT_UINT;
        }
    }
    do_arith(ctx, o->a & 0xffff, &st[sp - 2], &st[sp - 1], o->b, p->consts[o->c].p);
    return sp - 1;
}

/* The exported helpers: the same bodies, which the interpreter has inlined. */
int ex_op_neg(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp) { return op_neg(ctx, p, o, st, sp); }
int ex_op_cmp(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp) { return op_cmp(ctx, p, o, st, sp); }
int ex_op_in(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp) { return op_in(ctx, p, o, st, sp); }
int ex_op_between(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp) { return op_between(ctx, p, o, st, sp); }
int ex_op_like(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp) { return op_like(ctx, p, o, st, sp); }
int ex_op_case(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp) { return op_case(ctx, p, o, st, sp); }
int ex_op_arith(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp) { return op_arith(ctx, p, o, st, sp); }

static void ex_eval_inner(ex_ctx *ctx, const ex_prog *p, pdb_value *out)
{
    pdb_value stackbuf[64];
    pdb_value *st = stackbuf;
    ex_prog *mp = (ex_prog *)p;   /* (its kept stack is all an evaluation changes) */
    bool own = false;
    if (p->maxstack > 64) {
        if (mp->stk_busy) st = stor_arena_alloc(ctx->a, (size_t)p->maxstack * sizeof(pdb_value));
        else {
            if (!mp->stk) mp->stk = stor_arena_alloc(ctx->a, (size_t)p->maxstack * sizeof(pdb_value));
            st = mp->stk;
            mp->stk_busy = own = true;
        }
        if (!p->ins_done) in_sets(ctx, mp);
    }
    int sp = 0;
    for (int pc = 0; pc < p->nops; pc++) {
        const ex_op *o = &p->ops[pc];
        switch (o->code) {
        case OP_CONST:
            if (p->ins && sp > 0 && in_sorted(p, &pc, &st[sp - 1])) break;
            st[sp++] = p->consts[o->a];
            break;
        case OP_COL: {
            uint32_t r = ctx->rows[o->a];
            ex_src *s = &ctx->src[o->a];
            if (r == EX_NULLROW) st[sp++] = ex_null();
            else if (s->t) {
                stor_get(s->t, o->b, r, &st[sp]);
                if (st[sp].t == VT_DATETIME) ex_read_ts(ctx->s, &s->t->cols[o->b], &st[sp]);
                sp++;
            }
            else st[sp++] = s->derived->v[(size_t)r * s->derived->ncols + o->b];
            break;
        }
        case OP_OUTER: {
            ex_ctx *oc = ctx;
            for (int d = 0; d < o->c && oc; d++) oc = oc->outer;
            if (!oc) { st[sp++] = ex_null(); break; }
            uint32_t r = oc->rows[o->a];
            ex_src *s = &oc->src[o->a];
            if (r == EX_NULLROW) st[sp++] = ex_null();
            else if (s->t) {
                stor_get(s->t, o->b, r, &st[sp]);
                if (st[sp].t == VT_DATETIME) ex_read_ts(ctx->s, &s->t->cols[o->b], &st[sp]);
                sp++;
            }
            else st[sp++] = s->derived->v[(size_t)r * s->derived->ncols + o->b];
            break;
        }
        case OP_AGG:
            if (o->a >= EX_WIN_BASE) st[sp++] = ctx->winv ? ctx->winv[o->a - EX_WIN_BASE] : ex_null();
            else if (o->a >= EX_ITEM_BASE) st[sp++] = ctx->itemv ? ctx->itemv[o->a - EX_ITEM_BASE] : ex_null();
            else st[sp++] = ctx->aggv ? ctx->aggv[o->a] : ex_null();
            break;
        case OP_NEG: sp = op_neg(ctx, p, o, st, sp); break;
        case OP_NOT: { int t = tri(&st[sp - 1]); st[sp - 1] = tri_val(t < 0 ? -1 : !t); break; }
        case OP_BITNOT: { pdb_value *v = &st[sp - 1]; if (v->t != VT_NULL) { uint64_t u = ~(uint64_t)ex_to_int(v); *v = ex_int(0); v->t = VT_UINT; v->u = u; } break; }
        case OP_ARITH: sp = op_arith(ctx, p, o, st, sp); break;
        case OP_CMP: sp = op_cmp(ctx, p, o, st, sp); break;
        case OP_AND_JMP: {
            int t = tri(&st[sp - 1]);
            if (t == 0) { st[sp - 1] = ex_int(0); pc = o->a - 1; }
            else st[sp - 1] = tri_val(t);   /* (a string is read, and warns, once) */
            break;
        }
        case OP_OR_JMP: {
            int t = tri(&st[sp - 1]);
            if (t == 1) { st[sp - 1] = ex_int(1); pc = o->a - 1; }
            else st[sp - 1] = tri_val(t);
            break;
        }
        case OP_AND_FIN: {
            int l = tri(&st[sp - 2]), r = tri(&st[sp - 1]);
            sp--;
            st[sp - 1] = tri_val(r == 0 ? 0 : (l < 0 || r < 0) ? -1 : 1);
            break;
        }
        case OP_OR_FIN: {
            int l = tri(&st[sp - 2]), r = tri(&st[sp - 1]);
            sp--;
            st[sp - 1] = tri_val(r == 1 ? 1 : (l < 0 || r < 0) ? -1 : 0);
            break;
        }
        case OP_XOR: {
            int l = tri(&st[sp - 2]), r = tri(&st[sp - 1]);
            sp--;
            st[sp - 1] = tri_val(l < 0 || r < 0 ? -1 : l != r);
            break;
        }
        case OP_ISNULL: { bool n = st[sp - 1].t == VT_NULL; st[sp - 1] = ex_int(o->a ? !n : n); break; }
        case OP_IS: {
            int t = tri(&st[sp - 1]);
            bool r = o->a == -1 ? t < 0 : o->a == 1 ? t == 1 : t == 0;
            st[sp - 1] = ex_int(o->b ? !r : r);
            break;
        }
        case OP_IN: sp = op_in(ctx, p, o, st, sp); break;
        case OP_BETWEEN: sp = op_between(ctx, p, o, st, sp); break;
        case OP_LIKE: sp = op_like(ctx, p, o, st, sp); break;
        case OP_REGEXP: {
            pdb_value args[2] = { st[sp - 2], st[sp - 1] };
            pdb_value r = ex_regexp(ctx, &args[0], &args[1]);
            if (o->b && r.t != VT_NULL) r = ex_int(!r.i);
            sp--;
            st[sp - 1] = r;
            break;
        }
        case OP_FUNC: {
            int n = o->b;
            pdb_value r;
            const pl_expr *e = (const pl_expr *)p->consts[o->c].p;
            ex_func_call(ctx, ex_func_at(o->a), &st[sp - n], n, &r, e);
            sp -= n;
            st[sp++] = r;
            break;
        }
        case OP_CASE: sp = op_case(ctx, p, o, st, sp); break;
        case OP_CAST: {
            pdb_value r;
            /* "at row N" of a warning, as MariaDB counts: reading a table, the rows read
               (by a scan: the row's position; by an index: 1); else 1 while the statement
               has no warning yet, 0 after (EX_ROW_AT_WARN: counted when warning) */
            uint32_t rowno;
            if (ctx->nsrc > 0 && ctx->rows && ctx->rows[0] != EX_NULLROW && ctx->src[0].t)
                rowno = ctx->stmt->last_scan_indexed ? 1 : ctx->rows[0] + 1;
            else rowno = EX_ROW_AT_WARN;
            ex_cast(ctx, &st[sp - 1 - o->b], &p->casts[o->a], &r, o->c >= 0 ? &p->consts[o->c] : NULL, rowno);
            st[sp - 1 - o->b] = r;
            break;
        }
        case OP_SUBQ: {
            ex_subq *sq = p->subs[o->a];
            if (sq->kind == E_ROW) { run_subq(ctx, sq, &st[sp], o->b); sp += sq->width; }
            else if (sq->width > 1) { run_subq(ctx, sq, &st[sp - sq->width], o->b); sp -= sq->width - 1; }
            else if (sq->kind == E_INSUB || sq->kind >= 100) { run_subq(ctx, sq, &st[sp - 1], o->b); }
            else { run_subq(ctx, sq, &st[sp], o->b); sp++; }
            break;
        }
        case OP_USERVAR:
            ex_uservar_get(ctx->s, p->consts[o->a].p, &st[sp]);
            if (st[sp].t == VT_DECIMAL) st[sp].coll = EX_DEC_AS_IS;
            sp++;
            break;
        case OP_SYSVAR: {
            char name[128];
            snprintf(name, sizeof name, "%.*s", (int)p->consts[o->a].len, p->consts[o->a].p);
            ex_type t;
            if (ex_sysvar_get(ctx->s, name, o->b, &st[sp], ctx->a, &t) != 0) st[sp] = ex_null();
            sp++;
            break;
        }
        case OP_ROWID: st[sp++] = ex_int(ctx->rows[o->a] == EX_NULLROW ? -1 : (int64_t)ctx->rows[o->a]); break;
        case OP_COLLATE: {   /* (a number becomes its text, as MariaDB's COLLATE makes a string) */
            pdb_value *v = &st[sp - 1];
            if (v->t != VT_STRING && v->t != VT_NULL) {
                size_t len;
                const char *s = ex_to_str(ctx->a, v, &len);
                *v = ex_str(s, len, (uint16_t)o->a);
            }
            if (v->t == VT_STRING) v->coll = (uint16_t)o->a;
            break;
        }
        case OP_MARK:   /* (b: the value's depth below the top) */
            if (st[sp - 1 - o->b].t == VT_STRING) st[sp - 1 - o->b].scale = (uint8_t)o->a;
            break;
        case OP_ENUMIDX: {
            pdb_value *v = &st[sp - 1 - o->b];
            if (v->t == VT_STRING) {
                int64_t k = 0;
                for (int i = 0; i < o->c; i++) {
                    const pdb_value *m = &p->consts[o->a + i];
                    if (m->len == v->len && !memcmp(m->p, v->p, v->len)) { k = i + 1; break; }
                }
                *v = ex_int(k);
            }
            break;
        }
        case OP_SETMASK: {
            pdb_value *v = &st[sp - 1 - o->b];
            if (v->t == VT_STRING) {   /* members as stored: declared names, ',' between */
                uint64_t m = 0;
                for (size_t i = 0; i < v->len;) {
                    size_t j = i;
                    while (j < v->len && v->p[j] != ',') j++;
                    for (int k = 0; k < o->c && k < 64; k++) {
                        const pdb_value *c = &p->consts[o->a + k];
                        if (c->len == j - i && !memcmp(c->p, v->p + i, j - i)) { m |= 1ull << k; break; }
                    }
                    i = j + 1;
                }
                *v = ex_int((int64_t)m);
            }
            break;
        }
        case OP_RETYPE: {
            pdb_value *v = &st[sp - 1 - o->b];
            if (o->a == EX_RT_YEAR_DATE && (v->t == VT_INT || v->t == VT_UINT)) {   /* 'YYYY-00-00' */
                *v = ex_int(pdb_dt_pack((int)v->i, 0, 0, 0, 0, 0, 0));
                v->t = VT_DATE;
            } else if (o->a == EX_RT_BIT_UINT && ex_is_hexnum(v)) {
                uint64_t u = ex_hexnum_u64(v);
                *v = ex_int(0); v->t = VT_UINT; v->u = u;
            } else if (o->a == EX_RT_TIME_DT && v->t == VT_TIME) {
                int64_t dt;
                uint8_t fsp = v->scale;
                if (ex_time_on_today(ctx, v, &dt)) { *v = ex_int(dt); v->t = VT_DATETIME; v->scale = fsp; }
            }
            break;
        }
        case OP_YEARK: {
            pdb_value *v = &st[sp - 1 - o->b];
            int64_t y;
            if (ex_year_const(v, &y)) *v = ex_int(y);
            break;
        }
        case OP_TOSTR: {
            pdb_value *v = &st[sp - 1];
            if (o->b == 1) { if (v->t != VT_NULL && v->t != VT_DOUBLE && v->t != VT_STRING) *v = ex_dbl(ex_to_double(v)); break; }
            if (v->t == VT_STRING) v->scale = 0;   /* a string now, even from a hexadecimal literal */
            if (v->t == VT_NULL || v->t == VT_STRING) break;
            size_t n;
            const char *s = ex_to_str(ctx->a, v, &n);
            *v = ex_str(s, n, (uint16_t)o->a);
            break;
        }
        }
    }
    *out = sp > 0 ? st[sp - 1] : ex_null();
    if (own) mp->stk_busy = false;
}

/* Runs a subquery for the current row. sp points at the left operand (IN/ANY/ALL) or at
 * the free slot (scalar/EXISTS); the result replaces it. */
void ex_corr_note(const ex_ctx *ctx, const ex_ctx *target)
{
    for (ex_corr *c = ctx->corr; c; c = c->up)
        for (const ex_ctx *x = c->base; x && !c->hit; x = x->outer)
            if (x == target) c->hit = true;
}

/* Functions whose value may change from one evaluation to the next within a statement
 * (MariaDB's uncacheable items): a subquery using one is run for every row. */
static bool volatile_func(const char *n)
{
    static const char *const names[] = { "RAND", "UUID", "UUID_SHORT", "SYS_GUID", "SLEEP", "SET_USERVAR",
        "RANDOM_BYTES", "BENCHMARK", "GET_LOCK", "RELEASE_LOCK", "RELEASE_ALL_LOCKS", "IS_FREE_LOCK",
        "IS_USED_LOCK", "LAST_INSERT_ID", "ROW_COUNT", "FOUND_ROWS", "NEXTVAL", "LASTVAL", "SETVAL", "SYSDATE" };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) if (!strcmp(n, names[i])) return true;
    return false;
}

static bool sel_volatile(const pl_select *sel);
static bool expr_volatile(const pl_expr *e)
{
    if (!e) return false;
    if (e->kind == E_USERVAR || (e->kind == E_FUNC && e->s && volatile_func(e->s))) return true;
    if (e->sub && sel_volatile(e->sub)) return true;
    for (int i = 0; i < e->nargs; i++) if (expr_volatile(e->args[i])) return true;
    return false;
}

static bool sel_volatile(const pl_select *sel)
{
    for (const pl_select *m = sel; m; m = m->next) {
        for (int i = 0; i < m->nitems; i++) if (expr_volatile(m->items[i].e)) return true;
        for (int i = 0; i < m->nfrom; i++)
            if (expr_volatile(m->from[i].on) || (m->from[i].derived && sel_volatile(m->from[i].derived))) return true;
        for (int i = 0; i < m->ngroup; i++) if (expr_volatile(m->group[i])) return true;
        for (int i = 0; i < m->norder; i++) if (expr_volatile(m->order[i].e)) return true;
        if (expr_volatile(m->where) || expr_volatile(m->having)) return true;
    }
    return false;
}

/* x IN (the subquery's one column) when x and every row are integers that fit int64:
 * a binary search of the rows' values, sorted at the first such test of this result, as
 * MariaDB looks x up in its materialised subquery's index (the same answer as comparing
 * row by row: integers compare exactly, without warnings). 1 found, 0 not, -1 not but a
 * row is NULL; 2: not applicable (compare row by row). */
static int in_int_set(ex_ctx *ctx, ex_subq *sq, const pdb_value *x)
{
    const ex_rows *r = &sq->rows;
    if (r->nrows < 16 || !(x->t == VT_INT || (x->t == VT_UINT && x->u <= INT64_MAX))) return 2;
    if (sq->iset_state == 0) {
        sq->iset_state = 2;
        int64_t *v = stor_arena_alloc(ctx->a, (size_t)r->nrows * sizeof *v);
        uint32_t n = 0;
        sq->iset_null = false;
        for (uint32_t i = 0; i < r->nrows; i++) {
            const pdb_value *y = &r->v[(size_t)i * r->ncols];
            if (y->t == VT_NULL) sq->iset_null = true;
            else if (y->t == VT_INT || (y->t == VT_UINT && y->u <= INT64_MAX)) v[n++] = y->i;
            else return 2;
        }
        qsort(v, n, sizeof *v, cmp_i64);
        sq->iset = v;
        sq->niset = n;
        sq->ibits = NULL;
        uint64_t span = n ? (uint64_t)v[n - 1] - (uint64_t)v[0] : 0;
        if (n && span < ((uint64_t)1 << 28) && span / 64 <= n) {   /* (unsigned: exact for any sorted pair) */
            /* a bitmap of about as many words as integers: one load per probe */
            uint64_t *bits = stor_arena_alloc(ctx->a, (size_t)(span / 64 + 1) * sizeof *bits);
            memset(bits, 0, (size_t)(span / 64 + 1) * sizeof *bits);
            for (uint32_t i = 0; i < n; i++) {
                uint64_t d = (uint64_t)v[i] - (uint64_t)v[0];
                bits[d >> 6] |= (uint64_t)1 << (d & 63);
            }
            sq->ibits = bits; sq->ibase = v[0]; sq->ispan = span;
        }
        sq->iset_state = 1;
    }
    if (sq->iset_state != 1) return 2;
    return ex_insub_int(sq, x->i);
}

int ex_insub_int(const ex_subq *sq, int64_t x)
{
    bool hit;
    if (sq->ibits) {
        uint64_t d = (uint64_t)x - (uint64_t)sq->ibase;
        hit = d <= sq->ispan && (sq->ibits[d >> 6] >> (d & 63) & 1);
    } else hit = bsearch(&x, sq->iset, sq->niset, sizeof *sq->iset, cmp_i64) != NULL;
    return hit ? 1 : sq->iset_null ? -1 : 0;
}

/* Row x op row y of n columns, as MariaDB's compare_row: 1, 0 or -1 for NULL. y NULL is
 * a subquery without a row: all its columns NULL. = and <> look past a NULL column for
 * one that differs; <, <=, >, >= decide at the first column that differs, NULL at a
 * NULL before it. */
static int row_compare(int op, const pdb_value *x, const pdb_value *y, int n)
{
    bool was_null = false;
    for (int i = 0; i < n; i++) {
        bool xn = x[i].t == VT_NULL, yn = !y || y[i].t == VT_NULL;
        if (op == BO_NSEQ) {
            if (xn != yn || (!xn && ex_compare(&x[i], &y[i], 0) != 0)) return 0;
            continue;
        }
        if (xn || yn) {
            if (op != BO_EQ && op != BO_NE) return -1;
            was_null = true;
            continue;
        }
        int c = ex_compare(&x[i], &y[i], 0);
        if (!c) continue;
        switch (op) {
        case BO_EQ: return 0;
        case BO_NE: return 1;
        case BO_LT: case BO_LE: return c < 0;
        default: return c > 0;   /* BO_GT, BO_GE */
        }
    }
    if (op == BO_NSEQ) return 1;
    if (was_null) return -1;
    return op == BO_EQ || op == BO_LE || op == BO_GE;
}

static void run_subq(ex_ctx *ctx, ex_subq *sq, pdb_value *sp, int negated)
{
    if (!sq->done || sq->correlated) {
        ex_rows rows = { 0 };
        ex_type *types = NULL;
        const char **names = NULL;
        uint64_t found;
        ex_ctx sub = *ctx;
        sub.outer = ctx;
        ex_corr first = { ctx, false, ctx->corr };
        if (!sq->done) sub.corr = &first;
        /* EXISTS needs one row, a scalar subquery two (the second is the 1242), as
           MariaDB stops there; a set operation other than one block needs them all */
        sub.rows_cap = sq->sel->next ? 0 : sq->kind == E_EXISTS ? 1 : (sq->kind == E_SUBQUERY || sq->single) ? 2 : 0;
        ex_select_rows(&sub, sq->sel, &rows, &types, &names, &found);
        if (!sq->done) sq->correlated = first.hit || sel_volatile(sq->sel);
        sq->rows = rows;
        sq->types = types;
        sq->done = true;
        sq->iset_state = 0;
    }
    ex_rows *r = &sq->rows;
    if (sq->kind == E_EXISTS) { *sp = ex_int(negated ? r->nrows == 0 : r->nrows > 0); return; }
    if (sq->kind == E_SUBQUERY) {
        if (r->ncols != 1) ex_raise(ctx, 1241, "21000", "Operand should contain 1 column(s)");
        if (r->nrows > 1) ex_raise(ctx, 1242, "21000", "Subquery returns more than 1 row");
        *sp = r->nrows ? r->v[0] : ex_null();
        return;
    }
    if (sq->width > 1) {
        /* a row against the subquery's rows: 1 when one matches in every column, NULL
           when none differs for sure but NULLs leave one open, else 0 */
        int n = sq->width;
        if ((int)r->ncols != n) ex_raise(ctx, 1241, "21000", "Operand should contain %d column(s)", n);
        if (sq->single && r->nrows > 1) ex_raise(ctx, 1242, "21000", "Subquery returns more than 1 row");
        if (sq->kind == E_ROW) {   /* its row pushed: NULLs when there is none */
            for (int c = 0; c < n; c++) sp[c] = r->nrows ? r->v[c] : ex_null();
            return;
        }
        if (sq->rowop) { *sp = tri_val(row_compare(sq->rowop, sp, r->nrows ? r->v : NULL, n)); return; }
        int res = sq->single && r->nrows == 0 ? -1 : 0;
        for (uint32_t i = 0; i < r->nrows && res != 1; i++) {
            int m = 1;
            for (int c = 0; c < n && m != 0; c++) {
                const pdb_value *y = &r->v[(size_t)i * r->ncols + c];
                if (sp[c].t == VT_NULL || y->t == VT_NULL) m = -1;
                else if (ex_compare(&sp[c], y, 0) != 0) m = 0;
            }
            if (m == 1) res = 1;
            else if (m < 0) res = -1;
        }
        if (negated && res >= 0) res = !res;
        *sp = tri_val(res);
        return;
    }
    if (r->ncols != 1) ex_raise(ctx, 1241, "21000", "Operand should contain 1 column(s)");
    pdb_value x = *sp;
    if (sq->kind == E_INSUB) {
        int res = 0;
        if (r->nrows == 0) res = 0;
        else if (x.t == VT_NULL) res = -1;
        else if ((res = in_int_set(ctx, sq, &x)) != 2) { }
        else {
            res = 0;
            bool saw_null = false;
            for (uint32_t i = 0; i < r->nrows; i++) {
                if (r->v[i].t == VT_NULL) { saw_null = true; continue; }
                if (ex_compare(&x, &r->v[i], 0) == 0) { res = 1; break; }
            }
            if (!res && saw_null) res = -1;
        }
        if (negated && res >= 0) res = !res;
        *sp = tri_val(res);
        return;
    }
    /* ANY (100+op) / ALL (200+op) */
    bool all = sq->kind >= 200;
    int op = sq->kind - (all ? 200 : 100);
    int res = all ? 1 : 0;
    if (x.t == VT_NULL && r->nrows) { *sp = ex_null(); return; }
    bool saw_null = false;
    for (uint32_t i = 0; i < r->nrows; i++) {
        if (r->v[i].t == VT_NULL) { saw_null = true; continue; }
        int c = ex_compare(&x, &r->v[i], 0), m = 0;
        switch (op) {
        case BO_EQ: m = c == 0; break; case BO_NE: m = c != 0; break;
        case BO_LT: m = c < 0; break; case BO_LE: m = c <= 0; break;
        case BO_GT: m = c > 0; break; case BO_GE: m = c >= 0; break;
        }
        if (all && !m) { res = 0; break; }
        if (!all && m) { res = 1; break; }
    }
    if (saw_null && ((all && res == 1) || (!all && res == 0))) res = -1;
    *sp = tri_val(res);
}

uint64_t ex_expr_srcmask(ex_scope *sc, pl_expr *e)
{
    if (!e) return 0;
    uint64_t m = 0;
    switch (e->kind) {
    case E_COLUMN: {
        int src, col;
        if (find_column(sc, e, &src, &col)) return src < 63 ? (1ull << src) : (1ull << 63);
        return 1ull << 63;
    }
    case E_PARAM:
        /* a constant once executed with its value (it pins a key as a literal does) */
        if (!sc->ctx->params) m |= 1ull << 63;
        break;
    case E_SUBQUERY: case E_EXISTS: case E_INSUB: case E_STAR: case E_DEFAULT:
        m |= 1ull << 63;
        break;
    case E_FUNC: {
        /* a function that gives another value per call or reads the statement's state
           belongs to no source */
        const ex_fdef *f = ex_func_find(e->s);
        if (e->win || agg_kind(e->s, e->nargs == 0) >= 0 || !strcmp(e->s, "ANY_SUBQ") || !strcmp(e->s, "ALL_SUBQ") ||
            (f && (f->flags & (EX_FN_VOLATILE | EX_FN_STMT))))
            m |= 1ull << 63;
        break;
    }
    default: break;
    }
    for (int i = 0; i < e->nargs; i++) {
        if (e->kind == E_FUNC && e->args[i]->kind == E_INTERVAL) m |= ex_expr_srcmask(sc, e->args[i]->args[0]);
        else m |= ex_expr_srcmask(sc, e->args[i]);
    }
    return m;
}
