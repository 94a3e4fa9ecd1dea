/* hashlib_digest.c: _hashlib, the native half of hashlib: MD5 (RFC 1321), SHA-1 and
 * SHA-256 (FIPS 180-4) written from the specifications, and SHA-512 (stdlib/sha512.c).
 * Each runs over one buffer: the hash objects of stdlib/py/hashlib.py keep the bytes fed
 * to update() and digest them when asked, so no C state outlives a call. */
#include <stdint.h>
#include <string.h>

#include "../vm/buffer.h"
#include "builtins.h"
#include "modules.h"
#include "sha512.h"
#include "../gpu/runtime/hash.h"

static uint32_t rol32(uint32_t x, int n) {
    return (x << n) | (x >> (32 - n));
}

/* The message padded to a multiple of 64 bytes with its bit length appended (big-endian
 * for SHA, little-endian for MD5). Returns the padded length; buf holds 2 blocks. */
static size_t pad_tail(const unsigned char *data, size_t len, unsigned char buf[128],
                       bool big_endian) {
    size_t rem = len % 64;
    memcpy(buf, data + len - rem, rem);
    buf[rem] = 0x80;
    size_t total = rem + 1 + 8 <= 64 ? 64 : 128;
    memset(buf + rem + 1, 0, total - rem - 1);
    uint64_t bits = (uint64_t)len * 8;
    for (int i = 0; i < 8; i++)
        buf[big_endian ? total - 1 - i : total - 8 + i] = (unsigned char)(bits >> (8 * i));
    return total;
}

/* ---- MD5 ---- */

static const uint32_t md5_k[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
static const int md5_r[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                              5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                              4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                              6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};

static void md5_block(uint32_t h[4], const unsigned char *p) {
    uint32_t m[16];
    for (int i = 0; i < 16; i++)
        m[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
               (uint32_t)p[4 * i + 3] << 24;
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (i < 32) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) % 16;
        } else if (i < 48) {
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
        }
        uint32_t t = d;
        d = c;
        c = b;
        b = b + rol32(a + f + md5_k[i] + m[g], md5_r[i]);
        a = t;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
}

static void md5_digest(const unsigned char *data, size_t len, unsigned char out[16]) {
    uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    size_t full = len - len % 64;
    for (size_t i = 0; i < full; i += 64)
        md5_block(h, data + i);
    unsigned char tail[128];
    size_t n = pad_tail(data, len, tail, false);
    for (size_t i = 0; i < n; i += 64)
        md5_block(h, tail + i);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 4; k++)
            out[4 * i + k] = (unsigned char)(h[i] >> (8 * k));
}

/* ---- SHA-1 ---- */

static void sha1_block(uint32_t h[5], const unsigned char *p) {
    uint32_t w[80];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 80; i++)
        w[i] = rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; i++) {
        uint32_t f, k;
        if (i < 20) {
            f = (b & c) | (~b & d);
            k = 0x5a827999;
        } else if (i < 40) {
            f = b ^ c ^ d;
            k = 0x6ed9eba1;
        } else if (i < 60) {
            f = (b & c) | (b & d) | (c & d);
            k = 0x8f1bbcdc;
        } else {
            f = b ^ c ^ d;
            k = 0xca62c1d6;
        }
        uint32_t t = rol32(a, 5) + f + e + k + w[i];
        e = d;
        d = c;
        c = rol32(b, 30);
        b = a;
        a = t;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
}

static void sha1_digest(const unsigned char *data, size_t len, unsigned char out[20]) {
    uint32_t h[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
    size_t full = len - len % 64;
    for (size_t i = 0; i < full; i += 64)
        sha1_block(h, data + i);
    unsigned char tail[128];
    size_t n = pad_tail(data, len, tail, true);
    for (size_t i = 0; i < n; i += 64)
        sha1_block(h, tail + i);
    for (int i = 0; i < 5; i++)
        for (int k = 0; k < 4; k++)
            out[4 * i + k] = (unsigned char)(h[i] >> (24 - 8 * k));
}

/* ---- SHA-256 ---- */

/* SHA-256 is the JIT cache's (gpu/runtime/hash.c); SHA-224 is the same compression from
 * another initial state, truncated to 28 bytes (FIPS 180-4, 5.3.2). */
static void sha256_digest(const unsigned char *data, size_t len, unsigned char out[32],
                          bool is224) {
    static const uint32_t h224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                     0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
    Sha256 h;
    sha256_init(&h);
    if (is224) memcpy(h.state, h224, sizeof h224);
    sha256_update(&h, data, len);
    sha256_final(&h, out);
}

/* _hashlib.digest(name, data) -> bytes: name one of md5, sha1, sha224, sha256, sha512. */
static Value hashlib_digest(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "digest", kw) || !arg_count(I, "digest", argc, 2, 2)) return V_NULL;
    if (!is_str(I, argv[0])) return err_format(I, TY_TYPE_ERROR, "_hashlib.digest: bad name");
    const unsigned char *data;
    size_t len;
    BufView bv;
    int rb = buf_get(I, argv[1], &bv, false);
    if (rb < 0) return V_NULL;
    if (rb == 0) return err_format(I, TY_TYPE_ERROR, "object supporting the buffer API required");
    data = bv.data;
    len = bv.len;
    static const unsigned char empty[1] = {0};
    if (!data) data = empty;
    const char *name = as_str(argv[0])->data;
    unsigned char out[64];
    size_t n;
    if (strcmp(name, "md5") == 0) {
        md5_digest(data, len, out);
        n = 16;
    } else if (strcmp(name, "sha1") == 0) {
        sha1_digest(data, len, out);
        n = 20;
    } else if (strcmp(name, "sha256") == 0) {
        sha256_digest(data, len, out, false);
        n = 32;
    } else if (strcmp(name, "sha224") == 0) {
        sha256_digest(data, len, out, true);
        n = 28;
    } else if (strcmp(name, "sha512") == 0) {
        sha512_digest(data, len, out);
        n = 64;
    } else {
        return err_format(I, TY_VALUE_ERROR, "unsupported hash type %s", name);
    }
    Bytes *b = bytes_new(I, out, n);
    return b ? v_obj(b) : V_NULL;
}

static const MethodDef hashlib_functions[] = {
    {"digest", hashlib_digest, 0},
    {NULL, NULL, 0},
};

Module *hashlib_native_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "_hashlib");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, hashlib_functions) < 0) return NULL;
    return m;
}
