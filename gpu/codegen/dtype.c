/* dtype.c: the facts about each dtype that every layer asks (size, kind, name) and NumPy's
 * promotion between two of them: the one definition of the promotion rules, which the
 * array layer (arr_promote) and the kernel library (fused graphs) both use. */
#include "dtype.h"

int gpu_dtype_size(DType dt) {
    switch (dt) {
#define X(id, name, size, kind, ctype)                                                             \
    case DT_##id: return size;
        DTYPES(X)
#undef X
    default: return 0;
    }
}

char gpu_dtype_kind(DType dt) {
    switch (dt) {
#define X(id, name, size, kind, ctype)                                                             \
    case DT_##id: return kind;
        DTYPES(X)
#undef X
    default: return '?';
    }
}

const char *gpu_dtype_name(DType dt) {
    switch (dt) {
#define X(id, name, size, kind, ctype)                                                             \
    case DT_##id: return name;
        DTYPES(X)
#undef X
    default: return "?";
    }
}

/* NumPy's promotion for krait's dtypes (bfloat16 as ml_dtypes: with float16 -> float32). */
DType gpu_dtype_promote(DType a, DType b) {
    if (a == b) return a;
    if (a == DT_BOOL) return b;
    if (b == DT_BOOL) return a;
    char ka = gpu_dtype_kind(a), kb = gpu_dtype_kind(b);
    int sa = gpu_dtype_size(a), sb = gpu_dtype_size(b);
    if (ka == 'f' && kb == 'f') {
        if (sa != sb) return sa > sb ? a : b;
        return DT_FLOAT32; /* float16 with bfloat16 */
    }
    if (ka == 'f' || kb == 'f') {
        DType f = ka == 'f' ? a : b, i = ka == 'f' ? b : a;
        int si = gpu_dtype_size(i), sf = gpu_dtype_size(f);
        if (si < sf) return f;
        if (si == 1) return f;
        if (si == 2) return sf >= 4 ? f : DT_FLOAT32;
        return DT_FLOAT64;
    }
    if (ka == kb) return sa > sb ? a : b;
    DType sg = ka == 'i' ? a : b, us = ka == 'i' ? b : a;
    int ss = gpu_dtype_size(sg), su = gpu_dtype_size(us);
    if (ss > su) return sg;
    if (su == 8) return DT_FLOAT64; /* uint64 with any signed integer */
    if (su == 1) return DT_INT16;
    if (su == 2) return DT_INT32;
    return DT_INT64;
}
