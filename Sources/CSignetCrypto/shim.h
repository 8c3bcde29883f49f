// CSignetCrypto: the thin C boundary between Swift and OpenSSL 3's libcrypto.
//
// One small function per operation Swift needs, nothing clever: every policy (which algorithm,
// when to copy a context, how to report errors) lives in Swift (Sources/SignetCrypto/Backend). Base64 and
// constant-time comparison are Signet's own Swift, the same on every backend.
// The functions are `static inline` so a system-library target can carry them without a .c file,
// and so Swift calls them with no extra call frame.
#ifndef CSIGNETCRYPTO_SHIM_H
#define CSIGNETCRYPTO_SHIM_H

// SHA-1's block functions (SHA1_Init, SHA1_Update, SHA1_Final) are deprecated in OpenSSL 3 in favour of EVP,
// but still exported: HMAC-SHA1 below keeps its prepared key as two plain SHA_CTX states, which a message
// copies (no allocation, no reference count shared between threads), where an EVP_MAC_CTX_dup allocated
// nine times and counted references on the one shared EVP_MD (docs/decisions.md, "HMAC-SHA1 without EVP").
// Defined before any OpenSSL header, so their declarations carry no deprecation.
#define OPENSSL_SUPPRESS_DEPRECATED

#if defined(__has_include)
#  if !__has_include(<openssl/evp.h>)
#    error "CSignetCrypto needs OpenSSL 3 libcrypto headers: install libssl-dev (apt-get install -y libssl-dev pkg-config)"
#  endif
#endif

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/opensslv.h>
#include <openssl/sha.h>
#include <openssl/crypto.h>
#include <string.h>

#if OPENSSL_VERSION_MAJOR < 3
#  error "CSignetCrypto needs OpenSSL 3 or newer (libssl-dev from Debian 12 / Ubuntu 22.04 or later)"
#endif

// MARK: - Message digests (MD5, SHA-1)

/// Fetches a digest algorithm by name ("MD5", "SHA1") once; NULL when the provider lacks it.
static inline EVP_MD *signet_digest_fetch(const char *name) {
    return EVP_MD_fetch(NULL, name, NULL);
}

/// Releases a fetched digest algorithm.
static inline void signet_digest_free(EVP_MD *md) { EVP_MD_free(md); }

/// Allocates a digest context and initialises it for `md`; NULL on failure.
static inline EVP_MD_CTX *signet_digest_new(const EVP_MD *md) {
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    if (ctx == NULL) return NULL;
    if (EVP_DigestInit_ex2(ctx, md, NULL) != 1) { EVP_MD_CTX_free(ctx); return NULL; }
    return ctx;
}

/// Re-initialises an existing context for `md`, so one context can hash many messages. 1 on success.
static inline int signet_digest_reset(EVP_MD_CTX *ctx, const EVP_MD *md) {
    return EVP_DigestInit_ex2(ctx, md, NULL);
}

/// Copies a digest context (the state so far); NULL on failure.
static inline EVP_MD_CTX *signet_digest_copy(const EVP_MD_CTX *ctx) {
    EVP_MD_CTX *out = EVP_MD_CTX_new();
    if (out == NULL) return NULL;
    if (EVP_MD_CTX_copy_ex(out, ctx) != 1) { EVP_MD_CTX_free(out); return NULL; }
    return out;
}

/// Feeds bytes into a digest. 1 on success.
static inline int signet_digest_update(EVP_MD_CTX *ctx, const void *data, size_t count) {
    return EVP_DigestUpdate(ctx, data, count);
}

/// Writes the digest into `out` (at least EVP_MAX_MD_SIZE bytes); returns its length, 0 on failure.
static inline size_t signet_digest_final(EVP_MD_CTX *ctx, uint8_t *out) {
    unsigned int length = 0;
    if (EVP_DigestFinal_ex(ctx, out, &length) != 1) return 0;
    return (size_t)length;
}

/// Frees a digest context.
static inline void signet_digest_ctx_free(EVP_MD_CTX *ctx) { EVP_MD_CTX_free(ctx); }

// MARK: - HMAC (EVP_MAC "HMAC" with digest SHA1)

/// Fetches the HMAC MAC algorithm once; NULL when unavailable.
static inline EVP_MAC *signet_hmac_fetch(void) { return EVP_MAC_fetch(NULL, "HMAC", NULL); }

/// Releases the fetched HMAC algorithm.
static inline void signet_hmac_free(EVP_MAC *mac) { EVP_MAC_free(mac); }

/// Creates an HMAC context keyed with `key` over `digest` ("SHA1"); NULL on failure.
/// The keyed context is the prepared key: per message it is duplicated, never re-keyed.
static inline EVP_MAC_CTX *signet_hmac_new_keyed(EVP_MAC *mac, const char *digest,
                                                 const void *key, size_t key_length) {
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    if (ctx == NULL) return NULL;
    OSSL_PARAM params[2];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)digest, 0);
    params[1] = OSSL_PARAM_construct_end();
    // A zero-length key is legal for HMAC; OpenSSL wants a non-NULL pointer for it.
    static const unsigned char empty = 0;
    if (EVP_MAC_init(ctx, key_length > 0 ? (const unsigned char *)key : &empty, key_length, params) != 1) {
        EVP_MAC_CTX_free(ctx);
        return NULL;
    }
    return ctx;
}

/// Duplicates a keyed (or partly fed) HMAC context; NULL on failure.
static inline EVP_MAC_CTX *signet_hmac_dup(const EVP_MAC_CTX *ctx) { return EVP_MAC_CTX_dup(ctx); }

/// Feeds bytes into an HMAC. 1 on success.
static inline int signet_hmac_update(EVP_MAC_CTX *ctx, const void *data, size_t count) {
    return EVP_MAC_update(ctx, (const unsigned char *)data, count);
}

/// Writes the MAC into `out` (capacity `capacity`); returns its length, 0 on failure.
static inline size_t signet_hmac_final(EVP_MAC_CTX *ctx, uint8_t *out, size_t capacity) {
    size_t length = 0;
    if (EVP_MAC_final(ctx, out, &length, capacity) != 1) return 0;
    return length;
}

/// Frees an HMAC context.
static inline void signet_hmac_ctx_free(EVP_MAC_CTX *ctx) { EVP_MAC_CTX_free(ctx); }

// MARK: - HMAC-SHA1 over prepared SHA-1 states (RFC 2104)

/// HMAC-SHA1's prepared key: the SHA-1 states after absorbing the key's inner pad (key XOR 0x36) and outer
/// pad (key XOR 0x5c). Read-only once prepared, so threads share it; a message works on copies.
typedef struct {
    SHA_CTX inner;
    SHA_CTX outer;
} signet_hmac_sha1_key;

/// Prepares `prepared` for `key` (a key longer than SHA-1's 64-byte block is hashed first). 1 on success.
static inline int signet_hmac_sha1_prepare(signet_hmac_sha1_key *prepared, const void *key, size_t key_length) {
    unsigned char block[SHA_CBLOCK];
    unsigned char pad[SHA_CBLOCK];
    memset(block, 0, sizeof block);
    if (key_length > SHA_CBLOCK) {
        if (SHA1((const unsigned char *)key, key_length, block) == NULL) return 0;
    } else if (key_length > 0) {
        memcpy(block, key, key_length);
    }
    int ok = 1;
    for (size_t i = 0; i < SHA_CBLOCK; i++) pad[i] = block[i] ^ 0x36;
    ok = ok && SHA1_Init(&prepared->inner) == 1 && SHA1_Update(&prepared->inner, pad, SHA_CBLOCK) == 1;
    for (size_t i = 0; i < SHA_CBLOCK; i++) pad[i] = block[i] ^ 0x5c;
    ok = ok && SHA1_Init(&prepared->outer) == 1 && SHA1_Update(&prepared->outer, pad, SHA_CBLOCK) == 1;
    OPENSSL_cleanse(block, sizeof block);
    OPENSSL_cleanse(pad, sizeof pad);
    return ok;
}

/// HMAC-SHA1 of `count` bytes at `data` with `prepared`, into `out` (20 bytes). 1 on success.
static inline int signet_hmac_sha1(const signet_hmac_sha1_key *prepared, const void *data, size_t count, uint8_t *out) {
    SHA_CTX context = prepared->inner;
    unsigned char inner[SHA_DIGEST_LENGTH];
    int ok = (count == 0 || SHA1_Update(&context, data, count) == 1) && SHA1_Final(inner, &context) == 1;
    context = prepared->outer;
    ok = ok && SHA1_Update(&context, inner, sizeof inner) == 1 && SHA1_Final(out, &context) == 1;
    OPENSSL_cleanse(&context, sizeof context);
    return ok;
}

/// Wipes a prepared key (before its memory is freed).
static inline void signet_hmac_sha1_clear(signet_hmac_sha1_key *prepared) { OPENSSL_cleanse(prepared, sizeof *prepared); }

#endif
