/* load.c - LOAD DATA [LOCAL] INFILE: MariaDB's delimited text format read into a table.
 *
 * The file is mapped and read as MariaDB's READ_INFO reads it (sql_load.cc): fields end
 * at the field terminator, rows at the line terminator, a field that starts with the
 * enclosing character runs to that character followed by a terminator (doubled inside),
 * the escape character takes the next byte (\0 \b \n \r \t \Z, \N alone is NULL). The
 * rows go to ex_insert as a feed (ex_feed): conversions, defaults, AUTO_INCREMENT,
 * duplicates (IGNORE, REPLACE), triggers and the statement's undo are the INSERT's.
 *
 * LOCAL: the server asked the client for the file before the statement ran (exec.c,
 * PDB_EXEC_INFILE) and put it in s->infile_fd. Otherwise the file is the server's: the
 * FILE privilege, MariaDB's path rules (a bare name is in the database's directory, a
 * relative path under the datadir) and @@secure_file_priv (ex_file_secure). */
#include "engine/eng.h"
#include <assert.h>
#include <errno.h>
#include <setjmp.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define LD_NONE 0x100   /* a terminator or enclosing character that is not set */
#define CLIENT_LOCAL_FILES_BIT (1u << 7)

/* ------------------------------------------------------------ the reader */

typedef struct ld_reader {
    const uint8_t *p, *end;       /* the unread bytes */
    const uint8_t *fterm, *lterm, *lstart;
    size_t fterm_len, lterm_len, lstart_len;
    int fterm_c, lterm_c;         /* first bytes of the terminators (LD_NONE: none) */
    int encl, esc;                /* LD_NONE: none */
    uint8_t *buf;                 /* the field as read (escapes undone) */
    size_t cap, len;
    size_t start;                 /* the field's bytes: buf[start .. len) */
    bool enclosed;                /* the field was enclosed */
    bool found_null;              /* a \N was read */
    bool end_of_line, eof, start_of_line, line_cut;
    int mb;                       /* a UTF-8 file: 3 or 4 (its characters read whole), else 0 */
    int mb_field;                 /* mb for a text column's field; 0 for a number's, a
                                     date's, a binary string's or a @variable's, which
                                     MariaDB reads byte by byte (its field's charset) */
} ld_reader;

static bool at(const ld_reader *rd, const uint8_t *s, size_t n)
{
    return (size_t)(rd->end - rd->p) >= n && !memcmp(rd->p, s, n);
}

/* After the first byte of a terminator was read: are the rest of its bytes next? Then
 * they are consumed. */
static bool terminator(ld_reader *rd, const uint8_t *s, size_t n)
{
    if (n == 1) return true;           /* the usual one-byte \t or \n: no memcmp call */
    if (!at(rd, s + 1, n - 1)) return false;
    rd->p += n - 1;
    return true;
}

static void put(ex_ctx *ctx, ld_reader *rd, uint8_t c)
{
    if (rd->len == rd->cap) {
        size_t nc = rd->cap ? rd->cap * 2 : 256;
        uint8_t *nb = stor_realloc(rd->buf, nc);
        if (!nb) ex_raise(ctx, 1037, "HY001", "Out of memory; restart server and try again (needed %zu bytes)", nc);
        rd->buf = nb;
        rd->cap = nc;
    }
    rd->buf[rd->len++] = c;
}

/* MariaDB's charlen for UTF-8 (utf8mb3: mb 3, utf8mb4: mb 4) over b[0 .. n): the length
 * of the character, LD_ILSEQ for a bad sequence, or -need while the bytes are too few to
 * tell (it asks for the whole length before it looks at the tail). */
#define LD_ILSEQ 0
static int utf8_charlen(int mb, const uint8_t *b, size_t n)
{
    uint8_t c = b[0];
    if (c < 0x80) return 1;
    if (c < 0xc2) return LD_ILSEQ;
    if (c < 0xe0) {
        if (n < 2) return -2;
        return (b[1] ^ 0x80) < 0x40 ? 2 : LD_ILSEQ;
    }
    if (c < 0xf0) {
        if (n < 3) return -3;
        return (b[1] ^ 0x80) < 0x40 && (b[2] ^ 0x80) < 0x40 && (c >= 0xe1 || b[1] >= 0xa0) ? 3 : LD_ILSEQ;
    }
    if (mb < 4 || c > 0xf4) return LD_ILSEQ;
    if (n < 4) return -4;
    return (b[1] ^ 0x80) < 0x40 && (b[2] ^ 0x80) < 0x40 && (b[3] ^ 0x80) < 0x40 &&
           (c >= 0xf1 || b[1] >= 0x90) && (c <= 0xf3 || b[1] <= 0x8f) ? 4 : LD_ILSEQ;
}

/* After a lead byte went into the field: the rest of its character, unexamined (a
 * terminator or quote inside it is data), as MariaDB's read_mbtail; a byte that makes the
 * sequence bad is put back. False at the end of the file. */
static bool read_mbtail(ex_ctx *ctx, ld_reader *rd)
{
    size_t at0 = rd->len - 1;
    int cl = utf8_charlen(rd->mb, rd->buf + at0, 1);
    while (cl < 0) {
        if (rd->p >= rd->end) return false;
        put(ctx, rd, *rd->p++);
        cl = utf8_charlen(rd->mb, rd->buf + at0, rd->len - at0);
        if (cl == LD_ILSEQ) { rd->len--; rd->p--; }
    }
    return true;
}

static uint8_t unescape(ld_reader *rd, uint8_t c)
{
    switch (c) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'b': return '\b';
    case '0': return 0;
    case 'Z': return 032;
    case 'N': rd->found_null = true; return c;
    default: return c;
    }
}

/* LINES STARTING BY: skips to just past the next occurrence (across lines); false at the
 * end of the file. */
static bool find_start(ld_reader *rd)
{
    while (rd->p < rd->end) {
        int c = *rd->p++;
        if (c == rd->lstart[0] && terminator(rd, rd->lstart, rd->lstart_len)) return true;
    }
    rd->end_of_line = rd->eof = true;
    return false;
}

/* The next field of the line into buf[start .. len); false when the line (or the file)
 * has no more fields. */
static bool read_field(ex_ctx *ctx, ld_reader *rd)
{
    rd->found_null = false;
    if (rd->end_of_line) return false;
    if (rd->start_of_line) {
        rd->start_of_line = false;
        if (!find_start(rd)) return false;
    }
    if (rd->p >= rd->end) { rd->end_of_line = rd->eof = true; return false; }
    rd->len = 0;
    int quote = LD_NONE;
    if (*rd->p == rd->encl) {
        quote = *rd->p++;
        put(ctx, rd, (uint8_t)quote);   /* (kept in case the field never closes) */
    }
    for (;;) {
        if (rd->p >= rd->end) break;
        int c = *rd->p++;
        if (c == rd->esc) {
            if (rd->p >= rd->end) { put(ctx, rd, (uint8_t)c); break; }
            int n = *rd->p++;
            /* an escape that is also the enclosing character escapes only itself */
            if (rd->esc != rd->encl || n == rd->esc) { put(ctx, rd, unescape(rd, (uint8_t)n)); continue; }
            rd->p--;
        }
        if (c == rd->lterm_c && quote == LD_NONE && terminator(rd, rd->lterm, rd->lterm_len)) {
            rd->enclosed = false;
            rd->end_of_line = true;
            rd->start = 0;
            return true;
        }
        if (c == quote) {
            if (rd->p < rd->end && *rd->p == quote) { rd->p++; put(ctx, rd, (uint8_t)c); continue; }
            if (rd->p >= rd->end) { rd->enclosed = true; rd->end_of_line = true; rd->start = 1; return true; }
            int n = *rd->p++;
            if (n == rd->lterm_c && terminator(rd, rd->lterm, rd->lterm_len)) {
                rd->enclosed = true; rd->end_of_line = true; rd->start = 1;
                return true;
            }
            if (n == rd->fterm_c && terminator(rd, rd->fterm, rd->fterm_len)) {
                rd->enclosed = true; rd->start = 1;
                return true;
            }
            rd->p--;   /* not the end: the quote is data */
        } else if (c == rd->fterm_c && quote == LD_NONE && terminator(rd, rd->fterm, rd->fterm_len)) {
            rd->enclosed = false;
            rd->start = 0;
            return true;
        }
        put(ctx, rd, (uint8_t)c);
        if (rd->mb_field && c >= 0x80 && !read_mbtail(ctx, rd)) break;
    }
    rd->enclosed = false;
    rd->end_of_line = rd->eof = true;
    rd->start = 0;
    return true;
}

/* FIELDS TERMINATED BY '' ENCLOSED BY '': the next row's bytes, width of them at most (an
 * escape and its byte count one), or up to the line terminator; false at the end of the
 * file with nothing read (MariaDB's read_fixed_length). */
static bool read_fixed(ex_ctx *ctx, ld_reader *rd, size_t width)
{
    if (rd->end_of_line) return false;
    if (rd->start_of_line) {
        rd->start_of_line = false;
        if (!find_start(rd)) return false;
    }
    rd->len = 0;
    rd->start = 0;
    while (rd->len < width) {
        if (rd->p >= rd->end) { rd->end_of_line = rd->eof = true; return rd->len > 0; }
        int c = *rd->p++;
        if (c == rd->esc) {
            if (rd->p >= rd->end) { put(ctx, rd, (uint8_t)c); rd->end_of_line = rd->eof = true; return true; }
            put(ctx, rd, unescape(rd, *rd->p++));
            continue;
        }
        if (c == rd->lterm_c && terminator(rd, rd->lterm, rd->lterm_len)) { rd->end_of_line = true; break; }
        put(ctx, rd, (uint8_t)c);
    }
    return true;
}

/* Past the rest of the line (escapes honoured, enclosures not); line_cut if anything was
 * left on it. True at the end of the file. */
static bool next_line(ld_reader *rd)
{
    rd->line_cut = false;
    rd->start_of_line = rd->lstart_len > 0;
    if (rd->end_of_line || rd->eof) {
        rd->end_of_line = false;
        return rd->eof;
    }
    if (!rd->lterm_len) return false;
    for (;;) {
        if (rd->p >= rd->end) return true;
        const uint8_t *b = rd->p;
        int c = *rd->p++;
        if (rd->mb && c >= 0x80) {   /* a character (or a bad sequence) read whole */
            size_t i = 1;
            int cl = utf8_charlen(rd->mb, b, 1);
            while (cl < 0) {
                if (rd->p >= rd->end) return true;
                rd->p++;
                i++;
                cl = utf8_charlen(rd->mb, b, i);
            }
            if (c == rd->lterm_c && i <= rd->lterm_len && !memcmp(b, rd->lterm, i)) {
                if (i == rd->lterm_len || terminator(rd, rd->lterm + i - 1, rd->lterm_len - i + 1)) return false;
            }
            rd->line_cut = true;
            continue;
        }
        if (c == rd->esc) {
            rd->line_cut = true;
            if (rd->p >= rd->end) return true;
            rd->p++;
            continue;
        }
        if (c == rd->lterm_c && terminator(rd, rd->lterm, rd->lterm_len)) return false;
        rd->line_cut = true;
    }
}

/* ------------------------------------------------------------ the feed */

typedef struct ld_feed {
    ex_feed f;                    /* (first: ex_insert's view of it) */
    ld_reader rd;
    stor_table *t;
    uint16_t coll;                /* the file's character set's collation */
    bool single_byte;             /* ... latin1 and the like: converted to UTF-8 */
    int ntargets;
    int *tcol;                    /* per target: its column, or -1 for a user variable */
    char **tvar;                  /* per target: the variable's name */
    int *tmb;                     /* per target: rd.mb for a text column, else 0 (its
                                     field is read byte by byte: rd.mb_field) */
    int ncols;                    /* targets that are columns */
    bool null_word;               /* ENCLOSED BY is set: an unenclosed NULL is NULL */
    uint64_t skip;                /* IGNORE n LINES still to skip */
    bool need_next_line;          /* the last row's line is not finished yet */
    bool done;
    /* SET col = expr: evaluated over the row so far (view: one row of t's columns) */
    int nsets;
    int *setcol;
    int *setpos;                  /* where in the INSERT's columns each SET value goes */
    ex_prog **setp;
    pdb_value *view;
    ex_ctx *vctx;
    const uint8_t *map;           /* the file, mapped (NULL: empty) */
    size_t maplen;
    int fd;                       /* the server's file (-1: none, or the session's) */
    bool strict;                  /* strict mode, not IGNORE: warnings are errors */
    size_t width;                 /* fixed-width rows: the row's bytes (0: delimited) */
    size_t *widths;               /* ... and each target column's */
    ex_err derr;                  /* strict: the row's first error (code 0: none) */
} ld_feed;

static pdb_value field_value(ld_feed *lf)
{
    ld_reader *rd = &lf->rd;
    size_t n = rd->len - rd->start;
    const uint8_t *b = rd->buf ? rd->buf + rd->start : (const uint8_t *)"";   /* (nothing read yet) */
    if ((!rd->enclosed && lf->null_word && n == 4 && !memcmp(b, "NULL", 4)) || (n == 1 && rd->found_null))
        return ex_null();
    return ex_str((const char *)b, n, lf->coll);   /* (a latin1 file's text: convert_field) */
}

/* A column the line has no field for: NULL if it may be, a TIMESTAMP the time, another
 * column its type's zero (not its DEFAULT, as MariaDB's load_data_set_no_data). */
static pdb_value missing_value(ex_ctx *ctx, const stor_column *c)
{
    pdb_value v = ex_null();
    if (!c->not_null || c->auto_increment) return v;
    if (c->type == CT_TIMESTAMP) ex_column_default_now(ctx, &v);
    else v = ex_implicit_default(c);
    return v;
}

/* The row so far as SET expressions see it: defaults, then the fields. */
static void view_row(ld_feed *lf, ex_ctx *ctx, const pdb_value *vals)
{
    stor_table *t = lf->t;
    for (uint32_t c = 0; c < t->ncols; c++)
        if (!ex_column_default(ctx, &t->cols[c], &lf->view[c])) lf->view[c] = ex_null();
    for (int i = 0, k = 0; i < lf->ntargets; i++)
        if (lf->tcol[i] >= 0) lf->view[lf->tcol[i]] = vals[k++];
}

/* Strict mode: MariaDB goes on with the row after an error (every field is stored, each
 * error listed) and fails before writing it. The first error is kept for that. */
static void soft_error(ex_ctx *ctx, ld_feed *lf)
{
    ex_warn(ctx, "Error", ctx->err->code, "%s", ctx->err->msg);
    if (!lf->derr.code) lf->derr = *ctx->err;
}

/* 1261 / 1262 for the row: a warning, or in strict mode an error listed and kept (the
 * statement fails once the row's fields are stored). */
static void row_problem(ex_ctx *ctx, ld_feed *lf, uint16_t code)
{
    char msg[160];
    if (code == 1261) snprintf(msg, sizeof msg, "Row %u doesn't contain data for all columns", lf->f.rowno);
    else snprintf(msg, sizeof msg, "Row %u was truncated; it contained more data than there were input columns", lf->f.rowno);
    ex_warn(ctx, lf->strict ? "Error" : "Warning", code, "%s", msg);
    if (lf->strict && !lf->derr.code) {
        lf->derr.code = code;
        snprintf(lf->derr.state, sizeof lf->derr.state, "01000");
        snprintf(lf->derr.msg, sizeof lf->derr.msg, "%s", msg);
    }
}

/* The last row's line finished (1262 for what was left on it); true at the end of the
 * file. */
static bool finish_line(ex_ctx *ctx, ld_feed *lf)
{
    if (!lf->need_next_line) return false;
    lf->need_next_line = false;
    if (next_line(&lf->rd)) return true;
    if (lf->rd.line_cut) row_problem(ctx, lf, 1262);   /* (strict: the next row's fields are still stored) */
    lf->f.rowno++;
    return false;
}

static void fail_listed(ex_ctx *ctx, ld_feed *lf)
{
    ctx->stmt->err_listed = true;
    ex_raise(ctx, lf->derr.code, lf->derr.state, "%s", lf->derr.msg);
}

/* No more rows; an error kept for the last line (its 1262) fails the statement still. */
static bool at_end(ex_ctx *ctx, ld_feed *lf)
{
    lf->done = true;
    if (lf->derr.code) fail_listed(ctx, lf);
    return false;
}

/* A field's value for its column, converted now (its warnings in the file's order). */
static void convert_field(ex_ctx *ctx, ld_feed *lf, const stor_column *col, pdb_value *v, pdb_value *o)
{
    jmp_buf jb, *outer = ctx->jb;
    if (lf->strict) {
        if (setjmp(jb)) {
            ctx->jb = outer;
            soft_error(ctx, lf);
            *o = ex_null();
            return;
        }
        ctx->jb = &jb;
    }
    if (v->t == VT_NULL) {
        if (col->not_null && !col->auto_increment) ex_load_null(ctx, col, v);
        *o = *v;
    } else {
        /* a single-byte or East Asian file's text is UTF-8 inside, its bytes go to a
           binary column as they are */
        if (lf->single_byte && !(col->kind == CK_STR && col->coll == COLL_BINARY))
            *v = ex_bytes_in_charset(ctx->a, v->p, v->len, lf->coll, NULL);
        ex_store_convert(ctx, col, v, o, ctx->feed->rowno);
        ex_store_ts(ctx, col, o);
    }
    ctx->jb = outer;
}

/* A fixed-width row: each column its display width of the bytes, as they are (no NULL);
 * a column the row has no bytes for is its type's zero with 1261, bytes left over 1262. */
static bool fixed_row(ex_ctx *ctx, ld_feed *lf, pdb_value *vals)
{
    ld_reader *rd = &lf->rd;
    ex_feed *f = &lf->f;
    if (!read_fixed(ctx, rd, lf->width)) return at_end(ctx, lf);
    memset(f->done, 0, lf->t->ncols);
    size_t pos = 0;
    for (int i = 0; i < lf->ntargets; i++) {
        const stor_column *col = &lf->t->cols[lf->tcol[i]];
        pdb_value o;
        if (pos >= rd->len) {
            row_problem(ctx, lf, 1261);
            o = col->type == CT_TIMESTAMP && col->not_null ? missing_value(ctx, col) : ex_implicit_default(col);
            if (col->kind == CK_STR) o = ex_str("", 0, col->coll);   /* (an ENUM's too: its 0, '') */
        } else {
            size_t n = lf->widths[i] < rd->len - pos ? lf->widths[i] : rd->len - pos;
            pdb_value v = ex_str((const char *)rd->buf + pos, n, lf->coll);
            pos += n;
            convert_field(ctx, lf, col, &v, &o);
        }
        vals[i] = ex_persist(ctx->a, &o);
        f->done[lf->tcol[i]] = true;
    }
    if (lf->derr.code) fail_listed(ctx, lf);
    return true;
}

static bool feed_next(ex_feed *f, ex_ctx *ctx, pdb_value *vals)
{
    ld_feed *lf = (ld_feed *)f;
    ld_reader *rd = &lf->rd;
    if (lf->done) return false;
    if (finish_line(ctx, lf)) return at_end(ctx, lf);
    if (lf->width) {
        if (!fixed_row(ctx, lf, vals)) return false;
        lf->need_next_line = true;
        return true;
    }
    for (;;) {
        int i = 0, k = 0;
        if (!lf->skip) memset(f->done, 0, lf->t->ncols);
        for (; i < lf->ntargets; i++) {
            rd->mb_field = lf->tmb[i];
            if (!read_field(ctx, rd)) break;
            if (lf->skip) continue;
            pdb_value v = field_value(lf);
            if (lf->tcol[i] >= 0) {
                const stor_column *col = &lf->t->cols[lf->tcol[i]];
                pdb_value o;
                convert_field(ctx, lf, col, &v, &o);
                vals[k++] = ex_persist(ctx->a, &o);
                f->done[lf->tcol[i]] = true;
            } else {
                pdb_value sv = v;
                if (lf->single_byte && sv.t == VT_STRING) sv = ex_bytes_in_charset(ctx->a, sv.p, sv.len, lf->coll, NULL);
                ex_uservar_set(ctx->s, lf->tvar[i], &sv);
            }
        }
        if (lf->derr.code) fail_listed(ctx, lf);
        if (lf->skip) {
            lf->skip--;
            if (next_line(rd)) return at_end(ctx, lf);
            continue;
        }
        if (i < lf->ntargets) {
            if (i == 0) return at_end(ctx, lf);   /* no field at all: the end */
            assert(!lf->derr.code);
            /* strict: an error for every column missing, then the statement fails */
            for (; i < lf->ntargets; i++) {
                if (lf->tcol[i] < 0) {
                    pdb_value nv = ex_null();
                    ex_uservar_set(ctx->s, lf->tvar[i], &nv);
                    continue;
                }
                row_problem(ctx, lf, 1261);
                vals[k++] = missing_value(ctx, &lf->t->cols[lf->tcol[i]]);
                f->done[lf->tcol[i]] = true;
            }
            if (lf->derr.code) fail_listed(ctx, lf);
        }
        if (lf->nsets) {
            view_row(lf, ctx, vals);
            for (int s = 0; s < lf->nsets; s++) {
                pdb_value v;
                ex_eval(lf->vctx, lf->setp[s], &v);
                v = ex_persist(ctx->a, &v);
                lf->view[lf->setcol[s]] = v;
                vals[lf->setpos[s]] = v;
                f->done[lf->setcol[s]] = false;   /* (ex_insert converts it) */
            }
        }
        lf->need_next_line = true;
        return true;
    }
}

/* ------------------------------------------------------------ files */

/* Is path (absolute, resolved) allowed by @@secure_file_priv? */
bool ex_file_secure(ex_ctx *ctx, const char *path)
{
    pdb_value v;
    ex_type ty;
    if (ex_sysvar_get(ctx->s, "secure_file_priv", true, &v, ctx->a, &ty) != 0 || v.t != VT_STRING || !v.len) return true;
    return strlen(path) >= v.len && !memcmp(path, v.p, v.len);
}

/* MariaDB's name for a server-side file: absolute as written, a bare name in the
 * database's directory under the datadir, another relative path under the datadir; the
 * real path of the file (symbolic links followed: @@secure_file_priv is checked on
 * where it leads), else of its directory (a file to create), else as written. */
void ex_file_path(const char *name, size_t n, const char *db, char *out, size_t cap)
{
    char want[PATH_MAX * 2];
    if (n && name[0] == '/') snprintf(want, sizeof want, "%.*s", (int)n, name);
    else if (!memchr(name, '/', n)) snprintf(want, sizeof want, "%s/%s/%.*s", stor_datadir(), db ? db : "", (int)n, name);
    else snprintf(want, sizeof want, "%s/%.*s", stor_datadir(), (int)n, name);
    char real[PATH_MAX];
    if (realpath(want, real)) { snprintf(out, cap, "%s", real); return; }
    char *slash = strrchr(want, '/');
    char dir[PATH_MAX];
    *slash = 0;
    if (realpath(want[0] ? want : "/", dir)) snprintf(out, cap, "%s/%s", strcmp(dir, "/") ? dir : "", slash + 1);
    else { *slash = '/'; snprintf(out, cap, "%s", want); }
}

static void file_error(ex_ctx *ctx, int code, const char *what, const char *path, int e)
{
    ex_raise(ctx, (uint16_t)code, "HY000", "%s '%s' (Errcode: %d \"%s\")", what, path, e, strerror(e));
}

/* The file to read, mapped (*len 0: empty, nothing mapped). */
static const uint8_t *open_input(ex_ctx *ctx, pl_stmt *st, size_t *len, int *fdp)
{
    pl_export *x = st->load;
    int fd;
    if (x->local) {
        if (ctx->s->infile_fd < 0)
            ex_raise(ctx, 4166, "HY000", "The used command is not allowed because the MariaDB server or client has disabled the local infile capability");
        fd = ctx->s->infile_fd;
        *fdp = -1;   /* (the session's: closed after the statement) */
    } else {
        char path[PATH_MAX + 64];
        ex_file_path(x->file, x->file_len, ex_cur_db(ctx, st->db), path, sizeof path);
        if (!ex_file_secure(ctx, path))
            ex_raise(ctx, 1290, "HY000", "The MariaDB server is running with the --secure-file-priv option so it cannot execute this statement");
        struct stat sb;
        if (stat(path, &sb) != 0) file_error(ctx, 13, "Can't get stat of", path, errno);
        if (!S_ISREG(sb.st_mode) && !S_ISFIFO(sb.st_mode))
            ex_raise(ctx, 1085, "HY000", "The file '%s' must be in the database directory or be readable by all", path);
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) file_error(ctx, 29, "File", path, errno);   /* (EE_FILENOTFOUND's words follow) */
        *fdp = fd;
    }
    struct stat sb;
    if (fstat(fd, &sb) != 0) sb.st_size = 0;
    *len = (size_t)sb.st_size;
    if (!*len) return NULL;
    void *m = mmap(NULL, *len, PROT_READ, MAP_PRIVATE, fd, 0);
    if (m == MAP_FAILED) ex_raise(ctx, 1037, "HY001", "Out of memory; restart server and try again (needed %zu bytes)", *len);
    madvise(m, *len, MADV_SEQUENTIAL);
    return m;
}

bool ex_load_local_ok(pdb_session *s)
{
    if (!(s->client_caps & CLIENT_LOCAL_FILES_BIT)) return false;
    pdb_value v;
    ex_type ty;
    stor_arena a;
    stor_arena_init(&a);
    bool on = ex_sysvar_get(s, "local_infile", true, &v, &a, &ty) == 0 &&
              ((v.t == VT_INT && v.i) || (v.t == VT_STRING && v.len && (v.p[0] == '1' || !strncasecmp(v.p, "ON", v.len))));
    stor_arena_free(&a);
    return on;
}

/* ------------------------------------------------------------ the statement */

static uint16_t file_collation(ex_ctx *ctx, const pl_export *x)
{
    const char *cs = x->charset;
    pdb_value v;
    ex_type ty;
    if (!cs || !strcasecmp(cs, "default")) {
        if (ex_sysvar_get(ctx->s, "character_set_database", false, &v, ctx->a, &ty) == 0 && v.t == VT_STRING)
            cs = stor_arena_strndup(ctx->a, v.p, v.len);
        else cs = "utf8mb4";
    }
    if (!strcasecmp(cs, "binary")) return COLL_BINARY;
    const pdb_collation *c = pdb_coll_default_for(cs);
    if (!c) ex_raise(ctx, 1115, "42000", "Unknown character set: '%s'", cs);
    return c->id;
}

static void reader_init(ld_reader *rd, const pl_export *x, bool no_backslash)
{
    memset(rd, 0, sizeof *rd);
    rd->fterm = (const uint8_t *)(x->fterm_set ? x->fterm : "\t");
    rd->fterm_len = x->fterm_set ? x->fterm_len : 1;
    rd->lterm = (const uint8_t *)(x->lterm_set ? x->lterm : "\n");
    rd->lterm_len = x->lterm_set ? x->lterm_len : 1;
    rd->lstart = (const uint8_t *)(x->lstart_set ? x->lstart : "");
    rd->lstart_len = x->lstart_set ? x->lstart_len : 0;
    /* a line terminator equal to the field terminator is not one */
    if (rd->lterm_len == rd->fterm_len && !memcmp(rd->lterm, rd->fterm, rd->fterm_len)) rd->lterm_len = 0;
    rd->fterm_c = rd->fterm_len ? rd->fterm[0] : LD_NONE;
    rd->lterm_c = rd->lterm_len ? rd->lterm[0] : LD_NONE;
    rd->encl = x->encl_set && x->encl_len ? (uint8_t)x->encl[0] : LD_NONE;
    const char *esc = x->esc_set ? x->esc : "\\";
    size_t esc_len = x->esc_set ? x->esc_len : 1;
    rd->esc = esc_len && (x->esc_set || !no_backslash) ? (uint8_t)esc[0] : LD_NONE;
    rd->start_of_line = rd->lstart_len > 0;
}

/* The targets: the column list (all columns when none is given), user variables. */
/* The targets: the column list (all columns when none is given), user variables. Through
 * a view, vcols are the base columns of its targets that are columns, in order (of all its
 * columns without a list). */
static void feed_targets(ex_ctx *ctx, ld_feed *lf, pl_stmt *st, char **vcols, int nvcols)
{
    pl_export *x = st->load;
    stor_table *t = lf->t;
    int n = x->ntargets ? x->ntargets : vcols ? nvcols : (int)t->ncols;
    lf->ntargets = n;
    lf->tcol = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof(int));
    lf->tmb = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof(int));
    lf->tvar = stor_arena_alloc(ctx->a, (size_t)(n ? n : 1) * sizeof(char *));
    for (int i = 0, v = 0; i < n; i++) {
        lf->tvar[i] = NULL;
        if (!x->ntargets && !vcols) { lf->tcol[i] = i; lf->ncols++; continue; }
        if (x->ntargets && x->is_var[i]) { lf->tcol[i] = -1; lf->tvar[i] = x->targets[i]; continue; }
        const char *name = vcols ? vcols[v++] : x->targets[i];
        int c = -1;
        for (uint32_t k = 0; k < t->ncols; k++) if (!strcasecmp(t->cols[k].name, name)) { c = (int)k; break; }
        if (c < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'SELECT'", name);
        lf->tcol[i] = c;
        lf->ncols++;
    }
}

/* LOAD DATA into a view loads its base table (an updatable single-table view, as an INSERT
 * through it: its CHECK OPTION skips rows with 1369). The INSERT ex_view_dml makes of it
 * names the base table, the base columns and the check; NULL for a table. */
static pl_stmt *through_view(ex_ctx *ctx, pl_stmt *st)
{
    pl_export *x = st->load;
    pl_stmt *probe = stor_arena_alloc(ctx->a, sizeof *probe);
    memset(probe, 0, sizeof *probe);
    probe->kind = S_INSERT;
    probe->start = st->start; probe->len = st->len;
    probe->db = st->db; probe->table = st->table;
    probe->nrows = 1;   /* (every column mapped when no list is given) */
    probe->cols = stor_arena_alloc(ctx->a, (size_t)(x->ntargets + 1) * sizeof(char *));
    for (int i = 0; i < x->ntargets; i++) if (!x->is_var[i]) probe->cols[probe->ncols++] = x->targets[i];
    pl_stmt *w = ex_view_dml(ctx, probe);
    return w == probe ? NULL : w;
}

/* SET col = expr, ...: compiled over the row as it is after the fields. */
static void feed_sets(ex_ctx *ctx, ld_feed *lf, pl_stmt *st)
{
    stor_table *t = lf->t;
    lf->nsets = st->nsets;
    if (!st->nsets) return;
    lf->setcol = stor_arena_alloc(ctx->a, (size_t)st->nsets * sizeof(int));
    lf->setp = stor_arena_alloc(ctx->a, (size_t)st->nsets * sizeof(ex_prog *));
    lf->view = stor_arena_alloc(ctx->a, t->ncols * sizeof(pdb_value));
    ex_rows *cur = stor_arena_alloc(ctx->a, sizeof *cur);
    *cur = (ex_rows){ lf->view, 1, 1, t->ncols };
    ex_src *src = stor_arena_alloc(ctx->a, sizeof *src);
    memset(src, 0, sizeof *src);
    src->derived = cur;
    ex_row_source_names(ctx, src, t);
    for (uint32_t c = 0; c < t->ncols; c++) lf->view[c] = ex_null();
    src->alias = t->name; src->name = t->name; src->db = t->db;
    src->deft = t;
    uint32_t *row0 = stor_arena_alloc(ctx->a, sizeof *row0);
    *row0 = 0;
    ex_ctx *vctx = stor_arena_alloc(ctx->a, sizeof *vctx);
    *vctx = *ctx;
    vctx->src = src; vctx->nsrc = 1; vctx->rows = row0;
    lf->vctx = vctx;
    ex_scope sc = { 0 };
    sc.ctx = vctx; sc.item_base = -1; sc.clause = "field list";
    for (int i = 0; i < st->nsets; i++) {
        const char *name = st->sets[i].name;
        const char *dot = strrchr(name, '.');
        if (dot) name = dot + 1;
        int c = -1;
        for (uint32_t k = 0; k < t->ncols; k++) if (!strcasecmp(t->cols[k].name, name)) { c = (int)k; break; }
        if (c < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in 'field list'", name);
        lf->setcol[i] = c;
        ex_type ty;
        lf->setp[i] = ex_compile(&sc, st->sets[i].value, &ty);
    }
}

/* Fixed-width rows: a column's width is its display width in bytes; a row is read as
 * their sum with 256 for a BLOB or TEXT (which needs a line terminator then); no user
 * variable can take a field. */
static void fixed_widths(ex_ctx *ctx, ld_feed *lf)
{
    lf->widths = stor_arena_alloc(ctx->a, (size_t)(lf->ntargets ? lf->ntargets : 1) * sizeof(size_t));
    for (int i = 0; i < lf->ntargets; i++) {
        if (lf->tcol[i] < 0) ex_raise(ctx, 1409, "HY000", "Can't load value from file with fixed size rows to variable");
        const stor_column *col = &lf->t->cols[lf->tcol[i]];
        bool blob = col->type >= CT_TINYTEXT && col->type <= CT_LONGBLOB;
        if (blob && !lf->rd.lterm_len)
            ex_raise(ctx, 1084, "42000", "You can't use fixed rowlength with BLOBs; please use 'fields terminated by'");
        ex_type ty;
        ex_type_of_column(col, &ty);
        lf->widths[i] = ty.length;              /* (what a column takes of the row) */
        lf->width += blob ? 256 : ty.length;    /* (what the row is read as: MariaDB's) */
    }
    if (!lf->width) lf->width = 1;
}

/* What the statement holds until it ends, whether it ends well or not. */
static void load_release(ld_feed *lf)
{
    if (lf->map) munmap((void *)lf->map, lf->maplen);
    if (lf->fd >= 0) close(lf->fd);
    free(lf->rd.buf);
    lf->map = NULL;
    lf->fd = -1;
    lf->rd.buf = NULL;
}

void ex_load_data(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    pl_export *x = st->load;
    if ((x->encl_set && x->encl_len > 1) || (x->esc_set && x->esc_len > 1))
        ex_raise(ctx, 1083, "42000", "Field separator argument is not what is expected; check the manual");
    if (x->local && ctx->s->infile_fd < 0)   /* (before the table: as MariaDB) */
        ex_raise(ctx, 4166, "HY000", "The used command is not allowed because the MariaDB server or client has disabled the local infile capability");
    ld_feed *lf = stor_arena_alloc(ctx->a, sizeof *lf);
    memset(lf, 0, sizeof *lf);
    lf->fd = -1;
    jmp_buf jb, *outer = ctx->jb;
    if (setjmp(jb)) {
        ctx->jb = outer;
        ctx->feed = NULL;
        load_release(lf);
        longjmp(*outer, 1);
    }
    ctx->jb = &jb;
    const char *tdb = ex_cur_db(ctx, st->db);
    if (!strcasecmp(tdb, "information_schema"))
        ex_raise(ctx, 1044, "42000", "Access denied for user '%s'@'%s' to database '%s'", ctx->s->user,
                 ctx->s->priv_host, tdb);
    lf->coll = file_collation(ctx, x);
    const pdb_collation *fc = pdb_coll_by_id(lf->coll);
    lf->single_byte = fc && pdb_coll_transcoded(lf->coll);
    pl_stmt *view = through_view(ctx, st);
    lf->t = view ? ex_table_write(ctx, view->db, view->table) : ex_table_write(ctx, st->db, st->table);
    if (lf->t->sequence) ex_seq_no_option(ctx, lf->t);
    if (st->num & 2)   /* (no table of pressdb's is partitioned) */
        ex_raise(ctx, 1747, "HY000", "PARTITION () clause on non partitioned table");
    feed_targets(ctx, lf, st, view ? view->cols : NULL, view ? view->ncols : 0);
    for (int i = 0; i < st->nsets; i++)
        if (ex_expr_reads(ctx, st->sets[i].value, lf->t))
            ex_raise(ctx, 1093, "HY000", "Table '%s' is specified twice, both as a target for 'LOAD DATA' and as a "
                     "separate source for data", lf->t->name);
    feed_sets(ctx, lf, st);
    reader_init(&lf->rd, x, (ctx->s->sql_mode & MODE_NO_BACKSLASH_ESCAPES) != 0);
    if (!lf->rd.fterm_len && lf->rd.encl == LD_NONE) fixed_widths(ctx, lf);
    lf->null_word = lf->rd.encl != LD_NONE;
    if (fc && !strcmp(fc->charset, "utf8mb4")) lf->rd.mb = 4;
    else if (fc && (!strcmp(fc->charset, "utf8mb3") || !strcmp(fc->charset, "utf8"))) lf->rd.mb = 3;
    for (int i = 0; i < lf->ntargets; i++) {
        const stor_column *c = lf->tcol[i] >= 0 ? &lf->t->cols[lf->tcol[i]] : NULL;
        lf->tmb[i] = c && c->kind == CK_STR && c->coll != COLL_BINARY ? lf->rd.mb : 0;
    }
    lf->skip = x->skip_lines;
    lf->strict = ctx->strict && !ctx->ignore;
    lf->f.next = feed_next;
    lf->f.by = st;
    lf->f.rowno = 1;
    lf->f.done = stor_arena_alloc(ctx->a, lf->t->ncols ? lf->t->ncols : 1);
    memset(lf->f.done, 0, lf->t->ncols);

    /* the INSERT the rows go through: the target columns, then the SET columns */
    pl_stmt *ins = stor_arena_alloc(ctx->a, sizeof *ins);
    memset(ins, 0, sizeof *ins);
    ins->kind = st->num & 1 ? S_REPLACE : S_INSERT;
    ins->start = st->start; ins->len = st->len;
    ins->db = view ? view->db : st->db;
    ins->table = view ? view->table : st->table;
    if (view) {
        ins->view_check = view->view_check;
        ins->view_check_db = view->view_check_db;
        ins->view_check_name = view->view_check_name;
    }
    ins->ignore = ctx->ignore;
    ins->cols = stor_arena_alloc(ctx->a, (size_t)(lf->ncols + lf->nsets + 1) * sizeof(char *));
    lf->setpos = stor_arena_alloc(ctx->a, (size_t)(lf->nsets + 1) * sizeof(int));
    int k = 0;
    for (int i = 0; i < lf->ntargets; i++) if (lf->tcol[i] >= 0) ins->cols[k++] = lf->t->cols[lf->tcol[i]].name;
    for (int i = 0; i < lf->nsets; i++) {
        /* a column that is a target too takes the SET value in the field's place */
        int pos = -1;
        for (int j = 0; j < k && pos < 0; j++) if (!strcasecmp(ins->cols[j], lf->t->cols[lf->setcol[i]].name)) pos = j;
        if (pos < 0) { pos = k; ins->cols[k++] = lf->t->cols[lf->setcol[i]].name; }
        lf->setpos[i] = pos;
    }
    ins->ncols = k;

    lf->map = open_input(ctx, st, &lf->maplen, &lf->fd);
    lf->rd.p = lf->map;
    lf->rd.end = lf->map ? lf->map + lf->maplen : NULL;
    if (!lf->map) lf->rd.eof = lf->rd.end_of_line = true, lf->rd.start_of_line = false;
    /* IGNORE n LINES: physical lines (escapes honoured, quotes not); rows only when
       there are no lines (a line terminator that is empty or the field terminator's) */
    if (!x->lterm_set || x->lterm_len) {   /* (LINES TERMINATED BY as written: equal to the
                                               field terminator, no line is skipped) */
        for (; lf->skip && !lf->rd.eof; lf->skip--)
            if (next_line(&lf->rd)) lf->rd.eof = lf->rd.end_of_line = true;
        lf->skip = 0;
    }
    ctx->feed = &lf->f;
    ex_insert(ctx, ins, r);
    ctx->feed = NULL;
    ctx->jb = outer;
    load_release(lf);
}
