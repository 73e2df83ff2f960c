/* auth.c - mysql_native_password and caching_sha2_password hashes and response checks. */
#include "protocol/protocol.h"

#include <openssl/crypto.h>
#include <openssl/sha.h>
#include <string.h>

void proto_native_stored_hash(const char *pw, size_t n, uint8_t stored[20])
{
    uint8_t stage1[SHA_DIGEST_LENGTH];
    SHA1((const unsigned char *)(pw ? pw : ""), pw ? n : 0, stage1);
    SHA1(stage1, sizeof stage1, stored);
    OPENSSL_cleanse(stage1, sizeof stage1);
}

int proto_native_check(const uint8_t scramble[20], const uint8_t *resp, size_t n,
                       const uint8_t stored[20], int stored_is_empty)
{
    if (n == 0)
        return stored_is_empty ? 1 : 0;
    if (stored_is_empty || n != SHA_DIGEST_LENGTH || !resp)
        return 0;
    /* resp = SHA1(pw) XOR SHA1(scramble || SHA1(SHA1(pw))); recover SHA1(pw) and hash it. */
    uint8_t buf[PROTO_SCRAMBLE_LEN + SHA_DIGEST_LENGTH];
    uint8_t mask[SHA_DIGEST_LENGTH], stage1[SHA_DIGEST_LENGTH], check[SHA_DIGEST_LENGTH];
    memcpy(buf, scramble, PROTO_SCRAMBLE_LEN);
    memcpy(buf + PROTO_SCRAMBLE_LEN, stored, SHA_DIGEST_LENGTH);
    SHA1(buf, sizeof buf, mask);
    for (size_t i = 0; i < SHA_DIGEST_LENGTH; i++)
        stage1[i] = resp[i] ^ mask[i];
    SHA1(stage1, sizeof stage1, check);
    int ok = CRYPTO_memcmp(check, stored, SHA_DIGEST_LENGTH) == 0;
    OPENSSL_cleanse(stage1, sizeof stage1);
    return ok;
}

void proto_sha2_stored_hash(const char *pw, size_t n, uint8_t stored[32])
{
    uint8_t stage1[SHA256_DIGEST_LENGTH];
    SHA256((const unsigned char *)(pw ? pw : ""), pw ? n : 0, stage1);
    SHA256(stage1, sizeof stage1, stored);
    OPENSSL_cleanse(stage1, sizeof stage1);
}

int proto_sha2_check(const uint8_t scramble[20], const uint8_t *resp, size_t n,
                     const uint8_t stored[32])
{
    if (n != SHA256_DIGEST_LENGTH || !resp)
        return 0;
    /* resp = SHA256(pw) XOR SHA256(stored || scramble), stored = SHA256(SHA256(pw)). */
    uint8_t buf[SHA256_DIGEST_LENGTH + PROTO_SCRAMBLE_LEN];
    uint8_t mask[SHA256_DIGEST_LENGTH], stage1[SHA256_DIGEST_LENGTH], check[SHA256_DIGEST_LENGTH];
    memcpy(buf, stored, SHA256_DIGEST_LENGTH);
    memcpy(buf + SHA256_DIGEST_LENGTH, scramble, PROTO_SCRAMBLE_LEN);
    SHA256(buf, sizeof buf, mask);
    for (size_t i = 0; i < SHA256_DIGEST_LENGTH; i++)
        stage1[i] = resp[i] ^ mask[i];
    SHA256(stage1, sizeof stage1, check);
    int ok = CRYPTO_memcmp(check, stored, SHA256_DIGEST_LENGTH) == 0;
    OPENSSL_cleanse(stage1, sizeof stage1);
    return ok;
}

void proto_native_hash_hex(const uint8_t stored[20], char *out)
{
    static const char hex[] = "0123456789ABCDEF";
    out[0] = '*';
    for (size_t i = 0; i < 20; i++) {
        out[1 + 2 * i] = hex[stored[i] >> 4];
        out[2 + 2 * i] = hex[stored[i] & 15];
    }
    out[41] = '\0';
}
