/* coll_mb.c - MariaDB's multi-byte East Asian character sets (big5, ujis, sjis, euckr,
 * gb2312, gbk, cp932, eucjpms): their bytes to characters and back, and the weight of
 * each code, from the tables of storage/mbcs_tables.c. Text stays UTF-8 inside; these
 * give a character's code in the charset (what LENGTH, the client and the binary log
 * see, and what the collations weigh), built per charset on first use. collation.c
 * compares and hashes with them. */
#include "storage/coll_mb.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct mb_rt {
    _Atomic bool ready;
    const mb_charset *cs;
    int16_t row2[256];          /* the row of a two-byte code's lead byte, -1 none */
    uint32_t first3, n3;        /* the rows of three-byte codes (sorted by prefix) */
    uint32_t *page[256];        /* BMP character -> its code (0: none), 256 characters a page */
};

static mb_rt *rts;
static pthread_once_t rts_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t rts_mu = PTHREAD_MUTEX_INITIALIZER;

static void rts_alloc(void)
{
    rts = calloc(mb_ncharsets ? mb_ncharsets : 1, sizeof *rts);
    if (!rts) abort();
}

static void enc_set(mb_rt *r, uint32_t cp, uint32_t code, bool replace)
{
    if (cp > 0xffff) return;
    uint32_t **p = &r->page[cp >> 8];
    if (!*p) {
        if (!code) return;
        *p = calloc(256, sizeof **p);
        if (!*p) abort();
    }
    if (replace || !(*p)[cp & 255]) (*p)[cp & 255] = code;
}

/* The lowest code of each character (single bytes, then the rows in code order), then
 * MariaDB's own choices where they differ. */
static void rt_build(mb_rt *r, const mb_charset *cs)
{
    r->cs = cs;
    memset(r->row2, 0xff, sizeof r->row2);
    r->first3 = cs->nrows;
    for (uint32_t k = 0; k < cs->nrows; k++) {
        if (cs->rows[k].prefix < 0x100) r->row2[cs->rows[k].prefix] = (int16_t)k;
        else if (r->first3 == cs->nrows) r->first3 = k;
    }
    r->n3 = cs->nrows - r->first3;
    for (uint32_t b = 0; b < 256; b++)
        if (cs->one[b] < MB_UNMAPPED) enc_set(r, cs->one[b], b ? b : MB_NUL, false);
    for (uint32_t k = 0; k < cs->nrows; k++) {
        const mb_row *w = &cs->rows[k];
        for (uint32_t t = w->lo; t <= w->hi; t++) {
            uint16_t cp = cs->ent[w->off + t - w->lo];
            if (cp < MB_UNMAPPED) enc_set(r, cp, (uint32_t)w->prefix << 8 | t, false);
        }
    }
    for (uint32_t k = 0; k < cs->nenc; k++) enc_set(r, cs->enc[k][0], cs->enc[k][1], true);
}

const mb_rt *mb_rt_of(unsigned cs)
{
    pthread_once(&rts_once, rts_alloc);
    mb_rt *r = &rts[cs];
    if (!atomic_load_explicit(&r->ready, memory_order_acquire)) {
        pthread_mutex_lock(&rts_mu);
        if (!atomic_load_explicit(&r->ready, memory_order_relaxed)) {
            rt_build(r, &mb_charsets[cs]);
            atomic_store_explicit(&r->ready, true, memory_order_release);
        }
        pthread_mutex_unlock(&rts_mu);
    }
    return r;
}

int32_t mb_code(const mb_rt *r, int32_t cp)
{
    if (cp < 0 || cp > 0xffff) return -1;
    const uint32_t *p = r->page[cp >> 8];
    uint32_t code = p ? p[cp & 255] : 0;
    return !code ? -1 : code == MB_NUL ? 0 : (int32_t)code;
}

/* The entry of a code in its row (MB_ILSEQ when the row lacks it). */
static uint32_t row_index(const mb_row *w, unsigned last)
{
    return last < w->lo || last > w->hi ? UINT32_MAX : w->off + last - w->lo;
}

static const mb_row *row3(const mb_rt *r, uint16_t prefix)
{
    uint32_t lo = r->first3, hi = r->first3 + r->n3;
    while (lo < hi) {
        uint32_t m = (lo + hi) / 2;
        if (r->cs->rows[m].prefix < prefix) lo = m + 1; else hi = m;
    }
    return lo < r->first3 + r->n3 && r->cs->rows[lo].prefix == prefix ? &r->cs->rows[lo] : NULL;
}

int32_t mb_decode(const mb_rt *r, const uint8_t *s, size_t n, size_t *len)
{
    const mb_charset *cs = r->cs;
    uint16_t c = cs->one[s[0]];
    *len = 1;
    if (c != MB_ILSEQ) return c;
    if (n >= 3 && r->n3) {
        const mb_row *w = row3(r, (uint16_t)(s[0] << 8 | s[1]));
        uint32_t i = w ? row_index(w, s[2]) : UINT32_MAX;
        if (i != UINT32_MAX && cs->ent[i] != MB_ILSEQ) {
            *len = 3;
            return cs->ent[i] == MB_UNMAPPED ? -1 : cs->ent[i];
        }
    }
    if (n < 2 || r->row2[s[0]] < 0) return -1;
    uint32_t i = row_index(&cs->rows[r->row2[s[0]]], s[1]);
    if (i == UINT32_MAX || cs->ent[i] == MB_ILSEQ) return -1;
    *len = 2;
    return cs->ent[i] == MB_UNMAPPED ? -1 : cs->ent[i];
}

int32_t mb_char(const mb_rt *r, uint32_t code)
{
    uint8_t b[3] = { (uint8_t)(code >> 16), (uint8_t)(code >> 8), (uint8_t)code };
    unsigned n = pdb_code_len(code);
    size_t len;
    int32_t c = mb_decode(r, b + 3 - n, n, &len);
    return len == n ? c : -1;
}

unsigned mb_weight(const mb_rt *r, bool bin, bool xfrm, uint32_t code, uint8_t *out)
{
    const mb_charset *cs = r->cs;
    unsigned n = pdb_code_len(code);
    uint32_t w = code;
    const uint16_t *tab = xfrm && cs->xfrm ? cs->xfrm : cs->w;
    if (!bin && n == 1) w = cs->w1[code];
    else if (!bin && n == 2 && tab) {
        int16_t k = r->row2[code >> 8];
        uint32_t i = k < 0 ? UINT32_MAX : row_index(&cs->rows[k], code & 0xff);
        if (i != UINT32_MAX) w = tab[i];
    }
    for (unsigned j = 0; j < n; j++) out[j] = (uint8_t)(w >> (8 * (n - 1 - j)));
    return n;
}
