/* options.c - command line and my.cnf options, with mariadbd's names and habits.
 *
 * Accepted forms: --name=value and --name value (for options that take a value), with
 * '-' and '_' interchangeable in names; --skip-X / --disable-X / --enable-X for
 * booleans; a loose- prefix turns "unknown option" into a warning. Option files are
 * read as mariadbd reads them (cnf_read_all): /etc/my.cnf, /etc/mysql/my.cnf (Debian's,
 * with its !includedir), ~/.my.cnf, for the groups in cnf_groups (mariadbd's, with
 * [client-server], and [pressdb] for what only pressdb knows); --no-defaults,
 * --defaults-file=F and --defaults-extra-file=F must come first. The command line
 * overrides the files.
 *
 * Options we do not own are MariaDB variables: they go to pdb_set_global_default(); a
 * variable the engine refuses is an unknown option on the command line (exit 1) and a
 * warning in a file. Our own options are also mirrored to the engine at the end (for
 * @@port, @@max_allowed_packet, ...).
 *
 * Warnings found while parsing are kept and logged once the error log is open
 * (mariadbd's "Buffered warning"); fatal errors are printed at once.
 */
#include "server/server.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

srv_config srv_cfg;

enum opt_kind {
    K_STR,      /* a string value */
    K_NUM,      /* unsigned number with an optional K/M/G/T/P/E suffix, clamped */
    K_BOOL,     /* ON/OFF; --skip-X clears it */
    K_ACTION,   /* no value: --help, --version */
};

enum opt_id {
    O_PORT, O_BIND, O_SOCKET, O_DATADIR, O_MAXCONN, O_MAXPKT, O_WAIT, O_INTER, O_CONNTO,
    O_SSL_CERT, O_SSL_KEY, O_SSL, O_REQ_SECURE, O_JIT, O_ROOTPW, O_LOG_ERROR, O_LOG_BIN, O_PID_FILE,
    O_THREADS, O_OFFLOAD, O_EXTRA_PORT, O_EXTRA_MAXCONN, O_MAXMEM, O_ZMIN, O_ZAFTER, O_EVICT, O_PLANCACHE, O_JITMIN, O_WALREC, O_USER, O_SECURE_FILE, O_HELP, O_VERSION, O_VERBOSE, O_CONSOLE, O_SLAVE_START,
};

typedef struct opt_def {
    const char *name;       /* with underscores */
    int id;                 /* enum opt_id */
    int kind;               /* enum opt_kind */
    uint64_t min, max;      /* K_NUM bounds */
    uint64_t block;         /* K_NUM: value rounded down to a multiple (0 = none) */
    bool optional_arg;      /* K_STR: "--x" alone is allowed (next argv only if not an option) */
    const char *help;
} opt_def;

static const opt_def opt_defs[] = {
    { "port", O_PORT, K_NUM, 0, 65535, 0, false, "TCP port (default 3306; 0 = any free port)" },
    { "bind_address", O_BIND, K_STR, 0, 0, 0, false,
      "IP address(es) to listen on, comma separated; * = all (default 127.0.0.1)" },
    { "socket", O_SOCKET, K_STR, 0, 0, 0, false,
      "Unix socket path (default <datadir>/pressdb.sock; empty or --skip-socket: none)" },
    { "datadir", O_DATADIR, K_STR, 0, 0, 0, false, "data directory (default ./pressdb-data)" },
    { "max_connections", O_MAXCONN, K_NUM, 10, 100000, 0, false, "default 151" },
    { "extra_port", O_EXTRA_PORT, K_NUM, 0, 65535, 0, false,
      "a second TCP port with its own connection limit (default 0: none)" },
    { "extra_max_connections", O_EXTRA_MAXCONN, K_NUM, 1, 100000, 0, false,
      "connections allowed on --extra-port (default 1; one more for SUPER)" },
    { "max_allowed_packet", O_MAXPKT, K_NUM, 1024, 1073741824, 1024, false,
      "largest packet accepted (default 16M)" },
    { "wait_timeout", O_WAIT, K_NUM, 1, 31536000, 0, false, "idle seconds (default 28800)" },
    { "interactive_timeout", O_INTER, K_NUM, 1, 31536000, 0, false,
      "idle seconds of interactive clients (default 28800)" },
    { "connect_timeout", O_CONNTO, K_NUM, 2, 31536000, 0, false,
      "seconds to complete the handshake (default 10)" },
    { "ssl_cert", O_SSL_CERT, K_STR, 0, 0, 0, false,
      "server certificate (default: generated <datadir>/server-cert.pem)" },
    { "ssl_key", O_SSL_KEY, K_STR, 0, 0, 0, false,
      "server key (default: generated <datadir>/server-key.pem)" },
    { "ssl", O_SSL, K_BOOL, 0, 0, 0, false, "offer TLS (default ON; --skip-ssl disables)" },
    { "require_secure_transport", O_REQ_SECURE, K_BOOL, 0, 0, 0, false,
      "refuse TCP connections without TLS" },
    { "jit", O_JIT, K_BOOL, 0, 0, 0, false,
      "run filtered scans as compiled code (on|off, default on; the global default of the "
      "session variable pressdb_jit)" },
    { "root_password", O_ROOTPW, K_STR, 0, 0, 0, false,
      "password of root@localhost on a fresh datadir (or env PRESSDB_ROOT_PASSWORD)" },
    { "secure_file_priv", O_SECURE_FILE, K_STR, 0, 0, 0, false,
      "the only directory LOAD DATA INFILE and SELECT ... INTO OUTFILE may use (default "
      "<datadir>/files; '' = any)" },
    { "log_error", O_LOG_ERROR, K_STR, 0, 0, 0, true,
      "error log file (default stderr; relative to datadir)" },
    { "log_bin", O_LOG_BIN, K_STR, 0, 0, 0, true,
      "write a binary log in MariaDB's format, for replicas and mariadb-binlog (base name or "
      "path; default <datadir>/pressdb-bin)" },
    { "pid_file", O_PID_FILE, K_STR, 0, 0, 0, false, "write the process id here" },
    { "slave_start", O_SLAVE_START, K_BOOL, 0, 0, 0, false,
      "start replication at startup when a primary is configured (default ON; "
      "--skip-slave-start: wait for START SLAVE)" },
    { "threads", O_THREADS, K_NUM, 1, 1024, 0, false, "event loops (default: cores)" },
    { "offload_us", O_OFFLOAD, K_NUM, 0, 3600000000ull, 0, false,
      "a query shape that ran longer than this (microseconds) runs on a worker thread "
      "next time (default 2000; 0: every query)" },
    { "max_memory", O_MAXMEM, K_NUM, 0, UINT64_MAX, 0, false,
      "memory for table data; writes past it fail with 1114 (default: 80% of RAM or of the "
      "cgroup's memory limit; 0: no limit; at least 16M)" },
    { "compress_min_bytes", O_ZMIN, K_NUM, 1, 1073741824, 0, false,
      "string values at least this long are compressed (zstd) once cold (default 512)" },
    { "compress_after_s", O_ZAFTER, K_NUM, 0, 31536000, 0, false,
      "a segment of 1,024 rows whose strings nobody read or wrote for this many seconds is "
      "compressed (default 300; 0: no compression)" },
    { "evict_after_s", O_EVICT, K_NUM, 0, 31536000, 0, false,
      "a table no statement used for this many seconds has its rows written to the datadir's "
      "evict/ folder and released from memory; the next statement that uses it reads them "
      "back (default 0: never)" },
    { "jit_min_rows", O_JITMIN, K_NUM, 0, 4294967295ull, 0, false,
      "a query whose plan is not kept compiles a scan of a table of at least this many rows "
      "(default 8192; 0: every scan the JIT applies to, from the first run: for tests)" },
    { "plan_cache", O_PLANCACHE, K_NUM, 0, 3, 0, false,
      "statement-shape cache: 1 on (default), 0 off, 2 every cacheable statement goes "
      "through it from its first run (for tests), 3 as 2 and every kept plan used is "
      "checked against a fresh one (for tests)" },
    { "wal_recovery", O_WALREC, K_NUM, 0, 1, 0, false,
      "a write-ahead log damaged before its last frame: 0 refuse to start (default), 1 start "
      "with the transactions before the damage, the log kept as pressdb.wal.damaged-<time>" },
    { "user", O_USER, K_STR, 0, 0, 0, false,
      "run as this account (started as root: required; --user=root keeps root)" },
    { "help", O_HELP, K_ACTION, 0, 0, 0, false, "this text" },
    { "version", O_VERSION, K_ACTION, 0, 0, 0, false, "print the version" },
    { "verbose", O_VERBOSE, K_ACTION, 0, 0, 0, false, "with --help: accepted" },
    { "console", O_CONSOLE, K_ACTION, 0, 0, 0, false, "log to stderr (the default)" },
};

#define NOPTS (sizeof opt_defs / sizeof opt_defs[0])

static bool want_help, want_version;
static bool log_error_bare;        /* --log-error without a file: <datadir>/<host>.err */
static int64_t jit_min_rows = -1;  /* --jit-min-rows; -1: the engine's default */

/* ---- buffered warnings ---- */

#define MAX_WARNINGS 32
static char *warnings[MAX_WARNINGS];
static int nwarnings;

static void opt_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void opt_warn(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (nwarnings < MAX_WARNINGS)
        warnings[nwarnings++] = strdup(buf);
}

static void opt_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void opt_error(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    srv_log(SRV_ERROR, 0, "%s", buf);
}

/* ---- value parsing ---- */

static bool parse_bool(const char *v, bool *out)
{
    static const char *const yes[] = { "1", "on", "true", "yes" };
    static const char *const no[] = { "0", "off", "false", "no" };
    for (size_t i = 0; i < 4; i++) {
        if (!strcasecmp(v, yes[i])) { *out = true; return true; }
        if (!strcasecmp(v, no[i])) { *out = false; return true; }
    }
    return false;
}

/* Unsigned number with an optional size suffix. false when malformed or too big. */
static bool parse_num(const char *name, const char *v, uint64_t *out)
{
    const char *p = v;
    while (isspace((unsigned char)*p))
        p++;
    if (!isdigit((unsigned char)*p)) {
        opt_error("pressdb: Error while setting value '%s' to '%s'", v, name);
        return false;
    }
    errno = 0;
    char *end;
    unsigned long long n = strtoull(p, &end, 10);
    if (errno == ERANGE) {
        opt_error("pressdb: Error while setting value '%s' to '%s'", v, name);
        return false;
    }
    unsigned shift = 0;
    if (*end) {
        switch (toupper((unsigned char)*end)) {
        case 'K': shift = 10; break;
        case 'M': shift = 20; break;
        case 'G': shift = 30; break;
        case 'T': shift = 40; break;
        case 'P': shift = 50; break;
        case 'E': shift = 60; break;
        default:
            opt_error("Unknown suffix '%c' used for variable '%s' (value '%s'). "
                      "Legal suffix characters are: K, M, G, T, P, E", *end, name, v);
            opt_error("pressdb: Error while setting value '%s' to '%s'", v, name);
            return false;
        }
        if (end[1]) {
            opt_error("pressdb: Error while setting value '%s' to '%s'", v, name);
            return false;
        }
        if (shift && n > (UINT64_MAX >> shift))
            n = UINT64_MAX;
        else
            n <<= shift;
    }
    *out = n;
    return true;
}

static void copy_str(char *dst, size_t cap, const char *v, const char *name)
{
    if (strlen(v) >= cap)
        opt_warn("option '%s': value too long, truncated", name);
    snprintf(dst, cap, "%s", v);
}

/* Overwrites a password given on the command line so `ps` does not show it. */
static void scrub(char *v)
{
    while (*v)
        *v++ = 'x';
}

/* ---- applying one option ---- */

enum prefix { PFX_NONE, PFX_SKIP, PFX_ENABLE };

static const opt_def *find_opt(const char *name)
{
    for (size_t i = 0; i < NOPTS; i++)
        if (!strcmp(opt_defs[i].name, name))
            return &opt_defs[i];
    return NULL;
}

/* Human form of a name for messages: underscores back to dashes. */
static void dash_name(char *dst, size_t cap, const char *name)
{
    size_t i = 0;
    for (; name[i] && i + 1 < cap; i++)
        dst[i] = name[i] == '_' ? '-' : name[i];
    dst[i] = '\0';
}

/* Sets our option o. value may be NULL (none given); next is the following argv word
 * (command line only) and *used_next is set when it was taken as the value. writable
 * is the value's storage when it may be scrubbed. Returns 0 or -1. */
static int apply_ours(const opt_def *o, int pfx, const char *value, char *writable,
                      char *next, bool *used_next, bool from_file)
{
    char dn[128];
    dash_name(dn, sizeof dn, o->name);

    if (o->kind == K_ACTION) {
        if (pfx != PFX_NONE || value) {
            if (from_file)
                return 0;
            opt_error("pressdb: option '--%s' cannot take an argument", dn);
            return -1;
        }
        if (o->id == O_HELP) want_help = true;
        if (o->id == O_VERSION) want_version = true;
        if (o->id == O_CONSOLE) srv_cfg.log_error[0] = '\0';
        return 0;
    }

    if (o->kind == K_BOOL) {
        bool b = true;
        if (pfx == PFX_SKIP)
            b = false;
        else if (value) {
            if (!parse_bool(value, &b)) {
                opt_error("pressdb: option '%s': boolean value '%s' wasn't recognized",
                          o->name, value);
                return -1;
            }
        } else if (o->id == O_JIT && next && parse_bool(next, &b)) {
            *used_next = true;     /* --jit on|off */
        }
        switch (o->id) {
        case O_SSL: srv_cfg.ssl = b; break;
        case O_REQ_SECURE: srv_cfg.require_secure_transport = b; break;
        case O_JIT: srv_cfg.jit = b; break;
        case O_SLAVE_START: srv_cfg.skip_slave_start = !b; break;
        }
        return 0;
    }

    /* K_STR / K_NUM */
    if (pfx == PFX_SKIP) {
        switch (o->id) {
        case O_SOCKET:
            srv_cfg.socket_path[0] = '\0';
            srv_cfg.socket_given = true;
            return 0;
        case O_LOG_ERROR:
            srv_cfg.log_error[0] = '\0';
            log_error_bare = false;
            return 0;
        case O_LOG_BIN: srv_cfg.log_bin_on = false; return 0;
        case O_SSL_CERT: srv_cfg.ssl_cert[0] = '\0'; return 0;
        case O_SSL_KEY: srv_cfg.ssl_key[0] = '\0'; return 0;
        default:
            break;
        }
    }
    if (pfx != PFX_NONE) {
        if (from_file) {
            opt_warn("option '--%s' cannot be used with skip/enable; ignored", dn);
            return 0;
        }
        opt_error("pressdb: unknown option '--%s-%s'", pfx == PFX_SKIP ? "skip" : "enable", dn);
        return -1;
    }
    if (!value && o->id == O_LOG_BIN) {   /* (a bare --log-bin never takes the next word) */
        srv_cfg.log_bin_on = true;
        srv_cfg.log_bin[0] = '\0';
        return 0;
    }
    if (!value) {
        if (o->optional_arg) {
            if (next && next[0] != '-') {
                value = writable = next;
                *used_next = true;
            } else {
                if (o->id == O_LOG_ERROR)
                    log_error_bare = true;
                return 0;
            }
        } else if (next) {
            value = writable = next;
            *used_next = true;
        } else if (!from_file) {
            opt_error("pressdb: option '--%s' requires an argument", dn);
            return -1;
        } else {
            opt_warn("option '%s' requires a value; ignored", o->name);
            return 0;
        }
    }

    if (o->kind == K_NUM) {
        uint64_t n;
        if (!parse_num(o->name, value, &n))
            return -1;
        uint64_t adj = n;
        if (adj < o->min) adj = o->min;
        if (adj > o->max) adj = o->max;
        if (o->block) adj -= adj % o->block;
        if (adj != n)
            opt_warn("option '%s': unsigned value %llu adjusted to %llu", o->name,
                     (unsigned long long)n, (unsigned long long)adj);
        switch (o->id) {
        case O_PORT: srv_cfg.port = (int)adj; break;
        case O_MAXCONN: srv_cfg.max_connections = (uint32_t)adj; break;
        case O_EXTRA_PORT: srv_cfg.extra_port = (int)adj; break;
        case O_EXTRA_MAXCONN: srv_cfg.extra_max_connections = (uint32_t)adj; break;
        case O_MAXPKT: srv_cfg.max_allowed_packet = adj; break;
        case O_WAIT: srv_cfg.wait_timeout = (uint32_t)adj; break;
        case O_INTER: srv_cfg.interactive_timeout = (uint32_t)adj; break;
        case O_CONNTO: srv_cfg.connect_timeout = (uint32_t)adj; break;
        case O_THREADS: srv_cfg.threads = (int)adj; break;
        case O_OFFLOAD: srv_cfg.offload_us = adj; break;
        case O_ZMIN: srv_cfg.compress_min_bytes = adj; break;
        case O_ZAFTER: srv_cfg.compress_after_s = (uint32_t)adj; break;
        case O_EVICT: srv_cfg.evict_after_s = (uint32_t)adj; break;
        case O_PLANCACHE: srv_cfg.plan_cache = (int)adj; break;
        case O_JITMIN: jit_min_rows = (int64_t)adj; break;
        case O_WALREC: srv_cfg.wal_recovery = (int)adj; break;
        case O_MAXMEM:
            if (adj && adj < 16777216) {
                opt_warn("option '%s': unsigned value %llu adjusted to %llu", o->name,
                         (unsigned long long)adj, 16777216ull);
                adj = 16777216;
            }
            srv_cfg.max_memory = adj;
            break;
        }
        return 0;
    }

    switch (o->id) {
    case O_BIND: copy_str(srv_cfg.bind_address, sizeof srv_cfg.bind_address, value, o->name); break;
    case O_SOCKET:
        copy_str(srv_cfg.socket_path, sizeof srv_cfg.socket_path, value, o->name);
        srv_cfg.socket_given = true;
        break;
    case O_DATADIR: copy_str(srv_cfg.datadir, sizeof srv_cfg.datadir, value, o->name); break;
    case O_SECURE_FILE:
        copy_str(srv_cfg.secure_file_priv, sizeof srv_cfg.secure_file_priv, value, o->name);
        srv_cfg.secure_file_given = true;
        break;
    case O_SSL_CERT: copy_str(srv_cfg.ssl_cert, sizeof srv_cfg.ssl_cert, value, o->name); break;
    case O_SSL_KEY: copy_str(srv_cfg.ssl_key, sizeof srv_cfg.ssl_key, value, o->name); break;
    case O_ROOTPW:
        free(srv_cfg.root_password);
        srv_cfg.root_password = strdup(value);
        if (writable && !from_file)
            scrub(writable);
        break;
    case O_LOG_ERROR:
        copy_str(srv_cfg.log_error, sizeof srv_cfg.log_error, value, o->name);
        log_error_bare = false;
        break;
    case O_LOG_BIN:
        copy_str(srv_cfg.log_bin, sizeof srv_cfg.log_bin, value, o->name);
        srv_cfg.log_bin_on = true;
        break;
    case O_PID_FILE: copy_str(srv_cfg.pid_file, sizeof srv_cfg.pid_file, value, o->name); break;
    case O_USER: copy_str(srv_cfg.user, sizeof srv_cfg.user, value, o->name); break;
    }
    return 0;
}

/* "<digits><K|M|G|T|P|E>" written out as a number into out; false for anything else. */
static bool size_suffixed(const char *v, char *out, size_t cap)
{
    size_t n = strspn(v, "0123456789");
    if (n == 0 || !v[n] || v[n + 1] || !strchr("KMGTPEkmgtpe", v[n]))
        return false;
    uint64_t x;
    if (!parse_num("", v, &x))
        return false;
    snprintf(out, cap, "%llu", (unsigned long long)x);
    return true;
}

/* A variable we do not own: hand it to the engine. 0 accepted, -1 refused. */
static int apply_engine(const char *name, const char *value, char *next, bool *used_next,
                        bool from_file)
{
    if (!value && !from_file && next && next[0] != '-') {
        value = next;
        *used_next = true;
    }
    if (value) {
        /* "256M" for a numeric variable: the option parser's suffixes (SET has none) */
        char num[32];
        if (size_suffixed(value, num, sizeof num) && !pdb_set_global_default(name, num))
            return 0;
        return pdb_set_global_default(name, value) ? -1 : 0;
    }
    /* A bare flag: --skip-name-resolve is itself a variable; --skip-X otherwise X=OFF. */
    if (!pdb_set_global_default(name, "ON"))
        return 0;
    if (!strncmp(name, "skip_", 5))
        return pdb_set_global_default(name + 5, "OFF") ? -1 : 0;
    if (!strncmp(name, "disable_", 8))
        return pdb_set_global_default(name + 8, "OFF") ? -1 : 0;
    if (!strncmp(name, "enable_", 7))
        return pdb_set_global_default(name + 7, "ON") ? -1 : 0;
    return -1;
}

/* One "--name[=value]" (without the dashes) from the command line (from_file false,
 * next = following argv word or NULL) or a "name[=value]" line of a file. */
static int apply_arg(char *arg, char *next, bool *used_next, bool from_file, const char *where)
{
    char name[256];
    char *eq = strchr(arg, '=');
    size_t nlen = eq ? (size_t)(eq - arg) : strlen(arg);
    char *value = eq ? eq + 1 : NULL;
    *used_next = false;
    if (nlen == 0 || nlen >= sizeof name) {
        if (from_file) {
            opt_warn("%s: malformed line ignored", where);
            return 0;
        }
        opt_error("pressdb: unknown option '--%s'", arg);
        return -1;
    }
    for (size_t i = 0; i < nlen; i++)
        name[i] = arg[i] == '-' ? '_' : arg[i];
    name[nlen] = '\0';

    char *n = name;
    bool loose = false;
    if (!strncmp(n, "loose_", 6)) {
        loose = true;
        n += 6;
    }
    const opt_def *o = find_opt(n);
    int pfx = PFX_NONE;
    if (!o) {
        const char *base = NULL;
        if (!strncmp(n, "skip_", 5)) { pfx = PFX_SKIP; base = n + 5; }
        else if (!strncmp(n, "disable_", 8)) { pfx = PFX_SKIP; base = n + 8; }
        else if (!strncmp(n, "enable_", 7)) { pfx = PFX_ENABLE; base = n + 7; }
        if (base)
            o = find_opt(base);
        if (!o)
            pfx = PFX_NONE;
    }
    if (o)
        return apply_ours(o, pfx, value, value, next, used_next, from_file);

    if (apply_engine(n, value, from_file ? NULL : next, used_next, from_file) == 0)
        return 0;
    *used_next = false;
    char dn[256];
    dash_name(dn, sizeof dn, n);
    if (from_file) {
        opt_warn("%s: unknown variable '%s%s%s', ignored", where, dn, value ? "=" : "",
                 value ? value : "");
        return 0;
    }
    if (loose) {
        opt_warn("unknown option '--loose-%s'", dn);
        return 0;
    }
    if (value)
        opt_error("pressdb: unknown variable '%s=%s'", dn, value);
    else
        opt_error("pressdb: unknown option '--%s'", dn);
    return -1;
}

/* ---- configuration files ---- */

static const char *const cnf_groups[] = {
    "mysqld", "server", "mysqld-10.11", "mariadb", "mariadb-10.11", "mariadbd",
    "mariadbd-10.11", "client-server", "galera", "pressdb",
};

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

/* Unquotes and unescapes a value in place; strips an end-of-line comment. */
static void cnf_value(char *v)
{
    char *r = v, *w = v;
    if (*r == '\'' || *r == '"') {
        char q = *r++;
        while (*r && *r != q) {
            if (*r == '\\' && r[1]) {
                r++;
                switch (*r) {
                case 'n': *w++ = '\n'; break;
                case 't': *w++ = '\t'; break;
                case 'r': *w++ = '\r'; break;
                case 'b': *w++ = '\b'; break;
                case 's': *w++ = ' '; break;
                default: *w++ = *r; break;
                }
                r++;
            } else {
                *w++ = *r++;
            }
        }
        *w = '\0';
        return;
    }
    for (; *r; r++) {
        if (*r == '#' && (r == v || isspace((unsigned char)r[-1])))
            break;
        if (*r == '\\' && r[1]) {
            r++;
            switch (*r) {
            case 'n': *w++ = '\n'; break;
            case 't': *w++ = '\t'; break;
            case 's': *w++ = ' '; break;
            default: *w++ = *r; break;
            }
            continue;
        }
        *w++ = *r;
    }
    *w = '\0';
    char *t = trim(v);
    if (t != v)
        memmove(v, t, strlen(t) + 1);
}

static int cnf_read(const char *path, int depth, bool required);

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* !includedir: every *.cnf in dir, in name order. */
static void cnf_read_dir(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d) {
        opt_warn("could not open include directory '%s'", dir);
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l < 5 || strcmp(e->d_name + l - 4, ".cnf"))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **nn = realloc(names, cap * sizeof *names);
            if (!nn)
                break;
            names = nn;
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        char p[SRV_PATH_MAX];
        size_t dl = strlen(dir);
        snprintf(p, sizeof p, "%s%s%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", names[i]);
        cnf_read(p, depth + 1, false);
        free(names[i]);
    }
    free(names);
}

/* Reads one file. -1 only when a required file is missing. */
static int cnf_read(const char *path, int depth, bool required)
{
    if (depth > 10) {
        opt_warn("'%s': includes nested too deeply; ignored", path);
        return 0;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        if (required) {
            opt_error("Could not open required defaults file: %s", path);
            opt_error("Fatal error in defaults handling. Program aborted");
            return -1;
        }
        opt_warn("could not open '%s' (errno: %d)", path, errno);
        return 0;
    }
    char line[8192];
    bool in_group = false;
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *s = trim(line);
        if (!*s || *s == '#' || *s == ';')
            continue;
        if (*s == '!') {
            char *arg = s + 1;
            bool dir = false;
            if (!strncmp(arg, "includedir", 10) && isspace((unsigned char)arg[10])) {
                dir = true;
                arg += 10;
            } else if (!strncmp(arg, "include", 7) && isspace((unsigned char)arg[7])) {
                arg += 7;
            } else {
                opt_warn("%s:%d: unknown directive ignored", path, lineno);
                continue;
            }
            arg = trim(arg);
            if (dir)
                cnf_read_dir(arg, depth);
            else
                cnf_read(arg, depth + 1, false);
            continue;
        }
        if (*s == '[') {
            char *e = strchr(s, ']');
            if (!e) {
                opt_warn("%s:%d: malformed group line ignored", path, lineno);
                in_group = false;
                continue;
            }
            *e = '\0';
            char *g = trim(s + 1);
            in_group = false;
            for (size_t i = 0; i < sizeof cnf_groups / sizeof cnf_groups[0]; i++)
                if (!strcasecmp(g, cnf_groups[i]))
                    in_group = true;
            continue;
        }
        if (!in_group)
            continue;
        /* name [= value] */
        char arg[8192];
        char *eq = strchr(s, '=');
        char where[SRV_PATH_MAX + 16];
        snprintf(where, sizeof where, "%s:%d", path, lineno);
        if (eq) {
            *eq = '\0';
            char *name = trim(s);
            char *value = trim(eq + 1);
            cnf_value(value);
            snprintf(arg, sizeof arg, "%s=%s", name, value);
        } else {
            char *name = trim(s);
            char *hash = strstr(name, " #");
            if (hash)
                *hash = '\0';
            snprintf(arg, sizeof arg, "%s", trim(name));
        }
        bool used;
        apply_arg(arg, NULL, &used, true, where);
    }
    fclose(f);
    return 0;
}

/* A default option file: read when it exists, silently skipped when it does not. */
static void cnf_read_if_there(const char *path)
{
    if (access(path, F_OK) == 0)
        cnf_read(path, 0, false);
}

/* mariadbd's order: /etc/my.cnf, /etc/mysql/my.cnf, $MARIADB_HOME (or $MYSQL_HOME)/my.cnf,
 * the --defaults-extra-file, ~/.my.cnf; --defaults-file instead of all of them. Later
 * lines win. A named file that cannot be read is fatal; a missing default file is not. */
static int cnf_read_all(const char *only, const char *extra)
{
    if (only)
        return cnf_read(only, 0, true);
    char p[SRV_PATH_MAX];
    cnf_read_if_there("/etc/my.cnf");
    cnf_read_if_there("/etc/mysql/my.cnf");
    const char *home = getenv("MARIADB_HOME");
    if (!home)
        home = getenv("MYSQL_HOME");
    if (home && srv_join(p, sizeof p, home, "/", "my.cnf"))
        cnf_read_if_there(p);
    if (extra && cnf_read(extra, 0, true))
        return -1;
    home = getenv("HOME");
    if (home && srv_join(p, sizeof p, home, "/", ".my.cnf"))
        cnf_read_if_there(p);
    return 0;
}

/* ---- help ---- */

static void print_help(void)
{
    printf("pressdb %s (MariaDB 10.11 compatible)\n"
           "Usage: pressdb [--no-defaults | --defaults-file=FILE] [OPTIONS]\n\n"
           "Options (--name=value or --name value; '-' and '_' are interchangeable;\n"
           "other MariaDB server variables are passed to the engine):\n", PDB_VERSION);
    for (size_t i = 0; i < NOPTS; i++) {
        char dn[64];
        dash_name(dn, sizeof dn, opt_defs[i].name);
        printf("  --%-26s %s\n", dn, opt_defs[i].help);
    }
    printf("\nDefault options are read from the following files in the given order:\n"
           "/etc/my.cnf /etc/mysql/my.cnf ~/.my.cnf\nThe following groups are read:");
    for (size_t i = 0; i < sizeof cnf_groups / sizeof cnf_groups[0]; i++)
        printf(" %s", cnf_groups[i]);
    printf("\nThe following options may be given as the first argument:\n");
    printf("  --%-26s %s\n", "no-defaults", "read no option file");
    printf("  --%-26s %s\n", "defaults-file=FILE", "read only FILE");
    printf("  --%-26s %s\n", "defaults-extra-file=FILE",
           "read FILE after the global files (before ~/.my.cnf)");
}


/* A cgroup memory limit file's value, or 0 when it has none ("max", unreadable). */
static uint64_t cgroup_limit_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    unsigned long long v = 0;
    if (fscanf(f, "%llu", &v) != 1) v = 0;
    fclose(f);
    return v;
}

/* The lowest limit file under base along rel and its parents (base/rel/file,
 * base/parent/file, ..., base/file); 0 when none has a limit. */
static uint64_t cgroup_walk(const char *base, char *rel, const char *file)
{
    char path[4400];
    uint64_t best = 0;
    for (;;) {
        snprintf(path, sizeof path, "%s%s/%s", base, strcmp(rel, "/") ? rel : "", file);
        uint64_t v = cgroup_limit_file(path);
        if (v && (!best || v < best)) best = v;
        char *slash = strrchr(rel, '/');
        if (!slash || slash == rel) { if (strcmp(rel, "/")) { rel[1] = 0; continue; } break; }
        *slash = 0;
    }
    return best;
}

/* --max-memory's default: 80% of the physical memory, or of the memory limit of the
 * cgroup the server runs in when that is lower (v2: memory.max of its group and every
 * parent; v1: memory.limit_in_bytes the same way; "no limit" reads as none). */
static uint64_t default_max_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
    uint64_t total = pages > 0 && psz > 0 ? (uint64_t)pages * (uint64_t)psz : 0;
    char line[4096];
    FILE *f = fopen("/proc/self/cgroup", "r");
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char *ctl = strchr(line, ':'), *rel = ctl ? strchr(ctl + 1, ':') : NULL;
        if (!rel || rel[1] != '/') continue;
        *rel++ = 0;
        ctl++;
        char r[4096];
        uint64_t v = 0, w;
        if (!*ctl) {                                  /* "0::/path": the v2 hierarchy */
            snprintf(r, sizeof r, "%s", rel);
            v = cgroup_walk("/sys/fs/cgroup", r, "memory.max");
            snprintf(r, sizeof r, "%s", rel);
            w = cgroup_walk("/sys/fs/cgroup/unified", r, "memory.max");
            if (w && (!v || w < v)) v = w;
        } else {
            bool mem = false;                         /* "4:memory:/path" (v1) */
            for (char *tok = strtok(ctl, ","); tok; tok = strtok(NULL, ","))
                if (!strcmp(tok, "memory")) mem = true;
            if (!mem) continue;
            snprintf(r, sizeof r, "%s", rel);
            v = cgroup_walk("/sys/fs/cgroup/memory", r, "memory.limit_in_bytes");
        }
        if (v && (total == 0 || v < total)) total = v;
    }
    if (f) fclose(f);
    return total / 10 * 8;
}

/* ---- entry points ---- */

static void set_defaults(void)
{
    memset(&srv_cfg, 0, sizeof srv_cfg);
    snprintf(srv_cfg.datadir, sizeof srv_cfg.datadir, "./pressdb-data");
    snprintf(srv_cfg.bind_address, sizeof srv_cfg.bind_address, "127.0.0.1");
    srv_cfg.port = 3306;
    srv_cfg.max_connections = 151;
    srv_cfg.extra_max_connections = 1;
    srv_cfg.max_allowed_packet = 16u << 20;
    srv_cfg.wait_timeout = 28800;
    srv_cfg.interactive_timeout = 28800;
    srv_cfg.connect_timeout = 10;
    srv_cfg.ssl = true;
    srv_cfg.jit = true;
    long nc = sysconf(_SC_NPROCESSORS_ONLN);
    srv_cfg.threads = nc < 1 ? 1 : nc > 64 ? 64 : (int)nc;
    srv_cfg.max_memory = default_max_memory();
    srv_cfg.offload_us = 2000;
    srv_cfg.plan_cache = 1;
    srv_cfg.compress_min_bytes = 512;
    srv_cfg.compress_after_s = 300;
}

/* "-P3307" / "-P 3307" style short options (the few mariadbd has that matter). */
static int apply_short(char **argv, int argc, int *i)
{
    char *a = argv[*i];
    char opt = a[1];
    const char *name = NULL;
    switch (opt) {
    case 'P': name = "port"; break;
    case 'h': name = "datadir"; break;
    case 'u': name = "user"; break;
    case 'V': want_version = true; return 0;
    case '?': want_help = true; return 0;
    default:
        opt_error("pressdb: unknown option '-%c'", opt ? opt : ' ');
        return -1;
    }
    char *value = a[2] ? a + 2 : NULL;
    if (!value) {
        if (*i + 1 >= argc) {
            opt_error("pressdb: option '-%c' requires an argument", opt);
            return -1;
        }
        value = argv[++*i];
    }
    bool used;
    return apply_ours(find_opt(name), PFX_NONE, value, value, NULL, &used, false);
}

int srv_options_parse(int argc, char **argv)
{
    set_defaults();
    int i = 1;
    /* Leading --no-defaults / --defaults-file / --defaults-extra-file. */
    bool no_defaults = false;
    const char *only = NULL, *extra = NULL;
    for (; i < argc; i++) {
        char *a = argv[i];
        if (!strcmp(a, "--no-defaults") || !strcmp(a, "--no_defaults")) {
            no_defaults = true;
            continue;
        }
        const char *file = NULL;
        const char **slot;
        if (!strncmp(a, "--defaults-file", 15) || !strncmp(a, "--defaults_file", 15)) {
            file = a + 15;
            slot = &only;
        } else if (!strncmp(a, "--defaults-extra-file", 21) ||
                   !strncmp(a, "--defaults_extra_file", 21)) {
            file = a + 21;
            slot = &extra;
        } else {
            break;
        }
        if (*file == '=') {
            file++;
        } else if (*file == '\0' && i + 1 < argc) {
            file = argv[++i];
        } else {
            opt_error("pressdb: unknown option '%s'", a);
            return -1;
        }
        *slot = file;
    }
    if (!no_defaults && cnf_read_all(only, extra))
        return -1;
    for (; i < argc; i++) {
        char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            opt_error("pressdb: Too many arguments (first extra is '%s').", a);
            return -1;
        }
        if (a[1] != '-') {
            if (apply_short(argv, argc, &i))
                return -1;
            continue;
        }
        if (!strncmp(a, "--defaults", 10) || !strncmp(a, "--no-defaults", 13) ||
            !strncmp(a, "--no_defaults", 13)) {
            opt_error("pressdb: unknown option '%s' (--defaults-file and --no-defaults must "
                      "be given first)", a);
            return -1;
        }
        bool used = false;
        char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (apply_arg(a + 2, next, &used, false, NULL))
            return -1;
        if (used)
            i++;
    }
    if (!srv_cfg.root_password) {
        char *env = getenv("PRESSDB_ROOT_PASSWORD");
        if (env) {
            srv_cfg.root_password = strdup(env);
            scrub(env);          /* also hides it from /proc/<pid>/environ */
        }
    }
    if (want_version) {
        printf("pressdb %s (MariaDB 10.11 compatible)\n", PDB_VERSION);
        return 1;
    }
    if (want_help) {
        print_help();
        return 1;
    }
    return 0;
}

/* path relative to the datadir unless absolute. */
static void under_datadir(char *path, size_t cap)
{
    if (!path[0] || path[0] == '/')
        return;
    char tmp[SRV_PATH_MAX];
    if (!srv_join(tmp, sizeof tmp, srv_cfg.datadir, "/", path))
        opt_warn("path too long: '%s'", path);
    srv_copy(path, cap, tmp);
}

static void mirror(const char *name, const char *value)
{
    (void)pdb_set_global_default(name, value);
}

static void mirror_num(const char *name, uint64_t v)
{
    char b[32];
    snprintf(b, sizeof b, "%llu", (unsigned long long)v);
    mirror(name, b);
}

/* @@secure_file_priv: the one directory server-side files are read from and written to
 * (a private <datadir>/files unless given; '' allows any), absolute, ending in '/'. */
static void secure_file_dir(void)
{
    char *d = srv_cfg.secure_file_priv;
    if (!srv_cfg.secure_file_given) {
        srv_join(d, sizeof srv_cfg.secure_file_priv, srv_cfg.datadir, "/", "files");
        if (mkdir(d, 0700) && errno != EEXIST)
            opt_warn("cannot create the secure_file_priv directory '%s': %s", d, strerror(errno));
    }
    if (d[0]) {
        char real[PATH_MAX];
        if (realpath(d, real)) srv_copy(d, sizeof srv_cfg.secure_file_priv, real);
        size_t n = strlen(d);
        if (n + 1 < sizeof srv_cfg.secure_file_priv && d[n - 1] != '/') d[n] = '/', d[n + 1] = 0;
    }
    mirror("secure_file_priv", d);
}

void srv_options_finish(void)
{
    char host[256] = "pressdb";
    if (log_error_bare) {
        gethostname(host, sizeof host - 1);
        snprintf(srv_cfg.log_error, sizeof srv_cfg.log_error, "%s.err", host);
    }
    if (srv_cfg.log_error[0]) {
        /* mariadbd: a bare name gets ".err"; relative names live in the datadir. */
        const char *base = strrchr(srv_cfg.log_error, '/');
        base = base ? base + 1 : srv_cfg.log_error;
        if (!strchr(base, '.') && strlen(srv_cfg.log_error) + 4 < sizeof srv_cfg.log_error)
            strcat(srv_cfg.log_error, ".err");
        under_datadir(srv_cfg.log_error, sizeof srv_cfg.log_error);
    }
    under_datadir(srv_cfg.pid_file, sizeof srv_cfg.pid_file);
    if (!srv_cfg.socket_given)
        srv_join(srv_cfg.socket_path, sizeof srv_cfg.socket_path, srv_cfg.datadir, "/",
                 "pressdb.sock");

    mirror_num("port", (uint64_t)srv_cfg.port);
    mirror("bind_address", srv_cfg.bind_address);
    mirror("socket", srv_cfg.socket_path);
    char dd[SRV_PATH_MAX + 1];
    srv_join(dd, sizeof dd, srv_cfg.datadir, "/", "");   /* @@datadir ends with '/' */
    mirror("datadir", dd);
    secure_file_dir();
    mirror_num("max_connections", srv_cfg.max_connections);
    mirror_num("extra_port", (uint64_t)srv_cfg.extra_port);
    mirror_num("extra_max_connections", srv_cfg.extra_max_connections);
    mirror_num("max_allowed_packet", srv_cfg.max_allowed_packet);
    mirror_num("wait_timeout", srv_cfg.wait_timeout);
    mirror_num("interactive_timeout", srv_cfg.interactive_timeout);
    mirror_num("connect_timeout", srv_cfg.connect_timeout);
    mirror("require_secure_transport", srv_cfg.require_secure_transport ? "ON" : "OFF");
    mirror("ssl_cert", srv_cfg.ssl_cert);
    mirror("ssl_key", srv_cfg.ssl_key);
    mirror("log_error", srv_cfg.log_error);
    mirror("pid_file", srv_cfg.pid_file);
    mirror("pressdb_jit", srv_cfg.jit ? "ON" : "OFF");
    if (jit_min_rows >= 0) pdb_set_jit_min_rows((uint32_t)jit_min_rows);
}

void srv_options_log_warnings(void)
{
    for (int i = 0; i < nwarnings; i++) {
        srv_log(SRV_WARNING, 0, "%s", warnings[i]);
        free(warnings[i]);
    }
    nwarnings = 0;
}
