/* test_wal_sync.c - a reply held for a commit's fdatasync is released when the commit is
 * durable by any road: the syncer's fdatasync, or a new log generation (a checkpoint
 * makes the old log durable before it starts the next). A connection that asked after a
 * checkpoint had already made its commit durable used to wait forever: the syncer had
 * nothing to do and the loops were never told. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "storage/storage.h"
#include "tests/unit/unit.h"

static atomic_int hooks;
static void count_hook(void) { atomic_fetch_add(&hooks, 1); }


Test(wal_sync, durable_without_the_syncer_still_wakes_the_waiters)
{
    char dir[600], err[256];
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/pressdb-unit-walsync-XXXXXX", t && *t ? t : "/tmp");
    cr_assert_not_null(mkdtemp(dir));
    cr_assert_eq(stor_open(dir, err, sizeof err), 0, "%s", err);
    cr_assert_eq(stor_recover(err, sizeof err), 0, "%s", err);
    stor_set_sync_hook(count_hook);
    cr_assert_eq(stor_checkpoint(err, sizeof err), 0, "%s", err);
    cr_assert_geq(atomic_load(&hooks), 1, "a new log generation tells the loops (held replies may go)");
    int before = atomic_load(&hooks);
    stor_sync_request(stor_synced_lsn());   /* asked for after it became durable */
    cr_assert_gt(atomic_load(&hooks), before, "a request for what is durable already tells the loops");
    stor_set_sync_hook(NULL);
    unit_remove_dir(dir);
}
