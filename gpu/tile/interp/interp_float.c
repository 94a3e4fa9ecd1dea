/* interp_float.c: the narrow float formats of tile values -- float16, bfloat16, tfloat32,
 * float8_e4m3fn and float8_e5m2 -- to and from float32, rounding to nearest even.
 *
 * The gpu module has a float16 codec (gpu/array), but the tile layer may not depend on the
 * array layer, and it needs four more formats; these follow the same bit-level method for
 * float16/bfloat16 (add half an ulp plus the sticky even bit, shift) and a generic
 * scale-and-round for the float8 formats, which are only reached through astype. */
#include <math.h>
#include <string.h>

#include "interp_internal.h"

static uint32_t f32_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float f32_from_bits(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}

float ti_f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0) {
        float r = (float)m * 5.9604644775390625e-08f; /* 2^-24 */
        return sign ? -r : r;
    }
    if (e == 31) return f32_from_bits(sign | 0x7f800000u | (m << 13));
    return f32_from_bits(sign | ((e + 112) << 23) | (m << 13));
}

uint16_t ti_f32_to_f16(float f) {
    uint32_t x = f32_bits(f);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
    uint32_t ax = x & 0x7fffffffu;
    if (ax >= 0x7f800000u) return sign | (ax > 0x7f800000u ? 0x7e00 : 0x7c00);
    if (ax >= 0x477ff000u) return sign | 0x7c00;   /* 65520 and up round to infinity */
    if (ax < 0x38800000u) {                        /* below 2^-14: a float16 subnormal */
        float a = f32_from_bits(ax) * 16777216.0f; /* exact: in units of 2^-24 */
        return sign | (uint16_t)nearbyintf(a);
    }
    return sign | (uint16_t)((ax + 0xfffu + ((ax >> 13) & 1) - (112u << 23)) >> 13);
}

float ti_bf16_to_f32(uint16_t h) {
    return f32_from_bits((uint32_t)h << 16);
}

uint16_t ti_f32_to_bf16(float f) {
    uint32_t x = f32_bits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x0040);
    return (uint16_t)((x + 0x7fffu + ((x >> 16) & 1)) >> 16);
}

float ti_f32_to_tf32(float f) {
    uint32_t x = f32_bits(f);
    if ((x & 0x7f800000u) == 0x7f800000u) return f;
    return f32_from_bits((x + 0xfffu + ((x >> 13) & 1)) & ~0x1fffu);
}

/* A float8 format: mbits mantissa bits, exponent bias, the largest finite value, whether
 * it has infinities, and its NaN and infinity codes (sign bit clear). */
typedef struct F8Format {
    int mbits, bias;
    float max;
    int has_inf;
    uint8_t nan, inf;
} F8Format;

static const F8Format f8_e4m3 = {3, 7, 448.0f, 0, 0x7f, 0x7f};
static const F8Format f8_e5m2 = {2, 15, 57344.0f, 1, 0x7e, 0x7c};

static uint8_t f8_encode(float f, const F8Format *fm) {
    uint8_t sign = signbit(f) ? 0x80 : 0;
    float a = fabsf(f);
    if (isnan(a)) return sign | fm->nan;
    int emin = 1 - fm->bias;
    if (a < ldexpf(1.0f, emin)) /* subnormal: in units of the smallest step */
        return sign | (uint8_t)nearbyintf(ldexpf(a, fm->mbits - emin));
    int e;
    frexpf(a, &e);
    float q = ldexpf(1.0f, e - 1 - fm->mbits);
    float r = nearbyintf(a / q) * q;
    if (r > fm->max) return sign | (fm->has_inf ? fm->inf : fm->nan);
    frexpf(r, &e);
    int mant = (int)ldexpf(r, fm->mbits - (e - 1)) - (1 << fm->mbits);
    return sign | (uint8_t)(((e - 1 + fm->bias) << fm->mbits) | mant);
}

static float f8_decode(uint8_t b, const F8Format *fm) {
    int ebits = 7 - fm->mbits, e = (b >> fm->mbits) & ((1 << ebits) - 1);
    int m = b & ((1 << fm->mbits) - 1);
    float r;
    if ((b & 0x7f) == fm->nan || (fm->has_inf && e == (1 << ebits) - 1 && m != 0))
        r = NAN;
    else if (fm->has_inf && (b & 0x7f) == fm->inf)
        r = INFINITY;
    else if (e == 0)
        r = ldexpf((float)m, 1 - fm->bias - fm->mbits);
    else
        r = ldexpf(1.0f + ldexpf((float)m, -fm->mbits), e - fm->bias);
    return (b & 0x80) ? -r : r;
}

float ti_e4m3_to_f32(uint8_t b) {
    return f8_decode(b, &f8_e4m3);
}
uint8_t ti_f32_to_e4m3(float f) {
    return f8_encode(f, &f8_e4m3);
}
float ti_e5m2_to_f32(uint8_t b) {
    return f8_decode(b, &f8_e5m2);
}
uint8_t ti_f32_to_e5m2(float f) {
    return f8_encode(f, &f8_e5m2);
}
