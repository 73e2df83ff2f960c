/* JSON functions as MariaDB 10.11 has them: documents are text (LONGTEXT with a
 * JSON_VALID check), parsed on each call into spans of that text; results that are
 * parts of a document are the document's own bytes, as MariaDB returns them. */
#include "engine/func_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { J_OBJ, J_ARR, J_STR, J_NUM, J_TRUE, J_FALSE, J_NULL };

typedef struct jnode {
    uint8_t type;
    const char *s;          /* the value's text */
    size_t n;
    int nkids;
    struct jnode **kids;
    const char **keys;      /* objects: key text without the quotes (still escaped) */
    size_t *klens;
} jnode;

typedef struct jp { const char *p, *e; stor_arena *a; int depth; const char *deep; } jp;   /* deep: where the depth limit stopped it */

static void ws(jp *j) { while (j->p < j->e && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')) j->p++; }

static bool jstring(jp *j)
{
    if (j->p >= j->e || *j->p != '"') return false;
    j->p++;
    while (j->p < j->e && *j->p != '"') {
        unsigned char c = (unsigned char)*j->p;
        if (c < 0x20) return false;
        if (c == '\\') {
            j->p++;
            if (j->p >= j->e) return false;
            char x = *j->p;
            if (x == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (j->p + i >= j->e || !strchr("0123456789abcdefABCDEF", j->p[i]) || !j->p[i]) return false;
                j->p += 4;
            } else if (!strchr("\"\\/bfnrt", x) || !x) return false;
        }
        j->p++;
    }
    if (j->p >= j->e) return false;
    j->p++;
    return true;
}

static bool digits(jp *j)
{
    const char *s = j->p;
    while (j->p < j->e && *j->p >= '0' && *j->p <= '9') j->p++;
    return j->p > s;
}

static jnode *jvalue(jp *j)
{
    ws(j);
    if (j->p >= j->e || ++j->depth > 32) return NULL;
    jnode *v = stor_arena_alloc(j->a, sizeof *v);
    memset(v, 0, sizeof *v);
    v->s = j->p;
    char c = *j->p;
    if ((c == '{' || c == '[') && j->depth >= 32) {   /* MariaDB's limit: 32 nested containers */
        j->deep = j->p + 1;
        return NULL;
    }
    if (c == '{' || c == '[') {
        bool obj = c == '{';
        v->type = obj ? J_OBJ : J_ARR;
        j->p++;
        int cap = 0;
        ws(j);
        if (j->p < j->e && *j->p == (obj ? '}' : ']')) j->p++;
        else for (;;) {
            const char *ks = NULL;
            size_t kl = 0;
            if (obj) {
                ws(j);
                ks = j->p + 1;
                if (!jstring(j)) return NULL;
                kl = (size_t)(j->p - 1 - ks);
                ws(j);
                if (j->p >= j->e || *j->p != ':') return NULL;
                j->p++;
            }
            jnode *k = jvalue(j);
            if (!k) return NULL;
            if (v->nkids == cap) {
                int nc = cap ? cap * 2 : 8;
                jnode **nk = stor_arena_alloc(j->a, (size_t)nc * sizeof *nk);
                const char **nks = stor_arena_alloc(j->a, (size_t)nc * sizeof *nks);
                size_t *nkl = stor_arena_alloc(j->a, (size_t)nc * sizeof *nkl);
                if (v->nkids) {
                    memcpy(nk, v->kids, (size_t)v->nkids * sizeof *nk);
                    memcpy(nks, v->keys, (size_t)v->nkids * sizeof *nks);
                    memcpy(nkl, v->klens, (size_t)v->nkids * sizeof *nkl);
                }
                v->kids = nk; v->keys = nks; v->klens = nkl; cap = nc;
            }
            v->kids[v->nkids] = k; v->keys[v->nkids] = ks; v->klens[v->nkids] = kl;
            v->nkids++;
            ws(j);
            if (j->p < j->e && *j->p == ',') { j->p++; continue; }
            if (j->p < j->e && *j->p == (obj ? '}' : ']')) { j->p++; break; }
            return NULL;
        }
    } else if (c == '"') {
        v->type = J_STR;
        if (!jstring(j)) return NULL;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        v->type = J_NUM;
        if (c == '-') j->p++;
        if (j->p < j->e && *j->p == '0') j->p++;
        else if (!digits(j)) return NULL;
        if (j->p < j->e && *j->p == '.') { j->p++; if (!digits(j)) return NULL; }
        if (j->p < j->e && (*j->p == 'e' || *j->p == 'E')) {
            j->p++;
            if (j->p < j->e && (*j->p == '+' || *j->p == '-')) j->p++;
            if (!digits(j)) return NULL;
        }
    } else {
        static const struct { const char *w; int t; } lit[] = { { "true", J_TRUE }, { "false", J_FALSE }, { "null", J_NULL } };
        int k = -1;
        for (int i = 0; i < 3; i++) {
            size_t l = strlen(lit[i].w);
            if ((size_t)(j->e - j->p) >= l && !memcmp(j->p, lit[i].w, l)) { k = i; j->p += l; break; }
        }
        if (k < 0) return NULL;
        v->type = (uint8_t)lit[k].t;
    }
    v->n = (size_t)(j->p - v->s);
    j->depth--;
    return v;
}

/* The whole text must be one value (surrounded by white space at most). */
static jnode *jparse(stor_arena *a, const char *s, size_t n)
{
    jp j = { s, s + n, a, 0, NULL };
    jnode *v = jvalue(&j);
    if (!v) return NULL;
    ws(&j);
    return j.p == j.e ? v : NULL;
}

/* ---------------------------------------------------------------- paths */

enum { P_KEY, P_ANYKEY, P_IDX, P_ANYIDX, P_DESC, P_RANGE };
/* an index is idx, or when from_end is set the idx-th from the end (last = 0) */
typedef struct pstep { int kind; const char *k; size_t kl; long idx, idx2; bool end, end2; } pstep;

/* one array index: n, -n (from the end), last, last-n */
static bool jpath_index(const char *s, size_t n, size_t *i, long *v, bool *from_end)
{
    *v = 0; *from_end = false;
    if (*i + 4 <= n && !memcmp(s + *i, "last", 4)) {
        *i += 4; *from_end = true;
        if (*i < n && s[*i] == '-') {
            (*i)++;
            size_t b = *i;
            while (*i < n && s[*i] >= '0' && s[*i] <= '9') *v = *v * 10 + (s[(*i)++] - '0');
            if (*i == b) return false;
        }
        return true;
    }
    bool neg = false;
    if (*i < n && s[*i] == '-') { neg = true; (*i)++; }
    size_t b = *i;
    while (*i < n && s[*i] >= '0' && s[*i] <= '9') *v = *v * 10 + (s[(*i)++] - '0');
    if (*i == b) return false;
    if (neg) { if (*v == 0) return false; *from_end = true; *v -= 1; }
    return true;
}

/* $, .key, ."key", .*, [n], [*], [n to m], [last-n], ** ; false for a malformed path */
static bool jpath_at(stor_arena *a, const char *s, size_t n, pstep **steps, int *nsteps, bool *wild, size_t *err)
{
    size_t i = 0;

    *wild = false;
    while (i < n && s[i] == ' ') i++;
    if (i >= n || s[i] != '$') { *err = i; return false; }
    i++;
    int cap = 8, ns = 0;
    pstep *st = stor_arena_alloc(a, (size_t)cap * sizeof *st);
    while (i < n) {
        if (ns + 2 >= cap) {
            pstep *x = stor_arena_alloc(a, (size_t)cap * 2 * sizeof *x);
            memcpy(x, st, (size_t)ns * sizeof *x);
            st = x; cap *= 2;
        }
        if (s[i] == ' ') { i++; continue; }
        if (s[i] == '.') {
            i++;
            if (i < n && s[i] == '*') {
                st[ns++] = (pstep){ .kind = P_ANYKEY }; *wild = true; i++;
                if (i < n && s[i] == '*') { *err = i; return false; }
                continue;
            }
            if (i < n && s[i] == '"') {
                size_t b = ++i;
                while (i < n && s[i] != '"') i += s[i] == '\\' ? 2 : 1;
                if (i >= n) { *err = i; return false; }
                st[ns++] = (pstep){ .kind = P_KEY, .k = s + b, .kl = i - b };
                i++;
                continue;
            }
            size_t b = i;
            while (i < n && s[i] != '.' && s[i] != '[' && s[i] != ' ' && s[i] != '*') i++;
            if (i == b) { *err = i; return false; }
            st[ns++] = (pstep){ .kind = P_KEY, .k = s + b, .kl = i - b };
        } else if (s[i] == '[') {
            i++;
            while (i < n && s[i] == ' ') i++;
            if (i < n && s[i] == '*') { st[ns++] = (pstep){ .kind = P_ANYIDX }; *wild = true; i++; }
            else {
                pstep x = { .kind = P_IDX };
                if (!jpath_index(s, n, &i, &x.idx, &x.end)) { *err = i; return false; }
                if (i + 4 <= n && s[i] == ' ' && !memcmp(s + i, " to ", 4)) {
                    i += 4;
                    while (i < n && s[i] == ' ') i++;
                    if (!jpath_index(s, n, &i, &x.idx2, &x.end2)) { *err = i; return false; }
                    x.kind = P_RANGE;
                    *wild = true;
                }
                st[ns++] = x;
            }
            while (i < n && s[i] == ' ') i++;
            if (i >= n || s[i] != ']') { *err = i; return false; }
            i++;
        } else if (s[i] == '*' && i + 1 < n && s[i + 1] == '*') {
            st[ns++] = (pstep){ .kind = P_DESC };
            *wild = true;
            i += 2;
            if (i >= n) { *err = i; return false; }   /* ** must be followed by a step */
        } else { *err = i; return false; }
    }
    *steps = st; *nsteps = ns;
    return true;
}

/* The position an index names in a container of size n (may be out of range). */
static long jidx(long idx, bool end, int size) { return end ? (long)size - 1 - idx : idx; }

typedef struct jmatch { jnode **v; int n, cap; stor_arena *a; } jmatch;

static void jpush(jmatch *m, jnode *v)
{
    if (m->n == m->cap) {
        int nc = m->cap ? m->cap * 2 : 8;
        jnode **x = stor_arena_alloc(m->a, (size_t)nc * sizeof *x);
        if (m->n) memcpy(x, m->v, (size_t)m->n * sizeof *x);
        m->v = x; m->cap = nc;
    }
    m->v[m->n++] = v;
}

static void jadd(jmatch *m, jnode *v)
{
    for (int i = 0; i < m->n; i++) if (m->v[i] == v) return;
    jpush(m, v);
}

static void jwalk(jnode *v, pstep *st, int ns, jmatch *m)
{
    if (!ns) { jadd(m, v); return; }
    switch (st->kind) {
    case P_KEY:
        if (v->type != J_OBJ) return;
        for (int i = 0; i < v->nkids; i++)
            if (v->klens[i] == st->kl && !memcmp(v->keys[i], st->k, st->kl)) jwalk(v->kids[i], st + 1, ns - 1, m);   /* every duplicate */
        return;
    case P_ANYKEY:
        if (v->type != J_OBJ) return;
        for (int i = 0; i < v->nkids; i++) jwalk(v->kids[i], st + 1, ns - 1, m);
        return;
    case P_IDX: {
        long k = jidx(st->idx, st->end, v->type == J_ARR ? v->nkids : 1);
        if (v->type == J_ARR) { if (k >= 0 && k < v->nkids) jwalk(v->kids[k], st + 1, ns - 1, m); }
        else if (k == 0 && !st->end) jwalk(v, st + 1, ns - 1, m);   /* a scalar is an array of one ([0], not [last]) */
        return;
    }
    case P_RANGE: {
        if (v->type != J_ARR) {   /* a scalar is an array of one */
            if (jidx(st->idx, st->end, 1) <= 0 && jidx(st->idx2, st->end2, 1) >= 0) jwalk(v, st + 1, ns - 1, m);
            return;
        }
        long f = jidx(st->idx, st->end, v->nkids), t = jidx(st->idx2, st->end2, v->nkids);
        if (f < 0) f = 0;
        for (long i = f; i <= t && i < v->nkids; i++) jwalk(v->kids[i], st + 1, ns - 1, m);
        return;
    }
    case P_ANYIDX:
        if (v->type != J_ARR) return;
        for (int i = 0; i < v->nkids; i++) jwalk(v->kids[i], st + 1, ns - 1, m);
        return;
    case P_DESC:
        jwalk(v, st + 1, ns - 1, m);
        if (v->type == J_OBJ || v->type == J_ARR)
            for (int i = 0; i < v->nkids; i++) jwalk(v->kids[i], st, ns, m);
        return;
    }
}

/* ---------------------------------------------------------------- text helpers */

typedef struct jbuf { char *p; size_t n, cap; stor_arena *a; } jbuf;

static void jput(jbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t nc = (b->cap ? b->cap * 2 : 64);
        while (nc < b->n + n + 1) nc *= 2;
        char *x = stor_arena_alloc(b->a, nc);
        if (b->n) memcpy(x, b->p, b->n);
        b->p = x; b->cap = nc;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}
static void jputs(jbuf *b, const char *s) { jput(b, s, strlen(s)); }

static void jquote(jbuf *b, const char *s, size_t n)
{
    jputs(b, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        switch (c) {
        case '"': jputs(b, "\\\""); break;
        case '\\': jputs(b, "\\\\"); break;
        case '\n': jputs(b, "\\n"); break;
        case '\r': jputs(b, "\\r"); break;
        case '\t': jputs(b, "\\t"); break;
        case '\b': jputs(b, "\\b"); break;
        case '\f': jputs(b, "\\f"); break;
        default:
            if (c < 0x20) { snprintf(esc, sizeof esc, "\\u%04x", c); jputs(b, esc); }
            else jput(b, (const char *)&s[i], 1);
        }
    }
    jputs(b, "\"");
}

static void put_utf8(jbuf *b, unsigned cp)
{
    char u[4];
    if (cp < 0x80) { u[0] = (char)cp; jput(b, u, 1); }
    else if (cp < 0x800) { u[0] = (char)(0xC0 | (cp >> 6)); u[1] = (char)(0x80 | (cp & 0x3F)); jput(b, u, 2); }
    else if (cp < 0x10000) { u[0] = (char)(0xE0 | (cp >> 12)); u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); u[2] = (char)(0x80 | (cp & 0x3F)); jput(b, u, 3); }
    else { u[0] = (char)(0xF0 | (cp >> 18)); u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)); u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); u[3] = (char)(0x80 | (cp & 0x3F)); jput(b, u, 4); }
}

/* The characters of a JSON string's text (with its quotes). */
static void junescape(jbuf *b, const char *s, size_t n)
{
    for (size_t i = 1; i + 1 < n; i++) {
        if (s[i] != '\\') { jput(b, &s[i], 1); continue; }
        char x = s[++i];
        switch (x) {
        case 'n': jputs(b, "\n"); break;
        case 'r': jputs(b, "\r"); break;
        case 't': jputs(b, "\t"); break;
        case 'b': jputs(b, "\b"); break;
        case 'f': jputs(b, "\f"); break;
        case 'u': {
            unsigned cp = (unsigned)strtoul((char[]){ s[i + 1], s[i + 2], s[i + 3], s[i + 4], 0 }, NULL, 16);
            i += 4;
            if (cp >= 0xD800 && cp < 0xDC00 && i + 6 < n && s[i + 1] == '\\' && s[i + 2] == 'u') {
                unsigned lo = (unsigned)strtoul((char[]){ s[i + 3], s[i + 4], s[i + 5], s[i + 6], 0 }, NULL, 16);
                if (lo >= 0xDC00 && lo < 0xE000) { cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00); i += 6; }
            }
            put_utf8(b, cp);
            break;
        }
        default: jput(b, &x, 1);
        }
    }
}

/* ---------------------------------------------------------------- the functions */

static pdb_value jresult(ex_ctx *ctx, jbuf *b)
{
    return ex_str(b->p ? b->p : "", b->n, COLL_UTF8MB4_GENERAL_CI);
}

static const char *fname_lower(int fn)
{
    switch (fn) {
    case EX_JSON_EXTRACT: return "json_extract";
    case EX_JSON_VALID: return "json_valid";
    case EX_JSON_TYPE: return "json_type";
    case EX_JSON_LENGTH: return "json_length";
    case EX_JSON_DEPTH: return "json_depth";
    case EX_JSON_KEYS: return "json_keys";
    case EX_JSON_VALUE: return "json_value";
    case EX_JSON_QUERY: return "json_query";
    case EX_JSON_CONTAINS_PATH: return "json_contains_path";
    case EX_JSON_EXISTS: return "json_exists";
    case EX_JSON_SET: return "json_set";
    case EX_JSON_INSERT: return "json_insert";
    case EX_JSON_REPLACE: return "json_replace";
    case EX_JSON_REMOVE: return "json_remove";
    case EX_JSON_ARRAY_APPEND: return "json_array_append";
    case EX_JSON_ARRAY_INSERT: return "json_array_insert";
    case EX_JSON_MERGE: return "json_merge_preserve";
    case EX_JSON_MERGE_PRESERVE: return "json_merge_preserve";
    case EX_JSON_MERGE_PATCH: return "json_merge_patch";
    case EX_JSON_CONTAINS: return "json_contains";
    case EX_JSON_SEARCH: return "json_search";
    case EX_JSON_OVERLAPS: return "json_overlaps";
    case EX_JSON_COMPACT: return "json_compact";
    case EX_JSON_DETAILED: return "json_detailed";
    case EX_JSON_LOOSE: return "json_loose";
    default: return "json";
    }
}

/* MariaDB's warnings for a bad document (4038) or path (4042). */
static jnode *doc_arg_level(ex_ctx *ctx, int fn, const pdb_value *v, int argno, const char *level);
static jnode *doc_arg(ex_ctx *ctx, int fn, const pdb_value *v, int argno)
{
    return doc_arg_level(ctx, fn, v, argno, "Warning");
}

static jnode *doc_arg_level(ex_ctx *ctx, int fn, const pdb_value *v, int argno, const char *level)
{
    size_t n;
    const char *s = ex_to_str(ctx->a, v, &n);
    jnode *d = jparse(ctx->a, s, n);
    if (!d) {
        /* the position MariaDB reports: where its parser stopped */
        jp j = { s, s + n, ctx->a, 0, NULL };
        bool whole = jvalue(&j) != NULL;
        if (whole) ws(&j);   /* something after a complete value: MariaDB reads up to it */
        size_t pos = (size_t)(j.p - s);
        if (j.deep)
            ex_warn(ctx, level, 4040, "Limit of 32 on JSON nested structures depth is reached in argument %d to function '%s' at position %zu",
                    argno, fname_lower(fn), (size_t)(j.deep - s));
        else if (pos >= n) ex_warn(ctx, level, 4037, "Unexpected end of JSON text in argument %d to function '%s'", argno, fname_lower(fn));
        else ex_warn(ctx, level, 4038, "Syntax error in JSON text in argument %d to function '%s' at position %zu", argno, fname_lower(fn), pos + 1);
    }
    return d;
}

static bool path_arg(ex_ctx *ctx, int fn, const pdb_value *v, int argno, pstep **st, int *ns, bool *wild)
{
    size_t n;
    const char *s = ex_to_str(ctx->a, v, &n);
    size_t pos = 0;
    if (jpath_at(ctx->a, s, n, st, ns, wild, &pos)) return true;
    ex_warn(ctx, "Warning", 4042, "Syntax error in JSON path in argument %d to function '%s' at position %zu", argno, fname_lower(fn), pos + 1);
    return false;
}

/* A SQL value inside JSON_OBJECT / JSON_ARRAY: JSON results as they are, strings
 * quoted, numbers as numbers, TRUE/FALSE literals as true/false. */
static void put_sql_value(ex_ctx *ctx, jbuf *b, const pdb_value *v, const pl_expr *e)
{
    if (v->t == VT_NULL) { jputs(b, "null"); return; }
    if (e && e->kind == E_BOOL) { jputs(b, ex_is_true(v) ? "true" : "false"); return; }
    size_t n;
    const char *s = ex_to_str(ctx->a, v, &n);
    if (e && e->kind == E_FUNC && e->s && ex_json_returns_json(e->s)) { jput(b, s, n); return; }
    if (v->t == VT_STRING && v->scale == EX_JSONDOC) { jput(b, s, n); return; }   /* a JSON column */
    switch (v->t) {
    case VT_INT: case VT_UINT: case VT_DECIMAL: case VT_DOUBLE: jput(b, s, n); return;
    default: jquote(b, s, n); return;
    }
}

const char *ex_json_sql_text(ex_ctx *ctx, const pdb_value *v, const pl_expr *e, size_t *n)
{
    jbuf b = { NULL, 0, 0, ctx->a };
    put_sql_value(ctx, &b, v, e);
    *n = b.n;
    return b.p ? b.p : "";
}

bool ex_jsonval_unquote(stor_arena *a, const pdb_value *v, pdb_value *out)
{
    const char *s = v->p, *e = v->p + v->len;
    while (s < e && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')) s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r')) e--;
    if (e - s < 2 || *s != '"') return false;
    jp j = { s, e, a, 0, NULL };
    if (!jstring(&j) || j.p != e) return false;
    jbuf b = { NULL, 0, 0, a };
    junescape(&b, s, (size_t)(e - s));
    *out = ex_str(b.p ? b.p : "", b.n, v->coll);
    return true;
}

bool ex_json_valid(ex_ctx *ctx, const pdb_value *v)
{
    size_t n;
    const char *s = ex_to_str(ctx->a, v, &n);
    return jparse(ctx->a, s, n) != NULL;
}

/* A JSON column's CHECK (json_valid(col)) as MariaDB evaluates it: a bad document says
 * why in a Note, as JSON_VALID does. */
bool ex_json_check(ex_ctx *ctx, const pdb_value *v)
{
    return doc_arg_level(ctx, EX_JSON_VALID, v, 1, "Note") != NULL;
}

const char *ex_json_quote(ex_ctx *ctx, const char *s, size_t n, size_t *outn)
{
    jbuf b = { NULL, 0, 0, ctx->a };
    jquote(&b, s, n);
    *outn = b.n;
    return b.p;
}

/* ---------------------------------------------------------------- changing documents */

/* Documents that change are parsed into jnodes, changed in place (each call parses
 * its own copy) and printed again the way MariaDB prints them: scalars as their
 * own text, containers as {"k": v, "k2": v2} and [a, b]. */

static jnode *jn_new(stor_arena *a, int type)
{
    jnode *v = stor_arena_alloc(a, sizeof *v);
    memset(v, 0, sizeof *v);
    v->type = (uint8_t)type;
    return v;
}

static void jn_insert(stor_arena *a, jnode *p, int at, const char *k, size_t kl, jnode *v)
{
    int n = p->nkids + 1;
    jnode **nk = stor_arena_alloc(a, (size_t)n * sizeof *nk);
    const char **nks = stor_arena_alloc(a, (size_t)n * sizeof *nks);
    size_t *nkl = stor_arena_alloc(a, (size_t)n * sizeof *nkl);
    for (int i = 0, j = 0; i < n; i++) {
        if (i == at) { nk[i] = v; nks[i] = k; nkl[i] = kl; continue; }
        nk[i] = p->kids[j]; nks[i] = p->keys ? p->keys[j] : NULL; nkl[i] = p->klens ? p->klens[j] : 0;
        j++;
    }
    p->kids = nk; p->keys = nks; p->klens = nkl; p->nkids = n;
}

static void jn_remove(jnode *p, int at)
{
    for (int i = at; i + 1 < p->nkids; i++) {
        p->kids[i] = p->kids[i + 1];
        if (p->keys) { p->keys[i] = p->keys[i + 1]; p->klens[i] = p->klens[i + 1]; }
    }
    p->nkids--;
}

static int jn_key(const jnode *o, const char *k, size_t kl)
{
    for (int i = 0; i < o->nkids; i++)
        if (o->klens[i] == kl && !memcmp(o->keys[i], k, kl)) return i;
    return -1;
}

static jnode *jn_wrap(stor_arena *a, jnode *v)
{
    jnode *arr = jn_new(a, J_ARR);
    jn_insert(a, arr, 0, NULL, 0, v);
    return arr;
}

enum { FMT_LOOSE, FMT_COMPACT, FMT_DETAILED };

static void jindent(jbuf *b, int depth, int tab)
{
    jputs(b, "\n");
    for (int i = 0; i < depth * tab; i++) jputs(b, " ");
}

static bool jscalar(const jnode *v) { return v->type != J_OBJ && v->type != J_ARR; }

static void jprint(jbuf *b, const jnode *v, int fmt, int depth, int tab)
{
    if (jscalar(v)) { jput(b, v->s, v->n); return; }
    bool obj = v->type == J_OBJ;
    if (fmt == FMT_DETAILED) {
        if (!obj && v->nkids == 0) { jputs(b, "[]"); return; }
        if (!obj && v->nkids == 1 && jscalar(v->kids[0])) { jputs(b, "["); jprint(b, v->kids[0], fmt, depth + 1, tab); jputs(b, "]"); return; }
        jputs(b, obj ? "{" : "[");
        for (int i = 0; i < v->nkids; i++) {
            if (i) jputs(b, ",");
            jindent(b, depth + 1, tab);
            if (obj) {
                jputs(b, "\""); jput(b, v->keys[i], v->klens[i]); jputs(b, "\": ");
                if (!jscalar(v->kids[i])) jindent(b, depth + 1, tab);
            }
            jprint(b, v->kids[i], fmt, depth + 1, tab);
        }
        jindent(b, depth, tab);
        jputs(b, obj ? "}" : "]");
        return;
    }
    jputs(b, obj ? "{" : "[");
    for (int i = 0; i < v->nkids; i++) {
        if (i) jputs(b, fmt == FMT_COMPACT ? "," : ", ");
        if (obj) { jputs(b, "\""); jput(b, v->keys[i], v->klens[i]); jputs(b, fmt == FMT_COMPACT ? "\":" : "\": "); }
        jprint(b, v->kids[i], fmt, depth + 1, tab);
    }
    jputs(b, obj ? "}" : "]");
}

static pdb_value jprinted(ex_ctx *ctx, const jnode *v, int fmt, int tab)
{
    jbuf b = { NULL, 0, 0, ctx->a };
    jprint(&b, v, fmt, 0, tab);
    return jresult(ctx, &b);
}

/* A SQL value as a node: JSON results as their tree, everything else as put_sql_value
 * writes it inside JSON_ARRAY. */
static jnode *sql_node(ex_ctx *ctx, const pdb_value *v, const pl_expr *e)
{
    jbuf b = { NULL, 0, 0, ctx->a };
    put_sql_value(ctx, &b, v, e);
    jnode *n = jparse(ctx->a, b.p, b.n);
    if (!n) {   /* a JSON function's result that is not JSON after all: a string */
        b.n = 0;
        size_t l;
        const char *s = ex_to_str(ctx->a, v, &l);
        jquote(&b, s, l);
        n = jparse(ctx->a, b.p, b.n);
    }
    return n;
}

/* A path for a function that changes one place: no wildcards (4044). */
static bool path_one(ex_ctx *ctx, int fn, const pdb_value *v, int argno, pstep **st, int *ns)
{
    bool wild;
    if (!path_arg(ctx, fn, v, argno, st, ns, &wild)) return false;
    if (wild) {
        ex_warn(ctx, "Warning", 4044, "Wildcards or range in JSON path not allowed in argument %d to function '%s'", argno, fname_lower(fn));
        return false;
    }
    return true;
}

/* The slot holding the value the steps name, or NULL. */
static jnode **jlocate(jnode **slot, const pstep *st, int ns)
{
    for (int i = 0; i < ns; i++) {
        jnode *cur = *slot;
        if (st[i].kind == P_KEY) {
            if (cur->type != J_OBJ) return NULL;
            int k = jn_key(cur, st[i].k, st[i].kl);
            if (k < 0) return NULL;
            slot = &cur->kids[k];
        } else {
            long k = jidx(st[i].idx, st[i].end, cur->type == J_ARR ? cur->nkids : 1);
            if (cur->type == J_ARR) {
                if (k < 0 || k >= cur->nkids) return NULL;
                slot = &cur->kids[k];
            } else if (k != 0 || st[i].end) return NULL;
        }
    }
    return slot;
}

/* JSON_SET (set), JSON_INSERT (add only), JSON_REPLACE (replace only) */
static void jset(ex_ctx *ctx, jnode **root, const pstep *st, int ns, jnode *val, bool add, bool replace)
{
    if (!ns) { if (replace) *root = val; return; }
    jnode **slot = jlocate(root, st, ns - 1);
    if (!slot) return;
    jnode *cur = *slot;
    const pstep *l = &st[ns - 1];
    if (l->kind == P_KEY) {
        if (cur->type != J_OBJ) return;
        int k = jn_key(cur, l->k, l->kl);
        if (k >= 0) { if (replace) cur->kids[k] = val; }
        else if (add) jn_insert(ctx->a, cur, cur->nkids, l->k, l->kl, val);
        return;
    }
    if (cur->type == J_ARR) {
        long k = jidx(l->idx, l->end, cur->nkids);
        if (k >= 0 && k < cur->nkids) { if (replace) cur->kids[k] = val; }
        else if (add) jn_insert(ctx->a, cur, cur->nkids, NULL, 0, val);
        return;
    }
    long k = jidx(l->idx, l->end, 1);
    /* a scalar at [last-n]: JSON_SET replaces it, JSON_INSERT appends, JSON_REPLACE leaves it */
    if (l->end ? replace : k == 0) { if (replace && (add || !l->end)) *slot = val; }
    else if (add) { jnode *arr = jn_wrap(ctx->a, cur); jn_insert(ctx->a, arr, 1, NULL, 0, val); *slot = arr; }
}

static void jmerge_preserve(ex_ctx *ctx, jnode **a, jnode *b)
{
    jnode *x = *a;
    if (x->type == J_OBJ && b->type == J_OBJ) {
        /* b's keys meet a's own keys, not each other; repeated keys as in jmerge_patch */
        int had = x->nkids;
        for (int i = 0; i < b->nkids; i++) {
            bool in_a = false, seen = false;
            for (int k = 0; k < had; k++)
                if (x->klens[k] == b->klens[i] && !memcmp(x->keys[k], b->keys[i], b->klens[i])) in_a = true;
            for (int j = 0; j < i && in_a; j++)
                if (b->klens[j] == b->klens[i] && !memcmp(b->keys[j], b->keys[i], b->klens[i])) seen = true;
            if (seen) continue;
            if (!in_a) { jn_insert(ctx->a, x, x->nkids, b->keys[i], b->klens[i], b->kids[i]); continue; }
            for (int k = 0; k < had; k++)
                if (x->klens[k] == b->klens[i] && !memcmp(x->keys[k], b->keys[i], b->klens[i]))
                    jmerge_preserve(ctx, &x->kids[k], b->kids[i]);
        }
        return;
    }
    if (x->type != J_ARR) x = *a = jn_wrap(ctx->a, x);
    if (b->type == J_ARR) for (int i = 0; i < b->nkids; i++) jn_insert(ctx->a, x, x->nkids, NULL, 0, b->kids[i]);
    else jn_insert(ctx->a, x, x->nkids, NULL, 0, b);
}

/* RFC 7396, and MariaDB's way with repeated keys: a key the target has is patched
 * wherever the target repeats it (a null removes the first), by the patch's first
 * occurrence only; a new key is added as often as the patch repeats it. */
static jnode *jmerge_patch(ex_ctx *ctx, jnode *t, jnode *p)
{
    if (p->type != J_OBJ) return p;
    if (!t || t->type != J_OBJ) t = jn_new(ctx->a, J_OBJ);
    int had = t->nkids;   /* the patch's keys meet the target's own keys, not each other */
    for (int i = 0; i < p->nkids; i++) {
        bool in_target = false, seen = false;
        for (int k = 0; k < had; k++)
            if (t->klens[k] == p->klens[i] && !memcmp(t->keys[k], p->keys[i], p->klens[i])) in_target = true;
        for (int j = 0; j < i && in_target; j++)
            if (p->klens[j] == p->klens[i] && !memcmp(p->keys[j], p->keys[i], p->klens[i])) seen = true;
        if (seen) continue;
        if (!in_target) {
            if (p->kids[i]->type != J_NULL) jn_insert(ctx->a, t, t->nkids, p->keys[i], p->klens[i], jmerge_patch(ctx, NULL, p->kids[i]));
            continue;
        }
        if (p->kids[i]->type == J_NULL) {   /* removes the first */
            jn_remove(t, jn_key(t, p->keys[i], p->klens[i]));
            had--;
            continue;
        }
        for (int k = 0; k < had; k++)
            if (t->klens[k] == p->klens[i] && !memcmp(t->keys[k], p->keys[i], p->klens[i]))
                t->kids[k] = jmerge_patch(ctx, t->kids[k], p->kids[i]);
    }
    return t;
}

static double jnum(const jnode *v) { return strtod(v->s, NULL); }

/* MariaDB's JSON_CONTAINS: an array contains what one of its elements contains, an
 * array value is contained when each element is; objects by key; numbers by value. */
static bool jcontains(const jnode *d, const jnode *v)
{
    switch (d->type) {
    case J_OBJ:
        if (v->type != J_OBJ) return false;
        for (int i = 0; i < v->nkids; i++) {
            int k = jn_key(d, v->keys[i], v->klens[i]);
            if (k < 0 || !jcontains(d->kids[k], v->kids[i])) return false;
        }
        return true;
    case J_ARR:
        if (v->type != J_ARR) {
            for (int i = 0; i < d->nkids; i++) if (jcontains(d->kids[i], v)) return true;
            return false;
        }
        for (int j = 0; j < v->nkids; j++) {
            bool found = false;
            for (int i = 0; i < d->nkids && !found; i++) found = jcontains(d->kids[i], v->kids[j]);
            if (!found) return false;
        }
        return true;
    case J_STR: return v->type == J_STR && v->n == d->n && !memcmp(v->s, d->s, d->n);
    case J_NUM: {
        if (v->type != J_NUM) return false;
        double x = jnum(d) - jnum(v);
        return x < 1e-12 && x > -1e-12;
    }
    default: return v->type == d->type;
    }
}

static bool jequal(const jnode *a, const jnode *b)
{
    if (a->type != b->type) return false;
    switch (a->type) {
    case J_OBJ:
        if (a->nkids != b->nkids) return false;
        for (int i = 0; i < a->nkids; i++) {
            int k = jn_key(b, a->keys[i], a->klens[i]);
            if (k < 0 || !jequal(a->kids[i], b->kids[k])) return false;
        }
        return true;
    case J_ARR:
        if (a->nkids != b->nkids) return false;
        for (int i = 0; i < a->nkids; i++) if (!jequal(a->kids[i], b->kids[i])) return false;
        return true;
    case J_STR: return a->n == b->n && !memcmp(a->s, b->s, a->n);
    case J_NUM: return jnum(a) == jnum(b);
    default: return true;
    }
}

static bool joverlaps(const jnode *a, const jnode *b)
{
    if (a->type != J_ARR && b->type == J_ARR) { const jnode *t = a; a = b; b = t; }
    if (a->type == J_ARR) {
        for (int i = 0; i < a->nkids; i++) {
            if (b->type == J_ARR) { for (int j = 0; j < b->nkids; j++) if (jequal(a->kids[i], b->kids[j])) return true; }
            else if (jequal(a->kids[i], b)) return true;
        }
        return false;
    }
    if (a->type == J_OBJ && b->type == J_OBJ) {
        for (int i = 0; i < a->nkids; i++) {
            int k = jn_key(b, a->keys[i], a->klens[i]);
            if (k >= 0 && jequal(a->kids[i], b->kids[k])) return true;
        }
        return false;
    }
    return jequal(a, b);
}

/* JSON_SEARCH: the concrete path to each matching scalar, in document order. */
typedef struct jsearch {
    ex_ctx *ctx;
    const char *pat; size_t pn; int esc;
    pstep **paths; int *npaths; int np;    /* restricting paths (none: the whole document) */
    pstep *cur; int ncur, capcur;          /* the concrete path so far */
    int *sizes;                            /* array sizes along it */
    jbuf out; int found; bool all;
} jsearch;

/* does pattern p (with wildcards) match a prefix of the concrete path c? */
static bool jprefix(const pstep *p, int np, const pstep *c, const int *sizes, int nc)
{
    if (!np) return true;
    if (p->kind == P_DESC) {
        if (jprefix(p + 1, np - 1, c, sizes, nc)) return true;
        return nc > 0 && jprefix(p, np, c + 1, sizes + 1, nc - 1);
    }
    if (!nc) return false;
    switch (p->kind) {
    case P_KEY: return c->kind == P_KEY && c->kl == p->kl && !memcmp(c->k, p->k, p->kl) && jprefix(p + 1, np - 1, c + 1, sizes + 1, nc - 1);
    case P_ANYKEY: return c->kind == P_KEY && jprefix(p + 1, np - 1, c + 1, sizes + 1, nc - 1);
    case P_ANYIDX: return c->kind == P_IDX && jprefix(p + 1, np - 1, c + 1, sizes + 1, nc - 1);
    case P_IDX: return c->kind == P_IDX && jidx(p->idx, p->end, *sizes) == c->idx && jprefix(p + 1, np - 1, c + 1, sizes + 1, nc - 1);
    case P_RANGE:
        return c->kind == P_IDX && c->idx >= jidx(p->idx, p->end, *sizes) && c->idx <= jidx(p->idx2, p->end2, *sizes) &&
               jprefix(p + 1, np - 1, c + 1, sizes + 1, nc - 1);
    }
    return false;
}

static void jsearch_walk(jsearch *s, const jnode *v)
{
    if (!s->all && s->found) return;
    if (jscalar(v)) {
        bool in = !s->np;
        for (int i = 0; i < s->np && !in; i++) in = jprefix(s->paths[i], s->npaths[i], s->cur, s->sizes, s->ncur);
        if (!in) return;
        jbuf t = { NULL, 0, 0, s->ctx->a };
        if (v->type == J_STR) junescape(&t, v->s, v->n); else jput(&t, v->s, v->n);
        if (!ex_like(t.p ? t.p : "", t.n, s->pat, s->pn, s->esc, COLL_UTF8MB4_GENERAL_CI)) return;
        jputs(&s->out, s->found ? ", \"$" : "\"$");
        for (int i = 0; i < s->ncur; i++) {
            if (s->cur[i].kind == P_KEY) { jputs(&s->out, "."); jput(&s->out, s->cur[i].k, s->cur[i].kl); }
            else { char n[32]; snprintf(n, sizeof n, "[%ld]", s->cur[i].idx); jputs(&s->out, n); }
        }
        jputs(&s->out, "\"");
        s->found++;
        return;
    }
    if (s->ncur + 1 >= s->capcur) {
        int nc = s->capcur * 2 + 8;
        pstep *x = stor_arena_alloc(s->ctx->a, (size_t)nc * sizeof *x);
        int *y = stor_arena_alloc(s->ctx->a, (size_t)nc * sizeof *y);
        if (s->ncur) { memcpy(x, s->cur, (size_t)s->ncur * sizeof *x); memcpy(y, s->sizes, (size_t)s->ncur * sizeof *y); }
        s->cur = x; s->sizes = y; s->capcur = nc;
    }
    for (int i = 0; i < v->nkids; i++) {
        pstep c = { .kind = v->type == J_OBJ ? P_KEY : P_IDX, .idx = i };
        if (v->type == J_OBJ) { c.k = v->keys[i]; c.kl = v->klens[i]; }
        s->cur[s->ncur] = c;
        s->sizes[s->ncur] = v->nkids;
        s->ncur++;
        jsearch_walk(s, v->kids[i]);
        s->ncur--;
    }
}

/* the functions above, called from ex_json_call; true when it handled fn */

bool ex_json_returns_json(const char *upper_name)
{
    const ex_fdef *d = ex_func_find(upper_name);
    if (d) return d->flags & EX_FN_JSON_RESULT;
    return !strcmp(upper_name, "JSON_ARRAYAGG") || !strcmp(upper_name, "JSON_OBJECTAGG");   /* aggregates */
}

static void fn_json_set(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    pstep *st;
    int ns;
    const char *name = e && e->s ? e->s : fname_lower(fd->id);
    if (n % 2 == 0) ex_raise(ctx, 1582, "42000", "Incorrect parameter count in the call to native function '%s'", name);
    if (a[0].t == VT_NULL) return;
    /* MariaDB reads each path just before using it, the first before the document */
    jnode *d = NULL;
    for (int i = 1; i < n; i += 2) {
        if (a[i].t == VT_NULL) return;
        if (!path_one(ctx, fd->id, &a[i], i + 1, &st, &ns)) return;
        if (!d && !(d = doc_arg(ctx, fd->id, &a[0], 1))) return;
        jnode *val = sql_node(ctx, &a[i + 1], e && i + 1 < e->nargs ? e->args[i + 1] : NULL);
        if (fd->id == EX_JSON_ARRAY_APPEND) {
            jnode **slot = jlocate(&d, st, ns);
            if (!slot) return;
            if ((*slot)->type == J_ARR) jn_insert(ctx->a, *slot, (*slot)->nkids, NULL, 0, val);
            else { jnode *arr = jn_wrap(ctx->a, *slot); jn_insert(ctx->a, arr, 1, NULL, 0, val); *slot = arr; }
        } else if (fd->id == EX_JSON_ARRAY_INSERT) {
            if (!ns || st[ns - 1].kind != P_IDX) return;
            jnode **slot = jlocate(&d, st, ns - 1);
            if (!slot || (*slot)->type != J_ARR) continue;
            jnode *arr = *slot;
            /* [last] is the place after the last element, [last-1] before it */
            long k = st[ns - 1].end ? arr->nkids - st[ns - 1].idx : st[ns - 1].idx;
            if (k > arr->nkids) k = arr->nkids;
            if (k < 0) k = 0;
            jn_insert(ctx->a, arr, (int)k, NULL, 0, val);
        } else jset(ctx, &d, st, ns, val, fd->id != EX_JSON_REPLACE, fd->id != EX_JSON_INSERT);
    }
    *out = jprinted(ctx, d, FMT_LOOSE, 4);
}

static void fn_json_remove(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    pstep *st;
    int ns;
    if (a[0].t == VT_NULL) return;
    jnode *d = doc_arg(ctx, fd->id, &a[0], 1);
    if (!d) return;
    for (int i = 1; i < n; i++) {
        if (a[i].t == VT_NULL) return;
        if (!path_one(ctx, fd->id, &a[i], i + 1, &st, &ns)) return;
        if (!ns) {
            ex_warn(ctx, "Warning", 4051, "Path expression '$' is not allowed in argument %d to function 'json_remove'.", i + 1);
            return;
        }
        jnode **slot = jlocate(&d, st, ns - 1);
        if (!slot) continue;
        jnode *p = *slot;
        const pstep *l = &st[ns - 1];
        if (l->kind == P_KEY) {
            if (p->type != J_OBJ) continue;
            int k = jn_key(p, l->k, l->kl);
            if (k >= 0) jn_remove(p, k);
        } else if (p->type == J_ARR) {
            long k = jidx(l->idx, l->end, p->nkids);
            if (k >= 0 && k < p->nkids) jn_remove(p, (int)k);
        }
    }
    *out = jprinted(ctx, d, FMT_LOOSE, 4);
}

static void fn_json_merge(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jnode *d = NULL;
    for (int i = 0; i < n; i++) {
        if (a[i].t == VT_NULL) return;
        jnode *x = doc_arg(ctx, fd->id, &a[i], i + 1);
        if (!x) return;
        if (!d) { d = x; continue; }
        if (fd->id == EX_JSON_MERGE_PATCH) d = jmerge_patch(ctx, d, x);
        else jmerge_preserve(ctx, &d, x);
    }
    *out = jprinted(ctx, d, FMT_LOOSE, 4);
}

static void fn_json_contains(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    pstep *st;
    int ns;
    for (int i = 0; i < n; i++) if (a[i].t == VT_NULL) return;
    jnode *d = doc_arg(ctx, fd->id, &a[0], 1);
    if (!d) return;
    jnode *v = doc_arg(ctx, fd->id, &a[1], 2);
    if (!v) return;
    if (n > 2) {
        if (!path_one(ctx, fd->id, &a[2], 3, &st, &ns)) return;
        jnode **slot = jlocate(&d, st, ns);
        if (!slot) { *out = ex_int(0); return; }
        d = *slot;
    }
    *out = ex_int(jcontains(d, v));
}

static void fn_json_overlaps(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL || a[1].t == VT_NULL) return;
    jnode *x = doc_arg(ctx, fd->id, &a[0], 1);
    if (!x) return;
    jnode *y = doc_arg(ctx, fd->id, &a[1], 2);
    if (!y) return;
    *out = ex_int(joverlaps(x, y));
}

static void fn_json_compact(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL) return;
    jnode *d = doc_arg(ctx, fd->id, &a[0], 1);
    if (!d) return;
    int tab = 4;
    if (n > 1 && a[1].t == VT_NULL) return;
    if (n > 1) { int64_t t = ex_to_int(&a[1]); tab = t < 0 ? 0 : t > 8 ? 8 : (int)t; }
    *out = jprinted(ctx, d, fd->id == EX_JSON_COMPACT ? FMT_COMPACT : fd->id == EX_JSON_LOOSE ? FMT_LOOSE : FMT_DETAILED, tab);
}

static void fn_json_search(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL || a[1].t == VT_NULL || a[2].t == VT_NULL) return;
    size_t ml;
    const char *mode = ex_to_str(ctx->a, &a[1], &ml);
    bool all = ml == 3 && !strncasecmp(mode, "all", 3);
    if (!all && !(ml == 3 && !strncasecmp(mode, "one", 3))) {   /* checked before the document */
        ex_warn(ctx, "Warning", 4046, "Argument 2 to function 'json_search' must be \"one\" or \"all\".");
        return;
    }
    jnode *d = doc_arg(ctx, fd->id, &a[0], 1);
    if (!d) return;
    jsearch s = { .ctx = ctx, .esc = '\\', .all = all };
    s.out = (jbuf){ NULL, 0, 0, ctx->a };
    s.pat = ex_to_str(ctx->a, &a[2], &s.pn);
    if (n > 3 && a[3].t != VT_NULL) {
        size_t el;
        const char *es = ex_to_str(ctx->a, &a[3], &el);
        if (el > 1) ex_raise(ctx, 1210, "HY000", "Incorrect arguments to ESCAPE");
        if (el == 1) s.esc = (unsigned char)es[0];
    }
    if (n > 4) {
        s.paths = stor_arena_alloc(ctx->a, (size_t)(n - 4) * sizeof *s.paths);
        s.npaths = stor_arena_alloc(ctx->a, (size_t)(n - 4) * sizeof *s.npaths);
        for (int i = 4; i < n; i++) {
            bool wild;
            if (a[i].t == VT_NULL) return;
            if (!path_arg(ctx, fd->id, &a[i], i + 1, &s.paths[s.np], &s.npaths[s.np], &wild)) return;
            s.np++;
        }
    }
    jsearch_walk(&s, d);
    if (!s.found) return;
    if (s.found > 1) {
        jbuf r = { NULL, 0, 0, ctx->a };
        jputs(&r, "["); jput(&r, s.out.p, s.out.n); jputs(&r, "]");
        *out = jresult(ctx, &r);
    } else *out = jresult(ctx, &s.out);
}

static void fn_json_valid(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL) return;
    *out = ex_int(doc_arg_level(ctx, fd->id, &a[0], 1, "Note") != NULL);   /* MariaDB notes why */
}

static void fn_json_quote(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jbuf b = { NULL, 0, 0, ctx->a };
    if (a[0].t == VT_DATETIME || a[0].t == VT_DATE || a[0].t == VT_TIME) {   /* (its text, as val_str gives it) */
        size_t l;
        const char *txt = ex_to_str(ctx->a, &a[0], &l);
        jquote(&b, txt, l);
        *out = jresult(ctx, &b);
        return;
    }
    if (a[0].t != VT_STRING || a[0].scale == EX_BITVAL) return;   /* (a number or a BIT: NULL) */
    jquote(&b, a[0].p, a[0].len);
    *out = jresult(ctx, &b);
}

static void fn_json_unquote(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jbuf b = { NULL, 0, 0, ctx->a };
    if (a[0].t == VT_NULL) return;
    size_t l;
    const char *s = ex_to_str(ctx->a, &a[0], &l);
    jp j = { s, s + l, ctx->a, 0, NULL };
    if (l >= 2 && s[0] == '"' && jstring(&j) && j.p == s + l) {
        junescape(&b, s, l);
        *out = jresult(ctx, &b);
    } else *out = ex_str(s, l, COLL_UTF8MB4_GENERAL_CI);
    out->coll = COLL_UTF8MB4_BIN;   /* MariaDB's: 'a' is not 'A' (ty_json_default) */
}

static void fn_json_object(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jbuf b = { NULL, 0, 0, ctx->a };
    bool obj = fd->id == EX_JSON_OBJECT;
    if (obj && n % 2)
        ex_raise(ctx, 1582, "42000", "Incorrect parameter count in the call to native function 'JSON_OBJECT'");
    jputs(&b, obj ? "{" : "[");
    for (int i = 0; i < n; i++) {
        if (i) jputs(&b, obj && i % 2 ? ": " : ", ");
        const pl_expr *ae = e && i < e->nargs ? e->args[i] : NULL;
        if (obj && i % 2 == 0) {
            if (a[i].t == VT_NULL) ex_raise(ctx, 4039, "22032", "JSON documents may not contain NULL member names");
            size_t l;
            const char *s = ex_to_str(ctx->a, &a[i], &l);
            jquote(&b, s, l);
        } else put_sql_value(ctx, &b, &a[i], ae);
    }
    jputs(&b, obj ? "}" : "]");
    *out = jresult(ctx, &b);
}

/* The functions on a document and a path (their rows say EX_FN_NULL_IN). False when the
 * document or the path is bad (a NULL result); *target is what the path names first (the
 * document without a path), NULL when it names nothing. */
static bool doc_target(ex_ctx *ctx, int fn, pdb_value *a, int n, jnode **target)
{
    *target = doc_arg(ctx, fn, &a[0], 1);
    if (!*target) return false;
    if (n < 2) return true;
    pstep *st; int ns; bool wild;
    if (!path_arg(ctx, fn, &a[1], 2, &st, &ns, &wild)) return false;
    if (wild && (fn == EX_JSON_LENGTH || fn == EX_JSON_KEYS)) {
        ex_warn(ctx, "Warning", 4044, "Wildcards or range in JSON path not allowed in argument 2 to function '%s'", fname_lower(fn));
        return false;
    }
    jmatch m = { NULL, 0, 0, ctx->a };
    jwalk(*target, st, ns, &m);
    *target = m.n ? m.v[0] : NULL;
    return true;
}

static void fn_json_extract(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jnode *d = doc_arg(ctx, fd->id, &a[0], 1);
    if (!d) return;
    pstep *st;
    int ns;
    bool wild;
    jmatch m = { NULL, 0, 0, ctx->a };
    bool many = n > 2;
    for (int i = 1; i < n; i++) {
        if (!path_arg(ctx, fd->id, &a[i], i + 1, &st, &ns, &wild)) return;
        if (wild) many = true;
        jmatch one = { NULL, 0, 0, ctx->a };   /* a value twice only when two paths name it */
        jwalk(d, st, ns, &one);
        for (int k = 0; k < one.n; k++) jpush(&m, one.v[k]);
    }
    if (!m.n) return;
    /* MariaDB gives them in document order */
    for (int i = 1; i < m.n; i++) {
        jnode *x = m.v[i];
        int k = i;
        while (k > 0 && m.v[k - 1]->s > x->s) { m.v[k] = m.v[k - 1]; k--; }
        m.v[k] = x;
    }
    if (!many) {   /* containers as MariaDB prints them */
        *out = jprinted(ctx, m.v[0], FMT_LOOSE, 4);
        out->scale = EX_JSONVAL;
        return;
    }
    jbuf b = { NULL, 0, 0, ctx->a };
    jputs(&b, "[");
    for (int i = 0; i < m.n; i++) { if (i) jputs(&b, ", "); jprint(&b, m.v[i], FMT_LOOSE, 0, 4); }
    jputs(&b, "]");
    *out = jresult(ctx, &b);
    out->scale = EX_JSONVAL;
}

static void fn_json_contains_path(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jnode *d = doc_arg(ctx, fd->id, &a[0], 1);
    if (!d) return;
    size_t l;
    const char *mode = ex_to_str(ctx->a, &a[1], &l);
    bool all = l == 3 && !strncasecmp(mode, "all", 3);
    if (!all && !(l == 3 && !strncasecmp(mode, "one", 3))) {
        ex_warn(ctx, "Warning", 4046, "Invalid JSON mode in argument 2 to function 'json_contains_path'");
        return;
    }
    pstep *st;
    int ns;
    bool wild;
    bool any = false, every = true;
    for (int i = 2; i < n; i++) {
        if (!path_arg(ctx, fd->id, &a[i], i + 1, &st, &ns, &wild)) return;
        jmatch m = { NULL, 0, 0, ctx->a };
        jwalk(d, st, ns, &m);
        if (m.n) any = true; else every = false;
    }
    *out = ex_int(all ? every : any);
}

static void fn_json_exists(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jnode *t;
    if (doc_target(ctx, fd->id, a, n, &t)) *out = ex_int(t != NULL);
}

static void fn_json_type(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jnode *target;
    if (!doc_target(ctx, fd->id, a, n, &target) || !target) return;
    const char *t = "NULL";
    switch (target->type) {
    case J_OBJ: t = "OBJECT";
    break;
    case J_ARR: t = "ARRAY";
    break;
    case J_STR: t = "STRING";
    break;
    case J_TRUE: case J_FALSE: t = "BOOLEAN";
    break;
    case J_NUM: t = memchr(target->s, '.', target->n) ? "DOUBLE" : "INTEGER";
    break;   /* 1e2 is an INTEGER to MariaDB */
    }
    *out = ex_str(t, strlen(t), COLL_UTF8MB4_GENERAL_CI);
}

static void fn_json_length(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jnode *target;
    if (!doc_target(ctx, fd->id, a, n, &target) || !target) return;
    *out = ex_int(target->type == J_OBJ || target->type == J_ARR ? target->nkids : 1);
}

static void fn_json_depth(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jnode *target;
    if (!doc_target(ctx, fd->id, a, n, &target) || !target) return;
    /* iterative: depth of the deepest value (an empty container counts 1) */
    int best = 1;
    struct { jnode *v; int d; } stack[40];
    int sp = 0;
    stack[sp].v = target;
    stack[sp].d = 1;
    sp++;
    while (sp) {
        sp--;
        jnode *v = stack[sp].v;
        int dd = stack[sp].d;
        if (dd > best) best = dd;
        if ((v->type == J_OBJ || v->type == J_ARR))
            for (int i = 0; i < v->nkids && sp < 39; i++) { stack[sp].v = v->kids[i]; stack[sp].d = dd + 1; sp++; }
    }
    *out = ex_int(best);
}

static void fn_json_keys(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jnode *target;
    if (!doc_target(ctx, fd->id, a, n, &target) || !target || target->type != J_OBJ) return;
    jbuf b = { NULL, 0, 0, ctx->a };
    jputs(&b, "[");
    for (int i = 0, first = 1; i < target->nkids; i++) {
        if (jn_key(target, target->keys[i], target->klens[i]) != i) continue;   /* a repeated key once */
        if (!first) jputs(&b, ", ");
        first = 0;
        jputs(&b, "\"");
        jput(&b, target->keys[i], target->klens[i]);
        jputs(&b, "\"");
    }
    jputs(&b, "]");
    *out = jresult(ctx, &b);
}

static void fn_json_value(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jnode *target;
    if (!doc_target(ctx, fd->id, a, n, &target) || !target) return;
    if (target->type == J_OBJ || target->type == J_ARR || target->type == J_NULL) return;
    if (target->type == J_TRUE || target->type == J_FALSE) {   /* MariaDB: 1 and 0 */
        *out = ex_str(target->type == J_TRUE ? "1" : "0", 1, COLL_UTF8MB4_GENERAL_CI);
        return;
    }
    if (target->type != J_STR) { *out = ex_str(target->s, target->n, COLL_UTF8MB4_GENERAL_CI); return; }
    jbuf b = { NULL, 0, 0, ctx->a };
    junescape(&b, target->s, target->n);
    *out = jresult(ctx, &b);
}

static void fn_json_query(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    jnode *target;
    if (!doc_target(ctx, fd->id, a, n, &target) || !target) return;
    if (target->type != J_OBJ && target->type != J_ARR) return;
    *out = ex_str(target->s, target->n, COLL_UTF8MB4_GENERAL_CI);
}


/* ---------------------------------------------------------------- type rules and rows (func_registry.c) */

static void ty_json_valid(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 1);
}

static void ty_json_detailed(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 16777216, COLL_UTF8MB4_GENERAL_CI);
    t->ptype = MYSQL_TYPE_LONG_BLOB;
    t->flags |= BLOB_FLAG;
    t->length = 67108864;   /* as MariaDB: LONGTEXT */
}

static void ty_json_set(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    /* MariaDB sizes these from their arguments; past 64K octets the result is a BLOB type */
    uint64_t len = n ? ex_fn_chars_of(&a[0]) : 0;
    if (fd->id == EX_JSON_SET || fd->id == EX_JSON_INSERT || fd->id == EX_JSON_REPLACE || fd->id == EX_JSON_ARRAY_APPEND ||
        fd->id == EX_JSON_ARRAY_INSERT)
        for (int i = 1; i < n; i += 2) len += ex_fn_chars_of(&a[i / 2 + 1]) + 4;   /* MariaDB's own sum, as it is */
    else if (fd->id == EX_JSON_MERGE || fd->id == EX_JSON_MERGE_PRESERVE || fd->id == EX_JSON_MERGE_PATCH || fd->id == EX_JSON_ARRAY ||
             fd->id == EX_JSON_OBJECT)
        for (int i = 0; i < n; i++) len += (i ? ex_fn_chars_of(&a[i]) : 0) + 4;
    uint64_t oct = len * 4;
    ex_fn_t_str(t, len < 16 ? 16 : (uint32_t)(len > 16777216 ? 16777216 : len), COLL_UTF8MB4_GENERAL_CI);
    if (oct >= 65535) {
        t->flags |= BLOB_FLAG;
        t->ptype = oct >= 16777216 ? MYSQL_TYPE_LONG_BLOB : oct >= 65536 ? MYSQL_TYPE_MEDIUM_BLOB : MYSQL_TYPE_BLOB;
        t->length = oct > 4294967295u ? 4294967295u : (uint32_t)oct;
    }
}

static void ty_json_length(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 10);
}

/* JSON_VALUE, JSON_QUERY, JSON_KEYS, JSON_UNQUOTE and JSON_EXTRACT, sized as MariaDB
 * sizes them from the document: its octets in its own character set (VALUE, QUERY, KEYS:
 * max_length copied), its characters in utf8mb4_bin (UNQUOTE), or in its own character set
 * twice its characters per path, plus 2 and 2 more per path after the first for the
 * array around several (EXTRACT, fix_char_length: at most 16 MiB); from 65,535 octets the
 * result is a BLOB type, whose length MariaDB reports as four times its octets. A JSON
 * true or false is JSON_VALUE's 1 or 0, as MariaDB gives it. */
static void ty_json_default(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    bool str = n && a[0].vt == VT_STRING && a[0].coll != COLL_BINARY;
    uint16_t coll = fd->id == EX_JSON_UNQUOTE ? COLL_UTF8MB4_BIN : str ? a[0].coll : COLL_UTF8MB4_GENERAL_CI;
    const pdb_collation *co = pdb_coll_by_id(coll);
    uint32_t ml = co && co->maxlen ? co->maxlen : 1;
    uint64_t oct = n ? a[0].length : 0;
    if (fd->id == EX_JSON_UNQUOTE) oct = (uint64_t)ex_fn_chars_of(&a[0]) * 4;
    if (fd->id == EX_JSON_EXTRACT) {
        uint64_t paths = (uint64_t)(n > 1 ? n - 1 : 1);
        uint64_t chars = (uint64_t)ex_fn_chars_of(&a[0]) * paths * 2 + (paths > 1 ? 2 + (paths - 1) * 2 : 0);
        oct = chars * ml;
        if (oct > 16777216) oct = 16777216;
    }
    if (fd->id == EX_JSON_TYPE) { ex_fn_t_str(t, 12, coll); return; }   /* ('OBJECT', 'DOUBLE' ...) */
    ex_fn_t_str(t, (uint32_t)((oct > 4294967295u ? 4294967295u : oct) / ml), coll);
    if (oct >= 65535) {   /* (without BLOB_FLAG, as MariaDB sends it) */
        t->ptype = oct >= 16777216 ? MYSQL_TYPE_LONG_BLOB : oct >= 65536 ? MYSQL_TYPE_MEDIUM_BLOB : MYSQL_TYPE_BLOB;
        t->length = oct * 4 > 4294967295u ? 4294967295u : (uint32_t)(oct * 4);
    }
}


static const ex_fdef rows[] = {
    { "JSON_ARRAY", 0, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_ARRAY, ty_json_set, fn_json_object },
    { "JSON_ARRAY_APPEND", 3, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_ARRAY_APPEND, ty_json_set, fn_json_set },
    { "JSON_ARRAY_INSERT", 3, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_ARRAY_INSERT, ty_json_set, fn_json_set },
    { "JSON_COMPACT", 1, 1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_COMPACT, ty_json_set, fn_json_compact },
    { "JSON_CONTAINS", 2, 3, EX_FN_JSON, EX_JSON_CONTAINS, ty_json_valid, fn_json_contains },
    { "JSON_CONTAINS_PATH", 3, -1, EX_FN_NULL_IN | EX_FN_JSON, EX_JSON_CONTAINS_PATH, ty_json_valid, fn_json_contains_path },
    { "JSON_DEPTH", 1, 1, EX_FN_NULL_IN | EX_FN_JSON, EX_JSON_DEPTH, ty_json_length, fn_json_depth },
    { "JSON_DETAILED", 1, 2, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_DETAILED, ty_json_detailed, fn_json_compact },
    { "JSON_EXISTS", 2, 2, EX_FN_NULL_IN | EX_FN_JSON, EX_JSON_EXISTS, ty_json_valid, fn_json_exists },
    { "JSON_EXTRACT", 2, -1, EX_FN_NULL_IN | EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_EXTRACT, ty_json_default, fn_json_extract },
    { "JSON_INSERT", 3, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_INSERT, ty_json_set, fn_json_set },
    { "JSON_KEYS", 1, 2, EX_FN_NULL_IN | EX_FN_JSON, EX_JSON_KEYS, ty_json_default, fn_json_keys },
    { "JSON_LENGTH", 1, 2, EX_FN_NULL_IN | EX_FN_JSON, EX_JSON_LENGTH, ty_json_length, fn_json_length },
    { "JSON_LOOSE", 1, 1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_LOOSE, ty_json_set, fn_json_compact },
    { "JSON_MERGE", 2, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_MERGE, ty_json_set, fn_json_merge },
    { "JSON_MERGE_PATCH", 2, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_MERGE_PATCH, ty_json_set, fn_json_merge },
    { "JSON_MERGE_PRESERVE", 2, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_MERGE_PRESERVE, ty_json_set, fn_json_merge },
    { "JSON_OBJECT", 0, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_OBJECT, ty_json_set, fn_json_object },
    { "JSON_OVERLAPS", 2, 2, EX_FN_JSON, EX_JSON_OVERLAPS, ty_json_valid, fn_json_overlaps },
    { "JSON_PRETTY", 1, 2, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_DETAILED, ty_json_detailed, fn_json_compact },
    { "JSON_QUERY", 2, 2, EX_FN_NULL_IN | EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_QUERY, ty_json_default, fn_json_query },
    { "JSON_QUOTE", 1, 1, EX_FN_JSON, EX_JSON_QUOTE, ty_json_default, fn_json_quote },
    { "JSON_REMOVE", 2, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_REMOVE, ty_json_set, fn_json_remove },
    { "JSON_REPLACE", 3, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_REPLACE, ty_json_set, fn_json_set },
    { "JSON_SEARCH", 3, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_SEARCH, ty_json_set, fn_json_search },
    { "JSON_SET", 3, -1, EX_FN_JSON | EX_FN_JSON_RESULT, EX_JSON_SET, ty_json_set, fn_json_set },
    { "JSON_TYPE", 1, 1, EX_FN_NULL_IN | EX_FN_JSON, EX_JSON_TYPE, ty_json_default, fn_json_type },
    { "JSON_UNQUOTE", 1, 1, EX_FN_JSON, EX_JSON_UNQUOTE, ty_json_default, fn_json_unquote },
    { "JSON_VALID", 1, 1, EX_FN_JSON, EX_JSON_VALID, ty_json_valid, fn_json_valid },
    { "JSON_VALUE", 2, 2, EX_FN_NULL_IN | EX_FN_JSON, EX_JSON_VALUE, ty_json_default, fn_json_value },
};
const ex_ftable ex_fam_json = { rows, (int)(sizeof rows / sizeof rows[0]) };
