/* fulltext_bool.c - MATCH ... AGAINST (... IN BOOLEAN MODE) and WITH QUERY EXPANSION as
 * InnoDB answers them (fts0blex.l, fts0pars.y, fts0ast.cc fts_ast_visit, fts0que.cc).
 *
 * The query is lexed and parsed into InnoDB's tree, whose shape decides the answer (a
 * parenthesised group wraps everything before it in a list of its own), then visited as
 * fts_ast_visit does: plain terms and ~ < > first, + next, - last, each level deferring
 * its + and - to its parent's second and third passes. The visit keeps a set of rows
 * with a starting rank (the +-1 of > < ~, clamped to [-1, 1]) and the words found in
 * each; a row's rank is then that start plus tf * idf^2 per word, in the order the words
 * were first found, in single precision. Every read of a word counts its rows again for
 * its idf. Rows come from the key's postings (fulltext.c); phrases and proximity read the
 * candidate rows' text again. */
#include "engine/fulltext_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { FB_NONE, FB_EXIST, FB_IGNORE, FB_NEGATE, FB_INCR, FB_DECR, FB_EXIST_SKIP, FB_IGNORE_SKIP };
enum { FN_LIST, FN_OPER, FN_TERM, FN_TEXT, FN_SUBEXP };

#define FB_MAX_DEPTH 32      /* deeper parentheses: InnoDB runs out of its parser's stack */
#define FB_MAX_PHRASE 128    /* words of a phrase or proximity search */

typedef struct fb_node {
    uint8_t kind, op, saved;    /* op: FN_OPER's operator; saved: a list's operator when visited */
    bool visited, wild;
    const char *s;              /* FN_TERM: the word; FN_TEXT: the phrase */
    uint32_t n;
    uint32_t dist;              /* FN_TEXT: "..." @dist, 0 none */
    struct fb_node **kid;       /* FN_LIST, FN_SUBEXP (one: its list) */
    int nkid, ckid;
} fb_node;

/* ---------------------------------------------------------------- lexer */

enum { TK_END, TK_TERM, TK_NUMB, TK_TEXT, TK_CHAR };

typedef struct fb_parse {
    ex_ctx *ctx;
    uint16_t coll;
    const char *q;
    size_t n, i;
    int tok;
    char ch;                    /* TK_CHAR */
    const char *ts;             /* TK_TERM, TK_NUMB, TK_TEXT (inside the quotes) */
    size_t tn;
    int depth;
    bool natural;               /* natural language mode's lexer (fts0tlex.l) */
} fb_parse;

static bool term_char(unsigned char c)
{
    return c != '"' && c != ' ' && c != '\n' && !strchr("*()+-<>~@%", c);
}

/* The next token of a natural language query (fts0tlex.l): blanks, '*', a quoted text, or
 * a term of anything else but a quote, a space, a newline or '%' (operators included:
 * they are split off as the documents' words are); a term stuck to a '*' keeps it. */
static void lex_natural(fb_parse *p)
{
    for (;;) {
        if (p->i >= p->n) { p->tok = TK_END; return; }
        const char *s = p->q + p->i;
        size_t rest = p->n - p->i, ws = 0, tm = 0;
        while (ws < rest && (s[ws] == ' ' || s[ws] == '\t')) ws++;
        while (tm < rest && s[tm] != '"' && s[tm] != ' ' && s[tm] != '\n' && s[tm] != '%') tm++;
        if (s[0] == '\n') { p->i++; continue; }
        if (ws && ws >= tm) { p->i += ws; continue; }
        if (s[0] == '*' && tm <= 1) { p->tok = TK_CHAR; p->ch = '*'; p->i++; return; }
        if (tm) { p->tok = TK_TERM; p->ts = s; p->tn = tm; p->i += tm; return; }
        if (s[0] == '"') {
            size_t e = 1;
            while (e < rest && s[e] != '"' && s[e] != '\n') e++;
            if (e < rest && s[e] == '"') { p->tok = TK_TEXT; p->ts = s + 1; p->tn = e - 1; p->i += e + 1; return; }
        }
        p->i++;   /* dropped */
    }
}

/* The next token, the longest match winning and the earlier rule on a tie (fts0blex.l):
 * blanks, an operator character, digits, a term, a quoted text; anything else (%, a quote
 * without its mate) is dropped. */
static void lex(fb_parse *p)
{
    if (p->natural) { lex_natural(p); return; }
    for (;;) {
        if (p->i >= p->n) { p->tok = TK_END; return; }
        const char *s = p->q + p->i;
        size_t rest = p->n - p->i, ws = 0, dg = 0, tm = 0;
        unsigned char c = (unsigned char)s[0];
        while (ws < rest && (s[ws] == ' ' || s[ws] == '\t')) ws++;
        while (dg < rest && s[dg] >= '0' && s[dg] <= '9') dg++;
        while (tm < rest && term_char((unsigned char)s[tm])) tm++;
        if (c == '\n') { p->i++; continue; }
        if (ws && ws >= tm) { p->i += ws; continue; }
        if (strchr("*()+-<>~@", c) && c) { p->tok = TK_CHAR; p->ch = (char)c; p->i++; return; }
        if (dg && dg >= tm) { p->tok = TK_NUMB; p->ts = s; p->tn = dg; p->i += dg; return; }
        if (tm) { p->tok = TK_TERM; p->ts = s; p->tn = tm; p->i += tm; return; }
        if (c == '"') {
            size_t e = 1;
            while (e < rest && s[e] != '"' && s[e] != '\n') e++;
            if (e < rest && s[e] == '"') { p->tok = TK_TEXT; p->ts = s + 1; p->tn = e - 1; p->i += e + 1; return; }
        }
        p->i++;   /* dropped */
    }
}

static void __attribute__((noreturn)) syntax(fb_parse *p, const char *expecting)
{
    char tok[16];
    switch (p->tok) {
    case TK_END: strcpy(tok, "$end"); break;
    case TK_TERM: strcpy(tok, "FTS_TERM"); break;
    case TK_NUMB: strcpy(tok, "FTS_NUMB"); break;
    case TK_TEXT: strcpy(tok, "FTS_TEXT"); break;
    default: snprintf(tok, sizeof tok, "'%c'", p->ch); break;
    }
    ex_raise(p->ctx, 1064, "42000", "syntax error, unexpected %s%s%s", tok, expecting ? ", expecting " : "",
             expecting ? expecting : "");
}

/* ---------------------------------------------------------------- the tree */

static fb_node *node(fb_parse *p, int kind)
{
    fb_node *n = stor_arena_alloc(p->ctx->a, sizeof *n);
    memset(n, 0, sizeof *n);
    n->kind = (uint8_t)kind;
    return n;
}

static void add(fb_parse *p, fb_node *list, fb_node *kid)
{
    if (!kid) return;
    if (list->nkid == list->ckid) {
        int c = list->ckid ? list->ckid * 2 : 4;
        fb_node **k = stor_arena_alloc(p->ctx->a, (size_t)c * sizeof *k);
        if (list->nkid) memcpy(k, list->kid, (size_t)list->nkid * sizeof *k);
        list->kid = k;
        list->ckid = c;
    }
    list->kid[list->nkid++] = kid;
}

static int oper_of(char c)
{
    switch (c) {
    case '+': return FB_EXIST;
    case '-': return FB_IGNORE;
    case '~': return FB_NEGATE;
    case '>': return FB_INCR;
    case '<': return FB_DECR;
    default: return -1;
    }
}

/* A term's text cut into words as the documents are (fts_ast_create_node_term): the
 * first kept at any length, the others at 3 to 84 characters; NULL, a term, or a list. */
static fb_node *term_node(fb_parse *p, const char *s, size_t n, bool wild)
{
    fb_node *list = NULL, *first = NULL, *last = NULL;
    size_t pos = 0, b, e, nch;
    int count = 0;
    while (ft_token(s, n, &pos, &b, &e, &nch)) {
        if (nch > FT_MAX_TOKEN || (count && nch < FT_MIN_TOKEN)) continue;
        fb_node *t = node(p, FN_TERM);
        t->s = s + b;
        t->n = (uint32_t)(e - b);
        if (count == 1) { list = node(p, FN_LIST); add(p, list, first); }
        if (list) add(p, list, t);
        else first = t;
        last = t;
        count++;
    }
    if (last && wild) last->wild = true;
    return list ? list : first;
}

static bool term_start(const fb_parse *p)
{
    return p->tok == TK_TERM || p->tok == TK_NUMB || (p->tok == TK_CHAR && p->ch == '*');
}

/* term: TERM | NUMB | '*' term, then an optional '*' (a prefix) */
static fb_node *parse_term(fb_parse *p)
{
    while (p->tok == TK_CHAR && p->ch == '*') {   /* (a leading '*' is ignored) */
        lex(p);
        if (p->tok != TK_TERM && p->tok != TK_NUMB && !(p->tok == TK_CHAR && p->ch == '*'))
            syntax(p, "FTS_TERM or FTS_NUMB or '*'");
    }
    const char *s = p->ts;
    size_t n = p->tn;
    lex(p);
    bool wild = false;
    if (p->tok == TK_CHAR && p->ch == '*') { wild = true; lex(p); }
    return term_node(p, s, n, wild);
}

/* text: "..." with an optional @distance */
static fb_node *parse_text(fb_parse *p)
{
    const char *s = p->ts;
    size_t n = p->tn;
    lex(p);
    uint32_t dist = 0;
    if (p->tok == TK_CHAR && p->ch == '@') {
        lex(p);
        if (p->tok != TK_NUMB) syntax(p, "FTS_NUMB");
        char num[24];
        size_t k = p->tn < sizeof num - 1 ? p->tn : sizeof num - 1;
        memcpy(num, p->ts, k);
        num[k] = 0;
        unsigned long v = strtoul(num, NULL, 10);
        dist = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
        lex(p);
    }
    if (!n) return NULL;
    fb_node *t = node(p, FN_TEXT);
    t->s = s;
    t->n = (uint32_t)n;
    t->dist = dist;
    return t;
}

static fb_node *parse_list(fb_parse *p);

/* '(' list ')' after its '(' was read: SUBEXP[list], or NULL for () */
static fb_node *parse_group(fb_parse *p)
{
    if (++p->depth > FB_MAX_DEPTH) ex_raise(p->ctx, 128, "HY000", "Table handler out of memory");
    lex(p);
    fb_node *in = parse_list(p);
    lex(p);   /* (parse_list stops only at the ')') */
    p->depth--;
    if (!in) return NULL;
    fb_node *sub = node(p, FN_SUBEXP);
    add(p, sub, in);
    return sub;
}

/* list: its items up to ')' or the end; each group wraps what came before it */
static fb_node *parse_list(fb_parse *p)
{
    fb_node *list = NULL;
    for (;;) {
        if (p->tok == TK_END) {
            if (p->depth) syntax(p, NULL);
            return list;
        }
        if (p->tok == TK_CHAR && p->ch == ')') {
            if (!p->depth) syntax(p, "$end");
            return list;
        }
        fb_node *item = NULL;
        bool group = false;
        int op = p->tok == TK_CHAR ? oper_of(p->ch) : -1;
        if (op >= 0) {
            lex(p);
            fb_node *x;
            if (p->tok == TK_CHAR && p->ch == '(') { x = parse_group(p); group = true; }
            else if (term_start(p)) x = parse_term(p);
            else if (p->tok == TK_TEXT) x = parse_text(p);
            else syntax(p, NULL);
            item = node(p, FN_LIST);
            fb_node *o = node(p, FN_OPER);
            o->op = (uint8_t)op;
            add(p, item, o);
            add(p, item, x);
        } else if (p->tok == TK_CHAR && p->ch == '(') {
            item = parse_group(p);
            group = true;
        } else if (term_start(p)) {
            item = parse_term(p);
        } else if (p->tok == TK_TEXT) {
            item = parse_text(p);
        } else {
            syntax(p, p->depth ? NULL : "$end");
        }
        if (group) {
            fb_node *l = node(p, FN_LIST);
            add(p, l, list);
            add(p, l, item);
            list = l;
        } else if (item) {
            if (!list) list = node(p, FN_LIST);
            add(p, list, item);
        }
    }
}

/* ---------------------------------------------------------------- the visit */

typedef struct fb_word { uint32_t key, tf; } fb_word;

typedef struct fb_doc {
    uint32_t row;
    float rank;
    bool live;
    fb_word *w;
    uint32_t nw, cw;
} fb_doc;

/* rows -> docs (open addressing on the row id) */
typedef struct fb_set {
    fb_doc *d;
    uint32_t n, cap;
    uint32_t *slot;     /* doc index + 1 */
    uint32_t nslot;
    uint32_t live;
} fb_set;

typedef struct fb_key {
    const char *s;
    uint32_t n;
    uint64_t h;
    uint64_t docs;      /* rows read for it, each read counted */
    double idf;
    bool ordered;
    bool wild;          /* read as a prefix (w*) */
} fb_key;

typedef struct fb_state {
    ex_ctx *ctx;
    const ex_ftspec *sp;
    const ft_dict *d;
    const stor_table *t;
    fb_set *S, *I;
    bool multi_exist;
    fb_key *keys;
    uint32_t nkeys, ckeys;
    uint32_t *kslot;    /* keys by hash (key + 1), nkslot a power of two */
    uint32_t nkslot;
    uint32_t *order;    /* keys in the order first found in a row */
    uint32_t norder, corder;
} fb_state;

static void *grow(fb_state *st, void *old, uint32_t n, uint32_t cap, size_t sz)
{
    void *p = stor_arena_alloc(st->ctx->a, (size_t)cap * sz);
    if (n) memcpy(p, old, (size_t)n * sz);
    return p;
}

static fb_set *set_new(fb_state *st)
{
    fb_set *s = stor_arena_alloc(st->ctx->a, sizeof *s);
    memset(s, 0, sizeof *s);
    return s;
}

static fb_doc *set_get(const fb_set *s, uint32_t row)
{
    if (!s->nslot) return NULL;
    for (uint32_t k = (row * 2654435761u) & (s->nslot - 1); s->slot[k]; k = (k + 1) & (s->nslot - 1)) {
        fb_doc *d = &s->d[s->slot[k] - 1];
        if (d->row == row) return d->live ? d : NULL;
    }
    return NULL;
}

static void set_rehash(fb_state *st, fb_set *s, uint32_t nslot)
{
    s->slot = stor_arena_alloc(st->ctx->a, (size_t)nslot * sizeof *s->slot);
    memset(s->slot, 0, (size_t)nslot * sizeof *s->slot);
    s->nslot = nslot;
    for (uint32_t i = 0; i < s->n; i++) {
        uint32_t k = (s->d[i].row * 2654435761u) & (nslot - 1);
        while (s->slot[k]) k = (k + 1) & (nslot - 1);
        s->slot[k] = i + 1;
    }
}

/* The row's doc, made (live, rank r, no words) when it is not there or was removed. */
static fb_doc *set_put(fb_state *st, fb_set *s, uint32_t row, float r)
{
    if (s->nslot) {
        for (uint32_t k = (row * 2654435761u) & (s->nslot - 1); s->slot[k]; k = (k + 1) & (s->nslot - 1)) {
            fb_doc *d = &s->d[s->slot[k] - 1];
            if (d->row != row) continue;
            if (!d->live) { d->live = true; d->rank = r; d->nw = 0; s->live++; }
            return d;
        }
    }
    if (s->n == s->cap) {
        uint32_t c = s->cap ? s->cap * 2 : 64;
        s->d = grow(st, s->d, s->n, c, sizeof *s->d);
        s->cap = c;
    }
    if ((s->n + 1) * 2 > s->nslot) set_rehash(st, s, s->nslot ? s->nslot * 2 : 128);
    fb_doc *d = &s->d[s->n++];
    *d = (fb_doc){ .row = row, .rank = r, .live = true };
    uint32_t k = (row * 2654435761u) & (s->nslot - 1);
    while (s->slot[k]) k = (k + 1) & (s->nslot - 1);
    s->slot[k] = s->n;
    s->live++;
    return d;
}

static void set_remove(fb_set *s, uint32_t row)
{
    fb_doc *d = set_get(s, row);
    if (d) { d->live = false; s->live--; }
}

static float clamp1(float x)
{
    return x >= 1 ? 1 : x <= -1 ? -1 : x;
}

/* A word's key (grape* and grape share one); made on first use. */
static uint32_t key_of(fb_state *st, const char *s, size_t n)
{
    uint64_t h = pdb_coll_hash(st->sp->coll, s, n);
    uint32_t k = 0;
    if (st->nkslot)
        for (k = (uint32_t)h & (st->nkslot - 1); st->kslot[k]; k = (k + 1) & (st->nkslot - 1)) {
            const fb_key *x = &st->keys[st->kslot[k] - 1];
            if (x->h == h && pdb_coll_eq(st->sp->coll, x->s, x->n, s, n)) return st->kslot[k] - 1;
        }
    if (st->nkeys == st->ckeys) {
        uint32_t c = st->ckeys ? st->ckeys * 2 : 16;
        st->keys = grow(st, st->keys, st->nkeys, c, sizeof *st->keys);
        st->ckeys = c;
    }
    st->keys[st->nkeys] = (fb_key){ .s = s, .n = (uint32_t)n, .h = h };
    uint32_t id = st->nkeys++;
    if (st->nkeys * 2 > st->nkslot) {   /* (grow and place them all again) */
        uint32_t ns = st->nkslot ? st->nkslot * 2 : 64;
        st->kslot = stor_arena_alloc(st->ctx->a, (size_t)ns * sizeof *st->kslot);
        memset(st->kslot, 0, (size_t)ns * sizeof *st->kslot);
        st->nkslot = ns;
        for (uint32_t i = 0; i < st->nkeys; i++) {
            uint32_t j = (uint32_t)st->keys[i].h & (ns - 1);
            while (st->kslot[j]) j = (j + 1) & (ns - 1);
            st->kslot[j] = i + 1;
        }
    } else {
        while (st->kslot[k]) k = (k + 1) & (st->nkslot - 1);
        st->kslot[k] = id + 1;
    }
    return id;
}

/* Word key found in doc d with count tf (the first count stays) */
static void attach(fb_state *st, fb_doc *d, uint32_t key, uint32_t tf)
{
    if (!d) return;
    for (uint32_t i = 0; i < d->nw; i++) if (d->w[i].key == key) return;
    if (d->nw == d->cw) {
        uint32_t c = d->cw ? d->cw * 2 : 4;
        d->w = grow(st, d->w, d->nw, c, sizeof *d->w);
        d->cw = c;
    }
    d->w[d->nw++] = (fb_word){ key, tf };
    if (!st->keys[key].ordered) {
        st->keys[key].ordered = true;
        if (st->norder == st->corder) {
            uint32_t c = st->corder ? st->corder * 2 : 16;
            st->order = grow(st, st->order, st->norder, c, sizeof *st->order);
            st->corder = c;
        }
        st->order[st->norder++] = key;
    }
}

/* fts_query_process_doc_id: row joins, leaves or moves in rank; its doc in the set that
 * gets its words (I for +, S otherwise), or NULL. */
static fb_doc *process(fb_state *st, int op, uint32_t row, float r)
{
    fb_doc *d;
    switch (op) {
    case FB_NONE:
        return (d = set_get(st->S, row)) ? d : set_put(st, st->S, row, r);
    case FB_NEGATE:
        if ((d = set_get(st->S, row))) d->rank = clamp1(d->rank - 1);
        return d;
    case FB_DECR:
    case FB_INCR:
        d = set_get(st->S, row);
        if (!d) d = set_put(st, st->S, row, r);
        d->rank = clamp1(d->rank + (op == FB_INCR ? 1 : -1));
        return d;
    case FB_IGNORE:
        set_remove(st->S, row);
        return NULL;
    default: {   /* FB_EXIST */
        fb_doc *in = set_get(st->I, row);
        if (in) return in;
        if ((d = set_get(st->S, row))) {
            fb_doc *n = set_put(st, st->I, row, clamp1(r + d->rank));
            n->w = d->w; n->nw = d->nw; n->cw = d->cw;
            d->w = NULL; d->nw = d->cw = 0;   /* (S is replaced by I: the words move) */
            return n;
        }
        return st->multi_exist ? NULL : set_put(st, st->I, row, r);
    }
    }
}

/* Does word w begin with prefix p (its first characters equal p in the collation)? */
static bool begins(uint16_t coll, const char *w, size_t wn, const char *p, size_t pn)
{
    size_t pch = 0, b = 0, ch = 0;
    for (size_t i = 0; i < pn; i++) pch += ((unsigned char)p[i] & 0xc0) != 0x80;
    while (b < wn && ch < pch) { b++; while (b < wn && ((unsigned char)w[b] & 0xc0) == 0x80) b++; ch++; }
    return ch == pch && pdb_coll_eq(coll, w, b, p, pn);
}

/* The entries a term reads: the word, or for w* every word it begins (in collation
 * order: a row's count is the first one's). */
static int term_entries(fb_state *st, const fb_node *t, const ft_entry ***out)
{
    uint16_t coll = st->sp->coll;
    if (!t->wild) {
        const ft_entry *e = ft_find(st->d, coll, pdb_coll_hash(coll, t->s, t->n), t->s, t->n);
        if (!e) return 0;
        const ft_entry **o = stor_arena_alloc(st->ctx->a, sizeof *o);
        o[0] = e;
        *out = o;
        return 1;
    }
    const ft_entry **o = NULL;
    uint32_t n = 0, c = 0;
    for (uint32_t k = 0; k < st->d->cap; k++) {
        const ft_entry *e = &st->d->e[k];
        if (!e->s || !begins(coll, e->s, e->n, t->s, t->n)) continue;
        if (n == c) { c = c ? c * 2 : 8; o = grow(st, o, n, c, sizeof *o); }
        o[n++] = e;
    }
    for (uint32_t i = 1; i < n; i++)   /* (insertion sort: few words share a prefix) */
        for (uint32_t j = i; j > 0 && pdb_coll_cmp(coll, o[j - 1]->s, o[j - 1]->n, o[j]->s, o[j]->n) > 0; j--) {
            const ft_entry *x = o[j]; o[j] = o[j - 1]; o[j - 1] = x;
        }
    *out = o;
    return (int)n;
}

static void eval_term(fb_state *st, int op, const fb_node *t)
{
    if (op == FB_EXIST && !st->S->live && st->multi_exist) return;
    if (op == FB_IGNORE && !st->S->live) return;
    if (op == FB_EXIST) st->I = set_new(st);
    uint32_t key = key_of(st, t->s, t->n);
    if (t->wild) st->keys[key].wild = true;
    const ft_entry **es;
    int ne = term_entries(st, t, &es);
    for (int i = 0; i < ne; i++) {
        for (uint32_t j = 0; j < es[i]->np; j++) {
            const ft_post *p = &es[i]->p[j];
            if (!ft_sees(st->t, p->row)) continue;
            st->keys[key].docs++;
            fb_doc *d = process(st, op, p->row, 0);
            if (op != FB_IGNORE) attach(st, d, key, p->tf);
        }
    }
    if (op == FB_EXIST) st->S = st->I;
}

/* ---------------------------------------------------------------- phrases */

typedef struct fb_tok { const char *s; uint32_t n; bool ascii; } fb_tok;

/* All words of s (any length), up to cap. */
static uint32_t words_of(const char *s, size_t n, fb_tok *out, uint32_t cap)
{
    size_t pos = 0, b, e, nch;
    uint32_t k = 0;
    while (k < cap && ft_token(s, n, &pos, &b, &e, &nch)) out[k++] = (fb_tok){ s + b, (uint32_t)(e - b), nch == e - b };
    return k;
}

/* The row's count of entry e (0 when not there). */
static uint32_t tf_in(const ft_entry *e, uint32_t row)
{
    uint32_t lo = 0, hi = e->np;
    while (lo < hi) {
        uint32_t m = (lo + hi) / 2;
        if (e->p[m].row < row) lo = m + 1;
        else hi = m;
    }
    return lo < e->np && e->p[lo].row == row ? e->p[lo].tf : 0;
}

/* Are two words equal in the collation? Words of ASCII letters, digits and '_' are equal
 * in a case-insensitive collation when they are equal ignoring case (no such character
 * is ignorable or expands), the common case decided without the collation's weights. */
static bool word_eq(const pdb_collation *co, uint16_t coll, const char *a, size_t an, const char *b, size_t bn)
{
    bool ascii = true;
    for (size_t i = 0; i < an && ascii; i++) ascii = (unsigned char)a[i] < 0x80;
    for (size_t i = 0; i < bn && ascii; i++) ascii = (unsigned char)b[i] < 0x80;
    if (ascii && co && co->ci) return an == bn && !strncasecmp(a, b, an);
    return pdb_coll_eq(coll, a, an, b, bn);
}

/* Does a column of row hold orig as consecutive words? */
static bool phrase_in(fb_state *st, uint32_t row, const fb_tok *orig, uint32_t norig)
{
    uint16_t coll = st->sp->coll;
    const pdb_collation *co = pdb_coll_by_id(coll);
    for (uint32_t c = 0; c < st->sp->ncols; c++) {
        pdb_value v;
        stor_get(st->t, st->sp->cols[c], row, &v);
        if (v.t != VT_STRING) continue;
        size_t pos = 0, b, e, nch;
        while (ft_token(v.p, v.len, &pos, &b, &e, &nch)) {
            /* (an ASCII word of another length is not the phrase's ASCII first word) */
            if (nch == e - b && orig[0].ascii && co && co->ci && e - b != orig[0].n) continue;
            if (!word_eq(co, coll, v.p + b, e - b, orig[0].s, orig[0].n)) continue;
            /* the words after it, one by one */
            size_t p2 = pos, b2, e2, n2;
            uint32_t k = 1;
            while (k < norig && ft_token(v.p, v.len, &p2, &b2, &e2, &n2) &&
                   word_eq(co, coll, v.p + b2, e2 - b2, orig[k].s, orig[k].n))
                k++;
            if (k == norig) return true;
        }
    }
    return false;
}

/* Are the words within dist words of each other somewhere in the row (its columns read
 * as one text)? InnoDB's walk: the window of the lists' current positions, then the
 * list at the smallest one moves on, until one list ends. */
static bool near_in(fb_state *st, uint32_t row, const fb_tok *tok, uint32_t ntok, uint32_t dist)
{
    uint16_t coll = st->sp->coll;
    const pdb_collation *co = pdb_coll_by_id(coll);
    uint32_t *pos[FB_MAX_PHRASE], npos[FB_MAX_PHRASE], cpos[FB_MAX_PHRASE];
    memset(npos, 0, sizeof npos);
    memset(cpos, 0, sizeof cpos);
    uint32_t wn = 0;
    for (uint32_t c = 0; c < st->sp->ncols; c++) {
        pdb_value v;
        stor_get(st->t, st->sp->cols[c], row, &v);
        if (v.t != VT_STRING) continue;
        size_t p = 0, b, e, nch;
        while (ft_token(v.p, v.len, &p, &b, &e, &nch)) {
            for (uint32_t k = 0; k < ntok; k++) {
                if (!word_eq(co, coll, v.p + b, e - b, tok[k].s, tok[k].n)) continue;
                if (npos[k] == cpos[k]) {
                    uint32_t cc = cpos[k] ? cpos[k] * 2 : 8;
                    pos[k] = grow(st, npos[k] ? pos[k] : NULL, npos[k], cc, sizeof **pos);
                    cpos[k] = cc;
                }
                pos[k][npos[k]++] = wn;
            }
            wn++;
        }
    }
    for (uint32_t k = 0; k < ntok; k++) if (!npos[k]) return false;
    uint32_t idx[FB_MAX_PHRASE];
    memset(idx, 0, sizeof idx);
    uint32_t mi = 0;
    while (idx[mi] < npos[mi]) {
        uint32_t lo = UINT32_MAX, hi = 0;
        for (uint32_t k = 0; k < ntok; k++) {
            uint32_t x = pos[k][idx[k]];
            if (x < lo) { lo = x; mi = k; }
            if (x > hi) hi = x;
        }
        if (hi - lo + 1 <= dist) return true;
        idx[mi]++;
    }
    return false;
}

static void eval_text(fb_state *st, int op, const fb_node *t)
{
    if (op == FB_EXIST) st->I = set_new(st);
    uint32_t cap = t->n / 2 + 2;   /* (words of s: at most one per two bytes) */
    fb_tok *all = stor_arena_alloc(st->ctx->a, (size_t)cap * sizeof *all);
    uint32_t nall = words_of(t->s, t->n, all, cap);
    fb_tok tok[FB_MAX_PHRASE];
    uint32_t ntok = 0, first = UINT32_MAX;
    for (uint32_t k = 0; k < nall; k++) {
        size_t nch = 0;
        for (uint32_t i = 0; i < all[k].n; i++) nch += ((unsigned char)all[k].s[i] & 0xc0) != 0x80;
        if (nch < FT_MIN_TOKEN || nch > FT_MAX_TOKEN || ft_stopword(st->sp->coll, all[k].s, all[k].n)) continue;
        if (ntok == FB_MAX_PHRASE) ex_raise(st->ctx, 191, "HY000", "Too many words in a FTS phrase or proximity search");
        if (first == UINT32_MAX) first = k;
        tok[ntok++] = all[k];
    }
    if (ntok) {
        const fb_tok *orig = all + first;
        uint32_t norig = nall - first;
        const ft_entry *es[FB_MAX_PHRASE];
        uint32_t keys[FB_MAX_PHRASE];
        bool found = true;
        for (uint32_t k = 0; k < ntok && found; k++) {   /* read in order; the first without rows ends it */
            keys[k] = key_of(st, tok[k].s, tok[k].n);
            es[k] = ft_find(st->d, st->sp->coll, pdb_coll_hash(st->sp->coll, tok[k].s, tok[k].n), tok[k].s, tok[k].n);
            uint64_t n = 0;
            for (uint32_t j = 0; es[k] && j < es[k]->np; j++) n += ft_sees(st->t, es[k]->p[j].row);
            st->keys[keys[k]].docs += n;
            found = n > 0;
        }
        for (uint32_t j = 0; found && j < es[0]->np; j++) {
            uint32_t row = es[0]->p[j].row;
            if (!ft_sees(st->t, row)) continue;
            ex_slice_tick(st->ctx);
            bool keep = true;
            for (uint32_t k = 1; k < ntok && keep; k++) keep = tf_in(es[k], row) > 0;
            if (keep && norig > 1)
                keep = t->dist ? near_in(st, row, tok, ntok, t->dist) : phrase_in(st, row, orig, norig);
            if (!keep) continue;
            fb_doc *d = process(st, op, row, 0);
            if (op == FB_IGNORE) continue;
            uint32_t na = norig == 1 ? 1 : ntok;
            for (uint32_t k = 0; k < na; k++) attach(st, d, keys[k], tf_in(es[k], row));
        }
    }
    if (op == FB_EXIST) st->S = st->I;
}

/* ---------------------------------------------------------------- groups and the visit */

static void visit(fb_state *st, int oper, fb_node *l, bool *has_ignore);

static void eval_subexp(fb_state *st, int op, fb_node *sub)
{
    fb_set *saveS = st->S;
    bool save_multi = st->multi_exist;
    st->S = set_new(st);
    st->multi_exist = false;
    bool wi = false;
    if (sub->nkid) visit(st, FB_NONE, sub->kid[0], &wi);
    fb_set *R = st->S;
    st->S = saveS;
    st->multi_exist = save_multi;
    if (op == FB_EXIST) st->I = set_new(st);
    /* in row order (R's rows were added in no particular one) */
    uint32_t *rows = stor_arena_alloc(st->ctx->a, (size_t)(R->n ? R->n : 1) * sizeof *rows), nr = 0;
    for (uint32_t i = 0; i < R->n; i++) if (R->d[i].live) rows[nr++] = i;
    for (uint32_t i = 1; i < nr; i++)
        for (uint32_t j = i; j > 0 && R->d[rows[j - 1]].row > R->d[rows[j]].row; j--) {
            uint32_t x = rows[j]; rows[j] = rows[j - 1]; rows[j - 1] = x;
        }
    for (uint32_t i = 0; i < nr; i++) {
        const fb_doc *rd = &R->d[rows[i]];
        fb_doc *d = process(st, op, rd->row, rd->rank);
        if (op == FB_IGNORE || !d) continue;
        for (uint32_t o = 0; o < st->norder; o++)
            for (uint32_t k = 0; k < rd->nw; k++)
                if (rd->w[k].key == st->order[o]) attach(st, d, rd->w[k].key, rd->w[k].tf);
    }
    if (op == FB_EXIST) st->S = st->I;
}

static void eval(fb_state *st, int op, fb_node *n)
{
    if (op == FB_EXIST_SKIP) op = FB_EXIST;
    if (op == FB_IGNORE_SKIP) op = FB_IGNORE;
    n->visited = true;
    if (n->kind == FN_TERM) eval_term(st, op, n);
    else if (n->kind == FN_TEXT) eval_text(st, op, n);
    else eval_subexp(st, op, n);
    if (op == FB_EXIST) st->multi_exist = true;
}

/* fts_ast_visit: this level's plain terms (and ~ < >) first; its + and - wait for the
 * parent, which visits its lists again for + (EXIST_SKIP) and then for - (IGNORE_SKIP). */
static void visit(fb_state *st, int oper, fb_node *l, bool *has_ignore)
{
    ex_check_stack(st->ctx);
    int pass = oper == FB_EXIST_SKIP ? FB_EXIST : oper == FB_IGNORE_SKIP ? FB_IGNORE : FB_NONE;
    bool revisit = false;
    for (int i = 0; i < l->nkid; i++) {
        fb_node *n = l->kid[i];
        if (n->kind == FN_LIST) {
            if (pass != FB_NONE) continue;
            bool wi = false;
            visit(st, oper, n, &wi);
            if (wi) revisit = true;
            n->saved = (uint8_t)oper;
        } else if (n->kind == FN_OPER) {
            oper = n->op;
            if (n->op == FB_EXIST) n->op = FB_EXIST_SKIP;
            else if (n->op == FB_IGNORE) n->op = FB_IGNORE_SKIP;
        } else {
            if (n->visited) continue;
            if (oper == FB_EXIST || oper == FB_IGNORE) { *has_ignore = true; continue; }
            if (oper == FB_EXIST_SKIP && pass == FB_EXIST) eval(st, FB_EXIST, n);
            else if (oper == FB_IGNORE_SKIP && pass == FB_IGNORE) eval(st, FB_IGNORE, n);
            else if (pass == FB_NONE) eval(st, oper, n);
        }
    }
    if (!revisit) return;
    bool wi = false;
    for (int i = 0; i < l->nkid; i++)
        if (l->kid[i]->kind == FN_LIST && l->kid[i]->saved != FB_IGNORE) visit(st, FB_EXIST_SKIP, l->kid[i], &wi);
    for (int i = 0; i < l->nkid; i++)
        if (l->kid[i]->kind == FN_LIST) visit(st, FB_IGNORE_SKIP, l->kid[i], &wi);
}

/* ---------------------------------------------------------------- query expansion */

static int cmp_tok(const void *a, const void *b, void *arg)
{
    const fb_tok *x = a, *y = b;
    return pdb_coll_cmp(*(const uint16_t *)arg, x->s, x->n, y->s, y->n);
}

/* WITH QUERY EXPANSION's second pass: the words of every row found (3 to 84 characters,
 * not already searched), each searched as a plain word, in collation order. */
static void expand(fb_state *st)
{
    uint16_t coll = st->sp->coll;
    fb_tok *w = NULL;
    uint32_t nw = 0, cw = 0;
    for (uint32_t i = 0; i < st->S->n; i++) {
        const fb_doc *d = &st->S->d[i];
        if (!d->live) continue;
        ex_slice_tick(st->ctx);
        for (uint32_t c = 0; c < st->sp->ncols; c++) {
            pdb_value v;
            stor_get(st->t, st->sp->cols[c], d->row, &v);
            if (v.t != VT_STRING) continue;
            const char *copy = stor_arena_strndup(st->ctx->a, v.p, v.len);
            size_t pos = 0, b, e, nch;
            while (ft_token(copy, v.len, &pos, &b, &e, &nch)) {
                if (nch < FT_MIN_TOKEN || nch > FT_MAX_TOKEN) continue;
                if (nw == cw) { cw = cw ? cw * 2 : 256; w = grow(st, w, nw, cw, sizeof *w); }
                w[nw++] = (fb_tok){ copy + b, (uint32_t)(e - b), nch == e - b };
            }
        }
    }
    uint16_t cl = coll;
    ex_sort(st->ctx, w, nw, sizeof *w, cmp_tok, &cl);
    for (uint32_t i = 0; i < nw; i++) {
        if (i && !pdb_coll_cmp(coll, w[i - 1].s, w[i - 1].n, w[i].s, w[i].n)) continue;
        bool searched = false;   /* (a first-pass word, or a word a first-pass prefix begins) */
        for (uint32_t o = 0; o < st->norder && !searched; o++) {
            const fb_key *k = &st->keys[st->order[o]];
            searched = k->wild ? begins(coll, w[i].s, w[i].n, k->s, k->n) : pdb_coll_eq(coll, k->s, k->n, w[i].s, w[i].n);
        }
        if (searched) continue;
        fb_node t = { .kind = FN_TERM, .s = w[i].s, .n = w[i].n };
        eval_term(st, FB_NONE, &t);
    }
}

/* ---------------------------------------------------------------- the ranks */

void ft_rank_boolean(ex_ctx *ctx, const ex_ftspec *sp, ex_ftstate *out)
{
    fb_state st = { .ctx = ctx, .sp = sp, .t = sp->t };
    /* boolean mode's grammar for all modes; natural language (and query expansion's first
       pass) with its own lexer, which knows only terms, '*' and quoted phrases */
    fb_parse p = { .ctx = ctx, .coll = sp->coll, .q = out->q, .n = out->qn, .natural = sp->mode != 1 };
    lex(&p);
    fb_node *root = parse_list(&p);
    out->cap = 0;
    if (!root) return;
    st.d = ft_postings(ctx, sp);
    if (!st.d) ex_raise(ctx, 128, "HY000", "Table handler out of memory");
    out->dict = st.d;
    st.S = set_new(&st);
    st.I = set_new(&st);
    bool wi = false;
    visit(&st, FB_NONE, root, &wi);
    if (sp->mode == 2) expand(&st);
    uint32_t total = ft_visible_rows(st.t);
    for (uint32_t k = 0; k < st.nkeys; k++) st.keys[k].idf = ft_idf(total, st.keys[k].docs);
    uint32_t cap = 16;
    while (cap < st.S->live * 2) cap *= 2;
    out->cap = cap;
    out->keys = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *out->keys);
    memset(out->keys, 0, (size_t)cap * sizeof *out->keys);
    out->ranks = stor_arena_alloc(ctx->a, (size_t)cap * sizeof *out->ranks);
    for (uint32_t i = 0; i < st.S->n; i++) {
        const fb_doc *d = &st.S->d[i];
        if (!d->live) continue;
        float r = d->rank;
        for (uint32_t o = 0; o < st.norder; o++)
            for (uint32_t k = 0; k < d->nw; k++) {
                if (d->w[k].key != st.order[o]) continue;
                const fb_key *key = &st.keys[d->w[k].key];
                r = (float)(r + (float)((double)d->w[k].tf * key->idf * key->idf));
            }
        if (r != 0) ft_put(out, d->row, r);
    }
}
