/* func_crypto.c - hashing, encryption and compression: MD5, SHA1/SHA2, CRC32, AES_ENCRYPT/
 * AES_DECRYPT, COMPRESS/UNCOMPRESS (zlib), PASSWORD/OLD_PASSWORD, ENCODE/DECODE, RANDOM_BYTES.
 * Each SQL function is a body (fn_*), a type rule (ty_*) and a row of the table at the
 * end (ARCHITECTURE.md "Function registry"). */
#include "engine/func_int.h"
#include <math.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

static void ty_md5(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 32, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_sha1(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 40, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_sha2(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 128, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_crc32(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 10);
    t->vt = VT_UINT;
    t->flags |= UNSIGNED_FLAG;
}

static void fn_sha2(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    if (n > 1 && a[1].t == VT_NULL) a[1] = ex_int(0);   /* SHA2(s, NULL) is SHA-256 */
    if (a[0].t == VT_NULL && n > 1 && e && e->nargs > 1 && e->args[1]->kind == E_INT) {
        /* a constant length is checked once for the statement, whatever the string */
        int64_t bits = ex_to_int(&a[1]);
        if (bits != 0 && bits != 224 && bits != 256 && bits != 384 && bits != 512 && ex_warn_due(ctx, e, e->args[1]))
            ex_warn(ctx, "Warning", 1583, "Incorrect parameters in the call to native function 'sha2'");
    }
    for (int i = 0; i < n; i++) if (a[i].t == VT_NULL) return;   /* NULL in, NULL out */
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    int64_t bits = ex_to_int(&a[1]);
    const EVP_MD *md = bits == 224 ? EVP_sha224() : bits == 256 || bits == 0 ? EVP_sha256() : bits == 384 ? EVP_sha384() : bits == 512 ? EVP_sha512() : NULL;
    if (!md) {
        if (ex_warn_due(ctx, e, e && e->nargs > 1 ? e->args[1] : NULL))
            ex_warn(ctx, "Warning", 1583, "Incorrect parameters in the call to native function 'sha2'");
        return;
    }
    unsigned char dg[64];
    unsigned int ml = 0;
    EVP_Digest(s0, l0, dg, &ml, md, NULL);
    char *o = stor_arena_alloc(ctx->a, ml * 2 + 1);
    ex_fn_hex_of(dg, ml, o, false);
    *out = ex_str(o, ml * 2, ctx->s->coll_connection);
}

static void fn_md5(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    unsigned char md[64];
    unsigned int ml = 0;
    EVP_Digest(s0, l0, md, &ml, fd->id == F_MD5 ? EVP_md5() : EVP_sha1(), NULL);
    char *o = stor_arena_alloc(ctx->a, ml * 2 + 1);
    ex_fn_hex_of(md, ml, o, false);
    *out = ex_str(o, ml * 2, ctx->s->coll_connection);
}

static void fn_crc32(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l0;
    const char *s0;
    s0 = ex_to_str(ctx->a, &a[0], &l0);
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < l0; i++) { c ^= (unsigned char)s0[i]; for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1; }
    *out = ex_int(0);
    out->t = VT_UINT;
    out->u = c ^ 0xffffffffu;
}

static void ty_random_bytes(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 1024, COLL_BINARY);
}

static void ty_compress(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, a[0].length * 120 / 100 + 12, COLL_BINARY);
}

static void ty_uncompress(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 16777216, COLL_BINARY);
    t->ptype = MYSQL_TYPE_LONG_BLOB;
    t->length = 16777216;   /* as MariaDB shows it: no BLOB flag */
}

static void ty_uncompressed_length(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_intl(t, 10, false);
}

static void ty_aes_encrypt(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, (a[0].length / 16 + 1) * 16, COLL_BINARY);
}

static void ty_aes_decrypt(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, a[0].length, COLL_BINARY);
}

static void ty_password(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 41, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_old_password(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, 16, COLL_UTF8MB4_GENERAL_CI);
}

static void ty_encode(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_type_text(t, a[0].vt == VT_STRING ? a[0].length : 21, COLL_BINARY);
}

/* The pre-4.1 password hash: two 31-bit sums over the bytes, spaces and tabs skipped
 * (OLD_PASSWORD, and the seed of ENCODE/DECODE). */
static void old_hash(const unsigned char *s, size_t l, uint64_t h[2])
{
    uint64_t nr = 1345345333u, add = 7, nr2 = 0x12345671u;
    for (size_t i = 0; i < l; i++) {
        if (s[i] == ' ' || s[i] == '\t') continue;
        uint64_t tmp = s[i];
        nr ^= (((nr & 63) + add) * tmp) + (nr << 8);
        nr2 += (nr2 << 8) ^ nr;
        add += tmp;
    }
    h[0] = nr & 0x7fffffffu;
    h[1] = nr2 & 0x7fffffffu;
}

static void fn_random_bytes(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    int64_t k = ex_to_int(&a[0]);
    if (k < 0 || k > 1024) return;
    unsigned char *buf = stor_arena_alloc(ctx->a, (size_t)k + 1);
    if (k && RAND_bytes(buf, (int)k) != 1) return;
    *out = ex_str((char *)buf, (size_t)k, COLL_BINARY);
}

static void fn_compress(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* MariaDB's: the length in 4 bytes (little-endian, 30 bits), a zlib stream, and a
     * '.' after a final space (so CHAR columns keep it) */
    size_t l;
    const char *s = ex_to_str(ctx->a, &a[0], &l);
    if (!l) { *out = ex_fn_mkstr(ctx, "", 0, COLL_BINARY); return; }
    uLongf cap = compressBound((uLong)l);
    unsigned char *buf = stor_arena_alloc(ctx->a, cap + 6);
    if (compress(buf + 4, &cap, (const Bytef *)s, (uLong)l) != Z_OK) return;
    uint32_t n32 = (uint32_t)l & 0x3FFFFFFF;
    buf[0] = (unsigned char)n32;
    buf[1] = (unsigned char)(n32 >> 8);
    buf[2] = (unsigned char)(n32 >> 16);
    buf[3] = (unsigned char)(n32 >> 24);
    size_t k = 4 + cap;
    if (buf[k - 1] == ' ') buf[k++] = '.';
    *out = ex_str((char *)buf, k, COLL_BINARY);
}

static void fn_uncompress(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l;
    const unsigned char *s = (const unsigned char *)ex_to_str(ctx->a, &a[0], &l);
    if (!l) { *out = fd->id == EX_FX_UNCOMPRESS ? ex_fn_mkstr(ctx, "", 0, COLL_BINARY) : ex_int(0); return; }
    if (l <= 4 && fd->id == EX_FX_UNCOMPRESSED_LENGTH) {
        ex_warn(ctx, "Warning", 1259, "ZLIB: Input data corrupted");
        return;
    }
    uint32_t n32 = (l >= 4 ? ((uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24) : 0) & 0x3FFFFFFF;
    if (fd->id == EX_FX_UNCOMPRESSED_LENGTH) { *out = ex_int(n32); return; }
    if (l <= 4) { ex_warn(ctx, "Warning", 1259, "ZLIB: Input data corrupted"); return; }
    if (n32 > ctx->s->max_allowed_packet) {
        ex_warn(ctx, "Warning", 1256, "Uncompressed data size too large; the maximum size is %llu (probably, length of uncompressed data was corrupted)",
                (unsigned long long)ctx->s->max_allowed_packet);
        return;
    }
    uLongf got = n32;
    unsigned char *buf = stor_arena_alloc(ctx->a, (size_t)n32 + 1);
    int rc = uncompress(buf, &got, s + 4, (uLong)(l - 4));
    if (rc != Z_OK) {
        if (rc == Z_BUF_ERROR) ex_warn(ctx, "Warning", 1258, "ZLIB: Not enough room in the output buffer (probably, length of uncompressed data was corrupted)");
        else if (rc == Z_MEM_ERROR) ex_warn(ctx, "Warning", 1257, "ZLIB: Not enough memory");
        else ex_warn(ctx, "Warning", 1259, "ZLIB: Input data corrupted");
        return;
    }
    *out = ex_str((char *)buf, got, COLL_BINARY);
}

static void fn_aes_encrypt(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* AES-128-ECB with PKCS padding; the key folded into 16 bytes by XOR, as MariaDB */
    size_t l, kl;
    const char *s = ex_to_str(ctx->a, &a[0], &l), *key = ex_to_str(ctx->a, &a[1], &kl);
    unsigned char rkey[16] = { 0 };
    for (size_t i = 0; i < kl; i++) rkey[i % 16] ^= (unsigned char)key[i];
    if (fd->id == EX_FX_AES_DECRYPT && (l == 0 || l % 16)) return;
    unsigned char *buf = stor_arena_alloc(ctx->a, l + 32);
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int k1 = 0, k2 = 0;
    bool ok = c && (fd->id == EX_FX_AES_ENCRYPT ? EVP_EncryptInit_ex(c, EVP_aes_128_ecb(), NULL, rkey, NULL) == 1 &&
                                              EVP_EncryptUpdate(c, buf, &k1, (const unsigned char *)s, (int)l) == 1 &&
                                              EVP_EncryptFinal_ex(c, buf + k1, &k2) == 1
                                            : EVP_DecryptInit_ex(c, EVP_aes_128_ecb(), NULL, rkey, NULL) == 1 &&
                                              EVP_DecryptUpdate(c, buf, &k1, (const unsigned char *)s, (int)l) == 1 &&
                                              EVP_DecryptFinal_ex(c, buf + k1, &k2) == 1);
    if (c) EVP_CIPHER_CTX_free(c);
    if (!ok) return;
    *out = ex_str((char *)buf, (size_t)(k1 + k2), COLL_BINARY);
}

static void fn_password(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL) { *out = ex_fn_mkstr(ctx, "", 0, COLL_UTF8MB4_GENERAL_CI); return; }
    size_t l;
    const char *s = ex_to_str(ctx->a, &a[0], &l);
    if (!l) { *out = ex_fn_mkstr(ctx, "", 0, COLL_UTF8MB4_GENERAL_CI); return; }
    unsigned char h1[EVP_MAX_MD_SIZE], h2[EVP_MAX_MD_SIZE];
    unsigned int m1, m2;
    EVP_Digest(s, l, h1, &m1, EVP_sha1(), NULL);
    EVP_Digest(h1, m1, h2, &m2, EVP_sha1(), NULL);
    char buf[48];
    buf[0] = '*';
    for (unsigned int i = 0; i < m2 && i < 20; i++) snprintf(buf + 1 + 2 * i, 3, "%02X", h2[i]);
    *out = ex_fn_mkstr(ctx, buf, 41, COLL_UTF8MB4_GENERAL_CI);
}

static void fn_old_password(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    size_t l;
    const unsigned char *s = (const unsigned char *)ex_to_str(ctx->a, &a[0], &l);
    if (!l) { *out = ex_fn_mkstr(ctx, "", 0, COLL_UTF8MB4_GENERAL_CI); return; }
    uint64_t h[2];
    old_hash(s, l, h);
    char buf[24];
    snprintf(buf, sizeof buf, "%08lx%08lx", (unsigned long)h[0], (unsigned long)h[1]);
    *out = ex_fn_mkstr(ctx, buf, 16, COLL_UTF8MB4_GENERAL_CI);
}

static void fn_encode(ex_ctx *ctx, const ex_fdef *fd, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    /* MariaDB's SQL_CRYPT: a byte permutation shuffled by a generator seeded from
     * the password's old hash, each byte then mixed with a running shift */
    size_t l, kl;
    const char *src = ex_to_str(ctx->a, &a[0], &l);
    const unsigned char *key = (const unsigned char *)ex_to_str(ctx->a, &a[1], &kl);
    uint64_t h[2];
    old_hash(key, kl, h);
    ex_rand r;
    r.s1 = h[0] % RAND_MAX_VALUE;
    r.s2 = h[1] % RAND_MAX_VALUE;
    unsigned char dec[256], enc[256];
    for (int i = 0; i < 256; i++) dec[i] = (unsigned char)i;
    for (int i = 0; i < 256; i++) {
        int idx = (int)(ex_fn_rand_next(&r) * 255.0);
        unsigned char t = dec[idx];
        dec[idx] = dec[i];
        dec[i] = t;
    }
    for (int i = 0; i < 256; i++) enc[dec[i]] = (unsigned char)i;
    unsigned char *o = stor_arena_alloc(ctx->a, l + 1);
    unsigned shift = 0;
    for (size_t i = 0; i < l; i++) {
        shift ^= (unsigned)(ex_fn_rand_next(&r) * 255.0);
        unsigned c = (unsigned char)src[i];
        if (fd->id == EX_FX_ENCODE) { o[i] = (unsigned char)(enc[c] ^ shift); shift ^= c; }
        else { o[i] = dec[(c ^ shift) & 255]; shift ^= o[i]; }
    }
    *out = ex_str((char *)o, l, COLL_BINARY);
}

static const ex_fdef rows[] = {
    { "AES_DECRYPT", 2, 2, EX_FN_NULL_IN, EX_FX_AES_DECRYPT, ty_aes_decrypt, fn_aes_encrypt },
    { "AES_ENCRYPT", 2, 2, EX_FN_NULL_IN, EX_FX_AES_ENCRYPT, ty_aes_encrypt, fn_aes_encrypt },
    { "COMPRESS", 1, 1, EX_FN_NULL_IN, EX_FX_COMPRESS, ty_compress, fn_compress },
    { "CRC32", 1, 1, EX_FN_NULL_IN, F_CRC32, ty_crc32, fn_crc32 },
    { "DECODE", 2, 2, EX_FN_NULL_IN, EX_FX_DECODE, ty_encode, fn_encode },
    { "ENCODE", 2, 2, EX_FN_NULL_IN, EX_FX_ENCODE, ty_encode, fn_encode },
    { "MD5", 1, 1, EX_FN_NULL_IN, F_MD5, ty_md5, fn_md5 },
    { "OLD_PASSWORD", 1, 1, EX_FN_NULL_IN, EX_FX_OLD_PASSWORD, ty_old_password, fn_old_password },
    { "PASSWORD", 1, 1, 0, EX_FX_PASSWORD, ty_password, fn_password },
    { "RANDOM_BYTES", 1, 1, EX_FN_NULL_IN | EX_FN_VOLATILE, EX_FX_RANDOM_BYTES, ty_random_bytes, fn_random_bytes },
    { "SHA", 1, 1, EX_FN_NULL_IN, F_SHA1, ty_sha1, fn_md5 },
    { "SHA1", 1, 1, EX_FN_NULL_IN, F_SHA1, ty_sha1, fn_md5 },
    { "SHA2", 2, 2, 0, F_SHA2, ty_sha2, fn_sha2 },
    { "UNCOMPRESS", 1, 1, EX_FN_NULL_IN, EX_FX_UNCOMPRESS, ty_uncompress, fn_uncompress },
    { "UNCOMPRESSED_LENGTH", 1, 1, EX_FN_NULL_IN, EX_FX_UNCOMPRESSED_LENGTH, ty_uncompressed_length, fn_uncompress },
};
const ex_ftable ex_fam_crypto = { rows, (int)(sizeof rows / sizeof rows[0]) };
