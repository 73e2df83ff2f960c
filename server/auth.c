/* auth.c - the connection phase: greeting, TLS upgrade, authentication, COM_CHANGE_USER.
 *
 * Sequence (MariaDB's): greeting (seq 0) -> HandshakeResponse (1), or SSLRequest (1) +
 * TLS + HandshakeResponse (2) -> [AuthSwitchRequest / AuthMoreData exchanges] -> OK or
 * ERR. The greeting offers mysql_native_password with a fresh 20-byte scramble.
 *
 * Plugins: mysql_native_password (SHA1 scramble) and caching_sha2_password: fast path
 * against the stored SHA256(SHA256(pw)) (AuthMoreData 0x03, then OK); otherwise
 * AuthMoreData 0x04 and full authentication with the cleartext password over TLS or
 * the Unix socket, or RSA-OAEP encrypted (the client may first ask for the public key
 * with 0x02) over plain TCP. A client answering with another plugin than the account's
 * gets an AuthSwitchRequest.
 *
 * Failures answer as MariaDB does: 1045 "Access denied for user 'u'@'host' (using
 * password: YES|NO)" (also for an unknown user, and for TCP without TLS under
 * --require-secure-transport, which MariaDB 10.11 reports the same way), 1043 "Bad
 * handshake" for malformed packets, 1049 for an unknown database, 1040 when over
 * max_connections.
 */
#include "server/server.h"
#include "storage/accounts_internal.h"

#include <pthread.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/sha.h>

/* What we offer: MariaDB 10.11's set (0x81fff7fe) without compression (not supported);
 * CLIENT_SSL is added when TLS is available. */
#define SRV_CAPS_BASE (0x81fff7feu & ~CLIENT_COMPRESS)

#define PLUGIN_NATIVE "mysql_native_password"
#define PLUGIN_SHA2 "caching_sha2_password"

enum auth_phase {
    PH_NATIVE,          /* waiting for a mysql_native_password response */
    PH_SHA2,            /* waiting for a caching_sha2_password scramble response */
    PH_SHA2_FULL,       /* AuthMoreData 0x04 sent: key request or the password */
};

struct srv_auth {
    char user[PROTO_NAME_MAX];
    char db[PROTO_NAME_MAX];
    stor_account acct;
    bool found;                 /* the account exists */
    bool used_password;         /* the client sent a password (for the message) */
    bool change_user;           /* COM_CHANGE_USER re-authentication */
    uint16_t charset;           /* collation id the client asked for (0 = keep) */
    uint8_t phase;              /* enum auth_phase */
};

/* ---------------------------------------------------------------- helpers */

static pthread_once_t version_once = PTHREAD_ONCE_INIT;
static char greeting_version[160];

static void version_init(void)
{
    const char *v = pdb_server_version();
    if (!v || !*v)
        v = "10.11.19-MariaDB-pressdb";
    /* MariaDB puts "5.5.5-" in front so old replication clients accept a 10.x server. */
    if (strncmp(v, "5.5.5-", 6) != 0)
        snprintf(greeting_version, sizeof greeting_version, "5.5.5-%s", v);
    else
        snprintf(greeting_version, sizeof greeting_version, "%s", v);
}

static uint32_t offered_caps(void)
{
    return SRV_CAPS_BASE | (srv_tls_enabled() ? CLIENT_SSL : 0);
}

/* The account for user from this client, as MariaDB matches it. */
static bool find_account(srv_conn *c, const char *user, stor_account *out)
{
    const char *hostname = NULL, *ip = NULL;
    if (c->is_unix)
        hostname = "localhost";
    else {
        ip = c->ip;
        if (!strcmp(c->host, "localhost"))
            hostname = "localhost";
    }
    return stor_account_match_host(user, hostname, ip, out) == 0;
}

static bool secure_transport(const srv_conn *c)
{
    return c->tls || c->is_unix;
}

void srv_auth_free(srv_conn *c)
{
    if (c->auth) {
        OPENSSL_cleanse(c->auth, sizeof *c->auth);
        free(c->auth);
        c->auth = NULL;
    }
}

/* Back to the command phase after a COM_CHANGE_USER attempt. */
static void to_command_phase(srv_conn *c)
{
    c->state = CS_COMMAND;
    srv_registry_publish(c, SRV_CMD_SLEEP);
    c->fr.max_payload = c->sess && c->sess->max_allowed_packet ? c->sess->max_allowed_packet
                                                               : srv_cfg.max_allowed_packet;
    srv_auth_free(c);
}

static void deny(srv_conn *c)
{
    srv_auth *a = c->auth;
    char why[600];
    srv_log(SRV_WARNING, c->id, "Access denied for user '%s'@'%s' (using password: %s)",
            a->user, c->host, a->used_password ? "YES" : "NO");
    snprintf(why, sizeof why, "Access denied for user '%s'@'%s' (using password: %s)", a->user, c->host,
             a->used_password ? "YES" : "NO");
    srv_general_log_login(c, a->change_user, a->user, a->db, why);
    pdb_status_add(a->change_user ? c->sess : NULL, PDB_STAT_ACCESS_DENIED_ERRORS, 1);
    srv_write_err(c, 1045, "28000", "Access denied for user '%s'@'%s' (using password: %s)",
                  a->user, c->host, a->used_password ? "YES" : "NO");
    if (a->change_user) {
        to_command_phase(c);      /* MariaDB keeps the connection and the old user */
        return;
    }
    srv_conn_close(c, SRV_CLOSE_LINGER);
}

static void bad_handshake(srv_conn *c)
{
    srv_write_err(c, 1043, "08S01", "Bad handshake");
    srv_conn_close(c, SRV_CLOSE_LINGER);
}

/* Applies the handshake collation to the session (unknown ids keep the default). */
static void apply_charset(srv_conn *c, uint16_t coll)
{
    if (coll && pdb_coll_by_id(coll)) {
        c->sess->coll_client = coll;
        c->sess->coll_connection = coll;
        c->sess->coll_results = coll;
    }
}

static void accept_login(srv_conn *c);

/* COM_CHANGE_USER after a worker ended the old transaction. */
static void login_again(srv_conn *c)
{
    accept_login(c);
    srv_conn_resume(c);
}

/* The password was right but the account is locked (ACCOUNT LOCK): MariaDB's 4151. */
static void deny_locked(srv_conn *c)
{
    srv_auth *a = c->auth;
    srv_general_log_login(c, a->change_user, a->user, a->db, "Access denied, this account is locked");
    pdb_status_add(a->change_user ? c->sess : NULL, PDB_STAT_ACCESS_DENIED_ERRORS, 1);
    srv_write_err(c, 4151, "HY000", "Access denied, this account is locked");
    if (a->change_user) {
        to_command_phase(c);
        return;
    }
    srv_conn_close(c, SRV_CLOSE_LINGER);
}

/* Authentication succeeded: session, database, OK. */
static void accept_login(srv_conn *c)
{
    srv_auth *a = c->auth;
    if (a->acct.locked) {
        deny_locked(c);
        return;
    }

    if (a->change_user) {
        /* The database must exist before anything changes. */
        char old_db[PDB_NAME_LEN], old_user[81], old_phost[256], old_role[sizeof c->sess->role];
        bool old_enforce = c->sess->enforce_privs;
        srv_copy(old_db, sizeof old_db, c->sess->db);
        srv_copy(old_user, sizeof old_user, c->sess->user);
        srv_copy(old_phost, sizeof old_phost, c->sess->priv_host);
        srv_copy(old_role, sizeof old_role, c->sess->role);
        /* the new account's privileges decide whether it may use the database */
        srv_copy(c->sess->user, sizeof c->sess->user, a->user);
        srv_copy(c->sess->priv_host, sizeof c->sess->priv_host, a->acct.host);
        c->sess->enforce_privs = true;
        pdb_session_default_role(c->sess);
        if (a->db[0]) {
            pdb_sink sink;
            srv_cmd_sink(c, &sink);
            c->last_err = 0;
            c->replied = false;
            size_t mark = c->out.len;
            uint8_t seq = c->seq;
            pdb_exec_init_db(c->sess, a->db, strlen(a->db), &sink);
            if (c->last_err == 1044)   /* (counted at login, unlike USE) */
                pdb_status_add(c->sess, PDB_STAT_ACCESS_DENIED_ERRORS, 1);
            if (c->last_err) {
                srv_copy(c->sess->db, sizeof c->sess->db, old_db);
                srv_copy(c->sess->user, sizeof c->sess->user, old_user);
                srv_copy(c->sess->priv_host, sizeof c->sess->priv_host, old_phost);
                srv_copy(c->sess->role, sizeof c->sess->role, old_role);
                c->sess->enforce_privs = old_enforce;
                to_command_phase(c);
                return;
            }
            c->out.len = mark;          /* drop its OK: one OK follows below */
            c->seq = seq;
        }
        if (pdb_session_rollback(c->sess) == PDB_EXEC_MOVE) {
            /* the store lock is busy: a worker ends the transaction, then this again */
            srv_copy(c->sess->db, sizeof c->sess->db, old_db);
            srv_copy(c->sess->user, sizeof c->sess->user, old_user);
            srv_copy(c->sess->priv_host, sizeof c->sess->priv_host, old_phost);
            srv_copy(c->sess->role, sizeof c->sess->role, old_role);
            c->sess->enforce_privs = old_enforce;
            if (srv_cmd_rollback_then(c, login_again))
                return;
            /* no worker: the reset below blocks (the lock checker reports it) */
        }
        pdb_session_reset(c->sess);
        srv_session_apply(c);
        c->is_super = a->acct.is_super;
        c->privs = a->acct.privs;
        srv_copy(c->sess->user, sizeof c->sess->user, a->user);
        srv_copy(c->sess->host, sizeof c->sess->host, c->host);
        srv_copy(c->sess->db, sizeof c->sess->db, a->db);
        apply_charset(c, a->charset);
        srv_copy(c->user, sizeof c->user, a->user);
        srv_write_ok(c, 0, 0, srv_session_status(c), 0, NULL);
        to_command_phase(c);
        return;
    }

    /* MariaDB lets one connection beyond max_connections in, for SUPER. */
    uint32_t limit, count = srv_conn_count(c, &limit);
    if (!a->acct.is_super && count > limit) {   /* (not in Connection_errors_max_connections) */
        srv_write_err(c, 1040, "08004", "Too many connections");
        srv_conn_close(c, SRV_CLOSE_LINGER);
        return;
    }

    pdb_session *s = malloc(sizeof *s);
    if (!s) {
        srv_write_err(c, 1041, "HY000", "Out of memory.");
        srv_conn_close(c, SRV_CLOSE_LINGER);
        return;
    }
    pdb_session_init(s, c->id);
    c->sess = s;
    srv_copy(s->user, sizeof s->user, a->user);
    srv_copy(s->host, sizeof s->host, c->host);
    srv_copy(s->ip, sizeof s->ip, c->is_unix ? "" : c->ip);
    srv_copy(s->priv_host, sizeof s->priv_host, a->acct.host);
    if (c->tls && c->ssl) {
        srv_copy(s->tls_cipher, sizeof s->tls_cipher, SSL_get_cipher_name(c->ssl));
        srv_copy(s->tls_version, sizeof s->tls_version, SSL_get_version(c->ssl));
    }
    s->enforce_privs = true;
    pdb_session_default_role(s);
    srv_session_apply(c);
    c->fr.max_payload = s->max_allowed_packet;
    apply_charset(c, a->charset);
    c->multi = (c->caps & CLIENT_MULTI_STATEMENTS) != 0;
    c->is_super = a->acct.is_super;
    c->privs = a->acct.privs;
    srv_copy(c->user, sizeof c->user, a->user);

    if (a->db[0]) {
        pdb_sink sink;
        srv_cmd_sink(c, &sink);
        c->last_err = 0;
        c->replied = false;
        pdb_exec_init_db(s, a->db, strlen(a->db), &sink);
        if (c->last_err == 1044)   /* (counted at login, unlike USE) */
            pdb_status_add(s, PDB_STAT_ACCESS_DENIED_ERRORS, 1);
        if (c->last_err) {
            srv_conn_close(c, SRV_CLOSE_LINGER);
            return;
        }
        if (!c->replied)
            srv_write_ok(c, 0, 0, srv_session_status(c), 0, NULL);
    } else {
        srv_write_ok(c, 0, 0, srv_session_status(c), 0, NULL);
    }
    to_command_phase(c);
    srv_conn_arm_idle(c);
}

/* ------------------------------------------------------------ the plugins */

static void check_native(srv_conn *c, const uint8_t *resp, size_t n)
{
    srv_auth *a = c->auth;
    a->used_password = n > 0;
    if (!a->found) {
        deny(c);
        return;
    }
    if (proto_native_check(c->scramble, resp, n, a->acct.native_hash, a->acct.empty_password))
        accept_login(c);
    else
        deny(c);
}

/* caching_sha2_password: the scramble response (first step). */
static void check_sha2(srv_conn *c, const uint8_t *resp, size_t n)
{
    srv_auth *a = c->auth;
    bool empty = n == 0 || (n == 1 && resp[0] == 0);
    a->used_password = !empty;
    if (!a->found) {
        deny(c);
        return;
    }
    if (empty) {
        if (a->acct.empty_password)
            accept_login(c);
        else
            deny(c);
        return;
    }
    if (proto_sha2_check(c->scramble, resp, n, a->acct.sha2_hash)) {
        static const uint8_t fast_ok = 0x03;
        proto_write_auth_more_data(&c->out, &c->seq, &fast_ok, 1);
        accept_login(c);
        return;
    }
    static const uint8_t full = 0x04;
    proto_write_auth_more_data(&c->out, &c->seq, &full, 1);
    a->phase = PH_SHA2_FULL;
    c->state = CS_AUTH_SWITCH;
}

/* caching_sha2_password full authentication: the cleartext password (secure transport)
 * or RSA-encrypted password XOR scramble (plain TCP), or a request for the key. */
static void check_sha2_full(srv_conn *c, const uint8_t *p, size_t n)
{
    srv_auth *a = c->auth;
    if (n == 1 && p[0] == 0x02) {
        size_t len;
        const char *pem = srv_rsa_public_pem(&len);
        if (!pem) {
            deny(c);
            return;
        }
        proto_write_auth_more_data(&c->out, &c->seq, pem, len);
        return;                   /* the encrypted password follows */
    }
    uint8_t pw[512];
    size_t pwlen;
    if (secure_transport(c)) {
        pwlen = n < sizeof pw ? n : sizeof pw - 1;
        memcpy(pw, p, pwlen);
    } else {
        int k = srv_rsa_decrypt(p, n, pw, sizeof pw - 1);
        if (k < 0) {
            deny(c);
            return;
        }
        pwlen = (size_t)k;
        for (size_t i = 0; i < pwlen; i++)
            pw[i] ^= c->scramble[i % PROTO_SCRAMBLE_LEN];
    }
    /* The password ends at its NUL. */
    void *z = memchr(pw, 0, pwlen);
    if (z)
        pwlen = (size_t)((uint8_t *)z - pw);
    a->used_password = pwlen > 0;
    uint8_t h[32];
    proto_sha2_stored_hash((const char *)pw, pwlen, h);
    OPENSSL_cleanse(pw, sizeof pw);
    bool ok = a->found && (pwlen == 0 ? a->acct.empty_password
                                      : CRYPTO_memcmp(h, a->acct.sha2_hash, 32) == 0);
    if (ok)
        accept_login(c);
    else
        deny(c);
}

/* Starts authentication of a->user: answers directly or asks the client to switch. */
static void start_auth(srv_conn *c, const char *client_plugin, const uint8_t *resp, size_t n,
                       bool always_switch)
{
    srv_auth *a = c->auth;
    srv_general_log_login(c, a->change_user, a->user, a->db, NULL);   /* (mariadbd: before the check) */
    a->found = find_account(c, a->user, &a->acct);
    const char *want = a->found ? a->acct.plugin : PLUGIN_NATIVE;
    if (a->found && strcmp(want, PLUGIN_NATIVE) != 0 && strcmp(want, PLUGIN_SHA2) != 0) {
        a->used_password = n > 0;
        deny(c);                  /* a plugin we do not implement */
        return;
    }
    bool is_sha2 = !strcmp(want, PLUGIN_SHA2);
    if (always_switch || strcmp(client_plugin, want) != 0) {
        if (!always_switch && !(c->caps & CLIENT_PLUGIN_AUTH)) {
            a->used_password = n > 0;
            deny(c);              /* the client cannot switch */
            return;
        }
        proto_write_auth_switch(&c->out, &c->seq, want, c->scramble, PROTO_SCRAMBLE_LEN);
        a->phase = is_sha2 ? PH_SHA2 : PH_NATIVE;
        c->state = CS_AUTH_SWITCH;
        return;
    }
    if (is_sha2)
        check_sha2(c, resp, n);
    else
        check_native(c, resp, n);
}

/* ------------------------------------------------------------ entry points */

void srv_auth_begin(srv_conn *c)
{
    pthread_once(&version_once, version_init);
    c->seq = 0;
    uint32_t limit;
    if (srv_conn_count(c, &limit) > limit + 1) {
        /* Before the greeting the client's capabilities are unknown: no SQLSTATE. */
        atomic_fetch_add(&srv_refused_max, 1);
        proto_write_err(&c->out, &c->seq, 0, 1040, "08004", "Too many connections");
        srv_conn_close(c, SRV_CLOSE_LINGER);
        return;
    }
    c->auth = calloc(1, sizeof *c->auth);
    if (!c->auth) {
        srv_conn_close(c, SRV_CLOSE_NOW);
        return;
    }
    proto_make_scramble(c->scramble, PROTO_SCRAMBLE_LEN);
    proto_greeting g;
    memset(&g, 0, sizeof g);
    g.server_version = greeting_version;
    g.conn_id = c->id;
    memcpy(g.scramble, c->scramble, PROTO_SCRAMBLE_LEN);
    g.caps = offered_caps();
    g.charset = COLL_UTF8MB4_GENERAL_CI;
    g.status = SERVER_STATUS_AUTOCOMMIT;
    g.auth_plugin = PLUGIN_NATIVE;
    g.ext_caps = MARIADB_CLIENT_EXTENDED_METADATA;   /* (what this server offers of MariaDB's) */
    if (proto_write_greeting(&c->out, &c->seq, &g)) {
        srv_conn_close(c, SRV_CLOSE_NOW);
        return;
    }
    c->state = CS_HANDSHAKE;
    c->fr.seq = c->seq;
    c->fr.check_seq = 1;
}

static void handshake_response(srv_conn *c, const uint8_t *p, size_t n)
{
    proto_handshake_resp r;
    if (proto_parse_handshake_response(p, n, &r) != PROTO_OK) {
        c->caps = CLIENT_PROTOCOL_41;
        bad_handshake(c);
        return;
    }
    if (r.is_ssl_request) {
        if (!srv_tls_enabled() || c->tls) {
            c->caps = CLIENT_PROTOCOL_41;
            bad_handshake(c);
            return;
        }
        c->caps = r.caps & offered_caps();
        if (srv_conn_start_tls(c, c->fr.in.data, c->fr.in.len)) {
            srv_conn_close(c, SRV_CLOSE_NOW);
            return;
        }
        return;
    }
    /* MariaDB wants the auth response length after the user name, even if the
     * response is empty (the parser is more lenient: it takes a missing one as empty). */
    if (n <= 32 + strlen(r.user) + 1) {
        c->caps = CLIENT_PROTOCOL_41;
        bad_handshake(c);
        return;
    }
    c->caps = r.caps & offered_caps();
    c->ext_caps = r.ext_caps & MARIADB_CLIENT_EXTENDED_METADATA;
    srv_auth *a = c->auth;
    snprintf(a->user, sizeof a->user, "%s", r.user);
    snprintf(a->db, sizeof a->db, "%s", (r.caps & CLIENT_CONNECT_WITH_DB) ? r.db : "");
    a->charset = r.charset;
    a->used_password = r.auth_len > 0;

    if (srv_cfg.require_secure_transport && !secure_transport(c)) {
        /* MariaDB 10.11 answers this with an ordinary access denied. */
        srv_log(SRV_WARNING, c->id, "Connections using insecure transport are prohibited "
                "while --require_secure_transport=ON.");
        deny(c);
        return;
    }
    const char *plugin = (r.caps & CLIENT_PLUGIN_AUTH) && r.plugin[0] ? r.plugin : PLUGIN_NATIVE;
    start_auth(c, plugin, r.auth, r.auth_len, false);
}

void srv_auth_packet(srv_conn *c, const uint8_t *p, size_t n)
{
    if (!c->auth) {
        srv_conn_close(c, SRV_CLOSE_NOW);
        return;
    }
    if (c->state == CS_HANDSHAKE) {
        handshake_response(c, p, n);
        return;
    }
    switch (c->auth->phase) {
    case PH_NATIVE:
        check_native(c, p, n);
        break;
    case PH_SHA2:
        check_sha2(c, p, n);
        break;
    case PH_SHA2_FULL:
        check_sha2_full(c, p, n);
        break;
    }
}

void srv_auth_change_user(srv_conn *c, const uint8_t *p, size_t n)
{
    proto_rd r;
    proto_rd_init(&r, p, n);
    proto_rd_u8(&r);                              /* COM_CHANGE_USER */
    const uint8_t *s;
    size_t len;
    srv_auth *a = calloc(1, sizeof *a);
    if (!a) {
        srv_write_err(c, 1041, "HY000", "Out of memory.");
        return;
    }
    bool bad = proto_rd_nul_str(&r, &s, &len) != 0 || len >= sizeof a->user;
    if (!bad) {
        memcpy(a->user, s, len);
        a->user[len] = '\0';
        /* The response to the greeting's scramble; unused: MariaDB switches anyway. */
        if (c->caps & CLIENT_SECURE_CONNECTION) {
            size_t alen = proto_rd_u8(&r);
            bad = proto_rd_bytes(&r, alen, &s) != 0;
        } else {
            bad = proto_rd_nul_str(&r, &s, &len) != 0;
        }
    }
    if (!bad && proto_rd_left(&r) > 0) {
        const uint8_t *z = memchr(r.p, 0, proto_rd_left(&r));
        len = z ? (size_t)(z - r.p) : proto_rd_left(&r);
        if (len >= sizeof a->db || len >= PDB_NAME_LEN)
            bad = true;
        else {
            memcpy(a->db, r.p, len);
            a->db[len] = '\0';
            r.p += len + (z ? 1 : 0);
        }
    }
    if (!bad && proto_rd_left(&r) >= 2)
        a->charset = proto_rd_u16(&r);
    /* The plugin name and connect attributes that may follow are not needed. */
    if (bad || r.bad) {
        free(a);
        srv_write_err(c, 1043, "08S01", "Bad handshake");
        return;
    }
    srv_auth_free(c);
    c->auth = a;
    a->change_user = true;
    start_auth(c, "", NULL, 0, true);
}
