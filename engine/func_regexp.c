/* func_regexp.c - REGEXP / RLIKE, REGEXP_REPLACE, REGEXP_SUBSTR and REGEXP_INSTR through
 * PCRE2, the library MariaDB itself uses (its Regexp_processor_pcre), so patterns mean the
 * same thing: \K, possessive quantifiers, (?P=name), recursion, [[:<:]], \o{..}, and the
 * same error messages and offsets.
 *
 * As MariaDB: text of any character set is matched as UTF-8 (pressdb keeps non-binary text
 * in UTF-8) with PCRE2_UTF | PCRE2_UCP, caseless under a case-insensitive collation;
 * binary strings (either operand) are matched byte for byte, case-sensitively. The
 * session's default_regex_flags adds DOTALL, DUPNAMES, EXTENDED, EXTENDED_MORE,
 * MULTILINE, UNGREEDY. Match errors (PCRE2's match limits) are a warning 1139 and no
 * match. PCRE2 (10.30 and later) backtracks on the heap, not the stack. */
#include <ctype.h>
#include <stdio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "engine/eng.h"
#include "engine/func_int.h"

/* ---- compiled patterns, kept per thread ----
 * A pattern is compiled once per statement and thread, not once per row: each thread
 * keeps its last RX_CACHE patterns (bytes and options as the key) with their match data.
 * A pcre2_code is read-only once compiled; its match data is this thread's. Freed when
 * the thread ends; a longer pattern is compiled into the statement's arena. */
#define RX_CACHE 8
#define RX_CACHE_MAX_BYTES 4096   /* longer patterns are compiled for each use */

/* Backtracking takes heap frames in the match data (PCRE2 keeps the largest vector it
 * needed): the cached match data is made anew once it took more than this, and a match
 * may take only what the statement's memory guard still allows (rx_match). */
#define RX_MD_KEEP (1u << 20)

typedef struct rx_entry {
    char *pat;                   /* the pattern's bytes (malloc), NULL: empty slot */
    size_t n;
    uint32_t opts;
    pcre2_code *re;
    pcre2_match_data *md;        /* its memory counted (stor_malloc) in md_bytes */
    pcre2_general_context *gc;
    size_t md_bytes;
} rx_entry;

typedef struct rx_cache {
    rx_entry e[RX_CACHE];
    unsigned next;               /* the slot replaced next */
    pcre2_match_context *mc;     /* the heap limit of the match running */
} rx_cache;

static pthread_key_t rx_key;
static pthread_once_t rx_once = PTHREAD_ONCE_INIT;

static void *rx_md_malloc(PCRE2_SIZE n, void *arg)
{
    ((rx_entry *)arg)->md_bytes += n;
    return stor_malloc(n);
}
static void rx_md_free(void *p, void *arg) { (void)arg; stor_free(p); }

static void rx_entry_free(rx_entry *e)
{
    pcre2_match_data_free(e->md);
    pcre2_general_context_free(e->gc);
    pcre2_code_free(e->re);
    free(e->pat);
    memset(e, 0, sizeof *e);
}

static void rx_cache_free(void *arg)
{
    rx_cache *c = arg;
    for (int i = 0; i < RX_CACHE; i++) if (c->e[i].pat) rx_entry_free(&c->e[i]);
    pcre2_match_context_free(c->mc);
    free(c);
}

static void rx_key_init(void) { pthread_key_create(&rx_key, rx_cache_free); }

/* ---- options ---- */

static const struct { const char *name; uint32_t opt; } rx_flag_names[] = {
    { "DOTALL", PCRE2_DOTALL }, { "DUPNAMES", PCRE2_DUPNAMES }, { "EXTENDED", PCRE2_EXTENDED },
    { "EXTENDED_MORE", PCRE2_EXTENDED_MORE }, { "EXTRA", 0 },   /* (PCRE1's, none in PCRE2) */
    { "MULTILINE", PCRE2_MULTILINE }, { "UNGREEDY", PCRE2_UNGREEDY },
};

/* default_regex_flags as PCRE2 options (read once per statement). */
static uint32_t rx_default_opts(ex_ctx *ctx)
{
    if (ctx->stmt && ctx->stmt->rx_opts) return ctx->stmt->rx_opts - 1;
    uint32_t opts = 0;
    pdb_value v;
    ex_type t;
    if (ex_sysvar_get(ctx->s, "default_regex_flags", false, &v, ctx->a, &t) == 0 && v.t == VT_STRING) {
        const char *s = v.p, *end = v.p + v.len;
        while (s < end) {
            const char *c = memchr(s, ',', (size_t)(end - s));
            size_t n = (size_t)((c ? c : end) - s);
            for (size_t i = 0; i < sizeof rx_flag_names / sizeof rx_flag_names[0]; i++)
                if (strlen(rx_flag_names[i].name) == n && !strncasecmp(rx_flag_names[i].name, s, n))
                    opts |= rx_flag_names[i].opt;
            s += n + (c != NULL);
        }
    }
    if (ctx->stmt) ctx->stmt->rx_opts = opts + 1;
    return opts;
}

static bool rx_is_binary(const pdb_value *v) { return v->t == VT_STRING && v->coll == COLL_BINARY; }

/* The options for matching text of collation coll (binary: bytes). */
static uint32_t rx_opts(ex_ctx *ctx, uint16_t coll, bool binary)
{
    uint32_t opts = rx_default_opts(ctx);
    if (binary) return opts;
    const pdb_collation *co = pdb_coll_by_id(coll);
    return opts | PCRE2_UTF | PCRE2_UCP | (co && co->ci ? PCRE2_CASELESS : 0);
}

/* ---- UTF-8 that PCRE2 would refuse ----
 * MariaDB converts both operands to utf8mb4 before matching, which turns a byte that is
 * not UTF-8 into '?'; PCRE2 in UTF mode refuses such text instead, so it is converted the
 * same way first (only when PCRE2 said it is not valid). */
static size_t utf8_seq_len(const unsigned char *s, size_t n)
{
    unsigned char b = s[0];
    size_t len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (!len || len > n) return 0;
    for (size_t i = 1; i < len; i++) if ((s[i] & 0xc0) != 0x80) return 0;
    if (len == 3 && ((b == 0xe0 && s[1] < 0xa0) || (b == 0xed && s[1] >= 0xa0))) return 0;   /* overlong, surrogate */
    if (len == 4 && ((b == 0xf0 && s[1] < 0x90) || (b == 0xf4 && s[1] >= 0x90))) return 0;   /* overlong, past U+10FFFF */
    return len;
}

static const char *utf8_fix(stor_arena *a, const char *s, size_t n)
{
    char *o = stor_arena_alloc(a, n + 1);
    for (size_t i = 0; i < n;) {
        size_t l = utf8_seq_len((const unsigned char *)s + i, n - i);
        if (!l) { o[i++] = '?'; continue; }
        memcpy(o + i, s + i, l);
        i += l;
    }
    return o;
}

static bool rx_utf_error(int rc) { return rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21; }

/* ---- compile and match ---- */

typedef struct rx {
    pcre2_code *re;
    pcre2_match_data *md;
    rx_entry *e;                 /* the cache's entry, or NULL (in the arena) */
    pcre2_match_context *mc;     /* the thread's, or NULL */
    PCRE2_SIZE *ov;              /* the last match's offsets, copied out (the arena's) */
} rx;

/* A pattern not kept (too long, or no cache) lives in the statement's arena, so an error
 * raised while it is in use leaks nothing. */
static void *rx_arena_malloc(PCRE2_SIZE n, void *a) { return stor_arena_alloc(a, n); }
static void rx_arena_free(void *p, void *a) { (void)p; (void)a; }

static void __attribute__((noreturn)) rx_compile_error(ex_ctx *ctx, int code, size_t off)
{
    char m[256];
    if (pcre2_get_error_message(code, (PCRE2_UCHAR *)m, sizeof m) < 0) snprintf(m, sizeof m, "error %d", code);
    char buf[320];
    snprintf(buf, sizeof buf, "%s at offset %zu", m, off);
    ex_raise(ctx, 1139, "42000", "Regex error '%.64s'", buf);   /* (MariaDB's message holds 64) */
}

/* The compiled pattern p (n bytes) for opts, from this thread's cache or compiled now
 * (raises 1139 for a bad pattern). */
static rx rx_get(ex_ctx *ctx, const char *p, size_t n, uint32_t opts)
{
    pthread_once(&rx_once, rx_key_init);
    rx_cache *c = pthread_getspecific(rx_key);
    if (!c && (c = calloc(1, sizeof *c)) != NULL && pthread_setspecific(rx_key, c) != 0) { free(c); c = NULL; }
    if (c) {
        for (int i = 0; i < RX_CACHE; i++) {
            rx_entry *e = &c->e[i];
            if (!e->pat || e->n != n || e->opts != opts || memcmp(e->pat, p, n)) continue;
            if (!e->md && !(e->md = pcre2_match_data_create_from_pattern(e->re, e->gc)))
                ex_raise(ctx, 1139, "42000", "Regex error 'failed to get memory'");
            return (rx){ e->re, e->md, e, c->mc, NULL };
        }
    }
    char *copy = c && n <= RX_CACHE_MAX_BYTES ? malloc(n ? n : 1) : NULL;
    pcre2_general_context *gc = copy ? NULL : pcre2_general_context_create(rx_arena_malloc, rx_arena_free, ctx->a);
    pcre2_compile_context *cc = gc ? pcre2_compile_context_create(gc) : NULL;
    int err;
    PCRE2_SIZE off;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)p, n, opts, &err, &off, cc);
    if (!re && (opts & PCRE2_UTF) && rx_utf_error(err))
        re = pcre2_compile((PCRE2_SPTR)utf8_fix(ctx->a, p, n), n, opts, &err, &off, cc);
    if (!re) { free(copy); rx_compile_error(ctx, err, off); }
    if (!copy) {
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, gc);
        if (!md) ex_raise(ctx, 1139, "42000", "Regex error 'failed to get memory'");
        return (rx){ re, md, NULL, NULL, NULL };
    }
    memcpy(copy, p, n);
    rx_entry *e = &c->e[c->next++ % RX_CACHE];
    if (e->pat) rx_entry_free(e);
    *e = (rx_entry){ copy, n, opts, re, NULL, NULL, 0 };
    if (!c->mc) c->mc = pcre2_match_context_create(NULL);
    e->gc = pcre2_general_context_create(rx_md_malloc, rx_md_free, e);
    e->md = e->gc ? pcre2_match_data_create_from_pattern(re, e->gc) : NULL;
    if (!e->md || !c->mc) {
        rx_entry_free(e);
        ex_raise(ctx, 1139, "42000", "Regex error 'failed to get memory'");
    }
    return (rx){ re, e->md, e, c->mc, NULL };
}

/* The bytes a match may take: what the process's ceiling of counted memory still allows
 * (SIZE_MAX: no guard, or no ceiling). Not max_session_mem_used: MariaDB does not count
 * PCRE2's memory against it (the match limit's warning comes first there, as here). */
static size_t rx_room(const stor_arena *a)
{
    size_t ceil = stor_mem_ceiling(), used = stor_mem_used();
    if (!a->full || !ceil) return SIZE_MAX;
    return ceil > used ? ceil - used : 0;
}

/* After a match with cached match data: heap frames past RX_MD_KEEP are given back; a
 * match stopped by the heap limit (or by a refused allocation) is the statement's memory
 * error, raised by asking the arena for what the match was allowed and more (its guard
 * answers 1037 as for any statement past the process's ceiling). */
static void rx_after(ex_ctx *ctx, rx *r, int rc, size_t room)
{
    if (r->e && r->e->md_bytes > RX_MD_KEEP) {
        pcre2_match_data_free(r->e->md);
        r->e->md = NULL;
        r->e->md_bytes = 0;
    }
    if ((rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_NOMEMORY) && room != SIZE_MAX)
        stor_arena_alloc(ctx->a, room + (1u << 20));
}

/* One match of r in s[0..n) from byte off: the number of captures set (>= 1), or 0 (no
 * match; a match error is MariaDB's warning). *s is replaced by its '?'-converted copy
 * when it is not valid UTF-8. checked: s was matched before (no UTF check again). */
static int rx_match(ex_ctx *ctx, rx *r, const char **s, size_t n, size_t off, bool checked)
{
    if (r->e && !r->md) {   /* (given back after the last match) */
        if (!(r->md = r->e->md = pcre2_match_data_create_from_pattern(r->re, r->e->gc)))
            ex_raise(ctx, 1139, "42000", "Regex error 'failed to get memory'");
    }
    size_t room = rx_room(ctx->a);
    if (r->mc) pcre2_set_heap_limit(r->mc, room == SIZE_MAX ? 20000000u : room / 1024 > UINT32_MAX ? UINT32_MAX : (uint32_t)(room / 1024));
    int rc = pcre2_match(r->re, (PCRE2_SPTR)*s, n, off, checked ? PCRE2_NO_UTF_CHECK : 0, r->md, r->mc);
    if (rx_utf_error(rc)) {
        *s = utf8_fix(ctx->a, *s, n);
        rc = pcre2_match(r->re, (PCRE2_SPTR)*s, n, off, 0, r->md, r->mc);
    }
    if (rc >= 0) {   /* the offsets, before the match data may go */
        uint32_t k = rc ? (uint32_t)rc : pcre2_get_ovector_count(r->md);
        if (!r->ov) r->ov = stor_arena_alloc(ctx->a, 2 * (size_t)pcre2_get_ovector_count(r->md) * sizeof *r->ov);
        memcpy(r->ov, pcre2_get_ovector_pointer(r->md), 2 * (size_t)k * sizeof *r->ov);
    }
    rx_after(ctx, r, rc, room);
    if (r->e) r->md = r->e->md;
    if (rc >= 0) return rc ? rc : 1;
    if (rc != PCRE2_ERROR_NOMATCH) {
        char m[128];
        if (pcre2_get_error_message(rc, (PCRE2_UCHAR *)m, sizeof m) < 0) snprintf(m, sizeof m, "pcre_exec: Internal error (%d)", rc);
        ex_warn(ctx, "Warning", 1139, "Regex error '%.64s'", m);
    }
    return 0;
}

/* ---- the functions ---- */

pdb_value ex_regexp(ex_ctx *ctx, const pdb_value *s, const pdb_value *pat)
{
    if (s->t == VT_NULL || pat->t == VT_NULL) return ex_null();
    size_t sn, pn;
    const char *ss = ex_to_str(ctx->a, s, &sn), *ps = ex_to_str(ctx->a, pat, &pn);
    uint16_t coll = s->t == VT_STRING ? s->coll : COLL_UTF8MB4_GENERAL_CI;
    rx r = rx_get(ctx, ps, pn, rx_opts(ctx, coll, rx_is_binary(s) || rx_is_binary(pat)));
    return ex_int(rx_match(ctx, &r, &ss, sn, 0, false) > 0);
}

/* MariaDB's replacement text: \0 .. \9 name a capture (nothing when it did not take
 * part), a backslash before anything else is dropped, a trailing one too. o NULL: only
 * the length. */
static size_t rx_replacement(char *o, const char *rs, size_t rn, const char *s, const PCRE2_SIZE *ov, int nsub, bool utf)
{
    size_t k = 0;
    for (size_t i = 0; i < rn;) {
        const char *from = rs + i;
        size_t cl;
        if (rs[i] == '\\') {
            if (++i >= rn) break;
            int d = rs[i] - '0';
            if (d >= 0 && d <= 9) {
                i++;
                if (d >= nsub || ov[2 * d] == PCRE2_UNSET) continue;
                from = s + ov[2 * d];
                cl = ov[2 * d + 1] - ov[2 * d];
                if (o) memcpy(o + k, from, cl);
                k += cl;
                continue;
            }
            from = rs + i;
        }
        cl = utf ? utf8_seq_len((const unsigned char *)from, rn - (size_t)(from - rs)) : 1;
        if (!cl) cl = 1;
        if (o) memcpy(o + k, from, cl);
        k += cl;
        i = (size_t)(from - rs) + cl;
    }
    return k;
}

static pdb_value rx_replace(ex_ctx *ctx, rx *r, const char *s, size_t sn, const pdb_value *rep, uint16_t coll, bool utf)
{
    size_t rn;
    const char *rs = ex_to_str(ctx->a, rep, &rn);
    size_t cap = sn + 64, k = 0, off = 0;
    char *o = stor_arena_alloc(ctx->a, cap);
    bool checked = false;
    for (;;) {
        int m = rx_match(ctx, r, &s, sn, off, checked);
        checked = true;
        const PCRE2_SIZE *ov = r->ov;
        /* no match, or an empty one: the rest as it is (MariaDB stops at an empty match) */
        bool stop = !m || ov[0] == ov[1];
        size_t rl = stop ? 0 : rx_replacement(NULL, rs, rn, s, ov, m, utf);
        size_t need = k + (stop ? sn - off : ov[0] - off + rl);
        if (need > cap) {   /* (the arena counts it against the statement's memory) */
            size_t nc = cap * 2 > need ? cap * 2 : need;
            char *no = stor_arena_alloc(ctx->a, nc);
            memcpy(no, o, k);
            o = no;
            cap = nc;
        }
        if (stop) {
            memcpy(o + k, s + off, sn - off);
            k += sn - off;
            break;
        }
        memcpy(o + k, s + off, ov[0] - off);
        k += ov[0] - off;
        k += rx_replacement(o + k, rs, rn, s, ov, m, utf);
        off = ov[1];
    }
    return ex_str(o, k, coll);
}

/* Characters in s[0..n) (bytes for binary text). */
static int64_t rx_chars(const char *s, size_t n, bool utf)
{
    if (!utf) return (int64_t)n;
    int64_t c = 0;
    for (size_t i = 0; i < n; i++) c += ((unsigned char)s[i] & 0xc0) != 0x80;
    return c;
}

/* REGEXP_REPLACE / REGEXP_SUBSTR / REGEXP_INSTR (NULL arguments are answered before). */
pdb_value ex_regexp_fn(ex_ctx *ctx, int id, pdb_value *a)
{
    size_t sn, pn;
    const char *s = ex_to_str(ctx->a, &a[0], &sn), *p = ex_to_str(ctx->a, &a[1], &pn);
    bool binary = rx_is_binary(&a[0]) || rx_is_binary(&a[1]);
    uint16_t coll = binary ? COLL_BINARY : a[0].t == VT_STRING ? a[0].coll : COLL_UTF8MB4_GENERAL_CI;
    uint32_t opts = rx_opts(ctx, coll, binary);
    rx r = rx_get(ctx, p, pn, opts);
    pdb_value out;
    if (id == F_REGEXP_REPLACE) {
        out = rx_replace(ctx, &r, s, sn, &a[2], coll, !binary);
    } else {
        int m = rx_match(ctx, &r, &s, sn, 0, false);
        const PCRE2_SIZE *ov = r.ov;
        if (id == F_REGEXP_INSTR) out = ex_int(m ? rx_chars(s, ov[0], !binary) + 1 : 0);
        else out = m ? ex_str(s + ov[0], ov[1] - ov[0], coll) : ex_str("", 0, coll);
    }
    return out;
}
