/* sha512.h: SHA-512 (sha512.c), for random.seed(str). */
#ifndef KRAIT_STDLIB_SHA512_H
#define KRAIT_STDLIB_SHA512_H

#include <stddef.h>

/* SHA-512 of data (stdlib/sha512.c), for random.seed(str). */
void sha512_digest(const void *data, size_t len, unsigned char out[64]);

#endif
