/* binlog.c - the binary log in MariaDB 10.11's format (--log-bin), for MariaDB replicas,
 * mariadb-binlog and point-in-time recovery.
 *
 * Files <base>.000001, <base>.000002 ... in the datadir, listed in <base>.index
 * ("./<name>" per line, as MariaDB writes it). Each file: the magic 0xfe 'bin', a
 * Format_description event, a Gtid_list (the GTID state before the file's first
 * transaction) and a Binlog_checkpoint; then per committed transaction a GTID event, for
 * each run of rows of one table and one kind a Table_map and Write/Update/Delete_rows
 * (v1) events with full row images, and an Xid event; per DDL statement a GTID event
 * (standalone) and a Query event; a Rotate event when the file passes max_binlog_size.
 * Every event carries a CRC32 (binlog_checksum=CRC32).
 *
 * Rows are encoded when they change (wal.c calls binlog_note_row into the transaction's
 * buffer, the same place as its redo), so an UPDATE's before image is the row as it was;
 * the events are written at commit under the log mutex, in the commit order of the
 * write-ahead log, just before the transaction's log frame. The frame carries the GTID
 * (redo record 'X'); recovery cuts from the binary log any transaction whose GTID the
 * log does not hold (a crash between the two writes), so the two agree after kill -9.
 * With sync_binlog=1 the frame also carries a copy of the group's events (redo 'B': file,
 * position, bytes), so the log's one fdatasync makes both durable: a second sync per
 * commit, of a file whose size changes, cost as much again on a disk that serialises
 * flushes. Recovery writes such copies back into any file that lost them (a power loss
 * took its unsynced tail), and a checkpoint syncs the binary log before the log that
 * holds the copies is replaced.
 * A new file is started at every start of the server, as MariaDB does.
 */
#include "storage/storage.h"
#include "storage/wal.h"
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* event types */
enum {
    EV_ANNOTATE = 160,
    EV_QUERY = 2, EV_STOP = 3, EV_ROTATE = 4, EV_FDE = 15, EV_XID = 16, EV_TABLE_MAP = 19,
    EV_WRITE_V1 = 23, EV_UPDATE_V1 = 24, EV_DELETE_V1 = 25,
    EV_CHECKPOINT = 161, EV_GTID = 162, EV_GTID_LIST = 163,
};
/* MySQL field types as the row format names them */
enum {
    MT_TINY = 1, MT_SHORT = 2, MT_LONG = 3, MT_FLOAT = 4, MT_DOUBLE = 5, MT_LONGLONG = 8,
    MT_INT24 = 9, MT_DATE = 10, MT_YEAR = 13, MT_VARCHAR = 15, MT_BIT = 16,
    MT_TIMESTAMP2 = 17, MT_DATETIME2 = 18, MT_TIME2 = 19, MT_NEWDECIMAL = 246,
    MT_ENUM = 247, MT_SET = 248, MT_BLOB = 252, MT_STRING = 254, MT_GEOMETRY = 255,
};
#define HDR_LEN 19
#define FL_STANDALONE 1
#define FL_TRANSACTIONAL 4
#define FL_ALLOW_PARALLEL 8
#define FL_DDL 32
#define ROWS_MAX 8192            /* binlog_row_event_max_size: rows per event */

/* The post-header length of each event type, as MariaDB 10.11's Format_description
 * lists them (types 1..171): a replica reads every event's post header by this table. */
static const uint8_t post_header_len[] = {
    0x38, 0x0d, 0x00, 0x08, 0x00, 0x12, 0x00, 0x04, 0x04, 0x04, 0x04, 0x12, 0x00, 0x00, 0xe4, 0x00,
    0x04, 0x1a, 0x08, 0x00, 0x00, 0x00, 0x08, 0x08, 0x08, 0x02, 0x00, 0x00, 0x00, 0x0a, 0x0a, 0x0a,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0a, 0x0a, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    [160] = 0x04, 0x13, 0x04, 0x00, 0x0d, 0x08, 0x08, 0x08, 0x0a, 0x0a, 0x0a,
};

/* ---- state (under the log mutex: binlog_commit and binlog_ddl run under wal.c's) ---- */
bool binlog_enabled;
static char base[256];                 /* file base name, e.g. "pressdb-bin" */
static char dir[4096];
static int fd = -1;
static uint32_t file_no;               /* number of the current file */
static uint32_t first_no = 1;          /* the lowest number that may still exist (purges and
                                          RESET MASTER TO move it: no loop starts below) */
static uint64_t pos;                   /* its length (end of the last whole event) */
static uint64_t grp_start;             /* where the group being written begins */
static uint64_t done;                  /* the end of the last group whose log frame is
                                          written (info_mu): SHOW MASTER STATUS's position */
static uint64_t pub;                   /* what replicas are sent (info_mu): groups whose log
                                          frame is written (synced, with sync_binlog=1 and
                                          durable commits: binlog_published) */
static struct gtid *last_slot;         /* the last group's domain and what it had before */
static uint64_t last_seq;
static uint32_t last_server;
static uint64_t max_size = 1073741824; /* max_binlog_size */
static uint32_t server_id = 1, domain_id;
static uint16_t server_coll = 45;      /* collation_server for DDL's Query events */
static bool sync_each;                 /* sync_binlog=1 */
static uint64_t expire_s;              /* binlog_expire_logs_seconds (0: never) */
static uint64_t next_xid = 1;
static uint64_t next_map_id = 1;
/* GTID state: the last sequence number per domain (and its server) */
#define MAX_DOMAINS 16
static struct gtid { uint32_t domain, server; uint64_t seq; } state[MAX_DOMAINS];
static int nstate;
static pthread_mutex_t info_mu = PTHREAD_MUTEX_INITIALIZER;   /* readers of the above */
static int nwal_state;                 /* recovery's GTIDs from the log (below) */
static bool wal_known;                 /* the log says its GTID state (an 'N', 'R' or 'X'):
                                          a domain it does not name has no transaction */

void stor_binlog_set_ids(uint32_t sid, uint32_t dom) { server_id = sid; domain_id = dom; }
/* (MariaDB's range: 4 KiB to 1 GiB; event positions are 32 bits) */
void stor_binlog_set_max_size(uint64_t n) { max_size = n < 4096 ? 4096 : n > 1073741824 ? 1073741824 : n; }
void stor_binlog_set_sync(bool on) { sync_each = on; }
void stor_binlog_set_expire(uint64_t seconds) { expire_s = seconds; }
void stor_binlog_set_collation(uint16_t coll) { server_coll = coll; }
bool stor_binlog_on(void) { return binlog_enabled; }

static struct gtid *gtid_slot(uint32_t dom)
{
    for (int i = 0; i < nstate; i++) if (state[i].domain == dom) return &state[i];
    if (nstate == MAX_DOMAINS) return &state[MAX_DOMAINS - 1];
    state[nstate] = (struct gtid){ dom, 0, 0 };
    return &state[nstate++];
}

/* ---- little helpers: a growing byte buffer ---- */

static void bb_need(bl_buf *b, size_t n)
{
    if (b->len + n <= b->cap) return;
    size_t nc = b->cap ? b->cap * 2 : 4096;
    while (nc < b->len + n) nc *= 2;
    /* (stor_vec_grow: a bulk load's row images are 100s of MB, grown without copies) */
    uint8_t *q = stor_vec_grow(b->p, b->cap, nc);
    if (!q) { fprintf(stderr, "pressdb: out of memory for the binary log\n"); abort(); }
    b->p = q;
    b->cap = nc;
}
static void bb_put(bl_buf *b, const void *p, size_t n) { bb_need(b, n); memcpy(b->p + b->len, p, n); b->len += n; }
static void bb_u8(bl_buf *b, uint8_t v) { bb_put(b, &v, 1); }
static void bb_le(bl_buf *b, uint64_t v, int n) { uint8_t t[8]; for (int i = 0; i < n; i++) t[i] = (uint8_t)(v >> (8 * i)); bb_put(b, t, (size_t)n); }
static void bb_be(bl_buf *b, uint64_t v, int n) { uint8_t t[8]; for (int i = 0; i < n; i++) t[i] = (uint8_t)(v >> (8 * (n - 1 - i))); bb_put(b, t, (size_t)n); }
static void bb_packed(bl_buf *b, uint64_t v)   /* the protocol's length-encoded integer */
{
    if (v < 251) bb_u8(b, (uint8_t)v);
    else if (v < 65536) { bb_u8(b, 0xfc); bb_le(b, v, 2); }
    else if (v < 16777216) { bb_u8(b, 0xfd); bb_le(b, v, 3); }
    else { bb_u8(b, 0xfe); bb_le(b, v, 8); }
}
void binlog_buf_free(bl_buf *b) { if (b->p) stor_vec_free(b->p, b->cap); b->p = NULL; b->len = b->cap = 0; }

/* ---- how a column is written: its type, metadata and value ---- */

static unsigned coll_maxlen(uint16_t coll)
{
    const pdb_collation *c = pdb_coll_by_id(coll);
    return c && c->maxlen ? c->maxlen : 1;
}
static int blob_pack(uint8_t type)
{
    switch (type) {
    case CT_TINYTEXT: case CT_TINYBLOB: return 1;
    case CT_TEXT: case CT_BLOB: return 2;
    case CT_MEDIUMTEXT: case CT_MEDIUMBLOB: return 3;
    default: return 4;
    }
}
static uint32_t char_bytes(const stor_column *c)   /* a CHAR/BINARY column's length in bytes */
{
    uint32_t w = c->width ? c->width : 1;
    return c->type == CT_BINARY ? w : w * coll_maxlen(c->coll);
}
static int set_pack(uint32_t n) { int l = (int)((n + 7) / 8); return l > 4 ? 8 : l; }
static int fsp_of(const stor_column *c) { return c->scale < 0 ? 0 : c->scale > 6 ? 6 : c->scale; }

static uint8_t col_mtype(const stor_column *c)
{
    if (c->geom) return MT_GEOMETRY;   /* (its metadata and row bytes are a LONGBLOB's) */
    switch (c->type) {
    case CT_TINYINT: return MT_TINY;
    case CT_SMALLINT: return MT_SHORT;
    case CT_MEDIUMINT: return MT_INT24;
    case CT_INT: return MT_LONG;
    case CT_BIGINT: return MT_LONGLONG;
    case CT_DECIMAL: return MT_NEWDECIMAL;
    case CT_FLOAT: return MT_FLOAT;
    case CT_DOUBLE: return MT_DOUBLE;
    case CT_BIT: return MT_BIT;
    case CT_CHAR: case CT_BINARY: case CT_ENUM: case CT_SET: return MT_STRING;
    case CT_VARCHAR: case CT_VARBINARY: return MT_VARCHAR;
    case CT_DATE: return MT_DATE;
    case CT_DATETIME: return MT_DATETIME2;
    case CT_TIMESTAMP: return MT_TIMESTAMP2;
    case CT_TIME: return MT_TIME2;
    case CT_YEAR: return MT_YEAR;
    default: return MT_BLOB;
    }
}

static void col_meta(bl_buf *b, const stor_column *c)
{
    switch (c->type) {
    case CT_FLOAT: bb_u8(b, 4); break;
    case CT_DOUBLE: bb_u8(b, 8); break;
    case CT_DECIMAL: bb_u8(b, (uint8_t)(c->width ? c->width : 10)); bb_u8(b, (uint8_t)(c->scale < 0 ? 0 : c->scale)); break;
    case CT_BIT: { uint32_t m = c->width ? c->width : 1; bb_u8(b, (uint8_t)(m % 8)); bb_u8(b, (uint8_t)(m / 8)); break; }
    case CT_VARCHAR: case CT_VARBINARY: {
        uint32_t w = c->type == CT_VARBINARY ? c->width : c->width * coll_maxlen(c->coll);
        bb_le(b, w, 2);
        break;
    }
    case CT_CHAR: case CT_BINARY: {
        uint32_t n = char_bytes(c);
        bb_u8(b, (uint8_t)(MT_STRING ^ ((n & 0x300) >> 4)));
        bb_u8(b, (uint8_t)(n & 0xff));
        break;
    }
    case CT_ENUM: bb_u8(b, MT_ENUM); bb_u8(b, c->n_enum < 256 ? 1 : 2); break;
    case CT_SET: bb_u8(b, MT_SET); bb_u8(b, (uint8_t)set_pack(c->n_enum)); break;
    case CT_DATETIME: case CT_TIMESTAMP: case CT_TIME: bb_u8(b, (uint8_t)fsp_of(c)); break;
    case CT_TINYTEXT: case CT_TEXT: case CT_MEDIUMTEXT: case CT_LONGTEXT:
    case CT_TINYBLOB: case CT_BLOB: case CT_MEDIUMBLOB: case CT_LONGBLOB:
        bb_u8(b, (uint8_t)blob_pack(c->type));
        break;
    default: break;
    }
}

/* DECIMAL(M,D) in MySQL's binary form: nine-digit groups, big-endian, the sign in the
 * top bit (all bits inverted for a negative value). digits: the value's digits, intg of
 * them before the point and exactly D after. */
static void put_decimal(bl_buf *b, const stor_column *c, const pdb_value *v)
{
    static const int dig2bytes[10] = { 0, 1, 1, 2, 2, 3, 3, 4, 4, 4 };
    int prec = (int)(c->width ? c->width : 10), scale = c->scale < 0 ? 0 : c->scale;
    int intg = prec - scale;
    char txt[200], ip[100], fp[100];
    if (scale > 60) scale = 60;
    if (v->t == VT_DECIMAL && v->len) snprintf(txt, sizeof txt, "%.*s", (int)v->len, v->p);
    else {
        int64_t x = v->t == VT_DOUBLE ? (int64_t)v->d : v->i;
        uint64_t ax = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
        uint64_t p10 = 1;
        for (int i = 0; i < scale; i++) p10 *= 10;
        if (scale) snprintf(txt, sizeof txt, "%s%" PRIu64 ".%0*" PRIu64, x < 0 ? "-" : "", ax / p10, scale, ax % p10);
        else snprintf(txt, sizeof txt, "%s%" PRIu64, x < 0 ? "-" : "", ax);
    }
    bool neg = txt[0] == '-';
    const char *s = txt + neg, *dot = strchr(s, '.');
    size_t il = dot ? (size_t)(dot - s) : strlen(s);
    /* integer digits right-aligned in intg places, fraction left-aligned in scale */
    memset(ip, '0', (size_t)intg); ip[intg] = 0;
    size_t take = il > (size_t)intg ? (size_t)intg : il;
    memcpy(ip + intg - take, s + il - take, take);
    memset(fp, '0', (size_t)scale); fp[scale] = 0;
    if (dot) { size_t fl = strlen(dot + 1); memcpy(fp, dot + 1, fl > (size_t)scale ? (size_t)scale : fl); }
    size_t start = b->len;
    int ix = intg % 9, fx = scale % 9;
    const char *q = ip;
    #define GROUP(nd, nb) do { uint64_t g_ = 0; for (int k_ = 0; k_ < (nd); k_++) g_ = g_ * 10 + (uint64_t)(*q++ - '0'); bb_be(b, g_, (nb)); } while (0)
    if (ix) GROUP(ix, dig2bytes[ix]);
    for (int g = 0; g < intg / 9; g++) GROUP(9, 4);
    q = fp;
    for (int g = 0; g < scale / 9; g++) GROUP(9, 4);
    if (fx) GROUP(fx, dig2bytes[fx]);
    #undef GROUP
    bool zero = true;
    for (size_t i = start; i < b->len; i++) if (b->p[i]) zero = false;
    if (neg && !zero) for (size_t i = start; i < b->len; i++) b->p[i] = (uint8_t)~b->p[i];
    if (b->len > start) b->p[start] ^= 0x80;
}

static void put_frac(bl_buf *b, int fsp, int64_t us)
{
    if (fsp >= 5) bb_be(b, (uint64_t)us, 3);
    else if (fsp >= 3) bb_be(b, (uint64_t)(us / 100), 2);
    else if (fsp >= 1) bb_u8(b, (uint8_t)(int8_t)(us / 10000));
}

static void put_time2(bl_buf *b, int fsp, int64_t v)
{
    bool neg = v < 0;
    uint64_t a = neg ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    uint64_t us = a % 1000000, s = a / 1000000;
    uint64_t hms = ((s / 3600) << 12) | (((s / 60) % 60) << 6) | (s % 60);
    int64_t nr = (int64_t)((hms << 24) + us);
    if (neg) nr = -nr;
    int64_t ip = nr >> 24, fr = nr % (1LL << 24);
    if (fsp >= 5) { bb_be(b, (uint64_t)(nr + 0x800000000000LL), 6); return; }
    bb_be(b, (uint64_t)(ip + 0x800000), 3);
    if (fsp >= 3) bb_be(b, (uint64_t)(int64_t)(int16_t)(fr / 100), 2);
    else if (fsp >= 1) bb_u8(b, (uint8_t)(int8_t)(fr / 10000));
}

static uint64_t enum_index(const stor_column *c, const pdb_value *v)
{
    for (uint32_t i = 0; i < c->n_enum; i++)
        if (strlen(c->enum_vals[i]) == v->len && !memcmp(c->enum_vals[i], v->p, v->len)) return i + 1;
    return 0;
}

static uint64_t set_bits(const stor_column *c, const pdb_value *v)
{
    uint64_t bits = 0;
    const char *p = v->p, *end = v->p + v->len;
    while (p < end) {
        const char *e = memchr(p, ',', (size_t)(end - p));
        if (!e) e = end;
        for (uint32_t i = 0; i < c->n_enum && i < 64; i++)
            if (strlen(c->enum_vals[i]) == (size_t)(e - p) && !memcmp(c->enum_vals[i], p, (size_t)(e - p))) bits |= 1ull << i;
        p = e + 1;
    }
    return bits;
}

/* A text column's bytes in its own character set (the engine holds UTF-8). */
static pdb_value col_bytes(const stor_column *c, const pdb_value *v, char *buf, size_t cap, char **heap)
{
    pdb_value o = *v;
    if ((!pdb_coll_transcoded(c->coll) && !pdb_coll_wide(c->coll)) || c->coll == 63 || !v->len) return o;
    size_t need = pdb_coll_octets_cap(c->coll, v->len);
    char *out = need <= cap ? buf : (*heap = stor_malloc(need));
    if (!out) return o;
    o.len = (uint32_t)pdb_coll_octets(c->coll, v->p, v->len, out);
    o.p = out;
    return o;
}

static void put_value_in(bl_buf *b, const stor_column *c, const pdb_value *v)
{
    int y, mo, d, h, mi, s, us;
    switch (c->type) {
    case CT_TINYINT: bb_le(b, (uint64_t)v->i, 1); return;
    case CT_SMALLINT: bb_le(b, (uint64_t)v->i, 2); return;
    case CT_MEDIUMINT: bb_le(b, (uint64_t)v->i, 3); return;
    case CT_INT: bb_le(b, (uint64_t)v->i, 4); return;
    case CT_BIGINT: bb_le(b, v->u, 8); return;
    case CT_YEAR: bb_u8(b, (uint8_t)(v->i ? v->i - 1900 : 0)); return;
    case CT_FLOAT: { float f = (float)(v->t == VT_DOUBLE ? v->d : (double)v->i); bb_put(b, &f, 4); return; }
    case CT_DOUBLE: { double f = v->t == VT_DOUBLE ? v->d : (double)v->i; bb_put(b, &f, 8); return; }
    case CT_DECIMAL: put_decimal(b, c, v); return;
    case CT_BIT: {
        uint32_t n = ((c->width ? c->width : 1) + 7) / 8;
        for (uint32_t i = v->len; i < n; i++) bb_u8(b, 0);
        bb_put(b, v->p + (v->len > n ? v->len - n : 0), v->len > n ? n : v->len);
        return;
    }
    case CT_ENUM: bb_le(b, enum_index(c, v), c->n_enum < 256 ? 1 : 2); return;
    case CT_SET: bb_le(b, set_bits(c, v), set_pack(c->n_enum)); return;
    case CT_CHAR: case CT_BINARY: {
        uint32_t n = v->len;
        char pad = c->type == CT_BINARY || c->coll == 63 ? '\0' : ' ';
        while (n && v->p[n - 1] == pad) n--;
        bb_le(b, n, char_bytes(c) > 255 ? 2 : 1);
        bb_put(b, v->p, n);
        return;
    }
    case CT_VARCHAR: case CT_VARBINARY: {
        uint32_t w = c->type == CT_VARBINARY ? c->width : c->width * coll_maxlen(c->coll);
        bb_le(b, v->len, w > 255 ? 2 : 1);
        bb_put(b, v->p, v->len);
        return;
    }
    case CT_DATE:
        pdb_dt_unpack(v->i, &y, &mo, &d, &h, &mi, &s, &us);
        bb_le(b, (uint64_t)(d | (mo << 5) | (y << 9)), 3);
        return;
    case CT_DATETIME: {
        pdb_dt_unpack(v->i, &y, &mo, &d, &h, &mi, &s, &us);
        uint64_t ymd = ((uint64_t)(y * 13 + mo) << 5) | (uint64_t)d;
        uint64_t hms = ((uint64_t)h << 12) | ((uint64_t)mi << 6) | (uint64_t)s;
        bb_be(b, ((ymd << 17) | hms) + 0x8000000000ull, 5);
        put_frac(b, fsp_of(c), us);
        return;
    }
    case CT_TIMESTAMP: {
        pdb_dt_unpack(v->i, &y, &mo, &d, &h, &mi, &s, &us);
        int64_t sec = 0;
        if (y) {   /* the server's time zone, as the value was taken */
            struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d,
                             .tm_hour = h, .tm_min = mi, .tm_sec = s, .tm_isdst = -1 };
            sec = (int64_t)mktime(&tm);
            if (sec < 0) sec = 0;
        }
        bb_be(b, (uint64_t)sec, 4);
        put_frac(b, fsp_of(c), us);
        return;
    }
    case CT_TIME: put_time2(b, fsp_of(c), v->i); return;
    default:   /* TEXT and BLOB kinds */
        bb_le(b, v->len, blob_pack(c->type));
        bb_put(b, v->p, v->len);
        return;
    }
}

static void put_value(bl_buf *b, const stor_column *c, const pdb_value *v)
{
    char tb[512], *heap = NULL;
    pdb_value cv = *v;
    if (v->t == VT_STRING && c->type != CT_BIT && c->type != CT_ENUM && c->type != CT_SET)
        cv = col_bytes(c, v, tb, sizeof tb, &heap);
    put_value_in(b, c, &cv);
    stor_free(heap);
}

/* One row image: the null bitmap over every column, then the values. */
static void put_image(bl_buf *b, const stor_table *t, const pdb_value *vals)
{
    size_t nb = (t->ncols + 7) / 8, at = b->len;
    bb_need(b, nb);
    memset(b->p + at, 0, nb);
    b->len += nb;
    for (uint32_t i = 0; i < t->ncols; i++) {
        if (vals[i].t == VT_NULL) { b->p[at + i / 8] |= (uint8_t)(1u << (i % 8)); continue; }
        put_value(b, &t->cols[i], &vals[i]);
    }
}

static void row_values(const stor_table *t, uint32_t row, pdb_value *vals)
{
    for (uint32_t i = 0; i < t->ncols; i++) stor_get(t, i, row, &vals[i]);
}

/* A transaction's record: kind ('W', 'U', 'D'), the table, the image bytes. */
void binlog_note_row(bl_buf *b, char kind, stor_table *t, const pdb_value *before, uint32_t before_row, uint32_t row)
{
    pdb_value vals[t->ncols ? t->ncols : 1];
    if (kind == 'U' && t->sequence) kind = 'W';   /* (MariaDB logs a sequence's new row as a write) */
    bb_u8(b, (uint8_t)kind);
    bb_put(b, &t, sizeof t);
    size_t lenat = b->len;
    bb_le(b, 0, 4);
    if (kind == 'U') {
        if (!before) { row_values(t, before_row, vals); before = vals; }
        put_image(b, t, before);
    }
    row_values(t, row, vals);
    put_image(b, t, vals);
    uint32_t n = (uint32_t)(b->len - lenat - 4);
    memcpy(b->p + lenat, &n, 4);
}

/* The statement's text, before its rows (an Annotate_rows event at commit). */
void binlog_note_annotate(bl_buf *b, const char *sql, size_t len)
{
    stor_table *none = NULL;
    if (len > 65535) len = 65535;   /* (a dump's megabyte INSERT: its start is enough) */
    bb_u8(b, 'A');
    bb_put(b, &none, sizeof none);
    bb_le(b, len, 4);
    bb_put(b, sql, len);
}

/* ---- events ---- */

/* Starts an event in e: the common header with size and position left to finish. */
static size_t ev_begin(bl_buf *e, uint8_t type, uint32_t when, uint16_t flags)
{
    size_t at = e->len;
    bb_le(e, when, 4); bb_u8(e, type); bb_le(e, server_id, 4);
    bb_le(e, 0, 4); bb_le(e, 0, 4); bb_le(e, flags, 2);
    return at;
}
/* Ends it: size, end position (file_pos + offset of its end) and the CRC32. */
static void ev_end(bl_buf *e, size_t at, uint64_t file_pos)
{
    uint32_t size = (uint32_t)(e->len - at + 4);
    uint32_t end = (uint32_t)(file_pos + at + size);
    memcpy(e->p + at + 9, &size, 4);
    memcpy(e->p + at + 13, &end, 4);
    uint32_t crc = wal_crc32_update(0, e->p + at, e->len - at);
    bb_le(e, crc, 4);
}

static void ev_gtid(bl_buf *e, uint32_t when, uint64_t seq, uint8_t flags2, uint64_t fpos)
{
    size_t at = ev_begin(e, EV_GTID, when, 0x08);
    bb_le(e, seq, 8); bb_le(e, domain_id, 4); bb_u8(e, flags2);
    bb_le(e, 0, 6);
    ev_end(e, at, fpos);
}

static void ev_table_map(bl_buf *e, uint32_t when, const stor_table *t, uint64_t id, uint64_t fpos)
{
    size_t at = ev_begin(e, EV_TABLE_MAP, when, 0);
    bb_le(e, id, 6); bb_le(e, 1, 2);
    size_t dl = strlen(t->db), tl = strlen(t->name);
    bb_u8(e, (uint8_t)dl); bb_put(e, t->db, dl); bb_u8(e, 0);
    bb_u8(e, (uint8_t)tl); bb_put(e, t->name, tl); bb_u8(e, 0);
    bb_packed(e, t->ncols);
    for (uint32_t i = 0; i < t->ncols; i++) bb_u8(e, col_mtype(&t->cols[i]));
    bl_buf m = { 0 };
    for (uint32_t i = 0; i < t->ncols; i++) col_meta(&m, &t->cols[i]);
    bb_packed(e, m.len);
    if (m.len) bb_put(e, m.p, m.len);
    binlog_buf_free(&m);
    size_t nb = (t->ncols + 7) / 8, nat = e->len;
    bb_need(e, nb);
    memset(e->p + nat, 0, nb);
    e->len += nb;
    for (uint32_t i = 0; i < t->ncols; i++)
        if (!t->cols[i].not_null) e->p[nat + i / 8] |= (uint8_t)(1u << (i % 8));
    ev_end(e, at, fpos);
}

/* Rows [p, q) of the buffer (records of one table and kind) as one rows event. */
static void ev_rows(bl_buf *e, uint32_t when, char kind, const stor_table *t, uint64_t id,
                    const uint8_t *p, const uint8_t *q, bool last, uint64_t fpos)
{
    uint8_t type = kind == 'W' ? EV_WRITE_V1 : kind == 'U' ? EV_UPDATE_V1 : EV_DELETE_V1;
    size_t at = ev_begin(e, type, when, 0);
    /* flags: STMT_END_F on the statement's last, NO_FOREIGN_KEY_CHECKS_F always (pressdb
       does not enforce foreign keys: a replica must not either) */
    bb_le(e, id, 6); bb_le(e, (last ? 1 : 0) | 2, 2);
    bb_packed(e, t->ncols);
    size_t nb = (t->ncols + 7) / 8;
    for (int k = 0; k < (kind == 'U' ? 2 : 1); k++) {
        for (size_t i = 0; i < nb; i++) {
            uint32_t left = t->ncols - (uint32_t)i * 8;
            bb_u8(e, left >= 8 ? 0xff : (uint8_t)((1u << left) - 1));
        }
    }
    while (p < q) {
        uint32_t n;
        memcpy(&n, p + 1 + sizeof(void *), 4);
        bb_put(e, p + 1 + sizeof(void *) + 4, n);
        p += 1 + sizeof(void *) + 4 + n;
    }
    ev_end(e, at, fpos);
}

/* ---- files ---- */

static void maybe_rotate(void);
static void binlog_expire(void);

static int write_all(const uint8_t *p, size_t n)
{
    size_t off = 0;
    while (off < n) {
        ssize_t w = pwrite(fd, p + off, n - off, (off_t)(pos + off));
        if (w < 0) { if (errno == EINTR) continue; return -1; }
        off += (size_t)w;
    }
    return 0;
}

static void file_name(uint32_t no, char *out, size_t n) { snprintf(out, n, "%s.%06u", base, no); }

static int write_index(char *err, size_t errlen)
{
    char path[4400], tmp[4410];
    snprintf(path, sizeof path, "%s/%s.index", dir, base);
    snprintf(tmp, sizeof tmp, "%s~", path);
    FILE *f = fopen(tmp, "w");
    if (!f) { snprintf(err, errlen, "cannot write '%s': %s", tmp, strerror(errno)); return -1; }
    for (uint32_t i = first_no; i <= file_no; i++) {
        char nm[300];
        file_name(i, nm, sizeof nm);
        struct stat st;
        char full[4400];
        snprintf(full, sizeof full, "%s/%s", dir, nm);
        if (stat(full, &st) == 0) fprintf(f, "./%s\n", nm);
    }
    int bad = fflush(f) != 0 || fsync(fileno(f)) != 0;
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) { snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno)); return -1; }
    return 0;
}

/* Opens file number no and writes its head. Under the log mutex (or at startup). */
static int open_file(uint32_t no, char *err, size_t errlen)
{
    char nm[300], path[4400];
    file_name(no, nm, sizeof nm);
    snprintf(path, sizeof path, "%s/%s", dir, nm);
    int nfd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
    if (nfd < 0) { snprintf(err, errlen, "cannot create '%s': %s", path, strerror(errno)); return -1; }
    if (fd >= 0) close(fd);
    fd = nfd;
    file_no = no;
    pos = 0;
    uint32_t now = (uint32_t)time(NULL);
    bl_buf e = { 0 };
    bb_put(&e, "\xfe" "bin", 4);
    size_t at = ev_begin(&e, EV_FDE, now, 0);
    bb_le(&e, 4, 2);
    char ver[50] = { 0 };
    snprintf(ver, sizeof ver, "10.11.99-MariaDB-pressdb-log");
    bb_put(&e, ver, 50);
    bb_le(&e, now, 4);
    bb_u8(&e, HDR_LEN);
    bb_put(&e, post_header_len, sizeof post_header_len);
    bb_u8(&e, 1);   /* checksum algorithm: CRC32 */
    ev_end(&e, at, 0);
    at = ev_begin(&e, EV_GTID_LIST, now, 0);
    bb_le(&e, (uint32_t)nstate, 4);
    for (int i = 0; i < nstate; i++) { bb_le(&e, state[i].domain, 4); bb_le(&e, state[i].server, 4); bb_le(&e, state[i].seq, 8); }
    ev_end(&e, at, 0);
    at = ev_begin(&e, EV_CHECKPOINT, now, 0);
    bb_le(&e, strlen(nm), 4); bb_put(&e, nm, strlen(nm));
    ev_end(&e, at, 0);
    int rc = write_all(e.p, e.len);
    if (rc == 0) pos = pub = done = e.len;
    binlog_buf_free(&e);
    if (rc != 0 || fdatasync(fd) != 0) { snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno)); return -1; }
    return write_index(err, errlen);
}

/* Purges files before number upto (never the current one) and rewrites the index;
 * files older than the first one kept stay kept (MariaDB purges from the oldest). How many
 * went. Under the log mutex. */
static uint32_t (*in_use_fn)(void);   /* the lowest file a dump still reads (0: none) */
void stor_binlog_set_in_use(uint32_t (*fn)(void)) { in_use_fn = fn; }

static int purge_before(uint32_t upto)
{
    int n = 0;
    char err[512];
    if (upto > file_no) upto = file_no;
    uint32_t used = in_use_fn ? in_use_fn() : 0;   /* (as MariaDB: a file a replica reads stays) */
    if (used && upto > used) upto = used;
    for (uint32_t no = first_no; no < upto; no++) {
        char path[4400];
        stor_binlog_path(no, path, sizeof path);
        if (unlink(path) == 0) n++;
    }
    if (upto > first_no) first_no = upto;
    if (n && write_index(err, sizeof err) != 0) fprintf(stderr, "pressdb: [ERROR] binary log: %s\n", err);
    return n;
}

/* The first file whose last write is at or after cutoff (wall-clock seconds): files
 * before it can go (PURGE ... BEFORE, expiry: MariaDB judges by the file's mtime). */
static uint32_t first_since(int64_t cutoff)
{
    uint32_t no = first_no;
    for (; no < file_no; no++) {
        char path[4400];
        struct stat st;
        stor_binlog_path(no, path, sizeof path);
        if (stat(path, &st) != 0) continue;
        if ((int64_t)st.st_mtime >= cutoff) break;
    }
    return no;
}

/* binlog_expire_logs_seconds: at every rotation. */
static void binlog_expire(void)
{
    if (!expire_s) return;
    int n = purge_before(first_since((int64_t)time(NULL) - (int64_t)expire_s));
    if (n) fprintf(stderr, "pressdb: [Note] binary log: %d file%s past binlog_expire_logs_seconds purged\n", n, n == 1 ? "" : "s");
}

/* PURGE BINARY LOGS TO 'name' (to != NULL) or BEFORE when (epoch seconds). 0; -1 the
 * name is not in the index (1373). Under the log mutex (wal.c). */
int binlog_purge(const char *to, int64_t before)
{
    if (!binlog_enabled) return 0;
    uint32_t upto;
    if (to) {
        upto = stor_binlog_number(to);
        char path[4400];
        struct stat st;
        if (upto) { stor_binlog_path(upto, path, sizeof path); if (stat(path, &st) != 0) upto = 0; }
        if (!upto) return -1;
    } else upto = first_since(before);
    purge_before(upto);
    return 0;
}

/* RESET MASTER (under the log mutex): 0, or -1 when the new file cannot be made. */
int binlog_reset(uint32_t first)
{
    if (!binlog_enabled || fd < 0) return -1;
    char err[512];
    for (uint32_t no = first_no; no <= file_no; no++) {
        char path[4400];
        stor_binlog_path(no, path, sizeof path);
        unlink(path);
    }
    first_no = first ? first : 1;
    pthread_mutex_lock(&info_mu);
    nstate = 0;
    file_no = 0;
    int rc = open_file(first ? first : 1, err, sizeof err);
    pthread_mutex_unlock(&info_mu);
    if (rc != 0) fprintf(stderr, "pressdb: [ERROR] binary log: %s\n", err);
    return rc;
}

/* Recovery's copies of groups' events (redo 'B'), in log order, until stor_binlog_open
 * puts them back where a file lost them. */
static struct wal_copy { uint32_t file, len; uint64_t at; uint8_t *p; } *copies;
static size_t ncopies, copies_cap;

static void copies_free(void)
{
    for (size_t i = 0; i < ncopies; i++) free(copies[i].p);
    free(copies);
    copies = NULL;
    ncopies = copies_cap = 0;
}

void binlog_wal_bytes(uint32_t file, uint64_t at, const uint8_t *p, uint32_t n)
{
    if (ncopies == copies_cap) {
        size_t nc = copies_cap ? copies_cap * 2 : 64;
        struct wal_copy *c = realloc(copies, nc * sizeof *c);
        if (!c) return;   /* (then the file's own bytes are all there is, as before) */
        copies = c;
        copies_cap = nc;
    }
    uint8_t *q = malloc(n ? n : 1);
    if (!q) return;
    memcpy(q, p, n);
    copies[ncopies++] = (struct wal_copy){ file, n, at, q };
}

/* Without --log-bin (and at stor_close) the copies have nowhere to go. */
void stor_binlog_drop_copies(void) { copies_free(); }

/* RESET MASTER: the files the copies were of are gone (new ones reuse the numbers). */
void binlog_wal_reset(void) { nwal_state = 0; wal_known = true; copies_free(); }
void binlog_wal_known(void) { wal_known = true; }

/* FLUSH BINARY LOGS: a new file now (under the log mutex). */
void binlog_flush(void)
{
    if (!binlog_enabled || fd < 0) return;
    uint64_t keep = max_size;
    max_size = 0;
    maybe_rotate();
    max_size = keep;
}

/* After an event group that took the file past max_binlog_size: a Rotate to the next. */
static void maybe_rotate(void)
{
    if (pos < max_size) return;
    char nm[300], err[512];
    file_name(file_no + 1, nm, sizeof nm);
    bl_buf e = { 0 };
    size_t at = ev_begin(&e, EV_ROTATE, (uint32_t)time(NULL), 0);
    bb_le(&e, 4, 8); bb_put(&e, nm, strlen(nm));
    ev_end(&e, at, pos);
    if (write_all(e.p, e.len) == 0) pos += e.len;
    binlog_buf_free(&e);
    fdatasync(fd);
    pthread_mutex_lock(&info_mu);
    pub = done = pos;
    if (open_file(file_no + 1, err, sizeof err) != 0) fprintf(stderr, "pressdb: [ERROR] binary log: %s\n", err);
    pthread_mutex_unlock(&info_mu);
    binlog_expire();
}

static int append(bl_buf *e)
{
    if (write_all(e->p, e->len) != 0) return -1;
    pos += e->len;
    return 0;
}

/* sync_binlog=1: the last group's place in the current file, for the copy of its events
 * its log frame carries ('B'); 0 when no copy is wanted. Under the log mutex. */
size_t binlog_group_range(uint32_t *file, uint64_t *at)
{
    if (!sync_each || fd < 0 || pos <= grp_start) return 0;
    *file = file_no;
    *at = grp_start;
    return (size_t)(pos - grp_start);
}

/* The bytes of that range (in the page cache: the group was just written). 0 or -1. */
int binlog_group_read(uint8_t *dst, size_t n, uint64_t at)
{
    while (n) {
        ssize_t r = pread(fd, dst, n, (off_t)at);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        dst += r; at += (uint64_t)r; n -= (size_t)r;
    }
    return 0;
}

/* A checkpoint is about to write its snapshot, after which a restart may skip the log
 * holding the 'B' copies: what they cover is made durable. */
int binlog_sync_file(void)
{
    return sync_each && fd >= 0 ? fdatasync(fd) : 0;
}

/* The log frame of the last group is written: SHOW MASTER STATUS counts it, and replicas
 * are sent it now (a crash before the frame cuts it at restart: nothing a replica got is
 * cut), or, with sync_binlog=1 when log_syncs_later (durable commits), once the log
 * is synced (binlog_synced): a power loss can take an unsynced frame, and a replica must
 * not hold a transaction its primary lost. true: the file is full, but the rotation
 * waits for the log's sync (binlog_rotate_synced). */
bool binlog_published(bool log_syncs_later)
{
    if (fd < 0) return false;
    bool hold = log_syncs_later && sync_each;
    pthread_mutex_lock(&info_mu);
    done = pos;
    if (!hold) pub = pos;
    pthread_mutex_unlock(&info_mu);
    if (hold) return pos >= max_size;
    maybe_rotate();
    return false;
}

/* Where the written groups end (under the log mutex): what a sync of the log that starts
 * now makes sendable. */
uint64_t binlog_done(uint32_t *file)
{
    pthread_mutex_lock(&info_mu);
    uint64_t d = done;
    *file = file_no;
    pthread_mutex_unlock(&info_mu);
    return fd >= 0 ? d : 0;
}

/* The log is synced past the frames of the groups up to upto of file: replicas get them. */
void binlog_synced(uint32_t file, uint64_t upto)
{
    pthread_mutex_lock(&info_mu);
    if (file == file_no && upto > pub) pub = upto;
    pthread_mutex_unlock(&info_mu);
}

/* The log is synced with every group written (under the log mutex): all may go. */
void binlog_publish_all(void)
{
    pthread_mutex_lock(&info_mu);
    pub = done;
    pthread_mutex_unlock(&info_mu);
}

/* ... and a full file rotates. */
void binlog_rotate_synced(void)
{
    if (fd < 0) return;
    binlog_publish_all();
    maybe_rotate();
}

/* The log frame could not be written: the group goes from the binary log too. */
void binlog_unwind(void)
{
    if (fd < 0 || pos == done) return;
    if (ftruncate(fd, (off_t)done) != 0) { /* recovery cuts it */ }
    pos = done;
    pthread_mutex_lock(&info_mu);
    if (last_slot) { last_slot->seq = last_seq; last_slot->server = last_server; }
    pthread_mutex_unlock(&info_mu);
}

/* A group that could not be written whole: the file back to the end of the last one. */
static void cut_back(void)
{
    if (pos != done && ftruncate(fd, (off_t)done) != 0) { /* recovery cuts it */ }
    pos = done;
}

/* A group is in the file: the state moves on (binlog_unwind can take it back) and the
 * log frame gets its GTID. */
static void group_done(struct gtid *st, uint64_t seq, stor_gtid *g)
{
    pthread_mutex_lock(&info_mu);
    last_slot = st; last_seq = st->seq; last_server = st->server;
    st->seq = seq;
    st->server = server_id;
    pthread_mutex_unlock(&info_mu);
    g->domain = domain_id; g->server = server_id; g->seq = seq;
}

/* A committed transaction's events (under wal.c's log mutex, in commit order). Its
 * GTID goes to *g for the log frame. 0 or -1 with errno. */
int binlog_commit(const bl_buf *b, stor_gtid *g)
{
    if (!binlog_enabled || fd < 0 || !b->len) return 0;
    grp_start = pos;
    uint32_t now = (uint32_t)time(NULL);
    bl_buf e = { 0 };
    struct gtid *st = gtid_slot(domain_id);
    uint64_t seq = st->seq + 1;
    ev_gtid(&e, now, seq, FL_TRANSACTIONAL | FL_ALLOW_PARALLEL, pos);
    const uint8_t *p = b->p, *end = b->p + b->len;
    while (p < end) {
        char kind = (char)p[0];
        stor_table *t;
        memcpy(&t, p + 1, sizeof t);
        if (kind == 'A') {
            uint32_t n;
            memcpy(&n, p + 1 + sizeof t, 4);
            size_t at = ev_begin(&e, EV_ANNOTATE, now, 0);
            bb_put(&e, p + 1 + sizeof t + 4, n);
            ev_end(&e, at, pos);
            p += 1 + sizeof t + 4 + n;
            continue;
        }
        uint64_t id = next_map_id++;
        if (next_map_id >= (1ull << 48) - 1) next_map_id = 1;
        ev_table_map(&e, now, t, id, pos);
        /* the run of this table and kind, cut into events of about ROWS_MAX bytes */
        const uint8_t *q = p;
        while (q < end) {
            const uint8_t *r = q, *cut = q;
            size_t bytes = 0;
            while (r < end && (char)r[0] == kind && !memcmp(r + 1, &t, sizeof t)) {
                uint32_t n;
                memcpy(&n, r + 1 + sizeof t, 4);
                if (bytes && bytes + n > ROWS_MAX) break;
                bytes += n;
                r += 1 + sizeof t + 4 + n;
                cut = r;
            }
            bool last = !(cut < end && (char)cut[0] == kind && !memcmp(cut + 1, &t, sizeof t));
            ev_rows(&e, now, kind, t, id, q, cut, last, pos);
            if (e.len >= (1u << 20)) {   /* a big transaction goes out as it is made */
                if (append(&e) != 0) { binlog_buf_free(&e); cut_back(); return -1; }
                e.len = 0;
            }
            q = cut;
            if (last) break;
        }
        p = q;
    }
    size_t at = ev_begin(&e, EV_XID, now, 0);
    bb_le(&e, next_xid++, 8);
    ev_end(&e, at, pos);
    int rc = append(&e);
    binlog_buf_free(&e);
    if (rc != 0) { cut_back(); return -1; }
    group_done(st, seq, g);
    return 0;
}

/* A DDL statement as a Query event (under the log mutex). */
int binlog_ddl(const char *db, const char *sql, size_t len, const stor_ddl_env *env, stor_gtid *g)
{
    if (!binlog_enabled || fd < 0) return 0;
    grp_start = pos;
    uint32_t now = (uint32_t)time(NULL);
    bl_buf e = { 0 };
    struct gtid *st = gtid_slot(domain_id);
    uint64_t seq = st->seq + 1;
    ev_gtid(&e, now, seq, FL_STANDALONE | FL_ALLOW_PARALLEL | FL_DDL, pos);
    size_t at = ev_begin(&e, EV_QUERY, now, db && *db ? 0 : 0x08);   /* (0x08: no USE) */
    size_t dl = db ? strlen(db) : 0;
    bb_le(&e, 0, 4); bb_le(&e, 0, 4); bb_u8(&e, (uint8_t)dl); bb_le(&e, 0, 2);
    bl_buf sv = { 0 };
    bb_u8(&sv, 0); bb_le(&sv, 1u << 26, 4);                 /* Q_FLAGS2_CODE: OPTION_NO_FOREIGN_KEY_CHECKS */
    bb_u8(&sv, 1); bb_le(&sv, env ? env->sql_mode : 0, 8);  /* Q_SQL_MODE_CODE (MariaDB's bits) */
    bb_u8(&sv, 6); bb_u8(&sv, 3); bb_put(&sv, "std", 3);    /* Q_CATALOG_NZ_CODE */
    bb_u8(&sv, 4);                                          /* Q_CHARSET_CODE */
    bb_le(&sv, env ? env->cs_client : 45, 2); bb_le(&sv, env ? env->coll_connection : 45, 2); bb_le(&sv, server_coll, 2);
    if (env && env->invoker_user && strlen(env->invoker_user) < 256 && strlen(env->invoker_host) < 256) {
        size_t ul = strlen(env->invoker_user), hl = strlen(env->invoker_host);
        bb_u8(&sv, 11);                                     /* Q_INVOKER: user, host */
        bb_u8(&sv, (uint8_t)ul); bb_put(&sv, env->invoker_user, ul);
        bb_u8(&sv, (uint8_t)hl); bb_put(&sv, env->invoker_host, hl);
    }
    bb_le(&e, sv.len, 2);
    bb_put(&e, sv.p, sv.len);
    binlog_buf_free(&sv);
    if (dl) bb_put(&e, db, dl);
    bb_u8(&e, 0);
    bb_put(&e, sql, len);
    ev_end(&e, at, pos);
    int rc = append(&e);
    binlog_buf_free(&e);
    if (rc != 0) { cut_back(); return -1; }
    group_done(st, seq, g);
    return 0;
}

/* ---- start-up: the files there are, the GTID state, agreement with the log ---- */

/* The write-ahead log's GTIDs (redo 'X', read by recovery): the last per domain. */
static struct gtid wal_state[MAX_DOMAINS];

void binlog_wal_gtid(const stor_gtid *g)
{
    wal_known = true;
    int i = 0;
    while (i < nwal_state && wal_state[i].domain != g->domain) i++;
    if (i == nwal_state) { if (nwal_state == MAX_DOMAINS) return; nwal_state++; }
    wal_state[i] = (struct gtid){ g->domain, g->server, g->seq };
}

/* The current state as 'X' records (a new log generation's first frame carries them). */
size_t binlog_state_records(uint8_t *out, size_t cap)
{
    size_t n = 0;
    if (!binlog_enabled) return 0;
    for (int i = 0; i < nstate && n + 17 <= cap; i++) {
        out[n] = 'X';
        memcpy(out + n + 1, &state[i].domain, 4);
        memcpy(out + n + 5, &state[i].server, 4);
        memcpy(out + n + 9, &state[i].seq, 8);
        n += 17;
    }
    return n;
}

static uint64_t wal_seq_of(uint32_t dom, bool *known)
{
    for (int i = 0; i < nwal_state; i++) if (wal_state[i].domain == dom) { *known = true; return wal_state[i].seq; }
    *known = false;
    return 0;
}

static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

/* Reads file no: takes its GTIDs into the state, and cuts it where a torn event or a
 * transaction the write-ahead log does not hold begins. *cut says whether it did. */
/* Reads one event at off of a file of n bytes into *buf (grown): its size, or 0 when no
 * whole event with a valid CRC32 starts there. Loops on short reads (big files). */
static uint32_t read_whole_event(int f, uint64_t off, uint64_t n, uint8_t **buf, size_t *cap)
{
    uint8_t h[HDR_LEN];
    if (off + HDR_LEN > n || pread(f, h, HDR_LEN, (off_t)off) != HDR_LEN) return 0;
    uint32_t size = rd32(h + 9);
    if (size < HDR_LEN + 4 || size > n - off) return 0;
    if (size > *cap) {
        uint8_t *q = realloc(*buf, size);
        if (!q) return 0;
        *buf = q;
        *cap = size;
    }
    for (uint32_t got = 0; got < size;) {
        ssize_t r = pread(f, *buf + got, size - got, (off_t)(off + got));
        if (r <= 0) { if (r < 0 && errno == EINTR) continue; return 0; }
        got += (uint32_t)r;
    }
    return wal_crc32_update(0, *buf, size - 4) == rd32(*buf + size - 4) ? size : 0;
}

/* Reads file no: takes its GTIDs into the state, and cuts it where a torn event or a
 * transaction the write-ahead log does not hold begins. *cut says whether it did. Event
 * by event: a file may pass max_binlog_size by a whole transaction. */
static int scan_file(uint32_t no, bool *cut, char *err, size_t errlen)
{
    char nm[300], path[4400];
    file_name(no, nm, sizeof nm);
    snprintf(path, sizeof path, "%s/%s", dir, nm);
    *cut = false;
    int f = open(path, O_RDWR | O_CLOEXEC);
    if (f < 0) { if (errno == ENOENT) return 0; snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno)); return -1; }
    struct stat st;
    if (fstat(f, &st) != 0) { close(f); snprintf(err, errlen, "cannot read '%s'", path); return -1; }
    uint64_t n = (uint64_t)st.st_size, off = 4, keep = n < 4 ? 0 : 4, group = 0;
    uint8_t *p = NULL;
    size_t cap = 0;
    bool in_group = false;
    int sa = 0;
    uint32_t size;
    struct gtid *open_slot = NULL;
    uint64_t open_seq = 0;
    uint32_t open_server = 0;
    while ((size = read_whole_event(f, off, n, &p, &cap)) != 0) {
        uint8_t type = p[4];
        const uint8_t *body = p + HDR_LEN;
        size_t blen = size - HDR_LEN - 4;
        if (type == EV_GTID_LIST && blen >= 4) {
            uint32_t cnt = rd32(body) & 0x0fffffff;
            for (uint32_t i = 0; i < cnt && 4 + 16 * (i + 1) <= blen; i++) {
                struct gtid *g = gtid_slot(rd32(body + 4 + 16 * i));
                uint64_t s = rd64(body + 12 + 16 * i);
                if (s >= g->seq) { g->seq = s; g->server = rd32(body + 8 + 16 * i); }
            }
        } else if (type == EV_GTID && blen >= 13) {
            uint64_t s = rd64(body);
            uint32_t dom = rd32(body + 8);
            bool known;
            uint64_t ws = wal_seq_of(dom, &known);
            if (!known && wal_known) known = true;   /* (ws 0: none of that domain's) */
            if (known && s > ws) { keep = off; *cut = true; break; }
            group = off;
            in_group = true;
            sa = (body[12] & FL_STANDALONE) ? 2 : 0;   /* (a standalone group: it and one event) */
            struct gtid *g = gtid_slot(dom);
            open_slot = g; open_seq = g->seq; open_server = g->server;   /* (undone if cut) */
            g->seq = s;
            g->server = rd32(p + 5);
        } else if (type == EV_XID) in_group = false;
        off += size;
        if (sa && --sa == 0) in_group = false;
        if (!in_group) keep = off;
    }
    free(p);
    if (in_group) {   /* a transaction cut before its Xid: the state as before it */
        keep = group;
        if (open_slot) { open_slot->seq = open_seq; open_slot->server = open_server; }
    }
    if (keep < n) {
        *cut = true;
        if (ftruncate(f, (off_t)keep) != 0 || fdatasync(f) != 0) {
            close(f);
            snprintf(err, errlen, "cannot cut '%s': %s", path, strerror(errno));
            return -1;
        }
        fprintf(stderr, "pressdb: [Note] binary log %s cut at byte %" PRIu64 " of %" PRIu64 " (a torn event, or events the write-ahead log does not hold)\n",
                nm, keep, n);
    }
    close(f);
    return 0;
}

/* The highest file number in the datadir with this base name. */
static uint32_t last_file(uint32_t *first)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/%s.index", dir, base);
    FILE *f = fopen(path, "r");
    uint32_t last = 0;
    if (!f) return 0;
    char line[4400];
    size_t bl = strlen(base);
    while (fgets(line, sizeof line, f)) {
        const char *s = strrchr(line, '/');
        s = s ? s + 1 : line;
        if (!strncmp(s, base, bl) && s[bl] == '.') {
            uint32_t no = (uint32_t)strtoul(s + bl + 1, NULL, 10);
            if (no > last) last = no;
            if (no && (!*first || no < *first)) *first = no;
        }
    }
    fclose(f);
    return last;
}

/* The copies recovery found go back into the files wherever those lack them: bytes a
 * power loss took from an unsynced tail (cut, or zeros). scan_file then sees every group
 * the log holds. */
static void restore_copies(void)
{
    int f = -1;
    uint32_t open_no = 0, restored = 0;
    bool wrote = false, tried = false;
    for (size_t i = 0; i < ncopies; i++) {
        const struct wal_copy *c = &copies[i];
        if (!tried || c->file != open_no) {
            if (f >= 0) { if (wrote) fdatasync(f); close(f); }
            char nm[300], path[4400];
            file_name(c->file, nm, sizeof nm);
            snprintf(path, sizeof path, "%s/%s", dir, nm);
            f = open(path, O_RDWR | O_CLOEXEC);
            open_no = c->file;
            tried = true;
            wrote = false;
            if (f < 0) fprintf(stderr, "pressdb: [Warning] binary log file '%s' is missing: the transactions "
                               "the write-ahead log holds for it are not restored\n", path);
        }
        if (f < 0) continue;
        uint8_t *have = malloc(c->len ? c->len : 1);
        if (!have) continue;
        ssize_t got = pread(f, have, c->len, (off_t)c->at);
        if (got != (ssize_t)c->len || memcmp(have, c->p, c->len) != 0) {
            if (pwrite(f, c->p, c->len, (off_t)c->at) == (ssize_t)c->len) { wrote = true; restored++; }
        }
        free(have);
    }
    if (f >= 0) { if (wrote) fdatasync(f); close(f); }
    if (restored)
        fprintf(stderr, "pressdb: [Note] binary log: %u event groups restored from the write-ahead log\n", restored);
    copies_free();
}

/* --log-bin: after recovery, before serving. name: the base name ("" = pressdb-bin). */
int stor_binlog_open(const char *name, char *err, size_t errlen)
{
    const char *slash = name ? strrchr(name, '/') : NULL;
    if (slash) {
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - name), name);
        name = slash + 1;
    } else snprintf(dir, sizeof dir, "%s", stor_datadir());
    snprintf(base, sizeof base, "%s", name && *name ? name : "pressdb-bin");
    char *dot = strrchr(base, '.');
    if (dot && dot != base) *dot = 0;   /* MariaDB drops an extension the name has */
    restore_copies();
    uint32_t first = 0, last = last_file(&first);
    first_no = first ? first : last + 1;
    nstate = 0;
    for (uint32_t no = last > 1 ? last - 1 : 1; last && no <= last; no++) {
        bool cut;
        if (scan_file(no, &cut, err, errlen) != 0) return -1;
    }
    /* transactions the log holds that the binary log lost (sync_binlog=0 and a power
       loss): numbering goes on after them */
    for (int i = 0; i < nwal_state; i++) {
        struct gtid *g = gtid_slot(wal_state[i].domain);
        if (wal_state[i].seq > g->seq) {
            fprintf(stderr, "pressdb: [Warning] the binary log misses transactions up to GTID %u-%u-%" PRIu64 "\n",
                    wal_state[i].domain, wal_state[i].server, wal_state[i].seq);
            g->seq = wal_state[i].seq;
            g->server = wal_state[i].server;
        }
    }
    if (open_file(last + 1, err, errlen) != 0) return -1;
    binlog_enabled = true;
    if (wal_log_binlog_state() != 0) {
        snprintf(err, errlen, "cannot write the binary log's state to the log: %s", strerror(errno));
        return -1;
    }
    binlog_expire();
    return 0;
}

/* A clean stop: a Stop event ends the file. */
void stor_binlog_close(void)
{
    if (fd < 0) return;
    bl_buf e = { 0 };
    size_t at = ev_begin(&e, EV_STOP, (uint32_t)time(NULL), 0);
    ev_end(&e, at, pos);
    if (write_all(e.p, e.len) == 0) pos += e.len;
    binlog_buf_free(&e);
    fdatasync(fd);
    close(fd);
    fd = -1;
    binlog_enabled = false;
}

/* ---- what SHOW MASTER STATUS, SHOW BINARY LOGS and @@gtid_binlog_pos say ---- */

void stor_binlog_where(char *file, size_t n, uint64_t *at) { file_name(stor_binlog_current(at), file, n); }

uint32_t stor_binlog_files(stor_binlog_file *out, uint32_t max)
{
    uint32_t k = 0;
    pthread_mutex_lock(&info_mu);
    for (uint32_t no = first_no; no <= file_no && k < max; no++) {
        char path[4400];
        file_name(no, out[k].name, sizeof out[k].name);
        snprintf(path, sizeof path, "%s/%s", dir, out[k].name);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        out[k].size = no == file_no ? done : (uint64_t)st.st_size;
        k++;
    }
    pthread_mutex_unlock(&info_mu);
    return k;
}

void stor_binlog_gtid_pos(char *out, size_t n)
{
    size_t k = 0;
    out[0] = 0;
    pthread_mutex_lock(&info_mu);
    for (int i = 0; i < nstate && k < n; i++) {
        if (!state[i].seq) continue;
        k += (size_t)snprintf(out + k, n - k, "%s%u-%u-%" PRIu64, k ? "," : "", state[i].domain, state[i].server, state[i].seq);
    }
    pthread_mutex_unlock(&info_mu);
}

/* ---- for the replication sender (server/dump.c) ---- */

uint32_t stor_binlog_current(uint64_t *at)
{
    pthread_mutex_lock(&info_mu);
    uint32_t no = file_no;
    *at = done;
    pthread_mutex_unlock(&info_mu);
    return no;
}

uint32_t stor_binlog_sendable(uint64_t *at)
{
    pthread_mutex_lock(&info_mu);
    uint32_t no = file_no;
    *at = pub;
    pthread_mutex_unlock(&info_mu);
    return no;
}

void stor_binlog_name(uint32_t no, char *out, size_t n) { file_name(no, out, n); }

void stor_binlog_path(uint32_t no, char *out, size_t n)
{
    char nm[300];
    file_name(no, nm, sizeof nm);
    snprintf(out, n, "%s/%s", dir, nm);
}

uint32_t stor_binlog_number(const char *name)
{
    size_t bl = strlen(base);
    const char *s = strrchr(name, '/');
    s = s ? s + 1 : name;
    if (strncmp(s, base, bl) || s[bl] != '.') return 0;
    char *end;
    unsigned long no = strtoul(s + bl + 1, &end, 10);
    return *end || strlen(s + bl + 1) < 6 || no > UINT32_MAX ? 0 : (uint32_t)no;
}

uint32_t stor_binlog_server_id(void) { return server_id; }

int stor_binlog_state(stor_gtid *out, int max)
{
    int k = 0;
    pthread_mutex_lock(&info_mu);
    for (int i = 0; i < nstate && k < max; i++)
        if (state[i].seq) out[k++] = (stor_gtid){ state[i].domain, state[i].server, state[i].seq };
    pthread_mutex_unlock(&info_mu);
    return k;
}

int stor_binlog_gtid_at(const char *name, uint64_t at, char *out, size_t n)
{
    uint32_t no = binlog_enabled ? stor_binlog_number(name) : 0;
    if (!no) return -1;
    char path[4400];
    stor_binlog_path(no, path, sizeof path);
    int f = open(path, O_RDONLY | O_CLOEXEC);
    if (f < 0) return -1;
    struct gtid st[MAX_DOMAINS];
    int nst = 0;
    uint64_t off = 4, cur_pos, limit = UINT64_MAX;
    if (stor_binlog_current(&cur_pos) == no) limit = cur_pos;
    uint8_t h[HDR_LEN], b[4 + 16 * MAX_DOMAINS];
    int found = 0;
    /* (at 4, the state before the file: its Gtid_list, the second event) */
    while (!found && (off < at || (at == 4 && off < 256 + 4096)) && off + HDR_LEN <= limit &&
           pread(f, h, HDR_LEN, (off_t)off) == HDR_LEN) {
        uint32_t size = rd32(h + 9);
        if (size < HDR_LEN) break;
        size_t want = size - HDR_LEN < sizeof b ? size - HDR_LEN : sizeof b;
        if ((h[4] == EV_GTID || h[4] == EV_GTID_LIST) && pread(f, b, want, (off_t)(off + HDR_LEN)) != (ssize_t)want) break;
        if (h[4] == EV_GTID_LIST) {
            uint32_t cnt = rd32(b) & 0x0fffffff;
            for (uint32_t i = 0; i < cnt && 4 + 16 * (i + 1) <= want && nst < MAX_DOMAINS; i++)
                st[nst++] = (struct gtid){ rd32(b + 4 + 16 * i), rd32(b + 8 + 16 * i), rd64(b + 12 + 16 * i) };
        } else if (h[4] == EV_GTID) {
            uint32_t dom = rd32(b + 8);
            int i = 0;
            while (i < nst && st[i].domain != dom) i++;
            if (i == nst && nst < MAX_DOMAINS) nst++;
            if (i < nst) st[i] = (struct gtid){ dom, rd32(h + 5), rd64(b) };
        }
        off += size;
        if (off == at || (at == 4 && h[4] == EV_GTID_LIST)) found = 1;
    }
    close(f);
    if (!found) return 0;
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < nst && k < n; i++)
        k += (size_t)snprintf(out + k, n - k, "%s%u-%u-%" PRIu64, k ? "," : "", st[i].domain, st[i].server, st[i].seq);
    return 1;
}

/* ---- SHOW BINLOG EVENTS ---- */

static const char *type_name(uint8_t t)
{
    switch (t) {
    case EV_QUERY: return "Query";
    case EV_ANNOTATE: return "Annotate_rows";
    case EV_STOP: return "Stop";
    case EV_ROTATE: return "Rotate";
    case EV_FDE: return "Format_desc";
    case EV_XID: return "Xid";
    case EV_TABLE_MAP: return "Table_map";
    case EV_WRITE_V1: return "Write_rows_v1";
    case EV_UPDATE_V1: return "Update_rows_v1";
    case EV_DELETE_V1: return "Delete_rows_v1";
    case EV_CHECKPOINT: return "Binlog_checkpoint";
    case EV_GTID: return "Gtid";
    case EV_GTID_LIST: return "Gtid_list";
    default: return "Unknown";
    }
}

/* The Info column MariaDB's SHOW BINLOG EVENTS gives an event (ev: size bytes). */
static void event_info(const uint8_t *ev, uint32_t size, char *out, size_t n)
{
    const uint8_t *b = ev + HDR_LEN;
    size_t blen = size - HDR_LEN - 4;
    out[0] = 0;
    /* (the least body each kind's fields need; a damaged file shows no Info) */
    static const struct { uint8_t t; uint8_t min; } need[] = {
        { EV_FDE, 57 }, { EV_GTID_LIST, 4 }, { EV_CHECKPOINT, 4 }, { EV_GTID, 13 }, { EV_QUERY, 13 },
        { EV_TABLE_MAP, 12 }, { EV_WRITE_V1, 8 }, { EV_UPDATE_V1, 8 }, { EV_DELETE_V1, 8 }, { EV_XID, 8 },
        { EV_ROTATE, 8 } };
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        if (need[i].t == ev[4] && blen < need[i].min) return;
    if (ev[4] == EV_TABLE_MAP && (size_t)b[8] + 12 > blen) return;
    if (ev[4] == EV_TABLE_MAP && (size_t)b[8] + 11 + b[8 + b[8] + 2] > blen) return;
    switch (ev[4]) {
    case EV_FDE:
        snprintf(out, n, "Server ver: %.50s, Binlog ver: %u", (const char *)b + 2, (unsigned)(b[0] | b[1] << 8));
        break;
    case EV_GTID_LIST: {
        uint32_t cnt = rd32(b) & 0x0fffffff;
        size_t k = (size_t)snprintf(out, n, "[");
        for (uint32_t i = 0; i < cnt && 4 + 16 * (i + 1) <= blen && k < n; i++)
            k += (size_t)snprintf(out + k, n - k, "%s%u-%u-%" PRIu64, i ? "," : "", rd32(b + 4 + 16 * i),
                                  rd32(b + 8 + 16 * i), rd64(b + 12 + 16 * i));
        if (k < n) snprintf(out + k, n - k, "]");
        break;
    }
    case EV_CHECKPOINT: snprintf(out, n, "%.*s", (int)(rd32(b) < blen - 4 ? rd32(b) : blen - 4), (const char *)b + 4); break;
    case EV_GTID:
        snprintf(out, n, "%sGTID %u-%u-%" PRIu64, (b[12] & FL_STANDALONE) ? "" : "BEGIN ", rd32(b + 8), rd32(ev + 5), rd64(b));
        break;
    case EV_QUERY: {
        size_t dl = b[8], sv = (size_t)(b[11] | b[12] << 8), at = 13 + sv;
        if (at + dl + 1 > blen) break;
        const char *db = (const char *)b + at, *q = db + dl + 1;
        size_t ql = blen - at - dl - 1;
        if (dl) snprintf(out, n, "use `%.*s`; %.*s", (int)dl, db, (int)ql, q);
        else snprintf(out, n, "%.*s", (int)ql, q);
        break;
    }
    case EV_TABLE_MAP: {
        uint64_t id = 0;
        for (int i = 0; i < 6; i++) id |= (uint64_t)b[i] << (8 * i);
        size_t dl = b[8], tl = b[8 + dl + 2];
        snprintf(out, n, "table_id: %" PRIu64 " (%.*s.%.*s)", id, (int)dl, (const char *)b + 9, (int)tl,
                 (const char *)b + 8 + dl + 3);
        break;
    }
    case EV_WRITE_V1: case EV_UPDATE_V1: case EV_DELETE_V1: {
        uint64_t id = 0;
        for (int i = 0; i < 6; i++) id |= (uint64_t)b[i] << (8 * i);
        snprintf(out, n, "table_id: %" PRIu64 "%s", id, (b[6] & 1) ? " flags: STMT_END_F" : "");
        break;
    }
    case EV_XID: snprintf(out, n, "COMMIT /* xid=%" PRIu64 " */", rd64(b)); break;
    case EV_ANNOTATE: snprintf(out, n, "%.*s", (int)blen, (const char *)b); break;
    case EV_ROTATE: snprintf(out, n, "%.*s;pos=%" PRIu64, (int)(blen - 8), (const char *)b + 8, rd64(b)); break;
    default: break;
    }
}

int stor_binlog_events(const char *name, uint64_t from, stor_binlog_event_cb cb, void *arg)
{
    if (!binlog_enabled) return -1;
    uint32_t no = 0;
    if (name) no = stor_binlog_number(name);
    else {
        for (uint32_t i = first_no; i <= file_no && !no; i++) {
            char path[4400];
            struct stat st;
            stor_binlog_path(i, path, sizeof path);
            if (stat(path, &st) == 0) no = i;
        }
    }
    char path[4400], nm[300];
    if (!no) return -1;
    stor_binlog_path(no, path, sizeof path);
    file_name(no, nm, sizeof nm);
    int f = open(path, O_RDONLY | O_CLOEXEC);
    if (f < 0) return -1;
    uint64_t cur_pos, limit = UINT64_MAX;
    if (stor_binlog_current(&cur_pos) == no) limit = cur_pos;
    uint64_t off = 4;
    uint8_t h[HDR_LEN];
    int rc = from > 4 ? -2 : 0;
    uint8_t *ev = NULL;
    size_t cap = 0;
    char info[1024];
    while (off + HDR_LEN <= limit && pread(f, h, HDR_LEN, (off_t)off) == HDR_LEN) {
        uint32_t size = rd32(h + 9);
        if (size < HDR_LEN + 4 || off + size > limit) break;
        if (off == from) rc = 0;
        if (off >= from) {
            if (rc) break;
            size_t want = size < 16384 ? size : 16384;   /* (Info is cut short anyway) */
            if (want > cap) { uint8_t *q = realloc(ev, want); if (!q) break; ev = q; cap = want; }
            if (pread(f, ev, want, (off_t)off) != (ssize_t)want) break;
            if (want == size && wal_crc32_update(0, ev, size - 4) != rd32(ev + size - 4)) { rc = -2; break; }
            if (want < size) { /* keep the CRC position consistent for event_info's length */
                uint32_t w = (uint32_t)want;
                memcpy(ev + 9, &w, 4);
                size = w;
            }
            event_info(ev, size, info, sizeof info);
            if (!cb(arg, nm, off, type_name(h[4]), rd32(h + 5), (uint64_t)rd32(h + 13), info)) break;
            off += rd32(h + 9);
            continue;
        }
        off += size;
    }
    free(ev);
    close(f);
    return rc;
}

uint32_t stor_binlog_first(void) { return first_no; }
