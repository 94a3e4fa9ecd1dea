/* hash.h: SHA-256, the strong hash behind the JIT's cache keys (gpu/runtime/jit.c).
 *
 * A kernel's cache key must not collide across different sources, architectures or
 * options, and a cache file's payload hash must catch a torn or corrupted write; a 64-bit
 * hash is too weak for a cache shared by every script a user ever runs, so krait uses
 * SHA-256 (FIPS 180-4). It is incremental so the key can be fed piece by piece without
 * concatenating the source and its options into one buffer. */
#ifndef KRAIT_GPU_HASH_H
#define KRAIT_GPU_HASH_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_SIZE 32

typedef struct Sha256 {
    uint32_t state[8];
    uint64_t length; /* bytes fed so far */
    uint8_t block[64];
    size_t used; /* bytes waiting in block */
} Sha256;

void sha256_init(Sha256 *h);
void sha256_update(Sha256 *h, const void *data, size_t len);
void sha256_final(Sha256 *h, uint8_t out[SHA256_SIZE]);
void sha256(const void *data, size_t len, uint8_t out[SHA256_SIZE]);

/* Lower-case hex of n bytes into out, which holds 2n+1 chars (NUL-terminated). */
void hash_to_hex(const uint8_t *bytes, size_t n, char *out);

#endif
