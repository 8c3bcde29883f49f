#include "floor.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The floor is libcrypto's, whichever backend SignetCrypto was built with. Package.swift defines
// SIGNET_FLOOR_LIBCRYPTO where libcrypto is linked (Linux); elsewhere every function below says "no floor".
#ifdef SIGNET_FLOOR_LIBCRYPTO
// The HMAC is SignetCrypto's own, from its shim (prepared SHA-1 states copied per message), so the floor
// does the same work.
#include "../CSignetCrypto/shim.h"  // the dependency CSignetCrypto: a system library, its header by path

struct signet_floor {
    EVP_MD *md5;
    EVP_MD_CTX *md5_ctx;     // reused for every message
    signet_hmac_sha1_key key;  // the key's inner and outer pads absorbed once; copied per message (RFC 2104)
    char prefix[64];         // "date\n" with the separator (two characters backslash, n)
    size_t prefix_length;
    char suffix[512];        // "\npath\nMETHOD"
    size_t suffix_length;
    char api_key[128];
    size_t api_key_length;
};

static const char separator[] = "\\n";

signet_floor *signet_floor_new(const char *api_key, const char *secret, const char *date,
                               const char *path, const char *method) {
    signet_floor *floor = calloc(1, sizeof(*floor));
    if (floor == NULL) return NULL;
    floor->md5 = EVP_MD_fetch(NULL, "MD5", NULL);
    floor->md5_ctx = EVP_MD_CTX_new();
    if (!floor->md5 || !floor->md5_ctx || signet_hmac_sha1_prepare(&floor->key, secret, strlen(secret)) != 1) {
        signet_floor_free(floor);
        return NULL;
    }
    floor->prefix_length = (size_t)snprintf(floor->prefix, sizeof floor->prefix, "%s%s", date, separator);
    floor->suffix_length = (size_t)snprintf(floor->suffix, sizeof floor->suffix, "%s%s%s%s", separator, path, separator, method);
    floor->api_key_length = (size_t)snprintf(floor->api_key, sizeof floor->api_key, "%s:", api_key);
    return floor;
}

int signet_floor_sign(signet_floor *floor, const uint8_t *body, size_t length,
                      char *content_md5, char *authorization, size_t capacity) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int digest_length = 0;
    if (EVP_DigestInit_ex2(floor->md5_ctx, floor->md5, NULL) != 1) return 0;
    if (EVP_DigestUpdate(floor->md5_ctx, body, length) != 1) return 0;
    if (EVP_DigestFinal_ex(floor->md5_ctx, digest, &digest_length) != 1) return 0;
    int b64_length = EVP_EncodeBlock((unsigned char *)content_md5, digest, (int)digest_length);

    char text[640];
    size_t used = 0;
    memcpy(text, floor->prefix, floor->prefix_length); used += floor->prefix_length;
    memcpy(text + used, content_md5, (size_t)b64_length); used += (size_t)b64_length;
    memcpy(text + used, floor->suffix, floor->suffix_length); used += floor->suffix_length;

    unsigned char mac[SHA_DIGEST_LENGTH];
    size_t mac_length = sizeof mac;
    int ok = signet_hmac_sha1(&floor->key, text, used, mac);
    if (!ok || floor->api_key_length + mac_length * 2 + 1 > capacity) return 0;

    static const char digits[] = "0123456789abcdef";
    memcpy(authorization, floor->api_key, floor->api_key_length);
    char *out = authorization + floor->api_key_length;
    for (size_t i = 0; i < mac_length; i++) {
        *out++ = digits[mac[i] >> 4];
        *out++ = digits[mac[i] & 15];
    }
    *out = '\0';
    return 1;
}

void signet_floor_free(signet_floor *floor) {
    if (floor == NULL) return;
    EVP_MD_CTX_free(floor->md5_ctx);
    EVP_MD_free(floor->md5);
    signet_hmac_sha1_clear(&floor->key);
    free(floor);
}

int signet_floor_md5_file(const char *path, size_t chunk, uint8_t *out) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    unsigned char *buffer = malloc(chunk);
    EVP_MD *md5 = EVP_MD_fetch(NULL, "MD5", NULL);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = buffer && md5 && ctx && EVP_DigestInit_ex2(ctx, md5, NULL) == 1;
    ssize_t count;
    while (ok && (count = read(fd, buffer, chunk)) > 0) ok = EVP_DigestUpdate(ctx, buffer, (size_t)count) == 1;
    unsigned int length = 0;
    if (ok) ok = EVP_DigestFinal_ex(ctx, out, &length) == 1;
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md5);
    free(buffer);
    close(fd);
    return ok;
}

int signet_floor_md5_only(signet_floor *floor, const uint8_t *body, size_t length, uint8_t *out) {
    unsigned int digest_length = 0;
    return EVP_DigestInit_ex2(floor->md5_ctx, floor->md5, NULL) == 1
        && EVP_DigestUpdate(floor->md5_ctx, body, length) == 1
        && EVP_DigestFinal_ex(floor->md5_ctx, out, &digest_length) == 1;
}

int signet_floor_hmac_only(signet_floor *floor, const uint8_t *text, size_t length, uint8_t *out) {
    return signet_hmac_sha1(&floor->key, text, length, out);
}

#else

signet_floor *signet_floor_new(const char *api_key, const char *secret, const char *date,
                               const char *path, const char *method) {
    (void)api_key; (void)secret; (void)date; (void)path; (void)method;
    return NULL;
}

int signet_floor_sign(signet_floor *floor, const uint8_t *body, size_t length,
                      char *content_md5, char *authorization, size_t capacity) {
    (void)floor; (void)body; (void)length; (void)content_md5; (void)authorization; (void)capacity;
    return 0;
}

void signet_floor_free(signet_floor *floor) { (void)floor; }

int signet_floor_md5_file(const char *path, size_t chunk, uint8_t *out) {
    (void)path; (void)chunk; (void)out;
    return 0;
}

int signet_floor_md5_only(signet_floor *floor, const uint8_t *body, size_t length, uint8_t *out) {
    (void)floor; (void)body; (void)length; (void)out;
    return 0;
}

int signet_floor_hmac_only(signet_floor *floor, const uint8_t *text, size_t length, uint8_t *out) {
    (void)floor; (void)text; (void)length; (void)out;
    return 0;
}

#endif
