/* JSON functions as MariaDB 10.11 has them: documents are text (LONGTEXT with a
 * JSON_VALID check), parsed on each call into spans of that text; results that are
 * parts of a document are the document's own bytes, as MariaDB returns them. */
#include "engine/eng.h"

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

typedef struct jp { const char *p, *e; stor_arena *a; int depth; } jp;

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
    jp j = { s, s + n, a, 0 };
    jnode *v = jvalue(&j);
    if (!v) return NULL;
    ws(&j);
    return j.p == j.e ? v : NULL;
}

/* ---------------------------------------------------------------- paths */

enum { P_KEY, P_ANYKEY, P_IDX, P_ANYIDX, P_DESC };
typedef struct pstep { int kind; const char *k; size_t kl; long idx; } pstep;

/* $, .key, ."key", .*, [n], [*], ** ; false for a malformed path */
static bool jpath(stor_arena *a, const char *s, size_t n, pstep **steps, int *nsteps, bool *wild)
{
    size_t i = 0;
    *wild = false;
    while (i < n && s[i] == ' ') i++;
    if (i >= n || s[i] != '$') return false;
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
            if (i < n && s[i] == '*') { st[ns++] = (pstep){ P_ANYKEY, NULL, 0, 0 }; *wild = true; i++; continue; }
            if (i < n && s[i] == '"') {
                size_t b = ++i;
                while (i < n && s[i] != '"') i++;
                if (i >= n) return false;
                st[ns++] = (pstep){ P_KEY, s + b, i - b, 0 };
                i++;
                continue;
            }
            size_t b = i;
            while (i < n && s[i] != '.' && s[i] != '[' && s[i] != ' ' && s[i] != '*') i++;
            if (i == b) return false;
            st[ns++] = (pstep){ P_KEY, s + b, i - b, 0 };
        } else if (s[i] == '[') {
            i++;
            while (i < n && s[i] == ' ') i++;
            if (i < n && s[i] == '*') { st[ns++] = (pstep){ P_ANYIDX, NULL, 0, 0 }; *wild = true; i++; }
            else {
                long v = 0;
                size_t b = i;
                while (i < n && s[i] >= '0' && s[i] <= '9') v = v * 10 + (s[i++] - '0');
                if (i == b) return false;
                st[ns++] = (pstep){ P_IDX, NULL, 0, v };
            }
            while (i < n && s[i] == ' ') i++;
            if (i >= n || s[i] != ']') return false;
            i++;
        } else if (s[i] == '*' && i + 1 < n && s[i + 1] == '*') {
            st[ns++] = (pstep){ P_DESC, NULL, 0, 0 };
            *wild = true;
            i += 2;
            if (i >= n) return false;   /* ** must be followed by a step */
        } else return false;
    }
    *steps = st; *nsteps = ns;
    return true;
}

typedef struct jmatch { jnode **v; int n, cap; stor_arena *a; } jmatch;

static void jadd(jmatch *m, jnode *v)
{
    for (int i = 0; i < m->n; i++) if (m->v[i] == v) return;
    if (m->n == m->cap) {
        int nc = m->cap ? m->cap * 2 : 8;
        jnode **x = stor_arena_alloc(m->a, (size_t)nc * sizeof *x);
        if (m->n) memcpy(x, m->v, (size_t)m->n * sizeof *x);
        m->v = x; m->cap = nc;
    }
    m->v[m->n++] = v;
}

static void jwalk(jnode *v, pstep *st, int ns, jmatch *m)
{
    if (!ns) { jadd(m, v); return; }
    switch (st->kind) {
    case P_KEY:
        if (v->type != J_OBJ) return;
        for (int i = 0; i < v->nkids; i++)
            if (v->klens[i] == st->kl && !memcmp(v->keys[i], st->k, st->kl)) { jwalk(v->kids[i], st + 1, ns - 1, m); break; }
        return;
    case P_ANYKEY:
        if (v->type != J_OBJ) return;
        for (int i = 0; i < v->nkids; i++) jwalk(v->kids[i], st + 1, ns - 1, m);
        return;
    case P_IDX:
        if (v->type == J_ARR) { if (st->idx < v->nkids) jwalk(v->kids[st->idx], st + 1, ns - 1, m); }
        else if (st->idx == 0) jwalk(v, st + 1, ns - 1, m);   /* a scalar is an array of one */
        return;
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
        jp j = { s, s + n, ctx->a, 0 };
        jvalue(&j);
        size_t pos = (size_t)(j.p - s);
        ws(&j);
        if (pos >= n) ex_warn(ctx, level, 4037, "Unexpected end of JSON text in argument %d to function '%s'", argno, fname_lower(fn));
        else ex_warn(ctx, level, 4038, "Syntax error in JSON text in argument %d to function '%s' at position %zu", argno, fname_lower(fn), pos + 1);
    }
    return d;
}

static bool path_arg(ex_ctx *ctx, int fn, const pdb_value *v, int argno, pstep **st, int *ns, bool *wild)
{
    size_t n;
    const char *s = ex_to_str(ctx->a, v, &n);
    if (jpath(ctx->a, s, n, st, ns, wild)) return true;
    size_t pos = 0;
    while (pos < n && s[pos] == ' ') pos++;
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
    switch (v->t) {
    case VT_INT: case VT_UINT: case VT_DECIMAL: case VT_DOUBLE: jput(b, s, n); return;
    default: jquote(b, s, n); return;
    }
}

bool ex_json_returns_json(const char *upper_name)
{
    static const char *const j[] = { "JSON_EXTRACT", "JSON_OBJECT", "JSON_ARRAY", "JSON_QUERY", "JSON_KEYS",
                                     "JSON_QUOTE", NULL };
    for (int i = 0; j[i]; i++) if (!strcmp(upper_name, j[i])) return true;
    return false;
}

void ex_json_call(ex_ctx *ctx, int fn, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_null();
    jbuf b = { NULL, 0, 0, ctx->a };
    switch (fn) {
    case EX_JSON_VALID: {
        if (a[0].t == VT_NULL) return;
        *out = ex_int(doc_arg_level(ctx, fn, &a[0], 1, "Note") != NULL);   /* MariaDB notes why */
        return;
    }
    case EX_JSON_QUOTE: {
        if (a[0].t != VT_STRING) return;
        jquote(&b, a[0].p, a[0].len);
        *out = jresult(ctx, &b);
        return;
    }
    case EX_JSON_UNQUOTE: {
        if (a[0].t == VT_NULL) return;
        size_t l;
        const char *s = ex_to_str(ctx->a, &a[0], &l);
        jp j = { s, s + l, ctx->a, 0 };
        if (l >= 2 && s[0] == '"' && jstring(&j) && j.p == s + l) {
            junescape(&b, s, l);
            *out = jresult(ctx, &b);
        } else *out = ex_str(s, l, COLL_UTF8MB4_GENERAL_CI);
        return;
    }
    case EX_JSON_OBJECT: case EX_JSON_ARRAY: {
        bool obj = fn == EX_JSON_OBJECT;
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
        return;
    }
    default: break;
    }
    /* the functions on a document (and paths) */
    for (int i = 0; i < n; i++) if (a[i].t == VT_NULL) return;
    jnode *d = doc_arg(ctx, fn, &a[0], 1);
    if (!d) return;
    jnode *target = d;
    pstep *st; int ns; bool wild;
    if (fn == EX_JSON_EXTRACT) {
        jmatch m = { NULL, 0, 0, ctx->a };
        bool many = n > 2;
        for (int i = 1; i < n; i++) {
            if (!path_arg(ctx, fn, &a[i], i + 1, &st, &ns, &wild)) return;
            if (wild) many = true;
            jwalk(d, st, ns, &m);
        }
        if (!m.n) return;
        if (!many) { *out = ex_str(m.v[0]->s, m.v[0]->n, COLL_UTF8MB4_GENERAL_CI); return; }
        jputs(&b, "[");
        for (int i = 0; i < m.n; i++) { if (i) jputs(&b, ", "); jput(&b, m.v[i]->s, m.v[i]->n); }
        jputs(&b, "]");
        *out = jresult(ctx, &b);
        return;
    }
    if (fn == EX_JSON_CONTAINS_PATH) {
        size_t l;
        const char *mode = ex_to_str(ctx->a, &a[1], &l);
        bool all = l == 3 && !strncasecmp(mode, "all", 3);
        if (!all && !(l == 3 && !strncasecmp(mode, "one", 3))) {
            ex_warn(ctx, "Warning", 4046, "Invalid JSON mode in argument 2 to function 'json_contains_path'");
            return;
        }
        bool any = false, every = true;
        for (int i = 2; i < n; i++) {
            if (!path_arg(ctx, fn, &a[i], i + 1, &st, &ns, &wild)) return;
            jmatch m = { NULL, 0, 0, ctx->a };
            jwalk(d, st, ns, &m);
            if (m.n) any = true; else every = false;
        }
        *out = ex_int(all ? every : any);
        return;
    }
    if (n > 1) {
        if (!path_arg(ctx, fn, &a[1], 2, &st, &ns, &wild)) return;
        jmatch m = { NULL, 0, 0, ctx->a };
        jwalk(d, st, ns, &m);
        if (fn == EX_JSON_EXISTS) { *out = ex_int(m.n > 0); return; }
        if (!m.n) return;
        target = m.v[0];
    }
    switch (fn) {
    case EX_JSON_TYPE: {
        const char *t = "NULL";
        switch (target->type) {
        case J_OBJ: t = "OBJECT"; break;
        case J_ARR: t = "ARRAY"; break;
        case J_STR: t = "STRING"; break;
        case J_TRUE: case J_FALSE: t = "BOOLEAN"; break;
        case J_NUM: t = memchr(target->s, '.', target->n) || memchr(target->s, 'e', target->n) || memchr(target->s, 'E', target->n) ? "DOUBLE" : "INTEGER"; break;
        }
        *out = ex_str(t, strlen(t), COLL_UTF8MB4_GENERAL_CI);
        return;
    }
    case EX_JSON_LENGTH: *out = ex_int(target->type == J_OBJ || target->type == J_ARR ? target->nkids : 1); return;
    case EX_JSON_DEPTH: {
        /* iterative: depth of the deepest value (an empty container counts 1) */
        int best = 1;
        struct { jnode *v; int d; } stack[40];
        int sp = 0;
        stack[sp].v = target; stack[sp].d = 1; sp++;
        while (sp) {
            sp--;
            jnode *v = stack[sp].v;
            int dd = stack[sp].d;
            if (dd > best) best = dd;
            if ((v->type == J_OBJ || v->type == J_ARR))
                for (int i = 0; i < v->nkids && sp < 39; i++) { stack[sp].v = v->kids[i]; stack[sp].d = dd + 1; sp++; }
        }
        *out = ex_int(best);
        return;
    }
    case EX_JSON_KEYS:
        if (target->type != J_OBJ) return;
        jputs(&b, "[");
        for (int i = 0; i < target->nkids; i++) {
            if (i) jputs(&b, ", ");
            jputs(&b, "\"");
            jput(&b, target->keys[i], target->klens[i]);
            jputs(&b, "\"");
        }
        jputs(&b, "]");
        *out = jresult(ctx, &b);
        return;
    case EX_JSON_VALUE:
        if (target->type == J_OBJ || target->type == J_ARR || target->type == J_NULL) return;
        if (target->type == J_STR) { junescape(&b, target->s, target->n); *out = jresult(ctx, &b); }
        else *out = ex_str(target->s, target->n, COLL_UTF8MB4_GENERAL_CI);
        return;
    case EX_JSON_QUERY:
        if (target->type != J_OBJ && target->type != J_ARR) return;
        *out = ex_str(target->s, target->n, COLL_UTF8MB4_GENERAL_CI);
        return;
    }
}
