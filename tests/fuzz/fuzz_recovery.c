/* fuzz_recovery.c - libFuzzer harness for recovery: the write-ahead log reader
 * (storage/wal.c stor_recover) and the snapshot loader (storage/snapshot.c), run as
 * startup runs them (stor_open, then pdb_engine_init, which registers the DDL replay
 * and recovers), on files written into a fresh temporary data directory.
 *
 * The first byte picks what the rest of the input is (mod 4):
 *   0 the log file's bytes as they are (framing, torn tails, checksums);
 *   1 the log's frame payloads: [u16 length][payload]..., each written with a correct
 *     length and CRC32, so the records inside are what is tested;
 *   2 the snapshot file's bytes as they are (zstd stream, magic, checksum);
 *   3 a snapshot's contents after "PDBSNAP1": compressed, ended with 'E' and the right
 *     CRC32 by the harness, so the records inside are what is tested; a log of frames
 *     follows it when the input has a 0xfe 0xfd 0xfc separator.
 * Recovery may refuse a damaged file (an error, as startup does); it must not crash.
 * The store is freed (stor_close) after every input.
 *
 * Recovery treats a row id its table could not hold (tbl_row_ids_fit: here within a
 * 16 MiB limit for table data) as damage. Linked with -Wl,--wrap for tbl_put_at and
 * tbl_reserve_rows (Makefile), which check that: one asked for a row id that does not fit
 * aborts (a crafted file used to make recovery allocate 2^32 rows). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>
#include "engine/engine.h"
#include "storage/wal.h"
#include "tests/fuzz/fuzz_input.h"

static char dir[4096];

#define FZ_MEM_LIMIT (16u << 20)
void __real_tbl_put_at(stor_table *t, uint32_t row, const pdb_value *vals);
void __real_tbl_reserve_rows(stor_table *t, uint32_t nrows);

void __wrap_tbl_put_at(stor_table *t, uint32_t row, const pdb_value *vals)
{
    if (!tbl_row_ids_fit(t, (uint64_t)row + 1)) abort();
    __real_tbl_put_at(t, row, vals);
}

void __wrap_tbl_reserve_rows(stor_table *t, uint32_t nrows)
{
    if (!tbl_row_ids_fit(t, nrows)) abort();
    __real_tbl_reserve_rows(t, nrows);
}

static void write_file(const char *name, const void *p, size_t n)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (n && fwrite(p, 1, n, f) != n) abort();
    fclose(f);
}

static void clear_dir(void)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
}

static void remove_dir(void)
{
    clear_dir();
    rmdir(dir);
}

/* [u16 len][payload]... -> [u32 len][u32 crc32][payload]... */
static void write_frames(const uint8_t *p, size_t n)
{
    uint8_t *out = malloc(n / 2 * 10 + 16);
    if (!out) abort();
    size_t o = 0;
    fz_in in = { p, n };
    while (in.n >= 2) {
        size_t want = fz_u16(&in), got;
        const uint8_t *b = fz_take(&in, want, &got);
        uint32_t hdr[2] = { (uint32_t)got, wal_crc32_update(0, b, got) };
        memcpy(out + o, hdr, 8);
        memcpy(out + o + 8, b, got);
        o += 8 + got;
    }
    write_file("pressdb.wal", out, o);
    free(out);
}

static void write_snapshot_body(const uint8_t *p, size_t n)
{
    size_t len = 8 + n + 5;
    uint8_t *raw = malloc(len);
    if (!raw) abort();
    memcpy(raw, "PDBSNAP1", 8);
    memcpy(raw + 8, p, n);
    raw[8 + n] = 'E';
    uint32_t crc = wal_crc32_update(0, raw, len - 5);
    memcpy(raw + len - 4, &crc, 4);
    size_t zcap = ZSTD_compressBound(len);
    uint8_t *z = malloc(zcap);
    if (!z) abort();
    size_t zn = ZSTD_compress(z, zcap, raw, len, 1);
    if (ZSTD_isError(zn)) abort();
    write_file("pressdb.snap", z, zn);
    free(z);
    free(raw);
}

static const uint8_t *find_sep(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i + 3 <= n; i++)
        if (p[i] == 0xfe && p[i + 1] == 0xfd && p[i + 2] == 0xfc) return p + i;
    return NULL;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/pressdb-fuzz-recovery-XXXXXX", tmp && *tmp ? tmp : P_tmpdir);
    if (!mkdtemp(dir)) abort();
    atexit(remove_dir);
    stor_set_mem_limit(FZ_MEM_LIMIT);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    uint8_t t = fz_u8(&in);
    clear_dir();
    switch (t % 4) {
    case 0: write_file("pressdb.wal", in.p, in.n); break;
    case 1: write_frames(in.p, in.n); break;
    case 2: write_file("pressdb.snap", in.p, in.n); break;
    default: {
        const uint8_t *sep = find_sep(in.p, in.n);
        size_t body = sep ? (size_t)(sep - in.p) : in.n;
        write_snapshot_body(in.p, body);
        if (sep) write_frames(sep + 3, in.n - body - 3);
        break;
    }
    }
    char err[512];
    if (stor_open(dir, err, sizeof err) != 0) abort();
    pdb_engine_init(err, sizeof err);
    stor_close();
    return 0;
}
