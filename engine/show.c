/* show.c - SHOW statements and DESCRIBE, formatted exactly as MariaDB 10.11 prints them. */
#include "engine/eng.h"
#include "engine/geo.h"
#include "engine/jit_bridge.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* MariaDB's DESCRIPTION of the character sets pressdb has */
const char *ex_charset_description(const char *cs)
{
    const pdb_charset_info *ci;
    for (size_t i = 0; (ci = pdb_charset_at(i)); i++) if (!strcmp(ci->name, cs)) return ci->desc;
    return cs;
}

/* The collations in MariaDB's order (information_schema.COLLATIONS and SHOW COLLATION):
 * by character set (SHOW CHARACTER SET's order), then by id. Returns how many are in
 * out (room for 4096). */
size_t ex_coll_list(const pdb_collation **out, bool every)
{
    size_t n = 0;
    const pdb_charset_info *ci;
    for (size_t i = 0; (ci = pdb_charset_at(i)); i++)
        for (uint16_t id = 1; id < 4096; id++) {
            const pdb_collation *c = pdb_coll_by_id(id);
            if (c && !strcmp(c->charset, ci->name) && (every || !ex_coll_shared(c) || !strcmp(c->charset, "utf8mb4")))
                out[n++] = c;
        }
    return n;
}

/* uca1400's collations are MariaDB's first of any charset: it lists each once, without
 * its charset ("uca1400_as_ci", charset and id NULL), where utf8mb4's would be, and
 * names the charset's in COLLATION_CHARACTER_SET_APPLICABILITY. */
bool ex_coll_shared(const pdb_collation *c)
{
    return c->id >= 2048 && c->id < 3328;
}

const char *ex_coll_short_name(const pdb_collation *c)
{
    return ex_coll_shared(c) ? c->name + strlen(c->charset) + 1 : c->name;
}

/* The plugins pressdb answers for (the engines it accepts, its authentication), with
 * information_schema.PLUGINS' 13 columns as MariaDB 10.11.19 fills them, in its order. */
static const char *const plugin_rows[][13] = {
    { "mysql_native_password", "1.0", "ACTIVE", "AUTHENTICATION", "2.2", NULL, NULL, "R.J.Silk, Sergei Golubchik",
      "Native MySQL authentication", "GPL", "FORCE", "Stable", "1.0" },
    { "MEMORY", "1.0", "ACTIVE", "STORAGE ENGINE", "101119.0", NULL, NULL, "MySQL AB",
      "Hash based, stored in memory, useful for temporary tables", "GPL", "FORCE", "Stable", "1.0" },
    { "Aria", "1.5", "ACTIVE", "STORAGE ENGINE", "101119.0", NULL, NULL, "MariaDB Corporation Ab",
      "Crash-safe tables with MyISAM heritage. Used for internal temporary tables and privilege tables", "GPL",
      "FORCE", "Stable", "1.5" },
    { "MyISAM", "1.0", "ACTIVE", "STORAGE ENGINE", "101119.0", NULL, NULL, "MySQL AB",
      "Non-transactional engine with good performance and small data footprint", "GPL", "FORCE", "Stable", "1.0" },
    { "InnoDB", "10.11", "ACTIVE", "STORAGE ENGINE", "101119.0", NULL, NULL, "Oracle Corporation",
      "Supports transactions, row-level locking, foreign keys and encryption for tables", "GPL", "ON", "Stable",
      "10.11.19" },
};

const char *const *ex_plugin_row(size_t i)
{
    return i < sizeof plugin_rows / sizeof *plugin_rows ? plugin_rows[i] : NULL;
}

static const char *type_names[] = {
    [CT_TINYINT] = "tinyint", [CT_SMALLINT] = "smallint", [CT_MEDIUMINT] = "mediumint", [CT_INT] = "int",
    [CT_BIGINT] = "bigint", [CT_DECIMAL] = "decimal", [CT_FLOAT] = "float", [CT_DOUBLE] = "double",
    [CT_BIT] = "bit", [CT_CHAR] = "char", [CT_VARCHAR] = "varchar", [CT_BINARY] = "binary",
    [CT_VARBINARY] = "varbinary", [CT_TINYTEXT] = "tinytext", [CT_TEXT] = "text", [CT_MEDIUMTEXT] = "mediumtext",
    [CT_LONGTEXT] = "longtext", [CT_TINYBLOB] = "tinyblob", [CT_BLOB] = "blob", [CT_MEDIUMBLOB] = "mediumblob",
    [CT_LONGBLOB] = "longblob", [CT_ENUM] = "enum", [CT_SET] = "set", [CT_DATE] = "date",
    [CT_DATETIME] = "datetime", [CT_TIMESTAMP] = "timestamp", [CT_TIME] = "time", [CT_YEAR] = "year",
};

char *ex_column_type_sql(stor_arena *a, const stor_column *c)
{
    char buf[4096];
    size_t k = 0;
    const char *tn = type_names[c->type];
    if (c->geom) return stor_arena_strndup(a, ex_geo_type_name(c->geom), strlen(ex_geo_type_name(c->geom)));
    /* CHARACTER SET binary makes a character type its binary counterpart */
    if (c->kind == CK_STR && c->coll == COLL_BINARY) {
        if (c->type == CT_CHAR) tn = type_names[CT_BINARY];
        else if (c->type == CT_VARCHAR) tn = type_names[CT_VARBINARY];
        else if (c->type >= CT_TINYTEXT && c->type <= CT_LONGTEXT) tn = type_names[CT_TINYBLOB + (c->type - CT_TINYTEXT)];
    }
    switch (c->type) {
    case CT_TINYINT: case CT_SMALLINT: case CT_MEDIUMINT: case CT_INT: case CT_BIGINT: {
        uint32_t w = c->width;
        if (!w) {
            static const uint32_t sw[] = { 4, 6, 9, 11, 20 }, uw[] = { 3, 5, 8, 10, 20 };
            w = c->is_unsigned ? uw[c->type - CT_TINYINT] : sw[c->type - CT_TINYINT];
        }
        k = (size_t)snprintf(buf, sizeof buf, "%s(%u)", tn, w);
        break;
    }
    case CT_DECIMAL: k = (size_t)snprintf(buf, sizeof buf, "decimal(%u,%d)", c->width, c->scale < 0 ? 0 : c->scale); break;
    case CT_FLOAT: case CT_DOUBLE:
        if (c->scale >= 0) k = (size_t)snprintf(buf, sizeof buf, "%s(%u,%d)", tn, c->width, c->scale);
        else k = (size_t)snprintf(buf, sizeof buf, "%s", tn);
        break;
    case CT_BIT: case CT_CHAR: case CT_VARCHAR: case CT_BINARY: case CT_VARBINARY:
        k = (size_t)snprintf(buf, sizeof buf, "%s(%u)", tn, c->width); break;
    case CT_YEAR: k = (size_t)snprintf(buf, sizeof buf, "year(%u)", c->width ? c->width : 4); break;
    case CT_DATETIME: case CT_TIMESTAMP: case CT_TIME:
        if (c->scale > 0) k = (size_t)snprintf(buf, sizeof buf, "%s(%d)", tn, c->scale);
        else k = (size_t)snprintf(buf, sizeof buf, "%s", tn);
        break;
    case CT_ENUM: case CT_SET:
        k = (size_t)snprintf(buf, sizeof buf, "%s(", tn);
        for (uint32_t i = 0; i < c->n_enum && k < sizeof buf - 8; i++) {
            buf[k++] = i ? ',' : '\'';
            if (i) buf[k++] = '\'';
            for (const char *p = c->enum_vals[i]; *p && k < sizeof buf - 8; p++) { if (*p == '\'') buf[k++] = '\''; buf[k++] = *p; }
            buf[k++] = '\'';
        }
        buf[k++] = ')'; buf[k] = 0;
        break;
    default: k = (size_t)snprintf(buf, sizeof buf, "%s", tn); break;
    }
    if (c->is_unsigned && c->type <= CT_DOUBLE) k += (size_t)snprintf(buf + k, sizeof buf - k, " unsigned");
    if (c->zerofill) k += (size_t)snprintf(buf + k, sizeof buf - k, " zerofill");
    return stor_arena_strndup(a, buf, k);
}

/* DESCRIBE's and information_schema.COLUMNS' Key column. */
const char *ex_key_flag(const stor_table *t, uint32_t col)
{
    const char *r = "";
    const stor_index *pk = stor_primary(t);
    for (uint32_t i = 0; i < t->nidx; i++) {
        const stor_index *x = &t->idx[i];
        for (uint32_t k = 0; k < x->ncols; k++) {
            if (x->cols[k] != col) continue;
            if (x == pk) return "PRI";
            if (k == 0 && x->kind == IK_UNIQUE && x->ncols == 1 && !*r) r = "UNI";
            else if (k == 0 && !*r) r = "MUL";
        }
    }
    return r;
}

/* The Default column of DESCRIBE: unquoted literal, or NULL. */
static const char *default_shown(stor_arena *a, const stor_column *c)
{
    if (!c->default_sql || !strcmp(c->default_sql, "NULL")) return NULL;
    const char *d = c->default_sql;
    size_t n = strlen(d);
    if (d[0] == '\'' && n >= 2) {
        char *o = stor_arena_alloc(a, n);
        size_t k = 0;
        for (size_t i = 1; i + 1 < n; i++) { o[k++] = d[i]; if ((d[i] == '\'' && d[i + 1] == '\'') || (d[i] == '\\' && d[i + 1] == '\\')) i++; }
        o[k] = 0;
        return o;
    }
    return d;
}

void ex_textset_init(ex_ctx *ctx, ex_textset *ts, int ncols, const char *const *names)
{
    ts->ncols = ncols;
    ts->names = stor_arena_alloc(ctx->a, (size_t)ncols * sizeof(char *));
    ts->types = stor_arena_alloc(ctx->a, (size_t)ncols * sizeof(ex_type));
    memset(ts->types, 0, (size_t)ncols * sizeof(ex_type));
    for (int i = 0; i < ncols; i++) {
        ts->names[i] = names[i];
        ts->types[i].vt = VT_STRING; ts->types[i].ptype = MYSQL_TYPE_VAR_STRING;
        ts->types[i].coll = COLL_UTF8MB3_GENERAL_CI; ts->types[i].length = 192;
    }
    memset(&ts->rows, 0, sizeof ts->rows);
    ts->rows.ncols = (uint32_t)ncols;
    ts->tables = ts->org_tables = ts->org_names = NULL;
    ts->db = "";
}

void ex_textset_spec(ex_ctx *ctx, ex_textset *ts, int ncols, const ex_colspec *spec, const char *is_table)
{
    const char **names = stor_arena_alloc(ctx->a, (size_t)ncols * sizeof(char *));
    for (int i = 0; i < ncols; i++) names[i] = spec[i].name;
    ex_textset_init(ctx, ts, ncols, names);
    if (is_table) {
        ts->tables = stor_arena_alloc(ctx->a, (size_t)ncols * sizeof(char *));
        ts->org_tables = stor_arena_alloc(ctx->a, (size_t)ncols * sizeof(char *));
        ts->org_names = stor_arena_alloc(ctx->a, (size_t)ncols * sizeof(char *));
        ts->db = "information_schema";
    }
    for (int i = 0; i < ncols; i++) {
        ex_type *t = &ts->types[i];
        memset(t, 0, sizeof *t);
        t->ptype = spec[i].ptype;
        t->length = spec[i].length;
        t->flags = spec[i].flags;
        bool str = spec[i].ptype == MYSQL_TYPE_VAR_STRING || spec[i].ptype == MYSQL_TYPE_BLOB;
        t->vt = str ? VT_STRING : (spec[i].ptype == MYSQL_TYPE_DATETIME ? VT_DATETIME : spec[i].ptype == MYSQL_TYPE_DOUBLE ? VT_DOUBLE : VT_INT);
        t->coll = str ? COLL_UTF8MB4_GENERAL_CI : COLL_BINARY;
        t->from_column = is_table != NULL;
        if (spec[i].ptype == MYSQL_TYPE_DOUBLE) t->decimals = 3;
        if (is_table) {
            ts->tables[i] = is_table; ts->org_tables[i] = is_table;
            ts->org_names[i] = spec[i].org_name ? spec[i].org_name : "";
        }
    }
}

void ex_textset_add(ex_ctx *ctx, ex_textset *ts, const char *const *vals)
{
    pdb_value v[ts->ncols];
    for (int i = 0; i < ts->ncols; i++) {
        if (ts->types[i].vt == VT_INT && vals[i]) { v[i] = ex_int(strtoll(vals[i], NULL, 10)); continue; }
        if (ts->types[i].vt == VT_DOUBLE && vals[i]) { v[i] = ex_dbl(strtod(vals[i], NULL)); continue; }
        v[i] = vals[i] ? ex_str(vals[i], strlen(vals[i]), ts->types[i].coll) : ex_null();
    }
    ex_rows_push(ctx->a, &ts->rows, v);
}

void ex_textset_send(ex_ctx *ctx, ex_textset *ts, ex_result *r)
{
    ex_send_columns(ctx, r, ts->types, ts->names, ts->tables, ts->org_tables, ts->org_names, ts->db, ts->ncols);
    for (uint32_t i = 0; i < ts->rows.nrows; i++) ex_send_row(r, &ts->rows.v[(size_t)i * ts->rows.ncols], ts->ncols);
    ex_send_end(ctx, r);
}

static void set_int_col(ex_textset *ts, int i, uint32_t len)
{
    ts->types[i].vt = VT_INT; ts->types[i].ptype = MYSQL_TYPE_LONGLONG; ts->types[i].coll = COLL_BINARY;
    ts->types[i].length = len; ts->types[i].flags = NUM_FLAG;
}

/* LIKE filter on the first column of a SHOW (names of tables and databases compare
 * case-sensitively, as on a case-sensitive file system). */
static bool show_match(ex_ctx *ctx, pl_stmt *st, const char *name)
{
    if (st->like) return ex_like(name, strlen(name), st->like, strlen(st->like), '\\', COLL_BINARY);
    return true;
}

/* SHOW OPEN TABLES [FROM db]: MariaDB's table cache holds the tables statements opened;
 * pressdb's answer is the tables opened since start that are in memory now (not evicted:
 * storage/evict.c), so a host sees what its sites hold. In_use: LOCK TABLES locks. */
static void open_table_rows(ex_ctx *ctx, pl_stmt *st, ex_textset *ts)
{
    uint32_t ndb;
    stor_db **dbs = stor_db_list(&ndb);
    for (uint32_t i = 0; i < ndb; i++) {
        if (st->from_db && strcmp(st->from_db, dbs[i]->name)) continue;
        for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            const stor_table *t = dbs[i]->tables[j];
            if (!__atomic_load_n(&t->opened, __ATOMIC_RELAXED) || t->evicted || t->name[0] == '#') continue;
            if (!show_match(ctx, st, t->name) || !ex_privs_table_visible(ctx->s, t->db, t->name)) continue;
            char use[12];
            snprintf(use, sizeof use, "%u", ex_tablelock_count(t->db, t->name));
            const char *vals[4] = { t->db, t->name, use, "0" };
            ex_textset_add(ctx, ts, vals);
        }
    }
}

/* SHOW ... WHERE expr: keeps the rows of ts for which expr is true. The rows are a
 * derived source whose columns go by the SHOW column names (Variable_name, Value);
 * as in MariaDB the information_schema names (VARIABLE_VALUE) are unknown there. */
static void show_filter(ex_ctx *ctx, pl_expr *where, ex_textset *ts)
{
    if (!where) return;
    ex_src src;
    memset(&src, 0, sizeof src);
    src.derived = &ts->rows; src.dtypes = ts->types; src.dnames = ts->names; src.dncols = ts->ncols;
    src.alias = src.name = ts->tables ? ts->tables[0] : "";
    src.db = ts->tables ? "information_schema" : NULL;
    ex_src *osrc = ctx->src; int onsrc = ctx->nsrc; uint32_t *orows = ctx->rows;
    uint32_t cur = 0;
    ctx->src = &src; ctx->nsrc = 1; ctx->rows = &cur;
    ex_scope sc;
    memset(&sc, 0, sizeof sc);
    sc.ctx = ctx;
    sc.clause = "WHERE";
    ex_type ty;
    ex_prog *prog = ex_compile(&sc, where, &ty);
    ex_rows kept;
    memset(&kept, 0, sizeof kept);
    kept.ncols = ts->rows.ncols;
    for (cur = 0; cur < ts->rows.nrows; cur++) {
        pdb_value v;
        ex_eval(ctx, prog, &v);
        if (ex_is_true(&v)) ex_rows_push(ctx->a, &kept, &ts->rows.v[(size_t)cur * ts->rows.ncols]);
    }
    ctx->src = osrc; ctx->nsrc = onsrc; ctx->rows = orows;
    ts->rows = kept;
}

static void describe(ex_ctx *ctx, stor_table *t, bool full, const char *like, pl_expr *where, ex_result *r)
{
    static const ex_colspec c9[] = {
        { "Field", 253, 256, 4097, "COLUMN_NAME" }, { "Type", 252, 786420, 4113, "COLUMN_TYPE" },
        { "Collation", 253, 256, 4096, "COLLATION_NAME" }, { "Null", 253, 12, 4097, "IS_NULLABLE" },
        { "Key", 253, 12, 4097, "COLUMN_KEY" }, { "Default", 252, 786384, 4112, "COLUMN_DEFAULT" },
        { "Extra", 253, 320, 4097, "EXTRA" }, { "Privileges", 253, 320, 4097, "PRIVILEGES" },
        { "Comment", 253, 4096, 4097, "COLUMN_COMMENT" } };
    ex_colspec c6[6] = { c9[0], c9[1], c9[3], c9[4], c9[5], c9[6] };
    ex_textset ts;
    ex_textset_spec(ctx, &ts, full ? 9 : 6, full ? c9 : c6, "COLUMNS");
    for (uint32_t c = 0; c < t->ncols; c++) {
        stor_column *col = &t->cols[c];
        if (like && !ex_like(col->name, strlen(col->name), like, strlen(like), '\\', COLL_UTF8MB3_GENERAL_CI)) continue;
        if (!ex_privs_column_visible(ctx->s, t, col->name)) continue;   /* (column grants) */
        const char *privs = ex_privs_column_names(ctx, t, col->name);
        const char *extra = ex_column_extra(ctx->a, col);
        const char *coll = NULL;
        if (col->kind == CK_STR && col->coll != COLL_BINARY && col->type != CT_BIT) { const pdb_collation *co = pdb_coll_by_id(col->coll); coll = co ? co->name : NULL; }
        const char *vals[9];
        int k = 0;
        vals[k++] = col->name;
        vals[k++] = ex_column_type_sql(ctx->a, col);
        if (full) vals[k++] = coll;
        vals[k++] = col->not_null ? "NO" : "YES";
        vals[k++] = ex_key_flag(t, c);
        vals[k++] = default_shown(ctx->a, col);
        vals[k++] = extra;
        if (full) { vals[k++] = privs ? privs : "select,insert,update,references"; vals[k++] = col->comment ? col->comment : ""; }
        ex_textset_add(ctx, &ts, vals);
    }
    show_filter(ctx, where, &ts);
    ex_textset_send(ctx, &ts, r);
}

static void show_index(ex_ctx *ctx, stor_table *t, pl_expr *where, ex_result *r)
{
    static const ex_colspec spec[] = {
        { "Table", 253, 256, 4097, "TABLE_NAME" }, { "Non_unique", 8, 1, 4097, "NON_UNIQUE" },
        { "Key_name", 253, 256, 4097, "INDEX_NAME" }, { "Seq_in_index", 3, 2, 4129, "SEQ_IN_INDEX" },
        { "Column_name", 253, 256, 4097, "COLUMN_NAME" }, { "Collation", 253, 4, 4096, "COLLATION" },
        { "Cardinality", 8, 21, 4096, "CARDINALITY" }, { "Sub_part", 8, 3, 4096, "SUB_PART" },
        { "Packed", 253, 40, 4096, "PACKED" }, { "Null", 253, 12, 4097, "NULLABLE" },
        { "Index_type", 253, 64, 4097, "INDEX_TYPE" }, { "Comment", 253, 64, 4096, "COMMENT" },
        { "Index_comment", 253, 4096, 4097, "INDEX_COMMENT" }, { "Ignored", 253, 12, 4097, "IGNORED" } };
    ex_textset ts;
    ex_textset_spec(ctx, &ts, 14, spec, "STATISTICS");
    for (uint32_t i = 0; i < t->nidx; i++) {
        stor_index *x = &t->idx[i];
        if (!ex_privs_index_visible(ctx->s, t, x)) continue;
        for (uint32_t k = 0; k < x->ncols; k++) {
            stor_column *col = &t->cols[x->cols[k]];
            char nu[4], seq[12], card[24], sub[12];
            snprintf(nu, sizeof nu, "%d", x->kind == IK_PRIMARY || x->kind == IK_UNIQUE ? 0 : 1);
            snprintf(seq, sizeof seq, "%u", k + 1);
            /* InnoDB estimates; MariaDB reports the row count for unique keys */
            uint32_t distinct = t->nlive;
            snprintf(card, sizeof card, "%u", distinct);
            bool spatial = x->kind == IK_SPATIAL;   /* (MariaDB's R-tree: no estimate, 32 bytes a key) */
            snprintf(sub, sizeof sub, "%u", spatial ? 32 : x->prefix[k]);
            const char *vals[14] = { t->name, nu, x->name, seq, col->name,
                                     x->kind == IK_FULLTEXT ? NULL : "A", spatial ? NULL : card,
                                     x->prefix[k] || spatial ? sub : NULL, NULL, col->not_null ? "" : "YES",
                                     x->kind == IK_FULLTEXT ? "FULLTEXT" : spatial ? "SPATIAL" : "BTREE", "",
                                     x->comment ? x->comment : "", "NO" };
            ex_textset_add(ctx, &ts, vals);
        }
    }
    show_filter(ctx, where, &ts);
    ex_textset_send(ctx, &ts, r);
}

static void append(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t nc = (*cap ? *cap * 2 : 1024);
        while (nc < *len + n + 1) nc *= 2;
        *buf = realloc(*buf, nc);
        *cap = nc;
    }
    memcpy(*buf + *len, s, n);
    *len += n;
    (*buf)[*len] = 0;
}
static void appendf(char **buf, size_t *len, size_t *cap, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
#include <stdarg.h>
static void appendf(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
    char tmp[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    append(buf, len, cap, tmp, (size_t)(n < (int)sizeof tmp ? n : (int)sizeof tmp - 1));
}

static void quote_ident(char **b, size_t *l, size_t *c, const char *s)
{
    append(b, l, c, "`", 1);
    for (; *s; s++) { if (*s == '`') append(b, l, c, "`", 1); append(b, l, c, s, 1); }
    append(b, l, c, "`", 1);
}

static void quote_str(char **b, size_t *l, size_t *c, const char *s)
{
    append(b, l, c, "'", 1);
    for (; *s; s++) {
        if (*s == '\'') append(b, l, c, "''", 2);
        else if (*s == '\\') append(b, l, c, "\\\\", 2);
        else append(b, l, c, s, 1);
    }
    append(b, l, c, "'", 1);
}

static char *show_create(ex_ctx *ctx, stor_table *t)
{
    char *b = NULL; size_t l = 0, cap = 0;
    appendf(&b, &l, &cap, t->temporary ? "CREATE TEMPORARY TABLE " : "CREATE TABLE ");
    quote_ident(&b, &l, &cap, t->name);
    appendf(&b, &l, &cap, " (\n");
    const pdb_collation *tc = pdb_coll_by_id(t->coll);
    uint32_t ntc = 0;   /* the table's own checks, after the keys */
    for (uint32_t k = 0; k < t->nchecks; k++) ntc += !t->checks[k].col;
    for (uint32_t i = 0; i < t->ncols; i++) {
        stor_column *c = &t->cols[i];
        appendf(&b, &l, &cap, "  ");
        quote_ident(&b, &l, &cap, c->name);
        appendf(&b, &l, &cap, " %s", ex_column_type_sql(ctx->a, c));
        if (c->kind == CK_STR && c->coll != COLL_BINARY && c->type != CT_BIT) {
            const pdb_collation *cc = pdb_coll_by_id(c->coll);
            /* MariaDB 10.11 names both charset and collation of a column whose collation
             * is not the table's */
            if (cc && tc && cc->id != tc->id) appendf(&b, &l, &cap, " CHARACTER SET %s COLLATE %s", cc->charset, cc->name);
        }
        if (c->gen) {   /* a generated column: its expression, no default */
            appendf(&b, &l, &cap, " GENERATED ALWAYS AS (");
            append(&b, &l, &cap, c->gen_sql, strlen(c->gen_sql));
            appendf(&b, &l, &cap, ") %s", c->gen == STOR_GEN_STORED ? "STORED" : "VIRTUAL");
        }
        else if (c->not_null) appendf(&b, &l, &cap, " NOT NULL");
        else if (c->type == CT_TIMESTAMP) appendf(&b, &l, &cap, " NULL");   /* MariaDB says so for TIMESTAMP */
        if (c->gen) {}
        else if (c->auto_increment) appendf(&b, &l, &cap, " AUTO_INCREMENT");
        else if (c->default_sql) {
            if (!strcmp(c->default_sql, "NULL") && c->not_null) {}
            else appendf(&b, &l, &cap, " DEFAULT %s", c->default_sql);
        }
        if (c->on_update_now && c->scale > 0) appendf(&b, &l, &cap, " ON UPDATE current_timestamp(%d)", c->scale);
        else if (c->on_update_now) appendf(&b, &l, &cap, " ON UPDATE current_timestamp()");
        if (c->comment) { appendf(&b, &l, &cap, " COMMENT "); quote_str(&b, &l, &cap, c->comment); }
        if (c->json) { appendf(&b, &l, &cap, " CHECK (json_valid("); quote_ident(&b, &l, &cap, c->name); appendf(&b, &l, &cap, "))"); }
        for (uint32_t k = 0; k < t->nchecks; k++)
            if (t->checks[k].col && !strcmp(t->checks[k].col, c->name)) {
                appendf(&b, &l, &cap, " CHECK (");
                append(&b, &l, &cap, t->checks[k].sql, strlen(t->checks[k].sql));
                appendf(&b, &l, &cap, ")");
            }
        if (i + 1 < t->ncols || t->nidx || t->nfks || ntc) appendf(&b, &l, &cap, ",");
        appendf(&b, &l, &cap, "\n");
    }
    for (uint32_t i = 0; i < t->nidx; i++) {
        stor_index *x = &t->idx[i];
        if (x->kind == IK_PRIMARY) appendf(&b, &l, &cap, "  PRIMARY KEY (");
        else {
            appendf(&b, &l, &cap, "  %s", x->kind == IK_UNIQUE ? "UNIQUE KEY " : x->kind == IK_FULLTEXT ? "FULLTEXT KEY " : x->kind == IK_SPATIAL ? "SPATIAL KEY " : "KEY ");
            quote_ident(&b, &l, &cap, x->name);
            appendf(&b, &l, &cap, " (");
        }
        for (uint32_t k = 0; k < x->ncols; k++) {
            if (k) appendf(&b, &l, &cap, ",");
            quote_ident(&b, &l, &cap, t->cols[x->cols[k]].name);
            if (x->prefix[k]) appendf(&b, &l, &cap, "(%u)", x->prefix[k]);
        }
        appendf(&b, &l, &cap, ")");
        if (x->comment && *x->comment) { appendf(&b, &l, &cap, " COMMENT "); quote_str(&b, &l, &cap, x->comment); }
        appendf(&b, &l, &cap, "%s\n", i + 1 < t->nidx || t->nfks || ntc ? "," : "");
    }
    for (uint32_t k = 0; k < t->nfks; k++) {   /* InnoDB's, by name */
        char *fk = ex_fk_text(t->db, &t->fks[k], false, true);
        appendf(&b, &l, &cap, "  ");
        append(&b, &l, &cap, fk, strlen(fk));
        appendf(&b, &l, &cap, "%s\n", k + 1 < t->nfks || ntc ? "," : "");
        stor_free(fk);
    }
    for (uint32_t k = 0; k < t->nchecks; k++) {
        if (t->checks[k].col) continue;
        appendf(&b, &l, &cap, "  CONSTRAINT ");
        quote_ident(&b, &l, &cap, t->checks[k].name);
        appendf(&b, &l, &cap, " CHECK (");
        append(&b, &l, &cap, t->checks[k].sql, strlen(t->checks[k].sql));
        appendf(&b, &l, &cap, ")%s\n", --ntc ? "," : "");
    }
    appendf(&b, &l, &cap, ") ENGINE=%s", t->engine);
    if (t->sequence) {   /* (MariaDB prints no character set for a sequence) */
        appendf(&b, &l, &cap, " SEQUENCE=1");
        tc = NULL;
    }
    bool has_ai = false;
    for (uint32_t i = 0; i < t->ncols; i++) if (t->cols[i].auto_increment) has_ai = true;
    if (has_ai && t->auto_inc > 1) appendf(&b, &l, &cap, " AUTO_INCREMENT=%llu", (unsigned long long)t->auto_inc);
    if (tc) {
        appendf(&b, &l, &cap, " DEFAULT CHARSET=%s", tc->charset);
        if (tc->id != COLL_BINARY) appendf(&b, &l, &cap, " COLLATE=%s", tc->name);
    }
    if (t->row_format) appendf(&b, &l, &cap, " ROW_FORMAT=%s", t->row_format);
    if (t->comment) { appendf(&b, &l, &cap, " COMMENT="); quote_str(&b, &l, &cap, t->comment); }
    char *r = stor_arena_strndup(ctx->a, b, l);
    free(b);
    return r;
}

typedef struct varlist { ex_ctx *ctx; ex_textset *ts; pl_stmt *st; } varlist;
static void var_cb(void *c, const char *name, const char *val)
{
    varlist *v = c;
    if (v->st->like && !ex_like(name, strlen(name), v->st->like, strlen(v->st->like), '\\', COLL_UTF8MB3_GENERAL_CI)) return;
    const char *vals[2] = { name, val };
    ex_textset_add(v->ctx, v->ts, vals);
}

/* SHOW STATUS's rows, also information_schema's GLOBAL_STATUS and SESSION_STATUS: the
 * counters of status.c with the figures of the plan cache, the JIT, compression and
 * memory, in name order. */
void ex_status_rows(ex_ctx *ctx, bool global, void (*cb)(void *, const char *, const char *), void *arg)
{
    /* Memory_used: the bytes the store's counted allocator holds and the JIT's code pages (MariaDB reports
     * its own allocations under the same name). */
    char mem[24], zv[24], zb[24], zr[24], zd[24], zdb[24];
    snprintf(mem, sizeof mem, "%zu", stor_mem_used());
    /* Compressed_*: cold long strings the store holds compressed (storage.h) */
    stor_zstats z;
    stor_compress_stats(&z);
    snprintf(zv, sizeof zv, "%llu", (unsigned long long)z.values);
    snprintf(zb, sizeof zb, "%llu", (unsigned long long)z.bytes);
    snprintf(zr, sizeof zr, "%llu", (unsigned long long)z.raw_bytes);
    snprintf(zd, sizeof zd, "%llu", (unsigned long long)z.dicts);
    snprintf(zdb, sizeof zdb, "%llu", (unsigned long long)z.dict_bytes);
    /* Plan_cache_*: statements served from the statement-shape cache, parsed
     * instead, and shapes held (planner.h) */
    char ph[24], pm[24], pe[24];
    uint64_t hits, misses, entries;
    pl_shape_stats(&hits, &misses, &entries);
    snprintf(ph, sizeof ph, "%llu", (unsigned long long)hits);
    snprintf(pm, sizeof pm, "%llu", (unsigned long long)misses);
    snprintf(pe, sizeof pe, "%llu", (unsigned long long)entries);
    /* Plan_cache_plans_*: query block plans used again, made and kept, found
       stale (DDL since), and reused but planned afresh for another join order */
    char bh[24], bm[24], bs[24], br[24];
    uint64_t b_hits, b_made, b_stale, b_re;
    ex_block_plan_stats(&b_hits, &b_made, &b_stale, &b_re);
    /* Sort_merge_passes: merges of sorted runs on disk; Created_tmp_disk_tables:
       GROUP BYs that went on on disk (spill.c; MariaDB's counters, but counted
       since start for all sessions) */
    char smp[24], ctd[24];
    snprintf(smp, sizeof smp, "%llu", (unsigned long long)ex_spill_merge_passes());
    snprintf(ctd, sizeof ctd, "%llu", (unsigned long long)ex_spill_disk_tables());
    snprintf(bh, sizeof bh, "%llu", (unsigned long long)b_hits);
    snprintf(bm, sizeof bm, "%llu", (unsigned long long)b_made);
    snprintf(bs, sizeof bs, "%llu", (unsigned long long)b_stale);
    snprintf(br, sizeof br, "%llu", (unsigned long long)b_re);
    /* Jit_*: the JIT's kernels compiled and their compile time (in all; quantiles of the
       last 4,096), code bytes held,
       scans run compiled, and scans that could have been but were not (no
       executable memory, or the code evicted) (engine/jit_bridge.c) */
    char jc[24], jt[24], jb[24], je[24], jf[24], jq[3][24];
    uint64_t j_c, j_t, j_b, j_e, j_f, j_map;
    jb_stats(&j_c, &j_t, &j_b, &j_e, &j_f, &j_map);
    snprintf(jc, sizeof jc, "%llu", (unsigned long long)j_c);
    uint64_t jqv[3];
    jb_compile_quantiles(&jqv[0], &jqv[1], &jqv[2]);
    for (int i = 0; i < 3; i++) snprintf(jq[i], sizeof jq[i], "%llu", (unsigned long long)jqv[i]);
    snprintf(jt, sizeof jt, "%llu", (unsigned long long)j_t);
    snprintf(jb, sizeof jb, "%llu", (unsigned long long)j_b);
    snprintf(je, sizeof je, "%llu", (unsigned long long)j_e);
    snprintf(jf, sizeof jf, "%llu", (unsigned long long)j_f);
    snprintf(mem, sizeof mem, "%zu", stor_mem_used() + (size_t)j_map);
    char ngb[24], ngl[24];
    uint64_t ng_b, ng_l;
    ex_ng_stats(&ng_b, &ng_l);
    snprintf(ngb, sizeof ngb, "%llu", (unsigned long long)ng_b);
    snprintf(ngl, sizeof ngl, "%llu", (unsigned long long)ng_l);
    /* Plan_cache_programs_*: expression programs kept with block plans, and used
       from them instead of compiling */
    char kk[24], ku[24], psc[16];
    snprintf(psc, sizeof psc, "%u", ex_prepared_count());
    uint64_t k_kept, k_used;
    ex_block_prog_stats(&k_kept, &k_used);
    snprintf(kk, sizeof kk, "%llu", (unsigned long long)k_kept);
    snprintf(ku, sizeof ku, "%llu", (unsigned long long)k_used);
    /* the binary log's position as of the session's consistent snapshot, else now */
    char bsf[64] = "", bsp[24] = "0";
    if (ctx->s->snap_binlog_file[0] && (ctx->s->in_trans || ctx->s->snap)) {
        snprintf(bsf, sizeof bsf, "%s", ctx->s->snap_binlog_file);
        snprintf(bsp, sizeof bsp, "%llu", (unsigned long long)ctx->s->snap_binlog_pos);
    } else if (stor_binlog_on()) {
        uint64_t at;
        stor_binlog_where(bsf, sizeof bsf, &at);
        snprintf(bsp, sizeof bsp, "%llu", (unsigned long long)at);
    }
    char tcomp[24];   /* tables rebuilt for their dead row slots (ddl.c pdb_compact_tick) */
    snprintf(tcomp, sizeof tcomp, "%llu", (unsigned long long)atomic_load(&ex_compactions));
    /* Evict_*: cold tables out of memory (storage/evict.c) */
    stor_evstats ev;
    stor_evict_stats(&ev);
    char evb[24], evn[24], evl[24], evt[24], evo[24], evm[24];
    snprintf(evm, sizeof evm, "%llu", (unsigned long long)ev.pressure);
    snprintf(evb, sizeof evb, "%llu", (unsigned long long)ev.file_bytes);
    snprintf(evn, sizeof evn, "%llu", (unsigned long long)ev.evictions);
    snprintf(evl, sizeof evl, "%llu", (unsigned long long)ev.loads);
    snprintf(evt, sizeof evt, "%llu", (unsigned long long)ev.load_us);
    snprintf(evo, sizeof evo, "%llu", (unsigned long long)ev.tables_out);
    /* Memory_table_*: where the tables' memory goes (storage.h stor_mem_parts: a walk of
       every string slot, so taken at most once a second) */
    static pthread_mutex_t mp_mu = PTHREAD_MUTEX_INITIALIZER;
    static stor_memparts mp;
    static uint64_t mp_at;
    pthread_mutex_lock(&mp_mu);
    if (!mp_at || ex_now_ns() - mp_at > 1000000000ull) { stor_mem_parts(&mp); mp_at = ex_now_ns(); }
    const uint64_t mpv[9] = { mp.bitmaps, mp.idx_hash, mp.idx_ordered, mp.str_bytes, mp.str_codes, mp.str_pool,
                              mp.str_slots, mp.vectors, mp.versions };
    pthread_mutex_unlock(&mp_mu);
    char mps[9][24];
    for (int i = 0; i < 9; i++) snprintf(mps[i], sizeof mps[i], "%llu", (unsigned long long)mpv[i]);
    const char *status[][2] = { { "Binlog_snapshot_file", bsf }, { "Binlog_snapshot_position", bsp },
                                { "Compressed_bytes", zb }, { "Compressed_dictionaries", zd },
                                { "Compressed_dictionary_bytes", zdb }, { "Compressed_raw_bytes", zr },
                                { "Compressed_values", zv }, { "Created_tmp_disk_tables", ctd },
                                { "Evict_evictions", evn }, { "Evict_file_bytes", evb }, { "Evict_for_memory", evm },
                                { "Evict_load_time_us", evt }, { "Evict_loads", evl },
                                { "Evict_tables", evo },
                                { "Jit_code_bytes", jb }, { "Jit_compile_time_max_us", jq[2] },
                                { "Jit_compile_time_p50_us", jq[0] }, { "Jit_compile_time_p99_us", jq[1] },
                                { "Jit_compile_time_us", jt },
                                { "Jit_compiled_blocks", jc }, { "Jit_executions", je },
                                { "Jit_fallbacks", jf },
                                { "Memory_table_bitmaps", mps[0] }, { "Memory_table_index_hash", mps[1] },
                                { "Memory_table_index_ordered", mps[2] }, { "Memory_table_string_bytes", mps[3] },
                                { "Memory_table_string_codes", mps[4] }, { "Memory_table_string_pools", mps[5] },
                                { "Memory_table_string_slots", mps[6] }, { "Memory_table_vectors", mps[7] },
                                { "Memory_table_versions", mps[8] }, { "Memory_used", mem },
                                { "Ngram_bytes", ngb }, { "Ngram_lookups", ngl },
                                { "Plan_cache_entries", pe }, { "Plan_cache_hits", ph },
                                { "Plan_cache_misses", pm }, { "Plan_cache_plans_kept", bm },
                                { "Plan_cache_plans_replanned", br }, { "Plan_cache_plans_stale", bs },
                                { "Plan_cache_plans_used", bh }, { "Plan_cache_programs_kept", kk },
                                { "Plan_cache_programs_used", ku }, { "Prepared_stmt_count", psc },
                                { "Sort_merge_passes", smp },
                                { "Ssl_cipher", ctx->s->tls_cipher }, { "Ssl_version", ctx->s->tls_version },
                                { "Table_compactions", tcomp } };
    /* (sorted by name: merged with the counters of status.c) */
    ex_status_list(ctx, global, (const char *const (*)[2])status, (int)(sizeof status / sizeof status[0]), cb, arg);
}

/* SHOW BINLOG EVENTS: a row per event, after LIMIT's offset, up to its count. */
struct ev_walk { ex_ctx *ctx; ex_textset *ts; int64_t skip, left; };
static bool ev_row(void *arg, const char *file, uint64_t pos, const char *type, uint32_t server_id,
                   uint64_t end, const char *info)
{
    struct ev_walk *w = arg;
    if (w->skip > 0) { w->skip--; return true; }
    if (w->left == 0) return false;
    char p[24], sid[16], e[24];
    snprintf(p, sizeof p, "%llu", (unsigned long long)pos);
    snprintf(sid, sizeof sid, "%u", server_id);
    snprintf(e, sizeof e, "%llu", (unsigned long long)end);
    const char *row[6] = { file, p, type, sid, e, info };
    ex_textset_add(w->ctx, w->ts, row);
    if (w->left > 0) w->left--;
    return w->left != 0;
}

/* SHOW PRIVILEGES (MariaDB 10.11's list, which GRANT here knows), SHOW PLUGINS (what
 * pressdb has: its engines, as SHOW ENGINES, and the password plugin), and with MariaDB's
 * columns but no rows: SHOW MASTER STATUS, SHOW BINLOG EVENTS, SHOW SLAVE STATUS and SHOW
 * RELAYLOG EVENTS (no binary log, no replication), SHOW OPEN TABLES (no table cache:
 * tables are always in memory) and SHOW PROFILES (no profiling). */
static void show_server_lists(ex_ctx *ctx, pl_stmt *st, ex_textset *ts, ex_result *r)
{
    static const ex_colspec privs[] = { { "Privilege", 253, 40, 1, NULL }, { "Context", 253, 60, 1, NULL },
        { "Comment", 253, 256, 1, NULL } };
    static const char *const priv_rows[][3] = {
        { "Alter", "Tables", "To alter the table" },
        { "Alter routine", "Functions,Procedures", "To alter or drop stored functions/procedures" },
        { "Create", "Databases,Tables,Indexes", "To create new databases and tables" },
        { "Create routine", "Databases", "To use CREATE FUNCTION/PROCEDURE" },
        { "Create temporary tables", "Databases", "To use CREATE TEMPORARY TABLE" },
        { "Create view", "Tables", "To create new views" },
        { "Create user", "Server Admin", "To create new users" },
        { "Delete", "Tables", "To delete existing rows" },
        { "Delete history", "Tables", "To delete versioning table historical rows" },
        { "Drop", "Databases,Tables", "To drop databases, tables, and views" },
        { "Event", "Server Admin", "To create, alter, drop and execute events" },
        { "Execute", "Functions,Procedures", "To execute stored routines" },
        { "File", "File access on server", "To read and write files on the server" },
        { "Grant option", "Databases,Tables,Functions,Procedures", "To give to other users those privileges you possess" },
        { "Index", "Tables", "To create or drop indexes" },
        { "Insert", "Tables", "To insert data into tables" },
        { "Lock tables", "Databases", "To use LOCK TABLES (together with SELECT privilege)" },
        { "Process", "Server Admin", "To view the plain text of currently executing queries" },
        { "Proxy", "Server Admin", "To make proxy user possible" },
        { "References", "Databases,Tables", "To have references on tables" },
        { "Reload", "Server Admin", "To reload or refresh tables, logs and privileges" },
        { "Binlog admin", "Server", "To purge binary logs" },
        { "Binlog monitor", "Server", "To use SHOW BINLOG STATUS and SHOW BINARY LOG" },
        { "Binlog replay", "Server", "To use BINLOG (generated by mariadb-binlog)" },
        { "Replication master admin", "Server", "To monitor connected slaves" },
        { "Replication slave admin", "Server", "To start/stop slave and apply binlog events" },
        { "Slave monitor", "Server", "To use SHOW SLAVE STATUS and SHOW RELAYLOG EVENTS" },
        { "Replication slave", "Server Admin", "To read binary log events from the master" },
        { "Select", "Tables", "To retrieve rows from table" },
        { "Show databases", "Server Admin", "To see all databases with SHOW DATABASES" },
        { "Show view", "Tables", "To see views with SHOW CREATE VIEW" },
        { "Shutdown", "Server Admin", "To shut down the server" },
        { "Super", "Server Admin", "To use KILL thread, SET GLOBAL, CHANGE MASTER, etc." },
        { "Trigger", "Tables", "To use triggers" },
        { "Create tablespace", "Server Admin", "To create/alter/drop tablespaces" },
        { "Update", "Tables", "To update existing rows" },
        { "Set user", "Server", "To create views and stored routines with a different definer" },
        { "Federated admin", "Server", "To execute the CREATE SERVER, ALTER SERVER, DROP SERVER statements" },
        { "Connection admin", "Server", "To bypass connection limits and kill other users' connections" },
        { "Read_only admin", "Server", "To perform write operations even if @@read_only=ON" },
        { "Usage", "Server Admin", "No privileges - allow connect only" }
    };
    static const ex_colspec plugins[] = { { "Name", 253, 256, 4097, "PLUGIN_NAME" }, { "Status", 253, 64, 4097, "PLUGIN_STATUS" },
        { "Type", 253, 320, 4097, "PLUGIN_TYPE" }, { "Library", 253, 256, 4096, "PLUGIN_LIBRARY" },
        { "License", 253, 320, 4097, "PLUGIN_LICENSE" } };
    static const ex_colspec master[] = { { "File", 253, 2048, 1, NULL }, { "Position", 8, 20, 161, NULL },
        { "Binlog_Do_DB", 253, 1020, 1, NULL }, { "Binlog_Ignore_DB", 253, 1020, 1, NULL } };
    static const ex_colspec open_tables[] = { { "Database", 253, 256, 4097, "Database" }, { "Table", 253, 256, 4097, "Table" },
        { "In_use", 8, 1, 4097, "In_use" }, { "Name_locked", 8, 4, 4097, "Name_locked" } };
    static const ex_colspec events[] = { { "Log_name", 253, 80, 1, NULL }, { "Pos", 8, 21, 161, NULL },
        { "Event_type", 253, 80, 1, NULL }, { "Server_id", 3, 10, 161, NULL }, { "End_log_pos", 8, 21, 161, NULL },
        { "Info", 253, 80, 1, NULL } };
    static const ex_colspec profiles[] = { { "Query_ID", 3, 10, 161, NULL }, { "Duration", 5, 8, 161, NULL },
        { "Query", 253, 160, 1, NULL } };
    static const ex_colspec slave[] = {
        { "Slave_IO_State", 253, 120, 1, NULL }, { "Master_Host", 253, 3064, 1, NULL },
        { "Master_User", 253, 1540, 1, NULL }, { "Master_Port", 3, 7, 161, NULL },
        { "Connect_Retry", 3, 10, 161, NULL }, { "Master_Log_File", 253, 2048, 1, NULL },
        { "Read_Master_Log_Pos", 8, 10, 161, NULL }, { "Relay_Log_File", 253, 2048, 1, NULL },
        { "Relay_Log_Pos", 8, 10, 161, NULL }, { "Relay_Master_Log_File", 253, 2048, 1, NULL },
        { "Slave_IO_Running", 253, 12, 1, NULL }, { "Slave_SQL_Running", 253, 12, 1, NULL },
        { "Replicate_Do_DB", 253, 80, 1, NULL }, { "Replicate_Ignore_DB", 253, 80, 1, NULL },
        { "Replicate_Do_Table", 253, 80, 1, NULL }, { "Replicate_Ignore_Table", 253, 92, 1, NULL },
        { "Replicate_Wild_Do_Table", 253, 96, 1, NULL },
        { "Replicate_Wild_Ignore_Table", 253, 112, 1, NULL }, { "Last_Errno", 3, 4, 161, NULL },
        { "Last_Error", 253, 80, 1, NULL }, { "Skip_Counter", 3, 10, 161, NULL },
        { "Exec_Master_Log_Pos", 8, 10, 161, NULL }, { "Relay_Log_Space", 8, 10, 161, NULL },
        { "Until_Condition", 253, 24, 1, NULL }, { "Until_Log_File", 253, 2048, 1, NULL },
        { "Until_Log_Pos", 8, 10, 161, NULL }, { "Master_SSL_Allowed", 253, 28, 1, NULL },
        { "Master_SSL_CA_File", 253, 2048, 1, NULL }, { "Master_SSL_CA_Path", 253, 2048, 1, NULL },
        { "Master_SSL_Cert", 253, 2048, 1, NULL }, { "Master_SSL_Cipher", 253, 2048, 1, NULL },
        { "Master_SSL_Key", 253, 2048, 1, NULL }, { "Seconds_Behind_Master", 8, 10, 161, NULL },
        { "Master_SSL_Verify_Server_Cert", 253, 12, 1, NULL }, { "Last_IO_Errno", 3, 4, 161, NULL },
        { "Last_IO_Error", 253, 80, 1, NULL }, { "Last_SQL_Errno", 3, 4, 161, NULL },
        { "Last_SQL_Error", 253, 80, 1, NULL }, { "Replicate_Ignore_Server_Ids", 253, 2048, 1, NULL },
        { "Master_Server_Id", 3, 8, 161, NULL }, { "Master_SSL_Crl", 253, 2048, 1, NULL },
        { "Master_SSL_Crlpath", 253, 2048, 1, NULL }, { "Using_Gtid", 253, 44, 1, NULL },
        { "Gtid_IO_Pos", 253, 120, 1, NULL }, { "Replicate_Do_Domain_Ids", 253, 2048, 1, NULL },
        { "Replicate_Ignore_Domain_Ids", 253, 2048, 1, NULL }, { "Parallel_Mode", 253, 48, 1, NULL },
        { "SQL_Delay", 3, 10, 161, NULL }, { "SQL_Remaining_Delay", 3, 8, 161, NULL },
        { "Slave_SQL_Running_State", 253, 80, 1, NULL }, { "Slave_DDL_Groups", 8, 20, 161, NULL },
        { "Slave_Non_Transactional_Groups", 8, 20, 161, NULL },
        { "Slave_Transactional_Groups", 8, 20, 161, NULL }, { "Replicate_Rewrite_DB", 253, 92, 1, NULL } };
    switch (st->show) {
    case SH_PRIVILEGES:
        ex_textset_spec(ctx, ts, 3, privs, NULL);
        for (size_t i = 0; i < sizeof priv_rows / sizeof priv_rows[0]; i++) ex_textset_add(ctx, ts, priv_rows[i]);
        break;
    case SH_PLUGINS:
        ex_textset_spec(ctx, ts, 5, plugins, "PLUGINS");
        for (size_t i = 0; ex_plugin_row(i); i++) {
            const char *const *p = ex_plugin_row(i);
            const char *row[5] = { p[0], p[2], p[3], p[5], p[9] };   /* name, status, type, library, license */
            ex_textset_add(ctx, ts, row);
        }
        break;
    case SH_MASTER_STATUS:
        ex_textset_spec(ctx, ts, 4, master, NULL);
        if (stor_binlog_on()) {   /* (--log-bin: the file being written and its length) */
            char file[300], at[24];
            uint64_t pos;
            stor_binlog_where(file, sizeof file, &pos);
            snprintf(at, sizeof at, "%llu", (unsigned long long)pos);
            const char *row[4] = { file, at, "", "" };
            ex_textset_add(ctx, ts, row);
        }
        break;
    case SH_BINLOG_EVENTS: {
        ex_textset_spec(ctx, ts, 6, events, NULL);
        if (!stor_binlog_on()) break;
        struct ev_walk w = { ctx, ts, st->ev_offset > 0 ? st->ev_offset : 0, st->ev_limit };
        int rc = stor_binlog_events(st->from_db, st->ev_from > 0 ? (uint64_t)st->ev_from : 0, ev_row, &w);
        if (rc == -1) ex_raise(ctx, 1220, "HY000", "Error when executing command SHOW BINLOG EVENTS: Could not find target log");
        if (rc == -2) ex_raise(ctx, 1220, "HY000", "Error when executing command SHOW BINLOG EVENTS: Wrong offset or I/O error");
        break;
    }
    case SH_RELAYLOG_EVENTS:   /* (the default connection's, the only one: none) */
        if (st->from_db && st->from_db[0])
            ex_raise(ctx, 1617, "HY000", "There is no master connection '%s'", st->from_db);
        ex_textset_spec(ctx, ts, 6, events, NULL);
        break;
    case SH_PROFILES:
        ex_textset_spec(ctx, ts, 3, profiles, NULL);
        ts->types[1].decimals = 0;   /* (MariaDB's Duration: a DOUBLE shown without decimals) */
        break;
    case SH_OPEN_TABLES: ex_textset_spec(ctx, ts, 4, open_tables, "OPEN_TABLES"); open_table_rows(ctx, st, ts); break;
    case SH_SLAVE_STATUS:
        if (st->full) {   /* ALL SLAVES: the connection's name and state first, more at the end */
            enum { NS = sizeof slave / sizeof slave[0] };
            static const ex_colspec head[] = { { "Connection_name", 253, 768, 1, NULL },
                { "Slave_SQL_State", 253, 120, 1, NULL } };
            static const ex_colspec tail[] = { { "Retried_transactions", 3, 10, 161, NULL },
                { "Max_relay_log_size", 8, 10, 161, NULL }, { "Executed_log_entries", 3, 10, 161, NULL },
                { "Slave_received_heartbeats", 3, 10, 161, NULL }, { "Slave_heartbeat_period", 5, 10, 161, NULL },
                { "Gtid_Slave_Pos", 253, 0, 1, NULL } };
            ex_colspec all[2 + NS + 6];
            memcpy(all, head, sizeof head);
            memcpy(all + 2, slave, sizeof slave);
            memcpy(all + 2 + NS, tail, sizeof tail);
            ex_textset_spec(ctx, ts, 2 + NS + 6, all, NULL);
            ex_slave_status_rows(ctx, ts, true);
            break;
        }
        ex_textset_spec(ctx, ts, (int)(sizeof slave / sizeof slave[0]), slave, NULL);
        ex_slave_status_rows(ctx, ts, false);
        break;
    default: ex_textset_spec(ctx, ts, (int)(sizeof slave / sizeof slave[0]), slave, NULL); break;
    }
    show_filter(ctx, st->show_where, ts);
    ex_textset_send(ctx, ts, r);
}

/* A column's EXTRA (SHOW COLUMNS, information_schema.COLUMNS): auto_increment, or ON
 * UPDATE with the column's precision as MariaDB shows it. */
const char *ex_column_extra(stor_arena *a, const stor_column *c)
{
    if (c->gen) return c->gen == STOR_GEN_STORED ? "STORED GENERATED" : "VIRTUAL GENERATED";
    if (c->auto_increment) return "auto_increment";
    if (!c->on_update_now) return "";
    if (c->scale <= 0) return "on update current_timestamp()";
    char *b = stor_arena_alloc(a, 40);
    snprintf(b, 40, "on update current_timestamp(%d)", c->scale);
    return b;
}

/* A database's tables and views sorted by name, as MariaDB lists them (t NULL: a view). */
typedef struct named_tab { const char *name; stor_table *t; } named_tab;

static int named_cmp(const void *a, const void *b)
{
    return strcmp(((const named_tab *)a)->name, ((const named_tab *)b)->name);
}

static named_tab *tables_and_views(ex_ctx *ctx, stor_db *d, uint32_t *n)
{
    *n = d->ntables + d->nviews;
    named_tab *v = stor_arena_alloc(ctx->a, (*n ? *n : 1) * sizeof *v);
    for (uint32_t i = 0; i < d->ntables; i++) v[i] = (named_tab){ d->tables[i]->name, d->tables[i] };
    for (uint32_t i = 0; i < d->nviews; i++) v[d->ntables + i] = (named_tab){ d->views[i]->name, NULL };
    qsort(v, *n, sizeof *v, named_cmp);
    return v;
}

/* The mysql schema's grant tables (infoschema.c), as tables_and_views lists a database's:
 * phpMyAdmin's user accounts page lists them to build its query. (user is a view in
 * MariaDB, over global_priv.) */
static named_tab *mysql_tabs(ex_ctx *ctx, uint32_t *n)
{
    named_tab *out = stor_arena_alloc(ctx->a, 16 * sizeof *out);
    static stor_table base;   /* (only tested for NULL: BASE TABLE) */
    *n = 0;
    for (const char *name; (name = ex_mysql_schema_name(*n)); (*n)++)
        out[*n] = (named_tab){ name, strcmp(name, "user") ? &base : NULL };
    return out;
}

/* A real mysql database (a restore's tables): its own, and the grant tables it does not
 * have as tables. */
static named_tab *with_mysql_tabs(ex_ctx *ctx, named_tab *own, uint32_t *n)
{
    uint32_t nv;
    named_tab *virt = mysql_tabs(ctx, &nv);
    named_tab *out = stor_arena_alloc(ctx->a, (*n + nv) * sizeof *out);
    memcpy(out, own, *n * sizeof *out);
    uint32_t k = *n;
    for (uint32_t i = 0; i < nv; i++) {
        bool have = false;
        for (uint32_t j = 0; j < *n && !have; j++) have = !strcmp(own[j].name, virt[i].name);
        if (!have) out[k++] = virt[i];
    }
    qsort(out, k, sizeof *out, named_cmp);
    *n = k;
    return out;
}

/* SHOW CREATE VIEW v (and SHOW CREATE TABLE of a view) */
static void show_create_view(ex_ctx *ctx, const char *db, const stor_viewdef *v, ex_result *r)
{
    ex_textset ts;
    static const ex_colspec spec[] = { { "View", 253, 256, 1, NULL }, { "Create View", 253, 4096, 1, NULL },
                                       { "character_set_client", 253, 128, 1, NULL }, { "collation_connection", 253, 256, 1, NULL } };
    ex_textset_spec(ctx, &ts, 4, spec, NULL);
    ex_view_info vi;
    ex_view_meta(v, &vi);
    pl_stmt *st = ex_view_parse(ctx, v);
    const char *body = ex_view_print(ctx, db, v, false);
    if (!body) {   /* as MariaDB: the text kept, and a warning that it no longer resolves */
        body = st ? stor_arena_strndup(ctx->a, st->view->body, st->view->body_len) : "";
        ex_warn(ctx, "Warning", 1356, "View '%s.%s' references invalid table(s) or column(s) or function(s) or definer/invoker of view lack rights to use them", db, v->name);
    }
    static const char *const alg[] = { "UNDEFINED", "MERGE", "TEMPTABLE" };
    size_t cap = strlen(body) + strlen(v->name) + strlen(db) + 900;
    char *text = stor_arena_alloc(ctx->a, cap);
    char name[400];
    if (strcmp(db, ctx->s->db)) snprintf(name, sizeof name, "`%s`.`%s`", db, v->name);
    else snprintf(name, sizeof name, "`%s`", v->name);
    snprintf(text, cap, "CREATE ALGORITHM=%s DEFINER=%s SQL SECURITY %s VIEW %s AS %s%s", alg[vi.algorithm], vi.definer,
             vi.invoker ? "INVOKER" : "DEFINER", name, body,
             st && st->view->check == 2 ? " WITH LOCAL CHECK OPTION" : st && st->view->check == 1 ? " WITH CASCADED CHECK OPTION" : "");
    const pdb_collation *cl = pdb_coll_by_id(vi.client), *cc = pdb_coll_by_id(vi.connection);
    const char *vals[4] = { v->name, text, cl ? cl->charset : "utf8mb4", cc ? cc->name : "utf8mb4_general_ci" };
    ex_textset_add(ctx, &ts, vals);
    ex_textset_send(ctx, &ts, r);
}

/* The SHOW statements MariaDB answers by reading an information_schema table whole
 * (SERVER_QUERY_NO_INDEX_USED in their last packet). */
static bool show_reads_whole(const pl_stmt *st)
{
    if (st->kind == S_DESCRIBE) return true;
    switch (st->show) {
    case SH_TABLES: case SH_DATABASES: case SH_COLUMNS: case SH_INDEX: case SH_VARIABLES: case SH_COLLATION:
    case SH_CHARSET: case SH_TABLE_STATUS: case SH_ENGINES: case SH_OPEN_TABLES: case SH_TRIGGERS: case SH_PLUGINS:
    case SH_FUNC_STATUS: case SH_PROC_STATUS:
        return true;
    default:
        return false;
    }
}

void ex_show(ex_ctx *ctx, pl_stmt *st, ex_result *r)
{
    ex_textset ts;
    if (ctx->stmt && show_reads_whole(st)) ctx->stmt->no_index_used = true;
    const stor_viewdef *view = NULL;
    if (st->kind == S_DESCRIBE || st->show == SH_COLUMNS || st->show == SH_CREATE_TABLE || st->show == SH_CREATE_VIEW) {
        const char *vdb = ex_cur_db(ctx, st->db);
        view = ex_view_find(ctx, vdb, st->table);
        if (view && st->show == SH_CREATE_TABLE && st->kind != S_DESCRIBE) { show_create_view(ctx, vdb, view, r); return; }
        if (st->show == SH_CREATE_VIEW && st->kind != S_DESCRIBE) {
            if (!view) {
                if (stor_table_peek(vdb, st->table)) ex_raise(ctx, 1347, "HY000", "'%s.%s' is not of type 'VIEW'", vdb, st->table);
                ex_raise(ctx, 1146, "42S02", "Table '%s.%s' doesn't exist", vdb, st->table);
            }
            show_create_view(ctx, vdb, view, r);
            return;
        }
        if (view) {
            stor_table *t = ex_view_table(ctx, vdb, view);
            if (st->kind == S_DESCRIBE) describe(ctx, t, false, st->like, NULL, r);
            else describe(ctx, t, st->full, st->like, st->show_where, r);
            return;
        }
    }
    if (st->kind == S_DESCRIBE) {
        stor_table *t = ex_table_def(ctx, st->db, st->table);
        describe(ctx, t, false, st->like, NULL, r);
        return;
    }
    switch (st->show) {
    case SH_COLUMNS: describe(ctx, ex_table_def(ctx, st->db, st->table), st->full, st->like, st->show_where, r); return;
    case SH_INDEX: show_index(ctx, ex_table_def(ctx, st->db, st->table), st->show_where, r); return;
    case SH_TABLES: {
        const char *db = st->from_db ? st->from_db : ex_cur_db(ctx, NULL);
        stor_db *d = stor_db_find(db);
        if (!d && strcmp(db, "mysql")) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", db);
        char col[200];
        if (st->like) snprintf(col, sizeof col, "Tables_in_%s (%s)", db, st->like);
        else snprintf(col, sizeof col, "Tables_in_%s", db);
        ex_colspec spec[2] = { { stor_arena_strndup(ctx->a, col, strlen(col)), 253, 292, 4097, "TABLE_NAME" },
                               { "Table_type", 253, 256, 4097, "TABLE_TYPE" } };
        ex_textset_spec(ctx, &ts, st->full ? 2 : 1, spec, "TABLE_NAMES");
        uint32_t n = 0;
        named_tab *tabs = d ? tables_and_views(ctx, d, &n) : mysql_tabs(ctx, &n);
        if (d && !strcmp(db, "mysql")) tabs = with_mysql_tabs(ctx, tabs, &n);
        for (uint32_t i = 0; i < n; i++) {
            if (!show_match(ctx, st, tabs[i].name)) continue;
            if (!ex_privs_table_visible(ctx->s, db, tabs[i].name)) continue;
            const char *vals[2] = { tabs[i].name, !tabs[i].t ? "VIEW" : tabs[i].t->sequence ? "SEQUENCE" : "BASE TABLE" };
            ex_textset_add(ctx, &ts, vals);
        }
        show_filter(ctx, st->show_where, &ts);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_DATABASES: {
        ex_colspec spec[1] = { { "Database", 253, 256, 4097, "SCHEMA_NAME" } };
        if (st->like) { char *c = stor_arena_alloc(ctx->a, strlen(st->like) + 16); sprintf(c, "Database (%s)", st->like); spec[0].name = c; }
        ex_textset_spec(ctx, &ts, 1, spec, "SCHEMATA");
        uint32_t n;
        stor_db **dbs = stor_db_list(&n);
        const char *sys[] = { "information_schema" };
        bool sys_done = false;
        for (uint32_t i = 0; i <= n; i++) {
            if (!sys_done && (i == n || strcmp(dbs[i]->name, sys[0]) > 0)) {
                sys_done = true;
                if (show_match(ctx, st, sys[0])) { const char *v[1] = { sys[0] }; ex_textset_add(ctx, &ts, v); }
            }
            if (i == n) break;
            if (!show_match(ctx, st, dbs[i]->name)) continue;
            if (!ex_privs_db_visible(ctx->s, dbs[i]->name)) continue;
            const char *v[1] = { dbs[i]->name };
            ex_textset_add(ctx, &ts, v);
        }
        show_filter(ctx, st->show_where, &ts);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_CREATE_TABLE: {
        stor_table *t = ex_table_def(ctx, st->db, st->table);
        static const ex_colspec spec[] = { { "Table", 253, 256, 1, NULL }, { "Create Table", 253, 4096, 1, NULL } };
        ex_textset_spec(ctx, &ts, 2, spec, NULL);
        const char *vals[2] = { t->name, show_create(ctx, t) };
        ex_textset_add(ctx, &ts, vals);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_CREATE_SEQUENCE: {
        const char *text = ex_seq_show_create(ctx, st->db, st->table);
        static const ex_colspec spec[] = { { "Table", 253, 256, 1, NULL }, { "Create Table", 253, 4096, 1, NULL } };
        ex_textset_spec(ctx, &ts, 2, spec, NULL);
        const char *vals[2] = { st->table, text };
        ex_textset_add(ctx, &ts, vals);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_CREATE_DATABASE: {
        /* information_schema has no stor_db but MariaDB shows it (Adminer asks for every
         * database's collation this way) */
        bool info = !strcasecmp(st->table, "information_schema");
        stor_db *d = info ? NULL : stor_db_find(st->table);
        if (!d && !info) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", st->table);
        static const ex_colspec spec[] = { { "Database", 253, 256, 1, NULL }, { "Create Database", 253, 4096, 1, NULL } };
        ex_textset_spec(ctx, &ts, 2, spec, NULL);
        const pdb_collation *c = info ? pdb_coll_by_id(COLL_UTF8MB3_GENERAL_CI) : pdb_coll_by_id(d->coll);
        if (!c) c = pdb_coll_by_id(COLL_UTF8MB4_GENERAL_CI);
        const char *name = info ? "information_schema" : d->name;
        char buf[400];   /* (the Database column as asked, the statement in lower case) */
        /* (MariaDB 10.11 names the collation even when it is its character set's default) */
        snprintf(buf, sizeof buf, "CREATE DATABASE %s`%s` /*!40100 DEFAULT CHARACTER SET %s COLLATE %s */",
                 st->if_not_exists ? "/*!32312 IF NOT EXISTS*/ " : "", name, c->charset, c->name);
        const char *vals[2] = { info ? st->table : name, stor_arena_strndup(ctx->a, buf, strlen(buf)) };
        ex_textset_add(ctx, &ts, vals);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_VARIABLES: case SH_STATUS: {
        static const ex_colspec spec[] = { { "Variable_name", 253, 256, 4097, "VARIABLE_NAME" }, { "Value", 253, 16384, 4097, "VARIABLE_VALUE" } };
        ex_textset_spec(ctx, &ts, 2, spec, st->show == SH_VARIABLES ? "SESSION_VARIABLES" : "SESSION_STATUS");
        if (st->global) for (int i = 0; i < 2; i++) { ts.tables[i] = ts.org_tables[i] = st->show == SH_VARIABLES ? "GLOBAL_VARIABLES" : "GLOBAL_STATUS"; }
        if (st->show == SH_VARIABLES) {
            varlist v = { ctx, &ts, st };
            ex_sysvar_list(ctx->s, st->global, var_cb, &v, ctx->a);
        } else {
            ex_status_rows(ctx, st->global, var_cb, &(varlist){ ctx, &ts, st });
        }
        show_filter(ctx, st->show_where, &ts);
        if (st->show == SH_STATUS) ex_status_shown(ctx->s, ts.rows.nrows);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_WARNINGS: case SH_ERRORS: {
        static const ex_colspec spec[] = { { "Level", 253, 28, 1, NULL }, { "Code", 3, 4, 161, NULL }, { "Message", 253, 2048, 1, NULL } };
        ex_textset_spec(ctx, &ts, 3, spec, NULL);
        for (uint32_t i = 0; i < ctx->s->nwarnings; i++) {
            pdb_warning *w = &ctx->s->warnings[i];
            if (st->show == SH_ERRORS && strcmp(w->level, "Error")) continue;
            char code[8];
            snprintf(code, sizeof code, "%u", w->code);
            const char *vals[3] = { w->level, code, w->msg };
            ex_textset_add(ctx, &ts, vals);
        }
        /* the list's own end packet counts no warnings (they stay for the next SHOW) */
        uint32_t wc = ctx->s->warn_count;
        ctx->s->warn_count = 0;
        ex_textset_send(ctx, &ts, r);
        ctx->s->warn_count = wc;
        return;
    }
    case SH_COUNT_WARNINGS: case SH_COUNT_ERRORS: {
        char nm[40];
        snprintf(nm, sizeof nm, "@@session.%s_count", st->show == SH_COUNT_WARNINGS ? "warning" : "error");
        const char *names[1] = { stor_arena_strndup(ctx->a, nm, strlen(nm)) };
        ex_textset_init(ctx, &ts, 1, names);
        set_int_col(&ts, 0, 21);
        uint32_t n = 0;
        for (uint32_t i = 0; i < ctx->s->nwarnings; i++) if (st->show == SH_COUNT_WARNINGS || !strcmp(ctx->s->warnings[i].level, "Error")) n++;
        char v[16];
        snprintf(v, sizeof v, "%u", st->show == SH_COUNT_WARNINGS ? ctx->s->nwarnings : n);
        const char *vals[1] = { v };
        ex_textset_add(ctx, &ts, vals);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_ENGINES: {
        static const ex_colspec spec[] = { { "Engine", 253, 256, 4097, "ENGINE" }, { "Support", 253, 32, 4097, "SUPPORT" },
            { "Comment", 253, 640, 4097, "COMMENT" }, { "Transactions", 253, 12, 4096, "TRANSACTIONS" },
            { "XA", 253, 12, 4096, "XA" }, { "Savepoints", 253, 12, 4096, "SAVEPOINTS" } };
        ex_textset_spec(ctx, &ts, 6, spec, "ENGINES");
        const char *rows[][6] = {
            { "InnoDB", "DEFAULT", "pressdb in-memory engine with a write-ahead log (tables declared InnoDB)", "YES", "NO", "YES" },
            { "MyISAM", "YES", "Accepted and stored by the pressdb engine", "YES", "NO", "YES" },
            { "Aria", "YES", "Accepted and stored by the pressdb engine", "YES", "NO", "YES" },
            { "MEMORY", "YES", "Accepted and stored by the pressdb engine", "YES", "NO", "YES" },
        };
        for (size_t i = 0; i < 4; i++) ex_textset_add(ctx, &ts, rows[i]);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_ENGINE_STATUS: case SH_ENGINE_MUTEX: case SH_ENGINE_LOGS: {
        /* InnoDB's report for STATUS; MUTEX and LOGS, and the other engines SHOW ENGINES
           lists, answer no rows (as MariaDB 10.11's); an unknown engine is 1286 */
        static const char *const known[] = { "InnoDB", "MyISAM", "Aria", "MEMORY" };
        bool found = false, innodb = !strcasecmp(st->table, "InnoDB");
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) found |= !strcasecmp(st->table, known[i]);
        if (!found) ex_raise(ctx, 1286, "42000", "Unknown storage engine '%s'", st->table);
        static const ex_colspec spec[] = { { "Type", 253, 40, 1, NULL }, { "Name", 253, 2048, 1, NULL },
                                           { "Status", 253, 40, 1, NULL } };
        ex_textset_spec(ctx, &ts, 3, spec, NULL);
        if (innodb && st->show == SH_ENGINE_STATUS) {
            const char *row[3] = { "InnoDB", "", ex_status_innodb(ctx) };
            ex_textset_add(ctx, &ts, row);
        }
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_PROCESSLIST: {
        static const ex_colspec spec[] = { { "Id", 8, 11, 129, NULL }, { "User", 253, 512, 1, NULL }, { "Host", 253, 256, 1, NULL },
            { "db", 253, 256, 0, NULL }, { "Command", 253, 64, 1, NULL }, { "Time", 3, 7, 129, NULL },
            { "State", 253, 120, 0, NULL }, { "Info", 253, 400, 0, NULL }, { "Progress", 5, 7, 129, NULL } };
        ex_textset_spec(ctx, &ts, 9, spec, NULL);
        size_t n;
        pdb_proc *pl = ex_processlist(ctx, &n);
        for (size_t i = 0; i < n; i++) {
            pdb_proc *p = &pl[i];
            bool self = p->id == ctx->s->conn_id;
            char id[16], tm[16];
            snprintf(id, sizeof id, "%u", p->id);
            snprintf(tm, sizeof tm, "%u", self ? 0 : p->time);
            const char *state = self ? "starting" : !strcmp(p->command, "Connect") ? "Reading from net" : "";
            const char *vals[9] = { id, p->user, p->host, p->db[0] ? p->db : NULL, self ? "Query" : p->command, tm, state,
                                    p->has_info ? p->info : NULL, "0.000" };
            ex_textset_add(ctx, &ts, vals);
        }
        free(pl);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_GRANTS: ex_show_grants(ctx, st, r); return;
    case SH_CREATE_USER: ex_show_create_user(ctx, st, r); return;
    case SH_TABLE_STATUS: {
        static const ex_colspec spec[] = {
            { "Name", 253, 256, 4097, "TABLE_NAME" }, { "Engine", 253, 256, 4096, "ENGINE" }, { "Version", 8, 21, 4128, "VERSION" },
            { "Row_format", 253, 40, 4096, "ROW_FORMAT" }, { "Rows", 8, 21, 4128, "TABLE_ROWS" },
            { "Avg_row_length", 8, 21, 4128, "AVG_ROW_LENGTH" }, { "Data_length", 8, 21, 4128, "DATA_LENGTH" },
            { "Max_data_length", 8, 21, 4128, "MAX_DATA_LENGTH" }, { "Index_length", 8, 21, 4128, "INDEX_LENGTH" },
            { "Data_free", 8, 21, 4128, "DATA_FREE" }, { "Auto_increment", 8, 21, 4128, "AUTO_INCREMENT" },
            { "Create_time", 12, 19, 4224, "CREATE_TIME" }, { "Update_time", 12, 19, 4224, "UPDATE_TIME" },
            { "Check_time", 12, 19, 4224, "CHECK_TIME" }, { "Collation", 253, 256, 4096, "TABLE_COLLATION" },
            { "Checksum", 8, 21, 4128, "CHECKSUM" }, { "Create_options", 253, 8192, 4096, "CREATE_OPTIONS" },
            { "Comment", 253, 8192, 4097, "TABLE_COMMENT" }, { "Max_index_length", 8, 21, 4128, "MAX_INDEX_LENGTH" },
            { "Temporary", 253, 4, 4096, "TEMPORARY" } };
        const char *db = st->from_db ? st->from_db : ex_cur_db(ctx, NULL);
        stor_db *d = stor_db_find(db);
        if (!d) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", db);
        ex_textset_spec(ctx, &ts, 20, spec, "TABLES");
        uint32_t n;
        named_tab *tabs = tables_and_views(ctx, d, &n);
        for (uint32_t i = 0; i < n; i++) {
            stor_table *t = tabs[i].t;
            if (!t) {
                if (!show_match(ctx, st, tabs[i].name) || !ex_privs_table_visible(ctx->s, db, tabs[i].name)) continue;
                const char *vals[20] = { tabs[i].name, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                                         NULL, NULL, NULL, NULL, NULL, NULL, NULL, "VIEW", NULL, NULL };
                ex_textset_add(ctx, &ts, vals);
                continue;
            }
            if (!show_match(ctx, st, t->name)) continue;
            if (!ex_privs_table_visible(ctx->s, t->db, t->name)) continue;
            char rows[24], ai[24];
            snprintf(rows, sizeof rows, "%u", t->nlive);
            snprintf(ai, sizeof ai, "%llu", (unsigned long long)t->auto_inc);
            bool has_ai = false;
            for (uint32_t c = 0; c < t->ncols; c++) if (t->cols[c].auto_increment) has_ai = true;
            const pdb_collation *co = pdb_coll_by_id(t->coll);
            uint64_t dl, il, al;
            ex_table_sizes(t, &dl, &il, &al);
            char dls[24], ils[24], als[24], upd[24];
            snprintf(dls, sizeof dls, "%llu", (unsigned long long)dl);
            snprintf(ils, sizeof ils, "%llu", (unsigned long long)il);
            snprintf(als, sizeof als, "%llu", (unsigned long long)al);
            struct tm tm;
            bool has_upd = ex_table_update_tm(t, &tm);
            if (has_upd) strftime(upd, sizeof upd, "%Y-%m-%d %H:%M:%S", &tm);
            const char *vals[20] = { t->name, t->engine, "10", t->row_format ? t->row_format : "Dynamic", rows, als, dls, "0", ils, "0",
                                     has_ai ? ai : NULL, NULL, has_upd ? upd : NULL, NULL, co ? co->name : NULL, NULL, "",
                                     t->comment ? t->comment : "", "0", "N" };
            ex_textset_add(ctx, &ts, vals);
        }
        show_filter(ctx, st->show_where, &ts);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_COLLATION: case SH_CHARSET: {   /* (information_schema's COLLATIONS and CHARACTER_SETS say the same) */
        if (st->show == SH_COLLATION) {
            static const ex_colspec spec[] = { { "Collation", 253, 256, 4097, "COLLATION_NAME" }, { "Charset", 253, 128, 4096, "CHARACTER_SET_NAME" },
                { "Id", 8, 11, 4096, "ID" }, { "Default", 253, 12, 4096, "IS_DEFAULT" }, { "Compiled", 253, 12, 4097, "IS_COMPILED" },
                { "Sortlen", 8, 3, 4097, "SORTLEN" } };
            ex_textset_spec(ctx, &ts, 6, spec, "COLLATIONS");
            const pdb_collation **cl = stor_arena_alloc(ctx->a, 4096 * sizeof *cl);
            size_t ncl = ex_coll_list(cl, false);
            for (size_t i = 0; i < ncl; i++) {
                const pdb_collation *c = cl[i];
                if (!show_match(ctx, st, c->name)) continue;   /* (uca1400's: by utf8mb4's name, as MariaDB) */
                char idb[8], sl[8];
                snprintf(idb, sizeof idb, "%u", c->id);
                snprintf(sl, sizeof sl, "%u", c->sortlen);
                bool sh = ex_coll_shared(c);
                const char *vals[6] = { ex_coll_short_name(c), sh ? NULL : c->charset, sh ? NULL : idb,
                                        sh ? NULL : c->is_default ? "Yes" : "", "Yes", sl };
                ex_textset_add(ctx, &ts, vals);
            }
        } else {
            static const ex_colspec spec[] = { { "Charset", 253, 128, 4097, "CHARACTER_SET_NAME" }, { "Description", 253, 240, 4097, "DESCRIPTION" },
                { "Default collation", 253, 256, 4097, "DEFAULT_COLLATE_NAME" }, { "Maxlen", 8, 3, 4097, "MAXLEN" } };
            ex_textset_spec(ctx, &ts, 4, spec, "CHARACTER_SETS");
            const pdb_charset_info *ci;
            for (size_t i = 0; (ci = pdb_charset_at(i)); i++) {
                if (!show_match(ctx, st, ci->name)) continue;
                const pdb_collation *c = pdb_coll_by_id(ci->def_id);
                char ml[4];
                snprintf(ml, sizeof ml, "%u", ci->maxlen);
                const char *vals[4] = { ci->name, ci->desc, c ? c->name : "binary", ml };
                ex_textset_add(ctx, &ts, vals);
            }
        }
        show_filter(ctx, st->show_where, &ts);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_PROC_STATUS: case SH_FUNC_STATUS: case SH_EVENTS: case SH_TRIGGERS: {
        /* pressdb has no stored routines, packages, events or triggers: MariaDB's
         * columns, no rows (WHERE still resolves its column names) */
        static const ex_colspec routines[] = { { "Db", 253, 256, 1, NULL }, { "Name", 253, 256, 1, NULL }, { "Type", 253, 52, 1, NULL },
            { "Definer", 253, 1536, 1, NULL }, { "Modified", 12, 19, 129, NULL }, { "Created", 12, 19, 129, NULL },
            { "Security_type", 253, 28, 1, NULL }, { "Comment", 252, 786420, 17, NULL }, { "character_set_client", 253, 128, 1, NULL },
            { "collation_connection", 253, 256, 1, NULL }, { "Database Collation", 253, 256, 1, NULL } };
        static const ex_colspec events[] = { { "Db", 253, 256, 1, NULL }, { "Name", 253, 256, 1, NULL }, { "Definer", 253, 1536, 1, NULL },
            { "Time zone", 253, 256, 1, NULL }, { "Type", 253, 36, 1, NULL }, { "Execute at", 12, 19, 128, NULL },
            { "Interval value", 253, 1024, 0, NULL }, { "Interval field", 253, 72, 0, NULL }, { "Starts", 12, 19, 128, NULL },
            { "Ends", 12, 19, 128, NULL }, { "Status", 253, 72, 1, NULL }, { "Originator", 8, 10, 1, NULL },
            { "character_set_client", 253, 128, 1, NULL }, { "collation_connection", 253, 256, 1, NULL }, { "Database Collation", 253, 256, 1, NULL } };
        static const ex_colspec triggers[] = { { "Trigger", 253, 256, 1, NULL }, { "Event", 253, 24, 1, NULL }, { "Table", 253, 256, 1, NULL },
            { "Statement", 252, 786420, 17, NULL }, { "Timing", 253, 24, 1, NULL }, { "Created", 12, 22, 128, NULL },
            { "sql_mode", 253, 32768, 1, NULL }, { "Definer", 253, 1536, 0, NULL }, { "character_set_client", 253, 128, 1, NULL },
            { "collation_connection", 253, 256, 1, NULL }, { "Database Collation", 253, 256, 1, NULL } };
        if (st->show == SH_EVENTS) {
            ex_textset_spec(ctx, &ts, 15, events, NULL);
            const char *db = st->from_db ? st->from_db : ex_cur_db(ctx, NULL);
            ex_privs_need_db(ctx, db, STOR_PRIV_EVENT);   /* (MariaDB: 1044 without EVENT) */
            ex_evt_row *er;
            int n = ex_evt_list(ctx, db, &er);
            char origin[24];
            snprintf(origin, sizeof origin, "%u", stor_binlog_server_id());
            for (int i = 0; i < n; i++) {
                if (!show_match(ctx, st, er[i].name)) continue;
                const char *vals[15] = { er[i].db, er[i].name, er[i].definer, er[i].tz, er[i].every ? "RECURRING" : "ONE TIME",
                                         er[i].execute_at, er[i].interval_value, er[i].interval_field, er[i].starts, er[i].ends,
                                         er[i].status, origin, er[i].client, er[i].connection, er[i].dbcoll };
                ex_textset_add(ctx, &ts, vals);
            }
        } else if (st->show == SH_TRIGGERS) {
            ex_textset_spec(ctx, &ts, 11, triggers, NULL);
            const char *db = st->from_db ? st->from_db : ex_cur_db(ctx, NULL);
            if (!stor_db_find(db) && strcasecmp(db, "information_schema")) ex_raise(ctx, 1049, "42000", "Unknown database '%s'", db);
            ex_trg_row *tr;
            int n = ex_trg_list(ctx, db, &tr);
            for (int i = 0; i < n; i++) {
                if (!show_match(ctx, st, tr[i].table)) continue;
                const char *vals[11] = { tr[i].name, tr[i].event, tr[i].table, tr[i].statement, tr[i].timing, tr[i].created,
                                         tr[i].sql_mode, tr[i].definer, tr[i].client, tr[i].connection, tr[i].dbcoll };
                ex_textset_add(ctx, &ts, vals);
            }
        } else {
            ex_textset_spec(ctx, &ts, 11, routines, NULL);
            ex_rtn_row *rr;
            int n = st->num == 2 ? 0 : ex_rtn_list(ctx, NULL, st->show == SH_FUNC_STATUS, &rr);   /* (no packages) */
            for (int i = 0; i < n; i++) {
                if (!show_match(ctx, st, rr[i].name)) continue;
                const pl_routine *pr = rr[i].r;
                const char *vals[11] = { rr[i].db, rr[i].name, rr[i].function ? "FUNCTION" : "PROCEDURE", rr[i].definer,
                                         rr[i].modified, rr[i].created, pr->security == 2 ? "INVOKER" : "DEFINER",
                                         pr->comment ? pr->comment : "", rr[i].client, rr[i].connection, rr[i].dbcoll };
                ex_textset_add(ctx, &ts, vals);
            }
        }
        show_filter(ctx, st->show_where, &ts);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_CREATE_ROUTINE: {
        bool fn = st->num != 0;
        const char *db = ex_cur_db(ctx, st->db);
        ex_rtn_row *rr;
        int n = ex_rtn_list(ctx, db, fn, &rr), k = -1;
        for (int i = 0; i < n && k < 0; i++) if (!strcasecmp(rr[i].name, st->table)) k = i;
        if (k < 0) ex_raise(ctx, 1305, "42000", "%s %s does not exist", fn ? "FUNCTION" : "PROCEDURE", st->table);
        ex_colspec spec[] = { { fn ? "Function" : "Procedure", 253, 256, 1, NULL }, { "sql_mode", 253, 0, 1, NULL },
            { fn ? "Create Function" : "Create Procedure", 253, 4096, 0, NULL }, { "character_set_client", 253, 128, 1, NULL },
            { "collation_connection", 253, 256, 1, NULL }, { "Database Collation", 253, 128, 1, NULL } };
        spec[1].length = (uint32_t)strlen(rr[k].sql_mode) * 4;
        size_t cl = strlen(rr[k].create) * 4;
        if (cl > spec[2].length) spec[2].length = (uint32_t)cl;
        ex_textset_spec(ctx, &ts, 6, spec, NULL);
        const char *vals[6] = { rr[k].name, rr[k].sql_mode, rr[k].hidden ? NULL : rr[k].create, rr[k].client,
                                rr[k].connection, rr[k].dbcoll };
        ex_textset_add(ctx, &ts, vals);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_CREATE_EVENT: {
        const char *db = ex_cur_db(ctx, st->db);
        ex_privs_need_db(ctx, db, STOR_PRIV_EVENT);
        ex_evt_row *er;
        int n = ex_evt_list(ctx, db, &er), k = -1;
        for (int i = 0; i < n && k < 0; i++) if (!strcasecmp(er[i].name, st->table)) k = i;
        if (k < 0) ex_raise(ctx, 1539, "HY000", "Unknown event '%s'", st->table);
        ex_colspec spec[] = { { "Event", 253, 256, 1, NULL }, { "sql_mode", 253, 0, 1, NULL },
            { "time_zone", 253, 256, 1, NULL }, { "Create Event", 253, 4096, 1, NULL },
            { "character_set_client", 253, 128, 1, NULL }, { "collation_connection", 253, 256, 1, NULL },
            { "Database Collation", 253, 256, 1, NULL } };
        spec[1].length = (uint32_t)strlen(er[k].sql_mode) * 4;
        size_t cl = strlen(er[k].create) * 4;
        if (cl > spec[3].length) spec[3].length = (uint32_t)cl;
        ex_textset_spec(ctx, &ts, 7, spec, NULL);
        const char *vals[7] = { er[k].name, er[k].sql_mode, er[k].tz, er[k].create, er[k].client, er[k].connection, er[k].dbcoll };
        ex_textset_add(ctx, &ts, vals);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_CREATE_TRIGGER: {
        const char *db = ex_cur_db(ctx, st->db);
        ex_trg_row *tr;
        int n = ex_trg_list(ctx, db, &tr), k = -1;
        for (int i = 0; i < n && k < 0; i++) if (!strcmp(tr[i].name, st->table)) k = i;
        if (k < 0) ex_raise(ctx, 1360, "HY000", "Trigger does not exist");
        ex_colspec spec[] = { { "Trigger", 253, 768, 1, NULL }, { "sql_mode", 253, 0, 1, NULL },
            { "SQL Original Statement", 253, 4096, 0, NULL }, { "character_set_client", 253, 128, 1, NULL },
            { "collation_connection", 253, 256, 1, NULL }, { "Database Collation", 253, 256, 1, NULL },
            { "Created", 12, 22, 128, NULL } };
        spec[1].length = (uint32_t)strlen(tr[k].sql_mode) * 4;
        size_t cl = strlen(tr[k].create) * 4;
        if (cl > spec[2].length) spec[2].length = (uint32_t)cl;
        ex_textset_spec(ctx, &ts, 7, spec, NULL);
        const char *vals[7] = { tr[k].name, tr[k].sql_mode, tr[k].create, tr[k].client, tr[k].connection, tr[k].dbcoll,
                                tr[k].created };
        ex_textset_add(ctx, &ts, vals);
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_PLUGINS: case SH_OPEN_TABLES: case SH_MASTER_STATUS: case SH_SLAVE_STATUS: case SH_PRIVILEGES:
    case SH_BINLOG_EVENTS: case SH_RELAYLOG_EVENTS: case SH_PROFILES:
        show_server_lists(ctx, st, &ts, r);
        return;
    case SH_SLAVE_HOSTS: {   /* the registered replicas streaming the binary log */
        static const ex_colspec hosts[] = { { "Server_id", 3, 10, 161, NULL }, { "Host", 253, 180, 1, NULL },
            { "Port", 3, 7, 161, NULL }, { "Master_id", 3, 10, 161, NULL } };
        pdb_replica_host h[64];
        size_t n = ex_replica_hosts(h, 64);
        ex_textset_spec(ctx, &ts, 4, hosts, NULL);
        for (size_t i = 0; i < n; i++) {
            char sid[16], port[16], mid[16];
            snprintf(sid, sizeof sid, "%u", h[i].server_id);
            snprintf(port, sizeof port, "%u", h[i].port);
            snprintf(mid, sizeof mid, "%u", h[i].master_id);
            const char *row[4] = { sid, h[i].host, port, mid };
            ex_textset_add(ctx, &ts, row);
        }
        ex_textset_send(ctx, &ts, r);
        return;
    }
    case SH_BINARY_LOGS: {   /* (phpMyAdmin's status page asks) */
        if (!stor_binlog_on()) ex_raise(ctx, 1381, "HY000", "You are not using binary logging");
        static const ex_colspec logs[] = { { "Log_name", 253, 1020, 1, NULL }, { "File_size", 8, 20, 161, NULL } };
        stor_binlog_file files[256];
        uint32_t n = stor_binlog_files(files, 256);
        ex_textset_spec(ctx, &ts, 2, logs, NULL);
        for (uint32_t i = 0; i < n; i++) {
            char size[24];
            snprintf(size, sizeof size, "%llu", (unsigned long long)files[i].size);
            const char *row[2] = { files[i].name, size };
            ex_textset_add(ctx, &ts, row);
        }
        ex_textset_send(ctx, &ts, r);
        return;
    }
    default:
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'this SHOW statement'");
    }
}

/* CREATE TABLE text of a table, for snapshots (malloc'd). */
char *ex_table_ddl(const stor_table *t)
{
    ex_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    stor_arena a;
    stor_arena_init(&a);
    ctx.a = &a;
    char *sql = show_create(&ctx, (stor_table *)t);
    char *r = strdup(sql);
    stor_arena_free(&a);
    return r;
}
