/* lexer.c - tokenizer for the MySQL/MariaDB dialect: quoting, escapes, numbers of every
 * form, comments and executable comments (slash-star-bang version comments). */
#include "planner/planner.h"
#include <ctype.h>
#include <string.h>
#include <strings.h>

#define PDB_VERSION_ID 101119   /* the MariaDB version we present (10.11.19) */

void pl_lex_init(pl_lexer *lx, stor_arena *a, const char *sql, size_t len, const pl_parse_opts *o)
{
    lx->sql = lx->p = sql;
    /* As MariaDB: one NUL ending the text (before trailing blanks) ends the input;
       libmariadb's clients (mariadb-slap) send one. Anywhere else it is an error. */
    size_t t = len;
    while (t > 0 && strchr(" \t\n\r\f\v", sql[t - 1]) && sql[t - 1])
        t--;
    if (t > 0 && sql[t - 1] == '\0')
        len = t - 1;
    lx->end = sql + len;
    lx->line = 1;
    lx->a = a;
    lx->o = o;
    lx->in_exec = 0;
}

/* isspace's set in the C locale (the server never changes it), without a call per byte */
static inline bool is_blank(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* Skips whitespace and comments. An executable comment's opening is consumed and its
 * closing star-slash is skipped when met (tracked in *in_exec). */
static void skip_space(pl_lexer *lx, int *in_exec)
{
    const char *p = lx->p, *e = lx->end;
    for (;;) {
        while (p < e && is_blank((unsigned char)*p)) { if (*p == '\n') lx->line++; p++; }
        if (p >= e) break;
        if (*p == '#' || (*p == '-' && p + 1 < e && p[1] == '-' && (p + 2 >= e || isspace((unsigned char)p[2]) || p[2] == 0))) {
            while (p < e && *p != '\n') p++;
            continue;
        }
        if (*p == '*' && p + 1 < e && p[1] == '/' && *in_exec) { p += 2; *in_exec = 0; continue; }
        if (*p == '/' && p + 1 < e && p[1] == '*') {
            const char *q = p + 2;
            int mariadb = 0;
            if (q < e && *q == 'M' && q + 1 < e && q[1] == '!') { mariadb = 1; q++; }
            if (q < e && *q == '!') {
                q++;
                long ver = 0;
                int nd = 0;
                while (q < e && isdigit((unsigned char)*q) && nd < 6) { ver = ver * 10 + (*q - '0'); q++; nd++; }
                /* executed when not newer than us; a MySQL version from 5.7 on (50700 to
                   99999: its new syntax) only in the MariaDB form, as MariaDB's lexer */
                if (nd == 0 || (ver <= PDB_VERSION_ID && (ver < 50700 || ver > 99999 || mariadb))) {
                    *in_exec = 1;
                    p = q;
                    continue;
                }
                /* a newer version's comment: skip it whole */
            }
            const char *c = p + 2;
            while (c + 1 < e && !(c[0] == '*' && c[1] == '/')) { if (*c == '\n') lx->line++; c++; }
            p = (c + 1 < e) ? c + 2 : e;
            continue;
        }
        break;
    }
    lx->p = p;
}

static inline bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static inline int is_ident_char(unsigned char c)
{
    return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || c == '$' || c >= 0x80;
}

/* Is s[0..n) well-formed utf8mb3, the charset of MariaDB's names? (No 4-byte character,
 * no stray or overlong byte; as MariaDB's, surrogates pass.) With only_4byte, only a
 * well-formed 4-byte character makes it false: an unquoted name with a stray byte is a
 * syntax error in MariaDB, whose lexer ends the name there. */
static bool utf8mb3_ok(const char *s, size_t n, bool only_4byte)
{
    const unsigned char *u = (const unsigned char *)s;
    bool four = false;
    for (size_t i = 0; i < n;) {
        unsigned c = u[i];
        size_t len = c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        if (!len || i + len > n) return only_4byte && !four;
        for (size_t k = 1; k < len; k++) if ((u[i + k] & 0xc0) != 0x80) return only_4byte && !four;
        if (c == 0xe0 && u[i + 1] < 0xa0) return only_4byte && !four;
        if (len == 4) { if (!only_4byte) return false; four = true; }
        i += len;
    }
    return !four;
}

static uint16_t introducer_coll(const char *s, size_t n)
{
    char buf[32];
    if (n >= sizeof buf) return 0;
    memcpy(buf, s, n); buf[n] = 0;
    if (!strcasecmp(buf, "binary")) return COLL_BINARY;
    const pdb_collation *c = pdb_coll_default_for(buf);
    return c ? c->id : 0;
}

/* The first byte in [p, e) that is the quote q or (with backslash escapes) a backslash, or
 * e: eight bytes at a time (a byte of w equal to c leaves a zero byte in w ^ c...c, which
 * the borrow of the subtraction marks), so a dump's long strings are not read a byte at
 * a time. */
static const char *quoted_stop(const char *p, const char *e, char q, bool bs)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    const uint64_t mq = ones * (unsigned char)q, mb = ones * (unsigned char)(bs ? '\\' : q);
    for (uint64_t w; e - p >= 8; p += 8) {
        memcpy(&w, p, 8);
        uint64_t a = w ^ mq, b = w ^ mb;
        if (((a - ones) & ~a & highs) | ((b - ones) & ~b & highs)) break;
    }
    while (p < e && *p != q && !(bs && *p == '\\')) p++;
    return p;
}

/* Where the quoted text starting at p ends: the closing quote (a doubled quote, and with
 * backslash escapes a backslash pair, do not end it), or e when it is unterminated. The
 * decoded text is never longer than the raw text, so this bounds its allocation (sizing
 * it by the rest of the statement instead cost megabytes per literal in big INSERTs). */
static const char *quoted_end(const char *p, const char *e, char q, bool bs)
{
    while ((p = quoted_stop(p, e, q, bs)) < e) {
        if (*p == q) {
            if (p + 1 < e && p[1] == q) { p += 2; continue; }
            return p;
        }
        p += p + 1 < e ? 2 : 1;   /* (a backslash and what it escapes) */
    }
    return e;
}

/* The text of the quoted string whose opening quote q is at p - 1, decoded into the arena
 * (NUL-terminated: *val, *vlen); *after is past its closing quote. -1: unterminated.
 * Newlines in it are not lines of the statement: MariaDB's lexer counts those between
 * tokens and in comments only (the "at line N" of a syntax error). */
static int quoted_body(pl_lexer *lx, const char *p, char q, char **val, size_t *vlen, const char **after)
{
    const char *e = lx->end;
    bool bs = !(lx->o && lx->o->no_backslash_escapes);
    char *out = stor_arena_alloc(lx->a, (size_t)(quoted_end(p, e, q, bs) - p) + 1);
    size_t n = 0;
    for (;;) {
        const char *r = quoted_stop(p, e, q, bs);   /* (the bytes up to it are the text's) */
        memcpy(out + n, p, (size_t)(r - p));
        n += (size_t)(r - p);
        p = r;
        if (p >= e) { *after = e; return -1; }
        char c = *p;
        if (c == q) {
            if (p + 1 < e && p[1] == q) { out[n++] = q; p += 2; continue; }
            p++;
            break;
        }
        if (c == '\\' && bs && p + 1 < e) {
            char d = p[1];
            p += 2;
            switch (d) {
            case '0': out[n++] = 0; break;
            case 'b': out[n++] = '\b'; break;
            case 'n': out[n++] = '\n'; break;
            case 'r': out[n++] = '\r'; break;
            case 't': out[n++] = '\t'; break;
            case 'Z': out[n++] = 0x1a; break;
            case '%': case '_': out[n++] = '\\'; out[n++] = d; break;
            default: out[n++] = d; break;
            }
            continue;
        }
        out[n++] = c;
        p++;
    }
    out[n] = 0;
    *val = out;
    *vlen = n;
    *after = p;
    return 0;
}

/* Reads a quoted string starting at lx->p (the quote). */
static int lex_string(pl_lexer *lx, pl_token *t, char q)
{
    char *val;
    size_t n;
    const char *after;
    int r = quoted_body(lx, lx->p + 1, q, &val, &n, &after);
    lx->p = after;
    if (r) { t->kind = TK_ERROR; return -1; }
    t->kind = TK_STRING;
    t->val = val;
    t->vlen = n;
    return 0;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

/* Decodes hex digits (odd count: leading 0) into bytes. */
static int decode_hex(pl_lexer *lx, const char *s, size_t n, pl_token *t)
{
    char *out = stor_arena_alloc(lx->a, n / 2 + 2);
    size_t o = 0, i = 0;
    if (n % 2) { int v = hexval(s[0]); if (v < 0) return -1; out[o++] = (char)v; i = 1; }
    for (; i < n; i += 2) {
        int a = hexval(s[i]), b = hexval(s[i + 1]);
        if (a < 0 || b < 0) return -1;
        out[o++] = (char)(a * 16 + b);
    }
    out[o] = 0;
    t->kind = TK_HEX; t->val = out; t->vlen = o;
    return 0;
}

static int decode_bits(pl_lexer *lx, const char *s, size_t n, pl_token *t)
{
    size_t nb = (n + 7) / 8;
    char *out = stor_arena_alloc(lx->a, nb + 1);
    memset(out, 0, nb + 1);
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '0' && s[i] != '1') return -1;
        size_t bit = n - 1 - i;
        if (s[i] == '1') out[nb - 1 - bit / 8] |= (char)(1 << (bit % 8));
    }
    t->kind = TK_HEX; t->val = out; t->vlen = nb;
    return 0;
}

/* The bytes of a transcoded charset's hex literal (_latin1 X'E9', _big5 X'A440') as the
 * UTF-8 text the engine holds ('?' for bytes that stand for no character). */
static void sb_bytes_utf8(pl_lexer *lx, pl_token *t, uint16_t co)
{
    char *out = stor_arena_alloc(lx->a, t->vlen * 3 + 1);
    size_t o = 0;
    for (size_t i = 0, step; i < t->vlen; i += step) {
        int32_t c = pdb_coll_decode_at(co, t->val + i, t->vlen - i, &step);
        if (c < 0) c = '?';
        if (c < 0x80) out[o++] = (char)c;
        else if (c < 0x800) { out[o++] = (char)(0xc0 | (c >> 6)); out[o++] = (char)(0x80 | (c & 0x3f)); }
        else { out[o++] = (char)(0xe0 | (c >> 12)); out[o++] = (char)(0x80 | ((c >> 6) & 0x3f)); out[o++] = (char)(0x80 | (c & 0x3f)); }
    }
    out[o] = 0;
    t->val = out;
    t->vlen = o;
}

/* What follows a character set introducer (_utf8mb4, _binary), blanks allowed between as
 * in MariaDB: a quoted string, or hex (0x.., X'..') or bits (0b.., b'..') read as a string
 * of that character set (a string then, not a number: _binary 0x31 + 1 is 2). Anything
 * else is a syntax error there: in MariaDB a character set's name with a leading
 * underscore is never an identifier. */
static int lex_introduced(pl_lexer *lx, pl_token *t, const char *q, uint16_t co)
{
    const char *e = lx->end;
    int lines = 0;   /* (counted only when the blanks are taken) */
    while (q < e && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')) lines += *q++ == '\n';
    if (q < e && (*q == '\'' || (*q == '"' && !(lx->o && lx->o->ansi_quotes)))) {
        lx->p = q;
        lx->line += lines;
        return lex_string(lx, t, *q);
    }
    bool quoted = q + 1 < e && q[1] == '\'', zero = q + 2 < e && q[0] == '0';
    bool hex = (quoted && (*q == 'x' || *q == 'X')) || (zero && q[1] == 'x');
    bool bits = (quoted && (*q == 'b' || *q == 'B')) || (zero && q[1] == 'b');
    const char *d = q + 2, *z = d;
    if (quoted) while (z < e && *z != '\'') z++;
    else while (z < e && (hex ? isxdigit((unsigned char)*z) : *z == '0' || *z == '1')) z++;
    if ((!hex && !bits) || (quoted ? z >= e : z == d || (z < e && is_ident_char((unsigned char)*z)))) {
        /* a charset name is never an identifier in MariaDB: a syntax error near what follows */
        lx->p = q;
        lx->line += lines;
        t->kind = TK_ERROR;
        t->start = q;
        return -1;
    }
    int bad = hex ? decode_hex(lx, d, (size_t)(z - d), t) || (quoted && (z - d) % 2)
                  : decode_bits(lx, d, (size_t)(z - d), t);
    lx->p = quoted ? z + 1 : z;
    lx->line += lines;
    if (bad) { t->kind = TK_ERROR; t->start = q; return -1; }   /* (MariaDB: near the literal) */
    if (pdb_coll_transcoded(co)) sb_bytes_utf8(lx, t, co);
    t->kind = TK_STRING;
    t->hex = true;
    return 0;
}

int pl_lex_next(pl_lexer *lx, pl_token *t)
{
    memset(t, 0, sizeof *t);
    skip_space(lx, &lx->in_exec);
    const char *p = lx->p, *e = lx->end;
    t->start = p;
    t->line = lx->line;
    if (p >= e) { t->kind = TK_EOF; return 0; }
    unsigned char c = (unsigned char)*p;

    /* X'..', B'..', N'..', _charset'..' */
    if ((c == 'x' || c == 'X') && p + 1 < e && p[1] == '\'') {
        const char *q = p + 2;
        while (q < e && *q != '\'') q++;
        if (q >= e || decode_hex(lx, p + 2, (size_t)(q - p - 2), t) || (q - p - 2) % 2) {
            t->kind = TK_ERROR; lx->p = q < e ? q + 1 : e; return -1;
        }
        lx->p = q + 1; t->len = (size_t)(lx->p - p); return 0;
    }
    if ((c == 'b' || c == 'B') && p + 1 < e && p[1] == '\'') {
        const char *q = p + 2;
        while (q < e && *q != '\'') q++;
        if (q >= e || decode_bits(lx, p + 2, (size_t)(q - p - 2), t)) { t->kind = TK_ERROR; lx->p = e; return -1; }
        t->kind = TK_BIT;
        lx->p = q + 1; t->len = (size_t)(lx->p - p); return 0;
    }
    if ((c == 'n' || c == 'N') && p + 1 < e && p[1] == '\'') {
        lx->p = p + 1;
        int r = lex_string(lx, t, '\'');
        t->introducer = COLL_UTF8MB3_GENERAL_CI;
        t->start = p; t->len = (size_t)(lx->p - p);
        return r;
    }
    if (c == '_' ) {
        const char *q = p + 1;
        while (q < e && (isalnum((unsigned char)*q) || *q == '_')) q++;
        uint16_t co = introducer_coll(p + 1, (size_t)(q - p - 1));
        if (co) {
            int r = lex_introduced(lx, t, q, co);
            t->introducer = co;
            if (r == 0) t->start = p;
            t->len = (size_t)(lx->p - t->start);
            return r;
        }
    }
    /* numbers (and 0x.., 0b..) */
    if (is_digit(c) || (c == '.' && p + 1 < e && is_digit((unsigned char)p[1]))) {
        if (c == '0' && p + 2 < e && (p[1] == 'x') && isxdigit((unsigned char)p[2])) {
            const char *q = p + 2;
            while (q < e && isxdigit((unsigned char)*q)) q++;
            if (!(q < e && is_ident_char((unsigned char)*q))) {
                decode_hex(lx, p + 2, (size_t)(q - p - 2), t);
                lx->p = q; t->len = (size_t)(q - p); return 0;
            }
        }
        if (c == '0' && p + 2 < e && p[1] == 'b' && (p[2] == '0' || p[2] == '1')) {
            const char *q = p + 2;
            while (q < e && (*q == '0' || *q == '1')) q++;
            if (!(q < e && is_ident_char((unsigned char)*q))) {
                decode_bits(lx, p + 2, (size_t)(q - p - 2), t);
                t->kind = TK_BIT;
                lx->p = q; t->len = (size_t)(q - p); return 0;
            }
        }
        const char *q = p;
        pl_tok k = TK_INT;
        while (q < e && is_digit((unsigned char)*q)) q++;
        if (q < e && is_ident_char((unsigned char)*q) && !(*q == 'e' || *q == 'E')) {
            /* identifier starting with digits (e.g. 1abc) */
            while (q < e && is_ident_char((unsigned char)*q)) q++;
            t->kind = TK_IDENT;
            t->val = stor_arena_strndup(lx->a, p, (size_t)(q - p)); t->vlen = (size_t)(q - p);
            t->bad_name = !utf8mb3_ok(t->val, t->vlen, true);
            lx->p = q; t->len = (size_t)(q - p); return 0;
        }
        if (q < e && *q == '.') { k = TK_DECIMAL; q++; while (q < e && is_digit((unsigned char)*q)) q++; }
        if (q < e && (*q == 'e' || *q == 'E')) {
            const char *r = q + 1;
            if (r < e && (*r == '+' || *r == '-')) r++;
            if (r < e && isdigit((unsigned char)*r)) {
                while (r < e && isdigit((unsigned char)*r)) r++;
                q = r; k = TK_FLOAT;
            }
        }
        t->kind = k;
        t->val = stor_arena_strndup(lx->a, p, (size_t)(q - p)); t->vlen = (size_t)(q - p);
        lx->p = q; t->len = (size_t)(q - p);
        return 0;
    }
    if (is_ident_char(c)) {
        const char *q = p;
        bool high = false;
        while (q < e && is_ident_char((unsigned char)*q)) high |= (unsigned char)*q++ >= 0x80;
        t->kind = TK_IDENT;
        t->val = stor_arena_strndup(lx->a, p, (size_t)(q - p)); t->vlen = (size_t)(q - p);
        t->bad_name = high && !utf8mb3_ok(t->val, t->vlen, true);
        lx->p = q; t->len = (size_t)(q - p);
        return 0;
    }
    if (c == '`' || (c == '"' && lx->o && lx->o->ansi_quotes)) {
        const char *q = p + 1;
        char *out = stor_arena_alloc(lx->a, (size_t)(quoted_end(q, e, (char)c, false) - q) + 1);
        size_t n = 0;
        for (;;) {
            if (q >= e) { t->kind = TK_ERROR; lx->p = e; return -1; }
            if (*q == (char)c) {
                if (q + 1 < e && q[1] == (char)c) { out[n++] = (char)c; q += 2; continue; }
                q++;
                break;
            }
            out[n++] = *q++;
        }
        out[n] = 0;
        t->kind = TK_QIDENT; t->val = out; t->vlen = n;
        t->bad_name = !utf8mb3_ok(out, n, false);
        lx->p = q; t->len = (size_t)(q - p);
        return 0;
    }
    if (c == '\'' || c == '"') {
        int r = lex_string(lx, t, (char)c);
        t->len = (size_t)(lx->p - p);
        return r;
    }
    if (c == '@') {
        const char *q = p + 1;
        pl_tok k = TK_USERVAR;
        if (q < e && *q == '@') { k = TK_SYSVAR; q++; }
        if (q < e && (*q == '`' || *q == '\'' || *q == '"') && k == TK_USERVAR) {
            lx->p = q;
            pl_token tmp;
            if (*q == '`') {
                pl_lex_next(lx, &tmp);
            } else if (lex_string(lx, &tmp, *q)) { t->kind = TK_ERROR; return -1; }
            t->kind = k; t->val = tmp.val; t->vlen = tmp.vlen;
            t->bad_name = *q == '`' && tmp.bad_name;   /* (@'...' is a string: any bytes) */
            t->len = (size_t)(lx->p - p);
            return 0;
        }
        const char *s = q;
        while (q < e && (is_ident_char((unsigned char)*q) || *q == '.')) q++;
        t->kind = k;
        t->val = stor_arena_strndup(lx->a, s, (size_t)(q - s)); t->vlen = (size_t)(q - s);
        lx->p = q; t->len = (size_t)(q - p);
        return 0;
    }
    /* operators */
    t->kind = TK_OP;
    t->op = c;
    size_t n = 1;
    char d = p + 1 < e ? p[1] : 0, f = p + 2 < e ? p[2] : 0;
    switch (c) {
    case '<':
        if (d == '=' && f == '>') { t->op = OP_NSEQ; n = 3; }
        else if (d == '=') { t->op = OP_LE; n = 2; }
        else if (d == '>') { t->op = OP_NE; n = 2; }
        else if (d == '<') { t->op = OP_SHL; n = 2; }
        break;
    case '>':
        if (d == '=') { t->op = OP_GE; n = 2; }
        else if (d == '>') { t->op = OP_SHR; n = 2; }
        break;
    case '!': if (d == '=') { t->op = OP_NE; n = 2; } break;
    case '|': if (d == '|') { t->op = OP_OROR; n = 2; } break;
    case '&': if (d == '&') { t->op = OP_ANDAND; n = 2; } break;
    case ':': if (d == '=') { t->op = OP_ASSIGN; n = 2; } break;
    case '-':
        if (d == '>' && f == '>') { t->op = OP_ARROW2; n = 3; }
        else if (d == '>') { t->op = OP_ARROW; n = 2; }
        break;
    case '?': t->kind = TK_PARAM; break;
    default: break;
    }
    lx->p = p + n;
    t->len = n;
    return 0;
}

/* Reserved words of MariaDB 10.11 that the parser must not take as bare identifiers. */
static const char *const reserved[] = {
    "ACCESSIBLE", "ADD", "ALL", "ALTER", "ANALYZE", "AND", "AS", "ASC", "ASENSITIVE", "BEFORE",
    "BETWEEN", "BIGINT", "BINARY", "BLOB", "BOTH", "BY", "CALL", "CASCADE", "CASE", "CHANGE",
    "CHAR", "CHARACTER", "CHECK", "COLLATE", "COLUMN", "CONDITION", "CONSTRAINT", "CONTINUE",
    "CONVERT", "CREATE", "CROSS", "CURRENT_DATE", "CURRENT_ROLE", "CURRENT_TIME",
    "CURRENT_TIMESTAMP", "CURRENT_USER", "CURSOR", "DATABASE", "DATABASES", "DAY_HOUR",
    "DAY_MICROSECOND", "DAY_MINUTE", "DAY_SECOND", "DEC", "DECIMAL", "DECLARE", "DEFAULT",
    "DELAYED", "DELETE", "DELETE_DOMAIN_ID", "DESC", "DESCRIBE", "DETERMINISTIC", "DISTINCT",
    "DISTINCTROW", "DIV", "DOUBLE", "DO_DOMAIN_IDS", "DROP", "DUAL", "EACH", "ELSE", "ELSEIF",
    "ENCLOSED", "ESCAPED", "EXCEPT", "EXISTS", "EXIT", "EXPLAIN", "FALSE", "FETCH", "FLOAT",
    "FLOAT4", "FLOAT8", "FOR", "FORCE", "FOREIGN", "FROM", "FULLTEXT", "GENERAL", "GRANT",
    "GROUP", "HAVING", "HIGH_PRIORITY", "HOUR_MICROSECOND", "HOUR_MINUTE", "HOUR_SECOND", "IF",
    "IGNORE", "IGNORE_DOMAIN_IDS", "IGNORE_SERVER_IDS", "IN", "INDEX", "INFILE", "INNER",
    "INOUT", "INSENSITIVE", "INSERT", "INT", "INT1", "INT2", "INT3", "INT4", "INT8", "INTEGER",
    "INTERSECT", "INTERVAL", "INTO", "IS", "ITERATE", "JOIN", "KEY", "KEYS", "KILL", "LEADING",
    "LEAVE", "LEFT", "LIKE", "LIMIT", "LINEAR", "LINES", "LOAD", "LOCALTIME", "LOCALTIMESTAMP",
    "LOCK", "LONG", "LONGBLOB", "LONGTEXT", "LOOP", "LOW_PRIORITY", "MASTER_HEARTBEAT_PERIOD",
    "MASTER_SSL_VERIFY_SERVER_CERT", "MATCH", "MAXVALUE", "MEDIUMBLOB", "MEDIUMINT",
    "MEDIUMTEXT", "MIDDLEINT", "MINUTE_MICROSECOND", "MINUTE_SECOND", "MOD", "MODIFIES",
    "NATURAL", "NOT", "NO_WRITE_TO_BINLOG", "NULL", "NUMERIC", "OFFSET", "ON", "OPTIMIZE",
    "OPTION", "OPTIONALLY", "OR", "ORDER", "OUT", "OUTER", "OUTFILE", "OVER", "PAGE_CHECKSUM",
    "PARSE_VCOL_EXPR", "PARTITION", "PRECISION", "PRIMARY", "PROCEDURE", "PURGE", "RANGE",
    "READ", "READS", "READ_WRITE", "REAL", "RECURSIVE", "REFERENCES", "REF_SYSTEM_ID", "REGEXP",
    "RELEASE", "RENAME", "REPEAT", "REPLACE", "REQUIRE", "RESIGNAL", "RESTRICT", "RETURN",
    "RETURNING", "REVOKE", "RIGHT", "RLIKE", "ROWS", "ROW_NUMBER", "SCHEMA", "SCHEMAS",
    "SECOND_MICROSECOND", "SELECT", "SENSITIVE", "SEPARATOR", "SET", "SHOW", "SIGNAL", "SLOW",
    "SMALLINT", "SPATIAL", "SPECIFIC", "SQL", "SQLEXCEPTION", "SQLSTATE", "SQLWARNING",
    "SQL_BIG_RESULT", "SQL_CALC_FOUND_ROWS", "SQL_SMALL_RESULT", "SSL", "STARTING",
    "STATS_AUTO_RECALC", "STATS_PERSISTENT", "STATS_SAMPLE_PAGES", "STRAIGHT_JOIN", "TABLE",
    "TERMINATED", "THEN", "TINYBLOB", "TINYINT", "TINYTEXT", "TO", "TRAILING", "TRIGGER",
    "TRUE", "UNDO", "UNION", "UNIQUE", "UNLOCK", "UNSIGNED", "UPDATE", "USAGE", "USE", "USING",
    "UTC_DATE", "UTC_TIME", "UTC_TIMESTAMP", "VALUES", "VARBINARY", "VARCHAR", "VARCHARACTER",
    "VARYING", "WHEN", "WHERE", "WHILE", "WINDOW", "WITH", "WRITE", "XOR", "YEAR_MONTH",
    "ZEROFILL",
};

bool pl_is_reserved(const char *w, size_t n)
{
    char buf[40];
    if (n >= sizeof buf) return false;
    for (size_t i = 0; i < n; i++) buf[i] = (char)toupper((unsigned char)w[i]);
    buf[n] = 0;
    size_t lo = 0, hi = sizeof reserved / sizeof reserved[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(buf, reserved[mid]);
        if (!c) return true;
        if (c < 0) hi = mid; else lo = mid + 1;
    }
    return false;
}

/* One literal of a VALUES row at p, as pl_lex_next would read it: an unsigned integer or
 * decimal number, a plain quoted string, or NULL. 0 and *after past it; -1 for anything
 * else (a sign, a float, an introducer, hex or bits: the tokens decide those). */
static int lit_at(pl_lexer *lx, const char *p, pl_lit *l, const char **after)
{
    const char *e = lx->end, *q = p;
    if (q >= e) return -1;   /* (the text ends after a comma) */
    l->start = p;
    l->coll = 0;
    l->hex = false;
    if (is_digit((unsigned char)*q)) {
        while (q < e && is_digit((unsigned char)*q)) q++;
        l->kind = E_INT;
        if (q < e && *q == '.') { l->kind = E_DECIMAL; q++; while (q < e && is_digit((unsigned char)*q)) q++; }
        if (q < e && is_ident_char((unsigned char)*q)) return -1;   /* 1e5, 1abc, 0x1f */
        l->s = stor_arena_strndup(lx->a, p, (size_t)(q - p));
        l->slen = (uint32_t)(q - p);
    } else if (*q == '\'') {
        char *val;
        size_t n;
        if (quoted_body(lx, q + 1, '\'', &val, &n, &q) || n > UINT32_MAX) return -1;
        l->kind = E_STRING;
        l->s = val;
        l->slen = (uint32_t)n;
    } else if (e - q >= 4 && !strncasecmp(q, "NULL", 4) && !(e - q > 4 && is_ident_char((unsigned char)q[4]))) {
        q += 4;
        l->kind = E_NULL;
        l->s = NULL;
        l->slen = 0;
    } else return -1;
    l->srclen = (uint32_t)(q - p);
    *after = q;
    return 0;
}

int pl_lex_lit_row(pl_lexer *lx, const char *from, pl_lit *out, int cap, const char **close)
{
    if (lx->in_exec) return -1;   /* (a star-slash may end the row's text) */
    const char *p = from, *e = lx->end;
    int n = 0, lines = 0;
    for (;;) {
        if (n == cap) return -2;
        if (lit_at(lx, p, &out[n], &p)) return -1;
        n++;
        while (p < e && is_blank((unsigned char)*p)) lines += *p++ == '\n';
        if (p >= e) return -1;
        if (*p == ')') break;
        if (*p != ',') return -1;
        for (p++; p < e && is_blank((unsigned char)*p); p++) lines += *p == '\n';
    }
    lx->line += lines;
    *close = p;
    return n;
}
