#include "fuzz_crypto.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

int fuzz_md5(const uint8_t *data, size_t length, uint8_t out[16]) {
    unsigned int written = 0;
    // EVP_Digest wants a non-null pointer even for no bytes.
    static const uint8_t empty = 0;
    if (EVP_Digest(length ? data : &empty, length, out, &written, EVP_md5(), NULL) != 1) return 0;
    return written == 16;
}

int fuzz_hmac_sha1(const uint8_t *key, size_t key_length, const uint8_t *data, size_t length, uint8_t out[20]) {
    static const uint8_t empty = 0;
    unsigned int written = 0;
    if (key_length > (size_t)INT32_MAX) return 0;
    if (HMAC(EVP_sha1(), key_length ? key : &empty, (int)key_length, length ? data : &empty, length, out, &written) == NULL)
        return 0;
    return written == 20;
}
