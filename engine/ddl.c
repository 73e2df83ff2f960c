/* ddl.c - CREATE/DROP DATABASE, CREATE/DROP/TRUNCATE/ALTER/RENAME TABLE, CREATE/DROP
 * INDEX. Definitions are normalised the way MariaDB stores them (collations resolved,
 * defaults converted to the column type) so introspection matches. DDL is logged as
 * its SQL text and replayed at recovery. */
#include "engine/eng.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

extern bool ex_replaying;

static bool is_text_type(int t)
{
    return t == CT_CHAR || t == CT_VARCHAR || (t >= CT_TINYTEXT && t <= CT_LONGTEXT) || t == CT_ENUM || t == CT_SET;
}
static bool is_binary_type(int t)
{
    return t == CT_BINARY || t == CT_VARBINARY || (t >= CT_TINYBLOB && t <= CT_LONGBLOB);
}

static uint16_t resolve_coll(ex_ctx *ctx, const char *cs, const char *coll, uint16_t dflt)
{
    const pdb_collation *c = NULL;
    if (coll && strcmp(coll, "*bin")) {
        c = pdb_coll_by_name(coll);
        if (!c) ex_raise(ctx, 1273, "HY000", "Unknown collation: '%s'", coll);
        const pdb_collation *d = dflt ? pdb_coll_by_id(dflt) : NULL;
        const char *in = cs ? cs : ex_coll_shared(c) && d ? d->charset : NULL;   /* (uca1400_x alone: the default's) */
        const pdb_collation *b = in ? pdb_coll_of_charset(c, in) : c;
        if (!b) ex_raise(ctx, 1253, "42000", "COLLATION '%s' is not valid for CHARACTER SET '%s'",
                         ex_coll_shared(c) ? coll : c->name, in);
        return b->id;
    }
    if (cs) {
        if (!strcasecmp(cs, "binary")) return COLL_BINARY;
        c = pdb_coll_default_for(cs);
        if (!c) ex_raise(ctx, 1115, "42000", "Unknown character set: '%s'", cs);
    } else c = pdb_coll_by_id(dflt);
    if (coll && !strcmp(coll, "*bin") && c) {
        char name[64];
        snprintf(name, sizeof name, "%s_bin", c->charset);
        const pdb_collation *b = pdb_coll_by_name(name);
        if (b) return b->id;
    }
    return c ? c->id : COLL_UTF8MB4_GENERAL_CI;
}

/* SQL text of a default value as MariaDB keeps it: numbers bare, strings quoted. */
static char *default_text(ex_ctx *ctx, stor_column *c, pl_expr *e)
{
    if (!e) return NULL;
    if (e->kind == E_NULL) return stor_strndup("NULL", 4);
    if (e->kind == E_FUNC && (!strcmp(e->s, "CURRENT_TIMESTAMP") || !strcmp(e->s, "NOW") || !strcmp(e->s, "LOCALTIMESTAMP") || !strcmp(e->s, "LOCALTIME"))) {
        if (c->type != CT_DATETIME && c->type != CT_TIMESTAMP)
            ex_raise(ctx, 1067, "42000", "Invalid default value for '%s'", c->name);
        if (e->nargs == 1 && e->args[0]->kind == E_INT && e->args[0]->s && atoi(e->args[0]->s) > 0) {
            char b[32];   /* CURRENT_TIMESTAMP(n): n fraction digits, as MariaDB shows it */
            int n = snprintf(b, sizeof b, "current_timestamp(%d)", atoi(e->args[0]->s) > 6 ? 6 : atoi(e->args[0]->s));
            return stor_strndup(b, (size_t)n);
        }
        return stor_strndup("current_timestamp()", 19);
    }
    ex_scope sc = { 0 };
    ex_ctx vctx = *ctx;
    vctx.src = NULL; vctx.nsrc = 0;
    sc.ctx = &vctx; sc.item_base = -1; sc.clause = "field list";
    ex_type t;
    ex_prog *p = ex_compile(&sc, e, &t);
    pdb_value v, o;
    ex_eval(&vctx, p, &v);
    if (v.t == VT_NULL) return stor_strndup("NULL", 4);
    bool strict = vctx.strict;
    vctx.strict = true;
    jmp_buf jb, *saved = vctx.jb;
    ex_err err;
    ex_err *saved_err = vctx.err;
    vctx.err = &err;
    vctx.jb = &jb;
    if (setjmp(jb)) {
        vctx.jb = saved; vctx.err = saved_err;
        ex_raise(ctx, 1067, "42000", "Invalid default value for '%s'", c->name);
    }
    uint32_t nw = ctx->s->nwarnings, wc = ctx->s->warn_count;
    ex_store_convert(&vctx, c, &v, &o, 1);
    ctx->s->nwarnings = nw; ctx->s->warn_count = wc;
    vctx.jb = saved; vctx.err = saved_err; vctx.strict = strict;
    char buf[128];
    const char *s;
    if (c->type == CT_BIT && o.t == VT_STRING) {   /* b'101', as MariaDB shows it */
        uint64_t u = ex_hexnum_u64(&o);
        size_t k = 0;
        buf[k++] = 'b'; buf[k++] = '\'';
        int top = 63;
        while (top > 0 && !(u >> top & 1)) top--;
        for (int b = top; b >= 0; b--) buf[k++] = (char)('0' + (u >> b & 1));
        buf[k++] = '\'';
        return stor_strndup(buf, k);
    }
    size_t n = pdb_value_text(&o, NULL, buf, sizeof buf, &s);
    if (o.t == VT_STRING || o.t == VT_DATE || o.t == VT_DATETIME || o.t == VT_TIME) {
        char *q = stor_malloc(n * 2 + 3);
        size_t k = 0;
        q[k++] = '\'';
        for (size_t i = 0; i < n; i++) {
            if (s[i] == '\'') q[k++] = '\'';
            else if (s[i] == '\\') q[k++] = '\\';
            q[k++] = s[i];
        }
        q[k++] = '\''; q[k] = 0;
        return q;
    }
    return stor_strndup(s, n);
}

/* NEXTVAL(s) / LASTVAL(s) / SETVAL(s, ..) in a DEFAULT name their sequence with its
 * database, as MariaDB prints them (the current one's when not written) */
static void seq_qualify(ex_ctx *ctx, pl_expr *e)
{
    if (!e) return;
    if (e->kind == E_FUNC && e->s && !e->db && e->nargs >= 1 && e->args[0]->kind == E_COLUMN && !e->args[0]->tbl &&
        (!strcasecmp(e->s, "NEXTVAL") || !strcasecmp(e->s, "LASTVAL") || !strcasecmp(e->s, "SETVAL")))
        e->args[0]->tbl = (char *)ex_cur_db(ctx, NULL);
    for (int i = 0; i < e->nargs; i++) seq_qualify(ctx, e->args[i]);
}

/* Is a DEFAULT a value, kept as one (a literal, a signed one, DATE'..', PI(), the time),
 * or an expression MariaDB keeps as written and evaluates for each row? */
static bool default_is_value(const pl_expr *e)
{
    switch (e->kind) {
    case E_NULL: case E_INT: case E_DECIMAL: case E_FLOAT: case E_STRING: case E_HEX: case E_BOOL:
        return true;
    case E_UNARY:
        return (e->op == '-' || e->op == '+') && default_is_value(e->args[0]);
    case E_CAST: {   /* DATE'..', TIME'..', TIMESTAMP'..', _binary'..': not CAST() / CONVERT() */
        const char *w = e->start ? e->start : "";
        while (*w == '(' || *w == ' ') w++;
        return e->args[0]->kind == E_STRING && strncasecmp(w, "cast", 4) && strncasecmp(w, "convert", 7);
    }
    case E_FUNC:
        return !e->db && !e->nargs && !strcmp(e->s, "PI");
    default:
        return false;
    }
}

/* CURRENT_TIMESTAMP and its names: kept as the text current_timestamp([n]) */
static bool default_is_now(const pl_expr *e)
{
    return e->kind == E_FUNC && !e->db && (!strcmp(e->s, "CURRENT_TIMESTAMP") || !strcmp(e->s, "NOW") ||
                                           !strcmp(e->s, "LOCALTIMESTAMP") || !strcmp(e->s, "LOCALTIME"));
}

/* Does e read nothing that may change from row to row (no column, variable or volatile
 * call)? MariaDB computes such a default at CREATE too, and refuses it (1067) when it
 * does not fit the column. */
static bool default_constant(const pl_expr *e)
{
    if (e->kind == E_COLUMN || e->kind == E_USERVAR || e->kind == E_SYSVAR) return false;
    if (e->kind == E_FUNC) {
        const ex_fdef *fd = ex_func_find(e->s);
        if (!fd || (fd->flags & (EX_FN_VOLATILE | EX_FN_SYSCONST)) || ex_reads_moment(e) || !strcmp(e->s, "DEFAULT"))
            return false;
    }
    for (int i = 0; i < e->nargs; i++) if (!default_constant(e->args[i])) return false;
    return true;
}

/* Does a DEFAULT give each row its own value (it reads a column or calls a volatile
 * function)? MariaDB then adds such a column by copying the table. */
static bool default_varies(const pl_expr *e)
{
    if (e->kind == E_COLUMN) return true;
    if (e->kind == E_FUNC) {
        const ex_fdef *fd = ex_func_find(e->s);
        if (fd && (fd->flags & EX_FN_VOLATILE)) return true;
    }
    for (int i = 0; i < e->nargs; i++) if (default_varies(e->args[i])) return true;
    return false;
}

/* Does a DEFAULT call a function that gives another value each call (RAND, UUID,
 * NEXTVAL)? The clock's functions give the statement's time. */
static bool default_volatile(const pl_expr *e)
{
    if (e->kind == E_FUNC && !e->db) {
        const ex_fdef *fd = ex_func_find(e->s);
        if (fd && (fd->flags & EX_FN_VOLATILE) && !ex_reads_moment(e)) return true;
    }
    for (int i = 0; i < e->nargs; i++) if (default_volatile(e->args[i])) return true;
    return false;
}

/* Column c's DEFAULT e: its text (a value, or the expression with the parentheses MariaDB
 * prints around all but a function call), checked as MariaDB checks it. */
static void set_default(ex_ctx *ctx, stor_column *c, pl_expr *e)
{
    if (e->kind == E_NULL && c->not_null) ex_raise(ctx, 1067, "42000", "Invalid default value for '%s'", c->name);
    if (c->auto_increment) ex_raise(ctx, 1067, "42000", "Invalid default value for '%s'", c->name);
    if (default_is_value(e) || default_is_now(e)) {
        c->default_sql = default_text(ctx, c, e);
        c->default_expr = false;
        return;
    }
    ex_default_usable(ctx, e, c->name);
    seq_qualify(ctx, e);
    if (default_constant(e)) {   /* (its value checked against the column, then let go) */
        uint32_t nw = ctx->s->nwarnings, wc = ctx->s->warn_count;
        stor_free(default_text(ctx, c, e));
        ctx->s->nwarnings = nw; ctx->s->warn_count = wc;
    }
    const char *x = ex_check_print(ctx, e);
    size_t n = strlen(x);
    bool call = (e->kind == E_FUNC && strcmp(e->s, "DATE_ADD") && strcmp(e->s, "DATE_SUB") && n && x[n - 1] == ')' &&
                 (isalpha((unsigned char)x[0]) || x[0] == '`')) ||
                (e->kind == E_CAST && !strncmp(x, "cast(", 5) &&   /* (a temporal CAST prints as a call) */
                 (e->cast.type == CT_DATE || e->cast.type == CT_DATETIME || e->cast.type == CT_TIME));
    char *t = stor_malloc(n + 3);
    if (call) memcpy(t, x, n + 1);
    else { t[0] = '('; memcpy(t + 1, x, n); t[n + 1] = ')'; t[n + 2] = 0; }
    c->default_sql = t;
    c->default_expr = true;
}

void ex_coldef_type(ex_ctx *ctx, stor_column *dst, pl_coldef *d, uint16_t tcoll)
{
    *dst = d->c;
    dst->name = "";
    if (is_binary_type(dst->type)) dst->coll = COLL_BINARY;
    else if (is_text_type(dst->type)) dst->coll = resolve_coll(ctx, d->charset, d->collate, tcoll);
    else dst->coll = COLL_BINARY;
    dst->not_null = false;
}

/* Does changing column o into n make MariaDB copy the table (ALGORITHM=COPY, its rows
 * counted in the OK), rather than change it in place? A new type, a shorter length, a
 * VARCHAR outgrowing its one-byte length, NOT NULL added, another collation, ENUM
 * members changed other than appended. */
static bool column_copies(const stor_column *o, const stor_column *n)
{
    if (o->type != n->type || o->is_unsigned != n->is_unsigned || o->scale != n->scale || o->coll != n->coll) return true;
    if (n->width < o->width) return true;
    if (n->type == CT_VARCHAR || n->type == CT_VARBINARY) {
        const pdb_collation *co = pdb_coll_by_id(n->coll);
        uint32_t m = co ? co->maxlen : 1;
        if (o->width * m <= 255 && n->width * m > 255) return true;
    }
    if (n->not_null && !o->not_null) return true;
    if (n->n_enum < o->n_enum) return true;
    for (uint32_t i = 0; i < o->n_enum; i++) if (strcmp(o->enum_vals[i], n->enum_vals[i])) return true;
    return false;
}

/* MariaDB's identifiers hold up to 64 characters (NAME_CHAR_LEN), whatever their bytes.
 * Not while replaying the log or a snapshot: a build before this check took longer
 * column, key and database names, and their data directories must still start. */
bool ex_name_too_long(const char *s)
{
    if (ex_replaying) return false;
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) n += (*p & 0xC0) != 0x80;
    return n > 64;
}

/* A name as MariaDB's messages print it: at most 100 bytes, cut at a character; with dots
 * (its %-.100T) the last three of them are "..." when it was cut. */
const char *ex_name_shown(ex_ctx *ctx, const char *s, bool dots)
{
    size_t n = strlen(s);
    if (n <= 100) return s;
    size_t cut = dots ? 97 : 100;
    while (cut && ((unsigned char)s[cut] & 0xC0) == 0x80) cut--;
    char *o = stor_arena_alloc(ctx->a, cut + 4);
    memcpy(o, s, cut);
    strcpy(o + cut, dots ? "..." : "");
    return o;
}

void ex_raise_name_too_long(ex_ctx *ctx, const char *name)
{
    ex_raise(ctx, 1059, "42000", "Identifier name '%s' is too long", ex_name_shown(ctx, name, true));
}

static void fill_column(ex_ctx *ctx, stor_column *dst, pl_coldef *d, uint16_t tcoll)
{
    if (ex_name_too_long(d->c.name)) ex_raise_name_too_long(ctx, d->c.name);
    *dst = d->c;
    dst->name = stor_strndup(d->c.name, strlen(d->c.name));
    if (is_binary_type(dst->type)) dst->coll = COLL_BINARY;
    else if (is_text_type(dst->type)) dst->coll = resolve_coll(ctx, d->charset, d->collate, tcoll);
    else dst->coll = COLL_BINARY;
    if (dst->type == CT_VARCHAR || dst->type == CT_CHAR || dst->type == CT_VARBINARY || dst->type == CT_BINARY) {
        uint32_t lim = dst->type == CT_CHAR || dst->type == CT_BINARY ? 255 : 65532;
        const pdb_collation *co = pdb_coll_by_id(dst->coll);
        if (dst->type == CT_VARCHAR && co) lim = 65532 / co->maxlen;
        if (dst->width > lim)
            ex_raise(ctx, 1074, "42000", "Column length too big for column '%s' (max = %u); use BLOB or TEXT instead", dst->name, lim);
    }
    if (dst->type == CT_DECIMAL) {
        if (dst->width > 65) ex_raise(ctx, 1426, "42000", "Too big precision %u specified for '%s'. Maximum is 65.", dst->width, dst->name);
        if (dst->scale > 38) ex_raise(ctx, 1425, "42000", "Too big scale %d specified for '%s'. Maximum is 38.", dst->scale, dst->name);
        if ((uint32_t)dst->scale > dst->width) ex_raise(ctx, 1427, "42000", "For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column '%s').", dst->name);
    }
    if (dst->n_enum) {
        char **ev = stor_calloc(dst->n_enum, sizeof(char *));
        for (uint32_t i = 0; i < dst->n_enum; i++) ev[i] = stor_strndup(d->c.enum_vals[i], strlen(d->c.enum_vals[i]));
        dst->enum_vals = ev;
    }
    dst->comment = d->c.comment ? stor_strndup(d->c.comment, strlen(d->c.comment)) : NULL;
    dst->default_sql = NULL;
    dst->default_expr = false;
    dst->has_default = false;
    dst->gen_sql = NULL;
    dst->gen = 0;
    if (d->gen) {   /* a generated column: its expression, no default (checked with the table's columns) */
        const char *g = ex_check_print(ctx, d->gen);
        dst->gen_sql = stor_strndup(g, strlen(g));
        dst->gen = d->gen_stored ? STOR_GEN_STORED : STOR_GEN_VIRTUAL;
        if (d->has_default || dst->auto_increment)
            ex_raise(ctx, 1064, "42000", "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use");
    } else if (d->has_default) {
        set_default(ctx, dst, d->default_expr);
        dst->has_default = true;
    } else if (!dst->not_null && !dst->auto_increment) {
        dst->default_sql = stor_strndup("NULL", 4);
        dst->has_default = true;
    }
    dst->i64 = NULL; dst->f64 = NULL; dst->sp = NULL; dst->slen = NULL; dst->pval = NULL; dst->nulls = NULL; dst->pool = NULL; dst->code = NULL;
    dst->lo = dst->hi = 0;
    if (dst->type == CT_FLOAT || dst->type == CT_DOUBLE) dst->kind = CK_F64;
    else if (is_text_type(dst->type) || is_binary_type(dst->type) || dst->type == CT_BIT) dst->kind = CK_STR;
    else if (dst->type == CT_DECIMAL && dst->width > 18) dst->kind = CK_DEC;   /* exact beyond int64 */
    else dst->kind = CK_I64;
}

static int find_col(stor_column *cols, uint32_t n, const char *name)
{
    for (uint32_t i = 0; i < n; i++) if (!strcasecmp(cols[i].name, name)) return (int)i;
    return -1;
}

static bool key_name_used(stor_index *idx, uint32_t n, const char *name)
{
    for (uint32_t i = 0; i < n; i++) if (!strcasecmp(idx[i].name, name)) return true;
    return false;
}

/* A UNIQUE key's place among the others (MariaDB's sort_keys): NOT NULL columns before
 * nullable ones, whole columns before prefixes. */
static int unique_rank(const stor_column *cols, const stor_index *x)
{
    bool nullable = false, prefix = false;
    for (uint32_t k = 0; k < x->ncols; k++) {
        if (!cols[x->cols[k]].not_null) nullable = true;
        if (x->prefix[k]) prefix = true;
    }
    return (nullable ? 2 : 0) + (prefix ? 1 : 0);
}

/* The columns of a FULLTEXT key: CHAR, VARCHAR or TEXT of a character set that is not
 * binary, all in the first one's collation (MariaDB's mysql_prepare_create_table; 1283). */
static void ft_columns_check(ex_ctx *ctx, const pl_keydef *k, stor_column *cols, uint32_t ncols)
{
    uint16_t coll = 0;
    for (int i = 0; i < k->ncols; i++) {
        int c = find_col(cols, ncols, k->cols[i]);
        if (c < 0) continue;   /* (1072 below) */
        const stor_column *col = &cols[c];
        bool text = col->type == CT_CHAR || col->type == CT_VARCHAR || (col->type >= CT_TINYTEXT && col->type <= CT_LONGTEXT);
        if (!text || col->coll == COLL_BINARY || (i && col->coll != coll))
            ex_raise(ctx, 1283, "HY000", "Column '%s' cannot be part of FULLTEXT index", col->name);
        if (!i) coll = col->coll;
    }
}

/* Where a FULLTEXT key cannot be: a MEMORY table (1214), a temporary InnoDB one (1796). */
static bool ft_engine_refuses(const char *eng, bool temporary)
{
    return eng && (!strcasecmp(eng, "MEMORY") || (temporary && !strcasecmp(eng, "InnoDB")));
}

static void ft_engine_check(ex_ctx *ctx, const char *eng, bool temporary)
{
    if (!ft_engine_refuses(eng, temporary)) return;
    if (!strcasecmp(eng, "MEMORY")) ex_raise(ctx, 1214, "HY000", "The storage engine MEMORY doesn't support FULLTEXT indexes");
    ex_raise(ctx, 1796, "HY000", "Cannot create FULLTEXT index on temporary InnoDB table");
}

/* Adds a key definition to the index array (checks as MariaDB does). */
static void add_key(ex_ctx *ctx, stor_column *cols, uint32_t ncols, stor_index **idx, uint32_t *nidx, pl_keydef *k)
{
    if (k->kind == IK_PRIMARY)
        for (uint32_t i = 0; i < *nidx; i++)
            if ((*idx)[i].kind == IK_PRIMARY) ex_raise(ctx, 1068, "42000", "Multiple primary key defined");
    char *name;
    if (k->kind == IK_PRIMARY) name = "PRIMARY";
    else if (k->name) {
        name = k->name;
        if (ex_name_too_long(name)) ex_raise_name_too_long(ctx, name);
        if (!strcasecmp(name, "PRIMARY")) ex_raise(ctx, 1280, "42000", "Incorrect index name '%s'", name);
        if (key_name_used(*idx, *nidx, name)) ex_raise(ctx, 1061, "42000", "Duplicate key name '%s'", name);
    } else {
        char buf[80];
        snprintf(buf, sizeof buf, "%s", k->cols[0]);
        int suffix = 2;
        while (key_name_used(*idx, *nidx, buf)) snprintf(buf, sizeof buf, "%s_%d", k->cols[0], suffix++);
        name = stor_arena_strndup(ctx->a, buf, strlen(buf));
    }
    if (k->kind == IK_FULLTEXT) ft_columns_check(ctx, k, cols, ncols);
    if (k->kind == IK_SPATIAL && !ex_replaying) {
        /* one NOT NULL spatial column (kept as a plain key here); not checked replaying a
           log or snapshot made before spatial types, which took any column there */
        int c = k->ncols == 1 ? find_col(cols, ncols, k->cols[0]) : -1;
        if (k->ncols == 1 && c < 0) ex_raise(ctx, 1072, "42000", "Key column '%s' doesn't exist in table", k->cols[0]);
        if (c < 0 || !cols[c].geom || k->prefix[0]) ex_raise(ctx, 1210, "HY000", "Incorrect arguments to SPATIAL INDEX");
        if (!cols[c].not_null) ex_raise(ctx, 1252, "42000", "All parts of a SPATIAL index must be NOT NULL");
    }
    stor_index x;
    memset(&x, 0, sizeof x);
    x.kind = (uint8_t)k->kind;
    x.ncols = (uint32_t)k->ncols;
    x.cols = stor_calloc((size_t)k->ncols, sizeof(uint32_t));
    x.prefix = stor_calloc((size_t)k->ncols, sizeof(uint32_t));
    for (int i = 0; i < k->ncols; i++) {
        int c = find_col(cols, ncols, k->cols[i]);
        if (c < 0) ex_raise(ctx, 1072, "42000", "Key column '%s' doesn't exist in table", k->cols[i]);
        x.cols[i] = (uint32_t)c;
        x.prefix[i] = k->prefix[i];
        stor_column *col = &cols[c];
        bool blob = (col->type >= CT_TINYTEXT && col->type <= CT_LONGBLOB);
        if (blob && !k->prefix[i] && k->kind != IK_FULLTEXT && k->kind != IK_SPATIAL)
            ex_raise(ctx, 1170, "42000", "BLOB/TEXT column '%s' used in key specification without a key length", col->name);
        if (k->prefix[i] && !(col->kind == CK_STR))
            ex_raise(ctx, 1089, "HY000", "Incorrect prefix key; the used key part isn't a string, the used length is longer than the key part, or the storage engine doesn't support unique prefix keys");
        if (k->prefix[i] && !blob && k->prefix[i] >= col->width && col->width) x.prefix[i] = 0;
        if (k->kind == IK_PRIMARY) { col->not_null = true; if (col->default_sql && !strcmp(col->default_sql, "NULL")) { stor_free(col->default_sql); col->default_sql = NULL; col->has_default = false; } }
    }
    x.name = stor_strndup(name, strlen(name));
    x.comment = k->comment ? stor_strndup(k->comment, strlen(k->comment)) : NULL;
    *idx = stor_realloc(*idx, (*nidx + 1) * sizeof(stor_index));
    /* PRIMARY first, then UNIQUE (of NOT NULL columns first, then whole columns first),
       then the rest, each in the order given (MariaDB's sort_keys; its first UNIQUE of
       NOT NULL whole columns is the clustered key of a table without PRIMARY) */
    uint32_t pos = *nidx;
    if (x.kind == IK_PRIMARY) pos = 0;
    else if (x.kind == IK_UNIQUE) {
        int rank = unique_rank(cols, &x);
        pos = 0;
        while (pos < *nidx && ((*idx)[pos].kind == IK_PRIMARY ||
                               ((*idx)[pos].kind == IK_UNIQUE && unique_rank(cols, &(*idx)[pos]) <= rank)))
            pos++;
    }
    memmove(&(*idx)[pos + 1], &(*idx)[pos], (*nidx - pos) * sizeof(stor_index));
    (*idx)[pos] = x;
    (*nidx)++;
}

static void check_auto(ex_ctx *ctx, stor_column *cols, uint32_t ncols, stor_index *idx, uint32_t nidx)
{
    int n = 0;
    for (uint32_t c = 0; c < ncols; c++) {
        if (!cols[c].auto_increment) continue;
        n++;
        bool keyed = false;
        for (uint32_t i = 0; i < nidx; i++) if (idx[i].cols[0] == c && idx[i].kind != IK_FULLTEXT) keyed = true;
        if (!keyed) ex_raise(ctx, 1075, "42000", "Incorrect table definition; there can be only one auto column and it must be defined as a key");
    }
    if (n > 1) ex_raise(ctx, 1075, "42000", "Incorrect table definition; there can be only one auto column and it must be defined as a key");
}

static void free_def(stor_column *cols, uint32_t ncols, stor_index *idx, uint32_t nidx)
{
    for (uint32_t i = 0; i < ncols; i++) {
        stor_free(cols[i].name); stor_free(cols[i].default_sql); stor_free(cols[i].comment); stor_free(cols[i].gen_sql);
        for (uint32_t e = 0; e < cols[i].n_enum; e++) stor_free(cols[i].enum_vals[e]);
        stor_free(cols[i].enum_vals);
    }
    for (uint32_t i = 0; i < nidx; i++) { stor_free(idx[i].name); stor_free(idx[i].cols); stor_free(idx[i].prefix); stor_free(idx[i].comment); }
    stor_free(cols); stor_free(idx);
}

static void append_ident(char **b, size_t *l, size_t *cap, const char *s);

static size_t logged_len(const char *sql, size_t len);
static stor_ddl_env session_env(ex_ctx *ctx);

/* An account statement into the binary log (MariaDB replicates them; the accounts file
 * is not the log). */
void ex_log_binlog_statement(ex_ctx *ctx, pl_stmt *st)
{
    if (!st->start) return;
    ex_log_binlog_text(ctx, st->start, logged_len(st->start, st->len));
}

void ex_log_binlog_text(ex_ctx *ctx, const char *sql, size_t len)
{
    if (!stor_binlog_on() || ex_replaying || ctx->s->sql_log_bin_off) return;
    stor_ddl_env env = session_env(ctx);
    if (stor_binlog_statement(ctx->s->db, sql, len, &env) != 0)
        fprintf(stderr, "pressdb: [ERROR] the binary log could not record an account statement\n");
}

static stor_ddl_env session_env(ex_ctx *ctx)
{
    const pdb_collation *cl = pdb_coll_by_id(ctx->s->coll_client);
    const pdb_collation *dc = cl ? pdb_coll_default_for(cl->charset) : NULL;
    stor_ddl_env env = { ctx->s->sql_mode, (uint16_t)(dc ? dc->id : 45), ctx->s->coll_connection, NULL, NULL,
                         ctx->s->sql_log_bin_off };
    if (ctx->s->user[0] && !ctx->s->no_account) {   /* (a replica resolves CURRENT_USER by it) */
        env.invoker_user = ctx->s->user;
        env.invoker_host = ctx->s->priv_host[0] ? ctx->s->priv_host : ctx->s->host;
    }
    return env;
}

static size_t logged_len(const char *sql, size_t len)
{
    /* a statement run from inside a version comment (a dump's "ALTER TABLE t
       DISABLE KEYS *\/") ends with the comment's close: not part of it */
    size_t n = len;
    while (n && (sql[n - 1] == ' ' || sql[n - 1] == '\t' || sql[n - 1] == '\n' || sql[n - 1] == '\r')) n--;
    if (n >= 2 && sql[n - 2] == '*' && sql[n - 1] == '/' && !memmem(sql, n - 2, "/*", 2)) return n - 2;
    return len;
}

int ex_log_ddl(ex_ctx *ctx, const char *db, const char *sql, size_t len)
{
    stor_ddl_env env = session_env(ctx);
    return stor_log_ddl_env(db, sql, logged_len(sql, len), &env);
}

static void log_ddl(ex_ctx *ctx, pl_stmt *st, const char *db)
{
    if (ex_replaying) return;
    if (ex_log_ddl(ctx, db, st->start, st->len) != 0)
        ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
}

static stor_db *need_db(ex_ctx *ctx, const char *db)
{
    const char *name = ex_cur_db(ctx, db);
    stor_db *d = stor_db_find(name);
    if (!d) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", name);
    return d;
}

static void copy_column_def(stor_column *dst, const stor_column *src)
{
    *dst = *src;
    dst->name = stor_strndup(src->name, strlen(src->name));
    dst->default_sql = src->default_sql ? stor_strndup(src->default_sql, strlen(src->default_sql)) : NULL;
    dst->gen_sql = src->gen_sql ? stor_strndup(src->gen_sql, strlen(src->gen_sql)) : NULL;
    dst->comment = src->comment ? stor_strndup(src->comment, strlen(src->comment)) : NULL;
    if (src->n_enum) {
        dst->enum_vals = stor_calloc(src->n_enum, sizeof(char *));
        for (uint32_t i = 0; i < src->n_enum; i++) dst->enum_vals[i] = stor_strndup(src->enum_vals[i], strlen(src->enum_vals[i]));
    }
    dst->i64 = NULL; dst->f64 = NULL; dst->sp = NULL; dst->slen = NULL; dst->pval = NULL; dst->nulls = NULL; dst->pool = NULL; dst->code = NULL;
    dst->lo = dst->hi = 0;
}

static void copy_index_def(stor_index *dst, const stor_index *src)
{
    *dst = *src;
    dst->name = stor_strndup(src->name, strlen(src->name));
    dst->comment = src->comment ? stor_strndup(src->comment, strlen(src->comment)) : NULL;
    dst->cols = stor_calloc(src->ncols, sizeof(uint32_t));
    dst->prefix = stor_calloc(src->ncols, sizeof(uint32_t));
    memcpy(dst->cols, src->cols, src->ncols * sizeof(uint32_t));
    memcpy(dst->prefix, src->prefix, src->ncols * sizeof(uint32_t));
    memset(&dst->h, 0, sizeof dst->h); memset(&dst->h1, 0, sizeof dst->h1); dst->nbuckets = 0;
}

/* ---- CREATE TABLE ... SELECT ---- */

/* The base table behind FROM entry tr when a reference qualified by tbl (NULL: any) can
 * mean it (*named); NULL when it is not a plain base table (derived, WITH, column list,
 * information_schema). */
static stor_table *tref_table(ex_ctx *ctx, pl_tref *tr, const char *tbl, bool *named)
{
    const char *al = tr->alias ? tr->alias : tr->name;
    *named = !tbl || (al && !strcmp(tbl, al));
    if (!*named || !tr->name || tr->derived || tr->cte || tr->col_names) return NULL;
    const char *db = tr->db ? tr->db : ctx->view_db ? ctx->view_db : ctx->s->db;
    if (!strcasecmp(db, "information_schema") || ex_view_find(ctx, db, tr->name)) return NULL;
    return ex_table(ctx, db, tr->name);
}

/* The base-table column a select item is, when it is a plain column reference (or
 * MIN/MAX of one: *agg set), else NULL. Items are counted out as the select list
 * expands them (t.* and *). */
static const stor_column *item_column(ex_ctx *ctx, pl_select *sel, uint32_t want, bool *agg, bool *minmax)
{
    if (sel->next) return NULL;   /* UNION: the aggregated types */
    uint32_t pos = 0;
    for (int i = 0; i < sel->nitems; i++) {
        pl_expr *e = sel->items[i].e;
        if (e->kind == E_STAR) {
            for (int f = 0; f < sel->nfrom; f++) {
                pl_tref *tr = &sel->from[f];
                bool named;
                stor_table *t = tref_table(ctx, tr, e->tbl, &named);
                if (!named) continue;
                if (!t) return NULL;
                if (want < pos + t->ncols) {
                    *agg = tr->join == JT_LEFT || (f == 0 && sel->nfrom > 1 && sel->from[1].join == JT_RIGHT);
                    return &t->cols[want - pos];
                }
                pos += t->ncols;
            }
            continue;
        }
        if (pos++ != want) continue;
        *agg = false;
        if (e->kind == E_FUNC && e->nargs == 1 && !e->win && !e->distinct && (!strcmp(e->s, "MIN") || !strcmp(e->s, "MAX"))) {
            e = e->args[0];
            *minmax = true;
        }
        if (e->kind != E_COLUMN) return NULL;
        const stor_column *found = NULL;
        for (int f = 0; f < sel->nfrom; f++) {
            pl_tref *tr = &sel->from[f];
            bool named;
            stor_table *t = tref_table(ctx, tr, e->tbl, &named);
            if (!named) continue;
            if (!t) return NULL;
            for (uint32_t c = 0; c < t->ncols; c++)
                if (!strcasecmp(t->cols[c].name, e->s)) {
                    if (found) return NULL;
                    found = &t->cols[c];
                    if (tr->join == JT_LEFT) *agg = true;
                }
        }
        return found;
    }
    return NULL;
}

static bool has_aggregate(pl_expr *e)
{
    if (!e) return false;
    if (e->kind == E_FUNC && !e->win && ex_is_aggregate_name(e->s)) return true;
    for (int i = 0; i < e->nargs; i++) if (has_aggregate(e->args[i])) return true;
    return false;
}

/* A column as MariaDB makes it from a select item of type t (Item::create_tmp_field). */
void ex_select_column(ex_ctx *ctx, pl_select *sel, uint32_t i, const ex_type *t, const char *name, stor_column *c)
{
    bool agg = false, minmax = false;
    const stor_column *src = item_column(ctx, sel, i, &agg, &minmax);
    if (!sel->next && !sel->ngroup)
        for (int k = 0; k < sel->nitems; k++) if (has_aggregate(sel->items[k].e)) { agg = true; break; }
    if (src) {
        copy_column_def(c, src);
        stor_free(c->name);
        c->name = stor_strndup(name, strlen(name));
        c->json = false;   /* the check constraint stays behind */
        if (c->auto_increment) {
            c->auto_increment = false;
            if (!c->default_sql) { c->default_sql = stor_strndup("0", 1); c->has_default = true; }
        }
        if (minmax) {   /* MIN/MAX keep the type and comment, not the default */
            stor_free(c->default_sql);
            c->default_sql = NULL; c->has_default = false;
            c->on_update_now = false;
        }
        if (minmax && !c->default_sql) { c->default_sql = stor_strndup("NULL", 4); c->has_default = true; }
        if (agg || minmax) c->not_null = false;   /* implicit grouping or an outer join may give NULL */
        return;
    }
    memset(c, 0, sizeof *c);
    c->name = stor_strndup(name, strlen(name));
    c->scale = -1;
    c->coll = COLL_BINARY;
    c->is_unsigned = t->is_unsigned || (t->flags & UNSIGNED_FLAG);
    uint32_t len = t->length;
    switch (t->ptype) {
    case MYSQL_TYPE_TINY: c->type = CT_TINYINT; c->width = len; break;
    case MYSQL_TYPE_SHORT: c->type = CT_SMALLINT; c->width = len; break;
    case MYSQL_TYPE_INT24: c->type = CT_MEDIUMINT; c->width = len; break;
    case MYSQL_TYPE_LONG: c->type = CT_INT; c->width = len; break;
    case MYSQL_TYPE_LONGLONG: c->type = CT_BIGINT; c->width = len; break;
    case MYSQL_TYPE_NEWDECIMAL: case MYSQL_TYPE_DECIMAL: {
        int prec = (int)len - (t->decimals ? 1 : 0) - (c->is_unsigned ? 0 : 1);
        if (prec < (int)t->decimals) prec = t->decimals;
        if (prec < 1) prec = 1;
        if (prec > 65) prec = 65;
        c->type = CT_DECIMAL; c->width = (uint32_t)prec; c->scale = t->decimals;
        break;
    }
    case MYSQL_TYPE_FLOAT: case MYSQL_TYPE_DOUBLE:
        c->type = t->ptype == MYSQL_TYPE_FLOAT ? CT_FLOAT : CT_DOUBLE;
        if (t->decimals < 31) { c->width = len; c->scale = t->decimals; }
        break;
    case MYSQL_TYPE_NULL: c->type = CT_BINARY; c->width = 0; break;
    case MYSQL_TYPE_DATE: case MYSQL_TYPE_NEWDATE: c->type = CT_DATE; break;
    case MYSQL_TYPE_DATETIME: c->type = CT_DATETIME; if (t->decimals && t->decimals <= 6) c->scale = t->decimals; break;
    case MYSQL_TYPE_TIMESTAMP: c->type = CT_TIMESTAMP; if (t->decimals && t->decimals <= 6) c->scale = t->decimals; break;
    case MYSQL_TYPE_TIME: c->type = CT_TIME; if (t->decimals && t->decimals <= 6) c->scale = t->decimals; break;
    case MYSQL_TYPE_YEAR: c->type = CT_YEAR; c->width = 4; break;
    case MYSQL_TYPE_BIT: c->type = CT_BIT; c->width = len; break;
    case MYSQL_TYPE_GEOMETRY:
        if (t->geom) { c->type = CT_LONGBLOB; c->geom = t->geom; break; }   /* (a spatial column) */
        /* fall through */
    default: {
        /* strings: VARCHAR up to 512 characters, longer ones the TEXT/BLOB that holds them */
        uint16_t coll = t->vt == VT_STRING || t->ptype != 0 ? t->coll : COLL_UTF8MB4_GENERAL_CI;
        const pdb_collation *co = pdb_coll_by_id(coll);
        if (!co) { coll = COLL_UTF8MB4_GENERAL_CI; co = pdb_coll_by_id(coll); }
        bool bin = coll == COLL_BINARY;
        c->coll = coll;
        uint32_t chars = len / (co && co->maxlen ? co->maxlen : 1);
        bool blob = t->ptype == MYSQL_TYPE_BLOB || t->ptype == MYSQL_TYPE_TINY_BLOB ||
                    t->ptype == MYSQL_TYPE_MEDIUM_BLOB || t->ptype == MYSQL_TYPE_LONG_BLOB;
        /* a column keeps its VARCHAR (one that can be a VARCHAR: not a TEXT through UNION) */
        if (!blob && (chars <= 512 || (t->from_column && len <= 65532))) {
            if (t->ptype == MYSQL_TYPE_STRING || (!chars && !t->from_column))   /* (an empty result: CHAR(0)) */
                c->type = bin ? CT_BINARY : CT_CHAR;
            else c->type = bin ? CT_VARBINARY : CT_VARCHAR;
            c->width = chars;
        } else if (len < 256) c->type = bin ? CT_TINYBLOB : CT_TINYTEXT;
        else if (len < 65535) c->type = bin ? CT_BLOB : CT_TEXT;   /* 65535: a TEXT's text may grow */
        else if (len < 16777216) c->type = bin ? CT_MEDIUMBLOB : CT_MEDIUMTEXT;
        else c->type = bin ? CT_LONGBLOB : CT_LONGTEXT;
        break;
    }
    }
    if (c->type == CT_FLOAT || c->type == CT_DOUBLE) c->kind = CK_F64;
    else if (is_text_type(c->type) || is_binary_type(c->type) || c->type == CT_BIT) c->kind = CK_STR;
    else if (c->type == CT_DECIMAL && c->width > 18) c->kind = CK_DEC;
    else c->kind = CK_I64;
    bool nullable = t->nullable && !(t->flags & NOT_NULL_FLAG);
    if (t->ptype == MYSQL_TYPE_NULL) nullable = true;
    c->not_null = !nullable;
    if (nullable) { c->default_sql = stor_strndup("NULL", 4); c->has_default = true; }
}

/* Inserts the selected rows into the table just made, then logs it: its definition as
 * DDL, the rows as the statement's transaction. On failure the table goes again. */
static void fill_created(ex_ctx *ctx, pl_stmt *st, stor_db *d, stor_table *t, ex_rows *rows, char **map, ex_result *r)
{
    pl_stmt ins;
    memset(&ins, 0, sizeof ins);
    ins.kind = st->sel_replace ? S_REPLACE : S_INSERT;
    ins.start = st->start; ins.len = st->len;
    ins.db = d->name; ins.table = t->name;
    ins.ignore = st->ignore;
    ins.cols = map; ins.ncols = (int)rows->ncols;
    ins.sel = st->sel;
    ex_ctx ictx = *ctx;
    ictx.pre_rows = rows;
    ictx.writing = true;
    ictx.no_temp = !t->temporary;   /* the table just made, not a temporary one of its name */
    if (st->ignore) { ictx.strict = false; ictx.ignore = true; }
    stor_mark mark = stor_txn_mark();
    jmp_buf jb;
    ictx.jb = &jb;
    char *name = stor_arena_strndup(ctx->a, t->name, strlen(t->name));
    if (setjmp(jb)) {
        stor_txn_undo_to(mark);
        if (t->temporary) ex_tmp_discard(ctx->s, t);
        else stor_table_drop(d, name);
        longjmp(*ctx->jb, 1);
    }
    ex_insert(&ictx, &ins, r);
    if (t->temporary) return;   /* not logged, and CREATE TEMPORARY TABLE does not commit */
    if (!ex_replaying) {
        char *sql = ex_table_ddl(t);
        int rc = sql ? ex_log_ddl(ctx, d->name, sql, strlen(sql)) : -1;
        free(sql);
        if (rc != 0) {
            stor_txn_undo_to(mark);
            stor_table_drop(d, name);
            ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
        }
    }
    /* DDL commits: the rows go to the log right after it */
    if (!ex_replaying && stor_txn_commit() != 0)
        ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    ctx->s->in_trans = false;
}

/* A FOREIGN KEY's index, when the table has none starting with its columns (InnoDB
 * makes one, named as the key's index name or after its first column). */
/* Does index a start with every column of index b (whole columns)? */
static bool covers(const stor_index *a, const stor_index *b)
{
    if (a->ncols < b->ncols) return false;
    for (uint32_t k = 0; k < b->ncols; k++) if (a->cols[k] != b->cols[k] || a->prefix[k] || b->prefix[k]) return false;
    return true;
}

static void drop_index(stor_index **idx, uint32_t *nidx, uint32_t i)
{
    stor_index *x = &(*idx)[i];
    stor_free(x->name); stor_free(x->cols); stor_free(x->prefix); stor_free(x->comment);
    memmove(x, x + 1, (*nidx - i - 1) * sizeof *x);
    (*nidx)--;
}

static void fk_index(ex_ctx *ctx, stor_column *cols, uint32_t ncols, stor_index **idx, uint32_t *nidx, const pl_keydef *k)
{
    for (uint32_t i = 0; i < *nidx; i++)   /* a key of the table's own serves */
        if (!(*idx)[i].generated && ex_fk_index_for(cols, &(*idx)[i], 1, k->cols, (uint32_t)k->ncols) >= 0) return;
    /* else a new one, and an older one made for a constraint that it covers goes (MariaDB
       keeps the newest of such keys); a key made so gives its name up too */
    pl_keydef ik = *k;
    ik.kind = IK_KEY;
    ik.is_foreign = false;
    for (uint32_t i = 0; ik.name && i < *nidx; i++)
        if (!strcasecmp((*idx)[i].name, ik.name)) {
            if ((*idx)[i].generated) drop_index(idx, nidx, i);
            else ik.name = NULL;
            break;
        }
    add_key(ctx, cols, ncols, idx, nidx, &ik);   /* (a KEY: appended) */
    (*idx)[*nidx - 1].generated = true;
    for (uint32_t i = 0; i + 1 < *nidx; i++)
        if ((*idx)[i].generated && covers(&(*idx)[*nidx - 1], &(*idx)[i])) { drop_index(idx, nidx, i); i--; }
}

/* CREATE TABLE's constraints, after its keys. FOREIGN KEYs: the columns' REFERENCES and
 * the table's (a key declared anywhere that starts with the columns serves; none on a
 * temporary table: InnoDB ignores them there). CHECKs: the columns' own, then the
 * table's, in the order written (SHOW CREATE TABLE's order); the table's unnamed ones
 * named after the others. */
static void add_constraints(ex_ctx *ctx, pl_stmt *st, const char *db, stor_table *def)
{
    const char **named = stor_arena_alloc(ctx->a, ((size_t)st->nkeys + 1) * sizeof *named);
    const char **fnamed = stor_arena_alloc(ctx->a, ((size_t)st->nkeys + 1) * sizeof *fnamed);
    int nn = 0, nf = 0;
    for (int i = 0; i < st->nkeys; i++) {
        if (st->keys[i].kind == PL_KEY_CHECK && st->keys[i].name) named[nn++] = st->keys[i].name;
        if (st->keys[i].is_foreign && st->keys[i].fk_name) fnamed[nf++] = st->keys[i].fk_name;
    }
    jmp_buf jb, *saved = ctx->jb;
    ctx->jb = &jb;
    if (setjmp(jb)) {   /* (the definition is not the table's yet: free it) */
        ctx->jb = saved;
        free_def(def->cols, def->ncols, def->idx, def->nidx);
        stor_checks_free(def->checks, def->nchecks);
        stor_fks_free(def->fks, def->nfks);
        longjmp(*saved, 1);
    }
    ex_gen_validate(ctx, def->cols, def->ncols);
    ex_default_validate(ctx, def->cols, def->ncols);
    for (int i = 0; i < st->ncoldefs + st->nkeys && !st->temporary; i++) {
        const pl_keydef *k = i < st->ncoldefs ? st->coldefs[i].ref : &st->keys[i - st->ncoldefs];
        if (!k || !k->is_foreign) continue;
        fk_index(ctx, def->cols, def->ncols, &def->idx, &def->nidx, k);   /* (first: a self-reference may use it) */
        ex_fk_define(ctx, db, st->table, def->cols, def->ncols, def->idx, def->nidx, &def->fks, &def->nfks, k, fnamed, nf);
    }
    for (int i = 0; i < st->ncoldefs; i++)
        if (st->coldefs[i].check)
            ex_checks_add(ctx, &def->checks, &def->nchecks, NULL, st->coldefs[i].check, st->coldefs[i].c.name,
                          def->cols, def->ncols, named, nn);
    for (int i = 0; i < st->nkeys; i++)
        if (st->keys[i].kind == PL_KEY_CHECK)
            ex_checks_add(ctx, &def->checks, &def->nchecks, st->keys[i].name, st->keys[i].check, NULL,
                          def->cols, def->ncols, named, nn);
    ctx->jb = saved;
}

static void create_table(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    ex_rows sel_rows = { 0 };
    ex_type *sel_types = NULL;
    const char **sel_names = NULL;
    uint64_t sel_found = 0;
    char **sel_map = NULL;
    stor_db *d, tdb;
    if (st->temporary) {
        /* a temporary table needs no existing database (MariaDB does not check) */
        memset(&tdb, 0, sizeof tdb);
        tdb.name = (char *)ex_cur_db(ctx, st->db);
        stor_db *real = stor_db_find(tdb.name);
        tdb.coll = real ? real->coll : COLL_UTF8MB4_GENERAL_CI;
        d = &tdb;
    } else d = need_db(ctx, st->db);
    if (st->or_replace && st->if_not_exists) ex_raise(ctx, 1221, "HY000", "Incorrect usage of OR REPLACE and IF NOT EXISTS");
    if (st->or_replace) {
        /* CREATE OR REPLACE: the old table goes first (logged as its own DROP) */
        stor_table *old = st->temporary ? ex_tmp_find(ctx->s, d->name, st->table) : stor_table_find(d->name, st->table);
        if (old && old->temporary) ex_tmp_drop(ctx->s, old);
        else if (old) {
            if (!ex_replaying) {
                char *sql = NULL;
                size_t l = 0, cap = 64;
                sql = stor_malloc(cap);
                l = (size_t)snprintf(sql, cap, "DROP TABLE IF EXISTS ");
                append_ident(&sql, &l, &cap, d->name);
                sql[l++] = '.'; sql[l] = 0;
                append_ident(&sql, &l, &cap, st->table);
                int rc = ex_log_ddl(ctx, d->name, sql, l);
                stor_free(sql);
                if (rc != 0) ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
            }
            ex_trg_table_dropped(d->name, st->table);
            stor_table_drop(d, st->table);
        }
    }
    if (st->temporary ? ex_tmp_find(ctx->s, d->name, st->table) != NULL
                      : stor_table_find(d->name, st->table) != NULL || stor_viewdef_find(d->name, st->table) != NULL) {
        if (st->if_not_exists) {
            ex_warn(ctx, "Note", 1050, "Table '%s' already exists", st->table);
            ex_send_ok(ctx, r, 0, 0, NULL);
            return;
        }
        ex_raise(ctx, 1050, "42S01", "Table '%s' already exists", st->table);
    }
    if (ex_name_too_long(st->table)) ex_raise(ctx, 1103, "42000", "Incorrect table name '%s'", ex_name_shown(ctx, st->table, false));
    if (st->seq) {   /* CREATE SEQUENCE: its columns, its options checked before anything is made */
        ex_seq_coldefs(ctx, st);
        ex_seq_check_create(ctx, st, d->name);
    }
    stor_table def;
    bool like_seq = false;
    memset(&def, 0, sizeof def);
    if (st->like_table) {
        stor_table *src = ex_table(ctx, st->like_db, st->like_table);
        def.ncols = src->ncols;
        def.cols = stor_calloc(src->ncols, sizeof(stor_column));
        for (uint32_t i = 0; i < src->ncols; i++) copy_column_def(&def.cols[i], &src->cols[i]);
        def.nidx = src->nidx;
        def.idx = stor_calloc(src->nidx ? src->nidx : 1, sizeof(stor_index));
        for (uint32_t i = 0; i < src->nidx; i++) copy_index_def(&def.idx[i], &src->idx[i]);
        def.engine = stor_strndup(src->engine, strlen(src->engine));
        def.coll = src->coll;
        def.comment = src->comment ? stor_strndup(src->comment, strlen(src->comment)) : NULL;
        def.row_format = src->row_format ? stor_strndup(src->row_format, strlen(src->row_format)) : NULL;
        def.checks = stor_checks_copy(src->checks, src->nchecks);
        def.nchecks = src->nchecks;
        like_seq = src->sequence;
    } else {
        if (!st->ncoldefs && !st->sel) ex_raise(ctx, 1113, "42000", "A table must have at least 1 column");
        def.coll = resolve_coll(ctx, st->opts.charset, st->opts.collate, d->coll);
        def.ncols = (uint32_t)st->ncoldefs;
        if (st->sel) {
            /* CREATE TABLE ... SELECT: the select runs first; its columns follow the
               ones defined in the statement (a name defined there keeps that definition) */
            ex_select_rows(ctx, st->sel, &sel_rows, &sel_types, &sel_names, &sel_found);
            for (uint32_t i = 0; i < sel_rows.ncols; i++)
                for (uint32_t j = 0; j < i; j++)
                    if (!strcasecmp(sel_names[i], sel_names[j]))
                        ex_raise(ctx, 1060, "42S21", "Duplicate column name '%s'", sel_names[i]);
        }
        def.cols = stor_calloc(def.ncols + sel_rows.ncols + 1, sizeof(stor_column));
        for (int i = 0; i < st->ncoldefs; i++) {
            for (int j = 0; j < i; j++)
                if (!strcasecmp(st->coldefs[j].c.name, st->coldefs[i].c.name)) {
                    free_def(def.cols, (uint32_t)i, NULL, 0);
                    ex_raise(ctx, 1060, "42S21", "Duplicate column name '%s'", st->coldefs[i].c.name);
                }
            fill_column(ctx, &def.cols[i], &st->coldefs[i], def.coll);
        }
        if (st->sel) {
            /* the defined columns the select does not name come first, then the select's
               columns in its order (a defined one keeps its definition) */
            stor_column *defined = def.cols;
            uint32_t ndefined = def.ncols;
            bool *used = stor_arena_alloc(ctx->a, ndefined + 1);
            memset(used, 0, ndefined + 1);
            def.cols = stor_calloc(ndefined + sel_rows.ncols + 1, sizeof(stor_column));
            def.ncols = 0;
            for (uint32_t i = 0; i < sel_rows.ncols; i++) {
                int c = find_col(defined, ndefined, sel_names[i]);
                if (c >= 0) used[c] = true;
            }
            for (uint32_t c = 0; c < ndefined; c++) if (!used[c]) def.cols[def.ncols++] = defined[c];
            sel_map = stor_arena_alloc(ctx->a, (sel_rows.ncols + 1) * sizeof(char *));
            for (uint32_t i = 0; i < sel_rows.ncols; i++) {
                int c = find_col(defined, ndefined, sel_names[i]);
                stor_column *dst = &def.cols[def.ncols++];
                if (c >= 0) *dst = defined[c];
                else ex_select_column(ctx, st->sel, i, &sel_types[i], sel_names[i], dst);
                sel_map[i] = dst->name;
            }
            stor_free(defined);
        }
        for (int i = 0; i < st->ncoldefs; i++) {
            if (st->coldefs[i].inline_pk || st->coldefs[i].inline_unique) {
                pl_keydef k = { 0 };
                k.kind = st->coldefs[i].inline_pk ? IK_PRIMARY : IK_UNIQUE;
                k.cols = &st->coldefs[i].c.name;
                uint32_t zero = 0;
                k.prefix = &zero;
                k.ncols = 1;
                k.name = st->coldefs[i].inline_pk ? NULL : st->coldefs[i].c.name;
                if (k.kind == IK_UNIQUE && key_name_used(def.idx, def.nidx, k.name)) k.name = NULL;
                add_key(ctx, def.cols, def.ncols, &def.idx, &def.nidx, &k);
            }
        }
        for (int i = 0; i < st->nkeys; i++)
            if (st->keys[i].kind != PL_KEY_CHECK && !st->keys[i].is_foreign)
                add_key(ctx, def.cols, def.ncols, &def.idx, &def.nidx, &st->keys[i]);
        add_constraints(ctx, st, d->name, &def);
        check_auto(ctx, def.cols, def.ncols, def.idx, def.nidx);
        const char *eng = st->opts.engine ? st->opts.engine : "InnoDB";
        if (!strcasecmp(eng, "innodb")) eng = "InnoDB";
        else if (!strcasecmp(eng, "myisam")) eng = "MyISAM";
        else if (!strcasecmp(eng, "aria")) eng = "Aria";
        else if (!strcasecmp(eng, "memory") || !strcasecmp(eng, "heap")) eng = "MEMORY";
        else if (!strcasecmp(eng, "csv")) eng = "CSV";
        else {
            if (!(ctx->s->sql_mode & MODE_NO_ENGINE_SUBSTITUTION)) ex_warn(ctx, "Warning", 1266, "Using storage engine InnoDB for table '%s'", st->table);
            else ex_raise(ctx, 1286, "42000", "Unknown storage engine '%s'", eng);
            eng = "InnoDB";
        }
        for (uint32_t i = 0; i < def.nidx; i++)
            if (def.idx[i].kind == IK_FULLTEXT && ft_engine_refuses(eng, st->temporary)) {
                free_def(def.cols, def.ncols, def.idx, def.nidx);
                ft_engine_check(ctx, eng, st->temporary);
            }
        def.engine = stor_strndup(eng, strlen(eng));
        def.comment = st->opts.comment ? stor_strndup(st->opts.comment, strlen(st->opts.comment)) : NULL;
        if (st->opts.row_format) {
            char rf[32]; size_t i;
            for (i = 0; st->opts.row_format[i] && i < sizeof rf - 1; i++) rf[i] = (char)toupper((unsigned char)st->opts.row_format[i]);
            rf[i] = 0;
            def.row_format = stor_strndup(rf, i);
        }
        def.auto_inc = st->opts.has_auto_inc ? st->opts.auto_inc : 1;
    }
    def.name = stor_strndup(st->table, strlen(st->table));
    def.sequence = st->seq || st->opts.sequence || like_seq;
    if (!st->sel) {
        stor_table *t;
        if (st->temporary) t = ex_tmp_create(ctx->s, d->name, &def);
        else {
            log_ddl(ctx, st, d->name);
            t = stor_table_create(d, &def);
        }
        if (t) t->stat_born = ex_mono_s();
        if (t && (st->seq || like_seq)) ex_seq_created(ctx, t, st->seq);
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    stor_table *t = st->temporary ? ex_tmp_create(ctx->s, d->name, &def) : stor_table_create(d, &def);
    if (!t) ex_raise(ctx, 1050, "42S01", "Table '%s' already exists", st->table);
    t->stat_born = ex_mono_s();
    fill_created(ctx, st, d, t, &sel_rows, sel_map, r);
}

static void append_ident(char **b, size_t *l, size_t *cap, const char *s)
{
    size_t n = strlen(s);
    if (*l + 2 * n + 8 > *cap) {
        *cap = (*l + 2 * n + 8) * 2;
        *b = stor_realloc(*b, *cap);
    }
    (*b)[(*l)++] = '`';
    for (size_t i = 0; i < n; i++) { if (s[i] == '`') (*b)[(*l)++] = '`'; (*b)[(*l)++] = s[i]; }
    (*b)[(*l)++] = '`';
    (*b)[*l] = 0;
}

/* RENAME TABLE's log text: db.name TO ndb.nname appended (made on the first) */
static void log_rename(char **logsql, size_t *ll, size_t *lcap, const char *db, const char *name, const char *ndb,
                       const char *nname)
{
    if (!*logsql) { *lcap = 256; *logsql = stor_malloc(*lcap); *ll = (size_t)snprintf(*logsql, *lcap, "RENAME TABLE "); }
    else { (*logsql)[(*ll)++] = ','; (*logsql)[*ll] = 0; }
    append_ident(logsql, ll, lcap, db); (*logsql)[(*ll)++] = '.'; (*logsql)[*ll] = 0;
    append_ident(logsql, ll, lcap, name);
    if (*ll + 8 > *lcap) { *lcap *= 2; *logsql = stor_realloc(*logsql, *lcap); }
    memcpy(*logsql + *ll, " TO ", 5); *ll += 4;
    append_ident(logsql, ll, lcap, ndb); (*logsql)[(*ll)++] = '.'; (*logsql)[*ll] = 0;
    append_ident(logsql, ll, lcap, nname);
}

static void drop_table(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    /* MariaDB drops the ones that exist and reports the missing. A name that is a
       temporary table of the session drops that one (DROP TEMPORARY TABLE: only those).
       The log gets the base tables actually dropped, never a temporary one's name. */
    char missing[1024] = "", notseq[1024] = "";
    size_t mk = 0, nk = 0;
    char *logsql = NULL;
    size_t ll = 0, lcap = 0;
    /* a table another table's FOREIGN KEY references goes only with that table (1451) */
    stor_table **going = stor_arena_alloc(ctx->a, ((size_t)st->nnames + 1) * sizeof *going);
    int ngoing = 0;
    for (int i = 0; i < st->nnames && !st->temporary; i++) {
        const char *db = ex_cur_db(ctx, st->names_db[i]);
        if (ctx->s->tmp && ex_tmp_find(ctx->s, db, st->names[i])) continue;
        stor_table *bt = stor_table_find(db, st->names[i]);
        if (bt) going[ngoing++] = bt;
    }
    for (int i = 0; i < ngoing; i++) ex_fk_parent_guard(ctx, going[i], false, going, ngoing);
    for (int i = 0; i < st->nnames; i++) {
        const char *db = ex_cur_db(ctx, st->names_db[i]);
        stor_table *tt = ctx->s->tmp ? ex_tmp_find(ctx->s, db, st->names[i]) : NULL;
        if (tt) { ex_tmp_drop(ctx->s, tt); continue; }
        stor_db *d = st->temporary ? NULL : stor_db_find(db);
        stor_table *dt = d ? stor_table_find(db, st->names[i]) : NULL;
        if (dt && st->drop_sequence && !dt->sequence) {   /* DROP SEQUENCE of a table: kept, 4090 */
            nk += (size_t)snprintf(notseq + nk, sizeof notseq - nk, "%s%s.%s", nk ? "," : "", db, st->names[i]);
            if (nk >= sizeof notseq) nk = sizeof notseq - 1;
            continue;
        }
        if (dt) {
            ex_trg_table_dropped(db, st->names[i]);
            stor_table_drop(d, st->names[i]);
            if (!ex_replaying) {
                if (!logsql) { lcap = 256; logsql = stor_malloc(lcap); ll = (size_t)snprintf(logsql, lcap, "DROP TABLE IF EXISTS "); }
                else { if (ll + 2 > lcap) { lcap *= 2; logsql = stor_realloc(logsql, lcap); } logsql[ll++] = ','; logsql[ll] = 0; }
                append_ident(&logsql, &ll, &lcap, db);
                logsql[ll++] = '.'; logsql[ll] = 0;
                append_ident(&logsql, &ll, &lcap, st->names[i]);
            }
            continue;
        }
        if (!st->temporary && !st->if_exists && stor_viewdef_find(db, st->names[i]))
            ex_raise(ctx, 1965, "42S02", "'%s.%s' is a view", db, st->names[i]);
        mk += (size_t)snprintf(missing + mk, sizeof missing - mk, "%s%s.%s", mk ? "," : "", db, st->names[i]);
        if (mk >= sizeof missing) mk = sizeof missing - 1;
    }
    if (logsql) {
        int rc = ex_log_ddl(ctx, ctx->s->db, logsql, ll);
        stor_free(logsql);
        if (rc != 0) ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    }
    if (nk) {
        if (!st->if_exists) ex_raise(ctx, 4090, "42S02", "'%s' is not a SEQUENCE", notseq);
        ex_warn(ctx, "Note", 4090, "'%s' is not a SEQUENCE", notseq);
    }
    if (mk && st->drop_sequence) {
        if (!st->if_exists) ex_raise(ctx, 4091, "42S02", "Unknown SEQUENCE: '%s'", missing);
        ex_warn(ctx, "Note", 4091, "Unknown SEQUENCE: '%s'", missing);
    } else if (mk) {
        if (!st->if_exists) ex_raise(ctx, 1051, "42S02", "Unknown table '%s'", missing);
        ex_warn(ctx, "Note", 1051, "Unknown table '%s'", missing);
    }
    ex_send_ok(ctx, r, 0, 0, NULL);
}

/* Rebuilds table t with a new definition; old_of[i] = old column index of new column i, or -1. */
/* logst: the ALTER, logged once every row is copied (a copy that fails, for a duplicate
 * key or a constraint, leaves nothing in the log for a restart to replay and fail on)
 * and before the copy takes the table's place. */
static void rebuild(ex_ctx *ctx, stor_db *d, stor_table *t, stor_table *def, const int *old_of, bool fk_check,
                    pl_stmt *logst)
{
    char tmpname[96];
    snprintf(tmpname, sizeof tmpname, "#pressdb-alter-%s", t->name);
    def->name = stor_strndup(tmpname, strlen(tmpname));
    def->auto_inc = t->auto_inc;
    stor_table *nt = stor_table_create(d, def);
    if (!nt) ex_raise(ctx, 1050, "42S01", "Table '%s' already exists", tmpname);
    nt->temporary = t->temporary;
    jmp_buf jb, *saved = ctx->jb;   /* an error while copying: the copy goes */
    ctx->jb = &jb;
    if (setjmp(jb)) {
        ctx->jb = saved;
        stor_table_drop(d, tmpname);
        longjmp(*saved, 1);
    }
    pdb_value *vals = stor_arena_alloc(ctx->a, nt->ncols * sizeof(pdb_value));
    bool *copied = stor_arena_alloc(ctx->a, nt->ncols);
    stor_txn_attach(NULL);   /* the copy is replayed by re-running the DDL, not logged row by row */
    /* its rows are committed as they are written: no versions (in a session with
       autocommit=0 they were marked as its own uncommitted rows, which its next
       transaction's snapshot did not see) */
    stor_view_cur.versioned = false;
    bool strict = ctx->strict;
    ex_checks *chk = ex_checks_compile(ctx, nt);   /* (MariaDB's copy checks every row) */
    ex_gens *gens = ex_gens_compile(ctx, nt);       /* generated columns computed again */
    ex_fks *fx = fk_check ? ex_fks_prepare(ctx, nt) : NULL;   /* a constraint added: its parents */
    uint32_t rowno = 0;
    /* a table without a clustered key in its scan order (t->origin), which the copy's row
       ids then follow; otherwise row id order: a clustered table's scans sort by its key
       anyway, and FULLTEXT keys (doc ids: insertion order) keep their order, as InnoDB's
       in-place ALTER keeps them */
    uint32_t *order = NULL;
    int64_t norder = -1;
    if (stor_reordered(t) && !stor_clustered(t)) {
        order = stor_arena_alloc(ctx->a, ((size_t)t->nrows + 1) * sizeof *order);
        norder = stor_clustered_rows(t, order);
    }
    uint32_t nscan = norder >= 0 ? (uint32_t)norder : t->nrows;
    for (uint32_t i = 0; i < nscan; i++) {
        uint32_t r = norder >= 0 ? order[i] : i;
        if (!stor_row_visible(t, r)) continue;
        rowno++;
        for (uint32_t c = 0; c < nt->ncols; c++) {
            pdb_value v;
            if (old_of[c] >= 0) stor_get(t, (uint32_t)old_of[c], r, &v);
            else {
                stor_column *col = &nt->cols[c];
                if (col->auto_increment) { v = ex_int((int64_t)nt->auto_inc++); }
                else if (col->default_expr) v = ex_null();   /* (computed below) */
                else if (col->default_sql && strcmp(col->default_sql, "NULL")) {
                    if (col->default_sql[0] == '\'') {
                        size_t n = strlen(col->default_sql);
                        v = ex_str(col->default_sql + 1, n - 2, col->coll);
                    } else if (!strncmp(col->default_sql, "current_timestamp", 17)) {
                        ex_column_default(ctx, col, &v);   /* (the statement's time, as MariaDB fills it) */
                    } else v = ex_str(col->default_sql, strlen(col->default_sql), COLL_BINARY);
                } else if (col->not_null) {
                    v = col->kind == CK_STR ? ex_str("", 0, col->coll) : col->kind == CK_F64 ? ex_dbl(0) : ex_int(0);
                    if (col->type == CT_DATE) v.t = VT_DATE;
                    if (col->type == CT_DATETIME || col->type == CT_TIMESTAMP) v.t = VT_DATETIME;
                } else v = ex_null();
            }
            if (v.t == VT_NULL && nt->cols[c].not_null && !(old_of[c] < 0 && nt->cols[c].default_expr)) {
                if (strict) ex_raise(ctx, 1265, "01000", "Data truncated for column '%s' at row %u", nt->cols[c].name, rowno);
                stor_column *col = &nt->cols[c];
                v = col->kind == CK_STR ? ex_str("", 0, col->coll) : col->kind == CK_F64 ? ex_dbl(0) : ex_int(0);
            }
            pdb_value o;
            ex_store_convert(ctx, &nt->cols[c], &v, &o, rowno);
            if (old_of[c] < 0) ex_store_ts(ctx, &nt->cols[c], &o);   /* (a default is in the session's zone) */
            vals[c] = o;
            copied[c] = old_of[c] >= 0;
        }
        ex_defaults_apply(ctx, gens, vals, copied, true, rowno);   /* (a new column's, over the row) */
        ex_gens_apply(ctx, gens, vals, rowno);
        if (fx && !ex_fk_child_ok(ctx, fx, vals, NULL, 2)) {
            stor_table_drop(d, tmpname);
            ex_raise(ctx, 1452, "23000", "Cannot add or update a child row: a foreign key constraint fails");
        }
        const stor_check *bad = ex_checks_failed(ctx, chk, vals);
        if (bad) {
            char name[140];
            snprintf(name, sizeof name, bad->col ? "%s.%s" : "%s%.0s", bad->col ? t->name : bad->name, bad->name);
            stor_table_drop(d, tmpname);
            ex_raise(ctx, 4025, "23000", "CONSTRAINT `%s` failed for `%s`.`%s`", name, t->db, t->name);
        }
        int dix; uint32_t drow;
        if (stor_mem_full()) ex_raise(ctx, 1114, "HY000", "The table '%s' is full", nt->name);
        if (stor_row_insert(nt, vals, &dix, &drow) < 0) {
            char key[200]; size_t k = 0;
            stor_index *x = &nt->idx[dix];
            for (uint32_t i = 0; i < x->ncols; i++) {
                size_t l; const char *s = ex_to_str(ctx->a, &vals[x->cols[i]], &l);
                k += (size_t)snprintf(key + k, sizeof key - k, "%s%.*s", i ? "-" : "", (int)(l > 64 ? 64 : l), s);
            }
            /* x lives in nt, which the drop frees: keep its name first */
            char kname[PDB_NAME_LEN];
            snprintf(kname, sizeof kname, "%s", x->name);
            stor_table_drop(d, tmpname);
            ex_raise(ctx, 1062, "23000", "Duplicate entry '%s' for key '%s'", key, kname);
        }
    }
    if (logst && !ex_replaying && ex_log_ddl(ctx, ctx->s->db, logst->start, logst->len) != 0)
        ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
    ctx->jb = saved;
    char *oldname = stor_strndup(t->name, strlen(t->name));
    stor_table_drop(d, t->name);
    stor_free(nt->name);
    nt->name = oldname;
    nt->version++;
}

/* Index columns by name (so columns can move), and back to positions. */
static char ***idx_names(ex_ctx *ctx, stor_column *cols, stor_index *idx, uint32_t nidx)
{
    char ***ic = stor_arena_alloc(ctx->a, (nidx + 1) * sizeof(char **));
    for (uint32_t i = 0; i < nidx; i++) {
        ic[i] = stor_arena_alloc(ctx->a, (idx[i].ncols + 1) * sizeof(char *));
        for (uint32_t k = 0; k < idx[i].ncols; k++) ic[i][k] = stor_arena_strndup(ctx->a, cols[idx[i].cols[k]].name, strlen(cols[idx[i].cols[k]].name));
    }
    return ic;
}

static void idx_positions(stor_column *cols, uint32_t ncols, stor_index *idx, uint32_t nidx, char ***ic)
{
    for (uint32_t i = 0; i < nidx; i++)
        for (uint32_t k = 0; k < idx[i].ncols; k++) {
            int c = find_col(cols, ncols, ic[i][k]);
            idx[i].cols[k] = c < 0 ? 0 : (uint32_t)c;
        }
}

static void alter_table(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    stor_table *t = ex_table(ctx, st->db, st->table);
    if (t->sequence)   /* (MariaDB changes a sequence's table options; its columns: 4086) */
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'ALTER TABLE of a SEQUENCE'");
    bool temp = t->temporary;
    stor_db *d = temp ? ex_tmp_owner(ctx->s, t) : stor_db_find(t->db);
    uint64_t copied = temp ? t->nlive : 0;   /* a temporary table is copied: MariaDB counts the rows */
    /* working copy of the definition */
    /* the working copy of the definition lives in the arena, not in locals: an error
       longjmps out of the loop below, and the handler must see its latest state (locals
       changed after setjmp are indeterminate there) */
    struct alter_work { stor_column *cols; uint32_t ncols; stor_index *idx; uint32_t nidx;
                        stor_check *chk; uint32_t nchk; stor_fk *fk; uint32_t nfk; } *aw = stor_arena_alloc(ctx->a, sizeof *aw);
    memset(aw, 0, sizeof *aw);
    aw->ncols = t->ncols; aw->nidx = t->nidx;
    aw->cols = stor_calloc(aw->ncols + (uint32_t)st->nalters + 1, sizeof(stor_column));
    aw->idx = stor_calloc(aw->nidx + 1, sizeof(stor_index));
    int *old_of = stor_arena_alloc(ctx->a, (aw->ncols + (uint32_t)st->nalters + 1) * sizeof(int));
    for (uint32_t i = 0; i < aw->ncols; i++) { copy_column_def(&aw->cols[i], &t->cols[i]); old_of[i] = (int)i; }
    for (uint32_t i = 0; i < aw->nidx; i++) copy_index_def(&aw->idx[i], &t->idx[i]);
    aw->chk = stor_checks_copy(t->checks, t->nchecks);
    aw->nchk = t->nchecks;
    aw->fk = stor_fks_copy(t->fks, t->nfks);
    aw->nfk = t->nfks;
    bool fk_added = false;                  /* the copy checks the rows against the parents */
    const char **fk_named = stor_arena_alloc(ctx->a, ((size_t)st->nalters + 1) * sizeof *fk_named);
    int nfk_named = 0;
    for (int i = 0; i < st->nalters; i++)
        if (st->alters[i].kind == AT_ADD_KEY && st->alters[i].key.is_foreign && st->alters[i].key.fk_name)
            fk_named[nfk_named++] = st->alters[i].key.fk_name;
    char **ren_from = stor_arena_alloc(ctx->a, ((size_t)st->nalters + 1) * sizeof *ren_from);
    char **ren_to = stor_arena_alloc(ctx->a, ((size_t)st->nalters + 1) * sizeof *ren_to);
    int nren = 0;                           /* columns renamed: other tables' constraints follow at the end */
    const char **named = stor_arena_alloc(ctx->a, ((size_t)st->nalters + 1) * sizeof *named);
    int nnamed = 0;   /* the names this ALTER's ADD CONSTRAINT ... CHECK give */
    for (int i = 0; i < st->nalters; i++)
        if (st->alters[i].kind == AT_ADD_KEY && st->alters[i].key.kind == PL_KEY_CHECK && st->alters[i].key.name)
            named[nnamed++] = st->alters[i].key.name;
    char ***icols = NULL;
    bool need_rebuild = false;
    bool copies_rows = false;   /* a column change MariaDB makes by copying the table */
    bool only_rename = st->nalters > 0;
    for (int i = 0; i < st->nalters; i++) if (st->alters[i].kind != AT_RENAME) only_rename = false;
    char *new_name = NULL, *new_db = NULL;
    pl_tableopt opts = st->opts;
    uint16_t tcoll = t->coll;
    jmp_buf jb, *saved = ctx->jb;
    ctx->jb = &jb;
    if (setjmp(jb)) {
        ctx->jb = saved;
        free_def(aw->cols, aw->ncols, aw->idx, aw->nidx);
        stor_checks_free(aw->chk, aw->nchk);
        stor_fks_free(aw->fk, aw->nfk);
        longjmp(*saved, 1);
    }
    for (int a = 0; a < st->nalters; a++) {
        pl_alter *al = &st->alters[a];
        icols = idx_names(ctx, aw->cols, aw->idx, aw->nidx);
        bool skip_pos = false;
        switch (al->kind) {
        case AT_ADD_COLUMN: {
            if (find_col(aw->cols, aw->ncols, al->col.c.name) >= 0) {
                if (al->if_exists) { ex_warn(ctx, "Note", 1060, "Duplicate column name '%s'", al->col.c.name); break; }
                ex_raise(ctx, 1060, "42S21", "Duplicate column name '%s'", al->col.c.name);
            }
            stor_column nc;
            fill_column(ctx, &nc, &al->col, tcoll);
            uint32_t pos = aw->ncols;
            if (al->col.first) pos = 0;
            else if (al->col.after) {
                int p = find_col(aw->cols, aw->ncols, al->col.after);
                if (p < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in '%s'", al->col.after, t->name);
                pos = (uint32_t)p + 1;
            }
            memmove(&aw->cols[pos + 1], &aw->cols[pos], (aw->ncols - pos) * sizeof(stor_column));
            memmove(&old_of[pos + 1], &old_of[pos], (aw->ncols - pos) * sizeof(int));
            aw->cols[pos] = nc; old_of[pos] = -1;
            aw->ncols++;
            if (nc.default_expr && default_varies(al->col.default_expr)) {
                copies_rows = true;
                /* (the copy is replayed from the statement's text after a crash: a value per
                   call, RAND() or UUID(), would come out otherwise then) */
                if (t->nlive && default_volatile(al->col.default_expr))
                    ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'ADD COLUMN with a DEFAULT that gives another value per call (RAND(), UUID(), NEXTVAL()) to existing rows'");
            }
            if (al->col.check)
                ex_checks_add(ctx, &aw->chk, &aw->nchk, NULL, al->col.check, nc.name, aw->cols, aw->ncols, named, nnamed);
            if (al->col.ref && !temp) {
                idx_positions(aw->cols, aw->ncols, aw->idx, aw->nidx, icols);
                fk_index(ctx, aw->cols, aw->ncols, &aw->idx, &aw->nidx, al->col.ref);
                ex_fk_define(ctx, t->db, t->name, aw->cols, aw->ncols, aw->idx, aw->nidx, &aw->fk, &aw->nfk, al->col.ref, fk_named, nfk_named);
                icols = idx_names(ctx, aw->cols, aw->idx, aw->nidx);
                fk_added = true;
            }
            if (al->col.inline_pk || al->col.inline_unique) {
                idx_positions(aw->cols, aw->ncols, aw->idx, aw->nidx, icols);
                skip_pos = true;
                pl_keydef k = { 0 };
                k.kind = al->col.inline_pk ? IK_PRIMARY : IK_UNIQUE;
                char *cn = al->col.c.name;
                uint32_t zero = 0;
                k.cols = &cn; k.prefix = &zero; k.ncols = 1; k.name = al->col.inline_pk ? NULL : cn;
                uint32_t before = aw->nidx;
                add_key(ctx, aw->cols, aw->ncols, &aw->idx, &aw->nidx, &k);
                (void)before;
                /* rebuild name lists for all indexes: positions may have shifted */
            }
            need_rebuild = true;
            break;
        }
        case AT_DROP_COLUMN: {
            int c = find_col(aw->cols, aw->ncols, al->name);
            if (c < 0) {
                if (al->if_exists) { ex_warn(ctx, "Note", 1091, "Can't DROP COLUMN `%s`; check that it exists", al->name); break; }
                ex_raise(ctx, 1091, "42000", "Can't DROP COLUMN `%s`; check that it exists", al->name);
            }
            if (aw->ncols == 1) ex_raise(ctx, 1090, "42000", "You can't delete all columns with ALTER TABLE; use DROP TABLE instead");
            for (uint32_t f = 0; f < aw->nfk; f++)   /* (MariaDB names the index the constraint uses) */
                for (uint32_t k = 0; k < aw->fk[f].ncols; k++)
                    if (!strcasecmp(aw->fk[f].cols[k], aw->cols[c].name)) {
                        int at = ex_fk_index_for(aw->cols, aw->idx, aw->nidx, aw->fk[f].cols, aw->fk[f].ncols);
                        ex_raise(ctx, 1553, "HY000", "Cannot drop index '%s': needed in a foreign key constraint",
                                 at >= 0 ? aw->idx[at].name : aw->fk[f].name);
                    }
            /* remove it from keys; drop keys left empty */
            for (uint32_t i = 0; i < aw->nidx; i++) {
                uint32_t w = 0;
                for (uint32_t k = 0; k < aw->idx[i].ncols; k++) {
                    if (!strcasecmp(icols[i][k], aw->cols[c].name)) continue;
                    icols[i][w] = icols[i][k]; aw->idx[i].prefix[w] = aw->idx[i].prefix[k]; w++;
                }
                aw->idx[i].ncols = w;
            }
            ex_checks_drop_column(ctx, aw->chk, &aw->nchk, aw->cols[c].name);
            stor_free(aw->cols[c].name); stor_free(aw->cols[c].default_sql); stor_free(aw->cols[c].comment); stor_free(aw->cols[c].gen_sql);
            memmove(&aw->cols[c], &aw->cols[c + 1], (aw->ncols - (uint32_t)c - 1) * sizeof(stor_column));
            memmove(&old_of[c], &old_of[c + 1], (aw->ncols - (uint32_t)c - 1) * sizeof(int));
            aw->ncols--;
            need_rebuild = true;
            break;
        }
        case AT_CHANGE_COLUMN: case AT_MODIFY_COLUMN: {
            int c = find_col(aw->cols, aw->ncols, al->name);
            if (c < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in '%s'", al->name, t->name);
            stor_column nc;
            if (al->col.c.type == 255) {   /* RENAME COLUMN */
                copy_column_def(&nc, &aw->cols[c]);
                stor_free(nc.name);
                nc.name = stor_strndup(al->col.c.name, strlen(al->col.c.name));
            } else fill_column(ctx, &nc, &al->col, tcoll);
            if (strcasecmp(nc.name, aw->cols[c].name) && find_col(aw->cols, aw->ncols, nc.name) >= 0)
                ex_raise(ctx, 1060, "42S21", "Duplicate column name '%s'", nc.name);
            if (column_copies(&aw->cols[c], &nc)) copies_rows = true;
            if (aw->cols[c].gen && nc.gen && aw->cols[c].gen != nc.gen) {   /* VIRTUAL <-> STORED */
                stor_free(nc.name); stor_free(nc.default_sql); stor_free(nc.comment); stor_free(nc.gen_sql);   /* (not in aw->cols yet) */
                for (uint32_t e = 0; e < nc.n_enum; e++) stor_free(nc.enum_vals[e]);
                stor_free(nc.enum_vals);
                ex_raise(ctx, 1907, "HY000", "This is not yet supported for generated columns");
            }
            if (al->col.c.type != 255) {   /* a new definition: the column's own check is what it says */
                for (uint32_t k = 0; k < aw->nchk; k++)
                    if (aw->chk[k].col && !strcasecmp(aw->chk[k].col, aw->cols[c].name)) { ex_checks_drop(aw->chk, &aw->nchk, aw->chk[k].name); break; }
            }
            ex_checks_rename_column(ctx, aw->chk, aw->nchk, aw->cols[c].name, nc.name);
            if (strcmp(aw->cols[c].name, nc.name)) {
                for (uint32_t f = 0; f < aw->nfk; f++)
                    for (uint32_t k = 0; k < aw->fk[f].ncols; k++)
                        if (!strcasecmp(aw->fk[f].cols[k], aw->cols[c].name)) { stor_free(aw->fk[f].cols[k]); aw->fk[f].cols[k] = stor_strndup(nc.name, strlen(nc.name)); }
                ren_from[nren] = stor_arena_strndup(ctx->a, aw->cols[c].name, strlen(aw->cols[c].name));
                ren_to[nren++] = stor_arena_strndup(ctx->a, nc.name, strlen(nc.name));
            }
            /* keep key membership: NOT NULL forced for PK columns */
            for (uint32_t i = 0; i < aw->nidx; i++)
                for (uint32_t k = 0; k < aw->idx[i].ncols; k++)
                    if (!strcasecmp(icols[i][k], aw->cols[c].name)) {
                        icols[i][k] = stor_arena_strndup(ctx->a, nc.name, strlen(nc.name));
                        if (aw->idx[i].kind == IK_PRIMARY) nc.not_null = true;
                    }
            int old = old_of[c];
            stor_free(aw->cols[c].name); stor_free(aw->cols[c].default_sql); stor_free(aw->cols[c].comment); stor_free(aw->cols[c].gen_sql);
            memmove(&aw->cols[c], &aw->cols[c + 1], (aw->ncols - (uint32_t)c - 1) * sizeof(stor_column));
            memmove(&old_of[c], &old_of[c + 1], (aw->ncols - (uint32_t)c - 1) * sizeof(int));
            aw->ncols--;
            uint32_t pos = (uint32_t)c;
            if (al->col.first) pos = 0;
            else if (al->col.after) {
                int p = find_col(aw->cols, aw->ncols, al->col.after);
                if (p < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in '%s'", al->col.after, t->name);
                pos = (uint32_t)p + 1;
            }
            memmove(&aw->cols[pos + 1], &aw->cols[pos], (aw->ncols - pos) * sizeof(stor_column));
            memmove(&old_of[pos + 1], &old_of[pos], (aw->ncols - pos) * sizeof(int));
            aw->cols[pos] = nc; old_of[pos] = old;
            aw->ncols++;
            if (al->col.c.type != 255 && al->col.check)
                ex_checks_add(ctx, &aw->chk, &aw->nchk, NULL, al->col.check, nc.name, aw->cols, aw->ncols, named, nnamed);
            need_rebuild = true;
            break;
        }
        case AT_ALTER_DEFAULT: case AT_DROP_DEFAULT: {
            int c = find_col(aw->cols, aw->ncols, al->name);
            if (c < 0) ex_raise(ctx, 1054, "42S22", "Unknown column '%s' in '%s'", al->name, t->name);
            stor_free(aw->cols[c].default_sql);
            aw->cols[c].default_sql = NULL;   /* default_text may raise: free_def must not free it again */
            aw->cols[c].default_expr = false;
            if (al->kind == AT_DROP_DEFAULT) {   /* (a nullable column's default is then NULL, as MariaDB shows) */
                aw->cols[c].has_default = !aw->cols[c].not_null && !aw->cols[c].auto_increment;
                if (aw->cols[c].has_default) aw->cols[c].default_sql = stor_strndup("NULL", 4);
            }
            else { set_default(ctx, &aw->cols[c], al->dflt); aw->cols[c].has_default = true; }
            break;
        }
        case AT_ADD_KEY: {
            if (al->key.is_foreign) {
                if (temp) break;   /* (InnoDB ignores them on a temporary table) */
                fk_index(ctx, aw->cols, aw->ncols, &aw->idx, &aw->nidx, &al->key);
                ex_fk_define(ctx, t->db, t->name, aw->cols, aw->ncols, aw->idx, aw->nidx, &aw->fk, &aw->nfk, &al->key, fk_named, nfk_named);
                need_rebuild = copies_rows = fk_added = true;
                break;
            }
            if (al->key.kind == PL_KEY_CHECK) {   /* the copy checks every row (rebuild) */
                ex_checks_add(ctx, &aw->chk, &aw->nchk, al->key.name, al->key.check, NULL, aw->cols, aw->ncols, named, nnamed);
                need_rebuild = copies_rows = true;   /* (MariaDB copies: "Records: n") */
                skip_pos = true;
                break;
            }
            if (al->key.kind == IK_FULLTEXT) ft_engine_check(ctx, t->engine, temp);
            /* resolve names against the current column list */
            uint32_t before = aw->nidx;
            add_key(ctx, aw->cols, aw->ncols, &aw->idx, &aw->nidx, &al->key);
            (void)before;
            need_rebuild = true;
            break;
        }
        case AT_DROP_KEY: case AT_DROP_PRIMARY: {
            const char *name = al->kind == AT_DROP_PRIMARY ? "PRIMARY" : al->name;
            uint32_t i;
            for (i = 0; i < aw->nidx; i++) if (!strcasecmp(aw->idx[i].name, name)) break;
            if (i == aw->nidx) {
                if (al->if_exists) { ex_warn(ctx, "Note", 1091, "Can't DROP INDEX `%s`; check that it exists", name); break; }
                ex_raise(ctx, 1091, "42000", "Can't DROP INDEX `%s`; check that it exists", name);
            }
            for (uint32_t f = 0; f < aw->nfk; f++) {   /* the last index a constraint can use stays */
                int at = ex_fk_index_for(aw->cols, aw->idx, aw->nidx, aw->fk[f].cols, aw->fk[f].ncols);
                if (at != (int)i) continue;
                stor_index keep = aw->idx[i];
                aw->idx[i].ncols = 0;
                bool other = ex_fk_index_for(aw->cols, aw->idx, aw->nidx, aw->fk[f].cols, aw->fk[f].ncols) >= 0;
                aw->idx[i] = keep;
                if (!other) ex_raise(ctx, 1553, "HY000", "Cannot drop index '%s': needed in a foreign key constraint", name);
            }
            stor_free(aw->idx[i].name); stor_free(aw->idx[i].cols); stor_free(aw->idx[i].prefix); stor_free(aw->idx[i].comment);
            memmove(&aw->idx[i], &aw->idx[i + 1], (aw->nidx - i - 1) * sizeof(stor_index));
            memmove(&icols[i], &icols[i + 1], (aw->nidx - i - 1) * sizeof(char **));
            aw->nidx--;
            need_rebuild = true;
            break;
        }
        case AT_DROP_FK:
            if (ex_fk_drop(aw->fk, &aw->nfk, al->name)) break;
            if (al->if_exists) { ex_warn(ctx, "Note", 1091, "Can't DROP FOREIGN KEY `%s`; check that it exists", al->name); break; }
            ex_raise(ctx, 1091, "42000", "Can't DROP FOREIGN KEY `%s`; check that it exists", al->name);
        case AT_DROP_CHECK:
            if (ex_checks_drop(aw->chk, &aw->nchk, al->name)) break;
            if (al->if_exists) { ex_warn(ctx, "Note", 1091, "Can't DROP CONSTRAINT `%s`; check that it exists", al->name); break; }
            ex_raise(ctx, 1091, "42000", "Can't DROP CONSTRAINT `%s`; check that it exists", al->name);
        case AT_RENAME: new_name = al->new_name; new_db = al->new_db; break;
        case AT_FORCE: need_rebuild = true; break;   /* (the copy leaves the dead row slots behind) */
        case AT_CONVERT: {
            uint16_t nc = resolve_coll(ctx, al->charset, al->collate, tcoll);
            tcoll = nc;
            for (uint32_t c = 0; c < aw->ncols; c++) {
                if (!is_text_type(aw->cols[c].type)) continue;
                const pdb_collation *oc = pdb_coll_by_id(aw->cols[c].coll), *nn = pdb_coll_by_id(nc);
                /* TEXT grows to keep the same capacity when the charset widens */
                if (oc && nn && nn->maxlen > oc->maxlen) {
                    if (aw->cols[c].type == CT_TINYTEXT) aw->cols[c].type = CT_TEXT;
                    else if (aw->cols[c].type == CT_TEXT) aw->cols[c].type = CT_MEDIUMTEXT;
                    else if (aw->cols[c].type == CT_MEDIUMTEXT) aw->cols[c].type = CT_LONGTEXT;
                }
                if (aw->cols[c].coll != nc) copies_rows = true;   /* (MariaDB copies: "Records: n") */
                aw->cols[c].coll = nc;
            }
            need_rebuild = true;
            break;
        }
        default: break;
        }
        if (al->kind != AT_ADD_KEY && !skip_pos) idx_positions(aw->cols, aw->ncols, aw->idx, aw->nidx, icols);
    }
    for (uint32_t i = 0; i < aw->nidx; i++) {
        if (aw->idx[i].ncols == 0) {
            stor_free(aw->idx[i].name); stor_free(aw->idx[i].cols); stor_free(aw->idx[i].prefix); stor_free(aw->idx[i].comment);
            memmove(&aw->idx[i], &aw->idx[i + 1], (aw->nidx - i - 1) * sizeof(stor_index));
            aw->nidx--; i--;
        }
    }
    ex_gen_validate(ctx, aw->cols, aw->ncols);   /* (a column a generated one reads may have gone) */
    ex_default_validate(ctx, aw->cols, aw->ncols);
    ctx->jb = saved;
    if (!need_rebuild) {
        /* in place: defaults, options, rename */
        for (uint32_t c = 0; c < t->ncols; c++) {
            stor_free(t->cols[c].default_sql);
            t->cols[c].default_sql = aw->cols[c].default_sql ? stor_strndup(aw->cols[c].default_sql, strlen(aw->cols[c].default_sql)) : NULL;
            t->cols[c].has_default = aw->cols[c].has_default;
            t->cols[c].default_expr = aw->cols[c].default_expr;
        }
        free_def(aw->cols, aw->ncols, aw->idx, aw->nidx);
        stor_checks_free(t->checks, t->nchecks);
        t->checks = aw->chk;
        t->nchecks = aw->nchk;
        stor_fks_free(t->fks, t->nfks);
        t->fks = aw->fk;
        t->nfks = aw->nfk;
    } else {
        stor_table def;
        memset(&def, 0, sizeof def);
        def.cols = aw->cols; def.ncols = aw->ncols; def.idx = aw->idx; def.nidx = aw->nidx;
        def.engine = stor_strndup(t->engine, strlen(t->engine));
        def.coll = tcoll;
        def.comment = t->comment ? stor_strndup(t->comment, strlen(t->comment)) : NULL;
        def.row_format = t->row_format ? stor_strndup(t->row_format, strlen(t->row_format)) : NULL;
        def.checks = aw->chk;
        def.nchecks = aw->nchk;
        def.fks = aw->fk;
        def.nfks = aw->nfk;
        check_auto(ctx, aw->cols, aw->ncols, aw->idx, aw->nidx);
        rebuild(ctx, d, t, &def, old_of, fk_added, temp ? NULL : st);
        t = NULL;
        for (uint32_t i = 0; i < d->ntables; i++) if (!strcmp(d->tables[i]->name, st->table)) t = d->tables[i];
    }
    if (need_rebuild == false && !temp) log_ddl(ctx, st, ctx->s->db);
    for (int i = 0; i < nren; i++) ex_fk_column_renamed(NULL, 0, t->db, t->name, ren_from[i], ren_to[i]);
    if (opts.engine) { stor_free(t->engine); t->engine = stor_strndup(opts.engine, strlen(opts.engine)); }
    if (opts.comment) { stor_free(t->comment); t->comment = stor_strndup(opts.comment, strlen(opts.comment)); }
    if (opts.has_auto_inc && opts.auto_inc > t->auto_inc) t->auto_inc = opts.auto_inc;
    if (opts.charset || opts.collate) t->coll = resolve_coll(ctx, opts.charset, opts.collate, t->coll);
    if (new_name) {
        const char *ndb = new_db ? new_db : t->db;
        stor_db *nd = stor_db_find(ndb);
        if (!nd && !temp) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", ndb);
        if (temp ? ex_tmp_find(ctx->s, t->db, new_name) != NULL : (stor_table_find(ndb, new_name) != NULL || stor_viewdef_find(ndb, new_name) != NULL))
            ex_raise(ctx, 1050, "42S01", "Table '%s' already exists", new_name);
        if (!temp) ex_trg_table_renamed(ctx, t->db, t->name, ndb, new_name);
        if (!temp) ex_fk_table_renamed(t->db, t->name, ndb, new_name);
        stor_free(t->name);
        t->name = stor_strndup(new_name, strlen(new_name));
    }
    t->version++;
    char info[96];
    if (copies_rows && !temp) copied = t->nlive;
    snprintf(info, sizeof info, "Records: %llu  Duplicates: 0  Warnings: %u", (unsigned long long)(need_rebuild ? copied : 0), ctx->s->warn_count);
    ex_send_ok(ctx, r, need_rebuild ? copied : 0, 0, only_rename ? NULL : info);   /* (a rename alone: no text) */
}

/* A base table this statement drops or rebuilds that another transaction still holds
 * (its uncommitted changes or row locks name the table) makes the statement wait, as
 * MariaDB's metadata lock does (lock_wait_timeout, 1205), before anything changes. */
static void hold_check(ex_ctx *ctx, const char *db, const char *name)
{
    db = ex_cur_db(ctx, db);
    if (ctx->s->tmp && ex_tmp_find(ctx->s, db, name)) return;   /* the session's own */
    stor_table *t = stor_table_find(db, name);
    uint64_t id = t ? stor_table_held(t) : 0;
    if (!id) return;
    ctx->s->wait_table = true;   /* (the timeout is lock_wait_timeout's) */
    stor_blocker = id;
    ex_raise_locked(ctx);
}

/* `name` with its backticks doubled, into out (cap bytes). */
void ex_quote_ident(char *out, size_t cap, const char *name)
{
    size_t n = 0;
    for (const char *p = name; *p && n + 3 < cap; p++) {
        if (*p == '`') out[n++] = '`';
        out[n++] = *p;
    }
    out[n] = 0;
}

/* ALTER TABLE `db`.`name` FORCE: the rebuild's text, as the log keeps it. */
#define FORCE_SQL_CAP (4 * PDB_NAME_LEN + 40)
static void force_sql(char *out, const char *db, const char *name)
{
    char qd[2 * PDB_NAME_LEN + 1], qn[2 * PDB_NAME_LEN + 1];
    ex_quote_ident(qd, sizeof qd, db);
    ex_quote_ident(qn, sizeof qn, name);
    snprintf(out, FORCE_SQL_CAP, "ALTER TABLE `%s`.`%s` FORCE", qd, qn);
}

/* OPTIMIZE TABLE of an InnoDB table ("doing recreate + analyze instead"): the table copied
 * as ALTER TABLE ... FORCE copies it, which leaves its dead row slots behind. Kept in the
 * log under that text for recovery, never in the binary log (OPTIMIZE logs itself). */
void ex_table_rebuild(ex_ctx *ctx, const char *db, const char *name)
{
    char *sql = stor_arena_alloc(ctx->a, FORCE_SQL_CAP);
    force_sql(sql, db, name);
    pl_alter al;
    memset(&al, 0, sizeof al);
    al.kind = AT_FORCE;
    pl_stmt st;
    memset(&st, 0, sizeof st);
    st.kind = S_ALTER_TABLE;
    st.db = stor_arena_strndup(ctx->a, db, strlen(db));
    st.table = stor_arena_strndup(ctx->a, name, strlen(name));
    st.alters = &al;
    st.nalters = 1;
    st.start = sql;
    st.len = strlen(sql);
    hold_check(ctx, db, name);
    ex_pending_ok ok = ctx->stmt->ok;   /* (the copy's OK is not OPTIMIZE's answer) */
    bool nobin = ctx->s->sql_log_bin_off;
    jmp_buf jb, *saved = ctx->jb;
    ctx->jb = &jb;
    if (setjmp(jb)) {
        ctx->jb = saved;
        ctx->s->sql_log_bin_off = nobin;
        ctx->stmt->ok = ok;
        longjmp(*saved, 1);
    }
    ctx->s->sql_log_bin_off = true;
    alter_table(ctx, &st, NULL);
    ctx->jb = saved;
    ctx->s->sql_log_bin_off = nobin;
    ctx->stmt->ok = ok;
}

/* The compaction of tables marked by storage (STOR_COMPACT_MIN): one table per call, in
 * a session of its own, as ALTER TABLE ... FORCE that only the log records (not the
 * binary log: a replica compacts its own tables). A table some transaction holds, or any
 * registered snapshot (a REPEATABLE READ transaction may still read versions the copy
 * leaves behind), waits for a later call; a copy that fails unmarks the table until its
 * next delete. */
static int ct_cols(void *c, const pdb_colmeta *m, size_t n) { (void)c; (void)m; (void)n; return 0; }
static int ct_row(void *c, const pdb_value *v, size_t n) { (void)c; (void)v; (void)n; return 0; }
static int ct_end(void *c, uint16_t w, uint16_t st) { (void)c; (void)w; (void)st; return 0; }
static int ct_ok(void *c, uint64_t a, uint64_t id, uint16_t w, uint16_t st, const char *info)
{
    (void)a; (void)id; (void)w; (void)st; (void)info;
    *(int *)c = 1;
    return 0;
}
static int ct_err(void *c, uint16_t code, const char *state, const char *msg)
{
    (void)state;
    if (*(int *)c <= 0) fprintf(stderr, "pressdb: [Warning] compacting a table: %u %s\n", code, msg);
    *(int *)c = -1;
    return 0;
}

_Atomic uint64_t ex_compactions;

bool pdb_compact_tick(void)
{
    if (!atomic_load(&stor_compact_marked)) return false;
    char db[PDB_NAME_LEN], name[PDB_NAME_LEN];
    stor_table *t = NULL;
    stor_lock_shared();
    uint32_t ndb;
    stor_db **dbs = stor_snap_count() ? NULL : stor_db_list(&ndb);
    for (uint32_t i = 0; dbs && i < ndb && !t; i++)
        for (uint32_t j = 0; j < dbs[i]->ntables && !t; j++)
            if (dbs[i]->tables[j]->compact_wanted && !stor_table_held(dbs[i]->tables[j])) t = dbs[i]->tables[j];
    if (t) {
        snprintf(db, sizeof db, "%s", t->db);
        snprintf(name, sizeof name, "%s", t->name);
    }
    stor_unlock();
    if (!t) return false;
    char sql[FORCE_SQL_CAP];
    force_sql(sql, db, name);
    pdb_session s;
    pdb_session_init(&s, 0);
    snprintf(s.user, sizeof s.user, "system");
    s.no_account = true;
    s.no_status = true;   /* (MariaDB runs no such statement: Com_alter_table stays) */
    s.sql_log_bin_off = true;
    int done = 0;
    pdb_sink sink = { &done, ct_cols, ct_row, ct_end, ct_ok, ct_err };
    int rc = pdb_exec_query(&s, sql, strlen(sql), false, &sink);
    if (rc == PDB_EXEC_WAIT) pdb_exec_wait_timeout(&s, &sink);   /* (held after all: a later call) */
    else if (done <= 0) {
        stor_lock_exclusive();
        stor_table *f = stor_table_find(db, name);
        if (f) stor_table_compact_unmark(f);
        stor_unlock();
    }
    pdb_session_free(&s);
    if (done > 0) atomic_fetch_add(&ex_compactions, 1);
    return done > 0;
}

static void wait_for_holders(ex_ctx *ctx, pl_stmt *st)
{
    switch (st->kind) {
    case S_DROP_TABLE:
        if (st->temporary) return;
        for (int i = 0; i < st->nnames; i++) hold_check(ctx, st->names_db[i], st->names[i]);
        return;
    case S_TRUNCATE: case S_ALTER_TABLE: case S_CREATE_INDEX: case S_DROP_INDEX:
        hold_check(ctx, st->db, st->table);
        return;
    case S_CREATE_TABLE:   /* OR REPLACE drops the old table */
        if (st->or_replace && !st->temporary) hold_check(ctx, st->db, st->table);
        return;
    case S_DROP_DB: {
        stor_db *d = stor_db_find(st->db);
        for (uint32_t i = 0; d && i < d->ntables; i++) hold_check(ctx, d->name, d->tables[i]->name);
        return;
    }
    default:
        return;
    }
}

void ex_ddl(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    if (!ex_replaying) wait_for_holders(ctx, st);
    switch (st->kind) {
    case S_CREATE_DB: {
        if (ex_name_too_long(st->db)) ex_raise(ctx, 1102, "42000", "Incorrect database name '%s'", ex_name_shown(ctx, st->db, true));
        if (stor_db_find(st->db)) {
            if (st->if_not_exists) { ex_warn(ctx, "Note", 1007, "Can't create database '%s'; database exists", st->db); ex_send_ok(ctx, r, 0, 0, NULL); return; }
            ex_raise(ctx, 1007, "HY000", "Can't create database '%s'; database exists", st->db);
        }
        /* no CHARACTER SET / COLLATE: the session's collation_server (a replica's is the
           primary's, from the event) */
        uint16_t dflt = COLL_UTF8MB4_GENERAL_CI;
        pdb_value sv;
        ex_type svt;
        if (ex_sysvar_get(ctx->s, "collation_server", false, &sv, ctx->a, &svt) == 0 && sv.t == VT_STRING) {
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)sv.len, sv.p);
            const pdb_collation *c = pdb_coll_by_name(name);
            if (c) dflt = c->id;
        }
        uint16_t coll = resolve_coll(ctx, st->charset, st->collate, dflt);
        if (!st->charset && !st->collate && coll != COLL_UTF8MB4_GENERAL_CI && !ex_replaying) {
            /* the log says which, so a replay (whatever collation_server is then) agrees */
            const pdb_collation *c = pdb_coll_by_id(coll);
            char sql[400];
            int n = snprintf(sql, sizeof sql, "CREATE DATABASE `%s` CHARACTER SET %s COLLATE %s", st->db,
                             c->charset, c->name);
            if (ex_log_ddl(ctx, NULL, sql, (size_t)n) != 0)
                ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
        } else log_ddl(ctx, st, NULL);
        stor_db_create(st->db, coll);
        ex_send_ok(ctx, r, 1, 0, NULL);
        return;
    }
    case S_DROP_DB: {
        stor_db *d = stor_db_find(st->db);
        if (!d) {
            if (st->if_exists) { ex_warn(ctx, "Note", 1008, "Can't drop database '%s'; database doesn't exist", st->db); ex_send_ok(ctx, r, 0, 0, NULL); return; }
            ex_raise(ctx, 1008, "HY000", "Can't drop database '%s'; database doesn't exist", st->db);
        }
        uint32_t n = d->ntables + d->nviews;   /* (MariaDB counts the views it drops too) */
        log_ddl(ctx, st, NULL);
        stor_db_drop(st->db);
        if (!strcmp(ctx->s->db, st->db)) ctx->s->db[0] = 0;
        ex_send_ok(ctx, r, n, 0, NULL);
        return;
    }
    case S_CREATE_TABLE: create_table(ctx, st, r); return;
    case S_DROP_TABLE: drop_table(ctx, st, r); return;
    case S_TRUNCATE: {
        stor_table *t = ex_table(ctx, st->db, st->table);
        if (t->sequence) ex_seq_no_option(ctx, t);
        if (!t->temporary) ex_fk_parent_guard(ctx, t, true, NULL, 0);
        if (!t->temporary) log_ddl(ctx, st, ctx->s->db);
        stor_table_truncate(t);
        t->stat_born = ex_mono_s();
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    case S_ALTER_TABLE: alter_table(ctx, st, r); return;
    case S_ALTER_SEQUENCE: ex_seq_alter(ctx, st, r); return;
    case S_CREATE_INDEX: {
        pl_alter al;
        memset(&al, 0, sizeof al);
        al.kind = AT_ADD_KEY;
        al.key = st->keys[0];
        pl_stmt a2 = *st;
        a2.kind = S_ALTER_TABLE;
        a2.alters = &al; a2.nalters = 1;
        alter_table(ctx, &a2, r);
        return;
    }
    case S_DROP_INDEX: {
        pl_alter al;
        memset(&al, 0, sizeof al);
        al.kind = !strcmp(st->name, "PRIMARY") ? AT_DROP_PRIMARY : AT_DROP_KEY;
        al.name = st->name;
        al.if_exists = st->if_exists;
        pl_stmt a2 = *st;
        a2.kind = S_ALTER_TABLE;
        a2.alters = &al; a2.nalters = 1;
        alter_table(ctx, &a2, r);
        return;
    }
    case S_RENAME_TABLE: {
        bool any_temp = false;
        char *logsql = NULL;
        size_t ll = 0, lcap = 0;
        for (int i = 0; i < st->nnames; i++) {
            const char *ndb = ex_cur_db(ctx, st->rename_to_db[i]);
            const char *vdb = ex_cur_db(ctx, st->names_db[i]);
            if (ex_view_rename(ctx, vdb, st->names[i], ndb, st->rename_to[i])) {
                if (!ex_replaying) log_rename(&logsql, &ll, &lcap, vdb, st->names[i], ndb, st->rename_to[i]);
                continue;
            }
            stor_table *t = ex_table(ctx, st->names_db[i], st->names[i]);
            if (t->temporary) {   /* renamed within the session's temporary tables */
                if (strcmp(ndb, t->db)) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'RENAME TABLE across databases'");
                if (ex_tmp_find(ctx->s, ndb, st->rename_to[i])) ex_raise(ctx, 1050, "42S01", "Table '%s' already exists", st->rename_to[i]);
                any_temp = true;
            } else {
                if (!stor_db_find(ndb)) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", ndb);
                if (stor_table_find(ndb, st->rename_to[i]) || stor_viewdef_find(ndb, st->rename_to[i])) ex_raise(ctx, 1050, "42S01", "Table '%s' already exists", st->rename_to[i]);
                ex_trg_table_renamed(ctx, t->db, t->name, ndb, st->rename_to[i]);
                if (strcmp(ndb, t->db)) ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'RENAME TABLE across databases'");
                if (!ex_replaying) log_rename(&logsql, &ll, &lcap, t->db, t->name, ndb, st->rename_to[i]);
                ex_fk_table_renamed(t->db, t->name, ndb, st->rename_to[i]);
            }
            stor_free(t->name);
            t->name = stor_strndup(st->rename_to[i], strlen(st->rename_to[i]));
            t->version++;
        }
        if (!any_temp) { stor_free(logsql); logsql = NULL; log_ddl(ctx, st, ctx->s->db); }
        if (logsql) {
            int rc = ex_log_ddl(ctx, ctx->s->db, logsql, ll);
            stor_free(logsql);
            if (rc != 0) ex_raise(ctx, 1030, "HY000", "Got error %d \"%s\" from storage engine", 28, "No space left on device");
        }
        ex_send_ok(ctx, r, 0, 0, NULL);
        return;
    }
    default:
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'this statement'");
    }
}
