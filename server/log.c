/* log.c - the error log: mariadbd-style lines on stderr, which --log-error points at a
 * file (so that anything a library prints to stderr lands there too).
 *
 * Line format, as mariadbd writes it:
 *   2026-11-30  5:01:02 0 [Note] pressdb: ready for connections.
 * (the hour is space-padded; the number is the connection id, 0 for the server). Each
 * line is one write(2) so lines from different threads never interleave.
 */
#include "server/server.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define LOG_LINE_MAX 4096

static char log_path[SRV_PATH_MAX];        /* file stderr points at; "" = the original stderr */
static pthread_mutex_t log_mu = PTHREAD_MUTEX_INITIALIZER;   /* guards reopen vs. path */

static const char *const level_names[] = { "Note", "Warning", "ERROR" };

/* Writes all of buf to stderr, retrying on EINTR and short writes. */
static void log_write(const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t k = write(STDERR_FILENO, buf, n);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        buf += k;
        n -= (size_t)k;
    }
}

void srv_log(int level, uint32_t conn_id, const char *fmt, ...)
{
    char line[LOG_LINE_MAX];
    struct timeval tv;
    struct tm tm;
    gettimeofday(&tv, NULL);
    localtime_r(&tv.tv_sec, &tm);
    if (level < SRV_NOTE || level > SRV_ERROR)
        level = SRV_ERROR;
    int n = snprintf(line, sizeof line, "%04d-%02d-%02d %2d:%02d:%02d %u [%s] ",
                     tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
                     tm.tm_sec, conn_id, level_names[level]);
    if (n < 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    int m = vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    va_end(ap);
    if (m < 0)
        m = 0;
    size_t len = (size_t)n + (size_t)m;
    if (len > sizeof line - 2)
        len = sizeof line - 2;
    line[len++] = '\n';
    log_write(line, len);
}

void srv_log_plain(const char *fmt, ...)
{
    char line[LOG_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    int m = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (m < 0)
        return;
    size_t len = (size_t)m;
    if (len > sizeof line - 2)
        len = sizeof line - 2;
    line[len++] = '\n';
    log_write(line, len);
}

/* Opens path for appending and makes it stderr. 0 or -1 with errno. */
static int log_point_stderr_at(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
    if (fd < 0)
        return -1;
    if (fd != STDERR_FILENO) {
        if (dup2(fd, STDERR_FILENO) < 0) {
            int e = errno;
            close(fd);
            errno = e;
            return -1;
        }
        close(fd);
    }
    return 0;
}

int srv_log_open(const char *path)
{
    if (!path || !*path)
        return 0;
    pthread_mutex_lock(&log_mu);
    int rc = log_point_stderr_at(path);
    if (rc == 0)
        snprintf(log_path, sizeof log_path, "%s", path);
    pthread_mutex_unlock(&log_mu);
    return rc;
}

void srv_slow_log_reopen(void);
static void general_log_reopen(void);

void srv_log_reopen(void)
{
    srv_slow_log_reopen();
    general_log_reopen();
    pthread_mutex_lock(&log_mu);
    int rc = log_path[0] ? log_point_stderr_at(log_path) : 0;
    int e = errno;
    pthread_mutex_unlock(&log_mu);
    if (rc)
        srv_log(SRV_ERROR, 0, "Could not reopen the error log '%s' (errno: %d \"%s\")",
                log_path, e, strerror(e));
}

/* ------------------------------------------------------------------ the slow query log */

/* In MariaDB's format, which mariadb-dumpslow and pt-query-digest read: a header when the
 * file is opened, then per statement "# Time:" (when the second changed), who ran it,
 * Query_time, Lock_time (0: pressdb takes no table locks that wait), Rows_sent,
 * Rows_examined (not counted: 0), Rows_affected, "use db;" when the database changed,
 * "SET timestamp=...;" and the statement. A relative file name is in the datadir. */
/* A query log (the slow one, the general one): its file, opened at its first entry and
 * again after FLUSH LOGS or a change of name, and the second its last entry was in. */
typedef struct qlog {
    pthread_mutex_t mu;
    FILE *f;
    char name[SRV_PATH_MAX];
    time_t last;
} qlog;

static qlog slow_log = { PTHREAD_MUTEX_INITIALIZER, NULL, "", 0 }, gen_log = { PTHREAD_MUTEX_INITIALIZER, NULL, "", 0 };
static char slow_db[PDB_NAME_LEN];

/* With q->mu held: q's file for entries to name (relative: in the datadir), opened with
 * the header mariadbd writes at each opening when it is not open yet; NULL (logged) when
 * it cannot be. *fresh: it was opened now. */
static FILE *qlog_file(qlog *q, const char *name, bool *fresh)
{
    *fresh = false;
    if (q->f && !strcmp(q->name, name))
        return q->f;
    if (q->f)
        fclose(q->f);
    snprintf(q->name, sizeof q->name, "%s", name);
    char path[SRV_PATH_MAX * 2];
    if (name[0] == '/')
        snprintf(path, sizeof path, "%s", name);
    else
        snprintf(path, sizeof path, "%s/%s", stor_datadir(), name);
    q->f = fopen(path, "a");
    if (!q->f) {
        srv_log(SRV_ERROR, 0, "Could not use %s for logging (error %d). Turning logging off for the whole duration of the server process.", path, errno);
        return NULL;
    }
    fprintf(q->f, "%s, Version: %s (pressdb %s). started with:\nTcp port: %d  Unix socket: %s\nTime\t\t    Id Command\tArgument\n",
            "pressdb", pdb_server_version(), PDB_VERSION, srv_cfg.port, srv_cfg.socket_path);
    *fresh = true;
    return q->f;
}

/* With q->mu held: "YYMMDD HH:MM:SS" of now into buf when the second changed since q's
 * last entry (true), else false. */
static bool qlog_stamp(qlog *q, time_t now, char buf[32])
{
    if (now == q->last)
        return false;
    struct tm tm;
    localtime_r(&now, &tm);
    snprintf(buf, 32, "%02d%02d%02d %2d:%02d:%02d", tm.tm_year % 100, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
             tm.tm_sec);
    q->last = now;
    return true;
}

/* FLUSH LOGS, SIGHUP: the next entry opens the file again (logrotate moved it) */
static void qlog_reopen(qlog *q)
{
    pthread_mutex_lock(&q->mu);
    if (q->f)
        fclose(q->f);
    q->f = NULL;
    q->name[0] = 0;
    pthread_mutex_unlock(&q->mu);
}

void srv_slow_log(const pdb_slow_entry *e)
{
    pthread_mutex_lock(&slow_log.mu);
    bool fresh;
    FILE *f = qlog_file(&slow_log, e->file, &fresh);
    if (fresh) {
        slow_log.last = 0;
        slow_db[0] = 0;
    }
    if (f) {
        time_t now = time(NULL);
        char when[32];
        if (qlog_stamp(&slow_log, now, when))
            fprintf(f, "# Time: %s\n", when);
        const pdb_session *s = e->s;
        fprintf(f, "# User@Host: %s[%s] @ %s [%s]\n", s->user, s->user, s->host, s->ip);
        fprintf(f, "# Thread_id: %u  Schema: %s  QC_hit: No\n", s->conn_id, s->db);
        fprintf(f, "# Query_time: %llu.%06llu  Lock_time: 0.000000  Rows_sent: %llu  Rows_examined: 0\n",
                (unsigned long long)(e->query_us / 1000000), (unsigned long long)(e->query_us % 1000000),
                (unsigned long long)e->rows_sent);
        fprintf(f, "# Rows_affected: %llu\n", (unsigned long long)e->rows_affected);
        if (s->db[0] && strcmp(s->db, slow_db)) {
            fprintf(f, "use `%s`;\n", s->db);
            snprintf(slow_db, sizeof slow_db, "%s", s->db);
        }
        size_t n = e->len;
        while (n && (e->sql[n - 1] == ';' || e->sql[n - 1] == ' ' || e->sql[n - 1] == '\n'))
            n--;
        fprintf(f, "SET timestamp=%lld;\n%.*s;\n", (long long)now, (int)n, e->sql);
        fflush(f);
    }
    pthread_mutex_unlock(&slow_log.mu);
}

void srv_slow_log_reopen(void) { qlog_reopen(&slow_log); }

/* ------------------------------------------------------------------ the general query log */

/* In mariadbd's format: per entry the time ("YYMMDD HH:MM:SS", when the second changed
 * since the last entry, else two tabs; kept across a reopen, as mariadbd does), the
 * connection id in six columns, the command ("Connect", "Query", "Init DB", "Execute",
 * "Quit", ...), a tab and its argument. */
void srv_general_log(uint32_t id, const char *file, const char *cmd, const char *arg, size_t len)
{
    pthread_mutex_lock(&gen_log.mu);
    bool fresh;
    FILE *f = qlog_file(&gen_log, file, &fresh);
    if (f) {
        char when[32];
        if (qlog_stamp(&gen_log, time(NULL), when))
            fprintf(f, "%s\t", when);
        else
            fputs("\t\t", f);
        fprintf(f, "%6u %s\t", id, cmd);
        fwrite(arg, 1, len, f);
        fputc('\n', f);
        fflush(f);
    }
    pthread_mutex_unlock(&gen_log.mu);
}

static void general_log_reopen(void) { qlog_reopen(&gen_log); }
