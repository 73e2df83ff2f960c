/* func_like.c - SQL LIKE: MariaDB's character-by-character match under a collation, and
 * the fast paths for '%literal%' (WordPress's search) that give the same answers. */
#include "engine/func_int.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/unorm2.h>
#include <unicode/utf8.h>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

/* ---------------------------------------------------------------- LIKE */

static int lk_next(const char *s, size_t n, size_t *i, bool mb)
{
    if (*i >= n) return -1;
    if (!mb) return (unsigned char)s[(*i)++];
    UChar32 c;
    int32_t ii = (int32_t)*i;
    U8_NEXT((const uint8_t *)s, ii, (int32_t)n, c);
    *i = (size_t)ii;
    return c < 0 ? 0xfffd : c;
}

static bool ch_eq(int a, int b, uint16_t coll, const pdb_collation *co)
{
    if (a == b) return true;
    if (!co || co->binary) return false;
    if (a < 0x80 && b < 0x80 && a >= 0x20 && b >= 0x20 && pdb_coll_ascii_ci(coll)) {
        /* printable ASCII under a _ci collation: equal exactly when equal ignoring case */
        if (a >= 'a' && a <= 'z') a -= 32;
        if (b >= 'a' && b <= 'z') b -= 32;
        return a == b;
    }
    /* each character's own weights, as MariaDB's LIKE compares (no PAD SPACE) */
    return pdb_coll_char_eq(coll, a, b);
}

/* 1: s[si..] matches p[pi..]; 0: it does not; -1: neither does any later start of s
 * (the text ran out first), so a '%' stops trying further positions, as MariaDB's
 * my_wildcmp does: without that, '%a%a%a%a%b' against a long run of a's tries every
 * combination of positions (exponential). */
static int like_rec(const char *s, size_t sn, size_t si, const char *p, size_t pn, size_t pi, int esc,
                    uint16_t coll, const pdb_collation *co, bool mb, int depth)
{
    while (pi < pn) {
        size_t pj = pi;
        int pc = lk_next(p, pn, &pj, mb);
        if (pc == '%') {
            /* collapse runs of % and _ */
            size_t pk = pj;
            while (pk < pn) {
                size_t t = pk;
                int c = lk_next(p, pn, &t, mb);
                if (c == '%') { pk = t; continue; }
                if (c == '_') { if (si >= sn) return -1; lk_next(s, sn, &si, mb); pk = t; continue; }
                break;
            }
            if (pk >= pn) return 1;
            if (depth > 1000) return 0;
            for (size_t k = si; k <= sn;) {
                int r = like_rec(s, sn, k, p, pn, pk, esc, coll, co, mb, depth + 1);
                if (r) return r;
                if (k >= sn) break;
                lk_next(s, sn, &k, mb);
            }
            return -1;
        }
        if (si >= sn) return -1;
        int sc = lk_next(s, sn, &si, mb);
        if (pc == '_') { pi = pj; continue; }
        if (pc == esc && pj < pn) pc = lk_next(p, pn, &pj, mb);
        if (!ch_eq(sc, pc, coll, co)) return 0;
        pi = pj;
    }
    return si >= sn;
}

/* Case-insensitive search of an ASCII needle (already upper-cased) in s. The needle's
 * rarest character (by English letter frequency, P made common by HTML's <p>) is located
 * with memchr, for its lower and upper case separately, each stream advanced only when
 * passed, so the text is read at memchr's speed; each hit is then checked in place. */
static int letter_rarity(unsigned char c)
{
    static const int8_t rank[26] = {   /* A..Z: the place in ETAOINSHRDLPCUMWFGYBVKJXQZ */
        2, 19, 12, 9, 0, 16, 17, 7, 4, 22, 21, 10, 14, 5, 3, 11, 24, 8, 6, 1, 13, 20, 15, 23, 18, 25 };
    if (c == ' ') return -1;
    return c >= 'A' && c <= 'Z' ? rank[c - 'A'] : 30;   /* digits and punctuation: rare */
}

/* The rarest character of nd[0..nn) other than the one at skip. */
static size_t rarest(const char *nd, size_t nn, size_t skip)
{
    size_t pick = skip == 0 ? 1 : 0;
    for (size_t k = pick + 1; k < nn; k++)
        if (k != skip && letter_rarity((unsigned char)nd[k]) > letter_rarity((unsigned char)nd[pick])) pick = k;
    return pick;
}

static bool ascii_ci_find_at(const char *s, size_t sn, const char *nd, size_t nn, size_t pick)
{
    if (nn == 0) return true;
    if (sn < nn) return false;
    unsigned char up = (unsigned char)nd[pick];
    unsigned char lo = (unsigned char)(up >= 'A' && up <= 'Z' ? up + 32 : up);
    const unsigned char *u = (const unsigned char *)s;
#define UP(c) ((unsigned char)((c) >= 'a' && (c) <= 'z' ? (c) - 32 : (c)))
    /* the picked character can only sit at positions pick .. sn - nn + pick */
    size_t from = pick, to = sn - nn + pick + 1;
    const unsigned char *nu = from < to ? memchr(u + from, up, to - from) : NULL;
    const unsigned char *nl = lo != up && from < to ? memchr(u + from, lo, to - from) : NULL;
    while (nu || nl) {
        const unsigned char *hit = !nl || (nu && nu < nl) ? nu : nl;
        size_t i = (size_t)(hit - u) - pick;
        size_t k = 0;
        while (k < nn && UP(u[i + k]) == (unsigned char)nd[k]) k++;
        if (k == nn) return true;
        size_t next = (size_t)(hit - u) + 1;
        if (hit == nu) nu = next < to ? memchr(u + next, up, to - next) : NULL;
        else nl = next < to ? memchr(u + next, lo, to - next) : NULL;
    }
#undef UP
    return false;
}

static bool ascii_ci_find(const char *s, size_t sn, const char *nd, size_t nn)
{
    return ascii_ci_find_at(s, sn, nd, nn, nn ? rarest(nd, nn, SIZE_MAX) : 0);
}

static bool plain_ascii(const char *s, size_t n)
{
    size_t i = 0;
#if defined(__SSE2__)
    /* sixteen bytes at once: below 0x20 signed is a control character or a high byte */
    const __m128i x20 = _mm_set1_epi8(0x20), t9 = _mm_set1_epi8(9), t10 = _mm_set1_epi8(10), t13 = _mm_set1_epi8(13);
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(s + i));
        __m128i ok = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, t9), _mm_cmpeq_epi8(v, t10)), _mm_cmpeq_epi8(v, t13));
        if (_mm_movemask_epi8(_mm_andnot_si128(ok, _mm_cmplt_epi8(v, x20)))) return false;
    }
#endif
    while (i < n) {
        if (i + 8 <= n) {   /* eight bytes at once when none is below 0x20 or above 0x7f */
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (!((((w - 0x2020202020202020ull) & ~w) | w) & 0x8080808080808080ull)) { i += 8; continue; }
        }
        unsigned char c = (unsigned char)s[i++];
        if (c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) return false;
    }
    return true;
}

/* The printable ASCII character (upper-cased) that code point cp equals under a _ci
 * collation, or 1 when none does: found by taking the compatibility decomposition's base
 * character and confirming with the collation, failing that by asking the collation
 * about each ASCII character. Cached per collation (the answers differ: U+2095 ₕ is h
 * under uca1400 and nothing under unicode_520), the BMP in full, the other planes (𝐀,
 * 🅰) in a small table by code point. */
typedef struct fold_tab {
    uint16_t coll;
    _Atomic uint8_t bmp[65536];          /* 0: not asked yet */
    _Atomic uint32_t sup[4096];          /* cp << 8 | fold, at cp % 4096; 0: empty */
} fold_tab;

#define FOLD_TABS 64                     /* collations with a cache (more: answers not kept) */
static _Atomic(fold_tab *) fold_tabs[FOLD_TABS];

static fold_tab *fold_tab_for(uint16_t coll)
{
    for (int k = 0; k < FOLD_TABS; k++) {
        fold_tab *t = atomic_load_explicit(&fold_tabs[k], memory_order_acquire);
        if (!t) {
            fold_tab *n = calloc(1, sizeof *n);
            if (!n) return NULL;
            n->coll = coll;
            if (atomic_compare_exchange_strong(&fold_tabs[k], &t, n)) return n;
            free(n);   /* another thread took the slot: t is its table */
        }
        if (t->coll == coll) return t;
    }
    return NULL;
}

/* cp (UTF-8 in enc) equals the ASCII character cand: as the collation compares, and where
 * it compares several levels also as LIKE compares characters (uca1400's _as_ci: 𝐚 = 'a',
 * yet 𝐚 LIKE 'a' is 0, MariaDB having no secondary weights on its page) */
static bool fold_eq(uint16_t coll, int32_t cp, const char *enc, int32_t el, char cand)
{
    return pdb_coll_cmp(coll, enc, (size_t)el, &cand, 1) == 0 &&
           (pdb_coll_levels(coll) == 1 || pdb_coll_char_eq(coll, cp, (unsigned char)cand));
}

static uint8_t fold_compute(int32_t cp, uint16_t coll)
{
    uint8_t f = 1;
    char enc[4];
    int32_t el = 0;
    U8_APPEND_UNSAFE((uint8_t *)enc, el, cp);
    UErrorCode st = U_ZERO_ERROR;
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&st);
    UChar buf[16];
    if (U_SUCCESS(st)) {
        st = U_ZERO_ERROR;
        int32_t n = unorm2_getDecomposition(nfkd, cp, buf, 16, &st);
        if (U_SUCCESS(st) && n > 0 && buf[0] >= 0x20 && buf[0] < 0x7f) {
            char cand = (char)buf[0];
            if (fold_eq(coll, cp, enc, el, cand)) f = (uint8_t)(cand >= 'a' && cand <= 'z' ? cand - 32 : cand);
        }
    }
    /* no decomposition to an equal ASCII character, yet the collation may make it one
       (utf8mb4_general_ci: ß = S) */
    for (char cand = 0x21; cand < 0x7f && f == 1; cand++)
        if (!(cand >= 'a' && cand <= 'z') && fold_eq(coll, cp, enc, el, cand)) f = (uint8_t)cand;
    return f;
}

/* (t: fold_tab_for(coll), or NULL: not cached) */
static uint8_t fold_cp(int32_t cp, uint16_t coll, fold_tab *t)
{
    if (cp < 0x80) return (uint8_t)(cp >= 'a' && cp <= 'z' ? cp - 32 : cp);
    if (!t) return fold_compute(cp, coll);
    if (cp <= 0xffff) {
        uint8_t f = atomic_load_explicit(&t->bmp[cp], memory_order_relaxed);
        if (!f) atomic_store_explicit(&t->bmp[cp], f = fold_compute(cp, coll), memory_order_relaxed);
        return f;
    }
    _Atomic uint32_t *e = &t->sup[cp % 4096];
    uint32_t v = atomic_load_explicit(e, memory_order_relaxed);
    if (v && (int32_t)(v >> 8) == cp) return (uint8_t)v;
    uint8_t f = fold_compute(cp, coll);
    atomic_store_explicit(e, (uint32_t)cp << 8 | f, memory_order_relaxed);
    return f;
}

void *ex_like_folds(uint16_t coll)
{
    return fold_tab_for(coll);
}

uint8_t ex_like_fold(int32_t cp, uint16_t coll, void *folds)
{
    return fold_cp(cp, coll, folds);
}

/* The folds a first LIKE over real text would look up one code point at a time (ICU's
 * decomposition, then up to 94 comparisons each): Latin-1, Latin Extended A and B, and
 * general punctuation, for WordPress's two collations. */
void ex_like_warm(void)
{
    static const int32_t range[][2] = { { 0x80, 0x24f }, { 0x2000, 0x206f } };
    static const uint16_t colls[] = { COLL_UTF8MB4_UNICODE_520_CI, COLL_UTF8MB4_GENERAL_CI };
    for (size_t c = 0; c < sizeof colls / sizeof colls[0]; c++) {
        fold_tab *t = fold_tab_for(colls[c]);
        for (size_t r = 0; r < sizeof range / sizeof range[0]; r++)
            for (int32_t cp = range[r][0]; cp <= range[r][1]; cp++)
                (void)fold_cp(cp, colls[c], t);
    }
}

/* Bytes of s with the top bit set (UTF-8's non-ASCII bytes), a word at a time. */
static size_t count_high(const char *s, size_t n)
{
    size_t c = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        c += (size_t)((((w & 0x8080808080808080ull) >> 7) * 0x0101010101010101ull) >> 56);   /* byte sum */
    }
    for (; i < n; i++) c += (unsigned char)s[i] >> 7;
    return c;
}

/* ---------------------------------------------------------------- '%literal%' */

/* A pattern made ready once for the texts of a statement (like_prep), kept in a small
 * per-thread cache keyed by the pattern's bytes: a LIKE over 2,000 posts prepared its
 * literal, rarities and sets once per row and column before. */
enum { LK_ANY, LK_BYTES, LK_CI, LK_MULTI };
#define LIKE_SUBS 4   /* literals of '%a%b%' prepared for LK_MULTI */

typedef struct like_pat {
    char pat[256];              /* the pattern (pn < 256: only those are prepared) */
    size_t pn;
    int esc;
    uint16_t coll;
    uint8_t kind;               /* LK_ANY: like_rec; LK_BYTES: memmem of lit; LK_CI below;
                                   LK_MULTI: '%a%b%': each literal's '%a%' (sub) must match
                                   before like_rec decides */
    uint8_t nsub;
    struct like_pat *sub;       /* LK_MULTI: nsub prepared '%literal%' patterns */
    fold_tab *ft;               /* the collation's folds (fold_cp) */
    bool mb;
    const pdb_collation *co;
    char lit[256];              /* LK_BYTES, LK_CI: the literal (LK_CI: upper-cased, printable ASCII) */
    size_t ln;
    size_t pick;                /* the rarest character of lit (ascii_ci_find) */
    size_t p1, p2, pmax;        /* the rarest two (the SIMD pair scan), ln >= 2 */
    uint64_t in_lit[2];         /* lit's characters as a set */
} like_pat;

/* Case-insensitive search of lit (upper-cased) in s from its rarest character pick. */
static bool ci_find(const like_pat *m, const char *s, size_t sn)
{
    return ascii_ci_find_at(s, sn, m->lit, m->ln, m->pick);
}

static void like_prep(like_pat *m, const char *p, size_t pn, int esc, uint16_t coll, like_pat *subs);
static void like_prep_part(like_pat *m, const char *p, size_t pn, int esc, like_pat *subs);

/* '%a%b%...' (two to LIKE_SUBS printable-ASCII literals, no '_'): a row matches only if
 * each literal is in it somewhere, which the fast '%literal%' paths decide; each is
 * prepared in subs as its own '%literal%'. False when the pattern is not of that form. */
static bool like_prep_multi(like_pat *m, const char *p, size_t pn, int esc, like_pat *subs)
{
    if (!subs || pn < 5 || p[0] != '%' || p[pn - 1] != '%' || (p[pn - 2] == esc)) return false;
    char sp[LIKE_SUBS][258];
    size_t sl[LIKE_SUBS] = { 0 };
    int n = 0;
    for (size_t i = 1; i + 1 < pn; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == '_') return false;
        if (c == '%') { if (n < LIKE_SUBS && sl[n]) n++; continue; }
        if ((int)c == esc) {
            if (i + 2 >= pn) return false;
            c = (unsigned char)p[++i];
        }
        if (c < 0x20 || n == LIKE_SUBS || sl[n] > 250) return false;   /* (bytes of other characters: the part's own like_prep) */
        if (!sl[n]) sp[n][sl[n]++] = '%';
        if ((c == '%' || c == '_' || (int)c == esc) && esc >= 0) sp[n][sl[n]++] = (char)esc;
        sp[n][sl[n]++] = (char)c;
    }
    if (n < LIKE_SUBS && sl[n]) n++;
    if (n < 2) return false;
    for (int k = 0; k < n; k++) {
        sp[k][sl[k]++] = '%';
        like_prep(&subs[k], sp[k], sl[k], esc, m->coll, NULL);
        if (subs[k].kind == LK_ANY) return false;
    }
    m->sub = subs;
    m->nsub = (uint8_t)n;
    m->kind = LK_MULTI;
    return true;
}

/* '%literal%' with a character equal to no one ASCII character (ß in unicode_520 is
 * "ss"): the longest run of the others (two or more characters), itself a fast
 * '%run%', must be in a text for the literal to be; the character-by-character match
 * decides the rest (LK_MULTI with one part). */
static void like_prep_part(like_pat *m, const char *p, size_t pn, int esc, like_pat *subs)
{
    if (!subs) return;
    size_t best = 0, bestb = 0, beste = 0, run = 0, runb = 1;
    for (size_t i = 1; i + 1 < pn;) {
        size_t at = i;
        unsigned char c = (unsigned char)p[i];
        if ((int)c == esc) { if (i + 2 >= pn) return; c = (unsigned char)p[++i]; }
        bool ok;
        if (c < 0x80) { ok = c >= 0x20; i++; }
        else {
            UChar32 cp;
            int32_t k = (int32_t)i;
            U8_NEXT((const uint8_t *)p, k, (int32_t)(pn - 1), cp);
            uint8_t f = cp < 0 ? 1 : fold_cp(cp, m->coll, fold_tab_for(m->coll));
            ok = f >= 0x20 && f < 0x80;
            i = (size_t)k;
        }
        if (!ok) { run = 0; runb = i; continue; }
        if (!run) runb = at;
        if (++run > best) { best = run; bestb = runb; beste = i; }
    }
    if (best < 2 || beste - bestb + 2 > sizeof m->pat) return;
    char sp[sizeof m->pat];
    sp[0] = '%';
    memcpy(sp + 1, p + bestb, beste - bestb);
    sp[beste - bestb + 1] = '%';
    like_prep(&subs[0], sp, beste - bestb + 2, esc, m->coll, NULL);
    if (subs[0].kind == LK_ANY) return;
    m->sub = subs;
    m->nsub = 1;
    m->kind = LK_MULTI;
}

static void like_prep(like_pat *m, const char *p, size_t pn, int esc, uint16_t coll, like_pat *subs)
{
    memcpy(m->pat, p, pn);
    m->pn = pn;
    m->esc = esc;
    m->coll = coll;
    m->co = pdb_coll_by_id(coll);
    m->mb = m->co && m->co->maxlen > 1;
    m->kind = LK_ANY;
    m->nsub = 0;
    /* '%literal%' with a printable-ASCII literal (the WordPress search) */
    if (pn < 2 || p[0] != '%' || p[pn - 1] != '%' || (pn >= 3 && p[pn - 2] == esc)) return;
    size_t ln = 0;
    bool ci = m->co && m->co->ci && !m->co->binary;
    if (m->co && (ci ? !pdb_coll_ascii_ci(coll) : !pdb_coll_exact(coll))) return;   /* (like_rec decides) */
    for (size_t i = 1; i + 1 < pn; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == '%') { like_prep_multi(m, p, pn, esc, subs); return; }
        if (c == '_') return;
        if ((int)c == esc) {
            if (i + 2 >= pn) return;
            c = (unsigned char)p[++i];
        }
        if (c >= 0x80 && ci && m->mb) {
            /* a character equal to one ASCII character under the collation (é = E) is
               that character: LIKE compares character by character, so '%café%' and
               '%cafe%' match the same texts */
            UChar32 cp;
            int32_t k = (int32_t)i;
            U8_NEXT((const uint8_t *)p, k, (int32_t)(pn - 1), cp);
            uint8_t f = cp < 0 ? 1 : fold_cp(cp, coll, fold_tab_for(coll));
            if (f < 0x20 || f >= 0x80) { like_prep_part(m, p, pn, esc, subs); return; }
            m->lit[ln++] = (char)f;
            i = (size_t)k - 1;
            continue;
        }
        if (c < 0x20 || c >= 0x80) return;
        m->lit[ln++] = (char)c;
    }
    m->ln = ln;
    if (!m->co || m->co->binary || !m->co->ci) { m->kind = LK_BYTES; return; }   /* bytes compare exactly */
    m->kind = LK_CI;
    m->ft = fold_tab_for(coll);
    m->in_lit[0] = m->in_lit[1] = 0;
    for (size_t i = 0; i < ln; i++) {
        if (m->lit[i] >= 'a' && m->lit[i] <= 'z') m->lit[i] = (char)(m->lit[i] - 32);
        m->in_lit[m->lit[i] >> 6] |= 1ull << (m->lit[i] & 63);
    }
    m->pick = rarest(m->lit, ln, SIZE_MAX);
    m->p1 = m->pick;
    m->p2 = ln >= 2 ? rarest(m->lit, ln, m->p1) : 0;
    m->pmax = m->p1 > m->p2 ? m->p1 : m->p2;
}

/* This thread's prepared patterns, the oldest replaced first. */
#define LIKE_CACHE 4
static __thread like_pat like_cache[LIKE_CACHE];
static __thread like_pat like_subs[LIKE_CACHE][LIKE_SUBS];   /* (the LK_MULTI parts of each) */
static __thread unsigned like_cache_n;

static const like_pat *like_cached(const char *p, size_t pn, int esc, uint16_t coll)
{
    for (unsigned k = 0; k < LIKE_CACHE && k < like_cache_n; k++) {
        const like_pat *m = &like_cache[k];
        if (m->pn == pn && m->esc == esc && m->coll == coll && !memcmp(m->pat, p, pn)) return m;
    }
    unsigned slot = like_cache_n++ % LIKE_CACHE;
    like_pat *m = &like_cache[slot];
    like_prep(m, p, pn, esc, coll, like_subs[slot]);
    return m;
}

/* The first UTF-8 lead byte (0xc0 and up) of s[i..n), or n; a word at a time: a byte
 * has its top two bits set where w & (w << 1) has its top bit set. */
static size_t next_lead(const char *s, size_t i, size_t n)
{
#if defined(__SSE2__)
    for (; i + 16 <= n; i += 16) {   /* the same test sixteen bytes at once: v + v is v << 1 */
        __m128i v = _mm_loadu_si128((const __m128i *)(s + i));
        unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(v, _mm_add_epi8(v, v)));
        if (m) return i + (size_t)__builtin_ctz(m);
    }
#endif
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        uint64_t m = w & (w << 1) & 0x8080808080808080ull;
        if (m) return i + (size_t)(__builtin_ctzll(m) >> 3);
    }
    for (; i < n; i++) if ((unsigned char)s[i] >= 0xc0) return i;
    return n;
}

/* Can the character byte b belongs to fold to one in the set? A non-ASCII byte can. */
static inline bool may_fold_in(const uint64_t set[2], char b)
{
    unsigned char c = (unsigned char)b;
    if (c >= 0x80) return true;
    if (c >= 'a' && c <= 'z') c -= 32;
    return set[c >> 6] >> (c & 63) & 1;
}

/* The length a UTF-8 lead byte (0xc0 and up) announces: a valid character's length; an
 * invalid sequence decodes to no character, which is in no match anyway. */
static inline size_t lead_len(char b)
{
    unsigned char c = (unsigned char)b;
    return c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
}

/* Can the character at s[i..i+cl) (folded to f) be in a match at a place where the
 * literal has f? Only its ASCII neighbours are judged: an ASCII byte is a character of its
 * own in any decoding, and its fold is its upper case; a non-ASCII neighbour may fold to
 * anything, so it leaves the place possible. Most accented letters of real text fail here
 * on the letter beside them, and the window search below is skipped. */
static bool lead_fits(const char *s, size_t sn, size_t i, size_t cl, uint8_t f, const char *lit, size_t ln)
{
    for (size_t j = 0; j < ln; j++) {
        if ((uint8_t)lit[j] != f) continue;
        if (j > 0) {
            if (i == 0) continue;
            unsigned char b = (unsigned char)s[i - 1];
            if (b < 0x80 && (b >= 'a' && b <= 'z' ? b - 32 : b) != (unsigned char)lit[j - 1]) continue;
        }
        if (j + 1 < ln) {
            if (i + cl >= sn) continue;
            unsigned char a = (unsigned char)s[i + cl];
            if (a < 0x80 && (a >= 'a' && a <= 'z' ? a - 32 : a) != (unsigned char)lit[j + 1]) continue;
        }
        return true;
    }
    return false;
}

/* '%literal%' over UTF-8 text with non-ASCII characters: fold the text to upper-case
 * ASCII (characters equal to no ASCII character become 0x01) and search. */
static bool folded_find(const char *s, size_t sn, const char *lit, size_t ln, uint16_t coll, fold_tab *ft)
{
    /* scratch only (nothing survives a call, nothing raises inside): thread-local to
       keep 4 KiB off the evaluation's stack */
    static __thread char stackbuf[4096];
    bool heap = sn > sizeof stackbuf;
    char *buf = heap ? malloc(sn) : stackbuf;
    if (!buf) return false;
    size_t k = 0;
    for (size_t i = 0; i < sn;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) { buf[k++] = (char)(c >= 'a' && c <= 'z' ? c - 32 : c); i++; continue; }
        UChar32 cp;
        int32_t ii = (int32_t)i;
        U8_NEXT((const uint8_t *)s, ii, (int32_t)sn, cp);
        i = (size_t)ii;
        buf[k++] = cp < 0 ? 1 : (char)fold_cp(cp, coll, ft);
    }
    bool r = ascii_ci_find(buf, k, lit, ln);
    if (heap) free(buf);
    return r;
}

/* Is there a match holding the non-ASCII character that starts at s[i] (a lead byte)?
 * Each such character is asked on its own: every match the ASCII search misses holds one,
 * and it lies within the window of ln characters of four bytes either side of it. */
static bool lead_window(const like_pat *m, const char *s, size_t sn, size_t i)
{
    size_t ln = m->ln;
    /* only a character equal to one of the literal's can be in a match the ASCII search
       missed (curly quotes and dashes are equal to none) */
    UChar32 cp;
    int32_t ci = 0;
    U8_NEXT((const uint8_t *)s + i, ci, (int32_t)(sn - i < 4 ? sn - i : 4), cp);
    uint8_t f = cp < 0 ? 1 : fold_cp(cp, m->coll, m->ft);
    if (f == 1 || !(m->in_lit[f >> 6] >> (f & 63) & 1)) return false;
    if (!lead_fits(s, sn, i, (size_t)ci, f, m->lit, ln)) return false;
    size_t b = i > ln * 4 ? i - ln * 4 : 0, e = i + ln * 4 + 4;
    if (e > sn) e = sn;
    while (b > 0 && ((unsigned char)s[b] & 0xc0) == 0x80) b--;
    while (e < sn && ((unsigned char)s[e] & 0xc0) == 0x80) e++;
    return folded_find(s + b, e - b, m->lit, ln, m->coll, m->ft);
}

/* (the test that rules out most characters, inlined where they are met) */
static inline bool lead_match(const like_pat *m, const char *s, size_t sn, size_t i)
{
    /* with ln >= 2 a match holds a neighbour of the character too: two ASCII neighbours
       the literal does not contain rule it out undecoded */
    if (m->ln >= 2 && !(i > 0 && may_fold_in(m->in_lit, s[i - 1])) &&
        !(i + lead_len(s[i]) < sn && may_fold_in(m->in_lit, s[i + lead_len(s[i])])))
        return false;
    return lead_window(m, s, sn, i);
}

/* The verdicts of the '%literal%' paths: found, not there, or only like_rec can tell
 * (control characters in ASCII text, non-ASCII text in a one-byte collation). */
enum { LS_NONE, LS_FOUND, LS_SLOW };

/* No ASCII match in s, which has high bytes with the top bit set and is plain_ascii or
 * not: look around each non-ASCII character (é = E), or fold all of a dense text. */
static int ci_rest(const like_pat *m, const char *s, size_t sn, size_t from, size_t high, bool plain)
{
    if (!high) return plain ? LS_NONE : LS_SLOW;
    if (!m->mb) return LS_SLOW;
    if (high * 16 > sn) return folded_find(s, sn, m->lit, m->ln, m->coll, m->ft) ? LS_FOUND : LS_NONE;
    for (size_t i = next_lead(s, from, sn); i < sn; i = next_lead(s, i + 1, sn))
        if (lead_match(m, s, sn, i)) return LS_FOUND;
    return LS_NONE;
}

/* Is lit at position at of u (sn bytes)? The pair scans' candidates lie within the
 * text but a literal longer than its rarest pair's reach may not fit. */
static bool lit_at(const like_pat *m, const unsigned char *u, size_t sn, size_t at)
{
    if (sn - at < m->ln) return false;
    for (size_t k = 0; k < m->ln; k++) {
        unsigned char c = u[at + k];
        if ((unsigned char)(c >= 'a' && c <= 'z' ? c - 32 : c) != (unsigned char)m->lit[k]) return false;
    }
    return true;
}

/* The SIMD scans, for ln >= 2 over texts of ln + 32 bytes or more: candidates are the
 * positions where the literal's two rarest characters (case folded with | 0x20, which only
 * adds candidates) sit at their distance; each is compared in full. The same pass notes
 * what the slower paths need when nothing matched: non-ASCII bytes, control characters. */
#if defined(__SSE2__)
/* Thirty-two positions per step where the CPU has AVX2 (checked once). The non-ASCII
 * characters are asked about in the same pass (lead_match), while their bytes are in
 * cache, instead of a second pass over the text; a text where they are dense is folded
 * whole at the end instead. Control characters matter only in a text without non-ASCII
 * ones: such a text that did not match is read again (from cache) by plain_ascii. */
__attribute__((target("avx2"))) static int ci_scan_avx2(const like_pat *m, const char *s, size_t sn)
{
    const __m256i a = _mm256_set1_epi8((char)(m->lit[m->p1] | 0x20)), b = _mm256_set1_epi8((char)(m->lit[m->p2] | 0x20));
    const __m256i x20 = _mm256_set1_epi8(0x20);
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, leads = 0;
    unsigned high = 0;
    bool dense = false;
    for (; i + m->pmax + 32 <= sn; i += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(u + i));
        unsigned hm = (unsigned)_mm256_movemask_epi8(v);
        if (hm) {
            high |= hm;
            if (m->mb && !dense)
                for (unsigned lm = (unsigned)_mm256_movemask_epi8(_mm256_and_si256(v, _mm256_add_epi8(v, v))); lm; lm &= lm - 1) {
                    if (++leads * 16 > sn) { dense = true; break; }
                    if (lead_match(m, s, sn, i + (size_t)__builtin_ctz(lm))) return LS_FOUND;
                }
        }
        __m256i c1 = _mm256_cmpeq_epi8(_mm256_or_si256(_mm256_loadu_si256((const __m256i *)(u + i + m->p1)), x20), a);
        __m256i c2 = _mm256_cmpeq_epi8(_mm256_or_si256(_mm256_loadu_si256((const __m256i *)(u + i + m->p2)), x20), b);
        for (unsigned pm = (unsigned)_mm256_movemask_epi8(_mm256_and_si256(c1, c2)); pm; pm &= pm - 1)
            if (lit_at(m, u, sn, i + (size_t)__builtin_ctz(pm))) return LS_FOUND;
    }
    /* the positions the steps did not cover */
    if (ci_find(m, s + i, sn - i)) return LS_FOUND;
    size_t tail_high = count_high(s + i, sn - i);
    if (!high && !tail_high) return plain_ascii(s, sn) ? LS_NONE : LS_SLOW;
    if (!m->mb) return LS_SLOW;
    if (dense) return folded_find(s, sn, m->lit, m->ln, m->coll, m->ft) ? LS_FOUND : LS_NONE;
    for (size_t j = next_lead(s, i, sn); j < sn; j = next_lead(s, j + 1, sn)) {
        if (++leads * 16 > sn) return folded_find(s, sn, m->lit, m->ln, m->coll, m->ft) ? LS_FOUND : LS_NONE;
        if (lead_match(m, s, sn, j)) return LS_FOUND;
    }
    return LS_NONE;
}

/* Sixteen positions per step (SSE2, every x86-64); the non-ASCII characters after. */
static int ci_scan(const like_pat *m, const char *s, size_t sn)
{
    static _Atomic int avx2 = -1;
    int has = atomic_load_explicit(&avx2, memory_order_relaxed);
    if (has < 0) atomic_store_explicit(&avx2, has = __builtin_cpu_supports("avx2") ? 1 : 0, memory_order_relaxed);
    if (has) return ci_scan_avx2(m, s, sn);
    const __m128i a = _mm_set1_epi8((char)(m->lit[m->p1] | 0x20)), b = _mm_set1_epi8((char)(m->lit[m->p2] | 0x20));
    const __m128i x20 = _mm_set1_epi8(0x20), t9 = _mm_set1_epi8(9), t10 = _mm_set1_epi8(10), t13 = _mm_set1_epi8(13);
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    int ctl = 0;
    unsigned high = 0;
    for (; i + m->pmax + 16 <= sn; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(u + i));
        high |= (unsigned)_mm_movemask_epi8(v);
        __m128i low = _mm_andnot_si128(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, t9), _mm_cmpeq_epi8(v, t10)),
                                                    _mm_cmpeq_epi8(v, t13)), _mm_cmplt_epi8(v, x20));
        ctl |= _mm_movemask_epi8(low);
        __m128i c1 = _mm_cmpeq_epi8(_mm_or_si128(_mm_loadu_si128((const __m128i *)(u + i + m->p1)), x20), a);
        __m128i c2 = _mm_cmpeq_epi8(_mm_or_si128(_mm_loadu_si128((const __m128i *)(u + i + m->p2)), x20), b);
        for (unsigned pm = (unsigned)_mm_movemask_epi8(_mm_and_si128(c1, c2)); pm; pm &= pm - 1)
            if (lit_at(m, u, sn, i + (size_t)__builtin_ctz(pm))) return LS_FOUND;
    }
    if (ci_find(m, s + i, sn - i)) return LS_FOUND;
    size_t nh = high ? count_high(s, sn) : count_high(s + i, sn - i);
    return ci_rest(m, s, sn, 0, nh, !nh && !ctl && plain_ascii(s + i, sn - i));
}
#elif defined(__ARM_NEON)
#include <arm_neon.h>
/* (NEON has no movemask: narrowing each 16-bit pair by 4 leaves 4 bits per byte) */
static uint64_t neon_mask(uint8x16_t m)
{
    return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(m), 4)), 0);
}

static int ci_scan(const like_pat *m, const char *s, size_t sn)
{
    const uint8x16_t a = vdupq_n_u8((uint8_t)(m->lit[m->p1] | 0x20)), b = vdupq_n_u8((uint8_t)(m->lit[m->p2] | 0x20));
    const uint8x16_t x20 = vdupq_n_u8(0x20), t9 = vdupq_n_u8(9), t10 = vdupq_n_u8(10), t13 = vdupq_n_u8(13);
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    uint8x16_t high = vdupq_n_u8(0), ctl = vdupq_n_u8(0);
    for (; i + m->pmax + 16 <= sn; i += 16) {
        uint8x16_t v = vld1q_u8(u + i);
        high = vorrq_u8(high, v);
        uint8x16_t ok = vorrq_u8(vorrq_u8(vceqq_u8(v, t9), vceqq_u8(v, t10)), vceqq_u8(v, t13));
        ctl = vorrq_u8(ctl, vbicq_u8(vcltq_u8(v, x20), ok));
        uint8x16_t c1 = vceqq_u8(vorrq_u8(vld1q_u8(u + i + m->p1), x20), a);
        uint8x16_t c2 = vceqq_u8(vorrq_u8(vld1q_u8(u + i + m->p2), x20), b);
        for (uint64_t pm = neon_mask(vandq_u8(c1, c2)); pm; pm &= ~(0xfull << (__builtin_ctzll(pm) & ~3)))
            if (lit_at(m, u, sn, i + (size_t)(__builtin_ctzll(pm) >> 2))) return LS_FOUND;
    }
    if (ci_find(m, s + i, sn - i)) return LS_FOUND;
    bool any = vmaxvq_u8(high) >= 0x80;
    size_t nh = any ? count_high(s, sn) : count_high(s + i, sn - i);
    return ci_rest(m, s, sn, 0, nh, !nh && vmaxvq_u8(ctl) == 0 && plain_ascii(s + i, sn - i));
}
#else
static int ci_scan(const like_pat *m, const char *s, size_t sn)
{
    if (ci_find(m, s, sn)) return LS_FOUND;
    size_t nh = count_high(s, sn);
    return ci_rest(m, s, sn, 0, nh, !nh && plain_ascii(s, sn));
}
#endif

static int ci_match(const like_pat *m, const char *s, size_t sn)
{
    if (m->ln >= 2 && sn >= m->ln + 32) return ci_scan(m, s, sn);
    if (ci_find(m, s, sn)) return LS_FOUND;
    size_t nh = count_high(s, sn);
    return ci_rest(m, s, sn, 0, nh, !nh && plain_ascii(s, sn));
}

static bool like_match(const like_pat *m, const char *s, size_t sn)
{
    if (m->kind == LK_BYTES) return m->ln == 0 || memmem(s, sn, m->lit, m->ln) != NULL;
    if (m->kind == LK_MULTI)   /* (a literal that is nowhere: no match; else like_rec decides) */
        for (unsigned k = 0; k < m->nsub; k++) if (!like_match(&m->sub[k], s, sn)) return false;
    if (m->kind == LK_CI) {
        int r = ci_match(m, s, sn);
        if (r != LS_SLOW) return r == LS_FOUND;
    }
    /* character by character: the text is UTF-8 whatever the column's charset */
    return like_rec(s, sn, 0, m->pat, m->pn, 0, m->esc, m->coll, m->co, m->coll != COLL_BINARY, 0) == 1;
}

/* MariaDB's Boyer-Moore '%literal%' search (Item_func_like): a pattern of more than five
 * characters, '%' at both ends and no other wildcard or escape between. On a
 * single-byte charset it compares by the collation's sort order, which two collations
 * have otherwise than their LIKE (latin2_czech_cs: case-blind there, exact elsewhere).
 * MariaDB searches so only for a constant pattern; here any pattern of that form is. */
static bool search_form(const char *p, size_t pn, int esc)
{
    if (pn < 2 || p[0] != '%' || p[pn - 1] != '%') return false;
    size_t chars = 0;
    for (size_t i = 0; i < pn; i++) {
        unsigned char c = (unsigned char)p[i];
        if ((c & 0xc0) != 0x80) chars++;
        if (i && i + 1 < pn && (c == '%' || c == '_' || (int)c == esc)) return false;
    }
    return chars > 5;
}

static bool search_find(const char *s, size_t sn, const char *lit, size_t ln, uint16_t coll, const uint8_t *cls)
{
    for (size_t i = 0; i <= sn;) {
        size_t si = i, li = 0;
        while (li < ln && si < sn) {
            int a = lk_next(s, sn, &si, true), b = lk_next(lit, ln, &li, true);
            if (!pdb_coll_search_eq(coll, cls, a, b)) break;
            if (li >= ln) return true;
        }
        if (!ln) return true;
        if (i >= sn) break;
        lk_next(s, sn, &i, true);
    }
    return false;
}

bool ex_like(const char *s, size_t sn, const char *p, size_t pn, int esc, uint16_t coll)
{
    const uint8_t *cls = pdb_coll_search_classes(coll);
    if (cls && search_form(p, pn, esc)) return search_find(s, sn, p + 1, pn - 2, coll, cls);
    if (pn < sizeof ((like_pat *)0)->pat) return like_match(like_cached(p, pn, esc, coll), s, sn);
    const pdb_collation *co = pdb_coll_by_id(coll);
    return like_rec(s, sn, 0, p, pn, 0, esc, coll, co, coll != COLL_BINARY, 0) == 1;
}
