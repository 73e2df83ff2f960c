/* charset.c - conversion between the client's character set and the engine's.
 *
 * Inside, text is UTF-8 (utf8mb4); a client that talks latin1 (character_set_client)
 * has its statements converted to UTF-8 on the way in, and result strings are converted
 * to character_set_results on the way out (latin1, ascii or utf8mb3), with '?' for a
 * character the target cannot hold, as MariaDB does. MariaDB's latin1 is Windows-1252. */
#include "engine/eng.h"
#include <stdlib.h>
#include <string.h>

/* Windows-1252 bytes 0x80..0x9f; 0 = undefined (kept as the C1 control) */
static const uint16_t cp1252[32] = {
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

static bool single_byte(uint16_t coll)
{
    const pdb_collation *c = pdb_coll_by_id(coll);
    return c && c->maxlen == 1 && coll != COLL_BINARY;
}

uint16_t ex_internal_coll(uint16_t coll)
{
    const pdb_collation *c = pdb_coll_by_id(coll);
    if (!c || c->maxlen != 1 || coll == COLL_BINARY) return coll;
    return c->binary ? COLL_UTF8MB4_BIN : COLL_UTF8MB4_GENERAL_CI;
}

char *ex_client_to_utf8(pdb_session *s, const char *sql, size_t len, size_t *outlen)
{
    *outlen = len;
    if (!single_byte(s->coll_client)) return NULL;
    bool high = false;
    for (size_t i = 0; i < len; i++) if ((unsigned char)sql[i] >= 0x80) { high = true; break; }
    if (!high) return NULL;
    char *o = malloc(len * 3 + 1);
    if (!o) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned c = (unsigned char)sql[i];
        if (c >= 0x80 && c < 0xa0 && cp1252[c - 0x80]) c = cp1252[c - 0x80];
        if (c < 0x80) o[k++] = (char)c;
        else if (c < 0x800) { o[k++] = (char)(0xc0 | (c >> 6)); o[k++] = (char)(0x80 | (c & 0x3f)); }
        else { o[k++] = (char)(0xe0 | (c >> 12)); o[k++] = (char)(0x80 | ((c >> 6) & 0x3f)); o[k++] = (char)(0x80 | (c & 0x3f)); }
    }
    *outlen = k;
    return o;
}

/* (ex_client_to_utf8 returns a malloc'd copy the caller frees, or NULL: use sql as is) */

/* Converts a UTF-8 result string for the client; returns v itself when nothing changes. */
pdb_value ex_result_convert(pdb_session *s, stor_arena *a, const pdb_value *v)
{
    if (v->t != VT_STRING || v->coll == COLL_BINARY || !s->coll_results) return *v;
    const pdb_collation *rc = pdb_coll_by_id(s->coll_results), *vc = pdb_coll_by_id(v->coll);
    if (!rc || !vc || rc->id == COLL_BINARY) return *v;
    if (vc->maxlen == 1) return *v;   /* stored single-byte text goes out as it is */
    bool to_l1 = rc->maxlen == 1, to_mb3 = rc->maxlen == 3;
    if (!to_l1 && !to_mb3) return *v;
    bool need = false;
    for (uint32_t i = 0; i < v->len; i++) {
        unsigned char c = (unsigned char)v->p[i];
        if (to_l1 ? c >= 0x80 : c >= 0xf0) { need = true; break; }
    }
    if (!need) return *v;
    char *o = stor_arena_alloc(a, v->len + 1);
    size_t k = 0;
    for (uint32_t i = 0; i < v->len;) {
        unsigned char c = (unsigned char)v->p[i];
        size_t cl = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
        if (i + cl > v->len) cl = v->len - i;
        if (c < 0x80) { o[k++] = (char)c; i++; continue; }
        if (to_mb3) {
            if (cl == 4) o[k++] = '?';
            else { memcpy(o + k, v->p + i, cl); k += cl; }
            i += (uint32_t)cl;
            continue;
        }
        uint32_t cp = cl == 2 ? ((c & 0x1fu) << 6) | (v->p[i + 1] & 0x3f)
                    : cl == 3 ? ((c & 0x0fu) << 12) | ((v->p[i + 1] & 0x3fu) << 6) | (v->p[i + 2] & 0x3f) : 0x110000;
        int out = '?';
        if (cp >= 0xa0 && cp <= 0xff) out = (int)cp;
        else if (cp >= 0x80 && cp < 0xa0) out = (int)cp;
        else for (int j = 0; j < 32; j++) if (cp1252[j] && cp1252[j] == cp) { out = 0x80 + j; break; }
        o[k++] = (char)out;
        i += (uint32_t)cl;
    }
    pdb_value r = *v;
    r.p = o;
    r.len = (uint32_t)k;
    return r;
}
