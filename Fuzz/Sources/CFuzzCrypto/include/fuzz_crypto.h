// MD5 and HMAC-SHA1 computed by libcrypto directly, with no Signet code in between: the reference side of
// the crypto-diff harness. Each returns 1 on success and 0 when libcrypto fails.
#ifndef FUZZ_CRYPTO_H
#define FUZZ_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

/// MD5 of `length` bytes at `data` into `out` (16 bytes).
int fuzz_md5(const uint8_t *data, size_t length, uint8_t out[16]);

/// HMAC-SHA1 of `length` bytes at `data` under a `key_length`-byte key, into `out` (20 bytes).
int fuzz_hmac_sha1(const uint8_t *key, size_t key_length, const uint8_t *data, size_t length, uint8_t out[20]);

#endif
