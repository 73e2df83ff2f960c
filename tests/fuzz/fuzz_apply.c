/* fuzz_apply.c - libFuzzer harness for a replica's applier (engine/apply.c): what a
 * primary sends, event by event, into an engine with tables of every column kind.
 *
 * The input is a sequence of events, each [u8 type][u16 length][body]: the harness
 * writes the 19-byte header (the type, a server id, the true size) so the bodies are what
 * is tested: Table_map metadata, row images of every field format, Query status
 * variables, GTID / Xid grouping, Intvar / Rand / User_var. Each input runs on a fresh
 * applier (a group left open is rolled back when it is freed); every 256 inputs the
 * tables are emptied. An event may be refused (an error, as a replica stops); it must
 * not crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "engine/engine.h"
#include "tests/fuzz/fuzz_input.h"

static char dir[4096];
static pdb_session setup;
static unsigned long inputs;

static int sk_cols(void *c, const pdb_colmeta *m, size_t n) { (void)c; (void)m; (void)n; return 0; }
static int sk_row(void *c, const pdb_value *v, size_t n) { (void)c; (void)v; (void)n; return 0; }
static int sk_end(void *c, uint16_t w, uint16_t s) { (void)c; (void)w; (void)s; return 0; }
static int sk_ok(void *c, uint64_t a, uint64_t i, uint16_t w, uint16_t s, const char *m)
{ (void)c; (void)a; (void)i; (void)w; (void)s; (void)m; return 0; }
static int sk_err(void *c, uint16_t code, const char *st, const char *m) { (void)c; (void)code; (void)st; (void)m; return 0; }
static const pdb_sink sink = { NULL, sk_cols, sk_row, sk_end, sk_ok, sk_err };

static void run(const char *sql) { pdb_exec_query(&setup, sql, strlen(sql), true, &sink); }

static void remove_dir(void)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) { /* (best effort) */ }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/pressdb-fuzz-apply-XXXXXX", tmp && *tmp ? tmp : P_tmpdir);
    if (!mkdtemp(dir)) abort();
    atexit(remove_dir);
    stor_set_mem_limit(256u << 20);
    char err[512];
    if (stor_open(dir, err, sizeof err) != 0 || pdb_engine_init(err, sizeof err) != 0) abort();
    pdb_session_init(&setup, 1);
    run("CREATE DATABASE d; USE d;"
        "CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10));"
        "CREATE TABLE k (id BIGINT UNSIGNED PRIMARY KEY, ti TINYINT, si SMALLINT UNSIGNED, mi MEDIUMINT,"
        " f FLOAT, db DOUBLE, d1 DECIMAL(10,3), d2 DECIMAL(65,30), c CHAR(5) CHARACTER SET latin1,"
        " vc VARCHAR(300), bn BINARY(4), bl BLOB, tx TEXT, dt DATE, dtm DATETIME(6), ts TIMESTAMP(3) NULL,"
        " tm TIME(2), yr YEAR, en ENUM('a','b'), st SET('x','y'), bt BIT(12), js JSON);"
        "CREATE TABLE n (a INT, b VARCHAR(10));");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (++inputs % 256 == 0) run("DELETE FROM d.t; DELETE FROM d.k; DELETE FROM d.n");
    pdb_applier *a = pdb_applier_new();
    if (!a) abort();
    fz_in in = { data, size };
    uint8_t ev[19 + 65536];
    while (in.n >= 3) {
        uint8_t type = fz_u8(&in);
        size_t want = fz_u16(&in), got;
        const uint8_t *body = fz_take(&in, want, &got);
        uint32_t ts = 1700000000, sid = 1, evsz = (uint32_t)(19 + got), pos = 0;
        uint16_t flags = 0;
        memcpy(ev, &ts, 4);
        ev[4] = type;
        memcpy(ev + 5, &sid, 4);
        memcpy(ev + 9, &evsz, 4);
        memcpy(ev + 13, &pos, 4);
        memcpy(ev + 17, &flags, 2);
        memcpy(ev + 19, body, got);
        uint16_t code;
        char msg[512];
        if (pdb_applier_event(a, ev, 19 + got, &code, msg, sizeof msg) != 0) break;   /* (a replica stops) */
    }
    pdb_applier_free(a);
    return 0;
}
