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
static pthread_mutex_t slow_mu = PTHREAD_MUTEX_INITIALIZER;
static FILE *slow_f;
static char slow_name[SRV_PATH_MAX];
static time_t slow_last;
static char slow_db[PDB_NAME_LEN];

/* A query log file opened for appending (relative: in the datadir), with the header
 * mariadbd writes at each opening; NULL (logged) when it cannot be. */
static FILE *query_log_open(const char *name)
{
    char path[SRV_PATH_MAX * 2];
    if (name[0] == '/')
        snprintf(path, sizeof path, "%s", name);
    else
        snprintf(path, sizeof path, "%s/%s", stor_datadir(), name);
    FILE *f = fopen(path, "a");
    if (!f) {
        srv_log(SRV_ERROR, 0, "Could not use %s for logging (error %d). Turning logging off for the whole duration of the server process.", path, errno);
        return NULL;
    }
    fprintf(f, "%s, Version: %s (pressdb %s). started with:\nTcp port: %d  Unix socket: %s\nTime\t\t    Id Command\tArgument\n",
            "pressdb", pdb_server_version(), PDB_VERSION, srv_cfg.port, srv_cfg.socket_path);
    return f;
}

void srv_slow_log(const pdb_slow_entry *e)
{
    pthread_mutex_lock(&slow_mu);
    if (!slow_f || strcmp(slow_name, e->file)) {
        if (slow_f)
            fclose(slow_f);
        snprintf(slow_name, sizeof slow_name, "%s", e->file);
        slow_f = query_log_open(e->file);
        slow_last = 0;
        slow_db[0] = 0;
    }
    if (slow_f) {
        time_t now = time(NULL);
        if (now != slow_last) {
            struct tm tm;
            localtime_r(&now, &tm);
            fprintf(slow_f, "# Time: %02d%02d%02d %2d:%02d:%02d\n", tm.tm_year % 100, tm.tm_mon + 1, tm.tm_mday,
                    tm.tm_hour, tm.tm_min, tm.tm_sec);
            slow_last = now;
        }
        const pdb_session *s = e->s;
        fprintf(slow_f, "# User@Host: %s[%s] @ %s [%s]\n", s->user, s->user, s->host, s->ip);
        fprintf(slow_f, "# Thread_id: %u  Schema: %s  QC_hit: No\n", s->conn_id, s->db);
        fprintf(slow_f, "# Query_time: %llu.%06llu  Lock_time: 0.000000  Rows_sent: %llu  Rows_examined: 0\n",
                (unsigned long long)(e->query_us / 1000000), (unsigned long long)(e->query_us % 1000000),
                (unsigned long long)e->rows_sent);
        fprintf(slow_f, "# Rows_affected: %llu\n", (unsigned long long)e->rows_affected);
        if (s->db[0] && strcmp(s->db, slow_db)) {
            fprintf(slow_f, "use `%s`;\n", s->db);
            snprintf(slow_db, sizeof slow_db, "%s", s->db);
        }
        size_t n = e->len;
        while (n && (e->sql[n - 1] == ';' || e->sql[n - 1] == ' ' || e->sql[n - 1] == '\n'))
            n--;
        fprintf(slow_f, "SET timestamp=%lld;\n%.*s;\n", (long long)now, (int)n, e->sql);
        fflush(slow_f);
    }
    pthread_mutex_unlock(&slow_mu);
}

/* FLUSH LOGS, SIGHUP: the next entry opens the file again (logrotate moved it) */
void srv_slow_log_reopen(void)
{
    pthread_mutex_lock(&slow_mu);
    if (slow_f)
        fclose(slow_f);
    slow_f = NULL;
    slow_name[0] = 0;
    pthread_mutex_unlock(&slow_mu);
}

/* ------------------------------------------------------------------ the general query log */

/* In mariadbd's format: per entry the time ("YYMMDD HH:MM:SS", when the second changed
 * since the last entry, else two tabs), the connection id in six columns, the command
 * ("Connect", "Query", "Init DB", "Execute", "Quit", ...), a tab and its argument. */
static pthread_mutex_t gen_mu = PTHREAD_MUTEX_INITIALIZER;
static FILE *gen_f;
static char gen_name[SRV_PATH_MAX];
static time_t gen_last;

void srv_general_log(uint32_t id, const char *file, const char *cmd, const char *arg, size_t len)
{
    pthread_mutex_lock(&gen_mu);
    if (!gen_f || strcmp(gen_name, file)) {
        if (gen_f)
            fclose(gen_f);
        snprintf(gen_name, sizeof gen_name, "%s", file);
        gen_f = query_log_open(file);
    }
    if (gen_f) {
        time_t now = time(NULL);
        if (now != gen_last) {
            struct tm tm;
            localtime_r(&now, &tm);
            fprintf(gen_f, "%02d%02d%02d %2d:%02d:%02d\t", tm.tm_year % 100, tm.tm_mon + 1, tm.tm_mday,
                    tm.tm_hour, tm.tm_min, tm.tm_sec);
            gen_last = now;
        } else {
            fputs("\t\t", gen_f);
        }
        fprintf(gen_f, "%6u %s\t", id, cmd);
        fwrite(arg, 1, len, gen_f);
        fputc('\n', gen_f);
        fflush(gen_f);
    }
    pthread_mutex_unlock(&gen_mu);
}

/* FLUSH LOGS, SIGHUP: the next entry opens the file again (with its header) */
static void general_log_reopen(void)
{
    pthread_mutex_lock(&gen_mu);
    if (gen_f)
        fclose(gen_f);
    gen_f = NULL;
    gen_name[0] = 0;
    pthread_mutex_unlock(&gen_mu);
}
