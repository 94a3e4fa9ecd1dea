/* interp_cast.c: conversions between tile dtypes, as whole-tile typed loops.
 *
 * A CAST goes through one wide intermediate, double or int64, chosen by the two dtypes:
 * anything to or from a float goes through double (exact for every source except int64
 * beyond 2^53), integers and bool to integers through int64 (two's complement bits, so
 * truncation wraps as C's conversions do on every target krait runs on). Each half is one
 * loop over the tile in the source's or the destination's C type. */
#include <math.h>

#include "interp_internal.h"

void ti_to_f64(TileDType dt, const void *src, int64_t n, double *out) {
    switch (dt) {
#define X(id, ST, CT, LD, SD)                                                                      \
    case TDT_##id: {                                                                               \
        const ST *s = src;                                                                         \
        for (int64_t i = 0; i < n; i++)                                                            \
            out[i] = (double)LD(s[i]);                                                             \
        return;                                                                                    \
    }
        TI_FLOAT_DTYPES(X)
#undef X
#define X(id, T, SIGNED)                                                                           \
    case TDT_##id: {                                                                               \
        const T *s = src;                                                                          \
        for (int64_t i = 0; i < n; i++)                                                            \
            out[i] = (double)s[i];                                                                 \
        return;                                                                                    \
    }
        TI_INT_DTYPES(X)
#undef X
    case TDT_BOOL: {
        const uint8_t *s = src;
        for (int64_t i = 0; i < n; i++)
            out[i] = s[i] ? 1.0 : 0.0;
        return;
    }
    default: return;
    }
}

void ti_to_i64(TileDType dt, const void *src, int64_t n, int64_t *out) {
    switch (dt) {
#define X(id, T, SIGNED)                                                                           \
    case TDT_##id: {                                                                               \
        const T *s = src;                                                                          \
        for (int64_t i = 0; i < n; i++)                                                            \
            out[i] = (int64_t)s[i];                                                                \
        return;                                                                                    \
    }
        TI_INT_DTYPES(X)
#undef X
    case TDT_BOOL: {
        const uint8_t *s = src;
        for (int64_t i = 0; i < n; i++)
            out[i] = s[i] != 0;
        return;
    }
#define X(id, ST, CT, LD, SD)                                                                      \
    case TDT_##id: {                                                                               \
        const ST *s = src;                                                                         \
        for (int64_t i = 0; i < n; i++) {                                                          \
            double v = (double)LD(s[i]);                                                           \
            out[i] = isnan(v)                      ? 0                                             \
                     : v >= 9.2233720368547758e18  ? INT64_MAX                                     \
                     : v <= -9.2233720368547758e18 ? INT64_MIN                                     \
                                                   : (int64_t)v;                                   \
        }                                                                                          \
        return;                                                                                    \
    }
        TI_FLOAT_DTYPES(X)
#undef X
    default: return;
    }
}

/* Saturating truncation of a double into an integer type's range. */
#define TI_SAT(T, LO, HI, v)                                                                       \
    ((v) != (v) ? (T)0 : (v) <= (LO) ? (T)(LO) : (v) >= (HI) ? (T)(HI) : (T)(v))

void ti_from_f64(TileDType dt, const double *src, int64_t n, void *out) {
    switch (dt) {
#define X(id, ST, CT, LD, SD)                                                                      \
    case TDT_##id: {                                                                               \
        ST *d = out;                                                                               \
        for (int64_t i = 0; i < n; i++)                                                            \
            d[i] = SD((CT)src[i]);                                                                 \
        return;                                                                                    \
    }
        TI_FLOAT_DTYPES(X)
#undef X
    case TDT_BOOL: {
        uint8_t *d = out;
        for (int64_t i = 0; i < n; i++)
            d[i] = src[i] != 0;
        return;
    }
    case TDT_INT8: {
        int8_t *d = out;
        for (int64_t i = 0; i < n; i++)
            d[i] = TI_SAT(int8_t, -128.0, 127.0, trunc(src[i]));
        return;
    }
    case TDT_INT16: {
        int16_t *d = out;
        for (int64_t i = 0; i < n; i++)
            d[i] = TI_SAT(int16_t, -32768.0, 32767.0, trunc(src[i]));
        return;
    }
    case TDT_INT32: {
        int32_t *d = out;
        for (int64_t i = 0; i < n; i++)
            d[i] = TI_SAT(int32_t, -2147483648.0, 2147483647.0, trunc(src[i]));
        return;
    }
    case TDT_INT64: {
        int64_t *d = out;
        for (int64_t i = 0; i < n; i++) {
            double v = trunc(src[i]);
            d[i] = v != v                        ? 0
                   : v <= -9.2233720368547758e18 ? INT64_MIN
                   : v >= 9.2233720368547758e18  ? INT64_MAX
                                                 : (int64_t)v;
        }
        return;
    }
    case TDT_UINT8: {
        uint8_t *d = out;
        for (int64_t i = 0; i < n; i++)
            d[i] = TI_SAT(uint8_t, 0.0, 255.0, trunc(src[i]));
        return;
    }
    case TDT_UINT16: {
        uint16_t *d = out;
        for (int64_t i = 0; i < n; i++)
            d[i] = TI_SAT(uint16_t, 0.0, 65535.0, trunc(src[i]));
        return;
    }
    case TDT_UINT32: {
        uint32_t *d = out;
        for (int64_t i = 0; i < n; i++)
            d[i] = TI_SAT(uint32_t, 0.0, 4294967295.0, trunc(src[i]));
        return;
    }
    case TDT_UINT64: {
        uint64_t *d = out;
        for (int64_t i = 0; i < n; i++) {
            double v = trunc(src[i]);
            d[i] = v != v || v <= 0 ? 0 : v >= 1.8446744073709552e19 ? UINT64_MAX : (uint64_t)v;
        }
        return;
    }
    default: return;
    }
}

void ti_from_i64(TileDType dt, const int64_t *src, int64_t n, void *out) {
    switch (dt) {
#define X(id, T, SIGNED)                                                                           \
    case TDT_##id: {                                                                               \
        T *d = out;                                                                                \
        for (int64_t i = 0; i < n; i++)                                                            \
            d[i] = (T)(uint64_t)src[i];                                                            \
        return;                                                                                    \
    }
        TI_INT_DTYPES(X)
#undef X
    case TDT_BOOL: {
        uint8_t *d = out;
        for (int64_t i = 0; i < n; i++)
            d[i] = src[i] != 0;
        return;
    }
#define X(id, ST, CT, LD, SD)                                                                      \
    case TDT_##id: {                                                                               \
        ST *d = out;                                                                               \
        for (int64_t i = 0; i < n; i++)                                                            \
            d[i] = SD((CT)src[i]);                                                                 \
        return;                                                                                    \
    }
        TI_FLOAT_DTYPES(X)
#undef X
    default: return;
    }
}

/* uint64 values above INT64_MAX went through int64 as their bits; as floats they need
 * the unsigned reading. */
static void u64_to_f64(const uint64_t *s, int64_t n, double *out) {
    for (int64_t i = 0; i < n; i++)
        out[i] = (double)s[i];
}

void ti_cast(TileDType sdt, const void *src, TileDType ddt, void *dst, int64_t n, void *scratch) {
    if (sdt == ddt) {
        memcpy(dst, src, (size_t)n * (size_t)ti_esize(sdt));
        return;
    }
    bool sf = tile_dtype_is_float(sdt), df = tile_dtype_is_float(ddt);
    if (sf || df) {
        double *w = scratch;
        if (sdt == TDT_UINT64)
            u64_to_f64(src, n, w);
        else
            ti_to_f64(sdt, src, n, w);
        ti_from_f64(ddt, w, n, dst);
    } else {
        int64_t *w = scratch;
        ti_to_i64(sdt, src, n, w);
        ti_from_i64(ddt, w, n, dst);
    }
}

void ti_scalar_bytes(TileDType dt, TileScalar s, void *out) {
    char k = tile_dtype_kind(dt);
    if (k == 'f')
        ti_from_f64(dt, &s.f, 1, out);
    else
        ti_from_i64(dt, &s.i, 1, out);
}

int64_t ti_read_int(TileDType dt, const void *p) {
    int64_t v = 0;
    ti_to_i64(dt, p, 1, &v);
    return v;
}

void ti_fill(void *dst, const void *src, int64_t n, int esize) {
    switch (esize) {
    case 1: memset(dst, *(const uint8_t *)src, (size_t)n); return;
    case 2: {
        uint16_t v, *d = dst;
        memcpy(&v, src, 2);
        for (int64_t i = 0; i < n; i++)
            d[i] = v;
        return;
    }
    case 4: {
        uint32_t v, *d = dst;
        memcpy(&v, src, 4);
        for (int64_t i = 0; i < n; i++)
            d[i] = v;
        return;
    }
    default: {
        uint64_t v, *d = dst;
        memcpy(&v, src, 8);
        for (int64_t i = 0; i < n; i++)
            d[i] = v;
        return;
    }
    }
}
