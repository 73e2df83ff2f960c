/* infoschema.c - information_schema tables, materialised on demand from the catalog so
 * ordinary SELECTs (joins, WHERE, GROUP BY) work on them, and the mysql schema's grant
 * tables, likewise from the accounts. */
#include "engine/eng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The bytes of a charset's shortest character (ucs2, utf16: 2; utf32: 4; others 1). */
static uint64_t mb_min(uint16_t coll)
{
    int w = pdb_coll_wide(coll);
    return w == 32 ? 4 : w ? 2 : 1;
}

typedef struct isb {
    ex_ctx *ctx;
    ex_rows *rows;
    ex_type *types;
    const char **names;
    int ncols;
    pdb_value *cur;
    int k;
} isb;

/* Column kinds: S string (utf8mb3 varchar of n chars), C char(n), E enum or set, L
 * longtext (information_schema's), B longtext (a table's: LONG_BLOB), U bigint unsigned,
 * I bigint, i int, M decimal(12,6), D datetime, T timestamp. */
/* "YYYY-MM-DD hh:mm:ss" as a DATETIME */
static pdb_value time_value(const char *s)
{
    int y, mo, d, h, mi, sec;
    pdb_value v = { .t = VT_NULL };
    if (sscanf(s, "%d-%d-%d %d:%d:%d", &y, &mo, &d, &h, &mi, &sec) != 6) return v;
    v.t = VT_DATETIME;
    v.i = pdb_dt_pack(y, mo, d, h, mi, sec, 0);
    return v;
}

/* A table's Update_time: its last write since the server began serving (false before:
 * NULL as InnoDB's after a restart), in the server's time zone. */
bool ex_table_update_tm(const stor_table *t, struct tm *tm)
{
    time_t u = (time_t)t->update_time;
    return u && localtime_r(&u, tm);
}

static pdb_value update_value(const stor_table *t)
{
    pdb_value v = { .t = VT_NULL };
    struct tm tm;
    if (!ex_table_update_tm(t, &tm)) return v;
    v.t = VT_DATETIME;
    v.i = pdb_dt_pack(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, 0);
    return v;
}

/* information_schema.ROUTINES' type columns for a function's RETURNS (DATA_TYPE ..
 * DTD_IDENTIFIER) */
static void routine_type_cols(ex_ctx *ctx, isb *b, pl_coldef *d, const char *dtd);

/* "YYYY-MM-DD hh:mm:ss.cc" as a DATETIME(2) */
static pdb_value created_value(const char *s)
{
    int y, mo, d, h, mi, sec, cs;
    pdb_value v = { .t = VT_NULL };
    if (sscanf(s, "%d-%d-%d %d:%d:%d.%d", &y, &mo, &d, &h, &mi, &sec, &cs) != 7) return v;
    v.t = VT_DATETIME;
    v.i = pdb_dt_pack(y, mo, d, h, mi, sec, cs * 10000);
    v.scale = 2;
    return v;
}

/* ---- table sizes as InnoDB would report them ----
 * pressdb holds rows in column vectors, not pages; SHOW TABLE STATUS and TABLES give what
 * the same rows would take in InnoDB's pages (WordPress's Site Health and phpMyAdmin sum
 * DATA_LENGTH + INDEX_LENGTH as the database's size): a compact row is its columns'
 * stored bytes, a 5-byte header, the transaction id and roll pointer (13), a NULL bitmap,
 * a 6-byte row id without a primary key; pages of 16 KiB, the clustered index's filled
 * to 15/16 (rows come in key order), a secondary index's to 10/16 (its keys do not); a
 * segment past 32 pages grows by 64-page extents. Each secondary index holds its columns
 * and the primary key's per row. (The WordPress fixture: 64.6 MB where MariaDB says 75.) */
#define IS_PAGE 16384

static uint64_t is_fixed_bytes(const stor_column *c)
{
    switch (c->type) {
    case CT_TINYINT: case CT_YEAR: return 1;
    case CT_SMALLINT: return 2;
    case CT_MEDIUMINT: case CT_DATE: case CT_TIME: return 3;
    case CT_INT: case CT_FLOAT: case CT_TIMESTAMP: return 4;
    case CT_DATETIME: return 5 + (c->scale > 0 ? (uint64_t)(c->scale + 1) / 2 : 0);
    case CT_BIGINT: case CT_DOUBLE: return 8;
    case CT_DECIMAL: return c->width ? (c->width / 9) * 4 + ((c->width % 9) + 1) / 2 : 5;
    case CT_BIT: return c->width ? (c->width + 7) / 8 : 1;
    case CT_ENUM: return c->n_enum > 255 ? 2 : 1;
    case CT_SET: return c->n_enum ? (c->n_enum + 7) / 8 : 1;
    default: return 0;   /* (strings: their lengths) */
    }
}

/* The bytes column c takes over the table's live rows. */
static uint64_t is_col_bytes(const stor_table *t, const stor_column *c)
{
    uint64_t f = is_fixed_bytes(c);
    if (f || c->kind != CK_STR) return f * t->nlive;
    if (t->evicted) return c->ev_len + t->nlive + c->ev_long;   /* (its rows are on disk) */
    if (!c->code) return 0;
    uint64_t n = 0;
    for (uint32_t r = 0; r < t->nrows; r++)
        if (!stor_is_dead(t, r)) n += stor_slen(c, r) + (stor_slen(c, r) > 127 ? 2 : 1);
    return n;
}

static uint64_t is_pages(uint64_t bytes, uint64_t fill16)
{
    uint64_t pages = (bytes * 16 / fill16 + IS_PAGE - 1) / IS_PAGE;
    if (!pages) pages = 1;
    if (pages > 32) pages = (pages + 63) / 64 * 64;
    return pages * IS_PAGE;
}

void ex_table_sizes(const stor_table *t, uint64_t *data, uint64_t *index, uint64_t *avg)
{
    uint64_t *colb = malloc((size_t)(t->ncols ? t->ncols : 1) * sizeof *colb);
    uint64_t row = 18 + (t->ncols + 7) / 8, rows = 0;
    for (uint32_t c = 0; c < t->ncols; c++) rows += colb ? (colb[c] = is_col_bytes(t, &t->cols[c])) : 0;
    const stor_index *cx = stor_clustered(t);
    uint64_t pk = 0;
    if (cx && colb) for (uint32_t k = 0; k < cx->ncols; k++) pk += colb[cx->cols[k]];
    else { row += 6; pk = 6 * (uint64_t)t->nlive; }
    *data = is_pages(rows + row * t->nlive, 15);
    *index = 0;
    for (uint32_t i = 0; i < t->nidx; i++) {
        const stor_index *x = &t->idx[i];
        if (x == cx) continue;
        uint64_t b = 6 * (uint64_t)t->nlive + pk;
        for (uint32_t k = 0; k < x->ncols && colb && x->kind != IK_FULLTEXT; k++) b += colb[x->cols[k]];
        *index += is_pages(b, 10);
    }
    *avg = t->nlive ? *data / t->nlive : 0;
    free(colb);
}

static void col(isb *b, const char *name, char kind, uint32_t n)
{
    ex_type *t = &b->types[b->ncols];
    memset(t, 0, sizeof *t);
    t->from_column = true;
    t->nullable = true;
    switch (kind) {
    case 'S': t->vt = VT_STRING; t->ptype = MYSQL_TYPE_VAR_STRING; t->coll = COLL_UTF8MB3_GENERAL_CI; t->length = n * 3; break;
    case 'L': t->vt = VT_STRING; t->ptype = MYSQL_TYPE_BLOB; t->coll = COLL_UTF8MB3_GENERAL_CI; t->length = 4294967295u; t->flags = BLOB_FLAG; break;
    case 'U': t->vt = VT_UINT; t->ptype = MYSQL_TYPE_LONGLONG; t->coll = COLL_BINARY; t->length = 21; t->flags = UNSIGNED_FLAG; t->is_unsigned = true; break;
    case 'I': t->vt = VT_INT; t->ptype = MYSQL_TYPE_LONGLONG; t->coll = COLL_BINARY; t->length = n ? n : 21; break;
    case 'i': t->vt = VT_INT; t->ptype = MYSQL_TYPE_LONG; t->coll = COLL_BINARY; t->length = n ? n : 11; break;
    case 'C': t->vt = VT_STRING; t->ptype = MYSQL_TYPE_STRING; t->coll = COLL_UTF8MB3_GENERAL_CI; t->length = n * 3; break;
    case 'E': t->vt = VT_STRING; t->ptype = MYSQL_TYPE_STRING; t->coll = COLL_UTF8MB3_GENERAL_CI; t->length = n * 3; t->flags = ENUM_FLAG; break;
    case 'B': t->vt = VT_STRING; t->ptype = MYSQL_TYPE_LONG_BLOB; t->coll = COLL_UTF8MB4_GENERAL_CI; t->length = 4294967295u; t->flags = BLOB_FLAG; break;
    case 'X': t->vt = VT_STRING; t->ptype = MYSQL_TYPE_BLOB; t->coll = COLL_UTF8MB4_BIN; t->length = 4294967295u; t->flags = BLOB_FLAG; break;   /* a LONGTEXT table column */
    case 'T': t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_TIMESTAMP; t->coll = COLL_BINARY; t->length = 19; t->flags = BINARY_FLAG | TIMESTAMP_FLAG; break;
    case 'M': t->vt = VT_DECIMAL; t->ptype = MYSQL_TYPE_NEWDECIMAL; t->coll = COLL_BINARY; t->length = 14; t->decimals = 6; break;
    case 'D': t->vt = VT_DATETIME; t->ptype = MYSQL_TYPE_DATETIME; t->coll = COLL_BINARY; t->length = n ? 20 + n : 19; t->decimals = (uint8_t)n; t->flags = BINARY_FLAG; break;
    }
    b->names[b->ncols++] = name;
}

/* Column lists of information_schema tables pressdb keeps empty (no triggers, routines,
 * events, views, partitions or tablespace files), as MariaDB 10.11 declares them. */
typedef struct iscol { const char *name; char kind; uint32_t n; bool not_null; } iscol;
static const iscol is_events[] = {
    { "EVENT_CATALOG", 'S', 64, true },
    { "EVENT_SCHEMA", 'S', 64, true },
    { "EVENT_NAME", 'S', 64, true },
    { "DEFINER", 'S', 384, true },
    { "TIME_ZONE", 'S', 64, true },
    { "EVENT_BODY", 'S', 8, true },
    { "EVENT_DEFINITION", 'L', 0, true },
    { "EVENT_TYPE", 'S', 9, true },
    { "EXECUTE_AT", 'D', 0, false },
    { "INTERVAL_VALUE", 'S', 256, false },
    { "INTERVAL_FIELD", 'S', 18, false },
    { "SQL_MODE", 'S', 8192, true },
    { "STARTS", 'D', 0, false },
    { "ENDS", 'D', 0, false },
    { "STATUS", 'S', 18, true },
    { "ON_COMPLETION", 'S', 12, true },
    { "CREATED", 'D', 0, true },
    { "LAST_ALTERED", 'D', 0, true },
    { "LAST_EXECUTED", 'D', 0, false },
    { "EVENT_COMMENT", 'S', 64, true },
    { "ORIGINATOR", 'I', 10, true },
    { "CHARACTER_SET_CLIENT", 'S', 32, true },
    { "COLLATION_CONNECTION", 'S', 64, true },
    { "DATABASE_COLLATION", 'S', 64, true },
    { NULL, 0, 0, false } };
static const iscol is_files[] = {
    { "FILE_ID", 'I', 4, true },
    { "FILE_NAME", 'S', 512, false },
    { "FILE_TYPE", 'S', 20, true },
    { "TABLESPACE_NAME", 'S', 64, false },
    { "TABLE_CATALOG", 'S', 64, true },
    { "TABLE_SCHEMA", 'S', 64, false },
    { "TABLE_NAME", 'S', 64, false },
    { "LOGFILE_GROUP_NAME", 'S', 64, false },
    { "LOGFILE_GROUP_NUMBER", 'I', 4, false },
    { "ENGINE", 'S', 64, true },
    { "FULLTEXT_KEYS", 'S', 64, false },
    { "DELETED_ROWS", 'I', 4, false },
    { "UPDATE_COUNT", 'I', 4, false },
    { "FREE_EXTENTS", 'I', 4, false },
    { "TOTAL_EXTENTS", 'I', 4, false },
    { "EXTENT_SIZE", 'I', 4, true },
    { "INITIAL_SIZE", 'U', 0, false },
    { "MAXIMUM_SIZE", 'U', 0, false },
    { "AUTOEXTEND_SIZE", 'U', 0, false },
    { "CREATION_TIME", 'D', 0, false },
    { "LAST_UPDATE_TIME", 'D', 0, false },
    { "LAST_ACCESS_TIME", 'D', 0, false },
    { "RECOVER_TIME", 'I', 4, false },
    { "TRANSACTION_COUNTER", 'I', 4, false },
    { "VERSION", 'U', 0, false },
    { "ROW_FORMAT", 'S', 10, false },
    { "TABLE_ROWS", 'U', 0, false },
    { "AVG_ROW_LENGTH", 'U', 0, false },
    { "DATA_LENGTH", 'U', 0, false },
    { "MAX_DATA_LENGTH", 'U', 0, false },
    { "INDEX_LENGTH", 'U', 0, false },
    { "DATA_FREE", 'U', 0, false },
    { "CREATE_TIME", 'D', 0, false },
    { "UPDATE_TIME", 'D', 0, false },
    { "CHECK_TIME", 'D', 0, false },
    { "CHECKSUM", 'U', 0, false },
    { "STATUS", 'S', 20, true },
    { "EXTRA", 'S', 255, false },
    { NULL, 0, 0, false } };
static const iscol is_partitions[] = {
    { "TABLE_CATALOG", 'S', 512, true },
    { "TABLE_SCHEMA", 'S', 64, true },
    { "TABLE_NAME", 'S', 64, true },
    { "PARTITION_NAME", 'S', 64, false },
    { "SUBPARTITION_NAME", 'S', 64, false },
    { "PARTITION_ORDINAL_POSITION", 'U', 0, false },
    { "SUBPARTITION_ORDINAL_POSITION", 'U', 0, false },
    { "PARTITION_METHOD", 'S', 18, false },
    { "SUBPARTITION_METHOD", 'S', 12, false },
    { "PARTITION_EXPRESSION", 'L', 0, false },
    { "SUBPARTITION_EXPRESSION", 'L', 0, false },
    { "PARTITION_DESCRIPTION", 'L', 0, false },
    { "TABLE_ROWS", 'U', 0, true },
    { "AVG_ROW_LENGTH", 'U', 0, true },
    { "DATA_LENGTH", 'U', 0, true },
    { "MAX_DATA_LENGTH", 'U', 0, false },
    { "INDEX_LENGTH", 'U', 0, true },
    { "DATA_FREE", 'U', 0, true },
    { "CREATE_TIME", 'D', 0, false },
    { "UPDATE_TIME", 'D', 0, false },
    { "CHECK_TIME", 'D', 0, false },
    { "CHECKSUM", 'U', 0, false },
    { "PARTITION_COMMENT", 'S', 80, true },
    { "NODEGROUP", 'S', 12, true },
    { "TABLESPACE_NAME", 'S', 64, false },
    { NULL, 0, 0, false } };
static const iscol is_routines[] = {
    { "SPECIFIC_NAME", 'S', 64, true },
    { "ROUTINE_CATALOG", 'S', 512, true },
    { "ROUTINE_SCHEMA", 'S', 64, true },
    { "ROUTINE_NAME", 'S', 64, true },
    { "ROUTINE_TYPE", 'S', 13, true },
    { "DATA_TYPE", 'S', 64, true },
    { "CHARACTER_MAXIMUM_LENGTH", 'i', 21, false },
    { "CHARACTER_OCTET_LENGTH", 'i', 21, false },
    { "NUMERIC_PRECISION", 'i', 21, false },
    { "NUMERIC_SCALE", 'i', 21, false },
    { "DATETIME_PRECISION", 'U', 0, false },
    { "CHARACTER_SET_NAME", 'S', 64, false },
    { "COLLATION_NAME", 'S', 64, false },
    { "DTD_IDENTIFIER", 'L', 0, false },
    { "ROUTINE_BODY", 'S', 8, true },
    { "ROUTINE_DEFINITION", 'L', 0, false },
    { "EXTERNAL_NAME", 'S', 64, false },
    { "EXTERNAL_LANGUAGE", 'S', 64, false },
    { "PARAMETER_STYLE", 'S', 8, true },
    { "IS_DETERMINISTIC", 'S', 3, true },
    { "SQL_DATA_ACCESS", 'S', 64, true },
    { "SQL_PATH", 'S', 64, false },
    { "SECURITY_TYPE", 'S', 7, true },
    { "CREATED", 'D', 0, true },
    { "LAST_ALTERED", 'D', 0, true },
    { "SQL_MODE", 'S', 8192, true },
    { "ROUTINE_COMMENT", 'L', 0, true },
    { "DEFINER", 'S', 384, true },
    { "CHARACTER_SET_CLIENT", 'S', 32, true },
    { "COLLATION_CONNECTION", 'S', 64, true },
    { "DATABASE_COLLATION", 'S', 64, true },
    { NULL, 0, 0, false } };
static const iscol is_triggers[] = {
    { "TRIGGER_CATALOG", 'S', 512, true },
    { "TRIGGER_SCHEMA", 'S', 64, true },
    { "TRIGGER_NAME", 'S', 64, true },
    { "EVENT_MANIPULATION", 'S', 6, true },
    { "EVENT_OBJECT_CATALOG", 'S', 512, true },
    { "EVENT_OBJECT_SCHEMA", 'S', 64, true },
    { "EVENT_OBJECT_TABLE", 'S', 64, true },
    { "ACTION_ORDER", 'I', 4, true },
    { "ACTION_CONDITION", 'L', 0, false },
    { "ACTION_STATEMENT", 'L', 0, false },
    { "ACTION_ORIENTATION", 'S', 9, true },
    { "ACTION_TIMING", 'S', 6, true },
    { "ACTION_REFERENCE_OLD_TABLE", 'S', 64, false },
    { "ACTION_REFERENCE_NEW_TABLE", 'S', 64, false },
    { "ACTION_REFERENCE_OLD_ROW", 'S', 3, true },
    { "ACTION_REFERENCE_NEW_ROW", 'S', 3, true },
    { "CREATED", 'D', 2, false },
    { "SQL_MODE", 'S', 8192, true },
    { "DEFINER", 'S', 384, false },
    { "CHARACTER_SET_CLIENT", 'S', 32, true },
    { "COLLATION_CONNECTION", 'S', 64, true },
    { "DATABASE_COLLATION", 'S', 64, true },
    { NULL, 0, 0, false } };
static const iscol is_views[] = {
    { "TABLE_CATALOG", 'S', 512, true },
    { "TABLE_SCHEMA", 'S', 64, true },
    { "TABLE_NAME", 'S', 64, true },
    { "VIEW_DEFINITION", 'L', 0, true },
    { "CHECK_OPTION", 'S', 8, true },
    { "IS_UPDATABLE", 'S', 3, true },
    { "DEFINER", 'S', 384, true },
    { "SECURITY_TYPE", 'S', 7, true },
    { "CHARACTER_SET_CLIENT", 'S', 32, true },
    { "COLLATION_CONNECTION", 'S', 64, true },
    { "ALGORITHM", 'S', 10, true },
    { NULL, 0, 0, false } };

static const iscol is_plugins[] = {
    { "PLUGIN_NAME", 'S', 64, true }, { "PLUGIN_VERSION", 'S', 20, true }, { "PLUGIN_STATUS", 'S', 16, true },
    { "PLUGIN_TYPE", 'S', 80, true }, { "PLUGIN_TYPE_VERSION", 'S', 20, true }, { "PLUGIN_LIBRARY", 'S', 64, false },
    { "PLUGIN_LIBRARY_VERSION", 'S', 20, false }, { "PLUGIN_AUTHOR", 'S', 64, false },
    { "PLUGIN_DESCRIPTION", 'L', 0, false }, { "PLUGIN_LICENSE", 'S', 80, true }, { "LOAD_OPTION", 'S', 64, true },
    { "PLUGIN_MATURITY", 'S', 12, true }, { "PLUGIN_AUTH_VERSION", 'S', 80, false }, { NULL, 0, 0, false } };

static void cols_from(isb *b, const iscol *c)
{
    for (; c->name; c++) {
        col(b, c->name, c->kind, c->n);
        if (c->not_null) { b->types[b->ncols - 1].nullable = false; b->types[b->ncols - 1].flags |= NOT_NULL_FLAG; }
    }
}

static void begin_row(isb *b) { b->cur = stor_arena_alloc(b->ctx->a, (size_t)b->ncols * sizeof(pdb_value)); b->k = 0; }
static void vs(isb *b, const char *s)
{
    b->cur[b->k++] = s ? ex_str(s, strlen(s), COLL_UTF8MB3_GENERAL_CI) : ex_null();
}
static void vu(isb *b, uint64_t u) { pdb_value v = ex_int(0); v.t = VT_UINT; v.u = u; b->cur[b->k++] = v; }
static void vn(isb *b) { b->cur[b->k++] = ex_null(); }
static void end_row(isb *b) { ex_rows_push(b->ctx->a, b->rows, b->cur); }

static const char *type_name(stor_arena *a, const stor_column *c)
{
    char *full = ex_column_type_sql(a, c);
    char *p = strchr(full, '(');
    char *sp = strchr(full, ' ');
    if (p && (!sp || p < sp)) *p = 0;
    else if (sp) *sp = 0;
    return full;
}

static void var_row(void *c, const char *n, const char *v)
{
    isb *bb = c;
    char up[128];
    size_t i;
    for (i = 0; n[i] && i < sizeof up - 1; i++) up[i] = (char)(n[i] >= 'a' && n[i] <= 'z' ? n[i] - 32 : n[i]);
    up[i] = 0;
    begin_row(bb);
    vs(bb, stor_arena_strndup(bb->ctx->a, up, i));
    vs(bb, stor_arena_strndup(bb->ctx->a, v, strlen(v)));
    end_row(bb);
}

/* information_schema.COLUMNS' row for column c of t (a table, or a view's columns) */
static void column_row(isb *bp, ex_ctx *ctx, const stor_table *t, uint32_t c)
{
    isb b = *bp;
    const stor_column *cl = &t->cols[c];
    if (!ex_privs_column_visible(ctx->s, t, cl->name)) return;
    const char *privs = ex_privs_column_names(ctx, t, cl->name);
    begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, t->name); vs(&b, cl->name); vu(&b, c + 1);
    vs(&b, cl->gen ? "NULL" : cl->default_sql ? cl->default_sql : NULL);   /* (MariaDB's text for a generated one) */
    vs(&b, cl->not_null ? "NO" : "YES"); vs(&b, type_name(ctx->a, cl));
    const pdb_collation *co = cl->kind == CK_STR ? pdb_coll_by_id(cl->coll) : NULL;
    if (cl->kind == CK_STR && cl->type != CT_BIT && !cl->geom) {
        uint64_t chars = cl->type == CT_TINYTEXT || cl->type == CT_TINYBLOB ? 255 : cl->type == CT_TEXT || cl->type == CT_BLOB ? 65535 :
                         cl->type == CT_MEDIUMTEXT || cl->type == CT_MEDIUMBLOB ? 16777215 : cl->type == CT_LONGTEXT || cl->type == CT_LONGBLOB ? 4294967295u : cl->width;
        /* a TEXT's maximum length is its bytes in both columns (MariaDB 10.11), in
           characters of ucs2/utf16/utf32 its bytes over their shortest character's */
        if (cl->type >= CT_TINYTEXT && cl->type <= CT_LONGBLOB) { vu(&b, chars / mb_min(cl->coll)); vu(&b, chars); }
        else { vu(&b, chars); vu(&b, chars * (co ? co->maxlen : 1)); }
    } else { vn(&b); vn(&b); }
    if (cl->type <= CT_BIGINT) { static const int prec[] = { 3, 5, 7, 10, 19 }; vu(&b, (uint64_t)(cl->is_unsigned && cl->type == CT_BIGINT ? 20 : prec[cl->type])); vu(&b, 0); }
    else if (cl->type == CT_DECIMAL) { vu(&b, cl->width); vu(&b, (uint64_t)(cl->scale < 0 ? 0 : cl->scale)); }
    else if (cl->type == CT_FLOAT) { vu(&b, 12); if (cl->scale >= 0) vu(&b, (uint64_t)cl->scale); else vn(&b); }
    else if (cl->type == CT_DOUBLE) { vu(&b, 22); if (cl->scale >= 0) vu(&b, (uint64_t)cl->scale); else vn(&b); }
    else if (cl->type == CT_BIT) { vu(&b, cl->width); vn(&b); }
    else { vn(&b); vn(&b); }
    if (cl->type == CT_DATETIME || cl->type == CT_TIMESTAMP || cl->type == CT_TIME) vu(&b, (uint64_t)(cl->scale < 0 ? 0 : cl->scale));
    else vn(&b);
    vs(&b, co && cl->coll != COLL_BINARY ? co->charset : NULL); vs(&b, co && cl->coll != COLL_BINARY ? co->name : NULL);
    vs(&b, ex_column_type_sql(ctx->a, cl)); vs(&b, (t->nidx ? ex_key_flag((stor_table *)t, c) : ""));
    vs(&b, ex_column_extra(ctx->a, cl));
    vs(&b, privs ? privs : "select,insert,update,references"); vs(&b, cl->comment ? cl->comment : "");
    vs(&b, cl->gen ? "ALWAYS" : "NEVER");
    if (cl->gen) vs(&b, cl->gen_sql); else vn(&b);
    end_row(&b);
    *bp = b;
}

static void routine_type_cols(ex_ctx *ctx, isb *b, pl_coldef *d, const char *dtd)
{
    stor_column c;
    ex_coldef_type(ctx, &c, d, ctx->s->coll_connection);
    vs(b, type_name(ctx->a, &c));
    const pdb_collation *co = c.kind == CK_STR ? pdb_coll_by_id(c.coll) : NULL;
    if (c.type == CT_ENUM || c.type == CT_SET) {   /* the longest member; a SET: all of them and commas */
        uint64_t chars = 0;
        for (uint32_t i = 0; i < c.n_enum; i++) {
            uint64_t l = (uint64_t)strlen(c.enum_vals[i]);
            if (c.type == CT_SET) chars += l + (i ? 1 : 0);
            else if (l > chars) chars = l;
        }
        b->cur[b->k++] = ex_int((int64_t)chars);
        b->cur[b->k++] = ex_int((int64_t)(chars * (co ? co->maxlen : 1)));
    } else if (c.kind == CK_STR && c.type != CT_BIT) {
        uint64_t chars = c.type == CT_TINYTEXT || c.type == CT_TINYBLOB ? 255 : c.type == CT_TEXT || c.type == CT_BLOB ? 65535 :
                         c.type == CT_MEDIUMTEXT || c.type == CT_MEDIUMBLOB ? 16777215 : c.type == CT_LONGTEXT || c.type == CT_LONGBLOB ? 4294967295u : c.width;
        bool text = c.type >= CT_TINYTEXT && c.type <= CT_LONGBLOB;
        b->cur[b->k++] = ex_int((int64_t)(text ? chars / mb_min(c.coll) : chars));
        b->cur[b->k++] = ex_int((int64_t)(text ? chars : chars * (co ? co->maxlen : 1)));
    } else { vn(b); vn(b); }
    if (c.type <= CT_BIGINT) { static const int prec[] = { 3, 5, 7, 10, 19 }; b->cur[b->k++] = ex_int(c.is_unsigned && c.type == CT_BIGINT ? 20 : prec[c.type]); b->cur[b->k++] = ex_int(0); }
    else if (c.type == CT_DECIMAL) { b->cur[b->k++] = ex_int(c.width); b->cur[b->k++] = ex_int(c.scale < 0 ? 0 : c.scale); }
    else if (c.type == CT_FLOAT) { b->cur[b->k++] = ex_int(12); vn(b); }
    else if (c.type == CT_DOUBLE) { b->cur[b->k++] = ex_int(22); vn(b); }
    else { vn(b); vn(b); }
    if (c.type == CT_DATETIME || c.type == CT_TIMESTAMP || c.type == CT_TIME) vu(b, (uint64_t)(c.scale < 0 ? 0 : c.scale));
    else vn(b);
    vs(b, co && c.coll != COLL_BINARY ? co->charset : NULL); vs(b, co && c.coll != COLL_BINARY ? co->name : NULL);
    vs(b, dtd);
}

/* ---------------------------------------------------------------- *_PRIVILEGES */

/* information_schema's privilege tables: USER (global), SCHEMA, TABLE, COLUMN (pressdb
 * keeps no column grants: always empty). */
static const char *const priv_tabs[] = { "USER_PRIVILEGES", "SCHEMA_PRIVILEGES", "TABLE_PRIVILEGES", "COLUMN_PRIVILEGES" };

static int priv_table(const char *name)
{
    for (int i = 0; i < 4; i++) if (!strcasecmp(priv_tabs[i], name)) return i;
    return -1;
}

/* One row per privilege bit held at a level, in MariaDB's bit order, GRANT OPTION as
 * IS_GRANTABLE; a level holding nothing but GRANT OPTION is a USAGE row. */
static void priv_level_rows(isb *b, const char *grantee, const char *db, const char *table, uint64_t privs)
{
    const char *yes = privs & STOR_PRIV_GRANT ? "YES" : "NO";
    uint64_t own = privs & ~STOR_PRIV_GRANT;
    for (int bit = 0; bit < 39; bit++) {
        bool usage = !own && bit == 0;
        if (!usage && !(own >> bit & 1)) continue;
        begin_row(b); vs(b, grantee); vs(b, "def");
        if (db) vs(b, db);
        if (table) vs(b, table);
        vs(b, usage ? "USAGE" : ex_priv_name(bit)); vs(b, yes);
        end_row(b);
    }
}

/* A role's database and table grants with those of the roles granted to it, merged per
 * level (MariaDB's role privileges are the merge: its information_schema shows them). */
static stor_grant *role_merged_grants(const char *role, size_t *n)
{
    size_t nrg = 0, k = 0;
    stor_role_grant *rg = stor_role_grant_list(&nrg);
    const char *en[256];
    int ne = ex_roles_enabled(role, rg, nrg, en, 256);
    stor_grant *out = NULL;
    for (int i = 0; i < ne; i++) {
        size_t ng = 0;
        stor_grant *g = stor_grant_list(en[i], "", &ng);
        for (size_t j = 0; j < ng; j++) {
            size_t m = 0;
            while (m < k && (strcmp(out[m].db, g[j].db) || strcmp(out[m].table, g[j].table))) m++;
            if (m == k) {
                stor_grant *no = realloc(out, (k + 1) * sizeof *no);
                if (!no) break;
                out = no;
                out[k] = g[j];
                snprintf(out[k].user, sizeof out[k].user, "%s", role);
                k++;
            } else out[m].privs |= g[j].privs;
        }
        free(g);
    }
    free(rg);
    *n = k;
    return out;
}

/* The table-level privileges of grantee on db.table (GRANT OPTION says IS_GRANTABLE). */
static uint64_t table_level(const stor_grant *g, size_t ng, const char *db, const char *table)
{
    for (size_t k = 0; k < ng; k++)
        if (!strcmp(g[k].db, db) && !strcmp(g[k].table, table)) return g[k].privs;
    return 0;
}

/* COLUMN_PRIVILEGES: per table, per privilege in MariaDB's order, a row per column. */
static void col_priv_rows(isb *b, const char *grantee, const stor_account *a)
{
    size_t nc = 0, ng = 0;
    stor_col_grant *c = stor_col_grant_list(a->user, a->host, &nc);
    stor_grant *g = nc ? stor_grant_list(a->user, a->host, &ng) : NULL;
    for (size_t i = 0; i < nc; i++) {
        bool first = true;   /* (each table once, where its first column grant is) */
        for (size_t j = 0; j < i && first; j++) first = strcmp(c[j].db, c[i].db) || strcmp(c[j].table, c[i].table);
        if (!first) continue;
        const char *yes = table_level(g, ng, c[i].db, c[i].table) & STOR_PRIV_GRANT ? "YES" : "NO";
        for (int bit = 0; bit < 12; bit++)
            for (size_t j = i; j < nc; j++) {
                if (!(c[j].privs >> bit & 1) || strcmp(c[j].db, c[i].db) || strcmp(c[j].table, c[i].table)) continue;
                begin_row(b); vs(b, grantee); vs(b, "def"); vs(b, c[j].db); vs(b, c[j].table);
                vs(b, c[j].column); vs(b, ex_priv_name(bit)); vs(b, yes);
                end_row(b);
            }
    }
    free(g);
    free(c);
}

static void priv_rows(isb *b, int which)
{
    static const char *const cols[] = { "GRANTEE", "TABLE_CATALOG", "TABLE_SCHEMA", "TABLE_NAME", "COLUMN_NAME" };
    static const uint32_t lens[] = { 385, 512, 64, 64, 64 };
    int ncol = which == 0 ? 2 : which + 2;   /* USER: GRANTEE, CATALOG; then SCHEMA, TABLE, COLUMN */
    for (int i = 0; i < ncol; i++) col(b, cols[i], 'S', lens[i]);
    col(b, "PRIVILEGE_TYPE", 'S', 64); col(b, "IS_GRANTABLE", 'S', 3);
    for (int i = 0; i < b->ncols; i++) { b->types[i].nullable = false; b->types[i].flags |= NOT_NULL_FLAG; }
    b->rows->ncols = (uint32_t)b->ncols;
    pdb_session *s = b->ctx->s;
    /* everyone's with SELECT on the mysql schema, else the session's own account's */
    bool all = !s->enforce_privs || (ex_privs_db(s, "mysql") & STOR_PRIV_SELECT);
    size_t n;
    stor_account *acc = stor_account_list(&n);
    for (size_t i = 0; i < n; i++) {
        if (!all && (strcmp(acc[i].user, s->user) || strcasecmp(acc[i].host, s->priv_host))) continue;
        if (which == 0 && acc[i].is_role) continue;   /* (MariaDB lists roles' other levels only) */
        char *grantee = stor_arena_alloc(b->ctx->a, 400);
        snprintf(grantee, 400, "'%s'@'%s'", acc[i].user, acc[i].host);
        if (which == 0) { priv_level_rows(b, grantee, NULL, NULL, acc[i].privs); continue; }
        if (which == 3) { col_priv_rows(b, grantee, &acc[i]); continue; }
        size_t ng;
        stor_grant *g = acc[i].is_role ? role_merged_grants(acc[i].user, &ng)
                                       : stor_grant_list(acc[i].user, acc[i].host, &ng);
        for (size_t k = 0; k < ng; k++)
            if (!g[k].table[0] == (which == 1))
                priv_level_rows(b, grantee, g[k].db, which == 2 ? g[k].table : NULL, g[k].privs);
        free(g);
    }
    free(acc);
}

static bool infoschema_rows(ex_ctx *ctx, const char *name, ex_rows *rows, ex_type **types, const char ***names, int *ncols);

/* APPLICABLE_ROLES: the roles granted to the session's account, then, for each of those,
 * the roles granted to it (transitively); ENABLED_ROLES: the enabled role and those it
 * enables (one NULL row with none). */
static void role_rows(isb *b, bool applicable)
{
    pdb_session *s = b->ctx->s;
    size_t n = 0;
    stor_role_grant *rg = stor_role_grant_list(&n);
    if (!applicable) {
        col(b, "ROLE_NAME", 'S', 128);
        b->rows->ncols = (uint32_t)b->ncols;
        const char *en[256];
        int ne = ex_roles_enabled(s->role, rg, n, en, 256);
        for (int i = 0; i < ne; i++) { begin_row(b); vs(b, en[i]); end_row(b); }
        if (!ne) { begin_row(b); vn(b); end_row(b); }
        free(rg);
        return;
    }
    col(b, "GRANTEE", 'S', 385); col(b, "ROLE_NAME", 'S', 128); col(b, "IS_GRANTABLE", 'S', 3); col(b, "IS_DEFAULT", 'S', 3);
    for (int i = 0; i < 3; i++) { b->types[i].nullable = false; b->types[i].flags |= NOT_NULL_FLAG; }
    b->rows->ncols = (uint32_t)b->ncols;
    stor_account a;
    const char *dflt = stor_account_get(s->user, s->priv_host, &a) == 0 ? a.default_role : "";
    const char *seen[256];
    int nseen = 0;
    char *me = stor_arena_alloc(b->ctx->a, 400);
    snprintf(me, 400, "%s@%s", s->user, s->priv_host);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(rg[i].user, s->user) || strcasecmp(rg[i].host, s->priv_host)) continue;
        begin_row(b); vs(b, me); vs(b, rg[i].role); vs(b, rg[i].admin ? "YES" : "NO");
        vs(b, strcmp(dflt, rg[i].role) ? "NO" : "YES"); end_row(b);
        if (nseen < 256) seen[nseen++] = rg[i].role;
    }
    for (int k = 0; k < nseen; k++)   /* (breadth first: each role's grants once) */
        for (size_t i = 0; i < n; i++) {
            if (rg[i].host[0] || strcmp(rg[i].user, seen[k])) continue;
            bool done = false;
            for (int m = 0; m < k && !done; m++) done = !strcmp(seen[m], seen[k]);
            if (done) break;
            char *g = stor_arena_alloc(b->ctx->a, 100);
            snprintf(g, 100, "%s", rg[i].user);
            begin_row(b); vs(b, g); vs(b, rg[i].role); vs(b, rg[i].admin ? "YES" : "NO"); vn(b); end_row(b);
            if (nseen < 256) seen[nseen++] = rg[i].role;
        }
    free(rg);
}

/* Fills rows for information_schema.<name>; false when there is no such table. What it
 * opens to describe views is not subject to the session's LOCK TABLES (MariaDB). */
bool ex_infoschema(ex_ctx *ctx, const char *name, ex_rows *rows, ex_type **types, const char ***names, int *ncols)
{
    bool was = ctx->no_tablelock;
    ctx->no_tablelock = true;
    bool r = infoschema_rows(ctx, name, rows, types, names, ncols);
    ctx->no_tablelock = was;
    return r;
}

static bool infoschema_rows(ex_ctx *ctx, const char *name, ex_rows *rows, ex_type **types, const char ***names, int *ncols)
{
    isb b = { ctx, rows, NULL, NULL, 0, NULL, 0 };
    b.types = stor_arena_alloc(ctx->a, 64 * sizeof(ex_type));
    b.names = stor_arena_alloc(ctx->a, 64 * sizeof(char *));
    uint32_t ndb;
    stor_db **dbs = stor_db_list(&ndb);
    if (!strcasecmp(name, "SCHEMATA")) {
        col(&b, "CATALOG_NAME", 'S', 512); col(&b, "SCHEMA_NAME", 'S', 64); col(&b, "DEFAULT_CHARACTER_SET_NAME", 'S', 32);
        col(&b, "DEFAULT_COLLATION_NAME", 'S', 64); col(&b, "SQL_PATH", 'S', 512); col(&b, "SCHEMA_COMMENT", 'S', 1024);
        rows->ncols = (uint32_t)b.ncols;
        begin_row(&b); vs(&b, "def"); vs(&b, "information_schema"); vs(&b, "utf8mb3"); vs(&b, "utf8mb3_general_ci"); vn(&b); vs(&b, ""); end_row(&b);
        for (uint32_t i = 0; i < ndb; i++) {
            if (!ex_privs_db_visible(ctx->s, dbs[i]->name)) continue;
            const pdb_collation *co = pdb_coll_by_id(dbs[i]->coll);
            begin_row(&b); vs(&b, "def"); vs(&b, dbs[i]->name); vs(&b, co ? co->charset : "utf8mb4"); vs(&b, co ? co->name : "utf8mb4_general_ci"); vn(&b); vs(&b, ""); end_row(&b);
        }
    } else if (!strcasecmp(name, "TABLES")) {
        col(&b, "TABLE_CATALOG", 'S', 512); col(&b, "TABLE_SCHEMA", 'S', 64); col(&b, "TABLE_NAME", 'S', 64);
        col(&b, "TABLE_TYPE", 'S', 64); col(&b, "ENGINE", 'S', 64); col(&b, "VERSION", 'U', 0); col(&b, "ROW_FORMAT", 'S', 10);
        col(&b, "TABLE_ROWS", 'U', 0); col(&b, "AVG_ROW_LENGTH", 'U', 0); col(&b, "DATA_LENGTH", 'U', 0);
        col(&b, "MAX_DATA_LENGTH", 'U', 0); col(&b, "INDEX_LENGTH", 'U', 0); col(&b, "DATA_FREE", 'U', 0);
        col(&b, "AUTO_INCREMENT", 'U', 0); col(&b, "CREATE_TIME", 'D', 0); col(&b, "UPDATE_TIME", 'D', 0);
        col(&b, "CHECK_TIME", 'D', 0); col(&b, "TABLE_COLLATION", 'S', 64); col(&b, "CHECKSUM", 'U', 0);
        col(&b, "CREATE_OPTIONS", 'S', 2048); col(&b, "TABLE_COMMENT", 'S', 2048); col(&b, "MAX_INDEX_LENGTH", 'U', 0);
        col(&b, "TEMPORARY", 'S', 1);
        rows->ncols = (uint32_t)b.ncols;
        for (uint32_t i = 0; i < ndb; i++) {
            for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
                stor_table *t = dbs[i]->tables[j];
                if (!ex_privs_table_visible(ctx->s, t->db, t->name)) continue;
                if (t->name[0] == '#') continue;
                bool ai = false;
                for (uint32_t c = 0; c < t->ncols; c++) if (t->cols[c].auto_increment) ai = true;
                const pdb_collation *co = pdb_coll_by_id(t->coll);
                begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, t->name); vs(&b, t->sequence ? "SEQUENCE" : "BASE TABLE"); vs(&b, t->engine);
                vu(&b, 10); vs(&b, t->row_format ? t->row_format : "Dynamic"); vu(&b, t->nlive);
                uint64_t dl, il, al;
                ex_table_sizes(t, &dl, &il, &al);
                vu(&b, al); vu(&b, dl); vu(&b, 0); vu(&b, il); vu(&b, 0);
                if (ai) vu(&b, t->auto_inc); else vn(&b);
                vn(&b); b.cur[b.k++] = update_value(t); vn(&b); vs(&b, co ? co->name : NULL); vn(&b); vs(&b, ""); vs(&b, t->comment ? t->comment : "");
                vu(&b, 0); vs(&b, "N");
                end_row(&b);
            }
            for (uint32_t j = 0; j < dbs[i]->nviews; j++) {
                const stor_viewdef *v = dbs[i]->views[j];
                if (!ex_privs_table_visible(ctx->s, dbs[i]->name, v->name)) continue;
                begin_row(&b); vs(&b, "def"); vs(&b, dbs[i]->name); vs(&b, v->name); vs(&b, "VIEW");
                for (int k = 0; k < 16; k++) vn(&b);
                vs(&b, "VIEW"); vn(&b); vn(&b);
                end_row(&b);
            }
        }
    } else if (!strcasecmp(name, "COLUMNS")) {
        col(&b, "TABLE_CATALOG", 'S', 512); col(&b, "TABLE_SCHEMA", 'S', 64); col(&b, "TABLE_NAME", 'S', 64);
        col(&b, "COLUMN_NAME", 'S', 64); col(&b, "ORDINAL_POSITION", 'U', 0); col(&b, "COLUMN_DEFAULT", 'L', 0);
        col(&b, "IS_NULLABLE", 'S', 3); col(&b, "DATA_TYPE", 'S', 64); col(&b, "CHARACTER_MAXIMUM_LENGTH", 'U', 0);
        col(&b, "CHARACTER_OCTET_LENGTH", 'U', 0); col(&b, "NUMERIC_PRECISION", 'U', 0); col(&b, "NUMERIC_SCALE", 'U', 0);
        col(&b, "DATETIME_PRECISION", 'U', 0); col(&b, "CHARACTER_SET_NAME", 'S', 32); col(&b, "COLLATION_NAME", 'S', 64);
        col(&b, "COLUMN_TYPE", 'L', 0); col(&b, "COLUMN_KEY", 'S', 3); col(&b, "EXTRA", 'S', 80);
        col(&b, "PRIVILEGES", 'S', 80); col(&b, "COLUMN_COMMENT", 'S', 1024); col(&b, "IS_GENERATED", 'S', 6);
        col(&b, "GENERATION_EXPRESSION", 'L', 0);
        rows->ncols = (uint32_t)b.ncols;
        for (uint32_t i = 0; i < ndb; i++) {
            for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
                stor_table *t = dbs[i]->tables[j];
                if (!ex_privs_table_visible(ctx->s, t->db, t->name)) continue;
                if (t->name[0] == '#') continue;
                for (uint32_t c = 0; c < t->ncols; c++) column_row(&b, ctx, t, c);
            }
            for (uint32_t j = 0; j < dbs[i]->nviews; j++) {
                const stor_viewdef *v = dbs[i]->views[j];
                if (!ex_privs_table_visible(ctx->s, dbs[i]->name, v->name)) continue;
                stor_table *t = ex_view_table_try(ctx, dbs[i]->name, v);
                for (uint32_t c = 0; t && c < t->ncols; c++) column_row(&b, ctx, t, c);
            }
        }
    } else if (!strcasecmp(name, "STATISTICS")) {
        col(&b, "TABLE_CATALOG", 'S', 512); col(&b, "TABLE_SCHEMA", 'S', 64); col(&b, "TABLE_NAME", 'S', 64);
        col(&b, "NON_UNIQUE", 'I', 0); col(&b, "INDEX_SCHEMA", 'S', 64); col(&b, "INDEX_NAME", 'S', 64);
        col(&b, "SEQ_IN_INDEX", 'U', 0); col(&b, "COLUMN_NAME", 'S', 64); col(&b, "COLLATION", 'S', 1);
        col(&b, "CARDINALITY", 'I', 0); col(&b, "SUB_PART", 'I', 0); col(&b, "PACKED", 'S', 10); col(&b, "NULLABLE", 'S', 3);
        col(&b, "INDEX_TYPE", 'S', 16); col(&b, "COMMENT", 'S', 16); col(&b, "INDEX_COMMENT", 'S', 1024); col(&b, "IGNORED", 'S', 3);
        rows->ncols = (uint32_t)b.ncols;
        for (uint32_t i = 0; i < ndb; i++) {
            for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
                stor_table *t = dbs[i]->tables[j];
                if (!ex_privs_table_visible(ctx->s, t->db, t->name)) continue;
                if (t->name[0] == '#') continue;
                for (uint32_t x = 0; x < t->nidx; x++) {
                    stor_index *ix = &t->idx[x];
                    if (!ex_privs_index_visible(ctx->s, t, ix)) continue;
                    for (uint32_t k = 0; k < ix->ncols; k++) {
                        stor_column *cl = &t->cols[ix->cols[k]];
                        begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, t->name);
                        b.cur[b.k++] = ex_int(ix->kind == IK_PRIMARY || ix->kind == IK_UNIQUE ? 0 : 1);
                        vs(&b, t->db); vs(&b, ix->name); vu(&b, k + 1); vs(&b, cl->name);
                        vs(&b, ix->kind == IK_FULLTEXT ? NULL : "A");
                        if (ix->kind == IK_SPATIAL) vn(&b); else b.cur[b.k++] = ex_int(t->nlive);
                        if (ix->prefix[k] || ix->kind == IK_SPATIAL) b.cur[b.k++] = ex_int(ix->kind == IK_SPATIAL ? 32 : ix->prefix[k]);
                        else vn(&b);
                        vn(&b); vs(&b, cl->not_null ? "" : "YES");
                        vs(&b, ix->kind == IK_FULLTEXT ? "FULLTEXT" : ix->kind == IK_SPATIAL ? "SPATIAL" : "BTREE");
                        vs(&b, ""); vs(&b, ix->comment ? ix->comment : ""); vs(&b, "NO");
                        end_row(&b);
                    }
                }
            }
        }
    } else if (!strcasecmp(name, "PROCESSLIST")) {
        col(&b, "ID", 'I', 4); col(&b, "USER", 'S', 128); col(&b, "HOST", 'S', 64); col(&b, "DB", 'S', 64);
        col(&b, "COMMAND", 'S', 16); col(&b, "TIME", 'i', 7); col(&b, "STATE", 'S', 64); col(&b, "INFO", 'L', 0);
        col(&b, "TIME_MS", 'I', 22); col(&b, "STAGE", 'i', 2); col(&b, "MAX_STAGE", 'i', 2); col(&b, "PROGRESS", 'I', 7);
        col(&b, "MEMORY_USED", 'I', 7); col(&b, "MAX_MEMORY_USED", 'I', 7); col(&b, "EXAMINED_ROWS", 'i', 7);
        col(&b, "QUERY_ID", 'I', 4); col(&b, "INFO_BINARY", 'L', 0); col(&b, "TID", 'I', 4);
        rows->ncols = (uint32_t)b.ncols;
        size_t n;
        pdb_proc *pl = ex_processlist(ctx, &n);
        for (size_t i = 0; i < n; i++) {
            pdb_proc *p = &pl[i];
            bool self = p->id == ctx->s->conn_id;
            begin_row(&b);
            b.cur[b.k++] = ex_int(p->id);
            vs(&b, p->user); vs(&b, p->host);
            if (p->db[0]) vs(&b, p->db); else vn(&b);
            vs(&b, self ? "Query" : p->command);
            b.cur[b.k++] = ex_int(self ? 0 : p->time);
            vs(&b, self ? "Filling schema table" : !strcmp(p->command, "Connect") ? "Reading from net" : "");
            if (p->has_info) vs(&b, p->info); else vn(&b);   /* (the first 100 bytes) */
            b.cur[b.k++] = ex_int(self ? 0 : (int64_t)p->time * 1000);
            b.cur[b.k++] = ex_int(0); b.cur[b.k++] = ex_int(0); b.cur[b.k++] = ex_int(0);
            b.cur[b.k++] = ex_int(0); b.cur[b.k++] = ex_int(0); b.cur[b.k++] = ex_int(0);
            b.cur[b.k++] = ex_int(0); vn(&b); b.cur[b.k++] = ex_int(0);
            end_row(&b);
        }
        free(pl);
    } else if (!strcasecmp(name, "PLUGINS")) {
        cols_from(&b, is_plugins); rows->ncols = (uint32_t)b.ncols;
        for (size_t i = 0; ex_plugin_row(i); i++) {
            const char *const *p = ex_plugin_row(i);
            begin_row(&b);
            for (int k = 0; k < 13; k++) vs(&b, p[k]);
            end_row(&b);
        }
    } else if (priv_table(name) >= 0) {
        priv_rows(&b, priv_table(name));
    } else if (!strcasecmp(name, "APPLICABLE_ROLES") || !strcasecmp(name, "ENABLED_ROLES")) {
        role_rows(&b, !strcasecmp(name, "APPLICABLE_ROLES"));
    } else if (!strcasecmp(name, "ENGINES")) {
        col(&b, "ENGINE", 'S', 64); col(&b, "SUPPORT", 'S', 8); col(&b, "COMMENT", 'S', 160);
        col(&b, "TRANSACTIONS", 'S', 3); col(&b, "XA", 'S', 3); col(&b, "SAVEPOINTS", 'S', 3);
        rows->ncols = (uint32_t)b.ncols;
        const char *e[][6] = { { "InnoDB", "DEFAULT", "pressdb in-memory engine with a write-ahead log", "YES", "NO", "YES" },
                               { "MyISAM", "YES", "Accepted and stored by the pressdb engine", "YES", "NO", "YES" } };
        for (int i = 0; i < 2; i++) { begin_row(&b); for (int k = 0; k < 6; k++) vs(&b, e[i][k]); end_row(&b); }
    } else if (!strcasecmp(name, "SESSION_STATUS") || !strcasecmp(name, "GLOBAL_STATUS") ||
               !strcasecmp(name, "SESSION_VARIABLES") || !strcasecmp(name, "GLOBAL_VARIABLES")) {
        col(&b, "VARIABLE_NAME", 'S', 64); col(&b, "VARIABLE_VALUE", 'S', 4096);
        for (int i = 0; i < 2; i++) { b.types[i].nullable = false; b.types[i].flags |= NOT_NULL_FLAG; }
        rows->ncols = (uint32_t)b.ncols;
        bool global = !strncasecmp(name, "GLOBAL", 6);
        if (strstr(name, "STATUS") || strstr(name, "status")) ex_status_rows(ctx, global, var_row, &b);
        else ex_sysvar_list(ctx->s, global, var_row, &b, ctx->a);
    } else if (!strcasecmp(name, "COLLATIONS") || !strcasecmp(name, "CHARACTER_SETS")) {
        bool cs = !strcasecmp(name, "CHARACTER_SETS");
        if (cs) { col(&b, "CHARACTER_SET_NAME", 'S', 32); col(&b, "DEFAULT_COLLATE_NAME", 'S', 64); col(&b, "DESCRIPTION", 'S', 60); col(&b, "MAXLEN", 'U', 0); }
        else { col(&b, "COLLATION_NAME", 'S', 64); col(&b, "CHARACTER_SET_NAME", 'S', 32); col(&b, "ID", 'U', 0); col(&b, "IS_DEFAULT", 'S', 3); col(&b, "IS_COMPILED", 'S', 3); col(&b, "SORTLEN", 'U', 0); }
        rows->ncols = (uint32_t)b.ncols;
        const pdb_collation **cl = stor_arena_alloc(ctx->a, 4096 * sizeof *cl);
        size_t ncl = ex_coll_list(cl, false);
        for (size_t i = 0; i < ncl; i++) {
            const pdb_collation *c = cl[i];
            if (cs && !c->is_default) continue;
            begin_row(&b);
            if (cs) { vs(&b, c->charset); vs(&b, c->name); vs(&b, ex_charset_description(c->charset)); vu(&b, c->maxlen); }
            else if (ex_coll_shared(c)) { vs(&b, ex_coll_short_name(c)); vn(&b); vn(&b); vn(&b); vs(&b, "Yes"); vu(&b, c->sortlen); }
            else { vs(&b, c->name); vs(&b, c->charset); vu(&b, c->id); vs(&b, c->is_default ? "Yes" : ""); vs(&b, "Yes"); vu(&b, c->sortlen); }
            end_row(&b);
        }
    } else if (!strcasecmp(name, "COLLATION_CHARACTER_SET_APPLICABILITY")) {
        col(&b, "COLLATION_NAME", 'S', 64); col(&b, "CHARACTER_SET_NAME", 'S', 32); col(&b, "FULL_COLLATION_NAME", 'S', 64);
        col(&b, "ID", 'U', 0); col(&b, "IS_DEFAULT", 'S', 3);
        for (int i = 0; i < b.ncols; i++) { b.types[i].nullable = false; b.types[i].flags |= NOT_NULL_FLAG; }
        rows->ncols = (uint32_t)b.ncols;
        const pdb_collation **cl = stor_arena_alloc(ctx->a, 4096 * sizeof *cl);
        size_t ncl = ex_coll_list(cl, true);
        for (size_t i = 0; i < ncl; i++) {
            const pdb_collation *c = cl[i];
            begin_row(&b);
            vs(&b, ex_coll_short_name(c)); vs(&b, c->charset); vs(&b, c->name); vu(&b, c->id); vs(&b, c->is_default ? "Yes" : "");
            end_row(&b);
        }
    } else if (!strcasecmp(name, "TRIGGERS")) {
        cols_from(&b, is_triggers); rows->ncols = (uint32_t)b.ncols;
        ex_trg_row *tr;
        int n = ex_trg_list(ctx, NULL, &tr);
        for (int i = 0; i < n; i++) {
            begin_row(&b); vs(&b, "def"); vs(&b, tr[i].db); vs(&b, tr[i].name); vs(&b, tr[i].event); vs(&b, "def");
            vs(&b, tr[i].db); vs(&b, tr[i].table); b.cur[b.k++] = ex_int(tr[i].order); vn(&b); vs(&b, tr[i].statement);
            vs(&b, "ROW"); vs(&b, tr[i].timing); vn(&b); vn(&b); vs(&b, "OLD"); vs(&b, "NEW");
            b.cur[b.k++] = created_value(tr[i].created);
            vs(&b, tr[i].sql_mode); vs(&b, tr[i].definer); vs(&b, tr[i].client); vs(&b, tr[i].connection); vs(&b, tr[i].dbcoll);
            end_row(&b);
        }
    } else if (!strcasecmp(name, "FILES")) { cols_from(&b, is_files); rows->ncols = (uint32_t)b.ncols;
    } else if (!strcasecmp(name, "PARTITIONS")) {
        /* one row per (unpartitioned) table, partition columns NULL */
        cols_from(&b, is_partitions); rows->ncols = (uint32_t)b.ncols;
        for (uint32_t i = 0; i < ndb; i++) {
            for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
                stor_table *t = dbs[i]->tables[j];
                if (!ex_privs_table_visible(ctx->s, t->db, t->name)) continue;
                if (t->name[0] == '#') continue;
                begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, t->name);
                for (int k = 0; k < 9; k++) vn(&b);
                uint64_t dl, il, al;
                ex_table_sizes(t, &dl, &il, &al);
                vu(&b, t->nlive); vu(&b, al); vu(&b, dl); vn(&b); vu(&b, il); vu(&b, 0);
                vn(&b); b.cur[b.k++] = update_value(t); vn(&b); vn(&b); vs(&b, ""); vs(&b, ""); vn(&b);
                end_row(&b);
            }
        }
    } else if (!strcasecmp(name, "PARAMETERS")) {
        col(&b, "SPECIFIC_CATALOG", 'S', 512); col(&b, "SPECIFIC_SCHEMA", 'S', 64); col(&b, "SPECIFIC_NAME", 'S', 64);
        col(&b, "ORDINAL_POSITION", 'i', 21); col(&b, "PARAMETER_MODE", 'S', 5); col(&b, "PARAMETER_NAME", 'S', 64);
        col(&b, "DATA_TYPE", 'S', 64); col(&b, "CHARACTER_MAXIMUM_LENGTH", 'i', 21); col(&b, "CHARACTER_OCTET_LENGTH", 'i', 21);
        col(&b, "NUMERIC_PRECISION", 'i', 21); col(&b, "NUMERIC_SCALE", 'i', 21); col(&b, "DATETIME_PRECISION", 'U', 0);
        col(&b, "CHARACTER_SET_NAME", 'S', 64); col(&b, "COLLATION_NAME", 'S', 64); col(&b, "DTD_IDENTIFIER", 'L', 0);
        col(&b, "ROUTINE_TYPE", 'S', 9);
        rows->ncols = (uint32_t)b.ncols;
        ex_rtn_row *rr;
        int n = ex_rtn_list(ctx, NULL, -1, &rr);
        static const char *const modes[] = { "IN", "OUT", "INOUT" };
        for (int i = 0; i < n; i++) {
            const pl_routine *pr = rr[i].r;
            for (int k = rr[i].function ? -1 : 0; k < pr->nparams; k++) {
                pl_coldef *d = k < 0 ? pr->returns : pr->params[k].type;
                stor_column c;
                ex_coldef_type(ctx, &c, d, ctx->s->coll_connection);
                begin_row(&b); vs(&b, "def"); vs(&b, rr[i].db); vs(&b, rr[i].name); b.cur[b.k++] = ex_int(k + 1);
                if (k < 0) { vn(&b); vn(&b); } else { vs(&b, modes[pr->params[k].mode]); vs(&b, pr->params[k].name); }
                routine_type_cols(ctx, &b, d, ex_column_type_sql(ctx->a, &c));
                vs(&b, rr[i].function ? "FUNCTION" : "PROCEDURE");
                end_row(&b);
            }
        }
    } else if (!strcasecmp(name, "ROUTINES")) {
        cols_from(&b, is_routines); rows->ncols = (uint32_t)b.ncols;
        ex_rtn_row *rr;
        int n = ex_rtn_list(ctx, NULL, -1, &rr);
        static const char *const access[] = { "CONTAINS SQL", "NO SQL", "READS SQL DATA", "MODIFIES SQL DATA" };
        for (int i = 0; i < n; i++) {
            const pl_routine *pr = rr[i].r;
            begin_row(&b); vs(&b, rr[i].name); vs(&b, "def"); vs(&b, rr[i].db); vs(&b, rr[i].name);
            vs(&b, rr[i].function ? "FUNCTION" : "PROCEDURE");
            if (rr[i].function) routine_type_cols(ctx, &b, pr->returns, rr[i].returns);
            else { vs(&b, ""); for (int k = 0; k < 7; k++) vn(&b); vn(&b); }
            vs(&b, "SQL");
            if (rr[i].hidden) vn(&b); else vs(&b, stor_arena_strndup(ctx->a, pr->body, pr->body_len));
            vn(&b); vs(&b, "SQL"); vs(&b, "SQL");
            vs(&b, pr->deterministic ? "YES" : "NO"); vs(&b, access[pr->data_access]); vn(&b);
            vs(&b, pr->security == 2 ? "INVOKER" : "DEFINER");
            b.cur[b.k++] = time_value(rr[i].created); b.cur[b.k++] = time_value(rr[i].modified);
            vs(&b, rr[i].sql_mode); vs(&b, pr->comment ? pr->comment : ""); vs(&b, rr[i].definer);
            vs(&b, rr[i].client); vs(&b, rr[i].connection); vs(&b, rr[i].dbcoll);
            end_row(&b);
        }
    } else if (!strcasecmp(name, "EVENTS")) {
        cols_from(&b, is_events); rows->ncols = (uint32_t)b.ncols;
        ex_evt_row *er;
        int n = ex_evt_list(ctx, NULL, &er);
        for (int i = 0; i < n; i++) {
            begin_row(&b); vs(&b, "def"); vs(&b, er[i].db); vs(&b, er[i].name); vs(&b, er[i].definer); vs(&b, er[i].tz);
            vs(&b, "SQL"); vs(&b, er[i].body); vs(&b, er[i].every ? "RECURRING" : "ONE TIME");
            if (er[i].execute_at) b.cur[b.k++] = time_value(er[i].execute_at); else vn(&b);
            if (er[i].interval_value) vs(&b, er[i].interval_value); else vn(&b);
            if (er[i].interval_field) vs(&b, er[i].interval_field); else vn(&b);
            vs(&b, er[i].sql_mode);
            if (er[i].starts) b.cur[b.k++] = time_value(er[i].starts); else vn(&b);
            if (er[i].ends) b.cur[b.k++] = time_value(er[i].ends); else vn(&b);
            vs(&b, er[i].status); vs(&b, er[i].preserve ? "PRESERVE" : "NOT PRESERVE");
            b.cur[b.k++] = time_value(er[i].created); b.cur[b.k++] = time_value(er[i].modified);
            if (er[i].last_executed[0]) b.cur[b.k++] = time_value(er[i].last_executed); else vn(&b);
            vs(&b, er[i].comment); vu(&b, stor_binlog_server_id());
            vs(&b, er[i].client); vs(&b, er[i].connection); vs(&b, er[i].dbcoll);
            end_row(&b);
        }
    } else if (!strcasecmp(name, "VIEWS")) {
        cols_from(&b, is_views); rows->ncols = (uint32_t)b.ncols;
        for (uint32_t i = 0; i < ndb; i++)
            for (uint32_t j = 0; j < dbs[i]->nviews; j++) {
                const stor_viewdef *v = dbs[i]->views[j];
                if (!ex_privs_table_visible(ctx->s, dbs[i]->name, v->name)) continue;
                ex_view_info vi;
                ex_view_meta(v, &vi);
                pl_stmt *st = ex_view_parse(ctx, v);
                const char *def = ex_view_print(ctx, dbs[i]->name, v, true);
                char who[700];
                size_t w = 0;
                for (const char *p = vi.definer; *p && w < sizeof who - 1; p++) {   /* `u`@`h` -> u@h (`` is `) */
                    if (*p != '`') who[w++] = *p;
                    else if (p[1] == '`') { who[w++] = '`'; p++; }
                }
                who[w] = 0;
                const pdb_collation *cl = pdb_coll_by_id(vi.client), *cc = pdb_coll_by_id(vi.connection);
                static const char *const alg[] = { "UNDEFINED", "MERGE", "TEMPTABLE" };
                int check = st ? st->view->check : 0;
                begin_row(&b); vs(&b, "def"); vs(&b, dbs[i]->name); vs(&b, v->name); vs(&b, def ? def : "");
                vs(&b, check == 2 ? "LOCAL" : check == 1 ? "CASCADED" : "NONE");
                vs(&b, st && ex_view_updatable(st->sel, vi.algorithm) ? "YES" : "NO");
                vs(&b, stor_arena_strndup(ctx->a, who, w)); vs(&b, vi.invoker ? "INVOKER" : "DEFINER");
                vs(&b, cl ? cl->charset : "utf8mb4"); vs(&b, cc ? cc->name : "utf8mb4_general_ci"); vs(&b, alg[vi.algorithm]);
                end_row(&b);
            }
    } else if (!strcasecmp(name, "CHECK_CONSTRAINTS")) {
        col(&b, "CONSTRAINT_CATALOG", 'S', 512); col(&b, "CONSTRAINT_SCHEMA", 'S', 64); col(&b, "TABLE_NAME", 'S', 64);
        col(&b, "CONSTRAINT_NAME", 'S', 64); col(&b, "LEVEL", 'S', 6); col(&b, "CHECK_CLAUSE", 'L', 0);
        rows->ncols = (uint32_t)b.ncols;
        for (uint32_t i = 0; i < ndb; i++) for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            if (!ex_privs_table_visible(ctx->s, t->db, t->name) || !ex_privs_table_level(ctx->s, t)) continue;
            for (uint32_t c = 0; c < t->ncols; c++) {   /* the columns' own checks, then the table's */
                const char *sql = NULL;
                if (t->cols[c].json) {
                    size_t n = strlen(t->cols[c].name) + 16;
                    char *q = stor_arena_alloc(ctx->a, n + 8);
                    snprintf(q, n + 8, "json_valid(`%s`)", t->cols[c].name);
                    sql = q;
                }
                for (uint32_t k = 0; k < t->nchecks; k++)
                    if (t->checks[k].col && !strcmp(t->checks[k].col, t->cols[c].name)) sql = t->checks[k].sql;
                if (!sql) continue;
                begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, t->name); vs(&b, t->cols[c].name);
                vs(&b, "Column"); vs(&b, sql); end_row(&b);
            }
            for (uint32_t k = 0; k < t->nchecks; k++) {
                if (t->checks[k].col) continue;
                begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, t->name); vs(&b, t->checks[k].name);
                vs(&b, "Table"); vs(&b, t->checks[k].sql); end_row(&b);
            }
        }
    } else if (!strcasecmp(name, "KEY_COLUMN_USAGE") || !strcasecmp(name, "TABLE_CONSTRAINTS") || !strcasecmp(name, "REFERENTIAL_CONSTRAINTS")) {
        bool kcu = !strcasecmp(name, "KEY_COLUMN_USAGE"), tc = !strcasecmp(name, "TABLE_CONSTRAINTS");
        if (kcu) {
            col(&b, "CONSTRAINT_CATALOG", 'S', 512); col(&b, "CONSTRAINT_SCHEMA", 'S', 64); col(&b, "CONSTRAINT_NAME", 'S', 64);
            col(&b, "TABLE_CATALOG", 'S', 512); col(&b, "TABLE_SCHEMA", 'S', 64); col(&b, "TABLE_NAME", 'S', 64); col(&b, "COLUMN_NAME", 'S', 64);
            col(&b, "ORDINAL_POSITION", 'I', 0); col(&b, "POSITION_IN_UNIQUE_CONSTRAINT", 'I', 0); col(&b, "REFERENCED_TABLE_SCHEMA", 'S', 64);
            col(&b, "REFERENCED_TABLE_NAME", 'S', 64); col(&b, "REFERENCED_COLUMN_NAME", 'S', 64);
        } else if (tc) {
            col(&b, "CONSTRAINT_CATALOG", 'S', 512); col(&b, "CONSTRAINT_SCHEMA", 'S', 64); col(&b, "CONSTRAINT_NAME", 'S', 64);
            col(&b, "TABLE_SCHEMA", 'S', 64); col(&b, "TABLE_NAME", 'S', 64); col(&b, "CONSTRAINT_TYPE", 'S', 64);
        } else {
            col(&b, "CONSTRAINT_CATALOG", 'S', 512); col(&b, "CONSTRAINT_SCHEMA", 'S', 64); col(&b, "CONSTRAINT_NAME", 'S', 64);
            col(&b, "UNIQUE_CONSTRAINT_CATALOG", 'S', 512); col(&b, "UNIQUE_CONSTRAINT_SCHEMA", 'S', 64);
            col(&b, "UNIQUE_CONSTRAINT_NAME", 'S', 64); col(&b, "MATCH_OPTION", 'S', 64); col(&b, "UPDATE_RULE", 'S', 64);
            col(&b, "DELETE_RULE", 'S', 64); col(&b, "TABLE_NAME", 'S', 64); col(&b, "REFERENCED_TABLE_NAME", 'S', 64);
        }
        rows->ncols = (uint32_t)b.ncols;
        static const char *const rule[] = { "RESTRICT", "NO ACTION", "CASCADE", "SET NULL", "SET DEFAULT" };
        if (!kcu && !tc) for (uint32_t i = 0; i < ndb; i++) for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            if (!ex_privs_table_visible(ctx->s, t->db, t->name) || !ex_privs_table_level(ctx->s, t)) continue;
            for (uint32_t f = 0; f < t->nfks; f++) {
                const stor_fk *k = &t->fks[f];
                const stor_table *pt = stor_table_peek(k->ref_db, k->ref_table);
                int px = pt ? ex_fk_index_for(pt->cols, pt->idx, pt->nidx, k->ref_cols, k->ncols) : -1;
                begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, k->name); vs(&b, "def"); vs(&b, k->ref_db);
                if (px >= 0) vs(&b, pt->idx[px].name); else vn(&b);
                vs(&b, "NONE"); vs(&b, rule[k->on_update]); vs(&b, rule[k->on_delete]); vs(&b, t->name); vs(&b, k->ref_table);
                end_row(&b);
            }
        }
        if (kcu || tc) for (uint32_t i = 0; i < ndb; i++) for (uint32_t j = 0; j < dbs[i]->ntables; j++) {
            stor_table *t = dbs[i]->tables[j];
            if (!ex_privs_table_visible(ctx->s, t->db, t->name) || (tc && !ex_privs_table_level(ctx->s, t))) continue;
            for (uint32_t x = 0; x < t->nidx; x++) {
                stor_index *ix = &t->idx[x];
                if (ix->kind != IK_PRIMARY && ix->kind != IK_UNIQUE) continue;
                if (!ex_privs_index_visible(ctx->s, t, ix)) continue;
                if (tc) { begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, ix->name); vs(&b, t->db); vs(&b, t->name); vs(&b, ix->kind == IK_PRIMARY ? "PRIMARY KEY" : "UNIQUE"); end_row(&b); continue; }
                for (uint32_t k = 0; k < ix->ncols; k++) {
                    begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, ix->name); vs(&b, "def"); vs(&b, t->db); vs(&b, t->name);
                    vs(&b, t->cols[ix->cols[k]].name); b.cur[b.k++] = ex_int(k + 1); vn(&b); vn(&b); vn(&b); vn(&b);
                    end_row(&b);
                }
            }
            for (uint32_t f = 0; f < t->nfks; f++) {
                const stor_fk *k = &t->fks[f];
                if (!ex_privs_key_visible(ctx->s, t, (const char *const *)k->cols, k->ncols)) continue;
                if (tc) { begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, k->name); vs(&b, t->db); vs(&b, t->name); vs(&b, "FOREIGN KEY"); end_row(&b); continue; }
                for (uint32_t c = 0; c < k->ncols; c++) {
                    begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, k->name); vs(&b, "def"); vs(&b, t->db); vs(&b, t->name);
                    vs(&b, k->cols[c]); b.cur[b.k++] = ex_int(c + 1); b.cur[b.k++] = ex_int(c + 1);
                    vs(&b, k->ref_db); vs(&b, k->ref_table); vs(&b, k->ref_cols[c]);
                    end_row(&b);
                }
            }
            if (!tc) continue;
            for (uint32_t c = 0; c < t->ncols; c++) {   /* CHECK: the columns' own, then the table's */
                bool own = t->cols[c].json;
                for (uint32_t k = 0; k < t->nchecks; k++) if (t->checks[k].col && !strcmp(t->checks[k].col, t->cols[c].name)) own = true;
                if (!own) continue;
                begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, t->cols[c].name); vs(&b, t->db); vs(&b, t->name); vs(&b, "CHECK"); end_row(&b);
            }
            for (uint32_t k = 0; k < t->nchecks; k++) {
                if (t->checks[k].col) continue;
                begin_row(&b); vs(&b, "def"); vs(&b, t->db); vs(&b, t->checks[k].name); vs(&b, t->db); vs(&b, t->name); vs(&b, "CHECK"); end_row(&b);
            }
        }
    } else return false;
    *types = b.types;
    *names = b.names;
    *ncols = b.ncols;
    return true;
}

/* ---------------------------------------------------------------- the mysql schema */

/* MariaDB 10.11's grant tables, read-only, made from the accounts and their grants as
 * information_schema's tables are from the catalog (a SELECT needs the privilege on
 * them, as in MariaDB: ex_privs_statement). Not kept: a grant's Grantor and Timestamp
 * (a routine grant's Grantor is), password_last_changed, proxy grants (MariaDB's
 * installer gives root some), resource limits (all 0). The user
 * table's privilege columns in MariaDB's order: the STOR_PRIV_* bit of each. */
static const struct { const char *name; uint8_t bit; } user_privs[] = {
    { "Select_priv", 0 }, { "Insert_priv", 1 }, { "Update_priv", 2 }, { "Delete_priv", 3 },
    { "Create_priv", 4 }, { "Drop_priv", 5 }, { "Reload_priv", 6 }, { "Shutdown_priv", 7 },
    { "Process_priv", 8 }, { "File_priv", 9 }, { "Grant_priv", 10 }, { "References_priv", 11 },
    { "Index_priv", 12 }, { "Alter_priv", 13 }, { "Show_db_priv", 14 }, { "Super_priv", 15 },
    { "Create_tmp_table_priv", 16 }, { "Lock_tables_priv", 17 }, { "Execute_priv", 18 },
    { "Repl_slave_priv", 19 }, { "Repl_client_priv", 20 }, { "Create_view_priv", 21 },
    { "Show_view_priv", 22 }, { "Create_routine_priv", 23 }, { "Alter_routine_priv", 24 },
    { "Create_user_priv", 25 }, { "Event_priv", 26 }, { "Trigger_priv", 27 },
    { "Create_tablespace_priv", 28 }, { "Delete_history_priv", 29 } };
/* mysql.db's, likewise */
static const struct { const char *name; uint8_t bit; } db_privs[] = {
    { "Select_priv", 0 }, { "Insert_priv", 1 }, { "Update_priv", 2 }, { "Delete_priv", 3 },
    { "Create_priv", 4 }, { "Drop_priv", 5 }, { "Grant_priv", 10 }, { "References_priv", 11 },
    { "Index_priv", 12 }, { "Alter_priv", 13 }, { "Create_tmp_table_priv", 16 },
    { "Lock_tables_priv", 17 }, { "Create_view_priv", 21 }, { "Show_view_priv", 22 },
    { "Create_routine_priv", 23 }, { "Alter_routine_priv", 24 }, { "Execute_priv", 18 },
    { "Event_priv", 26 }, { "Trigger_priv", 27 }, { "Delete_history_priv", 29 } };
/* mysql.tables_priv's Table_priv members, in its SET's order */
static const struct { const char *name; uint8_t bit; } table_privs[] = {
    { "Select", 0 }, { "Insert", 1 }, { "Update", 2 }, { "Delete", 3 }, { "Create", 4 },
    { "Drop", 5 }, { "Grant", 10 }, { "References", 11 }, { "Index", 12 }, { "Alter", 13 },
    { "Create View", 21 }, { "Show view", 22 }, { "Trigger", 27 }, { "Delete versioning rows", 29 } };

/* The i-th privilege column of mysql.user (user false) or mysql.db, and the i-th member
 * of tables_priv's Table_priv (FLUSH PRIVILEGES reads restored tables by them); NULL past
 * the last. */
const char *ex_mysql_priv_column(int which, size_t i, int *bit)
{
    if (which == 0 && i < sizeof user_privs / sizeof *user_privs) { *bit = user_privs[i].bit; return user_privs[i].name; }
    if (which == 1 && i < sizeof db_privs / sizeof *db_privs) { *bit = db_privs[i].bit; return db_privs[i].name; }
    if (which == 2 && i < sizeof table_privs / sizeof *table_privs) { *bit = table_privs[i].bit; return table_privs[i].name; }
    return NULL;
}

static void vyn(isb *b, uint64_t privs, int bit) { vs(b, privs >> bit & 1 ? "Y" : "N"); }

/* A native account's hash as MariaDB shows it ("*" and 40 hex digits; empty for none);
 * caching_sha2_password (which MariaDB lacks) shows none. */
static const char *auth_string(isb *b, const stor_account *a)
{
    if (a->is_role || a->empty_password || strcmp(a->plugin, "mysql_native_password")) return "";
    char *s = stor_arena_alloc(b->ctx->a, 42);
    s[0] = '*';
    for (int i = 0; i < 20; i++) snprintf(s + 1 + 2 * i, 3, "%02X", a->native_hash[i]);
    return s;
}

static void mysql_user(isb *b, const stor_account *acc, size_t n)
{
    col(b, "Host", 'C', 255); col(b, "User", 'C', 128); col(b, "Password", 'B', 0);
    for (size_t i = 0; i < sizeof user_privs / sizeof *user_privs; i++) col(b, user_privs[i].name, 'S', 1);
    col(b, "ssl_type", 'S', 9); col(b, "ssl_cipher", 'B', 0); col(b, "x509_issuer", 'B', 0);
    col(b, "x509_subject", 'B', 0); col(b, "max_questions", 'U', 0); col(b, "max_updates", 'U', 0);
    col(b, "max_connections", 'U', 0); col(b, "max_user_connections", 'I', 21); col(b, "plugin", 'B', 0);
    col(b, "authentication_string", 'B', 0); col(b, "password_expired", 'S', 1); col(b, "is_role", 'S', 1);
    col(b, "default_role", 'B', 0); col(b, "max_statement_time", 'M', 0);
    b->rows->ncols = (uint32_t)b->ncols;
    for (size_t i = 0; i < n; i++) {
        const stor_account *a = &acc[i];
        const char *auth = auth_string(b, a);
        begin_row(b); vs(b, a->host); vs(b, a->user); vs(b, auth);
        for (size_t k = 0; k < sizeof user_privs / sizeof *user_privs; k++) vyn(b, a->privs, user_privs[k].bit);
        vs(b, ""); vs(b, ""); vs(b, ""); vs(b, ""); vu(b, 0); vu(b, 0); vu(b, 0);
        b->cur[b->k++] = ex_int(0);
        vs(b, a->plugin); vs(b, auth); vs(b, "N"); vs(b, a->is_role ? "Y" : "N"); vs(b, a->default_role);
        pdb_value d = ex_int(0);
        d.t = VT_DECIMAL;
        d.scale = 6;
        b->cur[b->k++] = d;
        end_row(b);
    }
}

/* MariaDB's version as a number (10.11.19: 101119), as global_priv's version_id. */
static int ex_version_id(void)
{
    int a = 0, b = 0, c = 0;
    sscanf(pdb_server_version(), "%d.%d.%d", &a, &b, &c);
    return a * 10000 + b * 100 + c;
}

static void mysql_global_priv(isb *b, const stor_account *acc, size_t n)
{
    col(b, "Host", 'C', 255); col(b, "User", 'C', 128); col(b, "Priv", 'X', 0);
    b->rows->ncols = (uint32_t)b->ncols;
    for (size_t i = 0; i < n; i++) {
        char *j = stor_arena_alloc(b->ctx->a, 400);
        if (acc[i].is_role)
            snprintf(j, 400, "{\"access\":%llu,\"version_id\":%d,\"is_role\":true}", (unsigned long long)acc[i].privs,
                     ex_version_id());
        else
            snprintf(j, 400, "{\"access\":%llu,\"plugin\":\"%s\",\"authentication_string\":\"%s\"%s%s%s%s}",
                     (unsigned long long)acc[i].privs, acc[i].plugin, auth_string(b, &acc[i]),
                     acc[i].locked ? ",\"account_locked\":true" : "",
                     acc[i].default_role[0] ? ",\"default_role\":\"" : "", acc[i].default_role,
                     acc[i].default_role[0] ? "\"" : "");
        begin_row(b); vs(b, acc[i].host); vs(b, acc[i].user); vs(b, j); end_row(b);
    }
}

/* mysql.columns_priv's columns */
static const iscol my_columns_priv[] = {
    { "Host", 'C', 255, true }, { "Db", 'C', 64, true }, { "User", 'C', 128, true },
    { "Table_name", 'C', 64, true }, { "Column_name", 'C', 64, true }, { "Timestamp", 'T', 0, true },
    { "Column_priv", 'E', 31, true }, { NULL, 0, 0, false } };

/* A SET value of tables_priv's or columns_priv's privilege names (privs' members). */
static const char *priv_set(isb *b, uint64_t privs)
{
    char *set = stor_arena_alloc(b->ctx->a, 200);
    size_t at = 0;
    set[0] = 0;
    for (size_t p = 0; p < sizeof table_privs / sizeof *table_privs; p++)
        if (privs >> table_privs[p].bit & 1)
            at += (size_t)snprintf(set + at, 200 - at, "%s%s", at ? "," : "", table_privs[p].name);
    return set;
}

/* The union of user@host's column privileges on db.table. */
static uint64_t col_union(const stor_col_grant *c, size_t nc, const char *db, const char *table)
{
    uint64_t u = 0;
    for (size_t k = 0; k < nc; k++)
        if (!strcmp(c[k].db, db) && !strcmp(c[k].table, table)) u |= c[k].privs;
    return u;
}

/* tables_priv rows of the tables where an account has column grants only (Table_priv ''). */
static void col_only_tables(isb *b, const stor_grant *g, size_t ng, const stor_col_grant *c, size_t nc)
{
    for (size_t i = 0; i < nc; i++) {
        bool first = true;
        for (size_t j = 0; j < i && first; j++) first = strcmp(c[j].db, c[i].db) || strcmp(c[j].table, c[i].table);
        for (size_t k = 0; k < ng && first; k++) first = strcmp(g[k].db, c[i].db) || strcmp(g[k].table, c[i].table);
        if (!first) continue;
        begin_row(b); vs(b, c[i].host); vs(b, c[i].db); vs(b, c[i].user); vs(b, c[i].table); vs(b, ""); vn(b);
        vs(b, ""); vs(b, priv_set(b, col_union(c, nc, c[i].db, c[i].table)));
        end_row(b);
    }
}

/* mysql.columns_priv: a row per column grant */
static void mysql_columns_priv(isb *b)
{
    cols_from(b, my_columns_priv);
    b->rows->ncols = (uint32_t)b->ncols;
    size_t n = 0;
    stor_col_grant *c = stor_col_grant_list(NULL, NULL, &n);
    for (size_t i = 0; i < n; i++) {
        begin_row(b); vs(b, c[i].host); vs(b, c[i].db); vs(b, c[i].user); vs(b, c[i].table); vs(b, c[i].column);
        vn(b); vs(b, priv_set(b, c[i].privs));
        end_row(b);
    }
    free(c);
}

/* mysql.db (tables false) or mysql.tables_priv: each account's grants at that level */
static void mysql_grants(isb *b, const stor_account *acc, size_t n, bool tables)
{
    col(b, "Host", 'C', 255); col(b, "Db", 'C', 64); col(b, "User", 'C', 128);
    if (tables) {
        col(b, "Table_name", 'C', 64); col(b, "Grantor", 'S', 384); col(b, "Timestamp", 'T', 0);
        col(b, "Table_priv", 'E', 121); col(b, "Column_priv", 'E', 31);
    } else {
        for (size_t i = 0; i < sizeof db_privs / sizeof *db_privs; i++) col(b, db_privs[i].name, 'E', 1);
    }
    b->rows->ncols = (uint32_t)b->ncols;
    for (size_t i = 0; i < n; i++) {
        size_t ng, nc = 0;
        stor_grant *g = stor_grant_list(acc[i].user, acc[i].host, &ng);
        stor_col_grant *c = tables ? stor_col_grant_list(acc[i].user, acc[i].host, &nc) : NULL;
        for (size_t k = 0; k < ng; k++) {
            if (!g[k].table[0] == tables) continue;
            begin_row(b); vs(b, g[k].host); vs(b, g[k].db); vs(b, g[k].user);
            if (tables) {
                vs(b, g[k].table); vs(b, ""); vn(b); vs(b, priv_set(b, g[k].privs));
                vs(b, priv_set(b, col_union(c, nc, g[k].db, g[k].table)));
            } else {
                for (size_t p = 0; p < sizeof db_privs / sizeof *db_privs; p++) vyn(b, g[k].privs, db_privs[p].bit);
            }
            end_row(b);
        }
        if (tables) col_only_tables(b, g, ng, c, nc);
        free(c);
        free(g);
    }
}

/* mysql.procs_priv's columns */
static const iscol my_procs_priv[] = {
    { "Host", 'C', 255, true }, { "Db", 'C', 64, true }, { "User", 'C', 128, true },
    { "Routine_name", 'C', 64, true }, { "Routine_type", 'E', 12, true }, { "Grantor", 'S', 384, true },
    { "Proc_priv", 'E', 27, true }, { "Timestamp", 'T', 0, true }, { NULL, 0, 0, false } };

/* mysql.procs_priv: a row per routine grant (Proc_priv a SET of Execute, Alter Routine,
 * Grant; Timestamp zero, as MariaDB leaves it). */
static void mysql_procs_priv(isb *b)
{
    cols_from(b, my_procs_priv);
    b->rows->ncols = (uint32_t)b->ncols;
    size_t n = 0;
    stor_proc_grant *g = stor_proc_grant_list(NULL, NULL, &n);
    for (size_t i = 0; i < n; i++) {
        char set[40];
        snprintf(set, sizeof set, "%s%s%s%s%s", g[i].privs & STOR_PRIV_EXECUTE ? "Execute" : "",
                 (g[i].privs & STOR_PRIV_EXECUTE) && (g[i].privs & (STOR_PRIV_ALTER_PROC | STOR_PRIV_GRANT)) ? "," : "",
                 g[i].privs & STOR_PRIV_ALTER_PROC ? "Alter Routine" : "",
                 (g[i].privs & STOR_PRIV_ALTER_PROC) && (g[i].privs & STOR_PRIV_GRANT) ? "," : "",
                 g[i].privs & STOR_PRIV_GRANT ? "Grant" : "");
        begin_row(b); vs(b, g[i].host); vs(b, g[i].db); vs(b, g[i].user); vs(b, g[i].name);
        vs(b, g[i].function ? "FUNCTION" : "PROCEDURE"); vs(b, g[i].grantor);
        vs(b, stor_arena_strndup(b->ctx->a, set, strlen(set)));
        b->cur[b->k++] = time_value("0000-00-00 00:00:00");
        end_row(b);
    }
    free(g);
}

/* The tables pressdb keeps empty, with MariaDB's columns. */
static const iscol my_proxies_priv[] = {
    { "Host", 'C', 255, true }, { "User", 'C', 128, true }, { "Proxied_host", 'C', 255, true },
    { "Proxied_user", 'C', 128, true }, { "With_grant", 'i', 1, true }, { "Grantor", 'S', 384, true },
    { "Timestamp", 'T', 0, true }, { NULL, 0, 0, false } };
static const iscol my_roles_mapping[] = {
    { "Host", 'C', 255, true }, { "User", 'C', 128, true }, { "Role", 'C', 128, true },
    { "Admin_option", 'E', 1, true }, { NULL, 0, 0, false } };

static void mysql_roles_mapping(isb *b)
{
    cols_from(b, my_roles_mapping);
    b->rows->ncols = (uint32_t)b->ncols;
    size_t n = 0;
    stor_role_grant *rg = stor_role_grant_list(&n);
    for (size_t i = 0; i < n; i++) {
        begin_row(b); vs(b, rg[i].host); vs(b, rg[i].user); vs(b, rg[i].role); vs(b, rg[i].admin ? "Y" : "N");
        end_row(b);
    }
    free(rg);
}

static const struct { const char *name; const iscol *empty; } mysql_tabs[] = {
    { "user", NULL }, { "global_priv", NULL }, { "db", NULL }, { "tables_priv", NULL },
    { "columns_priv", NULL }, { "procs_priv", NULL },
    { "proxies_priv", my_proxies_priv }, { "roles_mapping", NULL } };
#define NMYSQL_TABS (sizeof mysql_tabs / sizeof *mysql_tabs)

static size_t mysql_tab(const char *name)
{
    size_t t = 0;
    while (t < NMYSQL_TABS && strcmp(mysql_tabs[t].name, name)) t++;   /* (names are case-sensitive) */
    return t;
}

bool ex_mysql_schema_table(const char *name) { return mysql_tab(name) < NMYSQL_TABS; }

const char *ex_mysql_schema_name(size_t i)
{
    /* (SHOW TABLES' order: by name) */
    static const char *const sorted[] = { "columns_priv", "db", "global_priv", "procs_priv", "proxies_priv",
                                          "roles_mapping", "tables_priv", "user" };
    _Static_assert(sizeof sorted / sizeof *sorted == NMYSQL_TABS, "a mysql table missing from the list");
    return i < NMYSQL_TABS ? sorted[i] : NULL;
}

bool ex_mysql_schema(ex_ctx *ctx, const char *name, ex_rows *rows, ex_type **types, const char ***names, int *ncols)
{
    size_t t = mysql_tab(name);
    if (t == NMYSQL_TABS) return false;
    isb b = { ctx, rows, NULL, NULL, 0, NULL, 0 };
    b.types = stor_arena_alloc(ctx->a, 64 * sizeof(ex_type));
    b.names = stor_arena_alloc(ctx->a, 64 * sizeof(char *));
    if (mysql_tabs[t].empty) {
        cols_from(&b, mysql_tabs[t].empty);
        rows->ncols = (uint32_t)b.ncols;
    } else {
        size_t n;
        stor_account *acc = stor_account_list(&n);
        switch (t) {
        case 0: mysql_user(&b, acc, n); break;
        case 1: mysql_global_priv(&b, acc, n); break;
        case 4: mysql_columns_priv(&b); break;
        case 5: mysql_procs_priv(&b); break;
        case 7: mysql_roles_mapping(&b); break;
        default: mysql_grants(&b, acc, n, t == 3); break;
        }
        free(acc);
    }
    *types = b.types;
    *names = b.names;
    *ncols = b.ncols;
    return true;
}
