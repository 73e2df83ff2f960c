/* charset.c - conversion between the client's character set and the engine's.
 *
 * Inside, text is UTF-8 (utf8mb4); a client that talks a single-byte character set
 * (character_set_client latin1, koi8r, cp1251, ...) or an East Asian one (big5, sjis,
 * gbk, ujis, ...) has its statements converted to UTF-8 on the way in, and result
 * strings are converted to character_set_results on the way out (such a charset, UCS-2,
 * UTF-16/32 or utf8mb3), with '?' for a character the target cannot hold, as MariaDB
 * does. The maps are MariaDB's (storage/sbcs_tables.c, storage/mbcs_tables.c); its
 * latin1 is Windows-1252. */
#include "engine/eng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint16_t ex_internal_coll(uint16_t coll)
{
    const pdb_collation *c = pdb_coll_by_id(coll);
    if (!c || !pdb_coll_transcoded(coll)) return coll;
    return c->binary ? COLL_UTF8MB4_BIN : COLL_UTF8MB4_GENERAL_CI;
}

/* A transcoded charset's bytes as UTF-8 into o (3 bytes per byte at most); its length.
 * Bytes that stand for no character are '?' (see pdb_coll_decode_at); *first_bad (when
 * set) is where the first such bytes of a multi-byte charset start, SIZE_MAX none (a
 * single-byte charset's bytes are all well-formed, as MariaDB counts them). */
static size_t sb_to_utf8(uint16_t coll, const char *sql, size_t len, char *o, size_t *first_bad)
{
    size_t k = 0;
    bool ascii = pdb_coll_ascii_bytes(coll) && !pdb_coll_wide(coll), mb = !pdb_coll_single_byte(coll);
    if (first_bad) *first_bad = SIZE_MAX;
    for (size_t i = 0, step; i < len; i += step) {
        unsigned char b = (unsigned char)sql[i];
        step = 1;
        int32_t d = b < 0x80 && ascii ? b : pdb_coll_decode_at(coll, sql + i, len - i, &step);
        if (d < 0 && mb && first_bad && *first_bad == SIZE_MAX) *first_bad = i;
        unsigned c = d < 0 ? '?' : (unsigned)d;
        if (c < 0x80) o[k++] = (char)c;
        else if (c < 0x800) { o[k++] = (char)(0xc0 | (c >> 6)); o[k++] = (char)(0x80 | (c & 0x3f)); }
        else if (c < 0x10000) { o[k++] = (char)(0xe0 | (c >> 12)); o[k++] = (char)(0x80 | ((c >> 6) & 0x3f)); o[k++] = (char)(0x80 | (c & 0x3f)); }
        else {   /* (from utf8mb4, utf16, utf32: 4 bytes of theirs at least) */
            o[k++] = (char)(0xf0 | (c >> 18)); o[k++] = (char)(0x80 | ((c >> 12) & 0x3f));
            o[k++] = (char)(0x80 | ((c >> 6) & 0x3f)); o[k++] = (char)(0x80 | (c & 0x3f));
        }
    }
    return k;
}

char *ex_client_to_utf8(pdb_session *s, const char *sql, size_t len, size_t *outlen)
{
    *outlen = len;
    if (!pdb_coll_transcoded(s->coll_client)) return NULL;
    bool high = !pdb_coll_ascii_bytes(s->coll_client);
    for (size_t i = 0; i < len && !high; i++) if ((unsigned char)sql[i] >= 0x80) high = true;
    if (!high) return NULL;
    char *o = malloc(len * 3 + 1);
    if (!o) return NULL;
    *outlen = sb_to_utf8(s->coll_client, sql, len, o, NULL);
    return o;
}

pdb_value ex_bytes_in_charset(stor_arena *a, const char *s, size_t n, uint16_t coll, size_t *first_bad)
{
    char *o = stor_arena_alloc(a, n * 3 + 1);
    size_t k = sb_to_utf8(coll, s, n, o, first_bad);
    return ex_str(o, k, ex_internal_coll(coll));
}

/* Bytes as a Unicode charset's (utf8mb3/4, ucs2, utf16, utf32: MariaDB first pads a
 * wide one's with zero bytes in front to whole units). *pad: the bytes put in front;
 * *padded (when set) the padded bytes. */
pdb_value ex_bytes_in_unicode(stor_arena *a, const char *s, size_t n, uint16_t coll, size_t *first_bad, size_t *pad,
                              const char **padded)
{
    int w = pdb_coll_wide(coll);
    size_t unit = w == 32 ? 4 : w ? 2 : 1;
    *pad = n % unit ? unit - n % unit : 0;
    char *b = stor_arena_alloc(a, n + *pad + 1);
    memset(b, 0, *pad);
    memcpy(b + *pad, s, n);
    if (padded) *padded = b;
    char *o = stor_arena_alloc(a, (n + *pad) * 3 + 1);
    size_t k, len;
    if (*pad && pdb_coll_decode_at(coll, b, unit, &len) < 0) {   /* (a padded unit of none: one '?') */
        o[0] = '?';
        k = 1 + sb_to_utf8(coll, b + unit, n + *pad - unit, o + 1, first_bad);
        if (first_bad) *first_bad = 0;
    } else {
        k = sb_to_utf8(coll, b, n + *pad, o, first_bad);
    }
    return ex_str(o, k, coll);
}

/* (ex_client_to_utf8 returns a malloc'd copy the caller frees, or NULL: use sql as is) */

/* Converts a UTF-8 result string for the client; returns v itself when nothing changes. */
pdb_value ex_result_convert(pdb_session *s, stor_arena *a, const pdb_value *v)
{
    if (v->t != VT_STRING || v->coll == COLL_BINARY) return *v;
    /* character_set_results NULL or binary: the value's own charset's bytes */
    uint16_t to = s->coll_results && s->coll_results != COLL_BINARY ? s->coll_results : v->coll;
    const pdb_collation *rc = pdb_coll_by_id(to), *vc = pdb_coll_by_id(v->coll);
    if (!rc || !vc) return *v;
    if (pdb_coll_wide(to)) {
        pdb_value r = *v;
        char *o = stor_arena_alloc(a, pdb_coll_octets_cap(to, v->len) + 1);
        r.len = (uint32_t)pdb_coll_octets(to, v->p, v->len, o);
        r.p = o;
        return r;
    }
    bool to_sb = pdb_coll_transcoded(rc->id), to_mb3 = rc->maxlen == 3 && !to_sb;
    if (!to_sb && !to_mb3) return *v;
    if (to_mb3 && !strcmp(vc->charset, rc->charset)) return *v;   /* (utf8mb3 to utf8mb3: bytes as they are) */
    bool need = to_sb && !pdb_coll_ascii_bytes(rc->id);
    for (uint32_t i = 0; i < v->len && !need; i++) {
        unsigned char c = (unsigned char)v->p[i];
        need = to_sb ? c >= 0x80 : c >= 0xf0;
    }
    if (!need) return *v;
    char *o = stor_arena_alloc(a, 2 * (size_t)v->len + 1);   /* (ujis: é is 3 bytes) */
    size_t k = 0;
    for (uint32_t i = 0; i < v->len;) {
        unsigned char c = (unsigned char)v->p[i];
        size_t cl = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
        if (i + cl > v->len) cl = v->len - i;
        if (to_mb3) {
            if (cl == 4) o[k++] = '?';
            else { memcpy(o + k, v->p + i, cl); k += cl; }
            i += (uint32_t)cl;
            continue;
        }
        uint32_t cp = cl == 1 ? c : cl == 2 ? ((c & 0x1fu) << 6) | (v->p[i + 1] & 0x3f)
                    : cl == 3 ? ((c & 0x0fu) << 12) | ((v->p[i + 1] & 0x3fu) << 6) | (v->p[i + 2] & 0x3f) : 0x110000;
        int32_t b = pdb_coll_encode(rc->id, (int32_t)cp);
        k += pdb_code_put(b < 0 ? '?' : (uint32_t)b, o + k);
        i += (uint32_t)cl;
    }
    pdb_value r = *v;
    r.p = o;
    r.len = (uint32_t)k;
    return r;
}

const char *ex_name_for_client(pdb_session *s, stor_arena *a, const char *name)
{
    if (!name || !s->coll_results || !pdb_coll_transcoded(s->coll_results)) return name;
    size_t n = 2 * strlen(name) + 1;   /* (a character becomes at most 3 bytes, from 2 or more) */
    return pdb_message_for_client(s, name, stor_arena_alloc(a, n), n);
}

/* ---------------------------------------------------------------- narrow charsets */

/* 1 a single-byte charset, 3 utf8mb3 or ucs2 (the BMP), 0 anything that holds all of
 * Unicode (or binary) */
static int narrow_kind(uint16_t coll)
{
    if (pdb_coll_transcoded(coll)) return 1;
    const pdb_collation *c = pdb_coll_by_id(coll);
    return c && (!strcmp(c->charset, "utf8mb3") || !strcmp(c->charset, "ucs2")) ? 3 : 0;
}

/* The character at s[*i] (moved past it); a byte that starts no well-formed sequence is
 * one bad character (U+FFFD) by itself, as MariaDB converts byte by byte then. */
static int32_t dec_utf8(const char *s, size_t n, size_t *i)
{
    unsigned char c = (unsigned char)s[*i];
    int len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    if (*i + (size_t)len > n || (c >= 0x80 && c < 0xc2) || c > 0xf4) { (*i)++; return 0xfffd; }
    for (int k = 1; k < len; k++)
        if (((unsigned char)s[*i + (size_t)k] & 0xc0) != 0x80) { (*i)++; return 0xfffd; }
    int32_t cp = len == 1 ? c : len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : c & 0x07;
    for (int k = 1; k < len; k++) cp = (cp << 6) | ((unsigned char)s[*i + (size_t)k] & 0x3f);
    *i += (size_t)len;
    return cp;
}

static bool fits(int kind, uint16_t coll, int32_t c)
{
    switch (kind) {
    case 1: return pdb_coll_encode(coll, c) >= 0;
    case 3: return c <= 0xffff;
    default: return true;
    }
}

bool ex_charset_narrow(uint16_t coll)
{
    return narrow_kind(coll) != 0;
}

bool ex_charset_holds(uint16_t coll, const char *s, size_t n)
{
    int kind = narrow_kind(coll);
    if (!kind) return true;
    bool ascii = kind != 1 || pdb_coll_ascii_bytes(coll);
    for (size_t i = 0; i < n;) {
        if ((unsigned char)s[i] < 0x80 && ascii) { i++; continue; }
        if (!fits(kind, coll, dec_utf8(s, n, &i))) return false;
    }
    return true;
}

size_t ex_charset_fit(stor_arena *a, uint16_t coll, const char *s, size_t n, size_t max_chars, const char **out,
                      size_t *outn, size_t *first_bad)
{
    *out = s; *outn = n;
    int kind = narrow_kind(coll);
    if (!kind) return 0;
    bool ascii = kind != 1 || pdb_coll_ascii_bytes(coll);
    size_t i = 0, bad = 0, chars = 0;
    char *o = NULL;
    size_t k = 0;
    for (; i < n && chars < max_chars; chars++) {
        size_t st = i;
        if ((unsigned char)s[i] < 0x80 && ascii) { i++; if (o) o[k++] = s[st]; continue; }
        int32_t c = dec_utf8(s, n, &i);
        if (fits(kind, coll, c)) { if (o) { memcpy(o + k, s + st, i - st); k += i - st; } continue; }
        if (!o) {
            o = stor_arena_alloc(a, n + 1);
            memcpy(o, s, st);
            k = st;
            *first_bad = st;
        }
        o[k++] = '?';
        bad++;
    }
    if (o) {   /* (past max_chars the bytes stay: the column cuts them) */
        memcpy(o + k, s + i, n - i);
        *out = o;
        *outn = k + (n - i);
    }
    return bad;
}

/* The length of the well-formed UTF-8 character at s[i] (4-byte ones only when mb4), or
 * 0 when the byte starts none. */
static size_t utf8_len_at(const unsigned char *s, size_t n, size_t i, bool mb4)
{
    unsigned c = s[i];
    size_t len = c < 0x80 ? 1 : c < 0xc2 ? 0 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : mb4 && c <= 0xf4 ? 4 : 0;
    if (!len || i + len > n) return len == 1 ? 1 : 0;
    for (size_t k = 1; k < len; k++) if ((s[i + k] & 0xc0) != 0x80) return 0;
    if (len == 3 && c == 0xe0 && s[i + 1] < 0xa0) return 0;
    if (len == 4 && ((c == 0xf0 && s[i + 1] < 0x90) || (c == 0xf4 && s[i + 1] > 0x8f))) return 0;
    return len;
}

size_t ex_utf8_fit(stor_arena *a, bool mb4, const char *s, size_t n, size_t max_chars, const char **out, size_t *outn,
                   size_t *first_bad)
{
    const unsigned char *u = (const unsigned char *)s;
    *out = s; *outn = n;
    size_t i = 0, bad = 0, k = 0, chars = 0;
    char *o = NULL;
    while (i < n && chars < max_chars) {
        if (u[i] < 0x80) {   /* an ASCII run, one character a byte: eight at a time */
            size_t j = i, lim = n - i < max_chars - chars ? n : i + (max_chars - chars);
            for (uint64_t w; j + 8 <= lim && (memcpy(&w, u + j, 8), !(w & 0x8080808080808080ull)); j += 8) {}
            while (j < lim && u[j] < 0x80) j++;
            if (o) { memcpy(o + k, s + i, j - i); k += j - i; }
            chars += j - i;
            i = j;
            continue;
        }
        chars++;
        size_t len = utf8_len_at(u, n, i, mb4);
        if (len) {
            if (o) { memcpy(o + k, s + i, len); k += len; }
            i += len;
            continue;
        }
        if (!o) {
            o = stor_arena_alloc(a, n + 1);
            memcpy(o, s, i);
            k = i;
            *first_bad = i;
        }
        o[k++] = '?';
        bad++;
        i++;
    }
    if (o) {   /* (past max_chars the bytes stay: the column cuts them) */
        memcpy(o + k, s + i, n - i);
        *out = o;
        *outn = k + (n - i);
    }
    return bad;
}

void ex_charset_bad_text(const char *s, size_t n, size_t from, char *buf, size_t cap)
{
    size_t k = 0, i = from, end = from + 6 < n ? from + 6 : n;
    for (; i < end && k + 5 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80 || c < 0x20) k += (size_t)snprintf(buf + k, cap - k, "\\x%02X", c);
        else buf[k++] = (char)c;
    }
    if (i < n && k + 4 < cap) { memcpy(buf + k, "...", 3); k += 3; }
    buf[k] = 0;
}

const char *pdb_message_for_client(const pdb_session *s, const char *msg, char *buf, size_t cap)
{
    if (!msg || !cap || !s->coll_results || !pdb_coll_transcoded(s->coll_results)) return msg;
    size_t k = 0;
    for (size_t i = 0, n = strlen(msg); i < n && k + 1 < cap;) {
        unsigned char c = (unsigned char)msg[i];
        if (c < 0x80 && pdb_coll_ascii_bytes(s->coll_results)) { buf[k++] = (char)c; i++; continue; }
        int32_t b = pdb_coll_encode(s->coll_results, dec_utf8(msg, n, &i));
        uint32_t code = b < 0 ? '?' : (uint32_t)b;
        if (k + pdb_code_len(code) >= cap) break;
        k += pdb_code_put(code, buf + k);
    }
    buf[k] = 0;
    return buf;
}
