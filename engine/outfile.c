/* outfile.c - SELECT ... INTO OUTFILE and INTO DUMPFILE: a result written to a
 * server-side file as MariaDB writes it (select_export, select_dump in sql_class.cc).
 *
 * The file is created before the query runs (it must not exist: 1086; mode 0644) and is
 * left behind if the statement then fails, as MariaDB leaves it. OUTFILE writes LOAD
 * DATA's text format: values of string type (temporal ones too) enclosed when ENCLOSED BY
 * is given (all values without OPTIONALLY), NULL as \N, and the escape character before
 * itself, the enclosing (or field-terminating) character, the line terminator's first
 * byte and NUL (as \0). DUMPFILE writes the bytes of the values, nothing between them, a
 * NUL byte for NULL. */
#include "engine/eng.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OF_NONE 0x100

typedef struct of_writer {
    ex_ctx *ctx;
    int fd;
    const char *path;
    char buf[65536];
    size_t n;
} of_writer;

static void of_flush(of_writer *w)
{
    size_t off = 0;
    while (off < w->n) {
        ssize_t k = write(w->fd, w->buf + off, w->n - off);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            int e = k < 0 ? errno : ENOSPC;
            ex_raise(w->ctx, 3, "HY000", "Error writing file '%s' (Errcode: %d \"%s\")", w->path, e, strerror(e));
        }
        off += (size_t)k;
    }
    w->n = 0;
}

static void of_put(of_writer *w, const void *p, size_t n)
{
    const char *s = p;
    while (n) {
        if (w->n == sizeof w->buf) of_flush(w);
        size_t k = sizeof w->buf - w->n;
        if (k > n) k = n;
        memcpy(w->buf + w->n, s, k);
        w->n += k;
        s += k;
        n -= k;
    }
}

static void of_byte(of_writer *w, int c) { char b = (char)c; of_put(w, &b, 1); }

/* MariaDB's STRING_RESULT: quoted under OPTIONALLY ENCLOSED BY and escaped; numbers,
 * YEAR and BIT are neither. */
static bool string_result(const ex_type *t)
{
    switch (t->ptype) {
    case MYSQL_TYPE_TINY: case MYSQL_TYPE_SHORT: case MYSQL_TYPE_LONG: case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONGLONG: case MYSQL_TYPE_DECIMAL: case MYSQL_TYPE_NEWDECIMAL: case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE: case MYSQL_TYPE_YEAR: case MYSQL_TYPE_BIT:
        return false;
    default:
        return true;
    }
}

/* A value's bytes as the file gets them: its text as the text protocol sends it (the
 * column's type formats it: YEAR, ZEROFILL, decimals), in its own character set. */
static const char *value_bytes(ex_ctx *ctx, const ex_type *t, const pdb_value *v, size_t *n)
{
    pdb_colmeta m;
    memset(&m, 0, sizeof m);
    m.type = t->ptype ? t->ptype : MYSQL_TYPE_VAR_STRING;
    m.flags = t->flags;
    m.decimals = t->vt == VT_INT || t->vt == VT_UINT ? 0 : t->decimals;
    m.length = t->length;
    m.charset = t->coll;
    char *buf = stor_arena_alloc(ctx->a, PDB_VALUE_TEXT_MAX);
    const char *s = buf;
    *n = pdb_value_text(v, &m, buf, PDB_VALUE_TEXT_MAX, &s);
    if (v->t == VT_STRING && v->coll != COLL_BINARY) {
        const pdb_collation *c = pdb_coll_by_id(v->coll);
        if (c && (pdb_coll_transcoded(v->coll) || pdb_coll_wide(v->coll))) {   /* (held as UTF-8: written in the column's charset) */
            char *o = stor_arena_alloc(ctx->a, pdb_coll_octets_cap(v->coll, *n) + 1);
            *n = pdb_coll_octets(v->coll, s, *n, o);
            s = o;
        }
    }
    return s;
}

/* Creates the file: MariaDB's path, @@secure_file_priv, never over an existing file. */
int ex_outfile_open(ex_ctx *ctx, const pl_export *x, const char *db, char *path, size_t cap)
{
    ex_file_path(x->file, x->file_len, db, path, cap);
    if (!ex_file_secure(ctx, path))
        ex_raise(ctx, 1290, "HY000", "The MariaDB server is running with the --secure-file-priv option so it cannot execute this statement");
    if (access(path, F_OK) == 0)
        ex_raise(ctx, 1086, "HY000", "File '%.*s' already exists", (int)x->file_len, x->file);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        ex_raise(ctx, 1, "HY000", "Can't create/write to file '%s' (Errcode: %d \"%s\")", path, errno, strerror(errno));
    (void)fchmod(fd, 0644);
    return fd;
}

typedef struct of_format {
    const char *fterm, *lterm, *lstart, *encl;
    size_t fterm_len, lterm_len, lstart_len, encl_len;
    int esc, field_term_c, field_sep_c, line_sep_c;
    bool optional, ambiguous_sep, unsafe_sep, ambiguous_term, fixed;
} of_format;

static void of_format_init(ex_ctx *ctx, const pl_export *x, const ex_type *types, uint32_t ncols, of_format *f)
{
    memset(f, 0, sizeof *f);
    f->fterm = x->fterm_set ? x->fterm : "\t";
    f->fterm_len = x->fterm_set ? x->fterm_len : 1;
    f->lterm = x->lterm_set ? x->lterm : "\n";
    f->lterm_len = x->lterm_set ? x->lterm_len : 1;
    f->lstart = x->lstart_set ? x->lstart : "";
    f->lstart_len = x->lstart_set ? x->lstart_len : 0;
    f->encl = x->encl_set ? x->encl : "";
    f->encl_len = x->encl_set ? x->encl_len : 0;
    size_t esc_len = x->esc_set ? x->esc_len : 1;
    if ((x->encl_set && x->encl_len > 1) || esc_len > 1)
        ex_raise(ctx, 1083, "42000", "Field separator argument is not what is expected; check the manual");
    bool nobs = (ctx->s->sql_mode & MODE_NO_BACKSLASH_ESCAPES) != 0;
    f->esc = esc_len && (x->esc_set || !nobs) ? (uint8_t)(x->esc_set ? x->esc[0] : '\\') : OF_NONE;
    if (!f->lterm_len) { f->lterm = f->fterm; f->lterm_len = f->fterm_len; }
    f->field_term_c = f->fterm_len ? (uint8_t)f->fterm[0] : OF_NONE;
    f->field_sep_c = f->encl_len ? (uint8_t)f->encl[0] : f->field_term_c;
    f->line_sep_c = f->lterm_len ? (uint8_t)f->lterm[0] : OF_NONE;
    f->ambiguous_sep = f->field_sep_c < OF_NONE && strchr("ntrb0ZN", f->field_sep_c);
    f->unsafe_sep = f->field_sep_c < OF_NONE && strchr(".0123456789e+-", f->field_sep_c);
    f->optional = x->optionally && f->fterm_len;
    bool any_string = false, any_number = false, any_blob = false;
    for (uint32_t i = 0; i < ncols; i++) {
        if (string_result(&types[i])) any_string = true; else any_number = true;
        if (types[i].length >= 16777216) any_blob = true;   /* (MariaDB's MAX_BLOB_WIDTH) */
    }
    f->fixed = !f->fterm_len && !f->encl_len && !any_blob;
    if ((f->ambiguous_sep && !f->encl_len && (any_string || f->unsafe_sep)) ||
        (f->optional && any_number && f->fterm_len && f->field_term_c < OF_NONE &&
         strchr(".0123456789e+-", f->field_term_c))) {
        ex_warn(ctx, "Warning", 1475, "First character of the FIELDS TERMINATED string is ambiguous; please use "
                "non-optional and non-empty FIELDS ENCLOSED BY");
        f->ambiguous_term = true;
    }
}

static void of_value(of_writer *w, const of_format *f, const ex_type *t, const pdb_value *v)
{
    bool str = string_result(t);
    bool quoted = f->encl_len && (!f->optional || str);
    if (v->t == VT_NULL) {
        if (f->fixed) { for (uint32_t k = 0; k < t->length; k++) of_byte(w, ' '); return; }
        if (f->esc != OF_NONE) { of_byte(w, f->esc); of_byte(w, 'N'); }
        else of_put(w, "NULL", 4);
        return;
    }
    size_t n;
    const char *s = value_bytes(w->ctx, t, v, &n);
    size_t used = f->fixed && n > t->length ? t->length : n;
    if (quoted) of_put(w, f->encl, f->encl_len);
    if ((str || f->unsafe_sep) && f->esc != OF_NONE) {
        for (size_t i = 0; i < used; i++) {
            int c = (uint8_t)s[i];
            bool need = c == f->esc || (quoted ? c == f->field_sep_c : c == f->field_term_c) || c == f->line_sep_c || c == 0;
            if (need && (quoted || !f->ambiguous_term || c != f->field_term_c)) {
                of_byte(w, c == f->field_sep_c && f->ambiguous_sep ? f->field_sep_c : f->esc);
                of_byte(w, c == 0 ? '0' : c);
            } else of_byte(w, c);
        }
    } else of_put(w, s, used);
    if (f->fixed) for (size_t k = used; k < t->length; k++) of_byte(w, ' ');
    if (quoted) of_put(w, f->encl, f->encl_len);
}

/* Writes rows (already selected) to the file fd; returns the rows written. */
uint64_t ex_outfile_write(ex_ctx *ctx, const pl_export *x, int fd, const char *path, const ex_rows *rows,
                         const ex_type *types)
{
    of_writer *w = stor_arena_alloc(ctx->a, sizeof *w);
    w->ctx = ctx; w->fd = fd; w->path = path; w->n = 0;
    uint64_t written = 0;
    if (x->dumpfile) {
        for (uint32_t r = 0; r < rows->nrows; r++) {
            if (r >= 2) { of_flush(w); ex_raise(ctx, 1172, "42000", "Result consisted of more than one row"); }
            for (uint32_t c = 0; c < rows->ncols; c++) {
                const pdb_value *v = &rows->v[(size_t)r * rows->ncols + c];
                if (v->t == VT_NULL) { of_byte(w, 0); continue; }
                size_t n;
                const char *s = value_bytes(ctx, &types[c], v, &n);
                of_put(w, s, n);
            }
            written++;
        }
        of_flush(w);
        return written;
    }
    of_format f;
    of_format_init(ctx, x, types, rows->ncols, &f);
    for (uint32_t r = 0; r < rows->nrows; r++) {
        stor_arena_pos mark = stor_arena_here(ctx->a);
        of_put(w, f.lstart, f.lstart_len);
        for (uint32_t c = 0; c < rows->ncols; c++) {
            of_value(w, &f, &types[c], &rows->v[(size_t)r * rows->ncols + c]);
            if (c + 1 < rows->ncols) of_put(w, f.fterm, f.fterm_len);
        }
        of_put(w, f.lterm, f.lterm_len);
        stor_arena_rewind(ctx->a, mark);
        written++;
    }
    of_flush(w);
    return written;
}
