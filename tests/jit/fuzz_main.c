/* fuzz_main.c - `make jit-fuzz`: the JIT against the interpreter and an independent
 * reference, through the whole engine (in process: stor_open on a temporary directory,
 * pdb_engine_init, one session, SQL text in, rows out through a sink).
 *
 *   jit-fuzz [cases] [seed]      cases default 1000000; seed default: from the clock
 *   JIT_FUZZ_LOG=1 jit-fuzz ...  also print every statement (to replay on a server)
 *
 * tests/jit/prop.h tests the kernel itself against a C loop over int64 vectors (the
 * kernel's own semantics). This tests what the executor makes of SQL: which conjuncts
 * select.c hands to the kernel (kern_setup), the constants it converts (integers, dates
 * as strings and numbers), the bridge's chunks, kept plans reusing a kernel with other
 * literals, dead rows, updated rows, LIMIT and COUNT(*) over candidates.
 *
 * A round makes a table of 1 to 6 typed columns (TINYINT .. BIGINT, signed and unsigned,
 * DATE, DATETIME, DATETIME(3), TIMESTAMP, YEAR, ENUM, SET, strings in four collations;
 * NULL or NOT NULL) and a row
 * number column, fills it with random values (each type's extremes, ties, neighbours of
 * the constants used later), deletes and updates some rows, then runs cases: a random
 * conjunction of
 * `column op constant` (or `constant op column`; =, <>, <, <=, >, >=; integer constants
 * from each type's extremes +-1, INT64_MIN/MAX, values of the column +-1, beyond 64 bits;
 * date constants as 'Y-M-D', 'Y-M-D h:m:s[.f]' and as numbers), sometimes with a conjunct
 * the JIT does not take, as `SELECT rid ... [LIMIT n]` or `SELECT COUNT(*)`, or grouped:
 * `SELECT [c,] COUNT(*), SUM(x), AVG(x), MIN(y), MAX(y), COUNT(y) ... [GROUP BY c]` (the
 * compiled sink, select.c kagg_*; compared JIT on against off only, by the result's column
 * types and every value as the text protocol sends it: the interpreter is the reference
 * there). Each case
 * runs with pressdb_jit on (compiled from the first execution: --jit-min-rows=0) and off
 * (the interpreter). The two must give the same rows in the same order and the same
 * warning count, and both must equal the reference: the generator's own copy of the
 * data, per row and per conjunct, with SQL's rules (NULL never passes; integers compared
 * as mathematical integers, 128-bit; temporal values as (y, m, d, h, mi, s, us) tuples,
 * a DATE with a zero time; ENUM by index; SET by its bit mask; YEAR against a constant
 * 1..99 as MariaDB's year 2001..2069 / 1970..1999), knowing nothing of packed values or
 * int64 vectors. String conditions (collations) have no reference: they are checked JIT
 * against interpreter only (counted in the summary).
 *
 * Exit 0 when every case agrees; the first failures are printed with their SQL. */
#include "engine/engine.h"
#include "engine/jit_bridge.h"
#include "storage/storage.h"
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef __int128 i128;

/* ---- random numbers (splitmix64, as tests/jit/prop.h) ---- */
static uint64_t rs;
static uint64_t rnd(void)
{
    uint64_t z = (rs += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static uint64_t below(uint64_t n) { return n ? rnd() % n : 0; }
static i128 range(i128 lo, i128 hi)   /* uniform enough in [lo, hi] */
{
    unsigned __int128 span = (unsigned __int128)(hi - lo) + 1, x = ((unsigned __int128)rnd() << 64) | rnd();
    return span ? lo + (i128)(x % span) : lo + (i128)x;
}

/* ---- column types ---- */
enum { K_INT, K_DATE, K_YEAR, K_ENUM, K_SET, K_STR };   /* YEAR, ENUM, SET: integers too */
static bool is_int(int k) { return k != K_DATE && k != K_STR; }
/* K_STR: a value is an index into these (case and accent variants, a trailing space, the
 * empty string, one too long for storage's pool); checked JIT on against off only */
static const char *const VOCAB[] = { "a", "A", "\xc3\xa1", "b", "B", "ab", "ab ", "x y", "", "\xc3\x84",
                                     "long value past the pool of short strings" };
#define NVOCAB (int)(sizeof VOCAB / sizeof *VOCAB)
typedef struct ctype {
    const char *sql;
    int kind;
    i128 lo, hi;         /* K_INT: the range */
    int fsp;             /* K_DATE: 0 DATE, 1 DATETIME, 2 DATETIME(3), 3 TIMESTAMP */
} ctype;
#define I64MIN ((i128)INT64_MIN)
#define I64MAX ((i128)INT64_MAX)
static const ctype TYPES[] = {
    { "TINYINT", K_INT, -128, 127, 0 },
    { "TINYINT UNSIGNED", K_INT, 0, 255, 0 },
    { "SMALLINT", K_INT, -32768, 32767, 0 },
    { "SMALLINT UNSIGNED", K_INT, 0, 65535, 0 },
    { "MEDIUMINT", K_INT, -8388608, 8388607, 0 },
    { "MEDIUMINT UNSIGNED", K_INT, 0, 16777215, 0 },
    { "INT", K_INT, INT32_MIN, INT32_MAX, 0 },
    { "INT UNSIGNED", K_INT, 0, UINT32_MAX, 0 },
    { "BIGINT", K_INT, INT64_MIN, INT64_MAX, 0 },
    { "BIGINT UNSIGNED", K_INT, 0, (i128)UINT64_MAX, 0 },
    { "BIGINT UNSIGNED", K_INT, 0, I64MAX, 0 },        /* below 2^63: compiled (ubig_wide) */
    { "DATE", K_DATE, 0, 0, 0 },
    { "DATETIME", K_DATE, 0, 0, 1 },
    { "DATETIME(3)", K_DATE, 0, 0, 2 },
    { "TIMESTAMP NULL", K_DATE, 0, 0, 3 },
    { "YEAR", K_YEAR, 1901, 2155, 0 },                  /* and 0 (0000) */
    { "ENUM('a','b','c','d','e')", K_ENUM, 1, 5, 0 },   /* the index */
    { "SET('a','b','c','d')", K_SET, 0, 15, 0 },        /* the bit mask */
    { "VARCHAR(60) COLLATE utf8mb4_unicode_ci", K_STR, 0, 0, 0 },
    { "VARCHAR(60) COLLATE utf8mb4_general_ci", K_STR, 0, 0, 0 },
    { "VARBINARY(60)", K_STR, 0, 0, 0 },
    { "VARCHAR(60) CHARACTER SET latin1", K_STR, 0, 0, 0 },
};
#define NTYPES (int)(sizeof TYPES / sizeof *TYPES)

typedef struct dt { int y, mo, d, h, mi, s, us; } dt;

typedef struct val { bool null; i128 i; dt t; } val;

#define MAXC 6
#define MAXROWS 3000
typedef struct table {
    int ncols;
    const ctype *ty[MAXC];
    bool nullable[MAXC];
    int nrows;
    val v[MAXROWS][MAXC];
    bool dead[MAXROWS];
    int ndead;                   /* rows deleted */
    bool upd;                    /* rows updated */
    bool own;                    /* the deletes and updates are in the session's open transaction */
    bool foreign;                /* another session has uncommitted changes to the table */
    int pool_n;                  /* dates and integers drawn from, for ties */
    dt dpool[16];
    i128 ipool[16];
} table;

static table T;

static int dt_cmp(const dt *a, const dt *b)
{
    const int *x = &a->y, *y = &b->y;
    for (int k = 0; k < 7; k++) if (x[k] != y[k]) return x[k] < y[k] ? -1 : 1;
    return 0;
}

static int days_in(int y, int m)
{
    static const int dm[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : dm[m - 1];
}

/* A valid value of the column's temporal type. */
static dt rnd_dt(const ctype *c)
{
    dt t = { 0 };
    int ylo = c->fsp == 3 ? 1971 : 1000, yhi = c->fsp == 3 ? 2037 : 9999;
    switch (below(6)) {
    case 0: t.y = ylo; t.mo = 1; t.d = 1; if (c->fsp == 3) t.y = 1970, t.h = 0, t.s = 1; break;
    case 1: t.y = yhi; t.mo = 12; t.d = 31; t.h = 23; t.mi = 59; t.s = 59; t.us = 999000;
            if (c->fsp == 3) t.y = 2038, t.mo = 1, t.d = 19, t.h = 3, t.mi = 14, t.s = 7, t.us = 0;
            break;
    case 2: case 3:
        if (T.pool_n) { t = T.dpool[below((uint64_t)T.pool_n)]; break; }
        /* fall through */
    default:
        t.y = (int)range(ylo, yhi);
        t.mo = 1 + (int)below(12);
        t.d = 1 + (int)below((uint64_t)days_in(t.y, t.mo));
        t.h = (int)below(24); t.mi = (int)below(60); t.s = (int)below(60);
        t.us = (int)below(1000) * 1000;
        if (below(3) == 0) t.h = t.mi = t.s = t.us = 0;
    }
    if (c->fsp == 0) t.h = t.mi = t.s = t.us = 0;
    if (c->fsp != 2) t.us = 0;
    return t;
}

static i128 rnd_int(const ctype *c)
{
    if (c->kind == K_YEAR && below(4) == 0) {
        static const int y[] = { 0, 1901, 1969, 1970, 1999, 2000, 2001, 2069, 2070, 2099, 2155 };
        return y[below(sizeof y / sizeof *y)];
    }
    switch (below(8)) {
    case 0: return below(2) ? c->lo : c->hi;
    case 1: return below(2) ? c->lo + 1 : c->hi - 1;
    case 2: { i128 x = (i128)below(11) - 5; return x < c->lo ? c->lo : x > c->hi ? c->hi : x; }
    case 3: case 4:
        if (T.pool_n) { i128 x = T.ipool[below((uint64_t)T.pool_n)]; if (x >= c->lo && x <= c->hi) return x; }
        /* fall through */
    default: return range(c->lo, c->hi);
    }
}

static val rnd_val(int col)
{
    val v = { 0 };
    if (T.nullable[col] && below(6) == 0) { v.null = true; return v; }
    if (T.ty[col]->kind == K_STR) v.i = (i128)below(NVOCAB);
    else if (is_int(T.ty[col]->kind)) v.i = rnd_int(T.ty[col]);
    else v.t = rnd_dt(T.ty[col]);
    return v;
}

/* ---- SQL text ---- */
typedef struct sbuf { char *p; size_t n, cap; } sbuf;
static void sb_add(sbuf *b, const char *fmt, ...)
{
    if (!b->p) {   /* (no offset on a NULL pointer) */
        b->cap = 4096;
        b->p = malloc(b->cap);
        if (!b->p) abort();
    }
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
        va_end(ap);
        if (k >= 0 && (size_t)k < b->cap - b->n) { b->n += (size_t)k; return; }
        b->cap = b->cap ? b->cap * 2 + (size_t)k : 4096;
        b->p = realloc(b->p, b->cap);
        if (!b->p) abort();
    }
}
static void i128_text(char *out, i128 x)
{
    char tmp[48];
    int n = 0;
    bool neg = x < 0;
    unsigned __int128 u = neg ? (unsigned __int128)0 - (unsigned __int128)x : (unsigned __int128)x;
    do { tmp[n++] = (char)('0' + (int)(u % 10)); u /= 10; } while (u);
    int k = 0;
    if (neg) out[k++] = '-';
    while (n) out[k++] = tmp[--n];
    out[k] = 0;
}
static void dt_text(char *out, size_t n, const dt *t, int form)
{
    /* form 0 'Y-M-D', 1 'Y-M-D h:m:s', 2 'Y-M-D h:m:s.ffffff', 3 YYYYMMDD, 4 YYYYMMDDhhmmss */
    switch (form) {
    case 0: snprintf(out, n, "'%04d-%02d-%02d'", t->y, t->mo, t->d); break;
    case 1: snprintf(out, n, "'%04d-%02d-%02d %02d:%02d:%02d'", t->y, t->mo, t->d, t->h, t->mi, t->s); break;
    case 2: snprintf(out, n, "'%04d-%02d-%02d %02d:%02d:%02d.%06d'", t->y, t->mo, t->d, t->h, t->mi, t->s, t->us); break;
    case 3: snprintf(out, n, "%04d%02d%02d", t->y, t->mo, t->d); break;
    default: snprintf(out, n, "%04d%02d%02d%02d%02d%02d", t->y, t->mo, t->d, t->h, t->mi, t->s); break;
    }
}
static void val_text(char *out, size_t n, int col, const val *v)
{
    if (v->null) { snprintf(out, n, "NULL"); return; }
    if (T.ty[col]->kind == K_ENUM) { snprintf(out, n, "'%c'", (char)('a' + (int)v->i - 1)); return; }
    if (T.ty[col]->kind == K_SET) {       /* 'a,c' */
        size_t k = 0;
        out[k++] = '\'';
        for (int b = 0; b < 4; b++)
            if (v->i & (1 << b)) { if (k > 1) out[k++] = ','; out[k++] = (char)('a' + b); }
        out[k++] = '\'';
        out[k] = 0;
        return;
    }
    if (T.ty[col]->kind == K_STR) { snprintf(out, n, "'%s'", VOCAB[(int)v->i]); return; }
    if (is_int(T.ty[col]->kind)) { i128_text(out, v->i); return; }
    dt_text(out, n, &v->t, T.ty[col]->fsp == 2 ? 2 : 1);
}

/* ---- the engine, in process ---- */
typedef struct result {
    int64_t ids[MAXROWS];
    int n;
    bool err;
    char msg[256];
    int warnings;
    uint64_t hash;               /* every value of every row, in order (the aggregate shape) */
} result;

static const pdb_colmeta *cur_meta;
static size_t cur_ncols;
static uint64_t mix(uint64_t h, uint64_t x) { return (h ^ x) * 0x100000001b3ull; }
static int s_columns(void *c, const pdb_colmeta *m, size_t n)
{
    result *r = c;
    cur_meta = m;
    cur_ncols = n;
    for (size_t i = 0; i < n; i++) {   /* the result's types as the client is told them */
        r->hash = mix(r->hash, m[i].type);
        r->hash = mix(r->hash, m[i].length);
        r->hash = mix(r->hash, m[i].flags);
        r->hash = mix(r->hash, m[i].decimals);
        r->hash = mix(r->hash, m[i].charset);
    }
    return 0;
}
static int s_row(void *c, const pdb_value *v, size_t n)
{
    result *r = c;
    for (size_t i = 0; i < n; i++) {   /* each value as the client gets it (text protocol) */
        r->hash = mix(r->hash, v[i].t == VT_NULL);
        if (v[i].t == VT_NULL || i >= cur_ncols) continue;
        char buf[PDB_VALUE_TEXT_MAX];
        const char *out = buf;
        size_t len = pdb_value_text(&v[i], &cur_meta[i], buf, sizeof buf, &out);
        for (size_t k = 0; k < len; k++) r->hash = mix(r->hash, (uint8_t)out[k]);
        r->hash = mix(r->hash, 0x100);
    }
    if (r->n < MAXROWS) r->ids[r->n] = v[0].t == VT_INT ? v[0].i : v[0].t == VT_NULL ? -1 : -2;
    r->n++;
    return 0;
}
static int s_end(void *c, uint16_t w, uint16_t st) { ((result *)c)->warnings = w; return 0; }
static int s_ok(void *c, uint64_t aff, uint64_t id, uint16_t w, uint16_t st, const char *info)
{
    ((result *)c)->warnings = w;
    return 0;
}
static int s_error(void *c, uint16_t code, const char *state, const char *msg)
{
    result *r = c;
    r->err = true;
    snprintf(r->msg, sizeof r->msg, "%u %s", code, msg);
    return 0;
}

static pdb_session S, S2;   /* the cases' session; another with uncommitted changes */
static bool log_sql;        /* JIT_FUZZ_LOG=1: every statement to stdout (replay on a server) */
static result R1, R2, R0;   /* JIT on, off; setup statements */

static void run_in(pdb_session *ss, const char *sql, result *r)
{
    r->n = 0;
    r->err = false;
    r->msg[0] = 0;
    r->warnings = 0;
    r->hash = 0xcbf29ce484222325ull;
    if (log_sql) printf("%s;\n", sql);
    pdb_sink sink = { r, s_columns, s_row, s_end, s_ok, s_error };
    int rc = pdb_exec_query(ss, sql, strlen(sql), false, &sink);
    if (rc == PDB_EXEC_MOVE) rc = pdb_exec_resume(ss, &sink);   /* (no time slice is set) */
    if (rc != 0) {
        r->err = true;
        snprintf(r->msg, sizeof r->msg, "pdb_exec_query returned %d", rc);
    }
}

static void run(const char *sql, result *r) { run_in(&S, sql, r); }

static void must_in(pdb_session *ss, const char *sql)
{
    run_in(ss, sql, &R0);
    if (R0.err) {
        fprintf(stderr, "jit-fuzz: setup statement failed: %s\n  %s\n", R0.msg, sql);
        exit(2);
    }
}
static void must(const char *sql) { must_in(&S, sql); }

/* ---- a round's table ---- */
static void make_table(void)
{
    if (T.own) must("COMMIT");
    if (T.foreign) must_in(&S2, "ROLLBACK");
    memset(&T, 0, sizeof T);
    T.ncols = 1 + (int)below(MAXC);
    sbuf b = { 0 };
    must("DROP TABLE IF EXISTS t");
    sb_add(&b, "CREATE TABLE t (rid INT NOT NULL");
    for (int c = 0; c < T.ncols; c++) {
        T.ty[c] = &TYPES[below(NTYPES)];
        T.nullable[c] = below(2);
        /* TIMESTAMP NULL is nullable by its name; NOT NULL ones get a default */
        bool ts = T.ty[c]->fsp == 3 && T.ty[c]->kind == K_DATE;
        if (ts) T.nullable[c] = true;
        sb_add(&b, ", c%d %s%s", c, T.ty[c]->sql, T.nullable[c] || ts ? "" : " NOT NULL");
    }
    if (below(2)) sb_add(&b, ", KEY k0 (c0)");   /* `c0 = k`, ranges: a lookup's rows filtered (jit_lookup_filter) */
    sb_add(&b, ")");
    must(b.p);
    /* u: the inner table of the lookup-join shape (a unique INT key, ids -10.., some
       deleted), made before the open transaction below */
    must("DROP TABLE IF EXISTS u");
    must("CREATE TABLE u (id INT NOT NULL PRIMARY KEY, x INT, s VARCHAR(10) COLLATE utf8mb4_unicode_ci, KEY kx (x))");
    b.n = 0;
    sb_add(&b, "INSERT INTO u VALUES ");
    int nu = 200 + (int)below(800);
    for (int i = 0; i < nu; i++)
        sb_add(&b, "%s(%d,%s,%s)", i ? "," : "", i - 10, i % 5 == 4 ? "NULL" : i % 7 == 1 ? "-3" : i % 3 ? "2" : "0",
               i % 4 == 0 ? "'a'" : i % 4 == 1 ? "'A'" : i % 4 == 2 ? "'b'" : "NULL");
    must(b.p);
    b.n = 0;
    sb_add(&b, "DELETE FROM u WHERE id %% %d = 1", 3 + (int)below(6));
    must(b.p);
    /* a pool of values for ties between rows and constants */
    T.pool_n = 1 + (int)below(8);
    for (int i = 0; i < T.pool_n; i++) {
        T.ipool[i] = below(2) ? (i128)below(21) - 10 : (i128)(int64_t)rnd() >> below(63);
        T.dpool[i] = (dt){ (int)range(1971, 2037), 1 + (int)below(12), 1 + (int)below(28),
                           (int)below(24), (int)below(60), (int)below(60), (int)below(1000) * 1000 };
    }
    T.nrows = below(10) == 0 ? (int)below(MAXROWS + 1) : (int)below(700);
    for (int r0 = 0; r0 < T.nrows; r0 += 200) {
        b.n = 0;
        sb_add(&b, "INSERT INTO t VALUES ");
        for (int r = r0; r < T.nrows && r < r0 + 200; r++) {
            sb_add(&b, "%s(%d", r > r0 ? "," : "", r);
            for (int c = 0; c < T.ncols; c++) {
                char tx[64];
                T.v[r][c] = rnd_val(c);
                val_text(tx, sizeof tx, c, &T.v[r][c]);
                sb_add(&b, ",%s", tx);
            }
            sb_add(&b, ")");
        }
        must(b.p);
    }
    /* dead rows and updated (versioned) rows, sometimes in a transaction left open for
       the cases (the session's own uncommitted changes are visible to it) */
    T.own = below(4) == 0;
    if (T.own) must("BEGIN");
    if (T.nrows && below(2)) {
        int m = 2 + (int)below(9), k = (int)below((uint64_t)m);
        b.n = 0;
        sb_add(&b, "DELETE FROM t WHERE rid %% %d = %d", m, k);
        must(b.p);
        for (int r = 0; r < T.nrows; r++) if (r % m == k) T.dead[r] = true, T.ndead++;
    }
    if (T.nrows && below(2)) {
        int m = 2 + (int)below(9), k = (int)below((uint64_t)m), c = (int)below((uint64_t)T.ncols);
        val nv = rnd_val(c);
        char tx[64];
        val_text(tx, sizeof tx, c, &nv);
        b.n = 0;
        sb_add(&b, "UPDATE t SET c%d = %s WHERE rid %% %d = %d", c, tx, m, k);
        must(b.p);
        for (int r = 0; r < T.nrows; r++) if (r % m == k && !T.dead[r]) T.v[r][c] = nv;
        T.upd = true;
    }
    if (T.own && T.nrows && below(2)) {   /* rows inserted in the open transaction */
        int r0 = T.nrows, add = 1 + (int)below(300);
        if (r0 + add > MAXROWS) add = MAXROWS - r0;
        b.n = 0;
        sb_add(&b, "INSERT INTO t VALUES ");
        for (int r = r0; r < r0 + add; r++) {
            sb_add(&b, "%s(%d", r > r0 ? "," : "", r);
            for (int c = 0; c < T.ncols; c++) {
                char tx[64];
                T.v[r][c] = rnd_val(c);
                val_text(tx, sizeof tx, c, &T.v[r][c]);
                sb_add(&b, ",%s", tx);
            }
            sb_add(&b, ")");
        }
        if (add > 0) { must(b.p); T.nrows += add; }
    }
    /* another session's uncommitted changes: invisible to the cases (the reference is
       the data without them) */
    if (!T.own && T.nrows && below(4) == 0) {
        T.foreign = true;
        must_in(&S2, "BEGIN");
        int m = 2 + (int)below(5), k = (int)below((uint64_t)m), c = (int)below((uint64_t)T.ncols);
        val nv = rnd_val(c);
        char tx[64];
        val_text(tx, sizeof tx, c, &nv);
        b.n = 0;
        sb_add(&b, "UPDATE t SET c%d = %s WHERE rid %% %d = %d", c, tx, m, k);
        must_in(&S2, b.p);
        b.n = 0;
        sb_add(&b, "DELETE FROM t WHERE rid %% %d = %d", m + 1, (k + 1) % (m + 1));
        must_in(&S2, b.p);
        b.n = 0;
        sb_add(&b, "INSERT INTO t SELECT rid + 100000");
        for (int c2 = 0; c2 < T.ncols; c2++) sb_add(&b, ", c%d", c2);
        sb_add(&b, " FROM t WHERE rid %% 3 = 0");
        must_in(&S2, b.p);
    }
    free(b.p);
}

/* ---- a case: the conjunction, its SQL, the reference ---- */
enum { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE };
static const char *OPS[] = { "=", "<>", "<", "<=", ">", ">=" };
static const int MIRROR[] = { OP_EQ, OP_NE, OP_GT, OP_GE, OP_LT, OP_LE };

typedef struct conj { int col, op; bool mirror; i128 ki; dt kt; int form; bool extra; int m, k; bool noref; } conj;

/* MariaDB compares a YEAR column with an integer constant the column can store as that
 * year (Item_func::convert_const_to_int): 1..69 is 2001..2069, 70..99 is 1970..1999. */
static i128 year_const(i128 k) { return k >= 1 && k <= 69 ? k + 2000 : k >= 70 && k <= 99 ? k + 1900 : k; }

static bool holds(int op, int c)   /* c: -1, 0, 1 of column vs constant */
{
    switch (op) {
    case OP_EQ: return c == 0;
    case OP_NE: return c != 0;
    case OP_LT: return c < 0;
    case OP_LE: return c <= 0;
    case OP_GT: return c > 0;
    default: return c >= 0;
    }
}

/* SQL semantics per row: a NULL column makes the conjunct unknown, so the row fails. */
static bool ref_row(const conj *cj, int n, int r)
{
    if (T.dead[r]) return false;
    for (int i = 0; i < n; i++) {
        const conj *q = &cj[i];
        if (q->extra) { if (r % q->m == q->k) return false; continue; }
        const val *v = &T.v[r][q->col];
        if (v->null) return false;
        int c;
        if (T.ty[q->col]->kind == K_YEAR) {
            i128 k = year_const(q->ki);
            c = v->i < k ? -1 : v->i > k;
        } else if (is_int(T.ty[q->col]->kind) || T.ty[q->col]->kind == K_STR) c = v->i < q->ki ? -1 : v->i > q->ki;
        else c = dt_cmp(&v->t, &q->kt);
        if (!holds(q->op, c)) return false;
    }
    return true;
}

static void rnd_const(conj *q)
{
    const ctype *ty = T.ty[q->col];
    int live[MAXROWS], nl = 0;
    for (int r = 0; r < T.nrows; r++) if (!T.v[r][q->col].null) live[nl++] = r;
    if (ty->kind == K_STR) {   /* (collations: no reference here, JIT on against off) */
        q->ki = (i128)below(NVOCAB);
        q->noref = true;
        return;
    }
    if (ty->kind == K_YEAR || ty->kind == K_ENUM || ty->kind == K_SET) {
        q->ki = below(3) == 0 && nl ? T.v[live[below((uint64_t)nl)]][q->col].i + (i128)below(3) - 1
              : below(4) == 0 ? (i128)(int64_t)rnd() : ty->kind == K_YEAR ? (below(2) ? (i128)below(2200) : rnd_int(ty))
              : (i128)below(20) - 2;
        /* a YEAR constant 1..99 is compared as a year (year_const), a SET as its bit mask */
        return;
    }
    if (ty->kind == K_INT) {
        static const i128 ext[] = { INT64_MIN, (i128)INT64_MIN + 1, INT64_MAX, (i128)INT64_MAX - 1,
                                    (i128)INT64_MAX + 1, (i128)UINT64_MAX, (i128)INT64_MIN - 1,
                                    0, -1, 1, INT32_MIN, INT32_MAX, UINT32_MAX, 127, 128, -129,
                                    255, 256, 65535, 65536, -32769 };
        switch (below(6)) {
        case 0: q->ki = ext[below(sizeof ext / sizeof *ext)]; break;
        case 1: q->ki = (below(2) ? ty->lo : ty->hi) + (i128)below(3) - 1; break;
        case 2: case 3:
            if (nl) { q->ki = T.v[live[below((uint64_t)nl)]][q->col].i + (i128)below(3) - 1; break; }
            /* fall through */
        default: q->ki = rnd_int(ty); break;
        }
        /* integers beyond 64 bits only rarely (they are decimals, not the JIT's) */
        if ((q->ki > (i128)UINT64_MAX || q->ki < I64MIN) && below(4)) q->ki = 0;
        return;
    }
    if (nl && below(2)) {
        q->kt = T.v[live[below((uint64_t)nl)]][q->col].t;
        if (below(3) == 0) {          /* a neighbour: a second or a day off */
            if (below(2)) { if (q->kt.s < 59) q->kt.s++; else if (q->kt.s) q->kt.s--; }
            else { if (q->kt.d < 28) q->kt.d++; else q->kt.d--; }
        }
    } else {
        ctype wide = { "", K_DATE, 0, 0, 2 };   /* any datetime: the constant need not fit */
        q->kt = rnd_dt(&wide);
    }
    /* the form: a date-only form drops the time; numbers have no fraction */
    q->form = (int)below(5);
    if (q->form == 0 || q->form == 3) q->kt.h = q->kt.mi = q->kt.s = q->kt.us = 0;
    if (q->form != 2) q->kt.us = 0;
}

static long long n_tables, n_cases, n_rows_checked, n_selected, n_some, n_fail, n_jit_used, n_noref;

static void show_ids(const char *what, const int64_t *ids, int n)
{
    fprintf(stderr, "    %s (%d):", what, n);
    for (int i = 0; i < n && i < 40; i++) fprintf(stderr, " %" PRId64, ids[i]);
    fprintf(stderr, "%s\n", n > 40 ? " ..." : "");
}

static void fail(const char *sql, const char *why, const int64_t *want, int wn)
{
    if (n_fail++ < 5) {
        fprintf(stderr, "jit-fuzz: MISMATCH (%s) in table %lld (%d rows%s%s%s%s)\n  %s\n", why, n_tables,
                T.nrows, T.ndead ? ", deleted" : "", T.upd ? ", updated" : "",
                T.own ? ", in an open transaction" : "", T.foreign ? ", another's uncommitted changes" : "", sql);
        for (int c = 0; c < T.ncols; c++)
            fprintf(stderr, "    c%d %s%s\n", c, T.ty[c]->sql, T.nullable[c] ? "" : " NOT NULL");
        show_ids("reference", want, wn);
        show_ids("JIT on", R1.ids, R1.n);
        show_ids("JIT off", R2.ids, R2.n);
        if (R1.err || R2.err) fprintf(stderr, "    errors: on '%s' off '%s'\n", R1.msg, R2.msg);
    }
}

static void conj_sql(sbuf *b, const conj *q, const char *pre)
{
    if (q->extra) { sb_add(b, "%srid %% %d <> %d", pre, q->m, q->k); return; }
    char k[96];
    if (T.ty[q->col]->kind == K_STR) snprintf(k, sizeof k, "'%s'", VOCAB[(int)q->ki]);
    else if (is_int(T.ty[q->col]->kind)) i128_text(k, q->ki);
    else dt_text(k, sizeof k, &q->kt, q->form);
    if (q->mirror) sb_add(b, "%s %s %sc%d", k, OPS[MIRROR[q->op]], pre, q->col);
    else sb_add(b, "%sc%d %s %s", pre, q->col, OPS[q->op], k);
}

static void one_case(sbuf *b)
{
    conj cj[8];
    int n = 1 + (int)below(4);
    if (below(3) == 0) n += (int)below(4);
    if (n > 8) n = 8;
    for (int i = 0; i < n; i++) {
        conj *q = &cj[i];
        memset(q, 0, sizeof *q);
        if (below(10) == 0) {   /* a conjunct the JIT does not take */
            q->extra = true;
            q->m = 2 + (int)below(5);
            q->k = (int)below((uint64_t)q->m);
            continue;
        }
        q->col = (int)below((uint64_t)T.ncols);
        q->op = (int)below(6);
        q->mirror = below(4) == 0;
        rnd_const(q);
    }
    /* 0: COUNT(*); 1: LIMIT; 8: a lookup join with u (JIT on against off); 6: COUNT(*) of a join of the table with itself (the second
       level's scan compiled and run once per row of the first); 7: grouped aggregates (the
       compiled sink, select.c kagg_*: JIT on against off, whole rows); else the row numbers */
    int shape = (int)below(9);
    if (shape == 6 && T.nrows > 400) shape = 2;
    int limit = (int)below(20), na = n / 2;
    b->n = 0;
    if (shape == 8) {   /* a lookup join: t's rows, u's row by its unique key (select.c jit_join) */
        int key = -1;
        for (int t = 0; t < 4 && key < 0; t++) {
            int c = (int)below((uint64_t)T.ncols);
            if (T.ty[c]->kind == K_INT) key = c;
        }
        const char *uk = below(3) ? "id" : "x";   /* a unique key, or a key of many rows */
        if (below(2)) sb_add(b, "SELECT COUNT(*) FROM t JOIN u ON u.%s = t.%s", uk, key < 0 ? "rid" : "");
        else sb_add(b, "SELECT t.rid, u.id, u.s FROM t JOIN u ON u.%s = t.%s", uk, key < 0 ? "rid" : "");
        if (key >= 0) sb_add(b, "c%d", key);
        sb_add(b, " WHERE ");
        for (int i = 0; i < n; i++) {
            if (i) sb_add(b, " AND ");
            conj_sql(b, &cj[i], "t.");
        }
        static const char *const UC[] = { "u.x >= 0", "u.x = -3", "u.s = 'a'", "u.s <> 'b'", "u.s IN ('b', 'c')",
                                          "u.x BETWEEN -3 AND 1" };
        for (int i = (int)below(3); i > 0; i--) sb_add(b, " AND %s", UC[below(6)]);
    } else if (shape == 7) {
        int g = (int)below((uint64_t)T.ncols), x = (int)below((uint64_t)T.ncols), y = (int)below((uint64_t)T.ncols);
        if (below(4) == 0) sb_add(b, "SELECT COUNT(*), SUM(c%d), AVG(c%d), MIN(c%d), MAX(c%d), COUNT(c%d) FROM t WHERE ",
                                  x, x, y, y, y);
        else sb_add(b, "SELECT c%d, COUNT(*), SUM(c%d), AVG(c%d), MIN(c%d), MAX(c%d), COUNT(c%d) FROM t WHERE ",
                    g, x, x, y, y, y);
        for (int i = 0; i < n; i++) {
            if (i) sb_add(b, " AND ");
            conj_sql(b, &cj[i], "");
        }
        if (strncmp(b->p, "SELECT COUNT", 12)) sb_add(b, " GROUP BY c%d", g);
    } else if (shape == 6) {
        sb_add(b, "SELECT COUNT(*) FROM t a, t b WHERE ");
        for (int i = 0; i < n; i++) {
            if (i) sb_add(b, " AND ");
            conj_sql(b, &cj[i], i < na ? "a." : "b.");
        }
        sb_add(b, " AND a.rid < %d", limit * 4);
    } else {
        sb_add(b, "SELECT %s FROM t WHERE ", shape == 0 ? "COUNT(*)" : "rid");
        for (int i = 0; i < n; i++) {
            if (i) sb_add(b, " AND ");
            conj_sql(b, &cj[i], "");
        }
        if (shape == 1) sb_add(b, " LIMIT %d", limit);
    }

    static int64_t want[MAXROWS];
    int wn = 0;
    if (shape == 6) {   /* the count of pairs: rows of a times rows of b */
        int64_t ca = 0, cb = 0;
        for (int r = 0; r < T.nrows; r++) {
            if (r < limit * 4 && ref_row(cj, na, r)) ca++;
            if (ref_row(cj + na, n - na, r)) cb++;
        }
        want[0] = ca * cb;
    } else
        for (int r = 0; r < T.nrows; r++) if (ref_row(cj, n, r)) want[wn++] = r;
    n_rows_checked += T.nrows;
    n_selected += wn;
    if (wn && wn < T.nrows - T.ndead) n_some++;

    uint64_t before[6], after[6];
    jb_stats(&before[0], &before[1], &before[2], &before[3], &before[4], &before[5]);
    must("SET SESSION pressdb_jit = 1");
    run(b->p, &R1);
    jb_stats(&after[0], &after[1], &after[2], &after[3], &after[4], &after[5]);
    if (after[3] > before[3]) n_jit_used++;
    must("SET SESSION pressdb_jit = 0");
    run(b->p, &R2);
    n_cases++;

    if (R1.err || R2.err) { fail(b->p, "an error", want, wn); return; }
    if (R1.n != R2.n || memcmp(R1.ids, R2.ids, (size_t)(R1.n < MAXROWS ? R1.n : MAXROWS) * sizeof R1.ids[0]))
        { fail(b->p, "JIT on and off differ", want, wn); return; }
    if (R1.warnings != R2.warnings) { fail(b->p, "warning counts differ", want, wn); return; }
    if (shape == 7 || shape == 8) {   /* the interpreter is the reference */
        if (R1.hash != R2.hash) fail(b->p, "JIT on and off give other aggregates", want, 0);
        return;
    }
    for (int i = 0; i < n; i++) if (cj[i].noref) { n_noref++; return; }
    if (shape == 0 || shape == 6) {
        int64_t w = shape == 6 ? want[0] : wn;
        if (R1.n != 1 || R1.ids[0] != w) fail(b->p, "COUNT(*) differs from the reference", want, shape == 6 ? 1 : wn);
        return;
    }
    /* rows come in scan order; the reference's are in row-number order */
    static int64_t got[MAXROWS];
    int gn = R1.n;
    memcpy(got, R1.ids, (size_t)gn * sizeof got[0]);
    for (int i = 1; i < gn; i++) {          /* insertion sort: mostly sorted already */
        int64_t x = got[i];
        int j = i - 1;
        while (j >= 0 && got[j] > x) { got[j + 1] = got[j]; j--; }
        got[j + 1] = x;
    }
    if (shape == 1) {    /* LIMIT: that many of the reference's rows */
        int expect = wn < limit ? wn : limit;
        bool ok = gn == expect;
        for (int i = 0, j = 0; ok && i < gn; i++) {
            while (j < wn && want[j] < got[i]) j++;
            if (j == wn || want[j] != got[i]) ok = false;
        }
        if (!ok) fail(b->p, "LIMIT rows not the reference's", want, wn);
        return;
    }
    if (gn != wn || memcmp(got, want, (size_t)wn * sizeof want[0]))
        fail(b->p, "rows differ from the reference", want, wn);
}

static char dir[512];
static void remove_dir(void)
{
    char cmd[600];
    if (!dir[0]) return;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "jit-fuzz: could not remove the work directory\n");
}

int main(int argc, char **argv)
{
    long long cases = argc > 1 ? atoll(argv[1]) : 1000000;
    uint64_t seed = argc > 2 && argv[2][0] ? strtoull(argv[2], NULL, 0)
                                           : (uint64_t)time(NULL) * 1000003u ^ (uint64_t)getpid();
    rs = seed;
    log_sql = getenv("JIT_FUZZ_LOG") && getenv("JIT_FUZZ_LOG")[0] == '1';
    printf("jit-fuzz: %lld cases, seed %" PRIu64 " (rerun: jit-fuzz %lld %" PRIu64 ")\n",
           cases, seed, cases, seed);
    fflush(stdout);
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/pressdb-jit-fuzz-XXXXXX", tmp && *tmp ? tmp : P_tmpdir);
    if (!mkdtemp(dir)) { perror("jit-fuzz: mkdtemp"); return 2; }
    atexit(remove_dir);
    char err[1024];
    stor_set_mem_limit((size_t)1 << 30);
    if (stor_open(dir, err, sizeof err) != 0 || pdb_engine_init(err, sizeof err) != 0) {
        fprintf(stderr, "jit-fuzz: cannot start the engine: %s\n", err);
        return 2;
    }
    stor_set_flush_mode(0);
    pdb_set_jit_min_rows(0);
    pdb_exec_slice_us = 0;      /* this thread may block: statements run to their end */
    pdb_session_init(&S, 1);
    pdb_session_init(&S2, 2);
    must("CREATE DATABASE jf");
    must("USE jf");
    must("SET SESSION time_zone = '+00:00'");
    must_in(&S2, "USE jf");
    must_in(&S2, "SET SESSION time_zone = '+00:00'");
    sbuf b = { 0 };
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long long rounds = 0, next_report = cases / 10;
    while (n_cases < cases) {
        make_table();
        rounds++;
        n_tables = rounds;
        int per = 50 + (int)below(250);
        for (int i = 0; i < per && n_cases < cases; i++) one_case(&b);
        if (cases >= 100000 && n_cases >= next_report) {
            clock_gettime(CLOCK_MONOTONIC, &t1);
            printf("  %lld cases, %lld tables, %.0f s, %lld failed\n", n_cases, rounds,
                   (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9, n_fail);
            fflush(stdout);
            next_report += cases / 10;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("jit-fuzz: %lld cases (%lld tables, %lld rows checked, %lld selected; %lld cases selecting some "
           "but not all rows; %lld ran compiled code; %lld JIT against interpreter only), seed %" PRIu64
           ", %.1f s: %lld failed\n", n_cases, rounds, n_rows_checked, n_selected, n_some, n_jit_used, n_noref,
           seed, secs, n_fail);
    free(b.p);
    if (T.own) must("COMMIT");
    if (T.foreign) must_in(&S2, "ROLLBACK");
    pdb_session_free(&S2);
    pdb_session_free(&S);
    pdb_engine_shutdown();
    stor_close();
    if (n_fail) return 1;
    if (n_jit_used < n_cases / 4) {
        fprintf(stderr, "jit-fuzz: only %lld of %lld cases ran compiled code\n", n_jit_used, n_cases);
        return 1;
    }
    return 0;
}
