// The benchmark's floor: GameSystem signing done straight from C with everything prepared once.
// It is the baseline `signet-bench` compares the Swift signer against, in the same process.
#ifndef CSIGNETBENCHFLOOR_H
#define CSIGNETBENCHFLOOR_H

#include <stddef.h>
#include <stdint.h>

/// Prepared state: MD5 fetched and one context kept for reuse, the HMAC key set once.
typedef struct signet_floor signet_floor;

/// Prepares the floor for a fixed key, secret, date, path and method; NULL on failure.
signet_floor *signet_floor_new(const char *api_key, const char *secret, const char *date,
                               const char *path, const char *method);

/// Signs `body`, writing the NUL-terminated `KEY:hexsignature` into `authorization` (capacity
/// `capacity`) and the base64 Content-MD5 into `content_md5` (capacity >= 25). 1 on success.
int signet_floor_sign(signet_floor *floor, const uint8_t *body, size_t length,
                      char *content_md5, char *authorization, size_t capacity);

/// Releases the prepared state.
void signet_floor_free(signet_floor *floor);

/// Hashes a file's contents with MD5 through libcrypto, reading `chunk` bytes at a time (the C
/// equivalent of `openssl dgst -md5`). Writes 16 bytes into `out`. 1 on success.
int signet_floor_md5_file(const char *path, size_t chunk, uint8_t *out);

/// Pins thread `tid` (a Linux thread id; any thread of any process this user owns) to CPU `cpu`.
/// 1 on success, 0 on failure or where the system has no such call.
int signet_bench_pin_thread(int tid, int cpu);

#endif
int signet_floor_md5_only(signet_floor *floor, const uint8_t *body, size_t length, uint8_t *out);
int signet_floor_hmac_only(signet_floor *floor, const uint8_t *text, size_t length, uint8_t *out);
