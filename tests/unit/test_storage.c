/* test_storage.c - storage primitives: the log checksum, the shared-lock holder table,
 * compression of cold strings. */
#include <stdio.h>
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>
#include "storage/wal.h"

Test(wal, crc32_known_vectors)
{
    cr_assert_eq(wal_crc32_update(0, "123456789", 9), 0xCBF43926u);   /* the IEEE check value */
    cr_assert_eq(wal_crc32_update(0, "", 0), 0u);
    /* streaming in pieces gives the same value as one call */
    const char *s = "The quick brown fox jumps over the lazy dog, twice: the quick brown fox...";
    uint32_t whole = wal_crc32_update(0, s, strlen(s));
    uint32_t part = wal_crc32_update(0, s, 13);
    part = wal_crc32_update(part, s + 13, strlen(s) - 13);
    cr_assert_eq(whole, part);
    cr_assert_eq(wal_crc32_update(0, "The quick brown fox jumps over the lazy dog", 43), 0x414FA339u);
}

/* The shared-lock holder table (mvcc.c): random grants and releases over a few tables
 * against a plain list; the holder a writer waits for is the earliest granted other. */
Test(mvcc, share_holders_random)
{
    static stor_table tabs[3];
    enum { ROWS = 700, IDS = 5, N = ROWS * 3 * IDS };
    static uint32_t order[N];       /* grant sequence per (table, row, id); 0 = not held */
    uint32_t seq = 0;
    uint64_t rs = 12345;
    for (int op = 0; op < 60000; op++) {
        rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
        uint32_t t = (uint32_t)(rs % 3), row = (uint32_t)((rs >> 8) % ROWS), id = (uint32_t)((rs >> 24) % IDS) + 1;
        uint32_t k = (t * ROWS + row) * IDS + (id - 1);
        bool add = ((rs >> 40) % 5) < (op < 30000 ? 4u : 2u);
        if (add) {
            int r = mvcc_share_add(&tabs[t], row, id);
            cr_assert_eq(r, order[k] ? 1 : 0);
            if (!order[k]) order[k] = ++seq;
        } else {
            mvcc_share_drop(&tabs[t], row, id);
            order[k] = 0;
        }
        if (op % 997 == 0 || op > 59000) {
            for (uint32_t tt = 0; tt < 3; tt++)
                for (uint32_t rr = 0; rr < ROWS; rr++) {
                    uint32_t base = (tt * ROWS + rr) * IDS;
                    bool any = false;
                    for (uint32_t i = 0; i < IDS; i++) any |= order[base + i] != 0;
                    cr_assert_eq(mvcc_share_any(&tabs[tt], rr), any);
                    for (uint64_t me = 0; me <= IDS; me += 2) {
                        uint64_t want = 0;
                        uint32_t best = 0;
                        for (uint32_t i = 0; i < IDS; i++)
                            if (order[base + i] && i + 1 != me && (!best || order[base + i] < best)) { best = order[base + i]; want = i + 1; }
                        cr_assert_eq(mvcc_share_other(&tabs[tt], rr, me), want);
                    }
                }
        }
    }
    /* a dropped table takes its entries along */
    mvcc_forget_table(&tabs[1]);
    for (uint32_t rr = 0; rr < ROWS; rr++) cr_assert(!mvcc_share_any(&tabs[1], rr));
    for (uint32_t rr = 0; rr < ROWS; rr++) {
        bool any = false;
        for (uint32_t i = 0; i < IDS; i++) any |= order[rr * IDS + i] != 0;
        cr_assert_eq(mvcc_share_any(&tabs[0], rr), any);
    }
}

/* A table t in a new database db: column 0 an INT "id", the others CK_STR of type ttype
 * (width characters); keys says per column 'P' (PRIMARY), 'K' (a KEY) or '-'. */
static stor_table *test_table(const char *db, int ncols, const char *const *names, uint8_t ttype, uint32_t width,
                              const char *keys)
{
    cr_assert_eq(stor_db_create(db, COLL_UTF8MB4_GENERAL_CI), 0);
    stor_table def;
    memset(&def, 0, sizeof def);
    def.name = stor_strndup("t", 1);
    def.engine = stor_strndup("InnoDB", 6);
    def.ncols = (uint32_t)ncols;
    def.cols = stor_calloc((size_t)ncols, sizeof(stor_column));
    def.idx = stor_calloc((size_t)ncols, sizeof(stor_index));
    for (int i = 0; i < ncols; i++) {
        def.cols[i].name = stor_strndup(names[i], strlen(names[i]));
        def.cols[i].type = i ? ttype : CT_INT;
        def.cols[i].width = width;
        def.cols[i].kind = i ? CK_STR : CK_I64;
        def.cols[i].coll = COLL_UTF8MB4_GENERAL_CI;
        def.cols[i].scale = -1;
        def.cols[i].not_null = i == 0;
        if (keys[i] == '-') continue;
        stor_index *x = &def.idx[def.nidx++];
        x->name = keys[i] == 'P' ? stor_strndup("PRIMARY", 7) : stor_strndup(names[i], strlen(names[i]));
        x->kind = keys[i] == 'P' ? IK_PRIMARY : IK_KEY;
        x->ncols = 1;
        x->cols = stor_calloc(1, sizeof(uint32_t));
        x->cols[0] = (uint32_t)i;
        x->prefix = stor_calloc(1, sizeof(uint32_t));
    }
    stor_table *t = stor_table_create(stor_db_find(db), &def);
    cr_assert_not_null(t);
    return t;
}

/* compress.c: long values of unindexed string columns in cold segments are compressed
 * by a pass, come back byte for byte through stor_get (which restores them), and the
 * counters follow; indexed columns, short and incompressible values stay plain. */
Test(compress, pass_and_restore)
{
    static const char *names[3] = { "id", "k", "body" };
    stor_table *t = test_table("zunit", 3, names, CT_LONGTEXT, 0, "PK-");
    enum { N = 2100, LEN = 3000 };   /* three segments */
    static char text[N][LEN];
    uint32_t seed = 12345;
    for (int r = 0; r < N; r++) {
        for (int j = 0; j < LEN; j++) {
            seed = seed * 1103515245u + 12345u;
            /* rows 7, 17, ...: random bytes (incompressible); others: repetitive words */
            text[r][j] = r % 10 == 7 ? (char)(seed >> 16) : "abcde fghij "[(j + r) % 12];
        }
        pdb_value v[3];
        memset(v, 0, sizeof v);
        v[0].t = VT_INT; v[0].i = r;
        v[1].t = VT_STRING; v[1].coll = COLL_UTF8MB4_GENERAL_CI; v[1].p = text[r]; v[1].len = LEN;
        v[2] = v[1];
        v[2].len = r % 10 == 3 ? 100 : LEN;   /* rows 3, 13, ...: short */
        int di; uint32_t dr;
        cr_assert_eq(stor_row_insert(t, v, &di, &dr), r);
    }
    stor_zstats z0, z1, z2;
    stor_compress_stats(&z0);
    stor_lock_exclusive();
    while (tbl_compress_pass(100, 1, 512, UINT64_MAX)) {}
    stor_unlock();
    stor_compress_stats(&z1);
    cr_assert_eq(z1.values - z0.values, N - N / 10 - N / 10);   /* not the random, not the short */
    cr_assert_eq(z1.raw_bytes - z0.raw_bytes, (uint64_t)(N - N / 5) * LEN);
    cr_assert_lt(z1.bytes - z0.bytes, (z1.raw_bytes - z0.raw_bytes) / 8);
    for (int r = 0; r < N; r++) {
        bool compressible = r % 10 != 7 && r % 10 != 3;
        cr_assert_eq(zv_is(t->cols[2].sp[r]), compressible, "row %d", r);
        cr_assert(!zv_is(t->cols[1].sp[r]), "indexed column compressed, row %d", r);
    }
    /* a second pass at the same time finds nothing to do */
    cr_assert(!tbl_compress_candidates(100, 1));
    stor_clock = 150;   /* (the compression thread's clock) the reads stamp their segments */
    for (int r = 0; r < N; r++) {
        pdb_value v;
        stor_get(t, 2, (uint32_t)r, &v);
        cr_assert_eq(v.t, VT_STRING);
        cr_assert_eq(v.len, r % 10 == 3 ? 100u : (uint32_t)LEN);
        cr_assert(!memcmp(v.p, text[r], v.len), "row %d differs", r);
        cr_assert(!zv_is(t->cols[2].sp[r]));
    }
    stor_compress_stats(&z2);
    cr_assert_eq(z2.values, z0.values);
    cr_assert_eq(z2.bytes, z0.bytes);
    cr_assert_eq(z2.raw_bytes, z0.raw_bytes);
    /* compressed again later, then freed with the table: the counters go back */
    cr_assert(!tbl_compress_candidates(150, 60));   /* not cold yet */
    cr_assert(tbl_compress_candidates(200, 1));
    stor_lock_exclusive();
    while (tbl_compress_pass(200, 1, 512, UINT64_MAX)) {}
    stor_unlock();
    stor_clock = 0;
    stor_compress_stats(&z1);
    cr_assert_gt(z1.values, z0.values);
    char *snap = NULL;
    size_t cap = 0;
    cr_assert(zv_is(t->cols[2].sp[0]));
    cr_assert(!memcmp(zv_read(&t->cols[2], 0, &snap, &cap), text[0], LEN));
    cr_assert(zv_is(t->cols[2].sp[0]));   /* zv_read leaves the table alone */
    free(snap);
    cr_assert_eq(stor_db_drop("zunit"), 0);
    stor_compress_stats(&z2);
    cr_assert_eq(z2.values, z0.values);
    cr_assert_eq(z2.bytes, z0.bytes);
    cr_assert_eq(z2.raw_bytes, z0.raw_bytes);
}

/* compress.c: a column whose cold long values pass 1 MiB gets a dictionary trained on
 * them; its values are compressed with it (tagged with bit 1), clearly smaller than one by
 * one, come back byte for byte, and the dictionary goes with the table. */
Test(compress, dictionary)
{
    static const char *names[2] = { "id", "body" };
    stor_table *t = test_table("zdict", 2, names, CT_LONGTEXT, 0, "--");
    /* ~2 kB of blocks and sentences picked at random: a value repeats few of them, the
       column all of them (as posts share markup and phrases) */
    static const char *words[] = {
        "<!-- wp:paragraph -->\n<p>", "</p>\n<!-- /wp:paragraph -->\n\n",
        "<!-- wp:quote -->\n<blockquote class=\"wp-block-quote\"><p>", "</p></blockquote>\n<!-- /wp:quote -->",
        "By noon the town charter was signed and we had mapped the bridge as well.",
        "The second lighthouse was more grand than the first, which surprised everyone.",
        "If you only read one thing about the guild hall, read the notes from the harbour.",
        "Kenji's rule of thumb: one town charter, two lighthouses, and never on a Sunday.",
        "Mehmet says the archive in the old quarter is the best she has seen in years.",
        "We walked along the river until the market closed and the lamps came on.",
        "Nobody expected the ferry to leave early, least of all the ferryman himself.",
        "The museum keeps the original maps in a room that is opened twice a year." };    enum { N = 1200, LEN = 2000 };
    static char text[N][LEN];
    uint32_t seed = 777;
    size_t alone = 0;
    for (int r = 0; r < N; r++) {
        int j = 0;
        while (j < LEN) {
            seed = seed * 1103515245u + 12345u;
            const char *w = words[(seed >> 16) % (sizeof words / sizeof *words)];
            for (const char *c = w; *c && j < LEN; c++) text[r][j++] = *c;
            if (j < LEN) text[r][j++] = ' ';
        }
        char z[LEN + 512];
        size_t n = ZSTD_compress(z, sizeof z, text[r], LEN, 3);
        cr_assert(!ZSTD_isError(n));
        alone += n;
        pdb_value v[2];
        memset(v, 0, sizeof v);
        v[0].t = VT_INT; v[0].i = r;
        v[1].t = VT_STRING; v[1].coll = COLL_UTF8MB4_GENERAL_CI; v[1].p = text[r]; v[1].len = LEN;
        int di; uint32_t dr;
        cr_assert_eq(stor_row_insert(t, v, &di, &dr), r);
    }
    stor_zstats z0, z1, z2;
    stor_compress_stats(&z0);
    zv_dicts_make(100, 1, 512);
    stor_compress_stats(&z1);
    cr_assert_not_null(t->cols[1].zdict);
    cr_assert_eq(z1.dicts - z0.dicts, 1);
    cr_assert_gt(z1.dict_bytes, z0.dict_bytes);
    zv_dicts_make(100, 1, 512);   /* a column is sampled once */
    stor_compress_stats(&z2);
    cr_assert_eq(z2.dicts, z1.dicts);
    stor_lock_exclusive();
    while (tbl_compress_pass(100, 1, 512, UINT64_MAX)) {}
    zv_pack_end();
    stor_unlock();
    stor_compress_stats(&z1);
    cr_assert_eq(z1.values - z0.values, N);
    for (int r = 0; r < N; r++) cr_assert_eq((uintptr_t)t->cols[1].sp[r] & 3, 3, "row %d", r);
    /* the dictionary's own bytes included, well under the values compressed alone */
    cr_assert_lt(z1.bytes - z0.bytes + z1.dict_bytes - z0.dict_bytes, alone / 2,
                 "%llu + %llu bytes with the dictionary, %zu alone",
                 (unsigned long long)(z1.bytes - z0.bytes), (unsigned long long)(z1.dict_bytes - z0.dict_bytes), alone);
    char *buf = NULL;
    size_t cap = 0;
    for (int r = 0; r < N; r += 7)
        cr_assert(!memcmp(zv_read(&t->cols[1], (uint32_t)r, &buf, &cap), text[r], LEN), "row %d", r);
    free(buf);
    stor_clock = 150;
    for (int r = 0; r < N; r++) {
        pdb_value v;
        stor_get(t, 1, (uint32_t)r, &v);
        cr_assert(v.len == LEN && !memcmp(v.p, text[r], LEN), "row %d differs", r);
    }
    stor_clock = 0;
    /* compressed again (some rows), then the table goes: counters back, dictionary too */
    stor_lock_exclusive();
    while (tbl_compress_pass(200, 1, 512, UINT64_MAX)) {}
    zv_pack_end();
    stor_unlock();
    cr_assert_eq(stor_db_drop("zdict"), 0);
    stor_compress_stats(&z2);
    cr_assert_eq(z2.values, z0.values);
    cr_assert_eq(z2.bytes, z0.bytes);
    cr_assert_eq(z2.raw_bytes, z0.raw_bytes);
    cr_assert_eq(z2.dicts, z0.dicts);
    cr_assert_eq(z2.dict_bytes, z0.dict_bytes);
}

/* Keys whose low bits never vary (packed datetimes are multiples of 10^6, integer-valued
 * doubles have zero low mantissa bits) must still spread over the buckets their hash
 * picks with its low bits (storage.h, stor_hash_fin). */
static unsigned low_bits_used(uint64_t (*key)(unsigned), unsigned n, unsigned bits)
{
    static unsigned char seen[1 << 16];
    memset(seen, 0, sizeof seen);
    unsigned used = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t b = stor_hash_fin(key(i)) & ((1u << bits) - 1);
        if (!seen[b]) { seen[b] = 1; used++; }
    }
    return used;
}

static uint64_t key_datetime(unsigned i) { return (uint64_t)pdb_dt_pack(2024, 1, 1, 0, 0, 0, 0) + (uint64_t)i * 1000000u; }
static uint64_t key_double(unsigned i) { double d = (double)i; uint64_t u; memcpy(&u, &d, 8); return u; }
static uint64_t key_times_odd(unsigned i) { return (uint64_t)i * 1000000u * 0x9e3779b97f4a7c15ull; }

Test(hash, fin_spreads_regular_keys)
{
    /* 4,096 keys into 4,096 buckets: a random hash fills about 63% of them */
    cr_assert_gt(low_bits_used(key_datetime, 4096, 12), 2400u);
    cr_assert_gt(low_bits_used(key_double, 4096, 12), 2400u);
    cr_assert_gt(low_bits_used(key_times_odd, 4096, 12), 2400u);
}

/* An integer primary key's buckets (table.c int_key_hash): keys in order take neighbouring
 * buckets 64 at a time; keys of any stride (multiples of 64, of 2^20, packed datetimes) still
 * spread over the buckets with short chains; every key is found, a missing one is not. */
static stor_table *int_pk_table(stor_db *d, const char *name)
{
    stor_table def;
    memset(&def, 0, sizeof def);
    def.name = stor_strndup(name, strlen(name));
    def.engine = stor_strndup("InnoDB", 6);
    def.ncols = 1;
    def.cols = stor_calloc(1, sizeof(stor_column));
    def.cols[0].name = stor_strndup("id", 2);
    def.cols[0].type = CT_BIGINT;
    def.cols[0].kind = CK_I64;
    def.cols[0].scale = -1;
    def.nidx = 1;
    def.idx = stor_calloc(1, sizeof(stor_index));
    def.idx[0].name = stor_strndup("PRIMARY", 7);
    def.idx[0].kind = IK_PRIMARY;
    def.idx[0].ncols = 1;
    def.idx[0].cols = stor_calloc(1, sizeof(uint32_t));
    def.idx[0].prefix = stor_calloc(1, sizeof(uint32_t));
    return stor_table_create(d, &def);
}

Test(hash, int_keys_in_order_and_strided)
{
    cr_assert_eq(stor_db_create("hunit", COLL_UTF8MB4_GENERAL_CI), 0);
    stor_db *d = stor_db_find("hunit");
    static const int64_t strides[] = { 1, 3, 64, 1024, 1 << 20, 1000000, -64 };
    enum { N = 20000 };
    for (size_t s = 0; s < sizeof strides / sizeof strides[0]; s++) {
        char name[16];
        snprintf(name, sizeof name, "t%zu", s);
        stor_table *t = int_pk_table(d, name);
        cr_assert_not_null(t);
        for (int r = 0; r < N; r++) {
            pdb_value v = { .t = VT_INT, .i = 5 + (int64_t)r * strides[s] };
            int di; uint32_t dr;
            cr_assert_eq(stor_row_insert(t, &v, &di, &dr), r);
        }
        const stor_index *x = &t->idx[0];
        uint32_t used = 0, longest = 0;
        for (uint32_t b = 0; b < x->nbuckets; b++) {
            uint32_t len = 0;
            for (uint32_t r = x->h.buckets[b]; r; r = x->h.next[r - 1]) len++;
            used += len > 0;
            if (len > longest) longest = len;
        }
        /* a random hash puts N keys in about N * 0.9 buckets of N..4N, chains under 8 */
        cr_assert_gt(used, N * 3 / 4, "stride %lld: %u buckets used", (long long)strides[s], used);
        cr_assert_leq(longest, 8u, "stride %lld: a chain of %u", (long long)strides[s], longest);
        for (int r = 0; r < N; r++)
            cr_assert_eq(stor_index_find_i64(t, x, 5 + (int64_t)r * strides[s]), r);
        cr_assert_eq(stor_index_find_i64(t, x, 4), -1);
        pdb_value dup = { .t = VT_INT, .i = 5 + 7 * strides[s] };
        int di; uint32_t dr;
        cr_assert_eq(stor_row_insert(t, &dup, &di, &dr), -1);   /* the duplicate key found */
        cr_assert_eq(dr, 7u);
    }
    cr_assert_eq(stor_db_drop("hunit"), 0);
}

/* table.c, strpool.c: a string column whose values are all NULL or pooled under an id keeps
 * no per-row slots (its code and the pool's pval say each value); the first value that is
 * not pooled gives it slots, filled from the codes; every value reads back the same before
 * and after, through stor_get and the key index on it. Big tables grow by an eighth, not
 * by doubling. */
static void count_row(void *ctx, uint32_t row) { (void)row; (*(uint32_t *)ctx)++; }

Test(storage, slotless_pooled_columns)
{
    static const char *names[2] = { "id", "s" };
    stor_table *t = test_table("sunit", 2, names, CT_VARCHAR, 200, "-K");
    enum { N = 70000 };
    static const char *words[] = { "publish", "draft", "", "inherit", NULL, "auto-draft" };
    static char longv[100];
    memset(longv, 'x', sizeof longv);
    for (int r = 0; r < N; r++) {
        pdb_value v[2];
        memset(v, 0, sizeof v);
        v[0].t = VT_INT; v[0].i = r;
        const char *w = words[r % 6];
        if (!w) v[1].t = VT_NULL;
        else { v[1].t = VT_STRING; v[1].coll = COLL_UTF8MB4_GENERAL_CI; v[1].p = w; v[1].len = (uint32_t)strlen(w); }
        if (r == N - 1) { v[1].t = VT_STRING; v[1].p = longv; v[1].len = sizeof longv; }
        int di; uint32_t dr;
        cr_assert_eq(stor_row_insert(t, v, &di, &dr), r);
        if (r == N - 2) cr_assert_null(t->cols[1].sp, "slots made for pooled values");
    }
    cr_assert_not_null(t->cols[1].sp, "no slots once a long value came");
    cr_assert_leq(t->cap, N + N / 8 + 64, "capacity %u for %d rows", t->cap, N);
    for (int r = 0; r < N; r++) {
        pdb_value v;
        stor_get(t, 1, (uint32_t)r, &v);
        const char *w = r == N - 1 ? NULL : words[r % 6];
        if (r == N - 1) cr_assert(v.t == VT_STRING && v.len == sizeof longv && !memcmp(v.p, longv, v.len));
        else if (!w) cr_assert_eq(v.t, VT_NULL, "row %d", r);
        else cr_assert(v.t == VT_STRING && v.len == strlen(w) && !memcmp(v.p, w, v.len), "row %d", r);
    }
    /* the key index still finds each word's rows */
    for (int k = 0; k < 6; k++) {
        if (!words[k]) continue;
        pdb_value key = { .t = VT_STRING, .coll = COLL_UTF8MB4_GENERAL_CI, .p = words[k], .len = (uint32_t)strlen(words[k]) };
        uint32_t n = 0, want = 0;
        for (int r = 0; r < N - 1; r++) want += r % 6 == k;
        stor_index_lookup(t, &t->idx[0], 1, &key, count_row, &n);
        cr_assert_eq(n, want, "word %d: %u rows, not %u", k, n, want);
    }
    cr_assert_eq(stor_db_drop("sunit"), 0);
}
