/* accounts.c - the account store: users, host patterns, password hashes, flags.
 *
 * The accounts live in memory (an array kept in match order) and in the text file
 * datadir/accounts, one account per line, tab separated:
 *
 *   user  host  plugin  native-hash(40 hex)  sha2-hash(64 hex)  flags
 *
 * flags is a comma separated list of "empty" (empty password), "super" and "locked"
 * (ACCOUNT LOCK), or "-". A
 * seventh field, when present, holds the global privileges (STOR_PRIV_* bits, hex);
 * without it "super" means ALL PRIVILEGES WITH GRANT OPTION and none otherwise.
 * An eighth field, when present, is the default role (SET DEFAULT ROLE); the flag "role"
 * marks a role (host empty, no password). Database and table grants are lines of their
 * own, after the accounts, and so are roles granted (to an account, or to a role: host
 * empty; admin 1 for WITH ADMIN OPTION):
 *
 *   \G  user  host  db  table  privileges(hex)
 *   \C  user  host  db  table  column  privileges(hex)
 *   \S  user  host  db  routine  P|F  grantor  privileges(hex)
 *   \R  user  host  role  admin
 *   \P  grant-tables
 *   \V  1
 *
 * The last, when present, says that mysql's grant tables were written since the last
 * FLUSH PRIVILEGES that read them (a restore of mariadb-dump --all-databases): the next
 * FLUSH PRIVILEGES, or the next start, makes them the accounts. \C lines are column
 * grants, \S lines routine grants (PROCEDURE or FUNCTION); a pressdb older than either
 * refuses the file, files without them load as before. \V 1 says the file was written by a
 * pressdb that keeps routine grants; a file with neither it nor a \S line is older, and
 * the engine gives its routines' definers the grants creating them gives now
 * (stor_accounts_need_routine_grants).
 *
 * (table empty for a database grant; no user field can start with a lone backslash).
 * In user and host, backslash, tab, newline and carriage return are escaped as
 * \\ \t \n \r; an empty field (the anonymous user, the empty host) is empty. Passwords
 * are never stored: only SHA1(SHA1(pw)) (mysql_native_password) and SHA256(SHA256(pw))
 * (caching_sha2_password), both always, so the plugin can change without a password.
 * Every change rewrites the whole file: temp file, fsync, rename, fsync of the
 * directory, so a crash leaves either the old or the new file.
 *
 * Matching follows MariaDB 10.11 (sql_acl.cc): a candidate is an account whose user is
 * the client's user or empty (anonymous) and whose host pattern matches the client's
 * host name (case-insensitively) or IP; among candidates the most specific host wins
 * (MariaDB's "magic sort": exact names, then patterns by how little they match, "%"
 * and "" last), and on equal hosts a named user beats the anonymous one. A host of the
 * form a.b.c.d/m.m.m.m matches IPv4 addresses under the netmask.
 */
#include "storage/storage.h"
#include "storage/accounts_internal.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <stdatomic.h>
#include <inttypes.h>

#include <openssl/crypto.h>
#include <openssl/sha.h>

#define ACC_FILE "accounts"
#define ACC_HOSTNAME_MAXLEN 255     /* MariaDB's HOSTNAME_LENGTH (sort weights) */

static pthread_rwlock_t acc_lock = PTHREAD_RWLOCK_INITIALIZER;
static stor_account *acc;           /* sorted in match order (see acc_sort) */
static size_t nacc, acc_cap;
static char acc_path[4096];         /* datadir/accounts; "" before stor_accounts_open */
static stor_grant *grants;          /* database and table grants, in the order given */
static size_t ngrants, grants_cap;
static stor_role_grant *rgrants;    /* roles granted, in the order given */
static size_t nrgrants;
static stor_col_grant *cgrants;     /* column grants, in the order given */
static size_t ncgrants;
static stor_proc_grant *pgrants;    /* routine grants, in the order given */
static size_t npgrants;
static _Atomic uint64_t grants_ver = 1;
static bool grant_tables_pending;   /* (see \P above) */
static int acc_version;             /* \V: 1 routine grants kept; 0 an older file */

static void set_privs(stor_account *a, uint64_t privs)
{
    a->privs = privs;
    a->is_super = (privs & STOR_PRIV_SUPER) != 0;
}

/* ---------------------------------------------------------------- hashing */

static void hash_password(const char *pw, stor_account *a)
{
    size_t n = pw ? strlen(pw) : 0;
    uint8_t s1[SHA256_DIGEST_LENGTH];
    SHA1((const unsigned char *)(pw ? pw : ""), n, s1);
    SHA1(s1, SHA_DIGEST_LENGTH, a->native_hash);
    SHA256((const unsigned char *)(pw ? pw : ""), n, s1);
    SHA256(s1, SHA256_DIGEST_LENGTH, a->sha2_hash);
    OPENSSL_cleanse(s1, sizeof s1);
    a->empty_password = n == 0;
}

/* ------------------------------------------------------- host patterns */

/* How specific a host pattern is: larger = more specific. MariaDB's ordering: count
 * literal characters N, '_' M and runs of '%' K; P is the literal prefix length. A
 * pattern without wildcards is the most specific; otherwise patterns compare by the
 * length of what '%' can absorb (L), its count and the '_' count. */
static uint64_t host_weight(const char *pat)
{
    unsigned n = 0, m = 0, k = 0, p = 0;
    for (size_t i = 0; pat[i]; i++) {
        if (pat[i] == '%') {
            if (!k && !m)
                p = n;
            k++;
            while (pat[i + 1] == '%')
                i++;
            continue;
        }
        if (pat[i] == '_') {
            if (!k && !m)
                p = n;
            m++;
            continue;
        }
        if (pat[i] == '\\' && pat[i + 1])
            i++;
        n++;
    }
    if (k > 31) k = 31;
    if (m > 31) m = 31;
    uint64_t maxlen = ACC_HOSTNAME_MAXLEN;
    uint64_t l = 0;
    if (k)
        l = n + m < maxlen ? maxlen - n - m : 0;
    uint64_t d = maxlen + 1, d1 = 32;
    uint64_t generic;                  /* larger = more generic */
    if (l > m)
        generic = (((l * 2 + 1) * d + k) * d1 + m) * d + p;
    else
        generic = (((uint64_t)m * 2 * d + l) * d1 + k) * d + p;
    return ~generic;
}

/* Account order: user (byte order), then more specific host, then host name
 * descending (so "localhost" precedes "127.0.0.1" and "::1", as in MariaDB). */
static int acc_cmp(const void *pa, const void *pb)
{
    const stor_account *a = pa, *b = pb;
    int r = strcmp(a->user, b->user);
    if (r)
        return r;
    uint64_t wa = host_weight(a->host), wb = host_weight(b->host);
    if (wa != wb)
        return wa > wb ? -1 : 1;
    return -strcmp(a->host, b->host);
}

static void acc_sort(void)
{
    if (nacc > 1)
        qsort(acc, nacc, sizeof *acc, acc_cmp);
}

/* LIKE-style match of s against pattern pat ('%', '_', '\' escape). */
static bool wild_match(const char *s, const char *pat, bool nocase)
{
    while (*pat) {
        if (*pat == '%') {
            while (*pat == '%')
                pat++;
            if (!*pat)
                return true;
            for (; *s; s++)
                if (wild_match(s, pat, nocase))
                    return true;
            return false;
        }
        if (!*s)
            return false;
        if (*pat == '_') {
            s++;
            pat++;
            continue;
        }
        if (*pat == '\\' && pat[1])
            pat++;
        char a = *s, b = *pat;
        if (nocase) {
            a = (char)tolower((unsigned char)a);
            b = (char)tolower((unsigned char)b);
        }
        if (a != b)
            return false;
        s++;
        pat++;
    }
    return *s == '\0';
}

/* "a.b.c.d/m.m.m.m": the netmask form. */
static bool host_netmask(const char *host, uint32_t *net, uint32_t *mask)
{
    const char *slash = strchr(host, '/');
    if (!slash || slash - host >= 16)
        return false;
    char a[16];
    memcpy(a, host, (size_t)(slash - host));
    a[slash - host] = '\0';
    struct in_addr ia, im;
    if (inet_pton(AF_INET, a, &ia) != 1 || inet_pton(AF_INET, slash + 1, &im) != 1)
        return false;
    *net = ntohl(ia.s_addr);
    *mask = ntohl(im.s_addr);
    return true;
}

static bool host_matches(const char *pat, const char *hostname, const char *ip)
{
    if (!pat[0])
        return true;                            /* '' = any host */
    uint32_t net, mask;
    if (ip && host_netmask(pat, &net, &mask)) {
        struct in_addr ia;
        if (inet_pton(AF_INET, ip, &ia) != 1)
            return false;
        return (ntohl(ia.s_addr) & mask) == net;
    }
    if (hostname && wild_match(hostname, pat, true))
        return true;
    if (ip && wild_match(ip, pat, false))
        return true;
    return false;
}

/* -------------------------------------------------------------- the file */

static void put_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '\\': fputs("\\\\", f); break;
        case '\t': fputs("\\t", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        default: fputc(*s, f); break;
        }
    }
}

static void put_hex(FILE *f, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02x", p[i]);
}

/* Writes the whole store. Caller holds the write lock. 0 or -1 with errno. */
/* [tag TAB] a TAB b TAB c TAB: a line's first fields, escaped */
static void put_fields(FILE *f, const char *tag, const char *a, const char *b, const char *c)
{
    if (tag) {
        fputs(tag, f);
        fputc('\t', f);
    }
    put_escaped(f, a);
    fputc('\t', f);
    put_escaped(f, b);
    fputc('\t', f);
    put_escaped(f, c);
    fputc('\t', f);
}

static int acc_save(void)
{
    char tmp[sizeof acc_path + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", acc_path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        int e = errno;
        close(fd);
        unlink(tmp);
        errno = e;
        return -1;
    }
    fputs("# pressdb accounts: user, host, plugin, SHA1(SHA1(pw)), SHA256(SHA256(pw)), flags\n", f);
    for (size_t i = 0; i < nacc; i++) {
        const stor_account *a = &acc[i];
        put_fields(f, NULL, a->user, a->host, a->plugin);
        put_hex(f, a->native_hash, sizeof a->native_hash);
        fputc('\t', f);
        put_hex(f, a->sha2_hash, sizeof a->sha2_hash);
        fputc('\t', f);
        const char *fl[4];
        int nfl = 0;
        if (a->empty_password) fl[nfl++] = "empty";
        if (a->is_super) fl[nfl++] = "super";
        if (a->is_role) fl[nfl++] = "role";
        if (a->locked) fl[nfl++] = "locked";
        for (int k = 0; k < nfl; k++) fprintf(f, "%s%s", k ? "," : "", fl[k]);
        if (!nfl)
            fputc('-', f);
        fprintf(f, "\t%" PRIx64, a->privs);
        if (a->default_role[0]) {
            fputc('\t', f);
            put_escaped(f, a->default_role);
        }
        fputc('\n', f);
    }
    for (size_t i = 0; i < ngrants; i++) {
        const stor_grant *g = &grants[i];
        put_fields(f, "\\G", g->user, g->host, g->db);
        put_escaped(f, g->table);
        fprintf(f, "\t%" PRIx64 "\n", g->privs);
    }
    for (size_t i = 0; i < ncgrants; i++) {
        const stor_col_grant *g = &cgrants[i];
        put_fields(f, "\\C", g->user, g->host, g->db);
        put_escaped(f, g->table);
        fputc('\t', f);
        put_escaped(f, g->column);
        fprintf(f, "\t%" PRIx64 "\n", g->privs);
    }
    for (size_t i = 0; i < npgrants; i++) {
        const stor_proc_grant *g = &pgrants[i];
        put_fields(f, "\\S", g->user, g->host, g->db);
        put_escaped(f, g->name);
        fprintf(f, "\t%c\t", g->function ? 'F' : 'P');
        put_escaped(f, g->grantor);
        fprintf(f, "\t%" PRIx64 "\n", g->privs);
    }
    for (size_t i = 0; i < nrgrants; i++) {
        const stor_role_grant *g = &rgrants[i];
        put_fields(f, "\\R", g->user, g->host, g->role);
        fprintf(f, "%d\n", g->admin ? 1 : 0);
    }
    if (grant_tables_pending) fputs("\\P\tgrant-tables\n", f);
    fputs("\\V\t1\n", f);
    int ok = fflush(f) == 0 && fsync(fd) == 0;
    int e = errno;
    if (fclose(f) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    if (!ok || rename(tmp, acc_path) != 0) {
        if (ok)
            e = errno;
        unlink(tmp);
        errno = e;
        return -1;
    }
    atomic_fetch_add(&grants_ver, 1);
    /* Make the rename durable. */
    char dir[sizeof acc_path];
    snprintf(dir, sizeof dir, "%s", acc_path);
    int dfd = open(dirname(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return 0;
}

/* Unescapes field into dst (cap bytes). false if it does not fit. */
static bool get_field(const char *src, size_t len, char *dst, size_t cap)
{
    size_t w = 0;
    for (size_t i = 0; i < len; i++) {
        char ch = src[i];
        if (ch == '\\' && i + 1 < len) {
            i++;
            switch (src[i]) {
            case 't': ch = '\t'; break;
            case 'n': ch = '\n'; break;
            case 'r': ch = '\r'; break;
            default: ch = src[i]; break;
            }
        }
        if (w + 1 >= cap)
            return false;
        dst[w++] = ch;
    }
    dst[w] = '\0';
    return true;
}

static bool get_hex(const char *src, size_t len, uint8_t *out, size_t n)
{
    if (len != 2 * n)
        return false;
    for (size_t i = 0; i < n; i++) {
        int v = 0;
        for (int j = 0; j < 2; j++) {
            char c = src[2 * i + j];
            int d = isdigit((unsigned char)c) ? c - '0'
                  : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                  : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
            if (d < 0)
                return false;
            v = v * 16 + d;
        }
        out[i] = (uint8_t)v;
    }
    return true;
}

static int acc_append(const stor_account *a)
{
    if (nacc == acc_cap) {
        size_t ncap = acc_cap ? acc_cap * 2 : 8;
        stor_account *na = stor_realloc(acc, ncap * sizeof *na);
        if (!na)
            return -1;
        acc = na;
        acc_cap = ncap;
    }
    acc[nacc++] = *a;
    return 0;
}

/* Splits a line at tabs into at most max fields; their count, or -1 when there are more. */
static int split_tabs(char *line, char **f, size_t *flen, int max)
{
    int nf = 0;
    char *p = line;
    for (;;) {
        char *t = strchr(p, '\t');
        if (nf == max)
            return -1;
        f[nf] = p;
        flen[nf] = t ? (size_t)(t - p) : strlen(p);
        nf++;
        if (!t)
            return nf;
        p = t + 1;
    }
}

/* Parses one line; false when malformed. */
static bool parse_line(char *line, stor_account *a)
{
    char *f[8];
    size_t flen[8];
    int nf = split_tabs(line, f, flen, 8);
    if (nf < 6)
        return false;
    memset(a, 0, sizeof *a);
    if (!get_field(f[0], flen[0], a->user, sizeof a->user) ||
        !get_field(f[1], flen[1], a->host, sizeof a->host) ||
        !get_field(f[2], flen[2], a->plugin, sizeof a->plugin) ||
        !get_hex(f[3], flen[3], a->native_hash, sizeof a->native_hash) ||
        !get_hex(f[4], flen[4], a->sha2_hash, sizeof a->sha2_hash))
        return false;
    char flags[64];
    if (!get_field(f[5], flen[5], flags, sizeof flags))
        return false;
    char *save = NULL;
    for (char *t = strtok_r(flags, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (!strcmp(t, "empty"))
            a->empty_password = true;
        else if (!strcmp(t, "super"))
            a->is_super = true;
        else if (!strcmp(t, "role"))
            a->is_role = true;
        else if (!strcmp(t, "locked"))
            a->locked = true;
    }
    if (nf == 8 && !get_field(f[7], flen[7], a->default_role, sizeof a->default_role))
        return false;
    uint64_t privs = a->is_super ? STOR_PRIV_ALL_GLOBAL | STOR_PRIV_GRANT : 0;
    if (nf >= 7) {
        char hex[32], *end;
        if (!get_field(f[6], flen[6], hex, sizeof hex))
            return false;
        privs = strtoull(hex, &end, 16);
        if (*end)
            return false;
    }
    set_privs(a, privs);
    return true;
}

/* "\G user host db table privs": a database or table grant. */
static bool parse_grant(char *line, stor_grant *g)
{
    char *f[6];
    size_t flen[6];
    int nf = split_tabs(line, f, flen, 6);
    if (nf != 6)
        return false;
    memset(g, 0, sizeof *g);
    char hex[32], *end;
    if (!get_field(f[1], flen[1], g->user, sizeof g->user) ||
        !get_field(f[2], flen[2], g->host, sizeof g->host) ||
        !get_field(f[3], flen[3], g->db, sizeof g->db) ||
        !get_field(f[4], flen[4], g->table, sizeof g->table) ||
        !get_field(f[5], flen[5], hex, sizeof hex))
        return false;
    g->privs = strtoull(hex, &end, 16);
    return *end == 0;
}

static int grant_append(const stor_grant *g)
{
    if (ngrants == grants_cap) {
        size_t ncap = grants_cap ? grants_cap * 2 : 8;
        stor_grant *ng = stor_realloc(grants, ncap * sizeof *ng);
        if (!ng)
            return -1;
        grants = ng;
        grants_cap = ncap;
    }
    grants[ngrants++] = *g;
    return 0;
}

/* "\C user host db table column privs": a column grant. */
static bool parse_col_grant(char *line, stor_col_grant *g)
{
    char *f[7];
    size_t flen[7];
    if (split_tabs(line, f, flen, 7) != 7)
        return false;
    memset(g, 0, sizeof *g);
    char hex[32], *end;
    if (!get_field(f[1], flen[1], g->user, sizeof g->user) ||
        !get_field(f[2], flen[2], g->host, sizeof g->host) ||
        !get_field(f[3], flen[3], g->db, sizeof g->db) ||
        !get_field(f[4], flen[4], g->table, sizeof g->table) ||
        !get_field(f[5], flen[5], g->column, sizeof g->column) ||
        !get_field(f[6], flen[6], hex, sizeof hex))
        return false;
    g->privs = strtoull(hex, &end, 16);
    return *end == 0 && !(g->privs & ~STOR_PRIV_COLUMN);   /* (only column privileges: never a table's) */
}

static int cgrant_append(const stor_col_grant *g)
{
    stor_col_grant *n = stor_realloc(cgrants, (ncgrants + 1) * sizeof *n);
    if (!n)
        return -1;
    cgrants = n;
    cgrants[ncgrants++] = *g;
    return 0;
}

/* "\S user host db routine P|F grantor privs": a routine grant. */
static bool parse_proc_grant(char *line, stor_proc_grant *g)
{
    char *f[8];
    size_t flen[8];
    if (split_tabs(line, f, flen, 8) != 8 || flen[5] != 1 || (f[5][0] != 'P' && f[5][0] != 'F'))
        return false;
    memset(g, 0, sizeof *g);
    char hex[32], *end;
    if (!get_field(f[1], flen[1], g->user, sizeof g->user) ||
        !get_field(f[2], flen[2], g->host, sizeof g->host) ||
        !get_field(f[3], flen[3], g->db, sizeof g->db) ||
        !get_field(f[4], flen[4], g->name, sizeof g->name) ||
        !get_field(f[6], flen[6], g->grantor, sizeof g->grantor) ||
        !get_field(f[7], flen[7], hex, sizeof hex))
        return false;
    g->function = f[5][0] == 'F';
    g->privs = strtoull(hex, &end, 16);
    return *end == 0;
}

static int pgrant_append(const stor_proc_grant *g)
{
    stor_proc_grant *n = stor_realloc(pgrants, (npgrants + 1) * sizeof *n);
    if (!n)
        return -1;
    pgrants = n;
    pgrants[npgrants++] = *g;
    return 0;
}

/* "\R user host role admin": a role granted. */
static bool parse_role_grant(char *line, stor_role_grant *g)
{
    char *f[5];
    size_t flen[5];
    if (split_tabs(line, f, flen, 5) != 5)
        return false;
    memset(g, 0, sizeof *g);
    if (!get_field(f[1], flen[1], g->user, sizeof g->user) ||
        !get_field(f[2], flen[2], g->host, sizeof g->host) ||
        !get_field(f[3], flen[3], g->role, sizeof g->role) ||
        flen[4] != 1 || (f[4][0] != '0' && f[4][0] != '1'))
        return false;
    g->admin = f[4][0] == '1';
    return true;
}

static int rgrant_append(const stor_role_grant *g)
{
    stor_role_grant *n = stor_realloc(rgrants, (nrgrants + 1) * sizeof *n);
    if (!n)
        return -1;
    rgrants = n;
    rgrants[nrgrants++] = *g;
    return 0;
}

/* A "\\G" (grant), "\\C" (column grant), "\\S" (routine grant), "\\R" (role grant) or
 * "\\P" (pending) line, taken: 1; 0 when the line is an account's; -1 when malformed or
 * out of memory. */
static int load_tagged(char *line)
{
    if (line[0] != '\\' || !strchr("GCSRPV", line[1]) || !line[1] || line[2] != '\t')
        return 0;
    if (line[1] == 'V') {
        acc_version = atoi(line + 3);
        return acc_version >= 1 ? 1 : -1;
    }
    if (line[1] == 'S') {
        stor_proc_grant g;
        return parse_proc_grant(line, &g) && !pgrant_append(&g) ? 1 : -1;
    }
    if (line[1] == 'C') {
        stor_col_grant c;
        return parse_col_grant(line, &c) && !cgrant_append(&c) ? 1 : -1;
    }
    if (line[1] == 'P') {
        grant_tables_pending = true;
        return 1;
    }
    if (line[1] == 'G') {
        stor_grant g;
        return parse_grant(line, &g) && !grant_append(&g) ? 1 : -1;
    }
    stor_role_grant r;
    return parse_role_grant(line, &r) && !rgrant_append(&r) ? 1 : -1;
}

static int acc_load(FILE *f, char *err, size_t errlen)
{
    char line[8192];   /* (a grant line: names of 64 characters of 4 bytes, escaped) */
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t n = strlen(line);
        if (n && line[n - 1] != '\n' && !feof(f)) {
            snprintf(err, errlen, "%s:%d: line too long", acc_path, lineno);
            return -1;
        }
        while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (!n || line[0] == '#')
            continue;
        int tagged = load_tagged(line);
        if (tagged < 0) {
            snprintf(err, errlen, "%s:%d: malformed %s line", acc_path, lineno, line[1] == 'G' ? "grant" : line[1] == 'C' ? "column grant" :
                     line[1] == 'S' ? "routine grant" : line[1] == 'V' ? "version" : "role");
            return -1;
        }
        if (tagged)
            continue;
        stor_account a;
        if (!parse_line(line, &a)) {
            snprintf(err, errlen, "%s:%d: malformed account line", acc_path, lineno);
            return -1;
        }
        if (acc_append(&a)) {
            snprintf(err, errlen, "out of memory loading accounts");
            return -1;
        }
    }
    if (ferror(f)) {
        snprintf(err, errlen, "%s: read error: %s", acc_path, strerror(errno));
        return -1;
    }
    acc_sort();
    return 0;
}

/* ------------------------------------------------------------ public */

int stor_accounts_open(const char *datadir, const char *root_password, int *created,
                       char *err, size_t errlen)
{
    if (created)
        *created = 0;
    pthread_rwlock_wrlock(&acc_lock);
    nacc = 0;
    ngrants = 0;
    nrgrants = 0;
    ncgrants = 0;
    npgrants = 0;
    grant_tables_pending = false;
    acc_version = 0;
    if ((size_t)snprintf(acc_path, sizeof acc_path, "%s/%s", datadir, ACC_FILE) >= sizeof acc_path) {
        snprintf(err, errlen, "datadir path too long");
        acc_path[0] = '\0';
        pthread_rwlock_unlock(&acc_lock);
        return -1;
    }
    int rc = 0;
    FILE *f = fopen(acc_path, "r");
    if (f) {
        rc = acc_load(f, err, errlen);
        fclose(f);
        if (rc)
            nacc = 0;
    } else if (errno == ENOENT) {
        /* A fresh datadir: root@localhost, as mariadb-install-db creates it. */
        stor_account a;
        memset(&a, 0, sizeof a);
        snprintf(a.user, sizeof a.user, "root");
        snprintf(a.host, sizeof a.host, "localhost");
        snprintf(a.plugin, sizeof a.plugin, "mysql_native_password");
        hash_password(root_password, &a);
        set_privs(&a, STOR_PRIV_ALL_GLOBAL | STOR_PRIV_GRANT);
        acc_version = 1;
        if (acc_append(&a) || acc_save()) {
            snprintf(err, errlen, "could not create '%s': %s", acc_path, strerror(errno));
            nacc = 0;
            rc = -1;
        } else if (created) {
            *created = 1;
        }
        OPENSSL_cleanse(&a, sizeof a);
    } else {
        snprintf(err, errlen, "could not open '%s': %s", acc_path, strerror(errno));
        rc = -1;
    }
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

void stor_accounts_close(void)
{
    pthread_rwlock_wrlock(&acc_lock);
    if (acc)
        OPENSSL_cleanse(acc, acc_cap * sizeof *acc);
    stor_free(acc);
    acc = NULL;
    nacc = acc_cap = 0;
    stor_free(grants);
    grants = NULL;
    ngrants = grants_cap = 0;
    stor_free(rgrants);
    rgrants = NULL;
    nrgrants = 0;
    stor_free(cgrants);
    cgrants = NULL;
    ncgrants = 0;
    stor_free(pgrants);
    pgrants = NULL;
    npgrants = 0;
    pthread_rwlock_unlock(&acc_lock);
}

int stor_account_match_host(const char *user, const char *hostname, const char *ip,
                            stor_account *out)
{
    if (!user)
        return -1;
    pthread_rwlock_rdlock(&acc_lock);
    const stor_account *best = NULL;
    uint64_t best_w = 0;
    /* Accounts are sorted by user, then specificity: the first match per user wins. */
    for (size_t i = 0; i < nacc; i++) {
        const stor_account *a = &acc[i];
        if (strcmp(a->user, user) != 0 || a->is_role)
            continue;
        if (host_matches(a->host, hostname, ip)) {
            best = a;
            best_w = host_weight(a->host);
            break;
        }
    }
    if (user[0]) {
        for (size_t i = 0; i < nacc; i++) {
            const stor_account *a = &acc[i];
            if (a->user[0])
                break;                  /* anonymous accounts sort first */
            if (!host_matches(a->host, hostname, ip))
                continue;
            if (!best || host_weight(a->host) > best_w)
                best = a;
            break;
        }
    }
    int rc = -1;
    if (best) {
        *out = *best;
        rc = 0;
    }
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

int stor_account_match(const char *user, const char *client_host, stor_account *out)
{
    if (!client_host)
        return -1;
    struct in6_addr tmp;
    bool is_ip = inet_pton(AF_INET, client_host, &tmp) == 1 ||
                 inet_pton(AF_INET6, client_host, &tmp) == 1;
    if (is_ip)
        return stor_account_match_host(user, NULL, client_host, out);
    return stor_account_match_host(user, client_host, NULL, out);
}

/* Index of user@host (exact; host case-insensitive) or -1. Caller holds a lock. */
static long find_exact(const char *user, const char *host)
{
    for (size_t i = 0; i < nacc; i++)
        if (!strcmp(acc[i].user, user) && !strcasecmp(acc[i].host, host))
            return (long)i;
    return -1;
}

int stor_account_get(const char *user, const char *host, stor_account *out)
{
    pthread_rwlock_rdlock(&acc_lock);
    long i = find_exact(user, host);
    if (i >= 0)
        *out = acc[i];
    pthread_rwlock_unlock(&acc_lock);
    return i >= 0 ? 0 : -1;
}

static bool plugin_ok(const char *p)
{
    return !strcmp(p, "mysql_native_password") || !strcmp(p, "caching_sha2_password");
}

static void lower(char *s)
{
    for (; *s; s++)
        *s = (char)tolower((unsigned char)*s);
}

/* Saves, or restores *saved (of the account at index i, or removes the appended one
 * when i < 0) on failure. Caller holds the write lock. */
static int commit_or_undo(long i, const stor_account *saved, bool appended)
{
    if (acc_save() == 0) {
        acc_sort();
        return STOR_ACC_OK;
    }
    if (appended)
        nacc--;
    else if (i >= 0)
        acc[i] = *saved;
    return STOR_ACC_EIO;
}

int stor_account_put(const stor_account *in, bool replace)
{
    stor_account a = *in;
    lower(a.host);
    if (!a.is_role && !plugin_ok(a.plugin))
        return STOR_ACC_EINVAL;
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(a.user, a.host);
    int rc;
    if (i >= 0) {
        if (!replace) {
            rc = STOR_ACC_EXISTS;
        } else {
            stor_account saved = acc[i];
            acc[i] = a;
            rc = commit_or_undo(i, &saved, false);
        }
    } else if (acc_append(&a)) {
        rc = STOR_ACC_EIO;
    } else {
        rc = commit_or_undo(-1, NULL, true);
    }
    pthread_rwlock_unlock(&acc_lock);
    OPENSSL_cleanse(&a, sizeof a);
    return rc;
}

int stor_account_create(const char *user, const char *host, const char *plugin,
                        const char *password, bool is_super, bool replace)
{
    stor_account a;
    memset(&a, 0, sizeof a);
    if (!user || !host || strlen(user) >= sizeof a.user || strlen(host) >= sizeof a.host)
        return STOR_ACC_EINVAL;
    if (!plugin)
        plugin = "mysql_native_password";
    if (strlen(plugin) >= sizeof a.plugin)
        return STOR_ACC_EINVAL;
    strcpy(a.user, user);
    strcpy(a.host, host);
    strcpy(a.plugin, plugin);
    hash_password(password, &a);
    set_privs(&a, is_super ? STOR_PRIV_ALL_GLOBAL | STOR_PRIV_GRANT : 0);
    int rc = stor_account_put(&a, replace);
    OPENSSL_cleanse(&a, sizeof a);
    return rc;
}



/* The role, column and routine grants as they were, put back when the file cannot be
 * written. */
typedef struct saved_vec { void *v; size_t n; } saved_vec;
typedef struct grants_saved { saved_vec rg, cg, pg; } grants_saved;

static bool vec_save(saved_vec *sv, const void *src, size_t n, size_t elt)
{
    sv->n = n;
    sv->v = n ? stor_malloc(n * elt) : NULL;
    if (sv->v)
        memcpy(sv->v, src, n * elt);
    return !n || sv->v;
}

static void vec_end(saved_vec *sv, void *dst, size_t *n, size_t elt, bool restore)
{
    if (restore) {
        if (sv->n)
            memcpy(dst, sv->v, sv->n * elt);
        *n = sv->n;
    }
    stor_free(sv->v);
    sv->v = NULL;
}

static void grants_end(grants_saved *g, bool restore)
{
    vec_end(&g->rg, rgrants, &nrgrants, sizeof *rgrants, restore);
    vec_end(&g->cg, cgrants, &ncgrants, sizeof *cgrants, restore);
    vec_end(&g->pg, pgrants, &npgrants, sizeof *pgrants, restore);
}

static bool grants_save(grants_saved *g)
{
    memset(g, 0, sizeof *g);
    if (vec_save(&g->rg, rgrants, nrgrants, sizeof *rgrants) && vec_save(&g->cg, cgrants, ncgrants, sizeof *cgrants) &&
        vec_save(&g->pg, pgrants, npgrants, sizeof *pgrants))
        return true;
    grants_end(g, false);
    return false;
}

/* The column grants of user@host move to new_user@new_host, or go (new_user NULL). */
static void cg_rekey(const char *user, const char *host, const char *new_user, const char *new_host)
{
    size_t w = 0;
    for (size_t k = 0; k < ncgrants; k++) {
        stor_col_grant *g = &cgrants[k];
        bool its = !strcmp(g->user, user) && !strcasecmp(g->host, host);
        if (its && !new_user)
            continue;
        if (its) {
            snprintf(g->user, sizeof g->user, "%s", new_user);
            snprintf(g->host, sizeof g->host, "%s", new_host);
        }
        cgrants[w++] = *g;
    }
    ncgrants = w;
}


/* The routine grants of user@host move to new_user@new_host, or go (new_user NULL). */
static void pg_rekey(const char *user, const char *host, const char *new_user, const char *new_host)
{
    size_t w = 0;
    for (size_t k = 0; k < npgrants; k++) {
        stor_proc_grant *g = &pgrants[k];
        bool its = !strcmp(g->user, user) && !strcasecmp(g->host, host);
        if (its && !new_user)
            continue;
        if (its) {
            snprintf(g->user, sizeof g->user, "%s", new_user);
            snprintf(g->host, sizeof g->host, "%s", new_host);
        }
        pgrants[w++] = *g;
    }
    npgrants = w;
}

/* Drops the role grants to user@host, and of it when it is a role. */
static void rg_drop_account(const char *user, const char *host, bool is_role)
{
    size_t w = 0;
    for (size_t k = 0; k < nrgrants; k++) {
        const stor_role_grant *g = &rgrants[k];
        bool to_it = !strcmp(g->user, user) && !strcasecmp(g->host, host);
        if (to_it || (is_role && !strcmp(g->role, user)))
            continue;
        rgrants[w++] = *g;
    }
    nrgrants = w;
}

int stor_account_drop(const char *user, const char *host)
{
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(user, host);
    int rc = STOR_ACC_NOTFOUND;
    grants_saved gs;
    if (i >= 0 && !grants_save(&gs))
        i = -1, rc = STOR_ACC_EIO;
    if (i >= 0) {
        stor_account saved = acc[i];
        rg_drop_account(user, host, saved.is_role);
        cg_rekey(user, host, NULL, NULL);
        pg_rekey(user, host, NULL, NULL);
        memmove(&acc[i], &acc[i + 1], (nacc - (size_t)i - 1) * sizeof *acc);
        nacc--;
        /* its grants go with it (kept aside until the file says so) */
        size_t ng = ngrants, w = 0;
        stor_grant *keep = ng ? stor_malloc(ng * sizeof *keep) : NULL;
        if (ng && keep)
            memcpy(keep, grants, ng * sizeof *keep);
        for (size_t k = 0; k < ngrants; k++)
            if (strcmp(grants[k].user, user) || strcasecmp(grants[k].host, host))
                grants[w++] = grants[k];
        ngrants = w;
        if (acc_save() == 0) {
            rc = STOR_ACC_OK;
            stor_free(keep);
            grants_end(&gs, false);
        } else {
            grants_end(&gs, true);
            if (keep) {
                memcpy(grants, keep, ng * sizeof *keep);
                ngrants = ng;
                stor_free(keep);
            }
            /* put it back where it was */
            memmove(&acc[i + 1], &acc[i], (nacc - (size_t)i) * sizeof *acc);
            acc[i] = saved;
            nacc++;
            rc = STOR_ACC_EIO;
        }
        OPENSSL_cleanse(&saved, sizeof saved);
    }
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

int stor_account_set_password(const char *user, const char *host, const char *plugin,
                              const char *password)
{
    if (plugin && !plugin_ok(plugin))
        return STOR_ACC_EINVAL;
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(user, host);
    int rc = STOR_ACC_NOTFOUND;
    if (i >= 0) {
        stor_account saved = acc[i];
        if (plugin)
            snprintf(acc[i].plugin, sizeof acc[i].plugin, "%s", plugin);
        hash_password(password, &acc[i]);
        rc = commit_or_undo(i, &saved, false);
        OPENSSL_cleanse(&saved, sizeof saved);
    }
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

int stor_account_set_super(const char *user, const char *host, bool is_super)
{
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(user, host);
    int rc = STOR_ACC_NOTFOUND;
    if (i >= 0) {
        stor_account saved = acc[i];
        set_privs(&acc[i], is_super ? STOR_PRIV_ALL_GLOBAL | STOR_PRIV_GRANT : 0);
        rc = commit_or_undo(i, &saved, false);
    }
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

int stor_account_rename(const char *user, const char *host, const char *new_user,
                        const char *new_host)
{
    stor_account probe;
    if (strlen(new_user) >= sizeof probe.user || strlen(new_host) >= sizeof probe.host)
        return STOR_ACC_EINVAL;
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(user, host);
    int rc = STOR_ACC_NOTFOUND;
    if (i >= 0) {
        long j = find_exact(new_user, new_host);
        if (j >= 0) {   /* (itself too: MariaDB refuses a rename onto an existing name) */
            rc = STOR_ACC_EXISTS;
        } else {
            stor_account saved = acc[i];
            strcpy(acc[i].user, new_user);
            strcpy(acc[i].host, new_host);
            lower(acc[i].host);
            for (size_t k = 0; k < ngrants; k++)
                if (!strcmp(grants[k].user, user) && !strcasecmp(grants[k].host, host)) {
                    strcpy(grants[k].user, new_user);
                    strcpy(grants[k].host, acc[i].host);
                }
            grants_saved gs;
            bool rsok = grants_save(&gs);
            if (rsok) {
                cg_rekey(user, host, new_user, acc[i].host);
                pg_rekey(user, host, new_user, acc[i].host);
            }
            for (size_t k = 0; rsok && k < nrgrants; k++)
                if (!strcmp(rgrants[k].user, user) && !strcasecmp(rgrants[k].host, host)) {
                    strcpy(rgrants[k].user, new_user);
                    strcpy(rgrants[k].host, acc[i].host);
                }
            rc = rsok ? commit_or_undo(i, &saved, false) : STOR_ACC_EIO;
            if (rsok)
                grants_end(&gs, rc != STOR_ACC_OK);
            else
                acc[i] = saved;
            if (rc != STOR_ACC_OK)
                for (size_t k = 0; k < ngrants; k++)
                    if (!strcmp(grants[k].user, new_user) && !strcasecmp(grants[k].host, new_host)) {
                        strcpy(grants[k].user, user);
                        strcpy(grants[k].host, host);
                    }
        }
    }
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

stor_account *stor_account_list(size_t *n)
{
    pthread_rwlock_rdlock(&acc_lock);
    stor_account *copy = NULL;
    *n = 0;
    if (nacc) {
        copy = malloc(nacc * sizeof *copy);
        if (copy) {
            memcpy(copy, acc, nacc * sizeof *copy);
            *n = nacc;
        }
    }
    pthread_rwlock_unlock(&acc_lock);
    return copy;
}

/* ------------------------------------------------------------ grants */

static long find_grant(const char *user, const char *host, const char *db, const char *table)
{
    for (size_t i = 0; i < ngrants; i++)
        if (!strcmp(grants[i].user, user) && !strcasecmp(grants[i].host, host) &&
            !strcmp(grants[i].db, db) && !strcmp(grants[i].table, table))
            return (long)i;
    return -1;
}

int stor_grant_update(const char *user, const char *host, const char *db, const char *table,
                      uint64_t add, uint64_t remove)
{
    stor_grant probe;
    if (db && (strlen(db) >= sizeof probe.db || (table && strlen(table) >= sizeof probe.table)))
        return STOR_ACC_EINVAL;
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(user, host);
    int rc = STOR_ACC_NOTFOUND;
    if (i < 0)
        goto out;
    if (!db) {   /* global: the account's own bits */
        stor_account saved = acc[i];
        set_privs(&acc[i], (acc[i].privs | add) & ~remove);
        rc = commit_or_undo(i, &saved, false);
        goto out;
    }
    if (!table)
        table = "";
    long g = find_grant(user, host, db, table);
    if (g < 0 && !add) {
        rc = STOR_ACC_NOGRANT;
        goto out;
    }
    stor_grant saved;
    bool appended = false;
    if (g < 0) {
        memset(&probe, 0, sizeof probe);
        snprintf(probe.user, sizeof probe.user, "%s", acc[i].user);
        snprintf(probe.host, sizeof probe.host, "%s", acc[i].host);
        snprintf(probe.db, sizeof probe.db, "%s", db);
        snprintf(probe.table, sizeof probe.table, "%s", table);
        if (grant_append(&probe)) {
            rc = STOR_ACC_EIO;
            goto out;
        }
        g = (long)ngrants - 1;
        appended = true;
    }
    saved = grants[g];
    grants[g].privs = (grants[g].privs | add) & ~remove;
    bool removed = false;
    if (!grants[g].privs) {
        memmove(&grants[g], &grants[g + 1], (ngrants - (size_t)g - 1) * sizeof *grants);
        ngrants--;
        removed = true;
    }
    if (acc_save() == 0) {
        rc = STOR_ACC_OK;
    } else {
        rc = STOR_ACC_EIO;
        if (removed) {
            if (!appended) {
                memmove(&grants[g + 1], &grants[g], (ngrants - (size_t)g) * sizeof *grants);
                grants[g] = saved;
                ngrants++;
            }
        } else if (appended) {
            ngrants--;
        } else {
            grants[g] = saved;
        }
    }
out:
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

int stor_grant_revoke_all(const char *user, const char *host)
{
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(user, host);
    int rc = STOR_ACC_NOTFOUND;
    if (i >= 0) {
        stor_account saved = acc[i];
        size_t ng = ngrants, w = 0;
        stor_grant *keep = ng ? stor_malloc(ng * sizeof *keep) : NULL;
        if (ng && !keep) {
            rc = STOR_ACC_EIO;
            goto out;
        }
        grants_saved gs;
        if (!grants_save(&gs)) {
            stor_free(keep);
            rc = STOR_ACC_EIO;
            goto out;
        }
        if (ng)
            memcpy(keep, grants, ng * sizeof *keep);
        for (size_t k = 0; k < ngrants; k++)
            if (strcmp(grants[k].user, user) || strcasecmp(grants[k].host, host))
                grants[w++] = grants[k];
        ngrants = w;
        cg_rekey(user, host, NULL, NULL);
        pg_rekey(user, host, NULL, NULL);
        set_privs(&acc[i], 0);
        rc = commit_or_undo(i, &saved, false);
        grants_end(&gs, rc != STOR_ACC_OK);
        if (rc != STOR_ACC_OK && ng) {
            memcpy(grants, keep, ng * sizeof *keep);
            ngrants = ng;
        }
        stor_free(keep);
    }
out:
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

stor_grant *stor_grant_list(const char *user, const char *host, size_t *n)
{
    pthread_rwlock_rdlock(&acc_lock);
    stor_grant *out = NULL;
    size_t k = 0;
    for (size_t i = 0; i < ngrants; i++) {
        if (strcmp(grants[i].user, user) || strcasecmp(grants[i].host, host))
            continue;
        if (!out) {
            out = malloc((ngrants - i) * sizeof *out);
            if (!out)
                break;
        }
        out[k++] = grants[i];
    }
    pthread_rwlock_unlock(&acc_lock);
    *n = k;
    return out;
}

/* ------------------------------------------------------------ column grants */

static long find_col_grant(const char *user, const char *host, const char *db, const char *table,
                           const char *column)
{
    for (size_t i = 0; i < ncgrants; i++) {
        const stor_col_grant *g = &cgrants[i];
        if (!strcmp(g->user, user) && !strcasecmp(g->host, host) && !strcmp(g->db, db) &&
            !strcmp(g->table, table) && !strcasecmp(g->column, column))
            return (long)i;
    }
    return -1;
}

/* One column's change (caller holds the write lock, acc[i] the account). -1 when a
 * revoked column has no grant or memory runs out. */
static int col_change(long i, const char *db, const char *table, const char *col, uint64_t add,
                      uint64_t remove)
{
    long g = find_col_grant(acc[i].user, acc[i].host, db, table, col);
    if (g < 0) {
        if (!add)
            return -1;
        stor_col_grant n;
        memset(&n, 0, sizeof n);
        snprintf(n.user, sizeof n.user, "%s", acc[i].user);
        snprintf(n.host, sizeof n.host, "%s", acc[i].host);
        snprintf(n.db, sizeof n.db, "%s", db);
        snprintf(n.table, sizeof n.table, "%s", table);
        snprintf(n.column, sizeof n.column, "%s", col);
        if (cgrant_append(&n))
            return -1;
        g = (long)ncgrants - 1;
    }
    cgrants[g].privs = (cgrants[g].privs | add) & ~remove;
    if (!cgrants[g].privs) {
        memmove(&cgrants[g], &cgrants[g + 1], (ncgrants - (size_t)g - 1) * sizeof *cgrants);
        ncgrants--;
    }
    return 0;
}

int stor_col_grant_update(const char *user, const char *host, const char *db, const char *table,
                          const char *const *cols, int ncols, uint64_t add, uint64_t remove)
{
    stor_col_grant probe;
    if (strlen(db) >= sizeof probe.db || strlen(table) >= sizeof probe.table)
        return STOR_ACC_EINVAL;
    for (int k = 0; k < ncols; k++)
        if (strlen(cols[k]) >= sizeof probe.column)
            return STOR_ACC_EINVAL;
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(user, host);
    int rc = STOR_ACC_NOTFOUND;
    grants_saved cs;
    if (i < 0)
        goto out;
    rc = STOR_ACC_EIO;
    if (!grants_save(&cs))
        goto out;
    rc = STOR_ACC_OK;
    /* (a revoke takes what it can and then says what was missing, as MariaDB's does) */
    bool missing = false;
    for (int k = 0; k < ncols && rc == STOR_ACC_OK; k++)
        if (col_change(i, db, table, cols[k], add, remove)) {
            if (add) rc = STOR_ACC_EIO;
            else missing = true;
        }
    if (rc == STOR_ACC_OK && acc_save() != 0)
        rc = STOR_ACC_EIO;
    grants_end(&cs, rc != STOR_ACC_OK);
    if (rc == STOR_ACC_OK && missing)
        rc = STOR_ACC_NOGRANT;
out:
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

stor_col_grant *stor_col_grant_list(const char *user, const char *host, size_t *n)
{
    pthread_rwlock_rdlock(&acc_lock);
    stor_col_grant *out = NULL;
    size_t k = 0;
    for (size_t i = 0; i < ncgrants; i++) {
        if (user && (strcmp(cgrants[i].user, user) || strcasecmp(cgrants[i].host, host)))
            continue;
        if (!out) {
            out = malloc((ncgrants - i) * sizeof *out);
            if (!out)
                break;
        }
        out[k++] = cgrants[i];
    }
    pthread_rwlock_unlock(&acc_lock);
    *n = k;
    return out;
}

bool stor_col_grant_any(const char *user, const char *host, const char *db, const char *table)
{
    pthread_rwlock_rdlock(&acc_lock);
    bool any = false;
    for (size_t i = 0; i < ncgrants && !any; i++)
        any = !strcmp(cgrants[i].user, user) && !strcasecmp(cgrants[i].host, host) &&
              !strcmp(cgrants[i].db, db) && !strcmp(cgrants[i].table, table);
    pthread_rwlock_unlock(&acc_lock);
    return any;
}

/* ------------------------------------------------------------ routine grants */

static long find_proc_grant(const char *user, const char *host, const char *db, const char *name, bool function)
{
    for (size_t i = 0; i < npgrants; i++) {
        const stor_proc_grant *g = &pgrants[i];
        if (!strcmp(g->user, user) && !strcasecmp(g->host, host) && !strcmp(g->db, db) &&
            !strcasecmp(g->name, name) && g->function == function)
            return (long)i;
    }
    return -1;
}

static void pgrant_remove(size_t g)
{
    memmove(&pgrants[g], &pgrants[g + 1], (npgrants - g - 1) * sizeof *pgrants);
    npgrants--;
}

/* The change to acc[i]'s grant (caller holds the write lock and saved the grants). */
static int proc_change(long i, const char *db, const char *name, bool function, const char *grantor,
                       uint64_t add, uint64_t remove)
{
    long g = find_proc_grant(acc[i].user, acc[i].host, db, name, function);
    if (remove && (g < 0 || !pgrants[g].privs))
        return STOR_ACC_NOGRANT;
    if (g < 0) {
        stor_proc_grant n;
        memset(&n, 0, sizeof n);
        snprintf(n.user, sizeof n.user, "%s", acc[i].user);
        snprintf(n.host, sizeof n.host, "%s", acc[i].host);
        snprintf(n.db, sizeof n.db, "%s", db);
        snprintf(n.name, sizeof n.name, "%s", name);
        n.function = function;
        if (pgrant_append(&n))
            return STOR_ACC_EIO;
        g = (long)npgrants - 1;
    }
    if (!remove && grantor)   /* (MariaDB writes the Grantor of the last GRANT) */
        snprintf(pgrants[g].grantor, sizeof pgrants[g].grantor, "%s", grantor);
    pgrants[g].privs = (pgrants[g].privs | add) & ~remove;
    if (remove && !pgrants[g].privs)
        pgrant_remove((size_t)g);
    return STOR_ACC_OK;
}

int stor_proc_grant_update(const char *user, const char *host, const char *db, const char *name,
                           bool function, const char *grantor, uint64_t add, uint64_t remove)
{
    stor_proc_grant probe;
    if (strlen(db) >= sizeof probe.db || strlen(name) >= sizeof probe.name)
        return STOR_ACC_EINVAL;
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(user, host);
    int rc = STOR_ACC_NOTFOUND;
    grants_saved ps;
    if (i < 0)
        goto out;
    rc = STOR_ACC_EIO;
    if (!grants_save(&ps))
        goto out;
    rc = proc_change(i, db, name, function, grantor, add, remove);
    if (rc == STOR_ACC_OK && acc_save() != 0)
        rc = STOR_ACC_EIO;
    grants_end(&ps, rc != STOR_ACC_OK);
out:
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

stor_proc_grant *stor_proc_grant_list(const char *user, const char *host, size_t *n)
{
    pthread_rwlock_rdlock(&acc_lock);
    stor_proc_grant *out = NULL;
    size_t k = 0;
    for (size_t i = 0; i < npgrants; i++) {
        if (user && (strcmp(pgrants[i].user, user) || strcasecmp(pgrants[i].host, host)))
            continue;
        if (!out) {
            out = malloc((npgrants - i) * sizeof *out);
            if (!out)
                break;
        }
        out[k++] = pgrants[i];
    }
    pthread_rwlock_unlock(&acc_lock);
    *n = k;
    return out;
}

/* A grant on db.name that DROP takes: one holding nothing (GRANT USAGE's) stays, as
 * MariaDB keeps such a row in procs_priv but not in the memory its DROP looks at. */
static bool pgrant_on(const stor_proc_grant *g, const char *db, const char *name, bool function)
{
    return g->privs && g->function == function && !strcmp(g->db, db) && !strcasecmp(g->name, name);
}

int stor_proc_grant_drop_routine(const char *db, const char *name, bool function)
{
    pthread_rwlock_wrlock(&acc_lock);
    int rc = STOR_ACC_OK;
    grants_saved ps;
    bool any = false;
    for (size_t i = 0; i < npgrants && !any; i++)
        any = pgrant_on(&pgrants[i], db, name, function);
    if (any && !grants_save(&ps))
        rc = STOR_ACC_EIO;
    else if (any) {
        size_t w = 0;
        for (size_t i = 0; i < npgrants; i++)
            if (!pgrant_on(&pgrants[i], db, name, function))
                pgrants[w++] = pgrants[i];
        npgrants = w;
        if (acc_save() != 0)
            rc = STOR_ACC_EIO;
        grants_end(&ps, rc != STOR_ACC_OK);
    }
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

uint64_t stor_grants_version(void)
{
    return atomic_load(&grants_ver);
}

/* ------------------------------------------------------------ roles */

static long find_role_grant(const char *user, const char *host, const char *role)
{
    for (size_t i = 0; i < nrgrants; i++)
        if (!strcmp(rgrants[i].user, user) && !strcasecmp(rgrants[i].host, host) &&
            !strcmp(rgrants[i].role, role))
            return (long)i;
    return -1;
}

int stor_role_create(const char *name, const char *admin_user, const char *admin_host, bool replace)
{
    stor_account a;
    memset(&a, 0, sizeof a);
    if (strlen(name) >= sizeof a.user || (admin_user && (strlen(admin_user) >= sizeof a.user ||
                                                         strlen(admin_host) >= sizeof a.host)))
        return STOR_ACC_EINVAL;
    snprintf(a.user, sizeof a.user, "%s", name);
    a.is_role = true;
    stor_account old;
    if (replace && stor_account_get(name, "", &old) == 0) {
        int rc = stor_account_drop(name, "");
        if (rc != STOR_ACC_OK)
            return rc;
    }
    pthread_rwlock_wrlock(&acc_lock);
    int rc = STOR_ACC_EXISTS;
    grants_saved rs;
    if (find_exact(name, "") < 0) {
        rc = STOR_ACC_EIO;
        if (grants_save(&rs) && !acc_append(&a)) {
            stor_role_grant g;
            memset(&g, 0, sizeof g);
            bool ok = true;
            if (admin_user) {
                snprintf(g.user, sizeof g.user, "%s", admin_user);
                snprintf(g.host, sizeof g.host, "%s", admin_host);
                lower(g.host);
                snprintf(g.role, sizeof g.role, "%s", name);
                g.admin = true;
                ok = !rgrant_append(&g);
            }
            rc = ok ? commit_or_undo(-1, NULL, true) : (nacc--, STOR_ACC_EIO);
            grants_end(&rs, rc != STOR_ACC_OK);
        }
    }
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

int stor_role_grant_update(const char *user, const char *host, const char *role, bool add, bool admin)
{
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(user, host), r = find_exact(role, "");
    int rc = STOR_ACC_NOTFOUND;
    grants_saved rs;
    if (i < 0 || r < 0 || !acc[r].is_role)
        goto out;
    if (!grants_save(&rs)) {
        rc = STOR_ACC_EIO;
        goto out;
    }
    long g = find_role_grant(acc[i].user, acc[i].host, role);
    rc = STOR_ACC_OK;
    if (add) {
        if (g < 0) {
            stor_role_grant ng;
            memset(&ng, 0, sizeof ng);
            snprintf(ng.user, sizeof ng.user, "%s", acc[i].user);
            snprintf(ng.host, sizeof ng.host, "%s", acc[i].host);
            snprintf(ng.role, sizeof ng.role, "%s", role);
            ng.admin = admin;
            if (rgrant_append(&ng))
                rc = STOR_ACC_EIO;
        } else if (admin)
            rgrants[g].admin = true;
    } else if (g < 0) {
        rc = STOR_ACC_NOGRANT;
    } else if (admin) {
        rgrants[g].admin = false;
    } else {
        memmove(&rgrants[g], &rgrants[g + 1], (nrgrants - (size_t)g - 1) * sizeof *rgrants);
        nrgrants--;
    }
    if (rc == STOR_ACC_OK && acc_save() != 0)
        rc = STOR_ACC_EIO;
    grants_end(&rs, rc != STOR_ACC_OK);
out:
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

stor_role_grant *stor_role_grant_list(size_t *n)
{
    pthread_rwlock_rdlock(&acc_lock);
    stor_role_grant *out = nrgrants ? malloc(nrgrants * sizeof *out) : NULL;
    *n = out ? nrgrants : 0;
    if (out)
        memcpy(out, rgrants, nrgrants * sizeof *out);
    pthread_rwlock_unlock(&acc_lock);
    return out;
}

int stor_account_set_default_role(const char *user, const char *host, const char *role)
{
    if (strlen(role) >= sizeof acc[0].default_role)
        return STOR_ACC_EINVAL;
    pthread_rwlock_wrlock(&acc_lock);
    long i = find_exact(user, host);
    int rc = STOR_ACC_NOTFOUND;
    if (i >= 0) {
        stor_account saved = acc[i];
        snprintf(acc[i].default_role, sizeof acc[i].default_role, "%s", role);
        rc = commit_or_undo(i, &saved, false);
    }
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

/* ------------------------------------------------------------ grant tables */

static void *dup_array(const void *p, size_t n, size_t sz)
{
    void *d = stor_malloc(n ? n * sz : 1);
    if (d && n)
        memcpy(d, p, n * sz);
    return d;
}

int stor_accounts_replace(const stor_account *accs, size_t n, const stor_grant *g, size_t ng,
                          const stor_role_grant *rg, size_t nrg, const stor_col_grant *cg, size_t ncg,
                          const stor_proc_grant *pg, size_t npg)
{
    stor_account *na = dup_array(accs, n, sizeof *accs);
    stor_grant *ngr = dup_array(g, ng, sizeof *g);
    stor_role_grant *nrg_ = dup_array(rg, nrg, sizeof *rg);
    stor_col_grant *ncg_ = dup_array(cg, ncg, sizeof *cg);
    stor_proc_grant *npg_ = dup_array(pg, npg, sizeof *pg);
    if (!na || !ngr || !nrg_ || !ncg_ || !npg_) {
        stor_free(na); stor_free(ngr); stor_free(nrg_); stor_free(ncg_); stor_free(npg_);
        return STOR_ACC_EIO;
    }
    for (size_t i = 0; i < n; i++)
        lower(na[i].host);
    pthread_rwlock_wrlock(&acc_lock);
    stor_account *oa = acc;
    stor_grant *og = grants;
    stor_role_grant *org = rgrants;
    stor_col_grant *ocg = cgrants;
    stor_proc_grant *opg = pgrants;
    size_t on = nacc, ocap = acc_cap, ong = ngrants, ogcap = grants_cap, onrg = nrgrants, oncg = ncgrants,
           onpg = npgrants;
    acc = na; nacc = acc_cap = n;
    grants = ngr; ngrants = grants_cap = ng;
    rgrants = nrg_; nrgrants = nrg;
    cgrants = ncg_; ncgrants = ncg;
    pgrants = npg_; npgrants = npg;
    grant_tables_pending = false;
    acc_sort();
    int rc = STOR_ACC_OK;
    if (acc_save() != 0) {
        acc = oa; nacc = on; acc_cap = ocap;
        grants = og; ngrants = ong; grants_cap = ogcap;
        rgrants = org; nrgrants = onrg;
        cgrants = ocg; ncgrants = oncg;
        pgrants = opg; npgrants = onpg;
        grant_tables_pending = true;
        oa = na; og = ngr; org = nrg_; ocg = ncg_; opg = npg_;
        ocap = n;
        rc = STOR_ACC_EIO;
    }
    pthread_rwlock_unlock(&acc_lock);
    if (oa)
        OPENSSL_cleanse(oa, ocap * sizeof *oa);
    stor_free(oa);
    stor_free(og);
    stor_free(org);
    stor_free(ocg);
    stor_free(opg);
    return rc;
}

static int set_pending(bool on)
{
    pthread_rwlock_wrlock(&acc_lock);
    int rc = STOR_ACC_OK;
    if (grant_tables_pending != on) {
        grant_tables_pending = on;
        if (acc_save() != 0) {
            grant_tables_pending = !on;
            rc = STOR_ACC_EIO;
        }
    }
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

bool stor_accounts_need_routine_grants(void)
{
    pthread_rwlock_rdlock(&acc_lock);
    bool old = acc_version == 0 && npgrants == 0 && acc_path[0];
    pthread_rwlock_unlock(&acc_lock);
    return old;
}

int stor_accounts_routine_grants_done(void)
{
    pthread_rwlock_wrlock(&acc_lock);
    acc_version = 1;
    int rc = acc_save() == 0 ? STOR_ACC_OK : STOR_ACC_EIO;
    pthread_rwlock_unlock(&acc_lock);
    return rc;
}

int stor_grant_tables_mark(void) { return set_pending(true); }
int stor_grant_tables_clear(void) { return set_pending(false); }

bool stor_grant_tables_pending(void)
{
    pthread_rwlock_rdlock(&acc_lock);
    bool on = grant_tables_pending;
    pthread_rwlock_unlock(&acc_lock);
    return on;
}
