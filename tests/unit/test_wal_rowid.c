/* test_wal_rowid.c - recovery of a log whose checksummed frame names a row id its table
 * could not hold: damage at that frame (cut as a torn tail when it is last, refused
 * when a valid frame follows), never an allocation of that many rows. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "storage/storage.h"
#include "tests/unit/unit.h"
#include "storage/wal.h"

static uint8_t frame_buf[4096];

/* Appends the frame [len][crc][payload] to f. */
static void put_frame(FILE *f, const void *payload, uint32_t len)
{
    uint32_t crc = wal_crc32_update(0, payload, len);
    fwrite(&len, 4, 1, f);
    fwrite(&crc, 4, 1, f);
    fwrite(payload, 1, len, f);
}

/* An insert record of d.t (one BIGINT column) at row with value v; returns its length. */
static uint32_t insert_rec(uint8_t *p, uint32_t row, int64_t v)
{
    uint32_t n = 0, one = 1;
    p[n++] = 'I';
    memcpy(p + n, &one, 4); n += 4; p[n++] = 'd';
    memcpy(p + n, &one, 4); n += 4; p[n++] = 't';
    memcpy(p + n, &row, 4); n += 4;
    p[n++] = 1;
    memcpy(p + n, &v, 8); n += 8;
    return n;
}

/* dir/pressdb.wal opened for writing, its generation frame written. */
static FILE *new_log(const char *dir)
{
    char path[600];
    snprintf(path, sizeof path, "%s/pressdb.wal", dir);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    uint8_t g[9] = { 'G' };
    put_frame(f, g, 9);
    return f;
}

/* Writes dir/pressdb.wal: generation 0, inserts at rows 0 and 1, a frame that inserts at
 * row 2 and then at bad_row, and (when more) another insert at row 3. */
static void write_log(const char *dir, uint32_t bad_row, bool more)
{
    FILE *f = new_log(dir);
    for (uint32_t r = 0; r < 2; r++) put_frame(f, frame_buf, insert_rec(frame_buf, r, 10 + r));
    uint32_t n = insert_rec(frame_buf, 2, 12);
    n += insert_rec(frame_buf + n, bad_row, 99);
    put_frame(f, frame_buf, n);
    if (more) put_frame(f, frame_buf, insert_rec(frame_buf, 3, 13));
    fclose(f);
}

/* Opens the store in dir with d.t (one BIGINT column) and a 64 MiB limit for table data,
 * recovers it; the recovery's result, *t the table. */
static int open_and_recover(const char *dir, stor_table **t, char *err, size_t errlen)
{
    stor_set_mem_limit(64u << 20);
    cr_assert_eq(stor_open(dir, err, errlen), 0, "%s", err);
    stor_db_create("d", COLL_UTF8MB4_GENERAL_CI);
    stor_table def;
    memset(&def, 0, sizeof def);
    def.name = stor_strndup("t", 1);
    def.engine = stor_strndup("InnoDB", 6);
    def.ncols = 1;
    def.cols = stor_calloc(1, sizeof(stor_column));
    def.cols[0].name = stor_strndup("v", 1);
    def.cols[0].type = CT_BIGINT;
    def.cols[0].kind = CK_I64;
    def.cols[0].scale = -1;
    *t = stor_table_create(stor_db_find("d"), &def);
    cr_assert_not_null(*t);
    return stor_recover(err, errlen);
}

void unit_remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    char path[1200];
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

static void make_dir(char *dir, size_t cap)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, cap, "%s/pressdb-unit-walrowid-XXXXXX", t && *t ? t : "/tmp");
    cr_assert_not_null(mkdtemp(dir));
}

Test(wal_rowid, limits)
{
    stor_table t;
    memset(&t, 0, sizeof t);
    stor_set_mem_limit(64u << 20);
    cr_assert(tbl_row_ids_fit(&t, 1000));
    cr_assert(!tbl_row_ids_fit(&t, (uint64_t)TBL_MAX_ROW_IDS + 1));
    cr_assert(!tbl_row_ids_fit(&t, 100u << 20));   /* a byte per slot is past 72 MiB */
    stor_set_mem_limit(0);
    cr_assert(tbl_row_ids_fit(&t, TBL_MAX_ROW_IDS));
    cr_assert(!tbl_row_ids_fit(&t, (uint64_t)TBL_MAX_ROW_IDS + 1));
    cr_assert(!tbl_row_ids_fit(&t, UINT32_MAX));
}

Test(wal_rowid, huge_row_id_in_last_frame_is_a_torn_tail)
{
    char dir[512], err[2048] = "";
    make_dir(dir, sizeof dir);
    write_log(dir, UINT32_MAX - 1, false);
    stor_table *t;
    cr_assert_eq(open_and_recover(dir, &t, err, sizeof err), 0, "%s", err);
    /* the frames before it, nothing of that frame (not even its first record) */
    cr_assert_eq(t->nrows, 2);
    cr_assert_eq(t->nlive, 2);
    cr_assert_lt(stor_mem_used(), 64u << 20);
    stor_close();
    char path[600];
    snprintf(path, sizeof path, "%s/pressdb.wal", dir);
    stor_wal_scan sc;
    cr_assert_eq(stor_wal_scan_file(path, &sc, err, sizeof err), 0, "%s", err);
    cr_assert_eq(sc.status, STOR_WAL_CLEAN);   /* cut after the second insert's frame */
    cr_assert_eq(sc.end, 17 + 2 * (8 + 24));
    cr_assert_eq(sc.nframes, 3);
    unit_remove_dir(dir);
}

Test(wal_rowid, huge_row_id_before_a_valid_frame_is_damage)
{
    char dir[512], err[2048] = "";
    make_dir(dir, sizeof dir);
    write_log(dir, 1u << 30, true);   /* under TBL_MAX_ROW_IDS, past the memory limit */
    stor_table *t;
    cr_assert_eq(open_and_recover(dir, &t, err, sizeof err), -1);
    cr_assert(strstr(err, "damaged at byte 81") && strstr(err, "row id past what its table can hold"), "%s", err);
    cr_assert_lt(stor_mem_used(), 64u << 20);
    stor_close();
    unit_remove_dir(dir);
}

Test(wal_rowid, ordinary_gaps_replay)
{
    char dir[512], err[2048] = "";
    make_dir(dir, sizeof dir);
    write_log(dir, 5000, true);   /* rolled-back inserts leave gaps: replayed as dead rows */
    stor_table *t;
    cr_assert_eq(open_and_recover(dir, &t, err, sizeof err), 0, "%s", err);
    cr_assert_eq(t->nrows, 5001);
    cr_assert_eq(t->nlive, 5);
    stor_close();
    unit_remove_dir(dir);
}

/* A record of the same table as the record before it in its frame: kind ('i' or 'd'),
 * row, and for 'i' the value; returns its length. */
static uint32_t short_rec(uint8_t *p, char kind, uint32_t row, int64_t v)
{
    uint32_t n = 0;
    p[n++] = (uint8_t)kind;
    memcpy(p + n, &row, 4); n += 4;
    if (kind == 'd') return n;
    p[n++] = 1;
    memcpy(p + n, &v, 8); n += 8;
    return n;
}

Test(wal_rowid, same_table_records_replay)
{
    char dir[512], err[2048] = "";
    make_dir(dir, sizeof dir);
    FILE *f = new_log(dir);
    uint32_t n = insert_rec(frame_buf, 0, 10);
    n += short_rec(frame_buf + n, 'i', 1, 11);
    n += short_rec(frame_buf + n, 'i', 2, 12);
    n += short_rec(frame_buf + n, 'd', 0, 0);
    put_frame(f, frame_buf, n);
    fclose(f);
    stor_table *t;
    cr_assert_eq(open_and_recover(dir, &t, err, sizeof err), 0, "%s", err);
    cr_assert_eq(t->nrows, 3);
    cr_assert_eq(t->nlive, 2);
    cr_assert_eq(t->cols[0].i64[1], 11);
    cr_assert_eq(t->cols[0].i64[2], 12);
    stor_close();
    unit_remove_dir(dir);
}

Test(wal_rowid, same_table_record_first_in_frame_is_malformed)
{
    char dir[512], err[2048] = "";
    make_dir(dir, sizeof dir);
    FILE *f = new_log(dir);
    put_frame(f, frame_buf, insert_rec(frame_buf, 0, 10));
    put_frame(f, frame_buf, short_rec(frame_buf, 'i', 1, 11));   /* names no table */
    fclose(f);
    stor_table *t;
    cr_assert_eq(open_and_recover(dir, &t, err, sizeof err), -1);
    cr_assert(strstr(err, "malformed"), "%s", err);
    stor_close();
    unit_remove_dir(dir);
}
