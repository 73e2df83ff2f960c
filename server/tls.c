/* tls.c - TLS for client connections and the RSA key of caching_sha2_password.
 *
 * Certificates: --ssl-cert/--ssl-key when given; otherwise a self-signed RSA-2048
 * certificate is generated into the datadir on first start (server-cert.pem,
 * server-key.pem, as mariadb-install-db/MySQL's auto-generation would) and reused
 * later. caching_sha2_password's key pair lives in private_key.pem/public_key.pem
 * (MySQL's names), generated the same way.
 *
 * I/O: a TLS connection's SSL object reads ciphertext from and writes ciphertext to
 * the connection's own buffers through a small custom BIO (srv_tls_io), so no
 * intermediate memory BIOs hold copies of the traffic: reading hands OpenSSL the bytes
 * libuv just read, writing appends to the buffer the connection sends next.
 */
#include "server/server.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

static SSL_CTX *tls_ctx;             /* NULL when TLS is off or failed to set up */
static BIO_METHOD *tls_bio_method;   /* the srv_tls_io BIO */
static EVP_PKEY *rsa_key;            /* caching_sha2_password private key */
static char *rsa_pub_pem;            /* its public half, PEM */
static size_t rsa_pub_len;

/* Last OpenSSL error as text (for messages). */
static const char *ssl_errstr(void)
{
    static __thread char buf[256];
    unsigned long e = ERR_get_error();
    if (!e)
        return "unknown error";
    ERR_error_string_n(e, buf, sizeof buf);
    ERR_clear_error();
    return buf;
}

/* ------------------------------------------------------------ the BIO */

static int tls_bio_write(BIO *b, const char *data, int len)
{
    srv_tls_io *io = BIO_get_data(b);
    BIO_clear_retry_flags(b);
    if (len <= 0)
        return 0;
    if (proto_buf_put(io->out, data, (size_t)len)) {
        io->out_err = 1;
        return -1;
    }
    return len;
}

static int tls_bio_read(BIO *b, char *buf, int len)
{
    srv_tls_io *io = BIO_get_data(b);
    BIO_clear_retry_flags(b);
    if (len <= 0)
        return 0;
    if (io->in_len == 0) {
        BIO_set_retry_read(b);
        return -1;
    }
    size_t n = io->in_len < (size_t)len ? io->in_len : (size_t)len;
    memcpy(buf, io->in, n);
    io->in += n;
    io->in_len -= n;
    return (int)n;
}

static long tls_bio_ctrl(BIO *b, int cmd, long num, void *ptr)
{
    (void)b; (void)num; (void)ptr;
    switch (cmd) {
    case BIO_CTRL_FLUSH:
        return 1;
    default:
        return 0;
    }
}

static int tls_bio_create(BIO *b)
{
    BIO_set_init(b, 1);
    return 1;
}

static int tls_bio_destroy(BIO *b)
{
    BIO_set_data(b, NULL);
    return 1;
}

static int tls_bio_setup(void)
{
    int idx = BIO_get_new_index();
    if (idx < 0)
        return -1;
    tls_bio_method = BIO_meth_new(idx | BIO_TYPE_SOURCE_SINK, "pressdb connection");
    if (!tls_bio_method)
        return -1;
    BIO_meth_set_write(tls_bio_method, tls_bio_write);
    BIO_meth_set_read(tls_bio_method, tls_bio_read);
    BIO_meth_set_ctrl(tls_bio_method, tls_bio_ctrl);
    BIO_meth_set_create(tls_bio_method, tls_bio_create);
    BIO_meth_set_destroy(tls_bio_method, tls_bio_destroy);
    return 0;
}

SSL *srv_tls_new(srv_tls_io *io)
{
    if (!tls_ctx)
        return NULL;
    SSL *ssl = SSL_new(tls_ctx);
    if (!ssl)
        return NULL;
    BIO *b = BIO_new(tls_bio_method);
    if (!b) {
        SSL_free(ssl);
        return NULL;
    }
    BIO_set_data(b, io);
    SSL_set_bio(ssl, b, b);
    SSL_set_accept_state(ssl);
    return ssl;
}

bool srv_tls_enabled(void)
{
    return tls_ctx != NULL;
}

/* ------------------------------------------------------- key files */

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Writes a PEM file atomically (temp file, fsync, rename). what: 0 private key,
 * 1 public key, 2 certificate. 0 or -1. */
static int write_pem(const char *path, int what, EVP_PKEY *key, X509 *cert)
{
    char tmp[SRV_PATH_MAX + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, what == 0 ? 0600 : 0640);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        unlink(tmp);
        return -1;
    }
    int ok;
    if (what == 0)
        ok = PEM_write_PrivateKey(f, key, NULL, NULL, 0, NULL, NULL);
    else if (what == 1)
        ok = PEM_write_PUBKEY(f, key);
    else
        ok = PEM_write_X509(f, cert);
    if (fflush(f) != 0 || fsync(fileno(f)) != 0)
        ok = 0;
    if (fclose(f) != 0)
        ok = 0;
    if (!ok || rename(tmp, path) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* A self-signed certificate for key, valid ten years. */
static X509 *make_cert(EVP_PKEY *key)
{
    X509 *x = X509_new();
    if (!x)
        return NULL;
    uint8_t serial[8];
    RAND_bytes(serial, sizeof serial);
    serial[0] &= 0x7f;
    BIGNUM *bn = BN_bin2bn(serial, sizeof serial, NULL);
    ASN1_INTEGER *ai = X509_get_serialNumber(x);
    int ok = bn && BN_to_ASN1_INTEGER(bn, ai) != NULL;
    BN_free(bn);
    ok = ok && X509_set_version(x, 2);
    ok = ok && X509_gmtime_adj(X509_getm_notBefore(x), 0);
    ok = ok && X509_gmtime_adj(X509_getm_notAfter(x), 10L * 365 * 24 * 3600);
    ok = ok && X509_set_pubkey(x, key);
    X509_NAME *name = X509_get_subject_name(x);
    ok = ok && X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                  (const unsigned char *)"pressdb_Server_" PDB_VERSION "_Auto_Generated_Certificate",
                  -1, -1, 0);
    ok = ok && X509_set_issuer_name(x, name);
    ok = ok && X509_sign(x, key, EVP_sha256()) > 0;
    if (!ok) {
        X509_free(x);
        return NULL;
    }
    return x;
}

/* Generates the certificate and key into the datadir if either is missing; the new
 * key is also returned in *made (caller frees) so caching_sha2_password can reuse it
 * instead of generating a second one (RSA generation dominates a first start). */
static int ensure_self_signed(const char *cert_path, const char *key_path, EVP_PKEY **made,
                              char *err, size_t errlen)
{
    if (file_exists(cert_path) && file_exists(key_path))
        return 0;
    EVP_PKEY *key = EVP_RSA_gen(2048);
    X509 *cert = key ? make_cert(key) : NULL;
    int rc = -1;
    if (!cert)
        snprintf(err, errlen, "could not generate a certificate: %s", ssl_errstr());
    else if (write_pem(key_path, 0, key, NULL) || write_pem(cert_path, 2, NULL, cert))
        snprintf(err, errlen, "could not write '%.300s': %s", key_path, strerror(errno));
    else {
        srv_log(SRV_NOTE, 0, "Generated a self-signed TLS certificate in '%s'", cert_path);
        rc = 0;
    }
    X509_free(cert);
    if (rc == 0 && made)
        *made = key;
    else
        EVP_PKEY_free(key);
    return rc;
}

static int tls_ctx_setup(const char *cert, const char *key, char *err, size_t errlen)
{
    SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
    if (!ctx) {
        snprintf(err, errlen, "SSL_CTX_new: %s", ssl_errstr());
        return -1;
    }
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_mode(ctx, SSL_MODE_RELEASE_BUFFERS | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    SSL_CTX_set_options(ctx, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION |
                             SSL_OP_CIPHER_SERVER_PREFERENCE);
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
    SSL_CTX_set_num_tickets(ctx, 0);
    if (SSL_CTX_use_certificate_chain_file(ctx, cert) != 1) {
        snprintf(err, errlen, "Unable to get certificate from '%s': %s", cert, ssl_errstr());
        SSL_CTX_free(ctx);
        return -1;
    }
    if (SSL_CTX_use_PrivateKey_file(ctx, key, SSL_FILETYPE_PEM) != 1 ||
        SSL_CTX_check_private_key(ctx) != 1) {
        snprintf(err, errlen, "Unable to get private key from '%s': %s", key, ssl_errstr());
        SSL_CTX_free(ctx);
        return -1;
    }
    tls_ctx = ctx;
    return 0;
}

/* ------------------------------------------------------------ client side */

static bool given(const char *s) { return s && *s; }

/* The replica's context for its primary (MariaDB's connector, vio's
 * new_VioSSLConnectorFd): the primary's chain is verified when a CA file or path is
 * given (or the host is to be checked), not otherwise; a certificate and key identify
 * the replica; a cipher list and CRLs as given. NULL with err (no "SSL connection
 * error: " prefix) on failure. */
SSL_CTX *srv_tls_client_ctx(const srv_tls_client_opts *o, char *err, size_t errlen)
{
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (!ctx) {
        snprintf(err, errlen, "%s", ssl_errstr());
        return NULL;
    }
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_mode(ctx, SSL_MODE_RELEASE_BUFFERS);
    SSL_CTX_set_options(ctx, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION);
    bool verify = given(o->ca) || given(o->capath) || o->verify_host;
    const char *what = NULL;
    if (given(o->ca) || given(o->capath)) {
        if (SSL_CTX_load_verify_locations(ctx, given(o->ca) ? o->ca : NULL, given(o->capath) ? o->capath : NULL) != 1)
            what = "SSL_CTX_set_default_verify_paths failed";
    } else if (verify && SSL_CTX_set_default_verify_paths(ctx) != 1) {
        what = "SSL_CTX_set_default_verify_paths failed";
    }
    if (!what && (given(o->cert) || given(o->key))) {
        const char *cert = given(o->cert) ? o->cert : o->key, *key = given(o->key) ? o->key : o->cert;
        if (SSL_CTX_use_certificate_chain_file(ctx, cert) != 1) what = "Unable to get certificate";
        else if (SSL_CTX_use_PrivateKey_file(ctx, key, SSL_FILETYPE_PEM) != 1) what = "Unable to get private key";
        else if (SSL_CTX_check_private_key(ctx) != 1) what = "Private key does not match the certificate public key";
    }
    if (!what && given(o->cipher) && SSL_CTX_set_cipher_list(ctx, o->cipher) != 1 &&
        SSL_CTX_set_ciphersuites(ctx, o->cipher) != 1)
        what = "Failed to set ciphers to use";
    if (!what && (given(o->crl) || given(o->crlpath))) {
        X509_STORE *store = SSL_CTX_get_cert_store(ctx);
        if (X509_STORE_load_locations(store, given(o->crl) ? o->crl : NULL, given(o->crlpath) ? o->crlpath : NULL) != 1)
            what = "Failed to set CRL";
        else
            X509_STORE_set_flags(store, X509_V_FLAG_CRL_CHECK | X509_V_FLAG_CRL_CHECK_ALL);
    }
    if (what) {
        ERR_clear_error();
        snprintf(err, errlen, "%s", what);
        SSL_CTX_free(ctx);
        return NULL;
    }
    SSL_CTX_set_verify(ctx, verify ? SSL_VERIFY_PEER : SSL_VERIFY_NONE, NULL);
    return ctx;
}

/* caching_sha2_password's RSA pair: load or create private_key.pem/public_key.pem
 * (from spare, a key just generated for TLS, when given). */
static int rsa_setup(EVP_PKEY *spare, char *err, size_t errlen)
{
    char priv[SRV_PATH_MAX + 32], pub[SRV_PATH_MAX + 32];
    snprintf(priv, sizeof priv, "%s/private_key.pem", srv_cfg.datadir);
    snprintf(pub, sizeof pub, "%s/public_key.pem", srv_cfg.datadir);
    if (!file_exists(priv)) {
        EVP_PKEY *k = spare ? spare : EVP_RSA_gen(2048);
        if (spare)
            EVP_PKEY_up_ref(spare);
        if (!k || write_pem(priv, 0, k, NULL) || write_pem(pub, 1, k, NULL)) {
            snprintf(err, errlen, "could not create the RSA key pair '%s': %s", priv,
                     k ? strerror(errno) : ssl_errstr());
            EVP_PKEY_free(k);
            return -1;
        }
        EVP_PKEY_free(k);
    }
    FILE *f = fopen(priv, "r");
    if (!f) {
        snprintf(err, errlen, "could not open '%s': %s", priv, strerror(errno));
        return -1;
    }
    rsa_key = PEM_read_PrivateKey(f, NULL, NULL, NULL);
    fclose(f);
    if (!rsa_key || EVP_PKEY_get_base_id(rsa_key) != EVP_PKEY_RSA) {
        snprintf(err, errlen, "'%s' holds no RSA private key", priv);
        EVP_PKEY_free(rsa_key);
        rsa_key = NULL;
        return -1;
    }
    /* The public PEM is derived from the private key, so the two always match. */
    BIO *mb = BIO_new(BIO_s_mem());
    if (!mb || PEM_write_bio_PUBKEY(mb, rsa_key) != 1) {
        BIO_free(mb);
        snprintf(err, errlen, "could not encode the RSA public key");
        return -1;
    }
    char *data;
    long n = BIO_get_mem_data(mb, &data);
    rsa_pub_pem = malloc((size_t)n + 1);
    if (rsa_pub_pem) {
        memcpy(rsa_pub_pem, data, (size_t)n);
        rsa_pub_pem[n] = '\0';
        rsa_pub_len = (size_t)n;
    }
    BIO_free(mb);
    return rsa_pub_pem ? 0 : -1;
}

const char *srv_rsa_public_pem(size_t *len)
{
    *len = rsa_pub_len;
    return rsa_pub_pem;
}

int srv_rsa_decrypt(const uint8_t *in, size_t n, uint8_t *out, size_t cap)
{
    if (!rsa_key)
        return -1;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(rsa_key, NULL);
    if (!ctx)
        return -1;
    size_t outlen = 0;
    int rc = -1;
    if (EVP_PKEY_decrypt_init(ctx) == 1 &&
        EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) == 1 &&
        EVP_PKEY_decrypt(ctx, NULL, &outlen, in, n) == 1 && outlen <= cap) {
        outlen = cap;
        if (EVP_PKEY_decrypt(ctx, out, &outlen, in, n) == 1)
            rc = (int)outlen;
    }
    EVP_PKEY_CTX_free(ctx);
    ERR_clear_error();
    return rc;
}

int srv_tls_init(char *err, size_t errlen)
{
    if (tls_bio_setup()) {
        snprintf(err, errlen, "could not create the TLS BIO method");
        return -1;
    }
    char cert[SRV_PATH_MAX + 32], key[SRV_PATH_MAX + 32];
    char e2[512];
    EVP_PKEY *made = NULL;
    if (srv_cfg.ssl && (srv_cfg.ssl_cert[0] || srv_cfg.ssl_key[0])) {
        /* Given by the user: a failure leaves TLS off, as mariadbd does. */
        snprintf(cert, sizeof cert, "%s", srv_cfg.ssl_cert[0] ? srv_cfg.ssl_cert : srv_cfg.ssl_key);
        snprintf(key, sizeof key, "%s", srv_cfg.ssl_key[0] ? srv_cfg.ssl_key : srv_cfg.ssl_cert);
        if (tls_ctx_setup(cert, key, e2, sizeof e2)) {
            srv_log(SRV_ERROR, 0, "SSL error: %s", e2);
            srv_log(SRV_ERROR, 0, "Failed to setup SSL");
        }
    } else if (srv_cfg.ssl) {
        snprintf(cert, sizeof cert, "%s/server-cert.pem", srv_cfg.datadir);
        snprintf(key, sizeof key, "%s/server-key.pem", srv_cfg.datadir);
        if (ensure_self_signed(cert, key, &made, e2, sizeof e2) ||
            tls_ctx_setup(cert, key, e2, sizeof e2)) {
            srv_log(SRV_ERROR, 0, "SSL error: %s", e2);
            srv_log(SRV_ERROR, 0, "Failed to setup SSL");
        }
    }
    int rc = rsa_setup(made, err, errlen);
    EVP_PKEY_free(made);
    return rc;
}

void srv_tls_free(void)
{
    SSL_CTX_free(tls_ctx);
    tls_ctx = NULL;
    EVP_PKEY_free(rsa_key);
    rsa_key = NULL;
    free(rsa_pub_pem);
    rsa_pub_pem = NULL;
    if (tls_bio_method)
        BIO_meth_free(tls_bio_method);
    tls_bio_method = NULL;
}
