/* datadir.c - the datadir marker: tells a fresh datadir from one that lost files.
 *
 * datadir/pressdb.datadir is written once the datadir is initialised (the first start
 * that made its accounts file and log), as text:
 *
 *   format 1
 *   requires accounts
 *   requires pressdb.wal
 *   requires pressdb.snap        (added when the first snapshot is installed)
 *
 * From then on a start that misses a required file refuses (MariaDB refuses to start
 * without its system tables) instead of making a new root@localhost without a password
 * or starting empty. A snapshot is required once one was written (the first checkpoint:
 * the log passed innodb_log_file_size, or a clean stop after a write): it is replaced by
 * rename, never removed. A datadir without the marker is fresh when it holds none of the
 * three files; else an older pressdb made it and the marker is written for it (its
 * accounts file must exist when it holds data). Written via temp file, fsync, rename.
 */
#include "storage/storage.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#define MARKER "pressdb.datadir"
#define MARKER_FORMAT 1

static char mdir[4096];
static bool marked;         /* the marker exists (read or written) */
static bool marked_snap;    /* it requires pressdb.snap */

static bool dd_exists(const char *name)
{
    char p[sizeof mdir + 512];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", mdir, name);
    return stat(p, &st) == 0;
}

static bool dd_nonempty(const char *name)
{
    char p[sizeof mdir + 512];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", mdir, name);
    return stat(p, &st) == 0 && st.st_size > 0;
}

static int dd_write(bool snap, char *err, size_t errlen)
{
    char tmp[4200], path[4200];
    snprintf(tmp, sizeof tmp, "%s/" MARKER ".tmp", mdir);
    snprintf(path, sizeof path, "%s/" MARKER, mdir);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        snprintf(err, errlen, "cannot write '%s': %s", tmp, strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    fprintf(f, "# pressdb datadir: the files named on 'requires' lines must exist, else the\n"
               "# server refuses to start. Do not delete; to start afresh, empty the datadir.\n"
               "format %d\nrequires accounts\nrequires pressdb.wal\n%s",
            MARKER_FORMAT, snap ? "requires pressdb.snap\n" : "");
    int ok = fflush(f) == 0 && fsync(fd) == 0;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    int dfd = open(mdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) { fsync(dfd); close(dfd); }
    marked = true;
    marked_snap = snap;
    return 0;
}

static int dd_missing(const char *name, char *err, size_t errlen)
{
    static const char *why[][2] = {
        { "accounts", "without it the server would make a new root@localhost without a password" },
        { "pressdb.wal", "the write-ahead log holds the commits since the last snapshot" },
        { "pressdb.snap", "the snapshot holds every table as of the last checkpoint" },
    };
    const char *w = "";
    for (size_t i = 0; i < sizeof why / sizeof why[0]; i++)
        if (!strcmp(why[i][0], name)) w = why[i][1];
    snprintf(err, errlen, "the datadir '%s' was initialised (" MARKER " requires '%s') but '%s' is "
             "missing (%s); refusing to start. Restore it from a backup (or, to accept the loss, "
             "remove the line 'requires %s' from " MARKER ")", mdir, name, name, w, name);
    return -1;
}

/* Reads the marker's requirements and checks each. 0 or -1 with err. */
static int dd_check_marker(FILE *f, char *err, size_t errlen)
{
    char line[512];
    int format = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || !line[0]) continue;
        if (!strncmp(line, "format ", 7)) { format = atoi(line + 7); continue; }
        if (strncmp(line, "requires ", 9) != 0) continue;
        const char *name = line + 9;
        if (strchr(name, '/') || !strcmp(name, "..")) continue;   /* names within the datadir only */
        if (!strcmp(name, "pressdb.snap")) marked_snap = true;
        if (!dd_exists(name)) return dd_missing(name, err, errlen);
    }
    if (format < 1 || format > MARKER_FORMAT) {
        snprintf(err, errlen, "'%s/" MARKER "' is of format %d, which this pressdb does not know; "
                 "refusing to start", mdir, format);
        return -1;
    }
    marked = true;
    return 0;
}

/* Files an older pressdb made with access for others (the snapshot was 0644): said,
 * not changed (the next checkpoint writes the snapshot and log anew, 0640). */
static void dd_warn_modes(void)
{
    static const char *names[] = { "pressdb.snap", "pressdb.wal", "accounts", MARKER };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char p[sizeof mdir + 64];
        struct stat st;
        snprintf(p, sizeof p, "%s/%s", mdir, names[i]);
        if (stat(p, &st) == 0 && (st.st_mode & 07))
            fprintf(stderr, "pressdb: [Warning] '%s' is open to other users (mode %03o): "
                    "chmod o-rwx it (pressdb creates it without access for others)\n",
                    p, (unsigned)(st.st_mode & 0777));
    }
}

int stor_datadir_check(const char *dir, char *err, size_t errlen)
{
    snprintf(mdir, sizeof mdir, "%s", dir);
    marked = marked_snap = false;
    dd_warn_modes();
    char path[4200];
    snprintf(path, sizeof path, "%s/" MARKER, mdir);
    FILE *f = fopen(path, "r");
    if (f) {
        int rc = dd_check_marker(f, err, errlen);
        fclose(f);
        return rc;
    }
    if (errno != ENOENT) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    /* no marker: fresh, or an older pressdb's datadir (whose data needs its accounts) */
    bool data = dd_exists("pressdb.snap") || dd_nonempty("pressdb.wal");
    if (data && !dd_exists("accounts")) return dd_missing("accounts", err, errlen);
    return 0;
}

int stor_datadir_mark(char *err, size_t errlen)
{
    if (marked) return 0;
    return dd_write(dd_exists("pressdb.snap"), err, errlen);
}

void stor_datadir_snapshot_written(void)
{
    char err[512];
    if (!marked || marked_snap) return;   /* (no marker yet: stor_datadir_mark sees the file) */
    if (dd_write(true, err, sizeof err) != 0)
        fprintf(stderr, "pressdb: [Warning] %s (tried again at the next snapshot)\n", err);
}
