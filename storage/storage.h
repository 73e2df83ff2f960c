/* storage.h - the storage layer's interface: values, tables and columns, the catalog,
 * accounts, and durability (write-ahead log and recovery).
 *
 * This is the bottom of the data stack: it knows types and bytes, not SQL text.
 * engine/ and planner/ build on it; server/ uses the account store for auth.
 *
 * Threading: the whole store is guarded by one reader/writer lock (stor_lock_*):
 * statements that only read take it shared, statements that write take it exclusive.
 * Functions below assume the caller holds the lock in the right mode unless they say
 * otherwise.
 */
#ifndef PRESSDB_STORAGE_H
#define PRESSDB_STORAGE_H

#include <assert.h>
#include <string.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <pthread.h>

/* ------------------------------------------------------------------ values */

/* Runtime value kinds. A value is 16 bytes and never owns memory: strings point into
 * table storage or into a statement arena that outlives the value's use. */
typedef enum pdb_vt {
    VT_NULL = 0,
    VT_INT,        /* i: signed 64-bit */
    VT_UINT,       /* u: unsigned 64-bit (BIGINT UNSIGNED beyond INT64_MAX) */
    VT_DOUBLE,     /* d */
    VT_DECIMAL,    /* len 0: i scaled by 10^scale; len > 0: p holds its text (more than 18
                      digits, up to 81: see engine/decimal.c); coll != 0: shown rounded
                      to coll - 1 digits */
    VT_STRING,     /* s.p / s.len, bytes in the value's collation's charset */
    VT_DATETIME,   /* i = packed datetime, see pdb_dt_pack */
    VT_DATE,       /* i = packed datetime with zero time */
    VT_TIME,       /* i = signed microseconds */
} pdb_vt;

typedef struct pdb_value {
    uint8_t t;          /* pdb_vt */
    uint8_t scale;      /* VT_DECIMAL: digits after the point; VT_DATETIME/TIME: fsp */
    uint16_t coll;      /* VT_STRING: collation id (63 = binary) */
    uint32_t len;       /* VT_STRING: length in bytes */
    union {
        int64_t i;
        uint64_t u;
        double d;
        const char *p;  /* VT_STRING bytes (not NUL-terminated) */
    };
} pdb_value;

/* Packed datetime: ((((Y*13+M)*32+D)*24+h)*60+m)*60+s) * 1e6 + usec. Orders like time. */
int64_t pdb_dt_pack(int y, int mo, int d, int h, int mi, int s, int us);
void    pdb_dt_unpack(int64_t v, int *y, int *mo, int *d, int *h, int *mi, int *s, int *us);

/* ------------------------------------------------------------- memory */

/* All long-lived allocations go through these (jemalloc underneath), so used memory
 * is counted and a limit can be enforced. stor_malloc returns NULL on failure. */
void *stor_malloc(size_t n);
void *stor_calloc(size_t n, size_t sz);
void *stor_realloc(void *p, size_t n);
void  stor_free(void *p);
/* A column vector from old to n bytes (n >= old), zeros past old; big ones are their own
 * mappings, so they are freed with stor_vec_free and the size they have (never stor_free). */
void *stor_vec_grow(void *p, size_t old, size_t n);
void  stor_vec_free(void *p, size_t n);
char *stor_strndup(const char *s, size_t n);
/* The same for a table's string value: one of STOR_LONG_STR bytes or more goes to the
 * arena of long values (huge pages); freed with stor_free like any other. */
#define STOR_LONG_STR 1024
char *stor_strndup_long(const char *s, size_t n);
size_t stor_mem_used(void);
/* Bytes a library allocated for the store (zstd's dictionary tables): counted in
 * Memory_used as they come (delta > 0) and go. */
void   stor_mem_external(ptrdiff_t delta);
/* This thread's allocations come from the catalog's own arena while on (a statement that
 * makes definitions: storage/mem.c), so they do not pin the pages of row values. */
void   stor_mem_catalog(bool on);
/* The memory limit for table data (0 = none): writes are refused past it (the engine
 * checks stor_mem_full before adding rows), reads and deletes keep working. */
void   stor_set_mem_limit(size_t bytes);
size_t stor_mem_limit(void);
bool   stor_mem_full(void);

/* A bump arena for per-statement memory: freed wholesale. */
typedef struct stor_arena_blk stor_arena_blk;
/* A statement's guard (the engine sets one while a statement runs): a new block that
 * would take `held` past `limit` (plus 64 KiB any statement may hold), or the process's counted memory past its ceiling
 * (stor_mem_ceiling), or that the allocator refuses, calls full(full_arg, why, bytes)
 * instead, which does not return (the statement ends with an error). Without a guard,
 * only a refused allocation ends the process. */
enum { STOR_FULL_LIMIT, STOR_FULL_CEILING, STOR_FULL_OOM };
typedef struct stor_arena {
    stor_arena_blk *head;   /* newest block */
    size_t used;            /* bytes handed out */
    size_t held, peak;      /* bytes in blocks now, and at most since init */
    size_t limit;           /* guard: held at most this (0: no limit of its own) */
    void (*full)(void *arg, int why, size_t bytes);
    void *full_arg;
} stor_arena;
struct stor_arena_blk {
    stor_arena_blk *prev;   /* older block */
    size_t size;            /* bytes usable in data[] */
    size_t off;             /* next free offset */
    _Alignas(16) unsigned char data[];
};
void  stor_arena_init(stor_arena *a);
void *stor_arena_alloc_grow(stor_arena *a, size_t n);   /* stor_arena_alloc with a new block */
/* 16-byte aligned; on OOM: the guard, else abort. Inline: a statement makes hundreds. */
static inline void *stor_arena_alloc(stor_arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    stor_arena_blk *b = a->head;
    if (__builtin_expect(!b || b->off + n > b->size, 0)) return stor_arena_alloc_grow(a, n);
    b->off += n;
    a->used += n;
    return b->data + (b->off - n);
}
/* Arms the guard (full != NULL) or disarms it (full NULL). */
void  stor_arena_guard(stor_arena *a, size_t limit, void (*full)(void *, int, size_t), void *arg);
/* The most counted memory (stor_mem_used) that guarded arenas may grow into: set with the
 * memory limit (stor_set_mem_limit: limit + limit / 8), 0 = none. */
size_t stor_mem_ceiling(void);
char *stor_arena_strndup(stor_arena *a, const char *s, size_t n);
void  stor_arena_reset(stor_arena *a);             /* frees all but the first block */
/* A place in an arena, and giving back everything allocated after it (the blocks added
 * since go back; what was allocated before stays). */
typedef struct stor_arena_pos { stor_arena_blk *blk; size_t off, used; } stor_arena_pos;
static inline stor_arena_pos stor_arena_here(const stor_arena *a)
{
    stor_arena_pos p = { a->head, a->head ? a->head->off : 0, a->used };
    return p;
}
void  stor_arena_rewind(stor_arena *a, stor_arena_pos p);
void  stor_arena_free(stor_arena *a);               /* one that held 4 MiB also purges */
void  stor_arena_trim(stor_arena *a);               /* frees all; purges only past 64 MiB */
/* Returns the allocator's free dirty pages to the system now (jemalloc: all arenas). */
void  stor_mem_purge(void);

/* ------------------------------------------------------------ collations */

/* Collation ids as MariaDB numbers them. */
#define COLL_LATIN1_SWEDISH_CI   8
#define COLL_UTF8MB3_GENERAL_CI  33
#define COLL_UTF8MB4_GENERAL_CI  45
#define COLL_UTF8MB4_BIN         46
#define COLL_BINARY              63
#define COLL_UTF8MB3_UNICODE_CI  192
#define COLL_UTF8MB4_UNICODE_CI  224
#define COLL_UTF8MB4_UNICODE_520_CI 246

typedef struct pdb_collation {
    uint16_t id;
    const char *name;        /* "utf8mb4_unicode_520_ci" */
    const char *charset;     /* "utf8mb4" */
    uint8_t maxlen;          /* bytes per character at most */
    bool is_default;         /* the charset's default collation */
    bool pad_space;          /* PAD SPACE (trailing spaces ignored) */
    bool ci;                 /* case-insensitive */
    bool binary;             /* compares bytes */
    uint8_t sortlen;         /* information_schema.COLLATIONS.SORTLEN */
} pdb_collation;

const pdb_collation *pdb_coll_by_id(uint16_t id);          /* NULL if unknown */
const pdb_collation *pdb_coll_by_name(const char *name);   /* case-insensitive; NULL if unknown */
const pdb_collation *pdb_coll_of_charset(const pdb_collation *c, const char *cs);   /* uca1400_x: cs's */
const pdb_collation *pdb_coll_default_for(const char *charset);
/* A collation id with this bit set compares on the primary level only (uca1400's _as_
 * and _cs_, thai_520_w2): MariaDB's filesort key of a long string under such a collation
 * holds its primary weights alone (engine/select.c order_levels). Only a sort's own key
 * values carry it; no other function takes it. */
#define PDB_COLL_PRIMARY 0x8000
/* <0, 0, >0 under the collation. */
int      pdb_coll_cmp(uint16_t coll, const char *a, size_t alen, const char *b, size_t blen);
/* A sort key: bytes whose memcmp order (shorter first on a common prefix) is
 * pdb_coll_cmp's order, so a sort compares keys built once per row. UCA collations only;
 * -1 when there is none (another collation, a PAD SPACE string with a weight below a
 * space's, or cap too small: 3 bytes per weight, at most 3 * 8 per character). */
long     pdb_coll_sortkey(uint16_t coll, const char *s, size_t n, uint8_t *out, size_t cap);
/* MariaDB's WEIGHT_STRING of s under coll into out (at most cap bytes); returns the bytes
 * written. nweights 0: every weight of s; n: exactly n weights (characters, or UCA
 * weights), cut or padded with a space's weight (zero bytes for binary), as AS CHAR(n).
 * Weights are 1 byte (binary, latin1, ascii), 2 (general_ci, utf8mb3_bin and UCA
 * primary weights) or 3 (utf8mb4_bin, the code point). */
size_t   pdb_coll_weight_string(uint16_t coll, const char *s, size_t n, uint32_t nweights, uint8_t *out, size_t cap);
/* Bytes of WEIGHT_STRING's result type per character of its argument under coll. */
unsigned pdb_coll_weight_size(uint16_t coll);
unsigned pdb_coll_levels(uint16_t coll);                  /* levels compared: 1, or 2-3 (uca1400 _as_/_cs) */
/* pdb_coll_cmp == 0, faster. */
bool     pdb_coll_eq(uint16_t coll, const char *a, size_t alen, const char *b, size_t blen);
/* Hash consistent with pdb_coll_cmp == 0. */
uint64_t pdb_coll_hash(uint16_t coll, const char *s, size_t len);
/* The last step of every hash whose low bits pick a bucket (murmur3's finaliser): each
 * output bit depends on every input bit. Without it the low bits of integer-valued
 * doubles (all zero), packed datetimes (multiples of 10^6) and products with odd
 * constants kept most buckets empty: COUNT(DISTINCT) of 14,000 values over 100,000 rows
 * took 1.8 s, walking chains of hundreds. */
static inline uint64_t stor_hash_fin(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
}
/* UTF-8 text as the bytes of coll's character set (a single-byte one's: a byte each,
 * '?' for a character it lacks; ucs2, utf16, utf32: their code units); out holds
 * pdb_coll_octets_cap bytes, or is NULL to count; returns the length (LENGTH, HEX, the
 * binary log's row images). */
size_t   pdb_coll_octets(uint16_t coll, const char *s, size_t n, char *out);
/* The room pdb_coll_octets needs for n bytes of UTF-8 (n; 2n for ucs2 and utf16; 4n for utf32). */
size_t   pdb_coll_octets_cap(uint16_t coll, size_t n);
/* 2 ucs2, 16 utf16, -16 utf16le, 32 utf32; 0 for other charsets. */
int      pdb_coll_wide(uint16_t coll);
/* The single-byte character sets (latin1, koi8r, cp1251, ... every one with Maxlen 1 but
 * binary), and with them the East Asian multi-byte ones (big5, ujis, sjis, euckr, gb2312,
 * gbk, cp932, eucjpms: transcoded): text inside is UTF-8 and these map it to and from
 * the charset's bytes. A code is a character's bytes as one big-endian number (1 to 3
 * bytes: pdb_code_len). */
bool     pdb_coll_single_byte(uint16_t coll);
bool     pdb_coll_transcoded(uint16_t coll);
int32_t  pdb_coll_encode(uint16_t coll, int32_t cp);      /* cp's code; -1 when the charset lacks it */
/* The character at s[0..n) (n >= 1) in coll's charset (its bytes, not the engine's UTF-8:
 * utf16's, utf32's ... too), its bytes in *len; -1 ('?') for bytes that stand for none (a
 * well-formed code without a character, or one ill-formed byte), as MariaDB converts. */
int32_t  pdb_coll_decode_at(uint16_t coll, const char *s, size_t n, size_t *len);
bool     pdb_coll_ascii_bytes(uint16_t coll);             /* bytes below 0x80 are ASCII both ways (not swe7's, sjis's) */
/* LOWER's and UPPER's result characters per argument character (MariaDB's
 * casedn_multiply and caseup_multiply: ujis 2 and 1, the Unicode 5.2.0 and later ones 2). */
unsigned pdb_coll_casedn_multiply(uint16_t coll);
unsigned pdb_coll_caseup_multiply(uint16_t coll);
/* MariaDB's filesort orders strings of coll by keys that disagree with its comparisons
 * (big5_chinese_ci: WEIGHT_STRING is a stroke order, = and < go by code):
 * pdb_coll_sortkey gives those keys. */
bool     pdb_coll_sort_differs(uint16_t coll);
/* The byte pdb_coll_sortkey's keys are padded with to compare as MariaDB's (PAD SPACE:
 * a space's weight), or -1 when they compare as they are. */
int      pdb_coll_sortkey_pad(uint16_t coll);
static inline unsigned pdb_code_len(uint32_t code) { return code > 0xffff ? 3 : code > 0xff ? 2 : 1; }
/* A code's bytes at out; their number. */
static inline unsigned pdb_code_put(uint32_t code, char *out)
{
    unsigned n = pdb_code_len(code);
    for (unsigned j = 0; j < n; j++) out[j] = (char)(code >> (8 * (n - 1 - j)));
    return n;
}
/* What LIKE's fast paths may assume: printable ASCII characters are equal exactly when
 * equal ignoring case, each one weight (the _ci collations but latin5_turkish_ci's i,
 * cp1251_ukrainian_ci ...); equal weights only for the same character (exact). */
bool     pdb_coll_ascii_ci(uint16_t coll);
bool     pdb_coll_exact(uint16_t coll);
/* A single-byte collation whose ASCII letters and digits sort in ASCII order, each above
 * a space and below the next (a LIKE 'prefix%' may bound an index range). */
bool     pdb_coll_like_range(uint16_t coll);
/* SHOW CHARACTER SET's rows, in MariaDB's order (NULL past the last). */
typedef struct pdb_charset_info {
    const char *name, *desc;
    uint8_t maxlen;
    uint16_t def_id;         /* its default collation */
} pdb_charset_info;
const pdb_charset_info *pdb_charset_at(size_t i);
/* LIKE's test of one character against another: MariaDB compares their own weights
 * (no PAD SPACE: an ignorable character equals no space; see collation.c). */
bool     pdb_coll_char_eq(uint16_t coll, int32_t a, int32_t b);
/* MariaDB's '%literal%' search on a single-byte charset compares by the collation's sort
 * order, which latin2_czech_cs and swe7 have otherwise than LIKE's rule: its classes
 * (NULL: as LIKE), and whether it finds two characters equal. */
const uint8_t *pdb_coll_search_classes(uint16_t coll);
bool     pdb_coll_search_eq(uint16_t coll, const uint8_t *classes, int32_t a, int32_t b);
/* UPPER/LOWER of one character (a code point) as MariaDB maps it under coll. */
int32_t  pdb_coll_toupper(uint16_t coll, int32_t cp);
int32_t  pdb_coll_tolower(uint16_t coll, int32_t cp);

/* ---------------------------------------------------------------- catalog */

/* Column base types (what CREATE TABLE said). */
typedef enum stor_ctype {
    CT_TINYINT, CT_SMALLINT, CT_MEDIUMINT, CT_INT, CT_BIGINT,
    CT_DECIMAL, CT_FLOAT, CT_DOUBLE, CT_BIT,
    CT_CHAR, CT_VARCHAR, CT_BINARY, CT_VARBINARY,
    CT_TINYTEXT, CT_TEXT, CT_MEDIUMTEXT, CT_LONGTEXT,
    CT_TINYBLOB, CT_BLOB, CT_MEDIUMBLOB, CT_LONGBLOB,
    CT_ENUM, CT_SET,
    CT_DATE, CT_DATETIME, CT_TIMESTAMP, CT_TIME, CT_YEAR,
} stor_ctype;

/* How a column's values are held in memory. */
typedef enum stor_ckind {
    CK_I64,   /* integers, decimals (scaled), dates (packed), enums (index) */
    CK_F64,   /* FLOAT, DOUBLE */
    CK_STR,   /* strings and blobs */
    CK_DEC,   /* DECIMAL(M > 18): the value's text ("-12.50", exactly scale digits after the
                 point) in the str slots, read back as a VT_DECIMAL of that text */
} stor_ckind;
/* Kinds whose values live in the str slots (owned bytes, logged as length + bytes). */
static inline bool stor_kind_text(uint8_t k) { return k == CK_STR || k == CK_DEC; }

enum { STOR_GEN_VIRTUAL = 1, STOR_GEN_STORED = 2 };
typedef struct stor_column {
    char *name;
    uint8_t type;            /* stor_ctype */
    uint8_t kind;            /* stor_ckind */
    bool is_unsigned, zerofill, not_null, auto_increment, has_default, on_update_now;
    bool explicit_null;      /* NULL written in the definition */
    bool json;               /* JSON: MariaDB's CHECK (json_valid(col)) on it (declared JSON, or
                                that very check written out, as SHOW CREATE TABLE prints it):
                                its values are JSON to the JSON functions, and must be valid */
    uint8_t geom;            /* a spatial type (engine/geo.h GEO_*: POINT ... GEOMETRY), held as a
                                LONGBLOB of MariaDB's geometry bytes; 0: none */
    bool default_expr;       /* default_sql is an expression (DEFAULT uuid(), DEFAULT (a + 1)) as
                                MariaDB prints it, evaluated for each row written (engine/check.c);
                                not kept on disk: the parser sets it again from SHOW CREATE TABLE */
    uint32_t width;          /* display width / char length / precision; 0 = not given */
    int32_t scale;           /* DECIMAL scale, fsp for time types; -1 = not given */
    uint16_t coll;           /* collation id for string types (63 for binary/blob) */
    uint8_t gen;             /* STOR_GEN_VIRTUAL / STOR_GEN_STORED (kept alike: its values are
                                computed as a row is written, engine/check.c), or 0 */
    bool ztried;             /* a sample of it was taken for zdict (compression thread) */
    /* (the small fields above fill the holes between the pointers) */
    char *default_sql;       /* default as SQL text ("'0'", "CURRENT_TIMESTAMP", "NULL"), or NULL */
    char *comment;           /* or NULL */
    char *gen_sql;           /* a generated column's expression as MariaDB prints it, or NULL */
    char **enum_vals;        /* ENUM/SET members */
    uint32_t n_enum;
    /* data, one slot per row id */
    int64_t *i64;            /* CK_I64 */
    int64_t lo, hi;          /* CK_I64: bounds of every slot written since the vector was
                                made (0 included: slots start at 0); never narrowed, so a
                                bound, not the answer. Readers hold the store lock, under
                                which no writer moves them (the JIT's exactness proofs) */
    double *f64;             /* CK_F64 */
    char **sp;               /* CK_STR and CK_DEC, per row: the value's bytes, slen[row] of them:
                                owned, or held from the pool (slen's STOR_SLEN_POOLED); with
                                bit 0 set the value is compressed (compress.c) and slen is still
                                its plain length; only storage/ reads sp and slen, through
                                stor_sptr/stor_slen. Two arrays, not one of 16-byte structs:
                                12 bytes a row instead of 16. A CK_STR column every value of
                                which is NULL or pooled under an id has neither ("slotless":
                                code and pval say it all; most of WordPress's short columns) */
    uint32_t *slen;
    struct stor_strpool *pool;   /* shared copies of short values (storage/strpool.c), or NULL */
    char **pval;             /* CK_STR: by pool id, the pooled copy (strpool.c keeps it; its
                                length is the 4 bytes before it, stor_pool_len); [0] and
                                released ids NULL */
    uint16_t *code;          /* CK_STR, per row: the pooled value's id (equal ids = equal bytes;
                                an id is never reused for other bytes), 0 = not pooled or NULL */
    uint8_t *nulls;          /* bitmap; bit set = NULL */
    struct stor_seg *seg;    /* CK_STR: per segment of STOR_SEG_ROWS row ids, when it was
                                last read or written (compress.c); owned by the table */
    uint64_t ev_len, ev_long;   /* while its table is evicted (evict.c): the live rows'
                                   string bytes, and how many of them pass 127 bytes */
    struct zv_dict *zdict;   /* CK_STR: the dictionary its cold values are compressed with
                                (compress.c; a reference), or NULL; goes with the rows */
} stor_column;

/* One string cell as a value: what sp and slen hold for a row. A value is at most 1 GiB
 * (max_allowed_packet's ceiling; the engine refuses longer ones for a column), so slen's
 * top bit is free to say "pooled". */
struct stor_str { char *p; uint32_t len; uint8_t pooled; };
#define STOR_SLEN_POOLED 0x80000000u
#define STOR_STR_MAX     (STOR_SLEN_POOLED - 1)
static inline uint32_t stor_pool_len(const char *held)
{
    uint32_t n;
    memcpy(&n, held - 4, 4);
    return n;
}
static inline const char *stor_sptr(const stor_column *c, uint32_t r)
{
    return c->sp ? c->sp[r] : c->code[r] ? c->pval[c->code[r]] : NULL;
}
static inline uint32_t stor_slen(const stor_column *c, uint32_t r)
{
    return c->sp ? c->slen[r] & STOR_STR_MAX : c->code[r] ? stor_pool_len(c->pval[c->code[r]]) : 0;
}
static inline uint8_t stor_spooled(const stor_column *c, uint32_t r)
{
    return c->sp ? (uint8_t)(c->slen[r] >> 31) : c->code[r] != 0;
}
static inline struct stor_str stor_scell(const stor_column *c, uint32_t r)
{
    return (struct stor_str){ (char *)stor_sptr(c, r), stor_slen(c, r), stor_spooled(c, r) };
}
/* (a slotless column: only NULL, or a pooled copy whose id code[r] says) */
static inline void stor_sset(stor_column *c, uint32_t r, char *p, uint32_t len, uint8_t pooled)
{
    assert(len <= STOR_STR_MAX);
    if (!c->sp) { assert(!p || pooled); return; }
    c->sp[r] = p;
    c->slen[r] = (len & STOR_STR_MAX) | (pooled ? STOR_SLEN_POOLED : 0);
}

/* Short string values (up to STOR_POOL_MAX bytes) are held once per column: rows with
 * equal bytes share one copy. hold copies (pooled or not; *pooled says which), release
 * gives a row's copy back, free drops the pool (after every row released its values or
 * with the column's data). Pooled values are never compressed. */
#define STOR_POOL_MAX 32
typedef struct stor_strpool stor_strpool;
char *stor_strpool_hold(stor_column *c, const char *p, uint32_t len, uint8_t *pooled);
uint16_t stor_strpool_id(const char *held, uint8_t pooled);   /* the id of a held copy, 0 = none */
void  stor_strpool_release(stor_column *c, char *p, uint8_t pooled);
void  stor_strpool_free(stor_column *c);
size_t stor_strpool_bytes(const stor_column *c);   /* its entries and buckets (SHOW STATUS) */

/* Compression of cold long strings (storage/compress.c). Row ids are grouped in segments
 * of STOR_SEG_ROWS; every read (stor_get) and write of a string stamps its segment with
 * stor_clock (a coarse clock in seconds, ticked by the compression thread; it stays 0
 * while compression is off, so the stamp is then never written). */
#define STOR_SEG_SHIFT 10
#define STOR_SEG_ROWS  (1u << STOR_SEG_SHIFT)
struct stor_seg {
    uint32_t used;           /* stor_clock at the last read or write */
    uint32_t packed;         /* stor_clock when its long values were last compressed */
};
extern uint32_t stor_clock;

typedef enum stor_ikind { IK_PRIMARY, IK_UNIQUE, IK_KEY, IK_FULLTEXT, IK_SPATIAL } stor_ikind;

typedef struct stor_index {
    char *name;              /* "PRIMARY" for the primary key */
    uint8_t kind;            /* stor_ikind */
    uint32_t ncols;
    uint32_t *cols;          /* column positions */
    uint32_t *prefix;        /* prefix length in characters; 0 = whole column */
    char *comment;
    bool generated;          /* made for a FOREIGN KEY (engine/fk.c): goes when another covers it */
    /* hash of the whole key -> row ids (doubly chained), for PRIMARY/UNIQUE/KEY; and for
       composite keys a second hash of the first column alone (leftmost-prefix lookups) */
    uint32_t nbuckets;
    struct stor_hchain {
        uint32_t *buckets;   /* head row id + 1 per bucket; 0 = empty */
        uint32_t *next;      /* per row id: next row id + 1 in the chain */
        uint32_t *prev;      /* per row id: previous row id + 1; 0 = head of its bucket */
    } h, h1;
    /* the ordered view (ranges): every row id in key order (ties by the clustered key,
       then row id), a B+tree
       (storage/btree.c) built by the first range scan (stor_index_ordered) and kept up
       to date by writes from then on */
    struct stor_ord *ord;
} stor_index;

/* What another layer derives from a table's rows and keeps with it (the engine's
 * FULLTEXT postings, engine/fulltext.c), freed with the table: it brings itself up to
 * date from nrows, rewrites and version. */
#define STOR_REWRITE_LOG 4096
typedef struct stor_derived {
    void (*free)(struct stor_derived *);
} stor_derived;

/* A CHECK constraint (engine/check.c): its name, its expression as MariaDB prints it
 * (what SHOW CREATE TABLE shows, parsed again to run it), and for a column's own check
 * that column's name (the check is printed with the column and named after it). */
typedef struct stor_check {
    char *name;
    char *sql;
    char *col;               /* NULL: a table's check */
} stor_check;

void stor_checks_free(stor_check *c, uint32_t n);
stor_check *stor_checks_copy(const stor_check *c, uint32_t n);

/* A FOREIGN KEY constraint (engine/fk.c) of the table holding it (the child): its
 * columns, by name, and the parent's (ref_db.ref_table), also by name, so neither side
 * has to exist while foreign_key_checks is off; what a parent's DELETE and UPDATE do. */
enum { STOR_FK_RESTRICT, STOR_FK_NO_ACTION, STOR_FK_CASCADE, STOR_FK_SET_NULL, STOR_FK_SET_DEFAULT };
typedef struct stor_fk {
    char *name;
    uint32_t ncols;
    char **cols;
    char *ref_db, *ref_table;
    char **ref_cols;
    uint8_t on_delete, on_update;
    bool on_delete_given, on_update_given;   /* (RESTRICT written: not printed, as InnoDB) */
} stor_fk;

void stor_fks_free(stor_fk *f, uint32_t n);
stor_fk *stor_fks_copy(const stor_fk *f, uint32_t n);

typedef struct stor_table {
    char *db;
    char *name;
    stor_column *cols;
    uint32_t ncols;
    stor_index *idx;
    uint32_t nidx;
    char *engine;            /* "InnoDB" */
    uint16_t coll;           /* table default collation */
    char *comment;
    char *row_format;        /* NULL when not given */
    stor_check *checks;      /* CHECK constraints, in declaration order */
    uint32_t nchecks;
    stor_fk *fks;            /* FOREIGN KEY constraints, by name */
    uint32_t nfks;
    uint64_t auto_inc;       /* next AUTO_INCREMENT value */
    bool sequence;           /* a SEQUENCE: its one row written by NEXTVAL / SETVAL (engine/sequence.c) */
    void *seq;               /* the sequence's state in memory (the engine's, stor_calloc'd; freed with the table) */
    /* rows: ids 0..nrows-1, some dead */
    uint32_t nrows;          /* row ids allocated */
    uint32_t cap;
    uint32_t nlive;
    uint8_t *dead;           /* bitmap; bit set = deleted */
    bool compact_wanted;     /* its dead slots passed STOR_COMPACT_MIN and its live rows */
    bool compact_noted;      /* ... but it is too large to rebuild by itself: logged once */
    uint64_t version;        /* bumped by DDL (plan cache invalidation) */
    /* Row ids whose values were replaced where they are (an UPDATE without versions that
       changed something, a log replay over a slot, an undelete): a sequence number and the
       last STOR_REWRITE_LOG of them, each with the columns that changed (bit c: column c,
       bit 63: 63 and beyond), so that what is derived from the rows by id (derived below)
       redoes those rows; rewrite_epoch moves on TRUNCATE (and when the log cannot be
       kept): start over. Rows appended since are new ids. Only a table something is
       derived from keeps the log (a derivation made later starts from where it is). */
    uint64_t rewrites, rewrite_epoch;
    struct stor_rewrite { uint32_t row, nrows; uint64_t cols; } *rewrite_log;   /* (nrows: then) */
    struct stor_derived *derived;
    /* MVCC (storage/mvcc.c): per row id the creating and deleting transaction, allocated
       on the table's first versioned write; nver counts rows whose entry is not {0,0}
       (0 = every row is visible to everyone: the scan's fast path) */
    struct stor_ver {
        uint64_t xmin, xmax;
        uint32_t succ;       /* the version an UPDATE made of this one: row id + 1; 0 = none */
    } *ver;
    uint32_t nver;
    bool temporary;          /* a session's CREATE TEMPORARY TABLE: changes get undo, no redo */
    /* InnoDB hands out a scan in its clustered index's order (stor_clustered). Row id
       order is that order while every appended row's key is at least the last one's;
       an insert below it, a key changed in place or an UPDATE's new version (appended,
       its key where the old one was) set unordered, and from then on scans walk the
       clustered index's ordered view (stor_clustered_rows) instead. */
    bool unordered;
    uint32_t clu_last;       /* the last appended row id + 1; 0 = none */
    /* A table without a clustered key is InnoDB's hidden row id order: insertion order,
       which an UPDATE keeps. An UPDATE's new version is appended, so such a table keeps,
       from its first one on, per row id the row id of the row's first version (its place
       in that order; NULL: every row is its own), and scans sort by it (unordered). */
    uint32_t *origin;
    /* when CREATE TABLE or TRUNCATE made it, in monotonic seconds + 1 (0: before this
       process started): InnoDB's statistics of a new table count it empty until its
       first recalculation, ten seconds on (the engine's filesort estimate) */
    uint64_t stat_born;
    /* set by the first statement that opens it (Opened_tables: with every table in
       memory, the first open is the one a table cache would miss) */
    bool opened;
    /* wall-clock seconds of the last row written since stor_updates_begin (SHOW TABLE
       STATUS's Update_time; 0: none, NULL as InnoDB's after a restart) */
    int64_t update_time;
    /* gap locks held on it (storage/mvcc.c's list): 0 = its writers check none */
    uint32_t ngaps;
    /* Eviction (storage/evict.c). serial: unique per table made in this process (names
       its evict file); mods: bumped by every row write (an eviction prepared under the
       shared lock is dropped when the table changed before it could be finished);
       used: the monotonic second stor_table_find last returned it; evicted: its rows,
       indexes and versions are not in memory but in ev_src's file; nrows, nlive,
       auto_inc and the definition stay, and stor_table_find brings the rows back before
       returning it. Code that reaches tables without stor_table_find (walking
       stor_db.tables) reads no rows of one that is out.
       ev_src: a file (an evict file, or a snapshot's link in evict/) whose section ev_rows
       holds the table's rows as of ev_mods and ev_version: where an out table's rows
       are; for one in memory that has not changed since (evict_clean), what a checkpoint
       copies instead of compressing the rows again and what an eviction reuses instead
       of writing a file. NULL: none. Set under the exclusive store lock, or the shared
       one with evict.c's load_mu (which readers under the shared lock take). */
    uint64_t serial, mods;
    _Atomic uint32_t used;
    _Atomic bool evicted;
    uint32_t ev_gen;         /* bumped by each eviction */
    struct stor_evsrc *ev_src;
    uint64_t ev_mods, ev_version;
    uint64_t zmods;          /* values the compression thread packed in it (evict_copy_stale):
                                a checkpoint's section taken before them holds them plain */
    uint64_t ev_bytes;       /* its section's compressed size (while out) */
    uint64_t cl_mods;        /* (evict.c's thread: mods when it last looked, and when) */
    uint32_t cl_at;
    struct stor_ev_rows { uint64_t off, len, plain; uint32_t crc, ccrc; bool packed; } ev_rows;   /* the
                                section: where, its compressed length, its plain length, the
                                crc32 of its plain and of its compressed bytes; packed: a
                                compression pass leaves it the table's copy (evict_copy_stale):
                                a copy known to hold no long value plain that compression
                                would pack, or the file its table left memory with */
} stor_table;
typedef struct stor_ev_rows stor_ev_rows;
typedef struct stor_evsrc stor_evsrc;
/* Where the memory of the tables in memory goes, by kind (SHOW GLOBAL STATUS
 * Memory_table_*; store lock held; walks every string slot): value vectors (int64 and
 * double slots, per row id up to the capacity), string slots, the bytes of plain string
 * values held per row (not pooled, not compressed: those are Compressed_bytes), string
 * pools, pooled ids, null and dead bitmaps and segment stamps, index hash chains and
 * buckets, ordered views, row versions and origins. */
typedef struct stor_memparts {
    uint64_t vectors, str_slots, str_bytes, str_pool, str_codes, bitmaps, idx_hash, idx_ordered, versions;
} stor_memparts;
void stor_mem_parts(stor_memparts *m);
/* From now on row writes set their table's update_time (the store is loaded). */
void stor_updates_begin(void);

/* A view: its name and the statement that makes it (the engine's canonical CREATE VIEW
 * text, replayed through the parser by recovery). seq orders views by when they were
 * last defined, so a snapshot recreates each after the views it reads. */
typedef struct stor_viewdef {
    char *name;
    char *sql;
    uint64_t seq;
} stor_viewdef;

/* A trigger: its name (case-sensitive, unique in its database), the table it belongs to
 * and the statement that makes it (the engine's canonical CREATE TRIGGER text, replayed
 * through the parser by recovery). */
typedef struct stor_trigdef {
    char *name, *table;
    char *sql;
} stor_trigdef;

/* A stored procedure, function or event: its name (case-insensitive, one namespace per
 * kind in its database) and the statement that makes it (the engine's canonical text). */
enum { STOR_PROG_PROCEDURE, STOR_PROG_FUNCTION, STOR_PROG_EVENT };
typedef struct stor_routine {
    char *name;
    bool function;
    char *sql;
} stor_routine;

/* Dead row slots are never reused: row ids are stable (the log, undo, version chains and
 * the derived indexes name rows by id, and row id order is scan order). A table whose
 * dead slots reach STOR_COMPACT_MIN and outnumber its live rows is marked
 * (compact_wanted, counted here); the engine then rebuilds it as ALTER TABLE ... FORCE
 * does (engine/ddl.c ex_compact_tick), so churn (WordPress's transients: an INSERT and a
 * DELETE each) does not grow a table, its scans and its snapshot without end. */
#define STOR_COMPACT_MIN 4096u
#define STOR_COMPACT_MAX_LIVE 1000000u   /* larger tables: a note, OPTIMIZE TABLE (a copy of a
                                            million rows holds the store for about a second) */
extern _Atomic uint32_t stor_compact_marked;
void stor_table_compact_unmark(stor_table *t);   /* (a rebuild that failed) */
void stor_compact_mark_all(void);                 /* after recovery: the tables loaded with holes */

typedef struct stor_db {
    char *name;
    uint16_t coll;           /* default collation */
    stor_table **tables;
    uint32_t ntables;
    stor_viewdef **views;       /* share the tables' namespace */
    uint32_t nviews;
    stor_trigdef **triggers;    /* the triggers of its tables, those of one table and event
                                   in the order they fire */
    uint32_t ntriggers;
    stor_routine **routines;    /* in the order they were made */
    uint32_t nroutines;
    stor_routine **events;      /* CREATE EVENT (engine/event.c), in the order they were made */
    uint32_t nevents;
} stor_db;

/* The datadir marker (datadir.c, pressdb.datadir): stor_datadir_check, before anything
 * is created in dir, refuses (-1, err) when the marker requires a file that is missing;
 * stor_datadir_mark, once the store and accounts are open, writes it for a fresh or an
 * older pressdb's datadir; snapshot.c notes the first snapshot (required from then on). */
int  stor_datadir_check(const char *dir, char *err, size_t errlen);
int  stor_datadir_mark(char *err, size_t errlen);
void stor_datadir_snapshot_written(void);

/* Opens (creating if needed) the store in datadir; stor_recover() then loads its
 * contents. 0 or -1 with a message in err. */
int  stor_open(const char *datadir, char *err, size_t errlen);
void stor_close(void);
const char *stor_datadir(void);

/* stor_get marks a BIT column's value (its bytes, big-endian) with this pdb_value.scale:
 * the engine reads it as the unsigned number it is (EX_BITVAL). */
#define STOR_BIT_MARK 4

/* Lock order (ARCHITECTURE.md, Threading model): the store lock comes first; the
 * mutexes of storage, the plan cache and the server are leaves taken under it. A thread
 * holding the store lock may wait for an event loop (a worker handing over its output),
 * so an event loop thread never blocks on it: it marks itself (stor_lock_set_noblock)
 * and uses the try forms, moving the work elsewhere when they fail. */
void stor_lock_shared(void);
void stor_lock_exclusive(void);
int  stor_lock_mode(void);   /* this thread's hold of the store lock: 0 none, 1 shared, 2 exclusive */
bool stor_lock_try_shared(void);       /* false: held exclusively by someone */
bool stor_lock_try_exclusive(void);    /* false: held by someone */
void stor_unlock(void);
void stor_lock_set_noblock(bool on);   /* this thread must never block on the lock */
bool stor_lock_may_block(void);        /* this thread may block on it */
/* Whether a database exists, without the store lock (a leaf lock of its own). */
bool stor_db_exists(const char *name);

stor_db    *stor_db_find(const char *name);               /* exact name; NULL if none */
stor_db   **stor_db_list(uint32_t *n);
int         stor_db_create(const char *name, uint16_t coll);    /* -1 if exists */
int         stor_db_drop(const char *name);                     /* -1 if missing */
stor_table *stor_table_find(const char *db, const char *name);  /* case-sensitive; rows loaded */
/* The same without bringing an evicted table's rows back: for what reads only the
 * definition (names, columns, keys, nrows, nlive), never rows or indexes' contents. */
stor_table *stor_table_peek(const char *db, const char *name);

/* Creates a table from a filled-in definition (cols/idx arrays owned by the table
 * afterwards; data pointers must be NULL). Returns the table or NULL if it exists. */
stor_table *stor_table_create(stor_db *db, stor_table *def);
int         stor_table_drop(stor_db *db, const char *name);
/* Views (the caller holds the store lock exclusively to change them). put creates or
 * replaces; drop returns -1 when there is none. */
stor_viewdef *stor_viewdef_find(const char *db, const char *name);   /* case-sensitive */
void        stor_viewdef_put(stor_db *db, const char *name, const char *sql, size_t len);
int         stor_viewdef_drop(stor_db *db, const char *name);
bool        stor_viewdefs_exist(void);   /* any view at all (no lock needed) */
stor_trigdef *stor_trigdef_find(const char *db, const char *name);   /* case-sensitive */
/* adds a trigger at index at of d->triggers (d->ntriggers: the end) */
void        stor_trigdef_add(stor_db *d, const char *name, const char *table, const char *sql, size_t len,
                             uint32_t at);
int         stor_trigdef_drop(stor_db *d, const char *name);
void        stor_trigdef_retable(stor_trigdef *g, const char *table);   /* RENAME TABLE */
bool        stor_trigdefs_exist(void);   /* any trigger at all (no lock needed) */
stor_routine *stor_routine_find(const char *db, const char *name, bool function);   /* any case */
void        stor_routine_put(stor_db *d, const char *name, bool function, const char *sql, size_t len);
int         stor_routine_drop(stor_db *d, const char *name, bool function);
stor_routine *stor_event_find(const char *db, const char *name);   /* any case */
void        stor_event_put(stor_db *d, const char *name, const char *sql, size_t len);
int         stor_event_drop(stor_db *d, const char *name);
int         stor_table_truncate(stor_table *t);

/* A BIGINT UNSIGNED column some slot of which may hold a value past 2^63 (its bounds:
 * the slot reads negative). Otherwise every slot is its value as a signed int64, so
 * comparing, summing and ordering slots signed is unsigned arithmetic on the values. */
static inline bool stor_col_ubig_wide(const stor_column *c)
{
    return c->type == CT_BIGINT && c->is_unsigned && c->lo < 0;
}

static inline bool stor_is_null(const stor_column *c, uint32_t row) {
    return c->nulls[row >> 3] & (1u << (row & 7));
}
static inline bool stor_is_dead(const stor_table *t, uint32_t row) {
    return t->dead[row >> 3] & (1u << (row & 7));
}

/* ---------------------------------------------------------------- MVCC
 *
 * A row version carries xmin (who created it) and xmax (who deleted or locked it):
 * 0 = long committed / not deleted; a commit timestamp; or STOR_TXN_BIT | transaction id
 * while uncommitted (with STOR_LOCK_BIT in xmax: locked, not deleted; STOR_SHARE_MARK:
 * shared locks of one or more transactions, which mvcc.c lists). Writes in an
 * explicit transaction, or while another session holds a snapshot, are versioned: an
 * UPDATE marks the old version deleted and appends the new one; an autocommit write with
 * no snapshot anywhere changes the row in place (nobody can see the difference: writers
 * hold the store lock exclusively and commit before releasing it).
 *
 * Each thread reads through its view (stor_view_cur), set by the engine per statement:
 * a snapshot (a commit timestamp: consistent reads) or the current state (latest
 * committed, for the rows a write statement changes), plus its own transaction's
 * changes. A write that meets another transaction's uncommitted change to the same row
 * (or unique key) gets STOR_LOCKED with stor_blocker set: the engine undoes the statement
 * and waits for that transaction to end, then runs the statement again. */
#define STOR_TXN_BIT  (1ull << 63)
#define STOR_LOCK_BIT (1ull << 62)
#define STOR_SHARE_BIT (1ull << 61)   /* with TXN and LOCK: shared locks, holders in mvcc.c */
#define STOR_ID_MASK  (STOR_SHARE_BIT - 1)
#define STOR_SHARE_MARK (STOR_TXN_BIT | STOR_LOCK_BIT | STOR_SHARE_BIT)
#define STOR_LOCKED   (-2)

typedef struct stor_view {
    bool snapshot;           /* false: the current state (latest committed) */
    bool versioned;          /* writes keep old versions (see above) */
    uint64_t snap;           /* snapshot: commit timestamps <= snap are visible */
    uint64_t txn;            /* own transaction id (0 = none yet) */
} stor_view;
extern __thread stor_view stor_view_cur;
extern __thread uint64_t stor_blocker;      /* the transaction a STOR_LOCKED waits for */
/* The row a STOR_LOCKED of a row lock was about (t NULL: a key or a gap): stor_wait_begin
 * queues the wait on it (InnoDB's lock queue, mvcc.c). */
typedef struct stor_blocked_at { const stor_table *t; uint32_t row; bool excl; } stor_blocked_at;
extern __thread stor_blocked_at stor_blocked_row;

bool stor_ver_visible(const stor_table *t, uint32_t row);
/* Is the row visible in this thread's view? (Dead rows never are.) */
static inline bool stor_row_visible(const stor_table *t, uint32_t row) {
    if (stor_is_dead(t, row)) return false;
    if (!t->nver) return true;
    const struct stor_ver *v = &t->ver[row];
    if (!(v->xmin | v->xmax)) return true;
    return stor_ver_visible(t, row);
}

uint64_t stor_commit_ts(void);          /* the newest commit timestamp */
/* A registered snapshot (REPEATABLE READ transactions): old versions are kept for it
 * until released. */
uint64_t stor_snap_take(void);
void     stor_snap_release(uint64_t snap);
uint32_t stor_snap_count(void);
/* Applies what finished transactions left behind once no snapshot needs the old
 * versions (frees deleted versions, forgets timestamps). Store lock exclusive. */
void     stor_mvcc_purge(void);
/* This thread's transaction id, allocated (and registered as running) on first use. */
uint64_t stor_txn_id(void);
uint64_t stor_txn_next_id(void);   /* the id the next transaction that writes gets (no side effect) */
bool     stor_txn_running(uint64_t id);
/* Waits-for bookkeeping: me waits for blocker. 0 registered, 1 blocker already ended
 * (run again now), -1 deadlock (me would wait for itself). */
int      stor_wait_begin(uint64_t me, uint64_t blocker);
void     stor_wait_end(uint64_t me);
/* A holder's upgrade made me a deadlock victim: its wait ends, and the next
 * stor_wait_begin says -1. */
bool     stor_wait_victim(uint64_t me);
/* me's statement ended without waiting (or its wait failed): it leaves the lock queue. */
void     stor_queue_leave(uint64_t me);
/* Called (from any thread) whenever a transaction that somebody waits for ends. */
void     stor_set_txn_end_hook(void (*fn)(void));
/* Calls that hook: something else a parked statement may wait for changed (a named lock). */
void     stor_wake_waiters(void);
/* Reads one cell as a value (strings point into the table). */
void stor_get(const stor_table *t, uint32_t col, uint32_t row, pdb_value *out);

/* Appends a row of values already converted to each column's kind. Unique keys are
 * checked first; on a duplicate, returns -1 and *dup_idx is the index violated
 * (nothing is written); STOR_LOCKED when the key is another transaction's uncommitted
 * change. Returns the new row id otherwise. */
int64_t stor_row_insert(stor_table *t, const pdb_value *vals, int *dup_idx, uint32_t *dup_row);
/* Replaces a live row's values; -1 with *dup_idx on a unique violation, STOR_LOCKED.
 * Returns the row id that holds the new values (another one when versioned). */
int64_t stor_row_update(stor_table *t, uint32_t row, const pdb_value *vals, int *dup_idx, uint32_t *dup_row);
/* 0, or STOR_LOCKED. */
int  stor_row_delete(stor_table *t, uint32_t row);
/* A locking read (SELECT ... FOR UPDATE: exclusive; LOCK IN SHARE MODE: shared) of the
 * row: STOR_LOCKED while another transaction holds a change or a conflicting lock on it
 * (exclusive: any lock; shared: an exclusive one); otherwise the lock of an explicit
 * (versioned) transaction is kept until it ends, and 0. Shared locks of several
 * transactions coexist and hold back every other transaction's UPDATE, DELETE and
 * exclusive lock of the row; the only holder may take it exclusively (upgrade). */
int  stor_row_lock(stor_table *t, uint32_t row, bool exclusive);
/* Gap locks of a locking read under REPEATABLE READ (InnoDB's next-key locks), kept by a
 * versioned transaction until it ends: the open interval between rows lo and hi of ix's
 * order (STOR_GAP_OPEN: that end is open), or with ix NULL every gap of the table.
 * Another transaction's insert into it, or update moving a key into it, gets STOR_LOCKED
 * (after writing: the caller undoes the statement) until the holder ends. */
#define STOR_GAP_OPEN UINT32_MAX
void stor_gap_lock(stor_table *t, const stor_index *ix, uint32_t lo, uint32_t hi);
/* The gap before row in ix's order (a row read by a locking scan that may stop early:
 * InnoDB's next-key lock of that row); every gap when ix is NULL or has no order. */
void stor_gap_lock_before(stor_table *t, stor_index *ix, uint32_t row);
/* A locking scan without an index: every row (shared or exclusive) and every gap, as
 * InnoDB locks each row such a scan reads; STOR_LOCKED (stor_blocker) while another
 * transaction holds a conflicting change or lock of a row, else 0. */
int  stor_rows_lock(stor_table *t, bool exclusive);
/* Looks a key up in a hashed index: calls fn for each live row whose key equals vals.
 * nkey is ix->ncols (whole key) or 1 (first column of a composite key). Candidate rows of
 * a prefix key (meta_key(191)) match on the prefix only: the caller re-checks equality. */
void stor_index_lookup(const stor_table *t, const stor_index *ix, uint32_t nkey, const pdb_value *vals,
                       void (*fn)(void *ctx, uint32_t row), void *ctx);

/* A one-column integer (CK_I64) index: the first visible row whose key is key, or -1
 * (for a unique index, the row stor_index_lookup finds). */
int64_t stor_index_find_i64(const stor_table *t, const stor_index *ix, int64_t key);

/* Every visible row whose first key column (CK_I64) equals key (nkey 1 of
 * stor_index_lookup): their count; the first cap in buf, in no particular order. */
uint32_t stor_index_find_all_i64(const stor_table *t, const stor_index *ix, int64_t key, uint32_t *buf, uint32_t cap);

/* The table's primary key as MariaDB sees it: PRIMARY, else the first UNIQUE key whose
 * columns are all NOT NULL and whole (promoted: DESCRIBE says PRI); NULL when none. */
const stor_index *stor_primary(const stor_table *t);
/* The index InnoDB clusters the table by: stor_primary, NULL when there is none
 * (InnoDB's hidden row id: insertion order) or it cannot be ordered. */
const stor_index *stor_clustered(const stor_table *t);
/* Rows a and b in x's order (its key, then the clustered key, then row id), as its
 * ordered view holds them. */
int stor_index_cmp(const stor_table *t, const stor_index *x, uint32_t a, uint32_t b);
/* Rows a and b in clustered order (key, or without one the first version's row id
 * (t->origin); then row id: versions of one row by age). */
int stor_clustered_cmp(const stor_table *t, uint32_t a, uint32_t b);
/* Every row id of the clustered index's ordered view (every version; dead rows are not
 * in it), in clustered order, into buf (room for t->nrows): their count, or -1 when the
 * view could not be built (memory) or there is no clustered order but row id order. */
int64_t stor_clustered_rows(stor_table *t, uint32_t *buf);
/* The same for any orderable index x: its ordered view's rows, in its order. */
int64_t stor_index_rows(stor_table *t, stor_index *x, uint32_t *buf);
/* Recomputes unordered from the rows (after recovery put rows at their ids). */
void stor_clustered_recheck(stor_table *t);
/* Do scans of t read stor_clustered_rows instead of row id order? */
bool stor_reordered(const stor_table *t);

/* Can the index give its rows in key order (no prefix parts, at most 16 columns, no
 * ENUM/SET/BIT columns, whose comparisons are not by stored value)? */
bool stor_index_orderable(const stor_table *t, const stor_index *ix);
bool stor_index_rangeable(const stor_table *t, const stor_index *ix);   /* also prefix keys: ranges of whole values */
/* The index's rows in key order: NULLs first, strings by the column's collation, numbers
 * by value, ties by the clustered key (stor_clustered), then by row id; every version (check stor_row_visible). Built on first use
 * (safe under the shared store lock); valid until the store lock is released. NULL when
 * memory ran out. Read it with the stor_ord_ iterator below. */
const struct stor_ord *stor_index_ordered(stor_table *t, stor_index *ix);

/* The ordered view itself (storage/btree.c): a B+tree of row ids whose order is given by
 * a comparator passed to each change (cmp(ctx, a, b) <0, 0, >0; row ids are the keys'
 * tie-break, so no two rows compare equal). Insert and remove cost O(log n). */
typedef int (*stor_ord_cmp)(const void *ctx, uint32_t a, uint32_t b);
struct stor_ord *stor_ord_new(void);                       /* empty; NULL = no memory */
/* A tree of rows already in order (n of them); NULL = no memory. */
struct stor_ord *stor_ord_build(const uint32_t *rows, uint32_t n);
void     stor_ord_free(struct stor_ord *o);
uint32_t stor_ord_count(const struct stor_ord *o);
size_t   stor_ord_bytes(const struct stor_ord *o);   /* its nodes' (SHOW STATUS) */
/* 0, or -1 when memory ran out: the tree has then lost rows and must be freed. */
int      stor_ord_insert(struct stor_ord *o, uint32_t row, stor_ord_cmp cmp, const void *ctx);
/* 0, or -1 when row is not where cmp puts it (nothing changed). */
int      stor_ord_remove(struct stor_ord *o, uint32_t row, stor_ord_cmp cmp, const void *ctx);
/* Is the tree well formed (balanced, filled, ordered, linked)? For tests. */
bool     stor_ord_check(const struct stor_ord *o, stor_ord_cmp cmp, const void *ctx);

/* A position between two rows of a tree (or at either end). next returns the row after
 * it and steps past it; prev steps back over the row before it and returns it; both
 * false at their end. Valid while the tree does not change. */
typedef struct stor_ord_it { const void *leaf; uint32_t i; } stor_ord_it;
/* probe(ctx, row) < 0 for the rows before the sought place, >= 0 from it on (monotone
 * in the tree's order). seek: the place before the first row with probe >= 0. */
typedef int (*stor_ord_probe)(void *ctx, uint32_t row);
void stor_ord_seek(const struct stor_ord *o, stor_ord_it *it, stor_ord_probe probe, void *ctx);
void stor_ord_first(const struct stor_ord *o, stor_ord_it *it);
void stor_ord_last(const struct stor_ord *o, stor_ord_it *it);
bool stor_ord_next(stor_ord_it *it, uint32_t *row);
bool stor_ord_prev(stor_ord_it *it, uint32_t *row);

/* ---------------------------------------------------------------- binary log */

/* The binary log (storage/binlog.c): MariaDB 10.11's format, written at commit beside the
 * write-ahead log when --log-bin is given. A GTID is domain-server-sequence. */
typedef struct stor_gtid { uint32_t domain, server; uint64_t seq; } stor_gtid;
typedef struct stor_binlog_file { char name[300]; uint64_t size; } stor_binlog_file;
/* After recovery (the log's GTIDs known), before serving: cuts what the log does not
 * hold, starts a new file. name: base name, or a path ("" = pressdb-bin in the datadir). */
int  stor_binlog_open(const char *name, char *err, size_t errlen);
void stor_binlog_close(void);             /* a clean stop: a Stop event */
/* Without --log-bin: recovery's copies of binary log events (sync_binlog=1) are dropped. */
void stor_binlog_drop_copies(void);
bool stor_binlog_on(void);
void stor_binlog_set_ids(uint32_t server_id, uint32_t domain_id);
void stor_binlog_set_max_size(uint64_t n);
void stor_binlog_set_sync(bool on);       /* sync_binlog=1: fdatasync every commit */
void stor_binlog_set_collation(uint16_t coll);   /* collation_server, for DDL events */
void stor_binlog_set_expire(uint64_t seconds);   /* binlog_expire_logs_seconds: at rotation */
/* PURGE BINARY LOGS TO 'name' (to) or BEFORE a time (epoch seconds, to NULL): the files
 * before it go (never the current one); -1 when name is not one of the files. */
int  stor_binlog_purge(const char *to, int64_t before);
void stor_binlog_flush(void);             /* FLUSH BINARY LOGS: a new file */
/* RESET MASTER [TO first]: every file goes, the GTID state is empty, a new file first. */
int  stor_binlog_reset(uint32_t first);
/* Any thread: the current file and its length (SHOW MASTER STATUS), the files with their
 * sizes (SHOW BINARY LOGS; returns how many), the GTID state ("0-1-42", @@gtid_binlog_pos). */
void stor_binlog_where(char *file, size_t n, uint64_t *pos);
uint32_t stor_binlog_files(stor_binlog_file *out, uint32_t max);
void stor_binlog_gtid_pos(char *out, size_t n);
/* For the replication sender: the file being written and its committed length (whole
 * events only); a file's name and full path by number; a name's number (0 = none);
 * the state as a Gtid_list body. */
uint32_t stor_binlog_current(uint64_t *pos);
/* ... and how much of it replicas may be sent (with sync_binlog=1 and durable commits:
 * the groups whose log frame is synced; else as stor_binlog_current). */
uint32_t stor_binlog_sendable(uint64_t *pos);
void stor_binlog_release_held(void);      /* groups held for the log's sync: ask for one */
void stor_binlog_name(uint32_t no, char *out, size_t n);
void stor_binlog_path(uint32_t no, char *out, size_t n);
uint32_t stor_binlog_number(const char *name);
uint32_t stor_binlog_first(void);         /* the lowest file number that may exist */
/* The server's: the lowest file number a replication stream still reads (0: none);
 * PURGE and expiry keep it and every later file. */
void stor_binlog_set_in_use(uint32_t (*fn)(void));
uint32_t stor_binlog_server_id(void);
/* BINLOG_GTID_POS(name, pos): the state after the events before pos, when pos ends an
 * event of that file: 1 and the text ("0-1-5,1-1-2"); 0 otherwise; -1 no such file. */
int  stor_binlog_gtid_at(const char *name, uint64_t pos, char *out, size_t n);
/* SHOW BINLOG EVENTS: each event of file name (NULL: the first there is) from pos (0: the
 * start) to cb, with MariaDB's type name and Info text, while cb returns true. 0; -1 no
 * such file; -2 pos is not where an event starts. */
typedef bool (*stor_binlog_event_cb)(void *arg, const char *file, uint64_t pos, const char *type,
                                     uint32_t server_id, uint64_t end, const char *info);
int  stor_binlog_events(const char *name, uint64_t from, stor_binlog_event_cb cb, void *arg);
/* The state per domain (at most max entries): how many. */
int  stor_binlog_state(stor_gtid *out, int max);

struct stor_txn;
/* A replica's position (storage/slavepos.c, @@gtid_slave_pos): the last GTID applied per
 * domain, written in the frame of the change that applied it. set_applied names the
 * GTID the transaction x applies (NULL: none); its commit frame, or the DDL frame the
 * thread writes next while x is attached, carries it. flush_applied writes it alone
 * when neither did (a group that changed nothing). no_binlog: x's changes stay out of
 * the binary log (log_slave_updates=OFF). */
void stor_txn_set_applied(struct stor_txn *x, const stor_gtid *g);
void stor_txn_set_no_binlog(struct stor_txn *x, bool on);
int  stor_txn_flush_applied(struct stor_txn *x);
int  stor_slave_pos_set(const stor_gtid *g, int n);    /* SET GLOBAL gtid_slave_pos */
int  stor_slave_state(stor_gtid *out, int max);
void stor_slave_pos(char *out, size_t cap);             /* "0-1-42,1-2-7" */
/* A GTID list as MariaDB prints it ("0-1-42,1-2-7": by domain; g is sorted in place). */
void stor_gtid_text(stor_gtid *g, int n, char *out, size_t cap);

/* ---------------------------------------------------------------- durability */

/* A transaction collects redo records (written to the log at commit, with one fsync)
 * and undo records (applied on rollback). Every row change made by this thread goes to
 * the thread's current transaction; the engine attaches a session's transaction to the
 * thread while it runs that session's statement. Row changes outside any transaction
 * are applied but not logged (recovery itself). */
typedef struct stor_txn stor_txn;
stor_txn *stor_txn_new(void);
void      stor_txn_free(stor_txn *x);
void      stor_txn_attach(stor_txn *x);      /* NULL detaches */
stor_txn *stor_txn_attached(void);            /* this thread's, or NULL */
uint64_t  stor_txn_get_id(const stor_txn *x); /* its MVCC id (0 = none) */
/* Its id, given one if it has none (a waiter needs one to be queued and to take part
 * in deadlock checks). */
uint64_t  stor_txn_ensure_id(stor_txn *x);
/* A transaction with nothing to undo gives its id back (an autocommit statement whose
 * wait ended without running). */
void      stor_txn_end_idle(stor_txn *x);
/* Ends the attached transaction's id without touching data (after a failed autocommit
 * statement whose changes were undone): whoever waits for it runs again. */
void      stor_txn_finish(void);
/* A savepoint: the current position in the undo and redo lists. */
typedef struct stor_mark { size_t undo, redo, bl; } stor_mark;
stor_mark stor_txn_mark(void);
/* The text of the statement the attached transaction runs now (valid while it runs): the
 * binary log's Annotate_rows event before its first row (binlog_annotate_row_events). */
void      stor_txn_statement(const char *sql, size_t len);
/* Undoes every change after the mark (statement failure, ROLLBACK TO SAVEPOINT). */
void      stor_txn_undo_to(stor_mark m);
/* Writes the redo to the log (in commit order: call it under the store lock); 0, or -1
 * with errno set (the changes are then undone). Durability comes with stor_txn_sync. */
int       stor_txn_commit(void);
/* After releasing the store lock: waits until this thread's last commit is on disk
 * (fsync shared with concurrent commits; per innodb_flush_log_at_trx_commit). 0 or -1. */
int       stor_txn_sync(void);
/* The same without waiting: the LSN this thread's last commit needs durable (0 = none,
 * or not flushing at commit); stor_sync_request asks the log syncer thread for it, and
 * the sync hook (any thread) says when stor_synced_lsn() has moved. A failed fdatasync
 * is reported by stor_sync_failed() (the reply must not say OK then). */
uint64_t  stor_txn_take_commit_end(void);
/* The write-ahead log's figures for SHOW STATUS (InnoDB's log names): frames and bytes
 * written and syncs since start, log positions (LSNs: the end, what is durable, where
 * the current file began, i.e. the last snapshot). Any thread. */
typedef struct stor_wal_figures { uint64_t writes, bytes, syncs, lsn, lsn_flushed, lsn_checkpoint; } stor_wal_figures;
void stor_wal_stats(stor_wal_figures *f);
void      stor_sync_request(uint64_t lsn);
/* Syncs here, unless a sync is under way (1: then ask the syncer): 0 durable, -1 the
 * fdatasync failed (stor_sync_failed). For a caller with nobody to hold up meanwhile. */
int       stor_sync_try(uint64_t lsn);
uint64_t  stor_synced_lsn(void);
bool      stor_sync_failed(void);
void      stor_set_sync_hook(void (*fn)(void));
void      stor_txn_rollback(void);
bool      stor_txn_dirty(void);              /* anything to commit? */
/* DDL is logged as SQL text with its default database (written at once, fsynced), and
 * replayed at recovery through the function the engine registers. */
int  stor_log_ddl(const char *db, const char *sql, size_t len);
/* The same with the session's settings the statement ran under, for the binary log's
 * Query event (a replica runs it with them: a trigger or routine keeps its sql_mode). */
typedef struct stor_ddl_env {
    uint32_t sql_mode;
    uint16_t cs_client, coll_connection;
    const char *invoker_user, *invoker_host;   /* the account that ran it (Q_INVOKER: a
                                                  replica's CURRENT_USER), NULL: none */
    bool no_binlog;                            /* sql_log_bin=0: the log only */
} stor_ddl_env;
int  stor_log_ddl_env(const char *db, const char *sql, size_t len, const stor_ddl_env *env);
/* A statement only the binary log records (accounts: CREATE USER, GRANT ...), as MariaDB
 * logs them. 0 or -1; nothing without --log-bin. */
int  stor_binlog_statement(const char *db, const char *sql, size_t len, const stor_ddl_env *env);
typedef int (*stor_ddl_replay_fn)(const char *db, const char *sql, size_t len);
void stor_set_ddl_replay(stor_ddl_replay_fn fn);
/* Replays the log (after the engine registered its DDL replay). 0 or -1 with err. A bad
 * last frame (a torn write: never acknowledged) is cut; damage before the last frame
 * stops startup and leaves the file as it is, unless stor_set_wal_recovery(1). */
int  stor_recover(char *err, size_t errlen);
/* --wal-recovery: 0 refuse to start on damage before the last frame (default); 1 start
 * with the frames before the damage, the damaged log kept as pressdb.wal.damaged-<time>. */
void stor_set_wal_recovery(int mode);

/* What the bytes of a log hold (stor_wal_scan_buf reads any bytes, within n). */
enum { STOR_WAL_CLEAN, STOR_WAL_TORN, STOR_WAL_DAMAGED };
typedef struct stor_wal_scan {
    int status;              /* CLEAN: frames then zeros / end of file;
                                TORN: a bad last frame (nothing valid after it);
                                DAMAGED: a bad frame with a valid frame after it */
    bool has_gen;            /* the first frame is a valid generation frame ('G') */
    uint64_t gen;            /* its generation (0 without one) */
    uint64_t nframes;        /* valid frames before the end or the bad frame */
    size_t end;              /* their bytes: the bad frame's offset, or the log's end */
    size_t next_valid;       /* DAMAGED: offset of the first valid frame after it */
    const char *why;         /* TORN / DAMAGED: what is wrong at end */
} stor_wal_scan;
void stor_wal_scan_buf(const uint8_t *p, size_t n, stor_wal_scan *out);
/* The same for a log file. 0, or -1 with err (the file cannot be read). */
int  stor_wal_scan_file(const char *path, stor_wal_scan *out, char *err, size_t errlen);
/* Checkpoint: writes the whole store as a compressed snapshot (datadir/pressdb.snap)
 * and starts a new, empty log. Call with the store lock held exclusively. 0 or -1. */
int  stor_checkpoint(char *err, size_t errlen);
/* The same without holding the store for the snapshot's seconds. Under the store lock
 * held exclusively (and no transaction with uncommitted changes): the log so far is made
 * durable and set aside (pressdb.wal.prev), a new log starts, and a child process
 * (fork: the store as it is now, copy-on-write) writes the snapshot; *pid is that
 * process (0: the checkpoint was written here, blocking, as stor_checkpoint: a log set
 * aside before is still waiting, or no process could be made). 0 or -1. */
int  stor_checkpoint_begin(pid_t *pid, char *err, size_t errlen);
/* Without the store lock: waits for the process, then drops the set-aside log. A failed
 * process keeps it (recovery replays it; the next checkpoint blocks). 0 or -1. */
int  stor_checkpoint_end(pid_t pid, char *err, size_t errlen);
bool stor_checkpoint_prev_pending(void); /* a set-aside log waits for a snapshot */
bool stor_checkpoint_forks(void);        /* false: this build (ASan) checkpoints blocking */
uint64_t stor_wal_size(void);            /* bytes in the current log */
bool stor_any_open_txn(void);            /* uncommitted changes exist (no checkpoint then) */
/* Another transaction than this thread's with uncommitted changes or row locks on t (its
 * undo names t, so t must not be dropped or rebuilt before it ends): its id, 0 = none. */
uint64_t stor_table_held(const stor_table *t);
/* The CREATE TABLE text of a table (malloc'd), for snapshots; set by the engine. */
typedef char *(*stor_table_ddl_fn)(const stor_table *t);
void stor_set_table_ddl(stor_table_ddl_fn fn);
/* innodb_flush_log_at_trx_commit: 1 = fsync each commit, 2 = write only, 0 = lazy. */
void stor_set_flush_mode(int mode);

/* Starts the background compression of cold long strings: a string value of at least
 * min_bytes whose segment nobody read or wrote for after_s seconds is compressed with
 * zstd (kept as it is when that saves too little); a read of it (stor_get) restores the
 * plain bytes. Columns that belong to an index are never compressed. after_s = 0: off.
 * Call once, after recovery; 0 or -1 (thread not started). */
int  stor_compress_start(size_t min_bytes, uint32_t after_s);
void stor_compress_stop(void);           /* (stor_close calls it) */
typedef struct stor_zstats {
    uint64_t values;         /* values held compressed now */
    uint64_t bytes;          /* their compressed size (with headers) */
    uint64_t raw_bytes;      /* their length */
    uint64_t dicts;          /* columns' dictionaries held (compress.c) */
    uint64_t dict_bytes;     /* their size, with zstd's decompression tables */
} stor_zstats;
void stor_compress_stats(stor_zstats *out);   /* any thread */
/* Eviction of cold tables (storage/evict.c). A base table that no statement found
 * (stor_table_find) for after_s seconds (or, past 7/8 of the memory limit, the least
 * recently used ones until 3/4 of it, whatever after_s), with no row versions, locks or other
 * transaction's undo on it, has its rows written to datadir/evict/<serial>.<gen> (the
 * snapshot's row format, zstd) and released from memory; its definition stays, so the
 * catalog, information_schema and privileges work without it. stor_table_find loads it
 * back (under the shared store lock: one loader per table, other tables go on). The
 * snapshot and the log stay the truth: an evict file is a cache, never fsynced, emptied
 * at start, copied into each snapshot while its table is out. after_s 0: only for memory
 * pressure. Call once, after recovery; 0 or -1 (thread not started). */
int  stor_evict_start(uint32_t after_s);
void stor_evict_stop(void);              /* (stor_close calls it) */
/* A statement's table db.name, if it is out, loaded before the statement takes the store
 * lock (call without it): the file is read and the rows built without the lock, so
 * writers are not held up meanwhile, then moved in under the shared lock. One loader
 * per table: a second waits for the first. 1 when !may_block (an event loop) and the
 * file is big or another loads it: the statement should move to a worker. Best effort:
 * whatever it misses stor_table_find loads under the lock. */
int  stor_evict_preload(const char *db, const char *name, bool may_block);
bool stor_evicted_any(void);   /* any table out now (no lock) */
/* Checkpoints made cheap by the copies (evict.c): a table that has not changed for
 * STOR_CLEAN_AFTER_S gets its rows section written by evict.c's thread (as an eviction
 * would, keeping its rows), so a checkpoint copies it instead of compressing it. When
 * every table holding rows has one (but for a few cells) and the log passed
 * max(STOR_CHEAP_WAL, half the copies' bytes), the thread calls the hint: the engine
 * checkpoints then, whatever its own threshold, so a kill -9 has little log to replay. */
#define STOR_CLEAN_AFTER_S 2
#define STOR_CHEAP_WAL (16u << 20)
void stor_set_checkpoint_hint(void (*fn)(void));
uint32_t stor_evict_after(void);   /* --evict-after-s (0: tables out after a start are loaded
                                      by a thread of evict.c; idle ones stay in) */
/* One pass now, as the thread makes them (tests): evicts what qualifies with after_s
 * (0: every table that may go, used or not); the number evicted. No store lock held. */
uint32_t stor_evict_pass(uint32_t after_s);
typedef struct stor_evstats {
    uint64_t tables_out;     /* tables evicted now */
    uint64_t evictions;      /* since start */
    uint64_t loads;          /* since start */
    uint64_t load_us;        /* time spent loading, in all */
    uint64_t file_bytes;     /* bytes of the evict files of the tables out */
    uint64_t pressure;       /* evictions for memory pressure (of evictions) */
} stor_evstats;
void stor_evict_stats(stor_evstats *out);   /* any thread */

/* ---------------------------------------------------------------- accounts */

typedef struct stor_account {
    char user[81];
    char host[256];
    char plugin[64];            /* "mysql_native_password" or "caching_sha2_password" */
    uint8_t native_hash[20];    /* SHA1(SHA1(pw)) */
    uint8_t sha2_hash[32];      /* SHA256(SHA256(pw)) */
    bool empty_password;
    bool is_super;              /* holds the SUPER privilege (ALL PRIVILEGES ON *.*) */
    uint64_t privs;             /* global privileges: STOR_PRIV_* bits (*.*) */
    bool is_role;               /* a role (CREATE ROLE): host "", never logs in */
    char default_role[81];      /* SET DEFAULT ROLE: enabled at login ("" none) */
    bool locked;                /* ACCOUNT LOCK: a right password still gets 4151 */
} stor_account;

/* Privileges, as MariaDB numbers them (privilege.h); GRANT is the GRANT OPTION. */
#define STOR_PRIV_SELECT      (1ull << 0)
#define STOR_PRIV_INSERT      (1ull << 1)
#define STOR_PRIV_UPDATE      (1ull << 2)
#define STOR_PRIV_DELETE      (1ull << 3)
#define STOR_PRIV_CREATE      (1ull << 4)
#define STOR_PRIV_DROP        (1ull << 5)
#define STOR_PRIV_RELOAD      (1ull << 6)
#define STOR_PRIV_SHUTDOWN    (1ull << 7)
#define STOR_PRIV_PROCESS     (1ull << 8)
#define STOR_PRIV_FILE        (1ull << 9)
#define STOR_PRIV_GRANT       (1ull << 10)
#define STOR_PRIV_REFERENCES  (1ull << 11)
#define STOR_PRIV_INDEX       (1ull << 12)
#define STOR_PRIV_ALTER       (1ull << 13)
#define STOR_PRIV_SHOW_DB     (1ull << 14)
#define STOR_PRIV_SUPER       (1ull << 15)
#define STOR_PRIV_CREATE_TMP  (1ull << 16)
#define STOR_PRIV_LOCK_TABLES (1ull << 17)
#define STOR_PRIV_EXECUTE     (1ull << 18)
#define STOR_PRIV_CREATE_VIEW (1ull << 21)
#define STOR_PRIV_SHOW_VIEW   (1ull << 22)
#define STOR_PRIV_CREATE_PROC (1ull << 23)
#define STOR_PRIV_ALTER_PROC  (1ull << 24)
#define STOR_PRIV_CREATE_USER (1ull << 25)
#define STOR_PRIV_EVENT       (1ull << 26)
#define STOR_PRIV_TRIGGER     (1ull << 27)
#define STOR_PRIV_DELETE_HISTORY (1ull << 29)
#define STOR_PRIV_ALL_GLOBAL  ((1ull << 39) - 1 - STOR_PRIV_GRANT)   /* ALL PRIVILEGES ON *.* */
#define STOR_PRIV_ALL_DB      (STOR_PRIV_SELECT | STOR_PRIV_INSERT | STOR_PRIV_UPDATE | STOR_PRIV_DELETE | \
    STOR_PRIV_CREATE | STOR_PRIV_DROP | STOR_PRIV_REFERENCES | STOR_PRIV_INDEX | STOR_PRIV_ALTER | \
    STOR_PRIV_CREATE_TMP | STOR_PRIV_LOCK_TABLES | STOR_PRIV_EXECUTE | STOR_PRIV_CREATE_VIEW | \
    STOR_PRIV_SHOW_VIEW | STOR_PRIV_CREATE_PROC | STOR_PRIV_ALTER_PROC | STOR_PRIV_EVENT | \
    STOR_PRIV_TRIGGER | STOR_PRIV_DELETE_HISTORY)
#define STOR_PRIV_ALL_TABLE   (STOR_PRIV_SELECT | STOR_PRIV_INSERT | STOR_PRIV_UPDATE | STOR_PRIV_DELETE | \
    STOR_PRIV_CREATE | STOR_PRIV_DROP | STOR_PRIV_REFERENCES | STOR_PRIV_INDEX | STOR_PRIV_ALTER | \
    STOR_PRIV_CREATE_VIEW | STOR_PRIV_SHOW_VIEW | STOR_PRIV_TRIGGER | STOR_PRIV_DELETE_HISTORY)

/* A database-level (table "") or table-level grant of an account; db may hold the
 * wildcards % and _ (database level). */
typedef struct stor_grant {
    char user[81];
    char host[256];
    char db[257];               /* (64 characters of up to 4 bytes) */
    char table[257];
    uint64_t privs;             /* STOR_PRIV_* (GRANT: WITH GRANT OPTION) */
} stor_grant;
#define STOR_ACC_NOGRANT  -5   /* revoke: no such grant at that level */

/* GRANT/REVOKE: adds then removes privilege bits of user@host at one level: global
 * (db NULL), database (table NULL) or table. A database or table grant left with no
 * bits goes. STOR_ACC_NOTFOUND without the account, STOR_ACC_NOGRANT when only removing
 * and there is no grant at that level. Persisted with the accounts. */
int stor_grant_update(const char *user, const char *host, const char *db, const char *table,
                      uint64_t add, uint64_t remove);
/* REVOKE ALL PRIVILEGES, GRANT OPTION: every privilege of user@host at every level. */
int stor_grant_revoke_all(const char *user, const char *host);
/* A copy of user@host's database and table grants (malloc'd; *n of them, in the order
 * given), NULL when none. */
stor_grant *stor_grant_list(const char *user, const char *host, size_t *n);
/* A column grant (MariaDB's mysql.columns_priv row): privileges on one column of a table,
 * SELECT, INSERT, UPDATE and REFERENCES only (GRANT OPTION is the table's). */
typedef struct stor_col_grant {
    char user[81];
    char host[256];
    char db[257];
    char table[257];
    char column[257];           /* as written in the GRANT (64 characters of up to 4 bytes) */
    uint64_t privs;             /* STOR_PRIV_* */
} stor_col_grant;
#define STOR_PRIV_COLUMN (STOR_PRIV_SELECT | STOR_PRIV_INSERT | STOR_PRIV_UPDATE | STOR_PRIV_REFERENCES)
/* GRANT/REVOKE privs (cols ...) ON db.table: adds, or removes, privs on each of the ncols
 * columns (names compared case-insensitively), in one write. A column left with no
 * privilege goes. Revoking: STOR_ACC_NOGRANT when one of the columns has no grant (the
 * others' are revoked all the same, as MariaDB does). STOR_ACC_NOTFOUND without the
 * account. */
int stor_col_grant_update(const char *user, const char *host, const char *db, const char *table,
                          const char *const *cols, int ncols, uint64_t add, uint64_t remove);
/* A copy of user@host's column grants (user NULL: everyone's), malloc'd, in the order
 * first granted; NULL and *n = 0 when none. */
stor_col_grant *stor_col_grant_list(const char *user, const char *host, size_t *n);
/* Whether user@host has a column grant on db.table (REVOKE ... ON db.table: 1147 when
 * neither it nor a table grant is there). */
bool stor_col_grant_any(const char *user, const char *host, const char *db, const char *table);
/* A routine grant (MariaDB's mysql.procs_priv row): EXECUTE, ALTER ROUTINE and GRANT
 * OPTION on one stored procedure or function. */
typedef struct stor_proc_grant {
    char user[81];
    char host[256];
    char db[257];
    char name[257];             /* as written in the GRANT (compared case-insensitively) */
    bool function;              /* FUNCTION, else PROCEDURE */
    char grantor[400];          /* user@host that granted it (procs_priv's Grantor) */
    uint64_t privs;             /* STOR_PRIV_EXECUTE, _ALTER_PROC, _GRANT; 0 after GRANT USAGE */
} stor_proc_grant;
#define STOR_PRIV_ROUTINE (STOR_PRIV_EXECUTE | STOR_PRIV_ALTER_PROC | STOR_PRIV_GRANT)
/* GRANT (remove 0) / REVOKE (add 0) privs ON PROCEDURE|FUNCTION db.name: a grant is made
 * when there is none (even with no privilege: GRANT USAGE, as MariaDB writes a row);
 * revoking, one left with none goes. STOR_ACC_NOGRANT when revoking and there is no grant
 * or it holds nothing (MariaDB's init_privs test), STOR_ACC_NOTFOUND without the account. */
int stor_proc_grant_update(const char *user, const char *host, const char *db, const char *name,
                           bool function, const char *grantor, uint64_t add, uint64_t remove);
/* A copy of user@host's routine grants (user NULL: everyone's), malloc'd, in the order
 * first granted; NULL and *n = 0 when none. */
stor_proc_grant *stor_proc_grant_list(const char *user, const char *host, size_t *n);
/* DROP PROCEDURE / FUNCTION db.name: every account's grants on it go (MariaDB's
 * sp_revoke_privileges; one holding nothing stays, as there). STOR_ACC_OK (also when
 * there were none) or STOR_ACC_EIO. */
int stor_proc_grant_drop_routine(const char *db, const char *name, bool function);
/* The accounts file is older than routine grants (no \V line, no routine grant): the
 * routines' definers lack the EXECUTE / ALTER ROUTINE grants creating a routine gives now.
 * _done writes the file as the current format (STOR_ACC_OK or STOR_ACC_EIO). */
bool stor_accounts_need_routine_grants(void);
int stor_accounts_routine_grants_done(void);
/* Changes with every change of accounts or grants (sessions refresh cached privileges). */
uint64_t stor_grants_version(void);

/* Loads accounts from datadir/accounts (creating root@localhost with the given password
 * on an empty datadir: *created set to 1). 0 or -1 with err. Thread-safe. */
int  stor_accounts_open(const char *datadir, const char *root_password, int *created,
                        char *err, size_t errlen);
/* Finds the account matching user and client host as MariaDB does (most specific host
 * first). Copies it to *out. 0 found, -1 none. Thread-safe. */
int  stor_account_match(const char *user, const char *client_host, stor_account *out);

/* The rest of the account store (server auth, CREATE/DROP/ALTER USER, GRANT, SET
 * PASSWORD). All thread-safe, with the account store's own lock; changes rewrite
 * datadir/accounts atomically before returning. */
/* Results of the changing functions. */
#define STOR_ACC_OK        0
#define STOR_ACC_EXISTS   -1   /* create: the account is already there */
#define STOR_ACC_NOTFOUND -2   /* drop/alter: no such account */
#define STOR_ACC_EIO      -3   /* the accounts file could not be written (nothing changed) */
#define STOR_ACC_EINVAL   -4   /* bad argument (name too long, unknown plugin) */

/* Matches as MariaDB's login does: hostname is the client's host name ("localhost" for
 * the Unix socket and loopback; NULL when not resolved), ip its address text (NULL for
 * the Unix socket). Accounts for this user and anonymous ('') accounts compete; the
 * most specific host pattern wins, a named user on a tie. 0 found (copied to *out),
 * -1 none. */
int stor_account_match_host(const char *user, const char *hostname, const char *ip,
                            stor_account *out);

/* Exact lookup by user and host as written in CREATE USER (host compared
 * case-insensitively). 0 found, -1 none. */
int stor_account_get(const char *user, const char *host, stor_account *out);

/* CREATE USER user@host IDENTIFIED [VIA plugin] BY password. plugin NULL =
 * "mysql_native_password"; password NULL or "" = empty. Both hashes are stored, never
 * the password. With replace, an existing account is overwritten (CREATE OR REPLACE). */
int stor_account_create(const char *user, const char *host, const char *plugin,
                        const char *password, bool is_super, bool replace);

/* Stores a filled-in account (e.g. IDENTIFIED BY PASSWORD '*hex', replication of an
 * account); a->host is lower-cased. With replace an existing one is overwritten. */
int stor_account_put(const stor_account *a, bool replace);

/* DROP USER. */
int stor_account_drop(const char *user, const char *host);

/* SET PASSWORD / ALTER USER ... IDENTIFIED [VIA plugin] BY: plugin NULL keeps it. */
int stor_account_set_password(const char *user, const char *host, const char *plugin,
                              const char *password);

/* GRANT ALL ... WITH GRANT OPTION / REVOKE: the SUPER flag. */
int stor_account_set_super(const char *user, const char *host, bool is_super);

/* RENAME USER. STOR_ACC_EXISTS when the new name is taken. */
int stor_account_rename(const char *user, const char *host, const char *new_user,
                        const char *new_host);

/* A copy of every account, in match order (user, then most specific host first), for
 * SELECT FROM mysql.user / SHOW GRANTS. Caller frees with free(). NULL and *n = 0 when
 * there is none or no memory. */
stor_account *stor_account_list(size_t *n);

/* Forgets the loaded accounts (at shutdown). */
void stor_accounts_close(void);

/* ---- roles (MariaDB's mysql.roles_mapping): a role is an account with is_role and
 * host ""; it is granted to accounts and to other roles ("" host), with or without the
 * ADMIN OPTION. */
typedef struct stor_role_grant {
    char user[81];              /* the grantee: an account, or a role (host "") */
    char host[256];
    char role[81];
    bool admin;                 /* WITH ADMIN OPTION */
} stor_role_grant;
/* CREATE ROLE name, granted to admin_user@admin_host WITH ADMIN OPTION when admin_user
 * is not NULL. STOR_ACC_EXISTS when an account or role name@"" is there (with replace:
 * the old role and its grants go first). */
int stor_role_create(const char *name, const char *admin_user, const char *admin_host, bool replace);
/* GRANT role TO user@host [WITH ADMIN OPTION] (add), REVOKE [ADMIN OPTION FOR] role
 * FROM user@host (!add; admin_only keeps the grant). STOR_ACC_NOGRANT when revoking
 * what is not granted. */
int stor_role_grant_update(const char *user, const char *host, const char *role, bool add,
                           bool admin);
/* Every role grant (malloc'd copy, in the order given; *n of them), NULL when none. */
stor_role_grant *stor_role_grant_list(size_t *n);
/* FLUSH PRIVILEGES after a restore wrote mysql's grant tables: the whole store becomes
 * accs, grants, role grants, column and routine grants (MariaDB reloads its ACLs from those tables), and the
 * pending mark goes. STOR_ACC_OK or STOR_ACC_EIO (the old store kept). */
int stor_accounts_replace(const stor_account *accs, size_t n, const stor_grant *g, size_t ng,
                          const stor_role_grant *rg, size_t nrg, const stor_col_grant *cg, size_t ncg,
                          const stor_proc_grant *pg, size_t npg);
/* Grant tables written since the last import (kept in the accounts file, set before the
 * write, so a crash leaves it set). */
int  stor_grant_tables_mark(void);
bool stor_grant_tables_pending(void);
int  stor_grant_tables_clear(void);
/* SET DEFAULT ROLE role FOR user@host ("" : NONE). */
int stor_account_set_default_role(const char *user, const char *host, const char *role);

#endif
